"""From a situation described in a query to the question that rules on it.

"my 4 Gondor regulars and a leader in Pelargir, can they march to Lamedon?" describes a
position: :func:`read_situation` reads what it names (regions in the order named, nations,
units and their numbers, characters, a nation's political state, the Hunt Box and the
Corruption), in English or Spanish, and picks the War of the Ring question kind that answers
it (an army moving, a battle, a muster, a nation's politics, a character moving, the Hunt).
The result is a scenario in the project's language, partly filled: "Ask about this" opens
that kind's form with it (web/search_views.py), and the player completes the rest. Nothing
is guessed that the query does not say, except the nation of plain "orcs" (Sauron's, unless
the query names Isengard), which the form shows and the player can change.
"""
from __future__ import annotations

import re
from functools import cache
from typing import Any

from adjudicator.search.analysis import fold

GAME = "war-of-the-ring"
NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
           "eight": 8, "nine": 9, "ten": 10, "un": 1, "una": 1, "uno": 1, "dos": 2, "tres": 3, "cuatro": 4,
           "cinco": 5, "seis": 6, "siete": 7, "ocho": 8, "nueve": 9, "diez": 10}
# A unit word (either language) and the unit it is; "orcs" and "elf" are units of a nation.
UNIT_WORDS = {"regular": "regular", "regulars": "regular", "regulares": "regular", "elite": "elite",
              "elites": "elite", "leader": "leader", "leaders": "leader", "lider": "leader", "lideres": "leader",
              "nazgul": "nazgul", "nazguls": "nazgul", "units": None, "unit": None, "unidades": None, "unidad": None,
              "orcs": None, "orc": None, "orcos": None, "orco": None, "elf": None, "elves": None, "elfos": None,
              "elfo": None, "troops": None, "tropas": None}
UNIT_NATION = {"orcs": "sauron", "orc": "sauron", "orcos": "sauron", "orco": "sauron", "elf": "elves",
               "elves": "elves", "elfos": "elves", "elfo": "elves"}
NATION_WORDS = {"gondor": "gondor", "rohan": "rohan", "elves": "elves", "elven": "elves", "elfos": "elves",
                "elfico": "elves", "elficos": "elves", "dwarves": "dwarves", "dwarf": "dwarves", "dwarven": "dwarves",
                "enanos": "dwarves", "enano": "dwarves", "north": "north", "norte": "north", "isengard": "isengard",
                "sauron": "sauron", "mordor": "sauron", "southrons": "southrons", "easterlings": "southrons",
                "harad": "southrons"}
CHARACTER_WORDS = {"gandalf": "gandalf-the-grey", "strider": "strider", "trancos": "strider", "aragorn": "aragorn",
                   "boromir": "boromir", "legolas": "legolas", "gimli": "gimli", "merry": "meriadoc",
                   "meriadoc": "meriadoc", "pippin": "peregrin", "peregrin": "peregrin", "saruman": "saruman",
                   "gollum": "gollum", "witch king": "witch-king", "witchking": "witch-king", "rey brujo": "witch-king",
                   "mouth of sauron": "mouth-of-sauron", "boca de sauron": "mouth-of-sauron",
                   "gandalf the white": "gandalf-the-white", "gandalf el blanco": "gandalf-the-white"}
PASSIVE = re.compile(r"\b(passive|pasiv[ao]s?|asleep|dormid[ao]s?|sleeping)\b")
AT_WAR = re.compile(r"\b(at war|en guerra)\b")
# What the question asks, by its words (folded), the first that fits wins.
INTENTS = (
    ("hunt-roll", re.compile(r"\b(eyes?|ojos?)\b.*\b(hunt|caza|busqueda)\b")),
    ("muster", re.compile(r"\b(recruit|muster|reclutar|recluto|alistar|alisto)\b")),
    ("politics", re.compile(r"\b(go to war|goes to war|go(es)? at war|into the war|entran? en guerra|a la guerra"
                            r"|activate[sd]?|activa(?:n|da)?)\b")),
    ("battle-outcome", re.compile(r"\b(how many dice|cuantos dados|who wins|quien gana|vs|versus|contra|rounds?"
                                  r"|rondas?|under siege|sitiad[oa]s?|asediad[oa]s?)\b")),
    ("battle", re.compile(r"\b(attack|attacks|fight|sortie|atacar|ataco|atacan|pegar|salir|salida)\b")),
    ("army-move", re.compile(r"\b(move|moves|march|walk|go|ir|mover|muevo|mueve|marchar|entrar|too many"
                             r"|demasiad[oa]s)\b")),
    ("character-move", re.compile(r"\b(fly|volar|vuelan)\b")),
)


