"""Message catalogues for the engine's answers and errors, in English and Spanish.

Each domain is a JSON file in ``messages/`` (``hunt.json`` holds every key that starts
with ``hunt.``): ``{"key": {"en": "...", "es": "..."}}`` with ``str.format`` placeholders.
A test checks that both languages exist for every key, with the same placeholders.

Counts choose their word with ``{n:plural(dado|dados)}``: the first form when ``n`` is 1.
"""
from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

LANGS = ("en", "es")
DEFAULT_LANG = "en"
_DIR = Path(__file__).parent / "messages"


@cache
def catalogue(domain: str) -> dict[str, dict[str, str]]:
    path = _DIR / f"{domain}.json"
    with path.open(encoding="utf-8") as fh:
        return json.load(fh)


def domains() -> list[str]:
    return sorted(p.stem for p in _DIR.glob("*.json"))


@cache
def _formatter() -> Any:
    """``str.format`` plus ``{n:plural(one|many)}``, which picks the word that agrees with n
    (built on first use: most messages never need it, and a cold start should not pay for it)."""
    import string

    class MessageFormatter(string.Formatter):
        def format_field(self, value: object, format_spec: str) -> str:
            if format_spec.startswith("plural(") and format_spec.endswith(")"):
                one, _, many = format_spec[len("plural("):-1].partition("|")
                try:
                    return one if int(str(value)) in (1, -1) else many
                except ValueError:
                    return many
            return super().format_field(value, format_spec)

    return MessageFormatter()


def translate(lang: str, key: str, /, **params: object) -> str:
    """The message ``key`` in ``lang``, formatted with ``params``.

    A missing key is a programming error, reported loudly rather than shown as a key.
    """
    domain = key.split(".", 1)[0]
    entry = catalogue(domain)[key]
    text = entry.get(lang) or entry[DEFAULT_LANG]
    if not params:
        return text
    # The C implementation of str.format is several times faster: keep it for plain messages.
    return _formatter().vformat(text, (), params) if ":plural(" in text else text.format(**params)
