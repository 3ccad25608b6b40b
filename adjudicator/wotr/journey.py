"""War of the Ring: the Fellowship's own journey, ``fellowship-move``, ``change-guide`` and
``end-of-turn`` (seed 000 'La Comunidad del Anillo', 'El Anillo Único'; the official
2nd-edition rules and FAQ where the seed is silent).

Moving the Fellowship advances its Progress counter one step (the figure stays where it was
last seen), or, on the Mordor Track, its figure one step along the track; only a hidden
Fellowship moves. The Guide is always a Companion of the highest Level (Gollum when none is
left) and may be changed at the end of the Fellowship phase. At the end of the action
resolution phase a Fellowship on the Mordor Track that neither tried to move nor hid takes
1 Corruption.

``end-of-turn`` is a kind of its own rather than ``when: end-of-turn`` on another kind: what
it rules (Corruption added on the Mordor Track) is not what any existing kind answers, and
its parameters (did the Fellowship move or hide this turn) belong to no other question.
"""
from __future__ import annotations

from adjudicator import data, names
from adjudicator.registry import question
from adjudicator.ruling import Precedence
from adjudicator.spec import Key, KindSpec, Param, T, allowed_key
from adjudicator.wotr.fellowship import (
    ACTION_PHASE,
    FELLOWSHIP_PHASE,
    GAME,
    MAX_DISTANCE,
    distance,
    join_names,
    lean_on_fellowship,
    lean_on_guide,
    region_name,
    unused_mordor_step,
)
from adjudicator.wotr.model import CORRUPTION_MAX, MORDOR_TRACK_LAST, guide_candidates

PROGRESS_TRACK_LAST = 12   # the Fellowship Track's last step (the Progress counter stops there)

FELLOWSHIP_MOVE = KindSpec(
    GAME, "fellowship-move", T("Can the Fellowship move now, and how far?",
                               "¿Puede moverse ahora la Comunidad, y hasta dónde?"),
    "board/fellowship",
    help=T("A move advances the Progress counter one step (on the Mordor Track, the figure one step); the "
           "figure stays where the Fellowship was last seen. With to: whether the Fellowship could be there "
           "once this move is made.",
           "Un movimiento avanza un paso la ficha de Avance (en el marcador de Mordor, la figura un paso); "
           "la figura se queda donde se vio por última vez a la Comunidad. Con to: si la Comunidad podría "
           "estar allí una vez hecho este movimiento."),
    params=(Param("to", "region", T("Heading for (optional)", "Camino de (opcional)"),
                  default_text=T("no region: the answer is for the move itself", "ninguna región: la respuesta "
                                 "es para el movimiento en sí")),),
    verdict=(
        allowed_key(contract=True),
        Key("max_distance", "count", MAX_DISTANCE, contract=True),
        Key("distance", "count", T("Distance", "Distancia"), always=False, when_param="to",
            when=T("with to", "con to"), nullable=True,
            null_means=T("no path on the map (or on the Mordor Track, no region)",
                         "ningún camino en el mapa (o, en el marcador de Mordor, ninguna región)")),
    ),
    position=("fellowship.region", "fellowship.progress", "fellowship.hidden", "fellowship.mordor",
              "fellowship.guide", "turn.phase"),
    rules=("wotr-fellowship-move", "wotr-fellowship-revealed-no-move", "wotr-fellowship-progress",
           "wotr-mordor-move", "wotr-mordor-hunt", "wotr-fellowship-move-event"),
)
MOVE_REFUSALS = Precedence("phase", "ended", "revealed", "track-end", "mordor-region", "too-far")

