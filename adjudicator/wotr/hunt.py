"""War of the Ring: the Hunt for the Ring (seed 000 'La Búsqueda del Anillo'; seed 004).

Kinds: ``hunt-roll``, ``hunt-casualty``, ``hunt-allocation``. The tiles drawn (their damage,
and the odds of the next one) are in :mod:`adjudicator.wotr.tiles`.
"""
from __future__ import annotations

from fractions import Fraction

from adjudicator import data, names
from adjudicator.params import YES_NO, check_name
from adjudicator.registry import question
from adjudicator.ruling import fraction_text, probability
from adjudicator.spec import Key, KindSpec, Param, T
from adjudicator.wotr.characters import is_ring_bearer_name, new_guide_step
from adjudicator.wotr.fellowship import (
    join_names,
    lean_on_fellowship,
    lean_on_guide,
    lean_on_region,
    unused_fellowship,
    unused_mordor_step,
)
from adjudicator.wotr.model import CORRUPTION_MAX, guide_candidates
from adjudicator.wotr.odds import hits_distribution

GAME = "war-of-the-ring"
H_ROLLS = T("The faces rolled, separated by commas, e.g. 6, 3, 1.",
            "Las caras obtenidas, separadas por comas, p. ej. 6, 3, 1.")

# What takes Hunt damage off (``reductions``, ``may_reduce``), in words.
REDUCTION_LABELS = {"card": T("A card on the table", "Una carta sobre la mesa"),
                    "guide": T("The Guide's ability", "La habilidad del Guía")}

HUNT_ROLL = KindSpec(
    GAME, "hunt-roll",
    T("How likely is the Hunt to find the Fellowship?",
      "¿Qué probabilidad tiene la Búsqueda de encontrar a la Comunidad?"),
    "board/hunt",
    help=T("The Shadow dice in the Hunt Box and where the Ring-bearers stand decide the roll.",
           "Los dados de la Sombra en la Casilla de Búsqueda y dónde están los Portadores deciden la tirada."),
    params=(
        Param("rolls", "ints", T("Dice rolled (optional)", "Dados tirados (opcional)"), help=H_ROLLS, lo=1, hi=6),
        Param("rerolled", "ints", T("Dice re-rolled (optional)", "Dados repetidos (opcional)"), help=H_ROLLS, lo=1,
              hi=6),
    ),
    verdict=(
        Key("dice", "count", T("Dice", "Dados"), contract=True),
        Key("hit_on", "int", T("Hits on", "Impacta con"), nullable=True,
            null_means=T("nothing is rolled", "no se tira nada"), contract=True),
        Key("rerolls", "count", T("Re-rolls", "Repeticiones de tirada"), contract=True),
        Key("p_success", "probability", T("Chance of success", "Probabilidad de éxito"), contract=True),
        Key("p_success_exact", "exact", T("Chance of success (exact)", "Probabilidad de éxito (exacta)")),
        Key("reroll_conditions", "count", T("Reasons to re-roll", "Motivos para repetir"), always=False,
            when=T("when dice are rolled", "cuando se tiran dados")),
        Key("successes", "count", T("Successes", "Éxitos"), always=False, when_param="rolls", contract=True),
        Key("success", "bool", T("Success", "Éxito"), always=False, when_param="rolls", contract=True,
            nullable=True,
            null_means=T("not settled yet: every die given failed and re-rolls are still owed; the chance of "
                         "success is then the chance that the re-rolls bring one",
                         "aún sin decidir: todos los dados dados fallaron y quedan repeticiones; la probabilidad "
                         "de éxito es entonces la de que las repeticiones den uno")),
    ),
    position=("hunt.box", "fellowship.region", "fellowship.mordor", "regions"),
    rules=("wotr-hunt-roll", "wotr-hunt-roll-dice", "wotr-hunt-roll-bonus", "wotr-hunt-reroll",
           "wotr-hunt-roll-natural-one", "wotr-hunt-success"),
)

