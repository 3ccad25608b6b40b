"""battle and retreat: the exact odds against a seeded Monte Carlo of the physical roll,
the dice rules at their limits, and bad input in both languages."""
from __future__ import annotations

import random
from fractions import Fraction
from math import sqrt

import pytest

from adjudicator import api
from adjudicator.problems import ScenarioInvalid

AT_WAR = {n: "at-war" for n in ("gondor", "rohan", "sauron", "isengard", "southrons", "elves", "dwarves", "north")}


def ask(question, regions=None, politics=None, lang="en"):
    return api.ask({"game": "war-of-the-ring", "lang": lang,
                    "position": {"regions": regions or {}, "politics": politics or {}},
                    "question": question})


def errors_of(question, regions=None, politics=None, lang="en"):
    with pytest.raises(ScenarioInvalid) as exc:
        ask(question, regions, politics, lang)
    return {e["path"]: e["message"] for e in exc.value.as_dicts(lang)}


def roll_round(rng: random.Random, dice: int, hit_on: int, rerolls: int) -> int:
    """One combat round as players roll it: the dice, then up to `rerolls` failed dice again.
    A 1 always misses and a 6 always hits."""
    def hit(face: int) -> bool:
        return face != 1 and (face == 6 or face >= hit_on)
    faces = [rng.randint(1, 6) for _ in range(dice)]
    hits = sum(hit(f) for f in faces)
    again = min(rerolls, dice - hits)
    return hits + sum(hit(rng.randint(1, 6)) for _ in range(again))


SIEGE = {"Minas Tirith": {"besieged": "free-peoples",
                          "free_peoples": {"gondor": {"regular": 3, "elite": 1, "leader": 2}},
                          "shadow": {"sauron": {"regular": 6, "elite": 2}, "nazgul": 1,
                                     "characters": ["Witch-king"]}}}


@pytest.mark.parametrize("question, regions", [
    ({"kind": "battle", "from": "Minas Tirith", "to": "Minas Tirith", "type": "siege"}, SIEGE),
    ({"kind": "battle", "from": "Folde", "to": "Westemnet"},
     {"Folde": {"free_peoples": {"rohan": {"regular": 3, "elite": 1, "leader": 2}}},
      "Westemnet": {"shadow": {"isengard": {"regular": 2}}}}),
])
def test_p_hits_match_a_seeded_monte_carlo_of_the_physical_roll(question, regions):
    verdict = ask(question, regions, AT_WAR)["verdict"]
    rng = random.Random(20240611)
    trials = 40000
    for role in ("attacker", "defender"):
        side = verdict[role]
        counts = [0] * (side["dice"] + 1)
        for _ in range(trials):
            counts[roll_round(rng, side["dice"], side["hit_on"], side["rerolls"])] += 1
        for k, p in enumerate(side["p_hits"]):
            observed = counts[k] / trials
            sigma = sqrt(max(p * (1 - p), 1e-9) / trials)
            assert abs(observed - p) <= 5 * sigma + 1e-4, (role, k, observed, p)


def test_exact_fractions_sum_to_one_and_agree_with_the_floats():
    verdict = ask({"kind": "battle", "from": "Minas Tirith", "to": "Minas Tirith", "type": "sortie"},
                  SIEGE, AT_WAR)["verdict"]
    for role in ("attacker", "defender"):
        exact = [Fraction(x) for x in verdict[role]["p_hits_exact"]]
        assert sum(exact) == 1
        assert [round(float(x), 4) for x in exact] == verdict[role]["p_hits"]
        assert len(exact) == verdict[role]["dice"] + 1


def test_siege_with_witch_king_counts_his_leadership_of_two():
    v = ask({"kind": "battle", "from": "Minas Tirith", "to": "Minas Tirith", "type": "siege"}, SIEGE, AT_WAR)["verdict"]
    assert v["attacker"] == {**v["attacker"], "dice": 5, "hit_on": 6, "rerolls": 3}
    assert v["defender"] == {**v["defender"], "dice": 4, "hit_on": 5, "rerolls": 2}


