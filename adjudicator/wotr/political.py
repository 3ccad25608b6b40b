"""War of the Ring: the political facts that several chapters read (a nation's marker and
its default, which Companion activates which nation, a nation's own settlements).

The ``politics`` kind (politics.py) and the characters' entries (characters.py) both use
them; keeping them here lets those two modules import in one direction only.
"""
from __future__ import annotations

from adjudicator import data, names
from adjudicator.wotr.armies import name_default, name_defaults
from adjudicator.wotr.model import Political


def can_reach_war(pol: Political) -> bool:
    """A marker may enter the At War box only when its nation is active (seed 000)."""
    return pol.active


def companion_activates(companion: str, nation: str) -> bool:
    """A Companion activates the nation of its card's symbol, or every Free Peoples nation."""
    activates = data.characters()[companion].get("activates")
    return activates in ("any", nation)


def is_city_or_stronghold_of(region: str, nation: str) -> bool:
    info = data.regions()[region]
    return info["nation"] == nation and info["settlement"] in ("city", "stronghold")


def is_activation_settlement(position, region: str, nation: str) -> bool:
    """A City or Stronghold of ``nation`` that the enemy has not conquered."""
    return is_city_or_stronghold_of(region, nation) and not position.is_captured(region)


def state_text(r, pol: Political) -> str:
    if pol.at_war:
        return r.t("politics.state_at_war")
    return r.t("politics.state_steps_active" if pol.active else "politics.state_steps_passive", steps=pol.steps)


def political_default(r, position, nation: str) -> Political:
    """The nation's political marker; when the position does not give it, its starting
    position, named as a default the answer leans on (once)."""
    pol = position.political(nation)
    path = f"position.politics.{nation}"
    if nation not in position.politics and path not in r.defaults:
        name_default(r, path, "politics.default_start", "wotr-politics-start",
                     nation=names.nation_name(nation, r.lang), state=state_text(r, pol))
    return pol


def political_defaults(r, position, nations) -> dict[str, Political]:
    """Several nations' markers at once: those the position does not give are named in one
    step (a single one in the usual words)."""
    fresh = [n for n in nations if n not in position.politics and f"position.politics.{n}" not in r.defaults]
    if len(fresh) > 1:
        listing = "; ".join(f"{names.nation_name(n, r.lang)} ({state_text(r, position.political(n))})" for n in fresh)
        name_defaults(r, [f"position.politics.{n}" for n in fresh], "politics.default_start_many",
                      "wotr-politics-start", nations=listing)
    return {n: political_default(r, position, n) for n in nations}


def region_default(r, position, region: str, label: str) -> None:
    """A region the answer reads that the position does not list: its settlement is its
    original side's and holds no figures (a default, named)."""
    if region not in position.regions:
        name_default(r, f"position.regions.{region}", "politics.default_region", label,
                     region=names.region_name(region, r.lang))
