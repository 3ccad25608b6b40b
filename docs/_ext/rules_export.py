"""Export every labelled rule section and every glossary term as plain text, for the search.

At the end of each HTML build this writes ``<outdir>/rules-export.json``::

    {"format": 1, "lang": "es", "records": [
        {"lang": "es", "page": "board/sieges", "label": "wotr-siege-besieged-army",
         "title": "Un ejército asediado", "text": "...", "kind": "rule",
         "parent": "wotr-siege", "depth": 3, "source": "Fuente: Guerra del Anillo: guía de reglas, ..."},
        {"lang": "es", "page": "glossary", "label": "term-Hunt-Box",
         "title": "Casilla de Búsqueda", "text": "...", "kind": "term"}, ...]}

A *rule* record is a section carrying a rule label (a std-domain label such as
``wotr-siege-besieged-army``: lower-case words joined by hyphens, starting ``wotr-``,
``wotrcg-`` or ``lcg-``). Its ``text`` is the section's own text only: the text of its
subsections belongs to their own records (an unlabelled subsection such as "Worked example"
is left out, so the engine's generated rulings do not drown the rule's own words).
A *term* record is a glossary entry; its ``label`` is the term's anchor (``term-Hunt-Box``),
which stays the same in the translated build, so both languages share it.

Each rule record also says where it sits: ``parent`` is the label of the nearest enclosing
labelled section (``""`` for a page's top rule), ``depth`` its heading level (1 for the
page title), so the search can prefer the specific rule to its broad parent. A reference
written without its own text (``see {ref}`wotr-army-move```) is exported as the heading it
points to ("see Moving armies"), not as the raw label; the "*Source:* ..." paragraph
goes to ``source``, apart from the rule's words (a snippet shows what the rule says).

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
EXPORT_FORMAT = 2
RULE_LABEL = re.compile(r"^(?:wotr|wotrcg|lcg)-[a-z0-9-]+$")
_SPACES = re.compile(r"\s+")
# The lead word of a rule's source paragraph ("*Source:* {source}`000`, ..."), in each docs language.
SOURCE_LEADS = ("Source:", "Fuente:")


def build_lang(config: Any) -> str:
    """The language the docs are being built in (``-D language=es``), ``en`` by default."""
    return ((getattr(config, "language", None) or "en").split("_")[0]).lower()


def plain(node: nodes.Node) -> str:
    return _SPACES.sub(" ", node.astext()).strip()


def resolve_references(doctree: nodes.document, env: Any) -> None:
    """Give each reference written without its own text the heading it points to.

    The pickled doctree is unresolved: ``{ref}`wotr-army-move``` still reads "wotr-army-move".
    Sphinx would write the target's heading there; the export says the same. (The doctree is
    a fresh copy from the pickle, so changing it changes nothing else.)
    """
    std = env.get_domain("std")
    for ref in list(doctree.findall(addnodes.pending_xref)):
        if ref.get("refexplicit"):
            continue
        target, kind = ref.get("reftarget", ""), ref.get("reftype")
        title = None
        if kind == "ref" and target in std.labels:
            title = std.labels[target][2]
        elif kind == "doc":
            docname = _docname(ref.get("refdoc", ""), target)
            if docname in env.titles:
                title = env.titles[docname].astext()
        if title:
            ref.replace_self(nodes.inline(title, title))


def _docname(current: str, target: str) -> str:
    """A ``{doc}`` target relative to the page that names it, as a docname."""
    if target.startswith("/"):
        return target.lstrip("/")
    base = current.rsplit("/", 1)[0] + "/" if "/" in current else ""
    parts: list[str] = []
    for part in (base + target).split("/"):
        if part == "..":
            if parts:
                parts.pop()
        elif part not in ("", "."):
            parts.append(part)
    return "/".join(parts)


def is_source(node: nodes.Node) -> bool:
    """The "*Source:* {source}`000`, ..." paragraph that closes a rule (either language)."""
    return (isinstance(node, nodes.paragraph) and bool(node.children)
            and isinstance(node[0], nodes.emphasis) and plain(node[0]) in SOURCE_LEADS)


def own_parts(section: nodes.section) -> tuple[str, str]:
    """(the text of ``section`` without its title and subsections, its source paragraphs)."""
    parts, sources = [], []
    for child in section.children:
        if isinstance(child, (nodes.title, nodes.section, nodes.target, nodes.comment,
                              nodes.system_message, nodes.raw, nodes.substitution_definition)):
            continue
        if is_source(child):
            sources.append(plain(child))
            continue
        if isinstance(child, nodes.Admonition) and child.children and isinstance(child[0], nodes.title):
            # "Official rules: The seed does not say ..." rather than the title run into the text
            body = " ".join(plain(c) for c in child.children[1:])
            text = f"{plain(child[0])}: {body}" if body else plain(child[0])
        else:
            text = plain(child)
        if text:
            parts.append(text)
    return " ".join(parts), " ".join(sources)


def own_text(section: nodes.section) -> str:
    """The text of ``section`` without its title, its subsections and its source line."""
    return own_parts(section)[0]


def rule_labels(env: Any) -> dict[tuple[str, str], str]:
    """``(docname, anchor) -> label`` for every rule label the std domain knows."""
    std = env.get_domain("std")
    found: dict[tuple[str, str], str] = {}
    for name, (docname, anchor, _title) in std.labels.items():
        if RULE_LABEL.match(name) and docname:
            found[(docname, anchor)] = name
    return found


def section_records(doctree: nodes.document, docname: str, lang: str,
                    labels: dict[tuple[str, str], str]) -> list[dict[str, Any]]:
    records = []
    for section in doctree.findall(nodes.section):
        label = _label_of(section, docname, labels)
        if label is None or not section.children or not isinstance(section[0], nodes.title):
            continue
        text, source = own_parts(section)
        parent, depth = "", 1
        ancestor = section.parent
        while isinstance(ancestor, nodes.section):
            depth += 1
            parent = parent or (_label_of(ancestor, docname, labels) or "")
            ancestor = ancestor.parent
        records.append({"lang": lang, "page": docname, "label": label, "title": plain(section[0]),
                        "text": text, "kind": "rule", "parent": parent, "depth": depth,
                        "source": source})
    return records


def _label_of(section: nodes.Element, docname: str, labels: dict[tuple[str, str], str]) -> str | None:
    return next((labels[(docname, i)] for i in section["ids"] if (docname, i) in labels), None)


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
        resolve_references(doctree, env)
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
