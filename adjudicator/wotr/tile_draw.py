"""War of the Ring: the next Hunt tile drawn, ``hunt-draw`` (seed 000 'La Búsqueda del Anillo';
seed 004).

The exact odds of each damage, the Eye, the Reveal and (on the Mordor Track) the Stop icon,
from the tiles in the Hunt Pool: the pool given, or the 16 standard tiles; special tiles set
aside until the Fellowship enters Mordor; an empty pool refilled with its standard tiles,
less those a card removed from the game. The tiles are read by :mod:`adjudicator.wotr.tiles`.
"""
from __future__ import annotations

from fractions import Fraction

from adjudicator import data
from adjudicator.registry import question
from adjudicator.ruling import fraction_text, probability
from adjudicator.spec import Key, KindSpec, Param, T
from adjudicator.wotr.fellowship import (
    join_names,
    lean_on_fellowship,
    lean_on_guide,
    unused_map_region,
    unused_mordor_step,
)
from adjudicator.wotr.hunt import MAX_HUNT_DICE, lean_on_hunt
from adjudicator.wotr.model import read_tile
from adjudicator.wotr.tiles import (
    NO_ROLL,
    SUCCESSES,
    TileFace,
    bare_number,
    is_standard_numbered,
    mordor_eye_damage,
)

GAME = "war-of-the-ring"

HUNT_DRAW = KindSpec(
    GAME, "hunt-draw", T("What might the next Hunt tile do?", "¿Qué puede hacer la próxima loseta de Búsqueda?"),
    "board/hunt-tiles",
    help=T("The tiles left in the Hunt Pool decide the odds of each damage, the Eye and a reveal.",
           "Las losetas que quedan en la reserva de Búsqueda deciden la probabilidad de cada daño, del Ojo y de "
           "descubrir a la Comunidad."),
    params=(
        Param("successes", "int", SUCCESSES, lo=1, hi=MAX_HUNT_DICE),
        Param("no_roll", "bool", NO_ROLL, default=False),
        Param("removed", "words", T("Tiles removed from the game by cards", "Losetas retiradas del juego por cartas"),
              help=T("Only matters when the pool runs out: these standard tiles do not go back (e.g. eye, 3).",
                     "Solo importa cuando se agota la reserva: estas losetas normales no vuelven (p. ej. ojo, 3)."),
              default_text=T("none", "ninguna")),
    ),
    verdict=(
        Key("tiles", "count", T("Tiles", "Losetas")),
        Key("p_damage", "distribution", T("Chance of each damage", "Probabilidad de cada daño")),
        Key("p_damage_exact", "mapping", T("Chance of each damage (exact)", "Probabilidad de cada daño (exacta)")),
        Key("p_eye", "probability", T("Chance of an Eye", "Probabilidad de un Ojo")),
        Key("expected_damage", "number", T("Expected damage", "Daño esperado")),
        Key("p_reveal", "probability", T("Chance of revealing", "Probabilidad de descubrir"), always=False,
            when=T("when every tile's icons are known", "si se conocen los iconos de cada loseta")),
        Key("p_reveal_exact", "exact", T("Chance of revealing (exact)", "Probabilidad de descubrir (exacta)"),
            always=False, when=T("with p_reveal", "con p_reveal")),
        Key("p_stop", "probability", T("Chance of stopping", "Probabilidad de detenerse"), always=False,
            when=T("on the Mordor Track", "en el marcador de Mordor")),
    ),
    position=("hunt.pool", "hunt.box", "fellowship.region", "fellowship.mordor", "fellowship.guide",
              "fellowship.companions"),
    rules=("wotr-tiles-pool", "wotr-tiles-pool-refill", "wotr-tiles-standard", "wotr-tiles-special-enter",
           "wotr-tiles-special-mordor", "wotr-tiles-reveal-icon"),
)


# -- the tiles in the pool ------------------------------------------------------------------

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
            face, certain = bare_number(tile)
            faces.append(face)
            known = known and certain
        else:
            info = data.hunt_tiles()["special"][tile]
            faces.append(TileFace(info["value"], info["reveal"], info["stop"], special=tile))
    return faces, known


