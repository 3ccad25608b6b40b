"""The form of each question kind, generated from its :class:`~adjudicator.spec.KindSpec`.

Each parameter the spec declares (``Param.form`` true) becomes a :class:`Field` whose widget
follows the parameter's type; the parts of the position the kind reads (``KindSpec.position``)
choose which position parts the form shows. Nothing here is written per kind: change a spec
and its form changes (tests/test_spec_derived.py checks it).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from adjudicator import registry
from adjudicator.spec import YES_NO_LABELS, KindSpec, Param, T, Text
from adjudicator.spec import Col as SpecCol

WOTR, CARD_GAME, LCG = "war-of-the-ring", "wotr-card-game", "lotr-lcg"

# Position parts a War of the Ring form may show ...
REGIONS, POLITICS, FELLOWSHIP, HUNT, TURN = "regions", "politics", "fellowship", "hunt", "turn"
# ... a War of the Ring: The Card Game form (adjudicator/cardgame/model.py) ...
CG_PLAYERS, CG_RESERVES, CG_PATH, CG_BATTLEGROUNDS = "cg-players", "cg-reserves", "cg-path", "cg-battlegrounds"
# ... and a The Lord of the Rings: The Card Game form (adjudicator/lcg/model.py).
LCG_PLAYERS, LCG_IN_PLAY = "lcg-players", "lcg-in-play"
FELLOWSHIP_KEYS = ("region", "progress", "hidden", "corruption", "guide", "companions", "mordor")

# The widget of each parameter type (web/templates/ask_form.html draws them); None: no field
# of its own (written in the "more" YAML box).
WIDGETS = {"region": "region", "nation": "nation", "character": "character", "side": "choice", "int": "int",
           "bool": "bool", "choice": "choice", "text": "text", "ints": "ints", "characters": "characters",
           "words": "words", "tile": "tile", "units": "units", "recruits": "rows", "rows": "rows",
           "keywords": "keywords", "hand": "hand", "card": "text", "mapping": None, "count-or-list": "int",
           "event-card": "event-card", "combat-cards": "combat-cards"}   # web/forms/cards.py: the card picker
YES_NO = tuple(YES_NO_LABELS.items())
# A choice of this many options or fewer is a row of buttons (radio buttons styled as such:
# one tap, no JavaScript) rather than a list to open; so is a number in a range this small.
CHIPS_AT_MOST = 8
CHIP_RANGE = 6
# Optional fields a form shows at once; those after fold under "More choices" (KindForm).
OPEN_OPTIONAL = 2
QUICK_TYPES = frozenset(("choice", "bool", "int", "tile", "ints"))
# Position parts a form shows open (in the order the spec reads them); the others fold.
OPEN_PARTS = 2
INNER_PARTS = frozenset(("cg-reserves",))   # drawn inside another part
# Die results (a list of numbers from 1 to 6): a text box, and with JavaScript a pad of faces.
DIE_HIGH = 6
# The action die's faces (adjudicator/wotr/dice.py FACES): choices among them are drawn as faces.
DIE_FACES = frozenset(("character", "army", "muster", "army-muster", "event", "will-of-the-west", "eye"))


@dataclass(frozen=True)
class Col:
    """One column of a :class:`Rows` table: a key of each row's mapping."""

    key: str
    label: Text | str    # a spec's two texts, or an English msgid (the position parts: parts.py)
    type: str = "text"   # text, int, choice, words, hand, keywords, region, nation
    choices: tuple[tuple[str, Text | str], ...] = ()
    max: int | None = None
    aliases: tuple[tuple[str, str], ...] = ()   # other words the engine reads for a choice


@dataclass(frozen=True)
class Rows:
    """Repeated rows of fields that become a list of mappings (players, cards, recruits...).

    The first column is the row's name: a row with any value needs it.
    """

    prefix: str
    cols: tuple[Col, ...]
    count: int

    def name(self, i: int, key: str) -> str:
        return f"{self.prefix}{i}-{key}"

    def names(self) -> list[str]:
        return [self.name(i, c.key) for i in range(self.count) for c in self.cols]


