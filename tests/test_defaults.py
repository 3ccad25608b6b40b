"""Every default a ruling leans on is named: in a step, and in ``verdict.defaults``.

The scenario language lets a player leave out most of the position (the Political Track,
the Fellowship, the Hunt Pool...) and many parameters. A ruling whose answer depends on such
a default must say so: "Gondor is taken at its starting position on the Political Track".
For every kind and every defaulted field it reads (its spec's ``position`` paths, and its
parameters that have a default), ``CASES`` holds a scenario that leaves the field out and
whose answer depends on it; ``EXEMPT`` says, for the others, why the field never changes
that kind's answer. A kind or field added without either fails here.
"""
from __future__ import annotations

import pytest

from adjudicator import registry
from adjudicator.api import ask
from adjudicator.model import POSITION_DEFAULTS

WOTR, CG, LCG = "war-of-the-ring", "wotr-card-game", "lotr-lcg"


def defaulted_fields(spec) -> list[str]:
    """The fields a kind reads that have a default: position paths and parameters."""
    fields = []
    for path in spec.position:
        full = f"position.{path}"
        if spec.game == WOTR and any(full == d or full.startswith(d + ".") for d in POSITION_DEFAULTS):
            fields.append(full)
    for p in spec.params:
        if p.default is not None or p.default_text is not None:
            fields.append(f"question.{p.name}")
    return fields


# (game, kind, field) -> a scenario that leaves the field out and whose answer depends on it.
CASES: dict[tuple[str, str, str], dict] = {
    # -- the Hunt, its tiles, the Fellowship and Mordor (rules/hunt.py, tiles.py, fellowship.py, mordor.py)
    (WOTR, "hunt-roll", "position.hunt.box"): {"position": {"fellowship": {"region": "Fangorn"}}},
    (WOTR, "hunt-roll", "position.fellowship.region"): {"position": {"hunt": {"box": 2}}},
    (WOTR, "hunt-roll", "position.fellowship.mordor"): {"position": {"hunt": {"box": 2}}},
    (WOTR, "hunt-roll", "position.regions"): {"position": {"fellowship": {"region": "Moria"}, "hunt": {"box": 2}}},
    (WOTR, "hunt-damage", "position.fellowship.hidden"): {"question": {"tile": 0}},
    (WOTR, "hunt-damage", "position.fellowship.corruption"): {"question": {"tile": -1}},
    (WOTR, "hunt-damage", "position.fellowship.mordor"): {"question": {"tile": "eye", "successes": 2}},
    (WOTR, "hunt-damage", "position.fellowship.guide"): {"question": {"tile": 2}},
    (WOTR, "hunt-damage", "position.hunt.box"): {"position": {"fellowship": {"mordor": 1}}, "question": {"tile": "eye"}},
    (WOTR, "hunt-damage", "question.no_roll"): {"question": {"tile": "eye"}},
    (WOTR, "hunt-damage", "question.card_reduction"): {"question": {"tile": 3}},
    (WOTR, "hunt-damage", "question.guide_ability"): {
        "position": {"fellowship": {"companions": ["Meriadoc", "Peregrin"], "guide": "Meriadoc"}},
        "question": {"tile": 2}},
    (WOTR, "hunt-casualty", "position.fellowship.corruption"): {"question": {"damage": 2, "take": "corruption"}},
    (WOTR, "hunt-casualty", "position.fellowship.guide"): {"question": {"damage": 3, "take": "guide"}},
    (WOTR, "hunt-casualty", "position.fellowship.companions"): {"question": {"damage": 3, "take": "Legolas"}},
    (WOTR, "hunt-casualty", "position.fellowship.mordor"): {
        "position": {"fellowship": {"companions": ["Meriadoc", "Legolas"], "guide": "Legolas"}},
        "question": {"damage": 2, "take": "Meriadoc"}},
    (WOTR, "hunt-casualty", "position.fellowship.hidden"): {
        "position": {"fellowship": {"companions": ["Peregrin"], "guide": "Peregrin"}},
        "question": {"damage": 3, "take": "guide"}},
    (WOTR, "hunt-allocation", "position.fellowship.companions"): {"question": {"retrieved": 1}},
    (WOTR, "hunt-draw", "position.hunt.pool"): {"question": {"successes": 2}},
    (WOTR, "hunt-draw", "position.hunt.box"): {"position": {"fellowship": {"mordor": 1}}},
    (WOTR, "hunt-draw", "position.fellowship.mordor"): {"question": {"successes": 2}},
    (WOTR, "hunt-draw", "position.fellowship.guide"): {"question": {"successes": 2}},
    (WOTR, "hunt-draw", "question.no_roll"): {},
    (WOTR, "hunt-draw", "question.removed"): {"position": {"hunt": {"pool": []}}, "question": {"successes": 1}},
    (WOTR, "separate-companions", "position.fellowship.region"): {"question": {"companions": ["Boromir"]}},
    (WOTR, "separate-companions", "position.fellowship.progress"): {"question": {"companions": ["Boromir"]}},
    (WOTR, "separate-companions", "position.fellowship.guide"): {"question": {"companions": ["Gandalf the Grey"]}},
    (WOTR, "separate-companions", "position.fellowship.companions"): {
        "question": {"companions": ["Gandalf the Grey"]}},
    (WOTR, "separate-companions", "position.fellowship.mordor"): {"question": {"companions": ["Boromir"]}},
    (WOTR, "separate-companions", "position.regions"): {
        "position": {"fellowship": {"region": "Hollin", "progress": 1}},
        "question": {"companions": ["Boromir"], "to": "Moria"}},
    (WOTR, "declare-fellowship", "position.fellowship.region"): {"position": {"turn": {"phase": 2}}},
    (WOTR, "declare-fellowship", "position.fellowship.progress"): {"position": {"turn": {"phase": 2}}},
    (WOTR, "declare-fellowship", "position.fellowship.hidden"): {"position": {"turn": {"phase": 2}}},
    (WOTR, "declare-fellowship", "position.fellowship.mordor"): {"position": {"turn": {"phase": 2}}},
    (WOTR, "declare-fellowship", "position.fellowship.corruption"): {
        "position": {"fellowship": {"region": "Rivendell"}, "turn": {"phase": 2}}},
    (WOTR, "declare-fellowship", "position.turn.phase"): {"position": {"fellowship": {"region": "Rivendell"}}},
    (WOTR, "declare-fellowship", "position.regions"): {
        "position": {"fellowship": {"region": "Rivendell"}, "turn": {"phase": 2}}},
    (WOTR, "declare-fellowship", "position.politics"): {
        "position": {"fellowship": {"region": "Edoras"}, "turn": {"phase": 2}}},
    (WOTR, "declare-fellowship", "question.to"): {
        "position": {"fellowship": {"region": "Rivendell"}, "turn": {"phase": 2}}},
    (WOTR, "reveal-fellowship", "position.fellowship.region"): {},
    (WOTR, "reveal-fellowship", "position.fellowship.progress"): {},
    (WOTR, "reveal-fellowship", "position.fellowship.hidden"): {},
    (WOTR, "reveal-fellowship", "position.fellowship.mordor"): {},
    (WOTR, "reveal-fellowship", "position.regions"): {"position": {"fellowship": {"region": "Hollin", "progress": 1}}},
    (WOTR, "enter-mordor", "position.fellowship.region"): {},
    (WOTR, "enter-mordor", "position.fellowship.mordor"): {},
    (WOTR, "enter-mordor", "position.turn.phase"): {},
    (WOTR, "enter-mordor", "position.fellowship.hidden"): {
        "position": {"fellowship": {"region": "Osgiliath"}, "turn": {"phase": 2}}},
    (WOTR, "enter-mordor", "position.fellowship.progress"): {
        "position": {"fellowship": {"region": "Osgiliath"}, "turn": {"phase": 2}}},
    (WOTR, "hide-fellowship", "position.fellowship.hidden"): {"question": {"die": "character"}},
    (WOTR, "hide-fellowship", "position.fellowship.guide"): {
        "position": {"fellowship": {"hidden": False}}, "question": {"die": "muster"}},
    (WOTR, "hide-fellowship", "position.turn.phase"): {
        "position": {"fellowship": {"hidden": False}}, "question": {"die": "character"}},
}

