"""A query read once: its folded words, the regions, characters and nations it names (the
base of the reader: places.py, armies.py, fellowship.py and kinds.py read the rest)."""
from __future__ import annotations

import re
from dataclasses import dataclass

from adjudicator.search.analysis import fold
from adjudicator.search.situation.cards import PLAYING, card_names
from adjudicator.search.situation.lexicon import region_pattern, spell, words_of
from adjudicator.search.situation.words import (
    COMING,
    COMPASS,
    CORRECTION,
    CORRUPTION,
    EYES,
    HUNT_BOX,
    IN_FELLOWSHIP,
    MORDOR_STEP,
    NUMBER_CORRECTED,
    NUMBERS,
    PLACE_BEFORE,
    table,
    tables,
)

# Chat's slashed short forms, read before the words are split (their slash would split them).
SLASHED_WORDS = {"w/o": "without ", "w/": "with ", "b/c": "because "}
SLASHED = re.compile(r"(?<!\w)(?:w/o|b/c|w/)(?=\s|\w|$)", re.IGNORECASE)


@dataclass
class Unit:
    start: int            # token index of the count
    end: int              # token index after the unit word (and a nation said after it)
    nation: str | None
    unit: str
    count: int
    side: str | None = None
    region: str | None = None
    explicit: bool = False   # its nation said with it ("4 Gondor regulars", "2 elites de Sauron")


