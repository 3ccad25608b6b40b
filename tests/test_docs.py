"""The rules reference: both languages build cleanly and agree with the engine.

SLOW-ISH MODULE: it builds the docs in English and Spanish once per test session (about half
a minute), through ``adjudicator build docs --force`` in a subprocess with
``ADJUDICATOR_BUILD_DIR`` pointed at a temporary folder, and the gettext catalogues once.
Select it with ``pytest tests/test_docs.py``; deselect it with ``-k "not test_docs"``.

What a reader or a maintainer would check: every rule the engine can cite has a heading at
the same anchor in both languages, titled as ``rules.json`` says; the Spanish catalogues are
complete and current; the seeds are fully covered; the language switch opens the same page.
"""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from urllib.parse import urljoin, urlparse

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
LOCALE = DOCS / "locale" / "es" / "LC_MESSAGES"
LANGS = ("en", "es")
OTHER = {"en": "es", "es": "en"}
SEEDS = Path(os.environ.get("ADJUDICATOR_SEEDS", ROOT.parent / "shared" / "seeds"))

GLOSSARY_TERMS = {
    "Action die": "dado de Acción", "Army": "ejército", "At War": "En Guerra", "Besieged": "asediado",
    "Character": "personaje", "City": "Ciudad", "Combat strength": "fuerza de combate",
    "Companion": "Compañero", "Corruption": "Corrupción", "Elite": "Élite", "Elven Ring": "Anillo Élfico",
    "Event card": "carta de Evento", "Fellowship": "Comunidad",
    "Fellowship Progress counter": "ficha de Avance de la Comunidad", "Fortification": "Fortificación",
    "Free Peoples": "Pueblos Libres", "Free region": "región libre", "Guide": "Guía",
    "Hunt Box": "Casilla de Búsqueda", "Hunt Pool": "reserva de Búsqueda", "Hunt tile": "loseta de Búsqueda",
    "Leader": "Líder", "Leadership": "liderazgo", "Minion": "Servidor", "Mordor Track": "marcador de Mordor",
    "Muster": "Alistar", "Nazgûl": "Nazgûl", "Political Track": "Marcador Político", "Regular": "Regular",
    "Reveal": "descubrir", "Ring-bearers": "Portadores del Anillo", "Settlement": "asentamiento",
    "Shadow": "Sombra", "Siege": "asedio", "Sortie": "salida", "Stronghold": "Baluarte", "Town": "Villa",
    "Will of the West": "Voluntad de Occidente", "Stacking limit": "límite de apilamiento",
    "Victory points": "puntos de victoria", "Path": "camino", "Battleground": "campo de batalla",
    "Carryover limit": "límite de cartas acumulables", "Cycle": "ciclar", "Forsake": "renunciar",
    "Reserve": "reserva", "Cycle pile": "pila de ciclado", "Eliminate": "eliminar", "Winnow": "cribar",
    "Ring token": "ficha de Anillo", "Corruption token": "ficha de corrupción",
    "Leadership icon": "icono de liderazgo", "Combat token": "ficha de combate",
    "Scoring area": "zona de puntuación", "Skull": "calavera", "Shield": "escudo", "Item": "objeto",
    "Wielder": "portador", "Encounter card": "carta de Encuentro", "Threat": "Amenaza",
    "Refresh phase": "fase de Recuperación", "Time counter": "contador de Tiempo", "Location": "Lugar",
    "Quest points": "puntos de misión", "Attachment": "carta Vinculada", "Objective": "Objetivo",
    "First player": "jugador inicial", "Staging area": "área de preparación",
    "Captain of the West": "Capitán de Occidente", "Guide ability": "habilidad de Guía", "Level": "nivel",
    "Character card": "carta de Personaje", "Strategy card": "carta de Estrategia", "Combat card": "carta de combate",
    "Initiative": "iniciativa", "Table card": "carta de mesa",
}


def rules() -> dict[str, dict]:
    return json.loads((ROOT / "adjudicator" / "data" / "rules.json").read_text(encoding="utf-8"))["rules"]


