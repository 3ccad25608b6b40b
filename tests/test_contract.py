"""The contract of the scenario language, and every kind's spec against it.

``DESIGN`` is the fixed part of the scenario language's tables (the kinds and their verdict
keys that other programs rely on: never renamed or dropped). Each kind's spec must declare
those keys, marked ``contract``; the rest of the table (every key, its type, when it is
present) is the spec's own and is read from it. For every scenario of the project, a decided
ruling carries the keys its spec says it carries, typed as declared, and no key the spec
does not declare. The scenarios whose ``source`` says ``contract`` were written the way a
stranger who read only the design document would write them, in English and Spanish.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator import registry
from adjudicator.api import ask
from adjudicator.problems import ScenarioInvalid
from adjudicator.spec import COMMON_KEYS
from tests.helpers import asked, load_scenario_file, scenario_file_cases

ROOT = Path(__file__).resolve().parents[1]

# The design document's tables: kind -> the verdict keys fixed by the contract.
DESIGN = {
    "war-of-the-ring": {
        "hunt-roll": ["dice", "hit_on", "rerolls", "p_success", "successes", "success"],
        "hunt-damage": ["damage", "heal", "reveal", "stop"],
        "hunt-casualty": ["eliminated", "corruption_added", "corruption", "shadow_wins"],
        "hunt-allocation": ["min", "max"],
        "army-move": ["allowed", "excess"],
        "character-move": ["allowed", "max_distance"],
        "separate-companions": ["max_distance", "allowed", "removed"],
        "declare-fellowship": ["allowed", "max_distance", "heal", "activates"],
        "reveal-fellowship": ["allowed", "max_distance", "extra_tile"],
        "battle": ["allowed", "type", "attacker", "defender", "combat_cards"],
        "retreat": ["allowed", "into_stronghold", "destinations"],
        "muster": ["allowed"],
        "politics": ["active", "steps"],
        "elven-ring": ["allowed"],
        "victory": ["winner", "reason", "free_peoples_vp", "shadow_vp"],
        "enter-mordor": ["allowed", "pool"],
        "action-dice": ["free_peoples", "shadow"],
        "event-card": ["card", "allowed", "play_with", "play_if", "on_table", "effect"],
        "battle-outcome": ["p_attacker_wins", "p_defender_holds", "p_both_eliminated", "p_rounds", "attacker_left",
                           "defender_left", "expected_attacker_losses", "expected_defender_losses", "combat_cards"],
        "fellowship-move": ["allowed", "max_distance"],
        "change-guide": ["allowed", "candidates"],
        "advance": ["allowed", "units"],
        "end-of-turn": ["corruption_added"],
    },
    "wotr-card-game": {
        "pass": ["allowed"],
        "play-card": ["then"],
        "path-combat": ["skulls", "cancelled_by_path", "cards_eliminated", "skulls_left"],
        "leadership": ["leadership"],
        "activate": ["allowed", "shields_ignored"],
    },
    "lotr-lcg": {
        "reveal": ["threat_each", "extra_reveals", "time_counters"],
        "time": ["counters_left", "triggered"],
        "scour": ["effects"],
        "orcs-search": ["under_objective", "discard"],
    },
}


def is_count(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and v >= 0


def is_probability(v) -> bool:
    return isinstance(v, float) and 0.0 <= v <= 1.0 and round(v, 4) == v


def is_dice_side(v) -> bool:
    """`{dice, hit_on, rerolls, p_hits}`: p_hits[k] for k = 0..dice (further with combat cards: their
    extra attacks and extra hits score past the dice), summing to 1."""
    return (isinstance(v, dict) and is_count(v.get("dice")) and v.get("hit_on") in range(2, 7)
            and is_count(v.get("rerolls")) and isinstance(v.get("p_hits"), list)
            and len(v["p_hits"]) >= v["dice"] + 1 and all(is_probability(p) for p in v["p_hits"])
            and abs(sum(v["p_hits"]) - 1) < 0.001)


def is_text(v) -> bool:
    return isinstance(v, str) and v.strip() != ""


def texts(v) -> bool:
    return isinstance(v, list) and all(is_text(x) for x in v)


def ids_of(table):
    def check(v) -> bool:
        items = v if isinstance(v, list) else [v]
        return all(isinstance(x, str) and x in table() for x in items)
    return check


def _fraction_text(v) -> bool:
    import re
    return isinstance(v, str) and re.fullmatch(r"\d+(/\d+)?", v) is not None


def _distribution(v) -> bool:
    values = v.values() if isinstance(v, dict) else v if isinstance(v, list) else None
    return values is not None and all(is_probability(p) for p in values) and abs(sum(values) - 1) < 0.001


def _data(name):
    from adjudicator import data
    return getattr(data, name)


# The checker of each verdict type a spec may declare (adjudicator.spec.VERDICT_TYPES).
TYPES = {
    "bool": lambda v: isinstance(v, bool), "count": is_count,
    "int": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "number": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool),
    "probability": is_probability, "exact": _fraction_text, "text": is_text, "texts": texts,
    "id": is_text, "ids": texts, "region-ids": ids_of(_data("regions")), "nation-ids": ids_of(_data("nations")),
    "character-ids": lambda v: ids_of(_data("characters"))(v) or v == "gollum",
    "dice-side": is_dice_side, "distribution": _distribution, "mapping": lambda v: isinstance(v, dict),
    "list": lambda v: isinstance(v, list), "side": lambda v: v in ("free-peoples", "shadow"),
}


def type_ok(key, value) -> bool:
    if value is None:
        return key.nullable
    if key.type == "choice":
        return value in key.choices
    return TYPES[key.type](value)


def load(path):
    return load_scenario_file(path)


def cases(path) -> list[dict]:
    data = load(path)
    return data if isinstance(data, list) else [data]


EXAMPLES = ROOT.parent / "shared" / "examples"
EVERY_SCENARIO = sorted((ROOT / "scenarios").rglob("*.yaml")) + (
    sorted(EXAMPLES.glob("*.yaml")) if EXAMPLES.is_dir() else [])
CONTRACT_FILES = [p for p in sorted((ROOT / "scenarios").rglob("*.yaml"))
                  if any(str(c.get("source", "")).startswith("contract") for c in cases(p))]


def test_every_design_kind_has_a_spec_that_keeps_its_fixed_keys():
    for game, kinds in DESIGN.items():
        for kind, keys in kinds.items():
            spec = registry.spec(game, kind)
            assert spec is not None, (game, kind)
            fixed = [k.name for k in spec.verdict if k.contract]
            assert sorted(fixed) == sorted(keys), (kind, fixed, keys)


def test_every_kind_has_contract_scenarios_in_both_languages():
    seen: dict[tuple, set] = {}
    for f in CONTRACT_FILES:
        for d in cases(f):
            seen.setdefault((registry.canonical_game(d["game"]), d["question"]["kind"]), set()).add(d.get("lang", "en"))
    for game, kinds in DESIGN.items():
        for kind in kinds:
            assert (game, kind) in seen, f"no contract scenario for {game} {kind}"
            assert seen[(game, kind)] >= {"en", "es"}, (game, kind, seen[(game, kind)])


def test_contract_scenarios_are_decided_and_cite_a_rule():
    for path in CONTRACT_FILES:
        for index, _d in scenario_file_cases(path):
            ruling = asked(path, index)   # api.ask(d), shared with other modules
            assert ruling["verdict"]["status"] == "decided", (path, ruling["answer"])
            assert ruling["citations"] and ruling["answer"].strip()


@pytest.mark.parametrize("path", CONTRACT_FILES, ids=[f.stem for f in CONTRACT_FILES])
def test_the_verdict_does_not_depend_on_the_language(path):
    for index, d in scenario_file_cases(path):
        other = "en" if d.get("lang", "en") == "es" else "es"
        assert asked(path, index)["verdict"] == asked(path, index, other)["verdict"]


def check_verdict(d: dict, verdict: dict) -> list[str]:
    """What is wrong with a decided verdict against its kind's spec (empty: nothing)."""
    spec = registry.spec(registry.canonical_game(d["game"]), d["question"]["kind"])
    declared = {k.name: k for k in (*spec.verdict, *COMMON_KEYS)}
    wrong = [f"{key} is not declared in the spec" for key in verdict
             if key not in declared and not (key.endswith("_exact") and key[:-6] in declared)]
    for name in spec.keys_for(d["question"], verdict) + ["decided_by"]:
        if name not in verdict:
            wrong.append(f"{name} is missing")
    for name, value in verdict.items():
        if name in declared and not type_ok(declared[name], value):
            wrong.append(f"{name}={value!r} is not a {declared[name].type}")
    return wrong


def test_every_decided_ruling_in_the_project_matches_its_spec():
    """Every scenario of the project (refusals, Mordor, empty hands ...) whose ruling is
    decided carries its kind's keys, typed as its spec declares, and no other key."""
    wrong = []
    for path in EVERY_SCENARIO:
        for index, d in scenario_file_cases(path):
            try:
                verdict = asked(path, index)["verdict"]   # api.ask(d), shared with other modules
            except ScenarioInvalid:
                continue
            if verdict["status"] == "decided":
                wrong += [f"{path.relative_to(ROOT.parent)}: {w}" for w in check_verdict(d, verdict)]
    assert not wrong, "\n".join(wrong)


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
