"""Problems with a scenario: collected all at once, each at the path of its field.

A scenario that cannot be read is not a ruling: the engine gathers every problem it finds
(envelope, position and question alike) and raises :class:`ScenarioInvalid` once, so a
form can show each message beside its field and the CLI can print them all.

Reports are bounded, because the input may be hostile: at most :data:`MAX_PROBLEMS` are
kept (then "... and N more"), did-you-mean is worked out for the first
:data:`SUGGEST_FIRST` unknown names only, and every value a message echoes (and every part
of a path) is cut to about :data:`ECHO_CHARS` characters.
"""
from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache
from typing import Any, NamedTuple

from adjudicator.i18n import translate

PathPart = str | int

MAX_PROBLEMS = 50
SUGGEST_FIRST = 5
ECHO_CHARS = 100
# Parameters the engine writes itself (lists of the accepted values), never the user's input.
_NOT_ECHOED = frozenset({"options", "known", "limit", "lo", "hi"})
# Lists of the names the user gave ("the cards on the path: ..."): longer, still bounded.
_NAME_LISTS = frozenset({"cards", "players", "items"})


@cache
def _bad_chars() -> re.Pattern[str]:
    """C0/C1 control characters (tab, newline and carriage return allowed) and lone
    surrogates (compiled on first need: printable text, the usual input, never needs it)."""
    return re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff]")


def bad_char(text: str) -> re.Match[str] | None:
    """The first character no scenario may hold, or None. Printable text (``str.isprintable``
    is false for every control character and surrogate) is answered without the pattern."""
    return None if text.isprintable() else _bad_chars().search(text)


def shown(value: Any, limit: int = ECHO_CHARS) -> str:
    """User input as it may appear in a message: at most ``limit`` characters, control
    characters and lone surrogates written as ``\\uXXXX`` (they could not be printed)."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 64:
        return f"{'-' if value < 0 else ''}~1e{int(value.bit_length() * 0.30103)}"  # str() may refuse it
    text = value if isinstance(value, str) else str(value)
    if len(text) > limit:
        text = text[:limit - 1] + "…"
    if text.isprintable():
        return text
    return _bad_chars().sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def format_path(parts: Iterable[PathPart]) -> str:
    """``["position", "regions", "Minas Tirith", "free_peoples"]`` -> dotted, with [i] for indices."""
    out = ""
    for p in parts:
        if isinstance(p, int):
            out += f"[{p}]"
        else:
            p = p if isinstance(p, str) else str(p)
            out += ("." if out else "") + (p if len(p) <= ECHO_CHARS and p.isprintable() else shown(p))
    return out


def _echo(name: str, value: Any) -> Any:
    """A message parameter, cut if it echoes input (numbers stay numbers for plurals)."""
    if name in _NOT_ECHOED or hasattr(value, "render"):
        return value
    if isinstance(value, (bool, float)) or (isinstance(value, int) and value.bit_length() <= 64):
        return value
    return shown(value, 3 * ECHO_CHARS if name in _NAME_LISTS else ECHO_CHARS)


class Message(NamedTuple):
    """A message parameter that is itself a message, written in the language of the report
    (the reason inside "Not valid YAML (line 3, column 1): ...")."""

    key: str
    params: dict[str, Any] = {}

    def render(self, lang: str) -> str:
        return translate(lang, self.key, **self.params)


class Problem(NamedTuple):
    path: str
    key: str
    params: dict[str, Any] = {}

    def message(self, lang: str) -> str:
        params = {k: (v.render(lang) if hasattr(v, "render") else v) for k, v in self.params.items()}
        return translate(lang, self.key, **params)

    def as_dict(self, lang: str) -> dict[str, str]:
        return {"path": self.path, "message": self.message(lang)}


class Problems:
    """An accumulator of problems; ``add`` never raises, ``raise_if_any`` raises them all
    (the first :data:`MAX_PROBLEMS`, then one that says how many more there were)."""

    def __init__(self) -> None:
        self.items: list[Problem] = []
        self.dropped = 0
        self._suggested = 0

    def add(self, path: Iterable[PathPart] | str, key: str, /, **params: Any) -> None:
        if len(self.items) >= MAX_PROBLEMS:
            self.dropped += 1
            return
        p = path if isinstance(path, str) else format_path(path)
        self.items.append(Problem(p, key, {k: _echo(k, v) for k, v in params.items()}))

    def may_suggest(self) -> bool:
        """Whether to work out a did-you-mean: for the first few unknown names only (each
        costs a fuzzy match over every known name), and never once the report is full."""
        self._suggested += 1
        return self._suggested <= SUGGEST_FIRST and len(self.items) < MAX_PROBLEMS

    def __bool__(self) -> bool:
        return bool(self.items)

    def __len__(self) -> int:
        return len(self.items) + self.dropped

    def all(self) -> list[Problem]:
        more = [Problem("", "core.err_more", {"n": self.dropped})] if self.dropped else []
        return [*self.items, *more]

    def raise_if_any(self) -> None:
        if self.items:
            raise ScenarioInvalid(self.all())


class ScenarioInvalid(Exception):
    """The scenario cannot be read: carries every problem found."""

    def __init__(self, problems: list[Problem]):
        super().__init__("; ".join(f"{p.path}: {p.key}" for p in problems[:MAX_PROBLEMS]))
        self.problems = problems

    def as_dicts(self, lang: str) -> list[dict[str, str]]:
        return [p.as_dict(lang) for p in self.problems]


class InternalError(Exception):
    """Not a problem with the input: the engine failed on it (a bug). The traceback was
    logged where it happened; users see :meth:`message` (never the traceback)."""

    def __init__(self, detail: str):
        super().__init__(detail)
        self.detail = detail

    def message(self, lang: str) -> str:
        return translate(lang, "core.err_internal", detail=self.detail)

    def as_dicts(self, lang: str) -> list[dict[str, str]]:
        return [{"path": "", "message": self.message(lang)}]
