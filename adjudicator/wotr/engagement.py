"""War of the Ring: how a battle starts (seed 000 'Resolución de batallas', 'Fortificaciones y
Asentamientos'; official 2nd-edition rules where the seed is silent).

Who attacks whom, from where, and which kind of battle it is: a field battle between two
regions, a siege by the besiegers or a sortie by the besieged inside one; which figures fight
(nations not At War stay behind), the rearguard, the die used (Character die, the Mouth of
Sauron's Muster as Army), and every rule that forbids the battle, in the one precedence
:data:`BATTLE_REFUSALS`. Read the same way by ``battle`` (:mod:`adjudicator.wotr.battle`)
and ``battle-outcome`` (:mod:`adjudicator.wotr.whole_battle`).
"""
from __future__ import annotations

from typing import NamedTuple

from adjudicator import names
from adjudicator.ruling import Precedence, Ruling
from adjudicator.spec import Param, Reach, T, side_param
from adjudicator.wotr import board
from adjudicator.wotr import characters as chars_rules
from adjudicator.wotr.armies import (
    DIE_ALIASES,
    check_units_shape,
    choose_side,
    describe,
    listed,
    name_default,
    read_units,
    region_path,
    side_of_units,
    side_word,
)
from adjudicator.wotr.model import Army, Units, other_side
from adjudicator.wotr.political import political_default

TYPES = ("field", "siege", "sortie")
TYPE_ALIASES = {"campo": "field", "batalla-de-campo": "field", "field-battle": "field", "asedio": "siege",
                "salida": "sortie", "batalla-campal": "field", "campal": "field"}
TYPE_LABELS = {"field": T("Field battle", "Batalla de campo"), "siege": T("Siege", "Asedio"),
               "sortie": T("Sortie", "Salida")}
DIE_LABELS = {"army": T("Army", "Ejército"), "character": T("Character", "Personaje"),
              "muster": T("Muster (the Mouth of Sauron's ability)", "Alistar (habilidad de la Boca de Sauron)")}
GANDALF_WHITE = "gandalf-the-white"
TYPE_RULE = {"siege": "wotr-siege-battle", "sortie": "wotr-sortie", "field": "wotr-battle-start"}
BATTLE_REFUSALS = Precedence("non-belligerent", "no-units", "leaders-alone", "besieged-attacks-out", "not-adjacent",
                             "besieged-from-outside", "siege-same-region", "no-defender", "character-die",
                             "muster-die", "mouth-absent", "mouth-used")


def battle_params() -> tuple[Param, ...]:
    """The parameters that say which battle is fought (``battle`` and ``battle-outcome``)."""
    return (
        Param("from", "region", T("Attacker's region", "Región del atacante"), required=True),
        # Against an adjacent region, or inside the same one (a siege, a sortie).
        Param("to", "region", T("Defender's region (the same for a siege or a sortie)",
                                "Región del defensor (la misma en un asedio o una salida)"), required=True,
              reach=Reach("from", 0, 1)),
        Param("type", "choice", T("Type of battle", "Tipo de batalla"), choices=TYPES, choice_labels=TYPE_LABELS,
              aliases=TYPE_ALIASES,
              default_text=T("from the position: a field battle between two regions; in a besieged Stronghold, a "
                             "sortie when the side given is the besieged one, a siege when it is the besieger, and "
                             "a question back when no side is given",
                             "según la posición: batalla de campo entre dos regiones; en un baluarte asediado, salida "
                             "si el bando dado es el asediado, asedio si es el sitiador, y una pregunta de vuelta si "
                             "no se da el bando")),
        side_param(T("Attacking side (if both have figures there)", "Bando atacante (si ambos tienen figuras allí)")),
        Param("units", "units", T("Units that attack (default: all)", "Unidades que atacan (por defecto: todas)"),
              help=T("YAML, e.g. {rohan: {regular: 3, leader: 1}}.", "YAML, p. ej. {rohan: {regular: 3, leader: 1}}."),
              default_text=T("the whole army", "todo el ejército"), reader="read_units"),
        Param("die", "choice", T("Die used to attack", "Dado usado para atacar"),
              choices=("army", "character", "muster"), choice_labels=DIE_LABELS, aliases=DIE_ALIASES,
              default_text=T("an Army die", "un dado de Ejército")),
        Param("muster_as_army_used", "bool",
              T("The Mouth of Sauron's Muster-as-Army was already used this turn",
                "Ya se usó este turno el Alistar como Ejército de la Boca de Sauron"),
              help=T("Only with die: muster.", "Solo con die: muster."), default=False),
        Param("cancel_nazgul_leadership", "bool",
              T("Gandalf the White cancels the Nazgûl's Leadership",
                "Gandalf el Blanco anula el Liderazgo de los Nazgûl"),
              help=T("He gives up his own Leadership for the whole battle; only with Gandalf the White in it.",
                     "Renuncia a su propio Liderazgo durante toda la batalla; solo si Gandalf el Blanco está en ella."),
              default_text=T("not used: the odds are given without it, and a step says the Free Peoples may choose it",
                             "no se usa: las probabilidades se dan sin ella, y un paso dice que los Pueblos Libres "
                             "pueden elegirla")),
    )


