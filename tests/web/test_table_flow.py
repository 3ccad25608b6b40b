"""Issue 15 at the table, in a real browser (Debian's Chromium through Playwright) on a
390x844 phone, in both languages, with and without JavaScript: a siege set up by tapping
the map and the steppers, the ruling's regions marked, Back with the position intact, a
second question on the same position, the share control; the actions counted against the
forms before (tests/web/table_flows.py); axe on a form and a ruling.

The app is served by waitress as ``adjudicator serve`` serves it, without the rules
reference (these pages do not need it). Locally the tests skip without /usr/bin/chromium;
in CI (CI=true) they fail instead (the ``browser`` fixture, tests/web/conftest.py).
"""
from __future__ import annotations

import json
import re
import tempfile
import threading
from pathlib import Path

import pytest
import table_flows as tf

from adjudicator import api, data
from web import permalink

RESULTS = Path(__file__).resolve().parents[2] / "test-results"
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}
GAME = "war-of-the-ring"
WORDS = {"en": {"siege": "Siege", "ask": "Get the ruling", "new": "New question on this position",
                "whole": "If I keep attacking, who wins?", "change": "Change this and ask again"},
         "es": {"siege": "Asedio", "ask": "Obtener el dictamen", "new": "Nueva pregunta sobre esta posición",
                "whole": "Si sigo atacando, ¿quién gana?", "change": "Cambiarlo y volver a preguntar"}}


@pytest.fixture(scope="module")
def site():
    import waitress

    from web import create_app

    app = create_app({"BUILD_DIR": tempfile.mkdtemp(prefix="table-flow-")})
    server = waitress.create_server(app, host="127.0.0.1", port=0, threads=4, asyncore_use_poll=True)
    threading.Thread(target=server.run, daemon=True).start()
    yield f"http://127.0.0.1:{server.effective_port}"
    server.close()


def phone_page(browser, site, lang: str, js: bool = True):
    context = browser.new_context(base_url=site, java_script_enabled=js, locale="es-ES" if lang == "es" else "en-GB",
                                   **PHONE)
    page = context.new_page()
    page.problems = []   # type: ignore[attr-defined]
    page.on("pageerror", lambda exc: page.problems.append(str(exc)))
    page.on("console", lambda msg: page.problems.append(msg.text) if "Content Security Policy" in msg.text else None)
    page.set_default_timeout(15000)
    return context, page


def name(region: str, lang: str) -> str:
    return data.regions()[region]["name"][lang]


def token_of(url: str) -> str:
    return re.search(r"/r/([A-Za-z0-9_-]+)$", url).group(1)


SIEGE_FIELDS = {"r0-fp0-regular": "2", "r0-fp0-elite": "1", "r0-sh0-regular": "5", "r0-sh0-elite": "1"}


def set_up_a_siege_by_tapping(page, lang: str) -> tf.Actor:
    """Minas Tirith besieged by Sauron, the Shadow attacking: all by taps, but the 5."""
    a = tf.Actor(page)
    mt = "minas-tirith"
    tf.tap_region(a, mt, lambda: page.locator("#q-from").input_value() == name(mt, lang))
    # To offers only what a battle could be fought against: the region itself or a neighbour
    candidates = set(page.locator("#map").get_attribute("data-candidates").split())
    assert candidates == {mt, *data.regions()[mt]["adjacent"]}
    tf.tap_region(a, mt, lambda: page.locator("#q-to").input_value() == name(mt, lang))
    a.tap(page.locator(f"#q-type label:text-is('{WORDS[lang]['siege']}')"), "siege")
    a.tap(page.locator("label[for='q-side--2']"), "the Shadow attacks")
    a.tap(page.locator("label[for='r0-besieged--1']"), "the Free Peoples are besieged")
    for field, n in SIEGE_FIELDS.items():
        tf.count(a, field, int(n))
    a.tap(page.locator("label[for='pol-preset--1']"), "everyone At War")
    return a


