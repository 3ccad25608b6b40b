"""What every page's template needs: the language, the link to the other language, and
the <datalist> of names; plus :func:`lang_or_404` for the ``/<lang>/`` URL part."""
from __future__ import annotations

import re

from flask import Flask, abort, g, request
from markupsafe import Markup, escape

from adjudicator.i18n import LANGS
from web.i18n import LANG_NAMES, OTHER_LANG, current_lang


def lang_or_404(lang: str) -> str:
    """Accept ``es`` or ``en`` as the first URL part; anything else is a 404."""
    if lang not in LANGS:
        abort(404)
    g.lang = lang
    return lang


def switch_url(lang: str) -> str:
    """This page's address in the other language (same path and query)."""
    other = OTHER_LANG[lang]
    path = request.path
    prefix = f"/{lang}/"
    if path.startswith(prefix) or path == f"/{lang}":
        path = f"/{other}/" + path[len(prefix):]
    else:
        path = f"/{other}/"
    query = request.query_string.decode("latin-1")
    return path + (f"?{query}" if query else "")


_TAG = re.compile(r"<[^>]*>")


def safe_snippet(snippet: str) -> Markup:
    """A search snippet as HTML: the search escapes the text and adds only <mark>; anything
    else that looks like a tag means that promise broke, so the whole snippet is escaped."""
    text = str(snippet or "")
    if all(tag in ("<mark>", "</mark>") for tag in _TAG.findall(text)) and "<" not in _TAG.sub("", text):
        return Markup(text)
    return escape(text)


def tr(value: object) -> str:
    """A label in the page's language: a kind spec's bilingual Text, or an English msgid."""
    from flask_babel import gettext

    from adjudicator.spec import Text

    if isinstance(value, Text):
        return value.get(current_lang())
    return gettext(value) if isinstance(value, str) and value else ""


def init_app(app: Flask) -> None:
    app.add_template_filter(safe_snippet)
    app.add_template_filter(tr)

    @app.url_value_preprocessor
    def take_lang(endpoint, values):  # noqa: ANN001
        if values and "lang" in values:
            lang_or_404(values["lang"])

    @app.context_processor
    def page_context():
        lang = current_lang()
        return {"lang": lang, "other_lang": OTHER_LANG[lang], "other_lang_name": LANG_NAMES[OTHER_LANG[lang]],
                "switch_url": switch_url(lang) if request else f"/{OTHER_LANG[lang]}/"}
