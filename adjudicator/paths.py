"""Where things live: the docs sources, and the built artefacts (never committed)."""
from __future__ import annotations

import os
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
