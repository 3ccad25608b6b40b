"""Reading user-supplied mappings field by field, collecting every problem with its path.

:class:`Fields` wraps one mapping (the ``question``, or a part of the ``position``). Each
reader returns a clean value or ``None`` and records a problem at ``path.key``; nothing
raises until :meth:`Problems.raise_if_any`. Keys nobody read are reported as unknown,
with the closest known key suggested.
"""
from __future__ import annotations

import builtins
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any, overload

from adjudicator import names
from adjudicator.problems import PathPart, Problems

if TYPE_CHECKING:
    from adjudicator.spec import KindSpec, Param

MISSING = object()
# The longest list any game gives (an LCG staging area, a card game's hand of at most 60, the
# Hunt Pool's tiles): a list parameter or position list past it is a problem, not a workload.
MAX_LIST_ITEMS = 100
# Words players type for the two sides, folded by names.normalize -> the engine's side ids.
SIDE_ALIASES = {
    "freepeoples": "free_peoples", "thefreepeoples": "free_peoples", "fp": "free_peoples",
    "puebloslibres": "free_peoples", "lospuebloslibres": "free_peoples", "pl": "free_peoples",
    "shadow": "shadow", "theshadow": "shadow", "sombra": "shadow", "lasombra": "shadow",
}
SIDE_OPTIONS = ("free-peoples", "shadow")
# Words players type for yes and no (folded: no accents, no case).
YES_NO = {"true": True, "yes": True, "si": True, "y": True, "false": False, "no": False, "n": False}


