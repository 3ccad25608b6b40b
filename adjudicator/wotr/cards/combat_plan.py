"""What the combat cards of a round do, as a :class:`~adjudicator.wotr.cards.card_round.Plan`:
each card's effect tree (data/event_cards.json, ``combat.effect``) read leaf by leaf into the
two sides' dice, the actions before the Combat roll and after casualties, in initiative order.

A card that leaves its player a choice (how many hits to take, how much Leadership to give
up, which figure to sacrifice) is given one here (``choice``); the handler tries each and
keeps the one that serves that player best (:func:`options`). Where a card lets its owner
pick a figure to slay or silence, the figure whose loss costs the enemy most is taken.
"""
from __future__ import annotations

from typing import Any

from adjudicator import data
from adjudicator.wotr import characters as chars_rules
from adjudicator.wotr.cards.card_round import Elimination, Loss, Plan, Side
from adjudicator.wotr.cards.combat import Played
from adjudicator.wotr.engagement import Engagement
from adjudicator.wotr.model import Army

MINIONS = ("witch-king", "mouth-of-sauron", "saruman")


def _loss(c: str, cancel_nazgul: bool) -> Loss:
    ch = data.characters()[c]
    lead = 0 if cancel_nazgul and (ch["is_nazgul"] or c == "gandalf-the-white") else (ch["leadership"] or 0)
    return Loss(lead, ch["combat_strength_bonus"] or 0)


def _best(losses: list[Loss]) -> Loss | None:
    return max(losses, key=lambda x: (x.leadership + x.captains, x.captains), default=None)


def companions(army: Army) -> list[str]:
    chars = data.characters()
    return [c for c in army.characters if chars[c]["kind"] == "companion"]


def options(p: Played, e: Engagement, cancel_nazgul: bool) -> list[Any]:
    """The choices ``p``'s card leaves its player ([None]: none)."""
    own = e.army_of(p.side)
    t = p.slug
    if t == "dread-and-despair":
        n = 0 if cancel_nazgul else chars_rules.nazgul_leadership(own)
        return list(range(1, max(1, n) + 1))
    if t == "relentless-assault":
        return [0, 1, 2]
    if t == "onslaught":
        return [0, 1, 2, 3, 4]
    if t == "heroic-death":
        out: list[Any] = ["none"]
        if own.leaders:
            out.append("leader")
        out += companions(own)
        return out
    return [None]


def _walk(effect: dict, out: list[dict]) -> None:
    if effect["type"] in ("all", "sequence"):
        for sub in effect.get("effects", effect.get("steps", [])):
            _walk(sub, out)
    else:
        out.append(effect)


def build(e: Engagement, cards: list[Played], choices: dict[str, Any], *, cancel_nazgul: bool,
          enemy_lead: dict[str, int], can_retreat: bool) -> Plan:
    """The round's plan from the cards in resolving order (cancelled or unplayable ones do
    nothing). ``enemy_lead``: each role's Leadership this round, for Foul Stench."""
    sides: dict[str, dict[str, Any]] = {"attacker": {}, "defender": {}}
    before: list[tuple[str, str, int, int]] = []
    after: list[tuple[str, str, int, int]] = []
    retreat = False
    for p in cards:
        if not p.playable or p.cancelled:
            continue
        own, enemy = p.role, ("defender" if p.role == "attacker" else "attacker")
        own_army, enemy_army = e.army_of(p.side), e.army_of("shadow" if p.side == "free_peoples" else "free_peoples")
        leaves: list[dict] = []
        effect = p.combat["effect"]
        if effect["type"] == "cancel-combat-card":
            if effect.get("if_no_card") and not any(c.role == enemy and c.playable for c in cards):
                _walk(effect["if_no_card"], leaves)
        elif p.slug in ("fateful-strike", "black-breath"):
            sides[own]["eliminate"] = _slaying(p.slug, enemy_army, cancel_nazgul)
        elif p.slug == "heroic-death":
            _heroic(sides[own], choices.get(own, "none"), own_army)
        else:
            _walk(effect, leaves)
        for leaf in leaves:
            retreat |= _leaf(leaf, p, own, enemy, sides, before, after, choices, own_army, enemy_army,
                             cancel_nazgul, enemy_lead, can_retreat)
    return Plan(Side(**sides["attacker"]), Side(**sides["defender"]), tuple(before), tuple(after), retreat=retreat)


def _add(side: dict, key: str, value: int) -> None:
    side[key] = side.get(key, 0) + value


