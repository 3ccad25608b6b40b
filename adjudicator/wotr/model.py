"""The War of the Ring position: frozen dataclasses read from the scenario language.

Only what matters is given; everything else takes its default (regions empty, settlements
controlled by their original side, political track, Fellowship, Hunt Pool and dice as at
the start of the game). :func:`parse_position` reports every problem at once, each at the
path of its field; asking what is legal in a valid position is the rules modules' job.
"""
from __future__ import annotations

import re
from functools import cache
from typing import Any, NamedTuple

from adjudicator import data, names
from adjudicator.params import MAX_LIST_ITEMS, Fields, check_int, check_name, check_side, strict_int
from adjudicator.problems import Problems
from adjudicator.spec import T, Text
from adjudicator.wotr.limits import check_limits

SIDES = ("free_peoples", "shadow")
UNIT_KINDS = ("regular", "elite", "leader")
UNIT_KIND_ALIASES = {"regular": "regular", "regulars": "regular", "regulares": "regular",
                     "elite": "elite", "elites": "elite", "leader": "leader", "leaders": "leader",
                     "lider": "leader", "lideres": "leader"}   # keys folded by names.normalize
MAX_UNITS_PER_KIND = 36   # no nation owns more figures of one kind (Sauron's Regulars); limits.py checks each pool
MORDOR_TRACK_LAST = 5     # steps 0..5 of the Mordor Track; the last one is the Crack of Doom
CORRUPTION_MAX = 12

# What a position field is when the scenario leaves it out, in words (docs/usage.md shows this
# table; a ruling that leans on one of these names its path in ``verdict.defaults`` and says
# so in a step). The keys are the paths as ``defaults`` and ``missing`` write them.
POSITION_DEFAULTS: dict[str, Text] = {
    "position.regions": T("a region not listed holds no figures, and its settlement is controlled by its "
                          "original side, not besieged",
                          "una región que no se lista no tiene figuras, y su asentamiento lo controla su bando "
                          "original, sin asedio"),
    "position.politics": T("each nation at its starting position on the Political Track",
                           "cada nación en su casilla inicial del Marcador Político"),
    "position.fellowship.region": T("Rivendell", "Rivendel"),
    "position.fellowship.progress": T("0", "0"),
    "position.fellowship.hidden": T("hidden", "oculta"),
    "position.fellowship.corruption": T("0", "0"),
    "position.fellowship.guide": T("Gandalf the Grey when the seven Companions are the start's; else the Companion "
                                   "of highest Level (ties: the Free Peoples choose, so a ruling that needs the "
                                   "Guide asks)",
                                   "Gandalf el Gris si los siete Compañeros son los del principio; si no, el "
                                   "Compañero de mayor nivel (con empate eligen los Pueblos Libres, así que una "
                                   "resolución que necesite al Guía lo pregunta)"),
    "position.fellowship.companions": T("the seven Companions of the start", "los siete Compañeros del principio"),
    "position.fellowship.mordor": T("not on the Mordor Track", "fuera del marcador de Mordor"),
    "position.hunt.box": T("no dice in the Hunt Box", "ningún dado en la Casilla de Búsqueda"),
    "position.hunt.pool": T("the 16 standard tiles", "las 16 losetas estándar"),
    "position.hunt.special_tiles": T("no special tile put in play by an Event card",
                                     "ninguna loseta especial puesta en juego por una carta de Evento"),
    "position.turn.phase": T("not given: the answer is for the phase the question belongs to, and says which",
                             "no se da: la respuesta es para la fase propia de la pregunta, y dice cuál"),
    "position.reinforcements": T("each nation's starting reinforcements", "los refuerzos iniciales de cada nación"),
}


@cache
def _empty_region(region_id: str) -> RegionState:
    """The state of a region the scenario does not list (immutable, so shared)."""
    return RegionState(region_id)


def other_side(side: str) -> str:
    return "shadow" if side == "free_peoples" else "free_peoples"


