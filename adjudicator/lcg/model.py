"""The Lord of the Rings: The Card Game: keywords and Celebrimbor's Secret (seed 002).

```yaml
position:
  players: 2                     # a count (1-4), or a list of {name, threat}
  first_player: Ana              # a name, or the number of the player (1 = the first listed)
  in_play:                       # encounter cards in play that the question may refer to
    - {name: Bellach, type: enemy, keywords: [scour]}
    - {name: Ruined Tower, type: location, keywords: [escudriñar], quest_points: 4, damage: 1}
  under_orcs_search: [Old Well]  # face down under The Orcs' Search: out of play
```

Keywords are written in English or Spanish, with their value: `doomed 2` / `maldito 2`,
`surge` / `oleada`, `time 3` / `tiempo 3`, `scour` / `escudriñar`; a list, or one text
(`"Doomed 2. Surge."`). A misspelt keyword is a problem with the closest keyword suggested.
"""
from __future__ import annotations

import re
from typing import Any, NamedTuple, TypedDict

from adjudicator import names
from adjudicator.params import Fields, check_int
from adjudicator.problems import Problems, format_path

MAX_PLAYERS = 4          # The Lord of the Rings: The Card Game is played by 1 to 4 players
MAX_THREAT = 99
MAX_X = 20               # a keyword value above this is a typing mistake
MAX_TOKENS = 99

class KeywordWords(TypedDict):
    words: tuple[str, ...]   # English, Spanish, then other accepted spellings
    value: bool              # whether the keyword takes a number X


# Folded word -> keyword id. `value` says whether the keyword takes a number X.
KEYWORDS: dict[str, KeywordWords] = {
    "doomed": {"words": ("doomed", "maldito", "maldita", "condenado", "condenada"), "value": True},
    "surge": {"words": ("surge", "oleada"), "value": False},
    "time": {"words": ("time", "tiempo"), "value": True},
    "scour": {"words": ("scour", "escudriñar"), "value": False},
}
# Real keywords of the game that seed 002 does not explain: recognised, never ruled on.
OTHER_KEYWORDS = {
    "archery": ("archery", "arquería"), "guarded": ("guarded", "custodiado", "protegido"),
    "peril": ("peril", "peligro"), "victory": ("victory", "victoria"),
    "indestructible": ("indestructible",), "ranged": ("ranged", "a distancia"),
    "sentinel": ("sentinel", "centinela"),
}
WORDS = {names.normalize(w): k for k, v in KEYWORDS.items() for w in v["words"]}
OTHER_WORDS = {names.normalize(w): k for k, ws in OTHER_KEYWORDS.items() for w in ws}

CARD_TYPES = ("location", "enemy", "treachery", "objective", "quest", "attachment", "hero", "ally", "event")
TYPE_ALIASES = {"lugar": "location", "enemigo": "enemy", "traicion": "treachery", "objetivo": "objective",
                "mision": "quest", "vinculada": "attachment", "heroe": "hero", "aliado": "ally",
                "evento": "event"}
TOKEN_ALIASES = {"damage": "damage", "dano": "damage", "progress": "progress", "progreso": "progress",
                 "resource": "resource", "recurso": "resource", "recursos": "resource",
                 "time": "resource", "tiempo": "resource"}   # Time counters are resource tokens


class Keyword(NamedTuple):
    id: str                   # doomed | surge | time | scour, or another real keyword
    value: int | None
    text: str                 # as written
    modelled: bool = True


class Card(NamedTuple):
    name: str | None
    type: str | None = None
    keywords: tuple[Keyword, ...] = ()
    quest_points: int | None = None
    damage: int = 0
    tokens: dict[str, int] = {}   # other tokens: progress, resource
    attachments: tuple[str, ...] = ()
    path: str = ""
    text: str | None = None       # the card's text as the players read it (shown, never parsed)
    attachments_unnamed: int = 0  # attachments given as a count, without names

    def keyword(self, kid: str) -> Keyword | None:
        return next((k for k in self.keywords if k.id == kid), None)

    @property
    def key(self) -> str:
        return names.normalize(self.name or "")

    @property
    def known_name(self) -> str:
        """The name of a card that has one by construction: in play, or listed by name (both
        read with ``name_required``)."""
        assert self.name is not None, "a card read with name_required has a name"
        return self.name