HUNT_CASUALTY = KindSpec(
    GAME, "hunt-casualty", T("Who takes the Hunt damage?", "¿Quién recibe el daño de Búsqueda?"), "board/hunt",
    params=(
        Param("damage", "int", T("Hunt damage", "Daño de Búsqueda"), required=True, lo=0, hi=CORRUPTION_MAX),
        Param("take", "text", T("Taken as", "Se recibe como"),
              help=T("corruption, guide, random, or a Companion's name.",
                     "corrupción, guía, al azar, o el nombre de un Compañero."),
              required=True),
    ),
    verdict=(
        Key("eliminated", "character-ids", T("Eliminated", "Eliminado"), nullable=True,
            null_means=T("nobody", "nadie"), contract=True),
        Key("corruption_added", "count", T("Corruption added", "Corrupción añadida"), contract=True),
        Key("corruption", "count", T("Corruption", "Corrupción"), contract=True),
        Key("shadow_wins", "bool", T("The Shadow wins", "Gana la Sombra"), contract=True),
        Key("allowed", "bool", T("Allowed", "Permitido"), always=False,
            when=T("when a casualty is asked for: whether it can be taken (Gollum never is; a Companion named is, "
                   "chosen as the Guide or picked by the random draw, as the steps say)",
                   "cuando se pide una baja: si puede tomarse (Gollum nunca; un Compañero nombrado sí, elegido "
                   "como Guía o sacado al azar, como dicen los pasos)")),
        Key("guide_options", "character-ids", T("Possible Guides", "Posibles Guías"), always=False,
            when=T("when the Guide is eliminated (or may be: no Guide is named among Companions of the same Level)",
                   "cuando se elimina al Guía (o puede serlo: no se nombra Guía entre Compañeros del mismo nivel)")),
        Key("placed_back", "bool", T("Placed back in play", "Vuelve al juego")),
        Key("may_reduce", "ids", T("Reductions still possible", "Reducciones aún posibles"),
            choice_labels=REDUCTION_LABELS),
        Key("p_eliminated", "distribution",
            T("Chance each is eliminated", "Probabilidad de que cada uno sea eliminado"), always=False,
            when=T("needs-info, when the casualty is drawn at random", "needs-info, si la baja se elige al azar")),
    ),
    position=("fellowship.corruption", "fellowship.guide", "fellowship.companions", "fellowship.mordor",
              "fellowship.hidden"),
    rules=("wotr-hunt-casualty", "wotr-hunt-casualty-choice", "wotr-hunt-casualty-excess", "wotr-hunt-corruption",
           "wotr-fellowship-guide-change", "wotr-char-hobbit-return", "wotr-hunt-damage-order"),
)

HUNT_ALLOCATION = KindSpec(
    GAME, "hunt-allocation",
    T("How many dice may the Shadow put in the Hunt Box?",
      "¿Cuántos dados puede poner la Sombra en la Casilla de Búsqueda?"),
    "board/hunt",
    params=(
        Param("retrieved", "int", T("Free Peoples dice taken back from the Hunt Box",
                                              "Dados de los Pueblos Libres recuperados de la Casilla de Búsqueda"),
              help=T("A number (yes/no is read as 1/0).", "Un número (sí/no se lee como 1/0)."), lo=0, hi=6),
    ),
    verdict=(
        Key("min", "count", T("Minimum", "Mínimo"), contract=True),
        Key("max", "count", T("Maximum", "Máximo"), contract=True),
    ),
    position=("fellowship.companions",),
    rules=("wotr-hunt-allocation", "wotr-hunt-allocation-minimum", "wotr-hunt-allocation-maximum",
           "wotr-hunt-eye-results"),
)

MAX_HUNT_DICE = 5  # official 2nd-edition rules; the seed does not give the cap


def hunt_reroll_conditions(position) -> list[str]:
    """The re-roll conditions met where the Ring-bearers stand (one failed die per condition).

    The region is that of the Ring-bearers' figure (the Fellowship's last known position).
    """
    region = position.fellowship.region
    met = []
    info = data.regions()[region]
    if info["settlement"] == "stronghold" and position.controller(region) == "shadow":
        met.append("stronghold")
    shadow = position.army(region, "shadow")
    if shadow.units:
        met.append("units")
    if shadow.nazgul or any(data.characters()[c]["is_nazgul"] for c in shadow.characters):
        met.append("nazgul")
    return met


HUNT_DEFAULT_RULES = {"box": "wotr-hunt-box", "pool": "wotr-tiles-pool"}


def lean_on_hunt(position, r, name: str) -> None:
    """Name the Hunt field (``box`` or ``pool``) the answer reads when the scenario left it out."""
    if name not in position.hunt.given:
        r.default(f"position.hunt.{name}", f"hunt.default_{name}", HUNT_DEFAULT_RULES[name])