def position_of(page) -> dict[str, str]:
    names = ["q-from", "q-to", "r0-name", "r0-fp0-nation", "r0-sh0-nation", *SIEGE_FIELDS]
    out = {n: page.locator(f"[name='{n}']").first.input_value() for n in names}
    for radio in ("q-type", "q-side", "r0-besieged", "pol-preset"):
        out[radio] = page.evaluate(f"() => (document.querySelector('input[name={radio}]:checked') || {{}}).value")
    return out


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_siege_by_taps_back_and_a_second_question_on_the_same_position(browser, site, lang):
    context, page = phone_page(browser, site, lang)
    try:
        page.goto(f"/{lang}/ask/{GAME}/battle")
        page.locator("#map.live").wait_for()
        set_up_a_siege_by_tapping(page, lang)
        expected = {"q-from": name("minas-tirith", lang), "q-to": name("minas-tirith", lang),
                    "r0-name": name("minas-tirith", lang), "r0-fp0-nation": "gondor", "r0-sh0-nation": "sauron",
                    **SIEGE_FIELDS, "q-type": "siege", "q-side": "shadow", "r0-besieged": "free-peoples",
                    "pol-preset": "at-war"}
        assert position_of(page) == expected
        # the map shows what the form holds
        assert page.locator('#map [data-region="minas-tirith"]').get_attribute("data-role") == "to"
        army = page.locator('#map [data-region="minas-tirith"] text.a').text_content()
        assert army == ("FP 3 · S 6" if lang == "en" else "PL 3 · S 6")
        RESULTS.mkdir(exist_ok=True)
        page.screenshot(path=str(RESULTS / f"siege-form-{lang}-phone.png"), full_page=True)
        page.get_by_role("button", name=WORDS[lang]["ask"]).last.tap()
        page.wait_for_url(re.compile(r"/r/[A-Za-z0-9_-]+$"))
        scenario = permalink.decode(token_of(page.url))
        ruling = api.ask(scenario, lang)
        assert ruling["verdict"]["allowed"] is True and ruling["verdict"]["type"] == "siege"
        assert page.locator("#answer").inner_text().strip() == ruling["answer"]
        assert page.locator('#map [data-region="minas-tirith"]').get_attribute("data-role") is not None
        assert name("minas-tirith", lang) in page.locator("#map-legend").inner_text()
        page.screenshot(path=str(RESULTS / f"siege-ruling-{lang}-phone.png"), full_page=True)

        page.go_back()
        page.wait_for_url(f"**/{lang}/ask/{GAME}/battle")
        page.locator("#map.live").wait_for()
        assert position_of(page) == expected
        page.wait_for_function("() => (document.getElementById('map').getAttribute('data-roles') || '')"
                               ".includes('minas-tirith')")

        page.go_forward()
        page.wait_for_url(re.compile(r"/r/[A-Za-z0-9_-]+$"))
        page.get_by_role("link", name=WORDS[lang]["new"]).tap()
        page.wait_for_url(f"**/{lang}/ask/{GAME}?from=*")
        page.get_by_role("link", name=WORDS[lang]["whole"]).tap()
        page.wait_for_url(f"**/{lang}/ask/{GAME}/battle-outcome?from=*")
        page.locator("#map.live").wait_for()
        # the position came along, and so did the battle (the whole battle asks about the same one)
        assert position_of(page) == expected
        page.get_by_role("button", name=WORDS[lang]["ask"]).last.tap()
        page.wait_for_url(re.compile(r"/r/[A-Za-z0-9_-]+$"))
        second = permalink.decode(token_of(page.url))
        assert second["position"] == scenario["position"] and second["question"]["kind"] == "battle-outcome"
        assert page.locator("svg.split-bar").count() == 1 and page.locator("svg.cols").count() == 3
        # the share control is there, and reachable
        share = page.locator("#share-controls")
        share.scroll_into_view_if_needed()
        assert share.is_visible()
        assert share.locator("a, button:visible, input").count() >= 1
        page.screenshot(path=str(RESULTS / f"whole-battle-ruling-{lang}-phone.png"), full_page=True)
        assert page.problems == []
    finally:
        context.close()


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_same_siege_without_javascript(browser, site, lang):
    context, page = phone_page(browser, site, lang, js=False)
    try:
        page.goto(f"/{lang}/ask/{GAME}/battle")
        assert page.locator(".map-modes").is_hidden() and page.locator("button.step-btn").first.is_hidden()
        mt = name("minas-tirith", lang)
        page.locator("#q-from").fill(mt)
        page.locator("#q-to").fill(mt)
        for label in (f"#q-type label:text-is('{WORDS[lang]['siege']}')", "label[for='q-side--2']",
                      "label[for='r0-besieged--1']", "label[for='pol-preset--1']"):
            page.locator(label).tap()
        page.locator("#r0-fp0-nation").select_option("gondor")   # the row's region left empty: it is From
        page.locator("#r0-sh0-nation").select_option("sauron")
        for field, n in SIEGE_FIELDS.items():
            page.locator(f"#{field}").fill(n)
        page.get_by_role("button", name=WORDS[lang]["ask"]).last.tap()
        page.wait_for_url(re.compile(r"/r/[A-Za-z0-9_-]+$"))
        scenario = permalink.decode(token_of(page.url))
        assert list(scenario["position"]["regions"]) == [mt]
        ruling = api.ask(scenario, lang)
        assert page.locator("#answer").inner_text().strip() == ruling["answer"]
        assert mt in page.locator("#map-legend").inner_text()          # the plain list says what the map marks
        page.go_back()
        page.wait_for_url(f"**/{lang}/ask/{GAME}/battle")
        assert page.locator("#q-from").input_value() == mt and page.locator("#r0-sh0-regular").input_value() == "5"
        assert page.locator("#pol-preset--1").is_checked()
        page.go_forward()
        page.wait_for_url(re.compile(r"/r/[A-Za-z0-9_-]+$"))
        page.get_by_role("link", name=WORDS[lang]["new"]).tap()
        page.get_by_role("link", name=WORDS[lang]["whole"]).tap()
        page.wait_for_url(f"**/{lang}/ask/{GAME}/battle-outcome?from=*")
        assert page.locator("#r0-name").input_value() == mt and page.locator("#pol-preset--1").is_checked()
        assert page.locator("#q-from").input_value() == mt and page.locator("#q-side--2").is_checked()
        page.get_by_role("button", name=WORDS[lang]["ask"]).last.tap()
        page.wait_for_url(re.compile(r"/r/[A-Za-z0-9_-]+$"))
        assert permalink.decode(token_of(page.url))["position"] == scenario["position"]
        assert page.locator("#share-controls").is_visible()
        assert page.locator("#permalink").input_value().endswith(token_of(page.url))
    finally:
        context.close()


