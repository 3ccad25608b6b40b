"""War of the Ring: after a battle, ``advance`` (seed 000 'Resolución de batallas', step 5, and
'Fortificaciones y Asentamientos'; the official 2nd-edition rules where the seed is silent).

A field battle won (the defender eliminated or retreated) lets the attacker move all or some
of the attacking units into the battle's region; a defender that retreated into its
Stronghold is then besieged. An attacker that ceases the attack advances nobody. A sortie
that wins holds the region again but does not move out of it, and a sortie that ceases goes
back into the Stronghold. The besiegers who win a siege are already in the region: the
Stronghold is captured, nobody advances.
"""
from __future__ import annotations

from adjudicator import names
from adjudicator.registry import question
from adjudicator.ruling import Precedence
from adjudicator.spec import Key, KindSpec, Param, Reach, T, allowed_key, side_param
from adjudicator.wotr import board
from adjudicator.wotr.armies import describe, listed, name_default, read_units, region_path, side_word
from adjudicator.wotr.model import other_side

GAME = "war-of-the-ring"
OUTCOMES = ("won", "into-stronghold", "ceased")
OUTCOME_LABELS = {
    "won": T("The defender was eliminated or retreated", "El defensor fue eliminado o se retiró"),
    "into-stronghold": T("The defender retreated into its Stronghold", "El defensor se retiró a su baluarte"),
    "ceased": T("The attacker ceased the attack", "El atacante cesó el ataque"),
}
OUTCOME_ALIASES = {"eliminated": "won", "retreated": "won", "win": "won", "ganada": "won", "gano": "won",
                   "siege": "into-stronghold", "asedio": "into-stronghold", "baluarte": "into-stronghold",
                   "cease": "ceased", "cesa": "ceased", "ceso": "ceased", "stopped": "ceased"}

ADVANCE = KindSpec(
    GAME, "advance", T("May the winning attacker advance, and with which units?",
                       "¿Puede avanzar el atacante vencedor, y con qué unidades?"),
    "board/battles",
    help=T("The position as the battle was fought; outcome says how it ended when the position still shows "
           "the defender.",
           "La posición tal como se libró la batalla; outcome dice cómo acabó cuando la posición aún muestra "
           "al defensor."),
    params=(
        Param("from", "region", T("Attacker's region", "Región del atacante"), required=True),
        # The battle's region: adjacent, or the same one for a siege or a sortie.
        Param("to", "region", T("Battle's region", "Región de la batalla"), required=True, reach=Reach("from", 0, 1)),
        side_param(T("Attacker's side (for a siege or a sortie)", "Bando atacante (en un asedio o una salida)")),
        Param("units", "units", T("Units that advance (default: all)", "Unidades que avanzan (por defecto: todas)"),
              help=T("YAML, e.g. {gondor: {regular: 2, leader: 1}}.",
                     "YAML, p. ej. {gondor: {regular: 2, leader: 1}}."),
              default_text=T("every attacking unit", "todas las unidades atacantes"), reader="read_units"),
        Param("outcome", "choice", T("How the battle ended", "Cómo acabó la batalla"), choices=OUTCOMES,
              choice_labels=OUTCOME_LABELS, aliases=OUTCOME_ALIASES,
              default_text=T("read from the position: no defending army left in the region means won",
                             "se lee de la posición: si no queda ejército defensor en la región, ganada")),
    ),
    verdict=(
        allowed_key(contract=True),
        Key("units", "count", T("Units that may advance", "Unidades que pueden avanzar"), contract=True),
        Key("besieges", "bool", T("Besieges the Stronghold", "Asedia el baluarte")),
        Key("captures", "bool", T("Captures the settlement", "Captura el asentamiento")),
    ),
    position=("regions",),
    rules=("wotr-battle-advance", "wotr-sortie", "wotr-battle-retreat-into-siege", "wotr-settlement-capture",
           "wotr-siege-continues"),
)
REFUSALS = Precedence("not-adjacent", "besieged", "ceased", "held", "sortie", "siege", "leader-alone")