@question(HUNT_ROLL)
def hunt_roll(position, q, r):
    """The Hunt roll after a Fellowship move off the Mordor Track: one die per Shadow die in
    the Hunt Box (at most 5), +1 per Free Peoples die already there, a natural 1 failing, and
    one failed die re-rolled per condition met where the Ring-bearers' figure stands. With
    ``rolls`` (and ``rerolled``) it counts the successes; with every die failed and re-rolls
    still owed, it gives the chance those re-rolls bring. Event cards are not modelled."""
    rolls, rerolled = q.param("rolls"), q.param("rerolled")
    if rerolled is not None and rolls is None:
        q.problems.add(q.at("rerolled"), "hunt.err_rerolled_without_rolls")
    q.ready()

    fel, hunt = position.fellowship, position.hunt
    if not fel.in_mordor:
        r.mark("from", fel.region)
    no_roll = fel.in_mordor or hunt.shadow_dice == 0
    if rolls is not None and no_roll:
        # Faces given for a roll that never happens: the scenario contradicts itself.
        q.problems.add(q.at("rolls"), "hunt.err_rolls_no_roll")
        q.problems.raise_if_any()
    lean_on_fellowship(position, r, "mordor")
    if fel.in_mordor:
        r.step("hunt.roll_mordor", "wotr-mordor-hunt")
        unused_mordor_step(position, r, "wotr-mordor-hunt")
        return r.decide("hunt.answer_roll_mordor", dice=0, hit_on=None, rerolls=0, p_success=1.0,
                        p_success_exact="1")

    lean_on_hunt(position, r, "box")
    in_box = hunt.shadow_dice
    dice = min(in_box, MAX_HUNT_DICE)
    r.step("hunt.roll_dice", "wotr-hunt-roll-dice", box=in_box, dice=dice)
    if dice == 0:
        return r.decide("hunt.answer_no_dice", dice=0, hit_on=None, rerolls=0, p_success=0.0,
                        p_success_exact="0")
    bonus = hunt.free_peoples_dice
    hit_on = max(2, 6 - bonus)
    r.step("hunt.roll_bonus", "wotr-hunt-roll-bonus", fp=bonus, hit_on=hit_on)
    if 6 - bonus < 2:
        r.step("hunt.roll_natural_one", "wotr-hunt-roll-natural-one")
    lean_on_fellowship(position, r, "region")
    lean_on_region(position, r, fel.region, "wotr-hunt-reroll")
    met = hunt_reroll_conditions(position)
    region = names.region_name(fel.region, r.lang)
    if met:
        for cond in met:
            r.step(f"hunt.reroll_{cond}", "wotr-hunt-reroll", region=region)
    else:
        r.step("hunt.reroll_none", "wotr-hunt-reroll", region=region)
    if "nazgul" not in met:
        _not_nazgul_steps(position, r, region)
    # One failed die per condition, but never more dice than were rolled (as in battle).
    rerolls = min(len(met), dice)
    if rerolls < len(met):
        r.step("hunt.reroll_capped", "wotr-hunt-reroll", conditions=len(met), dice=dice)
    dist = hits_distribution(dice, hit_on, rerolls)
    p = Fraction(1) - dist[0]   # a Fraction on the left: 1 - x goes through the numbers ABCs
    verdict = {"dice": dice, "hit_on": hit_on, "rerolls": rerolls, "reroll_conditions": len(met),
               "p_success": probability(p), "p_success_exact": fraction_text(p)}
    if rolls is None:
        r.step("hunt.success_draws_tile", "wotr-hunt-success")
        return r.decide("hunt.answer_roll", {"dice": dice, "hit_on": hit_on, "rerolls": rerolls,
                                            "pct": r.percent(p)}, **verdict)

    # With the faces rolled: count successes (then any re-rolled dice).
    if len(rolls) != dice:
        q.problems.add(q.at("rolls"), "hunt.err_rolls_count", given=len(rolls), dice=dice)
    failed = [v for v in rolls if not _hunt_die_succeeds(v, bonus)]
    if rerolled is not None and len(rerolled) > min(rerolls, len(failed)):
        q.problems.add(q.at("rerolled"), "hunt.err_rerolled_count", given=len(rerolled),
                       allowed=min(rerolls, len(failed)))
    q.problems.raise_if_any()
    successes = sum(_hunt_die_succeeds(v, bonus) for v in rolls)
    r.step("hunt.rolled", "wotr-hunt-roll", rolls=", ".join(map(str, rolls)), successes=successes)
    owed = min(rerolls, len(failed))
    if successes == 0 and owed and rerolled is None:
        return _rerolls_still_owed(r, verdict, owed, hit_on)
    if rerolled:
        extra = sum(_hunt_die_succeeds(v, bonus) for v in rerolled)
        r.step("hunt.rerolled", "wotr-hunt-reroll", rolls=", ".join(map(str, rerolled)), successes=extra)
        successes += extra
    success = successes > 0
    r.step("hunt.success_draws_tile" if success else "hunt.failure", "wotr-hunt-success")
    return r.decide("hunt.answer_rolled_success" if success else "hunt.answer_rolled_failure",
                    {"successes": successes}, **verdict, successes=successes, success=success)


