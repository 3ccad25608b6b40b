"""Each question kind declared once: its parameters, its verdict keys, its rule chapter.

A :class:`KindSpec` sits next to the handler that rules on the kind (``@question(SPEC)``)
and is the one place that says what the kind takes and gives. The handler reads its
parameters through it (:meth:`adjudicator.params.QuestionFields.param`), and everything
else is derived from it rather than kept by hand: the web form's fields and the reverse
mapping from a scenario back to the form (``web/forms``), the OpenAPI schema of the
question (``web/openapi.py``), the contract test's table (``tests/test_contract.py``), the
tables of ``docs/usage.md`` (the ``{kind-spec}`` directive) and the kinds index that lets
the registry import only the module of the question asked (``adjudicator/data/kinds.json``).

In the spirit of OpenFisca's ``Variable`` attributes: a declaration, no behaviour. The
classes are NamedTuples rather than dataclasses because every ruling imports the specs of
its chapter and the CLI's start-up is a hot path: twenty dataclasses cost some 20 ms to
create, twenty NamedTuples 3 ms. :func:`check` validates a spec when it is registered.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from adjudicator.i18n import DEFAULT_LANG


class Text(NamedTuple):
    """A text in both languages (labels, help, descriptions of defaults)."""

    en: str
    es: str

    def get(self, lang: str) -> str:
        return getattr(self, lang, None) or getattr(self, DEFAULT_LANG)


def T(en: str, es: str) -> Text:   # noqa: N802 (a short constructor, read like a literal)
    return Text(en, es)


# The types a parameter may have. Each has a JSON schema (web/openapi.py), a form widget
# (web/forms), a way back from a scenario value to form text (web/prefill.py) and, for the
# simple ones, a reader (QuestionFields.param); the others are read by the handler with a
# reader of its own, named in ``Param.reader``.
SIMPLE_TYPES = ("region", "nation", "character", "side", "int", "bool", "choice", "text")
LIST_TYPES = ("ints", "characters", "words")
CUSTOM_TYPES = ("tile", "units", "recruits", "rows", "card", "keywords", "hand", "mapping", "count-or-list",
                "event-card", "combat-cards")
PARAM_TYPES = SIMPLE_TYPES + LIST_TYPES + CUSTOM_TYPES


class Col(NamedTuple):
    """One column of a ``rows`` parameter: a key of each row's mapping."""

    key: str
    label: Text
    type: str = "text"   # text, int, choice, words, hand, keywords
    choices: tuple[str, ...] = ()
    choice_labels: Mapping[str, Text] = {}
    hi: int | None = None


class Reach(NamedTuple):
    """Where a region parameter may be, counted from another region parameter of the question:
    what the rules could allow at most (a superset; the ruling says the rest), for the board map
    of the form to offer. ``most`` is a number of borders, or ``"character"``: the Level of the
    question's character."""

    source: str                 # the region parameter counted from ("from")
    fewest: int                 # 0: the same region may be named (a siege, a sortie)
    most: int | str


class Param(NamedTuple):
    """One question parameter. ``name`` is its key in the question (dotted when nested:
    ``card.keywords`` is ``question.card.keywords``)."""

    name: str
    type: str
    label: Text
    help: Text | None = None
    required: bool = False
    default: Any = None                 # the value taken when absent (None: nothing)
    default_text: Text | None = None    # the default in words, where ``default`` cannot say it
    choices: tuple[str, ...] = ()
    choice_labels: Mapping[str, Text] = {}
    aliases: Mapping[str, str] = {}     # other words -> a choice
    lo: int | None = None
    hi: int | None = None
    reader: str | None = None           # the handler's own reader, for custom types
    cols: tuple[Col, ...] = ()          # type ``rows``
    rows: int = 0                       # how many rows a form offers for ``rows``/``recruits``
    form: bool = True                   # False: API and YAML only (no field of its own)
    reach: Reach | None = None          # type ``region``: how far from another region it may be

    def problems(self) -> list[str]:
        out = []
        if self.type not in PARAM_TYPES:
            out.append(f"parameter {self.name}: unknown type {self.type!r}")
        if self.type == "choice" and not self.choices:
            out.append(f"parameter {self.name}: a choice needs its choices")
        if self.type in CUSTOM_TYPES and not self.reader:
            out.append(f"parameter {self.name}: a {self.type} parameter names its reader")
        return out


