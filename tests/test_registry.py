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
