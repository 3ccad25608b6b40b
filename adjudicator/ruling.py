"""The Ruling: a verdict a program can read, a sentence a person can read, the steps that
led there (each tied to a rule label) and citations that link into the rules reference.

Rule modules build rulings with :class:`RulingBuilder`; every text goes through the message
catalogues, so the same ruling reads the same in English and Spanish.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from typing import Any

from adjudicator import data
from adjudicator.i18n import translate

DECIDED, NEEDS_INFO, NOT_COVERED = "decided", "needs-info", "not-covered"


def rule_url(label: str, lang: str) -> str:
    page = data.rules()[label]["page"]
    return f"/{lang}/docs/{page}.html#{label}"


def citation(label: str, lang: str) -> dict[str, str]:
    entry = data.rules()[label]
    return {"rule": label, "title": entry["title"][lang], "url": rule_url(label, lang)}


def probability(p: Fraction | float | int) -> float:
    """Probabilities in verdicts are floats rounded to 4 decimals (scenario language)."""
    return round(float(p), 4)


def fraction_text(p: Fraction) -> str:
    p = Fraction(p)
    return f"{p.numerator}/{p.denominator}" if p.denominator != 1 else str(p.numerator)


# Spanish writes lower case after a colon: "Sí: el Rey Brujo puede ...", not "Sí: El Rey Brujo".
_SPANISH_ARTICLE_AFTER_COLON = re.compile(r"^((?:Sí|No): )(Un|Una|El|La|Los|Las)\b")


def format_decimal(x: Fraction | float, lang: str, places: int = 2) -> str:
    """``1.67`` in English, ``1,67`` in Spanish. Halves round up, as a player rounds (9/16 is
    56.3 %, not the 56.2 % that binary round-half-even would print)."""
    if isinstance(x, Fraction):
        exact = Decimal(x.numerator) / Decimal(x.denominator)
    else:
        exact = Decimal(repr(float(x)))  # the shortest text of the float: 56.25 stays 56.25
    text = f"{exact.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP):f}"
    return text.replace(".", ",") if lang == "es" else text


def format_percent(p: Fraction | float, lang: str) -> str:
    """``80.2%`` in English, ``80,2 %`` in Spanish (the RAE writes a space before %)."""
    number = format_decimal(p * 100 if isinstance(p, Fraction) else float(p) * 100, lang, 1)
    return f"{number} %" if lang == "es" else f"{number}%"


@dataclass
class Step:
    text: str
    rule: str


@dataclass
class Ruling:
    game: str
    question: str
    lang: str
    verdict: dict[str, Any]
    answer: str
    explanation: list[Step] = field(default_factory=list)
    title: str | None = None

    @property
    def status(self) -> str:
        return self.verdict["status"]

    def cited_labels(self) -> list[str]:
        seen: list[str] = []
        for step in self.explanation:
            if step.rule and step.rule not in seen:
                seen.append(step.rule)
        return seen

    def citations(self) -> list[dict[str, str]]:
        return [citation(label, self.lang) for label in self.cited_labels()]

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "game": self.game,
            "question": self.question,
            "lang": self.lang,
        }
        if self.title:
            out["title"] = self.title
        out.update({
            "verdict": self.verdict,
            "answer": self.answer,
            "explanation": [{"text": s.text, "rule": s.rule} for s in self.explanation],
            "citations": self.citations(),
        })
        return out


class RulingBuilder:
    """Collects the steps of a ruling in the user's language, then closes it with a verdict.

    ``step(key, rule, **params)`` adds an explanation step; ``decide(answer_key, **verdict)``
    ``needs_info(missing, key)`` or ``not_covered(key)`` finish it. Unknown rule labels fail
    loudly: a ruling may only cite labels that exist in the rules reference.
    """

    def __init__(self, game: str, kind: str, lang: str):
        self.game, self.kind, self.lang = game, kind, lang
        self.steps: list[Step] = []
        self.result: Ruling | None = None

    def percent(self, p: Fraction | float) -> str:
        """A probability as a percentage written the way the answer's language writes it."""
        return format_percent(p, self.lang)

    def decimal(self, x: Fraction | float, places: int = 2) -> str:
        return format_decimal(x, self.lang, places)

    def t(self, key: str, /, **params: Any) -> str:
        return translate(self.lang, key, **params)

    def step(self, key: str, rule: str, /, **params: Any) -> "RulingBuilder":
        if rule not in data.rules():
            raise KeyError(f"unknown rule label {rule!r}")
        self.steps.append(Step(self.t(key, **params), rule))
        return self

    def _close(self, verdict: dict[str, Any], answer: str) -> Ruling:
        self.result = Ruling(self.game, self.kind, self.lang, verdict, answer, self.steps)
        return self.result

    def decide(self, answer_key: str, answer_params: dict[str, Any] | None = None, **verdict: Any) -> Ruling:
        if not self.steps:
            raise ValueError("a decided ruling cites at least one rule")
        answer = self.t(answer_key, **(answer_params or {}))
        if self.lang == "es":
            answer = _SPANISH_ARTICLE_AFTER_COLON.sub(lambda m: m.group(1) + m.group(2).lower(), answer)
        return self._close({"status": DECIDED, **verdict}, answer)

    def needs_info(self, missing: list[str], answer_key: str = "core.needs_info",
                   answer_params: dict[str, Any] | None = None) -> Ruling:
        params = {"missing": ", ".join(missing), **(answer_params or {})}
        return self._close({"status": NEEDS_INFO, "missing": list(missing)}, self.t(answer_key, **params))

    def not_covered(self, answer_key: str = "core.not_covered", answer_params: dict[str, Any] | None = None,
                    **extra: Any) -> Ruling:
        return self._close({"status": NOT_COVERED, **extra}, self.t(answer_key, **(answer_params or {})))
