"""War of the Ring: the Hunt for the Ring (seed 000 'La Búsqueda del Anillo'; seed 004).

Kinds: ``hunt-roll``, ``hunt-damage``, ``hunt-casualty``, ``hunt-allocation``, ``hunt-draw``.
"""
from __future__ import annotations

from fractions import Fraction

from adjudicator import data, names
from adjudicator.model import CORRUPTION_MAX, MORDOR_TRACK_LAST, _tile
from adjudicator.params import YES_NO, Fields, check_int, check_name
from adjudicator.registry import question
from adjudicator.ruling import fraction_text, probability
from adjudicator.rules.odds import hits_distribution

GAME = "war-of-the-ring"
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


@question(GAME, "hunt-roll")
def hunt_roll(position, q, r):
    """The Hunt roll after a Fellowship move off the Mordor Track: one die per Shadow die in
    the Hunt Box (at most 5), +1 per Free Peoples die already there, a natural 1 failing, and
    one failed die re-rolled per condition met where the Ring-bearers' figure stands. With
    ``rolls`` (and ``rerolled``) it counts the successes. Event cards are not modelled."""
    rolls = q.list("rolls")
    rerolled = q.list("rerolled")
    if rolls is not None:
        rolls = [check_int(v, q.at("rolls") + [i], q.problems, lo=1, hi=6) for i, v in enumerate(rolls)]
    if rerolled is not None:
        rerolled = [check_int(v, q.at("rerolled") + [i], q.problems, lo=1, hi=6) for i, v in enumerate(rerolled)]
    if rerolled is not None and rolls is None:
        q.problems.add(q.at("rerolled"), "hunt.err_rerolled_without_rolls")
    q.ready()

    fel, hunt = position.fellowship, position.hunt
    no_roll = fel.in_mordor or hunt.shadow_dice == 0
    if rolls is not None and no_roll:
        # Faces given for a roll that never happens: the scenario contradicts itself.
        q.problems.add(q.at("rolls"), "hunt.err_rolls_no_roll")
        q.problems.raise_if_any()
    if fel.in_mordor:
        r.step("hunt.roll_mordor", "wotr-mordor-hunt")
        return r.decide("hunt.answer_roll_mordor", dice=0, hit_on=None, rerolls=0, p_success=1.0,
                        p_success_exact="1")

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
    met = hunt_reroll_conditions(position)
    region = names.region_name(fel.region, r.lang)
    if met:
        for cond in met:
            r.step(f"hunt.reroll_{cond}", "wotr-hunt-reroll", region=region)
    else:
        r.step("hunt.reroll_none", "wotr-hunt-reroll", region=region)
    # One failed die per condition, but never more dice than were rolled (as in battle).
    rerolls = min(len(met), dice)
    if rerolls < len(met):
        r.step("hunt.reroll_capped", "wotr-hunt-reroll", conditions=len(met), dice=dice)
    dist = hits_distribution(dice, hit_on, rerolls)
    p = 1 - dist[0]
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
    if rerolled:
        extra = sum(_hunt_die_succeeds(v, bonus) for v in rerolled)
        r.step("hunt.rerolled", "wotr-hunt-reroll", rolls=", ".join(map(str, rerolled)), successes=extra)
        successes += extra
    success = successes > 0
    r.step("hunt.success_draws_tile" if success else "hunt.failure", "wotr-hunt-success")
    return r.decide("hunt.answer_rolled_success" if success else "hunt.answer_rolled_failure",
                    {"successes": successes}, **verdict, successes=successes, success=success)


def _hunt_die_succeeds(face: int, bonus: int) -> bool:
    """A natural 1 always fails; otherwise face + bonus must reach 6."""
    return face != 1 and face + bonus >= 6


# -- hunt-damage -------------------------------------------------------------------------------

def mordor_eye_damage(hunt) -> int:
    """An Eye on the Mordor Track: every action die in the Hunt Box counts (seed 000 'El
    Anillo Único': "la cantidad de dados que haya en la casilla de Búsqueda"), the Shadow
    dice and the Free Peoples dice of earlier Fellowship moves this turn. Nothing is rolled,
    so the cap of five Hunt dice does not apply."""
    return hunt.shadow_dice + hunt.free_peoples_dice