# -- the session build ------------------------------------------------------------------------------

# ``built`` (both languages built once per session) lives in tests/conftest.py: the search
# and web tests reuse the same build.


@pytest.fixture(scope="session")
def html(built) -> dict[str, Path]:
    if built["proc"].returncode != 0:
        pytest.fail("the docs did not build:\n" + built["proc"].stderr[-6000:])
    return {lang: built["dir"] / "docs" / lang for lang in LANGS}


@pytest.fixture(scope="session")
def inventories(html) -> dict[str, dict[str, dict]]:
    """lang -> object type (``std:label``, ``std:term`` ...) -> name -> (uri, display name)."""
    from sphinx.util.inventory import InventoryFile

    out = {}
    for lang, folder in html.items():
        with (folder / "objects.inv").open("rb") as fh:
            inv = InventoryFile.load(fh, "", lambda base, uri: uri)
        out[lang] = {kind: {name: (item.uri, item.display_name) for name, item in entries.items()}
                     for kind, entries in inv.items()}
    return out


@pytest.fixture(scope="session")
def pot_dir(tmp_path_factory) -> Path:
    """The current English message catalogues (gettext builder)."""
    out = tmp_path_factory.mktemp("pot")
    proc = subprocess.run([sys.executable, "-m", "sphinx", "-q", "-b", "gettext", str(DOCS), str(out)],
                          cwd=ROOT, capture_output=True, text=True, timeout=900,
                          env={**os.environ, "PYTHONWARNINGS": "ignore"})
    assert proc.returncode == 0, proc.stderr[-4000:]
    return out


# -- building ---------------------------------------------------------------------------------------

def test_both_languages_build_without_warnings(built):
    proc = built["proc"]
    assert proc.returncode == 0, proc.stderr[-6000:]
    assert "WARNING" not in proc.stderr and "ERROR" not in proc.stderr, proc.stderr[-6000:]
    for lang in LANGS:
        folder = built["dir"] / "docs" / lang
        assert (folder / "index.html").is_file() and (folder / "objects.inv").is_file()


def test_a_language_is_skipped_while_its_inputs_are_unchanged(built, html, monkeypatch):
    """The stamp records the hash of the inputs; the same hash skips, another one rebuilds.

    The hash is pinned here because other work may change the tree while the tests run.
    """
    from adjudicator import build, paths

    monkeypatch.setattr(paths, "BUILD", built["dir"])
    stamps = {lang: json.loads((html[lang] / build.STAMP_NAME).read_text(encoding="utf-8")) for lang in LANGS}
    assert all(re.fullmatch(r"[0-9a-f]{64}", stamp["hash"]) for stamp in stamps.values())
    assert stamps["en"]["hash"] == stamps["es"]["hash"]
    assert all(build.docs_ready(lang) for lang in LANGS)
    monkeypatch.setattr(build, "source_hash", lambda: stamps["en"]["hash"])
    lines: list[str] = []
    report = build.build_docs(progress=lines.append)
    assert all(report["langs"][lang]["skipped"] for lang in LANGS)
    assert sum("up to date" in line for line in lines) == 2
    assert not build.up_to_date("en", current_hash="0" * 64)


def test_the_input_hash_follows_the_docs_sources(tmp_path, monkeypatch):
    from adjudicator import build, paths

    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "page.md").write_text("# One\n", encoding="utf-8")
    monkeypatch.setattr(paths, "ROOT", tmp_path)
    monkeypatch.setattr(paths, "DOCS_SRC", docs)
    monkeypatch.setattr(paths, "SCENARIOS", tmp_path / "scenarios")
    before = build.source_hash()
    (docs / "page.md").write_text("# Two\n", encoding="utf-8")
    changed = build.source_hash()
    assert changed != before
    (docs / "page.mo").write_bytes(b"compiled catalogue")  # build artefacts do not count
    assert build.source_hash() == changed


