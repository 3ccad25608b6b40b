"""army-move and character-move: bad input (all problems, paths, both languages) and the
map rules checked against an independent oracle over the whole board."""
from __future__ import annotations

import pytest

from adjudicator import api, data
from adjudicator.cli import main as cli_main
from adjudicator.problems import ScenarioInvalid

from helpers import steps_citing


def ask(question, regions=None, politics=None, lang="en", **position):
    scenario = {"game": "war-of-the-ring", "lang": lang,
                "position": {"regions": regions or {}, "politics": politics or {}, **position},
                "question": question}
    return api.ask(scenario)


def errors_of(question, regions=None, politics=None, lang="en"):
    with pytest.raises(ScenarioInvalid) as exc:
        ask(question, regions, politics, lang)
    return {e["path"]: e["message"] for e in exc.value.as_dicts(lang)}


GONDOR_IN_MT = {"Minas Tirith": {"free_peoples": {"gondor": {"regular": 3, "leader": 1}}}}
AT_WAR = {"gondor": "at-war", "rohan": "at-war", "sauron": "at-war", "isengard": "at-war",
          "southrons": "at-war", "elves": "at-war", "dwarves": "at-war", "north": "at-war"}


# -- bad input ---------------------------------------------------------------------------------
@pytest.mark.parametrize("lang, hint", [("en", "did you mean Osgiliath"), ("es", "quisiste decir Osgiliath")])
def test_unknown_region_suggests_the_closest_in_the_users_language(lang, hint):
    errs = errors_of({"kind": "army-move", "from": "Minas Tirith", "to": "Osgilath"}, GONDOR_IN_MT, lang=lang)
    assert list(errs) == ["question.to"]
    assert hint in errs["question.to"]


@pytest.mark.parametrize("lang, words", [("en", ["4", "only 3", "Minas Tirith"]),
                                         ("es", ["4", "solo hay 3", "Minas Tirith"])])
def test_moving_more_units_than_present_is_unreadable_with_the_units_path(lang, words):
    errs = errors_of({"kind": "army-move", "from": "Minas Tirith", "to": "Osgiliath",
                      "units": {"gondor": {"regular": 4, "leader": 2}}}, GONDOR_IN_MT, lang=lang)
    assert set(errs) == {"question.units.gondor.regular", "question.units.gondor.leader"}
    for w in words:
        assert w in errs["question.units.gondor.regular"]


def test_every_problem_is_reported_at_once():
    errs = errors_of({"kind": "army-move", "from": "Minas Tirit", "to": "Osgilath", "die": "magic",
                      "side": "evil", "speed": 3}, GONDOR_IN_MT)
    assert {"question.from", "question.to", "question.die", "question.side", "question.speed"} <= set(errs)


def test_units_of_the_other_side_are_refused():
    errs = errors_of({"kind": "army-move", "from": "Minas Tirith", "to": "Osgiliath", "side": "free-peoples",
                      "units": {"sauron": {"regular": 1}}}, GONDOR_IN_MT)
    assert "question.units.sauron" in errs


def test_a_character_placed_elsewhere_is_a_contradiction_not_a_guess():
    errs = errors_of({"kind": "character-move", "character": "Boromir", "from": "Osgiliath", "to": "Lossarnach"},
                     {"Minas Tirith": {"free_peoples": {"characters": ["Boromir"]}}}, lang="es")
    assert "Minas Tirith" in errs["question.from"]


def test_unreadable_scenario_exits_2_from_the_command_line(tmp_path, capsys):
    f = tmp_path / "bad.yaml"
    f.write_text("game: wotr\nlang: es\nquestion: {kind: army-move, from: Rivendel, to: Mordor Land}\n",
                 encoding="utf-8")
    assert cli_main(["ask", str(f)]) == 2
    printed = capsys.readouterr()
    assert "question.to" in printed.out + printed.err


