"""The search's text analysis: the words a text is indexed and searched under, in each language.

By Whoosh's analysis chain: words are lower-cased, stop words dropped, irregular forms and
(Spanish) plurals read as their regular word, accents and ``ñ`` folded (``asediádo`` ->
``asediado``, ``daño`` -> ``dano``) and then stemmed with the Snowball stemmer of the language
(``asediado``, ``asedio`` -> ``asedi``). Folding comes before stemming so a word typed without
its accent stems exactly like the accented one. Also here: what a question word asks for
(:data:`INTENTS`), read by the ranking in :mod:`adjudicator.search.backend`.
"""
from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache, lru_cache

from whoosh.analysis import CharsetFilter, Filter, LowercaseFilter, RegexTokenizer, StemFilter, StopFilter
from whoosh.lang.stopwords import stoplists
from whoosh.support.charset import accent_map

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
           "please", "hi", "hello", "thanks", "tell", "explain", "mean", "means", "meaning", "far",
           # "not sure", "make sure": no word of a rule, and no typo of Surge (set 48, spent)
           "sure",
           # contractions typed without their apostrophe, as players do on a phone ("isnt")
           "isnt", "arent", "wasnt", "werent", "dont", "doesnt", "didnt", "cant", "couldnt", "wont",
           "wouldnt", "shouldnt", "hasnt", "havent", "hadnt", "im", "ive", "youre", "theyre", "whats",
           "thats", "theres", "hows", "whos"},
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
# "What happens when the last counter is removed" asks what follows, not when: its "when" asks
# for no moment (sets 48 and 49, spent: "Time X - what happens when the last counter is removed").
CONSEQUENCE = {"happens", "happen", "happened", "pasa", "ocurre", "sucede"}
ASKING = {word: intent for intent, (asked, _answers) in INTENTS.items() for word in asked}
WORDS = re.compile(WORD_PATTERN)


def label_words(label: str) -> str:
    """``wotr-hunt-damage-eye`` -> ``hunt damage eye`` (the game prefix says nothing)."""
    parts = label.split("-")
    return " ".join(parts[1:] if parts and parts[0] in ("wotr", "wotrcg", "lcg", "term") else parts)


@cache
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


@cache
def analyzer(lang: str):
    """Lower case, stop words, irregular forms, (Spanish) plurals, accent/ñ folding, then the
    Snowball stemmer."""
    chain = (RegexTokenizer(WORD_PATTERN) | LowercaseFilter()
             | StopFilter(stoplist=stop_words(lang), minsize=1) | IrregularFilter(IRREGULAR[lang]))
    if lang == "es":
        chain = chain | SpanishPluralFilter()
    chain = chain | CharsetFilter(accent_map) | StemFilter(lang=lang, ignore=UNSTEMMED[lang], cachesize=50000)
    return chain | SpanishStemSpellingFilter() if lang == "es" else chain


class SpanishStemSpellingFilter(Filter):
    """A Spanish stem that ends in the spelling a verb takes before *e* read as the verb's
    own: ``ataque``/``ataquen`` stem ``ataqu`` but ``atacar`` ``atac``; ``busque`` ``busqu``,
    ``buscar`` ``busc``; ``llegue`` ``llegu``, ``llegar`` ``lleg``."""

    def __call__(self, tokens):
        for token in tokens:
            text = token.text
            if len(text) > 4 and text.endswith(("qu", "gu")):
                token.text = text[:-2] + ("c" if text.endswith("qu") else "g")
            yield token


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
    return [w.lower() for w in WORDS.findall(text)]


def asking_words(words: Iterable[str]) -> list[str]:
    """The words of a query that ask for a number, a moment, a person or a permission
    ("how many", "cuándo", "who", "can"): see :data:`INTENTS`.

    They match nothing in a rule's text, but a heading that answers in kind ("How many action
    dice each side rolls", "Cuándo se resuelve Oleada", "Leaders are never alone") may answer
    exactly that question.
    """
    words = list(words)
    folded = [fold(w) for w in words]
    return [w for i, (w, f) in enumerate(zip(words, folded, strict=True)) if f in ASKING
            and not (ASKING[f] == "moment" and i and folded[i - 1] in CONSEQUENCE)]
