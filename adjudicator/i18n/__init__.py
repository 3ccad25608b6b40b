"""Message catalogues for the engine's answers and errors, in English and Spanish.

Each domain is a JSON file in ``messages/`` (``hunt.json`` holds every key that starts
with ``hunt.``): ``{"key": {"en": "...", "es": "..."}}`` with ``str.format`` placeholders.
A test checks that both languages exist for every key, with the same placeholders.
"""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

LANGS = ("en", "es")
DEFAULT_LANG = "en"
_DIR = Path(__file__).parent / "messages"


@lru_cache(maxsize=None)
def catalogue(domain: str) -> dict[str, dict[str, str]]:
    path = _DIR / f"{domain}.json"
    with path.open(encoding="utf-8") as fh:
        return json.load(fh)


def domains() -> list[str]:
    return sorted(p.stem for p in _DIR.glob("*.json"))


def translate(lang: str, key: str, /, **params: object) -> str:
    """The message ``key`` in ``lang``, formatted with ``params``.

    A missing key is a programming error, reported loudly rather than shown as a key.
    """
    domain = key.split(".", 1)[0]
    entry = catalogue(domain)[key]
    text = entry.get(lang) or entry[DEFAULT_LANG]
    return text.format(**params) if params else text
