"""Reading a query's words as the reference writes them: typos, compounds, the other language.

A word the reference does not know gets its nearest words of the game (RapidFuzz's
Damerau-Levenshtein distance; the did-you-mean); a word written together that the rules write
apart ("witchking") is read as its two words, and two words the rules write as one ("strong
hold") as that word; a word may cross into the other language's text only when it can be a
word of that language. The ranking (:mod:`adjudicator.search.backend`) asks these questions of
a :class:`QueryReader`, one per open index.
"""
from __future__ import annotations

import re
from itertools import pairwise

from rapidfuzz import process as fuzzy
from rapidfuzz.distance import DamerauLevenshtein

from adjudicator.search.analysis import OTHER, analyze, fold, is_stop_word, stop_words
from adjudicator.search.index import ASKED_FIELDS, FIELDS, PHRASING_FIELDS, IndexData, field_lang

MAX_VARIANTS = 3  # close words searched for one misspelt word
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
# 2 to 4 alike on the tuning sets, 8 loses the gain; nonsense unchanged), and in at most this
# share of them: a word every other rule uses is a filler ("cada"), and "caza" is no typo of it.
COMMON_WORD, COMMON_WORD_SHARE = 3, 0.1
PAIR_WORDS = re.compile(r"\w+(?:['\u2019]\w+)*")


