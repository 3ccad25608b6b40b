"""Every default a ruling leans on is named: in a step, and in ``verdict.defaults``.

The scenario language lets a player leave out most of the position (the Political Track,
the Fellowship, the Hunt Pool...) and many parameters. A ruling whose answer depends on such
a default must say so: "Gondor is taken at its starting position on the Political Track".
For every kind and every defaulted field it reads (its spec's ``position`` paths, and its
parameters that have a default), ``CASES`` holds a scenario that leaves the field out and
whose answer depends on it; ``EXEMPT`` says, for the others, why the field never changes
that kind's answer. A kind or field added without either fails here.
"""
from __future__ import annotations

import pytest

from adjudicator import registry
from adjudicator.api import ask
from adjudicator.model import POSITION_DEFAULTS

WOTR, CG, LCG = "war-of-the-ring", "wotr-card-game", "lotr-lcg"


def defaulted_fields(spec) -> list[str]:
    """The fields a kind reads that have a default: position paths and parameters."""
    fields = []
    for path in spec.position:
        full = f"position.{path}"
        if spec.game == WOTR and any(full == d or full.startswith(d + ".") for d in POSITION_DEFAULTS):
            fields.append(full)
    for p in spec.params:
        if p.default is not None or p.default_text is not None:
            fields.append(f"question.{p.name}")
    return fields


# (game, kind, field) -> a scenario that leaves the field out and whose answer depends on it.
CASES: dict[tuple[str, str, str], dict] = {
}

# (game, kind, field) -> why leaving the field out never changes that kind's answer.
EXEMPT: dict[tuple[str, str, str], str] = {
}


def test_every_defaulted_field_of_every_kind_has_a_case_or_a_reason():
    uncovered = [(spec.game, spec.kind, f) for spec in registry.specs() for f in defaulted_fields(spec)
                 if (spec.game, spec.kind, f) not in CASES and (spec.game, spec.kind, f) not in EXEMPT]
    assert not uncovered, "\n".join(map(str, uncovered))


@pytest.mark.parametrize("key", sorted(CASES), ids=lambda k: f"{k[1]}:{k[2]}")
def test_leaving_a_field_out_is_named(key):
    game, kind, field = key
    scenario = {"game": game, **CASES[key]}
    scenario["question"] = {"kind": kind, **scenario.get("question", {})}
    for lang in ("en", "es"):
        ruling = ask(scenario, lang=lang)
        named = ruling["verdict"].get("defaults", [])
        assert any(d == field or d.startswith(field + ".") for d in named), (named, ruling["answer"])
