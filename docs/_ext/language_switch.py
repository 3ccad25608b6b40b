"""The link from every page to the same page in the other language.

The rules reference is served as ``/<lang>/docs/<page>.html`` for ``en`` and ``es``; each
language is a separate build. This extension gives the templates ``switch_url`` (relative,
so it works behind any prefix and from ``file://``), ``switch_lang`` and ``switch_label``.
``_static/language-switch.js`` appends the current ``#anchor`` so a reader keeps their place
in the rule they were reading; without JavaScript the plain link still opens the page.
"""
from __future__ import annotations

from typing import Any

OTHER = {"en": "es", "es": "en"}
LABELS = {"en": "English", "es": "Español"}


def switch_url(pagename: str, other: str) -> str:
    """From ``/<lang>/docs/<pagename>.html`` to ``/<other>/docs/<pagename>.html``, relatively."""
    ups = pagename.count("/") + 2  # the page's folders, then docs/ and <lang>/
    return "../" * ups + f"{other}/docs/{pagename}.html"


def page_context(app: Any, pagename: str, templatename: str, context: dict, doctree: Any) -> None:
    lang = (app.config.language or "en").split("_")[0]
    other = OTHER.get(lang, "es")
    context["page_lang"] = lang
    context["switch_lang"] = other
    context["switch_label"] = LABELS[other]
    context["switch_url"] = switch_url(pagename, other)


def setup(app: Any) -> dict[str, Any]:
    app.connect("html-page-context", page_context)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
