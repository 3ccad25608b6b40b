"""Whole-battle odds, exact: who wins a War of the Ring battle fought round after round, and
what it costs. Pure: no text, no position; the ``battle-outcome`` kind (battle.py) reads the
position, computes each side's figures and calls :func:`solve`.

The model (seed 000 'Resolución de batallas', 'Fortificaciones y Asentamientos'; official
2nd-edition rules, "Resolving a battle" and "Conducting a siege"):

- A round: both sides roll at once, ``min(5, units + captains)`` dice each, hitting on their
  threshold (a natural 1 misses, a 6 hits); each re-rolls up to ``min(5, dice, Leadership)``
  failed dice (:func:`adjudicator.wotr.odds.hits_distribution`). Then both take the other's
  hits as casualties, so both armies may be wiped out in the same round.
- Leadership is an input: ``Force.leadership`` counts the figures that take no hits (Leaders,
  Nazgûl, characters, whatever the handler decided counts: Gandalf the White cancelling the
  Nazgûl is the handler's business), and ``Force.leading_elites`` Elites that also count 1
  Leadership each while they stay Elites (Saruman's Isengard Elites). Leaders, Nazgûl and
  characters are never casualties and leave with the last unit: a side with no unit is out.
- Casualties, one hit at a time, by the owner's policy (a reduced Elite becomes a Regular, a
  Regular taken by a hit is removed; two hits on an Elite remove it):
  ``keep-strength``: remove a Regular while the army still rolls 5 dice after it, otherwise
  reduce an Elite, otherwise remove a Regular (the most dice for as long as possible, then
  the Elites kept: they are the dearer units, and a besieger needs them to extend);
  ``remove-regulars``: Regulars first, then Elites are reduced; ``reduce-elites``: Elites are
  reduced first, then Regulars removed. Elites that lead are reduced after the others. A
  Regular is assumed at hand to replace a reduced Elite.
- End of a round, in this order: nobody left on either side (``both``); the defender wiped out
  (``attacker``); the attacker wiped out (``holds``, ``attacker-eliminated``); the attacker
  ceases when fewer than ``attacker_stops_below`` units remain (``attacker-ceased``) or when
  ``max_rounds`` rounds were fought (``max-rounds``); in a siege the battle ends
  (``siege-ended``) unless the attacker extends it by reducing one of his Elites (at most
  ``extend_siege`` times; None: whenever he has one); the defender retreats at the end of round
  ``retreat_after`` (``retreat``; into a Stronghold only ``retreat_keeps`` units go in);
  otherwise another round.
- The thresholds: ``attacker_hits_on_first`` in round 1 (6 against a City or Fortification),
  ``attacker_hits_on`` from round 2, ``defender_hits_on`` always. Combat cards are not modelled.

Solving. The state is (attacker's units, defender's units, the round while the round still
matters, the extensions used when they are limited). Every round takes a hit from someone, or
moves the round on, or repeats the same state (every die misses once the round no longer
matters): the graph is a DAG once those self-loops are divided out, p(s -> t | leave s) =
w(s -> t) / (W - w(s -> s)), exactly, with no truncation. The visit probabilities are summed in
topological order in integers: every weight is an integer over W = 6^20 (each side's
distribution over 6^10); each state's leave-weight is divided by the gcd of its moves, and one
common denominator Q (those reduced leave-weights, each to the most times a path can meet it)
makes every visit probability an integer over Q, so no Fraction is built before the answer.
The chance that the battle ends in round k comes from the same pass when the round is in the
state; otherwise from a second pass over power series in z packed into integers (Kronecker
substitution), for rounds 1..12, with the rest as one exact tail "13+".
"""
from __future__ import annotations

import threading
from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import gcd
from typing import NamedTuple

from adjudicator.wotr.odds import hits_distribution

