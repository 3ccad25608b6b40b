"""Hostile clients of the web app (issue 12): the API, the paste form, the form boxes, the
permalinks and the docs through the Flask test client; slow clients, waitress's own errors
and a busy port against the real server (``adjudicator serve``) on the loopback interface.

Every answer is 400 with the problem's path (or the page with the problem beside its field),
never a 500; each test is bounded in time (sockets have timeouts, the server is stopped).
"""
from __future__ import annotations

import http.client
import json
import os
import re
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from web import permalink, security

from helpers import free_port

ROOT = Path(__file__).resolve().parents[2]
ARMY = {"game": "war-of-the-ring", "position": {"regions": {"Osgiliath": {"free_peoples": {"gondor": {"regular": 2}}}}},
        "question": {"kind": "army-move", "from": "Osgiliath", "to": "Minas Tirith"}}
REGULAR = "position.regions.Osgiliath.free_peoples.gondor.regular"


def alias_bomb(levels: int = 9) -> str:
    lines = ["a0: &a0 [" + ",".join(["lol"] * 9) + "]"]
    lines += [f"a{i}: &a{i} [" + ",".join([f"*a{i - 1}"] * 9) + "]" for i in range(1, levels)]
    return "\n".join(lines) + "\n"


def post_json(client, body: str | bytes):
    return client.post("/api/v1/rulings", data=body, content_type="application/json")


def with_regular(value) -> dict:
    regions = {"Osgiliath": {"free_peoples": {"gondor": {"regular": value}}}}
    return json.loads(json.dumps(ARMY)) | {"position": {"regions": regions}}


# -- the API ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("value", ["--5", "²", "9" * 1500, "٣", 1e300])
def test_the_api_answers_400_with_the_path_of_a_bad_number(client, value):
    response = post_json(client, json.dumps(with_regular(value)))
    assert response.status_code == 400
    assert [e["path"] for e in response.get_json()["errors"]] == [REGULAR]


def test_the_api_refuses_a_5000_digit_number(client):
    body = json.dumps(ARMY).replace('"regular": 2', '"regular": ' + "9" * 5000)
    response = post_json(client, body)
    assert response.status_code == 400 and response.get_json()["errors"][0]["path"] == REGULAR


@pytest.mark.parametrize("limit", ["%C2%B2", "--5", "9" * 5000, "-1", "0", "51", "1e3", "%D9%A3"])
def test_the_search_limit_is_read_strictly(client, limit):
    response = client.get(f"/api/v1/search?q=x&limit={limit}")
    assert response.status_code == 400
    assert [e["path"] for e in response.get_json()["errors"]] == ["limit"]


@pytest.mark.parametrize("body, path", [
    ('{"game": "war-of-the-ring", "game": "lotr-lcg", "question": {"kind": "hunt-roll"}}', "game"),
    ('{"game": "war-of-the-ring", "title": "\\ud800", "question": {"kind": "hunt-roll"}}', "title"),
    ('{"game": "war-of-the-ring", "position": {"regions": {"Osgil\\u0000iath": {}}}, '
     '"question": {"kind": "hunt-roll"}}',
     "position.regions.Osgil\\u0000iath"),
    ('{"game": "war-of-the-ring", "position": ' + "[" * 3000 + "]" * 3000 + "}", "position[0][0]"),
    ('{"game": "war-of-the-ring", "position": ' + "[" * 500 + "]" * 500 + "}", "position"),
])
def test_the_api_refuses_duplicates_odd_text_and_deep_nesting_with_a_path(client, body, path):
    response = post_json(client, body)
    assert response.status_code == 400
    paths = [e["path"] for e in response.get_json()["errors"]]
    assert any(p.startswith(path) for p in paths), paths


def test_two_thousand_unknown_names_give_a_small_answer(client):
    scenario = {"game": "war-of-the-ring", "position": {"regions": {f"Nowhere {i}": {} for i in range(2000)}},
                "question": {"kind": "hunt-roll"}}
    body = json.dumps(scenario)
    assert len(body) < 64 * 1024
    response = post_json(client, body)
    assert response.status_code == 400
    errors = response.get_json()["errors"]
    assert len(errors) == 51 and "1950" in errors[-1]["message"]
    assert len(response.get_data()) < 20_000


