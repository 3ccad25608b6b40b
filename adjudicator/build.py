"""Building the rules reference (Sphinx, both languages) and then the search index.

Used by ``adjudicator build docs|index|all [--force]`` and by the web app at start-up
(:func:`ensure_built`). Sphinx is imported only inside the functions that build, so the
engine and the web app never pay for it otherwise.

The build is strict everywhere: nitpicky, warnings are errors (all warnings are collected
before failing). A failed build never leaves a half-written site behind: each language is
built into a temporary folder that replaces ``paths.docs_html(lang)`` only on success, and the
caller gets a :class:`BuildError` that lists the warnings, never a traceback.

A language is skipped when it is up to date: a stamp file in its output folder records a hash
of everything the pages are made from (the docs sources and catalogues, the engine's data,
the scenarios the worked examples run, and the engine's code and messages, since the worked
examples are rulings computed at build time).
"""
from __future__ import annotations

import hashlib
import io
import json
import os
import shutil
import sys
import tempfile
import time
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path

from adjudicator import paths
from adjudicator.i18n import LANGS

STAMP_NAME = ".adjudicator-build.json"
LANG_NAMES = {"en": "English", "es": "Spanish"}
MAX_WARNINGS_SHOWN = 30

Progress = Callable[[str], None]


class BuildError(Exception):
    """A build that failed, with a message a person can act on (and the Sphinx warnings)."""

    def __init__(self, message: str, warnings: list[str] | None = None):
        self.warnings = warnings or []
        shown = self.warnings[:MAX_WARNINGS_SHOWN]
        more = len(self.warnings) - len(shown)
        text = message
        if shown:
            text += "\n" + "\n".join(f"  {w}" for w in shown)
        if more > 0:
            text += f"\n  ... and {more} more"
        super().__init__(text)


# -- what the docs are made from ------------------------------------------------------------------

def _inputs() -> Iterator[Path]:
    """Every file whose change can change the built pages, in a stable order."""
    root = paths.ROOT
    groups = [
        (paths.DOCS_SRC, "**/*"),
        (paths.SCENARIOS, "**/*.yaml"),
        (paths.SCENARIOS, "**/*.yml"),
        (root / "adjudicator", "**/*.py"),
        (root / "adjudicator", "**/*.json"),
    ]
    seen: set[Path] = set()
    for base, pattern in groups:
        if not base.is_dir():
            continue
        for p in sorted(base.glob(pattern)):
            if (p.is_file() and p not in seen and "__pycache__" not in p.parts
                    and not p.name.endswith((".mo", ".pyc")) and "_build" not in p.parts):
                seen.add(p)
                yield p


def source_hash() -> str:
    """A hash of the names and contents of every input of the docs build."""
    h = hashlib.sha256()
    for p in _inputs():
        h.update(str(p.relative_to(paths.ROOT)).encode("utf-8") + b"\0")
        h.update(p.read_bytes())
        h.update(b"\0")
    return h.hexdigest()


def _stamp_path(lang: str) -> Path:
    return paths.docs_html(lang) / STAMP_NAME


def _read_stamp(lang: str) -> dict:
    try:
        return json.loads(_stamp_path(lang).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}


def docs_ready(lang: str) -> bool:
    """Is the rules reference of ``lang`` built (whether or not it is up to date)?"""
    out = paths.docs_html(lang)
    return (out / "index.html").is_file() and (out / "objects.inv").is_file()


def up_to_date(lang: str, current_hash: str | None = None) -> bool:
    return docs_ready(lang) and _read_stamp(lang).get("hash") == (current_hash or source_hash())


# -- building -----------------------------------------------------------------------------------

