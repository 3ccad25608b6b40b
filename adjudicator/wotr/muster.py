"""War of the Ring: the Muster action (seed 000 'Acción de Alistar'; official 2nd-edition rules,
Recruiting Troops; character card: Saruman).

Kind ``muster``: may ``nation`` recruit the listed figures with one Muster die?

One die recruits one of: an Elite in one settlement; or two figures among Regulars and
Leaders (Nazgûl for Sauron) in two different settlements. Each goes to a settlement
(Town, City or Stronghold) of its own nation that is neither captured nor besieged, and
must be in the reinforcements. Only nations At War recruit this way; Event cards that
recruit follow their own text (not modelled here).

Saruman's card adds two uses of a Muster die while he is in play and Orthanc is the
Shadow's and not besieged: one Isengard Regular in each Isengard settlement (a recruit list
of three or more Isengard Regulars is read as this), or two Isengard Regulars in Orthanc
replaced by two Elites (``upgrade: true``).
"""
from __future__ import annotations

from adjudicator import data, names
from adjudicator.params import Fields, check_choice, check_name
from adjudicator.registry import question
from adjudicator.ruling import Precedence
from adjudicator.spec import Col, Key, KindSpec, Param, T, allowed_key
from adjudicator.wotr.armies import name_default, name_defaults
from adjudicator.wotr.board import STACKING_LIMIT
from adjudicator.wotr.characters import saruman_in_play
from adjudicator.wotr.political import political_default

GAME = "war-of-the-ring"
UNITS = ("regular", "elite", "leader", "nazgul")
SMALL_FIGURES = ("regular", "leader", "nazgul")   # two of these, in two different settlements
UNIT_ALIASES = {"regulares": "regular", "elites": "elite", "lider": "leader", "líder": "leader", "lideres": "leader",
                "regulars": "regular", "leaders": "leader"}
UNIT_LABELS = {"regular": T("Regular", "Regular"), "elite": T("Elite", "Élite"), "leader": T("Leader", "Líder"),
               "nazgul": T("Nazgûl", "Nazgûl")}
UPGRADE_PAIR = 2   # Saruman: two Regulars in Orthanc become two Elites

MUSTER = KindSpec(
    GAME, "muster", T("Can this nation recruit these figures?", "¿Puede esta nación reclutar estas figuras?"),
    "board/muster",
    params=(
        Param("nation", "nation", T("Nation", "Nación"), required=True,
              help=T("May be left out when every figure names its nation.",
                     "Puede omitirse si cada figura nombra su nación.")),
        Param("recruit", "recruits", T("Figures to recruit", "Figuras que reclutar"), required=True,
              help=T("Not with upgrade. Three or more Isengard Regulars: Saruman's muster, one in each "
                     "Isengard settlement.",
                     "No con upgrade. Tres o más Regulares de Isengard: el alistamiento de Saruman, uno en "
                     "cada asentamiento de Isengard."),
              reader="muster", rows=4,
              cols=(Col("unit", T("Figure", "Figura"), "choice", UNITS, UNIT_LABELS),
                    Col("region", T("Region", "Región"), "region"),
                    Col("nation", T("Nation (if another)", "Nación (si es otra)"), "nation"))),
        Param("upgrade", "bool", T("Saruman: two Isengard Regulars in Orthanc become Elites",
                                   "Saruman: dos Regulares de Isengard en Orthanc pasan a ser Élites"),
              help=T("Instead of recruit.", "En lugar de recruit.")),
    ),
    verdict=(
        allowed_key(contract=True),
        Key("excess", "count", T("Units over the stacking limit", "Unidades por encima del límite de apilamiento"),
            always=False, when=T("when allowed", "si se permite")),
    ),
    position=("regions", "politics", "reinforcements"),
    rules=("wotr-muster", "wotr-muster-at-war", "wotr-muster-options", "wotr-muster-settlement",
           "wotr-muster-different-settlements", "wotr-muster-reinforcements", "wotr-muster-nazgul",
           "wotr-char-saruman-muster"),
)
# The first of these that applies is the reason given; every one that applies is explained.
MUSTER_REFUSALS = Precedence("not-at-war", "saruman-absent", "orthanc-not-free", "options", "same-settlement",
                             "nazgul-where", "shadow-no-leaders", "settlement", "upgrade-regulars", "reinforcements")
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


