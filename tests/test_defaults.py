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


# Positions and questions the cases below share.
_GONDOR_IN_MT = {"regions": {"Minas Tirith": {"free_peoples": {"gondor": {"regular": 2}}}}}
_MOUTH_AND_ARMY = {"regions": {"Barad-dur": {"shadow": {"characters": ["The Mouth of Sauron"]}},
                               "Minas Morgul": {"shadow": {"sauron": {"regular": 3}}}}}
_RING_FP = {"question": {"side": "free-peoples", "from": "muster", "to": "character"}}
_DALE_ELITE = {"position": {"politics": {"north": "at-war"}},
               "question": {"nation": "north", "recruit": [{"unit": "elite", "region": "Dale"}]}}

# (game, kind, field) -> a scenario that leaves the field out and whose answer depends on it.
CASES: dict[tuple[str, str, str], dict] = {
    # action-dice: without in_play the characters on the map count, and unlisted regions hold none.
    (WOTR, "action-dice", "question.in_play"): {"position": {}, "question": {}},
    (WOTR, "action-dice", "position.regions"): {"position": {}, "question": {}},
    # army-move
    (WOTR, "army-move", "position.regions"): {"position": _GONDOR_IN_MT,
                                              "question": {"from": "Minas Tirith", "to": "Osgiliath"}},
    (WOTR, "army-move", "position.politics"): {
        "position": {"regions": {"Druadan Forest": {"free_peoples": {"gondor": {"regular": 2}}}}},
        "question": {"from": "Druadan Forest", "to": "Folde"}},
    (WOTR, "army-move", "question.units"): {"position": _GONDOR_IN_MT,
                                            "question": {"from": "Minas Tirith", "to": "Osgiliath"}},
    (WOTR, "army-move", "question.die"): {"position": _GONDOR_IN_MT,
                                          "question": {"from": "Minas Tirith", "to": "Osgiliath"}},
    (WOTR, "army-move", "question.muster_as_army_used"): {
        "position": _MOUTH_AND_ARMY, "question": {"from": "Minas Morgul", "to": "North Ithilien", "die": "muster"}},
    # bring-into-play
    (WOTR, "bring-into-play", "position.regions"): {
        "position": {"politics": {"sauron": "at-war", "gondor": "at-war"}}, "question": {"character": "Witch-king"}},
    (WOTR, "bring-into-play", "position.politics"): {"position": {}, "question": {"character": "Saruman"}},
    (WOTR, "bring-into-play", "position.fellowship.companions"): {
        "position": {"fellowship": {"region": "Minas Tirith"}}, "question": {"character": "Aragorn"}},
    (WOTR, "bring-into-play", "position.fellowship.mordor"): {
        "position": {}, "question": {"character": "The Mouth of Sauron"}},
    # character-move: Moria, not listed, is a Shadow Stronghold that stops Legolas.
    (WOTR, "character-move", "position.regions"): {
        "position": {"regions": {"Dimrill Dale": {"free_peoples": {"characters": ["Legolas"]}}},
                     "fellowship": {"companions": ["Gandalf the Grey", "Strider"]}},
        "question": {"character": "Legolas", "from": "Dimrill Dale", "to": "Hollin"}},
    (WOTR, "character-move", "position.fellowship.companions"): {
        "position": {"fellowship": {"region": "Minas Tirith"}},
        "question": {"character": "Boromir", "from": "Minas Tirith", "to": "Osgiliath"}},
    # elven-ring: the Free Peoples' rings of the start, phase 5, no ring used yet.
    (WOTR, "elven-ring", "position.turn.phase"): _RING_FP,
    (WOTR, "elven-ring", "question.used_this_turn"): _RING_FP,
    (WOTR, "elven-ring", "question.held"): _RING_FP,
    # muster
    (WOTR, "muster", "position.regions"): _DALE_ELITE,
    (WOTR, "muster", "position.reinforcements"): _DALE_ELITE,
    (WOTR, "muster", "position.politics"): {
        "position": {}, "question": {"nation": "gondor", "recruit": [{"unit": "elite", "region": "Minas Tirith"}]}},
    # politics
    (WOTR, "politics", "position.politics"): {"position": {}, "question": {"nation": "rohan", "event": "army-attacked"}},
    (WOTR, "politics", "position.regions"): {
        "position": {}, "question": {"nation": "dwarves", "event": "companion-ends-move", "companion": "Gimli",
                                     "region": "Erebor"}},
    (WOTR, "politics", "position.fellowship.companions"): {
        "position": {"fellowship": {"region": "Minas Tirith"}},
        "question": {"nation": "gondor", "event": "companion-ability", "companion": "Boromir",
                     "region": "Minas Tirith"}},
    # victory: no Corruption, not in Mordor, no settlement captured, at the end of the turn.
    (WOTR, "victory", "position.regions"): {"position": {}, "question": {}},
    (WOTR, "victory", "position.fellowship.corruption"): {"position": {}, "question": {}},
    (WOTR, "victory", "position.fellowship.mordor"): {"position": {}, "question": {}},
    (WOTR, "victory", "question.when"): {"position": {}, "question": {}},
}

# (game, kind, field) -> why leaving the field out never changes that kind's answer.
EXEMPT: dict[tuple[str, str, str], str] = {
    (WOTR, "character-move", "position.fellowship.region"):
        "a character moves from `from` on the map; the Fellowship's region is never read (a Companion still in "
        "the Fellowship must separate, which is the separate-companions kind)",
    (WOTR, "politics", "position.fellowship.region"):
        "the default region (Rivendell) is never taken as where the Fellowship was declared: only a given "
        "fellowship.region is read, and without it the answer asks for question.region",
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
