"""Reading user-supplied mappings field by field, collecting every problem with its path.

:class:`Fields` wraps one mapping (the ``question``, or a part of the ``position``). Each
reader returns a clean value or ``None`` and records a problem at ``path.key``; nothing
raises until :meth:`Problems.raise_if_any`. Keys nobody read are reported as unknown,
with the closest known key suggested.
"""
from __future__ import annotations

import difflib
import re
from typing import Any, Callable, Iterable, Sequence

from adjudicator import names
from adjudicator.problems import PathPart, Problems

MISSING = object()
# Words players type for the two sides, folded by names.normalize -> the engine's side ids.
SIDE_ALIASES = {
    "freepeoples": "free_peoples", "thefreepeoples": "free_peoples", "fp": "free_peoples",
    "puebloslibres": "free_peoples", "lospuebloslibres": "free_peoples", "pl": "free_peoples",
    "shadow": "shadow", "theshadow": "shadow", "sombra": "shadow", "lasombra": "shadow",
}
SIDE_OPTIONS = ("free-peoples", "shadow")
# Words players type for yes and no (folded: no accents, no case).
YES_NO = {"true": True, "yes": True, "si": True, "y": True, "false": False, "no": False, "n": False}


class Fields:
    def __init__(self, raw: Any, path: Sequence[PathPart], problems: Problems, *, what: str = "mapping"):
        self.path = list(path)
        self.problems = problems
        self.read: set[str] = set()
        if raw is None:
            raw = {}
        if not isinstance(raw, dict):
            problems.add(self.path, f"core.err_type_{what}")
            raw = {}
        self.raw: dict[str, Any] = raw

    # -- bookkeeping -------------------------------------------------------
    def at(self, key: PathPart) -> list[PathPart]:
        return [*self.path, key]

    def has(self, key: str) -> bool:
        return key in self.raw

    def get(self, key: str, default: Any = None) -> Any:
        self.read.add(key)
        return self.raw.get(key, default)

    def one(self, key: str) -> Any:
        """The value of ``key``, unwrapping a one-item list (``from: [Osgiliath]``)."""
        value = self.get(key, MISSING)
        if isinstance(value, list) and len(value) == 1:
            return value[0]
        return value

    def error(self, field: PathPart, msg: str, /, **params: Any) -> None:
        self.problems.add(self.at(field), msg, **params)

    def finish(self, allowed: Iterable[str] = ()) -> None:
        """Report keys that no reader asked for (typos, or parameters of another kind)."""
        known = set(self.read) | set(allowed)
        for key in self.raw:
            if key not in known:
                close = difflib.get_close_matches(str(key), sorted(known), n=1) if self.problems.may_suggest() else []
                if close:
                    self.error(key, "core.err_unknown_key_suggest", key=key, suggestion=close[0])
                elif known:
                    self.error(key, "core.err_unknown_key_known", key=key, known=", ".join(sorted(map(str, known))))
                else:
                    self.error(key, "core.err_unknown_key", key=key)

    def sub(self, key: str) -> "Fields":
        return Fields(self.get(key), self.at(key), self.problems)

    # -- typed readers -------------------------------------------------------
    def required(self, key: str) -> Any:
        value = self.get(key, MISSING)
        if value is MISSING or value is None:
            self.error(key, "core.err_required")
            return None
        return value

    def int(self, key: str, *, default: Any = None, lo: int | None = None, hi: int | None = None,
            required: bool = False) -> int | None:
        value = self.one(key)
        if value is MISSING or value is None:
            if required:
                self.error(key, "core.err_required")
            return default
        return check_int(value, self.at(key), self.problems, lo=lo, hi=hi)

    def bool(self, key: str, *, default: bool | None = None) -> bool | None:
        value = self.one(key)
        if value is MISSING or value is None:
            return default
        if isinstance(value, str) and names.normalize(value) in YES_NO:
            return YES_NO[names.normalize(value)]
        if not isinstance(value, bool):
            self.error(key, "core.err_bool")
            return default
        return value

    def str(self, key: str, *, default: str | None = None, required: bool = False) -> str | None:
        value = self.one(key)
        if value is MISSING or value is None:
            if required:
                self.error(key, "core.err_required")
            return default
        if not isinstance(value, (str, int, float)) or isinstance(value, bool):
            self.error(key, "core.err_type_text")
            return default
        return str(value)

    def choice(self, key: str, options: Sequence[str], *, default: str | None = None,
               required: bool = False, aliases: dict[str, str] | None = None) -> str | None:
        value = self.one(key)
        if value is MISSING or value is None:
            if required:
                self.error(key, "core.err_required_choice", options=", ".join(options))
            return default
        return check_choice(value, options, self.at(key), self.problems, aliases=aliases)

    def list(self, key: str, *, default: Any = None, required: bool = False) -> list | None:
        value = self.get(key, MISSING)
        if value is MISSING or value is None:
            if required:
                self.error(key, "core.err_required")
            return default
        if isinstance(value, (str, int)) and not isinstance(value, bool):
            return [value]  # a single value where a list is expected
        if not isinstance(value, list):
            self.error(key, "core.err_type_list")
            return default
        return value

    def name(self, key: str, index: "names.NameIndex", what: str, *, required: bool = False,
             default: str | None = None) -> str | None:
        value = self.one(key)
        if value is MISSING or value is None:
            if required:
                self.error(key, "core.err_required")
            return default
        return check_name(value, index, what, self.at(key), self.problems)

    def side(self, key: str = "side", *, required: bool = False) -> str | None:
        """``free_peoples`` or ``shadow``, from any way a player writes a side, in either language."""
        value = self.one(key)
        if value is MISSING or value is None:
            if required:
                self.error(key, "core.err_required_choice", options=", ".join(SIDE_OPTIONS))
            return None
        return check_side(value, self.at(key), self.problems)

    def region(self, key: str, *, required: bool = False) -> str | None:
        return self.name(key, names.regions(), "region", required=required)

    def nation(self, key: str, *, required: bool = False) -> str | None:
        return self.name(key, names.nations(), "nation", required=required)

    def character(self, key: str, *, required: bool = False) -> str | None:
        return self.name(key, names.characters(), "character", required=required)


