"""``/`` sends the browser to its language; ``/<lang>/`` lists the questions, grouped by the
situation a player is in (moving, fighting, the Fellowship and the Hunt ...), then the two
card games."""
from __future__ import annotations

from typing import NamedTuple

from flask import Blueprint, redirect, render_template, send_from_directory

from web import engine, forms
from web.i18n import browser_lang

bp = Blueprint("pages", __name__)

WOTR = "war-of-the-ring"


class Situation(NamedTuple):
    id: str
    title: str          # an English msgid
    kinds: tuple[str, ...]


# The board game's kinds by the moment of play they come up in, each in the order a turn meets
# them; a kind named nowhere still shows, under "Other questions" (tests/web/test_app.py lists it).
SITUATIONS = (
    Situation("movement", "Moving armies and characters", ("army-move", "character-move")),
    Situation("battle", "Battles and sieges", ("battle", "battle-outcome", "retreat", "advance")),
    Situation("fellowship", "The Fellowship and the Hunt", (
        "fellowship-move", "separate-companions", "declare-fellowship", "hide-fellowship", "reveal-fellowship",
        "change-guide", "enter-mordor", "end-of-turn",
        "hunt-allocation", "hunt-roll", "hunt-draw", "hunt-damage", "hunt-casualty")),
    Situation("politics", "Politics, mustering and characters", ("politics", "muster", "bring-into-play")),
    Situation("dice", "Action dice and Elven Rings", ("action-dice", "elven-ring")),
    Situation("cards", "Event cards", ("event-card", "draw-cards")),
    Situation("victory", "Victory", ("victory",)),
)


def situations(kinds: list[str]) -> list[dict]:
    """The board game's registered kinds by situation (empty groups left out)."""
    out, placed = [], set()
    for s in SITUATIONS:
        present = [k for k in s.kinds if k in kinds]
        placed.update(present)
        if present:
            out.append({"id": s.id, "title": s.title, "questions": [forms.form_for(WOTR, k) for k in present]})
    rest = [k for k in kinds if k not in placed]
    if rest:
        out.append({"id": "other", "title": "Other questions", "questions": [forms.form_for(WOTR, k) for k in rest]})
    return out


@bp.get("/")
def root():
    response = redirect(f"/{browser_lang()}/", code=302)
    response.headers["Vary"] = "Accept-Language"
    return response


@bp.get("/favicon.ico")
def favicon():
    """Browsers ask for /favicon.ico where a page names no icon (an API answer, a plain file)."""
    from pathlib import Path

    response = send_from_directory(Path(__file__).parent / "static", "favicon.svg", mimetype="image/svg+xml",
                                   max_age=86400)
    return response


@bp.get("/<lang>")
def lang_without_slash(lang: str):
    return redirect(f"/{lang}/", code=301)


@bp.get("/<lang>/")
def start(lang: str):
    games = []
    for game in engine.games():
        kinds = engine.kinds(game)
        games.append({"id": game, "title": forms.GAME_TITLES[game],
                      "situations": situations(kinds) if game == WOTR else [],
                      "questions": [forms.form_for(game, kind) for kind in kinds]})
    return render_template("start.html", games=games)
