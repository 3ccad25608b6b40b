"""The combat cards of a battle ruling: each card checked and explained, the order they
resolve in, the choices tried, and the verdict's ``combat_cards`` (used by ``battle`` and
``battle-outcome``)."""
from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from adjudicator import data, names
from adjudicator.wotr import board
from adjudicator.wotr import characters as chars_rules
from adjudicator.wotr.battle_outcome import Comp
from adjudicator.wotr.cards import catalogue, combat_plan
from adjudicator.wotr.cards.card_round import Fighter, Plan
from adjudicator.wotr.cards.combat import Played, card_side, condition, order, played
from adjudicator.wotr.engagement import Engagement
from adjudicator.wotr.model import Army


def fighter_of(position, army: Army, side: str, cancel: bool, casualties: str) -> Fighter:
    """As :func:`adjudicator.wotr.whole_battle.force_of`: the round's view of one side."""
    chars = data.characters()
    captains = sum(chars[c]["combat_strength_bonus"] for c in army.characters) if side == "free_peoples" else 0
    leading = chars_rules.elites_as_leaders(position, army)
    total = max(0, chars_rules.leadership(position, army, cancel_nazgul_leadership=cancel))
    return Fighter((army.regular, army.elite - leading, leading), captains, max(0, total - leading), casualties)


def resolve(position, e: Engagement, r, given: dict[str, list[str]], *, cancel: bool, rnd: int,
            quiet: bool = False) -> list[Played]:
    """The round's cards in resolving order, each checked; steps unless ``quiet``."""
    cards: list[Played] = []
    for role in ("attacker", "defender"):
        ids = given.get(role)
        if not ids:
            continue
        p = played(e, role, ids, len(ids) == 1)
        if card_side(ids[0]) != p.side:
            p = p._replace(playable=False, why="combat.not_your_card", why_params={})
        else:
            c = condition(position, e, p, p.combat["play_if"], r.lang, cancel_nazgul=cancel)
            if not c.ok:
                p = p._replace(playable=False, why=c.key, why_params=c.params)
        cards.append(p)
    cards = order(cards)
    for i, p in enumerate(cards):    # a card that cancels the other does so when it resolves first
        if p.playable and not p.cancelled and p.combat["effect"]["type"] == "cancel-combat-card":
            for j in range(i + 1, len(cards)):
                if cards[j].role != p.role and cards[j].playable:
                    cards[j] = cards[j]._replace(cancelled=True)
    if not quiet:
        _steps(position, e, r, cards, rnd)
    return cards


def who(r, role: str) -> str:
    return r.t(f"battle.{role}")


def title_of(p: Played, lang: str) -> str:
    return catalogue.combat_title(p.ids[0], lang)


def card_label(p: Played) -> str:
    return f"wotr-combat-{p.slug}"


