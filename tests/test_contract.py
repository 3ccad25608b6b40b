"""The contract of docs/design (../shared/design/scenario-language.md): for every question kind
its tables list, a decided ruling carries every listed verdict key, with the documented type.

The key lists are copied from the document's tables (kept here as data, so a kind or key
dropped by the engine fails here). The scenarios under scenarios/contract/ are written the
way a stranger who read only that document would write them, in English and Spanish.
"""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from adjudicator import registry
from adjudicator.api import ask
from adjudicator.problems import ScenarioInvalid

ROOT = Path(__file__).resolve().parents[1]
CONTRACT_DIR = ROOT / "scenarios" / "contract"

# A whole battle's odds (null only when the battle may not be fought).
ODDS_OF_A_BATTLE = ["p_attacker_wins", "p_defender_holds", "p_both_eliminated", "p_rounds", "attacker_left",
                    "defender_left", "expected_attacker_losses", "expected_defender_losses"]
# kind -> (keys every decided ruling carries, {parameter: keys added when it is given})
CONTRACT = {
    "war-of-the-ring": {
        "hunt-roll": (["dice", "hit_on", "rerolls", "p_success"], {"rolls": ["successes", "success"]}),
        "hunt-damage": (["damage", "heal", "reveal", "stop"], {}),
        "hunt-casualty": (["eliminated", "corruption_added", "corruption", "shadow_wins"], {}),
        "hunt-allocation": (["min", "max"], {}),
        "army-move": (["allowed"], {}),
        "character-move": (["allowed", "max_distance"], {}),
        "separate-companions": (["max_distance", "removed"], {"to": ["allowed"]}),
        "declare-fellowship": (["allowed", "max_distance", "heal", "activates"], {}),
        "reveal-fellowship": (["allowed", "max_distance", "extra_tile"], {}),
        "battle": (["allowed", "type", "attacker", "defender"], {}),
        "battle-outcome": (["allowed", "type", *ODDS_OF_A_BATTLE], {}),
        "retreat": (["allowed", "into_stronghold", "destinations"], {}),
        "muster": (["allowed"], {}),
        "politics": (["active", "steps"], {}),
        "elven-ring": (["allowed"], {}),
        "victory": (["winner", "reason", "free_peoples_vp", "shadow_vp"], {}),
        "enter-mordor": (["allowed"], {}),
        "action-dice": (["free_peoples", "shadow"], {}),
    },
    "wotr-card-game": {
        "pass": (["allowed"], {}),
        "play-card": (["then"], {}),
        "path-combat": (["skulls", "cancelled_by_path", "cards_eliminated", "skulls_left"], {}),
        "leadership": (["leadership"], {}),
        "activate": (["allowed", "shields_ignored"], {}),
    },
    "lotr-lcg": {
        "reveal": (["threat_each", "extra_reveals", "time_counters"], {}),
        "time": (["counters_left", "triggered"], {}),
        "scour": (["effects"], {}),
        "orcs-search": (["under_objective", "discard"], {}),
    },
}


