"""battle-outcome: whole-battle odds, exact.

(a) small cases worked out by hand; (b) a Monte Carlo oracle, a plain simulation of the
rules written here without the solver, that must agree with every exact figure within its
error bars over a spread of battles asked through the API (so the reading of the position
is checked too); (c) invariants over random armies (hypothesis); (d) the kind's policies,
refusals and problems in both languages.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from math import sqrt

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator import api
from adjudicator import ruling as ruling_module
from adjudicator.problems import ScenarioInvalid
from adjudicator.wotr import battle_outcome as bo

AT_WAR = {n: "at-war" for n in ("gondor", "rohan", "sauron", "isengard", "southrons", "elves", "dwarves", "north")}


def ask(question, regions, lang="en"):
    return api.ask({"game": "war-of-the-ring", "lang": lang, "position": {"regions": regions, "politics": AT_WAR},
                    "question": {"kind": "battle-outcome", **question}})


def exact(verdict, key):
    """The exact value(s) of a verdict key, as Fractions; a fraction too long to be given
    (``*_exact`` null past ruling.MAX_EXACT_CHARS) is its float, rounded to 4 decimals."""
    value, rounded = verdict[f"{key}_exact"], verdict[key]

    def one(text, figure):
        return Fraction(text) if text is not None else Fraction(figure)
    if isinstance(value, dict):
        return {k: one(v, rounded[k]) for k, v in value.items()}
    if isinstance(value, list):
        return [one(v, f) for v, f in zip(value, rounded, strict=True)]
    return one(value, rounded)


# -- (a) by hand ------------------------------------------------------------------------------
def test_one_regular_against_one_regular_in_the_open():
    # Each side rolls 1 die hitting on 5: 1/3. In a round: both hit 1/9, only the attacker
    # 2/9, only the defender 2/9, nobody 4/9 (the same round again). Dividing out the repeat:
    # attacker wins (2/9)/(5/9) = 2/5, defender holds 2/5, both die 1/5; the battle ends in
    # round k with (4/9)^(k-1) * 5/9, so it lasts 9/5 rounds on average.
    o = bo.solve(bo.Battle(bo.Force(1), bo.Force(1)))
    assert (o.p_attacker_wins, o.p_defender_holds, o.p_both_eliminated) == \
        (Fraction(2, 5), Fraction(2, 5), Fraction(1, 5))
    assert o.expected_rounds == Fraction(9, 5)
    for k in range(1, bo.ROUNDS_LISTED + 1):
        assert o.p_rounds[str(k)] == Fraction(4, 9) ** (k - 1) * Fraction(5, 9)
    assert o.p_rounds[f"{bo.ROUNDS_LISTED + 1}+"] == Fraction(4, 9) ** bo.ROUNDS_LISTED
    assert o.attacker_left == [Fraction(3, 5), Fraction(2, 5)] and o.defender_left == [Fraction(3, 5), Fraction(2, 5)]
    assert o.expected_attacker_losses == Fraction(3, 5)


def test_a_city_makes_the_first_round_harder():
    # Round 1: the attacker hits on 6 (1/6), the defender on 5 (1/3): both 1/18, only the
    # attacker 1/9, only the defender 5/18, nobody 5/9 -> then the open-field odds 2/5, 2/5, 1/5.
    # Wins 1/9 + 5/9 * 2/5 = 1/3; holds 5/18 + 5/9 * 2/5 = 1/2; both 1/18 + 5/9 * 1/5 = 1/6.
    o = bo.solve(bo.Battle(bo.Force(1), bo.Force(1), attacker_hits_on_first=6))
    assert (o.p_attacker_wins, o.p_defender_holds, o.p_both_eliminated) == \
        (Fraction(1, 3), Fraction(1, 2), Fraction(1, 6))
    assert o.p_rounds["1"] == Fraction(4, 9) and o.p_rounds["2"] == Fraction(5, 9) * Fraction(5, 9)


def test_a_leader_re_rolls_the_missed_die():
    # The attacker's die with one re-roll hits 1/3 + 2/3 * 1/3 = 5/9; the defender's 1/3.
    # Both 5/27, attacker only 10/27, defender only 4/27, nobody 8/27: wins 10/19, holds 4/19, both 5/19.
    o = bo.solve(bo.Battle(bo.Force(1, leadership=1), bo.Force(1)))
    assert (o.p_attacker_wins, o.p_defender_holds, o.p_both_eliminated) == \
        (Fraction(10, 19), Fraction(4, 19), Fraction(5, 19))


def test_a_siege_of_one_round():
    # Two besiegers without Elites (no extension) against one defender: 2 dice on 6 hit at
    # least once with 1 - (5/6)^2 = 11/36, which takes the defender; one die on 5 can only
    # take one of the two besiegers. The siege goes on otherwise.
    o = bo.solve(bo.Battle(bo.Force(2), bo.Force(1), attacker_hits_on=6, siege=True))
    assert o.p_attacker_wins == Fraction(11, 36) and o.p_defender_holds == Fraction(25, 36)
    assert o.holds == {bo.SIEGE_ENDED: Fraction(25, 36)}
    assert o.p_rounds == {"1": Fraction(1)} and o.expected_rounds == 1
    assert o.attacker_left == [0, Fraction(1, 3), Fraction(2, 3)]


def test_an_extension_costs_the_besieger_an_elite():
    # One Elite besieger (1 die on 6) against one Regular (1 die on 5). Round 1: both hit
    # 1/18 (the Elite is reduced by the hit and survives: the attacker wins), only the
    # attacker 1/9 (wins), only the defender 5/18 (the Elite is reduced: no Elite left to
    # extend, the siege battle ends), nobody 5/9: the attacker reduces his Elite for round 2,
    # where both hit 1/18 (both gone), only he 1/9 (wins), only the defender 5/18 (he is
    # gone), nobody 5/9 (it ends). Wins 1/18 + 1/9 + 5/9 * 1/9 = 37/162; both 5/9 * 1/18 = 5/162.
    o = bo.solve(bo.Battle(bo.Force(0, 1), bo.Force(1), attacker_hits_on=6, siege=True))
    assert o.p_attacker_wins == Fraction(37, 162) and o.p_both_eliminated == Fraction(5, 162)
    assert o.holds == {bo.SIEGE_ENDED: Fraction(5, 18) + Fraction(5, 9) ** 2,
                       bo.ELIMINATED: Fraction(5, 9) * Fraction(5, 18)}
    assert o.p_rounds == {"1": Fraction(4, 9), "2": Fraction(5, 9)}
    assert o.expected_extensions == Fraction(5, 9)


def test_a_long_round_limit_still_lists_twelve_rounds_and_the_rest():
    o = bo.solve(bo.Battle(bo.Force(1), bo.Force(1), max_rounds=15))
    assert list(o.p_rounds) == [*map(str, range(1, 13)), "13+"]
    assert o.p_rounds["13+"] == Fraction(4, 9) ** 12 and o.holds[bo.MAX_ROUNDS] == Fraction(4, 9) ** 15


def test_the_defender_withdraws_into_its_stronghold_before_any_roll():
    o = bo.solve(bo.Battle(bo.Force(3), bo.Force(7), retreat_after=0, retreat_keeps=5))
    assert o.p_defender_retreats == 1 and o.defender_left[5] == 1 and o.expected_defender_losses == 2


# -- casualty policies against their definitions ------------------------------------------------
@cache     # a pure choice; the simulation asks it thousands of times
def best_keeping_strength(comp, hits, captains):
    """keep-strength by brute force: among every way of taking the hits, the most dice next
    round, then the most Elites (those that lead last)."""
    r, e, le = comp
    hp = max(0, r + 2 * (e + le) - hits)
    best = None
    for e2 in range(e + 1):
        for le2 in range(le + 1):
            r2 = hp - 2 * (e2 + le2)
            if r2 < 0 or r2 + e2 + le2 > r + e + le:
                continue
            units = r2 + e2 + le2
            key = (min(5, units + captains) if units else 0, le2, e2)
            if best is None or key > best[0]:
                best = (key, (r2, e2, le2))
    return best[1]


@pytest.mark.parametrize("captains", [0, 2])
def test_keep_strength_is_the_most_dice_then_the_most_elites(captains):
    for r in range(7):
        for e in range(6):
            for le in range(3):
                if r + e + le == 0:
                    continue
                for hits in range(8):
                    got = bo.take_hits((r, e, le), hits, bo.KEEP_STRENGTH, captains)
                    assert got == best_keeping_strength((r, e, le), hits, captains), ((r, e, le), hits)


def test_the_other_policies_take_what_they_say():
    assert bo.take_hits((3, 2, 0), 4, bo.REMOVE_REGULARS, 0) == (1, 1, 0)   # 3 Regulars, then an Elite reduced
    assert bo.take_hits((3, 2, 0), 5, bo.REMOVE_REGULARS, 0) == (0, 1, 0)   # ... and the Regular it became
    assert bo.take_hits((3, 2, 0), 3, bo.REDUCE_ELITES, 0) == (4, 0, 0)     # 2 Elites reduced, then a Regular
    assert bo.take_hits((1, 1, 1), 2, bo.REDUCE_ELITES, 0) == (3, 0, 0)     # the leading Elite last
    assert bo.take_hits((1, 1, 0), 9, bo.KEEP_STRENGTH, 0) == (0, 0, 0)     # hits beyond the army are lost


# -- (b) the Monte Carlo oracle ----------------------------------------------------------------
@dataclass
class Side:
    """One side as a player counts it. ``leading``: Isengard Elites that are also Leaders
    (Saruman in play): each adds 1 Leadership only while it is still an Elite on the board;
    ``leadership``: the figures that take no hits (Leaders, Nazgûl, characters), after
    Gandalf the White's choice."""
    regulars: int
    elites: int = 0
    leadership: int = 0
    captains: int = 0
    policy: str = "keep-strength"
    leading: int = 0

    @property
    def units(self) -> int:
        return self.regulars + self.elites + self.leading


