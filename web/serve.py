"""``adjudicator serve``: build what is missing, then serve the app.

Production: waitress on 127.0.0.1:5000 with :data:`THREADS` worker threads. ``--debug``:
Flask's development server with reloading. On a first start the rules reference (both
languages) and then the search index are built, printing progress lines, unless
``--no-build``.
"""
from __future__ import annotations

import sys

# Rulings are CPU-bound Python (the GIL serialises them), so more threads than this only
# add switching; a few spare threads keep slow clients from blocking fast ones.
THREADS = 8
CONNECTION_LIMIT = 200


def progress(line: str) -> None:
    print(f"[adjudicator] {line}", flush=True)


def build_missing_artefacts() -> bool:
    """Build the docs and the search index if they are missing; False if the build failed."""
    try:
        from adjudicator import build
    except ImportError:
        progress("the build module is not available: the rules reference and search stay unbuilt")
        return True
    ensure_built = getattr(build, "ensure_built", None)
    if ensure_built is None:
        progress("adjudicator.build has no ensure_built(): skipping the docs and index build")
        return True
    try:
        ensure_built(progress=progress)
    except Exception as exc:  # a failed build must not stop the rulings from being served
        progress(f"building the docs or the search index failed: {exc}")
        progress("serving anyway; the rules reference or the search may be unavailable")
        return False
    return True


def main(host: str = "127.0.0.1", port: int = 5000, debug: bool = False, build_missing: bool = True) -> int:
    if build_missing:
        build_missing_artefacts()
    from web import create_app

    app = create_app()
    url = f"http://{host}:{port}/"
    if debug:
        progress(f"development server (debug, reloading) on {url}")
        app.run(host=host, port=port, debug=True)
        return 0
    import logging

    import waitress

    # Under load waitress logs "Task queue depth is N" for every queued request: expected,
    # and a flood that hides real problems, so only its errors are shown.
    logging.getLogger("waitress.queue").setLevel(logging.ERROR)
    progress(f"serving on {url} (waitress, {THREADS} threads); Ctrl+C stops")
    try:
        waitress.serve(app, host=host, port=port, threads=THREADS, connection_limit=CONNECTION_LIMIT,
                       ident="adjudicator", _quiet=True)
    except OSError as exc:
        sys.stderr.write(f"adjudicator serve: cannot listen on {host}:{port}: {exc.strerror or exc}\n")
        return 1
    return 0
