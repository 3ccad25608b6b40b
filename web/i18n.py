"""Interface language: picked from the URL (``/es/...``), then the browser's Accept-Language.

The interface strings live in ``web/translations/<lang>/LC_MESSAGES/messages.po`` (English
msgids, so English needs no catalogue). Compiled ``.mo`` files are build artefacts (git
ignores them): :func:`compile_catalogues` writes them under the build directory when the
app starts, and only when a ``.po`` is newer than its ``.mo``.
"""
from __future__ import annotations

import os
import tempfile
from pathlib import Path

from flask import Flask, g, request
from flask_babel import Babel

from adjudicator.i18n import DEFAULT_LANG, LANGS

SOURCE_DIR = Path(__file__).parent / "translations"
OTHER_LANG = {"en": "es", "es": "en"}
LANG_NAMES = {"en": "English", "es": "Español"}


def browser_lang() -> str:
    """The best of our languages for the browser's Accept-Language header (default English)."""
    return request.accept_languages.best_match(LANGS, default=DEFAULT_LANG)


def current_lang() -> str:
    """The page's language: the one in its URL, else the browser's."""
    lang = g.get("lang")
    if lang in LANGS:
        return lang
    # No route matched (a 404 under /es/...): the address still says which language.
    first = request.path.strip("/").split("/", 1)[0]
    if first in LANGS:
        return first
    return browser_lang()


def compile_catalogues(target_dir: Path) -> Path:
    """Compile every ``messages.po`` into ``target_dir/<lang>/LC_MESSAGES/messages.mo``.

    Written atomically (temporary file + rename), so two processes starting at once never
    read half a catalogue.
    """
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    for po_path in sorted(SOURCE_DIR.glob("*/LC_MESSAGES/messages.po")):
        lang = po_path.parts[-3]
        mo_path = target_dir / lang / "LC_MESSAGES" / "messages.mo"
        if mo_path.exists() and mo_path.stat().st_mtime >= po_path.stat().st_mtime:
            continue
        mo_path.parent.mkdir(parents=True, exist_ok=True)
        with po_path.open("rb") as fh:
            catalog = read_po(fh, locale=lang)
        fd, tmp = tempfile.mkstemp(dir=mo_path.parent, suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as out:
                write_mo(out, catalog, use_fuzzy=False)
            os.replace(tmp, mo_path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
    return target_dir


def init_app(app: Flask, build_dir: Path) -> None:
    try:
        translations = compile_catalogues(build_dir / "web" / "translations")
    except OSError:  # a read-only build directory: compile into a private temporary one
        translations = compile_catalogues(Path(tempfile.mkdtemp(prefix="adjudicator-translations-")))
    app.config["BABEL_TRANSLATION_DIRECTORIES"] = str(translations)
    app.config.setdefault("BABEL_DEFAULT_LOCALE", DEFAULT_LANG)
    Babel(app, locale_selector=current_lang)
