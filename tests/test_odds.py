"""Hunt roll odds: exact fractions checked against a seeded Monte Carlo oracle that plays the
roll the way players do (natural 1 fails, +1 per Free Peoples die, failed dice re-rolled),
and properties of ``hits_distribution`` checked with hypothesis."""
from __future__ import annotations

import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.api import ask
from adjudicator.wotr.odds import hits_distribution, p_at_least_one, p_die

TRIALS = 200_000


def simulate_hunt(rng: random.Random, dice: int, bonus: int, rerolls: int) -> int:
    """One Hunt roll as played at the table: count the successes."""
    def hit(face: int) -> bool:
        return face != 1 and face + bonus >= 6
    faces = [rng.randint(1, 6) for _ in range(dice)]
    successes = sum(hit(f) for f in faces)
    failed = dice - successes
    successes += sum(hit(rng.randint(1, 6)) for _ in range(min(rerolls, failed)))
    return successes


def hunt_position(shadow: int, fp: int, conditions: int) -> dict:
    """A position whose Ring-bearers' region meets ``conditions`` re-roll conditions (0..3):
    Moria is a Shadow stronghold; Orc units and a Nazgul add the others."""
    if conditions == 0:
        return {"fellowship": {"region": "Fangorn"}, "hunt": {"box": {"shadow": shadow, "free_peoples": fp}}}
    shadow_army: dict = {}
    if conditions >= 2:
        shadow_army["sauron"] = {"regular": 1}
    if conditions >= 3:
        shadow_army["nazgul"] = 1
    return {"fellowship": {"region": "Moria"}, "hunt": {"box": {"shadow": shadow, "free_peoples": fp}},
            "regions": {"Moria": {"shadow": shadow_army}} if shadow_army else {}}


# (Shadow dice in the box, Free Peoples dice in the box, re-roll conditions)
CASES = [(1, 0, 0), (3, 0, 1), (4, 1, 0), (2, 2, 3), (5, 0, 3), (7, 1, 2), (2, 5, 1)]


@pytest.mark.parametrize("shadow,fp,conditions", CASES)
def test_hunt_roll_matches_monte_carlo(shadow, fp, conditions):
    ruling = ask({"game": "war-of-the-ring", "position": hunt_position(shadow, fp, conditions),
                  "question": {"kind": "hunt-roll"}})
    v = ruling["verdict"]
    assert v["dice"] == min(shadow, 5)
    # One failed die per condition, but never more re-rolls than dice rolled.
    assert v["rerolls"] == min(conditions, v["dice"])
    assert v["reroll_conditions"] == conditions
    rng = random.Random(1000 * shadow + 10 * fp + conditions)
    trials = TRIALS if (shadow, fp, conditions) == (2, 2, 3) else TRIALS // 4
    counts = [0] * (v["dice"] + 1)
    for _ in range(trials):
        counts[simulate_hunt(rng, v["dice"], fp, v["rerolls"])] += 1
    observed = 1 - counts[0] / trials
    # 5 standard errors: a real mistake in the odds (a wrong face or a lost re-roll) is far larger.
    tolerance = 5 * (v["p_success"] * (1 - v["p_success"]) / trials) ** 0.5 + 1e-4
    assert abs(observed - v["p_success"]) <= tolerance, (observed, v)
    exact = hits_distribution(v["dice"], v["hit_on"], v["rerolls"])
    for k, p in enumerate(exact):
        assert abs(counts[k] / trials - float(p)) <= 5 * (float(p) * (1 - float(p)) / trials) ** 0.5 + 1e-4


def test_known_exact_values():
    assert p_die(6) == Fraction(1, 6)
    assert p_die(2) == Fraction(5, 6)
    assert p_die(0) == Fraction(5, 6)      # a natural 1 always fails
    assert p_die(9) == Fraction(1, 6)      # a natural 6 always succeeds
    assert p_at_least_one(4, 5, 0) == Fraction(65, 81)
    assert p_at_least_one(2, 6, 3) == 1 - Fraction(25, 36) ** 2   # both dice re-rolled once
    assert p_at_least_one(0, 6, 2) == 0


@settings(max_examples=300, deadline=None)
@given(dice=st.integers(0, 6), hit_on=st.integers(0, 8), rerolls=st.integers(0, 4))
def test_distribution_sums_to_one(dice, hit_on, rerolls):
    dist = hits_distribution(dice, hit_on, rerolls)
    assert len(dist) == dice + 1
    assert sum(dist) == 1
    assert all(p >= 0 for p in dist)


def _at_least(dist, k):
    return sum(dist[k:])


@settings(max_examples=300, deadline=None)
@given(dice=st.integers(1, 6), hit_on=st.integers(1, 7), rerolls=st.integers(0, 4))
def test_distribution_monotone_in_hit_on(dice, hit_on, rerolls):
    """Needing a higher face never makes k or more successes likelier, for any k."""
    easier = hits_distribution(dice, hit_on, rerolls)
    harder = hits_distribution(dice, hit_on + 1, rerolls)
    for k in range(dice + 1):
        assert _at_least(easier, k) >= _at_least(harder, k)


@settings(max_examples=200, deadline=None)
@given(dice=st.integers(1, 6), hit_on=st.integers(2, 6), rerolls=st.integers(0, 4))
def test_distribution_monotone_in_rerolls(dice, hit_on, rerolls):
    fewer = hits_distribution(dice, hit_on, rerolls)
    more = hits_distribution(dice, hit_on, rerolls + 1)
    for k in range(dice + 1):
        assert _at_least(more, k) >= _at_least(fewer, k)
