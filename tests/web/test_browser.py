"""The web app in a real browser (Debian's Chromium through Playwright), served by waitress
exactly as ``adjudicator serve`` serves it, with the rules reference and the search index
built once for the session into a temporary build directory.

Locally these tests skip when /usr/bin/chromium is missing; in CI (CI=true) they fail
instead, loudly: a browser test that silently does not run tests nothing (the ``browser``
fixture, in conftest.py, shared with test_table_flow.py: one Playwright per session).
"""
from __future__ import annotations

import re
import threading
from pathlib import Path

import pytest
from flask import render_template_string

from adjudicator import api, data
from web import permalink

ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / "test-results"

BESIEGED = {"r0-name": "Helm's Deep", "r0-besieged": "free-peoples", "r0-fp0-nation": "rohan",
            "r0-fp0-regular": "2", "r0-fp0-elite": "1", "r0-fp0-leader": "1", "r0-sh0-nation": "isengard",
            "r0-sh0-regular": "5", "r0-sh0-elite": "2", "q-from": "Helm's Deep", "q-to": "Westemnet"}
BATTLE = {"game": "war-of-the-ring", "lang": "es", "title": "Isengard ataca Edoras desde Oestemnet",
          "position": {"regions": {"Oestemnet": {"shadow": {"isengard": {"regular": 4}}},
                                   "Edoras": {"free_peoples": {"rohan": {"regular": 1, "elite": 1}}}},
                       "politics": {"rohan": "at-war", "isengard": "at-war"}},
          "question": {"kind": "battle", "from": "Oestemnet", "to": "Edoras", "round": 1}}

RETREAT = {"game": "war-of-the-ring", "lang": "en",
           "position": {"regions": {"Osgiliath": {"free_peoples": {"gondor": {"regular": 2, "leader": 1}}},
                                    "South Ithilien": {"shadow": {"sauron": {"regular": 5}}}}},
           "question": {"kind": "retreat", "from": "Osgiliath", "to": "Lossarnach"}}


@pytest.fixture(scope="session")
def base_url(built_site):
    """The app served by waitress on a free loopback port, in a background thread (poll, not select:
    closing the server while its loop waits then ends the loop instead of raising EBADF in it)."""
    import waitress

    from web import create_app

    build_dir, _ = built_site
    app = create_app({"BUILD_DIR": str(build_dir)})
    server = waitress.create_server(app, host="127.0.0.1", port=0, threads=4, asyncore_use_poll=True)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.effective_port}"
    server.close()


@pytest.fixture
def page(browser, base_url):
    context = browser.new_context(base_url=base_url, locale="en-GB")
    pg = context.new_page()
    pg.csp_errors = []   # type: ignore[attr-defined]
    pg.on("console", lambda msg: pg.csp_errors.append(msg.text)
          if "Content Security Policy" in msg.text else None)
    pg.set_default_timeout(15000)
    yield pg
    context.close()


def needs_docs(built_site):
    _, problems = built_site
    docs = [p for p in problems if not p.startswith("search index")]
    if docs:
        pytest.fail("the rules reference did not build:\n" + "\n".join(docs), pytrace=False)


def needs_index(built_site):
    _, problems = built_site
    index = [p for p in problems if p.startswith("search index")]
    if index:
        pytest.fail("\n".join(index), pytrace=False)


def fill(page, values: dict[str, str]) -> None:
    for name, value in values.items():
        control = page.locator(f"[name='{name}']")
        if control.first.get_attribute("type") == "radio":     # a choice drawn as buttons: tap its label
            radio_id = page.locator(f"[name='{name}'][value='{value}']").get_attribute("id")
            page.locator(f"label[for='{radio_id}']").click()
        elif control.evaluate("e => e.tagName") == "SELECT":
            control.select_option(value)
        else:
            control.fill(value)


def token_of(url: str) -> str:
    return re.search(r"/r/([A-Za-z0-9_-]+)$", url).group(1)


# -- the core flow -----------------------------------------------------------------------------------

def test_fill_a_form_and_get_the_ruling(page):
    page.goto("/en/")
    page.get_by_role("link", name="Can this army move there?").click()
    page.wait_for_url("**/en/ask/war-of-the-ring/army-move")
    fill(page, BESIEGED)
    page.get_by_role("button", name="Get the ruling").click()
    page.wait_for_url(re.compile(r"/en/r/[A-Za-z0-9_-]+$"))
    ruling = api.ask(permalink.decode(token_of(page.url)), "en")
    assert ruling["verdict"]["allowed"] is False
    assert page.locator("#answer").inner_text().strip() == ruling["answer"]
    assert page.locator("ol.steps li").count() == len(ruling["explanation"])
    assert page.csp_errors == []