def test_an_unknown_build_target_is_a_clear_error_not_a_traceback(capsys):
    from adjudicator import build

    assert build.main("everything") == 1
    err = capsys.readouterr().err
    assert "Unknown build target" in err and "Traceback" not in err


# -- labels -----------------------------------------------------------------------------------------

def test_at_least_150_labels():
    assert len(rules()) >= 150


def test_same_labels_at_the_same_anchors_in_both_languages(inventories):
    en, es = inventories["en"]["std:label"], inventories["es"]["std:label"]
    assert set(en) == set(es), set(en) ^ set(es)
    differing = {name: (en[name][0], es[name][0]) for name in en if en[name][0] != es[name][0]}
    assert not differing


@pytest.mark.parametrize("lang", LANGS)
def test_every_rule_label_is_at_its_page_with_its_title(inventories, lang):
    labels = inventories[lang]["std:label"]
    problems = []
    for label, entry in rules().items():
        want_uri = f"{entry['page']}.html#{label}"
        if label not in labels:
            problems.append(f"{label}: missing")
            continue
        uri, title = labels[label]
        if uri != want_uri:
            problems.append(f"{label}: at {uri}, expected {want_uri}")
        if title != entry["title"][lang]:
            problems.append(f"{label}: titled {title!r}, expected {entry['title'][lang]!r}")
    assert not problems, "\n".join(problems)


def scenario_files() -> list[Path]:
    return sorted(p for p in (ROOT / "scenarios").rglob("*.y*ml") if p.suffix in (".yaml", ".yml"))


def test_every_label_cited_by_a_scenario_exists_in_both_languages(inventories):
    from adjudicator import api
    from adjudicator.problems import ScenarioInvalid

    cited: dict[str, str] = {}
    files = scenario_files()
    assert files, "no scenarios found"
    for path in files:
        try:
            ruling = api.ask_text(path.read_text(encoding="utf-8"))
        except ScenarioInvalid:
            continue  # an unreadable scenario cites nothing; the scenario tests report it
        for step in ruling["explanation"]:
            if step["rule"]:
                cited.setdefault(step["rule"], path.name)
    assert cited
    for lang in LANGS:
        missing = {label: where for label, where in cited.items() if label not in inventories[lang]["std:label"]}
        assert not missing, f"{lang}: labels cited by scenarios but not in the docs: {missing}"


# -- glossary -----------------------------------------------------------------------------------

def test_glossary_has_exactly_the_agreed_terms_in_both_languages(inventories):
    en = inventories["en"].get("std:term", {})
    assert set(en) == set(GLOSSARY_TERMS), set(en) ^ set(GLOSSARY_TERMS)
    assert all(uri.startswith("glossary.html#") for uri, _ in en.values())
    # The Spanish glossary keeps the English term anchors (so {term}`Spanish <English>` links
    # work) and adds the Spanish terms at the same places.
    es = inventories["es"].get("std:term", {})
    for term, spanish in GLOSSARY_TERMS.items():
        assert es.get(term, (None,))[0] == en[term][0], term
        assert es.get(spanish, (None,))[0] == en[term][0], spanish


def test_spanish_glossary_shows_the_spanish_terms(html):
    page = (html["es"] / "glossary.html").read_text(encoding="utf-8")
    terms = re.findall(r'<dt id="term-[^"]*">(.*?)<a class="headerlink', page, re.S)
    shown = {re.sub(r"<[^>]+>", "", m).strip() for m in terms}
    assert shown == set(GLOSSARY_TERMS.values()), set(GLOSSARY_TERMS.values()) ^ shown


# -- catalogues ---------------------------------------------------------------------------------

def po_files() -> list[Path]:
    return sorted(LOCALE.rglob("*.po"))


ROLE = re.compile(r"\{(ref|doc|term)\}`([^`]*)`")


def role_targets(text: str) -> list[tuple[str, str]]:
    """The targets of the {ref}/{doc}/{term} roles in a message: a translation keeps them."""
    out = []
    for role, body in ROLE.findall(text):
        m = re.search(r"<([^<>]+)>\s*$", body)
        out.append((role, (m.group(1) if m else body).strip()))
    return sorted(out)


