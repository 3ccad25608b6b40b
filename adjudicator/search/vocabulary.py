"""The table's vocabulary: the words players use for the game's terms, read as the reference's.

``data/search_vocabulary.json`` lists, per language, phrases players write ("wraiths",
"jinetes negros", "dormida", "the hobbits") and the reference's words each stands for
("Nazgûl", "pasiva", "Ring-bearers"). :func:`read_vocabulary` rewrites a query with them
before it is searched: the reference's words are added after a phrase whose words the
reference uses itself ("hobbits" keeps its own weight and adds "Ring-bearers"), and take the
place of a phrase it never uses ("castle" only weighs as an unknown word, "Stronghold" as
the rule's), or always when the entry says ``replace`` ("the hobbits" are the Ring-bearers,
not the Hobbit Companions). The longest phrase wins where two overlap ("salir a pegar" over
"pegar"). A card's name (an Event card, a combat card, an LCG objective) of two words or more, in
either language, is read as typed: "The Orcs' Search" keeps its orcs, "Dead Men of Dunharrow"
its men, though "orcs" and "men" are the table's words for units.
"""
from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path

from adjudicator import data
from adjudicator.search.analysis import fold

VOCABULARY_FILE = Path(__file__).parents[1] / "data" / "search_vocabulary.json"


def _key(say: str) -> str:
    """A player's phrase as the vocabulary looks it up: folded, its words one space apart."""
    return " ".join(re.findall(r"\w+", fold(say)))