def test_the_form_works_without_javascript(browser, base_url):
    context = browser.new_context(base_url=base_url, java_script_enabled=False)
    page = context.new_page()
    try:
        page.goto("/es/ask/war-of-the-ring/army-move")
        fill(page, BESIEGED)
        page.get_by_role("button", name="Obtener el dictamen").click()
        page.wait_for_url(re.compile(r"/es/r/[A-Za-z0-9_-]+$"))
        assert page.locator("#answer").inner_text().strip() == api.ask(permalink.decode(token_of(page.url)),
                                                                        "es")["answer"]
    finally:
        context.close()


def test_broken_form_shows_field_errors_beside_the_fields(page):
    page.goto("/en/ask/war-of-the-ring/army-move")
    fill(page, {**BESIEGED, "q-from": "Helms Dep", "r0-sh0-regular": "99"})
    page.get_by_role("button", name="Get the ruling").click()
    page.wait_for_selector("#q-from-error")
    assert "Unknown region" in page.locator("#q-from-error").inner_text()
    assert "at most 36" in page.locator("#r0-sh0-regular-error").inner_text()
    assert page.locator("#q-from").input_value() == "Helms Dep"
    assert page.locator("#q-from").get_attribute("aria-invalid") == "true"
    # beside its field: the message sits in the same field box as the input
    assert page.locator(".field.has-error", has=page.locator("#q-from")).locator(".error").count() == 1


def test_open_a_permalink_on_another_phone(page):
    token = permalink.encode(BATTLE)
    page.goto(f"/es/r/{token}")
    assert page.locator("#answer").inner_text().strip() == api.ask(BATTLE, "es")["answer"]
    assert page.locator("h1").inner_text().strip() == BATTLE["title"]
    page.get_by_role("link", name="Leerlo en inglés").click()
    page.wait_for_url(f"**/en/r/{token}")
    assert page.locator("#answer").inner_text().strip() == api.ask(BATTLE, "en")["answer"]


def test_ruling_fits_a_phone_screen(browser, base_url):
    context = browser.new_context(base_url=base_url, viewport={"width": 375, "height": 667},
                                  device_scale_factor=2, is_mobile=True, has_touch=True)
    page = context.new_page()
    try:
        page.goto(f"/es/r/{permalink.encode(BATTLE)}")
        overflow = page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 0, f"the page scrolls sideways by {overflow}px"
        assert page.locator("svg.bar").count() > 0
        SCREENSHOTS.mkdir(exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / "ruling-phone.png"), full_page=True)
        page.goto("/es/ask/war-of-the-ring/battle")
        assert page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth") <= 0
        # nothing clipped either: every control ends inside the screen
        clipped = page.evaluate("""() => Array.from(document.querySelectorAll('input, select, textarea, button'))
            .filter(e => e.offsetParent !== null && e.getBoundingClientRect().right > window.innerWidth + 1)
            .map(e => e.name || e.id)""")
        assert clipped == []
        page.screenshot(path=str(SCREENSHOTS / "form-phone.png"), full_page=False)
    finally:
        context.close()


# -- the rules reference ---------------------------------------------------------------------------

def test_follow_a_citation_to_its_rule(page, built_site):
    needs_docs(built_site)
    page.goto(f"/en/r/{permalink.encode(BATTLE)}")
    if not page.locator("details.why").evaluate("d => d.open"):
        page.locator("details.why > summary").click()      # a long "Why" is one tap away
    link = page.locator("a.rule-link").first
    href = link.get_attribute("href")
    page_path, label = href.split("#")
    link.click()
    page.wait_for_url(f"**{href}")
    assert page.url.endswith(f"{page_path}#{label}")
    assert page.locator(f"[id='{label}']").count() == 1
    assert page.csp_errors == []


