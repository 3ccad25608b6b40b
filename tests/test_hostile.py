"""Hostile input to the engine and the CLI (issue 12): every reproduction of the security
review is a test. Each must end as exit 2 (or a ScenarioInvalid) with the problem's path,
never a traceback; bounded in memory and CPU (the CLI runs under resource limits here, so a
regression fails instead of exhausting the machine).
"""
from __future__ import annotations

import json
import logging
import subprocess
import sys
import tracemalloc
from pathlib import Path

import pytest

from adjudicator import api, cli, loading
from adjudicator.problems import MAX_PROBLEMS, SUGGEST_FIRST, InternalError, ScenarioInvalid

ROOT = Path(__file__).resolve().parents[1]
CLI = [sys.executable, "-m", "adjudicator"]
MIB = 1024 * 1024


def run_cli(*args, stdin: str | bytes | None = None, memory_mib: int = 400, cpu_seconds: int = 20):
    """The CLI in a new process, limited like a small server: a bomb fails the test, not the machine."""
    def limits() -> None:
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (memory_mib * MIB, memory_mib * MIB))
        resource.setrlimit(resource.RLIMIT_CPU, (cpu_seconds, cpu_seconds))

    return subprocess.run([*CLI, *args], input=stdin, capture_output=True, cwd=ROOT, timeout=120,
                          preexec_fn=limits if sys.platform != "win32" else None,
                          text=not isinstance(stdin, bytes))


def problems_of(data, lang="en") -> dict[str, str]:
    with pytest.raises(ScenarioInvalid) as exc:
        api.ask(data, lang) if not isinstance(data, str) else api.ask_text(data, lang)
    return {p["path"]: p["message"] for p in exc.value.as_dicts(lang)}


def army(regular) -> dict:
    return {"game": "war-of-the-ring", "position": {"regions": {"Osgiliath": {"free_peoples": {
        "gondor": {"regular": regular}}}}},
        "question": {"kind": "army-move", "from": "Osgiliath", "to": "Minas Tirith"}}


REGULAR = "position.regions.Osgiliath.free_peoples.gondor.regular"


# -- numbers ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("typed", ["--5", "²", "٣", "9" * 5000, "5-", "1e3", "0x3", "½", "3.5", float("nan"),
                                   float("inf"), 1e300, 10 ** 25, True, "", "- 3"])
def test_a_count_that_is_not_a_plain_number_is_a_problem_at_its_path(typed):
    errs = problems_of(army(typed))
    assert list(errs) == [REGULAR]
    assert len(errs[REGULAR]) < 200                 # the 5,000 digits are not echoed back


@pytest.mark.parametrize("typed, count", [(" 3 ", 3), ("+3", 3), ("3", 3), (3.0, 3), ("\u22123", None)])
def test_counts_written_as_people_write_them_are_still_read(typed, count):
    if count is None:     # a minus sign: a negative count, refused for what it is
        assert "0" in problems_of(army(typed))[REGULAR]
    else:
        assert api.ask(army(typed))["verdict"]["status"] == "decided"


@pytest.mark.parametrize("tile", ["9" * 1500, "²", "--1", "٣"])
def test_hunt_tiles_and_dice_read_numbers_strictly(tile):
    scenario = {"game": "war-of-the-ring", "position": {"fellowship": {"region": "Moria"}},
                "question": {"kind": "hunt-damage", "tile": tile, "successes": "²"}}
    errs = problems_of(scenario)
    assert "question.tile" in errs and "question.successes" in errs


def test_a_keyword_value_with_thousands_of_digits_is_a_problem():
    scenario = {"game": "lotr-lcg", "position": {},
                "question": {"kind": "reveal", "card": {"keywords": ["Doomed " + "9" * 5000, "Archery " + "9" * 5000]}}}
    errs = problems_of(scenario)
    assert set(errs) == {"question.card.keywords[0]", "question.card.keywords[1]"}


@pytest.mark.parametrize("typed", ["--5", "²", "9" * 5000])
def test_the_cli_says_what_is_wrong_with_a_number_and_exits_2(typed):
    proc = run_cli("ask", "-", "--json", stdin=json.dumps(army(typed)))
    assert proc.returncode == 2, proc.stderr
    assert "Traceback" not in proc.stderr
    assert [e["path"] for e in json.loads(proc.stdout)["errors"]] == [REGULAR]


