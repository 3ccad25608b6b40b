"""War of the Ring: The Card Game: rulings a player would check, bad positions, and the
path-combat and leadership counts against brute force over every choice the player has."""
from __future__ import annotations

import itertools
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.api import ask
from adjudicator.cardgame import common as cg_common
from adjudicator.problems import ScenarioInvalid

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = ROOT / "scenarios" / "cardgame"


def rule(question, position=None, lang="en"):
    return ask({"game": "wotr-card-game", "lang": lang, "position": position or {}, "question": question})


def problems(question, position=None, lang="en"):
    with pytest.raises(ScenarioInvalid) as exc:
        rule(question, position, lang)
    return {p["path"]: p["message"] for p in exc.value.as_dicts(lang)}


# -- pass ---------------------------------------------------------------------------------
@pytest.mark.parametrize("hand, limit, enemies, allowed", [
    (2, 2, [0], True),      # at the limit
    (3, 2, [4, 5], True),   # over the limit, fewer than every enemy
    (3, 2, [3], False),     # equal to an enemy is not fewer
    (3, 2, [5, 2], False),  # fewer than one enemy only
    (0, 0, [0], True),
    (1, 0, [2], True),
])
def test_pass_condition(hand, limit, enemies, allowed):
    v = rule({"kind": "pass", "hand": hand, "stack_limit": limit, "enemy_hands": enemies})["verdict"]
    assert v["allowed"] is allowed


def test_pass_reads_the_players_hands_and_sides_from_the_position():
    position = {"players": [
        {"name": "Ana", "side": "free-peoples", "hand": 4},
        {"name": "Luis", "side": "free-peoples", "hand": 1},   # a teammate, not an enemy
        {"name": "Ben", "side": "shadow", "hand": 5},
        {"name": "Carla", "side": "sombra", "hand": 6}]}
    v = rule({"kind": "pass", "player": "ana"}, position)["verdict"]
    assert v.pop("decided_by")[0] == "wotrcg-pass"
    assert v.pop("defaults") == ["question.action_step_ended"]   # the Action step is taken as going on
    assert v == {"status": "decided", "allowed": True, "reason": "smaller-hand", "hand": 4, "stack_limit": 2}


def test_pass_without_the_enemy_hands_asks_for_them():
    v = rule({"kind": "pass", "hand": 5})["verdict"]
    assert v["status"] == "needs-info" and v["missing"] == ["question.enemy_hands"]


def test_pass_cites_the_pass_condition():
    r = rule({"kind": "pass", "hand": 3, "enemy_hands": [3]})
    assert "wotrcg-pass-condition" in [c["rule"] for c in r["citations"]]


# -- play-card ------------------------------------------------------------------------------
@pytest.mark.parametrize("hand, then", [(1, "forfeit"), (2, "cycle"), (7, "cycle")])
def test_play_card_cycles_another_card_or_forfeits_the_last(hand, then):
    assert rule({"kind": "play-card", "hand": hand})["verdict"]["then"] == then


def test_play_card_not_in_hand_is_a_problem():
    errs = problems({"kind": "play-card", "hand": ["Sting", "Legolas"], "card": "Gandalf"})
    assert "question.card" in errs and "Sting, Legolas" in errs["question.card"]


# -- path combat ---------------------------------------------------------------------------
def combat(skulls, defence, cancels, order=None):
    q = {"kind": "path-combat", "path": {"name": "P", "defence": defence}, "skulls": skulls,
         "defenders": [{"name": f"c{i}", "cancels": c} for i, c in enumerate(cancels)]}
    if order is not None:
        q["eliminate"] = order
    return rule(q)["verdict"]


def legal_orders(remaining, cancels):
    """Every elimination the rules allow: one card at a time while skulls remain and cards do."""
    outcomes = set()
    for perm in itertools.permutations(range(len(cancels))):
        left, n = remaining, 0
        for i in perm:
            if left <= 0:
                break
            left -= cancels[i]
            n += 1
        outcomes.add((n, max(left, 0)))
    return outcomes


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 9), st.integers(0, 4), st.lists(st.integers(0, 4), max_size=5))
def test_path_combat_bounds_match_every_order_the_player_could_choose(skulls, defence, cancels):
    v = combat(skulls, defence, cancels)
    remaining = max(skulls - defence, 0)
    assert v["cancelled_by_path"] == min(skulls, defence)
    if remaining == 0 or not cancels:
        assert v["cards_eliminated"] == 0 and v["skulls_left"] == remaining
        return
    outcomes = legal_orders(remaining, cancels)
    assert v["cards_eliminated"] == min(n for n, _ in outcomes)
    assert v.get("cards_eliminated_max", v["cards_eliminated"]) == max(n for n, _ in outcomes)
    assert v["skulls_left"] == min(left for _, left in outcomes)


