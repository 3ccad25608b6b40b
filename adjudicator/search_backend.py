"""The search engine behind :mod:`adjudicator.search`: analysis, the index, ranking, snippets.

This is the one module that knows how the search is done, so it can be swapped by rewriting
it alone. The interface :mod:`adjudicator.search` uses:

* :func:`analyze` (the words a text is indexed under, in a language), :func:`is_stop_word`,
  :func:`asking_words`;
* :func:`write_index` / :func:`index_exists` (one index directory per docs language);
* :class:`OpenIndex` (``search``, ``correction``, ``knows``, ``close``).

Analysis (both languages), by Whoosh's analysis chain: words are lower-cased, stop words
dropped, accents and ``ñ`` folded (``asediádo`` -> ``asediado``, ``daño`` -> ``dano``) and
then stemmed with the Snowball stemmer of the language (``asediado``, ``asedio`` ->
``asedi``). Folding comes before stemming so a word typed without its accent stems exactly
like the accented one.

Each document (a rule section or a glossary term) has, in the index of language L:
``title`` and ``text`` (analysed in L), ``label`` (the label's English words, e.g. ``siege
besieged army``), ``context`` (the headings of the sections around it), ``game`` (the game's
short names), ``other_title`` and ``other_text`` (the same section in the other language,
analysed in that language: the labels are shared, so an English query finds a Spanish page
and the other way round), ``phrasings`` and ``other_phrasings`` (how players ask about the
rule, in L and in the other language: words the rules never use, "overstack", "sally out").

The index: the documents are a few hundred short rule sections, so the whole index is one
JSON file of analysed words, loaded once into memory, where each field's BM25 weights are
computed once. A query then costs a few dictionary look-ups per word. (Whoosh's searcher,
used before, spent most of a query building matchers for each clause; ``bm25s`` scores one
field with unweighted words, and the ranking needs per-field, per-word weights. What is
written here by hand is only that sum.) Spelling help compares unknown words with the
reference's words with RapidFuzz's Damerau-Levenshtein distance.
"""
from __future__ import annotations

import html
import json
import math
import re
import shutil
import threading
import uuid
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Iterable

from rapidfuzz.distance import DamerauLevenshtein
from rapidfuzz import process as fuzzy
from whoosh.analysis import CharsetFilter, Filter, LowercaseFilter, RegexTokenizer, StemFilter, StopFilter
from whoosh.lang.stopwords import stoplists
from whoosh.support.charset import accent_map

BACKEND = "memory-bm25f-2"
INDEX_FILE = "index.json"
LANGS = ("en", "es")
OTHER = {"en": "es", "es": "en"}
WORD_PATTERN = r"\w+"

# Words that decide a rule ("once per turn", "Will of the West", "without") stay searchable
# even though the stock stop lists drop them; words that only make a question a question go.
KEEP = {
    "en": {"will", "once", "out", "only", "against", "before", "after", "under", "more", "no", "not"},
    "es": {"contra", "sin", "más", "antes", "durante", "no", "solo", "cuando"},
}
# Question words are read as a question, not matched: "how many" asks for a number, "can"
# for a permission; the rule that answers has neither word.
EXTRA_STOP = {
    "en": {"happens", "happen", "get", "gets", "may", "must", "rule", "rules", "s", "many", "much",
           "anything", "something", "someone", "anyone", "exactly", "really", "ever", "ok", "okay",
           "please", "hi", "hello", "thanks", "tell", "explain", "mean", "means", "meaning", "far"},
    "es": {"puede", "pueden", "puedo", "podemos", "pasa", "ocurre", "sucede", "hace", "hago",
           "regla", "reglas", "si", "cómo", "cuál", "cuáles", "qué", "debe", "tengo", "cuántos",
           "cuántas", "cuánto", "cuánta", "cuantos", "cuantas", "cuanto", "cuanta", "dónde",
           "quién", "quiénes", "cuándo", "alguien", "algo", "exactamente", "hola", "gracias",
           "explica", "significa", "vale"},
}

# Forms the stemmers cannot relate to their word: irregular plurals ("dice" is the plural of
# "die", and a rule about a die is about dice), a noun players use for the verb the rules use
# ("movement"), and the Spanish verbs whose stem changes ("mueve" is "mover", "juega" "jugar").
IRREGULAR = {
    "en": {"dice": "die", "elves": "elf", "dwarves": "dwarf", "men": "man", "movement": "move",
           "movements": "move"},
    "es": {form: verb for verb, forms in {
        "mover": ("mueve", "mueven", "muevo", "muevas", "mueva", "muevan"),
        "jugar": ("juega", "juegan", "juego", "juegas", "juegue", "jueguen"),
        "volver": ("vuelve", "vuelven", "vuelva", "vuelvan"),
        "perder": ("pierde", "pierden", "pierda", "pierdan"),
        "elegir": ("elige", "eligen", "elija", "elijan"),
        "seguir": ("sigue", "siguen", "siga", "sigan"),
        "morir": ("muere", "mueren", "muera", "mueran"),
        "devolver": ("devuelve", "devuelven"),
        "resolver": ("resuelve", "resuelven"),
    }.items() for form in forms},
}

# Terms of the game the stemmer would merge with another word, kept whole (after the plural
# is read as the singular): a Salida (Sortie) is not salir (to leave), a baja (casualty) not
# bajo (under).
UNSTEMMED = {"en": frozenset(), "es": frozenset({"salida", "baja"})}

# What a question word asks for, and the heading words that give that kind of answer (all
# folded): "how many" is answered by a heading with a number or a limit ("Hand limit of six
# cards", "The maximum allocation"), "when" by a moment ("Phase 1: ..."), "can" by a
# permission or a prohibition ("A revealed Fellowship cannot move"). See asking_words.
INTENTS = {
    "number": ({"many", "much", "far", "cuantos", "cuantas", "cuanto", "cuanta"},
               {"many", "much", "cuantos", "cuantas", "cuanto", "cuanta", "maximum", "minimum", "limit",
                "maxima", "maximo", "minima", "minimo", "limite", "one", "two", "three", "four", "five",
                "six", "uno", "una", "dos", "tres", "cuatro", "cinco", "seis"}),
    "moment": ({"when", "cuando"}, {"when", "cuando", "phase", "fase"}),
    "person": ({"who", "quien", "quienes"}, {"who", "quien", "quienes"}),
    "permission": ({"can", "may", "could", "allowed", "puede", "pueden", "puedo", "podemos", "permite"},
                   {"never", "cannot", "not", "no", "only", "nunca", "solo"}),
}
ASKING = {word: intent for intent, (asked, _answers) in INTENTS.items() for word in asked}

# A question word's concept weighs this much of what a word of the game as rare weighs.
ASKING_WEIGHT = 0.5

