"""Search the rules reference in English or Spanish, whatever language the words are in.

A player types a few words mid-game (``asedio salida``, ``hunt damage eye``, ``oleada``) and
gets the rule sections (and glossary terms) that answer them, best first, each with its link
``/<lang>/docs/<page>.html#<label>`` and a snippet with the matching words in ``<mark>``.

Where the documents come from: every docs build writes ``rules-export.json`` (the extension
``docs/_ext/rules_export.py``): one record per labelled rule section and per glossary term.
:func:`build_index` turns the two exports (en, es) into one index per language under
``adjudicator.paths.search_index(lang)``; it never builds the docs itself.

Across languages:

* each document carries the other language's title and text in secondary fields (the rule
  labels are the same in both builds), so ``oleada`` in the English reference finds *Surge*;
* the bilingual glossary (``glossary.json``, plus the term pairs of the two built
  glossaries) rewrites a term found in the query into the reference's language, so
  ``Hunt Box`` in the Spanish reference finds *Casilla de Búsqueda*, and the other way round.

Players' words: ``data/search_phrasings.json`` gives, for each rule label, a few ways players
ask about it in each language ("ringwraiths fly anywhere?", "sally out"). They join each rule's
document at index build (document expansion: the docs never show them), in its own language
and, weighing less, in the other one, so a player's word the rules never use still finds the
rule that answers it.

Players' abbreviations: ``data/search_abbreviations.json`` lists the short forms players write
("FP", "GtW", "WK", "vp", "PL") and the words they stand for in each language; a query word
that is one of them is read as those words, in the reference's language, and so are the
phrasings when the index is built.

Queries are never parsed as a query language: the words are taken out of the text and
combined by this module, so quotes, colons, ``AND``/``OR``, ``*`` or ``<script>`` are just
characters and can never raise. A word the index does not know is searched fuzzily and gets
a did-you-mean correction from the vocabulary of the reference's own language.

This module leaves the engine (analysis, index, ranking) to :mod:`adjudicator.search.backend`
and the modules it is made of (``search_analysis``, ``search_index``, ``search_query``,
``search_snippets``), imported only when a search or an index build actually runs; the engine
never imports this module.
"""
from __future__ import annotations

import hashlib
import html
import json
import re
import threading
import time
import unicodedata
from collections.abc import Callable
from pathlib import Path
from typing import Any

from adjudicator import paths
from adjudicator.i18n import translate
from adjudicator.search.abbreviations import (  # noqa: F401 (public here too)
    ABBREVIATIONS_FILE,
    abbreviations,
    expand_abbreviations,
)
from adjudicator.search.glossary import (  # noqa: F401 (public here too)
    GLOSSARY_FILE,
    GLOSSARY_IN_INDEX,
    about_the_rules,
    forget_glossary,
    glossary_expansions,
    load_glossary,
    names_a_term,
)
from adjudicator.search.outside import OUTSIDE_FILE, OUTSIDE_KINDS, outside_phrases  # noqa: F401 (public here too)
from adjudicator.search.places import SETTLEMENT_WORDS, read_places  # noqa: F401 (public here too)
from adjudicator.search.promote import (
    entering_first,
    guide_first,
    named_card_first,
    play_where_first,
    players_scenario_first,
    purpose_first,
    side_first,
    typed_card_first,
)
from adjudicator.search.routing import (
    CARD_GAME_PREFIX,
    about_card_game,
    about_lcg,
    prefer_card_game,
    without_game_name,
)

LANGS = ("en", "es")
OTHER = {"en": "es", "es": "en"}
EXPORT_NAME = "rules-export.json"
MANIFEST_NAME = "adjudicator-search.json"
INDEX_FORMAT = 7  # bump when the documents or the analysis change: forces a rebuild
PHRASINGS_FILE = Path(__file__).parents[1] / "data" / "search_phrasings.json"
# The questions the writers of the tuning relevance sets asked, with the rules that answer them
# (tools/build_asked.py writes it from tests/search_relevance/, never from a held-out set):
# indexed like the phrasings, they are the questions players asked before.
ASKED_FILE = Path(__file__).parents[1] / "data" / "search_asked.json"

