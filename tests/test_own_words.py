"""The reference and the rulings say the rules in our own words, not the seeds'.

A passage is copied when it shares a run of 12 or more consecutive words with a seed, words
compared without case, accents or punctuation (a shared term or a short phrase is fine; a
sentence is not ours). Checked: every English page of docs/, every Spanish msgstr of the
docs' catalogues and every message of adjudicator/i18n/messages/*.json.

The seeds are not in the project, so the check reads tests/data/seed_runs.txt (fingerprints
of every 12-word run of the seeds, written by tools/seed_fingerprints.py); a second test
checks that file against the seeds when they are present (../shared/seeds, or
ADJUDICATOR_SEEDS).
"""
from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import seed_fingerprints as sf  # noqa: E402

DOCS = ROOT / "docs"
LOCALE = DOCS / "locale" / "es" / "LC_MESSAGES"
MESSAGES = ROOT / "adjudicator" / "i18n" / "messages"
SEED_RUNS = sf.load(sf.OUT)

# Copied passages in files another branch is rewriting, reported to its owner rather than
# edited here: (file, fingerprint of the run's first 12 words). Remove an entry as soon as
# the rewrite lands (test_no_stale_exemption says when).
PENDING: dict[tuple[str, str], str] = {}


def passages() -> Iterator[tuple[str, str, str]]:
    """(file, where in it, text) of every passage a reader sees."""
    for page in sorted(DOCS.rglob("*.md")):
        if "_build" not in page.parts:
            yield str(page.relative_to(ROOT)), "page", page.read_text(encoding="utf-8")
    for po in sorted(LOCALE.rglob("*.po")):
        with po.open("rb") as fh:
            catalog = read_po(fh)
        for message in catalog:
            if message.id and isinstance(message.string, str) and message.string:
                yield str(po.relative_to(ROOT)), f"msgid {str(message.id)[:50]!r}", message.string
    for path in sorted(MESSAGES.glob("*.json")):
        for key, entry in json.loads(path.read_text(encoding="utf-8")).items():
            if isinstance(entry, dict):
                for lang, text in entry.items():
                    if isinstance(text, str):
                        yield str(path.relative_to(ROOT)), f"{key} ({lang})", text


def copied_runs(text: str) -> Iterator[tuple[str, str]]:
    """(fingerprint of the first run, the whole shared passage) of every copied stretch."""
    ws = sf.words(text)
    hits = [i for i, fp in sf.runs(ws) if fp in SEED_RUNS]
    start = prev = None
    for i in [*hits, None]:
        if start is not None and (i is None or i != prev + 1):
            yield sf.fingerprint(ws[start:start + sf.RUN]), " ".join(ws[start:prev + sf.RUN])
            start = None
        if i is not None and start is None:
            start = i
        prev = i


def found() -> list[tuple[str, str, str, str]]:
    return [(name, where, fp, passage) for name, where, text in passages() for fp, passage in copied_runs(text)]


FOUND = found()


def test_the_fingerprints_are_loaded():
    assert len(SEED_RUNS) > 5000, "tests/data/seed_runs.txt should hold every 12-word run of the seeds"


def test_no_passage_copies_a_seed():
    copied = [f"{name} [{where}]: “{passage}”" for name, where, fp, passage in FOUND
              if (name, fp) not in PENDING]
    assert not copied, ("passages sharing 12+ consecutive words with a seed; say them in our own words:\n"
                        + "\n".join(copied))


def test_no_stale_exemption():
    seen = {(name, fp) for name, _, fp, _ in FOUND}
    stale = [f"{name} {fp}: {why}" for (name, fp), why in PENDING.items() if (name, fp) not in seen]
    assert not stale, "these passages were rewritten: remove them from PENDING:\n" + "\n".join(stale)


def test_the_check_sees_a_copied_sentence():
    """The check is not blind: a seed's own sentence, with other case, accents and commas, is found."""
    seeds = sorted(sf.SEEDS.glob("*.txt")) if sf.SEEDS.is_dir() else []
    if not seeds:
        pytest.skip("the seeds are not here")
    sentence = " ".join(sf.words(seeds[0].read_text(encoding="utf-8"))[40:60]).upper()
    assert list(copied_runs("Intro, " + sentence.replace(" ", ", ", 3) + " and ours.")), sentence


def test_the_fingerprints_match_the_seeds():
    if not sf.SEEDS.is_dir():
        pytest.skip(f"no seeds at {sf.SEEDS}: the fingerprints cannot be checked here")
    assert SEED_RUNS == sf.seed_fingerprints(sf.SEEDS), (
        "tests/data/seed_runs.txt is out of date: run python tools/seed_fingerprints.py")
