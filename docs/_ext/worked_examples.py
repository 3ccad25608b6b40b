"""The ``ruling`` directive: a worked example ruled by the engine while the docs build.

Usage in MyST::

    ```{ruling} scenarios/wotr/battles/field-battle-leader-rerolls.yaml
    ```

The argument is a scenario path relative to the repository root. The directive loads the
file, rules on it with :mod:`adjudicator.api` in the build's language, and shows the
scenario's title, its YAML, the answer, the verdict and each explanation step linked to the
rule label it cites. Because the example is computed, the docs cannot drift away from the
engine: a changed ruling changes the page, a cited label that no page defines is an
"undefined label" warning, and a verdict that no longer matches the scenario's ``expect`` is
a warning too (the final build runs with ``-W``).

The generated nodes carry no source and are marked ``translatable = False``, so the gettext
builder leaves them out of the catalogues: they are already in the build's language. The few
fixed words ("Answer", "Verdict" ...) come from the small catalogue below.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx import addnodes
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

logger = logging.getLogger(__name__)

ROOT = Path(__file__).resolve().parents[2]

#: Fixed words of a worked example, per build language (not gettext: these nodes are generated).
WORDS: dict[str, dict[str, str]] = {
    "en": {
        "example": "Worked example",
        "scenario": "Scenario",
        "answer": "Answer",
        "verdict": "Verdict",
        "explanation": "Explanation",
        "file": "File",
        "rule": "rule",
    },
    "es": {
        "example": "Ejemplo resuelto",
        "scenario": "Escenario",
        "answer": "Respuesta",
        "verdict": "Veredicto",
        "explanation": "Explicación",
        "file": "Archivo",
        "rule": "regla",
    },
}


def build_lang(config: Any) -> str:
    """The language the docs are being built in (``-D language=es``), ``en`` otherwise."""
    lang = (getattr(config, "language", None) or "en").split("_")[0]
    return lang if lang in WORDS else "en"


def word(lang: str, key: str) -> str:
    return WORDS.get(lang, WORDS["en"])[key]


def fixed(node: nodes.Node) -> nodes.Node:
    """Mark ``node`` and every text element under it as not for translation."""
    for sub in node.findall(nodes.Element):
        if isinstance(sub, nodes.TextElement):
            sub["translatable"] = False
    return node


def para(*children: nodes.Node, classes: list[str] | None = None) -> nodes.paragraph:
    p = nodes.paragraph("", "", *children)
    if classes:
        p["classes"].extend(classes)
    return p


def rule_ref(label: str, docname: str) -> addnodes.pending_xref:
    """A :ref:`label` link; with no explicit text, Sphinx shows the heading in the build's language."""
    ref = addnodes.pending_xref(
        "", nodes.inline("", label), refdomain="std", reftype="ref", reftarget=label,
        refexplicit=False, refwarn=True, refdoc=docname,
    )
    return ref


def render_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(render_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {render_value(v)}" for k, v in value.items()) + "}"
    return str(value)


