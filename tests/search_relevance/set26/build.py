"""Write set 26's three YAML files from heldout26.txt and labels.py.

heldout26.txt is the two writers' files unchanged, one after the other: writer w3 (English),
then writer w4 (Spanish), each with its blocks `## rules`, `## situations` and `## offtopic`.
Run from the repository root: .venv/bin/python tests/search_relevance/set26/build.py
"""

import json
import sys
from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent
OUT = HERE.parent
ROOT = OUT.parent.parent
sys.path.insert(0, str(HERE))

from labels import RULES, SITUATIONS  # noqa: E402

WRITERS = [("w3", "en"), ("w4", "es")]
SOURCE = "set 26 writer {w}, blind; labelled by label2 from the docs"
WHO = "newcomers' own words, writers w3 (English) and w4 (Spanish), blind; labelled by label2 from the docs"


def read_blocks(path):
    """The blocks of each writer, in file order: [{rules: [...], situations: [...], ...}, ...]."""
    writers, block = [], None
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            name = line[3:].strip()
            if name == "rules":
                writers.append({})
            block = writers[-1].setdefault(name, [])
        elif line.strip():
            block.append(line)
    return writers


def matched(lines, entries, what):
    assert len(lines) == len(entries), (what, len(lines), len(entries))
    for line, entry in zip(lines, entries, strict=True):
        assert line.lower().startswith(entry[0].lower()), (what, line, entry[0])
    return zip(lines, entries, strict=True)


def dump(path, header, queries):
    text = yaml.safe_dump(
        {"queries": queries}, sort_keys=False, allow_unicode=True, default_flow_style=False, width=1000
    )
    path.write_text(header + "\n" + text, encoding="utf-8")


def main():
    known = set(json.loads((ROOT / "adjudicator/data/rules.json").read_text())["rules"])
    blocks = read_blocks(HERE / "heldout26.txt")
    assert len(blocks) == len(WRITERS)
    rules, nonsense, situations = [], [], []
    for (w, lang), block in zip(WRITERS, blocks, strict=True):
        for query, (_, labels, why) in matched(block["rules"], RULES[w], f"{w} rules"):
            unknown = set(labels) - known
            assert not unknown, (query, unknown)
            assert len(labels) <= 3 and (labels or why), query
            rules.append(
                {
                    "lang": lang,
                    "query": query,
                    "labels": list(labels),
                    "sloppy": True,
                    "why": why or "newcomer's own words",
                    "source": SOURCE.format(w=w),
                }
            )
        for query in block["offtopic"]:
            nonsense.append(
                {
                    "lang": lang,
                    "query": query,
                    "labels": [],
                    "sloppy": True,
                    "why": "no rule answers it",
                    "source": SOURCE.format(w=w),
                }
            )
        for query, (_, kinds, fields) in matched(block["situations"], SITUATIONS[w], f"{w} situations"):
            assert 1 <= len(kinds) <= 3, query
            situations.append({"lang": lang, "query": query, "kinds": list(kinds), "fields": dict(fields)})
    dump(OUT / "heldout26.yaml", f"# Set 26 (heldout26): {WHO}; see README-set26.md.", rules)
    dump(
        OUT / "nonsense-heldout26.yaml", f"# Set 26 (heldout26), off-topic lines: {WHO}; see README-set26.md.", nonsense
    )
    dump(
        OUT / "situations-heldout26.yaml",
        f"# Set 26 situations: a position described, the kind and fields to offer; {WHO}; see README-set26.md.",
        situations,
    )
    print(len(rules), len(nonsense), len(situations))


if __name__ == "__main__":
    main()
