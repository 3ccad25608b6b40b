"""War of the Ring: battles, sieges, sorties and retreats (seed 000 'Resolución de batallas',
'Fortificaciones y Asentamientos'; official 2nd-edition rules where the seed is silent).

Kinds: ``battle`` (the dice of one combat round: how many, what hits, how many re-rolls,
and the exact chance of each number of hits) and ``retreat`` (where a defender may go); the
whole battle fought to its end is :mod:`adjudicator.rules.whole_battle` (``battle-outcome``),
which reads the battle the same way (:func:`read_engagement`).

Limits: Combat cards and characters' special abilities other than Captain of the West
(e.g. the Witch-king's Sorcerer) are not modelled: the odds are those of the plain round,
and a step says so. One round per question; the casualties are the players' choice.
"""
from __future__ import annotations

from typing import NamedTuple

from fractions import Fraction

from adjudicator import data, names
from adjudicator.model import Army, Units, other_side
from adjudicator.params import side_value
from adjudicator.registry import question
from adjudicator.ruling import Precedence, Ruling, fraction_text, probability
from adjudicator.rules import board
from adjudicator.rules.armies import (DIE_ALIASES, check_units_shape, choose_side, describe, listed, read_units,
                                      region_path, side_of_units, side_word)
from adjudicator.rules.odds import hits_distribution
from adjudicator.spec import T, Key, KindSpec, Param, allowed_key, side_param

GAME = "war-of-the-ring"
TYPES = ("field", "siege", "sortie")
TYPE_ALIASES = {"campo": "field", "batalla-de-campo": "field", "field-battle": "field", "asedio": "siege",
                "salida": "sortie", "batalla-campal": "field", "campal": "field"}
TYPE_LABELS = {"field": T("Field battle", "Batalla de campo"), "siege": T("Siege", "Asedio"),
               "sortie": T("Sortie", "Salida")}
SIDE_DICE = T("{dice, hit_on, rerolls, p_hits}: p_hits[k] is the chance of exactly k hits this round, re-rolls included",
              "{dice, hit_on, rerolls, p_hits}: p_hits[k] es la probabilidad de exactamente k impactos en la ronda, "
              "con las repeticiones")


def battle_params() -> tuple[Param, ...]:
    """The parameters that say which battle is fought (``battle`` and ``battle-outcome``)."""
    return (
        Param("from", "region", T("Attacker's region", "Región del atacante"), required=True),
        Param("to", "region", T("Defender's region (the same for a siege or a sortie)",
                                "Región del defensor (la misma en un asedio o una salida)"), required=True),
        Param("type", "choice", T("Type of battle", "Tipo de batalla"), choices=TYPES, choice_labels=TYPE_LABELS,
              aliases=TYPE_ALIASES, default_text=T("from the position: a sortie when the side given is the one "
                                                   "besieged, a siege otherwise, a field battle between two regions",
                                                   "según la posición: salida si el bando dado es el asediado, asedio "
                                                   "si no, batalla de campo entre dos regiones")),
        side_param(T("Attacking side (if both have figures there)", "Bando atacante (si ambos tienen figuras allí)")),
        Param("units", "units", T("Units that attack (default: all)", "Unidades que atacan (por defecto: todas)"),
              help=T("YAML, e.g. {rohan: {regular: 3, leader: 1}}.", "YAML, p. ej. {rohan: {regular: 3, leader: 1}}."),
              default_text=T("the whole army", "todo el ejército"), reader="read_units"),
        Param("die", "choice", T("Die used to attack", "Dado usado para atacar"), choices=("army", "character"),
              choice_labels={"army": T("Army", "Ejército"), "character": T("Character", "Personaje")},
              aliases=DIE_ALIASES, default_text=T("an Army die", "un dado de Ejército")),
    )


BATTLE = KindSpec(
    GAME, "battle", T("How does this battle go?", "¿Cómo va esta batalla?"), "board/battles",
    params=(*battle_params(), Param("round", "int", T("Round", "Ronda"), default=1, lo=1, hi=50)),
    verdict=(
        allowed_key(contract=True),
        Key("type", "choice", T("Type", "Tipo"), choices=TYPES, nullable=True,
            null_means=T("no battle (when refused)", "ninguna batalla (si se niega)"), contract=True),
        Key("attacker", "dice-side", T("Attacker", "Atacante"), nullable=True,
            null_means=T("no battle is fought", "no se libra ninguna batalla"), contract=True),
        Key("defender", "dice-side", T("Defender", "Defensor"), nullable=True,
            null_means=T("no battle is fought", "no se libra ninguna batalla"), contract=True),
        Key("round", "count", T("Round", "Ronda"), always=False, when=T("when allowed", "si se permite")),
        Key("side", "side", T("Attacking side", "Bando atacante"), always=False, when=T("when allowed", "si se permite")),
    ),
    position=("regions", "politics"),
    rules=("wotr-battle", "wotr-battle-start", "wotr-battle-combat-strength", "wotr-battle-hit",
           "wotr-battle-leader-reroll", "wotr-battle-leadership", "wotr-battle-city-fortification",
           "wotr-siege-battle", "wotr-sortie", "wotr-siege-relief", "wotr-battle-captain-of-the-west",
           "wotr-battle-attacking-army"),
)
BATTLE_REFUSALS = Precedence("non-belligerent", "no-units", "besieged-attacks-out", "not-adjacent",
                             "besieged-from-outside", "no-defender", "character-die")

