"""The Whoosh side of the search: analysis, the index on disk, queries, snippets, did-you-mean.

Every Whoosh import of the project lives here, so the engine behind :mod:`adjudicator.search`
can be swapped by rewriting this one module. The interface :mod:`adjudicator.search` uses:

* :func:`analyze` (the words a text is indexed under, in a language),
* :func:`write_index` (one index directory per docs language),
* :class:`OpenIndex` (``search``, ``corrections``, ``knows``, ``close``).

Analysis (both languages): words are lower-cased, stop words dropped, accents and ``ñ``
folded (``asediádo`` -> ``asediado``, ``daño`` -> ``dano``) and then stemmed with the
Snowball stemmer of the language (``asediado``, ``asedio`` -> ``asedi``). Folding comes
before stemming so a word typed without its accent stems exactly like the accented one.

Each document (a rule section or a glossary term) has, in the index of language L:
``title`` and ``text`` (analysed in L), ``label_words`` (the label's English words, e.g.
``siege besieged army``), ``other_title`` and ``other_text`` (the same section in the other
language, analysed in that language: the labels are shared, so an English query finds a
Spanish page and the other way round), and ``vocab`` / ``other_vocab`` (the words as written,
for the spelling corrector: did-you-mean proposes words of L only; a typo is searched as the
closest words of either language).

Ranking: Whoosh's BM25F over those fields (weights at query time, :data:`FIELD_BOOST`), then
a bonus for a heading that says what the query says (:meth:`OpenIndex._title_bonus`), and
glossary entries weighted below the rule sections that use the term.
"""
from __future__ import annotations

import html
import math
import re
import shutil
import threading
import uuid
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Iterable

from whoosh import highlight, index as windex
from whoosh.analysis import CharsetFilter, LowercaseFilter, RegexTokenizer, StemFilter, StopFilter, Token
from whoosh.fields import ID, STORED, TEXT, Schema
from whoosh.lang.stopwords import stoplists
from whoosh.query import Or, Phrase, Term
from whoosh.support.charset import accent_map
from whoosh.support.levenshtein import damerau_levenshtein

BACKEND = "whoosh-reloaded"
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
           "please", "hi", "hello", "thanks", "tell", "explain", "mean", "means", "meaning"},
    "es": {"puede", "pueden", "puedo", "podemos", "pasa", "ocurre", "sucede", "hace", "hago",
           "regla", "reglas", "si", "cómo", "cuál", "cuáles", "qué", "debe", "tengo", "cuántos",
           "cuántas", "cuánto", "cuánta", "cuantos", "cuantas", "cuanto", "cuanta", "dónde",
           "quién", "quiénes", "cuándo", "alguien", "algo", "exactamente", "hola", "gracias",
           "explica", "significa", "vale"},
}

# Question words that a heading may share with the question (see asking_words), folded.
ASKING = {"many", "much", "when", "who", "cuantos", "cuantas", "cuanto", "cuanta", "cuando", "quien"}

# A question word's concept weighs this much of what a word of the game as rare weighs.
ASKING_WEIGHT = 0.5

# Field weights (applied at query time): a hit in a title says far more than one in running
# text; the other language's text only breaks ties the query's own words leave; the headings
# of the sections around a rule (``context``) say a little about it.
FIELD_BOOST = {"title": 2.5, "text": 1.5, "label_words": 1.5, "context": 0.5, "game": 0.3,
               "other_title": 3.0, "other_text": 0.4}
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
# A broad section goes to this fraction of the score of its subsection that matches as well.
SPECIFIC_MARGIN = 0.98
CANDIDATES = 60  # documents BM25F hands to the reranking
MAX_VARIANTS = 3  # close words searched for one misspelt word
MAX_CONCEPTS = 16
MAX_CLOSEST = 5
# Spelling help only for word-like words of a sensible length, and for the first few unknown
# words of a query: a pasted paragraph of nonsense must not cost a second of corrections.
MIN_SPELL, MAX_SPELL, MAX_SPELLED_WORDS = 4, 24, 4
_WORDS = re.compile(WORD_PATTERN)