@dataclass(frozen=True)
class Field:
    """One question parameter's field. ``key`` is its path in the question, dotted for nesting."""

    key: str
    label: Text
    type: str
    help: Text | None = None
    choices: tuple[tuple[str, Text], ...] = ()
    aliases: tuple[tuple[str, str], ...] = ()
    required: bool = False
    min: int | None = None
    max: int | None = None
    rows: Rows | None = None
    pick: str = ""                      # chips (buttons), faces (die faces), dice (a pad of results)
    default_text: Text | None = None    # what the engine takes when the field is left empty
    reach: tuple | None = None          # Param.reach: what the map offers for this region

    @property
    def name(self) -> str:
        return "q-" + self.key


@dataclass(frozen=True)
class KindForm:
    game: str
    kind: str
    title: Text
    help: Text | None = None
    fields: tuple[Field, ...] = ()
    parts: tuple[str, ...] = ()
    fellowship_fields: tuple[str, ...] = FELLOWSHIP_KEYS
    # Question keys that may name a card of the position's `in_play` (The Lord of the Rings:
    # The Card Game): a name alone that matches one is sent as that reference.
    card_refs: tuple[str, ...] = ()
    switch: tuple[tuple[str, Text], ...] = ()   # KindSpec.switch: the kinds this form may turn into

    def field(self, key: str) -> Field | None:
        return next((f for f in self.fields if f.key == key), None)

    @property
    def open_fields(self) -> tuple[Field, ...]:
        """The question's fields shown at once: the required ones, its regions, and the first
        :data:`OPEN_OPTIONAL` others; the rest fold under "More choices" (issue 26: a form
        fits in three phone screens before its button)."""
        folded = set(self.folded_fields)
        return tuple(f for f in self.fields if f not in folded)

    @property
    def folded_fields(self) -> tuple[Field, ...]:
        """The optional fields but the first :data:`OPEN_OPTIONAL` choices (one tap each) and
        the question's regions: each is left at its default unless opened."""
        optional = [f for f in self.fields if not f.required and f.type not in ("region", "combat-cards")]
        quick = [f for f in optional if f.type in QUICK_TYPES][:OPEN_OPTIONAL]
        return tuple(f for f in optional if f not in quick)

    @property
    def map_folded(self) -> bool:
        """The map one tap away (folded) where the question needs no region to be asked."""
        return not any(f.required for f in self.region_fields)

    @property
    def folded_parts(self) -> tuple[str, ...]:
        """The position parts after the first :data:`OPEN_PARTS`: folded under their names."""
        top = [p for p in self.parts if p not in INNER_PARTS]
        return tuple(top[OPEN_PARTS:])

    @property
    def region_fields(self) -> tuple[Field, ...]:
        """The question's regions, in order: what a tap on the map may set."""
        return tuple(f for f in self.fields if f.type == "region")


def _col(c: SpecCol) -> Col:
    return Col(c.key, c.label, c.type, tuple((v, c.choice_labels.get(v, T(v, v))) for v in c.choices), c.hi)



def _pick(widget: str, p: Param, choices: tuple) -> str:
    """How a player picks the value: buttons, die faces, a pad of die results, or typing."""
    if widget in ("bool", "choice") and choices and len(choices) <= CHIPS_AT_MOST:
        return "faces" if {v for v, _ in choices} <= DIE_FACES else "chips"
    if widget == "int" and p.lo is not None and p.hi is not None and p.hi - p.lo <= CHIP_RANGE:
        return "chips"
    if widget == "ints" and p.lo is not None and p.lo >= 1 and p.hi == DIE_HIGH:
        return "dice"
    return ""


