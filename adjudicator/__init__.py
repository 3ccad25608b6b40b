"""Adjudicator: rulings with cited rules for War of the Ring (2nd edition), War of the Ring:
The Card Game, and keywords of The Lord of the Rings: The Card Game.

The engine is pure Python: it never imports Flask, Sphinx or Whoosh.

    >>> from adjudicator import ask
    >>> ruling = ask({"game": "lotr-lcg", "question": {"kind": "reveal", "players": 2,
    ...               "card": {"keywords": ["doomed 2"]}}})
    >>> ruling["verdict"]["threat_each"]
    2
"""
from __future__ import annotations

__version__ = "0.1.0"

from adjudicator.api import ask, ask_text, rule  # noqa: E402,F401

__all__ = ["ask", "ask_text", "rule", "__version__"]
