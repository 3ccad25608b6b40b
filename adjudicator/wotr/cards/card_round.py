"""One combat round with combat cards, exact: pure, no text, no position.

:mod:`adjudicator.wotr.cards.combat` reads the cards, checks their conditions against the
battle, puts them in order and turns what each does into a :class:`Plan`; this module rolls
the round. Every effect on the dice enters the distribution: modifiers to the Combat roll and
to the Leader re-roll, dice limited or removed (never below one), Leadership forfeited, missed
dice made hits, natural 1s that hit their own army, attacks before the Combat roll whose hits
are removed at once, self-inflicted hits, extra hits, hits cancelled, characters slain and the
attacks after casualties. The steps of the round, in order (the data's ``combat_steps``):

1. before the Combat roll, in initiative order: the extra attacks (no Leader re-roll, none of
   the other card's modifiers: they hit on the battle's own number) and the self-inflicted hits;
2. both Combat rolls at once, then the Leader re-rolls (a forfeited point counts for nothing);
3. after the re-rolls: extra hits and the characters slain (their Leadership and any Combat
   strength they gave are gone from the next round on);
4. hits cancelled just before the casualties; casualties of both sides, chosen by each
   side's policy (:func:`adjudicator.wotr.battle_outcome.take_hits`);
5. after casualties, in initiative order: an extra hit, an extra attack, self-hits then dice.

A round's result is a mapping ``Result -> probability`` (exact fractions).
"""
from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from functools import lru_cache
from math import comb
from typing import NamedTuple

from adjudicator.wotr.battle_outcome import KEEP_STRENGTH, MAX_DICE, MAX_REROLLS, Comp, hit_points, take_hits

ROLES = ("attacker", "defender")
# Every chance here is a whole number over a power of 6 (each die has six faces): weights are
# kept as integers, each roll over 6^5 (an attack: at most five dice) or 6^10 (a side's Combat
# roll and re-roll), and turned into fractions once, at the end.
ATTACK_SCALE = 6 ** MAX_DICE
ROLL_SCALE = 6 ** (MAX_DICE + MAX_REROLLS)


class Fighter(NamedTuple):
    """One side at the start of a round: its units (regulars, elites, elites that lead), the
    Combat strength its characters add, its Leadership besides the leading Elites, and its
    casualty policy."""
    comp: Comp
    captains: int = 0
    leadership: int = 0
    casualties: str = KEEP_STRENGTH

    def lead(self, comp: Comp) -> int:
        return self.leadership + comp[2]


class Loss(NamedTuple):
    """What a side loses for good when one of its characters is slain in the round."""
    leadership: int = 0
    captains: int = 0


class Elimination(NamedTuple):
    """A card that slays an enemy character after the re-rolls: the first entry whose
    ``min_hits`` the owner's re-roll hits reach applies; ``spend`` hits are used up on it."""
    entries: tuple[tuple[int, Loss], ...]
    spend: int = 0


class Side(NamedTuple):
    """What the cards do to one side's own round (the effects of either card, resolved)."""
    roll_mod: int = 0
    reroll_mod: int = 0
    max_dice: int | None = None
    dice_less: int = 0
    forfeit: int = 0
    no_reroll: bool = False
    auto_hits: int = 0
    backfire: bool = False
    extra_hits: tuple[int, str] | None = None      # (amount, "any" | "more")
    cancel: tuple[str, int] | None = None          # ("shield", 1) | ("heroic", most hits)
    cancel_cost: Loss = Loss()                     # a Heroic Death's figure
    eliminate: Elimination | None = None
    captains_less: int = 0                         # Combat strength switched off this round


