"""Issue 27's questions: the Fellowship's own move, the Guide, the end of the turn in Mordor,
advancing after a battle, drawing Event cards, the Hunt Pool on entering Mordor, a tile drawn on
declaring, and armies that crossed a border while not At War. Each case is what a player would
check at the table; the scenario files hold the contract cases."""
from __future__ import annotations

import pytest

from adjudicator.api import ask
from adjudicator.problems import ScenarioInvalid

WOTR = "war-of-the-ring"


def rule(position: dict, question: dict, lang: str = "en") -> dict:
    return ask({"game": WOTR, "position": position, "question": question}, lang=lang)


def verdict(position: dict, question: dict) -> dict:
    return rule(position, question)["verdict"]


def cites(ruling: dict) -> set[str]:
    return {c["rule"] for c in ruling["citations"]}


# -- fellowship-move --------------------------------------------------------------------------

@pytest.mark.parametrize(("progress", "to", "allowed", "reach"), [
    (0, "Trollshaws", True, 1), (0, "Hollin", False, 1), (1, "Hollin", True, 2), (4, "Moria", True, 5),
])
def test_the_move_reaches_one_region_further_than_the_progress(progress, to, allowed, reach):
    v = verdict({"fellowship": {"region": "Rivendell", "progress": progress}, "turn": {"phase": 5}},
                {"kind": "fellowship-move", "to": to})
    assert (v["allowed"], v["max_distance"]) == (allowed, reach)


def test_a_revealed_fellowship_must_hide_first_and_strider_may_with_any_die():
    r = rule({"fellowship": {"hidden": False, "companions": ["Strider", "Legolas"]}, "turn": {"phase": 5}},
             {"kind": "fellowship-move"})
    assert r["verdict"]["allowed"] is False
    assert {"wotr-fellowship-revealed-no-move", "wotr-char-strider-guide"} <= cites(r)


def test_on_the_mordor_track_one_step_and_never_past_the_crack_of_doom():
    assert verdict({"fellowship": {"mordor": 4}, "turn": {"phase": 5}},
                   {"kind": "fellowship-move"})["max_distance"] == 1
    end = rule({"fellowship": {"mordor": 5}, "turn": {"phase": 5}}, {"kind": "fellowship-move"})
    assert end["verdict"]["allowed"] is False and "wotr-mordor-end" in cites(end)
    region = verdict({"fellowship": {"mordor": 1}, "turn": {"phase": 5}}, {"kind": "fellowship-move", "to": "Nurn"})
    assert region["allowed"] is False and region["distance"] is None


# -- change-guide -------------------------------------------------------------------------------

@pytest.mark.parametrize(("companions", "guide", "allowed", "candidates"), [
    (["Legolas", "Gimli", "Meriadoc"], "Gimli", True, ["gimli", "legolas"]),
    (["Legolas", "Meriadoc"], "Meriadoc", False, ["legolas"]),
    (["Meriadoc"], "Gollum", False, ["meriadoc"]),
    ([], "Gollum", True, ["gollum"]),
    (["Legolas", "Gimli"], "Boromir", False, ["gimli", "legolas"]),
])
def test_the_guide_is_one_of_the_highest_level(companions, guide, allowed, candidates):
    v = verdict({"fellowship": {"companions": companions}, "turn": {"phase": 2}},
                {"kind": "change-guide", "guide": guide})
    assert (v["allowed"], v["candidates"]) == (allowed, candidates)


def test_outside_phase_2_only_after_a_companion_left():
    position = {"fellowship": {"companions": ["Legolas", "Gimli"]}, "turn": {"phase": 5}}
    assert verdict(position, {"kind": "change-guide", "guide": "Gimli"})["allowed"] is False
    assert verdict(position, {"kind": "change-guide", "guide": "Gimli", "changed": True})["allowed"] is True


# -- end-of-turn ---------------------------------------------------------------------------------

@pytest.mark.parametrize(("fellowship", "moved", "hid", "added"), [
    ({"mordor": 2}, False, False, 1), ({"mordor": 2}, True, False, 0), ({"mordor": 2}, False, True, 0),
    ({"region": "Moria"}, False, False, 0), ({"mordor": 5}, False, False, 0),
])
def test_corruption_at_the_end_of_the_turn(fellowship, moved, hid, added):
    v = verdict({"fellowship": fellowship}, {"kind": "end-of-turn", "moved": moved, "hid": hid})
    assert v["corruption_added"] == added


def test_the_end_of_the_turn_asks_what_the_fellowship_did():
    v = verdict({"fellowship": {"mordor": 2}}, {"kind": "end-of-turn"})
    assert v["status"] == "needs-info" and sorted(v["missing"]) == ["question.hid", "question.moved"]


# -- advance ---------------------------------------------------------------------------------------

_FIELD = {"regions": {"Osgiliath": {"shadow": {"sauron": {"regular": 6, "elite": 1}, "nazgul": 1}},
                      "Minas Tirith": {"free_peoples": {"gondor": {"regular": 2}}}}}
_SIEGE = {"regions": {"Minas Tirith": {"besieged": "free-peoples", "free_peoples": {"gondor": {"regular": 2}},
                                       "shadow": {"sauron": {"regular": 5}}}}}


