"""A whole battle whose first rounds are fought with combat cards, exact: pure, no text.

The rounds with cards are rolled one by one (:func:`adjudicator.wotr.cards.card_round.round_outcomes`),
each ending as any round ends (:func:`adjudicator.wotr.battle_outcome.end_of_round`); the battle
left after them is solved from the states it is in by :func:`adjudicator.wotr.battle_outcome.solve`,
once for each way the cards changed the sides for good (a character slain: his Leadership and
Combat strength gone), and the parts are added up.
"""
from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from fractions import Fraction

from adjudicator.wotr import battle_outcome as outcome
from adjudicator.wotr.cards.card_round import Fighter, Loss, Plan, round_outcomes

# (round, attacker's units, defender's units, attacker's loss, defender's loss) -> the round's plan
PlanFor = Callable[[int, outcome.Comp, outcome.Comp, Loss, Loss], Plan]


def fighter(force: outcome.Force, comp: outcome.Comp, loss: Loss) -> Fighter:
    return Fighter(comp, max(0, force.captains - loss.captains), max(0, force.leadership - loss.leadership),
                   force.casualties)


def _add(a: Loss, b: Loss) -> Loss:
    return Loss(a.leadership + b.leadership, a.captains + b.captains)


def solve(b: outcome.Battle, rounds: int, plan_for: PlanFor) -> outcome.Outcome:
    """The battle's odds when the cards of rounds 1..``rounds`` are given by ``plan_for``."""
    if rounds <= 0 or b.retreat_after == 0:
        return outcome.solve(b)
    comp_a = (b.attacker.regulars, b.attacker.elites, b.attacker.leading_elites)
    comp_d = (b.defender.regulars, b.defender.elites, b.defender.leading_elites)
    live: dict[tuple, Fraction] = {(comp_a, comp_d, 0, Loss(), Loss()): Fraction(1)}
    ended: dict[tuple, Fraction] = defaultdict(Fraction)     # (terminal, round) -> chance
    start_round = rounds + 1
    for k in range(1, rounds + 1):
        nxt: dict[tuple, Fraction] = defaultdict(Fraction)
        hit_a = b.attacker_hits_on_first if (k == 1 and b.attacker_hits_on_first is not None) else b.attacker_hits_on
        for (a, d, ext, la, ld), p in live.items():
            plan = plan_for(k, a, d, la, ld)
            fa, fd = fighter(b.attacker, a, la), fighter(b.defender, d, ld)
            for res, pr in round_outcomes(fa, fd, hit_a, b.defender_hits_on, plan).items():
                if plan.retreat:
                    ended[((outcome.RETREAT, None, sum(a), sum(d)), k)] += p * pr
                    continue
                goes_on, then = outcome.end_of_round(b, res.a_comp, res.d_comp, k, ext, start_round)
                if goes_on:
                    a2, d2, _k2, ext2 = then
                    nxt[(a2, d2, ext2, _add(la, res.a_loss), _add(ld, res.d_loss))] += p * pr
                else:
                    ended[(then, k)] += p * pr
        live = nxt
    parts: list[tuple[Fraction, outcome.Outcome]] = []
    groups: dict[tuple[Loss, Loss], dict[tuple, Fraction]] = defaultdict(dict)
    for (a, d, ext, la, ld), p in live.items():
        groups[(la, ld)][(a, d, start_round, ext)] = p
    for (la, ld), states in groups.items():
        weight = sum(states.values(), Fraction(0))
        sub = b._replace(attacker=_weaker(b.attacker, la), defender=_weaker(b.defender, ld))
        parts.append((weight, outcome.solve(sub, {s: p / weight for s, p in states.items()}, start_round)))
    return _combine(b, ended, parts)


def _weaker(f: outcome.Force, loss: Loss) -> outcome.Force:
    return f._replace(leadership=max(0, f.leadership - loss.leadership), captains=max(0, f.captains - loss.captains))


def _combine(b: outcome.Battle, ended: dict[tuple, Fraction], parts: list[tuple[Fraction, outcome.Outcome]]
             ) -> outcome.Outcome:
    totals: dict[str, Fraction] = defaultdict(Fraction)
    holds: dict[str, Fraction] = defaultdict(Fraction)
    rounds: dict[str, Fraction] = defaultdict(Fraction)
    a_left = [Fraction(0)] * (b.attacker.units + 1)
    d_left = [Fraction(0)] * (b.defender.units + 1)
    expected_rounds = Fraction(0)
    states = 0
    for ((kind, reason, au, du), k), p in ended.items():
        totals[kind] += p
        if reason:
            holds[reason] += p
        a_left[au] += p
        d_left[du] += p
        rounds[str(k)] += p
        expected_rounds += k * p
    for w, o in parts:
        states += o.states
        for kind, value in ((outcome.ATTACKER, o.p_attacker_wins), (outcome.HOLDS, o.p_defender_holds),
                            (outcome.BOTH, o.p_both_eliminated), (outcome.RETREAT, o.p_defender_retreats)):
            totals[kind] += w * value
        for reason, value in o.holds.items():
            holds[reason] += w * value
        for key, value in o.p_rounds.items():
            rounds[key] += w * value
        for i, value in enumerate(o.attacker_left):
            a_left[i] += w * value
        for i, value in enumerate(o.defender_left):
            d_left[i] += w * value
        expected_rounds += w * o.expected_rounds
    order = sorted(rounds, key=lambda key: int(key.rstrip("+")))
    return outcome.Outcome(
        p_attacker_wins=totals[outcome.ATTACKER], p_defender_holds=totals[outcome.HOLDS],
        p_both_eliminated=totals[outcome.BOTH], p_defender_retreats=totals[outcome.RETREAT],
        holds={k: v for k, v in holds.items() if v}, p_rounds={k: rounds[k] for k in order if rounds[k]},
        expected_rounds=expected_rounds, attacker_left=a_left, defender_left=d_left,
        expected_attacker_losses=b.attacker.units - sum((k * p for k, p in enumerate(a_left)), Fraction(0)),
        expected_defender_losses=b.defender.units - sum((k * p for k, p in enumerate(d_left)), Fraction(0)),
        states=states, expected_extensions=expected_rounds - 1 if b.siege else Fraction(0))
