"""War of the Ring: The Card Game (seed 001): passing, playing cards, path combat,
leadership, activating paths and battlegrounds, items.

Decisions where the seed leaves a choice to the players or says nothing:

- Path combat: each Free Peoples card says how many skulls it cancels when eliminated
  (`cancels`); the order of elimination is the Free Peoples player's choice, so the
  scenario may give it (`eliminate`, checked card by card), and without it the ruling
  gives the fewest cards the rules force and the most a bad order would cost.
- Leadership: the count is the best assignment of armies to characters of their faction.
- Reactivation: "the opponent's scoring area" is read from the activating player's side;
  a teammate's scoring area (same side) keeps the shields.
- Items: the seed moves items with their bearer out of the reserve; other moves are
  answered not-covered. Playing an item on a bearer not in play is refused unless the
  scenario says the item's own text allows it (`text_allows: true`).

Kinds: ``pass``, ``play-card``, ``path-combat``, ``leadership``, ``activate``, ``item-move``.
Each handler reads every parameter first (problems collect), then rules. Where the seed is
silent the handler says so (needs-info or not-covered) instead of guessing.
"""
from __future__ import annotations

import difflib
from dataclasses import replace
from typing import Any

from adjudicator.cardgame.model import (MAX_HAND, MAX_ICONS, Area, Card, Position, key_of, read_area,
                                        read_card, read_defence, read_hand, read_side)
from adjudicator.params import check_int
from adjudicator.registry import question

GAME = "wotr-card-game"
SIDE_KEBAB = {"free_peoples": "free-peoples", "shadow": "shadow"}


# -- shared helpers ---------------------------------------------------------------------------
def _player(position: Position, q, key: str = "player"):
    """The player the question names (None if not given); an unknown name is a problem."""
    name = q.str(key)
    if name is None:
        return None
    p = position.player(name)
    if p is None:
        known = [pl.name for pl in position.players]
        close = difflib.get_close_matches(name, known, n=1)
        if close:
            q.error(key, "cardgame.err_unknown_player_suggest", player=name, suggestion=close[0])
        elif known:
            q.error(key, "cardgame.err_unknown_player", player=name, players=", ".join(known))
        else:
            q.error(key, "cardgame.err_no_players", player=name)
    return p


def _int_list(q, key: str, lo: int, hi: int) -> list[int] | None:
    """Counts as a list, one number, or a mapping name -> count ({Sauron: 4, Saruman: 5});
    a hand written as the list of its cards counts its cards."""
    if isinstance(q.get(key), dict):
        items = [(q.at(key) + [k], v) for k, v in q.get(key).items()]
    else:
        raw = q.list(key)
        if raw is None:
            return None
        items = [(q.at(key) + [i], v) for i, v in enumerate(raw)]
    out = []
    for path, v in items:
        if isinstance(v, list):
            out.append(read_hand(v, path, q.problems)[0])
        else:
            out.append(check_int(v, path, q.problems, lo=lo, hi=hi))
    return out


def _names(cards) -> str:
    return ", ".join(c.name if isinstance(c, Card) else str(c) for c in cards)


# -- passing (seed 001 p. 10) -----------------------------------------------------------------
@question(GAME, "pass")
def pass_turn(position: Position, q, r):
    """May a player pass in the Action step? Only with a hand no larger than their stack
    limit, or smaller than every enemy player's hand (seed 001 p. 10)."""
    player = _player(position, q)
    hand_raw = q.get("hand")
    hand = read_hand(hand_raw, q.at("hand"), q.problems)[0] if hand_raw is not None else None
    limit = q.int("stack_limit", lo=0, hi=MAX_HAND)
    enemies = _int_list(q, "enemy_hands", 0, MAX_HAND)
    step_over = q.bool("action_step_ended", default=False)
    q.ready()

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
            enemies = [p.hand for p in foes]
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
@question(GAME, "play-card")
def play_card(position: Position, q, r):
    """Playing a card costs another: cycle a different card from hand, or forfeit when the
    card played is the last one in hand (seed 001 p. 10)."""
    player = _player(position, q)
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
            q.error("cycle", "cardgame.err_card_not_in_hand", card=cycle, hand=", ".join(hand_cards))
            q.problems.raise_if_any()
    return r.decide("cardgame.answer_play_cycle", {}, **verdict)