@cache
def _table(path: Path = VOCABULARY_FILE) -> dict[str, tuple[re.Pattern[str] | None, dict[str, tuple[str, bool]]]]:
    """Per language: one pattern of every phrase (folded, longest first) and each phrase's
    meaning, with whether it always replaces the phrase."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        data = {"entries": []}
    out: dict[str, tuple[re.Pattern[str] | None, dict[str, tuple[str, bool]]]] = {}
    by_lang: dict[str, dict[str, tuple[str, bool]]] = {}
    for entry in data["entries"]:
        for say in entry["say"]:
            key = _key(say)
            if key:
                by_lang.setdefault(entry["lang"], {}).setdefault(key, (entry["means"], bool(entry.get("replace"))))
    headings = _headings()
    for lang, means in by_lang.items():
        pattern = _pattern(means)
        for heading in headings:
            if heading not in means and pattern.search(heading):
                means[heading] = (heading, True)
        out[lang] = (_pattern(means), means)
    return out


# Spanish diminutives, as the table says them ("las fichitas", "el muñequito", "solitos"):
# the ending and what it comes from, most specific first.
DIMINUTIVES = (("quito", "co"), ("quita", "ca"), ("guito", "go"), ("guita", "ga"), ("cito", ""), ("cita", ""),
               ("cito", "e"), ("cita", "e"), ("ito", "o"), ("ita", "a"),
               # Murcian and Andalusian "-ico" ("los fantasmicas": set 51, spent); stressed on its "i", so a
               # word with an accent before it ("mágico", "típico", "cómico") is none, nor a short one
               # typed without ("magico", "medico", "perico"): their "mago", "medo", "pero" are other words
               ("ico", "o"), ("ica", "a"),
               # Asturian and Extremaduran "-ín", "-ino", "-ina" ("el dadín", "los muñequinos", "la
               # fichina": set 57, spent); a word the reference knows as it is ("camino") is left alone
               ("quín", "co"), ("quino", "co"), ("quina", "ca"), ("ín", "o"), ("ino", "o"), ("ina", "a"))
ACCENTED = re.compile(r"[áéíóú]", re.IGNORECASE)
DIMINUTIVE_WORD = re.compile(r"\b(\w{2,}?)(" + "|".join(sorted({e for e, _b in DIMINUTIVES}, key=len, reverse=True))
                             + r")(s?)\b", re.IGNORECASE)


def _undiminished(text: str, known: Callable[[str], bool]) -> str:
    """``text`` with each diminutive the reference does not know read as the word it comes from,
    when that word is known ("fichitas" -> "fichas", "muñequito" -> "muñeco", "dadito" ->
    "dado"); a word known as it is ("casilla", "cita", "bonito") is left alone."""
    def base(m: re.Match[str]) -> str:
        whole = m.group(0)
        if known(fold(whole)):
            return whole
        stem, ending, plural = m.group(1), m.group(2).lower(), m.group(3)
        if ending in ("ico", "ica") and (ACCENTED.search(stem) or len(stem) < 4):
            return whole   # "mágico", "típica", "médico", "perico": adjectives and nouns, no "-ico" diminutive
        for end, becomes in DIMINUTIVES:
            if end == ending:
                word = stem + becomes + plural
                if len(word) >= 3 and known(fold(word)):
                    return word
        return whole
    return DIMINUTIVE_WORD.sub(base, text)


def _pattern(means: dict[str, tuple[str, bool]]) -> re.Pattern[str]:
    phrases = sorted(means, key=len, reverse=True)
    return re.compile(r"(?<!\w)(?:" + "|".join(r"\W+".join(map(re.escape, p.split())) for p in phrases) + r")(?!\w)")


ARTICLES = frozenset({"the", "a", "an", "el", "la", "los", "las", "un", "una"})


# The sections whose heading is a card's name: the Event cards, the combat cards (not the
# rules about them), the LCG objective The Orcs' Search.
NAMED = ("wotr-card-", "wotr-combat-", "lcg-orcs-search")
NOT_NAMED = ("wotr-combat-cards",)


def _headings() -> set[str]:
    """Every card's name of two words or more (either language), folded, with and without a
    leading article: the names the vocabulary leaves as typed."""
    out = set()
    for label, rule in data.rules().items():
        if not label.startswith(NAMED) or label.startswith(NOT_NAMED):
            continue
        for title in rule["title"].values():
            words = re.findall(r"\w+", fold(title))
            for start in (0, 1) if words and words[0] in ARTICLES else (0,):
                if len(words) - start >= 2:
                    out.add(" ".join(words[start:]))
    return out


@cache
def _card_headings() -> tuple[tuple[re.Pattern[str], str], ...]:
    """Each card section's name of two words or more (either language, folded, with or without its
    leading article, each word's final s optional as those who drop it say it), and its label."""
    out = []
    for label, rule in data.rules().items():
        if not label.startswith(NAMED) or label.startswith(NOT_NAMED):
            continue
        for title in rule["title"].values():
            words = re.findall(r"\w+", fold(title))
            if words and words[0] in ARTICLES:
                words = words[1:]
            if len(words) >= 2:
                said = r"\W+".join(re.escape(w[:-1]) + "s?" if len(w) > 2 and w.endswith("s") else re.escape(w)
                                   for w in words)
                out.append((re.compile(rf"(?<!\w){said}(?!\w)"), label))
    return tuple(out)


def card_names_typed(query: str) -> set[str]:
    """The labels of the cards whose whole name ``query`` has ("the orcs' search has some new keyword")."""
    folded = fold(query)
    return {label for pattern, label in _card_headings() if pattern.search(folded)}


# The numbers of players, as the card game's scenarios are named ("The Three-Player Duel"): a digit
# typed before the players ("3 players", "a 4 jugadores") is read as its word too. Only there: a
# die's number ("hits on 6") is no heading's word ("Hand limit of six cards").
NUMBER_WORDS = {
    "en": ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"),
    "es": ("cero", "uno", "dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho", "nueve", "diez"),
}
# "4p" only glued to its digit: "hits on 6 p" is a die's 6 and a stray letter
DIGIT = re.compile(r"(?<![\w.,+-])(\d{1,2})(?=(?:\W*(?:players?|jugadores|jugador)|p)\b)", re.IGNORECASE)