def test_an_internal_error_is_a_500_that_says_so_without_a_traceback(client, monkeypatch):
    from adjudicator import registry

    real = registry.handler
    monkeypatch.setattr(registry, "handler", lambda game, kind: (lambda p, q, r: 1 / 0) if kind == "hunt-roll"
                        else real(game, kind))
    response = post_json(client, json.dumps({"game": "war-of-the-ring", "question": {"kind": "hunt-roll"}}))
    assert response.status_code == 500
    message = response.get_json()["errors"][0]["message"]
    assert "ZeroDivisionError" in message and "Traceback" not in message


# -- the paste form and the form boxes ---------------------------------------------------------------

def test_the_paste_form_refuses_an_alias_bomb(client):
    response = client.post("/en/ask", data={"scenario": "game: war-of-the-ring\n" + alias_bomb()})
    assert response.status_code == 400
    assert "alias" in response.get_data(as_text=True)


@pytest.mark.parametrize("text, needle", [
    ("game: war-of-the-ring\nposition: " + "[" * 3000 + "]" * 3000, "32"),
    ("game: war-of-the-ring\ntitle: \"\\ud800\"\nquestion: {kind: hunt-roll}\n", "Unicode"),
    ("game: war-of-the-ring\ngame: lotr-lcg\nquestion: {kind: hunt-roll}\n", "more than once"),
    ("game: war-of-the-ring\ntitle: " + "t" * 20_000 + "\nquestion: {kind: hunt-roll}\n", "2000"),
])
def test_the_paste_form_answers_400_never_500(client, text, needle):
    response = client.post("/en/ask", data={"scenario": text})
    assert response.status_code == 400
    assert needle in response.get_data(as_text=True).replace(",", "")


def test_a_scenario_too_large_for_its_link_is_refused_before_the_redirect(client):
    import random

    rng = random.Random(12)
    alphabet = "abcdefghijklmnopqrstuvwxyz0123456789"
    notes = {f"n{i}": "".join(rng.choice(alphabet) for _ in range(1500)) for i in range(20)}
    scenario = {"game": "war-of-the-ring", "position": {}, "question": {"kind": "hunt-roll"}, "notes": notes}
    assert len(permalink.encode(scenario)) > permalink.MAX_TOKEN_CHARS
    response = client.post("/en/ask", data={"scenario": json.dumps(scenario)})
    assert response.status_code == 400 and "Location" not in response.headers
    assert "too large for a link" in response.get_data(as_text=True)


def test_the_form_boxes_refuse_bombs_and_deep_nesting_beside_the_box(client):
    for box in (alias_bomb(), "regions: " + "[" * 3000 + "]" * 3000, "regions: {Osgiliath: {}, Osgiliath: {}}"):
        response = client.post("/en/ask/war-of-the-ring/army-move",
                               data={"q-from": "Osgiliath", "q-to": "Minas Tirith", "extra-position": box})
        assert response.status_code == 400, box[:40]
        page = response.get_data(as_text=True)
        assert re.search(r'id="extra-position-error"|extra-position', page)
        assert any(word in page for word in ("alias", "32", "more than once"))


@pytest.mark.parametrize("value", ["²", "--5", "9" * 5000, "٣"])
def test_form_numbers_are_read_strictly(client, value):
    response = client.post("/en/ask/war-of-the-ring/army-move",
                           data={"r0-name": "Osgiliath", "r0-fp0-nation": "gondor", "r0-fp0-regular": value,
                                 "q-from": "Osgiliath", "q-to": "Minas Tirith"})
    assert response.status_code == 400


def test_a_nul_typed_in_a_region_name_is_shown_beside_its_field(client):
    response = client.post("/en/ask/war-of-the-ring/army-move",
                           data={"r0-name": "Osgil\x00iath", "r0-fp0-nation": "gondor", "r0-fp0-regular": "2",
                                 "q-from": "Osgiliath", "q-to": "Minas Tirith"})
    assert response.status_code == 400
    assert re.search(r'href="#r0-name"><strong>[^<]*</strong>: [^<]*U\+0000', response.get_data(as_text=True))


def test_a_political_state_with_odd_digits_is_no_crash(client):
    response = client.post("/en/ask/war-of-the-ring/politics",
                           data={"pol0-nation": "rohan", "pol0-state": "²-active", "q-nation": "rohan"})
    assert response.status_code == 400
    response = client.post("/en/ask/war-of-the-ring/politics",
                           data={"pol0-nation": "rohan", "pol0-state": "9" * 5000 + "-active", "q-nation": "rohan"})
    assert response.status_code == 400