class QueryReader:
    """The questions the ranking asks about a query's words, answered from one index (cached)."""

    def __init__(self, index: IndexData):
        self.index = index
        self.lang = index.lang
        self._spell_choices: dict[str, list[str]] | None = None
        self._word_pairs: set[tuple[str, str]] | None = None
        self._spellings: dict[str, tuple[tuple[str, int], ...]] = {}

    def knows(self, word: str, phrasings: bool = True) -> bool:
        """True when ``word`` is a word of the reference (either language) or a stop word.

        The other language's text counts only for a word that may cross into it
        (:meth:`crosses`): "pas" stems like Spanish "pasar", but the English reference does not
        search it there, so it is a misspelling of "pass". ``phrasings=False``: the players'
        phrasings do not count (they have players' typos: "seperately" is no word to keep); the
        questions asked before never do.
        """
        if fold(word) in self.index.surface:
            return True
        crosses = None
        for field in FIELDS:
            if field in ASKED_FIELDS or (not phrasings and field in PHRASING_FIELDS):
                continue
            forms = analyze(word, field_lang(field, self.lang))
            if not forms:
                return True  # a stop word of that language: nothing to correct
            if field.startswith("other_"):
                crosses = self.crosses(word) if crosses is None else crosses
                if not crosses:
                    continue
            if all(f in self.index.postings[field] for f in forms):
                return True
        return False

    def _choices(self) -> dict[str, list[str]]:
        """The words a misspelling may be corrected to, by first letter: words of the game
        (in a heading or a glossary term, either language) and words common in the rules text
        (:data:`COMMON_WORD`), not stop words."""
        if self._spell_choices is None:
            choices: dict[str, list[str]] = {}
            common = range(COMMON_WORD, int(COMMON_WORD_SHARE * self.index.n) + 1)
            for folded in self.index.freq:
                if folded.isalpha() and not self._is_stop(folded) and (
                        self.index.is_game_word(folded) or self.index.freq.get(folded, 0) in common):
                    choices.setdefault(folded[0], []).append(folded)
            self._spell_choices = choices
        return self._spell_choices

    def close_words(self, word: str) -> tuple[tuple[str, int], ...]:
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
        # A word only the players' phrasings have may be a typo of theirs: it gets its close words too.
        if (allowed or len(low) == SHORT_TYPO) and low.isalpha() and not self.knows(word, phrasings=False):
            choices = self._choices().get(low[0], [])
            if allowed:
                near = fuzzy.extract(low, choices, scorer=DamerauLevenshtein.distance, score_cutoff=allowed, limit=None)
            else:  # a short word may only have lost a letter: "pas" is "pass", "cup" no "cut"
                near = [(cand, 1, 0) for cand in choices if len(cand) == len(low) + 1 and _one_letter_lost(low, cand)]
            if len(low) < CROSS_MIN:
                near = [n for n in near if self.lang in self.index.surface.get(n[0], {})]
            # The nearest first; then a word of the reference's own language; then the most used.
            surface, freq = self.index.surface, self.index.freq
            ranked = sorted((dist, self.lang not in surface.get(cand, {}), -freq.get(cand, 0), cand)
                            for cand, dist, _i in near if dist > 0)
            best = ranked[0][0] if ranked else 0
            found = tuple((cand, dist) for dist, _o, _f, cand in ranked if dist == best)[:MAX_VARIANTS]
        if len(self._spellings) > 5000:
            self._spellings.clear()
        self._spellings[low] = found
        return found

    def misspelt_filler(self, word: str) -> bool:
        """Whether an unknown ``word`` is a stop word misspelt ("whre", "porqe"): one edit from
        a stop word of either language, and no nearer word of the game. It is dropped like the
        stop word it is: unknown, it would weigh as much as the query's rarest word."""
        low = fold(word)
        if len(low) < 4 or not low.isalpha() or self.knows(word):
            return False
        if any(dist <= 1 for _cand, dist in self.close_words(word)):
            return False
        return any(abs(len(stop) - len(low)) <= 1 and DamerauLevenshtein.distance(low, fold(stop)) <= 1
                   for lang in (self.lang, OTHER[self.lang]) for stop in stop_words(lang) if len(stop) >= 3)

    def _is_stop(self, folded: str) -> bool:
        spellings = self.index.surface.get(folded, {})
        return any(is_stop_word(w, self.lang) for w in spellings.values()) or is_stop_word(folded, self.lang)

    def correction(self, word: str) -> str | None:
        """The did-you-mean of an unknown word: its nearest word, as the reference spells it."""
        close = self.close_words(word)
        if not close:
            return None
        spellings = self.index.surface.get(close[0][0], {})
        return spellings.get(self.lang) or spellings.get(OTHER[self.lang])

    def spelt(self, word: str) -> bool:
        """Whether the spelling help has already looked at ``word`` (it costs nothing again)."""
        return fold(word) in self._spellings

    def crosses(self, word: str) -> bool:
        """Whether ``word`` may be a word of the other language (then it searches that text too).

        Only when the other language's reference writes it so, or (five letters or more) it
        stems like a word of the other language's headings, or like a word of its players'
        phrasings that this language has nowhere ("sally out" in the Spanish reference):
        stemmed in the other language, an English word can look Spanish by chance ("mana"
        stems like "mano").
        """
        folded = fold(word)
        if OTHER[self.lang] in self.index.surface.get(folded, {}):
            return True
        if len(folded) < CROSS_MIN:
            return False
        other = analyze(word, OTHER[self.lang])
        if any(f in self.index.game["other"] for f in other):
            return True
        own = analyze(word, self.lang)
        postings = self.index.postings
        return (bool(own) and not any(f in postings[field] for field in ("title", "text", "phrasings") for f in own)
                and any(f in postings["other_phrasings"] for f in other))

    def _in_rules(self, word: str) -> bool:
        """Whether the rules themselves (not only the players' phrasings) have ``word``."""
        if fold(word) in self.index.surface:
            return True
        return any(all(f in self.index.postings[field] for f in forms)
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
            elif all(stop or (self.index.is_game_word(p) and self._in_rules(p))
                     for p, stop in zip(parts, stops, strict=True)):
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
            for doc in self.index.docs.values():
                for part in ("title", "text", "other_title", "other_text"):
                    words = [fold(w).replace("'", "").replace("\u2019", "")
                             for w in PAIR_WORDS.findall(doc.get(part, ""))]
                    pairs.update(pairwise(words))
            self._word_pairs = pairs
        return self._word_pairs

    def compounds(self, words: list[str]) -> list[str]:
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
                if self.index.is_game_word(joined) and self._in_rules(joined):
                    out.append(joined)
                    i += 2
                    continue
            parts = () if self._in_rules(word) else self._split(word)
            # A word the players' phrasings have is still searched as it is.
            out.extend(((word,) if self.knows(word) else ()) + parts if parts else (word,))
            i += 1
        return out


def _one_letter_lost(short: str, word: str) -> bool:
    """Whether ``word`` is ``short`` with one letter more, anywhere but first ("pas", "pass")."""
    return any(word[:i] + word[i + 1:] == short for i in range(1, len(word)))


def max_typos(word: str) -> int:
    """How many edits a word of this length may carry and still be read as a misspelling.

    None under 4 letters (``cup`` is no typo of ``cut``; a word of :data:`SHORT_TYPO` letters
    may still have lost one, see QueryReader.close_words), one up to 6 (``asedo``, ``Guia``), two
    from 7 (``corruptoin``, ``bsqueda`` has one).
    """
    n = len(word)
    return 0 if n < 4 else 1 if n <= 6 else 2

