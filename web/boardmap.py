"""The War of the Ring board as a schematic map: inline SVG, no external assets.

A shape per region (its settlement: stronghold, city, town, fortification or none) filled
with its nation's colour, a line per border (``regions.json``), the name in the page's
language, and optionally the regions in play marked by role (:data:`ROLES`) and the
armies in them. Every region element carries ``data-region="<id>"``; a marked one also
``data-role``. ``static/map.js`` adds pan, zoom and picking; without it the map is a still
picture and the list beside it (``templates/_boardmap.html``) says what is marked.

- :func:`board_svg` the SVG alone (Markup); :func:`board` the SVG with what the template
  shows around it (:class:`Board`).
- :func:`ruling_regions` the regions a War of the Ring ruling names, with their roles.
- :func:`position_armies` the short army text of each region of a scenario's position.
- :func:`candidates_within` the regions a form may offer to pick next.
"""
from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache, lru_cache
from typing import Any

from flask_babel import force_locale, gettext
from markupsafe import Markup, escape

from adjudicator import data, names


def N_(msgid: str) -> str:
    """Mark a msgid for the catalogue (babel extracts N_); translated when drawn."""
    return msgid


BOARD_H = 1000                        # user units; the width follows the board's aspect
ROLES = ("from", "to", "reachable", "blocked", "path")
ROLE_LABELS = {"from": N_("From"), "to": N_("To"), "reachable": N_("Within reach"),
               "blocked": N_("Blocked"), "path": N_("Path")}
SETTLEMENTS = ("stronghold", "city", "town", "fortification", None)
SETTLEMENT_LABELS = {"stronghold": N_("Stronghold"), "city": N_("City"), "town": N_("Town"),
                     "fortification": N_("Fortification"), None: N_("No settlement")}
# Light fills, so the dark outlines, the role marks and the labels' halos stay clear on them.
NATION_FILLS = {"dwarves": "#c79a6b", "elves": "#7cc4b5", "gondor": "#a9c6ea", "north": "#d9d07a",
                "rohan": "#9ccc7c", "isengard": "#b9b9b9", "sauron": "#e07a6c", "southrons": "#e9a15b",
                None: "#ffffff"}
# Settlement shapes around (0, 0); none is the smallest, so towns and up stand out.
SHAPES = {
    "stronghold": '<rect x="-11" y="-11" width="22" height="22"/>',
    "city": '<path d="M0-14 14 0 0 14-14 0z"/>',
    "town": '<path d="M0-13 12 9H-12z"/>',
    "fortification": '<path d="M-6-12H6L12 0 6 12H-6L-12 0z"/>',
    None: '<circle r="7"/>',
}
# Each role is drawn differently (not only by colour) and named in the region's <title>.
# Colours are at least 4.5:1 against the map's background.
ROLE_MARKS = {
    "from": '<circle r="20" fill="none" stroke="#1f4e8c" stroke-width="5"/>',
    "to": '<g fill="none" stroke="#7a3e12" stroke-width="3"><circle r="18"/><circle r="24"/></g>',
    "reachable": '<circle r="19" fill="none" stroke="#2f6b2f" stroke-width="3.5" stroke-dasharray="6 4"/>',
    "blocked": '<path d="M-17-17 17 17M17-17-17 17" fill="none" stroke="#a4262c" stroke-width="5" '
               'stroke-linecap="round"/>',
    "path": '<circle r="19" fill="none" stroke="#6b4fa0" stroke-width="4" stroke-dasharray="0.1 7" '
            'stroke-linecap="round"/>',
}
MOVE_ROLES = {"from", "to", "path"}
MARK_RADIUS = 26                      # clears the widest role mark, for the labels' offsets
PLAIN_RADIUS = 14
CLOSE_UP_MARGIN = 90                  # around the regions in play, in user units
CLOSE_UP_MIN = (360, 300)             # a close-up still shows the neighbours around
LABELS_PER_SIDE = 32                  # the names' size without JavaScript: a 32nd of the view's long side
CHAR_EM = 0.6                         # a name's width per letter, in ems (for the layout)
MAP_ID = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,30}")   # used unescaped in ids and hrefs


