"""The rules reference, built by Sphinx into ``<build>/docs/<lang>/``, at ``/<lang>/docs/<path>``.

``send_from_directory`` refuses paths that leave the build directory (``..``, absolute
paths); no dot-file is served (``.buildinfo``, the build stamp); a missing build answers 404
with a page that says how to build it.

Sphinx pages carry a few inline ``<script>`` snippets (the theme's search box). Rather than
allowing inline scripts, each HTML page's policy lists the SHA-256 of exactly the inline
scripts that page holds, read from the built file; Sphinx's inline ``style`` attributes are
allowed on these pages only (the docs hold no user input).

One search everywhere: the theme's search box sends its words to the page ``search.html``;
served by the app, that page is the app's search (``/<lang>/search?q=``), in the page's
language. A build opened as plain files keeps Sphinx's own search page.
"""
from __future__ import annotations

import base64
import hashlib
import re
from functools import lru_cache
from pathlib import Path
from urllib.parse import urlencode

from flask import Blueprint, abort, current_app, redirect, render_template, request, send_from_directory
from werkzeug.security import safe_join

from web import security

bp = Blueprint("docs", __name__)
INLINE_SCRIPT = re.compile(rb"<script>(.*?)</script>", re.S)
BUILD_FILES = frozenset({"rules-export.json"})   # the build's own output for the search index


def docs_dir(lang: str) -> Path:
    return Path(current_app.config["BUILD_DIR"]) / "docs" / lang


@lru_cache(maxsize=512)
def page_policy(path: str, mtime: float) -> str:
    """The Content-Security-Policy of one built HTML page (cached per file version)."""
    hashes = sorted({base64.b64encode(hashlib.sha256(m).digest()).decode("ascii")
                     for m in INLINE_SCRIPT.findall(Path(path).read_bytes())})
    script_src = " ".join(["'self'", *(f"'sha256-{h}'" for h in hashes)])
    return security.CSP.replace("script-src 'self'", f"script-src {script_src}").replace(
        "style-src 'self'", "style-src 'self' 'unsafe-inline'")


@bp.get("/<lang>/docs")
def docs_root_no_slash(lang: str):
    return redirect(f"/{lang}/docs/index.html", code=301)


@bp.get("/<lang>/docs/")
def docs_root(lang: str):
    return redirect(f"/{lang}/docs/index.html", code=302)


@bp.get("/<lang>/docs/search.html")
def docs_search(lang: str):
    """The docs' search box, answered by the app's search (same words, same language)."""
    query = (request.args.get("q") or "").strip()
    return redirect(f"/{lang}/search" + (f"?{urlencode({'q': query})}" if query else ""), code=302)


@bp.get("/<lang>/docs/<path:path>")
def docs_file(lang: str, path: str):
    root = docs_dir(lang)
    if not (root / "index.html").is_file():
        return render_template("docs_missing.html"), 404
    if path.endswith("/"):
        path += "index.html"
    parts = path.replace("\\", "/").split("/")
    if any(part.startswith(".") for part in parts) or parts[-1] in BUILD_FILES:
        abort(404)   # Sphinx's .buildinfo, the build stamp and the search's export: not pages
    response = send_from_directory(root, path, max_age=300)
    if path.endswith(".html"):
        full = safe_join(str(root), path)
        if full:
            response.headers["Content-Security-Policy"] = page_policy(full, Path(full).stat().st_mtime)
    return response