def test_every_catalogue_is_fully_translated_and_not_fuzzy():
    from babel.messages.pofile import read_po

    problems = []
    for po in po_files():
        with po.open("rb") as fh:
            catalog = read_po(fh)
        rel = po.relative_to(LOCALE)
        for message in catalog:
            if not message.id:
                continue
            if message.fuzzy:
                problems.append(f"{rel}: fuzzy: {message.id[:60]!r}")
            if not message.string:
                problems.append(f"{rel}: untranslated: {message.id[:60]!r}")
            elif role_targets(message.id) != role_targets(message.string):
                problems.append(f"{rel}: links differ in {message.id[:60]!r}")
    assert po_files()
    assert not problems, "\n".join(problems)


def test_msgfmt_accepts_every_catalogue():
    if subprocess.run(["which", "msgfmt"], capture_output=True).returncode != 0:
        pytest.skip("msgfmt is not installed")
    for po in po_files():
        proc = subprocess.run(["msgfmt", "--check", "--statistics", "-o", os.devnull, str(po)],
                              capture_output=True, text=True)
        assert proc.returncode == 0, proc.stderr
        assert "untranslated" not in proc.stderr and "fuzzy" not in proc.stderr, (po, proc.stderr)


def test_catalogues_hold_every_current_english_message(pot_dir):
    """A page edited in English without updating its .po shows English on the Spanish site."""
    from babel.messages.pofile import read_po

    problems = []
    for pot in sorted(pot_dir.rglob("*.pot")):
        rel = pot.relative_to(pot_dir).with_suffix(".po")
        with pot.open("rb") as fh:
            wanted = {m.id for m in read_po(fh) if m.id}
        po = LOCALE / rel
        if not po.is_file():
            problems.append(f"{rel}: missing ({len(wanted)} messages)")
            continue
        with po.open("rb") as fh:
            have = {m.id for m in read_po(fh) if m.id and m.string and not m.fuzzy}
        for msgid in sorted(wanted - have):
            problems.append(f"{rel}: not translated: {msgid[:70]!r}")
    assert not problems, "\n".join(problems)


def test_generated_examples_and_tables_stay_out_of_the_catalogues(pot_dir):
    """Rulings and data tables are generated in the build's language; gettext must skip them."""
    import yaml

    text = "\n".join(p.read_text(encoding="utf-8") for p in pot_dir.rglob("*.pot"))
    generated = ["borders that can be crossed", "Steps from At War at start", "Starting army"]
    for md in DOCS.rglob("*.md"):
        for rel in re.findall(r"```\{ruling\}\s+(\S+)", md.read_text(encoding="utf-8")):
            scenario = ROOT / rel
            if scenario.is_file():
                title = (yaml.safe_load(scenario.read_text(encoding="utf-8")) or {}).get("title")
                if isinstance(title, dict):
                    generated.extend(t for t in title.values() if t)
                elif title:
                    generated.append(title)
    assert len(generated) > 3
    leaked = [g for g in generated if g in text]
    assert not leaked, leaked


# -- coverage of the seeds ------------------------------------------------------------------------

def test_every_seed_paragraph_maps_to_existing_labels():
    data = json.loads((DOCS / "coverage_map.json").read_text(encoding="utf-8"))["seeds"]
    known = rules()
    assert set(data) == {"000", "001", "002", "004"}
    for seed_id, seed in data.items():
        numbers = sorted(int(n) for n in seed["paragraphs"])
        assert numbers == list(range(1, len(numbers) + 1)), seed_id
        for number, entry in seed["paragraphs"].items():
            assert entry["labels"], f"seed {seed_id} ¶{number} has no label"
            unknown = [label for label in entry["labels"] if label not in known]
            assert not unknown, f"seed {seed_id} ¶{number}: unknown labels {unknown}"
        files = sorted(SEEDS.glob(f"{seed_id}_*.txt")) if SEEDS.is_dir() else []
        if files:
            lines = [line.strip() for line in files[0].read_text(encoding="utf-8").splitlines() if line.strip()]
            assert len(lines) == len(numbers), f"seed {seed_id}: {len(lines)} paragraphs, map has {len(numbers)}"
            for number, entry in seed["paragraphs"].items():
                first = entry["words"].rstrip(" …").split()
                assert lines[int(number) - 1].split()[:len(first)] == first, (seed_id, number)