def _label_words(label: str) -> str:
    """``wotr-hunt-damage-eye`` -> ``hunt damage eye`` (the game prefix says nothing)."""
    parts = label.split("-")
    return " ".join(parts[1:] if parts and parts[0] in ("wotr", "wotrcg", "lcg", "term") else parts)


@lru_cache(maxsize=None)
def stop_words(lang: str) -> frozenset[str]:
    return frozenset((set(stoplists[lang]) - KEEP[lang]) | EXTRA_STOP[lang])


@lru_cache(maxsize=None)
def analyzer(lang: str):
    """Lower case, stop words, accent/ñ folding, then the Snowball stemmer of ``lang``."""
    return (RegexTokenizer(WORD_PATTERN) | LowercaseFilter()
            | StopFilter(stoplist=stop_words(lang), minsize=1)
            | CharsetFilter(accent_map) | StemFilter(lang=lang, cachesize=50000))


@lru_cache(maxsize=None)
def spell_analyzer():
    """Lower-case words without accents: what a misspelt word is compared with."""
    return RegexTokenizer(WORD_PATTERN) | LowercaseFilter() | CharsetFilter(accent_map)


@lru_cache(maxsize=None)
def vocab_analyzer():
    """Plain lower-case words with their accents: what the spelling corrector proposes."""
    return RegexTokenizer(WORD_PATTERN) | LowercaseFilter()


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


def schema(lang: str) -> Schema:
    other = OTHER[lang]
    return Schema(
        label=ID(stored=True, unique=True),
        page=STORED(),
        kind=STORED(),
        parent=STORED(),
        terms=STORED(),  # the analysed words of each part, for the ranking's coverage (Ranker)
        title=TEXT(analyzer=analyzer(lang), stored=True),
        text=TEXT(analyzer=analyzer(lang), stored=True),
        label_words=TEXT(analyzer=analyzer("en")),
        game=TEXT(analyzer=analyzer("en")),
        context=TEXT(analyzer=analyzer(lang)),
        other_title=TEXT(analyzer=analyzer(other), stored=True),
        other_text=TEXT(analyzer=analyzer(other)),
        vocab=TEXT(analyzer=vocab_analyzer(), phrase=False),
        other_vocab=TEXT(analyzer=vocab_analyzer(), phrase=False),
        spell=TEXT(analyzer=spell_analyzer(), phrase=False),
    )


#: (field, analysis language) for the index of language L, as a function of L.
def query_fields(lang: str) -> list[tuple[str, str]]:
    other = OTHER[lang]
    return [("title", lang), ("text", lang), ("label_words", "en"), ("game", "en"), ("context", lang),
            ("other_title", other), ("other_text", other)]


def match_terms(doc: dict, lang: str) -> dict[str, list[str]]:
    """The analysed words of each part of a document, as the ranking compares them."""
    other = OTHER[lang]
    return {
        "title": sorted(set(analyze(doc["title"], lang))),
        "text": sorted(set(analyze(doc["text"], lang))),
        "label": sorted(set(analyze(doc.get("label_words", ""), "en"))),
        "game": sorted(set(analyze(doc.get("game", ""), "en"))),
        "context": sorted(set(analyze(doc.get("context", ""), lang))),
        "other": sorted(set(analyze(" ".join((doc.get("other_title", ""), doc.get("other_text", ""))), other))),
        "other_title": sorted(set(analyze(doc.get("other_title", ""), other))),
    }


