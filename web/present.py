"""A ruling (the engine's JSON dict) arranged for the ruling page.

The verdict's keys become labelled rows; probabilities (``p_*`` keys, floats in 0..1) get a
bar, and ``p_hits`` distributions (probability of exactly k hits) a bar per k. Keys this
module does not know are still shown, under their own name: the engine may add verdict keys.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from flask_babel import gettext as _

# Verdict keys, and the keys inside their values (a battle side's dice), are labelled by the
# engine in both languages: the kind's spec, then adjudicator.spec.NESTED_LABELS.
# Word values of the verdict, shown in the reader's language.
VALUE_LABELS = {
    "field": "Field battle", "siege": "Siege", "sortie": "Sortie", "free-peoples": "Free Peoples",
    "free_peoples": "Free Peoples", "shadow": "Shadow", "ring": "The Ring", "military": "Military victory",
    "cycle": "Cycle", "forfeit": "Forsake", "cycled": "Cycled", "eliminated": "Eliminated", "moves": "Moves",
    "smaller-hand": "Smaller hand", "stack-limit": "Carryover limit", "passes-to-shadow": "Passes to the Shadow",
    "removed": "Removed", "first-player": "First player", "own-side": "Own side", "opponent": "Opponent",
    "action-step-ended": "The Action step is over", "when-revealed": "When-revealed effects", "surge": "Surge",
    "free-peoples-player": "The Free Peoples player",
}
STATUS_LABELS = {"decided": "Decided", "needs-info": "Needs more information",
                 "not-covered": "Not covered"}


# A fraction of a hundred digits (a whole battle's) tells a player nothing and runs off a
# phone's screen: only the short ones are shown (the API gives them all).
EXACT_CHARS = 24


def _short(exact: str | None) -> str | None:
    return exact if isinstance(exact, str) and len(exact) <= EXACT_CHARS else None


class _Chance:
    """A chance shown as a percentage read from its exact fraction, and as a length in %."""

    p: float
    exact: str | None
    whole: str | None

    def __post_init__(self) -> None:
        self.whole, self.exact = self.exact, _short(self.exact)

    @property
    def percent(self) -> str:
        return percent_text(self.p, self.whole)

    @property
    def width(self) -> str:
        return f"{max(0.0, min(1.0, self.p)) * 100:.2f}"

    height = width


@dataclass
class Bar(_Chance):
    label: str
    p: float
    exact: str | None = None        # shown beside the percentage when short
    whole: str | None = field(default=None, init=False)   # the exact fraction the percentage is read from


@dataclass
class Row:
    key: str
    label: str
    text: str = ""
    bars: list[Bar] = field(default_factory=list)
    rows: list[Row] = field(default_factory=list)
    tone: str = ""      # "yes" / "no" for a yes-or-no answer, drawn as such
    chart: Chart | None = None


def percent_text(p: float, exact: str | None = None) -> str:
    """A probability as players read it in the page's language: 80.2 % / 80,2 %; read from its
    exact fraction when there is one and rounded once, as the answer and the CLI round it."""
    from adjudicator.ruling import exact_fraction, float_tie, format_decimal
    from web.i18n import current_lang

    fraction = exact_fraction(exact)
    if fraction is None and float_tie(p):     # no exact fraction (too long): the float's digits, once
        return f"{format_decimal(Fraction(round(float(p) * 10000), 100), current_lang(), 2)}\u00a0%"
    value = fraction * 100 if fraction is not None else float(p) * 100
    return f"{format_decimal(value, current_lang(), 1)}\u00a0%"


def number_text(value: float, exact: str | None = None) -> str:
    """A decimal in the page's language (1.42 / 1,42), rounded once as the answer rounds it
    (two places, from the exact fraction when there is one), so that a figure reads the same
    in the answer and in the verdict (issue 26: no 1.4234 beside 1.42)."""
    from adjudicator.ruling import exact_fraction, format_decimal
    from web.i18n import current_lang

    fraction = exact_fraction(exact)
    text = format_decimal(fraction if fraction is not None else value, current_lang(), 2)
    whole, sep, decimals = text.replace(",", ".").partition(".")
    decimals = decimals.rstrip("0")
    return (whole + (sep + decimals if decimals else "")).replace(".", "," if current_lang() == "es" else ".")


def label_for(key: str, spec: Any = None) -> str:
    """A verdict key's label in the page's language: from its kind's spec when it declares it."""
    from adjudicator.spec import nested_label
    from web.i18n import current_lang

    return nested_label(key, current_lang(), spec) or key.replace("_", " ")


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