def read_numbers(text: str, lang: str) -> str:
    """``text`` with a number of players typed as a digit followed by its word ("3 players" ->
    "3 three players"): a heading says "three", a player types "3" (sets 29, 30, 34, 37, 38 and 41:
    the card game's Three-Player Duel asked as "3 players")."""
    words = NUMBER_WORDS.get(lang)
    if not words:
        return text
    def said(m: re.Match[str]) -> str:
        n = int(m.group(1))
        if n >= len(words):
            return m.group(1)
        glued = m.end() < len(text) and text[m.end()].isalnum()   # "4p": "4 four p"
        return f"{m.group(1)} {words[n]}" + (" " if glued else "")
    return DIGIT.sub(said, text)


def entries(path: Path = VOCABULARY_FILE) -> list[dict]:
    """The vocabulary's entries as the data file has them."""
    return json.loads(path.read_text(encoding="utf-8"))["entries"]


# Spanish articles ("a" is a preposition there: "pega a 5" is a phrase of its own).
SPANISH_ARTICLES = frozenset({"el", "la", "los", "las", "un", "una", "unos", "unas"})


@cache
def _contexts(path: Path = VOCABULARY_FILE) -> dict[tuple[str, str], tuple[bool, frozenset[str], bool]]:
    """Per language and phrase, where an entry says so: whether it is read only at the end of a
    clause (``"at_end"``: the Trinidadian tag "ent?", not "an Ent"), the next words before which
    it is not read (``"not_before"``: Doric "fit" is "what", but units "fit in" a region), and
    whether it is not read before a word that starts with a vowel (``"not_before_vowel"``: Cajun
    "an" is "and" in "2 elites an a leader", the article in "an elite")."""
    out: dict[tuple[str, str], tuple[bool, frozenset[str], bool]] = {}
    for entry in (entries(path) if path.exists() else []):
        if entry.get("at_end") or entry.get("not_before") or entry.get("not_before_vowel"):
            for say in entry["say"]:
                out[(entry["lang"], _key(say))] = (bool(entry.get("at_end")), frozenset(entry.get("not_before", ())),
                                                   bool(entry.get("not_before_vowel")))
    return out


def _not_read_here(key: str, lang: str, folded: str, end: int) -> bool:
    """Whether the phrase ``key``, ending at ``end`` of ``folded``, is not the entry's phrase
    there: an article before a noun (below), or out of the context its entry says."""
    return _article_before_a_word(key, lang, folded, end) or _out_of_context(key, lang, folded, end)


def _out_of_context(key: str, lang: str, folded: str, end: int) -> bool:
    """Whether a word follows the phrase ``key`` (ending at ``end`` of ``folded``) where its entry
    is read only at a clause's end, or the word is one its entry is not read before."""
    at_end, not_before, not_before_vowel = _contexts().get((lang, key), (False, frozenset(), False))
    after = re.match(r"[^\w.,;:!?()]*(\w+)", folded[end:])
    if after is None:
        return not_before_vowel   # "an" ending the query is no "and"
    return at_end or after.group(1) in not_before or (not_before_vowel and after.group(1)[0] in "aeiou"
                                                                  and after.group(1) not in ("a", "an"))


def _article_before_a_word(key: str, lang: str, folded: str, end: int) -> bool:
    """Whether the phrase ``key``, ending at ``end`` of ``folded``, ends in an article that a noun
    follows: "de una" is "at once" at the end of a clause, but "de una región" is "of a region".
    Only in Spanish: an English phrase that ends in "the" ("o the", Scots) always has a noun after."""
    if lang != "es" or key.split()[-1] not in SPANISH_ARTICLES:
        return False
    return re.match(r"[^\w.,;:!?()]*\w", folded[end:]) is not None