# -- YAML alias bombs, nesting, odd text -----------------------------------------------------------

def alias_bomb(levels: int = 9, width: int = 9) -> str:
    """The review's bomb: each level is nine aliases of the one before (9 ** 9 = 387 million
    strings once expanded, from 414 bytes; ten levels, 3.5 billion from 460)."""
    lines = ["a0: &a0 [" + ",".join(["lol"] * width) + "]"]
    lines += [f"a{i}: &a{i} [" + ",".join([f"*a{i - 1}"] * width) + "]" for i in range(1, levels)]
    return "\n".join(lines) + "\n"


def test_a_455_byte_alias_bomb_is_refused_before_it_is_expanded():
    bomb = alias_bomb()
    assert len(bomb) <= 455
    tracemalloc.start()
    try:
        errs = problems_of(bomb)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert any("alias" in message for message in errs.values())
    assert peak < 20 * MIB


def test_a_merge_key_bomb_is_refused_too():
    lines = ["m0: &m0 {a: 1, b: 2, c: 3}"]
    lines += [f"m{i}: &m{i} {{<<: [" + ", ".join([f"*m{i - 1}"] * 3) + "]}" for i in range(1, 25)]
    errs = problems_of("\n".join(lines))
    assert any("alias" in message for message in errs.values())


def test_the_cli_refuses_alias_bombs_within_a_small_memory_and_cpu_budget(tmp_path):
    for name, text in (("9-levels", alias_bomb(9, 9)), ("10-levels", alias_bomb(10, 9))):
        path = tmp_path / f"bomb-{name}.yaml"
        path.write_text(text, encoding="utf-8")
        proc = run_cli("ask", str(path), memory_mib=300, cpu_seconds=10)
        assert proc.returncode == 2, proc.stderr[-2000:]
        assert "alias" in proc.stderr and "Traceback" not in proc.stderr


def test_aliases_that_stay_small_are_still_read():
    text = ("game: war-of-the-ring\nposition:\n  regions:\n"
            "    Osgiliath: &army {free_peoples: {gondor: {regular: 2}}}\n"
            "    Minas Tirith: *army\nquestion: {kind: army-move, from: Osgiliath, to: Pelargir}\n")
    assert api.ask_text(text)["verdict"]["status"] == "decided"


def test_an_alias_inside_its_own_anchor_is_refused():
    errs = problems_of("game: war-of-the-ring\nposition: &p {regions: *p}\nquestion: {kind: hunt-roll}\n")
    assert "position.regions" in errs


@pytest.mark.parametrize("text", ["game: war-of-the-ring\nposition: " + "[" * 3000 + "]" * 3000
                                  + "\nquestion: {kind: hunt-roll}",
                                  '{"game": "war-of-the-ring", "position": ' + "[" * 3000 + "]" * 3000 + "}",
                                  "game: war-of-the-ring\nposition:\n"
                                  + "".join(" " * i + "- \n" for i in range(2, 400))])
def test_deep_nesting_is_a_problem_not_a_recursion_error(text):
    errs = problems_of(text)
    assert any(path.startswith("position") for path in errs)
    assert any("32" in message for message in errs.values())


def test_deep_nesting_given_as_data_is_a_problem_too():
    deep: list = []
    for _ in range(3000):
        deep = [deep]
    assert "position" in "".join(problems_of({"game": "war-of-the-ring", "position": deep, "question": {}}))


def test_shared_and_cyclic_data_from_python_callers_is_bounded_too():
    shared: list = ["lol"] * 10
    for _ in range(20):            # 10 ** 20 values if walked naively, in a few kilobytes
        shared = [shared] * 10
    errs = problems_of({"game": "war-of-the-ring", "position": {"x": shared}, "question": {"kind": "hunt-roll"}})
    assert any("10000" in message.replace(",", "") for message in errs.values())
    cyclic: dict = {"game": "war-of-the-ring", "question": {"kind": "hunt-roll"}}
    cyclic["position"] = cyclic
    assert any("32" in message for message in problems_of(cyclic).values())


