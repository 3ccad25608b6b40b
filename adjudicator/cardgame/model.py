"""War of the Ring: The Card Game: the position, read from the scenario language.

Seed 001 (pp. 8-16). Only what matters is given; everything else is absent:

```yaml
position:
  players:                       # a list (or a mapping name -> fields)
    - name: Ana
      side: free-peoples         # free-peoples | shadow (pueblos-libres | sombra)
      hand: 3                    # a count, or a list of card names
      stack_limit: 2             # the carryover limit; default 2 (seed 001 p. 10); `carryover_limit` too
      scoring_area: [Helm's Deep]
      reserve: {characters: [...], armies: [...], items: [...], cards: [...]}
  active_path: Weathertop        # a name, or {name, defence, free_peoples: area, shadow: area}
  paths_activated: [Bree, Weathertop]   # this game's history; a path appears at most once
  battlegrounds:
    Helm's Deep:
      shields: 1
      free_peoples: {characters: [{name: Théoden, faction: rohan, leadership: 2}],
                     armies: [{name: Riders of Rohan, faction: rohan}],
                     items: [{name: Herugrim, wielder: Théoden}]}
      shadow: {...}
```

An *area* (a reserve, one side of a battleground or of the path) holds `characters`,
`armies`, `items` and other `cards`; on a battleground or path they always go under the side
that owns them (`free_peoples:` / `shadow:`), so leadership and path combat know whose they are.
A path's defence icons may be written `defence`, `defense` or `shields`. A card is a name or a
mapping; `skulls` (attack icons) and `cancels` (the skulls it cancels when eliminated in path
combat: its defence icons, so `shields`, `defence` and `defense` are accepted for it) are
optional. Every item needs a `wielder` (`bearer`, the older name, is read too) that is a
character of the same area (seed 001 pp. 11, 15; an army never wields one: official rules,
«Playing an Item»); an item's icons count with its wielder's, never on their own (official
rules, Path Combat), unless the item affects the location (`affects: location`; the Phial of
Galadriel by default): then its defence icons count with the location's own.
Card names are free text (the engine holds no card list) and match ignoring case and accents.
"""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any, NamedTuple

from adjudicator import names
from adjudicator.params import Fields, check_int, check_side
from adjudicator.problems import Problems

DEFAULT_STACK_LIMIT = 2   # seed 001 p. 10: each player's starting carryover limit (the seed's "stack limit")
MAX_PLAYERS = 4           # War of the Ring: The Card Game is for 2 to 4 players (Ares Games)
MAX_ICONS = 20            # more icons than this on one card is a typing mistake, not a card
MAX_HAND = 60             # more cards than a deck holds is an impossible count
DEFENCE_WORDS = ("defence", "defense", "shields")   # the path's defence icons, by any of these names
AREA_KEYS = ("characters", "armies", "items", "cards")
AREA_KINDS = {"characters": "character", "armies": "army", "items": "item", "cards": "card"}


def key_of(name: str) -> str:
    """Card and player names compare folded (case, accents, punctuation)."""
    return names.normalize(name)


def other_side(side: str) -> str:
    return "shadow" if side == "free_peoples" else "free_peoples"


class Card(NamedTuple):
    name: str
    kind: str                         # character | army | item | card
    faction: str | None = None
    leadership: int = 0
    skulls: int = 0
    cancels: int | None = None        # None: not given
    bearer: str | None = None         # items only: the wielder's name (`wielder`/`bearer`)
    path: str = ""                    # where the scenario gave it, for messages
    skulls_given: bool = False        # path combat must not read a missing skull count as 0
    leadership_given: bool = False    # nor leadership a missing leadership count
    wielder_key: str = "wielder"      # items: the key the scenario named the wielder with (`bearer` too)
    affects: str = "wielder"          # items: what their icons act on: "wielder" or "location"
    affects_given: bool = False       # items: `affects` written in the scenario (else the default)

    @property
    def key(self) -> str:
        return key_of(self.name)

    @property
    def faction_key(self) -> str | None:
        """Factions compare folded, like names ("Dúnedain" = "dunedain")."""
        return key_of(self.faction) if self.faction else None


