"""What a ruling's verdict shows a player, in the CLI and on the web: every key and value in
words of the reader's language (no raw key, id or English reason in Spanish), a battle
side's dice labelled like the top-level keys, and one percentage for one probability."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from adjudicator import api, data, registry, render, wording
from adjudicator.problems import ScenarioInvalid
from adjudicator.spec import NESTED_LABELS
from tests.helpers import asked, scenario_file_cases

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"


def cli_text(relative: str, lang: str | None = None) -> str:
    scenario = yaml.safe_load((SCENARIOS / relative).read_text(encoding="utf-8"))
    return render.ruling_text(api.ask(scenario, lang))


def verdict_part(text: str) -> str:
    """The verdict's lines of a ruling's text (from "Verdict:" to the blank line after it)."""
    start = re.search(r"^(Verdict|Veredicto):", text, re.M)
    assert start, text
    return "\n" + text[start.start():].split("\n\n")[0]


@pytest.mark.parametrize("lang, dice, chances", [
    ("es", "    Dados: 3", "    Probabilidad de cada número de impactos: 0: 57,9 % (125/216), 1: 34,7 % (25/72)"),
    ("en", "    Dice: 3", "    Chance of each number of hits: 0: 57.9% (125/216), 1: 34.7% (25/72)"),
])
def test_a_battle_sides_dice_are_labelled_with_each_exact_fraction_beside_its_chance(lang, dice, chances):
    text = verdict_part(cli_text("wotr/battles/batalla-ciudad-primera-ronda.yaml", lang))
    assert ("\n  Atacante:\n" if lang == "es" else "\n  Attacker:\n") in text
    assert dice in text and chances in text
    assert ("Impacta con: 6+" if lang == "es" else "Hits on: 6+") in text
    for raw in ("dice:", "hit_on", "rerolls", "p_hits", "_exact"):
        assert raw not in text


@pytest.mark.parametrize("lang, words", [("es", ("Fichas: Daño: 2", "Vinculadas: Trampa")),
                                         ("en", ("Tokens: Damage: 2", "Attachments: Trampa"))])
def test_what_the_orcs_search_discards_is_said_in_words(lang, words):
    text = verdict_part(cli_text("lcg/celebrimbor/busqueda-orcos-descarta.yaml", lang))
    assert all(w in text for w in words)
    assert "tokens" not in text and "attachments" not in text and "damage:" not in text


@pytest.mark.parametrize("lang, line", [("es", "  Por qué: Menos cartas que cada enemigo"),
                                        ("en", "  Why: Fewer cards than each enemy")])
def test_why_a_pass_is_allowed_is_said_in_the_readers_language(lang, line):
    text = cli_text("cardgame/actions/pasar-menor-que-enemigo.yaml", lang)
    assert line in text.splitlines() and "smaller hand" not in text


def test_the_order_of_a_path_combat_is_chosen_by_a_player_named_in_spanish():
    cases = sorted(SCENARIOS.glob("cardgame/combat/*.yaml"))
    shown = [t for f in cases for t in [render.ruling_text(api.ask(yaml.safe_load(f.read_text("utf-8")), "es"))]
             if "Orden que elige" in t]
    assert shown, "a path-combat scenario whose order matters"
    assert all("  Orden que elige: El jugador de los Pueblos Libres" in t for t in shown)
    assert not any("free peoples" in t for t in shown)


@pytest.mark.parametrize("path, lang, words", [
    ("position.regions.south-ithilien", "es", "Regiones › Ithilien del Sur"),
    ("position.regions.south-ithilien", "en", "Regions › South Ithilien"),
    ("position.politics.southrons", "es", "Marcador Político › Hombres del Sur y del Este"),
    ("position.regions.fords-of-isen.shadow", "en", "Regions › Fords of Isen › Shadow"),
])
def test_a_default_names_its_region_or_nation_in_the_readers_language(path, lang, words):
    assert wording.describe(path, lang) == words


HUNT_ROLL_MORGUL = {
    "game": "war-of-the-ring", "question": {"kind": "hunt-roll"},
    "position": {"fellowship": {"region": "Minas Morgul"}, "hunt": {"box": {"shadow": 4, "free_peoples": 1}},
                 "regions": {"Minas Morgul": {"shadow": {"sauron": {"regular": 2}, "nazgul": 1}}}},
}


@pytest.mark.parametrize("lang, percent", [("es", "94,1 %"), ("en", "94.1%")])
def test_the_answer_and_the_verdict_round_a_chance_once_and_the_same(lang, percent):
    ruling = api.ask(HUNT_ROLL_MORGUL, lang)
    assert ruling["verdict"]["p_success_exact"] == "2059/2187"    # 0.941472...: 94.1 %, not 94.2 %
    assert percent in ruling["answer"]
    assert f": {percent} (2059/2187)" in render.ruling_text(ruling)


@pytest.mark.parametrize("lang, words", [("en", "3 regulars (Sauron)"), ("es", "3 regulares (Sauron)")])
def test_units_are_counted_in_the_plural(lang, words):
    text = cli_text("wotr/battles/batalla-ciudad-primera-ronda.yaml", lang)
    assert words in text
    assert "3 regular (" not in text


# -- every scenario, both languages: no raw id, key or English word in a verdict line ----------

def _raw_values() -> set[str]:
    """The ids a verdict may hold: every declared choice, every region, nation and character id."""
    out = {c for spec in registry.specs() for k in spec.verdict
           for c in (*k.choices, *k.choice_labels) if isinstance(c, str)}
    out |= set(data.regions()) | set(data.nations()) | set(data.characters())
    return out - {"yes", "no"}


def _english_only() -> set[str]:
    """English words of verdict keys and values that Spanish says otherwise."""
    texts = [t for spec in registry.specs() for k in spec.verdict for t in (k.label, *k.choice_labels.values())]
    texts += list(NESTED_LABELS.values())
    # The special Hunt tiles' names label enter-mordor's pool; a scenario of the card game may type
    # the same piece's name (its Elven Rope item) as its own text, which is not a verdict word.
    pieces = {info["name"]["en"] for info in data.hunt_tiles()["special"].values()}
    return {t.en for t in texts if t.en != t.es and t.en not in pieces}


def _items(line: str) -> list[str]:
    """The words of a verdict line, split where the CLI joins them."""
    return [i.strip() for i in re.split(r": |, |; | › ", line.strip()) if i.strip()]


@pytest.fixture(scope="module")
def verdict_texts() -> list[tuple[str, str, str]]:
    out = []
    for f in sorted(SCENARIOS.rglob("*.yaml")):
        for index, _case in scenario_file_cases(f):
            for lang in ("en", "es"):
                try:
                    ruling = asked(f, index, lang)   # api.ask(case, lang), shared with other modules
                except ScenarioInvalid:
                    continue
                refs = {c["rule"]: i for i, c in enumerate(ruling["citations"], 1)}
                out += [(f"{f.relative_to(SCENARIOS)} [{lang}]", lang, line)
                        for line in render.verdict_lines(ruling, refs)]
    return out


def test_no_verdict_line_shows_a_raw_id_or_key_or_english_in_spanish(verdict_texts):
    raw, english = _raw_values(), _english_only()
    faults = []
    for where, lang, line in verdict_texts:
        items = _items(line)
        faults += [f"{where}: {line.strip()!r} shows {i!r}" for i in items
                   if i in raw or i.replace(" ", "-") in raw and i.islower()
                   or re.fullmatch(r"[a-z]+(?:_[a-z0-9]+)+", i) or i.endswith("_exact")]
        if lang == "es":
            faults += [f"{where}: {line.strip()!r} says {i!r} in English" for i in items if i in english]
    assert len(verdict_texts) > 2000
    assert not faults, "\n".join(sorted(set(faults))[:40])