def test_a_link_with_what_this_app_never_links_to_is_a_bad_link(client):
    import base64
    import zlib

    for scenario in ({"game": "war-of-the-ring", "title": "\ud800", "question": {"kind": "hunt-roll"}},
                     {"game": "war-of-the-ring", "title": "a\x00b", "question": {"kind": "hunt-roll"}},
                     '{"game": "war-of-the-ring", "game": "lotr-lcg", "question": {"kind": "hunt-roll"}}'):
        text = scenario if isinstance(scenario, str) else json.dumps(scenario)   # \ud800 escaped, as a forger would
        token = base64.urlsafe_b64encode(zlib.compress(text.encode("ascii"))).decode("ascii").rstrip("=")
        for address in (f"/en/r/{token}", f"/en/ask?from={token}", f"/en/ask/war-of-the-ring/hunt-roll?from={token}"):
            response = client.get(address)
            assert response.status_code in (200, 400), address
            response.get_data(as_text=True).encode("utf-8")


# -- what the pages say --------------------------------------------------------------------------------

def test_the_permalink_box_does_not_reflect_the_host_header(client, app):
    token = permalink.encode(ARMY)
    page = client.get(f"/en/r/{token}", headers={"Host": "evil.example"}).get_data(as_text=True)
    assert "evil.example" not in page
    assert re.search(r'id="permalink"[^>]*value="/en/r/' + re.escape(token), page)
    app.config["PUBLIC_URL"] = "https://rules.example.org/"
    try:
        page = client.get(f"/en/r/{token}", headers={"Host": "evil.example"}).get_data(as_text=True)
    finally:
        app.config["PUBLIC_URL"] = ""
    assert f'value="https://rules.example.org/en/r/{token}"' in page and "evil.example" not in page


@pytest.mark.parametrize("name", [".buildinfo", ".adjudicator-build.json", "board/.hidden", "rules-export.json",
                                  ".doctrees/index.doctree"])
def test_the_docs_serve_no_build_files(docs_app, name):
    root = Path(docs_app.config["BUILD_DIR"]) / "docs" / "en"
    (root / name).parent.mkdir(parents=True, exist_ok=True)
    (root / name).write_text("internal", encoding="utf-8")
    with docs_app.test_client().get(f"/en/docs/{name}") as response:
        assert response.status_code == 404 and b"internal" not in response.data
    with docs_app.test_client().get("/en/docs/board/sieges.html") as response:
        assert response.status_code == 200


# -- the real server ---------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """``adjudicator serve --no-build`` on a free loopback port (its output in a file)."""
    build_dir = tmp_path_factory.mktemp("serve-build")
    log_path = build_dir / "serve.log"
    port = free_port()
    env = {**os.environ, "ADJUDICATOR_BUILD_DIR": str(build_dir), "PYTHONWARNINGS": "ignore"}
    with log_path.open("w") as log:
        proc = subprocess.Popen([sys.executable, "-m", "adjudicator", "serve", "--no-build", "--port", str(port)],
                                cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 60
        while "serving on" not in log_path.read_text():
            assert proc.poll() is None and time.monotonic() < deadline, log_path.read_text()
            time.sleep(0.1)
        yield {"port": port, "log": log_path}
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=10)


def raw_request(port: int, data: bytes) -> bytes:
    """Send ``data`` a kilobyte at a time, stopping as soon as the server answers (a server
    that refuses a request midway closes the connection; bytes sent after that reset it)."""
    import select

    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        for start in range(0, len(data), 1024):
            sock.sendall(data[start:start + 1024])
            if select.select([sock], [], [], 0.02)[0]:
                break
        chunks = []
        try:
            while chunk := sock.recv(65536):
                chunks.append(chunk)
        except ConnectionResetError:
            pass
    return b"".join(chunks)


def timed_get(port: int, path: str = "/api/v1/search?q=x&limit=0") -> tuple[int, float]:
    started = time.perf_counter()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        conn.request("GET", path)
        response = conn.getresponse()
        response.read()
        return response.status, time.perf_counter() - started
    finally:
        conn.close()