class Units(NamedTuple):
    regular: int = 0
    elite: int = 0
    leader: int = 0

    @property
    def count(self) -> int:  # type: ignore[override]  # shadows tuple.count; four rule modules read it
        """Army units (regulars and elites); leaders are not units."""
        return self.regular + self.elite


class Army(NamedTuple):
    """One side's figures in a region."""

    nations: dict[str, Units] = {}
    nazgul: int = 0
    characters: tuple[str, ...] = ()

    # Plain loops, not sum() over a generator: rulings ask an army for these dozens of times,
    # and an army holds one or two nations.
    @property
    def regular(self) -> int:
        total = 0
        for u in self.nations.values():
            total += u.regular
        return total

    @property
    def elite(self) -> int:
        total = 0
        for u in self.nations.values():
            total += u.elite
        return total

    @property
    def leaders(self) -> int:
        total = 0
        for u in self.nations.values():
            total += u.leader
        return total

    @property
    def units(self) -> int:
        total = 0
        for u in self.nations.values():
            total += u.regular + u.elite
        return total

    @property
    def is_empty(self) -> bool:
        return self.nazgul == 0 and not self.characters and self.units == 0 and self.leaders == 0

    @property
    def is_army(self) -> bool:
        """An army has at least one regular or elite unit."""
        return self.units > 0

    def nations_present(self) -> list[str]:
        return [n for n, u in self.nations.items() if u.count or u.leader]


class RegionState(NamedTuple):
    id: str
    control: str | None = None          # None: the settlement's original side
    besieged: str | None = None         # the side whose army is inside the besieged stronghold
    free_peoples: Army = Army()
    shadow: Army = Army()
    crossed: tuple[str, ...] = ()       # nations not At War whose figures came here across a border

    def army(self, side: str) -> Army:
        return self.free_peoples if side == "free_peoples" else self.shadow


class Political(NamedTuple):
    steps: int          # boxes still to advance to reach At War (0 = At War)
    active: bool

    @property
    def at_war(self) -> bool:
        return self.steps == 0


class Fellowship(NamedTuple):
    region: str = "rivendell"
    progress: int = 0
    hidden: bool = True
    corruption: int = 0
    guide: str | None = "gandalf-the-grey"   # None: several Companions tie and none is named Guide
    companions: tuple[str, ...] = ("gandalf-the-grey", "strider", "boromir", "legolas", "gimli",
                                   "meriadoc", "peregrin")
    mordor: int | None = None
    given: frozenset[str] = frozenset()   # the fields the scenario gave (the rest are defaults)

    @property
    def in_mordor(self) -> bool:
        return self.mordor is not None


def guide_candidates(companions: tuple[str, ...] | list[str]) -> list[str]:
    """Who may be the Guide: the Companions of the highest Level (the Free Peoples choose
    among ties), or Gollum when no Companion is left (seed 000 'El Guía de la Comunidad')."""
    if not companions:
        return ["gollum"]
    chars = data.characters()
    top = max(chars[c]["level"] or 0 for c in companions)
    return [c for c in companions if (chars[c]["level"] or 0) == top]


class CharacterNames(NamedTuple):
    """Character names for a problem message, rendered in the message's language."""

    ids: tuple[str, ...]

    def render(self, lang: str) -> str:
        return ", ".join(names.character_name(c, lang) for c in self.ids)


class Hunt(NamedTuple):
    shadow_dice: int = 0
    free_peoples_dice: int = 0
    pool: tuple[Any, ...] | None = None   # None: the 16 standard tiles
    given: frozenset[str] = frozenset()   # the Hunt fields given ("box", "pool", "special_tiles")
    special_tiles: tuple[str, ...] = ()   # special tiles Event cards put in play, not yet in the pool


