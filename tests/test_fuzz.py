"""Fuzzing with mutated real scenarios: whatever is changed (types, numbers, names, keys
deleted or given twice, deep nesting, odd Unicode, YAML aliases), the engine gives a ruling
or :class:`ScenarioInvalid`, never another exception; the CLI exits 0 or 2 without a
traceback; the API and the paste form answer 200/303 or 400, never 500.

Every answer must also be something a user can receive: JSON that encodes as UTF-8 (a lone
surrogate in a ruling's title was a 500), every problem with a path and a message in both
languages, at most ``MAX_PROBLEMS`` (+1 "... and N more") of them.

Examples per test: the ``fuzz`` profile (tests/conftest.py): 2,000 in CI.
"""
from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from adjudicator import api, cli, data
from adjudicator.problems import MAX_PROBLEMS, ScenarioInvalid
from tests.helpers import load_scenario_file

ROOT = Path(__file__).resolve().parents[1]
FILES = sorted((ROOT / "scenarios").rglob("*.yaml"))
SCENARIOS = [load_scenario_file(f) for f in FILES]
FUZZ = settings(settings.get_profile("fuzz"), suppress_health_check=list(HealthCheck))

NUMBER_TEXTS = ["--5", "²", "٣", "9" * 5000, "+3", " 7 ", "1e3", "0x10", "3.0", "½", "١٢", "5\x00", "−2", "-0",
                "99999999999999999999", "", " "]
ODD_TEXTS = ["\ud800", "a\x00b", "\u202eevil", "\ufeffOsgiliath", "Ｏｓｇｉｌｉａｔｈ", "x" * 3000, "🐉",
             "Osgil\x00iath",
             "Minas Tirith\x7f", "\x85", "null", "~", "yes", "no", "<script>alert(1)</script>", "../../etc/passwd",
             "{{7*7}}", "%s%s%n", "\\", "'", '"', "\t", "a\u0301", "ǅ", "İ", "ß"]
NAMES = sorted({n for r in data.regions().values() for n in r["name"].values() if n})[:60]
# A character that may be a lone surrogate or a control character, as JSON escapes allow.
ANY_CHAR = st.characters(min_codepoint=0, max_codepoint=0x10FFFF, exclude_categories=())

leaves = st.one_of(
    st.none(), st.booleans(), st.integers(-10, 40), st.integers(), st.integers(-10 ** 40, 10 ** 40),
    st.floats(allow_nan=True, allow_infinity=True), st.text(ANY_CHAR, max_size=12),
    st.sampled_from(NUMBER_TEXTS + ODD_TEXTS + NAMES))
values = st.recursive(leaves, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.text(ANY_CHAR, max_size=8) | st.sampled_from(NAMES), inner,
                                                 max_size=4)), max_leaves=12)


# Strategies drawn from in every example, made once: a sampled_from made inside a draw computes
# its label from its elements each time (the thousand scenarios: an eighth of the fuzz tests'
# time, measured with py-spy), so a long list built per example is indexed with an integer instead.
A_SCENARIO = st.sampled_from(SCENARIOS)
FAST_DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
OPERATIONS = st.sampled_from(["replace", "delete", "rename", "wrap", "stringify", "number", "nest", "graft", "name"])


def paths(node, prefix=()):
    """Every place in a scenario, down to 40 levels: (path, value) for each mapping value
    and list item."""
    yield prefix, node
    if len(prefix) >= 40:
        return
    items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
    for key, child in items:
        yield from paths(child, (*prefix, key))


def parent_of(root, path):
    node = root
    for key in path[:-1]:
        node = node[key]
    return node


