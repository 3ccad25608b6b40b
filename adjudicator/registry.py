"""Which games exist, which question kinds each has, and the function that rules on each.

Rule modules register their kinds with :func:`question`; the modules of a game are
imported only when a question of that game is asked, so the CLI starts fast.
"""
from __future__ import annotations

import importlib
from typing import Callable

GAMES = ("war-of-the-ring", "wotr-card-game", "lotr-lcg")

# One module per rulebook chapter; the order is irrelevant (kinds are keyed by name).
MODULES: dict[str, tuple[str, ...]] = {
    "war-of-the-ring": (
        "adjudicator.rules.dice",
        "adjudicator.rules.movement",
        "adjudicator.rules.battle",
        "adjudicator.rules.muster",
        "adjudicator.rules.politics",
        "adjudicator.rules.fellowship",
        "adjudicator.rules.hunt",
        "adjudicator.rules.victory",
    ),
    "wotr-card-game": ("adjudicator.cardgame.rules",),
    "lotr-lcg": ("adjudicator.lcg.rules",),
}

# Position readers per game: module path of a ``parse_position(raw, problems)`` function.
POSITION_PARSERS = {
    "war-of-the-ring": "adjudicator.model",
    "wotr-card-game": "adjudicator.cardgame.model",
    "lotr-lcg": "adjudicator.lcg.model",
}

Handler = Callable[..., object]
_HANDLERS: dict[tuple[str, str], Handler] = {}
_loaded: set[str] = set()


def question(game: str, kind: str) -> Callable[[Handler], Handler]:
    """Register ``fn(position, q, r)`` as the ruling for ``kind`` in ``game``."""
    def deco(fn: Handler) -> Handler:
        _HANDLERS[(game, kind)] = fn
        return fn
    return deco


def _load(game: str) -> None:
    if game in _loaded:
        return
    for mod in MODULES[game]:
        importlib.import_module(mod)
    _loaded.add(game)


def kinds(game: str) -> list[str]:
    _load(game)
    return sorted(k for g, k in _HANDLERS if g == game)


def handler(game: str, kind: str) -> Handler | None:
    _load(game)
    return _HANDLERS.get((game, kind))


def position_parser(game: str):
    return importlib.import_module(POSITION_PARSERS[game]).parse_position
