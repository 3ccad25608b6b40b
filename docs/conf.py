"""Sphinx configuration of the Adjudicator rules reference (English source, Spanish via gettext).

Build one language at a time: ``sphinx-build -b html docs out/en`` and
``sphinx-build -b html -D language=es docs out/es``. The local extensions in ``_ext`` generate
the worked examples (by running the engine) and the reference tables (from the engine's data),
so the docs and the engine read the same facts.
"""
from __future__ import annotations

import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parent
ROOT = DOCS.parent
sys.path.insert(0, str(DOCS / "_ext"))
if str(ROOT) not in sys.path:  # the engine, when Sphinx runs outside the installed venv
    sys.path.insert(0, str(ROOT))

project = "Adjudicator"
author = "Adjudicator contributors"
copyright = "2026, Adjudicator contributors"

extensions = [
    "myst_parser",
    "worked_examples",   # the `ruling` directive: the engine rules on a scenario at build time
    "language_switch",   # the link to the same page in the other language
    "datatables",        # reference tables generated from adjudicator/data/*.json
    "kind_tables",       # each question kind's parameters and verdict keys, from its KindSpec
    "rules_tables",      # the rules index and the coverage table, from rules.json and coverage_map.json
    "i18n_tidy",         # translated doctrees without the parsed messages' documents
]
# rules_export is the search engineer's extension; the build works before it exists.
if (DOCS / "_ext" / "rules_export.py").exists():
    extensions.append("rules_export")

myst_enable_extensions = ["colon_fence", "deflist", "attrs_inline"]
myst_heading_anchors = 0  # anchors come from explicit (label)= targets only

language = "en"
locale_dirs = ["locale"]
gettext_compact = False
gettext_uuid = False
gettext_location = False   # source line numbers in the catalogues only churned the diffs
nitpicky = True
# Headings must read exactly as rules.json titles them (the engine cites those titles), so no
# typographic quotes: "The Orcs' Search" stays with its straight apostrophe.
smartquotes = False

source_suffix = {".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build", "README*", "**/README*", "locale", "Thumbs.db", ".DS_Store"]
templates_path = ["_templates"]

html_theme = "alabaster"
html_static_path = ["_static"]
html_css_files = ["adjudicator.css"]
html_js_files = ["language-switch.js"]
html_title = "Adjudicator"
html_show_sourcelink = False
html_copy_source = False
html_theme_options = {
    "fixed_sidebar": False,
    "page_width": "1100px",
    "sidebar_width": "240px",
    "show_powered_by": False,
}
html_sidebars = {"**": ["navigation.html", "searchbox.html"]}


def _translations_without_eval(app, exception) -> None:
    """Sphinx's ``translations.js`` hands its plural rule to ``doctools.js``, which makes a
    function of it with ``new Function``: an eval that the app's Content-Security-Policy
    (no 'unsafe-eval') refuses, logging an error on every Spanish page. The same catalogue
    is added here without the eval (the theme's few strings need no plural rule)."""
    path = Path(app.outdir) / "_static" / "translations.js"
    if exception is not None or not path.is_file():
        return
    text = path.read_text(encoding="utf-8")
    call = "Documentation.addTranslations("
    if call in text:
        safe = ("(function (catalog) { Object.assign(Documentation.TRANSLATIONS, catalog.messages); "
                "Documentation.LOCALE = catalog.locale; })(")
        path.write_text(text.replace(call, safe, 1), encoding="utf-8")


def setup(app):
    app.connect("build-finished", _translations_without_eval)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
