"""The board map (web/boardmap.py): the SVG itself, a ruling's regions, and the pages that
show it (the ruling page, /<lang>/map), through Flask's test client."""
from __future__ import annotations

import gzip
import re
import xml.etree.ElementTree as ET
from html import unescape

import pytest

from adjudicator import api, data
from web import boardmap, permalink

SVG = "{http://www.w3.org/2000/svg}"
ARMY_MOVE = {"game": "war-of-the-ring", "lang": "en",
             "position": {"regions": {"Westemnet": {"shadow": {"isengard": {"regular": 4}}},
                                      "Edoras": {"free_peoples": {"rohan": {"regular": 1, "leader": 1}}}},
                          "politics": {"rohan": "at-war", "isengard": "at-war"}},
             "question": {"kind": "army-move", "from": "Westemnet", "to": "Edoras"}}
HUNT = {"game": "war-of-the-ring", "position": {"fellowship": {"region": "Moria"}, "hunt": {"box": 3}},
        "question": {"kind": "hunt-roll"}}
RETREAT = {"game": "war-of-the-ring",
           "position": {"regions": {"Osgiliath": {"free_peoples": {"gondor": {"regular": 2}}}}},
           "question": {"kind": "retreat", "from": "Osgiliath", "to": "Lossarnach"}}


def parse(svg) -> ET.Element:
    """The SVG as XML: it must be well-formed (escaping included) to parse at all."""
    return ET.fromstring(str(svg))


def regions_of(root: ET.Element) -> dict[str, ET.Element]:
    found = [e for e in root.iter() if "data-region" in e.attrib]
    ids = [e.get("data-region") for e in found]
    assert len(ids) == len(set(ids)), "a region drawn twice"
    return dict(zip(ids, found, strict=True))


def text_of(element: ET.Element, cls: str) -> str | None:
    for t in element.iter(f"{SVG}text"):
        if cls in t.get("class", "").split():
            return t.text
    return None


def title_of(element: ET.Element) -> str:
    return element.find(f"{SVG}title").text


def page_text(response) -> str:
    return unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.get_data(as_text=True))))


# -- the SVG ---------------------------------------------------------------------------------------

def test_every_region_is_drawn_once_with_its_shape_and_every_border_is_a_line():
    root = parse(boardmap.board_svg("en"))
    drawn = regions_of(root)
    assert set(drawn) == set(data.regions())
    for rid, g in drawn.items():
        kind = data.regions()[rid]["settlement"] or "none"
        assert f"k-{kind}" in g.get("class").split()
        assert g.find(f"{SVG}use").get("href") == f"#map-k-{kind}"
        assert g.get("fill") == boardmap.NATION_FILLS[data.regions()[rid]["nation"]]
    d = "".join(p.get("d") for p in root.iter(f"{SVG}path") if "edges" in p.get("class", ""))
    segments = re.findall(r"M(\d+) (\d+) (\d+) (\d+)", d)
    assert len(segments) == 232
    # each segment joins the centres of two adjacent regions
    at = {boardmap.spot(r): r for r in data.regions()}
    for x1, y1, x2, y2 in segments:
        a, b = at[(int(x1), int(y1))], at[(int(x2), int(y2))]
        assert b in data.regions()[a]["adjacent"]


def test_the_svg_names_itself_and_starts_as_a_picture():
    root = parse(boardmap.board_svg("en"))
    assert root.get("role") == "img"
    title = root.find(f"{SVG}title")
    assert root.get("aria-labelledby") == title.get("id") and title.text == "Map of the board"
    assert root.get("viewBox") == f"0 0 {boardmap.board_width()} {boardmap.BOARD_H}"