class TileFace:
    """What a drawn tile shows: its value (-2..3, 'eye' or 'die'), its icons, and its name
    when it is a special tile."""

    def __init__(self, value, reveal: bool, stop: bool, special: str | None = None, bare: bool = False):
        self.value, self.reveal, self.stop, self.special, self.bare = value, reveal, stop, special, bare


def _bare_number(value) -> tuple[TileFace, bool]:
    """A tile given only by its number (or 'die'): its face, and whether its Reveal icon is
    certain. Every standard 0 shows the Reveal icon and no standard 3 does; 1 and 2 come
    both ways, so a bare 1 or 2 is read without the icon (the ruling says how to add it)."""
    same = [e["reveal"] for e in data.hunt_tiles()["standard"] if e["value"] == value]
    if same and all(same):
        return TileFace(value, True, False, bare=True), True
    return TileFace(value, False, False, bare=True), not any(same)


def _read_tile(q) -> TileFace | None:
    """``tile``: a number, eye, die, a special tile's name (English or Spanish), or a mapping
    ``{value, reveal, stop}`` for a tile described by what it shows."""
    raw = q.get("tile")
    path = q.at("tile")
    if raw is None:
        q.error("tile", "core.err_required")
        return None
    if isinstance(raw, dict):
        f = Fields(raw, path, q.problems)
        value_raw = f.required("value")
        value = _tile(value_raw, f.at("value"), q.problems) if value_raw is not None else None
        if isinstance(value, str) and value not in ("eye", "die"):
            q.problems.add(f.at("value"), "hunt.err_tile_value_special", value=value_raw)
            value = None
        # Every Eye tile shows the Reveal icon, so an Eye described without it still reveals.
        reveal = f.bool("reveal", default=value == "eye")
        stop = f.bool("stop", default=False)
        f.finish()
        return TileFace(value, bool(reveal), bool(stop)) if value is not None else None
    value = _tile(raw, path, q.problems)
    if value is None:
        return None
    if value == "eye":
        return TileFace("eye", True, False)   # every standard Eye tile shows the Reveal icon
    if value == "die" or isinstance(value, int):
        return _bare_number(value)[0]
    info = data.hunt_tiles()["special"][value]
    return TileFace(info["value"], info["reveal"], info["stop"], special=value)


