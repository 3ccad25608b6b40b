"""One form per question kind, generated from a spec; the form's values become a scenario.

A :class:`KindForm` lists the kind's question parameters (:class:`Field`) and the parts of
the position that matter to it (regions with armies, politics, Fellowship, Hunt, turn).
:func:`scenario_from_form` turns the submitted values into a scenario mapping and, beside
it, the form field that produced each scenario path, so every problem the engine reports
(``question.from``, ``position.regions.Minas Tirith.shadow.sauron.regular``...) is shown
beside the field the player typed it in. Parameters a spec does not model can always be
written as YAML in the "more" boxes, so every registered kind can be asked.

Labels are English msgids, translated in the templates through Flask-Babel; a test checks
each one has a Spanish translation.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from adjudicator import data
from adjudicator.i18n import translate
from adjudicator.loading import load_text
from adjudicator.params import int_text, strict_int
from adjudicator.problems import ScenarioInvalid, format_path

WOTR, CARD_GAME, LCG = "war-of-the-ring", "wotr-card-game", "lotr-lcg"

REGION_ROWS = 4
NATION_LINES = 2     # nations per side in one region row (e.g. Gondor and Rohan together)
POLITICS_ROWS = 4
RECRUIT_ROWS = 4

# Position parts a War of the Ring form may show.
REGIONS, POLITICS, FELLOWSHIP, HUNT, TURN = "regions", "politics", "fellowship", "hunt", "turn"
# ... a War of the Ring: The Card Game form (adjudicator/cardgame/model.py) ...
CG_PLAYERS, CG_RESERVES, CG_PATH, CG_BATTLEGROUNDS = "cg-players", "cg-reserves", "cg-path", "cg-battlegrounds"
# ... and a The Lord of the Rings: The Card Game form (adjudicator/lcg/model.py).
LCG_PLAYERS, LCG_IN_PLAY = "lcg-players", "lcg-in-play"


@dataclass(frozen=True)
class Field:
    """One question parameter. ``key`` is its path in the question, dotted for nesting."""

    key: str
    label: str
    type: str = "text"   # text, int, ints, bool, choice, region, character, characters, nation,
    #                      tile, words, yaml, recruits
    help: str = ""
    choices: tuple[tuple[str, str], ...] = ()   # (value, English label)
    required: bool = False
    min: int | None = None
    max: int | None = None
    rows: "Rows | None" = None   # type "rows": a list of mappings, one row of fields each

    @property
    def name(self) -> str:
        return "q-" + self.key


@dataclass(frozen=True)
class Col:
    """One column of a :class:`Rows` table: a key of each row's mapping."""

    key: str
    label: str
    type: str = "text"   # text, int, choice, words, hand (a count or card names), keywords
    choices: tuple[tuple[str, str], ...] = ()
    max: int | None = None


