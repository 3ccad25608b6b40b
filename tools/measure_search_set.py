"""Measure the rules search on relevance sets as the project's index answers them.

    .venv/bin/python tools/measure_search_set.py tuning25 nonsense-tuning25 [--misses]

Each name is a file of ``tests/search_relevance/``; a set whose queries have no labels is
read as off-topic (each should get "no rule matches"). Prints rank-1, top-3 and MRR per
language, how many answerable queries were refused ("no rule matches"), and how many
off-topic ones were. A query with no labels in a set that has labelled ones (no section answers
it) is counted apart. Needs the built index (``adjudicator build all``).
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import yaml  # noqa: E402

from adjudicator import search  # noqa: E402

RELEVANCE = ROOT / "tests" / "search_relevance"


def measure(name: str, misses: bool) -> None:
    queries = yaml.safe_load((RELEVANCE / f"{name}.yaml").read_text(encoding="utf-8"))["queries"]
    for lang in search.LANGS:
        mine = [q for q in queries if q["lang"] == lang]
        if not mine:
            continue
        found = [(q, search.search(q["query"], lang, limit=10)) for q in mine]
        if all(not q["labels"] for q in mine):
            refused = sum(not r["matched"] for _q, r in found)
            print(f"{name} [{lang}] off-topic refused {refused}/{len(mine)}")
            if misses:
                for q, r in found:
                    if r["matched"]:
                        print(f"  answered {q['query']!r}: {[h['label'] for h in r['results'][:2]]}")
            continue
        unanswered = [(q, r) for q, r in found if not q["labels"]]
        if unanswered:
            # Asked in a rules set, but the labeller found no section that answers it: neither
            # answerable nor off-topic, so left out of the figures and counted apart.
            refused_here = sum(not r["matched"] for _q, r in unanswered)
            print(f"{name} [{lang}] not in the reference: {len(unanswered)} (refused {refused_here})")
            found = [(q, r) for q, r in found if q["labels"]]
        ranks = []
        for q, r in found:
            labels = [h["label"] for h in r["results"]]
            ranks.append(next((i for i, label in enumerate(labels, 1) if label in q["labels"]), None))
        n = len(found)
        r1 = sum(r == 1 for r in ranks) / n
        t3 = sum(bool(r and r <= 3) for r in ranks) / n
        mrr = sum(1 / r for r in ranks if r) / n
        refused = sum(not r["matched"] for _q, r in found)
        print(f"{name} [{lang}] n {n}: rank-1 {100 * r1:.1f} %, top-3 {100 * t3:.1f} %, MRR {mrr:.3f}, "
              f"refused {refused}")
        if misses:
            for (q, r), rank in zip(found, ranks, strict=True):
                if rank != 1:
                    print(f"  miss {q['query']!r} {q['labels']} rank {rank} first "
                          f"{[h['label'] for h in r['results'][:2]]} matched {r['matched']}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("sets", nargs="+")
    parser.add_argument("--misses", action="store_true")
    args = parser.parse_args()
    for name in args.sets:
        measure(name, args.misses)
    return 0


if __name__ == "__main__":
    sys.exit(main())