def test_switch_language_on_a_docs_page_keeps_the_rule(page, built_site):
    needs_docs(built_site)
    label = "wotr-siege-besieged-army"
    doc_page = data.rules()[label]["page"]
    page.goto(f"/en/docs/{doc_page}.html#{label}")
    page.locator("a.language-switch").first.click()
    page.wait_for_url(f"**/es/docs/{doc_page}.html#{label}")
    assert page.locator(f"[id='{label}']").count() == 1
    assert data.rules()[label]["title"]["es"] in page.locator(f"[id='{label}']").inner_text()
    assert page.csp_errors == []


def test_search_and_open_a_result(page, built_site):
    needs_docs(built_site)
    needs_index(built_site)
    page.goto("/en/")
    page.locator("#q").fill("besieged army")
    page.locator("#q").press("Enter")
    page.wait_for_url("**/en/search?q=besieged*")
    first = page.locator("a.result-link").first
    href = first.get_attribute("href")
    assert href.startswith("/en/docs/") and "#" in href
    first.click()
    page.wait_for_url(f"**{href}")
    assert page.locator(f"[id='{href.split('#')[1]}']").count() == 1


@pytest.mark.parametrize("lang, query, expected", [
    ("en", "extra siege round", "wotr-siege-extend"),
    ("es", "prolongar el asedio", "wotr-siege-extend"),
])
def test_docs_search_box_gives_the_apps_results(page, built_site, lang, query, expected):
    """One search everywhere: the search box of a served docs page lands on the app's
    search, in the page's language, with the rule's snippet and a way to ask about it."""
    needs_docs(built_site)
    needs_index(built_site)
    page.goto(f"/{lang}/docs/board/sieges.html")
    box = page.locator("form.search input[name='q']")
    box.fill(query)
    box.press("Enter")
    page.wait_for_url(f"**/{lang}/search?q=*")
    assert page.locator("html").get_attribute("lang") == lang
    assert page.locator("input#q").input_value() == query
    links = page.locator("a.result-link")
    hrefs = [links.nth(i).get_attribute("href") for i in range(min(3, links.count()))]
    assert hrefs and all(h.startswith(f"/{lang}/docs/") for h in hrefs), hrefs
    assert any(h.endswith(f"#{expected}") for h in hrefs), hrefs
    snippet = page.locator("p.snippet").first.inner_text()
    assert "wotr-" not in snippet and "seed 000" not in snippet and "semilla" not in snippet
    ask = page.locator("a.ask-link").first
    assert ask.inner_text().startswith("Preguntar sobre esto" if lang == "es" else "Ask about this")
    ask.click()
    page.wait_for_url(f"**/{lang}/ask/war-of-the-ring/*")


def test_nonsense_in_the_docs_search_box_says_no_rule_matches(page, built_site):
    needs_docs(built_site)
    needs_index(built_site)
    page.goto("/es/docs/index.html")
    page.locator("form.search input[name='q']").fill("receta de paella")
    page.locator("form.search input[name='q']").press("Enter")
    page.wait_for_url("**/es/search?q=*")
    assert page.locator("a.result-link").count() == 0
    assert "Ninguna regla coincide" in page.locator("p.no-match").inner_text()


def test_docs_header_leads_back_to_the_app(page, built_site):
    needs_docs(built_site)
    label = "wotr-siege-besieged-army"
    doc_page = data.rules()[label]["page"]
    page.goto(f"/es/docs/{doc_page}.html#{label}")
    page.get_by_role("link", name="Hacer una pregunta").click()
    page.wait_for_url("**/es/")
    assert page.locator("html").get_attribute("lang") == "es"
    assert page.get_by_role("heading", name="Haz una pregunta de reglas").count() >= 1
    page.goto(f"/en/docs/{doc_page}.html")
    page.locator("a.language-switch").first.click()      # the switcher still works beside it
    page.wait_for_url(f"**/es/docs/{doc_page}.html")


