"""Where things live: the docs sources, and the built artefacts (never committed)."""
from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOCS_SRC = ROOT / "docs"
SCENARIOS = ROOT / "scenarios"
BUILD = Path(os.environ.get("ADJUDICATOR_BUILD_DIR", ROOT / "_build"))


def docs_html(lang: str) -> Path:
    """The built rules reference for ``lang`` (``objects.inv`` at its top)."""
    return BUILD / "docs" / lang


def search_index(lang: str) -> Path:
    return BUILD / "index" / lang


@contextmanager
def build_lock(area: str) -> Iterator[None]:
    """One build at a time of ``area`` (``docs``, ``index``) in this build directory: the CLI
    and the web app may race. Builds are atomic per language anyway; where there is no
    ``fcntl`` (not POSIX) they are just not serialised."""
    lock_dir = BUILD / area
    lock_dir.mkdir(parents=True, exist_ok=True)
    with open(lock_dir / ".lock", "w") as handle:
        try:
            import fcntl
        except ImportError:
            yield
            return
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)
