"""What surrounds the forms: the start page by situation, the header (Rules link, skip link,
favicon), the share control and its QR code, gzip of text answers, the title's cap in a form."""
from __future__ import annotations

import gzip
import re

import pytest
from flask import render_template_string

from adjudicator import registry
from web import pages, permalink, share

WOTR = "war-of-the-ring"
TOKEN = permalink.encode({"game": WOTR, "question": {"kind": "victory"}})


def text(response) -> str:
    return response.get_data(as_text=True)


# -- the start page --------------------------------------------------------------------------

def test_every_board_game_question_has_its_situation():
    placed = [k for s in pages.SITUATIONS for k in s.kinds]
    assert len(placed) == len(set(placed)), "a kind in two situations"
    assert sorted(placed) == registry.kinds(WOTR), "place a new kind in web/pages.py SITUATIONS"


@pytest.mark.parametrize("lang, heading", [("en", "Battles and sieges"), ("es", "Batallas y asedios")])
def test_start_page_groups_the_questions_by_situation_then_the_card_games(client, lang, heading):
    page = text(client.get(f"/{lang}/"))
    ids = re.findall(r'<section class="(?:situation|game)" id="([\w-]+)"', page)
    assert ids == ["game-war-of-the-ring", *[s.id for s in pages.SITUATIONS], "game-wotr-card-game", "game-lotr-lcg"]
    assert f">{heading}</h3>" in page
    for s in pages.SITUATIONS:
        section = page.split(f'id="{s.id}"', 1)[1].split("</section>", 1)[0]
        assert re.findall(rf'href="/{lang}/ask/{WOTR}/([\w-]+)"', section) == list(s.kinds)
        assert f'href="#{s.id}"' in page                                   # the jump list
    for game in ("wotr-card-game", "lotr-lcg"):
        section = page.split(f'id="game-{game}"', 1)[1].split("</section>", 1)[0]
        assert sorted(re.findall(rf'href="/{lang}/ask/{game}/([\w-]+)"', section)) == registry.kinds(game)
    assert "<code>" not in page                                             # no kind ids shown to a player


@pytest.mark.parametrize("lang, word", [("en", "Rules"), ("es", "Reglas")])
def test_every_page_has_a_skip_link_a_rules_link_and_a_favicon(client, lang, word):
    for url in (f"/{lang}/", f"/{lang}/ask", f"/{lang}/ask/{WOTR}/army-move", f"/{lang}/r/{TOKEN}"):
        page = text(client.get(url))
        body = page.split("<body>", 1)[1]
        assert re.match(r'\s*<a class="skip-link" href="#main">', body), url         # the first thing to tab to
        assert '<main id="main"' in page
        header = page.split('<header class="top">', 1)[1].split("</header>", 1)[0]
        assert f'<a class="rules-link" href="/{lang}/docs/index.html">{word}</a>' in header
        assert 'rel="icon" href="/static/favicon.svg"' in page


def test_the_favicon_is_served_at_both_addresses(client):
    for url in ("/favicon.ico", "/static/favicon.svg"):
        response = client.get(url)
        assert response.status_code == 200 and response.mimetype == "image/svg+xml"
        assert text(response).startswith("<svg")


# -- gzip ------------------------------------------------------------------------------------

@pytest.mark.parametrize("url", ["/en/", "/es/ask/war-of-the-ring/battle", "/static/app.css", "/static/map.js",
                                 "/api/v1/openapi.json", f"/es/r/{TOKEN}"])
def test_text_answers_are_gzipped_and_keep_their_security_headers(client, url):
    plain = client.get(url)
    zipped = client.get(url, headers={"Accept-Encoding": "gzip, deflate, br"})
    assert "Content-Encoding" not in plain.headers
    assert zipped.headers["Content-Encoding"] == "gzip"
    assert gzip.decompress(zipped.get_data()) == plain.get_data()
    assert len(zipped.get_data()) < len(plain.get_data()) / 2
    assert "Accept-Encoding" in zipped.headers["Vary"]
    for name in ("Content-Security-Policy", "X-Content-Type-Options", "X-Frame-Options", "Referrer-Policy"):
        assert zipped.headers[name] == plain.headers[name], name


def test_the_rules_reference_is_gzipped_too(docs_app):
    from pathlib import Path

    build = Path(docs_app.config["BUILD_DIR"])
    (build / "docs" / "en" / "board" / "sieges.html").write_text("<h2 id='wotr-siege'>Sieges</h2>" + "<p>x</p>" * 400)
    client = docs_app.test_client()
    response = client.get("/en/docs/board/sieges.html", headers={"Accept-Encoding": "gzip"})
    assert response.headers["Content-Encoding"] == "gzip"
    assert gzip.decompress(response.get_data()).startswith(b"<h2 id='wotr-siege'>")
    assert response.headers["X-Frame-Options"] == "DENY"


