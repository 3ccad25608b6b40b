#!/usr/bin/env bash
# Set up (with the test tools and Chromium), run the checks (ruff, mypy), then the test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh test
# The checks first: a lint or type error fails the run before the (longer) tests start.
echo "==> ruff check ."
.venv/bin/ruff check .
echo "==> mypy"
.venv/bin/mypy
# Both cores (pytest-xdist; the docs are built once for both workers, tests/docs_build.py); PYTEST_WORKERS=0 runs in one process.
exec .venv/bin/python -m pytest -n "${PYTEST_WORKERS:-auto}" --dist worksteal "$@"
