"""Names typed by players: regions, nations, characters, tiles, in English or Spanish.

Matching ignores case, accents, hyphens, apostrophes and spacing ("Barad-dûr" = "barad dur"
= "BARADDUR"). An unknown name gets the closest known names as suggestions.
"""
from __future__ import annotations

import re
import unicodedata
from functools import cache, lru_cache

from adjudicator import data


def close_matches(word: str, possibilities: list[str], n: int = 3, cutoff: float = 0.6) -> list[str]:
    """difflib's close matches, imported only when a name is not found (a cold start that
    never misspells a name does not pay for difflib)."""
    import difflib

    return difflib.get_close_matches(word, possibilities, n=n, cutoff=cutoff)


# Every ASCII character that is not a letter or a digit, for str.translate to drop.
_ASCII_DROP = {c: None for c in range(128) if not chr(c).isalnum()}


@lru_cache(maxsize=8192)
def normalize(text: str) -> str:
    """Fold a name for comparison: no accents, case, punctuation or spaces."""
    text = str(text)
    if text.isascii():   # most names: the same result, without Unicode decomposition
        return text.lower().translate(_ASCII_DROP)
    decomposed = unicodedata.normalize("NFKD", text)
    out = []
    for ch in decomposed:
        if unicodedata.combining(ch):
            continue
        if ch.isalnum():
            out.append(ch.lower())
    return "".join(out)


LEADING_ARTICLES = {"the", "el", "la", "los", "las"}


class NameIndex:
    """Folded name -> id, keeping the display names for suggestions."""

    def __init__(self, entries: dict[str, dict[str, str | None]], aliases: dict[str, str] | None = None):
        self.by_key: dict[str, str] = {}
        self.display: dict[str, str] = {}
        self.names: dict[str, dict[str, str | None]] = dict(entries)
        for ident, names in entries.items():
            for name in names.values():
                if name:
                    self._add(name, ident)
            self._add(ident, ident)
        for alias, ident in (aliases or {}).items():
            self._add(alias, ident)

    def _add(self, name: str, ident: str) -> None:
        key = normalize(name)
        self.by_key.setdefault(key, ident)
        self.display.setdefault(key, name)

    def lookup(self, name: object) -> str | None:
        if not isinstance(name, str):
            return None
        found = self.by_key.get(normalize(name))
        if found is None:
            # "Los Puertos Grises", "The Shire": a leading article people add or drop
            # (tried only after the exact name, so names that keep their article win).
            words = name.strip().split(None, 1)
            if len(words) == 2 and words[0].lower() in LEADING_ARTICLES:
                found = self.by_key.get(normalize(words[1]))
        return found

    def suggest_ids(self, name: object, n: int = 3) -> list[str]:
        key = normalize(str(name))
        close = close_matches(key, list(self.by_key), n=n * 3, cutoff=0.6)
        out: list[str] = []
        for k in close:
            if self.by_key[k] not in out:
                out.append(self.by_key[k])
        return out[:n]

    def suggestions(self, name: object, n: int = 3) -> NameList:
        """The closest known names, shown later in whatever language the message is read in."""
        return NameList([self.names[i] for i in self.suggest_ids(name, n)])

    def suggest(self, name: object, n: int = 3) -> list[str]:
        key = normalize(str(name))
        close = close_matches(key, list(self.by_key), n=n * 3, cutoff=0.6)
        seen, out = set(), []
        for k in close:
            ident = self.by_key[k]
            if ident not in seen:
                seen.add(ident)
                out.append(self.display[k])
        return out[:n]


class NameList:
    """Names to show in a message, rendered in the message's language (see Problem.message)."""

    def __init__(self, entries: list[dict[str, str | None]]):
        self.entries = entries

    def __bool__(self) -> bool:
        return bool(self.entries)

    def render(self, lang: str) -> str:
        return " / ".join(e.get(lang) or e.get("en") or "" for e in self.entries)

    def __str__(self) -> str:
        return self.render("en")


@cache
def regions() -> NameIndex:
    # Names players use for a region (issue 26): the wood by its full name, and Isengard for
    # its stronghold, Orthanc (the nation of the same name is looked up in nations()).
    aliases = {"lothlorien": "lorien", "isengard": "orthanc"}
    return NameIndex({rid: r["name"] for rid, r in data.regions().items()}, aliases)


@cache
def nations() -> NameIndex:
    aliases = {"southrons and easterlings": "southrons", "easterlings": "southrons",
               "harad": "southrons", "hombres del sur": "southrons", "el norte": "north",
               "north": "north", "elfos": "elves", "enanos": "dwarves"}
    return NameIndex({nid: n["name"] for nid, n in data.nations().items()}, aliases)


@cache
def characters() -> NameIndex:
    aliases = {"aragorn": "aragorn", "gandalf": "gandalf-the-grey", "merry": "meriadoc",
               "pippin": "peregrin", "witch king": "witch-king", "rey brujo": "witch-king",
               "mouth of sauron": "mouth-of-sauron", "boca de sauron": "mouth-of-sauron",
               "the witch-king": "witch-king"}
    return NameIndex({cid: c["name"] for cid, c in data.characters().items()}, aliases)


@cache
def special_tiles() -> NameIndex:
    return NameIndex({tid: t["name"] for tid, t in data.hunt_tiles()["special"].items()})


# What separates the names of one text listing several: commas, semicolons, "and", "y", "&".
_NAME_SEPARATORS = re.compile(r",|;|\band\b|\by\b|&")


def split_names(value: object, index: NameIndex | None = None, whole: tuple[str, ...] = ()) -> list:
    """One text listing several names ("Trancos, Legolas", "Merry y Pippin") as its names:
    the one way a list parameter or position list takes a text. A text that is itself a name
    of ``index`` (even with a comma or an "and"), or one of ``whole`` (folded), stays whole;
    so does anything that is not text."""
    if not isinstance(value, str) or (index is not None and index.lookup(value)) or normalize(value) in whole:
        return [value]
    parts = [p.strip() for p in _NAME_SEPARATORS.split(value) if p.strip()]
    return parts if len(parts) > 1 else [value]


def split_commas(value: object) -> list:
    """A text of comma-separated items ("3, 5, 6") as its items; anything else as it is."""
    if not isinstance(value, str) or "," not in value:
        return [value]
    parts = [p.strip() for p in value.split(",") if p.strip()]
    return parts or [value]


def region_name(region_id: str, lang: str) -> str:
    return data.regions()[region_id]["name"][lang]


# The nations whose names are plural, and the article each takes as a subject, per language
# ("The Elves are not At War", "Los Enanos no están En Guerra"): i18n.Name.
_PLURAL_NATIONS = {"elves": {"en": "the", "es": "los"}, "dwarves": {"en": "the", "es": "los"},
                   "southrons": {"en": "the", "es": "los"}}


def nation_name(nation_id: str, lang: str) -> str:
    """The nation's name in ``lang``, carrying its number and article (``i18n.Name``), so that
    a message agrees with it: ``{nation:The} {nation:plural(is|are)}``."""
    from adjudicator.i18n import Name

    text = data.nations()[nation_id]["name"][lang]
    plural = _PLURAL_NATIONS.get(nation_id)
    return Name(text, 2, plural.get(lang, "")) if plural else Name(text)


def character_name(character_id: str, lang: str) -> str:
    return data.characters()[character_id]["name"][lang]
