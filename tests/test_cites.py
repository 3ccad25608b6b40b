"""Scenario files say which rule decides them (``expect.cites``), and a wrong one fails.

A ruling can reach the right verdict by the wrong rule: a refusal that cites the stacking
limit for a besieged army gets `allowed: false` right and the rule wrong. ``cites`` names
the rule labels a scenario's ruling must cite; ``adjudicator check`` and the pytest items
compare them with the ruling's citations.
"""
from __future__ import annotations

from pathlib import Path

import yaml

from adjudicator.api import ask
from adjudicator.checking import check_data, compare
from adjudicator.problems import ScenarioInvalid
from tests.helpers import asked, scenario_file_cases

ROOT = Path(__file__).resolve().parents[1]


def decided_cases():
    for path in sorted((ROOT / "scenarios").rglob("*.yaml")):
        for index, case in scenario_file_cases(path):
            try:
                status = asked(path, index)["verdict"]["status"]   # api.ask(case), shared with other modules
            except ScenarioInvalid:
                continue
            if status == "decided":
                yield path, case


def test_nearly_every_decided_scenario_says_which_rule_decides_it():
    cases = list(decided_cases())
    with_cites = [p for p, c in cases if "cites" in (c.get("expect") or {})]
    assert len(cases) > 700
    assert len(with_cites) >= 0.95 * len(cases), f"{len(with_cites)} of {len(cases)} carry expect.cites"


def test_a_wrong_citation_fails_the_check():
    """Swap a scenario's deciding label for another real label: the check fails, and says which."""
    scenario = yaml.safe_load((ROOT / "scenarios/wotr/sieges/army-move-asediado-es.yaml").read_text(encoding="utf-8"))
    assert check_data(scenario).status == "ok"
    wrong = {**scenario, "expect": {**scenario["expect"], "cites": ["wotr-army-stacking"]}}
    outcome = check_data(wrong)
    assert outcome.status == "mismatch"
    assert outcome.diffs[0][:2] == ("cites", ["wotr-army-stacking"])


def test_a_ruling_that_cites_the_wrong_rule_fails_its_scenario():
    """The other way round: the engine cites another rule than the one that decides."""
    scenario = yaml.safe_load((ROOT / "scenarios/wotr/sieges/army-move-asediado-es.yaml").read_text(encoding="utf-8"))
    ruling = ask(scenario)
    for step in ruling["explanation"]:   # what a swapped label in a handler would give
        if step["rule"] == "wotr-siege-besieged-army":
            step["rule"] = "wotr-army-stacking"
    ruling["citations"] = [c for c in ruling["citations"] if c["rule"] != "wotr-siege-besieged-army"]
    assert compare(scenario["expect"], ruling), "a ruling citing the wrong rule passed its scenario"
