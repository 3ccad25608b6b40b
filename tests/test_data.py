"""The project's own data files: internally consistent, and equal to ../shared/data when present."""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from adjudicator import data

DATA = Path(data.__file__).parent

# Beside the checkout (../shared/data); ADJUDICATOR_SHARED_DATA points elsewhere (a worktree).
SHARED = Path(os.environ.get("ADJUDICATOR_SHARED_DATA") or Path(__file__).resolve().parents[2] / "shared" / "data")
needs_shared = pytest.mark.skipif(not SHARED.is_dir(), reason="../shared/data is not beside the project")


def test_every_data_file_says_where_its_facts_come_from():
    for name in ("regions", "nations", "characters", "hunt_tiles", "map_positions"):
        assert data.load(name)["_source"].strip()


def test_the_map_has_105_regions_and_232_symmetric_edges():
    regions = data.regions()
    assert len(regions) == 105
    edges = {tuple(sorted((a, b))) for a, r in regions.items() for b in r["adjacent"]}
    assert len(edges) == 232
    for a, r in regions.items():
        for b in r["adjacent"]:
            assert a in regions[b]["adjacent"], (a, b)


def test_every_region_has_a_position_on_the_board_and_only_they_do():
    positions = data.map_positions()
    assert set(positions["regions"]) == set(data.regions())
    assert 1 < positions["aspect"] < 2
    for rid, p in positions["regions"].items():
        assert 0 <= p["x"] <= 1 and 0 <= p["y"] <= 1, rid
    # no two regions drawn on top of each other
    spots = {(round(p["x"], 2), round(p["y"], 2)) for p in positions["regions"].values()}
    assert len(spots) == len(positions["regions"])


def test_settlement_counts_and_victory_points():
    regions = data.regions().values()
    count = lambda kind: sum(r["settlement"] == kind for r in regions)  # noqa: E731
    assert (count("stronghold"), count("city"), count("town"), count("fortification")) == (16, 6, 14, 2)
    for r in regions:
        assert r["vp"] == {"stronghold": 2, "city": 1}.get(r["settlement"], 0)
        assert r["name"]["en"] and r["name"]["es"]


def test_every_nation_has_both_names_and_a_political_start():
    for nid, n in data.nations().items():
        assert n["name"]["en"] and n["name"]["es"], nid
        assert 1 <= n["steps_from_war_at_start"] <= 3
    assert data.nations()["southrons"]["name"]["es"] == "Hombres del Sur y del Este"


def test_hunt_pool_has_sixteen_standard_tiles_and_eight_special():
    tiles = data.hunt_tiles()
    assert sum(t["count"] for t in tiles["standard"]) == 16
    assert len(tiles["special"]) == 8
    assert all(t["stop"] for t in tiles["special"].values() if t["side"] == "shadow")


@needs_shared
def test_regions_match_the_shared_reference():
    ref = json.loads((SHARED / "wotr-map.json").read_text(encoding="utf-8"))
    ours = data.regions()
    assert set(ours) == {r["id"] for r in ref["regions"]}
    for r in ref["regions"]:
        mine = ours[r["id"]]
        assert sorted(mine["adjacent"]) == sorted(r["adjacent"]), r["id"]
        assert (mine["nation"], mine["settlement"], mine["vp"]) == (r["nation"], r["settlement"], r["vp"]), r["id"]
        assert mine["starting_units"] == r["starting_units"], r["id"]
        assert mine["name"]["es"] == r["name_es"]


@needs_shared
def test_nations_and_characters_match_the_shared_reference():
    ref = json.loads((SHARED / "wotr-map.json").read_text(encoding="utf-8"))["nations"]
    for nid, n in ref.items():
        mine = data.nations()[nid]
        assert mine["reinforcements"] == n["reinforcements"]
        assert mine["steps_from_war_at_start"] == n["steps_from_war_at_start"]
        assert mine["active_at_start"] == n["active_at_start"]
    chars = json.loads((SHARED / "characters.json").read_text(encoding="utf-8"))
    for c in chars["companions"] + chars["minions"]:
        mine = data.characters()[c["id"]]
        assert (mine["level"], mine["leadership"]) == (c["level"], c["leadership"]), c["id"]
        assert mine["action_die_bonus"] == c.get("action_die_bonus", 0)


@needs_shared
def test_hunt_tiles_match_the_shared_reference():
    ref = json.loads((SHARED / "hunt-tiles.json").read_text(encoding="utf-8"))
    assert data.hunt_tiles()["standard"] == ref["standard_beige"]
    values = sorted(str(t["value"]) for t in data.hunt_tiles()["special"].values())
    assert values == sorted(str(t["value"]) for t in ref["special_free_peoples_blue"] + ref["special_shadow_red"])


@needs_shared
def test_map_positions_match_the_shared_reference():
    ref = json.loads((SHARED / "wotr-map-positions.json").read_text(encoding="utf-8"))
    ours = data.map_positions()
    assert ours["aspect"] == ref["aspect"]
    assert ours["regions"] == {rid: {"x": p["x"], "y": p["y"]} for rid, p in ref["regions"].items()}
    assert ours["_source"].startswith(ref["_source"])


@needs_shared
def test_event_cards_match_the_shared_reference():
    ours = json.loads((DATA / "event_cards.json").read_text(encoding="utf-8"))
    theirs = json.loads((SHARED / "event-cards.json").read_text(encoding="utf-8"))
    strip = lambda card: {k: v for k, v in card.items() if k not in ("name_es", "title_es_ours", "name_es_ours")}
    assert [strip(c) for c in ours["cards"]] == [strip(c) for c in theirs["cards"]]
    assert ours["_schema"] == theirs["_schema"]


@needs_shared
def test_region_traits_match_the_shared_reference():
    ours = json.loads((DATA / "region_traits.json").read_text(encoding="utf-8"))
    theirs = json.loads((SHARED / "region-traits.json").read_text(encoding="utf-8"))
    assert {k: v for k, v in ours.items() if k != "_source"} == {k: v for k, v in theirs.items() if k != "_source"}


def test_the_event_cards_are_the_96_of_the_base_game():
    cards = json.loads((DATA / "event_cards.json").read_text(encoding="utf-8"))["cards"]
    assert len(cards) == 96 and len({c["id"] for c in cards}) == 96
    decks = {(c["side"], c["deck"]) for c in cards}
    assert decks == {("free-peoples", "character"), ("free-peoples", "strategy"), ("shadow", "character"),
                     ("shadow", "strategy")}
    assert all(sum(1 for c in cards if (c["side"], c["deck"]) == d) == 24 for d in decks)
