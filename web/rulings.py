"""The ruling page at its permalink ``/<lang>/r/<token>``: the answer first, the verdict,
the steps with links to their rules, the odds as bars, and the scenario to copy.

The token holds the whole scenario (see :mod:`web.permalink`); the ruling is computed
again on every visit, in the page's language, so the same link reads in Spanish or English.
"""
from __future__ import annotations

import yaml
from flask import Blueprint, current_app, render_template, request

from adjudicator import api, registry
from adjudicator.problems import ScenarioInvalid
from web import ask, boardmap, forms, permalink, present

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
        rows=present.verdict_rows(ruling["verdict"], registry.spec(ruling["game"], ruling["question"])), steps=present.steps(ruling), board=ruling_board(data, ruling, lang),
        status_label=present.status_label(ruling["verdict"].get("status", "")),
        scenario_yaml=scenario_yaml, token=token, edit_url=ask.edit_address(lang, data, token),
        permalink_url=permalink_url())


def permalink_url() -> str:
    """The address to share: under the configured ``PUBLIC_URL``, else relative (the page's
    script makes it absolute from the browser's own address). Never built from the request's
    Host header, which any client can set."""
    return (current_app.config.get("PUBLIC_URL") or "").rstrip("/") + request.path


def ruling_board(scenario: dict, ruling: dict, lang: str) -> boardmap.Board | None:
    """The map with the ruling's regions marked, for a War of the Ring ruling that names any."""
    roles = boardmap.ruling_regions(scenario, ruling)
    if not roles:
        return None
    return boardmap.board(lang, roles=roles, armies=boardmap.position_armies(scenario, lang))