MAX_DICE = 5
MAX_REROLLS = 5
KEEP_STRENGTH, REMOVE_REGULARS, REDUCE_ELITES = "keep-strength", "remove-regulars", "reduce-elites"
POLICIES = (KEEP_STRENGTH, REMOVE_REGULARS, REDUCE_ELITES)
SIDE_SCALE = 6 ** (MAX_DICE + MAX_REROLLS)     # one side's round: probabilities over 6^10
ROUND_SCALE = SIDE_SCALE * SIDE_SCALE          # both sides' round: over 6^20
ROUNDS_LISTED = 12     # p_rounds lists rounds 1..12 exactly, the rest as one exact tail
# The most states the solver builds (a battle the game allows needs at most ~3,600: 10 Elites
# against 10, 12 rounds told apart); beyond it :class:`OverBudget`, never an unbounded wait.
MAX_STATES = 20_000
# Whole-battle solves running at once in one process (a server's threads): the others wait,
# blocked without the interpreter lock, so a flood of battles leaves it to cheap requests.
SOLVES_AT_ONCE = 1
_solving = threading.BoundedSemaphore(SOLVES_AT_ONCE)

# Outcomes and the reasons a defender holds.
ATTACKER, HOLDS, BOTH, RETREAT = "attacker", "holds", "both", "retreat"
ELIMINATED, CEASED, MAX_ROUNDS, SIEGE_ENDED = "attacker-eliminated", "attacker-ceased", "max-rounds", "siege-ended"


class OverBudget(Exception):
    """The battle needs more states than :data:`MAX_STATES` (the handler says it is not covered)."""

    def __init__(self, states: int):
        super().__init__(f"battle_outcome: over {states} states")
        self.states = states


class Force(NamedTuple):
    """One side's figures that fight. ``leadership``: Leadership of the figures that take no
    hits; ``leading_elites``: Elites that also lead (1 each); ``captains``: figures adding 1
    combat strength each (Captains of the West)."""
    regulars: int
    elites: int = 0
    leading_elites: int = 0
    captains: int = 0
    leadership: int = 0
    casualties: str = KEEP_STRENGTH

    @property
    def units(self) -> int:
        return self.regulars + self.elites + self.leading_elites


class Battle(NamedTuple):
    attacker: Force
    defender: Force
    attacker_hits_on: int = 5
    attacker_hits_on_first: int | None = None    # None: as in later rounds
    defender_hits_on: int = 5
    siege: bool = False
    extend_siege: int | None = None              # most extensions; None: while Elites last
    max_rounds: int | None = None
    attacker_stops_below: int = 1
    retreat_after: int | None = None             # the defender retreats at the end of that round
    retreat_keeps: int | None = None             # units that may retreat (5 into a Stronghold)


@dataclass
class Outcome:
    p_attacker_wins: Fraction
    p_defender_holds: Fraction
    p_both_eliminated: Fraction
    p_defender_retreats: Fraction
    holds: dict[str, Fraction]           # why the defender holds -> probability
    p_rounds: dict[str, Fraction]        # "1".."12" and "13+" (the exact tail), when positive
    expected_rounds: Fraction
    attacker_left: list[Fraction]        # [k] = P(k attacking units left)
    defender_left: list[Fraction]
    expected_attacker_losses: Fraction   # units removed (a reduced Elite is not a unit lost)
    expected_defender_losses: Fraction
    states: int = 0                      # size of the state graph (for the benchmark)
    expected_extensions: Fraction = Fraction(0)   # Elites reduced to extend a siege (rounds - 1)


# -- one side -------------------------------------------------------------------------------
Comp = tuple[int, int, int]     # (regulars, elites, leading elites)


def dice_of(comp: Comp, captains: int) -> int:
    units = sum(comp)
    return min(MAX_DICE, units + captains) if units else 0


def rerolls_of(comp: Comp, force: Force) -> int:
    return min(MAX_REROLLS, dice_of(comp, force.captains), force.leadership + comp[2])


