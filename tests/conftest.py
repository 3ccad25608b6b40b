"""Shared test configuration. The scenario-file plugin is tests/scenario_items.py, loaded by
the root conftest.py so that it also collects the files under scenarios/.

``built`` builds the rules reference (both languages) once per test session, with the
project's own command, for the docs, search and web tests alike.
"""
from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="session")
def built(tmp_path_factory) -> dict:
    """Both languages built once with ``adjudicator build docs``: the folder, the process, the time."""
    build_dir = tmp_path_factory.mktemp("build")
    env = {**os.environ, "ADJUDICATOR_BUILD_DIR": str(build_dir), "PYTHONWARNINGS": "ignore"}
    started = time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "adjudicator", "build", "docs", "--force"],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=900)
    return {"dir": build_dir, "proc": proc, "seconds": time.perf_counter() - started}
