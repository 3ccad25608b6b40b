"""Security headers on every response.

The app's own pages run no inline script (their JavaScript is in ``static/``), so the
Content-Security-Policy allows scripts, styles and images from this origin only. The rules
reference is Sphinx output: :data:`DOCS_CSP` is the same policy; Sphinx's few inline
``<script>`` snippets (showing the sidebar search box) are simply not run, which costs
nothing because the app has its own search.
"""
from __future__ import annotations

from flask import Flask, Response

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


def init_app(app: Flask) -> None:
    app.after_request(add_headers)
