"""The names the reader knows: every region's (both languages, aliases), read in a query
even misspelt, and the names it writes in the scenario."""
from __future__ import annotations

import re
from functools import cache

from rapidfuzz.distance import DamerauLevenshtein

from adjudicator.search.analysis import fold
from adjudicator.search.situation.words import table, tables


@cache
def region_pattern() -> tuple[re.Pattern[str], dict[str, str]]:
    from adjudicator import data

    ids: dict[str, str] = {}

    def add(name: str, rid: str) -> None:
        words = re.findall(r"\w+", fold(name))
        if words:
            ids.setdefault(" ".join(words), rid)
            ids.setdefault("".join(words), rid)

    spanish_points = {"septentrional": "del norte", "meridional": "del sur", "occidental": "del oeste",
                      "oriental": "del este"}
    for rid, info in data.regions().items():
        for name in set(info["name"].values()):
            add(name, rid)
            # "el Vado del Isen", "Ford of Bruinen": a plural name said in the singular
            plural = re.fullmatch(r"(\w{3,})s ((?:de|del|of) .+)", fold(name))
            if plural:
                add(f"{plural.group(1)} {plural.group(2)}", rid)
            # ... and a singular one in the plural: "las Ciénagas de los Muertos"
            single = re.fullmatch(r"(\w{3,}[aeiou]) ((?:de|del|of) .+)", fold(name))
            if single:
                add(f"{single.group(1)}s {single.group(2)}", rid)
        es = fold(info["name"].get("es", ""))
        for word, said in spanish_points.items():
            if re.search(rf"\b{word}\b", es):
                add(re.sub(rf"\b{word}\b", said, es), rid)
        for point in ("norte", "sur", "oeste", "este"):   # "el sur de Ithilien" for Ithilien del Sur
            bare = re.fullmatch(rf"(.+) del {point}", es)
            if bare:
                add(f"{point} de {bare.group(1)}", rid)
    for alias, rid in table("region_aliases").items():
        if rid in data.regions():
            add(alias, rid)
    keys = sorted(ids, key=len, reverse=True)
    return re.compile(r"\b(?:" + "|".join(r"\W*".join(map(re.escape, k.split())) for k in keys) + r")\b"), ids


@cache
def _fuzzy_keys() -> dict[str, list[tuple[str, str]]]:
    """One-word names of characters, regions and nations (six letters or more), by their first
    two letters, for reading a misspelt name ("gandolf", "osgiliat", "pelagir", "mordorr")."""
    _p, ids = region_pattern()
    out: dict[str, list[tuple[str, str]]] = {}
    for key in ids:
        if " " not in key and len(key) >= 6:
            out.setdefault(key[:2], []).append((key, key))
    for word in tables()["char_words"]:
        if " " not in word and len(word) >= 5:
            out.setdefault(word[:2], []).append((word, word))
    for word in tables()["nations"]:   # "6 orcos de mordorr", "gondol" (set 33, set 34: spent)
        if " " not in word and len(word) >= 6:
            out.setdefault(word[:2], []).append((word, word))
    return out


@cache
def _fuzzy_names() -> dict[tuple[int, str], list[str]]:
    """Names of two or three words (regions, characters), by their count of words and first
    word, for reading one misspelt in its other words ("minas tiris", "monte del destinno")."""
    _p, ids = region_pattern()
    out: dict[tuple[int, str], list[str]] = {}
    for key in [*ids, *tables()["char_words"]]:
        words = key.split()
        if len(words) in (2, 3) and len("".join(words)) >= 8 and len(words[0]) >= 4 and words[0] not in (
                "the", "los", "las", "del", "that", "this"):   # a name's own first word, not an article
            out.setdefault((len(words), words[0]), []).append(key)
    return out


def words_of(text: str) -> list[str]:
    return re.findall(r"\w+", text)


def spell(tokens: list[str]) -> list[str]:
    """Each token that is no name but one letter or two from a character's or region's
    one-word name is read as that name (the existing names are the only ones it may become)."""
    from adjudicator.names import close_matches

    keys, known = _fuzzy_keys(), tables()["known"]
    _p, ids = region_pattern()
    out = []
    for tok in tokens:
        if len(tok) >= 5 and tok.isalpha() and tok not in known and tok not in ids:
            near = [k for k, _v in keys.get(tok[:2], ()) if abs(len(k) - len(tok)) <= 2]
            best = close_matches(tok, near, n=1, cutoff=0.84) if near else []
            if not best and len(tok) >= 6:   # one letter wrong in a longer name: "lorian", "gondol"
                one = [k for k in near if DamerauLevenshtein.distance(tok, k) == 1]
                best = one if len(one) == 1 else []
            tok = best[0] if best else tok
        out.append(tok)
    return _spell_names(out, ids, known)


def _spell_names(tokens: list[str], ids: dict[str, str], known: set[str] | dict) -> list[str]:
    """Tokens whose first word begins a name of two or three words, and whose other words are each
    a letter or two from the name's ("minas tiris" for Minas Tirith), read as that name; never
    inside a name said right ("el Bosque Negro del Norte")."""
    from adjudicator.names import close_matches

    pattern, _ids = region_pattern()
    names, out = _fuzzy_names(), list(tokens)
    text = " ".join(out)
    right = {len(text[:m.start()].split()) + k for m in pattern.finditer(text) for k in range(len(m.group(0).split()))}
    i = 0
    while i < len(out):
        for n in (3, 2):
            said = out[i:i + n]
            keys = names.get((n, out[i]), []) if len(said) == n else []
            if not keys or any(i + k in right for k in range(n)) or not all(w.isalpha() for w in said[1:]):
                continue
            if any(w in known and w not in ids for w in said[1:] if len(w) > 3):
                continue   # a word of the game after it ("Minas, Rohan") is no misspelt name
            for key in keys:
                meant = key.split()[1:]
                if all(w == m or (len(w) >= 5 and close_matches(w, [m], n=1, cutoff=0.7))
                       for w, m in zip(said[1:], meant, strict=True)) and said[1:] != meant:
                    out[i + 1:i + n] = meant
                    break
            else:
                continue
            i += n - 1
            break
        i += 1
    return out


def unit_spelt(word: str, t: dict) -> str:
    """A unit's word misspelt after a count ("4 regualrs", "2 elties"): the unit word it is one or
    two letters from, else the word as it is."""
    if word in t["units"] or len(word) < 6 or not word.isalpha() or word in t["nations"]:
        return word
    from adjudicator.names import close_matches

    best = close_matches(word, [k for k in t["units"] if t["units"][k] and len(k) >= 5], n=1, cutoff=0.8)
    return best[0] if best else word


def region_name(rid: str, lang: str) -> str:
    from adjudicator import names

    return names.region_name(rid, lang)
