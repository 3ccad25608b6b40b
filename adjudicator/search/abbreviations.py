"""Players' abbreviations: the short forms players write ("FP", "GtW", "WK", "vp", "PL").

``data/search_abbreviations.json`` lists each with the words it stands for in each language; a
query word that is one of them is read as those words, in the reference's language.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

ABBREVIATIONS_FILE = Path(__file__).parents[1] / "data" / "search_abbreviations.json"
LANGS = ("en", "es")
_WORD = re.compile(r"\w+")

_abbreviations_cache: dict[Path, dict[str, dict[str, str]]] = {}


def abbreviations(path: Path | None = None) -> dict[str, dict[str, str]]:
    """``{short form, lower case: {"en": words, "es": words}}`` (empty when the file is not there).

    Read once per process and file: the index built from it says when it changed.
    """
    path = path or ABBREVIATIONS_FILE
    if path not in _abbreviations_cache:
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            data = {"abbreviations": []}
        _abbreviations_cache[path] = {short.lower(): {lang: entry[lang] for lang in LANGS}
                                      for entry in data["abbreviations"] for short in entry["short"]}
    return _abbreviations_cache[path]


def expand_abbreviations(text: str, lang: str) -> str:
    """``text`` with each players' abbreviation ("GtW", "fp") replaced by its words in ``lang``."""
    table = abbreviations()
    if not table:
        return text
    return _WORD.sub(lambda m: table.get(m.group(0).lower(), {}).get(lang, m.group(0)), text)
