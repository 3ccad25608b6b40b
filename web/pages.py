"""``/`` sends the browser to its language; ``/<lang>/`` lists the questions of each game."""
from __future__ import annotations

from flask import Blueprint, redirect, render_template

from web import engine, forms
from web.i18n import browser_lang

bp = Blueprint("pages", __name__)


@bp.get("/")
def root():
    response = redirect(f"/{browser_lang()}/", code=302)
    response.headers["Vary"] = "Accept-Language"
    return response


@bp.get("/<lang>")
def lang_without_slash(lang: str):
    return redirect(f"/{lang}/", code=301)


@bp.get("/<lang>/")
def start(lang: str):
    games = []
    for game in engine.games():
        questions = [forms.form_for(game, kind) for kind in engine.kinds(game)]
        games.append({"id": game, "title": forms.GAME_TITLES[game], "questions": questions})
    return render_template("start.html", games=games)
