"""The OpenAPI 3.1 description of the JSON API, generated from the kinds' specs.

Each (game, kind) gets its own question schema (``Question.<game>.<kind>``: its parameters,
their types, bounds, choices and defaults, as its :class:`~adjudicator.spec.KindSpec` declares
them) and its own verdict schema (``Verdict.<game>.<kind>``); a scenario is one of the games'
scenarios, each with one of its kinds' questions. The kinds listed are the ones registered
when the description is asked for, so it never promises a kind the engine does not answer.
"""
from __future__ import annotations

from typing import Any

from adjudicator import __version__, registry
from adjudicator.i18n import LANGS
from adjudicator.search import OUTSIDE_KINDS
from adjudicator.spec import COMMON_KEYS, KindSpec, Param
from web import engine

ERROR = {
    "type": "object",
    "description": "Every problem found at once, each at the path of its field, in the user's language.",
    "required": ["errors"],
    "properties": {"errors": {"type": "array", "minItems": 1, "items": {
        "type": "object", "required": ["path", "message"],
        "properties": {
            "path": {"type": "string", "description": "Dotted path of the field (e.g. question.from, "
                     "position.regions.Minas Tirith.shadow.sauron.regular); empty for the whole body."},
            "message": {"type": "string"}}}}},
}

LANG_PARAM = {"name": "lang", "in": "query", "required": False, "schema": {"type": "string", "enum": list(LANGS)},
              "description": "Language of the ruling and of error messages (default: the scenario's lang, "
                             "then Accept-Language for errors, then en)."}


# The engine reads a number given as a title as its text (YAML makes `title: 1984` a number);
# a title says the case in a sentence; any text within the text bound (loading.MAX_TEXT_CHARS)
# is accepted, and shown shortened to api.TITLE_SHOWN_CHARS where it heads a page.
TITLE_TEXT = {"type": ["string", "number", "null"], "maxLength": 2000,
              "description": "One sentence saying the case (at most 2,000 characters; a heading shows the first "
                             "120 or so)."}


