"""The Ruling: a verdict a program can read, a sentence a person can read, the steps that
led there (each tied to a rule label) and citations that link into the rules reference.

Rule modules build rulings with :class:`RulingBuilder`; every text goes through the message
catalogues, so the same ruling reads the same in English and Spanish.
"""
from __future__ import annotations

import re
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING, Any, NamedTuple

from adjudicator import data
from adjudicator.i18n import translate

if TYPE_CHECKING:
    from adjudicator.params import QuestionFields

DECIDED, NEEDS_INFO, NOT_COVERED = "decided", "needs-info", "not-covered"
# The parts a region may play in a ruling (a map marks them), weakest first: a stronger
# part marked on the same region wins (the destination asked about over "could reach").
REGION_ROLES = ("reachable", "path", "blocked", "from", "to")
_ROLE_RANK = {role: rank for rank, role in enumerate(REGION_ROLES)}   # marking a reach ranks dozens


def _param_path(path: str) -> str:
    """``region`` -> ``question.region``; a path from the question or position stays as it is."""
    return path if path.startswith(("question.", "position.")) else f"question.{path}"


def rule_url(label: str, lang: str) -> str:
    page = data.rules()[label]["page"]
    return f"/{lang}/docs/{page}.html#{label}"


def citation(label: str, lang: str) -> dict[str, str]:
    title, url = _cited(label, lang)
    return {"rule": label, "title": title, "url": url}


@lru_cache(maxsize=4096)   # every ruling cites a few of the ~500 labels; the dict stays the caller's own
def _cited(label: str, lang: str) -> tuple[str, str]:
    return data.rules()[label]["title"][lang], rule_url(label, lang)


def probability(p: Fraction | float | int) -> float:
    """Probabilities in verdicts are floats rounded to 4 decimals (scenario language)."""
    return round(float(p), 4)


# An exact fraction is given as text up to this many characters (every one a scenario or a
# hunt, a combat round or a small battle gives is far shorter). A whole battle's can run to
# hundreds of digits: past the bound its ``*_exact`` is null and the figure is its float,
# correctly rounded from the exact value (never a number turned into text without a bound).
MAX_EXACT_CHARS = 120


def fraction_text(p: Fraction) -> str | None:
    """``"2059/2187"``, or None for a fraction whose text would pass :data:`MAX_EXACT_CHARS`."""
    p = p if type(p) is Fraction else Fraction(p)   # Fraction(a Fraction) costs an ABC check
    # Digits from the bit lengths first: a long integer is never turned into text to be measured.
    if (p.numerator.bit_length() + p.denominator.bit_length()) * 0.30103 > MAX_EXACT_CHARS + 2:
        return None
    text = f"{p.numerator}/{p.denominator}" if p.denominator != 1 else str(p.numerator)
    return text if len(text) <= MAX_EXACT_CHARS else None


def exact_fraction(text: Any) -> Fraction | None:
    """A verdict's ``*_exact`` text ("2059/2187") as a fraction, else None."""
    if not isinstance(text, str):
        return None
    try:
        return Fraction(text)
    except (ValueError, ZeroDivisionError):
        return None


def format_chance(p: float, exact: Any, lang: str) -> str:
    """A verdict's probability as a percentage, from its exact fraction when it has one: the
    float is already rounded to 4 decimals, and rounding it again would say 94.2 % for 2059/2187."""
    fraction = exact_fraction(exact)
    if fraction is None and float_tie(p):   # 0.9425 may be 94.245 % or 94.254 %: its digits, not rounded twice
        number = format_decimal(Fraction(round(float(p) * 10000), 100), lang, 2)
        return f"{number} %" if lang == "es" else f"{number}%"
    return format_percent(fraction if fraction is not None else p, lang)


def float_tie(p: Any) -> bool:
    """Whether a 4-decimal probability with no exact fraction ends in 5: rounding its percentage
    to one decimal would round twice (the exact value may lie either side of the half)."""
    return isinstance(p, float) and round(p * 10000) % 10 == 5


# Spanish writes lower case after a colon: "Sí: el Rey Brujo puede ...", not "Sí: El Rey Brujo".
_SPANISH_ARTICLE_AFTER_COLON = re.compile(r"^((?:Sí|No): )(Un|Una|El|La|Los|Las)\b")


@lru_cache(maxsize=16)
def _quantum(places: int) -> Decimal:
    """``0.01`` for two places (built once: every probability in an answer is rounded to it)."""
    return Decimal(1).scaleb(-places)