def is_count(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and v >= 0


def is_probability(v) -> bool:
    return isinstance(v, float) and 0.0 <= v <= 1.0 and round(v, 4) == v


def is_dice_side(v) -> bool:
    """`{dice, hit_on, rerolls, p_hits}`: p_hits[k] for k = 0..dice, summing to 1."""
    return (isinstance(v, dict) and is_count(v.get("dice")) and v.get("hit_on") in range(2, 7)
            and is_count(v.get("rerolls")) and isinstance(v.get("p_hits"), list)
            and len(v["p_hits"]) == v["dice"] + 1 and all(is_probability(p) for p in v["p_hits"])
            and abs(sum(v["p_hits"]) - 1) < 0.001)


def is_distribution(v) -> bool:
    """Probabilities (a list by count, or a mapping by round) summing to 1."""
    values = list(v.values()) if isinstance(v, dict) else v
    return (isinstance(values, list) and bool(values) and all(is_probability(p) for p in values)
            and abs(sum(values) - 1) < 0.001 and (not isinstance(v, dict) or all(isinstance(k, str) for k in v)))


def is_bool(v) -> bool:
    return isinstance(v, bool)


def optional_text(v) -> bool:
    return v is None or (isinstance(v, str) and v.strip() != "")


# The documented type of each key (anything not listed: a bool or a count, by name below).
TYPES = {
    "p_success": is_probability,
    # null only where no battle is fought / nothing is rolled (checked in `type_ok`)
    "attacker": lambda v: v is None or is_dice_side(v), "defender": lambda v: v is None or is_dice_side(v),
    "hit_on": lambda v: v is None or v in range(2, 7),
    "max_distance": lambda v: v is None or is_count(v),
    "winner": lambda v: v in ("free-peoples", "shadow", None),
    "reason": lambda v: v in ("ring", "military", None),
    "eliminated": optional_text,
    "activates": optional_text,
    "type": lambda v: v in ("field", "siege", "sortie"),
    "destinations": lambda v: isinstance(v, list) and all(isinstance(x, str) for x in v),
    "effects": lambda v: isinstance(v, list) and all(isinstance(x, str) for x in v),
    "then": lambda v: v in ("cycle", "forfeit", None),
    "discard": lambda v: isinstance(v, (dict, list)),
    **{key: lambda v: v is None or is_probability(v) for key in ODDS_OF_A_BATTLE[:3]},
    **{key: lambda v: v is None or is_distribution(v) for key in ODDS_OF_A_BATTLE[3:6]},
    **{key: lambda v: v is None or (isinstance(v, float) and v >= 0) for key in ODDS_OF_A_BATTLE[6:]},
}
BOOLS = {"allowed", "success", "reveal", "stop", "shadow_wins", "removed", "extra_tile", "into_stronghold",
         "active", "shields_ignored", "triggered", "under_objective"}


def type_ok(key, value, verdict: dict | None = None) -> bool:
    """`value` has the documented type; null is accepted only where the verdict says why
    (no battle allowed, no card to play, no die rolled)."""
    if value is None and verdict is not None:
        if key in ("attacker", "defender", "then", *ODDS_OF_A_BATTLE) and verdict.get("allowed") is not False:
            return False
        if key == "hit_on" and verdict.get("dice") != 0:
            return False
    if key in TYPES:
        return TYPES[key](value)
    if key in BOOLS:
        return is_bool(value)
    return is_count(value)


FILES = sorted(CONTRACT_DIR.rglob("*.yaml"))


def load(path):
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def test_every_documented_kind_is_registered():
    for game, kinds in CONTRACT.items():
        for kind in kinds:
            assert registry.handler(game, kind) is not None, (game, kind)


def test_every_kind_has_contract_scenarios_in_both_languages():
    seen: dict[tuple, set] = {}
    for f in FILES:
        d = load(f)
        seen.setdefault((d["game"], d["question"]["kind"]), set()).add(d.get("lang", "en"))
    for game, kinds in CONTRACT.items():
        for kind in kinds:
            assert (game, kind) in seen, f"no scenario under scenarios/contract for {game} {kind}"
            assert seen[(game, kind)] >= {"en", "es"}, (game, kind, seen[(game, kind)])


@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
def test_decided_ruling_carries_every_documented_key(path):
    d = load(path)
    ruling = ask(d)
    verdict = ruling["verdict"]
    assert verdict["status"] == "decided", (verdict, ruling["answer"])
    for key in _required_keys(d, verdict):
        assert key in verdict, f"{key} missing from {verdict}"
        assert type_ok(key, verdict[key], verdict), f"{key}={verdict[key]!r} is not of the documented type"
    assert ruling["citations"], "a decided ruling cites at least one rule"
    assert ruling["answer"].strip()


@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
def test_the_verdict_does_not_depend_on_the_language(path):
    d = load(path)
    other = "en" if d.get("lang", "en") == "es" else "es"
    assert ask(d)["verdict"] == ask(d, lang=other)["verdict"]


def problems_of(scenario) -> list[dict]:
    """Every problem of an unreadable scenario, as the CLI and the API print them."""
    with pytest.raises(ScenarioInvalid) as info:
        ask(scenario)
    return info.value.as_dicts(scenario.get("lang", "en"))


def test_flat_units_with_two_nations_ask_for_the_nation():
    scenario = {"game": "war-of-the-ring", "lang": "es", "position": {
        "regions": {"Edoras": {"free_peoples": {"rohan": {"regular": 2}, "gondor": {"regular": 1}}}},
        "politics": {"rohan": "at-war", "gondor": "at-war"}},
        "question": {"kind": "army-move", "from": "Edoras", "to": "Westemnet", "units": {"regular": 1}}}
    errors = problems_of(scenario)
    assert [e["path"] for e in errors] == ["question.units"]
    assert "Rohan" in errors[0]["message"] and "Gondor" in errors[0]["message"]


def test_battleground_side_as_a_list_names_the_expected_shape():
    scenario = {"game": "wotr-card-game", "position": {"battlegrounds": {"Helm's Deep": {
        "free_peoples": [{"name": "Theoden", "faction": "rohan", "leadership": 2}]}}},
        "question": {"kind": "leadership", "battleground": "Helm's Deep", "side": "free-peoples"}}
    errors = problems_of(scenario)
    assert errors[0]["path"] == "position.battlegrounds.Helm's Deep.free_peoples"
    assert "characters" in errors[0]["message"] and "armies" in errors[0]["message"]


def test_unknown_field_lists_the_known_ones():
    scenario = {"game": "wotr-card-game", "lang": "es", "position": {"xyzzy": {}},
                "question": {"kind": "pass", "hand": 1}}
    errors = problems_of(scenario)
    assert errors[0]["path"] == "position.xyzzy"
    assert "players" in errors[0]["message"] and "battlegrounds" in errors[0]["message"]


def _required_keys(scenario: dict, verdict: dict) -> list[str]:
    always, when_given = CONTRACT[scenario["game"]][scenario["question"]["kind"]]
    keys = list(always) + [k for param, ks in when_given.items() if param in scenario["question"] for k in ks]
    if scenario["question"]["kind"] == "army-move" and verdict.get("allowed"):
        keys.append("excess")
    return keys


EXAMPLES = ROOT.parent / "shared" / "examples"
EVERY_SCENARIO = sorted((ROOT / "scenarios").rglob("*.yaml")) + (
    sorted(EXAMPLES.glob("*.yaml")) if EXAMPLES.is_dir() else [])


def test_every_decided_ruling_in_the_project_carries_the_documented_keys():
    """Not only the contract scenarios: every scenario of the project (refusals, Mordor,
    empty hands ...) whose ruling is decided carries its kind's keys, typed as documented."""
    wrong = []
    for path in EVERY_SCENARIO:
        d = load(path)
        try:
            verdict = ask(d)["verdict"]
        except ScenarioInvalid:
            continue
        kinds = CONTRACT.get(d.get("game"), {})
        if verdict["status"] != "decided" or d["question"].get("kind") not in kinds:
            continue
        for key in _required_keys(d, verdict):
            if key not in verdict or not type_ok(key, verdict[key], verdict):
                wrong.append(f"{path.relative_to(ROOT.parent)}: {key}={verdict.get(key, '<absent>')!r}")
    assert not wrong, "\n".join(wrong)
