"""Measure the rules search on its tuning data, and try weights, without overfitting them.

    .venv/bin/python tools/tune_search.py                      # the search as it is
    .venv/bin/python tools/tune_search.py --deleak 0.5         # without phrasings that echo a query
    .venv/bin/python tools/tune_search.py --sweep PHRASING_MATCH=0.4,0.8,1.2 [--sweep ...]
    .venv/bin/python tools/tune_search.py --floors 0.3,0.35,0.4,0.45,0.5

Reads only the tuning data (``tests/search_relevance/{tuning,heldout}.yaml`` and the two
``nonsense-*.yaml``), never a held-out set. Needs the built docs (``adjudicator build docs``);
builds its own index in a temporary folder, so the project's index is left as it is.

Cross-validation: the queries are split in two halves by a seeded shuffle (``--seed``); every
figure is given for the whole set and for each half, and a sweep says which value each half
would choose, so a weight that only suits one half shows.

``--deleak J`` leaves out of the index every player phrasing (``data/search_phrasings.json``)
whose analysed words overlap some tuning query of its language by a Jaccard index of J or more:
a phrasing that repeats a tuning query would otherwise score that query for free, so weights
chosen with it in would trust phrasings more than a new question deserves.

``--sweep NAME=v1,v2`` sets a constant of ``adjudicator.search_backend`` (``NAME`` or
``DICT.key``, e.g. ``FIELD_BOOST.phrasings``; ``search.NAME`` for ``adjudicator.search``) to
each value in turn; several sweeps are tried one after the other, each from the defaults.
"""
from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import yaml  # noqa: E402

from adjudicator import paths, search  # noqa: E402
from adjudicator import search_backend as backend  # noqa: E402

RELEVANCE = ROOT / "tests" / "search_relevance"
TUNING, NONSENSE = ("tuning", "heldout"), ("nonsense-tuning", "nonsense-heldout")


def load(names: tuple[str, ...]) -> list[dict]:
    return [q for name in names for q in yaml.safe_load((RELEVANCE / f"{name}.yaml").read_text(encoding="utf-8"))["queries"]]


