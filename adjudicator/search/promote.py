"""What the query names goes first: a card typed by name, a character coming into play.

The ranking (search/backend.py) scores words; a few questions name what they ask so plainly that
its section belongs first even when the words around the name pull a neighbour above it. Each rule
here moves one hit up, from among the first :data:`CARD_REACH` (a card named in quotes: from wherever
the ranking put it), and only over the sections it says; it never adds a hit the ranking did not find.
"""
from __future__ import annotations

import re
from typing import Any

from adjudicator.search.analysis import fold

CARD_REACH = 5   # a section named by the query is moved first from at most this rank
# Text in double quotes, straight or typographic (single quotes: vocabulary.SINGLE_QUOTED).
DOUBLE_QUOTED = re.compile(r'["“”«»]([^"“”«»]{3,80})["“”«»]')


def typed_card_first(hits: list[Any], query: str, index: Any) -> list[Any]:
    """A card's whole name typed in a longer question ("the orcs' search has some new keyword, how
    does it work") puts the card's section above the rule it belongs to (its parent section), when
    only that rule, or broad sections with sections of their own, were found above it: the card is
    what is asked (sets 33, 35 and 37, where the keyword's section came first). A section of the
    card's own ("cards under The Orcs' Search") or another rule first is left first: the card's
    name is then what the question is about, not what it asks."""
    from adjudicator.search.vocabulary import SINGLE_QUOTED, card_names_typed

    typed = card_names_typed(query)
    if not typed:
        return hits
    quoted = {label for rx in (DOUBLE_QUOTED, SINGLE_QUOTED) for m in rx.finditer(query)
              for label in card_names_typed(m.group(1))}
    # a card's name in quotes is what is asked ('eso de "hay otro camino" cómo funciona', where
    # 'camino' pulls the card game's path above it: set 64, spent), wherever the ranking put it
    named = next((i for i, hit in enumerate(hits) if hit.label in quoted), None)
    if named:
        return [hits[named], *hits[:named], *hits[named + 1:]]
    for i, hit in enumerate(hits[:CARD_REACH]):
        if hit.label in typed:
            docnum = index.index.by_label.get(hit.label)
            above = {index.index.docs[a]["label"] for a in index.index.ancestors.get(docnum, ())}
            broad = _chapters(index) if i else set()
            if i and all(h.label in above or h.label in broad for h in hits[:i]):
                return [hit, *hits[:i], *hits[i + 1:]]
            return hits
    return hits


# The characters a die or a condition brings into play, as players name them (folded), and the
# section that says how; the words that ask when, where or how one comes in.
ENTERING = (("wotr-char-aragorn-enter",
             re.compile(r"\b(aragorn|strider|trancos|heir to isildur|heredero de isildur)\b")),
            ("wotr-char-gandalf-white-enter", re.compile(r"\bgandalf (?:the |el )?(?:white|blanco)\b")),
            ("wotr-char-saruman-enter", re.compile(r"\bsaruman\b")),
            ("wotr-char-witch-king-enter", re.compile(r"\b(witch ?king|rey brujo)\b")),
            ("wotr-char-mouth-enter", re.compile(r"\b(mouth of sauron|boca de sauron)\b")))
COMES_IN = re.compile(r"\b(into play|en juego|comes? in|appears?|aparece\w*|sale|salen|sacar|saco|sacarlo|poner"
                      r"|pone|pongo|ponerlo|bring|brought|crown\w*|coronar\w*|become|becomes|volverse|convertirse"
                      r"|se convierte|turns? into|requirements?|requisitos?|prerequisites?|comes? out|coming out)\b"
                      # entering alone, not entering a place ("puede entrar en un baluarte" is a move)
                      r"|\b(?:enters?|entering|entra|entrar)\b(?!\W+(?:en|a|al|in|into|to)\b)")


def entering_first(hits: list[Any], query: str) -> list[Any]:
    """A question of when, where or how one character comes into play ("¿En qué momento puede entrar
    la Boca de Sauron?", "where must Strider be to become Aragorn") gets the section on bringing
    that character in first, above the character's other sections and the general rule, when the
    search found it among the first few (sets 34, 35, 37, 38 and 40: the character's own section,
    or how it moves, came first)."""
    text = fold(query)
    named = _one_named(text, COMES_IN, ENTERING)
    if named is None:
        return hits
    who = named[0].removeprefix("wotr-char-").removesuffix("-enter").split("-")[0]
    return _first_over(hits, named[0], lambda label: label == "wotr-char-enter" or who in label)


def _one_named(text: str, asked: re.Pattern[str], names: tuple[tuple[str, re.Pattern[str]], ...]) -> list[str] | None:
    """The one section of ``names`` whose figure ``text`` names, in a list, when ``asked`` is said
    too; None when it is not, or when no figure or several are named."""
    if not asked.search(text):
        return None
    named = [label for label, said in names if said.search(text)]
    return named if len(named) == 1 else None