@pytest.mark.parametrize("lang, words", [("en", "not adjacent"), ("es", "no son adyacentes")])
def test_non_adjacent_move_is_a_refusal_in_both_languages(lang, words):
    out = ask({"kind": "army-move", "from": "Minas Tirith", "to": "Pelargir"}, GONDOR_IN_MT, AT_WAR, lang=lang)
    assert out["verdict"]["allowed"] is False
    assert words in out["answer"]
    assert "wotr-army-move-adjacency" in [c["rule"] for c in out["citations"]]


def test_the_same_ruling_in_both_languages_differs_only_in_words():
    q = {"kind": "army-move", "from": "Edoras", "to": "Westemnet", "die": "character"}
    regions = {"Edoras": {"free_peoples": {"rohan": {"regular": 2}}}}
    en, es = ask(q, regions, AT_WAR, "en"), ask(q, regions, AT_WAR, "es")
    assert en["verdict"] == es["verdict"]
    assert [s["rule"] for s in en["explanation"]] == [s["rule"] for s in es["explanation"]]
    assert en["answer"] != es["answer"]


# -- the whole map, against an independent oracle ---------------------------------------------------
def _all_pairs_distances() -> dict[tuple[str, str], int]:
    """Floyd-Warshall over the adjacency lists: a different algorithm from the engine's BFS."""
    regions = sorted(data.regions())
    inf = 10 ** 6
    d = {(a, b): (0 if a == b else inf) for a in regions for b in regions}
    for a in regions:
        for b in data.regions()[a]["adjacent"]:
            d[(a, b)] = 1
    for k in regions:
        for i in regions:
            dik = d[(i, k)]
            if dik == inf:
                continue
            for j in regions:
                if dik + d[(k, j)] < d[(i, j)]:
                    d[(i, j)] = dik + d[(k, j)]
    return d


def test_adjacency_is_symmetric_and_matches_232_edges():
    edges = {frozenset((a, b)) for a, r in data.regions().items() for b in r["adjacent"]}
    assert len(edges) == 232
    for a, r in data.regions().items():
        for b in r["adjacent"]:
            assert a in data.regions()[b]["adjacent"], (a, b)


def test_an_army_at_war_moves_along_every_edge_into_an_empty_region_and_never_further():
    # Every edge both ways is allowed; a region two steps away never is.
    dist = _all_pairs_distances()
    for a, r in data.regions().items():
        for b in r["adjacent"]:
            out = ask({"kind": "army-move", "from": a, "to": b}, {a: {"shadow": {"sauron": {"regular": 1}}}}, AT_WAR)
            assert out["verdict"]["allowed"] is True, (a, b, out["answer"])
        far = next(x for x in sorted(data.regions()) if dist[(a, x)] == 2)
        out = ask({"kind": "army-move", "from": a, "to": far}, {a: {"shadow": {"sauron": {"regular": 1}}}}, AT_WAR)
        assert out["verdict"]["allowed"] is False


@pytest.mark.parametrize("companion", ["meriadoc", "gimli", "strider"])
def test_companion_reach_on_a_quiet_board_matches_graph_distance(companion):
    """With no armies and only Free Peoples strongholds (friendly), a Companion reaches exactly the
    regions within its level, except that Shadow strongholds stop it (checked separately)."""
    dist = _all_pairs_distances()
    level = data.characters()[companion]["level"]
    shadow_holds = {r for r, i in data.regions().items() if i["settlement"] == "stronghold" and i["side"] == "shadow"}
    start = "rivendell"
    for goal in sorted(data.regions()):
        if goal == start:
            continue
        out = ask({"kind": "character-move", "character": companion, "from": start, "to": goal},
                  {start: {"free_peoples": {"characters": [companion]}}})
        # Shadow strongholds near Rivendell lie at distance >= 3, so within level they only end paths.
        within = dist[(start, goal)] <= level
        assert out["verdict"]["allowed"] is within, (goal, dist[(start, goal)], out["answer"])
        assert out["verdict"]["max_distance"] == level
    assert all(dist[(start, s)] >= 3 for s in shadow_holds)