@dataclass
class Plain:
    """A battle as the rules describe it, written by hand from the position (not by the engine)."""
    attacker: Side
    defender: Side
    att_first: int = 5
    att_later: int = 5
    def_hit: int = 5
    siege: bool = False
    extend: int | None = None        # None: while the attacker has an Elite
    max_rounds: int | None = None
    stops_below: int = 1
    retreat_after: int | None = None
    retreat_keeps: int | None = None


def roll(rng: random.Random, dice: int, hit_on: int, rerolls: int) -> int:
    """The combat roll and the leader re-roll of the failed dice; a 1 misses, a 6 hits."""
    def die():
        face = int(rng.random() * 6) + 1
        return face != 1 and (face == 6 or face >= hit_on)
    hits = sum(die() for _ in range(dice))
    return hits + sum(die() for _ in range(min(rerolls, dice - hits)))


def casualties(army: list[int], hits: int, side: Side) -> None:
    """Take the hits on [regulars, elites, leading elites]: keep-strength by brute force, the
    others one hit at a time (an Elite that leads is reduced after the others: it is the one
    the owner keeps)."""
    if side.policy == "keep-strength":
        army[:] = best_keeping_strength(tuple(army), hits, side.captains)
        return
    for _ in range(hits):
        regular_first = side.policy == "remove-regulars"
        if army[0] and (regular_first or not (army[1] or army[2])):
            army[0] -= 1
        elif army[1]:
            army[1] -= 1
            army[0] += 1
        elif army[2]:
            army[2] -= 1
            army[0] += 1