def test_card_game_form_in_a_phone(browser, base_url):
    """A path combat typed into the card rows on a phone, then edited from the ruling."""
    context = browser.new_context(base_url=base_url, viewport={"width": 375, "height": 667},
                                  device_scale_factor=2, is_mobile=True, has_touch=True, locale="es-ES")
    page = context.new_page()
    try:
        page.goto("/es/ask/wotr-card-game/path-combat")
        fill(page, {"path-name": "Bosque Viejo", "path-defence": "0",
                    "path-card0-name": "Viejo Hombre Sauce", "path-card0-side": "shadow", "path-card0-kind": "card",
                    "path-card0-skulls": "3"})
        # the rows not yet used wait behind one button ("+ Carta"), each tap shows the next open
        page.locator("details.row-card:has(#path-card0-name) ~ button.another").click()
        fill(page, {"path-card1-name": "Frodo", "path-card1-side": "free-peoples",
                    "path-card1-kind": "character", "path-card1-cancels": "2"})
        page.locator("details.row-card:has(#path-card0-name) ~ button.another").click()
        fill(page, {"path-card2-name": "Sam", "path-card2-side": "free-peoples",
                    "path-card2-kind": "character", "path-card2-cancels": "1"})
        page.get_by_role("button", name="Obtener el dictamen").click()
        page.wait_for_url("**/es/r/*")
        scenario = permalink.decode(token_of(page.url))
        assert page.locator("#answer").inner_text().strip() == api.ask(scenario, "es")["answer"]
        page.locator("a.edit").click()
        page.wait_for_url("**/es/ask/wotr-card-game/path-combat?from=*")
        rows = {page.locator(f"#path-card{i}-name").input_value(): page.locator(f"#path-card{i}-side").input_value()
                for i in range(3)}
        assert rows == {"Viejo Hombre Sauce": "shadow", "Frodo": "free-peoples", "Sam": "free-peoples"}
    finally:
        context.close()


PAGES = {
    "start": "/es/",
    "form-battle": "/es/ask/war-of-the-ring/battle",
    "form-path-combat": "/es/ask/wotr-card-game/path-combat",
    "form-reveal": "/en/ask/lotr-lcg/reveal",
    "ruling-odds-en": "/en/r/" + permalink.encode({**BATTLE, "lang": "en"}),
    "ruling-odds-es": "/es/r/" + permalink.encode(BATTLE),
    "search": "/es/search?q=ejército+sitiado",
    "board": "/es/map?region=Edoras",
    "ruling-map-en": "/en/r/" + permalink.encode(RETREAT),
    "docs": "/es/docs/index.html",
}


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_every_page_fits_and_has_tap_targets(browser, base_url, built_site, size):
    """Screenshots of every kind of page (test-results/<page>-<size>.png); nothing scrolls
    sideways, and on a phone the app's links and buttons are big enough to tap."""
    needs_docs(built_site)
    viewport = {"width": 375, "height": 667} if size == "phone" else {"width": 1280, "height": 800}
    context = browser.new_context(base_url=base_url, viewport=viewport, device_scale_factor=1,
                                  is_mobile=size == "phone", has_touch=size == "phone")
    page = context.new_page()
    SCREENSHOTS.mkdir(exist_ok=True)
    try:
        for name, url in PAGES.items():
            page.goto(url)
            overflow = page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
            assert overflow <= 0, f"{name} scrolls sideways by {overflow}px"
            page.screenshot(path=str(SCREENSHOTS / f"{name}-{size}.png"), full_page=True)
            if size == "phone" and not name.startswith("docs"):
                # a choice drawn as buttons is tapped on its label (its radio button is hidden)
                small = page.evaluate("""() => Array.from(document.querySelectorAll(
                        'header a, header button, button, .actions a, input:not(.chip), input.chip + label, '
                        + 'select, summary'))
                    .filter(e => e.offsetParent !== null)
                    .filter(e => e.getBoundingClientRect().height < 24)
                    .map(e => (e.name || e.textContent || '').trim().slice(0, 30))""")
                assert small == [], f"{name}: too small to tap: {small}"
    finally:
        context.close()


# -- the board map ---------------------------------------------------------------------------------


def view_box(page) -> list[float]:
    return [float(v) for v in page.locator("#map").get_attribute("viewBox").split()]


def centre_of(page, region: str) -> tuple[float, float]:
    box = page.locator(f'#map [data-region="{region}"] > use').first.bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


@pytest.fixture
def phone(browser, base_url):
    context = browser.new_context(base_url=base_url, viewport={"width": 390, "height": 844}, device_scale_factor=2,
                                  is_mobile=True, has_touch=True, locale="en-GB")
    pg = context.new_page()
    pg.csp_errors = []   # type: ignore[attr-defined]
    pg.on("console", lambda msg: pg.csp_errors.append(msg.text) if "Content Security Policy" in msg.text else None)
    pg.set_default_timeout(15000)
    yield pg
    context.close()