MAX_QUERY_CHARS = 300
MAX_WORDS = 24
MAX_WORD_CHARS = 40
MAX_PHRASE_WORDS = 5
MAX_LIMIT = 50
TERM_WEIGHT = 0.6  # a glossary entry ranks below the rule sections that use the term
# Below this share of the query covered by the best rule, the answer is "no rule matches"
# (see OpenIndex._confidence). Chosen on the tuning relevance set and the tuning nonsense
# queries (docs/usage.md, "How the search ranks"): the value that keeps the most real queries
# while answering "no rule matches" to the nonsense.
MATCH_FLOOR = 0.45
# ... unless the best rule has this many of the query's words of the game (a long, clear
# question whose other words the rules put otherwise: "corruption hits 12 instant loss or end
# of turn"); no nonsense query of the tuning sets meets more than two.
MATCH_WORDS = 4
# And the best rule must score at least this much: a few common words of the game met in a
# broad section ("who should play the Shadow in our first game" -> Setup) is no answer. The
# score adds up each word's BM25F weight, so rare words met in the heading count most; real
# questions score 267 at the median, nonsense 34. Only for a query of SCORE_FLOOR_WORDS words or
# more, since a score adds up its words ("reconquistar" alone scores 31). Chosen on the two
# seeded halves of all the relevance sets (40 to 50 alike on both; docs/usage.md).
SCORE_FLOOR, SCORE_FLOOR_WORDS = 45.0, 3
UNSURE_RESULTS = 3  # the sections an unsure search shows as its "did you mean"
_WORD = re.compile(r"\w+")
# The short names players give each game (a label's prefix says the game): "oleada lcg".
GAME_WORDS = {"wotr": "wotr", "wotrcg": "wotrcg wotr cg", "lcg": "lcg lotr"}
_TAG = re.compile(r"<[^>]+>")

def message(lang: str, key: str, /, **params: Any) -> str:
    """The search's messages live with the engine's (adjudicator/i18n/messages/search.json)."""
    return translate(lang, key, **params)


class IndexMissing(Exception):
    """The search index of a language is not there (or unreadable): build it first."""

    def __init__(self, lang: str = "en", text: str | None = None):
        self.lang = lang
        super().__init__(text or message(lang, "search.index_missing", lang=lang))


class DocsMissing(IndexMissing):
    """The docs are not built, so there is nothing to index: build the docs first."""

    def __init__(self, missing: dict[str, Path], lang: str = "en"):
        self.missing = missing
        super().__init__(lang, message(lang, "search.docs_missing", langs=", ".join(missing),
                                       files=", ".join(str(p) for p in missing.values())))


def check_lang(lang: str | None) -> str:
    code = (lang or "en").split("_")[0].split("-")[0].lower()
    if code not in LANGS:
        raise ValueError(message("en", "search.bad_lang", lang=lang, langs=", ".join(LANGS)))
    return code


# -- opening the index once per process ---------------------------------------------------------

_open_lock = threading.Lock()
_open_indexes: dict[str, Any] = {}
# How long a search with no index open waits for a rebuild to put the new index in place (the
# swap itself takes microseconds; a build killed between its renames leaves the old folder
# aside until the next build), and how often it looks.
SWAP_WAIT, SWAP_POLL = 2.0, 0.005


def index_stamp(index_dir: Path) -> tuple[int, int] | None:
    try:
        st = (index_dir / MANIFEST_NAME).stat()
    except OSError:
        return None
    return (st.st_ino, st.st_mtime_ns)


