"""The question forms and the ruling page at the table (issue 15), through Flask's test
client: the Political Track in one tap, region rows that take the question's regions, the
units as counts per nation, the Hunt tile picker, the battle's switch to the whole battle,
a position carried to the next question, "change this and ask again", the charts of a
whole battle, and the weight of a form with the map."""
from __future__ import annotations

import gzip
import re
from html import unescape
from urllib.parse import parse_qs, urlparse

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator import api, data, registry
from web import forms, permalink, prefill

GAME = "war-of-the-ring"
SIEGE_POSITION = {"regions": {"Minas Tirith": {"besieged": "free-peoples",
                                               "free_peoples": {"gondor": {"regular": 3, "elite": 1, "leader": 1}},
                                               "shadow": {"sauron": {"regular": 6, "elite": 2}}}}}


def text(response) -> str:
    return unescape(re.sub(r"\s+", " ", response.get_data(as_text=True)))


def asked(client, lang: str, kind: str, values: dict) -> dict:
    response = client.post(f"/{lang}/ask/{GAME}/{kind}", data=values)
    assert response.status_code == 303, text(response)[:1500]
    return permalink.decode(response.headers["Location"].rsplit("/", 1)[1])


def field_error(page: str, name: str) -> str:
    match = re.search(rf'id="{re.escape(name)}-error"[^>]*>(.*?)</div>', page)
    return match.group(1) if match else ""


# -- the Political Track in one tap ----------------------------------------------------------

def test_everyone_at_war_sets_every_nation_and_a_row_still_wins(client):
    values = {"q-from": "Edoras", "q-to": "Westemnet", "r0-name": "Edoras", "r0-fp0-nation": "rohan",
              "r0-fp0-regular": "2", "pol-preset": "at-war", "pol0-nation": "elves", "pol0-state": "1-passive"}
    scenario = asked(client, "en", "army-move", values)
    politics = scenario["position"]["politics"]
    assert list(politics) == list(data.nations())
    assert politics["elves"] == {"steps": 1, "active": False}
    assert all(state == "at-war" for nation, state in politics.items() if nation != "elves")
    # and the form opens again exactly so ("Edit")
    _, again = prefill.form_values(scenario)
    assert again["pol-preset"] == "at-war" and (again["pol0-nation"], again["pol0-state"]) == ("elves", "1-passive")


def test_a_sortie_at_the_start_of_the_game_is_refused_and_the_ruling_says_why(client):
    """The issue's case: the track left at the start, Gondor may not attack; the ruling shows
    the track it used and links to the preset."""
    values = {"q-from": "Minas Tirith", "q-to": "Minas Tirith", "q-type": "sortie", "r0-besieged": "free-peoples",
              "r0-fp0-nation": "gondor", "r0-fp0-regular": "3", "r0-sh0-nation": "sauron", "r0-sh0-regular": "6"}
    response = client.post(f"/en/ask/{GAME}/battle", data=values)
    page = text(client.get(response.headers["Location"]))
    assert "not At War" in page
    given = re.search(r'<dt>Political Track</dt><dd>(.*?)</dd>', page).group(1)
    assert "Start of the game (not given)" in given
    change = re.search(r'href="([^"]+)">Change this and ask again', given).group(1)
    assert change.endswith("&focus=pol-preset") and "/en/ask/war-of-the-ring/battle?from=" in change
    form = text(client.get(change))
    assert re.search(r'<fieldset class="field chips focused" id="pol-preset"', form)
    assert re.search(r'id="pol-preset--0" name="pol-preset" value="start" checked autofocus', form)
    # with everyone At War, the same sortie is fought, and the ruling says so
    at_war = client.post(f"/es/ask/{GAME}/battle", data={**values, "pol-preset": "at-war"})
    page = text(client.get(at_war.headers["Location"]))
    assert re.search(r'<dt>Marcador Político</dt><dd>Todos En Guerra', page)
    assert "Salida" in page


# -- a region typed once --------------------------------------------------------------------

def test_a_row_left_unnamed_takes_from_then_to(client):
    values = {"q-from": "Edoras", "q-to": "Westemnet", "r0-fp0-nation": "rohan", "r0-fp0-regular": "2",
              "r1-sh0-nation": "isengard", "r1-sh0-regular": "3"}
    scenario = asked(client, "en", "army-move", values)
    assert scenario["position"]["regions"] == {"Edoras": {"free_peoples": {"rohan": {"regular": 2}}},
                                               "Westemnet": {"shadow": {"isengard": {"regular": 3}}}}
    # a row that names a region keeps it, and the unnamed one takes what is left
    scenario = asked(client, "en", "army-move", {**values, "r1-name": "Edoras", "r0-name": ""})
    assert set(scenario["position"]["regions"]) == {"Edoras", "Westemnet"}
    assert scenario["position"]["regions"]["Westemnet"] == {"free_peoples": {"rohan": {"regular": 2}}}


