"""Which game a query is about, when its words say so: the card game's questions find its rules.

Three games share this reference, and some words mean a rule in more than one of them
("corruption", "deck", "three players"). A query that names *War of the Ring: The Card Game*
("card game", "juego de cartas") or uses a word only that game uses (battleground, cycle pile,
forsake, winnow...) is about the card game: its best card-game section goes first, if the
ranking found one among the first few. A query that names The Lord of the Rings: The Card Game
(the LCG, "Señor de los Anillos") is not rerouted: both are card games.

The rule only moves one hit up; it never adds a hit the ranking did not find, and a query with
no such word is left exactly as ranked.
"""
from __future__ import annotations

import re
from typing import TypeVar

from adjudicator.search.analysis import fold

CARD_GAME_PREFIX = "wotrcg-"
REACH = 5   # a card-game hit below this rank is too weak a match to be promoted

# Folded phrases (see analysis.fold): each marks the card game ("juego de carta" as those who drop a
# final s say it, set 37; "el WotR de cartas", sets 36 and 39). Words the board game also uses
# ("reserve" for its reinforcements and, in Spanish, the Hunt Pool) need the card game's context.
MARKERS = {
    "en": ("card game", "cardgame", "battleground", "cycle pile", "cycle a card", "cycled", "forsake", "winnow",
           "carryover limit", "stack limit", "my reserve", "the reserve", "reserve area", "scoring area",
           "corruption token", "ring token", "draw deck", "trilogy scenario", "duel"),
    "es": ("juego de cartas", "el de cartas", "juego de carta", "el de carta", "wotr de cartas", "wotr de carta",
           "war of the ring de cartas", "guerra del anillo de cartas", "version de cartas", "campo de batalla",
           "campos de batalla", "pila de ciclado",
           "ciclar", "ciclo una",
           "renunciar", "cribar", "limite de cartas acumulables", "mi reserva", "la reserva", "zona de reserva",
           "zona de puntuacion", "ficha de corrupcion", "fichas de corrupcion", "ficha de anillo",
           "mazo de robo", "trilogia", "duelo"),
}
# Words that name another game, or the board game's own use of a shared word.
NOT_HERE = {
    "en": ("lord of the rings", "lcg", "living card game", "encounter", "quest card", "hunt pool",
           "reinforcement"),
    "es": ("senor de los anillos", "lcg", "encuentro", "reserva de busqueda", "reserva de refuerzos",
           "refuerzos"),
}

# Folded phrases that name The Lord of the Rings: The Card Game or one of its keywords here, in a
# question where how many play is a rule (its effects say "each player"; set 42's "time 3 on a
# card in a 4 player game"). "Time" alone is a word of every game: it counts only with its number.
LCG_KEYWORDS = ("doomed", "maldito", "surge", "oleada", "scour", "escudrinar", "orcs search",
                "busqueda de los orcos", "time counter", "time counters", "contadores de tiempo",
                "contador de tiempo")
LCG_MARKERS = ("lcg", "living card game", "lord of the rings card game", "lord of the rings the card game",
               "senor de los anillos", "encounter deck", "mazo de encuentros", *LCG_KEYWORDS)
_LCG_TIME = re.compile(r"(?<![a-z0-9])(?:time|tiempo) (?:x|\d+)(?![a-z0-9])")

# The board game's name said in the card game's own name ("the War of the Ring card game", "el juego
# de cartas de la Guerra del Anillo"): read as words, its "Ring" found the Ring tokens and its
# "War" the battles (the tuned sets 29 to 43, spent). "card game" and "juego de cartas" stay words:
# the card game's "game round" is one of its rules.
_GAME_NAME = re.compile(r"\b(?:(?:la )?guerra del anillo|war of the ring|wotr)\b", re.IGNORECASE)

H = TypeVar("H")


def _has(text: str, phrase: str) -> bool:
    return re.search(rf"(?<![a-z0-9]){re.escape(phrase)}(?![a-z0-9])", text) is not None


def about_card_game(query: str, lang: str) -> bool:
    """Whether ``query`` names War of the Ring: The Card Game or uses a word only it uses."""
    text = " ".join(fold(query).split())
    if lang == "es":   # "el juego d cartas": the texting 'd' for 'de' (search_vocabulary.json)
        text = re.sub(r"(?<![a-z0-9])d(?![a-z0-9])", "de", text)
    if any(_has(text, p) for p in NOT_HERE.get(lang, ()) + NOT_HERE["en"]):
        return False
    return any(_has(text, p) for p in MARKERS.get(lang, ()) + MARKERS["en"])


def without_game_name(query: str, lang: str) -> str:
    """``query`` without the board game's name said in the card game's ("in the War of the Ring
    card game") when it is about the card game (:func:`about_card_game`); otherwise as it stands."""
    return _GAME_NAME.sub(" ", query) if about_card_game(query, lang) else query


def _says_one_of(query: str, markers: tuple[str, ...]) -> bool:
    """Whether ``query`` says one of ``markers`` (folded, as words: "The Lord of the Rings: The Card
    Game") or a Time keyword with its number."""
    text = " ".join(fold(query).replace("'", "").replace("’", "").split())
    words = " ".join(re.findall(r"\w+", text))
    return _LCG_TIME.search(text) is not None or any(_has(words, p) for p in markers)


def about_lcg(query: str) -> bool:
    """Whether ``query`` names The Lord of the Rings: The Card Game or one of its keywords (any
    language: players mix them)."""
    return _says_one_of(query, LCG_MARKERS)


def names_lcg_keyword(query: str) -> bool:
    """Whether ``query`` names one of the LCG's keywords this reference explains ("Surge", "Time 2",
    "escudriñar"), not only the game."""
    return _says_one_of(query, LCG_KEYWORDS)


def prefer_card_game(hits: list[H], label_of, query: str, lang: str) -> list[H]:
    """``hits`` with the best card-game hit first when the query is about the card game and that
    hit is among the first :data:`REACH`; otherwise ``hits`` unchanged."""
    if not hits or not about_card_game(query, lang) or label_of(hits[0]).startswith(CARD_GAME_PREFIX):
        return hits
    for i, hit in enumerate(hits[:REACH]):
        if label_of(hit).startswith(CARD_GAME_PREFIX):
            return [hit, *hits[:i], *hits[i + 1:]]
    return hits
