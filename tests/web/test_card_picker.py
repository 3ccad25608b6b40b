"""The card picker (web/forms/cards.py): the field of any parameter of type ``event-card`` or
``combat-cards``, whatever the kind. A test spec stands in for the kinds that declare them
(army-move's spec with two such parameters), so the widget is tested on the Param type alone."""
from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from adjudicator import registry
from adjudicator.spec import Param, T

GAME, KIND = "war-of-the-ring", "army-move"
CARD = Param("card", "event-card", T("Event card", "Carta de Evento"), required=True, reader="test.read_card",
             help=T("The card in your hand.", "La carta de tu mano."))
COMBAT = Param("combat", "combat-cards", T("Combat cards", "Cartas de combate"), reader="test.read_combat")


@pytest.fixture
def card_spec(monkeypatch):
    registry.load_all(GAME)
    fn, spec = registry._HANDLERS[(GAME, KIND)]
    changed = spec._replace(params=(CARD, COMBAT))
    monkeypatch.setitem(registry._HANDLERS, (GAME, KIND), (fn, changed))
    return changed


def render(app, lang: str, values: dict[str, str]) -> str:
    from flask import render_template

    from web import ask, forms

    spec = forms.form_for(GAME, KIND)
    with app.test_request_context(f"/{lang}/ask/{GAME}/{KIND}"):
        return render_template("ask_form.html", values=values, field_errors={}, top_errors=[],
                               **ask.form_context(spec, lang, values))


def shown_lines(page: str) -> dict[str, str]:
    """Each picker's line under its field: field name -> the text shown ('' when hidden)."""
    out = {}
    for name, attrs, text in re.findall(r'<p class="card-shown" id="([^"]+)-card"([^>]*)>(.*?)</p>', page, re.S):
        out[name] = "" if "hidden" in attrs else html.unescape(text).strip()
    return out


def test_the_parameter_types_get_the_card_picker(card_spec):
    from web import forms

    form = forms.form_for(GAME, KIND)
    assert [(f.key, f.type) for f in form.fields] == [("card", "event-card"), ("combat", "combat-cards")]


def test_every_card_is_offered_by_both_names_in_the_page_language_first(card_spec, client):
    page = client.get(f"/en/ask/{GAME}/{KIND}").get_data(as_text=True)
    assert 'list="cards-dl"' in page
    options = re.findall(r'<option value="([^"]*)" label="([^"]*)">', page.split('<datalist id="cards-dl">')[1]
                         .split("</datalist>")[0])
    offered = {html.unescape(v): html.unescape(label) for v, label in options}
    assert offered["Challenge of the King"] == "El desafío del Rey"
    assert offered["El desafío del Rey"] == "Challenge of the King"
    assert offered["Athelas"] == "Athelas"           # one name in both languages, offered once
    assert 180 <= len(offered) <= 192 and html.unescape(options[0][0]) == "Elven Cloaks"
    es = client.get(f"/es/ask/{GAME}/{KIND}").get_data(as_text=True)
    first = re.search(r'<datalist id="cards-dl"><option value="([^"]*)"', es)
    assert first and html.unescape(first.group(1)) == "Capas élficas"
    assert "cards.js" in page and 'id="cards-data"' in page
    assert shown_lines(page) == {"q-card": "", "q-combat-attacker": "", "q-combat-defender": ""}


def test_the_picked_card_shows_its_condition_and_a_combat_card_what_it_does(card_spec, app):
    values = {"q-card": "Chalenge of the King", "q-combat-attacker": "Olog-hai", "q-combat-defender": "athelas"}
    lines = shown_lines(render(app, "en", values))
    assert lines["q-card"] == ("Did you mean Challenge of the King? Challenge of the King (El desafío del Rey) · "
                               "Character · Play if: Strider or Aragorn "
                               "stands with a Free Peoples Army in a region of Gondor or Rohan.")
    assert lines["q-combat-attacker"].startswith("We Come to Kill, initiative 7: Needs a Shadow Elite fighting.")
    assert lines["q-combat-defender"].startswith("Andúril, initiative 4: ")
    es = shown_lines(render(app, "es", {"q-card": "elven cloaks", "q-combat-attacker": "Shadows Gather"}))
    assert es["q-card"] == ("Capas élficas (Elven Cloaks) · Personaje · Se juega si: sin condición: puede jugarse "
                            "siempre que el dado sirva.")
    assert es["q-combat-attacker"].startswith("Mûmakil, iniciativa 3-5: hace falta una Élite de los Hombres del Sur")
    assert es["q-combat-defender"] == ""
    assert shown_lines(render(app, "en", {"q-card": "no such card"}))["q-card"] == ""


