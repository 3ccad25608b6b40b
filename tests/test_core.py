"""The engine's envelope, input errors, names, catalogues and command line."""
from __future__ import annotations

import json
import re
import string
import subprocess
import sys
from pathlib import Path

import pytest

from adjudicator import api, data, names
from adjudicator.i18n import LANGS, catalogue, domains
from adjudicator.problems import ScenarioInvalid

ROOT = Path(__file__).resolve().parents[1]
CLI = [sys.executable, "-m", "adjudicator"]


def errors_of(scenario, lang=None):
    with pytest.raises(ScenarioInvalid) as exc:
        api.ask(scenario, lang)
    return {e["path"]: e["message"] for e in exc.value.as_dicts(lang or scenario.get("lang", "en"))}


# -- names ---------------------------------------------------------------------------

@pytest.mark.parametrize("typed, region", [
    ("Barad-dûr", "barad-dur"), ("barad dur", "barad-dur"), ("BARADDUR", "barad-dur"),
    ("Rivendel", "rivendell"), ("rivendell", "rivendell"), ("La Comarca", "the-shire"),
    ("helms deep", "helms-deep"), ("Abismo de Helm", "helms-deep"), ("Lorien", "lorien"),
    ("Lórien", "lorien"), ("Oestemnet", "westemnet"), ("Acebeda", "hollin"),
])
def test_region_names_in_both_languages_ignore_case_accents_and_punctuation(typed, region):
    assert names.regions().lookup(typed) == region


def test_unknown_region_suggests_the_closest_names():
    assert "Minas Tirith" in names.regions().suggest("Minas Tirit")


def test_nation_and_character_names_in_spanish():
    assert names.nations().lookup("Hombres del Sur y del Este") == "southrons"
    assert names.characters().lookup("Trancos") == "strider"
    assert names.characters().lookup("el rey brujo") == "witch-king"


# -- problems: all at once, with paths, in the user's language ------------------------------

BROKEN = {
    "game": "war-of-the-ring",
    "lang": "es",
    "position": {
        "regions": {"Minas Tirit": {"free_peoples": {"gondor": {"regular": -1}}}},
        "politics": {"gondor": {"steps": 9}},
        "fellowship": {"corruption": "a lot"},
    },
    "question": {"kind": "hunt-roll", "rols": [1, 2]},
}


def test_every_problem_is_reported_at_once_with_its_path():
    errs = errors_of(BROKEN)
    assert set(errs) == {
        "position.regions.Minas Tirit",
        "position.regions.Minas Tirit.free_peoples.gondor.regular",   # checked under the bad name too
        "position.politics.gondor.steps",
        "position.fellowship.corruption",
        "question.rols",
    }
    assert "Minas Tirith" in errs["position.regions.Minas Tirit"]
    assert "rolls" in errs["question.rols"]


def test_problems_are_in_the_scenario_language():
    es = errors_of(BROKEN)
    en = errors_of({**BROKEN, "lang": "en"})
    assert "Región desconocida" in es["position.regions.Minas Tirit"]
    assert "Unknown region" in en["position.regions.Minas Tirit"]
    assert "número entero" in es["position.fellowship.corruption"]


def test_negative_unit_count_is_an_impossible_count():
    scenario = {"game": "war-of-the-ring", "position": {"regions": {"Minas Tirith": {
        "free_peoples": {"gondor": {"regular": -1}}}}}, "question": {"kind": "hunt-roll"}}
    errs = errors_of(scenario)
    assert list(errs) == ["position.regions.Minas Tirith.free_peoples.gondor.regular"]


BAD_COUNTS = {"regular": -2, "elite": "tres"}


@pytest.mark.parametrize("region", ["Minas Tirth", "Minas Tirith"])
def test_what_is_under_an_unknown_region_or_nation_is_checked_too(region):
    scenario = {"game": "war-of-the-ring", "position": {"regions": {region: {
        "free_peoples": {"gondr": BAD_COUNTS}}}}, "question": {"kind": "hunt-roll"}}
    at = f"position.regions.{region}.free_peoples.gondr"
    errs = errors_of(scenario)
    unknown_region = {f"position.regions.{region}"} if region == "Minas Tirth" else set()
    assert set(errs) == {at, f"{at}.regular", f"{at}.elite"} | unknown_region
    assert "Gondor" in errs[at] and "-2" in errs[f"{at}.regular"]