def test_nazgul_reach_everywhere_but_unbesieged_free_peoples_strongholds():
    fp_holds = {r for r, i in data.regions().items() if i["settlement"] == "stronghold" and i["side"] == "free_peoples"}
    for goal in sorted(data.regions()):
        if goal == "barad-dur":
            continue
        out = ask({"kind": "character-move", "character": "nazgul", "from": "barad-dur", "to": goal},
                  {"barad-dur": {"shadow": {"nazgul": 1}}})
        assert out["verdict"]["allowed"] is (goal not in fp_holds), goal
        assert out["verdict"]["max_distance"] is None


def test_a_character_not_placed_anywhere_needs_the_path_of_the_missing_fact():
    out = ask({"kind": "character-move", "character": "Legolas", "from": "Lorien", "to": "Dimrill Dale"})
    assert out["verdict"] == {"status": "needs-info",
                              "missing": ["position.regions.Lórien.free_peoples.characters"]}


def test_excess_counts_the_merged_army():
    out = ask({"kind": "army-move", "from": "Edoras", "to": "Westemnet"},
              {"Edoras": {"free_peoples": {"rohan": {"regular": 6}}},
               "Westemnet": {"free_peoples": {"rohan": {"regular": 3, "elite": 3}}}}, AT_WAR)
    assert out["verdict"]["excess"] == 2


# -- no input, however odd, ends in a traceback -------------------------------------------------------
from hypothesis import HealthCheck, event, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

REGION_NAMES = st.sampled_from(["Minas Tirith", "Osgiliath", "Rivendel", "Moria", "Orthanc", "Helm's Deep",
                                "Lossarnach", "Druadan Forest", "Dale", "Erebor", "Westemnet"])
ODD = st.one_of(st.none(), st.integers(-3, 40), st.text(max_size=8), st.booleans(), st.just("Nowhere"),
                st.lists(st.integers(0, 3), max_size=3),
                st.dictionaries(st.text(max_size=6), st.integers(0, 12), max_size=2))
FP = st.fixed_dictionaries({}, optional={
    "gondor": st.fixed_dictionaries({}, optional={"regular": st.integers(0, 12), "leader": st.integers(0, 3)}),
    "characters": st.lists(st.sampled_from(["Boromir", "Gimli", "Gollum"]), max_size=2, unique=True)})
SH = st.fixed_dictionaries({}, optional={
    "sauron": st.fixed_dictionaries({}, optional={"regular": st.integers(0, 6), "elite": st.integers(0, 6)}),
    "characters": st.lists(st.sampled_from(["Saruman", "Witch-king", "Mouth of Sauron"]), max_size=2, unique=True),
    "nazgul": st.integers(0, 3)})


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(kind=st.sampled_from(["army-move", "character-move", "battle", "retreat"]), src=REGION_NAMES,
       dst=REGION_NAMES, fp=FP, sh=SH, shadow_here=st.booleans(),
       units=st.one_of(st.none(), FP, SH, ODD), character=st.one_of(st.sampled_from(
           ["Boromir", "Gimli", "Gollum", "Saruman", "Witch-king", "nazgul", "Mouth of Sauron"]), ODD),
       side=st.sampled_from([None, "shadow", "free-peoples", "evil"]),
       besieged=st.sampled_from([None, None, "shadow", "free-peoples"]), lang=st.sampled_from(["en", "es"]),
       politics=st.sampled_from([{}, AT_WAR]))
