"""Write adjudicator/data/search_asked.json: the questions of the tuning relevance sets.

    .venv/bin/python tools/build_asked.py          # write it
    .venv/bin/python tools/build_asked.py --check  # exit 1 when the file is not what it would write

Nine writers, each blind to the ranking, asked 1,896 questions (tests/search_relevance/, the
tuning sets: every set already measured once as a held-out set and then studied), each with the
rules that answer it. Players ask the same questions again in nearly the same words ("can my
army move into a region with only enemy Nazgûl" was asked by five of them), so the search
indexes them beside the players' phrasings, each under every rule that answers it. Only the
tuning sets, less those of NOT_ASKED: a held-out set never goes in, so it stays a question never
seen.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

from tune_search import NOT_ASKED, TUNING, load  # noqa: E402

from adjudicator import search  # noqa: E402

# NOT_ASKED (tools/tune_search.py): tuned on but not indexed as questions asked before. Measured
# with tools/tune_search.py --deleak 0.75 --by-set (each set searched as a new writer's), indexing
# sets 29 and 30 too lowered rank-1 (en 89.7 -> 89.3 %, es 90.7 -> 90.5 %) and cost 27 of the other
# sets' queries their first rank while helping 4: their labellers drew some rules' borders
# otherwise than the earlier sets' did.
ASKED_SETS = tuple(name for name in TUNING if name not in NOT_ASKED)


def asked() -> dict:
    out: dict[str, dict[str, list[str]]] = {}
    for q in load(ASKED_SETS):
        for label in q["labels"]:
            ways = out.setdefault(label, {lang: [] for lang in search.LANGS})[q["lang"]]
            text = " ".join(str(q["query"]).split())
            if text not in ways:
                ways.append(text)
    return {"_source": "The questions of the tuning relevance sets (tests/search_relevance/: "
                       + ", ".join(ASKED_SETS) + "), each under the rules that answer it, as their blind writers typed "
                       "them; written by tools/build_asked.py, never from a held-out set.",
            "asked": {label: out[label] for label in sorted(out)}}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args(argv)
    text = json.dumps(asked(), ensure_ascii=False, indent=1) + "\n"
    if args.check:
        same = search.ASKED_FILE.is_file() and search.ASKED_FILE.read_text(encoding="utf-8") == text
        print("up to date" if same else f"{search.ASKED_FILE} is not what tools/build_asked.py writes")
        return 0 if same else 1
    search.ASKED_FILE.write_text(text, encoding="utf-8")
    print(f"written {search.ASKED_FILE}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
