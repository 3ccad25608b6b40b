"""The search index: the documents as analysed words, written once per docs build, loaded once.

Each document (a rule section or a glossary term) has, in the index of language L:
``title`` and ``text`` (analysed in L), ``label`` (the label's English words, e.g. ``siege
besieged army``), ``context`` (the headings of the sections around it), ``game`` (the game's
short names), ``other_title`` and ``other_text`` (the same section in the other language,
analysed in that language: the labels are shared, so an English query finds a Spanish page
and the other way round), ``phrasings`` and ``other_phrasings`` (how players ask about the
rule, in L and in the other language: words the rules never use, "overstack", "sally out"), and
``asked`` and ``other_asked`` (the questions players asked before, data/search_asked.json).

The documents are a few hundred short rule sections, so the whole index is one JSON file of
analysed words, loaded once into memory (:class:`IndexData`), where each field's BM25 weights
are computed once. A query then costs a few dictionary look-ups per word.
"""
from __future__ import annotations

import json
import math
import shutil
import uuid
from collections import Counter
from collections.abc import Iterable
from pathlib import Path

from adjudicator.search.analysis import OTHER, WORDS, analyze, fold, is_stop_word, label_words, surface_words

BACKEND = "memory-bm25f-2"
INDEX_FILE = "index.json"

# The fields of a document, and the language each is analysed in (as a function of L).
FIELDS = ("title", "text", "label", "game", "context", "other_title", "other_text",
          "phrasings", "other_phrasings", "asked", "other_asked")
# The fields a phrase (several words in this order) is looked for in.
PHRASE_FIELDS = ("title", "text", "other_title", "other_text", "phrasings", "other_phrasings", "asked", "other_asked")
# The players' phrasings of a rule: lists of short texts, each matched apart from the others.
PHRASING_FIELDS = ("phrasings", "other_phrasings", "asked", "other_asked")
# ... of which the questions asked before (the tuning sets'): typed as players type, typos and
# all, so no word of theirs is taken for a word of the reference.
ASKED_FIELDS = ("asked", "other_asked")
BM25_K1, BM25_B = 1.2, 0.75


def field_lang(field: str, lang: str) -> str:
    """The language a field of the index of ``lang`` is analysed in."""
    if field in ("label", "game"):
        return "en"
    return OTHER[lang] if field.startswith("other_") else lang


