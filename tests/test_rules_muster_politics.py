"""muster and politics: the rules checked over every nation and event, and the ways people
write their questions (Spanish event names, one recruit without a list)."""
from __future__ import annotations

import pytest

from adjudicator import api, data
from adjudicator.problems import ScenarioInvalid


def ask(question, regions=None, politics=None, lang="en"):
    scenario = {"game": "war-of-the-ring", "lang": lang,
                "position": {"regions": regions or {}, "politics": politics or {}},
                "question": question}
    return api.ask(scenario)


def verdict(question, regions=None, politics=None, lang="en"):
    return ask(question, regions, politics, lang)["verdict"]


NATIONS = [n for n in data.nations() if not n.startswith("_")]


# -- politics ---------------------------------------------------------------------------------
@pytest.mark.parametrize("spanish, event", [
    ("ejército enemigo entra", "enemy-army-enters"), ("Ejército atacado", "army-attacked"),
    ("comunidad declarada", "fellowship-declared"), ("asentamiento capturado", "settlement-captured"),
    ("dado de alistar", "muster-die")])
def test_spanish_event_names_give_the_same_ruling_as_the_english_ones(spanish, event):
    q = {"kind": "politics", "nation": "rohan"}
    assert verdict({**q, "event": spanish}, lang="es") == verdict({**q, "event": event})


@pytest.mark.parametrize("nation", NATIONS)
def test_an_attacked_army_activates_its_nation_and_moves_it_one_step(nation):
    start = data.nations()[nation]
    v = verdict({"kind": "politics", "nation": nation, "event": "army-attacked"})
    assert v["active"] is True
    assert v["steps"] == start["steps_from_war_at_start"] - 1


@pytest.mark.parametrize("nation", NATIONS)
def test_a_muster_die_never_takes_a_passive_nation_to_war(nation):
    side = data.nations()[nation]["side"]
    v = verdict({"kind": "politics", "nation": nation, "event": "muster-die"},
                politics={nation: {"steps": 1, "active": side == "shadow"}})
    if side == "shadow":
        assert (v["steps"], v["allowed"]) == (0, True)
    else:
        assert (v["steps"], v["active"], v["allowed"]) == (1, False, False)


# -- muster -----------------------------------------------------------------------------------
def test_one_recruit_written_without_a_list_is_the_same_question():
    one = {"unit": "elite", "region": "Dale"}
    listed = verdict({"kind": "muster", "nation": "north", "recruit": [one]}, politics={"north": "at-war"})
    single = verdict({"kind": "muster", "nation": "north", "recruit": one}, politics={"north": "at-war"})
    assert listed == single
    assert "wotr-muster-options" in listed.pop("decided_by")
    # Dale not listed and the North's reinforcements not given: both defaults are named.
    assert listed.pop("defaults") == ["position.regions.dale", "position.reinforcements.north"]
    assert listed == {"status": "decided", "allowed": True, "excess": 0}


@pytest.mark.parametrize("nation", NATIONS)
def test_no_nation_recruits_with_a_muster_die_before_it_is_at_war(nation):
    home = next(r for r, info in data.regions().items()
                if info["nation"] == nation and info["settlement"] in ("town", "city", "stronghold"))
    q = {"kind": "muster", "nation": nation, "recruit": [{"unit": "regular", "region": home}]}
    assert verdict(q, politics={nation: {"steps": 1, "active": True}})["allowed"] is False
    assert verdict(q, politics={nation: "at-war"})["allowed"] is True


def test_a_settlement_with_an_enemy_army_in_it_takes_no_recruit():
    q = {"kind": "muster", "nation": "rohan", "recruit": [{"unit": "regular", "region": "Westemnet"}]}
    assert verdict(q, politics={"rohan": "at-war"})["allowed"] is True
    enemy = {"Westemnet": {"control": "shadow", "shadow": {"isengard": {"regular": 2}}}}
    assert verdict(q, enemy, politics={"rohan": "at-war"})["allowed"] is False


def test_bad_recruits_are_all_reported_at_once_in_spanish():
    q = {"kind": "muster", "nation": "gondor",
         "recruit": [{"unit": "soldado", "region": "Minas Tirith"}, {"unit": "elite", "region": "Minas Tiriht"}]}
    with pytest.raises(ScenarioInvalid) as exc:
        ask(q, lang="es")
    errs = {e["path"]: e["message"] for e in exc.value.as_dicts("es")}
    assert set(errs) == {"question.recruit[0].unit", "question.recruit[1].region"}
    assert "Minas Tirith" in errs["question.recruit[1].region"]