def read_removed(q) -> list:
    """``removed``: the standard tiles an Event card took out of the game for good (numbers
    0 to 3 or eye); they do not go back when the pool runs out. Special tiles never go back
    anyway, so naming one is a problem, not a silent no-op."""
    values = q.param("removed")
    if values is None:
        return []
    out = []
    for i, raw in enumerate(values):
        path = q.at("removed") + [i]
        value = read_tile(raw, path, q.problems)
        if value is None:
            continue
        if value != "eye" and not (isinstance(value, int) and 0 <= value <= 3):
            q.problems.add(path, "hunt.err_removed_not_standard", value=raw)
            continue
        out.append(value)
    have: dict[int | str, int] = {}
    for e in data.hunt_tiles()["standard"]:
        have[e["value"]] = have.get(e["value"], 0) + e["count"]
    if any(out.count(v) > have[v] for v in set(out)):
        q.problems.add(q.at("removed"), "hunt.err_removed_too_many")
    return out


def refilled_pool(removed: list) -> tuple[list[TileFace], bool]:
    """The standard tiles back in the pool, less those removed from the game (never more of
    a value than exist: :func:`read_removed` checks), and whether every tile's icons are
    known: removing some but not all of the 1s (or 2s) leaves unknown which of them showed
    the Reveal icon."""
    standard = data.hunt_tiles()["standard"]
    counts = {(e["value"], e["reveal"]): e["count"] for e in standard}
    known = True
    for value in set(removed):
        variants = [key for key in counts if key[0] == value]
        gone = removed.count(value)
        if len(variants) > 1 and gone < sum(counts[k] for k in variants):
            known = False
        for key in variants:   # which variant left does not change the damage odds
            take = min(gone, counts[key])
            counts[key] -= take
            gone -= take
    faces = [TileFace(value, reveal, False) for (value, reveal), n in counts.items() for _ in range(n)]
    return faces, known


def _standard_icons_step(r, faces: list[TileFace]) -> None:
    """What the standard tiles drawn from show (their make-up fixes the odds of the Eye and
    of the Reveal icon)."""
    numbers = sorted((f for f in faces if f.value != "eye"), key=lambda f: -f.value)
    r.step("hunt.draw_standard_icons", "wotr-tiles-standard", eyes=sum(1 for f in faces if f.value == "eye"),
           numbered=sum(1 for f in numbers if f.reveal),
           with_values=", ".join(str(f.value) for f in numbers if f.reveal) or "-",
           plain=sum(1 for f in numbers if not f.reveal),
           plain_values=", ".join(str(f.value) for f in numbers if not f.reveal) or "-")


def _bare_icons_steps(r, pool) -> None:
    """Plain numbers in a given pool are standard tiles: the standard tiles of that number
    fix whether they show the Reveal icon (called only when every one of them does, or none)."""
    bare = sorted({t for t in pool if isinstance(t, int) and t >= 0}, reverse=True)
    revealing = [v for v in bare if bare_number(v)[0].reveal]
    plain = [v for v in bare if not bare_number(v)[0].reveal]
    if revealing and plain:
        r.step("hunt.draw_bare_both", "wotr-tiles-standard", values=join_names(list(map(str, revealing)), r),
               plain=join_names(list(map(str, plain)), r))
    elif revealing:
        r.step("hunt.draw_bare_reveal", "wotr-tiles-standard", values=join_names(list(map(str, revealing)), r))
    elif plain:
        r.step("hunt.draw_bare_plain", "wotr-tiles-standard", values=join_names(list(map(str, plain)), r))