def _steps(position, e: Engagement, r, cards: list[Played], rnd: int) -> None:
    for p in cards:
        params = {"who": who(r, p.role), "title": title_of(p, r.lang), "n": p.initiative,
                  "cards": ", ".join(catalogue.card_name(c, r.lang) for c in p.ids)}
        if not p.playable:
            r.step("combat.not_playable", "wotr-combat-cards-condition", decides=True, **params,
                   why=r.t(p.why, **p.why_params))
            continue
        r.step("combat.played", card_label(p), **params, effect=r.t(f"combat.effect_{p.slug.replace('-', '_')}"))
        if p.cancelled:
            r.step("combat.cancelled", "wotr-combat-cards-cancel", decides=True, **params)
    live = [p for p in cards if p.playable]
    if len(live) == 2:
        r.step("combat.order", "wotr-combat-cards-order", first=title_of(live[0], r.lang),
               second=title_of(live[1], r.lang), a=live[0].initiative, b=live[1].initiative)
    if any(p.playable and not p.cancelled for p in cards):
        r.step("combat.one_round", "wotr-combat-cards-one-round", round=rnd)
    for p in live:
        if p.cancelled:
            continue
        t = p.combat["effect"]
        text = str(t)
        if "forfeit" in text:
            r.step("combat.forfeit", "wotr-combat-cards-leadership", who=who(r, p.role), title=title_of(p, r.lang))
        if "extra-attack" in text:
            r.step("combat.extra_attack", "wotr-combat-cards-extra-attack", title=title_of(p, r.lang))
        if "eliminate-character" in text or p.slug == "heroic-death":
            figures = _figures(e, p, r)
            if figures:
                key = "combat.eliminate_own" if p.slug == "heroic-death" else "combat.eliminate"
                r.step(key, "wotr-combat-cards-eliminate", title=title_of(p, r.lang), figures=figures)
            else:
                r.step("combat.eliminate_none", "wotr-combat-cards-eliminate", title=title_of(p, r.lang))
        if "retreat-before-combat" in text:
            retreat_step(position, e, r, p)
    if rnd == 1 and "witch-king" in e.army_of("shadow").characters:
        shadow = [p for p in live if p.side == "shadow"]
        wk = names.character_name("witch-king", r.lang)
        if shadow:
            decks = sorted({catalogue.card(c)["deck"] for c in shadow[0].ids})
            deck = r.t(f"combat.deck_{decks[0]}") if len(decks) == 1 else r.t("combat.deck_either")
            r.step("combat.witch_king_draw", "wotr-char-witch-king-card", who=wk, deck=deck)
        else:
            r.step("combat.witch_king_no_card", "wotr-char-witch-king-card", who=wk)


def _figures(e: Engagement, p: Played, r) -> str:
    """The figures a slaying card (or Heroic Death, its owner's own) may take in this battle."""
    chars = data.characters()
    own = p.slug == "heroic-death"
    army = e.army_of(p.side) if own else e.army_of("shadow" if p.side == "free_peoples" else "free_peoples")
    names_out = []
    if p.slug in ("heroic-death", "black-breath") and army.leaders:
        names_out.append(r.t("combat.figure_leader"))
    if p.slug == "fateful-strike" and army.nazgul:
        names_out.append(r.t("combat.figure_nazgul"))
    for c in army.characters:
        kind, nazgul = chars[c]["kind"], chars[c]["is_nazgul"]
        if (p.slug in ("heroic-death", "black-breath") and kind == "companion") \
                or (p.slug == "blade-of-westernesse" and c in combat_plan.MINIONS) \
                or (p.slug == "fateful-strike" and (nazgul or c in combat_plan.MINIONS)):
            names_out.append(names.character_name(c, r.lang))
    return ", ".join(names_out)


def can_retreat(position, e: Engagement) -> list[str]:
    """Where a defending army may slip away before the Combat roll (Scouts)."""
    out = [n for n in sorted(board.neighbours(e.dst)) if board.free_for_retreat(position, n, e.enemy)]
    if board.is_stronghold(e.dst) and position.region(e.dst).besieged is None \
            and position.controller(e.dst) == e.enemy:
        out.append("stronghold")
    return out


def retreat_step(position, e: Engagement, r, p: Played) -> None:
    ways = can_retreat(position, e)
    if not ways:
        r.step("combat.retreat_none", "wotr-combat-cards-retreat", title=title_of(p, r.lang))
        return
    regions = [names.region_name(w, r.lang) for w in ways if w != "stronghold"]
    parts = []
    if regions:
        parts.append(r.t("combat.retreat_regions", regions=", ".join(regions)))
    if "stronghold" in ways:
        parts.append(r.t("combat.retreat_stronghold", region=names.region_name(e.dst, r.lang)))
    r.step("combat.retreat", "wotr-combat-cards-retreat", title=title_of(p, r.lang), ways="; ".join(parts))


def lead_now(f: Fighter, comp: Comp) -> int:
    return f.lead(comp)


