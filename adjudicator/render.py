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
    own = getattr(spec, "words", {}).get(value) if isinstance(value, str) else None
    return own.get(lang) if own is not None else None


def _number(x: float, lang: str) -> str:
    from adjudicator.ruling import format_decimal

    return format_decimal(x, lang, 2)


def _percent(p: float, exact: Any, lang: str) -> str:
    """The percentage from the exact fraction when there is one (rounded once), the fraction beside it when short."""
    from adjudicator.ruling import format_chance

    shown = short_exact(exact)
    return format_chance(p, exact, lang) + (f" ({shown})" if shown and shown not in ("0", "1") else "")


def _exact_at(exact: Any, k: Any) -> Any:
    """The exact fraction of one item of a distribution (a list by index, a mapping by key)."""
    if isinstance(exact, dict):
        return exact.get(k)
    if isinstance(exact, list) and isinstance(k, int) and k < len(exact):
        return exact[k]
    return None


def _is_scalar(value: Any) -> bool:
    return value is None or isinstance(value, (str, int, float, bool))


class _Values:
    """Verdict values as a player reads them, in one language."""

    def __init__(self, lang: str, spec: Any):
        self.lang, self.spec = lang, spec

    def t(self, key: str, **params: Any) -> str:
        return translate(self.lang, key, **params)

    def label(self, name: str, top: bool = False) -> str:
        """A key in words; a key no table names is shown as it is (a player's or a card's name)."""
        from adjudicator.spec import nested_label

        found = nested_label(name, self.lang, self.spec)
        return found or (name.replace("_", " ").capitalize() if top else name)

    def kind(self, name: str, value: Any) -> str:
        """A verdict key's type: from the spec, else what a nested key's name and value say."""
        key = _key(self.spec, name)
        kind = key.type if key is not None else ""
        if name.startswith("p_") and isinstance(value, (list, dict)) and kind in ("", "mapping"):
            return "distribution"   # chances by number or by reason: p_hits, p_defender_holds_by
        if name.startswith("p_") and isinstance(value, float) and not kind:
            return "probability"
        return kind

    def text(self, name: str, value: Any, kind: str, exact: Any = None) -> str:
        if value is None:
            key = _key(self.spec, name)
            return key.null_means.get(self.lang) if key is not None and key.null_means else "—"
        if isinstance(value, bool):
            return self.t("core.yes" if value else "core.no")
        if name == "hit_on" and isinstance(value, int):
            return f"{value}+"   # the lowest face that scores, as players say it (and the web shows it)
        if kind == "probability" and isinstance(value, (int, float)):
            return _percent(value, exact, self.lang)
        if kind == "distribution" and isinstance(value, (list, dict)):
            items = value.items() if isinstance(value, dict) else enumerate(value)
            return ", ".join(f"{self.one(name, k, '')}: {_percent(p, _exact_at(exact, k), self.lang)}"
                             for k, p in items if p) or "—"
        if isinstance(value, dict):
            return ", ".join(f"{self.label(k)}: {self.text(k, v, self.kind(k, v), value.get(f'{k}_exact'))}"
                             for k, v in value.items() if not _shown_beside(k, value)) or "—"
        if isinstance(value, list):
            return ", ".join(self.one(name, v, kind) for v in value) or "—"
        if isinstance(value, float):
            return _number(value, self.lang)
        return self.one(name, value, kind)

    def lines(self, name: str, value: Any, kind: str, exact: Any, indent: str) -> list[str]:
        """One labelled line, or for a mapping of verdict keys (a battle side's dice) the
        label then a line per key, indented below it."""
        label = self.label(name, top=indent == "  ")
        if not (isinstance(value, dict) and value and kind not in ("distribution",) and _holds_keys(value, self)):
            return [f"{indent}{label}: {self.text(name, value, kind, exact)}"]
        if all(_is_scalar(v) for v in value.values()):
            return [f"{indent}{label}: {self.text(name, value, kind, exact)}"]
        out = [f"{indent}{label}:"]
        for k, v in value.items():
            if not _shown_beside(k, value):
                out += self.lines(k, v, self.kind(k, v), value.get(f"{k}_exact"), indent + "  ")
        return out

    def one(self, name: str, value: Any, kind: str) -> str:
        """One scalar: a region, nation or character by its name, a side or a choice in words."""
        from adjudicator import names
        from adjudicator.spec import SIDE_LABELS

        if not isinstance(value, str):
            return _number(value, self.lang) if isinstance(value, float) else str(value)
        declared = _choice_label(self.spec, name, value, self.lang)
        if declared:
            return declared
        if kind in ("side", "dice-side") and value.replace("_", "-") in SIDE_LABELS:
            return SIDE_LABELS[value.replace("_", "-")].get(self.lang)
        readers = {"region-ids": names.region_name, "nation-ids": names.nation_name,
                   "character-ids": names.character_name}
        if kind in readers:
            try:
                return readers[kind](value, self.lang)
            except KeyError:
                return value
        return _known_name(value, self.lang) or value.replace("-", " ")


def _known_name(value: str, lang: str) -> str | None:
    """A character, nation or region id by its name (the keys of ``p_eliminated``), as the web shows any id."""
    from adjudicator import data

    for table in (data.characters(), data.nations(), data.regions()):
        if value in table:
            return table[value]["name"][lang]
    return None


def _shown_beside(name: str, mapping: dict[str, Any]) -> bool:
    """An ``*_exact`` key is said beside its probability, never on a line of its own."""
    return name.endswith("_exact") and name[:-6] in mapping


def _holds_keys(value: dict[str, Any], values: _Values) -> bool:
    """A mapping of keys in words (a battle side's dice), not of names (players' threat)."""
    from adjudicator.spec import nested_label

    return all(nested_label(k, values.lang, values.spec) for k in value if not _shown_beside(k, value))


def verdict_lines(ruling: dict[str, Any], rule_refs: dict[str, int]) -> list[str]:
    """The verdict as labelled lines: "Verdict: decided", then one indented line per key."""
    from adjudicator import wording

    lang, verdict, spec = ruling["lang"], ruling["verdict"], _spec(ruling)
    t = lambda key, **p: translate(lang, key, **p)  # noqa: E731
    values = _Values(lang, spec)
    lines = [f"{t('core.verdict')}: {t('core.status_' + verdict['status'])}"]
    for name, value in verdict.items():
        if name in _OWN_LINES or _shown_beside(name, verdict):
            continue
        if name == "defaults":
            said = "; ".join(wording.describe(p, lang, spec) for p in value)
            lines.append(f"  {values.label(name, top=True)}: {said}")
        else:
            lines += values.lines(name, value, values.kind(name, value), verdict.get(f"{name}_exact"), "  ")
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
    from adjudicator.api import shown_title

    lines = [shown_title(ruling["title"]), ""] if ruling.get("title") else []
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