class Area(NamedTuple):
    cards: tuple[Card, ...] = ()

    def of_kind(self, kind: str) -> list[Card]:
        return [c for c in self.cards if c.kind == kind]

    def find(self, name: str) -> Card | None:
        k = key_of(name)
        return next((c for c in self.cards if c.key == k), None)

    def bearers(self) -> list[Card]:
        return [c for c in self.cards if c.kind in ("character", "army")]

    def items_of(self, bearer: Card) -> list[Card]:
        return [c for c in self.cards if c.kind == "item" and c.bearer and key_of(c.bearer) == bearer.key]


class Player(NamedTuple):
    name: str
    side: str | None
    hand: int | None                  # None: not given
    hand_cards: tuple[str, ...] | None
    stack_limit: int
    scoring_area: tuple[str, ...]
    reserve: Area
    path: str = ""

    @property
    def key(self) -> str:
        return key_of(self.name)

    def scores(self, card: str) -> bool:
        return key_of(card) in {key_of(c) for c in self.scoring_area}


class Battleground(NamedTuple):
    name: str
    shields: int | None
    free_peoples: Area
    shadow: Area
    path: str = ""
    deck: str | None = None    # free_peoples / shadow: the battleground deck it comes from

    def side(self, side: str) -> Area:
        return self.free_peoples if side == "free_peoples" else self.shadow


class Path(NamedTuple):
    name: str
    defence: int | None
    free_peoples: Area
    shadow: Area
    path: str = ""


class Position(NamedTuple):
    players: tuple[Player, ...] = ()
    active_path: Path | None = None
    paths_activated: tuple[str, ...] = ()
    battlegrounds: dict[str, Battleground] = {}

    def player(self, name: str) -> Player | None:
        k = key_of(name)
        return next((p for p in self.players if p.key == k), None)

    def battleground(self, name: str) -> Battleground | None:
        k = key_of(name)
        return next((b for k2, b in self.battlegrounds.items() if k2 == k), None)

    def path_activated(self, name: str) -> bool:
        k = key_of(name)
        return any(key_of(p) == k for p in self.paths_activated)

    def areas(self) -> Iterator[tuple[str, str, Area]]:
        """Every area with cards: (kind of place, place name, area)."""
        for p in self.players:
            yield "reserve", p.name, p.reserve
        if self.active_path:
            yield "path", self.active_path.name, self.active_path.free_peoples
            yield "path", self.active_path.name, self.active_path.shadow
        for b in self.battlegrounds.values():
            yield "battleground", b.name, b.free_peoples
            yield "battleground", b.name, b.shadow


# -- readers ------------------------------------------------------------------------------
def read_side(value: Any, path: list, problems: Problems) -> str | None:
    return check_side(value, path, problems)


def read_card(raw: Any, kind: str, path: list, problems: Problems) -> Card | None:
    """A card: a name, or a mapping with the fields its kind can have."""
    if isinstance(raw, str) and raw.strip():
        if kind == "item":
            problems.add(path, "cardgame.err_item_no_bearer", item=raw)
            return None
        return Card(raw.strip(), kind, path=_dotted(path))
    f = Fields(raw, path, problems)
    name = f.str("name", required=True)
    faction = f.str("faction") if kind in ("character", "army") else None
    leadership = f.int("leadership", default=0, lo=0, hi=MAX_ICONS) if kind == "character" else 0
    skulls_key = _attack_key(f)
    skulls_given = f.get(skulls_key) is not None
    leadership_given = kind == "character" and f.get("leadership") is not None
    skulls = f.int(skulls_key, default=0, lo=0, hi=MAX_ICONS)
    cancels = read_cancels(f)
    wielder_key = _wielder_key(f)
    if kind == "card" and f.has(wielder_key):
        kind = "item"        # a card with a wielder is an item, whatever list it came in
    bearer = None
    affects = None
    if kind == "item":
        bearer = f.str(wielder_key)
        if bearer is None or not bearer.strip():
            if isinstance(f.raw, dict):
                problems.add(f.at(wielder_key), "cardgame.err_item_no_bearer", item=name or "?")
            bearer = None
        affects = _read_affects(f, name)
    f.finish()
    if name is None or not isinstance(f.raw, dict):
        return None
    return Card(name.strip(), kind, faction and faction.strip(), leadership or 0, skulls or 0, cancels,
                bearer, _dotted(path), skulls_given, leadership_given, wielder_key,
                affects or "wielder", kind == "item" and f.has("affects"))


