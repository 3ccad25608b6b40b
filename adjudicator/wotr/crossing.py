"""War of the Ring: figures of a nation not At War that crossed into another nation's region
(seed 000 'Acción de Ejército' and 'El Marcador Político'; the official 2nd-edition FAQ: a
retreat, or a card, may take them across; their next move must take them out again).

Read by ``army-move``: ``regions.<region>.crossed`` names the nations whose figures came so;
a nation not At War standing in another nation's region without it is read the same way,
since only a retreat or a card takes it there (a step says so).
"""
from __future__ import annotations

from adjudicator import names
from adjudicator.wotr import board
from adjudicator.wotr.model import Army
from adjudicator.wotr.political import political_default


def must_leave(position, r, src: str, dst: str, moving: Army) -> None:
    """The figures of ``moving`` that crossed into ``src``'s nation while theirs is not At War:
    their move must leave that nation (refused otherwise); once their nation is At War, the
    rule no longer binds them."""
    owner = board.nation_of(src)
    if owner is None:
        return
    listed_crossed = position.region(src).crossed
    for nation, units in moving.nations.items():
        if not (units.count or units.leader) or nation == owner:
            continue
        nation_name = names.nation_name(nation, r.lang)
        params = {"nation": nation_name, "region": names.region_name(src, r.lang),
                  "owner": names.nation_name(owner, r.lang), "dst": names.region_name(dst, r.lang)}
        if political_default(r, position, nation).at_war:
            if nation in listed_crossed:
                r.step("advance.crossed_now_at_war", "wotr-army-non-belligerent", **params)
            continue
        if nation not in listed_crossed:
            r.step("advance.crossed_inferred", "wotr-army-non-belligerent", **params)
        if board.nation_of(dst) == owner:
            r.refuse("must-leave", "wotr-army-non-belligerent", "advance.crossed_stays", "advance.reason_crossed",
                     **params)
        else:
            r.step("advance.crossed_leaves", "wotr-army-non-belligerent", **params)
