"""The regions a query names, read as what they are in the rules' words ("helms deep" ->
"helms deep Stronghold"): part of the search (adjudicator.search re-exports read_places)."""
from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache

# What a region is, in the reference's words: "can nazgul enter helms deep" asks about a
# Stronghold (the glossary's terms, docs/glossary.md and its Spanish catalogue).
SETTLEMENT_WORDS = {"stronghold": {"en": "Stronghold", "es": "Baluarte"}, "city": {"en": "City", "es": "Ciudad"},
                    "town": {"en": "Town", "es": "Villa"},
                    "fortification": {"en": "Fortification", "es": "Fortificación"},
                    None: {"en": "region", "es": "región"}}


@cache
def _region_names() -> tuple[re.Pattern[str], dict[str, str | None]]:
    """One pattern for every region's names (both languages, folded, an apostrophe optional,
    the longest first so that "North Ithilien" wins over "Ithilien"), and each name's
    settlement by its letters alone ("helmsdeep")."""
    from adjudicator import data
    from adjudicator.search.analysis import fold

    kinds: dict[str, str | None] = {}
    patterns = []
    for info in data.regions().values():
        for name in set(info["name"].values()):
            words = re.findall(r"\w+", fold(name))   # "helm", "s", "deep"
            if words:
                kinds["".join(words)] = info["settlement"]
                patterns.append(r"['\u2019]?\W*".join(map(re.escape, words)))
    patterns.sort(key=len, reverse=True)
    return re.compile(r"\b(?:" + "|".join(patterns) + r")\b"), kinds


def read_places(text: str, lang: str, knows: Callable[[str], bool]) -> str:
    """``text`` with each region it names read as what it is too ("helms deep" -> "helms deep
    Stronghold", "bree" -> "bree Town"): the rules speak of kinds of region. A name whose words
    the reference never uses (``knows``) is replaced: they would only weigh as unknown words."""
    from adjudicator.search.analysis import fold

    folded = fold(text)
    if len(folded) != len(text):
        return text   # folding changed the length (a rare letter): positions would not match
    pattern, kinds = _region_names()
    out, cursor = [], 0
    for m in pattern.finditer(folded):
        words = re.findall(r"\w+", m.group(0))
        word = SETTLEMENT_WORDS[kinds["".join(words)]][lang]
        if all(knows(w) for w in words):
            word = f"{text[m.start():m.end()]} {word}"   # the rules name it too ("Minas Tirith"): keep it
        out += [text[cursor:m.start()], word]
        cursor = m.end()
    return "".join(out) + text[cursor:]