# -- path combat (seed 001 pp. 14-15) ---------------------------------------------------------
def _side_cards(f, keys: tuple[str, str]) -> tuple[str, list[Card] | None]:
    """The cards of one side, under either of two names (`attackers`/`shadow`,
    `defenders`/`free_peoples`); both at once is a problem. Each may be a list of cards
    (a card with a `bearer` is an item) or an area as in the position (`characters`,
    `armies`, `items`, `cards`). Returns the name used and the cards."""
    given = [k for k in keys if f.has(k)]
    if len(given) > 1:
        f.get(given[1])
        f.error(given[1], "cardgame.err_same_as", key=given[1], other=given[0])
    if not given:
        return keys[0], None
    key = given[0]
    raw = f.get(key)
    if raw is None:
        return key, None
    if isinstance(raw, dict):
        return key, list(read_area(raw, f.at(key), f.problems).cards)
    values = raw if isinstance(raw, list) else [raw]
    if isinstance(raw, (int, bool)) or not isinstance(raw, (list, str)):
        f.error(key, "cardgame.err_cards_not_count", key=key)
        return key, None
    out = []
    for i, v in enumerate(values):
        c = read_card(v, "card", f.at(key) + [i], f.problems)
        if c:
            out.append(c)
    return key, out


def _with_items(q, cards: list[Card], key: str) -> tuple[list[Card], Area]:
    """Free Peoples cards with their items folded in: an item's defence icons count with its
    bearer's and it cannot be eliminated on its own (official rules, Path Combat). Returns
    the cards that can be eliminated, and the whole area (for the items' fate)."""
    bearers = [c for c in cards if c.kind != "item"]
    by_key = {c.key: c for c in bearers}
    extra: dict[str, int] = {}
    for c in cards:
        if c.kind != "item":
            continue
        if not c.bearer or key_of(c.bearer) not in by_key:
            q.problems.add(c.path + ".bearer", "cardgame.err_item_bearer_absent", item=c.name,
                           bearer=c.bearer or "-")
            continue
        extra[key_of(c.bearer)] = extra.get(key_of(c.bearer), 0) + (c.cancels or 0)
    out = [replace(c, cancels=c.cancels + extra[c.key]) if c.cancels is not None and extra.get(c.key)
           else c for c in bearers]
    return out, Area(tuple(cards))