@settings(max_examples=80, deadline=None)
@given(st.integers(1, 8), st.lists(st.integers(0, 3), min_size=1, max_size=4), st.data())
def test_path_combat_checks_the_order_the_player_gives(skulls, cancels, data):
    order = data.draw(st.permutations(range(len(cancels))))
    cut = data.draw(st.integers(0, len(order)))
    given_order = [f"c{i}" for i in order[:cut]]
    v = combat(skulls, 0, cancels, given_order)
    left, needed = skulls, 0
    for i in order:
        if left <= 0:
            break
        left -= cancels[i]
        needed += 1
    assert v["allowed"] is (cut == needed)
    if v["allowed"]:
        assert v["eliminated"] == given_order[:needed]
        assert v["cards_cycled"] == len(cancels) - needed


def test_path_combat_takes_the_active_path_from_the_position():
    position = {"active_path": {"name": "Moria", "defence": 1,
                                "shadow": {"cards": [{"name": "Balrog", "skulls": 4}]},
                                "free_peoples": {"characters": [{"name": "Gandalf", "cancels": 3}],
                                                 "items": [{"name": "Glamdring", "bearer": "Gandalf"}]}}}
    v = rule({"kind": "path-combat"}, position)["verdict"]
    assert (v["skulls"], v["cancelled_by_path"], v["cards_eliminated"], v["skulls_left"]) == (4, 1, 1, 0)
    assert v["attackers_eliminated"] == 1


def test_path_combat_without_the_paths_defence_asks_for_it():
    v = rule({"kind": "path-combat", "path": "Bree", "skulls": 2})["verdict"]
    assert v == {"status": "needs-info", "missing": ["question.defence"]}


def test_path_combat_order_naming_a_card_not_on_the_path():
    errs = problems({"kind": "path-combat", "path": {"name": "P", "defence": 0}, "skulls": 1,
                     "defenders": [{"name": "Sam", "cancels": 1}], "eliminate": ["Frodo", "Sam", "Sam"]})
    assert set(errs) == {"question.eliminate[0]", "question.eliminate[2]"}


# -- leadership -------------------------------------------------------------------------------
def best_assignment(characters, armies):
    """Brute force: every way to give each army to at most one character of its faction."""
    best = 0
    for choice in itertools.product([None, *range(len(characters))], repeat=len(armies)):
        used = [c for c in choice if c is not None]
        if len(used) != len(set(used)):
            continue
        if any(c is not None and characters[c][0] != armies[a] for a, c in enumerate(choice)):
            continue
        best = max(best, sum(characters[c][1] for c in used))
    return best


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(st.sampled_from("rgd"), st.integers(0, 3)), max_size=4),
       st.lists(st.sampled_from("rgd"), max_size=4))
def test_leadership_is_the_best_assignment_of_armies(characters, armies):
    q = {"kind": "leadership",
         "characters": [{"name": f"c{i}", "faction": f, "leadership": n} for i, (f, n) in enumerate(characters)],
         "armies": [{"name": f"a{i}", "faction": f} for i, f in enumerate(armies)]}
    assert rule(q)["verdict"]["leadership"] == best_assignment(characters, armies)


# -- activation -------------------------------------------------------------------------------
def test_a_path_twice_in_the_history_is_a_problem_at_its_path():
    errs = problems({"kind": "activate", "card": "Bree"}, {"paths_activated": ["Bree", "Moria", "bree"]})
    assert list(errs) == ["position.paths_activated[2]"]
    assert "Bree" in errs["position.paths_activated[2]"] or "bree" in errs["position.paths_activated[2]"]


