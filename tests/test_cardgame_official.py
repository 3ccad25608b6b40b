"""The card game's kinds from the official rules: bad input never breaks them, and the
battleground's winner never depends on the order the defenders choose."""
from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator import api
from adjudicator.problems import ScenarioInvalid

GAME = "wotr-card-game"

HOSTILE = [
    {"kind": "battleground-combat", "battleground": 5, "eliminate": "x", "deck": "foo"},
    {"kind": "battleground-combat", "battleground": {"name": "X", "shields": "a", "free_peoples": [1],
                                                     "shadow": {"armies": "x"}}},
    {"kind": "battleground-combat", "battleground": {"name": "X", "shields": 1, "deck": "shadow",
                                                     "free_peoples": {"armies": [{"name": "A", "attack": 2}]},
                                                     "shadow": {}}, "eliminate": ["A"]},
    {"kind": "victory-check", "free_peoples": [1, 2], "shadow": "x", "round": 10},
    {"kind": "victory-check", "free_peoples": {"battlegrounds": [{"vp": -1}], "paths": "x"},
     "shadow": {"corruption": "many"}, "round": 2},
    {"kind": "out-of-cards", "must": "jump", "count": 0},
    {"kind": "out-of-cards", "must": "forsake", "hand": [1, 2], "reserve": 0, "draw_deck": 0},
    {"kind": "carryover", "to": "moon", "hand": -1},
    {"kind": "carryover", "carryover_limit": 2, "stack_limit": 3, "hand": 4},
]


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("question", HOSTILE, ids=lambda q: q["kind"])
def test_bad_input_is_every_problem_in_the_users_language(question, lang):
    with pytest.raises(ScenarioInvalid) as exc:
        api.ask({"game": GAME, "lang": lang, "question": question})
    problems = exc.value.as_dicts(lang)
    assert problems and all(p["message"] and "cardgame." not in p["message"] for p in problems)


def _combat(defence: int, attack: list[int], worth: list[int], order: list[str] | None = None) -> dict:
    question = {"kind": "battleground-combat", "battleground": {
        "name": "Osgiliath", "shields": defence, "deck": "free-peoples",
        "free_peoples": {"armies": [{"name": f"D{i}", "faction": "dunedain", "defence": w}
                                    for i, w in enumerate(worth)]},
        "shadow": {"armies": [{"name": f"A{i}", "faction": "mordor", "attack": a} for i, a in enumerate(attack)]}}}
    if order is not None:
        question["eliminate"] = order
    return api.ask({"game": GAME, "question": question})["verdict"]


@settings(max_examples=40, deadline=None)
@given(defence=st.integers(0, 3), attack=st.lists(st.integers(0, 4), min_size=1, max_size=3),
       worth=st.lists(st.integers(1, 3), max_size=3))
def test_the_winner_is_the_same_whatever_legal_order_the_defenders_choose(defence, attack, worth):
    free = _combat(defence, attack, worth)
    left = max(sum(attack) - defence, 0)
    assert free["winner"] == ("free-peoples" if left <= sum(worth) else "shadow")
    assert free["icons_left"] == max(left - sum(worth), 0)
    for order in itertools.permutations([f"D{i}" for i in range(len(worth))]):
        ruled = _combat(defence, attack, worth, list(order))
        if ruled["allowed"]:
            assert ruled["winner"] == free["winner"] and ruled["icons_left"] == free["icons_left"]
            assert free["cards_eliminated"] <= ruled["cards_eliminated"] <= free.get("cards_eliminated_max", 99)