def test_map_zooms_pans_and_a_tap_fills_the_box_on_a_phone(phone):
    page = phone
    page.goto("/en/map")
    page.locator("#map.live").wait_for()
    assert page.locator("#map").get_attribute("role") == "group"
    whole = view_box(page)
    page.get_by_role("button", name="Zoom in").tap()
    page.get_by_role("button", name="Zoom in").tap()
    zoomed = view_box(page)
    assert zoomed[2] < whole[2] / 2, (whole, zoomed)
    # a drag pans (a mouse drag here; touch drags go through the same pointer events)
    box = page.locator("#map").bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 60, y + 40, steps=5)
    page.mouse.up()
    panned = view_box(page)
    assert panned[0] < zoomed[0] and panned[2] == pytest.approx(zoomed[2]), (zoomed, panned)
    # a pinch (two fingers moving apart) zooms in further
    cdp = page.context.new_cdp_session(page)
    points = lambda d: [{"x": x - d, "y": y, "id": 0}, {"x": x + d, "y": y, "id": 1}]  # noqa: E731
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": points(30)})
    for d in (40, 55, 70, 90):
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": points(d)})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    pinched = view_box(page)
    assert pinched[2] < panned[2] * 0.6, (panned, pinched)
    # back to the whole board, then tap Edoras: the event fires and the box gets the name
    page.get_by_role("button", name="Whole board").tap()
    assert view_box(page)[2] == pytest.approx(whole[2])
    page.evaluate("""() => { window.picked = [];
        document.addEventListener('region-pick', e => window.picked.push(e.detail)); }""")
    page.get_by_role("button", name="Zoom in").tap()
    page.locator("#map").scroll_into_view_if_needed()
    # the Folde and Edoras are too close there for a finger: a tap on the Folde zooms in ...
    zoomed_out = view_box(page)[2]
    page.touchscreen.tap(*centre_of(page, "folde"))
    assert page.evaluate("window.picked") == [] and view_box(page)[2] < zoomed_out / 1.5
    # ... while a city's marker is drawn 24 px wide at every zoom: a tap on it picks it at once
    page.get_by_role("button", name="Whole board").tap()
    size = page.locator('#map [data-region="edoras"] > use').first.bounding_box()
    assert min(size["width"], size["height"]) >= 24, size
    page.touchscreen.tap(*centre_of(page, "edoras"))
    assert page.evaluate("window.picked") == [{"id": "edoras", "name": "Edoras", "role": None}]
    assert page.locator("#map-region").input_value() == "Edoras"
    assert page.locator(".map-info").inner_text() == "Edoras · Rohan · City — Neighbours: Folde, Westemnet"
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "map-phone.png"), full_page=True)
    page.get_by_role("button", name="Show").tap()
    page.wait_for_url("**/en/map?region=Edoras")
    assert page.locator('#map [data-region="edoras"]').get_attribute("data-role") == "from"
    assert page.locator('#map [data-role="reachable"]').count() == len(data.regions()["edoras"]["adjacent"])
    assert page.csp_errors == []


def test_map_offers_only_the_candidates_and_works_by_keyboard(phone):
    page = phone
    page.goto("/en/map")
    page.locator("#map.live").wait_for()
    # a form says which regions may be picked next (here: where an army in Edoras may go)
    page.evaluate("() => document.getElementById('map').setAttribute('data-candidates', 'folde westemnet')")
    assert "picking" in page.locator("#map").get_attribute("class")
    assert page.locator('#map [data-region="edoras"]').get_attribute("aria-disabled") == "true"
    page.get_by_role("button", name="Zoom in").tap()
    page.get_by_role("button", name="Zoom in").tap()
    # keyboard: the one region in the tab order, arrows to the next, Enter picks
    stop = page.locator('#map [data-region][tabindex="0"]')
    assert stop.count() == 1 and stop.get_attribute("data-region") in ("folde", "westemnet")
    stop.focus()
    first = stop.get_attribute("data-region")
    page.keyboard.press("Enter")
    assert page.locator("#map-region").input_value() == data.regions()[first]["name"]["en"]
    other = "westemnet" if first == "folde" else "folde"
    direction = "ArrowLeft" if data.map_positions()["regions"][other]["x"] < \
        data.map_positions()["regions"][first]["x"] else "ArrowRight"
    page.keyboard.press(direction)
    assert page.evaluate("document.activeElement.getAttribute('data-region')") == other
    page.keyboard.press(" ")
    assert page.locator("#map-region").input_value() == data.regions()[other]["name"]["en"]
    # a tap on a region that is not a candidate picks nothing
    page.locator("#map").scroll_into_view_if_needed()
    page.get_by_role("button", name="Whole board").tap()
    for _ in range(3):
        page.get_by_role("button", name="Zoom in").tap()
    page.evaluate("""() => { const s = document.getElementById('map'), g = s.querySelector('[data-region="edoras"]');
        const m = g.transform.baseVal.consolidate().matrix, b = s.getAttribute('viewBox').split(' ').map(Number);
        s.setAttribute('viewBox', [m.e - b[2] / 2, m.f - b[3] / 2, b[2], b[3]].join(' ')); }""")
    page.touchscreen.tap(*centre_of(page, "edoras"))
    assert page.locator("#map-region").input_value() == data.regions()[other]["name"]["en"]


