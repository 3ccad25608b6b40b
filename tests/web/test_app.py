"""The pages, through Flask's test client: languages, a form for every kind, field errors
beside their fields, escaping, permalinks, docs serving and security headers."""
from __future__ import annotations

import io
import json
import re
import zlib
from html import unescape

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator import api, registry
from web import forms, permalink, prefill
from web.forms import cards as card_picker
from web.views import safe_snippet

BESIEGED = {
    "r0-name": "Helm's Deep", "r0-besieged": "free-peoples",
    "r0-fp0-nation": "rohan", "r0-fp0-regular": "2", "r0-fp0-elite": "1", "r0-fp0-leader": "1",
    "r0-sh0-nation": "isengard", "r0-sh0-regular": "5", "r0-sh0-elite": "2",
    "pol0-nation": "rohan", "pol0-state": "at-war", "pol1-nation": "isengard", "pol1-state": "at-war",
    "q-from": "Helm's Deep", "q-to": "Westemnet",
}


def text(response) -> str:
    return unescape(re.sub(r"\s+", " ", response.get_data(as_text=True)))


def follow_to_ruling(client, response):
    assert response.status_code == 303, text(response)[:2000]
    location = response.headers["Location"]
    assert re.match(r"^/(en|es)/r/[A-Za-z0-9_-]+$", location)
    return location, client.get(location)


# -- languages ---------------------------------------------------------------------------------

@pytest.mark.parametrize("header, target", [
    ("es-ES,es;q=0.9,en;q=0.5", "/es/"), ("en-GB,en;q=0.8", "/en/"), ("fr-FR,es;q=0.5", "/es/"),
    ("de-DE", "/en/"), (None, "/en/"),
])
def test_root_sends_the_browser_to_its_language(client, header, target):
    response = client.get("/", headers={"Accept-Language": header} if header else {})
    assert response.status_code == 302
    assert response.headers["Location"] == target
    assert "Accept-Language" in response.headers["Vary"]


def test_start_pages_list_every_registered_question_in_their_language(client):
    en, es = text(client.get("/en/")), text(client.get("/es/"))
    assert '<html lang="en">' in en and '<html lang="es">' in es
    assert "Ask a rules question" in en and "Haz una pregunta de reglas" in es
    for game in registry.GAMES:
        for kind in registry.kinds(game):
            assert f'href="/es/ask/{game}/{kind}"' in es
    assert "¿Puede este ejército moverse allí?" in es
    assert 'href="/en/"' in es and 'hreflang="en"' in es   # the language switch


def test_url_language_wins_over_the_browser(client):
    page = text(client.get("/es/", headers={"Accept-Language": "en"}))
    assert "Haz una pregunta de reglas" in page


def test_unknown_language_is_404(client):
    assert client.get("/fr/").status_code == 404
    assert client.get("/fr/ask").status_code == 404


# -- a form for every kind ----------------------------------------------------------------------

def all_kinds():
    return [(g, k) for g in registry.GAMES for k in registry.kinds(g)]


@pytest.mark.parametrize("game, kind", all_kinds())
def test_every_kind_has_a_form_in_both_languages(client, game, kind):
    spec = forms.form_for(game, kind)
    for lang in ("en", "es"):
        page = text(client.get(f"/{lang}/ask/{game}/{kind}"))
        assert f'action="/{lang}/ask/{game}/{kind}"' in page
        for f in spec.fields:
            if f.rows is not None:
                assert all(f'name="{n}"' in page for n in f.rows.names())
            elif f.type == "units":      # a line per nation, Nazgûl and characters
                assert all(f'name="{n}"' in page for n in forms.units_names(f.name))
            elif f.type == "combat-cards":   # the attacker's card and the defender's
                assert all(f'name="{n}"' in page for n in card_picker.field_names(f.name).values())
            else:
                assert f'name="{f.name}"' in page
        assert 'name="extra-position"' in page   # whatever the fields miss can be written as YAML


def test_region_names_are_offered_in_the_page_language(client):
    es = client.get("/es/ask/war-of-the-ring/army-move").get_data(as_text=True)
    en = client.get("/en/ask/war-of-the-ring/army-move").get_data(as_text=True)
    assert '<datalist id="regions-dl">' in es
    assert '<option value="Rivendel">' in es and '<option value="Rivendell">' in en
    assert 'list="regions-dl"' in es


def test_unknown_kind_form_is_404(client):
    assert client.get("/en/ask/war-of-the-ring/no-such-kind").status_code == 404
    assert client.get("/en/ask/chess/army-move").status_code == 404


# -- asking through the forms -------------------------------------------------------------------

def test_army_move_form_gives_the_same_ruling_as_the_engine(client):
    location, page = follow_to_ruling(client, client.post("/en/ask/war-of-the-ring/army-move", data=BESIEGED))
    scenario = permalink.decode(location.rsplit("/", 1)[1])
    ruling = api.ask(scenario, "en")
    assert ruling["verdict"]["allowed"] is False
    body = text(page)
    assert ruling["answer"] in body
    for citation in ruling["citations"]:
        assert f'href="{citation["url"]}"' in body


def test_hunt_roll_form_draws_the_odds(client):
    data = {"fel-region": "Fangorn", "hunt-shadow": "4", "hunt-free_peoples": "1"}
    _, page = follow_to_ruling(client, client.post("/en/ask/war-of-the-ring/hunt-roll", data=data))
    body = text(page)
    assert "80.2" in body and "65/81" in body
    assert 'class="bar-fill" x="0" y="0" width="80.25"' in body


