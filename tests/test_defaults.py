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
from adjudicator.wotr.model import POSITION_DEFAULTS

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

# Battles (rules/battle.py, whole_battle.py): Isengard Elites with Orthanc left out (Saruman not in
# play, so no Leaders), a Rohan army left at its start (not At War), a siege read from the side.
_ISEN_ELITES = {"position": {"regions": {"Gap of Rohan": {"shadow": {"isengard": {"regular": 1, "elite": 2}}},
                                         "Fords of Isen": {"free_peoples": {"rohan": {"regular": 2}}}},
                             "politics": {"isengard": "at-war", "rohan": "at-war"}},
                "question": {"from": "Gap of Rohan", "to": "Fords of Isen"}}
_ROHAN_FIELD = {"regions": {"Folde": {"free_peoples": {"rohan": {"regular": 2}}},
                            "Westemnet": {"shadow": {"isengard": {"regular": 1}}}}}
_ROHAN_AT_WAR = {"position": {**_ROHAN_FIELD, "politics": {"rohan": "at-war", "isengard": "at-war"}},
                 "question": {"from": "Folde", "to": "Westemnet"}}
_ROHAN_AT_START = {"position": _ROHAN_FIELD, "question": {"from": "Folde", "to": "Westemnet"}}
_SIEGE_BY_SIDE = {"position": {"regions": {"Minas Tirith": {"besieged": "free-peoples",
                                                            "free_peoples": {"gondor": {"regular": 2}},
                                                            "shadow": {"sauron": {"regular": 2, "elite": 2}}}},
                               "politics": {"sauron": "at-war", "gondor": "at-war"}},
                  "question": {"from": "Minas Tirith", "to": "Minas Tirith", "side": "shadow"}}
_MOUTH_ATTACKS = {"position": {"regions": {**_MOUTH_AND_ARMY["regions"],
                                           "North Ithilien": {"free_peoples": {"gondor": {"regular": 2}}}},
                               "politics": {"sauron": "at-war", "gondor": "at-war"}},
                  "question": {"from": "Minas Morgul", "to": "North Ithilien", "die": "muster"}}
_GANDALF_WHITE = {"position": {"regions": {"Osgiliath": {"shadow": {"sauron": {"regular": 5}, "nazgul": 2}},
                                           "Minas Tirith": {"free_peoples": {"gondor": {"regular": 3},
                                                                             "characters": ["Gandalf the White"]}}},
                               "politics": {"sauron": "at-war", "gondor": "at-war"}},
                  "question": {"from": "Osgiliath", "to": "Minas Tirith"}}
_INTO_OSGILIATH = {"position": {"regions": {"North Ithilien": {"shadow": {"sauron": {"regular": 3}}},
                                            "Osgiliath": {"free_peoples": {"gondor": {"regular": 2}}}},
                                "politics": {"sauron": "at-war", "gondor": "at-war"}},
                   "question": {"from": "North Ithilien", "to": "Osgiliath"}}
