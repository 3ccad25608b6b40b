"""War of the Ring: action dice and the Elven Rings (seed 000 'Resumen de turno',
'Acciones Especiales'; official 2nd-edition rules where the seed is silent).

Kinds: ``action-dice``, ``elven-ring``.
"""
from __future__ import annotations

from adjudicator import data, names
from adjudicator.params import SIDE_ALIASES, YES_NO
from adjudicator.registry import question
from adjudicator.ruling import Precedence
from adjudicator.spec import Key, KindSpec, Param, T, allowed_key, side_param

GAME = "war-of-the-ring"
MAX_DICE = {"free_peoples": 6, "shadow": 10}
ACTION_RESOLUTION_PHASE = 5

# The faces of each side's action dice (official 2nd-edition components): the Free Peoples
# dice show Character twice and have no plain Army face (Army comes with Muster) but a Will
# of the West; the Shadow dice have a plain Army face and an Eye instead.
FACES = ("character", "army", "muster", "army-muster", "event", "will-of-the-west", "eye")
SIDE_FACES = {
    "free_peoples": ("character", "army-muster", "muster", "event", "will-of-the-west"),
    "shadow": ("character", "army", "muster", "army-muster", "event", "eye"),
}
FACE_ALIASES = {
    "personaje": "character", "ejercito": "army", "alistar": "muster", "alistamiento": "muster",
    "ejercito-alistar": "army-muster", "army/muster": "army-muster", "muster-army": "army-muster",
    "reclutamiento": "muster", "reclutar": "muster", "ejercito-reclutamiento": "army-muster",
    "ejercito/alistar": "army-muster", "alistar-ejercito": "army-muster", "ejercito-y-alistar": "army-muster",
    "evento": "event", "voluntad-de-occidente": "will-of-the-west", "voluntad-del-oeste": "will-of-the-west",
    "will": "will-of-the-west", "wotw": "will-of-the-west", "ojo": "eye", "sword": "character",
}


FACE_LABELS = {"character": T("Character", "Personaje"), "army": T("Army", "Ejército"),
               "muster": T("Muster", "Alistar"),
               "army-muster": T("Army/Muster", "Ejército/Alistar"), "event": T("Event", "Evento"),
               "will-of-the-west": T("Will of the West", "Voluntad de Occidente"), "eye": T("Eye", "Ojo")}
DIE_COUNT = T("Action dice", "Dados de Acción")

ACTION_DICE = KindSpec(
    GAME, "action-dice", T("How many action dice does each side roll?", "¿Cuántos dados de Acción tira cada bando?"),
    "board/actions",
    params=(
        Param("in_play", "characters", T("Characters in play that add dice", "Personajes en juego que añaden dados"),
              help=T("Separate them with commas.", "Sepáralos con comas."),
              default_text=T("the characters on the map in the position", "los personajes en el mapa en la posición")),
    ),
    verdict=(
        Key("free_peoples", "count", T("Free Peoples", "Pueblos Libres"), contract=True),
        Key("shadow", "count", T("Shadow", "Sombra"), contract=True),
    ),
    position=("regions",),
    rules=("wotr-dice-count", "wotr-setup-action-dice"),
)

ELVEN_RING = KindSpec(
    GAME, "elven-ring", T("Can an Elven Ring change this die?", "¿Puede un Anillo Élfico cambiar este dado?"),
    "board/actions",
    params=(
        side_param(T("Side using the Ring", "Bando que usa el Anillo"), required=True),
        Param("from", "choice", T("Die face now", "Cara actual del dado"), required=True, choices=FACES,
              choice_labels=FACE_LABELS, aliases=FACE_ALIASES),
        Param("to", "choice", T("Die face wanted", "Cara deseada"), required=True, choices=FACES,
              choice_labels=FACE_LABELS, aliases=FACE_ALIASES),
        Param("used_this_turn", "bool",
              T("An Elven Ring was already used this turn", "Ya se usó un Anillo Élfico este turno"),
              help=T("Yes/no, or the sides that used one.", "Sí/no, o los bandos que ya usaron uno."), default=False),
        Param("held", "int", T("Elven Rings this player holds", "Anillos Élficos que tiene este jugador"), lo=0, hi=3,
              default_text=T("the Free Peoples: the three of the start; the Shadow: none at the start, "
                             "so it is asked for",
                             "los Pueblos Libres: los tres del principio; la Sombra: ninguno al principio, "
                             "así que se pregunta")),
    ),
    verdict=(
        allowed_key(contract=True),
        Key("then", "choice", T("Then the ring", "Después el anillo"), choices=("passes-to-shadow", "removed"),
            choice_labels={"passes-to-shadow": T("Passes to the Shadow", "Pasa a la Sombra"),
                           "removed": T("Is removed from the game", "Se retira del juego")},
            always=False, when=T("when allowed", "si se permite")),
    ),
    position=("turn.phase",),
    rules=("wotr-elven-rings", "wotr-elven-rings-one-per-turn", "wotr-elven-rings-free-peoples",
           "wotr-elven-rings-shadow", "wotr-elven-rings-passing"),
)


