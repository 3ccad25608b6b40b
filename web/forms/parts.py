"""The position parts a form may show (War of the Ring regions, politics, Fellowship, Hunt,
turn; the card game's players, path and battlegrounds; the LCG's players and cards in play):
their field names and the rows they repeat. Labels are English msgids, translated in the
templates through Flask-Babel (a test checks each has a Spanish translation)."""
from __future__ import annotations

from adjudicator.lcg.model import TYPE_ALIASES as LCG_TYPE_ALIASES
from adjudicator.params import SIDE_ALIASES
from web.forms.fields import Col, Rows

# The words the engine reads for a side, as the form's values (free-peoples, shadow).
SIDE_WORDS = tuple((word, side.replace("_", "-")) for word, side in SIDE_ALIASES.items())

REGION_ROWS = 4
NATION_LINES = 2     # nations per side in one region row (e.g. Gondor and Rohan together)
POLITICS_ROWS = 4
UNIT_LINES = 2       # nations in the `units` that move or attack
UNIT_KINDS = ("regular", "elite", "leader")
MAX_UNITS = 30       # a count field's top (the engine checks the real limits)

SIDE_CHOICES = (("free-peoples", "Free Peoples"), ("shadow", "Shadow"))
UNIT_CHOICES = (("regular", "Regular"), ("elite", "Elite"), ("leader", "Leader"), ("nazgul", "Nazgûl"))
POLITICAL_STATES = (("at-war", "At war"), ("1-active", "1 step, active"), ("1-passive", "1 step, passive"),
                    ("2-active", "2 steps, active"), ("2-passive", "2 steps, passive"),
                    ("3-active", "3 steps, active"), ("3-passive", "3 steps, passive"))
HIDDEN_CHOICES = (("yes", "Hidden"), ("no", "Revealed"))
# The Political Track in one tap: the nations not given a row stand where they start, or At War.
POLITICS_PRESETS = (("start", "Start of the game"), ("at-war", "Everyone At War"), ("custom", "Per nation"))
POLITICS_PRESET = "pol-preset"

# -- War of the Ring: The Card Game: cards as rows ------------------------------------------
CARD_KINDS = (("character", "Character"), ("army", "Army"), ("item", "Item"), ("card", "Other card"))
AREA_OF_KIND = {"character": "characters", "army": "armies", "item": "items", "card": "cards"}
SIDE_KEYS = {"free-peoples": "free_peoples", "shadow": "shadow"}
C_NAME = Col("name", "Card")
C_SIDE = Col("side", "Side", "choice", SIDE_CHOICES, aliases=SIDE_WORDS)
C_KIND = Col("kind", "Type", "choice", CARD_KINDS)
C_BEARER = Col("wielder", "Wielder (items)")   # an item's character (the scenario language reads `bearer` too)
CG_PLAYER_ROWS = Rows("cg-player", (Col("name", "Name"), C_SIDE, Col("hand", "Cards in hand", "hand"),
                                   Col("stack_limit", "Carryover limit", "int", max=60),
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
LCG_PLAYER_ROWS = Rows("lcg-player", (Col("name", "Name"), Col("threat", "Threat", "int", max=99)), 4)
LCG_CARD_ROWS = Rows("lcg-card", (C_NAME,
                                  Col("type", "Type", "choice", LCG_TYPES, aliases=tuple(LCG_TYPE_ALIASES.items())),
                                  Col("keywords", "Keywords", "keywords"),
                                  Col("quest_points", "Quest points", "int", max=99),
                                  Col("damage", "Damage", "int", max=99),
                                  Col("progress", "Progress tokens", "int", max=99),
                                  Col("resource", "Resource tokens (Time counters)", "int", max=99),
                                  Col("attachments", "Attachments", "words")), 5)

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


def unit_line_names(field_name: str, j: int) -> dict[str, str]:
    """The fields of line ``j`` of a ``units`` parameter (a nation and its counts)."""
    return {what: f"{field_name}-{j}-{what}" for what in ("nation", *UNIT_KINDS)}


def units_names(field_name: str) -> list[str]:
    names = [n for j in range(UNIT_LINES) for n in unit_line_names(field_name, j).values()]
    return [*names, f"{field_name}-nazgul", f"{field_name}-characters"]


def tile_choices() -> list[tuple[str, str | None, int | str, bool]]:
    """The Hunt tiles to pick from, as (form value, id or None, value, reveal): the standard
    tiles by what they show ("1r": a 1 with the Reveal icon, where 1s come both ways), then
    the special ones by their id (adjudicator/data/hunt_tiles.json)."""
    from adjudicator import data

    tiles = data.hunt_tiles()
    out: list[tuple[str, str | None, int | str, bool]] = []
    for entry in tiles["standard"]:
        value, reveal = entry["value"], entry["reveal"]
        both_ways = len({e["reveal"] for e in tiles["standard"] if e["value"] == value}) > 1
        form_value = f"{value}r" if both_ways and reveal else str(value)
        out.append((form_value, None, value, reveal))
    out += [(tid, tid, t["value"], t["reveal"]) for tid, t in tiles["special"].items()]
    return out


FELLOWSHIP_FIELDS = {"region": ("fel-region", "region"), "progress": ("fel-progress", "int"),
                     "hidden": ("fel-hidden", "hidden"), "corruption": ("fel-corruption", "int"),
                     "guide": ("fel-guide", "character"), "companions": ("fel-companions", "characters"),
                     "mordor": ("fel-mordor", "int")}
HUNT_FIELDS = {"shadow": "hunt-shadow", "free_peoples": "hunt-free_peoples", "pool": "hunt-pool"}
EXTRA_POSITION, EXTRA_QUESTION = "extra-position", "extra-question"
NONE_WORDS = {"none", "ninguno", "ninguna", "nadie", "nobody", "-"}
