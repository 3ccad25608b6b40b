"""Rulings and problems as text for the terminal, in the user's language.

A ruling reads top down: its title, the answer, the verdict as labelled lines (each key by
its label in the kind's spec, each value as a player says it), the steps, then the rules
with full addresses a terminal can open (``base_url``: where the rules reference is served,
``http://127.0.0.1:5000`` unless told). ``--json`` has everything as data instead.
"""
from __future__ import annotations

import os
from typing import Any

from adjudicator.i18n import translate

LONG_EXACT = 24   # exact fractions longer than this are left to --json (a whole battle's run to 126 digits)
DEFAULT_BASE_URL = "http://127.0.0.1:5000"
BASE_URL_ENV = "ADJUDICATOR_PUBLIC_URL"   # the web app's public address: its rule links are the same
# Verdict keys said on lines of their own, or as references to the rules list.
_OWN_LINES = ("status", "missing", "decided_by")


def base_url(given: str | None = None) -> str:
    """Where the rules reference is served: ``--base-url``, else ADJUDICATOR_PUBLIC_URL, else the local server."""
    return (given or os.environ.get(BASE_URL_ENV) or DEFAULT_BASE_URL).rstrip("/")


def short_exact(v: Any) -> Any:
    """An exact fraction short enough to read (``379/2187``), else None; lists and mappings item by item."""
    if isinstance(v, dict):
        return {k: short_exact(x) for k, x in v.items()}
    if isinstance(v, list):
        return [short_exact(x) for x in v]
    return v if isinstance(v, str) and len(v) <= LONG_EXACT else None


def _spec(ruling: dict[str, Any]):
    from adjudicator import registry

    try:
        return registry.spec(ruling["game"], ruling["question"])
    except (KeyError, TypeError):
        return None


def _key(spec: Any, name: str):
    if spec is None:
        return None
    try:
        return spec.key(name)
    except KeyError:
        return None


def _choice_label(spec: Any, name: str, value: Any, lang: str) -> str | None:
    """A choice value in words, from the verdict key or question parameter of that name."""
    for p in (*getattr(spec, "verdict", ()), *getattr(spec, "params", ())):
        if p.name == name and value in p.choice_labels:
            return p.choice_labels[value].get(lang)
    return None


def _number(x: float, lang: str) -> str:
    from adjudicator.ruling import format_decimal

    return format_decimal(x, lang, 2)


def _percent(p: float, exact: Any, lang: str) -> str:
    from adjudicator.ruling import format_percent

    return format_percent(p, lang) + (f" ({exact})" if exact and exact not in ("0", "1") else "")


class _Values:
    """Verdict values as a player reads them, in one language."""

    def __init__(self, lang: str, spec: Any):
        self.lang, self.spec = lang, spec

    def t(self, key: str, **params: Any) -> str:
        return translate(self.lang, key, **params)

    def text(self, name: str, value: Any, kind: str, exact: Any = None) -> str:
        if value is None:
            key = _key(self.spec, name)
            return key.null_means.get(self.lang) if key is not None and key.null_means else "—"
        if isinstance(value, bool):
            return self.t("core.yes" if value else "core.no")
        if kind == "probability" and isinstance(value, (int, float)):
            return _percent(value, exact, self.lang)
        if kind == "distribution" and isinstance(value, (list, dict)):
            items = value.items() if isinstance(value, dict) else enumerate(value)
            shown = [(k, p, (exact or {}).get(k) if isinstance(exact, dict) else
                      (exact[k] if isinstance(exact, list) and k < len(exact) else None)) for k, p in items]
            return ", ".join(f"{self.one(name, k, '')}: {_percent(p, e, self.lang)}" for k, p, e in shown if p) or "—"
        if isinstance(value, dict):
            return ", ".join(f"{k}: {self.text(name, v, kind)}" for k, v in value.items()) or "—"
        if isinstance(value, list):
            return ", ".join(self.one(name, v, kind) for v in value) or "—"
        if isinstance(value, float):
            return _number(value, self.lang)
        return self.one(name, value, kind)

    def one(self, name: str, value: Any, kind: str) -> str:
        """One scalar: a region, nation or character by its name, a side or a choice in words."""
        from adjudicator import names
        from adjudicator.spec import SIDE_LABELS

        if not isinstance(value, str):
            return _number(value, self.lang) if isinstance(value, float) else str(value)
        if kind in ("side", "dice-side") and value.replace("-", "_") in ("free_peoples", "shadow"):
            return SIDE_LABELS[value.replace("_", "-")].get(self.lang)
        readers = {"region-ids": names.region_name, "nation-ids": names.nation_name,
                   "character-ids": names.character_name}
        if kind in readers:
            try:
                return readers[kind](value, self.lang)
            except KeyError:
                return value
        return _choice_label(self.spec, name, value, self.lang) or value.replace("-", " ")