def simulate(rng: random.Random, b: Plain) -> tuple[str, int, int, int]:
    """One battle: (outcome, attacking units left, defending units left, rounds). The re-rolls
    are counted afresh every round from what is left: the Leadership of the figures that take
    no hits, plus one per leading Elite still an Elite."""
    att = [b.attacker.regulars, b.attacker.elites, b.attacker.leading]
    dfd = [b.defender.regulars, b.defender.elites, b.defender.leading]
    extensions = 0
    rnd = 0
    while True:
        rnd += 1
        a_dice = min(5, sum(att) + b.attacker.captains)
        d_dice = min(5, sum(dfd) + b.defender.captains)
        a_lead = b.attacker.leadership + att[2]
        d_lead = b.defender.leadership + dfd[2]
        a_hits = roll(rng, a_dice, b.att_first if rnd == 1 else b.att_later, min(5, a_dice, a_lead))
        d_hits = roll(rng, d_dice, b.def_hit, min(5, d_dice, d_lead))
        casualties(att, d_hits, b.attacker)
        casualties(dfd, a_hits, b.defender)
        au, du = sum(att), sum(dfd)
        if not au and not du:
            return "both", 0, 0, rnd
        if not du:
            return "attacker", au, 0, rnd
        if not au or au < b.stops_below or (b.max_rounds and rnd >= b.max_rounds):
            return "holds", au, du, rnd
        if b.siege:
            if (att[1] or att[2]) and (b.extend is None or extensions < b.extend):
                if att[1]:          # a plain Elite is the one given up, a leading one last
                    att[1] -= 1
                else:
                    att[2] -= 1
                att[0] += 1
                extensions += 1
                continue
            return "holds", au, du, rnd
        if b.retreat_after == rnd:
            return "retreat", au, min(du, b.retreat_keeps or du), rnd


SIEGE_REGION = {"Minas Tirith": {"besieged": "free-peoples",
                                 "free_peoples": {"gondor": {"regular": 3, "elite": 2, "leader": 1}},
                                 "shadow": {"sauron": {"regular": 6, "elite": 3}, "nazgul": 1}}}
ORTHANC_SARUMAN = {"Orthanc": {"shadow": {"characters": ["Saruman"]}}}
GANDALF_REGIONS = {"North Ithilien": {"shadow": {"sauron": {"regular": 4, "elite": 1}, "nazgul": 1,
                                                 "characters": ["Witch-king"]}},
                   "Osgiliath": {"free_peoples": {"gondor": {"regular": 3, "elite": 1, "leader": 1},
                                                  "characters": ["Gandalf the White"]}}}
