"""War of the Ring: drawing Event cards, ``draw-cards`` (seed 000 'Acción de Evento' and
'Resumen de turno', phase 1; the official 2nd-edition FAQ: every draw, in a phase or by an
action, is subject to the hand limit).

A player holds at most six Event cards: a draw that takes the hand above six is made, and the
cards over the limit are discarded at once, face down, chosen by their owner (the cards just
drawn among them). A deck that runs out is not reshuffled: nothing more is drawn from it.
"""
from __future__ import annotations

from adjudicator.registry import question
from adjudicator.spec import Key, KindSpec, Param, T

GAME = "war-of-the-ring"
HAND_LIMIT = 6

DRAW_CARDS = KindSpec(
    GAME, "draw-cards", T("What happens when I draw Event cards?", "¿Qué pasa cuando robo cartas de Evento?"),
    "board/actions",
    help=T("The hand limit is six Event cards: a draw over it is made, then the excess is discarded at once.",
           "Se tienen como mucho seis cartas de Evento en la mano: se roba igualmente y el exceso se descarta en el "
           "acto."),
    params=(
        Param("hand", "int", T("Cards in hand before drawing", "Cartas en la mano antes de robar"), lo=0,
              hi=HAND_LIMIT),
        Param("draw", "int", T("Cards drawn", "Cartas robadas"), lo=1, hi=4, default=1),
        Param("deck_left", "int", T("Cards left in the deck drawn from (optional)",
                                    "Cartas que quedan en el mazo del que se roba (opcional)"), lo=0, hi=24,
              default_text=T("enough for the whole draw", "suficientes para todo el robo")),
    ),
    verdict=(
        Key("drawn", "count", T("Cards drawn", "Cartas robadas")),
        Key("discard", "count", T("Cards to discard", "Cartas que descartar")),
        Key("hand", "count", T("Cards in hand after", "Cartas en la mano después")),
    ),
    rules=("wotr-hand-limit", "wotr-turn-phase-recover", "wotr-dice-event"),
)


@question(DRAW_CARDS)
def draw_cards(position, q, r):
    """A draw of ``draw`` cards onto a hand of ``hand``: what is drawn (no more than the deck
    holds), and how many cards are discarded at once to come back to six."""
    hand, draw, left = q.param("hand"), q.param("draw"), q.param("deck_left")
    q.ready()
    if hand is None:
        r.step("draws.needs_hand_step", "wotr-hand-limit")
        return r.needs_info(["question.hand"], "draws.needs_hand")
    if left is None:
        r.default("question.deck_left", "draws.default_deck", "wotr-hand-limit", n=draw)
        drawn = draw
    elif left == 0:
        drawn = 0
        r.step("draws.deck_empty", "wotr-hand-limit", decides=True)
        r.explains("draw")   # nothing is drawn, however many the draw was for
    else:
        drawn = min(draw, left)
        if drawn < draw:
            r.step("draws.deck_short", "wotr-hand-limit", left=left, n=draw, decides=True)
        else:
            r.unused("deck_left", "draws.unused_deck_enough", "wotr-hand-limit", left=left, n=draw)
    if "draw" not in q.raw:
        r.default("question.draw", "draws.default_draw", "wotr-dice-event")
    total = hand + drawn
    discard = max(0, total - HAND_LIMIT)
    if discard:
        r.step("draws.over_limit", "wotr-hand-limit", total=total, limit=HAND_LIMIT, n=discard, decides=True)
    elif drawn:
        r.step("draws.within_limit", "wotr-hand-limit", total=total, limit=HAND_LIMIT, decides=True)
    r.step("draws.any_draw", "wotr-hand-limit")
    key = "draws.answer_discard" if discard else ("draws.answer_keep" if drawn else "draws.answer_none")
    return r.decide(key, {"drawn": drawn, "n": discard, "hand": total - discard},
                    drawn=drawn, discard=discard, hand=total - discard)