@question(GAME, "path-combat")
def path_combat(position: Position, q, r):
    """Path combat: skulls, minus the path's own defence icons, then the Free Peoples must
    eliminate cards from the path until no skull remains or no card remains.

    Each Free Peoples card cancels `cancels` skulls when eliminated (its defence icons, with
    those of the items it carries). Which cards go is the Free Peoples player's choice: give it
    as `eliminate` (in order) and the engine checks it; without it the answer is the fewest
    cards the rules force (`cards_eliminated`) and the most a bad order would cost
    (`cards_eliminated_max`). The path may be a name, or a mapping holding its defence and
    its cards (`shadow`/`attackers`, `free_peoples`/`defenders`), like the position's path.
    """
    path_raw = q.get("path")
    path_name, defence = None, q.int("defence", lo=0, hi=MAX_ICONS)
    defence_path = "question.defence"
    attackers_key, attackers = "attackers", None
    defenders_key, defenders = "defenders", None
    if isinstance(path_raw, dict):
        from adjudicator.params import Fields
        pf = Fields(path_raw, q.at("path"), q.problems)
        path_name = pf.str("name")
        d = read_defence(pf)
        attackers_key, attackers = _side_cards(pf, ("attackers", "shadow"))
        defenders_key, defenders = _side_cards(pf, ("defenders", "free_peoples"))
        attackers_key, defenders_key = f"path.{attackers_key}", f"path.{defenders_key}"
        pf.finish()
        if defence is None:
            defence = d
            defence_path = "question.path.defence"
    elif path_raw is not None:
        path_name = q.str("path")
    if attackers is None or q.has("attackers") or q.has("shadow"):
        attackers_key, attackers = _side_cards(q, ("attackers", "shadow"))
    if defenders is None or q.has("defenders") or q.has("free_peoples"):
        defenders_key, defenders = _side_cards(q, ("defenders", "free_peoples"))
    skulls_given = q.int("skulls", lo=0, hi=MAX_ICONS * 10)
    order_raw = q.list("eliminate")
    items = None   # the path's Free Peoples area, for the fate of the items on it
    if defenders:
        defenders, items = _with_items(q, defenders, defenders_key)
    q.ready()

    _no_duplicates(q, defenders_key, defenders)
    _no_duplicates(q, attackers_key, attackers)
    q.problems.raise_if_any()
    active = position.active_path
    use_active = active is not None and (path_name is None or key_of(path_name) == key_of(active.name))
    if use_active:
        path_name = active.name
        if defence is None and active.defence is not None:
            defence, defence_path = active.defence, f"{active.path}.defence"
        elif defence is None:
            defence_path = f"{active.path}.defence"
        if attackers is None and skulls_given is None:
            attackers = list(active.shadow.cards)
        if defenders is None:
            defenders, items = _with_items(q, list(active.free_peoples.cards), defenders_key)
            q.problems.raise_if_any()
    if attackers is None and skulls_given is None:
        return r.needs_info([f"question.{attackers_key}"])
    defenders = defenders or []
    if skulls_given is None:
        # An attacker's skulls are the fact the combat turns on: never read as none. An item
        # without skulls adds none to its bearer's.
        unknown = [f"{c.path}.skulls" for c in attackers if c.kind != "item" and not c.skulls_given]
        if unknown:
            return r.needs_info(unknown)

    skulls = skulls_given if skulls_given is not None else sum(c.skulls for c in attackers)
    r.step("cardgame.combat_what", "wotrcg-path-combat", path=path_name or r.t("cardgame.the_path"))
    if attackers and skulls_given is None:
        r.step("cardgame.combat_skulls_list", "wotrcg-path-combat-skulls", skulls=skulls,
               cards=", ".join(f"{c.name} ({c.skulls})" for c in attackers))
    else:
        r.step("cardgame.combat_skulls", "wotrcg-path-combat-skulls", skulls=skulls)
    if skulls > 0 and defence is None:
        return r.needs_info([defence_path])
    defence = defence or 0
    by_path = min(defence, skulls)
    remaining = skulls - by_path
    r.step("cardgame.combat_path_defence", "wotrcg-path-combat-path-defence", path=path_name or r.t("cardgame.the_path"),
           defence=defence, cancelled=by_path, remaining=remaining)
    attackers_n = len([c for c in attackers if c.kind != "item"]) \
        if attackers is not None and skulls_given is None else None
    verdict: dict[str, Any] = {"skulls": skulls, "cancelled_by_path": by_path}
    for c in defenders if items is not None else []:
        carried = [i for i in items.items_of(c) if i.cancels]
        if carried and c.cancels is not None:
            r.step("cardgame.combat_item_icons", "wotrcg-path-combat-eliminate", card=c.name,
                   items=_names(carried), total=c.cancels)

    order: list[Card] | None = None
    if order_raw is not None:
        by_key = {c.key: c for c in defenders}
        order, seen = [], set()
        for i, name in enumerate(order_raw):
            path = q.at("eliminate") + [i]
            if not isinstance(name, str):
                q.problems.add(path, "core.err_type_text")
            elif key_of(name) not in by_key:
                q.problems.add(path, "cardgame.err_not_a_defender", card=name, cards=_names(defenders) or "-")
            elif key_of(name) in seen:
                q.problems.add(path, "cardgame.err_eliminated_twice", card=name)
            else:
                seen.add(key_of(name))
                order.append(by_key[key_of(name)])
        q.problems.raise_if_any()

    if remaining == 0:
        r.step("cardgame.combat_no_skulls_left", "wotrcg-path-combat-eliminate")
        if order:
            r.step("cardgame.combat_order_too_long", "wotrcg-path-combat-eliminate", cards=_names(order))
        _end_of_combat(r, len(defenders), attackers_n)
        _items_follow(r, verdict, items, [], defenders)
        return r.decide("cardgame.answer_combat_none", {"skulls": skulls}, **verdict, cards_eliminated=0,
                        skulls_left=0, eliminated=[], allowed=not order,
                        cards_cycled=len(defenders), attackers_eliminated=attackers_n)
    if not defenders:
        r.step("cardgame.combat_no_cards", "wotrcg-path-combat-eliminate", remaining=remaining)
        _end_of_combat(r, 0, attackers_n)
        return r.decide("cardgame.answer_combat_left", {"left": remaining, "eliminated": 0},
                        **verdict, cards_eliminated=0, skulls_left=remaining, eliminated=[],
                        cards_cycled=0, attackers_eliminated=attackers_n)
    unknown = [f"{c.path}.cancels" for c in defenders if c.cancels is None]
    if unknown:
        return r.needs_info(unknown)

    if order is not None:
        return _check_order(r, verdict, defenders, order, remaining, attackers_n, items)

    # No order given: the fewest cards the rules force, and the most a bad order costs.
    total = sum(c.cancels for c in defenders)
    if total < remaining:
        left = remaining - total
        r.step("cardgame.combat_all_cards_go", "wotrcg-path-combat-eliminate", n=len(defenders),
               total=total, left=left)
        _end_of_combat(r, 0, attackers_n)
        _items_follow(r, verdict, items, defenders, [])
        return r.decide("cardgame.answer_combat_left", {"left": left, "eliminated": len(defenders)},
                        **verdict, cards_eliminated=len(defenders), cards_eliminated_max=len(defenders),
                        skulls_left=left, eliminated=[c.name for c in defenders],
                        cards_cycled=0, attackers_eliminated=attackers_n)
    fewest = _fewest(defenders, remaining)
    most = _most(defenders, remaining)
    verdict.update(cards_eliminated=len(fewest), cards_eliminated_max=most, skulls_left=0,
                   order_chosen_by="free-peoples")
    if len(fewest) == most:
        r.step("cardgame.combat_fp_choose_same", "wotrcg-path-combat-eliminate", remaining=remaining,
               n=most)
        verdict["cards_cycled"] = len(defenders) - most
        _end_of_combat(r, len(defenders) - most, attackers_n)
        if most == len(defenders):   # every card goes: which ones is no longer a choice
            verdict["eliminated"] = [c.name for c in defenders]
            _items_follow(r, verdict, items, defenders, [])
        answer = "cardgame.answer_combat_fixed"
    else:
        r.step("cardgame.combat_fp_choose", "wotrcg-path-combat-eliminate", remaining=remaining,
               fewest=len(fewest), cards=_names(fewest), most=most)
        _end_of_combat(r, None, attackers_n)
        answer = "cardgame.answer_combat_choice"
    verdict["attackers_eliminated"] = attackers_n
    return r.decide(answer, {"fewest": len(fewest), "most": most}, **verdict)