def _side_word(value) -> str | None:
    if isinstance(value, str):
        return SIDE_ALIASES.get(names.normalize(value))
    return None


# -- action-dice ---------------------------------------------------------------------------

@question(ACTION_DICE)
def action_dice(position, q, r):
    """How many action dice each side rolls with these characters in play.

    The Free Peoples start with 4 and add one for Gandalf the White and one for Aragorn
    (at most 6); the Shadow starts with 7 and adds one for each Minion (at most 10): the
    values of the character cards (``characters.json`` ``action_die_bonus``). A die gained
    or lost takes effect at the next recovery (phase 1). Without ``in_play`` the characters
    standing on the map in the position count (a default, named).
    """
    given = q.param("in_play")
    chars = data.characters()
    for new, old in (("aragorn", "strider"), ("gandalf-the-white", "gandalf-the-grey")):
        if given and new in given and old in given:
            q.error("in_play", "dice.err_replaced_both", new=names.character_name(new, r.lang),
                    old=names.character_name(old, r.lang))
    q.ready()
    lang = r.lang
    if given is None:
        chosen: list[str] = []
        for state in position.regions.values():
            for side in ("free_peoples", "shadow"):
                chosen.extend(c for c in state.army(side).characters if c not in chosen)
        r.default("question.in_play", "dice.in_play_from_map", "wotr-dice-count")
        r.default("position.regions", "dice.regions_not_listed", "wotr-dice-count")
    else:
        chosen = given

    start = data.load("characters")["action_dice_at_start"]
    r.step("dice.start", "wotr-setup-action-dice", fp=start["free_peoples"], shadow=start["shadow"])
    totals = dict(start)
    for cid in chosen:
        info = chars[cid]
        who = names.character_name(cid, lang)
        bonus = info["action_die_bonus"] or 0
        if bonus:
            totals[info["side"]] += bonus
            r.step("dice.bonus", "wotr-dice-count", who=who, bonus=bonus)
        else:
            r.step("dice.no_bonus", "wotr-dice-count", who=who)
    capped = {}
    for side in totals:
        if totals[side] > MAX_DICE[side]:
            r.step("dice.cap", "wotr-dice-count", side=r.t(f"dice.player_{side}"), cap=MAX_DICE[side])
        capped[side] = min(totals[side], MAX_DICE[side])
    if any(chars[c]["action_die_bonus"] for c in chosen):
        r.step("dice.next_turn", "wotr-turn-phase-recover")
    return r.decide("dice.answer_count", {"fp": capped["free_peoples"], "shadow": capped["shadow"]},
                    free_peoples=capped["free_peoples"], shadow=capped["shadow"])


# -- elven-ring ----------------------------------------------------------------------------
# The first of these that applies is the reason given; every one that applies is explained.
RING_REFUSALS = Precedence("phase", "none-held", "used", "from-eye", "same-face", "no-such-face", "fp-wotw")


def _names_sides(raw) -> bool:
    """``used_this_turn`` written as the sides that used a ring (not as yes/no)."""
    return isinstance(raw, list) or (isinstance(raw, str) and _side_word(raw) is not None)


def _read_used(q, side: str | None) -> bool | None:
    """``used_this_turn``: yes/no, or the sides that have used a ring this turn; None when
    not given. Only this player's own use counts (one ring per player per turn)."""
    used_raw = q.get("used_this_turn")
    if used_raw is None:
        return None
    if isinstance(used_raw, bool):
        return used_raw
    if isinstance(used_raw, str) and names.normalize(used_raw) in YES_NO:
        return YES_NO[names.normalize(used_raw)]
    if isinstance(used_raw, (list, str)):
        sides = [used_raw] if isinstance(used_raw, str) else used_raw
        used = False
        for i, s in enumerate(sides):
            w = _side_word(s)
            if w is None:
                q.problems.add(q.at("used_this_turn") + ([i] if isinstance(used_raw, list) else []),
                               "core.err_choice", value=s, options="true, false, free-peoples, shadow")
            elif w == side:
                used = True
        return used
    q.problems.add(q.at("used_this_turn"), "core.err_bool")
    return None


