"""A form in players' words (issue 26): the help and "default" texts of a kind's spec are
written for the scenario file too (the docs show them as they are), so before a form shows
them the scenario-file syntax goes:

- ``param: value`` naming another field of the same question and one of its values is said
  with their labels ("Only with die: muster" -> "Only with Die used: Muster die");
- a raw choice value in a default is said with its label ("keep-strength for both sides");
- what is left that only a scenario file can say (``{after: N, ...}``, a YAML example, "Or
  the number ..." beside buttons that hold no number) is not shown: the "More of the
  question (YAML)" box takes it.

Generic over every kind: it reads only the spec's own names, values and labels.
"""
from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from adjudicator.spec import Text

# What a form must never show (the browser test of issue 26 checks the pages with it too).
SCENARIO_SYNTAX = re.compile(r"[{}]|\bYAML\b|\b[a-z]+_[a-z_]+\b")
_PAIR = re.compile(r"\b([a-z_]+): ([a-z][a-z-]*)\b")


def _labels(fields: tuple) -> dict[str, tuple[Text, dict[str, Text]]]:
    return {f.key: (f.label, {v: label for v, label in f.choices}) for f in fields}


def _say(text: str, lang: str, labels: dict, own: dict[str, Text]) -> str | None:
    def pair(m: re.Match) -> str:
        found = labels.get(m.group(1))
        if not found or m.group(2) not in found[1]:
            return m.group(0)
        label, values = found
        return f"{label.get(lang).split(' (')[0]}: {values[m.group(2)].get(lang)}"

    out = _PAIR.sub(pair, text)
    for value, label in own.items():
        if "-" in value or "_" in value:
            out = re.sub(rf"(?<![\w-]){re.escape(value)}(?![\w-])", label.get(lang), out)
    kept = [sentence for sentence in re.split(r"(?<=\.) ", out) if not SCENARIO_SYNTAX.search(sentence)]
    return " ".join(kept) or None


def _text(value: Text | None, labels: dict, own: dict[str, Text], drop_alternative: bool) -> Text | None:
    if value is None:
        return None
    if drop_alternative and value.en.startswith("Or "):
        return None   # another way of giving the value that the buttons cannot take
    en, es = _say(value.en, "en", labels, own), _say(value.es, "es", labels, own)
    return Text(en, es) if en is not None and es is not None else None


def in_players_words(fields: tuple[Any, ...]) -> tuple[Any, ...]:
    """The fields with their help and default texts as a player reads them."""
    labels = _labels(fields)
    out = []
    for f in fields:
        own = {v: label for v, label in f.choices}
        buttons = f.type in ("choice", "bool")
        out.append(replace(f, help=_text(f.help, labels, own, buttons),
                           default_text=_text(f.default_text, labels, own, False)))
    return tuple(out)
