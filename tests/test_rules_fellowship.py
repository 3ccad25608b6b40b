"""The Fellowship on the map: separation, declaring, revealing, entering Mordor, and the
map-graph helper they share."""
from __future__ import annotations

import pytest

from adjudicator import data
from adjudicator.wotr.board import distances
from adjudicator.wotr.fellowship import distance

from helpers import problems, rule, steps_citing

# -- the graph ----------------------------------------------------------------------------------

def test_map_graph_is_undirected_and_connected():
    regions = data.regions()
    for rid, info in regions.items():
        for other in info["adjacent"]:
            assert rid in regions[other]["adjacent"], (rid, other)
    assert len(distances("rivendell")) == len(regions)


@pytest.mark.parametrize("a,b,d", [("rivendell", "hollin", 2), ("hollin", "moria", 1), ("rivendell", "rivendell", 0),
                                   ("hollin", "lorien", 3), ("dagorlad", "morannon", 1)])
def test_known_distances(a, b, d):
    assert distance(a, b) == d == distance(b, a)


def test_stop_rule_blocks_passing_but_not_ending():
    reach = distances("hollin", pass_through=lambda r: r != "moria")
    assert reach["moria"] == 1
    assert reach["lorien"] > 3            # only through Moria would it be 3


# -- separate-companions -----------------------------------------------------------------------

def test_separate_bad_inputs_all_at_once_in_both_languages():
    position = {"fellowship": {"companions": ["Legolas", "Gimli"], "guide": "Legolas"}}
    q = {"kind": "separate-companions",
         "companions": ["Boromir", "Frodo", "Saruman", "Legolas", "Legolas", "Glorfindel"],
         "to": "Mordorr"}
    en = problems(position, q, "en")
    es = problems(position, q, "es")
    assert set(en) == set(es) == {"question.companions[0]", "question.companions[1]", "question.companions[2]",
                                  "question.companions[4]", "question.companions[5]", "question.to"}
    assert en["question.companions[0]"] == "'Boromir' is not in the Fellowship."
    assert es["question.companions[0]"] == "«Boromir» no está en la Comunidad."
    assert "Ring-bearers" in en["question.companions[1]"]
    assert "Portadores" in es["question.companions[1]"]


def test_separate_needs_companions():
    assert "question.companions" in problems({}, {"kind": "separate-companions"})
    assert "question.companions" in problems({}, {"kind": "separate-companions", "companions": []})


@pytest.mark.parametrize("progress", [0, 1, 3, 6])
def test_separate_reaches_exactly_what_the_limits_allow(progress):
    """From Hollin, every region is allowed iff a path avoiding passage through Moria (a
    Shadow stronghold where Companions stop) is short enough."""
    position = {"fellowship": {"region": "Hollin", "progress": progress}}
    max_d = progress + 2
    reach = distances("hollin", pass_through=lambda r: r not in (
        "moria", "dol-guldur", "orthanc", "mount-gundabad", "morannon", "minas-morgul", "barad-dur", "umbar"))
    for target in ("moria", "lorien", "dimrill-dale", "fords-of-bruinen", "rivendell", "bree", "fangorn"):
        v = rule(position, {"kind": "separate-companions", "companions": ["Boromir"],
                            "to": data.regions()[target]["name"]["en"]})["verdict"]
        assert v["max_distance"] == max_d
        assert v["allowed"] == (reach.get(target, 99) <= max_d), target


def test_separate_in_besieged_stronghold_can_stay():
    position = {"fellowship": {"region": "Minas Tirith", "progress": 2},
                "regions": {"Minas Tirith": {"besieged": "free-peoples", "free_peoples": {"gondor": {"regular": 1}},
                                             "shadow": {"sauron": {"regular": 3}}}}}
    q = {"kind": "separate-companions", "companions": ["Boromir"]}
    assert rule(position, {**q, "to": "Minas Tirith"})["verdict"]["allowed"] is True
    out = rule(position, {**q, "to": "Lossarnach"}, "es")
    assert out["verdict"]["allowed"] is False
    assert "wotr-fellowship-separate-besieged" in [s["rule"] for s in out["explanation"]]


