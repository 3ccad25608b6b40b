"""Asking: a form per question kind (``/<lang>/ask/<game>/<kind>``) and a box to paste a
scenario as YAML or JSON (``/<lang>/ask``).

Each view reads the form, builds the scenario, lets the engine read it, and then either
sends the browser to the ruling's permalink (303, so reloading never re-posts) or shows
the form again with every problem beside its field and what the player typed kept.
"""
from __future__ import annotations

import json
import re
from functools import lru_cache
from typing import Any

from flask import Blueprint, abort, g, redirect, render_template, request
from flask_babel import gettext as _

from adjudicator import api, names, registry
from adjudicator.problems import ScenarioInvalid
from adjudicator.registry import canonical_game
from web import boardmap, engine, forms, permalink, prefill
from web.boardmap import N_
from web.forms import cards as card_picker

bp = Blueprint("ask", __name__)


def plain_data(data: Any) -> Any:
    """The scenario as JSON data (what a permalink can carry): YAML dates become text.

    Raises TypeError/ValueError for what JSON cannot hold at all (e.g. a list as a key).
    """
    return json.loads(json.dumps(data, ensure_ascii=False, default=str))


def translated(choices) -> list[tuple[str, str]]:
    from web.views import tr

    return [(value, tr(label)) for value, label in choices]


def row_used(values: Any, field_errors: dict, names: Any) -> bool:
    """Open a region row (or a folded part) that holds something, a problem or the field to change."""
    names = list(names.values()) if isinstance(names, dict) else list(names)
    focus = request.args.get("focus") if request else None
    return any(values.get(n) for n in names) or any(n in field_errors for n in names) or focus in names


# The field names of each position part (web/forms/parts.py), for a folded part to open.
PART_NAMES = {"fellowship": r"fel-", "hunt": r"hunt-", "regions": r"r\d+-", "politics": r"pol",
              "turn": r"turn-", "cg-players": r"cg-player|reserve-card", "cg-path": r"path",
              "cg-battlegrounds": r"bg\d", "lcg-players": r"lcg-(player|first)", "lcg-in-play": r"lcg-(card|under)"}


def part_used(values: Any, field_errors: dict, part: str) -> bool:
    """Open a folded position part that holds something, a problem or the field to change."""
    pattern = re.compile(PART_NAMES[part])
    names = {n for n in (values or {}) if values.get(n)} | set(field_errors)
    focus = request.args.get("focus") if request else None
    return any(pattern.match(n) for n in names) or bool(focus and pattern.match(focus))


def with_default(values: Any, name: str, value: str) -> Any:
    """``values`` with ``name`` set to the value the engine takes when it is left empty, so
    that the choice shows its default selected like every other choice (issue 26)."""
    if values and values.get(name):
        return values
    return {name: value}   # what the choice's macro reads


