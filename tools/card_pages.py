"""Maintainers' tool: write the four deck pages of the Event cards chapter, and their Spanish.

    python tools/card_pages.py

Each card's section in docs/cards/{fp,shadow}-{character,strategy}.md is made from the card
data (adjudicator/data/event_cards.json: deck, die icon, combat half, our summaries) and our
words for it (adjudicator/data/event_cards_text.json: its condition in plain words, when a
table card leaves the table, the Spanish of every summary, the English of those we word in
the official terms, the disputed facts). The pages'
own opening is kept. Then the Spanish catalogues are brought up to date
(tools/update_catalogues.py) and each card paragraph's Spanish is filled in from the same
data, so the two languages say the same thing. Edit the data, not the pages, and run this
again.
"""
from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

from babel.messages import pofile

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from web.forms.cards import after_colon, combat_text, effect_text  # noqa: E402 (the project's root on the path first)

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "adjudicator" / "data"
DOCS = ROOT / "docs" / "cards"
LOCALE = ROOT / "docs" / "locale" / "es" / "LC_MESSAGES" / "cards"
PAGES = {("free-peoples", "character"): "fp-character", ("free-peoples", "strategy"): "fp-strategy",
         ("shadow", "character"): "shadow-character", ("shadow", "strategy"): "shadow-strategy"}

DECK = {"en": {("free-peoples", "character"): "Free Peoples Character",
               ("free-peoples", "strategy"): "Free Peoples Strategy",
               ("shadow", "character"): "Shadow Character", ("shadow", "strategy"): "Shadow Strategy"},
        "es": {("free-peoples", "character"): "Personaje de los Pueblos Libres",
               ("free-peoples", "strategy"): "Estrategia de los Pueblos Libres",
               ("shadow", "character"): "Personaje de la Sombra", ("shadow", "strategy"): "Estrategia de la Sombra"}}
ICON = {"en": {"character": "Character", "army": "Army", "muster": "Muster"},
        "es": {"character": "Personaje", "army": "Ejército", "muster": "Alistar"}}
# The die results that play a card with each icon (rules of the Event action, wotr-event-cards).
PLAYED_WITH = {
    "en": {"character": "an action die showing Character or Event",
           "army": "an action die showing Army, Army/Muster or Event",
           "muster": "an action die showing Muster, Army/Muster or Event"},
    "es": {"character": "un dado de Acción que muestre Personaje o Evento",
           "army": "un dado de Acción que muestre Ejército, Ejército/Alistar o Evento",
           "muster": "un dado de Acción que muestre Alistar, Ejército/Alistar o Evento"}}
WILL = {"en": " (a Will of the West may stand for any of them)",
        "es": " (una Voluntad de Occidente puede hacer de cualquiera de ellos)"}
