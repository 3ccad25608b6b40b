"""War of the Ring: what a drawn Hunt tile does, ``hunt-damage`` (seed 000 'La Búsqueda del
Anillo'; seed 004).

In the order of the Hunt: the tile's damage, a card played on the table, the Guide's ability
(Gollum reveals, Meriadoc or Peregrin separates, 1 less each), what is left for a casualty
and Corruption; its healing, its Reveal and Stop icons. The tile is read by
:mod:`adjudicator.wotr.tiles`.
"""
from __future__ import annotations

from fractions import Fraction

from adjudicator import data, names
from adjudicator.registry import question
from adjudicator.ruling import fraction_text, probability
from adjudicator.spec import Key, KindSpec, Param, T
from adjudicator.wotr.characters import new_guide_step
from adjudicator.wotr.fellowship import (
    free_peoples_haven,
    join_names,
    lean_on_fellowship,
    lean_on_guide,
    lean_on_region,
    unused_fellowship,
    unused_map_region,
)
from adjudicator.wotr.hunt import (
    GUIDE_ABILITY_LABEL,
    HOBBITS,
    MAX_HUNT_DICE,
    REDUCTION_LABELS,
    lean_on_hunt,
    new_guide_may_reduce,
)
from adjudicator.wotr.model import MORDOR_TRACK_LAST, guide_candidates
from adjudicator.wotr.tiles import (
    NO_ROLL,
    SUCCESSES,
    is_standard_numbered,
    mordor_eye_damage,
    read_tile_param,
    value_text,
)

GAME = "war-of-the-ring"
REDUCTIONS = T("card (a card played on the table), guide (the Guide's ability)",
               "card (una carta jugada en la mesa), guide (la habilidad del Guía)")

HUNT_DAMAGE = KindSpec(
    GAME, "hunt-damage", T("What does this Hunt tile do?", "¿Qué hace esta loseta de Búsqueda?"), "board/hunt",
    params=(
        Param("tile", "tile", T("Hunt tile", "Loseta de Búsqueda"),
              help=T("A number from -2 to 3, eye, die, or a special tile's name (die, -1 and -2 are "
                     "special tiles: read with their icons).",
                     "Un número de -2 a 3, ojo, dado, o el nombre de una loseta especial (dado, -1 y -2 "
                     "son losetas especiales: se leen con sus iconos)."),
              required=True, reader="read_tile_param"),
        Param("successes", "int", SUCCESSES, lo=1, hi=MAX_HUNT_DICE),
        Param("die", "int", T("Die rolled (for a die tile)", "Dado tirado (para una loseta de dado)"), lo=1, hi=6),
        Param("no_roll", "bool", NO_ROLL, default=False),
        Param("declared", "bool", T("Drawn after declaring the Fellowship this phase",
                                    "Robada tras declarar la Comunidad en esta fase"),
              help=T("A tile an ability or Event card draws once the Fellowship is declared (no Hunt roll): "
                     "its Reveal icon is ignored if it was declared in a Free Peoples City or Stronghold the "
                     "Free Peoples control.",
                     "Una loseta que una habilidad o carta de Evento hace robar tras declarar la Comunidad (sin "
                     "tirada de Búsqueda): su icono de descubrir se ignora si se declaró en una Ciudad o baluarte "
                     "de los Pueblos Libres que ellos controlan."), default=False),
        Param("card_reduction", "int",
              T("Damage cancelled by a card on the table", "Daño anulado por una carta en la mesa"),
              help=T("How much a \"play on the table\" card already in play takes off, used first (0: none).",
                     "Cuánto quita una carta «Juégala sobre la mesa» ya en juego, usada primero (0: ninguna)."),
              lo=0, hi=12, default=0),
        Param("guide_ability", "bool", T("The Guide uses his ability", "El Guía usa su habilidad"),
              help=T("Gollum reveals the Fellowship, or Meriadoc or Peregrin leaves it, for 1 less damage.",
                     "Gollum descubre a la Comunidad, o Meriadoc o Peregrin la deja, para 1 de daño menos."),
              default_text=T("not used: the answer says whether the Free Peoples may still use it",
                             "no se usa: la respuesta dice si los Pueblos Libres aún pueden usarla")),
    ),
    verdict=(
        Key("damage", "count", T("Damage", "Daño"), contract=True),
        Key("heal", "count", T("Healing", "Curación"), contract=True),
        Key("reveal", "bool", T("Revealed", "Descubierta"), contract=True),
        Key("stop", "bool", T("Stops the Fellowship", "Detiene a la Comunidad"), contract=True),
        Key("corruption", "count", T("Corruption", "Corrupción"), always=False,
            when=T("for a tile that heals", "con una loseta que cura")),
        Key("damage_left", "count", T("Damage left", "Daño restante")),
        Key("reductions", "ids", T("Reductions used", "Reducciones usadas"), choice_labels=REDUCTION_LABELS),
        Key("may_reduce", "ids", T("Reductions still possible", "Reducciones aún posibles"),
            choice_labels=REDUCTION_LABELS),
        Key("p_damage", "distribution", T("Chance of each damage", "Probabilidad de cada daño"), always=False,
            when=T("needs-info, for a tile whose damage is a die roll",
                   "needs-info, con una loseta cuyo daño es una tirada de dado")),
    ),
    position=("fellowship.region", "fellowship.hidden", "fellowship.corruption", "fellowship.mordor",
              "fellowship.guide", "fellowship.companions", "hunt.box"),
    rules=("wotr-hunt-damage", "wotr-hunt-damage-number", "wotr-hunt-damage-eye",
           "wotr-hunt-damage-eye-no-roll",
           "wotr-hunt-damage-reveal", "wotr-hunt-damage-negative", "wotr-hunt-damage-die", "wotr-mordor-eye",
           "wotr-mordor-stop", "wotr-tiles-special", "wotr-hunt-damage-order", "wotr-char-hobbit-guide",
           "wotr-char-gollum-guide", "wotr-fellowship-declare-tiles"),
)