@question(ELVEN_RING)
def elven_ring(position, q, r):
    """Using an Elven Ring to change one unused action die to another result, in the Action
    Resolution phase (phase 5).

    Official 2nd-edition rules (seed 000 'Acciones Especiales' agrees where it speaks): one
    ring per player per turn; the Free Peoples may not make a Will of the West; a die showing
    the Eye is in the Hunt Box and cannot be changed; the Shadow may turn a die into an Eye
    (it goes straight to the Hunt Box). A ring changes a die into another result of that
    side's dice: a face they do not have is refused (a die *showing* such a face is an
    unreadable question). ``held`` is how many rings this player holds: the Free Peoples
    start with all three (a default, named); the Shadow starts with none and holds only the
    rings the Free Peoples have used, so a Shadow question without ``held`` asks for it.
    """
    side, frm, to = q.param("side"), q.param("from"), q.param("to")
    used = _read_used(q, side)
    held = q.param("held")
    # A die showing a face the side's dice do not have is an impossible position, not a ruling.
    if side and frm and frm not in SIDE_FACES[side]:
        q.problems.add(q.at("from"), f"dice.err_face_{side}", face=frm)
    q.ready()
    side_name = r.t(f"dice.player_{side}")
    face_from, face_to = r.t(f"dice.face_{frm}"), r.t(f"dice.face_{to}")
    faces = {"from": face_from, "to": face_to}

    if position.phase is not None and position.phase != ACTION_RESOLUTION_PHASE:
        r.refuse("phase", "wotr-elven-rings", "dice.ring_phase", "dice.reason_ring_phase", phase=position.phase)
    if held == 0:
        r.refuse("none-held", "wotr-elven-rings", "dice.ring_none_held", "dice.reason_ring_none_held", side=side_name)
    if used:
        r.refuse("used", "wotr-elven-rings-one-per-turn", "dice.ring_used", "dice.reason_ring_used", side=side_name)
    if frm == "eye":
        r.refuse("from-eye", "wotr-elven-rings-shadow", "dice.ring_from_eye", "dice.reason_ring_from_eye")
    if frm == to:
        r.refuse("same-face", "wotr-elven-rings", "dice.ring_same_face", "dice.reason_ring_same_face")
    if side == "free_peoples" and to == "will-of-the-west":
        r.refuse("fp-wotw", "wotr-elven-rings-free-peoples", "dice.ring_no_wotw", "dice.reason_ring_no_wotw")
    elif to not in SIDE_FACES[side]:
        label = "wotr-elven-rings-free-peoples" if side == "free_peoples" else "wotr-elven-rings-shadow"
        r.refuse("no-such-face", label, f"dice.ring_no_face_{side}", "dice.reason_ring_no_face", **faces)
    if held:   # one ring is all a change needs
        r.unused("held", "dice.ring_held_enough", "wotr-elven-rings", held=held)
    if r.refusals:
        if any(f.id == "phase" for f in r.refusals):   # outside phase 5 no ring is used, whoever asks
            r.unused("side", "dice.ring_side_irrelevant_phase", "wotr-elven-rings")
        return r.decide_refused(RING_REFUSALS, "dice.answer_ring_no", faces, allowed=False)
    if held is None and side == "shadow":
        r.step("dice.ring_shadow_starts_without", "wotr-elven-rings-passing")
        return r.needs_info(["question.held"], "dice.needs_ring_held")
    if held is None:
        r.default("question.held", "dice.ring_fp_held_default", "wotr-elven-rings")
    if position.phase is None:
        r.default("position.turn.phase", "dice.ring_phase_default", "wotr-elven-rings")
    if used is None:
        r.default("question.used_this_turn", "dice.ring_not_used_default", "wotr-elven-rings-one-per-turn",
                  side=side_name)
    elif _names_sides(q.get("used_this_turn")):
        r.step("dice.ring_other_player_used", "wotr-elven-rings-one-per-turn", side=side_name)

    r.step("dice.ring_change", "wotr-elven-rings", side=side_name, **faces)
    if side == "shadow" and to == "eye":
        r.step("dice.ring_to_eye", "wotr-elven-rings-shadow")
    if side == "free_peoples":
        r.step("dice.ring_passes", "wotr-elven-rings-passing")
        then = "passes-to-shadow"
    else:
        r.step("dice.ring_discarded", "wotr-elven-rings-passing")
        then = "removed"
    return r.decide("dice.answer_ring_yes", faces, allowed=True, then=then)