# The fields of a document, and the language each is analysed in (as a function of L).
FIELDS = ("title", "text", "label", "game", "context", "other_title", "other_text",
          "phrasings", "other_phrasings")
# Field weights: a hit in a title says far more than one in running text; the other
# language's text only breaks ties the query's own words leave; the headings of the sections
# around a rule (``context``) say a little about it.
FIELD_BOOST = {"title": 2.5, "text": 1.5, "label": 1.5, "context": 0.5, "game": 0.3,
               "other_title": 3.0, "other_text": 0.4, "phrasings": 1.0, "other_phrasings": 0.5}
# The fields a phrase (several words in this order) is looked for in.
PHRASE_FIELDS = ("title", "text", "other_title", "other_text", "phrasings", "other_phrasings")
# The players' phrasings of a rule: lists of short texts, each matched apart from the others.
PHRASING_FIELDS = ("phrasings", "other_phrasings")
# A word found only in a rule's phrasings counts this much of one in its own words (coverage).
PHRASING_STRENGTH = 1.0
BM25_K1, BM25_B = 1.2, 0.75
# Phrases (glossary translations, the query's words in order) weigh this much of a word.
PHRASE_WEIGHT = 1.0
# At most x(1 + TITLE_BONUS) for a heading made of the query's words.
TITLE_BONUS = 1.0
# The score is multiplied by (COVERAGE_FLOOR + (1 - COVERAGE_FLOOR) * coverage) ** COVERAGE_POWER,
# coverage being the share of the query's weight a document has (OpenIndex._coverage).
COVERAGE_FLOOR, COVERAGE_POWER = 0.1, 2.0
# A word in no heading and no glossary term ("stay", "behind", "outside") weighs this much
# of what a word of the game with the same rarity weighs.
FILLER_WEIGHT = 0.8
# In the floor's measure, a word the reference has nowhere (not even misspelt) weighs this much
# of the rarest word's weight: often it is the query's key word, about something else.
UNKNOWN_WEIGHT = 1.0
# A misspelt word's close words count this much of a word typed right; a word found only in
# the headings of the sections around a rule counts CONTEXT_STRENGTH.
FUZZY_STRENGTH, CONTEXT_STRENGTH = 0.8, 0.5
FUZZY_UNIQUE = 1.0  # ... and as much as a word typed right when it has one nearest word only
# A broad section goes to this fraction of the score of its subsection that matches as well.
SPECIFIC_MARGIN = 0.98
# ... unless two of its subsections match alike (coverage equal, heading bonus within this).
SIBLING_TIES, SIBLING_TIE = True, 0.02
# ... and their headings have the same words of the query.
SIBLING_HEADING = True
# A glossary term whose definition has this share of the query is named by it: "attack out of
# a besieged stronghold" describes a Sortie, so the term is searched too, with this weight.
DEFINED_COVERAGE, DEFINED_BOOST, DEFINED_WORDS = 0.8, 1.0, 3
MAX_VARIANTS = 3  # close words searched for one misspelt word
MAX_CONCEPTS = 16
MAX_CLOSEST = 5
# Spelling help only for word-like words of a sensible length, and for the first few unknown
# words of a query: a pasted paragraph of nonsense must not cost a second of corrections.
MIN_SPELL, MAX_SPELL, MAX_SPELLED_WORDS = 3, 24, 4
# A word this short is read as a misspelling only when it lacks one letter of a word of the
# game ("pas" for pass, "lvl" no): a letter changed would make "cup" a typo of "cut".
SHORT_TYPO = 3
# A word shorter than this is read in the reference's language only (never as the other
# language's word, nor corrected into one): stemmed in the other language, an English word can
# look Spanish by chance ("mana" stems like "mano").
CROSS_MIN = 5
# Each of the two words a compound is read as has at least this many letters ("witch" "king").
COMPOUND_PART = 3
# ... or any word of the rules text found in this many documents: "rivr" is "river" (measured:
# 2 to 4 alike on the tuning sets, 8 loses the gain; nonsense unchanged)
COMMON_WORD = 3
# A snippet: at most two sentences, each cut to about this many characters around its hits.
SNIPPET_SENTENCES, SNIPPET_CHARS = 2, 220
_WORDS = re.compile(WORD_PATTERN)
_PAIR_WORDS = re.compile(r"\w+(?:['\u2019]\w+)*")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")


def field_lang(field: str, lang: str) -> str:
    """The language a field of the index of ``lang`` is analysed in."""
    if field in ("label", "game"):
        return "en"
    return OTHER[lang] if field.startswith("other_") else lang


def _label_words(label: str) -> str:
    """``wotr-hunt-damage-eye`` -> ``hunt damage eye`` (the game prefix says nothing)."""
    parts = label.split("-")
    return " ".join(parts[1:] if parts and parts[0] in ("wotr", "wotrcg", "lcg", "term") else parts)


# -- analysis ------------------------------------------------------------------------------------

@lru_cache(maxsize=None)
def stop_words(lang: str) -> frozenset[str]:
    return frozenset((set(stoplists[lang]) - KEEP[lang]) | EXTRA_STOP[lang])


class IrregularFilter(Filter):
    """Irregular forms the Snowball stemmers leave apart, read as their regular word."""

    def __init__(self, forms: dict[str, str]):
        self.forms = forms

    def __call__(self, tokens):
        for token in tokens:
            token.text = self.forms.get(token.text, token.text)
            yield token


class SpanishPluralFilter(Filter):
    """A Spanish plural read as its singular before stemming: the Snowball stemmer leaves many
    apart (``ciudades`` -> ``ciudad`` but ``ciudad`` -> ``ciud``; ``líderes``/``líder``,
    ``unidades``/``unidad``, ``regulares``/``regular``, ``ojos``/``ojo``, ``orcos``/``orco``)."""

    def __call__(self, tokens):
        for token in tokens:
            token.text = spanish_singular(token.text)
            yield token


def spanish_singular(word: str) -> str:
    """``ciudades`` -> ``ciudad``, ``ojos`` -> ``ojo``; numbers and words that are no plural
    ("tres", "después") are left as they are."""
    if len(word) < 4 or word in SPANISH_NOT_PLURAL or not word.endswith("s"):
        return word
    if word.endswith("es") and word[-3] in "dlrnj" and len(word) >= 6:
        return word[:-2]  # ciudades, líderes, regulares, unidades
    if word[-2] in "aeo" and not word.endswith("es"):
        return word[:-1]  # ojos, orcos, cartas (an accented vowel before the s is no plural)
    return word


# Words ending in -s that are no plural (numbers count: "tres losetas").
SPANISH_NOT_PLURAL = frozenset({"dos", "tres", "seis", "pues", "menos", "mientras", "lunes", "crisis", "tras"})


