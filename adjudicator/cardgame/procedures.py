"""War of the Ring: The Card Game (official rules, Game Procedures): running out of cards.

Kind: ``out-of-cards``: what happens to a player whose draw deck (and cycle pile) ran out
when they must draw or forsake. No rule makes a player lose for an empty deck: the cycle
pile is recycled into a new draw deck the moment the deck is depleted, a player with no cards
left plays on with what they hold, and one with no cards at all suffers nothing when a
card cannot be eliminated.
"""
from __future__ import annotations

from typing import Any

from adjudicator.cardgame.common import GAME, PLAYER_PARAM, read_player
from adjudicator.cardgame.model import MAX_HAND, Position, read_hand
from adjudicator.registry import question
from adjudicator.spec import Key, KindSpec, Param, T

MUST = ("draw", "forsake", "eliminate")
MUST_LABELS = {"draw": T("Draw cards", "Robar cartas"), "forsake": T("Forsake a card", "Renunciar a una carta"),
               "eliminate": T("Eliminate a card", "Eliminar una carta")}
COUNT = T("Cards", "Cartas")

OUT_OF_CARDS = KindSpec(
    GAME, "out-of-cards", T("What happens when my deck runs out?", "¿Qué pasa cuando se agota mi mazo?"),
    "cardgame/procedures",
    params=(
        PLAYER_PARAM,
        Param("draw_deck", "int", T("Cards in the draw deck", "Cartas en el mazo de robo"), lo=0, hi=MAX_HAND),
        Param("cycle_pile", "int", T("Cards in the cycle pile", "Cartas en la pila de ciclado"), lo=0, hi=MAX_HAND),
        Param("hand", "hand", T("Cards in hand", "Cartas en la mano"), reader="read_hand"),
        Param("reserve", "int", T("Cards in the reserve", "Cartas en la reserva"), lo=0, hi=MAX_HAND),
        Param("must", "choice", T("What the player must do", "Qué debe hacer el jugador"), choices=MUST,
              choice_labels=MUST_LABELS, aliases={"robar": "draw", "renunciar": "forsake", "eliminar": "eliminate",
                                                  "forfeit": "forsake"}),
        Param("count", "int", T("How many cards", "Cuántas cartas"), default=1, lo=1, hi=MAX_HAND,
              help=T("Empty: one.", "Vacío: una.")),
    ),
    verdict=(
        Key("loses", "bool", T("The player loses for it", "El jugador pierde por ello")),
        Key("penalty", "bool", T("A penalty for the cards missing", "Penalización por las cartas que faltan"),
            always=False, when_param="must"),
        Key("recycle", "bool", T("The cycle pile becomes the draw deck", "La pila de ciclado pasa a ser el mazo"),
            always=False, when=T("when drawing", "al robar")),
        Key("drawn", "count", T("Cards drawn", "Cartas robadas"), always=False, when=T("when drawing", "al robar")),
        Key("forsake_from", "texts", T("Where the forsaken card may come from", "De dónde puede salir la carta"),
            always=False, when=T("when forsaking", "al renunciar"),
            choice_labels={"hand": T("your hand", "tu mano"), "reserve": T("your reserve", "tu reserva"),
                           "draw-deck": T("the top of your draw deck", "la carta superior de tu mazo")}),
    ),
    position=("players",),
    rules=("wotrcg-running-out", "wotrcg-recycling", "wotrcg-procedure-draw", "wotrcg-procedure-forsake",
           "wotrcg-procedure-eliminate"),
)


@question(OUT_OF_CARDS)
def out_of_cards(position: Position, q, r):
    """An empty deck never loses the game (official rules, Running Out of Cards); drawing
    recycles the cycle pile as soon as the deck is depleted (Recycling the Cycle Pile); a
    forsaken card comes from the hand, the reserve or the top of the draw deck (Forsake)."""
    player = read_player(position, q)
    deck = q.param("draw_deck")
    pile = q.param("cycle_pile")
    hand_raw = q.get("hand")
    hand = read_hand(hand_raw, q.at("hand"), q.problems)[0] if hand_raw is not None else None
    reserve = q.param("reserve")
    must = q.param("must")
    given_count = q.has("count")
    count = q.param("count") or 1
    q.ready()
    if must is not None and not given_count:
        r.default("question.count", "cardgame.default_one_card", "wotrcg-running-out")
    if hand is None and player is not None:
        hand = player.hand
    if reserve is None and player is not None and player.reserve.cards:
        reserve = len(player.reserve.cards)
    r.step("cardgame.out_no_loss", "wotrcg-running-out")
    verdict: dict[str, Any] = {"loses": False}
    if must is None:
        r.unused(("draw_deck", "cycle_pile", "hand", "reserve"), "cardgame.unused_out_counts_no_loss",
                 "wotrcg-running-out")
        return r.decide("cardgame.answer_out_no_loss", {}, **verdict)
    if must == "draw":
        if deck is None:
            return r.needs_info(["question.draw_deck"])
        if count > deck and pile is None:
            return r.needs_info(["question.cycle_pile"])
        pile = pile or 0
        recycle = count >= deck and pile > 0
        drawn = min(count, deck + pile) if recycle else min(count, deck)
        if recycle:
            r.step("cardgame.out_recycle", "wotrcg-recycling", deck=deck, pile=pile)
        if drawn < count:
            r.step("cardgame.out_draw_short", "wotrcg-running-out", drawn=drawn, count=count)
        else:
            r.step("cardgame.out_draw_all", "wotrcg-procedure-draw", drawn=drawn)
        return r.decide("cardgame.answer_out_draw", {"drawn": drawn, "count": count}, **verdict, penalty=False,
                        recycle=recycle, drawn=drawn)
    if must == "forsake":
        r.step("cardgame.out_forsake_where", "wotrcg-procedure-forsake")
        missing = [p for p, v in (("question.hand", hand), ("question.reserve", reserve),
                                  ("question.draw_deck", deck)) if v is None]
        if missing:
            return r.needs_info(missing)
        options = [name for name, n in (("hand", hand), ("reserve", reserve), ("draw-deck", deck)) if n]
        if options:
            r.unused(("hand", "reserve", "draw_deck", "cycle_pile"), "cardgame.unused_out_forsake_counts",
                     "wotrcg-procedure-forsake")
            return r.decide("cardgame.answer_out_forsake", {"n": len(options)}, **verdict, penalty=False,
                            forsake_from=options)
        if pile:
            # the deck is empty while cards wait in the cycle pile: our sources do not say whether
            # forsaking the top card recycles the pile first
            r.step("cardgame.out_forsake_pile", "wotrcg-recycling", pile=pile)
            return r.not_covered("cardgame.answer_out_forsake_pile")
        if pile is None:
            return r.needs_info(["question.cycle_pile"])
        r.step("cardgame.out_nothing_left", "wotrcg-running-out")
        return r.decide("cardgame.answer_out_nothing", {}, **verdict, penalty=False, forsake_from=[])
    # eliminate: which card goes is the text that asks for it; only a player with no card at all is ruled here
    missing = [p for p, v in (("question.draw_deck", deck), ("question.cycle_pile", pile), ("question.hand", hand))
               if v is None]
    if missing:
        return r.needs_info(missing)
    if deck or pile or hand:
        r.step("cardgame.out_eliminate_text", "wotrcg-procedure-eliminate")
        return r.not_covered("cardgame.answer_out_eliminate_text")
    r.step("cardgame.out_nothing_left", "wotrcg-running-out")
    return r.decide("cardgame.answer_out_nothing", {}, **verdict, penalty=False)
