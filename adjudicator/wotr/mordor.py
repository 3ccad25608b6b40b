"""War of the Ring: entering Mordor (seed 000 'El Anillo Único'; official 2nd-edition rules
where the seed is silent).

Kind: ``enter-mordor``. What happens on the Mordor Track itself (the Hunt there, the Eye, the
Stop icon, moving along it) is ruled by the Hunt kinds, which read ``fellowship.mordor``.
"""
from __future__ import annotations

from adjudicator.registry import question
from adjudicator.spec import Key, KindSpec, T, allowed_key
from adjudicator.wotr.fellowship import distance, lean_on_fellowship, phase_step, region_name, unused_fellowship

GAME = "war-of-the-ring"
MORDOR_GATES = ("minas-morgul", "morannon")

ENTER_MORDOR = KindSpec(
    GAME, "enter-mordor", T("Can the Fellowship enter Mordor?", "¿Puede la Comunidad entrar en Mordor?"),
    "board/mordor",
    verdict=(
        allowed_key(contract=True),
        Key("declare_first", "bool", T("Declare first", "Declarar primero")),
    ),
    position=("fellowship.region", "fellowship.progress", "fellowship.hidden", "fellowship.mordor", "turn.phase"),
    rules=("wotr-mordor-enter", "wotr-mordor-tiles"),
)


@question(ENTER_MORDOR)
def enter_mordor(position, q, r):
    """Entering the Mordor Track, in the Fellowship phase, from Minas Morgul or Morannon.

    The figure must stand in one of them once any declaration of that phase is resolved:
    a hidden Fellowship close enough may declare into one first (official 2nd-edition
    rules: the entry follows the declaration), which the verdict reports as
    ``declare_first``."""
    q.ready()
    fel = position.fellowship
    lang = r.lang
    lean_on_fellowship(position, r, "mordor")
    if fel.in_mordor:
        r.step("fellowship.mordor_already", "wotr-mordor-enter", step=fel.mordor)
        unused_fellowship(position, r, ("region", "progress", "hidden"), "fellowship.unused_in_mordor",
                          "wotr-mordor-enter")
        return r.decide("fellowship.answer_mordor_no", {}, allowed=False, declare_first=False)
    if not phase_step(position, r, "wotr-mordor-enter"):
        unused_fellowship(position, r, ("region", "progress", "hidden"), "fellowship.unused_phase",
                          "wotr-mordor-enter")
        return r.decide("fellowship.answer_mordor_no", {}, allowed=False, declare_first=False)
    region = fel.region
    lean_on_fellowship(position, r, "region")
    if region in MORDOR_GATES:
        r.step("fellowship.mordor_at_gate", "wotr-mordor-enter", region=region_name(region, lang))
        r.step("fellowship.mordor_pool", "wotr-mordor-tiles")
        unused_fellowship(position, r, ("progress", "hidden"), "fellowship.unused_at_gate", "wotr-mordor-enter")
        return r.decide("fellowship.answer_mordor_yes", {"region": region_name(region, lang)},
                        allowed=True, declare_first=False)
    gates = {g: distance(region, g) for g in MORDOR_GATES}
    near = sorted((d, g) for g, d in gates.items() if d is not None)
    lean_on_fellowship(position, r, "hidden")   # declaring into a gate first needs a hidden Fellowship
    if fel.hidden:
        lean_on_fellowship(position, r, "progress")
    if fel.hidden and near and near[0][0] <= fel.progress:
        d, gate = near[0]
        r.step("fellowship.mordor_declare_first", "wotr-fellowship-declare", region=region_name(region, lang),
               gate=region_name(gate, lang), distance=d, progress=fel.progress)
        r.step("fellowship.mordor_pool", "wotr-mordor-tiles")
        # Entering from a gate, made possible by the declaration: both rules decide.
        return r.decide("fellowship.answer_mordor_declare", {"gate": region_name(gate, lang)},
                        by=["wotr-mordor-enter", "wotr-fellowship-declare"], allowed=True, declare_first=True)
    r.step("fellowship.mordor_not_at_gate", "wotr-mordor-enter", region=region_name(region, lang))
    _no_declaration_step(fel, r, near)
    if not fel.hidden:
        unused_fellowship(position, r, ("progress",), "fellowship.unused_progress_revealed", "wotr-mordor-enter")
    return r.decide("fellowship.answer_mordor_no", {}, allowed=False, declare_first=False)


def _no_declaration_step(fel, r, near: list[tuple[int, str]]) -> None:
    """Why declaring into a gate first does not help (``declare_first: false``): only a
    hidden Fellowship declares, and its figure moves at most its progress."""
    if not fel.hidden:
        r.step("fellowship.mordor_revealed_no_declare", "wotr-fellowship-declare")
    elif near:
        d, gate = near[0]
        r.step("fellowship.mordor_declare_too_far", "wotr-fellowship-declare", gate=region_name(gate, r.lang),
               distance=d, progress=fel.progress)
