"""The JSON API: rulings equal the engine's, every problem comes back as 400 with its path,
nothing unreadable ever gives a 500, and the OpenAPI description matches the answers."""
from __future__ import annotations

import json

import jsonschema_rs
import pytest

from adjudicator import api, registry
from adjudicator.problems import ScenarioInvalid

HUNT_ROLL = {"game": "war-of-the-ring", "position": {"fellowship": {"region": "Fangorn"},
                                                     "hunt": {"box": {"shadow": 4, "free_peoples": 1}}},
             "question": {"kind": "hunt-roll"}}


def post(client, body, **kw):
    return client.post("/api/v1/rulings", json=body, **kw)


def test_scenario_file_through_the_api_equals_the_engine(client, scenario_path, load_scenario):
    data = load_scenario(scenario_path)
    try:
        expected = api.ask(data)
    except ScenarioInvalid as exc:
        response = post(client, data)
        assert response.status_code == 400
        assert response.get_json() == {"errors": exc.as_dicts(api.guess_lang(data))}
        return
    response = post(client, data)
    assert response.status_code == 200, response.get_data(as_text=True)
    assert response.get_json() == expected


def test_every_registered_kind_has_a_scenario_the_api_answers(client, scenario_files, load_scenario):
    asked: dict[str, set[str]] = {}
    for path in scenario_files:
        data = load_scenario(path)
        if isinstance(data, dict) and isinstance(data.get("question"), dict):
            asked.setdefault(data.get("game"), set()).add(data["question"].get("kind"))
    missing = [f"{game}:{kind}" for game in registry.GAMES for kind in registry.kinds(game)
               if kind not in asked.get(game, set())]
    assert not missing, f"registered kinds without any scenario file: {missing}"


def test_ruling_has_the_fixed_shape_and_cites_rules(client):
    body = post(client, HUNT_ROLL).get_json()
    expected = {"status": "decided", "dice": 4, "hit_on": 5, "rerolls": 0,
                "p_success": 0.8025, "p_success_exact": "65/81"}
    # The verdict may gain keys (the contract extends, never renames); these stay as they are.
    assert {k: body["verdict"].get(k) for k in expected} == expected
    assert body["citations"] and all(c["url"].startswith("/en/docs/") for c in body["citations"])


def test_lang_parameter_gives_the_ruling_in_spanish(client):
    body = client.post("/api/v1/rulings?lang=es", json=HUNT_ROLL).get_json()
    assert body["lang"] == "es"
    assert body["answer"] == api.ask(HUNT_ROLL, "es")["answer"]


@pytest.mark.parametrize("body, path", [
    ({"game": "war-of-the-ring", "question": {"kind": "army-move", "from": "Minas Tirit", "to": "Osgiliath"}},
     "question.from"),
    ({"game": "chess", "question": {"kind": "x"}}, "game"),
    ({"game": "war-of-the-ring"}, "question"),
    ({"game": "war-of-the-ring", "question": {"kind": "hunt-roll"},
      "position": {"regions": {"Minas Tirith": {"free_peoples": {"gondor": {"regular": -1}}}}}},
     "position.regions.Minas Tirith.free_peoples.gondor.regular"),
    ({"game": "war-of-the-ring", "question": {"kind": "no-such-kind"}}, "question.kind"),
    ([1, 2, 3], ""),
    ("a string", ""),
    (None, ""),
])
def test_unreadable_scenario_is_400_with_the_field_path(client, body, path):
    response = post(client, body)
    assert response.status_code == 400
    errors = response.get_json()["errors"]
    assert path in [e["path"] for e in errors]
    assert all(e["message"] for e in errors)


def test_every_problem_at_once(client):
    body = {"game": "war-of-the-ring", "question": {"kind": "army-move", "from": "Nowhere", "to": "Elsewhere"}}
    paths = [e["path"] for e in post(client, body).get_json()["errors"]]
    assert "question.from" in paths and "question.to" in paths