def format_decimal(x: Fraction | float, lang: str, places: int = 2) -> str:
    """``1.67`` in English, ``1,67`` in Spanish. Halves round up, as a player rounds (9/16 is
    56.3 %, not the 56.2 % that binary round-half-even would print)."""
    if isinstance(x, Fraction):
        exact = Decimal(x.numerator) / Decimal(x.denominator)
    else:
        exact = Decimal(repr(float(x)))  # the shortest text of the float: 56.25 stays 56.25
    text = f"{exact.quantize(_quantum(places), rounding=ROUND_HALF_UP):f}"
    return text.replace(".", ",") if lang == "es" else text


def format_percent(p: Fraction | float, lang: str) -> str:
    """``80.2%`` in English, ``80,2 %`` in Spanish (the RAE writes a space before %)."""
    number = format_decimal(p * 100 if isinstance(p, Fraction) else float(p) * 100, lang, 1)
    return f"{number} %" if lang == "es" else f"{number}%"


class Step:
    """One step of the explanation: its text, in the ruling's language, and its rule label.
    (Plain classes, not dataclasses, here and below: the CLI's start-up is a hot path.)"""

    __slots__ = ("text", "rule", "about", "default")

    def __init__(self, text: str, rule: str, about: tuple[str, ...] = ()):
        self.text, self.rule = text, rule
        # the fields given that this step says do not shape the ruling (``question.region``,
        # ``position.fellowship.region``): RulingBuilder.unused
        self.about = about
        # the path of the default this step says (RulingBuilder.default): "taken as given"
        # shows the step's words beside the field that changes it
        self.default: str | None = None

    def __repr__(self) -> str:
        return f"Step({self.text!r}, {self.rule!r})"


class Ruling:
    """A verdict a program can read, an answer a person can read, the steps and their rules."""

    __slots__ = ("game", "question", "lang", "verdict", "answer", "explanation", "title", "regions", "unread")

    def __init__(self, game: str, question: str, lang: str, verdict: dict[str, Any], answer: str,
                 explanation: list[Step] | None = None, title: str | None = None,
                 regions: dict[str, str] | None = None):
        self.game, self.question, self.lang = game, question, lang
        self.verdict, self.answer = verdict, answer
        self.explanation = explanation if explanation is not None else []
        self.title = title
        self.regions = regions or {}   # region id -> its part in the ruling (REGION_ROLES), for a map
        # the question's parameters given that its handler never read (RulingBuilder: a bug of
        # the handler, said in a step rather than silently; tests/test_every_field_counts.py)
        self.unread: list[str] = []

    @property
    def status(self) -> str:
        return self.verdict["status"]

    @property
    def unused(self) -> list[str]:
        """The paths of the fields given that the ruling says, each in a step, do not shape it."""
        return list(dict.fromkeys(path for step in self.explanation for path in step.about))

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
            "explanation": [{"text": s.text, "rule": s.rule, **({"default": s.default} if s.default else {})}
                            for s in self.explanation],
            "citations": self.citations(),
        })
        if self.regions:
            out["regions"] = dict(self.regions)
        return out


class Refusal(NamedTuple):
    """One rule that forbids the action asked about: its id (named in the handler's
    precedence), its rule label, and the text of its reason for the answer."""

    id: str
    rule: str
    reason: str


class Precedence:
    """The order in which a handler's refusals decide, written once per handler: the first
    refusal in this order that applies is the answer's reason; every refusal that applies
    is still explained, and all their labels go into ``decided_by`` in this order."""

    def __init__(self, *ids: str):
        self.ids = ids

    def rank(self, refusal_id: str) -> int:
        try:
            return self.ids.index(refusal_id)
        except ValueError:
            raise KeyError(f"refusal {refusal_id!r} is missing from the handler's precedence") from None


