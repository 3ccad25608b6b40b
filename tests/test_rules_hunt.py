"""The Hunt rulings (hunt-roll, hunt-damage, hunt-casualty, hunt-allocation): what a player
would check, and bad inputs reported all at once, with paths, in both languages."""
from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator import data, names
from adjudicator.problems import ScenarioInvalid

from helpers import problems, rule

# -- bad inputs -------------------------------------------------------------------------------

def test_damage_bad_inputs_all_at_once_in_both_languages():
    q = {"kind": "hunt-damage", "tile": "Mordor Orc", "successes": -1, "die": 9, "colour": "red"}
    en = problems({}, q, "en")
    es = problems({}, q, "es")
    assert set(en) == set(es) == {"question.tile", "question.successes", "question.die", "question.colour"}
    assert "not a Hunt tile" in en["question.tile"]
    assert "no es una loseta de Búsqueda" in es["question.tile"]
    assert "-1" in en["question.successes"] and "-1" in es["question.successes"]
    assert en["question.die"] != es["question.die"]


def test_damage_contradictions_are_problems():
    got = problems({}, {"kind": "hunt-damage", "tile": 2, "successes": 2, "no_roll": True, "die": 3})
    assert set(got) == {"question.successes", "question.die"}
    got = problems({"fellowship": {"mordor": 1}}, {"kind": "hunt-damage", "tile": "eye", "successes": 2}, "es")
    assert "Mordor" in got["question.successes"]


def test_damage_more_successes_than_dice_rolled():
    position = {"hunt": {"box": {"shadow": 2}}}
    got = problems(position, {"kind": "hunt-damage", "tile": "eye", "successes": 3}, "es")
    assert "2 dados" in got["question.successes"]
    # Without a Hunt Box in the scenario the dice are unknown, so nothing to contradict.
    assert rule({}, {"kind": "hunt-damage", "tile": "eye", "successes": 3})["verdict"]["damage"] == 3


def test_damage_tile_mapping_checked_field_by_field():
    got = problems({}, {"kind": "hunt-damage", "tile": {"value": 7, "reveal": "maybe", "colour": 1}})
    assert set(got) == {"question.tile.value", "question.tile.reveal", "question.tile.colour"}


def test_casualty_bad_inputs_all_at_once_in_both_languages():
    position = {"fellowship": {"companions": ["Strider", "Legolas"], "guide": "Strider"}}
    q = {"kind": "hunt-casualty", "damage": -2, "take": "Gimli"}
    en = problems(position, q, "en")
    es = problems(position, q, "es")
    assert set(en) == set(es) == {"question.damage", "question.take"}
    assert en["question.take"] == "'Gimli' is not in the Fellowship."
    assert es["question.take"] == "«Gimli» no está en la Comunidad."


@pytest.mark.parametrize("who", ["Frodo", "Sam", "Portadores del Anillo"])
def test_ring_bearers_are_never_a_casualty(who):
    got = problems({}, {"kind": "hunt-casualty", "damage": 2, "take": who}, "es")
    assert "Portadores" in got["question.take"]


def test_casualty_unknown_name_suggests():
    got = problems({}, {"kind": "hunt-casualty", "damage": 2, "take": "Legolaz"})
    assert "Legolas" in got["question.take"]


def test_roll_bad_faces_all_at_once():
    position = {"fellowship": {"region": "Moria"}, "hunt": {"box": {"shadow": 3}}}
    got = problems(position, {"kind": "hunt-roll", "rolls": [0, 7, "x"], "rerolled": [9]})
    assert set(got) == {"question.rolls[0]", "question.rolls[1]", "question.rolls[2]", "question.rerolled[0]"}


def test_roll_counts_checked():
    position = {"fellowship": {"region": "Moria"}, "hunt": {"box": {"shadow": 3}}}
    got = problems(position, {"kind": "hunt-roll", "rolls": [2, 3], "rerolled": [6, 6]})
    assert set(got) == {"question.rolls", "question.rerolled"}
    # Moria gives one re-roll: two re-rolled dice are one too many.
    assert "1" in got["question.rerolled"]


