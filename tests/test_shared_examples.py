"""The scenarios in ../shared/examples (the maintainers' shared folder, absent on a user's
machine) must run as they are, with their expected verdicts."""
from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.checking import check_file, mismatches

EXAMPLES = Path(__file__).resolve().parents[2] / "shared" / "examples"
FILES = sorted(EXAMPLES.glob("*.yaml")) if EXAMPLES.is_dir() else []


@pytest.mark.skipif(not FILES, reason="../shared/examples is not beside the project")
@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
def test_shared_example(path):
    for outcome in check_file(path):
        assert outcome.status != "unreadable", outcome.problems
        assert not outcome.diffs, (outcome.diffs, outcome.ruling["explanation"])
        assert not mismatches({"status": "decided"}, outcome.ruling["verdict"])
