"""Asking: a form per question kind (``/<lang>/ask/<game>/<kind>``) and a box to paste a
scenario as YAML or JSON (``/<lang>/ask``).

Each view reads the form, builds the scenario, lets the engine read it, and then either
sends the browser to the ruling's permalink (303, so reloading never re-posts) or shows
the form again with every problem beside its field and what the player typed kept.
"""
from __future__ import annotations

import json
from typing import Any

from flask import Blueprint, abort, redirect, render_template, request
from flask_babel import gettext as _

from adjudicator import api
from adjudicator.problems import ScenarioInvalid
from web import engine, forms, permalink, prefill

bp = Blueprint("ask", __name__)


def plain_data(data: Any) -> Any:
    """The scenario as JSON data (what a permalink can carry): YAML dates become text.

    Raises TypeError/ValueError for what JSON cannot hold at all (e.g. a list as a key).
    """
    return json.loads(json.dumps(data, ensure_ascii=False, default=str))


def translated(choices) -> list[tuple[str, str]]:
    from web.views import tr

    return [(value, tr(label)) for value, label in choices]


def row_used(values: Any, field_errors: dict, names: dict[str, str]) -> bool:
    """Open a region row that holds something or a problem."""
    return any(values.get(n) for n in names.values()) or any(n in field_errors for n in names.values())


def form_context(spec: forms.KindForm, lang: str) -> dict[str, Any]:
    """What the generated form needs besides the spec: choices and datalists in ``lang``."""
    return {
        "spec": spec, "games_title": forms.GAME_TITLES.get(spec.game, spec.game),
        "translated": translated, "row_used": row_used, "region_names": forms.region_row_names,
        "region_rows": forms.REGION_ROWS, "nation_lines": forms.NATION_LINES,
        "politics_rows": forms.POLITICS_ROWS,
        "fellowship_fields": forms.FELLOWSHIP_FIELDS, "hidden_choices": forms.HIDDEN_CHOICES,
        "political_states": forms.POLITICAL_STATES, "unit_choices": translated(forms.UNIT_CHOICES),
        "sides": translated(forms.SIDE_CHOICES), "all_nations": forms.nations_of(None, lang),
        "nations": {"free_peoples": forms.nations_of("free_peoples", lang),
                    "shadow": forms.nations_of("shadow", lang)},
        "region_datalist": forms.region_names(lang), "character_datalist": forms.character_names(lang),
        "cg_player_rows": forms.CG_PLAYER_ROWS, "reserve_rows": forms.RESERVE_ROWS, "path_card_rows": forms.PATH_CARD_ROWS,
        "battlegrounds": forms.BATTLEGROUNDS, "bg_card_rows": forms.bg_card_rows,
        "lcg_player_rows": forms.LCG_PLAYER_ROWS, "lcg_card_rows": forms.LCG_CARD_ROWS,
        "field_titles": field_titles(spec),
    }


def field_titles(spec: forms.KindForm) -> dict[str, str]:
    """Each field's name -> where it is, in words ("Cards on the path 2 · Skulls"), for the
    summary of problems at the top of the form."""
    from web.views import tr

    titles: dict[str, str] = {}

    def rows(r: forms.Rows, where: str) -> None:
        for i in range(r.count):
            for c in r.cols:
                titles[r.name(i, c.key)] = f"{where} {i + 1} · {tr(c.label)}"

    for f in spec.fields:
        if f.type == "rows" and f.rows is not None:
            rows(f.rows, tr(f.label))
        else:
            titles[f.name] = tr(f.label)
    if forms.CG_PLAYERS in spec.parts:
        rows(forms.CG_PLAYER_ROWS, _("Player"))
    if forms.CG_RESERVES in spec.parts:
        rows(forms.RESERVE_ROWS, _("Cards in the reserves"))
    if forms.CG_PATH in spec.parts:
        titles.update({"path-name": _("The active path"), "path-defence": _("Defence icons of the path"),
                       "paths-activated": _("Paths activated earlier in this game")})
        rows(forms.PATH_CARD_ROWS, _("Cards on the path"))
    if forms.CG_BATTLEGROUNDS in spec.parts:
        for k in range(forms.BATTLEGROUNDS):
            ground = _("Battleground %(n)s", n=k + 1)
            titles[f"bg{k}-name"], titles[f"bg{k}-shields"] = ground, f"{ground} · {_('Shields')}"
            rows(forms.bg_card_rows(k), f"{ground} · {_('Card')}")
    if forms.LCG_PLAYERS in spec.parts:
        titles.update({"lcg-players": _("Number of players"), "lcg-first-player": _("First player")})
        rows(forms.LCG_PLAYER_ROWS, _("Player"))
    if forms.LCG_IN_PLAY in spec.parts:
        rows(forms.LCG_CARD_ROWS, _("Cards in play"))
        titles["lcg-under"] = _("Cards under The Orcs' Search")
    if forms.REGIONS in spec.parts:
        for i in range(forms.REGION_ROWS):
            for key, name in forms.region_row_names(i).items():
                titles[name] = _("Region %(n)s", n=i + 1)
    titles.update({"extra-position": _("Position (YAML)"), "extra-question": _("Question parameters (YAML)"),
                   "title": _("Title (optional)")})
    return titles


