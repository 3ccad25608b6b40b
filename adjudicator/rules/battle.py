"""War of the Ring: battles, sieges, sorties and retreats (seed 000 'Resolución de batallas',
'Fortificaciones y Asentamientos'; official 2nd-edition rules where the seed is silent).

Kinds: ``battle`` (the dice of one combat round: how many, what hits, how many re-rolls,
and the exact chance of each number of hits), ``battle-outcome`` (the whole battle fought on
under the players' policies, exact: the solver is battle_outcome.py) and ``retreat`` (where a
defender may go).

Limits: Combat cards and characters' special abilities other than Captain of the West
(e.g. the Witch-king's Sorcerer) are not modelled: the odds are those of the plain round,
and a step says so. ``battle`` is one round, the casualties left to the players; ``battle-outcome``
takes them by the policies its question gives (or their defaults, each named in a step).
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from adjudicator import data, names
from adjudicator.model import Army, Units, other_side
from adjudicator.params import MISSING, check_choice, check_int, side_value
from adjudicator.registry import question
from adjudicator.ruling import Ruling, fraction_text, probability
from adjudicator.rules import battle_outcome as outcome
from adjudicator.rules import board
from adjudicator.rules.movement import (DIE_ALIASES, choose_side, describe, listed, read_side, read_units,
                                        check_units_shape, region_path, side_of_units, side_word)
from adjudicator.rules.odds import hits_distribution

GAME = "war-of-the-ring"
TYPES = ("field", "siege", "sortie")
TYPE_ALIASES = {"campo": "field", "batalla-de-campo": "field", "field-battle": "field", "asedio": "siege",
                "salida": "sortie"}
NORMAL_HIT = 5
HARD_HIT = 6


def fighting_part(position, army: Army, r, *, role: str) -> Army:
    """The figures that fight: units and Leaders of nations not At War stay behind when
    attacking (they may defend). Characters and Nazgûl are always at war."""
    if role != "attacker":
        return army
    kept: dict[str, Units] = {}
    for nation, u in army.nations.items():
        if position.at_war(nation) or not (u.count or u.leader):
            kept[nation] = u
        else:
            r.step("battle.non_belligerent_stays", "wotr-politics-non-belligerent",
                   nation=names.nation_name(nation, r.lang), part=describe(Army({nation: u}), r.lang))
    return Army(kept, army.nazgul, army.characters)


def combat_dice(army: Army, side: str, r, *, role: str) -> tuple[int, int]:
    """(dice, re-rolls) for one round, with the steps that explain them."""
    chars = data.characters()
    captains = [c for c in army.characters if side == "free_peoples" and chars[c]["combat_strength_bonus"]]
    strength = army.units + sum(chars[c]["combat_strength_bonus"] for c in captains)
    dice = min(board.MAX_COMBAT_DICE, strength)
    who = r.t(f"battle.{role}")
    r.step("battle.strength", "wotr-battle-combat-strength", who=who, units=army.units, strength=strength,
           dice=dice, max=board.MAX_COMBAT_DICE)
    if captains:
        r.step("battle.captains", "wotr-battle-captain-of-the-west", who=who,
               names=", ".join(names.character_name(c, r.lang) for c in captains), bonus=len(captains))
    lead = board.leadership(army)
    rerolls = min(lead, board.MAX_LEADERSHIP, dice)
    parts = []
    if army.leaders:
        parts.append(r.t("battle.lead_leaders", n=army.leaders))
    if army.nazgul:
        parts.append(r.t("battle.lead_nazgul", n=army.nazgul))
    for c in army.characters:
        if chars[c]["leadership"]:
            parts.append(f"{names.character_name(c, r.lang)} {chars[c]['leadership']}")
    if parts:
        r.step("battle.leadership", "wotr-battle-leadership", who=who, lead=lead, parts=" + ".join(parts),
               rerolls=rerolls, max=board.MAX_LEADERSHIP)
    else:
        r.step("battle.no_leadership", "wotr-battle-leadership", who=who)
    return dice, rerolls


def odds(dice: int, hit_on: int, rerolls: int) -> dict:
    dist = hits_distribution(dice, hit_on, rerolls) if dice else (Fraction(1),)
    return {"dice": dice, "hit_on": hit_on, "rerolls": rerolls,
            "p_hits": [probability(p) for p in dist], "p_hits_exact": [fraction_text(p) for p in dist]}


def expected(dist_side: dict) -> Fraction:
    """The mean number of hits."""
    exact = [Fraction(p) for p in dist_side["p_hits_exact"]]
    return sum(k * p for k, p in enumerate(exact))


def p_any(dist_side: dict) -> Fraction:
    """The chance of at least one hit."""
    return 1 - Fraction(dist_side["p_hits_exact"][0])


def _both_sides_always(fn):
    """The contract lists `attacker` and `defender` among a battle's verdict keys: a battle
    that may not be fought has no dice, so both are null rather than absent."""
    import functools

    @functools.wraps(fn)
    def handler(position, q, r):
        ruling = fn(position, q, r)
        if ruling is not None and ruling.verdict.get("status") == "decided":
            ruling.verdict.setdefault("attacker", None)
            ruling.verdict.setdefault("defender", None)
        return ruling
    return handler


@dataclass(frozen=True)
class Engagement:
    """A battle that may be fought: who attacks whom, where, and which kind of battle."""
    kind: str                 # field, siege or sortie
    side: str                 # the attacker's side
    src: str
    dst: str
    attacker: Army            # the figures that fight (units of nations not At War stay behind)
    defender: Army

    @property
    def enemy(self) -> str:
        return other_side(self.side)


def read_engagement(position, q, r) -> Engagement | Ruling:
    """Read ``from``, ``to``, ``type``, ``die``, ``side`` and ``units`` (the caller reads its
    own parameters first: this calls ``q.ready()``), with the steps that say who attacks and
    which kind of battle it is. A battle that may not be fought is a ruling: ``allowed:
    false`` with the rule, or ``needs-info``."""
    src = q.region("from", required=True)
    dst = q.region("to", required=True)
    given_type = q.choice("type", TYPES, aliases=TYPE_ALIASES)
    die = q.choice("die", ("army", "character"), aliases=DIE_ALIASES)
    given_side = read_side(q)
    if given_side is None and isinstance(q.raw, dict) and q.raw.get("units") is not None:
        given_side = side_of_units(q.raw.get("units"))   # the units say whose attack it is
    if src is None or dst is None:
        check_units_shape(q, given_side)
        q.ready()
    lang = r.lang
    src_name, dst_name = names.region_name(src, lang), names.region_name(dst, lang)
    src_state = position.region(src)

    # Who attacks, and which kind of battle.
    if src == dst:
        if not src_state.besieged:
            q.get("units")
            q.ready()
            r.step("battle.same_region_no_siege", "wotr-battle-start", region=src_name)
            return r.decide("battle.answer_no", {"reason": r.t("battle.reason_same_region", region=src_name)},
                            allowed=False, type=given_type)
        inside = src_state.besieged
        if given_type is None and given_side is not None:
            given_type = "sortie" if given_side == inside else "siege"
        if given_type is None:
            q.get("units")
            q.ready()
            return r.needs_info(["question.type"], "battle.needs_type", {"region": src_name})
        if given_type == "field":
            q.get("units")
            q.ready()
            r.step("battle.field_same_region", "wotr-sortie", region=src_name)
            return r.decide("battle.answer_no", {"reason": r.t("battle.reason_field_same_region")},
                            allowed=False, type="field")
        side = other_side(inside) if given_type == "siege" else inside
        if given_side is not None and given_side != side:
            q.get("units")
            q.ready()
            r.step(f"battle.wrong_side_{given_type}", "wotr-siege-battle" if given_type == "siege" else "wotr-sortie",
                   region=src_name)
            return r.decide("battle.answer_no", {"reason": r.t(f"battle.reason_wrong_side_{given_type}")},
                            allowed=False, type=given_type)
        kind = given_type
    else:
        if given_type in ("siege", "sortie"):
            q.get("units")
            q.ready()
            r.step("battle.siege_needs_same_region", "wotr-siege-battle" if given_type == "siege" else "wotr-sortie")
            return r.decide("battle.answer_no", {"reason": r.t("battle.reason_siege_same_region")},
                            allowed=False, type=given_type)
        kind = "field"
        side = given_side
        if side is None:
            # The attacker has units in `from` and an enemy with units in `to`.
            cands = [s for s in ("free_peoples", "shadow")
                     if position.army(src, s).is_army and position.army(dst, other_side(s)).is_army]
            if len(cands) == 1:
                side = cands[0]
            else:
                side = choose_side(position, src, None, r, prefer_besieged=False)
        if side is None:
            q.get("units")
            q.ready()
            if not listed(position, src):
                return r.needs_info([region_path(src, lang)], "battle.needs_attacker", {"region": src_name})
            return r.needs_info(["question.side"], "battle.needs_side", {"region": src_name})

    present = position.army(src, side)
    part = read_units(q, side, present, src, lang)
    q.ready()
    enemy = other_side(side)
    if present.is_empty and not listed(position, src):
        return r.needs_info([region_path(src, lang, side)], "battle.needs_attacker", {"region": src_name})

    r.step("battle.attacker_is", "wotr-battle-start", side=side_word(side, lang), region=src_name,
           army=describe(part or present, lang))
    refusals: list[tuple[str, dict]] = []

    def refuse(key: str, label: str, **params) -> None:
        r.step(key, label, **params)
        refusals.append((key, params))

    chosen = part if part is not None else present
    attacker = fighting_part(position, chosen, r, role="attacker")
    if not attacker.is_army:
        if chosen.is_army:
            idle = sorted(n for n, u in chosen.nations.items() if u.count and not position.at_war(n))
            refuse("battle.refuse_non_belligerent", "wotr-politics-non-belligerent",
                   nations=", ".join(names.nation_name(n, lang) for n in idle))
        else:
            refuse("battle.refuse_no_units", "wotr-battle-attacking-army")

    # The defender.
    dst_state = position.region(dst)
    if kind == "field":
        if src_state.besieged == side:
            refuse("battle.refuse_besieged_attacks_out", "wotr-siege-besieged-army", region=src_name)
        if not board.are_adjacent(src, dst):
            refuse("battle.refuse_not_adjacent", "wotr-battle-start", src=src_name, dst=dst_name)
        if dst_state.besieged == enemy:
            refuse("battle.refuse_besieged_from_outside", "wotr-siege-besieged-army", region=dst_name)
        elif dst_state.besieged == side:
            r.step("battle.relief", "wotr-siege-relief", region=dst_name)
    elif kind == "siege":
        r.step("battle.siege", "wotr-siege-battle", region=dst_name)
    else:
        r.step("battle.sortie", "wotr-sortie", region=dst_name)
    defender = dst_state.army(enemy)
    if not defender.is_army:
        if defender.is_empty and not listed(position, dst):
            return r.needs_info([region_path(dst, lang, enemy)], "battle.needs_defender", {"region": dst_name})
        refuse("battle.refuse_no_defender", "wotr-battle-start", region=dst_name)

    # A Character die attacks only with a Leader, a Nazgûl or a character in the army.
    if die == "character":
        if attacker.leaders + attacker.nazgul + len(attacker.characters):
            r.step("battle.character_die_led", "wotr-dice-character")
        else:
            refuse("battle.refuse_character_die", "wotr-dice-character")

    if refusals:
        key, params = refusals[0]
        return r.decide("battle.answer_no", {"reason": r.t(key.replace("battle.refuse_", "battle.reason_"), **params)},
                        allowed=False, type=kind)
    return Engagement(kind, side, src, dst, attacker, defender)


def politics_of_attack(position, e: Engagement, r) -> None:
    """The step for nations not At War that the attack moves on the Political Track."""
    attacked = sorted(n for n, u in e.defender.nations.items() if u.count and not position.at_war(n))
    if attacked:
        r.step("battle.politics_attacked", "wotr-politics-advance-attacked",
               nations=", ".join(names.nation_name(n, r.lang) for n in attacked))


@question(GAME, "battle")
@_both_sides_always
def battle(position, q, r):
    rnd = q.int("round", default=1, lo=1, hi=50)
    e = read_engagement(position, q, r)
    if isinstance(e, Ruling):
        return e
    kind, side, enemy, attacker, defender = e.kind, e.side, e.enemy, e.attacker, e.defender
    dst = e.dst
    dst_name = names.region_name(dst, r.lang)
    dst_state = position.region(dst)

    # What hits.
    att_hit, def_hit = NORMAL_HIT, NORMAL_HIT
    settlement = board.settlement(dst)
    if kind == "siege":
        att_hit = HARD_HIT
        r.step("battle.siege_hits", "wotr-siege-battle")
        if rnd > 1:
            r.step("battle.siege_later_round", "wotr-siege-extend", round=rnd)
    elif kind == "sortie":
        r.step("battle.sortie_hits", "wotr-sortie")
    elif settlement in ("city", "fortification"):
        name = r.t(f"battle.settlement_{settlement}")
        if rnd == 1:
            att_hit = HARD_HIT
            r.step("battle.city_first_round", "wotr-battle-city-fortification", region=dst_name, what=name)
        else:
            r.step("battle.city_later_round", "wotr-battle-city-fortification", region=dst_name, what=name, round=rnd)
    elif settlement == "stronghold" and dst_state.besieged is None:
        r.step("battle.stronghold_field", "wotr-siege-choice", region=dst_name)
    else:
        r.step("battle.plain_hits", "wotr-battle-hit")

    att_dice, att_rerolls = combat_dice(attacker, side, r, role="attacker")
    def_dice, def_rerolls = combat_dice(defender, enemy, r, role="defender")
    r.step("battle.natural_rolls", "wotr-battle-natural-rolls")
    a = odds(att_dice, att_hit, att_rerolls)
    d = odds(def_dice, def_hit, def_rerolls)
    r.step("battle.odds", "wotr-battle-leader-reroll", who=r.t("battle.attacker"), dice=att_dice, hit_on=att_hit,
           rerolls=att_rerolls, pct=r.percent(p_any(a)), mean=r.decimal(expected(a)))
    r.step("battle.odds", "wotr-battle-leader-reroll", who=r.t("battle.defender"), dice=def_dice, hit_on=def_hit,
           rerolls=def_rerolls, pct=r.percent(p_any(d)), mean=r.decimal(expected(d)))
    if rnd == 1:
        politics_of_attack(position, e, r)
    r.step("battle.cards_not_modelled", "wotr-battle-combat-card")
    return r.decide("battle.answer", {"type": r.t(f"battle.type_{kind}"), "round": rnd,
                                      "att_dice": att_dice, "att_hit": att_hit, "att_rerolls": att_rerolls,
                                      "def_dice": def_dice, "def_hit": def_hit, "def_rerolls": def_rerolls},
                    allowed=True, type=kind, round=rnd, attacker=a, defender=d, side=side_value(side))


# -- retreat ------------------------------------------------------------------------------------
@question(GAME, "retreat")
def retreat(position, q, r):
    # `from` reads as the defender's region too: people say "retreat from Osgiliath".
    if q.has("from") and not q.has("region"):
        region = q.region("from")
    else:
        region = q.region("region", required=True)
    to = q.region("to")
    given_side = read_side(q)
    q.ready()
    lang = r.lang
    name = names.region_name(region, lang)
    side = choose_side(position, region, given_side, r, prefer_besieged=False)
    if side is None:
        if not listed(position, region):
            return r.needs_info([region_path(region, lang)], "battle.needs_defender", {"region": name})
        return r.needs_info(["question.side"], "battle.needs_retreat_side", {"region": name})
    army = position.army(region, side)
    if not army.is_army:
        if army.is_empty and not listed(position, region):
            return r.needs_info([region_path(region, lang, side)], "battle.needs_defender", {"region": name})
        q.problems.add(q.at("region"), "battle.err_no_army", region=name, side=side_word(side, lang))
        q.ready()
    state = position.region(region)
    r.step("battle.retreat_army", "wotr-battle-retreat", side=side_word(side, lang), region=name,
           army=describe(army, lang))

    if state.besieged == side:
        r.step("battle.besieged_no_retreat", "wotr-siege-besieged-army", region=name)
        return r.decide("battle.answer_retreat_none", {"reason": r.t("battle.reason_besieged_no_retreat")},
                        allowed=False, into_stronghold=False, destinations=[])

    staying = [c for c in army.characters if data.characters()[c]["level"] == 0]
    if staying:
        r.step("battle.level_zero_stays", "wotr-character-level-zero",
               who=", ".join(names.character_name(c, lang) for c in staying))

    into = board.is_stronghold(region) and position.controller(region) == side and not state.besieged
    stronghold_excess = 0
    if into:
        stronghold_excess = max(0, army.units - board.BESIEGED_STACKING_LIMIT)
        r.step("battle.into_stronghold", "wotr-battle-retreat-into-siege", region=name)
        r.step("battle.into_stronghold_stacking", "wotr-siege-stacking", units=army.units,
               limit=board.BESIEGED_STACKING_LIMIT, excess=stronghold_excess)
    elif board.is_stronghold(region):
        r.step("battle.stronghold_not_friendly", "wotr-battle-retreat-into-siege", region=name)

    destinations, blocked = [], []
    for n in sorted(board.neighbours(region)):
        if board.free_for_retreat(position, n, side):
            destinations.append(n)
        else:
            why = "army" if board.has_army(position, n, other_side(side)) else "settlement"
            blocked.append(r.t(f"battle.blocked_{why}", region=names.region_name(n, lang)))
    if blocked:
        r.step("battle.retreat_blocked", "wotr-battle-retreat", list="; ".join(blocked))
    if destinations:
        r.step("battle.retreat_free", "wotr-battle-retreat",
               list=", ".join(names.region_name(n, lang) for n in destinations))
        outsiders = sorted({nat for nat, u in army.nations.items() if (u.count or u.leader)
                            and not position.at_war(nat)
                            and any(board.crosses_into_other_nation(nat, d) for d in destinations)})
        if outsiders:
            r.step("battle.retreat_non_belligerent", "wotr-politics-non-belligerent",
                   nations=", ".join(names.nation_name(x, lang) for x in outsiders))
    else:
        r.step("battle.retreat_no_free", "wotr-battle-retreat", region=name)

    # Joining a friendly army in the destination counts for the stacking limit of 10.
    over = {n: position.army(n, side).units + army.units - board.STACKING_LIMIT for n in destinations}
    over = {n: x for n, x in over.items() if x > 0}
    if over:
        r.step("battle.retreat_stacking", "wotr-army-stacking", limit=board.STACKING_LIMIT,
               list=", ".join(f"{names.region_name(n, lang)} ({x})" for n, x in over.items()))
    verdict = {"into_stronghold": into, "destinations": destinations}
    if into:
        verdict["stronghold_excess"] = stronghold_excess
    if to is not None:
        ok = (to == region and into) or to in destinations
        if ok:
            verdict["excess"] = stronghold_excess if to == region else over.get(to, 0)
        to_name = names.region_name(to, lang)
        if not ok:
            r.step("battle.retreat_to_refused", "wotr-battle-retreat", region=to_name)
        key = "battle.answer_retreat_to_no"
        if ok:
            key = "battle.answer_retreat_into_yes" if to == region else "battle.answer_retreat_to_yes"
        return r.decide(key,
                        {"region": to_name}, allowed=ok, **verdict)
    allowed = into or bool(destinations)
    if not allowed:
        return r.decide("battle.answer_retreat_none", {"reason": r.t("battle.reason_no_free", region=name)},
                        allowed=False, **verdict)
    options = []
    if into:
        options.append(r.t("battle.the_stronghold", region=name))
    if len(destinations) == 1:
        options.append(r.t("battle.retreat_to_region", region=names.region_name(destinations[0], lang)))
    elif destinations:
        options.append(r.t("battle.retreat_to_regions",
                           regions=", ".join(names.region_name(n, lang) for n in destinations)))
    text = options[0] if len(options) == 1 else r.t("battle.retreat_either", first=options[0], second=options[1])
    return r.decide("battle.answer_retreat", {"options": text}, allowed=True, **verdict)


# -- battle-outcome -----------------------------------------------------------------------------
CASUALTY_ALIASES = {"keep-dice": outcome.KEEP_STRENGTH, "mantener-fuerza": outcome.KEEP_STRENGTH,
                    "mantener-dados": outcome.KEEP_STRENGTH, "regulars-first": outcome.REMOVE_REGULARS,
                    "regulares-primero": outcome.REMOVE_REGULARS, "quitar-regulares": outcome.REMOVE_REGULARS,
                    "elites-first": outcome.REDUCE_ELITES, "elites-primero": outcome.REDUCE_ELITES,
                    "reducir-elites": outcome.REDUCE_ELITES}
EXTEND_WORDS = ("always", "never")
EXTEND_ALIASES = {"siempre": "always", "nunca": "never", "yes": "always", "si": "always", "no": "never",
                  "true": "always", "false": "never"}
RETREAT_WORDS = ("never", "stronghold", "region")
RETREAT_ALIASES = {"nunca": "never", "no": "never", "baluarte": "stronghold", "into-stronghold": "stronghold",
                   "asedio": "stronghold", "siege": "stronghold", "region": "region", "región": "region"}
ROLES = ("attacker", "defender")
POLICY_ROUNDS = 12      # max_rounds, defender_retreats.after: the horizon p_rounds lists; bounds the time


@dataclass
class Policies:
    max_rounds: int | None = None
    extend_siege: int | None = None           # None: while the attacker has an Elite
    stops_below: int = 1
    retreat_after: int | None = None          # None: never
    retreat_into: str = "region"
    casualties: dict[str, str] | None = None  # role -> policy
    defaults: list[str] | None = None         # question paths left to their default

    def default(self, key: str) -> bool:
        return f"question.{key}" in (self.defaults or [])



def read_policies(q) -> Policies:
    """The players' policies, every problem with its path; `defaults` lists those not given."""
    p = Policies(defaults=[])
    for key in ("max_rounds", "extend_siege", "attacker_stops_below", "defender_retreats", "casualties"):
        if q.get(key) is None:
            p.defaults.append(f"question.{key}")
    p.max_rounds = q.int("max_rounds", lo=1, hi=POLICY_ROUNDS)
    p.stops_below = q.int("attacker_stops_below", default=1, lo=1, hi=board.STACKING_LIMIT) or 1
    p.extend_siege = _read_extension(q)
    p.retreat_after, p.retreat_into = _read_retreat(q)
    p.casualties, defaulted = _read_casualties(q)
    if defaulted and "question.casualties" not in p.defaults:
        p.defaults += [f"question.casualties.{role}" for role in defaulted]
    return p


