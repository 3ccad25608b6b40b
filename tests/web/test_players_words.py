"""Forms in players' words (issue 26), through the Flask test client: no scenario-file syntax
in any form's help, the Hunt says what a player counts, the Political Track's default shows
selected, and the help that names another field says it with its label."""
from __future__ import annotations

import re

import pytest

from adjudicator import registry
from web.forms import fields
from web.forms.words import SCENARIO_SYNTAX

KINDS = [(s.game, s.kind) for s in registry.specs()]


@pytest.mark.parametrize(("game", "kind"), KINDS, ids=[f"{g}/{k}" for g, k in KINDS])
def test_no_help_or_default_of_a_form_shows_scenario_file_syntax(game, kind):
    for f in fields.form_for(game, kind).fields:
        for text in (f.help, f.default_text):
            for lang in ("en", "es"):
                shown = text.get(lang) if text else ""
                assert not SCENARIO_SYNTAX.search(shown), (f.key, lang, shown)


def test_a_value_of_another_field_is_said_with_its_labels():
    f = fields.form_for("war-of-the-ring", "army-move").field("muster_as_army_used")
    assert f.help.en.startswith("Only with Die used: Muster") and "die: muster" not in f.help.en
    assert f.help.es.startswith("Solo con Dado usado: Alistar")


def test_a_raw_choice_value_in_a_default_is_said_with_its_label():
    f = fields.form_for("war-of-the-ring", "battle-outcome").field("casualties")
    assert "keep-strength" not in f.default_text.en and f.default_text.en.startswith("Keep the most dice")


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_hunt_says_what_a_player_counts(client, lang):
    html = client.get(f"/{lang}/ask/war-of-the-ring/hunt-roll").get_data(as_text=True)
    words = {"en": "One for each time an Action die moved the Fellowship this turn",
             "es": "Uno por cada vez que un dado de Acción movió a la Comunidad este turno"}
    assert words[lang] in html


def test_the_political_track_shows_its_default_selected(client):
    html = client.get("/en/ask/war-of-the-ring/army-move").get_data(as_text=True)
    checked = re.findall(r'<input type="radio" class="chip" id="pol-preset--\d+" name="pol-preset" value="([^"]*)"'
                         r'( checked)?', html)
    assert ("start", " checked") in checked and sum(1 for _, c in checked if c) == 1
    # a choice made stays made
    again = client.post("/en/ask/war-of-the-ring/army-move", data={"pol-preset": "at-war", "q-from": "Edoras",
                                                                    "q-to": "Nowhere"}).get_data(as_text=True)
    assert re.search(r'name="pol-preset" value="at-war" checked', again)


def test_two_armies_where_nobody_can_be_besieged_send_no_one_in_a_circle(client):
    """Two armies in a region without a stronghold: the error does not ask which is besieged
    (saying it would be refused: nobody can be besieged there)."""
    data = {"q-from": "Parth Celebrant", "q-to": "Dol Amroth", "r0-name": "Parth Celebrant",
            "r0-fp0-nation": "gondor", "r0-fp0-regular": "2", "r0-sh0-nation": "sauron", "r0-sh0-regular": "2"}
    html = client.post("/en/ask/war-of-the-ring/army-move", data=data).get_data(as_text=True)
    assert "which has no stronghold" in html and "leave one of the two armies out" in html
    assert "say which side is besieged" not in html
    with_siege = client.post("/en/ask/war-of-the-ring/army-move",
                             data={**data, "r0-besieged": "free-peoples"}).get_data(as_text=True)
    assert "nobody can be besieged there" in with_siege and "say which side is besieged" not in with_siege
    stronghold = {**data, "q-from": "Minas Tirith", "q-to": "Osgiliath", "r0-name": "Minas Tirith"}
    asked = client.post("/en/ask/war-of-the-ring/army-move", data=stronghold).get_data(as_text=True)
    assert "say which side is besieged" in asked
    # and its link leads to the field that answers it, the row's besieged side
    assert re.search(r'<a href="#r0-besieged"><strong>Minas Tirith · Besieged side</strong>: Armies of both', asked)


@pytest.mark.parametrize(("lang", "words"), [("en", "Regions, Parth Celebrant, Free Peoples, gondor"),
                                             ("es", "Regiones, Parth Celebrant, Pueblos Libres, gondor")])
def test_a_problem_without_a_field_names_its_place_in_words(app, lang, words):
    from web.ask import path_in_words

    with app.test_request_context(f"/{lang}/"):
        shown = path_in_words("position.regions.Parth Celebrant.free_peoples.gondor", lang)
    assert shown == words and "." not in shown and "_" not in shown


def test_an_error_names_its_field_and_count_in_words(client):
    data = {"q-from": "Helm's Deep", "q-to": "Westemnet", "r0-name": "Helm's Deep", "r0-fp0-nation": "rohan",
            "r0-fp0-regular": "40"}
    html = client.post("/en/ask/war-of-the-ring/army-move", data=data).get_data(as_text=True)
    jump = re.search(r'<ul class="jump">(.*?)</ul>', html, re.S).group(1)
    assert re.search(r'<a href="#r0-fp0-regular"><strong>Helm&#39;s Deep · Rohan · Regular</strong>: ', jump), jump