def ruling_address(lang: str, data: Any) -> str:
    return f"/{lang}/r/{permalink.encode(data)}"


def link_problems(data: Any) -> list[dict[str, str]]:
    """Checked before any redirect: a scenario too large for its permalink (which the
    ruling page would refuse) is a problem to fix here, not a broken link."""
    size = len(permalink.encode(data))
    if size <= permalink.MAX_TOKEN_CHARS:
        return []
    return [{"path": "", "message": _("This scenario is too large for a link (%(size)s characters, at most "
                                      "%(limit)s): shorten the title, the notes or the names.",
                                      size=size, limit=permalink.MAX_TOKEN_CHARS)}]


@bp.route("/<lang>/ask/<game>/<kind>", methods=["GET", "POST"])
def kind_form(lang: str, game: str, kind: str):
    if game not in engine.games() or kind not in engine.kinds(game):
        abort(404)
    spec = forms.form_for(game, kind)
    if request.method == "GET":
        values = _prefilled_values(game, kind)
        # A ruling's scenario opened for editing shows its problems, if any, beside its fields.
        _, field_errors, top_errors = check_form(spec, values, lang) if values else (None, {}, [])
        return render_template("ask_form.html", values=values, field_errors=field_errors,
                               top_errors=top_errors, **form_context(spec, lang))
    built, field_errors, top_errors = check_form(spec, request.form, lang)
    if not (field_errors or top_errors):
        top_errors = link_problems(built.scenario)
    if field_errors or top_errors:
        return render_template("ask_form.html", values=request.form, field_errors=field_errors,
                               top_errors=top_errors, **form_context(spec, lang)), 400
    return redirect(ruling_address(lang, built.scenario), code=303)


def check_form(spec: forms.KindForm, values: Any, lang: str):
    """The scenario a form describes and every problem in it: (built, field errors, other errors)."""
    built = forms.scenario_from_form(spec, values, lang)
    field_errors: dict[str, list[str]] = {}
    top_errors: list[dict[str, str]] = []
    for name, message in built.errors:
        if name:
            field_errors.setdefault(name, []).append(message)
        else:
            top_errors.append({"path": "", "message": message})
    try:
        api.ask(built.scenario, lang)
    except ScenarioInvalid as exc:
        for problem in exc.as_dicts(lang):
            name = built.field_for(problem["path"])
            if name:
                field_errors.setdefault(name, []).append(problem["message"])
            else:
                top_errors.append(problem)
    return built, field_errors, top_errors


@bp.route("/<lang>/ask", methods=["GET", "POST"])
def paste(lang: str):
    if request.method == "GET":
        return render_template("ask_paste.html", text=_prefill(lang), errors=[])
    text = request.form.get("scenario") or ""
    data = None
    try:
        if not text.strip():
            return render_template("ask_paste.html", text=text, errors=[
                {"path": "", "message": _("Paste a scenario: game, position and question.")}]), 400
        data = plain_data(api.load_text(text))
        api.ask(data, lang)
        if link_problems(data):
            return render_template("ask_paste.html", text=text, errors=link_problems(data)), 400
    except ScenarioInvalid as exc:
        return render_template("ask_paste.html", text=text, errors=exc.as_dicts(lang)), 400
    except (TypeError, ValueError, RecursionError):
        return render_template("ask_paste.html", text=text, errors=[
            {"path": "", "message": _("The scenario holds values that are not plain data (text, numbers, "
                                      "lists, mappings).")}]), 400
    return redirect(ruling_address(lang, data), code=303)


def _prefilled_values(game: str, kind: str) -> dict[str, str]:
    """The form's values for a ruling's scenario (``?from=<token>``) of this same kind."""
    token = request.args.get("from")
    if not token:
        return {}
    try:
        got = prefill.form_values(permalink.decode(token))
    except permalink.BadToken:
        return {}
    if got is None or (got[0].game, got[0].kind) != (game, kind):
        return {}
    return got[1]


def edit_address(lang: str, data: Any, token: str) -> str:
    """Where a ruling's "Edit" link goes: its kind's form, filled in (else the paste box)."""
    if isinstance(data, dict) and isinstance(data.get("question"), dict) \
            and data.get("game") in engine.games() and data["question"].get("kind") in engine.kinds(data["game"]):
        return f"/{lang}/ask/{data['game']}/{data['question']['kind']}?from={token}"
    return f"/{lang}/ask?from={token}"


def _prefill(lang: str) -> str:
    """The text to start from: a ruling's scenario (``?from=<token>``), or a skeleton."""
    import yaml

    token = request.args.get("from")
    if token:
        try:
            return yaml.safe_dump(permalink.decode(token), allow_unicode=True, sort_keys=False)
        except permalink.BadToken:
            pass
    game = request.args.get("game") if request.args.get("game") in engine.games() else "war-of-the-ring"
    kind = request.args.get("kind") or ""
    if kind not in engine.kinds(game):
        kind = ""
    return yaml.safe_dump({"game": game, "lang": lang, "title": "", "position": {},
                           "question": {"kind": kind}}, allow_unicode=True, sort_keys=False)
