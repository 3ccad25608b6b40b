"""War of the Ring: The Card Game (seed 001 p. 10): passing and playing a card.

Kinds: ``pass``, ``play-card``.
"""
from __future__ import annotations

from typing import Any

from adjudicator.cardgame.common import GAME, H_LIST, PLAYER_PARAM, read_counts, read_player
from adjudicator.cardgame.model import MAX_HAND, Position, key_of, read_hand
from adjudicator.registry import question
from adjudicator.spec import Key, KindSpec, Param, T, allowed_key

HAND = T("Cards in hand", "Cartas en la mano")

PASS = KindSpec(
    GAME, "pass", T("May I pass?", "¿Puedo pasar?"), "cardgame/actions",
    help=T("A player may pass with no more cards in hand than their carryover limit, or fewer than every enemy.",
           "Un jugador puede pasar si no tiene en la mano más cartas que su límite de cartas acumulables, o si tiene "
           "menos que cada enemigo."),
    params=(
        PLAYER_PARAM,
        Param("hand", "hand", HAND, help=T("Empty: the player's hand below.", "Vacío: la mano del jugador, abajo."),
              reader="read_hand"),
        Param("stack_limit", "int", T("Carryover limit", "Límite de cartas acumulables"),
              help=T("Empty: the player's, or 2.", "Vacío: el del jugador, o 2."), lo=0, hi=MAX_HAND),
        Param("carryover_limit", "int", T("Carryover limit", "Límite de cartas acumulables"), lo=0, hi=MAX_HAND,
              form=False, help=T("Another name for stack_limit (the official rules' word).",
                                 "Otro nombre de stack_limit (la palabra de las reglas oficiales).")),
        Param("enemy_hands", "ints", T("Cards in the enemies' hands", "Cartas en las manos de los enemigos"),
              help=H_LIST, lo=0, hi=MAX_HAND, reader="read_counts"),
        Param("action_step_ended", "bool", T("Whether the Action step is over", "Si el paso de Acción ha terminado"),
              default=False),
    ),
    verdict=(
        allowed_key(contract=True),
        Key("reason", "choice", T("Why", "Por qué"), choices=("stack-limit", "smaller-hand", "action-step-ended"),
            choice_labels={"stack-limit": T("The hand is within the carryover limit",
                                            "La mano no supera el límite de cartas acumulables"),
                           "smaller-hand": T("Fewer cards than each enemy", "Menos cartas que cada enemigo"),
                           "action-step-ended": T("The Action step is over", "El paso de Acción ha terminado")},
            nullable=True, null_means=T("passing is refused", "no se puede pasar")),
        Key("hand", "count", HAND, always=False, when=T("when the hand is known", "si se conoce la mano")),
        Key("stack_limit", "count", T("Carryover limit", "Límite de cartas acumulables"), always=False,
            when=T("when the hand is known", "si se conoce la mano")),
    ),
    position=("players",),
    rules=("wotrcg-pass", "wotrcg-pass-condition", "wotrcg-stack-limit"),
)

PLAY_CARD = KindSpec(
    GAME, "play-card", T("What happens after I play a card?", "¿Qué ocurre después de jugar una carta?"),
    "cardgame/actions",
    params=(
        PLAYER_PARAM,
        Param("hand", "hand", HAND, help=T("A number, or the cards' names separated by commas.",
                                           "Un número, o los nombres de las cartas separados por comas."),
              reader="read_hand"),
        Param("card", "text", T("Card played", "Carta jugada")),
        Param("cycle", "text", T("Card to cycle (optional)", "Carta que se cicla (opcional)")),
    ),
    verdict=(
        allowed_key(),
        Key("then", "choice", T("Then", "Después"), choices=("cycle", "forfeit"), nullable=True,
            choice_labels={"cycle": T("Cycle a card", "Ciclar una carta"),
                           "forfeit": T("Forsake a card", "Renunciar a una carta")},
            null_means=T("no card to play", "ninguna carta que jugar"), contract=True),
        Key("cycle_options", "texts", T("Cards you may cycle", "Cartas que puedes ciclar"), always=False,
            when=T("when the hand's cards are named", "si se nombran las cartas de la mano")),
    ),
    position=("players",),
    rules=("wotrcg-play", "wotrcg-play-cycle", "wotrcg-play-forfeit"),
)