def write_index(path: Path, lang: str, documents: Iterable[dict],
                extra_files: dict[str, str] | None = None) -> int:
    """Write a fresh index of ``documents`` at ``path``, replacing any index there at once.

    A document is ``{label, page, kind, parent, title, text, context, other_title, other_text,
    label_words}`` (``context``: the headings of the sections it sits in).
    The new index is written beside the old one and renamed into place, so a process that
    has the old one open keeps reading it until it notices the change. ``extra_files``
    (name -> text) are written into the new directory before it goes live.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fresh = path.with_name(f".{path.name}.new-{uuid.uuid4().hex[:8]}")
    fresh.mkdir()
    count = 0
    try:
        ix = windex.create_in(str(fresh), schema(lang))
        writer = ix.writer(limitmb=64)
        for doc in documents:
            writer.add_document(
                label=doc["label"], page=doc["page"], kind=doc["kind"], parent=doc.get("parent", ""),
                terms=match_terms(doc, lang),
                title=doc["title"], text=doc["text"], label_words=doc.get("label_words", ""),
                context=doc.get("context", ""), game=doc.get("game", ""),
                other_title=doc.get("other_title", ""), other_text=doc.get("other_text", ""),
                vocab=" ".join((doc["title"], doc["text"])),
                other_vocab=" ".join((doc.get("other_title", ""), doc.get("other_text", ""))),
                spell=" ".join((doc["title"], doc["text"], doc.get("other_title", ""), doc.get("other_text", ""))),
            )
            count += 1
        writer.commit(optimize=True)
        ix.close()
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
    return count


def index_exists(path: Path) -> bool:
    return Path(path).is_dir() and windex.exists_in(str(path))


class MarkFormatter(highlight.Formatter):
    """Escapes the text and wraps each hit in ``<mark>``: safe to insert into a page as is."""

    between = " … "

    def format_token(self, text: str, token, replace: bool = False) -> str:
        return "<mark>" + html.escape(highlight.get_text(text, token, replace), quote=False) + "</mark>"

    def _text(self, text: str) -> str:
        return html.escape(text, quote=False)


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
    the headings of the sections around a rule counts ``CONTEXT_STRENGTH``).
    """

    word: str
    variants: tuple[tuple[str, float], ...]
    matches: dict[int, float]
    weight: float
    known: bool  # the reference has the word itself (or it is a fuzzy match of one)
    game: bool   # the word is in a heading or a glossary term: a word of the game
    asking: bool = False  # a question word: it meets only the headings that ask the same


@dataclass
class Ranking:
    """What :meth:`OpenIndex.search` found: the hits, how sure it is, the spelling help."""

    hits: list[Hit]
    confidence: float  # 0..1: how much of the query the best hit covers (see Ranker.confidence)
    corrections: dict[str, str]
    closest: list[Hit]  # glossary terms nearest to the query (offered when nothing matches)