class Plan(NamedTuple):
    """The round's cards, resolved: each side's effects, and the ordered actions before the
    Combat roll and after casualties: (role, action, amount)."""
    attacker: Side = Side()
    defender: Side = Side()
    # (role, action, amount, hit_on): "attack-leadership" | "attack-elites" | "attack-fixed" (amount dice) |
    # "self-hits" (at most amount); hit_on 0: the battle's own number for that side
    before: tuple[tuple[str, str, int, int], ...] = ()
    after: tuple[tuple[str, str, int, int], ...] = ()     # "great-host" | "attack-elites" | "onslaught"
    retreat: bool = False                            # the defender leaves before any die is rolled

    def side(self, role: str) -> Side:
        return self.attacker if role == "attacker" else self.defender


class Result(NamedTuple):
    a_comp: Comp
    d_comp: Comp
    a_loss: Loss
    d_loss: Loss
    a_hits: int       # hits the attacker scored on the defender this round
    d_hits: int
    a_self: int       # hits each side took from its own dice or card
    d_self: int


def faces(hit_on: int) -> int:
    """The faces that hit when a die needs ``hit_on`` (a natural 1 misses, a 6 hits)."""
    return 7 - max(2, min(6, hit_on))


def _binom(n: int, k: int, hit_on: int, scale_dice: int = MAX_DICE) -> int:
    """P(k of n dice hit) over 6^scale_dice."""
    f = faces(hit_on)
    return comb(n, k) * f ** k * (6 - f) ** (n - k) * 6 ** (scale_dice - n)


@lru_cache(maxsize=4096)
def side_roll(dice: int, hit_on: int, reroll_on: int, rerolls: int, auto: int, backfire: bool
              ) -> tuple[tuple[tuple[int, int, int], int], ...]:
    """(Combat-roll hits with the missed dice made hits, re-roll hits, natural 1s that hit the
    roller's own army) -> chance over 6^10. A natural 1 always misses and a 6 always hits."""
    f = faces(hit_on)
    one = 1 if backfire else 0
    miss = 6 - f - one
    out: dict[tuple[int, int, int], int] = defaultdict(int)
    for h in range(dice + 1):
        for o in range(dice - h + 1 if backfire else 1):
            m = dice - h - o
            w = comb(dice, h) * comb(dice - h, o) * f ** h * one ** o * miss ** m
            if not w:
                continue
            made = min(auto, m)
            r = min(rerolls, m - made)
            for h2 in range(r + 1):
                out[(h + made, h2, o)] += w * _binom(r, h2, reroll_on, MAX_DICE + MAX_REROLLS - dice)
    return tuple(out.items())


def dice_of(f: Fighter, comp: Comp, s: Side) -> int:
    units = sum(comp)
    if not units:
        return 0
    dice = min(MAX_DICE, units + max(0, f.captains - s.captains_less))
    if s.max_dice is not None:
        dice = min(dice, s.max_dice)
    if s.dice_less:
        dice = max(1, dice - s.dice_less)
    return dice


def rerolls_of(f: Fighter, comp: Comp, s: Side, dice: int) -> int:
    if s.no_reroll:
        return 0
    return max(0, min(MAX_REROLLS, dice, f.lead(comp) - s.forfeit))


class _Pre(NamedTuple):
    a: Comp
    d: Comp
    a_pre: int = 0     # hits scored before the Combat roll
    d_pre: int = 0
    a_self: int = 0
    d_self: int = 0


def _elites(comp: Comp) -> int:
    return comp[1] + comp[2]


def _attack(dist: dict, role: str, dice_fn, hit_on: int, fighters: dict[str, Fighter]) -> dict:
    """An extra attack by ``role``: its hits are taken by the enemy at once."""
    out: dict = defaultdict(int)
    enemy = "defender" if role == "attacker" else "attacker"
    for st, pr in dist.items():
        own, other = (st.a, st.d) if role == "attacker" else (st.d, st.a)
        n = min(MAX_DICE, dice_fn(own)) if sum(own) else 0
        for h in range(n + 1):
            other2 = take_hits(other, h, fighters[enemy].casualties, fighters[enemy].captains)
            if role == "attacker":
                nst = st._replace(d=other2, a_pre=st.a_pre + h)
            else:
                nst = st._replace(a=other2, d_pre=st.d_pre + h)
            out[nst] += pr * _binom(n, h, hit_on)
    return out


