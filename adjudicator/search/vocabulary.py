"""The table's vocabulary: the words players use for the game's terms, read as the reference's.

``data/search_vocabulary.json`` lists, per language, phrases players write ("wraiths",
"jinetes negros", "dormida", "the hobbits") and the reference's words each stands for
("Nazgûl", "pasiva", "Ring-bearers"). :func:`read_vocabulary` rewrites a query with them
before it is searched: the reference's words are added after a phrase whose words the
reference uses itself ("hobbits" keeps its own weight and adds "Ring-bearers"), and take the
place of a phrase it never uses ("castle" only weighs as an unknown word, "Stronghold" as
the rule's), or always when the entry says ``replace`` ("the hobbits" are the Ring-bearers,
not the Hobbit Companions). The longest phrase wins where two overlap ("salir a pegar" over
"pegar").
"""
from __future__ import annotations

import json
import re
from collections.abc import Callable
from functools import cache
from pathlib import Path

from adjudicator.search.analysis import fold

VOCABULARY_FILE = Path(__file__).parents[1] / "data" / "search_vocabulary.json"


@cache
def _table(path: Path = VOCABULARY_FILE) -> dict[str, tuple[re.Pattern[str] | None, dict[str, tuple[str, bool]]]]:
    """Per language: one pattern of every phrase (folded, longest first) and each phrase's
    meaning, with whether it always replaces the phrase."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        data = {"entries": []}
    out: dict[str, tuple[re.Pattern[str] | None, dict[str, tuple[str, bool]]]] = {}
    by_lang: dict[str, dict[str, tuple[str, bool]]] = {}
    for entry in data["entries"]:
        for say in entry["say"]:
            key = " ".join(re.findall(r"\w+", fold(say)))
            if key:
                by_lang.setdefault(entry["lang"], {}).setdefault(key, (entry["means"], bool(entry.get("replace"))))
    for lang, means in by_lang.items():
        phrases = sorted(means, key=len, reverse=True)
        pattern = re.compile(r"(?<!\w)(?:" + "|".join(r"\W+".join(map(re.escape, p.split())) for p in phrases)
                             + r")(?!\w)")
        out[lang] = (pattern, means)
    return out


def entries(path: Path = VOCABULARY_FILE) -> list[dict]:
    """The vocabulary's entries as the data file has them."""
    return json.loads(path.read_text(encoding="utf-8"))["entries"]


def read_vocabulary(text: str, lang: str, knows: Callable[[str], bool]) -> str:
    """``text`` with each player's phrase of ``lang`` read as the reference's words too
    (or instead, when ``knows`` says the reference never uses the phrase's words)."""
    pattern, means = _table().get(lang, (None, {}))
    if pattern is None:
        return text
    folded = fold(text)
    if len(folded) != len(text):
        return text   # folding changed the length (a rare letter): positions would not match
    out, cursor = [], 0
    for m in pattern.finditer(folded):
        key = " ".join(re.findall(r"\w+", m.group(0)))
        if key not in means:
            continue
        meaning, replace = means[key]
        typed = text[m.start():m.end()]
        kept = not replace and all(knows(w) for w in key.split()) and fold(meaning) != key
        out += [text[cursor:m.start()], f"{typed} {meaning}" if kept else meaning]
        cursor = m.end()
    return "".join(out) + text[cursor:]
