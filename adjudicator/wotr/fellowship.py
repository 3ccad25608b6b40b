"""War of the Ring: the Fellowship of the Ring on the map, and declaring it.

Seed 000, sections 'La Comunidad del Anillo', 'Localizar y Ocultar la Comunidad' and
'El Anillo Único'; where the seed is silent, the official 2nd-edition rules decide and the
step that applies them says so.

Kind here: ``declare-fellowship``; the chapter's others, which share the facts and defaults
of this module: ``separate-companions`` (:mod:`adjudicator.wotr.companions`),
``reveal-fellowship`` and ``hide-fellowship`` (:mod:`adjudicator.wotr.hiding`), and
``enter-mordor`` (:mod:`adjudicator.wotr.mordor`). Distances are counted in regions crossed
on the map graph (``data.regions()[id]['adjacent']``, which already leaves out impassable
borders).
"""
from __future__ import annotations

from adjudicator import data, names
from adjudicator.registry import question
from adjudicator.ruling import Precedence
from adjudicator.spec import Key, KindSpec, Param, T, allowed_key
from adjudicator.wotr import board

GAME = "war-of-the-ring"
FELLOWSHIP_PHASE = 2
ACTION_PHASE = 5
MAX_DISTANCE = T("Maximum distance", "Distancia máxima")

DECLARE = KindSpec(
    GAME, "declare-fellowship", T("Can the Fellowship be declared there?", "¿Se puede declarar la Comunidad allí?"),
    "board/fellowship",
    params=(Param("to", "region", T("Declared in (optional)", "Declarada en (opcional)"),
                  default_text=T("where the Fellowship stands", "donde está la Comunidad")),),
    verdict=(
        allowed_key(contract=True),
        Key("max_distance", "count", MAX_DISTANCE, contract=True),
        Key("heal", "count", T("Healing", "Curación"), contract=True),
        Key("activates", "nation-ids", T("Activates", "Activa"), nullable=True,
            null_means=T("no nation", "ninguna nación"), contract=True),
    ),
    position=("fellowship.region", "fellowship.progress", "fellowship.hidden", "fellowship.corruption",
              "fellowship.mordor", "turn.phase", "regions", "politics"),
    rules=("wotr-fellowship-declare", "wotr-fellowship-declare-heal", "wotr-fellowship-declare-activate",
           "wotr-fellowship-besieged", "wotr-mordor"),
)


def distance(a: str, b: str) -> int | None:
    """Plain shortest distance on the map (the Fellowship's own movement ignores everything)."""
    return board.distances(a).get(b)


# -- facts about regions that the Fellowship rules look at ---------------------------------

def is_city_or_stronghold(region: str) -> bool:
    return data.regions()[region]["settlement"] in ("city", "stronghold")


def free_peoples_haven(position, region: str) -> bool:
    """A Free Peoples City or Stronghold not controlled by the Shadow (declaring heals there)."""
    info = data.regions()[region]
    return is_city_or_stronghold(region) and info["side"] == "free_peoples" \
        and position.controller(region) != "shadow"


def friendly_city_or_stronghold(position, region: str) -> bool:
    """A City or Stronghold controlled by the Free Peoples (a revealed Fellowship cannot end there)."""
    return is_city_or_stronghold(region) and position.controller(region) == "free_peoples"


def shadow_held_shadow_stronghold(position, region: str) -> bool:
    """A Shadow Stronghold still controlled by the Shadow (revealing there draws another tile)."""
    info = data.regions()[region]
    return info["settlement"] == "stronghold" and info["side"] == "shadow" \
        and position.controller(region) == "shadow"


def shadow_controlled_stronghold(position, region: str) -> bool:
    """Any Stronghold the Shadow controls: Companions must stop on entering it."""
    return data.regions()[region]["settlement"] == "stronghold" and position.controller(region) == "shadow"


def besieged_no_bar(position, r, regions: list[str]) -> None:
    """The Fellowship's own move (declared or revealed) starting or ending in a besieged
    Stronghold: unlike a Companion moving alone, it goes in and out freely."""
    for region in dict.fromkeys(regions):
        state = position.regions.get(region)
        if board.is_stronghold(region) and state and state.besieged:
            r.step("fellowship.besieged_free", "wotr-fellowship-besieged", region=region_name(region, r.lang))


def friendly_stronghold_besieged(position, region: str) -> bool:
    """A Free Peoples-controlled Stronghold besieged by a Shadow army."""
    state = position.regions.get(region)
    return bool(state and state.besieged == "free_peoples")


def phase_step(position, r, rule: str, phase: int = FELLOWSHIP_PHASE) -> bool:
    """Say which phase the answer is for; True when the position is in ``phase`` (the
    Fellowship phase, or the action resolution phase for actions), or gives no phase, in
    which case the answer is for that phase and names the default."""
    which = "" if phase == FELLOWSHIP_PHASE else "_action"
    if position.phase is None:
        r.default("position.turn.phase", f"fellowship.phase{which}_assumed", rule)
        return True
    if position.phase != phase:
        r.step(f"fellowship.phase{which}_wrong", rule, phase=position.phase)
        return False
    r.step(f"fellowship.phase{which}_ok", rule)
    return True