@cache
def _respellings(path: Path = VOCABULARY_FILE) -> dict[str, tuple[re.Pattern[str], dict[str, str]]]:
    """Per language: the pattern of every respelling (a dialect's spelling of a common word, "di"
    for "the") and the word each stands for."""
    by_lang: dict[str, dict[str, str]] = {}
    for entry in (e for e in (entries(path) if path.exists() else []) if e["kind"] == "respelling"):
        for say in entry["say"]:
            by_lang.setdefault(entry["lang"], {})[_key(say)] = entry["means"]
    return {lang: (_pattern(dict.fromkeys(words, ("", True))), words) for lang, words in by_lang.items()}


# Andalusian and Canarian speech drops a word's final s, and players write an apostrophe in its
# place ("cuánta' unidade' caben", "lo' orco'": sets 40 and 55, spent): read the s back. Only
# after a letter that is not already an s ("The Orcs' Search" keeps its name).
DROPPED_S = re.compile(r"(?<=[^\W\d_sS])['’](?=[\s,.;:!?)]|$)")


# A span in single quotes, only where no letter touches a quote from outside ("the Ents' rage" has an
# apostrophe): its closing quote is no dropped s ("eso de 'hay otro camino'"), and a card named in it
# is the card asked about (promote.py).
SINGLE_QUOTED = re.compile(r"(?<!\w)['‘]([^'‘’\n]{3,80}?)['’](?!\w)")


def with_final_s(text: str, lang: str) -> str:
    """``text`` with each final s a Spanish speaker dropped and wrote as an apostrophe read back;
    text in single quotes keeps its quotes (as double ones, the same length)."""
    if lang != "es":
        return text
    return DROPPED_S.sub("s", SINGLE_QUOTED.sub(lambda m: f"“{m.group(1)}”", text))


# An English "-ing" typed without its g, as many dialects say it ("sittin", "attackin'", "movin"):
# about a hundred of the stored questions have one (Appalachian, Southern, Cajun, Newfoundland...).
DROPPED_G = re.compile(r"\b([A-Za-z]{2,}in)\b")
# English words and names of their own in "-in", whose "-ing" the index may know by its stem ("thin",
# "basin", "robin"): never read as a dropped g.
OWN_IN = frozenset({"thin", "basin", "robin", "cabin", "margin", "origin", "raisin", "muffin", "cousin", "violin",
                    "penguin", "pumpkin", "napkin", "coffin", "goblin", "griffin", "begin", "within", "again",
                    "cumin", "resin", "satin", "latin", "darin", "marin", "merlin", "elvin", "kevin", "austin",
                    "dublin", "berlin", "martin", "justin", "dustin", "colin", "erin", "robbin", "bobbin",
                    "hollin", "thorin", "tolkien", "akin", "skin", "twin", "chin", "grin", "spin", "main", "gain",
                    "pain", "rain", "plain", "train", "chain", "brain", "grain", "drain", "stain", "domain",
                    "terrain", "captain", "certain", "curtain", "fountain", "mountain", "villain", "bargain"})


def with_final_g(text: str, lang: str, known: Callable[[str], bool], read: Callable[[str], bool]) -> str:
    """``text`` with each English word that dropped the g of its "-ing" read with it: only a word
    the reference does not know as typed ("cousin", "Hollin" are words of their own) whose "-ing"
    it knows, and no word of a player's phrase (``read``: "fechtin" is its own entry)."""
    if lang != "en":
        return text

    def fixed(m: re.Match[str]) -> str:
        word = m.group(1)
        low = word.lower()
        return word + "g" if low not in OWN_IN and not known(low) and not read(low) and known(low + "g") else word
    return DROPPED_G.sub(fixed, text)


def respelt(text: str, lang: str) -> str:
    """``text`` with each dialect spelling of a common word as the word ("inna di city" -> "in the
    city"): what the reader of a described position reads (the search reads the whole vocabulary)."""
    text = with_final_s(text, lang)
    pattern, words = _respellings().get(lang, (None, {}))
    if pattern is None:
        return text
    folded = fold(text)
    if len(folded) != len(text):
        return text   # folding changed the length (a rare letter): positions would not match
    parts, out, cursor = _split(pattern, folded, text), [], 0
    for i, part in enumerate(parts):
        cursor += len(part)
        key = " ".join(re.findall(r"\w+", part))
        out.append(words.get(key, part) if i % 2 and not _out_of_context(key, lang, folded, cursor) else part)
    return "".join(out)