def guide_damage_ability(guide: str | None) -> str | None:
    """The Guide abilities that reduce Hunt damage: a Hobbit separates, Gollum reveals."""
    if guide in HOBBITS:
        return "hobbit"
    return "gollum" if guide == "gollum" else None


class _NeedsGuide(Exception):
    """The Guide is not named, and the tied Companions' abilities would give different answers."""


@question(HUNT_DAMAGE)
def hunt_damage(position, q, r):
    """What a drawn tile does, in the order of the Hunt (``wotr-hunt-damage-order``): its
    damage, then a card played on the table (``card_reduction``), then the Guide's ability
    (``guide_ability``: Gollum reveals, Meriadoc or Peregrin separates, 1 less each), which
    leaves ``damage_left`` for a casualty and Corruption; its healing; then its Reveal icon
    (Gollum as Guide ignores it on standard numbered tiles) and its Stop icon. Applies to
    any tile drawn: after a Hunt roll, on the Mordor Track, or by a card (``no_roll``)."""
    tile = read_tile_param(q)
    successes, die, no_roll = q.param("successes"), q.param("die"), q.param("no_roll")
    card = q.param("card_reduction") if q.has("card_reduction") and q.raw.get("card_reduction") is not None else None
    guide_use = q.param("guide_ability")
    fel, hunt = position.fellowship, position.hunt
    declared = q.param("declared")
    if declared and (successes is not None or fel.in_mordor):
        q.problems.add(q.at("declared"), "journey.err_declared_mordor" if fel.in_mordor
                       else "journey.err_declared_successes")
    no_roll = no_roll or declared
    if successes is not None and no_roll and not declared:
        q.problems.add(q.at("successes"), "hunt.err_successes_no_roll")
    if successes is not None and fel.in_mordor:
        q.problems.add(q.at("successes"), "hunt.err_successes_mordor")
    if successes is not None and "box" in hunt.given and not fel.in_mordor \
            and successes > min(hunt.shadow_dice, MAX_HUNT_DICE):
        # More successes than dice rolled: only checked when the scenario gives the Hunt Box.
        q.problems.add(q.at("successes"), "hunt.err_successes_dice", successes=successes,
                       dice=min(hunt.shadow_dice, MAX_HUNT_DICE))
    if die is not None and tile is not None and tile.value != "die":
        q.problems.add(q.at("die"), "hunt.err_die_not_die_tile")
    q.ready()
    assert tile is not None  # read_tile_param names a problem whenever it reads no tile: ready() raised
    lang = r.lang

    if tile.special and tile.bare:
        r.step("hunt.tile_bare_special", "wotr-tiles-special", value=value_text(tile.value, r),
               name=data.hunt_tiles()["special"][tile.special]["name"][lang])
    elif tile.special:
        r.step("hunt.tile_special", "wotr-tiles-special", name=data.hunt_tiles()["special"][tile.special]["name"][lang])
    elif tile.bare and tile.reveal:
        r.step("hunt.tile_bare_reveal", "wotr-tiles-standard", value=tile.value)
    elif tile.bare:
        r.step("hunt.tile_bare", "wotr-tiles-anatomy", value=tile.value)
    if tile.value == "eye" or tile.special or tile.stop:
        lean_on_fellowship(position, r, "mordor")   # an Eye, a special tile or a Stop icon reads differently there
    if tile.special and not fel.in_mordor:
        r.step("hunt.tile_special_outside", "wotr-tiles-special-enter")

    heal = 0
    extra: dict = {}
    if tile.value == "eye":
        if fel.in_mordor:
            lean_on_hunt(position, r, "box")
            damage = mordor_eye_damage(hunt)
            r.step("hunt.damage_eye_mordor", "wotr-mordor-eye", dice=damage, shadow=hunt.shadow_dice,
                   fp=hunt.free_peoples_dice)
        elif no_roll:
            damage = 0
            r.step("hunt.damage_eye_no_roll", "wotr-hunt-damage-eye-no-roll")
        elif successes is None:
            r.step("hunt.damage_eye", "wotr-hunt-damage-eye")
            r.default("question.no_roll", "hunt.default_no_roll", "wotr-hunt-damage-eye-no-roll")
            return r.needs_info(["question.successes"], "hunt.needs_successes")
        else:
            damage = successes
            r.step("hunt.damage_eye_successes", "wotr-hunt-damage-eye", successes=successes)
    elif tile.value == "die":
        if die is None:
            r.step("hunt.damage_die_roll", "wotr-hunt-damage-die")
            ruling = r.needs_info(["question.die"], "hunt.needs_die")
            sixth = Fraction(1, 6)
            ruling.verdict["p_damage"] = {str(k): probability(sixth) for k in range(1, 7)}
            ruling.verdict["p_damage_exact"] = {str(k): fraction_text(sixth) for k in range(1, 7)}
            return ruling
        damage = die
        r.step("hunt.damage_die", "wotr-hunt-damage-die", die=die)
    elif tile.value < 0:
        damage = 0
        lean_on_fellowship(position, r, "corruption")
        heal = min(-tile.value, fel.corruption)
        r.step("hunt.damage_negative", "wotr-hunt-damage-negative", value=tile.value, before=fel.corruption,
               after=fel.corruption - heal)
        extra["corruption"] = fel.corruption - heal
    else:
        damage = tile.value
        r.step("hunt.damage_number", "wotr-hunt-damage-number", value=damage)

    reveal = tile.reveal
    if reveal and declared:
        reveal = declared_reveal(position, r)
    elif reveal and no_roll and "declared" not in q.raw and not fel.in_mordor:
        # A tile drawn without a Hunt roll may be one drawn on declaring: not, unless told.
        r.default("question.declared", "journey.default_declared", "wotr-fellowship-declare-tiles")
    if reveal and is_standard_numbered(tile):
        lean_on_guide(position, r)   # Gollum as Guide would ignore this tile's Reveal icon
        if fel.guide == "gollum":
            reveal = False
            r.step("hunt.gollum_ignores_reveal", "wotr-char-gollum-guide")
    counted = reveal   # the tile's Reveal icon, if it still counts
    try:
        left, used, may, guide_reveals = _reduce(position, r, damage, reveal, card, guide_use)
    except _NeedsGuide:
        return r.needs_info(["position.fellowship.guide"], "hunt.needs_guide_damage")

    if reveal or fel.in_mordor:
        lean_on_fellowship(position, r, "hidden")   # revealing, and moving on the track, need it hidden
    if reveal:
        r.step("hunt.reveal_icon" if fel.hidden else "hunt.reveal_icon_already", "wotr-hunt-damage-reveal")
    reveal = reveal or guide_reveals
    stop = tile.stop and fel.in_mordor
    if fel.in_mordor:
        if tile.stop:
            r.step("hunt.stop_mordor", "wotr-mordor-stop", step=fel.mordor)
        elif not fel.hidden:
            # Only a hidden Fellowship moves on the track: a tile drawn while it is revealed
            # (by a card) does not carry it forward.
            r.step("hunt.mordor_revealed_stays", "wotr-mordor-move", step=fel.mordor)
        else:
            r.step("hunt.moves_mordor", "wotr-mordor-move", step=fel.mordor,
                   next=min(fel.mordor + 1, MORDOR_TRACK_LAST))
    elif tile.stop:
        r.step("hunt.stop_outside", "wotr-tiles-stop")
    words = []
    if heal:
        words.append(r.t("hunt.word_heal", heal=heal))
    if used:
        words.append(r.t("hunt.word_left", left=left))
    if reveal:
        words.append(r.t("hunt.word_reveal"))
    if stop:
        words.append(r.t("hunt.word_stop"))
    tail = ("; " + "; ".join(words)) if words else ""
    _unused_facts(position, r, tile, used)
    if not (counted or fel.in_mordor or _gollum_may_act(fel)):
        r.unused("position.fellowship.hidden", "hunt.unused_hidden_icon_ignored" if tile.reveal
                 else "hunt.unused_hidden_no_icon", "wotr-hunt-damage-reveal")
    return r.decide("hunt.answer_damage", {"damage": damage, "tail": tail},
                    damage=damage, heal=heal, reveal=reveal, stop=stop, **extra,
                    damage_left=left, reductions=used, may_reduce=may)


