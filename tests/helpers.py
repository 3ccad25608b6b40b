"""Small helpers shared by the rules tests: ask a War of the Ring question, or collect the
problems of one that cannot be read (path -> message, in the given language)."""
from __future__ import annotations

from collections import defaultdict
from functools import cache
from pathlib import Path

import pytest
import yaml

from adjudicator import registry
from adjudicator.api import ask
from adjudicator.problems import ScenarioInvalid

GAME = "war-of-the-ring"
ROOT = Path(__file__).resolve().parents[1]


def rule(position, question, lang="en"):
    return ask({"game": GAME, "lang": lang, "position": position, "question": question})


def problems(position, question, lang="en"):
    with pytest.raises(ScenarioInvalid) as exc:
        rule(position, question, lang)
    return {p["path"]: p["message"] for p in exc.value.as_dicts(lang)}


def steps_citing(ruling, words):
    """The rule labels of the explanation's steps whose text holds ``words``."""
    return [s["rule"] for s in ruling["explanation"] if words in s["text"]]


@cache
def _scenario_file(path: Path, mtime_ns: int):
    return yaml.load(path.read_text(encoding="utf-8"), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))


def load_scenario_file(path: Path):
    """One of the project's own scenario files, parsed once per test process (libyaml's safe loader
    when installed: the collection reads every file from three test modules). Treat it as read-only."""
    path = Path(path)
    return _scenario_file(path, path.stat().st_mtime_ns)


@cache
def _asked(path: Path, mtime_ns: int, index: int | None, lang: str | None):
    raw = load_scenario_file(path)
    try:
        return ask(raw if index is None else raw[index], lang)
    except ScenarioInvalid as exc:
        return exc


def asked(path: Path, index: int | None, lang: str | None = None) -> dict:
    """``api.ask(case, lang)`` of one case of a scenario file (``index`` None: the file's data
    as a whole), worked out once per test process for the modules that ask every scenario
    again (verdict words, messages, citations, the contract). Read-only: copy before changing
    it. Raises ScenarioInvalid as ``api.ask`` does."""
    path = Path(path)
    out = _asked(path, path.stat().st_mtime_ns, index, lang)
    if isinstance(out, ScenarioInvalid):
        raise out.with_traceback(None)
    return out


def scenario_file_cases(path: Path) -> list[tuple[int | None, object]]:
    """(index, case) for each case of a scenario file: index None for a file of one scenario."""
    raw = load_scenario_file(path)
    return list(enumerate(raw)) if isinstance(raw, list) else [(None, raw)]


@cache
def scenario_cases() -> dict[tuple[str, str], list[tuple[str, dict]]]:
    """(game, kind) -> [(name, scenario)] for every scenario case of the collection."""
    out: dict[tuple[str, str], list[tuple[str, dict]]] = defaultdict(list)
    kinds = {}
    for spec in registry.specs():
        for name in (spec.kind, *spec.aliases):
            kinds[(spec.game, name)] = spec.kind
    for path in sorted((ROOT / "scenarios").rglob("*.yaml")):
        raw = load_scenario_file(path)
        items = raw if isinstance(raw, list) else [raw]
        for i, case in enumerate(items):
            if not isinstance(case, dict) or not isinstance(case.get("question"), dict):
                continue
            game = registry.canonical_game(case.get("game"))
            kind = kinds.get((game, case["question"].get("kind")))
            if game and kind:
                rel = str(path.relative_to(ROOT)) + (f"[{i}]" if isinstance(raw, list) else "")
                out[(game, kind)].append((rel, case))
    return out


def free_port() -> int:
    """A free TCP port on the loopback address, for a server a test starts."""
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]
