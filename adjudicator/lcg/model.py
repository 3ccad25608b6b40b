"""Position model (to be written)."""
from __future__ import annotations

from typing import Any

from adjudicator.params import Fields
from adjudicator.problems import Problems


def parse_position(raw: Any, problems: Problems) -> dict:
    f = Fields(raw, ["position"], problems)
    f.finish()
    return {}
