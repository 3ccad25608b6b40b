"""War of the Ring: what stands in a region, and the question parameters that name part of
it: whose army a question speaks of, the ``units`` that move or attack, and how an army is
described in an answer. Shared by the movement and battle rules (seed 000 'Acción de
Ejército')."""
from __future__ import annotations

from typing import Any

from adjudicator import data, names
from adjudicator.i18n import translate
from adjudicator.params import Fields
from adjudicator.wotr.model import UNIT_KIND_ALIASES, Army, Position, Units, other_side, read_army

# Die results people write for "an Army die" or "a Character die", in either language.
DIE_ALIASES = {"ejercito": "army", "personaje": "character", "army-muster": "army",
               "ejercito-alistar": "army", "dado-de-ejercito": "army", "army-die": "army",
               "dado-de-personaje": "character", "character-die": "character", "espada": "character",
               "alistar": "muster", "alistamiento": "muster", "muster-die": "muster", "dado-de-alistar": "muster"}
ALL_WORDS = ("all", "todo", "todos", "todas", "everything", "whole-army", "wholearmy")


def name_default(r, path: str, key: str, label: str, /, **params: Any) -> None:
    """State a default the answer leans on (``r.default``), once: a second reading of the
    same default (same path, same words) adds no second step."""
    said = r.__dict__.setdefault("_defaults_said", set())
    if (path, key) not in said:
        said.add((path, key))
        r.default(path, key, label, **params)


def name_defaults(r, paths: list[str], key: str, label: str, /, **params: Any) -> None:
    """Several defaults said in one step (e.g. the regions not listed that an answer read);
    every path is listed in ``verdict.defaults``."""
    fresh = [p for p in paths if p not in r.defaults]
    if fresh:
        r.default(fresh[0], key, label, **params)
        r.defaults.extend(p for p in fresh[1:] if p not in r.defaults)


def read_side(q, key: str = "side") -> str | None:
    return q.side(key)


def side_word(side: str, lang: str) -> str:
    return translate(lang, f"movement.side_{side}")


def region_path(region: str, lang: str, *rest: str) -> str:
    return ".".join(["position", "regions", names.region_name(region, lang), *rest])


def listed(position: Position, region: str) -> bool:
    return region in position.regions


def side_of_units(raw: Any) -> str | None:
    """The side a ``units`` mapping speaks of, from its nations, Nazgûl or characters."""
    if not isinstance(raw, dict):
        return None
    for key, value in raw.items():
        folded = names.normalize(str(key))
        if folded == "nazgul":
            return "shadow"
        if folded in ("characters", "personajes"):
            for c in value if isinstance(value, list) else [value]:
                cid = names.characters().lookup(c)
                if cid:
                    return data.characters()[cid]["side"]
            continue
        nation = names.nations().lookup(key)
        if nation:
            return data.nations()[nation]["side"]
    return None


def choose_side(position: Position, region: str, given: str | None, r, *, prefer_besieged: bool) -> str | None:
    """Whose figures in ``region`` the question is about.

    ``side`` decides when given. Otherwise the side with army units there (a fact of the
    position, not a guess); when both have units (a siege) and ``prefer_besieged``, the army
    inside the stronghold, a default named in a step and listed in ``verdict.defaults`` as
    ``question.side`` (give ``side`` to ask about the besiegers). None when it stays
    ambiguous: the kind answers needs-info for ``side`` (docs/usage.md, "Which side").
    """
    if given:
        return given
    state = position.region(region)
    with_units = [s for s in ("free_peoples", "shadow") if state.army(s).is_army]
    if len(with_units) == 1:
        return with_units[0]
    if len(with_units) == 2:
        if prefer_besieged and state.besieged:
            r.default("question.side", "movement.side_assumed_besieged", "wotr-siege-besieged-army",
                      side=side_word(state.besieged, r.lang), other=side_word(other_side(state.besieged), r.lang),
                      other_key=other_side(state.besieged).replace("_", "-"))
            return state.besieged
        return None
    with_figures = [s for s in ("free_peoples", "shadow") if not state.army(s).is_empty]
    if len(with_figures) == 1:
        return with_figures[0]
    return None