@st.composite
def mutated(draw):
    """A real scenario with one to four mutations (a deep copy: the originals stay intact)."""
    scenario = json.loads(json.dumps(draw(A_SCENARIO), default=str))
    for _ in range(draw(st.integers(1, 4))):
        places = [p for p, _ in paths(scenario) if p]
        if not places:
            break
        path = places[draw(st.integers(0, len(places) - 1))]   # (a strategy made per draw: see A_SCENARIO)
        parent, key = parent_of(scenario, path), path[-1]
        old = parent[key]
        op = draw(OPERATIONS)
        if op == "replace":
            parent[key] = draw(values)
        elif op == "delete":
            del parent[key]
        elif op == "rename" and isinstance(parent, dict):
            parent[draw(st.text(ANY_CHAR, max_size=10) | st.sampled_from(NAMES + ODD_TEXTS))] = parent.pop(key)
        elif op == "wrap":
            parent[key] = [old]
        elif op == "stringify":
            try:
                parent[key] = json.dumps(old) if not isinstance(old, str) else draw(st.sampled_from(NUMBER_TEXTS))
            except (RecursionError, ValueError):   # nested too deep by an earlier mutation
                parent[key] = "[[[[["
        elif op == "number":
            parent[key] = draw(st.sampled_from([0, -1, 1, 7, 31, 2 ** 31, -(2 ** 63), 10 ** 30, 1.5, 3.0, True]))
        elif op == "nest":
            depth = draw(st.sampled_from([5, 31, 33, 200, 3000]))
            for _ in range(depth):
                old = [old]
            parent[key] = old
        elif op == "graft":   # a part of another scenario, where it may not belong
            other = draw(A_SCENARIO)
            parts = [v for _, v in paths(other)]
            parent[key] = json.loads(json.dumps(parts[draw(st.integers(0, len(parts) - 1))], default=str))
        elif op == "name" and isinstance(old, str):
            parent[key] = draw(st.sampled_from([old.upper(), old + "x", old[:-1], old + "\x00", " " + old,
                                                old.replace("a", "á"), old * 50]))
    return scenario


