"""Which games exist, which question kinds each has, and the function that rules on each.

Rule modules register each kind with :func:`question`, giving its
:class:`~adjudicator.spec.KindSpec`. The modules of a game are imported only when a
question of that game is asked, so the CLI starts fast: ``data/kinds.json`` says which
module holds each kind. That file is generated from the registrations
(``python tools/kinds_index.py``), and ``tests/test_registry.py`` fails when it is stale.
"""
from __future__ import annotations

import importlib
import json
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from adjudicator.spec import KindSpec

GAMES = ("war-of-the-ring", "wotr-card-game", "lotr-lcg")
# Other names players give the games (matched like every name: no case, accents or hyphens).
GAME_ALIASES = {"wotr": "war-of-the-ring", "guerra-del-anillo": "war-of-the-ring",
                "lcg": "lotr-lcg", "card-game": "wotr-card-game"}

# Position readers per game: module path of a ``parse_position(raw, problems)`` function.
POSITION_PARSERS = {
    "war-of-the-ring": "adjudicator.wotr.model",
    "wotr-card-game": "adjudicator.cardgame.model",
    "lotr-lcg": "adjudicator.lcg.model",
}
# Every module that registers kinds, per game (the generator imports these; ``kinds.json``
# then maps each kind to its module).
RULE_MODULES: dict[str, tuple[str, ...]] = {
    "war-of-the-ring": tuple(f"adjudicator.wotr.{m}" for m in (
        "dice", "movement", "battle", "retreat", "whole_battle", "muster", "politics", "fellowship", "companions",
        "hiding", "mordor", "hunt", "tile_damage", "tile_draw", "victory", "characters", "cards.events",
        "journey", "advance", "draws")),
    "wotr-card-game": tuple(f"adjudicator.cardgame.{m}" for m in ("actions", "activation", "combat", "items",
                                                                   "battleground", "scoring", "procedures",
                                                                   "reserve")),
    "lotr-lcg": tuple(f"adjudicator.lcg.{m}" for m in ("keywords", "celebrimbor")),
}
INDEX = Path(__file__).parent / "data" / "kinds.json"

Handler = Callable[..., object]
_HANDLERS: dict[tuple[str, str], tuple[Handler, KindSpec]] = {}


def question(spec: KindSpec) -> Callable[[Handler], Handler]:
    """Register ``fn(position, q, r)`` as the ruling for the kind ``spec`` declares."""
    wrong = spec.problems()
    if wrong:
        raise ValueError("; ".join(wrong))

    def deco(fn: Handler) -> Handler:
        key = (spec.game, spec.kind)
        if key in _HANDLERS and _HANDLERS[key][0].__qualname__ != fn.__qualname__:
            raise ValueError(f"{spec.game} {spec.kind} is registered twice")
        _HANDLERS[key] = (fn, spec)
        fn.spec = spec  # type: ignore[attr-defined]
        return fn
    return deco


@cache
def index() -> dict[str, dict[str, str]]:
    """game -> kind -> module, from the generated ``data/kinds.json``."""
    with INDEX.open(encoding="utf-8") as fh:
        return json.load(fh)["kinds"]


def load_all(game: str) -> None:
    """Import every rules module of ``game`` (tests, docs and the web app; rulings do not)."""
    for mod in RULE_MODULES[game]:
        importlib.import_module(mod)


def kinds(game: str) -> list[str]:
    return list(sorted_kinds(game))


@cache
def sorted_kinds(game: str) -> tuple[str, ...]:
    """The kinds of ``game`` in order, sorted once (every ruling checks its kind against them)."""
    return tuple(sorted(index()[game]))


def _entry(game: str, kind: str) -> tuple[Handler, KindSpec] | None:
    entry = _HANDLERS.get((game, kind))
    if entry is not None:   # registered: its module is imported already
        return entry
    module = index()[game].get(kind)
    if module is None:
        return None
    importlib.import_module(module)
    return _HANDLERS.get((game, kind))


def handler(game: str, kind: str) -> Handler | None:
    entry = _entry(game, kind)
    return entry[0] if entry else None


def spec(game: str, kind: str) -> KindSpec | None:
    entry = _entry(game, kind)
    return entry[1] if entry else None


def specs(game: str | None = None) -> list[KindSpec]:
    """Every kind's spec (of one game, or all), in the order of ``kinds()``."""
    out = []
    for g in [game] if game else GAMES:
        load_all(g)
        out += [_HANDLERS[(g, k)][1] for k in kinds(g)]
    return out


def kinds_for_rule(label: str) -> list[tuple[str, str]]:
    """The (game, kind) pairs whose rulings decide the rule ``label`` ("Ask about this")."""
    return [(s.game, s.kind) for s in specs() if label in s.rules]


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
    return {key: fn for key, (fn, _) in _HANDLERS.items()}


@cache
def position_parser(game: str):
    return importlib.import_module(POSITION_PARSERS[game]).parse_position


def generated_index() -> dict:
    """The content of ``data/kinds.json`` as the registrations make it."""
    kinds_by_game: dict[str, dict[str, str]] = {}
    for game in GAMES:
        load_all(game)
        kinds_by_game[game] = {k: fn.__module__ for (g, k), (fn, _) in sorted(_HANDLERS.items()) if g == game}
    return {"_about": "Generated by `python tools/kinds_index.py` from the kinds the rules modules "
                      "register: which module rules on each kind, so that a ruling imports only that "
                      "module. Do not edit by hand; tests/test_registry.py checks it.",
            "kinds": kinds_by_game}