GANDALF_QUESTION = {"from": "North Ithilien", "to": "Osgiliath"}
SIEGE_PLAIN = dict(attacker=Side(6, 3, leadership=1), defender=Side(3, 2, leadership=1),
                   att_first=6, att_later=6, siege=True)


@dataclass
class Case:
    name: str
    question: dict
    regions: dict
    plain: Plain
    samples: int = 4000
    steps: list[str] = field(default_factory=list)   # labels the ruling must cite


CASES = [
    Case("field, Rohan with two Leaders", {"from": "Folde", "to": "Westemnet"},
         {"Folde": {"free_peoples": {"rohan": {"regular": 3, "elite": 2, "leader": 2}}},
          "Westemnet": {"shadow": {"isengard": {"regular": 4}}}},
         Plain(Side(3, 2, leadership=2), Side(4)), steps=["wotr-battle-hit", "wotr-battle-leader-reroll"]),
    Case("city, Edoras", {"from": "Westemnet", "to": "Edoras"},
         {"Westemnet": {"shadow": {"isengard": {"regular": 5, "elite": 1}}},
          "Edoras": {"free_peoples": {"rohan": {"regular": 2, "elite": 1, "leader": 1}}}},
         Plain(Side(5, 1), Side(2, 1, leadership=1), att_first=6), steps=["wotr-battle-city-fortification"]),
    Case("fortification, Osgiliath, the Witch-king leads", {"from": "North Ithilien", "to": "Osgiliath"},
         {"North Ithilien": {"shadow": {"sauron": {"regular": 4, "elite": 2}, "nazgul": 1,
                                        "characters": ["Witch-king"]}},
          "Osgiliath": {"free_peoples": {"gondor": {"regular": 3, "elite": 1}}}},
         Plain(Side(4, 2, leadership=3), Side(3, 1), att_first=6), steps=["wotr-battle-city-fortification"]),
    Case("siege, extended while Elites last", {"from": "Minas Tirith", "to": "Minas Tirith", "type": "siege"},
         SIEGE_REGION, Plain(**SIEGE_PLAIN), steps=["wotr-siege-battle", "wotr-siege-extend"]),
    Case("siege, not extended",
         {"from": "Minas Tirith", "to": "Minas Tirith", "type": "siege", "extend_siege": "never"},
         SIEGE_REGION, Plain(**{**SIEGE_PLAIN, "extend": 0}), steps=["wotr-siege-battle"]),
    Case("siege, extended once, besiegers lose Regulars first",
         {"from": "Minas Tirith", "to": "Minas Tirith", "type": "siege", "extend_siege": 1,
          "casualties": {"attacker": "remove-regulars"}},
         SIEGE_REGION, Plain(**{**SIEGE_PLAIN, "extend": 1,
                                "attacker": Side(6, 3, leadership=1, policy="remove-regulars")})),
    Case("sortie from Minas Tirith", {"from": "Minas Tirith", "to": "Minas Tirith", "type": "sortie"},
         SIEGE_REGION, Plain(Side(3, 2, leadership=1), Side(6, 3, leadership=1)), steps=["wotr-sortie"]),
    Case("captains of the West", {"from": "North Ithilien", "to": "South Ithilien"},
         {"North Ithilien": {"free_peoples": {"gondor": {"regular": 2, "elite": 1},
                                              "characters": ["Strider", "Boromir"]}},
          "South Ithilien": {"shadow": {"sauron": {"regular": 5}, "nazgul": 1}}},
         Plain(Side(2, 1, leadership=2, captains=2), Side(5, leadership=1)), steps=["wotr-battle-captain-of-the-west"]),
    Case("elites, each side its own policy",
         {"from": "North Ithilien", "to": "South Ithilien",
          "casualties": {"attacker": "remove-regulars", "defender": "reduce-elites"}},
         {"North Ithilien": {"shadow": {"sauron": {"regular": 2, "elite": 4}}},
          "South Ithilien": {"free_peoples": {"gondor": {"regular": 1, "elite": 3}}}},
         Plain(Side(2, 4, policy="remove-regulars"), Side(1, 3, policy="reduce-elites"))),
    Case("attacker stops below 3, four rounds at most, defender retreats after round 2",
         {"from": "Folde", "to": "Westemnet", "attacker_stops_below": 3, "max_rounds": 4, "defender_retreats": 2},
         {"Folde": {"free_peoples": {"rohan": {"regular": 4, "elite": 1, "leader": 1}}},
          "Westemnet": {"shadow": {"isengard": {"regular": 5, "elite": 1}}}},
         Plain(Side(4, 1, leadership=1), Side(5, 1), stops_below=3, max_rounds=4, retreat_after=2),
         steps=["wotr-battle-retreat", "wotr-battle-end-of-round"]),
    Case("Helm's Deep: a field round, then into the Stronghold",
         {"from": "Westemnet", "to": "Helm's Deep", "defender_retreats": {"into": "stronghold", "after": 1}},
         {"Westemnet": {"shadow": {"isengard": {"regular": 8}}},
          "Helm's Deep": {"free_peoples": {"rohan": {"regular": 5, "elite": 2, "leader": 1}}}},
         Plain(Side(8), Side(5, 2, leadership=1), retreat_after=1, retreat_keeps=5),
         steps=["wotr-battle-retreat-into-siege", "wotr-siege-stacking"]),
    # Characters' abilities: Saruman's Elites lead while they stay Elites; Gandalf the White
    # cancels the Nazgûl's Leadership (the Witch-king's 2 included) and gives up his own.
    Case("Saruman in play: three Isengard Elites lead into the Fords of Isen",
         {"from": "Gap of Rohan", "to": "Fords of Isen"},
         {**ORTHANC_SARUMAN, "Gap of Rohan": {"shadow": {"isengard": {"regular": 2, "elite": 3}}},
          "Fords of Isen": {"free_peoples": {"rohan": {"regular": 3, "elite": 1, "leader": 1}}}},
         Plain(Side(2, leading=3), Side(3, 1, leadership=1), att_first=6),
         steps=["wotr-char-saruman-elites", "wotr-battle-city-fortification"]),
    Case("Saruman's Elites, Regulars lost first, into the open",
         {"from": "Gap of Rohan", "to": "Enedwaith", "casualties": "remove-regulars"},
         {**ORTHANC_SARUMAN, "Gap of Rohan": {"shadow": {"isengard": {"regular": 1, "elite": 2}}},
          "Enedwaith": {"free_peoples": {"rohan": {"regular": 2, "elite": 2}}}},
         Plain(Side(1, leading=2, policy="remove-regulars"), Side(2, 2, policy="remove-regulars")),
         steps=["wotr-char-saruman-elites"]),
    Case("Orthanc besieged: Saruman and his Elites defend, the besiegers extend",
         {"from": "Orthanc", "to": "Orthanc", "type": "siege"},
         {"Orthanc": {"besieged": "shadow",
                      "shadow": {"isengard": {"regular": 2, "elite": 3}, "characters": ["Saruman"]},
                      "free_peoples": {"rohan": {"regular": 4, "elite": 2, "leader": 1}}}},
         Plain(Side(4, 2, leadership=1), Side(2, leading=3, leadership=1), att_first=6, att_later=6, siege=True),
         steps=["wotr-char-saruman-elites", "wotr-siege-extend"]),
    Case("Gandalf the White cancels the Witch-king and a Nazgûl at Osgiliath",
         GANDALF_QUESTION | {"cancel_nazgul_leadership": True},
         GANDALF_REGIONS, Plain(Side(4, 1), Side(3, 1, leadership=1), att_first=6),
         steps=["wotr-char-gandalf-white-nazgul"]),
    Case("Gandalf the White not said: the odds without it", GANDALF_QUESTION, GANDALF_REGIONS,
         Plain(Side(4, 1, leadership=3), Side(3, 1, leadership=2), att_first=6),
         steps=["wotr-char-gandalf-white-nazgul"]),
    Case("Gandalf the White cancels the Nazgûl, Saruman's Elites still lead",
         {"from": "Gap of Rohan", "to": "Fords of Isen", "cancel_nazgul_leadership": True},
         {**ORTHANC_SARUMAN, "Gap of Rohan": {"shadow": {"isengard": {"regular": 2, "elite": 2}, "nazgul": 1}},
          "Fords of Isen": {"free_peoples": {"rohan": {"regular": 3, "leader": 1},
                                             "characters": ["Gandalf the White"]}}},
         Plain(Side(2, leading=2), Side(3, leadership=1), att_first=6),
         steps=["wotr-char-gandalf-white-nazgul", "wotr-char-saruman-elites"]),
]


