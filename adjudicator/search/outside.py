"""Questions no rule answers: strategy, products, other editions, the table, other games.

A query with one of the phrases of ``data/search_outside.json`` gets "no rule matches" and a line
saying why (adjudicator.search), unless the rule found says those very words itself.
"""
from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

OUTSIDE_FILE = Path(__file__).parents[1] / "data" / "search_outside.json"
# The kinds of question no rule answers (the keys of OUTSIDE_FILE; each has a message, search.outside.KIND).
OUTSIDE_KINDS = ("advice", "product", "other-editions", "table", "other-games", "other-keywords", "card-text", "lore")
# The table's phrases about how many play ("3 player", "cuatro jugadores", "teammate"): the board
# game's rules do not change with them, but the card game has a scenario for two, three and four
# players, so in a question about the card game (search/routing.py) they are rules words.
PLAYER_COUNT = re.compile(r"player|jugador|teammate|companero de equipo")
_WORD = re.compile(r"\w+")
# A question that sets the books or the films against the game ("in the book they were already
# fighting, but what does the game say?") asks what the game does: its lore words do not make it
# a question of lore.
GAME_CONTRAST = re.compile(r"\b(?:(?:dice|dicen|hace|hacen|pasa) (?:en )?el juego|segun el juego|"
                           r"(?:dicen|segun|en) las reglas|(?:do|does|say|says) the game|the game says|"
                           r"the rules say|in the rules|rules wise|game wise|"
                           r"pero en el juego|but in the game|and in the game)\b")

# A phrase of several words still counts with this many words between two of its words ("how
# long does a full game take" is "how long does a game"), unless written with "=" before it.
OUTSIDE_GAP = 2


@cache
def _outside_patterns() -> tuple[tuple[str, re.Pattern[str]], ...]:
    """Each kind of question outside the rules (data/search_outside.json) as one pattern of its
    phrases, folded, whole words only, a few words allowed between a phrase's words (the text
    the pattern reads has its words one space apart); both languages' phrases for every query
    (players mix them)."""
    try:
        data = json.loads(OUTSIDE_FILE.read_text(encoding="utf-8"))["outside"]
    except FileNotFoundError:
        return ()
    gap = rf" (?:\w+ ){{0,{OUTSIDE_GAP}}}"

    def pattern(phrase: str) -> str:
        # "=play time": only as written, when its words are also the game's with words between
        # ("in play with Time X" is the LCG keyword, not how long a game lasts).
        exact = phrase.startswith("=")
        return (" " if exact else gap).join(map(re.escape, phrase.removeprefix("=").split()))
    return tuple((kind, re.compile(r"\b(?:" + "|".join(
        pattern(p) for p in sorted(set(phrases), key=len, reverse=True)) + r")\b"))
        for kind, phrases in data.items())


def outside_phrases(query: str) -> list[tuple[str, str]]:
    """``[(kind, phrase)]``: the phrases of ``query`` that ask what the rules do not answer
    ("best strategy", "sleeves", "expansion", "cuánto dura"), in the order of the kinds."""
    from adjudicator.search.analysis import fold  # Whoosh's analysis: imported when a search needs it
    from adjudicator.search.routing import about_card_game

    text = " ".join(_WORD.findall(fold(query)))
    found = [(kind, m.group(0)) for kind, pattern in _outside_patterns() for m in pattern.finditer(text)]
    if any(kind == "table" and PLAYER_COUNT.search(phrase) for kind, phrase in found) and any(
            about_card_game(query, lang) for lang in ("en", "es")):
        found = [(kind, phrase) for kind, phrase in found if not (kind == "table" and PLAYER_COUNT.search(phrase))]
    if any(kind == "lore" for kind, _p in found) and GAME_CONTRAST.search(text):
        found = [(kind, phrase) for kind, phrase in found if kind != "lore"]
    return found
