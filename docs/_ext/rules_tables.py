"""Directives generated from the rule-label data: the rules index and the seed coverage table.

``{rules-index}``
    Every label of ``adjudicator/data/rules.json``, grouped by page, each linked to its
    heading (the link text is the heading in the build's language).
``{coverage} <seed id>``
    A table of the paragraphs of one seed document (numbered non-empty lines), their first
    words and the labels that cover them, from ``docs/coverage_map.json``. When the seeds are
    on this machine (``ADJUDICATOR_SEEDS``, or the maintainers' ``../shared/seeds`` beside the
    project) the build checks that the numbering still matches them and warns otherwise.
``{coverage} official``
    The labels tied to no seed paragraph: rules that only the official rulebook gives.
``{source}`000```
    A source document as a player knows it: its title (``cite`` in ``docs/coverage_map.json``,
    the same in both languages, being a name), linked to its section of the coverage page
    (the target ``source-000``). The pages never say "seed 000".

Like the other generated nodes, these are marked not translatable; their few fixed words
come from :data:`WORDS`.
"""
from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from datatables import table
from docutils import nodes
from sphinx import addnodes
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective
from worked_examples import build_lang, fixed, rule_ref

logger = logging.getLogger(__name__)

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "adjudicator" / "data" / "rules.json"
COVERAGE = ROOT / "docs" / "coverage_map.json"
DEFAULT_SEEDS = ROOT.parent / "shared" / "seeds"   # the maintainers' folder; absent on a user's machine

WORDS = {
    "en": {
        "count": "{n} rule labels on {pages} pages.",
        "paragraph": "¶", "words": "First words", "rules": "Rules",
        "seed_count": "{n} paragraphs, every one covered by at least one rule.",
        "official_none": "Every rule is tied to a paragraph of a source document.",
        "official_count": "{n} rules come from the official rules only:",
    },
    "es": {
        "count": "{n} etiquetas de reglas en {pages} páginas.",
        "paragraph": "¶", "words": "Primeras palabras", "rules": "Reglas",
        "seed_count": "{n} párrafos, cada uno cubierto por al menos una regla.",
        "official_none": "Todas las reglas están ligadas a un párrafo de un documento fuente.",
        "official_count": "{n} reglas vienen solo del reglamento oficial:",
    },
}


def load_json(path: Path) -> dict:
    with path.open(encoding="utf-8") as fh:
        return json.load(fh)


def seed_paragraphs(seed_id: str) -> list[str] | None:
    """The non-empty lines of seed ``seed_id`` if the seeds are on this machine, else None."""
    folder = Path(os.environ.get("ADJUDICATOR_SEEDS", DEFAULT_SEEDS))
    files = sorted(folder.glob(f"{seed_id}_*.txt")) if folder.is_dir() else []
    if not files:
        return None
    return [line.strip() for line in files[0].read_text(encoding="utf-8").splitlines() if line.strip()]


def doc_ref(docname: str, fromdoc: str) -> addnodes.pending_xref:
    return addnodes.pending_xref("", nodes.inline("", docname), refdomain="std", reftype="doc",
                                 reftarget="/" + docname, refexplicit=False, refwarn=True, refdoc=fromdoc)


def links(labels: list[str], fromdoc: str) -> nodes.paragraph:
    p = nodes.paragraph()
    for i, label in enumerate(labels):
        if i:
            p += nodes.Text("; ")
        p += rule_ref(label, fromdoc)
    return p


class RulesIndex(SphinxDirective):
    has_content = False

    def run(self) -> list[nodes.Node]:
        lang = build_lang(self.config)
        self.env.note_dependency(str(RULES))
        rules = load_json(RULES)["rules"]
        pages: dict[str, list[str]] = {}
        for label, entry in rules.items():
            pages.setdefault(entry["page"], []).append(label)
        out: list[nodes.Node] = [nodes.paragraph("", WORDS[lang]["count"].format(n=len(rules), pages=len(pages)))]
        for page, labels in pages.items():
            heading = nodes.rubric("", "", doc_ref(page, self.env.docname))
            heading["classes"].append("rules-index-page")
            out.append(heading)
            items = nodes.bullet_list(classes=["rules-index"])
            for label in labels:
                items += nodes.list_item("", nodes.paragraph("", "", rule_ref(label, self.env.docname),
                                                             nodes.Text(" "), nodes.literal("", label)))
            out.append(items)
        return [fixed(n) for n in out]