@cache
def board_width() -> int:
    return round(BOARD_H * data.map_positions()["aspect"])


@cache
def _spots() -> dict[str, tuple[int, int]]:
    width = board_width()
    return {r: (round(p["x"] * width), round(p["y"] * BOARD_H)) for r, p in data.map_positions()["regions"].items()}


def spot(region: str) -> tuple[int, int]:
    """The region's centre in user units (integers keep the markup short)."""
    return _spots()[region]


@cache
def edges() -> tuple[tuple[str, str], ...]:
    """Every border once, as sorted pairs of region ids."""
    return tuple(sorted({tuple(sorted((a, b))) for a, r in data.regions().items() for b in r["adjacent"]}))


def view_box(focus: Iterable[str] | None = None) -> tuple[int, int, int, int]:
    """``(x, y, w, h)``: the whole board, or a close-up around ``focus`` (at least
    :data:`CLOSE_UP_MIN` across, so the neighbours around show too), inside the board."""
    width = board_width()
    points = [spot(r) for r in (focus or ())]
    if not points:
        return 0, 0, width, BOARD_H
    min_w, min_h = CLOSE_UP_MIN
    left = min(x for x, _ in points) - CLOSE_UP_MARGIN
    right = max(x for x, _ in points) + CLOSE_UP_MARGIN
    top = min(y for _, y in points) - CLOSE_UP_MARGIN
    bottom = max(y for _, y in points) + CLOSE_UP_MARGIN
    w = min(max(right - left, min_w), width)
    h = min(max(bottom - top, min_h), BOARD_H)
    x = min(max((left + right - w) / 2, 0), width - w)
    y = min(max((top + bottom - h) / 2, 0), BOARD_H - h)
    return round(x), round(y), round(w), round(h)


def _check(regions: Iterable[str], what: str) -> None:
    unknown = sorted(set(regions) - set(data.regions()))
    if unknown:
        raise ValueError(f"unknown region ids in {what}: {unknown}")


def region_title(region: str, lang: str, role: str | None = None, army: str | None = None) -> str:
    """What a region is, in words: its name, nation, settlement, role and army."""
    info = data.regions()[region]
    parts = [info["name"][lang]]
    if info["nation"]:
        parts.append(names.nation_name(info["nation"], lang))
    if info["settlement"]:
        parts.append(gettext(SETTLEMENT_LABELS[info["settlement"]]))
    if role:
        parts.append(gettext(ROLE_LABELS[role]))
    if army:
        parts.append(army)
    return " · ".join(parts)


def _defs(map_id: str) -> str:
    shapes = "".join(f'<g id="{map_id}-k-{s or "none"}">{SHAPES[s]}</g>' for s in SETTLEMENTS)
    marks = "".join(f'<g id="{map_id}-m-{role}">{ROLE_MARKS[role]}</g>' for role in ROLES)
    return f"<defs>{shapes}{marks}</defs>"


def _edge_paths(roles: Mapping[str, str]) -> str:
    """One path for the borders, and one over it for the borders the move crosses (between
    two regions where it starts, ends or passes), so the move reads at a glance."""
    plain, hot = [], []
    for a, b in edges():
        (xa, ya), (xb, yb) = spot(a), spot(b)
        segment = f"M{xa} {ya} {xb} {yb}"
        if {roles.get(a), roles.get(b)} <= MOVE_ROLES:
            hot.append(segment)
        else:
            plain.append(segment)
    out = f'<path class="edges" d="{"".join(plain)}"/>'
    if hot:
        out += f'<path class="edges hot" d="{"".join(hot)}"/>'
    return out