@question(GAME, "hunt-damage")
def hunt_damage(position, q, r):
    """The Hunt damage of a drawn tile, its healing, and its Reveal and Stop icons.

    Applies to any tile drawn (after a successful Hunt roll, on the Mordor Track, or drawn
    by a card or an extra-tile rule with ``no_roll``). Guide abilities and "play on the
    table" cards that reduce the damage are not modelled: they come after this value.
    """
    tile = _read_tile(q)
    successes = q.int("successes", lo=1, hi=MAX_HUNT_DICE)
    die = q.int("die", lo=1, hi=6)
    no_roll = q.bool("no_roll", default=False)
    fel, hunt = position.fellowship, position.hunt
    if successes is not None and no_roll:
        q.problems.add(q.at("successes"), "hunt.err_successes_no_roll")
    if successes is not None and fel.in_mordor:
        q.problems.add(q.at("successes"), "hunt.err_successes_mordor")
    if successes is not None and "hunt" in position.given and not fel.in_mordor \
            and successes > min(hunt.shadow_dice, MAX_HUNT_DICE):
        # More successes than dice rolled: only checked when the scenario gives the Hunt Box.
        q.problems.add(q.at("successes"), "hunt.err_successes_dice", successes=successes,
                       dice=min(hunt.shadow_dice, MAX_HUNT_DICE))
    if die is not None and tile is not None and tile.value != "die":
        q.problems.add(q.at("die"), "hunt.err_die_not_die_tile")
    q.ready()
    lang = r.lang

    if tile.special:
        r.step("hunt.tile_special", "wotr-tiles-special", name=data.hunt_tiles()["special"][tile.special]["name"][lang])
        if not fel.in_mordor:
            r.step("hunt.tile_special_outside", "wotr-tiles-special-enter")
    elif tile.bare and tile.reveal:
        r.step("hunt.tile_bare_reveal", "wotr-tiles-standard", value=tile.value)
    elif tile.bare:
        r.step("hunt.tile_bare", "wotr-tiles-anatomy", value=tile.value)

    heal = 0
    extra: dict = {}
    if tile.value == "eye":
        if fel.in_mordor:
            damage = mordor_eye_damage(hunt)
            r.step("hunt.damage_eye_mordor", "wotr-mordor-eye", dice=damage, shadow=hunt.shadow_dice,
                   fp=hunt.free_peoples_dice)
        elif no_roll:
            damage = 0
            r.step("hunt.damage_eye_no_roll", "wotr-hunt-damage-eye-no-roll")
        elif successes is None:
            r.step("hunt.damage_eye", "wotr-hunt-damage-eye")
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
        heal = min(-tile.value, fel.corruption)
        r.step("hunt.damage_negative", "wotr-hunt-damage-negative", value=tile.value, before=fel.corruption,
               after=fel.corruption - heal)
        extra["corruption"] = fel.corruption - heal
    else:
        damage = tile.value
        r.step("hunt.damage_number", "wotr-hunt-damage-number", value=damage)

    reveal = tile.reveal
    if reveal:
        r.step("hunt.reveal_icon" if fel.hidden else "hunt.reveal_icon_already", "wotr-hunt-damage-reveal")
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
    if damage > 0:
        r.step("hunt.damage_next", "wotr-hunt-damage")
    words = []
    if heal:
        words.append(r.t("hunt.word_heal", heal=heal))
    if reveal:
        words.append(r.t("hunt.word_reveal"))
    if stop:
        words.append(r.t("hunt.word_stop"))
    tail = ("; " + "; ".join(words)) if words else ""
    return r.decide("hunt.answer_damage", {"damage": damage, "tail": tail},
                    damage=damage, heal=heal, reveal=reveal, stop=stop, **extra)


# -- hunt-casualty -----------------------------------------------------------------------------

TAKE_WORDS = {
    "corruption": "corruption", "corrupcion": "corruption", "ring": "corruption", "anillo": "corruption",
    "usethering": "corruption", "usarelanillo": "corruption",
    "guide": "guide", "guia": "guide", "elguia": "guide", "theguide": "guide",
    "random": "random", "alazar": "random", "azar": "random", "randomcompanion": "random",
    "companeroalazar": "random",
}


def _read_take(q, position) -> str | None:
    from adjudicator.rules.fellowship import is_ring_bearer_name
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


def _guide_options(companions) -> list[str]:
    """Who may become Guide: the Companions of highest Level (the player picks among ties);
    Gollum when none is left."""
    if not companions:
        return ["gollum"]
    chars = data.characters()
    top = max(chars[c]["level"] or 0 for c in companions)
    return [c for c in companions if (chars[c]["level"] or 0) == top]


