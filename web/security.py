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


def add_headers(response: Response) -> Response:
    for name, value in HEADERS.items():
        response.headers.setdefault(name, value)
    return response


def init_app(app: Flask) -> None:
    app.after_request(add_headers)