def test_roll_faces_without_a_roll():
    got = problems({"fellowship": {"mordor": 2}, "hunt": {"box": {"shadow": 3}}},
                   {"kind": "hunt-roll", "rolls": [6, 6, 6]}, "es")
    assert "no hay tirada" in got["question.rolls"]
    got = problems({}, {"kind": "hunt-roll", "rerolled": [6]})
    assert "question.rerolled" in got


# -- rulings ------------------------------------------------------------------------------------

@pytest.mark.parametrize("shadow", range(0, 11))
def test_eye_on_mordor_track_counts_every_die_in_the_hunt_box(shadow):
    # Seed 000 'El Anillo Único': as many as the dice in the Hunt Box, Free Peoples dice
    # included, and no cap of five since nothing is rolled.
    v = rule({"fellowship": {"mordor": 2}, "hunt": {"box": {"shadow": shadow, "free_peoples": 3}}},
             {"kind": "hunt-damage", "tile": "eye"})["verdict"]
    assert v["damage"] == shadow + 3
    assert v["reveal"] is True


@pytest.mark.parametrize("tile_id", sorted(data.hunt_tiles()["special"]))
@pytest.mark.parametrize("lang", ["en", "es"])
def test_special_tiles_by_name_in_both_languages(tile_id, lang):
    info = data.hunt_tiles()["special"][tile_id]
    q = {"kind": "hunt-damage", "tile": info["name"][lang]}
    if info["value"] == "die":
        q["die"] = 5
    position = {"fellowship": {"mordor": 1, "corruption": 3}, "hunt": {"box": {"shadow": 2}}}
    v = rule(position, q, lang)["verdict"]
    value = info["value"]
    expected = {"die": 5, "eye": 2}.get(value, max(0, value) if isinstance(value, int) else None)
    assert v["damage"] == expected
    assert v["stop"] == info["stop"]
    assert v["reveal"] == info["reveal"]
    assert v["heal"] == (min(3, -info["value"]) if isinstance(info["value"], int) and info["value"] < 0 else 0)


def test_stop_icon_only_matters_in_mordor():
    tile = {"kind": "hunt-damage", "tile": "On, On They Went"}
    assert rule({"fellowship": {"mordor": 0}}, tile)["verdict"]["stop"] is True
    off = rule({"fellowship": {"region": "Moria"}}, tile)
    assert off["verdict"]["stop"] is False
    assert "wotr-tiles-special-enter" in [s["rule"] for s in off["explanation"]]


def steps_citing(out, label):
    return [s["text"] for s in out["explanation"] if s["rule"] == label]


@pytest.mark.parametrize("tile", ["die", "dado", {"value": "die"}])
def test_a_die_tile_given_without_icons_is_shelobs_lair_and_stops_on_the_mordor_track(tile):
    """The tile list has one die tile, Shelob's Lair, with the Stop icon: a die tile stops there."""
    out = rule({"fellowship": {"mordor": 1}}, {"kind": "hunt-damage", "tile": tile, "die": 4})
    assert (out["verdict"]["damage"], out["verdict"]["reveal"], out["verdict"]["stop"]) == (4, False, True)
    assert steps_citing(out, "wotr-mordor-stop")
    if not isinstance(tile, dict):
        [which] = steps_citing(out, "wotr-tiles-special")
        assert "Shelob's Lair" in which


def test_a_bare_negative_tile_is_read_as_the_one_special_tile_of_that_value():
    out = rule({"fellowship": {"mordor": 1, "corruption": 3}}, {"kind": "hunt-damage", "tile": -2}, "es")
    [which] = steps_citing(out, "wotr-tiles-special")
    assert "Frasco de Galadriel" in which
    assert (out["verdict"]["heal"], out["verdict"]["stop"]) == (2, False)