def label_order(roles: Mapping[str, str]) -> list[str]:
    """Regions by how much their name matters: marked ones, then by settlement; map.js
    uses the same order (data-rank) when it lays the names out again after a zoom."""
    rank = {s: i for i, s in enumerate(("stronghold", "city", "town", "fortification", None))}
    role_rank = {r: i for i, r in enumerate(("from", "to", "blocked", "path", "reachable"))}

    def key(r: str):
        return (0, role_rank[roles[r]]) if r in roles else (1, rank[data.regions()[r]["settlement"]]), r
    return sorted(data.regions(), key=key)


# Where a name may go around its region, in order of preference: the anchor point as
# multiples of the offset from the centre, the text-anchor, and which edge of the text sits
# on that point (top, middle or bottom). map.js has the same table.
PLACES = {"below": (0, 1, "middle", "top"), "above": (0, -1, "middle", "bottom"),
          "right": (1, 0, "start", "middle"), "left": (-1, 0, "end", "middle"),
          "below-right": (0.7, 0.7, "start", "top"), "below-left": (-0.7, 0.7, "end", "top"),
          "above-right": (0.7, -0.7, "start", "bottom"), "above-left": (-0.7, -0.7, "end", "bottom")}
BASELINE = {"top": ".8em", "middle": ".35em", "bottom": "-.25em"}


def label_attrs(place: str, offset: int) -> str:
    fx, fy, anchor, edge = PLACES[place]
    attrs = [f'x="{round(fx * offset)}"' if fx else "", f'y="{round(fy * offset)}"' if fy else "",
             f'dy="{BASELINE[edge]}"', f'text-anchor="{anchor}"' if anchor != "middle" else ""]
    return " ".join(a for a in attrs if a)


def _label_box(place: str, x: float, y: float, w: float, h: float, offset: int):
    fx, fy, anchor, edge = PLACES[place]
    ax, ay = x + fx * offset, y + fy * offset
    left = {"middle": ax - w / 2, "start": ax, "end": ax - w}[anchor]
    top = {"top": ay, "middle": ay - h / 2, "bottom": ay - h}[edge]
    return left, top, left + w, top + h


def _overlap(a, b) -> float:
    return max(0.0, min(a[2], b[2]) - max(a[0], b[0])) * max(0.0, min(a[3], b[3]) - max(a[1], b[1]))


