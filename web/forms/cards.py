"""The card picker: what a form shows for a parameter of type ``event-card`` (one Event card)
or ``combat-cards`` (the combat card each side plays in a battle, attacker and defender).

A player types a few letters of the card's name in either language; the field's datalist
offers every card by both names (no JavaScript needed), and the card's condition is shown
with the card picked: rendered with the page when the field holds a card, kept in step by
static/ask.js as the player types (it reads :func:`picker_data`). The facts come from the
engine's card catalogue and our words for the cards (``data/event_cards_text.json``).
"""
from __future__ import annotations

import unicodedata
from collections.abc import Callable
from functools import cache
from typing import Any

from flask_babel import gettext as _

from adjudicator import data, names
from adjudicator.wotr.cards import catalogue

CARD_TYPES = ("event-card", "combat-cards")
COMBAT_SIDES = ("attacker", "defender")
GUESS_CUTOFF = 0.85   # how close a name typed must be to a card's to be shown as "did you mean"


# Spanish words that open a sentence but are no name: after a colon ("Se juega si:") they
# take lower case ("la Sombra controla...", but "Saruman está...").
COMMON_OPENINGS = frozenset(("La", "El", "Los", "Las", "Hay", "Hace", "Hacen", "Un", "Una", "Se", "Entra", "Cada",
                             "Todas", "Tres", "Dos", "Cinco", "Pueden", "Pon", "Objetivo", "Objetivo:", "Solo", "No",
                             "Elige", "Tras", "Hasta", "Ataque", "Primero", "Sin"))


def after_colon(text: str, lang: str) -> str:
    """``text`` as it reads after a colon: in Spanish a common first word takes lower case."""
    first, _, rest = text.partition(" ")
    if lang == "es" and first in COMMON_OPENINGS:
        return first.lower() + " " + rest
    return text


@cache
def _words() -> dict[str, Any]:
    return data.load("event_cards_text")


def field_names(name: str) -> dict[str, str]:
    """The two inputs of a ``combat-cards`` field: the attacker's card and the defender's."""
    return {side: f"{name}-{side}" for side in COMBAT_SIDES}


@cache
def datalist(lang: str) -> tuple[tuple[str, str], ...]:
    """Every card as ``(name to type, what the list shows beside it)``: the names in ``lang``
    first, then those in the other language; a name both languages share appears once."""
    other = "en" if lang == "es" else "es"
    out: dict[str, str] = {}
    for code in (lang, other):
        for cid in catalogue.cards():
            name = catalogue.card_name(cid, code)
            if name not in out:
                out[name] = catalogue.card_name(cid, other if code == lang else lang)
    return tuple(out.items())


def condition(cid: str, lang: str) -> str:
    """The card's Event condition ("play if") in plain words, in ``lang``."""
    words = _words()["cards"][cid].get("play_if")
    return after_colon(words[lang] if words else _("No condition: it may be played whenever the die fits."), lang)


def combat_text(cid: str, lang: str) -> str:
    """The card's combat half in ``lang``: what it needs and does (our words: in English the
    card data's summary, unless event_cards_text.json words it in the official terms)."""
    combat = catalogue.card(cid)["combat"]
    words = _words()["combat"][combat["title_en"]]
    return words.get("en", combat["summary_en"]) if lang == "en" else after_colon(words["es"], lang)


def effect_text(cid: str, lang: str) -> str:
    """What the card's Event does, in ``lang`` (our words, as :func:`combat_text`)."""
    words = _words()["cards"][cid]
    if lang == "en":
        return words.get("effect_en", catalogue.card(cid)["event"]["summary_en"])
    return after_colon(words["effect_es"], lang)


def card_facts(text: object, lang: str, combat: bool = False) -> dict[str, str] | None:
    """What the picker shows for the card ``text`` names (either language, an id, the usual
    forgiving matching): its name in both languages, die icon and condition, or for a combat
    card its title and what it needs and does. None when ``text`` names no card."""
    cid, guess = catalogue.find_card(text), False
    if cid is None and isinstance(text, str) and text.strip():
        index = catalogue.by_name()
        close = names.close_matches(names.normalize(text), list(index.by_key), n=1, cutoff=GUESS_CUTOFF)
        cid, guess = (index.by_key[close[0]], True) if close else (None, False)
    if cid is None:
        return None
    other = "en" if lang == "es" else "es"
    facts = {"id": cid, "name": catalogue.card_name(cid, lang), "other": catalogue.card_name(cid, other),
             "guess": "yes" if guess else ""}
    if combat:
        facts.update(title=catalogue.combat_title(cid, lang), text=combat_text(cid, lang),
                     initiative=str(catalogue.card(cid)["combat"].get("initiative_printed",
                                                                      catalogue.card(cid)["combat"]["initiative"])))
    else:
        facts.update(icon=_ICONS[catalogue.card(cid)["play_with"]](), text=condition(cid, lang))
    return facts


_ICONS = {"character": lambda: _("Character"), "army": lambda: _("Army"), "muster": lambda: _("Muster")}


def picker_data(lang: str) -> dict[str, Any]:
    """For static/ask.js: each card's names (folded, as the engine matches them) and the two
    lines the picker shows, the Event condition and the combat half."""
    cards = {}
    keys: dict[str, str] = {}
    for cid in catalogue.cards():
        event, combat = card_facts(cid, lang), card_facts(cid, lang, combat=True)
        assert event is not None and combat is not None
        cards[cid] = {"event": _("%(name)s (%(other)s) · %(icon)s · Play if: %(text)s", **event),
                      "combat": _("%(title)s, initiative %(initiative)s: %(text)s", **combat)}
        for code in ("en", "es"):
            keys[folded(catalogue.card_name(cid, code))] = cid
        keys[folded(cid)] = cid
    return {"cards": cards, "keys": keys}


def shown(text: object, lang: str, combat: bool = False) -> str:
    """The line the picker shows under its field for the card ``text`` names ('' for none)."""
    facts = card_facts(text, lang, combat)
    if facts is None:
        return ""
    if combat:
        line = _("%(title)s, initiative %(initiative)s: %(text)s", **facts)
    else:
        line = _("%(name)s (%(other)s) · %(icon)s · Play if: %(text)s", **facts)
    # A name typed nearly right (the engine would answer "did you mean"): the card it is close to.
    return _("Did you mean %(name)s? %(line)s", name=facts["name"], line=line) if facts["guess"] else line


def folded(text: str) -> str:
    """``text`` as static/cards.js folds what is typed: no accents, lower case, letters and digits only."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed.lower() if ch.isalnum() and not unicodedata.combining(ch))


def combat_cards(name: str, get: Callable[[str], str]) -> dict[str, str]:
    """A ``combat-cards`` field's two inputs read back: ``{attacker: name, defender: name}`` (the typed ones)."""
    return {side: get(field) for side, field in field_names(name).items() if get(field)}


def combat_values(name: str, value: Any) -> dict[str, str] | None:
    """The reverse, a question's ``{attacker, defender}`` into the two inputs; None when the
    inputs cannot hold it (a list of rounds, other keys: the YAML box keeps it)."""
    if not isinstance(value, dict) or not value or not set(value) <= set(COMBAT_SIDES) \
            or not all(isinstance(v, str) for v in value.values()):
        return None
    inputs = field_names(name)
    return {inputs[side]: card for side, card in value.items()}