def within(count: int, n: int, p: Fraction) -> bool:
    """`count` successes in `n` draws agree with chance `p`: 4.5 standard errors, plus a
    little slack for rare events (where the normal approximation is poor)."""
    mean = n * float(p)
    return abs(count - mean) <= 4.5 * sqrt(mean * (1 - float(p))) + 2


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_the_exact_figures_agree_with_a_simulation(case):
    ruling = ask(case.question, case.regions)
    v = ruling["verdict"]
    assert v["status"] == "decided" and v["allowed"] is True, ruling["answer"]
    cited = {c["rule"] for c in ruling["citations"]}
    assert set(case.steps) <= cited, cited
    rng = random.Random(sum(map(ord, case.name)))    # seeded: the same draws every run
    n = case.samples
    runs = [simulate(rng, case.plain) for _ in range(n)]
    wrong = []
    for key, outcome in (("p_attacker_wins", "attacker"), ("p_defender_holds", "holds"),
                         ("p_both_eliminated", "both"), ("p_defender_retreats", "retreat")):
        count = sum(o == outcome for o, *_ in runs)
        if not within(count, n, exact(v, key)):
            wrong.append((key, count / n, float(exact(v, key))))
    for side, index in (("attacker_left", 1), ("defender_left", 2)):
        for units, p in enumerate(exact(v, side)):
            count = sum(run[index] == units for run in runs)
            if not within(count, n, p):
                wrong.append((side, units, count / n, float(p)))
    for k, p in exact(v, "p_rounds").items():
        count = sum((run[3] >= int(k[:-1])) if k.endswith("+") else run[3] == int(k) for run in runs)
        if not within(count, n, p):
            wrong.append(("p_rounds", k, count / n, float(p)))
    for key, values in (("expected_attacker_losses", [case.plain.attacker.units - r[1] for r in runs]),
                        ("expected_defender_losses", [case.plain.defender.units - r[2] for r in runs]),
                        ("expected_rounds", [r[3] for r in runs])):
        mean = sum(values) / n
        sd = sqrt(sum((x - mean) ** 2 for x in values) / (n - 1))
        if abs(mean - float(exact(v, key))) > 4.5 * sd / sqrt(n) + 1e-9:
            wrong.append((key, mean, float(exact(v, key))))
    assert not wrong, wrong
    total = (exact(v, "p_attacker_wins") + exact(v, "p_defender_holds") + exact(v, "p_both_eliminated")
             + exact(v, "p_defender_retreats"))
    given = all(v[f"{k}_exact"] is not None for k in ("p_attacker_wins", "p_defender_holds", "p_both_eliminated",
                                                     "p_defender_retreats"))
    assert total == 1 if given else abs(total - 1) <= Fraction(2, 10**4)


