"""The Lord of the Rings: The Card Game: the keywords of seed 002 (Doomed, Surge, Time,
Scour) and The Orcs' Search, as a player would check them, in English and Spanish."""
from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.api import ask
from adjudicator.problems import ScenarioInvalid

ROOT = Path(__file__).resolve().parents[1]


def rule(question, position=None, lang="en"):
    return ask({"game": "lotr-lcg", "lang": lang, "position": position or {}, "question": question})


def problems(question, position=None, lang="en"):
    with pytest.raises(ScenarioInvalid) as exc:
        rule(question, position, lang)
    return {p["path"]: p["message"] for p in exc.value.as_dicts(lang)}


# -- reveal -------------------------------------------------------------------------------------
@pytest.mark.parametrize("keywords", [
    ["doomed 2", "surge", "time 3"],
    ["maldito 2", "oleada", "tiempo 3"],
    "Doomed 2. Surge. Time 3.",
    "MALDITO 2; Oleada; Tiempo 3",
    [{"doomed": 2}, "Surge", {"tiempo": 3}],
])
def test_keywords_in_either_language_and_either_form(keywords):
    v = rule({"kind": "reveal", "players": 4, "card": {"keywords": keywords}})["verdict"]
    assert (v["threat_each"], v["threat_total"], v["extra_reveals"], v["time_counters"]) == (2, 8, 1, 3)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_doomed_raises_every_players_threat(players):
    position = {"players": [{"name": f"p{i}", "threat": 20 + i} for i in range(players)]}
    v = rule({"kind": "reveal", "card": {"keywords": ["doomed 3"]}}, position)["verdict"]
    assert v["threat_each"] == 3 and v["threat_total"] == 3 * players
    assert v["threats_after"] == {f"p{i}": 23 + i for i in range(players)}


def test_surge_resolves_after_the_when_revealed_effects():
    r = rule({"kind": "reveal", "card": {"keywords": ["surge"]}})
    assert r["verdict"]["order"] == ["when-revealed", "surge"]
    assert "lcg-surge-timing" in [c["rule"] for c in r["citations"]]


def test_an_unknown_keyword_is_a_problem_with_its_path_and_a_suggestion():
    errs = problems({"kind": "reveal", "card": {"keywords": ["doomed 2", "surje", "tiempo"]}}, lang="es")
    assert "¿quisiste decir «surge»?" in errs["question.card.keywords[1]"]
    assert "X" in errs["question.card.keywords[2]"]          # Time needs its number


def test_a_misspelt_spanish_keyword_suggests_the_spanish_word():
    errs = problems({"kind": "reveal", "card": {"keywords": ["maldto 1"]}})
    assert "maldito" in errs["question.card.keywords[0]"]


def test_keywords_the_seed_does_not_explain_are_not_guessed():
    v = rule({"kind": "reveal", "card": {"keywords": ["guarded", "doomed 1"]}})["verdict"]
    assert v["status"] == "not-covered"


def test_a_keyword_twice_and_a_bad_player_count():
    errs = problems({"kind": "reveal", "players": 5, "card": {"keywords": ["surge", "oleada"]}})
    assert set(errs) == {"question.players", "question.card.keywords[1]"}


# -- time ------------------------------------------------------------------------------------------
@settings(max_examples=200, deadline=None)
@given(st.integers(0, 6), st.integers(0, 6), st.lists(st.integers(0, 3), max_size=3))
def test_time_counters_never_go_below_zero_and_fire_on_the_last(counters, phases, effects):
    v = rule({"kind": "time", "counters": counters, "refresh_phases": phases,
              "removed_by_effects": effects})["verdict"]
    removed = phases + sum(effects)
    assert v["counters_left"] == max(counters - removed, 0)
    assert v["triggered"] is (counters > 0 and removed >= counters)


def test_time_reads_the_counters_from_the_cards_keyword():
    position = {"in_play": [{"name": "Stage 2B", "type": "quest", "keywords": ["time 3"]}]}
    v = rule({"kind": "time", "card": "stage 2b", "refresh_phases": 3}, position)["verdict"]
    assert v["counters_left"] == 0 and v["triggered"] is True