def _fewest(cards: list[Card], skulls: int) -> list[Card]:
    """The fewest cards whose cancels reach `skulls`: the largest first (an exchange
    argument: any k cards reaching the total can be swapped for the k largest)."""
    out, left = [], skulls
    for c in sorted(cards, key=lambda c: -c.cancels):
        if left <= 0:
            break
        out.append(c)
        left -= c.cancels
    return out


def _most(cards: list[Card], skulls: int) -> int:
    """The most cards an order can cost: elimination stops at the first card that cancels
    the last skull, so take the smallest first until the next one finishes the skulls."""
    count, left = 0, skulls
    for c in sorted(cards, key=lambda c: c.cancels):
        count += 1
        left -= c.cancels
        if left <= 0:
            break
    return count


def _check_order(r, verdict, defenders, order, remaining, attackers_n, items=None):
    """The Free Peoples player's order: eliminate one by one while skulls remain."""
    left, gone = remaining, []
    for c in order:
        if left <= 0:
            r.step("cardgame.combat_order_too_long", "wotrcg-path-combat-eliminate",
                   cards=_names(order[len(gone):]))
            return r.decide("cardgame.answer_combat_order_too_long", {"n": len(gone)}, **verdict, allowed=False,
                            cards_eliminated=len(gone), skulls_left=0, eliminated=[x.name for x in gone])
        gone.append(c)
        left -= c.cancels
        r.step("cardgame.combat_eliminate_one", "wotrcg-path-combat-eliminate", card=c.name,
               cancels=c.cancels, left=max(left, 0))
    left = max(left, 0)
    rest = [c for c in defenders if all(c is not g for g in gone)]
    if left > 0 and rest:
        r.step("cardgame.combat_order_too_short", "wotrcg-path-combat-eliminate", left=left, cards=_names(rest))
        return r.decide("cardgame.answer_combat_order_too_short", {"left": left}, **verdict, allowed=False,
                        cards_eliminated=len(gone), skulls_left=left, eliminated=[x.name for x in gone])
    _end_of_combat(r, len(rest), attackers_n)
    _items_follow(r, verdict, items, gone, rest)
    key = "cardgame.answer_combat_left" if left else "cardgame.answer_combat_order"
    return r.decide(key, {"left": left, "eliminated": len(gone)}, **verdict, allowed=True,
                    cards_eliminated=len(gone), skulls_left=left, eliminated=[x.name for x in gone],
                    cards_cycled=len(rest), attackers_eliminated=attackers_n)


def _no_duplicates(q, key: str, cards: list[Card] | None) -> None:
    seen = set()
    for i, c in enumerate(cards or []):
        if c.key in seen:
            q.problems.add(q.at(key) + [i], "cardgame.err_duplicate_card", card=c.name)
        seen.add(c.key)


def _items_follow(r, verdict, area: Area | None, eliminated: list[Card], cycled: list[Card]) -> None:
    """Items on the path leave with their bearers: eliminated or cycled alongside them."""
    if area is None:
        return
    for fate, bearers in (("eliminated", eliminated), ("cycled", cycled)):
        names = []
        for bearer in bearers:
            for item in area.items_of(bearer):
                names.append(item.name)
                r.step(f"cardgame.item_{fate}", "wotrcg-items-leave", item=item.name, bearer=bearer.name)
        if names:
            verdict[f"items_{fate}"] = names