def is_blank(value: Any) -> bool:
    """An explicit null or a text of only spaces: what a form or ``key:`` gives for nothing."""
    return value is None or (isinstance(value, str) and not value.strip())


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
        if self.read.issuperset(self.raw):   # the usual case, without building the known set
            return
        known = set(self.read) | set(allowed)
        for key in self.raw:
            if key not in known:
                close = names.close_matches(str(key), sorted(known), n=1) if self.problems.may_suggest() else []
                if close:
                    self.error(key, "core.err_unknown_key_suggest", key=key, suggestion=close[0])
                elif known:
                    self.error(key, "core.err_unknown_key_known", key=key, known=", ".join(sorted(map(str, known))))
                else:
                    self.error(key, "core.err_unknown_key", key=key)

    def sub(self, key: str) -> Fields:
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

    def choice(self, key: str, options: Sequence[str], *, default: str | None = None,
               required: bool = False, aliases: Mapping[str, str] | None = None) -> str | None:
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
        if len(value) > MAX_LIST_ITEMS:   # past any list a game has: refused, never worked through
            self.error(key, "core.err_list_too_long", limit=MAX_LIST_ITEMS, n=len(value))
            return default
        return value

    def name(self, key: str, index: names.NameIndex, what: str, *, required: bool = False,
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

    # str and bool come last: below them, their names would hide the builtins in annotations
    # (bool's own key is written builtins.str for that reason).
    # With a default of their type, str and bool always give a value: the overloads say so.
    @overload
    def str(self, key: str, *, default: str, required: bool = False) -> str: ...
    @overload
    def str(self, key: str, *, default: None = None, required: bool = False) -> str | None: ...
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

    @overload
    def bool(self, key: builtins.str, *, default: bool) -> bool: ...
    @overload
    def bool(self, key: builtins.str, *, default: None = None) -> bool | None: ...
    def bool(self, key: builtins.str, *, default: bool | None = None) -> bool | None:
        value = self.one(key)
        if value is MISSING or value is None:
            return default
        if isinstance(value, str) and names.normalize(value) in YES_NO:
            return YES_NO[names.normalize(value)]
        if not isinstance(value, bool):
            self.error(key, "core.err_bool")
            return default
        return value

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
    # The bound that was crossed, the one a player can act on ("at most 36", not "between 0 and 36").
    if hi is not None and n > hi:
        problems.add(path, "core.err_max", hi=hi, value=n)
        return None
    if lo is not None and n < lo:
        problems.add(path, "core.err_min", lo=lo, value=n)
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


@lru_cache(maxsize=512)
def _folded_choices(options: tuple[str, ...], aliases: tuple[tuple[str, str], ...]) -> dict[str, str]:
    """Folded word -> option, built once per choice (every ruling reads a few: kind, game, die)."""
    folded = {names.normalize(o): o for o in options}
    for alias, target in aliases:
        if target in options:   # a shared alias table may name values another question offers
            folded.setdefault(names.normalize(alias), target)
    return folded


def check_choice(value: Any, options: Sequence[str], path: list[PathPart], problems: Problems, *,
                 aliases: Mapping[str, str] | None = None) -> str | None:
    folded = _folded_choices(tuple(options), tuple(aliases.items()) if aliases else ())
    if isinstance(value, (str, int)) and not isinstance(value, bool):
        hit = folded.get(names.normalize(str(value)))
        if hit is not None:
            return hit
    close = (names.close_matches(names.normalize(str(value)), list(folded), n=1)
             if isinstance(value, (str, int)) and problems.may_suggest() else [])
    if close:
        problems.add(path, "core.err_choice_suggest", value=value, options=", ".join(options),
                     suggestion=folded[close[0]])
    else:
        problems.add(path, "core.err_choice", value=value, options=", ".join(options))
    return None


def check_name(value: Any, index: names.NameIndex, what: str, path: list[PathPart],
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


_NAME_INDEXES = {"region": names.regions, "nation": names.nations, "character": names.characters}

# Each kind spec's declared keys and parameters by name, derived once rather than per ruling.
# Keyed by id() (a spec holds dicts, so it is not hashable) with the spec kept beside them,
# so that an id reused by another spec (a test's changed copy) is never mistaken for it.
_SPEC_TABLES: dict[int, tuple[KindSpec, frozenset[str], dict[str, Param]]] = {}


def _spec_tables(spec: KindSpec) -> tuple[frozenset[str], dict[str, Param]]:
    cached = _SPEC_TABLES.get(id(spec))
    if cached is None or cached[0] is not spec:
        if len(_SPEC_TABLES) > 1000:   # bounded; real specs number about fifty
            _SPEC_TABLES.clear()
        params: dict[str, Param] = {}
        for p in spec.params:
            params.setdefault(p.name, p)   # the first declared, as KindSpec.param finds it
        cached = _SPEC_TABLES[id(spec)] = (spec, frozenset({"kind", *spec.top_keys}), params)
    return cached[1], cached[2]


class QuestionFields(Fields):
    """The question's fields, read through its kind's :class:`~adjudicator.spec.KindSpec`.

    ``param(name)`` reads a declared parameter with the type, bounds, choices and default
    the spec gives it; every other read (``get``, ``has``, the typed readers) must name a
    declared parameter too, so a handler cannot take a parameter its spec does not list.
    ``ready()`` reports the keys the spec does not declare and raises every problem at once.
    """

    def __init__(self, f: Fields, spec: KindSpec):
        super().__init__(f.raw, f.path, f.problems)
        self.read = f.read
        self.spec = spec
        self._declared, self._params = _spec_tables(spec)
        # A blank field is an absent one: ``companion:`` (null) or ``""`` reads as left out, so
        # a handler sees "not given" (its default, or "this field is required") either way.
        self._blank = frozenset(k for k, v in self.raw.items() if is_blank(v))
        if self._blank:
            self.raw = {k: v for k, v in self.raw.items() if k not in self._blank}

    def _check(self, key: str) -> None:
        if key not in self._declared:
            raise KeyError(f"{self.spec.game} {self.spec.kind}: parameter {key!r} is not in its spec")

    def get(self, key: str, default: Any = None) -> Any:
        if key not in self._declared:   # _check's test inline: every parameter read passes here
            self._check(key)
        self.read.add(key)
        return self.raw.get(key, default)

    def has(self, key: str) -> bool:
        self._check(key)
        return super().has(key)

    def param(self, name: str) -> Any:
        """The value of a declared parameter of a simple or list type (problems collected)."""
        p = self._params.get(name) or self.spec.param(name)   # the spec says what is not declared
        t = p.type
        if t in _NAME_INDEXES:
            return self.name(name, _NAME_INDEXES[t](), t, required=p.required, default=p.default)
        if t == "side":
            return self.side(name, required=p.required)
        if t == "int":
            return self.int(name, default=p.default, lo=p.lo, hi=p.hi, required=p.required)
        if t == "bool":
            return self.bool(name, default=p.default)
        if t == "choice":
            return self.choice(name, p.choices, default=p.default, required=p.required, aliases=p.aliases)
        if t == "text":
            return self.str(name, default=p.default, required=p.required)
        if t == "ints":
            values = self.list(name, required=p.required)
            if values is None:
                return p.default
            values = [part for v in values for part in names.split_commas(v)]   # "3, 5" as [3, 5]
            return [check_int(v, self.at(name) + [i], self.problems, lo=p.lo, hi=p.hi) for i, v in enumerate(values)]
        if t == "characters":
            return self._names(name, p, names.characters(), "character")
        if t == "words":
            values = self.list(name, required=p.required)
            if values is None:
                return p.default
            out = []
            for i, v in enumerate(values):
                if not isinstance(v, (str, int)) or isinstance(v, bool):
                    self.problems.add(self.at(name) + [i], "core.err_type_text")
                else:
                    out.append(str(v))
            return out
        raise TypeError(f"{self.spec.kind}.{name} is a {t} parameter: its handler reads it with {p.reader}")

    def _names(self, name: str, p: Param, index: names.NameIndex, what: str) -> list[str] | None:
        values = self.list(name, required=p.required)
        if values is None:
            return p.default
        values = [part for v in values for part in names.split_names(v, index)]   # "Legolas, Gimli"
        out: list[str] = []
        for i, v in enumerate(values):
            ident = check_name(v, index, what, self.at(name) + [i], self.problems)
            if ident is None:
                continue
            if ident in out:
                self.problems.add(self.at(name) + [i], "core.err_duplicate", value=v)
            else:
                out.append(ident)
        return out

    def finish(self, allowed: Iterable[str] = ()) -> None:
        """As :meth:`Fields.finish`; a blank key no reader knows is still reported (a typo)."""
        allowed = (*allowed,)
        unknown = [k for k in self._blank if k not in self.read and k not in allowed]
        if unknown:
            self.raw = {**self.raw, **dict.fromkeys(unknown)}
        super().finish(allowed)
    def given(self, name: str) -> bool:
        """Whether the question gives the parameter ``name`` (a top key: ``card`` for ``card.keywords``)."""
        top = name.split(".", 1)[0]
        return top in self._declared and top != "kind" and self.raw.get(top) is not None

    def given_params(self) -> list[str]:
        """The question's own keys it gives a value (``kind`` aside), in the spec's order."""
        return [top for top in self.spec.top_keys if self.raw.get(top) is not None]

    def ready(self, allowed: tuple[str, ...] = ()) -> None:
        self.finish((*self._declared, *allowed))
        self.problems.raise_if_any()
