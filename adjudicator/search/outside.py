"""Questions no rule answers: strategy, products, other editions, the table, other games.

A query with one of the phrases of ``data/search_outside.json`` gets "no rule matches" and a line
saying why (adjudicator.search), unless the rule found says those very words itself.
"""
from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import Any

OUTSIDE_FILE = Path(__file__).parents[1] / "data" / "search_outside.json"
# The kinds of question no rule answers (the keys of OUTSIDE_FILE; each has a message, search.outside.KIND).
OUTSIDE_KINDS = ("advice", "product", "other-editions", "table", "other-games", "other-keywords", "card-text", "lore")
_WORD = re.compile(r"\w+")

# A phrase of several words still counts with this many words between two of its words ("how
# long does a full game take" is "how long does a game"), unless written with "=" before it.
OUTSIDE_GAP = 2


def _pattern(phrases: list[str]) -> re.Pattern[str]:
    """One pattern of ``phrases``: folded, whole words only, up to :data:`OUTSIDE_GAP` words
    between two of a phrase's words (the text it reads has its words one space apart)."""
    def pattern(phrase: str) -> str:
        # "=play time": only as written, when its words are also the game's with words between
        # ("in play with Time X" is the LCG keyword, not how long a game lasts).
        exact = phrase.startswith("=")
        gap = " " if exact else rf" (?:\w+ ){{0,{OUTSIDE_GAP}}}"
        # "like ... in the film": one to five words where the dots are
        parts = [gap.join(map(re.escape, part.split())) for part in phrase.removeprefix("=").split("...")]
        return r" (?:\w+ ){1,5}".join(part.strip() for part in parts)
    return re.compile(r"\b(?:" + "|".join(pattern(p) for p in sorted(set(phrases), key=len, reverse=True)) + r")\b")


@cache
def _outside_data() -> dict[str, Any]:
    try:
        return json.loads(OUTSIDE_FILE.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {"outside": {}, "not_outside": {"entries": []}}


@cache
def _outside_patterns() -> tuple[tuple[str, re.Pattern[str]], ...]:
    """Each kind of question outside the rules (data/search_outside.json) as one pattern of its
    phrases; both languages' phrases for every query (players mix them)."""
    return tuple((kind, _pattern(phrases)) for kind, phrases in _outside_data()["outside"].items())


@cache
def _not_outside() -> tuple[tuple[str, re.Pattern[str] | None, tuple[str, ...], str | None], ...]:
    """The data's phrases that make a query's other phrases no sign of a question outside the
    rules: ``(kind dropped, pattern of the phrases that drop it, words the dropped phrases have,
    game the query asks about)`` (data/search_outside.json, ``not_outside``)."""
    return tuple((entry["drops"], _pattern(entry["phrases"]) if entry.get("phrases") else None,
                  tuple(entry.get("only_with", ())), entry.get("about"))
                 for entry in _outside_data()["not_outside"]["entries"])


def _has(phrase: str, word: str) -> bool:
    """Whether a phrase found has ``word`` of a ``not_outside`` entry's ``only_with``: anywhere in it,
    or, written with "=" before it ("=ganan mas"), as the whole phrase ("que bando gana mas" is advice)."""
    return phrase == word[1:] if word.startswith("=") else word in phrase


def outside_phrases(query: str) -> list[tuple[str, str]]:
    """``[(kind, phrase)]``: the phrases of ``query`` that ask what the rules do not answer
    ("best strategy", "sleeves", "expansion", "cuánto dura"), in the order of the kinds."""
    from adjudicator.search.analysis import fold  # Whoosh's analysis: imported when a search needs it
    from adjudicator.search.routing import about_card_game, about_lcg

    text = " ".join(_WORD.findall(fold(query)))
    found = [(kind, m.group(0)) for kind, pattern in _outside_patterns() for m in pattern.finditer(text)]
    for drops, phrases, only_with, about in _not_outside():
        mine = [f for f in found if f[0] == drops and (not only_with or any(_has(f[1], w) for w in only_with))]
        if mine and ((phrases is not None and phrases.search(text)) or (
                about == "card-game" and any(about_card_game(query, lang) for lang in ("en", "es"))) or (
                about == "lcg" and about_lcg(query))):
            found = [f for f in found if f not in mine]
    return found