def test_map_is_accessible_by_its_names_and_roles(phone):
    """No axe in the project: the basics axe would check on the map, in the browser."""
    page = phone
    page.goto(f"/en/r/{permalink.encode(RETREAT)}")
    page.locator("#map.live").wait_for()
    svg = page.get_by_role("group", name="Map of the board")
    assert svg.count() == 1
    regions = page.locator("#map [data-region]")
    assert regions.count() == len(data.regions())
    problems = page.evaluate("""() => Array.from(document.querySelectorAll('#map [data-region]'))
        .filter(g => g.getAttribute('role') !== 'button' || !g.hasAttribute('tabindex')
                     || !(g.querySelector('title') && g.querySelector('title').textContent.trim()))
        .map(g => g.getAttribute('data-region'))""")
    assert problems == []
    assert page.locator('#map [tabindex="0"]').count() == 1
    assert page.get_by_role("button", name="Osgiliath · Fortification · From").count() == 1
    for name in ("Zoom in", "Zoom out", "Whole board", "Close-up"):
        assert page.get_by_role("button", name=name).is_visible()
    # a tap on a marked region says its part in words
    page.locator("#map").scroll_into_view_if_needed()
    page.touchscreen.tap(*centre_of(page, "lossarnach"))
    assert page.locator(".map-info").inner_text().endswith("· To")
    SCREENSHOTS.mkdir(exist_ok=True)
    page.locator("#map-figure").screenshot(path=str(SCREENSHOTS / "ruling-map-phone.png"))
    assert page.csp_errors == []


@pytest.mark.parametrize(("lang", "from_word"), [("en", "From"), ("es", "Desde")])
def test_a_regions_name_on_the_form_map_says_its_mark_and_army_as_they_are_typed(phone, lang, from_word):
    """A screen reader (or a tap's info line) hears what the map shows: the region's role and
    army follow what the player types, not only the marks drawn."""
    page = phone
    page.goto(f"/{lang}/ask/war-of-the-ring/army-move")
    page.locator("#map.live").wait_for()
    edoras = page.locator('#map [data-region="edoras"] > title')
    before = edoras.text_content()
    page.locator("#q-from").fill("Edoras")
    page.locator("#q-from").dispatch_event("input")
    page.wait_for_function("""() => document.querySelector('#map [data-region="edoras"]').hasAttribute('data-role')""")
    assert edoras.text_content() == f"{before} · {from_word}"
    page.locator("#r0-fp0-regular").fill("2")
    page.locator("#r0-fp0-regular").dispatch_event("input")
    page.wait_for_function("""() => document.querySelector('#map [data-region="edoras"] text.a')""")
    army = page.locator('#map [data-region="edoras"] text.a').text_content()
    assert army and edoras.text_content() == f"{before} · {from_word} · {army}"
    page.locator("#q-from").fill("")
    page.locator("#q-from").dispatch_event("input")
    page.wait_for_function("""() => !document.querySelector('#map [data-region="edoras"]').hasAttribute('data-role')""")
    assert edoras.text_content() in (before, f"{before} · {army}")


