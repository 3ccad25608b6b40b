"""Reading scenario text (YAML or JSON) safely: bounded in size, depth and alias expansion,
every problem reported with the path of its field.

Scenarios come from forums, opponents and bots, so the readers refuse what plain data
never needs, each with a message in the user's language:

- more than :data:`MAX_VALUES` values once YAML aliases are expanded (an alias counts the
  whole tree it stands for, so a 500-byte "billion laughs" is refused before it is built),
  an alias inside its own anchor, nesting deeper than :data:`MAX_DEPTH`;
- a key given twice in one mapping (YAML and JSON would silently keep the last one);
- text with control characters or lone surrogates (NUL included), text longer than
  :data:`MAX_TEXT_CHARS`, numbers longer than :data:`MAX_INT_DIGITS` digits;
- YAML tags other than plain data (``!!binary``, ``!!set``, ``!custom``); dates stay text.

JSON objects are read by ``json`` (PyYAML is imported only for YAML text). :func:`check_data`
holds the checks that apply to data however it was made; the engine runs it on every
scenario it is given (:func:`adjudicator.api.read_envelope`).
"""
from __future__ import annotations

from functools import cache
from typing import Any

from adjudicator.problems import Message, Problem, Problems, ScenarioInvalid, bad_char, shown

MAX_TEXT_BYTES = 1024 * 1024   # characters of a whole scenario; a file holds a few hundred
MAX_VALUES = 10_000            # real scenarios hold under a hundred
MAX_DEPTH = 32                 # real scenarios nest 7 deep
MAX_TEXT_CHARS = 2_000         # titles and notes; real ones are under 200
MAX_INT_DIGITS = 30
_TEXT_COST = 64                # a text counts one value per this many characters
_HUGE = 10 ** MAX_INT_DIGITS


class _Stop(Exception):
    """A bound was reached: reading stops at once with this problem."""

    def __init__(self, path: list, key: str, **params: Any):
        super().__init__(key)
        self.path, self.key, self.params = path, key, params


def _invalid(problems: Problems, stop: _Stop | None = None) -> ScenarioInvalid:
    if stop is not None:
        problems.add(stop.path, stop.key, **stop.params)
    return ScenarioInvalid(problems.all())


