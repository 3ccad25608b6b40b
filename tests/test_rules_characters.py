"""bring-into-play (the five late characters against their cards) and the ability predicates
the movement and battle rules share: bad input, each card's conditions checked over the
whole map, defaults named, both languages."""
from __future__ import annotations

import pytest

from adjudicator import data
from adjudicator.problems import Problems
from adjudicator.wotr import characters
from adjudicator.wotr.model import Army, Units, parse_position
from tests.helpers import problems, rule

SETTLEMENTS = [rid for rid, info in data.regions().items() if info["settlement"]]
SAURON_STRONGHOLDS = sorted(rid for rid, info in data.regions().items()
                            if info["nation"] == "sauron" and info["settlement"] == "stronghold")
FELLOWSHIP_WITHOUT_STRIDER = {"companions": ["Gandalf the Grey", "Legolas", "Gimli", "Boromir"]}
FELLOWSHIP_WITHOUT_GREY = {"companions": ["Strider", "Legolas", "Gimli", "Boromir"]}


def bring(character, position=None, lang="en", **extra):
    return rule(position or {}, {"kind": "bring-into-play", "character": character, **extra}, lang)


def position_of(raw):
    p = Problems()
    pos = parse_position(raw, p)
    p.raise_if_any()
    return pos


# -- bad input -------------------------------------------------------------------------------
@pytest.mark.parametrize("lang, words", [("en", ["Boromir", "Aragorn", "separating"]),
                                         ("es", ["Boromir", "Aragorn", "separarse"])])
def test_a_character_not_brought_in_with_a_die_is_a_problem_in_the_users_language(lang, words):
    got = problems({}, {"kind": "bring-into-play", "character": "Boromir"}, lang)
    assert list(got) == ["question.character"]
    for w in words:
        assert w in got["question.character"]


def test_every_problem_is_reported_at_once():
    got = problems({}, {"kind": "bring-into-play", "character": "Saruma", "to": "Ortanc",
                        "minion_in_play_before": "perhaps", "speed": 2})
    assert {"question.character", "question.to", "question.minion_in_play_before", "question.speed"} <= set(got)
    assert "Saruman" in got["question.character"]


# -- Aragorn: Strider's figure, in one of three Gondor settlements, over the whole map ------------
@pytest.mark.parametrize("region", SETTLEMENTS)
def test_aragorn_enters_only_where_strider_stands_in_minas_tirith_dol_amroth_or_pelargir(region):
    pos = {"regions": {region: {"free_peoples": {"characters": ["Strider"]}}},
           "fellowship": FELLOWSHIP_WITHOUT_STRIDER}
    v = bring("Aragorn", pos)["verdict"]
    assert v["allowed"] is (region in ("minas-tirith", "dol-amroth", "pelargir"))
    if v["allowed"]:
        assert v["places"] == [region] and v["die"] == "will-of-the-west" and v["dice_added"] == 1


def test_aragorn_in_a_settlement_the_shadow_holds_is_refused_and_a_passive_gondor_is_activated_otherwise():
    base = {"fellowship": FELLOWSHIP_WITHOUT_STRIDER}
    held = bring("Aragorn", {**base, "regions": {"Pelargir": {"control": "shadow",
                                                              "free_peoples": {"characters": ["Strider"]}}}})
    assert held["verdict"]["allowed"] is False
    assert held["verdict"]["decided_by"] == ["wotr-char-aragorn-enter"]
    free = bring("Aragorn", {**base, "regions": {"Pelargir": {"free_peoples": {"characters": ["Strider"]}}}})
    assert free["verdict"]["activates"] == ["gondor"]          # Gondor starts passive
    assert "position.politics.gondor" in free["verdict"]["defaults"]
    at_war = bring("Aragorn", {**base, "politics": {"gondor": "at-war"},
                               "regions": {"Pelargir": {"free_peoples": {"characters": ["Strider"]}}}})
    assert at_war["verdict"]["activates"] == []


def test_strider_in_the_fellowship_by_default_is_named_and_refused():
    v = bring("Aragorn", {"fellowship": {"region": "Minas Tirith"}})["verdict"]
    assert v["allowed"] is False
    assert v["defaults"] == ["position.fellowship.companions"]


