"""Security headers on every response.

The app's own pages run no inline script (their JavaScript is in ``static/``), so the
Content-Security-Policy allows scripts, styles and images from this origin only. The rules
reference is Sphinx output: :data:`DOCS_CSP` is the same policy; Sphinx's few inline
``<script>`` snippets (showing the sidebar search box) are simply not run, which costs
nothing because the app has its own search.
"""
from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from flask import Flask, Response
from werkzeug.exceptions import BadHost

CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; "
       "form-action 'self'; frame-ancestors 'none'")

HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
}


_FIXED = [(name, value) for name, value in HEADERS.items() if name != "Content-Security-Policy"]


def add_headers(response: Response) -> Response:
    # extend() appends without scanning the header list (setdefault scans it per header, which
    # was a tenth of an API request's time); only the CSP may already be set (docs pages).
    response.headers.extend(_FIXED)
    if "Content-Security-Policy" not in response.headers:
        response.headers["Content-Security-Policy"] = CSP
    return response


BAD_HOST_TEXT = ("The Host header of this request cannot be read (a name too long, or an empty label).\n"
                 "No se puede leer la cabecera Host de esta petición (un nombre demasiado largo, o una parte vacía).\n")


class HostGuard:
    """A Host header werkzeug cannot turn into a URL (a label over 63 characters, ``a..b``)
    is a 400 before the app sees the request: the app never uses the Host, and such a
    request once failed twice (the URL adapter, then the error page's URL building) into a
    500 with kilobytes of traceback. The answer carries the security headers like any other."""

    def __init__(self, app: Flask):
        self.app, self.wsgi_app = app, app.wsgi_app

    def __call__(self, environ: dict[str, Any], start_response: Callable) -> Any:
        try:
            self.app.url_map.bind_to_environ(environ, server_name=self.app.config.get("SERVER_NAME"))
        except BadHost:
            if environ.get("PATH_INFO", "").startswith("/api/"):
                body = json.dumps({"errors": [{"path": "", "message": BAD_HOST_TEXT.splitlines()[0]}]}).encode()
                kind = "application/json"
            else:
                body, kind = BAD_HOST_TEXT.encode("utf-8"), "text/plain; charset=utf-8"
            start_response("400 Bad Request", [("Content-Type", kind), ("Content-Length", str(len(body))),
                                               *HEADERS.items()])
            return [body]
        return self.wsgi_app(environ, start_response)


def init_app(app: Flask) -> None:
    app.after_request(add_headers)
    app.wsgi_app = HostGuard(app)  # type: ignore[method-assign]  # the WSGI middleware idiom