class _Taken:
    """Boxes already on the map, bucketed in a coarse grid so a new box is compared only
    with its neighbours (a whole board is some 400 boxes, tried in 8 places each)."""

    CELL = 80

    def __init__(self) -> None:
        self.cells: dict[tuple[int, int], list[tuple[tuple[float, float, float, float], str]]] = {}

    def _keys(self, box):
        c = self.CELL
        return ((i, j) for i in range(int(box[0] // c), int(box[2] // c) + 1)
                for j in range(int(box[1] // c), int(box[3] // c) + 1))

    def add(self, box, owner: str) -> None:
        for key in self._keys(box):
            self.cells.setdefault(key, []).append((box, owner))

    def cover(self, box, owner: str, *, any_at_all: bool = False) -> float:
        """How much of ``box`` the others' boxes cover (``any_at_all``: stop at the first)."""
        seen, total = set(), 0.0
        for key in self._keys(box):
            for entry in self.cells.get(key, ()):
                if entry[1] != owner and id(entry) not in seen:
                    seen.add(id(entry))
                    total += _overlap(box, entry[0])
                    if total and any_at_all:
                        return total
        return total


def label_places(lang: str, roles: Mapping[str, str], armies: Mapping[str, str], size: float,
                 view: tuple[float, float, float, float] | None = None) -> dict[str, str]:
    """Where each name goes at font size ``size`` (user units): one of :data:`PLACES`, or
    "hidden" when it would cover a name or a region that matters more. A marked name always
    shows, where it covers least. Only names near ``view`` (x, y, w, h) are placed; the rest
    wait hidden for map.js, which lays the names out again, measured, at every zoom."""
    taken = _Taken()
    near = _near(view, size)
    for region in data.regions():      # names never cover a region's shape or mark
        x, y = spot(region)
        r = MARK_RADIUS - 2 if region in roles else PLAIN_RADIUS - 2
        taken.add((x - r, y - r, x + r, y + r), region)
    for region, text in armies.items():
        x, y = spot(region)
        offset = MARK_RADIUS if region in roles else PLAIN_RADIUS
        taken.add(_label_box("above", x, y, len(text) * CHAR_EM * size * 0.9, size * 0.9, offset), region)
    places = {}
    for region in label_order(roles):
        if not near(region):
            places[region] = "hidden"
            continue
        x, y = spot(region)
        em = size * (1.15 if region in roles else 1)
        w = len(data.regions()[region]["name"][lang]) * CHAR_EM * em * (1.12 if region in roles else 1)
        offset = MARK_RADIUS if region in roles else PLAIN_RADIUS
        place, best = None, None
        for p in PLACES:
            if region in armies and "above" in p:
                continue
            b = _label_box(p, x, y, w, em, offset)
            cover = taken.cover(b, region, any_at_all=region not in roles)
            if best is None or cover < best[0]:
                best = (cover, p, b)
            if cover == 0:
                place = p
                break
        assert best is not None  # PLACES has places that are not above, so one box was tried
        if place is None and region in roles:
            place = best[1]
        places[region] = place or "hidden"
        if place:
            taken.add(best[2] if best[1] == place else _label_box(place, x, y, w, em, offset), region)
    return places


@lru_cache(maxsize=128)
def _cached_places(lang: str, roles: tuple, armies: tuple, size: float, view: tuple) -> dict[str, str]:
    """The same maps come back often (the board page, a form before anything is typed)."""
    return label_places(lang, dict(roles), dict(armies), size, view)


def _near(view, size):
    if view is None:
        return lambda region: True
    x, y, w, h = view
    margin = size * 8                 # a long name reaches this far into the view
    return lambda region: (x - margin < spot(region)[0] < x + w + margin
                           and y - margin < spot(region)[1] < y + h + margin)


def _region(region: str, lang: str, map_id: str, role: str | None, army: str | None, place: str,
            neighbours: bool = False) -> str:
    info = data.regions()[region]
    x, y = spot(region)
    kind = info["settlement"] or "none"
    classes = f"r k-{kind}" + (" m" if role else "")
    role_attr = f' data-role="{role}"' if role else ""
    if neighbours:      # for a form's script: what may be picked next, and whose region it is
        adjacent = " ".join(info["adjacent"])
        role_attr += f' data-adj="{adjacent}"'
        if info["nation"]:
            nation = info["nation"]
            role_attr += f' data-nation="{nation}"'
    offset = MARK_RADIUS if role else PLAIN_RADIUS
    parts = [f'<g data-region="{region}" class="{classes}"{role_attr} fill="{NATION_FILLS[info["nation"]]}" '
             f'transform="translate({x} {y})">',
             f"<title>{escape(region_title(region, lang, role, army))}</title>",
             f'<use href="#{map_id}-k-{kind}"/>']
    if role:
        parts.append(f'<use href="#{map_id}-m-{role}"/>')
    hidden = " o" if place == "hidden" else ""
    where = label_attrs("below" if place == "hidden" else place, offset)
    parts.append(f'<text class="l{hidden}" {where}>{escape(info["name"][lang])}</text>')
    if army:
        parts.append(f'<text class="a" y="-{offset}" dy="-.25em">{escape(army)}</text>')
    parts.append("</g>")
    return "".join(parts)


def board_svg(lang: str, *, roles: Mapping[str, str] | None = None, armies: Mapping[str, str] | None = None,
              focus: Iterable[str] | None = None, target: str | None = None,
              candidates: Iterable[str] | None = None, map_id: str = "map", neighbours: bool = False,
              tap_neighbours: bool = False) -> Markup:
    """The board as inline SVG markup in ``lang`` (``en``/``es``).

    ``roles``: region id -> one of :data:`ROLES`, drawn with its mark and ``data-role``.
    ``armies``: region id -> a short text ("FP 3 · S 5") drawn above the region.
    ``focus``: the regions in play; the picture opens on a close-up around them (the whole
    board when empty). ``target``: the id of the input that a picked region fills
    (``data-target``, see ``static/map.js``). ``candidates``: the only regions that may be
    picked (``data-candidates``); the others are dimmed. ``map_id`` prefixes the ids in the
    SVG, so two maps can share a page. ``neighbours``: each region also says its neighbours
    (``data-adj``) and nation (``data-nation``), for a form that offers what may come next.
    ``tap_neighbours`` (the board page): a tap marks the region and its neighbours, and says
    them under the map (``data-tap-neighbours``: the word for them; implies ``neighbours``).
    """
    neighbours = neighbours or tap_neighbours
    roles = dict(roles or {})
    armies = {r: a for r, a in (armies or {}).items() if a}
    focus = list(dict.fromkeys(focus or ()))
    candidate_list = None if candidates is None else sorted(set(candidates))
    _check(roles, "roles")
    _check(armies, "armies")
    _check(focus, "focus")
    _check(candidate_list or (), "candidates")
    if not MAP_ID.fullmatch(map_id):
        raise ValueError(f"map_id must be a plain HTML id: {map_id!r}")
    bad_roles = sorted({r for r in roles.values() if r not in ROLES})
    if bad_roles:
        raise ValueError(f"unknown roles: {bad_roles}")
    x, y, w, h = view_box(focus)
    size = round(max(w, h) / LABELS_PER_SIDE)
    places = _cached_places(lang, tuple(sorted(roles.items())), tuple(sorted(armies.items())), size, (x, y, w, h))
    with force_locale(lang):
        title = gettext("Map of the board")
        tap_word = gettext("Neighbours") if tap_neighbours else None
        role_words = {role: gettext(ROLE_LABELS[role]) for role in ROLES}
        regions = "".join(_region(r, lang, map_id, roles.get(r), armies.get(r), places[r], neighbours)
                          for r in reversed(label_order(roles)))   # what matters most on top
    attrs = [f'id="{map_id}"', 'class="board-map"', f'viewBox="{x} {y} {w} {h}"',
             f'data-board="0 0 {board_width()} {BOARD_H}"', 'role="img"', f'aria-labelledby="{map_id}-title"',
             f'font-size="{size}"',
             # the roles in words, for map.js to keep each region's <title> in step with the marks
             f'data-role-labels="{escape(json.dumps(role_words, ensure_ascii=False))}"']
    if target:
        attrs.append(f'data-target="{escape(target)}"')
    if tap_word:
        attrs.append(f'data-tap-neighbours="{escape(tap_word)}"')
    if candidate_list is not None:
        attrs.append(f'data-candidates="{" ".join(candidate_list)}"')
    return Markup(f'<svg xmlns="http://www.w3.org/2000/svg" {" ".join(attrs)}>'
                  f'<title id="{map_id}-title">{escape(title)}</title>{_defs(map_id)}'
                  f'{_edge_paths(roles)}<g class="regions" text-anchor="middle">{regions}</g></svg>')


# -- around the SVG: what the template lists beside it ----------------------------------------

@dataclass
class Marked:
    role: str
    label: str                      # the role's name in the page's language
    regions: list[dict[str, str]]   # {"id", "name", "army"}


@dataclass
class Board:
    """The map and what ``_boardmap.html`` shows around it."""

    svg: Markup
    map_id: str
    marked: list[Marked] = field(default_factory=list)      # by role, in the order of ROLES
    armies: list[dict[str, str]] = field(default_factory=list)   # unmarked regions with armies
    close_up: bool = False          # the picture opens on a close-up (offer the whole board)
    target: str | None = None
    has_armies: bool = False
    key: list[dict[str, Any]] = field(default_factory=list)


def board(lang: str, *, roles: Mapping[str, str] | None = None, armies: Mapping[str, str] | None = None,
          focus: Iterable[str] | None = None, target: str | None = None,
          candidates: Iterable[str] | None = None, map_id: str = "map", neighbours: bool = False,
          tap_neighbours: bool = False) -> Board:
    """:func:`board_svg` and the plain list of what it marks (read without JavaScript too).
    ``focus`` defaults to the marked regions."""
    roles = dict(roles or {})
    armies = dict(armies or {})
    focus = list(focus) if focus is not None else sorted(roles)
    svg = board_svg(lang, roles=roles, armies=armies, focus=focus, target=target, candidates=candidates,
                    map_id=map_id, neighbours=neighbours, tap_neighbours=tap_neighbours)
    regions = data.regions()

    def entry(r: str) -> dict[str, str]:
        return {"id": r, "name": regions[r]["name"][lang], "army": armies.get(r) or ""}

    with force_locale(lang):
        marked = [Marked(role, gettext(ROLE_LABELS[role]),
                         sorted((entry(r) for r, rr in roles.items() if rr == role), key=lambda e: e["name"]))
                  for role in ROLES if role in roles.values()]
    others = sorted((entry(r) for r, a in armies.items() if a and r not in roles), key=lambda e: e["name"])
    return Board(svg, map_id, marked, others, close_up=bool(focus), target=target, has_armies=any(armies.values()),
                 key=legend_items(lang))


def legend_items(lang: str) -> list[dict[str, Any]]:
    """The key: each settlement's shape and each nation's colour, with their names."""
    with force_locale(lang):
        shapes = [{"kind": s or "none", "label": gettext(SETTLEMENT_LABELS[s])} for s in SETTLEMENTS]
        nations = [{"kind": None, "fill": NATION_FILLS[n], "label": nd["name"][lang]}
                   for n, nd in data.nations().items()]
        return shapes + nations + [{"kind": None, "fill": NATION_FILLS[None], "label": gettext("No nation")}]


# -- for the forms: what may be picked next -----------------------------------------------------

def candidates_within(region: str, steps: int) -> set[str]:
    """The regions at most ``steps`` borders from ``region`` (itself excluded): what a form
    offers in ``data-candidates`` (1 for an army; a character's level for a character). A
    superset of what the rules allow: the ruling says whether the move is legal."""
    from adjudicator.wotr import board as rules_board

    return set(rules_board.distances(region, limit=steps)) - {region}


# -- a ruling's regions -------------------------------------------------------------------------

WOTR = "war-of-the-ring"
NOT_REGIONS = {"elven-ring"}          # its from/to are dice faces
FELLOWSHIP_KINDS = {"separate-companions", "declare-fellowship", "reveal-fellowship", "enter-mordor"}
# (the question's key, its role by kind, its role otherwise)
QUESTION_KEYS: tuple[tuple[str, dict[str, str], str], ...] = (
    ("region", {"retreat": "from"}, "to"), ("from", {}, "from"), ("to", {}, "to"))
VERDICT_LISTS = ("destinations", "places")   # regions a piece may end in
# An Event card's effect (the event-card kind's verdict key ``effect``): the regions it names
# anywhere in it (where recruits go, the armies it moves or attacks) are where it happens.
EFFECT_KEY, EFFECT_DEPTH, EFFECT_ITEMS = "effect", 6, 400


def effect_regions(effect: Any, depth: int = 0) -> list[str]:
    """The region ids an effect names, in its values, lists and mappings' keys, in order
    (bounded: a hand-made ruling may hold anything)."""
    if depth > EFFECT_DEPTH:
        return []
    if isinstance(effect, str):
        return [effect] if effect in data.regions() else []
    items: list[Any] = []
    if isinstance(effect, Mapping):
        for key, value in list(effect.items())[:EFFECT_ITEMS]:
            items += [key, value]
    elif isinstance(effect, list):
        items = effect[:EFFECT_ITEMS]
    found: list[str] = []
    for item in items:
        found += [r for r in effect_regions(item, depth + 1) if r not in found]
    return found


def _region_id(value: Any) -> str | None:
    return names.regions().lookup(value) if isinstance(value, str) else None


def _mapping(value: Any) -> Mapping[str, Any]:
    """The value if it is a mapping, else an empty one (the parts a ruling may lack)."""
    return value if isinstance(value, Mapping) else {}


def ruling_regions(scenario: Mapping[str, Any], ruling: Mapping[str, Any]) -> dict[str, str]:
    """The regions a War of the Ring ruling names, each with its role (``{region id: role}``).

    The ruling's own ``regions`` map wins when it has one; else they are read from the
    question (``from``, ``to``, ``region``, muster regions), the Fellowship's region when the
    scenario gives it (for the Fellowship's questions) and the verdict's lists of places to
    end in (``destinations``, ``places``: ``reachable``). Only what the scenario or the
    ruling names: ranges that depend on the rules come with the ruling's ``regions``.
    """
    if ruling.get("game") != WOTR:
        return {}
    explicit = ruling.get("regions")
    if isinstance(explicit, Mapping):
        return {r: role for r, role in explicit.items() if r in data.regions() and role in ROLES}
    kind = ruling.get("question")
    if not isinstance(kind, str):
        kind = ""                      # the engine always names it; a hand-made ruling may not
    question = _mapping(scenario.get("question"))
    verdict = _mapping(ruling.get("verdict"))
    roles: dict[str, str] = {}
    for key in VERDICT_LISTS:          # lowest precedence first: the question's own regions win
        if isinstance(verdict.get(key), list):
            roles.update({r: "reachable" for r in verdict[key] if r in data.regions()})
    roles.update({r: "to" for r in effect_regions(verdict.get(EFFECT_KEY))})
    if kind in FELLOWSHIP_KINDS:
        fellowship = _mapping(_mapping(scenario.get("position")).get("fellowship"))
        if rid := _region_id(fellowship.get("region")):
            roles[rid] = "from"
    if kind == "muster" and isinstance(question.get("recruit"), list):
        for item in question["recruit"]:
            if isinstance(item, Mapping) and (rid := _region_id(item.get("region"))):
                roles[rid] = "to"
    if kind not in NOT_REGIONS:
        for key, by_kind, default in QUESTION_KEYS:
            if rid := _region_id(question.get(key)):
                roles[rid] = by_kind.get(kind, default)
    return roles


def position_armies(scenario: Mapping[str, Any], lang: str) -> dict[str, str]:
    """Each region of the scenario's position that holds figures -> "FP 3 · S 5+1" (units,
    then + leaders, characters and Nazgûl), read as the engine reads the position."""
    from adjudicator.problems import Problems
    from adjudicator.wotr.model import parse_position

    raw = scenario.get("position")
    if not isinstance(raw, Mapping) or not raw.get("regions"):
        return {}
    position = parse_position(raw, Problems())
    out = {}
    with force_locale(lang):
        for rid, state in position.regions.items():
            sides = []
            for army, msgid in ((state.free_peoples, N_("FP %(n)s")), (state.shadow, N_("S %(n)s"))):
                if army.is_empty:
                    continue
                extra = army.leaders + army.nazgul + len(army.characters)
                count = f"{army.units}+{extra}" if extra else str(army.units)
                sides.append(gettext(msgid, n=count))
            if sides:
                out[rid] = " · ".join(sides)
    return out