class Position(NamedTuple):
    regions: dict[str, RegionState] = {}
    politics: dict[str, Political] = {}
    fellowship: Fellowship = Fellowship()
    hunt: Hunt = Hunt()
    phase: int | None = None
    given: frozenset[str] = frozenset()   # top-level position keys the scenario gave
    reinforcements: dict[str, dict[str, int]] = {}  # given pools only

    # -- facts about the board ---------------------------------------------------------
    def region(self, region_id: str) -> RegionState:
        return self.regions.get(region_id) or _empty_region(region_id)

    def army(self, region_id: str, side: str) -> Army:
        return self.region(region_id).army(side)

    def controller(self, region_id: str) -> str | None:
        """Who controls the region's settlement (None where there is no settlement)."""
        info = data.regions()[region_id]
        if not info["settlement"] or info["settlement"] == "fortification":
            return None  # fortifications are not settlements: nobody controls them
        state = self.regions.get(region_id)
        if state and state.control:
            return state.control
        return info["side"]

    def is_captured(self, region_id: str) -> bool:
        info = data.regions()[region_id]
        return bool(info["settlement"]) and info["side"] is not None and self.controller(region_id) != info["side"]

    def political(self, nation: str) -> Political:
        if nation in self.politics:
            return self.politics[nation]
        n = data.nations()[nation]
        return Political(n["steps_from_war_at_start"], n["active_at_start"])

    def at_war(self, nation: str) -> bool:
        return self.political(nation).at_war

    def reinforcements_left(self, nation: str, unit: str) -> int:
        """Figures of ``unit`` left in ``nation``'s reinforcements (default: the starting pool)."""
        given = self.reinforcements.get(nation, {})
        if unit in given:
            return given[unit]
        return data.nations()[nation]["reinforcements"].get(unit, 0)


def _side(value: Any, path: list, problems: Problems) -> str | None:
    return check_side(value, path, problems)


def _split_character_text(value: Any) -> list:
    """One text naming several characters ("Trancos, Legolas", "Merry y Pippin") read as
    separate names (names.split_names, the one splitter of lists of names)."""
    return names.split_names(value, names.characters())


# The two sides written as keys the way a player writes them, in either language.
SIDE_KEY_ALIASES = {  # keyed by names.normalize(): no case, accents, spaces, '-' or '_'
    "sombra": "shadow", "lasombra": "shadow",
    "freepeoples": "free_peoples", "thefreepeoples": "free_peoples",
    "puebloslibres": "free_peoples", "lospuebloslibres": "free_peoples",
}


def _side_keys(raw: Any) -> Any:
    """A mapping keyed by side with its keys in their canonical form (``sombra`` ->
    ``shadow``). A key whose canonical form is also present is left as written, so that
    the reader reports it as unknown rather than silently dropping one of the two."""
    if not isinstance(raw, dict):
        return raw
    out = {}
    for key, value in raw.items():
        canon = SIDE_KEY_ALIASES.get(names.normalize(key)) if isinstance(key, str) else None
        if canon and canon not in raw:
            out[canon] = value
        else:
            out[key] = value
    return out


def read_army(f: Fields, side: str) -> Army:
    """One side's figures in a region (or the ``units`` of a question), every problem at its path."""
    nations: dict[str, Units] = {}
    nazgul = 0
    characters: list[str] = []
    for key, value in f.raw.items():
        f.read.add(key)
        path = f.at(key)
        folded = names.normalize(str(key))
        if folded in ("characters", "personajes"):
            if not isinstance(value, list):
                value = [value]
            if len(value) > MAX_LIST_ITEMS:
                f.problems.add(path, "core.err_list_too_long", limit=MAX_LIST_ITEMS, n=len(value))
                continue
            for i, c in enumerate(value):
                cid = check_name(c, names.characters(), "character", [*path, i], f.problems)
                if cid:
                    if data.characters()[cid]["side"] != side:
                        f.problems.add([*path, i], "core.err_character_side", value=c)
                    elif cid in characters:
                        f.problems.add([*path, i], "core.err_duplicate", value=c)
                    else:
                        characters.append(cid)
            continue
        if folded in ("nazgul",):
            if side != "shadow":
                f.problems.add(path, "core.err_nazgul_side")
                continue
            n = check_int(value, path, f.problems, lo=0, hi=data.load("characters")["nazgul_figures"])
            nazgul = n or 0
            continue
        nation = check_name(key, names.nations(), "nation", path, f.problems)
        if nation is not None and data.nations()[nation]["side"] != side:
            f.problems.add(path, "core.err_nation_side", value=key)
            nation = None
        units = _read_units(value, path, f.problems, side)   # read even under a bad name: all problems at once
        if nation is not None:
            nations[nation] = units
    return Army(nations, nazgul, tuple(characters))