def form_context(spec: forms.KindForm, lang: str, values: Any = None) -> dict[str, Any]:
    """What the generated form needs besides the spec: choices and datalists in ``lang``."""
    titles = {**field_titles(spec), **region_titles(spec, values or {}, lang)}
    focus = request.args.get("focus")
    return {
        "spec": spec, "games_title": forms.GAME_TITLES.get(spec.game, spec.game),
        "field_fixes": g.get("field_fixes", {}),
        "translated": translated, "row_used": row_used, "part_used": part_used, "region_names": forms.region_row_names,
        "region_rows": forms.REGION_ROWS, "nation_lines": forms.NATION_LINES,
        "politics_rows": forms.POLITICS_ROWS,
        "fellowship_fields": forms.FELLOWSHIP_FIELDS, "hidden_choices": forms.HIDDEN_CHOICES,
        "political_states": forms.POLITICAL_STATES, "unit_choices": translated(forms.UNIT_CHOICES),
        "sides": translated(forms.SIDE_CHOICES), "all_nations": forms.nations_of(None, lang),
        "nations": {"free_peoples": forms.nations_of("free_peoples", lang),
                    "shadow": forms.nations_of("shadow", lang)},
        "region_datalist": forms.region_names(lang), "character_datalist": forms.character_names(lang),
        "cg_player_rows": forms.CG_PLAYER_ROWS, "reserve_rows": forms.RESERVE_ROWS,
        "path_card_rows": forms.PATH_CARD_ROWS,
        "battlegrounds": forms.BATTLEGROUNDS, "bg_card_rows": forms.bg_card_rows,
        "lcg_player_rows": forms.LCG_PLAYER_ROWS, "lcg_card_rows": forms.LCG_CARD_ROWS,
        "field_titles": titles, "focus": focus if focus in titles else None,
        "politics_presets": translated(forms.POLITICS_PRESETS), "politics_preset": forms.POLITICS_PRESET,
        "with_default": with_default,
        "unit_lines": forms.UNIT_LINES, "unit_kinds": forms.UNIT_KINDS, "unit_line_names": forms.unit_line_names,
        "units_names": forms.units_names, "tiles": tile_labels(lang), "max_units": forms.MAX_UNITS,
        "board": form_board(spec, values or {}, lang), "ask_data": ask_data(spec, lang),
        "phases": [(str(n), str(n)) for n in range(1, 7)],
        **card_context(spec, lang),
    }


def card_context(spec: forms.KindForm, lang: str) -> dict[str, Any]:
    """The card picker's names, lines and data, for a form with a card field (web/forms/cards.py)."""
    if not any(f.type in card_picker.CARD_TYPES for f in spec.fields):
        return {"card_datalist": (), "card_data": None}
    return {"card_datalist": card_picker.datalist(lang), "card_data": card_picker.picker_data(lang),
            "card_line": lambda text, combat=False: card_picker.shown(text, lang, combat),
            "combat_inputs": card_picker.field_names}


def tile_labels(lang: str) -> dict[str, list[tuple[str, str]]]:
    """The Hunt tiles to pick, standard then special, as (value, label) in ``lang``."""
    from adjudicator import data

    out: dict[str, list[tuple[str, str]]] = {"standard": [], "special": []}
    for value, tile_id, shown, reveal in forms.tile_choices():
        if tile_id:
            out["special"].append((value, data.hunt_tiles()["special"][tile_id]["name"][lang]))
        else:
            label = _("Eye") if shown == "eye" else str(shown)
            out["standard"].append((value, _("%(tile)s, Reveal", tile=label) if reveal and shown != "eye" else label))
    return out


def map_form(spec: forms.KindForm) -> bool:
    """A War of the Ring form with regions to name gets the map."""
    return spec.game == forms.WOTR and bool(spec.region_fields or forms.REGIONS in spec.parts
                                            or (forms.FELLOWSHIP in spec.parts and "region" in spec.fellowship_fields))


def form_board(spec: forms.KindForm, values: Any, lang: str) -> boardmap.Board | None:
    """The map of a form: the regions typed so far marked, the position's armies on it; a
    tap fills the first region field (static/ask.js switches what it fills)."""
    if not map_form(spec):
        return None
    try:
        built = forms.scenario_from_form(spec, values, lang)
        roles = boardmap.ruling_regions(built.scenario, {"game": spec.game, "question": spec.kind})
        armies = boardmap.position_armies(built.scenario, lang)
    except ScenarioInvalid:
        roles, armies = {}, {}
    targets = [f.name for f in spec.region_fields] or ["fel-region" if forms.FELLOWSHIP in spec.parts else "r0-name"]
    return boardmap.board(lang, roles=roles, armies=armies, focus=sorted({*roles, *armies}), target=targets[0],
                          map_id="map", neighbours=True)