def test_a_row_left_unnamed_with_no_region_left_needs_its_name(client):
    values = {"q-from": "Edoras", "q-to": "Westemnet", "r0-name": "Edoras", "r1-name": "Westemnet",
              "r2-fp0-nation": "rohan", "r2-fp0-regular": "1"}
    response = client.post(f"/en/ask/{GAME}/army-move", data=values)
    assert response.status_code == 400
    assert "required" in field_error(text(response), "r2-name")


# -- the units that move: counts per nation, no YAML ----------------------------------------

def test_units_are_counts_per_nation(client):
    values = {"q-from": "Osgiliath", "q-to": "Minas Tirith", "r0-fp0-nation": "gondor", "r0-fp0-regular": "3",
              "r0-fp0-leader": "1", "q-units-0-nation": "gondor", "q-units-0-regular": "2",
              "q-units-1-nation": "rohan"}      # a nation without numbers says nothing
    scenario = asked(client, "en", "army-move", values)
    assert scenario["question"]["units"] == {"gondor": {"regular": 2}}
    ruling = api.ask(scenario, "en")
    assert "question.units" not in ruling["verdict"].get("defaults", [])
    _, again = prefill.form_values(scenario)
    assert again["q-units-0-nation"] == "gondor" and again["q-units-0-regular"] == "2"
    assert "extra-question" not in again


def test_units_over_what_stands_there_are_shown_beside_the_count(client):
    values = {"q-from": "Osgiliath", "q-to": "Minas Tirith", "r0-fp0-nation": "gondor", "r0-fp0-regular": "1",
              "q-units-0-nation": "gondor", "q-units-0-regular": "4", "q-units-1-regular": "1"}
    response = client.post(f"/en/ask/{GAME}/army-move", data=values)
    page = text(response)
    assert response.status_code == 400
    assert "4" in field_error(page, "q-units-0-regular")
    assert "required" in field_error(page, "q-units-1-nation")


def test_units_the_fields_cannot_hold_stay_in_yaml(client):
    scenario = {"game": GAME, "position": SIEGE_POSITION,
                "question": {"kind": "battle", "from": "Minas Tirith", "to": "Minas Tirith",
                             "units": {"gondor": {}, "sauron": {"regular": 1}, "rohan": {"regular": 1}}}}
    _, values = prefill.form_values(scenario)
    assert "units" in values["extra-question"] and not any(k.startswith("q-units-") for k in values)


# -- buttons for choices, a picker for the Hunt tiles ----------------------------------------

def test_small_choices_are_buttons_that_work_without_javascript(client):
    page = client.get(f"/en/ask/{GAME}/battle").get_data(as_text=True)
    assert re.search(r'<input type="radio" class="chip" id="q-type--3" name="q-type" value="sortie"', page)
    assert re.search(r'<input type="radio" class="chip" id="q-type--0" name="q-type" value="" checked', page)
    hunt = client.get(f"/en/ask/{GAME}/hunt-damage").get_data(as_text=True)
    assert re.search(r'name="q-die" value="6"', hunt)                    # die results: 1 to 6
    assert 'value="phial-of-galadriel"' in hunt and 'value="1r"' in hunt   # tiles: special, and a 1 with Reveal


@pytest.mark.parametrize("picked, tile, revealed", [("1r", {"value": 1, "reveal": True}, True), ("1", 1, False),
                                                     ("eye", "eye", True), ("elven-cloaks", "elven-cloaks", False)])
def test_the_tile_picked_is_the_tile_asked(client, picked, tile, revealed):
    scenario = asked(client, "en", "hunt-damage", {"q-tile": picked, "q-successes": "1", "fel-region": "Fangorn"})
    assert scenario["question"]["tile"] == tile
    assert api.ask(scenario, "en")["verdict"]["reveal"] is revealed
    assert prefill.form_values(scenario)[1]["q-tile"] == picked


def test_a_tile_named_in_spanish_opens_on_its_button(client):
    scenario = {"game": GAME, "position": {"fellowship": {"region": "Fangorn"}},
                "question": {"kind": "hunt-damage", "tile": "Frasco de Galadriel"}}
    spec, values = prefill.form_values(scenario)
    assert values["q-tile"] == "phial-of-galadriel"
    response = client.post(f"/es/ask/{GAME}/hunt-damage", data=values)
    assert api.ask(permalink.decode(response.headers["Location"].rsplit("/", 1)[1]), "es")["verdict"] == \
        api.ask(scenario, "es")["verdict"]


