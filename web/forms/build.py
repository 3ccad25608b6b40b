"""A filled-in form becomes a scenario: :func:`scenario_from_form`.

Beside the scenario it keeps the form field that produced each scenario path, so every
problem the engine reports (``question.from``, ``position.regions.Minas Tirith.shadow.sauron.regular``
...) is shown beside the field the player typed it in. Parameters a form has no field for
can always be written as YAML in the "more" boxes, so every registered kind can be asked.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from adjudicator.i18n import translate
from adjudicator.loading import load_text
from adjudicator.params import int_text
from adjudicator.problems import ScenarioInvalid, format_path
from web.forms import cards as card_picker
from web.forms.fields import (
    CG_BATTLEGROUNDS,
    CG_PATH,
    CG_PLAYERS,
    CG_RESERVES,
    FELLOWSHIP,
    HUNT,
    LCG_IN_PLAY,
    LCG_PLAYERS,
    POLITICS,
    REGIONS,
    TURN,
    KindForm,
    Rows,
)
from web.forms.parts import (
    AREA_OF_KIND,
    BATTLEGROUNDS,
    CG_PLAYER_ROWS,
    EXTRA_POSITION,
    EXTRA_QUESTION,
    FELLOWSHIP_FIELDS,
    HUNT_FIELDS,
    LCG_CARD_ROWS,
    LCG_PLAYER_ROWS,
    NATION_LINES,
    NONE_WORDS,
    PATH_CARD_ROWS,
    POLITICS_PRESET,
    POLITICS_ROWS,
    REGION_ROWS,
    RESERVE_ROWS,
    SIDE_KEYS,
    UNIT_KINDS,
    UNIT_LINES,
    bg_card_rows,
    region_row_names,
    unit_line_names,
)


@dataclass
class Built:
    """A scenario built from a form, the field behind each of its paths, and form problems."""

    scenario: dict[str, Any]
    fields: dict[str, str] = field(default_factory=dict)          # scenario path -> field name
    errors: list[tuple[str | None, str]] = field(default_factory=list)  # (field name, message)

    def note(self, path: list, name: str) -> None:
        self.fields[format_path(path)] = name

    def field_for(self, problem_path: str) -> str | None:
        """The form field of the longest scenario path that ``problem_path`` starts with."""
        best, best_len = None, -1
        for path, name in self.fields.items():
            if (problem_path == path or problem_path.startswith(path + ".")
                    or problem_path.startswith(path + "[")) and len(path) > best_len:
                best, best_len = name, len(path)
        return best


INT_TEXT = re.compile(r"^\s*[+\-\u2212]?[0-9]+\s*$", re.ASCII)   # what params.int_text may read as a number


def _int_or_text(value: str) -> int | str:
    """Digits become a number (the engine's strict reader); anything else goes to the engine
    as typed (it says what is wrong)."""
    return int_text(value)


def _split(value: str) -> list[str]:
    return [v.strip() for v in value.split(",") if v.strip()]


def _convert(kind: str, raw: str, lang: str, b: Built, name: str) -> Any:
    if kind == "int":
        return _int_or_text(raw)
    if kind == "ints":
        return [_int_or_text(v) for v in _split(raw)]
    if kind == "tile":
        return _tile(raw)
    if kind in ("characters", "words"):
        return [] if raw.strip().lower() in NONE_WORDS else _split(raw)
    if kind == "bool":
        return {"yes": True, "no": False}.get(raw, raw)
    if kind == "hidden":
        return {"yes": True, "no": False}.get(raw, raw)
    if kind == "yaml":
        return _yaml(raw, lang, b, name)
    if kind == "hand":
        return _convert_col(kind, raw)
    return raw.strip()   # text, choice, keywords (the engine reads "Doomed 2, Surge" itself)


_NO_VALUE = object()
_REVEALING = re.compile(r"^([0-9])r$", re.ASCII)   # a tile picked as "1r": a 1 with the Reveal icon


def _tile(raw: str) -> Any:
    match = _REVEALING.match(raw.strip())
    if match:
        return {"value": int(match.group(1)), "reveal": True}
    return _int_or_text(raw)


def _yaml(text: str, lang: str, b: Built, name: str) -> Any:
    """A YAML box, read by the engine's bounded loader; its problems land on the box."""
    try:
        return load_text(text)
    except ScenarioInvalid as exc:
        for problem in exc.as_dicts(lang):
            where = problem["path"]
            b.errors.append((name, f"{where}: {problem['message']}" if where else problem["message"]))
        return _NO_VALUE


def _set(target: dict, dotted: str, value: Any) -> None:
    parts = dotted.split(".")
    for p in parts[:-1]:
        target = target.setdefault(p, {})
    target[parts[-1]] = value


def _merge(base: dict, extra: dict) -> None:
    """Add ``extra`` into ``base``; the form's own fields win over the YAML boxes."""
    for key, value in extra.items():
        if isinstance(value, dict) and isinstance(base.get(key), dict):
            _merge(base[key], value)
        elif key not in base:
            base[key] = value


def scenario_from_form(spec: KindForm, form: Any, lang: str) -> Built:
    """Build the scenario a filled-in form describes (empty fields are left out)."""
    get = lambda name: (form.get(name) or "").strip()  # noqa: E731
    question: dict[str, Any] = {"kind": spec.kind}
    b = Built({"game": spec.game, "lang": lang})
    title = get("title")
    if title:
        b.scenario["title"] = title
        b.note(["title"], "title")
    position: dict[str, Any] = {}

    _question(spec, get, b, question)

    if REGIONS in spec.parts:
        regions = _regions(form, b, [get(f.name) for f in spec.region_fields])
        if regions:
            position["regions"] = regions
    if POLITICS in spec.parts:
        politics = _politics(get, b)
        if politics:
            position["politics"] = politics
    if FELLOWSHIP in spec.parts:
        fel: dict[str, Any] = {}
        for key in spec.fellowship_fields:
            name, kind = FELLOWSHIP_FIELDS[key]
            b.note(["position", "fellowship", key], name)
            raw = get(name)
            if raw:
                fel[key] = _convert(kind, raw, lang, b, name)
        if fel:
            position["fellowship"] = fel
    if HUNT in spec.parts:
        box = {}
        for key in ("shadow", "free_peoples"):
            b.note(["position", "hunt", "box", key], HUNT_FIELDS[key])
            if get(HUNT_FIELDS[key]):
                box[key] = _int_or_text(get(HUNT_FIELDS[key]))
        hunt: dict[str, Any] = {"box": box} if box else {}
        b.note(["position", "hunt", "pool"], HUNT_FIELDS["pool"])
        if get(HUNT_FIELDS["pool"]):
            hunt["pool"] = [_int_or_text(v) for v in _split(get(HUNT_FIELDS["pool"]))]
        if hunt:
            position["hunt"] = hunt
    if TURN in spec.parts and get("turn-phase"):
        b.note(["position", "turn", "phase"], "turn-phase")
        position["turn"] = {"phase": _int_or_text(get("turn-phase"))}

    if CG_PLAYERS in spec.parts:
        players: list[dict[str, Any]] = []
        for i, row in _read_rows(CG_PLAYER_ROWS, get, b):
            _note_row(b, ["position", "players", len(players)], CG_PLAYER_ROWS, i, row)
            players.append(row)
        b.note(["position", "players"], CG_PLAYER_ROWS.name(0, "name"))
        if CG_RESERVES in spec.parts:
            _reserves(get, b, players)
        if players:
            position["players"] = players
    if CG_PATH in spec.parts:
        _card_game_path(get, b, position)
    if CG_BATTLEGROUNDS in spec.parts:
        _battlegrounds(get, b, position)
    if LCG_PLAYERS in spec.parts:
        _lcg_players(get, b, position)
    if LCG_IN_PLAY in spec.parts:
        cards: list[dict[str, Any]] = []
        for i, row in _read_rows(LCG_CARD_ROWS, get, b):
            card = {k: v for k, v in row.items() if k not in ("progress", "resource")}
            tokens = {k: row[k] for k in ("progress", "resource") if k in row}
            if tokens:
                card["tokens"] = tokens
            base = ["position", "in_play", len(cards)]
            _note_row(b, base, LCG_CARD_ROWS, i, row)
            for k in tokens:
                b.note([*base, "tokens", k], LCG_CARD_ROWS.name(i, k))
            cards.append(card)
        b.note(["position", "in_play"], LCG_CARD_ROWS.name(0, "name"))
        if cards:
            position["in_play"] = cards
        b.note(["position", "under_orcs_search"], "lcg-under")
        if get("lcg-under"):
            position["under_orcs_search"] = _split(get("lcg-under"))

    for name, target in ((EXTRA_POSITION, position), (EXTRA_QUESTION, question)):
        text = form.get(name) or ""
        if not text.strip():
            continue
        extra = _yaml(text, lang, b, name)
        if extra is _NO_VALUE:
            continue
        if not isinstance(extra, dict):
            b.errors.append((name, translate(lang, "core.err_type_mapping")))
            continue
        _merge(target, extra)
        # Problems inside the YAML boxes land on the box (unless a field claims the path).
        b.note(["position" if name == EXTRA_POSITION else "question"], name)

    for key in spec.card_refs:
        card_reference(question, key, position)
    b.scenario["position"] = position
    b.scenario["question"] = question
    return b


def _question(spec: KindForm, get, b: Built, question: dict[str, Any]) -> None:
    """The question's own fields into ``question`` (each noted beside its scenario path)."""
    lang = b.scenario["lang"]
    for f in spec.fields:
        if f.type == "rows" and f.rows is not None:
            cards: list[dict[str, Any]] = []
            for i, row in _read_rows(f.rows, get, b):
                b.note(["question", f.key, len(cards)], f.rows.name(i, f.rows.cols[0].key))
                for col in row:
                    b.note(["question", f.key, len(cards), col], f.rows.name(i, col))
                cards.append(row)
            b.note(["question", f.key], f.rows.name(0, f.rows.cols[0].key))
            if cards:
                question[f.key] = cards
            continue
        if f.type == "units":
            units = _units(f.name, get, b, ["question", f.key])
            if units:
                question[f.key] = units
            continue
        if f.type == "combat-cards":   # the attacker's card and the defender's
            inputs = card_picker.field_names(f.name)
            b.note(["question", f.key], inputs["attacker"])
            for side, name in inputs.items():
                b.note(["question", f.key, side], name)
            if played := card_picker.combat_cards(f.name, get):
                question[f.key] = played
            continue
        raw = get(f.name)
        parts = f.key.split(".")
        if len(parts) > 1 and format_path(["question", parts[0]]) not in b.fields:
            b.note(["question", parts[0]], f.name)   # a problem with the whole mapping: its first field
        b.note(["question", *parts], f.name)
        if raw == "":
            continue
        value = _convert(f.type, raw, lang, b, f.name)
        if value is not _NO_VALUE:
            _set(question, f.key, value)


def _politics(get, b: Built) -> dict[str, Any]:
    """The Political Track: its rows, then the preset for the nations they leave out."""
    lang = b.scenario["lang"]
    politics: dict[str, Any] = {}
    b.note(["position", "politics"], POLITICS_PRESET)
    for k in range(POLITICS_ROWS):
        nation, state = get(f"pol{k}-nation"), get(f"pol{k}-state")
        if not nation and not state:
            continue
        if not nation:
            b.errors.append((f"pol{k}-nation", translate(lang, "core.err_required")))
            continue
        if not state:
            b.errors.append((f"pol{k}-state", translate(lang, "core.err_required")))
            continue
        if nation in politics:
            b.errors.append((f"pol{k}-nation", translate(lang, "core.err_duplicate", value=nation)))
            continue
        politics[nation] = _political_state(state)
        b.note(["position", "politics", nation], f"pol{k}-state")
    return _politics_preset(get(POLITICS_PRESET), politics, b)


def card_reference(question: dict, key: str, position: dict) -> None:
    """A card given by its name alone that names a card in play (or under The Orcs' Search)
    is sent as that name, so the engine uses the card in play rather than a blank one.
    ``question[key]`` is one card or a list of them."""
    from adjudicator import names

    value = question.get(key)
    if isinstance(value, list):
        for i in range(len(value)):
            holder = {key: value[i]}
            card_reference(holder, key, position)
            value[i] = holder[key]
        return
    if not (isinstance(value, dict) and set(value) == {"name"} and isinstance(value["name"], str)):
        return
    known = [c.get("name") if isinstance(c, dict) else c for c in position.get("in_play") or []
             if isinstance(c, (dict, str))] if isinstance(position.get("in_play"), list) else []
    if isinstance(position.get("under_orcs_search"), list):
        known += position["under_orcs_search"]
    wanted = names.normalize(value["name"])
    if any(isinstance(n, str) and names.normalize(n) == wanted for n in known):
        question[key] = value["name"]


def _read_rows(rows: Rows, get, b: Built) -> list[tuple[int, dict[str, Any]]]:
    """The rows with any value, as (row number, mapping of the given columns, typed)."""
    lang = b.scenario["lang"]
    out = []
    for i in range(rows.count):
        raw = {c.key: get(rows.name(i, c.key)) for c in rows.cols}
        if not any(raw.values()):
            continue
        first = rows.cols[0].key
        if not raw[first]:
            b.errors.append((rows.name(i, first), translate(lang, "core.err_required")))
            continue
        row: dict[str, Any] = {}
        for c in rows.cols:
            value = raw[c.key]
            if value:
                row[c.key] = _convert_col(c.type, value)
        out.append((i, row))
    return out


def _convert_col(kind: str, raw: str) -> Any:
    if kind == "int":
        return _int_or_text(raw)
    if kind == "words":
        return [] if raw.strip().lower() in NONE_WORDS else _split(raw)
    if kind == "hand":    # a count, or the cards' names
        return _int_or_text(raw) if INT_TEXT.match(raw) else _split(raw)
    return raw.strip()   # text, choice, keywords (the engine reads "Doomed 2, Surge" itself)


def _note_row(b: Built, base: list, rows: Rows, i: int, row: dict) -> None:
    b.note(base, rows.name(i, rows.cols[0].key))
    for key in row:
        b.note([*base, key], rows.name(i, key))


def _areas(rows: Rows, get, b: Built, base: list) -> dict[str, Any]:
    """Card rows (name, side, type, ...) as the two sides' areas of a path or battleground."""
    lang = b.scenario["lang"]
    areas: dict[str, dict[str, list]] = {}
    for i, row in _read_rows(rows, get, b):
        side, kind = row.pop("side", None), row.pop("kind", None)
        bad = False
        for key, value, allowed in (("side", side, SIDE_KEYS), ("kind", kind, AREA_OF_KIND)):
            if value is None:
                b.errors.append((rows.name(i, key), translate(lang, "core.err_required")))
                bad = True
            elif value not in allowed:
                b.errors.append((rows.name(i, key), translate(lang, "core.err_choice", value=value,
                                                             options=", ".join(allowed))))
                bad = True
        if bad:
            continue
        cards = areas.setdefault(SIDE_KEYS[side], {}).setdefault(AREA_OF_KIND[kind], [])
        _note_row(b, [*base, SIDE_KEYS[side], AREA_OF_KIND[kind], len(cards)], rows, i, row)
        cards.append(row)
    return areas


def _reserves(get, b: Built, players: list[dict]) -> None:
    """Reserve rows (card, player, type...) into each player's `reserve` area."""
    from flask_babel import gettext

    from adjudicator import names

    lang = b.scenario["lang"]
    index = {names.normalize(str(p["name"])): k for k, p in enumerate(players)}
    for i, row in _read_rows(RESERVE_ROWS, get, b):
        owner, kind = row.pop("owner", None), row.pop("kind", None)
        k = index.get(names.normalize(owner)) if owner else None
        if k is None:
            b.errors.append((RESERVE_ROWS.name(i, "owner"), gettext("Name one of the players above.")))
            continue
        if kind not in AREA_OF_KIND:
            b.errors.append((RESERVE_ROWS.name(i, "kind"), translate(lang, "core.err_required") if kind is None
                             else translate(lang, "core.err_choice", value=kind, options=", ".join(AREA_OF_KIND))))
            continue
        cards = players[k].setdefault("reserve", {}).setdefault(AREA_OF_KIND[kind], [])
        _note_row(b, ["position", "players", k, "reserve", AREA_OF_KIND[kind], len(cards)], RESERVE_ROWS, i, row)
        cards.append(row)


def _card_game_path(get, b: Built, position: dict) -> None:
    lang = b.scenario["lang"]
    name, defence = get("path-name"), get("path-defence")
    base = ["position", "active_path"]
    b.note(base, "path-name")
    b.note([*base, "name"], "path-name")
    b.note([*base, "defence"], "path-defence")
    areas = _areas(PATH_CARD_ROWS, get, b, base)
    if name:
        path: dict[str, Any] = {"name": name}
        if defence:
            path["defence"] = _int_or_text(defence)
        path.update(areas)
        position["active_path"] = path
    elif defence or areas:
        b.errors.append(("path-name", translate(lang, "core.err_required")))
    b.note(["position", "paths_activated"], "paths-activated")
    if get("paths-activated"):
        position["paths_activated"] = _split(get("paths-activated"))


def _battlegrounds(get, b: Built, position: dict) -> None:
    lang = b.scenario["lang"]
    grounds: dict[str, Any] = {}
    for k in range(BATTLEGROUNDS):
        name, shields, deck = get(f"bg{k}-name"), get(f"bg{k}-shields"), get(f"bg{k}-deck")
        base = ["position", "battlegrounds", name]
        areas = _areas(bg_card_rows(k), get, b, base)
        if not name:
            if shields or deck or areas:
                b.errors.append((f"bg{k}-name", translate(lang, "core.err_required")))
            continue
        if name in grounds:
            b.errors.append((f"bg{k}-name", translate(lang, "core.err_duplicate", value=name)))
            continue
        b.note(base, f"bg{k}-name")
        b.note([*base, "shields"], f"bg{k}-shields")
        b.note([*base, "deck"], f"bg{k}-deck")
        ground: dict[str, Any] = {}
        if shields:
            ground["shields"] = _int_or_text(shields)
        if deck:
            ground["deck"] = deck
        ground.update(areas)
        grounds[name] = ground
    b.note(["position", "battlegrounds"], "bg0-name")
    if grounds:
        position["battlegrounds"] = grounds


def _lcg_players(get, b: Built, position: dict) -> None:
    count = get("lcg-players")
    players: list[dict[str, Any] | str] = []
    for i, row in _read_rows(LCG_PLAYER_ROWS, get, b):
        _note_row(b, ["position", "players", len(players)], LCG_PLAYER_ROWS, i, row)
        players.append(row if "threat" in row else row["name"])
    b.note(["position", "players"], "lcg-players" if count or not players else LCG_PLAYER_ROWS.name(0, "name"))
    if players and count:
        from flask_babel import gettext
        b.errors.append(("lcg-players", gettext("Give the number of players or their names below, not both.")))
    elif players:
        position["players"] = players
    elif count:
        position["players"] = _int_or_text(count)
    b.note(["position", "first_player"], "lcg-first-player")
    if get("lcg-first-player"):
        position["first_player"] = _int_or_text(get("lcg-first-player"))


def _politics_preset(preset: str, rows: dict[str, Any], b: Built) -> dict[str, Any]:
    """The Political Track: the rows, and with "Everyone At War" every other nation At War
    (in the order of the nations, so the same position always reads the same)."""
    from adjudicator import data

    if preset in ("", "start", "custom"):
        return rows
    if preset != "at-war":
        b.errors.append((POLITICS_PRESET, translate(b.scenario["lang"], "core.err_choice", value=preset,
                                                    options="start, at-war, custom")))
        return rows
    out = {}
    for nation in data.nations():
        out[nation] = rows.pop(nation, "at-war")
        if nation not in b.fields:
            b.note(["position", "politics", nation], POLITICS_PRESET)
    out.update(rows)   # a nation the engine does not know: it explains
    return out


def _units(name: str, get, b: Built, base: list) -> dict[str, Any]:
    """The ``units`` fields (a line per nation, Nazgûl, characters) as the army they describe.
    A nation without numbers says nothing (the form may name the nations of the region)."""
    lang = b.scenario["lang"]
    units: dict[str, Any] = {}
    b.note(base, unit_line_names(name, 0)["nation"])
    for j in range(UNIT_LINES):
        n = unit_line_names(name, j)
        nation = get(n["nation"])
        counts = {kind: _int_or_text(get(n[kind])) for kind in UNIT_KINDS if get(n[kind])}
        if not counts:
            continue
        if not nation:
            b.errors.append((n["nation"], translate(lang, "core.err_required")))
            continue
        if nation in units:
            b.errors.append((n["nation"], translate(lang, "core.err_duplicate", value=nation)))
            continue
        units[nation] = counts
        b.note([*base, nation], n["nation"])
        for kind in counts:
            b.note([*base, nation, kind], n[kind])
    for key, convert in (("nazgul", _int_or_text), ("characters", _split)):
        field_name = f"{name}-{key}"
        b.note([*base, key], field_name)
        if get(field_name):
            units[key] = convert(get(field_name))
    return units


def _political_state(state: str) -> Any:
    if state == "at-war":
        return "at-war"
    steps, _, activity = state.partition("-")
    if steps.isascii() and steps.isdigit() and activity in ("active", "passive"):
        return {"steps": int_text(steps), "active": activity == "active"}
    return state  # not one of ours: the engine explains


def _unnamed_rows_take(form: Any, asked: list[str]) -> dict[int, str]:
    """Region rows left unnamed but filled in take, in order, the question's regions (From,
    then To...) that no row names: a region is typed once (the form's help says so)."""
    from adjudicator import names

    get = lambda name: (form.get(name) or "").strip()  # noqa: E731

    def key(text: str) -> str:
        return names.regions().lookup(text) or names.normalize(text)

    named = {key(get(region_row_names(i)["name"])) for i in range(REGION_ROWS) if get(region_row_names(i)["name"])}
    free = [r for r in dict.fromkeys(a for a in asked if a) if key(r) not in named]
    taken = {}
    for i in range(REGION_ROWS):
        n = region_row_names(i)
        if free and not get(n["name"]) and any(get(v) for k, v in n.items() if k != "name"):
            taken[i] = free.pop(0)
    return taken


def _regions(form: Any, b: Built, asked: list[str] | None = None) -> dict[str, Any]:
    get = lambda name: (form.get(name) or "").strip()  # noqa: E731
    regions: dict[str, Any] = {}
    lang = b.scenario["lang"]
    taken = _unnamed_rows_take(form, asked or [])
    for i in range(REGION_ROWS):
        n = region_row_names(i)
        values = {k: get(v) for k, v in n.items()}
        if not any(values.values()):
            continue
        region = values["name"] or taken.get(i, "")
        if not region:
            b.errors.append((n["name"], translate(lang, "core.err_required")))
            continue
        if region in regions:
            b.errors.append((n["name"], translate(lang, "core.err_duplicate_region", value=region)))
            continue
        base = ["position", "regions", region]
        b.note(base, n["name"])
        entry: dict[str, Any] = {}
        for key in ("control", "besieged"):
            b.note([*base, key], n[key])
            if values[key]:
                entry[key] = values[key]
        for side, prefix in (("free_peoples", "fp"), ("shadow", "sh")):
            army: dict[str, Any] = {}
            b.note([*base, side], n[f"{prefix}0-nation"])
            for j in range(NATION_LINES):
                nation = values[f"{prefix}{j}-nation"]
                counts = {}
                for unit in ("regular", "elite", "leader"):
                    key = f"{prefix}{j}-{unit}"
                    if key in values and values[key]:
                        counts[unit] = _int_or_text(values[key])
                if not nation:
                    if counts:
                        b.errors.append((n[f"{prefix}{j}-nation"], translate(lang, "core.err_required")))
                    continue
                if nation in army:
                    b.errors.append((n[f"{prefix}{j}-nation"], translate(lang, "core.err_duplicate", value=nation)))
                    continue
                army[nation] = counts
                b.note([*base, side, nation], n[f"{prefix}{j}-nation"])
                for unit in counts:
                    b.note([*base, side, nation, unit], n[f"{prefix}{j}-{unit}"])
            if prefix == "sh":
                b.note([*base, side, "nazgul"], n["sh-nazgul"])
                if values["sh-nazgul"]:
                    army["nazgul"] = _int_or_text(values["sh-nazgul"])
            b.note([*base, side, "characters"], n[f"{prefix}-characters"])
            if values[f"{prefix}-characters"]:
                army["characters"] = _split(values[f"{prefix}-characters"])
            if army:
                entry[side] = army
        regions[region] = entry
    return regions