def test_ruling_map_without_javascript_lists_the_marked_regions(browser, base_url):
    context = browser.new_context(base_url=base_url, java_script_enabled=False,
                                  viewport={"width": 390, "height": 844})
    page = context.new_page()
    try:
        page.goto(f"/es/r/{permalink.encode(RETREAT)}")
        assert page.locator("#map").get_attribute("role") == "img"
        assert page.get_by_role("img", name="Mapa del tablero").count() == 1
        assert not page.locator(".map-tools").is_visible()
        legend = page.locator("#map-legend")
        assert "Desde: Osgiliath (PL 2+1)" in legend.inner_text()
        assert "Hasta: Lossarnach" in legend.inner_text()
        ruling = api.ask(RETREAT, "es")
        reachable = legend.locator("li.role-reachable").inner_text()
        for region in set(ruling["verdict"]["destinations"]) - {"lossarnach"}:
            assert data.regions()[region]["name"]["es"] in reachable
        assert page.locator('#map [data-region="osgiliath"]').get_attribute("data-role") == "from"
        SCREENSHOTS.mkdir(exist_ok=True)
        page.locator("#map-figure").screenshot(path=str(SCREENSHOTS / "ruling-map-nojs-phone.png"))
    finally:
        context.close()


@pytest.mark.parametrize("js", [True, False], ids=["javascript", "no-javascript"])
def test_axe_finds_nothing_on_the_map_pages(browser, base_url, js):
    """axe-core (bundled by axe-playwright-python) on the pages with the map. The page
    without JavaScript is checked as it is served with its scripts replaced by nothing."""
    axe_module = pytest.importorskip("axe_playwright_python.sync_playwright",
                                     reason="axe-playwright-python is not installed (a test extra)")
    context = browser.new_context(base_url=base_url, viewport={"width": 390, "height": 844}, is_mobile=True,
                                  has_touch=True, locale="en-GB")
    page = context.new_page()
    if not js:
        for script in ("map.js", "app.js"):
            page.route(f"**/static/{script}", lambda route: route.fulfill(body="", content_type="text/javascript"))
    try:
        for url in ("/en/map", "/es/map?region=Edoras", "/en/map?region=Edorsa",
                    f"/en/r/{permalink.encode(RETREAT)}", f"/es/r/{permalink.encode(RETREAT)}"):
            page.goto(url)
            page.locator("details.map-key > summary").click()     # the key, open, is checked too
            results = axe_module.Axe().run(page)
            found = [(v["id"], [n["target"] for n in v["nodes"]][:3]) for v in results.response["violations"]]
            assert found == [], f"{url}: {found}"
    finally:
        context.close()


# -- the frame: axe on the start page and the rules reference, the skip link, sharing -----------
# (templates/_share.html is included by the ruling page; here it is rendered on its own, in a
# page of the app's origin, on a plain-http address and on a secure one)

FRAME_TOKEN = permalink.encode({"game": "war-of-the-ring", "lang": "en", "title": "Can the Shadow win now?",
                          "question": {"kind": "victory"}})
AXE_PAGES = ["/en/", "/es/", "/en/docs/index.html", "/es/docs/index.html", "/en/docs/board/sieges.html",
             "/es/docs/board/sieges.html", "/en/docs/coverage.html", "/es/docs/coverage.html"]


def axe_violations(page) -> list:
    axe_module = pytest.importorskip("axe_playwright_python.sync_playwright",
                                     reason="axe-playwright-python is not installed (a test extra)")
    results = axe_module.Axe().run(page)
    return [(v["id"], [n["target"] for n in v["nodes"]][:3]) for v in results.response["violations"]]


@pytest.mark.parametrize("url", AXE_PAGES)
@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_axe_finds_nothing_on_the_start_page_and_the_rules_reference(browser, base_url, built_site, size, url):
    """One page and one screen per test (the coverage page alone takes seconds): the pages
    spread over both workers instead of ending the run on one."""
    needs_docs(built_site)
    phone = size == "phone"
    context = browser.new_context(base_url=base_url, locale="en-GB", is_mobile=phone, has_touch=phone,
                                  viewport={"width": 390, "height": 844} if phone else {"width": 1280, "height": 800})
    page = context.new_page()
    try:
        page.goto(url)
        assert page.title(), url
        found = axe_violations(page)
        assert found == [], f"{url}: {found}"
    finally:
        context.close()


def test_the_skip_link_is_the_first_stop_and_moves_to_the_content(browser, base_url):
    context = browser.new_context(base_url=base_url)
    page = context.new_page()
    try:
        page.goto("/es/")
        page.keyboard.press("Tab")
        link = page.locator("a.skip-link")
        assert page.evaluate("document.activeElement.className") == "skip-link"
        assert link.is_visible() and link.inner_text() == "Saltar al contenido"
        page.keyboard.press("Enter")
        assert page.evaluate("document.activeElement.id") == "main"
    finally:
        context.close()


