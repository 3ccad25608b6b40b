"""Bounded by the game's own limits (issue 20): a position the game cannot reach is refused
with a problem naming the region, in the user's language; the worst position it can reach
costs little; the whole-battle solver has a budget of states, and an exact fraction is text
only up to a bounded length. Legitimate inputs stay accepted (BOM, aliases given once)."""
from __future__ import annotations

import json
from fractions import Fraction

import pytest

from adjudicator import api, data, loading, ruling
from adjudicator.problems import ScenarioInvalid
from adjudicator.wotr import battle_outcome as bo
from adjudicator.wotr import limits

AT_WAR = {n: "at-war" for n in data.nations()}


def problems_of(scenario, lang="en"):
    return {p["path"]: p["message"] for p in problem_list(scenario, lang)}


def problem_list(scenario, lang="en"):
    with pytest.raises(ScenarioInvalid) as raised:
        api.ask(scenario, lang)
    return raised.value.as_dicts(lang)


def battle(regions, question=None, lang="en", **position):
    return {"game": "war-of-the-ring", "lang": lang, "position": {"regions": regions, "politics": AT_WAR, **position},
            "question": {"kind": "battle-outcome", "from": "South Ithilien", "to": "Osgiliath", **(question or {})}}


# The worst battle the position reader accepts: 10 Elites against 10 (Elves have 10, Sauron
# and Isengard 6 each), every Nazgûl and Leader, characters on both sides (Gandalf the White
# against the Nazgûl: the battle is solved twice), a Fortification (round 1 differs) and a
# retreat after round 12 (every round told apart).
WORST = {"South Ithilien": {"shadow": {"sauron": {"elite": 6}, "isengard": {"elite": 4}, "nazgul": 8,
                                       "characters": ["witch-king", "the-mouth-of-sauron"]}},
         "Osgiliath": {"free_peoples": {"elves": {"elite": 10, "leader": 4},
                                        "characters": ["gandalf-the-white", "aragorn", "legolas", "gimli", "boromir"]}}}
WORST_QUESTIONS = [{}, {"defender_retreats": 12}, {"max_rounds": 12, "casualties": "reduce-elites"},
                   {"casualties": {"attacker": "reduce-elites", "defender": "keep-strength"}, "defender_retreats": 12}]


@pytest.mark.parametrize("question", WORST_QUESTIONS, ids=["plain", "retreat-12", "rounds-12", "mixed"])
def test_the_worst_battle_the_reader_accepts_is_cheap_and_small(question, monkeypatch):
    """Cheap in work, not in seconds (a timed assertion fails on a busy machine; the seconds are
    benchmarks/bench_engine.py's): every whole-battle solve the ruling makes is counted, and all of
    them together build fewer states than one solve's budget."""
    solves: list[int] = []
    solve = bo.solve

    def counted(*args, **kwargs):
        result = solve(*args, **kwargs)
        solves.append(result.states)
        return result

    monkeypatch.setattr(bo, "solve", counted)
    scenario = battle(WORST, question, fellowship={"companions": ["merry", "pippin"]})
    out = api.ask(scenario)
    size = len(json.dumps(out, ensure_ascii=False).encode("utf-8"))
    assert out["verdict"]["status"] == "decided" and out["verdict"]["allowed"] is True
    assert solves and len(solves) <= 4 and sum(solves) < bo.MAX_STATES, solves
    assert size < 256 * 1024, size
    assert "if_cancelled" in out["verdict"]


def test_the_worst_battle_the_reader_accepts_needs_little_memory():
    """Memory at its peak while ruling (tracemalloc: what Python allocates), a generous bound:
    the five nations against three the reader once accepted took 1.8 GB."""
    import tracemalloc

    scenario = battle(WORST, WORST_QUESTIONS[1], fellowship={"companions": ["merry", "pippin"]})
    api.ask(scenario)                          # warm caches: the peak of the ruling itself
    tracemalloc.start()
    try:
        api.ask(scenario)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 64 * 1024 * 1024, peak


@pytest.mark.parametrize("lang", ["en", "es"])
def test_more_than_ten_units_in_a_region_is_refused_naming_the_region(lang):
    regions = {"South Ithilien": {"shadow": {"sauron": {"regular": 6, "elite": 5}}},
               "Osgiliath": {"free_peoples": {"gondor": {"regular": 8}, "rohan": {"regular": 3}}}}
    errs = problems_of(battle(regions, lang=lang), lang)
    assert set(errs) == {"position.regions.South Ithilien.shadow", "position.regions.Osgiliath.free_peoples"}
    here = errs["position.regions.Osgiliath.free_peoples"]
    assert "Osgiliath" in here and "11" in here and "10" in here
    said = errs["position.regions.South Ithilien.shadow"]
    assert ("Ithilien del Sur" if lang == "es" else "South Ithilien") in said
    assert ("apilamiento" if lang == "es" else "stacking limit") in said


