"""Running scenario files against their ``expect``: the ``check`` command and the pytest plugin.

A scenario file holds one scenario (a mapping) or a short list of related scenarios (a list
of mappings, each with its own ``title``). ``expect`` is any subset of the verdict, plus
``cites``: the rule labels the ruling must cite (each one among its citations), so a
ruling that reaches the right verdict by the wrong rule fails.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

CITES = "cites"


@dataclass
class Outcome:
    """One scenario's check: ``ok``, ``mismatch``, ``no_expect`` (a ruling, nothing to
    compare it with), ``unreadable`` or ``internal`` (a bug), with what explains it."""

    status: str
    name: str                                   # the case's place in its file ("" or "[2]")
    diffs: list[tuple[str, Any, Any]] | None = None
    ruling: dict[str, Any] | None = None
    problems: list[dict[str, str]] | None = None
    title: str | None = None
    error: Any = None                           # ``internal``: the InternalError (a bug)
    lang: str = "en"                            # the language its problems are written in


def mismatches(expect: Any, got: Any, path: str = "") -> list[tuple[str, Any, Any]]:
    """Every place where ``got`` differs from ``expect``; mappings match as subsets,
    floats to 4 decimals, lists item by item."""
    out: list[tuple[str, Any, Any]] = []
    if isinstance(expect, dict):
        if not isinstance(got, dict):
            return [(path or "verdict", expect, got)]
        for k, v in expect.items():
            sub = f"{path}.{k}" if path else str(k)
            if k not in got:
                out.append((sub, v, "<absent>"))
            else:
                out.extend(mismatches(v, got[k], sub))
        return out
    if isinstance(expect, list):
        if not isinstance(got, list) or len(got) != len(expect):
            return [(path, expect, got)]
        for i, (e, g) in enumerate(zip(expect, got, strict=True)):
            out.extend(mismatches(e, g, f"{path}[{i}]"))
        return out
    if isinstance(expect, float) or isinstance(got, float):
        if isinstance(expect, (int, float)) and isinstance(got, (int, float)) and not isinstance(got, bool) \
                and round(float(expect), 4) == round(float(got), 4):
            return []
        return [(path, expect, got)]
    if isinstance(expect, str) and isinstance(got, str) and expect != got and same_name(expect, got):
        return []
    if expect != got or type(expect) is bool and type(got) is not bool:
        return [(path, expect, got)]
    return []


def same_name(expect: str, got: str) -> bool:
    """A name written as people write it ("Gandalf the Grey", "Gandalf el Gris", "Lórien")
    matches the kebab-case id a verdict carries ("gandalf-the-grey", "lorien")."""
    from adjudicator import names

    if names.normalize(expect) == names.normalize(got):
        return True
    return any(index().lookup(expect) == got for index in (names.characters, names.regions, names.nations))


def compare(expect: dict[str, Any] | None, ruling: dict[str, Any]) -> list[tuple[str, Any, Any]]:
    """The differences between a scenario's ``expect`` and its ruling: the verdict's keys,
    and the labels ``cites`` names that the ruling does not cite."""
    expect = dict(expect or {})
    cites = expect.pop(CITES, None)
    diffs = mismatches(expect, ruling["verdict"])
    if cites is not None:
        wanted = [cites] if isinstance(cites, str) else list(cites)
        cited = [c["rule"] for c in ruling.get("citations", [])]
        missing = [label for label in wanted if label not in cited]
        if missing:
            diffs.append((CITES, missing, cited))
    return diffs


def check_data(data: Any, lang: str | None = None, name: str = "") -> Outcome:
    """Rule on one scenario (a mapping) and compare it with its ``expect``."""
    from adjudicator import api
    from adjudicator.problems import InternalError, ScenarioInvalid

    try:
        scenario = api.read_envelope(data, lang)
        ruling = api.rule(scenario).as_dict()
    except InternalError as exc:
        return Outcome("internal", name, error=exc, lang=api.guess_lang(data, lang))
    except ScenarioInvalid as exc:
        said_in = api.guess_lang(data, lang)
        return Outcome("unreadable", name, problems=exc.as_dicts(said_in),
                       title=data.get("title") if isinstance(data, dict) else None, lang=said_in)
    if scenario.expect is None:
        return Outcome("no_expect", name, ruling=ruling, title=scenario.title, lang=scenario.lang)
    diffs = compare(scenario.expect, ruling)
    return Outcome("mismatch" if diffs else "ok", name, diffs, ruling, title=scenario.title, lang=scenario.lang)


def check_file(path: Path, lang: str | None = None) -> list[Outcome]:
    """Every scenario of one file, checked (one outcome per scenario)."""
    from adjudicator import api
    from adjudicator.loading import read_source
    from adjudicator.problems import InternalError, ScenarioInvalid

    data = None
    try:
        data = api.load_text(read_source(str(path)), as_json=path.suffix.lower() == ".json")
    except InternalError as exc:
        return [Outcome("internal", "", error=exc, lang=api.guess_lang(data, lang))]
    except ScenarioInvalid as exc:
        said_in = api.guess_lang(data, lang)
        return [Outcome("unreadable", "", problems=exc.as_dicts(said_in), lang=said_in)]
    if isinstance(data, list):
        return [check_data(item, lang, f"[{i}]") for i, item in enumerate(data)]
    return [check_data(data, lang)]


def scenario_files(paths) -> list[Path]:
    """The scenario files under each path (a file, or every .yaml/.yml/.json below a folder)."""
    out: list[Path] = []
    for p in map(Path, paths):
        if p.is_dir():
            out.extend(sorted(f for f in p.rglob("*") if f.suffix in (".yaml", ".yml", ".json")))
        else:
            out.append(p)
    return out