@question(GAME, "hunt-casualty")
def hunt_casualty(position, q, r):
    """Taking Hunt damage, after cards and the Guide's ability: as Corruption, or by
    eliminating the Guide or a random Companion (the name drawn). Damage beyond the
    casualty's Level becomes Corruption; 12 Corruption wins the game for the Shadow."""
    damage = q.int("damage", required=True, lo=0, hi=CORRUPTION_MAX)
    take = _read_take(q, position)
    q.ready()
    fel = position.fellowship
    lang = r.lang
    chars = data.characters()
    before = fel.corruption
    victim = None
    added = 0
    verdict_extra: dict = {}

    if damage == 0:
        r.step("hunt.casualty_no_damage", "wotr-hunt-casualty")
    elif take == "corruption":
        added = damage
        r.step("hunt.casualty_corruption", "wotr-hunt-corruption", damage=damage)
    elif take == "random":
        r.step("hunt.casualty_random", "wotr-hunt-casualty-choice", count=len(fel.companions))
        if not fel.companions:
            r.step("hunt.casualty_gollum", "wotr-fellowship-gollum")
        else:
            ruling = r.needs_info(["question.take"], "hunt.needs_random")
            share = Fraction(1, len(fel.companions))
            ruling.verdict["p_eliminated"] = {c: probability(share) for c in fel.companions}
            ruling.verdict["p_eliminated_exact"] = {c: fraction_text(share) for c in fel.companions}
            return ruling
        added = damage
        verdict_extra["allowed"] = False
    elif take in ("guide", "gollum") and fel.guide == "gollum":
        r.step("hunt.casualty_gollum", "wotr-fellowship-gollum")
        added = damage
        verdict_extra["allowed"] = False
    else:
        victim = fel.guide if take == "guide" else take
        level = chars[victim]["level"] or 0
        who = names.character_name(victim, lang)
        if take == "guide" or victim == fel.guide:
            r.step("hunt.casualty_guide", "wotr-hunt-casualty-choice", who=who)
        else:
            r.step("hunt.casualty_drawn", "wotr-hunt-casualty-choice", who=who)
        added = max(0, damage - level)
        if added:
            r.step("hunt.casualty_excess", "wotr-hunt-casualty-excess", who=who, level=level, damage=damage,
                   excess=added)
        else:
            r.step("hunt.casualty_absorbed", "wotr-hunt-casualty-excess", who=who, level=level, damage=damage)
        verdict_extra["allowed"] = True
        if victim == fel.guide:
            left = tuple(c for c in fel.companions if c != victim)
            options = _guide_options(left)
            verdict_extra["guide_options"] = options
            if options == ["gollum"]:
                r.step("hunt.casualty_new_guide_gollum", "wotr-fellowship-gollum")
            else:
                r.step("hunt.casualty_new_guide", "wotr-fellowship-guide-change",
                       names=", ".join(names.character_name(c, lang) for c in options))

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


# -- hunt-allocation ---------------------------------------------------------------------------

@question(GAME, "hunt-allocation")
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
    return r.decide("hunt.answer_allocation", {"min": low, "max": top}, min=low, max=top)


# -- hunt-draw (odds of the next tile) ---------------------------------------------------------

def _standard_pool() -> list[TileFace]:
    out = []
    for entry in data.hunt_tiles()["standard"]:
        out += [TileFace(entry["value"], entry["reveal"], False)] * entry["count"]
    return out


def _pool_faces(pool) -> tuple[list[TileFace], bool]:
    """The tiles of a given pool and whether every tile's icons are known (plain numbers in
    a written pool do not say whether they show the Reveal icon)."""
    faces, known = [], True
    for tile in pool:
        if tile == "eye":
            faces.append(TileFace("eye", True, False))
        elif tile == "die" or isinstance(tile, int):
            face, certain = _bare_number(tile)
            faces.append(face)
            known = known and certain
        else:
            info = data.hunt_tiles()["special"][tile]
            faces.append(TileFace(info["value"], info["reveal"], info["stop"], special=tile))
    return faces, known