def _nation_for_flat_units(q, raw, present: Army, lang: str):
    """``units: {regular: 1, elite: 1}`` (counts without a nation, as people write them when
    the army has a single nation) is read as that nation's units. With several nations in
    the army the nation cannot be guessed: a problem asks for the nested shape."""
    if not isinstance(raw, dict):
        return raw
    flat = {k: v for k, v in raw.items() if names.normalize(str(k)) in UNIT_KIND_ALIASES}
    if not flat:
        return raw
    rest = {k: v for k, v in raw.items() if k not in flat}
    nations = [n for n, u in present.nations.items() if u.regular or u.elite or u.leader]
    if len(nations) != 1:
        q.problems.add(q.at("units"), "movement.err_units_nation_needed",
                       nations=", ".join(names.nation_name(n, lang) for n in nations) or "-")
        return rest
    return {**rest, nations[0]: flat}


def read_units(q, side: str, present: Army, region: str, lang: str) -> Army | None:
    """The ``units`` parameter (same shape as an army in the position), checked against what
    stands in ``region``: every count above what is there is a problem at its path."""
    raw = q.get("units")
    if raw is None or (isinstance(raw, str) and names.normalize(raw) in ALL_WORDS):
        return None
    raw = _nation_for_flat_units(q, raw, present, lang)
    problems_before = len(q.problems)
    part = read_army(Fields(raw, q.at("units"), q.problems), side)
    if len(q.problems) != problems_before or not isinstance(raw, dict):
        return part
    lang_region = names.region_name(region, lang)
    for key, value in raw.items():
        folded = names.normalize(str(key))
        path = q.at("units") + [key]
        if folded == "nazgul":
            if part.nazgul > present.nazgul:
                q.problems.add(path, "movement.err_more_than_present", what=translate(lang, "movement.what_nazgul"),
                               given=part.nazgul, present=present.nazgul, region=lang_region)
            continue
        if folded in ("characters", "personajes"):
            for i, c in enumerate(value if isinstance(value, list) else [value]):
                cid = names.characters().lookup(c)
                if cid and cid not in present.characters:
                    q.problems.add([*path, i], "movement.err_character_absent", value=c, region=lang_region)
            continue
        nation = names.nations().lookup(key)
        if nation is None or not isinstance(value, dict):
            continue
        have = present.nations.get(nation, Units())
        want = part.nations.get(nation, Units())
        for kind in ("regular", "elite", "leader"):
            if getattr(want, kind) > getattr(have, kind):
                q.problems.add([*path, kind], "movement.err_more_than_present",
                               what=translate(lang, f"movement.what_{kind}"),
                               given=getattr(want, kind), present=getattr(have, kind), region=lang_region)
    return part


def check_units_shape(q, side: str | None) -> None:
    """Read ``units`` only to report its own problems, when the question is already
    unreadable for another reason (so every problem is listed at once)."""
    raw = q.get("units")
    if raw is None or side is None or (isinstance(raw, str) and names.normalize(raw) in ALL_WORDS):
        return
    read_army(Fields(raw, q.at("units"), q.problems), side)


def describe(army: Army, lang: str) -> str:
    """'3 regular, 1 elite (Gondor), 1 leader, Boromir' in the user's language."""
    bits = []
    for nation, u in army.nations.items():
        counts = []
        for kind in ("regular", "elite", "leader"):
            n = getattr(u, kind)
            if n:
                counts.append(translate(lang, f"movement.count_{kind}", n=n))
        if counts:
            bits.append(f"{', '.join(counts)} ({names.nation_name(nation, lang)})")
    if army.nazgul:
        bits.append(translate(lang, "movement.count_nazgul", n=army.nazgul))
    bits.extend(names.character_name(c, lang) for c in army.characters)
    return "; ".join(bits) if bits else translate(lang, "movement.nothing")


def cannot_move(cid: str) -> bool:
    return data.characters()[cid]["level"] == 0
