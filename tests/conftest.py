"""Shared test configuration. The scenario-file plugin is tests/scenario_items.py, loaded by
the root conftest.py so that it also collects the files under scenarios/.

``built`` is the rules reference (both languages) built once per test run with the project's
own command, for the docs, search and web tests alike: started in the background when the
collection shows a test needs it, shared by the pytest-xdist workers (tests/docs_build.py).

Hypothesis profiles of the fuzz tests (``settings(settings.get_profile(...))``), larger
when ``CI=true``: ``fuzz`` (mutated scenario files, tests/test_fuzz.py) and ``api-fuzz``
(schemathesis, per API operation). Other property tests keep their own settings.
"""
from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest
from hypothesis import settings

import docs_build

ROOT = Path(__file__).resolve().parents[1]

IN_CI = os.environ.get("CI") == "true"
settings.register_profile("fuzz", max_examples=2000 if IN_CI else 150, deadline=None)
settings.register_profile("api-fuzz", max_examples=2500 if IN_CI else 50, deadline=None)


@pytest.fixture(scope="session")
def built(request, tmp_path_factory) -> dict:
    """Both languages built with ``adjudicator build docs --force``, once per run for all the
    workers (tests/docs_build.py), and copied into this process's own folder: the folder,
    the process (its exit code and output), the build's time."""
    outcome = docs_build.wait(request.config)
    build_dir = tmp_path_factory.mktemp("build")
    docs_build.copy_into(outcome, build_dir)
    proc = subprocess.CompletedProcess(["adjudicator", "build", "docs", "--force"], outcome["returncode"],
                                       outcome["stdout"], outcome["stderr"])
    return {"dir": build_dir, "proc": proc, "seconds": outcome["seconds"]}


def pytest_collection_finish(session):
    """The docs build starts as soon as a selected test is known to need it (tests/docs_build.py)."""
    if session.config.option.collectonly:
        return
    if any(docs_build.NEEDS_BUILD.intersection(getattr(item, "fixturenames", ())) for item in session.items):
        docs_build.start(session.config)


def pytest_sessionfinish(session):
    docs_build.finish()


# The slow end-to-end tests: a built rules reference, a browser, a served app, thousands of
# generated inputs. ``pytest -m "not slow"`` runs the rest (every scenario and unit test) in
# well under a minute; CI runs everything. A test is slow by what it uses, so a new browser or
# server test is marked without anyone remembering to.
SLOW_FIXTURES = frozenset({"built", "built_site", "browser", "server", "page", "phone", "base_url", "search_build",
                           "search_index"})
# Modules whose tests must run in one process, in order (tests/web/test_schemathesis.py counts
# the requests of its operations, then checks the figures).
TOGETHER = frozenset({"test_schemathesis.py"})
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
    # The modules with a test that needs the docs build run after the other test modules,
    # each whole and in its own order: the build (started when the collection ends) runs
    # meanwhile, so no worker sits waiting for it while there are other tests to run. The
    # scenario files (over a thousand items of a millisecond or two) come last: they even out
    # the workers' ends, where a long test would leave one core idle. Except the modules of
    # TOGETHER, first: their last test checks what the others counted in the same process,
    # and a worker steals tests from the end of another's queue, never from its front (while
    # its worker waits for the build, the build and the other worker keep both cores busy).
    waits = {item.path for item in items if docs_build.NEEDS_BUILD.intersection(getattr(item, "fixturenames", ()))}
    items.sort(key=lambda i: -1 if i.path.name in TOGETHER else 2 if ROOT / "scenarios" in i.path.parents
               else 1 if i.path in waits else 0)
