"""War of the Ring: the Fellowship revealed and hidden again, ``reveal-fellowship`` and
``hide-fellowship`` (seed 000 'Localizar y Ocultar la Comunidad'; official 2nd-edition rules
where the seed is silent).

Revealed, the figure moves up to its progress, never ending in a City or Stronghold the Free
Peoples control, and a Shadow Stronghold on its way draws another tile; hidden again with a
Character result (or any result while Strider guides), in the action resolution phase. The
facts and defaults are those of :mod:`adjudicator.wotr.fellowship`.
"""
from __future__ import annotations

from adjudicator import names
from adjudicator.registry import question
from adjudicator.ruling import Precedence
from adjudicator.spec import Key, KindSpec, Param, T, allowed_key
from adjudicator.wotr import board
from adjudicator.wotr.dice import FACE_ALIASES, FACE_LABELS
from adjudicator.wotr.fellowship import (
    ACTION_PHASE,
    GAME,
    MAX_DISTANCE,
    besieged_no_bar,
    distance,
    friendly_city_or_stronghold,
    join_names,
    lean_on_fellowship,
    lean_on_guide,
    lean_on_region,
    lean_on_regions,
    phase_step,
    region_name,
    shadow_held_shadow_stronghold,
    unused_fellowship,
    unused_mordor_step,
)
from adjudicator.wotr.model import guide_candidates

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
        unused_fellowship(position, r, ("region", "progress"), "fellowship.unused_reveal_mordor", "wotr-mordor-hunt")
        unused_mordor_step(position, r, "wotr-mordor-hunt")
        # Without ``to`` the reveal itself is allowed (the figure just stays on the track).
        verdict = {"max_distance": 0, "extra_tile": False, "allowed": to is None}
        return r.decide("fellowship.answer_reveal_mordor", {}, **verdict)
    lean_on_fellowship(position, r, "hidden")
    if not fel.hidden:
        r.step("fellowship.reveal_already", "wotr-fellowship-reveal")
        unused_fellowship(position, r, ("progress",), "fellowship.unused_reveal_already", "wotr-fellowship-reveal")
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
    if progress == 0:   # revealed where it stands: no move to its own region
        extra = starts_in_dark
        r.step("fellowship.reveal_extra_start" if extra else "fellowship.reveal_stays_no_tile",
               "wotr-fellowship-reveal-shadow-stronghold", region=region_name(start, lang))
        return r.decide("fellowship.answer_reveal_stays", {"to": dest, "extra": r.t(
            "fellowship.word_extra_tile" if extra else "fellowship.word_no_extra_tile")},
            **verdict, allowed=True, extra_tile=extra)
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