def open_index(lang: str):
    """The open index of ``lang``, reopened when a rebuild replaced it on disk.

    A rebuild swaps the index folder by two renames, the old one aside and then the new one
    into place (:func:`adjudicator.search.index.write_index`): a process that has no index open
    yet (just started while ``adjudicator build index`` runs) may look in between, or have the
    folder renamed away under it as it reads. It then waits for the new index, at most
    :data:`SWAP_WAIT` seconds, instead of answering that there is no index.
    """
    from adjudicator.search import backend

    index_dir = paths.search_index(lang)
    key = str(index_dir)
    deadline = time.monotonic() + SWAP_WAIT
    while True:
        stamp = index_stamp(index_dir)  # one stat() per search: has a rebuild replaced the index?
        with _open_lock:
            current = _open_indexes.get(key)
            if current is not None and (current.stamp == stamp or stamp is None):
                return current  # unchanged, or a rebuild is swapping directories this instant
            error: Exception | None = None
            if stamp is not None and backend.index_exists(index_dir):
                try:
                    fresh = backend.OpenIndex(index_dir, lang, stamp)
                except Exception as exc:  # a half-written or foreign directory: ask for a rebuild
                    error = exc
                else:
                    # The replaced index is not closed here: another thread may be searching it
                    # right now. It is released when the last search holding it returns.
                    _open_indexes[key] = fresh
                    return fresh
        # Missing or unreadable: mid-swap if the old folder is aside or the folder changed since.
        swapping = backend.being_replaced(index_dir) or index_stamp(index_dir) != stamp
        if not swapping or time.monotonic() >= deadline:
            raise IndexMissing(lang) from error
        time.sleep(SWAP_POLL)


def close_all() -> None:
    """Forget every open index (tests switch build directories)."""
    with _open_lock:
        for ix in _open_indexes.values():
            ix.close()
        _open_indexes.clear()


# -- searching ---------------------------------------------------------------------------------

def query_words(query: str) -> list[str]:
    """The words of a query: letters and digits only, every other character is a separator.

    A "word" longer than any word of the rules (a pasted hash, a held-down key) is dropped.
    """
    return [w for w in _WORD.findall(query[:MAX_QUERY_CHARS]) if len(w) <= MAX_WORD_CHARS][:MAX_WORDS]


def meaningful_words(words: list[str], lang: str) -> list[str]:
    """``words`` without the stop words of either language (``the``, ``de``, ``a``)."""
    from adjudicator.search.backend import is_stop_word

    return [w for w in words if not is_stop_word(w, lang)]


def url_for(lang: str, page: str, label: str) -> str:
    return f"/{lang}/docs/{page}.html#{label}"


