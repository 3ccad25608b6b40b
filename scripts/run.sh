#!/usr/bin/env bash
# Set up, then serve the web app on http://127.0.0.1:5000 (the rules reference and the
# search index are built on the first run, with progress shown).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
exec .venv/bin/adjudicator serve "$@"
