"""The Fellowship and the Hunt: where the Fellowship is and goes, its Guide, the Companion left,
and the Fellowship's part of the position (hidden, Corruption, Progress, the Mordor Track)."""
from __future__ import annotations

from typing import Any

from adjudicator.search.situation.lexicon import region_name
from adjudicator.search.situation.text import Text
from adjudicator.search.situation.words import (
    ARTICLE_WORDS,
    BRINGABLE,
    DESTINATION_BEFORE,
    FELLOWSHIP_COMPANIONS,
    FELLOWSHIP_MOVES,
    GUIDE,
    GUIDE_BEFORE,
    HIDDEN,
    LEAVING,
    LEFT_AFTER,
    LEFT_IT,
    LISTING,
    NO_COMPANIONS,
    ONLY_LEFT,
    ORDINALS,
    PROGRESS,
    REVEALED,
    THERE,
    number,
    tables,
)

# After "is there", "are there": a thing asked of ("is there any hunt roll"), not a place.
EXISTS_AFTER = frozenset({"a", "an", "any", "some", "no", "enough", "many", "much", "more", "another", "still"})


class FellowshipReading(Text):
    """What a query says of the Fellowship."""

    def fellowship_at(self) -> str | None:
        """The Fellowship's region: "my fellowship is hidden in Fangorn", "la comunidad sale de Rivendel"."""
        found = tables()["fellowship"].search(self.text)
        if not found:
            return None
        after = self.token_at(found.start()) + len(found.group(0).split())
        near = self.tokens[after:after + 4]
        said = next((after + j for j, w in enumerate(near) if w in THERE), None)
        asks = said is not None and self.tokens[said] == "there" and self.tokens[said + 1:said + 2] and (
            self.tokens[said + 1] in EXISTS_AFTER or self.tokens[said + 1].isdecimal())
        if said is not None and not asks and not {"to", "a", "hacia"} & set(near):
            # "la comunidad pasa por ahí" (set 42), "the fellowship is there": the region said last before
            before = [rid for s, _e, rid in self.regions_at if s < after]
            if before:
                return before[-1]
        for s, _e, rid in self.regions_at:
            if after <= s <= after + 5:
                k = s - 1
                while k >= after and self.tokens[k] in ARTICLE_WORDS:
                    k -= 1
                if k >= after and self.tokens[k] in ("in", "en", "at", "de", "from", "desde", "on", "por",
                                                     "through", "thru", "via"):
                    return rid
                return None
        return None

    def fellowship_destination(self) -> str | None:
        """Where the Fellowship moves, when the query says so ("la comunidad sale de Rivendel hacia el Acebeda")."""
        found = tables()["fellowship"].search(self.text)
        if not found or not FELLOWSHIP_MOVES.search(self.text[found.end():found.end() + 40]):
            return None
        after = self.token_at(found.start())
        ahead = [(s, rid) for s, _e, rid in self.regions_at if after < s <= after + 10]
        for s, rid in ahead:
            k = s - 1
            while k > after and self.tokens[k] in ARTICLE_WORDS:
                k -= 1
            if self.tokens[k] in DESTINATION_BEFORE - {"a"} or (self.tokens[k] == "a" and len(ahead) >= 2):
                return rid
        return None

    def guide(self) -> str | None:
        """The Guide the query names: "Gandalf as guide", "Gandalf de guía", "the guide is Strider"."""
        near: list[tuple[int, str]] = []
        for s, e, cid in self.chars_at:
            after, before = " ".join(self.tokens[e:e + 7]), " ".join(self.tokens[max(0, s - 4):s])
            said = GUIDE.search(after)
            if said:
                near.append((len(said.group(0).split()), cid))
            elif GUIDE_BEFORE.search(before):
                near.append((1, cid))
        return min(near)[1] if near else None   # the name nearest the word ("Gandalf and Strider as guide")

    def only_left(self) -> str | None:
        """A Companion (or Gollum) said to be the only one left: "me queda solo Gollum"."""
        for s, e, cid in self.chars_at:
            if ONLY_LEFT.search(" ".join(self.tokens[max(0, s - 4):s]) + " ") or \
                    LEFT_AFTER.search(" ".join(self.tokens[e:e + 2])):
                return cid
        return None


    def companions_listed(self) -> list[str] | None:
        """The Companions the query lists with the Fellowship ("the fellowship has merry pippin and
        strider left", "Gimli i Legolas en la Comunidad", "Merry is still with Frodo and Sam"), in
        the order said; ``[]`` when it says none is left ("solo Frodo y Sam"); None when it lists none.
        Aragorn said in the Fellowship is Strider (set 44: "with frodo sam merry pippin and aragorn")."""
        if NO_COMPANIONS.search(self.text):
            return []
        starts = {s: (e, cid) for s, e, cid in self.chars_at}
        ends = {e: (s, cid) for s, e, cid in self.chars_at}
        found: dict[str, int] = {}   # each Companion and where it is said first

        def take(cid: str, at: int) -> None:
            cid = "strider" if cid == "aragorn" else cid
            if cid in FELLOWSHIP_COMPANIONS:
                found[cid] = min(at, found.get(cid, at))

        for anchor in tables()["fellowship"].finditer(self.text):
            first = self.token_at(anchor.start())
            last = first + len(anchor.group(0).split())
            i, gap = last, 0
            while i < len(self.tokens) and gap <= 1 and self.tokens[i] not in LEAVING:
                if i in starts:
                    if LEFT_IT & set(self.tokens[starts[i][0]:starts[i][0] + 2]):
                        break   # "con Gandalf de guía y Aragorn ya salió": gone from it
                    take(starts[i][1], i)
                    i, gap = starts[i][0], 0
                    continue
                gap += self.tokens[i] not in LISTING
                i += 1
            i = first   # before it, only words of a list ("Tengo Trancos en Rivendel y la Comunidad": not his)
            while i > 0 and self.tokens[i - 1] not in LEFT_IT:
                if i in ends:
                    take(ends[i][1], ends[i][0])
                    i = ends[i][0]
                    continue
                if self.tokens[i - 1] not in LISTING:
                    break
                i -= 1
        return sorted(found, key=found.__getitem__) or None