def test_reactivation_shields_depend_on_the_deck_and_the_scoring_area_not_on_who_reactivates():
    """Official rules: a battleground from one side's deck returning from the other side's
    scoring area loses its shields, whoever reactivates it."""
    position = {"players": [{"name": "Ana", "side": "free-peoples", "scoring_area": ["Fangorn"]},
                            {"name": "Ben", "side": "shadow", "scoring_area": ["Helm's Deep"]}],
                "battlegrounds": {"Fangorn": {"deck": "free-peoples"}, "Helm's Deep": {"deck": "free-peoples"}}}
    for who in ("Ben", "Ana"):
        verdict = rule({"kind": "activate", "card": "Fangorn", "player": who}, position)["verdict"]
        assert verdict["shields_ignored"] is False
        back = rule({"kind": "activate", "card": "Helm's Deep", "player": who}, position)["verdict"]
        assert back["shields_ignored"] is True and back["activation_text"] is True
    unknown = {"players": position["players"]}
    assert rule({"kind": "activate", "card": "Fangorn"}, unknown)["verdict"]["missing"] == ["question.deck"]


def test_a_new_path_replaces_the_active_one_which_still_fights():
    v = rule({"kind": "activate", "card": "Moria", "type": "path"}, {"active_path": "Caradhras"})["verdict"]
    assert v["allowed"] and v["replaces"] == "Caradhras" and v["replaced_path_combat"]


def test_an_unknown_card_type_asks_which_it_is():
    assert rule({"kind": "activate", "card": "Moria"})["verdict"]["missing"] == ["question.type"]


# -- items ---------------------------------------------------------------------------------------
def test_an_item_without_a_bearer_is_a_problem_in_spanish():
    position = {"battlegrounds": {"Moria": {"free_peoples": {
        "characters": ["Gandalf"], "items": ["Glamdring", {"name": "Anduril", "bearer": "Aragorn"}]}}}}
    errs = problems({"kind": "item-move", "item": "Glamdring", "event": "bearer-cycled"}, position, "es")
    assert "portador" in errs["position.battlegrounds.Moria.free_peoples.items[0]"]
    assert "Aragorn" in errs["position.battlegrounds.Moria.free_peoples.items[1].bearer"]


def test_an_item_moves_out_of_the_reserve_with_its_bearer():
    position = {"players": [{"name": "Ana", "side": "free-peoples",
                             "reserve": {"characters": ["Frodo"], "items": [{"name": "Sting", "bearer": "frodo"}]}}]}
    v = rule({"kind": "item-move", "item": "sting", "event": "bearer-moves", "to": "Bree"}, position)["verdict"]
    assert v["moves_with"] is True and v["item_to"] == "Bree"


def test_an_item_move_from_a_battleground_is_not_guessed():
    position = {"battlegrounds": {"Moria": {"free_peoples": {
        "characters": ["Gandalf"], "items": [{"name": "Glamdring", "bearer": "Gandalf"}]}}}}
    v = rule({"kind": "item-move", "item": "Glamdring", "event": "bearer-moves", "to": "Lorien"}, position)["verdict"]
    assert v["status"] == "not-covered"


def test_an_army_never_wields_an_item_in_a_position_in_both_languages():
    """Official rules, «Playing an Item»: an item is always played on a character."""
    position = {"battlegrounds": {"Helm's Deep": {"free_peoples": {
        "characters": ["Théoden"], "armies": ["Riders of Rohan"],
        "items": [{"name": "Herugrim", "wielder": "Riders of Rohan"}, {"name": "Horn", "bearer": "Riders of Rohan"}]}}}}
    for lang, word in (("en", "army"), ("es", "ejército")):
        errs = problems({"kind": "item-move", "item": "Herugrim", "event": "wielder-cycled"}, position, lang)
        area = "position.battlegrounds.Helm's Deep.free_peoples.items"
        assert set(errs) == {f"{area}[0].wielder", f"{area}[1].bearer"}
        assert word in errs[f"{area}[0].wielder"] and "Riders of Rohan" in errs[f"{area}[1].bearer"]


def test_playing_an_item_on_an_army_in_play_is_answered_no_whatever_the_items_text():
    position = {"battlegrounds": {"Moria": {"free_peoples": {"armies": [{"name": "Dwarves of Erebor"}]}}}}
    for extra in ({}, {"text_allows": True}):
        v = rule({"kind": "item-move", "item": "Axe", "event": "play", "wielder": "dwarves of erebor", **extra},
                 position)
        assert v["verdict"]["allowed"] is False and v["verdict"]["wielder_in_play"] is True
        assert v["verdict"]["decided_by"] == ["wotrcg-items-bearer"] and "army" in v["answer"]
    on_character = {"battlegrounds": {"Moria": {"free_peoples": {"characters": [{"name": "Gimli"}]}}}}
    assert rule({"kind": "item-move", "item": "Axe", "event": "play", "wielder": "Gimli"},
                on_character)["verdict"]["allowed"] is True