WIELDER_WORDS = ("wielder", "bearer")   # the official rules' word first; `bearer` is its older name here


def _wielder_key(f: Fields) -> str:
    """An item's character: `wielder` (the official rules' word) or `bearer` (the name this
    scenario language used first, still read); both at once is a problem, not a choice."""
    if f.has("wielder") and f.has("bearer"):
        f.get("bearer")
        f.error("bearer", "cardgame.err_same_as", key="bearer", other="wielder")
        return "wielder"
    return "bearer" if f.has("bearer") else "wielder"


# What an item's icons act on: its wielder (the rule), or the location it is on. The official
# rules («Playing an Item») name the Phial of Galadriel as an item that affects the location.
AFFECTS = ("wielder", "location")
AFFECTS_ALIASES = {"bearer": "wielder", "portador": "wielder", "path": "location", "battleground": "location",
                   "lugar": "location", "localizacion": "location", "camino": "location",
                   "campo-de-batalla": "location"}
LOCATION_ITEMS = ("Phial of Galadriel", "Frasco de Galadriel")   # the official rules' own example


def _read_affects(f: Fields, name: str | None) -> str | None:
    """`affects: location | wielder` (optional): without it, the items the official rules name
    as acting on the location (the Phial of Galadriel) do, every other item acts on its wielder."""
    if not f.has("affects"):
        return "location" if name and key_of(name) in {key_of(n) for n in LOCATION_ITEMS} else None
    return f.choice("affects", AFFECTS, aliases=AFFECTS_ALIASES)


CANCEL_WORDS = ("cancels", "shields", "defence", "defense")


def _attack_key(f: Fields) -> str:
    """A card's attack icons: `skulls` (the path's word) or `attack` (the battleground's,
    official rules, Faction Cards); both at once is a problem, not a choice."""
    if f.has("attack") and f.has("skulls"):
        f.get("attack")
        f.error("attack", "cardgame.err_same_as", key="attack", other="skulls")
        return "skulls"
    return "attack" if f.has("attack") else "skulls"


def read_cancels(f: Fields) -> int | None:
    """The skulls a Free Peoples card cancels when eliminated: its defence icons, written
    `cancels` or by the icon's name (`shields`, `defence`, `defense`). Two different counts
    for one card is a problem, not a choice."""
    given = [(k, f.int(k, lo=0, hi=MAX_ICONS)) for k in CANCEL_WORDS if f.has(k)]
    values = {v for _, v in given if v is not None}
    if len(values) > 1:
        f.error(given[1][0], "cardgame.err_same_as", key=given[1][0], other=given[0][0])
        return None
    return values.pop() if values else None


def read_area(raw: Any, path: list, problems: Problems) -> Area:
    if isinstance(raw, list):
        # On a battleground the kind of each card matters (leadership): say the shape.
        problems.add(path, "cardgame.err_area_shape")
        return Area()
    f = Fields(raw, path, problems)
    cards: list[Card] = []
    for key in AREA_KEYS:
        values = f.list(key, default=[])
        for i, v in enumerate(values or []):
            card = read_card(v, AREA_KINDS[key], f.at(key) + [i], problems)
            if card:
                cards.append(card)
    f.finish()
    seen: dict[str, Card] = {}
    for c in cards:
        if c.key in seen:
            problems.add(c.path, "cardgame.err_duplicate_card", card=c.name)
        seen[c.key] = c
    for c in cards:
        if c.kind == "item" and c.bearer:
            check_wielder(c, seen.get(key_of(c.bearer)), problems)
    return Area(tuple(cards))


