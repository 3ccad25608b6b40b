"""``/<lang>/search?q=...``: the rules reference's search, as a page.

The docs pages' own search box leads here too when the app serves them (web/docs.py), so a
player gets one search wherever they type. A result whose rule a question kind decides
offers "Ask about this" with that kind's form.
"""
from __future__ import annotations

from typing import Any

from flask import Blueprint, render_template, request

from adjudicator.search import message as engine_message
from web import engine

bp = Blueprint("search", __name__)
MAX_QUERY_CHARS = 200
MAX_ASK_LINKS = 3  # a rule several kinds decide (a besieged army): the first few kinds


def ask_links(label: str, lang: str) -> list[dict[str, str]]:
    """The forms of the question kinds whose rulings decide ``label``: ``[{url, title, kind}]``."""
    from adjudicator import registry

    links = []
    for game, kind in registry.kinds_for_rule(label)[:MAX_ASK_LINKS]:
        if kind not in engine.kinds(game):
            continue  # a kind whose rules failed to load has no form to open
        links.append({"url": f"/{lang}/ask/{game}/{kind}", "title": _form_title(game, kind, lang), "kind": kind})
    return links


def _form_title(game: str, kind: str, lang: str) -> str:
    """The title of the kind's form in ``lang``; the kind's id when the form cannot be made."""
    try:
        from web import forms

        return forms.form_for(game, kind).title.get(lang) or kind
    except Exception:  # noqa: BLE001 - the forms failing to load, or a spec in the making, must not cost the search
        return kind


def with_ask_links(results: dict[str, Any], lang: str) -> dict[str, Any]:
    for item in results.get("results", []):
        item["ask"] = ask_links(item["label"], lang) if item.get("kind") == "rule" else []
    return results


@bp.get("/<lang>/search")
def search_page(lang: str):
    query = (request.args.get("q") or "").strip()[:MAX_QUERY_CHARS]
    results, unavailable = None, None
    if query:
        try:
            results = with_ask_links(engine.search(query, lang, limit=20), lang)
        except engine.SearchUnavailable as exc:
            unavailable = exc.reason
    # A question no rule answers (strategy, sleeves, an expansion...) is told why.
    kind = (results or {}).get("outside")
    outside = engine_message(lang, f"search.outside.{kind}") if kind else None
    return render_template("search.html", query=query, results=results, unavailable=unavailable, outside=outside)
