"""Victory, action dice and the Elven Rings; and the message catalogues of these chapters."""
from __future__ import annotations

import pytest

from adjudicator import data

from helpers import problems, rule


def settlements(side):
    return {rid: info for rid, info in data.regions().items()
            if info["side"] == side and info["settlement"] in ("city", "stronghold", "town")}


# -- victory ------------------------------------------------------------------------------------

def test_every_free_peoples_settlement_captured_counts_cities_and_strongholds_only():
    fp = settlements("free_peoples")
    expected = sum({"city": 1, "stronghold": 2}.get(i["settlement"], 0) for i in fp.values())
    position = {"regions": {i["name"]["en"]: {"control": "shadow"} for i in fp.values()}}
    v = rule(position, {"kind": "victory"})["verdict"]
    assert v["shadow_vp"] == expected
    assert v["free_peoples_vp"] == 0
    assert (v["winner"], v["reason"]) == ("shadow", "military")


@pytest.mark.parametrize("captured,vp,winner", [
    (["Moria"], 2, None), (["Moria", "Angmar"], 3, None), (["Moria", "Angmar", "Far Harad"], 4, "free-peoples"),
    (["Orthanc", "Umbar"], 4, "free-peoples")])
def test_free_peoples_military_threshold(captured, vp, winner):
    v = rule({"regions": {n: {"control": "free-peoples"} for n in captured}}, {"kind": "victory"})["verdict"]
    assert v["free_peoples_vp"] == vp
    assert v["winner"] == winner


def steps_citing(ruling, label):
    return [s["text"] for s in ruling["explanation"] if s["rule"] == label]


def test_each_side_short_of_its_threshold_is_told_by_its_own_condition():
    """3 Free Peoples points: the step saying they fall short cites the Free Peoples' condition, not the Shadow's."""
    ruling = rule({"regions": {"Orthanc": {"control": "free-peoples"}, "Far Harad": {"control": "free-peoples"}}},
                  {"kind": "victory"})
    assert ruling["verdict"]["winner"] is None
    [fp] = steps_citing(ruling, "wotr-victory-military-free-peoples")
    assert "3" in fp and "4" in fp
    [shadow] = steps_citing(ruling, "wotr-victory-military-shadow")
    assert "0" in shadow and "10" in shadow


@pytest.mark.parametrize("captured,at_end,label", [
    (["Moria", "Orthanc"], "free-peoples", "wotr-victory-military-free-peoples"),
    (["Moria"], None, "wotr-victory-military-free-peoples")])
def test_a_mid_turn_answer_cites_the_threshold_behind_military_at_end_of_turn(captured, at_end, label):
    ruling = rule({"regions": {n: {"control": "free-peoples"} for n in captured}}, {"kind": "victory", "when": "now"})
    assert (ruling["verdict"]["winner"], ruling["verdict"]["military_at_end_of_turn"]) == (None, at_end)
    assert steps_citing(ruling, label)


def test_victory_when_is_checked():
    got = problems({}, {"kind": "victory", "when": "tomorrow"}, "es")
    assert "question.when" in got and "now" in got["question.when"]


def test_corruption_twelve_wins_even_on_the_crack_of_doom():
    v = rule({"fellowship": {"mordor": 5, "corruption": 12}}, {"kind": "victory", "when": "now"})["verdict"]
    assert (v["winner"], v["reason"]) == ("shadow", "ring")


# -- action dice ------------------------------------------------------------------------------

def test_action_dice_bad_names_all_at_once():
    en = problems({}, {"kind": "action-dice", "in_play": ["Saruman", "Sauron", "Saruman"]})
    es = problems({}, {"kind": "action-dice", "in_play": ["Saruman", "Sauron", "Saruman"]}, "es")
    assert set(en) == set(es) == {"question.in_play[1]", "question.in_play[2]"}


def test_action_dice_bonus_comes_from_character_data():
    chars = data.characters()
    for cid, info in chars.items():
        v = rule({}, {"kind": "action-dice", "in_play": [info["name"]["en"]]})["verdict"]
        side = info["side"]
        base = data.load("characters")["action_dice_at_start"][side]
        assert v[side] == base + info["action_die_bonus"], cid


# -- elven rings -------------------------------------------------------------------------------

def test_elven_ring_bad_inputs_all_at_once_in_both_languages():
    q = {"kind": "elven-ring", "side": "elves", "from": "sword", "to": "rainbow", "used_this_turn": 3, "held": 5}
    en = problems({}, q, "en")
    es = problems({}, q, "es")
    assert set(en) == set(es) == {"question.side", "question.to", "question.used_this_turn", "question.held"}


def test_elven_ring_faces_each_side_does_not_have():
    # A die *showing* a face its side's dice lack is an unreadable question...
    got = problems({}, {"kind": "elven-ring", "side": "free-peoples", "from": "eye", "to": "event"})
    assert "question.from" in got
    # ... but changing a die *into* such a face is an illegal action: refused, with the rule.
    ruling = rule({}, {"kind": "elven-ring", "side": "shadow", "from": "character", "to": "will-of-the-west",
                       "held": 1}, "es")
    assert ruling["verdict"]["allowed"] is False
    assert ruling["verdict"]["decided_by"] == ["wotr-elven-rings-shadow"]
    assert "Voluntad de Occidente" in ruling["answer"]