def _read_extension(q) -> int | None:
    raw = q.one("extend_siege")
    if raw is None or raw is MISSING:
        return None
    if isinstance(raw, bool):
        return None if raw else 0
    if isinstance(raw, int) or (isinstance(raw, str) and raw.strip().isdigit()):
        return check_int(raw, q.at("extend_siege"), q.problems, lo=0, hi=board.STACKING_LIMIT)
    word = check_choice(raw, EXTEND_WORDS, q.at("extend_siege"), q.problems, aliases=EXTEND_ALIASES)
    return 0 if word == "never" else None


def _read_retreat(q) -> tuple[int | None, str]:
    raw = q.one("defender_retreats")
    path = q.at("defender_retreats")
    if raw is None or raw is MISSING or raw is False:
        return None, "region"
    if isinstance(raw, dict):
        f = q.sub("defender_retreats")
        into = f.choice("into", RETREAT_WORDS[1:], default="region", aliases=RETREAT_ALIASES)
        after = f.int("after", default=1, lo=0 if into == "stronghold" else 1, hi=POLICY_ROUNDS)
        f.finish()
        return after, into or "region"
    if isinstance(raw, int) and not isinstance(raw, bool) or (isinstance(raw, str) and raw.strip().isdigit()):
        return check_int(raw, path, q.problems, lo=1, hi=POLICY_ROUNDS), "region"
    word = check_choice(raw, RETREAT_WORDS, path, q.problems, aliases=RETREAT_ALIASES)
    if word in (None, "never"):
        return None, "region"
    return 1, word