def check_wielder(item: Card, wielder: Card | None, problems: Problems) -> bool:
    """An item's wielder is a character of the same area: an army never wields one (official
    rules, «Playing an Item»: an item is always played on a character). A problem at the
    item's `wielder` (or `bearer`) field otherwise; True when the wielder is right."""
    at = f"{item.path}.{item.wielder_key}"
    if wielder is not None and wielder.kind == "army":
        problems.add(at, "cardgame.err_item_wielder_army", item=item.name, bearer=wielder.name)
        return False
    if wielder is None or wielder.kind != "character":
        problems.add(at, "cardgame.err_item_bearer_absent", item=item.name, bearer=item.bearer or "-")
        return False
    return True


def _dotted(path: list) -> str:
    from adjudicator.problems import format_path
    return format_path(path)


def read_hand(value: Any, path: list, problems: Problems) -> tuple[int | None, tuple[str, ...] | None]:
    """A hand is a count, or the list of its cards' names."""
    if isinstance(value, list):
        cards = []
        for i, v in enumerate(value):
            if isinstance(v, str) and v.strip():
                cards.append(v.strip())
            else:
                problems.add([*path, i], "core.err_type_text")
        if len(value) > MAX_HAND:
            problems.add(path, "core.err_max", hi=MAX_HAND, value=len(value))
        return len(value), tuple(cards)
    n = check_int(value, path, problems, lo=0, hi=MAX_HAND)
    return n, None


def read_players(raw: Any, path: list, problems: Problems) -> tuple[Player, ...]:
    if raw is None:
        return ()
    if isinstance(raw, dict):
        entries = []
        for name, fields in raw.items():
            fields = dict(fields) if isinstance(fields, dict) else fields
            if isinstance(fields, dict):
                fields.setdefault("name", name)
            entries.append(([*path, name], fields))
    elif isinstance(raw, list):
        entries = [([*path, i], v) for i, v in enumerate(raw)]
    else:
        problems.add(path, "core.err_type_list")
        return ()
    if len(entries) > MAX_PLAYERS:   # at most 4 players: a longer list is not read
        problems.add(path, "core.err_list_too_long", limit=MAX_PLAYERS, n=len(entries))
        return ()
    players: list[Player] = []
    for ppath, value in entries:
        f = Fields(value, ppath, problems)
        name = f.str("name", required=True)
        side_raw = f.get("side")
        side = read_side(side_raw, f.at("side"), problems) if side_raw is not None else None
        hand, hand_cards = (None, None)
        if f.get("hand") is not None:
            hand, hand_cards = read_hand(f.get("hand"), f.at("hand"), problems)
        # `carryover_limit` is the official rules' name; `stack_limit` the scenario language's (fixed)
        limit_key = "carryover_limit" if f.has("carryover_limit") and not f.has("stack_limit") else "stack_limit"
        if f.has("carryover_limit") and f.has("stack_limit"):
            f.get("carryover_limit")
            f.error("carryover_limit", "cardgame.err_same_as", key="carryover_limit", other="stack_limit")
        limit = f.int(limit_key, default=DEFAULT_STACK_LIMIT, lo=0, hi=MAX_HAND)
        scoring = f.list("scoring_area", default=[])
        scoring_names = []
        for i, c in enumerate(scoring or []):
            if isinstance(c, str) and c.strip():
                scoring_names.append(c.strip())
            else:
                problems.add(f.at("scoring_area") + [i], "core.err_type_text")
        reserve = read_area(f.get("reserve"), f.at("reserve"), problems)
        f.finish()
        if name is None:
            continue
        if any(p.key == key_of(name) for p in players):
            problems.add(f.at("name"), "cardgame.err_duplicate_player", player=name)
            continue
        players.append(Player(name, side, hand, hand_cards, DEFAULT_STACK_LIMIT if limit is None else limit,
                              tuple(scoring_names), reserve, _dotted(ppath)))
    return tuple(players)


