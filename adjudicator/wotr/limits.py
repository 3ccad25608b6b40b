"""War of the Ring: the position the game can reach, and no more.

The official rules bound every army ("Armies and stacking": at most 10 Army units in a
region; "Attacking a Stronghold": at most 5 in a Stronghold under siege, Leaders not
counted), and the box bounds every nation (its figures: starting armies plus reinforcements,
``figures`` in data/nations.json; 8 Nazgûl). A position over these cannot happen at the
table, so :func:`check_limits` makes it a problem naming the region (or the nation and where
its figures stand) instead of a ruling: what the rules decide about an army is then bounded
by the game itself (the whole-battle solver's work, an answer's size).
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from adjudicator import data, names
from adjudicator.i18n import translate
from adjudicator.problems import Problems

STACKING_LIMIT = 10            # Army units per region (rules: "Armies and stacking")
BESIEGED_STACKING_LIMIT = 5    # Army units inside a besieged Stronghold (rules: "Attacking a Stronghold")
POOL_KINDS = ("regular", "elite", "leader", "nazgul")
MAX_LISTED_REGIONS = 6         # a pool problem names at most this many regions, then "…"


class NationName(NamedTuple):
    """A nation's name for a problem message, in the message's language."""

    nation: str

    def render(self, lang: str) -> str:
        return names.nation_name(self.nation, lang)


class CharacterName(NamedTuple):
    """A character's name for a problem message, in the message's language."""

    character: str

    def render(self, lang: str) -> str:
        return names.character_name(self.character, lang)


class RegionNames(NamedTuple):
    """Regions named in a problem message, in the message's language."""

    ids: tuple[str, ...]

    def render(self, lang: str) -> str:
        shown = [names.region_name(r, lang) for r in self.ids[:MAX_LISTED_REGIONS]]
        return ", ".join(shown) + (", …" if len(self.ids) > MAX_LISTED_REGIONS else "")


class Whereabouts(NamedTuple):
    """Where a nation's figures are counted: the regions, then the reinforcements given."""

    regions: tuple[str, ...]
    spare: int

    def render(self, lang: str) -> str:
        parts = [translate(lang, "core.pool_on_map", regions=RegionNames(self.regions).render(lang))] \
            if self.regions else []
        if self.spare:
            parts.append(translate(lang, "core.pool_in_reinforcements", n=self.spare))
        return "; ".join(parts)


def pool(nation: str, kind: str) -> int:
    """Every figure of ``kind`` the nation has in the box (0 for a kind it has none of)."""
    return int(data.nations()[nation].get("figures", {}).get(kind, 0))


def _units(army: Any) -> int:
    return sum(u.regular + u.elite for u in army.nations.values())


def check_limits(regions: Mapping[str, Any], paths: Mapping[str, list], reinforcements: Mapping[str, Mapping[str, int]],
                 reinforcement_paths: Mapping[str, list], problems: Problems) -> None:
    """Every region within the stacking limits, every nation within its figures (on the map
    plus the reinforcements given), and no more Nazgûl than exist; each a problem at its path."""
    on_map: dict[tuple[str, str], int] = {}
    where: dict[tuple[str, str], list[str]] = {}
    nazgul, nazgul_where = 0, []
    standing: dict[str, list[str]] = {}      # character -> the regions it is given in
    for rid, state in regions.items():
        for side in ("free_peoples", "shadow"):
            army = getattr(state, side)
            units = _units(army)
            limit = BESIEGED_STACKING_LIMIT if state.besieged == side else STACKING_LIMIT
            if units > limit:
                key = "core.err_stacking_besieged" if state.besieged == side else "core.err_stacking"
                problems.add([*paths[rid], side], key, region=RegionNames((rid,)), n=units, limit=limit)
            for nation, u in army.nations.items():
                for kind in ("regular", "elite", "leader"):
                    n = getattr(u, kind)
                    if n:
                        on_map[(nation, kind)] = on_map.get((nation, kind), 0) + n
                        where.setdefault((nation, kind), []).append(rid)
            if army.nazgul:
                nazgul += army.nazgul
                nazgul_where.append(rid)
            for c in army.characters:
                standing.setdefault(c, []).append(rid)
    for c, spots in standing.items():
        if len(spots) > 1:
            problems.add(paths[spots[-1]], "core.err_character_twice", character=CharacterName(c),
                         regions=RegionNames(tuple(spots)))
    if nazgul:
        on_map[("sauron", "nazgul")] = nazgul
        where[("sauron", "nazgul")] = nazgul_where
    for nation, left in reinforcements.items():
        for kind, n in left.items():
            if n:
                on_map[(nation, kind)] = on_map.get((nation, kind), 0) + n
    for (nation, kind), n in sorted(on_map.items()):
        limit = pool(nation, kind)
        if n <= limit:
            continue
        places = tuple(where.get((nation, kind), ()))
        spare = reinforcements.get(nation, {}).get(kind, 0)
        path = (paths[places[0]] if len(places) == 1 and not spare else
                reinforcement_paths[nation] if spare and not places else ["position"])
        problems.add(path, f"core.err_pool_{kind}", nation=NationName(nation), n=n, limit=limit,
                     where=Whereabouts(places, spare))