def words_for(key: str, value: Any, spec: Any = None) -> str:
    """A verdict value in words: the kind's spec names its choices (``smaller-hand``), else
    the shared words and names of :func:`value_text`."""
    if isinstance(value, list) and value:
        return ", ".join(words_for(key, v, spec) for v in value)
    return _declared_label(spec, key, value) or value_text(value)


def _is_probability(key: str, value: Any) -> bool:
    return key.startswith("p_") and isinstance(value, (int, float)) and not isinstance(value, bool) \
        and 0 <= value <= 1


def _bar_label(key: str, item: Any, spec: Any = None) -> str:
    words = _declared_label(spec, key, item)
    if words:
        return words
    if key == "p_hits":
        from flask_babel import ngettext
        return ngettext("%(num)d hit", "%(num)d hits", item) if isinstance(item, int) else str(item)
    return value_text(item) if isinstance(item, str) else str(item)


def _declared_label(spec: Any, key: str, item: Any) -> str | None:
    """A value the kind's verdict key names in words (a whole battle's reasons to hold)."""
    from web.i18n import current_lang

    for declared in getattr(spec, "verdict", ()):
        if declared.name == key and isinstance(item, str) and item in declared.choice_labels:
            return declared.choice_labels[item].get(current_lang())
    return None


def _distribution(key: str, value: Any, exact: Any, spec: Any = None) -> list[Bar] | None:
    """Bars for a ``p_*`` list (index -> p) or mapping (name -> p); None if it is not one."""
    if isinstance(value, list) and value and all(_is_probability("p_", v) for v in value):
        exacts = exact if isinstance(exact, list) and len(exact) == len(value) else [None] * len(value)
        return [Bar(_bar_label(key, k, spec), float(p), e if isinstance(e, str) else None)
                for k, (p, e) in enumerate(zip(value, exacts, strict=True))]
    if isinstance(value, dict) and value and all(_is_probability("p_", v) for v in value.values()):
        exact_by_name = exact if isinstance(exact, dict) else {}
        return [Bar(_bar_label(key, k, spec), float(p),
                    exact_by_name.get(k) if isinstance(exact_by_name.get(k), str) else None)
                for k, p in value.items()]
    return None


FIRST_KEYS = ("allowed", "winner")   # the yes/no (or who) a player asked for, before the details


def verdict_rows(verdict: dict[str, Any], spec: Any = None, shown: tuple[str, ...] = ()) -> list[Row]:
    """The verdict's rows; ``shown``: keys already drawn above (the whole battle's endings in
    their one bar), not shown twice."""
    rows = []
    ordered = sorted(verdict.items(), key=lambda kv: kv[0] not in FIRST_KEYS)   # stable: the rest keep their order
    for key, value in ordered:
        if key in ("status", "missing", "decided_by", "defaults") or key.endswith("_exact") or value is None \
                or key in shown:
            continue   # None: the verdict has nothing to say there; a row of "—" only adds noise
        row = Row(key, label_for(key, spec))
        exact = verdict.get(f"{key}_exact")
        row.chart = column_chart(key, value, exact, spec)
        bars = _distribution(key, value, exact, spec) if key.startswith("p_") else None
        if row.chart:
            pass
        elif _is_probability(key, value):
            row.bars = [Bar(row.label, float(value), exact if isinstance(exact, str) else None)]
            row.text = row.bars[0].percent
        elif bars and len(bars) == 1 and key.endswith("_by") and _is_probability(key[:-3], verdict.get(key[:-3])) \
                and abs(bars[0].p - float(verdict[key[:-3]])) < 1e-12:
            row.text = bars[0].label     # one reason for all of it: its chance is the one above already
        elif bars:
            row.bars = bars
        elif isinstance(value, dict):
            row.rows = verdict_rows(value, spec)
        elif isinstance(value, float):
            row.text = number_text(value, exact if isinstance(exact, str) else None)
        elif key == "hit_on" and isinstance(value, int) and not isinstance(value, bool):
            row.text = f"{value}+"   # the lowest face that scores, as players say it
        else:
            row.text = words_for(key, value, spec)
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
    return (set(STATUS_LABELS.values()) | set(VALUE_LABELS.values())
            | {"Yes", "No"} | charts_labels() | set(POSITION_LABELS.values()))


