"""Event cards named in a query: their names in both languages and the card a query about
playing one names."""
from __future__ import annotations

import re
from functools import cache
from typing import Any

from adjudicator.search.analysis import fold
from adjudicator.search.situation.lexicon import region_pattern, words_of
from adjudicator.search.situation.words import tables

# Words that ask about playing a card: with them, a card's name in the query asks `event-card`.
PLAYING = re.compile(r"\b(play|plays|played|playing|card|cards|event|jugar|juego|juega|jugarla|jugarse|carta|cartas"
                     r"|evento|jugo|jugue|juegan|juegas|jugamos|jugado|jugada)\b")


# A verb of playing: without one, a card named beside another question's words ("can I still
# recruit") is what happened before the question, not the question.
PLAY_VERB = re.compile(r"\b(play|plays|played|playing|jugar|juego|juega|juegan|juegas|jugue|jugo|jugado|jugada|jugarla"
                       r"|jugarlo|jugarse|usar|use|used|uso)\b")
NOT_A_PLAY = {"muster", "hunt-roll", "hunt-damage", "hunt-casualty"}
# A battle asked of an army a card is named after ("los corsarios de umbar salieron con 4 monos, si
# los ataco": set 64, spent) is the battle, unless the card is said to be one or played.
NOT_A_PLAY_UNLESS_A_CARD = {"battle", "battle-outcome"}
CARD_WORD = re.compile(r"\b(cards?|cartas?|events?|eventos?)\b")
# The articles a card's name may begin with, or be said with as a people's ("los corsarios").
CARD_ARTICLES = ("the", "los", "las", "la", "el")
PEOPLE_ARTICLE = re.compile(r"\b(?:" + "|".join(CARD_ARTICLES) + r")\W+$")


def said_as_a_people(text: str) -> bool:
    """Whether the card's name that ``text`` (folded) says comes with an article, as a people's name
    does ("los corsarios de umbar salieron con 4 monos"), not as a card's title does ("con Corsarios
    de Umbar puedo desembarcar")."""
    pattern, _ids = card_names()
    found = pattern.search(text)
    return found is not None and (PEOPLE_ARTICLE.search(text[:found.start()]) is not None
                                  or found.group(0).split()[0] in CARD_ARTICLES)


def card_names() -> tuple[re.Pattern[str], dict[str, str]]:
    """One pattern for every Event card's name (English and our Spanish, folded, the longest
    first) and the card each folded name is ("" for a name several cards begin with)."""
    pattern, ids, _shared_names = _card_table()
    return pattern, ids