def ask_data(spec: forms.KindForm, lang: str) -> dict[str, Any] | None:
    """What static/ask.js needs to know and cannot read from the page: every region's name in
    both languages, the characters' levels, the nations of each side, words to show."""
    if not map_form(spec):
        return None
    return {**_names_data(),
            "army": {"fp": _("FP %(n)s", n="{n}"), "sh": _("S %(n)s", n="{n}")},
            "words": {"added": _("%(region)s: in the position, row %(n)s.", region="{region}", n="{n}"),
                      "another": _("Another nation"), "another_region": _("Another region"),
                      "moved": _("The army in %(from)s moved with the question to %(to)s.",
                                 to="{to}", **{"from": "{from}"}),
                      "full": _("Every region row is in use: clear one to add %(region)s.", region="{region}"),
                      "besieged": _("%(region)s: armies of both sides, so the stronghold's own is taken as the "
                                    "besieged one (Besieged side, in its row, changes it).", region="{region}"),
                      "zoomed": _("Zoomed in: tap the region you meant.")}}


@lru_cache(maxsize=1)
def _names_data() -> dict[str, Any]:
    """Folded names (as names.normalize folds them) of the regions and characters, in both
    languages; the nations of each side."""
    from adjudicator import data

    return {"regions": {names.normalize(r["name"][lang]): rid for rid, r in data.regions().items()
                        for lang in ("en", "es")},
            "levels": {names.normalize(c["name"][lang]): c["level"] for c in data.characters().values()
                       for lang in ("en", "es") if c.get("level") is not None},
            "nations": {side: [n for n, d in data.nations().items() if d["side"] == side]
                        for side in ("free_peoples", "shadow")}}


def region_titles(spec: forms.KindForm, values: Any, lang: str) -> dict[str, str]:
    """The fields of the position's region rows named as a player would ("Helm's Deep ·
    Rohan · Regular"): the region and the nation as typed or chosen, then the count."""
    if forms.REGIONS not in spec.parts:
        return {}
    what = {"regular": _("Regular"), "elite": _("Elite"), "leader": _("Leader"), "nation": _("Nation"),
            "control": _("Controlled by"), "besieged": _("Besieged side"), "sh-nazgul": _("Nazgûl")}
    sides = {"fp": _("Free Peoples"), "sh": _("Shadow")}
    titles: dict[str, str] = {}
    for i in range(forms.REGION_ROWS):
        row = forms.region_row_names(i)
        region = (values.get(row["name"]) or "").strip() or _("Region %(n)s", n=i + 1)
        for key, name in row.items():
            line = re.fullmatch(r"(fp|sh)(\d+)-(\w+)", key)
            if key == "name":
                titles[name] = region
            elif line:                                   # fp0-regular: a nation's line of counts
                side, j, count = line.groups()
                nation_id = values.get(row[f"{side}{j}-nation"]) or ""
                nation = names.nation_name(nation_id, lang) if nation_id in data_nations() else sides[side]
                titles[name] = f"{region} · {nation} · {what[count]}"
            elif key.endswith("-characters"):
                titles[name] = f"{region} · {sides[key[:2]]} · {_('Characters')}"
            else:
                titles[name] = f"{region} · {what.get(key, key)}"
    return titles


