"""The plugin that turns each scenario file into a test item (loaded from the root so that
it reaches ``scenarios/``; its code lives in ``tests/scenario_items.py``).

Every ``*.yaml`` under ``scenarios/`` is collected as one item that rules on the scenario and
compares the verdict with its ``expect``; a failure prints the ruling's explanation, so the
trace shows why the engine decided. ``../shared/examples`` run through tests/test_shared_examples.py.
"""
from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def pytest_collect_file(parent, file_path: Path):
    if file_path.suffix in (".yaml", ".yml") and ROOT / "scenarios" in file_path.parents:
        return ScenarioFile.from_parent(parent, path=file_path)
    return None


class ScenarioFile(pytest.File):
    """A scenario file: one item, or one per case when the file holds a list of scenarios."""

    def collect(self):
        from tests.helpers import load_scenario_file

        try:
            data = load_scenario_file(self.path)
        except Exception:   # unreadable: one item, which reports the engine's own problems
            data = None
        if isinstance(data, list):
            for i, case in enumerate(data):
                label = case.get("title") if isinstance(case, dict) else None
                yield ScenarioItem.from_parent(self, name=f"{self.path.stem}[{i}]", index=i, label=label)
        else:
            yield ScenarioItem.from_parent(self, name=self.path.stem, index=None, label=None)


    def outcomes(self):
        """Every case of the file, checked once for all its items (not once per item)."""
        from adjudicator.checking import check_file

        if getattr(self, "_outcomes", None) is None:
            self._outcomes = check_file(self.path)
        return self._outcomes


class ScenarioMismatch(Exception):
    pass


class ScenarioItem(pytest.Item):
    def __init__(self, *, index, label, **kwargs):
        super().__init__(**kwargs)
        self.index, self.label = index, label

    def runtest(self):
        outcomes = self.parent.outcomes()
        outcome = outcomes[self.index] if self.index is not None and self.index < len(outcomes) else outcomes[0]
        if outcome.status == "unreadable":
            raise ScenarioMismatch(("unreadable", outcome.problems))
        if outcome.status == "mismatch":
            raise ScenarioMismatch(("mismatch", (outcome.diffs, outcome.ruling)))
        if outcome.ruling["verdict"]["status"] == "decided":
            assert outcome.ruling["citations"], "a decided ruling cites at least one rule"

    def repr_failure(self, excinfo, style=None):
        if isinstance(excinfo.value, ScenarioMismatch):
            from adjudicator.render import problems_text, ruling_text

            kind, detail = excinfo.value.args[0]
            if kind == "unreadable":
                return problems_text(detail, "en")
            diffs, ruling = detail
            lines = [f"{p}: expected {w!r}, got {g!r}" for p, w, g in diffs]
            return "\n".join(lines + ["", ruling_text(ruling)])
        return super().repr_failure(excinfo, style)

    def reportinfo(self):
        return self.path, 0, f"scenario: {self.path.name}"
