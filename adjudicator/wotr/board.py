"""War of the Ring map helpers: adjacency, distances, nations' borders and free regions.

Pure functions over the map data (``adjudicator/data/regions.json``) and a
:class:`~adjudicator.wotr.model.Position`. They decide nothing on their own and write no text:
the rules modules (movement, battle, fellowship, muster ...) call them and explain.

Adjacency is movement adjacency: borders that are impassable on the board are absent from
the data, so two regions that touch across a black line are simply not adjacent.
"""
from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable
from functools import cache, lru_cache

from adjudicator import data
from adjudicator.wotr.limits import BESIEGED_STACKING_LIMIT, STACKING_LIMIT  # noqa: F401 (read as board.*)
from adjudicator.wotr.model import Position, other_side

MAX_COMBAT_DICE = 5            # seed 000 'Resolución de batallas'
MAX_LEADERSHIP = 5             # at most 5 dice re-rolled (seed 000 'Resolución de batallas')


def info(region: str) -> dict:
    return data.regions()[region]


def neighbours(region: str) -> list[str]:
    return list(info(region)["adjacent"])


def are_adjacent(a: str, b: str) -> bool:
    return b in info(a)["adjacent"]


def nation_of(region: str) -> str | None:
    """The nation whose borders hold the region (None: Osgiliath, the Ithiliens, wild lands)."""
    return info(region)["nation"]


def settlement(region: str) -> str | None:
    """``town``, ``city``, ``stronghold``, ``fortification`` or None."""
    return info(region)["settlement"]


def is_stronghold(region: str) -> bool:
    return settlement(region) == "stronghold"


@cache
def strongholds() -> tuple[str, ...]:
    """Every region with a stronghold (the map's, read once)."""
    return tuple(rid for rid, r in data.regions().items() if r["settlement"] == "stronghold")


@cache
def _adjacent(region: str) -> tuple[str, ...]:
    """The region's neighbours in the data's order, read once: searches visit them thousands
    of times a second."""
    return tuple(info(region)["adjacent"])


@cache
def _adjacent_sorted(region: str) -> tuple[str, ...]:
    """The neighbours in name order: a shortest path breaks its ties the same way every time."""
    return tuple(sorted(_adjacent(region)))


def distances(start: str, *, enter: Callable[[str], bool] | None = None,
              pass_through: Callable[[str], bool] | None = None,
              limit: int | None = None) -> dict[str, int]:
    """Shortest number of steps from ``start`` to every reachable region (BFS).

    ``enter(region)`` says whether a path may step into the region at all; ``pass_through``
    whether it may go on from there (a Companion stops on entering an enemy stronghold's
    region). ``start`` is always at distance 0 and may be left. ``limit`` stops the search.
    Unconstrained searches are cached (the map never changes); callers must not mutate the result.
    """
    if enter is None and pass_through is None and limit is None:
        return _plain_distances(start)
    enter = enter or (lambda r: True)
    pass_through = pass_through or (lambda r: True)
    dist = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        if here != start and not pass_through(here):
            continue
        step = dist[here] + 1
        if limit is not None and step > limit:
            continue
        for nxt in _adjacent(here):
            if nxt not in dist and enter(nxt):
                dist[nxt] = step
                queue.append(nxt)
    return dist


@cache
def _plain_distances(start: str) -> dict[str, int]:
    return distances(start, enter=lambda r: True)


def shortest_path(start: str, goal: str, **kw) -> list[str] | None:
    """One shortest path (list of regions, ``start`` first) under the same rules as
    :func:`distances`, or None when ``goal`` cannot be reached."""
    if not kw:
        path = _plain_shortest_path(start, goal)
        return list(path) if path is not None else None
    return _shortest_path(start, goal, kw.get("enter", lambda r: True), kw.get("pass_through", lambda r: True))


@lru_cache(maxsize=4096)
def _plain_shortest_path(start: str, goal: str) -> tuple[str, ...] | None:
    """Unconstrained paths depend on the map only: found once per pair (the busiest pairs kept)."""
    path = _shortest_path(start, goal, lambda r: True, lambda r: True)
    return tuple(path) if path is not None else None


def _shortest_path(start: str, goal: str, enter: Callable[[str], bool],
                   pass_through: Callable[[str], bool]) -> list[str] | None:
    # BFS: the goal's predecessor is fixed when it is first reached, so the search ends there.
    prev: dict[str, str | None] = {start: None}
    queue = [start]   # read in order by index: each region is queued once
    found = start == goal
    i = 0
    while i < len(queue) and not found:
        here = queue[i]
        i += 1
        if i > 1 and not pass_through(here):
            continue
        for nxt in _adjacent_sorted(here):
            if nxt not in prev and enter(nxt):
                prev[nxt] = here
                if nxt == goal:
                    found = True
                    break
                queue.append(nxt)
    if not found:
        return None
    path = [goal]
    while prev[path[-1]] is not None:
        path.append(prev[path[-1]])  # type: ignore[arg-type]
    return path[::-1]


def crosses_into_other_nation(nation: str, to: str) -> bool:
    """A figure of ``nation`` entering ``to`` crosses another nation's border when ``to``
    lies inside the borders of a different nation (regions of no nation never count)."""
    owner = nation_of(to)
    return owner is not None and owner != nation


# -- what stands where ------------------------------------------------------------------
def has_army(position: Position, region: str, side: str) -> bool:
    """An army is at least one regular or elite unit (leaders and characters alone are not)."""
    return position.army(region, side).is_army


def besieged_by(position: Position, region: str) -> str | None:
    """The side besieging the stronghold in ``region`` (the one outside), or None."""
    inside = position.region(region).besieged
    return other_side(inside) if inside else None


SETTLEMENTS = ("town", "city", "stronghold")   # fortifications are not settlements (seed 000)


def enemy_settlement(position: Position, region: str, side: str) -> bool:
    """The region holds a town, city or stronghold controlled by the other side.

    Fortifications (Osgiliath, Fords of Isen) are not settlements: nobody captures them."""
    if settlement(region) not in SETTLEMENTS:
        return False
    controller = position.controller(region)
    return controller is not None and controller != side


def free_for_army(position: Position, region: str, side: str) -> bool:
    """No enemy army stands there, or the only enemy army is inside a stronghold that
    ``side`` besieges (seed 000: a besieged enemy stronghold counts as free for the besieger).
    Enemy settlements without an army are entered (and captured) by moving armies."""
    if not has_army(position, region, other_side(side)):
        return True
    return besieged_by(position, region) == side


def free_for_retreat(position: Position, region: str, side: str) -> bool:
    """A retreat goes only where no enemy army stands and no enemy-controlled settlement is
    (a stronghold that ``side`` itself besieges counts as free for it)."""
    if besieged_by(position, region) == side:
        return True
    return not has_army(position, region, other_side(side)) and not enemy_settlement(position, region, side)


def nations_not_at_war(position: Position, nations: Iterable[str]) -> list[str]:
    return [n for n in nations if not position.at_war(n)]