def test_wielder_is_the_name_and_bearer_still_reads_the_same():
    position = {"players": [{"name": "Ana", "side": "free-peoples",
                             "reserve": {"characters": ["Frodo"], "items": [{"name": "Sting", "wielder": "Frodo"}]}}]}
    new = rule({"kind": "item-move", "item": "Sting", "event": "wielder-moves", "to": "Bree"}, position)
    old = {"players": [{**position["players"][0], "reserve": {"characters": ["Frodo"],
                                                              "items": [{"name": "Sting", "bearer": "Frodo"}]}}]}
    assert rule({"kind": "item-move", "item": "Sting", "event": "bearer-moves", "to": "Bree"}, old) == new
    play = rule({"kind": "item-move", "item": "Sting", "event": "play", "bearer": "Frodo"}, position)["verdict"]
    assert play["wielder_in_play"] is play["bearer_in_play"] is True
    both = {"name": "Sting", "wielder": "Frodo", "bearer": "Frodo"}
    errs = problems({"kind": "item-move", "item": "Sting", "event": "wielder-cycled"},
                    {"active_path": {"name": "Bree", "free_peoples": {"characters": ["Frodo"], "items": [both]}}})
    assert list(errs) == ["position.active_path.free_peoples.items[0].bearer"]
    errs = problems({"kind": "item-move", "item": "Sting", "event": "play", "wielder": "Frodo", "bearer": "Sam"})
    assert list(errs) == ["question.bearer"]


def _phial_combat(phial, defence=0, skulls=3, frodo=1):
    return rule({"kind": "path-combat", "path": {"name": "Shelob's Lair", "defence": defence}, "skulls": skulls,
                 "free_peoples": {"characters": [{"name": "Frodo", "cancels": frodo}, {"name": "Sam", "cancels": 1}],
                                  "items": [{"wielder": "Frodo", **phial}]}})


@pytest.mark.parametrize("phial", [{"name": "Phial of Galadriel", "cancels": 2},
                                   {"name": "frasco de galadriel", "shields": 2},
                                   {"name": "Star-glass", "cancels": 2, "affects": "location"},
                                   {"name": "Star-glass", "cancels": 2, "affects": "lugar"}])
def test_an_item_that_affects_the_location_adds_to_the_paths_defence(phial):
    """Official rules, «Playing an Item»: the Phial's icons are the location's, not Frodo's."""
    v = _phial_combat(phial)["verdict"]
    assert (v["cancelled_by_path"], v["cards_eliminated"], v["skulls_left"]) == (2, 1, 0)
    assert v["cards_eliminated_max"] == 1     # Frodo or Sam alone cancels the one skull left


def test_the_phial_as_an_item_of_its_wielder_when_the_scenario_says_so():
    v = _phial_combat({"name": "Phial of Galadriel", "cancels": 2, "affects": "wielder"})["verdict"]
    assert v["cancelled_by_path"] == 0 and v["cards_eliminated"] == 1    # Frodo with the Phial: 3
    assert v["cards_eliminated_max"] == 2                                 # Sam first, then Frodo


def test_an_item_that_affects_the_location_adds_to_the_battlegrounds_defence():
    bg = {"name": "Lothlórien", "shields": 1, "deck": "free-peoples",
          "free_peoples": {"characters": [{"name": "Galadriel", "cancels": 1}],
                           "items": [{"name": "Phial of Galadriel", "wielder": "Galadriel", "cancels": 1}]},
          "shadow": {"armies": [{"name": "Orcs", "skulls": 2}]}}
    v = rule({"kind": "battleground-combat", "battleground": bg})["verdict"]
    assert v["cancelled_by_battleground"] == 2 and v["cards_eliminated"] == 0


# -- bad positions: every problem at once, with its path, in the scenario's language ------------
def test_every_problem_at_once_in_spanish():
    position = {"players": [{"name": "Ana", "side": "elfos", "hand": -1, "stack_limit": -1},
                            {"name": "ana", "side": "shadow"}],
                "paths_activated": ["Bree", "BREE"],
                "battlegrounds": {"Moria": {"free_peoples": {"items": [{"name": "Sting"}]}, "shieldz": 1}}}
    errs = problems({"kind": "pass", "player": "Ana", "extra": 1}, position, "es")
    assert set(errs) >= {"position.players[0].side", "position.players[0].hand",
                         "position.players[0].stack_limit", "position.players[1].name",
                         "position.paths_activated[1]", "position.battlegrounds.Moria.free_peoples.items[0].wielder",
                         "position.battlegrounds.Moria.shieldz", "question.extra"}
    assert "¿quisiste decir `shields`?" in errs["position.battlegrounds.Moria.shieldz"]