def _end_of_combat(r, cycled: int | None, attackers: int | None) -> None:
    """Seed 001 p. 15: Free Peoples cards left on the path are cycled, attackers eliminated."""
    if cycled is None:
        r.step("cardgame.combat_end_rest_cycled", "wotrcg-path-combat-end")
    else:
        r.step("cardgame.combat_end", "wotrcg-path-combat-end", cycled=cycled)


# -- leadership (seed 001 p. 16) --------------------------------------------------------------
@question(GAME, "leadership")
def leadership(position: Position, q, r):
    """Leadership icons on a battleground: a character's icons count only with an army of
    its faction there, and each army supports one character (seed 001 p. 16). The count
    is the best assignment of armies to characters (a maximum matching, per faction)."""
    bg_raw = q.get("battleground")
    side_raw = q.get("side")
    side = read_side(side_raw, q.at("side"), q.problems) if side_raw is not None else None
    inline = None
    if q.has("characters") or q.has("armies"):
        inline = read_area({k: q.get(k) for k in ("characters", "armies", "items", "cards") if q.has(k)},
                           q.path, q.problems)
    areas: dict[str, Area] = {}
    where = None
    if isinstance(bg_raw, dict):
        from adjudicator.params import Fields
        g = Fields(bg_raw, q.at("battleground"), q.problems)
        where = g.str("name")
        for s in ("free_peoples", "shadow"):
            if g.has(s):
                areas[s] = read_area(g.get(s), g.at(s), q.problems)
        if g.has("characters") or g.has("armies"):
            areas["given"] = read_area({k: g.get(k) for k in ("characters", "armies", "items", "cards")
                                        if g.has(k)}, g.path, q.problems)
        g.finish()
    elif bg_raw is not None:
        where = q.str("battleground")
        bg = position.battleground(where) if where else None
        if where and bg is None:
            known = [b.name for b in position.battlegrounds.values()]
            q.error("battleground", "cardgame.err_unknown_battleground", card=where, known=", ".join(known) or "-")
        elif bg is not None:
            where = bg.name
            areas = {"free_peoples": bg.free_peoples, "shadow": bg.shadow}
    if inline is not None:
        areas["given"] = inline
    q.ready()
    if not areas:
        return r.needs_info(["question.battleground"])

    # Which side's icons: the side asked, or the only side with characters.
    if "given" in areas:
        area, side_label = areas["given"], side
    else:
        with_chars = [s for s, a in areas.items() if a.of_kind("character")]
        if side is None and len(with_chars) > 1:
            return r.needs_info(["question.side"])
        chosen = side or (with_chars[0] if with_chars else "free_peoples")
        area, side_label = areas.get(chosen, Area()), chosen

    armies = area.of_kind("army")
    army_factions = {a.faction_key for a in armies}
    # A character's leadership is needed unless it cannot count anyway (no army of its faction);
    # a missing count is never read as none.
    missing = [f"{c.path}.leadership" for c in area.of_kind("character") if not c.leadership_given
               and (c.faction_key is None or c.faction_key in army_factions or None in army_factions)]
    characters = [c for c in area.of_kind("character") if c.leadership > 0]
    missing += [f"{c.path}.faction" for c in area.of_kind("character")
                if not c.faction and (c.leadership > 0 or not c.leadership_given)]
    if characters or missing:
        missing += [f"{a.path}.faction" for a in armies if not a.faction]
    if not armies:
        missing = []    # no army on this side: no character's leadership can count, whatever it is
    if missing:
        return r.needs_info(missing)

    r.step("cardgame.lead_rule", "wotrcg-leadership")
    supported, unsupported = [], []
    factions = {}
    if characters and not armies:
        r.step("cardgame.lead_no_armies", "wotrcg-leadership", cards=_names(characters))
        unsupported = list(characters)
        characters_by_faction: list = []
    else:
        characters_by_faction = characters
    for c in characters_by_faction:
        factions.setdefault(c.faction_key, c.faction)   # shown as first written
    for fkey, faction in factions.items():
        chars = sorted((c for c in characters if c.faction_key == fkey), key=lambda c: -c.leadership)
        n_armies = sum(1 for a in armies if a.faction_key == fkey)
        supported += chars[:n_armies]
        unsupported += chars[n_armies:]
        if n_armies == 0:
            r.step("cardgame.lead_no_army", "wotrcg-leadership", faction=faction, cards=_names(chars))
        elif len(chars) > n_armies:
            r.step("cardgame.lead_too_few_armies", "wotrcg-leadership-army-support", faction=faction,
                   armies=n_armies, characters=len(chars), best=_names(chars[:n_armies]) or "-",
                   left=_names(chars[n_armies:]))
    total = sum(c.leadership for c in supported)
    for c in supported:
        r.step("cardgame.lead_counts", "wotrcg-leadership-army-support", card=c.name, icons=c.leadership,
               faction=c.faction)
    if not characters:
        r.step("cardgame.lead_no_characters", "wotrcg-leadership")
    verdict: dict[str, Any] = {"leadership": total, "supported": [c.name for c in supported],
                               "unsupported": [c.name for c in unsupported]}
    if side_label:
        verdict["side"] = SIDE_KEBAB[side_label]
    return r.decide("cardgame.answer_leadership", {"icons": total, "where": where or r.t("cardgame.the_battleground")}, **verdict)