class RulingDirective(SphinxDirective):
    """``{ruling} <scenario path>``: the engine's ruling on that scenario, in the build's language."""

    required_arguments = 1
    optional_arguments = 0
    final_argument_whitespace = False
    has_content = False
    option_spec = {"class": directives.class_option}

    def run(self) -> list[nodes.Node]:
        rel = self.arguments[0].strip()
        path = (ROOT / rel).resolve()
        lang = build_lang(self.config)
        # Rebuild this page whenever the scenario file changes (or appears), and on every
        # incremental build (see always_reread): the engine's code may have changed too.
        self.env.note_dependency(str(path))
        ruling_docs(self.env).add(self.env.docname)
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as exc:
            return self.fail(f"worked example: cannot read scenario {rel!r}: {exc.strerror or exc}")

        from adjudicator import api
        from adjudicator.checking import compare
        from adjudicator.problems import ScenarioInvalid

        try:
            data = api.load_text(text)
            scenario = api.read_envelope(data, lang)
            ruling = api.rule(scenario)
        except ScenarioInvalid as exc:
            problems = "; ".join(f"{p.path or '(scenario)'}: {p.message('en')}" for p in getattr(exc, "problems", []))
            return self.fail(f"worked example: scenario {rel!r} is not valid: {problems or exc}")
        except Exception as exc:  # an engine bug must not hide behind a half-built page
            return self.fail(f"worked example: the engine failed on {rel!r}: {type(exc).__name__}: {exc}")

        if scenario.expect:
            diffs = compare(scenario.expect, ruling.as_dict())
            if diffs:
                listed = "; ".join(f"{p}: expected {e!r}, got {g!r}" for p, e, g in diffs)
                logger.warning("worked example: the ruling on %r does not match its expect (%s)",
                               rel, listed, location=self.get_location())

        return [self.render(rel, text, scenario, ruling, lang)]

    def fail(self, message: str) -> list[nodes.Node]:
        logger.warning(message, location=self.get_location())
        return []

    def render(self, rel: str, text: str, scenario: Any, ruling: Any, lang: str) -> nodes.Node:
        box = nodes.container(classes=["worked-example", *self.options.get("class", [])])
        title = scenario.title or rel
        box += para(nodes.strong("", title), classes=["worked-example-title"])

        box += para(nodes.emphasis("", word(lang, "scenario")), nodes.Text(" ("),
                    nodes.literal("", rel), nodes.Text("):"))
        block = nodes.literal_block(text, text, language="yaml")
        block["classes"].append("worked-example-scenario")
        box += block

        box += para(nodes.strong("", word(lang, "answer") + ": "), nodes.Text(ruling.answer),
                    classes=["worked-example-answer"])

        verdict_list = nodes.bullet_list(classes=["worked-example-verdict"])
        for key, value in ruling.verdict.items():
            verdict_list += nodes.list_item("", para(nodes.literal("", key), nodes.Text(": "),
                                                     nodes.literal("", render_value(value))))
        box += para(nodes.strong("", word(lang, "verdict") + ":"))
        box += verdict_list

        if ruling.explanation:
            box += para(nodes.strong("", word(lang, "explanation") + ":"))
            steps = nodes.enumerated_list(enumtype="arabic", prefix="", suffix=".",
                                          classes=["worked-example-steps"])
            for step in ruling.explanation:
                item = para(nodes.Text(step.text + " "))
                if step.rule:
                    item += nodes.Text("(")
                    item += rule_ref(step.rule, self.env.docname)
                    item += nodes.Text(")")
                steps += nodes.list_item("", item)
            box += steps
        return fixed(box)


# -- the usage page's examples, in the build's language ----------------------------------------
#: Words of the scenario language and their Spanish forms, replaced where they stand alone
#: (a key, a value, a list item); ``keys`` only where they are a key.
SPANISH_WORDS = {"free_peoples": "pueblos_libres", "shadow": "sombra", "free-peoples": "pueblos-libres",
                 "at-war": "en-guerra", "eye": "ojo", "war-of-the-ring": "guerra-del-anillo"}
SPANISH_KEYS = {"regular": "regulares", "elite": "élites", "leader": "líderes"}
SPANISH_MARK = "--- es ---"   # an example's own Spanish version follows this line
_TOKEN = None


def spanish_scenario(text: str) -> str:
    """An English example in Spanish, as a Spanish player writes it: ``lang: es``, the
    regions and characters of War of the Ring by their Spanish names, the sides, At War,
    the Eye and the unit kinds in Spanish words (all of which the engine reads). Comments and
    card names are left as they are; an example that has them gives its own Spanish version."""
    import re

    from adjudicator import names

    global _TOKEN
    if _TOKEN is None:
        _TOKEN = re.compile(r"[^{}\[\],:#\n]+")
    wotr = re.search(r"(?m)^game:\s*(war-of-the-ring|wotr)\s*(#.*)?$", text) is not None
    lines = []
    reinforcements = None   # the indentation of a reinforcements block (its unit keys stay English)
    for line in text.splitlines():
        code, sep, comment = line.partition("#")
        indent = len(code) - len(code.lstrip())
        if reinforcements is not None and code.strip() and indent <= reinforcements:
            reinforcements = None
        if code.strip().startswith("reinforcements:"):
            reinforcements = indent
        out, pos = [], 0
        for m in _TOKEN.finditer(code):
            word = m.group(0).strip()
            if not word:
                continue
            start = m.start() + m.group(0).index(word)
            end = start + len(word)
            is_key = code[end:end + 1] == ":"
            new = SPANISH_WORDS.get(word) if wotr or not is_key else None
            if new is None and wotr and is_key and reinforcements is None:
                new = SPANISH_KEYS.get(word)
            if new is None and wotr and not word.islower():
                ident = names.regions().lookup(word) or names.characters().lookup(word)
                if ident is not None:
                    new = (names.region_name(ident, "es") if names.regions().lookup(word)
                           else names.character_name(ident, "es")).split(",")[0]
            if new is not None and new != word:
                out.append(code[pos:start] + new)
                pos = end
        lines.append("".join(out) + code[pos:] + sep + comment)
    text = "\n".join(lines)
    if re.search(r"(?m)^lang:", text):
        return re.sub(r"(?m)^lang:\s*en\b", "lang: es", text)
    return re.sub(r"(?m)^(game:.*)$", r"\1\nlang: es", text, count=1)


