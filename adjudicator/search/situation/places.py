"""Where things stand: the region a group of units is said to stand in, the regions an army
comes from or goes to, a siege said."""
from __future__ import annotations

import re

from adjudicator.search.situation.text import Text, Unit
from adjudicator.search.situation.words import (
    AGAINST,
    ARTICLE_WORDS,
    BEFORE_GAP,
    BESIEGED,
    BESIEGERS_BEFORE,
    COMING,
    DEFENDERS_BEFORE,
    INSIDE,
    LOCATIVE,
    NUMBERS,
    ORIGIN_BEFORE,
    OUTSIDE,
    SIEGE_ONLY,
    TARGET_BEFORE,
    THERE,
)


class Places(Text):
    """The places a query says its units stand in, come from and go to."""

    def region_of(self, group: list[Unit]) -> str | None:
        """Where a group stands: the region named right after it ("in", "en", "de", "besieging"),
        else right before it ("Lórien where there's", "en el Abismo de Helm tengo"), else
        "the same region" as the one named before."""
        return self.region_and_how(group)[0]

    def said_after(self, group: list[Unit]) -> bool:
        """Whether a group's region is said right after it ("6 orcs in Osgiliath"), the surest reading."""
        return self.region_and_how(group)[1] == "after"

    def region_and_how(self, group: list[Unit]) -> tuple[str | None, str | None]:
        start, end = group[0].start, group[-1].end
        if BESIEGERS_BEFORE.search(" ".join(self.tokens[max(0, start - 8):start])):
            # "están en Cuernavilla y los sitian 8 orcos ... en Orthanc": the besiegers stand where
            # the besieged are, the Stronghold named before them, whatever is named after
            from adjudicator import data

            named = [rid for s, _e, rid in self.regions_at if s < start]
            if named and data.regions()[named[-1]].get("settlement") == "stronghold":
                return named[-1], "before"
        if DEFENDERS_BEFORE.search(" ".join(self.tokens[max(0, start - 5):start])):
            named = [rid for s, e, rid in self.regions_at if e <= start and start - e <= 5]
            if named:
                return named[-1], "before"   # "Pelargir is defended by 2 Gondor regulars"
        # a figure said with the army is not counted in the words between it and its region ("7
        # Sauron regulars with the Mouth of Sauron are coming at me from South Ithilien", set 43)
        led = {i for cs, ce, _c in self.chars_at if cs >= end for i in range(cs - 2, ce)
               if i >= cs or self.tokens[i] in ("with", "con", "and", "y", *ARTICLE_WORDS)}
        for s, _e, rid in self.regions_at:
            if end <= s <= end + 6 + len([i for i in led if end <= i < s]):
                k = s - 1
                while k >= end and self.tokens[k] in ARTICLE_WORDS:
                    k -= 1
                between = [w for i, w in enumerate(self.tokens[end:s], end) if i not in led]
                if len(between) >= 2 and any(i in self.breaks for i in range(end, s)):
                    break   # "6 regulares, que pasa en el Abismo": another clause's region
                if k >= end and self.tokens[k] in ORIGIN_BEFORE and (len(between) <= 4 or (
                        len(between) <= 6 and COMING & set(between))) and not any(
                        w.isdecimal() or w in NUMBERS for w in between):   # not another army's "from"
                    return rid, "after"
                if k >= end and self.tokens[k] in LOCATIVE and not any(
                        w in ("to", "a", "hacia", "attack", "attacks", "ataca", "atacan", "contra") for w in between):
                    return rid, "after"
                break
        inside = INSIDE | (OUTSIDE if self.inside_and_out() else set())
        if inside & set(self.tokens[end:end + 2]) or inside & set(self.tokens[max(0, start - 3):start]):
            # "I have 2 Rohan elites and Théoden inside", "y yo adentro tengo 3 regulares": in the
            # Stronghold named before them; "dentro ... fuera hay 8 regulares": its besiegers too
            from adjudicator import data

            held = [rid for s, _e, rid in self.regions_at if s < start
                    and data.regions()[rid].get("settlement") == "stronghold"]
            if held:
                return held[-1], "before"
        same = re.compile(r"^\W*(?:\w+\W+){0,4}?(?:in|en) (?:the|la) (?:same|misma) (?:region|place|zona|lugar)\b")
        if same.search(" ".join(self.tokens[end:end + 8])):
            before = [rid for s, _e, rid in self.regions_at if s < start]
            if before:
                return before[-1], "same"
        if self.tokens[end:end + 1] and self.tokens[end] in THERE and not any(
                b == end for b in self.breaks):
            # "attack the 2 Gondor regulars there", "los 3 orcos ahi": in the region said last before them
            before = [rid for s, _e, rid in self.regions_at if s < start]
            if before:
                return before[-1], "same"
        for s, e, rid in reversed(self.regions_at):
            if e <= start:
                gap = self.tokens[e:start]
                chars = {i for cs, ce, _c in self.chars_at for i in range(cs, ce)}
                if len(gap) <= 6 and all(w in BEFORE_GAP or w in AGAINST or e + k in chars or (
                        w == "to" and k and gap[k - 1] == "next") for k, w in enumerate(gap)):   # "next to it has"
                    target = s > 0 and self.tokens[s - 1] in TARGET_BEFORE
                    if not target or any(w in ("where", "donde", *AGAINST) for w in gap):
                        return rid, "before"
                break
        return None, None


    def origins(self) -> list[str]:
        """The regions an army comes from: "from Minas Morgul", "viene de Isengard"."""
        out = []
        for s, _e, rid in self.regions_at:
            k = s - 1
            while k >= 0 and self.tokens[k] in ARTICLE_WORDS:
                k -= 1
            if k >= 0 and (self.tokens[k] in ORIGIN_BEFORE or (
                    self.tokens[k] in ("de", "del") and k and self.tokens[k - 1] in COMING)):
                out.append(rid)
        return out

    def marked(self, words: set[str]) -> list[str]:
        """The regions named right after one of ``words`` ("from Minas Morgul", "to Erebor")."""
        out = []
        for s, _e, rid in self.regions_at:
            k = s - 1
            while k >= 0 and self.tokens[k] in ARTICLE_WORDS:
                k -= 1
            if k >= 0 and self.tokens[k] in words:
                out.append(rid)
        return out

    def inside_and_out(self) -> bool:
        """Armies said to be inside a Stronghold and outside it ("dentro de Minas Tirith tengo 2
        élites, fuera hay 8 regulares"): a siege."""
        from adjudicator import data

        said = set(self.tokens)
        return bool(said & INSIDE and said & OUTSIDE) and any(
            data.regions()[rid].get("settlement") == "stronghold" for rid in self.regions)

    def besieged(self) -> bool:
        """A siege said: "besieged", "sitiados", "under siege"; "siege" alone only with one region;
        armies inside a Stronghold and outside it."""
        if self.inside_and_out():
            return True
        found = BESIEGED.search(self.text)
        if not found:
            return False
        return not SIEGE_ONLY.fullmatch(found.group(0)) or len(set(self.regions)) == 1