@dataclass(frozen=True)
class Rows:
    """Repeated rows of fields that become a list of mappings (players, cards...).

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
class KindForm:
    game: str
    kind: str
    title: str                     # the question, as a player would ask it
    help: str = ""
    fields: tuple[Field, ...] = ()
    parts: tuple[str, ...] = ()
    fellowship_fields: tuple[str, ...] = ("region", "progress", "hidden", "corruption", "guide",
                                          "companions", "mordor")
    # Question keys that may name a card of the position's `in_play` (The Lord of the Rings:
    # The Card Game): a name alone that matches one is sent as that reference.
    card_refs: tuple[str, ...] = ()


SIDE_CHOICES = (("free-peoples", "Free Peoples"), ("shadow", "Shadow"))
DIE_FACES = (("character", "Character"), ("army", "Army"), ("muster", "Muster"),
             ("army-muster", "Army/Muster"), ("event", "Event"),
             ("will-of-the-west", "Will of the West"), ("eye", "Eye"))
POLITICAL_EVENTS = (("enemy-army-enters", "An enemy army enters the nation's region"),
                    ("army-attacked", "The nation's army is attacked"),
                    ("fellowship-declared", "The Fellowship is declared in the nation's settlement"),
                    ("companion-ends-move", "A Companion ends a move in the nation's settlement"),
                    ("settlement-captured", "A settlement of the nation is captured"),
                    ("muster-die", "A Muster die (or event) advances it"))
UNIT_CHOICES = (("regular", "Regular"), ("elite", "Elite"), ("leader", "Leader"), ("nazgul", "Nazgûl"))
POLITICAL_STATES = (("at-war", "At war"), ("1-active", "1 step, active"), ("1-passive", "1 step, passive"),
                    ("2-active", "2 steps, active"), ("2-passive", "2 steps, passive"),
                    ("3-active", "3 steps, active"), ("3-passive", "3 steps, passive"))
HIDDEN_CHOICES = (("yes", "Hidden"), ("no", "Revealed"))
YES_NO = (("yes", "Yes"), ("no", "No"))

H_LIST = "Separate them with commas."
H_ROLLS = "The faces rolled, separated by commas, e.g. 6, 3, 1."
H_HAND = "A number, or the cards' names separated by commas."
H_KEYWORDS = "In English or Spanish, separated by commas, e.g. Doomed 2, Surge or Maldito 2, Oleada."

# -- War of the Ring: The Card Game: cards as rows ------------------------------------------
CARD_KINDS = (("character", "Character"), ("army", "Army"), ("item", "Item"), ("card", "Other card"))
AREA_OF_KIND = {"character": "characters", "army": "armies", "item": "items", "card": "cards"}
SIDE_KEYS = {"free-peoples": "free_peoples", "shadow": "shadow"}
C_NAME = Col("name", "Card")
C_SIDE = Col("side", "Side", "choice", SIDE_CHOICES)
C_KIND = Col("kind", "Type", "choice", CARD_KINDS)
C_BEARER = Col("bearer", "Bearer (items)")
ATTACKER_ROWS = Rows("q-attackers", (C_NAME, Col("skulls", "Skulls", "int", max=20)), 4)
DEFENDER_ROWS = Rows("q-defenders", (C_NAME, Col("cancels", "Skulls it cancels", "int", max=20)), 6)
CG_PLAYER_ROWS = Rows("cg-player", (Col("name", "Name"), C_SIDE, Col("hand", "Cards in hand", "hand"),
                                   Col("stack_limit", "Stack limit", "int", max=60),
                                   Col("scoring_area", "Scoring area", "words")), 4)
PATH_CARD_ROWS = Rows("path-card", (C_NAME, C_SIDE, C_KIND, Col("skulls", "Skulls", "int", max=20),
                                    Col("cancels", "Skulls it cancels", "int", max=20), C_BEARER), 6)
RESERVE_ROWS = Rows("reserve-card", (C_NAME, Col("owner", "Player"), C_KIND, Col("faction", "Faction"), C_BEARER), 4)
BATTLEGROUNDS = 2
BG_CARD_COLS = (C_NAME, C_SIDE, C_KIND, Col("faction", "Faction"), Col("leadership", "Leadership", "int", max=20),
                C_BEARER)


def bg_card_rows(b: int) -> Rows:
    return Rows(f"bg{b}-card", BG_CARD_COLS, 6)


# -- The Lord of the Rings: The Card Game: players and cards in play -------------------------
LCG_TYPES = (("location", "Location"), ("enemy", "Enemy"), ("treachery", "Treachery"),
             ("objective", "Objective"), ("quest", "Quest"), ("attachment", "Attachment"),
             ("hero", "Hero"), ("ally", "Ally"), ("event", "Event"))
THEN_ROWS = Rows("q-then", (C_NAME, Col("keywords", "Keywords", "keywords")), 3)
LCG_PLAYER_ROWS = Rows("lcg-player", (Col("name", "Name"), Col("threat", "Threat", "int", max=99)), 4)
LCG_CARD_ROWS = Rows("lcg-card", (C_NAME, Col("type", "Type", "choice", LCG_TYPES),
                                  Col("keywords", "Keywords", "keywords"),
                                  Col("quest_points", "Quest points", "int", max=99),
                                  Col("damage", "Damage", "int", max=99),
                                  Col("progress", "Progress tokens", "int", max=99),
                                  Col("resource", "Resource tokens (Time counters)", "int", max=99),
                                  Col("attachments", "Attachments", "words")), 5)

FORMS: tuple[KindForm, ...] = (
    # -- War of the Ring: the Hunt ------------------------------------------------------
    KindForm(WOTR, "hunt-roll", "How likely is the Hunt to find the Fellowship?",
             "The Shadow dice in the Hunt Box and where the Ring-bearers stand decide the roll.",
             (Field("rolls", "Dice rolled (optional)", "ints", H_ROLLS),
              Field("rerolled", "Dice re-rolled (optional)", "ints", H_ROLLS)),
             (FELLOWSHIP, HUNT, REGIONS), ("region", "mordor")),
    KindForm(WOTR, "hunt-damage", "What does this Hunt tile do?", "",
             (Field("tile", "Hunt tile", "tile", "A number from -2 to 3, eye, die, or a special tile's name.",
                    required=True),
              Field("successes", "Successes of the Hunt roll", "int", min=0, max=5),
              Field("die", "Die rolled (for a die tile)", "int", min=1, max=6),
              Field("no_roll", "Tile drawn without a Hunt roll", "bool", choices=YES_NO)),
             (FELLOWSHIP,), ("region", "hidden", "mordor")),
    KindForm(WOTR, "hunt-draw", "What might the next Hunt tile do?",
             "The tiles left in the Hunt Pool decide the odds of each damage, the Eye and a reveal.",
             (Field("successes", "Successes of the Hunt roll", "int", min=1, max=5),
              Field("no_roll", "Tile drawn without a Hunt roll", "bool", choices=YES_NO)),
             (HUNT, FELLOWSHIP), ("hidden", "mordor", "corruption")),
    KindForm(WOTR, "hunt-casualty", "Who takes the Hunt damage?", "",
             (Field("damage", "Hunt damage", "int", required=True, min=0, max=12),
              Field("take", "Taken as", "text", "corruption, guide, random, or a Companion's name.", required=True)),
             (FELLOWSHIP,), ("corruption", "guide", "companions", "mordor")),
    KindForm(WOTR, "hunt-allocation", "How many dice may the Shadow put in the Hunt Box?", "",
             (Field("retrieved", "Free Peoples dice taken back from the Hunt Box", "int", min=0, max=6),),
             (HUNT, FELLOWSHIP), ("companions",)),
    # -- War of the Ring: armies and characters -------------------------------------------
    KindForm(WOTR, "army-move", "Can this army move there?", "",
             (Field("from", "From", "region", required=True),
              Field("to", "To", "region", required=True),
              Field("side", "Side (if both have figures there)", "choice", choices=SIDE_CHOICES),
              Field("units", "Units that move (default: all)", "yaml",
                    "YAML, e.g. {gondor: {regular: 2, leader: 1}}."),
              Field("die", "Die used", "choice", choices=(("army", "Army"), ("character", "Character")))),
             (REGIONS, POLITICS)),
    KindForm(WOTR, "character-move", "How far can this character move?", "",
             (Field("character", "Character", "character", "A name, or nazgul.", required=True),
              Field("from", "From", "region", required=True),
              Field("to", "To", "region", required=True)),
             (REGIONS, FELLOWSHIP), ("region", "companions")),
    KindForm(WOTR, "separate-companions", "Can these Companions leave the Fellowship?", "",
             (Field("companions", "Companions", "characters", H_LIST, required=True),
              Field("to", "To (optional)", "region")),
             (FELLOWSHIP, REGIONS)),
    KindForm(WOTR, "declare-fellowship", "Can the Fellowship be declared there?", "",
             (Field("to", "Declared in (optional)", "region"),),
             (FELLOWSHIP, REGIONS, POLITICS)),
    KindForm(WOTR, "reveal-fellowship", "Where does the revealed Fellowship go?", "",
             (Field("to", "Moved to (optional)", "region"),),
             (FELLOWSHIP, REGIONS)),
    KindForm(WOTR, "battle", "How does this battle go?", "",
             (Field("from", "Attacker's region", "region", required=True),
              Field("to", "Defender's region (the same for a siege or a sortie)", "region", required=True),
              Field("type", "Type of battle", "choice",
                    choices=(("field", "Field battle"), ("siege", "Siege"), ("sortie", "Sortie"))),
              Field("round", "Round", "int", min=1, max=50),
              Field("die", "Die used to attack", "choice", choices=(("army", "Army"), ("character", "Character")))),
             (REGIONS, POLITICS)),
    KindForm(WOTR, "retreat", "Where can the defender retreat?", "",
             (Field("region", "Defender's region", "region", required=True),
              Field("to", "Retreat to (optional)", "region")),
             (REGIONS, POLITICS)),
    KindForm(WOTR, "muster", "Can this nation recruit these figures?", "",
             (Field("nation", "Nation", "nation", required=True),
              Field("recruit", "Figures to recruit", "recruits")),
             (REGIONS, POLITICS)),
    KindForm(WOTR, "politics", "How does the Political Track move?", "",
             (Field("nation", "Nation", "nation", required=True),
              Field("event", "What happens", "choice", choices=POLITICAL_EVENTS, required=True),
              Field("companion", "Companion (when a Companion ends a move)", "character"),
              Field("region", "Region where it happens (optional)", "region")),
             (POLITICS, REGIONS, FELLOWSHIP), ("region", "companions")),
    KindForm(WOTR, "elven-ring", "Can an Elven Ring change this die?", "",
             (Field("side", "Side using the Ring", "choice", choices=SIDE_CHOICES, required=True),
              Field("from", "Die face now", "choice", choices=DIE_FACES, required=True),
              Field("to", "Die face wanted", "choice", choices=DIE_FACES, required=True),
              Field("used_this_turn", "An Elven Ring was already used this turn", "bool", choices=YES_NO),
              Field("held", "Elven Rings this player holds", "int", min=0, max=3)),
             (TURN,)),
    KindForm(WOTR, "victory", "Has anyone won?", "",
             (Field("when", "When", "choice", choices=(("now", "Now"), ("end-of-turn", "At the end of the turn"))),),
             (REGIONS, FELLOWSHIP), ("region", "corruption", "mordor")),
    KindForm(WOTR, "enter-mordor", "Can the Fellowship enter Mordor?", "", (),
             (FELLOWSHIP, REGIONS)),
    KindForm(WOTR, "action-dice", "How many action dice does each side roll?", "",
             (Field("in_play", "Characters in play that add dice", "characters", H_LIST),),
             (FELLOWSHIP, REGIONS), ("companions",)),
    # -- War of the Ring: The Card Game -----------------------------------------------------
    KindForm(CARD_GAME, "pass", "May I pass?",
             "A player may pass with no more cards in hand than their stack limit, or fewer than every enemy.",
             (Field("player", "Player (a name from the players below)", "text"),
              Field("hand", "Cards in hand", "int", "Empty: the player's hand below.", min=0, max=60),
              Field("stack_limit", "Stack limit", "int", "Empty: the player's, or 2.", min=0, max=60),
              Field("enemy_hands", "Cards in the enemies' hands", "ints", H_LIST),
              Field("action_step_ended", "The Action step is over", "bool", choices=YES_NO)),
             (CG_PLAYERS,)),
    KindForm(CARD_GAME, "play-card", "What happens after I play a card?", "",
             (Field("player", "Player (a name from the players below)", "text"),
              Field("hand", "Cards in hand", "hand", H_HAND),
              Field("card", "Card played", "text"),
              Field("cycle", "Card to cycle (optional)", "text")),
             (CG_PLAYERS,)),
    KindForm(CARD_GAME, "path-combat", "How many skulls does this path combat leave?",
             "Give the path and its cards here, or the active path below.",
             (Field("path", "Path", "text"),
              Field("defence", "Defence icons of the path", "int", min=0, max=20),
              Field("attackers", "Shadow cards attacking", "rows", rows=ATTACKER_ROWS),
              Field("skulls", "Skulls of the attackers (instead of the cards)", "int", min=0, max=200),
              Field("defenders", "Free Peoples cards on the path", "rows", rows=DEFENDER_ROWS),
              Field("eliminate", "Cards the Free Peoples eliminate, in order (optional)", "words", H_LIST)),
             (CG_PATH,)),
    KindForm(CARD_GAME, "leadership", "How much leadership counts in this battleground?",
             "Describe the battleground's characters and armies below.",
             (Field("battleground", "Battleground", "text"),
              Field("side", "Side", "choice", choices=SIDE_CHOICES)),
             (CG_BATTLEGROUNDS,)),
    KindForm(CARD_GAME, "activate", "Can this card be activated?", "",
             (Field("card", "Path or battleground", "text", required=True),
              Field("type", "Type of card", "choice", choices=(("path", "Path"), ("battleground", "Battleground"))),
              Field("player", "Player who activates it", "text"),
              Field("scoring_area_of", "From the scoring area of (optional)", "text"),
              Field("from", "Where the battleground comes from", "choice",
                    "When the players are not given below.",
                    choices=(("deck", "A new card"), ("own-scoring-area", "My side's scoring area"),
                             ("opponent-scoring-area", "An opponent's scoring area")))),
             (CG_PLAYERS, CG_PATH, CG_BATTLEGROUNDS)),
    KindForm(CARD_GAME, "item-move", "Can this item move?", "",
             (Field("item", "Item", "text", required=True),
              Field("event", "What happens", "choice", required=True,
                    choices=(("play", "The item is played"), ("bearer-moves", "Its bearer moves"),
                             ("bearer-cycled", "Its bearer is cycled"),
                             ("bearer-eliminated", "Its bearer is eliminated"))),
              Field("to", "To (optional)", "text"),
              Field("bearer", "Bearer (optional)", "text"),
              Field("text_allows", "The item's own text allows it", "bool", choices=YES_NO),
              Field("from", "Where the bearer is (when not given below)", "choice",
                    choices=(("reserve", "A reserve"), ("path", "A path"), ("battleground", "A battleground")))),
             (CG_PLAYERS, CG_RESERVES, CG_PATH, CG_BATTLEGROUNDS)),
    # -- The Lord of the Rings: The Card Game ---------------------------------------------
    KindForm(LCG, "reveal", "What happens when this encounter card is revealed?", "",
             (Field("players", "Players", "int", "Empty: the players below.", min=1, max=4),
              Field("card.name", "Card", "text", "A card in play below, or describe it here."),
              Field("card.keywords", "Keywords of the card", "keywords", H_KEYWORDS),
              Field("when_revealed", "The card has a when-revealed effect", "bool", choices=YES_NO),
              Field("then", "Cards Surge revealed next, in order (optional)", "rows", rows=THEN_ROWS)),
             (LCG_PLAYERS, LCG_IN_PLAY), card_refs=("card", "then")),
    KindForm(LCG, "time", "When does this Time trigger?", "",
             (Field("card.name", "Card with Time (optional)", "text", "A card in play below."),
              Field("counters", "Time counters", "int", "Empty: the card's Time value.", min=0, max=99),
              Field("refresh_phases", "Refresh phases passed", "int", min=0, max=99),
              Field("removed_by_effects", "Counters removed by effects", "ints", H_LIST)),
             (LCG_IN_PLAY,), card_refs=("card",)),
    KindForm(LCG, "scour", "In which order do the Scour effects resolve?",
             "The cards in play and the first player below decide it.",
             (Field("cards", "Cards with a Scour effect (empty: every card in play)", "words", H_LIST),
              Field("first_player", "First player", "text", "A name, or the player's number."),
              Field("order", "Order chosen by the first player (optional)", "words", H_LIST),
              Field("triggered_by", "Card that triggers Scour (optional)", "text")),
             (LCG_PLAYERS, LCG_IN_PLAY)),
    KindForm(LCG, "orcs-search", "What goes under the objective in The Orcs' Search?",
             "A location goes there once its damage reaches its quest points.",
             (Field("location.name", "Location", "text", "A card in play below, or describe it here."),
              Field("location.type", "Type of card", "choice", choices=LCG_TYPES),
              Field("location.quest_points", "Quest points", "int", min=0, max=99),
              Field("location.damage", "Damage on it", "int", min=0, max=99),
              Field("location.tokens.progress", "Progress tokens", "int", min=0, max=99),
              Field("location.tokens.resource", "Resource tokens", "int", min=0, max=99),
              Field("location.attachments", "Attachments", "words", H_LIST),
              Field("by_effect", "Placed there by a card effect", "bool", choices=YES_NO)),
             (LCG_IN_PLAY,), card_refs=("location",)),
)

_BY_KEY = {(f.game, f.kind): f for f in FORMS}
GAME_TITLES = {WOTR: "War of the Ring", CARD_GAME: "War of the Ring: The Card Game",
               LCG: "The Lord of the Rings: The Card Game"}


def form_for(game: str, kind: str) -> KindForm:
    """The spec of a kind; a kind registered without a spec gets a YAML-only form."""
    return _BY_KEY.get((game, kind)) or KindForm(game, kind, kind)


def has_spec(game: str, kind: str) -> bool:
    return (game, kind) in _BY_KEY


# -- the position parts' field names ------------------------------------------------------

def region_row_names(i: int) -> dict[str, str]:
    names = {"name": f"r{i}-name", "control": f"r{i}-control", "besieged": f"r{i}-besieged",
             "fp-characters": f"r{i}-fp-characters", "sh-characters": f"r{i}-sh-characters",
             "sh-nazgul": f"r{i}-sh-nazgul"}
    for side in ("fp", "sh"):
        for j in range(NATION_LINES):
            for what in ("nation", "regular", "elite", "leader"):
                if side == "sh" and what == "leader":
                    continue
                names[f"{side}{j}-{what}"] = f"r{i}-{side}{j}-{what}"
    return names


FELLOWSHIP_FIELDS = {"region": ("fel-region", "region"), "progress": ("fel-progress", "int"),
                     "hidden": ("fel-hidden", "hidden"), "corruption": ("fel-corruption", "int"),
                     "guide": ("fel-guide", "character"), "companions": ("fel-companions", "characters"),
                     "mordor": ("fel-mordor", "int")}
HUNT_FIELDS = {"shadow": "hunt-shadow", "free_peoples": "hunt-free_peoples", "pool": "hunt-pool"}
EXTRA_POSITION, EXTRA_QUESTION = "extra-position", "extra-question"
NONE_WORDS = {"none", "ninguno", "ninguna", "nadie", "nobody", "-"}


# -- form values -> scenario --------------------------------------------------------------

@dataclass
class Built:
    """A scenario built from a form, the field behind each of its paths, and form problems."""

    scenario: dict[str, Any]
    fields: dict[str, str] = field(default_factory=dict)          # scenario path -> field name
    errors: list[tuple[str | None, str]] = field(default_factory=list)  # (field name, message)

    def note(self, path: list, name: str) -> None:
        self.fields[format_path(path)] = name

    def field_for(self, problem_path: str) -> str | None:
        """The form field of the longest scenario path that ``problem_path`` starts with."""
        best, best_len = None, -1
        for path, name in self.fields.items():
            if (problem_path == path or problem_path.startswith(path + ".")
                    or problem_path.startswith(path + "[")) and len(path) > best_len:
                best, best_len = name, len(path)
        return best


_INT = re.compile(r"^\s*[+\-\u2212]?[0-9]+\s*$", re.ASCII)   # what params.int_text may read as a number


def _int_or_text(value: str) -> int | str:
    """Digits become a number (the engine's strict reader); anything else goes to the engine
    as typed (it says what is wrong)."""
    return int_text(value)


def _split(value: str) -> list[str]:
    return [v.strip() for v in value.split(",") if v.strip()]


def _convert(kind: str, raw: str, lang: str, b: Built, name: str) -> Any:
    if kind == "int":
        return _int_or_text(raw)
    if kind == "ints":
        return [_int_or_text(v) for v in _split(raw)]
    if kind == "tile":
        return _int_or_text(raw)
    if kind in ("characters", "words"):
        return [] if raw.strip().lower() in NONE_WORDS else _split(raw)
    if kind == "bool":
        return {"yes": True, "no": False}.get(raw, raw)
    if kind == "hidden":
        return {"yes": True, "no": False}.get(raw, raw)
    if kind == "yaml":
        return _yaml(raw, lang, b, name)
    if kind == "hand":
        return _convert_col(kind, raw)
    return raw.strip()   # text, choice, keywords (the engine reads "Doomed 2, Surge" itself)


_NO_VALUE = object()


def _yaml(text: str, lang: str, b: Built, name: str) -> Any:
    """A YAML box, read by the engine's bounded loader; its problems land on the box."""
    try:
        return load_text(text)
    except ScenarioInvalid as exc:
        for problem in exc.as_dicts(lang):
            b.errors.append((name, f"{problem['path']}: {problem['message']}" if problem["path"] else problem["message"]))
        return _NO_VALUE


def _set(target: dict, dotted: str, value: Any) -> None:
    parts = dotted.split(".")
    for p in parts[:-1]:
        target = target.setdefault(p, {})
    target[parts[-1]] = value


def _merge(base: dict, extra: dict) -> None:
    """Add ``extra`` into ``base``; the form's own fields win over the YAML boxes."""
    for key, value in extra.items():
        if isinstance(value, dict) and isinstance(base.get(key), dict):
            _merge(base[key], value)
        elif key not in base:
            base[key] = value


def scenario_from_form(spec: KindForm, form: Any, lang: str) -> Built:
    """Build the scenario a filled-in form describes (empty fields are left out)."""
    get = lambda name: (form.get(name) or "").strip()  # noqa: E731
    question: dict[str, Any] = {"kind": spec.kind}
    b = Built({"game": spec.game, "lang": lang})
    title = get("title")
    if title:
        b.scenario["title"] = title
        b.note(["title"], "title")
    position: dict[str, Any] = {}

    for f in spec.fields:
        if f.type == "recruits":
            rows = []
            for i in range(RECRUIT_ROWS):
                unit, region = get(f"q-recruit-{i}-unit"), get(f"q-recruit-{i}-region")
                if not (unit or region):
                    continue
                row = {}
                if unit:
                    row["unit"] = unit
                if region:
                    row["region"] = region
                b.note(["question", "recruit", len(rows)], f"q-recruit-{i}-unit")
                b.note(["question", "recruit", len(rows), "region"], f"q-recruit-{i}-region")
                rows.append(row)
            if rows:
                question["recruit"] = rows
            b.note(["question", "recruit"], "q-recruit-0-unit")
            continue
        if f.type == "rows":
            cards = []
            for i, row in _read_rows(f.rows, get, b):
                b.note(["question", f.key, len(cards)], f.rows.name(i, f.rows.cols[0].key))
                for col in row:
                    b.note(["question", f.key, len(cards), col], f.rows.name(i, col))
                cards.append(row)
            b.note(["question", f.key], f.rows.name(0, f.rows.cols[0].key))
            if cards:
                question[f.key] = cards
            continue
        raw = get(f.name)
        parts = f.key.split(".")
        if len(parts) > 1 and format_path(["question", parts[0]]) not in b.fields:
            b.note(["question", parts[0]], f.name)   # a problem with the whole mapping: its first field
        b.note(["question", *parts], f.name)
        if raw == "":
            continue
        value = _convert(f.type, raw, lang, b, f.name)
        if value is not _NO_VALUE:
            _set(question, f.key, value)

    if REGIONS in spec.parts:
        regions = _regions(form, b)
        if regions:
            position["regions"] = regions
    if POLITICS in spec.parts:
        politics = {}
        for k in range(POLITICS_ROWS):
            nation, state = get(f"pol{k}-nation"), get(f"pol{k}-state")
            if not nation and not state:
                continue
            if not nation:
                b.errors.append((f"pol{k}-nation", translate(lang, "core.err_required")))
                continue
            if not state:
                b.errors.append((f"pol{k}-state", translate(lang, "core.err_required")))
                continue
            if nation in politics:
                b.errors.append((f"pol{k}-nation", translate(lang, "core.err_duplicate", value=nation)))
                continue
            politics[nation] = _political_state(state)
            b.note(["position", "politics", nation], f"pol{k}-state")
        if politics:
            position["politics"] = politics
    if FELLOWSHIP in spec.parts:
        fel: dict[str, Any] = {}
        for key in spec.fellowship_fields:
            name, kind = FELLOWSHIP_FIELDS[key]
            b.note(["position", "fellowship", key], name)
            raw = get(name)
            if raw:
                fel[key] = _convert(kind, raw, lang, b, name)
        if fel:
            position["fellowship"] = fel
    if HUNT in spec.parts:
        box = {}
        for key in ("shadow", "free_peoples"):
            b.note(["position", "hunt", "box", key], HUNT_FIELDS[key])
            if get(HUNT_FIELDS[key]):
                box[key] = _int_or_text(get(HUNT_FIELDS[key]))
        hunt: dict[str, Any] = {"box": box} if box else {}
        b.note(["position", "hunt", "pool"], HUNT_FIELDS["pool"])
        if get(HUNT_FIELDS["pool"]):
            hunt["pool"] = [_int_or_text(v) for v in _split(get(HUNT_FIELDS["pool"]))]
        if hunt:
            position["hunt"] = hunt
    if TURN in spec.parts and get("turn-phase"):
        b.note(["position", "turn", "phase"], "turn-phase")
        position["turn"] = {"phase": _int_or_text(get("turn-phase"))}

    if CG_PLAYERS in spec.parts:
        players = []
        for i, row in _read_rows(CG_PLAYER_ROWS, get, b):
            _note_row(b, ["position", "players", len(players)], CG_PLAYER_ROWS, i, row)
            players.append(row)
        b.note(["position", "players"], CG_PLAYER_ROWS.name(0, "name"))
        if CG_RESERVES in spec.parts:
            _reserves(get, b, players)
        if players:
            position["players"] = players
    if CG_PATH in spec.parts:
        _card_game_path(get, b, position)
    if CG_BATTLEGROUNDS in spec.parts:
        _battlegrounds(get, b, position)
    if LCG_PLAYERS in spec.parts:
        _lcg_players(get, b, position)
    if LCG_IN_PLAY in spec.parts:
        cards = []
        for i, row in _read_rows(LCG_CARD_ROWS, get, b):
            card = {k: v for k, v in row.items() if k not in ("progress", "resource")}
            tokens = {k: row[k] for k in ("progress", "resource") if k in row}
            if tokens:
                card["tokens"] = tokens
            base = ["position", "in_play", len(cards)]
            _note_row(b, base, LCG_CARD_ROWS, i, row)
            for k in tokens:
                b.note([*base, "tokens", k], LCG_CARD_ROWS.name(i, k))
            cards.append(card)
        b.note(["position", "in_play"], LCG_CARD_ROWS.name(0, "name"))
        if cards:
            position["in_play"] = cards
        b.note(["position", "under_orcs_search"], "lcg-under")
        if get("lcg-under"):
            position["under_orcs_search"] = _split(get("lcg-under"))

    for name, target in ((EXTRA_POSITION, position), (EXTRA_QUESTION, question)):
        text = form.get(name) or ""
        if not text.strip():
            continue
        extra = _yaml(text, lang, b, name)
        if extra is _NO_VALUE:
            continue
        if not isinstance(extra, dict):
            b.errors.append((name, translate(lang, "core.err_type_mapping")))
            continue
        _merge(target, extra)
        # Problems inside the YAML boxes land on the box (unless a field claims the path).
        b.note(["position" if name == EXTRA_POSITION else "question"], name)

    for key in spec.card_refs:
        _card_reference(question, key, position)
    b.scenario["position"] = position
    b.scenario["question"] = question
    return b


def _card_reference(question: dict, key: str, position: dict) -> None:
    """A card given by its name alone that names a card in play (or under The Orcs' Search)
    is sent as that name, so the engine uses the card in play rather than a blank one.
    ``question[key]`` is one card or a list of them."""
    from adjudicator import names

    value = question.get(key)
    if isinstance(value, list):
        for i in range(len(value)):
            holder = {key: value[i]}
            _card_reference(holder, key, position)
            value[i] = holder[key]
        return
    if not (isinstance(value, dict) and set(value) == {"name"} and isinstance(value["name"], str)):
        return
    known = [c.get("name") if isinstance(c, dict) else c for c in position.get("in_play") or []
             if isinstance(c, (dict, str))] if isinstance(position.get("in_play"), list) else []
    if isinstance(position.get("under_orcs_search"), list):
        known += position["under_orcs_search"]
    wanted = names.normalize(value["name"])
    if any(isinstance(n, str) and names.normalize(n) == wanted for n in known):
        question[key] = value["name"]


def _read_rows(rows: Rows, get, b: Built) -> list[tuple[int, dict[str, Any]]]:
    """The rows with any value, as (row number, mapping of the given columns, typed)."""
    lang = b.scenario["lang"]
    out = []
    for i in range(rows.count):
        raw = {c.key: get(rows.name(i, c.key)) for c in rows.cols}
        if not any(raw.values()):
            continue
        first = rows.cols[0].key
        if not raw[first]:
            b.errors.append((rows.name(i, first), translate(lang, "core.err_required")))
            continue
        row: dict[str, Any] = {}
        for c in rows.cols:
            value = raw[c.key]
            if value:
                row[c.key] = _convert_col(c.type, value)
        out.append((i, row))
    return out


def _convert_col(kind: str, raw: str) -> Any:
    if kind == "int":
        return _int_or_text(raw)
    if kind == "words":
        return [] if raw.strip().lower() in NONE_WORDS else _split(raw)
    if kind == "hand":    # a count, or the cards' names
        return _int_or_text(raw) if _INT.match(raw) else _split(raw)
    return raw.strip()   # text, choice, keywords (the engine reads "Doomed 2, Surge" itself)


def _note_row(b: Built, base: list, rows: Rows, i: int, row: dict) -> None:
    b.note(base, rows.name(i, rows.cols[0].key))
    for key in row:
        b.note([*base, key], rows.name(i, key))


def _areas(rows: Rows, get, b: Built, base: list) -> dict[str, Any]:
    """Card rows (name, side, type, ...) as the two sides' areas of a path or battleground."""
    lang = b.scenario["lang"]
    areas: dict[str, dict[str, list]] = {}
    for i, row in _read_rows(rows, get, b):
        side, kind = row.pop("side", None), row.pop("kind", None)
        bad = False
        for key, value, allowed in (("side", side, SIDE_KEYS), ("kind", kind, AREA_OF_KIND)):
            if value is None:
                b.errors.append((rows.name(i, key), translate(lang, "core.err_required")))
                bad = True
            elif value not in allowed:
                b.errors.append((rows.name(i, key), translate(lang, "core.err_choice", value=value,
                                                             options=", ".join(allowed))))
                bad = True
        if bad:
            continue
        cards = areas.setdefault(SIDE_KEYS[side], {}).setdefault(AREA_OF_KIND[kind], [])
        _note_row(b, [*base, SIDE_KEYS[side], AREA_OF_KIND[kind], len(cards)], rows, i, row)
        cards.append(row)
    return areas


def _reserves(get, b: Built, players: list[dict]) -> None:
    """Reserve rows (card, player, type...) into each player's `reserve` area."""
    from adjudicator import names
    from flask_babel import gettext

    lang = b.scenario["lang"]
    index = {names.normalize(str(p["name"])): k for k, p in enumerate(players)}
    for i, row in _read_rows(RESERVE_ROWS, get, b):
        owner, kind = row.pop("owner", None), row.pop("kind", None)
        k = index.get(names.normalize(owner)) if owner else None
        if k is None:
            b.errors.append((RESERVE_ROWS.name(i, "owner"), gettext("Name one of the players above.")))
            continue
        if kind not in AREA_OF_KIND:
            b.errors.append((RESERVE_ROWS.name(i, "kind"), translate(lang, "core.err_required") if kind is None
                             else translate(lang, "core.err_choice", value=kind, options=", ".join(AREA_OF_KIND))))
            continue
        cards = players[k].setdefault("reserve", {}).setdefault(AREA_OF_KIND[kind], [])
        _note_row(b, ["position", "players", k, "reserve", AREA_OF_KIND[kind], len(cards)], RESERVE_ROWS, i, row)
        cards.append(row)


def _card_game_path(get, b: Built, position: dict) -> None:
    lang = b.scenario["lang"]
    name, defence = get("path-name"), get("path-defence")
    base = ["position", "active_path"]
    b.note(base, "path-name")
    b.note([*base, "name"], "path-name")
    b.note([*base, "defence"], "path-defence")
    areas = _areas(PATH_CARD_ROWS, get, b, base)
    if name:
        path: dict[str, Any] = {"name": name}
        if defence:
            path["defence"] = _int_or_text(defence)
        path.update(areas)
        position["active_path"] = path
    elif defence or areas:
        b.errors.append(("path-name", translate(lang, "core.err_required")))
    b.note(["position", "paths_activated"], "paths-activated")
    if get("paths-activated"):
        position["paths_activated"] = _split(get("paths-activated"))


def _battlegrounds(get, b: Built, position: dict) -> None:
    lang = b.scenario["lang"]
    grounds: dict[str, Any] = {}
    for k in range(BATTLEGROUNDS):
        name, shields = get(f"bg{k}-name"), get(f"bg{k}-shields")
        base = ["position", "battlegrounds", name]
        areas = _areas(bg_card_rows(k), get, b, base)
        if not name:
            if shields or areas:
                b.errors.append((f"bg{k}-name", translate(lang, "core.err_required")))
            continue
        if name in grounds:
            b.errors.append((f"bg{k}-name", translate(lang, "core.err_duplicate", value=name)))
            continue
        b.note(base, f"bg{k}-name")
        b.note([*base, "shields"], f"bg{k}-shields")
        ground: dict[str, Any] = {}
        if shields:
            ground["shields"] = _int_or_text(shields)
        ground.update(areas)
        grounds[name] = ground
    b.note(["position", "battlegrounds"], "bg0-name")
    if grounds:
        position["battlegrounds"] = grounds


def _lcg_players(get, b: Built, position: dict) -> None:
    count = get("lcg-players")
    players = []
    for i, row in _read_rows(LCG_PLAYER_ROWS, get, b):
        _note_row(b, ["position", "players", len(players)], LCG_PLAYER_ROWS, i, row)
        players.append(row if "threat" in row else row["name"])
    b.note(["position", "players"], "lcg-players" if count or not players else LCG_PLAYER_ROWS.name(0, "name"))
    if players and count:
        from flask_babel import gettext
        b.errors.append(("lcg-players", gettext("Give the number of players or their names below, not both.")))
    elif players:
        position["players"] = players
    elif count:
        position["players"] = _int_or_text(count)
    b.note(["position", "first_player"], "lcg-first-player")
    if get("lcg-first-player"):
        position["first_player"] = _int_or_text(get("lcg-first-player"))


def _political_state(state: str) -> Any:
    if state == "at-war":
        return "at-war"
    steps, _, activity = state.partition("-")
    if steps.isascii() and steps.isdigit() and activity in ("active", "passive"):
        return {"steps": strict_int(steps), "active": activity == "active"}
    return state  # not one of ours: the engine explains


def _regions(form: Any, b: Built) -> dict[str, Any]:
    get = lambda name: (form.get(name) or "").strip()  # noqa: E731
    regions: dict[str, Any] = {}
    lang = b.scenario["lang"]
    for i in range(REGION_ROWS):
        n = region_row_names(i)
        values = {k: get(v) for k, v in n.items()}
        if not any(values.values()):
            continue
        region = values["name"]
        if not region:
            b.errors.append((n["name"], translate(lang, "core.err_required")))
            continue
        if region in regions:
            b.errors.append((n["name"], translate(lang, "core.err_duplicate_region", value=region)))
            continue
        base = ["position", "regions", region]
        b.note(base, n["name"])
        entry: dict[str, Any] = {}
        for key in ("control", "besieged"):
            b.note([*base, key], n[key])
            if values[key]:
                entry[key] = values[key]
        for side, prefix in (("free_peoples", "fp"), ("shadow", "sh")):
            army: dict[str, Any] = {}
            b.note([*base, side], n[f"{prefix}0-nation"])
            for j in range(NATION_LINES):
                nation = values[f"{prefix}{j}-nation"]
                counts = {}
                for unit in ("regular", "elite", "leader"):
                    key = f"{prefix}{j}-{unit}"
                    if key in values and values[key]:
                        counts[unit] = _int_or_text(values[key])
                if not nation:
                    if counts:
                        b.errors.append((n[f"{prefix}{j}-nation"], translate(lang, "core.err_required")))
                    continue
                if nation in army:
                    b.errors.append((n[f"{prefix}{j}-nation"], translate(lang, "core.err_duplicate", value=nation)))
                    continue
                army[nation] = counts
                b.note([*base, side, nation], n[f"{prefix}{j}-nation"])
                for unit in counts:
                    b.note([*base, side, nation, unit], n[f"{prefix}{j}-{unit}"])
            if prefix == "sh":
                b.note([*base, side, "nazgul"], n["sh-nazgul"])
                if values["sh-nazgul"]:
                    army["nazgul"] = _int_or_text(values["sh-nazgul"])
            b.note([*base, side, "characters"], n[f"{prefix}-characters"])
            if values[f"{prefix}-characters"]:
                army["characters"] = _split(values[f"{prefix}-characters"])
            if army:
                entry[side] = army
        regions[region] = entry
    return regions


def all_labels() -> set[str]:
    """Every English msgid the form specs show (for the catalogue completeness test)."""
    out = set(GAME_TITLES.values())
    for groups in (SIDE_CHOICES, DIE_FACES, POLITICAL_EVENTS, UNIT_CHOICES, POLITICAL_STATES, HIDDEN_CHOICES, YES_NO,
                   CARD_KINDS, LCG_TYPES):
        out.update(label for _, label in groups)
    for rows in (THEN_ROWS, ATTACKER_ROWS, DEFENDER_ROWS, CG_PLAYER_ROWS, RESERVE_ROWS, PATH_CARD_ROWS, bg_card_rows(0), LCG_PLAYER_ROWS,
                 LCG_CARD_ROWS):
        out.update(c.label for c in rows.cols)
    for spec in FORMS:
        out.add(spec.title)
        if spec.help:
            out.add(spec.help)
        for f in spec.fields:
            out.add(f.label)
            if f.help:
                out.add(f.help)
            out.update(label for _, label in f.choices)
    return out


def region_names(lang: str) -> list[str]:
    """Region names in ``lang`` for the <datalist> (the engine accepts both languages)."""
    return sorted((r["name"][lang] for r in data.regions().values()), key=str.casefold)


def character_names(lang: str) -> list[str]:
    return sorted((c["name"][lang] for c in data.characters().values()), key=str.casefold)


def nations_of(side: str | None, lang: str) -> list[tuple[str, str]]:
    return [(nid, n["name"][lang]) for nid, n in data.nations().items() if side is None or n["side"] == side]