def _self_hits(dist: dict, role: str, most: int, fighters: dict[str, Fighter]) -> dict:
    """Hits a side inflicts on itself; never its last unit (a player keeps one to fight)."""
    out: dict = defaultdict(int)
    f = fighters[role]
    for st, pr in dist.items():
        own = st.a if role == "attacker" else st.d
        k = max(0, min(most, hit_points(own) - 1))
        own2 = take_hits(own, k, f.casualties, f.captains)
        nst = st._replace(a=own2, a_self=st.a_self + k) if role == "attacker" else \
            st._replace(d=own2, d_self=st.d_self + k)
        out[nst] += pr
    return out


def round_outcomes(att: Fighter, dfd: Fighter, hit_a: int, hit_d: int, plan: Plan) -> dict[Result, Fraction]:
    """Every way the round can end, with its exact chance."""
    fighters = {"attacker": att, "defender": dfd}
    base = {"attacker": hit_a, "defender": hit_d}
    if plan.retreat:
        return {Result(att.comp, dfd.comp, Loss(), Loss(), 0, 0, 0, 0): Fraction(1)}
    dist: dict = {_Pre(att.comp, dfd.comp): 1}
    scale = 1
    for role, action, amount, hit_on in plan.before:
        f = fighters[role]
        s = plan.side(role)
        number = hit_on or base[role]
        if action == "self-hits":
            dist = _self_hits(dist, role, amount, fighters)
            continue
        scale *= ATTACK_SCALE
        if action == "attack-fixed":
            dist = _attack(dist, role, lambda comp, n=amount: n, number, fighters)
        elif action == "attack-elites":
            dist = _attack(dist, role, _elites, number, fighters)
        else:   # attack-leadership
            dist = _attack(dist, role, lambda comp, f=f, s=s: max(0, f.lead(comp) - s.forfeit), number, fighters)
    out: dict[Result, int] = defaultdict(int)
    for st, pr in dist.items():
        for res, p2 in _rolls(st, fighters, base, plan).items():
            out[res] += pr * p2
    scale *= ROLL_SCALE * ROLL_SCALE
    for role, action, amount, _hit_on in plan.after:
        out = _after(out, role, action, amount, fighters)
        scale *= ATTACK_SCALE
    return {res: Fraction(w, scale) for res, w in out.items() if w}


def _roll_dist(f: Fighter, comp: Comp, s: Side, hit_on: int, self_mod: int):
    dice = dice_of(f, comp, s)
    rerolls = rerolls_of(f, comp, s, dice)
    return side_roll(dice, hit_on - s.roll_mod - self_mod, hit_on - s.reroll_mod, rerolls, s.auto_hits, s.backfire)


def _rolls(st: _Pre, fighters: dict[str, Fighter], base: dict[str, int], plan: Plan) -> dict[Result, int]:
    att, dfd = fighters["attacker"], fighters["defender"]
    sa, sd = plan.attacker, plan.defender
    ra = _roll_dist(att, st.a, sa, base["attacker"], st.a_self)
    rd = _roll_dist(dfd, st.d, sd, base["defender"], st.d_self)
    out: dict[Result, int] = defaultdict(int)
    for (ac, ar, ao), pa in ra:
        for (dc, dr, do), pd in rd:
            a_tot, d_tot = ac + ar, dc + dr
            a_hits, d_hits = a_tot, d_tot
            a_hits, d_loss = _after_rerolls(sa, a_hits, a_tot, ar, d_tot + st.d_pre)
            d_hits, a_loss = _after_rerolls(sd, d_hits, d_tot, dr, a_tot + st.a_pre)
            d_hits, a_cost = _cancel(sa, d_hits, d_tot)
            a_hits, d_cost = _cancel(sd, a_hits, a_tot)
            a_loss = Loss(a_loss.leadership + a_cost.leadership, a_loss.captains + a_cost.captains)
            d_loss = Loss(d_loss.leadership + d_cost.leadership, d_loss.captains + d_cost.captains)
            a_comp = take_hits(st.a, d_hits + ao, att.casualties, att.captains)
            d_comp = take_hits(st.d, a_hits + do, dfd.casualties, dfd.captains)
            res = Result(a_comp, d_comp, a_loss, d_loss, st.a_pre + a_hits, st.d_pre + d_hits,
                         st.a_self + ao, st.d_self + do)
            out[res] += pa * pd
    return out