def test_battle_form_draws_the_hit_distribution(client):
    data = {"r0-name": "Westemnet", "r0-sh0-nation": "isengard", "r0-sh0-regular": "4",
            "r1-name": "Edoras", "r1-fp0-nation": "rohan", "r1-fp0-regular": "1", "r1-fp0-elite": "1",
            "pol0-nation": "rohan", "pol0-state": "at-war", "pol1-nation": "isengard", "pol1-state": "at-war",
            "q-from": "Westemnet", "q-to": "Edoras"}
    location, page = follow_to_ruling(client, client.post("/es/ask/war-of-the-ring/battle", data=data))
    ruling = api.ask(permalink.decode(location.rsplit("/", 1)[1]), "es")
    body = text(page)
    assert ruling["answer"] in body
    assert body.count('class="bar-fill"') >= len(ruling["verdict"]["attacker"]["p_hits"])
    assert "0 impactos" in body and "1 impacto<" in body   # singular and plural in Spanish


def test_muster_form_reads_recruit_rows(client):
    data = {"q-nation": "gondor", "q-recruit0-unit": "regular", "q-recruit0-region": "Minas Tirith",
            "pol0-nation": "gondor", "pol0-state": "at-war"}
    location, _ = follow_to_ruling(client, client.post("/en/ask/war-of-the-ring/muster", data=data))
    scenario = permalink.decode(location.rsplit("/", 1)[1])
    assert scenario["question"]["recruit"] == [{"unit": "regular", "region": "Minas Tirith"}]


def test_yaml_boxes_complete_what_the_fields_miss(client):
    data = {"q-players": "2", "extra-question": "card: {keywords: [surge]}"}
    location, _ = follow_to_ruling(client, client.post("/en/ask/lotr-lcg/reveal", data=data))
    scenario = permalink.decode(location.rsplit("/", 1)[1])
    assert scenario["question"] == {"kind": "reveal", "players": 2, "card": {"keywords": ["surge"]}}
    assert api.ask(scenario)["verdict"]["extra_reveals"] == 1


# -- problems beside their fields -------------------------------------------------------------

def field_error(page: str, name: str) -> str:
    match = re.search(rf'id="{re.escape(name)}-error"[^>]*>(.*?)</div>', page)
    return match.group(1) if match else ""


def test_broken_form_shows_each_problem_beside_its_field_and_keeps_the_input(client):
    data = {**BESIEGED, "q-from": "Helms Dep", "r0-sh0-regular": "many", "q-to": "Westemnet"}
    response = client.post("/en/ask/war-of-the-ring/army-move", data=data)
    assert response.status_code == 400
    page = text(response)
    assert "Unknown region" in field_error(page, "q-from") and "Helm's Deep" in field_error(page, "q-from")
    assert "whole number" in field_error(page, "r0-sh0-regular")
    assert 'value="Helms Dep"' in page and 'value="many"' in page   # kept as typed
    assert 'aria-invalid="true"' in page
    assert 'id="problems"' in page and 'href="#q-from"' in page   # the summary leads to each field


def test_field_errors_in_spanish_on_the_spanish_page(client):
    response = client.post("/es/ask/war-of-the-ring/army-move", data={**BESIEGED, "q-to": "Mordorr"})
    assert response.status_code == 400
    assert "Región desconocida" in field_error(text(response), "q-to")


def test_required_field_left_empty(client):
    response = client.post("/en/ask/war-of-the-ring/battle", data={"q-to": "Edoras"})
    assert response.status_code == 400
    assert "required" in field_error(text(response), "q-from")


def test_bad_yaml_box_is_reported_on_the_box(client):
    response = client.post("/en/ask/lotr-lcg/reveal", data={"q-players": "2", "extra-question": "card: [unclosed"})
    assert response.status_code == 400
    assert "YAML" in field_error(text(response), "extra-question")


def test_count_without_nation_and_duplicate_region(client):
    data = {"r0-name": "Edoras", "r0-fp0-regular": "2", "r1-name": "Edoras", "q-from": "Edoras", "q-to": "Folde"}
    page = text(client.post("/en/ask/war-of-the-ring/army-move", data=data))
    assert field_error(page, "r0-fp0-nation")
    assert "twice" in field_error(page, "r1-name")


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(values=st.dictionaries(st.sampled_from(["q-from", "q-to", "q-side", "q-units", "q-die", "r0-name",
                                               "r0-control", "r0-besieged", "r0-fp0-nation", "r0-fp0-regular",
                                               "r0-sh-nazgul", "pol0-nation", "pol0-state", "extra-position",
                                               "extra-question", "title"]),
                              st.text(max_size=40)))
def test_any_form_input_gives_a_ruling_or_field_errors_never_a_crash(client, values):
    response = client.post("/en/ask/war-of-the-ring/army-move", data=values)
    assert response.status_code in (303, 400)


# -- pasting a scenario -----------------------------------------------------------------------

def test_paste_yaml_gives_a_ruling(client, scenario_files):
    example = next(p for p in scenario_files if p.name == "besieged-army-cannot-leave.yaml")
    response = client.post("/en/ask", data={"scenario": example.read_text(encoding="utf-8")})
    _, page = follow_to_ruling(client, response)
    assert page.status_code == 200


def test_paste_broken_yaml_keeps_the_text_and_says_where(client):
    response = client.post("/es/ask", data={"scenario": "game: war-of-the-ring\nquestion: [\n"})
    assert response.status_code == 400
    page = text(response)
    assert "YAML" in page and "línea" in page
    assert "game: war-of-the-ring" in page


def test_edit_link_prefills_the_scenario(client):
    location, _ = follow_to_ruling(client, client.post("/en/ask/war-of-the-ring/army-move", data=BESIEGED))
    token = location.rsplit("/", 1)[1]
    page = text(client.get(f"/en/ask?from={token}"))
    assert "kind: army-move" in page and "Helm's Deep" in page


# -- the ruling page and permalinks ------------------------------------------------------------

def test_user_text_is_escaped_on_the_ruling_page(client):
    data = {**BESIEGED, "title": "<script>alert('x')</script><b>bold</b>"}
    _, page = follow_to_ruling(client, client.post("/en/ask/war-of-the-ring/army-move", data=data))
    raw = page.get_data(as_text=True)
    assert "<script>alert" not in raw and "<b>bold</b>" not in raw
    assert "&lt;script&gt;alert(" in raw