RETREAT = KindSpec(
    GAME, "retreat", T("Where can the defender retreat?", "¿Adónde puede retirarse el defensor?"), "board/battles",
    params=(
        Param("region", "region", T("Defender's region", "Región del defensor"), required=True),
        Param("from", "region", T("Defender's region", "Región del defensor"), form=False,
              help=T("Another name for region.", "Otro nombre de region.")),
        Param("to", "region", T("Retreat to (optional)", "Retirarse a (opcional)")),
        side_param(T("Retreating side (if both have figures there)", "Bando que se retira (si ambos tienen figuras allí)")),
    ),
    verdict=(
        allowed_key(contract=True),
        Key("into_stronghold", "bool", T("Into the stronghold", "Al interior del Baluarte"), contract=True),
        Key("destinations", "region-ids", T("Destinations", "Destinos"), contract=True),
        Key("stronghold_excess", "count", T("Units over the stronghold's limit", "Unidades por encima del límite del baluarte"),
            always=False, when=T("when the army may retreat into the stronghold", "si el ejército puede retirarse al baluarte")),
        Key("excess", "count", T("Units over the stacking limit", "Unidades por encima del límite de apilamiento"),
            always=False, when=T("with to, when allowed", "con to, si se permite")),
    ),
    position=("regions", "politics"),
    rules=("wotr-battle-retreat", "wotr-battle-retreat-into-siege", "wotr-siege-stacking"),
)
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


class Engagement(NamedTuple):
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
    src, dst, given_type = q.param("from"), q.param("to"), q.param("type")
    die, given_side = q.param("die"), q.param("side")
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
            q.ready()
            r.step("battle.same_region_no_siege", "wotr-battle-start", region=src_name)
            return r.decide("battle.answer_no", {"reason": r.t("battle.reason_same_region", region=src_name)},
                            allowed=False, type=given_type)
        inside = src_state.besieged
        if given_type is None and given_side is not None:
            given_type = "sortie" if given_side == inside else "siege"
        if given_type is None:
            q.ready()
            return r.needs_info(["question.type"], "battle.needs_type", {"region": src_name})
        if given_type == "field":
            q.ready()
            r.step("battle.field_same_region", "wotr-sortie", region=src_name)
            return r.decide("battle.answer_no", {"reason": r.t("battle.reason_field_same_region")},
                            allowed=False, type="field")
        side = other_side(inside) if given_type == "siege" else inside
        if given_side is not None and given_side != side:
            q.ready()
            r.step(f"battle.wrong_side_{given_type}", "wotr-siege-battle" if given_type == "siege" else "wotr-sortie",
                   region=src_name)
            return r.decide("battle.answer_no", {"reason": r.t(f"battle.reason_wrong_side_{given_type}")},
                            allowed=False, type=given_type)
        kind = given_type
    else:
        if given_type in ("siege", "sortie"):
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

    chosen = part if part is not None else present
    attacker = fighting_part(position, chosen, r, role="attacker")
    if not attacker.is_army:
        if chosen.is_army:
            idle = sorted(n for n, u in chosen.nations.items() if u.count and not position.at_war(n))
            r.refuse("non-belligerent", "wotr-politics-non-belligerent", "battle.refuse_non_belligerent", "battle.reason_non_belligerent",
                   nations=", ".join(names.nation_name(n, lang) for n in idle))
        else:
            r.refuse("no-units", "wotr-battle-attacking-army", "battle.refuse_no_units", "battle.reason_no_units")

    # The defender.
    dst_state = position.region(dst)
    if kind == "field":
        if src_state.besieged == side:
            r.refuse("besieged-attacks-out", "wotr-siege-besieged-army", "battle.refuse_besieged_attacks_out", "battle.reason_besieged_attacks_out", region=src_name)
        if not board.are_adjacent(src, dst):
            r.refuse("not-adjacent", "wotr-battle-start", "battle.refuse_not_adjacent", "battle.reason_not_adjacent", src=src_name, dst=dst_name)
        if dst_state.besieged == enemy:
            r.refuse("besieged-from-outside", "wotr-siege-besieged-army", "battle.refuse_besieged_from_outside", "battle.reason_besieged_from_outside", region=dst_name)
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
        r.refuse("no-defender", "wotr-battle-start", "battle.refuse_no_defender", "battle.reason_no_defender", region=dst_name)

    # A Character die attacks only with a Leader, a Nazgûl or a character in the army.
    if die == "character":
        if attacker.leaders + attacker.nazgul + len(attacker.characters):
            r.step("battle.character_die_led", "wotr-dice-character")
        else:
            r.refuse("character-die", "wotr-dice-character", "battle.refuse_character_die", "battle.reason_character_die")

    if r.refusals:
        return r.decide_refused(BATTLE_REFUSALS, "battle.answer_no", allowed=False, type=kind)
    return Engagement(kind, side, src, dst, attacker, defender)


def politics_of_attack(position, e: Engagement, r) -> None:
    """The step for nations not At War that the attack moves on the Political Track."""
    attacked = sorted(n for n, u in e.defender.nations.items() if u.count and not position.at_war(n))
    if attacked:
        r.step("battle.politics_attacked", "wotr-politics-advance-attacked",
               nations=", ".join(names.nation_name(n, r.lang) for n in attacked))


@question(BATTLE)
@_both_sides_always
def battle(position, q, r):
    rnd = q.param("round")
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
@question(RETREAT)
def retreat(position, q, r):
    # `from` reads as the defender's region too: people say "retreat from Osgiliath".
    if q.has("from") and not q.has("region"):
        region = q.param("from")
        if region is None and q.get("from") is None:
            q.error("from", "core.err_required")
    else:
        region = q.param("region")
    to, given_side = q.param("to"), q.param("side")
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