class Engagement(NamedTuple):
    """A battle that may be fought: who attacks whom, where, and which kind of battle."""
    kind: str                 # field, siege or sortie
    side: str                 # the attacker's side
    src: str
    dst: str
    attacker: Army            # the figures that fight (units of nations not At War stay behind)
    defender: Army
    cancel: bool | None = None   # cancel_nazgul_leadership as given (None: not said)

    @property
    def enemy(self) -> str:
        return other_side(self.side)

    def army_of(self, side: str) -> Army:
        return self.attacker if side == self.side else self.defender


# -- which figures fight -------------------------------------------------------------------------
def fighting_part(position, army: Army, r, *, role: str) -> Army:
    """The figures that fight: units and Leaders of nations not At War stay behind when
    attacking (they may defend). Characters and Nazgûl are always at war. Each nation's
    marker is read with its default named."""
    if role != "attacker":
        return army
    kept: dict[str, Units] = {}
    for nation, u in army.nations.items():
        if not (u.count or u.leader) or political_default(r, position, nation).at_war:
            kept[nation] = u
        else:
            r.step("battle.non_belligerent_stays", "wotr-politics-non-belligerent",
                   nation=names.nation_name(nation, r.lang), part=describe(Army({nation: u}), r.lang))
    return Army(kept, army.nazgul, army.characters)