@pytest.mark.parametrize("request_bytes, status", [
    (b"GARBAGE\r\n\r\n", b"400"),
    (b"GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 20_000 + b"\r\n\r\n", b"431"),
    (b"POST /api/v1/rulings HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000000\r\n\r\n",
     b"413"),
])
def test_waitress_own_error_answers_carry_the_security_headers(server, request_bytes, status):
    answer = raw_request(server["port"], request_bytes)
    head = answer.split(b"\r\n\r\n", 1)[0].decode("latin-1")
    assert head.split(" ")[1] == status.decode()
    for name, value in security.HEADERS.items():
        assert f"{name}: {value}" in head, name


def big_post(path: str, *extra: bytes) -> bytes:
    """A POST that declares a body past waitress's own limit (the app never sees it)."""
    return (f"POST {path} HTTP/1.1\r\nHost: x\r\n".encode() + b"".join(h + b"\r\n" for h in extra)
            + b"Content-Length: 1000000\r\n\r\n")


@pytest.mark.parametrize("path, headers", [("/api/v1/rulings?lang=es", ()),
                                           ("/api/v1/rulings", (b"Accept-Language: es",))])
def test_a_body_past_the_servers_limit_is_answered_as_the_api_answers(server, path, headers):
    answer = raw_request(server["port"], big_post(path, b"Content-Type: application/json", *headers))
    head, _, body = answer.partition(b"\r\n\r\n")
    assert head.split(b" ")[1] == b"413" and b"Content-Type: application/json" in head
    errors = json.loads(body)["errors"]
    assert errors[0]["message"].startswith("La petición es demasiado grande")
    for name, value in security.HEADERS.items():
        assert f"{name}: {value}".encode() in head, name


def test_a_form_past_the_servers_limit_gets_a_page_in_its_language(server):
    answer = raw_request(server["port"], big_post("/es/ask", b"Content-Type: application/x-www-form-urlencoded"))
    head, _, body = answer.partition(b"\r\n\r\n")
    assert head.split(b" ")[1] == b"413" and b"text/html" in head
    assert "La petición es demasiado grande" in body.decode("utf-8") and b'lang="es"' in body


def test_a_normal_request_is_answered_while_300_slow_clients_trickle_their_headers(server):
    """300 connections each send one header byte a second; others are still answered at
    once, and the slow ones are closed once their request is overdue (10 s)."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < 400:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 1024), hard))
    port = server["port"]
    slow = [socket.create_connection(("127.0.0.1", port), timeout=5) for _ in range(300)]
    closed: dict[int, float] = {}
    stop = threading.Event()
    started = time.monotonic()

    def trickle() -> None:
        while not stop.is_set():
            for i, sock in enumerate(slow):
                if i in closed:
                    continue
                try:
                    sock.sendall(b"G" if time.monotonic() - started < 1 else b"E")
                    sock.setblocking(False)
                    if sock.recv(1) == b"":
                        closed[i] = time.monotonic() - started
                except BlockingIOError:
                    pass
                except OSError:
                    closed[i] = time.monotonic() - started
                finally:
                    if i not in closed:
                        sock.setblocking(True)
            stop.wait(1)

    worker = threading.Thread(target=trickle, daemon=True)
    worker.start()
    try:
        time.sleep(2)
        answers = [timed_get(port) for _ in range(5)]   # while all 300 are open and trickling
        assert len(closed) == 0
        assert all(status == 400 for status, _ in answers)
        print(f"\nnormal requests with 300 slow clients open: {[round(t * 1000) for _, t in answers]} ms")
        deadline = time.monotonic() + 20
        while len(closed) < len(slow) and time.monotonic() < deadline:
            time.sleep(0.5)
        assert len(closed) == len(slow), f"{len(closed)} of {len(slow)} slow connections closed"
        assert min(closed.values()) >= 9   # not before their 10 s
    finally:
        stop.set()
        worker.join(timeout=5)
        for sock in slow:
            sock.close()
    assert timed_get(port, "/api/v1/openapi.json")[0] == 200


def test_serve_reports_a_busy_port_before_saying_it_serves(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        proc = subprocess.run([sys.executable, "-m", "adjudicator", "serve", "--port", str(port)], cwd=ROOT,
                              env={**os.environ, "ADJUDICATOR_BUILD_DIR": str(tmp_path)}, capture_output=True,
                              text=True, timeout=60)
    assert proc.returncode == 1
    assert "cannot listen" in proc.stderr and "serving on" not in proc.stdout
    assert "Building" not in proc.stdout + proc.stderr   # said before any build started
