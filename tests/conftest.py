"""Shared test configuration. The scenario-file plugin is tests/scenario_items.py, loaded by
the root conftest.py so that it also collects the files under scenarios/.

``built`` builds the rules reference (both languages) once per test session, with the
project's own command, for the docs, search and web tests alike.

Hypothesis profiles of the fuzz tests (``settings(settings.get_profile(...))``), larger
when ``CI=true``: ``fuzz`` (mutated scenario files, tests/test_fuzz.py) and ``api-fuzz``
(schemathesis, per API operation). Other property tests keep their own settings.
"""
from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import settings

ROOT = Path(__file__).resolve().parents[1]

IN_CI = os.environ.get("CI") == "true"
settings.register_profile("fuzz", max_examples=2000 if IN_CI else 150, deadline=None)
settings.register_profile("api-fuzz", max_examples=2500 if IN_CI else 50, deadline=None)


@pytest.fixture(scope="session")
def built(tmp_path_factory) -> dict:
    """Both languages built once with ``adjudicator build docs``: the folder, the process, the time."""
    build_dir = tmp_path_factory.mktemp("build")
    env = {**os.environ, "ADJUDICATOR_BUILD_DIR": str(build_dir), "PYTHONWARNINGS": "ignore"}
    started = time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "adjudicator", "build", "docs", "--force"],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=900)
    return {"dir": build_dir, "proc": proc, "seconds": time.perf_counter() - started}


# The slow end-to-end tests: a built rules reference, a browser, a served app, thousands of
# generated inputs. ``pytest -m "not slow"`` runs the rest (every scenario and unit test) in
# well under a minute; CI runs everything. A test is slow by what it uses, so a new browser or
# server test is marked without anyone remembering to.
SLOW_FIXTURES = frozenset({"built", "built_site", "browser", "server", "page", "phone", "base_url", "search_build",
                           "search_index"})
SLOW_MODULES = frozenset({"test_fuzz.py", "test_schemathesis.py", "test_hostile_web.py", "test_docs.py"})


def pytest_ignore_collect(collection_path, config):
    """With ``-m "not slow"`` the slow modules are not even imported: collecting the API's property
    tests alone generates schemathesis's coverage cases (seconds, in every worker)."""
    if collection_path.name in SLOW_MODULES and (config.option.markexpr or "").strip() == "not slow":
        return True
    return None


def pytest_configure(config):
    config.addinivalue_line("markers", "slow: an end-to-end test (built docs, a browser, a server, fuzzing)")


def pytest_collection_modifyitems(config, items):
    for item in items:
        if SLOW_FIXTURES.intersection(getattr(item, "fixturenames", ())) or item.path.name in SLOW_MODULES:
            item.add_marker(pytest.mark.slow)