_DALE = {"position": {"regions": {"Dale": {"free_peoples": {"north": {"regular": 2}}}}}, "question": {"region": "Dale"}}
_BATTLE_CASES = {"position.regions": _ISEN_ELITES, "position.politics": _ROHAN_AT_START,
                 "question.type": _SIEGE_BY_SIDE, "question.units": _ROHAN_AT_WAR, "question.die": _ROHAN_AT_WAR,
                 "question.muster_as_army_used": _MOUTH_ATTACKS, "question.cancel_nazgul_leadership": _GANDALF_WHITE}

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
    (WOTR, "hunt-damage", "position.hunt.box"): {"position": {"fellowship": {"mordor": 1}},
                                                 "question": {"tile": "eye"}},
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
    # action-dice: without in_play the characters on the map count, and unlisted regions hold none.
    (WOTR, "action-dice", "question.in_play"): {"position": {}, "question": {}},
    (WOTR, "action-dice", "position.regions"): {"position": {}, "question": {}},
    # army-move
    (WOTR, "army-move", "position.regions"): {"position": _GONDOR_IN_MT,
                                              "question": {"from": "Minas Tirith", "to": "Osgiliath"}},
    (WOTR, "army-move", "position.politics"): {
        "position": {"regions": {"Druadan Forest": {"free_peoples": {"gondor": {"regular": 2}}}}},
        "question": {"from": "Druadan Forest", "to": "Folde"}},
    # a besieged Stronghold's region with no side given: the besieged army, a default (issue 21)
    (WOTR, "army-move", "question.side"): {
        "position": {"regions": {"Helm's Deep": {"besieged": "free-peoples", "free_peoples": {"rohan": {"regular": 2}},
                                                 "shadow": {"isengard": {"regular": 5}}}}},
        "question": {"from": "Helm's Deep", "to": "Westemnet"}},
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
    (WOTR, "politics", "position.politics"): {"position": {},
                                              "question": {"nation": "rohan", "event": "army-attacked"}},
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
    # battle, battle-outcome (the same reading of the battle), retreat
    **{(WOTR, kind, field): case for kind in ("battle", "battle-outcome") for field, case in _BATTLE_CASES.items()},
    (WOTR, "battle", "question.round"): _INTO_OSGILIATH,
    # combat cards: none played unless named; a card's open choice is the best for its player
    **{(WOTR, kind, "question.combat_cards"): _ROHAN_AT_WAR for kind in ("battle", "battle-outcome")},
    **{(WOTR, kind, "question.card_choices"): {**_ROHAN_AT_WAR, "question": {
        **_ROHAN_AT_WAR["question"], "combat_cards": {"defender": "Relentless Assault"}}}
       for kind in ("battle", "battle-outcome")},
    **{(WOTR, "battle-outcome", f"question.{policy}"): _ROHAN_AT_WAR
       for policy in ("max_rounds", "attacker_stops_below", "defender_retreats", "casualties")},
    (WOTR, "battle-outcome", "question.extend_siege"): _SIEGE_BY_SIDE,
    (WOTR, "retreat", "position.regions"): _DALE,
    (WOTR, "retreat", "position.politics"): _DALE,
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

# event-card (wotr/cards/events.py): a card whose condition or effect reads the field left out.
_EV = "event-card"
CASES.update({
    (WOTR, _EV, "position.regions"): {"question": {"card": "Wormtongue"}},
    (WOTR, _EV, "position.politics"): {"question": {"card": "Paths of the Woses"}},
    (WOTR, _EV, "position.fellowship.region"): {"position": {"fellowship": {"progress": 1}},
                                                "question": {"card": "Orc Patrol"}},
    (WOTR, _EV, "position.fellowship.progress"): {"position": {"fellowship": {"region": "Fangorn"}},
                                                  "question": {"card": "Nazgûl Search"}},
    (WOTR, _EV, "position.fellowship.hidden"): {"position": {"fellowship": {"corruption": 1}},
                                                "question": {"card": "Morgul Wound"}},
    (WOTR, _EV, "position.fellowship.corruption"): {"position": {"fellowship": {"hidden": False}},
                                                    "question": {"card": "Morgul Wound"}},
    (WOTR, _EV, "position.fellowship.guide"): {"position": {"fellowship": {"corruption": 2}},
                                               "question": {"card": "Athelas"}},
    (WOTR, _EV, "position.fellowship.companions"): {"question": {"card": "Axe and Bow"}},
    (WOTR, _EV, "position.fellowship.mordor"): {"question": {"card": "Elven Cloaks"}},
    (WOTR, _EV, "position.hunt.pool"): {"position": {"fellowship": {"region": "Fangorn", "progress": 1}},
                                        "question": {"card": "Orc Patrol"}},
    (WOTR, _EV, "position.reinforcements"): {"question": {"card": "Guards of the Citadel"}},
    (WOTR, _EV, "question.side"): {"question": {"card": "Athelas"}},
    (WOTR, _EV, "position.turn.phase"): {"question": {"card": "Athelas", "die": "character"}},
})
# Issue 27's kinds: the Fellowship's own move, the Guide, the end of the turn, advancing, drawing.
_OSGILIATH_WON = {"position": {"regions": {"North Ithilien": {"shadow": {"sauron": {"regular": 3}}}}},
                  "question": {"from": "North Ithilien", "to": "Osgiliath"}}
_STILL_THERE = {"position": {"regions": {"North Ithilien": {"shadow": {"sauron": {"regular": 3}}},
                                         "Osgiliath": {"free_peoples": {"gondor": {"regular": 1}}}}},
                "question": {"from": "North Ithilien", "to": "Osgiliath"}}
