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


# -- politics: the place of the event -----------------------------------------------------------
@pytest.mark.parametrize("event, extra", [("fellowship-declared", {}),
                                          ("companion-ends-move", {"companion": "Meriadoc"})])
def test_an_event_whose_place_decides_asks_for_it_when_nothing_says_it(event, extra):
    for lang in ("en", "es"):
        v = verdict({"kind": "politics", "nation": "rohan", "event": event, **extra}, lang=lang)
        assert (v["status"], v["missing"]) == ("needs-info", ["question.region"])


@pytest.mark.parametrize("region", [rid for rid, i in data.regions().items() if i["nation"] == "rohan"])
def test_only_a_city_or_stronghold_activates_on_declaring(region):
    v = verdict({"kind": "politics", "nation": "rohan", "event": "fellowship-declared", "region": region})
    assert v["active"] is (data.regions()[region]["settlement"] in ("city", "stronghold"))


def test_the_fellowship_declared_in_a_captured_city_still_activates_but_a_companion_does_not():
    captured = {"Edoras": {"control": "shadow"}}
    declared = verdict({"kind": "politics", "nation": "rohan", "event": "fellowship-declared", "region": "Edoras"},
                       captured)
    moved = verdict({"kind": "politics", "nation": "rohan", "event": "companion-ends-move", "companion": "Peregrin",
                     "region": "Edoras"}, captured)
    assert (declared["active"], moved["active"]) == (True, False)


def test_the_fellowship_region_is_read_only_when_the_position_gives_it():
    given = api.ask({"game": "war-of-the-ring", "position": {"fellowship": {"region": "Edoras"}},
                     "question": {"kind": "politics", "nation": "rohan", "event": "fellowship-declared"}})
    assert given["verdict"]["active"] is True


# -- politics: Boromir, Legolas and Gimli out of the Fellowship ---------------------------------------
ABILITIES = {"Boromir": ("gondor", {"minas-tirith", "dol-amroth", "pelargir"}),
             "Legolas": ("elves", {"grey-havens", "rivendell", "lorien", "woodland-realm"}),
             "Gimli": ("dwarves", {"erebor"})}


@pytest.mark.parametrize("companion", sorted(ABILITIES))
def test_a_political_ability_works_only_in_the_places_its_card_names(companion):
    nation, places = ABILITIES[companion]
    for region in data.regions():
        regions = {region: {"free_peoples": {"characters": [companion]}}}
        pos = {"regions": regions, "politics": {nation: {"steps": 2, "active": True}},
               "fellowship": {"companions": ["Gandalf the Grey"]}}
        v = api.ask({"game": "war-of-the-ring", "position": pos,
                     "question": {"kind": "politics", "nation": nation, "event": "companion-ability",
                                  "companion": companion}})["verdict"]
        assert (v["steps"], v["allowed"]) == ((1, True) if region in places else (2, False)), region


def test_a_political_ability_never_takes_a_passive_nation_to_war_nor_works_where_the_shadow_holds():
    q = {"kind": "politics", "nation": "gondor", "event": "companion-ability", "companion": "Boromir",
         "region": "Minas Tirith"}
    v = verdict(q, politics={"gondor": {"steps": 1, "active": False}})
    assert (v["steps"], v["allowed"]) == (1, False)
    v = verdict(q, {"Minas Tirith": {"control": "shadow"}}, politics={"gondor": {"steps": 2, "active": True}})
    assert (v["steps"], v["allowed"]) == (2, False)
    other = verdict({**q, "nation": "rohan"}, politics={"rohan": {"steps": 2, "active": True}})
    assert other["changed"] is False


def test_a_companion_placed_elsewhere_than_the_region_asked_is_a_contradiction():
    with pytest.raises(ScenarioInvalid) as exc:
        ask({"kind": "politics", "nation": "gondor", "event": "companion-ability", "companion": "Boromir",
             "region": "Minas Tirith"}, {"Pelargir": {"free_peoples": {"characters": ["Boromir"]}}})
    assert [e["path"] for e in exc.value.as_dicts("en")] == ["question.region"]


# -- politics: a character entering play -------------------------------------------------------------
@pytest.mark.parametrize("nation", [n for n in NATIONS if data.nations()[n]["side"] == "free_peoples"])
def test_the_witch_king_entering_activates_every_free_peoples_nation_without_moving_it(nation):
    v = verdict({"kind": "politics", "nation": nation, "event": "character-enters", "character": "Witch-king"},
                politics={nation: {"steps": 2, "active": False}})
    assert (v["active"], v["steps"], v["changed"]) == (True, 2, True)


def test_a_companion_entering_play_activates_the_nation_of_the_city_he_enters():
    q = {"kind": "politics", "event": "character-enters", "character": "Gandalf the White", "region": "Dale"}
    assert verdict({**q, "nation": "north"})["active"] is True
    assert verdict({**q, "nation": "dwarves"})["active"] is False
    assert verdict({**q, "nation": "north", "region": "Carrock"})["active"] is False    # a Town
    assert verdict({**q, "nation": "north", "character": "Saruman"})["active"] is False


# -- muster: Saruman's card ------------------------------------------------------------------------
SARUMAN = {"Orthanc": {"shadow": {"isengard": {"regular": 2}, "characters": ["Saruman"]}}}
EACH_ISENGARD = [{"unit": "regular", "region": r} for r in ("Orthanc", "North Dunland", "South Dunland")]


