"""The search engine behind :mod:`adjudicator.search`: the ranking, over the parts of the engine.

This package of modules is the one place that knows how the search is done, so it can be
swapped by rewriting it alone. The interface :mod:`adjudicator.search` uses, all importable
from here:

* :func:`analyze` (the words a text is indexed under, in a language), :func:`is_stop_word`,
  :func:`asking_words`;
* :func:`write_index` / :func:`index_exists` / :func:`being_replaced` (one index directory per
  docs language, swapped whole by a rebuild);
* :class:`OpenIndex` (``search``, ``correction``, ``knows``, ``close``).

The parts, one topic each (:data:`PARTS`): :mod:`adjudicator.search.analysis` (Whoosh's
analysis chain: stop words, plurals, accents, stems), :mod:`adjudicator.search.index` (the
documents' fields, writing the index and loading it into memory with its BM25 weights),
:mod:`adjudicator.search.query` (reading the query's words: typos, compounds, the other
language), :mod:`adjudicator.search.snippets` (the snippets), and this module, the ranking.

(Whoosh's searcher, used before, spent most of a query building matchers for each clause;
``bm25s`` scores one field with unweighted words, and the ranking needs per-field, per-word
weights. What is written here by hand is only that sum.) Spelling help compares unknown words
with the reference's words with RapidFuzz's Damerau-Levenshtein distance.
"""
from __future__ import annotations

import math
import sys
import threading
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from rapidfuzz.distance import DamerauLevenshtein

from adjudicator.search import analysis as search_analysis
from adjudicator.search import index as search_index
from adjudicator.search import query as search_query
from adjudicator.search import snippets as search_snippets
from adjudicator.search.analysis import ASKING, INTENTS, OTHER, WORDS, analyze, asking_words, fold, is_stop_word
from adjudicator.search.index import (
    BACKEND,
    FIELDS,
    PHRASE_FIELDS,
    IndexData,
    being_replaced,
    bm25,
    field_lang,
    index_exists,
    write_index,
)
from adjudicator.search.query import QueryReader, max_typos
from adjudicator.search.snippets import Snippets

__all__ = ["BACKEND", "Concept", "Hit", "OpenIndex", "Ranking", "analyze", "asking_words", "being_replaced",
           "index_exists", "is_stop_word", "max_typos", "write_index"]

# The engine's modules: a change to any of them may change the index (search.py's fingerprint)
# and each holds its own tunable constants (tools/tune_search.py --sweep looks in every one).
PARTS = (search_analysis, search_index, search_query, search_snippets, sys.modules[__name__])

# A question word's concept weighs this much of what a word of the game as rare weighs.
ASKING_WEIGHT = 0.5

# Field weights: a hit in a title says far more than one in running text; the other
# language's text only breaks ties the query's own words leave; the headings of the sections
# around a rule (``context``) say a little about it.
FIELD_BOOST = {"title": 2.5, "text": 1.5, "label": 1.5, "context": 0.5, "game": 0.3,
               "other_title": 3.0, "other_text": 0.4, "phrasings": 1.6, "other_phrasings": 0.5,
               "asked": 2.0, "other_asked": 0.5}
