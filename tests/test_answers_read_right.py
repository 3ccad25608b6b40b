"""Answers that read right, in both languages (issue 21).

A sweep over every scenario of the collection, each ruled in English and in Spanish, and
again with its nation (where the question names one) changed to a nation whose name is
plural: no answer or step may say "Elves is", "los Enanos no está", "between 1 and 1", or
number the first player of a Scour. The catalogues are checked too: a nation placed before a
verb must let the verb agree with it (``{nation:plural(is|are)}``).
"""
from __future__ import annotations

import copy
import json
import re
from functools import cache

import pytest

from adjudicator import api
from adjudicator.i18n import catalogue, domains
from adjudicator.problems import ScenarioInvalid
from tests.helpers import scenario_cases

# A plural nation as the subject: at the start of a sentence or clause, with or without its
# article ("the marker of the Elves is" and "la ficha de los Elfos está" agree with the marker).
SUBJECT = r"(?:^|[.:;!?]\s+|,\s+|\bthat\s+|\bque\s+)"
PLURAL_NATIONS = {"en": SUBJECT + r"(?:[Tt]he )?(?:Elves|Dwarves|Southrons & Easterlings)",
                  "es": SUBJECT + r"(?:[Ll]os )?(?:Elfos|Enanos|Hombres del Sur y del Este)"}
# What must never be read, per language: a plural nation with a singular verb, a range of one
# number, a Scour chooser known by a number only.
WRONG = {
    "en": [re.compile(PLURAL_NATIONS["en"] + r" (?:is|has|was|does|becomes|stays|moves|advances)\b"),
           re.compile(r"\bbetween (\d+) and \1\b"),
           re.compile(r"(?<!\()\bplayer \d+ chooses\b"),
           re.compile(r"\bcan move to (?P<r>[^;,.]+); .*\bstays in (?P=r)\b")],
    "es": [re.compile(PLURAL_NATIONS["es"] + r" (?:no )?(?:está|es|tiene|puede|figura|se activa|avanza)\b"),
           re.compile(r"\bentre (\d+) y \1\b"),
           re.compile(r"(?<!\()\bel jugador \d+ elige\b"),
           re.compile(PLURAL_NATIONS["es"] + r" ya está activa\b")],
}
# A nation's field before a verb, in a catalogue: the verb must be chosen by the name.
BARE_VERB = {
    "en": re.compile(SUBJECT + r"\{(nation|owner|own)(?::[Tt]he)?\} "
                     r"(?:is|has|was|does|becomes|stays|moves|advances|enters)\b"),
    "es": re.compile(SUBJECT + r"\{(nation|owner|own)(?::[Ee]l)?\} "
                     r"(?:no |ya )?(?:está|es|tiene|puede|figura|se activa|avanza)\b"),
}
WOTR_DOMAINS = ("battle", "characters", "dice", "fellowship", "hunt", "movement", "muster", "politics", "victory")


@cache
def all_cases() -> list[tuple[str, dict]]:
    out = []
    for found in scenario_cases().values():
        for name, case in found:
            out.append((name, {k: v for k, v in case.items() if k != "expect"}))
            if isinstance(case["question"].get("nation"), str):
                for nation in ("elves", "southrons"):
                    other = copy.deepcopy(out[-1][1])
                    other["question"]["nation"] = nation
                    out.append((f"{name} (nation: {nation})", other))
    return out


def texts(case: dict, lang: str) -> list[str]:
    try:
        ruling = api.rule(api.read_envelope(case, lang))
    except ScenarioInvalid:
        return []
    return [ruling.answer, *(s.text for s in ruling.explanation)]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_no_answer_or_step_of_any_scenario_reads_wrong(lang):
    faults = []
    for name, case in all_cases():
        for text in texts(case, lang):
            for pattern in WRONG[lang]:
                found = pattern.search(text)
                if found:
                    faults.append(f"{name}: {found.group(0)!r} in {text!r}")
    assert not faults, "\n".join(faults[:40])


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_nation_before_a_verb_lets_the_verb_agree_with_it(lang):
    faults = [f"{key}: {text}" for domain in domains() if domain in WOTR_DOMAINS
              for key, entry in catalogue(domain).items() for text in [entry.get(lang, "")]
              if BARE_VERB[lang].search(text)]
    assert not faults, "\n".join(faults)


@pytest.mark.parametrize("lang, nation, words", [
    ("en", "elves", "the Elves are not At War"), ("en", "dwarves", "the Dwarves are not At War"),
    ("en", "gondor", "Gondor is not At War"),
    ("es", "elves", "los Elfos no están En Guerra"), ("es", "gondor", "Gondor no está En Guerra")])
def test_a_plural_nation_takes_a_plural_verb(lang, nation, words):
    out = api.ask({"game": "war-of-the-ring", "lang": lang, "position": {"politics": {nation: {"steps": 2}}},
                   "question": {"kind": "muster", "nation": nation,
                                "recruit": [{"region": "Rivendell", "unit": "regular"}]}})
    assert words in out["answer"], out["answer"]


@pytest.mark.parametrize("lang, words", [("en", "exactly 1 die"), ("es", "exactamente 1 dado")])
def test_a_range_of_one_number_says_exactly(lang, words):
    out = api.ask({"game": "war-of-the-ring", "lang": lang, "position": {"fellowship": {"companions": ["Strider"]}},
                   "question": {"kind": "hunt-allocation", "retrieved": 1}})
    assert words in out["answer"] and (out["verdict"]["min"], out["verdict"]["max"]) == (1, 1), out["answer"]


@pytest.mark.parametrize("lang, stays, moves", [("en", "stays in Rivendell", "move to"),
                                                 ("es", "se queda en Rivendel", "moverse a")])
def test_a_fellowship_revealed_at_progress_zero_stays_where_it_is(lang, stays, moves):
    out = api.ask({"game": "war-of-the-ring", "lang": lang,
                   "position": {"fellowship": {"region": "Rivendell", "progress": 0}},
                   "question": {"kind": "reveal-fellowship", "to": "Rivendell"}})
    assert stays in out["answer"] and moves not in out["answer"], out["answer"]


@pytest.mark.parametrize("lang, take, words", [
    ("en", "Legolas", "Legolas is not the Guide (Strider is), so the Free Peoples cannot choose him"),
    ("en", "Strider", "Strider is the Guide: the Free Peoples may choose him"),
    ("es", "Legolas", "Legolas no es el Guía (lo es Trancos), así que los Pueblos Libres no pueden elegirlo")])
def test_a_companion_named_as_the_casualty_is_said_to_be_chosen_or_drawn(lang, take, words):
    out = api.ask({"game": "war-of-the-ring", "lang": lang,
                   "position": {"fellowship": {"companions": ["Strider", "Legolas", "Gimli"], "guide": "Strider"}},
                   "question": {"kind": "hunt-casualty", "damage": 1, "take": take}})
    assert any(words in s["text"] for s in out["explanation"]), json.dumps(out["explanation"], ensure_ascii=False)
    assert out["verdict"]["eliminated"] == take.lower() and out["verdict"]["allowed"] is True


@pytest.mark.parametrize("lang, words", [("en", "the first player (player 2) chooses"),
                                         ("es", "el jugador inicial (el jugador 2)")])
def test_the_scour_chooser_is_the_first_player_by_name(lang, words):
    out = api.ask({"game": "lotr-lcg", "lang": lang, "position": {"players": 3, "first_player": 2},
                   "question": {"kind": "scour", "cards": ["Bellach", "Torre Derruida"]}})
    assert words in out["answer"], out["answer"]