@question(ADVANCE)
def advance(position, q, r):
    """Whether the attacker moves into the battle's region once the battle is over, and with
    how many units (all or the part given); the besieged who won a sortie, and the besiegers
    who won a siege, are already there."""
    src, dst, given_side, outcome = q.param("from"), q.param("to"), q.param("side"), q.param("outcome")
    if src is None or dst is None:
        q.ready()
    lang = r.lang
    state = position.region(src)
    same = src == dst
    if same and not state.besieged:
        q.problems.add(q.at("to"), "advance.err_same_not_siege", region=names.region_name(src, lang))
        q.ready()
    attacker = given_side or _attacker(position, src, same)
    if attacker is None:
        q.ready()
        if not listed(position, src):
            return r.needs_info([region_path(src, lang)], "movement.needs_army",
                                {"region": names.region_name(src, lang)})
        return r.needs_info(["question.side"], "advance.needs_side", {"region": names.region_name(src, lang)})
    present = position.army(src, attacker)
    moving = read_units(q, attacker, present, src, lang)
    if not present.is_army and listed(position, src):
        q.problems.add(q.at("from"), "movement.err_no_figures_side", region=names.region_name(src, lang),
                       side=side_word(attacker, lang))
    kind = ("sortie" if state.besieged == attacker else "siege") if same else "field"
    if outcome == "into-stronghold" and kind != "field":
        q.problems.add(q.at("outcome"), "advance.err_into_stronghold_siege")
    q.ready()
    if not present.is_army:
        return r.needs_info([region_path(src, lang, attacker)], "movement.needs_army",
                            {"region": names.region_name(src, lang)})
    src_name, dst_name = names.region_name(src, lang), names.region_name(dst, lang)
    r.mark("from", src)
    r.mark("to", dst)
    defender = other_side(attacker)
    if kind == "field" and not board.are_adjacent(src, dst):
        r.refuse("not-adjacent", "wotr-army-move-adjacency", "movement.refuse_not_adjacent",
                 "movement.reason_not_adjacent", src=src_name, dst=dst_name)
    if kind == "field" and state.besieged == attacker:
        r.refuse("besieged", "wotr-siege-besieged-army", "movement.refuse_besieged", "movement.reason_besieged",
                 region=src_name)
    if outcome is None:
        outcome = _outcome_from_position(position, r, dst, defender, kind, dst_name)
        if outcome is None:
            return r.needs_info(["question.outcome"], "advance.needs_outcome", {"region": dst_name})
    else:
        won_siege = kind == "siege" and outcome == "won"
        r.step("advance.outcome_won_siege" if won_siege else f"advance.outcome_{outcome.replace('-', '_')}",
               "wotr-battle-advance")
    verdict = {"units": 0, "besieges": False, "captures": False}
    if outcome == "ceased":
        if kind == "sortie":
            r.refuse("ceased", "wotr-sortie", "advance.sortie_ceased", "advance.reason_ceased", region=dst_name)
        elif kind == "siege":
            r.refuse("ceased", "wotr-siege-continues", "advance.siege_ceased", "advance.reason_ceased",
                     region=dst_name)
        else:
            r.refuse("ceased", "wotr-battle-advance", "advance.field_ceased", "advance.reason_ceased")
    elif kind == "sortie":
        r.refuse("sortie", "wotr-sortie", "advance.sortie_won", "advance.reason_sortie_won", region=dst_name)
    elif kind == "siege":
        r.refuse("siege", "wotr-siege", "advance.siege_won", "advance.reason_siege_won", region=dst_name)
        verdict["captures"] = True
        r.step("advance.siege_captures", "wotr-settlement-capture", region=dst_name)
    if r.refusals:
        return r.decide_refused(REFUSALS, "advance.answer_no", allowed=False, **verdict)
    return _field_advance(position, r, present, moving, attacker, dst, outcome, src_name, dst_name)


def _attacker(position, src: str, same: bool) -> str | None:
    """Who attacked: the side with an army in ``from``; when both have one there (a siege),
    the besiegers outside for a battle into another region, none for a siege or a sortie
    (``side`` says which)."""
    state = position.region(src)
    with_units = [s for s in ("free_peoples", "shadow") if state.army(s).is_army]
    if len(with_units) == 1:
        return with_units[0]
    if len(with_units) == 2 and not same and state.besieged:
        return other_side(state.besieged)
    return None


def _outcome_from_position(position, r, dst: str, defender: str, kind: str, dst_name: str) -> str | None:
    """How the battle ended, when the question does not say: no defending army left in the
    region (outside a Stronghold of its own) is a battle won; one still there is unknown."""
    state = position.region(dst)
    if not listed(position, dst):
        name_default(r, f"position.regions.{dst}", "advance.default_region", "wotr-battle-advance", region=dst_name)
    army = state.army(defender)
    inside = state.besieged == defender
    if army.is_army and (kind != "field" or not inside):
        r.step("advance.defender_still_there", "wotr-battle-advance", region=dst_name)
        return None
    r.default("question.outcome", "advance.defender_gone", "wotr-battle-advance", region=dst_name)
    return "won"


def _field_advance(position, r, present, moving, attacker: str, dst: str, outcome: str, src_name: str,
                   dst_name: str):
    lang = r.lang
    explicit = moving is not None
    part = moving if explicit else present
    if explicit and not part.is_army:
        r.refuse("leader-alone", "wotr-army-leaders-not-alone", "advance.no_units", "advance.reason_no_units")
        return r.decide_refused(REFUSALS, "advance.answer_no", allowed=False, units=0, besieges=False,
                                captures=False)
    if explicit:
        r.step("advance.part", "wotr-battle-advance", part=describe(part, lang), region=src_name)
    else:
        name_default(r, "question.units", "advance.default_units", "wotr-battle-advance", part=describe(part, lang))
    r.step("advance.may_advance", "wotr-battle-advance", region=dst_name, decides=True)
    if present.characters:
        r.step("advance.characters_optional", "wotr-army-characters-optional")
    besieges = outcome == "into-stronghold"
    if besieges:
        r.step("advance.besieges", "wotr-battle-retreat-into-siege", region=dst_name, decides=True)
    captures = not besieges and board.enemy_settlement(position, dst, attacker)
    if captures:
        r.step("advance.captures", "wotr-settlement-capture", region=dst_name)
    if position.region(dst).besieged == attacker:
        r.step("advance.relieves", "wotr-siege-lift", region=dst_name)
    return r.decide("advance.answer_yes", {"n": part.units, "region": dst_name}, allowed=True, units=part.units,
                    besieges=besieges, captures=captures)
