"""``/<lang>/search?q=...``: the rules reference's search, as a page."""
from __future__ import annotations

from flask import Blueprint, render_template, request

from web import engine

bp = Blueprint("search", __name__)
MAX_QUERY_CHARS = 200


@bp.get("/<lang>/search")
def search_page(lang: str):
    query = (request.args.get("q") or "").strip()[:MAX_QUERY_CHARS]
    results, unavailable = None, None
    if query:
        try:
            results = engine.search(query, lang, limit=20)
        except engine.SearchUnavailable as exc:
            unavailable = exc.reason
    return render_template("search.html", query=query, results=results, unavailable=unavailable)