class Player(NamedTuple):
    name: str
    threat: int | None = None


class Position(NamedTuple):
    player_count: int | None = None
    players: tuple[Player, ...] = ()
    first_player: str | None = None
    in_play: tuple[Card, ...] = ()
    under_orcs_search: tuple[str, ...] = ()
    player_path: str = "position.players"
    by_key: dict[str, Card] = {}              # in_play by folded name (parse_position builds it)
    under_keys: frozenset[str] = frozenset()  # under_orcs_search, folded

    def card(self, name: str) -> Card | None:
        k = names.normalize(name)
        if self.by_key or not self.in_play:
            return self.by_key.get(k)
        return next((c for c in self.in_play if c.key == k), None)

    def is_under_orcs_search(self, name: str) -> bool:
        k = names.normalize(name)
        if self.under_keys or not self.under_orcs_search:
            return k in self.under_keys
        return any(names.normalize(n) == k for n in self.under_orcs_search)


# -- readers --------------------------------------------------------------------------------
_SPLIT = re.compile(r"[.;,\n]+")
_KEYWORD = re.compile(r"^\s*([^\d+-]+?)\s*([+-]?\d+)?\s*$", re.ASCII)  # X in ASCII digits


def read_keywords(raw: Any, path: list, problems: Problems) -> tuple[Keyword, ...]:
    """Keywords as a list, or as one text the way cards print them ("Doomed 2. Surge.")."""
    if raw is None:
        return ()
    if isinstance(raw, str):
        items = [([*path], s) for s in _SPLIT.split(raw) if s.strip()]
    elif isinstance(raw, dict):
        # {doomed: 2, surge: true}: a keyword with its value, or true for one without
        items = []
        for word, x in raw.items():
            if x is True or x is None:
                items.append(([*path, word], str(word)))
            elif x is False:
                continue
            else:
                items.append(([*path, word], f"{word} {x}"))
    elif isinstance(raw, list):
        items = [([*path, i], v) for i, v in enumerate(raw)]
    else:
        problems.add(path, "core.err_type_list")
        return ()
    out: list[Keyword] = []
    for kpath, value in items:
        kw = read_keyword(value, kpath, problems)
        if kw is None:
            continue
        if any(k.id == kw.id for k in out):
            problems.add(kpath, "lcg.err_keyword_twice", keyword=kw.text)
            continue
        out.append(kw)
    return tuple(out)


def read_keyword(value: Any, path: list, problems: Problems) -> Keyword | None:
    if isinstance(value, dict) and len(value) == 1:     # {doomed: 2}, as YAML may write it
        (word, x), = value.items()
        value = f"{word} {x}" if x is not None else str(word)
    if not isinstance(value, str) or not value.strip():
        problems.add(path, "core.err_type_text")
        return None
    text = value.strip().rstrip(".;, ")   # "Doomed 2." copied from a card reads as "Doomed 2"
    if not text:
        problems.add(path, "core.err_type_text")
        return None
    m = _KEYWORD.match(text)
    word = names.normalize(m.group(1)) if m else names.normalize(text)
    number = m.group(2) if m else None
    if word in OTHER_WORDS:
        x = check_int(number, path, problems, lo=0, hi=MAX_X) if number is not None else None
        return Keyword(OTHER_WORDS[word], x, text, modelled=False)
    kid = WORDS.get(word)
    if kid is None:
        known = sorted({w for k in KEYWORDS.values() for w in k["words"]})
        close = names.close_matches(word, [names.normalize(w) for w in known]
                                          + list(OTHER_WORDS), n=1, cutoff=0.5)
        if close:
            suggestion = _display(close[0])
            problems.add(path, "lcg.err_unknown_keyword_suggest", keyword=text, suggestion=suggestion,
                         known=", ".join(_known_display()))
        else:
            problems.add(path, "lcg.err_unknown_keyword", keyword=text, known=", ".join(_known_display()))
        return None
    if KEYWORDS[kid]["value"]:
        if number is None:
            problems.add(path, "lcg.err_keyword_needs_value", keyword=text)
            return None
        x = check_int(number, path, problems, lo=1, hi=MAX_X)
        if x is None:
            return None
        return Keyword(kid, x, text)
    if number is not None:
        problems.add(path, "lcg.err_keyword_no_value", keyword=text)
        return None
    return Keyword(kid, None, text)