@pytest.mark.parametrize(("position", "question", "expected"), [
    (_FIELD, {"outcome": "won"}, {"allowed": True, "units": 7, "captures": True, "besieges": False}),
    (_FIELD, {"outcome": "into-stronghold"}, {"allowed": True, "units": 7, "captures": False, "besieges": True}),
    (_FIELD, {"outcome": "ceased"}, {"allowed": False, "units": 0}),
    (_FIELD, {"outcome": "won", "units": {"sauron": {"elite": 1}}}, {"allowed": True, "units": 1}),
    (_SIEGE, {"from": "Minas Tirith", "side": "shadow", "outcome": "won"}, {"allowed": False, "captures": True}),
    (_SIEGE, {"from": "Minas Tirith", "side": "free-peoples", "outcome": "won"}, {"allowed": False, "units": 0}),
])
def test_who_advances_after_the_battle(position, question, expected):
    q = {"kind": "advance", "from": "Osgiliath", "to": "Minas Tirith", **question}
    v = verdict(position, q)
    assert {k: v[k] for k in expected} == expected


def test_nazgul_alone_do_not_advance():
    v = verdict(_FIELD, {"kind": "advance", "from": "Osgiliath", "to": "Minas Tirith", "outcome": "won",
                         "units": {"nazgul": 1}})
    assert v["allowed"] is False


def test_a_battle_in_one_region_needs_a_siege():
    with pytest.raises(ScenarioInvalid):
        ask({"game": WOTR, "position": _FIELD,
             "question": {"kind": "advance", "from": "Osgiliath", "to": "Osgiliath"}})


# -- draw-cards ---------------------------------------------------------------------------------

@pytest.mark.parametrize(("question", "expected"), [
    ({"hand": 4, "draw": 2}, (2, 0, 6)), ({"hand": 6, "draw": 2}, (2, 2, 6)),
    ({"hand": 5, "draw": 3, "deck_left": 1}, (1, 0, 6)), ({"hand": 6, "deck_left": 0}, (0, 0, 6)),
])
def test_the_hand_limit_on_a_draw(question, expected):
    v = verdict({}, {"kind": "draw-cards", **question})
    assert (v["drawn"], v["discard"], v["hand"]) == expected


# -- enter-mordor's pool, hunt-damage declared ---------------------------------------------------

def test_the_pool_on_entering_mordor_takes_back_the_eyes_and_adds_special_tiles():
    v = verdict({"fellowship": {"region": "Morannon"}, "turn": {"phase": 2},
                 "hunt": {"pool": [3, 3, 2, "eye"], "special_tiles": ["Phial", "The Ring is Mine!"]}},
                {"kind": "enter-mordor"})
    assert v["pool"] == [3, 3, 2, "eye", "eye", "eye", "eye", "phial-of-galadriel", "the-ring-is-mine"]


def test_a_pool_is_given_only_when_the_fellowship_may_enter():
    v = verdict({"fellowship": {"region": "Moria", "hidden": False}, "turn": {"phase": 2}}, {"kind": "enter-mordor"})
    assert v["allowed"] is False and "pool" not in v


@pytest.mark.parametrize(("region", "control", "reveal"), [
    ("Minas Tirith", "free-peoples", False), ("Minas Tirith", "shadow", True), ("Edoras", "free-peoples", False),
    ("Bree", "free-peoples", True), ("Dead Marshes", None, True),
])
def test_a_tile_drawn_on_declaring(region, control, reveal):
    state = {"control": control} if control else {}
    v = verdict({"fellowship": {"region": region}, "regions": {region: state}},
                {"kind": "hunt-damage", "tile": {"value": 1, "reveal": True}, "declared": True})
    assert v["reveal"] is reveal


def test_declared_comes_with_no_hunt_roll():
    with pytest.raises(ScenarioInvalid):
        ask({"game": WOTR, "position": {},
             "question": {"kind": "hunt-damage", "tile": 1, "successes": 1, "declared": True}})


# -- crossed --------------------------------------------------------------------------------------

@pytest.mark.parametrize(("politics", "to", "allowed"), [
    ({"gondor": {"steps": 1}}, "Folde", False), ({"gondor": {"steps": 1}}, "Druadan Forest", True),
    ({"gondor": {"steps": 1}}, "Fangorn", True), ({"gondor": "at-war"}, "Folde", True),
])
def test_figures_that_crossed_must_leave_with_their_next_move(politics, to, allowed):
    position = {"regions": {"Eastemnet": {"crossed": ["gondor"], "free_peoples": {"gondor": {"regular": 2}}}},
                "politics": politics}
    r = rule(position, {"kind": "army-move", "from": "Eastemnet", "to": to})
    assert r["verdict"]["allowed"] is allowed
    # The reason given first is the one that binds these figures: they must leave Rohan.
    assert ("must leave Rohan" in r["answer"]) is (not allowed)


@pytest.mark.parametrize("region", ["Eastemnet", "Osgiliath", "Minas Tirith"])
def test_crossed_names_only_a_nation_standing_in_another_nations_region(region):
    bad = {"Eastemnet": {"crossed": ["rohan"], "free_peoples": {"gondor": {"regular": 1}}},
           "Osgiliath": {"crossed": ["gondor"], "free_peoples": {"gondor": {"regular": 1}}},
           "Minas Tirith": {"crossed": ["gondor"], "free_peoples": {"gondor": {"regular": 1}}}}[region]
    with pytest.raises(ScenarioInvalid) as err:
        ask({"game": WOTR, "position": {"regions": {region: bad}},
             "question": {"kind": "army-move", "from": region, "to": "Druadan Forest"}}, lang="es")
    assert any(p["path"].endswith("crossed[0]") for p in err.value.as_dicts("es"))