def data_nations() -> dict:
    from adjudicator import data

    return data.nations()


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
            for name in forms.region_row_names(i).values():
                titles[name] = _("Region %(n)s", n=i + 1)
    for f in spec.fields:
        if f.type == "units":
            titles.update({name: tr(f.label) for name in forms.units_names(f.name)})
    if forms.POLITICS in spec.parts:
        titles[forms.POLITICS_PRESET] = _("Political Track")
        for k in range(forms.POLITICS_ROWS):
            titles[f"pol{k}-nation"] = titles[f"pol{k}-state"] = f"{_('Political Track')} {k + 1}"
    if forms.FELLOWSHIP in spec.parts:
        titles.update({forms.FELLOWSHIP_FIELDS[k][0]: _("The Fellowship") for k in spec.fellowship_fields})
    if forms.HUNT in spec.parts:
        titles.update({name: _("The Hunt") for name in forms.HUNT_FIELDS.values()})
    if forms.TURN in spec.parts:
        titles["turn-phase"] = _("Phase")
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
        values, carried = _prefilled_values(game, kind)
        # A ruling's scenario opened for editing shows its problems, if any, beside its fields
        # (not a position brought from another question: its own question is still to come).
        _, field_errors, top_errors = check_form(spec, values, lang) if values and not carried else (None, {}, [])
        return render_template("ask_form.html", values=values, field_errors=field_errors,
                               top_errors=top_errors, **form_context(spec, lang, values))
    switch = request.form.get("_switch")
    if switch:
        return _switch_kind(spec, switch, lang)
    built, field_errors, top_errors = check_form(spec, request.form, lang)
    if not (field_errors or top_errors):
        top_errors = link_problems(built.scenario)
    if field_errors or top_errors:
        return render_template("ask_form.html", values=request.form, field_errors=field_errors,
                               top_errors=top_errors, **form_context(spec, lang, request.form)), 400
    return redirect(ruling_address(lang, built.scenario), code=303)


def _switch_kind(spec: forms.KindForm, target: str, lang: str):
    """"This round" / "Whole battle": the other kind's form, opened with what was typed here
    (carried in its address, so reloading and Back keep it)."""
    if target not in {k for k, _label in spec.switch}:
        abort(400)
    built = forms.scenario_from_form(spec, request.form, lang)
    token = permalink.encode(built.scenario)
    if len(token) > permalink.MAX_TOKEN_CHARS:
        abort(413)
    return redirect(f"/{lang}/ask/{spec.game}/{target}?from={token}", code=303)


@bp.get("/<lang>/ask/<game>")
def kinds(lang: str, game: str):
    """The questions of a game; with ``?from=<token>`` each opens on that ruling's position."""
    if game not in engine.games():
        abort(404)
    token = request.args.get("from") or ""
    scenario = None
    if token:
        try:
            scenario = permalink.decode(token)
        except permalink.BadToken:
            pass
    if not (isinstance(scenario, dict) and canonical_game(scenario.get("game")) == game):
        scenario, token = None, ""
    question = scenario.get("question") if scenario else None
    asked = question.get("kind") if isinstance(question, dict) else None
    specs = [forms.form_for(game, k) for k in engine.kinds(game)]
    return render_template("ask_kinds.html", game=game, game_title=forms.GAME_TITLES.get(game, game), specs=specs,
                           token=token, asked=asked, region_name=lambda rid: names.region_name(rid, lang),
                           armies=boardmap.position_armies(scenario, lang) if scenario and game == forms.WOTR else {})


def _field_below(built: Any, path: str) -> str | None:
    """The first form field inside the scenario's ``path`` (a problem with a whole region
    goes to that region's row)."""
    if not path:
        return None
    inside = [(len(p), name) for p, name in built.fields.items() if p.startswith(path + ".")]
    return min(inside)[1] if inside else None


PATH_WORDS = {"position": "", "question": "", "regions": N_("Regions"), "politics": N_("Political Track"),
              "fellowship": N_("The Fellowship"), "hunt": N_("The Hunt"), "free_peoples": N_("Free Peoples"),
              "shadow": N_("Shadow")}


def path_in_words(path: str, lang: str) -> str:
    """A scenario path as a player reads it: "position.regions.Parth Celebrant" -> "Regions,
    Parth Celebrant" (the names as typed, the scenario's own keys in words)."""
    parts = [p for p in re.split(r"\.(?![^\[]*\])", path or "") if p]
    words = []
    for part in parts:
        word = PATH_WORDS.get(part, part.replace("_", " "))
        if word:
            words.append(_(word) if part in PATH_WORDS else word)
    return ", ".join(words)


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
    fixes: dict[str, list[tuple[str, str]]] = {}
    try:
        api.ask(built.scenario, lang)
    except ScenarioInvalid as exc:
        for raw, problem in zip(exc.problems, exc.as_dicts(lang), strict=True):
            name = built.field_for(problem["path"]) or _field_below(built, problem["path"])
            row = re.fullmatch(r"r(\d+)-name", name or "")
            if row and raw.key in FIXED_IN_ROW:     # the fix is another field of the row: the link goes there
                name = f"r{row.group(1)}-{FIXED_IN_ROW[raw.key]}"
            if name:
                field_errors.setdefault(name, []).append(problem["message"])
                fix = suggested_fixes(spec, values, name, raw, lang)
                if fix:
                    fixes[name] = fix
            else:   # never a scenario path on a form (issue 26): the place in words
                top_errors.append({"path": path_in_words(problem["path"], lang), "message": problem["message"]})
    g.field_fixes = fixes
    return built, field_errors, top_errors