def _read_units(value: Any, path: list, problems: Problems, side: str) -> Units:
    """One nation's counts (``{regular: 2, elite: 1, leader: 1}``), every problem at its path."""
    if isinstance(value, dict):
        # People write plurals and Spanish: "regulars", "élites", "líderes" read as the kinds;
        # two keys that name one kind (``regular: 0, regulars: 8``) are a duplicate, not key order.
        folded: dict[Any, Any] = {}
        written: dict[Any, Any] = {}
        for k, v in value.items():
            kind = UNIT_KIND_ALIASES.get(names.normalize(str(k)), k)
            if kind in folded:
                problems.add([*path, k], "core.err_same_key", key=k, other=written[kind])
                continue
            folded[kind], written[kind] = v, k
        value = folded
    uf = Fields(value, path, problems)
    counts = {kind: uf.int(kind, default=0, lo=0, hi=MAX_UNITS_PER_KIND) or 0 for kind in UNIT_KINDS}
    uf.finish()
    if side == "shadow" and counts["leader"]:
        problems.add([*path, "leader"], "core.err_shadow_leader")
        counts["leader"] = 0
    return Units(**counts)


def _political(value: Any, path: list, problems: Problems) -> Political | None:
    if isinstance(value, str):
        if names.normalize(value) in ("atwar", "enguerra", "war"):
            return Political(0, True)
        problems.add(path, "core.err_politics_value", value=value)
        return None
    if isinstance(value, dict) and isinstance(value.get("active"), str):
        # "sí", "yes", "activa" / "no", "pasiva": people answer in words.
        word = names.normalize(value["active"])
        truth = {"si": True, "yes": True, "true": True, "activa": True, "active": True, "activo": True,
                 "no": False, "false": False, "pasiva": False, "passive": False, "pasivo": False}.get(word)
        if truth is not None:
            value = {**value, "active": truth}
    f = Fields(value, path, problems)
    steps = f.int("steps", required=True, lo=0, hi=3)
    active = f.bool("active", default=True)
    f.finish()
    if steps is None:
        return None
    if steps == 0 and active is False:
        problems.add([*path, "active"], "core.err_passive_at_war")
        return None
    return Political(steps, True if steps == 0 else bool(active))


# Words that single out one special Hunt tile however its name is written or translated
# ("Sméagol ayuda al amo bueno", "Y siguieron adelante", "Frasco"): folded as names.normalize does.
TILE_KEYWORDS = {
    "phial": "phial-of-galadriel", "frasco": "phial-of-galadriel", "galadriel": "phial-of-galadriel",
    "cloak": "elven-cloaks", "capa": "elven-cloaks", "rope": "elven-rope", "cuerda": "elven-rope",
    "smeagol": "smeagol-helps-nice-master", "shelob": "shelobs-lair", "ellalarana": "shelobs-lair",
    "ringismine": "the-ring-is-mine", "anilloesmio": "the-ring-is-mine", "onon": "on-on-they-went",
    "siguieron": "on-on-they-went", "giveit": "give-it-to-uss", "givit": "give-it-to-uss",
    "danoslo": "give-it-to-uss",
}


