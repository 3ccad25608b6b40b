"""The board map's weight and drawing time (web/boardmap.py).

    .venv/bin/python benchmarks/bench_map.py [--repeat 200]

Goals (issue 15): a page with the map under 100 KB compressed (page, CSS and scripts: the
ruling page, the board, and the question forms with their own script, static/ask.js);
drawing the map costs a page little (under 10 ms). Prints a table and writes
benchmarks/results/map.json.
"""
from __future__ import annotations

import argparse
import gzip
import json
import platform
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from web import boardmap, create_app, permalink  # noqa: E402

RETREAT = {"game": "war-of-the-ring", "lang": "en",
           "position": {"regions": {"Osgiliath": {"free_peoples": {"gondor": {"regular": 2, "leader": 1}}},
                                    "South Ithilien": {"shadow": {"sauron": {"regular": 5}}}}},
           "question": {"kind": "retreat", "from": "Osgiliath", "to": "Lossarnach"}}
WHOLE_BATTLE = {"game": "war-of-the-ring", "lang": "en",
                "position": {"regions": {"Minas Tirith": {"besieged": "free-peoples",
                                                          "free_peoples": {"gondor": {"regular": 3, "elite": 1}},
                                                          "shadow": {"sauron": {"regular": 6, "elite": 2}}}},
                             "politics": {"gondor": "at-war"}},
                "question": {"kind": "battle-outcome", "from": "Minas Tirith", "to": "Minas Tirith", "type": "sortie"}}
ROLES = {"osgiliath": "from", "lossarnach": "to", "pelargir": "reachable", "minas-tirith": "reachable"}
ARMIES = {"osgiliath": "FP 2+1", "south-ithilien": "S 5"}


def gz(body: bytes) -> int:
    return len(gzip.compress(body, 6))   # waitress does not compress; a proxy in front would, at about level 6


def fetch(client, path: str) -> bytes:
    response = client.get(path)
    body = response.get_data()
    response.close()
    assert response.status_code == 200, path
    return body


def timed(fn, repeat: int, fresh: bool = False) -> list[float]:
    """Seconds per call; ``fresh``: with the names' layout computed anew each time (a map
    not drawn before), else as drawn again (its layout cached)."""
    fn()                              # the data files load once per process, not per page
    times = []
    for _ in range(repeat):
        if fresh:
            boardmap._cached_places.cache_clear()
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return times


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=200)
    args = parser.parse_args()
    app = create_app({"TESTING": True, "BUILD_DIR": tempfile.mkdtemp(prefix="bench-map-")})
    client = app.test_client()
    with app.test_request_context("/en/"):
        plain = str(boardmap.board_svg("en")).encode()
        marked = str(boardmap.board_svg("en", roles=ROLES, armies=ARMIES, focus=ROLES)).encode()
        times = timed(lambda: boardmap.board("en", roles=ROLES, armies=ARMIES), args.repeat, fresh=True)
        whole = timed(lambda: boardmap.board("en"), args.repeat, fresh=True)
        whole_again = timed(lambda: boardmap.board("en"), args.repeat)
    assets = sum(gz(fetch(client, f"/static/{name}")) for name in ("app.css", "app.js", "map.js"))
    form_assets = assets + gz(fetch(client, "/static/ask.js"))
    ruling = gz(fetch(client, f"/en/r/{permalink.encode(RETREAT)}"))
    board_page = gz(fetch(client, "/en/map?region=Edoras"))
    forms = {kind: gz(fetch(client, f"/es/ask/war-of-the-ring/{kind}")) for kind in ("army-move", "battle")}
    whole_battle = gz(fetch(client, f"/en/r/{permalink.encode(WHOLE_BATTLE)}"))
    figures = {
        "svg_whole_board_bytes": len(plain), "svg_whole_board_gzip": gz(plain),
        "svg_marked_bytes": len(marked), "svg_marked_gzip": gz(marked),
        "map_js_bytes": len(fetch(client, "/static/map.js")), "map_js_gzip": gz(fetch(client, "/static/map.js")),
        "ruling_page_with_assets_gzip": ruling + assets, "board_page_with_assets_gzip": board_page + assets,
        "ask_js_bytes": len(fetch(client, "/static/ask.js")), "ask_js_gzip": gz(fetch(client, "/static/ask.js")),
        "army_move_form_with_assets_gzip": forms["army-move"] + form_assets,
        "battle_form_with_assets_gzip": forms["battle"] + form_assets,
        "whole_battle_ruling_with_assets_gzip": whole_battle + assets,
        "draw_close_up_ms_median": statistics.median(times) * 1000,
        "draw_close_up_ms_p95": sorted(times)[int(len(times) * 0.95)] * 1000,
        "draw_whole_board_ms_median": statistics.median(whole) * 1000,
        "draw_whole_board_ms_p95": sorted(whole)[int(len(whole) * 0.95)] * 1000,
        "draw_whole_board_again_ms_median": statistics.median(whole_again) * 1000,
        "python": platform.python_version(),
    }
    for key, value in figures.items():
        print(f"{key:32} {value:,.2f}" if isinstance(value, float) else f"{key:32} {value:,}" if isinstance(value, int)
              else f"{key:32} {value}")
    out = ROOT / "benchmarks" / "results"
    out.mkdir(parents=True, exist_ok=True)
    (out / "map.json").write_text(json.dumps(figures, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
