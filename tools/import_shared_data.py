"""Maintainers' tool: regenerate adjudicator/data/*.json from the reference facts in ../shared/data.

Not part of the app and never run by it or by users (a user's machine has no ../shared).
The project keeps its own data files (so it runs without ../shared); this script is how
they were made, and tests/test_data.py cross-checks them against the reference when it
is present. Run: python tools/import_shared_data.py [path/to/shared/data]
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "adjudicator" / "data"

# Spanish names checked against the Spanish seed (000) where it names the place; the
# reference transcription lacks the Spanish name of the Southrons & Easterlings.
SPANISH_NATION_FIXES = {"southrons": "Hombres del Sur y del Este"}
# Printed English spellings (the reference keeps name_en ASCII).
# Spanish names of the special Hunt tiles (our translation where the Spanish edition's
# printed name is not in the seeds; names are matched accent- and case-insensitively).
SPECIAL_TILE_ES = {"elven-cloaks": "Capas élficas", "elven-rope": "Cuerda élfica",
                   "phial-of-galadriel": "Frasco de Galadriel",
                   "smeagol-helps-nice-master": "Sméagol ayuda al buen amo",
                   "shelobs-lair": "Guarida de Ella-Laraña", "the-ring-is-mine": "¡El Anillo es mío!",
                   "on-on-they-went": "Siguieron adelante", "give-it-to-uss": "¡Dánoslo!"}
PRINTED_EN = {"barad-dur": "Barad-dûr", "lorien": "Lórien", "druadan-forest": "Drúadan Forest",
              "east-rhun": "East Rhûn", "north-rhun": "North Rhûn", "south-rhun": "South Rhûn"}


def dump(name: str, obj) -> None:
    (OUT / name).write_text(json.dumps(obj, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


def main(shared: Path) -> None:
    world = json.loads((shared / "wotr-map.json").read_text(encoding="utf-8"))
    regions = {}
    for r in world["regions"]:
        regions[r["id"]] = {
            "name": {"en": PRINTED_EN.get(r["id"], r["name_en"]), "es": r["name_es"]},
            "nation": r["nation"],
            "side": r["side"],
            "settlement": r["settlement"],
            "vp": r["vp"],
            "starting_units": r["starting_units"],
            "adjacent": sorted(r["adjacent"]),
        }
    dump("regions.json", {
        "_source": ("War of the Ring 2nd edition base-game map: 105 regions and 232 movement "
                    "edges, from ../shared/data/wotr-map.json (transcribed from several public "
                    "implementations that agree on every edge); English names as printed on "
                    "the board, Spanish names from the Spanish edition as named in seed 000."),
        "regions": regions,
    })
    # Every figure a nation has: its starting armies plus its reinforcements (the component
    # counts of the rulebook, e.g. Gondor 15 Regulars, 5 Elites, 4 Leaders; Sauron 8 Nazgul).
    figures: dict[str, dict[str, int]] = {}
    for r in world["regions"]:
        start = r["starting_units"] or {}
        pool = figures.setdefault(start.get("nation", ""), {})
        for kind, n in start.items():
            if kind != "nation":
                pool[kind] = pool.get(kind, 0) + n
    nations = {}
    for nid, n in world["nations"].items():
        total = dict(figures.get(nid, {}))
        for kind, k in n["reinforcements"].items():
            total[kind] = total.get(kind, 0) + k
        nations[nid] = {
            "name": {"en": n["name_en"], "es": SPANISH_NATION_FIXES.get(nid, n["name_es"])},
            "side": n["side"],
            "active_at_start": n["active_at_start"],
            "steps_from_war_at_start": n["steps_from_war_at_start"],
            "reinforcements": n["reinforcements"],
            "figures": {kind: total.get(kind, 0) for kind in ("regular", "elite", "leader", "nazgul")
                        if kind in total},
        }
    dump("nations.json", {
        "_source": ("Nations, political track start (seed 000 'El Marcador Politico') and "
                    "reinforcement pools, from ../shared/data/wotr-map.json; figures: every figure of the "
                    "nation in the box (its starting armies plus its reinforcements, the rulebook's "
                    "component counts)."),
        "nations": nations,
    })
    chars = json.loads((shared / "characters.json").read_text(encoding="utf-8"))
    out = {}
    for kind, rows in (("companion", chars["companions"]), ("minion", chars["minions"]),
                       ("gollum", [chars["gollum"]])):
        for c in rows:
            out[c["id"]] = {
                "name": {"en": c["name_en"], "es": c["name_es"]},
                "kind": kind,
                "side": "shadow" if kind == "minion" else "free_peoples",
                "level": c.get("level"),
                "leadership": c.get("leadership", 0),
                "activates": c.get("activates"),
                "nation": c.get("nation"),
                "action_die_bonus": c.get("action_die_bonus", 0),
                "combat_strength_bonus": c.get("combat_strength_bonus", 0),
                "in_fellowship_at_start": c.get("in_fellowship_at_start", False),
                "guide_at_start": c.get("guide_at_start", False),
                "is_nazgul": c.get("is_nazgul", False),
                "replaces": c.get("replaces"),
            }
    dump("characters.json", {
        "_source": ("Character statistics from the printed character cards, via "
                    "../shared/data/characters.json (facts only, no card text)."),
        "action_dice_at_start": chars["action_dice_at_start"],
        "elven_rings_at_start": chars["elven_rings_at_start"],
        "nazgul_figures": chars["nazgul_figures"],
        "characters": out,
    })
    tiles = json.loads((shared / "hunt-tiles.json").read_text(encoding="utf-8"))
    special = {}
    for colour, side in (("special_free_peoples_blue", "free_peoples"), ("special_shadow_red", "shadow")):
        for t in tiles[colour]:
            tid = t["card"].lower().replace("'", "").replace(",", "").replace("!", "").replace(" ", "-")
            special[tid] = {"name": {"en": t["card"], "es": SPECIAL_TILE_ES[tid]}, "side": side,
                            "value": t["value"], "reveal": t["reveal"], "stop": t.get("stop", False)}
    dump("hunt_tiles.json", {
        "_source": ("Hunt tiles of the base game (seed 004 and ../shared/data/hunt-tiles.json: "
                    "three public implementations agree on every tile)."),
        "standard": tiles["standard_beige"],
        "special": special,
    })

    positions = json.loads((shared / "wotr-map-positions.json").read_text(encoding="utf-8"))
    dump("map_positions.json", {
        "_source": positions["_source"] + " Copied from ../shared/data/wotr-map-positions.json.",
        "aspect": positions["aspect"],
        "regions": {rid: {"x": p["x"], "y": p["y"]} for rid, p in sorted(positions["regions"].items())},
    })


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT.parent / "shared" / "data")
