"""The ``kind-spec`` directive: each question kind's tables, generated from its KindSpec.

``{kind-spec} <game> <kind>``
    Two tables in the build's language: the kind's parameters (type, required or default,
    what it is, its choices) and its verdict keys (type, when present, what it is), then the
    rules the kind decides, each linked to its heading. The text comes from the spec beside
    the kind's handler (``adjudicator/wotr/*.py``...), so the page cannot drift from it.
``{kind-spec} defaults``
    One table of every default: what each War of the Ring position field is when a scenario
    leaves it out (``adjudicator.wotr.model.POSITION_DEFAULTS``), then each kind's parameters that
    have a default.

Like the other generated nodes these are marked not translatable: both languages come
from the spec.
"""
from __future__ import annotations

from typing import Any

from datatables import table
from docutils import nodes
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective
from worked_examples import build_lang, fixed, rule_ref

logger = logging.getLogger(__name__)

WORDS = {
    "en": {
        "param": "Parameter", "type": "Type", "need": "Required / default", "what": "What it is",
        "key": "Verdict key", "when": "When", "always": "always", "required": "required", "optional": "optional",
        "default": "default: {value}", "choices": "One of: {values}.", "null": "null: {meaning}.",
        "rules": "Rules it decides: ", "field": "Position field", "kind": "Question",
        "none": "This question has no parameters: the position decides.",
        "unknown": "kind-spec: no kind {game} {kind}", "with": "with {param}",
    },
    "es": {
        "param": "Parámetro", "type": "Tipo", "need": "Obligatorio / por defecto", "what": "Qué es",
        "key": "Clave del veredicto", "when": "Cuándo", "always": "siempre", "required": "obligatorio",
        "optional": "opcional", "default": "por defecto: {value}", "choices": "Uno de: {values}.",
        "null": "null: {meaning}.", "rules": "Reglas que decide: ", "field": "Campo de la posición",
        "kind": "Pregunta", "none": "Esta pregunta no tiene parámetros: decide la posición.",
        "unknown": "kind-spec: no existe el tipo {game} {kind}", "with": "con {param}",
    },
}
# The types of adjudicator.spec, in words.
TYPE_WORDS = {
    "en": {"region": "region name", "nation": "nation name", "character": "character name", "side": "side",
           "int": "whole number", "bool": "yes / no", "choice": "word", "text": "text", "ints": "numbers",
           "characters": "character names", "words": "names", "tile": "Hunt tile", "units": "units (an army)",
           "recruits": "list of figures", "rows": "list of cards", "card": "card (name or mapping)",
           "keywords": "keywords", "hand": "number or card names", "mapping": "mapping",
           "count-or-list": "number or list",
           "count": "count", "probability": "probability 0..1", "exact": "exact fraction (text)", "id": "id",
           "ids": "ids", "texts": "list of texts", "region-ids": "region ids", "nation-ids": "nation ids",
           "character-ids": "character ids", "dice-side": "{dice, hit_on, rerolls, p_hits}",
           "distribution": "probabilities (one per value)", "list": "list", "number": "number"},
    "es": {"region": "nombre de región", "nation": "nombre de nación", "character": "nombre de personaje",
           "side": "bando", "int": "número entero", "bool": "sí / no", "choice": "palabra", "text": "texto",
           "ints": "números", "characters": "nombres de personajes", "words": "nombres",
           "tile": "loseta de Búsqueda", "units": "unidades (un ejército)", "recruits": "lista de figuras",
           "rows": "lista de cartas", "card": "carta (nombre o mapa)", "keywords": "palabras clave",
           "hand": "número o nombres de cartas", "mapping": "mapa", "count-or-list": "número o lista",
           "count": "cantidad", "probability": "probabilidad 0..1", "exact": "fracción exacta (texto)",
           "id": "identificador", "ids": "identificadores", "texts": "lista de textos",
           "region-ids": "identificadores de región", "nation-ids": "identificadores de nación",
           "character-ids": "identificadores de personaje", "dice-side": "{dice, hit_on, rerolls, p_hits}",
           "distribution": "probabilidades (una por valor)", "list": "lista", "number": "número"},
}


def code(text: str) -> nodes.literal:
    return nodes.literal(text, text)


def para(*parts: Any) -> nodes.paragraph:
    p = nodes.paragraph()
    for part in parts:
        p += nodes.Text(part) if isinstance(part, str) else part
    return p