def _read_casualties(q) -> tuple[dict[str, str], list[str]]:
    """Each role's casualty policy, and the roles left to the default."""
    raw = q.one("casualties")
    chosen = dict.fromkeys(ROLES, outcome.KEEP_STRENGTH)
    if raw is None or raw is MISSING:
        return chosen, list(ROLES)
    if isinstance(raw, dict):
        f = q.sub("casualties")
        for role in ROLES:
            chosen[role] = f.choice(role, outcome.POLICIES, default=outcome.KEEP_STRENGTH,
                                    aliases=CASUALTY_ALIASES) or outcome.KEEP_STRENGTH
        f.finish()
        return chosen, [role for role in ROLES if f.raw.get(role) is None]
    policy = check_choice(raw, outcome.POLICIES, q.at("casualties"), q.problems, aliases=CASUALTY_ALIASES)
    return dict.fromkeys(ROLES, policy or outcome.KEEP_STRENGTH), []


def force_of(army: Army, side: str, casualties: str) -> outcome.Force:
    """The solver's view of one side. Leadership counts every Leader, Nazgûl and character
    (board.leadership); character abilities that change it (Gandalf the White cancelling the
    Nazgûl, Saruman's Elites counting as Leaders: `leading_elites`) plug in here."""
    chars = data.characters()
    captains = sum(chars[c]["combat_strength_bonus"] for c in army.characters) if side == "free_peoples" else 0
    return outcome.Force(regulars=army.regular, elites=army.elite, captains=captains,
                         leadership=board.leadership(army), casualties=casualties)


