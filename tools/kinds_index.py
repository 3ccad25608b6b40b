"""Maintainers' tool: regenerate adjudicator/data/kinds.json after adding or moving a kind.

    python tools/kinds_index.py

The registry reads that file to import only the rules module of the question asked (the
CLI's start-up is a hot path); tests/test_registry.py fails when it is stale.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from adjudicator import registry  # noqa: E402

if __name__ == "__main__":
    registry.INDEX.write_text(json.dumps(registry.generated_index(), ensure_ascii=False, indent=1) + "\n",
                              encoding="utf-8")
    print(f"wrote {registry.INDEX}")