def test_errors_in_the_language_asked(client):
    body = {"game": "war-of-the-ring", "question": {"kind": "army-move", "from": "Minas Tirit", "to": "Osgiliath"}}
    es = client.post("/api/v1/rulings?lang=es", json=body).get_json()["errors"][0]["message"]
    assert "Región desconocida" in es
    by_header = post(client, body, headers={"Accept-Language": "es-ES,es;q=0.9"}).get_json()
    assert "Región desconocida" in by_header["errors"][0]["message"]
    scenario_lang = post(client, {**body, "lang": "es"}, headers={"Accept-Language": "en"}).get_json()
    assert "Región desconocida" in scenario_lang["errors"][0]["message"]
    en = post(client, body).get_json()["errors"][0]["message"]
    assert "Unknown region" in en


@pytest.mark.parametrize("data, content_type", [
    (b"{not json", "application/json"),
    (b"", "application/json"),
    (b"\xff\xfe\x00garbage", "application/json"),
    (json.dumps(HUNT_ROLL).encode(), "text/plain"),
    (b"game=war-of-the-ring", "application/x-www-form-urlencoded"),
    (b"[" * 30000 + b"]" * 30000, "application/json"),
    (b'{"game": 1' + b"0" * 5000 + b"}", "application/json"),
])
def test_unreadable_body_is_400_json(client, data, content_type):
    response = client.post("/api/v1/rulings", data=data, content_type=content_type)
    assert response.status_code == 400
    assert response.is_json
    assert response.get_json()["errors"][0]["message"]


def test_bad_json_says_where(client):
    response = client.post("/api/v1/rulings", data=b'{"game": "war-of-the-ring",\n "question": }',
                           content_type="application/json")
    assert "line 2" in response.get_json()["errors"][0]["message"]


@pytest.mark.parametrize(("lang", "words"), [("en", "ends too soon"), ("es", "termina antes de tiempo")])
def test_bad_json_is_explained_in_the_users_language(client, lang, words):
    """No English reason from Python's parser inside a Spanish answer."""
    response = client.post(f"/api/v1/rulings?lang={lang}", data='{"game": "war-of-the-ring", ',
                           content_type="application/json")
    message = response.get_json()["errors"][0]["message"]
    assert response.status_code == 400 and words in message and "Expecting" not in message


def test_too_large_body_is_413_json(client):
    big = {**HUNT_ROLL, "notes": "x" * (70 * 1024)}
    response = post(client, big)
    assert response.status_code == 413
    assert response.get_json()["errors"][0]["message"]


@pytest.mark.parametrize("query, headers", [("?lang=es", {}), ("", {"Accept-Language": "es-ES,es;q=0.9"})])
def test_too_large_body_is_413_json_in_the_users_language(client, query, headers):
    body = json.dumps({**HUNT_ROLL, "notes": "x" * (70 * 1024)})
    response = client.post(f"/api/v1/rulings{query}", data=body, content_type="application/json", headers=headers)
    assert response.status_code == 413 and response.is_json
    assert response.get_json()["errors"][0]["message"].startswith("La petición es demasiado grande")


def test_unknown_lang_parameter_is_400(client):
    response = client.post("/api/v1/rulings?lang=fr", json=HUNT_ROLL)
    assert response.status_code == 400
    assert response.get_json()["errors"][0]["path"] == "lang"


def test_api_404_and_405_are_json(client):
    missing = client.get("/api/v1/nothing-here")
    assert missing.status_code == 404 and missing.get_json()["errors"]
    wrong = client.get("/api/v1/rulings")
    assert wrong.status_code == 405 and wrong.get_json()["errors"]
    assert "POST" in wrong.headers["Allow"]


def test_search_api_validates_its_parameters(client):
    for query, path in (("", "q"), ("q=" + "x" * 201, "q"), ("q=siege&limit=0", "limit"),
                        ("q=siege&lang=fr", "lang")):
        response = client.get(f"/api/v1/search?{query}")
        assert response.status_code == 400
        assert path in [e["path"] for e in response.get_json()["errors"]]


def test_search_api_without_an_index_is_503_json(client):
    # The session's build directory has no search index.
    response = client.get("/api/v1/search?q=siege&lang=en")
    assert response.status_code in (200, 503)
    if response.status_code == 503:
        assert response.get_json()["errors"][0]["message"]


# -- the OpenAPI description -----------------------------------------------------------------