# A count as text: ASCII digits with an optional sign (not "²", "٣" or "--5", which Python's
# str.isdigit() or int() would take or choke on). Numbers past MAX_INT_DIGITS digits are no
# count in these games: they read as HUGE, which every range refuses (int() is never asked).
MAX_INT_DIGITS = 9
HUGE = 10 ** MAX_INT_DIGITS
_INT_TEXT = re.compile(r"\s*([+\-\u2212]?)([0-9]+)\s*", re.ASCII)


def strict_int(value: Any) -> int | None:
    """``value`` as an int if it is one as a player writes it: an int (not a bool), a whole
    float, or text of ASCII digits with an optional sign; else None. The one reader of
    numbers: scenario fields, tiles, form fields and query parameters all use it."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        return int(value) if value.is_integer() else None   # inf and nan are not whole
    if isinstance(value, str):
        m = _INT_TEXT.fullmatch(value)
        if m:
            n = int(m.group(2)) if len(m.group(2)) <= MAX_INT_DIGITS else HUGE
            return -n if m.group(1) in ("-", "\u2212") else n
    return None


def int_text(value: str) -> int | str:
    """Form input: a number when the text is one, else the text as typed (the engine then
    says what is wrong with it)."""
    n = strict_int(value)
    return value.strip() if n is None or not -HUGE < n < HUGE else n


def check_int(value: Any, path: list[PathPart], problems: Problems, *, lo: int | None = None,
              hi: int | None = None) -> int | None:
    n = strict_int(value)
    if n is None:
        problems.add(path, "core.err_int")
        return None
    if not -HUGE < n < HUGE:
        problems.add(path, "core.err_int_huge", value=value)
        return None
    if (lo is not None and n < lo) or (hi is not None and n > hi):
        if hi is None:
            problems.add(path, "core.err_min", lo=lo, value=n)
        elif lo is None:
            problems.add(path, "core.err_max", hi=hi, value=n)
        else:
            problems.add(path, "core.err_range", lo=lo, hi=hi, value=n)
        return None
    return n


def check_side(value: Any, path: list[PathPart], problems: Problems) -> str | None:
    if isinstance(value, str) and names.normalize(value) in SIDE_ALIASES:
        return SIDE_ALIASES[names.normalize(value)]
    chosen = check_choice(value, SIDE_OPTIONS, path, problems,
                          aliases={"pueblos-libres": "free-peoples", "sombra": "shadow"})
    return chosen.replace("-", "_") if chosen else None


def side_value(side: str | None) -> str | None:
    """A side as the scenario language writes values: ``free-peoples`` / ``shadow``."""
    return side.replace("_", "-") if side else side


def check_choice(value: Any, options: Sequence[str], path: list[PathPart], problems: Problems, *,
                 aliases: dict[str, str] | None = None) -> str | None:
    folded = {names.normalize(o): o for o in options}
    for alias, target in (aliases or {}).items():
        folded.setdefault(names.normalize(alias), target)
    if isinstance(value, (str, int)) and not isinstance(value, bool):
        hit = folded.get(names.normalize(str(value)))
        if hit is not None:
            return hit
    close = (difflib.get_close_matches(names.normalize(str(value)), list(folded), n=1)
             if isinstance(value, (str, int)) and problems.may_suggest() else [])
    if close:
        problems.add(path, "core.err_choice_suggest", value=value, options=", ".join(options),
                     suggestion=folded[close[0]])
    else:
        problems.add(path, "core.err_choice", value=value, options=", ".join(options))
    return None


def check_name(value: Any, index: "names.NameIndex", what: str, path: list[PathPart],
               problems: Problems) -> str | None:
    if not isinstance(value, str):
        problems.add(path, "core.err_type_text")
        return None
    ident = index.lookup(value)
    if ident is None:
        suggestions = index.suggestions(value) if problems.may_suggest() else None
        if suggestions:
            problems.add(path, f"core.err_unknown_{what}_suggest", value=value, suggestions=suggestions)
        else:
            problems.add(path, f"core.err_unknown_{what}", value=value)
    return ident


def check_list(values: list, path: list[PathPart], problems: Problems,
               item: Callable[[Any, list[PathPart]], Any]) -> list:
    out = []
    for i, v in enumerate(values):
        r = item(v, [*path, i])
        if r is not None:
            out.append(r)
    return out