def field_from_param(p: Param, game: str = "", kind: str = "") -> Field | None:
    widget = WIDGETS[p.type]
    if widget is None or not p.form:
        return None
    choices: tuple[tuple[str, Text], ...] = ()
    if widget == "bool":
        choices = YES_NO
    elif widget == "choice":
        choices = tuple((v, p.choice_labels.get(v, T(v, v))) for v in p.choices)
    pick = _pick(widget, p, choices)
    if widget == "int" and pick == "chips" and p.lo is not None and p.hi is not None:
        choices = tuple((str(n), T(str(n), str(n))) for n in range(p.lo, p.hi + 1))
    rows = Rows("q-" + p.name, tuple(_col(c) for c in p.cols), p.rows or 4) if widget == "rows" and p.cols else None
    if widget == "rows" and rows is None:
        widget = "words"   # rows without columns: names separated by commas
    aliases = tuple(p.aliases.items())
    if p.type == "side":
        from adjudicator.params import SIDE_ALIASES

        aliases += tuple((word, side.replace("_", "-")) for word, side in SIDE_ALIASES.items())
    return Field(p.name, p.label, widget, p.help, choices, aliases, p.required, p.lo, p.hi, rows, pick,
                 _default_text(p), tuple(p.reach) if p.reach else None)


def _default_text(p: Param) -> Text | None:
    """The value taken when the field is left empty, in words (None: nothing is taken)."""
    if p.default_text is not None or p.default is None:
        return p.default_text
    if isinstance(p.default, bool):
        return YES_NO_LABELS["yes" if p.default else "no"]
    if p.default in p.choice_labels:
        return p.choice_labels[p.default]
    return T(str(p.default), str(p.default))


def parts_of(spec: KindSpec) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The position parts a kind's form shows, and the Fellowship fields among them."""
    parts: list[str] = []
    fellowship: list[str] = []

    def add(part: str) -> None:
        if part not in parts:
            parts.append(part)

    for path in spec.position:
        head, _, rest = path.partition(".")
        if spec.game == WOTR:
            if head == "fellowship":
                add(FELLOWSHIP)
                fellowship.extend([rest] if rest else FELLOWSHIP_KEYS)
            elif head in (REGIONS, POLITICS, HUNT, TURN):
                add(head)
        elif spec.game == CARD_GAME:
            part = {"players": CG_PLAYERS, "active_path": CG_PATH, "paths_activated": CG_PATH,
                    "battlegrounds": CG_BATTLEGROUNDS}.get(head)
            if part:
                add(part)
            if path == "players.reserve":
                add(CG_RESERVES)
        elif spec.game == LCG:
            part = {"players": LCG_PLAYERS, "first_player": LCG_PLAYERS, "in_play": LCG_IN_PLAY,
                    "under_orcs_search": LCG_IN_PLAY}.get(head)
            if part:
                add(part)
    return tuple(parts), tuple(k for k in FELLOWSHIP_KEYS if k in fellowship)


def form_from_spec(spec: KindSpec) -> KindForm:
    parts, fellowship = parts_of(spec)
    from web.forms.words import in_players_words

    fields = in_players_words(tuple(f for f in (field_from_param(p, spec.game, spec.kind) for p in spec.params)
                                    if f is not None))
    switch = tuple((s.kind, s.switch[1]) for s in registry.specs()
                   if spec.switch and s.game == spec.game and s.switch and s.switch[0] == spec.switch[0])
    return KindForm(spec.game, spec.kind, spec.title, spec.help, fields, parts, fellowship,
                    tuple(dict.fromkeys(k.split(".")[0] for k in spec.card_refs)), switch)


def form_for(game: str, kind: str) -> KindForm:
    """The form of a registered kind, made from its spec."""
    spec = registry.spec(game, kind)
    if spec is None:
        raise KeyError((game, kind))
    return form_from_spec(spec)


def forms() -> list[KindForm]:
    return [form_from_spec(s) for s in registry.specs()]


def text(value: Any, lang: str) -> str:
    """A label as the page's language shows it (a spec's :class:`Text`, or a plain string)."""
    return value.get(lang) if isinstance(value, Text) else ("" if value is None else str(value))