def _unused_facts(position, r, tile, used: list[str]) -> None:
    """What a tile's damage does not read, given: where the figure stands on the map, the
    Hunt roll for a tile other than an Eye off the Mordor Track, the Corruption for a tile
    that heals none, the other Companions when only the Guide acts."""
    fel = position.fellowship
    unused_map_region(position, r, "wotr-hunt-damage-order")
    if tile.value != "eye" or fel.in_mordor:
        r.unused(("successes", "no_roll"), "hunt.unused_roll", "wotr-hunt-damage-eye")
    if not (isinstance(tile.value, int) and tile.value < 0):
        unused_fellowship(position, r, ("corruption",), "hunt.unused_corruption_damage", "wotr-hunt-damage-order")
    if not fel.in_mordor and "box" in position.hunt.given:
        r.unused("position.hunt.box", "hunt.unused_box_damage", "wotr-hunt-damage-eye")
    if fel.guide is not None and "guide" not in used:
        unused_fellowship(position, r, ("companions",), "hunt.unused_companions_damage", "wotr-hunt-damage-order")


def _gollum_may_act(fel) -> bool:
    """Gollum guides, or could come to guide in this draw (no Companion but one that may
    leave): his ability reads whether the Fellowship is hidden."""
    return fel.guide == "gollum" or "gollum" in guide_candidates(fel.companions) or len(fel.companions) <= 1


