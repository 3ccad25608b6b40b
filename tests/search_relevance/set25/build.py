"""Write set 25's YAML from the question files and their labels: python3 build.py"""
from pathlib import Path

import labels
import situations_labels
import yaml

HERE = Path(__file__).resolve().parent
OUT = HERE.parent


def lines(name):
    return [line.split("|", 1) for line in (HERE / name).read_text(encoding="utf-8").splitlines() if line.strip()]


def label_rows(text):
    return [row.split() for row in text.splitlines() if row.strip()]


def dump(name, header, queries):
    text = header + yaml.safe_dump({"queries": queries}, allow_unicode=True, sort_keys=False, width=120)
    (OUT / name).write_text(text, encoding="utf-8")


def sloppy(q):
    return q != q.strip() or q[:1].islower() or "?" not in q


def main():
    parts = (("tuning25", "tuning-questions.txt", labels.TUNING, "tuning-offtopic.txt"),
             ("heldout25", "heldout-questions.txt", labels.HELDOUT, "heldout-offtopic.txt"))
    for part, questions, rows, offtopic in parts:
        qs, ls = lines(questions), label_rows(rows)
        assert len(qs) == len(ls) == 100, (part, len(qs), len(ls))
        queries = [{"lang": lang, "query": q, "labels": lab, "sloppy": sloppy(q), "why": "newcomer's own words",
                    "source": "set 25 writer, blind"} for (lang, q), lab in zip(qs, ls, strict=True)]
        head = (f"# Set 25 ({part}): newcomer questions in a player's own words; see README-set25.md.\n")
        dump(f"{part}.yaml", head, queries)
        nonsense = [{"lang": lang, "query": q, "labels": [], "sloppy": sloppy(q), "why": "no rule answers it",
                     "source": "set 25 writer, blind"} for lang, q in lines(offtopic)]
        dump(f"nonsense-{part}.yaml", head, nonsense)
    qs = lines("situations.txt")
    labs = situations_labels.EN + situations_labels.ES
    assert len(qs) == len(labs) == 30
    rows = [{"lang": lang, "query": q, "kinds": kinds, "fields": fields}
            for (lang, q), (kinds, fields) in zip(qs, labs, strict=True)]
    dump("situations25.yaml", "# Set 25 situations: a position described, the kind and fields to offer.\n", rows)


if __name__ == "__main__":
    main()