def render_default(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _text(t: Any, lang: str) -> str:
    return t.get(lang) if t is not None else ""


def param_rows(spec, lang: str) -> list[list[str]]:
    """One row per parameter: name, type, required or default, what it is (in ``lang``)."""
    w, types = WORDS[lang], TYPE_WORDS[lang]
    rows = []
    for p in spec.params:
        need = w["required"] if p.required else (
            w["default"].format(value=render_default(p.default)) if p.default is not None else
            w["default"].format(value=_text(p.default_text, lang)) if p.default_text is not None else w["optional"])
        what = _text(p.label, lang) + (f". {_text(p.help, lang)}" if p.help else "")
        if p.choices:
            what += " " + w["choices"].format(values=", ".join(p.choices))
        if p.lo is not None or p.hi is not None:
            what += f" ({p.lo if p.lo is not None else '…'}–{p.hi if p.hi is not None else '…'})"
        rows.append([p.name, types.get(p.type, p.type), need, what])
    return rows


def verdict_rows(spec, lang: str) -> list[list[str]]:
    """One row per verdict key: name, type, when it is present, what it is (in ``lang``)."""
    w, types = WORDS[lang], TYPE_WORDS[lang]
    rows = []
    for k in spec.verdict:
        kind_word = " | ".join(k.choices) if k.type == "choice" else types.get(k.type, k.type)
        when = w["always"] if k.always else _text(k.when, lang) or (
            w["with"].format(param=k.when_param) if k.when_param else "")
        what = _text(k.label, lang)
        if k.nullable and k.null_means is not None:
            what += ". " + w["null"].format(meaning=_text(k.null_means, lang))
        rows.append([k.name, kind_word, when, what])
    return rows


class KindSpecDirective(SphinxDirective):
    required_arguments = 1
    optional_arguments = 1
    has_content = False

    def run(self) -> list[nodes.Node]:
        from adjudicator import registry

        lang = build_lang(self.config)
        self.w = WORDS[lang]
        self.types = TYPE_WORDS[lang]
        self.lang = lang
        if self.arguments[0] == "defaults":
            return [fixed(n) for n in self.defaults(registry)]
        game, kind = self.arguments[0], self.arguments[1] if len(self.arguments) > 1 else ""
        spec = registry.spec(game, kind) if game in registry.GAMES else None
        if spec is None:
            logger.warning(WORDS["en"]["unknown"].format(game=game, kind=kind), location=self.get_location())
            return []
        self.env.note_dependency(__file__)
        return [fixed(n) for n in (*self.params(spec), self.verdict(spec), self.rules(spec))]

    def text(self, t: Any) -> str:
        return t.get(self.lang) if t is not None else ""

    def params(self, spec) -> list[nodes.Node]:
        if not spec.params:
            return [para(self.w["none"])]
        rows = [[para(code(name)), *cells] for name, *cells in param_rows(spec, self.lang)]
        return [table([self.w["param"], self.w["type"], self.w["need"], self.w["what"]], rows, [2, 2, 2, 5],
                      classes=("data-table", "kind-params"))]

    def verdict(self, spec) -> nodes.Node:
        rows = [[para(code(name)), *cells] for name, *cells in verdict_rows(spec, self.lang)]
        return table([self.w["key"], self.w["type"], self.w["when"], self.w["what"]], rows, [2, 2, 3, 4],
                     classes=("data-table", "kind-verdict"))

    def rules(self, spec) -> nodes.paragraph:
        p = para(self.w["rules"])
        for i, label in enumerate(spec.rules):
            if i:
                p += nodes.Text("; ")
            p += rule_ref(label, self.env.docname)
        return p

    def defaults(self, registry) -> list[nodes.Node]:
        from adjudicator.wotr.model import POSITION_DEFAULTS

        rows = [[para(code(path)), self.text(text)] for path, text in POSITION_DEFAULTS.items()]
        out: list[nodes.Node] = [table([self.w["field"], self.w["what"]], rows, [3, 7])]
        kind_rows = []
        for spec in registry.specs():
            for p in spec.params:
                if p.default is None and p.default_text is None:
                    continue
                value = render_default(p.default) if p.default is not None else self.text(p.default_text)
                kind_rows.append([para(code(spec.kind)), para(code(p.name)), value])
        out.append(table([self.w["kind"], self.w["param"], self.w["what"]], kind_rows, [2, 2, 6]))
        return out


def setup(app: Any) -> dict[str, Any]:
    app.add_directive("kind-spec", KindSpecDirective)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