# Characters whose own rule says they are no Nazgûl for the Hunt; any other is told by the re-roll rule.
NOT_NAZGUL_LABEL = {"mouth-of-sauron": "wotr-char-mouth"}


def _not_nazgul_steps(position, r, region: str) -> None:
    """A Shadow character with the Ring-bearers who is not a Nazgûl gives no re-roll: said
    by his own rule, since a player would expect him to count."""
    for cid in position.army(position.fellowship.region, "shadow").characters:
        if not data.characters()[cid]["is_nazgul"]:
            r.step("hunt.reroll_not_nazgul", NOT_NAZGUL_LABEL.get(cid, "wotr-hunt-reroll"),
                   who=names.character_name(cid, r.lang), region=region)


def _rerolls_still_owed(r, verdict: dict, owed: int, hit_on: int):
    """Every die given failed, re-rolls are owed and their faces are not given: the Hunt is
    not a failure yet. ``p_success`` becomes the chance that the re-rolls bring a success
    (each re-rolled die hits on ``hit_on``+, a 1 still failing), and ``success`` is null."""
    p = 1 - hits_distribution(owed, hit_on, 0)[0]
    r.step("hunt.rerolls_owed", "wotr-hunt-reroll", owed=owed, hit_on=hit_on, pct=r.percent(p))
    verdict = {**verdict, "p_success": probability(p), "p_success_exact": fraction_text(p)}
    return r.decide("hunt.answer_rerolls_owed", {"owed": owed, "pct": r.percent(p)},
                    **verdict, successes=0, success=None)


def _hunt_die_succeeds(face: int, bonus: int) -> bool:
    """A natural 1 always fails; otherwise face + bonus must reach 6."""
    return face != 1 and face + bonus >= 6


# -- hunt-casualty -----------------------------------------------------------------------------

TAKE_WORDS = {
    "corruption": "corruption", "corrupcion": "corruption", "ring": "corruption", "anillo": "corruption",
    "usethering": "corruption", "usarelanillo": "corruption",
    "guide": "guide", "guia": "guide", "elguia": "guide", "theguide": "guide",
    "random": "random", "alazar": "random", "azar": "random", "randomcompanion": "random",
    "companeroalazar": "random",
}


def _read_take(q, position) -> str | None:
    raw = q.get("take")
    path = q.at("take")
    if raw is None:
        q.error("take", "core.err_required_choice", options="corruption, guide, random, <Companion>")
        return None
    if isinstance(raw, list) and len(raw) == 1:
        raw = raw[0]   # one casualty written as a one-item list
    if not isinstance(raw, str):
        q.problems.add(path, "core.err_type_text")
        return None
    word = TAKE_WORDS.get(names.normalize(raw))
    if word:
        return word
    if is_ring_bearer_name(raw):
        q.problems.add(path, "fellowship.err_ring_bearers", value=raw)
        return None
    cid = check_name(raw, names.characters(), "character", path, q.problems)
    if cid is None:
        return None
    fel = position.fellowship
    if cid == "gollum" and fel.guide == "gollum":
        return "gollum"
    if cid not in fel.companions:
        q.problems.add(path, "fellowship.err_not_in_fellowship", value=raw)
        return None
    return cid


HOBBITS = ("meriadoc", "peregrin")
# The rule of each Guide ability that takes Hunt damage off (see tiles.guide_damage_ability).
GUIDE_ABILITY_LABEL = {"hobbit": "wotr-char-hobbit-guide", "gollum": "wotr-char-gollum-guide"}


def new_guide_may_reduce(r, ability: str, key: str, left: int) -> list[str]:
    """A Guide named during the Hunt may use his ability at once (the order of the Hunt
    allows it); what the ability does is his own rule. Returns the reduction still open."""
    r.step("hunt.new_guide_at_once", "wotr-hunt-damage-order")
    r.step(key, GUIDE_ABILITY_LABEL[ability], left=left)
    return ["guide"]


