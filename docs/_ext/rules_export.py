"""Export every labelled rule section and every glossary term as plain text, for the search.

At the end of each HTML build this writes ``<outdir>/rules-export.json``::

    {"format": 1, "lang": "es", "records": [
        {"lang": "es", "page": "board/sieges", "label": "wotr-siege-besieged-army",
         "title": "Un ejército asediado", "text": "...", "kind": "rule"},
        {"lang": "es", "page": "glossary", "label": "term-Hunt-Box",
         "title": "Casilla de Búsqueda", "text": "...", "kind": "term"}, ...]}

A *rule* record is a section carrying a rule label (a std-domain label such as
``wotr-siege-besieged-army``: lower-case words joined by hyphens, starting ``wotr-``,
``wotrcg-`` or ``lcg-``). Its ``text`` is the section's own text only: the text of its
subsections belongs to their own records (an unlabelled subsection such as "Worked example"
is left out, so the engine's generated rulings do not drown the rule's own words).
A *term* record is a glossary entry; its ``label`` is the term's anchor (``term-Hunt-Box``),
which stays the same in the translated build, so both languages share it.

The records are read from the pickled doctrees at ``build-finished`` rather than collected
while writing, so an incremental build (which rewrites only the changed pages) still exports
every page. The doctrees are already translated in a ``-D language=es`` build, so the same
code exports both languages. The extension never warns: a page without rule labels simply
contributes no records.
"""
from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx import addnodes

EXPORT_NAME = "rules-export.json"
EXPORT_FORMAT = 1
RULE_LABEL = re.compile(r"^(?:wotr|wotrcg|lcg)-[a-z0-9-]+$")
_SPACES = re.compile(r"\s+")


def build_lang(config: Any) -> str:
    """The language the docs are being built in (``-D language=es``), ``en`` by default."""
    return ((getattr(config, "language", None) or "en").split("_")[0]).lower()


def plain(node: nodes.Node) -> str:
    return _SPACES.sub(" ", node.astext()).strip()


def own_text(section: nodes.section) -> str:
    """The text of ``section`` without its title and without any subsection."""
    parts = []
    for child in section.children:
        if isinstance(child, (nodes.title, nodes.section, nodes.target, nodes.comment,
                              nodes.system_message, nodes.raw, nodes.substitution_definition)):
            continue
        if isinstance(child, nodes.Admonition) and child.children and isinstance(child[0], nodes.title):
            # "Official rules: The seed does not say ..." rather than the title run into the text
            body = " ".join(plain(c) for c in child.children[1:])
            text = f"{plain(child[0])}: {body}" if body else plain(child[0])
        else:
            text = plain(child)
        if text:
            parts.append(text)
    return " ".join(parts)


def rule_labels(env: Any) -> dict[tuple[str, str], str]:
    """``(docname, anchor) -> label`` for every rule label the std domain knows."""
    std = env.get_domain("std")
    found: dict[tuple[str, str], str] = {}
    for name, (docname, anchor, _title) in std.labels.items():
        if RULE_LABEL.match(name) and docname:
            found[(docname, anchor)] = name
    return found


def section_records(doctree: nodes.document, docname: str, lang: str,
                    labels: dict[tuple[str, str], str]) -> list[dict[str, str]]:
    records = []
    for section in doctree.findall(nodes.section):
        label = next((labels[(docname, i)] for i in section["ids"] if (docname, i) in labels), None)
        if label is None or not section.children or not isinstance(section[0], nodes.title):
            continue
        records.append({"lang": lang, "page": docname, "label": label, "title": plain(section[0]),
                        "text": own_text(section), "kind": "rule"})
    return records


def term_records(doctree: nodes.document, docname: str, lang: str) -> list[dict[str, str]]:
    records = []
    for glossary in doctree.findall(addnodes.glossary):
        for item in glossary.findall(nodes.definition_list_item):
            terms = [t for t in item.children if isinstance(t, nodes.term)]
            definition = next((d for d in item.children if isinstance(d, nodes.definition)), None)
            for term in terms:
                if not term["ids"]:
                    continue
                records.append({"lang": lang, "page": docname, "label": term["ids"][0],
                                "title": plain(term),
                                "text": plain(definition) if definition is not None else "",
                                "kind": "term"})
    return records


def collect(app: Any) -> list[dict[str, str]]:
    env = app.env
    lang = build_lang(app.config)
    labels = rule_labels(env)
    records: list[dict[str, str]] = []
    for docname in sorted(env.found_docs):
        try:
            doctree = env.get_doctree(docname)
        except (OSError, EOFError):  # a page that failed to read has no pickle; nothing to export
            continue
        records.extend(section_records(doctree, docname, lang, labels))
        records.extend(term_records(doctree, docname, lang))
    return records


def write_export(app: Any, exception: BaseException | None) -> None:
    if exception is not None or getattr(app.builder, "format", None) != "html":
        return
    lang = build_lang(app.config)
    data = {"format": EXPORT_FORMAT, "lang": lang, "records": collect(app)}
    out = Path(app.outdir) / EXPORT_NAME
    tmp = out.with_suffix(".json.tmp")
    tmp.write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
    tmp.replace(out)  # a reader never sees half a file


def setup(app: Any) -> dict[str, Any]:
    app.connect("build-finished", write_export)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