@lru_cache(maxsize=None)
def analyzer(lang: str):
    """Lower case, stop words, irregular forms, (Spanish) plurals, accent/ñ folding, then the
    Snowball stemmer."""
    chain = (RegexTokenizer(WORD_PATTERN) | LowercaseFilter()
             | StopFilter(stoplist=stop_words(lang), minsize=1) | IrregularFilter(IRREGULAR[lang]))
    if lang == "es":
        chain = chain | SpanishPluralFilter()
    return chain | CharsetFilter(accent_map) | StemFilter(lang=lang, ignore=UNSTEMMED[lang], cachesize=50000)


def is_stop_word(word: str, lang: str) -> bool:
    """A word that carries no meaning in the search, in ``lang`` or in the other language.

    Words kept on purpose in one language (``no``, ``sin``) are never dropped for the other.
    """
    low = word.lower()
    other = OTHER[lang]
    return low in stop_words(lang) or (low in stop_words(other) and low not in KEEP[lang])


def analyze(text: str, lang: str) -> list[str]:
    """The indexed forms of the words of ``text`` (``"los asedios"`` -> ``["asedi"]`` in es)."""
    return list(_analyze(text, lang))


@lru_cache(maxsize=20000)
def _analyze(text: str, lang: str) -> tuple[str, ...]:
    return tuple(t.text for t in analyzer(lang)(text))


def fold(word: str) -> str:
    """Lower case without accents (``"Daño"`` -> ``"dano"``), as the index compares words."""
    return word.lower().translate(accent_map)


def surface_words(text: str) -> list[str]:
    """The words of ``text`` as written, lower case, accents kept."""
    return [w.lower() for w in _WORDS.findall(text)]


# -- writing the index ---------------------------------------------------------------------------

def _document_fields(doc: dict, lang: str) -> dict[str, list[str]]:
    """Each field of a document as the sequence of its analysed words."""
    # The text as searched may leave out what only points elsewhere ("see Sorties"); the
    # snippet still shows the whole text.
    sources = {"title": doc["title"], "text": doc.get("searched_text", doc["text"]), "label": doc.get("label_words", ""),
               "game": doc.get("game", ""), "context": doc.get("context", ""), "other_title": doc.get("other_title", ""),
               "other_text": doc.get("other_searched_text", doc.get("other_text", ""))}
    fields = {field: analyze(sources[field], field_lang(field, lang)) for field in sources}
    for field, ways in _phrasing_forms(doc, lang).items():
        fields[field] = [form for way in ways for form in way]
    return fields


def _phrasing_forms(doc: dict, lang: str) -> dict[str, list[list[str]]]:
    """Each phrasing of a document as its analysed words, per phrasing field."""
    return {field: [forms for way in doc.get(field) or () if (forms := analyze(way, field_lang(field, lang)))]
            for field in PHRASING_FIELDS}


def _vocabulary(docs: list[dict], lang: str) -> dict:
    """The words as written, for the spelling help: what each folded word is spelt as in
    each language, in how many documents it occurs, and which are words of the game."""
    surface: dict[str, dict[str, str]] = {}
    frequency: Counter = Counter()
    for doc in docs:
        for code, parts in ((lang, ("title", "text")), (OTHER[lang], ("other_title", "other_text"))):
            for word in surface_words(" ".join(doc.get(p, "") for p in parts)):
                surface.setdefault(fold(word), {}).setdefault(code, word)
        frequency.update({fold(w) for p in ("title", "text", "other_title", "other_text")
                          for w in surface_words(doc.get(p, ""))})
    return {"surface": surface, "frequency": dict(frequency)}