def test_user_text_is_escaped_in_form_errors(client):
    response = client.post("/en/ask/war-of-the-ring/army-move", data={"q-from": "<img src=x onerror=alert(1)>"})
    raw = response.get_data(as_text=True)
    assert "<img src=x" not in raw and "&lt;img src=x onerror=alert(1)&gt;" in raw


def test_permalink_round_trip_and_both_languages(client):
    scenario = {"game": "war-of-the-ring", "title": "Ñandú – «prueba» ✓",
                "position": {"fellowship": {"region": "Fangorn"}, "hunt": {"box": {"shadow": 4}}},
                "question": {"kind": "hunt-roll"}}
    token = permalink.encode(scenario)
    assert permalink.decode(token) == scenario
    en, es = client.get(f"/en/r/{token}"), client.get(f"/es/r/{token}")
    assert en.status_code == es.status_code == 200
    assert api.ask(scenario, "en")["answer"] in text(en)
    assert api.ask(scenario, "es")["answer"] in text(es)
    assert f'href="/es/r/{token}"' in text(en)   # the same ruling in the other language
    assert "Ñandú – «prueba» ✓" in text(es)


@pytest.mark.parametrize("token", ["x", "!!!", "eJwLSS0u0Q", "A" * 20000,
                                   permalink.encode({"game": "war-of-the-ring"})[:-3]])
def test_damaged_permalink_is_a_friendly_400(client, token):
    response = client.get(f"/en/r/{token}")
    assert response.status_code in (400, 404)
    assert "Traceback" not in response.get_data(as_text=True)


def test_permalink_refuses_a_zip_bomb():
    import base64

    bomb = base64.urlsafe_b64encode(zlib.compress(b"[" + b" " * (10 * 1024 * 1024) + b"]", 9)).decode().rstrip("=")
    with pytest.raises(permalink.BadToken):
        permalink.decode(bomb)


def test_permalink_to_an_unreadable_scenario_lists_its_problems(client):
    token = permalink.encode({"game": "war-of-the-ring", "question": {"kind": "army-move", "from": "Nowhere"}})
    response = client.get(f"/en/r/{token}")
    assert response.status_code == 400
    assert "question.from" in text(response) and f"/en/ask?from={token}" in text(response)


# -- search, docs, headers -------------------------------------------------------------------------

def test_search_page_without_an_index_says_how_to_build_it(client):
    response = client.get("/en/search?q=siege")
    assert response.status_code == 200
    page = text(response)
    assert "adjudicator build index" in page or 'class="results"' in page


def test_search_snippets_keep_only_mark():
    assert safe_snippet("a <mark>siege</mark> &amp; more") == "a <mark>siege</mark> &amp; more"
    assert "<script>" not in safe_snippet("<script>alert(1)</script><mark>x</mark>")
    assert "<img" not in safe_snippet("<mark><img src=x onerror=1></mark>")


def test_docs_search_box_leads_to_the_apps_search_in_the_pages_language(docs_app):
    client = docs_app.test_client()
    for lang in ("en", "es"):
        response = client.get(f"/{lang}/docs/search.html?q=asedio+salida&check_keywords=yes")
        assert response.status_code == 302
        assert response.headers["Location"] == f"/{lang}/search?q=asedio+salida"
    assert client.get("/es/docs/search.html").headers["Location"] == "/es/search"


def test_search_page_names_the_form_it_links_in_the_page_language(client, monkeypatch):
    # The link once showed the form's bilingual title object ("Text(en=..., es=...)").
    from web import engine, forms

    found = {"query": "retreat", "matched": True, "suggestion": None, "closest": [],
             "results": [{"label": "wotr-battle-retreat", "title": "Retreat", "page": "board/battles",
                          "url": "/en/docs/board/battles.html#wotr-battle-retreat", "kind": "rule",
                          "snippet": "retreat", "score": 3.0}]}
    monkeypatch.setattr(engine, "search", lambda q, lang, limit=20: json.loads(json.dumps(found)))
    title = forms.form_for("war-of-the-ring", "retreat").title
    for lang, words in (("en", "Ask about this"), ("es", "Preguntar sobre esto")):
        page = client.get(f"/{lang}/search?q=retreat").get_data(as_text=True)
        link = f'<a class="ask-link" href="/{lang}/ask/war-of-the-ring/retreat">{words}: {title.get(lang)}</a>'
        assert link in page
        assert "Text(" not in page


def test_search_page_offers_ask_about_this_and_says_when_nothing_matches(client, monkeypatch):
    from web import engine

    found = {"query": "retreat", "lang": "es", "matched": True, "suggestion": None, "closest": [],
             "results": [{"label": "wotr-battle-retreat", "title": "Retirada", "page": "board/battles",
                          "url": "/es/docs/board/battles.html#wotr-battle-retreat", "kind": "rule",
                          "snippet": "el <mark>retirarse</mark>", "score": 3.0}]}
    monkeypatch.setattr(engine, "search", lambda q, lang, limit=20: json.loads(json.dumps(found)))
    page = client.get("/es/search?q=retirada").get_data(as_text=True)
    assert '<a class="ask-link" href="/es/ask/war-of-the-ring/retreat">Preguntar sobre esto' in page
    nothing = {**found, "matched": False, "results": [],
               "closest": [{"label": "term-Hunt-Box", "title": "Casilla de Búsqueda", "page": "glossary",
                            "url": "/es/docs/glossary.html#term-Hunt-Box", "kind": "term"}]}
    monkeypatch.setattr(engine, "search", lambda q, lang, limit=20: json.loads(json.dumps(nothing)))
    page = client.get("/es/search?q=receta+de+paella").get_data(as_text=True)
    assert "Ninguna regla coincide con «receta de paella»." in page
    assert "Términos más cercanos:" in page and "Casilla de Búsqueda" in page
    assert 'class="result-link"' not in page
    for lang, words in (("es", "no da estrategias"), ("en", "does not give strategy")):
        monkeypatch.setattr(engine, "search", lambda q, lang, limit=20: json.loads(json.dumps(
            {**nothing, "lang": lang, "outside": "advice"})))
        page = client.get(f"/{lang}/search?q=best+strategy").get_data(as_text=True)
        assert re.search(rf'<p class="outside">[^<]*{words}', page), lang