def test_time_without_counters_asks_for_them():
    assert rule({"kind": "time", "refresh_phases": 1})["verdict"]["missing"] == ["question.counters"]


# -- scour ----------------------------------------------------------------------------------------
WORKED = {"players": ["Player 1", "Player 2"], "first_player": 1,
          "in_play": [{"name": "Bellach", "type": "enemy", "keywords": ["scour"]},
                      {"name": "Ruined Tower", "type": "location", "keywords": ["scour"]}]}


def test_scour_worked_example_player_one_resolves_the_tower_first():
    v = rule({"kind": "scour", "order": ["ruined tower", "bellach"]}, WORKED)["verdict"]
    assert v["effects"] == ["Ruined Tower", "Bellach"] and v["chosen_by"] == "Player 1"


def test_scour_without_an_order_leaves_it_to_the_first_player():
    v = rule({"kind": "scour"}, WORKED)["verdict"]
    assert v["order_given"] is False and v["chosen_by"] == "Player 1"
    assert sorted(v["effects"]) == ["Bellach", "Ruined Tower"]


def test_scour_order_must_list_every_effect_once():
    errs = problems({"kind": "scour", "order": ["Bellach"]}, WORKED)
    assert "Ruined Tower" in errs["question.order"]
    errs = problems({"kind": "scour", "order": ["Bellach", "Bellach", "Gollum"]}, WORKED, "es")
    assert set(errs) == {"question.order[1]", "question.order[2]"}


def test_a_card_under_the_orcs_search_is_out_of_play_for_scour():
    position = {**WORKED, "in_play": WORKED["in_play"][:1], "under_orcs_search": ["Ruined Tower"]}
    v = rule({"kind": "scour", "cards": ["Bellach", "Ruined Tower"]}, position)["verdict"]
    assert v["effects"] == ["Bellach"]


def test_scour_over_the_cards_in_play_names_those_under_the_orcs_search_out_of_play():
    position = {**WORKED, "in_play": WORKED["in_play"][:1], "under_orcs_search": ["Ruined Tower"]}
    ruling = rule({"kind": "scour"}, position)
    assert ruling["verdict"]["effects"] == ["Bellach"]
    assert [s["rule"] for s in ruling["explanation"] if "Ruined Tower" in s["text"]] == ["lcg-orcs-search-out-of-play"]


def test_time_without_refresh_phases_names_the_default_under_the_refresh_rule():
    ruling = rule({"kind": "time", "counters": 2})
    assert ruling["verdict"]["defaults"] == ["question.refresh_phases"]
    assert [s["rule"] for s in ruling["explanation"] if "refresh phase" in s["text"]] == ["lcg-time-refresh"]


# -- the Orcs' Search -------------------------------------------------------------------------------
@pytest.mark.parametrize("damage, qp, under", [(0, 3, False), (2, 3, False), (3, 3, True), (4, 3, True)])
def test_a_location_goes_under_when_damage_reaches_its_quest_points(damage, qp, under):
    v = rule({"kind": "orcs-search", "location": {"name": "L", "quest_points": qp, "damage": damage}})["verdict"]
    assert v["under_objective"] is under and v["out_of_play"] is under
    assert v["discard"] == ({"tokens": {"damage": damage}} if under else {})


def test_tokens_and_attachments_are_discarded_first():
    v = rule({"kind": "orcs-search", "card": {"name": "Elf", "type": "ally", "tokens": {"recurso": 2},
                                              "attachments": ["Cloak"]}, "by_effect": True}, lang="es")
    assert v["verdict"]["discard"] == {"tokens": {"resource": 2}, "attachments": ["Cloak"]}
    assert "Primero se descartan" in " ".join(s["text"] for s in v["explanation"])


def test_a_card_both_in_play_and_under_the_objective_is_a_problem():
    errs = problems({"kind": "orcs-search", "card": "Well"},
                    {"in_play": [{"name": "Well", "quest_points": 2}], "under_orcs_search": ["well"]})
    assert "position.under_orcs_search[0]" in errs