def _after_rerolls(s: Side, hits: int, total: int, reroll_hits: int, enemy_total: int) -> tuple[int, Loss]:
    """Extra hits and the character slain by ``s``'s card: (its hits now, the enemy's loss)."""
    if s.extra_hits:
        amount, cond = s.extra_hits
        if (cond == "any" and total >= 1) or (cond == "more" and total > enemy_total):
            hits += amount
    loss = Loss()
    if s.eliminate:
        for min_hits, what in s.eliminate.entries:
            if reroll_hits >= min_hits:
                loss = what
                hits -= s.eliminate.spend
                break
    return hits, loss


def _cancel(s: Side, against: int, enemy_rolls: int) -> tuple[int, Loss]:
    """Hits against ``s``'s side that its card cancels: (hits left, the figure paid)."""
    if not s.cancel or against <= 0:
        return against, Loss()
    kind, most = s.cancel
    if kind == "shield":
        return (against - 1, Loss()) if enemy_rolls >= 2 else (against, Loss())
    return max(0, against - most), s.cancel_cost


def _after(dist: dict[Result, int], role: str, action: str, amount: int,
           fighters: dict[str, Fighter]) -> dict[Result, int]:
    """An after-casualties card of ``role``: its hits are taken at once (weights over 6^5 more)."""
    out: dict[Result, int] = defaultdict(int)
    att = role == "attacker"
    enemy = fighters["defender" if att else "attacker"]
    own_f = fighters[role]
    for res, pr in dist.items():
        own, other = (res.a_comp, res.d_comp) if att else (res.d_comp, res.a_comp)
        if not sum(own) or not sum(other):
            out[res] += pr * ATTACK_SCALE
            continue
        own_self = 0
        if action == "great-host":
            rolls = [(1 if sum(own) >= 2 * sum(other) else 0, ATTACK_SCALE)]
        elif action == "attack-elites":
            n = min(MAX_DICE, _elites(own))
            rolls = [(h, _binom(n, h, 5)) for h in range(n + 1)]
        else:   # onslaught: self-hits, then a die for each on 4+
            own_self = max(0, min(amount, hit_points(own) - 1))
            own = take_hits(own, own_self, own_f.casualties, own_f.captains)
            rolls = [(h, _binom(own_self, h, 4)) for h in range(own_self + 1)]
        for h, p in rolls:
            other2 = take_hits(other, h, enemy.casualties, enemy.captains)
            if att:
                new = res._replace(a_comp=own, d_comp=other2, a_hits=res.a_hits + h, a_self=res.a_self + own_self)
            else:
                new = res._replace(d_comp=own, a_comp=other2, d_hits=res.d_hits + h, d_self=res.d_self + own_self)
            out[new] += pr * p
    return out


def hits_marginal(dist: dict[Result, Fraction], role: str) -> list[Fraction]:
    """P(the side scores exactly k hits on the enemy this round), k = 0.."""
    by: dict[int, Fraction] = defaultdict(Fraction)
    for res, p in dist.items():
        by[res.a_hits if role == "attacker" else res.d_hits] += p
    top = max(by) if by else 0
    return [by.get(k, Fraction(0)) for k in range(top + 1)]


def self_marginal(dist: dict[Result, Fraction], role: str) -> list[Fraction]:
    by: dict[int, Fraction] = defaultdict(Fraction)
    for res, p in dist.items():
        by[res.a_self if role == "attacker" else res.d_self] += p
    top = max(by) if by else 0
    return [by.get(k, Fraction(0)) for k in range(top + 1)]