# -- charts: a whole battle's outcome and its distributions ----------------------------------

# The endings of a whole battle (battle-outcome): one of them happens, so they share one bar.
SPLIT_KEYS = ("p_attacker_wins", "p_defender_holds", "p_both_eliminated", "p_defender_retreats")
# How many units are left (a list: k units -> p), or after how many rounds it ends (a mapping).
COLUMN_LABELS = {"attacker_left": "%(n)s left", "defender_left": "%(n)s left", "p_rounds": "round %(n)s"}


@dataclass
class Segment(_Chance):
    key: str
    label: str
    p: float
    x: str = "0"
    exact: str | None = None
    whole: str | None = field(default=None, init=False)


@dataclass
class Column(_Chance):
    label: str
    p: float
    exact: str | None = None
    short: str = ""          # under the column: the number of units or the round
    whole: str | None = field(default=None, init=False)


@dataclass
class Chart:
    key: str
    label: str
    kind: str                               # "split" (one bar of endings) or "columns"
    segments: list[Segment] = field(default_factory=list)
    columns: list[Column] = field(default_factory=list)

    @property
    def summary(self) -> str:
        """The chart in words (its image's accessible name)."""
        items = self.segments or self.columns
        return f"{self.label}: " + "; ".join(f"{i.label} {i.percent}" for i in items)

    @property
    def top(self) -> float:
        return max((c.p for c in self.columns), default=0.0)


def split_chart(verdict: dict[str, Any], spec: Any = None) -> Chart | None:
    """The endings of a whole battle as one bar, when they are all there and add up to one."""
    values: dict[str, Any] = {k: verdict.get(k) for k in SPLIT_KEYS}   # JSON values, read by _is_probability
    if not all(_is_probability(k, values[k]) for k in SPLIT_KEYS[:3]):
        return None
    parts = [(k, float(v)) for k, v in values.items() if _is_probability(k, v)]
    if abs(sum(p for _, p in parts) - 1) > 0.002:
        return None
    segments, x = [], 0.0
    for key, p in parts:
        exact = verdict.get(f"{key}_exact")
        segments.append(Segment(key, label_for(key, spec), p, f"{x * 100:.2f}",
                                exact if isinstance(exact, str) else None))
        x += p
    return Chart("outcome", _("How the battle ends"), "split", segments=segments)


def column_chart(key: str, value: Any, exact: Any, spec: Any = None) -> Chart | None:
    """A distribution (index or name -> probability) as columns, for the keys that are one."""
    if key not in COLUMN_LABELS:
        return None
    if isinstance(value, list) and value and all(_is_probability("p_", v) for v in value):
        items = list(enumerate(value))
        exacts = exact if isinstance(exact, list) and len(exact) == len(value) else [None] * len(value)
    elif isinstance(value, dict) and value and all(_is_probability("p_", v) for v in value.values()):
        items = list(value.items())
        exacts = [exact.get(k) for k in value] if isinstance(exact, dict) else [None] * len(value)
    else:
        return None
    columns = [Column(_(COLUMN_LABELS[key], n=k), float(p), e if isinstance(e, str) else None, str(k))
               for (k, p), e in zip(items, exacts, strict=True)]
    return Chart(key, label_for(key, spec), "columns", columns=columns)


