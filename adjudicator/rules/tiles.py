"""War of the Ring: the Hunt tiles drawn (seed 000 'La Búsqueda del Anillo'; seed 004).

Kinds: ``hunt-damage`` (what a drawn tile does: damage, healing, its Reveal and Stop icons)
and ``hunt-draw`` (the exact odds of the next tile drawn from the Hunt Pool).
"""
from __future__ import annotations

from fractions import Fraction

from adjudicator import data, names
from adjudicator.model import MORDOR_TRACK_LAST, guide_candidates, read_tile
from adjudicator.params import Fields
from adjudicator.registry import question
from adjudicator.ruling import fraction_text, probability
from adjudicator.rules.characters import new_guide_step
from adjudicator.rules.fellowship import join_names, lean_on_fellowship, lean_on_guide
from adjudicator.rules.hunt import GUIDE_ABILITY_LABEL, HOBBITS, MAX_HUNT_DICE, lean_on_hunt, new_guide_may_reduce
from adjudicator.spec import T, Key, KindSpec, Param

GAME = "war-of-the-ring"
SUCCESSES = T("Successes of the Hunt roll", "Éxitos de la tirada de Búsqueda")
NO_ROLL = T("Tile drawn without a Hunt roll", "Loseta robada sin tirada de Búsqueda")

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
        Key("reductions", "ids", T("Reductions used", "Reducciones usadas")),
        Key("may_reduce", "ids", T("Reductions still possible", "Reducciones aún posibles")),
    ),
    position=("fellowship.region", "fellowship.hidden", "fellowship.corruption", "fellowship.mordor",
              "fellowship.guide", "fellowship.companions", "hunt.box"),
    rules=("wotr-hunt-damage", "wotr-hunt-damage-number", "wotr-hunt-damage-eye", "wotr-hunt-damage-eye-no-roll",
           "wotr-hunt-damage-reveal", "wotr-hunt-damage-negative", "wotr-hunt-damage-die", "wotr-mordor-eye",
           "wotr-mordor-stop", "wotr-tiles-special", "wotr-hunt-damage-order", "wotr-char-hobbit-guide",
           "wotr-char-gollum-guide"),
)

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


def bare_number(value) -> tuple[TileFace, bool]:
    """A tile given only by its number (or 'die'): its face, and whether its Reveal icon is
    certain. A number 0 to 3 is a standard tile: every standard 0 shows the Reveal icon and
    no standard 3 does; 1 and 2 come both ways, so a bare 1 or 2 is read without the icon
    (the ruling says how to add it). A value no standard tile shows (die, -1, -2) belongs to
    one special tile only, so it is that tile, icons included: the die is Shelob's Lair, with
    the Stop icon."""
    same = [e["reveal"] for e in data.hunt_tiles()["standard"] if e["value"] == value]
    only = only_special_with(value) if not same else None
    if only:
        info = data.hunt_tiles()["special"][only]
        return TileFace(info["value"], info["reveal"], info["stop"], special=only, bare=True), True
    if same and all(same):
        return TileFace(value, True, False, bare=True), True
    return TileFace(value, False, False, bare=True), not any(same)


def only_special_with(value) -> str | None:
    """The special tile that alone shows ``value``, if exactly one does."""
    ids = [tid for tid, info in data.hunt_tiles()["special"].items() if info["value"] == value]
    return ids[0] if len(ids) == 1 else None


def always_shows(value, icon: str) -> bool:
    """Whether every tile of the game showing ``value`` also shows ``icon`` ('reveal' or
    'stop'): a tile described without that icon is read with it (every Eye reveals, every
    die tile stops)."""
    tiles = data.hunt_tiles()
    faces = [e for e in tiles["standard"] if e["value"] == value]
    faces += [info for info in tiles["special"].values() if info["value"] == value]
    return bool(faces) and all(f.get(icon, False) for f in faces)


def read_tile_param(q) -> TileFace | None:
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
        value = read_tile(value_raw, f.at("value"), q.problems) if value_raw is not None else None
        if isinstance(value, str) and value not in ("eye", "die"):
            q.problems.add(f.at("value"), "hunt.err_tile_value_special", value=value_raw)
            value = None
        # Every Eye tile shows the Reveal icon and every die tile the Stop icon: a tile
        # described without them still shows them.
        reveal = f.bool("reveal", default=always_shows(value, "reveal"))
        stop = f.bool("stop", default=always_shows(value, "stop"))
        f.finish()
        return TileFace(value, bool(reveal), bool(stop)) if value is not None else None
    value = read_tile(raw, path, q.problems)
    if value is None:
        return None
    if value == "eye":
        return TileFace("eye", True, False)   # every standard Eye tile shows the Reveal icon
    if value == "die" or isinstance(value, int):
        return bare_number(value)[0]
    info = data.hunt_tiles()["special"][value]
    return TileFace(info["value"], info["reveal"], info["stop"], special=value)


def value_text(value, r) -> str:
    return r.t("hunt.word_die") if value == "die" else str(value)


def is_standard_numbered(tile: TileFace) -> bool:
    """A standard (beige) tile with a number: a tile given by its number alone, or described
    by a value 0..3 without the Stop icon (no special tile shows such a number with the Reveal
    icon and without the Stop icon, so Gollum's rule reads the same for both)."""
    return tile.special is None and isinstance(tile.value, int) and 0 <= tile.value <= 3 and not tile.stop


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
    if successes is not None and no_roll:
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
    if reveal and is_standard_numbered(tile):
        lean_on_guide(position, r)   # Gollum as Guide would ignore this tile's Reveal icon
        if fel.guide == "gollum":
            reveal = False
            r.step("hunt.gollum_ignores_reveal", "wotr-char-gollum-guide")
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
    return r.decide("hunt.answer_damage", {"damage": damage, "tail": tail},
                    damage=damage, heal=heal, reveal=reveal, stop=stop, **extra,
                    damage_left=left, reductions=used, may_reduce=may)


def _reduce(position, r, damage: int, tile_reveals: bool, card: int | None, guide_use: bool | None):
    """Steps 1 and 2 of the Hunt's order: a card on the table, then the Guide's ability.
    Returns the damage left, the reductions used, those still open, and whether the
    Fellowship is revealed by Gollum's ability."""
    if damage == 0:
        if card:
            r.step("hunt.card_nothing_to_reduce", "wotr-hunt-damage-order")
        if guide_use:
            r.step("hunt.guide_nothing_to_reduce", "wotr-hunt-damage-order")
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
    elif left == 0:
        if guide_use:
            r.step("hunt.guide_nothing_left", "wotr-hunt-damage-order", who=who)
    elif ability == "gollum" and not _gollum_may_reveal(position, r, tile_reveals):
        pass   # the step says why he cannot
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
    have = {}
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
    at_least_two = sum(p for k, p in damage.items() if k >= 2)
    return r.decide("hunt.answer_draw", {"tiles": len(faces), "expected": r.decimal(expected),
                                         "pct2": r.percent(at_least_two)}, **verdict)

