"""War of the Ring: the Fellowship of the Ring on the map and its entry into Mordor.

Seed 000, sections 'La Comunidad del Anillo', 'Localizar y Ocultar la Comunidad' and
'El Anillo Único'; where the seed is silent, the official 2nd-edition rules decide and the
step that applies them says so.

Kinds: ``separate-companions``, ``declare-fellowship``, ``reveal-fellowship``,
``hide-fellowship`` (and, in :mod:`adjudicator.rules.mordor`, ``enter-mordor``). Distances are counted in regions crossed on the map graph
(``data.regions()[id]['adjacent']``, which already leaves out impassable borders).
"""
from __future__ import annotations

import re

from adjudicator import data, names
from adjudicator.model import guide_candidates
from adjudicator.params import check_name
from adjudicator.registry import question
from adjudicator.ruling import Precedence
from adjudicator.rules import board
from adjudicator.rules.characters import is_ring_bearer_name, new_guide_step
from adjudicator.rules.dice import FACE_ALIASES, FACE_LABELS
from adjudicator.spec import T, Key, KindSpec, Param, allowed_key

GAME = "war-of-the-ring"
FELLOWSHIP_PHASE = 2
ACTION_PHASE = 5
MAX_DISTANCE = T("Maximum distance", "Distancia máxima")

SEPARATE = KindSpec(
    GAME, "separate-companions",
    T("Can these Companions leave the Fellowship?", "¿Pueden estos Compañeros separarse de la Comunidad?"),
    "board/fellowship",
    params=(
        Param("companions", "characters", T("Companions", "Compañeros"),
              help=T("Separate them with commas.", "Sepáralos con comas."), required=True,
              reader="read_companions"),
        Param("to", "region", T("To (optional)", "Hasta (opcional)")),
    ),
    verdict=(
        Key("max_distance", "count", MAX_DISTANCE, contract=True),
        Key("removed", "bool", T("Removed from play", "Retirados del juego"), contract=True),
        allowed_key(always=False, when_param="to", contract=True),
        Key("distance", "count", T("Distance", "Distancia"), always=False,
            when=T("with to, when reached", "con to, si se alcanza")),
        Key("guide_options", "character-ids", T("Possible Guides", "Posibles Guías"), always=False,
            when=T("when the Guide leaves (or may: no Guide is named among Companions of the same Level)",
                   "cuando se separa el Guía (o puede separarse: no se nombra Guía entre Compañeros del mismo nivel)")),
    ),
    position=("fellowship.region", "fellowship.progress", "fellowship.guide", "fellowship.companions",
              "fellowship.mordor", "regions"),
    rules=("wotr-fellowship-separate", "wotr-fellowship-separate-besieged", "wotr-mordor-no-separate",
           "wotr-character-companion-strongholds"),
)

DECLARE = KindSpec(
    GAME, "declare-fellowship", T("Can the Fellowship be declared there?", "¿Se puede declarar la Comunidad allí?"),
    "board/fellowship",
    params=(Param("to", "region", T("Declared in (optional)", "Declarada en (opcional)"),
                  default_text=T("where the Fellowship stands", "donde está la Comunidad")),),
    verdict=(
        allowed_key(contract=True),
        Key("max_distance", "count", MAX_DISTANCE, contract=True),
        Key("heal", "count", T("Healing", "Curación"), contract=True),
        Key("activates", "id", T("Activates", "Activa"), nullable=True, null_means=T("no nation", "ninguna nación"),
            contract=True),
    ),
    position=("fellowship.region", "fellowship.progress", "fellowship.hidden", "fellowship.corruption",
              "fellowship.mordor", "turn.phase", "regions", "politics"),
    rules=("wotr-fellowship-declare", "wotr-fellowship-declare-heal", "wotr-fellowship-declare-activate",
           "wotr-fellowship-besieged", "wotr-mordor"),
)