def load_text(text: str, *, as_json: bool = False) -> Any:
    """Parse a scenario written in YAML or JSON; raises :class:`ScenarioInvalid` with every
    problem. A JSON object is read with ``json`` first (same result, no PyYAML import).

    ``as_json`` (a ``.json`` file) reads strict JSON only. Text that opens like a JSON
    object (``{"``) and that YAML cannot read either is reported as JSON: that is what
    its writer meant (``{game: ...}``, YAML's flow style, keeps the YAML reader's words)."""
    if len(text) > MAX_TEXT_BYTES:
        raise ScenarioInvalid([Problem("", "core.err_text_too_large", {"limit": MAX_TEXT_BYTES // 1024})])
    text = without_bom(text)
    if not as_json and not text.lstrip().startswith("{"):
        return _load_yaml(text)
    try:
        return load_json(text)
    except RecursionError:   # deeper than json reads: the YAML reader says where (JSON is YAML)
        return _load_yaml(text)
    except ValueError as exc:
        if as_json:
            raise json_invalid(exc, text) from None
        if not _opens_like_json(text):
            return _load_yaml(text)   # not strict JSON (YAML flow style, say): the YAML reader says what is wrong
        try:
            return _load_yaml(text)
        except ScenarioInvalid:
            raise json_invalid(exc, text) from None


def _opens_like_json(text: str) -> bool:
    """``{`` then a quoted key, ``}`` or nothing at all: JSON, not YAML's ``{key: value}``."""
    after = text.lstrip()[1:].lstrip()
    return not after or after[0] in '"}'


# json's reasons (English only), each to the message that says it in the user's language.
JSON_REASONS = (
    ("Expecting value", "core.err_json_value"),
    ("Expecting property name", "core.err_json_key"),
    ("Expecting ':'", "core.err_json_colon"),
    ("Expecting ','", "core.err_json_comma"),
    ("Illegal trailing comma", "core.err_json_trailing_comma"),
    ("Unterminated string", "core.err_json_string"),
    ("Invalid control character", "core.err_json_control"),
    ("Invalid \\", "core.err_json_escape"),
    ("Extra data", "core.err_json_extra"),
)


def json_invalid(exc: ValueError, text: str) -> ScenarioInvalid:
    """A JSON syntax error as a problem: where, and why in the user's language."""
    msg = getattr(exc, "msg", str(exc))
    pos = getattr(exc, "pos", None)
    line, column = getattr(exc, "lineno", "?"), getattr(exc, "colno", "?")
    if isinstance(pos, int) and pos >= len(text.rstrip()) and "Extra data" not in msg:
        reason = Message("core.err_json_end")   # the text stopped inside an object, list or text
    else:
        key = next((k for words, k in JSON_REASONS if msg.startswith(words)), None)
        reason = Message(key) if key else Message("core.err_json_other", {"detail": shown(msg)})
    return ScenarioInvalid([Problem("", "core.err_json", {"line": line, "column": column, "detail": reason})])


def without_bom(text: str) -> str:
    """The text without a leading byte-order mark (Windows Notepad and PowerShell write one;
    RFC 8259 lets a JSON reader ignore it, and YAML does)."""
    return text[1:] if text.startswith("\ufeff") else text


def load_json(text: str) -> Any:
    """Strict JSON with the checks of :func:`check_data` and duplicate keys reported; a
    leading byte-order mark is ignored.

    Syntax errors raise ``ValueError`` (``json.JSONDecodeError``) or ``RecursionError``
    like ``json.loads``, so a caller can word them; problems in what was read raise
    :class:`ScenarioInvalid`.
    """
    import json

    text = without_bom(text)

    duplicates: dict[int, list[str]] = {}

    def mapping(pairs: list[tuple[str, Any]]) -> dict:
        out = dict(pairs)
        if len(out) < len(pairs):
            seen: set[str] = set()
            duplicates[id(out)] = [k for k, _ in pairs if k in seen or seen.add(k)]  # type: ignore[func-returns-value]
        return out

    data = json.loads(text, object_pairs_hook=mapping, parse_int=_json_int)
    check_data(data, duplicates)
    return data


class _LongNumber(str):
    """A JSON integer too long to be anything in a scenario, kept as its digits so that
    :func:`check_data` reports it at its path (``int()`` would refuse past 4,300 digits,
    with no path, after quadratic work)."""


def _json_int(digits: str) -> int | str:
    return int(digits) if len(digits) <= MAX_INT_DIGITS + 1 else _LongNumber(digits)


# -- plain data, however it was made ---------------------------------------------------------

def check_data(data: Any, duplicates: dict[int, list[str]] | None = None) -> None:
    """Raise :class:`ScenarioInvalid` if ``data`` holds what no scenario needs: too many
    values or too deep (also when lists and mappings are shared or cyclic), bad text,
    numbers too long; ``duplicates`` maps ``id(mapping)`` to its repeated keys (JSON)."""
    if not duplicates and _plain(data):
        return
    problems = Problems()
    try:
        _Walk(problems, duplicates or {}).value(data, [], 0)
    except _Stop as stop:
        raise _invalid(problems, stop) from None
    problems.raise_if_any()


def _plain(data: Any) -> bool:
    """The fast common case of :func:`check_data`: True when nothing is wrong (no paths are
    built; :class:`_Walk` finds them when something is). Recursion stops at MAX_DEPTH."""
    search, budget = bad_char, [MAX_VALUES]

    def plain(x: Any, depth: int) -> bool:
        kind = type(x)
        if kind is str:
            budget[0] -= 1 + len(x) // _TEXT_COST
            return len(x) <= MAX_TEXT_CHARS and (x.isprintable() or not search(x))
        budget[0] -= 1
        if budget[0] < 0:
            return False
        if kind is dict:
            if depth >= MAX_DEPTH:
                return False
            for k, v in x.items():   # loops, not all(): this runs on every ruling
                if type(k) is str and not k.isprintable() and search(k):
                    return False
                if type(v) is str:   # the usual value, checked here rather than in a call of its own
                    budget[0] -= 1 + len(v) // _TEXT_COST
                    if len(v) > MAX_TEXT_CHARS or (not v.isprintable() and search(v)):
                        return False
                elif not plain(v, depth + 1):
                    return False
            return True
        if kind is list:
            if depth >= MAX_DEPTH:
                return False
            for v in x:
                if not plain(v, depth + 1):
                    return False
            return True
        if kind is int:
            return -_HUGE < x < _HUGE
        return kind is float or kind is bool or x is None   # anything else: the careful walk decides

    return plain(data, 0) and budget[0] >= 0


class _Walk:
    def __init__(self, problems: Problems, duplicates: dict[int, list[str]]):
        self.problems = problems
        self.duplicates = duplicates
        self.budget = MAX_VALUES

    def value(self, x: Any, path: list, depth: int) -> None:
        self.budget -= 1
        if self.budget < 0:
            raise _Stop(path, "core.err_too_many_values", limit=MAX_VALUES)
        if isinstance(x, _LongNumber):
            self.problems.add(path, "core.err_number_too_long", limit=MAX_INT_DIGITS)
        elif isinstance(x, str):
            self.text(x, path)
        elif isinstance(x, dict):
            self.container(depth, path)
            for key in self.duplicates.get(id(x), ()):
                self.problems.add([*path, key], "core.err_duplicate_key", key=key)
            for key, v in x.items():
                if isinstance(key, str):
                    self.text(key, [*path, key])
                self.value(v, [*path, key if isinstance(key, str) else str(key)], depth + 1)
        elif isinstance(x, (list, tuple)):
            self.container(depth, path)
            for i, v in enumerate(x):
                self.value(v, [*path, i], depth + 1)
        elif isinstance(x, int) and not isinstance(x, bool) and not -_HUGE < x < _HUGE:
            self.problems.add(path, "core.err_number_too_long", limit=MAX_INT_DIGITS)

    def container(self, depth: int, path: list) -> None:
        if depth >= MAX_DEPTH:
            raise _Stop(path, "core.err_too_deep", limit=MAX_DEPTH)

    def text(self, s: str, path: list) -> None:
        self.budget -= len(s) // _TEXT_COST
        if self.budget < 0:
            raise _Stop(path, "core.err_too_many_values", limit=MAX_VALUES)
        bad = bad_char(s)
        if bad:
            self.problems.add(path, "core.err_bad_char", char=f"U+{ord(bad.group()):04X}", at=bad.start() + 1)
        if len(s) > MAX_TEXT_CHARS:
            self.problems.add(path, "core.err_text_too_long", limit=MAX_TEXT_CHARS, length=len(s))


# -- YAML --------------------------------------------------------------------------------------

def _tag_as_written(tag: str) -> str:
    """``tag:yaml.org,2002:python/object`` -> ``!!python/object``, as the user wrote it."""
    core = "tag:yaml.org,2002:"
    return "!!" + tag[len(core):] if tag.startswith(core) else tag


def _load_yaml(text: str, libyaml: bool = True) -> Any:
    import yaml

    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:   # a lone surrogate: not text at all (bytes that were not UTF-8)
        line = text.count("\n", 0, exc.start) + 1
        column = exc.start - (text.rfind("\n", 0, exc.start) + 1) + 1
        raise ScenarioInvalid([Problem("", "core.err_not_utf8", {"line": line, "column": column})]) from None
    loader = None
    try:
        loader = _loader_class(libyaml)(text)
        node = loader.get_single_node()
        loader.problems.raise_if_any()
        data = None if node is None else loader.construct_document(node)
    except _Stop as stop:
        raise _invalid(loader.problems, stop) from None  # type: ignore[union-attr]
    except yaml.YAMLError as exc:
        in_bytes = getattr(loader, "byte_positions", False)
        raise ScenarioInvalid([Problem("", "core.err_yaml", _yaml_error(exc, text, in_bytes))]) from None
    finally:
        if loader is not None:
            loader.dispose()
    check_data(data)
    return data


def _yaml_error(exc: Exception, text: str, byte_positions: bool) -> dict[str, Any]:
    """Where PyYAML (or libyaml) stopped, and why, for ``core.err_yaml``."""
    mark = getattr(exc, "problem_mark", None)
    offset = None
    if mark is not None:
        line, column = mark.line + 1, mark.column + 1
        offset = mark.index if not byte_positions else None
    elif isinstance(getattr(exc, "position", None), int):   # a ReaderError: a character no YAML may hold
        position: int = exc.position  # type: ignore[attr-defined]
        before = (text.encode("utf-8", "replace")[:position].decode("utf-8", "ignore") if byte_positions
                  else text[:position])   # libyaml counts bytes, PyYAML characters
        line, column = before.count("\n") + 1, len(before) - (before.rfind("\n") + 1) + 1
    else:
        line = column = "?"
    detail = str(getattr(exc, "problem", None) or getattr(exc, "reason", None) or exc)
    found = _char_at(text, line, column) if isinstance(line, int) and offset is None else (
        text[offset] if offset is not None and offset < len(text) else "")
    return {"line": line, "column": column, "detail": yaml_reason(detail, found)}


def _char_at(text: str, line: int, column: int) -> str:
    lines = text.split("\n")
    if 0 < line <= len(lines) and 0 < column <= len(lines[line - 1]):
        return lines[line - 1][column - 1]
    return ""


# The parsers' reasons (PyYAML's words first, then libyaml's), each to the message that says
# it in the user's language: the parsers speak English only.
YAML_REASONS = (
    ("mapping values are not allowed", "core.err_yaml_colon"),
    ("could not find expected ':'", "core.err_yaml_no_colon"),
    ("cannot start any token", "core.err_yaml_char"),
    ("did not find expected key", "core.err_yaml_indent"),
    ("expected <block end>", "core.err_yaml_indent"),
    ("did not find expected '-' indicator", "core.err_yaml_indent"),
    ("block sequence entries are not allowed", "core.err_yaml_indent"),
    ("unexpected end of stream", "core.err_yaml_end"),
    ("',' or ']'", "core.err_yaml_list"),
    ("',' or '}'", "core.err_yaml_mapping"),
    ("unknown escape character", "core.err_yaml_escape"),
    ("undefined alias", "core.err_yaml_alias"),
    ("second occurrence", "core.err_yaml_anchor"),
    ("duplicate anchor", "core.err_yaml_anchor"),
    ("another document", "core.err_yaml_documents"),
    ("single document", "core.err_yaml_documents"),
    ("directive", "core.err_yaml_directive"),
    ("node content", "core.err_yaml_value"),
    ("while scanning a quoted scalar", "core.err_yaml_end"),
)


def yaml_reason(detail: str, found: str = "") -> Message:
    """The parser's reason as a message: ``found`` is the character where it stopped."""
    for words, key in YAML_REASONS:
        if words in detail:
            if key == "core.err_yaml_char":
                if found == "\t":
                    return Message("core.err_yaml_tab")
                return Message(key, {"char": shown(found) if found.strip() else "?"})
            if key == "core.err_yaml_alias":
                name = detail.rpartition("alias")[2].strip(" '\"")
                return Message(key, {"anchor": shown(name, 40)})
            return Message(key)
    return Message("core.err_yaml_other", {"detail": shown(detail)})


@cache
def _loader_class(libyaml: bool = True) -> type:
    """PyYAML's safe loader with a composer that keeps to the bounds (built on first use so
    that importing this module never imports PyYAML); libyaml's parser when installed."""
    from yaml.composer import Composer, ComposerError
    from yaml.constructor import SafeConstructor
    from yaml.events import AliasEvent, MappingEndEvent, ScalarEvent, SequenceEndEvent, SequenceStartEvent
    from yaml.nodes import MappingNode, ScalarNode, SequenceNode
    from yaml.resolver import Resolver

    try:
        if not libyaml:
            raise ImportError("the pure-Python parser was asked for")
        from yaml.cyaml import CParser  # libyaml's parser, when installed: several times faster

        parser_bases: tuple[type, ...] = (CParser,)
        byte_positions = True

        def init_parser(loader, stream: str) -> None:
            CParser.__init__(loader, stream)
    except ImportError:
        from yaml.parser import Parser
        from yaml.reader import Reader
        from yaml.scanner import Scanner

        parser_bases = (Reader, Scanner, Parser)
        byte_positions = False

        def init_parser(loader, stream: str) -> None:
            Reader.__init__(loader, stream)
            Scanner.__init__(loader)
            Parser.__init__(loader)

    core = "tag:yaml.org,2002:"
    plain_tags = {core + t for t in ("str", "int", "float", "bool", "null", "seq", "map", "merge")}
    timestamp = core + "timestamp"

    class PlainResolver(Resolver):
        """YAML 1.1 without dates: ``2024-01-01`` stays text (scenarios hold no dates)."""

    PlainResolver.yaml_implicit_resolvers = {
        first: [(tag, regexp) for tag, regexp in resolvers if tag != timestamp]
        for first, resolvers in Resolver.yaml_implicit_resolvers.items()}

    class BoundedComposer(Composer):
        """PyYAML's composer, plus: nesting depth, the expanded size of every node (an alias
        counts the whole tree it stands for, memoised per node), duplicate keys, tags."""

        def __init__(self) -> None:
            super().__init__()
            self.problems = Problems()
            self.path: list = []
            self.sizes: dict[int, int] = {}   # id(node) -> expanded size, once composed
            self.aliases = False

        def compose_node(self, parent, index):
            if self.check_event(AliasEvent):
                event = self.get_event()
                node = self.anchors.get(event.anchor)
                if node is None:
                    raise ComposerError(None, None, f"found undefined alias {event.anchor!r}", event.start_mark)
                if id(node) not in self.sizes:
                    raise _Stop(list(self.path), "core.err_alias_recursive", anchor=event.anchor)
                self.aliases = True
                return node
            event = self.peek_event()
            if event.anchor is not None and event.anchor in self.anchors:
                raise ComposerError(f"found duplicate anchor {event.anchor!r}; first occurrence",
                                    self.anchors[event.anchor].start_mark, "second occurrence", event.start_mark)
            self.descend_resolver(parent, index)
            if self.check_event(ScalarEvent):
                node = self.compose_scalar_node(event.anchor)
            elif self.check_event(SequenceStartEvent):
                node = self.compose_sequence_node(event.anchor)
            else:
                node = self.compose_mapping_node(event.anchor)
            self.ascend_resolver()
            if node.tag not in plain_tags:
                self.problems.add(self.path, "core.err_yaml_tag", tag=_tag_as_written(node.tag))
            return node

        def compose_scalar_node(self, anchor):
            node = super().compose_scalar_node(anchor)
            self.sizes[id(node)] = 1 + len(node.value) // _TEXT_COST
            if node.tag == core + "int" and len(node.value) > MAX_INT_DIGITS + 2:
                self.problems.add(self.path, "core.err_number_too_long", limit=MAX_INT_DIGITS)
            return node

        def _enter(self) -> None:
            if len(self.path) >= MAX_DEPTH:
                raise _Stop(list(self.path), "core.err_too_deep", limit=MAX_DEPTH)

        def _grow(self, node, size: int) -> int:
            if size > MAX_VALUES:
                key = "core.err_alias_expansion" if self.aliases else "core.err_too_many_values"
                raise _Stop(list(self.path), key, limit=MAX_VALUES)
            return size

        def compose_sequence_node(self, anchor):
            self._enter()
            start = self.get_event()
            tag = start.tag if start.tag not in (None, "!") else self.resolve(SequenceNode, None, start.implicit)
            node = SequenceNode(tag, [], start.start_mark, None, flow_style=start.flow_style)
            if anchor is not None:
                self.anchors[anchor] = node
            size = 1
            while not self.check_event(SequenceEndEvent):
                self.path.append(len(node.value))
                item = self.compose_node(node, len(node.value))
                self.path.pop()
                node.value.append(item)
                size = self._grow(node, size + self.sizes[id(item)])
            node.end_mark = self.get_event().end_mark
            self.sizes[id(node)] = size
            return node

        def compose_mapping_node(self, anchor):
            self._enter()
            start = self.get_event()
            tag = start.tag if start.tag not in (None, "!") else self.resolve(MappingNode, None, start.implicit)
            node = MappingNode(tag, [], start.start_mark, None, flow_style=start.flow_style)
            if anchor is not None:
                self.anchors[anchor] = node
            size, seen = 1, set[tuple[str, Any]]()
            while not self.check_event(MappingEndEvent):
                key = self.compose_node(node, None)
                name = self._key(key, seen)
                self.path.append(name)
                value = self.compose_node(node, key)
                self.path.pop()
                node.value.append((key, value))
                size = self._grow(node, size + self.sizes[id(key)] + self.sizes[id(value)])
            node.end_mark = self.get_event().end_mark
            self.sizes[id(node)] = size
            return node

        def _key(self, key, seen: set[tuple[str, Any]]) -> str:
            """The key as a path part; a repeated key (not a merge ``<<``) is a problem."""
            if not isinstance(key, ScalarNode):
                self.problems.add(self.path, "core.err_key_type")
                return "?"
            if key.tag == core + "merge":
                return key.value
            ident = (key.tag, key.value) if key.tag == core + "str" else (key.tag, self._scalar(key))
            if ident in seen:
                self.problems.add([*self.path, key.value], "core.err_duplicate_key", key=key.value)
            seen.add(ident)
            return key.value

        def _scalar(self, key) -> Any:
            try:   # 1, 0x1 and 01 are one key once read; yes, true and on too
                return self.construct_object(key)
            except Exception:
                return key.value

    # mypy cannot check bases chosen at run time (libyaml's parser or PyYAML's)
    class BoundedSafeLoader(BoundedComposer, *parser_bases, SafeConstructor, PlainResolver):  # type: ignore[misc]
        def __init__(self, stream: str):
            init_parser(self, stream)
            BoundedComposer.__init__(self)
            SafeConstructor.__init__(self)
            PlainResolver.__init__(self)

    BoundedSafeLoader.byte_positions = byte_positions
    return BoundedSafeLoader


def read_source(source: str) -> str:
    """The text of a scenario file (``-``: standard input), refused past :data:`MAX_TEXT_BYTES`
    before it is read whole; any failure is a problem (exit 2), never a traceback."""
    import sys

    from adjudicator.problems import Problem, ScenarioInvalid

    try:
        if source == "-":
            text = sys.stdin.read(MAX_TEXT_BYTES + 1)
        else:
            with open(source, encoding="utf-8") as fh:
                text = fh.read(MAX_TEXT_BYTES + 1)
    except (OSError, UnicodeDecodeError) as exc:
        raise ScenarioInvalid([Problem("", "core.err_file", {"file": source, "detail": str(exc)})]) from None
    if len(text) > MAX_TEXT_BYTES:
        limit_kib = MAX_TEXT_BYTES // 1024
        raise ScenarioInvalid([Problem("", "core.err_file_too_large", {"file": source, "limit": limit_kib})])
    return text