def _special_tile_by_keyword(folded: str) -> str | None:
    found = {tid for word, tid in TILE_KEYWORDS.items() if word in folded}
    return found.pop() if len(found) == 1 else None


EYE_WORDS = {"eye", "ojo", "theeye", "elojo", "eyeofsauron", "ojodesauron"}
DIE_WORDS = {"die", "dado", "dice", "d6", "eldado", "thedie"}


def read_tile(value: Any, path: list, problems: Problems) -> Any:
    """A Hunt tile as a player writes it: a number -2..3 (also as text, with any minus sign),
    eye, die, or a special tile's name in English or Spanish (short names accepted)."""
    if isinstance(value, bool):
        problems.add(path, "core.err_tile", value=value)
        return None
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, int):
        if -2 <= value <= 3:
            return value
        problems.add(path, "core.err_range", lo=-2, hi=3, value=value)
        return None
    if isinstance(value, str):
        folded = names.normalize(value)
        if folded in EYE_WORDS:
            return "eye"
        if folded in DIE_WORDS:
            return "die"
        # Any dash or the Unicode minus sign before the digits means a negative tile.
        number = re.fullmatch(r"\s*([-\u2212\u2013+]?)\s*([0-9]+)\s*", value)
        if number:
            n = strict_int(number.group(2))   # ASCII digits; HUGE (out of range) when absurdly long
            assert n is not None  # the pattern matched [0-9]+, which strict_int always reads
            n = -n if number.group(1) in ("-", "\u2212", "\u2013") else n
            if -2 <= n <= 3:
                return n
            problems.add(path, "core.err_range", lo=-2, hi=3, value=value)
            return None
        tid = names.special_tiles().lookup(value) or _special_tile_by_keyword(folded)
        if tid:
            return tid
        suggestions = names.special_tiles().suggestions(value)
        if suggestions:
            problems.add(path, "hunt.err_tile_suggest", value=value, suggestions=suggestions)
            return None
    problems.add(path, "core.err_tile", value=value)
    return None


def _special_tiles(hf: Fields) -> tuple[str, ...]:
    """``hunt.special_tiles``: special tiles put in play by Event cards (only special tiles are)."""
    raw = hf.list("special_tiles")
    out: list[str] = []
    for i, v in enumerate(raw or ()):
        tile = read_tile(v, hf.at("special_tiles") + [i], hf.problems)
        if tile is None:
            continue
        if not isinstance(tile, str) or tile in ("eye", "die"):
            hf.problems.add(hf.at("special_tiles") + [i], "journey.err_in_play_not_special", value=v)
        elif tile in out:
            hf.problems.add(hf.at("special_tiles") + [i], "core.err_duplicate", value=v)
        else:
            out.append(tile)
    return tuple(out)


def _nation_entries(f: Fields):
    """(nation id, value, path) for each key of a mapping keyed by nation names; an unknown
    name is a problem (with suggestions) and comes with id None, so that its value is still
    checked (every problem at once) but not kept."""
    for key, value in f.raw.items():
        f.read.add(key)
        yield check_name(key, names.nations(), "nation", f.at(key), f.problems), value, f.at(key)


def _region_fields(value: Any, path: list, problems: Problems):
    """A region's own fields, each checked on its own (what needs the region is the caller's)."""
    g = Fields(_side_keys(value), path, problems)
    control = g.get("control")
    control = _side(control, g.at("control"), problems) if control is not None else None
    besieged = g.get("besieged")
    besieged = _side(besieged, g.at("besieged"), problems) if besieged is not None else None
    fp = read_army(g.sub("free_peoples"), "free_peoples")
    sh = read_army(g.sub("shadow"), "shadow")
    crossed = tuple(dict.fromkeys(n for i, v in enumerate(g.list("crossed") or ())
                                  if (n := check_name(v, names.nations(), "nation", g.at("crossed") + [i], problems))))
    g.finish()
    return g, control, besieged, fp, sh, crossed


