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
EXTRA_STOP = {
    "en": {"happens", "happen", "get", "gets", "may", "must", "rule", "rules", "s"},
    "es": {"puede", "pueden", "puedo", "podemos", "pasa", "ocurre", "sucede", "hace", "hago",
           "regla", "reglas", "si", "cómo", "cuál", "qué", "debe", "tengo"},
}

# Field weights (applied at query time): a hit in a title says far more than one in running
# text; the other language's text only breaks ties the query's own words leave.
FIELD_BOOST = {"title": 5.0, "text": 1.0, "label_words": 1.5, "other_title": 3.0, "other_text": 0.4}
# At most x(1 + TITLE_BONUS) for a heading made of the query's words. The weights were
# chosen on tests/search_relevance.yaml; rank-1 moved by at most 2 of 76 queries across
# title 3..8 and bonus 0.5..2, so they are not tuned to a knife's edge.
TITLE_BONUS = 1.0
# Spelling help only for word-like words of a sensible length, and for the first few unknown
# words of a query: a pasted paragraph of nonsense must not cost a second of corrections.
MIN_SPELL, MAX_SPELL, MAX_SPELLED_WORDS = 3, 24, 4
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
        title=TEXT(analyzer=analyzer(lang), stored=True),
        text=TEXT(analyzer=analyzer(lang), stored=True),
        label_words=TEXT(analyzer=analyzer("en")),
        other_title=TEXT(analyzer=analyzer(other), stored=True),
        other_text=TEXT(analyzer=analyzer(other)),
        vocab=TEXT(analyzer=vocab_analyzer(), phrase=False),
        other_vocab=TEXT(analyzer=vocab_analyzer(), phrase=False),
    )


#: (field, analysis language) for the index of language L, as a function of L.
def query_fields(lang: str) -> list[tuple[str, str]]:
    other = OTHER[lang]
    return [("title", lang), ("text", lang), ("label_words", "en"),
            ("other_title", other), ("other_text", other)]