def plan_of(position, e: Engagement, cards: list[Played], choices: dict[str, Any], fighters: dict[str, Fighter],
            comps: dict[str, Comp], *, cancel: bool) -> Plan:
    """The plan for one state of the round (a later round's Elites may be gone)."""
    live = []
    for p in cards:
        if p.playable and not p.cancelled and _needs_elite(p) and comps[p.role][1] + comps[p.role][2] == 0:
            p = p._replace(playable=False)
        live.append(p)
    lead = {role: fighters[role].lead(comps[role]) for role in fighters}
    retreat_ok = bool(can_retreat(position, e)) if any(p.slug == "scouts" for p in live) else False
    plan = combat_plan.build(e, live, choices, cancel_nazgul=cancel, enemy_lead=lead, can_retreat=retreat_ok)
    for p in live:     # Daring Defiance: its price is paid only when it cancelled a card
        if p.playable and not p.cancelled and p.slug == "daring-defiance" and any(q.cancelled for q in live):
            own = e.army_of(p.side)
            lost = sum(data.characters()[c]["leadership"] or 0 for c in combat_plan.companions(own))
            side = plan.side(p.role)
            side = side._replace(forfeit=side.forfeit + lost)
            plan = plan._replace(attacker=side) if p.role == "attacker" else plan._replace(defender=side)
    return plan


def _needs_elite(p: Played) -> bool:
    cond = p.combat.get("play_if") or {}
    return cond.get("type") == "in_battle" and "elite" in cond.get("any_of", []) and not cond.get("nation")


def best_choice(cards: list[Played], e: Engagement, r, given: dict[str, Any], cancel: bool,
                score: Callable[[dict[str, Any]], dict[str, Fraction]], *, quiet: bool = False,
                whole: bool = False) -> dict[str, Any]:
    """Each side's choice: the one given, else the one best for that player by ``score``
    (role -> that player's figure, higher better), the others named in a step."""
    chosen: dict[str, Any] = {}
    for role in given:
        if not quiet and not any(p.role == role and p.playable and not p.cancelled for p in cards):
            r.step("combat.choice_no_card", "wotr-combat-cards-choices", who=who(r, role))
    for p in cards:
        if not p.playable or p.cancelled:
            continue
        opts = combat_plan.options(p, e, cancel)
        if opts == [None]:
            if p.role in given and not quiet:
                r.step("combat.choice_not_needed", card_label(p), title=title_of(p, r.lang))
            continue
        if p.role in given:
            if given[p.role] in opts:
                chosen[p.role] = given[p.role]
                if not quiet:
                    r.step("combat.choice_given", "wotr-combat-cards-choices", who=who(r, p.role),
                           title=title_of(p, r.lang), choice=choice_text(r, given[p.role]))
                continue
            if not quiet:
                r.step("combat.choice_impossible", "wotr-combat-cards-choices", who=who(r, p.role),
                       title=title_of(p, r.lang), choice=choice_text(r, given[p.role]))
        scored = []
        for o in opts:
            trial = {**chosen, p.role: o}
            scored.append((score(trial)[p.role], o))
        best = max(scored, key=lambda x: x[0])
        chosen[p.role] = best[1]
        if not quiet:
            shown = r.percent if whole else r.decimal
            others = "; ".join(f"{choice_text(r, o)}: {shown(s)}" for s, o in scored if o != best[1])
            measure = r.t(f"combat.measure_{p.role}" if whole else "combat.measure_round")
            r.default("question.card_choices", "combat.choice_best", "wotr-combat-cards-choices",
                      who=who(r, p.role), title=title_of(p, r.lang), choice=choice_text(r, best[1]),
                      value=shown(best[0]), others=others or "-", measure=measure)
    return chosen


def choice_text(r, value: Any) -> str:
    if isinstance(value, int):
        return str(value)
    if value in ("none", "leader"):
        return r.t(f"combat.choice_{value}")
    if isinstance(value, str) and value in data.characters():
        return names.character_name(value, r.lang)
    return str(value)