def _sphinx_build(lang: str, outdir: Path, doctrees: Path) -> list[str]:
    """Build ``lang`` into ``outdir``; the warnings (empty when the build is clean)."""
    try:
        from sphinx.application import Sphinx
        from sphinx.util.docutils import docutils_namespace, patch_docutils
    except ImportError as exc:
        raise BuildError(f"Sphinx is not installed ({exc}); install the project with its dependencies.") from None

    try:  # plain text warnings: they end up in messages and logs, not on a terminal
        from sphinx.util.console import nocolor
        nocolor()
    except ImportError:
        pass
    status, warning = io.StringIO(), io.StringIO()
    src = paths.DOCS_SRC
    try:
        # Python warnings from inside Sphinx (deprecations) are not docs warnings: a caller
        # that turns warnings into errors (pytest -W error) must not break the build.
        # Nor are they the reader's to fix: a new user's set-up prints none (issue 26).
        with warnings.catch_warnings(), patch_docutils(src), docutils_namespace():
            warnings.simplefilter("default")
            warnings.simplefilter("ignore", DeprecationWarning)
            warnings.simplefilter("ignore", PendingDeprecationWarning)
            app = Sphinx(src, src, outdir, doctrees, "html",
                         confoverrides={"language": lang, "nitpicky": True},
                         status=status, warning=warning, freshenv=True, warningiserror=True)
            app.build(force_all=True)
            code = app.statuscode
    except Exception as exc:  # Sphinx or an extension crashed: report it, do not leak a traceback
        lines = [_plain(w) for w in warning.getvalue().splitlines() if w.strip()]
        raise BuildError(f"The rules reference ({lang}) could not be built: {type(exc).__name__}: {exc}",
                         lines) from None
    lines = [_plain(w) for w in warning.getvalue().splitlines() if w.strip()]
    if code and not lines:
        lines = [line for line in status.getvalue().splitlines() if line.strip()][-10:]
    return lines


def _plain(line: str) -> str:
    """A warning line without terminal colour codes."""
    import re

    return re.sub(r"\x1b\[[0-9;]*m", "", line)


def build_docs(langs: tuple[str, ...] | list[str] = LANGS, force: bool = False,
               progress: Progress | None = None) -> dict:
    """Build the rules reference of each language into ``paths.docs_html(lang)``.

    Skips a language that is up to date unless ``force``. Raises :class:`BuildError` when a
    language fails (after trying all of them), listing the warnings; the previous build of a
    failed language stays in place. Returns ``{"langs": {lang: {"skipped", "seconds",
    "path"}}, "seconds"}``.
    """
    say = progress or (lambda line: None)
    langs = (langs,) if isinstance(langs, str) else tuple(langs)
    unknown = [lang for lang in langs if lang not in LANGS]
    if unknown:
        raise BuildError(f"Unknown language(s): {', '.join(unknown)} (known: {', '.join(LANGS)}).")
    started = time.perf_counter()
    report: dict = {"langs": {}, "seconds": 0.0}
    failures: list[tuple[str, list[str]]] = []
    writable(paths.BUILD / "docs")
    with paths.build_lock("docs"):
        remove_leftovers(paths.BUILD / "docs", say)
        current = source_hash()
        for i, lang in enumerate(langs, 1):
            out = paths.docs_html(lang)
            if not force and up_to_date(lang, current):
                say(f"The rules reference ({lang}) is up to date: {out}")
                report["langs"][lang] = {"skipped": True, "seconds": 0.0, "path": str(out)}
                continue
            say(f"Building the rules reference ({lang}) {i}/{len(langs)} ...")
            lang_started = time.perf_counter()
            work = out.parent / f".{lang}.building-{os.getpid()}"
            shutil.rmtree(work, ignore_errors=True)
            try:
                warnings = _sphinx_build(lang, work / "html", work / "doctrees")
            except BuildError as exc:
                shutil.rmtree(work, ignore_errors=True)
                failures.append((lang, [str(exc).splitlines()[0], *exc.warnings]))
                say(f"The rules reference ({lang}) failed.")
                continue
            seconds = round(time.perf_counter() - lang_started, 2)
            if warnings:
                shutil.rmtree(work, ignore_errors=True)
                failures.append((lang, warnings))
                say(f"The rules reference ({lang}) has {len(warnings)} warning(s); not installed.")
                continue
            html = work / "html"
            (html / STAMP_NAME).write_text(json.dumps({"hash": current, "lang": lang, "built": time.time(),
                                                       "seconds": seconds}), encoding="utf-8")
            _replace(out, html)
            shutil.rmtree(work, ignore_errors=True)
            say(f"Built the rules reference ({lang}) in {seconds:.1f} s: {out}")
            report["langs"][lang] = {"skipped": False, "seconds": seconds, "path": str(out)}
    report["seconds"] = round(time.perf_counter() - started, 2)
    if failures:
        names = ", ".join(lang for lang, _ in failures)
        lines = [f"[{lang}] {w}" for lang, ws in failures for w in ws]
        raise BuildError(f"The rules reference did not build cleanly ({names}); fix these and run "
                         f"'adjudicator build docs' again:", lines)
    return report


