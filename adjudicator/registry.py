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

# Which rules each kind's rulings decide: the labels its answers and refusals cite, read from
# the rules modules (adjudicator/rules/*.py, cardgame/rules.py, lcg/rules.py). The search
# offers "Ask about this" on a result whose rule a kind decides (kinds_for_rule).
KIND_RULES: dict[tuple[str, str], tuple[str, ...]] = {
    ("war-of-the-ring", "action-dice"): (
        "wotr-dice-count", "wotr-setup-action-dice", "wotr-turn-phase-recover",
    ),
    ("war-of-the-ring", "elven-ring"): (
        "wotr-elven-rings", "wotr-elven-rings-free-peoples", "wotr-elven-rings-one-per-turn",
        "wotr-elven-rings-passing", "wotr-elven-rings-shadow",
    ),
    ("war-of-the-ring", "army-move"): (
        "wotr-army", "wotr-army-capture-settlement", "wotr-army-leaders-not-alone",
        "wotr-army-move", "wotr-army-move-adjacency", "wotr-army-move-character-action",
        "wotr-army-move-free-region", "wotr-army-non-belligerent", "wotr-army-split",
        "wotr-army-stacking", "wotr-character-level-zero", "wotr-character-move",
        "wotr-character-saruman", "wotr-dice-army", "wotr-politics-activation-enemy-army",
        "wotr-politics-advance-captured", "wotr-politics-non-belligerent",
        "wotr-siege-besieged-army", "wotr-siege-lift",
    ),
    ("war-of-the-ring", "character-move"): (
        "wotr-character-companion-group", "wotr-character-companion-move",
        "wotr-character-companion-strongholds", "wotr-character-level-zero",
        "wotr-character-mouth-of-sauron", "wotr-character-move", "wotr-character-nazgul",
        "wotr-character-nazgul-stronghold", "wotr-character-saruman", "wotr-fellowship-separate",
    ),
    ("war-of-the-ring", "battle"): (
        "wotr-battle-attacking-army", "wotr-battle-captain-of-the-west",
        "wotr-battle-city-fortification", "wotr-battle-combat-card", "wotr-battle-combat-strength",
        "wotr-battle-hit", "wotr-battle-leader-reroll", "wotr-battle-leadership",
        "wotr-battle-natural-rolls", "wotr-battle-start", "wotr-dice-character",
        "wotr-politics-advance-attacked", "wotr-politics-non-belligerent", "wotr-siege-battle",
        "wotr-siege-besieged-army", "wotr-siege-choice", "wotr-siege-extend", "wotr-siege-relief",
        "wotr-sortie",
    ),
    ("war-of-the-ring", "retreat"): (
        "wotr-army-stacking", "wotr-battle-retreat", "wotr-battle-retreat-into-siege",
        "wotr-character-level-zero", "wotr-politics-non-belligerent", "wotr-siege-besieged-army",
        "wotr-siege-stacking",
    ),
    ("war-of-the-ring", "muster"): (
        "wotr-army-stacking", "wotr-muster-at-war", "wotr-muster-different-settlements",
        "wotr-muster-losses", "wotr-muster-nazgul", "wotr-muster-options",
        "wotr-muster-reinforcements", "wotr-muster-settlement",
    ),
    ("war-of-the-ring", "politics"): (
        "wotr-fellowship-declare-activate", "wotr-muster-political", "wotr-politics",
        "wotr-politics-activation", "wotr-politics-activation-attacked",
        "wotr-politics-activation-companion", "wotr-politics-activation-enemy-army",
        "wotr-politics-activation-fellowship", "wotr-politics-advance-attacked",
        "wotr-politics-advance-captured", "wotr-politics-at-war", "wotr-politics-passive",
        "wotr-politics-start",
    ),
    ("war-of-the-ring", "separate-companions"): (
        "wotr-character-companion-strongholds", "wotr-fellowship-gollum",
        "wotr-fellowship-guide-change", "wotr-fellowship-separate",
        "wotr-fellowship-separate-besieged", "wotr-mordor-no-separate",
    ),
    ("war-of-the-ring", "declare-fellowship"): (
        "wotr-fellowship-declare", "wotr-fellowship-declare-activate",
        "wotr-fellowship-declare-heal", "wotr-fellowship-move", "wotr-fellowship-progress",
        "wotr-mordor-enter",
    ),
    ("war-of-the-ring", "reveal-fellowship"): (
        "wotr-fellowship-reveal", "wotr-fellowship-reveal-move",
        "wotr-fellowship-reveal-shadow-stronghold", "wotr-mordor-hunt",
    ),
    ("war-of-the-ring", "enter-mordor"): (
        "wotr-fellowship-declare", "wotr-mordor-enter", "wotr-mordor-tiles",
    ),
    ("war-of-the-ring", "hunt-roll"): (
        "wotr-hunt-reroll", "wotr-hunt-roll", "wotr-hunt-roll-bonus", "wotr-hunt-roll-dice",
        "wotr-hunt-roll-natural-one", "wotr-hunt-success", "wotr-mordor-hunt",
    ),
    ("war-of-the-ring", "hunt-damage"): (
        "wotr-hunt-damage", "wotr-hunt-damage-die", "wotr-hunt-damage-eye",
        "wotr-hunt-damage-eye-no-roll", "wotr-hunt-damage-negative", "wotr-hunt-damage-number",
        "wotr-hunt-damage-reveal", "wotr-mordor-eye", "wotr-mordor-move", "wotr-mordor-stop",
        "wotr-tiles-anatomy", "wotr-tiles-special", "wotr-tiles-special-enter",
        "wotr-tiles-standard", "wotr-tiles-stop",
    ),
    ("war-of-the-ring", "hunt-casualty"): (
        "wotr-fellowship-gollum", "wotr-fellowship-guide-change", "wotr-hunt-casualty",
        "wotr-hunt-casualty-choice", "wotr-hunt-casualty-excess", "wotr-hunt-corruption",
        "wotr-ring-corruption", "wotr-victory-ring-shadow",
    ),
    ("war-of-the-ring", "hunt-allocation"): (
        "wotr-hunt-allocation-maximum", "wotr-hunt-allocation-minimum", "wotr-hunt-eye-results",
    ),
    ("war-of-the-ring", "hunt-draw"): (
        "wotr-hunt-damage-die", "wotr-hunt-damage-eye", "wotr-hunt-damage-eye-no-roll",
        "wotr-hunt-damage-negative", "wotr-mordor-eye", "wotr-mordor-stop", "wotr-tiles-anatomy",
        "wotr-tiles-pool", "wotr-tiles-pool-refill", "wotr-tiles-reveal-icon",
        "wotr-tiles-special-enter",
    ),
    ("war-of-the-ring", "victory"): (
        "wotr-turn-phase-victory", "wotr-victory", "wotr-victory-military-free-peoples",
        "wotr-victory-military-shadow", "wotr-victory-points", "wotr-victory-precedence",
        "wotr-victory-ring-free-peoples", "wotr-victory-ring-shadow",
    ),
    ("wotr-card-game", "pass"): (
        "wotrcg-pass", "wotrcg-pass-condition", "wotrcg-stack-limit",
    ),
    ("wotr-card-game", "play-card"): (
        "wotrcg-play", "wotrcg-play-cycle", "wotrcg-play-forfeit",
    ),
    ("wotr-card-game", "path-combat"): (
        "wotrcg-items-leave", "wotrcg-path-combat", "wotrcg-path-combat-eliminate",
        "wotrcg-path-combat-end", "wotrcg-path-combat-path-defence", "wotrcg-path-combat-skulls",
    ),
    ("wotr-card-game", "leadership"): (
        "wotrcg-leadership", "wotrcg-leadership-army-support",
    ),
    ("wotr-card-game", "activate"): (
        "wotrcg-activation", "wotrcg-activation-battleground", "wotrcg-activation-location-step",
        "wotrcg-activation-one-path", "wotrcg-activation-path-once",
        "wotrcg-activation-replaced-path", "wotrcg-reactivation-shields",
    ),
    ("wotr-card-game", "item-move"): (
        "wotrcg-items", "wotrcg-items-bearer", "wotrcg-items-leave", "wotrcg-items-move",
    ),
    ("lotr-lcg", "reveal"): (
        "lcg-doomed", "lcg-keywords", "lcg-scour", "lcg-surge", "lcg-surge-timing",
        "lcg-time-counters",
    ),
    ("lotr-lcg", "time"): (
        "lcg-time", "lcg-time-effects", "lcg-time-refresh", "lcg-time-trigger",
    ),
    ("lotr-lcg", "scour"): (
        "lcg-orcs-search-out-of-play", "lcg-scour", "lcg-scour-example", "lcg-scour-order",
        "lcg-scour-trigger",
    ),
    ("lotr-lcg", "orcs-search"): (
        "lcg-orcs-search", "lcg-orcs-search-discard", "lcg-orcs-search-location",
        "lcg-orcs-search-out-of-play",
    ),
}


def kinds_for_rule(label: str) -> list[tuple[str, str]]:
    """The ``(game, kind)`` questions whose rulings decide the rule ``label``, in KINDS order."""
    return [key for key, labels in KIND_RULES.items() if label in labels]


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
