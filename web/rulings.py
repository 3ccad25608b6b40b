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
from web import ask, boardmap, forms, permalink, prefill, present

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
    kind_spec = registry.spec(ruling["game"], ruling["question"])
    split = present.split_chart(ruling["verdict"], kind_spec)
    scenario_yaml = yaml.safe_dump(data, allow_unicode=True, sort_keys=False)
    edit_url = ask.edit_address(lang, data, token)
    return render_template(
        "ruling.html", ruling=ruling, spec=spec, game_title=forms.GAME_TITLES.get(ruling["game"], ruling["game"]),
        kind_title=forms.text(spec.title, lang),
        rows=present.verdict_rows(ruling["verdict"], kind_spec, tuple(s.key for s in split.segments) if split else ()),
        steps=present.steps(ruling), board=ruling_board(data, ruling, lang), split=split,
        givens=present.givens(data, ruling, kind_spec, change_address(spec, data, edit_url)),
        status_label=present.status_label(ruling["verdict"].get("status", "")),
        scenario_yaml=scenario_yaml, token=token, edit_url=edit_url,
        new_question_url=f"/{lang}/ask/{ruling['game']}?from={token}", permalink_url=permalink_url())


def change_address(spec: forms.KindForm, scenario: dict, edit_url: str):
    """"Change this and ask again": the form filled in with the ruling's scenario, opened on
    the field of a path (``&focus=<field>``: marked and focused); None when the form has no such field."""
    got = prefill.form_values(scenario)
    values = got[1] if got else {}

    def url(path: str) -> str | None:
        name = prefill.default_field(spec, path, values)
        if not name or "/ask/" not in edit_url:     # no form of its kind: the YAML box holds all
            return None
        return f"{edit_url}&focus={name}"     # no #fragment: a fragment's target wins over autofocus
    return url


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
