"""A ruling (the engine's JSON dict) arranged for the ruling page.

The verdict's keys become labelled rows; probabilities (``p_*`` keys, floats in 0..1) get a
bar, and ``p_hits`` distributions (probability of exactly k hits) a bar per k. Keys this
module does not know are still shown, under their own name: the engine may add verdict keys.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from flask_babel import gettext as _

# Verdict keys are labelled by their kind's spec (adjudicator/spec.py, both languages); these
# English msgids cover only what no spec declares: the keys inside a battle side's dice.
NESTED_LABELS = {"dice": "Dice", "hit_on": "Hits on", "rerolls": "Re-rolls",
                 "p_hits": "Chance of each number of hits"}
# Word values of the verdict, shown in the reader's language.
VALUE_LABELS = {
    "field": "Field battle", "siege": "Siege", "sortie": "Sortie", "free-peoples": "Free Peoples",
    "free_peoples": "Free Peoples", "shadow": "Shadow", "ring": "The Ring", "military": "Military victory",
    "cycle": "Cycle", "forfeit": "Forfeit", "cycled": "Cycled", "eliminated": "Eliminated", "moves": "Moves",
    "smaller-hand": "Smaller hand", "stack-limit": "Stack limit", "passes-to-shadow": "Passes to the Shadow",
    "removed": "Removed", "first-player": "First player", "own-side": "Own side", "opponent": "Opponent",
    "action-step-ended": "The Action step is over", "when-revealed": "When-revealed effects", "surge": "Surge",
    "free-peoples-player": "The Free Peoples player",
}
STATUS_LABELS = {"decided": "Decided", "needs-info": "Needs more information",
                 "not-covered": "Not covered"}


@dataclass
class Bar:
    label: str
    p: float
    exact: str | None = None

    @property
    def percent(self) -> str:
        return percent_text(self.p)

    @property
    def width(self) -> str:
        return f"{max(0.0, min(1.0, self.p)) * 100:.2f}"


@dataclass
class Row:
    key: str
    label: str
    text: str = ""
    bars: list[Bar] = field(default_factory=list)
    rows: list["Row"] = field(default_factory=list)
    tone: str = ""      # "yes" / "no" for a yes-or-no answer, drawn as such


def percent_text(p: float) -> str:
    """A probability as players read it in the page's language: 80.2 % / 80,2 %."""
    from flask_babel import format_decimal

    return f"{format_decimal(round(p * 100, 1), format='0.0')}\u00a0%"


def number_text(value: float) -> str:
    """A decimal in the page's language (1.5 / 1,5), at most 4 decimals, no trailing zeros."""
    from flask_babel import format_decimal

    return format_decimal(value, format="#,##0.####")


def label_for(key: str, spec: Any = None) -> str:
    """A verdict key's label in the page's language: from its kind's spec when it declares it."""
    from adjudicator.spec import COMMON_KEYS
    from web.i18n import current_lang

    if spec is not None:
        for k in (*spec.verdict, *COMMON_KEYS):
            if k.name == key:
                return k.label.get(current_lang())
    msgid = NESTED_LABELS.get(key)
    return _(msgid) if msgid else key.replace("_", " ")


def value_text(value: Any) -> str:
    from adjudicator import data
    from web.i18n import current_lang

    if isinstance(value, str):
        if value in VALUE_LABELS:
            return _(VALUE_LABELS[value])
        for table in (data.characters(), data.nations(), data.regions()):
            if value in table:
                return table[value]["name"][current_lang()]
        return value
    if value is True:
        return _("Yes")
    if value is False:
        return _("No")
    if value is None:
        return "—"
    if isinstance(value, float):
        return number_text(value)
    if isinstance(value, list):
        return ", ".join(value_text(v) for v in value) if value else "—"
    return str(value)


def _is_probability(key: str, value: Any) -> bool:
    return key.startswith("p_") and isinstance(value, (int, float)) and not isinstance(value, bool) \
        and 0 <= value <= 1


def _bar_label(key: str, item: Any) -> str:
    if key == "p_hits":
        from flask_babel import ngettext
        return ngettext("%(num)d hit", "%(num)d hits", item) if isinstance(item, int) else str(item)
    return value_text(item) if isinstance(item, str) else str(item)


def _distribution(key: str, value: Any, exact: Any) -> list[Bar] | None:
    """Bars for a ``p_*`` list (index -> p) or mapping (name -> p); None if it is not one."""
    if isinstance(value, list) and value and all(_is_probability("p_", v) for v in value):
        exacts = exact if isinstance(exact, list) and len(exact) == len(value) else [None] * len(value)
        return [Bar(_bar_label(key, k), float(p), e if isinstance(e, str) else None)
                for k, (p, e) in enumerate(zip(value, exacts))]
    if isinstance(value, dict) and value and all(_is_probability("p_", v) for v in value.values()):
        exacts = exact if isinstance(exact, dict) else {}
        return [Bar(_bar_label(key, k), float(p), exacts.get(k) if isinstance(exacts.get(k), str) else None)
                for k, p in value.items()]
    return None


FIRST_KEYS = ("allowed", "winner")   # the yes/no (or who) a player asked for, before the details


def verdict_rows(verdict: dict[str, Any], spec: Any = None) -> list[Row]:
    rows = []
    ordered = sorted(verdict.items(), key=lambda kv: kv[0] not in FIRST_KEYS)   # stable: the rest keep their order
    for key, value in ordered:
        if key in ("status", "missing", "decided_by", "defaults") or key.endswith("_exact") or value is None:
            continue   # None: the verdict has nothing to say there; a row of "—" only adds noise
        row = Row(key, label_for(key, spec))
        exact = verdict.get(f"{key}_exact")
        bars = _distribution(key, value, exact) if key.startswith("p_") else None
        if _is_probability(key, value):
            row.bars = [Bar(row.label, float(value), exact if isinstance(exact, str) else None)]
            row.text = row.bars[0].percent
        elif bars:
            row.bars = bars
        elif isinstance(value, dict):
            row.rows = verdict_rows(value)
        elif key == "hit_on" and isinstance(value, int) and not isinstance(value, bool):
            row.text = f"{value}+"   # the lowest face that scores, as players say it
        else:
            row.text = value_text(value)
            if isinstance(value, bool):
                row.tone = "yes" if value else "no"
        rows.append(row)
    return rows


def steps(ruling: dict[str, Any]) -> list[dict[str, str]]:
    """Each explanation step with the title and address of the rule it applies."""
    by_rule = {c["rule"]: c for c in ruling.get("citations", [])}
    out = []
    for step in ruling.get("explanation", []):
        cite = by_rule.get(step.get("rule"), {})
        out.append({"text": step.get("text", ""), "rule": step.get("rule", ""),
                    "title": cite.get("title", step.get("rule", "")), "url": cite.get("url")})
    return out


def status_label(status: str) -> str:
    msgid = STATUS_LABELS.get(status)
    return _(msgid) if msgid else status


def all_labels() -> set[str]:
    return (set(NESTED_LABELS.values()) | set(STATUS_LABELS.values()) | set(VALUE_LABELS.values())
            | {"Yes", "No"})