def test_bad_input_on_the_command_line_exits_2_without_traceback(tmp_path):
    f = tmp_path / "bad.yaml"
    f.write_text("game: wotr-card-game\nposition: {players: [{name: A, hand: -2}]}\n"
                 "question: {kind: pass, player: A}\n", encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "adjudicator", "ask", str(f), "--json"],
                         capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 2 and "Traceback" not in out.stderr
    assert json.loads(out.stdout)["errors"][0]["path"] == "position.players[0].hand"


# -- no traceback whatever the input -----------------------------------------------------------
json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 5) | st.sampled_from(["", "Ana", "Moria", "shadow", "x"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
        st.sampled_from(["name", "side", "hand", "players", "card", "skulls", "cancels", "bearer", "items",
                         "characters", "armies", "free_peoples", "shadow", "defence", "path", "eliminate",
                         "battleground", "battlegrounds", "active_path", "paths_activated", "player",
                         "event", "item", "to", "type", "scoring_area", "stack_limit", "enemy_hands",
                         "cycle", "action_step_ended", "text_allows", "scoring_area_of", "reserve", "shields"]),
        inner, max_size=4),
    max_leaves=12)


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(["pass", "play-card", "path-combat", "leadership", "activate", "item-move"]),
       json_values, json_values)
def test_any_input_gives_a_ruling_or_problems_never_a_crash(kind, position, extra):
    question = {"kind": kind, **(extra if isinstance(extra, dict) else {})}
    try:
        r = rule(question, position if isinstance(position, dict) else {"players": position})
        assert r["verdict"]["status"] in ("decided", "needs-info", "not-covered")
    except ScenarioInvalid as exc:
        assert all(p["message"] for p in exc.as_dicts("es"))


# -- scenarios and catalogue -------------------------------------------------------------------
def test_worked_example_scenarios_exist_and_a_third_are_in_spanish():
    for name in ("activation/activate-path-twice", "actions/pass-one-card", "items/item-moves-with-bearer",
                 "combat/path-combat-basic"):
        assert (SCENARIOS / f"{name}.yaml").is_file()
    files = list(SCENARIOS.rglob("*.yaml")) + list((ROOT / "scenarios" / "lcg").rglob("*.yaml"))
    spanish = [f for f in files if "lang: es" in f.read_text(encoding="utf-8")]
    assert len(files) >= 36 and 3 * len(spanish) >= len(files)


def test_every_kind_has_scenarios():
    kinds: dict[str, int] = {}
    for f in SCENARIOS.rglob("*.yaml"):
        for kind in re.findall(r"\bkind:\s*([a-z-]+)", f.read_text(encoding="utf-8")):
            kinds[kind] = kinds.get(kind, 0) + 1
    assert set(kinds) == {"pass", "play-card", "path-combat", "leadership", "activate", "item-move",
                          "battleground-combat", "victory-check", "out-of-cards", "carryover"}


def test_dynamic_message_keys_exist():
    from adjudicator.i18n import catalogue
    cat = catalogue("cardgame")
    for suffix in ("item_cycled", "item_eliminated", "answer_item_cycled", "answer_item_eliminated",
                   "place_reserve", "place_path", "place_battleground"):
        assert f"cardgame.{suffix}" in cat
    assert cg_common.GAME == "wotr-card-game"


@pytest.mark.parametrize("hand, cycle, allowed", [
    (["Gandalf", "Legolas"], "Legolas", True),
    (["Gandalf", "Legolas"], "Gandalf", False),           # the card being played, only copy
    (["Gandalf", "Gandalf", "Legolas"], "gandalf", True),  # another copy is a different card
])
def test_the_card_cycled_must_be_another_card_of_the_hand(hand, cycle, allowed):
    v = rule({"kind": "play-card", "hand": hand, "card": "Gandalf", "cycle": cycle})["verdict"]
    assert v["allowed"] is allowed and v["then"] == "cycle"


