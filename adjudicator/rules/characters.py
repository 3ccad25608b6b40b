"""War of the Ring: the characters, as the other chapters' rules need them.

Who the Ring-bearers are (one figure, never a Companion), who may be Guide (one rule,
:func:`adjudicator.model.guide_candidates`, said here in the answer's words), and where the
characters stand on the map. The character cards' own abilities live beside the rules they
change; bringing characters into play is the ``bring-into-play`` kind.
"""
from __future__ import annotations

from adjudicator import names
from adjudicator.model import Position, guide_candidates

# The Ring-bearers (Frodo and Sam) are one figure, never a Companion: named specially so a
# player who types them gets the rule, not "unknown character".
RING_BEARER_WORDS = {names.normalize(w) for w in (
    "Frodo", "Sam", "Samwise", "Frodo and Sam", "Ring-bearers", "Ring-bearer", "Frodo y Sam",
    "Portadores", "Portadores del Anillo", "Portador del Anillo", "Sam Gamyi")}


def is_ring_bearer_name(value: object) -> bool:
    return isinstance(value, str) and names.normalize(value) in RING_BEARER_WORDS


def new_guide_step(r, companions_left: tuple[str, ...] | list[str]) -> list[str]:
    """Say who may become Guide once the Guide is gone; the candidates (Gollum when none is left)."""
    options = guide_candidates(tuple(companions_left))
    if options == ["gollum"]:
        r.step("hunt.casualty_new_guide_gollum", "wotr-fellowship-gollum")
    else:
        r.step("hunt.casualty_new_guide", "wotr-fellowship-guide-change",
               names=", ".join(names.character_name(c, r.lang) for c in options))
    return options


def on_map(position: Position, cid: str) -> list[str]:
    """The regions where the position places character ``cid`` (outside the Fellowship)."""
    return [rid for rid, st in position.regions.items()
            if cid in st.free_peoples.characters or cid in st.shadow.characters]