def outcome_thresholds(position, e: Engagement, r) -> tuple[int, int, int]:
    """(attacker in round 1, attacker from round 2, defender), with the step that says why."""
    dst_name = names.region_name(e.dst, r.lang)
    settlement = board.settlement(e.dst)
    if e.kind == "siege":
        r.step("battle.siege_hits", "wotr-siege-battle")
        return HARD_HIT, HARD_HIT, NORMAL_HIT
    if e.kind == "sortie":
        r.step("battle.sortie_hits", "wotr-sortie")
    elif settlement in ("city", "fortification"):
        r.step("battle.outcome_city", "wotr-battle-city-fortification", region=dst_name,
               what=r.t(f"battle.settlement_{settlement}"))
        return HARD_HIT, NORMAL_HIT, NORMAL_HIT
    elif settlement == "stronghold" and position.region(e.dst).besieged is None:
        r.step("battle.stronghold_field", "wotr-siege-choice", region=dst_name)
    else:
        r.step("battle.plain_hits", "wotr-battle-hit")
    return NORMAL_HIT, NORMAL_HIT, NORMAL_HIT


def casualty_steps(p: Policies, r) -> None:
    if p.casualties["attacker"] == p.casualties["defender"]:
        r.step(f"battle.outcome_casualties_{p.casualties['attacker']}", "wotr-battle-casualties",
               who=r.t("battle.both_sides"))
    else:
        for role in ROLES:
            r.step(f"battle.outcome_casualties_{p.casualties[role]}", "wotr-battle-casualties",
                   who=r.t(f"battle.{role}"))
    if p.default("casualties"):
        r.step("battle.outcome_casualties_default", "wotr-battle-casualties")
    for role in ROLES:
        if f"question.casualties.{role}" in p.defaults:
            r.step("battle.outcome_casualties_default_role", "wotr-battle-casualties", who=r.t(f"battle.{role}"))
    r.step("battle.outcome_elite_reduction", "wotr-battle-elite-reduction")