def test_questions_never_raise_anything_but_problems(kind, src, dst, fp, sh, shadow_here, units, character,
                                                    side, besieged, lang, politics):
    question = {"kind": kind}
    if kind == "retreat":
        question["region"] = src
    else:
        question.update({"from": src, "to": dst})
    if kind == "character-move":
        question["character"] = character
    elif kind != "retreat" and units is not None:
        question["units"] = units
    if side:
        question["side"] = side
    regions = {src: {"free_peoples": fp}}
    if besieged:
        regions[src].update({"besieged": besieged, "shadow": sh})
    elif shadow_here:
        regions[dst if dst != src else "Osgiliath"] = {"shadow": sh}
    try:
        out = ask(question, regions, politics, lang=lang)
    except ScenarioInvalid as exc:
        event("unreadable")
        assert all(p["path"] and p["message"] for p in exc.as_dicts(lang))
    else:
        event(f'{kind} {out["verdict"]["status"]}')
        assert out["verdict"]["status"] in ("decided", "needs-info", "not-covered")
        assert out["answer"]


def test_a_bad_units_count_is_reported_with_unknown_regions_all_at_once():
    errs = errors_of({"kind": "army-move", "from": "Osgilath", "to": "Minas Tirit",
                      "units": {"gondor": {"regular": -1}}}, GONDOR_IN_MT, lang="es")
    assert set(errs) == {"question.from", "question.to", "question.units.gondor.regular"}
    assert "Osgiliath" in errs["question.from"]


def test_leaders_cannot_be_left_alone_when_every_unit_moves():
    regions = {"Lossarnach": {"free_peoples": {"gondor": {"regular": 3, "leader": 1}}}}
    q = {"kind": "army-move", "from": "Lossarnach", "to": "Pelargir"}
    assert ask({**q, "units": {"gondor": {"regular": 3}}}, regions, AT_WAR)["verdict"]["allowed"] is False
    assert ask({**q, "units": {"gondor": {"regular": 3, "leader": 1}}}, regions, AT_WAR)["verdict"]["allowed"] is True
    assert ask({**q, "units": {"gondor": {"regular": 2}}}, regions, AT_WAR)["verdict"]["allowed"] is True


# -- character abilities in army-move ------------------------------------------------------------
MORGUL = {"Minas Morgul": {"shadow": {"sauron": {"regular": 3}}}}
MOUTH = {"Barad-dur": {"shadow": {"characters": ["The Mouth of Sauron"]}}}


@pytest.mark.parametrize("regions, used, allowed", [
    ({**MORGUL, **MOUTH}, None, True), ({**MORGUL, **MOUTH}, False, True), ({**MORGUL, **MOUTH}, True, False),
    (MORGUL, None, False), (MORGUL, False, False)])
def test_a_muster_die_moves_a_shadow_army_once_per_turn_while_the_mouth_is_in_play(regions, used, allowed):
    q = {"kind": "army-move", "from": "Minas Morgul", "to": "North Ithilien", "die": "muster"}
    if used is not None:
        q["muster_as_army_used"] = used
    v = ask(q, regions, {"sauron": "at-war"})["verdict"]
    assert v["allowed"] is allowed
    assert ("question.muster_as_army_used" in v.get("defaults", [])) is (allowed and used is None)


def test_a_muster_die_never_moves_a_free_peoples_army():
    v = ask({"kind": "army-move", "from": "Minas Tirith", "to": "Osgiliath", "die": "alistar"},
            {**GONDOR_IN_MT, **MOUTH}, AT_WAR)["verdict"]
    assert (v["allowed"], v["decided_by"]) == (False, ["wotr-dice-muster"])


def test_isengard_elites_lead_an_army_with_a_character_die_only_while_saruman_is_in_play():
    elites = {"Gap of Rohan": {"shadow": {"isengard": {"elite": 2}}}}
    saruman = {"Orthanc": {"shadow": {"characters": ["Saruman"]}}}
    q = {"kind": "army-move", "from": "Gap of Rohan", "to": "Druwaith Iaur", "die": "character"}
    assert ask(q, {**elites, **saruman}, AT_WAR)["verdict"]["allowed"] is True
    assert ask(q, elites, AT_WAR)["verdict"]["allowed"] is False
    regulars = {"Gap of Rohan": {"shadow": {"isengard": {"regular": 2}}}}
    assert ask(q, {**regulars, **saruman}, AT_WAR)["verdict"]["allowed"] is False


