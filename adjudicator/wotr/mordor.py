"""War of the Ring: entering Mordor (seed 000 'El Anillo Único'; official 2nd-edition rules
where the seed is silent).

Kind: ``enter-mordor``. What happens on the Mordor Track itself (the Hunt there, the Eye, the
Stop icon, moving along it) is ruled by the Hunt kinds, which read ``fellowship.mordor``.
"""
from __future__ import annotations

from adjudicator import data
from adjudicator.registry import question
from adjudicator.spec import Key, KindSpec, T, allowed_key
from adjudicator.wotr.fellowship import distance, lean_on_fellowship, phase_step, region_name, unused_fellowship
from adjudicator.wotr.hunt import lean_on_hunt

GAME = "war-of-the-ring"
MORDOR_GATES = ("minas-morgul", "morannon")
# The tiles of a pool in words: the Eye, and each special tile by its name.
POOL_LABELS = {"eye": T("Eye", "Ojo"), **{tid: T(info["name"]["en"], info["name"]["es"])
                                          for tid, info in data.hunt_tiles()["special"].items()}}

ENTER_MORDOR = KindSpec(
    GAME, "enter-mordor", T("Can the Fellowship enter Mordor?", "¿Puede la Comunidad entrar en Mordor?"),
    "board/mordor",
    verdict=(
        allowed_key(contract=True),
        Key("declare_first", "bool", T("Declare first", "Declarar primero")),
        Key("pool", "list", T("Hunt Pool after entering", "Reserva de Búsqueda al entrar"), always=False,
            when=T("when allowed: the tiles, as hunt.pool lists them", "si se permite: las losetas, como las "
                   "lista hunt.pool"), when_verdict=("allowed", True), contract=True, choice_labels=POOL_LABELS),
    ),
    position=("fellowship.region", "fellowship.progress", "fellowship.hidden", "fellowship.mordor", "turn.phase",
              "hunt.pool", "hunt.special_tiles"),
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
                        by=["wotr-mordor-enter"], allowed=True, declare_first=False, pool=pool_on_entering(position, r))
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
        pool = pool_on_entering(position, r)
        # Entering from a gate, made possible by the declaration: both rules decide.
        return r.decide("fellowship.answer_mordor_declare", {"gate": region_name(gate, lang)},
                        by=["wotr-mordor-enter", "wotr-fellowship-declare"], allowed=True, declare_first=True,
                        pool=pool)
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


def standard_pool() -> list:
    """The 16 standard tiles, as ``hunt.pool`` lists them (numbers and ``eye``)."""
    return [e["value"] for e in data.hunt_tiles()["standard"] for _ in range(e["count"])]


def pool_on_entering(position, r) -> list:
    """The Hunt Pool rebuilt on entering Mordor: the tiles still in it, every standard Eye tile
    drawn earlier back in, and every special tile put in play by Event cards added (those the
    pool already lists are not added twice)."""
    hunt = position.hunt
    lean_on_hunt(position, r, "pool")
    if "special_tiles" not in hunt.given:
        r.default("position.hunt.special_tiles", "journey.default_in_play", "wotr-mordor-tiles")
    pool = list(hunt.pool) if hunt.pool is not None else standard_pool()
    eyes = sum(1 for e in data.hunt_tiles()["standard"] if e["value"] == "eye" for _ in range(e["count"]))
    back = max(0, eyes - pool.count("eye"))
    added = [t for t in hunt.special_tiles if t not in pool]
    specials = [data.hunt_tiles()["special"][t]["name"][r.lang] for t in added]
    r.step("journey.pool_rebuilt", "wotr-mordor-tiles", left=len(pool), eyes=back, n=len(added),
           names=", ".join(specials) or "-")
    if back:
        r.step("journey.pool_eye_removed", "wotr-mordor-tiles")
    return pool + ["eye"] * back + added
