"""Two questions asked at the table on a phone: the actions and the seconds (issue 15).

    .venv/bin/python benchmarks/bench_table_flow.py [--repeat 3]
    .venv/bin/python benchmarks/bench_table_flow.py --before --app-root /tmp/before

The army move (Rohan's army in Edoras to Westemnet, mid-game), the sortie (Gondor's army
out of besieged Minas Tirith against Sauron's, Gondor At War) and, since issue 26, the
besieged army move (Rohan's army asking to leave besieged Helm's Deep), each from an empty form
on a 390x844 phone in Chromium, in both languages. The flows and the way actions are counted
and seconds estimated are in tests/web/table_flows.py (taps and keystrokes; the Keystroke-
Level Model's 1.1 s a tap and 0.6 s a key on a phone's keyboard; the scripted seconds are
the machine's, page loads included). ``--before`` runs the old flows (every field typed),
for the forms before issue 15: export commit 750d7d8 (``git archive 750d7d8 | tar -x -C
/tmp/before``) and point ``--app-root`` at it. Prints a table and writes
benchmarks/results/table-flow.json (or table-flow-before.json).
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--before", action="store_true", help="the old flows, for the forms before issue 15")
    parser.add_argument("--app-root", type=Path, default=ROOT, help="the checkout whose web app is served")
    args = parser.parse_args()
    sys.path.insert(0, str(args.app_root))
    sys.path.insert(0, str(ROOT / "tests" / "web"))
    import table_flows as tf
    import waitress
    from playwright.sync_api import sync_playwright

    from web import create_app

    app = create_app({"BUILD_DIR": tempfile.mkdtemp(prefix="bench-table-")})
    server = waitress.create_server(app, host="127.0.0.1", port=0, threads=4)
    threading.Thread(target=server.run, daemon=True).start()
    base = f"http://127.0.0.1:{server.effective_port}"
    flows = {"army-move": tf.old_army_move, "sortie": tf.old_sortie} if args.before else \
        {"army-move": tf.new_army_move, "sortie": tf.new_sortie, "besieged-move": tf.new_besieged_move}
    kinds = {"army-move": "army-move", "sortie": "battle", "besieged-move": "army-move"}
    figures: dict[str, dict] = {}
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        for lang in ("en", "es"):
            for question, flow in flows.items():
                runs = []
                for _ in range(args.repeat):
                    context = browser.new_context(base_url=base, **PHONE)
                    page = context.new_page()
                    runs.append(flow(page, lang).figures())
                    page.goto(f"/{lang}/ask/war-of-the-ring/{kinds[question]}")
                    tabs = tf.tab_stops_to_submit(page)
                    context.close()
                figures[f"{question} ({lang})"] = {
                    "taps": runs[0]["taps"], "keys": runs[0]["keys"], "actions": runs[0]["actions"],
                    "estimated_seconds": runs[0]["estimated_seconds"], "tab_stops": tabs,
                    "scripted_seconds_median": round(statistics.median(r["scripted_seconds"] for r in runs), 2)}
        browser.close()
    server.close()
    print(f"{'question':20} {'taps':>5} {'keys':>5} {'actions':>8} {'est. s':>7} {'tabs':>5} {'scripted s':>11}")
    for name, f in figures.items():
        print(f"{name:20} {f['taps']:5} {f['keys']:5} {f['actions']:8} {f['estimated_seconds']:7} {f['tab_stops']:5} "
              f"{f['scripted_seconds_median']:11}")
    out = ROOT / "benchmarks" / "results"
    out.mkdir(parents=True, exist_ok=True)
    name = "table-flow-before.json" if args.before else "table-flow.json"
    (out / name).write_text(json.dumps(figures, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
