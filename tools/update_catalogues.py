"""Maintainers' tool: bring the Spanish catalogues of the docs up to date with the English pages.

    python tools/update_catalogues.py

Extracts the messages of docs/ (Sphinx's gettext builder) and merges them into
docs/locale/es/LC_MESSAGES/**.po with sphinx-intl: new messages arrive untranslated (the
docs tests then list them), removed ones are dropped rather than kept as obsolete entries,
and no source locations are written (they only churned the diffs). Translate, then run
tests/test_docs.py.
"""
from __future__ import annotations

import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ROOT / "docs" / "locale"
OBSOLETE = re.compile(r"(?m)^#~.*\n?")


def main() -> int:
    bin_dir = Path(sys.executable).parent
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run([str(bin_dir / "sphinx-build"), "-q", "-b", "gettext", str(ROOT / "docs"), tmp], check=True)
        subprocess.run([str(bin_dir / "sphinx-intl"), "update", "-p", tmp, "-d", str(LOCALE), "-l", "es", "-w", "79"],
                       check=True, capture_output=True)
    for po in LOCALE.rglob("*.po"):
        text = po.read_text(encoding="utf-8")
        cleaned = OBSOLETE.sub("", text).rstrip("\n") + "\n"
        if cleaned != text:
            po.write_text(cleaned, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