@question(HUNT_CASUALTY)
def hunt_casualty(position, q, r):
    """Taking Hunt damage, after cards and the Guide's ability: as Corruption, or by
    eliminating the Guide or a random Companion (the name drawn). Damage beyond the
    casualty's Level becomes Corruption; 12 Corruption wins the game for the Shadow. An
    eliminated Meriadoc or Peregrin comes back into play as if separated (not on the Mordor
    Track); an eliminated Guide's successor may use his ability at once on what is left."""
    damage = q.param("damage")
    take = _read_take(q, position)
    q.ready()
    assert take is not None  # q.ready() vouches for it: _read_take reported why it had none
    fel = position.fellowship
    lang = r.lang
    chars = data.characters()
    before = fel.corruption
    victim = None
    added = 0
    verdict_extra: dict = {"placed_back": False, "may_reduce": []}

    if damage == 0:
        r.step("hunt.casualty_no_damage", "wotr-hunt-casualty")
    elif take == "corruption":
        added = damage
        r.step("hunt.casualty_corruption", "wotr-hunt-corruption", damage=damage)
        unused_fellowship(position, r, ("companions", "guide"), "hunt.unused_fellowship_corruption",
                          "wotr-hunt-corruption")
    elif take == "random" and len(fel.companions) != 1:
        lean_on_fellowship(position, r, "companions")
        r.step("hunt.casualty_random", "wotr-hunt-casualty-choice", count=len(fel.companions))
        if fel.companions:
            ruling = r.needs_info(["question.take"], "hunt.needs_random")
            share = Fraction(1, len(fel.companions))
            ruling.verdict["p_eliminated"] = {c: probability(share) for c in fel.companions}
            ruling.verdict["p_eliminated_exact"] = {c: fraction_text(share) for c in fel.companions}
            return ruling
        r.step("hunt.casualty_gollum", "wotr-fellowship-gollum")
        added = damage
        verdict_extra["allowed"] = False
    elif take in ("guide", "gollum") and fel.guide == "gollum":
        lean_on_guide(position, r)
        r.step("hunt.casualty_gollum", "wotr-fellowship-gollum")
        added = damage
        verdict_extra["allowed"] = False
    else:
        tied = guide_candidates(fel.companions)
        if take == "guide" and fel.guide is None:
            r.step("hunt.casualty_guide_tie", "wotr-fellowship-guide",
                   names=join_names([names.character_name(c, lang) for c in tied], r))
            return r.needs_info(["position.fellowship.guide"], "hunt.needs_guide")
        if take == "random":
            victim = fel.companions[0]
            r.step("hunt.casualty_random_one", "wotr-hunt-casualty-choice", who=names.character_name(victim, lang))
        elif take == "guide":
            lean_on_guide(position, r)
            assert fel.guide is not None  # no Guide (a tie) was answered just above
            victim = fel.guide
        else:
            victim = take
            lean_on_fellowship(position, r, "companions")
        level = chars[victim]["level"] or 0
        who = names.character_name(victim, lang)
        if take == "guide":
            r.step("hunt.casualty_guide", "wotr-hunt-casualty-choice", who=who)
        elif take != "random":   # a Companion named: chosen as the Guide, else the one the draw picked
            if victim == fel.guide:
                r.step("hunt.casualty_named_guide", "wotr-hunt-casualty-choice", who=who)
            elif fel.guide is None and victim in tied:
                r.step("hunt.casualty_named_either", "wotr-hunt-casualty-choice", who=who)
            else:
                r.step("hunt.casualty_named_drawn", "wotr-hunt-casualty-choice", who=who,
                       guide=names.character_name(fel.guide, lang) if fel.guide else "-",
                       count=len(fel.companions))
        added = max(0, damage - level)
        if added:
            r.step("hunt.casualty_excess", "wotr-hunt-casualty-excess", who=who, level=level, damage=damage,
                   excess=added)
        else:
            r.step("hunt.casualty_absorbed", "wotr-hunt-casualty-excess", who=who, level=level, damage=damage)
        verdict_extra["allowed"] = True
        verdict_extra["placed_back"] = _hobbit_comes_back(position, r, victim)
        guide_gone = victim == fel.guide or (fel.guide is None and victim in tied)
        if guide_gone:
            if fel.guide is None:
                r.step("hunt.casualty_may_be_guide", "wotr-fellowship-guide-change", who=who)
            lean_on_fellowship(position, r, "companions")   # who is left to guide
            options = new_guide_step(r, tuple(c for c in fel.companions if c != victim))
            verdict_extra["guide_options"] = options
            if added:
                verdict_extra["may_reduce"] = _new_guide_may_reduce(position, r, options, added)

    lean_on_fellowship(position, r, "corruption")
    corruption = min(CORRUPTION_MAX, before + added)
    shadow_wins = corruption >= CORRUPTION_MAX
    if added:
        r.step("hunt.corruption_total", "wotr-ring-corruption", before=before, added=added, after=corruption)
    if shadow_wins:
        r.step("hunt.corruption_twelve", "wotr-victory-ring-shadow")
    key = "hunt.answer_casualty_win" if shadow_wins else (
        "hunt.answer_casualty" if victim else "hunt.answer_casualty_none")
    return r.decide(key, {"who": names.character_name(victim, lang) if victim else "-", "added": added,
                          "corruption": corruption},
                    eliminated=victim, corruption_added=added, corruption=corruption,
                    shadow_wins=shadow_wins, **verdict_extra)