def write_index(path: Path, lang: str, documents: Iterable[dict],
                extra_files: dict[str, str] | None = None) -> int:
    """Write a fresh index of ``documents`` at ``path``, replacing any index there at once.

    A document is ``{label, page, kind, parent, title, text, context, other_title, other_text,
    label_words, game, phrasings, other_phrasings}`` (``context``: the headings of the sections
    it sits in; ``phrasings``: lists of the ways players ask about it, in L and in the other
    language).
    The new index is written beside the old one and renamed into place, so a process that
    has the old one open keeps reading it until it notices the change. ``extra_files``
    (name -> text) are written into the new directory before it goes live.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    docs = [dict(doc) for doc in documents]
    for doc in docs:
        doc["fields"] = _document_fields(doc, lang)
        doc["phrasing_forms"] = _phrasing_forms(doc, lang)
    payload = {"backend": BACKEND, "lang": lang, "documents": docs, "vocabulary": _vocabulary(docs, lang)}
    fresh = path.with_name(f".{path.name}.new-{uuid.uuid4().hex[:8]}")
    fresh.mkdir()
    try:
        (fresh / INDEX_FILE).write_text(json.dumps(payload, ensure_ascii=False), encoding="utf-8")
        for name, content in (extra_files or {}).items():
            (fresh / name).write_text(content, encoding="utf-8")
        stale = path.with_name(f".{path.name}.old-{uuid.uuid4().hex[:8]}")
        if path.exists():
            path.rename(stale)
        fresh.rename(path)
        shutil.rmtree(stale, ignore_errors=True)
    except BaseException:
        shutil.rmtree(fresh, ignore_errors=True)
        raise
    return len(docs)


def index_exists(path: Path) -> bool:
    return (Path(path) / INDEX_FILE).is_file()


# -- what a search returns -----------------------------------------------------------------------

@dataclass
class Hit:
    label: str
    page: str
    kind: str
    title: str
    score: float
    snippet: str  # HTML: escaped text, hits in <mark>


@dataclass
class Concept:
    """One word of the query as the index knows it: its spellings, the documents it meets.

    ``variants`` are the word itself (strength 1) and, for a word the reference does not
    know, its closest words of the reference (``FUZZY_STRENGTH``). ``matches`` gives each
    document the best strength with which some variant occurs in it (a word found only in
    the headings of the sections around a rule counts ``CONTEXT_STRENGTH``). ``scores`` is the
    word's BM25F score in each document it meets (weighted by ``weight``).
    """

    word: str
    variants: tuple[tuple[str, float], ...]
    matches: dict[int, float]
    weight: float
    known: bool  # the reference has the word itself (or it is a fuzzy match of one)
    game: bool   # the word is in a heading or a glossary term: a word of the game
    asking: bool = False  # a question word: it meets only the headings that ask the same
    scores: dict[int, float] | None = None


@dataclass
class Ranking:
    """What :meth:`OpenIndex.search` found: the hits, how sure it is, the spelling help."""

    hits: list[Hit]
    confidence: float  # 0..1: how much of the query the best hit covers (see OpenIndex._confidence)
    corrections: dict[str, str]
    closest: list[Hit]  # glossary terms nearest to the query (offered when nothing matches)
    game_words: int = 0  # how many words of the game (as typed, or their one correction) the best hit has


# -- the open index ------------------------------------------------------------------------------

class OpenIndex:
    """One language's index, loaded into memory once; every search reads it, none writes it.

    Ranking, in three steps (the weights are in the constants above, chosen on the relevance
    set, ``docs/usage.md`` explains them to players):

    1. each query word becomes a :class:`Concept` (stop and question words are already gone;
       a misspelt word brings its closest words of the reference); its weight is its rarity
       in the reference (idf), less for a word that is in no heading and no glossary term;
    2. BM25 scores each field the word occurs in, weighted by field (:data:`FIELD_BOOST`) and
       by the concept's weight; phrases (the query's words in order, glossary translations)
       add their own BM25 score;
    3. that score is multiplied by the share of the query's weight the document covers
       (a rule that has every key word beats one that repeats one of them), by the heading
       bonus, and a section is put below a subsection of its own that covers the query as
       well with a heading at least as close: the specific rule wins over its parent.
    """

    def __init__(self, path: Path, lang: str, stamp: object):
        self.path = Path(path)
        self.lang = lang
        self.stamp = stamp  # whatever tells the caller the index on disk was replaced
        payload = json.loads((self.path / INDEX_FILE).read_text(encoding="utf-8"))
        if payload.get("backend") != BACKEND or payload.get("lang") != lang:
            raise ValueError(f"{self.path}: not an index of this search ({payload.get('backend')})")
        self._docs: dict[int, dict] = dict(enumerate(payload["documents"]))
        self._n = max(1, len(self._docs))
        self._lock = threading.Lock()  # guards the caches only: the index itself is read-only
        self._load_fields()
        vocabulary = payload["vocabulary"]
        # The words as written: folded -> (the spelling in this language, in the other one)
        self._surface: dict[str, dict[str, str]] = vocabulary["surface"]
        self._freq: dict[str, int] = vocabulary["frequency"]
        self._headings = {docnum: self._heading_words(fields) for docnum, fields in self._docs.items()}
        # The game's words: any word of a heading or a glossary term, in either language.
        self._game = {"lang": set(self._postings["title"]), "other": set(self._postings["other_title"]),
                      "en": set(self._postings["label"])}
        by_label = {fields["label"]: docnum for docnum, fields in self._docs.items()}
        self._ancestors = {docnum: self._ancestry(docnum, by_label) for docnum in self._docs}
        self._spell_choices: dict[str, list[str]] | None = None
        self._word_pairs: set[tuple[str, str]] | None = None
        self._sentences: dict[int, list[tuple[int, int, list[tuple[str, int, int]]]]] = {}
        self._spellings: dict[str, tuple[tuple[str, int], ...]] = {}
        self._concept_cache: dict[tuple[str, bool], Concept] = {}
        self._terms = [d for d, doc in self._docs.items() if doc["kind"] == "term"]

    def _load_fields(self) -> None:
        """Postings and BM25 weights of every field: ``weights[field][form] = {docnum: weight}``."""
        self._positions: dict[str, dict[int, list[str]]] = {f: {} for f in FIELDS}
        self._postings: dict[str, dict[str, dict[int, int]]] = {f: {} for f in FIELDS}
        self._weights: dict[str, dict[str, dict[int, float]]] = {f: {} for f in FIELDS}
        self._avg_length: dict[str, float] = {}
        for field in FIELDS:
            total = 0
            for docnum, doc in self._docs.items():
                forms = doc["fields"][field]
                total += len(forms)
                if field in PHRASING_FIELDS:  # two gaps between phrasings: no phrase spans two
                    self._positions[field][docnum] = [f for way in doc["phrasing_forms"][field]
                                                      for f in (*way, None, None)]
                elif field in PHRASE_FIELDS:
                    self._positions[field][docnum] = forms
                for form, tf in Counter(forms).items():
                    self._postings[field].setdefault(form, {})[docnum] = tf
            self._avg_length[field] = avg = max(1.0, total / self._n)
            for form, docs in self._postings[field].items():
                idf = self._idf(len(docs))
                self._weights[field][form] = {
                    docnum: _bm25(idf, tf, len(self._docs[docnum]["fields"][field]), avg)
                    for docnum, tf in docs.items()}
        # The words each document has, per part of it, as the coverage compares them.
        parts = {"title": ("title",), "text": ("text",), "label": ("label",), "game": ("game",),
                 "context": ("context",), "other": ("other_title", "other_text"), "other_title": ("other_title",),
                 "phrasings": ("phrasings",), "other_phrasings": ("other_phrasings",)}
        self._parts = {part: {} for part in parts}
        for part, fields in parts.items():
            for field in fields:
                for form, docs in self._postings[field].items():
                    self._parts[part].setdefault(form, set()).update(docs)

    def _idf(self, df: int) -> float:
        return math.log(self._n / (df + 1)) + 1

    def close(self) -> None:
        """Nothing to release: the index is plain memory (kept for the interface)."""

    def _ancestry(self, docnum: int, by_label: dict[str, int]) -> tuple[int, ...]:
        chain, seen = [], {docnum}
        parent = self._docs[docnum].get("parent") or ""
        while parent in by_label and by_label[parent] not in seen:
            seen.add(by_label[parent])
            chain.append(by_label[parent])
            parent = self._docs[by_label[parent]].get("parent") or ""
        return tuple(chain)

    # -- vocabulary ---------------------------------------------------------------------------

    def knows(self, word: str) -> bool:
        """True when ``word`` is a word of the reference (either language) or a stop word.

        The other language's text counts only for a word that may cross into it
        (:meth:`_crosses`): "pas" stems like Spanish "pasar", but the English reference does not
        search it there, so it is a misspelling of "pass".
        """
        if fold(word) in self._surface:
            return True
        crosses = None
        for field in FIELDS:
            forms = analyze(word, field_lang(field, self.lang))
            if not forms:
                return True  # a stop word of that language: nothing to correct
            if field.startswith("other_"):
                crosses = self._crosses(word) if crosses is None else crosses
                if not crosses:
                    continue
            if all(f in self._postings[field] for f in forms):
                return True
        return False

    def _choices(self) -> dict[str, list[str]]:
        """The words a misspelling may be corrected to, by first letter: words of the game
        (in a heading or a glossary term, either language) and words common in the rules text
        (:data:`COMMON_WORD`), not stop words."""
        if self._spell_choices is None:
            choices: dict[str, list[str]] = {}
            for folded in self._freq:
                if folded.isalpha() and not self._is_stop(folded) and (
                        self._is_game_word(folded) or self._freq.get(folded, 0) >= COMMON_WORD):
                    choices.setdefault(folded[0], []).append(folded)
            self._spell_choices = choices
        return self._spell_choices

    def _close_words(self, word: str) -> tuple[tuple[str, int], ...]:
        """The reference's words nearest to an unknown ``word``: ``((folded word, distance), ...)``.

        Within an edit distance that fits the word's length (:func:`max_typos`; a swap of two
        letters is one edit), compared without accents, the first letter as typed, among the
        words of the game (those of a heading or a glossary term, in either language): a key
        word misspelt is what sinks a search, and "world" is no typo of "would". The nearest
        come first, then the most used. Cached per word.
        """
        low = fold(word)
        cached = self._spellings.get(low)
        if cached is not None:
            return cached
        found: tuple[tuple[str, int], ...] = ()
        allowed = max_typos(low)
        if (allowed or len(low) == SHORT_TYPO) and low.isalpha() and not self.knows(word):
            choices = self._choices().get(low[0], [])
            if allowed:
                near = fuzzy.extract(low, choices, scorer=DamerauLevenshtein.distance, score_cutoff=allowed, limit=None)
            else:  # a short word may only have lost a letter: "pas" is "pass", "cup" no "cut"
                near = [(cand, 1, 0) for cand in choices if len(cand) == len(low) + 1 and _one_letter_lost(low, cand)]
            if len(low) < CROSS_MIN:
                near = [n for n in near if self.lang in self._surface.get(n[0], {})]
            # The nearest first; then a word of the reference's own language; then the most used.
            ranked = sorted((dist, self.lang not in self._surface.get(cand, {}), -self._freq.get(cand, 0), cand)
                            for cand, dist, _i in near if dist > 0)
            best = ranked[0][0] if ranked else 0
            found = tuple((cand, dist) for dist, _o, _f, cand in ranked if dist == best)[:MAX_VARIANTS]
        if len(self._spellings) > 5000:
            self._spellings.clear()
        self._spellings[low] = found
        return found

    def _is_stop(self, folded: str) -> bool:
        spellings = self._surface.get(folded, {})
        return any(is_stop_word(w, self.lang) for w in spellings.values()) or is_stop_word(folded, self.lang)

    def _is_game_word(self, word: str) -> bool:
        return (any(f in self._game["lang"] for f in analyze(word, self.lang))
                or any(f in self._game["other"] for f in analyze(word, OTHER[self.lang]))
                or any(f in self._game["en"] for f in analyze(word, "en")))

    def correction(self, word: str) -> str | None:
        """The did-you-mean of an unknown word: its nearest word, as the reference spells it."""
        close = self._close_words(word)
        if not close:
            return None
        spellings = self._surface.get(close[0][0], {})
        return spellings.get(self.lang) or spellings.get(OTHER[self.lang])

    # -- the query's words ------------------------------------------------------------------------

    def _concept(self, word: str, spell: bool = True) -> Concept:
        """The word's concept, computed once per word and index (it depends on nothing else)."""
        key = (word, spell)
        cached = self._concept_cache.get(key)
        if cached is None:
            if len(self._concept_cache) > 5000:
                self._concept_cache.clear()
            cached = self._concept_cache[key] = self._new_concept(word, spell)
        return cached

    def _new_concept(self, word: str, spell: bool) -> Concept:
        close = self._close_words(word) if spell and MIN_SPELL <= len(word) <= MAX_SPELL else ()
        # One nearest word is the word meant; several share the doubt.
        strength = FUZZY_UNIQUE if len(close) == 1 else FUZZY_STRENGTH
        variants = ((word, 1.0),) + tuple((cand, strength) for cand, _d in close)
        matches: dict[int, float] = {}
        spaces = (("title", self.lang, 1.0), ("text", self.lang, 1.0), ("label", "en", 1.0),
                  ("game", "en", 1.0), ("other", OTHER[self.lang], 1.0),
                  ("context", self.lang, CONTEXT_STRENGTH), ("phrasings", self.lang, PHRASING_STRENGTH),
                  ("other_phrasings", OTHER[self.lang], PHRASING_STRENGTH))
        for variant, strength in variants:
            crosses = self._crosses(variant)
            for space, code, part_strength in spaces:
                if space.startswith("other") and not crosses:
                    continue
                postings = self._parts[space]
                for form in analyze(variant, code):
                    for docnum in postings.get(form, ()):
                        value = strength * part_strength
                        if matches.get(docnum, 0.0) < value:
                            matches[docnum] = value
        df = sum(1 for v in matches.values() if v >= CONTEXT_STRENGTH)
        game = any(self._is_game_word(v) for v, _s in variants)
        weight = math.log(1 + self._n / (1 + df)) * (1.0 if game else FILLER_WEIGHT)
        concept = Concept(word=word, variants=variants, matches=matches, weight=weight,
                          known=bool(matches), game=game)
        concept.scores = self._word_scores(concept) if concept.known else {}
        return concept

    def _crosses(self, word: str) -> bool:
        """Whether ``word`` may be a word of the other language (then it searches that text too).

        Only when the other language's reference writes it so, or (five letters or more) it
        stems like a word of the other language's headings, or like a word of its players'
        phrasings that this language has nowhere ("sally out" in the Spanish reference):
        stemmed in the other language, an English word can look Spanish by chance ("mana"
        stems like "mano").
        """
        folded = fold(word)
        if OTHER[self.lang] in self._surface.get(folded, {}):
            return True
        if len(folded) < CROSS_MIN:
            return False
        other = analyze(word, OTHER[self.lang])
        if any(f in self._game["other"] for f in other):
            return True
        own = analyze(word, self.lang)
        return (bool(own) and not any(f in self._postings[field] for field in ("title", "text", "phrasings") for f in own)
                and any(f in self._postings["other_phrasings"] for f in other))

    def _in_rules(self, word: str) -> bool:
        """Whether the rules themselves (not only the players' phrasings) have ``word``."""
        if fold(word) in self._surface:
            return True
        return any(all(f in self._postings[field] for f in forms)
                   for field in ("title", "text", "label", "context")
                   for forms in [analyze(word, field_lang(field, self.lang))] if forms)

    def _split(self, word: str) -> tuple[str, ...]:
        """A word the rules do not have, read as the two words it joins, or ``()``: two words
        the rules write side by side ("witchking" is the Witch-king, "ellalaraña" Ella-Laraña),
        or words of the game ("overstacking" is over-stacking)."""
        low = fold(word)
        if len(low) < 2 * COMPOUND_PART or not low.isalpha():
            return ()
        splits = []
        for cut in range(COMPOUND_PART, len(low) - COMPOUND_PART + 1):
            parts = (low[:cut], low[cut:])
            stops = [is_stop_word(p, self.lang) for p in parts]
            if all(stops):
                continue
            if parts in self._pairs():
                splits.append((0, -min(map(len, parts)), parts))
            elif all(stop or (self._is_game_word(p) and self._in_rules(p)) for p, stop in zip(parts, stops)):
                splits.append((1 + sum(stops), -min(map(len, parts)), parts))
        if not splits:
            return ()
        parts = min(splits)[2]  # as the rules write it, then two words of the game, the most even
        return tuple(p for p in parts if not is_stop_word(p, self.lang))

    def _pairs(self) -> set[tuple[str, str]]:
        """Every two words side by side in a heading or text of the rules (either language),
        folded, an apostrophe's ``s`` kept with its word ("Helm's Deep": ``helms``, ``deep``)."""
        if self._word_pairs is None:
            pairs: set[tuple[str, str]] = set()
            for doc in self._docs.values():
                for part in ("title", "text", "other_title", "other_text"):
                    words = [fold(w).replace("'", "").replace("\u2019", "") for w in _PAIR_WORDS.findall(doc.get(part, ""))]
                    pairs.update(zip(words, words[1:]))
            self._word_pairs = pairs
        return self._word_pairs

    def _compounds(self, words: list[str]) -> list[str]:
        """The query's words, written together or apart as the rules write them: a word the
        rules lack that joins two words of the game is searched as those words too ("witchking",
        "ellalaraña"); two words one of which the rules lack, as the word they make together
        when it is a word of the game ("strong hold")."""
        out: list[str] = []
        i = 0
        while i < len(words):
            word = words[i]
            nxt = words[i + 1] if i + 1 < len(words) else ""
            if nxt and not (self._in_rules(word) and self._in_rules(nxt)):
                joined = (word + nxt).lower()
                if self._is_game_word(joined) and self._in_rules(joined):
                    out.append(joined)
                    i += 2
                    continue
            parts = () if self._in_rules(word) else self._split(word)
            # A word the players' phrasings have is still searched as it is.
            out.extend(((word,) if self.knows(word) else ()) + parts if parts else (word,))
            i += 1
        return out

    def _concepts(self, words: list[str]) -> list[Concept]:
        """The query's words as concepts; only the first few new unknown words get spelling help."""
        out, fresh = [], 0
        # A lone letter ("x", "y") says nothing a search can use; a digit may ("corruption 12").
        words = self._compounds([w for w in words if len(w) > 1 or w.isdigit()])
        for word in list(dict.fromkeys(w.lower() for w in words))[:MAX_CONCEPTS]:
            spell = fold(word) in self._spellings or fresh < MAX_SPELLED_WORDS
            if spell and fold(word) not in self._spellings and not self.knows(word):
                fresh += 1
            out.append(self._concept(word, spell))
        return out

    def _asking_concepts(self, asks: Iterable[str]) -> list[Concept]:
        """"how many", "cuándo", "can": concepts that meet the headings that answer in kind."""
        out = []
        for intent in dict.fromkeys(ASKING[fold(w)] for w in asks if fold(w) in ASKING):
            answers = INTENTS[intent][1]
            matches = {d: 1.0 for d, heading in self._headings.items()
                       if heading["asks"] & answers or (intent == "number" and heading["digits"])}
            if matches:
                weight = math.log(1 + self._n / (1 + len(matches))) * ASKING_WEIGHT
                out.append(Concept(word=intent, variants=(), matches=matches, weight=weight,
                                   known=True, game=False, asking=True, scores={}))
        return out

    def _word_scores(self, concept: Concept) -> dict[int, float]:
        """The BM25F score of the word (and its close spellings) in each document it occurs in."""
        terms: dict[tuple[str, str], float] = {}
        for variant, strength in concept.variants:
            # A word that is in this language's headings is this language's word: the other
            # language's fields would only add noise for it.
            own = any(f in self._postings["title"] for f in analyze(variant, self.lang))
            crosses = not own and self._crosses(variant)
            for field in FIELDS:
                if not crosses and field.startswith("other_"):
                    continue
                for form in analyze(variant, field_lang(field, self.lang)):
                    if form in self._weights[field]:
                        key = (field, form)
                        terms[key] = max(terms.get(key, 0.0), strength)
        scores: dict[int, float] = {}
        for (field, form), strength in terms.items():
            boost = strength * concept.weight * FIELD_BOOST[field]
            for docnum, weight in self._weights[field][form].items():
                scores[docnum] = scores.get(docnum, 0.0) + boost * weight
        return scores

    def _phrase_scores(self, text: str, lang_of_text: str, boost: float, scores: dict[int, float]) -> set[str]:
        """Add the BM25 score of ``text`` as a phrase (one word apart at most) in the fields
        analysed in ``lang_of_text``; returns the forms of the phrase found in the text field."""
        marked: set[str] = set()
        for field in PHRASE_FIELDS:
            if field_lang(field, self.lang) != lang_of_text:
                continue
            forms = analyze(text, lang_of_text)
            if not forms:
                continue
            weight = boost * PHRASE_WEIGHT * FIELD_BOOST[field]
            if len(forms) == 1:
                for docnum, value in self._weights[field].get(forms[0], {}).items():
                    scores[docnum] = scores.get(docnum, 0.0) + weight * value
                found = forms[0] in self._weights[field]
            else:
                counts = self._phrase_counts(field, forms)
                idf = self._idf(len(counts))
                avg = self._avg_length[field]
                for docnum, tf in counts.items():
                    value = _bm25(idf, tf, len(self._docs[docnum]["fields"][field]), avg)
                    scores[docnum] = scores.get(docnum, 0.0) + weight * value
                found = bool(counts)
            if found and field == "text":
                marked.update(forms)
        return marked

    def _phrase_counts(self, field: str, forms: list[str]) -> dict[int, int]:
        """How often ``forms`` occur in this order, at most one word apart, in each document."""
        postings = [self._postings[field].get(form) for form in forms]
        if not all(postings):
            return {}
        candidates = set(postings[0]).intersection(*postings[1:])
        counts = {}
        for docnum in candidates:
            seq = self._positions[field][docnum]
            found = 0
            for start, word in enumerate(seq):
                if word != forms[0]:
                    continue
                at = start
                for form in forms[1:]:
                    nxt = next((j for j in (at + 1, at + 2) if j < len(seq) and seq[j] == form), None)
                    if nxt is None:
                        break
                    at = nxt
                else:
                    found += 1
            if found:
                counts[docnum] = found
        return counts

    # -- searching ------------------------------------------------------------------------------

    def search(self, words: list[str], phrases: list[tuple[str, str, float]], limit: int,
               kind_weight: dict[str, float] | None = None, asks: Iterable[str] = ()) -> Ranking:
        """The best ``limit`` documents for ``words`` and ``phrases``, and how well they match.

        ``phrases`` are ``(text, language of the text, boost)``: the glossary's translations of
        the terms found in the query, and the query itself as a phrase. ``kind_weight``
        scales the score of a kind of document (glossary terms below rules). ``asks``: the
        query's question words (:func:`asking_words`), matched against headings only. Only the
        hits returned get a snippet.
        """
        weights = kind_weight or {}
        with self._lock:  # the caches of concepts and spellings are shared by the threads
            concepts = self._concepts(words) + self._asking_concepts(asks)
            corrections = {c.word: fix for c in concepts if len(c.variants) > 1
                           for fix in [self.correction(c.word)] if fix and fold(fix) != fold(c.word)}
        phrases = list(phrases) + self._defined_terms(concepts)
        base: dict[int, float] = {}
        for concept in concepts:
            for docnum, value in concept.scores.items():
                base[docnum] = base.get(docnum, 0.0) + value
        marked = {form for c in concepts if c.known and not c.asking for v, _s in c.variants
                  for form in analyze(v, self.lang) if form in self._weights["text"]}
        for text, lang_of_text, boost in phrases:
            marked |= self._phrase_scores(text, lang_of_text, boost, base)
        if not base:
            return Ranking([], 0.0, corrections, [])
        for docnum in base:
            base[docnum] *= weights.get(self._docs[docnum]["kind"], 1.0)
        wanted = self._wanted(concepts)
        known_weight = sum(c.weight for c in concepts if c.known)
        coverage = {d: self._coverage(d, concepts, known_weight) for d in base}
        bonus = {d: self._title_bonus(d, wanted) for d in base}
        score = {d: base[d] * bonus[d] * (COVERAGE_FLOOR + (1 - COVERAGE_FLOOR) * coverage[d]) ** COVERAGE_POWER
                 for d in base}
        self._prefer_specific(score, coverage, bonus, wanted)
        ranked = sorted(score, key=lambda d: (-score[d], d))
        confidence = self._confidence(ranked[0], concepts) if ranked else 0.0
        game_words = sum(1 for c in concepts if c.game and not c.asking and c.matches.get(ranked[0], 0.0) >= 1.0)
        hits = [self._hit(d, score[d], marked) for d in ranked[:limit]]
        closest = [self._hit(d, score[d], set()) for d in ranked if self._docs[d]["kind"] == "term"][:MAX_CLOSEST]
        return Ranking(hits, confidence, corrections, closest, game_words)

    def _defined_terms(self, concepts: list[Concept]) -> list[tuple[str, str, float]]:
        """The glossary terms the query describes: their definition has most of the query."""
        words = [c for c in concepts if c.known and not c.asking]
        if DEFINED_BOOST <= 0 or len(words) < DEFINED_WORDS:
            return []
        known_weight = sum(c.weight for c in words)
        out = []
        for docnum in self._terms:
            if self._coverage(docnum, words, known_weight) >= DEFINED_COVERAGE:
                out.append((self._docs[docnum]["title"], self.lang, DEFINED_BOOST))
        return out

    def _wanted(self, concepts: list[Concept]) -> dict[str, set[str]]:
        spelt = [v for c in concepts if not c.asking for v, _s in c.variants]
        return {
            "lang": {f for w in spelt for f in analyze(w, self.lang)},
            "other": {f for w in spelt for f in analyze(w, OTHER[self.lang])},
            "en": {f for w in spelt for f in analyze(w, "en")},
            "surface": {fold(w) for w in spelt},
        }

    @staticmethod
    def _coverage(docnum: int, concepts: list[Concept], known_weight: float) -> float:
        """The share of the query's weight (its known words) that ``docnum`` has."""
        if known_weight <= 0:
            return 0.0
        return sum(c.weight * c.matches.get(docnum, 0.0) for c in concepts) / known_weight

    def _confidence(self, docnum: int, concepts: list[Concept]) -> float:
        """How much of the whole query the best document answers, 0..1 (the floor's measure).

        Like the coverage, but every word counts, known or not: a word the reference has
        nowhere (not even misspelt) weighs what a rare filler word weighs, so a query made of
        words the rules never use ("receta de paella") scores near 0.
        """
        unknown = math.log(1 + self._n) * UNKNOWN_WEIGHT
        words = [c for c in concepts if not c.asking]
        total = sum(c.weight if c.known else unknown for c in words)
        if total <= 0:
            return 0.0
        return sum(c.weight * c.matches.get(docnum, 0.0) for c in words) / total

    def _prefer_specific(self, score: dict[int, float], coverage: dict[int, float],
                         bonus: dict[int, float], wanted: dict[str, set[str]] | None = None) -> None:
        """A section goes just below its best subsection that matches the query as well.

        "As well": the subsection covers at least the same share of the query and its heading
        is at least as close to it. A query that names the broad section ("sieges") keeps it
        first; one that the subsection answers as fully ("extend a siege") gets the subsection.
        """
        order = sorted(score, key=lambda d: (-score[d], d))
        rivals: dict[int, list[int]] = {}
        for docnum in order:
            for ancestor in self._ancestors.get(docnum, ()):
                if ancestor in score and coverage[docnum] >= coverage[ancestor] - 1e-9:
                    rivals.setdefault(ancestor, []).append(docnum)
        for ancestor, under in rivals.items():
            best = under[0]
            # Several subsections that match alike (each "... on the Mordor Track" for
            # "mordor track"): the query is about what they share, their parent.
            children = [d for d in under if self._ancestors[d][0] == ancestor]
            lead = children[0] if children else best
            if (SIBLING_TIES and lead == best and len(children) > 1
                    and coverage[ancestor] >= coverage[lead] - 1e-9 and any(
                    coverage[d] >= coverage[lead] - 1e-9 and bonus[d] >= bonus[lead] - SIBLING_TIE
                    and self._same_heading_words(d, lead, wanted) for d in children[1:])):
                score[ancestor] = max(score[ancestor], score[lead] / SPECIFIC_MARGIN)
            elif bonus[best] >= bonus[ancestor] - 1e-9 and score[ancestor] > score[best]:
                score[ancestor] = score[best] * SPECIFIC_MARGIN

    def _same_heading_words(self, one: int, other: int, wanted: dict[str, set[str]] | None) -> bool:
        """Whether two headings have the same words of the query: *Hunt on the Mordor Track* and
        *Moving along the Mordor Track* for "mordor track" (what they share, their parent, is
        asked), not *Standard tiles* and *The Hunt pool* for "standard tiles in the pool"."""
        if not SIBLING_HEADING or not wanted:
            return True
        query = wanted["lang"]
        return query & self._headings[one]["lang"] == query & self._headings[other]["lang"]

    def _hit(self, docnum: int, score: float, forms: set[str]) -> Hit:
        doc = self._docs[docnum]
        return Hit(label=doc["label"], page=doc["page"], kind=doc["kind"], title=doc["title"],
                   score=float(score), snippet=self._snippet(docnum, forms))

    def _heading_words(self, doc: dict) -> dict[str, frozenset[str]]:
        return {
            "lang": frozenset(doc["fields"]["title"]),
            "surface": frozenset(fold(w) for w in _WORDS.findall(doc["title"]) if not is_stop_word(w, self.lang)),
            "asks": frozenset(fold(w) for w in _WORDS.findall(" ".join((doc["title"], doc.get("other_title", ""))))),
            "digits": any(w.isdigit() for w in _WORDS.findall(doc["title"])),
            "other": frozenset(doc["fields"]["other_title"]),
            "en": frozenset(analyze(_label_words(doc["label"]), "en")),
        }

    def _title_bonus(self, docnum: int, wanted: dict[str, set[str]]) -> float:
        """Up to ×(1 + TITLE_BONUS) for a heading that says what the query says, and little else.

        The Dice overlap of the query's words with the heading (in this language, in the other
        one, or the label's words): *When the pool runs out* beats *The Hunt Pool* for
        ``hunt pool runs out``; the words as typed, unstemmed, break the ties stemming makes
        (``stacking limit`` is *The stacking limit*, not the card game's *stack limit*).
        """
        def dice(space: str, heading: frozenset[str]) -> float:
            query = wanted[space]
            return 2 * len(query & heading) / (len(query) + len(heading)) if query and heading else 0.0

        heading = self._headings[docnum]
        overlap = max(
            0.8 * dice("lang", heading["lang"]) + 0.2 * dice("surface", heading["surface"]),
            0.8 * dice("other", heading["other"]),
            0.8 * dice("en", heading["en"]),
        )
        return 1.0 + TITLE_BONUS * overlap

    # -- snippets -------------------------------------------------------------------------------

    def _sentences_of(self, docnum: int) -> list[tuple[int, int, list[tuple[str, int, int]]]]:
        """The document's text as sentences ``(start, end, [(form, start, end), ...])``, cached.

        (Whoosh's highlighter re-read every word of the text for each hit; sentences analysed
        once per document make a snippet a few set look-ups.)
        """
        cached = self._sentences.get(docnum)
        if cached is None:
            text = self._docs[docnum].get("text", "")
            tokens = [(t.text, t.startchar, t.endchar) for t in analyzer(self.lang)(text, chars=True)]
            cached, start = [], 0
            for end in [m.start() for m in _SENTENCE_END.finditer(text)] + [len(text)]:
                cached.append((start, end, [t for t in tokens if start <= t[1] < end]))
                start = end
            with self._lock:
                self._sentences[docnum] = cached
        return cached

    def _snippet(self, docnum: int, forms: set[str]) -> str:
        """The (at most two) sentences of the text with the most query words, hits in ``<mark>``."""
        text = self._docs[docnum].get("text", "")
        if not text or not forms:
            return html.escape(_lead(text), quote=False)
        sentences = self._sentences_of(docnum)
        scored = []
        for i, (_s, _e, tokens) in enumerate(sentences):
            hits = [t for t in tokens if t[0] in forms]
            if hits:
                scored.append((-len({t[0] for t in hits}), -len(hits), i))
        if not scored:
            return html.escape(_lead(text), quote=False)
        chosen = sorted(i for _d, _n, i in sorted(scored)[:SNIPPET_SENTENCES])
        pieces, last = [], None
        for i in chosen:
            start, end, tokens = sentences[i]
            piece = _marked(text, start, end, [t for t in tokens if t[0] in forms])
            if last is not None and i == last + 1:
                pieces[-1] += " " + piece
            else:
                pieces.append(piece)
            last = i
        return _join_passages(pieces)