def write_index(path: Path, lang: str, documents: Iterable[dict],
                extra_files: dict[str, str] | None = None) -> int:
    """Write a fresh index of ``documents`` at ``path``, replacing any index there at once.

    A document is ``{label, page, kind, title, text, other_title, other_text, label_words}``.
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
                label=doc["label"], page=doc["page"], kind=doc["kind"],
                title=doc["title"], text=doc["text"], label_words=doc.get("label_words", ""),
                other_title=doc.get("other_title", ""), other_text=doc.get("other_text", ""),
                vocab=" ".join((doc["title"], doc["text"])),
                other_vocab=" ".join((doc.get("other_title", ""), doc.get("other_text", ""))),
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


class OpenIndex:
    """One language's index, opened once; the searcher is reused until the index changes.

    Whoosh searchers are not meant to be shared between threads, so every use of this one
    goes through a lock (a search takes milliseconds; the web app's threads queue briefly).
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
        self._vocab_folded = frozenset(fold(_text(w)) for field in ("vocab", "other_vocab")
                                       for w in reader.lexicon(field))
        self._correctors = {field: self._searcher.corrector(field) for field in ("vocab", "other_vocab")}
        # A few hundred small documents: their stored fields and the analysed words of their
        # headings stay in memory, so ranking never reads or re-analyses a stored document.
        self._docs = {docnum: fields for docnum, fields in reader.iter_docs()}
        self._headings = {docnum: self._heading_words(fields) for docnum, fields in self._docs.items()}
        self._tokens: dict[int, list[tuple[str, int, int]]] = {}
        self._spellings: dict[str, tuple[str | None, tuple[str, ...]]] = {}
        self._highlighter = highlight.Highlighter(
            fragmenter=highlight.ContextFragmenter(maxchars=180, surround=50),
            scorer=highlight.BasicFragmentScorer(),
            formatter=MarkFormatter(),
        )

    def close(self) -> None:
        self._searcher.close()
        self._ix.close()

    # -- vocabulary ---------------------------------------------------------------------------

    def knows(self, word: str) -> bool:
        """True when ``word`` is indexed in some field (in its own analysis) or is a stop word."""
        if fold(word) in self._vocab_folded:
            return True
        for field, lang in query_fields(self.lang):
            forms = analyze(word, lang)
            if not forms:
                return True  # a stop word of that language: nothing to correct
            if all(f in self._known[field] for f in forms):
                return True
        return False

    def _spelling(self, word: str) -> tuple[str | None, tuple[str, ...]]:
        """(the correction in this language or None, the close words of either language).

        Only for a word the index does not know; computed once per word and index.
        """
        low = word.lower()
        cached = self._spellings.get(low)
        if cached is not None:
            return cached
        found: tuple[str | None, tuple[str, ...]] = (None, ())
        if MIN_SPELL <= len(low) <= MAX_SPELL and low.isalpha() and not self.knows(low):
            maxdist = 1 if len(low) <= 5 else 2
            own = self._correctors["vocab"].suggest(low, limit=2, maxdist=maxdist, prefix=1)
            other = self._correctors["other_vocab"].suggest(low, limit=1, maxdist=maxdist, prefix=1)
            correction = own[0] if own and fold(own[0]) != fold(low) else None
            found = (correction, tuple(dict.fromkeys(own + other)))
        if len(self._spellings) > 5000:
            self._spellings.clear()
        self._spellings[low] = found
        return found

    def _spelled(self, words: list[str]) -> dict[str, tuple[str | None, tuple[str, ...]]]:
        """The spelling help of the unknown words, at most :data:`MAX_SPELLED_WORDS` new ones."""
        out: dict[str, tuple[str | None, tuple[str, ...]]] = {}
        fresh = 0
        for word in words:
            low = word.lower()
            if low not in self._spellings:
                if not (MIN_SPELL <= len(low) <= MAX_SPELL and low.isalpha()) or self.knows(low):
                    continue  # nothing to correct
                if fresh >= MAX_SPELLED_WORDS:
                    continue
                fresh += 1
            found = self._spelling(word)
            if found[1]:
                out[word] = found
        return out

    def corrections(self, words: list[str]) -> dict[str, str]:
        """A spelling for each unknown word, from the index's own vocabulary (same language)."""
        with self._lock:
            return {word: found[0] for word, found in self._spelled(words).items() if found[0]}

    # -- queries ------------------------------------------------------------------------------

    def _word_query(self, word: str, close: tuple[str, ...] = ()):
        """Every field the word may hit, each in its own analysis.

        A word the index does not know (a typo) also searches the indexed words closest to
        it, at a lower weight: ``asedo`` finds ``asedio``.
        """
        variants = [(word, 1.0)] + [(w, 0.6) for w in close]
        terms: dict[tuple[str, str], float] = {}
        for variant, weight in variants:
            # A word that is in this language's headings is this language's word: the other
            # language's fields would only add noise (and time) for it.
            own = any(f in self._known["title"] for f in analyze(variant, self.lang))
            for field, lang in query_fields(self.lang):
                if own and field in ("other_title", "other_text"):
                    continue
                for form in analyze(variant, lang):
                    if form in self._known[field]:  # a term nowhere in the field matches nothing
                        key = (field, form)
                        terms[key] = max(terms.get(key, 0.0), weight)
        return [Term(field, form, boost=weight * FIELD_BOOST[field]) for (field, form), weight in terms.items()]

    def _phrase_query(self, text: str, lang_of_text: str, boost: float):
        """``text`` as a phrase (or a term) in the fields analysed in ``lang_of_text``."""
        parts = []
        for field, lang in query_fields(self.lang):
            if lang != lang_of_text or field == "label_words":
                continue
            forms = analyze(text, lang)
            if len(forms) == 1:
                parts.append(Term(field, forms[0], boost=boost * FIELD_BOOST[field]))
            elif forms:
                parts.append(Phrase(field, forms, slop=1, boost=boost * FIELD_BOOST[field]))
        return parts

    def search(self, words: list[str], phrases: list[tuple[str, str, float]], limit: int,
               kind_weight: dict[str, float] | None = None) -> list[Hit]:
        """The best ``limit`` documents for ``words`` (each word adds its score) and ``phrases``.

        ``phrases`` are ``(text, language of the text, boost)``: the glossary's translations of
        the terms found in the query, and the query itself as a phrase. ``kind_weight``
        scales the score of a kind of document (glossary terms below rules). Only the hits
        returned are highlighted.
        """
        weights = kind_weight or {}
        other = OTHER[self.lang]
        with self._lock:
            spelled = self._spelled(words)
            close = {w: found[1] for w, found in spelled.items()}
            spelt = [v for w in words for v in (w, *close.get(w, ()))]
            wanted = {
                "lang": {f for w in spelt for f in analyze(w, self.lang)},
                "other": {f for w in spelt for f in analyze(w, other)},
                "en": {f for w in spelt for f in analyze(w, "en")},
                "surface": {fold(w) for w in spelt},
            }
            # One flat disjunction: a document's score is the sum of its matching clauses.
            clauses = [c for w in words for c in self._word_query(w, close.get(w, ()))]
            clauses += [c for t, lg, b in phrases for c in self._phrase_query(t, lg, b)]
            if not clauses:
                return []
            results = self._searcher.search(Or(clauses), limit=limit * 2 + 5)
            scored = [(score * weights.get(self._docs[docnum]["kind"], 1.0) * self._title_bonus(docnum, wanted),
                       docnum) for score, docnum in results.top_n]
            scored.sort(key=lambda pair: -pair[0])
            text_forms = {c.text for c in clauses if isinstance(c, Term) and c.fieldname == "text"}
            text_forms |= {w for c in clauses if isinstance(c, Phrase) and c.fieldname == "text" for w in c.words}
            hits = []
            for score, docnum in scored[:limit]:
                doc = self._docs[docnum]
                hits.append(Hit(label=doc["label"], page=doc["page"], kind=doc["kind"], title=doc["title"],
                                score=float(score), snippet=self._snippet(docnum, text_forms)))
        return hits

    def _heading_words(self, doc: dict) -> dict[str, frozenset[str]]:
        other = OTHER[self.lang]
        return {
            "lang": frozenset(analyze(doc["title"], self.lang)),
            "surface": frozenset(fold(w) for w in _WORDS.findall(doc["title"]) if not is_stop_word(w, self.lang)),
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