class Text:
    """What one query names, read once: its folded words, regions, characters and nations."""

    def __init__(self, query: str):
        query = NUMBER_CORRECTED.sub(r"\g<new>\g<mid>", query)   # "a -2 tile, no wait, a 2": a 2 was drawn
        query = SLASHED.sub(lambda m: SLASHED_WORDS[m.group(0).lower()], query)   # "w/ 3 regulars", "w/o a leader"
        self.query = query   # as written (its words below drop signs and punctuation)
        t = tables()
        marked = re.findall(r"\w+|[,.;:!?()]", fold(query))
        short = table("shorthand")   # texting: "6 orcos d isengar", "asediados x 10 bichos"
        marked = [short.get(w, w) if not (w == "x" and k and marked[k - 1] == "time") else w
                  for k, w in enumerate(marked)]
        tokens = spell([w for w in marked if w[0].isalnum() or w[0] == "_"])
        after_mark, k = set(), 0
        for w in marked:
            if w[0].isalnum() or w[0] == "_":
                k += 1
            else:
                after_mark.add(k)   # the token after a comma, a stop, a bracket
        merged: list[str] = []
        self.breaks: set[int] = set()   # tokens said after punctuation ("5 regulares, rohan se pone")
        for k, tok in enumerate(tokens):   # "de el" is "del", "a el" is "al" ("Los Muertos de El Sagrario")
            if tok == "el" and merged and merged[-1] in ("de", "a") and k not in after_mark:
                merged[-1] += "l"
                continue
            if k in after_mark:
                self.breaks.add(len(merged))
            merged.append(tok)
        places = table("places")   # a nation's name said as a place: "viene de Isengard", "in Isengard"
        for k, tok in enumerate(merged):
            if tok in places and k and (merged[k - 1] in PLACE_BEFORE or (
                    merged[k - 1] == "de" and k > 1 and merged[k - 2] in COMING)):
                merged[k] = places[tok]
        self.tokens = merged
        self.text = " ".join(merged)
        self.starts = [0]
        for tok in merged[:-1]:
            self.starts.append(self.starts[-1] + len(tok) + 1)
        pattern, ids = region_pattern()
        self.regions_at: list[tuple[int, int, str]] = []   # (first token, token after, region id)
        # a region's name inside a card's ("Corsairs of Umbar", "The Palantír of Orthanc") names no place
        in_card = [(c.start(), c.end()) for c in card_names()[0].finditer(self.text)] \
            if PLAYING.search(self.text) else []
        for m in pattern.finditer(self.text):
            if any(a <= m.start() and m.end() <= b and b - a > m.end() - m.start() for a, b in in_card):
                continue
            first = self.token_at(m.start())
            after = first + len(m.group(0).split())
            if after < len(merged) and merged[after] in COMPASS and after not in self.breaks:
                continue   # "el Folde Oeste": a place the map lacks, not the Folde (the form asks)
            self.regions_at.append((first, after, ids["".join(words_of(m.group(0)))]))
        # "a Dol Amroth, no espera, digo a Pelargir": a region said again corrected is the one meant
        self.regions_at = [(s, e, rid) for k, (s, e, rid) in enumerate(self.regions_at)
                           if not (k + 1 < len(self.regions_at) and CORRECTION.fullmatch(
                               " ".join(merged[e:self.regions_at[k + 1][0]])))]
        self.regions = [rid for _s, _e, rid in self.regions_at]
        self.chars_at = self._characters(t)
        self.chars = list(dict.fromkeys(cid for _s, _e, cid in self.chars_at))
        covered = {i for s, e, _r in self.regions_at for i in range(s, e)} | \
                  {i for s, e, _c in self.chars_at for i in range(s, e)}
        self.covered = covered   # the tokens of a name: no unit's count nor nation (armies.py)
        self.nations_at = [(i, t["nations"][tok]) for i, tok in enumerate(merged)
                           if tok in t["nations"] and i not in covered and not self._unit_word_at(i)]
        self.nations = [n for _i, n in self.nations_at]
        self.eyes = EYES.search(self.text)
        self.box = HUNT_BOX.search(self.text)
        self.corruption = CORRUPTION.search(self.text)
        self.mordor = MORDOR_STEP.search(self.text)

    def token_at(self, offset: int) -> int:
        import bisect

        return bisect.bisect_right(self.starts, offset) - 1

    def region_home(self, j: int) -> tuple[str, int] | None:
        """The nation of the region whose name starts at token ``j`` and the token after it, when a
        unit's word follows the name ("4 Angmar units", "3 Dol Guldur orcs"), else None."""
        from adjudicator import data

        for s, e, rid in self.regions_at:
            if s == j and e < len(self.tokens) and self.tokens[e] in tables()["units"]:
                home = data.regions()[rid].get("nation")
                return (home, e) if home in data.nations() else None
        return None

    def _unit_word_at(self, i: int) -> bool:
        """Whether token ``i`` ("elves", "uruks") is a counted unit's word rather than a nation named."""
        return i > 0 and (self.tokens[i - 1].isdecimal() or self.tokens[i - 1] in NUMBERS) and \
            self.tokens[i] in tables()["units"]

    def _characters(self, t: dict) -> list[tuple[int, int, str]]:
        found: list[tuple[int, int, str]] = []
        # the figures said as an army's owner ("Saruman's got 8 Uruk elites"), read by armies.py
        self.owners: list[tuple[int, int, str]] = []
        taken: set[int] = set()
        for word, cid in t["chars"]:
            for m in re.finditer(rf"\b{re.escape(word)}\b", self.text):
                first = self.token_at(m.start())
                span = set(range(first, first + len(word.split())))
                if span & taken:
                    continue
                taken |= span
                if re.match(r"s (?:got|army|armies|forces|units|troops|side)\b", self.text[m.end():].lstrip()):
                    self.owners.append((first, first + len(word.split()), cid))
                    continue   # "Saruman's got 8 Uruk elites": his side's, not his figure
                found.append((first, first + len(word.split()), cid))
        if any(cid == "gandalf-the-white" for _s, _e, cid in found):   # "Gandalf the White ... Gandalf's reroll"
            found = [(s, e, "gandalf-the-white" if e - s == 1 and self.tokens[s] == "gandalf" else cid)
                     for s, e, cid in found]
        # a figure said to be in the Fellowship is its Companion: "Aragorn is in the fellowship" is Strider
        self.in_fellowship: set[str] = set()
        for k, (s, e, cid) in enumerate(found):
            if IN_FELLOWSHIP.match(" ".join(self.tokens[e:e + 6])):
                cid = "strider" if cid == "aragorn" else cid
                found[k] = (s, e, cid)
                self.in_fellowship.add(cid)
        found.sort()
        return found