class OpenIndex:
    """One language's index, opened once; the searcher is reused until the index changes.

    Whoosh searchers are not meant to be shared between threads, so every use of this one
    goes through a lock (a search takes milliseconds; the web app's threads queue briefly).

    Ranking, in three steps (the weights are in the constants above, chosen on the tuning
    part of the relevance set, ``docs/usage.md`` explains them to players):

    1. each query word becomes a :class:`Concept` (stop and question words are already gone;
       a misspelt word brings its closest words of the reference); its weight is its rarity
       in the reference (idf), halved for a word that is in no heading and no glossary term;
    2. Whoosh's BM25F scores the documents over the fields (:data:`FIELD_BOOST`), each word's
       clauses weighted by its concept's weight;
    3. that score is multiplied by the share of the query's weight the document covers
       (a rule that has every key word beats one that repeats one of them), by the heading
       bonus, and a section is put below a subsection of its own that covers the query as
       well with a heading at least as close: the specific rule wins over its parent.
    """

    def __init__(self, path: Path, lang: str, stamp: object):
        self.path = Path(path)
        self.lang = lang
        self.stamp = stamp  # whatever tells the caller the index on disk was replaced
        self._ix = windex.open_dir(str(self.path))
        self._searcher = self._ix.searcher()
        self._lock = threading.Lock()
        reader = self._searcher.reader()
        self._known = {field: frozenset(_text(t) for t in reader.lexicon(field))
                       for field, _lang in query_fields(lang)}
        # The words as written: folded -> (the spelling in this language, in the other one)
        self._surface: dict[str, dict[str, str]] = {}
        for field, code in (("vocab", lang), ("other_vocab", OTHER[lang])):
            for term in reader.lexicon(field):
                word = _text(term)
                self._surface.setdefault(fold(word), {}).setdefault(code, word)
        # A few hundred small documents: their stored fields and analysed words stay in
        # memory, so ranking never reads or re-analyses a stored document.
        self._docs = {docnum: fields for docnum, fields in reader.iter_docs()}
        self._n = max(1, len(self._docs))
        self._headings = {docnum: self._heading_words(fields) for docnum, fields in self._docs.items()}
        self._postings: dict[str, dict[str, set[int]]] = {}
        for docnum, fields in self._docs.items():
            for part, forms in (fields.get("terms") or {}).items():
                space = self._postings.setdefault(part, {})
                for form in forms:
                    space.setdefault(form, set()).add(docnum)
        # The game's words: any word of a heading or a glossary term, in either language.
        self._game = {"lang": set(self._postings.get("title", {})),
                      "other": set(self._postings.get("other_title", {})),
                      "en": set(self._postings.get("label", {}))}
        by_label = {fields["label"]: docnum for docnum, fields in self._docs.items()}
        self._ancestors = {docnum: self._ancestry(docnum, by_label) for docnum in self._docs}
        self._freq = {fold(_text(t)): reader.doc_frequency("spell", t) for t in reader.lexicon("spell")}
        self._tokens: dict[int, list[tuple[str, int, int]]] = {}
        self._spellings: dict[str, tuple[tuple[str, int], ...]] = {}
        self._concept_cache: dict[tuple[str, bool], Concept] = {}
        self._highlighter = highlight.Highlighter(
            fragmenter=highlight.ContextFragmenter(maxchars=180, surround=50),
            scorer=highlight.BasicFragmentScorer(),
            formatter=MarkFormatter(),
        )

    def close(self) -> None:
        self._searcher.close()
        self._ix.close()

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
        """True when ``word`` is a word of the reference (either language) or a stop word."""
        if fold(word) in self._surface:
            return True
        for field, lang in query_fields(self.lang):
            forms = analyze(word, lang)
            if not forms:
                return True  # a stop word of that language: nothing to correct
            if all(f in self._known[field] for f in forms):
                return True
        return False

    def _close_words(self, word: str) -> tuple[tuple[str, int], ...]:
        """The reference's words nearest to an unknown ``word``: ``((folded word, distance), ...)``.

        Within an edit distance that fits the word's length (:func:`max_typos`; a swap of two
        letters is one edit), compared without accents, the first letter as typed, among the
        words of the game (those of a heading or a glossary term, in either language). The
        nearest come first, then the most used. Cached per word.
        """
        low = fold(word)
        cached = self._spellings.get(low)
        if cached is not None:
            return cached
        found: tuple[tuple[str, int], ...] = ()
        allowed = max_typos(low)
        if allowed and low.isalpha() and not self.knows(word):
            reader = self._searcher.reader()
            near = []
            for term in reader.terms_within("spell", low, min(allowed + 1, 2), prefix=1):
                cand = _text(term)
                dist = damerau_levenshtein(low, cand)
                # Only a word of the game is a correction: a key word misspelt is what sinks
                # a search; "world" is no typo of "would".
                if 0 < dist <= allowed and not self._is_stop(cand) and self._is_game_word(cand):
                    near.append((dist, -self._freq.get(cand, 0), cand))
            near.sort()
            best = near[0][0] if near else 0
            found = tuple((cand, dist) for dist, _f, cand in near if dist == best)[:MAX_VARIANTS]
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
        variants = ((word, 1.0),) + tuple((cand, FUZZY_STRENGTH) for cand, _d in close)
        matches: dict[int, float] = {}
        spaces = (("title", self.lang, 1.0), ("text", self.lang, 1.0), ("label", "en", 1.0),
                  ("game", "en", 1.0), ("other", OTHER[self.lang], 1.0),
                  ("context", self.lang, CONTEXT_STRENGTH))
        for variant, strength in variants:
            crosses = self._crosses(variant)
            for space, code, part_strength in spaces:
                if space == "other" and not crosses:
                    continue
                postings = self._postings.get(space, {})
                for form in analyze(variant, code):
                    for docnum in postings.get(form, ()):
                        value = strength * part_strength
                        if matches.get(docnum, 0.0) < value:
                            matches[docnum] = value
        df = sum(1 for v in matches.values() if v >= CONTEXT_STRENGTH)
        game = any(self._is_game_word(v) for v, _s in variants)
        weight = math.log(1 + self._n / (1 + df)) * (1.0 if game else FILLER_WEIGHT)
        return Concept(word=word, variants=variants, matches=matches, weight=weight,
                       known=bool(matches), game=game)

    def _crosses(self, word: str) -> bool:
        """Whether ``word`` may be a word of the other language (then it searches that text too).

        Only when the other language's reference writes it so, or (five letters or more) it
        stems like a word of the other language's headings: stemmed in the other language,
        an English word can look Spanish by chance ("mana" stems like "mano").
        """
        folded = fold(word)
        if OTHER[self.lang] in self._surface.get(folded, {}):
            return True
        return len(folded) >= 5 and any(f in self._game["other"] for f in analyze(word, OTHER[self.lang]))

    def _concepts(self, words: list[str]) -> list[Concept]:
        """The query's words as concepts; only the first few new unknown words get spelling help."""
        out, fresh = [], 0
        # A lone letter ("x", "y") says nothing a search can use; a digit may ("corruption 12").
        words = [w for w in words if len(w) > 1 or w.isdigit()]
        for word in list(dict.fromkeys(w.lower() for w in words))[:MAX_CONCEPTS]:
            spell = fold(word) in self._spellings or fresh < MAX_SPELLED_WORDS
            if spell and fold(word) not in self._spellings and not self.knows(word):
                fresh += 1
            out.append(self._concept(word, spell))
        return out

    def _asking_concepts(self, asks: Iterable[str]) -> list[Concept]:
        """"how many", "cuántos", "who": concepts that meet the headings asking the same."""
        out = []
        for word in dict.fromkeys(fold(w) for w in asks):
            matches = {d: 1.0 for d, heading in self._headings.items() if word in heading["asks"]}
            if matches:
                weight = math.log(1 + self._n / (1 + len(matches))) * ASKING_WEIGHT
                out.append(Concept(word=word, variants=(), matches=matches, weight=weight,
                                   known=True, game=False, asking=True))
        return out

    def _word_query(self, concept: Concept):
        """Every field the word (and its close spellings) may hit, each in its own analysis."""
        terms: dict[tuple[str, str], float] = {}
        for variant, weight in concept.variants:
            # A word that is in this language's headings is this language's word: the other
            # language's fields would only add noise (and time) for it.
            own = any(f in self._known["title"] for f in analyze(variant, self.lang))
            crosses = not own and self._crosses(variant)
            for field, lang in query_fields(self.lang):
                if not crosses and field in ("other_title", "other_text"):
                    continue
                for form in analyze(variant, lang):
                    if form in self._known[field]:  # a term nowhere in the field matches nothing
                        key = (field, form)
                        terms[key] = max(terms.get(key, 0.0), weight)
        scale = concept.weight
        return [Term(field, form, boost=weight * scale * FIELD_BOOST[field]) for (field, form), weight in terms.items()]

    def _phrase_query(self, text: str, lang_of_text: str, boost: float):
        """``text`` as a phrase (or a term) in the fields analysed in ``lang_of_text``."""
        parts = []
        for field, lang in query_fields(self.lang):
            if lang != lang_of_text or field in ("label_words", "context", "game"):
                continue
            forms = analyze(text, lang)
            if len(forms) == 1:
                parts.append(Term(field, forms[0], boost=boost * FIELD_BOOST[field]))
            elif forms:
                parts.append(Phrase(field, forms, slop=1, boost=boost * FIELD_BOOST[field]))
        return parts

    # -- searching ------------------------------------------------------------------------------

    def search(self, words: list[str], phrases: list[tuple[str, str, float]], limit: int,
               kind_weight: dict[str, float] | None = None, asks: Iterable[str] = ()) -> Ranking:
        """The best ``limit`` documents for ``words`` and ``phrases``, and how well they match.

        ``phrases`` are ``(text, language of the text, boost)``: the glossary's translations of
        the terms found in the query, and the query itself as a phrase. ``kind_weight``
        scales the score of a kind of document (glossary terms below rules). ``asks``: the
        query's question words (:func:`asking_words`), matched against headings only. Only the
        hits returned are highlighted.
        """
        weights = kind_weight or {}
        with self._lock:
            concepts = self._concepts(words) + self._asking_concepts(asks)
            corrections = {c.word: fix for c in concepts if len(c.variants) > 1
                           for fix in [self.correction(c.word)] if fix and fold(fix) != fold(c.word)}
            clauses = [t for c in concepts if c.known and not c.asking for t in self._word_query(c)]
            clauses += [c for t, lg, b in phrases for c in self._phrase_query(t, lg, b)]
            if not clauses:
                return Ranking([], 0.0, corrections, [])
            results = self._searcher.search(Or(clauses), limit=CANDIDATES)
            base = {docnum: score * weights.get(self._docs[docnum]["kind"], 1.0) for score, docnum in results.top_n}
            wanted = self._wanted(concepts)
            known_weight = sum(c.weight for c in concepts if c.known)
            coverage = {d: self._coverage(d, concepts, known_weight) for d in base}
            bonus = {d: self._title_bonus(d, wanted) for d in base}
            score = {d: base[d] * bonus[d] * (COVERAGE_FLOOR + (1 - COVERAGE_FLOOR) * coverage[d]) ** COVERAGE_POWER
                     for d in base}
            self._prefer_specific(score, coverage, bonus)
            ranked = sorted(score, key=lambda d: -score[d])
            confidence = self._confidence(ranked[0], concepts) if ranked else 0.0
            text_forms = {c.text for c in clauses if isinstance(c, Term) and c.fieldname == "text"}
            text_forms |= {w for c in clauses if isinstance(c, Phrase) and c.fieldname == "text" for w in c.words}
            hits = [self._hit(d, score[d], text_forms) for d in ranked[:limit]]
            closest = [self._hit(d, score[d], set()) for d in ranked if self._docs[d]["kind"] == "term"][:MAX_CLOSEST]
        return Ranking(hits, confidence, corrections, closest)

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
                         bonus: dict[int, float]) -> None:
        """A section goes just below its best subsection that matches the query as well.

        "As well": the subsection covers at least the same share of the query and its heading
        is at least as close to it. A query that names the broad section ("sieges") keeps it
        first; one that the subsection answers as fully ("extend a siege") gets the subsection.
        """
        for docnum in sorted(score, key=lambda d: -score[d]):
            for ancestor in self._ancestors.get(docnum, ()):
                if (ancestor in score and coverage[docnum] >= coverage[ancestor] - 1e-9
                        and bonus[docnum] >= bonus[ancestor] - 1e-9 and score[ancestor] > score[docnum]):
                    score[ancestor] = score[docnum] * SPECIFIC_MARGIN

    def _hit(self, docnum: int, score: float, forms: set[str]) -> Hit:
        doc = self._docs[docnum]
        return Hit(label=doc["label"], page=doc["page"], kind=doc["kind"], title=doc["title"],
                   score=float(score), snippet=self._snippet(docnum, forms))

    def _heading_words(self, doc: dict) -> dict[str, frozenset[str]]:
        other = OTHER[self.lang]
        return {
            "lang": frozenset(analyze(doc["title"], self.lang)),
            "surface": frozenset(fold(w) for w in _WORDS.findall(doc["title"]) if not is_stop_word(w, self.lang)),
            "asks": frozenset(fold(w) for w in _WORDS.findall(" ".join((doc["title"], doc.get("other_title", ""))))
                              if fold(w) in ASKING),
            "other": frozenset(analyze(doc.get("other_title", ""), other)),
            "en": frozenset(analyze(_label_words(doc["label"]), "en")),
        }

    def _snippet(self, docnum: int, forms: set[str]) -> str:
        """The best two passages of the document's text with ``forms`` marked, as safe HTML.

        Whoosh's fragmenter, scorer and (escaping) formatter, fed with the document's tokens
        analysed once per process instead of on every search.
        """
        text = self._docs[docnum].get("text", "")
        lead = html.escape(_lead(text), quote=False)
        if not text or not forms:
            return lead
        cached = self._tokens.get(docnum)
        if cached is None:
            cached = [(t.text, t.startchar, t.endchar) for t in analyzer(self.lang)(text, chars=True)]
            self._tokens[docnum] = cached
        tokens = (Token(text=word, startchar=start, endchar=end, matched=word in forms)
                  for word, start, end in cached)
        hl = self._highlighter
        fragments = hl.fragmenter.fragment_tokens(text, hl._merge_matched_tokens(tokens))
        best = highlight.top_fragments(fragments, 2, hl.scorer, hl.order, minscore=1)
        merged: list = []
        for fragment in best:  # in text order
            fragment.startchar, fragment.endchar = _sentence_bounds(text, fragment.startchar, fragment.endchar)
            if merged and fragment.startchar <= merged[-1].endchar:  # widened into each other
                last = merged[-1]
                seen = last.matches[-1].endchar if last.matches else last.startchar
                last.matches += [m for m in fragment.matches if m.startchar >= seen]
                last.endchar = max(last.endchar, fragment.endchar)
            else:
                merged.append(fragment)
        return hl.formatter(text, merged) or lead

    def _title_bonus(self, docnum: int, wanted: dict[str, set[str]]) -> float:
        """Up to ×(1 + TITLE_BONUS) for a heading that says what the query says, and little else.

        The Dice overlap of the query's words with the heading (in this language, in the other
        one, or the label's words): *When the pool runs out* beats *The Hunt Pool* for
        ``hunt pool runs out``; the words as typed, unstemmed, break the ties stemming makes
        (``stacking limit`` is *The stacking limit*, not the card game's *stack limit*).
        """
        def dice(query: set[str], heading: set[str]) -> float:
            return 2 * len(query & heading) / (len(query) + len(heading)) if query and heading else 0.0

        heading = self._headings[docnum]
        overlap = max(
            0.8 * dice(wanted["lang"], heading["lang"]) + 0.2 * dice(wanted["surface"], heading["surface"]),
            0.8 * dice(wanted["other"], heading["other"]),
            0.8 * dice(wanted["en"], heading["en"]),
        )
        return 1.0 + TITLE_BONUS * overlap


