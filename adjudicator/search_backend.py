"""The Whoosh side of the search: analysis, the index on disk, queries, snippets, did-you-mean.

Every Whoosh import of the project lives here, so the engine behind :mod:`adjudicator.search`
can be swapped by rewriting this one module. The interface :mod:`adjudicator.search` uses:

* :func:`analyze` (the words a text is indexed under, in a language),
* :func:`write_index` (one index directory per docs language),
* :class:`OpenIndex` (``search``, ``corrections``, ``knows``, ``changed``).

Analysis (both languages): words are lower-cased, stop words dropped, accents and ``ñ``
folded (``asediádo`` -> ``asediado``, ``daño`` -> ``dano``) and then stemmed with the
Snowball stemmer of the language (``asediado``, ``asedio`` -> ``asedi``). Folding comes
before stemming so a word typed without its accent stems exactly like the accented one.

Each document (a rule section or a glossary term) has, in the index of language L:
``title`` and ``text`` (analysed in L), ``label_words`` (the label's English words, e.g.
``siege besieged army``), ``other_title`` and ``other_text`` (the same section in the other
language, analysed in that language: the labels are shared, so an English query finds a
Spanish page and the other way round), and ``vocab`` (L's words, unstemmed, with accents, for
the spelling corrector).
"""
from __future__ import annotations

import html
import os
import shutil
import threading
import uuid
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Iterable

from whoosh import highlight, index as windex
from whoosh.analysis import CharsetFilter, LowercaseFilter, RegexTokenizer, StemFilter, StopFilter
from whoosh.fields import ID, STORED, TEXT, Schema
from whoosh.lang.stopwords import stoplists
from whoosh.query import FuzzyTerm, Or, Phrase, Term
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
    "en": {"happens", "happen", "get", "gets", "one's", "may", "must", "rule", "rules", "s"},
    "es": {"puede", "pueden", "puedo", "podemos", "pasa", "ocurre", "sucede", "hace", "hago",
           "regla", "reglas", "si", "cómo", "cuál", "qué", "debe", "tengo"},
}

# Field weights: a hit in a title says far more than one in running text; the other
# language's text only breaks ties between documents the query's own words do not separate.
FIELD_BOOST = {"title": 3.0, "text": 1.0, "label_words": 1.5, "other_title": 2.0, "other_text": 0.4}


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
    return [t.text for t in analyzer(lang)(text)]


def fold(word: str) -> str:
    """Lower case without accents (``"Daño"`` -> ``"dano"``), as the index compares words."""
    return "".join(t.text for t in (RegexTokenizer(r"\S+") | LowercaseFilter()
                                    | CharsetFilter(accent_map))(word))


