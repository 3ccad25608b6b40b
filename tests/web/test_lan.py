"""``adjudicator serve --lan`` (web/lan.py): the addresses a phone can open, the QR code in
the terminal, the word on safety, and the options of ``serve`` and ``scripts/run.sh``."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from web import lan

ROOT = Path(__file__).resolve().parents[2]


def test_only_addresses_a_phone_can_reach_are_offered_private_first_each_once():
    found = lan.lan_addresses(["127.0.0.1", "169.254.3.4", "0.0.0.0", "8.8.4.4", "192.168.1.20",
                               "192.168.1.20", "::1", "fe80::1", "10.0.0.7", "not an address"])
    assert found == ["192.168.1.20", "10.0.0.7", "8.8.4.4"]


def test_listening_on_every_interface_lists_each_lan_address_else_the_host_itself():
    assert lan.urls("0.0.0.0", 5000, ["192.168.1.20", "10.0.0.7"]) == [
        "http://192.168.1.20:5000/", "http://10.0.0.7:5000/"]
    assert lan.urls("127.0.0.2", 8080) == ["http://127.0.0.2:8080/"]
    assert lan.urls("::1", 80) == ["http://[::1]:80/"]


def test_the_announcement_gives_the_address_its_qr_code_and_when_it_is_safe(capsys):
    said: list[str] = []
    assert lan.announce("0.0.0.0", 5000, said.append, ["192.168.1.20"]) == ["http://192.168.1.20:5000/"]
    qr = capsys.readouterr().out
    assert "http://192.168.1.20:5000/" in said[0]
    assert "Anyone on this network" in said[-1] and "hotspot" in said[-1]
    rows = qr.splitlines()
    assert len(rows) > 10 and len({len(r) for r in rows}) == 1 and "█" in qr   # a square of modules
    assert qr == lan.terminal_qr("http://192.168.1.20:5000/")


def test_no_network_address_is_said_in_words_without_a_qr_code(capsys):
    said: list[str] = []
    assert lan.announce("0.0.0.0", 5000, said.append, []) == []
    assert capsys.readouterr().out == ""
    assert "no network address" in said[0] and "Wi-Fi" in said[0]


def run_cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "adjudicator", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=60)


def test_serve_help_says_how_to_open_it_to_the_table_and_when_that_is_safe():
    out = run_cli("serve", "--help").stdout
    assert "--lan" in out and "0.0.0.0" in out and "phones at the table" in out and "public one" in out


def test_lan_with_another_host_is_refused_in_words():
    proc = run_cli("serve", "--lan", "--host", "127.0.0.1", "--no-build")
    assert proc.returncode == 2 and "--lan listens on 0.0.0.0" in proc.stderr and "Traceback" not in proc.stderr


def test_run_sh_passes_its_options_to_serve_and_the_readme_says_so():
    run_sh = (ROOT / "scripts" / "run.sh").read_text(encoding="utf-8")
    assert 'adjudicator serve "$@"' in run_sh
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "bash scripts/run.sh --lan" in readme and "passes its options" in readme


@pytest.mark.slow
def test_serve_lan_prints_an_address_that_answers(tmp_path):
    """The real command: it listens on 0.0.0.0 and each address it prints serves the app."""
    import re
    import time
    import urllib.request

    proc = subprocess.Popen([sys.executable, "-m", "adjudicator", "serve", "--lan", "--no-build", "--port", "0"],
                            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            env={**__import__("os").environ, "ADJUDICATOR_BUILD_DIR": str(tmp_path)})
    try:
        lines: list[str] = []
        deadline = time.monotonic() + 60
        assert proc.stdout is not None
        while time.monotonic() < deadline:
            line = proc.stdout.readline()
            lines.append(line)
            if "Anyone on this network" in line or "no network address" in line:
                break
        text = "".join(lines)
        port = re.search(r"serving on http://0\.0\.0\.0:(\d+)/", text).group(1)
        # whatever the machine's addresses, loopback reaches a server on every interface
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/en/", timeout=10) as answer:
            assert answer.status == 200
        for url in re.findall(r"http://(?!0\.0\.0\.0)[\d.]+:\d+/", text):
            with urllib.request.urlopen(url + "en/", timeout=10) as answer:
                assert answer.status == 200
    finally:
        proc.terminate()
        proc.wait(timeout=20)
        proc.stdout.close()
