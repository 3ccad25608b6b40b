"""A scenario back into its kind's form: the "Edit" link of a ruling opens the form filled in.

:func:`form_values` is the inverse of :func:`web.forms.scenario_from_form`: each value goes
to the field that would produce it, and only when that field can hold it exactly (a region
row holds two nations per side, a card row the columns it has...). Whatever the fields
cannot hold stays in the YAML boxes, so sending the filled form asks the same question.
A part of the position is moved to the fields all at once or not at all (the form's own
fields replace a whole list from the YAML box, they are not merged into it).
"""
from __future__ import annotations

import copy
from typing import Any, TypeGuard

import yaml

from web import forms
from web.forms import Field, Rows
from web.forms import cards as card_picker


def _count(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _plain_text(v: Any) -> TypeGuard[str]:
    return isinstance(v, str) and bool(v) and v.strip() == v


def _words(v: Any) -> str | None:
    """A list of names as the comma-separated text a player types (None if it cannot be)."""
    if isinstance(v, list) and v and all(_plain_text(x) and "," not in x for x in v):
        return ", ".join(v)
    return None


def _keywords(v: Any) -> str | None:
    if _plain_text(v):
        return v
    if isinstance(v, list) and v and all(_plain_text(x) and not set(x) & set(",.;\n") for x in v):
        return ", ".join(v)
    return None


def field_text(kind: str, value: Any) -> str | None:
    """The text a player would type in a field of type ``kind`` for ``value``; None if it cannot hold it."""
    if kind == "yaml":
        return yaml.safe_dump(value, default_flow_style=True, allow_unicode=True).strip()
    if isinstance(value, bool):
        return ("yes" if value else "no") if kind in ("bool", "hidden") else None
    if kind == "tile":
        return _tile_text(value)
    if kind == "int" and _count(value):
        return str(value)
    if kind == "int" and _plain_text(value) and not forms.INT_TEXT.match(value):
        return value   # not a number: kept as typed, so the form shows the engine's problem beside it
    if kind == "ints":
        if _count(value):
            return str(value)
        if isinstance(value, list) and value and all(_count(v) for v in value):
            return ", ".join(map(str, value))
        return None
    if kind in ("characters", "words"):
        return _words(value)
    if kind == "keywords":
        return _keywords(value)
    if kind == "hand":
        if _count(value):
            return str(value)
        text = _words(value)
        return text if text is not None and not forms.INT_TEXT.match(text) else None
    if kind in ("text", "region", "character", "choice", "nation", "tile", "keywords", "event-card") \
            and _plain_text(value):
        return value
    return None


def _tile_text(value: Any) -> str | None:
    """A tile as the picker's value: a number or eye as shown, ``{value: 1, reveal: true}``
    as "1r" where 1s come both ways, a special tile's name (either language) as its id."""
    from adjudicator import names

    choices = {v for v, *_ in forms.tile_choices()}
    if _count(value) and str(value) in choices:
        return str(value)
    if isinstance(value, dict) and set(value) == {"value", "reveal"} and value["reveal"] is True \
            and _count(value["value"]) and f"{value['value']}r" in choices:
        return f"{value['value']}r"
    if value == "eye":
        return value
    if _plain_text(value):
        tile = names.special_tiles().lookup(value)
        return tile if tile in choices else None
    return None


def _units_values(name: str, units: Any) -> dict[str, str] | None:
    """The ``units`` fields for a mapping, if they hold all of it (None: it stays in YAML)."""
    if not isinstance(units, dict):
        return None
    nations = [k for k in units if k not in ("nazgul", "characters")]
    if len(nations) > forms.UNIT_LINES:
        return None
    values: dict[str, str] = {}
    for j, nation in enumerate(nations):
        counts = units[nation]
        # a nation without numbers is not sent by the form: such a mapping stays as written
        if not _plain_text(nation) or not isinstance(counts, dict) or not counts \
                or set(counts) - set(forms.UNIT_KINDS) or not all(map(_count, counts.values())):
            return None
        line = forms.unit_line_names(name, j)
        values[line["nation"]] = nation
        values.update({line[k]: str(c) for k, c in counts.items()})
    if "nazgul" in units:
        if not _count(units["nazgul"]):
            return None
        values[f"{name}-nazgul"] = str(units["nazgul"])
    if "characters" in units:
        text = _words(units["characters"])
        if text is None:
            return None
        values[f"{name}-characters"] = text
    return values or None


def _choice(value: str, choices: tuple[tuple[str, object], ...],
            aliases: tuple[tuple[str, str], ...] = ()) -> str | None:
    """The form's value for a choice written as the engine reads it (a value, or an alias the
    kind's spec declares: Spanish words, other spellings)."""
    from adjudicator import names

    allowed = {v for v, _ in choices}
    if value in allowed:
        return value
    folded = names.normalize(value)
    meant = {target for alias, target in aliases if names.normalize(alias) == folded and target in allowed}
    meant |= {v for v in allowed if names.normalize(v) == folded}
    return next(iter(meant)) if len(meant) == 1 else None


def _row_values(rows: Rows, i: int, row: Any, skip: tuple[str, ...] = ()) -> dict[str, str] | None:
    """The fields of row ``i`` for one mapping, if the row's columns hold all of it."""
    if isinstance(row, str) and _plain_text(row):
        row = {rows.cols[0].key: row}
    if isinstance(row, dict) and "bearer" in row and "wielder" not in row:
        row = {("wielder" if k == "bearer" else k): v for k, v in row.items()}   # an item's older key
    if not isinstance(row, dict) or set(row) - {c.key for c in rows.cols} - set(skip):
        return None
    values = {}
    for c in rows.cols:
        if c.key in row and c.key not in skip:
            text = field_text("int" if c.type == "int" else c.type, row[c.key])
            if text is not None and c.type == "choice":
                text = _choice(text, c.choices, c.aliases)
            if text is None:
                return None
            values[rows.name(i, c.key)] = text
    return values if rows.name(i, rows.cols[0].key) in values else None


def _rows_values(rows: Rows, items: Any) -> dict[str, str] | None:
    if not isinstance(items, list) or not 0 < len(items) <= rows.count:
        return None
    values: dict[str, str] = {}
    for i, item in enumerate(items):
        row = _row_values(rows, i, item)
        if row is None:
            return None
        values.update(row)
    return values


def _question_values(spec: forms.KindForm, question: dict) -> dict[str, str]:
    values: dict[str, str] = {}
    path = question.get("path")
    if (spec.game, spec.kind) == (forms.CARD_GAME, "path-combat") and isinstance(path, dict) \
            and "defence" not in question and set(path) == {"name", "defence"} \
            and _plain_text(path.get("name")) and _count(path.get("defence")):
        # {name, defence} as the two fields: the engine reads the path's defence either way.
        question.pop("path")
        question["path"], question["defence"] = path["name"], path["defence"]
    for f in spec.fields:
        if f.type == "rows" and f.rows is not None:
            got = _rows_values(f.rows, question.get(f.key))
            if got is not None:
                values.update(got)
                del question[f.key]
            continue
        if f.type == "units":
            got = _units_values(f.name, question.get(f.key))
            if got is not None:
                values.update(got)
                del question[f.key]
            continue
        if f.type == "combat-cards":
            got = card_picker.combat_values(f.name, question.get(f.key))
            if got is not None:
                values.update(got)
                del question[f.key]
            continue
        _take(f, question, values)
    return values


def _take(f: Field, question: dict, values: dict[str, str]) -> None:
    """Move the value at ``f.key`` (dotted) into the field when the field can hold it."""
    *parents, key = f.key.split(".")
    holders = [question]
    for p in parents:
        nxt = holders[-1].get(p)
        if not isinstance(nxt, dict):
            return
        holders.append(nxt)
    if key not in holders[-1]:
        return
    typed = field_text(f.type, holders[-1][key])
    if f.type == "choice" and typed is not None:
        typed = _choice(typed, f.choices, f.aliases)
    if typed is None:
        return
    values[f.name] = typed
    del holders[-1][key]
    for p, holder, parent in reversed(list(zip(parents, holders[1:], holders[:-1], strict=True))):
        if not holder:
            del parent[p]


def _card_refs(spec: forms.KindForm, question: dict, position: Any) -> None:
    """A card named by reference (``card: Bellach``) goes to its name field, when the name is
    one the form sends back as a reference (a card in play or under The Orcs' Search)."""
    for key in spec.card_refs:
        name = question.get(key)
        if isinstance(name, list):   # a list of cards: the rows take names as they are
            continue
        if _plain_text(name):
            probe = {key: {"name": name}}
            forms.card_reference(probe, key, position if isinstance(position, dict) else {})
            if probe[key] == name:
                question[key] = {"name": name}


def _region_row(i: int, name: str, region: dict) -> dict[str, str] | None:
    """The fields of region row ``i`` for one region of a position, if the row can hold it."""
    n = forms.region_row_names(i)
    values = {n["name"]: name}
    if set(region) - {"control", "besieged", "free_peoples", "shadow"}:
        return None
    for key in ("control", "besieged"):
        if key in region:
            if not isinstance(region[key], str):
                return None
            values[n[key]] = region[key]
    for side, prefix in (("free_peoples", "fp"), ("shadow", "sh")):
        army = region.get(side) or {}
        if not isinstance(army, dict):
            return None
        nations = [k for k in army if k not in ("characters", "nazgul")]
        if len(nations) > forms.NATION_LINES:
            return None
        for j, nation in enumerate(nations):
            counts = army[nation]
            units = ("regular", "elite", "leader") if prefix == "fp" else ("regular", "elite")
            if not isinstance(counts, dict) or set(counts) - set(units) or not all(map(_count, counts.values())):
                return None
            values[n[f"{prefix}{j}-nation"]] = nation
            values.update({n[f"{prefix}{j}-{u}"]: str(c) for u, c in counts.items()})
        if "nazgul" in army:
            if prefix != "sh" or not _count(army["nazgul"]):
                return None
            values[n["sh-nazgul"]] = str(army["nazgul"])
        chars = army.get("characters")
        if chars is not None:
            text = _words(chars)
            if text is None:
                return None
            values[n[f"{prefix}-characters"]] = text
    return values


def political_text(state: Any) -> str | None:
    if state == "at-war":
        return "at-war"
    if isinstance(state, dict) and set(state) <= {"steps", "active"} and state.get("steps") in (1, 2, 3) \
            and isinstance(state.get("active", True), bool):
        return f"{state['steps']}-{'active' if state.get('active', True) else 'passive'}"
    return None


def _politics_values(politics: dict) -> dict[str, str] | None:
    """The Political Track's preset and rows for a mapping (None: the rows cannot hold it).
    Every nation, in their order, mostly At War: "Everyone At War" and a row for the others."""
    from adjudicator import data

    states: dict[str, str] = {}
    for nation, state in politics.items():
        text = political_text(state)
        if text is None:
            return None
        states[nation] = text
    if list(politics) == list(data.nations()):
        rows = {n: s for n, s in states.items() if s != "at-war"}
        preset = "at-war"
    else:
        rows, preset = states, "custom"
    if len(rows) > forms.POLITICS_ROWS:
        return None
    values = {forms.POLITICS_PRESET: preset}
    for k, (nation, state) in enumerate(rows.items()):
        values[f"pol{k}-nation"], values[f"pol{k}-state"] = nation, state
    return values


def _wotr_values(spec: forms.KindForm, position: dict) -> dict[str, str]:
    values: dict[str, str] = {}
    regions = position.get("regions")
    if forms.REGIONS in spec.parts and isinstance(regions, dict) and 0 < len(regions) <= forms.REGION_ROWS:
        rows = [_region_row(i, name, r if isinstance(r, dict) else {}) if isinstance(r, dict) or r is None else None
                for i, (name, r) in enumerate(regions.items())]
        filled = [row for row in rows if row is not None]
        if len(filled) == len(rows):
            for row in filled:
                values.update(row)
            del position["regions"]
    politics = position.get("politics")
    if forms.POLITICS in spec.parts and isinstance(politics, dict) and politics:
        got = _politics_values(politics)
        if got is not None:
            values.update(got)
            del position["politics"]
    fellowship = position.get("fellowship")
    if forms.FELLOWSHIP in spec.parts and isinstance(fellowship, dict):
        for key in list(fellowship):
            if key not in spec.fellowship_fields:
                continue
            name, kind = forms.FELLOWSHIP_FIELDS[key]
            typed = field_text(kind, fellowship[key])
            if typed is not None:
                values[name] = typed
                del fellowship[key]
        if not fellowship:
            del position["fellowship"]
    hunt = position.get("hunt")
    if forms.HUNT in spec.parts and isinstance(hunt, dict) and set(hunt) <= {"box"} \
            and isinstance(hunt.get("box"), dict) and set(hunt["box"]) <= {"shadow", "free_peoples"} \
            and all(map(_count, hunt["box"].values())):
        values.update({forms.HUNT_FIELDS[k]: str(v) for k, v in hunt["box"].items()})
        del position["hunt"]
    turn = position.get("turn")
    if forms.TURN in spec.parts and isinstance(turn, dict) and set(turn) == {"phase"} and _count(turn["phase"]):
        values["turn-phase"] = str(turn["phase"])
        del position["turn"]
    return values


def _area_rows(rows: Rows, area_by_side: dict) -> dict[str, str] | None:
    """The card rows for both sides of a path or battleground (None if they cannot hold them)."""
    flat = []
    for side_value, side_key in forms.SIDE_KEYS.items():
        area = area_by_side.get(side_key)
        if area is None:
            continue
        if not isinstance(area, dict) or set(area) - set(forms.AREA_OF_KIND.values()):
            return None
        for kind, area_key in forms.AREA_OF_KIND.items():
            cards = area.get(area_key, [])
            if not isinstance(cards, list):
                return None
            for card in cards:
                if _plain_text(card) and kind != "item":
                    card = {"name": card}
                if not isinstance(card, dict) or {"side", "kind"} & set(card):
                    return None
                flat.append({**card, "side": side_value, "kind": kind})
    if len(flat) > rows.count:
        return None
    values: dict[str, str] = {}
    for i, card in enumerate(flat):
        row = _row_values(rows, i, card)
        if row is None:
            return None
        values.update(row)
    return values


def _players_with_reserves(players: Any, reserves_shown: bool) -> dict[str, str] | None:
    """Player rows, and each player's reserve as reserve rows (None if the rows cannot hold them)."""
    from adjudicator import names

    if not isinstance(players, list):
        return None
    plain, reserve_cards = [], []
    for p in players:
        if isinstance(p, dict) and "reserve" in p:
            if not reserves_shown:
                return None
            reserve = p["reserve"] if p["reserve"] is not None else {}
            if not isinstance(reserve, dict) or set(reserve) - set(forms.AREA_OF_KIND.values()) \
                    or not _plain_text(p.get("name")):
                return None
            for kind, key in forms.AREA_OF_KIND.items():
                cards = reserve.get(key, [])
                if not isinstance(cards, list):
                    return None
                for card in cards:
                    if _plain_text(card) and kind != "item":
                        card = {"name": card}
                    if not isinstance(card, dict) or {"owner", "kind"} & set(card):
                        return None
                    reserve_cards.append({**card, "owner": p["name"], "kind": kind})
            p = {k: v for k, v in p.items() if k != "reserve"}
        plain.append(p)
    # Reserve rows name their player: the names must tell the players apart.
    if reserve_cards and len({names.normalize(str(p.get("name"))) for p in plain}) < len(plain):
        return None
    values = _rows_values(forms.CG_PLAYER_ROWS, plain)
    reserves = _rows_values(forms.RESERVE_ROWS, reserve_cards) if reserve_cards else {}
    if values is None or reserves is None:
        return None
    return {**values, **reserves}


def _card_game_values(spec: forms.KindForm, position: dict) -> dict[str, str]:
    values: dict[str, str] = {}
    if forms.CG_PLAYERS in spec.parts and "players" in position:
        players = _players_with_reserves(position["players"], forms.CG_RESERVES in spec.parts)
        if players is not None:
            values.update(players)
            del position["players"]
    if forms.CG_PATH in spec.parts:
        path = position.get("active_path")
        if _plain_text(path):
            path = {"name": path}
        if isinstance(path, dict) and _plain_text(path.get("name")) \
                and not set(path) - {"name", "defence", "free_peoples", "shadow"} \
                and (path.get("defence") is None or _count(path["defence"])):
            cards = _area_rows(forms.PATH_CARD_ROWS, path)
            if cards is not None:
                values.update(cards)
                values["path-name"] = path["name"]
                if "defence" in path:
                    values["path-defence"] = str(path["defence"])
                del position["active_path"]
        history = _words(position.get("paths_activated"))
        if history is not None:
            values["paths-activated"] = history
            del position["paths_activated"]
    grounds = position.get("battlegrounds")
    if forms.CG_BATTLEGROUNDS in spec.parts and isinstance(grounds, dict) \
            and 0 < len(grounds) <= forms.BATTLEGROUNDS:
        ground_values: dict[str, str] = {}
        for k, (name, ground) in enumerate(grounds.items()):
            ground = ground if ground is not None else {}
            if not _plain_text(name) or not isinstance(ground, dict) \
                    or set(ground) - {"shields", "free_peoples", "shadow", "deck"} \
                    or ("shields" in ground and not _count(ground["shields"])):
                return values
            if "deck" in ground:
                deck = _side(ground["deck"])
                if deck is None:
                    return values
                ground_values[f"bg{k}-deck"] = deck
            cards = _area_rows(forms.bg_card_rows(k), ground)
            if cards is None:
                return values
            ground_values.update(cards)
            ground_values[f"bg{k}-name"] = name
            if "shields" in ground:
                ground_values[f"bg{k}-shields"] = str(ground["shields"])
        values.update(ground_values)
        del position["battlegrounds"]
    return values


def _lcg_values(spec: forms.KindForm, position: dict) -> dict[str, str]:
    values: dict[str, str] = {}
    if forms.LCG_PLAYERS in spec.parts:
        players = position.get("players")
        if _count(players):
            values["lcg-players"] = str(players)
            del position["players"]
        elif players is not None:
            got = _rows_values(forms.LCG_PLAYER_ROWS, players)
            if got is not None:
                values.update(got)
                del position["players"]
        first = position.get("first_player")
        if first is not None:
            if _count(first):
                text = str(first)
            elif _plain_text(first) and not forms.INT_TEXT.match(first):
                text = first
            else:
                text = None
            if text is not None:
                values["lcg-first-player"] = text
                del position["first_player"]
    if forms.LCG_IN_PLAY in spec.parts:
        cards = position.get("in_play")
        if isinstance(cards, list) and cards:
            flat = []
            for card in cards:
                if isinstance(card, dict) and isinstance(card.get("tokens"), dict) \
                        and set(card["tokens"]) <= {"progress", "resource"} \
                        and not {"progress", "resource"} & set(card):
                    card = {**{k: v for k, v in card.items() if k != "tokens"}, **card["tokens"]}
                flat.append(card)
            got = _rows_values(forms.LCG_CARD_ROWS, flat)
            if got is not None:
                values.update(got)
                del position["in_play"]
        under = _words(position.get("under_orcs_search"))
        if under is not None:
            values["lcg-under"] = under
            del position["under_orcs_search"]
    return values


def form_values(scenario: Any) -> tuple[forms.KindForm, dict[str, str]] | None:
    """The kind's form and its values for ``scenario``; None when it names no registered kind."""
    from web import engine

    if not isinstance(scenario, dict) or not isinstance(scenario.get("question"), dict):
        return None
    from adjudicator.registry import canonical_game

    game, kind = canonical_game(scenario.get("game")), scenario["question"].get("kind")
    if game not in engine.games() or kind not in engine.kinds(game):
        return None
    spec = forms.form_for(game, kind)
    question = copy.deepcopy(scenario["question"])
    del question["kind"]
    position = copy.deepcopy(scenario.get("position"))
    _card_refs(spec, question, position)
    values = _question_values(spec, question)
    if question:
        values["extra-question"] = yaml.safe_dump(question, allow_unicode=True, sort_keys=False)
    if isinstance(position, dict):
        values.update(_wotr_values(spec, position))
        values.update(_card_game_values(spec, position))
        values.update(_lcg_values(spec, position))
    if position:
        values["extra-position"] = yaml.safe_dump(position, allow_unicode=True, sort_keys=False)
    title = scenario.get("title")
    if _plain_text(title):
        values["title"] = title
    return spec, values


def default_field(spec: forms.KindForm, path: str, values: dict[str, str]) -> str | None:
    """The form field that changes what a scenario path names (a default the ruling leaned
    on: ``question.units``, ``position.politics.gondor``...); ``values`` is the form as it
    opens. None: no field of its own (the YAML boxes hold it)."""
    head, _dot, rest = path.partition(".")
    part = rest.replace("[", ".").split(".")
    if head == "question":
        f = next((f for f in spec.fields if f.key.split(".")[0] == part[0]), None)
        if f is None:
            return forms.EXTRA_QUESTION
        if f.type == "units":
            return forms.unit_line_names(f.name, 0)["nation"]
        if f.type == "combat-cards":
            return card_picker.field_names(f.name)["attacker"]
        if f.type == "rows" and f.rows is not None:
            return f.rows.name(0, f.rows.cols[0].key)
        return f.name
    if head != "position":
        return None
    if part[0] == "politics" and forms.POLITICS in spec.parts:
        return forms.POLITICS_PRESET
    if part[0] == "fellowship" and forms.FELLOWSHIP in spec.parts and len(part) > 1 \
            and part[1] in spec.fellowship_fields:
        return forms.FELLOWSHIP_FIELDS[part[1]][0]
    if part[0] == "hunt" and forms.HUNT in spec.parts:
        if part[1:2] == ["pool"]:
            return forms.HUNT_FIELDS["pool"]
        return forms.HUNT_FIELDS["free_peoples" if part[2:3] == ["free_peoples"] else "shadow"]
    if part[0] == "turn" and forms.TURN in spec.parts:
        return "turn-phase"
    if part[0] == "regions" and forms.REGIONS in spec.parts:
        for i in range(forms.REGION_ROWS):     # the first row free to take the region
            name = forms.region_row_names(i)["name"]
            if not values.get(name):
                return name
        return forms.region_row_names(0)["name"]
    return forms.EXTRA_POSITION


def _side(value: Any) -> str | None:
    """A side as the form's choice writes it (``free-peoples``), from any way a player writes it."""
    from adjudicator.params import check_side, side_value
    from adjudicator.problems import Problems

    return side_value(check_side(value, [], Problems())) if isinstance(value, str) else None