def test_elites_without_saruman_are_refused_a_character_die_by_sarumans_card():
    """The refusal rests on the Elites leading only while Saruman is in play: the step says so."""
    elites = {"Gap of Rohan": {"shadow": {"isengard": {"elite": 2}}}}
    q = {"kind": "army-move", "from": "Gap of Rohan", "to": "Druwaith Iaur", "die": "character"}
    ruling = ask(q, elites, AT_WAR)
    assert ruling["verdict"]["allowed"] is False
    assert "wotr-char-saruman-elites" in steps_citing(ruling, "Saruman")
    assert "position.regions.orthanc" in ruling["verdict"]["defaults"]     # Saruman absent: a default
    listed = ask(q, {**elites, "Orthanc": {"shadow": {"isengard": {"regular": 1}}}}, AT_WAR, lang="es")
    assert "wotr-char-saruman-elites" in steps_citing(listed, "Saruman no está en juego")
    assert "position.regions.orthanc" not in listed["verdict"].get("defaults", [])


def test_a_muster_die_refused_to_the_free_peoples_cites_the_mouths_card():
    ruling = ask({"kind": "army-move", "from": "Minas Tirith", "to": "Osgiliath", "die": "muster"},
                 {**GONDOR_IN_MT, **MOUTH}, AT_WAR)
    assert "wotr-char-mouth-muster" in steps_citing(ruling, "Only the Shadow")


def test_the_figures_of_a_nation_not_at_war_left_behind_cite_the_rule_that_lets_the_rest_go_on():
    mixed = {"Druadan Forest": {"free_peoples": {"gondor": {"regular": 3, "leader": 1}, "rohan": {"regular": 2}}}}
    politics = {"gondor": "at-war", "rohan": {"steps": 2, "active": False}}
    q = {"kind": "army-move", "from": "Druadan Forest", "units": {"gondor": {"regular": 3, "leader": 1}}}
    into_gondor = ask({**q, "to": "Minas Tirith"}, mixed, politics)
    assert into_gondor["verdict"]["allowed"] is True
    assert "wotr-army-non-belligerent" in steps_citing(into_gondor, "Rohan is not At War")
    # Into Rohan's own Folde the Rohan figures could have followed: no rule kept them back.
    into_rohan = ask({**q, "to": "Folde"}, mixed, politics)
    assert not steps_citing(into_rohan, "Rohan is not At War")


def test_allowed_and_refused_non_belligerent_moves_cite_the_same_rule():
    politics = {"rohan": {"steps": 2, "active": False}}
    rohan = {"Westemnet": {"free_peoples": {"rohan": {"regular": 2}}}}
    allowed = ask({"kind": "army-move", "from": "Westemnet", "to": "Fangorn"}, rohan, politics)
    refused = ask({"kind": "army-move", "from": "Westemnet", "to": "Druwaith Iaur"}, rohan, politics)
    assert (allowed["verdict"]["allowed"], refused["verdict"]["allowed"]) == (True, False)
    assert steps_citing(allowed, "Rohan is not At War") == ["wotr-army-non-belligerent"]
    assert steps_citing(refused, "Rohan is not At War") == ["wotr-army-non-belligerent"]


def test_the_defaults_of_an_army_move_are_named():
    unled = {"Minas Tirith": {"free_peoples": {"gondor": {"regular": 2}}}}
    v = ask({"kind": "army-move", "from": "Minas Tirith", "to": "Osgiliath"}, unled, AT_WAR)["verdict"]
    assert v["defaults"] == ["question.units", "position.regions.osgiliath", "question.die"]
    v = ask({"kind": "army-move", "from": "Minas Tirith", "to": "Osgiliath"}, GONDOR_IN_MT, AT_WAR)["verdict"]
    assert "question.die" not in v["defaults"]        # led: a Character die would do as well
    crossing = {"Druadan Forest": {"free_peoples": {"gondor": {"regular": 2}}}}
    v = ask({"kind": "army-move", "from": "Druadan Forest", "to": "Folde"}, crossing)["verdict"]
    assert v["allowed"] is False and "position.politics.gondor" in v["defaults"]