def end_of_round_steps(position, e: Engagement, p: Policies, r) -> tuple[int | None, int | None, int | None]:
    """The steps for ceasing, the round limit, extending a siege and retreating; returns
    (extensions allowed, retreat after round, units that may retreat)."""
    if p.stops_below > 1:
        r.step("battle.outcome_stops_below", "wotr-battle-end-of-round", n=p.stops_below)
    else:
        r.step("battle.outcome_fights_on", "wotr-battle-end-of-round",
               default=r.t("battle.by_default") if p.default("attacker_stops_below") else "")
    if p.max_rounds is not None:
        r.step("battle.outcome_max_rounds", "wotr-battle-end-of-round", n=p.max_rounds)
    elif e.kind != "siege":
        r.step("battle.outcome_no_round_limit", "wotr-battle-end-of-round")
    extensions = p.extend_siege
    if e.kind == "siege":
        r.step("battle.outcome_siege_one_round", "wotr-siege-battle")
        if not e.attacker.elite:
            r.step("battle.outcome_extend_no_elite", "wotr-siege-extend")
        elif extensions is None:
            r.step("battle.outcome_extend_always", "wotr-siege-extend",
                   default=r.t("battle.by_default") if p.default("extend_siege") else "")
        elif extensions == 0:
            r.step("battle.outcome_extend_never", "wotr-siege-extend")
        else:
            r.step("battle.outcome_extend_up_to", "wotr-siege-extend", n=extensions)
    elif not p.default("extend_siege"):
        r.step("battle.outcome_extend_not_siege", "wotr-siege-extend")
    after, keeps = retreat_plan(position, e, p, r)
    return extensions, after, keeps