CHANGE_GUIDE = KindSpec(
    GAME, "change-guide", T("Who may become the Guide?", "¿Quién puede ser el Guía?"), "board/fellowship",
    help=T("At the end of the Fellowship phase the Free Peoples may name a new Guide among the Companions of "
           "the highest Level; Gollum guides only when no Companion is left.",
           "Al final de la fase de la Comunidad los Pueblos Libres pueden nombrar un nuevo Guía entre los "
           "Compañeros de mayor nivel; Gollum solo guía cuando no queda ningún Compañero."),
    params=(Param("guide", "character", T("New Guide (optional)", "Nuevo Guía (opcional)"),
                  default_text=T("none named: the answer lists who may guide", "ninguno: la respuesta dice "
                                 "quién puede guiar")),
            Param("changed", "bool", T("A Companion has just left the Fellowship",
                                       "Un Compañero acaba de dejar la Comunidad"),
                  help=T("Separated or eliminated: a new Guide may then be named at once, in any phase.",
                         "Separado o eliminado: entonces se puede nombrar un nuevo Guía en el acto, en cualquier "
                         "fase."), default=False)),
    verdict=(
        allowed_key(contract=True),
        Key("candidates", "character-ids", T("Who may guide", "Quién puede guiar"), contract=True),
    ),
    position=("fellowship.companions", "fellowship.guide", "turn.phase"),
    rules=("wotr-fellowship-guide", "wotr-fellowship-guide-change", "wotr-fellowship-gollum"),
)
GUIDE_REFUSALS = Precedence("not-companion", "not-in-fellowship", "gollum", "not-highest", "phase", "no-choice")

END_OF_TURN = KindSpec(
    GAME, "end-of-turn", T("What happens to the Ring-bearers at the end of the turn?",
                           "¿Qué les pasa a los Portadores del Anillo al final del turno?"),
    "board/mordor",
    help=T("At the end of the action resolution phase: on the Mordor Track, a Fellowship that neither tried "
           "to move nor hid this turn gains 1 Corruption.",
           "Al final de la fase de resolución de acciones: en el marcador de Mordor, una Comunidad que este "
           "turno ni intentó moverse ni se ocultó gana 1 de Corrupción."),
    params=(
        Param("moved", "bool", T("The Fellowship tried to move this turn", "La Comunidad intentó moverse este "
                                 "turno"),
              help=T("A move stopped by a tile still counts as tried.",
                     "Un movimiento detenido por una loseta cuenta como intentado.")),
        Param("hid", "bool", T("The Fellowship was hidden this turn", "La Comunidad se ocultó este turno")),
    ),
    verdict=(
        Key("corruption_added", "count", T("Corruption added", "Corrupción añadida"), contract=True),
        Key("corruption", "count", T("Corruption after", "Corrupción después")),
        Key("shadow_wins", "bool", T("The Shadow wins", "Gana la Sombra")),
    ),
    position=("fellowship.mordor", "fellowship.corruption"),
    rules=("wotr-mordor-idle", "wotr-victory-ring-shadow"),
)


# -- fellowship-move -----------------------------------------------------------------------

@question(FELLOWSHIP_MOVE)
def fellowship_move(position, q, r):
    """A move of the Fellowship in the action resolution phase (a Character result, a Will of
    the West used as one, or an Event card): only while hidden. Off the Mordor Track it
    advances the Progress counter one step, so the Fellowship may then be up to that many
    regions from its figure; on the track the figure moves one step, unless the tile drawn
    stops it."""
    to = q.param("to")
    q.ready()
    fel = position.fellowship
    lang = r.lang
    if position.phase is not None and position.phase != ACTION_PHASE:
        r.refuse("phase", "wotr-fellowship-move", "fellowship.phase_action_wrong", "journey.reason_move_phase",
                 phase=position.phase)
    elif position.phase is None:
        r.default("position.turn.phase", "fellowship.phase_action_assumed", "wotr-fellowship-move")
    else:
        r.step("fellowship.phase_action_ok", "wotr-fellowship-move")
    lean_on_fellowship(position, r, "mordor", "hidden")
    if fel.in_mordor:
        return _move_on_track(position, r, to)
    lean_on_fellowship(position, r, "progress")
    after = fel.progress + 1
    verdict: dict = {"max_distance": after if fel.hidden else fel.progress}
    if not fel.hidden:
        _revealed(position, r, "wotr-fellowship-revealed-no-move")
        if to is None:
            r.unused("position.fellowship.region", "journey.unused_region_revealed", "wotr-fellowship-revealed-no-move")
    elif fel.progress >= PROGRESS_TRACK_LAST:
        r.step("journey.progress_track_end", "wotr-fellowship-progress", last=PROGRESS_TRACK_LAST)
        return r.not_covered("journey.not_covered_progress_end")
    else:
        r.step("journey.move_progress", "wotr-fellowship-move", before=fel.progress, after=after)
        r.step("journey.figure_stays", "wotr-fellowship-figure", region=region_name(fel.region, lang))
    if to is not None:
        lean_on_fellowship(position, r, "region")
        r.mark("from", fel.region)
        r.mark("to", to)
        d = distance(fel.region, to)
        verdict["distance"] = d
        reach = verdict["max_distance"]
        if d is None:
            r.refuse("too-far", "wotr-fellowship-progress", "journey.move_to_no_path", "journey.reason_move_far",
                     to=region_name(to, lang), region=region_name(fel.region, lang))
        elif d > reach:
            r.refuse("too-far", "wotr-fellowship-progress", "journey.move_to_far", "journey.reason_move_far",
                     to=region_name(to, lang), region=region_name(fel.region, lang), distance=d, reach=reach)
        else:
            r.step("journey.move_to_near", "wotr-fellowship-progress", to=region_name(to, lang),
                   region=region_name(fel.region, lang), distance=d, reach=reach)
    if r.refusals:
        return r.decide_refused(MOVE_REFUSALS, "journey.answer_move_no", allowed=False, **verdict)
    r.step("journey.move_hunt", "wotr-fellowship-move")
    r.step("journey.move_event_card", "wotr-fellowship-move-event")
    return r.decide("journey.answer_move_yes", {"after": after}, by=["wotr-fellowship-move"],
                    allowed=True, **verdict)


