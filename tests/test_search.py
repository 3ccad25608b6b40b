"""The rules search: export, analysis, cross-language glossary, relevance, safety, robustness.

The docs are built once for the whole session (both languages) into a temporary build
directory, unless ``ADJUDICATOR_SEARCH_TEST_BUILD`` names a build directory that already
holds ``docs/<lang>/rules-export.json`` (handy while tuning: build once, test many times).
The search index is then built from those exports, exactly as ``adjudicator build`` does.
"""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
import yaml

from adjudicator import paths, search
from adjudicator.search import analysis as search_analysis
from adjudicator.search import backend
from tests.helpers import load_scenario_file

ROOT = Path(__file__).resolve().parents[1]
RULES = json.loads((ROOT / "adjudicator" / "data" / "rules.json").read_text(encoding="utf-8"))["rules"]
RELEVANCE = yaml.safe_load((ROOT / "tests" / "search_relevance.yaml").read_text(encoding="utf-8"))["queries"]
SPHINX = Path(sys.executable).with_name("sphinx-build")
# What the tuned part reached when the ranking was frozen, less a little (docs/usage.md): with
# sets 1 to 8 and the players' phrasings of 1 December, English 90.2 % and 97.7 %, Spanish
# 92.4 % and 98.7 %.
TUNING_FLOOR = {"rank1": 0.88, "top3": 0.95}


def sphinx_build(src: Path, out: Path, lang: str, *extra: str) -> subprocess.CompletedProcess:
    cmd = [str(SPHINX), "-q", "-b", "html", *extra]
    if lang != "en":
        cmd += ["-D", f"language={lang}"]
    return subprocess.run(cmd + [str(src), str(out)], capture_output=True, text=True, timeout=600)


def build_docs_into(build_dir: Path) -> None:
    """Build both languages of the real docs into ``build_dir/docs/<lang>`` (once per session).

    The project's own builder (:func:`adjudicator.build.build_docs`, strict: a warning fails
    it) comes first; if the docs do not build cleanly, a plain Sphinx build still gives the
    search something to index: the docs' own tests report their warnings, these test the search.
    """
    try:
        from adjudicator.build import BuildError, build_docs
    except ImportError:
        build_docs = None
    if build_docs is not None:
        try:
            build_docs()
            return
        except BuildError as exc:
            print(f"strict docs build failed, indexing a plain build instead: {str(exc)[:500]}")
    for lang in search.LANGS:
        done = sphinx_build(ROOT / "docs", build_dir / "docs" / lang, lang)
        assert (build_dir / "docs" / lang / search.EXPORT_NAME).is_file(), done.stderr[-3000:]


def shared_docs_build(request) -> Path | None:
    """The session's docs build of the docs tests, when a conftest shares it as ``built``.

    (``tests/test_docs.py`` builds both languages once per session with ``adjudicator build
    docs``; once that fixture lives in ``tests/conftest.py`` the search reuses the same build
    instead of building the docs a second time.)
    """
    try:
        built = request.getfixturevalue("built")
    except pytest.FixtureLookupError:
        return None
    if isinstance(built, dict) and getattr(built.get("proc"), "returncode", 1) == 0:
        build_dir = Path(built["dir"])
        if all((build_dir / "docs" / lang / search.EXPORT_NAME).is_file() for lang in search.LANGS):
            return build_dir
    return None


@pytest.fixture(scope="session")
def search_build(request, tmp_path_factory) -> dict:
    """A session folder with both languages' docs built and the search index built from them."""
    reuse = os.environ.get("ADJUDICATOR_SEARCH_TEST_BUILD")
    shared = None if reuse else shared_docs_build(request)
    if reuse:
        build_dir = Path(reuse)
    elif shared is not None:
        build_dir = tmp_path_factory.mktemp("search-build")
        for lang in search.LANGS:  # the index goes to our own folder; the docs are only read
            (build_dir / "docs").mkdir(exist_ok=True)
            (build_dir / "docs" / lang).symlink_to(shared / "docs" / lang, target_is_directory=True)
        if (shared / "index").is_dir():   # built with the docs (tests/docs_build.py): kept if current
            shutil.copytree(shared / "index", build_dir / "index", symlinks=True)
    else:
        build_dir = tmp_path_factory.mktemp("build")
    patch = pytest.MonkeyPatch()
    patch.setattr(paths, "BUILD", build_dir)
    patch.setenv("ADJUDICATOR_BUILD_DIR", str(build_dir))
    try:
        if not all(search.export_path(lang).is_file() for lang in search.LANGS):
            build_docs_into(build_dir)
        report = search.build_index()
    finally:
        patch.undo()  # other test modules keep their own build directory
    yield {"dir": build_dir, "report": report}
    search.close_all()


@pytest.fixture
def search_index(search_build, monkeypatch) -> dict:
    """The build directory pointed at the session's built docs and index, for one test."""
    monkeypatch.setattr(paths, "BUILD", search_build["dir"])
    monkeypatch.setenv("ADJUDICATOR_BUILD_DIR", str(search_build["dir"]))
    return search_build


def unsmart(text: str) -> str:
    """Sphinx's smart quotes undone: the heading is the same words either way."""
    return text.translate(str.maketrans({"’": "'", "‘": "'", "“": '"', "”": '"'}))


def exported(lang: str) -> list[dict]:
    return search.load_export(search.export_path(lang))


def labels_of(result: dict) -> list[str]:
    return [r["label"] for r in result["results"]]


# -- the export written by the docs build --------------------------------------------------------

@pytest.mark.parametrize("lang", search.LANGS)
def test_export_has_every_rule_label_once_with_its_heading(search_index, lang):
    records = [r for r in exported(lang) if r["kind"] == "rule"]
    labels = [r["label"] for r in records]
    assert sorted(labels) == sorted(RULES), "each rules.json label is one exported section"
    for record in records:
        rule = RULES[record["label"]]
        assert record["page"] == rule["page"], record["label"]
        assert unsmart(record["title"]) == unsmart(rule["title"][lang]), f"{record['label']}: heading in {lang}"
        assert record["text"].strip(), f"{record['label']}: a rule section has its own text"
        assert record["lang"] == lang


def test_export_terms_share_their_anchor_across_languages(search_index):
    terms = {lang: {r["label"]: r for r in exported(lang) if r["kind"] == "term"} for lang in search.LANGS}
    assert terms["en"]["term-Hunt-Box"]["title"] == "Hunt Box"
    assert set(terms["en"]) == set(terms["es"])
    assert terms["es"]["term-Hunt-Box"]["title"] == "Casilla de Búsqueda"


@pytest.mark.parametrize("lang", search.LANGS)
def test_exported_text_is_rule_text_not_labels_or_source_lines(search_index, lang):
    """Snippets come from this text: "véase Qué recluta un dado de Alistar", not "véase wotr-muster-options"."""
    records = [r for r in exported(lang) if r["kind"] == "rule"]
    for record in records:
        assert not re.search(r"\b(?:wotr|wotrcg|lcg)-[a-z]", record["text"]), record["label"]
        assert not re.search(r"(?:Source|Fuente): (?:seed|semilla|documento) \d", record["text"]), record["label"]
        assert record["parent"] == "" or record["parent"] in RULES, record["label"]
    assert sum(bool(r["source"]) for r in records) >= 0.9 * len(records)


def test_export_section_text_leaves_out_subsections(tmp_path):
    """A tiny project: own text only, subsections apart, glossary terms, no warning, both languages."""
    src = tmp_path / "src"
    src.mkdir()
    (src / "conf.py").write_text(textwrap.dedent(f"""
        import sys
        sys.path.insert(0, {str(ROOT / 'docs' / '_ext')!r})
        extensions = ["myst_parser", "rules_export"]
        myst_heading_anchors = 0
        exclude_patterns = ["_build"]
    """), encoding="utf-8")
    (src / "index.md").write_text(textwrap.dedent("""
        (wotr-siege)=
        # Sieges

        Siege intro about the {term}`Stronghold` walls.

        (wotr-sortie)=
        ## Sorties

        A sortie leaves the stronghold (see {ref}`wotr-siege`).

        *Source:* seed 000, "Salidas".

        ### Unlabelled detail

        Detail text of the sortie.

        ## Worked example

        Generated text that belongs to no rule.

        (not-a-rule)=
        ## Other

        Text of a section whose label is not a rule label.

        ```{glossary}
        Stronghold
          A fortified settlement.
        ```
    """), encoding="utf-8")
    for lang in ("en", "es"):
        out = tmp_path / lang
        done = sphinx_build(src, out, lang, "-W", "-n")
        assert done.returncode == 0, done.stderr
        data = json.loads((out / "rules-export.json").read_text(encoding="utf-8"))
        assert data["lang"] == lang
        by_label = {r["label"]: r for r in data["records"]}
        assert set(by_label) == {"wotr-siege", "wotr-sortie", "term-Stronghold"}
        assert by_label["wotr-siege"]["text"] == "Siege intro about the Stronghold walls."
        assert by_label["wotr-sortie"]["text"] == "A sortie leaves the stronghold (see Sieges)."
        source = by_label["wotr-sortie"]["source"]  # (smart quotes differ by language)
        assert source.startswith("Source: seed 000, ") and "Salidas" in source
        assert by_label["wotr-sortie"]["parent"] == "wotr-siege" and by_label["wotr-sortie"]["depth"] == 2
        assert by_label["wotr-siege"]["parent"] == "" and by_label["wotr-siege"]["depth"] == 1
        assert by_label["wotr-sortie"]["title"] == "Sorties"
        assert by_label["term-Stronghold"] == {"lang": lang, "page": "index", "label": "term-Stronghold",
                                               "title": "Stronghold", "text": "A fortified settlement.",
                                               "kind": "term"}


# -- analysis ------------------------------------------------------------------------------------

def test_spanish_forms_accents_and_enye_meet():
    forms = {w: backend.analyze(w, "es") for w in ("asediado", "asedio", "asediádo", "ASEDIOS")}
    assert len({tuple(f) for f in forms.values()}) == 1, forms
    assert backend.analyze("dano", "es") == backend.analyze("daño", "es") == backend.analyze("Daños", "es")
    assert backend.analyze("bsqueda", "es") != backend.analyze("búsqueda", "es")  # a typo, not a form


def test_spanish_singular_and_plural_meet():
    """The Snowball stemmer leaves these apart ("ciudad" -> "ciud", "ciudades" -> "ciudad")."""
    for one, many in (("ciudad", "ciudades"), ("líder", "líderes"), ("ojo", "ojos"), ("Regular", "Regulares"),
                      ("unidad", "unidades"), ("orco", "orcos"), ("máximo", "máximos"), ("salida", "salidas")):
        assert backend.analyze(one, "es") == backend.analyze(many, "es"), (one, many)
    assert backend.analyze("dos tres seis", "es") == ["dos", "tres", "seis"]  # numbers are no plurals
    # A term of the game is not the verb or word the stemmer would merge it with.
    assert backend.analyze("Salidas", "es") == backend.analyze("salida", "es") != backend.analyze("salir", "es")
    assert backend.analyze("bajas", "es") != backend.analyze("bajo", "es")
    assert backend.analyze("antes", "es") == ["antes"]


def test_english_forms_and_stop_words():
    assert backend.analyze("besieged", "en") == backend.analyze("besiege", "en")
    assert backend.analyze("sieges", "en") == backend.analyze("siege", "en")
    assert backend.analyze("the of and", "en") == []
    assert backend.analyze("de la y los", "es") == []


def test_search_meets_accentless_and_inflected_forms(search_index):
    for a, b in (("asediado", "asediádo"), ("daño", "dano"), ("ASEDIO", "asedio"), ("busqueda", "búsqueda")):
        assert labels_of(search.search(a, "es")) == labels_of(search.search(b, "es")), (a, b)
    # Inflected forms meet too; the form as typed only breaks ties between headings.
    assert set(labels_of(search.search("asedios", "es"))[:3]) & set(labels_of(search.search("asedio", "es"))[:3])
    damage = search.search("dano", "es")
    assert "daño" in damage["results"][0]["snippet"].lower() or "daño" in damage["results"][0]["title"].lower()


# -- across languages ----------------------------------------------------------------------------

def test_glossary_expands_a_term_both_ways(search_index):
    assert ("Casilla de Búsqueda", "es", 2.0) in search.glossary_expansions("hunt box", "es")
    assert ("Hunt Box", "en", 2.0) in search.glossary_expansions("casillas de busqueda", "en")
    assert "wotr-hunt-box" in labels_of(search.search("Hunt Box", "es"))[:3]
    assert "wotr-hunt-box" in labels_of(search.search("Casilla de Búsqueda", "en"))[:3]
    assert "wotr-sortie" in labels_of(search.search("salida", "en"))[:3]
    assert "wotr-sortie" in labels_of(search.search("sortie", "es"))[:3]


