"""From a situation to its ruling: the question kind a described position is offered, filled in.

Each set of tests/search_relevance/ holds newcomer questions that describe a position, each
labelled with the kinds that answer it and what it names: situations25.yaml (30, the reader was
built on it) and situations25b.yaml (20) (README-set25.md); situations26.yaml (24, writers w1
and w2, its misses taught the reader) and situations-heldout26.yaml (24, writers w3 and w4,
measured once before any change and once at the end, spent after its measurement, tuned on from
then) (README-set26.md); situations-heldout27.yaml (24, writers w5 and w6, measured once at
the end of the second round, spent, tuned on in the third) (README-set27.md). The goal (issue
25): the right kind at least 8 times in 10, with the regions, nations and numbers the query
names filled in. Reading a situation needs no index. A held-out set's misses are never printed.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from adjudicator import names
from adjudicator.search.situation import ask_entry, read_situation

ROOT = Path(__file__).resolve().parents[1]


def _load(name: str) -> list[dict]:
    return yaml.safe_load((ROOT / "tests" / "search_relevance" / f"{name}.yaml").read_text(
        encoding="utf-8"))["queries"]


SITUATIONS = _load("situations25")
GOAL = 0.8
# The sets whose misses may be shown, each asserted at the goal (the right kind and every field)
# unless TUNED_FLOOR says otherwise.
STUDIED = ("situations25", "situations25b", "situations26", "situations-heldout26", "situations-heldout27")
# situations-heldout26 was measured once at the end of the first round (9 and 2 of 12 in English,
# 9 and 3 in Spanish) and is spent: the second round tuned on it. The right kind reaches the goal
# (12 of 12 in each language); every field does not (9 of 12 in each), and these are the counts
# asserted: of its six questions still missing a field, three name a state or field the
# scenario has no place for (a nation "not at war yet" with no steps; an Event card's target
# nation, which `event-card` does not take; "la carta de los Ents", which three cards fit), two
# give an army whose region the query never says beside its enemy's (the engine holds one side's
# army in a region; the form asks where), one names a place the map lacks ("el bosque negro").
# situations-heldout27 was measured once at the end of the second round (11 and 4 of 12 in
# English, 8 and 2 in Spanish) and is spent: the third round tuned on it. The right kind reaches
# 12 of 12 in each language, every field 10 of 12 in English (the goal) and 9 of 12 in Spanish
# (the count asserted). Its five questions still missing a field: two give an attacker whose
# region the query never says ("6 Easterling units ... attack ... Osgiliath"; the form asks
# where), two ask of one kind a field only another kind has (an Event card's `from` and `to`
# for the attack after it; `to` of an army's move in a muster question), and one is read as
# `politics` (the attack's event), a kind its labeller accepts, with the battle's `from` and `to`.
TUNED_FLOOR: dict[tuple[str, str], int] = {("situations-heldout26", "en"): 9, ("situations-heldout26", "es"): 9,
                                           ("situations-heldout27", "es"): 9}
# Held-out sets, measured by the lead only: their counts are printed, never their misses. Each
# is listed here before it exists; it is measured once its file is in tests/search_relevance/.
HELDOUT_NAMES: tuple[str, ...] = ("situations-heldout28", "situations-heldout29", "situations-heldout30",
                                  "situations-heldout31", "situations-heldout32", "situations-heldout33",
                                  "situations-heldout34", "situations-heldout35", "situations-heldout36",
                                  "situations-heldout37", "situations-heldout38", "situations-heldout39",
                                  "situations-heldout40", "situations-heldout41", "situations-heldout42",
                                  "situations-heldout43", "situations-heldout44", "situations-heldout45",
                                  "situations-heldout46", "situations-heldout47", "situations-heldout48",
                                  "situations-heldout49", "situations-heldout50", "situations-heldout51",
                                  "situations-heldout52", "situations-heldout53", "situations-heldout54",
                                  "situations-heldout55", "situations-heldout56", "situations-heldout57",
                                  "situations-heldout58", "situations-heldout59", "situations-heldout60",
                                  "situations-heldout61", "situations-heldout62", "situations-heldout63",
                                  "situations-heldout64", "situations-heldout65", "situations-heldout66",
                                  "situations-heldout67")
# What a held-out set gave when the lead measured it, once (README-set28.md): the goal (8 in 10,
# kind and fields) is NOT met on situations-heldout28, so its measured counts are asserted as a
# floor rather than the goal, and the note says so.
HELDOUT_MEASURED: dict[tuple[str, str], tuple[int, ...]] = {("situations-heldout28", "en"): (11, 2),
                                                            ("situations-heldout28", "es"): (8, 3),
                                                            # README-set29.md: measured once, not met
                                                            ("situations-heldout29", "en"): (8, 4),
                                                            ("situations-heldout29", "es"): (9, 2),
                                                            # README-set30.md: measured once; kind met, fields not
                                                            ("situations-heldout30", "en"): (11, 1),
                                                            ("situations-heldout30", "es"): (10, 3),
                                                            # README-set31.md: measured once; kind met, fields not
                                                            ("situations-heldout31", "en"): (9, 3),
                                                            ("situations-heldout31", "es"): (11, 3),
                                                            # README-set32.md: measured once; kind met, fields not
                                                            # (kind, every field, every region and number)
                                                            ("situations-heldout32", "en"): (10, 2, 3),
                                                            ("situations-heldout32", "es"): (11, 2, 2),
                                                            # README-set33.md: measured once; kind not met in Spanish
                                                            ("situations-heldout33", "en"): (10, 4, 8),
                                                            ("situations-heldout33", "es"): (9, 1, 2),
                                                            # README-set34.md: measured once; kind met, fields not
                                                            ("situations-heldout34", "en"): (11, 8, 8),
                                                            ("situations-heldout34", "es"): (10, 3, 5),
                                                            # README-set35.md: measured once; kind not met
                                                            ("situations-heldout35", "en"): (10, 3, 4),
                                                            ("situations-heldout35", "es"): (9, 3, 6),
                                                            # README-set36.md: measured once; kind met, fields not
                                                            ("situations-heldout36", "en"): (10, 2, 3),
                                                            ("situations-heldout36", "es"): (10, 2, 3),
                                                            # README-set37.md: measured once, held out
                                                            ("situations-heldout37", "en"): (9, 7, 8),
                                                            ("situations-heldout37", "es"): (10, 6, 7),
                                                            # README-set38.md, README-set39.md: measured once
                                                            ("situations-heldout38", "en"): (9, 3, 6),
                                                            ("situations-heldout38", "es"): (7, 3, 4),
                                                            ("situations-heldout39", "en"): (11, 3, 4),
                                                            ("situations-heldout39", "es"): (11, 5, 6),
                                                            # README-set40.md, README-set41.md: measured once
                                                            ("situations-heldout40", "en"): (12, 4, 7),
                                                            ("situations-heldout40", "es"): (8, 4, 4),
                                                            ("situations-heldout41", "en"): (10, 7, 8),
                                                            ("situations-heldout41", "es"): (10, 5, 7),
                                                            # README-set42.md, README-set43.md: measured once,
                                                            # held out
                                                            ("situations-heldout42", "en"): (11, 4, 7),
                                                            ("situations-heldout42", "es"): (10, 6, 6),
                                                            ("situations-heldout43", "en"): (11, 4, 6),
                                                            ("situations-heldout43", "es"): (12, 4, 8),
                                                            # README-set44.md, README-set45.md: measured once,
                                                            # held out
                                                            ("situations-heldout44", "en"): (8, 2, 5),
                                                            ("situations-heldout44", "es"): (11, 5, 7),
                                                            ("situations-heldout45", "en"): (10, 4, 7),
                                                            ("situations-heldout45", "es"): (11, 2, 7),
                                                            # README-set46.md, README-set47.md: measured once,
                                                            # held out
                                                            ("situations-heldout46", "en"): (10, 6, 6),
                                                            ("situations-heldout46", "es"): (11, 5, 8),
                                                            ("situations-heldout47", "en"): (12, 6, 6),
                                                            ("situations-heldout47", "es"): (11, 7, 9),
                                                            # README-set48.md, README-set49.md: measured once,
                                                            # held out
                                                            ("situations-heldout48", "en"): (8, 1, 1),
                                                            ("situations-heldout48", "es"): (11, 5, 5),
                                                            # measured (8, 3, 4); "does that put Rohan at war" is
                                                            # read as its politics since the sixteenth round (the
                                                            # labeller's first kind), which has no `from`
                                                            ("situations-heldout49", "en"): (8, 3, 3),
                                                            ("situations-heldout49", "es"): (11, 3, 5),
                                                            # README-set50.md, README-set51.md: measured once
                                                            # at 3d209be, held out
                                                            ("situations-heldout50", "en"): (11, 4, 5),
                                                            # measured (11, 7, 8); "juego Los Senderos de los Muertos"
                                                            # is the event-card question since the sixteenth round
                                                            # (the card by its other name): it has no `to`
                                                            ("situations-heldout50", "es"): (11, 7, 7),
                                                            ("situations-heldout51", "en"): (10, 3, 6),
                                                            ("situations-heldout51", "es"): (10, 5, 6),
                                                            # README-set52.md, README-set53.md: measured once
                                                            # at e9edc2a, held out
                                                            ("situations-heldout52", "en"): (10, 3, 3),
                                                            ("situations-heldout52", "es"): (11, 5, 7),
                                                            ("situations-heldout53", "en"): (11, 4, 6),
                                                            ("situations-heldout53", "es"): (12, 3, 5),
                                                            # README-set54.md, README-set55.md: measured once
                                                            # at fee5c66
                                                            ("situations-heldout54", "en"): (10, 2, 6),
                                                            ("situations-heldout54", "es"): (9, 3, 6),
                                                            ("situations-heldout55", "en"): (11, 7, 9),
                                                            ("situations-heldout55", "es"): (10, 4, 5),
                                                            # README-set56.md, README-set57.md: measured once
                                                            # at 11de3d1, held out
                                                            ("situations-heldout56", "en"): (11, 2, 6),
                                                            ("situations-heldout56", "es"): (11, 4, 7),
                                                            ("situations-heldout57", "en"): (12, 3, 4),
                                                            ("situations-heldout57", "es"): (10, 2, 3),
                                                            # README-set58.md to README-set61.md: measured
                                                            # once at a642696 (60 and 61 held out)
                                                            ("situations-heldout58", "en"): (10, 4, 7),
                                                            ("situations-heldout58", "es"): (12, 5, 6),
                                                            ("situations-heldout59", "en"): (11, 3, 4),
                                                            ("situations-heldout59", "es"): (9, 6, 7),
                                                            ("situations-heldout60", "en"): (9, 3, 5),
                                                            ("situations-heldout60", "es"): (12, 7, 9),
                                                            ("situations-heldout61", "en"): (10, 2, 4),
                                                            ("situations-heldout61", "es"): (10, 6, 6),
                                                            # README-set62.md to 64: measured once at 8049f1d
                                                            ("situations-heldout62", "en"): (8, 5, 6),
                                                            ("situations-heldout62", "es"): (10, 5, 7),
                                                            ("situations-heldout63", "es"): (10, 1, 4),
                                                            # its English half, labelled late: at f880d04
                                                            ("situations-heldout63", "en"): (11, 8, 9),
                                                            ("situations-heldout64", "en"): (8, 5, 6),
                                                            ("situations-heldout64", "es"): (8, 2, 4),
                                                            # README-set65.md: measured once at 34824cf
                                                            ("situations-heldout65", "en"): (9, 4, 6),
                                                            ("situations-heldout65", "es"): (12, 6, 6),
                                                            # README-set66.md, README-set67.md: measured once at
                                                            # d1547ea, after the round's changes
                                                            ("situations-heldout66", "en"): (10, 5, 7),
                                                            ("situations-heldout66", "es"): (11, 5, 8),
                                                            ("situations-heldout67", "en"): (10, 6, 6),
                                                            ("situations-heldout67", "es"): (11, 4, 6)}
HELDOUT: tuple[str, ...] = tuple(n for n in HELDOUT_NAMES
                                 if (ROOT / "tests" / "search_relevance" / f"{n}.yaml").exists())
# A set with one half only: its other writer wrote nothing in time (none now: set 63's English
# half, late, was measured in the sixteenth round, README-set63.md)
ONE_HALF: dict[str, tuple[str, ...]] = {}


def _region(name: Any) -> str | None:
    return names.regions().lookup(name) if isinstance(name, str) else None


def _walk(node: Any, parts: list[str]) -> list[Any]:
    """Every value at ``parts`` under ``node`` ("*" any key; a region's key by its id)."""
    if not parts:
        return [node]
    if not isinstance(node, dict):
        return []
    head, rest = parts[0], parts[1:]
    if head == "*":
        return [v for child in node.values() for v in _walk(child, rest)]
    keys = [k for k in node if k == head or (_region(k) is not None and _region(k) == _region(head))]
    return [v for k in keys for v in _walk(node[k], rest)]


def _counts(node: Any) -> list[int]:
    if isinstance(node, dict):
        return [n for v in node.values() for n in _counts(v)]
    return [node] if isinstance(node, int) and not isinstance(node, bool) else []


SIDES = {"free-peoples": "free-peoples", "free_peoples": "free-peoples", "pueblos-libres": "free-peoples",
         "pueblos_libres": "free-peoples", "shadow": "shadow", "sombra": "shadow"}


def _side(value: Any) -> Any:
    return SIDES.get(value.lower(), value) if isinstance(value, str) else value


def _character(name: Any) -> str | None:
    return names.characters().lookup(name) if isinstance(name, str) else None


def _as_list(value: Any) -> list:
    return value if isinstance(value, list) else [value]


def _fields_of(kind: str) -> set[str]:
    """The question's own fields of ``kind`` (its parameters)."""
    from adjudicator import registry

    spec = registry.spec("war-of-the-ring", kind)
    return {p.name for p in spec.params} if spec else set()


def field_filled(scenario: dict, path: str, want: Any) -> bool:
    """Whether the scenario the search offers holds what the query named at ``path``.

    The labels' paths are the scenario language's (docs/usage.md), read as the engine reads
    them: names in either language, a list of regions meaning every one of them (a list of
    characters, any one: set 25 lists the names one figure goes by, Strider or Aragorn),
    ``*`` any key. A labelled value the scenario language has no word for (``not-at-war``: a
    marker is at war or some steps from it) is compared as it stands, so it is never filled."""
    question, position = scenario["question"], scenario.get("position", {})
    if path in ("from", "to"):
        if path not in _fields_of(question["kind"]):
            # a kind with no such field holds the region a move goes into as its event's region
            # ("walks to the Woodland Realm, does that push the Elves to war": the politics), and
            # the regions an army moves from or into in its position ("Corsairs of Umbar ... attack
            # Dol Amroth": the card's question, Umbar's army and Dol Amroth in the position)
            held = {_region(question.get("region")), *(_region(r) for r in position.get("regions", {}))}
            return _region(want) in held - {None}
        return _region(question.get(path)) == _region(want)
    if path == "card":
        from adjudicator.wotr.cards import catalogue

        return catalogue.find_card(question.get("card")) is not None and \
            catalogue.find_card(question.get("card")) == catalogue.find_card(want)
    if path == "character":
        given = _as_list(question.get("character", [])) + _as_list(question.get("companion", [])) + \
            _as_list(question.get("companions", []))
        given += [c for side in _walk(position, ["regions", "*", "*"]) if isinstance(side, dict)
                  for c in side.get("characters", [])]
        # a Companion filled in as one of the Fellowship's, or its Guide, is filled in too
        given += _as_list(position.get("fellowship", {}).get("companions", [])) + \
            _as_list(position.get("fellowship", {}).get("guide", []))
        got = {_character(g) for g in given} - {None}
        return any(_character(w) in got for w in _as_list(want))   # set 25 lists a figure's other names
    if path == "nation":
        return question.get("nation") == want
    if path == "region":
        named = [question.get("from"), question.get("to"), question.get("region"),
                 *(r.get("region") for r in question.get("recruit", [])), *position.get("regions", {})]
        got = {_region(n) for n in named} - {None}
        return all(_region(w) in got for w in _as_list(want))
    if path == "count":
        return want in _counts(position.get("regions", {})) or want == len(question.get("character", [])) or \
            want == len(question.get("recruit", [])) or \
            want in (question.get("draw"), question.get("hand"))   # "put 2 regulars in Dol Amroth and Pelargir": two
        # figures; "draw two more": the cards of a draw
    if path.startswith("politics."):
        state = position.get("politics", {}).get(path.split(".", 1)[1])
        return state == want or (want in ("passive", "active") and isinstance(state, dict)
                                 and state.get("active") is (want == "active"))
    fellowship = position.get("fellowship", {})
    if path == "fellowship.region":
        return _region(fellowship.get("region")) == _region(want) is not None
    if path == "fellowship.guide":
        return _character(fellowship.get("guide")) == _character(want) is not None
    if path == "fellowship.companions":
        if "companions" not in fellowship:
            return False
        return {_character(c) for c in _as_list(fellowship["companions"])} == {_character(w) for w in want}
    if "." not in path and path in question:   # another field of the question asked ("tile" of hunt-damage)
        return question[path] == want
    parts = path.split(".")
    if parts[0] == "*":
        parts = ["regions", *parts]
    if parts[-1] in ("besieged", "control"):
        return _side(want) in {_side(v) for v in _walk(position, parts)}
    if parts[-1] == "characters":   # names as the engine reads them: "El Rey Brujo" is the Witch-king
        return any({_character(w) for w in _as_list(want)} <= {_character(c) for c in _as_list(got)}
                   for got in _walk(position, parts))
    return want in _walk(position, parts)


def judged(q: dict) -> tuple[bool, bool, list[str]]:
    """(the right kind, every field filled, the fields missed) for one situation question."""
    scenario = read_situation(q["query"], q["lang"])
    if scenario is None:
        return False, False, ["no situation read"]
    kind_ok = scenario["question"]["kind"] in q["kinds"]
    missed = [p for p, want in q["fields"].items() if not field_filled(scenario, p, want)]
    return kind_ok, not missed, missed


def regions_and_numbers(q: dict, missed: list[str]) -> bool:
    """Whether every region and number the query names is filled in (the issue's own measure:
    "with the regions and numbers they name filled in"): the fields of a move's or a battle's
    regions, the Fellowship's region, and every count; not characters, states or cards."""
    if missed == ["no situation read"]:
        return False
    return not [p for p in missed if p in ("from", "to", "region", "fellowship.region", "count")
                or (isinstance(q["fields"].get(p), int) and not isinstance(q["fields"].get(p), bool))]


def test_the_situation_set_is_bilingual_and_labelled():
    assert len(SITUATIONS) >= 30
    for lang in ("en", "es"):
        assert sum(q["lang"] == lang for q in SITUATIONS) >= 15
    for q in SITUATIONS:
        assert q["kinds"] and q["fields"], q["query"]


@pytest.mark.parametrize("name", [*STUDIED, *HELDOUT])
def test_each_situation_set_is_bilingual_and_labelled(name):
    """Each set has both halves, but one whose other writer wrote nothing in time (ONE_HALF)."""
    queries = _load(name)
    halves = ONE_HALF.get(name, ("en", "es"))
    assert len(queries) >= 10 * len(halves)
    for lang in halves:
        assert sum(q["lang"] == lang for q in queries) >= 10
    for q in queries:   # a situation may name no field a scenario holds (set 31: the Will of the West as a die)
        shown = q["query"] if name not in HELDOUT else "a held-out question"
        # a position no question kind answers is said so by its labeller (set 64: passing)
        assert (q["kinds"] or q.get("why")) and isinstance(q["fields"], dict), shown
    assert sum(bool(q["fields"]) for q in queries) >= 0.9 * len(queries)


@pytest.mark.parametrize("name", STUDIED)
@pytest.mark.parametrize("lang", ["en", "es"])
def test_situations_offer_the_right_kind_with_what_they_name_filled_in(name, lang):
    mine = [q for q in _load(name) if q["lang"] == lang]
    results = [(q, *judged(q)) for q in mine]
    right = sum(kind_ok and filled for _q, kind_ok, filled, _m in results)
    kinds = sum(kind_ok for _q, kind_ok, _f, _m in results)
    report = [f"{q['query']!r}: kind {'ok' if k else 'wrong'}, missed {m}" for q, k, f, m in results if not (k and f)]
    print(f"\n{name} {lang}: right kind {kinds}/{len(mine)}, right kind and every field {right}/{len(mine)}")
    floor = TUNED_FLOOR.get((name, lang), GOAL * len(mine))
    assert kinds >= GOAL * len(mine) and right >= floor, "\n".join(report)


@pytest.mark.parametrize("name", HELDOUT)
@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_held_out_situations_reach_the_goal(name, lang):
    """Counts only: a held-out question's misses teach nothing, so none is shown."""
    mine = [q for q in _load(name) if q["lang"] == lang]
    results = [(q, *judged(q)) for q in mine]
    kinds = sum(kind_ok for _q, kind_ok, _f, _m in results)
    right = sum(kind_ok and filled for _q, kind_ok, filled, _m in results)
    placed = sum(kind_ok and regions_and_numbers(q, m) for q, kind_ok, _f, m in results)
    counts = (f"right kind {kinds}/{len(mine)}, right kind and every field {right}/{len(mine)}, "
              f"right kind with its regions and numbers {placed}/{len(mine)}")
    print(f"\n{name} {lang}: {counts}")
    goal = GOAL * len(mine)
    want = HELDOUT_MEASURED.get((name, lang), (goal, goal, goal))
    assert kinds >= want[0] and right >= want[1] and placed >= (want[2] if len(want) > 2 else 0), counts


def test_a_described_move_is_read_field_by_field():
    scenario = read_situation("my 4 Gondor regulars and a leader in Pelargir, can they march to Lamedon?", "en")
    assert scenario is not None
    assert scenario["question"] == {"kind": "army-move", "from": "Pelargir", "to": "Lamedon"}
    assert scenario["position"]["regions"] == {"Pelargir": {"free_peoples": {"gondor": {"regular": 4, "leader": 1}}}}
    spanish = read_situation("tengo 4 regulares de Gondor y un líder en Pelargir, pueden ir a Lamedon?", "es")
    assert spanish is not None and spanish["question"] == scenario["question"]
    assert spanish["position"] == scenario["position"]


@pytest.mark.parametrize("query, lang", [
    ("The Shadow has 5 Sauron regulars in Dagorlad, Gondor has 2 regulars in Osgiliath. Shadow attacks: "
     "how many dice each?", "en"),
    ("La Sombra tiene 5 regulares de Sauron en Dagorlad y en Osgiliath hay 2 regulares de Gondor: si ataca, "
     "¿cuántos dados tira cada uno?", "es"),
])
def test_the_side_said_to_attack_is_the_attacker(query, lang):
    """"Shadow attacks", or a verb with no subject after a stop ("...de Gondor: si ataca"): the side
    the query named attacks, not the army named last before the verb."""
    scenario = read_situation(query, lang)
    assert scenario is not None and scenario["question"]["kind"] in ("battle", "battle-outcome")
    assert (scenario["question"]["from"], scenario["question"]["to"]) == ("Dagorlad", "Osgiliath")


def test_a_siege_said_of_a_stronghold_with_its_besiegers_marks_it_besieged():
    scenario = read_situation("Helm's Deep is under siege by 7 Shadow units, can Rohan recruit in Edoras?", "en")
    assert scenario is not None and scenario["question"]["kind"] == "muster"
    assert scenario["position"]["regions"]["Helm's Deep"]["besieged"] == "free-peoples"
    assert scenario["position"]["regions"]["Helm's Deep"]["shadow"] == {"sauron": {"regular": 7}}   # the side's default
    spanish = read_situation("Tengo 3 regulares de Rohan en el Abismo de Helm y me asedian 5 regulares de Isengard: "
                             "¿cuántas rondas aguanto?", "es")
    assert spanish is not None and spanish["position"]["regions"]["Abismo de Helm"]["besieged"] == "free-peoples"


def test_another_unit_in_a_second_region_and_a_muster_die_by_its_spanish_nickname():
    for query, lang in (("Gondor is at war: can I recruit a regular in Pelargir and another in Lossarnach?", "en"),
                        ("Gondor está en guerra: con un dado de reunión, ¿pongo un regular en Pelargir y otro en "
                         "Lossarnach?", "es")):
        scenario = read_situation(query, lang)
        assert scenario is not None and scenario["question"]["kind"] == "muster", query
        assert [r["region"] for r in scenario["question"]["recruit"]] == ["Pelargir", "Lossarnach"], query


def test_a_name_three_cards_begin_with_asks_the_card_question_and_leaves_the_card_to_choose():
    for query, lang in (("Can the Free Peoples play The Ents Awake with Gandalf the White in Fangorn?", "en"),
                        ("Si juego Los Ents despiertan con Mithrandir el Blanco en Fangorn, ¿qué pasa?", "es")):
        scenario = read_situation(query, lang)
        assert scenario is not None and scenario["question"] == {"kind": "event-card"}, query
        assert scenario["position"]["regions"]["Fangorn"]["free_peoples"]["characters"] in (
            ["Gandalf the White"], ["Gandalf el Blanco"]), query


def test_the_army_standing_where_the_attack_goes_is_the_defender():
    scenario = read_situation("Sauron tiene 4 regulares en Dagorlad y yo tengo 2 regulares de Gondor en Osgiliath; "
                              "¿pueden atacar Osgiliath directo?", "es")
    assert scenario is not None and (scenario["question"]["from"], scenario["question"]["to"]) == \
        ("Dagorlad", "Osgiliath")


def test_besiegers_named_after_the_besieged_stand_in_their_stronghold_and_a_sortie_stays_there():
    scenario = read_situation("Mis 3 regulares de Rohan están en Cuernavilla y los sitian 6 orcos con Saruman en "
                              "Orthanc: si hago una salida, ¿qué pasa?", "es")
    assert scenario is not None
    helms = scenario["position"]["regions"]["Abismo de Helm"]
    assert helms["besieged"] == "free-peoples" and helms["shadow"] == {"isengard": {"regular": 6}}   # Saruman's orcs
    assert scenario["question"]["from"] == scenario["question"]["to"] == "Abismo de Helm"


def test_a_mordor_step_a_settlement_taken_by_a_shadow_nation():
    assert read_situation("fellowship at mordor step 3, can it hide?", "en")["position"]["fellowship"]["mordor"] == 3
    taken = read_situation("the southrons took Dol Amroth, can Gondor recruit in Pelargir?", "en")
    assert taken["position"]["regions"]["Dol Amroth"]["control"] == "shadow"
    assert "mordor" not in (read_situation("6 regulares de mordor 3 elites en Gorgoroth atacan Dagorlad", "es")
                            ["position"].get("fellowship", {}))


@pytest.mark.parametrize("query, lang", [
    ("¿Puedo jugar esta carta más adelante en el juego, o sólo en la fase de acciones?", "es"),
])
def test_an_everyday_word_is_no_card(query, lang):
    scenario = read_situation(query, lang)
    assert scenario is None or scenario["question"].get("card") is None


def test_another_with_no_region_after_it_is_no_more_units():
    scenario = read_situation("2 gondor regulars in Pelargir: can I recruit another in the same turn?", "en")
    assert scenario is not None
    assert scenario["position"]["regions"]["Pelargir"]["free_peoples"]["gondor"] == {"regular": 2}
    assert scenario["question"]["recruit"] == [{"region": "Pelargir"}]   # "another in the same turn": no unit said


def test_besiegers_stand_in_the_stronghold_named_just_before_them():
    """Only the region named last, and only a Stronghold: Pelargir is a city, so the besiegers
    said after it are not put in Minas Tirith, named before."""
    scenario = read_situation("I have 3 Gondor regulars in Minas Tirith. Pelargir, besieged by 6 Southron "
                              "regulars: can Gondor still muster there?", "en")
    assert scenario is not None
    assert "shadow" not in scenario["position"].get("regions", {}).get("Minas Tirith", {})


def test_only_what_the_query_says_is_filled_in():
    """A passive nation's distance from war is not said: the state says passive and no more."""
    scenario = read_situation("Rohan is passive, can I recruit in Helm's Deep?", "en")
    assert scenario is not None and scenario["question"]["kind"] == "muster"
    assert scenario["position"]["politics"] == {"rohan": {"active": False}}
    assert scenario["question"]["recruit"] == [{"region": "Helm's Deep"}]   # which unit: not said


@pytest.mark.parametrize("query, lang", [
    ("how many cards can i hold", "en"), ("what is a sortie", "en"), ("cuantas cartas puedo tener", "es"),
    ("Balrog of Moria figure rules", "en"), ("can Legolas shoot arrows at the Nazgul", "en"),
])
def test_a_name_in_passing_is_no_position(query, lang):
    """No ask entry without a region, character or count; a name in passing is not a position
    (it never keeps a question from being refused)."""
    entry, described = ask_entry(query, lang)
    assert not described
    if entry is not None:
        assert entry["kind"] in ("character-move", "army-move", "politics")


def test_the_ask_entry_names_the_game_the_kind_and_the_scenario():
    entry, described = ask_entry("3 nazgul in Morannon, can they fly to Lorien", "en")
    assert described and entry is not None
    assert entry["game"] == "war-of-the-ring" and entry["kind"] == "character-move"
    assert entry["scenario"]["question"]["kind"] == entry["kind"]
    assert entry["scenario"]["question"]["to"] == "Lórien"


@pytest.mark.parametrize("query, lang, card", [
    ("can I play challenge of the king with strider in minas tirith", "en", "Challenge of the King"),
    ("¿puedo jugar Athelas con Trancos de guía?", "es", "Athelas"),
    ("puedo jugar el desafio del rey con aragorn en minas tirith", "es", "El desafío del Rey"),
    ("can the shadow play the eagles are coming card?", "en", "The Eagles are Coming!"),
])
def test_a_question_about_playing_a_card_offers_the_event_card_question(query, lang, card):
    from adjudicator import api

    ask, described = ask_entry(query, lang)
    assert ask is not None and described and ask["kind"] == "event-card"
    assert ask["scenario"]["question"]["card"] == card
    assert api.ask(ask["scenario"])["verdict"]["status"] in ("decided", "needs-info")


def test_a_card_name_without_a_word_of_playing_is_not_read_as_a_card():
    ask, _ = ask_entry("my army in minas tirith moves to osgiliath", "en")
    assert ask is None or ask["kind"] != "event-card"


@pytest.mark.parametrize("query", ["B\U0009d350¹ 2 regulars", "9" * 5000 + " regulars in rohan", "corruption 99999",
                                   "٣ regulars in pelargir move to lamedon"])
def test_odd_numbers_in_a_query_never_break_the_reading(query):
    ask_entry(query, "en")   # the situation read, or none: never an error


def test_a_group_of_units_shares_its_nation_and_its_region():
    scenario = read_situation("Tengo 4 regulares y 2 élites de Gondor con Boromir en Minas Tirith", "es")
    assert scenario is not None
    tirith = scenario["position"]["regions"]["Minas Tirith"]
    assert tirith["free_peoples"]["gondor"] == {"regular": 4, "elite": 2}
    assert tirith["free_peoples"]["characters"] == ["Boromir"]
    where = read_situation("Sauron's 9 regulars in Dol Guldur march into Lorien where there's 2 elven elites", "en")
    assert where is not None and where["position"]["regions"]["Lórien"] == {"free_peoples": {"elves": {"elite": 2}}}


def test_nazgul_are_the_shadows_figures_and_a_side_said_gives_the_units_a_nation():
    scenario = read_situation("the Shadow has 10 units and 3 Nazgûl besieging Minas Tirith, I've got 4 regulars "
                              "and Gandalf the White, can I use Gandalf's reroll?", "en")
    assert scenario is not None
    tirith = scenario["position"]["regions"]["Minas Tirith"]
    assert tirith["shadow"] == {"sauron": {"regular": 10}, "nazgul": 3}
    assert tirith["free_peoples"] == {"gondor": {"regular": 4}, "characters": ["Gandalf the White"]}
    assert tirith["besieged"] == "free-peoples"   # the Stronghold's own side is inside
    assert scenario["question"]["from"] == scenario["question"]["to"] == "Minas Tirith"
    from adjudicator import api

    offered = {k: v for k, v in scenario.items() if k != "_described"}
    assert api.ask(offered)["verdict"]["status"] in ("decided", "needs-info")   # a scenario the engine reads


def test_a_figure_of_the_books_beside_an_army_is_its_leader_and_alone_no_position():
    scenario = read_situation("5 regulares de Rohan y Théoden en Edoras, puedo atacar Folde?", "es")
    assert scenario is not None
    assert scenario["position"]["regions"]["Edoras"]["free_peoples"]["rohan"] == {"regular": 5, "leader": 1}
    _entry, described = ask_entry("Elrond and Galadriel character card rules", "en")
    assert not described


def test_the_fellowship_the_hunt_box_and_a_settlements_control_are_read():
    scenario = read_situation("my fellowship is hidden in Fangorn with Strider as guide and 2 dice in the hunt box, "
                              "how many dice does the shadow roll for the hunt?", "en")
    assert scenario is not None and scenario["question"]["kind"] == "hunt-roll"
    assert scenario["position"]["fellowship"] == {"region": "Fangorn", "hidden": True, "guide": "Strider"}
    assert scenario["position"]["hunt"] == {"box": {"shadow": 2}}
    held = read_situation("Gondor está en guerra y Pelargir lo tiene la Sombra, ¿puedo reclutar una élite en "
                          "Dol Amroth?", "es")
    assert held is not None and held["question"]["kind"] == "muster"
    assert held["position"]["regions"]["Pelargir"] == {"control": "shadow"}
    assert held["position"]["politics"] == {"gondor": "at-war"}
    assert held["question"]["recruit"] == [{"unit": "elite", "region": "Dol Amroth"}]


def test_not_at_war_is_no_state_the_query_gives():
    scenario = read_situation("Rohan aún no está en guerra, ¿puedo mover 3 regulares de Edoras a Folde?", "es")
    assert scenario is not None and "politics" not in scenario.get("position", {})


def test_spanish_contractions_and_misspelt_names_are_read():
    card = read_situation("quiero jugar Los Muertos de El Sagrario con Aragorn en Erech", "es")
    assert card is not None and card["question"] == {"kind": "event-card", "card": "Los Muertos del Sagrario"}
    typed = read_situation("gandolf and 4 gondor regualrs in osgiliat, can they move to pelargir", "en")
    assert typed is not None and typed["question"]["from"] == "Osgiliath" and typed["question"]["to"] == "Pelargir"
    assert typed["position"]["regions"]["Osgiliath"]["free_peoples"]["gondor"] == {"regular": 4}


def _valid(scenario: dict) -> str:
    """The engine's verdict status, or the error it raises (a scenario it cannot read)."""
    from adjudicator import api

    offered = {k: v for k, v in scenario.items() if k != "_described"}
    try:
        return api.ask(offered)["verdict"]["status"]
    except Exception as exc:   # ScenarioInvalid: what the form must still ask
        return str(exc)


def test_the_army_said_to_attack_is_the_attacker():
    mine = read_situation("I have 3 gondor regulars in Pelargir and the shadow has 5 southron regulars in Umbar, "
                          "can they attack me?", "en")
    assert mine is not None and mine["question"] == {"kind": "battle", "from": "Umbar", "to": "Pelargir"}
    subject = read_situation("Tengo 2 regulares de Gondor en Osgiliath y hay 6 orcos en Minas Morgul, si me atacan "
                             "cuantos dados tiro?", "es")
    assert subject is not None and subject["question"]["from"] == "Minas Morgul"
    moves_in = read_situation("3 dwarf regulars in Erebor and Sauron's 7 regulars in Dale - if he moves in, "
                              "who wins?", "en")
    assert moves_in is not None and (moves_in["question"]["from"], moves_in["question"]["to"]) == ("Dale", "Erebor")


def test_an_army_whose_region_is_not_said_is_not_put_beside_its_enemy():
    """The engine holds one side's army in a region (both only in a besieged Stronghold): an
    attacker whose region the query never says is left out, for the form to ask."""
    scenario = read_situation("2 gondor elites in Dol Amroth, 6 orcs attack, how many dice do I roll?", "en")
    assert scenario is not None and scenario["question"] == {"kind": "battle", "to": "Dol Amroth"}
    assert scenario["position"]["regions"] == {"Dol Amroth": {"free_peoples": {"gondor": {"elite": 2}}}}
    assert "two_armies" not in _valid(scenario)
    spanish = read_situation("Ataco Pelargir con 4 regulares de Sauron contra 3 regulares de Gondor", "es")
    assert spanish is not None and spanish["position"]["regions"] == {
        "Pelargir": {"free_peoples": {"gondor": {"regular": 3}}}}
    siege = read_situation("Minas Tirith sitiada con 3 élites, afuera hay 8 unidades de Mordor: salgo?", "es")
    assert siege is not None and set(siege["position"]["regions"]["Minas Tirith"]) >= {"free_peoples", "shadow"}


def test_a_card_named_in_two_languages_or_by_a_shared_word():
    mixed = read_situation("quiero jugar los muertos de dunharrow con Aragorn en Erech", "es")
    assert mixed is not None and mixed["question"] == {"kind": "event-card", "card": "Los Muertos del Sagrario"}
    shared = read_situation("tengo la carta de los ents en la mano, cuando la puedo jugar?", "es")
    assert shared is not None and shared["question"] == {"kind": "event-card"}   # three cards: the form asks


def test_a_companion_said_in_the_fellowship_who_leaves_separates():
    scenario = read_situation("Aragorn is in the fellowship at Lorien, can he leave and go to Dol Amroth and be "
                              "crowned?", "en")
    assert scenario is not None
    assert scenario["question"] == {"kind": "separate-companions", "companions": ["Strider"], "to": "Dol Amroth"}
    assert scenario["position"]["fellowship"] == {"region": "Lórien", "companions": ["Strider"]}   # he is in it


def test_the_hunts_numbers_in_other_words():
    doom = read_situation("the ring bearers are on the mount doom step, corruption is at 10, the shadow draws a "
                          "2 tile", "en")
    assert doom is not None and doom["question"] == {"kind": "hunt-damage", "tile": 2}
    assert doom["position"]["fellowship"] == {"corruption": 10, "mordor": 5}
    track = read_situation("corrupcion en 7, la comunidad en la casilla 2 del track, 2 exitos y sale la ficha del "
                           "ojo", "es")
    assert track is not None and track["question"] == {"kind": "hunt-damage", "tile": "eye"}   # no roll in Mordor
    assert track["position"]["fellowship"] == {"corruption": 7, "mordor": 2}
    through = read_situation("la comunidad pasa por Moria y hay un nazgul en Moria, repiten dados de caceria?", "es")
    assert through is not None and through["question"]["kind"] == "hunt-roll"
    assert through["position"]["fellowship"]["region"] == "Moria"
    assert through["position"]["regions"]["Moria"]["shadow"] == {"nazgul": 1}


def test_a_recruit_in_each_region_listed_and_isengard_as_a_place():
    muster = read_situation("Gondor is at war, can I recruit 2 elites in Dol Amroth and Lamedon?", "en")
    assert muster is not None and muster["question"]["recruit"] == [
        {"unit": "elite", "region": "Dol Amroth"}, {"unit": "elite", "region": "Lamedon"}]
    place = read_situation("rohan es pasiva y Saruman viene de isengard con 6 regulares, que pasa en el abismo "
                           "de helm?", "es")
    assert place is not None and place["position"]["regions"]["Orthanc"]["shadow"]["isengard"] == {"regular": 6}


def test_a_place_the_map_lacks_is_not_read_as_the_region_it_starts_with():
    """"Lamedon Este" is no region: not Lamedon. The attack's target is left for the form."""
    scenario = read_situation("3 regulares de Gondor en Pelargir, puedo atacar a los 4 regulares de Sauron que hay "
                              "en Lamedon Este?", "es")
    assert scenario is not None and scenario["question"] == {"kind": "battle", "from": "Pelargir"}
    assert scenario["position"]["regions"] == {"Pelargir": {"free_peoples": {"gondor": {"regular": 3}}}}


def test_characters_under_a_region_are_judged_by_name_in_either_language():
    scenario = {"question": {"kind": "battle"}, "position": {"regions": {"Minas Tirith": {
        "shadow": {"characters": ["El Rey Brujo"]}, "free_peoples": {"characters": ["Meriadoc Brandybuck"]}}}}}
    assert field_filled(scenario, "regions.Minas Tirith.shadow.characters", ["Witch-king"])
    assert field_filled(scenario, "regions.*.free_peoples.characters", ["Meriadoc"])
    assert not field_filled(scenario, "regions.Minas Tirith.shadow.characters", ["Saruman"])


def test_a_nation_said_with_units_beats_their_word_and_a_region_can_name_them():
    scenario = read_situation("puedo atacar a 6 orcos de Isengard que estan en Fords of Isen", "es")
    assert scenario is not None
    assert scenario["position"]["regions"]["Vados del Isen"]["shadow"] == {"isengard": {"regular": 6}}
    angmar = read_situation("there's a Shadow army of 4 Angmar units in the Weather Hills, can I march to "
                            "Ettenmoors", "en")
    assert angmar is not None and angmar["position"]["regions"]["Weather Hills"]["shadow"] == {
        "sauron": {"regular": 4}}
    counted = read_situation("10 unidades de sauron en dagorlad vs 5 de rohan en druwaith iaur", "es")
    assert counted is not None and counted["position"]["regions"]["Drúwaith Iaur"]["free_peoples"] == {
        "rohan": {"regular": 5}}


def test_a_siege_said_as_inside_and_a_sortie_is_a_battle():
    inside = read_situation("Shadow has 5 Sauron regulars and the Witch-king attacking Minas Tirith; inside are "
                            "4 Gondor regulars. How many dice does each side roll?", "en")
    assert inside is not None and inside["question"]["kind"] == "battle"
    tirith = inside["position"]["regions"]["Minas Tirith"]
    assert tirith["besieged"] == "free-peoples" and tirith["shadow"]["sauron"] == {"regular": 5}
    sortie = read_situation("Helm's Deep sitiado por 10 unidades de Isengard con 2 lideres, adentro tengo 4 elites "
                            "de Rohan y Gamling, puedo hacer sortie y si pierdo la primera ronda regreso adentro", "es")
    assert sortie is not None and sortie["question"]["kind"] == "battle"
    helm = sortie["position"]["regions"]["Abismo de Helm"]
    assert helm["free_peoples"] == {"rohan": {"elite": 4, "leader": 1}}
    assert helm["shadow"] == {"isengard": {"regular": 10}}   # no Leader units of the Shadow
    assert _valid(sortie) in ("decided", "needs-info")


def test_the_defenders_against_an_attack_and_the_words_between_a_region_and_its_units():
    into = read_situation("Saruman sends 4 Isengard regulars from Orthanc into the Fords of Isen against 2 Rohan "
                          "regulars, who wins?", "en")
    assert into is not None and into["position"]["regions"]["Fords of Isen"] == {
        "free_peoples": {"rohan": {"regular": 2}}}
    beside = read_situation("Can I recruit with a Muster die in Dol Amroth if Lamedon next to it has 5 Southron "
                            "units?", "en")
    assert beside is not None and beside["question"]["kind"] == "muster"
    assert beside["position"]["regions"]["Lamedon"] == {"shadow": {"southrons": {"regular": 5}}}
    assert beside["question"]["recruit"] == [{"region": "Dol Amroth"}]   # the Southrons are no recruits


def test_nazgul_alone_move_as_characters_and_saruman_stays_in_orthanc():
    flying = read_situation("el Witch-king y 2 nazgul en Minas Morgul, puedo mover a todos hasta Lothlorien aunque "
                            "ahi haya 3 elites elfos", "es")
    assert flying is not None and flying["question"]["kind"] == "character-move"
    assert flying["position"]["regions"]["Lórien"] == {"free_peoples": {"elves": {"elite": 3}}}
    card = read_situation("juego Rage of the Dunlendings con Isengard at war y Saruman vivo, puedo poner las unidades "
                          "en North Dunland", "es")
    assert card is not None and card["position"]["regions"]["Orthanc"]["shadow"]["characters"] == ["Saruman"]


def test_a_card_said_as_what_happened_is_not_the_question():
    scenario = read_situation("Gondor is At War, Corsairs of Umbar event just put Shadow units in Pelargir. Can I "
                              "still recruit in Dol Amroth?", "en")
    assert scenario is not None and scenario["question"]["kind"] == "muster"
    assert scenario["question"]["nation"] == "gondor" and scenario["question"]["recruit"] == [{"region": "Dol Amroth"}]
    assert "Umbar" not in scenario.get("position", {}).get("regions", {})   # the card's name is no place
    played = read_situation("i played elven cloaks last turn, does the shadow still add 1 to the hunt roll", "en")
    assert played is not None and played["question"] == {"kind": "event-card", "card": "Elven Cloaks"}


def test_the_free_peoples_dice_in_the_hunt_box_and_entering_mordor():
    second = read_situation("Fellowship is hidden in Moria, 3 dice in the hunt box and this is the FP's second move "
                            "of the turn, what does the hunt roll need?", "en")
    assert second is not None and second["position"]["hunt"] == {"box": {"shadow": 3, "free_peoples": 1}}
    entering = read_situation("la fellowship esta en Minas Morgul con progreso 2, en el hunt box hay 3 ojos y 1 dado "
                              "mio, si la muevo pa entrar a Mordor saco tile?", "es")
    assert entering is not None and entering["question"] == {"kind": "enter-mordor"}
    assert entering["position"]["fellowship"] == {"region": "Minas Morgul", "progress": 2}
    assert entering["position"]["hunt"] == {"box": {"shadow": 3, "free_peoples": 1}}
    rolled = read_situation("la fellowship esta en Fangorn, tiro 3 dados de hunt, cuantos rerolls me tocan", "es")
    assert rolled is not None and rolled["position"]["hunt"] == {"box": {"shadow": 3}}
    tile = read_situation("fellowship on step 2 of the mordor track, corruption 8, 1 eye tile drawn", "en")
    assert tile is not None and "hunt" not in tile["position"]


def test_a_change_asked_is_no_state_and_the_subject_of_an_attack_attacks():
    change = read_situation("el sombra entra con 3 regulares de Sauron a Carrock y los Hombres del Norte estan "
                            "pasivos, la nacion pasa a at war y puedo reclutar en Dale", "es")
    assert change is not None and change["position"]["politics"] == {"north": {"active": False}}
    assert change["question"]["nation"] == "north"
    saruman = read_situation("isengard tiene 8 uruks en orthanc y rohan 3 regulares en helms deep, si saruman ataca "
                             "el abismo cuantas rondas hay", "es")
    assert saruman is not None and (saruman["question"]["from"], saruman["question"]["to"]) == (
        "Orthanc", "Abismo de Helm")
    hit = read_situation("traigo 6 regulares de sauron en north ithilien, le pego a osgiliath donde hay 2 regulares "
                         "de gondor?", "es")
    assert hit is not None and hit["question"]["kind"] == "battle"


def test_set_31s_readings_the_defender_a_singular_name_and_the_mordor_step():
    """Set 31 (spent): "if they attack" makes the asker's army the defender; "el Vado del Isen" is
    the Fords of Isen; "casilla 2, corrupción 9" is the Mordor step and the Corruption, not a
    Corruption of 2; "the third step of the Mordor track" is step 3."""
    battle = read_situation("Sauron has 8 regulars in Osgiliath, and I've got 5 Gondor regulars in Minas Tirith. "
                            "If they attack, do I have to retreat?", "en")
    assert (battle["question"]["from"], battle["question"]["to"]) == ("Osgiliath", "Minas Tirith")
    fords = read_situation("tengo 4 regulares de Rohan en el Abismo de Helm y saruman tiene 6 elites en el Vado "
                           "del Isen, si me atacan que pasa", "es")
    assert fords["question"]["from"] in ("Vados del Isen", "Fords of Isen")
    assert "isengard" not in str(fords["position"]["regions"].get("Abismo de Helm", {}))
    mordor = read_situation("la comunidad esta en el sendero de mordor en la casilla 2, corrupcion 9, y saco una "
                            "ficha de caza, que pasa", "es")
    assert mordor["position"]["fellowship"]["mordor"] == 2 and mordor["position"]["fellowship"]["corruption"] == 9
    third = read_situation("Corruption is at 10, the Fellowship's on the third step of the Mordor track and I "
                           "draw an Eye tile", "en")
    assert third["position"]["fellowship"]["mordor"] == 3 and third["position"]["fellowship"]["corruption"] == 10


def test_set_31s_readings_a_muster_across_a_stop_and_a_tile_said_after():
    """Set 31 (spent): the nation a settlement is taken by, before a stop, is not the one that
    musters; two regions listed after "reclutar en" get a figure each; "the tile drawn is a 2"
    is the Hunt's damage with that tile."""
    muster = read_situation("tengo a Gondor en guerra pero Dol Amroth esta ocupada por sureños, puedo reclutar en "
                            "Pelargir y Lossarnach con un dado?", "es")
    assert muster["question"]["kind"] == "muster" and muster["question"]["nation"] == "gondor"
    assert [r["region"] for r in muster["question"]["recruit"]] == ["Pelargir", "Lossarnach"]
    tile = read_situation("The Fellowship's hidden in Lorien with 3 Eyes in the Hunt box. The tile drawn is a 2, "
                          "can I make Gandalf take the damage?", "en")
    assert tile["question"] == {"kind": "hunt-damage", "tile": 2}


def test_the_reviews_cases_fill_no_wrong_value():
    """What a review of set 31's readings found: each reading keeps to what the query says."""
    own = read_situation("I have 3 Gondor regulars in Osgiliath. If they attack the 4 orcs in Minas Morgul, "
                         "can they retreat?", "en")["question"]
    assert (own["from"], own["to"]) == ("Osgiliath", "Minas Morgul")   # "they" are the asker's own army
    politics = read_situation("The Elves are on the second step of the track; if the Fellowship is revealed in "
                              "Lorien, do they go to war?", "en")
    assert "mordor" not in politics.get("position", {}).get("fellowship", {})   # the Political Track's step
    assert read_situation("el segundo paso de la senda de mordor, la comunidad, que pasa con la caza",
                          "es")["position"]["fellowship"]["mordor"] == 2
    for query, lang in (("puedo reclutar en Pelargir, Lossarnach esta sitiada por 3 sureños?", "es"),
                        ("Can I muster in Dale or Erebor with the North at war?", "en")):
        assert len(read_situation(query, lang)["question"]["recruit"]) == 1, query
    minus = read_situation("The Fellowship is in Lorien. The tile drawn is a -1, what happens to corruption?", "en")
    assert minus["question"] == {"kind": "hunt-damage", "tile": -1}
    assert read_situation("La comunidad esta en la casilla 7 de corrupcion y sale una ficha de 2",
                          "es")["position"]["fellowship"]["corruption"] == 7
    track = read_situation("Fellowship on Mordor track 2 corruption 6, I draw an eye tile", "en")["position"]
    assert (track["fellowship"]["mordor"], track["fellowship"]["corruption"]) == (2, 6)


def test_set_32s_readings_dictated_names_and_a_player_correcting_himself():
    """Set 32 (spent): a name misspelt in its second word ("minas tiris") or said in the plural
    ("las ciénagas de los muertos") is read; "corrucción" is the Corruption and "la pista de
    Mordor" the Mordor Track; a player who corrects himself ("no espera, digo", "no wait")
    means what he says after."""
    siege = read_situation("tengo 3 regulares de gondor en minas tiris y 5 orcos de sauron en osgiliath me "
                           "atacan, que pasa", "es")
    assert "Minas Tirith" in siege["position"]["regions"]
    marsh = read_situation("la comunidad esta en las cienagas de los muertos y hay 2 dados en la caja de caza",
                           "es")
    assert marsh["position"]["fellowship"]["region"] == "Ciénaga de los Muertos"
    mordor = read_situation("frodo con 8 de corrucción en la casilla 2 de la pista de mordor, saco un ojo", "es")
    assert (mordor["position"]["fellowship"]["corruption"], mordor["position"]["fellowship"]["mordor"]) == (8, 2)
    moved = read_situation("4 regulares de gondor en lossarnach pueden ir a dol amroth no espera digo a pelargir",
                           "es")
    assert moved["question"]["to"] == "Pelargir"
    tile = read_situation("The Fellowship is in Fangorn and the Shadow draws a 3 tile, no wait, a 1; who takes it?",
                          "en")
    assert tile["question"]["tile"] == 1


def test_set_32s_readings_keep_to_what_is_said():
    """What the new readings must not do: a word of the sentence after a name is no misspelt
    name ("Gandalf the Grey have"), a longer name said right stays whole ("el Bosque Negro del
    Norte"), "yo digo que" corrects nothing, and eyes rolled fill the Hunt Box whatever is asked."""
    grey = read_situation("does Gandalf the Grey have to be in Fangorn with 3 Rohan regulars", "en")
    assert "Grey Havens" not in str(grey)
    wood = read_situation("tengo 2 regulares del norte en el bosque negro del norte, puedo ir a valle", "es")
    assert wood["question"]["from"] == "Bosque Negro Septentrional"
    both = read_situation("yo digo que mis 3 regulares de gondor en pelargir pueden ir a lossarnach", "es")
    assert (both["question"]["from"], both["question"]["to"]) == ("Pelargir", "Lossarnach")
    eyes = read_situation("the Shadow rolls 3 eyes and a muster die, can he recruit in Minas Morgul?", "en")
    assert eyes["question"]["kind"] == "muster" and eyes["position"]["hunt"]["box"]["shadow"] == 3


def test_set_33s_readings_texting_shorthand_a_declaration_and_the_die_used():
    """Set 33 (spent): texting's "d", "x", "q" are "de", "por", "que" ("6 orcos d isengar",
    "asediados x 10 bichos"); "bichos" are units; the Fellowship's second move puts one Free
    Peoples die in the Hunt Box; "si la declaro ahí" asks `declare-fellowship` where it is; the
    helmet die placing a Regular is a muster; the die a question says it uses fills `die`; units
    "defending" a region stand there; "la cota de Mithril" is the card."""
    siege = read_situation("mis 4 regulares d gondor en minas tirith asediados x 9 bichos d mordor, "
                           "puedo hacer salida", "es")
    assert siege["position"]["regions"]["Minas Tirith"]["shadow"]["sauron"]["regular"] == 9
    hunt = read_situation("la sombra tiene 3 dados en la caja d caza y la compañia se mueve x tercera vez", "es")
    assert hunt["position"]["hunt"]["box"] == {"shadow": 3, "free_peoples": 2}
    english = read_situation("shadow has 2 dice in the eye box and the fellowship moves a second time, "
                             "what is the hunt roll", "en")
    assert english["position"]["hunt"]["box"] == {"shadow": 2, "free_peoples": 1}
    declare = read_situation("la compañia escondida en rivendel con 3 d corrupcion, si la declaro ahi se cura?", "es")
    assert declare["question"] == {"kind": "declare-fellowship", "to": "Rivendel"}
    assert declare["position"]["fellowship"]["corruption"] == 3
    muster = read_situation("rohan esta en guerra, puedo usar el dado del casco pa poner un regular en edoras", "es")
    assert muster["question"]["kind"] == "muster"
    assert muster["question"]["recruit"] == [{"unit": "regular", "region": "Edoras"}]
    attack = read_situation("my 3 gondor regulars in osgiliath, can they attack the 4 orcs in ithilien with "
                            "a character die?", "en")
    assert attack["question"]["kind"] == "battle" and attack["question"]["die"] == "character"
    held = read_situation("2 elites elfos con legolas defendiendo lorien contra 6 orcos, cuantas posibilidades "
                          "tengo d aguantar", "es")
    assert held["position"]["regions"]["Lórien"]["free_peoples"]["elves"] == {"elite": 2}
    card = read_situation("la comunidad en el paso 2 de mordor, saco una ficha d 3 y juego la cota d mithril", "es")
    assert card["question"]["card"] == "Cota de mithril y Dardo"


def test_set_33s_readings_keep_to_what_is_said():
    """What the new readings must not do: "declared" is a state said, not the question; a die's
    face the kind has no place for fills nothing (the Hunt's own die); the LCG's "Time X" keeps
    its x."""
    state = read_situation("the fellowship is in lorien declared, can the shadow reroll if I move on", "en")
    assert state["question"]["kind"] != "declare-fellowship"
    muster = read_situation("the north is at war, can I muster a regular in dale with a muster die", "en")
    assert muster["question"]["kind"] == "muster" and "die" not in muster["question"]
    from adjudicator.search.situation.text import Text

    assert "time x" in Text("time x: cuando se quitan las fichas d tiempo").text


def test_set_34s_readings_a_side_said_with_its_siege_a_state_in_a_condition_and_the_rings():
    """Set 34 (spent): the side that besieges ("el shadow sitia Minas Tirith con 8 regulares")
    owns the units said after it; a nation's state said in a condition ("si Lórien ya está
    activa") leaves the question to the attack; a name one letter off ("lorian", "mordorr") is
    read; "w/" is "with"; "ya la moví 2 veces" puts two Free Peoples dice in the Hunt Box, "3
    dados de ojo" three of the Shadow's; the Elven Rings held and used ask `elven-ring`."""
    siege = read_situation("el shadow sitia minas tirith con 8 regulares y 2 nazgul y yo adentro tengo 3 regulares "
                           "de gondor, cuantos rounds", "es")
    tirith = siege["position"]["regions"]["Minas Tirith"]
    assert tirith["free_peoples"]["gondor"] == {"regular": 3} and tirith["shadow"]["sauron"] == {"regular": 8}
    attack = read_situation("mis 3 regulares d elfos en lorian pueden ir a atacar dol guldur si lorien ya esta "
                            "activa?", "es")
    assert attack["question"] == {"kind": "battle", "from": "Lórien", "to": "Dol Guldur"}
    assert attack["position"]["politics"]["elves"] == {"active": True}
    mordor = read_situation("el rey brujo con 4 regulares de mordorr esta en osgiliath, puede atacar minas tirith",
                            "es")
    assert mordor["position"]["regions"]["Osgiliath"]["shadow"]["sauron"] == {"regular": 4}
    hunt = read_situation("la comunidad en moria, ya la movi 2 veces este turno y la sombra tiene 3 dados de ojo en "
                          "la hunt box, con cuantos dados hace roll", "es")
    assert hunt["position"]["hunt"]["box"] == {"shadow": 3, "free_peoples": 2}
    rings = read_situation("tengo vilya y nenya todavia, puedo usar los 2 anillos en el mismo turno?", "es")
    assert rings["question"] == {"kind": "elven-ring", "side": "free-peoples", "held": 2}
    shadow = read_situation("can the shadow use an elven ring to turn a die into an eye", "en")
    assert shadow["question"] == {"kind": "elven-ring", "side": "shadow", "to": "eye"}
    from adjudicator.search.situation.text import Text

    assert Text("attack w/ 3 regulars w/o a leader").text == "attack with 3 regulars without a leader"


def test_set_34s_readings_keep_to_what_is_said():
    """What the new readings must not do: a nation's state asked ("does Gondor activate if I
    attack", "y se activa Rohan") stays a question of politics; the Elven Rings named with no use asked offer
    nothing; a word two letters off a name is not that name."""
    asked = read_situation("if I attack Pelargir with 4 orcs from Umbar, does Gondor activate?", "en")
    assert asked["question"]["kind"] == "politics"
    both = read_situation("puedo atacar pelargir con 4 orcos si gondor esta activo, y se activa rohan?", "es")
    assert both["question"]["kind"] == "politics"
    assert read_situation("what are the elven rings", "en") is None
    assert "Lórien" not in str(read_situation("3 regulares de gondor en loryun pueden ir a pelargir", "es"))


def test_set_35s_readings_figures_beside_an_army_units_inside_and_the_hunts_numbers():
    """Set 35 (spent): Nazgûl alone are no army, so the Elves they fly in on stand there too;
    units "inside" stand in the Stronghold named before them; "downgrade an elite" counts no
    unit; Brand leads Dale's army; Carn Dûm is Angmar; a Fellowship "three steps out from Bree"
    has 3 of progress there; "1 die from a Fellowship move" is a Free Peoples die in the Box; a
    nation that "has gone to war" is at war; "sacar un élite" with a Muster die recruits it."""
    flown = read_situation("the Witch-king and 3 Nazgul fly into Rivendell where there are 2 Elven elites, "
                           "can they attack", "en")
    assert flown["position"]["regions"]["Rivendell"]["free_peoples"]["elves"] == {"elite": 2}
    inside = read_situation("Helm's Deep is besieged by 6 Isengard regulars, and I have 2 Rohan elites and Theoden "
                            "inside; after the first round can he downgrade an elite?", "en")
    assert inside["position"]["regions"]["Helm's Deep"]["free_peoples"]["rohan"] == {"elite": 2, "leader": 1}
    dale = read_situation("my 3 Dale regulars and Brand in Dale are attacked by 5 Sauron regulars, my odds?", "en")
    assert dale["position"]["regions"]["Dale"]["free_peoples"]["north"] == {"regular": 3, "leader": 1}
    angmar = read_situation("el rey brujo con 4 regulares de sauron en carn dum puede ir a las landas de etten", "es")
    assert angmar["question"] == {"kind": "army-move", "from": "Angmar", "to": "Landas de Etten"}
    out = read_situation("the fellowship is three steps out from Bree, hidden, and the hunt box has 2 eyes and 1 die "
                         "from a fellowship move, what is the hunt roll", "en")
    assert out["position"]["fellowship"] == {"region": "Bree", "hidden": True, "progress": 3}
    assert out["position"]["hunt"]["box"] == {"shadow": 2, "free_peoples": 1}
    war = read_situation("Gondor has gone to war, can I muster a regular in Pelargir", "en")
    assert war["position"]["politics"] == {"gondor": "at-war"}
    elite = read_situation("gondor en guerra, con un dado de reunir puedo sacar un elite en dol amroth", "es")
    assert elite["question"]["recruit"] == [{"unit": "elite", "region": "Dol Amroth"}]
    assert "regions" not in elite["position"]


def test_set_36s_readings_catalan_joins_a_phones_slips_and_armies_inside_and_out():
    """Set 36 (spent): Catalan's "i" joins units and "amb" is "con"; "hung box" is the Hunt Box;
    "ya he movido dos veces" puts two Free Peoples dice in it and "4 dados en la caza" four of the
    Shadow's; a chat's "got 3 regulars" opening the query is the asker's army; armies "dentro" a
    Stronghold and "fuera" are a siege, both in its region."""
    joined = read_situation("tengo 3 regulares i 2 élites de rohan en edoras, los puedo mover a westemnet amb un "
                            "dado de ejército", "es")
    assert joined["position"]["regions"]["Edoras"]["free_peoples"]["rohan"] == {"regular": 3, "elite": 2}
    assert joined["question"]["die"] == "army"
    hung = read_situation("fellowship in lorien, hung box has 3 eyes and i already moved the fellowship twice this "
                          "turn, what do i need to roll", "en")
    assert hung["question"]["kind"] == "hunt-roll" and hung["position"]["hunt"]["box"] == {"shadow": 3,
                                                                                           "free_peoples": 2}
    moved = read_situation("la comunidad en fangorn, la sombra ha puesto 4 dados en la caza i ya he movido dos veces "
                           "este turno, que necesita para acertar la caza", "es")
    assert moved["position"]["hunt"]["box"] == {"shadow": 4, "free_peoples": 2}
    mine = read_situation("got 3 sauron regulars in osgiliath, gondor has 2 regs in minas tirith, can i attack", "en")
    assert (mine["question"]["from"], mine["question"]["to"]) == ("Osgiliath", "Minas Tirith")
    siege = read_situation("dentro de minas tirith tengo 2 élites de gondor, fuera hay 8 regulares de sauron, "
                           "si hago una salida", "es")
    tirith = siege["position"]["regions"]["Minas Tirith"]
    assert tirith["besieged"] == "free-peoples" and tirith["shadow"]["sauron"] == {"regular": 8}


def test_set_36s_readings_keep_to_what_is_said():
    """What the new readings must not do: English "i" joins nothing ("5 regulars, i attack"); an
    army outside a region no Stronghold holds besieges nothing."""
    english = read_situation("i have 5 gondor regulars in pelargir, i attack lamedon with them", "en")
    assert english["question"]["kind"] == "battle"
    field = read_situation("dentro del bosque tengo 2 elites elfos en fangorn y fuera hay 5 orcos", "es")
    assert "besieged" not in str(field)


def test_set_37s_readings_a_crowned_strider_trolls_and_dropped_final_s():
    """Set 37 (spent): crowning Strider brings Aragorn into play (but Strider in the Fellowship who
    leaves separates first, and "become the guide" brings no one); trolls are Sauron's elites; a card
    named without its final s ("Lo Ent Despiertan") with Treebeard said is the Treebeard card, "The
    Ents Awake" alone names none of the three; "and one in Pelargir" recruits one more; "Mina Tiri"
    is Minas Tirith."""
    crowned = read_situation("Strider and 3 Gondor regulars in Pelargir, can I crown him there", "en")
    assert crowned["question"] == {"kind": "bring-into-play", "character": "Aragorn", "to": "Pelargir"}
    assert read_situation("can Strider become the guide", "en")["question"]["kind"] != "bring-into-play"
    trolls = read_situation("en Moria hay 8 orcos, 2 troll elite, puedo atacar desde Lorien", "es")
    assert trolls["position"]["regions"]["Moria"]["shadow"] == {"sauron": {"regular": 8, "elite": 2}}
    ents = read_situation("juego Lo Ent Despiertan con Barbol en Fangorn, puedo atacal Orthanc", "es")
    assert ents["question"] == {"kind": "event-card", "card": "Los Ents despiertan: Bárbol"}
    assert read_situation("can I play the ents awake", "en")["question"] == {"kind": "event-card"}
    muster = read_situation("can I use one muster die to put one regular in Dol Amroth and one in Pelargir?", "en")
    assert [r["region"] for r in muster["question"]["recruit"]] == ["Dol Amroth", "Pelargir"]
    siege = read_situation("Mina Tiri sitiada con 3 regulare de Gondor adentro y afuera 8 orco, si hago una salida",
                           "es")
    assert siege["position"]["regions"]["Minas Tirith"]["besieged"] == "free-peoples"


def test_set_37s_attackers_stand_apart_from_their_target():
    """Set 37 (spent): an army said to be attacking a region ("7 regulars and 2 elites attacking
    Dale") does not stand in it, nor does the figure leading it; units said "with" after a region's
    state ("the dwarves in Erebor are still passive with 1 regular") stand there, but not after a
    destination ("move to Osgiliath with 3 orcs")."""
    easterlings = read_situation("the Easterlings have 7 regulars and 2 elites attacking Dale", "en")
    assert easterlings["question"] == {"kind": "battle", "to": "Dale"} and "position" not in easterlings
    king = read_situation("el Rey Brujo con 6 orco y 2 Nazgul ataca Pelargir que tiene 2 regulare de Gondor", "es")
    assert king["position"]["regions"] == {"Pelargir": {"free_peoples": {"gondor": {"regular": 2}}}}
    dwarves = read_situation("the dwarves in Erebor are still passive with 1 regular and 1 leader, can they go "
                             "to Dale?", "en")
    assert dwarves["position"]["regions"] == {"Erebor": {"free_peoples": {"dwarves": {"regular": 1, "leader": 1}}}}
    going = read_situation("can the witch king move from Minas Morgul to Osgiliath with 3 orcs", "en")
    assert "Osgiliath" not in going.get("position", {}).get("regions", {})


def test_set_38_and_39s_readings():
    """Sets 38 and 39 (spent): an army led by a figure is that figure's side ("llega el Rey Brujo con
    6 regulares ... desde Ettenmoors"); "lo convierto en Aragorn" brings him into play; "una ficha de
    caza de 3" is the tile drawn; "getting sieged by" besieges; a region "defended by" units, or
    "where" a figure "stands with" them, holds them; "solo hay" places what follows; the Scots "tae",
    "wi" and "fae" are "to", "with", "from", and to "walk round" asks no battle's rounds."""
    king = read_situation("Rivendel con 2 élites elfas y un líder, llega el Rey Brujo con 6 regulares y 2 élites desde "
                          "Ettenmoors, ¿el Rey Brujo puede atacar?", "es")
    assert king["position"]["regions"]["Landas de Etten"]["shadow"]["sauron"] == {"regular": 6, "elite": 2}
    assert king["question"] == {"kind": "battle", "from": "Landas de Etten", "to": "Rivendel"}
    crowned = read_situation("tengo a Trancos separado en Pelargir, con 1 dado de Voluntad de Occidente lo "
                             "convierto en Aragorn ahí mismo", "es")
    assert crowned["question"] == {"kind": "bring-into-play", "character": "Aragorn", "to": "Pelargir"}
    tile = read_situation("comunidad en el paso 3 de la senda de Mordor y sacan una ficha de caza de 3", "es")
    assert tile["question"] == {"kind": "hunt-damage", "tile": 3}
    sieged = read_situation("my 4 rohan regulars in helm's deep are getting sieged by 6 isengard regulars", "en")
    assert sieged["position"]["regions"]["Helm's Deep"]["besieged"] == "free-peoples"
    defended = read_situation("Umbar has 3 Southron regulars, Pelargir is defended by 2 Gondor regulars, can they "
                              "attack", "en")
    assert defended["position"]["regions"]["Pelargir"] == {"free_peoples": {"gondor": {"regular": 2}}}
    stands = read_situation("4 Sauron units in Osgiliath attack Minas Tirith where Aragorn stands with 3 regulars",
                            "en")
    assert stands["position"]["regions"]["Minas Tirith"]["free_peoples"]["gondor"] == {"regular": 3}
    only = read_situation("Umbar está en la reserva de los Haradrim y en Dol Amroth solo hay 2 regulares de Gondor, "
                          "puedo atacar", "es")
    assert only["position"]["regions"]["Dol Amroth"] == {"free_peoples": {"gondor": {"regular": 2}}}
    scots = read_situation("i'm the shadow wi 7 harad regulars in umbar, i want tae move them tae pelargir, dae ye no "
                           "have tae walk round", "en")
    assert scots["question"] == {"kind": "army-move", "from": "Umbar", "to": "Pelargir"}


def test_sets_40_and_41s_readings_victory_advance_and_more():
    """Sets 40 and 41 (spent): who has won asks `victory`, with every region of a list taken; moving
    in after a battle won asks `advance`; Saruman's Regulars turned into Elites are his muster, not a
    character brought in; "sacar a Aragorn" brings him in; "jugó" plays a card; the riders are the
    Nazgûl; a count of units broken down after it ("5 unidades (3 regulares, 2 élites)") is not
    counted again; "Minas Tiris" is Minas Tirith."""
    won = read_situation("sauron took minas tirith, helm's deep, lorien and dale, is that 10 points already?",
                         "en")
    assert won["question"] == {"kind": "victory"}
    taken = {name for name, slot in won["position"]["regions"].items()
             if slot == {"control": "shadow"}}
    assert taken == {"Minas Tirith", "Helm's Deep", "Lórien", "Dale"}
    advance = read_situation("mi padre tiene 10 unidades de isengard en los vados del isen, gana el combate y mata "
                             "los 2 regulares de rohan, puede avanzar a la region?", "es")
    assert advance["question"]["kind"] == "advance"
    saruman = read_situation("saruman in orthanc w/ 5 isengard regulars, i use muster die for the white hand thing, "
                             "how many regulars can i turn into elites?", "en")
    assert saruman["question"]["kind"] == "muster"
    crowned = read_situation("Trancos está en Pelargir y saco Voluntad de Occidente, ¿puedo sacar a Aragorn ahí?", "es")
    assert crowned["question"] == {"kind": "bring-into-play", "character": "Aragorn", "to": "Pelargir"}
    corsairs = read_situation("Mi esposo jugó Los Corsarios de Umbar pero yo tengo 2 regulares en Dol Amroth", "es")
    assert corsairs["question"] == {"kind": "event-card", "card": "Corsarios de Umbar"}
    riders = read_situation("Tengo 5 unidades de Gondor (3 regulares, 2 élites) sitiados en Minas Tiris por 10 de "
                            "Sauron con 2 jinetes", "es")
    assert riders["position"]["regions"]["Minas Tirith"]["free_peoples"]["gondor"] == {"regular": 3, "elite": 2}
    assert riders["position"]["regions"]["Minas Tirith"]["shadow"]["nazgul"] == 2


def test_the_rounds_new_readings_keep_to_what_is_said():
    """What this round's readings must not do (a fresh review's cases): "one at a time" and English
    "once" count no more units; "jinetes de Rohan" are Rohan's riders, not Nazgûl; taking Gandalf
    out of the Fellowship brings no one in; "does Gondor become active" with Strider named is no
    crowning; a total is not dropped for another nation's counts; "ganamos ... avanzar" asks
    `advance`."""
    one = read_situation("I have 5 orcs in Osgiliath, can they attack Minas Tirith one at a time", "en")
    assert one["position"]["regions"] == {"Osgiliath": {"shadow": {"sauron": {"regular": 5}}}}
    once = read_situation("5 orcs in Osgiliath attack once in Minas Tirith, then again", "en")
    assert "Minas Tirith" not in once["position"]["regions"]
    riders = read_situation("tengo 3 jinetes de Rohan en Edoras, me atacan 5 orcos", "es")
    assert riders["position"]["regions"]["Edoras"] == {"free_peoples": {"rohan": {"regular": 3}}}
    assert read_situation("¿Puedo sacar a Gandalf de la Comunidad?", "es")["question"]["kind"] != "bring-into-play"
    for query in ("Strider moves to Minas Tirith; does Gondor become active?",
                  "Strider is in Rivendell; does the Elves become at war if Gandalf moves?"):
        assert read_situation(query, "en")["question"]["kind"] != "bring-into-play", query
    mixed = read_situation("tengo 5 orcos, y 3 regulares y 2 elites de Rohan en Edoras me atacan", "es")
    assert mixed["position"]["regions"]["Edoras"]["shadow"]["sauron"]["regular"] >= 5
    won = read_situation("ganamos la batalla en Osgiliath con 5 orcos, ¿podemos avanzar?", "es")
    assert won["question"]["kind"] == "advance"


def test_sets_42_and_43s_readings_there_the_mordor_track_and_besiegers():
    """Sets 42 and 43 (spent): units said "there" stand in the region named last before them; the
    Mordor Track's step said "en el 3 del track de mordor"; a Corruption's number is not the
    Progress; a figure leading an army does not part it from its region ("7 regulars with the
    Mouth of Sauron are coming at me from South Ithilien"); the besiegers "besieged in Lorien by"
    stand in Lórien, wherever they came from; "Helm" alone is Helm's Deep."""
    there = read_situation("tengo 2 nazgus y 3 orcos en gorgoroth, y la comunidad pasa por ahi escondida", "es")
    assert there["position"]["fellowship"] == {"region": "Gorgoroth", "hidden": True}
    elsewhere = read_situation("the Witch-king and 6 Sauron regulars are in Minas Morgul, can they move into "
                               "Osgiliath and attack the 2 Gondor regulars there", "en")
    assert elsewhere["position"]["regions"]["Osgiliath"]["free_peoples"] == {"gondor": {"regular": 2}}
    track = read_situation("la comunidad esta en el 3 del track de mordor con corrupcion 9 y sale ficha de 3", "es")
    assert track["position"]["fellowship"]["mordor"] == 3
    progress = read_situation("the fellowship is in Lorien, frodo is at corruption 4, progress counter on 3, and "
                              "there's 3 eyes in the hunt box, what does the shadow roll", "en")
    assert progress["position"]["fellowship"] == {"region": "Lórien", "corruption": 4, "progress": 3}
    led = read_situation("I have 3 Gondor regulars in Pelargir and 7 Sauron regulars with the Mouth of Sauron are "
                         "coming at me from South Ithilien; what are my odds?", "en")
    assert led["position"]["regions"]["South Ithilien"]["shadow"]["sauron"] == {"regular": 7}
    siege = read_situation("My 4 Elf regulars are besieged in Lorien by 8 Sauron regulars and 2 Nazgûl from Dol "
                           "Guldur. Can I sortie out at them?", "en")
    assert siege["position"]["regions"] == {"Lórien": {"free_peoples": {"elves": {"regular": 4}},
                                                       "shadow": {"sauron": {"regular": 8}, "nazgul": 2},
                                                       "besieged": "free-peoples"}}
    helm = read_situation("isengard atacando helm con 6 regulares contra 3 regulares de rohan", "es")
    assert helm["question"]["to"] == "Abismo de Helm"
    # coming in is bringing in (the words the search's ordering reads too), coming into a place a move
    for query in ("when does saruman come in", "mouth of sauron requirements", "¿Cuándo aparece Gandalf el Blanco?"):
        assert read_situation(query, "es" if "¿" in query else "en")["question"]["kind"] == "bring-into-play", query
    assert read_situation("the witch-king comes into osgiliath with 3 orcs", "en")["question"]["kind"] != \
        "bring-into-play"


def test_sets_44_and_45s_readings_companions_the_hunt_box_and_the_muster():
    """Sets 44 and 45 (spent): the Companions listed with the Fellowship are its companions (none
    when only the Ring-bearers are left, not one who has gone from it, not one said elsewhere); the
    Hunt Box said "got 4 dice", "en la ficha de la cacería" or with no die; a move "once" is one Free
    Peoples die there; the army counted before the word of recruiting is not the nation that musters."""
    listed = read_situation("fellowship in fangorn with frodo, sam, pippin and aragorn, hunt reroll?", "en")
    assert listed["position"]["fellowship"]["companions"] == ["Peregrin Took", "Strider"]
    inside = read_situation("corrupción a 9 y sale una ficha de 3 con Gimli y Legolas en la Comunidad", "es")
    assert inside["position"]["fellowship"]["companions"] == ["Gimli", "Legolas"]
    alone = read_situation("la comunidad con solo Frodo y Sam en el paso 2 de mordor, sale una ficha de 2", "es")
    assert alone["position"]["fellowship"]["companions"] == []
    for query, lang in (("la comunidad está en Lórien con Gandalf de guía y Boromir ya salió, la muevo", "es"),
                        ("I have Strider and Legolas in Rivendell and the Fellowship is in Moria with Gandalf as "
                         "guide, a 2 tile is drawn", "en")):
        said = read_situation(query, lang)["position"]["fellowship"]
        # the Guide alone is no list of who walks with them: the Companions are left to the form
        assert said["guide"].startswith("Gandalf") and "companions" not in said, query
    gone = read_situation("Gandalf the Grey has left the Fellowship in Lorien, can Gandalf the White come in", "en")
    assert "companions" not in gone.get("position", {}).get("fellowship", {})
    box = read_situation("ring guys on step 2 of mordor, hunt box got 3 dice, eye tile drawn", "en")
    assert box["position"]["hunt"]["box"] == {"shadow": 3}
    empty = read_situation("la comunidad en Lórien y la sombra no tiene ningún dado en la cacería, si la declaro", "es")
    assert empty["position"]["hunt"]["box"]["shadow"] == 0
    once = read_situation("hay 2 dados en la ficha de la cacería y ya moví la comunidad una vez, la muevo otra", "es")
    assert once["position"]["hunt"]["box"] == {"shadow": 2, "free_peoples": 1}
    corrupt = read_situation("the fellowship on step 2 of mordor, corruption actually at 8, a 2 tile", "en")
    assert corrupt["position"]["fellowship"]["corruption"] == 8
    muster = read_situation("gondor en guerra pero minas tirith sitiada por 7 orcos de sauron puedo reclutar en "
                            "minas tirith", "es")
    assert muster["question"]["nation"] == "gondor"