def test_change_this_and_ask_again_opens_the_field(browser, site):
    context, page = phone_page(browser, site, "en")
    scenario = {"game": GAME, "lang": "en", "position": tf_position(),
                "question": {"kind": "battle", "from": "Minas Tirith", "to": "Minas Tirith", "type": "sortie"}}
    try:
        page.goto(f"/en/r/{permalink.encode(scenario)}")
        assert "not At War" in page.locator("#answer").inner_text()
        page.get_by_role("link", name=WORDS["en"]["change"]).first.tap()
        page.wait_for_url("**focus=pol-preset*")
        assert page.evaluate("() => document.activeElement.name") == "pol-preset"
        page.locator("label[for='pol-preset--1']").tap()
        page.get_by_role("button", name=WORDS["en"]["ask"]).last.tap()
        page.wait_for_url(re.compile(r"/r/[A-Za-z0-9_-]+$"))
        assert page.locator("#answer").inner_text().startswith("Yes")
    finally:
        context.close()


def tf_position() -> dict:
    return {"regions": {"Minas Tirith": {"besieged": "free-peoples",
                                         "free_peoples": {"gondor": {"regular": 3, "elite": 1, "leader": 1}},
                                         "shadow": {"sauron": {"regular": 6, "elite": 2}}}}}