@question(GAME, "hunt-draw")
def hunt_draw(position, q, r):
    """The odds of the next tile drawn from the Hunt Pool: each damage, the Eye, the Reveal
    and (on the Mordor Track) the Stop icon. The pool is ``position.hunt.pool`` or, when not
    given, the 16 standard tiles. An Eye is worth ``successes`` after a Hunt roll, 0 with
    ``no_roll``, and all the dice in the Hunt Box on the Mordor Track."""
    successes = q.int("successes", lo=1, hi=MAX_HUNT_DICE)
    no_roll = q.bool("no_roll", default=False)
    if successes is not None and no_roll:
        q.problems.add(q.at("successes"), "hunt.err_successes_no_roll")
    fel, hunt = position.fellowship, position.hunt
    if successes is not None and fel.in_mordor:
        q.problems.add(q.at("successes"), "hunt.err_successes_mordor")
    q.ready()
    if hunt.pool is None:
        faces, known = _standard_pool(), True
        r.step("hunt.draw_standard_pool", "wotr-tiles-pool", count=len(faces))
    else:
        faces, known = _pool_faces(hunt.pool)
        if not fel.in_mordor:
            # Seed 004: a special tile that enters play before Mordor is set aside and joins
            # the pool only when the Fellowship enters Mordor. Die and negative values exist
            # only on special tiles, so a bare "die" or -1 is one too.
            aside = [f for f in faces if f.special or f.value == "die"
                     or (isinstance(f.value, int) and f.value < 0)]
            if aside:
                faces = [f for f in faces if f not in aside]
                r.step("hunt.draw_special_set_aside", "wotr-tiles-special-enter", count=len(aside),
                       names=", ".join(data.hunt_tiles()["special"][f.special]["name"][r.lang] if f.special
                                       else str(f.value) for f in aside))
        r.step("hunt.draw_given_pool", "wotr-tiles-pool", count=len(faces))
    if not faces:
        r.step("hunt.draw_empty", "wotr-tiles-pool-refill")
        return r.not_covered("hunt.answer_draw_empty")

    eyes = sum(1 for f in faces if f.value == "eye")
    if eyes and fel.in_mordor:
        eye_damage = mordor_eye_damage(hunt)
        r.step("hunt.damage_eye_mordor", "wotr-mordor-eye", dice=eye_damage, shadow=hunt.shadow_dice,
               fp=hunt.free_peoples_dice)
    elif eyes and no_roll:
        eye_damage = 0
        r.step("hunt.damage_eye_no_roll", "wotr-hunt-damage-eye-no-roll")
    elif eyes and successes is None:
        r.step("hunt.damage_eye", "wotr-hunt-damage-eye")
        return r.needs_info(["question.successes"], "hunt.needs_successes")
    else:
        eye_damage = successes or 0
        if eyes:
            r.step("hunt.damage_eye_successes", "wotr-hunt-damage-eye", successes=eye_damage)

    share = Fraction(1, len(faces))
    damage: dict[int, Fraction] = {}
    for f in faces:
        if f.value == "eye":
            outcomes = {eye_damage: Fraction(1)}
        elif f.value == "die":
            outcomes = {k: Fraction(1, 6) for k in range(1, 7)}
        else:
            outcomes = {max(0, f.value): Fraction(1)}
        for k, p in outcomes.items():
            damage[k] = damage.get(k, Fraction(0)) + share * p
    if any(f.value == "die" for f in faces):
        r.step("hunt.damage_die_roll", "wotr-hunt-damage-die")
    if any(isinstance(f.value, int) and f.value < 0 for f in faces):
        r.step("hunt.draw_negative", "wotr-hunt-damage-negative")
    p_eye = share * eyes
    expected = sum(k * p for k, p in damage.items())
    verdict = {"tiles": len(faces),
               "p_damage": {str(k): probability(damage[k]) for k in sorted(damage)},
               "p_damage_exact": {str(k): fraction_text(damage[k]) for k in sorted(damage)},
               "p_eye": probability(p_eye), "expected_damage": probability(expected)}
    if known:
        p_reveal = share * sum(1 for f in faces if f.reveal)
        verdict["p_reveal"] = probability(p_reveal)
        verdict["p_reveal_exact"] = fraction_text(p_reveal)
        r.step("hunt.draw_reveal", "wotr-tiles-reveal-icon", pct=r.percent(p_reveal))
    else:
        r.step("hunt.draw_reveal_unknown", "wotr-tiles-anatomy")
    if fel.in_mordor:
        p_stop = share * sum(1 for f in faces if f.stop)
        verdict["p_stop"] = probability(p_stop)
        r.step("hunt.draw_stop", "wotr-mordor-stop", pct=r.percent(p_stop))
    at_least_two = sum(p for k, p in damage.items() if k >= 2)
    return r.decide("hunt.answer_draw", {"tiles": len(faces), "expected": r.decimal(expected),
                                         "pct2": r.percent(at_least_two)}, **verdict)