def share_page(page, base_url, app_html):
    """The share partial rendered by the app, in a page of the app's origin (the ruling page's
    engineer includes it in ruling.html)."""
    page.goto("/en/")
    page.set_content("<!doctype html><html lang='en'><head><title>Share</title></head><body><main>"
                     f"<h1>A ruling</h1>{app_html}</main></body></html>")
    page.add_script_tag(url=f"{base_url}/static/share.js")


def partial_html(base_url_: str, public_url: str = "") -> str:
    from web import create_app

    app = create_app({"TESTING": True, "PUBLIC_URL": public_url})
    with app.test_request_context(f"/en/r/{FRAME_TOKEN}"):
        from flask import g

        g.lang = "en"
        url = (public_url or "") + f"/en/r/{FRAME_TOKEN}"
        html = render_template_string('{% include "_share.html" %}', token=FRAME_TOKEN, permalink_url=url, lang="en",
                                      ruling={"title": "Can the Shadow win now?", "answer": "Nobody wins yet."})
    return html.replace('src="/', f'src="{base_url_}/')


def test_share_on_a_plain_http_address_selects_the_link_and_shows_the_qr_code(browser, base_url):
    context = browser.new_context(base_url=base_url)
    # http://127.0.0.1 counts as secure; a LAN address (http://192.168.1.20:5000) does not
    context.add_init_script("""Object.defineProperty(window, 'isSecureContext', {value: false});
                               Object.defineProperty(navigator, 'share', {value: undefined});""")
    page = context.new_page()
    try:
        share_page(page, base_url, partial_html(base_url))
        assert page.evaluate("window.isSecureContext") is False
        box = page.locator("#permalink")
        assert box.input_value() == f"{base_url}/en/r/{FRAME_TOKEN}"                     # made absolute
        assert not page.locator(".share-native").is_visible()                      # no Web Share on http
        page.locator(".share-copy").click()
        selected = page.evaluate("() => { const b = document.getElementById('permalink');"
                                 " return b.value.slice(b.selectionStart, b.selectionEnd); }")
        assert selected == box.input_value()
        assert page.locator(".share-status").inner_text() in ("Copied.", "Selected: copy it with your phone’s menu.")
        qr = page.locator(".share-qr img")
        qr.wait_for(state="visible")
        assert re.search(r"/en/r/[\w-]+/qr\.svg\?origin=http%3A%2F%2F127\.0\.0\.1%3A\d+$", qr.get_attribute("src"))
        assert page.evaluate("() => document.querySelector('.share-qr img').naturalWidth") > 0
        assert axe_violations(page) == []
    finally:
        context.close()


def test_share_in_a_secure_context_offers_web_share_and_copies(browser, base_url):
    context = browser.new_context(base_url=base_url, permissions=["clipboard-read", "clipboard-write"])
    page = context.new_page()
    try:
        page.add_init_script("""navigator.share = (data) => { window.__shared = data; return Promise.resolve(); };""")
        share_page(page, base_url, partial_html(base_url))
        assert page.evaluate("window.isSecureContext")                             # 127.0.0.1 counts as secure
        page.locator(".share-native").click()
        shared = page.evaluate("window.__shared")
        assert shared["url"] == f"{base_url}/en/r/{FRAME_TOKEN}" and shared["title"] == "Can the Shadow win now?"
        page.locator(".share-copy").click()
        page.locator(".share-status", has_text="Copied.").wait_for()
        assert page.evaluate("navigator.clipboard.readText()") == f"{base_url}/en/r/{FRAME_TOKEN}"
    finally:
        context.close()


def test_without_javascript_the_link_is_a_box_and_a_public_qr_code_still_shows(browser, base_url):
    context = browser.new_context(base_url=base_url, java_script_enabled=False)
    page = context.new_page()
    try:
        page.goto("/en/")
        page.set_content(partial_html(base_url, public_url="https://rules.example.org"))
        assert page.locator("#permalink").input_value() == f"https://rules.example.org/en/r/{FRAME_TOKEN}"
        assert not page.locator(".share-copy").is_visible()
        img = page.locator(".share-qr img")
        assert img.is_visible() and img.get_attribute("alt") == "QR code of this address"
    finally:
        context.close()

