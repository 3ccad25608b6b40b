"""Review 61: dialect readings that changed ordinary questions, and a card's name read in plain words.

A Trinidadian tag ("ent?") and the Nicaraguan "de un solo" ("at once") end their clause; before a
word they are an Ent and "of a single". The Doric "fit" ("what") before a word of place is the
English verb ("units fit in a stronghold"). A card's whole name said beside units is its question
only when it has a proper name, not a side's ("The Shadow is moving 3 regulars").
"""
from __future__ import annotations

import pytest

from adjudicator import search
from adjudicator.search import vocabulary
from adjudicator.search.situation import read_situation
from tests.test_search import search_build, search_index  # noqa: F401 (the session's built index)


def labels(query: str, lang: str) -> list[str]:
    return [r["label"] for r in search.search(query, lang)["results"]]


def test_the_trinidadian_tag_is_dropped_only_at_the_end_of_its_clause():
    knows = {"ent", "attack", "units", "region", "fit"}.__contains__
    assert "Ent" in vocabulary.read_vocabulary("can an Ent attack", "en", knows)
    assert "ent" not in vocabulary.read_vocabulary("10 units in a region ent?", "en", knows).split()


def test_de_un_solo_is_at_once_only_at_the_end_of_its_clause():
    knows = {"solo", "uso", "carta", "activa"}.__contains__
    assert "solo" in vocabulary.read_vocabulary("es una carta de un solo uso", "es", knows)
    assert "solo" not in vocabulary.read_vocabulary("se activa de un solo", "es", knows)


def test_fit_before_a_word_of_place_is_the_english_verb():
    knows = {"units", "fit", "stronghold"}.__contains__
    assert "fit" in vocabulary.read_vocabulary("how many units fit in a stronghold", "en", knows).split()
    assert vocabulary.read_vocabulary("fit happens tae cards left", "en", knows).startswith("what")
    assert vocabulary.respelt("can 6 units fit inside minas tirith", "en").split()[3] == "fit"


@pytest.mark.usefixtures("search_index")
@pytest.mark.parametrize(("query", "lang", "wanted"), [
    ("can an Ent attack", "en", "wotr-card-fp-char-"),
    ("how many units can fit in a region", "en", "wotr-army-stacking"),
])
def test_ordinary_questions_keep_their_words(query, lang, wanted):
    got = labels(query, lang)
    assert got and got[0].startswith(wanted), got[:3]


def test_a_sides_words_beside_units_are_no_card_named_whole():
    scenario = read_situation("The Shadow is moving 3 regulars from Gorgoroth to Osgiliath, can the Free "
                              "Peoples respond?", "en")
    assert scenario and scenario["question"]["kind"] != "event-card", scenario
    scenario = read_situation("la sombra se alarga: 5 regulares en Mordor atacan Osgiliath, cuántos dados", "es")
    assert not scenario or scenario["question"]["kind"] != "event-card", scenario
