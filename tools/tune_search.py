"""Measure the rules search on its tuning data, and try weights, without overfitting them.

    .venv/bin/python tools/tune_search.py                      # the search as it is
    .venv/bin/python tools/tune_search.py --deleak 0.5         # without phrasings that echo a query
    .venv/bin/python tools/tune_search.py --sweep PHRASING_MATCH=0.4,0.8,1.2 [--sweep ...]
    .venv/bin/python tools/tune_search.py --floors 0.3,0.35,0.4,0.45,0.5

Reads only the tuning data (``tests/search_relevance/{tuning,heldout,tuning2,...,tuning13,tuning25}.yaml``
and their ``nonsense-*.yaml``), never a held-out set (``heldout14.yaml``, ``nonsense14.yaml``). Needs
the built docs (``adjudicator build docs``); builds its own index in a temporary folder, so the
project's index is left as it is.

Cross-validation: the queries are split in two halves by a seeded shuffle (``--seed``); every
figure is given for the whole set and for each half, and a sweep says which value each half
would choose, so a weight that only suits one half shows.

``--deleak J``: many player phrasings (``data/search_phrasings.json``) repeat a tuning query
almost word for word, and would score it for free: weights chosen with them in would trust
phrasings more than a new question deserves. So the queries are dealt into ``--folds`` folds
(the halves are folds 0..K/2-1 and the rest), and each fold is searched in an index of its own
that leaves out every phrasing whose analysed words overlap a query *of that fold* (same
language) by a Jaccard index of J or more: each query is searched as if it had never been seen.

The questions asked before (``data/search_asked.json``, the tuning sets' own questions, written
by tools/build_asked.py) would answer each tuning query with itself: with ``--deleak`` each fold
is searched without its own questions, and ``--by-set`` makes each relevance set a fold, so that
each set is searched as a new writer's (the figure closest to a set never seen). Without
``--deleak`` the figures are on the index as shipped, which has every tuning question.

``--without-own-words`` (with ``--by-set``): each set is also searched without the table's
vocabulary entries learned from it (``data/search_vocabulary.json``, whose ``source`` names the
set's file), the nearest to a new writer's words the tuned sets can give.

``--sweep NAME=v1,v2`` sets a constant of the search engine (``adjudicator.search.backend`` or
the part of it that defines it, ``search_backend.PARTS``; ``NAME`` or ``DICT.key``, e.g.
``FIELD_BOOST.phrasings``; ``search.NAME`` for ``adjudicator.search``) to
each value in turn; several sweeps are tried one after the other, each from the defaults.
"""
from __future__ import annotations

import argparse
import json
import random
import re
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import yaml  # noqa: E402

from adjudicator import paths, search  # noqa: E402
from adjudicator.search import backend  # noqa: E402
from adjudicator.search import vocabulary as search_vocabulary  # noqa: E402

RELEVANCE = ROOT / "tests" / "search_relevance"
# Every set studied so far: the first round's two splits and the second held-out set, spent.
TUNING = ("tuning", "heldout", "tuning2", "tuning3", "tuning4", "tuning5", "tuning6", "tuning7", "tuning8", "tuning9",
          "tuning10", "tuning11", "tuning12", "tuning13", "tuning25", "tuning26", "heldout26", "heldout27", "heldout28",
          "heldout29", "heldout30", "heldout31", "heldout32", "heldout33", "heldout34", "heldout35",
          "heldout36", "heldout37", "heldout38", "heldout39", "heldout40",
          "heldout41", "heldout42", "heldout43", "heldout44", "heldout45",
          "heldout46", "heldout47", "heldout48", "heldout49", "heldout50", "heldout51",
          "heldout52", "heldout53", "heldout54", "heldout55", "heldout56", "heldout57",
          "heldout58", "heldout59", "heldout60", "heldout61", "heldout62", "heldout63", "heldout64")
# Tuned on, but not indexed as questions asked before (tools/build_asked.py says why).
NOT_ASKED = ("heldout29", "heldout30", "heldout31", "heldout32", "heldout33", "heldout34", "heldout35",
             "heldout36", "heldout37", "heldout38", "heldout39", "heldout40",
             "heldout41", "heldout42", "heldout43", "heldout44", "heldout45",
             "heldout46", "heldout47", "heldout48", "heldout49", "heldout50", "heldout51",
             "heldout52", "heldout53", "heldout54", "heldout55", "heldout56", "heldout57",
             "heldout58", "heldout59", "heldout60", "heldout61", "heldout62", "heldout63", "heldout64")
