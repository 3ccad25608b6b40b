"""The rules reference, built by Sphinx into ``<build>/docs/<lang>/``, at ``/<lang>/docs/<path>``.

``send_from_directory`` refuses paths that leave the build directory (``..``, absolute
paths); a missing build answers 404 with a page that says how to build it.
"""
from __future__ import annotations

from pathlib import Path

from flask import Blueprint, current_app, redirect, render_template, send_from_directory

bp = Blueprint("docs", __name__)


def docs_dir(lang: str) -> Path:
    return Path(current_app.config["BUILD_DIR"]) / "docs" / lang


@bp.get("/<lang>/docs")
def docs_root_no_slash(lang: str):
    return redirect(f"/{lang}/docs/index.html", code=301)


@bp.get("/<lang>/docs/")
def docs_root(lang: str):
    return redirect(f"/{lang}/docs/index.html", code=302)


@bp.get("/<lang>/docs/<path:path>")
def docs_file(lang: str, path: str):
    root = docs_dir(lang)
    if not (root / "index.html").is_file():
        return render_template("docs_missing.html"), 404
    if path.endswith("/"):
        path += "index.html"
    return send_from_directory(root, path, max_age=300)
