"""The kinds: one spec each, registered by one module, and the index the registry reads is fresh."""
from adjudicator import registry
from adjudicator.spec import KindSpec


def test_the_kinds_index_is_generated_from_the_registrations():
    """data/kinds.json is what tools/kinds_index.py writes: rerun it after adding a kind."""
    assert registry.index() == registry.generated_index()["kinds"]


def test_every_registered_kind_has_its_spec():
    for game in registry.GAMES:
        for kind in registry.kinds(game):
            spec = registry.spec(game, kind)
            assert isinstance(spec, KindSpec), (game, kind)
            assert (spec.game, spec.kind) == (game, kind)
            assert registry.handler(game, kind).spec is spec


def test_every_spec_cites_labels_that_exist():
    from adjudicator import data

    labels = data.rules()
    for spec in registry.specs():
        assert spec.chapter in {entry["page"] for entry in labels.values()}, (spec.kind, spec.chapter)
        for label in spec.rules:
            assert label in labels, (spec.kind, label)
        assert spec.rules, f"{spec.kind} names no rule it decides"


def test_kinds_for_rule_points_from_a_rule_to_its_questions():
    assert ("war-of-the-ring", "retreat") in registry.kinds_for_rule("wotr-battle-retreat")
    assert ("lotr-lcg", "reveal") in registry.kinds_for_rule("lcg-surge")
    assert registry.kinds_for_rule("wotr-setup") == []


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