def read_recruits(q, nation: str | None) -> list[tuple[str, str, str]]:
    """The ``recruit`` list as (unit, region, nation) triples, every problem at its path."""
    single = q.raw.get("recruit") if isinstance(q.raw, dict) else None
    if isinstance(single, dict):
        # One figure written as a mapping instead of a one-item list: read it as that list.
        raw = [q.get("recruit")]
    else:
        raw = q.list("recruit") or []
    recruits: list[tuple[str, str, str]] = []
    for i, item in enumerate(raw):
        f = Fields(item, q.at("recruit") + [i], q.problems)
        if not isinstance(item, dict):
            continue   # Fields has said it must be a mapping; its fields cannot be missing too
        unit = f.get("unit")
        if unit is None:
            f.error("unit", "core.err_required_choice", options=", ".join(UNITS))
        else:
            unit = check_choice(unit, UNITS, f.at("unit"), q.problems, aliases=UNIT_ALIASES)
        region = f.get("region")
        if region is None:
            f.error("region", "core.err_required")
        else:
            region = check_name(region, names.regions(), "region", f.at("region"), q.problems)
        own = f.nation("nation") or nation
        f.finish()
        if unit and region and own:
            recruits.append((unit, region, own))
    return recruits


def _raw_recruits(q) -> list:
    value = q.raw.get("recruit") if isinstance(q.raw, dict) else None
    return [value] if isinstance(value, dict) else value if isinstance(value, list) else []


@question(MUSTER)
def muster(position, q, r):
    """One Muster die. Each recruit may name its own ``nation`` (official rules: two figures of
    one die may belong to two nations of the same side, both At War); it defaults to the
    question's ``nation``, which may be left out when every recruit names one."""
    upgrade = q.param("upgrade")
    raw = _raw_recruits(q)
    every_item_names_a_nation = bool(raw) and all(isinstance(i, dict) and i.get("nation") for i in raw)
    nation = q.nation("nation", required=not (every_item_names_a_nation or upgrade))
    recruits = read_recruits(q, nation)
    if upgrade:
        if raw:
            q.error("upgrade", "muster.err_upgrade_and_recruit")
        if nation not in (None, "isengard"):
            q.error("nation", "muster.err_upgrade_nation", nation=names.nation_name(nation, r.lang))
        nation = "isengard"
    elif not raw:
        q.error("recruit", "core.err_required")
    if len({data.nations()[n]["side"] for _, _, n in recruits}) > 1:
        q.error("recruit", "muster.err_mixed_sides")
    q.ready()
    r.mark("to", *(region for _, region, _ in recruits))
    return _Muster(position, r, nation, recruits).rule(upgrade=bool(upgrade))