# -- character abilities in character-move ----------------------------------------------------------
@pytest.mark.parametrize("group, level", [(["Gandalf the White"], 4), (["Gandalf the White", "Peregrin"], 4),
                                          (["Gandalf the White", "Meriadoc", "Peregrin"], 3),
                                          (["Gandalf the White", "Gimli"], 3)])
def test_gandalf_the_white_moves_at_level_four_alone_or_with_one_hobbit(group, level):
    regions = {"Edoras": {"free_peoples": {"characters": group}}}
    v = ask({"kind": "character-move", "character": group, "from": "Edoras", "to": "Lorien"}, regions,
            fellowship={"companions": ["Strider"]})["verdict"]
    assert (v["max_distance"], v["allowed"]) == (level, level >= 4)


@pytest.mark.parametrize("group", [["Gandalf the White", "Legolas"], ["Gandalf the White", "Meriadoc", "Peregrin"]])
def test_gandalf_the_white_kept_at_level_three_cites_his_card(group):
    regions = {"Edoras": {"free_peoples": {"characters": group}}}
    ruling = ask({"kind": "character-move", "character": group, "from": "Edoras", "to": "Lorien"}, regions,
                 fellowship={"companions": ["Strider"]}, lang="es")
    assert ruling["verdict"]["max_distance"] == 3
    assert steps_citing(ruling, "Gandalf el Blanco solo cuenta como nivel 4") == ["wotr-char-gandalf-white-level"]


def test_a_companion_in_the_fellowship_is_not_moved_by_a_character_move_and_the_rule_is_cited():
    ruling = ask({"kind": "character-move", "character": "Strider", "from": "Rivendell", "to": "Trollshaws"},
                 fellowship={"region": "Rivendell", "companions": ["Gandalf the Grey", "Strider", "Legolas"]})
    assert ruling["verdict"]["allowed"] is False
    assert steps_citing(ruling, "not those in the Fellowship") == ["wotr-character-move"]


def test_the_witch_king_moves_as_a_nazgul_and_says_so():
    ruling = ask({"kind": "character-move", "character": "Witch-king", "from": "Minas Morgul", "to": "The Shire"},
                 {"Minas Morgul": {"shadow": {"characters": ["Witch-king"]}}}, lang="es")
    assert ruling["verdict"]["max_distance"] is None
    assert {"wotr-char-witch-king", "wotr-character-nazgul"} <= {c["rule"] for c in ruling["citations"]}


def test_an_unlisted_stronghold_that_decides_a_companions_route_is_named():
    v = ask({"kind": "character-move", "character": "Legolas", "from": "Dimrill Dale", "to": "Hollin"},
            {"Dimrill Dale": {"free_peoples": {"characters": ["Legolas"]}}},
            fellowship={"companions": ["Strider"]})["verdict"]
    assert v["allowed"] is False and "position.regions.moria" in v["defaults"]


# -- one way to give a list (issue 21) ----------------------------------------------------------
@pytest.mark.parametrize("kind, key, extra", [
    ("character-move", "character", {"from": "Rivendell", "to": "Lorien"}),
    ("action-dice", "in_play", {}),
])
@pytest.mark.parametrize("text", ["Legolas, Gimli", "Legolas and Gimli", "Legolas y Gimli"])
def test_a_list_of_names_given_as_one_text_reads_as_the_list(kind, key, extra, text):
    from adjudicator.api import ask

    position = {"regions": {"Rivendell": {"free_peoples": {"characters": ["Legolas", "Gimli"]}}},
                "fellowship": {"companions": ["Strider"]}}

    def verdict(value):
        return ask({"game": "war-of-the-ring", "position": position,
                    "question": {"kind": kind, key: value, **extra}})["verdict"]

    assert verdict(text) == verdict(["Legolas", "Gimli"])