NONSENSE = ("nonsense-tuning", "nonsense-heldout", "nonsense-tuning2", "nonsense-tuning3", "nonsense-tuning4",
            "nonsense-tuning5", "nonsense-tuning6", "nonsense-tuning7", "nonsense-tuning8", "nonsense-tuning9",
            "nonsense-tuning10", "nonsense-tuning11", "nonsense-tuning12", "nonsense-tuning13",
            "nonsense-tuning25", "nonsense-tuning26", "nonsense-heldout26", "nonsense-heldout27",
            "nonsense-heldout28", "nonsense-heldout29", "nonsense-heldout30",
            "nonsense-heldout31", "nonsense-heldout32", "nonsense-heldout33", "nonsense-heldout34",
            "nonsense-heldout35", "nonsense-heldout36", "nonsense-heldout37",
            "nonsense-heldout38", "nonsense-heldout39", "nonsense-heldout40", "nonsense-heldout41",
            "nonsense-heldout42", "nonsense-heldout43", "nonsense-heldout44",
            "nonsense-heldout45", "nonsense-heldout46", "nonsense-heldout47",
            "nonsense-heldout48", "nonsense-heldout49", "nonsense-heldout50",
            "nonsense-heldout51", "nonsense-heldout52", "nonsense-heldout53",
            "nonsense-heldout54", "nonsense-heldout55",
            "nonsense-heldout56", "nonsense-heldout57", "nonsense-heldout58", "nonsense-heldout59",
            "nonsense-heldout60", "nonsense-heldout61", "nonsense-heldout62", "nonsense-heldout63",
            "nonsense-heldout64")


def load(names: tuple[str, ...]) -> list[dict]:
    """The queries of the sets ``names``, each tagged with its set (``set``). In a rules set, a
    question its labeller found no section for (``labels: []``, set 26 on) is neither answerable
    nor off-topic: it is left out, as tools/measure_search_set.py does."""
    out = []
    for name in names:
        queries = yaml.safe_load((RELEVANCE / f"{name}.yaml").read_text(encoding="utf-8"))["queries"]
        rules_set = any(q["labels"] for q in queries)
        out += [{**q, "set": name} for q in queries if q["labels"] or not rules_set]
    return out