# -- never a crash ------------------------------------------------------------------------------------
json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 5) | st.sampled_from(["", "surge", "doomed 2", "x", "Bellach"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
        st.sampled_from(["name", "keywords", "players", "card", "location", "counters", "refresh_phases",
                         "removed_by_effects", "order", "cards", "first_player", "in_play", "tokens",
                         "attachments", "quest_points", "damage", "type", "under_orcs_search", "threat",
                         "then", "when_revealed", "by_effect", "triggered_by"]),
        inner, max_size=4),
    max_leaves=12)


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(["reveal", "time", "scour", "orcs-search"]), json_values, json_values)
def test_any_input_gives_a_ruling_or_problems_never_a_crash(kind, position, extra):
    question = {"kind": kind, **(extra if isinstance(extra, dict) else {})}
    try:
        r = rule(question, position if isinstance(position, dict) else {"in_play": position})
        assert r["verdict"]["status"] in ("decided", "needs-info", "not-covered")
    except ScenarioInvalid as exc:
        assert all(p["message"] for p in exc.as_dicts("es"))


def test_every_kind_has_scenarios_and_the_worked_examples_exist():
    folder = ROOT / "scenarios" / "lcg"
    assert (folder / "keywords" / "reveal-doomed-surge.yaml").is_file()
    assert (folder / "celebrimbor" / "scour-worked-example.yaml").is_file()
    text = " ".join(f.read_text(encoding="utf-8") for f in folder.rglob("*.yaml"))
    for kind in ("reveal", "time", "scour", "orcs-search"):
        assert f"kind: {kind}\n" in text


def test_token_message_keys_exist():
    from adjudicator.i18n import catalogue
    assert {"lcg.token_damage", "lcg.token_progress", "lcg.token_resource"} <= set(catalogue("lcg"))


def test_a_surge_chain_adds_the_threat_of_every_card_and_counts_what_is_left_to_reveal():
    v = rule({"kind": "reveal", "players": 3, "card": {"keywords": ["surge", "doomed 1"]},
              "then": [{"name": "B", "keywords": ["surge"]}]})["verdict"]
    assert (v["threat_each"], v["threat_total"], v["extra_reveals"], v["pending_reveals"]) == (1, 3, 2, 1)


def test_a_card_after_one_without_surge_is_a_problem():
    errs = problems({"kind": "reveal", "card": {"name": "A", "keywords": ["surge"]},
                     "then": [{"name": "B"}, {"name": "C"}]}, lang="es")
    assert list(errs) == ["question.then[1]"] and "B" in errs["question.then[1]"]


# -- the plain forms a stranger writes (audit) -----------------------------------------------
def test_keywords_as_a_mapping_and_straight_in_the_question():
    v = rule({"kind": "reveal", "players": 2, "card": {"keywords": {"maldito": 1, "oleada": True, "tiempo": 2}}})
    assert (v["verdict"]["threat_each"], v["verdict"]["extra_reveals"], v["verdict"]["time_counters"]) == (1, 1, 2)
    v = rule({"kind": "reveal", "players": 2, "keywords": ["doomed 3"]})["verdict"]
    assert v["threat_each"] == 3 and v["threat_total"] == 6


def test_orcs_search_counts_of_tokens_and_attachments():
    v = rule({"kind": "orcs-search", "location": {"name": "Well", "quest_points": 2, "damage": 2,
                                                  "tokens": 1, "attachments": 2, "progress": 1}})["verdict"]
    assert v["under_objective"] is True
    assert v["discard"] == {"tokens": {"damage": 2, "other": 1, "progress": 1}, "attachments": 2}


def test_scour_effect_given_as_text_marks_the_card():
    v = rule({"kind": "scour", "cards": [{"name": "Bellach", "scour": "Each player searches..."},
                                         {"name": "Orc Scout", "keywords": ["surge"]}]})["verdict"]
    assert v["effects"] == ["Bellach"]


def test_a_card_known_only_as_the_card_still_opens_sentences_with_a_capital():
    for lang in ("en", "es"):
        out = rule({"kind": "time", "counters": 0}, lang=lang)
        assert out["answer"][0].isupper() and all(s["text"][0].isupper() for s in out["explanation"])