def test_roles_become_data_role_marks_and_words(app):
    roles = {"osgiliath": "from", "lossarnach": "to", "pelargir": "reachable", "dead-marshes": "blocked",
             "south-ithilien": "path"}
    with app.test_request_context("/es/"):
        root = parse(boardmap.board_svg("es", roles=roles))
    drawn = regions_of(root)
    for rid, g in drawn.items():
        assert g.get("data-role") == roles.get(rid), rid
        marks = [u.get("href") for u in g.iter(f"{SVG}use")][1:]
        assert marks == ([f"#map-m-{roles[rid]}"] if rid in roles else [])
    # the role is in words too, not only a colour: the region's title says it
    assert title_of(drawn["osgiliath"]) == "Osgiliath · Fortificación · Desde"
    assert title_of(drawn["lossarnach"]).endswith("· Hasta")
    assert title_of(drawn["pelargir"]).endswith("· Al alcance")
    assert title_of(drawn["dead-marshes"]).endswith("· Bloqueada")
    assert title_of(drawn["south-ithilien"]).endswith("· Camino")
    # the border between the start and the end of the move stands out
    hot = [p.get("d") for p in root.iter(f"{SVG}path") if p.get("class") == "edges hot"]
    (ox, oy), (lx, ly) = boardmap.spot("osgiliath"), boardmap.spot("lossarnach")
    assert hot and (f"M{lx} {ly} {ox} {oy}" in hot[0] or f"M{ox} {oy} {lx} {ly}" in hot[0])


def test_names_are_in_the_page_language(app):
    for lang, name, nation, kind in (("en", "Helm's Deep", "Rohan", "Stronghold"),
                                     ("es", "Abismo de Helm", "Rohan", "Baluarte")):
        with app.test_request_context(f"/{lang}/"):
            g = regions_of(parse(boardmap.board_svg(lang)))["helms-deep"]
        assert text_of(g, "l") == name
        assert title_of(g) == f"{name} · {nation} · {kind}"
    with app.test_request_context("/es/"):
        g = regions_of(parse(boardmap.board_svg("es")))["the-shire"]
    assert text_of(g, "l") == data.regions()["the-shire"]["name"]["es"]


def test_text_and_attributes_are_escaped():
    nasty = '<script>alert("x")</script> & \'q\''
    svg = boardmap.board_svg("en", armies={"edoras": nasty}, target='q-from" onclick="boom')
    assert "<script>" not in svg and 'onclick="boom' not in svg
    root = parse(svg)                            # still well-formed
    g = regions_of(root)["edoras"]
    assert text_of(g, "a") == nasty              # and says exactly what it was given
    assert nasty in title_of(g)
    assert root.get("data-target") == 'q-from" onclick="boom'


def test_bad_arguments_are_programming_errors():
    with pytest.raises(ValueError, match="unknown roles"):
        boardmap.board_svg("en", roles={"edoras": "sideways"})
    with pytest.raises(ValueError, match="unknown region"):
        boardmap.board_svg("en", focus=["atlantis"])
    with pytest.raises(ValueError, match="map_id"):
        boardmap.board_svg("en", map_id='x" onload="y')


@pytest.mark.parametrize("focus", [["edoras"], ["osgiliath", "lossarnach"], ["grey-havens", "barad-dur"],
                                   ["the-shire", "dol-amroth", "east-rhun"], ["far-harad"]])
def test_the_close_up_holds_the_regions_in_play_inside_the_board(focus):
    x, y, w, h = boardmap.view_box(focus)
    assert 0 <= x and 0 <= y and x + w <= boardmap.board_width() and y + h <= boardmap.BOARD_H
    assert w >= boardmap.CLOSE_UP_MIN[0] or w == boardmap.board_width()
    for region in focus:
        px, py = boardmap.spot(region)
        assert x < px < x + w and y < py < y + h, region
    root = parse(boardmap.board_svg("en", focus=focus))
    assert root.get("viewBox") == f"{x} {y} {w} {h}"