# A word found only in a rule's phrasings counts this much of one in its own words (coverage).
PHRASING_STRENGTH = 1.0
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
MAX_CONCEPTS = 16
MAX_CLOSEST = 5
# Spelling help only for word-like words of a sensible length, and for the first few unknown
# words of a query: a pasted paragraph of nonsense must not cost a second of corrections.
MIN_SPELL, MAX_SPELL, MAX_SPELLED_WORDS = 3, 24, 4
# A heading typed whole is a name: at most this many words, stop words included.
MAX_NAME_WORDS = 9
NAMED_MARGIN = 0.01  # ... and scored this share above the best other hit, each above the next
# A query that names one game (the card game: search/routing.py) scores the other games' rule
# sections at this share: "corruption" in a card-game question is the card game's corruption.
OTHER_GAME = 0.4
# A query that names no game is most likely about the board game, the one most questions are
# about: the card game's rule sections score this share ("hand limit" is the board game's).
UNNAMED_GAME = 0.8


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
    named: bool = False  # the query is the best hit's whole heading (a card's name typed): no floor refuses it



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
        self.index = IndexData(path, lang)
        self.reader = QueryReader(self.index)
        self.snippets = Snippets(self.index)
        self._lock = threading.Lock()  # guards the caches only: the index itself is read-only
        self._concept_cache: dict[tuple[str, bool], Concept] = {}
        self._used: dict[str, str] | None = None

    def close(self) -> None:
        """Nothing to release: the index is plain memory (kept for the interface)."""

    def knows(self, word: str) -> bool:
        """True when ``word`` is a word of the reference (either language) or a stop word."""
        return self.reader.knows(word)

    def uses(self, label: str, phrase: str) -> bool:
        """Whether the rule ``label`` has ``phrase`` (folded words, in this order) in its heading
        or text, or in one of the ways players ask about it (data/search_phrasings.json, written
        by hand, not the questions asked before), in either language: "the best possible
        pairing" has "best", "the hunt gets easier each move" has "easier" (a comparative asked
        about a rule), the setup's "four decks" and "players" are no "four players"."""
        if self._used is None:
            parts = ("title", "text", "other_title", "other_text")
            used = {}  # built whole, then shared: a thread never sees half of it
            for doc in self.index.docs.values():
                texts = [doc.get(part, "") for part in parts]
                texts += [way for part in ("phrasings", "other_phrasings") for way in doc.get(part) or ()]
                used[doc["label"]] = " " + " | ".join(" ".join(fold(w) for w in WORDS.findall(text))
                                                      for text in texts) + " "
            self._used = used
        return f" {phrase} " in self._used.get(label, "")

    def correction(self, word: str) -> str | None:
        """The did-you-mean of an unknown word: its nearest word, as the reference spells it."""
        return self.reader.correction(word)

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
        close = self.reader.close_words(word) if spell and MIN_SPELL <= len(word) <= MAX_SPELL else ()
        # One nearest word is the word meant; several share the doubt.
        strength = FUZZY_UNIQUE if len(close) == 1 else FUZZY_STRENGTH
        variants = ((word, 1.0),) + tuple((cand, strength) for cand, _d in close)
        matches: dict[int, float] = {}
        spaces = (("title", self.lang, 1.0), ("text", self.lang, 1.0), ("label", "en", 1.0),
                  ("game", "en", 1.0), ("other", OTHER[self.lang], 1.0),
                  ("context", self.lang, CONTEXT_STRENGTH), ("phrasings", self.lang, PHRASING_STRENGTH),
                  ("other_phrasings", OTHER[self.lang], PHRASING_STRENGTH), ("asked", self.lang, PHRASING_STRENGTH),
                  ("other_asked", OTHER[self.lang], PHRASING_STRENGTH))
        for variant, strength in variants:
            crosses = self.reader.crosses(variant)
            for space, code, part_strength in spaces:
                if space.startswith("other") and not crosses:
                    continue
                postings = self.index.parts[space]
                for form in analyze(variant, code):
                    for docnum in postings.get(form, ()):
                        value = strength * part_strength
                        if matches.get(docnum, 0.0) < value:
                            matches[docnum] = value
        df = sum(1 for v in matches.values() if v >= CONTEXT_STRENGTH)
        game = any(self.index.is_game_word(v) for v, _s in variants)
        weight = math.log(1 + self.index.n / (1 + df)) * (1.0 if game else FILLER_WEIGHT)
        concept = Concept(word=word, variants=variants, matches=matches, weight=weight,
                          known=bool(matches), game=game)
        concept.scores = self._word_scores(concept) if concept.known else {}
        return concept

    def _concepts(self, words: list[str]) -> list[Concept]:
        """The query's words as concepts; only the first few new unknown words get spelling help."""
        out, fresh = [], 0
        # A lone letter ("x", "y") says nothing a search can use; a digit may ("corruption 12").
        words = self.reader.compounds([w for w in words if len(w) > 1 or w.isdigit()])
        for word in list(dict.fromkeys(w.lower() for w in words))[:MAX_CONCEPTS]:
            if self.reader.misspelt_filler(word):
                continue
            spell = self.reader.spelt(word) or fresh < MAX_SPELLED_WORDS
            if spell and not self.reader.spelt(word) and not self.reader.knows(word):
                fresh += 1
            out.append(self._concept(word, spell))
        return out

    def _asking_concepts(self, asks: Iterable[str]) -> list[Concept]:
        """"how many", "cuándo", "can": concepts that meet the headings that answer in kind."""
        out = []
        for intent in dict.fromkeys(ASKING[fold(w)] for w in asks if fold(w) in ASKING):
            answers = INTENTS[intent][1]
            matches = {d: 1.0 for d, heading in self.index.headings.items()
                       if heading["asks"] & answers or (intent == "number" and heading["digits"])}
            if matches:
                weight = math.log(1 + self.index.n / (1 + len(matches))) * ASKING_WEIGHT
                out.append(Concept(word=intent, variants=(), matches=matches, weight=weight,
                                   known=True, game=False, asking=True, scores={}))
        return out

    def _word_scores(self, concept: Concept) -> dict[int, float]:
        """The BM25F score of the word (and its close spellings) in each document it occurs in."""
        terms: dict[tuple[str, str], float] = {}
        for variant, strength in concept.variants:
            # A word that is in this language's headings is this language's word: the other
            # language's fields would only add noise for it.
            own = any(f in self.index.postings["title"] for f in analyze(variant, self.lang))
            crosses = not own and self.reader.crosses(variant)
            for field in FIELDS:
                if not crosses and field.startswith("other_"):
                    continue
                for form in analyze(variant, field_lang(field, self.lang)):
                    if form in self.index.weights[field]:
                        key = (field, form)
                        terms[key] = max(terms.get(key, 0.0), strength)
        scores: dict[int, float] = {}
        for (field, form), strength in terms.items():
            boost = strength * concept.weight * FIELD_BOOST[field]
            for docnum, weight in self.index.weights[field][form].items():
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
                for docnum, value in self.index.weights[field].get(forms[0], {}).items():
                    scores[docnum] = scores.get(docnum, 0.0) + weight * value
                found = forms[0] in self.index.weights[field]
            else:
                counts = self._phrase_counts(field, forms)
                idf = self.index.idf(len(counts))
                avg = self.index.avg_length[field]
                for docnum, tf in counts.items():
                    value = bm25(idf, tf, len(self.index.docs[docnum]["fields"][field]), avg)
                    scores[docnum] = scores.get(docnum, 0.0) + weight * value
                found = bool(counts)
            if found and field == "text":
                marked.update(forms)
        return marked

    def _phrase_counts(self, field: str, forms: list[str]) -> dict[int, int]:
        """How often ``forms`` occur in this order, at most one word apart, in each document."""
        postings = [self.index.postings[field].get(form) or {} for form in forms]
        if not all(postings):
            return {}
        candidates = set(postings[0]).intersection(*postings[1:])
        counts = {}
        for docnum in candidates:
            seq = self.index.positions[field][docnum]
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
               kind_weight: dict[str, float] | None = None, asks: Iterable[str] = (),
               typed: list[str] | None = None, game: str | None = None,
               unnamed: str | None = None) -> Ranking:
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
            for docnum, value in (concept.scores or {}).items():
                base[docnum] = base.get(docnum, 0.0) + value
        marked = {form for c in concepts if c.known and not c.asking for v, _s in c.variants
                  for form in analyze(v, self.lang) if form in self.index.weights["text"]}
        for text, lang_of_text, boost in phrases:
            marked |= self._phrase_scores(text, lang_of_text, boost, base)
        if not base:
            return Ranking([], 0.0, corrections, [])
        for docnum in base:
            doc = self.index.docs[docnum]
            base[docnum] *= weights.get(doc["kind"], 1.0)
            if game and doc["kind"] == "rule" and not doc["label"].startswith(game):
                base[docnum] *= OTHER_GAME
            elif unnamed and doc["kind"] == "rule" and doc["label"].startswith(unnamed):
                base[docnum] *= UNNAMED_GAME
        wanted = self._wanted(concepts)
        known_weight = sum(c.weight for c in concepts if c.known)
        coverage = {d: self._coverage(d, concepts, known_weight) for d in base}
        bonus = {d: self._title_bonus(d, wanted) for d in base}
        score = {d: base[d] * bonus[d] * (COVERAGE_FLOOR + (1 - COVERAGE_FLOOR) * coverage[d]) ** COVERAGE_POWER
                 for d in base}
        self._prefer_specific(score, coverage, bonus, wanted)
        ranked = sorted(score, key=lambda d: (-score[d], d))
        typed = list(typed or words)
        stops = [w for w in typed if is_stop_word(w, self.lang)]
        named = self._named(ranked, [typed, stops + [c.word for c in concepts if not c.asking]])
        if named:  # first, in their order, scored above the rest
            top = score[ranked[0]]
            for place, docnum in enumerate(named):
                score[docnum] = top * (1.0 + NAMED_MARGIN * (len(named) - place))
            ranked = named + [d for d in ranked if d not in named]
        confidence = 1.0 if named else self._confidence(ranked[0], concepts) if ranked else 0.0
        game_words = sum(1 for c in concepts if c.game and not c.asking and c.matches.get(ranked[0], 0.0) >= 1.0)
        hits = [self._hit(d, score[d], marked) for d in ranked[:limit]]
        closest = [self._hit(d, score[d], set()) for d in ranked if self.index.docs[d]["kind"] == "term"][:MAX_CLOSEST]
        return Ranking(hits, confidence, corrections, closest, game_words, bool(named))

    def _named(self, ranked: list[int], readings: list[list[str]]) -> list[int]:
        """The rules (in ranking order) whose whole heading, in either language, is the query: a
        player typing a name ("Challenge of the King", "La última batalla", "The Grey Comeany")
        means that section. Each word of the query is a word of the heading, as typed or (a word
        of the game, not a stop word) misspelt within :func:`max_typos`, first letter as typed;
        the heading's other words are stop words ("Grey Company" names "The Grey Company"). A
        question around a heading's words ("how to get into Mordor", "when is a siege over")
        has words the heading lacks, so it names nothing. ``readings``: the query's words as
        typed, and as read (compounds joined or split, its stop words kept)."""
        typings = [sorted((fold(w) for w in words), key=len, reverse=True)
                   for words in readings if 0 < len(words) <= MAX_NAME_WORDS]

        def near(word: str, heading_word: str) -> bool:
            return (word[0] == heading_word[0] and max_typos(word) > 0 and not is_stop_word(word, self.lang)
                    and DamerauLevenshtein.distance(word, heading_word) <= max_typos(word))

        def reads(typed: list[str], heading: tuple[str, ...]) -> bool:
            left = list(heading)
            for word in typed:
                hit = word if word in left else next((h for h in left if near(word, h)), None)
                if hit is None:
                    return False
                left.remove(hit)
            return all(is_stop_word(w, self.lang) for w in left)

        found: list[int] = []
        for docnum in ranked:
            if not typings:
                break
            heading = self.index.headings[docnum]
            if self.index.docs[docnum]["kind"] == "rule" and any(
                    reads(typed, words) for typed in typings for words in (heading["words"], heading["other_words"])
                    if words):
                found.append(docnum)
        return found

    def _defined_terms(self, concepts: list[Concept]) -> list[tuple[str, str, float]]:
        """The glossary terms the query describes: their definition has most of the query."""
        words = [c for c in concepts if c.known and not c.asking]
        if DEFINED_BOOST <= 0 or len(words) < DEFINED_WORDS:
            return []
        known_weight = sum(c.weight for c in words)
        out = []
        for docnum in self.index.terms:
            if self._coverage(docnum, words, known_weight) >= DEFINED_COVERAGE:
                out.append((self.index.docs[docnum]["title"], self.lang, DEFINED_BOOST))
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
        unknown = math.log(1 + self.index.n) * UNKNOWN_WEIGHT
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
            for ancestor in self.index.ancestors.get(docnum, ()):
                if ancestor in score and coverage[docnum] >= coverage[ancestor] - 1e-9:
                    rivals.setdefault(ancestor, []).append(docnum)
        for ancestor, under in rivals.items():
            best = under[0]
            # Several subsections that match alike (each "... on the Mordor Track" for
            # "mordor track"): the query is about what they share, their parent.
            children = [d for d in under if self.index.ancestors[d][0] == ancestor]
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
        return query & self.index.headings[one]["lang"] == query & self.index.headings[other]["lang"]

    def _hit(self, docnum: int, score: float, forms: set[str]) -> Hit:
        doc = self.index.docs[docnum]
        return Hit(label=doc["label"], page=doc["page"], kind=doc["kind"], title=doc["title"],
                   score=float(score), snippet=self.snippets.snippet(docnum, forms))

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

        heading = self.index.headings[docnum]
        overlap = max(
            0.8 * dice("lang", heading["lang"]) + 0.2 * dice("surface", heading["surface"]),
            0.8 * dice("other", heading["other"]),
            0.8 * dice("en", heading["en"]),
        )
        return 1.0 + TITLE_BONUS * overlap
