"""War of the Ring: the Muster action (seed 000 'Acción de Alistar').

Kind ``muster``: may ``nation`` recruit the listed figures with one Muster die?

One die recruits one of: an Elite in one settlement; or two figures among Regulars and
Leaders (Nazgûl for Sauron) in two different settlements. Each goes to a settlement
(Town, City or Stronghold) of its own nation that is neither captured nor besieged, and
must be in the reinforcements. Only nations At War recruit this way; Event cards that
recruit follow their own text (not modelled here).
"""
from __future__ import annotations

from adjudicator import data, names
from adjudicator.params import Fields, check_choice, check_name
from adjudicator.registry import question
from adjudicator.rules.board import STACKING_LIMIT

GAME = "war-of-the-ring"
UNITS = ("regular", "elite", "leader", "nazgul")
SMALL_FIGURES = ("regular", "leader", "nazgul")   # two of these, in two different settlements


def muster_settlement_problem(position, region: str, nation: str) -> str | None:
    """Why ``region`` cannot receive a recruit of ``nation`` (a message key), or None."""
    info = data.regions()[region]
    if not info["settlement"] or info["settlement"] == "fortification":
        return "muster.no_settlement"
    if info["nation"] != nation:
        return "muster.other_nation"
    if position.is_captured(region):
        return "muster.captured"
    if position.region(region).besieged:
        return "muster.besieged"
    enemy = "shadow" if data.nations()[nation]["side"] == "free_peoples" else "free_peoples"
    if position.army(region, enemy).is_army:
        return "muster.enemy_army"   # an enemy army there: the settlement is not free
    return None


@question(GAME, "muster")
def muster(position, q, r):
    nation = q.nation("nation", required=True)
    single = q.raw.get("recruit") if isinstance(q.raw, dict) else None
    if isinstance(single, dict):
        # One figure written as a mapping instead of a one-item list: read it as that list.
        raw = [q.get("recruit")]
    else:
        raw = q.list("recruit", required=True) or []
    recruits: list[tuple[str, str]] = []
    for i, item in enumerate(raw):
        f = Fields(item, q.at("recruit") + [i], q.problems)
        unit = f.get("unit")
        unit = check_choice(unit, UNITS, f.at("unit"), q.problems,
                            aliases={"regulares": "regular", "elites": "elite", "lider": "leader", "líder": "leader"}) \
            if unit is not None else f.error("unit", "core.err_required_choice", options=", ".join(UNITS))
        region = f.get("region")
        region = check_name(region, names.regions(), "region", f.at("region"), q.problems) \
            if region is not None else f.error("region", "core.err_required")
        f.finish()
        if unit and region:
            recruits.append((unit, region))
    if not raw:
        q.error("recruit", "core.err_required")
    q.ready()

    lang = r.lang
    nation_name = names.nation_name(nation, lang)
    side = data.nations()[nation]["side"]
    refused = False

    # 1. Only a nation At War recruits with a Muster die.
    if position.at_war(nation):
        r.step("muster.at_war", "wotr-muster-at-war", nation=nation_name)
    else:
        r.step("muster.not_at_war", "wotr-muster-at-war", nation=nation_name)
        refused = True

    # 2. What one die recruits.
    kinds = [u for u, _ in recruits]
    if "elite" in kinds:
        ok = len(recruits) == 1
        r.step("muster.option_elite" if ok else "muster.option_elite_alone", "wotr-muster-options")
    else:
        ok = len(recruits) <= 2
        r.step("muster.option_pair" if ok else "muster.option_too_many", "wotr-muster-options", count=len(recruits))
        if ok and len(recruits) == 2:
            if recruits[0][1] == recruits[1][1]:
                r.step("muster.same_settlement", "wotr-muster-different-settlements",
                       region=names.region_name(recruits[0][1], lang))
                ok = False
            else:
                r.step("muster.different_settlements", "wotr-muster-different-settlements")
    refused |= not ok

    # 3. Each figure: the kind exists for the nation, a proper settlement, reinforcements left.
    wanted: dict[str, int] = {}
    for unit, region in recruits:
        wanted[unit] = wanted.get(unit, 0) + 1
        rname = names.region_name(region, lang)
        uname = r.t(f"muster.unit_{unit}")
        if unit == "nazgul":
            if nation != "sauron" or data.regions()[region]["settlement"] != "stronghold":
                r.step("muster.nazgul_where", "wotr-muster-nazgul", region=rname)
                refused = True
                continue
        elif unit == "leader" and side == "shadow":
            r.step("muster.shadow_no_leaders", "wotr-muster-nazgul", nation=nation_name)
            refused = True
            continue
        problem = muster_settlement_problem(position, region, nation)
        if problem:
            r.step(problem, "wotr-muster-settlement", region=rname, nation=nation_name, unit=uname)
            refused = True
        else:
            r.step("muster.settlement_ok", "wotr-muster-settlement", region=rname, nation=nation_name, unit=uname)
    for unit, n in wanted.items():
        pool_nation = nation
        left = position.reinforcements_left(pool_nation, unit)
        if left < n:
            r.step("muster.no_reinforcements", "wotr-muster-reinforcements", nation=nation_name,
                   units=r.t(f"muster.units_{unit}"), left=left, wanted=n)
            refused = True
    if side == "free_peoples":
        r.step("muster.fp_losses", "wotr-muster-losses")

    allowed = not refused
    extra = {}
    if allowed:
        # A recruit may take a region over the stacking limit: the owner removes the excess
        # at the end of the action (back to the reinforcements).
        added: dict[str, int] = {}
        for unit, region in recruits:
            if unit in ("regular", "elite"):
                added[region] = added.get(region, 0) + 1
        excess = 0
        for region, n in added.items():
            total = position.army(region, side).units + n
            if total > STACKING_LIMIT:
                excess += total - STACKING_LIMIT
                r.step("muster.stacking_excess", "wotr-army-stacking", region=names.region_name(region, lang),
                       total=total, limit=STACKING_LIMIT, excess=total - STACKING_LIMIT)
        extra["excess"] = excess
    return r.decide("muster.answer_yes" if allowed else "muster.answer_no", {"nation": nation_name},
                    allowed=allowed, **extra)