def test_a_described_situation_offers_its_question_with_the_form_filled_in(client, monkeypatch):
    """"my 4 Gondor regulars and a leader in Pelargir, can they march to Lamedon?": "Ask:" the
    army move, and the form opens with the regions and the units filled in (issue 25)."""
    import html as html_mod

    from adjudicator.search.situation import ask_entry
    from web import engine

    query = "my 4 Gondor regulars and a leader in Pelargir, can they march to Lamedon?"
    ask, _described = ask_entry(query, "en")
    found = {"query": query, "lang": "en", "matched": True, "unsure": True, "suggestion": None, "closest": [],
             "ask": ask, "results": [{"label": "wotr-army-move", "title": "Moving armies", "page": "board/movement",
                                      "url": "/en/docs/board/movement.html#wotr-army-move", "kind": "rule",
                                      "snippet": "move", "score": 3.0}]}
    monkeypatch.setattr(engine, "search", lambda q, lang, limit=20: json.loads(json.dumps(found)))
    page = client.get("/en/search", query_string={"q": query}).get_data(as_text=True)
    assert "Did you mean one of these?" in page
    link = re.search(r'<p class="ask-situation"><a class="ask-link" href="([^"]+)">Ask: ([^<]+)</a>', page)
    assert link and link.group(1).startswith("/en/ask/war-of-the-ring/army-move?from=")
    # "Ask about this" of a rule opens prefilled too (the same game's form)
    assert 'href="/en/ask/war-of-the-ring/army-move?from=' in page.split('class="results"')[1]
    form = client.get(html_mod.unescape(link.group(1))).get_data(as_text=True)
    for name, value in (("q-from", "Pelargir"), ("q-to", "Lamedon"), ("r0-fp0-nation", "gondor"),
                        ("r0-fp0-regular", "4"), ("r0-fp0-leader", "1")):
        assert re.search(rf'name="{name}"[^>]*value="{value}"|value="{value}"[^>]*name="{name}"', form) \
            or re.search(rf'name="{name}"[^>]*>(?:(?!</select>).)*<option[^>]*value="{value}"[^>]*selected',
                         form, re.S), name
    spanish = client.get("/es/search", query_string={"q": query}).get_data(as_text=True)
    assert "Preguntar: " in spanish and "¿Querías decir una de estas?" in spanish


def _search_page_offering(client, monkeypatch, query: str, label: str, page: str) -> str:
    """The English search page of ``query`` when its one rule found is ``label`` (of ``page``), with the
    situation the query describes read as the search reads it."""
    from adjudicator.search.situation import ask_entry
    from web import engine

    ask, _described = ask_entry(query, "en")
    found = {"query": query, "lang": "en", "matched": True, "unsure": False, "suggestion": None, "closest": [],
             "ask": ask, "results": [{"label": label, "title": label, "page": page,
                                      "url": f"/en/docs/{page}.html#{label}", "kind": "rule",
                                      "snippet": "rule", "score": 3.0}]}
    monkeypatch.setattr(engine, "search", lambda q, lang, limit=20: json.loads(json.dumps(found)))
    return client.get("/en/search", query_string={"q": query}).get_data(as_text=True)


def test_a_draw_onto_a_hand_offers_the_draw_question_filled_in(client, monkeypatch):
    """"3 event cards and 2 combat cards in hand and draw two more": "Ask:" the draw, its form
    opened with the hand and the draw (sets 54 and 62, spent)."""
    query = "I got 3 event cards and 2 combat cards in hand and draw two more, do I discard down to 6"
    page = _search_page_offering(client, monkeypatch, query, "wotr-hand-limit", "board/actions")
    link = re.search(r'<p class="ask-situation"><a class="ask-link" href="([^"]+)">Ask: ([^<]+)</a>', page)
    assert link and link.group(1).startswith("/en/ask/war-of-the-ring/draw-cards?from="), page
    form = client.get(unescape(link.group(1))).get_data(as_text=True)
    for name, value in (("q-hand", "5"), ("q-draw", "2")):
        assert re.search(rf'name="{name}"[^>]*value="{value}"|value="{value}"[^>]*name="{name}"', form), name


def test_docs_are_served_from_the_build_with_safe_paths(docs_app):
    client = docs_app.test_client()
    with client.get("/en/docs/board/sieges.html") as page:
        assert page.status_code == 200 and b"wotr-siege-besieged-army" in page.data
    for bad in ("/en/docs/../../secret.txt", "/en/docs/..%2F..%2Fsecret.txt", "/en/docs//etc/passwd",
                "/en/docs/%2e%2e/%2e%2e/secret.txt", "/es/docs/no-such-page.html"):
        with client.get(bad) as response:
            assert response.status_code in (404, 308), bad
            assert b"not to be served" not in response.data
    assert client.get("/es/docs/").headers["Location"].endswith("/es/docs/index.html")


def test_docs_policy_allows_exactly_the_inline_scripts_of_the_page(docs_app):
    import base64
    import hashlib

    with docs_app.test_client().get("/en/docs/index.html") as response:
        policy = response.headers["Content-Security-Policy"]
    digest = base64.b64encode(hashlib.sha256(b"var shown = 1;").digest()).decode()
    assert f"'sha256-{digest}'" in policy and "'unsafe-inline'" not in policy.split("script-src")[1].split(";")[0]


def test_missing_docs_say_how_to_build_them(client):
    response = client.get("/en/docs/index.html")
    assert response.status_code == 404
    assert "adjudicator build docs" in text(response)


