"""One form per question kind, generated from the kind's spec; the form's values become a scenario.

- :mod:`web.forms.fields`: the form of each kind, made from its
  :class:`~adjudicator.spec.KindSpec` (fields for its parameters, the position parts it reads);
- :mod:`web.forms.parts`: the position parts' fields and rows (regions, Political Track,
  Fellowship, Hunt; players, paths, battlegrounds; cards in play);
- :mod:`web.forms.build`: the values of a filled-in form -> a scenario, with the field
  behind each of its paths (so each problem is shown beside its field).

The reverse, a scenario back into its form, is :mod:`web.prefill`.
"""
from __future__ import annotations

from adjudicator import data
from adjudicator.spec import Text
from web.forms.build import INT_TEXT, Built, card_reference, scenario_from_form  # noqa: F401
from web.forms.fields import (  # noqa: F401
    CARD_GAME,
    CG_BATTLEGROUNDS,
    CG_PATH,
    CG_PLAYERS,
    CG_RESERVES,
    FELLOWSHIP,
    HUNT,
    LCG,
    LCG_IN_PLAY,
    LCG_PLAYERS,
    POLITICS,
    REGIONS,
    TURN,
    WOTR,
    YES_NO,
    Col,
    Field,
    KindForm,
    Rows,
    form_for,
    forms,
    text,
)
from web.forms.parts import *  # noqa: F401,F403
from web.forms.parts import (
    BG_CARD_COLS,
    CARD_KINDS,
    CG_PLAYER_ROWS,
    HIDDEN_CHOICES,
    LCG_CARD_ROWS,
    LCG_PLAYER_ROWS,
    LCG_TYPES,
    PATH_CARD_ROWS,
    POLITICAL_STATES,
    POLITICS_PRESETS,
    RESERVE_ROWS,
    SIDE_CHOICES,
    UNIT_CHOICES,
)

GAME_TITLES = {WOTR: "War of the Ring", CARD_GAME: "War of the Ring: The Card Game",
               LCG: "The Lord of the Rings: The Card Game"}


def all_labels() -> set[str]:
    """Every English msgid the position parts show (for the catalogue completeness test); the
    question fields' labels come from the kinds' specs, in both languages."""
    out: set[Text | str] = set(GAME_TITLES.values())
    for groups in (SIDE_CHOICES, UNIT_CHOICES, POLITICAL_STATES, HIDDEN_CHOICES, CARD_KINDS, LCG_TYPES,
                   POLITICS_PRESETS):
        out.update(label for _, label in groups)
    for rows in (CG_PLAYER_ROWS, RESERVE_ROWS, PATH_CARD_ROWS, LCG_PLAYER_ROWS, LCG_CARD_ROWS):
        out.update(c.label for c in rows.cols)
    out.update(c.label for c in BG_CARD_COLS)
    return {label for label in out if isinstance(label, str)}


def region_names(lang: str) -> list[str]:
    """Region names in ``lang`` for the <datalist> (the engine accepts both languages)."""
    return sorted((r["name"][lang] for r in data.regions().values()), key=str.casefold)


def character_names(lang: str) -> list[str]:
    return sorted((c["name"][lang] for c in data.characters().values()), key=str.casefold)


def nations_of(side: str | None, lang: str) -> list[tuple[str, str]]:
    return [(nid, n["name"][lang]) for nid, n in data.nations().items() if side is None or n["side"] == side]