@pytest.fixture(scope="module")
def openapi(app):
    return app.test_client().get("/api/v1/openapi.json").get_json()


def schema(openapi, name):
    """A component schema with its $refs resolvable by jsonschema."""
    return {**openapi["components"]["schemas"][name], "components": openapi["components"]}


def test_openapi_lists_the_fixed_addresses(openapi):
    assert openapi["openapi"].startswith("3.")
    assert set(openapi["paths"]) == {"/api/v1/rulings", "/api/v1/search", "/api/v1/openapi.json"}
    responses = openapi["paths"]["/api/v1/rulings"]["post"]["responses"]
    assert {"200", "400", "413"} <= set(responses)
    schemas = openapi["components"]["schemas"]
    for game in registry.GAMES:   # one question schema per game and kind, from its spec
        mapping = schemas[f"Scenario.{game}"]["properties"]["question"]["discriminator"]["mapping"]
        assert set(mapping) == set(registry.kinds(game))
        for kind in registry.kinds(game):
            assert schemas[f"Question.{game}.{kind}"]["properties"]["kind"]["const"] == kind


def test_answers_match_the_openapi_schemas(client, openapi):
    ruling = post(client, HUNT_ROLL).get_json()
    jsonschema_rs.validate(schema(openapi, "Ruling"), ruling)
    for body in ({"game": "x"}, [1]):
        jsonschema_rs.validate(schema(openapi, "Errors"), post(client, body).get_json())
    jsonschema_rs.validate(schema(openapi, "Errors"), post(client, {**HUNT_ROLL, "notes": "x" * 70000}).get_json())
    with pytest.raises(jsonschema_rs.ValidationError):
        jsonschema_rs.validate(schema(openapi, "Errors"), {"errors": [{"message": "no path"}]})


# -- property tests: random JSON never gives a 500 ------------------------------------------

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-10, 40), st.floats(allow_nan=False, allow_infinity=False),
                    st.text(max_size=12), st.sampled_from(["Minas Tirith", "Mordor", "gondor", "sauron", "shadow",
                                                           "free-peoples", "eye", "Gandalf", "Strider", "at-war",
                                                           "field", "siege", "regular", "character", "doomed 2"]))
JSON = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
    st.sampled_from(["regions", "politics", "fellowship", "hunt", "box", "pool", "shadow", "free_peoples",
                     "region", "from", "to", "units", "regular", "elite", "leader", "nazgul", "characters",
                     "players", "card", "keywords", "hand", "path", "x"]) | st.text(max_size=8),
    inner, max_size=4), max_leaves=12)
KINDS = [(g, k) for g in registry.GAMES for k in registry.kinds(g)]


@st.composite
def scenarios(draw):
    game, kind = draw(st.sampled_from(KINDS))
    question = {"kind": kind, **draw(st.dictionaries(
        st.sampled_from(["from", "to", "side", "units", "die", "rolls", "tile", "successes", "damage", "take",
                         "nation", "recruit", "event", "companions", "character", "region", "type", "round",
                         "when", "in_play", "players", "card", "counters", "hand", "stack_limit", "path",
                         "battleground", "item", "cards", "location", "retrieved", "no_roll"]), JSON, max_size=4))}
    position = draw(st.one_of(st.just({}), st.dictionaries(st.sampled_from(
        ["regions", "politics", "fellowship", "hunt", "turn", "players", "in_play", "battlegrounds"]), JSON,
        max_size=3)))
    return {"game": game, "lang": draw(st.sampled_from(["en", "es"])), "position": position, "question": question}


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=scenarios())
def test_random_scenarios_give_a_ruling_or_400_never_500(client, body):
    response = post(client, body)
    assert response.status_code in (200, 400), (body, response.get_data(as_text=True)[:500])
    if response.status_code == 400:
        assert all(e["message"] for e in response.get_json()["errors"])


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=JSON)
def test_random_json_gives_a_ruling_or_400_never_500(client, body):
    assert post(client, body).status_code in (200, 400)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(raw=st.binary(max_size=200))
def test_random_bytes_give_400(client, raw):
    assert client.post("/api/v1/rulings", data=raw, content_type="application/json").status_code == 400
