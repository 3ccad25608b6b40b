"""Maintainers' tool: write the fingerprints of the seeds' 12-word runs.

    python tools/seed_fingerprints.py            # rewrite tests/data/seed_runs.txt
    python tools/seed_fingerprints.py --check    # exit 1 if the file is out of date

The reference must say the rules in our own words: tests/test_own_words.py fails when a
passage of the docs (English pages, Spanish msgstr) or of the rulings' message catalogues
shares a run of RUN (12) consecutive words with a seed. The seeds themselves are not part
of the project (they live in ../shared/seeds on the maintainers' machine, or wherever
ADJUDICATOR_SEEDS points), so the test reads a fingerprint file instead: one short hash per
distinct 12-word run of every seed, words compared without case, accents or punctuation.
Run this tool whenever a seed is added or changed, and commit the file it writes.
"""
from __future__ import annotations

import hashlib
import os
import re
import sys
import unicodedata
from collections.abc import Iterable, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SEEDS = Path(os.environ.get("ADJUDICATOR_SEEDS", ROOT.parent / "shared" / "seeds"))
OUT = ROOT / "tests" / "data" / "seed_runs.txt"
RUN = 12
WORD = re.compile(r"[a-z0-9]+")
HEADER = (f"# Fingerprints of every {RUN}-word run of the seeds (written by tools/seed_fingerprints.py;\n"
          "# do not edit). One hash a line: blake2b, 6 bytes, of the run's words joined by spaces.\n")


def words(text: str) -> list[str]:
    """The words of ``text``, lower-cased, accents dropped, punctuation ignored."""
    folded = unicodedata.normalize("NFKD", text.lower())
    folded = "".join(c for c in folded if not unicodedata.combining(c))
    return WORD.findall(folded)


def fingerprint(run: Iterable[str]) -> str:
    return hashlib.blake2b(" ".join(run).encode(), digest_size=6).hexdigest()


def runs(ws: list[str]) -> Iterator[tuple[int, str]]:
    """(start, fingerprint) of every RUN-word run of the word list."""
    for i in range(len(ws) - RUN + 1):
        yield i, fingerprint(ws[i:i + RUN])


def seed_fingerprints(seeds: Path = SEEDS) -> set[str]:
    found: set[str] = set()
    for seed in sorted(seeds.glob("*.txt")):
        found.update(fp for _, fp in runs(words(seed.read_text(encoding="utf-8"))))
    return found


def render(fps: set[str]) -> str:
    return HEADER + "".join(f"{fp}\n" for fp in sorted(fps))


def load(path: Path = OUT) -> set[str]:
    return {line.strip() for line in path.read_text(encoding="utf-8").splitlines()
            if line.strip() and not line.startswith("#")}


def main(argv: list[str]) -> int:
    if not SEEDS.is_dir():
        print(f"no seeds at {SEEDS} (set ADJUDICATOR_SEEDS)", file=sys.stderr)
        return 2
    text = render(seed_fingerprints())
    if "--check" in argv:
        current = OUT.read_text(encoding="utf-8") if OUT.exists() else ""
        if current != text:
            print(f"{OUT} is out of date: run python tools/seed_fingerprints.py", file=sys.stderr)
            return 1
        return 0
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(text, encoding="utf-8")
    print(f"{OUT.relative_to(ROOT)}: {text.count(chr(10)) - HEADER.count(chr(10))} runs")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