def _split(pattern: re.Pattern[str], folded: str, text: str) -> list[str]:
    """``text`` cut where ``pattern`` matches ``folded``: text, match (folded), text, match, ..."""
    out, cursor = [], 0
    for m in pattern.finditer(folded):
        out += [text[cursor:m.start()], m.group(0)]
        cursor = m.end()
    return [*out, text[cursor:]]


@cache
def _game_words(path: Path = VOCABULARY_FILE) -> dict[str, re.Pattern[str]]:
    """Per language: the pattern of the phrases that stand for a word of the game (not the fillers,
    which mean nothing, nor the respellings of common words)."""
    by_lang: dict[str, dict[str, tuple[str, bool]]] = {}
    for entry in (entries(path) if path.exists() else []):
        if entry["kind"] not in ("filler", "respelling"):
            for say in entry["say"]:
                if _key(say):
                    by_lang.setdefault(entry["lang"], {})[_key(say)] = ("", True)
    return {lang: _pattern(keys) for lang, keys in by_lang.items()}


def says_table_words(text: str, lang: str, knows: Callable[[str], bool]) -> bool:
    """Whether ``text`` names a term of the game in the table's words ("the wraiths", "dormida",
    "las fichitas"): a filler ("howay man") or a dialect's spelling ("dat", "jus") is no such word."""
    pattern = _game_words().get(lang)
    if lang == "es":
        means = _table().get(lang, (None, {}))[1]
        if _undiminished(text, lambda word: word in means or knows(word)) != text:
            return True
    return pattern is not None and pattern.search(fold(text)) is not None


def read_vocabulary(text: str, lang: str, knows: Callable[[str], bool]) -> str:
    """``text`` with each player's phrase of ``lang`` read as the reference's words too
    (or instead, when ``knows`` says the reference never uses the phrase's words)."""
    pattern, means = _table().get(lang, (None, {}))
    if pattern is None:
        return text
    if lang == "es":
        text = _undiminished(with_final_s(text, lang), lambda word: word in means or knows(word))
    text = with_final_g(text, lang, knows, lambda word: word in _phrase_words(lang))
    folded = fold(text)
    if len(folded) != len(text):
        return text   # folding changed the length (a rare letter): positions would not match
    out, cursor = [], 0
    for m, key in _phrases_read(pattern, means, lang, folded):
        meaning, replace = means[key]
        typed = text[m.start():m.end()]
        kept = not replace and all(knows(w) for w in key.split()) and fold(meaning) != key
        out += [text[cursor:m.start()], f"{typed} {meaning}" if kept else meaning]
        cursor = m.end()
    return "".join(out) + text[cursor:]


@cache
def _phrase_words(lang: str) -> frozenset[str]:
    """Every word of the players' phrases of ``lang`` (folded)."""
    return frozenset(w for key in _table().get(lang, (None, {}))[1] for w in key.split())


def _phrases_read(pattern: re.Pattern[str], means: dict, lang: str, folded: str) -> Iterator[tuple[re.Match[str], str]]:
    """Each player's phrase of ``folded`` (its match and key) that is read where it stands."""
    for m in pattern.finditer(folded):
        key = " ".join(re.findall(r"\w+", m.group(0)))
        if key in means and not _not_read_here(key, lang, folded, m.end()):
            yield m, key


def read_words(text: str, lang: str) -> set[str]:
    """The words (folded) of ``text`` that a player's phrase of the vocabulary reads: no spelling
    help corrects them ("el malo" is the Shadow, not a misspelt "mazo": set 60, spent)."""
    pattern, means = _table().get(lang, (None, {}))
    if pattern is None:
        return set()
    return {w for _m, key in _phrases_read(pattern, means, lang, fold(text)) for w in key.split()}