def test_the_odds_if_gandalf_the_white_cancels_agree_with_a_simulation():
    """Not said: the verdict's odds are without the ability (checked above); ``if_cancelled``
    holds the odds with it, which a simulation of the cancelled battle must match too."""
    v = ask(GANDALF_QUESTION, GANDALF_REGIONS)["verdict"]
    assert "question.cancel_nazgul_leadership" in v["defaults"]
    alt = v["if_cancelled"]
    rng = random.Random(11)
    n = 4000
    runs = [simulate(rng, Plain(Side(4, 1), Side(3, 1, leadership=1), att_first=6)) for _ in range(n)]
    for key, outcome in (("p_attacker_wins", "attacker"), ("p_defender_holds", "holds"), ("p_both_eliminated", "both")):
        assert within(sum(o == outcome for o, *_ in runs), n, exact(alt, key)), key
    given = ask(GANDALF_QUESTION | {"cancel_nazgul_leadership": True}, GANDALF_REGIONS)["verdict"]
    assert {k: given[k] for k in ("p_attacker_wins_exact", "p_defender_holds_exact")} == \
        {k: alt[k] for k in ("p_attacker_wins_exact", "p_defender_holds_exact")}
    assert "if_cancelled" not in given and "question.cancel_nazgul_leadership" not in given.get("defaults", [])


def test_leading_elites_lose_their_leadership_as_they_fall():
    """Exact, against a solver battle with the same Elites as plain units plus a fixed
    Leadership: the re-rolls that go with a reduced Elite make the attacker weaker than a
    fixed Leadership would (and stronger than no Leadership at all)."""
    def wins(force):
        return bo.solve(bo.Battle(force, bo.Force(3, 1, leadership=1))).p_attacker_wins
    shrinking = wins(bo.Force(1, 0, leading_elites=3))
    fixed = wins(bo.Force(1, 3, leadership=3))
    none = wins(bo.Force(1, 3))
    assert none < shrinking < fixed


def test_elites_that_lead_agree_with_a_simulation():
    """Leading Elites (the hook for Saruman's Isengard Elites) re-roll while they stay Elites
    and are reduced after the others: solver against a simulation of exactly that."""
    b = bo.Battle(bo.Force(2, 1, leading_elites=2), bo.Force(4, 1, leadership=1))
    o = bo.solve(b)
    rng = random.Random(7)
    n, wins = 4000, 0
    for _ in range(n):
        att, dfd = [2, 1, 2], [4, 1, 0]
        while True:
            a_dice, d_dice = min(5, sum(att)), min(5, sum(dfd))
            a_hits = roll(rng, a_dice, 5, min(5, a_dice, att[2]))
            d_hits = roll(rng, d_dice, 5, min(5, d_dice, 1))
            att[:] = best_keeping_strength(tuple(att), d_hits, 0)
            dfd[:] = best_keeping_strength(tuple(dfd), a_hits, 0)
            if not sum(dfd) or not sum(att):
                wins += bool(sum(att))
                break
    assert within(wins, n, o.p_attacker_wins)