@pytest.mark.parametrize("url", ["/en/", "/es/ask/war-of-the-ring/battle", "/api/v1/openapi.json",
                                 "/static/app.css", "/en/no-such-page", "/api/v1/nothing"])
def test_security_headers_on_every_response(client, url):
    with client.get(url) as response:
        headers = response.headers
    assert "default-src 'self'" in headers["Content-Security-Policy"]
    assert "frame-ancestors 'none'" in headers["Content-Security-Policy"]
    assert "'unsafe-inline'" not in headers["Content-Security-Policy"]
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["X-Frame-Options"] == "DENY"
    assert headers["Referrer-Policy"] == "no-referrer"


def test_pages_have_no_inline_script_and_a_viewport(client):
    for url in ("/en/", "/en/ask/war-of-the-ring/army-move", "/en/ask", "/en/search?q=x"):
        raw = client.get(url).get_data(as_text=True)
        assert re.search(r"<script>(?!\s*</script>)", raw) is None
        assert 'name="viewport"' in raw


def test_an_engine_crash_is_a_page_or_json_not_a_traceback(client, monkeypatch):
    def crash(*args, **kwargs):
        raise RuntimeError("boom in a rule module")

    monkeypatch.setattr(api, "ask", crash)
    page = client.get(f"/en/r/{permalink.encode({'game': 'war-of-the-ring'})}")
    assert page.status_code == 500 and "boom" not in page.get_data(as_text=True)
    assert "Something went wrong" in text(page)
    response = client.post("/api/v1/rulings", json={"game": "war-of-the-ring"})
    assert response.status_code == 500 and response.get_json()["errors"][0]["message"]
    assert "boom" not in response.get_data(as_text=True)


# -- the Spanish catalogue --------------------------------------------------------------------------

def test_every_interface_string_has_a_spanish_translation():
    from pathlib import Path

    from babel.messages.extract import extract_from_dir
    from babel.messages.frontend import parse_mapping_cfg
    from babel.messages.pofile import read_po

    from web import present

    root = Path(__file__).resolve().parents[2]
    method_map, options_map = parse_mapping_cfg(io.StringIO((root / "web" / "babel.cfg").read_text()))
    msgids = {m[2] for m in extract_from_dir(str(root), method_map, options_map)}
    msgids |= forms.all_labels() | present.all_labels()
    with (root / "web" / "translations" / "es" / "LC_MESSAGES" / "messages.po").open("rb") as fh:
        catalogue = read_po(fh, locale="es")
    missing = []
    for msgid in msgids:
        key = msgid if isinstance(msgid, str) else msgid[0]
        entry = catalogue.get(key)
        strings = (entry.string if isinstance(entry.string, tuple) else (entry.string,)) if entry else ("",)
        if not all(strings):
            missing.append(key)
        elif entry and "%(" in key:
            assert set(re.findall(r"%\((\w+)\)s", key)) == set(re.findall(r"%\((\w+)\)s", "".join(strings))), key
    assert not missing, f"untranslated: {sorted(missing)}"


def test_too_large_form_is_a_413_page(client):
    response = client.post("/en/ask", data={"scenario": "x" * (70 * 1024)})
    assert response.status_code == 413
    assert "too large" in text(response) and "Traceback" not in text(response)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(scenario=st.text(max_size=300) | st.builds(
    lambda k, v: f"game: war-of-the-ring\nquestion:\n  kind: {k}\n  from: {v}\nposition: {{regions: {{{v}: {{}}}}}}\n",
    st.sampled_from([k for g in registry.GAMES for k in registry.kinds(g)]), st.text(max_size=15)))
def test_any_pasted_text_gives_a_ruling_or_problems(client, scenario):
    response = client.post("/es/ask", data={"scenario": scenario})
    assert response.status_code in (303, 400)


# -- every scenario file, asked through its kind's form ---------------------------------------

def test_every_scenario_file_asked_through_its_form(client, scenario_path, load_scenario):
    scenario = load_scenario(scenario_path)
    if isinstance(scenario, list) and scenario:   # a file of related cases: its first, through the form
        scenario = scenario[0]
    game = registry.canonical_game(scenario.get("game")) if isinstance(scenario, dict) else None
    if not (game and isinstance(scenario.get("question"), dict)
            and scenario["question"].get("kind") in registry.kinds(game)):
        pytest.skip("not a scenario with a registered kind: the API test covers it")
    lang = scenario.get("lang") if scenario.get("lang") in ("en", "es") else "en"
    spec, values = prefill.form_values(scenario)
    response = client.post(f"/{lang}/ask/{spec.game}/{spec.kind}", data=values)
    try:
        expected = api.ask(scenario, lang)
    except Exception:
        assert response.status_code == 400
        return
    location, _ = follow_to_ruling(client, response)
    asked = permalink.decode(location.rsplit("/", 1)[1])
    got = api.ask(asked, lang)
    expected.pop("title", None), got.pop("title", None)
    assert got == expected


# -- the card games through their own fields ----------------------------------------------------

def test_path_combat_from_the_active_path_fields(client, load_scenario):
    """The Old Forest example typed into the path's card rows gives the scenario file's ruling."""
    data = {"path-name": "Old Forest", "path-defence": "0",
            "path-card0-name": "Old Man Willow", "path-card0-side": "shadow", "path-card0-kind": "card",
            "path-card0-skulls": "3",
            "path-card1-name": "Frodo", "path-card1-side": "free-peoples", "path-card1-kind": "character",
            "path-card1-cancels": "2",
            "path-card2-name": "Sam", "path-card2-side": "free-peoples", "path-card2-kind": "character",
            "path-card2-cancels": "1",
            "path-card3-name": "Merry", "path-card3-side": "free-peoples", "path-card3-kind": "character",
            "path-card3-cancels": "1",
            "q-eliminate": "Sam, Merry, Frodo"}
    location, page = follow_to_ruling(client, client.post("/en/ask/wotr-card-game/path-combat", data=data))
    asked = permalink.decode(location.rsplit("/", 1)[1])
    assert asked["position"]["active_path"]["shadow"] == {"cards": [{"name": "Old Man Willow", "skulls": 3}]}
    from pathlib import Path
    expected = load_scenario(Path(__file__).parents[2] / "scenarios/cardgame/combat/path-combat-order-given.yaml")
    assert api.ask(asked)["verdict"] == api.ask(expected)["verdict"]
    assert api.ask(asked)["answer"] in text(page)