def _leaf(leaf: dict, p: Played, own: str, enemy: str, sides: dict, before: list, after: list,
          choices: dict, own_army: Army, enemy_army: Army, cancel_nazgul: bool, lead: dict[str, int],
          can_retreat: bool) -> bool:
    t = leaf["type"]
    whose = {"own": (own,), "enemy": (enemy,), "both": (own, enemy)}.get(leaf.get("whose", "own"), (own,))
    cost = (leaf.get("cost") or {}).get("forfeit_leadership")
    if cost and isinstance(cost.get("points"), int):
        _add(sides[own], "forfeit", cost["points"])
    if t == "combat-roll-modifier":
        if "modifier" in leaf:
            for role in whose:
                _add(sides[role], "roll_mod", leaf["modifier"])
    elif t == "leader-reroll-modifier":
        for role in whose:
            _add(sides[role], "reroll_mod", leaf["modifier"])
    elif t == "combat-dice-limit":
        for role in whose:
            sides[role]["max_dice"] = min(leaf["max"], sides[role].get("max_dice", leaf["max"]))
    elif t == "combat-dice-reduce":
        if leaf["per"] == "own-companion-in-battle":
            n = len(companions(own_army))
        else:   # forfeited-leadership-point: the points given up (the player's choice)
            n = choices.get(own) or 1
            _add(sides[own], "forfeit", n)
        for role in whose:
            _add(sides[role], "dice_less", leaf["amount_per"] * n)
    elif t == "cancel-leader-reroll":
        nazgul = 0 if cancel_nazgul else chars_rules.nazgul_leadership(own_army)
        if nazgul >= lead[enemy]:
            sides[enemy]["no_reroll"] = True
    elif t == "cancel-character-abilities":
        target = _best([_loss(c, cancel_nazgul) for c in companions(enemy_army)])
        if target:
            _add(sides[enemy], "forfeit", target.leadership)
            _add(sides[enemy], "captains_less", target.captains)
    elif t == "forfeit-leadership-auto-hit":
        _auto_hit(leaf, sides[own], own_army)
    elif t == "natural-ones-backfire":
        for role in whose:
            sides[role]["backfire"] = True
    elif t == "extra-attack":
        kind = {"own-leadership": "attack-leadership", "own-elite-units": "attack-elites"}.get(
            leaf["dice"].get("count_of", ""), "attack-fixed")
        hit_on = 0 if leaf["hit_on"] == "as-combat-roll" else leaf["hit_on"]
        (after if leaf["step"] == "after-casualties" else before).append(
            (own, kind, leaf["dice"].get("fixed", 0), hit_on))
    elif t == "self-hits":
        n = choices.get(own) or 0
        (before if leaf["step"] == "before-combat-roll" else after).append(
            (own, "self-hits" if leaf["step"] == "before-combat-roll" else "onslaught", n, 0))
    elif t == "extra-hits":
        cond = leaf["condition"]["type"]
        if cond == "units_ratio":
            after.append((own, "great-host", 1, 0))
        else:
            sides[own]["extra_hits"] = (leaf["amount"], "more" if cond == "hits_compare" else "any")
    elif t == "cancel-hits":
        sides[own]["cancel"] = ("shield", leaf["amount"])
    elif t == "eliminate-character":    # Blade of Westernesse: a re-roll hit spent on a Minion
        target = _best([_loss(c, cancel_nazgul) for c in enemy_army.characters if c in MINIONS])
        if target:
            sides[own]["eliminate"] = Elimination(((1, target),), spend=1)
    elif t == "retreat-before-combat":
        return can_retreat
    return False


def _auto_hit(leaf: dict, side: dict, own_army: Army) -> None:
    chars = data.characters()
    best = None
    for opt in leaf["options"]:
        who = opt["forfeit"]
        if who == "one-companion-in-battle":
            comps = companions(own_army)
            if comps:
                cost = min(chars[c]["leadership"] or 0 for c in comps)
                best = max(best or (0, 0), (opt["auto_hits_max"], -cost))
        elif who in own_army.characters:
            best = max(best or (0, 0), (opt["auto_hits_max"], -(chars[who]["leadership"] or 0)))
    if best:
        _add(side, "auto_hits", best[0])
        _add(side, "forfeit", -best[1])


def _heroic(side: dict, choice: Any, own_army: Army) -> None:
    if choice == "leader" and own_army.leaders:
        side["cancel"], side["cancel_cost"] = ("heroic", 1), Loss(1, 0)
    elif choice in own_army.characters:
        ch = data.characters()[choice]
        side["cancel"] = ("heroic", ch["level"] or 0)
        side["cancel_cost"] = Loss(ch["leadership"] or 0, ch["combat_strength_bonus"] or 0)


def _slaying(slug: str, enemy_army: Army, cancel_nazgul: bool) -> Elimination | None:
    chars = data.characters()
    present = list(enemy_army.characters)
    nazgul = [_loss(c, cancel_nazgul) for c in present if chars[c]["is_nazgul"]]
    if enemy_army.nazgul:
        nazgul.append(Loss(0 if cancel_nazgul else 1, 0))
    if slug == "fateful-strike":
        minion = _best([_loss(c, cancel_nazgul) for c in present if c in MINIONS] + nazgul)
        one = _best(nazgul)
        entries = [(2, minion)] if minion else []
        entries += [(1, one)] if one else []
        return Elimination(tuple(entries)) if entries else None
    entries = []
    for hits in (3, 2, 1):     # Black Breath: a Leader, or a Companion of Level up to the re-roll hits
        pool = [_loss(c, cancel_nazgul) for c in present
                if chars[c]["kind"] == "companion" and (chars[c]["level"] or 0) <= hits]
        if enemy_army.leaders:
            pool.append(Loss(1, 0))
        target = _best(pool)
        if target:
            entries.append((hits, target))
    return Elimination(tuple(entries)) if entries else None
