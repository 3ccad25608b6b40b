"""Small helpers shared by the rules tests: ask a War of the Ring question, or collect the
problems of one that cannot be read (path -> message, in the given language)."""
from __future__ import annotations

import pytest

from adjudicator.api import ask
from adjudicator.problems import ScenarioInvalid

GAME = "war-of-the-ring"


def rule(position, question, lang="en"):
    return ask({"game": GAME, "lang": lang, "position": position, "question": question})


def problems(position, question, lang="en"):
    with pytest.raises(ScenarioInvalid) as exc:
        rule(position, question, lang)
    return {p["path"]: p["message"] for p in exc.value.as_dicts(lang)}


def steps_citing(ruling, words):
    """The rule labels of the explanation's steps whose text holds ``words``."""
    return [s["rule"] for s in ruling["explanation"] if words in s["text"]]
