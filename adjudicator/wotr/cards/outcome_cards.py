"""``battle-outcome`` with combat cards: the cards of each listed round checked and explained
(:mod:`adjudicator.wotr.cards.combat_steps`), the choices they leave tried, and the battle
solved exactly with them (:mod:`adjudicator.wotr.cards.card_battle`)."""
from __future__ import annotations

from fractions import Fraction
from typing import Any

from adjudicator.wotr import battle_outcome as outcome
from adjudicator.wotr.cards import card_battle
from adjudicator.wotr.cards.card_round import Loss, Plan
from adjudicator.wotr.cards.combat_steps import best_choice, plan_of, resolve, verdict
from adjudicator.wotr.engagement import Engagement


def cards_outcome(position, e: Engagement, r, given: list[dict[str, list[str]]], choices: dict[str, Any],
                  cancel: bool, b: outcome.Battle, *, quiet: bool = False) -> tuple[outcome.Outcome, dict]:
    """The odds with the cards, and the verdict's ``combat_cards`` (no step when ``quiet``)."""
    rounds = [resolve(position, e, r, cards, cancel=cancel, rnd=k + 1, quiet=quiet) for k, cards in enumerate(given)]

    def plan_for(chosen: list[dict[str, Any]]):
        """Each round's plan; ``chosen``: each listed round's choices (a round not yet chosen: none)."""
        cache: dict[tuple, Plan] = {}

        def at(k: int, a, d, la: Loss, ld: Loss) -> Plan:
            key = (k, a, d, la, ld)
            if key not in cache:
                fighters = {"attacker": card_battle.fighter(b.attacker, a, la),
                            "defender": card_battle.fighter(b.defender, d, ld)}
                picked = chosen[k - 1] if k <= len(chosen) else {}
                cache[key] = plan_of(position, e, rounds[k - 1], picked, fighters, {"attacker": a, "defender": d},
                                     cancel=cancel)
            return cache[key]
        return at

    def solve(chosen: list[dict[str, Any]]) -> outcome.Outcome:
        return card_battle.solve(b, len(rounds), plan_for(chosen))

    # Round by round, each open choice the best for its player with the earlier rounds' fixed;
    # card_choices, when given, holds for every listed round.
    chosen: list[dict[str, Any]] = []
    for cards in rounds:
        def score(trial: dict[str, Any], done: list = chosen) -> dict[str, Fraction]:
            o = solve([*done, trial])
            return {"attacker": o.p_attacker_wins, "defender": o.p_defender_holds}
        chosen = [*chosen, best_choice(cards, e, r, choices, cancel, score, whole=True, quiet=quiet)]
    return solve(chosen), verdict(rounds[0] if rounds else [], r)