def verdict(cards: list[Played], r) -> dict:
    """The verdict's ``combat_cards``: the same in both languages (the card's id, its printed
    English title); the steps name the cards in the reader's language."""
    out: dict[str, Any] = {"attacker": None, "defender": None}
    for p in cards:
        out[p.role] = {"card": p.ids[0] if len(p.ids) == 1 else None, "title": p.title,
                       "initiative": p.initiative, "playable": p.playable, "cancelled": p.cancelled}
    out["order"] = [p.title for p in cards if p.playable]
    return out


# -- the two kinds' odds with the cards ------------------------------------------------------------
def _odds(dist_hits: list[Fraction], dice: int, hit_on: int, rerolls: int) -> dict:
    from adjudicator.ruling import fraction_text, probability
    dist_hits = dist_hits + [Fraction(0)] * (dice + 1 - len(dist_hits))    # k = 0..dice at least
    return {"dice": dice, "hit_on": hit_on, "rerolls": rerolls,
            "p_hits": [probability(p) for p in dist_hits], "p_hits_exact": [fraction_text(p) for p in dist_hits]}


def round_odds(position, e: Engagement, r, given: dict[str, list[str]], choices: dict[str, Any], *, cancel: bool,
               hits: tuple[int, int], rnd: int) -> tuple[dict, dict, dict]:
    """One round with the cards: (attacker's odds, defender's odds, the verdict's extra keys)."""
    from adjudicator.wotr.cards.card_round import dice_of, hits_marginal, rerolls_of, round_outcomes, self_marginal
    cards = resolve(position, e, r, given, cancel=cancel, rnd=rnd)
    fighters = {"attacker": fighter_of(position, e.attacker, e.side, cancel, "keep-strength"),
                "defender": fighter_of(position, e.defender, e.enemy, cancel, "keep-strength")}
    comps = {role: f.comp for role, f in fighters.items()}

    def dist_for(ch: dict[str, Any]) -> tuple[Plan, dict]:
        plan = plan_of(position, e, cards, ch, fighters, comps, cancel=cancel)
        return plan, round_outcomes(fighters["attacker"], fighters["defender"], hits[0], hits[1], plan)

    def score(ch: dict[str, Any]) -> dict[str, Fraction]:
        _plan, dist = dist_for(ch)
        mean = {role: sum((k * p for k, p in enumerate(hits_marginal(dist, role))), Fraction(0)) for role in fighters}
        own = {role: sum((k * p for k, p in enumerate(self_marginal(dist, role))), Fraction(0)) for role in fighters}
        return {"attacker": mean["attacker"] - mean["defender"] - own["attacker"],
                "defender": mean["defender"] - mean["attacker"] - own["defender"]}

    chosen = best_choice(cards, e, r, choices, cancel, score)
    plan, dist = dist_for(chosen)
    if plan.retreat:
        r.step("combat.retreat_no_dice", "wotr-combat-cards-retreat")
    if plan.before or plan.after:
        r.step("combat.casualties_kept", "wotr-battle-casualties")
    out = []
    for i, role in enumerate(("attacker", "defender")):
        f, s = fighters[role], plan.side(role)
        dice = 0 if plan.retreat else dice_of(f, comps[role], s)
        hit_on = max(2, min(6, hits[i] - s.roll_mod))     # a 1 always misses, a 6 always hits
        out.append(_odds(hits_marginal(dist, role), dice, hit_on, rerolls_of(f, comps[role], s, dice)))
        own = self_marginal(dist, role)
        if len(own) > 1:
            r.step("combat.self_hits", "wotr-combat-cards-dice", who=who(r, role),
                   mean=r.decimal(sum((k * p for k, p in enumerate(own)), Fraction(0))))
    return out[0], out[1], {"combat_cards": verdict(cards, r)}