def test_the_form_sends_the_cards_as_typed_and_opens_again_from_the_question(card_spec):
    from web import forms, prefill

    spec = forms.form_for(GAME, KIND)
    form = {"q-card": " El desafío del Rey ", "q-combat-attacker": "Mûmakil", "q-combat-defender": ""}
    built = forms.scenario_from_form(spec, form, "es")
    assert built.scenario["question"] == {"kind": KIND, "card": "El desafío del Rey", "combat": {"attacker": "Mûmakil"}}
    assert built.field_for("question.combat.defender") == "q-combat-defender"
    assert built.field_for("question.combat") == "q-combat-attacker"
    scenario = {"game": GAME, "lang": "en", "question": {"kind": KIND, "card": "fp-char-14",
                                                          "combat": {"attacker": "Olog-hai", "defender": "Athelas"}}}
    _form, values = prefill.form_values(scenario)
    assert values["q-card"] == "fp-char-14"
    assert (values["q-combat-attacker"], values["q-combat-defender"]) == ("Olog-hai", "Athelas")
    rounds = {**scenario, "question": {**scenario["question"], "combat": [{"attacker": "Olog-hai"}]}}
    _form, values = prefill.form_values(rounds)   # a card per round: the YAML box keeps it
    assert "q-combat-attacker" not in values and "combat" in values.get("extra-question", "")
    assert prefill.default_field(spec, "question.combat.attacker", {}) == "q-combat-attacker"


def test_the_picker_data_matches_the_names_as_the_script_folds_them():
    from web.forms import cards

    assert cards.folded("El desafío del Rey") == "eldesafiodelrey" and cards.folded("¡Miedo! ¡Fuego!") == "miedofuego"
    assert cards.folded("Dáin Ironfoot's Guard") == "dainironfootsguard"


def test_the_ruling_map_marks_the_regions_an_effect_names():
    from web import boardmap

    ruling = {"game": GAME, "question": "event-card",
              "verdict": {"card": "fp-str-16", "allowed": True,
                          "effect": {"type": "recruit", "regions": ["edoras", "westemnet"],
                                     "options": [{"region": "helms-deep", "units": 1}], "note": "Rohan"}}}
    assert boardmap.ruling_regions({"question": {"kind": "event-card"}}, ruling) == {
        "edoras": "to", "westemnet": "to", "helms-deep": "to"}
    nested: dict = {"effect": {}}
    inner = nested["effect"]
    for _ in range(50):   # a hand-made ruling as deep as it likes: bounded, no error
        inner["next"] = {}
        inner = inner["next"]
    inner["region"] = "edoras"
    assert boardmap.ruling_regions({}, {"game": GAME, "question": "event-card", "verdict": nested}) == {}


def test_the_picker_and_the_card_pages_show_our_english_where_we_have_it():
    """Our English wording (event_cards_text.json) wins over the shared summary, in the picker's
    combat line and on the deck pages; the Spanish is always ours."""
    from adjudicator import data
    from adjudicator.wotr.cards import catalogue
    from web.forms import cards

    words = data.load("event_cards_text")
    daylight = cards.combat_text("fp-str-01", "en")
    assert daylight == words["combat"]["Daylight"]["en"] != catalogue.card("fp-str-01")["combat"]["summary_en"]
    assert "roll" in daylight
    assert cards.effect_text("sh-char-05", "en") == words["cards"]["sh-char-05"]["effect_en"]
    assert "Free Peoples special tile" in cards.effect_text("sh-char-05", "en")
    assert cards.effect_text("fp-char-01", "en") == catalogue.card("fp-char-01")["event"]["summary_en"]
    assert "loseta especial de los Pueblos Libres" in cards.effect_text("sh-char-05", "es")
    page = (Path(__file__).resolve().parents[2] / "docs" / "cards" / "shadow-character.md").read_text("utf-8")
    assert words["cards"]["sh-char-05"]["effect_en"] in page