# -- this round or the whole battle ----------------------------------------------------------

def test_the_battle_form_switches_to_the_whole_battle_keeping_the_values(client):
    values = {"q-from": "Minas Tirith", "q-to": "Minas Tirith", "q-type": "sortie", "q-round": "2",
              "r0-besieged": "free-peoples", "r0-fp0-nation": "gondor", "r0-fp0-regular": "3",
              "r0-sh0-nation": "sauron", "r0-sh0-regular": "6", "pol-preset": "at-war", "_switch": "battle-outcome"}
    response = client.post(f"/en/ask/{GAME}/battle", data=values)
    assert response.status_code == 303
    target = response.headers["Location"]
    assert target.startswith(f"/en/ask/{GAME}/battle-outcome?from=")
    page = client.get(target).get_data(as_text=True)
    for name, value in (("q-from", "Minas Tirith"), ("r0-fp0-regular", "3"), ("r0-sh0-regular", "6")):
        assert re.search(rf'name="{name}" value="{value}"', page), name
    assert re.search(r'name="q-type" value="sortie" checked', page)
    assert re.search(r'name="pol-preset" value="at-war" checked', page)
    assert 'name="q-round"' not in page and 'class="switch-on" aria-current="true">Whole battle' in page
    assert 'id="problems"' not in page      # nothing asked yet: no problems shown
    back = client.post(f"/en/ask/{GAME}/battle-outcome", data={"q-from": "Minas Tirith", "_switch": "battle"})
    assert back.headers["Location"].startswith(f"/en/ask/{GAME}/battle?from=")
    assert client.post(f"/en/ask/{GAME}/battle", data={"_switch": "army-move"}).status_code == 400


# -- the position carried to the next question ----------------------------------------------

def test_a_new_question_on_the_same_position(client):
    scenario = {"game": GAME, "lang": "en", "title": "Gondor sorties",
                "position": {**SIEGE_POSITION, "politics": {"gondor": "at-war"}},
                "question": {"kind": "battle", "from": "Minas Tirith", "to": "Minas Tirith", "type": "sortie"}}
    token = permalink.encode(scenario)
    ruling = client.get(f"/es/r/{token}").get_data(as_text=True)
    link = re.search(r'<a href="([^"]+)" class="new-question">Nueva pregunta sobre esta posición</a>', ruling).group(1)
    assert link == f"/es/ask/{GAME}?from={token}"
    picker = client.get(link).get_data(as_text=True)
    kinds = re.findall(rf'href="/es/ask/{GAME}/([a-z-]+)\?from={token}"', picker)
    assert "army-move" in kinds and "battle-outcome" in kinds and "hunt-roll" in kinds
    assert "Minas Tirith (PL 4+1 · S 8)" in unescape(picker)
    form = unescape(client.get(f"/es/ask/{GAME}/retreat?from={token}").get_data(as_text=True))
    assert 'name="r0-name" value="Minas Tirith"' in form and 'name="r0-sh0-regular" value="6"' in form
    assert 'name="pol0-nation"' in form and re.search(r'name="pol-preset" value="custom" checked', form)
    assert re.search(r'name="q-region" value=""', form)         # the question is the new one's
    assert "Gondor sorties" not in form and 'id="problems"' not in form
    # the form that takes only part of the position keeps the rest for the next one
    hunt = unescape(client.get(f"/es/ask/{GAME}/hunt-roll?from={token}").get_data(as_text=True))
    assert "politics" in hunt and "gondor" in hunt


def test_a_damaged_or_foreign_token_opens_an_empty_form(client):
    other = permalink.encode({"game": "lotr-lcg", "position": {"players": 2}, "question": {"kind": "reveal"}})
    for token in ("!!!", other):
        page = client.get(f"/en/ask/{GAME}/army-move?from={token}")
        assert page.status_code == 200 and 'name="q-from" value=""' in page.get_data(as_text=True)
        picker = client.get(f"/en/ask/{GAME}?from={token}").get_data(as_text=True)
        assert f"/en/ask/{GAME}/army-move\"" in picker and "/army-move?from=" not in picker
    assert client.get("/en/ask/chess").status_code == 404


# -- "change this and ask again" ------------------------------------------------------------