def test_card_rows_show_their_problems_beside_the_cell(client):
    data = {"path-name": "Cirith Ungol", "path-defence": "0",
            "path-card0-name": "Shelob", "path-card0-side": "shadow", "path-card0-kind": "card",
            "path-card0-skulls": "many",
            "path-card1-name": "Sting", "path-card1-side": "free-peoples", "path-card1-kind": "item",
            "path-card1-wielder": "Frodo",
            "path-card2-name": "Sam", "path-card2-kind": "character",
            "q-attackers0-skulls": "2"}
    response = client.post("/es/ask/wotr-card-game/path-combat", data=data)
    assert response.status_code == 400
    page = text(response)
    assert "número entero" in field_error(page, "path-card0-skulls")
    # the summary at the top says where each problem is
    assert re.search(r'href="#path-card0-skulls"><strong>Cartas en el camino 1 · Calaveras</strong>: [^<]*entero', page)
    assert "Frodo" in field_error(page, "path-card1-wielder")
    assert field_error(page, "path-card2-side")            # a card needs its side
    assert field_error(page, "q-attackers0-name")           # a row with values needs its name
    assert 'value="many"' in page


def test_leadership_from_battleground_rows(client):
    card = lambda i, name, kind, faction, lead="": {  # noqa: E731
        f"bg0-card{i}-name": name, f"bg0-card{i}-side": "free-peoples", f"bg0-card{i}-kind": kind,
        f"bg0-card{i}-faction": faction, f"bg0-card{i}-leadership": lead}
    data = {"bg0-name": "Helm's Deep", "bg0-shields": "1", "q-battleground": "Helm's Deep",
            **card(0, "Éomer", "character", "rohan", "1"), **card(1, "Théoden", "character", "rohan", "2"),
            **card(2, "Riders of Rohan", "army", "rohan")}
    location, _ = follow_to_ruling(client, client.post("/en/ask/wotr-card-game/leadership", data=data))
    verdict = api.ask(permalink.decode(location.rsplit("/", 1)[1]))["verdict"]
    assert verdict["leadership"] == 2 and verdict["supported"] == ["Théoden"]


def test_pass_with_player_rows(client):
    data = {"q-player": "Ana", "cg-player0-name": "Ana", "cg-player0-side": "free-peoples", "cg-player0-hand": "4",
            "cg-player1-name": "Ben", "cg-player1-side": "shadow", "cg-player1-hand": "3"}
    location, page = follow_to_ruling(client, client.post("/es/ask/wotr-card-game/pass", data=data))
    assert api.ask(permalink.decode(location.rsplit("/", 1)[1]))["verdict"]["allowed"] is False
    assert re.search(r"<dt>Permitido</dt> <dd> <span class=\"yesno yesno-no\">No</span>", text(page))


def test_lcg_keywords_typed_in_spanish_and_a_card_in_play(client):
    data = {"lcg-players": "3", "q-card.name": "bellach",
            "lcg-card0-name": "Bellach", "lcg-card0-type": "enemy", "lcg-card0-keywords": "Maldito 2, Oleada"}
    location, _ = follow_to_ruling(client, client.post("/es/ask/lotr-lcg/reveal", data=data))
    asked = permalink.decode(location.rsplit("/", 1)[1])
    assert asked["question"]["card"] == "bellach"    # the card in play, by its name
    verdict = api.ask(asked)["verdict"]
    assert verdict["threat_each"] == 2 and verdict["threat_total"] == 6 and verdict["extra_reveals"] == 1
    response = client.post("/es/ask/lotr-lcg/reveal", data={"q-card.keywords": "Maldto 2"})
    assert "maldito" in field_error(text(response), "q-card.keywords")
    response = client.post("/es/ask/lotr-lcg/reveal",
                           data={**data, "lcg-card0-keywords": "Oleda", "lcg-card0-damage": "-1"})
    page = text(response)
    assert "oleada" in field_error(page, "lcg-card0-keywords") and field_error(page, "lcg-card0-damage")


def test_orcs_search_location_fields(client):
    data = {"q-location.name": "Old Well", "q-location.quest_points": "3", "q-location.damage": "3",
            "q-location.tokens.progress": "1", "q-location.attachments": "Forge Map"}
    location, _ = follow_to_ruling(client, client.post("/en/ask/lotr-lcg/orcs-search", data=data))
    verdict = api.ask(permalink.decode(location.rsplit("/", 1)[1]))["verdict"]
    assert verdict["under_objective"] is True
    assert verdict["discard"] == {"tokens": {"damage": 3, "progress": 1}, "attachments": ["Forge Map"]}


@pytest.mark.parametrize("name", ["cardgame/combat/path-combat-order-given", "cardgame/combat/leadership-two-armies",
                                  "cardgame/actions/pass-fewer-than-every-enemy",
                                  "cardgame/activation/reactivate-from-own-scoring-area",
                                  "lcg/celebrimbor/scour-worked-example", "lcg/keywords/reveal-doomed-four-players",
                                  "lcg/keywords/time-from-card-keyword", "lcg/keywords/reveal-from-position"])
