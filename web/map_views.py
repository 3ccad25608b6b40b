"""``/<lang>/map``: the whole board, and ``?region=<name>`` to find a region and its
neighbours (the regions one step of a move may enter; the rules say whether it can).

The page is also where the map component (:mod:`web.boardmap`) is seen on its own: a
tapped region fills the box (``data-target``), and without JavaScript the box is typed.
"""
from __future__ import annotations

from flask import Blueprint, render_template, request

from adjudicator import data, names
from web import boardmap

bp = Blueprint("board", __name__)
MAX_NAME_CHARS = 60


@bp.get("/<lang>/map")
def board_page(lang: str):
    typed = (request.args.get("region") or "").strip()[:MAX_NAME_CHARS]
    region = names.regions().lookup(typed) if typed else None
    roles = {}
    if region:
        roles = {n: "reachable" for n in data.regions()[region]["adjacent"]}
        roles[region] = "from"
    suggestions = [] if region or not typed else [
        data.regions()[r]["name"][lang] for r in names.regions().suggest_ids(typed)]
    board = boardmap.board(lang, roles=roles, target="map-region", map_id="map", tap_neighbours=True)
    return render_template("board.html", board=board, typed=typed, region=region,
                           region_name=data.regions()[region]["name"][lang] if region else None,
                           suggestions=suggestions,
                           region_names=sorted(r["name"][lang] for r in data.regions().values())), \
        (200 if region or not typed else 400)
