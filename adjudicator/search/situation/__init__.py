"""From a situation described in a query to the question that rules on it.

"my 4 Gondor regulars and a leader in Pelargir, can they march to Lamedon?" describes a
position: :func:`read_situation` reads what it names (regions in the order named, nations,
units and their numbers, characters, a nation's political state, a settlement's control, a
siege, the Fellowship's region, Guide and step on the Mordor Track, the Hunt Box and the
Corruption), in English or Spanish, and picks the War of the Ring question kind that answers
it (an army moving, a battle, a retreat, a muster, a nation's politics, a character moving or
brought into play, Companions separated, the Fellowship moving, the Hunt, an Event card).
The result is a scenario in the project's language, partly filled: "Ask about this" opens
that kind's form with it (web/search_views.py), and the player completes the rest.

Units are read in groups ("5 Rohan regulars and 2 elites plus Théoden in Helm's Deep"): a
group shares its nation ("4 regulares y 2 élites de Gondor") and its region, the one named
right after it ("in", "en", "de", "besieging") or, failing that, right before it ("Lórien
where there's 2 elven elites"). Nothing is guessed that the query does not say, except the
nation of units whose side alone is said (plain "orcs", "the Shadow has 10 units": Sauron's,
unless the query names Isengard and not Sauron; "I've got 4 regulars" in Minas Tirith: the
region's nation), which the form shows and the player can change. The words players use are
data (adjudicator/data/situation_words.json).

The reader is split by topic: words.py (the words it knows, from the data), lexicon.py (the
regions' names, misspellings), cards.py (Event cards named); the query read once is a class built
in layers, each on the one before: text.py (tokens, regions, characters, nations), places.py
(where a group stands), armies.py (units, groups, sides, who attacks), fellowship.py (the
Fellowship, its Guide) and kinds.py (`Read`, the question kind); position.py and question.py
write the scenario's position and question from it.
"""
from __future__ import annotations

import re
import unicodedata
from typing import Any

from adjudicator.search.situation.cards import (
    CARD_WORD,
    NOT_A_PLAY,
    NOT_A_PLAY_UNLESS_A_CARD,
    PLAY_VERB,
    card_named,
    draw_question,
    said_as_a_people,
)
from adjudicator.search.situation.kinds import Read
from adjudicator.search.situation.lexicon import region_name
from adjudicator.search.situation.position import read_position
from adjudicator.search.situation.question import read_question
from adjudicator.search.situation.words import ELVEN_RING, INTENTS, RING_USE, tables

__all__ = ["GAME", "ask_entry", "read_situation"]

GAME = "war-of-the-ring"


def read_situation(query: str, lang: str) -> dict[str, Any] | None:
    """The question ``query`` describes, as a partly filled scenario (with ``_described``:
    whether it describes a position), or None when it names no region, character, counted
    unit or Hunt and no question kind fits it. A query about playing an Event card it names
    asks the `event-card` question, with the card and the position the query names."""
    from adjudicator.search import expand_abbreviations

    query = unicodedata.normalize("NFC", query)   # accents typed as combining marks are their letters
    from adjudicator.search.vocabulary import respelt

    read = Read(respelt(expand_abbreviations(query, lang), lang))   # "WK", "GtW", "fp"; "inna di": their words
    card = card_named(read.text, read.tokens, position=bool(read.units))
    intent = next((k for k, rx in INTENTS if rx.search(read.text)), None) if card is not None else None
    if card is not None and not PLAY_VERB.search(read.text) and (
            intent in NOT_A_PLAY or intent in NOT_A_PLAY_UNLESS_A_CARD and not CARD_WORD.search(read.text)
            and said_as_a_people(read.text)):
        card = None   # "Corsairs of Umbar event just put units in Pelargir. Can I still recruit": a muster
    if card is not None:
        from adjudicator.wotr.cards import catalogue

        position = read_position(read, "event-card", lang)
        for rid in dict.fromkeys(read.regions):   # where the card acts: "poner las unidades en North Dunland"
            position.setdefault("regions", {}).setdefault(region_name(rid, lang), {})
        if read.chars and not read.regions and "strider" in read.chars:   # "with Strider as Guide"
            position.setdefault("fellowship", {})["guide"] = "Strider" if lang == "en" else "Trancos"
        out: dict[str, Any] = {"game": GAME, "lang": lang, "_described": True}
        if position:
            out["position"] = position
        out["question"] = {"kind": "event-card", **({"card": catalogue.card_name(card, lang)} if card else {})}
        return out
    from adjudicator.search.routing import about_card_game, about_lcg

    drawing = draw_question(read.text) if not (read.units or read.regions or about_card_game(query, lang)
                                                   or about_lcg(query)) else None
    if drawing is not None:   # "3 event cards and 2 combat cards in hand and draw two more"
        return {"game": GAME, "lang": lang, "_described": len(drawing) > 1, "question": drawing}
    hunted = re.search(r"\b(hunt|caza|caceria|busqueda|corru[pc]\w*)\b", read.text)
    fellowship = tables()["fellowship"].search(read.text)
    ring = ELVEN_RING.search(read.text) and RING_USE.search(read.text)   # "can I use Vilya to change a die"
    if not (read.regions or read.chars or read.units or hunted or ring or (fellowship and (read.box or read.mordor))):
        return None
    kind = read.kind()
    if kind is None:
        return None
    position = read_position(read, kind, lang)
    question = {"kind": kind, **read_question(read, kind, lang, position)}
    if kind == "politics" and read.regions:
        position.setdefault("regions", {}).setdefault(region_name(read.regions[0], lang), {})
    scenario: dict[str, Any] = {"game": GAME, "lang": lang, "_described": read.described()}
    if position:
        scenario["position"] = position
    scenario["question"] = question
    return scenario


def ask_entry(query: str, lang: str) -> tuple[dict[str, Any] | None, bool]:
    """The search result's ``ask`` entry for ``query`` (``{game, kind, scenario}``: the question
    kind that rules on the situation and the scenario with what the query names filled in), or
    None; and whether the query describes a position (then it is never refused)."""
    scenario = read_situation(query, lang)
    if scenario is None:
        return None, False
    described = scenario.pop("_described")
    return {"game": scenario["game"], "kind": scenario["question"]["kind"], "scenario": scenario}, described