def test_a_besieged_stronghold_holds_five_units_and_any_number_of_leaders():
    inside = {"Minas Tirith": {"besieged": "free_peoples", "free_peoples": {"gondor": {"regular": 3, "elite": 2,
                                                                                        "leader": 4}},
                               "shadow": {"sauron": {"regular": 10}}}}
    q = {"from": "Minas Tirith", "to": "Minas Tirith", "type": "siege"}
    assert api.ask(battle(inside, q))["verdict"]["status"] == "decided"
    inside["Minas Tirith"]["free_peoples"]["gondor"]["regular"] = 4
    errs = problems_of(battle(inside, q), "es")
    assert list(errs) == ["position.regions.Minas Tirith.free_peoples"]
    assert "Minas Tirith" in errs["position.regions.Minas Tirith.free_peoples"] and "5" in errs[
        "position.regions.Minas Tirith.free_peoples"]


def test_more_figures_than_a_nation_has_are_refused_counting_every_region_and_the_reinforcements():
    assert data.nations()["gondor"]["figures"] == {"regular": 15, "elite": 5, "leader": 4}
    assert limits.pool("sauron", "nazgul") == 8 and limits.pool("elves", "elite") == 10
    regions = {"Osgiliath": {"free_peoples": {"gondor": {"regular": 8, "leader": 3}}},
               "Minas Tirith": {"free_peoples": {"gondor": {"regular": 6, "leader": 2}}},
               "Pelargir": {"free_peoples": {"gondor": {"elite": 5}}},
               "South Ithilien": {"shadow": {"sauron": {"regular": 1}, "nazgul": 5}},
               "Morannon": {"shadow": {"sauron": {"regular": 1}, "nazgul": 4}}}
    errs = problem_list({"game": "war-of-the-ring", "position": {"regions": regions,
                                                                 "reinforcements": {"gondor": {"regular": 2}}},
                         "question": {"kind": "victory"}})
    messages = " | ".join(p["message"] for p in errs)
    assert "Gondor has 15 Regular units in the whole game, and this position gives 16" in messages
    assert "Osgiliath, Minas Tirith; 2 in the reinforcements" in messages
    assert "Gondor has 4 Leaders in the whole game, and this position gives 5" in messages
    assert "8 Nazgûl" in messages and "gives 9" in messages
    assert "Elite" not in messages          # 5 Elites: exactly Gondor's
    spanish = " | ".join(p["message"] for p in problem_list({"game": "war-of-the-ring", "lang": "es",
                                                             "position": {"regions": regions},
                                                             "question": {"kind": "victory"}}, "es"))
    assert "Gondor tiene 4 Líderes en todo el juego" in spanish and "Ithilien del Sur" in spanish


def test_a_character_in_two_regions_is_refused():
    regions = {"Osgiliath": {"free_peoples": {"gondor": {"regular": 1}, "characters": ["Boromir"]}},
               "Pelargir": {"free_peoples": {"gondor": {"regular": 1}, "characters": ["Boromir", "Boromir"]}}}
    errs = problems_of({"game": "war-of-the-ring", "position": {"regions": regions}, "question": {"kind": "victory"}})
    assert "position.regions.Pelargir.free_peoples.characters[1]" in errs
    assert any("Osgiliath, Pelargir" in m for m in errs.values())


def test_unit_kinds_given_twice_through_an_alias_are_duplicates_not_key_order():
    regions = {"Osgiliath": {"free_peoples": {"gondor": {"regular": 0, "regulars": 8}}}}
    errs = problems_of({"game": "war-of-the-ring", "position": {"regions": regions}, "question": {"kind": "victory"}})
    path = "position.regions.Osgiliath.free_peoples.gondor.regulars"
    assert list(errs) == [path] and "`regulars`" in errs[path] and "`regular`" in errs[path]
    once = {"Osgiliath": {"free_peoples": {"gondor": {"regulars": 8, "Élites": 1, "líderes": 1}}}}
    assert api.ask({"game": "war-of-the-ring", "position": {"regions": once}, "question": {"kind": "victory"}})


