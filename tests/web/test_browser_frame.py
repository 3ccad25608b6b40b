"""The frame of the app in a real browser: axe-core on the start page and on the rules
reference in both languages, the skip link, and the share control on a plain-http address
(no Web Share, no async clipboard there) and on a secure one.

The browser, the server and the docs build are test_browser.py's fixtures (imported: pytest
finds fixtures by name in a module).
"""
from __future__ import annotations

import re

import pytest
from flask import render_template_string
from test_browser import CHROMIUM_ARGS, base_url, browser, needs_docs  # noqa: F401 (fixtures)

from web import permalink

TOKEN = permalink.encode({"game": "war-of-the-ring", "lang": "en", "title": "Can the Shadow win now?",
                          "question": {"kind": "victory"}})
AXE_PAGES = ["/en/", "/es/", "/en/docs/index.html", "/es/docs/index.html", "/en/docs/board/sieges.html",
             "/es/docs/board/sieges.html", "/en/docs/coverage.html", "/es/docs/coverage.html"]


def axe_violations(page) -> list:
    axe_module = pytest.importorskip("axe_playwright_python.sync_playwright",
                                     reason="axe-playwright-python is not installed (a test extra)")
    results = axe_module.Axe().run(page)
    return [(v["id"], [n["target"] for n in v["nodes"]][:3]) for v in results.response["violations"]]


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_axe_finds_nothing_on_the_start_page_and_the_rules_reference(browser, base_url, built_site, size):  # noqa: F811
    needs_docs(built_site)
    phone = size == "phone"
    context = browser.new_context(base_url=base_url, locale="en-GB", is_mobile=phone, has_touch=phone,
                                  viewport={"width": 390, "height": 844} if phone else {"width": 1280, "height": 800})
    page = context.new_page()
    try:
        for url in AXE_PAGES:
            page.goto(url)
            assert page.title(), url
            found = axe_violations(page)
            assert found == [], f"{url}: {found}"
    finally:
        context.close()


def test_the_skip_link_is_the_first_stop_and_moves_to_the_content(browser, base_url):  # noqa: F811
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
    page.set_content(f"<!doctype html><html lang='en'><head><title>Share</title></head><body><main><h1>A ruling</h1>{app_html}"
                     "</main></body></html>")
    page.add_script_tag(url=f"{base_url}/static/share.js")


def partial_html(base_url_: str, public_url: str = "") -> str:
    from web import create_app

    app = create_app({"TESTING": True, "PUBLIC_URL": public_url})
    with app.test_request_context(f"/en/r/{TOKEN}"):
        from flask import g

        g.lang = "en"
        url = (public_url or "") + f"/en/r/{TOKEN}"
        html = render_template_string('{% include "_share.html" %}', token=TOKEN, permalink_url=url, lang="en",
                                      ruling={"title": "Can the Shadow win now?", "answer": "Nobody wins yet."})
    return html.replace('src="/', f'src="{base_url_}/')


def test_share_on_a_plain_http_address_selects_the_link_and_shows_the_qr_code(browser, base_url):  # noqa: F811
    context = browser.new_context(base_url=base_url)
    # http://127.0.0.1 counts as secure; a LAN address (http://192.168.1.20:5000) does not
    context.add_init_script("""Object.defineProperty(window, 'isSecureContext', {value: false});
                               Object.defineProperty(navigator, 'share', {value: undefined});""")
    page = context.new_page()
    try:
        share_page(page, base_url, partial_html(base_url))
        assert page.evaluate("window.isSecureContext") is False
        box = page.locator("#permalink")
        assert box.input_value() == f"{base_url}/en/r/{TOKEN}"                     # made absolute
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


def test_share_in_a_secure_context_offers_web_share_and_copies(browser, base_url):  # noqa: F811
    context = browser.new_context(base_url=base_url, permissions=["clipboard-read", "clipboard-write"])
    page = context.new_page()
    try:
        page.add_init_script("""navigator.share = (data) => { window.__shared = data; return Promise.resolve(); };""")
        share_page(page, base_url, partial_html(base_url))
        assert page.evaluate("window.isSecureContext")                             # 127.0.0.1 counts as secure
        page.locator(".share-native").click()
        shared = page.evaluate("window.__shared")
        assert shared["url"] == f"{base_url}/en/r/{TOKEN}" and shared["title"] == "Can the Shadow win now?"
        page.locator(".share-copy").click()
        page.locator(".share-status", has_text="Copied.").wait_for()
        assert page.evaluate("navigator.clipboard.readText()") == f"{base_url}/en/r/{TOKEN}"
    finally:
        context.close()


def test_without_javascript_the_link_is_a_box_and_a_public_qr_code_still_shows(browser, base_url):  # noqa: F811
    context = browser.new_context(base_url=base_url, java_script_enabled=False)
    page = context.new_page()
    try:
        page.goto("/en/")
        page.set_content(partial_html(base_url, public_url="https://rules.example.org"))
        assert page.locator("#permalink").input_value() == f"https://rules.example.org/en/r/{TOKEN}"
        assert not page.locator(".share-copy").is_visible()
        img = page.locator(".share-qr img")
        assert img.is_visible() and img.get_attribute("alt") == "QR code of this address"
    finally:
        context.close()


assert CHROMIUM_ARGS   # the same Chromium as test_browser.py