@pytest.mark.parametrize("units, leaders, dice, rerolls", [
    (1, 0, 1, 0), (1, 4, 1, 1), (5, 5, 5, 5), (8, 7, 5, 5), (3, 2, 3, 2), (10, 0, 5, 0),
])
def test_dice_and_rerolls_are_capped_by_five_and_by_the_dice(units, leaders, dice, rerolls):
    v = ask({"kind": "battle", "from": "Lossarnach", "to": "Osgiliath", "round": 2},
            {"Lossarnach": {"free_peoples": {"gondor": {"regular": units, "leader": leaders}}},
             "Osgiliath": {"shadow": {"sauron": {"regular": 1}}}}, AT_WAR)["verdict"]
    assert (v["attacker"]["dice"], v["attacker"]["rerolls"]) == (dice, rerolls)


def test_captain_of_the_west_is_free_peoples_only_and_capped():
    v = ask({"kind": "battle", "from": "Osgiliath", "to": "North Ithilien"},
            {"Osgiliath": {"free_peoples": {"gondor": {"regular": 2}, "characters": ["Boromir", "Legolas"]}},
             "North Ithilien": {"shadow": {"sauron": {"regular": 2}, "characters": ["Mouth of Sauron"]}}},
            AT_WAR)["verdict"]
    assert v["attacker"]["dice"] == 4          # 2 units + 2 Captains of the West
    assert v["defender"]["dice"] == 2          # a Minion adds no combat strength
    assert v["defender"]["rerolls"] == 2       # the Mouth of Sauron's Leadership is 2


# -- bad input --------------------------------------------------------------------------------------
@pytest.mark.parametrize("lang, hint", [("en", "did you mean 'sortie'"), ("es", "¿Quisiste decir «sortie»")])
def test_a_misspelt_battle_type_suggests_the_right_one(lang, hint):
    errs = errors_of({"kind": "battle", "from": "Minas Tirith", "to": "Minas Tirith", "type": "sortei",
                      "round": 0}, SIEGE, AT_WAR, lang)
    assert set(errs) == {"question.type", "question.round"}
    assert hint.lower() in errs["question.type"].lower()


@pytest.mark.parametrize("lang, hint", [("en", "did you mean"), ("es", "quisiste decir")])
def test_unknown_retreat_region_in_both_languages(lang, hint):
    errs = errors_of({"kind": "retreat", "region": "Minas Tirit"}, SIEGE, AT_WAR, lang)
    assert hint in errs["question.region"] and "Minas Tirith" in errs["question.region"]


def test_attacking_with_more_units_than_present_is_unreadable():
    errs = errors_of({"kind": "battle", "from": "Folde", "to": "Westemnet", "units": {"rohan": {"elite": 2}}},
                     {"Folde": {"free_peoples": {"rohan": {"regular": 3, "elite": 1}}},
                      "Westemnet": {"shadow": {"isengard": {"regular": 2}}}}, AT_WAR, "es")
    assert "solo hay 1" in errs["question.units.rohan.elite"]


@pytest.mark.parametrize("lang, words", [("en", "not adjacent"), ("es", "no son adyacentes")])
def test_non_adjacent_attack_is_a_refusal_in_both_languages(lang, words):
    out = ask({"kind": "battle", "from": "Minas Tirith", "to": "North Ithilien"},
              {"Minas Tirith": {"free_peoples": {"gondor": {"regular": 2}}},
               "North Ithilien": {"shadow": {"sauron": {"regular": 2}}}}, AT_WAR, lang)
    assert out["verdict"]["allowed"] is False and words in out["answer"]


def test_retreat_destinations_are_ids_and_names_are_in_the_answer():
    out = ask({"kind": "retreat", "region": "Dale"},
              {"Dale": {"free_peoples": {"north": {"regular": 2}}},
               "Iron Hills": {"shadow": {"southrons": {"regular": 3}}}}, lang="es")
    v = out["verdict"]
    assert v["destinations"] == ["erebor", "northern-rhovanion", "old-forest-road", "vale-of-the-carnen",
                                 "withered-heath", "woodland-realm"]
    assert "Reino del Bosque" in out["answer"] and v["into_stronghold"] is False


