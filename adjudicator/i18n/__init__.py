"""Message catalogues for the engine's answers and errors, in English and Spanish.

Each domain is a JSON file in ``messages/`` (``hunt.json`` holds every key that starts
with ``hunt.``): ``{"key": {"en": "...", "es": "..."}}`` with ``str.format`` placeholders.
A test checks that both languages exist for every key, with the same placeholders.

Counts choose their word with ``{n:plural(dado|dados)}``: the first form when ``n`` is 1.
A name that is grammatically plural (:class:`Name`: the Elves, los Enanos) chooses the same
way: ``{nation} {nation:plural(is|are)}``. ``{nation:the}`` / ``{nation:The}`` (Spanish
``{nation:el}`` / ``{nation:El}``) is the name with the article it takes as a subject ("the
Elves", "los Elfos", "Gondor"), capitalised for the start of a sentence with ``The``/``El``.
"""
from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

LANGS = ("en", "es")
DEFAULT_LANG = "en"
_DIR = Path(__file__).parent / "messages"


@cache
def catalogue(domain: str) -> dict[str, dict[str, str]]:
    path = _DIR / f"{domain}.json"
    with path.open(encoding="utf-8") as fh:
        return json.load(fh)


class Name(str):
    """A name with its grammatical number and the article it takes (a nation: "Elves" is
    plural, "the Elves" as a subject). Formats as the bare name; ``{x:the}`` and
    ``{x:plural(is|are)}`` read the rest."""

    __slots__ = ("number", "article")

    number: int     # grammatical number: 1 singular, 2 plural
    article: str

    def __new__(cls, text: str, number: int = 1, article: str = "") -> Name:
        self = super().__new__(cls, text)
        self.number, self.article = number, article
        return self


ARTICLE_SPECS = ("the", "The", "el", "El")


def article_form(value: object, spec: str) -> str:
    """``{x:the}``: the name with its article (none for a plain text), capitalised for ``The``/``El``."""
    text = f"{value.article} {value}" if isinstance(value, Name) and value.article else str(value)
    return text[:1].upper() + text[1:] if spec[:1].isupper() else text


def domains() -> list[str]:
    return sorted(p.stem for p in _DIR.glob("*.json"))


@cache
def _formatter() -> Any:
    """``str.format`` plus ``{n:plural(one|many)}``, which picks the word that agrees with n
    (built on first use: most messages never need it, and a cold start should not pay for it)."""
    import string

    class MessageFormatter(string.Formatter):
        def format_field(self, value: object, format_spec: str) -> str:
            if format_spec.startswith("plural(") and format_spec.endswith(")"):
                one, _, many = format_spec[len("plural("):-1].partition("|")
                return plural_word(value, one, many)
            if format_spec in ARTICLE_SPECS:
                return article_form(value, format_spec)
            return super().format_field(value, format_spec)

    return MessageFormatter()


_PLURAL_WORD = "_plural{}_"   # placeholders of the compiled templates; no message parameter is named so


def plural_word(value: object, one: str, many: str) -> str:
    """The word of ``{n:plural(one|many)}`` that agrees with ``value`` (a count, or a :class:`Name`)."""
    if isinstance(value, Name):
        return one if value.number == 1 else many
    try:
        return one if int(str(value)) in (1, -1) else many
    except ValueError:
        return many


class _Message:
    """A catalogue text ready to format: ``plurals`` (placeholder, field, one, many) are the
    words chosen before the C ``str.format`` fills ``template`` (None: a text only the
    Python formatter reads). A plain class: a NamedTuple would cost the CLI's start-up 3 ms."""

    __slots__ = ("text", "template", "plurals")

    def __init__(self, text: str, template: str | None, plurals: tuple[tuple[str, str, str, str], ...] = ()):
        self.text, self.template, self.plurals = text, template, plurals


def _compile(text: str) -> _Message:
    """A text with plurals rewritten for ``str.format`` (several times faster than the Python
    formatter); a text with fields it cannot rewrite keeps the formatter (None)."""
    import string

    template: list[str] = []
    plurals: list[tuple[str, str, str, str]] = []
    for literal, field, spec, conversion in string.Formatter().parse(text):
        template.append(literal.replace("{", "{{").replace("}", "}}"))
        if field is None:
            continue
        if not field.isidentifier() or conversion or (spec and "{" in spec):
            return _Message(text, None)
        if spec and spec.startswith("plural(") and spec.endswith(")"):
            one, _, many = spec[len("plural("):-1].partition("|")
            placeholder = _PLURAL_WORD.format(len(plurals))
            plurals.append((placeholder, field, one, many))
            template.append("{" + placeholder + "}")
        elif spec in ARTICLE_SPECS:   # the name with its article: chosen like a plural's word
            placeholder = _PLURAL_WORD.format(len(plurals))
            plurals.append((placeholder, field, spec, ""))
            template.append("{" + placeholder + "}")
        else:
            template.append("{" + field + (":" + spec if spec else "") + "}")
    return _Message(text, "".join(template), tuple(plurals))


# (lang, key) -> the message: looked up and compiled once, as every ruling formats a dozen.
_MESSAGES: dict[tuple[str, str], _Message] = {}


def _message(lang: str, key: str) -> _Message:
    domain = key.split(".", 1)[0]
    entry = catalogue(domain)[key]
    text = entry.get(lang) or entry[DEFAULT_LANG]
    return _compile(text) if ":plural(" in text or ":the}" in text or ":The}" in text or ":el}" in text \
        or ":El}" in text else _Message(text, text)


def translate(lang: str, key: str, /, **params: object) -> str:
    """The message ``key`` in ``lang``, formatted with ``params``.

    A missing key is a programming error, reported loudly rather than shown as a key.
    """
    message = _MESSAGES.get((lang, key))
    if message is None:
        message = _message(lang, key)
        if lang in LANGS:   # bounded: whatever a caller passes as lang
            _MESSAGES[lang, key] = message
    if not params:
        return message.text
    if message.template is None:
        return _formatter().vformat(message.text, (), params)
    if not message.plurals:
        return message.template.format(**params)
    words = {placeholder: article_form(params[field], one) if not many and one in ARTICLE_SPECS
             else plural_word(params[field], one, many) for placeholder, field, one, many in message.plurals}
    return message.template.format(**params, **words)