# -- activating paths and battlegrounds (seed 001 pp. 8-9, 16) ---------------------------------
TYPES = ("path", "battleground")
TYPE_ALIASES = {"camino": "path", "sendero": "path", "campo-de-batalla": "battleground",
                "campo": "battleground"}
# Where the card comes from, when the question says it without listing the players.
SOURCES = ("deck", "own-scoring-area", "opponent-scoring-area")
SOURCE_ALIASES = {
    "mazo": "deck", "baraja": "deck", "new": "deck", "nuevo": "deck",
    "own": "own-scoring-area", "mine": "own-scoring-area", "propia": "own-scoring-area",
    "mia": "own-scoring-area", "team": "own-scoring-area", "teammate": "own-scoring-area",
    "teammate-scoring-area": "own-scoring-area", "companero": "own-scoring-area",
    "equipo": "own-scoring-area", "zona-de-puntuacion-propia": "own-scoring-area",
    "area-de-puntuacion-propia": "own-scoring-area",
    "opponent": "opponent-scoring-area", "oponente": "opponent-scoring-area", "rival": "opponent-scoring-area",
    "enemy": "opponent-scoring-area", "enemigo": "opponent-scoring-area",
    "zona-de-puntuacion-del-oponente": "opponent-scoring-area",
    "area-de-puntuacion-del-oponente": "opponent-scoring-area",
}
SIDE_SOURCE = {"own-scoring-area": "own-side", "opponent-scoring-area": "opponent"}


@question(GAME, "activate")
def activate(position: Position, q, r):
    """Activating a path or a battleground. One path is active at a time and each path is
    activated at most once per game (a replaced path still resolves its combat at once);
    battlegrounds may be activated again from a scoring area, and from an opponent's
    scoring area their shields are ignored in combat (seed 001 pp. 8-9, 16)."""
    card_raw = q.get("card")
    card, ctype = None, q.choice("type", TYPES, aliases=TYPE_ALIASES)
    if isinstance(card_raw, dict):
        from adjudicator.params import Fields
        cf = Fields(card_raw, q.at("card"), q.problems)
        card = cf.str("name", required=True)
        t = cf.choice("type", TYPES, aliases=TYPE_ALIASES)
        ctype = ctype or t
        cf.finish()
    elif card_raw is None:
        q.error("card", "core.err_required")
    else:
        card = q.str("card")
    player = _player(position, q)
    owner_name = q.str("scoring_area_of")
    source = q.choice("from", SOURCES, aliases=SOURCE_ALIASES)
    q.ready()
    owner = None
    if owner_name is not None:
        owner = position.player(owner_name)
        if owner is None:
            q.error("scoring_area_of", "cardgame.err_unknown_player",
                    player=owner_name, players=", ".join(p.name for p in position.players) or "-")
            q.problems.raise_if_any()
    else:
        owner = next((p for p in position.players if p.scores(card)), None)

    if ctype is None and source in ("own-scoring-area", "opponent-scoring-area"):
        ctype = "battleground"    # only battlegrounds come back from a scoring area
    if ctype is None:
        if owner is not None or position.battleground(card) is not None:
            ctype = "battleground"
        elif position.path_activated(card):
            ctype = "path"
        else:
            return r.needs_info(["question.type"])

    if ctype == "path":
        return _activate_path(position, card, r, from_scoring_area=source not in (None, "deck"))
    if owner is None and source in ("own-scoring-area", "opponent-scoring-area"):
        return _activate_from_source(position, card, source, r)
    return _activate_battleground(position, card, player, owner, r)