# The Fellowship's region in the kinds of the Hunt's tiles: what a tile does never depends on
# where the figure stands; a region given only places the Fellowship on the map (so off the
# Mordor Track), and a ruling that leans on the track names position.fellowship.mordor.
_TILE_REGION = ("what a tile does never depends on where the figure stands: a region given only places the "
                "Fellowship on the map, off the Mordor Track, and the track's default is named as "
                "position.fellowship.mordor")
# The Companions in the kinds of the Hunt's tiles: read only to know the Guide (and who is left
# after a Hobbit separates, which needs them given); left out, the seven of the start make
# Gandalf the Grey the Guide, and the ruling names position.fellowship.guide.
_TILE_COMPANIONS = ("read only to know the Guide (and who is left once a Hobbit Guide separates, which needs them "
                    "given); left out, the seven of the start make Gandalf the Grey the Guide, named as "
                    "position.fellowship.guide")

# (game, kind, field) -> why leaving the field out never changes that kind's answer.
EXEMPT: dict[tuple[str, str, str], str] = {
    (WOTR, "hunt-damage", "position.fellowship.region"): _TILE_REGION,
    (WOTR, "hunt-draw", "position.fellowship.region"): _TILE_REGION,
    (WOTR, "hunt-damage", "position.fellowship.companions"): _TILE_COMPANIONS,
    (WOTR, "hunt-draw", "position.fellowship.companions"): _TILE_COMPANIONS,
}


def test_every_defaulted_field_of_every_kind_has_a_case_or_a_reason():
    uncovered = [(spec.game, spec.kind, f) for spec in registry.specs() for f in defaulted_fields(spec)
                 if (spec.game, spec.kind, f) not in CASES and (spec.game, spec.kind, f) not in EXEMPT]
    assert not uncovered, "\n".join(map(str, uncovered))


@pytest.mark.parametrize("key", sorted(CASES), ids=lambda k: f"{k[1]}:{k[2]}")
def test_leaving_a_field_out_is_named(key):
    game, kind, field = key
    scenario = {"game": game, **CASES[key]}
    scenario["question"] = {"kind": kind, **scenario.get("question", {})}
    for lang in ("en", "es"):
        ruling = ask(scenario, lang=lang)
        named = ruling["verdict"].get("defaults", [])
        assert any(d == field or d.startswith(field + ".") for d in named), (named, ruling["answer"])
