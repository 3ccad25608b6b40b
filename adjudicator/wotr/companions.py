"""War of the Ring: Companions leaving the Fellowship, ``separate-companions`` (seed 000 'La
Comunidad del Anillo'; official 2nd-edition rules where the seed is silent).

Off the Mordor Track they move up to progress + the highest Level among them, following the
Companions' movement limits; on it they are removed from play. A Guide who leaves is replaced
by a Companion of the highest Level left. The facts and defaults are those of
:mod:`adjudicator.wotr.fellowship`.
"""
from __future__ import annotations

from adjudicator import data, names
from adjudicator.params import check_name
from adjudicator.registry import question
from adjudicator.spec import Key, KindSpec, Param, T, allowed_key
from adjudicator.wotr import board
from adjudicator.wotr.characters import is_ring_bearer_name, new_guide_step
from adjudicator.wotr.fellowship import (
    GAME,
    MAX_DISTANCE,
    distance,
    friendly_stronghold_besieged,
    join_names,
    lean_on_fellowship,
    lean_on_region,
    lean_on_regions,
    region_name,
    shadow_controlled_stronghold,
    unused_fellowship,
    unused_mordor_step,
)
from adjudicator.wotr.model import guide_candidates

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


def _split_names(value):
    """A text naming several characters ("Legolas, Gimli", "Merry and Pippin", "Merry y
    Pippin") as separate names; a single name (even "Frodo and Sam") is left whole."""
    return [value] if is_ring_bearer_name(value) else names.split_names(value, names.characters())


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


def guide_after_leaving(position, leaving: list[str], r) -> list[str] | None:
    """When the Guide is among those leaving (or may be: a tie and no Guide named), say who
    may become Guide from those left (one rule: :func:`adjudicator.wotr.model.guide_candidates`)."""
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


def _guide_stays(position, r, options) -> None:
    """The Guide named and staying: who else walks in the Fellowship names no new Guide."""
    if options is None and position.fellowship.guide is not None:
        unused_fellowship(position, r, ("companions",), "fellowship.unused_companions_guide_stays",
                          "wotr-fellowship-guide-change")


@question(SEPARATE)
def separate_companions(position, q, r):
    """A Character action (or a card) that takes Companions out of the Fellowship.

    Off the Mordor Track they move up to progress + the highest Level among them, from the
    Ring-bearers' region, following the Companions' movement limits. On the Mordor Track
    they are removed from play instead. Either way, if the Guide leaves a new one is named
    among the Companions of highest Level left (Gollum when none is left).
    """
    companions = read_companions(q, position) or []  # None only with a problem: q.ready() raises
    to = q.param("to")
    q.ready()
    fel = position.fellowship
    lang = r.lang
    who = join_names([names.character_name(c, lang) for c in companions], r)

    lean_on_fellowship(position, r, "mordor")
    if fel.in_mordor:
        r.step("fellowship.separate_mordor", "wotr-mordor-no-separate", who=who)
        moot = [f"position.fellowship.{f}" for f in ("region", "progress")
                if "fellowship" in position.given and f in fel.given]
        r.unused([*moot, "question.to"], "fellowship.unused_separate_mordor", "wotr-mordor-no-separate")
        unused_mordor_step(position, r, "wotr-mordor-no-separate")
        # 0, not null: null means "unlimited" in this language, and here nobody moves at all.
        verdict: dict = {"max_distance": 0, "removed": True}
        options = guide_after_leaving(position, companions, r)
        _guide_stays(position, r, options)
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
    verdict = {"max_distance": max_distance, "removed": False}
    options = guide_after_leaving(position, companions, r)
    _guide_stays(position, r, options)
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
