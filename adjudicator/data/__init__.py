"""The project's data files (facts, each file saying where they come from), loaded once."""
from __future__ import annotations

import json
from functools import cache
from pathlib import Path

_DIR = Path(__file__).parent


@cache
def load(name: str) -> dict:
    with (_DIR / f"{name}.json").open(encoding="utf-8") as fh:
        return json.load(fh)


@cache   # the same table every time: rulings read it dozens of times each
def regions() -> dict[str, dict]:
    return load("regions")["regions"]


def map_positions() -> dict:
    """``{"aspect": width / height, "regions": {id: {"x", "y"}}}``: each region's centre on the
    board as fractions of its width and height (for drawing the map, never for rulings)."""
    return load("map_positions")


@cache
def nations() -> dict[str, dict]:
    return load("nations")["nations"]


@cache
def characters() -> dict[str, dict]:
    return load("characters")["characters"]


def hunt_tiles() -> dict:
    return load("hunt_tiles")


@cache
def rules() -> dict[str, dict]:
    """Rule label -> {page, title: {en, es}, seed}."""
    return load("rules")["rules"]
