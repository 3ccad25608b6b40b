"""Comparing a ruling's verdict with a scenario's ``expect`` (any subset of keys)."""
from __future__ import annotations

from typing import Any


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
        for i, (e, g) in enumerate(zip(expect, got)):
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


def ruling_mismatches(expect: dict, verdict: dict, cited: list[str]) -> list[tuple[str, Any, Any]]:
    """A scenario's ``expect`` against a ruling: the verdict keys as :func:`mismatches`, and
    ``cites`` (DESIGN-NEW.md), the rule labels the ruling must cite among its citations."""
    expect = dict(expect)
    cites = expect.pop("cites", None)
    out = mismatches(expect, verdict)
    if cites is not None:
        wanted = cites if isinstance(cites, list) else [cites]
        if any(label not in cited for label in wanted):
            out.append(("cites", wanted, cited))
    return out


def same_name(expect: str, got: str) -> bool:
    """A name written as people write it ("Gandalf the Grey", "Gandalf el Gris", "Lórien")
    matches the kebab-case id a verdict carries ("gandalf-the-grey", "lorien")."""
    from adjudicator import names

    if names.normalize(expect) == names.normalize(got):
        return True
    return any(index().lookup(expect) == got for index in (names.characters, names.regions, names.nations))