def test_the_mouth_of_sauron_with_the_ring_bearers_gives_no_reroll_by_his_own_rule():
    position = {"regions": {"Dagorlad": {"shadow": {"characters": ["Mouth of Sauron"]}}},
                "fellowship": {"region": "Dagorlad"}, "hunt": {"box": {"shadow": 2}}}
    out = rule(position, {"kind": "hunt-roll"})
    assert out["verdict"]["rerolls"] == 0
    [why] = steps_citing(out, "wotr-char-mouth")
    assert "Mouth of Sauron" in why and "Nazgûl" in why


@pytest.mark.parametrize("fellowship,label", [
    ({"companions": ["Meriadoc", "Peregrin"], "guide": "Meriadoc"}, "wotr-char-hobbit-guide"),
    ({"companions": [], "guide": "Gollum", "hidden": True}, "wotr-char-gollum-guide")])
def test_a_guide_ability_left_open_cites_the_ability_that_allows_it(fellowship, label):
    out = rule({"fellowship": fellowship}, {"kind": "hunt-damage", "tile": 3})
    assert out["verdict"]["may_reduce"] == ["guide"]
    assert steps_citing(out, label)


@pytest.mark.parametrize("position,question,label", [
    ({"fellowship": {"companions": ["Strider", "Meriadoc"], "guide": "Strider"}},
     {"kind": "hunt-casualty", "damage": 5, "take": "guide"}, "wotr-char-hobbit-guide"),
    ({"fellowship": {"companions": ["Peregrin"], "guide": "Peregrin", "hidden": True}},
     {"kind": "hunt-casualty", "damage": 3, "take": "guide"}, "wotr-char-gollum-guide"),
    ({"fellowship": {"companions": ["Meriadoc", "Peregrin"], "guide": "Meriadoc"}},
     {"kind": "hunt-damage", "tile": 3, "guide_ability": True, "card_reduction": 0}, "wotr-char-hobbit-guide")])
def test_a_new_guide_may_reduce_at_once_by_the_order_rule_and_his_own_ability(position, question, label):
    out = rule(position, question)
    assert out["verdict"]["may_reduce"] == ["guide"]
    steps = out["explanation"]
    last = max(i for i, step in enumerate(steps) if step["rule"] == label)
    assert steps[last - 1]["rule"] == "wotr-hunt-damage-order"   # "at once" (the order), then the ability


def test_a_casualty_other_than_a_hobbit_is_not_placed_back_by_the_hobbits_rule():
    out = rule({"fellowship": {"companions": ["Strider", "Meriadoc"], "guide": "Strider"}},
               {"kind": "hunt-casualty", "damage": 3, "take": "guide"}, "es")
    assert out["verdict"]["placed_back"] is False
    [why] = steps_citing(out, "wotr-char-hobbit-return")
    assert "Trancos" in why


COMPANIONS = ["gandalf-the-grey", "strider", "boromir", "legolas", "gimli", "meriadoc", "peregrin"]


@pytest.mark.parametrize("victim", COMPANIONS)
@pytest.mark.parametrize("damage", [1, 2, 3, 4, 6])
@pytest.mark.parametrize("corruption", [0, 9, 11])
def test_casualty_excess_becomes_corruption(victim, damage, corruption):
    v = rule({"fellowship": {"corruption": corruption}},
             {"kind": "hunt-casualty", "damage": damage, "take": names.character_name(victim, "es")}, "es")["verdict"]
    level = data.characters()[victim]["level"]
    assert v["eliminated"] == victim
    assert v["corruption_added"] == max(0, damage - level)
    assert v["corruption"] == min(12, corruption + max(0, damage - level))
    assert v["shadow_wins"] == (v["corruption"] >= 12)


def test_casualty_spanish_answer_is_spanish():
    out = rule({}, {"kind": "hunt-casualty", "damage": 3, "take": "guía"}, "es")
    assert "Gandalf el Gris" in out["answer"]
    assert all(c["url"].startswith("/es/docs/") for c in out["citations"])