# -- (c) invariants ------------------------------------------------------------------------------
forces = st.builds(lambda r, e, lead, capt, pol: bo.Force(r, e, captains=capt, leadership=lead, casualties=pol),
                   st.integers(0, 4), st.integers(0, 3), st.integers(0, 3), st.integers(0, 1),
                   st.sampled_from(bo.POLICIES)).filter(lambda f: f.units > 0)
battles = st.builds(
    lambda a, d, kind, extend, rounds, stop, retreat: bo.Battle(
        a, d, attacker_hits_on=6 if kind == "siege" else 5,
        attacker_hits_on_first=6 if kind in ("city", "siege") else None,
        siege=kind == "siege", extend_siege=extend, max_rounds=rounds, attacker_stops_below=stop,
        retreat_after=None if kind == "siege" else retreat),
    forces, forces, st.sampled_from(["field", "city", "siege"]), st.sampled_from([None, 0, 1]),
    st.sampled_from([None, 1, 3]), st.integers(1, 3), st.sampled_from([None, 1, 2]))


@settings(max_examples=60, deadline=None)
@given(battles)
def test_every_distribution_sums_to_one(b):
    o = bo.solve(b)
    assert o.p_attacker_wins + o.p_defender_holds + o.p_both_eliminated + o.p_defender_retreats == 1
    assert sum(o.holds.values()) == o.p_defender_holds
    assert sum(o.attacker_left) == 1 and sum(o.defender_left) == 1
    assert sum(o.p_rounds.values()) == 1
    assert all(0 <= p <= 1 for p in [*o.attacker_left, *o.defender_left, *o.p_rounds.values()])
    assert o.defender_left[0] == o.p_attacker_wins + o.p_both_eliminated
    assert 0 <= o.expected_attacker_losses <= b.attacker.units and o.expected_rounds >= 1
    if b.max_rounds:
        assert max(int(k.rstrip("+")) for k in o.p_rounds) <= b.max_rounds


@settings(max_examples=40, deadline=None)
@given(a=st.tuples(st.integers(0, 4), st.integers(0, 3), st.integers(0, 2)),
       d=st.tuples(st.integers(1, 5), st.integers(0, 2), st.integers(0, 2)),
       kind=st.sampled_from(["field", "city", "siege"]), more=st.sampled_from(["regular", "elite"]))
def test_one_more_attacking_unit_never_lowers_the_chance_to_win(a, d, kind, more):
    def battle(regulars, elites):
        return bo.Battle(bo.Force(regulars, elites, leadership=a[2]), bo.Force(d[0], d[1], leadership=d[2]),
                         attacker_hits_on=6 if kind == "siege" else 5,
                         attacker_hits_on_first=6 if kind != "field" else None, siege=kind == "siege")
    if a[0] + a[1] == 0:
        return
    base = bo.solve(battle(a[0], a[1])).p_attacker_wins
    bigger = bo.solve(battle(a[0] + (more == "regular"), a[1] + (more == "elite"))).p_attacker_wins
    assert bigger >= base


# -- (d) the kind: policies, refusals, problems ---------------------------------------------------
ROHAN = {"Folde": {"free_peoples": {"rohan": {"regular": 3, "elite": 2, "leader": 2}}},
         "Westemnet": {"shadow": {"isengard": {"regular": 4}}}}


@pytest.mark.parametrize("lang", ["en", "es"])
def test_defaults_are_listed_and_named_in_a_step(lang, monkeypatch):
    monkeypatch.setattr(ruling_module, "MAX_EXACT_CHARS", 10**4)   # the exact fraction, however long
    ruling = ask({"from": "Folde", "to": "Westemnet"}, ROHAN, lang)
    v = ruling["verdict"]
    assert sorted(v["defaults"]) == ["question.attacker_stops_below", "question.casualties", "question.combat_cards",
                                     "question.defender_retreats", "question.max_rounds", "question.units"]
    stated = [s["text"] for s in ruling["explanation"]]
    assert len(stated) == len(set(stated))      # each default said once
    text = " ".join(s["text"] for s in ruling["explanation"])
    assert "keep-strength" not in text     # the default casualty policy in words, not its value
    assert ("keeping their dice" if lang == "en" else "conservando sus dados") in text
    assert ("by default" if lang == "en" else "por defecto") in text
    assert v["p_attacker_wins"] == round(float(Fraction(v["p_attacker_wins_exact"])), 4)