def retreat_plan(position, e: Engagement, p: Policies, r) -> tuple[int | None, int | None]:
    """When the defender retreats and how many units may go, as far as the rules allow."""
    lang = r.lang
    dst_name = names.region_name(e.dst, lang)
    if p.retreat_after is None:
        r.step("battle.outcome_retreat_never", "wotr-battle-end-of-round",
               default=r.t("battle.by_default") if p.default("defender_retreats") else "")
        return None, None
    if e.kind == "siege":
        r.step("battle.outcome_retreat_besieged", "wotr-siege-besieged-army")
        return None, None
    if p.retreat_into == "stronghold":
        state = position.region(e.dst)
        if (e.kind == "field" and board.is_stronghold(e.dst) and state.besieged is None
                and position.controller(e.dst) == e.enemy):
            r.step("battle.outcome_retreat_stronghold", "wotr-battle-retreat-into-siege", region=dst_name,
                   n=p.retreat_after, limit=board.BESIEGED_STACKING_LIMIT)
            if e.defender.units > board.BESIEGED_STACKING_LIMIT:
                r.step("battle.into_stronghold_stacking", "wotr-siege-stacking", units=e.defender.units,
                       limit=board.BESIEGED_STACKING_LIMIT, excess=e.defender.units - board.BESIEGED_STACKING_LIMIT)
            return p.retreat_after, board.BESIEGED_STACKING_LIMIT
        r.step("battle.outcome_retreat_no_stronghold", "wotr-battle-retreat-into-siege", region=dst_name)
        return None, None
    free = [n for n in sorted(board.neighbours(e.dst)) if board.free_for_retreat(position, n, e.enemy)]
    if not free:
        r.step("battle.outcome_retreat_no_region", "wotr-battle-retreat", region=dst_name)
        return None, None
    r.step("battle.outcome_retreat_region", "wotr-battle-retreat", n=p.retreat_after,
           regions=", ".join(names.region_name(n, lang) for n in free))
    return p.retreat_after, None