def test_the_cli_refuses_3000_nested_lists_without_a_traceback():
    proc = run_cli("ask", "-", stdin="game: war-of-the-ring\nposition: " + "[" * 3000 + "]" * 3000 + "\n")
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert "position[0]" in proc.stderr


@pytest.mark.parametrize("where", ["title", "name"])
def test_a_lone_surrogate_is_refused_at_its_path(where):
    scenario = army(2) | {"title": "\ud800"} if where == "title" else \
        {**army(2), "position": {"regions": {"Osgiliath\ud800": {}}}}
    path = "title" if where == "title" else "position.regions.Osgiliath\\ud800"
    errs = problems_of(scenario)
    assert path in errs and "U+D800" in errs[path]
    proc = run_cli("ask", "-", stdin=json.dumps(scenario))      # JSON escapes: \ud800
    assert proc.returncode == 2 and "Traceback" not in proc.stderr and "U+D800" in proc.stderr


def test_a_nul_inside_a_region_name_is_refused_not_dropped():
    regions = {"Osgil\x00iath": {"free_peoples": {"gondor": {"regular": 2}}}}
    errs = problems_of({**army(2), "position": {"regions": regions}})
    assert "position.regions.Osgil\\u0000iath" in errs
    errs = problems_of('{"game": "war-of-the-ring", "title": "a\\u0000b", "question": {"kind": "hunt-roll"}}')
    assert "title" in errs


def test_control_characters_in_yaml_text_are_refused_with_their_line():
    errs = problems_of("game: war-of-the-ring\ntitle: bad\x01title\nquestion: {kind: hunt-roll}\n")
    assert "line 2" in errs[""]


def test_bytes_that_are_not_utf8_are_refused_from_a_file_and_from_standard_input(tmp_path):
    path = tmp_path / "latin1.yaml"
    path.write_bytes("game: war-of-the-ring\ntitle: Ñandú\n".encode("latin-1"))
    for proc in (run_cli("ask", str(path)), run_cli("ask", "-", stdin=path.read_bytes())):
        assert proc.returncode == 2
        assert b"Traceback" not in (proc.stderr if isinstance(proc.stderr, bytes) else proc.stderr.encode())


def test_the_surrogates_python_makes_of_bad_bytes_are_refused_with_their_place():
    errs = problems_of("game: war-of-the-ring\ntitle: caf\udce9\n")   # what surrogateescape reads
    assert "line 2" in errs[""]


def test_duplicate_keys_are_problems_with_their_path_not_last_wins():
    text = ("game: war-of-the-ring\nposition:\n  regions:\n"
            "    Osgiliath: {free_peoples: {gondor: {regular: 1, regular: 9}}}\n"
            "question: {kind: army-move, from: Osgiliath, to: Pelargir}\nquestion: {kind: hunt-roll}\n")
    errs = problems_of(text)
    assert set(errs) == {REGULAR, "question"}
    js = '{"game": "war-of-the-ring", "game": "lotr-lcg", "question": {"kind": "hunt-roll"}}'
    assert set(problems_of(js)) == {"game"}
    assert "game" in problems_of(js, "es")["game"] and "más de una vez" in problems_of(js, "es")["game"]


def test_keys_equal_once_read_count_as_duplicates():
    assert "position.regions.Osgiliath.free_peoples.gondor.0x1" in problems_of(
        "game: war-of-the-ring\nposition: {regions: {Osgiliath: {free_peoples: {gondor: {1: a, 0x1: b}}}}}\n")


@pytest.mark.parametrize("tag", ["!!binary aGVsbG8=", "!!set {a, b}", "!!python/object/apply:os.system [ls]",
                                 "!custom x", "!!omap [a: 1]"])
def test_yaml_tags_beyond_plain_data_are_refused_at_their_path(tag):
    assert "title" in problems_of(f"game: war-of-the-ring\ntitle: {tag}\nquestion: {{kind: hunt-roll}}\n")


def test_dates_stay_text_and_an_impossible_date_is_no_crash():
    ruling = api.ask_text("game: war-of-the-ring\ntitle: 2024-13-45\nposition: {}\nquestion: {kind: hunt-roll}\n")
    assert ruling["title"] == "2024-13-45"