# -- reading the battle --------------------------------------------------------------------------
def read_engagement(position, q, r) -> Engagement | Ruling:
    """Read the battle parameters (the caller reads its own first: this calls ``q.ready()``),
    with the steps that say who attacks and which kind of battle it is, and the defaults the
    answer leans on, named. A battle that may not be fought is a ruling: ``allowed: false``
    with the rule, or ``needs-info``."""
    src, dst, given_type = q.param("from"), q.param("to"), q.param("type")
    die, given_side = q.param("die"), q.param("side")
    mouth_used = q.param("muster_as_army_used") if q.has("muster_as_army_used") else None
    cancel = q.param("cancel_nazgul_leadership")
    if given_side is None and isinstance(q.raw, dict) and q.raw.get("units") is not None:
        given_side = side_of_units(q.raw.get("units"))   # the units say whose attack it is
    if src is None or dst is None:
        check_units_shape(q, given_side)
        q.ready()
    lang = r.lang
    src_name, dst_name = names.region_name(src, lang), names.region_name(dst, lang)
    src_state = position.region(src)
    r.mark("from", src)
    r.mark("to", dst)

    # Who attacks, and which kind of battle.
    if src == dst:
        found = _same_region(position, q, r, src, given_type, given_side)
        if isinstance(found, Ruling):
            return found
        kind, side = found
    else:
        kind = "field"
        side = _field_side(position, r, src, dst, given_side)
        if side is None:
            q.ready()
            if given_type in ("siege", "sortie"):
                return _siege_elsewhere(position, r, dst, given_type)
            if not listed(position, src):
                return r.needs_info([region_path(src, lang)], "battle.needs_attacker", {"region": src_name})
            return r.needs_info(["question.side"], "battle.needs_side", {"region": src_name})

    present = position.army(src, side)
    part = read_units(q, side, present, src, lang)
    check_besieged_limit(position, q, r, src)
    if dst != src:
        check_besieged_limit(position, q, r, dst)
    q.ready()
    enemy = other_side(side)
    if present.is_empty and not listed(position, src):
        return r.needs_info([region_path(src, lang, side)], "battle.needs_attacker", {"region": src_name})

    r.step("battle.attacker_is", "wotr-battle-start", side=side_word(side, lang), region=src_name,
           army=describe(part or present, lang))
    if part is None:
        name_default(r, "question.units", "battle.default_units", "wotr-battle-attacking-army",
                     part=describe(present, lang), region=src_name)
    else:
        _rearguard_check(present, part, r, src_name)

    chosen = part if part is not None else present
    attacker = fighting_part(position, chosen, r, role="attacker")
    if not attacker.is_army:
        if chosen.is_army:
            idle = sorted(n for n, u in chosen.nations.items() if u.count and not position.at_war(n))
            r.refuse("non-belligerent", "wotr-politics-non-belligerent", "battle.refuse_non_belligerent",
                     "battle.reason_non_belligerent", nations=", ".join(names.nation_name(n, lang) for n in idle))
        else:
            r.refuse("no-units", "wotr-battle-attacking-army", "battle.refuse_no_units", "battle.reason_no_units")

    # The defender.
    dst_state = position.region(dst)
    if kind == "field":
        if given_type in ("siege", "sortie"):
            r.refuse("siege-same-region", TYPE_RULE[given_type], "battle.siege_needs_same_region",
                     "battle.reason_siege_same_region")
        if src_state.besieged == side:
            r.refuse("besieged-attacks-out", "wotr-siege-besieged-army", "battle.refuse_besieged_attacks_out",
                     "battle.reason_besieged_attacks_out", region=src_name)
        if not board.are_adjacent(src, dst):
            r.refuse("not-adjacent", "wotr-battle-start", "battle.refuse_not_adjacent", "battle.reason_not_adjacent",
                     src=src_name, dst=dst_name)
        if dst_state.besieged == enemy:
            r.refuse("besieged-from-outside", "wotr-siege-besieged-army", "battle.refuse_besieged_from_outside",
                     "battle.reason_besieged_from_outside", region=dst_name)
        elif dst_state.besieged == side:
            r.step("battle.relief", "wotr-siege-relief", region=dst_name)
    elif kind == "siege":
        r.step("battle.siege", "wotr-siege-battle", region=dst_name)
    else:
        r.step("battle.sortie", "wotr-sortie", region=dst_name)
    defender = dst_state.army(enemy)
    if not defender.is_army:
        if defender.is_empty and not listed(position, dst):
            return r.needs_info([region_path(dst, lang, enemy)], "battle.needs_defender", {"region": dst_name})
        r.refuse("no-defender", "wotr-battle-start", "battle.refuse_no_defender", "battle.reason_no_defender",
                 region=dst_name)

    _die_checks(position, r, die, attacker, side, mouth_used)
    if r.refusals:
        return r.decide_refused(BATTLE_REFUSALS, "battle.answer_no", allowed=False, type=kind)
    _gandalf_in_battle(q, r, attacker, defender, side, cancel)
    return Engagement(kind, side, src, dst, attacker, defender, cancel)


def _same_region(position, q, r, src: str, given_type: str | None, given_side: str | None):
    """A battle inside one region: a siege (by the besiegers) or a sortie (by the besieged).
    Returns (kind, side) or a ruling. The type read from the side given is a default, named."""
    src_name = names.region_name(src, r.lang)
    state = position.region(src)
    if not state.besieged:
        q.ready()
        r.step("battle.same_region_no_siege", "wotr-battle-start", region=src_name)
        return r.decide("battle.answer_no", {"reason": r.t("battle.reason_same_region", region=src_name)},
                        allowed=False, type=given_type)
    inside = state.besieged
    if given_type is None and given_side is not None:
        given_type = "sortie" if given_side == inside else "siege"
        name_default(r, "question.type", f"battle.default_type_{given_type}", TYPE_RULE[given_type],
                     region=src_name, side=side_word(given_side, r.lang))
    if given_type is None:
        q.ready()
        return r.needs_info(["question.type"], "battle.needs_type", {"region": src_name})
    if given_type == "field":
        q.ready()
        r.step("battle.field_same_region", "wotr-sortie", region=src_name)
        return r.decide("battle.answer_no", {"reason": r.t("battle.reason_field_same_region")},
                        allowed=False, type="field")
    side = other_side(inside) if given_type == "siege" else inside
    if given_side is not None and given_side != side:
        q.ready()
        r.step(f"battle.wrong_side_{given_type}", TYPE_RULE[given_type], region=src_name)
        return r.decide("battle.answer_no", {"reason": r.t(f"battle.reason_wrong_side_{given_type}")},
                        allowed=False, type=given_type)
    return given_type, side


