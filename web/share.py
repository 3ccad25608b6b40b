"""Sharing a ruling: the QR code of its permalink, drawn on the server as SVG (segno).

``/<lang>/r/<token>/qr.svg`` is the QR code of ``<origin>/<lang>/r/<token>``. The origin is
``PUBLIC_URL`` when it is set; otherwise the page's script sends its own
(``?origin=http://192.168.1.20:5000``: the address the phone used, which is what the other
phone must open), checked to be a bare scheme, host and port. The ``Host`` header is never
read. ``share_context(token, lang)`` is what ``templates/_share.html`` needs.
"""
from __future__ import annotations

import io
import re
from typing import Any

from flask import Blueprint, Response, abort, current_app, request

from web import permalink

bp = Blueprint("share", __name__)

# A bare origin: http or https, a host name or an IPv4/IPv6 address, an optional port.
_ORIGIN = re.compile(r"^https?://(?:[A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?|\[[0-9A-Fa-f:.]{2,45}\])"
                     r"(?::\d{1,5})?$")
# Byte mode at the lowest error correction holds 2953 bytes (version 40); past that, no QR.
QR_MAX_CHARS = 2900


def public_origin() -> str:
    return (current_app.config.get("PUBLIC_URL") or "").rstrip("/")


def share_context(token: str, lang: str) -> dict[str, Any]:
    """For the partial: the QR's address, and whether it needs the page's origin (no PUBLIC_URL)."""
    src = f"/{lang}/r/{token}/qr.svg"
    longest = (public_origin() or "https://" + "x" * 60) + f"/{lang}/r/{token}"
    return {"qr_src": src, "qr_needs_origin": not public_origin(), "qr_fits": len(longest) <= QR_MAX_CHARS}


def qr_svg(text: str) -> bytes:
    import segno

    try:
        code = segno.make(text, error="m", micro=False)
    except segno.DataOverflowError:
        code = segno.make(text, error="l", micro=False)
    out = io.BytesIO()
    # No width or height: the page's CSS sizes it; dark on white scans best, whatever the theme.
    code.save(out, kind="svg", scale=1, border=4, dark="#000", light="#fff", xmldecl=False, omitsize=True,
              svgclass="qr", lineclass=None)
    return out.getvalue()


@bp.get("/<lang>/r/<token>/qr.svg")
def qr(lang: str, token: str):
    try:
        permalink.decode(token)
    except permalink.BadToken:
        abort(404)
    origin = public_origin()
    if not origin:
        origin = request.args.get("origin", "")
        if not _ORIGIN.match(origin):
            abort(400)
    address = f"{origin}/{lang}/r/{token}"
    if len(address) > QR_MAX_CHARS:
        abort(404)
    response = Response(qr_svg(address), mimetype="image/svg+xml")
    # The address decides the picture (origin included): it never changes.
    response.headers["Cache-Control"] = "public, max-age=31536000, immutable"
    return response
