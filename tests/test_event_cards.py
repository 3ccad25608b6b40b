"""The ``event-card`` kind: every card asked in both languages, every condition type of the
card data decided or answered with the field it needs, and no card, position or die ever
ending in an internal error (random positions, bounded)."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator import data
from adjudicator.api import ask
from adjudicator.problems import Problems, ScenarioInvalid
from adjudicator.ruling import RulingBuilder
from adjudicator.wotr.cards import catalogue
from adjudicator.wotr.cards.conditions import COMBAT_TYPES, Battle, Reader
from adjudicator.wotr.cards.effects import Effects
from adjudicator.wotr.cards.events import DICE
from adjudicator.wotr.model import parse_position

WOTR = "war-of-the-ring"
CARD_IDS = list(catalogue.cards())
SCHEMA = data.load("event_cards")["_schema"]


def ruling(question: dict, position: dict | None = None, lang: str = "en") -> dict:
    return ask({"game": WOTR, "lang": lang, "position": position or {},
                "question": {"kind": "event-card", **question}})


def problems_of(question: dict, lang: str = "en") -> dict[str, str]:
    with pytest.raises(ScenarioInvalid) as exc:
        ruling(question, lang=lang)
    return {p["path"]: p["message"] for p in exc.value.as_dicts(lang)}


# -- every card, both languages ------------------------------------------------------------------

@pytest.mark.parametrize("cid", CARD_IDS)
def test_every_card_is_asked_by_name_in_both_languages_and_by_id(cid):
    es_name = catalogue.card_name(cid, "es")
    en_name = catalogue.card_name(cid, "en")
    assert es_name != en_name or cid in ("fp-char-09",) or es_name   # every card has a Spanish name of ours
    answers = []
    for text, lang in ((en_name, "en"), (es_name, "es"), (en_name, "es"), (cid, "en")):
        r = ruling({"card": text}, lang=lang)
        assert r["verdict"]["status"] == "decided", (text, r["answer"])
        assert r["verdict"]["card"] == cid
        assert sorted(r["verdict"]["play_with"]) == r["verdict"]["play_with"]
        assert r["verdict"]["on_table"] is bool(catalogue.card(cid)["event"]["on_table"])
        assert ("play_if" in r["verdict"]) is (catalogue.card(cid)["event"]["play_if"] is not None)
        assert f"wotr-card-{cid}" in [c["rule"] for c in r["citations"]]
        answers.append((lang, r["verdict"]["allowed"], r["answer"]))
    # the same position gives the same verdict whatever the language; the Spanish answer is Spanish
    assert len({a[1] for a in answers}) == 1
    assert answers[1][2].startswith(("Sí", "No"))


def test_a_misspelt_card_name_gets_did_you_mean_in_the_users_language():
    en = problems_of({"card": "Athelsa"})
    assert "Athelas" in en["question.card"] and "did you mean" in en["question.card"]
    es = problems_of({"card": "Desafio del Rei"}, lang="es")
    assert "desafío del Rey" in es["question.card"] and "quisiste decir" in es["question.card"]


def test_every_problem_of_the_question_comes_at_once():
    found = problems_of({"card": "Nonsense Card Xyz", "die": "banana", "side": "elves"})
    assert set(found) == {"question.card", "question.die", "question.side"}


# -- the die, the side and the rules around the cards ------------------------------------------------

@pytest.mark.parametrize("cid", CARD_IDS)
def test_the_die_results_that_play_each_card(cid):
    card = catalogue.card(cid)
    icon, fp = card["play_with"], card["side"] == "free-peoples"
    expected = {icon, "event"} | ({"army-muster"} if icon != "character" else set()) | (
        {"will-of-the-west"} if fp else set())
    if fp:
        expected.discard("army")   # the Free Peoples dice have no plain Army face
    assert ruling({"card": cid})["verdict"]["play_with"] == sorted(expected)
    for die in DICE:
        v = ruling({"card": cid, "die": die})["verdict"]
        if "play_if" not in v or v["play_if"]:
            assert v["allowed"] is (die in expected), (cid, die)
        else:
            assert v["allowed"] is False


def test_a_card_played_by_the_other_side_is_refused_whatever_its_condition():
    r = ruling({"card": "The Lidless Eye", "side": "free-peoples", "die": "event"})
    assert r["verdict"]["allowed"] is False and r["verdict"]["decided_by"][0] == "wotr-cards-own-deck"


def test_gandalf_the_grey_as_guide_draws_only_after_an_event_die():
    cited = lambda die: [c["rule"] for c in ruling({"card": "Elven Rope", "die": die})["citations"]]  # noqa: E731
    assert "wotr-cards-gandalf-draw" in cited("event")
    assert "wotr-cards-gandalf-draw" not in cited("character")
    other = ruling({"card": "Elven Rope", "die": "event"},
                   {"fellowship": {"companions": ["Strider", "Merry"], "guide": "Strider"}})
    assert "wotr-cards-gandalf-draw" not in [c["rule"] for c in other["citations"]]


# -- every condition type -------------------------------------------------------------------------

def examples(node, found: dict) -> None:
    """Every condition object of the card data, by type (from play_if, effects and combat halves)."""
    if isinstance(node, dict):
        if node.get("type") in SCHEMA["condition_types"]:
            found.setdefault(node["type"], []).append(node)
        for v in node.values():
            examples(v, found)
    elif isinstance(node, list):
        for v in node:
            examples(v, found)


EXAMPLES: dict[str, list] = {}
examples(data.load("event_cards")["cards"], EXAMPLES)
BUSY = {"regions": {
    "Minas Tirith": {"besieged": "free-peoples", "free_peoples": {"gondor": {"regular": 2}, "characters": ["Strider"]},
                     "shadow": {"sauron": {"regular": 4}, "nazgul": 2, "characters": ["Witch-king"]}},
    "Osgiliath": {"free_peoples": {"gondor": {"regular": 1}, "characters": ["Legolas"]}},
    "Orthanc": {"shadow": {"isengard": {"regular": 2}, "characters": ["Saruman"]}}},
    "fellowship": {"companions": ["Gandalf the Grey", "Boromir", "Gimli", "Merry", "Pippin"],
                   "guide": "Gandalf the Grey", "region": "Fangorn", "progress": 2},
    "politics": {"sauron": "at-war", "gondor": "at-war"}}


def reader(raw: dict, side: str = "shadow", battle: Battle | None = None) -> Reader:
    problems = Problems()
    position = parse_position(raw, problems)
    problems.raise_if_any()
    return Reader(position, side, RulingBuilder(WOTR, "event-card", "en"), battle)


def test_the_data_uses_only_the_condition_types_its_schema_declares_and_every_one_is_used():
    assert set(EXAMPLES) == set(SCHEMA["condition_types"])


@pytest.mark.parametrize("ctype", sorted(SCHEMA["condition_types"]))
def test_every_condition_type_is_decided_or_names_what_it_needs(ctype):
    battle = Battle("minas-tirith", "shadow", siege=True, hits={"shadow": {"combat-roll": 2}, "free_peoples": {}})
    for cond in EXAMPLES[ctype]:
        for side in ("free-peoples", "shadow"):
            for raw, b in ((BUSY, battle), ({}, None), (BUSY, None)):
                rd = reader(raw, side, b)
                value = rd.holds(cond)
                if value is None:
                    assert rd.missing, (ctype, cond)
                    if ctype in COMBAT_TYPES:
                        assert rd.missing == (["question.battle"] if b is None else ["question.hits"])
                else:
                    assert value in (True, False)
                    assert ctype not in COMBAT_TYPES or b is not None


def test_conditions_read_what_the_position_says():
    assert reader(BUSY).holds({"type": "character_in_play", "character": "saruman"}) is True
    assert reader({}).holds({"type": "character_in_play", "character": "saruman"}) is False
    near = {"type": "armies_near", "a": {"side": "free-peoples", "containing": ["companion"]},
            "b": {"side": "shadow", "containing": ["nazgul"], "excluding": ["witch-king"]}, "max_distance": 1}
    assert reader(BUSY, "free-peoples").holds(near) is True        # Legolas in Osgiliath, Nazgûl next door
    only_wk = json.loads(json.dumps(BUSY))
    only_wk["regions"]["Minas Tirith"]["shadow"]["nazgul"] = 0
    assert reader(only_wk, "free-peoples").holds(near) is False    # the Witch-king alone does not count here
    assert reader(BUSY).holds({"type": "stronghold_besieged", "region": "minas-tirith", "by": "shadow"}) is True
    tie = reader({"fellowship": {"companions": ["Strider", "Gandalf the Grey"]}})
    assert tie.holds({"type": "guide", "character": "strider"}) is None
    assert tie.missing == ["position.fellowship.guide"]
    gone = reader({"fellowship": {"companions": ["Merry"]}})
    assert gone.holds({"type": "character_at", "any_of": ["strider"]}) is None
    assert gone.missing == ["position.regions"]
    declared = {"type": "happens", "event": "fellowship-declared"}
    assert reader({}).holds(declared) is False
    problems = Problems()
    moment = Reader(parse_position({}, problems), "shadow", None, events=frozenset({"fellowship-declared"}))
    assert moment.holds(declared) is True
    assert reader({"politics": {"sauron": "at-war"}}).holds(
        {"type": "nation_at_war", "nations": ["sauron", "isengard"], "all": True}) is False


# -- effects -----------------------------------------------------------------------------------------

@pytest.mark.parametrize("raw", [{}, BUSY], ids=["empty", "busy"])
def test_every_effect_is_worked_out_for_every_card(raw):
    for cid in CARD_IDS:
        card = catalogue.card(cid)
        rd = reader(raw, card["side"])
        out = Effects(rd).work_out(card["event"]["effect"])
        assert out["type"] == card["event"]["effect"]["type"]


def test_a_recruit_counts_the_reinforcements_left():
    v = ruling({"card": "Many Kings to the Service of Mordor"},
               {"reinforcements": {"southrons": {"regular": 4}}})["verdict"]
    place = v["effect"]["placements"][0]
    assert place["region_count"] == 3 and place["units"][0]["available"] == 4   # 3 regions x 2 wanted, 4 left
    assert set(place["regions"]) <= {rid for rid, r in data.regions().items() if r["nation"] == "southrons"}


def test_dice_effects_give_exact_distributions_that_add_up_to_one():
    from fractions import Fraction
    v = ruling({"card": "Dreadful Spells"}, {"regions": {
        "Osgiliath": {"free_peoples": {"gondor": {"regular": 2}}},
        "North Ithilien": {"shadow": {"sauron": {"regular": 1}, "nazgul": 3}}}})["verdict"]
    target = v["effect"]["targets"]["osgiliath"]
    assert target["dice"] == 3
    assert sum(Fraction(p) for p in target["p_hits_exact"].values()) == 1
    assert target["p_hits_exact"]["3"] == "1/27"   # three dice hitting on 5 or 6


# -- never an internal error ----------------------------------------------------------------------------

REGIONS = sorted(data.regions())
CHARACTERS = ["Strider", "Aragorn", "Legolas", "Gimli", "Boromir", "Gandalf the White"]
MINIONS = ["Saruman", "Witch-king", "The Mouth of Sauron"]


@st.composite
def positions(draw):
    regions = {}
    for rid in draw(st.lists(st.sampled_from(REGIONS), max_size=4, unique=True)):
        entry: dict = {}
        if draw(st.booleans()):
            entry["free_peoples"] = {"gondor": {"regular": draw(st.integers(0, 3))},
                                     "characters": draw(st.lists(st.sampled_from(CHARACTERS), max_size=2, unique=True))}
        else:
            entry["shadow"] = {"sauron": {"regular": draw(st.integers(0, 3))}, "nazgul": draw(st.integers(0, 2)),
                               "characters": draw(st.lists(st.sampled_from(MINIONS), max_size=1))}
        regions[rid] = entry
    out: dict = {"regions": regions}
    if draw(st.booleans()):
        out["fellowship"] = {"companions": draw(st.lists(st.sampled_from(["Merry", "Pippin", "Gimli", "Strider"]),
                                                         max_size=3, unique=True)),
                             "progress": draw(st.integers(0, 6)), "hidden": draw(st.booleans()),
                             "corruption": draw(st.integers(0, 11))}
        if draw(st.booleans()):
            out["fellowship"]["mordor"] = draw(st.integers(0, 4))
        else:
            out["fellowship"]["region"] = draw(st.sampled_from(REGIONS))
    out["politics"] = {n: draw(st.sampled_from(["at-war", {"steps": 1, "active": True}, {"steps": 2, "active": False}]))
                       for n in draw(st.lists(st.sampled_from(sorted(data.nations())), max_size=3, unique=True))}
    return out


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(), st.sampled_from(CARD_IDS), st.sampled_from([None, *DICE]), st.sampled_from([None, "shadow",
                                                                                                 "free-peoples"]))
def test_no_card_ever_gives_an_internal_error(raw, cid, die, side):
    question = {"card": cid}
    if die:
        question["die"] = die
    if side:
        question["side"] = side
    try:
        r = ruling(question, raw, lang="es" if len(cid) % 2 else "en")
    except ScenarioInvalid:
        return   # a random position may be impossible (two armies in a region): a problem, never a crash
    assert r["verdict"]["status"] in ("decided", "needs-info")
    if r["verdict"]["status"] == "needs-info":
        assert r["verdict"]["missing"]


def test_the_shared_card_data_matches_the_projects_when_present():
    shared = Path(__file__).resolve().parents[2] / "shared" / "data" / "event-cards.json"
    if not shared.is_file():
        pytest.skip("../shared is not here")
    theirs = {c["id"]: c for c in json.loads(shared.read_text("utf-8"))["cards"]}
    assert {cid: c["event"] for cid, c in theirs.items()} == {cid: catalogue.card(cid)["event"] for cid in theirs}


# -- our English of the summaries (event_cards_text.json) ---------------------------------------
TEXT = data.load("event_cards_text")
# Words the official rules do not use for these: a card is discarded, dice are rolled, and the
# blue tiles are the Free Peoples special tiles.
NOT_OFFICIAL = re.compile(r"\bthrow(n|s)?\b( it)? away|\bthrown\b|\bthrow\w*\b[^.;:]*\bdic?e\b|\bblue\b", re.I)


def our_english() -> list[tuple[str, str, str]]:
    """(where, the shared data's summary, what the reference shows instead) for every summary."""
    out = []
    for cid in CARD_IDS:
        card = catalogue.card(cid)
        out.append((f"{cid} event", card["event"]["summary_en"],
                    TEXT["cards"][cid].get("effect_en", card["event"]["summary_en"])))
        combat = card["combat"]
        out.append((f"{cid} combat", combat["summary_en"],
                    TEXT["combat"][combat["title_en"]].get("en", combat["summary_en"])))
    return out


def test_the_english_the_reference_shows_uses_the_official_words():
    found = [f"{where}: {m.group(0)!r}" for where, _, shown in our_english() for m in NOT_OFFICIAL.finditer(shown)]
    assert not found, "\n".join(found)
    assert NOT_OFFICIAL.search("throw it away") and NOT_OFFICIAL.search("may throw no more than two Combat dice")


def test_our_english_says_the_same_facts_as_the_cross_checked_summary():
    """Each rewording keeps its summary's numbers, and names the same cards and tiles' values;
    a rewording that says nothing new is not kept."""
    numbers = re.compile(r"[+−-]?\d+")
    for where, summary, shown in our_english():
        if shown == summary:
            continue
        assert sorted(numbers.findall(shown)) == sorted(numbers.findall(summary)), where
    same = [cid for cid, words in TEXT["cards"].items()
            if words.get("effect_en") == catalogue.card(cid)["event"]["summary_en"]]
    assert not same, f"effect_en identical to the summary: {same}"