# What the position must say for each kind of condition (the event-card question asks for it).
NEEDS = {
    "character_in_fellowship": ("who is in the Fellowship", "quién está en la Comunidad"),
    "character_at": ("where the characters it names stand", "dónde están los personajes que nombra"),
    "character_in_play": ("whether the character it names is on the board",
                          "si el personaje que nombra está en el tablero"),
    "guide": ("who is the Guide", "quién es el Guía"),
    "nation_at_war": ("the political status of the nations it names",
                      "la situación política de las naciones que nombra"),
    "nation_active": ("the political status of the nations it names",
                      "la situación política de las naciones que nombra"),
    "fellowship_in_region": ("where the Fellowship is", "dónde está la Comunidad"),
    "fellowship_progress": ("the Fellowship's Progress", "el Avance de la Comunidad"),
    "fellowship_revealed": ("whether the Fellowship is revealed", "si la Comunidad está descubierta"),
    "corruption_level": ("the Ring-bearers' Corruption", "la Corrupción de los Portadores del Anillo"),
    "army_exists": ("where the armies are", "dónde están los ejércitos"),
    "armies_near": ("where the armies are", "dónde están los ejércitos"),
    "settlement_controlled": ("who controls the settlements", "quién controla los asentamientos"),
    "stronghold_besieged": ("which Strongholds are besieged", "qué Baluartes están asediados"),
}
W = {
    "en": {"facts": "*Spanish name (our translation):* {other} · *Deck:* {deck}, number {n} · *Die icon:* {icon}",
           "played": "*Played with:* {dice}; see {{ref}}`wotr-event-cards`.",
           "if": "*Play if:* {text}",
           "if_none": "*Play if:* no condition: it may be played whenever the die fits.",
           "does": "*What it does:* {text}",
           "table": "*On the table:* yes. {text} If its condition stops holding, it is discarded at once.",
           "table_nocond": "*On the table:* yes. {text}",
           "not_table": "*On the table:* no; once its effect is applied, the card is discarded.",
           "combat": "*Combat card:* {title}, initiative {init} (see {{ref}}`wotr-battle-combat-card`). {text}",
           "rulings": "*Rulings:* the Event card question (`event-card`) checks this condition against the position "
                      "and the die used; when the position does not say {needs}, it asks for it rather than guess. It "
                      "then says what the card does in that position.",
           "rulings_none": "*Rulings:* the card has no condition, so the Event card question (`event-card`) allows it "
                           "whenever the die fits, and says what it does in the position.",
           "and": " and ",
           "source": "*Source:* the card, as transcribed in two independent public card lists and checked against a "
                     "third (the project's card data); its Event and combat rules: {source}`000`, "
                     "\"Acción de Evento\", \"Resolución de batallas\"."},
    "es": {"facts": "*Nombre en inglés:* {other} (el nombre en español es traducción nuestra) · *Mazo:* {deck}, "
                    "número {n} · *Icono de dado:* {icon}",
           "played": "*Se juega con:* {dice}; véase {{ref}}`wotr-event-cards`.",
           "if": "*Se juega si:* {text}",
           "if_none": "*Se juega si:* sin condición: puede jugarse siempre que el dado sirva.",
           "does": "*Qué hace:* {text}",
           "table": "*En la mesa:* sí. {text} Si su condición deja de cumplirse, se descarta en el acto.",
           "table_nocond": "*En la mesa:* sí. {text}",
           "not_table": "*En la mesa:* no; aplicado su efecto, la carta se descarta.",
           "combat": "*Carta de combate:* {title} (traducción nuestra; en inglés, {title_en}), iniciativa {init} "
                     "(véase {{ref}}`wotr-battle-combat-card`). {text}",
           "rulings": "*Decisiones:* la pregunta de carta de Evento (`event-card`) comprueba esta condición con la "
                      "posición y el dado usado; si la posición no dice {needs}, lo pide en vez de suponerlo. Después "
                      "dice qué hace la carta en esa posición.",
           "rulings_none": "*Decisiones:* la carta no tiene condición, así que la pregunta de carta de Evento "
                           "(`event-card`) la permite siempre que el dado sirva, y dice qué hace en la posición.",
           "and": " y ",
           "source": "*Fuente:* la carta, según dos listas públicas de cartas independientes y cotejada con una "
                     "tercera (los datos de cartas del proyecto); sus reglas de Evento y de combate: {source}`000`, "
                     "\"Acción de Evento\", \"Resolución de batallas\"."},
}
PAGE_SOURCE = W["en"]["source"].replace("the card, as", "the cards, as").replace("its Event", "their Event")
PAGE_SOURCE_ES = W["es"]["source"].replace("la carta, según", "las cartas, según").replace(
    "y cotejada", "y cotejadas").replace("sus reglas", "sus reglas")


def load(name: str) -> dict:
    return json.loads((DATA / f"{name}.json").read_text(encoding="utf-8"))


def condition_types(cond: dict | None) -> list[str]:
    """The condition types a condition tree is made of, in order, without the connectives."""
    if not cond:
        return []
    if cond["type"] in ("all_of", "any_of"):
        return [t for c in cond["conditions"] for t in condition_types(c)]
    if cond["type"] == "not":
        return condition_types(cond["condition"])
    return [cond["type"]]


def needs_text(card: dict, lang: str) -> str:
    seen: list[str] = []
    for kind in condition_types(card["event"]["play_if"]):
        text = NEEDS[kind][0 if lang == "en" else 1]
        if text not in seen:
            seen.append(text)
    if len(seen) > 1:
        return ", ".join(seen[:-1]) + W[lang]["and"] + seen[-1]
    return seen[0]


