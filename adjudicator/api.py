"""The engine's front door: scenario text or data in, a ruling (or every problem) out.

    scenario text --load--> mapping --envelope--> game, lang, position, question
                  --position parser--> Position --kind handler--> Ruling

``ask`` returns the ruling as a dict in the JSON ruling format; :class:`ScenarioInvalid`
carries every problem of an unreadable scenario.
"""
from __future__ import annotations

from typing import Any, NamedTuple

from adjudicator import registry
from adjudicator.i18n import DEFAULT_LANG, LANGS
from adjudicator.params import Fields, QuestionFields, check_choice
from adjudicator.problems import Problem, Problems, ScenarioInvalid
from adjudicator.ruling import Ruling, RulingBuilder

ENVELOPE_KEYS = ("game", "lang", "title", "source", "position", "question", "expect", "notes")


class Scenario(NamedTuple):
    game: str
    lang: str
    title: str | None
    position: Any
    question: Any
    expect: dict | None
    raw: dict


def load_text(text: str) -> Any:
    """Parse YAML (JSON is YAML) with the safe loader; syntax errors become problems.

    Text that is a JSON object is read with ``json`` first: same result, and the CLI does
    not pay PyYAML's import for it.
    """
    if text.lstrip().startswith("{"):
        import json

        try:
            return json.loads(text)
        except ValueError:
            pass  # not strict JSON (e.g. YAML flow style): let YAML read it
    import yaml  # imported here: JSON callers (the web API) never pay for it

    try:
        return yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = {"line": mark.line + 1, "column": mark.column + 1} if mark else {"line": "?", "column": "?"}
        raise ScenarioInvalid([Problem("", "core.err_yaml", {**where, "detail": getattr(exc, "problem", None) or str(exc)})]) from None


def guess_lang(data: Any, fallback: str | None = None) -> str:
    """The language for messages about ``data``: its ``lang`` if usable, else the fallback."""
    if fallback in LANGS:
        return fallback  # type: ignore[return-value]
    if isinstance(data, dict) and data.get("lang") in LANGS:
        return data["lang"]
    return DEFAULT_LANG


def read_envelope(data: Any, lang_override: str | None = None) -> Scenario:
    problems = Problems()
    if not isinstance(data, dict):
        problems.add("", "core.err_not_mapping")
        problems.raise_if_any()
    f = Fields(data, [], problems)
    game = f.choice("game", registry.GAMES, required=True, aliases=registry.GAME_ALIASES)
    lang = f.choice("lang", LANGS, default=DEFAULT_LANG)
    title = _title(f, lang_override or lang or DEFAULT_LANG)
    expect = f.get("expect")
    if expect is not None and not isinstance(expect, dict):
        f.error("expect", "core.err_type_mapping")
        expect = None
    position = f.get("position")
    question = f.get("question")
    if question is None:
        f.error("question", "core.err_required")
    f.finish(ENVELOPE_KEYS)
    problems.raise_if_any()
    return Scenario(game, lang_override or lang or DEFAULT_LANG, title, position, question, expect, data)


def _title(f: Fields, lang: str) -> str | None:
    """``title`` is text, or one text per language (``{en: ..., es: ...}``): the ruling's
    language wins, else the other one."""
    raw = f.get("title")
    if isinstance(raw, dict):
        sub = Fields(raw, f.at("title"), f.problems)
        texts = {code: sub.str(code) for code in LANGS}
        sub.finish()
        return texts.get(lang) or next((t for t in texts.values() if t), None)
    return f.str("title")


def rule(scenario: Scenario) -> Ruling:
    """Rule on a scenario whose envelope was read; raises ScenarioInvalid with every problem."""
    problems = Problems()
    position = registry.position_parser(scenario.game)(scenario.position, problems)
    q = Fields(scenario.question, ["question"], problems)
    kinds = registry.kinds(scenario.game)
    kind = q.get("kind")
    if kind is None:
        problems.add(["question", "kind"], "core.err_required_choice", options=", ".join(kinds))
        problems.raise_if_any()
    kind = check_choice(kind, kinds, ["question", "kind"], problems)
    if kind is None:
        problems.raise_if_any()
    fn, spec = registry.handler(scenario.game, kind), registry.spec(scenario.game, kind)
    r = RulingBuilder(scenario.game, kind, scenario.lang)
    ruling = fn(position, QuestionFields(q, spec), r)
    if not isinstance(ruling, Ruling):
        raise TypeError(f"{fn.__module__}.{fn.__name__} returned no Ruling")
    ruling.title = scenario.title
    return ruling


def ask(data: Any, lang: str | None = None) -> dict[str, Any]:
    """Rule on a scenario given as a mapping; the ruling as a JSON-ready dict."""
    return rule(read_envelope(data, lang)).as_dict()


def ask_text(text: str, lang: str | None = None) -> dict[str, Any]:
    return ask(load_text(text), lang)