def test_damage_needs_info_for_die_gives_the_odds():
    v = rule({"fellowship": {"mordor": 0}}, {"kind": "hunt-damage", "tile": "die"})["verdict"]
    assert v["status"] == "needs-info" and v["missing"] == ["question.die"]
    assert v["p_damage_exact"] == {str(k): "1/6" for k in range(1, 7)}


@pytest.mark.parametrize("companions,expected_max", [([], 1), (["Legolas"], 1), (["Legolas", "Gimli"], 2),
                                                     (None, 7)])
def test_allocation_max_follows_companions(companions, expected_max):
    position = {} if companions is None else {"fellowship": {"companions": companions}}
    for retrieved, low in ((0, 0), (1, 1), (3, 1)):
        v = rule(position, {"kind": "hunt-allocation", "retrieved": retrieved})["verdict"]
        assert (v["min"], v["max"]) == (low, expected_max)


# -- no input ever gives a traceback -----------------------------------------------------------


ANY_VALUE = st.one_of(
    st.none(), st.booleans(), st.integers(-20, 20), st.text(max_size=8), st.floats(allow_nan=True),
    st.lists(st.one_of(st.integers(-3, 9), st.text(max_size=5)), max_size=4),
    st.dictionaries(st.sampled_from(["value", "reveal", "stop", "x"]),
                    st.one_of(st.integers(-3, 5), st.booleans(), st.text(max_size=3)), max_size=3),
    st.sampled_from(["eye", "die", "Moria", "Boromir", "guide", "shadow", "free-peoples", "Rivendel",
                     "Shelob's Lair", "ojo", "now", "random"]))
MY_KINDS = {"hunt-roll": ["rolls", "rerolled"],
            "hunt-damage": ["tile", "successes", "die", "no_roll", "card_reduction", "guide_ability"],
            "hunt-draw": ["successes", "no_roll", "removed"], "hide-fellowship": ["die"],
            "hunt-casualty": ["damage", "take"], "hunt-allocation": ["retrieved"],
            "separate-companions": ["companions", "to"], "declare-fellowship": ["to"],
            "reveal-fellowship": ["to"], "enter-mordor": [], "victory": ["when"], "action-dice": ["in_play"],
            "elven-ring": ["side", "from", "to", "used_this_turn", "held"]}
POSITIONS = st.sampled_from([{}, {"fellowship": {"mordor": 2}}, {"fellowship": {"companions": []}},
                             {"fellowship": {"companions": ["Meriadoc", "Peregrin"], "hidden": False}},
                             {"fellowship": {"companions": ["Legolas", "Gimli"]}}, {"hunt": {"pool": []}},
                             {"fellowship": {"region": "Moria", "progress": 3, "hidden": False}},
                             {"hunt": {"box": {"shadow": 3, "free_peoples": 2}}}, {"turn": {"phase": 2}}])


@settings(max_examples=400, deadline=None, suppress_health_check=list(HealthCheck))
@given(kind=st.sampled_from(sorted(MY_KINDS)), draw=st.data(), position=POSITIONS, lang=st.sampled_from(["en", "es"]))
def test_any_question_gives_a_ruling_or_problems(kind, draw, position, lang):
    q = {"kind": kind}
    for key in MY_KINDS[kind]:
        if draw.draw(st.booleans()):
            q[key] = draw.draw(ANY_VALUE)
    try:
        out = rule(position, q, lang)
    except ScenarioInvalid as exc:
        found = exc.as_dicts(lang)
        assert found and all(p["path"].startswith("question") for p in found)
    else:
        assert out["verdict"]["status"] in ("decided", "needs-info", "not-covered")
        if out["verdict"]["status"] == "decided":
            assert out["citations"]


# -- hunt-draw ------------------------------------------------------------------------------------

def test_draw_odds_match_counting_the_standard_tiles():
    tiles = []
    for entry in data.hunt_tiles()["standard"]:
        tiles += [entry] * entry["count"]
    for successes in range(1, 6):
        v = rule({}, {"kind": "hunt-draw", "successes": successes})["verdict"]
        expected = sum(successes if t["value"] == "eye" else t["value"] for t in tiles) / len(tiles)
        assert v["expected_damage"] == round(expected, 4)
        assert abs(sum(v["p_damage"].values()) - 1) < 1e-3
        assert v["p_reveal"] == round(sum(t["reveal"] for t in tiles) / len(tiles), 4)