def _known_display() -> list[str]:
    out = []
    for k in KEYWORDS.values():
        en, es = k["words"][:2]   # the seed's words; the rest are accepted aliases
        out.append(f"{en} X / {es} X" if k["value"] else f"{en} / {es}")
    return out


def _display(folded: str) -> str:
    for k in KEYWORDS.values():
        for w in k["words"]:
            if names.normalize(w) == folded:
                return w
    for ws in OTHER_KEYWORDS.values():
        for w in ws:
            if names.normalize(w) == folded:
                return w
    return folded


def read_tokens(raw: Any, path: list, problems: Problems) -> dict[str, int]:
    """Tokens on a card: {damage: 2, progress: 1, resource: 3} (Spanish words accepted)."""
    f = Fields(raw, path, problems)
    out: dict[str, int] = {}
    for key, value in f.raw.items():
        f.read.add(key)
        kind = TOKEN_ALIASES.get(names.normalize(str(key)))
        if kind is None:
            problems.add(f.at(key), "core.err_choice", value=key, options="damage, progress, resource")
            continue
        n = check_int(value, f.at(key), problems, lo=0, hi=MAX_TOKENS)
        if n:
            out[kind] = out.get(kind, 0) + n
    return out


def read_card(raw: Any, path: list, problems: Problems, *, name_required: bool = False) -> Card | None:
    if isinstance(raw, str) and raw.strip():
        return Card(raw.strip(), path=format_path(path))
    f = Fields(raw, path, problems)
    name = f.str("name", required=name_required)
    ctype = f.choice("type", CARD_TYPES, aliases=TYPE_ALIASES)
    keywords = read_keywords(f.get("keywords"), f.at("keywords"), problems)
    text = f.str("text")
    for key in ("scour", "scour_effect"):
        # `scour: <the effect's text>` (or `scour: true`) marks a card with a Scour effect
        value = f.get(key)
        if value is None or value is False:
            continue
        if isinstance(value, str) and value.strip():
            text = text or value.strip()
        elif value is not True:
            problems.add(f.at(key), "core.err_type_text")
            continue
        if not any(k.id == "scour" for k in keywords):
            keywords = (*keywords, Keyword("scour", None, "scour"))
    qp = f.int("quest_points", lo=0, hi=MAX_TOKENS)
    damage = f.int("damage", default=0, lo=0, hi=MAX_TOKENS) or 0
    tokens: dict[str, int] = {}
    if isinstance(f.get("tokens"), dict):
        tokens = read_tokens(f.get("tokens"), f.at("tokens"), problems)
    elif f.get("tokens") is not None:
        # a bare count: tokens of kinds not said (other than the damage given beside it)
        n = check_int(f.get("tokens"), f.at("tokens"), problems, lo=0, hi=MAX_TOKENS)
        if n:
            tokens["other"] = n
    for key in ("progress", "resources", "resource", "time_counters"):
        # the usual tokens may also be given beside damage, as fields of the card
        if f.has(key):
            n = f.int(key, lo=0, hi=MAX_TOKENS)
            if n:
                kind = "progress" if key == "progress" else "resource"
                tokens[kind] = tokens.get(kind, 0) + n
    damage += tokens.pop("damage", 0)
    attachments: list[str] = []
    unnamed = 0
    attached = f.get("attachments")
    if isinstance(attached, int) and not isinstance(attached, bool):
        # a count of attachments, names not given
        n = check_int(attached, f.at("attachments"), problems, lo=0, hi=MAX_TOKENS) or 0
        unnamed = n
        attached = []
    for i, a in enumerate((f.list("attachments", default=[]) or []) if attached else []):
        if isinstance(a, str) and a.strip():
            attachments.append(a.strip())
        elif isinstance(a, dict) and isinstance(a.get("name"), str):
            attachments.append(a["name"].strip())
        else:
            problems.add(f.at("attachments") + [i], "core.err_type_text")
    f.finish()
    if not isinstance(f.raw, dict):
        return None
    return Card(name.strip() if name else None, ctype, keywords, qp, damage, tokens, tuple(attachments),
                format_path(path), text, unnamed)