REVEAL = KindSpec(
    GAME, "reveal-fellowship", T("Where does the revealed Fellowship go?", "¿Adónde va la Comunidad descubierta?"),
    "board/fellowship",
    params=(Param("to", "region", T("Moved to (optional)", "Movida a (opcional)")),),
    verdict=(
        allowed_key(contract=True),
        Key("max_distance", "count", MAX_DISTANCE, contract=True),
        Key("extra_tile", "bool", T("Extra tile", "Loseta adicional"), contract=True),
        Key("destinations", "count", T("Regions it may end in", "Regiones donde puede acabar"), always=False,
            when=T("without to", "sin to")),
    ),
    position=("fellowship.region", "fellowship.progress", "fellowship.hidden", "fellowship.mordor", "regions"),
    rules=("wotr-fellowship-reveal", "wotr-fellowship-reveal-move", "wotr-fellowship-reveal-shadow-stronghold",
           "wotr-fellowship-besieged"),
)

# The action die results a player may name (the Free Peoples dice show no plain Army face:
# naming one is a problem with the scenario, as in ``elven-ring``).
HIDE_DICE = ("character", "army", "muster", "army-muster", "event", "will-of-the-west")

HIDE = KindSpec(
    GAME, "hide-fellowship", T("Can this die hide the Fellowship?", "¿Puede este dado ocultar a la Comunidad?"),
    "board/fellowship",
    help=T("A revealed Fellowship is hidden again with an action die: a Character result, or any result "
           "while Strider is the Guide.",
           "Una Comunidad descubierta se vuelve a ocultar con un dado de acción: un resultado de Personaje, o "
           "cualquiera mientras Trancos sea el Guía."),
    params=(Param("die", "choice", T("Action die result used", "Resultado del dado de acción usado"), required=True,
                  choices=HIDE_DICE, choice_labels={k: FACE_LABELS[k] for k in HIDE_DICE},
                  aliases=FACE_ALIASES),),
    verdict=(allowed_key(),),
    position=("fellowship.hidden", "fellowship.guide", "turn.phase"),
    rules=("wotr-fellowship-hide", "wotr-char-strider-guide"),
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


def _split_names(value):
    """A text naming several characters ("Legolas, Gimli", "Merry and Pippin", "Merry y
    Pippin") as separate names; a single name (even "Frodo and Sam") is left whole."""
    if not isinstance(value, str) or names.characters().lookup(value) or is_ring_bearer_name(value):
        return [value]
    parts = [p.strip() for p in re.split(r",|;|\band\b|\by\b|&", value) if p.strip()]
    return parts if len(parts) > 1 else [value]


def read_companions(q, position) -> list[str] | None:
    raw = q.list("companions", required=True)
    if raw is None:
        return None
    # "Legolas, Gimli" or "Legolas y Gimli" typed as one text: several names.
    raw = [part for value in raw for part in _split_names(value)]
    fel = position.fellowship
    out: list[str] = []
    for i, value in enumerate(raw):
        path = q.at("companions") + [i]
        if is_ring_bearer_name(value):
            q.problems.add(path, "fellowship.err_ring_bearers", value=value)
            continue
        cid = check_name(value, names.characters(), "character", path, q.problems)
        if cid is None:
            continue
        if data.characters()[cid]["kind"] != "companion":
            q.problems.add(path, "fellowship.err_not_a_companion", value=value)
        elif cid not in fel.companions:
            q.problems.add(path, "fellowship.err_not_in_fellowship", value=value)
        elif cid in out:
            q.problems.add(path, "core.err_duplicate", value=value)
        else:
            out.append(cid)
    if not raw:
        q.problems.add(q.at("companions"), "core.err_required")
    return out


# -- separate-companions -------------------------------------------------------------------

def guide_after_leaving(position, leaving: list[str], r) -> list[str] | None:
    """When the Guide is among those leaving (or may be: a tie and no Guide named), say who
    may become Guide from those left (one rule: :func:`adjudicator.model.guide_candidates`)."""
    fel = position.fellowship
    left = tuple(c for c in fel.companions if c not in leaving)
    tied = guide_candidates(fel.companions)
    if fel.guide is None:
        if not any(c in leaving for c in tied):
            return None
        r.step("fellowship.guide_tie_leaving", "wotr-fellowship-guide-change",
               names=join_names([names.character_name(c, r.lang) for c in tied], r))
    else:
        if any(c in leaving for c in tied):
            lean_on_fellowship(position, r, "guide")   # another Guide of that Level would change the answer
        if fel.guide not in leaving:
            return None
    if "companions" not in fel.given:
        lean_on_fellowship(position, r, "companions")
    return new_guide_step(r, left)


@question(SEPARATE)
def separate_companions(position, q, r):
    """A Character action (or a card) that takes Companions out of the Fellowship.

    Off the Mordor Track they move up to progress + the highest Level among them, from the
    Ring-bearers' region, following the Companions' movement limits. On the Mordor Track
    they are removed from play instead. Either way, if the Guide leaves a new one is named
    among the Companions of highest Level left (Gollum when none is left).
    """
    companions = read_companions(q, position)
    to = q.param("to")
    q.ready()
    fel = position.fellowship
    lang = r.lang
    who = join_names([names.character_name(c, lang) for c in companions], r)

    lean_on_fellowship(position, r, "mordor")
    if fel.in_mordor:
        r.step("fellowship.separate_mordor", "wotr-mordor-no-separate", who=who)
        # 0, not null: null means "unlimited" in this language, and here nobody moves at all.
        verdict = {"max_distance": 0, "removed": True}
        options = guide_after_leaving(position, companions, r)
        if options:
            verdict["guide_options"] = options
        if to is not None:
            verdict["allowed"] = False
        return r.decide("fellowship.answer_separate_mordor", {"who": who}, **verdict)

    chars = data.characters()
    level = max(chars[c]["level"] or 0 for c in companions)
    lean_on_fellowship(position, r, "region", "progress")
    max_distance = fel.progress + level
    start = fel.region
    r.step("fellowship.separate_distance", "wotr-fellowship-separate", who=who, progress=fel.progress,
           level=level, max_distance=max_distance, region=region_name(start, lang))
    verdict: dict = {"max_distance": max_distance, "removed": False}
    options = guide_after_leaving(position, companions, r)
    if options:
        verdict["guide_options"] = options

    lean_on_region(position, r, start, "wotr-fellowship-separate-besieged")
    trapped = friendly_stronghold_besieged(position, start)
    if trapped:
        # They may separate but not leave: the distance they can actually go is 0.
        r.step("fellowship.separate_besieged", "wotr-fellowship-separate-besieged", region=region_name(start, lang))
        verdict["max_distance"] = 0
    reach = {start: 0} if trapped else board.distances(
        start, enter=lambda reg: not friendly_stronghold_besieged(position, reg),
        pass_through=lambda reg: not shadow_controlled_stronghold(position, reg), limit=max_distance)
    r.mark("reachable", *reach)
    r.mark("from", start)
    r.mark("to", to)
    if to is None:
        if not trapped:
            r.step("fellowship.separate_limits", "wotr-character-companion-strongholds")
        return r.decide("fellowship.answer_separate_distance",
                        {"who": who, "max_distance": verdict["max_distance"]}, **verdict)

    if not trapped and to != start:
        lean_on_regions(position, r, "wotr-character-companion-strongholds")
    dest = region_name(to, lang)
    if to in reach:
        r.step("fellowship.separate_path_ok", "wotr-character-companion-strongholds",
               to=dest, distance=reach[to])
        return r.decide("fellowship.answer_separate_yes", {"who": who, "to": dest, "distance": reach[to]},
                        **verdict, allowed=True, distance=reach[to])
    free = distance(start, to)
    if trapped:
        pass  # the besieged step above already says why
    elif friendly_stronghold_besieged(position, to):
        r.step("fellowship.separate_dest_besieged", "wotr-character-companion-strongholds", to=dest)
    elif free is not None and free <= max_distance:
        r.step("fellowship.separate_blocked", "wotr-character-companion-strongholds", to=dest, distance=free)
    else:
        r.step("fellowship.separate_too_far", "wotr-fellowship-separate", to=dest, distance=free,
               max_distance=max_distance)
    return r.decide("fellowship.answer_separate_no", {"who": who, "to": dest}, **verdict, allowed=False)


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
    if r.refusals:
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
    else:
        r.step("fellowship.declare_not_haven", "wotr-fellowship-declare-heal", region=where)
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


# -- reveal-fellowship ---------------------------------------------------------------------

@question(REVEAL)
def reveal_fellowship(position, q, r):
    """The Fellowship is revealed (a Reveal icon or a card): the Free Peoples move the figure
    up to ``progress`` regions, never ending in a City or Stronghold they control, and the
    Shadow draws one more tile when the move starts, passes through, ends in or stays in a
    Shadow Stronghold the Shadow controls. The Free Peoples choose the path, so passing
    through counts only when no path of allowed length avoids one."""
    to = q.param("to")
    q.ready()
    fel = position.fellowship
    lang = r.lang
    start = fel.region

    lean_on_fellowship(position, r, "mordor")
    if fel.in_mordor:
        r.step("fellowship.reveal_mordor", "wotr-mordor-hunt")
        # Without ``to`` the reveal itself is allowed (the figure just stays on the track).
        verdict = {"max_distance": 0, "extra_tile": False, "allowed": to is None}
        return r.decide("fellowship.answer_reveal_mordor", {}, **verdict)
    lean_on_fellowship(position, r, "hidden")
    if not fel.hidden:
        r.step("fellowship.reveal_already", "wotr-fellowship-reveal")
        verdict = {"max_distance": 0, "extra_tile": False, "allowed": to is None or to == start}
        return r.decide("fellowship.answer_reveal_already", {}, **verdict)

    progress = fel.progress
    lean_on_fellowship(position, r, "region", "progress")
    r.step("fellowship.reveal_distance", "wotr-fellowship-reveal-move", progress=progress,
           region=region_name(start, lang))
    if progress == 0:
        r.step("fellowship.reveal_progress_zero", "wotr-fellowship-reveal", region=region_name(start, lang))
    verdict = {"max_distance": progress}
    if progress > 0:
        lean_on_regions(position, r, "wotr-fellowship-reveal-move")
    else:
        lean_on_region(position, r, start, "wotr-fellowship-reveal-shadow-stronghold")

    def legal_end(reg: str) -> bool:
        # With progress 0 the figure does not move, wherever it stands.
        return progress == 0 or not friendly_city_or_stronghold(position, reg)

    starts_in_dark = shadow_held_shadow_stronghold(position, start)
    avoid = board.distances(start, enter=lambda reg: not shadow_held_shadow_stronghold(position, reg),
                            limit=progress)
    plain = board.distances(start, limit=progress)
    r.mark("reachable", *(reg for reg in plain if legal_end(reg)))
    r.mark("blocked", *(reg for reg in plain if not legal_end(reg)))
    r.mark("from", start)
    r.mark("to", to)

    if to is None:
        options = [reg for reg in plain if legal_end(reg)]
        clean = [reg for reg in avoid if legal_end(reg)]
        if starts_in_dark:
            extra = True
            r.step("fellowship.reveal_extra_start", "wotr-fellowship-reveal-shadow-stronghold",
                   region=region_name(start, lang))
        elif clean:
            extra = False
            r.step("fellowship.reveal_extra_avoidable", "wotr-fellowship-reveal-shadow-stronghold")
        else:
            extra = bool(options)
            r.step("fellowship.reveal_extra_forced", "wotr-fellowship-reveal-shadow-stronghold")
        if progress > 0:
            r.step("fellowship.reveal_not_friendly", "wotr-fellowship-reveal-move")
        extra_word = "fellowship.word_extra_tile" if extra else (
            "fellowship.word_extra_tile_avoidable" if progress > 0 else "fellowship.word_no_extra_tile")
        return r.decide("fellowship.answer_reveal_distance", {"max_distance": progress, "extra": r.t(extra_word)},
                        **verdict, allowed=bool(options), extra_tile=extra, destinations=len(options))

    dest = region_name(to, lang)
    d = plain.get(to)
    if d is None:
        r.step("fellowship.reveal_too_far", "wotr-fellowship-reveal-move", to=dest,
               distance=distance(start, to), progress=progress)
        return r.decide("fellowship.answer_reveal_no", {"to": dest}, **verdict, allowed=False, extra_tile=False)
    if not legal_end(to):
        r.step("fellowship.reveal_friendly_end", "wotr-fellowship-reveal-move", to=dest)
        return r.decide("fellowship.answer_reveal_no", {"to": dest}, **verdict, allowed=False, extra_tile=False)
    r.step("fellowship.reveal_reach", "wotr-fellowship-reveal-move", to=dest, distance=d)
    besieged_no_bar(position, r, [start, to])
    if starts_in_dark:
        extra = True
        r.step("fellowship.reveal_extra_start", "wotr-fellowship-reveal-shadow-stronghold",
               region=region_name(start, lang))
    elif shadow_held_shadow_stronghold(position, to):
        extra = True
        r.step("fellowship.reveal_extra_end", "wotr-fellowship-reveal-shadow-stronghold", to=dest)
    elif to in avoid:
        extra = False
        r.step("fellowship.reveal_extra_none", "wotr-fellowship-reveal-shadow-stronghold", to=dest)
    else:
        extra = True
        r.step("fellowship.reveal_extra_through", "wotr-fellowship-reveal-shadow-stronghold", to=dest,
               progress=progress)
    return r.decide("fellowship.answer_reveal_yes", {"to": dest, "extra": r.t(
        "fellowship.word_extra_tile" if extra else "fellowship.word_no_extra_tile")},
        **verdict, allowed=True, extra_tile=extra)


# -- hide-fellowship -----------------------------------------------------------------------

HIDE_PRECEDENCE = Precedence("phase", "hidden", "die")


def _die_hides(position, die: str, r) -> bool | None:
    """Whether this die result may be used to hide: a Character result always (a Will of the
    West used as one too), any result while Strider guides; None when the Guide is not
    named and the tied Companions include Strider (the Free Peoples' choice decides)."""
    face = r.t(f"dice.face_{die}")
    if die == "character":
        r.step("fellowship.hide_character", "wotr-fellowship-hide", decides=True)
        return True
    if die == "will-of-the-west":
        r.step("fellowship.hide_will", "wotr-dice-will-of-the-west", decides=True)
        return True
    fel = position.fellowship
    lean_on_guide(position, r)
    if fel.guide is None:
        tied = guide_candidates(fel.companions)
        r.step("fellowship.hide_guide_tie", "wotr-char-strider-guide", face=face,
               names=join_names([names.character_name(c, r.lang) for c in tied], r))
        if "strider" in tied:
            return None
    elif fel.guide == "strider":
        r.step("fellowship.hide_strider", "wotr-char-strider-guide", face=face, decides=True)
        return True
    guide = names.character_name(fel.guide or guide_candidates(fel.companions)[0], r.lang)
    r.refuse("die", "wotr-fellowship-hide", "fellowship.hide_die_no", "fellowship.reason_hide_die",
             face=face, guide=guide)
    if die == "event":
        # An Event card that hides the Fellowship is played with the die, not the die itself:
        # the cards in hand are not part of the position.
        r.step("fellowship.hide_event_card", "wotr-fellowship-hide")
    return False


@question(HIDE)
def hide_fellowship(position, q, r):
    """Hiding a revealed Fellowship: an action of the action resolution phase (phase 5), on
    the map or on the Mordor Track, with a Character result (or a Will of the West used as
    one), or with any result while Strider is the Guide. Hiding is not a move: no Hunt, and
    the die does not go to the Hunt Box."""
    die = q.param("die")
    if die == "army":
        q.problems.add(q.at("die"), "fellowship.err_hide_army")
    q.ready()
    fel = position.fellowship
    if position.phase is not None and position.phase != ACTION_PHASE:
        r.refuse("phase", "wotr-fellowship-hide", "fellowship.phase_action_wrong", "fellowship.reason_hide_phase",
                 phase=position.phase)
    else:
        phase_step(position, r, "wotr-fellowship-hide", ACTION_PHASE)
    lean_on_fellowship(position, r, "hidden")
    if fel.hidden:
        r.refuse("hidden", "wotr-fellowship-hide", "fellowship.hide_already_hidden", "fellowship.reason_hide_hidden")
    elif fel.in_mordor:
        r.step("fellowship.hide_on_mordor_track", "wotr-mordor-move")
    hides = _die_hides(position, die, r)
    if r.refusals:
        return r.decide_refused(HIDE_PRECEDENCE, "fellowship.answer_hide_no", allowed=False)
    if hides is None:
        return r.needs_info(["position.fellowship.guide"], "fellowship.needs_guide_hide")
    r.step("fellowship.hide_not_a_move", "wotr-fellowship-hide")
    return r.decide("fellowship.answer_hide_yes", {"face": r.t(f"dice.face_{die}")}, allowed=True)