def _field_side(position, r, src: str, dst: str, given_side: str | None) -> str | None:
    """The attacker of a field battle: the side given, or the one with units in ``from``
    facing an enemy army in ``to``."""
    if given_side is not None:
        return given_side
    cands = [s for s in ("free_peoples", "shadow")
             if position.army(src, s).is_army and position.army(dst, other_side(s)).is_army]
    if len(cands) == 1:
        return cands[0]
    return choose_side(position, src, None, r, prefer_besieged=False)


def _rearguard_check(present: Army, chosen: Army, r, region_name: str) -> None:
    """Splitting an army to attack leaves a rearguard that must hold a unit: Leaders never
    stay behind alone (characters and Nazgûl may)."""
    left_units = present.units - chosen.units
    left_leaders = present.leaders - chosen.leaders
    if left_leaders > 0 and left_units <= 0:
        r.refuse("leaders-alone", "wotr-army-leaders-not-alone", "battle.refuse_leaders_alone",
                 "battle.reason_leaders_alone", n=left_leaders, region=region_name)


def check_besieged_limit(position, q, r, region: str) -> None:
    """A besieged stronghold holds at most 5 units: a position with more inside cannot arise
    (the excess is removed when the siege begins), so it is a problem at its path."""
    state = position.region(region)
    if state.besieged and state.army(state.besieged).units > board.BESIEGED_STACKING_LIMIT:
        q.problems.add(region_path(region, r.lang, state.besieged), "battle.err_besieged_over_limit",
                       region=names.region_name(region, r.lang), units=state.army(state.besieged).units,
                       limit=board.BESIEGED_STACKING_LIMIT)


def _die_checks(position, r, die: str | None, attacker: Army, side: str, mouth_used: bool | None) -> None:
    """A Character die attacks only with a Leader or a character in the army (an Isengard
    Elite while Saruman is in play); a Muster die only by the Mouth of Sauron's ability."""
    led = chars_rules.leads_attack(position, attacker)
    if die == "character":
        if led:
            r.step("battle.character_die_led", "wotr-dice-character")
            if chars_rules.elites_as_leaders(position, attacker) and not (
                    attacker.leaders or attacker.nazgul or attacker.characters):
                r.step("battle.character_die_elites", "wotr-char-saruman-elites")
        else:
            r.refuse("character-die", "wotr-dice-character", "battle.refuse_character_die",
                     "battle.reason_character_die")
    elif die == "muster":
        chars_rules.muster_as_army(position, r, side, mouth_used, "battle")
    elif die is None and not led and attacker.is_army:
        name_default(r, "question.die", "battle.default_die", "wotr-dice-army")


def _gandalf_in_battle(q, r, attacker: Army, defender: Army, side: str, cancel: bool | None) -> None:
    """``cancel_nazgul_leadership: true`` needs Gandalf the White among the figures that fight."""
    fp = attacker if side == "free_peoples" else defender
    if cancel and GANDALF_WHITE not in fp.characters:
        q.problems.add(q.at("cancel_nazgul_leadership"), "battle.err_no_gandalf_white",
                       who=names.character_name(GANDALF_WHITE, r.lang))
        q.problems.raise_if_any()


def _siege_elsewhere(position, r, dst: str, given_type: str) -> Ruling:
    """``type: siege`` (or ``sortie``) between two regions, nobody named as attacker: refused,
    with the besieged stronghold's own rule when the target is one."""
    r.refuse("siege-same-region", TYPE_RULE[given_type], "battle.siege_needs_same_region",
             "battle.reason_siege_same_region")
    if position.region(dst).besieged:
        r.refuse("besieged-from-outside", "wotr-siege-besieged-army", "battle.refuse_besieged_from_outside",
                 "battle.reason_besieged_from_outside", region=names.region_name(dst, r.lang))
    return r.decide_refused(BATTLE_REFUSALS, "battle.answer_no", allowed=False, type=given_type)


def politics_of_attack(position, e: Engagement, r) -> None:
    """The step for nations not At War that the attack moves on the Political Track (each
    marker read with its default named)."""
    attacked = sorted(n for n, u in e.defender.nations.items()
                      if u.count and not political_default(r, position, n).at_war)
    if attacked:
        r.step("battle.politics_attacked", "wotr-politics-advance-attacked",
               nations=", ".join(names.nation_name(n, r.lang) for n in attacked))