def test_an_unknown_region_still_reports_its_own_fields():
    scenario = {"game": "war-of-the-ring", "position": {"regions": {"Nowhere": {
        "control": "elves", "shadow": {"sauron": {"elite": 99}}, "armys": 1}}}, "question": {"kind": "hunt-roll"}}
    errs = errors_of(scenario)
    assert set(errs) == {"position.regions.Nowhere", "position.regions.Nowhere.control",
                         "position.regions.Nowhere.shadow.sauron.elite", "position.regions.Nowhere.armys"}


def test_values_under_unknown_nations_of_politics_and_reinforcements_are_checked():
    scenario = {"game": "war-of-the-ring", "position": {
        "politics": {"gondr": {"steps": 9}}, "reinforcements": {"rohn": {"regular": "many"}},
        "regions": {"Osgiliath": {"free_peoples": {"sauron": {"regular": -1}}}}}, "question": {"kind": "hunt-roll"}}
    errs = errors_of(scenario)
    assert {"position.politics.gondr", "position.politics.gondr.steps", "position.reinforcements.rohn",
            "position.reinforcements.rohn.regular", "position.regions.Osgiliath.free_peoples.sauron",
            "position.regions.Osgiliath.free_peoples.sauron.regular"} == set(errs)


@pytest.mark.parametrize("box", [1.5, True, "three", [2]])
@pytest.mark.parametrize("lang, words", [("en", ("whole number", "mapping")), ("es", ("número entero", "mapa"))])
def test_a_hunt_box_of_neither_shape_names_both_shapes(box, lang, words):
    scenario = {"game": "war-of-the-ring", "lang": lang, "position": {"hunt": {"box": box}},
                "question": {"kind": "hunt-roll"}}
    message = errors_of(scenario)["position.hunt.box"]
    assert all(w in message for w in words) and "shadow" in message and "free_peoples" in message


@pytest.mark.parametrize("box, dice", [(3, 3), ("2", 2), (1.0, 1), ({"shadow": 4}, 4)])
def test_a_hunt_box_as_a_count_or_a_mapping_is_read(box, dice):
    scenario = {"game": "war-of-the-ring", "position": {"hunt": {"box": box}}, "question": {"kind": "hunt-roll"}}
    assert api.ask(scenario)["verdict"]["dice"] == dice


def test_envelope_problems():
    errs = errors_of({"game": "chess", "lang": "fr", "question": {}, "extra": 1})
    assert set(errs) == {"game", "lang", "extra"}
    errs = errors_of({"game": "war-of-the-ring"})
    assert "question" in errs


def test_unknown_kind_lists_the_kinds():
    errs = errors_of({"game": "war-of-the-ring", "question": {"kind": "hunt-rol"}})
    assert "hunt-roll" in errs["question.kind"]


def test_yaml_is_loaded_safely():
    with pytest.raises(ScenarioInvalid) as exc:
        api.load_text("!!python/object/apply:os.system ['echo pwned']")
    assert exc.value.problems[0].key == "core.err_yaml_tag"   # refused before anything is built


def test_a_nation_of_the_other_side_is_refused():
    errs = errors_of({"game": "war-of-the-ring", "position": {"regions": {"Moria": {
        "free_peoples": {"sauron": {"regular": 1}}}}}, "question": {"kind": "hunt-roll"}})
    assert list(errs) == ["position.regions.Moria.free_peoples.sauron"]


def test_armies_of_both_sides_need_a_siege():
    errs = errors_of({"game": "war-of-the-ring", "position": {"regions": {"Edoras": {
        "free_peoples": {"rohan": {"regular": 1}}, "shadow": {"isengard": {"regular": 1}}}}},
        "question": {"kind": "hunt-roll"}})
    assert list(errs) == ["position.regions.Edoras"]


# -- rulings -----------------------------------------------------------------------------

def test_a_decided_ruling_cites_existing_labels_with_urls_in_its_language():
    ruling = api.ask({"game": "war-of-the-ring", "lang": "es", "position": {"hunt": {"box": {"shadow": 3}}},
                      "question": {"kind": "hunt-roll"}})
    assert ruling["verdict"]["status"] == "decided"
    assert ruling["citations"]
    for c in ruling["citations"]:
        assert c["rule"] in data.rules()
        assert c["url"].startswith("/es/docs/") and c["url"].endswith("#" + c["rule"])
        assert c["title"] == data.rules()[c["rule"]]["title"]["es"]
    assert {s["rule"] for s in ruling["explanation"]} == {c["rule"] for c in ruling["citations"]}