OUTCOME_KEYS = ("p_attacker_wins", "p_defender_holds", "p_both_eliminated", "p_defender_retreats", "p_rounds",
                "attacker_left", "defender_left", "expected_attacker_losses", "expected_defender_losses",
                "expected_rounds")


def exact_pair(key: str, value) -> dict:
    """A probability (or a mean, a list, a mapping of them) and its exact fractions beside it."""
    if isinstance(value, dict):
        return {key: {k: probability(v) for k, v in value.items()},
                f"{key}_exact": {k: fraction_text(v) for k, v in value.items()}}
    if isinstance(value, list):
        return {key: [probability(v) for v in value], f"{key}_exact": [fraction_text(v) for v in value]}
    return {key: probability(value), f"{key}_exact": fraction_text(value)}


def _outcome_keys_always(fn):
    """A battle that may not be fought has no odds: the documented keys are null, not absent."""
    import functools

    @functools.wraps(fn)
    def handler(position, q, r):
        ruling = fn(position, q, r)
        if ruling is not None and ruling.verdict.get("status") == "decided":
            for key in OUTCOME_KEYS:
                ruling.verdict.setdefault(key, None)
        return ruling
    return handler


@question(GAME, "battle-outcome")
@_outcome_keys_always
def battle_outcome(position, q, r):
    p = read_policies(q)
    e = read_engagement(position, q, r)
    if isinstance(e, Ruling):
        return e
    att_first, att_later, def_hit = outcome_thresholds(position, e, r)
    combat_dice(e.attacker, e.side, r, role="attacker")
    combat_dice(e.defender, e.enemy, r, role="defender")
    r.step("battle.outcome_strength_shrinks", "wotr-battle-combat-strength")
    r.step("battle.outcome_rerolls", "wotr-battle-leader-reroll")
    r.step("battle.natural_rolls", "wotr-battle-natural-rolls")
    r.step("battle.outcome_round", "wotr-battle-round")
    casualty_steps(p, r)
    r.step("battle.outcome_leaders_alone", "wotr-battle-leaders-alone")
    extensions, retreat_after, retreat_keeps = end_of_round_steps(position, e, p, r)
    politics_of_attack(position, e, r)
    r.step("battle.outcome_cards_not_modelled", "wotr-battle-combat-card")

    o = outcome.solve(outcome.Battle(
        attacker=force_of(e.attacker, e.side, p.casualties["attacker"]),
        defender=force_of(e.defender, e.enemy, p.casualties["defender"]),
        attacker_hits_on=att_later, attacker_hits_on_first=att_first, defender_hits_on=def_hit,
        siege=e.kind == "siege", extend_siege=extensions, max_rounds=p.max_rounds,
        attacker_stops_below=p.stops_below, retreat_after=retreat_after, retreat_keeps=retreat_keeps))
    result_steps(e, o, r)
    defaults = [d for d in p.defaults if d != "question.extend_siege" or e.kind == "siege"]
    verdict = {"allowed": True, "type": e.kind, "side": side_value(e.side)}
    for key in OUTCOME_KEYS:
        verdict.update(exact_pair(key, getattr(o, key)))
    verdict.update(exact_pair("p_defender_holds_by", o.holds))
    if e.kind == "siege":
        verdict.update(exact_pair("expected_extensions", o.expected_extensions))
    verdict["defaults"] = defaults
    retreat = r.t("battle.outcome_answer_retreat", pct=r.percent(o.p_defender_retreats)) if retreat_after is not None else ""
    return r.decide("battle.outcome_answer", {
        "type": r.t(f"battle.type_{e.kind}"), "win": r.percent(o.p_attacker_wins), "hold": r.percent(o.p_defender_holds),
        "both": r.percent(o.p_both_eliminated), "retreat": retreat,
        "a_loss": r.decimal(o.expected_attacker_losses), "a_units": e.attacker.units,
        "d_loss": r.decimal(o.expected_defender_losses), "d_units": e.defender.units}, **verdict)


def result_steps(e: Engagement, o: outcome.Outcome, r) -> None:
    reasons = [r.t(f"battle.holds_{reason}", pct=r.percent(pr)) for reason, pr in sorted(o.holds.items())]
    if reasons:
        label = "wotr-siege-continues" if outcome.SIEGE_ENDED in o.holds else "wotr-battle-end-of-round"
        r.step("battle.outcome_holds_by", label, reasons="; ".join(reasons))
    likeliest = max(o.p_rounds, key=lambda k: o.p_rounds[k])
    r.step("battle.outcome_rounds", "wotr-battle-round", mean=r.decimal(o.expected_rounds), round=likeliest,
           pct=r.percent(o.p_rounds[likeliest]))
    r.step("battle.outcome_losses", "wotr-battle-casualties", a_loss=r.decimal(o.expected_attacker_losses),
           a_units=e.attacker.units, d_loss=r.decimal(o.expected_defender_losses), d_units=e.defender.units)