def verdict_lines(ruling: dict[str, Any], rule_refs: dict[str, int]) -> list[str]:
    """The verdict as labelled lines: "Verdict: decided", then one indented line per key."""
    from adjudicator import wording

    lang, verdict, spec = ruling["lang"], ruling["verdict"], _spec(ruling)
    t = lambda key, **p: translate(lang, key, **p)  # noqa: E731
    values = _Values(lang, spec)
    lines = [f"{t('core.verdict')}: {t('core.status_' + verdict['status'])}"]
    for name, value in verdict.items():
        if name in _OWN_LINES or (name.endswith("_exact") and name[:-6] in verdict):
            continue
        key = _key(spec, name)
        label = key.label.get(lang) if key is not None else name.replace("_", " ").capitalize()
        if name == "defaults":
            text = "; ".join(wording.describe(p, lang, spec) for p in value)
        else:
            kind = key.type if key is not None else ""
            if kind == "mapping" and name.startswith("p_"):   # chances by reason: p_defender_holds_by
                kind = "distribution"
            text = values.text(name, value, kind, short_exact(verdict.get(f"{name}_exact")))
        lines.append(f"  {label}: {text}")
    if verdict.get("decided_by"):
        key = _key(spec, "decided_by")
        label = key.label.get(lang) if key is not None else t("core.decided_by")
        lines.append(f"  {label}: " + ", ".join(f"[{rule_refs[r]}]" if r in rule_refs else r
                                                 for r in verdict["decided_by"]))
    if verdict.get("missing"):
        lines.append(f"{t('core.missing')}: {wording.describe_all(verdict['missing'], lang, spec)}")
    return lines


def ruling_text(ruling: dict[str, Any], base: str | None = None) -> str:
    """The whole ruling for a terminal; rule links under ``base`` (see :func:`base_url`)."""
    lang = ruling["lang"]
    t = lambda key, **p: translate(lang, key, **p)  # noqa: E731
    rule_refs = {c["rule"]: i for i, c in enumerate(ruling["citations"], 1)}
    lines = [ruling["title"], ""] if ruling.get("title") else []
    lines += [ruling["answer"], "", *verdict_lines(ruling, rule_refs)]
    if ruling["explanation"]:
        lines += ["", t("core.why") + ":"]
        for i, step in enumerate(ruling["explanation"], 1):
            ref = rule_refs.get(step["rule"])
            lines.append(f"  {i}. {step['text']}" + (f" [{ref}]" if ref else ""))
    if ruling["citations"]:
        root = base_url(base)
        lines += ["", t("core.rules") + ":"]
        for i, c in enumerate(ruling["citations"], 1):
            lines.append(f"  [{i}] {c['title']}: {root}{c['url']}")
    return "\n".join(lines)


def problems_text(problems: list[dict[str, str]], lang: str) -> str:
    head = translate(lang, "core.unreadable", count=len(problems))
    whole = translate(lang, "core.the_scenario")
    rows = [f"  - {p['path'] or whole}: {p['message']}" for p in problems]
    return "\n".join([head, *rows])