# -- declare / reveal / enter-mordor -----------------------------------------------------------

def test_declare_heal_only_with_corruption_and_activation_only_when_passive():
    base = {"region": "Osgiliath", "progress": 1}
    v = rule({"fellowship": {**base, "corruption": 0}}, {"kind": "declare-fellowship", "to": "Minas Tirith"})["verdict"]
    assert (v["heal"], v["activates"]) == (0, "gondor")
    v = rule({"fellowship": {**base, "corruption": 4}, "politics": {"gondor": {"steps": 1, "active": True}}},
             {"kind": "declare-fellowship", "to": "Minas Tirith"})["verdict"]
    assert (v["heal"], v["activates"]) == (1, None)
    v = rule({"fellowship": {**base, "corruption": 4}}, {"kind": "declare-fellowship", "to": "Osgiliath"})["verdict"]
    assert (v["heal"], v["activates"]) == (0, None)   # a fortification, not a City or Stronghold


@pytest.mark.parametrize("to", ["Bree", "Dol Guldur"])
def test_declaring_where_no_nation_can_be_activated_cites_the_activation_rule(to):
    """Neither a Town nor a Shadow Stronghold activates a nation: the activation rule says so, not the heal rule."""
    start = {"Bree": "Weather Hills", "Dol Guldur": "North Anduin Vale"}[to]
    out = rule({"fellowship": {"region": start, "progress": 2}, "turn": {"phase": 2}},
               {"kind": "declare-fellowship", "to": to})
    assert (out["verdict"]["allowed"], out["verdict"]["activates"]) == (True, None)
    assert steps_citing(out, "activates no nation") == ["wotr-fellowship-declare-activate"]
    assert steps_citing(out, "no healing") == ["wotr-fellowship-declare-heal"]


BESIEGED_MT = {"Minas Tirith": {"besieged": "free-peoples", "free_peoples": {"gondor": {"regular": 3}},
                                "shadow": {"sauron": {"regular": 6}}}}


def test_declaring_into_a_besieged_stronghold_cites_the_fellowships_free_passage():
    out = rule({"regions": BESIEGED_MT, "fellowship": {"region": "Lossarnach", "progress": 1}, "turn": {"phase": 2}},
               {"kind": "declare-fellowship", "to": "Minas Tirith"}, "es")
    assert out["verdict"]["allowed"] is True
    assert steps_citing(out, "Baluarte asediado") == ["wotr-fellowship-besieged"]
    quiet = rule({"fellowship": {"region": "Lossarnach", "progress": 1}, "turn": {"phase": 2}},
                 {"kind": "declare-fellowship", "to": "Minas Tirith"})
    assert "wotr-fellowship-besieged" not in [c["rule"] for c in quiet["citations"]]


def test_revealed_out_of_a_besieged_stronghold_cites_the_fellowships_free_passage():
    out = rule({"regions": BESIEGED_MT, "fellowship": {"region": "Minas Tirith", "progress": 1}},
               {"kind": "reveal-fellowship", "to": "Osgiliath"})
    assert out["verdict"]["allowed"] is True
    assert steps_citing(out, "besieged Stronghold") == ["wotr-fellowship-besieged"]


def test_declaring_on_the_mordor_track_is_refused_by_the_mordor_rule():
    out = rule({"fellowship": {"mordor": 0}}, {"kind": "declare-fellowship"})
    assert out["verdict"]["allowed"] is False and out["verdict"]["decided_by"] == ["wotr-mordor"]


def test_revealed_at_progress_zero_the_figure_stays_by_the_reveal_rule():
    out = rule({"fellowship": {"region": "Rivendell", "progress": 0}}, {"kind": "reveal-fellowship", "to": "Rivendell"})
    assert (out["verdict"]["allowed"], out["verdict"]["max_distance"]) == (True, 0)
    assert steps_citing(out, "does not move") == ["wotr-fellowship-reveal"]
    moving = rule({"fellowship": {"region": "Rivendell", "progress": 1}}, {"kind": "reveal-fellowship"})
    assert not steps_citing(moving, "does not move")


