"""The whole reader, and the question kind it picks for what the query describes."""
from __future__ import annotations

from adjudicator.search.situation.armies import Armies
from adjudicator.search.situation.fellowship import FellowshipReading
from adjudicator.search.situation.words import (
    ARMY_ASKED,
    BECOMES,
    BECOMING,
    BRING,
    BRING_NEAR,
    BRINGABLE,
    CHARACTER_DIE,
    COMBAT,
    DECLARE,
    ELVEN_RING,
    ENTER_MORDOR,
    INTENTS,
    INTO_ELITES,
    INTO_STRONGHOLD,
    LEAVES,
    MOVE_ASKED,
    NEAR_WORDS,
    REROLL,
    RETREAT,
    RING_USE,
    SEPARATE,
    SIEGE_VERB,
    STATED_POLITICS,
    TAKEN_OUT,
    TILE,
    tables,
)


class Read(Armies, FellowshipReading):
    """What one query names, read once, and the question kind it asks."""

    def kind(self) -> str | None:
        if self._brings():
            return "bring-into-play"
        said_in = [c for c in self.in_fellowship if c not in ("gollum", *BRINGABLE)]
        if said_in and LEAVES.search(self.text) and not dict(INTENTS)["politics"].search(self.text):
            return "separate-companions"   # "Aragorn is in the fellowship at Rivendell, can he leave"
        if SEPARATE.search(self.text) and not dict(INTENTS)["politics"].search(self.text) and any(
                c not in ("gollum", *BRINGABLE) for c in self.chars):
            return "separate-companions"   # "can Legolas separate and go to the Woodland Realm" (not its politics)
        if ELVEN_RING.search(self.text) and RING_USE.search(self.text):
            return "elven-ring"   # "tengo Vilya y Nenya, puedo usar 2 anillos en el mismo turno"
        if DECLARE.search(self.text) and tables()["fellowship"].search(self.text) and \
                not dict(INTENTS)["politics"].search(self.text):
            return "declare-fellowship"   # "la compañía oculta en Lórien, si la declaro ahí"
        if self.fellowship_destination() is not None:
            return "fellowship-move"
        if ENTER_MORDOR.search(self.text) and tables()["fellowship"].search(self.text) and not self.mordor:
            return "enter-mordor"   # "si la muevo pa entrar a Mordor": onto the Mordor Track
        kind = next((k for k, rx in INTENTS if rx.search(self.text)), None)
        if kind == "politics" and self._politics_only_stated():
            # "can they attack Dol Guldur if Lórien is already active": the state is what the
            # position holds, the question is the attack
            kind = next((k for k, rx in INTENTS if k != "politics" and rx.search(self.text)), None)
        if kind in ("army-move", "character-move", None) and tables()["fellowship"].search(self.text) and \
                REROLL.search(self.text):
            return "hunt-roll"   # "the fellowship is in Lórien, can the shadow reroll if I move"
        retreat = RETREAT.search(self.text)
        if kind in ("army-move", "battle", None) and INTO_STRONGHOLD.search(self.text) and self.units:
            return "retreat"   # "si me meto adentro de la fortaleza": the retreat into a siege
        if kind in ("battle", "battle-outcome") and retreat:
            at = retreat.end()
            if any(self.starts[s] >= at and self.starts[s] - at < 20 for s, _e, _r in self.regions_at):
                return "retreat"   # "can I retreat to Erebor"
        if kind in ("army-move", "battle") and not self.units and self.chars:
            return "character-move"
        movers = self.mover_units()
        if kind == "army-move" and (CHARACTER_DIE.search(self.text) or movers and all(
                u.unit == "nazgul" for u in movers)):
            return "character-move"   # "el Witch-king y 2 nazgul ... con un dado de personaje"
        if kind == "battle-outcome" and SIEGE_VERB.search(self.text) and MOVE_ASKED.search(self.text) and not \
                dict(INTENTS)["battle-outcome"].search(SIEGE_VERB.sub(" ", self.text)):
            return "army-move"   # "la Sombra asedia Minas Tirith, ¿puedo mover mis 3 regulares a Lossarnach?"
        if kind in ("army-move", None) and COMBAT.search(self.text) and self.units and \
                not tables()["fellowship"].search(self.text):
            return "battle"   # "does the Witch-king get to reroll", "count as leaders", "combat die" (sets 48 to 51)
        if kind is None and TILE.search(self.text):
            return "hunt-damage"   # "the tile drawn is a 2": what that tile does
        if kind is None and (self.box or self.eyes or self.mordor):
            return "hunt-roll"   # the Hunt's numbers and no other question: the roll they make
        if kind is None:
            return "character-move" if self.chars and not self.units else "army-move" if self.units else None
        return kind


    def _brings(self) -> bool:
        """Whether a character is brought into play: one of ``BRINGABLE`` with a word of bringing
        ("can Aragorn come into play"), not taken out of the Fellowship ("sacar a Gandalf de la
        Comunidad") nor Saruman's Regulars made Elites; or Strider or Gandalf the Grey crowned or made
        what he becomes ("can I crown Strider", "lo convierto en Aragorn", "become the White"), not in
        the Fellowship (he separates first); "does Gondor become active" brings no one."""
        if TAKEN_OUT.search(self.text):
            return False
        if not BRING.search(self.text):
            near = [self.token_at(m.start()) for m in BRING_NEAR.finditer(self.text)]
            return any(c in BRINGABLE and not (c == "saruman" and INTO_ELITES.search(self.text)) and any(
                s - NEAR_WORDS - 1 <= w <= e + NEAR_WORDS for w in near) for s, e, c in self.chars_at)
        if any(c in BRINGABLE and not (c == "saruman" and INTO_ELITES.search(self.text)) for c in self.chars):
            return True
        return BECOMING.search(self.text) is not None and any(
            c in BECOMES and c not in self.in_fellowship for c in self.chars)

    def _politics_only_stated(self) -> bool:
        """Whether every word of politics is a nation's state said in a condition ("si Lórien ya
        está activa", "if Gondor is at war"), while an army is asked to move or attack."""
        words = dict(INTENTS)["politics"]
        stated = [m.span() for m in STATED_POLITICS.finditer(self.text)]
        asked = [m for m in words.finditer(self.text) if not any(a <= m.start() < b for a, b in stated)]
        return bool(stated) and not asked and bool(ARMY_ASKED.search(self.text))

    def described(self) -> bool:
        """A position, not a name dropped in passing: counted units, a move from one region to
        another, or the Hunt's numbers ("Balrog of Moria" names a region and asks nothing of it)."""
        return bool(self.units) or len(set(self.regions)) >= 2 or bool(
            self.eyes or self.corruption or self.box or self.mordor)