def test_draw_from_the_standard_tiles_cites_their_make_up():
    """p_eye 1/4 and p_reveal 9/16 come from the 16 standard tiles, and so does a refilled pool."""
    for position in ({}, {"hunt": {"pool": []}}):
        out = rule(position, {"kind": "hunt-draw", "successes": 1})
        assert (out["verdict"]["p_eye"], out["verdict"]["p_reveal"]) == (0.25, 0.5625)
        [makeup] = steps_citing(out, "wotr-tiles-standard")
        assert "4" in makeup and "2, 1, 1, 0, 0" in makeup


def test_draw_reads_plain_zeros_and_threes_by_the_standard_tiles():
    out = rule({"hunt": {"pool": [0, 3, 3]}}, {"kind": "hunt-draw"})
    assert out["verdict"]["p_reveal_exact"] == "1/3"
    assert steps_citing(out, "wotr-tiles-standard")


def test_draw_on_the_mordor_track_counts_special_tiles_by_their_own_rule():
    out = rule({"fellowship": {"mordor": 1}, "hunt": {"pool": ["die", 3]}}, {"kind": "hunt-draw"})
    assert (out["verdict"]["tiles"], out["verdict"]["p_stop"]) == (2, 0.5)   # the bare die is Shelob's Lair
    [special] = steps_citing(out, "wotr-tiles-special-mordor")
    assert "Shelob's Lair" in special


def test_draw_bad_inputs():
    got = problems({"hunt": {"pool": [3, "Orc"]}}, {"kind": "hunt-draw", "successes": 9, "no_roll": "x"})
    assert set(got) == {"position.hunt.pool[1]", "question.successes", "question.no_roll"}


# -- tiles as players write them (audit) -------------------------------------------------------

@pytest.mark.parametrize("written,heal", [("\u22122", 2), ("\u2212 1", 1), ("-2", 2), (-2.0, 2), ("Phial", 2),
                                          ("Frasco", 2), ("Smeagol", 1),
                                          ("Sméagol ayuda al amo bueno", 1), ("Phial of Galadrial", 2)])
def test_negative_tiles_with_any_minus_sign_or_short_name(written, heal):
    v = rule({"fellowship": {"mordor": 1, "corruption": 4}}, {"kind": "hunt-damage", "tile": written})["verdict"]
    assert (v["damage"], v["heal"], v["corruption"]) == (0, heal, 4 - heal)


def test_misspelt_special_tile_gets_suggestions_in_both_languages():
    q = {"kind": "hunt-damage", "tile": "Elvn Rpoe"}
    assert "Elven Rope" in problems({}, q, "en")["question.tile"]
    assert "¿Quisiste decir" in problems({}, q, "es")["question.tile"]


@pytest.mark.parametrize("value,reveal", [(0, True), ("0", True), (3, False), (1, False), (2, False)])
def test_bare_number_reveal_follows_the_standard_tiles(value, reveal):
    v = rule({"fellowship": {"region": "Fangorn"}}, {"kind": "hunt-damage", "tile": value})["verdict"]
    assert v["reveal"] is reveal


def test_revealed_fellowship_does_not_advance_on_the_mordor_track():
    got = rule({"fellowship": {"mordor": 2, "hidden": False}}, {"kind": "hunt-damage", "tile": 1, "no_roll": True})
    texts = " ".join(s["text"] for s in got["explanation"])
    assert "stays on step 2" in texts and "step 3" not in texts