# -- passing (seed 001 p. 10) -----------------------------------------------------------------
@question(PASS)
def pass_turn(position: Position, q, r):
    """May a player pass in the Action step? Only with a hand no larger than their stack
    limit, or smaller than every enemy player's hand (seed 001 p. 10)."""
    player = read_player(position, q)
    hand_raw = q.get("hand")
    hand = read_hand(hand_raw, q.at("hand"), q.problems)[0] if hand_raw is not None else None
    limit = q.int("stack_limit", lo=0, hi=MAX_HAND)
    alias = q.int("carryover_limit", lo=0, hi=MAX_HAND)
    if limit is not None and alias is not None and limit != alias:
        q.error("carryover_limit", "cardgame.err_same_as", key="carryover_limit", other="stack_limit")
    limit = alias if limit is None else limit
    counts = read_counts(q, "enemy_hands", 0, MAX_HAND)
    given_step = q.has("action_step_ended")
    step_over = q.bool("action_step_ended", default=False)
    q.ready()
    # past q.ready() every count was read: one that was not is a problem it raised
    enemies = None if counts is None else [n for n in counts if n is not None]
    if not given_step:
        r.default("question.action_step_ended", "cardgame.default_step_going", "wotrcg-pass")

    if step_over:
        r.step("cardgame.pass_step_over", "wotrcg-pass")
        return r.decide("cardgame.answer_pass_step_over", {}, allowed=False, reason="action-step-ended")
    hand_path = "question.hand"
    if hand is None and player is not None:
        hand, hand_path = player.hand, f"{player.path}.hand"
    if limit is None:
        limit = player.stack_limit if player is not None else 2
    enemies_path = ["question.enemy_hands"]
    others = [p for p in position.players if player is not None and p.key != player.key]
    two_player_foe = (len(position.players) == 2 and len(others) == 1
                      and not (player.side and others[0].side == player.side))
    if enemies is None and player is not None and (player.side or two_player_foe):
        if two_player_foe and not (player.side and others[0].side):
            # Official rules: with two players each plays one side, so the other is the enemy
            # even when the scenario names no sides.
            r.step("cardgame.pass_two_players", "wotrcg-pass-condition", other=others[0].name)
            foes = others
        else:
            foes = [p for p in position.players if p.side and p.side != player.side]
        if foes and all(p.hand is not None for p in foes):
            enemies = [p.hand for p in foes if p.hand is not None]
        elif foes:
            enemies_path = [f"{p.path}.hand" for p in foes if p.hand is None]
    elif enemies is None and player is not None and others:
        # several players and no sides: who is an enemy is what the rules need
        enemies_path = [f"{p.path}.side" for p in [player, *others] if not p.side] or enemies_path
    r.step("cardgame.pass_may_pass_later", "wotrcg-pass")
    if hand is None:
        return r.needs_info([hand_path])
    r.step("cardgame.pass_stack_limit", "wotrcg-stack-limit", limit=limit)
    if hand <= limit:
        r.step("cardgame.pass_within_limit", "wotrcg-pass-condition", hand=hand, limit=limit)
        return r.decide("cardgame.answer_pass_yes_limit", {"hand": hand, "limit": limit},
                        allowed=True, reason="stack-limit", hand=hand, stack_limit=limit)
    r.step("cardgame.pass_over_limit", "wotrcg-pass-condition", hand=hand, limit=limit)
    if not enemies:
        return r.needs_info(enemies_path)
    smallest = min(enemies)
    if hand < smallest:
        r.step("cardgame.pass_smaller_than_enemies", "wotrcg-pass-condition", hand=hand,
               enemies=", ".join(map(str, enemies)))
        return r.decide("cardgame.answer_pass_yes_smaller", {"hand": hand, "smallest": smallest},
                        allowed=True, reason="smaller-hand", hand=hand, stack_limit=limit)
    key = "cardgame.pass_equal_enemy" if hand == smallest else "cardgame.pass_not_smaller"
    r.step(key, "wotrcg-pass-condition", hand=hand, smallest=smallest)
    return r.decide("cardgame.answer_pass_no", {"hand": hand, "limit": limit, "smallest": smallest},
                    allowed=False, reason=None, hand=hand, stack_limit=limit)


# -- playing a card (seed 001 p. 10) ----------------------------------------------------------
@question(PLAY_CARD)
def play_card(position: Position, q, r):
    """Playing a card costs another: cycle a different card from hand, or forsake one when the
    card played is the last one in hand (seed 001 p. 10)."""
    player = read_player(position, q)
    hand_raw = q.get("hand")
    hand, hand_cards = read_hand(hand_raw, q.at("hand"), q.problems) if hand_raw is not None else (None, None)
    card = q.str("card")
    cycle = q.str("cycle")
    q.ready()
    hand_path = "question.hand"
    if hand is None and player is not None:
        hand, hand_cards, hand_path = player.hand, player.hand_cards, f"{player.path}.hand"
    if hand is None:
        return r.needs_info([hand_path])
    options = None
    if card is not None and hand_cards is not None:
        keys = [key_of(c) for c in hand_cards]
        if key_of(card) not in keys:
            q.error("card", "cardgame.err_card_not_in_hand", card=card, hand=", ".join(hand_cards) or "-")
            q.problems.raise_if_any()
        rest = list(hand_cards)
        del rest[keys.index(key_of(card))]
        options = rest
    r.step("cardgame.play_costs_a_card", "wotrcg-play")
    if hand == 0:
        r.step("cardgame.play_empty_hand", "wotrcg-play", hand=hand)
        return r.decide("cardgame.answer_play_empty", {}, allowed=False, then=None)
    if hand == 1:
        r.step("cardgame.play_last_card", "wotrcg-play-forfeit")
        return r.decide("cardgame.answer_play_forfeit", {}, allowed=True, then="forfeit")
    r.step("cardgame.play_cycle_other", "wotrcg-play-cycle", others=hand - 1)
    verdict: dict[str, Any] = {"allowed": True, "then": "cycle"}
    if options is not None:
        verdict["cycle_options"] = options
        r.step("cardgame.play_cycle_options", "wotrcg-play-cycle", options=", ".join(options))
        if cycle is not None:
            # The card to cycle must be another card of the hand, not the one being played.
            if key_of(cycle) in {key_of(o) for o in options}:
                r.step("cardgame.play_cycle_ok", "wotrcg-play-cycle", card=cycle)
                return r.decide("cardgame.answer_play_cycle_card", {"card": cycle}, **verdict)
            if key_of(cycle) == key_of(card):
                r.step("cardgame.play_cycle_same", "wotrcg-play-cycle", card=cycle)
                return r.decide("cardgame.answer_play_cycle_same", {"card": cycle}, allowed=False, then="cycle",
                                cycle_options=options)
            q.error("cycle", "cardgame.err_card_not_in_hand", card=cycle, hand=", ".join(hand_cards or ()))
            q.problems.raise_if_any()
    return r.decide("cardgame.answer_play_cycle", {}, **verdict)