def writable(folder: Path) -> None:
    """Raise a :class:`BuildError` that says so when ``folder`` cannot be written (rather
    than a traceback, or a failed build that seems to ask for the docs to be fixed)."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError as exc:
        raise BuildError(f"The build folder {folder} cannot be written ({exc.strerror or exc}). Make it "
                         "writable, or set ADJUDICATOR_BUILD_DIR to a folder that is.") from None


def remove_leftovers(folder: Path, say: Progress) -> None:
    """Remove what builds killed midway left behind (``.en.building-<pid>``, ``.en.old-<pid>``,
    the index's ``.en.new-<id>``): called under the build lock, so no build that could still
    be using them is running."""
    for stale in sorted([*folder.glob(".*.building-*"), *folder.glob(".*.old-*"), *folder.glob(".*.new-*")]):
        say(f"Removing what an interrupted build left behind: {stale}")
        shutil.rmtree(stale, ignore_errors=True)


def _replace(target: Path, new: Path) -> None:
    """Put the freshly built ``new`` folder at ``target`` with the old one gone."""
    target.parent.mkdir(parents=True, exist_ok=True)
    old = target.parent / f".{target.name}.old-{os.getpid()}"
    if target.exists():
        target.rename(old)
    new.rename(target)
    shutil.rmtree(old, ignore_errors=True)


def build_index(force: bool = False, progress: Progress | None = None) -> dict:
    """Build the search index (the search engineer's ``adjudicator.search.build_index``)."""
    try:
        from adjudicator import search
    except ImportError as exc:
        raise BuildError(f"The search module is not available ({exc}); the search index cannot be built.") from None
    builder = getattr(search, "build_index", None)
    if builder is None:
        raise BuildError("adjudicator.search has no build_index(); the search index cannot be built yet.")
    writable(paths.BUILD / "index")
    # What a killed index build left (``.en.new-<id>``, ``.en.old-<id>``), removed under the
    # index's build lock as the docs build does: the builder takes the lock for itself after.
    with paths.build_lock("index"):
        remove_leftovers(paths.BUILD / "index", progress or (lambda line: None))
    try:
        return builder(force=force, progress=progress)
    except BuildError:
        raise
    except Exception as exc:  # DocsMissing and friends carry a readable message
        raise BuildError(f"The search index could not be built: {exc}") from None


def ensure_built(progress: Progress | None = print) -> dict:
    """Build what is missing: the docs of a language that was never built, then the index.

    Docs that exist but are out of date are left alone here (a server start stays fast);
    ``adjudicator build docs`` refreshes them.
    """
    missing = tuple(lang for lang in LANGS if not docs_ready(lang))
    report: dict = {"docs": None, "index": None}
    try:
        writable(paths.BUILD)
    except BuildError:
        if missing or not all(_index_present(lang) for lang in LANGS):
            raise
        # A read-only deployment built beforehand: nothing to do, and nothing failed.
        (progress or (lambda line: None))(f"The build folder {paths.BUILD} is read-only; serving the "
                                          "rules reference and the search index already built there.")
        return report
    if missing:
        report["docs"] = build_docs(missing, progress=progress)
    report["index"] = build_index(force=False, progress=progress)
    return report


def _index_present(lang: str) -> bool:
    folder = paths.search_index(lang)
    return folder.is_dir() and any(folder.iterdir())


# -- command line ---------------------------------------------------------------------------------

def main(what: str, force: bool = False) -> int:
    """``adjudicator build docs|index|all [--force]``: progress on stderr, exit 0 or 1."""
    def say(line: str) -> None:
        print(line, file=sys.stderr, flush=True)

    if what not in ("docs", "index", "all"):
        say(f"Unknown build target {what!r}: use docs, index or all.")
        return 1
    started = time.perf_counter()
    try:
        if what in ("docs", "all"):
            build_docs(force=force, progress=say)
        if what in ("index", "all"):
            build_index(force=force, progress=say)
    except BuildError as exc:
        say(str(exc))
        return 1
    say(f"Done in {time.perf_counter() - started:.1f} s.")
    return 0