# -- the defaults an answer leans on (each named in a step and in verdict.defaults) ----------

FELLOWSHIP_DEFAULT_RULES = {
    "region": "wotr-fellowship-figure", "progress": "wotr-fellowship-progress",
    "hidden": "wotr-fellowship-progress", "corruption": "wotr-ring-corruption",
    "guide": "wotr-fellowship-guide", "companions": "wotr-fellowship", "mordor": "wotr-mordor-enter",
}


def lean_on_fellowship(position, r, *fields: str) -> None:
    """Name each Fellowship field the answer reads that the scenario left out."""
    fel = position.fellowship
    for name in fields:
        if name in fel.given:
            continue
        if name == "mordor" and "region" in fel.given:
            continue   # a figure placed in a region of the map is not on the Mordor Track
        if name == "guide":
            lean_on_guide(position, r)
            continue
        r.default(f"position.fellowship.{name}", f"fellowship.default_{name}", FELLOWSHIP_DEFAULT_RULES[name])


def lean_on_guide(position, r) -> None:
    """Who the Guide is, when the scenario does not name him: the start's Gandalf the Grey
    (a default) or the only Companion of the highest Level among those given (the rule).
    A tie leaves ``Fellowship.guide`` None: each handler asks, or shows it does not matter."""
    fel = position.fellowship
    if "guide" in fel.given or fel.guide is None:
        return
    if "companions" not in fel.given:
        r.default("position.fellowship.guide", "fellowship.default_guide", "wotr-fellowship-guide")
    elif fel.guide == "gollum":
        r.step("fellowship.guide_is_gollum", "wotr-fellowship-gollum")
    else:
        r.step("fellowship.guide_by_level", "wotr-fellowship-guide",
               who=names.character_name(fel.guide, r.lang))


def lean_on_region(position, r, region: str, rule: str) -> None:
    """The state of a region the answer reads (figures, control, siege) when it is not listed."""
    if region not in position.regions:
        r.default(f"position.regions.{region}", "fellowship.default_region_state", rule,
                  region=names.region_name(region, r.lang))


def lean_on_regions(position, r, rule: str) -> None:
    """A path across the map reads regions the scenario may not list: their state is the default."""
    r.default("position.regions", "fellowship.default_regions", rule)


def lean_on_politics(position, r, nation: str, rule: str) -> None:
    if nation not in position.politics:
        r.default(f"position.politics.{nation}", "fellowship.default_politics", rule,
                  nation=names.nation_name(nation, r.lang))


def join_names(items: list[str], r) -> str:
    """'A', 'A and B', 'A, B and C' in the ruling's language."""
    if len(items) <= 1:
        return "".join(items)
    return r.t("fellowship.word_and", first=", ".join(items[:-1]), last=items[-1])


def region_name(region: str, lang: str) -> str:
    return names.region_name(region, lang)


# -- declare-fellowship --------------------------------------------------------------------

# On the Mordor Track the Fellowship is on no region at all: that reason comes first.
DECLARE_PRECEDENCE = Precedence("mordor", "phase", "revealed")