@cache
def _regions() -> tuple[re.Pattern[str], dict[str, str]]:
    from adjudicator import data

    ids: dict[str, str] = {}
    for rid, info in data.regions().items():
        for name in set(info["name"].values()):
            words = re.findall(r"\w+", fold(name))
            if words:
                ids[" ".join(words)] = rid
                ids["".join(words)] = rid
    for alias, rid in (("lorien", "lorien"), ("rivendel", "rivendell"), ("abismo de helm", "helms-deep")):
        if rid in data.regions():
            ids.setdefault(alias, rid)
    keys = sorted(ids, key=len, reverse=True)
    return re.compile(r"\b(?:" + "|".join(r"\W*".join(map(re.escape, k.split())) for k in keys) + r")\b"), ids


def _words(text: str) -> list[str]:
    return re.findall(r"\w+", text)


class _Read:
    """What one query names, read once: its folded text and words, regions, characters, units."""

    def __init__(self, query: str):
        self.text = " ".join(_words(fold(query)))
        self.tokens = self.text.split()
        pattern, ids = _regions()
        self.regions_at = [(m.start(), ids["".join(_words(m.group(0)))]) for m in pattern.finditer(self.text)]
        self.regions = [rid for _s, rid in self.regions_at]
        self.nations = [NATION_WORDS[t] for t in self.tokens if t in NATION_WORDS]
        self.chars = self._characters()
        self.units = self._units()
        self.eyes = re.search(r"\b(\d+|" + "|".join(NUMBERS) + r") (?:eyes?|ojos?|dados? de (?:la )?sombra)\b",
                              self.text)
        self.corruption = (re.search(r"\b(\d{1,3}) (?:de )?corrup", self.text)
                           or re.search(r"corruption (?:of |at )?(\d{1,3})", self.text))

    def _characters(self) -> list[str]:
        chars: list[str] = []
        for word, cid in sorted(CHARACTER_WORDS.items(), key=lambda kv: -len(kv[0])):
            if cid in chars or (cid == "gandalf-the-grey" and "gandalf-the-white" in chars):
                continue
            if re.search(rf"\b{re.escape(word)}\b", self.text):
                chars.append(cid)
        return chars

    def _units(self) -> list[tuple[int, str | None, str, int]]:
        """Counted units: ``(character offset, nation or None, unit, count)``, for "4 gondor
        regulars", "3 elites de rohan", "6 orcs", "a leader" (a bare "a" counts only a leader)."""
        out: list[tuple[int, str | None, str, int]] = []
        tokens = self.tokens
        for i, tok in enumerate(tokens):
            n = int(tok) if tok.isdecimal() and len(tok) <= 3 else NUMBERS.get(tok)
            if n is None:
                continue
            nation, unit, j = None, None, i + 1
            while j < min(len(tokens), i + 5):   # "4 gondor regulars", "3 orc regulars", "2 elven elites"
                t = tokens[j]
                if t in UNIT_WORDS:
                    unit, nation = UNIT_WORDS[t] or "regular", nation or UNIT_NATION.get(t)
                    break
                if t in NATION_WORDS and nation is None:
                    nation = NATION_WORDS[t]
                elif t not in ("de", "of", "del"):
                    break
                j += 1
            if unit is None or (tok in ("a", "an", "un", "una") and unit != "leader"):
                continue
            out.append((len(" ".join(tokens[:i])), nation or self._nation_near(i, j, out), unit, n))
        return out

    def _nation_near(self, i: int, j: int, before: list) -> str | None:
        """The nation of units whose count names none: "elites de rohan" after it, "a sauron
        army with 6 regulars" just before it, the units counted before ("3 orc regulars and 2
        elites"), or the only nation the query names."""
        tokens = self.tokens
        if j + 2 < len(tokens) and tokens[j + 1] in ("de", "of", "del") and tokens[j + 2] in NATION_WORDS:
            return NATION_WORDS[tokens[j + 2]]
        near = [NATION_WORDS[t] for t in tokens[max(0, i - 4):i] if t in NATION_WORDS]
        if near:
            return near[-1]
        if before:
            return before[-1][1]
        return self.nations[0] if len(set(self.nations)) == 1 else None

    def kind(self) -> str | None:
        kind = next((k for k, rx in INTENTS if rx.search(self.text)), None)
        if kind in ("army-move", "battle") and not self.units and self.chars:
            return "character-move"
        if kind is None:
            return "character-move" if self.chars and not self.units else "army-move" if self.units else None
        return kind

    def described(self) -> bool:
        """A position, not a name dropped in passing: counted units, a move from one region to
        another, or the Hunt's numbers ("Balrog of Moria" names a region and asks nothing of it)."""
        return bool(self.units) or len(set(self.regions)) >= 2 or bool(self.eyes or self.corruption)