def _first_over(hits: list[Any], label: str, passes: Any) -> list[Any]:
    """``hits`` with ``label`` first when it is among the first :data:`CARD_REACH` and every hit
    above it is one ``passes`` says it may go over; otherwise ``hits`` unchanged."""
    for i, hit in enumerate(hits[:CARD_REACH]):
        if hit.label == label:
            if i and all(passes(h.label) for h in hits[:i]):
                return [hit, *hits[:i], *hits[i + 1:]]
            return hits
    return hits


# The Companions who can guide the Fellowship with an ability of their own, as players name them
# (folded), and its section; the words that say a guide.
GUIDES = (("wotr-char-gandalf-grey-guide", re.compile(r"\bgandalf(?! (?:the |el )?(?:white|blanco))")),
          ("wotr-char-strider-guide", re.compile(r"\b(strider|trancos)\b")),
          ("wotr-char-hobbit-guide", re.compile(r"\b(merry|pippin|meriadoc|peregrin)\b")),
          ("wotr-char-gollum-guide", re.compile(r"\bgollum\b")))
GUIDE = re.compile(r"\b(guides?|guiding|guia|guias)\b")
# one guide put in another's place: the question of changing the Guide, not of one guide's ability
SWITCH = re.compile(r"\b(instead|switch\w*|swap\w*|chang\w*|replac\w*|en vez|en lugar|cambi\w*|sustitu\w*"
                    r"|reemplaz\w*)\b")
# the Guide at the start of the game is the setup's question ("¿Gandalf el Gris empieza siendo el Guía?")
AT_START = re.compile(r"\b(start\w*|begin\w*|set ?up|first turn|empiez\w*|empezar|comienz\w*|inicio|principio"
                      r"|primer turno)\b")


def guide_first(hits: list[Any], query: str) -> list[Any]:
    """A question of what one Companion does as the Guide ("If Strider is the guide, what is his
    special ability exactly") gets that Companion's Guide section first, above the general rules on
    the Guide and the other guides' sections (and the Guide at setup, unless the question says the
    start), when the search found it among the first few (set 45: "Changing the Guide" and "Guide
    abilities" came first)."""
    text = fold(query)
    if not GUIDE.search(text):
        return hits
    said = sorted((m.start(), label) for label, pattern in GUIDES for m in pattern.finditer(text))
    if not said:
        return hits
    if len({label for _at, label in said}) > 1 and SWITCH.search(text):
        return hits   # one guide instead of another ("make strider guide instead of gandalf"): changing the Guide
    named = [said[0][1]]   # several compared ("Strider as guide ... and Gandalf as guide?"): the first named
    at_start = AT_START.search(text) is not None
    return _first_over(hits, named[0], lambda label: "guide" in label and not (at_start and "setup" in label))


# The card game's scenarios for a number of players, and how a question says that number (folded):
# "3 players", "a 3 jugadores", "jugando de 3", "somos 3", "three-player".
SCENARIO_FOR = {"two": "wotrcg-scenario-two-player-duel", "three": "wotrcg-scenario-three-player-duel"}
PLAYERS_SAID = re.compile(r"\b(?:(2|3|two|three|dos|tres) ?(?:players?|p|jugadores)"
                          # "a 3 jugadores", "jugando de 3 en el card game", "somos 3 cuates" (not "de 3 cartas")
                          r"|(?:a|de|con|somos|jugando de|playing with) (2|3|dos|tres)(?= (?:jugadores|players|cuates"
                          r"|amigos|personas|people|en|in|on)\b| ?[,?.!]|$)"
                          r"|(two|three)[ -]player)\b")
NUMBER = {"2": "two", "dos": "two", "two": "two", "3": "three", "tres": "three", "three": "three"}
# who plays what: the sections a player-count scenario goes above
WHO_PLAYS = frozenset({"wotrcg-factions", "wotrcg-setup", "wotrcg-turn-order", "wotrcg-scenarios",
                       "wotrcg-scenario-trilogy"})


def players_scenario_first(hits: list[Any], query: str, about_card_game: bool) -> list[Any]:
    """A card-game question that says how many play ("3 player card game who controls which
    faction", "a 3 jugadores en el de cartas quien lleva que faccion") gets the scenario for that
    many first, above the general sections on factions, setup and turn order, when the search found
    it among the first three (sets 38, 41, 43 and 45: "Factions and the players' decks" came first)."""
    said = PLAYERS_SAID.search(fold(query)) if about_card_game else None
    if not said or not hits:
        return hits
    label = SCENARIO_FOR.get(NUMBER.get(next(g for g in said.groups() if g), ""))
    for i, hit in enumerate(hits[:3]):
        if hit.label == label:
            if i and all(h.label in WHO_PLAYS for h in hits[:i]):
                return [hit, *hits[:i], *hits[i + 1:]]
            return hits
    return hits


# The sections said once for each side ("Elven Rings and the Shadow", "... and the Free Peoples"),
# and the words that name a side (folded).
SIDED = ("wotr-elven-rings", "wotr-victory-military", "wotr-victory-ring")
SIDE_WORDS = {"shadow": re.compile(r"\b(shadow|sombra|sauron)\b"),
              "free-peoples": re.compile(r"\b(free peoples?|pueblos libres|fp|fps)\b")}


