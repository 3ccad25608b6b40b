"""The rules reference built once per test run, shared by every pytest-xdist worker.

The build is Sphinx in both languages (about fifty CPU seconds): once each worker built it
for itself. Now the first process whose selected tests need it (``built``, or the search
tests' ``search_build``) starts it in the background as soon as its collection is done,
so that it runs while the workers get on with other tests; ``built`` waits for it, then
gives each worker its own copy of the result (a test may write into its build folder).

The build is the project's own command, ``adjudicator build docs --force``, as before,
followed by ``adjudicator build index`` (the search index of the web and search tests) when
the docs built. It writes into ``<run>/docs-build/build``, where ``<run>`` is the folder
the session's temporary folders share (``pytest-of-<user>/pytest-<n>``); its outcome goes
to ``result.json`` there when it ends. ``python tests/docs_build.py <folder>`` is that
background job.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TIMEOUT = 900
NEEDS_BUILD = frozenset({"built", "search_build"})   # search_build asks for ``built`` itself

_started: subprocess.Popen | None = None


def run_folder(config) -> Path:
    """The folder shared by every worker of this run (the session's own when not distributed)."""
    base = config._tmp_path_factory.getbasetemp()
    return (base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base) / "docs-build"


def start(config) -> Path:
    """Start the build unless a process of this run already did; its folder."""
    global _started
    folder = run_folder(config)
    folder.mkdir(parents=True, exist_ok=True)
    try:
        os.close(os.open(folder / "started", os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644))
    except FileExistsError:
        return folder
    _started = subprocess.Popen([sys.executable, str(Path(__file__).resolve()), str(folder)], cwd=ROOT,
                                stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return folder


def wait(config) -> dict:
    """The build's outcome (starting it if no one has): the copy's folder is the caller's to make."""
    folder = start(config)
    deadline = time.monotonic() + TIMEOUT + 120
    result = folder / "result.json"
    while not result.exists():
        if _started is not None and _started.poll() is not None and not result.exists():
            return {"returncode": 1, "stdout": "", "stderr": f"the docs build job exited {_started.returncode} "
                    "without a result", "seconds": 0.0, "dir": str(folder / "build")}
        if time.monotonic() > deadline:
            return {"returncode": 1, "stdout": "", "stderr": "no docs build result after "
                    f"{TIMEOUT + 120} s in {folder}", "seconds": 0.0, "dir": str(folder / "build")}
        time.sleep(0.2)
    return json.loads(result.read_text(encoding="utf-8"))


def copy_into(outcome: dict, target: Path) -> None:
    """The shared build's files copied into this worker's own folder."""
    source = Path(outcome["dir"])
    if source.is_dir():
        shutil.copytree(source, target, symlinks=True, dirs_exist_ok=True)


def finish() -> None:
    """At the end of the session of the process that started the build: let it end (another
    worker may still be waiting for it), so that no build outlives the run."""
    if _started is not None and _started.poll() is None:
        try:
            _started.wait(timeout=TIMEOUT + 120)
        except subprocess.TimeoutExpired:
            _started.kill()


def main(folder: Path) -> None:
    """The background job: build the docs, then the search index, and write the outcome."""
    build_dir = folder / "build"
    build_dir.mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "ADJUDICATOR_BUILD_DIR": str(build_dir), "PYTHONWARNINGS": "ignore"}
    started = time.perf_counter()
    outcome: dict = {"dir": str(build_dir)}
    try:
        proc = subprocess.run([sys.executable, "-m", "adjudicator", "build", "docs", "--force"],
                              cwd=ROOT, env=env, capture_output=True, text=True, timeout=TIMEOUT)
        outcome.update(returncode=proc.returncode, stdout=proc.stdout, stderr=proc.stderr,
                       seconds=time.perf_counter() - started)
        if proc.returncode == 0:   # the web and search tests' index (they build it themselves if this fails)
            index = subprocess.run([sys.executable, "-m", "adjudicator", "build", "index"], cwd=ROOT, env=env,
                                   capture_output=True, text=True, timeout=TIMEOUT)
            outcome["index"] = {"returncode": index.returncode, "stderr": index.stderr[-4000:]}
    except Exception as exc:   # a build that hangs, or this job failing: said, never waited for in vain
        outcome.update(returncode=1, stdout="", stderr=f"the docs build job failed: {type(exc).__name__}: {exc}",
                       seconds=time.perf_counter() - started)
    partial = folder / "result.json.part"
    partial.write_text(json.dumps(outcome), encoding="utf-8")
    partial.replace(folder / "result.json")


if __name__ == "__main__":
    main(Path(sys.argv[1]))