def test_coverage_page_links_every_mapped_label(html):
    page = (html["en"] / "coverage.html").read_text(encoding="utf-8")
    data = json.loads((DOCS / "coverage_map.json").read_text(encoding="utf-8"))["seeds"]
    mapped = {label for seed in data.values() for e in seed["paragraphs"].values() for label in e["labels"]}
    linked = set(re.findall(r'href="[^"#]*#([a-z0-9-]+)"', page))
    assert mapped <= linked, mapped - linked


def _visible_text(page: str) -> str:
    body = re.sub(r"(?s)<(script|style)\b.*?</\1>", " ", page)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", body))


@pytest.mark.parametrize("lang", LANGS)
def test_pages_name_their_sources_by_title_and_the_product_by_its_name(html, lang):
    """No page says "seed 000" (a maintainers' word): a source is its document's title,
    linked to its section of the coverage page; and the product is Adjudicator, a name."""
    seeds = json.loads((DOCS / "coverage_map.json").read_text(encoding="utf-8"))["seeds"]
    sources = 0
    for path in sorted(html[lang].rglob("*.html")):
        if "_static" in path.parts or path.name in ("search.html", "genindex.html"):
            continue
        page = path.read_text(encoding="utf-8")
        words = _visible_text(page)
        assert not re.search(r"\b(?:seeds?|semillas?)\b", words, re.I), path
        assert not re.search(r"\b(?:the|el|del|al) adjudica(?:tor|dor)\b", words, re.I), path
        for seed_id, seed in seeds.items():
            link = re.escape(f"#source-{seed_id}")
            found = re.findall(rf'<em><a [^>]*href="[^"]*{link}"><span[^>]*>([^<]+)</span></a></em>', page)
            assert all(title == seed["cite"] for title in found), (path, found)
            sources += len(found)
    assert sources > 200                     # every rule's Source line names its documents
    coverage = (html[lang] / "coverage.html").read_text(encoding="utf-8")
    for seed_id, seed in seeds.items():
        assert f'id="source-{seed_id}"' in coverage and seed["cite"] in coverage
        assert seed["file"] not in coverage                 # the file name is the maintainers' business


# -- pages ----------------------------------------------------------------------------------------

PAGES = ["index", "glossary", "board/index", "board/hunt", "cardgame/combat", "lcg/keywords",
         "reference/regions", "rules-index"]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("page", PAGES)
def test_language_switch_opens_the_same_page_in_the_other_language(html, lang, page):
    source = (html[lang] / f"{page}.html").read_text(encoding="utf-8")
    hrefs = re.findall(r'<a class="language-switch" href="([^"]+)"', source)
    assert hrefs, f"no language switch on {lang}/{page}"
    here = f"http://host/{lang}/docs/{page}.html"
    for href in hrefs:
        target = urlparse(urljoin(here, href)).path
        assert target == f"/{OTHER[lang]}/docs/{page}.html"
        assert (html[OTHER[lang]] / f"{page}.html").is_file()


def test_language_switch_script_keeps_the_anchor(html):
    script = (html["en"] / "_static" / "language-switch.js").read_text(encoding="utf-8")
    assert "location.hash" in script
    assert "language-switch.js" in (html["en"] / "index.html").read_text(encoding="utf-8")