class _Muster:
    def __init__(self, position, r, nation: str | None, recruits: list[tuple[str, str, str]]):
        self.position, self.r, self.recruits, self.lang = position, r, recruits, r.lang
        self.nations = list(dict.fromkeys(n for _, _, n in recruits))
        if not self.nations:
            assert nation is not None  # q.ready() passes with no recruits only for an upgrade: Isengard
            self.nations = [nation]
        self.side = data.nations()[self.nations[0]]["side"]
        self.unlisted: list[str] = []
        self.default_pools: list[str] = []

    def name(self, nation: str) -> str:
        return names.nation_name(nation, self.lang)

    def rule(self, *, upgrade: bool):
        r = self.r
        for n in self.nations:
            if political_default(r, self.position, n).at_war:
                r.step("muster.at_war", "wotr-muster-at-war", nation=self.name(n))
            else:
                r.refuse("not-at-war", "wotr-muster-at-war", "muster.not_at_war", "muster.reason_not_at_war",
                         nation=self.name(n))
        saruman = upgrade or self.is_saruman_muster()
        if saruman:
            self.saruman_conditions()
        if upgrade:
            self.upgrade()
        else:
            if saruman:
                r.step("muster.saruman_regulars", "wotr-char-saruman-muster", count=len(self.recruits))
            else:
                self.options()
            self.figures()
        self.reinforcements(upgrade)
        if self.side == "free_peoples":
            r.step("muster.fp_losses", "wotr-muster-losses")
        joined = r.t("muster.and_join", first=", ".join(self.name(n) for n in self.nations[:-1]),
                     last=self.name(self.nations[-1])) if len(self.nations) > 1 else self.name(self.nations[0])
        many = "_many" if len(self.nations) > 1 else ""
        if r.refusals:
            key = "muster.answer_upgrade_no" if upgrade else "muster.answer_no" + many
            return r.decide_refused(MUSTER_REFUSALS, key, {"nation": joined}, allowed=False)
        if self.unlisted:
            name_defaults(r, [f"position.regions.{x}" for x in self.unlisted], "muster.default_regions",
                          "wotr-muster-settlement",
                          regions=", ".join(names.region_name(x, self.lang) for x in self.unlisted))
        for n in self.default_pools:
            name_default(r, f"position.reinforcements.{n}", "muster.default_reinforcements",
                         "wotr-muster-reinforcements", nation=self.name(n))
        key = "muster.answer_upgrade" if upgrade else "muster.answer_yes" + many
        return r.decide(key, {"nation": joined}, allowed=True, excess=self.excess())

    # -- Saruman's two uses of a Muster die --------------------------------------------------
    def is_saruman_muster(self) -> bool:
        """Three or more Isengard Regulars: only Saruman's card recruits that many with one die."""
        return len(self.recruits) > 2 and all(u == "regular" and n == "isengard" for u, _, n in self.recruits)

    def saruman_conditions(self) -> None:
        r, position = self.r, self.position
        orthanc = names.region_name("orthanc", self.lang)
        saruman = names.character_name("saruman", self.lang)
        if saruman_in_play(position):
            r.step("muster.saruman_in_play", "wotr-char-saruman-muster", saruman=saruman)
        else:
            name_default(r, "position.regions", "muster.default_no_saruman", "wotr-char-saruman-muster",
                         saruman=saruman)
            r.refuse("saruman-absent", "wotr-char-saruman-muster", "muster.saruman_absent",
                     "muster.reason_saruman_absent", saruman=saruman)
        if "orthanc" not in position.regions and "orthanc" not in self.unlisted:
            self.unlisted.append("orthanc")
        if position.controller("orthanc") != "shadow" or position.region("orthanc").besieged:
            r.refuse("orthanc-not-free", "wotr-char-saruman-muster", "muster.orthanc_not_free",
                     "muster.reason_orthanc_not_free", region=orthanc)

    def upgrade(self) -> None:
        r = self.r
        orthanc = names.region_name("orthanc", self.lang)
        here = self.position.army("orthanc", "shadow").nations.get("isengard")
        regulars = here.regular if here else 0
        if "orthanc" not in self.position.regions:
            name_default(r, "position.regions.orthanc", "muster.default_orthanc_empty", "wotr-char-saruman-muster",
                         region=orthanc)
        if regulars >= UPGRADE_PAIR:
            r.step("muster.upgrade_ok", "wotr-char-saruman-muster", region=orthanc, n=regulars)
        else:
            r.refuse("upgrade-regulars", "wotr-char-saruman-muster", "muster.upgrade_no_regulars",
                     "muster.reason_upgrade_no_regulars", region=orthanc, n=regulars)

    # -- the normal muster --------------------------------------------------------------------
    def options(self) -> None:
        r, recruits = self.r, self.recruits
        kinds = [u for u, _, _ in recruits]
        if "elite" in kinds:
            if len(recruits) == 1:
                r.step("muster.option_elite", "wotr-muster-options")
            else:
                r.refuse("options", "wotr-muster-options", "muster.option_elite_alone", "muster.reason_options")
        elif len(recruits) > 2:
            r.refuse("options", "wotr-muster-options", "muster.option_too_many", "muster.reason_options",
                     count=len(recruits))
        else:
            r.step("muster.option_pair", "wotr-muster-options", count=len(recruits))

    def figures(self) -> None:
        """Each figure: the kind exists for the nation, a proper settlement, one per settlement."""
        r, position = self.r, self.position
        seen: set[str] = set()
        for unit, region, own in self.recruits:
            rname, own_name = names.region_name(region, self.lang), self.name(own)
            uname = r.t(f"muster.unit_{unit}")
            if region in seen:
                r.refuse("same-settlement", "wotr-muster-different-settlements", "muster.same_settlement",
                         "muster.reason_same_settlement", region=rname)
                continue
            seen.add(region)
            if unit == "nazgul" and (own != "sauron" or data.regions()[region]["settlement"] != "stronghold"):
                r.refuse("nazgul-where", "wotr-muster-nazgul", "muster.nazgul_where", "muster.reason_nazgul_where",
                         region=rname)
                continue
            if unit == "nazgul":
                r.step("muster.nazgul_stronghold", "wotr-muster-nazgul", region=rname)
            if unit == "leader" and self.side == "shadow":
                r.refuse("shadow-no-leaders", "wotr-muster-nazgul", "muster.shadow_no_leaders",
                         "muster.reason_shadow_no_leaders", nation=own_name)
                continue
            problem = muster_settlement_problem(position, region, own)
            if problem:
                r.refuse("settlement", "wotr-muster-settlement", problem, "muster.reason_settlement",
                         region=rname, nation=own_name, unit=uname)
                continue
            if region not in position.regions and region not in self.unlisted:
                self.unlisted.append(region)
            r.step("muster.settlement_ok", "wotr-muster-settlement", region=rname, nation=own_name, unit=uname)
        if len(self.recruits) == 2 and len(seen) == 2:
            r.step("muster.different_settlements", "wotr-muster-different-settlements")

    def reinforcements(self, upgrade: bool) -> None:
        r = self.r
        wanted: dict[tuple[str, str], int] = {}
        if upgrade:
            wanted[("isengard", "elite")] = UPGRADE_PAIR
        for unit, _, own in self.recruits:
            wanted[(own, unit)] = wanted.get((own, unit), 0) + 1
        for (own, unit), n in wanted.items():
            left = self.position.reinforcements_left(own, unit)
            defaulted = unit not in self.position.reinforcements.get(own, {})
            if left < n:
                if defaulted:
                    name_default(r, f"position.reinforcements.{own}", "muster.default_reinforcements",
                                 "wotr-muster-reinforcements", nation=self.name(own))
                r.refuse("reinforcements", "wotr-muster-reinforcements", "muster.no_reinforcements",
                         "muster.reason_no_reinforcements", nation=self.name(own),
                         units=r.t(f"muster.units_{unit}"), left=left, wanted=n)
            elif defaulted and own not in self.default_pools:
                self.default_pools.append(own)

    def excess(self) -> int:
        """A recruit may take a region over the stacking limit: the owner removes the excess at
        the end of the action (back to the reinforcements)."""
        added: dict[str, int] = {}
        for unit, region, _ in self.recruits:
            if unit in ("regular", "elite"):
                added[region] = added.get(region, 0) + 1
        excess = 0
        for region, n in added.items():
            total = self.position.army(region, self.side).units + n
            if total > STACKING_LIMIT:
                excess += total - STACKING_LIMIT
                self.r.step("muster.stacking_excess", "wotr-army-stacking",
                            region=names.region_name(region, self.lang), total=total, limit=STACKING_LIMIT,
                            excess=total - STACKING_LIMIT)
        return excess