@cache
def _card_table() -> tuple[re.Pattern[str], dict[str, str], dict[str, frozenset[str]]]:
    """:func:`card_names`, and the names several cards begin with, with those cards."""
    from adjudicator import names
    from adjudicator.wotr.cards import catalogue

    ids: dict[str, str] = {}
    shortened: dict[str, set[str]] = {}
    t = tables()
    for cid in catalogue.cards():
        for lang in ("en", "es"):
            name = catalogue.card_name(cid, lang)
            words = words_of(fold(name))
            if words:
                ids.setdefault(" ".join(words), cid)
            # the name before its colon or comma, as players say it: "Grond", "The Ents Awake"
            # (three cards: none named). One word alone only when it is a proper name, the same in
            # both languages ("Grond", "Gwaihir"; not "On" nor "Adelante"), and no figure's
            # ("Éomer" is a leader beside an army)
            first = words_of(fold(re.split(r"[:,]", name)[0]))
            other = words_of(fold(catalogue.card_name(cid, "es" if lang == "en" else "en")))
            # ... and a name of two things before its "and" ("la cota de mithril", "Mithril Coat"),
            # when that part has two telling words
            before_and = words_of(fold(re.split(r"\b(?:and|y)\b", name)[0]))
            if before_and != words and len([w for w in before_and if w not in CARD_STOP and len(w) >= 3]) >= 2:
                shortened.setdefault(" ".join(before_and), set()).add(cid)
            if first and first != words and (len(first) >= 2 or (
                    first[0] in other and first[0] not in t["known"]
                    and names.characters().lookup(first[0]) is None)):
                shortened.setdefault(" ".join(first), set()).add(cid)
                if len(first) >= 3 and first[0] in CARD_ARTICLES:   # "Ents Awake"
                    shortened.setdefault(" ".join(first[1:]), set()).add(cid)
            if len(words) >= 3 and words[0] in CARD_ARTICLES and _telling_name(cid):
                # the whole name without its article, when it has a proper name no figure or word of
                # the game has: "Palantír de Orthanc" (set 63, spent); not "Nazgûl atacan", "Last Battle"
                shortened.setdefault(" ".join(words[1:]), set()).add(cid)
    # ... and the names players give a card, kept in the search's vocabulary as its nicknames
    # ("the paths of the dead" for Dead Men of Dunharrow: sets 54, 59 and 62, spent)
    from adjudicator.search.vocabulary import entries

    by_name = {fold(catalogue.card_name(cid, lang)): cid for cid in catalogue.cards() for lang in ("en", "es")}
    for entry in entries():
        if entry["kind"] == "nickname" and fold(entry["means"]) in by_name:
            for say in entry["say"]:
                if words_of(fold(say)):
                    ids.setdefault(" ".join(words_of(fold(say))), by_name[fold(entry["means"])])
    shared: dict[str, frozenset[str]] = {}
    for said, cids in shortened.items():
        ids.setdefault(said, next(iter(cids)) if len(cids) == 1 else "")
        if len(cids) > 1:
            shared[said] = frozenset(cids)
    keys = sorted(ids, key=len, reverse=True)
    return re.compile(r"\b(?:" + "|".join(map(_said, keys)) + r")\b"), ids, shared


def _telling_name(cid: str) -> bool:
    """Whether the card's name has a proper name that no figure, side or word of the game has
    ("Orthanc" in "The Palantír of Orthanc", "Umbar"; not "Nazgûl", "Shadow", "Fellowship")."""
    t = tables()
    return bool([w for w in _card_words()[cid]["names"] - t["known"] - set(t["sides"])
                 if not t["fellowship"].search(w)])


@cache
def _whole_names() -> dict[str, str]:
    """Each card's whole folded name of two telling words or more, in either language, and the card,
    when the name has a proper name no figure or word of the game has ("Umbar" in "Corsairs of
    Umbar"; not "The Nazgûl Strike!", which is also what a player says of the figures, nor "The
    Shadow is Moving" or "The Breaking of the Fellowship", said of a side or the Fellowship)."""
    from adjudicator.wotr.cards import catalogue

    out: dict[str, str] = {}
    for cid in _card_words():
        if not _telling_name(cid):
            continue
        for lang in ("en", "es"):
            words = words_of(fold(catalogue.card_name(cid, lang)))
            if len([w for w in words if w not in CARD_STOP and len(w) >= 3]) >= 2:
                out.setdefault(" ".join(words), cid)
    return out


def _whole_name(text: str) -> str | None:
    """The card whose whole name (two telling words or more) ``text`` says without a word of
    playing (sets 58 and 59, spent: "con Corsarios de Umbar puedo desembarcar y atacar"), or None."""
    pattern, _ids = card_names()
    whole = _whole_names()
    for found in pattern.finditer(text):
        key = _key_of(found.group(0), whole)
        if key in whole:
            return whole[key]
    return None


def _shared() -> dict[str, frozenset[str]]:
    """The names several cards begin with ("the ents awake"), and those cards."""
    return _card_table()[2]


@cache
def _spoken() -> tuple[tuple[str, re.Pattern[str]], ...]:
    """Each folded name with the pattern it is said by (:func:`_said`), the longest first."""
    _pattern, ids = card_names()
    return tuple((k, re.compile(_said(k))) for k in sorted(ids, key=len, reverse=True))