def test_start_page_reaches_every_rule_in_two_clicks(html):
    """Start page -> chapter page -> rule: the chapter pages' tables of contents list every rule
    (and the Hunt tiles page, linked from the start page too, is one of the board chapters)."""
    start = (html["en"] / "index.html").read_text(encoding="utf-8")
    chapter_pages = {"board/index", "cards/index", "cardgame/index", "lcg/index"}
    for chapter in chapter_pages:
        assert f'href="{chapter}.html"' in start, chapter
    reachable: set[str] = set()
    for chapter in chapter_pages:
        body = (html["en"] / f"{chapter}.html").read_text(encoding="utf-8")
        reachable |= set(re.findall(r'href="[^"#]*#([a-z0-9-]+)"', body))
    first_labels = {}
    for label, entry in rules().items():
        first_labels.setdefault(entry["page"], label)
    # a page's first label is its title: the toctree links the page itself, not an anchor
    unreachable = [label for label, entry in rules().items()
                   if label not in reachable and first_labels[entry["page"]] != label]
    assert not unreachable, unreachable


@pytest.mark.parametrize("lang", LANGS)
def test_reference_tables_come_from_the_data_in_the_build_language(html, lang):
    regions = json.loads((ROOT / "adjudicator" / "data" / "regions.json").read_text(encoding="utf-8"))["regions"]
    page = (html[lang] / "reference" / "regions.html").read_text(encoding="utf-8")
    assert len(re.findall(r'<tr class="row-(?:odd|even)" id="region-', page)) == len(regions)
    assert ("Rivendel" if lang == "es" else "Rivendell") in page
    header = "Regiones adyacentes" if lang == "es" else "Adjacent regions"
    assert header in page


@pytest.mark.parametrize("lang", LANGS)
def test_worked_examples_are_rulings_in_the_build_language(html, lang):
    pages = [p for p in DOCS.rglob("*.md") if "```{ruling}" in p.read_text(encoding="utf-8")]
    assert pages
    answer = "Respuesta" if lang == "es" else "Answer"
    for md in pages:
        rel = md.relative_to(DOCS).with_suffix(".html")
        body = (html[lang] / rel).read_text(encoding="utf-8")
        assert 'class="worked-example' in body, rel
        assert f"<strong>{answer}: </strong>" in body, rel


def test_a_missing_worked_example_fails_the_strict_build(tmp_path):
    """A page whose scenario file is gone must not build silently without its example."""
    src = tmp_path / "src"
    src.mkdir()
    (src / "conf.py").write_text(
        "import sys\n"
        f"sys.path.insert(0, {str(DOCS / '_ext')!r})\n"
        "extensions = ['myst_parser', 'worked_examples']\n", encoding="utf-8")
    (src / "index.md").write_text("# Page\n\n```{ruling} scenarios/no/such-scenario.yaml\n```\n", encoding="utf-8")
    proc = subprocess.run([sys.executable, "-m", "sphinx", "-W", "-q", "-b", "html", str(src), str(tmp_path / "out")],
                          cwd=ROOT, capture_output=True, text=True, timeout=300,
                          env={**os.environ, "PYTHONWARNINGS": "ignore"})
    assert proc.returncode != 0
    assert "cannot read scenario 'scenarios/no/such-scenario.yaml'" in proc.stderr


@pytest.mark.parametrize("lang", LANGS)
def test_each_page_is_titled_by_its_first_rule_and_keeps_the_rules_in_order(html, inventories, lang):
    pages: dict[str, list[str]] = {}
    for label, entry in rules().items():
        pages.setdefault(entry["page"], []).append(label)
    docs = inventories[lang]["std:doc"]
    problems = []
    for page, labels in pages.items():
        first_title = rules()[labels[0]]["title"][lang]
        if docs.get(page, (None, None))[1] != first_title:
            problems.append(f"{page}: titled {docs.get(page, (None, None))[1]!r}, expected {first_title!r}")
        body = (html[lang] / f"{page}.html").read_text(encoding="utf-8")
        order = [i for i in re.findall(r'<section id="([^"]+)"', body) if i in labels]
        if order != labels:
            problems.append(f"{page}: rules in the order {order}, expected {labels}")
    assert not problems, "\n".join(problems)