def test_saruman_musters_a_regular_in_each_isengard_settlement_only_while_in_play():
    q = {"kind": "muster", "nation": "isengard", "recruit": EACH_ISENGARD}
    assert verdict(q, SARUMAN, {"isengard": "at-war"})["allowed"] is True
    assert verdict(q, {}, {"isengard": "at-war"})["allowed"] is False
    besieged = {"Orthanc": {**SARUMAN["Orthanc"], "besieged": "shadow",
                            "free_peoples": {"rohan": {"regular": 4}}}}
    assert verdict(q, besieged, {"isengard": "at-war"})["allowed"] is False
    captured = {**SARUMAN, "South Dunland": {"control": "free-peoples"}}
    assert verdict(q, captured, {"isengard": "at-war"})["allowed"] is False


def test_saruman_turns_two_orthanc_regulars_into_elites():
    q = {"kind": "muster", "upgrade": True}
    assert verdict(q, SARUMAN, {"isengard": "at-war"})["allowed"] is True
    one = {"Orthanc": {"shadow": {"isengard": {"regular": 1}, "characters": ["Saruman"]}}}
    v = ask(q, one, {"isengard": "at-war"}, lang="es")
    assert v["verdict"]["allowed"] is False and "dos Regulares" in v["answer"]
    with pytest.raises(ScenarioInvalid) as exc:
        ask({**q, "nation": "gondor", "recruit": EACH_ISENGARD}, SARUMAN, {"isengard": "at-war"})
    assert {e["path"] for e in exc.value.as_dicts("en")} == {"question.upgrade", "question.nation"}


def test_a_refused_upgrade_never_says_the_regulars_were_replaced():
    besieged = {"Orthanc": {**SARUMAN["Orthanc"], "besieged": "shadow", "free_peoples": {"rohan": {"regular": 5}}}}
    for lang, done in (("en", "are replaced"), ("es", "se sustituyen")):
        ruling = ask({"kind": "muster", "upgrade": True}, besieged, {"isengard": "at-war", "rohan": "at-war"}, lang)
        assert ruling["verdict"]["allowed"] is False
        assert not [s for s in ruling["explanation"] if done in s["text"]]


@pytest.mark.parametrize("region", ["Barad-dur", "Dol Guldur", "Minas Morgul"])
def test_an_allowed_nazgul_muster_cites_the_nazgul_rule(region):
    ruling = ask({"kind": "muster", "nation": "sauron", "recruit": [{"unit": "nazgul", "region": region}]},
                 politics={"sauron": "at-war"})
    assert ruling["verdict"]["allowed"] is True
    rules = [s["rule"] for s in ruling["explanation"] if "Nazgûl count as Leaders" in s["text"]]
    assert rules == ["wotr-muster-nazgul"]


# -- the region's nation (issue 21) -------------------------------------------------------------
@pytest.mark.parametrize("event", ["enemy-army-enters", "settlement-captured"])
@pytest.mark.parametrize("region, owner", [("Edoras", "rohan"), ("Minas Tirith", "gondor"), ("Erebor", "dwarves")])
def test_an_enemy_army_moves_only_the_marker_of_the_nation_whose_region_it_is(event, region, owner):
    for nation in ("rohan", "gondor", "dwarves"):
        v = verdict({"kind": "politics", "nation": nation, "event": event, "region": region},
                    politics={nation: {"steps": 2, "active": False}})
        assert v["changed"] is (nation == owner), (nation, region)


@pytest.mark.parametrize("lang, words", [
    ("en", ["Fangorn", "no nation", "Rohan"]), ("es", ["Fangorn", "ninguna nación", "Rohan"])])
def test_the_answer_names_the_region_and_that_it_belongs_to_no_nation(lang, words):
    out = ask({"kind": "politics", "nation": "rohan", "event": "enemy-army-enters", "region": "Fangorn"}, lang=lang)
    assert all(w in out["answer"] for w in words), out["answer"]


@pytest.mark.parametrize("lang, words", [("en", ["Lossarnach", "Gondor"]), ("es", ["Lossarnach", "Gondor"])])
def test_the_answer_names_the_region_and_the_nation_it_belongs_to(lang, words):
    out = ask({"kind": "politics", "nation": "rohan", "event": "enemy-army-enters", "region": "Lossarnach"}, lang=lang)
    assert all(w in out["answer"] for w in words) and out["verdict"]["active"] is False, out["answer"]


def test_a_capture_where_there_is_no_settlement_is_a_problem_at_the_region():
    with pytest.raises(ScenarioInvalid) as exc:
        ask({"kind": "politics", "nation": "rohan", "event": "settlement-captured", "region": "Fangorn"})
    assert [p["path"] for p in exc.value.as_dicts("en")] == ["question.region"]


@pytest.mark.parametrize("lang, words", [("en", "only in Minas Tirith, Dol Amroth, Pelargir"),
                                         ("es", "solo le deja entrar en Minas Tirith, Dol Amroth, Pelargir")])
def test_aragorn_entering_where_his_card_does_not_allow_is_a_problem_at_the_region(lang, words):
    with pytest.raises(ScenarioInvalid) as exc:
        ask({"kind": "politics", "nation": "gondor", "event": "character-enters", "character": "Aragorn",
             "region": "Edoras"}, lang=lang)
    [problem] = exc.value.as_dicts(lang)
    assert problem["path"] == "question.region" and words in problem["message"]