def _given(f: Fields, key: str) -> bool:
    """Whether the position gives ``key``; a section left out is still read (an unknown key
    is told the known ones), without building its reader for nothing."""
    if f.has(key):
        return True
    f.read.add(key)
    return False


_DEFAULT_FELLOWSHIP = Fellowship()


def parse_position(raw: Any, problems: Problems, path: tuple = ("position",)) -> Position:
    f = Fields(raw, list(path), problems)
    regions: dict[str, RegionState] = {}
    region_paths: dict[str, list] = {}
    rf = f.sub("regions") if _given(f, "regions") else Fields({}, (), problems)
    for key, value in rf.raw.items():
        rf.read.add(key)
        rid = check_name(key, names.regions(), "region", rf.at(key), problems)
        if rid in regions:
            problems.add(rf.at(key), "core.err_duplicate_region", value=key)
            rid = None
        # Read even under a bad or repeated name, so that every problem comes at once.
        g, control, besieged, fp, sh, crossed = _region_fields(value, rf.at(key), problems)
        if rid is None:
            continue
        info = data.regions()[rid]
        if control and not info["settlement"]:
            problems.add(g.at("control"), "core.err_control_no_settlement", region=key)
            control = None
        if besieged:
            if info["settlement"] != "stronghold":
                problems.add(g.at("besieged"), "core.err_besieged_not_stronghold", region=key)
                besieged = None
            else:
                outside = sh if besieged == "free_peoples" else fp
                if not outside.is_army:
                    problems.add(g.at("besieged"), "core.err_besieged_no_besiegers", region=key)
        elif fp.is_army and sh.is_army:
            # Where nobody can be besieged, asking which side is would send the player in a circle.
            problems.add(rf.at(key), "core.err_two_armies" if info["settlement"] == "stronghold"
                         else "core.err_two_armies_no_stronghold", region=key)
        for i, nid in enumerate(crossed):
            here = fp.nations.get(nid) or sh.nations.get(nid)
            if not (here and (here.count or here.leader)):
                problems.add(g.at("crossed") + [i], "advance.err_crossed_absent", region=key)
            elif info.get("nation") in (None, nid):
                problems.add(g.at("crossed") + [i], "advance.err_crossed_own", region=key)
        regions[rid] = RegionState(rid, control, besieged, fp, sh, crossed)
        region_paths[rid] = rf.at(key)
    rf.finish()

    politics: dict[str, Political] = {}
    for nid, value, at in _nation_entries(f.sub("politics")) if _given(f, "politics") else ():
        pol = _political(value, at, problems)
        if pol is not None and nid is not None:
            politics[nid] = pol

    fellowship = _DEFAULT_FELLOWSHIP
    if f.has("fellowship"):
        ff = f.sub("fellowship")
        region = ff.region("region")
        progress = ff.int("progress", default=0, lo=0, hi=12)
        hidden = ff.bool("hidden", default=True)
        corruption = ff.int("corruption", default=0, lo=0, hi=CORRUPTION_MAX)
        guide = ff.character("guide")
        comp_raw = ff.list("companions")
        companions = None
        if comp_raw is not None:
            comp_raw = [part for c in comp_raw for part in _split_character_text(c)]
            companions = []
            for i, c in enumerate(comp_raw):
                cid = check_name(c, names.characters(), "character", ff.at("companions") + [i], problems)
                if cid:
                    if data.characters()[cid]["kind"] != "companion":
                        problems.add(ff.at("companions") + [i], "core.err_not_companion", value=c)
                    elif data.characters()[cid]["replaces"]:
                        # Aragorn and Gandalf the White enter play on the map, never in the Fellowship.
                        problems.add(ff.at("companions") + [i], "fellowship.err_never_in_fellowship", value=c)
                    elif cid in companions:
                        problems.add(ff.at("companions") + [i], "core.err_duplicate", value=c)
                    else:
                        companions.append(cid)
        mordor = ff.int("mordor", lo=0, hi=MORDOR_TRACK_LAST)
        ff.finish()
        defaults = _DEFAULT_FELLOWSHIP
        comps = tuple(companions) if companions is not None else defaults.companions
        if guide is None:
            if companions is None:
                guide = defaults.guide
            else:
                options = guide_candidates(comps)
                guide = options[0] if len(options) == 1 else None   # a tie: the players choose
        elif guide != "gollum" and guide not in comps:
            problems.add(ff.at("guide"), "core.err_guide_not_in_fellowship", value=ff.raw.get("guide"))
        elif guide not in guide_candidates(comps):
            # The Guide is always a Companion of the highest Level, and Gollum only when none is left.
            problems.add(ff.at("guide"), "fellowship.err_guide_not_highest", value=ff.raw.get("guide"),
                         names=CharacterNames(tuple(guide_candidates(comps))))
        given = frozenset(k for k in ("region", "progress", "hidden", "corruption", "guide", "companions", "mordor")
                          if ff.raw.get(k) is not None) if isinstance(ff.raw, dict) else frozenset()
        fellowship = Fellowship(region or defaults.region, progress or 0,
                                True if hidden is None else hidden, corruption or 0, guide, comps, mordor, given)

    hunt = Hunt()
    if f.has("hunt"):
        hf = f.sub("hunt")
        box_raw = hf.raw.get("box") if isinstance(hf.raw, dict) else None
        fp_dice: int | None = 0
        if box_raw is not None and not isinstance(box_raw, dict) and strict_int(box_raw) is None:
            # Neither shape the docs give: the message names both (a count, or the mapping).
            hf.read.add("box")
            problems.add(hf.at("box"), "hunt.err_box_type")
            shadow_dice = None
        elif box_raw is not None and not isinstance(box_raw, dict):
            # "box: 3": a bare number is the Shadow dice in the Hunt Box (no Free Peoples die).
            hf.read.add("box")
            shadow_dice = check_int(box_raw, hf.at("box"), problems, lo=0, hi=7 + 3)
        else:
            bf = Fields(_side_keys(hf.get("box")), hf.at("box"), problems)
            shadow_dice = bf.int("shadow", default=0, lo=0, hi=7 + 3)
            fp_dice = bf.int("free_peoples", default=0, lo=0, hi=4 + 2)
            bf.finish()
        pool_raw = hf.list("pool")
        pool = None
        if pool_raw is not None:
            pool = tuple(t for t in (read_tile(v, hf.at("pool") + [i], problems) for i, v in enumerate(pool_raw))
                         if t is not None)
        in_play = _special_tiles(hf)
        hf.finish()
        hunt_given = frozenset(k for k in ("box", "pool", "special_tiles")
                               if isinstance(hf.raw, dict) and hf.raw.get(k) is not None)
        hunt = Hunt(shadow_dice or 0, fp_dice or 0, pool, hunt_given, in_play)

    reinforcements: dict[str, dict[str, int]] = {}
    reinforcement_paths: dict[str, list] = {}
    for nid, value, at in _nation_entries(f.sub("reinforcements")) if _given(f, "reinforcements") else ():
        nf = Fields(value, at, problems)
        left = {kind: n for kind in ("regular", "elite", "leader", "nazgul")
                if (n := nf.int(kind, lo=0, hi=MAX_UNITS_PER_KIND)) is not None}
        nf.finish()
        if nid is not None:
            reinforcements[nid] = left
            reinforcement_paths[nid] = at
    # The game's own bounds: stacking, every nation's figures, the Nazgûl (each at its path).
    check_limits(regions, region_paths, reinforcements, reinforcement_paths, problems)

    phase = None
    if f.has("turn"):
        tf = f.sub("turn")
        phase = tf.int("phase", lo=1, hi=6)
        tf.finish()
    f.finish()
    return Position(regions, politics, fellowship, hunt, phase, frozenset(f.raw), reinforcements)