@pytest.mark.parametrize("libyaml", [True, False])
def test_both_yaml_parsers_keep_the_bounds(libyaml):
    """libyaml's parser when installed, PyYAML's own otherwise: the same answers."""
    for text, needle in ((alias_bomb(), "alias"), ("a: " + "[" * 100 + "]" * 100, "32"),
                         ("a: 1\na: 2\n", "more than once"),
                         ('t: "\\0"\n', "U+0000"), ("t: a\x00b\n", "line 1, column 5")):
        with pytest.raises(ScenarioInvalid) as exc:
            loading._load_yaml(text, libyaml)
        assert needle in " ".join(p["message"] for p in exc.value.as_dicts("en")), (text[:40], libyaml)
    assert loading._load_yaml("a: [1, {b: c}]\n", libyaml) == {"a": [1, {"b": "c"}]}


def test_the_loader_reads_every_scenario_file_as_pyyaml_does():
    import yaml

    for path in sorted((ROOT / "scenarios").rglob("*.yaml")):
        text = path.read_text(encoding="utf-8")
        assert loading.load_text(text) == yaml.safe_load(text), path


def test_a_scenario_file_past_the_size_bound_is_refused_before_it_is_read(tmp_path):
    path = tmp_path / "big.yaml"
    path.write_text("title: " + "x" * (loading.MAX_TEXT_BYTES + 10), encoding="utf-8")
    proc = run_cli("ask", str(path))
    assert proc.returncode == 2 and "1024 KiB" in proc.stderr and "Traceback" not in proc.stderr
    proc = run_cli("ask", "-", stdin=path.read_text(encoding="utf-8"))
    assert proc.returncode == 2 and "1024 KiB" in proc.stderr


# -- amplification -----------------------------------------------------------------------------------

def test_two_thousand_unknown_names_give_a_bounded_report(monkeypatch):
    import difflib

    calls = []
    real = difflib.get_close_matches
    monkeypatch.setattr(difflib, "get_close_matches", lambda *a, **k: calls.append(a[0]) or real(*a, **k))
    scenario = {"game": "war-of-the-ring",
                "position": {"regions": {f"Nowhere {i} " + "z" * 300: {} for i in range(2000)}},
                "question": {"kind": "hunt-roll"}}
    with pytest.raises(ScenarioInvalid) as exc:
        api.ask(scenario)
    problems = exc.value.as_dicts("en")
    assert len(problems) == MAX_PROBLEMS + 1
    assert problems[-1]["path"] == "" and "1950 more" in problems[-1]["message"]
    assert len(calls) <= SUGGEST_FIRST            # did-you-mean for the first few names only
    assert all(len(p["path"]) < 160 and len(p["message"]) < 400 for p in problems)
    assert len(json.dumps(problems)) < 30_000     # was 200 KB to 4 MB


def test_echoed_values_are_cut_to_about_a_hundred_characters():
    errs = problems_of({"game": "war-of-the-ring", "position": {}, "question": {"kind": "hunt-roll", "x" * 1500: 1,
                                                                                 "rolls": ["y" * 1500]}})
    assert all(len(path) < 120 and len(message) < 300 for path, message in errs.items())


def test_a_title_longer_than_any_title_is_a_problem():
    errs = problems_of(army(2) | {"title": "t" * 20_000})
    assert "title" in errs and "2000" in errs["title"].replace(",", "")


# -- the safety net ---------------------------------------------------------------------------------

@pytest.fixture
def broken_kind(monkeypatch):
    """hunt-roll's handler fails as a bug would."""
    from adjudicator import registry

    real = registry.handler

    def handler(game, kind):
        if kind == "hunt-roll":
            def broken(position, q, r):
                raise KeyError("a bug")
            return broken
        return real(game, kind)

    monkeypatch.setattr(registry, "handler", handler)


HUNT = {"game": "war-of-the-ring", "position": {}, "question": {"kind": "hunt-roll"}}


def test_a_bug_becomes_an_internal_error_logged_with_its_traceback(broken_kind, caplog):
    with caplog.at_level(logging.ERROR, logger="adjudicator.api"), pytest.raises(InternalError) as exc:
        api.ask(HUNT)
    assert "KeyError" in exc.value.message("en") and "error nuestro" in exc.value.message("es")
    assert any(record.exc_info and record.exc_info[0] is KeyError for record in caplog.records)


