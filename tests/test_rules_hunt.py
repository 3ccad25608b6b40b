"""The Hunt rulings (hunt-roll, hunt-damage, hunt-casualty, hunt-allocation): what a player
would check, and bad inputs reported all at once, with paths, in both languages."""
from __future__ import annotations

import pytest

from adjudicator import data, names
from adjudicator.problems import ScenarioInvalid

from helpers import GAME, problems, rule  # noqa: E402


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
    expected = {"die": 5, "eye": 2}.get(info["value"], max(0, info["value"]) if isinstance(info["value"], int) else None)
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

from hypothesis import HealthCheck, given, settings, strategies as st  # noqa: E402

ANY_VALUE = st.one_of(
    st.none(), st.booleans(), st.integers(-20, 20), st.text(max_size=8), st.floats(allow_nan=True),
    st.lists(st.one_of(st.integers(-3, 9), st.text(max_size=5)), max_size=4),
    st.dictionaries(st.sampled_from(["value", "reveal", "stop", "x"]),
                    st.one_of(st.integers(-3, 5), st.booleans(), st.text(max_size=3)), max_size=3),
    st.sampled_from(["eye", "die", "Moria", "Boromir", "guide", "shadow", "free-peoples", "Rivendel",
                     "Shelob's Lair", "ojo", "now", "random"]))
MY_KINDS = {"hunt-roll": ["rolls", "rerolled"], "hunt-damage": ["tile", "successes", "die", "no_roll"],
            "hunt-casualty": ["damage", "take"], "hunt-allocation": ["retrieved"],
            "separate-companions": ["companions", "to"], "declare-fellowship": ["to"],
            "reveal-fellowship": ["to"], "enter-mordor": [], "victory": ["when"], "action-dice": ["in_play"],
            "elven-ring": ["side", "from", "to", "used_this_turn", "held"]}
POSITIONS = st.sampled_from([{}, {"fellowship": {"mordor": 2}}, {"fellowship": {"companions": []}},
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