def _activate_from_source(position: Position, card: str, source: str, r):
    """A battleground coming back from a scoring area the question names only by whose
    side it is on (`from: opponent-scoring-area`), without the players."""
    opponent = source == "opponent-scoring-area"
    owner = r.t("cardgame.source_opponent" if opponent else "cardgame.source_own")
    r.step("cardgame.act_location_step", "wotrcg-activation-location-step")
    r.step("cardgame.act_bg_again", "wotrcg-activation-battleground", card=card, owner=owner)
    r.step("cardgame.act_bg_source_opponent" if opponent else "cardgame.act_bg_source_own",
           "wotrcg-reactivation-shields", card=card)
    bg = position.battleground(card)
    shields: dict[str, Any] = {}
    if bg is not None and bg.shields is not None:
        shields = {"shields": 0 if opponent else bg.shields}
    key = "cardgame.answer_act_bg_opponent" if opponent else "cardgame.answer_act_bg_own"
    return r.decide(key, {"card": card, "owner": owner}, allowed=True, shields_ignored=opponent,
                    from_scoring_area=SIDE_SOURCE[source], activation_text=True, **shields)


def _activate_path(position: Position, card: str, r, from_scoring_area: bool = False):
    r.step("cardgame.act_location_step", "wotrcg-activation-location-step")
    if from_scoring_area and not position.path_activated(card):
        # A path in a scoring area has had its combat: it was activated once already.
        r.step("cardgame.act_path_scored", "wotrcg-activation-path-once", path=card)
        return r.decide("cardgame.answer_act_path_no", {"path": card}, allowed=False, shields_ignored=False,
                        replaces=None, replaced_path_combat=False)
    if position.path_activated(card):
        is_active = position.active_path is not None and key_of(position.active_path.name) == key_of(card)
        r.step("cardgame.act_path_active_now" if is_active else "cardgame.act_path_used",
               "wotrcg-activation-path-once", path=card)
        return r.decide("cardgame.answer_act_path_no", {"path": card}, allowed=False, shields_ignored=False,
                        replaces=None, replaced_path_combat=False)
    r.step("cardgame.act_path_new", "wotrcg-activation-path-once", path=card)
    active = position.active_path
    if active is not None:
        r.step("cardgame.act_path_replaces", "wotrcg-activation-one-path", path=card, old=active.name)
        r.step("cardgame.act_replaced_fights", "wotrcg-activation-replaced-path", old=active.name)
        return r.decide("cardgame.answer_act_path_replaces", {"path": card, "old": active.name}, allowed=True,
                        shields_ignored=False, replaces=active.name, replaced_path_combat=True)
    r.step("cardgame.act_path_only_one", "wotrcg-activation-one-path", path=card)
    return r.decide("cardgame.answer_act_path_yes", {"path": card}, allowed=True, shields_ignored=False,
                    replaces=None, replaced_path_combat=False)


def _activate_battleground(position: Position, card: str, player, owner, r):
    r.step("cardgame.act_location_step", "wotrcg-activation-location-step")
    if owner is None:
        r.step("cardgame.act_bg_fresh", "wotrcg-activation", card=card)
        return r.decide("cardgame.answer_act_bg_fresh", {"card": card}, allowed=True, shields_ignored=False,
                        from_scoring_area=None, activation_text=True)
    r.step("cardgame.act_bg_again", "wotrcg-activation-battleground", card=card, owner=owner.name)
    if player is None:
        return r.needs_info(["question.player"])
    missing = [f"{p.path}.side" for p in {id(player): player, id(owner): owner}.values() if p.side is None]
    if missing:
        return r.needs_info(missing)
    opponent = owner.side != player.side
    bg = position.battleground(card)
    shields: dict[str, Any] = {}
    if bg is not None and bg.shields is not None:
        # The shield icons that still count in this battleground's combat.
        shields = {"shields": 0 if opponent else bg.shields}
    if opponent:
        r.step("cardgame.act_bg_opponent", "wotrcg-reactivation-shields", card=card, owner=owner.name,
               player=player.name)
        key = "cardgame.answer_act_bg_opponent"
    else:
        r.step("cardgame.act_bg_own", "wotrcg-reactivation-shields", card=card, owner=owner.name,
               player=player.name)
        key = "cardgame.answer_act_bg_own"
    return r.decide(key, {"card": card, "owner": owner.name}, allowed=True, shields_ignored=opponent,
                    from_scoring_area=owner.name, activation_text=True, **shields)


# -- items (seed 001 pp. 11, 15) --------------------------------------------------------------
EVENTS = ("bearer-moves", "bearer-cycled", "bearer-eliminated", "play")
ORIGINS = ("reserve", "path", "battleground")   # where the bearer is, when no position says
ORIGIN_ALIASES = {"reserva": "reserve", "camino": "path", "sendero": "path", "campo-de-batalla": "battleground",
                  "campo": "battleground"}