def test_a_side_left_out_of_casualties_takes_the_default_and_says_so():
    ruling = ask({"from": "Folde", "to": "Westemnet", "casualties": {"attacker": "reduce-elites"}}, ROHAN)
    assert "question.casualties.defender" in ruling["verdict"]["defaults"]
    texts = [s["text"] for s in ruling["explanation"] if s["rule"] == "wotr-battle-casualties"]
    assert any("each hit reduces an Elite" in t for t in texts) and any("were not given" in t for t in texts)


def test_the_verdict_is_the_same_in_both_languages():
    assert ask({"from": "Folde", "to": "Westemnet"}, ROHAN, "en")["verdict"] == \
        ask({"from": "Folde", "to": "Westemnet"}, ROHAN, "es")["verdict"]


def test_a_battle_that_may_not_be_fought_is_refused_with_null_odds():
    ruling = ask({"from": "Folde", "to": "Fords of Isen"},
                 {**ROHAN, "Fords of Isen": {"shadow": {"isengard": {"regular": 1}}}})
    v = ruling["verdict"]
    assert v["allowed"] is False and v["p_attacker_wins"] is None and v["attacker_left"] is None
    assert "wotr-battle-start" in {c["rule"] for c in ruling["citations"]}


def test_a_besieged_army_does_not_retreat():
    ruling = ask({"from": "Minas Tirith", "to": "Minas Tirith", "type": "siege", "defender_retreats": 1}, SIEGE_REGION)
    assert ruling["verdict"]["p_defender_retreats"] == 0
    assert "wotr-siege-besieged-army" in {c["rule"] for c in ruling["citations"]}


def test_no_free_region_means_no_retreat():
    # Edoras's neighbours: Folde (the attacker) and Westemnet (another Shadow army).
    regions = {"Folde": {"free_peoples": {"rohan": {"regular": 4}}},
               "Edoras": {"shadow": {"isengard": {"regular": 2}}},
               "Westemnet": {"free_peoples": {"rohan": {"regular": 1}}}}
    ruling = ask({"from": "Folde", "to": "Edoras", "defender_retreats": 1}, regions)
    assert ruling["verdict"]["p_defender_retreats"] == 0
    assert any(s["rule"] == "wotr-battle-retreat" for s in ruling["explanation"])


def test_extension_words_and_counts_read_the_same():
    never = ask({"from": "Minas Tirith", "to": "Minas Tirith", "type": "siege", "extend_siege": "nunca"}, SIEGE_REGION)
    zero = ask({"from": "Minas Tirith", "to": "Minas Tirith", "type": "siege", "extend_siege": 0}, SIEGE_REGION)
    false = ask({"from": "Minas Tirith", "to": "Minas Tirith", "type": "siege", "extend_siege": False}, SIEGE_REGION)
    assert never["verdict"] == zero["verdict"] == false["verdict"]
    assert never["verdict"]["p_rounds"] == {"1": 1.0}


@pytest.mark.parametrize("lang", ["en", "es"])
def test_bad_policies_are_every_problem_at_once_with_paths(lang):
    with pytest.raises(ScenarioInvalid) as info:
        ask({"from": "Folde", "to": "Westemnet", "max_rounds": 0, "attacker_stops_below": "many",
             "defender_retreats": {"after": 2, "into": "mordor", "when": 1}, "casualties": "everything",
             "extend_siege": "sometimes"}, ROHAN, lang)
    paths = {e["path"] for e in info.value.as_dicts(lang)}
    assert paths == {"question.max_rounds", "question.attacker_stops_below", "question.defender_retreats.into",
                     "question.defender_retreats.when", "question.casualties", "question.extend_siege"}


def test_a_round_limit_past_twelve_is_refused_before_it_costs_time():
    with pytest.raises(ScenarioInvalid) as info:
        ask({"from": "Folde", "to": "Westemnet", "max_rounds": 1000}, ROHAN)
    assert [e["path"] for e in info.value.as_dicts("en")] == ["question.max_rounds"]


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "the siege battle ends, the Stronghold still besieged"),
    ("es", "termina la batalla de asedio y el baluarte sigue asediado")])
def test_the_reasons_a_defender_holds_are_read_in_words(lang, words):
    """A player reads why the defender holds in their language, never the verdict's ids."""
    from adjudicator import render

    regions = {"Minas Tirith": {"besieged": "free-peoples", "free_peoples": {"gondor": {"regular": 3, "elite": 2}},
                                "shadow": {"sauron": {"regular": 6, "elite": 1}}}}
    ruling = ask({"from": "Minas Tirith", "to": "Minas Tirith", "type": "siege"}, regions, lang)
    assert bo.SIEGE_ENDED in ruling["verdict"]["p_defender_holds_by"]
    text = render.ruling_text(ruling)
    assert words in text
    assert bo.SIEGE_ENDED not in text and bo.ELIMINATED not in text