def _document_fields(doc: dict, lang: str) -> dict[str, list[str]]:
    """Each field of a document as the sequence of its analysed words."""
    # The text as searched may leave out what only points elsewhere ("see Sorties"); the
    # snippet still shows the whole text.
    sources = {"title": doc["title"], "text": doc.get("searched_text", doc["text"]),
               "label": doc.get("label_words", ""), "game": doc.get("game", ""), "context": doc.get("context", ""),
               "other_title": doc.get("other_title", ""),
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


def being_replaced(path: Path) -> bool:
    """Whether :func:`write_index` is swapping the index at ``path`` this instant.

    Between its two renames the old index is already aside (``.<name>.old-<id>``) and the new
    one not yet in place, so ``path`` is briefly missing; a reader that finds it so waits for
    the new one instead of reporting no index. (What a killed build left behind looks the
    same, until the next build removes it: a reader waits for it only a moment.)
    """
    path = Path(path)
    return any(path.parent.glob(f".{path.name}.old-*"))


def bm25(idf: float, tf: int, length: int, avg: float) -> float:
    return idf * (tf * (BM25_K1 + 1)) / (tf + BM25_K1 * (1 - BM25_B + BM25_B * length / avg))


class IndexData:
    """One language's index as loaded into memory: read-only once built, shared by every search.

    ``postings[field][form] = {docnum: term frequency}``, ``weights[field][form] = {docnum: BM25
    weight}``, ``positions[field][docnum]`` (the forms in order, for phrases), ``parts[part][form]``
    (the documents that have a form in a part of them, as the coverage compares them).
    """

    def __init__(self, path: Path, lang: str):
        self.path = Path(path)
        self.lang = lang
        payload = json.loads((self.path / INDEX_FILE).read_text(encoding="utf-8"))
        if payload.get("backend") != BACKEND or payload.get("lang") != lang:
            raise ValueError(f"{self.path}: not an index of this search ({payload.get('backend')})")
        self.docs: dict[int, dict] = dict(enumerate(payload["documents"]))
        self.n = max(1, len(self.docs))
        self._load_fields()
        vocabulary = payload["vocabulary"]
        # The words as written: folded -> (the spelling in this language, in the other one)
        self.surface: dict[str, dict[str, str]] = vocabulary["surface"]
        self.freq: dict[str, int] = vocabulary["frequency"]
        self.headings = {docnum: self._heading_words(fields) for docnum, fields in self.docs.items()}
        # The game's words: any word of a heading or a glossary term, in either language.
        self.game = {"lang": set(self.postings["title"]), "other": set(self.postings["other_title"]),
                     "en": set(self.postings["label"])}
        self.by_label = {fields["label"]: docnum for docnum, fields in self.docs.items()}   # label -> docnum
        self.ancestors = {docnum: self._ancestry(docnum, self.by_label) for docnum in self.docs}
        self.terms = [d for d, doc in self.docs.items() if doc["kind"] == "term"]

    def _load_fields(self) -> None:
        """Postings and BM25 weights of every field: ``weights[field][form] = {docnum: weight}``."""
        self.positions: dict[str, dict[int, list[str]]] = {f: {} for f in FIELDS}
        self.postings: dict[str, dict[str, dict[int, int]]] = {f: {} for f in FIELDS}
        self.weights: dict[str, dict[str, dict[int, float]]] = {f: {} for f in FIELDS}
        self.avg_length: dict[str, float] = {}
        for field in FIELDS:
            total = 0
            for docnum, doc in self.docs.items():
                forms = doc["fields"][field]
                total += len(forms)
                if field in PHRASING_FIELDS:  # two gaps between phrasings: no phrase spans two
                    self.positions[field][docnum] = [f for way in doc["phrasing_forms"][field]
                                                     for f in (*way, None, None)]
                elif field in PHRASE_FIELDS:
                    self.positions[field][docnum] = forms
                for form, tf in Counter(forms).items():
                    self.postings[field].setdefault(form, {})[docnum] = tf
            self.avg_length[field] = avg = max(1.0, total / self.n)
            for form, docs in self.postings[field].items():
                idf = self.idf(len(docs))
                self.weights[field][form] = {
                    docnum: bm25(idf, tf, len(self.docs[docnum]["fields"][field]), avg)
                    for docnum, tf in docs.items()}
        # The words each document has, per part of it, as the coverage compares them.
        parts = {"title": ("title",), "text": ("text",), "label": ("label",), "game": ("game",),
                 "context": ("context",), "other": ("other_title", "other_text"), "other_title": ("other_title",),
                 "phrasings": ("phrasings",), "other_phrasings": ("other_phrasings",),
                 "asked": ("asked",), "other_asked": ("other_asked",)}
        self.parts: dict[str, dict[str, set[int]]] = {part: {} for part in parts}
        for part, fields in parts.items():
            for field in fields:
                for form, docs in self.postings[field].items():
                    self.parts[part].setdefault(form, set()).update(docs)

    def idf(self, df: int) -> float:
        return math.log(self.n / (df + 1)) + 1

    def _ancestry(self, docnum: int, by_label: dict[str, int]) -> tuple[int, ...]:
        chain, seen = [], {docnum}
        parent = self.docs[docnum].get("parent") or ""
        while parent in by_label and by_label[parent] not in seen:
            seen.add(by_label[parent])
            chain.append(by_label[parent])
            parent = self.docs[by_label[parent]].get("parent") or ""
        return tuple(chain)

    def _heading_words(self, doc: dict) -> dict:
        """A heading's words as the ranking compares them: analysed (in this language, the other
        one, the label's English words), folded as typed, its asking words, whether it has a number."""
        return {
            "lang": frozenset(doc["fields"]["title"]),
            "surface": frozenset(fold(w) for w in WORDS.findall(doc["title"]) if not is_stop_word(w, self.lang)),
            "words": tuple(fold(w) for w in WORDS.findall(doc["title"])),   # all of them, in order
            "other_words": tuple(fold(w) for w in WORDS.findall(doc.get("other_title", ""))),
            "asks": frozenset(fold(w) for w in WORDS.findall(" ".join((doc["title"], doc.get("other_title", ""))))),
            "digits": any(w.isdigit() for w in WORDS.findall(doc["title"])),
            "other": frozenset(doc["fields"]["other_title"]),
            "en": frozenset(analyze(label_words(doc["label"]), "en")),
        }

    def is_game_word(self, word: str) -> bool:
        """Whether ``word`` is in a heading or a glossary term, in either language."""
        return (any(f in self.game["lang"] for f in analyze(word, self.lang))
                or any(f in self.game["other"] for f in analyze(word, OTHER[self.lang]))
                or any(f in self.game["en"] for f in analyze(word, "en")))