EVENT_ALIASES = {"moves": "bearer-moves", "move": "bearer-moves", "mueve": "bearer-moves",
                 "portador-se-mueve": "bearer-moves", "cycled": "bearer-cycled", "ciclado": "bearer-cycled",
                 "portador-ciclado": "bearer-cycled", "eliminated": "bearer-eliminated",
                 "eliminado": "bearer-eliminated", "portador-eliminado": "bearer-eliminated", "jugar": "play"}


def _find_item(position: Position, name: str):
    for place_kind, place, area in position.areas():
        c = area.find(name)
        if c is not None and c.kind == "item":
            return place_kind, place, area, c
    return None


def _find_bearer(position: Position, name: str):
    for place_kind, place, area in position.areas():
        c = area.find(name)
        if c is not None and c.kind in ("character", "army"):
            return place_kind, place, c
    return None


@question(GAME, "item-move")
def item_move(position: Position, q, r):
    """What happens to an item: it is played on a bearer already in play unless its own
    text says otherwise; it moves with its bearer from the reserve to a path or
    battleground; it is cycled or eliminated with its bearer (seed 001 pp. 11, 15)."""
    item = q.str("item", required=True)
    event = q.choice("event", EVENTS, required=True, aliases=EVENT_ALIASES)
    to = q.str("to")
    bearer_name = q.str("bearer")
    text_allows = q.bool("text_allows")
    origin = q.choice("from", ORIGINS, aliases=ORIGIN_ALIASES)
    q.ready()
    r.step("cardgame.item_follows_bearer", "wotrcg-items")
    if event == "play":
        return _play_item(position, q, r, item, bearer_name, text_allows)

    found = _find_item(position, item)
    if found is None and bearer_name is not None:
        # The item and its bearer given in the question alone, without a position.
        place_kind = origin or ("reserve" if event == "bearer-moves" else "path")
        if event == "bearer-moves" and origin is None:
            return r.needs_info(["question.from"])
        found = (place_kind, "-", None, Card(item.strip(), "item", bearer=bearer_name.strip()))
    if found is None:
        items = [c.name for _, _, a in position.areas() for c in a.of_kind("item")]
        q.error("item", "cardgame.err_unknown_item", item=item, items=", ".join(items) or "-")
        q.problems.raise_if_any()
    place_kind, place, area, card = found
    bearer = card.bearer
    if event == "bearer-moves":
        if to is None:
            return r.needs_info(["question.to"])
        if place_kind != "reserve":
            r.step("cardgame.item_moves_seed_reserve", "wotrcg-items-move", item=card.name, bearer=bearer)
            return r.not_covered("cardgame.answer_item_move_not_covered", {"item": card.name, "bearer": bearer})
        r.step("cardgame.item_moves", "wotrcg-items-move", item=card.name, bearer=bearer, to=to)
        return r.decide("cardgame.answer_item_moves", {"item": card.name, "bearer": bearer, "to": to},
                        moves_with=True, fate="moves", item_to=to)
    fate = "cycled" if event == "bearer-cycled" else "eliminated"
    r.step(f"cardgame.item_{fate}", "wotrcg-items-leave", item=card.name, bearer=bearer)
    return r.decide(f"cardgame.answer_item_{fate}", {"item": card.name, "bearer": bearer},
                    moves_with=True, fate=fate)


def _play_item(position: Position, q, r, item: str, bearer_name: str | None, text_allows: bool | None):
    if bearer_name is None:
        q.error("bearer", "cardgame.err_play_needs_bearer", item=item)
        q.problems.raise_if_any()
    r.step("cardgame.item_on_bearer", "wotrcg-items-bearer", item=item, bearer=bearer_name)
    found = _find_bearer(position, bearer_name)
    if found is not None:
        place_kind, place, bearer = found
        r.step("cardgame.item_bearer_in_play", "wotrcg-items-bearer", bearer=bearer.name,
               place=r.t(f"cardgame.place_{place_kind}", name=place))
        return r.decide("cardgame.answer_item_play_yes", {"item": item, "bearer": bearer.name},
                        allowed=True, bearer_in_play=True)
    if text_allows:
        r.step("cardgame.item_text_exception", "wotrcg-items-bearer", item=item, bearer=bearer_name)
        return r.decide("cardgame.answer_item_play_text", {"item": item, "bearer": bearer_name},
                        allowed=True, bearer_in_play=False)
    r.step("cardgame.item_bearer_not_in_play", "wotrcg-items-bearer", item=item, bearer=bearer_name)
    return r.decide("cardgame.answer_item_play_no", {"item": item, "bearer": bearer_name},
                    allowed=False, bearer_in_play=False)