CASES.update({
    (WOTR, "advance", "position.regions"): _OSGILIATH_WON,
    (WOTR, "advance", "question.units"): _OSGILIATH_WON,
    (WOTR, "advance", "question.outcome"): _OSGILIATH_WON,
    (WOTR, "change-guide", "position.fellowship.companions"): {"position": {"turn": {"phase": 2}}},
    (WOTR, "change-guide", "position.turn.phase"): {"position": {"fellowship": {"companions": ["Strider", "Gimli"]}}},
    (WOTR, "change-guide", "question.changed"): {"position": {"turn": {"phase": 5}}},
    (WOTR, "draw-cards", "question.draw"): {"question": {"hand": 6, "deck_left": 5}},
    (WOTR, "draw-cards", "question.deck_left"): {"question": {"hand": 6, "draw": 1}},
    (WOTR, "end-of-turn", "position.fellowship.mordor"): {"question": {"moved": False, "hid": False}},
    (WOTR, "end-of-turn", "position.fellowship.corruption"): {"position": {"fellowship": {"mordor": 2}},
                                                             "question": {"moved": False, "hid": False}},
    (WOTR, "enter-mordor", "position.hunt.pool"): {"position": {"fellowship": {"region": "Morannon"}}},
    (WOTR, "enter-mordor", "position.hunt.special_tiles"): {"position": {"fellowship": {"region": "Morannon"}}},
    (WOTR, "fellowship-move", "position.fellowship.region"): {"question": {"to": "Trollshaws"}},
    (WOTR, "fellowship-move", "position.fellowship.progress"): {"position": {"turn": {"phase": 5}}},
    (WOTR, "fellowship-move", "position.fellowship.hidden"): {"position": {"turn": {"phase": 5}}},
    (WOTR, "fellowship-move", "position.fellowship.mordor"): {"position": {"turn": {"phase": 5}}},
    (WOTR, "fellowship-move", "position.fellowship.guide"): {"position": {"fellowship": {"hidden": False}}},
    (WOTR, "fellowship-move", "position.turn.phase"): {"position": {"fellowship": {"region": "Rivendell"}}},
    (WOTR, "hunt-damage", "question.declared"): {"question": {"tile": 0, "no_roll": True}},
})
EXEMPT_27 = {
    (WOTR, "change-guide", "position.fellowship.guide"):
        "who may guide depends on the Companions alone (the position's reader accepts as Guide only a Companion "
        "of the highest Level, or Gollum when none is left)",
    (WOTR, "change-guide", "question.guide"):
        "without a Guide named the answer lists who may guide (candidates): no default is taken",
    (WOTR, "fellowship-move", "question.to"):
        "without to the answer is for the move itself: nothing is assumed about where the Fellowship heads",
}

CASES.update({
    (CG, "pass", "question.action_step_ended"): {"question": {"hand": 1}},
    (CG, "victory-check", "question.scenario"): {"question": {"round": 9, "free_peoples": {"paths": [3]},
                                                              "shadow": {"corruption": 1}}},
    (CG, "out-of-cards", "question.count"): {"question": {"must": "draw", "draw_deck": 0, "cycle_pile": 3}},
    (LCG, "time", "question.refresh_phases"): {"question": {"counters": 2}},
    (LCG, "orcs-search", "question.by_effect"): {"question": {"location": {"name": "Orc Camp", "type": "location",
                                                                          "quest_points": 4, "damage": 2}}},
})

# (game, kind, field) -> why leaving the field out never changes that kind's answer.
EXEMPT: dict[tuple[str, str, str], str] = {
    (WOTR, "hunt-damage", "position.fellowship.region"): _TILE_REGION,
    (WOTR, "hunt-draw", "position.fellowship.region"): _TILE_REGION,
    (WOTR, "hunt-damage", "position.fellowship.companions"): _TILE_COMPANIONS,
    (WOTR, "hunt-draw", "position.fellowship.companions"): _TILE_COMPANIONS,
    (WOTR, "character-move", "position.fellowship.region"):
        "a character moves from `from` on the map; the Fellowship's region is never read (a Companion still in "
        "the Fellowship must separate, which is the separate-companions kind)",
    (WOTR, "politics", "position.fellowship.region"):
        "the default region (Rivendell) is never taken as where the Fellowship was declared: only a given "
        "fellowship.region is read, and without it the answer asks for question.region",
}


EXEMPT.update(EXEMPT_27)


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