def _move_on_track(position, r, to: str | None):
    fel = position.fellowship
    verdict: dict = {"max_distance": 0}
    if to is not None:
        r.refuse("mordor-region", "wotr-mordor", "journey.move_mordor_no_region", "journey.reason_move_mordor_region",
                 to=region_name(to, r.lang))
        verdict["distance"] = None
    if fel.mordor >= MORDOR_TRACK_LAST:
        r.refuse("track-end", "wotr-mordor-end", "journey.move_mordor_end", "journey.reason_move_mordor_end")
    elif not fel.hidden:
        _revealed(position, r, "wotr-mordor-move")
    else:
        verdict["max_distance"] = 1
        r.step("journey.move_mordor_tile", "wotr-mordor-hunt")
        r.step("journey.move_mordor_step", "wotr-mordor-move", step=fel.mordor, next=fel.mordor + 1)
        r.step("journey.move_mordor_box", "wotr-mordor-eye")
    if r.refusals:
        return r.decide_refused(MOVE_REFUSALS, "journey.answer_move_no", allowed=False, **verdict)
    return r.decide("journey.answer_move_mordor", {"next": fel.mordor + 1}, by=["wotr-mordor-move"],
                    allowed=True, **verdict)


def _revealed(position, r, label: str) -> None:
    """A revealed Fellowship does not move: it hides first (with any die while Strider guides)."""
    r.refuse("revealed", label, "journey.move_revealed", "journey.reason_move_revealed")
    fel = position.fellowship
    lean_on_guide(position, r)
    if fel.guide == "strider" or (fel.guide is None and "strider" in guide_candidates(fel.companions)):
        r.step("journey.move_hide_strider", "wotr-char-strider-guide")
    else:
        r.step("journey.move_hide_first", "wotr-fellowship-hide")


# -- change-guide --------------------------------------------------------------------------