def test_the_cli_exits_3_on_an_internal_error_without_a_traceback(broken_kind, tmp_path, capsys, monkeypatch):
    path = tmp_path / "hunt.json"
    path.write_text(json.dumps(HUNT), encoding="utf-8")
    monkeypatch.delenv("ADJUDICATOR_DEBUG", raising=False)
    assert cli.main(["ask", str(path)]) == 3
    err = capsys.readouterr().err
    assert "bug" in err and "ADJUDICATOR_DEBUG" in err and "Traceback" not in err
    monkeypatch.setenv("ADJUDICATOR_DEBUG", "1")
    assert cli.main(["ask", str(path), "--json"]) == 3
    captured = capsys.readouterr()
    assert json.loads(captured.out)["internal_error"] is True
    assert "Traceback" in captured.err and "KeyError" in captured.err


def test_check_carries_on_to_the_next_file_after_an_internal_error(broken_kind, tmp_path, capsys):
    (tmp_path / "a-hunt.json").write_text(json.dumps(HUNT), encoding="utf-8")
    (tmp_path / "b-army.json").write_text(json.dumps({**army(2), "expect": {"allowed": True}}), encoding="utf-8")
    assert cli.main(["check", str(tmp_path), "-v"]) == 3
    out = capsys.readouterr().out
    assert "ERROR" in out and "a-hunt.json" in out
    assert "ok    " in out and "b-army.json" in out
    assert "1 as expected" in out and "internal error" in out


def test_the_exit_code_of_an_internal_error_is_documented_in_both_languages():
    def text(rel: str) -> str:
        return " ".join((ROOT / rel).read_text(encoding="utf-8").split())

    assert "3 an internal error of Adjudicator" in text("README.md")
    assert "and 3 when Adjudicator itself fails" in text("docs/usage.md")
    assert "3 when Adjudicator itself failed" in text("docs/deploy.md")
    spanish_usage = text("docs/locale/es/LC_MESSAGES/usage.po").replace('" "', "")
    assert "y con 3 cuando falla el propio Adjudicator" in spanish_usage
    assert "ADJUDICATOR_DEBUG=1" in text("docs/locale/es/LC_MESSAGES/deploy.po")


# -- builds ------------------------------------------------------------------------------------------

def test_a_build_folder_that_cannot_be_written_is_said_plainly(tmp_path, monkeypatch, capsys):
    from adjudicator import build, paths

    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder", encoding="utf-8")
    monkeypatch.setattr(paths, "BUILD", blocker / "build")      # cannot be created, even by root
    assert build.main("docs") == 1
    err = capsys.readouterr().err
    assert "cannot be written" in err and "ADJUDICATOR_BUILD_DIR" in err and "Traceback" not in err
    assert "warning" not in err.lower() and "fix these" not in err


def test_a_read_only_build_folder_with_everything_built_is_served_as_it_is(monkeypatch):
    from adjudicator import build

    def read_only(folder):
        raise build.BuildError(f"The build folder {folder} cannot be written (Read-only file system).")

    said = []
    monkeypatch.setattr(build, "writable", read_only)
    monkeypatch.setattr(build, "docs_ready", lambda lang: True)
    monkeypatch.setattr(build, "_index_present", lambda lang: True)
    assert build.ensure_built(progress=said.append) == {"docs": None, "index": None}
    assert "read-only" in said[0]
    monkeypatch.setattr(build, "_index_present", lambda lang: False)
    with pytest.raises(build.BuildError, match="cannot be written"):
        build.ensure_built(progress=said.append)


def test_what_a_killed_build_left_behind_is_removed_by_the_next_one(built, monkeypatch):
    from adjudicator import build, paths

    assert built["proc"].returncode == 0, built["proc"].stderr[-2000:]
    docs = Path(built["dir"]) / "docs"
    leftovers = [docs / ".en.building-424242", docs / ".es.building-1", docs / ".en.old-77"]
    for folder in leftovers:
        (folder / "html").mkdir(parents=True)
    monkeypatch.setattr(paths, "BUILD", Path(built["dir"]))
    said: list[str] = []
    report = build.build_docs(progress=said.append)          # both languages up to date: skipped
    assert all(entry["skipped"] for entry in report["langs"].values())
    assert not any(folder.exists() for folder in leftovers)
    assert sum("interrupted build" in line for line in said) == 3