def search(query: str, lang: str = "en", limit: int = 10) -> dict[str, Any]:
    """The rule sections and glossary terms that best match ``query`` in the ``lang`` reference.

    Returns ``{"query", "lang", "matched", "confidence", "results": [{label, title, page, url,
    snippet, score, kind}], "suggestion", "closest"}``; ``snippet`` is HTML (the text escaped, the hits
    in ``<mark>``); ``suggestion`` is the query with its misspelt words corrected, or None.
    When nothing matches well enough (the best rule covers less than :data:`MATCH_FLOOR` of
    the query, ``confidence`` being that share, 0..1, and has fewer than :data:`MATCH_WORDS` of
    its words of the game), ``matched`` is false, ``results`` is empty and ``closest`` lists the glossary
    terms nearest to the query ``[{label, title, page, url, kind}]``, to search for instead. A query
    that asks what no rule answers (strategy, products, other editions, the table, other games:
    :func:`outside_phrases`) is answered so too, with ``outside`` the kind of question it is.
    Raises :class:`IndexMissing` when the index of ``lang`` is not built, ``ValueError`` for a
    language that does not exist. Any text is a valid query: at worst it matches nothing.
    """
    lang = check_lang(lang)
    query = "" if query is None else str(query)
    try:
        limit = max(1, min(int(limit), MAX_LIMIT))
    except (TypeError, ValueError):
        limit = 10
    result: dict[str, Any] = {"query": query, "lang": lang, "matched": False, "confidence": 0.0,
                              "results": [], "suggestion": None, "closest": []}
    index = open_index(lang)  # a missing index is reported even for an empty query
    # accents typed as combining marks (some keyboards, pasted text) are the letters they make
    query = unicodedata.normalize("NFC", query[:MAX_QUERY_CHARS * 4])
    from adjudicator.search.analysis import fold
    from adjudicator.search.situation import ask_entry
    from adjudicator.search.vocabulary import read_numbers, read_vocabulary, read_words, says_table_words

    text = expanded = expand_abbreviations(query[:MAX_QUERY_CHARS], lang)
    players_words = read_vocabulary(text, lang, index.knows)
    (ask, described) = ask_entry(query[:MAX_QUERY_CHARS], lang)
    players_words_read = players_words != text and says_table_words(text, lang, index.knows)
    said = read_places(players_words, lang, index.knows)
    lcg = about_lcg(query)
    if not lcg:   # the card game's scenarios are headed by their players; the LCG has none
        said = read_numbers(said, lang)
    text = without_game_name(said, lang)   # the card game's name routes the query (below), no words of a rule
    words = meaningful_words(query_words(text), lang)
    if not words:
        return result
    from adjudicator.search.backend import asking_words

    card_game = about_card_game(query, lang)
    ranking = index.search(words, _phrases(text, words, lang), limit=limit, kind_weight={"term": TERM_WEIGHT},
                           asks=asking_words(query_words(text)),
                           typed=query_words(read_places(expanded, lang, index.knows)),   # as typed: no vocabulary
                           game=CARD_GAME_PREFIX if card_game else None,
                           unnamed=None if card_game or lcg else CARD_GAME_PREFIX)
    result["confidence"] = round(ranking.confidence, 3)
    # Advice, products, other editions, the table: no rule answers them, unless the rule found
    # uses those very words itself ("the best possible pairing" of the card game's combat).
    asked = outside_phrases(said)
    refused = [kind for kind, phrase in asked if ranking.hits and not index.uses(ranking.hits[0].label, phrase)]
    floor = (ranking.confidence < MATCH_FLOOR and ranking.game_words < MATCH_WORDS) or (
        len(words) >= SCORE_FLOOR_WORDS and bool(ranking.hits) and ranking.hits[0].score < SCORE_FLOOR)
    floor = floor and not ranking.named   # a rule's whole heading typed is never refused
    if floor and ranking.hits:   # nor a card's whole name in a longer question, when its section came first
        from adjudicator.search.vocabulary import card_names_typed

        floor = ranking.hits[0].label not in card_names_typed(query[:MAX_QUERY_CHARS])
    # A question in the table's words or naming a position is never refused: unsure, the
    # search shows its best few sections as a "did you mean" (result["unsure"]).
    unsure = floor and not asked and bool(ranking.hits) and (described or players_words_read
                                                             or about_the_rules(said, query[:MAX_QUERY_CHARS], lang))
    if (refused and not ranking.named) or not ranking.hits or (floor and not unsure):
        if asked:  # why nothing matches, when the query says it
            result["outside"] = (refused or [asked[0][0]])[0]
        result["closest"] = [_item(lang, h, snippet=False) for h in ranking.closest]
        return result
    result["matched"], result["unsure"] = True, unsure
    # a query about the card game (its name, or a word only it uses) gets its section first
    hits = prefer_card_game(list(ranking.hits), lambda h: h.label, query, lang)
    hits = named_card_first(hits, ask)
    hits = typed_card_first(hits, query[:MAX_QUERY_CHARS], index)
    hits = entering_first(hits, query[:MAX_QUERY_CHARS])
    hits = guide_first(hits, query[:MAX_QUERY_CHARS])
    hits = purpose_first(hits, query[:MAX_QUERY_CHARS], index)
    hits = side_first(hits, query[:MAX_QUERY_CHARS])
    hits = players_scenario_first(hits, query[:MAX_QUERY_CHARS], card_game)
    hits = play_where_first(hits, query[:MAX_QUERY_CHARS], card_game)
    result["results"] = [_item(lang, h) for h in hits[:UNSURE_RESULTS if unsure else None]]
    if ask is not None:
        result["ask"] = ask   # the question it describes, partly filled (search/situation.py)
    read = read_words(expanded, lang) if ranking.corrections else set()   # the player's phrases: not misspelt
    corrections = {word: fix for word, fix in ranking.corrections.items() if fold(word) not in read}
    if corrections:
        result["suggestion"] = _apply_corrections(query[:MAX_QUERY_CHARS], corrections)
    return result