def test_hunt_reroll_count_never_exceeds_the_dice_rolled():
    position = {"fellowship": {"region": "Dol Guldur"}, "hunt": {"box": {"shadow": 1}},
                "regions": {"Dol Guldur": {"shadow": {"sauron": {"regular": 1}, "nazgul": 1}}}}
    v = rule(position, {"kind": "hunt-roll"})["verdict"]
    assert (v["dice"], v["rerolls"], v["reroll_conditions"]) == (1, 1, 3)
    assert v["p_success_exact"] == "11/36"


def test_take_as_one_item_list():
    v = rule({}, {"kind": "hunt-casualty", "damage": 2, "take": ["Legolas"]})["verdict"]
    assert v["eliminated"] == "legolas"


# -- the order of the Hunt: a card on the table, then the Guide's ability ----------------------

HOBBIT_GUIDE = {"fellowship": {"region": "Fangorn", "companions": ["Meriadoc", "Gimli"], "guide": "Gimli"}}
MERRY_GUIDES = {"fellowship": {"region": "Fangorn", "companions": ["Meriadoc", "Peregrin"], "guide": "Meriadoc"}}
GOLLUM_GUIDES = {"fellowship": {"region": "Fangorn", "companions": [], "guide": "Gollum", "hidden": True}}


@pytest.mark.parametrize("value", [0, 1, 2, 3])
@pytest.mark.parametrize("card", [0, 1, 2, 4])
@pytest.mark.parametrize("use", [True, False])
def test_card_then_hobbit_guide_in_order(value, card, use):
    q = {"kind": "hunt-damage", "tile": value, "card_reduction": card, "guide_ability": use}
    v = rule(MERRY_GUIDES, q)["verdict"]
    after_card = max(0, value - card)
    guide_used = use and after_card >= 1
    assert v["damage"] == value
    assert v["damage_left"] == after_card - guide_used
    assert v["reductions"] == (["card"] if card and value else []) + (["guide"] if guide_used else [])
    # Peregrin, the new Guide once Meriadoc has left, may still take 1 more off what is left.
    assert v["may_reduce"] == (["guide"] if guide_used and v["damage_left"] else [])


def test_guide_ability_not_given_leaves_it_open_and_names_the_default():
    v = rule(MERRY_GUIDES, {"kind": "hunt-damage", "tile": 3, "card_reduction": 0})["verdict"]
    assert (v["damage_left"], v["reductions"], v["may_reduce"]) == (3, [], ["guide"])
    assert v["defaults"] == ["question.guide_ability"]


@pytest.mark.parametrize("guide", ["Gandalf the Grey", "Strider", "Boromir", "Legolas", "Gimli"])
def test_guides_without_a_damage_ability_reduce_nothing(guide):
    position = {"fellowship": {"region": "Fangorn", "companions": [guide], "guide": guide}}
    v = rule(position, {"kind": "hunt-damage", "tile": 3, "card_reduction": 1, "guide_ability": True})["verdict"]
    assert (v["damage_left"], v["reductions"], v["may_reduce"]) == (2, ["card"], [])


@pytest.mark.parametrize("entry", data.hunt_tiles()["standard"], ids=lambda e: f"{e['value']}-{e['reveal']}")
def test_gollum_ignores_the_reveal_icon_of_numbered_standard_tiles_only(entry):
    tile = {"value": entry["value"], "reveal": entry["reveal"]}
    q = {"kind": "hunt-damage", "tile": tile, "card_reduction": 0}
    if entry["value"] == "eye":
        q["successes"] = 2
    v = rule(GOLLUM_GUIDES, q)["verdict"]
    assert v["reveal"] is (entry["value"] == "eye")
    # And the reduction is his to choose only when the Hunt did not reveal and some damage is left.
    assert v["may_reduce"] == (["guide"] if not v["reveal"] and v["damage"] else [])


def test_gollum_reveals_to_reduce_and_the_fellowship_ends_revealed():
    v = rule(GOLLUM_GUIDES, {"kind": "hunt-damage", "tile": 2, "guide_ability": True, "card_reduction": 0})["verdict"]
    assert (v["damage_left"], v["reductions"], v["reveal"]) == (1, ["guide"], True)
    revealed = {"fellowship": {**GOLLUM_GUIDES["fellowship"], "hidden": False}}
    v = rule(revealed, {"kind": "hunt-damage", "tile": 2, "guide_ability": True, "card_reduction": 0})["verdict"]
    assert (v["damage_left"], v["reductions"]) == (2, [])


