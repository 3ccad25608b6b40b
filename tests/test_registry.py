"""The static map of kinds to modules matches what the modules register."""
from adjudicator import registry


def test_every_kind_is_registered_by_the_module_the_map_names():
    for game in registry.GAMES:
        registry.load_all(game)
    registered = {(g, k): fn.__module__ for (g, k), fn in registry.registered().items()}
    expected = {(g, k): m for g, kinds in registry.KINDS.items() for k, m in kinds.items()}
    assert registered == expected


def test_the_design_kinds_all_exist():
    design = {
        "war-of-the-ring": {"hunt-roll", "hunt-damage", "hunt-casualty", "hunt-allocation", "army-move",
                            "character-move", "separate-companions", "declare-fellowship", "reveal-fellowship",
                            "battle", "retreat", "muster", "politics", "elven-ring", "victory", "enter-mordor",
                            "action-dice"},
        "wotr-card-game": {"pass", "play-card", "path-combat", "leadership", "activate"},
        "lotr-lcg": {"reveal", "time", "scour", "orcs-search"},
    }
    for game, kinds in design.items():
        assert kinds <= set(registry.kinds(game)), game


def test_kind_rules_name_every_kind_and_only_existing_labels():
    import json
    from pathlib import Path

    rules = json.loads((Path(__file__).resolve().parents[1] / "adjudicator" / "data" / "rules.json")
                       .read_text(encoding="utf-8"))["rules"]
    expected = {(g, k) for g, kinds in registry.KINDS.items() for k in kinds}
    assert set(registry.KIND_RULES) == expected
    for key, labels in registry.KIND_RULES.items():
        assert labels and set(labels) <= set(rules), key
    assert registry.kinds_for_rule("wotr-battle-retreat") == [("war-of-the-ring", "retreat")]
    assert ("lotr-lcg", "reveal") in registry.kinds_for_rule("lcg-surge")
    assert registry.kinds_for_rule("no-such-label") == []


def test_every_rule_a_scenario_ruling_cites_is_one_its_kind_decides():
    """"Ask about this" on a rule leads to every kind whose rulings cite it (scenarios/**)."""
    import json
    from pathlib import Path

    import yaml

    from adjudicator import api
    from adjudicator.problems import ScenarioInvalid

    outside, asked = {}, 0
    for path in sorted((Path(__file__).resolve().parents[1] / "scenarios").rglob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        key = (registry.canonical_game(data.get("game")), (data.get("question") or {}).get("kind"))
        if key not in registry.KIND_RULES:
            continue
        try:
            ruling = api.ask(json.loads(json.dumps(data, default=str)))
        except ScenarioInvalid:
            continue
        asked += 1
        for citation in ruling.get("citations", []):
            if citation["rule"] not in registry.KIND_RULES[key]:
                outside.setdefault(key, set()).add(citation["rule"])
    assert asked > 100
    assert not outside, f"cited but missing from KIND_RULES: {outside}"