def _hobbit_comes_back(position, r, victim: str) -> bool:
    """Meriadoc's and Peregrin's own ability: eliminated in the Fellowship, each comes back
    into play as if he had separated, except on the Mordor Track."""
    who = names.character_name(victim, r.lang)
    if victim not in HOBBITS:
        r.step("hunt.casualty_not_back", "wotr-char-hobbit-return", who=who)
        return False
    lean_on_fellowship(position, r, "mordor")
    if position.fellowship.in_mordor:
        r.step("hunt.hobbit_not_back_mordor", "wotr-char-hobbit-return", who=who)
        unused_mordor_step(position, r, "wotr-char-hobbit-return")
        return False
    r.step("hunt.hobbit_back", "wotr-char-hobbit-return", who=who)
    return True


def _new_guide_may_reduce(position, r, options: list[str], left: int) -> list[str]:
    """A Guide named during the Hunt may use his ability at once: a Hobbit may separate for
    1 less damage; Gollum may reveal for 1 less, if this Hunt did not reveal the Fellowship."""
    if any(c in HOBBITS for c in options):
        return new_guide_may_reduce(r, "hobbit", "hunt.new_guide_hobbit_may_reduce", left)
    if options == ["gollum"]:
        lean_on_fellowship(position, r, "hidden")
        if position.fellowship.hidden:
            return new_guide_may_reduce(r, "gollum", "hunt.new_guide_gollum_may_reduce", left)
        r.step("hunt.new_guide_gollum_revealed", "wotr-char-gollum-guide")
    return []


# -- hunt-allocation ---------------------------------------------------------------------------

@question(HUNT_ALLOCATION)
def hunt_allocation(position, q, r):
    """Phase 3: how many action dice the Shadow may put in the Hunt Box before rolling.

    Eye results rolled in phase 4 are added on top and do not count against this limit.
    """
    raw = q.get("retrieved")
    if isinstance(raw, str) and names.normalize(raw) in YES_NO:
        raw = YES_NO[names.normalize(raw)]  # "sí"/"no" written as text, like every yes/no field
    if isinstance(raw, bool):
        # "retrieved: true" = the Free Peoples took back at least one die: all the rule needs.
        retrieved = int(raw)
    else:
        retrieved = q.int("retrieved", lo=0, hi=6)
    q.ready()
    lean_on_fellowship(position, r, "companions")
    companions = len(position.fellowship.companions)
    top = max(1, companions)
    if companions:
        r.step("hunt.allocation_max", "wotr-hunt-allocation-maximum", companions=companions)
    else:
        r.step("hunt.allocation_max_none", "wotr-hunt-allocation-maximum")
    r.step("hunt.allocation_eyes", "wotr-hunt-eye-results")
    if retrieved is None:
        ruling = r.needs_info(["question.retrieved"], "hunt.needs_retrieved")
        ruling.verdict["max"] = top
        return ruling
    low = 1 if retrieved > 0 else 0
    r.step("hunt.allocation_min" if low else "hunt.allocation_min_zero", "wotr-hunt-allocation-minimum",
           retrieved=retrieved)
    if low == top:   # "exactly 1 die", not "between 1 and 1"
        return r.decide("hunt.answer_allocation_exactly", {"n": top}, min=low, max=top)
    return r.decide("hunt.answer_allocation", {"min": low, "max": top}, min=low, max=top)