def test_lang_override_wins_over_the_scenario():
    ruling = api.ask({"game": "war-of-the-ring", "lang": "es", "question": {"kind": "hunt-roll"}}, "en")
    assert ruling["lang"] == "en" and ruling["citations"][0]["url"].startswith("/en/")


# -- catalogues and labels -----------------------------------------------------------------

def _placeholders(text: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(text) if f}


@pytest.mark.parametrize("domain", domains())
def test_every_message_exists_in_both_languages_with_the_same_placeholders(domain):
    for key, entry in catalogue(domain).items():
        assert key.startswith(domain + "."), key
        assert set(entry) >= set(LANGS), key
        assert all(entry[lang].strip() for lang in LANGS), key
        assert _placeholders(entry["en"]) == _placeholders(entry["es"]), key


def test_rule_labels_are_stable_tokens_with_titles_in_both_languages():
    rules = data.rules()
    assert len(rules) >= 150
    for label, entry in rules.items():
        assert re.fullmatch(r"[a-z0-9-]+", label)
        assert entry["title"]["en"] and entry["title"]["es"]
        assert re.fullmatch(r"[a-z0-9/-]+", entry["page"])


def test_message_keys_used_in_code_exist():
    """Every literal catalogue key in the engine's code exists (catches typos before users do)."""
    keys = set()
    for domain in domains():
        keys |= set(catalogue(domain))
    prefixes = "core|hunt|fellowship|victory|dice|movement|battle|muster|politics|cardgame|lcg"
    pattern = re.compile(rf"""["']((?:{prefixes})\.[a-z0-9_]+)["']""")
    # Paths of the position that kinds declare they read ("fellowship.region") look like keys.
    from adjudicator import registry
    keys |= {path for spec in registry.specs() for path in spec.position}
    missing = []
    for path in (ROOT / "adjudicator").rglob("*.py"):
        for key in pattern.findall(path.read_text(encoding="utf-8")):
            if key not in keys and not key.endswith("_"):
                missing.append((path.name, key))
    assert not missing


# -- the command line ------------------------------------------------------------------------

def run_cli(*args, stdin=None):
    return subprocess.run([*CLI, *args], input=stdin, capture_output=True, text=True, cwd=ROOT)


def test_ask_exit_0_and_json(tmp_path):
    f = tmp_path / "s.yaml"
    f.write_text("game: war-of-the-ring\nquestion: {kind: hunt-roll}\nposition: {hunt: {box: {shadow: 2}}}\n")
    out = run_cli("ask", str(f), "--json")
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["verdict"]["dice"] == 2


def test_ask_reads_standard_input_and_prints_text():
    out = run_cli("ask", "-", "--lang", "es", stdin="game: war-of-the-ring\nquestion: {kind: hunt-roll}\n")
    assert out.returncode == 0
    assert "Por qué" in out.stdout and "/es/docs/" in out.stdout


HUNT_ROLL = "game: war-of-the-ring\nquestion: {kind: hunt-roll}\nposition: {hunt: {box: {shadow: 2}}}\n"


@pytest.mark.parametrize("lang", LANGS)
def test_text_output_labels_the_verdict_then_steps_then_rules_with_full_addresses(lang):
    from adjudicator import registry

    out = run_cli("ask", "-", "--lang", lang, stdin=HUNT_ROLL)
    assert out.returncode == 0, out.stderr
    text = out.stdout
    assert "{" not in text and '"dice"' not in text                   # no JSON dump
    spec = registry.spec("war-of-the-ring", "hunt-roll")
    ruling = api.ask(api.load_text(HUNT_ROLL), lang)
    for name in ruling["verdict"]:
        if name not in ("status", "decided_by") and not name.endswith("_exact"):
            assert f"\n  {spec.key(name).label.get(lang)}: " in text, name
    why = text.index("\nPor qué:" if lang == "es" else "\nWhy:")
    rules = text.index("\nReglas:" if lang == "es" else "\nRules:")
    assert text.index(spec.key("dice").label.get(lang)) < why < rules
    links = re.findall(r"^  \[(\d+)\] .+: (\S+)$", text[rules:], re.M)
    assert [c["url"] for c in ruling["citations"]] == [u.removeprefix("http://127.0.0.1:5000") for _, u in links]
    assert all(u.startswith(f"http://127.0.0.1:5000/{lang}/docs/") for _, u in links)
    assert re.search(r"^  1\. .+ \[\d+\]$", text[why:rules], re.M)   # each step points at its rule in the list


