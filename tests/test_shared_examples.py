"""The scenarios in ../shared/examples must run as they are, with their expected verdicts."""
from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.checking import mismatches
from adjudicator.cli import check_file

EXAMPLES = Path(__file__).resolve().parents[2] / "shared" / "examples"
FILES = sorted(EXAMPLES.glob("*.yaml")) if EXAMPLES.is_dir() else []


@pytest.mark.skipif(not FILES, reason="../shared/examples is not beside the project")
@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
def test_shared_example(path):
    status, detail = check_file(path)
    assert status != "unreadable", detail
    diffs, ruling = detail
    assert not diffs, (diffs, ruling["explanation"])
    assert not mismatches({"status": "decided"}, ruling["verdict"])