@question(HUNT_DRAW)
def hunt_draw(position, q, r):
    """The odds of the next tile drawn from the Hunt Pool: each damage, the Eye, the Reveal
    and (on the Mordor Track) the Stop icon. The pool is ``position.hunt.pool`` or, when not
    given, the 16 standard tiles; an empty pool gets its standard tiles back first (less any
    a card removed from the game: ``removed``). An Eye is worth ``successes`` after a Hunt
    roll, 0 with ``no_roll``, and all the dice in the Hunt Box on the Mordor Track."""
    successes, no_roll = q.param("successes"), q.param("no_roll")
    if successes is not None and no_roll:
        q.problems.add(q.at("successes"), "hunt.err_successes_no_roll")
    fel, hunt = position.fellowship, position.hunt
    if successes is not None and fel.in_mordor:
        q.problems.add(q.at("successes"), "hunt.err_successes_mordor")
    removed = read_removed(q)
    q.ready()
    lean_on_hunt(position, r, "pool")
    if hunt.pool is None:
        faces, known = _standard_pool(), True
        r.step("hunt.draw_standard_pool", "wotr-tiles-pool", count=len(faces))
        _standard_icons_step(r, faces)
    else:
        faces, known = _pool_faces(hunt.pool)
        if any(f.special or f.value == "die" or (isinstance(f.value, int) and f.value < 0) for f in faces):
            lean_on_fellowship(position, r, "mordor")
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
        elif any(f.special for f in faces):
            specials = [data.hunt_tiles()["special"][f.special]["name"][r.lang] for f in faces if f.special]
            r.step("hunt.draw_special_in_pool", "wotr-tiles-special-mordor", count=len(specials),
                   names=join_names(specials, r))
        if faces:
            r.step("hunt.draw_given_pool", "wotr-tiles-pool", count=len(faces))
            if known:
                _bare_icons_steps(r, hunt.pool)
    if not faces:
        faces, known = refilled_pool(removed)
        if not q.has("removed"):
            r.default("question.removed", "hunt.default_removed", "wotr-tiles-pool-refill")
        r.step("hunt.draw_refilled", "wotr-tiles-pool-refill", count=len(faces))
        if not faces:
            return r.not_covered("hunt.answer_draw_none_left")
        if known:
            _standard_icons_step(r, faces)

    eyes = sum(1 for f in faces if f.value == "eye")
    if eyes:
        lean_on_fellowship(position, r, "mordor")   # the Eye is worth the Hunt Box there
    if eyes and fel.in_mordor:
        lean_on_hunt(position, r, "box")
        eye_damage = mordor_eye_damage(hunt)
        r.step("hunt.damage_eye_mordor", "wotr-mordor-eye", dice=eye_damage, shadow=hunt.shadow_dice,
               fp=hunt.free_peoples_dice)
    elif eyes and no_roll:
        eye_damage = 0
        r.step("hunt.damage_eye_no_roll", "wotr-hunt-damage-eye-no-roll")
    elif eyes and successes is None:
        r.step("hunt.damage_eye", "wotr-hunt-damage-eye")
        r.default("question.no_roll", "hunt.default_no_roll", "wotr-hunt-damage-eye-no-roll")
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
        gollum = False
        if any(f.reveal and is_standard_numbered(f) for f in faces):
            lean_on_guide(position, r)   # Gollum as Guide would ignore those tiles' Reveal icon
            gollum = position.fellowship.guide == "gollum"
            if gollum:
                r.step("hunt.draw_gollum_ignores_reveal", "wotr-char-gollum-guide")
        p_reveal = share * sum(1 for f in faces if f.reveal and not (gollum and is_standard_numbered(f)))
        verdict["p_reveal"] = probability(p_reveal)
        verdict["p_reveal_exact"] = fraction_text(p_reveal)
        r.step("hunt.draw_reveal", "wotr-tiles-reveal-icon", pct=r.percent(p_reveal))
    else:
        r.step("hunt.draw_reveal_unknown", "wotr-tiles-anatomy")
    if fel.in_mordor:
        p_stop = share * sum(1 for f in faces if f.stop)
        verdict["p_stop"] = probability(p_stop)
        r.step("hunt.draw_stop", "wotr-mordor-stop", pct=r.percent(p_stop))
    unused_map_region(position, r, "wotr-tiles-pool")
    unused_mordor_step(position, r, "wotr-tiles-pool")
    at_least_two = sum(p for k, p in damage.items() if k >= 2)
    return r.decide("hunt.answer_draw", {"tiles": len(faces), "expected": r.decimal(expected),
                                         "pct2": r.percent(at_least_two)}, **verdict)