@st.composite
def mutated_text(draw):
    """A mutated scenario as YAML or JSON text, sometimes with a text-level mutation too."""
    scenario = draw(mutated())
    try:
        if draw(st.booleans()):
            text = json.dumps(scenario, ensure_ascii=True)   # escapes carry lone surrogates, NUL
        else:
            # libyaml's dumper (the pure-Python one took a quarter of these tests' time), which
            # refuses a lone surrogate: then the pure-Python one, which escapes it
            unicode = draw(st.booleans())
            try:
                text = yaml.dump(scenario, Dumper=FAST_DUMPER, allow_unicode=unicode, sort_keys=False)
            except UnicodeEncodeError:
                text = yaml.safe_dump(scenario, allow_unicode=unicode, sort_keys=False)
    except (yaml.YAMLError, RecursionError, ValueError):
        text = "[" * 3000 + "]" * 3000    # too deep for the dumpers: too deep as text, then
    lines = text.splitlines(keepends=True) or [""]
    edit = draw(st.sampled_from(["none", "duplicate-line", "drop-line", "bomb", "nul", "alias", "truncate"]))
    i = draw(st.integers(0, len(lines) - 1))
    if edit == "duplicate-line":
        lines.insert(i, lines[i])            # a key given twice, often
    elif edit == "drop-line":
        del lines[i]
    elif edit == "bomb":
        lines.append("\nlol0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
                     + "".join(f"lol{n}: &l{n} [" + ", ".join([f"*l{n - 1}"] * 9) + "]\n" for n in range(1, 9)))
    elif edit == "nul":
        lines[i] = lines[i][:3] + "\x00" + lines[i][3:]
    elif edit == "alias":
        lines.append("\nfirst: &a {kind: hunt-roll}\nsecond: *a\n")
    elif edit == "truncate":
        lines[i] = lines[i][: len(lines[i]) // 2]
    return "".join(lines)


def check_outcome(call) -> str:
    """Run ``call``: a ruling or ScenarioInvalid, both fit to send to a user; 'ruling' or 'problems'."""
    try:
        ruling = call()
    except ScenarioInvalid as exc:
        for lang in ("en", "es"):
            problems = exc.as_dicts(lang)
            assert 0 < len(problems) <= MAX_PROBLEMS + 1
            assert all(isinstance(p["path"], str) and p["message"] for p in problems)
            json.dumps(problems, ensure_ascii=False).encode("utf-8")
        return "problems"
    assert ruling["verdict"]["status"] in ("decided", "needs-info", "not-covered")
    json.dumps(ruling, ensure_ascii=False).encode("utf-8")
    return "ruling"


def cases_of(scenario):
    return scenario if isinstance(scenario, list) else [scenario]


@pytest.mark.parametrize("blank", [None, ""], ids=["null", "empty-text"])
def test_every_field_of_every_scenario_left_empty_in_turn_is_never_an_internal_error(blank):
    """Every field of the position and the question (and every list item), one at a time,
    left empty as a form or ``key:`` leaves it: a ruling or the problems, never a bug."""
    outcomes = {"ruling": 0, "problems": 0}
    for scenario in SCENARIOS:
        for case in cases_of(scenario):
            body = {k: v for k, v in case.items() if k != "expect"}
            for path, _ in paths({k: body[k] for k in ("position", "question") if k in body}):
                if not path:
                    continue
                changed = json.loads(json.dumps(body, default=str))
                parent_of(changed, path)[path[-1]] = blank
                outcomes[check_outcome(lambda changed=changed: api.ask(changed))] += 1
    assert outcomes["ruling"] > 300 and outcomes["problems"] > 300, outcomes


@pytest.mark.parametrize("field", ["companion", "character"])
def test_an_empty_field_reads_as_one_left_out(field):
    """``companion:`` with nothing after it is "this field is required", as leaving it out is."""
    event_of = {"companion": "companion-ability", "character": "character-enters"}
    question = {"kind": "politics", "nation": "gondor", "event": event_of[field]}
    said = []
    for q in (question, {**question, field: None}, {**question, field: " "}):
        with pytest.raises(ScenarioInvalid) as raised:
            api.ask({"game": "war-of-the-ring", "question": q})
        said.append(raised.value.as_dicts("en"))
    assert said[0] == said[1] == said[2]
    assert [p["path"] for p in said[0]] == [f"question.{field}"]


@FUZZ
@given(scenario=mutated(), lang=st.sampled_from([None, "en", "es"]))
def test_the_engine_answers_mutated_scenarios_or_says_what_is_wrong(scenario, lang):
    event(check_outcome(lambda: api.ask(scenario, lang)))


@FUZZ
@given(text=mutated_text())
def test_the_loader_and_engine_answer_mutated_scenario_text(text):
    event(check_outcome(lambda: api.ask_text(text)))


@FUZZ
@given(text=mutated_text(), as_json=st.booleans())
def test_the_cli_exits_0_or_2_without_a_traceback(text, as_json, monkeypatch):
    out, err = io.StringIO(), io.StringIO()
    monkeypatch.setattr("sys.stdin", io.StringIO(text))
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli.main(["ask", "-", *(["--json"] if as_json else [])])
    assert code in (0, 2), err.getvalue()
    assert "Traceback" not in err.getvalue() + out.getvalue()
    (out.getvalue() + err.getvalue()).encode("utf-8")   # printable on a UTF-8 terminal


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    from web import create_app

    return create_app({"TESTING": True, "BUILD_DIR": str(tmp_path_factory.mktemp("fuzz-build"))}).test_client()


@FUZZ
@given(scenario=mutated(), text=mutated_text())
def test_the_api_and_the_paste_form_never_answer_500(scenario, text, client):
    try:
        body = json.dumps(scenario, ensure_ascii=True).encode("ascii")
    except (RecursionError, ValueError):
        body = b"[" * 3000 + b"]" * 3000
    if len(body) <= 64 * 1024:
        answer = client.post("/api/v1/rulings", data=body, content_type="application/json")
        assert answer.status_code in (200, 400), answer.get_data(as_text=True)[:500]
        answer.get_json()
    pasted = client.post("/es/ask", data={"scenario": text})
    assert pasted.status_code in (303, 400, 413), pasted.get_data(as_text=True)[:500]