def _said(name: str) -> str:
    """The pattern of a card's folded name as players say it: a name of two words or more also
    with the final s of its words dropped, as much of Spain and Latin America speaks ("lo ent
    despiertan" for "los ents despiertan", set 37); a one-word name only as it is."""
    words = name.split()
    if len(words) < 2:
        return re.escape(name)
    return " ".join(re.escape(w[:-1]) + "s?" if len(w) > 2 and w.endswith("s") else re.escape(w) for w in words)


def _key_of(said: str, ids: dict[str, str]) -> str:
    """The folded name that ``said`` (matched by :func:`_said`'s pattern) is."""
    if said in ids:
        return said
    return next((k for k, spoken in _spoken() if spoken.fullmatch(said)), said)


# Words of a card's name that tell no card from another.
CARD_STOP = {"the", "of", "and", "los", "las", "la", "el", "de", "del", "y", "en", "are", "is", "on", "in", "to",
             "a", "an", "for", "por", "para", "con", "with", "they", "went", "card", "carta"}


@cache
def _card_words() -> dict[str, dict[str, set[str]]]:
    """Each card's telling words in each language ("dead", "men", "dunharrow"; "muertos",
    "sagrario"), and under "names" the proper names in it: the words the Spanish name, written
    in sentence case, capitalises after its first word ("Ents", "Bárbol")."""
    from adjudicator.wotr.cards import catalogue

    out: dict[str, dict[str, set[str]]] = {}
    for cid in catalogue.cards():
        mine = out.setdefault(cid, {})
        for lang in ("en", "es"):
            mine[lang] = {w for w in words_of(fold(catalogue.card_name(cid, lang)))
                          if w not in CARD_STOP and len(w) >= 3}
        spanish = re.findall(r"\w+", catalogue.card_name(cid, "es"))
        mine["names"] = {fold(w) for w in spanish[1:] if w[:1].isupper() and fold(w) not in CARD_STOP}
    return out


@cache
def _proper_names() -> dict[str, list[str]]:
    """Each card's hyphenated proper name in Spanish ("Ella-Laraña": one name of two words, said
    without the rest of the card's), folded; not a region's, a figure's or the Fellowship's
    name, nor words of the game. (Names of separate capitalised words, "Capitán Negro",
    "Montañas Nubladas", are also things the map or the figures are called: not read alone.)"""
    from adjudicator import names
    from adjudicator.wotr.cards import catalogue

    t = tables()
    out: dict[str, list[str]] = {}
    for cid in catalogue.cards():
        runs = [fold(w).replace("-", " ") for w in re.findall(r"\w+(?:-\w+)+", catalogue.card_name(cid, "es"))
                if w[:1].isupper()]
        runs = [r for r in runs if not region_pattern()[0].fullmatch(r) and names.characters().lookup(r) is None
                and not t["fellowship"].search(r) and not any(w in t["known"] or w in t["sides"] for w in r.split())]
        if runs:
            out[cid] = runs
    return out


