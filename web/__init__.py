"""The Adjudicator web app: ask a question, read the ruling, search and read the rules.

``create_app(test_config=None)`` builds the Flask app; one blueprint per area:

- :mod:`web.pages`    ``/`` (to the browser's language) and the start pages ``/<lang>/``
- :mod:`web.ask`      a form per question kind, and a box to paste a scenario
- :mod:`web.rulings`  the ruling page, at a permalink that carries the scenario
- :mod:`web.share`    the QR code of a permalink (``templates/_share.html`` shares it)
- :mod:`web.search_views`  ``/<lang>/search``
- :mod:`web.map_views`  ``/<lang>/map``: the board, a region and its neighbours
- :mod:`web.docs`     the built rules reference at ``/<lang>/docs/<path>``
- :mod:`web.api`      the JSON API under ``/api/v1``

The app stores nothing: a ruling's address holds its whole scenario.
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from flask import Flask
from flask.json.provider import DefaultJSONProvider

MAX_BODY_BYTES = 64 * 1024


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    from adjudicator import paths

    app = Flask(__name__)
    app.config.from_mapping(
        MAX_CONTENT_LENGTH=MAX_BODY_BYTES,
        MAX_FORM_MEMORY_SIZE=MAX_BODY_BYTES,
        BUILD_DIR=str(paths.BUILD),
        JSON_SORT_KEYS=False,
        # The public address (https://rules.example.org) for links to share; unset: relative links.
        PUBLIC_URL=os.environ.get("ADJUDICATOR_PUBLIC_URL", ""),
    )
    if test_config:
        app.config.from_mapping(test_config)
    assert isinstance(app.json, DefaultJSONProvider), "Flask's own JSON provider, set up above"
    app.json.sort_keys = False
    app.json.ensure_ascii = False
    build_dir = Path(app.config["BUILD_DIR"])

    from web import api, ask, docs, errors, i18n, map_views, pages, rulings, search_views, security, share, views

    i18n.init_app(app, build_dir)
    security.init_app(app)
    views.init_app(app)
    errors.init_app(app)
    compress(app)
    app.add_template_global(share.share_context)
    # A static file's address without URL building: an error page must render even when the
    # request's URL cannot be built (a Host werkzeug refuses).
    app.add_template_global(lambda name: f"{app.static_url_path}/{name}", "static_file")
    from adjudicator.api import shown_title

    app.add_template_filter(shown_title, "shown_title")   # a long title is the user's: shortened only where shown
    for module in (pages, ask, rulings, share, search_views, map_views, docs, api):
        app.register_blueprint(module.bp)
    warm_up()
    return app


# Text answers gzipped (Flask-Compress): pages, CSS, scripts, JSON, SVG, and the files of the
# rules reference and of static/. Only gzip: every client has it and it needs no extra library.
# No page holds a secret (no session, no token), so compressing reflected input leaks nothing.
COMPRESSED = ["text/html", "text/css", "text/plain", "text/javascript", "application/javascript",
              "application/json", "image/svg+xml"]
WHOLE_FILE_BYTES = 4 * 1024 * 1024


def compress(app: Flask) -> None:
    from flask_compress import Compress

    for key, value in {"COMPRESS_MIMETYPES": COMPRESSED, "COMPRESS_ALGORITHM": ["gzip"],
                       "COMPRESS_STREAMS": False, "COMPRESS_MIN_SIZE": 500}.items():
        app.config.setdefault(key, value)
    Compress(app)
    app.after_request(_read_text_files)   # runs before Compress's hook (Flask runs them last first)


def _read_text_files(response):
    """A text file sent from disk (docs, static) is read whole, so it is gzipped like a page:
    Flask-Compress's streaming path would never close the file. The files are small."""
    if (response.status_code == 200 and response.direct_passthrough and response.mimetype in COMPRESSED
            and response.content_length is not None and response.content_length <= WHOLE_FILE_BYTES):
        body = b"".join(response.iter_encoded())
        close = getattr(response.response, "close", None)
        if close is not None:
            close()
        response.direct_passthrough = False
        response.set_data(body)
    return response


def warm_up() -> None:
    """Load every game's rule modules and data once, before requests run in threads."""
    from adjudicator import data, names, registry

    for game in registry.GAMES:
        try:
            registry.kinds(game)
        except Exception:  # a rules module that does not import yet: its kinds are missing, said on the page
            import logging

            logging.getLogger(__name__).exception("rules of %s failed to load", game)
    data.rules(), names.regions(), names.nations(), names.characters(), names.special_tiles()