def test_a_range_of_a_file_is_sent_as_asked_not_gzipped(client):
    with client.get("/static/app.css", headers={"Accept-Encoding": "gzip", "Range": "bytes=0-99"}) as response:
        assert response.status_code == 206 and "Content-Encoding" not in response.headers
        assert len(response.get_data()) == 100


def test_the_language_redirect_varies_on_both_headers(client):
    response = client.get("/", headers={"Accept-Encoding": "gzip"})
    assert "Accept-Language" in response.headers["Vary"]


# -- the share control -----------------------------------------------------------------------

def render_share(app, lang="en", token=TOKEN, public_url=""):
    app.config["PUBLIC_URL"] = public_url
    try:
        with app.test_request_context(f"/{lang}/r/{token}"):
            from flask import g

            g.lang = lang
            ruling = {"title": "Can the Shadow win now?", "answer": "Nobody wins yet."}
            url = (public_url.rstrip("/") if public_url else "") + f"/{lang}/r/{token}"
            return render_template_string('{% include "_share.html" %}', token=token, permalink_url=url,
                                          ruling=ruling, lang=lang)
    finally:
        app.config["PUBLIC_URL"] = ""


def test_the_share_control_works_without_javascript(app):
    html = render_share(app)
    assert f'value="/en/r/{TOKEN}"' in html and 'readonly' in html            # a box to select and copy
    assert '<label class="visually-hidden" for="permalink">Permalink</label>' in html
    assert re.search(r'<button type="button" class="share-native" hidden>', html)
    assert re.search(r'<button type="button" class="share-copy" hidden>', html)
    # no address to encode without the page's own origin: the QR waits for the script
    assert '<figure class="share-qr" hidden>' in html and f'data-qr-src="/en/r/{TOKEN}/qr.svg"' in html
    assert 'src="/static/share.js"' in html


def test_with_a_public_address_the_qr_code_needs_no_script(app):
    html = render_share(app, "es", public_url="https://rules.example.org/")
    assert f'value="https://rules.example.org/es/r/{TOKEN}"' in html
    assert '<figure class="share-qr">' in html and f'src="/es/r/{TOKEN}/qr.svg"' in html
    assert "Código QR de esta dirección" in html and "Compartir este dictamen" in html


def test_a_link_too_long_for_a_qr_code_offers_none(app):
    import random
    import string

    notes = "".join(random.Random(15).choices(string.ascii_letters, k=3000))   # no compression helps
    long_token = permalink.encode({"game": WOTR, "notes": notes, "question": {"kind": "victory"}})
    assert len(long_token) > share.QR_MAX_CHARS
    assert "share-qr" not in render_share(app, token=long_token)


def test_the_qr_code_encodes_the_address_the_phone_used(client):
    response = client.get(f"/en/r/{TOKEN}/qr.svg?origin=http://192.168.1.20:5000",
                          headers={"Host": "evil.example"})
    assert response.status_code == 200 and response.mimetype == "image/svg+xml"
    assert response.get_data() == share.qr_svg(f"http://192.168.1.20:5000/en/r/{TOKEN}")   # not the Host header
    assert "immutable" in response.headers["Cache-Control"]
    assert response.headers["Content-Security-Policy"]
    other = client.get(f"/en/r/{TOKEN}/qr.svg?origin=https://rules.example.org")
    assert other.get_data() != response.get_data()


@pytest.mark.parametrize("origin", ["", "javascript:alert(1)", "http://a.example/path", "http://a.example:5000/",
                                    "ftp://a.example", "http://" + "a" * 300, "http://a.example?x=1"])
def test_the_qr_code_refuses_anything_but_a_bare_origin(client, origin):
    assert client.get(f"/en/r/{TOKEN}/qr.svg", query_string={"origin": origin}).status_code == 400


def test_the_qr_code_of_a_broken_link_is_a_404(client):
    assert client.get("/en/r/not-a-token!/qr.svg?origin=http://a.example").status_code == 404
    assert client.get("/en/r/AAAA/qr.svg?origin=http://a.example").status_code == 404


def test_the_public_address_wins_over_the_origin_given(app):
    app.config["PUBLIC_URL"] = "https://rules.example.org"
    try:
        response = app.test_client().get(f"/en/r/{TOKEN}/qr.svg?origin=http://evil.example")
    finally:
        app.config["PUBLIC_URL"] = ""
    assert response.get_data() == share.qr_svg(f"https://rules.example.org/en/r/{TOKEN}")


# -- a long title is the user's; past the text bound, a problem beside its field ---------------------

def test_a_long_title_in_a_form_is_accepted_and_one_past_the_text_bound_is_a_problem(client):
    response = client.post(f"/es/ask/{WOTR}/victory", data={"title": "t" * 130})
    assert response.status_code == 303
    ruling = client.get(response.headers["Location"])
    assert ruling.status_code == 200 and "t" * 119 + "…" in text(ruling)
    too_long = client.post(f"/es/ask/{WOTR}/victory", data={"title": "t" * 2001})
    assert too_long.status_code == 400
    assert "2001" in text(too_long).replace(".", "").replace("\u00a0", "")