@pytest.mark.parametrize("to,allowed", [("character", True), ("muster", True), ("army-muster", True),
                                        ("event", False), ("will-of-the-west", False), ("army", False)])
def test_free_peoples_ring_targets(to, allowed):
    v = rule({}, {"kind": "elven-ring", "side": "free-peoples", "from": "event", "to": to})["verdict"]
    assert v["allowed"] is allowed


@pytest.mark.parametrize("used,allowed", [(True, False), (False, True), (["shadow"], False),
                                          (["free-peoples"], True), ("sombra", False)])
def test_one_ring_per_player_per_turn(used, allowed):
    v = rule({}, {"kind": "elven-ring", "side": "shadow", "from": "event", "to": "eye", "held": 1,
                  "used_this_turn": used})["verdict"]
    assert v["allowed"] is allowed


def test_shadow_with_no_ring():
    v = rule({}, {"kind": "elven-ring", "side": "shadow", "from": "event", "to": "army", "held": 0})["verdict"]
    assert v["allowed"] is False


# (The catalogues of every domain are checked in tests/test_core.py.)


def test_impossible_ring_change_is_refused_without_asking_what_the_shadow_holds():
    v = rule({}, {"kind": "elven-ring", "side": "shadow", "from": "eye", "to": "character"})["verdict"]
    assert (v["status"], v["allowed"]) == ("decided", False)
    # A legal change for the Shadow, who starts with no ring: how many it holds is asked for.
    got = rule({}, {"kind": "elven-ring", "side": "shadow", "from": "muster", "to": "eye"}, "es")
    assert got["verdict"]["status"] == "needs-info"
    assert got["verdict"]["missing"] == ["question.held"]
    assert "empieza sin ninguno" in got["answer"]




# -- character cards and defaults -------------------------------------------------------------------
def test_both_military_thresholds_at_the_end_of_the_turn_give_the_shadow_the_game():
    fp = [i["name"]["en"] for rid, i in settlements("free_peoples").items() if i["settlement"] != "town"]
    shadow = ["Moria", "Dol Guldur"]
    position = {"regions": {**{n: {"control": "shadow"} for n in fp},
                            **{n: {"control": "free-peoples"} for n in shadow}}}
    v = rule(position, {"kind": "victory"})["verdict"]
    assert (v["winner"], v["reason"], v["free_peoples_vp"]) == ("shadow", "military", 4)
    assert v["decided_by"] == ["wotr-victory-military-shadow", "wotr-victory-precedence"]
    now = rule(position, {"kind": "victory", "when": "now"})
    assert (now["verdict"]["winner"], now["verdict"]["military_at_end_of_turn"]) == (None, "shadow")
    cited = [s["rule"] for s in now["explanation"]]
    assert cited.index("wotr-victory-military-shadow") < cited.index("wotr-victory-precedence")


def test_a_victory_answer_names_the_defaults_it_leans_on():
    v = rule({}, {"kind": "victory"})["verdict"]
    assert v["defaults"] == ["position.fellowship.corruption", "position.fellowship.mordor", "position.regions",
                             "question.when"]
    ring = rule({"fellowship": {"corruption": 12}}, {"kind": "victory"})["verdict"]
    assert "defaults" not in ring          # a Ring victory leans on nothing left out


@pytest.mark.parametrize("lang, word", [("en", "Strider"), ("es", "Trancos")])
def test_a_character_and_his_successor_cannot_both_be_in_play(lang, word):
    got = problems({}, {"kind": "action-dice", "in_play": ["Aragorn", "Strider"]}, lang)
    assert list(got) == ["question.in_play"] and word in got["question.in_play"]


def test_action_dice_read_from_the_map_name_the_default_and_count_each_card():
    v = rule({"regions": {"Orthanc": {"shadow": {"characters": ["Saruman"]}},
                          "Fangorn": {"free_peoples": {"characters": ["Gandalf the White", "Legolas"]}}}},
             {"kind": "action-dice"})["verdict"]
    assert (v["free_peoples"], v["shadow"]) == (5, 8)
    assert v["defaults"] == ["question.in_play", "position.regions"]
    bonus = {c: i["action_die_bonus"] for c, i in data.characters().items() if i["action_die_bonus"]}
    assert bonus == {"aragorn": 1, "gandalf-the-white": 1, "witch-king": 1, "mouth-of-sauron": 1, "saruman": 1}


def test_the_free_peoples_rings_of_the_start_and_the_unused_ring_are_named_defaults():
    v = rule({}, {"kind": "elven-ring", "side": "free-peoples", "from": "event", "to": "character"})["verdict"]
    assert v["defaults"] == ["question.held", "position.turn.phase", "question.used_this_turn"]
