"""War of the Ring: the Hunt for the Ring (seed 000 'La Búsqueda del Anillo'; seed 004).

Kinds: ``hunt-roll`` (more kinds of this chapter are added here).
"""
from __future__ import annotations

from adjudicator import data, names
from adjudicator.registry import question
from adjudicator.ruling import fraction_text, probability
from adjudicator.rules.odds import hits_distribution

GAME = "war-of-the-ring"
MAX_HUNT_DICE = 5  # official 2nd-edition rules; the seed does not give the cap


def hunt_reroll_conditions(position) -> list[str]:
    """The re-roll conditions met where the Ring-bearers stand (one failed die per condition).

    The region is that of the Ring-bearers' figure (the Fellowship's last known position).
    """
    region = position.fellowship.region
    met = []
    info = data.regions()[region]
    if info["settlement"] == "stronghold" and position.controller(region) == "shadow":
        met.append("stronghold")
    shadow = position.army(region, "shadow")
    if shadow.units:
        met.append("units")
    if shadow.nazgul or any(data.characters()[c]["is_nazgul"] for c in shadow.characters):
        met.append("nazgul")
    return met


@question(GAME, "hunt-roll")
def hunt_roll(position, q, r):
    rolls = q.list("rolls")
    rerolled = q.list("rerolled")
    from adjudicator.params import check_int
    if rolls is not None:
        rolls = [check_int(v, q.at("rolls") + [i], q.problems, lo=1, hi=6) for i, v in enumerate(rolls)]
    if rerolled is not None:
        rerolled = [check_int(v, q.at("rerolled") + [i], q.problems, lo=1, hi=6) for i, v in enumerate(rerolled)]
    q.ready()

    fel, hunt = position.fellowship, position.hunt
    if fel.in_mordor:
        r.step("hunt.roll_mordor", "wotr-mordor-hunt")
        return r.decide("hunt.answer_roll_mordor", dice=0, hit_on=None, rerolls=0, p_success=1.0,
                        p_success_exact="1")

    in_box = hunt.shadow_dice
    dice = min(in_box, MAX_HUNT_DICE)
    r.step("hunt.roll_dice", "wotr-hunt-roll-dice", box=in_box, dice=dice)
    if dice == 0:
        return r.decide("hunt.answer_no_dice", dice=0, hit_on=None, rerolls=0, p_success=0.0,
                        p_success_exact="0")
    bonus = hunt.free_peoples_dice
    hit_on = max(2, 6 - bonus)
    r.step("hunt.roll_bonus", "wotr-hunt-roll-bonus", fp=bonus, hit_on=hit_on)
    if 6 - bonus < 2:
        r.step("hunt.roll_natural_one", "wotr-hunt-roll-natural-one")
    met = hunt_reroll_conditions(position)
    region = names.region_name(fel.region, r.lang)
    if met:
        for cond in met:
            r.step(f"hunt.reroll_{cond}", "wotr-hunt-reroll", region=region)
    else:
        r.step("hunt.reroll_none", "wotr-hunt-reroll", region=region)
    rerolls = len(met)
    dist = hits_distribution(dice, hit_on, rerolls)
    p = 1 - dist[0]
    verdict = {"dice": dice, "hit_on": hit_on, "rerolls": rerolls,
               "p_success": probability(p), "p_success_exact": fraction_text(p)}
    if rolls is None:
        r.step("hunt.success_draws_tile", "wotr-hunt-success")
        return r.decide("hunt.answer_roll", {"dice": dice, "hit_on": hit_on, "rerolls": rerolls,
                                            "pct": f"{float(p) * 100:.1f}"}, **verdict)

    # With the faces rolled: count successes (then any re-rolled dice).
    if None in rolls or (rerolled and None in rerolled):
        q.problems.raise_if_any()
    if len(rolls) != dice:
        q.problems.add(q.at("rolls"), "hunt.err_rolls_count", given=len(rolls), dice=dice)
    failed = [v for v in rolls if not _hunt_die_succeeds(v, bonus)]
    if rerolled is not None and len(rerolled) > min(rerolls, len(failed)):
        q.problems.add(q.at("rerolled"), "hunt.err_rerolled_count", given=len(rerolled),
                       allowed=min(rerolls, len(failed)))
    q.problems.raise_if_any()
    successes = sum(_hunt_die_succeeds(v, bonus) for v in rolls)
    r.step("hunt.rolled", "wotr-hunt-roll", rolls=", ".join(map(str, rolls)), successes=successes)
    if rerolled:
        extra = sum(_hunt_die_succeeds(v, bonus) for v in rerolled)
        r.step("hunt.rerolled", "wotr-hunt-reroll", rolls=", ".join(map(str, rerolled)), successes=extra)
        successes += extra
    success = successes > 0
    r.step("hunt.success_draws_tile" if success else "hunt.failure", "wotr-hunt-success")
    return r.decide("hunt.answer_rolled_success" if success else "hunt.answer_rolled_failure",
                    {"successes": successes}, **verdict, successes=successes, success=success)


def _hunt_die_succeeds(face: int, bonus: int) -> bool:
    """A natural 1 always fails; otherwise face + bonus must reach 6."""
    return face != 1 and face + bonus >= 6