def schema(lang: str) -> Schema:
    other = OTHER[lang]
    return Schema(
        label=ID(stored=True, unique=True),
        page=STORED(),
        kind=STORED(),
        title=TEXT(analyzer=analyzer(lang), stored=True, field_boost=FIELD_BOOST["title"]),
        text=TEXT(analyzer=analyzer(lang), stored=True, field_boost=FIELD_BOOST["text"]),
        label_words=TEXT(analyzer=analyzer("en"), field_boost=FIELD_BOOST["label_words"]),
        other_title=TEXT(analyzer=analyzer(other), stored=True, field_boost=FIELD_BOOST["other_title"]),
        other_text=TEXT(analyzer=analyzer(other), field_boost=FIELD_BOOST["other_text"]),
        vocab=TEXT(analyzer=vocab_analyzer(), phrase=False),
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
    """One language's index, opened once; the searcher is reused until the index changes."""

    def __init__(self, path: Path, lang: str, stamp: object):
        self.path = Path(path)
        self.lang = lang
        self.stamp = stamp  # whatever tells the caller the index on disk was replaced
        self._ix = windex.open_dir(str(self.path))
        self._searcher = self._ix.searcher()
        self._lock = threading.Lock()
        self._known: dict[str, frozenset[str]] = {}
        reader = self._searcher.reader()
        for field, _lang in query_fields(lang):
            self._known[field] = frozenset(t.decode("utf-8") if isinstance(t, bytes) else t
                                           for t in reader.lexicon(field))
        self._vocab_folded = frozenset(fold(w.decode("utf-8") if isinstance(w, bytes) else w)
                                       for w in reader.lexicon("vocab"))
        self._corrector = self._searcher.corrector("vocab")
        self._highlighter = highlight.Highlighter(
            fragmenter=highlight.ContextFragmenter(maxchars=220, surround=60),
            scorer=highlight.BasicFragmentScorer(),
            formatter=MarkFormatter(),
        )

    def close(self) -> None:
        self._searcher.close()
        self._ix.close()

    # -- vocabulary ---------------------------------------------------------------------------

    def knows(self, word: str) -> bool:
        """True when ``word`` is indexed in some field (in its own analysis) or is a stop word."""
        for field, lang in query_fields(self.lang):
            forms = analyze(word, lang)
            if not forms:
                return True  # a stop word of that language: nothing to correct
            if all(f in self._known[field] for f in forms):
                return True
        return fold(word) in self._vocab_folded

    def corrections(self, words: list[str]) -> dict[str, str]:
        """A spelling for each unknown word, from the index's own vocabulary (same language)."""
        out = {}
        for word in words:
            low = word.lower()
            if len(low) < 3 or low.isdigit() or self.knows(word):
                continue
            with self._lock:
                found = self._corrector.suggest(low, limit=1, maxdist=2, prefix=1)
            if found and fold(found[0]) != fold(low):
                out[word] = found[0]
        return out

    # -- queries ------------------------------------------------------------------------------

    def _word_query(self, word: str):
        """Every field the word may hit, each in its own analysis; fuzzy when it is unknown."""
        alternatives = []
        fuzzy = not self.knows(word)
        for field, lang in query_fields(self.lang):
            for form in analyze(word, lang):
                alternatives.append(Term(field, form))
                if fuzzy and len(form) >= 4:
                    alternatives.append(FuzzyTerm(field, form, boost=0.6, prefixlength=1,
                                                  maxdist=1 if len(form) < 7 else 2))
        return Or(alternatives) if alternatives else None

    def _phrase_query(self, text: str, lang_of_text: str, boost: float):
        """``text`` as a phrase (or a term) in the fields analysed in ``lang_of_text``."""
        parts = []
        for field, lang in query_fields(self.lang):
            if lang != lang_of_text or field == "label_words":
                continue
            forms = analyze(text, lang)
            if len(forms) == 1:
                parts.append(Term(field, forms[0], boost=boost))
            elif forms:
                parts.append(Phrase(field, forms, slop=1, boost=boost))
        return Or(parts) if parts else None

    def search(self, words: list[str], phrases: list[tuple[str, str, float]], limit: int) -> list[Hit]:
        """Documents matching any of ``words`` (more words matched rank higher) or ``phrases``.

        ``phrases`` are ``(text, language of the text, boost)``: the glossary's translations of
        the terms found in the query, and the query itself as a phrase.
        """
        subqueries = [q for q in (self._word_query(w) for w in words) if q is not None]
        subqueries += [q for q in (self._phrase_query(t, lg, b) for t, lg, b in phrases) if q is not None]
        if not subqueries:
            return []
        query = Or(subqueries, scale=0.9)
        hits = []
        with self._lock:
            results = self._searcher.search(query, limit=limit, terms=True)
            results.highlighter = self._highlighter
            for hit in results:
                snippet = hit.highlights("text", top=2)
                if not snippet:
                    snippet = MarkFormatter()._text(_lead(hit.get("text", "")))
                hits.append(Hit(label=hit["label"], page=hit["page"], kind=hit["kind"],
                                title=hit["title"], score=float(hit.score), snippet=snippet))
        return hits

    def document_count(self) -> int:
        return self._searcher.doc_count()


def _lead(text: str, size: int = 200) -> str:
    """The start of ``text``, cut at a word boundary."""
    if len(text) <= size:
        return text
    cut = text.rfind(" ", 0, size)
    return text[: cut if cut > 0 else size] + " …"


def remove_tree(path: Path) -> None:
    if os.path.isdir(path):
        shutil.rmtree(path, ignore_errors=True)