def _reduce(position, r, damage: int, tile_reveals: bool, card: int | None, guide_use: bool | None):
    """Steps 1 and 2 of the Hunt's order: a card on the table, then the Guide's ability.
    Returns the damage left, the reductions used, those still open, and whether the
    Fellowship is revealed by Gollum's ability."""
    if damage == 0:
        if card:
            r.step("hunt.card_nothing_to_reduce", "wotr-hunt-damage-order")
            r.explains("card_reduction")
        if guide_use:
            r.step("hunt.guide_nothing_to_reduce", "wotr-hunt-damage-order")
            r.explains("guide_ability")
        return 0, [], [], False
    left, used, may = damage, [], []
    r.step("hunt.damage_order", "wotr-hunt-damage-order", damage=damage)
    if card is None:
        r.default("question.card_reduction", "hunt.default_card", "wotr-hunt-damage-reduce")
    elif card > 0:
        cut = min(card, left)
        left -= cut
        used.append("card")
        r.step("hunt.card_reduces", "wotr-hunt-damage-reduce", card=card, cut=cut, left=left)
    ability, who = _guide_ability(position, r)
    guide_reveals = False
    if ability is None:
        if guide_use:
            r.step("hunt.guide_no_damage_ability", "wotr-char-guide-ability", who=who)
            r.explains("guide_ability")
    elif left == 0:
        if guide_use:
            r.step("hunt.guide_nothing_left", "wotr-hunt-damage-order", who=who)
            r.explains("guide_ability")
    elif ability == "gollum" and not _gollum_may_reveal(position, r, tile_reveals):
        r.explains("guide_ability")   # the step says why he cannot
    elif guide_use is None:
        may.append("guide")
        r.default("question.guide_ability", f"hunt.default_guide_ability_{ability}", GUIDE_ABILITY_LABEL[ability],
                  who=who, left=left)
    elif not guide_use:
        r.step("hunt.guide_not_used", "wotr-hunt-damage-order", who=who)
    else:
        left -= 1
        used.append("guide")
        if ability == "gollum":
            guide_reveals = True
            r.step("hunt.gollum_reveals", "wotr-char-gollum-guide", left=left)
        else:
            may = _hobbit_separates(position, r, who, left, tile_reveals)
    if left:
        r.step("hunt.damage_left_casualty", "wotr-hunt-damage-order", left=left)
    return left, used, may, guide_reveals