def deal(queries: list[dict], seed: int, folds: int) -> list[list[dict]]:
    """``folds`` folds by a seeded shuffle of each language's queries (each language spread evenly)."""
    rng, out = random.Random(seed), [[] for _ in range(folds)]
    for lang in search.LANGS:
        mine = [q for q in queries if q["lang"] == lang]
        rng.shuffle(mine)
        for i, q in enumerate(mine):
            out[i * folds // len(mine)].append(q)
    return out


def rank_of(result: dict, q: dict) -> int | None:
    labels = [r["label"] for r in result["results"]]
    return next((i for i, label in enumerate(labels, 1) if label in q["labels"]), None)


def use_build(build: Path) -> None:
    paths.BUILD = build
    search.close_all()


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


def _scores(s: dict[str, dict[str, float]]) -> str:
    """One half's rank-1 %, top-3 % and MRR per language, as a sweep's table cell."""
    return " ".join(f"{lang} {100 * s[lang]['rank1']:.1f}/{100 * s[lang]['top3']:.1f}/{s[lang]['mrr']:.3f}"
                    for lang in search.LANGS)


# The table's vocabulary as shipped: --without-own-words searches each set without the entries
# learned from it (data/search_vocabulary.json, each entry's "source" names the set's file).
SHIPPED_TABLE = search_vocabulary._table
OWN_WORDS = {"left out": False}


def words_without(name: str, tmp: Path) -> Callable[..., dict]:
    """The vocabulary's table without the entries whose source names ``name``'s file."""
    own = re.compile(rf"(?<![\w-]){re.escape(name)}\.yaml")
    kept = [e for e in search_vocabulary.entries() if not own.search(e.get("source", ""))]
    path = tmp / f"vocabulary-without-{name}.json"
    path.write_text(json.dumps({"entries": kept}, ensure_ascii=False), encoding="utf-8")
    table = SHIPPED_TABLE.__wrapped__(path)
    return lambda *_a, **_k: table


def measure(folds: list[list[dict]], builds: list[Path], whole: Path, nonsense: list[dict]) -> dict:
    """Each fold searched in its own build; the nonsense in the whole index."""
    ranks, confidence, firsts, matched = {}, {}, {}, {}
    for fold, build in zip(folds, builds, strict=True):
        use_build(build)
        own = {q["set"] for q in fold}
        search_vocabulary._table = OWN_WORDS[own.pop()] if OWN_WORDS["left out"] and len(own) == 1 \
            else SHIPPED_TABLE
        for q in fold:
            found = search.search(q["query"], q["lang"], limit=10)
            ranks[id(q)], confidence[id(q)], matched[id(q)] = rank_of(found, q), found["confidence"], found["matched"]
            firsts[id(q)] = [r["label"] for r in found["results"][:2]]
    search_vocabulary._table = SHIPPED_TABLE
    use_build(whole)
    queries = [q for fold in folds for q in fold]
    half = len(folds) // 2
    parts = ([q for fold in folds[:half] for q in fold], [q for fold in folds[half:] for q in fold])
    result = {"all": scores(queries, ranks), "A": scores(parts[0], ranks), "B": scores(parts[1], ranks)}
    result["sets"] = {name: scores([q for q in queries if q["set"] == name], ranks) for name in TUNING}
    found = [search.search(q["query"], q["lang"]) for q in nonsense]
    result["nonsense"] = sum(not r["matched"] for r in found) / max(1, len(found))
    result["nonsense_sets"] = {name: (sum(not r["matched"] for q, r in zip(nonsense, found, strict=True)
                                          if q["set"] == name),
                                      sum(q["set"] == name for q in nonsense)) for name in NONSENSE}
    result["noise_confidence"] = [r["confidence"] for r in found]
    result["confidence"] = [confidence[id(q)] for q in queries]
    result["dropped"] = sum(not matched[id(q)] for q in queries)
    result["misses"] = [(q["set"], q["lang"], repr(q["query"]), q["labels"], ranks[id(q)], "first:", firsts[id(q)])
                        for q in queries if ranks[id(q)] != 1]
    result["noise"] = [(q["set"], q["lang"], repr(q["query"]), r["confidence"], [h["label"] for h in r["results"][:1]])
                       for q, r in zip(nonsense, found, strict=True) if r["matched"]]
    return result


def line(name: str, s: dict[str, dict[str, float]]) -> str:
    return f"{name:>8}: " + "   ".join(
        f"{lang} r1 {100 * v['rank1']:5.1f} t3 {100 * v['top3']:5.1f} mrr {v['mrr']:.3f} (n {v['n']})"
        for lang, v in s.items())


def deleaked_phrasings(queries: list[dict], threshold: float, out: Path) -> int:
    """Write the phrasings file without the phrasings that echo a query; returns how many left out."""
    data = json.loads(search.PHRASINGS_FILE.read_text(encoding="utf-8"))
    asked = {lang: [set(backend.analyze(q["query"], lang)) for q in queries if q["lang"] == lang]
             for lang in search.LANGS}
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


def without_own_questions(queries: list[dict], source: Path, out: Path) -> None:
    """Write the questions asked before (``data/search_asked.json``) without ``queries`` themselves:
    a fold's questions are searched as if never asked (with --by-set, a whole writer's set)."""
    data = json.loads(source.read_text(encoding="utf-8"))
    own = {(q["lang"], " ".join(str(q["query"]).split())) for q in queries}
    for ways in data["asked"].values():
        for lang in search.LANGS:
            ways[lang] = [w for w in ways.get(lang, []) if (lang, w) not in own]
    out.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")


def owner(name: str):
    """The module that defines a constant: ``search.NAME`` is adjudicator.search's, any other the
    first of the engine's parts that has it (a part only imports from the parts before it)."""
    if name.startswith("search."):
        return search, name.removeprefix("search.")
    table = name.split(".", 1)[0]
    return next((part for part in backend.PARTS if hasattr(part, table)), backend), name


def set_constant(name: str, value: float) -> None:
    module, name = owner(name)
    if "." in name:
        table, key = name.split(".", 1)
        getattr(module, table)[key] = value
    else:
        if not hasattr(module, name):
            raise SystemExit(f"no constant {name} in {module.__name__}")
        setattr(module, name, type(getattr(module, name))(value))
    search.close_all()  # cached concepts and headings are recomputed with the new value


def get_constant(name: str):
    module, name = owner(name)
    if "." in name:
        table, key = name.split(".", 1)
        return getattr(module, table).get(key)
    return getattr(module, name)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=20261201, help="seed of the split in halves")
    parser.add_argument("--deleak", type=float, default=None, metavar="J",
                        help="search each fold without the phrasings that overlap its queries by a Jaccard index >= J")
    parser.add_argument("--folds", type=int, default=8, help="folds (even; the halves are their two halves)")
    parser.add_argument("--sweep", action="append", default=[], metavar="NAME=v1,v2")
    parser.add_argument("--floors", default="", help="match floors to compare (kept queries, nonsense caught)")
    parser.add_argument("--misses", action="store_true", help="list the queries not ranked first")
    parser.add_argument("--without-phrasings", action="store_true", help="index no player phrasings (to compare)")
    parser.add_argument("--without-asked", action="store_true", help="index no question asked before (to compare)")
    parser.add_argument("--without-own-words", action="store_true",
                        help="with --by-set: search each set without the vocabulary entries learned from it")
    parser.add_argument("--by-set", action="store_true",
                        help="one fold per relevance set (each set searched as a new writer's: with --deleak, "
                             "without the questions of its own set)")
    args = parser.parse_args(argv)

    queries, nonsense = load(TUNING), load(NONSENSE)
    folds = [[q for q in queries if q["set"] == name] for name in TUNING] if args.by_set else \
        deal(queries, args.seed, args.folds)
    docs = paths.BUILD / "docs"
    if not all((docs / lang / search.EXPORT_NAME).is_file() for lang in search.LANGS):
        print("build the docs first: adjudicator build docs", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="tune-search-") as tmp:
        shipped = search.PHRASINGS_FILE
        if args.without_phrasings:
            shipped = Path(tmp) / "no-phrasings.json"
            shipped.write_text('{"phrasings": {}}', encoding="utf-8")
        shipped_asked = search.ASKED_FILE
        if args.without_asked:
            shipped_asked = Path(tmp) / "no-asked.json"
            shipped_asked.write_text('{"asked": {}}', encoding="utf-8")

        def new_build(name: str, phrasings: Path, asked: Path = shipped_asked) -> Path:
            build = Path(tmp) / name
            (build / "docs").mkdir(parents=True)
            for lang in search.LANGS:
                (build / "docs" / lang).symlink_to(docs / lang, target_is_directory=True)
            use_build(build)
            search.PHRASINGS_FILE, search.ASKED_FILE = phrasings, asked
            search.build_index(force=True)
            return build

        whole = new_build("whole", shipped)
        builds = [whole] * len(folds)
        if args.deleak is not None:
            builds, left = [], []
            for i, fold in enumerate(folds):
                phrasings = Path(tmp) / f"phrasings-{i}.json"
                search.PHRASINGS_FILE = shipped
                left.append(deleaked_phrasings(fold, args.deleak, phrasings))
                asked = Path(tmp) / f"asked-{i}.json"
                without_own_questions(fold, shipped_asked, asked)
                builds.append(new_build(f"fold-{i}", phrasings, asked))
            print(f"de-leaked: each fold without the phrasings that echo its queries (Jaccard >= {args.deleak}): "
                  f"{min(left)} to {max(left)} phrasings left out")
        search.PHRASINGS_FILE, search.ASKED_FILE = shipped, shipped_asked
        if args.without_own_words and args.by_set:
            OWN_WORDS.update({name: words_without(name, Path(tmp)) for name in TUNING}, **{"left out": True})
            print("each set searched without the vocabulary entries learned from it")
        base = measure(folds, builds, whole, nonsense)
        half = len(folds) // 2
        print(f"split seed {args.seed}: halves of {sum(map(len, folds[:half]))} "
              f"and {sum(map(len, folds[half:]))} queries")
        for name in ("all", "A", "B"):
            print(line(name, base[name]))
        for name, s in base["sets"].items():
            print(line(name, s))
        print(f"nonsense 'no rule matches' {100 * base['nonsense']:.1f} % (" + ", ".join(
            f"{name} {caught}/{n}" for name, (caught, n) in base["nonsense_sets"].items())
            + f"), real queries dropped {base['dropped']}")
        if args.misses:
            for miss in base["misses"]:
                print("  miss", *miss)
            for noise in base["noise"]:
                print("  noise", *noise)
        for sweep in args.sweep:
            name, values = sweep.split("=", 1)
            default = get_constant(name)
            rows = []
            for value in (float(v) for v in values.split(",")):
                set_constant(name, value)
                rows.append((value, measure(folds, builds, whole, nonsense)))
            set_constant(name, default)
            print(f"\n{name} (default {default}):")
            for value, m in rows:
                print(f"  {value:<6} " + " | ".join(f"{part} " + _scores(m[part]) for part in ("A", "B"))
                      + f" | nonsense {100 * m['nonsense']:.0f} % dropped {m['dropped']}")
            for part in ("A", "B"):
                best = max(rows, key=lambda row: objective(row[1][part]))
                other = "B" if part == "A" else "A"
                print(f"  chosen on {part}: {best[0]} -> on {other}: " + " ".join(
                    f"{lang} r1 {100 * best[1][other][lang]['rank1']:.1f} t3 {100 * best[1][other][lang]['top3']:.1f}"
                    for lang in search.LANGS))
        if args.floors:
            print(f"\nmatch floor (with MATCH_WORDS {search.MATCH_WORDS}): real queries kept, nonsense caught")
            default = search.MATCH_FLOOR
            for floor in (float(v) for v in args.floors.split(",")):
                set_constant("search.MATCH_FLOOR", floor)
                m = measure(folds, builds, whole, nonsense)
                print(f"  {floor:<5} kept {len(queries) - m['dropped']}/{len(queries)}"
                      f"  caught {round(m['nonsense'] * len(nonsense))}/{len(nonsense)}")
            set_constant("search.MATCH_FLOOR", default)
    return 0


if __name__ == "__main__":
    sys.exit(main())
