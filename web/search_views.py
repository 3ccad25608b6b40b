"""``/<lang>/search?q=...``: the rules reference's search, as a page.

The docs pages' own search box leads here too when the app serves them (web/docs.py), so a
player gets one search wherever they type. A result whose rule a question kind decides
offers "Ask about this" with that kind's form; a query that describes a situation ("my 4
Gondor regulars in Pelargir, can they march to Lamedon?") also offers "Ask:" the question
that rules on it, and every form of that game opens with what the query names filled in.
"""
from __future__ import annotations

from typing import Any

from flask import Blueprint, render_template, request

from adjudicator.search import message as engine_message
from web import engine

bp = Blueprint("search", __name__)
MAX_QUERY_CHARS = 200
MAX_ASK_LINKS = 3  # a rule several kinds decide (a besieged army): the first few kinds


def ask_links(label: str, lang: str, prefill: tuple[str, str] | None = None) -> list[dict[str, str]]:
    """The forms of the question kinds whose rulings decide ``label``: ``[{url, title, kind}]``.

    ``prefill`` (game, token): the situation the query describes (:func:`situation_link`);
    a form of that game opens with it filled in (of another kind, its position).
    """
    from adjudicator import registry

    links = []
    for game, kind in registry.kinds_for_rule(label)[:MAX_ASK_LINKS]:
        if kind not in engine.kinds(game):
            continue  # a kind whose rules failed to load has no form to open
        url = f"/{lang}/ask/{game}/{kind}"
        if prefill and prefill[0] == game:
            url += f"?from={prefill[1]}"
        links.append({"url": url, "title": _form_title(game, kind, lang), "kind": kind})
    return links


def situation_link(ask: Any, lang: str) -> dict[str, str] | None:
    """The "Ask: ..." link of a query that describes a situation (the search's ``ask`` entry):
    its kind's form, opened with what the query names filled in; None when there is none."""
    from web import permalink

    if not isinstance(ask, dict) or ask.get("game") not in engine.games() \
            or ask.get("kind") not in engine.kinds(ask["game"]):
        return None
    token = permalink.encode(ask["scenario"])
    if len(token) > permalink.MAX_TOKEN_CHARS:
        return None
    return {"url": f"/{lang}/ask/{ask['game']}/{ask['kind']}?from={token}", "token": token,
            "title": _form_title(ask["game"], ask["kind"], lang), "kind": ask["kind"], "game": ask["game"]}


def _form_title(game: str, kind: str, lang: str) -> str:
    """The title of the kind's form in ``lang``; the kind's id when the form cannot be made."""
    try:
        from web import forms

        return forms.form_for(game, kind).title.get(lang) or kind
    except Exception:  # noqa: BLE001 - the forms failing to load, or a spec in the making, must not cost the search
        return kind


def with_ask_links(results: dict[str, Any], lang: str) -> dict[str, Any]:
    situation = situation_link(results.get("ask"), lang)
    results["ask_link"] = situation
    prefill = (situation["game"], situation["token"]) if situation else None
    for item in results.get("results", []):
        item["ask"] = ask_links(item["label"], lang, prefill) if item.get("kind") == "rule" else []
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
