"""Exact dice odds with fractions: no sampling in an answer.

Dice are six-sided. A roll "hits on" a face h: faces h..6 succeed, except that a natural 1
always fails and a natural 6 always succeeds whatever the modifiers (seed 000, battles
and the Hunt).
"""
from __future__ import annotations

from fractions import Fraction
from functools import lru_cache


def p_die(hit_on: int) -> Fraction:
    """Chance that one die succeeds when it needs ``hit_on`` or more (after modifiers).

    Natural 1 always fails, natural 6 always succeeds: the chance stays in [1/6, 5/6].
    """
    faces = 7 - max(2, min(6, hit_on))
    return Fraction(faces, 6)


@lru_cache(maxsize=4096)
def hits_distribution(dice: int, hit_on: int, rerolls: int) -> tuple[Fraction, ...]:
    """P(exactly k successes) for ``dice`` dice, then up to ``rerolls`` failed dice re-rolled.

    Returns a tuple of length dice+1. Re-rolls use the same threshold.
    """
    p = p_die(hit_on)
    q = 1 - p
    dist = [Fraction(0)] * (dice + 1)
    for first in range(dice + 1):
        p_first = _binom(dice, first) * p ** first * q ** (dice - first)
        failed = dice - first
        r = min(rerolls, failed)
        for second in range(r + 1):
            p_second = _binom(r, second) * p ** second * q ** (r - second)
            dist[first + second] += p_first * p_second
    return tuple(dist)


def p_at_least_one(dice: int, hit_on: int, rerolls: int) -> Fraction:
    if dice <= 0:
        return Fraction(0)
    return 1 - hits_distribution(dice, hit_on, rerolls)[0]


@lru_cache(maxsize=256)
def _binom(n: int, k: int) -> int:
    from math import comb
    return comb(n, k)