def _phrases(query: str, words: list[str], lang: str) -> list[tuple[str, str, float]]:
    text = " ".join(query_words(query))
    phrases = glossary_expansions(text, lang)
    if 1 < len(words) <= MAX_PHRASE_WORDS:  # the words in this order, as in a heading
        phrases.append((text, lang, 1.0))  # (a longer question is never a heading verbatim)
    return phrases


def _item(lang: str, hit: Any, snippet: bool = True) -> dict[str, Any]:
    item = {"label": hit.label, "title": hit.title, "page": hit.page,
            "url": url_for(lang, hit.page, hit.label), "kind": hit.kind}
    if snippet:
        item.update(snippet=hit.snippet, score=round(hit.score, 3))
    return item


def _apply_corrections(query: str, corrections: dict[str, str]) -> str:
    def fix(match: re.Match) -> str:
        word = match.group(0)
        new = corrections.get(word, corrections.get(word.lower()))
        if new is None:
            return word
        return new[:1].upper() + new[1:] if word[:1].isupper() else new

    return " ".join(_WORD.sub(fix, query).split())


def plain_snippet(snippet_html: str) -> str:
    """The snippet for a terminal: no tags, entities decoded."""
    return html.unescape(_TAG.sub("", snippet_html))


def results_text(result: dict[str, Any]) -> str:
    """The search results for a terminal: title, link and snippet of each, in the reference's language."""
    lang = result.get("lang", "en")
    lines = []
    if result.get("suggestion"):
        lines.append(message(lang, "search.did_you_mean", suggestion=result["suggestion"]))
    if not query_words(result.get("query") or ""):
        lines.append(message(lang, "search.empty"))
    elif not result.get("results"):
        lines.append(message(lang, "search.no_results", query=result.get("query", "")))
        if result.get("outside"):
            lines.append(message(lang, f"search.outside.{result['outside']}"))
        if result.get("closest"):
            lines.append(message(lang, "search.closest", terms=", ".join(t["title"] for t in result["closest"])))
    if result.get("ask"):   # a described position: the question that rules on it
        from adjudicator import registry
        spec = registry.spec(result["ask"]["game"], result["ask"]["kind"])
        lines.append(message(lang, "search.ask", kind=result["ask"]["kind"],
                             question=spec.title.get(lang) if spec else result["ask"]["kind"]))
    if result.get("unsure"):
        lines.append(message(lang, "search.unsure"))
    for rank, item in enumerate(result.get("results", []), 1):
        lines.append(f"{rank}. {item['title']}")
        lines.append(f"   {item['url']}")
        snippet = plain_snippet(item.get("snippet") or "")
        if snippet:
            lines.append(f"   {snippet}")
    return "\n".join(lines)


# -- building ----------------------------------------------------------------------------------

def export_path(lang: str) -> Path:
    return paths.docs_html(lang) / EXPORT_NAME


def load_export(path: Path) -> list[dict[str, str]]:
    data = json.loads(path.read_text(encoding="utf-8"))
    return data["records"] if isinstance(data, dict) else data


def label_words(record: dict[str, str]) -> str:
    """``wotr-siege-besieged-army`` -> ``siege besieged army``; ``term-Hunt-Box`` -> ``Hunt Box``."""
    parts = record["label"].split("-")
    if parts and parts[0] in ("wotr", "wotrcg", "lcg", "term"):
        parts = parts[1:]
    return " ".join(parts)