def test_a_close_up_is_smaller_than_the_board_and_no_focus_is_the_whole_board():
    assert boardmap.view_box([]) == (0, 0, boardmap.board_width(), boardmap.BOARD_H)
    x, y, w, h = boardmap.view_box(["edoras", "helms-deep"])
    assert w * h < boardmap.board_width() * boardmap.BOARD_H / 4


def test_candidates_and_target_are_attributes_for_the_script():
    root = parse(boardmap.board_svg("en", target="q-to", candidates=["westemnet", "folde", "edoras"]))
    assert root.get("data-target") == "q-to"
    assert root.get("data-candidates") == "edoras folde westemnet"
    assert "data-candidates" not in parse(boardmap.board_svg("en")).attrib


def test_candidates_within_a_number_of_steps():
    assert boardmap.candidates_within("edoras", 1) == set(data.regions()["edoras"]["adjacent"])
    two = boardmap.candidates_within("edoras", 2)
    assert "edoras" not in two and "helms-deep" in two      # Edoras - Westemnet - Helm's Deep
    assert boardmap.candidates_within("edoras", 0) == set()


def test_names_laid_out_cover_no_other_name_or_region():
    """The names the server shows (before any script) do not sit on each other or on another
    region's shape, by the layout's own estimate of their size."""
    for lang, roles in (("en", {}), ("es", {"osgiliath": "from", "minas-tirith": "to", "pelargir": "reachable"})):
        size = 30
        places = boardmap.label_places(lang, roles, {}, size)
        boxes = []
        for rid, place in places.items():
            if place == "hidden" or rid in roles:
                continue
            x, y = boardmap.spot(rid)
            w = len(data.regions()[rid]["name"][lang]) * boardmap.CHAR_EM * size
            boxes.append((rid, boardmap._label_box(place, x, y, w, size, boardmap.PLAIN_RADIUS)))
        for i, (a, ba) in enumerate(boxes):
            for b, bb in boxes[i + 1:]:
                assert boardmap._overlap(ba, bb) == 0, (a, b)
            for other in data.regions():
                if other != a:
                    ox, oy = boardmap.spot(other)
                    r = boardmap.PLAIN_RADIUS - 2
                    assert boardmap._overlap(ba, (ox - r, oy - r, ox + r, oy + r)) == 0, (a, other)
        shown = sum(p != "hidden" for p in places.values())
        assert 20 < shown < len(places)        # some names fit on the whole board, not all
        assert all(places[r] != "hidden" for r in roles)


def test_the_svg_is_small():
    """Well under the page budget (100 KB compressed for a form with the map): measured
    here on the whole board with marks and armies, and reported in the lead's notes."""
    svg = str(boardmap.board_svg("es", roles={"osgiliath": "from", "lossarnach": "to", "pelargir": "reachable"},
                                 armies={"osgiliath": "PL 3 · S 5", "minas-tirith": "PL 4"}))
    assert len(svg.encode()) < 40_000
    assert len(gzip.compress(svg.encode(), 6)) < 8_000


# -- a ruling's regions ----------------------------------------------------------------------------

def test_ruling_regions_from_the_question_and_the_verdict():
    move = api.ask(ARMY_MOVE, "en")
    roles = boardmap.ruling_regions(ARMY_MOVE, move)   # the ruling's own regions: its neighbours too
    assert roles["westemnet"] == "from" and roles["edoras"] == "to" and roles["folde"] == "reachable"
    bare = {k: v for k, v in move.items() if k != "regions"}   # without them, read from the question
    assert boardmap.ruling_regions(ARMY_MOVE, bare) == {"westemnet": "from", "edoras": "to"}
    retreat = api.ask(RETREAT, "en")
    roles = boardmap.ruling_regions(RETREAT, retreat)
    assert roles["osgiliath"] == "from" and roles["lossarnach"] == "to"
    assert {r for r, role in roles.items() if role == "reachable"} == \
        set(retreat["verdict"]["destinations"]) - {"lossarnach"}


