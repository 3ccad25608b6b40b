"""Errors never show a traceback: JSON under ``/api/``, a page in the user's language elsewhere."""
from __future__ import annotations

import logging

from flask import Flask, jsonify, render_template, request
from flask_babel import force_locale
from flask_babel import gettext as _
from werkzeug.exceptions import HTTPException, InternalServerError

from adjudicator.i18n import LANGS
from adjudicator.problems import InternalError
from web.i18n import current_lang

log = logging.getLogger(__name__)


def wants_json() -> bool:
    return request.path.startswith("/api/")


def api_error(status: int, message: str, path: str = ""):
    return jsonify({"errors": [{"path": path, "message": message}]}), status


def messages(status: int) -> str:
    return {
        400: _("The request cannot be read."),
        404: _("There is no page at this address."),
        405: _("This address does not accept that method."),
        413: _("The request is too large (at most 64 KiB)."),
        415: _("Send the scenario as JSON (Content-Type: application/json)."),
    }.get(status, _("Something went wrong on our side. The problem has been logged."))


def init_app(app: Flask) -> None:
    @app.errorhandler(HTTPException)
    def http_error(exc: HTTPException):
        status = exc.code or 500
        if wants_json():
            asked = request.args.get("lang")   # the API's ?lang= wins, as for its other errors
            with force_locale(asked if asked in LANGS else current_lang()):
                response, code = api_error(status, messages(status))
            allowed = getattr(exc, "valid_methods", None)   # a MethodNotAllowed's
            if status == 405 and allowed:
                response.headers["Allow"] = ", ".join(allowed)
            return response, code
        return render_template("error.html", status=status, message=messages(status), lang=current_lang()), status

    @app.errorhandler(Exception)
    def unexpected(exc: Exception):
        if not isinstance(exc, InternalError):   # the engine logged its own failure already
            log.exception("unexpected error on %s %s", request.method, request.path)
        return http_error(InternalServerError())
