"""Fixtures of the web tests: the app (Flask test client), scenario files, a fake docs build."""
from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# pytest's default import mode puts tests/ on sys.path (tests/ has no __init__.py), where
# this folder, tests/web, would pass for the app package `web`. Put the project first and
# drop a namespace package that an earlier import may have picked up by mistake.
if str(ROOT) not in sys.path[:1]:
    sys.path.insert(0, str(ROOT))
if "web" in sys.modules and getattr(sys.modules["web"], "__file__", None) is None:
    del sys.modules["web"]
SHARED_EXAMPLES = ROOT.parent / "shared" / "examples"


def scenario_files() -> list[Path]:
    files = sorted((ROOT / "scenarios").rglob("*.yaml"))
    if SHARED_EXAMPLES.is_dir():
        files += sorted(SHARED_EXAMPLES.glob("*.yaml"))
    return files


def load_scenario(path: Path):
    """A scenario file as JSON data (what a client would POST): a copy of the file's data,
    parsed once per test process (tests/helpers.load_scenario_file)."""
    import json

    from tests.helpers import load_scenario_file

    return json.loads(json.dumps(load_scenario_file(path), default=str))


def pytest_generate_tests(metafunc):
    """``scenario_path``: one test per scenario file (scenarios/** and the shared examples)."""
    if "scenario_path" in metafunc.fixturenames:
        files = scenario_files()
        metafunc.parametrize("scenario_path", files, ids=[f"{p.parent.name}/{p.stem}" for p in files])


@pytest.fixture(name="load_scenario")
def load_scenario_fixture():
    return load_scenario


@pytest.fixture(name="scenario_files")
def scenario_files_fixture():
    return scenario_files()


@pytest.fixture(scope="session")
def build_dir(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("web-build")


@pytest.fixture(scope="session")
def app(build_dir):
    from web import create_app

    return create_app({"TESTING": True, "BUILD_DIR": str(build_dir)})


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def docs_app(tmp_path):
    """An app whose build directory holds a tiny fake rules reference in both languages."""
    from web import create_app

    for lang in ("en", "es"):
        d = tmp_path / "docs" / lang / "board"
        d.mkdir(parents=True)
        (tmp_path / "docs" / lang / "index.html").write_text(f"<html lang='{lang}'><p>index</p>"
                                                             "<script>var shown = 1;</script></html>")
        (d / "sieges.html").write_text("<h2 id='wotr-siege-besieged-army'>A besieged army</h2>")
    (tmp_path / "secret.txt").write_text("not to be served")
    return create_app({"TESTING": True, "BUILD_DIR": str(tmp_path)})


@pytest.fixture(scope="session")
def built_site(built):
    """The session's docs build (tests/conftest.py), plus the search index built from it."""
    from adjudicator import paths

    build_dir = Path(built["dir"])
    problems: list[str] = []
    if built["proc"].returncode != 0:
        problems.append("the docs did not build:\n" + built["proc"].stderr[-4000:])
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(paths, "BUILD", build_dir)
        mp.setenv("ADJUDICATOR_BUILD_DIR", str(build_dir))
        try:
            from adjudicator import search

            search.build_index()
        except Exception as exc:  # reported by the tests that need the index
            problems.append(f"search index: {exc}")
        yield build_dir, problems


# Debian's Chromium: its headless shell when installed (scripts/setup.sh installs it), the same
# Blink without the browser around it, which ran the browser tests on a third less CPU
# (docs/benchmarks.md); else the browser itself. TEST_CHROMIUM names another build.
CHROMIUM = os.environ.get("TEST_CHROMIUM") or next(
    (p for p in ("/usr/bin/chromium-headless-shell", "/usr/bin/chromium") if Path(p).exists()), "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]


def browser_unavailable(reason: str):
    """Locally a browser test skips without Chromium; in CI (CI=true) it fails, loudly."""
    if os.environ.get("CI") == "true":
        pytest.fail(f"browser tests cannot run in CI: {reason}", pytrace=False)
    pytest.skip(reason)


@pytest.fixture(scope="session")
def browser():
    """Debian's Chromium through Playwright, once per session (two sync Playwrights cannot
    run at once, so every browser test shares this one)."""
    if not Path(CHROMIUM).exists():
        browser_unavailable(f"{CHROMIUM} is not installed")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError as exc:
        browser_unavailable(f"playwright is not installed: {exc}")
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()
