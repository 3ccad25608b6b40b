"""The ruling page at its permalink ``/<lang>/r/<token>``: the answer first, the verdict,
the steps with links to their rules, the odds as bars, and the scenario to copy.

The token holds the whole scenario (see :mod:`web.permalink`); the ruling is computed
again on every visit, in the page's language, so the same link reads in Spanish or English.
"""
from __future__ import annotations

import yaml
from flask import Blueprint, current_app, render_template, request

from adjudicator import api
from adjudicator.problems import ScenarioInvalid
from web import ask, forms, permalink, present

bp = Blueprint("rulings", __name__)


@bp.get("/<lang>/r/<token>")
def ruling_page(lang: str, token: str):
    try:
        data = permalink.decode(token)
    except permalink.BadToken:
        return render_template("bad_link.html"), 400
    try:
        ruling = api.ask(data, lang)
    except ScenarioInvalid as exc:
        return render_template("ruling_invalid.html", errors=exc.as_dicts(lang), token=token,
                               edit_url=ask.edit_address(lang, data, token)), 400
    spec = forms.form_for(ruling["game"], ruling["question"])
    scenario_yaml = yaml.safe_dump(data, allow_unicode=True, sort_keys=False)
    return render_template(
        "ruling.html", ruling=ruling, spec=spec, game_title=forms.GAME_TITLES.get(ruling["game"], ruling["game"]),
        rows=present.verdict_rows(ruling["verdict"]), steps=present.steps(ruling),
        status_label=present.status_label(ruling["verdict"].get("status", "")),
        scenario_yaml=scenario_yaml, token=token, edit_url=ask.edit_address(lang, data, token),
        permalink_url=permalink_url())


def permalink_url() -> str:
    """The address to share: under the configured ``PUBLIC_URL``, else relative (the page's
    script makes it absolute from the browser's own address). Never built from the request's
    Host header, which any client can set."""
    return (current_app.config.get("PUBLIC_URL") or "").rstrip("/") + request.path