def test_edit_link_opens_the_kinds_form_filled_in(client, load_scenario, name):
    """The positions of these files fit the fields: nothing is left for the YAML boxes."""
    from pathlib import Path
    scenario = load_scenario(Path(__file__).parents[2] / "scenarios" / f"{name}.yaml")
    spec, values = prefill.form_values(scenario)
    assert "extra-position" not in values and "extra-question" not in values, values
    token = permalink.encode(scenario)
    ruling = client.get(f"/en/r/{token}").get_data(as_text=True)
    edit = re.search(r'<a href="([^"]+)" class="edit">', ruling).group(1)
    assert edit == f"/en/ask/{spec.game}/{spec.kind}?from={token}"
    form = text(client.get(edit))
    for field_name, value in values.items():
        assert f'name="{field_name}" value="{value}"' in form or \
            re.search(rf'name="{re.escape(field_name)}".*?<option value="{re.escape(value)}" selected>', form), \
            field_name


def test_odds_and_verdict_words_in_the_page_language(client):
    data = {"fel-region": "Fangorn", "hunt-shadow": "4", "hunt-free_peoples": "1"}
    location, page = follow_to_ruling(client, client.post("/en/ask/war-of-the-ring/hunt-roll", data=data))
    assert "80.2 %" in text(page)   # text() folds the no-break space
    es = text(client.get(location.replace("/en/", "/es/", 1)))
    verdict = es[es.index('id="verdict-h"'):es.index('id="why-h"')]
    assert "80,2 %" in verdict and "80.2 " not in verdict
    assert "Leerlo en inglés" in es
    assert "Probabilidad de éxito" in es
    # The JSON API keeps its numbers and keys as they are.
    scenario = permalink.decode(location.rsplit("/", 1)[1])
    api_verdict = client.post("/api/v1/rulings", json=scenario).get_json()["verdict"]
    assert api_verdict["p_success"] == 0.8025


def test_editing_an_unreadable_ruling_shows_its_problems_beside_the_fields(client):
    scenario = {"game": "wotr-card-game", "lang": "en", "position": {
        "active_path": {"name": "Bree", "defence": 0,
                        "shadow": {"cards": [{"name": "Bill Ferny", "skulls": "lots"}]}}},
        "question": {"kind": "path-combat"}}
    token = permalink.encode(scenario)
    ruling = client.get(f"/en/r/{token}")
    assert ruling.status_code == 400
    edit = re.search(r'<a class="button edit" href="([^"]+)"', ruling.get_data(as_text=True)).group(1)
    assert edit == f"/en/ask/wotr-card-game/path-combat?from={token}"
    page = text(client.get(edit))
    assert 'value="lots"' in page and "whole number" in field_error(page, "path-card0-skulls")


CARD_FIELDS = ["path-name", "path-defence", "paths-activated", "path-card0-name", "path-card0-side",
               "path-card0-kind", "path-card0-skulls", "path-card0-cancels", "path-card0-wielder",
               "bg0-name", "bg0-shields", "bg0-card0-name", "bg0-card0-side", "bg0-card0-kind", "bg0-card0-faction",
               "bg0-card0-leadership", "bg1-name", "cg-player0-name", "cg-player0-side", "cg-player0-hand",
               "cg-player0-stack_limit", "cg-player0-scoring_area", "q-attackers0-name", "q-attackers0-skulls",
               "q-defenders0-name", "q-defenders0-cancels", "q-card", "q-player", "extra-position"]
LCG_FIELDS = ["lcg-players", "lcg-first-player", "lcg-player0-name", "lcg-player0-threat", "lcg-card0-name",
              "lcg-card0-type", "lcg-card0-keywords", "lcg-card0-quest_points", "lcg-card0-damage",
              "lcg-card0-progress", "lcg-card0-resource", "lcg-card0-attachments", "lcg-under", "q-card.name",
              "q-card.keywords", "q-location.name", "q-location.quest_points", "q-location.tokens.progress",
              "q-cards", "q-order", "extra-question"]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(kind=st.sampled_from([("wotr-card-game", k, CARD_FIELDS) for k in ("path-combat", "leadership", "activate",
                                                                          "pass", "play-card", "item-move")]
                            + [("lotr-lcg", k, LCG_FIELDS) for k in ("reveal", "time", "scour", "orcs-search")]),
       data=st.data())
def test_any_card_form_input_gives_a_ruling_or_field_errors(client, kind, data):
    game, name, names = kind
    values = data.draw(st.dictionaries(st.sampled_from(names),
                                       st.one_of(st.text(max_size=20), st.sampled_from(
                                           ["shadow", "free-peoples", "character", "army", "item", "3", "Frodo"]))))
    response = client.post(f"/en/ask/{game}/{name}", data=values)
    assert response.status_code in (303, 400)
    if response.status_code == 303:   # and the ruling's Edit link opens the form again without a crash
        token = response.headers["Location"].rsplit("/", 1)[1]
        assert client.get(f"/en/ask/{game}/{name}?from={token}").status_code == 200


JSON_VALUES = st.recursive(st.none() | st.booleans() | st.integers(-3, 30) | st.text(max_size=8),
                           lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
                               st.sampled_from(["name", "side", "hand", "defence", "free_peoples", "shadow",
                                                "characters", "armies", "items", "cards", "skulls", "cancels",
                                                "bearer", "wielder", "affects", "faction", "leadership", "shields",
                                                "keywords", "tokens", "progress", "type", "quest_points", "x"]),
                                               inner, max_size=5),
                           max_leaves=20)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(game_kind=st.sampled_from([(g, k) for g in ("wotr-card-game", "lotr-lcg") for k in registry.kinds(g)]),
       position=st.dictionaries(st.sampled_from(["players", "active_path", "paths_activated", "battlegrounds",
                                                 "in_play", "first_player", "under_orcs_search"]), JSON_VALUES,
                                max_size=4),
       question=st.dictionaries(st.sampled_from(["card", "location", "path", "defence", "attackers", "defenders",
                                                 "player", "hand", "players"]), JSON_VALUES, max_size=3))
