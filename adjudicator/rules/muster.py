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
from adjudicator.spec import T, Col, Key, KindSpec, Param, allowed_key

GAME = "war-of-the-ring"
UNITS = ("regular", "elite", "leader", "nazgul")
SMALL_FIGURES = ("regular", "leader", "nazgul")   # two of these, in two different settlements
UNIT_ALIASES = {"regulares": "regular", "elites": "elite", "lider": "leader", "líder": "leader", "lideres": "leader",
                "regulars": "regular", "leaders": "leader"}
UNIT_LABELS = {"regular": T("Regular", "Regular"), "elite": T("Elite", "Élite"), "leader": T("Leader", "Líder"),
               "nazgul": T("Nazgûl", "Nazgûl")}

MUSTER = KindSpec(
    GAME, "muster", T("Can this nation recruit these figures?", "¿Puede esta nación reclutar estas figuras?"),
    "board/muster",
    params=(
        Param("nation", "nation", T("Nation", "Nación"), required=True,
              help=T("May be left out when every figure names its nation.",
                     "Puede omitirse si cada figura nombra su nación.")),
        Param("recruit", "recruits", T("Figures to recruit", "Figuras que reclutar"), required=True,
              reader="muster", rows=4,
              cols=(Col("unit", T("Figure", "Figura"), "choice", UNITS, UNIT_LABELS),
                    Col("region", T("Region", "Región"), "region"),
                    Col("nation", T("Nation (if another)", "Nación (si es otra)"), "nation"))),
    ),
    verdict=(
        allowed_key(contract=True),
        Key("excess", "count", T("Units over the stacking limit", "Unidades por encima del límite de apilamiento"),
            always=False, when=T("when allowed", "si se permite")),
    ),
    position=("regions", "politics", "reinforcements"),
    rules=("wotr-muster", "wotr-muster-at-war", "wotr-muster-options", "wotr-muster-settlement",
           "wotr-muster-different-settlements", "wotr-muster-reinforcements", "wotr-muster-nazgul"),
)


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


@question(MUSTER)
def muster(position, q, r):
    """One Muster die. Each recruit may name its own ``nation`` (official rules: two figures of
    one die may belong to two nations of the same side, both At War); it defaults to the
    question's ``nation``, which may be left out when every recruit names one."""
    single = q.raw.get("recruit") if isinstance(q.raw, dict) else None
    if isinstance(single, dict):
        # One figure written as a mapping instead of a one-item list: read it as that list.
        raw = [q.get("recruit")]
    else:
        raw = q.list("recruit", required=True) or []
    every_item_names_a_nation = bool(raw) and all(isinstance(i, dict) and i.get("nation") for i in raw)
    nation = q.nation("nation", required=not every_item_names_a_nation)
    recruits: list[tuple[str, str, str]] = []
    for i, item in enumerate(raw):
        f = Fields(item, q.at("recruit") + [i], q.problems)
        if not isinstance(item, dict):
            continue   # Fields has said it must be a mapping; its fields cannot be missing too
        unit = f.get("unit")
        unit = check_choice(unit, UNITS, f.at("unit"), q.problems, aliases=UNIT_ALIASES) \
            if unit is not None else f.error("unit", "core.err_required_choice", options=", ".join(UNITS))
        region = f.get("region")
        region = check_name(region, names.regions(), "region", f.at("region"), q.problems) \
            if region is not None else f.error("region", "core.err_required")
        own = f.nation("nation") or nation
        f.finish()
        if unit and region and own:
            recruits.append((unit, region, own))
    if not raw:
        q.error("recruit", "core.err_required")
    sides = {data.nations()[n]["side"] for _, _, n in recruits}
    if len(sides) > 1:
        q.error("recruit", "muster.err_mixed_sides")
    q.ready()

    lang = r.lang
    nations = list(dict.fromkeys(n for _, _, n in recruits)) or ([nation] if nation else [])
    all_names = ", ".join(names.nation_name(n, lang) for n in nations)
    side = data.nations()[nations[0]]["side"]
    refused = False

    # 1. Only a nation At War recruits with a Muster die.
    for n in nations:
        if position.at_war(n):
            r.step("muster.at_war", "wotr-muster-at-war", nation=names.nation_name(n, lang))
        else:
            r.step("muster.not_at_war", "wotr-muster-at-war", nation=names.nation_name(n, lang))
            refused = True

    # 2. What one die recruits.
    kinds = [u for u, _, _ in recruits]
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
    wanted: dict[tuple[str, str], int] = {}
    for unit, region, own in recruits:
        wanted[(own, unit)] = wanted.get((own, unit), 0) + 1
        own_name = names.nation_name(own, lang)
        rname = names.region_name(region, lang)
        uname = r.t(f"muster.unit_{unit}")
        if unit == "nazgul":
            if own != "sauron" or data.regions()[region]["settlement"] != "stronghold":
                r.step("muster.nazgul_where", "wotr-muster-nazgul", region=rname)
                refused = True
                continue
        elif unit == "leader" and side == "shadow":
            r.step("muster.shadow_no_leaders", "wotr-muster-nazgul", nation=own_name)
            refused = True
            continue
        problem = muster_settlement_problem(position, region, own)
        if problem:
            r.step(problem, "wotr-muster-settlement", region=rname, nation=own_name, unit=uname)
            refused = True
        else:
            r.step("muster.settlement_ok", "wotr-muster-settlement", region=rname, nation=own_name, unit=uname)
    for (own, unit), n in wanted.items():
        left = position.reinforcements_left(own, unit)
        if left < n:
            r.step("muster.no_reinforcements", "wotr-muster-reinforcements", nation=names.nation_name(own, lang),
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
        for unit, region, _ in recruits:
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
    key = ("muster.answer_yes" if allowed else "muster.answer_no") + ("_many" if len(nations) > 1 else "")
    joined = r.t("muster.and_join", first=", ".join(names.nation_name(n, lang) for n in nations[:-1]),
                 last=names.nation_name(nations[-1], lang)) if len(nations) > 1 else all_names
    return r.decide(key, {"nation": joined},
                    allowed=allowed, **extra)