def halves(queries: list[dict], seed: int) -> tuple[list[dict], list[dict]]:
    """Two halves by a seeded shuffle of each language's queries (half of each in each)."""
    rng, first, second = random.Random(seed), [], []
    for lang in search.LANGS:
        mine = [q for q in queries if q["lang"] == lang]
        rng.shuffle(mine)
        first += mine[:len(mine) // 2]
        second += mine[len(mine) // 2:]
    return first, second


def rank_of(q: dict) -> int | None:
    labels = [r["label"] for r in search.search(q["query"], q["lang"], limit=10)["results"]]
    return next((i for i, label in enumerate(labels, 1) if label in q["labels"]), None)


def scores(queries: list[dict], ranks: dict[int, int | None]) -> dict[str, dict[str, float]]:
    out = {}
    for lang in search.LANGS:
        mine = [ranks[id(q)] for q in queries if q["lang"] == lang]
        n = max(1, len(mine))
        out[lang] = {"n": len(mine), "rank1": sum(r == 1 for r in mine) / n,
                     "top3": sum(bool(r and r <= 3) for r in mine) / n,
                     "mrr": sum(1 / r for r in mine if r) / n}
    return out


def objective(s: dict[str, dict[str, float]]) -> float:
    """What a sweep maximises: rank-1 and top-3 of the weaker language first, then MRR."""
    return sum(min(s[lang][k] for lang in s) + 0.25 * sum(s[lang][k] for lang in s) for k in ("rank1", "top3", "mrr"))


def measure(queries: list[dict], parts: tuple[list[dict], list[dict]], nonsense: list[dict]) -> dict:
    ranks = {id(q): rank_of(q) for q in queries}
    result = {"all": scores(queries, ranks), "A": scores(parts[0], ranks), "B": scores(parts[1], ranks)}
    found = [search.search(q["query"], q["lang"]) for q in nonsense]
    result["nonsense"] = sum(not r["matched"] for r in found) / max(1, len(found))
    result["dropped"] = sum(not search.search(q["query"], q["lang"])["matched"] for q in queries)
    result["misses"] = [(q["lang"], q["query"], q["labels"], ranks[id(q)]) for q in queries if ranks[id(q)] != 1]
    return result


def line(name: str, s: dict[str, dict[str, float]]) -> str:
    return f"{name:>4}: " + "   ".join(
        f"{lang} r1 {100 * v['rank1']:5.1f} t3 {100 * v['top3']:5.1f} mrr {v['mrr']:.3f} (n {v['n']})"
        for lang, v in s.items())


def deleaked_phrasings(queries: list[dict], threshold: float, out: Path) -> int:
    """Write the phrasings file without the phrasings that echo a query; returns how many left out."""
    data = json.loads(search.PHRASINGS_FILE.read_text(encoding="utf-8"))
    asked = {lang: [set(backend.analyze(q["query"], lang)) for q in queries if q["lang"] == lang] for lang in search.LANGS}
    dropped = 0
    for ways in data["phrasings"].values():
        for lang in search.LANGS:
            kept = []
            for way in ways.get(lang, []):
                words = set(backend.analyze(way, lang))
                if words and any(len(words & q) / len(words | q) >= threshold for q in asked[lang] if q):
                    dropped += 1
                else:
                    kept.append(way)
            ways[lang] = kept
    out.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return dropped


def set_constant(name: str, value: float) -> None:
    module = backend
    if name.startswith("search."):
        module, name = search, name.removeprefix("search.")
    if "." in name:
        table, key = name.split(".", 1)
        getattr(module, table)[key] = value
    else:
        if not hasattr(module, name):
            raise SystemExit(f"no constant {name} in {module.__name__}")
        setattr(module, name, type(getattr(module, name))(value))
    search.close_all()  # cached concepts and headings are recomputed with the new value


def get_constant(name: str):
    module = search if name.startswith("search.") else backend
    name = name.removeprefix("search.")
    if "." in name:
        table, key = name.split(".", 1)
        return getattr(module, table).get(key)
    return getattr(module, name)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=20261201, help="seed of the split in halves")
    parser.add_argument("--deleak", type=float, default=None, metavar="J",
                        help="leave out phrasings with a Jaccard overlap >= J with a tuning query")
    parser.add_argument("--sweep", action="append", default=[], metavar="NAME=v1,v2")
    parser.add_argument("--floors", default="", help="match floors to compare (kept queries, nonsense caught)")
    parser.add_argument("--misses", action="store_true", help="list the queries not ranked first")
    args = parser.parse_args(argv)

    queries, nonsense = load(TUNING), load(NONSENSE)
    parts = halves(queries, args.seed)
    docs = paths.BUILD / "docs"
    if not all((docs / lang / search.EXPORT_NAME).is_file() for lang in search.LANGS):
        print("build the docs first: adjudicator build docs", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="tune-search-") as tmp:
        build = Path(tmp)
        (build / "docs").mkdir()
        for lang in search.LANGS:
            (build / "docs" / lang).symlink_to(docs / lang, target_is_directory=True)
        paths.BUILD = build
        if args.deleak is not None:
            left_out = deleaked_phrasings(queries, args.deleak, build / "phrasings.json")
            search.PHRASINGS_FILE = build / "phrasings.json"
            print(f"de-leaked: {left_out} phrasings left out (Jaccard >= {args.deleak} with a tuning query)")
        search.build_index(force=True)
        base = measure(queries, parts, nonsense)
        print(f"split seed {args.seed}: halves of {len(parts[0])} and {len(parts[1])} queries")
        for name in ("all", "A", "B"):
            print(line(name, base[name]))
        print(f"nonsense 'no rule matches' {100 * base['nonsense']:.1f} %, real queries dropped {base['dropped']}")
        if args.misses:
            for miss in base["misses"]:
                print("  miss", *miss)
        for sweep in args.sweep:
            name, values = sweep.split("=", 1)
            default = get_constant(name)
            rows = []
            for value in (float(v) for v in values.split(",")):
                set_constant(name, value)
                rows.append((value, measure(queries, parts, nonsense)))
            set_constant(name, default)
            print(f"\n{name} (default {default}):")
            for value, m in rows:
                print(f"  {value:<6} " + " | ".join(
                    f"{part} " + " ".join(f"{lang} {100 * m[part][lang]['rank1']:.1f}/{100 * m[part][lang]['top3']:.1f}/{m[part][lang]['mrr']:.3f}"
                                          for lang in search.LANGS) for part in ("A", "B"))
                      + f" | nonsense {100 * m['nonsense']:.0f} % dropped {m['dropped']}")
            for part in ("A", "B"):
                best = max(rows, key=lambda row: objective(row[1][part]))
                other = "B" if part == "A" else "A"
                print(f"  chosen on {part}: {best[0]} -> on {other}: " + " ".join(
                    f"{lang} r1 {100 * best[1][other][lang]['rank1']:.1f} t3 {100 * best[1][other][lang]['top3']:.1f}"
                    for lang in search.LANGS))
        if args.floors:
            print("\nmatch floor: real queries kept, nonsense caught")
            confidences = [search.search(q["query"], q["lang"])["confidence"] for q in queries]
            noise = [search.search(q["query"], q["lang"])["confidence"] for q in nonsense]
            for floor in (float(v) for v in args.floors.split(",")):
                print(f"  {floor:<5} kept {sum(c >= floor for c in confidences)}/{len(queries)}"
                      f"  caught {sum(c < floor for c in noise)}/{len(nonsense)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