def read_players(raw: Any, path: list, problems: Problems) -> tuple[int | None, tuple[Player, ...]]:
    """Players as a count, or as a list of {name, threat} (a name alone is fine)."""
    if raw is None:
        return None, ()
    if isinstance(raw, list):
        if len(raw) > MAX_PLAYERS:    # said before any of them is read: a list is bounded by the game
            problems.add(path, "core.err_range", lo=1, hi=MAX_PLAYERS, value=len(raw))
            return None, ()
        players: list[Player] = []
        for i, p in enumerate(raw):
            if isinstance(p, str) and p.strip():
                players.append(Player(p.strip()))
                continue
            f = Fields(p, [*path, i], problems)
            name = f.str("name", default=f"{i + 1}")
            threat = f.int("threat", lo=0, hi=MAX_THREAT)
            f.finish()
            players.append(Player(name, threat))
        if not 1 <= len(raw) <= MAX_PLAYERS:
            problems.add(path, "core.err_range", lo=1, hi=MAX_PLAYERS, value=len(raw))
        return len(raw), tuple(players)
    n = check_int(raw, path, problems, lo=1, hi=MAX_PLAYERS)
    return n, ()


def parse_position(raw: Any, problems: Problems) -> Position:
    f = Fields(raw, ["position"], problems)
    count, players = read_players(f.get("players"), f.at("players"), problems)
    first = f.get("first_player")
    first_name = None
    if first is not None:
        first_name = read_first_player(first, players, f.at("first_player"), problems)
    cards: list[Card] = []
    by_key: dict[str, Card] = {}
    for i, c in enumerate(f.list("in_play", default=[]) or []):
        card = read_card(c, f.at("in_play") + [i], problems, name_required=True)
        if card is not None and card.name:
            if card.key in by_key:
                problems.add(f.at("in_play") + [i], "lcg.err_card_twice", card=card.name)
                continue
            cards.append(card)
            by_key[card.key] = card
    under = []
    for i, n in enumerate(f.list("under_orcs_search", default=[]) or []):
        if isinstance(n, dict) and isinstance(n.get("name"), str):
            n = n["name"]  # a card written as a mapping: face down, only its name matters
        if not isinstance(n, str) or not n.strip():
            problems.add(f.at("under_orcs_search") + [i], "core.err_type_text")
            continue
        if names.normalize(n) in by_key:
            problems.add(f.at("under_orcs_search") + [i], "lcg.err_under_and_in_play", card=n)
            continue
        under.append(n.strip())
    f.finish()
    return Position(count, players, first_name, tuple(cards), tuple(under), by_key=by_key,
                    under_keys=frozenset(names.normalize(n) for n in under))


def read_first_player(value: Any, players: tuple[Player, ...], path: list, problems: Problems) -> str | None:
    """The first player: a name from the list, or a player number (1 = the first)."""
    if isinstance(value, int) and not isinstance(value, bool):
        hi = len(players) if players else MAX_PLAYERS
        if not 1 <= value <= hi:
            problems.add(path, "core.err_range", lo=1, hi=hi, value=value)
            return None
        return players[value - 1].name if players else str(value)
    if isinstance(value, str) and value.strip():
        if players:
            k = names.normalize(value)
            hit = next((p.name for p in players if names.normalize(p.name) == k), None)
            if hit is None:
                problems.add(path, "lcg.err_unknown_player", player=value,
                             players=", ".join(p.name for p in players))
            return hit
        return value.strip()
    problems.add(path, "core.err_type_text")
    return None
