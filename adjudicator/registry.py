"""Which games exist, which question kinds each has, and the function that rules on each.

Rule modules register their kinds with :func:`question`; the modules of a game are
imported only when a question of that game is asked, so the CLI starts fast.
"""
from __future__ import annotations

import importlib
from typing import Callable

GAMES = ("war-of-the-ring", "wotr-card-game", "lotr-lcg")
# Other names players give the games (matched like every name: no case, accents or hyphens).
GAME_ALIASES = {"wotr": "war-of-the-ring", "guerra-del-anillo": "war-of-the-ring",
                "lcg": "lotr-lcg", "card-game": "wotr-card-game"}

# Which module rules on each kind: one module per rulebook chapter. Only the module of the
# question asked is imported (the CLI's start-up is a hot path); tests/test_registry.py checks
# that importing every module registers exactly these kinds.
KINDS: dict[str, dict[str, str]] = {
    "war-of-the-ring": {
        "action-dice": "adjudicator.rules.dice",
        "elven-ring": "adjudicator.rules.dice",
        "army-move": "adjudicator.rules.movement",
        "character-move": "adjudicator.rules.movement",
        "battle": "adjudicator.rules.battle",
        "battle-outcome": "adjudicator.rules.battle",
        "retreat": "adjudicator.rules.battle",
        "muster": "adjudicator.rules.muster",
        "politics": "adjudicator.rules.politics",
        "separate-companions": "adjudicator.rules.fellowship",
        "declare-fellowship": "adjudicator.rules.fellowship",
        "reveal-fellowship": "adjudicator.rules.fellowship",
        "enter-mordor": "adjudicator.rules.fellowship",
        "hunt-roll": "adjudicator.rules.hunt",
        "hunt-damage": "adjudicator.rules.hunt",
        "hunt-casualty": "adjudicator.rules.hunt",
        "hunt-allocation": "adjudicator.rules.hunt",
        "hunt-draw": "adjudicator.rules.hunt",
        "victory": "adjudicator.rules.victory",
    },
    "wotr-card-game": {kind: "adjudicator.cardgame.rules" for kind in (
        "pass", "play-card", "path-combat", "leadership", "activate", "item-move")},
    "lotr-lcg": {kind: "adjudicator.lcg.rules" for kind in ("reveal", "time", "scour", "orcs-search")},
}
MODULES: dict[str, tuple[str, ...]] = {g: tuple(dict.fromkeys(k.values())) for g, k in KINDS.items()}

# Position readers per game: module path of a ``parse_position(raw, problems)`` function.
POSITION_PARSERS = {
    "war-of-the-ring": "adjudicator.model",
    "wotr-card-game": "adjudicator.cardgame.model",
    "lotr-lcg": "adjudicator.lcg.model",
}

Handler = Callable[..., object]
_HANDLERS: dict[tuple[str, str], Handler] = {}


def question(game: str, kind: str) -> Callable[[Handler], Handler]:
    """Register ``fn(position, q, r)`` as the ruling for ``kind`` in ``game``."""
    def deco(fn: Handler) -> Handler:
        _HANDLERS[(game, kind)] = fn
        return fn
    return deco


def load_all(game: str) -> None:
    """Import every rules module of ``game`` (tests and docs use this; rulings do not)."""
    for mod in MODULES[game]:
        importlib.import_module(mod)


def kinds(game: str) -> list[str]:
    return sorted(KINDS[game])


def handler(game: str, kind: str) -> Handler | None:
    module = KINDS[game].get(kind)
    if module is None:
        return None
    importlib.import_module(module)
    return _HANDLERS.get((game, kind))


def canonical_game(value: object) -> str | None:
    """The game's id for a name a scenario may use (``wotr`` -> ``war-of-the-ring``), or None."""
    from adjudicator.names import normalize

    if not isinstance(value, str):
        return None
    folded = normalize(value)
    for name, game in [*((g, g) for g in GAMES), *GAME_ALIASES.items()]:
        if normalize(name) == folded:
            return game
    return None


def registered() -> dict[tuple[str, str], Handler]:
    return dict(_HANDLERS)


def position_parser(game: str):
    return importlib.import_module(POSITION_PARSERS[game]).parse_position