def _error_response(description: str) -> dict[str, Any]:
    return {"description": description,
            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Errors"}}}}


# The JSON schema of each parameter type (adjudicator.spec.PARAM_TYPES).
_NAME = {"type": "string", "minLength": 1}
_NAMES = {"oneOf": [{"type": "array", "items": _NAME}, _NAME]}
_CARD = {"oneOf": [_NAME, {"type": "object"}]}
PARAM_SCHEMAS: dict[str, dict[str, Any]] = {
    "region": _NAME, "nation": _NAME, "character": _NAME, "text": {"type": "string"},
    "characters": _NAMES, "words": _NAMES, "keywords": _NAMES,
    "tile": {"oneOf": [{"type": "integer", "minimum": -2, "maximum": 3}, _NAME,
                       {"type": "object", "required": ["value"], "properties": {
                           "value": {"oneOf": [{"type": "integer"}, _NAME]}, "reveal": {"type": "boolean"},
                           "stop": {"type": "boolean"}}, "additionalProperties": False}]},
    "units": {"oneOf": [{"type": "object", "description": "Counts per nation, as an army of the position: "
                                                          "{gondor: {regular: 2, leader: 1}, nazgul: 1, "
                                                          "characters: [...]}"},
                        {"type": "string", "enum": ["all"]}]},
    "card": _CARD, "mapping": {},
    "hand": {"oneOf": [{"type": "integer", "minimum": 0}, {"type": "array", "items": _NAME}]},
    "count-or-list": {"oneOf": [{"type": "integer", "minimum": 0}, {"type": "array"}]},
    "event-card": {"type": "string", "description": "An Event card's name (English or Spanish) or id (fp-char-09)"},
    "combat-cards": {"oneOf": [{"type": "object"}, {"type": "array", "items": {"type": "object"}}],
                     "description": "{attacker: CARD, defender: CARD}, or a list of such mappings, one per round"},
}
_VERDICT_SCHEMAS: dict[str, dict[str, Any]] = {
    "bool": {"type": "boolean"}, "count": {"type": "integer", "minimum": 0}, "int": {"type": "integer"},
    "number": {"type": "number"}, "probability": {"type": "number", "minimum": 0, "maximum": 1},
    "exact": {"type": "string", "pattern": "^[0-9]+(/[0-9]+)?$"}, "text": {"type": "string"},
    "id": {"type": "string"}, "ids": {"type": "array", "items": {"type": "string"}},
    "texts": {"type": "array", "items": {"type": "string"}},
    "region-ids": {"type": "array", "items": {"type": "string"}},
    "nation-ids": {"oneOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}]},
    "character-ids": {"oneOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}]},
    "dice-side": {"type": "object", "required": ["dice", "hit_on", "rerolls", "p_hits"]},
    "distribution": {"oneOf": [{"type": "array", "items": {"type": "number"}}, {"type": "object"}]},
    "mapping": {"type": "object"}, "list": {"type": "array"},
    "side": {"type": "string", "enum": ["free-peoples", "shadow"]},
}


def _described(schema: dict[str, Any], description: str) -> dict[str, Any]:
    return {**schema, "description": description} if description else dict(schema)


def param_schema(p: Param) -> dict[str, Any]:
    """One parameter's JSON schema, as its spec declares it."""
    if p.type == "int":
        schema: dict[str, Any] = {"type": "integer"}
        if p.lo is not None:
            schema["minimum"] = p.lo
        if p.hi is not None:
            schema["maximum"] = p.hi
    elif p.type in ("choice", "side"):
        schema = {"type": "string", "enum": list(p.choices)}
    elif p.type == "bool":
        schema = {"type": "boolean"}
    elif p.type == "ints":
        item: dict[str, Any] = {"type": "integer"}
        item.update({k: v for k, v in (("minimum", p.lo), ("maximum", p.hi)) if v is not None})
        schema = {"oneOf": [{"type": "array", "items": item}, item]}
    elif p.type in ("rows", "recruits") and p.cols:
        row = {"type": "object", "properties": {c.key: {"type": "integer"} if c.type == "int" else
                                                {"type": "string", "enum": list(c.choices)} if c.choices else
                                                {"type": "string"} for c in p.cols}}
        schema = {"type": "array", "items": row}
    elif p.type in ("rows", "recruits"):
        schema = {"type": "array"}
    else:
        schema = dict(PARAM_SCHEMAS[p.type])
    if p.default is not None:
        schema["default"] = p.default
    text = p.label.en + (f". {p.help.en}" if p.help else "")
    if p.default_text is not None:
        text += f" Default: {p.default_text.en}."
    return _described(schema, text)


def question_schema(spec: KindSpec) -> dict[str, Any]:
    """The question of one kind: ``kind`` and the kind's parameters (dotted ones nested)."""
    props: dict[str, Any] = {"kind": {"type": "string", "const": spec.kind}}
    required = ["kind"]
    for p in spec.params:
        head, _, rest = p.name.partition(".")
        if not rest:
            if head not in props:
                props[head] = param_schema(p)
            if p.required:
                required.append(head)
            continue
        # a field of a mapping parameter (``card.keywords``): the mapping accepts it
        holder = props.setdefault(head, {"type": "object", "properties": {}})
        if "properties" not in holder:
            holder = props[head] = {"oneOf": [holder, {"type": "object", "properties": {}}]}
        target = holder if "properties" in holder else holder["oneOf"][1]
        parts = rest.split(".")
        for part in parts[:-1]:
            target = target["properties"].setdefault(part, {"type": "object", "properties": {}})
        target["properties"][parts[-1]] = param_schema(p)
    schema = {"type": "object", "description": f"{spec.title.en} (rules: {spec.chapter})", "required": required,
              "properties": props, "additionalProperties": False}
    groups = [{"anyOf": [{"required": [name]} for name in group]} for group in spec.one_of]
    if len(groups) == 1:
        schema.update(groups[0])
    elif groups:
        schema["allOf"] = groups
    return schema


def verdict_schema(spec: KindSpec) -> dict[str, Any]:
    """The verdict of a decided ruling of one kind: its keys, their types, which are always there."""
    props: dict[str, Any] = {}
    for k in (*COMMON_KEYS, *spec.verdict):
        schema = {"type": "string", "enum": list(k.choices)} if k.type == "choice" else dict(_VERDICT_SCHEMAS[k.type])
        if k.nullable:
            schema = {"oneOf": [schema, {"type": "null"}]}
        when = f" Present {k.when.en}." if k.when else ""
        props[k.name] = _described(schema, k.label.en + when)
    required = ["status", "decided_by", *(k.name for k in spec.verdict if k.always)]
    return {"type": "object", "description": f"The verdict of a decided {spec.kind} ruling.",
            "required": required, "properties": props}


def _kind_ref(kind_schema: str, spec: KindSpec) -> str:
    return f"#/components/schemas/{kind_schema}.{spec.game}.{spec.kind}"


def scenario_schemas() -> dict[str, Any]:
    """``Scenario`` (one of the games' scenarios) and, per game and kind, its question and verdict."""
    out: dict[str, Any] = {}
    per_game = []
    for game in engine.games():
        specs = [s for k in engine.kinds(game) if (s := registry.spec(game, k)) is not None]
        for spec in specs:
            out[f"Question.{game}.{spec.kind}"] = question_schema(spec)
            out[f"Verdict.{game}.{spec.kind}"] = verdict_schema(spec)
        question: dict[str, Any] = {"oneOf": [{"$ref": _kind_ref("Question", s)} for s in specs]}
        if specs:
            question["discriminator"] = {"propertyName": "kind",
                                         "mapping": {s.kind: _kind_ref("Question", s) for s in specs}}
        out[f"Scenario.{game}"] = {
            "type": "object",
            "description": f"A scenario of {game}: the part of the position that matters and one question.",
            "required": ["game", "question"],
            "properties": {
                "game": {"type": "string", "const": game},
                "lang": {"type": "string", "enum": list(LANGS), "default": "en"},
                "title": {"oneOf": [
                    TITLE_TEXT,
                    {"type": "object", "description": "The title in each language; the ruling's language wins.",
                     "properties": {code: TITLE_TEXT for code in LANGS}, "additionalProperties": False}]},
                "source": {"type": "string", "description": "Where the case comes from (free text)."},
                "position": {"type": "object", "description": "The part of the position that matters."},
                "question": question,
                "expect": {"type": "object"},
                "notes": {},
            },
            "additionalProperties": False,
        }
        per_game.append({"$ref": f"#/components/schemas/Scenario.{game}"})
    out["Scenario"] = {"description": "A scenario of the scenario language, version 1.", "oneOf": per_game,
                       "discriminator": {"propertyName": "game",
                                         "mapping": {g: f"#/components/schemas/Scenario.{g}" for g in engine.games()}}}
    return out


def openapi() -> dict[str, Any]:
    games = list(engine.games())
    ruling = {
        "type": "object",
        "required": ["game", "question", "lang", "verdict", "answer", "explanation", "citations"],
        "properties": {
            "game": {"type": "string", "enum": games},
            "question": {"type": "string"},
            "lang": {"type": "string", "enum": list(LANGS)},
            "title": {"type": "string"},
            "verdict": {"type": "object", "required": ["status"], "properties": {
                "status": {"type": "string", "enum": ["decided", "needs-info", "not-covered"]},
                "missing": {"type": "array", "items": {"type": "string"}}},
                "description": "Verdict keys per kind (scenario language); probabilities are floats "
                               "rounded to 4 decimals, exact fractions as *_exact strings."},
            "answer": {"type": "string"},
            "explanation": {"type": "array", "items": {"type": "object", "required": ["text", "rule"],
                            "properties": {"text": {"type": "string"}, "rule": {"type": "string"},
                                           "default": {"type": "string", "description": "the path of the "
                                                       "default this step takes (one of verdict.defaults)"}}}},
            "regions": {"type": "object", "description": "War of the Ring: the regions the ruling names, each with "
                        "its part (from, to, reachable, blocked, path), for a map.",
                        "additionalProperties": {"type": "string",
                                                 "enum": ["from", "to", "reachable", "blocked", "path"]}},
            "citations": {"type": "array", "items": {"type": "object", "required": ["rule", "title", "url"],
                          "properties": {"rule": {"type": "string"}, "title": {"type": "string"},
                                         "url": {"type": "string"}}}},
        },
    }
    search_result = {
        "type": "object",
        "required": ["query", "lang", "results"],
        "properties": {
            "query": {"type": "string"},
            "lang": {"type": "string", "enum": list(LANGS)},
            "suggestion": {"type": ["string", "null"]},
            "results": {"type": "array", "items": {"type": "object", "properties": {
                "label": {"type": "string"}, "title": {"type": "string"}, "page": {"type": "string"},
                "url": {"type": "string"}, "kind": {"type": "string"}, "score": {"type": "number"},
                "snippet": {"type": "string", "description": "Escaped HTML with <mark> around matches."}}}},
            "matched": {"type": "boolean", "description": "False: no rule matches the query well enough."},
            "confidence": {"type": "number", "minimum": 0, "maximum": 1,
                           "description": "The share of the query's weight the best rule covers."},
            "outside": {"type": "string", "enum": list(OUTSIDE_KINDS),
                        "description": "Present when the query asks what no rule answers (strategy, products, "
                                       "other editions, the table, other games, keywords not covered)."},
            "closest": {"type": "array", "description": "When nothing matches: the glossary terms nearest the query.",
                        "items": {"type": "object"}},
            "unsure": {"type": "boolean", "description": "True: the query uses the table's words or describes a "
                                                         "position but matches no rule well; the results are the "
                                                         "best few sections, a \"did you mean\"."},
            "ask": {"type": "object", "required": ["game", "kind", "scenario"],
                    "description": "When the query describes a position: the question kind that rules on it and a "
                                   "scenario with what the query names filled in (to complete and ask).",
                    "properties": {"game": {"type": "string"}, "kind": {"type": "string"},
                                   "scenario": {"type": "object"}}},
        },
    }
    return {
        "openapi": "3.1.0",
        "info": {"title": "Adjudicator API", "version": __version__,
                 "description": "Rulings with cited rules for War of the Ring 2nd edition, War of the Ring: "
                                "The Card Game and The Lord of the Rings: The Card Game keywords."},
        "paths": {
            "/api/v1/rulings": {"post": {
                "operationId": "createRuling",
                "summary": "Rule on a scenario",
                "parameters": [LANG_PARAM],
                "requestBody": {"required": True, "content": {"application/json": {
                    "schema": {"$ref": "#/components/schemas/Scenario"}}}},
                "responses": {
                    "200": {"description": "The ruling (whatever its verdict).",
                            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Ruling"}}}},
                    "400": _error_response("The scenario cannot be read: bad JSON, wrong content type, unknown "
                                           "name, impossible count, wrong type..."),
                    "413": _error_response("The body is larger than 64 KiB."),
                    "500": _error_response("Adjudicator failed on this scenario: a bug on our side (logged), "
                                           "not a problem in the scenario."),
                }}},
            "/api/v1/search": {"get": {
                "operationId": "searchRules",
                "summary": "Search the rules reference",
                "parameters": [
                    {"name": "q", "in": "query", "required": True,
                     "schema": {"type": "string", "minLength": 1, "maxLength": 200}},
                    {**LANG_PARAM, "description": "Language of the rules searched (default: Accept-Language, "
                                                 "then en)."},
                    {"name": "limit", "in": "query", "required": False,
                     "schema": {"type": "integer", "minimum": 1, "maximum": 50, "default": 10}},
                ],
                "responses": {
                    "200": {"description": "Results, best first.", "content": {"application/json": {
                        "schema": {"$ref": "#/components/schemas/SearchResults"}}}},
                    "400": _error_response("A missing or too long query, or a bad lang or limit."),
                    "503": _error_response("The search index is not built yet."),
                }}},
            "/api/v1/openapi.json": {"get": {
                "operationId": "openapi",
                "summary": "This description",
                "responses": {"200": {"description": "OpenAPI 3.1", "content": {"application/json": {
                    "schema": {"type": "object"}}}}}}},
        },
        "components": {"schemas": {**scenario_schemas(), "Ruling": ruling, "SearchResults": search_result,
                                   "Errors": ERROR}},
    }