def test_the_battle_form_turns_into_the_whole_battle(browser, site):
    context, page = phone_page(browser, site, "es")
    try:
        page.goto(f"/es/ask/{GAME}/battle")
        page.locator("#map.live").wait_for()
        set_up_a_siege_by_tapping(page, "es")
        before = position_of(page)
        page.get_by_role("button", name="Batalla entera").tap()
        page.wait_for_url(f"**/es/ask/{GAME}/battle-outcome?from=*")
        assert position_of(page) == before
    finally:
        context.close()


# -- the actions a question takes, before and after ------------------------------------------

@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_two_questions_take_under_half_the_actions(browser, site, lang):
    figures = {}
    for question, flow in (("army-move", tf.new_army_move), ("sortie", tf.new_sortie)):
        context, page = phone_page(browser, site, lang)
        try:
            actor = flow(page, lang)
            scenario = permalink.decode(token_of(page.url))
            ruling = api.ask(scenario, lang)
            assert ruling["verdict"]["allowed"] is True          # the question asked is the one meant
            assert scenario["position"]["politics"]["gondor" if question == "sortie" else "rohan"] == "at-war"
            page.goto(f"/{lang}/ask/{GAME}/{'battle' if question == 'sortie' else question}")
            figures[question] = {**actor.figures(), "tab_stops": tf.tab_stops_to_submit(page), "log": actor.log}
            assert page.problems == []
        finally:
            context.close()
        before = tf.BEFORE[question]
        assert figures[question]["actions"] * 2 < before["actions"], (question, figures[question])
        assert figures[question]["tab_stops"] < before["tab_stops"], (question, figures[question])
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / f"table-flow-{lang}.json").write_text(json.dumps({"before": tf.BEFORE, "after": figures}, indent=1))


# -- axe ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("js", [True, False], ids=["javascript", "no-javascript"])
def test_axe_finds_nothing_on_a_form_and_a_ruling(browser, site, js):
    axe_module = pytest.importorskip("axe_playwright_python.sync_playwright",
                                     reason="axe-playwright-python is not installed (a test extra)")
    context = browser.new_context(base_url=site, **PHONE)
    page = context.new_page()
    if not js:     # as served, with its scripts replaced by nothing (axe itself needs JavaScript)
        for script in ("map.js", "app.js", "ask.js"):
            page.route(f"**/static/{script}", lambda route: route.fulfill(body="", content_type="text/javascript"))
    whole = {"game": GAME, "lang": "es", "position": {**tf_position(), "politics": {"gondor": "at-war"}},
             "question": {"kind": "battle-outcome", "from": "Minas Tirith", "to": "Minas Tirith", "type": "sortie"}}
    urls = [f"/en/ask/{GAME}/battle", f"/es/ask/{GAME}/army-move", f"/en/ask/{GAME}/hunt-damage",
            f"/es/ask/{GAME}/battle-outcome?from={permalink.encode(whole)}&focus=pol-preset",
            f"/en/r/{permalink.encode({**whole, 'lang': 'en'})}", f"/es/r/{permalink.encode(whole)}",
            f"/es/ask/{GAME}?from={permalink.encode(whole)}"]
    try:
        for url in urls:
            page.goto(url)
            page.evaluate("() => document.querySelectorAll('details').forEach(d => { d.open = true; })")  # folded too
            results = axe_module.Axe().run(page)
            found = [(v["id"], [n["target"] for n in v["nodes"]][:3]) for v in results.response["violations"]]
            assert found == [], f"{url}: {found}"
    finally:
        context.close()