# Problems of a whole region row whose fix is one field of it (issue 26: the link leads to the fix).
FIXED_IN_ROW = {"core.err_two_armies": "besieged"}


def suggested_fixes(spec: forms.KindForm, values: Any, name: str, problem: Any, lang: str) -> list[tuple[str, str]]:
    """A "did you mean" made a link that fixes it (issue 26): for each name suggested, the
    form opened with every field that held the typed name holding the suggestion instead,
    focused on this field. [] when the problem suggests nothing."""
    params = problem.params if isinstance(getattr(problem, "params", None), dict) else {}
    typed = params.get("value")
    found = params.get("suggestions")
    suggestions = [e.get(lang) or e.get("en") for e in found.entries] if isinstance(found, names.NameList) else []
    if not suggestions and isinstance(params.get("suggestion"), str) and "choice" in problem.key:
        suggestions = [params["suggestion"]]
    if not isinstance(typed, str) or not suggestions or not values:
        return []
    folded = names.normalize(typed)
    out = []
    for suggestion in [s for s in suggestions if s][:3]:
        fixed = {k: (suggestion if isinstance(v, str) and names.normalize(v) == folded else v)
                 for k, v in dict(values.items()).items()}
        if fixed.get(name) != suggestion:
            continue     # the field does not hold the name as typed (a problem inside its value)
        scenario = forms.scenario_from_form(spec, fixed, lang).scenario
        token = permalink.encode(scenario)
        out.append((suggestion, f"/{lang}/ask/{spec.game}/{spec.kind}?from={token}&focus={name}"))
    return out


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


def _prefilled_values(game: str, kind: str) -> tuple[dict[str, str], bool]:
    """The form's values for a ruling's scenario (``?from=<token>``), and whether it is
    another question's: of this kind, all of it; of a kind this form switches to, its
    position and the parameters both declare; of another kind of the game, its position."""
    token = request.args.get("from")
    if not token:
        return {}, False
    try:
        scenario = permalink.decode(token)
    except permalink.BadToken:
        return {}, False
    if not isinstance(scenario, dict) or canonical_game(scenario.get("game")) != game \
            or not isinstance(scenario.get("question"), dict):
        return {}, False
    asked = scenario["question"].get("kind")
    if asked != kind:
        siblings = {k for k, _label in forms.form_for(game, kind).switch}
        spec = registry.spec(game, kind)
        assert spec is not None  # form_for just made this kind's form from its spec (it raises without one)
        keep = set(spec.top_keys) if asked in siblings else set()
        question = {k: v for k, v in scenario["question"].items() if k in keep}
        scenario = {**scenario, "question": {**question, "kind": kind}}
        if not keep:
            scenario.pop("title", None)    # it named the other question
    got = prefill.form_values(scenario)
    if got is None:
        return {}, False
    return got[1], asked != kind


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
    game = request.args.get("game", "")
    if game not in engine.games():
        game = "war-of-the-ring"
    kind = request.args.get("kind") or ""
    if kind not in engine.kinds(game):
        kind = ""
    return yaml.safe_dump({"game": game, "lang": lang, "title": "", "position": {},
                           "question": {"kind": kind}}, allow_unicode=True, sort_keys=False)