def paragraphs(card: dict, words: dict, combat_es: dict, spanish: dict, lang: str) -> list[str]:
    """The section's paragraphs in ``lang`` (the note's text last, marked by a leading '!')."""
    w = W[lang]
    key = (card["side"], card["deck"])
    es = spanish[card["id"]]
    other = es["name"] if lang == "en" else card["name_en"]
    dice = PLAYED_WITH[lang][card["play_with"]] + (WILL[lang] if card["side"] == "free-peoples" else "")
    icon = ICON[lang][card["play_with"]]
    facts = w["facts"].format(other=other, deck=DECK[lang][key], n=card["collector"], icon=icon)
    out = [facts, w["played"].format(dice=dice)]
    cond = words.get("play_if")
    out.append(w["if"].format(text=after_colon(cond[lang], lang)) if cond else w["if_none"])
    out.append(w["does"].format(text=effect_text(card["id"], lang)))
    if card["event"]["on_table"]:
        out.append(w["table" if cond else "table_nocond"].format(text=words["table"][lang]))
    else:
        out.append(w["not_table"])
    combat = card["combat"]
    init = combat.get("initiative_printed", combat["initiative"])
    if lang == "en":
        out.append(w["combat"].format(title=combat["title_en"], init=init, text=combat_text(card["id"], "en")))
    else:
        out.append(w["combat"].format(title=es["title"], title_en=combat["title_en"], init=init,
                                      text=combat_es[combat["title_en"]]["es"]))
    out.append(w["rulings"].format(needs=needs_text(card, lang)) if cond else w["rulings_none"])
    out.append(w["source"])
    if "note" in words:
        out.append("!" + words["note"][lang])
    return out


def section_md(card: dict, en: list[str]) -> str:
    lines = [f"({'wotr-card-' + card['id']})=", f"## {card['name_en']}", ""]
    note = [p for p in en if p.startswith("!")]
    body = [p for p in en if not p.startswith("!")]
    for p in body[:-1]:
        lines += [p, ""]
    if note:
        lines += ["```{note}", note[0][1:], "```", ""]
    lines += [body[-1], ""]
    return "\n".join(lines)


def write_pages() -> dict[str, dict[str, str]]:
    """Write the pages; return page -> {English paragraph: its Spanish}."""
    cards = load("event_cards")["cards"]
    text = load("event_cards_text")
    spanish = load("event_cards_es")["cards"]
    rules = load("rules")["rules"]
    out: dict[str, dict[str, str]] = {}
    for key, page in PAGES.items():
        path = DOCS / f"{page}.md"
        old = path.read_text(encoding="utf-8")
        head = old.split("\n(wotr-card-", 1)[0].rstrip("\n")
        head = re.sub(r"\n\*Source:\*.*", "", head).rstrip("\n") + "\n\n" + PAGE_SOURCE + "\n"
        parts = [head]
        pairs = out.setdefault(page, {PAGE_SOURCE: PAGE_SOURCE_ES})
        for card in (c for c in cards if (c["side"], c["deck"]) == key):
            words = text["cards"][card["id"]]
            en = paragraphs(card, words, text["combat"], spanish, "en")
            es = paragraphs(card, words, text["combat"], spanish, "es")
            pairs.update({a.lstrip("!"): b.lstrip("!") for a, b in zip(en, es, strict=True)})
            pairs[card["name_en"]] = rules[f"wotr-card-{card['id']}"]["title"]["es"]
            parts.append(section_md(card, en))
        path.write_text("\n".join(parts).rstrip("\n") + "\n", encoding="utf-8")
    return out


def fill_catalogues(pairs: dict[str, dict[str, str]]) -> list[str]:
    """Put our Spanish into each page's catalogue; return the English messages left without it."""
    missing = []
    for page, mapping in pairs.items():
        path = LOCALE / f"{page}.po"
        with path.open("rb") as fh:
            catalog = pofile.read_po(fh)
        for message in catalog:
            if not message.id:
                continue
            if message.id in mapping:
                message.string = mapping[message.id]
                message.flags.discard("fuzzy")
                message.previous_id = []
            elif not message.string or "fuzzy" in message.flags:
                missing.append(f"{page}: {message.id[:60]}")
        with path.open("wb") as fh:
            pofile.write_po(fh, catalog, width=79, omit_header=False, no_location=True)
        path.write_text(path.read_text(encoding="utf-8").rstrip("\n") + "\n", encoding="utf-8")  # as update_catalogues
    return missing


def main() -> int:
    pairs = write_pages()
    subprocess.run([sys.executable, str(ROOT / "tools" / "update_catalogues.py")], check=True)
    missing = fill_catalogues(pairs)
    for line in missing:
        print("untranslated:", line)
    return 1 if missing else 0


if __name__ == "__main__":
    raise SystemExit(main())
