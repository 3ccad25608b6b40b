"""The card game's questions find the card game's rules (issue 24).

Five questions players ask about War of the Ring: The Card Game, in both languages, must find
the section that answers them first; and the routing rule of :mod:`adjudicator.search.routing`
moves a card-game hit up only when the query is about the card game.
"""
from __future__ import annotations

from typing import NamedTuple

import pytest

from adjudicator import search
from adjudicator.search import routing
from tests.test_search import search_build, search_index  # noqa: F401 (the session's built index)

FIVE = [
    ("en", "if my deck runs out do I lose?", "wotrcg-running-out"),
    ("en", "with three players who plays what?", "wotrcg-scenario-three-player-duel"),
    ("en", "when do battlegrounds score, every round?", "wotrcg-scoring-battlegrounds"),
    ("en", "can I take a card back out of my reserve?", "wotrcg-reserve-no-return"),
    ("en", "how does corruption count in the card game?", "wotrcg-corruption-tokens"),
    ("es", "si se me acaba el mazo, ¿pierdo?", "wotrcg-running-out"),
    ("es", "con tres jugadores, ¿quién juega qué?", "wotrcg-scenario-three-player-duel"),
    ("es", "¿cuándo puntúan los campos de batalla, cada ronda?", "wotrcg-scoring-battlegrounds"),
    ("es", "¿puedo devolver a la mano una carta de mi reserva?", "wotrcg-reserve-no-return"),
    ("es", "¿cómo cuenta la corrupción en el juego de cartas?", "wotrcg-corruption-tokens"),
]


@pytest.mark.usefixtures("search_index")
@pytest.mark.parametrize(("lang", "query", "label"), FIVE, ids=[q for _, q, _ in FIVE])
def test_the_card_games_questions_find_their_section_first(lang, query, label):
    result = search.search(query, lang)
    assert result["matched"], result
    assert result["results"][0]["label"] == label, [r["label"] for r in result["results"][:5]]


@pytest.mark.usefixtures("search_index")
def test_corruption_without_the_card_game_is_the_board_games():
    """The same word, with nothing of the card game in the query, finds the board game's rule."""
    labels = [r["label"] for r in search.search("how does corruption work", "en")["results"]]
    assert labels and labels[0].startswith("wotr-")


class Hit(NamedTuple):
    label: str


@pytest.mark.parametrize(("query", "lang", "expected"), [
    ("how does corruption count in the card game?", "en", True),
    ("¿cómo cuenta la corrupción en el juego de cartas?", "es", True),
    ("forsake a card", "en", True),
    ("campo de batalla reactivado", "es", True),
    ("corruption 12 shadow wins", "en", False),
    ("reserva de búsqueda al entrar en Mordor", "es", False),       # the board game's Hunt Pool
    ("lord of the rings card game surge", "en", False),              # the other card game
    ("El Señor de los Anillos juego de cartas oleada", "es", False),
])
def test_a_query_is_about_the_card_game_only_when_its_words_say_so(query, lang, expected):
    assert routing.about_card_game(query, lang) is expected


def test_the_best_card_game_hit_goes_first_only_for_a_card_game_query():
    hits = [Hit("wotr-ring-corruption"), Hit("wotr-victory-ring-shadow"), Hit("wotrcg-corruption-tokens"),
            Hit("wotrcg-scoring")]
    moved = routing.prefer_card_game(hits, lambda h: h.label, "corruption in the card game", "en")
    assert [h.label for h in moved] == ["wotrcg-corruption-tokens", "wotr-ring-corruption",
                                        "wotr-victory-ring-shadow", "wotrcg-scoring"]
    assert routing.prefer_card_game(hits, lambda h: h.label, "corruption", "en") == hits
    far = [Hit(f"wotr-x{i}") for i in range(routing.REACH)] + [Hit("wotrcg-scoring")]
    assert routing.prefer_card_game(far, lambda h: h.label, "card game scoring", "en") == far
    assert routing.prefer_card_game([], lambda h: h.label, "card game", "en") == []


@pytest.mark.usefixtures("search_index")
@pytest.mark.parametrize(("lang", "query", "label"), [
    ("en", "in the card game can I put an army on a path?", "wotrcg-play-army"),
    ("en", "card game: do I play my character cards onto a battleground or only onto paths?", "wotrcg-play-character"),
    ("es", "juego de cartas: ¿puedo jugar un personaje en un campo de batalla?", "wotrcg-play-character"),
    ("es", "en el de cartas, ¿un ejército se juega en un camino o solo en campos de batalla?", "wotrcg-play-army"),
])
def test_where_a_kind_of_card_is_played_finds_how_that_kind_is_played(lang, query, label):
    result = search.search(query, lang)
    assert result["results"][0]["label"] == label, [r["label"] for r in result["results"][:5]]


def test_a_card_moved_after_it_was_played_is_not_read_as_where_it_is_played():
    from adjudicator.search.promote import play_where_first

    class Hit(NamedTuple):
        label: str

    hits = [Hit("wotrcg-move-action"), Hit("wotrcg-play-character")]
    query = "card game: a character played on a path, can it be moved to a battleground later?"
    assert play_where_first(hits, query, True) == hits
    assert play_where_first(hits, "can I play a character on a battleground?", True)[0].label == "wotrcg-play-character"
    assert play_where_first(hits, "can I play a character on a battleground?", False) == hits


@pytest.mark.usefixtures("search_index")
def test_a_tie_on_a_battleground_asks_who_wins_it():
    """"Empate" is no word of the reference: a tie asks who wins (sets 46 and 52, spent)."""
    result = search.search("juego de cartas: si en un campo de batalla hay empate, ¿quién se lo queda?", "es")
    assert result["results"][0]["label"] == "wotrcg-battleground-outcome", [r["label"] for r in result["results"][:3]]
