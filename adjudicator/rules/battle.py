"""War of the Ring: battles, sieges, sorties and retreats (seed 000 'Resolución de batallas',
'Fortificaciones y Asentamientos'; official 2nd-edition rules where the seed is silent).

Kinds: ``battle`` (the dice of one combat round: how many, what hits, how many re-rolls,
and the exact chance of each number of hits) and ``retreat`` (where a defender may go); the
whole battle fought to its end is :mod:`adjudicator.rules.whole_battle` (``battle-outcome``),
which reads the battle the same way (:func:`read_engagement`).

Characters' abilities counted: Captains of the West, Saruman's Isengard Elites as Leaders,
Gandalf the White cancelling the Nazgûl's Leadership (``cancel_nazgul_leadership``), the
Mouth of Sauron's Muster result used as an Army result. Not modelled, and said in a step:
combat cards, and the Witch-king's extra card after one. One round per question; the
casualties are the players' choice. Every default the answer leans on is named
(:meth:`adjudicator.ruling.RulingBuilder.default`).
"""
from __future__ import annotations

from fractions import Fraction
from typing import NamedTuple

from adjudicator import data, names
from adjudicator.model import Army, Units, other_side
from adjudicator.params import side_value
from adjudicator.registry import question
from adjudicator.rules import board
from adjudicator.rules import characters as chars_rules
from adjudicator.rules.armies import (
    DIE_ALIASES,
    check_units_shape,
    choose_side,
    describe,
    listed,
    name_default,
    name_defaults,
    read_units,
    region_path,
    side_of_units,
    side_word,
)
from adjudicator.rules.odds import hits_distribution
from adjudicator.rules.politics import political_default
from adjudicator.ruling import Precedence, Ruling, fraction_text, probability
from adjudicator.spec import Key, KindSpec, Param, T, allowed_key, side_param

GAME = "war-of-the-ring"
TYPES = ("field", "siege", "sortie")
TYPE_ALIASES = {"campo": "field", "batalla-de-campo": "field", "field-battle": "field", "asedio": "siege",
                "salida": "sortie", "batalla-campal": "field", "campal": "field"}
TYPE_LABELS = {"field": T("Field battle", "Batalla de campo"), "siege": T("Siege", "Asedio"),
               "sortie": T("Sortie", "Salida")}
DIE_LABELS = {"army": T("Army", "Ejército"), "character": T("Character", "Personaje"),
              "muster": T("Muster (the Mouth of Sauron's ability)", "Alistar (habilidad de la Boca de Sauron)")}
SIDE_DICE = T("{dice, hit_on, rerolls, p_hits}: p_hits[k] is the chance of exactly k hits this round, re-rolls included",
              "{dice, hit_on, rerolls, p_hits}: p_hits[k] es la probabilidad de exactamente k impactos en la ronda, "
              "con las repeticiones")
GANDALF_WHITE = "gandalf-the-white"