def test_other_language_title_finds_the_rule(search_index):
    assert labels_of(search.search("oleada", "en"))[0] == "lcg-surge"
    assert labels_of(search.search("surge", "es"))[0] == "lcg-surge"


# -- the players' phrasings (adjudicator/data/search_phrasings.json) --------------------------

PHRASINGS = search.load_phrasings()


def test_every_rule_has_phrasings_in_both_languages_and_no_other_label():
    assert set(PHRASINGS) == set(RULES)
    for label, ways in PHRASINGS.items():
        for lang in search.LANGS:
            # A handful to a score of short phrasings, each a line a player could type, none twice.
            assert 2 <= len(ways[lang]) <= 24 and all(0 < len(w.strip()) <= 120 for w in ways[lang]), (label, lang)
            folded = [" ".join(search_analysis.fold(w).split()) for w in ways[lang]]
            assert len(set(folded)) == len(folded), (label, lang)


def test_the_tools_tune_and_index_the_sets_the_tests_count_as_tuned():
    import importlib.util

    spec = importlib.util.spec_from_file_location("tune_search", ROOT / "tools" / "tune_search.py")
    assert spec is not None and spec.loader is not None
    tools = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tools)
    assert (tools.TUNING, tools.NONSENSE, tools.NOT_ASKED) == (TUNED_PARTS, TUNED_NONSENSE, NOT_ASKED)