# Words that ask about playing a card: with them, a card's name in the query asks `event-card`.
PLAYING = re.compile(r"\b(play|plays|played|playing|card|cards|event|jugar|juego|juega|jugarla|jugarse|carta|cartas"
                     r"|evento)\b")


@cache
def _cards() -> tuple[re.Pattern[str], dict[str, str]]:
    """One pattern for every Event card's name (English and our Spanish, folded, the longest
    first) and the card each folded name is."""
    from adjudicator.wotr.cards import catalogue

    ids: dict[str, str] = {}
    for cid in catalogue.cards():
        for lang in ("en", "es"):
            words = _words(fold(catalogue.card_name(cid, lang)))
            if words:
                ids.setdefault(" ".join(words), cid)
    keys = sorted(ids, key=len, reverse=True)
    return re.compile(r"\b(?:" + "|".join(map(re.escape, keys)) + r")\b"), ids


def _card_named(read: _Read) -> str | None:
    """The card a query about playing a card names ("can I play challenge of the king"), or None."""
    if not PLAYING.search(read.text):
        return None
    pattern, ids = _cards()
    found = pattern.search(read.text)
    return ids[found.group(0)] if found else None


def read_situation(query: str, lang: str) -> dict[str, Any] | None:
    """The question ``query`` describes, as a partly filled scenario (with ``_described``:
    whether it describes a position), or None when it names no region, character, counted
    unit or Hunt and no question kind fits it. A query about playing an Event card it names
    asks the `event-card` question, with the card and the position the query names."""
    read = _Read(query)
    card = _card_named(read)
    if card is not None:
        from adjudicator.wotr.cards import catalogue

        position = _position(read, "event-card", lang)
        if read.chars and not read.regions and "strider" in read.chars:   # "with Strider as Guide"
            position.setdefault("fellowship", {})["guide"] = "Strider" if lang == "en" else "Trancos"
        out: dict[str, Any] = {"game": GAME, "lang": lang, "_described": True}
        if position:
            out["position"] = position
        out["question"] = {"kind": "event-card", "card": catalogue.card_name(card, lang)}
        return out
    hunted = re.search(r"\b(hunt|caza|busqueda|corrup\w*)\b", read.text)
    if not (read.regions or read.chars or read.units or hunted):
        return None
    kind = read.kind()
    if kind is None:
        return None
    position = _position(read, kind, lang)
    question = {"kind": kind, **_question(read, kind, lang)}
    if kind == "politics" and read.regions:
        position.setdefault("regions", {}).setdefault(_region_name(read.regions[0], lang), {})
    scenario: dict[str, Any] = {"game": GAME, "lang": lang, "_described": read.described()}
    if position:
        scenario["position"] = position
    scenario["question"] = question
    return scenario


def _region_name(rid: str, lang: str) -> str:
    from adjudicator import names

    return names.region_name(rid, lang)