def test_rule_links_follow_the_base_url_option_then_the_environment(monkeypatch):
    import os

    given = run_cli("ask", "-", "--base-url", "https://rules.example.org/", stdin=HUNT_ROLL).stdout
    assert "https://rules.example.org/en/docs/board/hunt.html#" in given and "127.0.0.1" not in given
    env = subprocess.run([*CLI, "ask", "-"], input=HUNT_ROLL, capture_output=True, text=True, cwd=ROOT,
                         env={**os.environ, "ADJUDICATOR_PUBLIC_URL": "http://192.168.1.20:5000"}).stdout
    assert "http://192.168.1.20:5000/en/docs/" in env


def test_json_output_is_the_ruling_unchanged():
    out = run_cli("ask", "-", "--json", "--base-url", "https://x.example", stdin=HUNT_ROLL)
    assert json.loads(out.stdout) == json.loads(json.dumps(api.ask(api.load_text(HUNT_ROLL), None)))


def test_text_output_says_values_in_words():
    from adjudicator.render import ruling_text

    question = {"kind": "army-move", "from": "Osgiliath", "to": "Ithilien del Sur"}
    position = {"regions": {"Osgiliath": {"free_peoples": {"gondor": {"regular": 2}}}}}
    ruling = api.ask({"game": "war-of-the-ring", "lang": "es", "question": question, "position": position})
    text = ruling_text(ruling)
    assert "  Permitido: sí" in text and "  Bando: Pueblos Libres" in text
    assert "question." not in text and "position." not in text


def test_unreadable_input_exits_2_with_every_problem_and_no_traceback():
    out = run_cli("ask", "-", "--json", stdin=json.dumps(BROKEN))
    assert out.returncode == 2
    body = json.loads(out.stdout)
    assert len(body["errors"]) == 5
    assert all(set(e) == {"path", "message"} for e in body["errors"])
    bad_yaml = run_cli("ask", "-", stdin="game: [unclosed\n")
    assert bad_yaml.returncode == 2 and "Traceback" not in bad_yaml.stderr
    missing = run_cli("ask", "/no/such/file.yaml")
    assert missing.returncode == 2 and "Traceback" not in missing.stderr


@pytest.mark.parametrize("lang, said", [("en", "Not valid JSON (line 2, column 1)"),
                                        ("es", "No es JSON válido (línea 2, columna 1)")])
def test_a_broken_json_file_or_json_on_stdin_is_reported_as_json(tmp_path, lang, said):
    broken = tmp_path / "broken.json"
    broken.write_text("{\n", encoding="utf-8")
    from_stdin = run_cli("ask", "-", "--lang", lang, stdin='{"game": 1,\n')
    for out in (run_cli("ask", str(broken), "--lang", lang), from_stdin):
        assert out.returncode == 2 and said in out.stderr and "YAML" not in out.stderr, out.stderr
    checked = run_cli("check", str(broken), "--lang", lang)
    assert checked.returncode == 2 and said in checked.stdout and "YAML" not in checked.stdout


def test_yaml_flow_style_starting_with_a_brace_is_still_yaml(tmp_path):
    out = run_cli("ask", "-", "--json", stdin="{game: war-of-the-ring, question: {kind: hunt-roll}}")
    assert out.returncode == 0, out.stderr
    broken = run_cli("ask", "-", stdin="{game: [unclosed\n")
    assert broken.returncode == 2 and "Not valid YAML" in broken.stderr


def test_check_exit_codes(tmp_path):
    good = tmp_path / "good.yaml"
    good.write_text("game: war-of-the-ring\nquestion: {kind: hunt-roll}\nposition: {hunt: {box: {shadow: 1}}}\n"
                    "expect: {dice: 1, hit_on: 6}\n")
    bad = tmp_path / "bad.yaml"
    bad.write_text("game: war-of-the-ring\nquestion: {kind: hunt-roll}\nexpect: {dice: 3}\n")
    assert run_cli("check", str(good)).returncode == 0
    out = run_cli("check", str(good), str(bad))
    assert out.returncode == 1 and "dice" in out.stdout
    broken = tmp_path / "broken.yaml"
    broken.write_text("game: nope\n")
    assert run_cli("check", str(good), str(broken)).returncode == 2


UNREADABLE_ES = ("lang: es\ngame: war-of-the-ring\nquestion: {kind: hunt-roll}\n"
                 "position: {regions: {Minas Tirth: {free_peoples: {gondr: {regular: -2, elite: tres}}}}}\n")