def test_ruling_regions_of_the_fellowship_muster_and_politics():
    separate = {"game": "war-of-the-ring", "position": {"fellowship": {"region": "Fangorn", "progress": 1}},
                "question": {"kind": "separate-companions", "companions": ["Merry"], "to": "Edoras"}}
    roles = boardmap.ruling_regions(separate, api.ask(separate, "en"))
    assert roles["fangorn"] == "from" and roles["edoras"] == "to" and roles["gap-of-rohan"] == "reachable"
    muster = {"game": "war-of-the-ring", "question": {"kind": "muster", "nation": "enanos",
                                                       "recruit": [{"unit": "regular", "region": "Erebor"}]}}
    assert boardmap.ruling_regions(muster, api.ask(muster, "en")) == {"erebor": "to"}
    politics = {"game": "war-of-the-ring", "question": {"kind": "politics", "nation": "el norte",
                                                         "event": "fellowship-declared", "region": "Valle"}}
    assert boardmap.ruling_regions(politics, api.ask(politics, "en")) == {"dale": "to"}


def test_ruling_regions_none_where_no_region_is_named():
    ring = {"game": "war-of-the-ring", "question": {"kind": "elven-ring", "from": "army", "to": "character",
                                                     "side": "free-peoples"}}
    ruling = {"game": "war-of-the-ring", "question": "elven-ring", "verdict": {}}
    assert boardmap.ruling_regions(ring, ruling) == {}
    hunt = {k: v for k, v in api.ask(HUNT, "en").items() if k != "regions"}
    assert boardmap.ruling_regions(HUNT, hunt) == {}
    card = {"game": "wotr-card-game", "question": {"kind": "pass", "from": "Edoras"}}
    assert boardmap.ruling_regions(card, {"game": "wotr-card-game", "question": "pass", "verdict": {}}) == {}


def test_a_ruling_s_own_regions_win_and_are_checked():
    ruling = api.ask(ARMY_MOVE, "en") | {"regions": {"edoras": "to", "folde": "reachable", "atlantis": "from",
                                                      "westemnet": "sideways"}}
    assert boardmap.ruling_regions(ARMY_MOVE, ruling) == {"edoras": "to", "folde": "reachable"}


def test_position_armies_count_units_then_other_figures(app):
    with app.test_request_context("/es/"):
        armies = boardmap.position_armies(ARMY_MOVE, "es")
    assert armies == {"westemnet": "S 4", "edoras": "PL 1+1"}
    assert boardmap.position_armies({"game": "war-of-the-ring"}, "en") == {}


# -- the pages -------------------------------------------------------------------------------------

def test_a_war_of_the_ring_ruling_shows_its_regions_on_the_map(client):
    for lang, role_word in (("en", "From:"), ("es", "Desde:")):
        html = client.get(f"/{lang}/r/{permalink.encode(ARMY_MOVE)}").get_data(as_text=True)
        svg = re.search(r"<svg[^>]*class=\"board-map\".*?</svg>", html, re.S).group(0)
        drawn = regions_of(parse(svg))
        assert drawn["westemnet"].get("data-role") == "from"
        assert drawn["edoras"].get("data-role") == "to"
        # the regions the army could step into, beside the one asked about
        assert {r for r, g in drawn.items() if g.get("data-role") == "reachable"} >= {"folde", "eastemnet"}
        # the armies of the position, and the list that reads without JavaScript
        assert text_of(drawn["westemnet"], "a") == "S 4"
        legend = unescape(re.sub(r"<[^>]+>|\s+", " ", re.search(r'<ul class="map-legend" id="map-legend">.*?</ul>',
                                                                  html, re.S).group(0)))
        name = data.regions()["westemnet"]["name"][lang]
        assert re.search(rf"{role_word}\s+{name} \(S 4\)", legend), legend
        assert '<script src="/static/map.js" defer></script>' in html