def _position(read: _Read, kind: str, lang: str) -> dict[str, Any]:
    """The position the query names: units where they stand, characters with an army, the
    political states, the Hunt Box and the Corruption."""
    from adjudicator import data, names

    position: dict[str, Any] = {}
    side_of = {nid: info["side"] for nid, info in data.nations().items()}
    for at, nation, unit, n in read.units:
        # "... in Pelargir": the region named right after the units; else where the move starts.
        near = re.match(r"\W*(?:\w+\W+){0,3}?(?:in|en|at|inside|dentro de)\W+", read.text[at:])
        named = [rid for st, rid in read.regions_at if near and st == at + near.end()]
        rid = named[0] if named else read.regions[0] if read.regions else None
        if rid is None:
            continue
        nation = nation or data.regions()[rid].get("nation")   # "10 units in Dol Guldur"
        if nation is None and unit != "nazgul":
            continue
        nation = nation or "sauron"
        slot = position.setdefault("regions", {}).setdefault(_region_name(rid, lang), {})
        mine = slot.setdefault(side_of.get(nation, "shadow"), {}).setdefault(nation, {})
        mine[unit] = mine.get(unit, 0) + n
    if read.chars and read.regions and kind != "character-move":
        for cid in read.chars:
            slot = position.setdefault("regions", {}).setdefault(_region_name(read.regions[0], lang), {})
            side = slot.setdefault(data.characters()[cid]["side"], {})
            side.setdefault("characters", []).append(names.character_name(cid, lang).split(",")[0])
    politics: dict[str, Any] = {}
    for nation in dict.fromkeys(read.nations):
        if PASSIVE.search(read.text):
            politics[nation] = {"active": False}   # how far from war, the query does not say
        elif AT_WAR.search(read.text) and kind != "politics":
            politics[nation] = "at-war"
    if politics:
        position["politics"] = politics
    if read.eyes and kind in ("hunt-roll", "hunt-damage"):
        position.setdefault("hunt", {})["box"] = {"shadow": _number(read.eyes.group(1))}
    if read.corruption:
        position.setdefault("fellowship", {})["corruption"] = int(read.corruption.group(1))
    return position


def _question(read: _Read, kind: str, lang: str) -> dict[str, Any]:
    """The question's own fields the query names: where from and to, who moves, which nation."""
    from adjudicator import data, names

    question: dict[str, Any] = {}
    regions = [_region_name(rid, lang) for rid in read.regions]
    if kind in ("army-move", "battle", "battle-outcome", "character-move") and regions:
        if len(regions) >= 2:
            question["from"], question["to"] = regions[0], regions[-1]
        elif kind in ("battle", "battle-outcome"):
            question["to"] = regions[0]
            if re.search(r"\b(sortie|salir|salida|besieged by|sitiados por|asediados por)\b", read.text):
                question["from"] = regions[0]   # a sortie: from the stronghold into its own region
        else:
            question["from"] = regions[0]
    if kind == "character-move":
        who = [names.character_name(c, lang).split(",")[0] for c in read.chars]   # "Aragorn", not "Aragorn, Heir..."
        nazgul = next((n for (_at, _nat, unit, n) in read.units if unit == "nazgul"), None)
        if who:
            question["character"] = who if len(who) > 1 else who[0]
        elif nazgul:
            question["character"] = ["Nazgûl"] * nazgul
    if kind in ("muster", "politics"):
        nation = read.nations[0] if read.nations else data.regions()[read.regions[0]].get("nation") \
            if read.regions else None
        if nation:
            question["nation"] = nation
        if kind == "muster" and regions:
            question["recruit"] = [{"region": regions[0]}]
        if kind == "politics" and re.search(r"\b(attacked|atacan|atacad[oa]s?)\b", read.text):
            question["event"] = "attacked"
    return question


def _number(word: str) -> int:
    return int(word) if word.isdecimal() and len(word) <= 3 else NUMBERS.get(word, 0)


def ask_entry(query: str, lang: str) -> tuple[dict[str, Any] | None, bool]:
    """The search result's ``ask`` entry for ``query`` (``{game, kind, scenario}``: the question
    kind that rules on the situation and the scenario with what the query names filled in), or
    None; and whether the query describes a position (then it is never refused)."""
    scenario = read_situation(query, lang)
    if scenario is None:
        return None, False
    described = scenario.pop("_described")
    return {"game": scenario["game"], "kind": scenario["question"]["kind"], "scenario": scenario}, described
