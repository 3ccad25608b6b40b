"""War of the Ring: where a defender may retreat, ``retreat`` (seed 000 'Resolución de batallas',
'Fortificaciones y Asentamientos'; official 2nd-edition rules where the seed is silent).

A retreat goes to a neighbouring region free of enemy armies and of enemy-controlled settlements,
or into a friendly stronghold (at most 5 units inside); a besieged army cannot retreat. The
regions a position leaves out are read as empty, a default named.
"""
from __future__ import annotations

from adjudicator import data, names
from adjudicator.registry import question
from adjudicator.spec import Key, KindSpec, Param, Reach, T, allowed_key, side_param
from adjudicator.wotr import board
from adjudicator.wotr.armies import (
    choose_side,
    describe,
    listed,
    name_defaults,
    region_path,
    side_word,
)
from adjudicator.wotr.engagement import check_besieged_limit
from adjudicator.wotr.model import other_side
from adjudicator.wotr.political import political_default

GAME = "war-of-the-ring"

RETREAT = KindSpec(
    GAME, "retreat", T("Where can the defender retreat?", "¿Adónde puede retirarse el defensor?"), "board/battles",
    params=(
        Param("region", "region", T("Defender's region", "Región del defensor"), required=True),
        Param("from", "region", T("Defender's region", "Región del defensor"), form=False,
              help=T("Another name for region.", "Otro nombre de region.")),
        Param("to", "region", T("Retreat to (optional)", "Retirarse a (opcional)"), reach=Reach("region", 1, 1)),
        side_param(T("Retreating side (if both have figures there)",
                     "Bando que se retira (si ambos tienen figuras allí)")),
    ),
    verdict=(
        allowed_key(contract=True),
        Key("into_stronghold", "bool", T("Into the stronghold", "Al interior del Baluarte"), contract=True),
        Key("destinations", "region-ids", T("Destinations", "Destinos"), contract=True),
        Key("stronghold_excess", "count",
            T("Units over the stronghold's limit", "Unidades por encima del límite del baluarte"), always=False,
            when=T("when the army may retreat into the stronghold", "si el ejército puede retirarse al baluarte")),
        Key("excess", "count", T("Units over the stacking limit", "Unidades por encima del límite de apilamiento"),
            always=False, when=T("with to, when allowed", "con to, si se permite")),
    ),
    position=("regions", "politics"),
    rules=("wotr-battle-retreat", "wotr-battle-retreat-into-siege", "wotr-siege-stacking"),
)


def unlisted_neighbours_step(position, r, regions: list[str], label: str) -> None:
    """The regions a retreat's answer reads that the position does not list: empty, their
    settlements held by their original side (a default, named in one step)."""
    missing = [n for n in regions if not listed(position, n)]
    if missing:
        name_defaults(r, [f"position.regions.{n}" for n in missing], "battle.default_regions_empty", label,
                      regions=", ".join(names.region_name(n, r.lang) for n in missing))


def free_regions(position, r, region: str, side: str, label: str) -> tuple[list[str], list[str]]:
    """(the neighbours free for ``side``'s retreat, the reasons the others are not)."""
    around = sorted(board.neighbours(region))
    unlisted_neighbours_step(position, r, around, label)
    destinations, blocked = [], []
    for n in around:
        if board.free_for_retreat(position, n, side):
            destinations.append(n)
            r.mark("reachable", n)
        else:
            r.mark("blocked", n)
            why = "army" if board.has_army(position, n, other_side(side)) else "settlement"
            blocked.append(r.t(f"battle.blocked_{why}", region=names.region_name(n, r.lang)))
    return destinations, blocked


def _politics_unused(position, r, key: str | None = None) -> None:
    """The Political Track given, where no nation it gives would cross another's border
    (a retreating nation that does reads its marker, given or its default)."""
    if "politics" in position.given:
        r.unused("position.politics", key or "battle.retreat_politics_irrelevant", "wotr-politics-non-belligerent")


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
    check_besieged_limit(position, q, r, region)
    q.problems.raise_if_any()
    state = position.region(region)
    r.mark("from", region)
    r.mark("to", to)
    r.step("battle.retreat_army", "wotr-battle-retreat", side=side_word(side, lang), region=name,
           army=describe(army, lang))

    if state.besieged == side:
        r.step("battle.besieged_no_retreat", "wotr-siege-besieged-army", region=name)
        r.unused("to", "battle.retreat_to_irrelevant_besieged", "wotr-siege-besieged-army")
        _politics_unused(position, r)
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

    destinations, blocked = free_regions(position, r, region, side, "wotr-battle-retreat")
    if blocked:
        r.step("battle.retreat_blocked", "wotr-battle-retreat", list="; ".join(blocked))
    if destinations:
        r.step("battle.retreat_free", "wotr-battle-retreat",
               list=", ".join(names.region_name(n, lang) for n in destinations))
        crossing = [nat for nat, u in army.nations.items() if (u.count or u.leader)
                    and any(board.crosses_into_other_nation(nat, d) for d in destinations)]
        if not any(nat in position.politics for nat in crossing):
            _politics_unused(position, r, "battle.retreat_politics_other_nations" if crossing else None)
        outsiders = sorted(nat for nat in crossing if not political_default(r, position, nat).at_war)
        if outsiders:
            r.step("battle.retreat_non_belligerent", "wotr-politics-non-belligerent",
                   nations=", ".join(names.nation_name(x, lang) for x in outsiders))
    else:
        r.step("battle.retreat_no_free", "wotr-battle-retreat", region=name)
        _politics_unused(position, r)

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
        return r.decide(key, {"region": to_name}, allowed=ok, **verdict)
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
