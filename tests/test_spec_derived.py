"""Each kind is declared once: its form, its OpenAPI schema, its contract table and its docs
tables all come from its KindSpec. Change a spec, and all of them change."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

from adjudicator import registry
from adjudicator.spec import Key, Param, T

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "docs" / "_ext"))

GAME, KIND = "war-of-the-ring", "army-move"
NEW_PARAM = Param("test_flag", "bool", T("A test flag", "Una marca de prueba"),
                  help=T("Only in this test.", "Solo aquí."))
NEW_KEY = Key("test_key", "count", T("A test key", "Una clave de prueba"))


@pytest.fixture
def changed_spec(monkeypatch):
    """army-move's spec with one more parameter and one more verdict key."""
    registry.load_all(GAME)
    fn, spec = registry._HANDLERS[(GAME, KIND)]
    changed = spec._replace(params=(*spec.params, NEW_PARAM), verdict=(*spec.verdict, NEW_KEY))
    monkeypatch.setitem(registry._HANDLERS, (GAME, KIND), (fn, changed))
    return changed


def test_the_form_follows_the_spec(changed_spec):
    from web import forms, prefill

    form = forms.form_for(GAME, KIND)
    field = next(f for f in form.fields if f.key == "test_flag")
    assert field.type == "bool" and field.label.es == "Una marca de prueba"
    scenario = {"game": GAME, "question": {"kind": KIND, "from": "Osgiliath", "to": "Minas Tirith", "test_flag": True}}
    assert prefill.form_values(scenario)[1]["q-test_flag"] == "yes"       # and back from a scenario to the form


def test_the_openapi_schema_follows_the_spec(changed_spec):
    from web import create_app

    doc = create_app({"TESTING": True}).test_client().get("/api/v1/openapi.json").get_json()
    schemas = doc["components"]["schemas"]
    assert schemas[f"Question.{GAME}.{KIND}"]["properties"]["test_flag"]["type"] == "boolean"
    assert "test_key" in schemas[f"Verdict.{GAME}.{KIND}"]["required"]


def test_the_contract_table_follows_the_spec(changed_spec):
    from test_contract import check_verdict

    from adjudicator.api import ask

    scenario = {"game": GAME, "position": {"regions": {"Osgiliath": {"free_peoples": {"gondor": {"regular": 2}}}}},
                "question": {"kind": KIND, "from": "Osgiliath", "to": "Minas Tirith"}}
    verdict = ask(scenario)["verdict"]
    assert "test_key is missing" in check_verdict(scenario, verdict)


def test_the_docs_tables_follow_the_spec(changed_spec):
    import kind_tables

    for lang, label in (("en", "A test flag"), ("es", "Una marca de prueba")):
        rows = {row[0]: row for row in kind_tables.param_rows(changed_spec, lang)}
        assert label in rows["test_flag"][3]
        keys = {row[0] for row in kind_tables.verdict_rows(changed_spec, lang)}
        assert "test_key" in keys


def test_the_handler_reads_only_what_its_spec_declares():
    """Reading a parameter the spec does not declare is a programming error, caught at once."""
    from adjudicator.params import Fields, QuestionFields
    from adjudicator.problems import Problems

    q = QuestionFields(Fields({"kind": KIND}, ["question"], Problems()), registry.spec(GAME, KIND))
    with pytest.raises(KeyError):
        q.get("no_such_parameter")


def test_where_the_map_offers_a_region_and_the_switches_follow_the_spec(monkeypatch):
    """What the map offers for To (Param.reach) and the kinds a form turns into (KindSpec.switch)."""
    from adjudicator.spec import Reach
    from web import forms

    registry.load_all(GAME)
    assert forms.form_for(GAME, KIND).field("to").reach == ("from", 1, 1)
    assert [k for k, _ in forms.form_for(GAME, KIND).switch] == []
    fn, spec = registry._HANDLERS[(GAME, KIND)]
    params = tuple(p._replace(reach=Reach("from", 0, 2)) if p.name == "to" else p for p in spec.params)
    changed = spec._replace(params=params, switch=("battle", T("As an army", "Como ejército")))
    monkeypatch.setitem(registry._HANDLERS, (GAME, KIND), (fn, changed))
    assert forms.form_for(GAME, KIND).field("to").reach == ("from", 0, 2)
    offered = dict(forms.form_for(GAME, "battle").switch)
    assert set(offered) == {"battle", "battle-outcome", KIND} and offered[KIND].es == "Como ejército"
