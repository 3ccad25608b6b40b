"""War of the Ring: The Card Game (official rules, Action Step): the reserve area and the
carryover limit, what a player keeps into the next round.

Kind: ``carryover``: how many cards of the hand may stay at the end of the Action step (the
carryover limit, 2 unless a card changes it), that the reserve stays in play, and, for one
reserve card, whether it may go back to the hand (no action does that) or be moved to an
active path or battleground (a move action, never in the round it was played to the reserve).
"""
from __future__ import annotations

from typing import Any

from adjudicator.cardgame.common import GAME, PLAYER_PARAM, read_player
from adjudicator.cardgame.model import DEFAULT_STACK_LIMIT, MAX_HAND, Position, read_hand
from adjudicator.registry import question
from adjudicator.spec import Key, KindSpec, Param, T, allowed_key

LIMIT = T("Carryover limit", "Límite de cartas acumulables")
TO = ("hand", "path", "battleground")
TO_LABELS = {"hand": T("Back to the hand", "De vuelta a la mano"), "path": T("To the active path", "Al camino activo"),
             "battleground": T("To an active battleground", "A un campo de batalla activo")}

CARRYOVER = KindSpec(
    GAME, "carryover", T("What may I keep into the next round?", "¿Qué puedo conservar para la siguiente ronda?"),
    "cardgame/reserve",
    help=T("The hand and the carryover limit; for a reserve card, where it would go.",
           "La mano y el límite de cartas acumulables; para una carta de la reserva, adónde iría."),
    params=(
        PLAYER_PARAM,
        Param("hand", "hand", T("Cards in hand", "Cartas en la mano"), reader="read_hand",
              help=T("Empty: the player's hand below.", "Vacío: la mano del jugador, abajo.")),
        Param("carryover_limit", "int", LIMIT, lo=0, hi=MAX_HAND,
              help=T("Empty: the player's, or 2.", "Vacío: el del jugador, o 2.")),
        Param("stack_limit", "int", LIMIT, lo=0, hi=MAX_HAND, form=False,
              help=T("Another name for carryover_limit.", "Otro nombre de carryover_limit.")),
        Param("card", "text", T("A card in the reserve (optional)", "Una carta de la reserva (opcional)")),
        Param("to", "choice", T("Where that card would go", "Adónde iría esa carta"), choices=TO,
              choice_labels=TO_LABELS, aliases={"mano": "hand", "camino": "path", "campo-de-batalla": "battleground"}),
        Param("played_this_round", "bool", T("Was that card played to the reserve this round?",
                                              "¿Se jugó esa carta a la reserva en esta ronda?")),
    ),
    verdict=(
        Key("carryover_limit", "count", LIMIT),
        Key("keep_in_hand", "count", T("Cards the hand may keep", "Cartas que puede conservar la mano"),
            always=False, when=T("when the hand is known", "si se conoce la mano")),
        Key("excess", "count", T("Cards over the limit", "Cartas por encima del límite"), always=False,
            when=T("when the hand is known", "si se conoce la mano")),
        Key("reserve_stays", "bool", T("The reserve stays in play", "La reserva sigue en juego")),
        allowed_key(always=False, when_param="to"),
    ),
    position=("players",),
    rules=("wotrcg-stack-limit", "wotrcg-action-step-end", "wotrcg-actions", "wotrcg-reserve", "wotrcg-reserve-keep",
           "wotrcg-reserve-no-return", "wotrcg-move-action"),
)


@question(CARRYOVER)
def carryover(position: Position, q, r):
    """At the end of the Action step a hand holds at most the carryover limit; cards in the
    reserve are in play and stay; a reserve card leaves only by a move action (never the round
    it was played there) or by a card's text, never back to the hand."""
    player = read_player(position, q)
    hand_raw = q.get("hand")
    hand = read_hand(hand_raw, q.at("hand"), q.problems)[0] if hand_raw is not None else None
    limit = q.param("carryover_limit")
    alias = q.param("stack_limit")
    if limit is not None and alias is not None and limit != alias:
        q.error("stack_limit", "cardgame.err_same_as", key="stack_limit", other="carryover_limit")
    card = q.param("card")
    to = q.param("to")
    this_round = q.param("played_this_round")
    q.ready()
    limit = limit if limit is not None else alias
    if limit is None:
        limit = player.stack_limit if player is not None else DEFAULT_STACK_LIMIT
        if player is None:
            r.default("question.carryover_limit", "cardgame.default_carryover_limit", "wotrcg-stack-limit")
    if hand is None and player is not None:
        hand = player.hand
    verdict: dict[str, Any] = {"carryover_limit": limit, "reserve_stays": True}
    r.step("cardgame.co_limit", "wotrcg-stack-limit", limit=limit)
    if hand is not None:
        keep, excess = min(hand, limit), max(hand - limit, 0)
        key = "cardgame.co_over" if excess else "cardgame.co_within"
        r.step(key, "wotrcg-action-step-end", hand=hand, limit=limit, excess=excess)
        verdict.update(keep_in_hand=keep, excess=excess)
    r.step("cardgame.co_reserve_stays", "wotrcg-reserve-keep")
    if to is None:
        if hand is None and card is None:
            return r.needs_info(["question.hand"])
        if card is not None:
            return r.needs_info(["question.to"])
        key = "cardgame.answer_co_over" if verdict["excess"] else "cardgame.answer_co_within"
        return r.decide(key, {"keep": verdict["keep_in_hand"], "excess": verdict["excess"], "limit": limit},
                        **verdict)
    name = card or r.t("cardgame.the_card")
    if player is not None and card is not None and player.reserve.cards and player.reserve.find(card) is None:
        r.step("cardgame.co_not_in_reserve", "wotrcg-reserve", card=card, player=player.name)
    r.step("cardgame.co_reserve_in_play", "wotrcg-reserve", card=name)
    if to == "hand":
        r.step("cardgame.co_actions", "wotrcg-actions")
        r.step("cardgame.co_no_return", "wotrcg-reserve-no-return", decides=True, card=name)
        return r.decide("cardgame.answer_co_no_return", {"card": name}, **verdict, allowed=False)
    if player is not None and card is not None:
        found = player.reserve.find(card)
        if found is not None and found.kind == "item":
            r.step("cardgame.co_item_moves_with_bearer", "wotrcg-move-action", card=found.name,
                   bearer=found.bearer or "-")
            return r.decide("cardgame.answer_co_item", {"card": found.name}, **verdict, allowed=False)
    if this_round is None:
        return r.needs_info(["question.played_this_round"])
    if this_round:
        r.step("cardgame.co_not_this_round", "wotrcg-move-action", decides=True, card=name)
        return r.decide("cardgame.answer_co_not_this_round", {"card": name}, **verdict, allowed=False)
    r.step("cardgame.co_move_ok", "wotrcg-move-action", decides=True, card=name,
           where=r.t(f"cardgame.to_{to}"))
    return r.decide("cardgame.answer_co_move", {"card": name, "where": r.t(f"cardgame.to_{to}")}, **verdict,
                    allowed=True)