def card_named(text: str, tokens: list[str], position: bool = False) -> str | None:
    """The card a query about playing a card names ("can I play challenge of the king"), or None;
    ``""`` when it names a card no more closely than a word several cards share ("la carta de los
    Ents": three cards awake the Ents). With no word of playing, only a card's whole name said
    beside a ``position`` (counted units) is one."""
    if not PLAYING.search(text):
        # beside a position, a card's whole name is the question ("3 regulares en Umbar, ¿con
        # "Corsarios de Umbar" puedo desembarcar?"); alone, it may be a tile's or a rule's word
        return _whole_name(text) if position else None
    pattern, ids = card_names()
    found = pattern.search(text)
    said = set(tokens)
    if found:
        key = _key_of(found.group(0), ids)
        if ids.get(key):
            return ids[key]
        # a name several cards begin with: the one whose other words are said too ("The Ents
        # Awake" with Treebeard named), or "" when none or several are
        every = _card_words()
        begun = set(key.split())
        told = [cid for cid in _shared().get(key, ()) if ((every[cid]["en"] | every[cid]["es"]) - begun) & said]
        return told[0] if len(told) == 1 else ""
    best: list[tuple[int, str]] = []
    for cid, words in _card_words().items():   # half in each language: "los muertos de dunharrow (dead men)"
        en, es = words["en"] & said, words["es"] & said
        shortest = min(len(words["en"]), len(words["es"]))
        # ... and the name both languages share, if it has one, said too: "búsqueda" and "search"
        # are one word translated ("the orcs search" is no Nazgûl Search), "muertos" and
        # "dunharrow" two of one card
        common = words["en"] & words["es"]
        whole = en == words["en"] or es == words["es"] or len(en | es) >= 3 or not common or bool(common & said)
        if (en - words["es"]) and (es - words["en"]) and len(en | es) >= max(2, shortest) and whole:
            best.append((len(en | es), cid))
    best.sort(reverse=True)
    if best and (len(best) == 1 or best[0][0] > best[1][0]):
        return best[0][1]
    # a proper name of two words or more said whole: "Ella-Laraña" is El antro de Ella-Laraña
    named_whole = [cid for cid, phrases in _proper_names().items()
                   if any(re.search(rf"\b{re.escape(p)}\b", text) for p in phrases)]
    if len(named_whole) == 1:
        return named_whole[0]
    # a proper name of the card said with "card": "la carta de los Ents", "the Ents card"
    named = re.search(r"\b(?:card|carta|evento) (?:de|of) (?:los |las |la |el |the )?(\w+)|\b(\w+) (?:card|event)\b",
                      text)
    word = named and (named.group(1) or named.group(2))
    if word:
        t = tables()
        game_word = word in t["known"] or word in t["sides"] or t["fellowship"].fullmatch(word) or \
            region_pattern()[0].fullmatch(word)   # "la carta de la Sombra", "de la Comunidad": no card's own name
        sharing = [] if game_word else [cid for cid, words in _card_words().items() if word in words["names"]]
        if len(sharing) == 1:
            return sharing[0]
        if sharing:
            return ""
    return None


# Drawing Event cards onto a hand (`draw-cards`): "I got 3 event cards and 2 combat cards in hand
# and draw two more", "tengo 5 cartas en la mano y quiero robar otra" (sets 54 and 62, spent).
HAND_SAID = re.compile(r"\b(?:in (?:my |the )?hand|en (?:la |mi )?mano|hand limit|limite de (?:la )?mano"
                       r"|discard down)\b")
# ... not a Hunt tile drawn ("si robo una ficha de caza tengo que descartar una carta de la mano")
NOT_A_CARD_DRAWN = re.compile(r"\b(?:tiles?|fichas?|losetas?|chits?|hunt|caza|caceria|busqueda)\b")
DRAW_SAID = re.compile(r"\b(?:draws?|drawing|drew|robar|robo|roba|robas|roban|robamos|robe)\b"
                       r"(?: (\d|one|two|three|four|another|una|otra|dos|tres|cuatro|un)\b)?")
HAND_COUNT = re.compile(r"\b(\d|one|two|three|four|five|six|una|dos|tres|cuatro|cinco|seis) (?:\w+ ){0,2}?"
                        r"(?:cards?|cartas?)\b")
ONE_MORE = {"another": 1, "otra": 1, "una": 1, "un": 1}


def draw_question(text: str) -> dict[str, Any] | None:
    """The `draw-cards` question ``text`` (folded) asks, with the hand and the draw it says, or None
    when it asks no draw onto a hand. A hand over six before the draw is no hand the game has (the
    form asks), and the cards counted after the draw verb are the draw's, not the hand's."""
    from adjudicator.search.situation.words import number

    draw = DRAW_SAID.search(text)
    if draw is None or not HAND_SAID.search(text) or NOT_A_CARD_DRAWN.search(text):
        return None
    question: dict[str, Any] = {"kind": "draw-cards"}
    held = [number(m.group(1)) for m in HAND_COUNT.finditer(text, 0, draw.start())]
    if held and 0 <= sum(held) <= 6:
        question["hand"] = sum(held)
    if draw.group(1):
        drawn = ONE_MORE.get(draw.group(1)) or number(draw.group(1))
        if 1 <= drawn <= 4:
            question["draw"] = drawn
    return question