# The types a verdict key may have (tests/test_contract.py checks each decided ruling's keys
# against them; web/present.py and docs/usage.md show them).
VERDICT_TYPES = ("bool", "count", "int", "probability", "exact", "text", "id", "ids", "texts", "region-ids",
                 "nation-ids", "character-ids", "dice-side", "distribution", "mapping", "list", "side",
                 "choice", "number")


class Key(NamedTuple):
    """One verdict key of a decided ruling."""

    name: str
    type: str
    label: Text
    always: bool = True          # in every decided ruling (else: only ``when``)
    when: Text | None = None     # when it is present, in words (``always=False``)
    when_param: str | None = None  # present whenever this parameter is given
    when_verdict: tuple[str, Any] | None = None   # present whenever the verdict has this key = value
    nullable: bool = False       # null is a value it may take (``null_means`` says what)
    null_means: Text | None = None
    choices: tuple[str, ...] = ()   # type ``choice``: its values
    contract: bool = False       # fixed by the scenario language (never renamed or dropped)
    choice_labels: Mapping[str, Text] = {}   # a value (or a mapping's key) in words, per language

    def problems(self) -> list[str]:
        return [] if self.type in VERDICT_TYPES else [f"verdict key {self.name}: unknown type {self.type!r}"]


# Keys every ruling may carry, whatever its kind (declared here once).
COMMON_KEYS = (
    Key("status", "choice", T("Status", "Estado"), choices=("decided", "needs-info", "not-covered"),
        contract=True),
    Key("decided_by", "ids", T("Decided by", "Lo decide"),
        when=T("in every decided ruling: the rule labels that decided it, in order",
               "en toda resolución decidida: las etiquetas de las reglas que la deciden, en orden")),
    Key("defaults", "texts", T("Defaults relied on", "Valores por defecto usados"), always=False,
        when=T("when the answer relied on a default: the paths of those fields",
               "cuando la respuesta se apoya en un valor por defecto: las rutas de esos campos")),
    Key("missing", "texts", T("Missing", "Falta"), always=False,
        when=T("needs-info: the paths of the facts the rules need", "needs-info: las rutas de los datos que faltan"),
        contract=True),
)


class KindSpec(NamedTuple):
    """A question kind: what it takes, what it gives, and where its rules are."""

    game: str
    kind: str
    title: Text                         # the question as a player asks it
    chapter: str                        # the docs page of its rules (``board/movement``)
    params: tuple[Param, ...] = ()
    verdict: tuple[Key, ...] = ()
    position: tuple[str, ...] = ()      # the parts of the position it reads (dotted paths)
    rules: tuple[str, ...] = ()         # the rule labels its rulings decide ("Ask about this")
    help: Text | None = None
    card_refs: tuple[str, ...] = ()     # LCG: parameters that may name a card in play
    aliases: tuple[str, ...] = ()       # other names of the kind a scenario may use
    # Kinds of one game that ask about the same thing and share their position and first
    # parameters carry the same group and each its label: the form offers to switch between them.
    switch: tuple[str, Text] | None = None
    # Groups of parameters of which the question must give at least one (orcs-search: the
    # card by `location`, by `card`, or its fields written straight in the question).
    one_of: tuple[tuple[str, ...], ...] = ()
    # Words for the keys and values inside its mapping verdict keys (an Event card's effect),
    # for the CLI and the web to show them as a player reads them.
    words: Mapping[str, Text] = {}

    def problems(self) -> list[str]:
        """What is wrong with the declaration (empty: nothing); checked when it is registered."""
        parts: tuple[Param | Key, ...] = (*self.params, *self.verdict)
        out = [f"{self.kind}: {p}" for part in parts for p in part.problems()]
        names = [p.name for p in self.params]
        if len(names) != len(set(names)):
            out.append(f"{self.kind}: a parameter is declared twice")
        keys = [k.name for k in self.verdict]
        if len(keys) != len(set(keys)):
            out.append(f"{self.kind}: a verdict key is declared twice")
        out += [f"{self.kind}: one_of names {n!r}, not a parameter" for group in self.one_of for n in group
                if n not in names]
        return out

    def param(self, name: str) -> Param:
        for p in self.params:
            if p.name == name:
                return p
        raise KeyError(f"{self.game} {self.kind} declares no parameter {name!r}")

    @property
    def param_names(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.params)

    @property
    def top_keys(self) -> tuple[str, ...]:
        """The question's own keys (``card`` for ``card.keywords``)."""
        return tuple(dict.fromkeys(p.name.split(".", 1)[0] for p in self.params))

    def key(self, name: str) -> Key:
        for k in (*self.verdict, *COMMON_KEYS):
            if k.name == name:
                return k
        raise KeyError(f"{self.game} {self.kind} declares no verdict key {name!r}")

    def keys_always(self) -> list[str]:
        return [k.name for k in self.verdict if k.always]

    def keys_for(self, question: Mapping[str, Any], verdict: Mapping[str, Any] | None = None) -> list[str]:
        """The keys a decided ruling carries for this question (always, plus those its
        parameters or its other verdict keys bring)."""
        verdict = verdict or {}
        return [k.name for k in self.verdict
                if k.always or (k.when_param is not None and k.when_param.split(".")[0] in question)
                or (k.when_verdict is not None and verdict.get(k.when_verdict[0]) == k.when_verdict[1])]