def test_past_its_budget_of_states_the_solver_says_not_covered(monkeypatch):
    monkeypatch.setattr(bo, "MAX_STATES", 50)
    with pytest.raises(bo.OverBudget):
        bo.solve(bo.Battle(bo.Force(5, 5), bo.Force(5, 5)))
    for lang in ("en", "es"):
        out = api.ask(battle(WORST, lang=lang))
        assert out["verdict"]["status"] == "not-covered"
        steps = [s["text"] for s in out["explanation"]]
        assert any("50" in s for s in steps)
        assert out["verdict"].get("p_attacker_wins") is None


def test_every_battle_the_game_allows_fits_the_budget():
    worst = max(bo.solve(bo.Battle(bo.Force(0, 10, 0, 0, 5, policy), bo.Force(0, 10, 0, 0, 5, policy),
                                   attacker_hits_on_first=6, retreat_after=12)).states
                for policy in bo.POLICIES)
    assert worst * 4 < bo.MAX_STATES


def test_a_fraction_is_text_only_up_to_a_bounded_length():
    assert ruling.fraction_text(Fraction(2059, 2187)) == "2059/2187"
    assert ruling.fraction_text(Fraction(1)) == "1"
    huge = Fraction(3 ** 20_000, 2 ** 40_000 + 1)      # past Python's 4,300-digit text limit
    assert ruling.fraction_text(huge) is None
    edge = Fraction(10 ** 58, 10 ** 59 + 1)
    assert len(ruling.fraction_text(edge) or "") <= ruling.MAX_EXACT_CHARS


def test_a_whole_battle_keeps_its_floats_exact_to_the_last_digit_when_its_fractions_are_left_out(monkeypatch):
    scenario = battle(WORST)
    short = api.ask(scenario)["verdict"]
    monkeypatch.setattr(ruling, "MAX_EXACT_CHARS", 10 ** 5)
    whole = api.ask(scenario)["verdict"]
    assert short["p_defender_holds_exact"] is None and len(whole["p_defender_holds_exact"]) > 200
    for key in ("p_attacker_wins", "p_defender_holds", "p_both_eliminated", "expected_attacker_losses"):
        assert short[key] == whole[key] == round(float(Fraction(whole[f"{key}_exact"])), 4)
    assert ruling.format_chance(0.9425, None, "en") == "94.25%"     # a tie is not rounded twice
    assert ruling.format_chance(0.9424, None, "es") == "94,2 %"


@pytest.mark.parametrize("as_json", [True, False])
def test_a_json_scenario_with_a_byte_order_mark_is_read(as_json, tmp_path):
    text = "\ufeff" + json.dumps({"game": "war-of-the-ring", "question": {"kind": "victory"}})
    assert loading.load_text(text, as_json=as_json)["game"] == "war-of-the-ring"
    assert loading.load_json(text)["question"] == {"kind": "victory"}
    path = tmp_path / "notepad.json"
    path.write_bytes(text.encode("utf-8"))
    assert api.ask_text(loading.read_source(str(path)))["verdict"]["status"] == "decided"


def test_what_a_killed_index_build_left_behind_is_removed_by_the_next_one(tmp_path, monkeypatch):
    from adjudicator import build, paths

    monkeypatch.setattr(paths, "BUILD", tmp_path)
    index = tmp_path / "index"
    leftovers = [index / ".en.new-1a2b3c4d", index / ".es.new-00000000", index / ".en.old-77"]
    for folder in leftovers:
        folder.mkdir(parents=True)
        (folder / "index.json").write_text("{", encoding="utf-8")   # cut off mid-write
    kept = index / "en"
    kept.mkdir()
    said: list[str] = []
    with pytest.raises(build.BuildError):      # no docs here: no index either, but the leftovers go
        build.build_index(progress=said.append)
    assert not any(folder.exists() for folder in leftovers) and kept.is_dir()
    assert sum("interrupted build" in line for line in said) == 3


def test_a_card_of_nothing_but_a_null_is_a_problem_not_an_internal_error():
    """`card: [null]` (a form's empty list) is no card: "required", as a missing card is."""
    from adjudicator.problems import ScenarioInvalid

    with pytest.raises(ScenarioInvalid) as caught:
        api.ask({"game": "wotr-card-game", "question": {"kind": "activate", "card": [None]}})
    assert [p["path"] for p in caught.value.as_dicts("en")] == ["question.card"]
