"""The OpenAPI 3.1 description of the JSON API, kept beside the code it describes.

The question kinds listed are the ones registered when the description is asked for, so
the description never promises a kind the engine does not answer.
"""
from __future__ import annotations

from typing import Any

from adjudicator import __version__
from adjudicator.i18n import LANGS
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


# The engine reads a number given as a title as its text (YAML makes `title: 1984` a number).
TITLE_TEXT = {"type": ["string", "number", "null"]}


def _error_response(description: str) -> dict[str, Any]:
    return {"description": description,
            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Errors"}}}}


def openapi() -> dict[str, Any]:
    games = list(engine.games())
    kinds = sorted({k for g in games for k in engine.kinds(g)})
    scenario = {
        "type": "object",
        "description": "A scenario of the scenario language, version 1: the position and one question.",
        "required": ["game", "question"],
        "properties": {
            "game": {"type": "string", "enum": games},
            "lang": {"type": "string", "enum": list(LANGS), "default": "en"},
            "title": {"oneOf": [
                TITLE_TEXT,
                {"type": "object", "description": "The title in each language; the ruling's language wins.",
                 "properties": {code: TITLE_TEXT for code in LANGS}, "additionalProperties": False}]},
            "position": {"type": "object", "description": "The part of the position that matters (per game)."},
            "question": {"type": "object", "required": ["kind"], "properties": {
                "kind": {"type": "string", "enum": kinds} if kinds else {"type": "string"}},
                "description": "The question kind and its parameters."},
            "expect": {"type": "object"},
            "notes": {},
        },
        "additionalProperties": False,
    }
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
                            "properties": {"text": {"type": "string"}, "rule": {"type": "string"}}}},
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
        "components": {"schemas": {"Scenario": scenario, "Ruling": ruling, "SearchResults": search_result,
                                   "Errors": ERROR}},
    }
