"""The JSON API, version 1 (addresses fixed by the scenario language).

- ``POST /api/v1/rulings``: a scenario as JSON in, the ruling out (the same dict as
  ``adjudicator ask --json``); anything unreadable is 400 ``{"errors": [{"path", "message"}]}``.
- ``GET /api/v1/search?q=...&lang=...&limit=...``: the rules reference's search.
- ``GET /api/v1/openapi.json``: the OpenAPI 3.1 description of all this.

Languages: the ruling is in ``?lang=`` if given, else the scenario's ``lang`` (default en).
Error messages are in ``?lang=``, else the scenario's ``lang``, else the browser's
Accept-Language, else English.
"""
from __future__ import annotations

import json
import logging
from typing import Any

from flask import Blueprint, jsonify, request
from flask_babel import force_locale
from flask_babel import gettext as _

from adjudicator import api, loading
from adjudicator.i18n import DEFAULT_LANG, LANGS
from adjudicator.params import strict_int
from adjudicator.problems import InternalError, ScenarioInvalid
from web import engine
from web.openapi import openapi

bp = Blueprint("api", __name__, url_prefix="/api/v1")
log = logging.getLogger(__name__)

MAX_QUERY_CHARS = 200
MAX_LIMIT = 50


def errors(status: int, items: list[dict[str, str]]):
    return jsonify({"errors": items}), status


def requested_lang() -> tuple[str | None, list[dict[str, str]]]:
    """``?lang=`` if valid; a problem if given but not one of ours."""
    lang = request.args.get("lang")
    if lang is None:
        return None, []
    if lang in LANGS:
        return lang, []
    with force_locale(_fallback_lang(None)):
        return None, [{"path": "lang", "message": _("The language must be one of: %(options)s.",
                                                     options=", ".join(LANGS))}]


def _fallback_lang(data: Any) -> str:
    if isinstance(data, dict) and data.get("lang") in LANGS:
        return data["lang"]
    if request.headers.get("Accept-Language"):
        return request.accept_languages.best_match(LANGS, default=DEFAULT_LANG)
    return DEFAULT_LANG


def _unreadable(lang: str, message) -> Any:
    """400 with one body-level problem; ``message`` is called under the chosen locale."""
    with force_locale(lang):
        return errors(400, [{"path": "", "message": message()}])


def _too_deep() -> str:
    return _("The JSON is too deeply nested or holds a number too large to read.")


@bp.post("/rulings")
def rulings():
    lang, problems = requested_lang()
    if problems:
        return errors(400, problems)
    message_lang = lang or _fallback_lang(None)
    if not request.is_json:
        return _unreadable(message_lang, lambda: _("Send the scenario as JSON (Content-Type: application/json)."))
    body = request.get_data(cache=False)   # over MAX_CONTENT_LENGTH: 413 from the error handler
    try:
        data = loading.load_json(body.decode("utf-8"))   # duplicate keys, bad text, depth: problems
    except ScenarioInvalid as exc:
        return errors(400, exc.as_dicts(message_lang))
    except UnicodeDecodeError:
        return _unreadable(message_lang, lambda: _("The body is not UTF-8 text."))
    except json.JSONDecodeError as exc:   # where, and why in the user's words (as the CLI says it)
        return errors(400, loading.json_invalid(exc, exc.doc).as_dicts(message_lang))
    except RecursionError:   # deeper than json reads: the YAML reader says where (JSON is YAML)
        try:
            loading.load_text(body.decode("utf-8"))
        except ScenarioInvalid as exc:
            return errors(400, exc.as_dicts(message_lang))
        return _unreadable(message_lang, _too_deep)
    except ValueError:
        return _unreadable(message_lang, _too_deep)
    try:
        ruling = api.ask(data, lang)
    except ScenarioInvalid as exc:
        return errors(400, exc.as_dicts(lang or _fallback_lang(data)))
    except InternalError as exc:   # a bug, logged by the engine: said so, without a traceback
        return errors(500, exc.as_dicts(lang or _fallback_lang(data)))
    return jsonify(ruling)


@bp.get("/search")
def search():
    lang, problems = requested_lang()
    message_lang = lang or _fallback_lang(None)
    query = (request.args.get("q") or "").strip()
    with force_locale(message_lang):
        if not query:
            problems.append({"path": "q", "message": _("Write what to search for.")})
        elif len(query) > MAX_QUERY_CHARS:
            problems.append({"path": "q", "message": _("At most %(n)s characters.", n=MAX_QUERY_CHARS)})
        limit = strict_int(request.args.get("limit", "10"))
        if limit is None or not 1 <= limit <= MAX_LIMIT:
            problems.append({"path": "limit", "message": _("A whole number from 1 to %(n)s.", n=MAX_LIMIT)})
        if problems or limit is None:
            return errors(400, problems)
        try:
            return jsonify(engine.search(query, lang or _fallback_lang(None), limit=limit))
        except engine.SearchUnavailable:
            return errors(503, [{"path": "", "message": _(
                "The search index is not built yet: run 'adjudicator build index'.")}])


@bp.get("/openapi.json")
def openapi_json():
    return jsonify(openapi())
