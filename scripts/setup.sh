#!/usr/bin/env bash
# Sets up a virtual environment in .venv with Adjudicator and its dependencies.
#   bash scripts/setup.sh          the app (docs, search, web)
#   bash scripts/setup.sh test     also the test tools, and Debian's Chromium for browser tests
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}

if [ "${1:-}" = "test" ]; then
  # System packages the tests need: Chromium (Playwright drives Debian's build, never a
  # downloaded one: its headless shell, the same engine without the browser's own windows, which
  # ran the browser tests on a third less CPU; docs/benchmarks.md) and gettext (msgfmt checks the
  # Spanish catalogues).
  need=()
  command -v chromium >/dev/null 2>&1 || need+=(chromium)
  command -v msgfmt >/dev/null 2>&1 || need+=(gettext)
  if [ ${#need[@]} -gt 0 ]; then
    echo "==> Installing system packages: ${need[*]}"
    SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}" >/dev/null
  fi
  if ! command -v chromium-headless-shell >/dev/null 2>&1; then   # optional: the tests fall back on chromium
    echo "==> Installing system package: chromium-headless-shell"
    SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
    { $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium-headless-shell \
        >/dev/null; } || echo "    (not installed: the browser tests use chromium)"
  fi
fi

if [ ! -x .venv/bin/python ]; then
  echo "==> Creating .venv"
  "$PY" -m venv .venv
fi
echo "==> Installing Adjudicator into .venv"
.venv/bin/python -m pip install -q --upgrade pip >/dev/null 2>&1 || true
if [ "${1:-}" = "test" ]; then
  .venv/bin/python -m pip install -q -e ".[test]"
else
  .venv/bin/python -m pip install -q -e .
fi