# -- Gandalf the White ---------------------------------------------------------------------------
def test_gandalf_the_white_asks_whether_a_minion_has_been_in_play_and_then_decides():
    pos = {"fellowship": FELLOWSHIP_WITHOUT_GREY}
    for lang in ("en", "es"):
        asked = bring("Gandalf the White", pos, lang)
        assert asked["verdict"] == {"status": "needs-info", "missing": ["question.minion_in_play_before"],
                                    **({"defaults": asked["verdict"]["defaults"]} if "defaults" in asked["verdict"]
                                       else {})}
        assert "minion_in_play_before" not in asked["answer"]    # the field by its label, not its key
        assert ("“A Minion is or has been in play”" if lang == "en" else "«Un Servidor está o ha estado en juego»") \
            in asked["answer"]
    assert bring("Gandalf the White", pos, minion_in_play_before=True)["verdict"]["allowed"] is True
    assert bring("Gandalf the White", pos, minion_in_play_before=False)["verdict"]["allowed"] is False


def test_a_refusal_does_not_ask_for_the_minion():
    # Gandalf the Grey still in the Fellowship refuses whatever the Minions have done.
    v = bring("Gandalf the White", {"fellowship": {"companions": ["Gandalf the Grey", "Strider"]}})["verdict"]
    assert (v["status"], v["allowed"]) == ("decided", False)


@pytest.mark.parametrize("captured", ["grey-havens", "rivendell", "lorien", "woodland-realm"])
def test_gandalf_the_white_places_skip_an_elven_stronghold_the_shadow_holds(captured):
    pos = {"fellowship": FELLOWSHIP_WITHOUT_GREY, "regions": {captured: {"control": "shadow"}}}
    v = bring("Gandalf the White", pos, minion_in_play_before=True)["verdict"]
    assert "fangorn" in v["places"] and captured not in v["places"] and len(v["places"]) == 4
    refused = bring("Gandalf the White", pos, minion_in_play_before=True, to=captured)["verdict"]
    assert refused["allowed"] is False and refused["places"] == v["places"]


def test_gandalf_the_grey_on_the_map_is_replaced_there():
    pos = {"fellowship": FELLOWSHIP_WITHOUT_GREY,
           "regions": {"Edoras": {"free_peoples": {"characters": ["Gandalf the Grey"]}},
                       "Orthanc": {"shadow": {"characters": ["Saruman"]}}}}
    v = bring("Gandalf the White", pos)["verdict"]
    assert (v["allowed"], v["places"], v["activates"]) == (True, ["edoras"], ["rohan"])


# -- the Minions ------------------------------------------------------------------------------------
def test_saruman_needs_isengard_at_war_and_says_the_track_was_taken_at_its_start():
    for lang, word in (("en", "Isengard"), ("es", "Isengard")):
        ruling = bring("Saruman", {}, lang)
        assert ruling["verdict"]["allowed"] is False
        assert "position.politics.isengard" in ruling["verdict"]["defaults"]
        assert any(word in s["text"] and s["rule"] == "wotr-politics-start" for s in ruling["explanation"])
    v = bring("Saruman", {"politics": {"isengard": "at-war"}})["verdict"]
    assert (v["allowed"], v["places"], v["die"], v["activates"]) == (True, ["orthanc"], "muster", [])


def test_witch_king_places_are_exactly_the_shadow_armies_with_a_sauron_unit():
    pos = {"politics": {"sauron": "at-war", "north": "at-war"},
           "regions": {"Moria": {"shadow": {"sauron": {"elite": 1}}},
                       "Umbar": {"shadow": {"southrons": {"regular": 4}}},
                       "Dagorlad": {"shadow": {"nazgul": 3}},
                       "North Dunland": {"shadow": {"isengard": {"regular": 1}, "sauron": {"regular": 1}}}}}
    v = bring("Witch-king", pos)["verdict"]
    assert v["places"] == ["moria", "north-dunland"]
    # Every Free Peoples nation not yet active becomes active (the Elves start active; the North is At War).
    assert v["activates"] == ["dwarves", "gondor", "rohan"]


def test_nazgul_alone_are_no_army_for_the_witch_king_and_the_army_rule_says_why():
    pos = {"politics": {"sauron": "at-war", "gondor": "at-war"},
           "regions": {"Dagorlad": {"shadow": {"nazgul": 2}}, "Morannon": {"shadow": {"sauron": {"regular": 2}}}}}
    ruling = bring("Witch-king", pos)
    assert ruling["verdict"]["places"] == ["morannon"]
    assert [s["rule"] for s in ruling["explanation"] if "Dagorlad" in s["text"]] == ["wotr-army"]
    with_units = {**pos, "regions": {"Morannon": pos["regions"]["Morannon"]}}
    assert "wotr-army" not in [c["rule"] for c in bring("Witch-king", with_units)["citations"]]