@lru_cache(maxsize=1024)
def side_weights(dice: int, hit_on: int, rerolls: int) -> tuple[int, ...]:
    """P(k hits) for k = 0..dice as integers over 6^10."""
    return tuple(p.numerator * (SIDE_SCALE // p.denominator) for p in hits_distribution(dice, hit_on, rerolls))


@lru_cache(maxsize=65536)
def take_hits(comp: Comp, hits: int, policy: str, captains: int) -> Comp:
    """The side's units after ``hits`` casualties chosen by ``policy``, one hit at a time."""
    r, e, le = comp
    for _ in range(hits):
        if r + e + le == 0:
            break
        if policy == KEEP_STRENGTH:
            remove = r > 0 and (r + e + le - 1 + captains >= MAX_DICE or e + le == 0)
        elif policy == REMOVE_REGULARS:
            remove = r > 0
        else:
            remove = e + le == 0
        if remove:
            r -= 1
        elif e:
            e, r = e - 1, r + 1
        else:
            le, r = le - 1, r + 1
    return (r, e, le)


def reduce_one_elite(comp: Comp) -> Comp:
    """Extending a siege: one Elite becomes a Regular (a leading Elite last)."""
    r, e, le = comp
    return (r + 1, e - 1, le) if e else (r + 1, e, le - 1)


def hit_points(comp: Comp) -> int:
    return comp[0] + 2 * (comp[1] + comp[2])


# -- the state graph ------------------------------------------------------------------------
@dataclass
class _Graph:
    states: list[tuple]                       # (a_comp, d_comp, round_index, extensions)
    moves: list[list[tuple[int, int]]]        # per state: (weight over 6^20, target)
    stay: list[int]                           # per state: weight of the self-loop
    leave: list[tuple[int, int]]              # per state: (g, L) with L = (W - stay) / g and every
                                              # move weight divisible by g: p(move | leave) = (w/g)/L
    terminals: list[tuple]                    # (outcome, reason, a_units, d_units)


def _round_index_limit(b: Battle, start_round: int = 1) -> tuple[int, bool]:
    """How many round numbers the state must tell apart, and whether the last one stands for
    every later round (True) or the battle cannot go past it (False). A battle entered at
    ``start_round`` (the rounds before it fought with combat cards) tells that round apart."""
    if b.max_rounds is not None:
        return b.max_rounds, False
    first_differs = b.attacker_hits_on_first not in (None, b.attacker_hits_on)
    return max(2 if first_differs else 1, (b.retreat_after or 0) + 1, start_round), True


def end_of_round(b: Battle, a: Comp, d: Comp, k: int, ext: int, start_round: int = 1) -> tuple[bool, tuple]:
    """What follows round ``k`` ending with ``a`` and ``d``: (True, the next state) or (False,
    the terminal (outcome, reason, attacker's units, defender's units))."""
    limit, saturates = _round_index_limit(b, start_round)
    au, du = sum(a), sum(d)
    if not au and not du:
        return False, (BOTH, None, 0, 0)
    if not du:
        return False, (ATTACKER, None, au, 0)
    if not au:
        return False, (HOLDS, ELIMINATED, 0, du)
    if au < b.attacker_stops_below:
        return False, (HOLDS, CEASED, au, du)
    if b.max_rounds is not None and k >= b.max_rounds:
        return False, (HOLDS, MAX_ROUNDS, au, du)
    next_k = min(k + 1, limit) if saturates else k + 1
    if b.siege:
        if a[1] + a[2] and (b.extend_siege is None or ext < b.extend_siege):
            return True, (reduce_one_elite(a), d, next_k, ext + 1 if b.extend_siege is not None else 0)
        return False, (HOLDS, SIEGE_ENDED, au, du)
    if b.retreat_after is not None and k == b.retreat_after:
        kept = du if b.retreat_keeps is None else min(du, b.retreat_keeps)
        return False, (RETREAT, None, au, kept)
    return True, (a, d, next_k, ext)


def _build(b: Battle, start: tuple[tuple, ...] = (), start_round: int = 1,
           budget: int = MAX_STATES) -> _Graph:
    att, dfd = b.attacker, b.defender
    index: dict[tuple, int] = {}
    states: list[tuple] = []
    term_index: dict[tuple, int] = {}
    terminals: list[tuple] = []

    def state_id(s: tuple) -> int:
        i = index.get(s)
        if i is None:
            i = index[s] = len(states)
            states.append(s)
        return i

    def terminal_id(t: tuple) -> int:
        i = term_index.get(t)
        if i is None:
            i = term_index[t] = len(terminals)
            terminals.append(t)
        return ~i      # terminals are negative targets

    def after_round(a: Comp, d: Comp, k: int, ext: int) -> int:
        goes_on, nxt = end_of_round(b, a, d, k, ext, start_round)
        return state_id(nxt) if goes_on else terminal_id(nxt)

    for s in start or ((_comp(att), _comp(dfd), 1, 0),):
        state_id(s)
    moves: list[list[tuple[int, int]]] = []
    stay: list[int] = []
    leave: list[tuple[int, int]] = []
    rows: dict[tuple, dict[Comp, int]] = {}   # (attacker after, k, ext) -> defender after -> target
    i = 0
    while i < len(states):
        if len(states) > budget:
            raise OverBudget(budget)
        a, d, k, ext = states[i]
        a_hit = b.attacker_hits_on_first if (k == 1 and b.attacker_hits_on_first is not None) else b.attacker_hits_on
        wa = side_weights(dice_of(a, att.captains), a_hit, rerolls_of(a, att))
        wd = side_weights(dice_of(d, dfd.captains), b.defender_hits_on, rerolls_of(d, dfd))
        d_after = [take_hits(d, y, dfd.casualties, dfd.captains) for y in range(len(wa))]
        here: dict[int, int] = defaultdict(int)
        for x, wx in enumerate(wd):          # x: the defender's hits, taken by the attacker
            if not wx:
                continue
            ax = take_hits(a, x, att.casualties, att.captains)
            row = rows.get((ax, k, ext))
            if row is None:
                row = rows[(ax, k, ext)] = {}
            for y, wy in enumerate(wa):      # y: the attacker's hits, taken by the defender
                if wy:
                    dy = d_after[y]
                    t = row.get(dy)
                    if t is None:
                        t = row[dy] = after_round(ax, dy, k, ext)
                    here[t] += wx * wy
        stay.append(here.pop(i, 0))
        moves.append([(w, t) for t, w in here.items()])
        g = gcd(ROUND_SCALE - stay[-1], *here.values())
        leave.append((g, (ROUND_SCALE - stay[-1]) // g))
        i += 1
    return _Graph(states, moves, stay, leave, terminals)


def _comp(f: Force) -> Comp:
    return (f.regulars, f.elites, f.leading_elites)


def _common_denominator(g: _Graph, b: Battle, start_round: int = 1) -> int:
    """A multiple of every visit probability's denominator (the product of the reduced
    leave-weights L along a path). A state with a self-loop (its round no longer matters) is
    left only by a hit, so a path meets at most as many states of one L as the attacker's and
    the defender's hit points there, together; the states without one (their L divides W) are
    met at most once per round of the longest battle, so their lcm to that power covers them."""
    with_loop: dict[int, tuple[set, set]] = defaultdict(lambda: (set(), set()))
    without_loop, count = 1, 0
    for (a, d, _k, _e), stay, (_g, den) in zip(g.states, g.stay, g.leave, strict=True):
        if stay:
            with_loop[den][0].add(hit_points(a))
            with_loop[den][1].add(hit_points(d))
        else:
            without_loop, count = without_loop * den // gcd(without_loop, den), count + 1
    longest = hit_points(_comp(b.attacker)) + hit_points(_comp(b.defender)) + _round_index_limit(b, start_round)[0] + 1
    q = without_loop ** min(longest, count)
    for den, (ha, hd) in with_loop.items():
        q *= den ** min(longest, len(ha) + len(hd))
    return q


def _topological(g: _Graph) -> list[int]:
    """Sources before targets: every move takes hit points or moves the round on."""
    def key(i: int) -> tuple:
        a, d, k, ext = g.states[i]
        return (-(hit_points(a) + hit_points(d)), k, ext)
    return sorted(range(len(g.states)), key=key)


def solve(b: Battle, start: dict[tuple, Fraction] | None = None, start_round: int = 1, *,
          by_round: bool = True, budget: int | None = None) -> Outcome:
    """The battle's odds. ``start``: the states (attacker, defender, round, extensions used)
    the battle is in when round ``start_round`` begins, with their chances (the rounds before
    fought with combat cards: :mod:`adjudicator.wotr.cards.card_battle`). ``by_round=False``
    leaves ``p_rounds`` empty where it needs a pass of its own (the odds without the cards,
    shown beside them, need only who wins). :class:`OverBudget` past ``budget`` states; one solve
    at a time per process (:data:`SOLVES_AT_ONCE`)."""
    _check(b)
    with _solving:
        return _solve(b, start, start_round, by_round, MAX_STATES if budget is None else budget)


def _solve(b: Battle, start: dict[tuple, Fraction] | None, start_round: int, by_round: bool,
           budget: int) -> Outcome:
    if b.retreat_after == 0:    # into the Stronghold before the first round: no dice rolled
        kept = b.defender.units if b.retreat_keeps is None else min(b.defender.units, b.retreat_keeps)
        g = _Graph([], [], [], [], [(RETREAT, None, b.attacker.units, kept)])
        return _outcome(b, g, [Fraction(1)], {"0": Fraction(1)}, Fraction(0))
    g = _build(b, tuple(start or ()), start_round, budget)
    scale = 1
    for p in (start or {}).values():
        scale = scale * p.denominator // gcd(scale, p.denominator)
    q_all = _common_denominator(g, b, start_round) * scale
    mass = [0] * len(g.states)
    if start:
        for i, p in enumerate(start.values()):
            mass[i] = p.numerator * (q_all // p.denominator)
    else:
        mass[0] = q_all
    absorbed = [0] * len(g.terminals)
    ended_in: dict[int, int] = defaultdict(int)     # round -> mass, when the state tells the round (no self-loops)
    rounds_plain = 0                     # states fought once: their visit mass
    rounds_looped: dict[int, int] = defaultdict(int)     # common factor g -> sum of mass / L over looped states
    order = _topological(g)
    for i in order:
        n = mass[i]
        if not n:
            continue
        common, den = g.leave[i]
        share, rest = divmod(n, den)
        if rest:   # the common denominator is wrong: never give an inexact answer
            raise ArithmeticError("battle_outcome: common denominator too small")
        if g.stay[i]:       # W / (W - stay) rounds are spent there on average
            rounds_looped[common] += share
        else:
            rounds_plain += n
        k = g.states[i][2]
        for w, t in g.moves[i]:
            part = share * (w // common)
            if t >= 0:
                mass[t] += part
            else:
                absorbed[~t] += part
                ended_in[k] += part
    p_terminal = [Fraction(n, q_all) for n in absorbed]
    expected_rounds = start_round - 1 + Fraction(rounds_plain, q_all) + sum(
        (Fraction(n * ROUND_SCALE, common * q_all) for common, n in rounds_looped.items()), Fraction(0))
    if _round_index_limit(b, start_round)[1]:
        rounds = _rounds(g, order, start, start_round, scale) if by_round else {}
    else:
        rounds = _listed({k: Fraction(n, q_all) for k, n in ended_in.items() if n})
    return _outcome(b, g, p_terminal, rounds, expected_rounds)


def _rounds(g: _Graph, order: list[int], start: dict[tuple, Fraction] | None = None, start_round: int = 1,
            scale: int = 1) -> dict[str, Fraction]:
    """P(the battle ends in round k) for k = 1..ROUNDS_LISTED, then the exact rest.

    One pass in topological order over power series in z (the coefficient of z^k: the
    chance, as an integer over W^k, of being in a state after k rounds), truncated after
    z^ROUNDS_LISTED. Each series is packed into one integer, coefficient k in bits
    [k*slot, (k+1)*slot) (Kronecker substitution), so that a move is one multiply-add for
    all the rounds at once. No coefficient of a kept power can reach 2^slot (each is a
    probability times W^k), so a carry only ever runs into the powers cut off by the mask.
    """
    top = ROUNDS_LISTED
    slot = (scale * ROUND_SCALE ** top).bit_length() + 1
    mask = (1 << (slot * (top + 1))) - 1
    entered = [0] * len(g.states)
    before = start_round - 1           # a battle entered later (``start``): over scale * W^(k - before)
    if start:
        for i, p in enumerate(start.values()):
            entered[i] = ((p.numerator * (scale // p.denominator)) << (slot * before)) & mask
    else:
        entered[0] = 1                     # in the first state after 0 rounds
    ended = 0
    for i in order:
        series = entered[i]
        if not series:
            continue
        stay = g.stay[i]
        if stay:                       # times 1/(1 - stay z) = (1 + s z)(1 + s^2 z^2)(1 + s^4 z^4)...
            power, shift = stay, slot
            while shift <= slot * top:
                series = (series + power * (series << shift)) & mask
                power, shift = power * power, shift * 2
        after_one = (series << slot) & mask      # one more round
        for w, t in g.moves[i]:
            if t >= 0:
                entered[t] += w * after_one
            else:
                ended += w * after_one
    out: dict[str, Fraction] = {}
    total = Fraction(0)
    for k in range(1, top + 1):
        n = (ended >> (slot * k)) & ((1 << slot) - 1)
        if n:
            out[str(k)] = p = Fraction(n, scale * ROUND_SCALE ** (k - before))
            total += p
    if total != 1:
        out[f"{top + 1}+"] = 1 - total
    return out


def _listed(by_round: dict[int, Fraction]) -> dict[str, Fraction]:
    """Rounds 1..ROUNDS_LISTED by name, the later ones together as "13+"."""
    out = {str(k): p for k, p in sorted(by_round.items()) if k <= ROUNDS_LISTED}
    rest = sum((p for k, p in by_round.items() if k > ROUNDS_LISTED), Fraction(0))
    if rest:
        out[f"{ROUNDS_LISTED + 1}+"] = rest
    return out


def _outcome(b: Battle, g: _Graph, p_terminal: list[Fraction], rounds: dict[str, Fraction],
             expected_rounds: Fraction) -> Outcome:
    totals: dict[str, Fraction] = defaultdict(Fraction)
    holds: dict[str, Fraction] = defaultdict(Fraction)
    a_left = [Fraction(0)] * (b.attacker.units + 1)
    d_left = [Fraction(0)] * (b.defender.units + 1)
    for (outcome, reason, au, du), p in zip(g.terminals, p_terminal, strict=True):
        totals[outcome] += p
        if reason:
            holds[reason] += p
        a_left[au] += p
        d_left[du] += p
    return Outcome(
        p_attacker_wins=totals[ATTACKER], p_defender_holds=totals[HOLDS], p_both_eliminated=totals[BOTH],
        p_defender_retreats=totals[RETREAT], holds={k: v for k, v in holds.items() if v},
        p_rounds=rounds, expected_rounds=expected_rounds, attacker_left=a_left, defender_left=d_left,
        expected_attacker_losses=b.attacker.units - sum((k * p for k, p in enumerate(a_left)), Fraction(0)),
        expected_defender_losses=b.defender.units - sum((k * p for k, p in enumerate(d_left)), Fraction(0)),
        states=len(g.states), expected_extensions=expected_rounds - 1 if b.siege else Fraction(0))


def _check(b: Battle) -> None:
    for f in (b.attacker, b.defender):
        if f.casualties not in POLICIES:
            raise ValueError(f"unknown casualty policy {f.casualties!r}")
        if min(f.regulars, f.elites, f.leading_elites, f.captains, f.leadership) < 0:
            raise ValueError("negative count")
    if b.attacker.units == 0 or b.defender.units == 0:
        raise ValueError("both sides need at least one unit")
    if b.max_rounds is not None and b.max_rounds < 1:
        raise ValueError("max_rounds is at least 1")
