"""How far two blind labellers agree on a set, beside how far the search agrees with either.

    .venv/bin/python tools/label_agreement.py agreement/sets62-64-en heldout62 heldout63 heldout64

The first name is a second labelling (``tests/search_relevance/agreement/``: the same questions, labelled
again by someone who saw neither the first labels nor the search); the others are the sets first labelled.
Prints, per language, how often the second labeller's first label is among the first labeller's (what the
search's rank-1 is measured by: a person in the search's place), the reverse, and the search's rank-1 judged by
either labelling. It tells whether the labels, or the search, are what keeps rank-1 below its goal. Needs the
built index (``adjudicator build all``).
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


def _labels(name: str) -> dict[tuple[str, str], list[str]]:
    queries = yaml.safe_load((RELEVANCE / f"{name}.yaml").read_text(encoding="utf-8"))["queries"]
    return {(q["lang"], q["query"]): q["labels"] for q in queries}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("second")
    parser.add_argument("first", nargs="+")
    args = parser.parse_args()
    second = _labels(args.second)
    first: dict[tuple[str, str], list[str]] = {}
    for name in args.first:
        first.update(_labels(name))
    both = [k for k in second if first.get(k) and second[k]]
    for lang in search.LANGS:
        mine = [k for k in both if k[0] == lang]
        if not mine:
            continue
        ranked = {k: [h["label"] for h in search.search(k[1], lang)["results"][:1]] for k in mine}
        n = len(mine)
        counts = {"second's first in first's": sum(second[k][0] in first[k] for k in mine),
                  "first's first in second's": sum(first[k][0] in second[k] for k in mine),
                  "search first in first's": sum(bool(ranked[k]) and ranked[k][0] in first[k] for k in mine),
                  "search first in second's": sum(bool(ranked[k]) and ranked[k][0] in second[k] for k in mine)}
        print(f"[{lang}] n {n}: " + ", ".join(f"{name} {c} ({100 * c / n:.1f} %)" for name, c in counts.items()))


if __name__ == "__main__":
    main()