def test_check_heads_the_problems_in_the_scenarios_language_or_the_one_asked(tmp_path):
    f = tmp_path / "es.yaml"
    f.write_text(UNREADABLE_ES, encoding="utf-8")
    out = run_cli("check", str(f)).stdout
    assert "No se puede leer el escenario (4 problemas):" in out and "cannot be read" not in out
    english = run_cli("check", str(f), "--lang", "en").stdout
    assert "The scenario cannot be read (4 problems):" in english and "Región desconocida" not in english


def test_check_counts_agree_and_scenarios_with_no_expect_are_counted_apart(tmp_path):
    mismatch = tmp_path / "a.yaml"
    mismatch.write_text("game: war-of-the-ring\nquestion: {kind: hunt-roll}\nexpect: {dice: 3}\n")
    bare = tmp_path / "b.yaml"
    bare.write_text("game: war-of-the-ring\nquestion: {kind: hunt-roll}\n")
    broken = tmp_path / "c.yaml"
    broken.write_text("game: nope\n")
    es = run_cli("check", str(mismatch), str(bare), str(broken), "--lang", "es")
    assert "3 escenarios: 0 como se esperaba, 1 distinto, 1 sin expectativa, 1 ilegible" in es.stdout
    en = run_cli("check", str(bare), "-v")
    assert en.returncode == 0
    assert "1 scenario: 0 as expected, 0 different, 1 with no expectation, 0 unreadable" in en.stdout
    assert "no expectation" in en.stdout.splitlines()[0]


def test_check_help_says_what_each_argument_is():
    out = run_cli("check", "--help").stdout
    assert "--lang {en,es}  language" in out and "a scenario file, or a folder" in out


def test_the_engine_does_not_import_flask_sphinx_or_whoosh():
    code = ("import sys, adjudicator.cli as c; c.main(['ask', '-', '--json']); "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('flask', 'sphinx', 'whoosh')))")
    out = subprocess.run([sys.executable, "-c", code], input="game: war-of-the-ring\nquestion: {kind: hunt-roll}\n",
                         capture_output=True, text=True, cwd=ROOT)
    assert out.stdout.strip().endswith("[]"), out.stdout + out.stderr


def test_suggestions_are_shown_in_the_language_of_the_message():
    scenario = {"game": "war-of-the-ring", "question": {"kind": "army-move", "from": "Ithilien", "to": "Osgiliath"}}
    es = errors_of({**scenario, "lang": "es"})["question.from"]
    en = errors_of({**scenario, "lang": "en"})["question.from"]
    assert "Ithilien del Sur" in es and "South Ithilien" not in es
    assert "South Ithilien" in en


def test_a_one_item_list_and_yes_no_words_are_read_as_people_write_them():
    ruling = api.ask({"game": "war-of-the-ring", "position": {"regions": {
        "Rivendell": {"free_peoples": {"characters": ["Strider"]}}}},
        "question": {"kind": "character-move", "character": ["Strider"], "from": ["Rivendel"], "to": "Bree"}})
    assert ruling["verdict"]["allowed"] is True
    ruling = api.ask({"game": "war-of-the-ring", "position": {"fellowship": {"hidden": "sí", "progress": 2}},
                      "question": {"kind": "declare-fellowship"}})
    assert ruling["verdict"]["status"] == "decided" and ruling["verdict"]["max_distance"] == 2


def test_a_title_in_both_languages_follows_the_ruling_language():
    scenario = {"game": "lotr-lcg", "title": {"en": "Surge", "es": "Oleada"},
                "question": {"kind": "reveal", "players": 2, "card": {"keywords": ["surge"]}}}
    assert api.ask(scenario, "es")["title"] == "Oleada"
    assert api.ask(scenario, "en")["title"] == "Surge"
    assert "title.fr" in errors_of({**scenario, "title": {"fr": "Vague"}})


def test_counts_choose_the_word_that_agrees_with_them():
    from adjudicator.i18n import translate

    one = api.ask({"game": "war-of-the-ring", "lang": "es", "position": {"regions": {
        "Westemnet": {"shadow": {"isengard": {"regular": 2}}},
        "Edoras": {"free_peoples": {"rohan": {"regular": 3, "leader": 1}}}},
        "politics": {"rohan": "at-war", "isengard": "at-war"}},
        "question": {"kind": "battle", "from": "Edoras", "to": "Westemnet"}})
    text = " ".join(s["text"] for s in one["explanation"]) + one["answer"]
    assert "(es)" not in text and "(s)" not in text
    params = dict(who="A", dice=2, hit_on=5, pct="1 %", mean="1")
    assert "1 repetición:" in translate("es", "battle.odds", rerolls=1, **params)
    assert "2 repeticiones:" in translate("es", "battle.odds", rerolls=2, **params)
    assert "0 re-rolls:" in translate("en", "battle.odds", rerolls=0, **params)


