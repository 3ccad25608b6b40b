"""War of the Ring: the Hunt tiles, what a drawn tile shows (seed 000 'La Búsqueda del
Anillo'; seed 004).

A tile as a question or a pool gives it: a number, the Eye, the die, a special tile's name,
or what it shows (``{value, reveal, stop}``), read with the icons every tile of that value
shows. The kinds: ``hunt-damage`` (:mod:`adjudicator.wotr.tile_damage`: what a drawn tile
does) and ``hunt-draw`` (:mod:`adjudicator.wotr.tile_draw`: the exact odds of the next tile
drawn from the Hunt Pool).
"""
from __future__ import annotations

from adjudicator import data
from adjudicator.params import Fields
from adjudicator.spec import T
from adjudicator.wotr.model import read_tile

SUCCESSES = T("Successes of the Hunt roll", "Éxitos de la tirada de Búsqueda")
NO_ROLL = T("Tile drawn without a Hunt roll", "Loseta robada sin tirada de Búsqueda")


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