def test_the_map_shows_only_for_war_of_the_ring_rulings_that_name_a_region(client):
    card = {"game": "wotr-card-game", "question": {"kind": "pass", "player": "Ana"},
            "position": {"players": [{"name": "Ana", "side": "free-peoples", "hand": 1},
                                     {"name": "Ben", "side": "shadow", "hand": 4}]}}
    for scenario in (card,):
        response = client.get(f"/en/r/{permalink.encode(scenario)}")
        assert response.status_code == 200
        assert "board-map" not in response.get_data(as_text=True)


def test_the_key_names_every_shape_and_nation_in_the_page_language(client):
    html = client.get("/es/map").get_data(as_text=True)
    found = re.search(r'<details class="map-key">.*?</details>', html, re.S).group(0)
    key = unescape(re.sub(r"<[^>]+>|\s+", " ", found))
    for word in ("Baluarte", "Ciudad", "Villa", "Fortificación", "Sin asentamiento", "Sin nación"):
        assert f" {word} " in key, word
    for nation in data.nations().values():
        assert f" {nation['name']['es']} " in key


def test_the_map_markup_runs_nothing_inline(client):
    html = client.get(f"/en/r/{permalink.encode(RETREAT)}").get_data(as_text=True)
    assert "board-map" in html
    assert not re.search(r"<script(?![^>]*\bsrc=)", html), "inline script"
    assert not re.search(r"\son[a-z]+=", html), "inline event handler"
    assert not re.search(r"\sstyle=", html), "inline style (the CSP forbids it)"


def test_the_board_page_finds_a_region_and_its_neighbours(client):
    response = client.get("/en/map")
    assert response.status_code == 200
    root = parse(re.search(r"<svg[^>]*class=\"board-map\".*?</svg>", response.get_data(as_text=True), re.S).group(0))
    assert root.get("data-target") == "map-region"
    assert not any("data-role" in g.attrib for g in regions_of(root).values())
    response = client.get("/es/map?region=abismo de helm")
    drawn = regions_of(parse(re.search(r"<svg[^>]*class=\"board-map\".*?</svg>",
                                       response.get_data(as_text=True), re.S).group(0)))
    assert drawn["helms-deep"].get("data-role") == "from"
    assert {r for r, g in drawn.items() if g.get("data-role") == "reachable"} == {"fords-of-isen", "westemnet"}
    assert "Al alcance: Oestemnet, Vados del Isen" in page_text(response)


def test_the_board_page_says_when_a_region_is_unknown(client):
    response = client.get("/en/map?region=Edorsa")
    assert response.status_code == 400
    assert "No region is called “Edorsa”." in page_text(response)
    assert 'href="/en/map?region=Edoras"' in response.get_data(as_text=True)
    assert client.get("/en/map?region=" + "x" * 5000).status_code == 400


def test_a_page_with_the_map_weighs_under_100_kb_compressed(client):
    """The budget of issue 15: the page, its CSS and its scripts, gzip-compressed."""
    def gz(path: str) -> int:
        response = client.get(path)
        body = response.get_data()
        response.close()
        assert response.status_code == 200, path
        return len(gzip.compress(body, 6))

    ruling = (gz(f"/en/r/{permalink.encode(RETREAT)}") + gz("/static/app.css") + gz("/static/app.js")
              + gz("/static/map.js"))
    assert ruling < 100_000
    # a form with the map: today's largest War of the Ring form plus the component
    with client.application.test_request_context("/en/"):
        from flask import render_template_string
        component = render_template_string('{% from "_boardmap.html" import board_map %}{{ board_map(b) }}',
                                           b=boardmap.board("en", target="q-from", armies={"edoras": "FP 3"}))
    form = gz("/en/ask/war-of-the-ring/battle") + len(gzip.compress(component.encode(), 6))
    assert form + gz("/static/app.css") + gz("/static/app.js") + gz("/static/map.js") < 100_000
