"""Dialect spellings, regional diminutives and the game a question names (issue 25, sets 56 and 57).

Learned from the spent sets 56 and 57 (Doric, Trinidadian, Nicaraguan and Asturian writers):
Scots spellings of common words ("foo mony" for "how many", "o" for "of"), the Asturian and
Extremaduran diminutive in "-ín"/"-ino"/"-ina", a question that names the card game (never
refused for its asides), and a question that names no game, read as the board game's.
"""
from __future__ import annotations

import pytest

from adjudicator import search
from adjudicator.search import routing, vocabulary
from tests.test_search import search_build, search_index  # noqa: F401 (the session's built index)


def labels(query: str, lang: str) -> list[str]:
    return [r["label"] for r in search.search(query, lang)["results"]]


@pytest.mark.parametrize(("said", "means"), [("foo", "how"), ("mony", "many"), ("twa", "two"), ("o", "of"),
                                               ("yuh", "you"), ("intae", "into")])
def test_a_dialect_spelling_reads_as_the_word_it_spells(said, means):
    assert vocabulary.respelt(f"{said} dice", "en").split()[0] == means


@pytest.mark.usefixtures("search_index")
def test_o_for_of_keeps_an_expansion_name_whole_so_it_is_refused():
    result = search.search("kings o middle-earth, is it oot yet", "en")
    assert not result["matched"] and result.get("outside") == "other-editions", result


@pytest.mark.usefixtures("search_index")
def test_the_scots_how_many_finds_the_hunt_roll():
    got = labels("foo mony dice does the shadow roll fir the hunt if the fellowship moves a second time", "en")
    assert got[:1] == ["wotr-hunt-roll-bonus"], got[:3]


@pytest.mark.usefixtures("search_index")
@pytest.mark.parametrize(("query", "label"), [
    ("los espectrinos pueden entrar en una fortaleza de los pueblos libres", "wotr-character-nazgul-stronghold"),
    ("¿cuántos dadinos de ejército tiene la Sombra al principio?", "wotr-dice-count"),
])
def test_an_asturian_diminutive_reads_as_the_word_it_comes_from(query, label):
    assert label in labels(query, "es")[:3], labels(query, "es")[:5]


def test_a_word_the_reference_knows_is_not_read_as_a_diminutive():
    known = {"vecino", "veco", "dado", "ficha"}.__contains__
    assert vocabulary.read_vocabulary("el vecino de gondor", "es", known) == "el vecino de gondor"
    read = vocabulary.read_vocabulary("el dadín y la fichina", "es", known)
    assert "dado" in read and "ficha" in read, read


@pytest.mark.parametrize("query", ["en el juego d cartas la corrupcion como se lleva",
                                   "la corrupción en la versión de cartas cómo sube"])
def test_the_card_game_is_recognised_in_texting_and_other_words(query):
    assert routing.about_card_game(query, "es")


@pytest.mark.usefixtures("search_index")
def test_a_question_about_the_card_game_is_never_refused_for_its_words():
    result = search.search("card game: skirmish vs battle what the difference, do both sides commit cards", "en")
    assert result["matched"] and result["results"], result
    assert all(r["label"].startswith("wotrcg-") for r in result["results"][:3]), labels(
        "card game: skirmish vs battle what the difference, do both sides commit cards", "en")[:3]


@pytest.mark.usefixtures("search_index")
def test_a_question_that_names_no_game_is_the_board_games():
    got = labels("limite de cartas en la mano cuántas son y qué pasa si me paso", "es")
    assert got[:1] == ["wotr-hand-limit"], got[:3]
    got = labels("limite de cartas en la mano en el juego de cartas", "es")
    assert got[:1] != ["wotr-hand-limit"] and got[0].startswith("wotrcg-"), got[:3]


@pytest.mark.usefixtures("search_index")
def test_two_editions_compared_by_name_are_refused():
    result = search.search("difference between first edition an second edition o war o the ring", "en")
    assert not result["matched"] and result.get("outside") == "other-editions", result


def test_a_cards_whole_name_beside_a_position_asks_the_event_card_question():
    from adjudicator.search.situation import read_situation

    scenario = read_situation("tengo 3 regulares del Sur y el Este en Umbar; ¿con Corsarios de Umbar puedo "
                              "desembarcar en Dol Amroth y atacar?", "es")
    assert scenario and scenario["question"] == {"kind": "event-card", "card": "Corsarios de Umbar"}, scenario
    assert scenario["position"]["regions"]["Umbar"]["shadow"]["southrons"]["regular"] == 3, scenario
    # without a position, a card's name is no event-card question of itself (a tile's words, a rule's)
    alone = read_situation("loseta negativa frasco de galadriel -2", "es")
    assert not alone or alone["question"]["kind"] != "event-card", alone


@pytest.mark.usefixtures("search_index")
@pytest.mark.parametrize(("query", "label"), [
    ("la ficha de caza que tiene el ojo, cuánto daño me hace", "wotr-hunt-damage-eye"),
    ("de special hunt tiles dem, when dey go in de hunt pool", "wotr-tiles-special-enter"),
])
def test_a_single_hunt_tile_and_the_caribbean_the_find_their_rule(query, label):
    lang = "es" if "ficha" in query else "en"
    assert label in labels(query, lang)[:2], labels(query, lang)[:5]


@pytest.mark.usefixtures("search_index")
@pytest.mark.parametrize(("query", "lang"), [("who played de Witch-king in de films?", "en"),
                                             ("cuánto sale la guerra del anillo, dónde la consigo", "es")])
def test_lore_and_where_to_buy_said_in_dialect_are_refused(query, lang):
    assert not search.search(query, lang)["matched"]