def _join_passages(pieces: list[str]) -> str:
    """One ellipsis between two passages, whether or not either was cut there."""
    out = pieces[0]
    for piece in pieces[1:]:
        out = out.removesuffix(" …") + " … " + piece.removeprefix("… ")
    return out


def _bm25(idf: float, tf: int, length: int, avg: float) -> float:
    return idf * (tf * (BM25_K1 + 1)) / (tf + BM25_K1 * (1 - BM25_B + BM25_B * length / avg))


def _marked(text: str, start: int, end: int, hits: list[tuple[str, int, int]]) -> str:
    """``text[start:end]`` escaped with ``hits`` in ``<mark>``, cut to about SNIPPET_CHARS
    characters around the first hits when the sentence is longer."""
    start, end = _trim(text, start, end, hits)
    out, at = [], start
    for _form, s, e in hits:
        if s < start or e > end:
            continue
        out.append(html.escape(text[at:s], quote=False))
        out.append("<mark>" + html.escape(text[s:e], quote=False) + "</mark>")
        at = e
    out.append(html.escape(text[at:end], quote=False))
    piece = "".join(out).strip()
    if start > 0 and not text[:start].rstrip().endswith((".", "!", "?", ";", ":")):
        piece = "… " + piece
    if end < len(text) and not text[:end].rstrip().endswith((".", "!", "?", ";", ":")):
        piece += " …"
    return piece


