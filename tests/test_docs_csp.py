"""Issue 26: the Spanish rules reference logs no Content-Security-Policy error. Sphinx's
``translations.js`` made doctools.js eval the plural rule (``new Function``), which the
app's policy refuses; docs/conf.py adds the catalogue without it."""
from __future__ import annotations

from pathlib import Path


def test_the_spanish_translations_script_needs_no_eval(built):
    assert built["proc"].returncode == 0, built["proc"].stderr[-3000:]
    script = Path(built["dir"]) / "docs" / "es" / "_static" / "translations.js"
    text = script.read_text(encoding="utf-8")
    assert "Documentation.addTranslations(" not in text
    assert "Object.assign(Documentation.TRANSLATIONS, catalog.messages)" in text
    assert '"locale": "es"' in text


def test_the_build_prints_no_deprecation_warnings_of_sphinx_extensions(built):
    """What a new user sees on a first run: no Sphinx or extension deprecations (issue 26)."""
    stderr = built["proc"].stderr
    assert "RemovedInSphinx" not in stderr and "DeprecationWarning" not in stderr, stderr[-2000:]