def test_each_default_links_to_its_field(client):
    scenario = {"game": GAME, "lang": "en",
                "position": {"regions": {"Edoras": {"free_peoples": {"rohan": {"regular": 2}}}}},
                "question": {"kind": "army-move", "from": "Edoras", "to": "Westemnet"}}
    token = permalink.encode(scenario)
    ruling = api.ask(scenario, "en")
    assert {"question.units", "position.regions.westemnet"} <= set(ruling["verdict"]["defaults"])
    page = text(client.get(f"/en/r/{token}"))
    units = re.search(r'<dt>Units that move \(default: all\)</dt><dd>[^<]*whole army[^<]* <a class="change" '
                      r'href="([^"]+)"', page).group(1)
    assert units == f"/en/ask/{GAME}/army-move?from={token}&focus=q-units-0-nation"
    form = client.get(units).get_data(as_text=True)
    assert re.search(r'<details class="units-part" id="q-units" open>', form)
    assert re.search(r'<select id="q-units-0-nation" name="q-units-0-nation" autofocus>', form)
    westemnet = re.search(r'<dt>Westemnet \(not in the position\)</dt><dd>[^<]+ <a class="change" '
                          r'href="([^"]+)"', page).group(1)
    assert westemnet.endswith("&focus=r1-name")       # the first free row
    form = client.get(westemnet).get_data(as_text=True)
    assert re.search(r'<details class="region" data-row="1" open>', form)
    # a field name that is not the form's is ignored
    assert "autofocus" not in client.get(f"/en/ask/{GAME}/army-move?from={token}&focus=nope").get_data(as_text=True)


def test_default_fields_of_every_part():
    spec = forms.form_for(GAME, "hunt-damage")
    assert prefill.default_field(spec, "position.fellowship.guide", {}) == "fel-guide"
    assert prefill.default_field(spec, "position.hunt.box", {}) == "hunt-shadow"
    assert prefill.default_field(spec, "question.card_reduction", {}) == "q-card_reduction"
    assert prefill.default_field(spec, "question.nothing", {}) == "extra-question"
    spec = forms.form_for(GAME, "elven-ring")
    assert prefill.default_field(spec, "position.turn.phase", {}) == "turn-phase"


# -- a whole battle: its endings as one bar, the survivors and the rounds as columns ---------

@pytest.mark.parametrize("lang, ends, left, rounds", [("en", "How the battle ends", "0 left", "round 3"),
                                                      ("es", "Cómo acaba la batalla", "quedan 0", "ronda 3")])
def test_the_whole_battle_draws_its_charts(client, lang, ends, left, rounds):
    scenario = {"game": GAME, "lang": lang, "position": {**SIEGE_POSITION, "politics": {"gondor": "at-war"}},
                "question": {"kind": "battle-outcome", "from": "Minas Tirith", "to": "Minas Tirith",
                             "type": "sortie"}}
    verdict = api.ask(scenario, lang)["verdict"]
    page = client.get(f"/{lang}/r/{permalink.encode(scenario)}").get_data(as_text=True)
    split = re.search(r'<svg class="split-bar"[^>]*aria-label="([^"]+)"', page).group(1)
    assert unescape(split).startswith(ends)
    widths = [float(w) for w in re.findall(r'<rect class="seg seg-\d" x="[\d.]+" y="0" width="([\d.]+)"', page)]
    assert sum(widths) == pytest.approx(100, abs=0.05)
    assert widths[0] == pytest.approx(verdict["p_attacker_wins"] * 100, abs=0.01)
    charts = dict(re.findall(r'<dd>\s*<figure class="chart columns">\s*<svg class="cols"[^>]*aria-label="([^"]+)"'
                             r'[^>]*>(.*?)</svg>', page, re.S))
    assert len(charts) == 3                       # attacker_left, defender_left, p_rounds
    by_key = {}
    for label, svg in charts.items():
        label = unescape(label)
        key = next(k for k in ("attacker_left", "defender_left", "p_rounds")
                   if label.startswith(registry.spec(GAME, "battle-outcome").key(k).label.get(lang)))
        by_key[key] = (label, [float(h) for h in re.findall(r'width="8" height="([\d.]+)"', svg)])
    assert left in by_key["attacker_left"][0] and rounds in by_key["p_rounds"][0]
    for key, (_, heights) in by_key.items():
        assert len(heights) == len(verdict[key])
    defender = by_key["defender_left"][1]
    tallest = max(range(len(verdict["defender_left"])), key=lambda k: verdict["defender_left"][k])
    assert defender[tallest] == pytest.approx(48)   # the likeliest count is the full height


