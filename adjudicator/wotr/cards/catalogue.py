"""The Event cards as data: look a card up by id, by name in either language, or by the title
of its combat half.

The cards' facts are ``data/event_cards.json`` (copied from the maintainers' reference data
with its provenance). The Spanish edition's names are not in it: ours are in
``data/event_cards_es.json`` and are marked in the docs as our translation. A Spanish
scenario may use either language's name.
"""
from __future__ import annotations

from functools import cache

from adjudicator import data, names

SIDES = ("free-peoples", "shadow")
DECKS = ("character", "strategy")


@cache
def cards() -> dict[str, dict]:
    """id -> the card's facts (``name_en``, ``side``, ``deck``, ``play_with``, ``event``, ``combat``)."""
    return {c["id"]: c for c in data.load("event_cards")["cards"]}


@cache
def spanish() -> dict[str, dict[str, str]]:
    """id -> our Spanish ``name`` and combat ``title`` (absent until translated)."""
    try:
        return data.load("event_cards_es")["cards"]
    except FileNotFoundError:
        return {}


def card(card_id: str) -> dict:
    return cards()[card_id]


def card_name(card_id: str, lang: str) -> str:
    es = spanish().get(card_id, {}).get("name") if lang == "es" else None
    return es or cards()[card_id]["name_en"]


def combat_title(card_id: str, lang: str) -> str:
    es = spanish().get(card_id, {}).get("title") if lang == "es" else None
    return es or cards()[card_id]["combat"]["title_en"]


@cache
def by_name() -> names.NameIndex:
    """Card names (and ids) in both languages, matched like every name."""
    return names.NameIndex({cid: {"en": c["name_en"], "es": spanish().get(cid, {}).get("name")}
                            for cid, c in cards().items()})


@cache
def by_title() -> dict[str, list[str]]:
    """Folded combat title (either language) -> the ids of the cards that carry it."""
    out: dict[str, list[str]] = {}
    for cid, c in cards().items():
        for title in (c["combat"]["title_en"], spanish().get(cid, {}).get("title")):
            if title:
                ids = out.setdefault(names.normalize(title), [])
                if cid not in ids:
                    ids.append(cid)
    return out


def find_card(text: object) -> str | None:
    """The id of the card named ``text`` (id, English or Spanish name), or None."""
    return by_name().lookup(text)


def find_combat(text: object) -> list[str]:
    """The cards a combat reference names: one card by its id or name, or every card that
    carries the combat title ``text`` (a title is shared by up to four cards)."""
    found = find_card(text)
    if found:
        return [found]
    if not isinstance(text, str):
        return []
    return list(by_title().get(names.normalize(text), []))


def suggestions(text: object, n: int = 3) -> names.NameList:
    return by_name().suggestions(text, n)


def titles() -> list[str]:
    """The distinct combat titles (English), in deck order."""
    seen: list[str] = []
    for c in cards().values():
        if c["combat"]["title_en"] not in seen:
            seen.append(c["combat"]["title_en"])
    return seen