class Coverage(SphinxDirective):
    required_arguments = 1
    has_content = False

    def run(self) -> list[nodes.Node]:
        lang = build_lang(self.config)
        w = WORDS[lang]
        seed_id = self.arguments[0].strip()
        self.env.note_dependency(str(COVERAGE))
        self.env.note_dependency(str(RULES))
        rules = load_json(RULES)["rules"]
        seeds = load_json(COVERAGE)["seeds"]
        if seed_id == "official":
            return [fixed(n) for n in self.official(seeds, rules, lang)]
        if seed_id not in seeds:
            logger.warning("coverage: no seed %r in coverage_map.json (known: %s)", seed_id,
                           ", ".join(seeds), location=self.get_location())
            return []
        seed = seeds[seed_id]
        paragraphs = seed["paragraphs"]
        self.check_against_seed(seed_id, paragraphs)
        rows = []
        for number, entry in sorted(paragraphs.items(), key=lambda kv: int(kv[0])):
            missing = [label for label in entry["labels"] if label not in rules]
            if missing or not entry["labels"]:
                logger.warning("coverage: seed %s paragraph %s maps to %s", seed_id, number,
                               f"unknown labels {missing}" if missing else "no label", location=self.get_location())
            rows.append((number, entry["words"], [label for label in entry["labels"] if label in rules]))
        tbl = table(
            [w["paragraph"], w["words"], w["rules"]],
            [[number, nodes.paragraph("", "", nodes.emphasis("", words)), links(labels, self.env.docname)]
             for number, words, labels in rows],
            [1, 4, 8], [f"seed-{seed_id}-{number}" for number, _, _ in rows], classes=("coverage-table",))
        intro = nodes.paragraph("", "", nodes.emphasis("", seed["title"]), nodes.Text(": "),
                                nodes.Text(w["seed_count"].format(n=len(rows))))
        return [fixed(intro), fixed(tbl)]

    def check_against_seed(self, seed_id: str, paragraphs: dict[str, dict]) -> None:
        """Warn when the seed on this machine no longer matches the committed numbering."""
        lines = seed_paragraphs(seed_id)
        if lines is None:
            return
        if len(lines) != len(paragraphs):
            logger.warning("coverage: seed %s has %d paragraphs, coverage_map.json numbers %d",
                           seed_id, len(lines), len(paragraphs), location=self.get_location())
            return
        for number, entry in paragraphs.items():
            first = entry["words"].rstrip(" …").split()
            if lines[int(number) - 1].split()[:len(first)] != first:
                logger.warning("coverage: seed %s paragraph %s starts differently from coverage_map.json",
                               seed_id, number, location=self.get_location())

    def official(self, seeds: dict, rules: dict, lang: str) -> list[nodes.Node]:
        covered = {label for seed in seeds.values() for entry in seed["paragraphs"].values()
                   for label in entry["labels"]}
        extra = [label for label in rules if label not in covered]
        if not extra:
            return [nodes.paragraph("", WORDS[lang]["official_none"])]
        items = nodes.bullet_list()
        for label in extra:
            items += nodes.list_item("", nodes.paragraph("", "", rule_ref(label, self.env.docname)))
        return [nodes.paragraph("", WORDS[lang]["official_count"].format(n=len(extra))), items]


def source_role(name: str, rawtext: str, text: str, lineno: int, inliner: Any,
                options: dict | None = None, content: list | None = None) -> tuple[list, list]:
    """``{source}`000``` -> the document's title in italics, linked to its coverage section."""
    seed_id = text.strip()
    seeds = load_json(COVERAGE)["seeds"]
    if seed_id not in seeds:
        msg = inliner.reporter.error(f"source: no document {seed_id!r} in coverage_map.json", line=lineno)
        return [inliner.problematic(rawtext, rawtext, msg)], [msg]
    env = inliner.document.settings.env
    env.note_dependency(str(COVERAGE))
    title = seeds[seed_id]["cite"]
    ref = addnodes.pending_xref("", nodes.inline("", title), refdomain="std", reftype="ref",
                                reftarget=f"source-{seed_id}", refexplicit=True, refwarn=True, refdoc=env.docname)
    return [nodes.emphasis("", "", ref)], []   # a title in italics, as a document's title is written


def setup(app: Any) -> dict[str, Any]:
    app.add_directive("rules-index", RulesIndex)
    app.add_directive("coverage", Coverage)
    app.add_role("source", source_role)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