def side_first(hits: list[Any], query: str) -> list[Any]:
    """A question that names one side only ("si los pueblos libres cambian un dado con el anillo
    puede salir ojo?", "corruption hits 12, shadow wins straight away?") gets that side's section
    first when the other side's came first and this one is among the first three (sets 44 to 47:
    the other side's section, whose text says the same words, came first)."""
    if not hits:
        return hits
    text = fold(query)
    named = [side for side, said in SIDE_WORDS.items() if said.search(text)]
    top = hits[0].label
    for base in SIDED:
        for side, other in (("shadow", "free-peoples"), ("free-peoples", "shadow")):
            if named == [side] and top == f"{base}-{other}":
                for i, hit in enumerate(hits[1:3], 1):
                    if hit.label == f"{base}-{side}":
                        return [hit, *hits[:i], *hits[i + 1:]]
    return hits


def _chapters(index: Any) -> set[str]:
    """The labels of the sections that have sections of their own under them ("Encounter keywords",
    "Scour"): a broad section, which a card's own name typed in the query outranks."""
    return {index.index.docs[a]["label"] for chain in index.index.ancestors.values() for a in chain}


def named_card_first(hits: list[Any], ask: dict[str, Any] | None) -> list[Any]:
    """A question about playing an Event card it names ("wormtongue card - does it push rohan down
    the political track") gets the card's own section first, when the search found it: the rule
    words around the name are what the card does (measured: of the 26 stored queries that name a
    card, the 23 answerable ones all have the card's section as their best label)."""
    question = ask["scenario"]["question"] if ask and ask["kind"] == "event-card" else {}
    card = question.get("card")
    if not card:
        return hits
    from adjudicator.wotr.cards import catalogue

    found = catalogue.find_card(card)
    if found is None:
        return hits
    label = f"wotr-card-{found}"
    mine = [h for h in hits if h.label == label]
    return mine + [h for h in hits if h.label != label]


# A question of what a thing is for ("what is the reserve for", "¿para qué sirve la reserva?"), folded,
# apostrophes dropped ("what's" is "whats", "pa'" is "pa").
PURPOSE = re.compile(r"\b(?:what(?: is|s| are|re) (?:the |a |an |those |these )?(?:\w+ ){1,3}(?:for|good for)"
                     r"(?=\s*(?:$|[,?.!;:]|in\b|and\b|exactly\b|anyway\b|then\b))"
                     r"|(?:para|pa) (?:que|q) (?:sirve|sirven|es|son)\b|de que sirve\w*"
                     r"|what(?:s| is) the point of)")


def purpose_first(hits: list[Any], query: str, index: Any) -> list[Any]:
    """A question of what a thing is for ("what is the reserve for in the card game and can I play
    cards out of it later") gets the chapter on that thing first, when the section first is one of
    its own and the chapter was found among the first three: what it is for is the chapter's opening,
    not one of its details (sets 30, 32, 34, 36 and 43, where "No way back to the hand" came first)."""
    if not hits or not PURPOSE.search(fold(query).replace("’", "").replace("'", "")):
        return hits
    docs = index.index.docs
    parents = {docs[a]["label"] for a in index.index.ancestors.get(index.index.by_label.get(hits[0].label), ())}
    for i, hit in enumerate(hits[1:3], 1):
        if hit.label in parents:
            return [hit, *hits[:i], *hits[i + 1:]]
    return hits


# Where a card of the card game may be played ("can i play my character cards onto a battleground
# or only onto paths", "puedo jugar un ejército en un camino"): the section on playing that kind of
# card (sets 46 to 51, spent: the rules of the place it goes to came first). Folded.
PLAY_VERB = re.compile(r"\b(play|plays|playing|played|put|place|jugar|juego(?! de (?:cartas|la guerra))|juegas"
                       r"|juega|juegan|poner|pongo|pones|pone|meter|meto|bajar)\b")
PLAY_PLACE = re.compile(r"\b(paths?|battlegrounds?|caminos?|campos? de batalla|sendas?)\b")
MOVED = re.compile(r"\b(mov\w*|muev\w*)\b")
CARD_KINDS = (("wotrcg-play-character", re.compile(r"\b(characters?|personajes?)\b")),
              ("wotrcg-play-army", re.compile(r"\b(armies|army|ejercitos?)\b")),
              ("wotrcg-play-event", re.compile(r"\b(events?|eventos?)\b")))


def play_where_first(hits: list[Any], query: str, about_card_game: bool) -> list[Any]:
    """A card-game question of where one kind of card is played gets the section on playing that
    kind first, over the card game's other sections, when the search found it among the first few."""
    text = fold(query)
    if not about_card_game or not PLAY_PLACE.search(text) or MOVED.search(text):
        return hits   # "played to a path and then moved to a battleground": the move's rule
    named = _one_named(text, PLAY_VERB, CARD_KINDS)
    if named is None:
        return hits
    return _first_over(hits, named[0], lambda label: label.startswith("wotrcg-"))