def test_phase_assumed_is_said_in_a_step():
    out = rule({"fellowship": {"region": "Morannon"}}, {"kind": "enter-mordor"})
    assert out["verdict"]["allowed"] is True
    assert any("phase 2" in s["text"] for s in out["explanation"])
    out = rule({"fellowship": {"region": "Morannon"}}, {"kind": "enter-mordor"}, "es")
    assert any("fase 2" in s["text"] for s in out["explanation"])


def test_enter_mordor_declare_first_needs_hidden():
    v = rule({"fellowship": {"region": "Dagorlad", "progress": 1, "hidden": False}},
             {"kind": "enter-mordor"})["verdict"]
    assert v["allowed"] is False


@pytest.mark.parametrize("fellowship,says", [
    ({"region": "North Ithilien", "progress": 0}, "(0)"),
    ({"region": "Dagorlad", "progress": 1, "hidden": False}, "revealed")])
def test_enter_mordor_refused_says_by_the_declaration_rule_why_declaring_first_fails(fellowship, says):
    """declare_first: false rests on the declaration rule: too little progress, or revealed."""
    out = rule({"fellowship": fellowship}, {"kind": "enter-mordor"})
    assert (out["verdict"]["allowed"], out["verdict"]["declare_first"]) == (False, False)
    [why] = [s["text"] for s in out["explanation"] if s["rule"] == "wotr-fellowship-declare"]
    assert says in why
    assert out["verdict"]["decided_by"][-1] == "wotr-fellowship-declare"


def test_entering_mordor_after_declaring_is_decided_by_both_rules():
    v = rule({"fellowship": {"region": "Dagorlad", "progress": 1}}, {"kind": "enter-mordor"})["verdict"]
    assert v["decided_by"] == ["wotr-mordor-enter", "wotr-fellowship-declare"]


@pytest.mark.parametrize("progress", [1, 2, 3])
def test_reveal_never_ends_in_friendly_city_or_stronghold(progress):
    position = {"fellowship": {"region": "Trollshaws", "progress": progress}}
    for target in distances("trollshaws", limit=progress):
        info = data.regions()[target]
        v = rule(position, {"kind": "reveal-fellowship", "to": info["name"]["en"]})["verdict"]
        friendly = info["settlement"] in ("city", "stronghold") and info["side"] == "free_peoples"
        assert v["allowed"] == (not friendly), target


def test_reveal_without_destination_counts_options():
    v = rule({"fellowship": {"region": "Rivendell", "progress": 1}}, {"kind": "reveal-fellowship"})["verdict"]
    assert v["destinations"] == 2      # Fords of Bruinen and Trollshaws; not Rivendell itself
    assert v["extra_tile"] is False


def test_reveal_extra_tile_when_shadow_holds_its_own_stronghold_only():
    q = {"kind": "reveal-fellowship", "to": "Moria"}
    assert rule({"fellowship": {"region": "Hollin", "progress": 1}}, q)["verdict"]["extra_tile"] is True
    freed = {"fellowship": {"region": "Hollin", "progress": 1}, "regions": {"Moria": {"control": "free-peoples"}}}
    v = rule(freed, q)["verdict"]
    assert v["allowed"] is False          # now a stronghold the Free Peoples control


@pytest.mark.parametrize("written", ["Legolas, Gimli", "Legolas y Gimli", "Legolas and Gimli"])
def test_several_companions_in_one_text(written):
    v = rule({"fellowship": {"region": "Rivendell", "progress": 1}},
             {"kind": "separate-companions", "companions": written})["verdict"]
    assert v["max_distance"] == 3


# -- hide-fellowship ------------------------------------------------------------------------------

DICE = ["character", "muster", "army-muster", "event", "will-of-the-west"]