@question(CHANGE_GUIDE)
def change_guide(position, q, r):
    """Who may be the Guide: the Companions of the highest Level in the Fellowship (the Free
    Peoples choose among ties), Gollum only when no Companion is left. A new Guide is named
    at the end of the Fellowship phase (phase 2), or when the Fellowship's make-up changes."""
    new, changed = q.param("guide"), q.param("changed")
    q.ready()
    fel = position.fellowship
    lang = r.lang
    lean_on_fellowship(position, r, "companions")
    candidates = guide_candidates(fel.companions)
    who = join_names([names.character_name(c, lang) for c in candidates], r)
    if candidates == ["gollum"]:
        r.step("journey.guide_gollum_only", "wotr-fellowship-gollum", decides=True)
    elif len(candidates) == 1:
        r.step("journey.guide_one", "wotr-fellowship-guide", who=who, decides=True)
    else:
        r.step("journey.guide_tie", "wotr-fellowship-guide", names=who, decides=True)
    current = fel.guide if "guide" in fel.given else None
    if changed:
        r.step("journey.guide_after_change", "wotr-fellowship-guide-change")
    elif position.phase is not None and position.phase != FELLOWSHIP_PHASE:
        if "changed" not in q.raw:
            r.default("question.changed", "journey.guide_default_unchanged", "wotr-fellowship-guide-change")
        r.refuse("phase", "wotr-fellowship-guide-change", "journey.guide_phase_wrong", "journey.reason_guide_phase",
                 phase=position.phase)
    elif position.phase is None:
        r.default("position.turn.phase", "journey.guide_phase_assumed", "wotr-fellowship-guide-change")
    else:
        r.step("journey.guide_phase_ok", "wotr-fellowship-guide-change")
    verdict = {"candidates": sorted(candidates)}
    if new is not None:
        name = names.character_name(new, lang)
        if new == "gollum" and candidates != ["gollum"]:
            r.refuse("gollum", "wotr-fellowship-gollum", "journey.guide_gollum_not_yet", "journey.reason_guide_gollum")
        elif new != "gollum" and new not in fel.companions:
            if data.characters()[new]["kind"] != "companion":
                r.refuse("not-companion", "wotr-fellowship-guide", "journey.guide_not_companion",
                         "journey.reason_guide_not_companion", who=name)
            else:
                # Aragorn and Gandalf the White enter play on the map: never in the Fellowship.
                never = bool(data.characters()[new]["replaces"])
                r.refuse("not-in-fellowship", "wotr-fellowship-leave",
                         "journey.guide_never_in_fellowship" if never else "journey.guide_not_in_fellowship",
                         "journey.reason_guide_not_in_fellowship", who=name)
        elif new not in candidates:
            r.refuse("not-highest", "wotr-fellowship-guide", "journey.guide_not_highest",
                     "journey.reason_guide_not_highest", who=name, names=who)
        if r.refusals:
            return r.decide_refused(GUIDE_REFUSALS, "journey.answer_guide_no", {"who": name}, allowed=False,
                                    **verdict)
        if new == current:
            r.step("journey.guide_keeps", "wotr-fellowship-guide-change", who=name)
        return r.decide("journey.answer_guide_yes", {"who": name}, allowed=True, **verdict)
    if len(candidates) == 1:
        r.refuse("no-choice", "wotr-fellowship-guide", "journey.guide_no_choice", "journey.reason_guide_no_choice",
                 who=who)
    if r.refusals:
        return r.decide_refused(GUIDE_REFUSALS, "journey.answer_guide_none", {"names": who}, allowed=False,
                                **verdict)
    return r.decide("journey.answer_guide_list", {"names": who}, allowed=True, **verdict)


# -- end-of-turn ---------------------------------------------------------------------------

@question(END_OF_TURN)
def end_of_turn(position, q, r):
    """The end of the action resolution phase: on the Mordor Track, 1 Corruption when the Free
    Peoples neither tried to move the Fellowship nor hid it during the phase; off the track,
    none. Corruption reaching 12 is the Shadow's victory."""
    moved, hid = q.param("moved"), q.param("hid")
    q.ready()
    fel = position.fellowship
    lean_on_fellowship(position, r, "mordor")
    added = 0
    if not fel.in_mordor:
        r.step("journey.idle_not_in_mordor", "wotr-mordor-idle", decides=True)
        r.explains("moved", "hid")   # "whatever it did this turn"
    elif fel.mordor >= MORDOR_TRACK_LAST:
        r.step("journey.idle_crack_of_doom", "wotr-mordor-end", decides=True)
        r.explains("moved", "hid")   # the game has ended
    elif moved or hid:
        r.step("journey.idle_moved" if moved else "journey.idle_hid", "wotr-mordor-idle", decides=True)
        if moved:
            r.explains("hid")   # a move tried is enough, hidden or not
    else:
        missing = [f"question.{k}" for k, v in (("moved", moved), ("hid", hid)) if v is None]
        if missing:
            r.step("journey.idle_needs", "wotr-mordor-idle")
            return r.needs_info(missing, "journey.needs_idle")
        added = 1
        r.step("journey.idle_corruption", "wotr-mordor-idle", decides=True)
    if fel.in_mordor and fel.mordor < MORDOR_TRACK_LAST:
        unused_mordor_step(position, r, "wotr-mordor-idle")
    lean_on_fellowship(position, r, "corruption")
    after = min(CORRUPTION_MAX, fel.corruption + added)
    wins = added > 0 and after >= CORRUPTION_MAX
    if wins:
        r.step("journey.idle_shadow_wins", "wotr-victory-ring-shadow", decides=True)
    key = "journey.answer_idle_yes" if added else "journey.answer_idle_no"
    return r.decide(key, {"after": after}, corruption_added=added, corruption=after, shadow_wins=wins)