def test_any_scenario_opens_in_its_form_and_asks_the_same(client, game_kind, position, question):
    """Edit -> send: the form filled from any scenario asks what the scenario asked."""
    game, kind = game_kind
    scenario = {"game": game, "lang": "en", "position": position, "question": {"kind": kind, **question}}
    spec, values = prefill.form_values(scenario)
    response = client.post(f"/en/ask/{game}/{kind}", data=values)
    try:
        expected = api.ask(scenario, "en")
    except Exception:
        assert response.status_code == 400
        return
    assert response.status_code == 303, text(response)[:1500]
    assert api.ask(permalink.decode(response.headers["Location"].rsplit("/", 1)[1]), "en") == expected


def test_item_moves_with_its_wielder_from_a_reserve_row(client, load_scenario):
    from pathlib import Path
    data = {"cg-player0-name": "Ana", "cg-player0-side": "free-peoples",
            "reserve-card0-name": "Frodo", "reserve-card0-owner": "ana", "reserve-card0-kind": "character",
            "reserve-card1-name": "Sting", "reserve-card1-owner": "Ana", "reserve-card1-kind": "item",
            "reserve-card1-wielder": "Frodo",
            "q-item": "Sting", "q-event": "wielder-moves", "q-to": "Weathertop"}
    location, _ = follow_to_ruling(client, client.post("/en/ask/wotr-card-game/item-move", data=data))
    asked = permalink.decode(location.rsplit("/", 1)[1])
    expected = load_scenario(Path(__file__).parents[2] / "scenarios/cardgame/items/item-moves-with-bearer.yaml")
    assert api.ask(asked)["verdict"] == api.ask(expected)["verdict"]
    bad = client.post("/es/ask/wotr-card-game/item-move", data={**data, "reserve-card1-owner": "Luis"})
    assert "jugadores de arriba" in field_error(text(bad), "reserve-card1-owner")
    # the activate form has no reserves: they do not matter there
    assert 'name="reserve-card0-name"' not in client.get("/en/ask/wotr-card-game/activate").get_data(as_text=True)


def test_a_page_not_found_under_a_language_speaks_that_language(client):
    response = client.get("/es/no/such/page", headers={"Accept-Language": "en"})
    assert response.status_code == 404
    assert "There is no page" not in response.get_data(as_text=True)
    assert 'lang="es"' in response.get_data(as_text=True)


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "the siege battle ends, the Stronghold still besieged"),
    ("es", "termina la batalla de asedio y el baluarte sigue asediado")])
def test_whole_battle_ruling_names_why_the_defender_holds(client, lang, words):
    scenario = {"game": "war-of-the-ring", "position": {"regions": {"Minas Tirith": {
        "besieged": "free-peoples", "free_peoples": {"gondor": {"regular": 3, "elite": 2}},
        "shadow": {"sauron": {"regular": 6, "elite": 1}}}}, "politics": {"sauron": "at-war", "gondor": "at-war"}},
        "question": {"kind": "battle-outcome", "from": "Minas Tirith", "to": "Minas Tirith", "type": "siege"}}
    page = text(client.get(f"/{lang}/r/{permalink.encode(scenario)}"))
    assert words in page
    assert "siege-ended" not in page


@pytest.mark.parametrize(("lang", "title"), [("en", "Can this army move there?"),
                                             ("es", "¿Puede este ejército moverse allí?")])
def test_a_ruling_page_names_its_question_in_words_not_its_kind_id(client, lang, title):
    regions = {"Edoras": {"free_peoples": {"rohan": {"regular": 2}}}}
    scenario = {"game": "war-of-the-ring", "position": {"regions": regions, "politics": {"rohan": "at-war"}},
                "question": {"kind": "army-move", "from": "Edoras", "to": "Westemnet"}}
    page = client.get(f"/{lang}/r/{permalink.encode(scenario)}").get_data(as_text=True)
    crumbs = re.search(r'<p class="crumbs">(.*?)</p>', page, re.S).group(1)
    assert unescape(crumbs).endswith(title) and "army-move" not in crumbs
# -- the verdict in words, one percentage per chance -----------------------------------------------

def test_the_ruling_page_rounds_a_chance_from_its_exact_fraction_as_the_answer_does(client):
    scenario = {"game": "war-of-the-ring", "question": {"kind": "hunt-roll"},
                "position": {"fellowship": {"region": "Minas Morgul"},
                             "hunt": {"box": {"shadow": 4, "free_peoples": 1}},
                             "regions": {"Minas Morgul": {"shadow": {"sauron": {"regular": 2}, "nazgul": 1}}}}}
    page = client.get(f"/es/r/{permalink.encode(scenario)}").get_data(as_text=True)
    assert '<span class="bar-value">94,1\u00a0% <span class="exact">(2059/2187)</span>' in page   # 0.94147
    assert "94,2" not in page


@pytest.mark.parametrize("scenario, words, raw", [
    ("wotr/battles/batalla-ciudad-primera-ronda.yaml",
     ("Dados", "Impacta con", "Probabilidad de cada número de impactos"), ("hit_on", "p_hits", "rerolls")),
    ("cardgame/actions/pasar-menor-que-enemigo.yaml", ("Menos cartas que cada enemigo",), ("smaller", "Smaller")),
    ("lcg/celebrimbor/busqueda-orcos-descarta.yaml", ("Fichas", "Vinculadas", "Daño"), ("tokens", "attachments")),
])
def test_the_ruling_page_says_nested_keys_and_reasons_in_spanish(client, scenario, words, raw):
    from pathlib import Path

    import yaml

    loaded = yaml.safe_load((Path(__file__).resolve().parents[2] / "scenarios" / scenario).read_text("utf-8"))
    page = text(client.get(f"/es/r/{permalink.encode(loaded)}"))
    verdict = page[page.index('<dl class="verdict">'):]
    assert all(w in verdict for w in words), [w for w in words if w not in verdict]
    assert not [r for r in raw if re.search(rf">\s*{r}", verdict)]