class ExampleDirective(SphinxDirective):
    """``{example}``: a scenario of the usage page, shown in the build's language (the English
    one as written; in Spanish its own version after a ``--- es ---`` line, else
    :func:`spanish_scenario`), with the engine's answer in that language. Both versions are
    ruled while the docs build: one the engine cannot read, or two that do not rule alike,
    is a warning (the final build runs with ``-W``). ``:invalid:`` marks an example that
    shows errors: both versions must then fail at the same fields."""

    has_content = True
    option_spec = {"invalid": directives.flag, "no-answer": directives.flag}

    def run(self) -> list[nodes.Node]:
        from adjudicator import api
        from adjudicator.problems import ScenarioInvalid

        content = "\n".join(self.content)
        english, _, own = content.partition("\n" + SPANISH_MARK + "\n")
        spanish = own.strip("\n") or spanish_scenario(english)
        lang = build_lang(self.config)
        shown = spanish if lang == "es" else english
        outcomes = []
        for text in (english, spanish):
            try:
                ruling = api.rule(api.read_envelope(api.load_text(text)))
                outcomes.append(("ruling", ruling.verdict, ruling))
            except ScenarioInvalid as exc:
                outcomes.append(("invalid", sorted(p.path for p in exc.problems), None))
        invalid = "invalid" in self.options
        kinds = {o[0] for o in outcomes}
        if kinds != {"invalid" if invalid else "ruling"}:
            logger.warning("usage example: %s", "an example marked :invalid: was read" if invalid
                           else "the engine cannot read this example (or its Spanish version)",
                           location=self.get_location())
        elif outcomes[0][1] != outcomes[1][1]:
            logger.warning("usage example: the Spanish version does not rule as the English one (%r, %r)",
                           outcomes[0][1], outcomes[1][1], location=self.get_location())
        block = nodes.literal_block(shown, shown, language="yaml")
        block["classes"].append("usage-example")
        out: list[nodes.Node] = [fixed(block)]
        ruling = outcomes[1 if lang == "es" else 0][2]
        if ruling is not None and "no-answer" not in self.options:
            from adjudicator.api import read_envelope

            answer = api.rule(read_envelope(api.load_text(shown), lang)).answer
            out.append(fixed(para(nodes.strong("", word(lang, "answer") + ": "), nodes.Text(answer),
                                  classes=["usage-example-answer"])))
        return out


def ruling_docs(env: Any) -> set[str]:
    """The pages that show a worked example (kept in the build environment)."""
    if not hasattr(env, "adjudicator_ruling_docs"):
        env.adjudicator_ruling_docs = set()
    return env.adjudicator_ruling_docs


def always_reread(app: Any, env: Any, added: set, changed: set, removed: set) -> list[str]:
    """Pages with rulings are read again on every build: their content comes from the engine."""
    return sorted(ruling_docs(env) - set(removed))


def purge(app: Any, env: Any, docname: str) -> None:
    ruling_docs(env).discard(docname)


def merge(app: Any, env: Any, docnames: set, other: Any) -> None:
    ruling_docs(env).update(ruling_docs(other) & set(docnames))


def setup(app: Any) -> dict[str, Any]:
    app.add_directive("ruling", RulingDirective)
    app.add_directive("example", ExampleDirective)
    app.connect("env-get-outdated", always_reread)
    app.connect("env-purge-doc", purge)
    app.connect("env-merge-info", merge)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