def _guide_ability(position, r) -> tuple[str | None, str]:
    """The Guide's damage ability and his name. No Guide named among tied Companions: the
    answer holds when every one of them would have the same ability; else it asks."""
    fel = position.fellowship
    lean_on_guide(position, r)
    if fel.guide is not None:
        return guide_damage_ability(fel.guide), names.character_name(fel.guide, r.lang)
    tied = guide_candidates(fel.companions)
    who = join_names([names.character_name(c, r.lang) for c in tied], r)
    kinds = {guide_damage_ability(c) for c in tied}
    r.step("hunt.guide_tie_same" if len(kinds) == 1 else "hunt.guide_tie_differs", "wotr-fellowship-guide",
           names=who)
    if len(kinds) != 1:
        raise _NeedsGuide
    return kinds.pop(), who


def _gollum_may_reveal(position, r, tile_reveals: bool) -> bool:
    """Gollum's reduction needs a Hunt that did not reveal, and a Fellowship still hidden."""
    if tile_reveals:
        r.step("hunt.gollum_hunt_revealed", "wotr-char-gollum-guide")
        return False
    lean_on_fellowship(position, r, "hidden")
    if not position.fellowship.hidden:
        r.step("hunt.gollum_already_revealed", "wotr-char-gollum-guide")
        return False
    return True


def _hobbit_separates(position, r, who: str, left: int, tile_reveals: bool) -> list[str]:
    """Meriadoc or Peregrin leaves for 1 less damage (removed from the game on the Mordor
    Track); a new Guide is named at once and may use his own ability on what is left."""
    fel = position.fellowship
    lean_on_fellowship(position, r, "mordor")
    if fel.in_mordor:   # the ability still works; separating becomes removal on the Mordor Track
        r.step("hunt.hobbit_reduces", "wotr-char-hobbit-guide", who=who, left=left)
        r.step("hunt.hobbit_removed", "wotr-mordor-no-separate", who=who)
    else:
        r.step("hunt.hobbit_separates", "wotr-char-hobbit-guide", who=who, left=left)
    leaving = fel.guide or guide_candidates(fel.companions)[0]
    left_behind = tuple(c for c in fel.companions if c != leaving)
    if fel.guide is None:
        r.step("hunt.other_hobbit_guides", "wotr-fellowship-guide-change")
        options = guide_candidates(left_behind)
    else:
        options = new_guide_step(r, left_behind)
    if not left:
        return []
    abilities = {guide_damage_ability(c) for c in options}
    if "hobbit" in abilities:
        return new_guide_may_reduce(r, "hobbit", "hunt.new_guide_hobbit_may_reduce", left)
    if options == ["gollum"] and not tile_reveals and fel.hidden:
        return new_guide_may_reduce(r, "gollum", "hunt.new_guide_gollum_may_reduce_now", left)
    return []


def declared_reveal(position, r) -> bool:
    """A tile drawn once the Fellowship is declared (official 2nd-edition FAQ): its Reveal icon
    is ignored when the Fellowship was declared in a Free Peoples City or Stronghold controlled
    by the Free Peoples; elsewhere it reveals as usual."""
    fel = position.fellowship
    lean_on_fellowship(position, r, "region")
    region = fel.region
    lean_on_region(position, r, region, "wotr-fellowship-declare-tiles")
    where = names.region_name(region, r.lang)
    if free_peoples_haven(position, region):
        r.step("journey.declared_reveal_ignored", "wotr-fellowship-declare-tiles", region=where)
        return False
    r.step("journey.declared_reveal_counts", "wotr-fellowship-declare-tiles", region=where)
    return True