def test_already_in_play_is_the_reason_given_first_and_every_refusal_is_explained():
    pos = {"regions": {"Minas Morgul": {"shadow": {"sauron": {"regular": 2}, "characters": ["Witch-king"]}}}}
    ruling = bring("Witch-king", pos)
    assert ruling["verdict"]["decided_by"][0] == "wotr-char-enter"
    assert "already in play" in ruling["answer"]
    assert "wotr-char-witch-king-enter" in ruling["verdict"]["decided_by"]   # Sauron not At War, too


@pytest.mark.parametrize("captured", SAURON_STRONGHOLDS)
def test_the_mouth_is_placed_in_every_sauron_stronghold_the_free_peoples_do_not_hold(captured):
    pos = {"fellowship": {"mordor": 0}, "regions": {captured: {"control": "free-peoples"}}}
    v = bring("The Mouth of Sauron", pos)["verdict"]
    assert v["places"] == [s for s in SAURON_STRONGHOLDS if s != captured]


def test_the_mouth_needs_the_mordor_track_or_every_free_peoples_nation_at_war():
    all_war = {n: "at-war" for n in ("dwarves", "elves", "gondor", "north", "rohan")}
    assert bring("The Mouth of Sauron", {"politics": all_war})["verdict"]["allowed"] is True
    one_short = {**all_war, "dwarves": {"steps": 1, "active": True}}
    v = bring("The Mouth of Sauron", {"politics": one_short})["verdict"]
    assert v["allowed"] is False and "position.fellowship.mordor" in v["defaults"]


def test_the_verdict_is_the_same_in_both_languages():
    pos = {"politics": {"sauron": "at-war", "gondor": "at-war"},
           "regions": {"Minas Morgul": {"shadow": {"sauron": {"regular": 3}}}}}
    assert bring("Witch-king", pos, "en")["verdict"] == bring("Rey Brujo", pos, "es")["verdict"]


# -- the ability predicates (movement now, battle later) ---------------------------------------
def test_isengard_elites_count_as_leaders_only_while_saruman_is_on_the_map():
    army = Army({"isengard": Units(regular=2, elite=2)}, nazgul=1)
    with_saruman = position_of({"regions": {"Orthanc": {"shadow": {"characters": ["Saruman"]}}}})
    without = position_of({})
    assert characters.elites_as_leaders(with_saruman, army) == 2
    assert characters.leadership(with_saruman, army) == 3 and characters.leadership(without, army) == 1
    assert characters.counts_as_leader(with_saruman, "isengard", "elite")
    assert not characters.counts_as_leader(without, "isengard", "elite")
    assert not characters.counts_as_leader(with_saruman, "sauron", "elite")
    assert characters.is_led(with_saruman, Army({"isengard": Units(elite=1)}))
    assert not characters.is_led(without, Army({"isengard": Units(elite=1)}))


def test_cancelling_nazgul_leadership_keeps_the_elites_and_costs_gandalf_the_white_his_own():
    pos = position_of({"regions": {"Orthanc": {"shadow": {"characters": ["Saruman"]}}}})
    shadow = Army({"isengard": Units(elite=1), "sauron": Units(regular=3)}, nazgul=2,
                  characters=("witch-king", "mouth-of-sauron"))
    assert characters.leadership(pos, shadow) == 1 + 2 + 2 + 2
    assert characters.leadership(pos, shadow, cancel_nazgul_leadership=True) == 1 + 2   # Elite + the Mouth
    free = Army({"rohan": Units(regular=3, leader=1)}, characters=("gandalf-the-white",))
    assert characters.leadership(pos, free, cancel_nazgul_leadership=True) == 1


@pytest.mark.parametrize("group, four", [(["gandalf-the-white"], True), (["gandalf-the-white", "peregrin"], True),
                                         (["gandalf-the-white", "meriadoc", "peregrin"], False),
                                         (["gandalf-the-white", "legolas"], False), (["strider"], False)])
def test_gandalf_the_white_level_four(group, four):
    assert characters.gandalf_white_level_four(group) is four