def load_phrasings(path: Path | None = None, key: str = "phrasings") -> dict[str, dict[str, list[str]]]:
    """``{label: {"en": [...], "es": [...]}}``: how players ask about each rule (may be empty);
    ``key="asked"`` with :data:`ASKED_FILE`: the questions asked before."""
    try:
        data = json.loads((path or PHRASINGS_FILE).read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    return {label: {lang: [str(p) for p in ways.get(lang, [])] for lang in LANGS}
            for label, ways in data.get(key, {}).items()}




def documents(lang: str, exports: dict[str, list[dict]],
              phrasings: dict[str, dict[str, list[str]]] | None = None,
              asked: dict[str, dict[str, list[str]]] | None = None) -> list[dict[str, str]]:
    """The documents of ``lang``'s index: its own records, each with the other language's,
    and each rule with its players' phrasings and the questions asked before about it, in both
    languages (abbreviations read out)."""
    phrasings = load_phrasings() if phrasings is None else phrasings
    asked = load_phrasings(ASKED_FILE, "asked") if asked is None else asked
    other = {(r["kind"], r["label"]): r for r in exports.get(OTHER[lang], [])}
    titles = {r["label"]: r["title"] for r in exports[lang] if r["kind"] == "rule"}
    parents = {r["label"]: r.get("parent", "") for r in exports[lang] if r["kind"] == "rule"}
    refs = {code: _reference_remover(exports.get(code, [])) for code in LANGS}
    docs = []
    seen = set()
    for record in exports[lang]:
        key = (record["kind"], record["label"])
        if key in seen:  # a label is defined once; a duplicate would only repeat a result
            continue
        seen.add(key)
        twin = other.get(key, {})
        ways = phrasings.get(record["label"], {}) if record["kind"] == "rule" else {}
        before = asked.get(record["label"], {}) if record["kind"] == "rule" else {}
        docs.append({
            "label": record["label"], "page": record["page"], "kind": record["kind"],
            "title": record["title"], "text": record.get("text", ""),
            "label_words": label_words(record), "parent": record.get("parent", ""),
            "game": GAME_WORDS.get(record["label"].split("-", 1)[0], ""),
            "context": " ".join(titles[a] for a in _ancestors(record["label"], parents) if a in titles),
            "other_title": twin.get("title", ""), "other_text": twin.get("text", ""),
            "searched_text": refs[lang](record.get("text", "")),
            "other_searched_text": refs[OTHER[lang]](twin.get("text", "")),
            "phrasings": [expand_abbreviations(w, lang) for w in ways.get(lang, [])],
            "other_phrasings": [expand_abbreviations(w, OTHER[lang]) for w in ways.get(OTHER[lang], [])],
            "asked": [expand_abbreviations(w, lang) for w in before.get(lang, [])],
            "other_asked": [expand_abbreviations(w, OTHER[lang]) for w in before.get(OTHER[lang], [])],
        })
    return docs


# How a rule's text sends the reader to another section: "(see Sorties)", "véase Liderazgo".
SEE_WORDS = {"en": ("see",), "es": ("véase",)}


def _reference_remover(records: list[dict]) -> Callable[[str], str]:
    """A function that takes out of a text each "see <another section's heading>": the words of
    a heading a rule only points to say what that other rule is about, not this one."""
    titles = sorted({r["title"] for r in records if r.get("kind") == "rule" and r.get("title")}, key=len, reverse=True)
    if not titles:
        return lambda text: text
    see = "|".join(word for words in SEE_WORDS.values() for word in words)
    pattern = re.compile(rf"\b(?:{see})\s+(?:{'|'.join(map(re.escape, titles))})(?!\w)")
    return lambda text: pattern.sub(" ", text)


def _ancestors(label: str, parents: dict[str, str]) -> list[str]:
    chain: list[str] = []
    parent = parents.get(label, "")
    while parent and parent not in chain and parent != label:
        chain.append(parent)
        parent = parents.get(parent, "")
    return chain


def _fingerprint(export_bytes: dict[str, bytes]) -> str:
    from adjudicator.search import backend

    digest = hashlib.sha256()
    digest.update(f"{INDEX_FORMAT}|{backend.BACKEND}".encode())
    for part in backend.PARTS:  # a change of analysis or of the index's fields rebuilds the index
        digest.update(Path(str(part.__file__)).read_bytes())
    digest.update(GLOSSARY_FILE.read_bytes())
    # Phrasings and the questions asked before are indexed with their abbreviations read out.
    for data_file in (PHRASINGS_FILE, ASKED_FILE, ABBREVIATIONS_FILE):
        if data_file.is_file():
            digest.update(data_file.read_bytes())
    for lang in LANGS:
        digest.update(lang.encode() + b"\0" + export_bytes.get(lang, b""))
    return digest.hexdigest()


def _read_manifest(index_dir: Path) -> dict[str, Any]:
    try:
        return json.loads((index_dir / MANIFEST_NAME).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}


def build_index(force: bool = False, progress: Callable[[str], None] | None = None,
                langs: tuple[str, ...] = LANGS) -> dict[str, Any]:
    """Build the search index of each language from the built docs' ``rules-export.json``.

    Skips a language whose index already holds exactly the current exports (unless
    ``force``). Raises :class:`DocsMissing` (an :class:`IndexMissing`) naming the missing
    exports when the docs are not built: run ``adjudicator build docs``. Returns
    ``{"langs": {lang: {documents, rules, terms, skipped, path}}, "seconds"}``.
    """
    started = time.perf_counter()
    say = progress or (lambda line: None)
    langs = tuple(check_lang(lang) for lang in langs)
    missing = {lang: export_path(lang) for lang in LANGS if not export_path(lang).is_file()}
    if any(lang in missing for lang in langs):
        raise DocsMissing(missing)
    with paths.build_lock("index"):
        report = _build_locked(langs, [lang for lang in LANGS if lang not in missing], force, say)
    report["seconds"] = round(time.perf_counter() - started, 3)
    return report


def _build_locked(langs: tuple[str, ...], available: list[str], force: bool,
                  say: Callable[[str], None]) -> dict[str, Any]:
    from adjudicator.search import backend

    raw = {lang: export_path(lang).read_bytes() for lang in available}
    exports = {lang: load_export(export_path(lang)) for lang in available}
    fingerprint = _fingerprint(raw)
    glossary = load_glossary(exports)
    report: dict[str, Any] = {"langs": {}, "seconds": 0.0}
    for lang in langs:
        index_dir = paths.search_index(lang)
        docs = documents(lang, exports)
        counts = {"documents": len(docs), "rules": sum(d["kind"] == "rule" for d in docs),
                  "terms": sum(d["kind"] == "term" for d in docs), "path": str(index_dir)}
        manifest = _read_manifest(index_dir)
        if (not force and manifest.get("fingerprint") == fingerprint
                and backend.index_exists(index_dir)):
            say(message("en", "search.up_to_date", lang=lang, documents=manifest.get("documents", 0)))
            report["langs"][lang] = {**counts, "skipped": True}
            continue
        say(message("en", "search.indexing", lang=lang, **{k: counts[k] for k in ("documents", "rules", "terms")}))
        lang_started = time.perf_counter()
        backend.write_index(index_dir, lang, docs, extra_files={
            GLOSSARY_IN_INDEX: json.dumps(glossary, ensure_ascii=False),
            MANIFEST_NAME: json.dumps({"fingerprint": fingerprint, "format": INDEX_FORMAT,
                                       "backend": backend.BACKEND, "lang": lang,
                                       "documents": len(docs), "built": time.time()}),
        })
        report["langs"][lang] = {**counts, "skipped": False,
                                 "seconds": round(time.perf_counter() - lang_started, 3)}
    forget_glossary()
    return report