class RulingBuilder:
    """Collects the steps of a ruling in the user's language, then closes it with a verdict.

    ``step(key, rule, **params)`` adds an explanation step (``decides=True`` marks its rule as
    one that decides the answer); ``refuse(id, rule, step_key, reason_key, **params)`` adds a
    refusal; ``default(path, key, rule, **params)`` states a default the answer leans on.
    ``decide(answer_key, **verdict)``, ``decide_refused(precedence, answer_key, **verdict)``,
    ``needs_info(missing, key)`` or ``not_covered(key)`` finish it. Unknown rule labels fail
    loudly: a ruling may only cite labels that exist in the rules reference.
    """

    def __init__(self, game: str, kind: str, lang: str):
        self.game, self.kind, self.lang = game, kind, lang
        self.question: QuestionFields | None = None   # bound by api.rule: what the question gave
        self.steps: list[Step] = []
        self.deciding: list[str] = []
        self.refusals: list[Refusal] = []
        self.defaults: list[str] = []
        self._default_steps: set[int] = set()   # steps that only state a default
        self._regardless: list[str] = []   # fields the refusals hold whatever they are (holds_regardless)
        self.regions: dict[str, str] = {}
        self.result: Ruling | None = None

    def percent(self, p: Fraction | float) -> str:
        """A probability as a percentage written the way the answer's language writes it."""
        return format_percent(p, self.lang)

    def decimal(self, x: Fraction | float, places: int = 2) -> str:
        return format_decimal(x, self.lang, places)

    def t(self, key: str, /, **params: Any) -> str:
        return translate(self.lang, key, **params)

    def step(self, key: str, rule: str, /, *, decides: bool = False, **params: Any) -> RulingBuilder:
        if rule not in data.rules():
            raise KeyError(f"unknown rule label {rule!r}")
        self.steps.append(Step(translate(self.lang, key, **params), rule))
        if decides and rule not in self.deciding:
            self.deciding.append(rule)
        return self

    def refuse(self, refusal_id: str, rule: str, step_key: str, reason_key: str, /, **params: Any) -> None:
        """A rule that forbids the action: explained now, weighed by the handler's precedence at the end."""
        self.step(step_key, rule, **params)
        self.refusals.append(Refusal(refusal_id, rule, self.t(reason_key, **params)))

    def default(self, path: str, key: str, rule: str, /, **params: Any) -> None:
        """The answer leans on the default value of ``path``: say so in a step, list it in the verdict."""
        self.step(key, rule, **params)
        self.steps[-1].default = path
        self._default_steps.add(len(self.steps) - 1)
        if path not in self.defaults:
            self.defaults.append(path)

    def holds_regardless(self, *paths: str) -> None:
        """The refusal just made holds whatever these fields are (a path, or the start of
        paths: ``position.regions``): when the answer is that refusal, a default among them
        cannot change it, so it is neither listed in ``verdict.defaults`` nor said."""
        self._regardless.extend(paths)

    def _drop_moot_defaults(self) -> None:
        def moot(path: str) -> bool:
            return any(path == p or path.startswith(p + ".") for p in self._regardless)

        if not self._regardless or not any(moot(p) for p in self.defaults):
            return
        gone = {i for i, s in enumerate(self.steps) if s.default is not None and moot(s.default)}
        kept = [(i, s) for i, s in enumerate(self.steps) if i not in gone]
        index = {old: new for new, (old, _) in enumerate(kept)}
        self.steps[:] = [s for _, s in kept]
        self._default_steps = {index[i] for i in self._default_steps if i in index}
        self.defaults[:] = [p for p in self.defaults if not moot(p)]

    # -- every field counts ------------------------------------------------------------------
    def bind(self, q: QuestionFields) -> None:
        """The question this ruling answers (api.rule): the builder then knows what was given."""
        self.question = q

    def given(self, path: str) -> bool:
        """Whether the question gave ``path`` (``question.region`` or ``region``); a position
        path counts as given (the handler that names it knows the position gave it)."""
        if path.startswith("position."):
            return True
        return self.question is not None and self.question.given(_param_path(path)[len("question."):])

    def unused(self, path: str | tuple[str, ...] | list[str], key: str, rule: str, /, **params: Any) -> None:
        """A field given that does not shape this ruling: a step saying why (``key``, citing
        ``rule``), tied to ``path`` (a parameter, ``region`` or ``question.region``, or a
        position path, ``position.fellowship.region``; or several, said in one step). Nothing
        when the question gave none of them. tests/test_every_field_counts.py takes this step
        as the reason a change of that field changes nothing."""
        paths = tuple(_param_path(p) for p in ((path,) if isinstance(path, str) else path))
        paths = tuple(p for p in paths if self.given(p))
        if not paths:
            return
        self.step(key, rule, **params)
        self.steps[-1].about = paths
        self._default_steps.add(len(self.steps) - 1)   # it explains; it does not decide

    def explains(self, *paths: str) -> None:
        """The step just made says why these given fields do not change the answer (as
        ``unused`` does, with a step the handler already makes): it is tied to them."""
        given = tuple(p for p in map(_param_path, paths) if self.given(p))
        if given and self.steps:
            self.steps[-1].about = (*self.steps[-1].about, *given)

    def contradicts(self, path: str, key: str, /, **params: Any) -> None:
        """A field given that contradicts the question (or the position): a problem at its
        path, raised with every other problem (``key`` is an ``.err_`` message)."""
        q = self.question
        if q is None:
            raise ValueError("contradicts() needs the question: api.rule binds it")
        parts = _param_path(path).split(".")[1:]
        q.problems.add([*q.path, *parts], key, **params)
        q.problems.raise_if_any()

    def _unread(self) -> list[str]:
        """The question's parameters given that the handler never read."""
        q = self.question
        if q is None:
            return []
        return [f"question.{name}" for name in q.given_params() if name not in q.read]

    def _say_unread(self, unread: list[str]) -> None:
        from adjudicator import registry, wording

        spec = registry.spec(self.game, self.kind)
        rule = self.steps[-1].rule
        for path in unread:
            self.step("core.unused_unread", rule, field=wording.describe_all([path], self.lang, spec))
            self.steps[-1].about = (path,)
            self._default_steps.add(len(self.steps) - 1)

    def mark(self, role: str, *regions: str | None) -> None:
        """Name the part ``regions`` play in the ruling (``from``, ``to``, ``reachable``,
        ``blocked``, ``path``): the ruling page marks them on the board."""
        rank = REGION_ROLES.index(role)
        marked = self.regions
        for region in regions:
            if region and _ROLE_RANK[marked.get(region, "reachable")] <= rank:
                marked[region] = role

    def _close(self, verdict: dict[str, Any], answer: str) -> Ruling:
        if self.defaults:
            verdict["defaults"] = list(self.defaults)
        unread = self._unread() if verdict["status"] == DECIDED else []
        if unread:   # never silently: the ruling says it did not use what it was given
            self._say_unread(unread)
        self.result = Ruling(self.game, self.kind, self.lang, verdict, answer, self.steps, regions=self.regions)
        self.result.unread = unread
        return self.result

    def _answer(self, answer_key: str, answer_params: dict[str, Any] | None) -> str:
        answer = self.t(answer_key, **(answer_params or {}))
        if self.lang == "es":
            answer = _SPANISH_ARTICLE_AFTER_COLON.sub(lambda m: m.group(1) + m.group(2).lower(), answer)
        return answer

    def decide(self, answer_key: str, answer_params: dict[str, Any] | None = None, /, *,
               by: list[str] | tuple[str, ...] | None = None, **verdict: Any) -> Ruling:
        """A decided ruling. ``by``: the labels that decide it; else the steps marked
        ``decides``; else every label the explanation cites, in order."""
        if not self.steps:
            raise ValueError("a decided ruling cites at least one rule")
        if by is not None:
            deciding = [label for label in by if label in data.rules()]
            if len(deciding) != len(by):
                raise KeyError(f"unknown rule label in {by!r}")
        else:   # a step that only states a default did not decide the answer
            deciding = self.deciding or list(dict.fromkeys(
                s.rule for i, s in enumerate(self.steps) if i not in self._default_steps)) or [self.steps[-1].rule]
        return self._close({"status": DECIDED, **verdict, "decided_by": list(dict.fromkeys(deciding))},
                           self._answer(answer_key, answer_params))

    def decide_refused(self, precedence: Precedence, answer_key: str, answer_params: dict[str, Any] | None = None,
                       /, **verdict: Any) -> Ruling:
        """A refused action: the refusal first in ``precedence`` gives the answer's
        ``{reason}``; every refusal's label decides, in that order."""
        if not self.refusals:
            raise ValueError("decide_refused without a refusal")
        self._drop_moot_defaults()
        ordered = sorted(self.refusals, key=lambda f: precedence.rank(f.id))
        params = {"reason": ordered[0].reason, **(answer_params or {})}
        return self.decide(answer_key, params, by=[f.rule for f in ordered], **verdict)

    def needs_info(self, missing: list[str], answer_key: str = "core.needs_info",
                   answer_params: dict[str, Any] | None = None) -> Ruling:
        from adjudicator import registry, wording

        # the verdict keeps the paths (a program finds the fields by them); the answer says them in words
        params = {"missing": wording.describe_all(missing, self.lang, registry.spec(self.game, self.kind)),
                  **(answer_params or {})}
        return self._close({"status": NEEDS_INFO, "missing": list(missing)}, self.t(answer_key, **params))

    def not_covered(self, answer_key: str = "core.not_covered", answer_params: dict[str, Any] | None = None,
                    **extra: Any) -> Ruling:
        return self._close({"status": NOT_COVERED, **extra}, self.t(answer_key, **(answer_params or {})))
