"""The games' glossary in the search: the (en, es) term pairs, and the terms a query names.

``glossary.json`` (next to this module) gives the term pairs; the two built glossaries complete
them (:func:`load_glossary`). A term found in a query is searched in the reference's language too
(:func:`glossary_expansions`), and a query that names one is a question about the rules
(:func:`about_the_rules`).
"""
from __future__ import annotations

import json
from pathlib import Path

from adjudicator import paths
from adjudicator.search.routing import about_card_game, names_lcg_keyword

LANGS = ("en", "es")
GLOSSARY_FILE = Path(__file__).with_name("glossary.json")


def load_glossary(exports: dict[str, list[dict]] | None = None) -> list[dict[str, str]]:
    """The (en, es) term pairs: the data file, completed by the two built glossaries.

    In the built glossaries a term has the same anchor (``term-Hunt-Box``) in both languages,
    so pairing the two exports' term records by anchor gives the translation actually shown.
    """
    data = json.loads(GLOSSARY_FILE.read_text(encoding="utf-8"))
    pairs = {t["term_id"]: {"en": t["en"], "es": t["es"]} for t in data["terms"]}
    if exports and all(lang in exports for lang in LANGS):
        titles = {lang: {r["label"]: r["title"] for r in exports[lang] if r["kind"] == "term"}
                  for lang in LANGS}
        for term_id, en_title in titles["en"].items():
            es_title = titles["es"].get(term_id)
            built = {"en": en_title, "es": es_title}
            if es_title and es_title != en_title and pairs.get(term_id) != built:
                # a term the data file lacks, or translated differently on the page: both count
                pairs[term_id if term_id not in pairs else term_id + "#built"] = built
    return [dict(term_id=k, **v) for k, v in pairs.items()]


GLOSSARY_IN_INDEX = "glossary.json"
_glossary_cache: dict[str, list[tuple[dict[str, str], dict[str, list[str]]]]] = {}


def forget_glossary() -> None:
    """Forget the analysed pairs (an index was rebuilt: its glossary is read again)."""
    _glossary_cache.clear()


def _analysed_glossary(lang: str | None = None) -> list[tuple[dict[str, str], dict[str, list[str]]]]:
    """Each pair with its analysed form in each language (cached per index build).

    The pairs come from the index of ``lang`` when it holds them (the data file completed by
    the built glossaries, saved by :func:`build_index`), else from the data file alone.
    """
    from adjudicator.search import index_stamp  # the index's own: a rebuilt index is read again

    source = paths.search_index(lang) / GLOSSARY_IN_INDEX if lang else None
    stamp = index_stamp(paths.search_index(lang)) if lang else None
    key = f"{source}|{stamp}"
    if key not in _glossary_cache:
        from adjudicator.search.backend import analyze

        try:
            pairs = json.loads(source.read_text(encoding="utf-8")) if source else load_glossary()
        except (OSError, ValueError):
            pairs = load_glossary()
        if len(_glossary_cache) > 8:
            _glossary_cache.clear()
        _glossary_cache[key] = [(pair, {code: analyze(pair[code], code) for code in LANGS}) for pair in pairs]
    return _glossary_cache[key]


def _contains(haystack: list[str], needle: list[str]) -> bool:
    n = len(needle)
    return n > 0 and any(haystack[i:i + n] == needle for i in range(len(haystack) - n + 1))


def glossary_expansions(text: str, lang: str) -> list[tuple[str, str, float]]:
    """``(term in lang, lang, boost)`` for each glossary term the query names, in either language."""
    from adjudicator.search.backend import analyze

    out: dict[tuple[str, ...], tuple[str, str, float]] = {}
    query_forms = {code: analyze(text, code) for code in LANGS}
    for pair, forms in _analysed_glossary(lang):
        for code in LANGS:
            if _contains(query_forms[code], forms[code]):
                # The term in the reference's language. A translated term weighs a lot: the
                # reader's own words will not find it otherwise. A term typed in the
                # reference's language only nudges its words to stay together (its words
                # already count one by one). Terms that index alike (Siege/asedio,
                # Besieged/asediado) count once.
                boost = 0.25 if code == lang else 2.0
                key = tuple(forms[lang])
                if code == lang and len(key) < 2:
                    break  # one word of the reader's own language: the word itself searches it
                if key and out.get(key, ("", "", 0.0))[2] < boost:
                    out[key] = (pair[lang], lang, boost)
                break
    return list(out.values())


def about_the_rules(said: str, query: str, lang: str) -> bool:
    """Whether a query names a term, a keyword or a card of the games (a glossary term in either
    language, an LCG keyword, a card's whole name) or is about the card game (its name, or a word
    only it uses): asked with asides, it is still a rules question. A question about the card game
    as a product says so ("worth buying"), and is refused for that."""
    from adjudicator.search.vocabulary import card_names_typed

    return (names_a_term(said, lang) or names_lcg_keyword(query) or about_card_game(query, lang)
            or bool(card_names_typed(query)))


def names_a_term(text: str, lang: str) -> bool:
    """Whether the query names a term of the games' glossary of two words or more, in either
    language ("Will of the West", "casilla de cacería"): a word alone ("War", "Army") is said of
    the game as a product too."""
    from adjudicator.search.backend import analyze

    query_forms = {code: analyze(text, code) for code in LANGS}
    return any(len(forms[code]) > 1 and _contains(query_forms[code], forms[code])
               for _pair, forms in _analysed_glossary(lang) for code in LANGS)