# -- the ruling page: its map, the share control, the next question --------------------------

def test_the_ruling_marks_its_own_regions_and_offers_share_and_next(client):
    scenario = {"game": GAME, "lang": "en",
                "position": {"regions": {"Edoras": {"free_peoples": {"rohan": {"regular": 2}}}}},
                "question": {"kind": "army-move", "from": "Edoras", "to": "Westemnet"}}
    ruling = api.ask(scenario, "en")
    page = client.get(f"/en/r/{permalink.encode(scenario)}").get_data(as_text=True)
    for region, role in ruling["regions"].items():
        assert re.search(rf'<g data-region="{region}" class="[^"]*" data-role="{role}"', page), region
    legend = text(client.get(f"/en/r/{permalink.encode(scenario)}"))
    assert "Within reach:" in legend and "Folde" in legend          # the plain list, for no JavaScript
    assert 'id="share-controls"' in page and 'id="permalink"' in page
    assert 'class="new-question"' in page


# -- the forms keep what is typed across Back, and weigh little -----------------------------

def test_no_field_turns_the_browsers_restoring_off(client):
    """Back after a ruling: the browser restores what it may (autocomplete=off forbids it)."""
    for kind in ("army-move", "battle", "character-move", "hunt-roll"):
        assert "autocomplete=" not in client.get(f"/en/ask/{GAME}/{kind}").get_data(as_text=True)


def gz(body: bytes) -> int:
    return len(gzip.compress(body, 6))


@pytest.mark.parametrize("url", [f"/es/ask/{GAME}/battle", f"/en/ask/{GAME}/army-move",
                                 f"/en/ask/{GAME}/battle-outcome?from=" + permalink.encode(
                                     {"game": GAME, "position": SIEGE_POSITION,
                                      "question": {"kind": "battle", "from": "Minas Tirith"}})])
def test_a_form_with_the_map_weighs_under_100_kb_compressed(client, url):
    page = client.get(url).get_data()
    assets = re.findall(rb'(?:src|href)="(/static/[^"]+)"', page)
    assert {b"/static/map.js", b"/static/ask.js", b"/static/app.css"} <= set(assets)
    total = gz(page)
    for asset in set(assets):
        response = client.get(asset.decode())
        total += gz(response.get_data())
        response.close()         # static files are streamed: close them
    assert total < 100 * 1024, total


def test_the_form_map_marks_what_is_typed_and_knows_its_neighbours(client):
    token = permalink.encode({"game": GAME, "position": SIEGE_POSITION,
                              "question": {"kind": "battle", "from": "Minas Tirith", "to": "Minas Tirith"}})
    page = client.get(f"/en/ask/{GAME}/battle?from={token}").get_data(as_text=True)
    assert re.search(r'<g data-region="minas-tirith" class="[^"]*" data-role="to" data-adj="[a-z -]*osgiliath', page)
    assert 'data-target="q-from"' in page
    assert re.search(r'id="mode-q-to" value="q-to" data-reach="from 0 1"', page)
    data_block = re.search(r'<script type="application/json" id="ask-data">(.*?)</script>', page, re.S).group(1)
    assert '"minastirith": "minas-tirith"' in data_block and "<" not in data_block
    query = parse_qs(urlparse(f"/x?from={token}").query)
    assert query["from"] == [token]


NEW_FIELDS = ["q-from", "q-to", "q-type", "q-units-0-nation", "q-units-0-regular", "q-units-1-nation",
              "q-units-1-elite", "q-units-nazgul", "q-units-characters", "r0-name", "r0-fp0-nation", "r0-fp0-regular",
              "r1-sh0-regular", "pol-preset", "pol0-nation", "pol0-state", "q-tile", "q-successes", "_switch"]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(kind=st.sampled_from(["army-move", "battle", "battle-outcome", "hunt-damage"]),
       values=st.dictionaries(st.sampled_from(NEW_FIELDS),
                              st.one_of(st.text(max_size=20), st.sampled_from(
                                  ["at-war", "custom", "start", "gondor", "sauron", "3", "1r", "eye", "Minas Tirith",
                                   "battle-outcome", "battle", "sortie"]))))
def test_any_input_to_the_new_fields_gives_a_ruling_a_form_or_field_errors(client, kind, values):
    response = client.post(f"/en/ask/{GAME}/{kind}", data=values)
    assert response.status_code in (303, 400), text(response)[:500]
    if response.status_code == 303 and "/ask/" in response.headers["Location"]:   # switched: the other form opens
        assert client.get(response.headers["Location"]).status_code == 200