@question(DECLARE)
def declare_fellowship(position, q, r):
    """Declaring in the Fellowship phase (phase 2): only a hidden Fellowship off the Mordor
    Track; the figure moves up to ``progress`` regions, progress returns to 0, it stays hidden.
    Ending in a Free Peoples City or Stronghold not controlled by the Shadow heals 1
    Corruption and activates that nation. Without ``to`` the answer is for declaring where
    the figure stands."""
    to = q.param("to")
    q.ready()
    fel = position.fellowship
    lang = r.lang
    verdict: dict = {"max_distance": 0 if fel.in_mordor else fel.progress}
    if position.phase is not None and position.phase != FELLOWSHIP_PHASE:
        r.refuse("phase", "wotr-fellowship-declare", "fellowship.phase_wrong", "fellowship.reason_declare_phase",
                 phase=position.phase)
    else:
        phase_step(position, r, "wotr-fellowship-declare")
    lean_on_fellowship(position, r, "mordor")
    if fel.in_mordor:
        r.refuse("mordor", "wotr-mordor", "fellowship.declare_mordor", "fellowship.reason_declare_mordor")
    lean_on_fellowship(position, r, "hidden")
    if not fel.hidden:
        r.refuse("revealed", "wotr-fellowship-declare", "fellowship.declare_revealed",
                 "fellowship.reason_declare_revealed")
    if r.refusals:   # refused wherever it stands and goes, whatever its Progress and Corruption
        moot = [f"position.fellowship.{f}" for f in ("region", "progress", "corruption")
                if "fellowship" in position.given and f in fel.given]
        r.unused([*moot, "question.to"], "fellowship.unused_declare_refused", "wotr-fellowship-declare")
        unused_mordor_step(position, r, "wotr-mordor")
        return r.decide_refused(DECLARE_PRECEDENCE, "fellowship.answer_declare_refused",
                                **verdict, allowed=False, heal=0, activates=None)

    start = fel.region
    lean_on_fellowship(position, r, "region", "progress")
    r.step("fellowship.declare_distance", "wotr-fellowship-declare", progress=fel.progress,
           region=region_name(start, lang))
    end = to if to is not None else start
    r.mark("reachable", *board.distances(start, limit=fel.progress))
    r.mark("from", start)
    r.mark("to", to)
    if to is None:
        r.default("question.to", "fellowship.declare_no_to", "wotr-fellowship-declare", region=region_name(start, lang))
    else:
        d = distance(start, to)
        if d is None or d > fel.progress:
            r.step("fellowship.declare_too_far", "wotr-fellowship-declare", to=region_name(to, lang),
                   distance=d, progress=fel.progress)
            return r.decide("fellowship.answer_declare_far", {"to": region_name(to, lang), "progress": fel.progress},
                            **verdict, allowed=False, heal=0, activates=None)
        r.step("fellowship.declare_reach", "wotr-fellowship-declare", to=region_name(to, lang), distance=d)
    besieged_no_bar(position, r, [start, end])

    heal = 0
    activates = None
    where = region_name(end, lang)
    info = data.regions()[end]
    fp_settlement = is_city_or_stronghold(end) and info["side"] == "free_peoples"
    if fp_settlement:
        lean_on_region(position, r, end, "wotr-fellowship-declare-heal")
    # Healing needs a Free Peoples City or Stronghold the Shadow does not control (seed 000);
    # activation needs only a City or Stronghold of the nation: the official 2nd-edition
    # list of activations puts "unless controlled by the enemy" on Companions, not here.
    if free_peoples_haven(position, end):
        lean_on_fellowship(position, r, "corruption")
        if fel.corruption > 0:
            heal = 1
            r.step("fellowship.declare_heal", "wotr-fellowship-declare-heal", region=where,
                   before=fel.corruption, after=fel.corruption - 1)
        else:
            r.step("fellowship.declare_heal_none", "wotr-fellowship-declare-heal", region=where)
    elif fp_settlement:
        r.step("fellowship.declare_shadow_holds", "wotr-fellowship-declare-heal", region=where)
        unused_fellowship(position, r, ("corruption",), "fellowship.unused_corruption_no_heal",
                          "wotr-fellowship-declare-heal")
    else:
        r.step("fellowship.declare_not_haven", "wotr-fellowship-declare-heal", region=where)
        unused_fellowship(position, r, ("corruption",), "fellowship.unused_corruption_no_heal",
                          "wotr-fellowship-declare-heal")
    if not (fp_settlement and info["nation"]):
        r.step("fellowship.declare_activates_nothing", "wotr-fellowship-declare-activate", region=where)
    else:
        nation = info["nation"]
        lean_on_politics(position, r, nation, "wotr-fellowship-declare-activate")
        if not position.political(nation).active:
            activates = nation
            captured = position.controller(end) == "shadow"
            r.step("fellowship.declare_activate_captured" if captured else "fellowship.declare_activate",
                   "wotr-fellowship-declare-activate",
                   region=where, nation=names.nation_name(nation, lang))
        else:
            r.step("fellowship.declare_already_active", "wotr-fellowship-declare-activate",
                   nation=names.nation_name(nation, lang))
    r.step("fellowship.declare_stays_hidden", "wotr-fellowship-progress")
    return r.decide("fellowship.answer_declare_activates" if activates else "fellowship.answer_declare_yes",
                    {"to": where, "heal": heal,
                     "activates": names.nation_name(activates, lang) if activates else ""},
                    **verdict, allowed=True, heal=heal, activates=activates)


def unused_fellowship(position, r, fields: tuple[str, ...], key: str, label: str, /, **params) -> None:
    """The Fellowship's facts in ``fields`` that the position gives and this ruling does not
    need: one step says why (``r.unused``)."""
    fel = position.fellowship
    if "fellowship" in position.given:
        given = tuple(f"position.fellowship.{f}" for f in fields if f in fel.given)
        if given:
            r.unused(given, key, label, **params)


def unused_mordor_step(position, r, label: str, /) -> None:
    """On the Mordor Track, for a ruling that reads only whether the Fellowship is on it:
    which step it stands on does not matter (said once, when the position gives it)."""
    fel = position.fellowship
    if fel.in_mordor and "mordor" in fel.given:
        r.unused("position.fellowship.mordor", "fellowship.unused_mordor_step", label, step=fel.mordor)


def unused_map_region(position, r, label: str, /) -> None:
    """Where the figure stands on the map, for a ruling that reads only whether the
    Fellowship is on the Mordor Track (a region given places it off the track)."""
    fel = position.fellowship
    if "region" in fel.given:
        r.unused("position.fellowship.region", "fellowship.unused_map_region", label)
