"""The engine's front door: scenario text or data in, a ruling (or every problem) out.

    scenario text --load--> mapping --envelope--> game, lang, position, question
                  --position parser--> Position --kind handler--> Ruling

``ask`` returns the ruling as a dict in the JSON ruling format; :class:`ScenarioInvalid`
carries every problem of an unreadable scenario. Nothing else leaves these functions:
any other exception is a bug, logged with its traceback and raised as
:class:`InternalError` (shown to users without the traceback).
"""
from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, NamedTuple, TypeVar

from adjudicator import loading, registry
from adjudicator.i18n import DEFAULT_LANG, LANGS
from adjudicator.params import Fields, QuestionFields, check_choice
from adjudicator.problems import InternalError, Problems, ScenarioInvalid
from adjudicator.ruling import Ruling, RulingBuilder

T = TypeVar("T")


def log_traceback(where: str, exc: BaseException) -> None:
    """Log a bug's traceback (the web app's log). ``logging`` is imported only here: the CLI's
    start-up is measured, and the CLI puts its own reporter in :data:`report_internal_error`."""
    import logging

    logging.getLogger(__name__).error("internal error in adjudicator.api.%s", where, exc_info=exc)


report_internal_error: Callable[[str, BaseException], None] = log_traceback


ENVELOPE_KEYS = ("game", "lang", "title", "source", "position", "question", "expect", "notes")


class Scenario(NamedTuple):
    game: str
    lang: str
    title: str | None
    position: Any
    question: Any
    expect: dict | None
    raw: dict


def _guarded(fn: Callable[..., T]) -> Callable[..., T]:
    """The engine's safety net: anything but an input problem is a bug. It is logged with
    its traceback and becomes :class:`InternalError`, which callers show without one."""
    @functools.wraps(fn)
    def guarded(*args: Any, **kwargs: Any) -> T:
        try:
            return fn(*args, **kwargs)
        except (ScenarioInvalid, InternalError):
            raise
        except Exception as exc:
            report_internal_error(fn.__name__, exc)
            raise InternalError(type(exc).__name__) from exc
    return guarded


@_guarded
def load_text(text: str, *, as_json: bool = False) -> Any:
    """Parse a scenario in YAML or JSON with the bounded safe loader (:mod:`adjudicator.loading`);
    every problem (syntax, size, nesting, aliases, duplicate keys, bad text) with its path.
    ``as_json``: strict JSON only (a ``.json`` file), its syntax errors said as JSON's."""
    return loading.load_text(text, as_json=as_json)


def guess_lang(data: Any, fallback: str | None = None) -> str:
    """The language for messages about ``data``: its ``lang`` if usable, else the fallback."""
    if fallback in LANGS:
        return fallback
    if isinstance(data, dict) and data.get("lang") in LANGS:
        return data["lang"]
    return DEFAULT_LANG


@_guarded
def read_envelope(data: Any, lang_override: str | None = None) -> Scenario:
    loading.check_data(data)   # however the data was made: bounded, plain text, sane numbers
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
    assert game is not None, "a missing game is a problem raised above"
    return Scenario(game, lang_override or lang or DEFAULT_LANG, title, position, question, expect, data)


TITLE_SHOWN_CHARS = 120   # a title heads the ruling page and its share card on a phone: shown this long


def _title(f: Fields, lang: str) -> str | None:
    """``title`` is text, or one text per language (``{en: ..., es: ...}``): the ruling's
    language wins, else the other one. Any length the text bound allows is accepted (it is
    the user's); :func:`shown_title` shortens it where it is displayed."""
    raw = f.get("title")
    if isinstance(raw, dict):
        sub = Fields(raw, f.at("title"), f.problems)
        texts = {code: sub.str(code) for code in LANGS}
        sub.finish()
        return texts.get(lang) or next((t for t in texts.values() if t), None)
    return f.str("title")


def shown_title(title: str | None, limit: int = TITLE_SHOWN_CHARS) -> str:
    """A title as a heading shows it: whole when it fits, else cut at a word with "…"."""
    if not title:
        return ""
    text = " ".join(title.split())
    if len(text) <= limit:
        return text
    cut = text[:limit - 1]
    space = cut.rfind(" ")
    return (cut[:space] if space > limit // 2 else cut).rstrip(" ,;:.") + "…"


@_guarded
def rule(scenario: Scenario) -> Ruling:
    """Rule on a scenario whose envelope was read; raises ScenarioInvalid with every problem."""
    problems = Problems()
    position = registry.position_parser(scenario.game)(scenario.position, problems)
    q = Fields(scenario.question, ["question"], problems)
    kinds = registry.sorted_kinds(scenario.game)
    kind = q.get("kind")
    if kind is None:
        problems.add(["question", "kind"], "core.err_required_choice", options=", ".join(kinds))
        problems.raise_if_any()
    kind = check_choice(kind, kinds, ["question", "kind"], problems)
    if kind is None:
        problems.raise_if_any()
    assert kind is not None, "an unknown kind is a problem raised above"
    fn, spec = registry.handler(scenario.game, kind), registry.spec(scenario.game, kind)
    assert fn is not None and spec is not None, "every kind listed has a handler and a spec"
    r = RulingBuilder(scenario.game, kind, scenario.lang)
    fields = QuestionFields(q, spec)
    r.bind(fields)   # the builder says which given fields the ruling did not use
    ruling = fn(position, fields, r)
    if not isinstance(ruling, Ruling):
        raise TypeError(f"{fn.__module__}.{fn.__name__} returned no Ruling")
    ruling.title = scenario.title
    return ruling


def ask(data: Any, lang: str | None = None) -> dict[str, Any]:
    """Rule on a scenario given as a mapping; the ruling as a JSON-ready dict."""
    return rule(read_envelope(data, lang)).as_dict()


def ask_text(text: str, lang: str | None = None) -> dict[str, Any]:
    return ask(load_text(text), lang)