def test_cycling_a_card_not_in_hand_is_a_problem():
    errs = problems({"kind": "play-card", "hand": ["Gandalf", "Legolas"], "card": "Gandalf", "cycle": "Gimli"})
    assert list(errs) == ["question.cycle"]


# -- the plain forms a stranger writes (audit) -----------------------------------------------
def test_an_items_defence_icons_count_with_its_bearer_as_in_the_official_example():
    """Egladil: 3 skulls, 1 defence; Gimli (1) and Legolas (1) with the Bow (1): Legolas alone
    cancels the 2 skulls left, and the Bow goes with him."""
    q = {"kind": "path-combat", "path": {"name": "Egladil", "defence": 1}, "skulls": 3,
         "free_peoples": [{"name": "Gimli", "shields": 1}, {"name": "Legolas", "defence": 1},
                          {"name": "Bow of the Galadhrim", "bearer": "Legolas", "shields": 1}],
         "eliminate": ["Legolas"]}
    v = rule(q)["verdict"]
    assert (v["allowed"], v["cards_eliminated"], v["skulls_left"]) == (True, 1, 0)
    assert v["items_eliminated"] == ["Bow of the Galadhrim"] and v["cards_cycled"] == 1


def test_an_item_cannot_be_eliminated_on_its_own():
    q = {"kind": "path-combat", "path": {"name": "P", "defence": 0}, "skulls": 1,
         "free_peoples": [{"name": "Sam", "cancels": 1}, {"name": "Sting", "bearer": "Sam", "cancels": 1}],
         "eliminate": ["Sting"]}
    assert "question.eliminate[0]" in problems(q)


def test_path_combat_problems_all_at_once_with_their_paths():
    errs = problems({"kind": "path-combat", "path": {"name": "Bree", "defence": 1}, "attackers": 3,
                     "free_peoples": [{"name": "Frodo", "shields": 1, "cancels": 2},
                                      {"name": "Sting", "bearer": "Sam"}]}, lang="es")
    assert set(errs) == {"question.attackers", "question.free_peoples[0].shields",
                         "question.free_peoples[1].bearer"}
    assert "skulls" in errs["question.attackers"]


@pytest.mark.parametrize("attackers", [["Nazgûl"], [{"name": "Nazgûl"}]])
def test_an_attacker_without_skulls_is_asked_for_not_counted_as_none(attackers):
    v = rule({"kind": "path-combat", "path": {"name": "Bree", "defence": 0}, "attackers": attackers,
              "free_peoples": [{"name": "Frodo", "cancels": 1}]})["verdict"]
    assert v == {"status": "needs-info", "missing": ["question.attackers[0].skulls"]}


def test_a_character_without_leadership_is_asked_for_only_when_an_army_could_support_it():
    bg = {"name": "X", "free_peoples": {"characters": [{"name": "Théoden", "faction": "rohan"},
                                                       {"name": "Gandalf", "faction": "istari"}],
                                        "armies": [{"name": "Riders", "faction": "rohan"}]}}
    v = rule({"kind": "leadership", "battleground": bg})["verdict"]
    assert v["missing"] == ["question.battleground.free_peoples.characters[0].leadership"]


@pytest.mark.parametrize("source, deck, ignored", [("shadow-scoring-area", "free-peoples", True),
                                                   ("zona de puntuación de la sombra", "free-peoples", True),
                                                   ("free-peoples-scoring-area", "free-peoples", False),
                                                   ("free-peoples-scoring-area", "shadow", True)])
def test_activate_from_a_scoring_area_named_by_its_side(source, deck, ignored):
    v = rule({"kind": "activate", "card": "Helm's Deep", "from": source, "deck": deck})["verdict"]
    assert (v["allowed"], v["shields_ignored"]) == (True, ignored)


@pytest.mark.parametrize("source", ["opponent", "oponente", "own", "compañero"])
def test_an_area_named_only_against_the_player_needs_the_player(source):
    v = rule({"kind": "activate", "card": "Helm's Deep", "from": source, "deck": "free-peoples"})["verdict"]
    assert v["missing"] == ["question.player"]


def test_a_path_from_a_scoring_area_was_activated_already():
    v = rule({"kind": "activate", "card": {"name": "Bree", "type": "path"}, "from": "own"})["verdict"]
    assert v["allowed"] is False


def test_enemy_hands_by_name():
    v = rule({"kind": "pass", "hand": 3, "enemy_hands": {"Sauron": 4, "Saruman": 3}})["verdict"]
    assert v["allowed"] is False
