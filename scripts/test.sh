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
# Both cores (pytest-xdist; each worker builds its own docs once); PYTEST_WORKERS=0 runs in one process.
exec .venv/bin/python -m pytest -n "${PYTEST_WORKERS:-auto}" --dist worksteal "$@"