def charts_labels() -> set[str]:
    return set(COLUMN_LABELS.values()) | {"How the battle ends", "left to its default"}


# -- what the ruling took as given: the Political Track and the defaults it leaned on ---------

POSITION_LABELS = {
    "politics": "Political Track", "regions": "Regions not listed", "region": "%(region)s (not in the position)",
    "fellowship.region": "Region of the Ring-bearers", "fellowship.progress": "Progress",
    "fellowship.hidden": "Hidden or revealed", "fellowship.corruption": "Corruption", "fellowship.guide": "Guide",
    "fellowship.companions": "Companions in the Fellowship", "fellowship.mordor": "Step on the Mordor Track",
    "hunt.box": "Dice in the Hunt Box", "hunt.pool": "Tiles left in the Hunt Pool", "turn.phase": "Phase",
    "start": "Start of the game (not given)", "at-war": "Everyone At War",
    "rest": "the other nations where they start",
}


@dataclass
class Given:
    """One thing the ruling took as given, and where the form changes it."""

    label: str
    text: str = ""
    url: str | None = None


def politics_text(politics: Any) -> str:
    """The Political Track of a scenario in words: the start, everyone At War, or nation by nation."""
    from adjudicator import data, names
    from web.forms import POLITICAL_STATES
    from web.i18n import current_lang
    from web.prefill import political_text as prefill_political_text

    if not isinstance(politics, dict) or not politics:
        return _(POSITION_LABELS["start"])
    if set(politics) >= set(data.nations()) and all(v == "at-war" for v in politics.values()):
        return _(POSITION_LABELS["at-war"])
    states = dict(POLITICAL_STATES)
    parts = []
    for nation, state in politics.items():
        code = prefill_political_text(state)
        shown = _(states[code]) if code in states else str(state)
        parts.append(f"{names.nation_name(nation, current_lang()) if nation in data.nations() else nation}: {shown}")
    if not set(data.nations()) <= set(politics):
        parts.append(_(POSITION_LABELS["rest"]))
    return "; ".join(parts)


def default_label(path: str, spec: Any) -> str:
    """What a default's path names, in the page's language."""
    from adjudicator import data
    from web.i18n import current_lang

    head, _dot, rest = path.partition(".")
    if head == "question" and spec is not None:
        key = rest.split(".")[0].split("[")[0]
        for p in spec.params:
            if p.name.split(".")[0] == key:
                return p.label.get(current_lang())
    if head == "position":
        part = rest.split(".")
        if part[0] == "regions" and len(part) > 1:
            rid = part[1]
            name = data.regions()[rid]["name"][current_lang()] if rid in data.regions() else rid
            return _(POSITION_LABELS["region"], region=name)
        for length in (2, 1):
            if ".".join(part[:length]) in POSITION_LABELS:
                return _(POSITION_LABELS[".".join(part[:length])])
    return path


def givens(scenario: dict[str, Any], ruling: dict[str, Any], spec: Any, change_url) -> list[Given]:
    """The Political Track (for a question that reads it) and every default the ruling leaned
    on, each with the address of the form opened on the field that changes it
    (``change_url(path)``; None: no field)."""
    out = []
    position = given if isinstance(given := scenario.get("position"), dict) else {}
    defaults = [d for d in ruling.get("verdict", {}).get("defaults", []) or [] if isinstance(d, str)]
    if spec is not None and "politics" in spec.position and ruling.get("game") == "war-of-the-ring":
        out.append(Given(_(POSITION_LABELS["politics"]), politics_text(position.get("politics")),
                         change_url("position.politics")))
    said: dict[str, str] = {}
    for step in ruling.get("explanation", []) or []:       # what each default is, in the step that takes it
        if isinstance(step, dict) and isinstance(step.get("default"), str):
            said.setdefault(step["default"], step.get("text", ""))
    for path in defaults:
        if path.startswith("position.politics"):
            continue      # said above, with the rest of the track
        out.append(Given(default_label(path, spec), said.get(path) or _("left to its default"), change_url(path)))
    return out
