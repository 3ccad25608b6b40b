"""What sets 62 to 64 taught (issue 25): dropped g's, "ain't", the Hunt's containers, a card in quotes.

Learned from the spent sets 62 to 64 (Pittsburgh, Valencian, Newfoundland, Quito, Appalachian and
Monterrey writers, blind): an English "-ing" typed without its g ("sittin", "attackin'"), "ain't"
(which the Scots "ain", own, had turned into "own't"), the cup, bucket or poke the Hunt's dice and
tiles go into, a side called a "crowd", an Event card's name in quotes, and the Monterrey "ocupo"
(I need).
"""
from __future__ import annotations

import pytest

from adjudicator import search
from adjudicator.search import open_index, vocabulary
from adjudicator.search.situation import read_situation
from tests.test_search import search_build, search_index  # noqa: F401 (the session's built index)


def top(query: str, lang: str, n: int = 1) -> list[str]:
    result = search.search(query, lang)
    assert result["matched"], query
    return [hit["label"] for hit in result["results"][:n]]


@pytest.mark.usefixtures("search_index")
@pytest.mark.parametrize("typed, read", [("are they just sittin there", "are they just sitting there"),
                                         ("attackin' a stronghold", "attacking' a stronghold"),
                                         ("movin through hollin", "moving through hollin"),
                                         ("my brother's cousin", "my brother's cousin")])
def test_an_ing_without_its_g_is_read_with_it_but_not_a_word_of_its_own(typed, read):
    """"hollin" (a region) and "cousin" are words of their own: no "hollin-g", no "cousin-g"."""
    assert vocabulary.read_vocabulary(typed, "en", open_index("en").knows) == read


@pytest.mark.usefixtures("search_index")
def test_aint_is_is_not_and_not_the_scots_own():
    knows = open_index("en").knows
    assert vocabulary.read_vocabulary("the Dwarves ain't at war yet", "en", knows) == "the Dwarves is not at war yet"
    assert vocabulary.read_vocabulary("it's me ain army", "en", knows) == "it's me own army"
    scenario = read_situation("Dwarves ain't at war, 1 regular in Erebor and Dale's empty, if the Easterlings "
                              "attack Dale does that put the North at war?", "en")
    assert scenario is not None and "own" not in str(scenario)


@pytest.mark.usefixtures("search_index")
def test_a_question_in_newfoundland_words_is_answered_not_refused():
    """Before: "luh", "crowd" and "aint" weighed as three unknown words against four of the game's,
    and the question got "no rule matches"."""
    assert top("luh, can the shadow crowd muster in a nation that aint at war yet", "en", 2) == [
        "wotr-muster-at-war", "wotr-politics-non-belligerent"]


@pytest.mark.usefixtures("search_index")
@pytest.mark.parametrize("query, label", [
    ("do the eyes rolled go straight in the hunt cup or can the shadow reroll them", "wotr-hunt-eye-results"),
    ("the blue and red special tiles, when do they go into the hunt bucket", "wotr-tiles-special-enter"),
])
def test_the_hunts_container_is_the_box_for_dice_and_the_pool_for_tiles(query, label):
    assert top(query, "en") == [label]


@pytest.mark.usefixtures("search_index")
@pytest.mark.parametrize("query, lang", [('eso de "hay otro camino" cómo funciona', "es"),
                                         ("what does 'There Is Another Way' do if the hunt box is full", "en")])
def test_a_cards_name_in_quotes_is_the_card_asked_about(query, lang):
    """'camino' alone is the card game's path: its sections came first, the card ninth."""
    assert top(query, lang) == ["wotr-card-fp-char-10"]


@pytest.mark.usefixtures("search_index")
def test_a_quote_that_names_no_card_moves_nothing():
    """A quoted word of a rule beside a card's name unquoted: the quotes move nothing (the ranking
    stands as without them)."""
    assert top('the "hunt box" is full, what does There Is Another Way do', "en", 3) == \
        top("the hunt box is full, what does There Is Another Way do", "en", 3)


@pytest.mark.usefixtures("search_index")
@pytest.mark.parametrize("typed", ["my lines are thin", "the basin", "aragorn n at least 2 elites"])
def test_words_of_their_own_keep_their_letters(typed):
    """No "thing" of "thin" (the index knows "thing" by its stem), and texting's "n" before "at" is
    "and", not Pittsburgh's "n'at", which ends a clause."""
    assert vocabulary.read_vocabulary(typed, "en", open_index("en").knows) == typed


@pytest.mark.usefixtures("search_index")
def test_monterrey_ocupo_is_i_need_and_no_occupying():
    knows = open_index("es").knows
    assert "ocup" not in vocabulary.read_vocabulary("ocupo que gandalf el gris se haya muerto", "es", knows)
    assert "ocupa" in vocabulary.read_vocabulary("el ejército que ocupa la región", "es", knows)
    assert "ocupo" in vocabulary.read_vocabulary("si ocupo Minas Tirith gano puntos", "es", knows)


@pytest.mark.usefixtures("search_index")
def test_winning_easily_is_advice():
    assert not search.search("con qué mazo de héroes empiezo en el LCG para ganar fácil la primera aventura",
                             "es")["matched"]


@pytest.mark.usefixtures("search_index")
@pytest.mark.parametrize("query, lang", [
    ("which hero deck would you build for the LCG quest", "en"),
    ("is the card game a good intro to the board game", "en"),
    ("who win more, free peoples or shadow, any stats", "en"),
    ("how long a full game takes for two", "en"),
    ("cuánto cuesta la caja en Bogotá", "es"),
    ("qué mazo de héroes me arman para el LCG", "es"),
    ("qué tal es el juego de cartas comparado con el Arkham Horror LCG", "es"),
])
def test_advice_prices_and_comparisons_said_as_the_spent_sets_said_them_are_refused(query, lang):
    assert not search.search(query, lang)["matched"], query


@pytest.mark.usefixtures("search_index")
def test_winning_a_battleground_with_more_strength_is_still_a_rules_question():
    assert search.search("battleground in the card game, you win it with more strength or more shields?",
                         "en")["matched"]