def read_path(raw: Any, path: list, problems: Problems) -> Path | None:
    if isinstance(raw, str):
        if not raw.strip():
            problems.add(path, "core.err_type_text")
            return None
        return Path(raw.strip(), None, Area(), Area(), _dotted(path))
    f = Fields(raw, path, problems)
    _cards_need_a_side(f)
    name = f.str("name", required=True)
    defence = read_defence(f)
    fp = read_area(_path_side(f.get("free_peoples")), f.at("free_peoples"), problems)
    sh = read_area(_path_side(f.get("shadow")), f.at("shadow"), problems)
    f.finish()
    if name is None:
        return None
    return Path(name.strip(), defence, fp, sh, _dotted(path))


def _path_side(raw: Any) -> Any:
    """A side of the path written as a plain list of cards (as the question's `attackers` /
    `defenders` are): in path combat only icons count, so the kind of card does not matter;
    cards with a `bearer` are items."""
    if not isinstance(raw, list):
        return raw
    items = [c for c in raw if isinstance(c, dict) and "bearer" in c]
    others = [c for c in raw if not (isinstance(c, dict) and "bearer" in c)]
    return {"cards": others, "items": items}


def _cards_need_a_side(f: Fields) -> None:
    """Cards on a battleground or path go under the side that owns them; say so plainly
    rather than calling `characters` an unknown field."""
    for key in AREA_KEYS:
        if f.has(key):
            f.get(key)
            f.error(key, "cardgame.err_cards_need_side", key=key)


def read_defence(f: Fields) -> int | None:
    """A path's defence icons; `shields` is accepted as another word for them."""
    given = [v for v in (f.int(k, lo=0, hi=MAX_ICONS) for k in DEFENCE_WORDS) if v is not None]
    return given[0] if given else None


def parse_position(raw: Any, problems: Problems) -> Position:
    f = Fields(raw, ["position"], problems)
    players = read_players(f.get("players"), f.at("players"), problems)
    active = f.get("active_path")
    active_path = read_path(active, f.at("active_path"), problems) if active is not None else None

    history_raw = f.list("paths_activated", default=[])
    history: list[str] = []
    seen: dict[str, int] = {}
    for i, p in enumerate(history_raw or []):
        ppath = f.at("paths_activated") + [i]
        if not isinstance(p, str) or not p.strip():
            problems.add(ppath, "core.err_type_text")
            continue
        if key_of(p) in seen:
            problems.add(ppath, "cardgame.err_path_twice", path=p.strip(), first=seen[key_of(p)])
            continue
        seen[key_of(p)] = i
        history.append(p.strip())
    if active_path and key_of(active_path.name) not in seen:
        history.append(active_path.name)   # the active path was activated: it is in the history

    battlegrounds: dict[str, Battleground] = {}
    bf = f.sub("battlegrounds")
    for name, value in bf.raw.items():
        bf.read.add(name)
        g = Fields(value, bf.at(name), problems)
        _cards_need_a_side(g)
        shields = g.int("shields", lo=0, hi=MAX_ICONS)
        deck = g.side("deck")
        fp = read_area(g.get("free_peoples"), g.at("free_peoples"), problems)
        sh = read_area(g.get("shadow"), g.at("shadow"), problems)
        g.finish()
        k = key_of(str(name))
        if k in battlegrounds:
            problems.add(bf.at(name), "cardgame.err_duplicate_card", card=name)
            continue
        battlegrounds[k] = Battleground(str(name), shields, fp, sh, _dotted(bf.at(name)), deck)
    f.finish()

    # A battleground scored by one player is in no one else's scoring area.
    owners: dict[str, str] = {}
    for p in players:
        for i, c in enumerate(p.scoring_area):
            k = key_of(c)
            if k in owners and owners[k] != p.key:
                problems.add(f"{p.path}.scoring_area[{i}]", "cardgame.err_scored_twice", card=c)
            owners[k] = p.key
    return Position(players, active_path, tuple(history), battlegrounds)
