"""The web side's guarded calls into the engine and the optional parts (docs, search).

Rule modules are written by several people at once: a module that fails to import must
cost its own kinds, not the whole site. Search and docs may not be built yet: the pages say
how to build them instead of failing.
"""
from __future__ import annotations

import logging
from typing import Any

from adjudicator import registry

log = logging.getLogger(__name__)


def kinds(game: str) -> list[str]:
    """The question kinds registered for ``game`` (empty if its rules fail to load)."""
    try:
        return registry.kinds(game)
    except Exception:
        log.exception("rules of %s failed to load", game)
        return []


def games() -> tuple[str, ...]:
    return registry.GAMES


def search(query: str, lang: str, limit: int = 20) -> dict[str, Any]:
    """Search the rules reference; raises :class:`SearchUnavailable` with the reason."""
    try:
        from adjudicator import search as search_mod
    except ImportError:
        raise SearchUnavailable("missing") from None
    try:
        return search_mod.search(query, lang=lang, limit=limit)
    except search_mod.IndexMissing:
        raise SearchUnavailable("index") from None


class SearchUnavailable(Exception):
    """The search cannot run: ``missing`` (no search module) or ``index`` (not built)."""

    @property
    def reason(self) -> str:
        return self.args[0]