@pytest.mark.parametrize("written", ["free-peoples", "Free Peoples", "FP", "pueblos libres", "Los Pueblos Libres",
                                     "free_peoples"])
def test_every_way_of_writing_a_side_is_read_the_same_and_answered_in_kebab_case(written):
    ruling = api.ask({"game": "war-of-the-ring", "position": {
        "regions": {"Minas Tirith": {"besieged": "free-peoples", "free_peoples": {"gondor": {"regular": 2}},
                                     "shadow": {"sauron": {"regular": 5}}}}},
        "question": {"kind": "army-move", "from": "Minas Tirith", "to": "Osgiliath", "side": written}})
    assert ruling["verdict"]["side"] == "free-peoples" and ruling["verdict"]["allowed"] is False


def test_spanish_answers_keep_lower_case_after_the_colon():
    ruling = api.ask({"game": "war-of-the-ring", "lang": "es",
                      "position": {"regions": {"Minas Morgul": {"shadow": {"characters": ["Witch-king"]}}}},
                      "question": {"kind": "character-move", "character": "Rey Brujo", "from": "Minas Morgul",
                                   "to": "Osgiliath"}})
    assert ruling["answer"].startswith("Sí: el Rey Brujo")


def test_a_ruling_names_the_parts_its_regions_play():
    """The ruling's `regions` (for the map): where Legolas can reach, where he is, where he goes."""
    from adjudicator.api import ask

    ruling = ask({"game": "war-of-the-ring",
                  "position": {"regions": {"Rivendell": {"free_peoples": {"characters": ["Legolas"]}}}},
                  "question": {"kind": "character-move", "character": "Legolas", "from": "Rivendell", "to": "Bree"}})
    regions = ruling["regions"]
    assert regions["rivendell"] == "from" and regions["bree"] == "to"
    assert regions["trollshaws"] == "reachable" and "lorien" not in regions     # Level 2: not that far
    army = ask({"game": "war-of-the-ring", "position": {"regions": {
        "Osgiliath": {"free_peoples": {"gondor": {"regular": 2}}},
        "South Ithilien": {"shadow": {"sauron": {"regular": 3}}}}},
        "question": {"kind": "army-move", "from": "Osgiliath", "to": "Minas Tirith"}})["regions"]
    assert army["south-ithilien"] == "blocked" and army["north-ithilien"] == "reachable"


# -- the title: one sentence -------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_a_long_title_is_accepted_whole_and_shortened_only_where_shown(lang):
    from adjudicator.api import TITLE_SHOWN_CHARS, shown_title
    from adjudicator.render import ruling_text

    question = {"kind": "victory"}
    title = ("One Isengard Regular attacks one Rohan Regular in the city of Edoras while the Fellowship "
             "walks on, and the players argue about the first round of the battle and the dice rolled")
    assert len(title) > 150
    ruling = api.ask({"game": "wotr", "lang": lang, "title": title, "question": question})
    assert ruling["title"] == title                    # the user's title, whole, in the ruling
    shown = shown_title(title)
    assert len(shown) <= TITLE_SHOWN_CHARS and shown.endswith("…") and title.startswith(shown[:-1])
    assert shown.splitlines()[0] == ruling_text(ruling).splitlines()[0]
    per_lang = api.ask({"game": "wotr", "lang": lang, "title": {"en": title, "es": title}, "question": question})
    assert per_lang["title"] == title
    assert shown_title("A short title.") == "A short title."


def test_the_project_titles_at_the_shown_length_are_shown_whole():
    from adjudicator.api import TITLE_SHOWN_CHARS, shown_title
    from tests.helpers import load_scenario_file

    for f in (ROOT / "scenarios").rglob("*.yaml"):
        data = load_scenario_file(f)   # parsed once per process, shared (libyaml): read-only
        for scenario in data if isinstance(data, list) else [data]:   # a file may hold a list
            title = scenario.get("title")
            for text in (title.values() if isinstance(title, dict) else [title]):
                if text and len(" ".join(str(text).split())) <= TITLE_SHOWN_CHARS:
                    assert shown_title(str(text)) == " ".join(str(text).split()), f