def test_gollum_special_tiles_still_reveal():
    position = {"fellowship": {"mordor": 1, "companions": [], "guide": "Gollum"}, "hunt": {"box": 2}}
    v = rule(position, {"kind": "hunt-damage", "tile": "The Ring is Mine!", "card_reduction": 0})["verdict"]
    assert v["reveal"] is True and v["damage"] == 2


def test_two_hobbits_tied_for_guide_give_the_same_answer():
    tied = {"fellowship": {"region": "Fangorn", "companions": ["Meriadoc", "Peregrin"]}}
    v = rule(tied, {"kind": "hunt-damage", "tile": 3, "guide_ability": True, "card_reduction": 0})["verdict"]
    assert (v["status"], v["damage_left"], v["may_reduce"]) == ("decided", 2, ["guide"])


# -- hunt-casualty: Hobbits come back, Guide ties, one Companion left ----------------------------

@pytest.mark.parametrize("victim", COMPANIONS)
@pytest.mark.parametrize("mordor", [None, 2])
def test_only_hobbits_come_back_and_never_from_the_mordor_track(victim, mordor):
    fellowship = {"companions": COMPANIONS, "guide": "gandalf-the-grey"}
    if mordor is not None:
        fellowship["mordor"] = mordor
    else:
        fellowship["region"] = "Fangorn"
    v = rule({"fellowship": fellowship}, {"kind": "hunt-casualty", "damage": 2, "take": victim})["verdict"]
    assert v["placed_back"] is (victim in ("meriadoc", "peregrin") and mordor is None)


def test_guide_as_casualty_on_a_tie_asks_for_the_guide_in_both_languages():
    position = {"fellowship": {"companions": ["Boromir", "Legolas", "Peregrin"]}}
    for lang in ("en", "es"):
        v = rule(position, {"kind": "hunt-casualty", "damage": 2, "take": "guide"}, lang)["verdict"]
        assert v == {"status": "needs-info", "missing": ["position.fellowship.guide"]}
    named = {"fellowship": {**position["fellowship"], "guide": "Legolas"}}
    assert rule(named, {"kind": "hunt-casualty", "damage": 2, "take": "guide"})["verdict"]["eliminated"] == "legolas"


@pytest.mark.parametrize("last", COMPANIONS)
def test_random_casualty_from_one_companion_is_decided(last):
    v = rule({"fellowship": {"companions": [last], "region": "Fangorn"}},
             {"kind": "hunt-casualty", "damage": 3, "take": "random"})["verdict"]
    assert v["status"] == "decided" and v["eliminated"] == last
    assert v["guide_options"] == ["gollum"]


def test_a_new_guide_after_the_casualty_may_still_reduce():
    position = {"fellowship": {"region": "Fangorn", "companions": ["Strider", "Peregrin"], "guide": "Strider"}}
    v = rule(position, {"kind": "hunt-casualty", "damage": 3, "take": "guide"})["verdict"]
    assert (v["corruption_added"], v["may_reduce"]) == (0, [])   # nothing left to reduce
    v = rule(position, {"kind": "hunt-casualty", "damage": 5, "take": "guide"})["verdict"]
    assert (v["corruption_added"], v["may_reduce"]) == (2, ["guide"])


# -- hunt-roll: the faces given with re-rolls still owed ----------------------------------------