def fellowship_figures(read: FellowshipReading) -> set[str]:
    """The characters the query names as the Fellowship's (its Guide, the one left, the Companions
    it lists with it)."""
    return {c for c in (read.guide(), read.only_left(), *(read.companions_listed() or ())) if c}


def fellowship_position(read: FellowshipReading, kind: str, lang: str) -> dict[str, Any]:
    from adjudicator import names

    out: dict[str, Any] = {}
    at = read.fellowship_at()
    if at is not None:
        out["region"] = region_name(at, lang)
    said = tables()["fellowship"].search(read.text)
    if said:
        near = read.text[max(0, said.start() - 30):said.end() + 40]
        if HIDDEN.search(near):
            out["hidden"] = True
        elif REVEALED.search(near):
            out["hidden"] = False
    left = read.only_left()
    guide = read.guide()
    if left == "gollum":
        out["companions"], out["guide"] = [], names.character_name("gollum", lang)
    elif left is not None and names.characters().lookup(left) is not None:
        out["companions"] = [names.character_name(left, lang).split(",")[0]]
    listed = read.companions_listed() if "companions" not in out else None
    if listed == [guide]:
        listed = None   # "in Moria with Gandalf as guide" says the Guide, not that he walks alone with them
    if listed is not None:
        if guide in FELLOWSHIP_COMPANIONS and guide not in listed and listed:
            listed = [guide, *listed]   # "with Strider guide, Gandalf and Legolas": the Guide is one
        out["companions"] = [names.character_name(c, lang).split(",")[0] for c in listed]
    if guide is not None and "guide" not in out and (guide == "gollum" or guide not in BRINGABLE):
        out["guide"] = names.character_name(guide, lang).split(",")[0]
    if read.corruption:
        out["corruption"] = min(int(next(g for g in read.corruption.groups() if g)), 12)
    progress = PROGRESS.search(read.text)
    if progress and not read.mordor:
        out["progress"] = min(number(progress.group(1) or progress.group(2) or progress.group(3)), 12)
    if read.mordor:
        step = next(g for g in read.mordor.groups() if g)
        said = ORDINALS.get(step) or number(step)   # "the third step", "casilla 2"
        out["mordor"] = min(said, 5) if said else 5   # Mount Doom: the last step
    return out
