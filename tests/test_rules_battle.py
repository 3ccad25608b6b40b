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
            {"Lossarnach": {"free_peoples": {"gondor": {"regular": units, "leader": min(leaders, 4)},   # Gondor has 4
                                             "rohan": {"leader": max(0, leaders - 4)}}},
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




# -- characters' abilities, computed by hand -------------------------------------------------------
ORTHANC_SARUMAN = {"Orthanc": {"shadow": {"characters": ["Saruman"]}}}


def exact_hits(side):
    return [Fraction(x) for x in side["p_hits_exact"]]


def test_an_isengard_elite_re_rolls_while_saruman_is_in_play():
    # One Elite, 1 die on 5+ with one re-roll: 1/3 + 2/3 * 1/3 = 5/9. Without Saruman: 1/3.
    regions = {"Gap of Rohan": {"shadow": {"isengard": {"elite": 1}}},
               "Enedwaith": {"free_peoples": {"rohan": {"regular": 1}}}}
    with_saruman = ask({"kind": "battle", "from": "Gap of Rohan", "to": "Enedwaith"},
                       {**ORTHANC_SARUMAN, **regions}, AT_WAR)
    assert exact_hits(with_saruman["verdict"]["attacker"]) == [Fraction(4, 9), Fraction(5, 9)]
    assert "wotr-char-saruman-elites" in {c["rule"] for c in with_saruman["citations"]}
    without = ask({"kind": "battle", "from": "Gap of Rohan", "to": "Enedwaith"},
                  {"Orthanc": {"shadow": {"isengard": {"regular": 1}}}, **regions}, AT_WAR)["verdict"]
    assert exact_hits(without["attacker"]) == [Fraction(2, 3), Fraction(1, 3)]
    assert "position.regions.orthanc" not in without.get("defaults", [])


def test_orthanc_left_out_is_a_named_default_saruman_not_in_play():
    for lang, words in (("en", "taken as not in play"), ("es", "no está en juego")):
        out = ask({"kind": "battle", "from": "Gap of Rohan", "to": "Enedwaith"},
                  {"Gap of Rohan": {"shadow": {"isengard": {"regular": 1, "elite": 2}}},
                   "Enedwaith": {"free_peoples": {"rohan": {"regular": 1}}}}, AT_WAR, lang)
        assert out["verdict"]["attacker"]["rerolls"] == 0
        assert "position.regions.orthanc" in out["verdict"]["defaults"]
        assert any(words in s["text"] for s in out["explanation"])


def test_two_elites_and_a_regular_with_saruman_miss_only_if_all_five_rolls_miss():
    # 3 dice, 2 re-rolls (the two Elites): no hit only when the 3 dice and both re-rolls miss.
    v = ask({"kind": "battle", "from": "Gap of Rohan", "to": "Enedwaith"},
            {**ORTHANC_SARUMAN, "Gap of Rohan": {"shadow": {"isengard": {"regular": 1, "elite": 2}}},
             "Enedwaith": {"free_peoples": {"rohan": {"regular": 1}}}}, AT_WAR)["verdict"]
    assert (v["attacker"]["dice"], v["attacker"]["rerolls"]) == (3, 2)
    assert exact_hits(v["attacker"])[0] == Fraction(2, 3) ** 5


def test_isengard_elites_attack_with_a_character_die_only_with_saruman():
    regions = {"Gap of Rohan": {"shadow": {"isengard": {"elite": 2}}},
               "Enedwaith": {"free_peoples": {"rohan": {"regular": 1}}}}
    q = {"kind": "battle", "from": "Gap of Rohan", "to": "Enedwaith", "die": "character"}
    assert ask(q, {**ORTHANC_SARUMAN, **regions}, AT_WAR)["verdict"]["allowed"] is True
    refused = ask(q, {"Orthanc": {"shadow": {"isengard": {"regular": 1}}}, **regions}, AT_WAR)
    assert refused["verdict"]["allowed"] is False
    assert refused["verdict"]["decided_by"] == ["wotr-dice-character"]


GANDALF = {"Osgiliath": {"shadow": {"sauron": {"regular": 5}, "nazgul": 2, "characters": ["Witch-king"]}},
           "Minas Tirith": {"free_peoples": {"gondor": {"regular": 3, "leader": 1},
                                             "characters": ["Gandalf the White"]}}}


def test_gandalf_the_white_cancels_every_nazgul_and_gives_up_his_own():
    # Shadow: Leadership 2 + 2 (the Witch-king) cancelled -> 5 dice, no re-roll: no hit (2/3)^5.
    # Free Peoples: the Leader's 1 stays, Gandalf's 1 goes -> 3 dice, 1 re-roll.
    v = ask({"kind": "battle", "from": "Osgiliath", "to": "Minas Tirith", "cancel_nazgul_leadership": True},
            GANDALF, AT_WAR)["verdict"]
    assert (v["attacker"]["rerolls"], v["defender"]["rerolls"]) == (0, 1)
    assert exact_hits(v["attacker"])[0] == Fraction(2, 3) ** 5
    assert exact_hits(v["defender"])[0] == Fraction(2, 3) ** 4     # 3 dice, then one more miss
    assert "if_cancelled" not in v


@pytest.mark.parametrize("lang, words", [("en", "may choose it"), ("es", "pueden elegirlo")])
def test_not_saying_gives_the_odds_without_it_and_both_sets(lang, words):
    out = ask({"kind": "battle", "from": "Osgiliath", "to": "Minas Tirith"}, GANDALF, AT_WAR, lang)
    v = out["verdict"]
    assert (v["attacker"]["rerolls"], v["defender"]["rerolls"]) == (4, 2)
    assert (v["if_cancelled"]["attacker"]["rerolls"], v["if_cancelled"]["defender"]["rerolls"]) == (0, 1)
    assert "question.cancel_nazgul_leadership" in v["defaults"]
    assert any(words in s["text"] and s["rule"] == "wotr-char-gandalf-white-nazgul" for s in out["explanation"])
    declined = ask({"kind": "battle", "from": "Osgiliath", "to": "Minas Tirith", "cancel_nazgul_leadership": False},
                   GANDALF, AT_WAR, lang)["verdict"]
    assert "if_cancelled" not in declined and declined["attacker"] == v["attacker"]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_cancelling_without_gandalf_the_white_in_the_battle_is_a_problem(lang):
    regions = {**GANDALF, "Minas Tirith": {"free_peoples": {"gondor": {"regular": 3}}}}
    errs = errors_of({"kind": "battle", "from": "Osgiliath", "to": "Minas Tirith", "cancel_nazgul_leadership": True},
                     regions, AT_WAR, lang)
    assert list(errs) == ["question.cancel_nazgul_leadership"]
    assert ("Gandalf the White" if lang == "en" else "Gandalf el Blanco") in errs["question.cancel_nazgul_leadership"]


def test_the_witch_kings_extra_card_follows_a_shadow_combat_card_in_the_first_round():
    q = {"kind": "battle", "from": "Osgiliath", "to": "Minas Tirith", "cancel_nazgul_leadership": False}
    none = ask(q, GANDALF, AT_WAR)
    played = ask({**q, "combat_cards": {"attacker": "Deadly Strife"}}, GANDALF, AT_WAR)
    later = ask({**q, "round": 2, "combat_cards": {"attacker": "Deadly Strife"}}, GANDALF, AT_WAR)
    wk = [s["text"] for s in none["explanation"] if s["rule"] == "wotr-char-witch-king-card"]
    assert wk and "if the Shadow plays" in wk[0]
    wk = [s["text"] for s in played["explanation"] if s["rule"] == "wotr-char-witch-king-card"]
    assert wk and "may draw an Event card from the Strategy deck" in wk[0]
    assert not [s for s in later["explanation"] if s["rule"] == "wotr-char-witch-king-card"]


def test_the_mouth_lets_a_muster_die_attack():
    regions = {"Barad-dur": {"shadow": {"characters": ["The Mouth of Sauron"]}},
               "Minas Morgul": {"shadow": {"sauron": {"regular": 3}}},
               "North Ithilien": {"free_peoples": {"gondor": {"regular": 2}}}}
    q = {"kind": "battle", "from": "Minas Morgul", "to": "North Ithilien", "die": "muster"}
    assert ask(q, regions, AT_WAR)["verdict"]["allowed"] is True
    used = ask({**q, "muster_as_army_used": True}, regions, AT_WAR)["verdict"]
    assert used["allowed"] is False and used["decided_by"] == ["wotr-char-mouth-muster"]
    absent = ask(q, {k: v for k, v in regions.items() if k != "Barad-dur"}, AT_WAR)["verdict"]
    assert absent["allowed"] is False and "position.regions" in absent["defaults"]


def test_a_free_peoples_muster_die_attack_is_refused_citing_the_mouths_card():
    regions = {"Minas Tirith": {"free_peoples": {"gondor": {"regular": 3}}},
               "Osgiliath": {"shadow": {"sauron": {"regular": 2}}}}
    out = ask({"kind": "battle", "from": "Minas Tirith", "to": "Osgiliath", "die": "muster"}, regions, AT_WAR, "es")
    assert out["verdict"]["allowed"] is False and out["verdict"]["decided_by"] == ["wotr-dice-muster"]
    assert [s["rule"] for s in out["explanation"] if "Solo la Sombra" in s["text"]] == ["wotr-char-mouth-muster"]


def test_a_split_attack_never_leaves_leaders_alone():
    regions = {"Folde": {"free_peoples": {"rohan": {"regular": 3, "leader": 1}}},
               "Westemnet": {"shadow": {"isengard": {"regular": 2}}}}
    q = {"kind": "battle", "from": "Folde", "to": "Westemnet", "units": {"rohan": {"regular": 3}}}
    v = ask(q, regions, AT_WAR)["verdict"]
    assert v["allowed"] is False and v["decided_by"] == ["wotr-army-leaders-not-alone"]
    kept = ask({**q, "units": {"rohan": {"regular": 2}}}, regions, AT_WAR)["verdict"]
    assert kept["allowed"] is True and kept["attacker"]["rerolls"] == 0


def test_a_besieged_stronghold_over_five_units_is_an_impossible_position():
    regions = {"Minas Tirith": {"besieged": "free-peoples", "free_peoples": {"gondor": {"regular": 6}},
                                "shadow": {"sauron": {"regular": 4}}}}
    for lang in ("en", "es"):
        errs = errors_of({"kind": "battle", "from": "Minas Tirith", "to": "Minas Tirith", "type": "siege"},
                         regions, AT_WAR, lang)
        assert list(errs) == ["position.regions.Minas Tirith.free_peoples"] and "5" in errs[
            "position.regions.Minas Tirith.free_peoples"]


def test_a_siege_asked_from_another_region_cites_the_besieged_army_rule():
    out = ask({"kind": "battle", "from": "Osgiliath", "to": "Minas Tirith", "type": "siege"},
              {"Osgiliath": {"shadow": {"sauron": {"regular": 5}}}, **{k: v for k, v in SIEGE.items()}}, AT_WAR)
    v = out["verdict"]
    assert v["allowed"] is False
    assert v["decided_by"] == ["wotr-siege-besieged-army", "wotr-siege-battle"]


def test_battle_and_retreat_name_the_regions_they_read():
    """The ruling page marks a battle's two regions, and a retreat's free and blocked
    neighbours, on the board: the ruling says which region plays which part."""
    regions = {"North Ithilien": {"shadow": {"sauron": {"regular": 3}}},
               "Osgiliath": {"free_peoples": {"gondor": {"regular": 2}}}}
    fought = ask({"kind": "battle", "from": "North Ithilien", "to": "Osgiliath"}, regions, AT_WAR)
    assert fought["regions"] == {"north-ithilien": "from", "osgiliath": "to"}

    ruling = ask({"kind": "retreat", "region": "Osgiliath", "side": "free-peoples"}, regions, AT_WAR)
    marked = ruling["regions"]
    assert marked.pop("osgiliath") == "from"
    assert marked.pop("north-ithilien") == "blocked"    # the Shadow army stands there
    assert sorted(marked) == sorted(ruling["verdict"]["destinations"])
    assert set(marked.values()) == {"reachable"}