@pytest.mark.parametrize("dice,fp", [(2, 0), (3, 1), (2, 4)])
def test_rerolls_owed_chances_add_up_to_the_chance_before_the_roll(dice, fp):
    """Averaged over every first roll, the chance after the faces (1 on a success, the
    re-rolls' chance when all fail) is the chance before the roll: nothing is lost or added."""
    position = {"fellowship": {"region": "Moria"}, "hunt": {"box": {"shadow": dice, "free_peoples": fp}},
                "regions": {"Moria": {"shadow": {"sauron": {"regular": 1}}}}}
    before = Fraction(rule(position, {"kind": "hunt-roll"})["verdict"]["p_success_exact"])
    total = Fraction(0)
    for faces in product(range(1, 7), repeat=dice):
        v = rule(position, {"kind": "hunt-roll", "rolls": list(faces)})["verdict"]
        if v["success"] is None:
            assert v["successes"] == 0 and v["rerolls"] == 2
            total += Fraction(v["p_success_exact"])
        else:
            total += 1 if v["success"] else 0
    assert total / 6 ** dice == before


def test_rerolled_faces_settle_the_roll():
    position = {"fellowship": {"region": "Moria"}, "hunt": {"box": 2}}
    v = rule(position, {"kind": "hunt-roll", "rolls": [2, 3]})["verdict"]
    assert (v["success"], v["p_success_exact"]) == (None, "1/6")
    v = rule(position, {"kind": "hunt-roll", "rolls": [2, 3], "rerolled": [4]})["verdict"]
    assert v["success"] is False


# -- hunt-draw: the pool used up -----------------------------------------------------------------

def test_empty_pool_is_the_standard_pool_again():
    standard = rule({}, {"kind": "hunt-draw", "successes": 2})["verdict"]
    refilled = rule({"hunt": {"pool": []}}, {"kind": "hunt-draw", "successes": 2})["verdict"]
    for key in ("tiles", "p_damage_exact", "p_eye", "p_reveal_exact", "expected_damage"):
        assert refilled[key] == standard[key]
    assert "question.removed" in refilled["defaults"]


def test_special_tiles_set_aside_leave_an_empty_pool_refilled():
    v = rule({"fellowship": {"region": "Fangorn"}, "hunt": {"pool": ["Phial", "Shelob"]}},
             {"kind": "hunt-draw", "no_roll": True})["verdict"]
    assert v["tiles"] == 16


@pytest.mark.parametrize("removed,tiles,reveal_known", [(["eye"], 15, True), (["3", "3"], 14, True),
                                                        (["0"], 15, True), (["2"], 15, False),
                                                        (["2", "2", "2"], 13, True)])
def test_removed_tiles_do_not_come_back(removed, tiles, reveal_known):
    v = rule({"hunt": {"pool": []}}, {"kind": "hunt-draw", "no_roll": True, "removed": removed})["verdict"]
    assert v["tiles"] == tiles
    assert ("p_reveal" in v) is reveal_known


def test_removed_tiles_are_checked():
    got = problems({"hunt": {"pool": []}}, {"kind": "hunt-draw", "no_roll": True,
                                            "removed": ["Phial", "x", "eye", "eye", "eye", "eye", "eye"]}, "es")
    assert set(got) == {"question.removed[0]", "question.removed[1]", "question.removed"}
    assert "especiales" in got["question.removed[0]"]


# -- the model: who may be Guide --------------------------------------------------------------

@pytest.mark.parametrize("fellowship,path", [
    ({"companions": ["Strider", "Legolas"], "guide": "Legolas"}, "position.fellowship.guide"),
    ({"companions": ["Legolas"], "guide": "Gollum"}, "position.fellowship.guide"),
    ({"guide": "Boromir"}, "position.fellowship.guide"),
    ({"companions": ["Aragorn", "Legolas"]}, "position.fellowship.companions[0]"),
])
def test_impossible_guides_and_companions_are_problems(fellowship, path):
    for lang in ("en", "es"):
        got = problems({"fellowship": fellowship}, {"kind": "hunt-allocation", "retrieved": 0}, lang)
        assert list(got) == [path]
    en = problems({"fellowship": fellowship}, {"kind": "hunt-allocation", "retrieved": 0}, "en")[path]
    es = problems({"fellowship": fellowship}, {"kind": "hunt-allocation", "retrieved": 0}, "es")[path]
    assert en != es