def test_a_new_writers_estimate_can_leave_out_the_words_a_set_taught(tmp_path):
    """tools/tune_search.py --without-own-words: a set is searched without the vocabulary entries
    whose source names its file, and with every other entry (heldout33.yaml taught "kindly";
    heldout3.yaml, were it a set, would not be heldout33.yaml)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("tune_search", ROOT / "tools" / "tune_search.py")
    assert spec is not None and spec.loader is not None
    tools = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tools)
    without = tools.words_without("heldout33", tmp_path)()
    assert "kindly" not in without["en"][1] and "wraiths" in without["en"][1]
    assert "kindly" in tools.words_without("heldout3", tmp_path)()["en"][1]


def test_the_questions_asked_before_are_the_tuning_sets_and_never_a_held_out_one():
    """data/search_asked.json is what tools/build_asked.py writes from the tuned parts but those of
    NOT_ASKED, and only from them: each question in it is a tuned question, under the rules its writer gave. (A
    held-out question may still be in it word for word when an earlier writer typed the same
    words, as about one in seven of heldout14.yaml's are: players repeat questions; docs/usage.md.)"""
    data = json.loads(search.ASKED_FILE.read_text(encoding="utf-8"))["asked"]
    tuned = load_parts(tuple(p for p in TUNED_PARTS if p not in NOT_ASKED))   # NOT_ASKED: tools/build_asked.py
    indexed = {(lang, label, way) for label, ways in data.items() for lang in search.LANGS for way in ways[lang]}
    assert indexed == {(q["lang"], label, " ".join(str(q["query"]).split())) for q in tuned for label in q["labels"]}
    assert set(data) <= set(RULES)


def test_phrasings_join_each_rule_in_its_language_and_the_other():
    export = {lang: [{"kind": "rule", "label": "wotr-sortie", "page": "board/sieges", "title": f"t-{lang}",
                      "text": "", "parent": ""},
                     {"kind": "term", "label": "term-Sortie", "page": "glossary", "title": "Sortie", "text": ""}]
              for lang in search.LANGS}
    ways = {"wotr-sortie": {"en": ["sally out"], "es": ["escape desde el baluarte"]}}
    rule, term = search.documents("es", export, ways)
    assert rule["phrasings"] == ["escape desde el baluarte"] and rule["other_phrasings"] == ["sally out"]
    assert term["phrasings"] == [] and term["other_phrasings"] == []  # glossary terms have none


def test_a_rule_that_only_points_to_another_is_not_searched_by_its_heading():
    """"(see Sorties)" says where to read about sorties: the words are not this rule's subject."""
    export = {lang: [{"kind": "rule", "label": "wotr-sortie", "page": "p", "title": title, "text": "Attack out.",
                      "parent": ""},
                     {"kind": "rule", "label": "wotr-siege", "page": "p", "title": "t", "parent": "",
                      "text": f"Inside the walls ({see} {title}); {see} {title} too, and see sorties here."}]
              for lang, title, see in (("en", "Sorties", "see"), ("es", "Salidas", "véase"))}
    for lang in search.LANGS:
        siege = search.documents(lang, export, {})[1]
        assert siege["text"] == export[lang][1]["text"]  # shown whole in the snippet
        assert "Sorties" not in siege.get("searched_text" if lang == "en" else "other_searched_text")
        assert "see sorties here" in siege["searched_text" if lang == "en" else "other_searched_text"]
        assert "Salidas" not in siege["searched_text" if lang == "es" else "other_searched_text"]


def reference_forms(lang: str) -> set[str]:
    """Every analysed word of the built reference (both languages' titles and texts) in ``lang``."""
    return {form for code in search.LANGS for record in exported(code)
            for form in backend.analyze(f"{record['title']} {record.get('text', '')}", lang)}


@pytest.mark.parametrize("query, lang, label", [
    ("overstack", "en", "wotr-army-stacking"),
    ("sally out", "en", "wotr-sortie"),
    ("reconquistar", "es", "wotr-settlement-recapture"),
    ("socorrer a los asediados", "es", "wotr-siege-relief"),
    ("sally out", "es", "wotr-sortie"),  # an English player's words in the Spanish reference
])
def test_a_players_word_the_rules_never_use_finds_the_rule(search_index, query, lang, label):
    key = {"overstack": "overstack", "sally out": "sally", "reconquistar": "reconquistar",
           "socorrer a los asediados": "socorrer"}[query]
    assert not set(backend.analyze(key, lang)) & reference_forms(lang), "the rules themselves have the word"
    result = search.search(query, lang)
    assert result["matched"] and labels_of(result)[0] == label


def test_changed_phrasings_rebuild_the_index(search_index, tmp_path, monkeypatch):
    for lang in search.LANGS:
        (tmp_path / "docs" / lang).mkdir(parents=True)
        (tmp_path / "docs" / lang / search.EXPORT_NAME).write_bytes(search.export_path(lang).read_bytes())
    monkeypatch.setattr(paths, "BUILD", tmp_path)
    data = json.loads(search.PHRASINGS_FILE.read_text(encoding="utf-8"))
    changed = tmp_path / "phrasings.json"
    changed.write_text(json.dumps(data), encoding="utf-8")
    monkeypatch.setattr(search, "PHRASINGS_FILE", changed)
    search.build_index()
    assert labels_of(search.search("zorblax", "en")) == []
    data["phrasings"]["wotr-sortie"]["en"].append("zorblax attack")
    changed.write_text(json.dumps(data), encoding="utf-8")
    again = search.build_index()
    assert not any(again["langs"][lang]["skipped"] for lang in search.LANGS)
    assert labels_of(search.search("zorblax attack", "en"))[0] == "wotr-sortie"
    search.close_all()


# -- relevance -----------------------------------------------------------------------------------

def rank_of(label: str, result: dict) -> int | None:
    found = labels_of(result)
    return found.index(label) + 1 if label in found else None


def test_relevance_set(search_index):
    """The first relevance set (tuned to, kept as a regression set): most first, nearly all in the top 3."""
    assert len(RELEVANCE) >= 60
    per_lang = {lang: [q for q in RELEVANCE if q["lang"] == lang] for lang in search.LANGS}
    assert min(len(v) for v in per_lang.values()) >= 30, "half Spanish, half English"
    for q in RELEVANCE:
        assert q["label"] in RULES, f"{q['label']} is not a rule label"
    lines, ok = [], True
    for lang, queries in per_lang.items():
        scores = relevance_scores([{**q, "labels": [q["label"]]} for q in queries], lang)
        lines.append(f"old relevance set ({lang}): {scores['text']}")
        ok = ok and scores["top3"] >= 0.96 and scores["rank1"] >= 0.85
    print("\n" + "\n".join(lines))
    assert ok, "\n".join(lines)


# -- the relevance sets written without seeing the ranking (tests/search_relevance/) ------------
#
# The tuned part: every set whose misses have been studied. tuning.yaml and the first round's
# heldout.yaml, tuning2.yaml to tuning13.yaml (the second to thirteenth held-out sets, each written
# blind by someone else, measured once in rounds 3 to 14 and then studied), and tuning25.yaml (the
# newcomers' own words of issue 25, README-set25.md), tuning26.yaml and heldout26.yaml (set 26,
# README-set26.md; heldout26 spent after its one measurement, tuned on from then), heldout27 and
# heldout28 (README-set27.md, README-set28.md; each spent by its one measurement), with their
# nonsense files. (heldout25.yaml is
# measured only, by tools/measure_search_set.py; it does not meet the goal.) The held-out part:
# heldout14.yaml and nonsense14.yaml, written blind by a fourteenth writer
# and kept away from the tuning; the issue's goals are asserted on them: rank-1 >= 90 % and top-3 >= 97 % in each
# language, and "no rule matches" for >= 90 % of at least 20 nonsense queries. They are skipped
# until the files are there.

RELEVANCE_DIR = ROOT / "tests" / "search_relevance"
TUNED_PARTS = ("tuning", "heldout", "tuning2", "tuning3", "tuning4", "tuning5", "tuning6", "tuning7", "tuning8",
               "tuning9", "tuning10", "tuning11", "tuning12", "tuning13", "tuning25", "tuning26", "heldout26",
               "heldout27", "heldout28", "heldout29", "heldout30", "heldout31", "heldout32", "heldout33", "heldout34",
               "heldout35", "heldout36", "heldout37", "heldout38", "heldout39", "heldout40",
               "heldout41", "heldout42", "heldout43", "heldout44", "heldout45",
               "heldout46", "heldout47", "heldout48", "heldout49", "heldout50", "heldout51",
               "heldout52", "heldout53", "heldout54", "heldout55", "heldout56", "heldout57",
               "heldout58", "heldout59", "heldout60", "heldout61", "heldout62", "heldout63", "heldout64")
# Tuned on, but their questions are not indexed as asked before (measured: tools/build_asked.py;
# the tools' copy of these lists is checked equal below).
NOT_ASKED = ("heldout29", "heldout30", "heldout31", "heldout32", "heldout33", "heldout34", "heldout35",
             "heldout36", "heldout37", "heldout38", "heldout39", "heldout40",
             "heldout41", "heldout42", "heldout43", "heldout44", "heldout45",
             "heldout46", "heldout47", "heldout48", "heldout49", "heldout50", "heldout51",
             "heldout52", "heldout53", "heldout54", "heldout55", "heldout56", "heldout57",
             "heldout58", "heldout59", "heldout60", "heldout61", "heldout62", "heldout63", "heldout64")
TUNED_NONSENSE = ("nonsense-tuning", "nonsense-heldout", "nonsense-tuning2", "nonsense-tuning3", "nonsense-tuning4",
                  "nonsense-tuning5", "nonsense-tuning6", "nonsense-tuning7", "nonsense-tuning8", "nonsense-tuning9",
                  "nonsense-tuning10", "nonsense-tuning11", "nonsense-tuning12", "nonsense-tuning13",
                  "nonsense-tuning25", "nonsense-tuning26", "nonsense-heldout26", "nonsense-heldout27",
                  "nonsense-heldout28", "nonsense-heldout29", "nonsense-heldout30",
                  "nonsense-heldout31", "nonsense-heldout32", "nonsense-heldout33", "nonsense-heldout34",
                  "nonsense-heldout35", "nonsense-heldout36", "nonsense-heldout37", "nonsense-heldout38",
                  "nonsense-heldout39", "nonsense-heldout40", "nonsense-heldout41",
                  "nonsense-heldout42", "nonsense-heldout43", "nonsense-heldout44",
                  "nonsense-heldout45", "nonsense-heldout46", "nonsense-heldout47",
                  "nonsense-heldout48", "nonsense-heldout49", "nonsense-heldout50",
                  "nonsense-heldout51", "nonsense-heldout52", "nonsense-heldout53",
                  "nonsense-heldout54", "nonsense-heldout55",
                  "nonsense-heldout56", "nonsense-heldout57", "nonsense-heldout58", "nonsense-heldout59",
                  "nonsense-heldout60", "nonsense-heldout61", "nonsense-heldout62", "nonsense-heldout63",
                  "nonsense-heldout64")
HELDOUT, HELDOUT_NONSENSE = "heldout14", "nonsense14"
GOAL = {"rank1": 0.90, "top3": 0.97, "nonsense": 0.90}
# What the tuned nonsense reached (94 % of 218 with the score floor and the questions outside the
# rules; questions about the table in the game's own words, "who should play the Shadow in our
# first game", stay hard), less a little: a floor against regressions, the goal being asserted
# on the held-out set.
TUNED_NONSENSE_FLOOR = 0.91
ENTRY_FIELDS = {"lang", "query", "labels", "sloppy", "why", "source"}


def load_part(name: str, *, required: bool = True, unanswered: bool = False) -> list[dict]:
    """The queries of a set. A rules question its labeller found no section for (``labels: []``
    in a rules set, set 26 on: README-set26.md) is neither answerable nor off-topic, and is left
    out unless ``unanswered``."""
    path = RELEVANCE_DIR / f"{name}.yaml"
    if not path.is_file():
        if required:
            pytest.fail(f"{path} is missing", pytrace=False)
        pytest.skip(f"{path.name} is not there yet (the held-out set is added by whoever keeps it)")
    queries = load_scenario_file(path)["queries"]   # parsed once per process (libyaml); read-only
    if unanswered or not any(q["labels"] for q in queries):
        return queries
    return [q for q in queries if q["labels"]]


_SEARCHED: dict[tuple, dict] = {}


def searched(query: str, lang: str) -> dict:
    """``search.search(query, lang)`` once per index: the tuned sets' 3,000 queries are asked by
    two tests (their ranks, and whether they keep above the floor). Read-only."""
    manifest = paths.search_index(lang) / search.MANIFEST_NAME
    key = (str(paths.BUILD), manifest.stat().st_mtime_ns if manifest.exists() else None, query, lang)
    if key not in _SEARCHED:
        _SEARCHED[key] = search.search(query, lang)
    return _SEARCHED[key]


def load_parts(names: tuple[str, ...]) -> list[dict]:
    return [q for name in names for q in load_part(name)]


def relevance_scores(queries: list[dict], lang: str) -> dict:
    """rank-1, top-3 and MRR (first right label within the top 10) of ``queries`` in ``lang``."""
    queries = [q for q in queries if q["lang"] == lang]
    first = top3 = 0
    reciprocal = 0.0
    misses = []
    for q in queries:
        rank = next((i for i, label in enumerate(labels_of(searched(q["query"], lang)), 1)   # limit 10
                     if label in q["labels"]), None)
        first += rank == 1
        top3 += rank is not None and rank <= 3
        reciprocal += 1 / rank if rank else 0.0
        if rank != 1:
            misses.append(f"[{lang}] {q['query']!r}: {q['labels']} at rank {rank}")
    n = max(1, len(queries))
    scores = {"n": len(queries), "rank1": first / n, "top3": top3 / n, "mrr": reciprocal / n, "misses": misses}
    scores["text"] = (f"{len(queries)} queries: rank-1 {100 * scores['rank1']:.1f} %, "
                      f"top-3 {100 * scores['top3']:.1f} %, MRR {scores['mrr']:.3f}")
    return scores


def check_entries(queries: list[dict], nonsense: bool) -> None:
    """Every entry has the six fields; labelled ones 1 to 3 labels of rules.json, nonsense none."""
    for q in queries:
        assert ENTRY_FIELDS <= set(q), f"{q.get('query')!r} lacks {ENTRY_FIELDS - set(q)}"
        assert q["lang"] in search.LANGS, q["query"]
        if nonsense:
            assert q["labels"] == [], q["query"]
        else:
            assert 1 <= len(q["labels"]) <= 3 and set(q["labels"]) <= set(RULES), q["query"]


@pytest.mark.parametrize("part", TUNED_PARTS)
def test_relevance_set_is_big_bilingual_sloppy_and_labelled(part):
    every = load_part(part, unanswered=True)
    assert len(every) >= (200 if part == "tuning" else 100)
    unanswered = [q for q in every if not q["labels"]]
    assert len(unanswered) <= 0.1 * len(every), "a rules set asks rules questions"
    assert all(q["why"].startswith("not in the reference") for q in unanswered), "say why no section answers"
    queries = load_part(part)
    for lang in search.LANGS:
        mine = [q for q in queries if q["lang"] == lang]
        assert len(mine) >= 0.45 * len(queries), f"about half {lang}"
        assert sum(q["sloppy"] for q in mine) >= 0.25 * len(mine), f"a quarter of {lang} sloppy"
    check_entries(queries, nonsense=False)


@pytest.mark.parametrize("lang", search.LANGS)
def test_relevance_tuned_part(search_index, lang):
    """The part tuned on, one language per test (each some twenty seconds, so that they run on
    both workers): it must not fall below what it reached."""
    scores = relevance_scores(load_parts(TUNED_PARTS), lang)
    line = f"tuned ({lang}): {scores['text']}"
    print("\n" + line)
    assert scores["rank1"] >= TUNING_FLOOR["rank1"] and scores["top3"] >= TUNING_FLOOR["top3"], line


def test_relevance_heldout14_meets_the_goal(search_index):
    """Never tuned on (heldout14.yaml): rank-1 >= 90 % and top-3 >= 97 % in each language."""
    queries = load_part(HELDOUT, required=False)
    check_entries(queries, nonsense=False)
    lines, misses, ok = [], [], True
    for lang in search.LANGS:
        scores = relevance_scores(queries, lang)
        assert scores["n"] > 0, f"no {lang} query in {HELDOUT}.yaml"
        lines.append(f"held-out ({lang}): {scores['text']}")
        misses += scores["misses"]
        ok = ok and scores["rank1"] >= GOAL["rank1"] and scores["top3"] >= GOAL["top3"]
    print("\n" + "\n".join(lines))
    assert ok, "\n".join(lines + ["not first:"] + misses)


def nonsense_share(queries: list[dict]) -> tuple[float, list[str]]:
    """The share of ``queries`` answered "no rule matches", and those answered with confidence."""
    confident = []
    for q in queries:
        result = search.search(q["query"], q["lang"])
        if result["matched"] or result["results"]:
            confident.append(f"[{q['lang']}] {q['query']!r} -> {labels_of(result)[:2]} ({result['confidence']})")
        else:
            assert result["suggestion"] is None, q["query"]  # no "did you mean" into noise
    return 1 - len(confident) / max(1, len(queries)), confident


def test_tuned_nonsense_gets_no_rule_matches(search_index):
    queries = load_parts(TUNED_NONSENSE)
    check_entries(queries, nonsense=True)
    share, confident = nonsense_share(queries)
    print(f"\ntuned nonsense: 'no rule matches' for {100 * share:.0f} % of {len(queries)}")
    assert share >= TUNED_NONSENSE_FLOOR, "answered with confidence:\n" + "\n".join(confident)


def test_nonsense14_gets_no_rule_matches(search_index):
    """Never tuned on (nonsense14.yaml): at least 20 queries, >= 90 % "no rule matches"."""
    queries = load_part(HELDOUT_NONSENSE, required=False)
    check_entries(queries, nonsense=True)
    assert len(queries) >= 20, f"{HELDOUT_NONSENSE}.yaml has {len(queries)} queries; the goal needs 20"
    share, confident = nonsense_share(queries)
    print(f"\nheld-out nonsense: 'no rule matches' for {100 * share:.0f} % of {len(queries)}")
    assert share >= GOAL["nonsense"], "answered with confidence:\n" + "\n".join(confident)


def test_sloppy_queries_do_not_fall_off_the_floor(search_index):
    """The floor (search.MATCH_FLOOR) keeps nearly every real query, sloppy ones included."""
    queries = load_parts(TUNED_PARTS)
    dropped = [q["query"] for q in queries if not searched(q["query"], q["lang"])["matched"]]
    assert len(dropped) <= 0.02 * len(queries), dropped


def test_the_specific_rule_beats_its_broad_parent_and_a_bare_name_finds_the_chapter(search_index):
    assert labels_of(search.search("extra siege round", "en"))[0] == "wotr-siege-extend"
    assert labels_of(search.search("sieges", "en"))[0] == "wotr-siege"
    assert set(labels_of(search.search("cuantos dados tira la sombra", "es"))[:2]) == {"wotr-dice-count",
                                                                                        "wotr-hunt-roll-dice"}


def test_nonsense_says_no_rule_matches_without_a_did_you_mean(search_index):
    for query, lang in (("who won the world cup", "en"), ("receta de paella", "es")):
        result = search.search(query, lang)
        assert result["matched"] is False and result["results"] == [] and result["suggestion"] is None
        assert result["confidence"] < search.MATCH_FLOOR
    text = search.results_text(search.search("receta de paella", "es"))
    assert text.startswith("Ninguna regla coincide con «receta de paella».")


def test_a_question_no_rule_answers_is_told_what_kind_it_is(search_index):
    """Strategy, products, other editions, the table, other games: "no rule matches", and why."""
    for query, lang, kind in (("best opening for the shadow", "en", "advice"),
                              ("qué fundas uso para las cartas", "es", "product"),
                              ("Lords of Middle-earth expansion rules", "en", "other-editions"),
                              ("cuánto dura una partida", "es", "table"),
                              ("mana cost of a card", "en", "other-games"),
                              ("archery keyword lcg", "en", "other-keywords")):
        result = search.search(query, lang)
        assert (result["matched"], result["results"], result.get("outside")) == (False, [], kind), query
        assert search.message(lang, f"search.outside.{kind}") in search.results_text(result)


def test_words_a_rule_uses_itself_are_no_sign_of_a_question_outside_the_rules(search_index):
    """The card game's combat counts "the best possible pairing": asking about it is a rules question."""
    result = search.search("best possible pairing of armies and characters", "en")
    assert result["matched"] and "outside" not in result
    assert labels_of(result)[0].startswith("wotrcg-")
    # ... but only the phrase in its order: the setup's "four decks" and its "players" are no "four players".
    result = search.search("partida a cuatro jugadores quien lleva rohan", "es")
    assert (result["matched"], result.get("outside")) == (False, "table")
    # ... nor the words of the ways players ask about a rule: "the hunt gets easier each move"
    # (wotr-hunt-roll-bonus's phrasings) makes "sale mas facil" a rules question there ...
    result = search.search("si muevo la comunidad dos veces el segundo hunt roll sale mas facil?", "es")
    assert result["matched"] and "outside" not in result, result.get("outside")
    assert search.outside_phrases("is the shadow easier for a first game")      # ... and a sign elsewhere
    # ... and no real question of the relevance sets is refused as one outside the rules.
    asked = [q["query"] for q in load_parts(TUNED_PARTS)
             if search.outside_phrases(q["query"]) and search.search(q["query"], q["lang"]).get("outside")]
    assert asked == []


def test_a_phrase_outside_the_rules_written_with_equals_counts_only_as_written():
    """ "=play time" (how long a game lasts) has words of the game: "in play with Time X" is the LCG's."""
    assert search.outside_phrases("what's the play time of a 4 player game")[0] == ("table", "play time")
    assert search.outside_phrases("Two cards in play with Time X at once, do they share counters?") == []


def test_the_books_set_against_the_game_are_a_rules_question():
    """Lore words alone are lore; beside "what does the game say" the player asks for the rule."""
    assert search.outside_phrases("en el libro gandalf muere en moria?") == [("lore", "en el libro")]
    assert search.outside_phrases("¿Por qué Tom Bombadil no aparece en el juego si en el libro está?") \
        == [("lore", "en el libro")]
    assert search.outside_phrases("en el libro ya peleaban, pero no sé qué dice el juego") == []
    assert search.outside_phrases("In the books the Ents march on their own, what does the game say?") == []
    assert search.outside_phrases("En el libro Sam va solo, pero en el juego ¿quién es el guía?") == []


def test_a_story_told_in_passing_and_a_harder_hunt_ask_the_rule_and_a_comparison_of_games_does_not():
    """Set 31 (spent): a likeness to the film is an aside, "harder" alone is no opinion, and a
    game set beside another or a win said a waste of time ask no rule."""
    assert search.outside_phrases("Can a companion split off on the Mordor track, like Sam wandering off in the "
                                  "film?") == []
    assert search.outside_phrases("¿puede Boromir morir por los hobbits igual que hace en la peli?") == []
    assert search.outside_phrases("in the film Sam leaves Frodo, why?") == [("lore", "in the film")]
    assert search.outside_phrases("Does the Hunt get harder each time the Fellowship moves?") == []
    assert [k for k, _p in search.outside_phrases("is the Shadow the harder side to play")] == ["advice"]
    assert search.outside_phrases("How does WotR compare to Twilight Struggle?") == \
        [("other-games", "twilight struggle")]
    assert search.outside_phrases("is a military win a waste of time for the Free Peoples") == \
        [("advice", "waste of time")]
    # ... and what a review found: "compared to" asks a rule, a story asked about is lore, and which
    # side is easier to win with is an opinion
    assert search.outside_phrases("Are combat hits compared to the number of defending units?") == []
    assert search.outside_phrases("el dado de combate se compara con la fuerza de combate?") == []
    for lore in ("Como muere Boromir en la pelicula?", "What does Gollum look like in the films?",
                 "what is Gandalf like in the books?"):
        assert [k for k, _p in search.outside_phrases(lore)] == ["lore"], lore
    for advice in ("cual es mas facil, la sombra o los pueblos libres", "Is the Shadow easier?",
                   "is it easier to win as the shadow"):
        assert [k for k, _p in search.outside_phrases(advice)] == ["advice"], advice


def test_what_makes_a_phrase_no_sign_of_a_question_outside_is_data_with_its_provenance():
    data = json.loads(search.OUTSIDE_FILE.read_text(encoding="utf-8"))["not_outside"]
    assert data["_about"] and data["entries"]
    for entry in data["entries"]:
        assert entry["drops"] in search.OUTSIDE_KINDS and entry["why"] and entry["source"], entry
        assert entry.get("phrases") or entry.get("about") in ("card-game", "lcg"), entry
        assert all(p == " ".join(search_analysis.fold(p).split()) for p in entry.get("phrases", [])), entry
    # the card game's player counts are its rules; the board game's are the table's
    assert search.outside_phrases("en el juego de cartas a 4 jugadores se comparte la mano?") == []
    assert search.outside_phrases("4 player war of the ring, how do we split the nations") == [("table", "4 player")]
    # so are the LCG's, whose effects count each player (set 42, spent); Time is the LCG's only with its number
    assert search.outside_phrases("time 3 on a card in a 4 player game, is it 3 counters or 3 for each of us") == []
    assert search.outside_phrases("con oleada en partida de 4 jugadores cuantas cartas salen") == []
    assert search.outside_phrases("how much time does a 4 player game take") != []
    # what makes a roll stronger is a rule; which side is stronger, an opinion (set 43, spent)
    assert search.outside_phrases("do the dice make the next hunt roll stronger?") == []
    assert [k for k, _p in search.outside_phrases("is the shadow the stronger side?")] == ["advice"]


def test_a_question_about_a_card_it_names_gets_the_cards_section_first():
    from types import SimpleNamespace

    from adjudicator.search.promote import named_card_first

    hits = [SimpleNamespace(label=lab) for lab in ("wotr-muster-political", "wotr-card-sh-char-22", "wotr-politics")]
    ask = {"kind": "event-card", "scenario": {"question": {"kind": "event-card", "card": "Lengua de Serpiente"}}}
    assert [h.label for h in named_card_first(hits, ask)] == ["wotr-card-sh-char-22", "wotr-muster-political",
                                                               "wotr-politics"]
    other = {"kind": "politics", "scenario": {"question": {"kind": "politics", "nation": "rohan"}}}
    assert named_card_first(hits, other) == hits and named_card_first(hits, None) == hits
    unnamed = {"kind": "event-card", "scenario": {"question": {"kind": "event-card"}}}   # "The Ents Awake"
    assert named_card_first(hits, unnamed) == hits


def test_a_films_cast_and_a_strategy_asked_otherwise_are_outside_and_an_abilitys_cost_is_not():
    assert [k for k, _p in search.outside_phrases("which actor plays Gandalf in The Two Towers")] == ["lore", "lore"]
    assert search.outside_phrases("¿Qué estrategia usa el Pueblo Libre contra Isengard?") == \
        [("advice", "que estrategia")]
    assert search.outside_phrases("la habilidad del Rey Brujo, ¿cuánto cuesta usarla?") == []
    assert search.outside_phrases("¿cuánto cuesta el juego en una tienda?")[0][0] == "product"
    assert search.outside_phrases("Doomed on my card: every player or only the one who played it?") == []


def test_every_kind_of_question_outside_the_rules_has_its_words_and_its_message():
    data = json.loads(search.OUTSIDE_FILE.read_text(encoding="utf-8"))["outside"]
    assert tuple(data) == search.OUTSIDE_KINDS
    for kind, phrases in data.items():
        assert phrases and all(p == " ".join(search_analysis.fold(p).split()) for p in phrases), kind
        for lang in search.LANGS:
            assert search.message(lang, f"search.outside.{kind}") != f"search.outside.{kind}"
    assert search.outside_phrases("¿Cuál es la MEJOR estrategia?") == [("advice", "mejor")]
    assert search.outside_phrases("the Strategy deck") == []
    # A phrase's words may have a word or two between them, not more.
    assert search.outside_phrases("how long does a full game take") == [("table", "how long does a full game")]
    assert search.outside_phrases("how long does the siege battle last in a game") == []


def test_a_long_clear_question_is_answered_though_most_of_its_words_are_talk(search_index):
    """Four words of the game in the best rule answer it, whatever share of the query they are."""
    for query, lang in (("my buddy insists the hunt tile eye damage in mordor gets doubled tonight, honestly", "en"),
                        ("mi colega dice que la loseta de ojo en mordor hace doble daño esta noche, en serio", "es")):
        result = search.search(query, lang)
        assert result["confidence"] < search.MATCH_FLOOR, "most of its weight is talk, not rules"
        assert result["matched"] and set(labels_of(result)[:2]) == {"wotr-mordor-eye", "wotr-hunt-damage-eye"}
    assert search.search("catan robber on a seven and the longest road", "en")["matched"] is False


def test_a_misspelt_key_word_is_corrected_to_a_word_of_the_game(search_index):
    assert search.search("busqeda nazgul", "es")["suggestion"] == "búsqueda nazgul"
    assert "wotr-hunt-reroll" in labels_of(search.search("busqeda nazgul", "es"))[:3]
    assert labels_of(search.search("corruptoin", "en"))[0] == "wotr-ring-corruption"
    # A typo players make (some phrasings keep one: "shuffled seperately") is still corrected.
    found = search.search("seperate companions from fellowship", "en")
    assert labels_of(found)[0] == "wotr-fellowship-separate" and found["suggestion"].startswith("separate ")
    assert backend.max_typos("cup") == 0 and backend.max_typos("asedo") == 1 and backend.max_typos("corruptoin") == 2



@pytest.mark.parametrize(("sloppy", "clean", "lang"), [
    ("can leaders move alone whre they want", "can leaders move alone they want", "en"),
    ("gondor isnt at war can it muster", "gondor at war can it muster", "en"),
    ("puedo mover un ejercito porqe no hay asedio", "puedo mover un ejercito no hay asedio", "es"),
])
def test_a_misspelt_or_contracted_filler_word_weighs_nothing(search_index, sloppy, clean, lang):
    """A stop word typed wrong ("whre", "porqe") or without its apostrophe ("isnt") is the stop
    word it is: it neither sinks the query under the floor nor gets a did-you-mean."""
    got, want = search.search(sloppy, lang), search.search(clean, lang)
    assert labels_of(got)[:3] == labels_of(want)[:3] and got["confidence"] == want["confidence"]
    assert got["suggestion"] is None


def test_common_words_of_the_game_in_a_broad_section_are_no_answer(search_index):
    """The best rule must score enough: words every page uses, met in a broad section, are not
    an answer ("no rule matches", with the closest terms), while the rule's own words are."""
    vague = search.search("what is the best game for us to play first", "en")
    assert vague["matched"] is False and vague["results"] == []
    assert search.search("muster", "en")["results"][0]["score"] >= search.SCORE_FLOOR

def test_result_shape_and_links(search_index):
    result = search.search("siege", "en", limit=4)
    assert set(result) == {"query", "lang", "matched", "confidence", "results", "suggestion", "closest", "unsure"}
    assert result["matched"] is True and result["closest"] == [] and 0 < result["confidence"] <= 1
    assert result["unsure"] is False and "ask" not in result   # sure, and no position described
    assert result["query"] == "siege" and result["lang"] == "en" and result["suggestion"] is None
    assert 0 < len(result["results"]) <= 4
    scores = [r["score"] for r in result["results"]]
    assert scores == sorted(scores, reverse=True)
    for r in result["results"]:
        assert set(r) == {"label", "title", "page", "url", "snippet", "score", "kind"}
        assert r["kind"] in ("rule", "term")
        assert r["url"] == f"/en/docs/{r['page']}.html#{r['label']}"
        if r["kind"] == "rule":
            assert RULES[r["label"]]["page"] == r["page"]
            assert unsmart(r["title"]) == unsmart(RULES[r["label"]]["title"]["en"])
    spanish = search.search("asedio", "es")
    assert all(r["url"].startswith("/es/docs/") for r in spanish["results"])
    first_rule = next(r for r in spanish["results"] if r["kind"] == "rule")
    assert unsmart(first_rule["title"]) == unsmart(RULES[first_rule["label"]]["title"]["es"])


def test_snippets_mark_hits_and_escape_everything_else(search_index):
    result = search.search('<b>siege</b> & "sortie" <script>', "en")
    assert result["results"]
    for r in result["results"]:
        tags = set(re.findall(r"</?([a-zA-Z]+)", r["snippet"]))
        assert tags <= {"mark"}, r["snippet"]
        assert "<script" not in r["snippet"]
    assert any("<mark>" in r["snippet"] for r in result["results"])
    text = search.results_text(result)
    assert "<mark>" not in text and "&amp;" not in text
    assert result["results"][0]["url"] in text and result["results"][0]["title"] in text


# -- players' abbreviations, compounds and short misspellings ----------------------------------

ABBREVIATIONS = json.loads(search.ABBREVIATIONS_FILE.read_text(encoding="utf-8"))["abbreviations"]


def test_abbreviations_are_no_word_of_the_rules_and_stand_for_words_of_them(search_index):
    """An abbreviation must never hide a word the reference uses; what it stands for is there."""
    shorts = [short.lower() for entry in ABBREVIATIONS for short in entry["short"]]
    assert len(shorts) == len(set(shorts)), "an abbreviation stands for one thing"
    for entry in ABBREVIATIONS:
        assert entry["source"].strip() and set(search.LANGS) <= set(entry)
        for lang in search.LANGS:
            words = reference_forms(lang)
            for short in entry["short"]:
                assert not set(backend.analyze(short, lang)) & words, f"{short} is a word of the {lang} rules"
            assert set(backend.analyze(entry[lang], lang)) <= words, f"{entry[lang]} is not in the {lang} rules"


@pytest.mark.parametrize("short, full, lang", [
    ("GtW", "Gandalf the White", "en"), ("gtw", "Gandalf el Blanco", "es"), ("WK", "Witch-king", "en"),
    ("wk", "Rey Brujo", "es"), ("MoS", "Boca de Sauron", "es"), ("FP", "Pueblos Libres", "es"),
    ("PL", "Free Peoples", "en"), ("vp", "victory points", "en"),
])
def test_a_players_abbreviation_searches_what_it_stands_for(search_index, short, full, lang):
    meant = search.abbreviations()[short.lower()][lang]
    assert search.expand_abbreviations(f"{short} enters", lang) == f"{meant} enters"
    got, expected = search.search(short, lang), search.search(full, lang)
    assert got["matched"] and labels_of(got)[:3] == labels_of(expected)[:3]
    assert got["query"] == short  # the player's own words are what the answer repeats


def test_an_abbreviation_inside_a_word_or_a_phrasing_is_left_as_it_is():
    assert search.expand_abbreviations("FPs spend dice", "en") == "FPs spend dice"
    export = {lang: [{"kind": "rule", "label": "wotr-sortie", "page": "board/sieges", "title": "t", "text": "",
                      "parent": ""}] for lang in search.LANGS}
    rule, = search.documents("en", export, {"wotr-sortie": {"en": ["can the FP attack out"], "es": ["los PL salen"]}})
    assert rule["phrasings"] == ["can the Free Peoples attack out"]
    assert rule["other_phrasings"] == ["los Pueblos Libres salen"]


@pytest.mark.parametrize("together, apart, lang", [
    ("witchking", "witch-king", "en"), ("ellalaraña", "Ella-Laraña", "es"), ("reybrujo", "rey brujo", "es"),
    ("shelobslair", "Shelob's Lair", "en"),
])
def test_words_written_together_find_what_the_rules_write_apart(search_index, together, apart, lang):
    got, expected = search.search(together, lang), search.search(apart, lang)
    assert got["matched"] and labels_of(got)[:3] == labels_of(expected)[:3]


def test_a_compound_the_rules_lack_searches_its_word_of_the_game(search_index):
    assert labels_of(search.search("overstacking", "en"))[0] == "wotr-army-stacking"
    assert labels_of(search.search("strong hold", "en"))[:3] == labels_of(search.search("stronghold", "en"))[:3]
    assert search.search("qwertyuiop", "en")["matched"] is False


def test_a_short_word_missing_a_letter_is_corrected_in_the_references_language(search_index):
    assert search.search("pas", "en")["suggestion"] == "pass"
    assert "wotr-turn-passing" in labels_of(search.search("pas with fewer dice", "en"))[:2]
    assert search.search("cup", "en")["suggestion"] is None  # a letter changed is no typo this short
    # A short English word is never read as Spanish, nor corrected into Spanish ("mana", "mano").
    assert search.search("mana", "en")["suggestion"] is None and not search.search("mana", "en")["matched"]


def test_did_you_mean_corrects_from_the_reference_vocabulary(search_index):
    assert search.search("asedo", "es")["suggestion"] == "asedio"
    assert search.search("corruptoin", "en")["suggestion"] == "corruption"
    assert search.search("Besiged army", "en")["suggestion"] == "Besieged army"
    assert search.search("siege", "en")["suggestion"] is None
    assert search.search("dano", "es")["suggestion"] is None  # found as it is: no correction
    assert search.search("oleada", "en")["suggestion"] is None  # a word of the other language
    text = search.results_text(search.search("asedo", "es"))
    assert "¿Quisiste decir: asedio?" in text


WEIRD = ["", "   ", "the of and", "de la", '"', '"hunt', "title:siege", "siege AND OR NOT",
         "*", "?", "sieg*", "siege~2", "[1 TO 5]", "((((", "\\", "\x00", "🙂", "-", "a" * 10000,
         "siege " * 500, "label:wotr-sortie", "NOT", "<>&", "1", "%s {0} {lang}"]


@pytest.mark.parametrize("query", WEIRD)
@pytest.mark.parametrize("lang", search.LANGS)
def test_weird_queries_never_raise(search_index, query, lang):
    result = search.search(query, lang)
    assert isinstance(result["results"], list) and result["lang"] == lang
    assert isinstance(search.results_text(result), str)


def test_only_stop_words_give_no_results(search_index):
    for query, lang in (("the of and", "en"), ("de la y", "es"), ("", "en")):
        result = search.search(query, lang)
        assert result["results"] == [] and result["suggestion"] is None
    assert search.results_text(search.search("", "es")) == "Escribe unas palabras para buscar en las reglas."


def test_unknown_language_is_a_clear_error(search_index):
    with pytest.raises(ValueError, match="fr"):
        search.search("siege", "fr")


# -- building and reopening ----------------------------------------------------------------------

def test_missing_index_and_missing_docs_say_what_to_run(tmp_path, monkeypatch):
    monkeypatch.setattr(paths, "BUILD", tmp_path)
    with pytest.raises(search.IndexMissing, match="adjudicator build"):
        search.search("siege", "en")
    with pytest.raises(search.IndexMissing, match="construir"):
        search.search("asedio", "es")
    with pytest.raises(search.DocsMissing, match="adjudicator build docs"):
        search.build_index()


def test_an_index_a_killed_rebuild_left_aside_is_waited_for_only_a_moment(tmp_path, monkeypatch):
    """A build killed between its two renames leaves the old index aside and none in place: a
    search waits for the swap to finish no longer than SWAP_WAIT, then says what to run."""
    monkeypatch.setattr(paths, "BUILD", tmp_path)
    monkeypatch.setattr(search, "SWAP_WAIT", 0.05)
    (tmp_path / "index" / ".en.old-1a2b3c4d").mkdir(parents=True)
    assert backend.being_replaced(paths.search_index("en")) and not backend.being_replaced(paths.search_index("es"))
    with pytest.raises(search.IndexMissing, match="adjudicator build"):
        search.search("siege", "en")


def test_index_build_is_skipped_when_up_to_date_and_reopened_after_a_rebuild(search_index):
    lines = []
    again = search.build_index(progress=lines.append)
    assert all(again["langs"][lang]["skipped"] for lang in search.LANGS)
    before = labels_of(search.search("sortie", "en"))
    forced = search.build_index(force=True, progress=lines.append)
    assert not any(forced["langs"][lang]["skipped"] for lang in search.LANGS)
    assert any(re.fullmatch(r"Indexing the rules \(es\): \d+ documents .*", line) for line in lines)
    for lang in search.LANGS:
        counts = forced["langs"][lang]
        assert counts["rules"] == len(RULES) and counts["documents"] == counts["rules"] + counts["terms"]
    assert labels_of(search.search("sortie", "en")) == before  # the new index, opened again


# (The search messages are checked with every catalogue in tests/test_core.py.)


def test_concurrent_searches_share_one_open_index(search_index):
    """The web app searches from several threads at once: same answers, no error."""
    from concurrent.futures import ThreadPoolExecutor

    queries = [(q["query"], q["lang"]) for q in RELEVANCE[:20]]
    search.close_all()   # another module's tests may have opened an index of their own build
    expected = [labels_of(search.search(q, lang)) for q, lang in queries]
    with ThreadPoolExecutor(max_workers=4) as pool:
        got = list(pool.map(lambda ql: labels_of(search.search(*ql)), queries * 3))
    assert got == expected * 3
    assert len(search._open_indexes) == len({lang for _q, lang in queries})   # one per language, shared


def test_one_language_indexes_from_its_own_docs_alone(search_index, tmp_path, monkeypatch):
    """Only the English reference built: its index builds, searches, and asks for nothing else."""
    (tmp_path / "docs" / "en").mkdir(parents=True)
    (tmp_path / "docs" / "en" / search.EXPORT_NAME).write_bytes(search.export_path("en").read_bytes())
    monkeypatch.setattr(paths, "BUILD", tmp_path)
    report = search.build_index(langs=("en",))
    assert list(report["langs"]) == ["en"] and report["langs"]["en"]["rules"] == len(RULES)
    assert labels_of(search.search("sortie", "en"))[0] == "wotr-sortie"
    with pytest.raises(search.DocsMissing, match="es"):
        search.build_index()


def test_searches_keep_working_while_the_index_is_rebuilt(search_index):
    """A rebuild under a running web app: every search answers, from the old or the new index."""
    import threading

    errors, answers, stop = [], [], threading.Event()

    def searcher():
        while not stop.is_set():
            try:
                answers.append(labels_of(search.search("sortie", "en"))[:1])
            except Exception as exc:  # noqa: BLE001 - any error is the failure being tested
                errors.append(repr(exc))

    # A running app has searched before: its index is open (an app that has not is the next test).
    assert labels_of(search.search("sortie", "en"))[:1] == ["wotr-sortie"]
    threads = [threading.Thread(target=searcher) for _ in range(3)]
    for t in threads:
        t.start()
    try:
        for _ in range(2):
            search.build_index(force=True, langs=("en",))
    finally:
        stop.set()
        for t in threads:
            t.join()
    assert not errors, errors[:3]
    assert answers and all(a == ["wotr-sortie"] for a in answers)


def test_a_first_search_in_the_instant_of_the_index_swap_gets_the_new_index(search_index, monkeypatch):
    """An app (re)started while ``adjudicator build index`` runs has no index open: its first
    search may look just when the rebuild has moved the old index aside and not yet renamed the
    new one into place. It gets the new index, never "the index is not built"."""
    import threading

    errors, answers, stop = [], [], threading.Event()
    started: dict[str, int] = {}   # searcher -> searches begun
    begun = threading.Condition()

    def fresh_searcher():
        me = threading.current_thread().name
        while not stop.is_set():
            search.close_all()   # no index open yet, as in a process that has just started
            with begun:
                started[me] = started.get(me, 0) + 1
                begun.notify_all()
            try:
                answers.append(labels_of(search.search("sortie", "en"))[:1])
            except Exception as exc:  # noqa: BLE001 - any error is the failure being tested
                errors.append(repr(exc))
            stop.wait(0.1)   # a pause: each search loads the whole index, and the rebuild needs the CPU too

    rename, gaps = Path.rename, []

    def swap_slowly(self, target):
        """Path.rename, holding the swap open once the old index is aside until every searcher
        has begun a search in that instant (what the real swap leaves to chance)."""
        moved = rename(self, target)
        if Path(target).name.startswith(".en.old-"):
            with begun:
                before = dict(started)
                gaps.append(begun.wait_for(lambda: all(started[t] > before.get(t, 0) for t in started), timeout=5))
            threading.Event().wait(0.05)   # and they have looked
        return moved

    threads = [threading.Thread(target=fresh_searcher, name=f"searcher-{i}") for i in range(2)]
    for t in threads:
        t.start()
    try:
        with begun:
            begun.wait_for(lambda: len(started) == len(threads), timeout=5)
        with monkeypatch.context() as patch:
            patch.setattr(Path, "rename", swap_slowly)
            search.build_index(force=True, langs=("en",))
    finally:
        stop.set()
        for t in threads:
            t.join()
    assert gaps == [True]   # the swap was searched mid-way by every searcher
    assert not errors, errors[:3]
    assert answers and all(a == ["wotr-sortie"] for a in answers)


@pytest.mark.parametrize(("query", "lang", "label"), [
    ("can nazgul enter helms deep", "en", "wotr-character-nazgul-stronghold"),
    ("nazgul enter helm's deep", "en", "wotr-character-nazgul-stronghold"),
    ("pueden los nazgul entrar en el abismo de helm", "es", "wotr-character-nazgul-stronghold"),
])
def test_a_region_named_in_a_question_is_read_as_what_it_is(search_index, query, lang, label):
    """The rules speak of Strongholds, Cities and Towns, not of Helm's Deep: a question naming a
    region finds the rule about its kind of region."""
    result = search.search(query, lang)
    assert result["matched"] and label in labels_of(result)[:3]


def test_read_places_replaces_names_the_rules_never_use_and_keeps_the_others():
    knows = {"minas", "tirith"}.__contains__
    assert search.read_places("can nazgul go to rivendell", "en", knows) == "can nazgul go to Stronghold"
    assert search.read_places("besieged in minas tirith", "en", knows) == "besieged in minas tirith Stronghold"
    assert search.read_places("ejercito en bree", "es", knows) == "ejercito en Villa"
    assert search.read_places("nothing here", "en", knows) == "nothing here"


@pytest.mark.parametrize("query", ["la caza", "cuantos dados tira la caza"])
def test_the_players_spanish_word_for_the_hunt_finds_the_hunt(search_index, query):
    result = search.search(query, "es")
    assert result["suggestion"] is None and labels_of(result)[0].startswith("wotr-hunt")


# -- the Event cards by name (docs/cards/*: one section per card) -------------------------------

CARDS = json.loads((ROOT / "adjudicator" / "data" / "event_cards.json").read_text(encoding="utf-8"))["cards"]
CARD_NAMES_ES = json.loads((ROOT / "adjudicator" / "data" / "event_cards_es.json").read_text(encoding="utf-8"))["cards"]


def one_typo(name: str) -> str:
    """``name`` with one slip in its longest word, as a hurried player types it: a letter
    changed, or in a word of three letters (which no search reads as a misspelling: "cup" is
    no "cut") a letter typed twice."""
    words = re.findall(r"[^\W\d_]+", name)
    word = max(words, key=len)
    at = name.index(word) + len(word) // 2
    if len(word) < 4:
        return name[:at] + name[at] + name[at:]
    return name[:at] + ("a" if name[at].lower() == "e" else "e") + name[at + 1:]


def test_a_typo_changes_one_letter_of_the_longest_word():
    assert one_typo("Challenge of the King") == "Chaleenge of the King"
    assert one_typo("Axe and Bow") == "Axxe and Bow"
    assert one_typo("Olog-hai") == "Oleg-hai" and one_typo("Athelas") == "Athalas"


@pytest.mark.parametrize("lang", search.LANGS)
def test_every_card_is_found_first_by_its_name_in_either_language_and_with_a_typo(search_index, lang):
    """A player types the card's name (English or our Spanish), maybe with a slip: its section comes first."""
    missed = []
    for card in CARDS:
        label = f"wotr-card-{card['id']}"
        for name in (card["name_en"], CARD_NAMES_ES[card["id"]]["name"]):
            for query in (name, one_typo(name)):
                got = labels_of(search.search(query, lang))
                if got[:1] != [label]:
                    missed.append(f"{query!r} -> {got[:3]}")
    assert not missed, f"{len(missed)} of {len(CARDS) * 4} card-name searches ({lang}):\n" + "\n".join(missed)
# -- the table's vocabulary, unsure answers and the situation's ask entry (issue 25) -------------

def test_every_vocabulary_entry_says_what_it_means_and_where_it_was_learned():
    from adjudicator.search import vocabulary

    entries = vocabulary.entries()
    assert len(entries) >= 60 and {e["lang"] for e in entries} == set(search.LANGS)
    for e in entries:
        kinds = ("slang", "regional", "nickname", "misspelling", "filler", "other-language", "respelling")
        assert e["say"] and e["kind"] in kinds, e
        # a filler ("tío", "lol") is read as no word at all; every other entry means something
        assert (e["means"] == "" and e.get("replace")) if e["kind"] == "filler" else e["means"].strip(), e
        assert e["source"].strip(), e
        # a held-out set never teaches the vocabulary: only one spent and tuned on since
        named = set(re.findall(r"\bheldout\d*\b", e["source"]))
        assert named <= set(TUNED_PARTS), ("a held-out set never teaches the vocabulary", e)


@pytest.mark.parametrize("query, lang, label", [
    ("do the wraiths make the hunt nastier if they're sitting on the hobbits?", "en", "wotr-hunt-reroll"),
    ("my troops are holed up in a fortress, are they allowed to come out and fight?", "en", "wotr-sortie"),
    ("mi nación sigue dormida, ¿puedo reclutar ahí?", "es", "wotr-muster-at-war"),
    ("los jinetes negros pueden volar a donde quieran?", "es", "wotr-character-nazgul"),
])
def test_the_tables_words_find_the_rule(search_index, query, lang, label):
    assert label in labels_of(search.search(query, lang))[:3]


def test_a_player_phrase_the_reference_never_uses_is_read_as_its_words():
    from adjudicator.search.vocabulary import read_vocabulary

    assert read_vocabulary("retreat into my castle", "en", lambda w: w != "castle") == "retreat into my Stronghold"
    assert read_vocabulary("los jinetes negros", "es", lambda w: True) == "los jinetes negros Nazgûl"
    assert read_vocabulary("merece la pena", "es", lambda w: True) == "merece la pena"   # no "peña" there
    assert read_vocabulary("Tío, si muevo la comunidad", "es", lambda w: True) == ", si muevo la comunidad"
    assert read_vocabulary("lol can the wraiths fly", "en", lambda w: True).split()[:3] == ["can", "the", "wraiths"]


def test_a_described_position_gets_an_ask_entry_and_is_never_refused(search_index):
    found = search.search("my 4 Gondor regulars and a leader in Pelargir, can they march to Lamedon?", "en")
    assert found["matched"] and found["ask"]["kind"] == "army-move"
    assert found["ask"]["scenario"]["question"]["to"] == "Lamedon"
    unsure = search.search("2 elites de rohan en edoras contra 6 orcos, cuantos dados tiro", "es")
    assert unsure["matched"] and unsure["ask"]["kind"] == "battle-outcome"
    assert "unsure" in unsure and len(unsure["results"]) >= 1
    text = search.results_text(found)   # the command line names the question too
    assert text.splitlines()[0].startswith("Ask: Can this army move there? (question kind army-move")


# Sets 29 to 32 (README-set29.md to README-set32.md): written blind by writers new to each set and
# labelled blind, each measured once by the lead before any tuning on it (set 29 at the end of the
# fifth round, 2 December 2026; sets 30 and 31 in the sixth, the same day); 29 and 30 were then
# read (spent), 31 was read in the seventh round (spent), and 32, measured in the seventh round,
# was read in the eighth (spent). The goal is
# not met on them, so what each gave is asserted as a floor, by counts: rank-1, top-3 and
# answerable queries refused ("no rule matches") per language, and off-topic lines refused, each
# counted as tools/measure_search_set.py counts it.
HELDOUT_MEASURED = {("heldout29", "en"): {"first": 46, "top3": 54, "refused": 0, "offtopic_refused": 12},
                    ("heldout29", "es"): {"first": 45, "top3": 49, "refused": 2, "offtopic_refused": 14},
                    ("heldout30", "en"): {"first": 42, "top3": 53, "refused": 0, "offtopic_refused": 13},
                    ("heldout30", "es"): {"first": 49, "top3": 52, "refused": 2, "offtopic_refused": 14},
                    ("heldout31", "en"): {"first": 45, "top3": 47, "refused": 2, "offtopic_refused": 13},
                    ("heldout31", "es"): {"first": 48, "top3": 54, "refused": 0, "offtopic_refused": 15},
                    # README-set32.md: measured once in the seventh round, spent in the eighth
                    ("heldout32", "en"): {"first": 45, "top3": 53, "refused": 0, "offtopic_refused": 15},
                    ("heldout32", "es"): {"first": 42, "top3": 50, "refused": 2, "offtopic_refused": 12},
                    # README-set33.md: measured once in the eighth round
                    ("heldout33", "en"): {"first": 46, "top3": 53, "refused": 0, "offtopic_refused": 15},
                    ("heldout33", "es"): {"first": 46, "top3": 54, "refused": 1, "offtopic_refused": 15},
                    # README-set34.md: measured once in the ninth round
                    ("heldout34", "en"): {"first": 44, "top3": 52, "refused": 1, "offtopic_refused": 14},
                    ("heldout34", "es"): {"first": 43, "top3": 50, "refused": 1, "offtopic_refused": 15},
                    # README-set35.md: measured once in the ninth round, after set 34 was spent
                    ("heldout35", "en"): {"first": 48, "top3": 51, "refused": 3, "offtopic_refused": 15},
                    ("heldout35", "es"): {"first": 44, "top3": 53, "refused": 1, "offtopic_refused": 12},
                    # README-set36.md: measured once in the ninth round, after set 35 was spent
                    ("heldout36", "en"): {"first": 42, "top3": 51, "refused": 0, "offtopic_refused": 15},
                    ("heldout36", "es"): {"first": 47, "top3": 54, "refused": 0, "offtopic_refused": 13},
                    # README-set37.md: measured once at the end of the ninth round, held out (unread)
                    ("heldout37", "en"): {"first": 47, "top3": 54, "refused": 0, "offtopic_refused": 13},
                    ("heldout37", "es"): {"first": 42, "top3": 52, "refused": 0, "offtopic_refused": 12},
                    # README-set38.md, README-set39.md: measured once in the tenth round, after set 37 was spent
                    ("heldout38", "en"): {"first": 52, "top3": 55, "refused": 0, "offtopic_refused": 15},
                    ("heldout38", "es"): {"first": 44, "top3": 52, "refused": 0, "offtopic_refused": 15},
                    # measured 49 first; 48 since its Scots words are read as no words ("tae", which
                    # had been misread as "take", won one near tie: README-set39.md)
                    ("heldout39", "en"): {"first": 48, "top3": 52, "refused": 0, "offtopic_refused": 15},
                    ("heldout39", "es"): {"first": 49, "top3": 54, "refused": 0, "offtopic_refused": 15},
                    # README-set40.md, README-set41.md: measured once in the tenth round, after sets 38 and
                    # 39 were spent
                    ("heldout40", "en"): {"first": 46, "top3": 53, "refused": 1, "offtopic_refused": 14},
                    ("heldout40", "es"): {"first": 49, "top3": 54, "refused": 0, "offtopic_refused": 15},
                    ("heldout41", "en"): {"first": 47, "top3": 52, "refused": 0, "offtopic_refused": 15},
                    ("heldout41", "es"): {"first": 45, "top3": 49, "refused": 1, "offtopic_refused": 14},
                    # README-set42.md, README-set43.md: measured once at the end of the tenth round, held
                    # out (unread)
                    ("heldout42", "en"): {"first": 46, "top3": 52, "refused": 1, "offtopic_refused": 15},
                    ("heldout42", "es"): {"first": 44, "top3": 53, "refused": 0, "offtopic_refused": 15},
                    ("heldout43", "en"): {"first": 42, "top3": 51, "refused": 1, "offtopic_refused": 15},
                    # measured at 50; 49 since the eleventh round (spent): the board game's name read as no
                    # words in a card-game question ("card game de la Guerra del Anillo, cuantas rondas son
                    # en total?" now gets Scoring first, The game round second) put 14 stored questions'
                    # rule first and took it from 4 (README-set43.md)
                    ("heldout43", "es"): {"first": 49, "top3": 54, "refused": 0, "offtopic_refused": 15},
                    # README-set44.md, README-set45.md: measured once in the eleventh round, after sets
                    # 42 and 43 were spent and studied; held out
                    ("heldout44", "en"): {"first": 44, "top3": 52, "refused": 1, "offtopic_refused": 14},
                    ("heldout44", "es"): {"first": 48, "top3": 54, "refused": 0, "offtopic_refused": 14},
                    ("heldout45", "en"): {"first": 46, "top3": 49, "refused": 0, "offtopic_refused": 15},
                    ("heldout45", "es"): {"first": 48, "top3": 52, "refused": 0, "offtopic_refused": 14},
                    # README-set46.md, README-set47.md: measured once in the twelfth round, after sets
                    # 44 and 45 were spent and studied; held out
                    ("heldout46", "en"): {"first": 45, "top3": 52, "refused": 2, "offtopic_refused": 15},
                    ("heldout46", "es"): {"first": 48, "top3": 52, "refused": 0, "offtopic_refused": 14},
                    ("heldout47", "en"): {"first": 48, "top3": 53, "refused": 0, "offtopic_refused": 14},
                    ("heldout47", "es"): {"first": 48, "top3": 53, "refused": 0, "offtopic_refused": 15},
                    # README-set48.md, README-set49.md: measured once at the end of the twelfth round,
                    # after sets 46 and 47 were spent and studied; held out
                    ("heldout48", "en"): {"first": 48, "top3": 51, "refused": 2, "offtopic_refused": 12},
                    ("heldout48", "es"): {"first": 50, "top3": 52, "refused": 1, "offtopic_refused": 15},
                    ("heldout49", "en"): {"first": 41, "top3": 49, "refused": 2, "offtopic_refused": 14},
                    ("heldout49", "es"): {"first": 43, "top3": 51, "refused": 1, "offtopic_refused": 14},
                    # README-set50.md, README-set51.md: measured once at 3d209be, held out
                    ("heldout50", "en"): {"first": 48, "top3": 53, "refused": 0, "offtopic_refused": 14},
                    ("heldout50", "es"): {"first": 48, "top3": 56, "refused": 0, "offtopic_refused": 14},
                    # top 3 measured 52; 51 once spent and tuned on: "the ring lads" read as the
                    # Fellowship puts one declaring question fourth (README-set51.md)
                    ("heldout51", "en"): {"first": 47, "top3": 51, "refused": 0, "offtopic_refused": 15},
                    ("heldout51", "es"): {"first": 47, "top3": 51, "refused": 0, "offtopic_refused": 14},
                    # README-set52.md, README-set53.md: measured once at e9edc2a, held out
                    ("heldout52", "en"): {"first": 48, "top3": 52, "refused": 0, "offtopic_refused": 15},
                    ("heldout52", "es"): {"first": 45, "top3": 53, "refused": 0, "offtopic_refused": 15},
                    ("heldout53", "en"): {"first": 47, "top3": 52, "refused": 2, "offtopic_refused": 14},
                    ("heldout53", "es"): {"first": 52, "top3": 54, "refused": 1, "offtopic_refused": 13},
                    # README-set54.md, README-set55.md: measured once at fee5c66
                    ("heldout54", "en"): {"first": 43, "top3": 51, "refused": 0, "offtopic_refused": 14},
                    ("heldout54", "es"): {"first": 40, "top3": 49, "refused": 2, "offtopic_refused": 14},
                    ("heldout55", "en"): {"first": 44, "top3": 54, "refused": 0, "offtopic_refused": 15},
                    ("heldout55", "es"): {"first": 43, "top3": 50, "refused": 2, "offtopic_refused": 14},
                    # README-set56.md, README-set57.md: measured once at 11de3d1, held out
                    ("heldout56", "en"): {"first": 50, "top3": 53, "refused": 0, "offtopic_refused": 13},
                    ("heldout56", "es"): {"first": 50, "top3": 55, "refused": 0, "offtopic_refused": 14},
                    # one off-topic line moved to the rules after the measurement (README-set57.md)
                    ("heldout57", "en"): {"first": 45, "top3": 50, "refused": 1, "offtopic_refused": 14},
                    ("heldout57", "es"): {"first": 49, "top3": 54, "refused": 0, "offtopic_refused": 15},
                    # README-set58.md to README-set61.md: measured once at a642696 (60 and 61 held out)
                    ("heldout58", "en"): {"first": 45, "top3": 52, "refused": 0, "offtopic_refused": 15},
                    # (set 58: one Spanish off-topic line, not refused, moved to the rules after it)
                    ("heldout58", "es"): {"first": 46, "top3": 50, "refused": 0, "offtopic_refused": 14},
                    ("heldout59", "en"): {"first": 47, "top3": 54, "refused": 0, "offtopic_refused": 13},
                    ("heldout59", "es"): {"first": 48, "top3": 50, "refused": 0, "offtopic_refused": 14},
                    ("heldout60", "en"): {"first": 50, "top3": 52, "refused": 0, "offtopic_refused": 15},
                    ("heldout60", "es"): {"first": 50, "top3": 52, "refused": 0, "offtopic_refused": 14},
                    ("heldout61", "en"): {"first": 45, "top3": 54, "refused": 1, "offtopic_refused": 12},
                    # measured at 49 first; the singular Hunt tile ('ficha de caza', after sets 58 and 59
                    # were studied: 5 better and 2 worse on the spent sets) costs it one (README-set61.md)
                    ("heldout61", "es"): {"first": 48, "top3": 53, "refused": 0, "offtopic_refused": 15},
                    # README-set62.md to README-set64.md: measured once at 8049f1d, after sets 60 and 61 were
                    # spent; held out (set 63: its Spanish half only, the English writer wrote nothing in time)
                    ("heldout62", "en"): {"first": 47, "top3": 54, "refused": 0, "offtopic_refused": 15},
                    ("heldout62", "es"): {"first": 48, "top3": 53, "refused": 0, "offtopic_refused": 15},
                    ("heldout63", "es"): {"first": 48, "top3": 53, "refused": 0, "offtopic_refused": 14},
                    # set 63's English half, labelled late: measured once at f880d04 (README-set63.md)
                    ("heldout63", "en"): {"first": 45, "top3": 50, "refused": 1, "offtopic_refused": 15},
                    ("heldout64", "en"): {"first": 45, "top3": 51, "refused": 0, "offtopic_refused": 13},
                    ("heldout64", "es"): {"first": 52, "top3": 53, "refused": 0, "offtopic_refused": 12},
                    # README-set65.md: measured once at 34824cf (the code of fc2b2eb), before any change; held out
                    ("heldout65", "en"): {"first": 45, "top3": 52, "refused": 0, "offtopic_refused": 15},
                    ("heldout65", "es"): {"first": 47, "top3": 53, "refused": 0, "offtopic_refused": 14},
                    # README-set66.md, README-set67.md: written and labelled at this round's start, measured
                    # once at d1547ea, after the round's changes (the same counts as fc2b2eb's); held out
                    ("heldout66", "en"): {"first": 46, "top3": 52, "refused": 0, "offtopic_refused": 12},
                    ("heldout66", "es"): {"first": 49, "top3": 52, "refused": 0, "offtopic_refused": 13},
                    ("heldout67", "en"): {"first": 47, "top3": 52, "refused": 0, "offtopic_refused": 13},
                    ("heldout67", "es"): {"first": 44, "top3": 51, "refused": 0, "offtopic_refused": 13}}


@pytest.mark.parametrize("name, lang", sorted(HELDOUT_MEASURED))
def test_relevance_of_a_measured_blind_set_keeps_what_it_was_measured_at(search_index, name, lang):
    queries = [q for q in load_part(name) if q["lang"] == lang]
    check_entries(queries, nonsense=False)
    scores = relevance_scores(queries, lang)
    figures = {"first": round(scores["rank1"] * scores["n"]), "top3": round(scores["top3"] * scores["n"]),
               "refused": sum(not searched(q["query"], lang)["matched"] for q in queries),
               "offtopic_refused": sum(not searched(q["query"], lang)["matched"]
                                       for q in load_part(f"nonsense-{name}") if q["lang"] == lang)}
    print(f"\n{name} ({lang}, {len(queries)} queries): {figures}")
    want = HELDOUT_MEASURED[name, lang]
    assert figures["first"] >= want["first"] and figures["top3"] >= want["top3"], figures
    assert figures["refused"] <= want["refused"] and figures["offtopic_refused"] >= want["offtopic_refused"], figures


def test_set_32s_words_a_dictated_article_the_dark_lord_and_a_keyword_asked_about(search_index):
    """Set 32 (spent): "er" (the Andalusian article), "illo" and the Dark Lord for the Shadow are
    read as the table says them, so a question about the Shadow's dice is not refused; what a
    keyword printed on a card means asks the rule, not the card's exact text."""
    dice = searched("illo, cuantos dados tiene er señor oscuro al principio", "es")
    assert dice["matched"] and "wotr-dice-count" in [r["label"] for r in dice["results"][:2]]
    doomed = searched("que significa eso de maldito que pone en la carta de encuentro", "es")
    assert doomed["matched"] and doomed["results"][0]["label"] == "lcg-doomed"
    assert [k for k, _p in search.outside_phrases("que pone en la carta de Grima exactamente")] == ["card-text"]


def test_set_32s_off_topic_a_digital_version_a_purchase_and_a_story_asked_why():
    """Set 32 (spent): playing against the computer, which box to buy and why the story's
    characters did not do something ask no rule."""
    for query, kind in (("se puede jugar contra la maquina en el ordenador", "other-editions"),
                        ("is there a digital version I can play against the AI", "other-editions"),
                        ("cual me compro primero, la caja basica o la expansion", "product"),
                        ("por que no llevaron a Frodo volando hasta el monte del destino", "lore")):
        assert kind in [k for k, _p in search.outside_phrases(query)], query
    assert search.outside_phrases("which box does a die go to when it shows the Eye?") == []


def test_set_33s_words_chat_shorthand_the_dice_faces_and_a_card_named_in_a_question(search_index):
    """Set 33 (spent): winning more dice is a rule, not which side wins more; the palantír die is
    the Event result and "keep" a verb unless a keep is said; a card's name keeps its words (the
    orcs of The Orcs' Search are no units); how a name is pronounced asks no rule."""
    dice = searched("como se ganan mas dados de accion durante la partida", "es")
    assert dice["matched"] and dice["results"][0]["label"] == "wotr-dice-count"
    palantir = searched("can I use the palantir die to draw a card", "en")
    assert palantir["matched"] and palantir["results"][0]["label"] == "wotr-dice-event"
    from adjudicator.search.vocabulary import read_vocabulary

    assert "Stronghold" not in read_vocabulary("can the shadow keep some dice", "en", lambda w: True)
    assert "Stronghold" in read_vocabulary("can my army stay in the keep", "en", lambda w: True)
    assert "units" not in read_vocabulary("how does the orcs' search work", "en", lambda w: True)
    assert "units" in read_vocabulary("how many orcs can stack", "en", lambda w: True)
    heroic = searched("heroic death combat card, who is removed", "en")
    assert heroic["results"][0]["label"] == "wotr-combat-heroic-death"
    assert "lore" in [k for k, _p in search.outside_phrases("como se pronuncia nazgul de verdad")]
    assert not searched("how do you pronounce nazgul properly", "en")["matched"]


def test_a_spanish_diminutive_is_read_as_the_word_it_comes_from():
    """"los nazgul solitos", "el muñequito", "un dadito": the table's diminutives; a word the
    reference knows as it is ("casilla") is left alone."""
    from adjudicator.search.vocabulary import read_vocabulary

    known = {"solos", "muneco", "dado", "casilla", "casa"}.__contains__
    assert read_vocabulary("los nazgul solitos pueden", "es", known) == "los nazgul solos pueden"
    assert read_vocabulary("un dadito y el muñequito", "es", known) == "un dado y el muñeco"
    assert read_vocabulary("la casilla", "es", known) == "la casilla"
    assert read_vocabulary("the little wizardito", "en", known) == "the little wizardito"


def test_set_34s_words_another_game_likened_an_edition_doubted_and_spanglish(search_index):
    """Set 34 (spent): a rule likened in passing to another game's ("like mill in mtg") or
    doubted as the first edition's ("o eso era en la primera edición") asks this game's rule;
    the English edition's words in a Spanish question ("at war", "path") and Mexican "nomás"
    are read; why the story's heroes did not do something asks no rule."""
    mill = searched("is the deck running out like mill in mtg, do you lose in the wotr card game", "en")
    assert mill["matched"] and mill["results"][0]["label"] == "wotrcg-running-out"
    edition = searched("me curo corrupcion al declarar la comunidad en una ciudad, o eso era en la primera edicion",
                       "es")
    assert edition["matched"] and edition["results"][0]["label"] == "wotr-fellowship-declare-heal"
    muster = searched("una nacion tiene que estar at war pa reclutar o nomas activa", "es")
    assert muster["matched"] and muster["results"][0]["label"] == "wotr-muster-at-war"
    assert not searched("why didnt they just ride the eagles", "en")["matched"]
    assert "other-games" in [k for k, _p in search.outside_phrases("is war of the ring better than mtg")]


def test_set_35s_words_what_a_die_buys_the_second_edition_and_a_card_by_its_proper_name(search_index):
    """Set 35 (spent): what a die result "buys me" is what it gives in play; a player who
    remembers the first edition and asks the second's rule gets it, while what changed between
    the editions is still no rule's; "Ella-Laraña" alone names her card; playing online, a
    similar game and which deck to build ask no rule."""
    buys = searched("what does one army result buy me, can I move two armies", "en")
    assert buys["matched"] and buys["results"][0]["label"] == "wotr-army-move"
    assert not searched("where can I buy the expansions", "en")["matched"]
    mouth = searched("in the first edition the Mouth of Sauron came in differently, what brings him into play "
                     "in the second edition?", "en")
    assert mouth["matched"] and mouth["results"][0]["label"] == "wotr-char-mouth-enter"
    assert not searched("what are the differences between the first and second edition", "en")["matched"]
    assert not searched("diferencias entre la primera y la segunda edicion", "es")["matched"]
    shelob = searched("ella laraña cuando se puede jugar", "es")
    assert shelob["matched"] and shelob["results"][0]["label"] == "wotr-card-sh-char-01"
    for query in ("hay version online pa jugar con mi pololo", "algun juego parecido pero mas corto",
                  "que mazo me armo en el lcg pa jugar sola"):
        assert not searched(query, "es")["matched"], query


def test_set_36s_words_a_phones_slips_cards_coming_out_and_catalan(search_index):
    """Set 36 (spent): cards that "come out" are revealed, no sortie; "fair dinkum" and Catalan's
    "ara", "doncs" are no words of the game; "hung box" is the Hunt Box; the best opening and who
    a character was before the story ask no rule, while "who was with them" still asks one."""
    surge = searched("if two surge cards come out back to back does it keep going", "en")
    assert surge["results"][0]["label"] == "lcg-surge"
    sortie = searched("can my army come out of the stronghold to fight", "en")
    assert sortie["results"][0]["label"] == "wotr-sortie"
    idle = searched("ara estamos en mordor i no quiero mover la comunidad, doncs pierdo corrupcion al final?", "es")
    assert idle["results"][0]["label"] == "wotr-mordor-idle"
    from adjudicator.search.vocabulary import read_vocabulary

    assert "Hunt Box" in read_vocabulary("hung box has 3 eyes", "en", lambda w: True)
    assert not searched("cual es la mejor apertura del pueblo libre", "es")["matched"]
    assert not searched("quien era el rey brujo antes de convertirse en nazgul", "es")["matched"]
    assert searched("all my units died in the battle, what happens to gandalf who was with them", "en")["matched"]


def test_set_37s_words_dropped_final_s_and_articles_before_a_noun(search_index):
    """Set 37 (spent): "de una" is "at once" only at the end of a clause, not in "de una región";
    "el juego de carta", as those who drop a final s say it, is the card game; the Eagles carrying
    Frodo, a card's sleeve and how long a whole game takes ask no rule, while "this game I take it"
    still asks one."""
    from adjudicator.search.vocabulary import read_vocabulary

    assert "ejércitos" not in read_vocabulary("sale de una region donde hay un Nazgul", "es", lambda w: True)
    assert "ejércitos" in read_vocabulary("lo muevo todo de una", "es", lambda w: True)
    assert "impacta" in read_vocabulary("le pega a 5", "es", lambda w: True)   # "a" is no Spanish article
    deck = searched("en el juego de carta si se me acaba el mazo pierdo o sigo jugando con lo que tengo en la mano?",
                    "es")
    assert deck["results"][0]["label"] == "wotrcg-running-out"
    assert not searched("why Gandalf no just use the eagles carry Frodo to Mordor", "en")["matched"]
    assert not searched("how long does one full game take", "en")["matched"]
    assert not searched("que tamaño de funda lleva la carta de combate", "es")["matched"]
    assert searched("No ZOC in this game I take it? Can my army march past an enemy army", "en")["matched"]


def test_a_card_typed_whole_goes_above_the_rule_it_belongs_to(search_index):
    """Sets 33, 35 and 37 (spent): The Orcs' Search named in a longer question goes above Scour,
    the keyword's section it sits under, in either language and with a final s dropped; a section
    of the card's own stays first ("cards under the orcs search")."""
    for query, lang in (("the orcs' search has some new keyword na? kindly explain how it works", "en"),
                        ("en The Orcs' Search / La Busqueda de lo Orco la palabra clave nueva esa como funciona, e "
                         "igual que Scour o e otra cosa?", "es")):
        assert searched(query, lang)["results"][0]["label"] == "lcg-orcs-search", query
    under = searched("are the cards under the orcs search in play", "en")
    assert under["results"][0]["label"] == "lcg-orcs-search-out-of-play"


def test_set_38_and_39s_words_scots_and_the_wotr_de_cartas(search_index):
    """Sets 38 and 39 (spent): the Scots words for what, do, with, from and you are no words of the
    game ("muster die, whit can ye dae wi it" was refused), "cannae" is "can't", and "he says" what
    someone at the table claims; "el WotR de cartas" is the card game; The Orcs' Search typed whole
    goes above the broad keywords chapter too."""
    from adjudicator.search.vocabulary import read_vocabulary

    assert searched("muster die, whit can ye dae wi it apart fae recruiting", "en")["matched"]
    assert read_vocabulary("naw that cannae be right", "en", lambda w: w != "cannae").split() == [
        "that", "can't", "be", "right"]
    corruption = searched("en el WotR de cartas qué pasa cuando la corrupción del Portador llega al máximo", "es")
    assert corruption["results"][0]["label"].startswith("wotrcg-")
    assert searched("The Orcs' Search q hace esa palabra clave", "es")["results"][0]["label"] == "lcg-orcs-search"


def test_sets_40_and_41s_players_cards_and_characters_coming_in(search_index):
    """Sets 40 and 41 (spent), and the same questions from writers before them: "3 players" is the
    card game's Three-Player Duel; a card's whole name in a question is never refused ("los
    corsarios de umbar ... por el mar"); when or where a character comes into play gets the section
    on bringing that character in, above its other sections ("¿En qué momento puede entrar la Boca
    de Sauron?"), but the Mouth entering a stronghold is its move."""
    from adjudicator.search.vocabulary import read_numbers

    assert read_numbers("card game 3 players, 4p, hits on 6", "en") == \
        "card game 3 three players, 4 four p, hits on 6"
    assert read_numbers("hits on 6 p", "en") == "hits on 6 p"
    three = searched("card game 3 players who plays what, one guy controls two factions?", "en")
    assert three["results"][0]["label"] == "wotrcg-scenario-three-player-duel"
    corsairs = searched("los corsarios de umbar como van lo de moverse por el mar, se pueden saltar regiones?", "es")
    assert corsairs["matched"] and corsairs["results"][0]["label"] == "wotr-card-sh-str-10"
    for query, lang, label in (("¿En qué momento puede entrar la Boca de Sauron?", "es", "wotr-char-mouth-enter"),
                               ("donde tiene que estar trancos para convertirse en aragorn", "es",
                                "wotr-char-aragorn-enter"),
                               ("el Rey Brujo cuando se puede poner en el tablero", "es",
                                "wotr-char-witch-king-enter")):
        assert searched(query, lang)["results"][0]["label"] == label, query
    moving = searched("la boca de sauron puede entrar en un baluarte de los PL", "es")
    assert moving["results"][0]["label"] == "wotr-character-mouth-of-sauron"


def test_sets_42_and_43s_card_game_name_lcg_players_and_stronger_rolls(search_index):
    """Sets 42 and 43 (spent): the board game's name said in the card game's is no words of a rule
    (its "Ring" had found the Ring tokens); the LCG's player counts are rules words; a roll made
    stronger is a rule; "once the" is "when"."""
    from adjudicator.search.routing import without_game_name

    assert without_game_name("In War of the Ring the card game, is it gone?", "en").split() == \
        ["In", "the", "card", "game,", "is", "it", "gone?"]
    assert without_game_name("in war of the ring can gollum guide", "en") == "in war of the ring can gollum guide"
    gone = searched("In War of the Ring the card game, when a card is eliminated instead of discarded, is it gone "
                    "for good or does it go somewhere I can get it back?", "en")
    assert gone["results"][0]["label"] == "wotrcg-procedure-eliminate"
    defend = searched("en el juego de cartas de la guerra del anillo los personajes pueden defender un camino o solo "
                      "sirven en los campos de batalla?", "es")
    assert defend["results"][0]["label"] == "wotrcg-play-character"
    time = searched("time 3 on a card in a 4 player game, is it 3 counters or 3 for each of us", "en")
    assert time["matched"] and time["results"][0]["label"] == "lcg-time-counters"
    stronger = searched("Do the dice I use to move the Fellowship go into the hunt box and make the next hunt roll "
                        "stronger?", "en")
    assert stronger["matched"] and stronger["results"][0]["label"] == "wotr-hunt-roll-bonus"
    # what a thing is for is its chapter's opening; its details stay first for any other question
    for query, lang in (("What is the reserve for in the card game and can I play cards out of it on a later turn?",
                         "en"), ("la reserva esa del juego de cartas pa que sirve", "es")):
        assert searched(query, lang)["results"][0]["label"] == "wotrcg-reserve", query
    assert searched("mouth of sauron requirements", "en")["results"][0]["label"] == "wotr-char-mouth-enter"
    # putting dice in the Hunt Box is allocating them (sets 40, 41 and 43)
    assert searched("how many eye dice is the Shadow allowed to chuck into the hunt box before rolling",
                    "en")["results"][0]["label"] == "wotr-hunt-allocation-maximum"
    assert searched("Osgiliath has this fortification symbol, what is the effect for the defender in battle?",
                    "en")["results"][0]["label"] == "wotr-fortifications"


def test_sets_44_and_45s_tags_guides_coming_out_and_opinions(search_index):
    """Sets 44 and 45 (spent): Singlish, Dominican and Salvadoran tags weigh as no word (a short
    question had been refused for them); a character who "comes out" comes into play; what one
    Companion does as the Guide is that Companion's section, the Guide at setup stays the setup's;
    an imbalanced game, the easier side and a trick to win are opinions."""
    tagged = searched("wah lau, eye tile got how much damage ah", "en")
    assert tagged["matched"] and tagged["results"][0]["label"] == "wotr-hunt-damage-eye"
    assert searched("when does gandalf the white come out", "en")["results"][0]["label"] == \
        "wotr-char-gandalf-white-enter"
    assert searched("Strider as the guide, what does he change in the hunt?", "en")["results"][0]["label"] == \
        "wotr-char-strider-guide"
    assert searched("¿Gandalf el Gris empieza siendo el Guía?", "es")["results"][0]["label"] == "wotr-setup-guide"
    for query, lang in (("is the game imbalanced for the shadow", "en"),
                        ("qué lado es más fácil para ganarle a mi primo", "es"),
                        ("klk, algún truco pa ganar con la sombra", "es")):
        assert not searched(query, lang)["matched"], query


def test_when_time_counters_come_off_the_bag_and_who_wins(search_index):
    """Misses shared by several spent sets' writers: when Time counters come off is the refresh
    phase's section (the last one's trigger stays its own); tiles put in the bag enter the Hunt Pool;
    who wins is the victory rules', but winning one location is its outcome."""
    for query, lang in (("time 2 on a location, at what point do the counters come off", "en"),
                        ("las fichas de time cuándo se quitan, en qué fase", "es")):
        assert searched(query, lang)["results"][0]["label"] == "lcg-time-refresh", query
    assert searched("if a card effect takes off the last time counter does the effect still go off", "en")[
        "results"][0]["label"] == "lcg-time-trigger"
    assert searched("las fichas especiales cuándo se meten en la bolsa", "es")["results"][0]["label"] == \
        "wotr-tiles-special-enter"
    assert searched("in the card game how do you count who wins after the last round", "en")["results"][0][
        "label"] == "wotrcg-victory-check"
    location = searched("en el juego de cartas quién gana un campo de batalla, el que tiene más fuerza?", "es")
    assert location["results"][0]["label"] != "wotrcg-victory-check"


def test_the_card_games_locations_its_end_and_its_player_counts(search_index):
    """Card-game misses shared by several spent sets' writers: the difference between a path and a
    battleground is the location cards'; when the game ends is its victory check; a question that
    says how many play gets that many's scenario; a tile that comes out ("cuando sale una ficha")
    is drawn, not a character coming into play."""
    assert searched("card game, whats the difference between a path and a battleground", "en")["results"][0][
        "label"] == "wotrcg-location-cards"
    for query, lang in (("when does the card game end, after the last path?", "en"),
                        ("juego de cartas: cuándo se acaba la partida?", "es")):
        assert searched(query, lang)["results"][0]["label"] == "wotrcg-victory-check", query
    assert searched("asedio cuantas rondas dura", "es")["results"][0]["label"].startswith("wotr-siege")
    for query, lang in (("3 player card game, who controls which faction", "en"),
                        ("a 3 jugadores en el de cartas quién lleva qué facción", "es")):
        assert searched(query, lang)["results"][0]["label"] == "wotrcg-scenario-three-player-duel", query
    assert searched("in the card game who controls which faction", "en")["results"][0]["label"] != \
        "wotrcg-scenario-three-player-duel"
    assert searched("qué pasa cuando sale la ficha del ojo en la caza", "es")["results"][0]["label"] == \
        "wotr-hunt-damage-eye"


def test_sets_46_and_47s_casualties_sides_and_order(search_index):
    """Sets 46 and 47 (spent), with misses shared by earlier writers: losing a Companion to the
    Hunt's damage is a casualty; a question that names one side gets that side's section of a rule
    said for each; what goes first ("qué se resuelve primero") asks the order."""
    for query, lang in (("when the hunt hits can i lose a companion instead of corruption", "en"),
                        ("puedo eliminar un compañero en vez de subir la corrupción", "es")):
        assert searched(query, lang)["results"][0]["label"] == "wotr-hunt-casualty", query
    for query, lang in (("si los pueblos libres cambian un dado con un anillo élfico, puede salir ojo?", "es"),
                        ("can the free peoples use an elven ring to turn a die into an eye", "en")):
        assert searched(query, lang)["results"][0]["label"] == "wotr-elven-rings-free-peoples", query
    assert searched("can the shadow use an elven ring to make an eye", "en")["results"][0]["label"] == \
        "wotr-elven-rings-shadow"
    assert searched("my corruption hit 12, is that an instant shadow win even though the fellowship is nearly at "
                    "mount doom?", "en")[
        "results"][0]["label"] == "wotr-victory-ring-shadow"
    assert searched("carta con oleada y condenado, qué se resuelve primero", "es")["results"][0]["label"] == \
        "lcg-surge-timing"


def test_sets_46_and_47s_tags_and_slang_are_not_refused(search_index):
    """Sets 46 and 47 (spent): two answerable questions had been refused, their Kiwi words
    weighing as unknown ones; the tags of the sets' four writers are words of no rule."""
    kick = searched("yeah nah, does doomed kick in during setup eh", "en")
    assert kick["matched"] and kick["results"][0]["label"].startswith("lcg-")
    munted = searched("my army got munted, what happens to the big bad ghosts with it", "en")
    assert munted["matched"]
    chuta = searched("chuta, de ley el ojo va a la caja de caza?", "es")
    assert chuta["matched"] and chuta["results"][0]["label"].startswith("wotr-")


def test_the_dice_of_a_battle_are_combat_dice(search_index):
    """Set 40 (spent): "how many dice do you roll in a battle" asks the combat dice's cap, not the
    Hunt's, though both stop at five."""
    capped = searched("how many dice max do you roll in a battle, is it capped at 5 even with a huge army?", "en")
    assert capped["results"][0]["label"] == "wotr-battle-combat-strength"
    assert searched("cuantos dados de batalla se tiran como maximo", "es")["results"][0]["label"] == \
        "wotr-battle-combat-strength"


def test_an_english_phrase_ending_in_the_still_applies():
    """The article check is Spanish only: the Scots "o the" is read however the noun after it goes."""
    from adjudicator.search.vocabulary import read_vocabulary

    assert read_vocabulary("end o the round", "en", lambda w: True).split() == ["end", "round"]
