"""Check the relevance set against the rules reference.

Run from anywhere:  python3 check_labels.py [path/to/rules.json]

Checks that every label exists in adjudicator/data/rules.json, that labelled files have 1-3
labels per query and the nonsense files none, that every entry has the six fields, and that
no (lang, query) pair appears twice among the files of one writing round (two writers who
never saw each other's set may ask the same thing: such repeats are listed, not refused).
Prints the counts per file, per language and the sloppy share. Exits non-zero on any problem.
A held-out file that is not there yet (heldout14, nonsense14) is skipped.
"""
import collections
import json
import pathlib
import sys

import yaml

HERE = pathlib.Path(__file__).resolve().parent
RULES = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else (
    pathlib.Path("/work/main/adjudicator/data/rules.json"))
# file -> (labelled, writing round): round 1 was split in tuning/heldout; round 2 is the
# second blind set (heldout2, now tuning2); round 3 the third (heldout3, now tuning3); round 5
# the fourth (heldout4, now tuning4); round 6 the fifth (heldout5, now tuning5);
# round 7 the sixth (heldout6, now tuning6); round 8 the seventh (heldout7, now tuning7);
# round 9 the eighth (heldout8, now tuning8), measured the same day;
# round 10 the ninth (heldout9, now tuning9) and the tenth (heldout10, now tuning10); the
# eleventh (heldout11, now tuning11), the twelfth (heldout12, now tuning12); the thirteenth
# (heldout13, now tuning13); the fourteenth, held out.
FILES = {
    "tuning.yaml": (True, 1),
    "heldout.yaml": (True, 1),
    "nonsense-tuning.yaml": (False, 1),
    "nonsense-heldout.yaml": (False, 1),
    "tuning2.yaml": (True, 2),
    "nonsense-tuning2.yaml": (False, 2),
    "tuning3.yaml": (True, 3),
    "nonsense-tuning3.yaml": (False, 3),
    "tuning4.yaml": (True, 4),
    "nonsense-tuning4.yaml": (False, 4),
    "tuning5.yaml": (True, 5),
    "nonsense-tuning5.yaml": (False, 5),
    "tuning6.yaml": (True, 6),
    "nonsense-tuning6.yaml": (False, 6),
    "tuning7.yaml": (True, 7),
    "nonsense-tuning7.yaml": (False, 7),
    "tuning8.yaml": (True, 8),
    "nonsense-tuning8.yaml": (False, 8),
    "tuning9.yaml": (True, 9),
    "nonsense-tuning9.yaml": (False, 9),
    "tuning10.yaml": (True, 10),
    "nonsense-tuning10.yaml": (False, 10),
    "tuning11.yaml": (True, 11),
    "nonsense-tuning11.yaml": (False, 11),
    "tuning12.yaml": (True, 12),
    "nonsense-tuning12.yaml": (False, 12),
    "tuning13.yaml": (True, 13),
    "nonsense-tuning13.yaml": (False, 13),
    "heldout14.yaml": (True, 14),
    "nonsense14.yaml": (False, 14),
}
FIELDS = {"lang", "query", "labels", "sloppy", "why", "source"}


def main():
    rules = json.loads(RULES.read_text(encoding="utf-8"))["rules"]
    problems = []
    seen = collections.Counter()
    used = collections.Counter()
    total = collections.Counter()
    for name, (labelled, round_) in FILES.items():
        if not (HERE / name).is_file():
            print(f"{name:24} not there (skipped)")
            continue
        data = yaml.safe_load((HERE / name).read_text(encoding="utf-8"))
        entries = data["queries"]
        per_lang = collections.Counter()
        sloppy = collections.Counter()
        for i, e in enumerate(entries):
            where = f"{name}#{i} {e.get('query')!r}"
            if set(e) != FIELDS:
                problems.append(f"{where}: fields {sorted(e)}")
            if e.get("lang") not in ("en", "es"):
                problems.append(f"{where}: lang {e.get('lang')!r}")
            if not isinstance(e.get("sloppy"), bool):
                problems.append(f"{where}: sloppy is not a boolean")
            labels = e.get("labels") or []
            if labelled and not 1 <= len(labels) <= 3:
                problems.append(f"{where}: {len(labels)} labels")
            if not labelled and labels:
                problems.append(f"{where}: nonsense query with labels")
            if len(set(labels)) != len(labels):
                problems.append(f"{where}: repeated label")
            for label in labels:
                used[label] += 1
                if label not in rules:
                    problems.append(f"{where}: unknown label {label}")
            seen[(round_, e.get("lang"), e.get("query"))] += 1
            per_lang[e["lang"]] += 1
            sloppy[e["lang"]] += bool(e["sloppy"])
        for lang in ("en", "es"):
            total[(labelled, lang)] += per_lang[lang]
            total[(labelled, lang, "sloppy")] += sloppy[lang]
        parts = ", ".join(
            f"{lang} {per_lang[lang]} (sloppy {sloppy[lang]}, "
            f"{100 * sloppy[lang] / max(per_lang[lang], 1):.0f}%)" for lang in ("en", "es"))
        print(f"{name:24} {len(entries):4} queries: {parts}")
    for key, n in seen.items():
        if n > 1:
            problems.append(f"duplicate query in round {key[0]}: {key[1:]}")
    across = collections.Counter((lang, query) for _round, lang, query in seen)
    for key, n in across.items():
        if n > 1:
            print(f"asked in more than one round (kept): {key}")
    for labelled, kind in ((True, "labelled"), (False, "nonsense")):
        n = total[(labelled, "en")] + total[(labelled, "es")]
        s = total[(labelled, "en", "sloppy")] + total[(labelled, "es", "sloppy")]
        print(f"all {kind:9} {n:4} queries: en {total[(labelled, 'en')]}, "
              f"es {total[(labelled, 'es')]}, sloppy {s} ({100 * s / max(n, 1):.0f}%)")
    print(f"distinct labels used: {len(used)} of {len(rules)} in rules.json")
    if problems:
        print("\n".join(["PROBLEMS:"] + problems))
        return 1
    print("all labels exist in rules.json; no problems")
    return 0


if __name__ == "__main__":
    sys.exit(main())