# Declarations many kinds share (each kind still lists them: these only save retyping).
SIDE_LABELS = {"free-peoples": T("Free Peoples", "Pueblos Libres"), "shadow": T("Shadow", "Sombra")}
YES_NO_LABELS = {"yes": T("Yes", "Sí"), "no": T("No", "No")}


def allowed_key(**kw: Any) -> Key:
    return Key("allowed", "bool", T("Allowed", "Permitido"), **kw)


SIDE_LABEL = T("Side (if both have figures there)", "Bando (si ambos tienen figuras allí)")


def side_param(label: Text = SIDE_LABEL, **kw: Any) -> Param:
    return Param("side", "side", label, choices=("free-peoples", "shadow"), choice_labels=SIDE_LABELS, **kw)


# Keys inside a verdict value (a battle side's dice, what the Orcs' Search discards), in words:
# one table for the CLI and the web. A key a kind's spec declares is labelled by the spec first
# (``if_cancelled`` holds the kind's own keys).
NESTED_LABELS = {
    "attacker": T("Attacker", "Atacante"),
    "defender": T("Defender", "Defensor"),
    "dice": T("Dice", "Dados"),
    "hit_on": T("Hits on", "Impacta con"),
    "rerolls": T("Re-rolls", "Repeticiones de tirada"),
    "p_hits": T("Chance of each number of hits", "Probabilidad de cada número de impactos"),
    "tokens": T("Tokens", "Fichas"),
    "attachments": T("Attachments", "Vinculadas"),
    "damage": T("Damage", "Daño"),
    "progress": T("Progress tokens", "Fichas de progreso"),
    "resource": T("Resource tokens", "Fichas de recurso"),
    "other": T("Other tokens", "Otras fichas"),
    "card": T("Card", "Carta"),
    "title": T("Combat card", "Carta de combate"),
    "initiative": T("Initiative", "Iniciativa"),
    "playable": T("May be played", "Puede jugarse"),
    "cancelled": T("Cancelled", "Anulada"),
    "order": T("Order they resolve in", "Orden en que se resuelven"),
}


def nested_label(name: str, lang: str, spec: KindSpec | None = None) -> str | None:
    """A key inside a verdict value in words: the kind's own key of that name (or a key every
    ruling may carry), else the shared table."""
    for key in (*(spec.verdict if spec is not None else ()), *COMMON_KEYS):
        if key.name == name:
            return key.label.get(lang)
    own = spec.words.get(name) if spec is not None else None
    if own is not None:
        return own.get(lang)
    text = NESTED_LABELS.get(name)
    return text.get(lang) if text is not None else None