def _trim(text: str, start: int, end: int, hits: list[tuple[str, int, int]]) -> tuple[int, int]:
    """A window of about SNIPPET_CHARS characters of the sentence, around its first hits, cut
    at word boundaries."""
    while start < end and text[start].isspace():
        start += 1
    if end - start <= SNIPPET_CHARS:
        return start, end
    first = hits[0][1] if hits else start
    lo = max(start, min(first - SNIPPET_CHARS // 4, end - SNIPPET_CHARS))
    hi = min(end, lo + SNIPPET_CHARS)
    if lo > start:
        space = text.find(" ", lo)
        lo = space + 1 if 0 <= space < first else lo
    if hi < end:
        space = text.rfind(" ", lo, hi)
        hi = space if space > lo else hi
    return lo, hi


def asking_words(words: Iterable[str]) -> list[str]:
    """The words of a query that ask for a number, a moment, a person or a permission
    ("how many", "cuándo", "who", "can"): see :data:`INTENTS`.

    They match nothing in a rule's text, but a heading that answers in kind ("How many action
    dice each side rolls", "Cuándo se resuelve Oleada", "Leaders are never alone") may answer
    exactly that question.
    """
    return [w for w in words if fold(w) in ASKING]


def _one_letter_lost(short: str, word: str) -> bool:
    """Whether ``word`` is ``short`` with one letter more, anywhere but first ("pas", "pass")."""
    return any(word[:i] + word[i + 1:] == short for i in range(1, len(word)))


def max_typos(word: str) -> int:
    """How many edits a word of this length may carry and still be read as a misspelling.

    None under 4 letters (``cup`` is no typo of ``cut``; a word of :data:`SHORT_TYPO` letters
    may still have lost one, see OpenIndex._close_words), one up to 6 (``asedo``, ``Guia``), two
    from 7 (``corruptoin``, ``bsqueda`` has one).
    """
    n = len(word)
    return 0 if n < 4 else 1 if n <= 6 else 2


def _lead(text: str, size: int = 200) -> str:
    """The start of ``text``, cut at a word boundary."""
    if len(text) <= size:
        return text
    cut = text.rfind(" ", 0, size)
    return text[: cut if cut > 0 else size] + " …"