@pytest.mark.parametrize("die", DICE)
@pytest.mark.parametrize("guide", ["Gandalf the Grey", "Strider", "Gimli", "Gollum"])
@pytest.mark.parametrize("where", [{"region": "Fangorn"}, {"mordor": 3}])
def test_hide_with_character_results_or_any_result_under_strider(die, guide, where):
    companions = {"Gandalf the Grey": ["Gandalf the Grey", "Strider"], "Strider": ["Gandalf the Grey", "Strider"],
                  "Gimli": ["Gimli"], "Gollum": []}[guide]
    position = {"fellowship": {"hidden": False, "companions": companions, "guide": guide, **where},
                "turn": {"phase": 5}}
    v = rule(position, {"kind": "hide-fellowship", "die": die})["verdict"]
    assert v["allowed"] is (die in ("character", "will-of-the-west") or guide == "Strider")
    assert "defaults" not in v


@pytest.mark.parametrize("phase", [1, 2, 3, 4, 6])
def test_hide_only_in_the_action_phase(phase):
    v = rule({"fellowship": {"hidden": False}, "turn": {"phase": phase}},
             {"kind": "hide-fellowship", "die": "character"})["verdict"]
    assert v["allowed"] is False and v["decided_by"] == ["wotr-fellowship-hide"]


def test_hide_bad_inputs_in_both_languages():
    for lang in ("en", "es"):
        assert "question.die" in problems({}, {"kind": "hide-fellowship"}, lang)
        got = problems({}, {"kind": "hide-fellowship", "die": "army"}, lang)
        assert list(got) == ["question.die"]
    assert "Ejército" in problems({}, {"kind": "hide-fellowship", "die": "ejército"}, "es")["question.die"]


def test_hide_names_its_defaults():
    out = rule({}, {"kind": "hide-fellowship", "die": "character"}, "es")
    assert out["verdict"]["allowed"] is False   # the Fellowship starts hidden
    assert out["verdict"]["defaults"] == ["position.turn.phase", "position.fellowship.hidden"]
    assert any("oculta" in s["text"] and "principio" in s["text"] for s in out["explanation"])


# -- the Guide when Companions leave ----------------------------------------------------------------

def test_separating_one_of_two_tied_guides_keeps_the_other_possible():
    position = {"fellowship": {"region": "Lorien", "companions": ["Legolas", "Gimli", "Peregrin"]}}
    v = rule(position, {"kind": "separate-companions", "companions": ["Legolas"]})["verdict"]
    assert v["guide_options"] == ["gimli"]
    v = rule(position, {"kind": "separate-companions", "companions": ["Peregrin"]})["verdict"]
    assert "guide_options" not in v


def test_separating_everyone_leaves_gollum_to_guide_even_on_the_mordor_track():
    for where in ({"region": "Lorien"}, {"mordor": 1}):
        position = {"fellowship": {**where, "companions": ["Legolas", "Gimli"], "guide": "Legolas"}}
        v = rule(position, {"kind": "separate-companions", "companions": ["Legolas", "Gimli"]})["verdict"]
        assert v["guide_options"] == ["gollum"]


# -- defaults named -----------------------------------------------------------------------------------

def test_declare_names_every_default_it_leans_on():
    v = rule({"turn": {"phase": 2}}, {"kind": "declare-fellowship"})["verdict"]
    assert v["allowed"] is True and v["heal"] == 0
    assert set(v["defaults"]) == {"position.fellowship.mordor", "position.fellowship.hidden",
                                  "position.fellowship.region", "position.fellowship.progress", "question.to",
                                  "position.regions.rivendell", "position.fellowship.corruption",
                                  "position.politics.elves"}


def test_a_fully_given_position_leans_on_no_default():
    position = {"fellowship": {"region": "Rivendell", "progress": 1, "hidden": True, "corruption": 2},
                "regions": {"Rivendell": {}}, "politics": {"elves": {"steps": 1, "active": True}},
                "turn": {"phase": 2}}
    v = rule(position, {"kind": "declare-fellowship", "to": "Rivendell"})["verdict"]
    assert v["heal"] == 1 and "defaults" not in v