def asking_words(words: Iterable[str]) -> list[str]:
    """The words of a query that ask for a number, a moment or a person ("how many", "cuándo").

    They match nothing in a rule's text, but a heading that asks the same ("How many action
    dice each side rolls", "Cuándo se resuelve Oleada") answers exactly that question.
    """
    return [w for w in words if fold(w) in ASKING]


def max_typos(word: str) -> int:
    """How many edits a word of this length may carry and still be read as a misspelling.

    None under 4 letters (``cup`` is no typo of ``cut``), one up to 6 (``asedo``, ``Guia``),
    two from 7 (``corruptoin``, ``bsqueda`` has one).
    """
    n = len(word)
    return 0 if n < 4 else 1 if n <= 6 else 2


def _sentence_bounds(text: str, start: int, end: int, reach: int = 40) -> tuple[int, int]:
    """Widen a passage to the start and end of its sentences when they are close by."""
    dot = text.rfind(". ", 0, start)
    begin = dot + 2 if dot >= 0 else 0
    if start - begin <= reach:
        start = begin
    stop = text.find(". ", end)
    stop = len(text) if stop < 0 else stop + 1
    if stop - end <= reach:
        end = stop
    return start, end


def _text(term: object) -> str:
    return term.decode("utf-8") if isinstance(term, bytes) else str(term)


def _lead(text: str, size: int = 200) -> str:
    """The start of ``text``, cut at a word boundary."""
    if len(text) <= size:
        return text
    cut = text.rfind(" ", 0, size)
    return text[: cut if cut > 0 else size] + " …"