def battle_params() -> tuple[Param, ...]:
    """The parameters that say which battle is fought (``battle`` and ``battle-outcome``)."""
    return (
        Param("from", "region", T("Attacker's region", "Región del atacante"), required=True),
        Param("to", "region", T("Defender's region (the same for a siege or a sortie)",
                                "Región del defensor (la misma en un asedio o una salida)"), required=True),
        Param("type", "choice", T("Type of battle", "Tipo de batalla"), choices=TYPES, choice_labels=TYPE_LABELS,
              aliases=TYPE_ALIASES, default_text=T("from the position: a sortie when the side given is the one "
                                                   "besieged, a siege otherwise, a field battle between two regions",
                                                   "según la posición: salida si el bando dado es el asediado, asedio "
                                                   "si no, batalla de campo entre dos regiones")),
        side_param(T("Attacking side (if both have figures there)", "Bando atacante (si ambos tienen figuras allí)")),
        Param("units", "units", T("Units that attack (default: all)", "Unidades que atacan (por defecto: todas)"),
              help=T("YAML, e.g. {rohan: {regular: 3, leader: 1}}.", "YAML, p. ej. {rohan: {regular: 3, leader: 1}}."),
              default_text=T("the whole army", "todo el ejército"), reader="read_units"),
        Param("die", "choice", T("Die used to attack", "Dado usado para atacar"),
              choices=("army", "character", "muster"), choice_labels=DIE_LABELS, aliases=DIE_ALIASES, default_text=T("an Army die", "un dado de Ejército")),
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


IF_CANCELLED_WHEN = T("when Gandalf the White is in the battle against Nazgûl Leadership and "
                      "cancel_nazgul_leadership is not given: the answer if the Free Peoples use his ability",
                      "cuando Gandalf el Blanco está en la batalla frente al Liderazgo de los Nazgûl y no se da "
                      "cancel_nazgul_leadership: la respuesta si los Pueblos Libres usan su habilidad")

BATTLE = KindSpec(
    GAME, "battle", T("How does this battle go?", "¿Cómo va esta batalla?"), "board/battles",
    params=(*battle_params(), Param("round", "int", T("Round", "Ronda"), default=1, lo=1, hi=50)),
    verdict=(
        allowed_key(contract=True),
        Key("type", "choice", T("Type", "Tipo"), choices=TYPES, nullable=True,
            null_means=T("no battle (when refused)", "ninguna batalla (si se niega)"), contract=True),
        Key("attacker", "dice-side", T("Attacker", "Atacante"), nullable=True,
            null_means=T("no battle is fought", "no se libra ninguna batalla"), contract=True),
        Key("defender", "dice-side", T("Defender", "Defensor"), nullable=True,
            null_means=T("no battle is fought", "no se libra ninguna batalla"), contract=True),
        Key("round", "count", T("Round", "Ronda"), always=False, when=T("when allowed", "si se permite")),
        Key("side", "side", T("Attacking side", "Bando atacante"), always=False, when=T("when allowed", "si se permite")),
        Key("if_cancelled", "mapping", T("If Gandalf the White cancels the Nazgûl's Leadership",
                                         "Si Gandalf el Blanco anula el Liderazgo de los Nazgûl"),
            always=False, when=T(IF_CANCELLED_WHEN.en + " ({attacker, defender}, each as above)",
                                 IF_CANCELLED_WHEN.es + " ({attacker, defender}, cada uno como arriba)")),
    ),
    position=("regions", "politics"),
    rules=("wotr-battle", "wotr-battle-start", "wotr-battle-combat-strength", "wotr-battle-hit",
           "wotr-battle-leader-reroll", "wotr-battle-leadership", "wotr-battle-city-fortification",
           "wotr-siege-battle", "wotr-sortie", "wotr-siege-relief", "wotr-battle-captain-of-the-west",
           "wotr-battle-attacking-army", "wotr-char-saruman-elites", "wotr-char-gandalf-white-nazgul"),
)
BATTLE_REFUSALS = Precedence("non-belligerent", "no-units", "leaders-alone", "besieged-attacks-out", "not-adjacent",
                             "besieged-from-outside", "siege-same-region", "no-defender", "character-die",
                             "muster-die", "mouth-absent", "mouth-used")

RETREAT = KindSpec(
    GAME, "retreat", T("Where can the defender retreat?", "¿Adónde puede retirarse el defensor?"), "board/battles",
    params=(
        Param("region", "region", T("Defender's region", "Región del defensor"), required=True),
        Param("from", "region", T("Defender's region", "Región del defensor"), form=False,
              help=T("Another name for region.", "Otro nombre de region.")),
        Param("to", "region", T("Retreat to (optional)", "Retirarse a (opcional)")),
        side_param(T("Retreating side (if both have figures there)", "Bando que se retira (si ambos tienen figuras allí)")),
    ),
    verdict=(
        allowed_key(contract=True),
        Key("into_stronghold", "bool", T("Into the stronghold", "Al interior del Baluarte"), contract=True),
        Key("destinations", "region-ids", T("Destinations", "Destinos"), contract=True),
        Key("stronghold_excess", "count", T("Units over the stronghold's limit", "Unidades por encima del límite del baluarte"),
            always=False, when=T("when the army may retreat into the stronghold", "si el ejército puede retirarse al baluarte")),
        Key("excess", "count", T("Units over the stacking limit", "Unidades por encima del límite de apilamiento"),
            always=False, when=T("with to, when allowed", "con to, si se permite")),
    ),
    position=("regions", "politics"),
    rules=("wotr-battle-retreat", "wotr-battle-retreat-into-siege", "wotr-siege-stacking"),
)
NORMAL_HIT = 5
HARD_HIT = 6


# -- the figures that fight, their dice and their Leadership ---------------------------------------
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


class SideDice(NamedTuple):
    """One army's dice for a round, before any step is written."""
    units: int
    strength: int
    dice: int
    captains: tuple[str, ...]
    leadership: int
    rerolls: int


def side_dice(position, army: Army, side: str, *, cancel: bool = False) -> SideDice:
    """Dice = units + Captains of the West (Free Peoples only), at most 5; re-rolls = the
    army's Leadership (characters.leadership: Isengard Elites while Saruman is in play, the
    Nazgûl cancelled by Gandalf the White), at most 5 and never more than the dice."""
    chars = data.characters()
    captains = tuple(c for c in army.characters if side == "free_peoples" and chars[c]["combat_strength_bonus"])
    strength = army.units + sum(chars[c]["combat_strength_bonus"] for c in captains)
    dice = min(board.MAX_COMBAT_DICE, strength)
    lead = max(0, chars_rules.leadership(position, army, cancel_nazgul_leadership=cancel))
    return SideDice(army.units, strength, dice, captains, lead, min(lead, board.MAX_LEADERSHIP, dice))


def isengard_elites(army: Army) -> int:
    units = army.nations.get("isengard")
    return units.elite if units else 0


def elites_lead_step(position, army: Army, r, who: str) -> int:
    """Say whether the army's Isengard Elites count as Leaders (Saruman in play); when the
    position leaves Orthanc out, that Saruman is not in play is a default, named."""
    elites = isengard_elites(army)
    if not elites:
        return 0
    saruman = names.character_name("saruman", r.lang)
    if chars_rules.saruman_in_play(position):
        r.step("battle.elites_lead", "wotr-char-saruman-elites", who=who, n=elites, saruman=saruman)
        return elites
    if "orthanc" not in position.regions:
        name_default(r, "position.regions.orthanc", "battle.default_no_saruman", "wotr-char-saruman-elites",
                     who=who, n=elites, saruman=saruman, region=names.region_name("orthanc", r.lang))
    else:
        r.step("battle.elites_no_saruman", "wotr-char-saruman-elites", who=who, n=elites, saruman=saruman)
    return 0


def combat_dice(position, army: Army, side: str, r, *, role: str, cancel: bool = False) -> tuple[int, int]:
    """(dice, re-rolls) for one round, with the steps that explain them."""
    chars = data.characters()
    s = side_dice(position, army, side, cancel=cancel)
    who = r.t(f"battle.{role}")
    r.step("battle.strength", "wotr-battle-combat-strength", who=who, units=s.units, strength=s.strength,
           dice=s.dice, max=board.MAX_COMBAT_DICE)
    if s.captains:
        r.step("battle.captains", "wotr-battle-captain-of-the-west", who=who,
               names=", ".join(names.character_name(c, r.lang) for c in s.captains), bonus=len(s.captains))
    if GANDALF_WHITE in army.characters and side == "free_peoples":
        r.step("battle.gandalf_white_no_captain", "wotr-battle-captain-of-the-west",
               who=names.character_name(GANDALF_WHITE, r.lang))
    elites = elites_lead_step(position, army, r, who)
    parts = []
    if army.leaders:
        parts.append(r.t("battle.lead_leaders", n=army.leaders))
    if elites:
        parts.append(r.t("battle.lead_elites", n=elites))
    if army.nazgul and not cancel:
        parts.append(r.t("battle.lead_nazgul", n=army.nazgul))
    for c in army.characters:
        cancelled = cancel and (chars[c]["is_nazgul"] or c == GANDALF_WHITE)
        if chars[c]["leadership"] and not cancelled:
            parts.append(f"{names.character_name(c, r.lang)} {chars[c]['leadership']}")
    if parts:
        r.step("battle.leadership", "wotr-battle-leadership", who=who, lead=s.leadership, parts=" + ".join(parts),
               rerolls=s.rerolls, max=board.MAX_LEADERSHIP)
    else:
        r.step("battle.no_leadership", "wotr-battle-leadership", who=who)
    return s.dice, s.rerolls


def odds(dice: int, hit_on: int, rerolls: int) -> dict:
    dist = hits_distribution(dice, hit_on, rerolls) if dice else (Fraction(1),)
    return {"dice": dice, "hit_on": hit_on, "rerolls": rerolls,
            "p_hits": [probability(p) for p in dist], "p_hits_exact": [fraction_text(p) for p in dist]}


def expected(dist_side: dict) -> Fraction:
    """The mean number of hits."""
    exact = [Fraction(p) for p in dist_side["p_hits_exact"]]
    return sum((k * p for k, p in enumerate(exact)), Fraction(0))


def p_any(dist_side: dict) -> Fraction:
    """The chance of at least one hit."""
    return 1 - Fraction(dist_side["p_hits_exact"][0])


def _both_sides_always(fn):
    """The contract lists `attacker` and `defender` among a battle's verdict keys: a battle
    that may not be fought has no dice, so both are null rather than absent."""
    import functools

    @functools.wraps(fn)
    def handler(position, q, r):
        ruling = fn(position, q, r)
        if ruling is not None and ruling.verdict.get("status") == "decided":
            ruling.verdict.setdefault("attacker", None)
            ruling.verdict.setdefault("defender", None)
        return ruling
    return handler


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


# -- reading the battle --------------------------------------------------------------------------
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


TYPE_RULE = {"siege": "wotr-siege-battle", "sortie": "wotr-sortie", "field": "wotr-battle-start"}


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


def _check_besieged_limit(position, q, r, region: str) -> None:
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
            r.refuse("character-die", "wotr-dice-character", "battle.refuse_character_die", "battle.reason_character_die")
    elif die == "muster":
        _muster_as_army(position, r, side, mouth_used)
    elif die is None and not led and attacker.is_army:
        name_default(r, "question.die", "battle.default_die", "wotr-dice-army")


def _muster_as_army(position, r, side: str, used: bool | None) -> None:
    """The Mouth of Sauron's card: once per turn a Muster result is used as an Army result,
    which may attack like any Army result."""
    mouth = chars_rules.mid_sentence_name("mouth-of-sauron", r.lang)
    if side != "shadow":
        r.refuse("muster-die", "wotr-dice-muster", "battle.refuse_muster_die_fp", "battle.reason_muster_die_fp")
        r.step("movement.mouth_muster_shadow_only", "wotr-char-mouth-muster", mouth=mouth)
    elif not chars_rules.mouth_in_play(position):
        name_default(r, "position.regions", "movement.default_no_mouth", "wotr-char-mouth-muster",
                     Mouth=names.character_name("mouth-of-sauron", r.lang))
        r.refuse("mouth-absent", "wotr-char-mouth-muster", "movement.refuse_mouth_absent", "battle.reason_mouth_absent",
                 mouth=mouth)
    elif used:
        r.refuse("mouth-used", "wotr-char-mouth-muster", "movement.refuse_mouth_used", "movement.reason_mouth_used",
                 mouth=mouth)
    else:
        if used is None:
            name_default(r, "question.muster_as_army_used", "movement.default_mouth_unused", "wotr-char-mouth-muster",
                         mouth=mouth)
        r.step("battle.mouth_muster_as_army", "wotr-char-mouth-muster",
               Mouth=names.character_name("mouth-of-sauron", r.lang))


def _gandalf_in_battle(q, r, attacker: Army, defender: Army, side: str, cancel: bool | None) -> None:
    """``cancel_nazgul_leadership: true`` needs Gandalf the White among the figures that fight."""
    fp = attacker if side == "free_peoples" else defender
    if cancel and GANDALF_WHITE not in fp.characters:
        q.problems.add(q.at("cancel_nazgul_leadership"), "battle.err_no_gandalf_white",
                       who=names.character_name(GANDALF_WHITE, r.lang))
        q.problems.raise_if_any()


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
    _check_besieged_limit(position, q, r, src)
    if dst != src:
        _check_besieged_limit(position, q, r, dst)
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


# -- characters' abilities in a battle -----------------------------------------------------------
def nazgul_cancelled(position, e: Engagement, r) -> tuple[bool, bool]:
    """Gandalf the White's choice, with its steps: (cancelled in these odds, the Free Peoples
    may still choose it). Not given while it could matter: the odds are without it, a
    default named."""
    fp, shadow = e.army_of("free_peoples"), e.army_of("shadow")
    gandalf = GANDALF_WHITE in fp.characters
    nazgul = chars_rules.nazgul_leadership(shadow)
    params = {"gandalf": names.character_name(GANDALF_WHITE, r.lang), "n": nazgul}
    if not gandalf:
        return False, False
    if e.cancel:
        key = "battle.nazgul_cancelled" if nazgul else "battle.nazgul_cancelled_none"
        r.step(key, "wotr-char-gandalf-white-nazgul", decides=False, **params)
        return True, False
    if not nazgul:
        return False, False
    if e.cancel is False:
        r.step("battle.nazgul_not_cancelled", "wotr-char-gandalf-white-nazgul", **params)
        return False, False
    name_default(r, "question.cancel_nazgul_leadership", "battle.default_no_cancel", "wotr-char-gandalf-white-nazgul",
                 **params)
    return False, True


def witch_king_card_step(e: Engagement, r) -> None:
    """The Witch-king's extra card after a combat card in the first round: combat cards are
    not modelled, so that part of the battle is not covered (said, not guessed)."""
    if "witch-king" in e.army_of("shadow").characters:
        r.step("battle.witch_king_card_not_covered", "wotr-char-witch-king-card",
               who=names.character_name("witch-king", r.lang))


def hit_numbers(position, e: Engagement, r, rnd: int, *, round_given: bool) -> tuple[int, int]:
    """What each side hits on in round ``rnd``, with the step that says why."""
    dst_name = names.region_name(e.dst, r.lang)
    settlement = board.settlement(e.dst)
    if e.kind == "siege":
        r.step("battle.siege_hits", "wotr-siege-battle")
        if rnd > 1:
            r.step("battle.siege_later_round", "wotr-siege-extend", round=rnd)
        return HARD_HIT, NORMAL_HIT
    if e.kind == "sortie":
        r.step("battle.sortie_hits", "wotr-sortie")
        return NORMAL_HIT, NORMAL_HIT
    if settlement in ("city", "fortification"):
        name = r.t(f"battle.settlement_{settlement}")
        if not round_given:
            name_default(r, "question.round", "battle.default_round", "wotr-battle-city-fortification")
        if rnd == 1:
            r.step("battle.city_first_round", "wotr-battle-city-fortification", region=dst_name, what=name)
            return HARD_HIT, NORMAL_HIT
        r.step("battle.city_later_round", "wotr-battle-city-fortification", region=dst_name, what=name, round=rnd)
        return NORMAL_HIT, NORMAL_HIT
    if (settlement == "stronghold" and position.region(e.dst).besieged is None
            and position.controller(e.dst) == e.enemy):
        r.step("battle.stronghold_field", "wotr-siege-choice", region=dst_name)
    else:
        r.step("battle.plain_hits", "wotr-battle-hit")
    return NORMAL_HIT, NORMAL_HIT


@question(BATTLE)
@_both_sides_always
def battle(position, q, r):
    rnd = q.param("round")
    round_given = q.has("round") and q.get("round") is not None
    e = read_engagement(position, q, r)
    if isinstance(e, Ruling):
        return e
    cancel, may_cancel = nazgul_cancelled(position, e, r)
    att_hit, def_hit = hit_numbers(position, e, r, rnd, round_given=round_given)
    att_dice, att_rerolls = combat_dice(position, e.attacker, e.side, r, role="attacker", cancel=cancel)
    def_dice, def_rerolls = combat_dice(position, e.defender, e.enemy, r, role="defender", cancel=cancel)
    r.step("battle.natural_rolls", "wotr-battle-natural-rolls")
    a = odds(att_dice, att_hit, att_rerolls)
    d = odds(def_dice, def_hit, def_rerolls)
    r.step("battle.odds", "wotr-battle-leader-reroll", who=r.t("battle.attacker"), dice=att_dice, hit_on=att_hit,
           rerolls=att_rerolls, pct=r.percent(p_any(a)), mean=r.decimal(expected(a)))
    r.step("battle.odds", "wotr-battle-leader-reroll", who=r.t("battle.defender"), dice=def_dice, hit_on=def_hit,
           rerolls=def_rerolls, pct=r.percent(p_any(d)), mean=r.decimal(expected(d)))
    extra = {}
    if may_cancel:
        extra["if_cancelled"] = _odds_if_cancelled(position, e, r, att_hit, def_hit)
    if rnd == 1:
        politics_of_attack(position, e, r)
        witch_king_card_step(e, r)
    r.step("battle.cards_not_modelled", "wotr-battle-combat-card")
    return r.decide("battle.answer", {"type": r.t(f"battle.type_{e.kind}"), "round": rnd,
                                      "att_dice": att_dice, "att_hit": att_hit, "att_rerolls": att_rerolls,
                                      "def_dice": def_dice, "def_hit": def_hit, "def_rerolls": def_rerolls},
                    allowed=True, type=e.kind, round=rnd, attacker=a, defender=d, side=side_value(e.side), **extra)


def _odds_if_cancelled(position, e: Engagement, r, att_hit: int, def_hit: int) -> dict:
    """Both sides' dice if Gandalf the White cancels the Nazgûl's Leadership, with the step."""
    a = side_dice(position, e.attacker, e.side, cancel=True)
    d = side_dice(position, e.defender, e.enemy, cancel=True)
    r.step("battle.if_cancelled", "wotr-char-gandalf-white-nazgul", att_rerolls=a.rerolls, def_rerolls=d.rerolls,
           gandalf=names.character_name(GANDALF_WHITE, r.lang))
    return {"attacker": odds(a.dice, att_hit, a.rerolls), "defender": odds(d.dice, def_hit, d.rerolls)}


# -- retreat ------------------------------------------------------------------------------------
def unlisted_neighbours_step(position, r, regions: list[str], label: str) -> None:
    """The regions a retreat's answer reads that the position does not list: empty, their
    settlements held by their original side (a default, named in one step)."""
    missing = [n for n in regions if not listed(position, n)]
    if missing:
        name_defaults(r, [f"position.regions.{n}" for n in missing], "battle.default_regions_empty", label,
                      regions=", ".join(names.region_name(n, r.lang) for n in missing))


def free_regions(position, r, region: str, side: str, label: str) -> tuple[list[str], list[str]]:
    """(the neighbours free for ``side``'s retreat, the reasons the others are not)."""
    around = sorted(board.neighbours(region))
    unlisted_neighbours_step(position, r, around, label)
    destinations, blocked = [], []
    for n in around:
        if board.free_for_retreat(position, n, side):
            destinations.append(n)
            r.mark("reachable", n)
        else:
            r.mark("blocked", n)
            why = "army" if board.has_army(position, n, other_side(side)) else "settlement"
            blocked.append(r.t(f"battle.blocked_{why}", region=names.region_name(n, r.lang)))
    return destinations, blocked


@question(RETREAT)
def retreat(position, q, r):
    # `from` reads as the defender's region too: people say "retreat from Osgiliath".
    if q.has("from") and not q.has("region"):
        region = q.param("from")
        if region is None and q.get("from") is None:
            q.error("from", "core.err_required")
    else:
        region = q.param("region")
    to, given_side = q.param("to"), q.param("side")
    q.ready()
    lang = r.lang
    name = names.region_name(region, lang)
    side = choose_side(position, region, given_side, r, prefer_besieged=False)
    if side is None:
        if not listed(position, region):
            return r.needs_info([region_path(region, lang)], "battle.needs_defender", {"region": name})
        return r.needs_info(["question.side"], "battle.needs_retreat_side", {"region": name})
    army = position.army(region, side)
    if not army.is_army:
        if army.is_empty and not listed(position, region):
            return r.needs_info([region_path(region, lang, side)], "battle.needs_defender", {"region": name})
        q.problems.add(q.at("region"), "battle.err_no_army", region=name, side=side_word(side, lang))
        q.ready()
    _check_besieged_limit(position, q, r, region)
    q.problems.raise_if_any()
    state = position.region(region)
    r.mark("from", region)
    r.mark("to", to)
    r.step("battle.retreat_army", "wotr-battle-retreat", side=side_word(side, lang), region=name,
           army=describe(army, lang))

    if state.besieged == side:
        r.step("battle.besieged_no_retreat", "wotr-siege-besieged-army", region=name)
        return r.decide("battle.answer_retreat_none", {"reason": r.t("battle.reason_besieged_no_retreat")},
                        allowed=False, into_stronghold=False, destinations=[])

    staying = [c for c in army.characters if data.characters()[c]["level"] == 0]
    if staying:
        r.step("battle.level_zero_stays", "wotr-character-level-zero",
               who=", ".join(names.character_name(c, lang) for c in staying))

    into = board.is_stronghold(region) and position.controller(region) == side and not state.besieged
    stronghold_excess = 0
    if into:
        stronghold_excess = max(0, army.units - board.BESIEGED_STACKING_LIMIT)
        r.step("battle.into_stronghold", "wotr-battle-retreat-into-siege", region=name)
        r.step("battle.into_stronghold_stacking", "wotr-siege-stacking", units=army.units,
               limit=board.BESIEGED_STACKING_LIMIT, excess=stronghold_excess)
    elif board.is_stronghold(region):
        r.step("battle.stronghold_not_friendly", "wotr-battle-retreat-into-siege", region=name)

    destinations, blocked = free_regions(position, r, region, side, "wotr-battle-retreat")
    if blocked:
        r.step("battle.retreat_blocked", "wotr-battle-retreat", list="; ".join(blocked))
    if destinations:
        r.step("battle.retreat_free", "wotr-battle-retreat",
               list=", ".join(names.region_name(n, lang) for n in destinations))
        crossing = [nat for nat, u in army.nations.items() if (u.count or u.leader)
                    and any(board.crosses_into_other_nation(nat, d) for d in destinations)]
        outsiders = sorted(nat for nat in crossing if not political_default(r, position, nat).at_war)
        if outsiders:
            r.step("battle.retreat_non_belligerent", "wotr-politics-non-belligerent",
                   nations=", ".join(names.nation_name(x, lang) for x in outsiders))
    else:
        r.step("battle.retreat_no_free", "wotr-battle-retreat", region=name)

    # Joining a friendly army in the destination counts for the stacking limit of 10.
    over = {n: position.army(n, side).units + army.units - board.STACKING_LIMIT for n in destinations}
    over = {n: x for n, x in over.items() if x > 0}
    if over:
        r.step("battle.retreat_stacking", "wotr-army-stacking", limit=board.STACKING_LIMIT,
               list=", ".join(f"{names.region_name(n, lang)} ({x})" for n, x in over.items()))
    verdict = {"into_stronghold": into, "destinations": destinations}
    if into:
        verdict["stronghold_excess"] = stronghold_excess
    if to is not None:
        ok = (to == region and into) or to in destinations
        if ok:
            verdict["excess"] = stronghold_excess if to == region else over.get(to, 0)
        to_name = names.region_name(to, lang)
        if not ok:
            r.step("battle.retreat_to_refused", "wotr-battle-retreat", region=to_name)
        key = "battle.answer_retreat_to_no"
        if ok:
            key = "battle.answer_retreat_into_yes" if to == region else "battle.answer_retreat_to_yes"
        return r.decide(key, {"region": to_name}, allowed=ok, **verdict)
    allowed = into or bool(destinations)
    if not allowed:
        return r.decide("battle.answer_retreat_none", {"reason": r.t("battle.reason_no_free", region=name)},
                        allowed=False, **verdict)
    options = []
    if into:
        options.append(r.t("battle.the_stronghold", region=name))
    if len(destinations) == 1:
        options.append(r.t("battle.retreat_to_region", region=names.region_name(destinations[0], lang)))
    elif destinations:
        options.append(r.t("battle.retreat_to_regions",
                           regions=", ".join(names.region_name(n, lang) for n in destinations)))
    text = options[0] if len(options) == 1 else r.t("battle.retreat_either", first=options[0], second=options[1])
    return r.decide("battle.answer_retreat", {"options": text}, allowed=True, **verdict)
