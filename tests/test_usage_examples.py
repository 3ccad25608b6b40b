"""The usage page's examples in both languages (issue 21): every ``{example}`` of
docs/usage.md is shown in the build's language, and its Spanish version, written or made by
``spanish_scenario``, is a scenario in Spanish that the engine rules as it rules the English
one. (The docs build warns on the same; this checks it without building.)"""
from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from adjudicator import api
from adjudicator.problems import ScenarioInvalid

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "docs" / "_ext"))
from worked_examples import SPANISH_MARK, spanish_scenario  # noqa: E402 (the docs extension's folder)

BLOCK = re.compile(r"```\{example\}\n((?::[a-z-]+:\n)*)(.*?)```", re.S)
EXAMPLES = [(m.group(1), m.group(2)) for m in BLOCK.finditer((ROOT / "docs" / "usage.md").read_text(encoding="utf-8"))]


def outcome(text: str):
    try:
        return api.rule(api.read_envelope(api.load_text(text))).verdict
    except ScenarioInvalid as exc:
        return sorted(p.path for p in exc.problems)


def test_the_usage_page_shows_its_examples_through_the_directive():
    assert len(EXAMPLES) >= 30


@pytest.mark.parametrize("options, body", EXAMPLES, ids=[f"example-{i + 1}" for i in range(len(EXAMPLES))])
def test_each_example_in_spanish_is_spanish_and_rules_as_the_english_one(options, body):
    english, _, own = body.partition(SPANISH_MARK + "\n")
    spanish = own or spanish_scenario(english)
    assert re.search(r"(?m)^lang: es\b", spanish), spanish
    assert not re.search(r"\b(?:free-peoples|at-war)\b", spanish), spanish
    if re.search(r"(?m)^game: war-of-the-ring", english):   # its keys and names too (card names are free text)
        assert "free_peoples" not in spanish, spanish
        for english_name, spanish_name in (("Rivendell", "Rivendel"), ("Strider", "Trancos"),
                                           ("Helm's Deep", "Abismo de Helm"), ("Gandalf the Grey", "Gandalf el Gris")):
            if english_name in english:
                assert english_name not in spanish and spanish_name in spanish, spanish
    assert outcome(english) == outcome(spanish)
    if ":invalid:" in options:
        assert isinstance(outcome(english), list)
    else:
        assert isinstance(outcome(english), dict), outcome(english)
