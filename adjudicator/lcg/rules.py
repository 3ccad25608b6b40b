"""The Lord of the Rings: The Card Game (seed 002): the keywords Doomed X, Surge, Time X
and Scour, and The Orcs' Search of Celebrimbor's Secret.

Kinds: ``reveal``, ``time``, ``scour``, ``orcs-search``. Keywords of the game that seed 002
does not explain (Archery, Guarded, ...) are recognised but never ruled on: a question
that depends on one answers not-covered.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from adjudicator import names
from adjudicator.lcg.model import (MAX_TOKENS, Card, Keyword, Position, read_card, read_first_player,
                                   read_players)
from adjudicator.params import check_int
from adjudicator.problems import format_path
from adjudicator.registry import question

GAME = "lotr-lcg"


def _sentence_case(fn):
    """A card known only as "the card" / "la carta" may open a sentence: start every
    sentence of the ruling with a capital, whatever name filled it."""
    import functools

    @functools.wraps(fn)
    def handler(position, q, r):
        ruling = fn(position, q, r)
        if ruling is not None:
            ruling.answer = _cap(ruling.answer)
            for step in ruling.explanation:
                step.text = _cap(step.text)
        return ruling
    return handler


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:] if text else text


def _players(position: Position, q):
    """The players: the question's `players` if given, else the position's."""
    if q.has("players"):
        count, players = read_players(q.get("players"), q.at("players"), q.problems)
        return count, players
    return position.player_count, position.players


def _card_param(position: Position, q, key: str, *, required: bool = True) -> Card | None:
    """A card given in full, or the name of a card in the position's `in_play`."""
    raw = q.get(key)
    if raw is None:
        if required:
            q.error(key, "core.err_required")
        return None
    if isinstance(raw, str):
        card = position.card(raw)
        if card is None:
            if position.is_under_orcs_search(raw):
                return Card(raw.strip(), path=f"question.{key}")
            known = ", ".join(c.name for c in position.in_play) or "-"
            q.error(key, "lcg.err_unknown_card", card=raw, known=known)
        return card
    return read_card(raw, q.at(key), q.problems)


def _not_modelled(card: Card, r):
    others = [k.text for k in card.keywords if not k.modelled]
    if others:
        r.step("lcg.keyword_not_in_seed", "lcg-keywords", keywords=", ".join(others))
        return r.not_covered("lcg.answer_keyword_not_covered", {"keywords": ", ".join(others)})
    return None


# -- reveal: Doomed X, Surge, Time X ---------------------------------------------------------------
@question(GAME, "reveal")
@_sentence_case
def reveal(position: Position, q, r):
    """An encounter card is revealed: Doomed X raises every player's threat by X, Surge
    reveals one more card once the card's when-revealed effects are resolved, and Time X
    puts X Time counters on it (seed 002, Palabras Clave).

    `then` lists the cards that Surge revealed next, in order (each one only if the card
    before it has Surge): the threat then adds up over the whole chain, and
    `pending_reveals` says how many cards Surge still has to reveal.
    """
    count, players = _players(position, q)
    if not q.has("card") and q.has("keywords"):
        # the card's keywords given straight in the question: a card with no other facts
        card = read_card({"keywords": q.get("keywords")}, q.path, q.problems)
        card = card and replace(card, path=format_path(q.path))
    else:
        card = _card_param(position, q, "card")
    when_revealed = q.bool("when_revealed")
    then: list[Card] = []
    for i, c in enumerate(q.list("then", default=[]) or []):
        path = q.at("then") + [i]
        nxt = position.card(c) if isinstance(c, str) else read_card(c, path, q.problems)
        if nxt is None and isinstance(c, str):
            nxt = Card(c.strip() or "?", path=format_path(path))
        if nxt is not None:
            then.append(replace(nxt, path=format_path(path)))
    chain = [card, *then]
    for i, nxt in enumerate(then):
        if card is not None and chain[i] is not None and not chain[i].keyword("surge"):
            q.problems.add(nxt.path, "lcg.err_then_without_surge", card=_name(chain[i], r, i))
    q.ready()
    for c in chain:
        if _not_modelled(c, r):
            return r.result

    threat_each, surges, by_card = 0, 0, {}
    for i, c in enumerate(chain):
        name = _name(c, r, i)
        if i:
            r.step("lcg.reveal_next", "lcg-surge", card=name)
        doomed, surge, time = c.keyword("doomed"), c.keyword("surge"), c.keyword("time")
        if doomed:
            threat_each += doomed.value
            if count:
                r.step("lcg.reveal_doomed_players", "lcg-doomed", card=name, x=doomed.value, players=count,
                       total=doomed.value * count)
            else:
                r.step("lcg.reveal_doomed", "lcg-doomed", card=name, x=doomed.value)
        if surge:
            surges += 1
            r.step("lcg.reveal_surge", "lcg-surge", card=name)
            r.step("lcg.reveal_surge_after" if i or when_revealed is not False else "lcg.reveal_surge_after_none",
                   "lcg-surge-timing", card=name)
        if time:
            r.step("lcg.reveal_time", "lcg-time-counters", card=name, x=time.value)
        by_card[name] = time.value if time else 0
        if c.keyword("scour"):
            r.step("lcg.reveal_scour", "lcg-scour", card=name)
        if not (doomed or surge or time or c.keyword("scour")):
            r.step("lcg.reveal_no_keywords", "lcg-keywords", card=name)

    first = chain[0]
    verdict: dict[str, Any] = {"threat_each": threat_each}
    if count:
        verdict["threat_total"] = threat_each * count
    if players and all(p.threat is not None for p in players):
        verdict["threats_after"] = {p.name: p.threat + threat_each for p in players}
    verdict["extra_reveals"] = surges
    verdict["time_counters"] = by_card[_name(first, r, 0)]
    if then:
        verdict["pending_reveals"] = surges - len(then)
        verdict["time_counters_by_card"] = by_card
    if first.keyword("surge"):
        verdict["order"] = (["when-revealed"] if when_revealed is not False else []) + ["surge"]
    return r.decide("lcg.answer_reveal" if not then else "lcg.answer_reveal_chain",
                    {"card": _name(first, r, 0), "threat": threat_each, "reveals": surges,
                     "counters": verdict["time_counters"], "cards": len(chain),
                     "pending": surges - len(then)}, **verdict)


def _name(card: Card | None, r, index: int) -> str:
    if card is not None and card.name:
        return card.name
    return r.t("lcg.the_card") if index == 0 else r.t("lcg.the_card_n", n=index + 1)


# -- Time X ------------------------------------------------------------------------------------------
@question(GAME, "time")
@_sentence_case
def time_counters(position: Position, q, r):
    """Time counters left after some refresh phases (one counter off each card with Time at
    the end of each) and card effects that remove counters; the card's effect fires when
    its last counter is removed. Counters never go below zero (seed 002, Tiempo X)."""
    card = _card_param(position, q, "card", required=False)
    counters = q.int("counters", lo=0, hi=MAX_TOKENS)
    phases = q.int("refresh_phases", default=0, lo=0, hi=MAX_TOKENS)
    effects_raw = q.get("removed_by_effects")
    removed_by_effects = 0
    if isinstance(effects_raw, list):
        vals = [check_int(v, q.at("removed_by_effects") + [i], q.problems, lo=0, hi=MAX_TOKENS)
                for i, v in enumerate(effects_raw)]
        removed_by_effects = sum(v for v in vals if v is not None)
    elif effects_raw is not None:
        removed_by_effects = check_int(effects_raw, q.at("removed_by_effects"), q.problems, lo=0,
                                       hi=MAX_TOKENS) or 0
    q.ready()
    name = (card.name if card and card.name else None) or r.t("lcg.the_card")
    if counters is None and card is not None:
        time = card.keyword("time")
        if time is not None:
            counters = card.tokens.get("resource", time.value)
    if counters is None:
        return r.needs_info(["question.counters"])
    r.step("lcg.time_counters_are", "lcg-time", card=name, counters=counters)
    if counters == 0:
        r.step("lcg.time_none_left", "lcg-time-trigger", card=name)
        return r.decide("lcg.answer_time_none", {"card": name}, counters_left=0, triggered=False,
                        removed=0, removals_unused=phases + removed_by_effects)
    if phases:
        r.step("lcg.time_refresh", "lcg-time-refresh", phases=phases)
    if removed_by_effects:
        r.step("lcg.time_effects", "lcg-time-effects", n=removed_by_effects)
    wanted = phases + removed_by_effects
    removed = min(wanted, counters)
    left = counters - removed
    triggered = left == 0
    if triggered:
        r.step("lcg.time_last_removed", "lcg-time-trigger", card=name)
        if wanted > counters:
            r.step("lcg.time_floor", "lcg-time-trigger", extra=wanted - counters)
        return r.decide("lcg.answer_time_triggered", {"card": name}, counters_left=0, triggered=True,
                        removed=removed, removals_unused=wanted - removed)
    r.step("lcg.time_still_left", "lcg-time-trigger", card=name, left=left)
    return r.decide("lcg.answer_time_left", {"card": name, "left": left}, counters_left=left, triggered=False,
                    removed=removed, removals_unused=0)


# -- Scour ----------------------------------------------------------------------------------------------
@question(GAME, "scour")
@_sentence_case
def scour(position: Position, q, r):
    """Scour does nothing alone; when a card's text triggers Scour effects, every Scour
    effect in play resolves, in the order the first player chooses (seed 002, Escudriñar).

    `cards` lists the cards (default: the position's `in_play`); those with Scour count,
    cards under The Orcs' Search are out of play and do not. `order` is the first
    player's choice; without it the effects are given as a set, their order to be chosen.
    """
    cards_raw = q.list("cards")
    cards: list[Card] = []
    if cards_raw is not None:
        for i, c in enumerate(cards_raw):
            if isinstance(c, str) and position.card(c) is not None:
                cards.append(position.card(c))
                continue
            card = read_card(c, q.at("cards") + [i], q.problems, name_required=True)
            if card is not None and card.name:
                if not card.keywords:   # listed with no keywords: a card with Scour, that is why it is listed
                    card = replace(card, keywords=(Keyword("scour", None, "scour"),))
                cards.append(card)
    else:
        cards = list(position.in_play)
    count, players = _players(position, q)
    first = q.get("first_player")
    first_name = read_first_player(first, players, q.at("first_player"), q.problems) if first is not None \
        else position.first_player
    order_raw = q.list("order")
    trigger = q.str("triggered_by")
    q.ready()

    r.step("lcg.scour_does_nothing_alone", "lcg-scour")
    if trigger:
        r.step("lcg.scour_triggered_by", "lcg-scour-trigger", card=trigger)
    in_play, out = [], []
    for c in cards:
        if position.is_under_orcs_search(c.name):
            out.append(c)
        elif c.keyword("scour"):
            in_play.append(c)
    for c in out:
        r.step("lcg.scour_out_of_play", "lcg-orcs-search-out-of-play", card=c.name)
    without = [c.name for c in cards if c not in in_play and c not in out]
    if without:
        r.step("lcg.scour_without_keyword", "lcg-scour-trigger", cards=", ".join(without))
    who = first_name or r.t("lcg.first_player")
    if first_name and first_name.isascii() and first_name.isdigit():
        who = r.t("lcg.player_n", n=first_name)   # a player known only by number
    effects = [c.name for c in in_play]
    if not in_play:
        r.step("lcg.scour_none", "lcg-scour-trigger")
        return r.decide("lcg.answer_scour_none", {}, effects=[], order_given=True,
                        chosen_by=first_name or "first-player")
    r.step("lcg.scour_every_effect", "lcg-scour-trigger", n=len(effects), cards=", ".join(effects))

    if order_raw is not None:
        by_key = {c.key: c for c in in_play}
        order, seen = [], set()
        for i, n in enumerate(order_raw):
            k = names.normalize(str(n))
            if k not in by_key:
                q.problems.add(q.at("order") + [i], "lcg.err_not_a_scour_card", card=n, cards=", ".join(effects))
            elif k in seen:
                q.problems.add(q.at("order") + [i], "lcg.err_order_twice", card=n)
            else:
                seen.add(k)
                order.append(by_key[k].name)
        missing = [c.name for c in in_play if c.key not in seen]
        if missing and not q.problems:
            q.problems.add(q.at("order"), "lcg.err_order_missing", cards=", ".join(missing))
        q.problems.raise_if_any()
        r.step("lcg.scour_order_chosen", "lcg-scour-order", who=who, order=", ".join(order))
        if len(order) > 1:
            r.step("lcg.scour_as_in_example", "lcg-scour-example")
        return r.decide("lcg.answer_scour_order", {"order": ", ".join(order)}, effects=order, order_given=True,
                        chosen_by=first_name or "first-player")
    if len(effects) == 1:
        r.step("lcg.scour_one", "lcg-scour-order", card=effects[0])
        return r.decide("lcg.answer_scour_one", {"card": effects[0]}, effects=effects, order_given=True,
                        chosen_by=first_name or "first-player")
    r.step("lcg.scour_first_player_chooses", "lcg-scour-order", who=who)
    r.step("lcg.scour_as_in_example", "lcg-scour-example")
    return r.decide("lcg.answer_scour_choice", {"cards": ", ".join(effects), "who": who}, effects=effects,
                    order_given=False, chosen_by=first_name or "first-player")


# -- The Orcs' Search -------------------------------------------------------------------------------------
# A location's fields a user may write straight in an orcs-search question, without `location:`.
ORCS_FLAT_FIELDS = ("name", "type", "quest_points", "damage", "tokens", "attachments", "progress", "resources",
                    "resource", "time_counters")


@question(GAME, "orcs-search")
@_sentence_case
def orcs_search(position: Position, q, r):
    """A location whose damage equals its printed quest points goes face down under The
    Orcs' Search; other cards go there only when an effect says so (`by_effect: true`).
    Tokens and attachments are discarded first; cards under the objective are out of play
    (seed 002, La Búsqueda de los Orcos)."""
    key = "location" if q.has("location") else "card"
    flat = [k for k in ORCS_FLAT_FIELDS if q.has(k)]
    if not q.has(key) and flat:
        # the location's facts written straight in the question (quest_points, damage ...)
        card = read_card({k: q.get(k) for k in flat}, q.path, q.problems)
        card = card and replace(card, path=format_path(q.path))
        key = None
    else:
        card = _card_param(position, q, key)
    by_effect = q.bool("by_effect", default=False)
    q.ready()
    name = card.name or r.t("lcg.the_card")
    r.step("lcg.orcs_objective", "lcg-orcs-search")
    if position.is_under_orcs_search(card.name or ""):
        r.step("lcg.orcs_already_under", "lcg-orcs-search-out-of-play", card=name)
        return r.decide("lcg.answer_orcs_already", {"card": name}, under_objective=True, discard={},
                        out_of_play=True)
    if not by_effect:
        if card.type not in (None, "location"):
            r.step("lcg.orcs_not_location", "lcg-orcs-search-location", card=name)
            return r.decide("lcg.answer_orcs_stays", {"card": name}, under_objective=False, discard={},
                            out_of_play=False)
        if card.quest_points is None:
            return r.needs_info([f"{card.path}.quest_points" if card.path else f"question.{key}.quest_points"])
        if card.damage < card.quest_points:
            r.step("lcg.orcs_damage_below", "lcg-orcs-search-location", card=name, damage=card.damage,
                   qp=card.quest_points)
            return r.decide("lcg.answer_orcs_stays", {"card": name}, under_objective=False, discard={},
                            out_of_play=False)
        r.step("lcg.orcs_damage_reached", "lcg-orcs-search-location", card=name, damage=card.damage,
               qp=card.quest_points)
    else:
        r.step("lcg.orcs_by_effect", "lcg-orcs-search", card=name)
    tokens = dict(card.tokens)
    if card.damage:
        tokens = {"damage": card.damage, **tokens}
    discard: dict[str, Any] = {}
    if tokens:
        discard["tokens"] = tokens
    if card.attachments:
        discard["attachments"] = list(card.attachments)
    elif card.attachments_unnamed:
        discard["attachments"] = card.attachments_unnamed
    if discard:
        parts = [r.t(f"lcg.token_{k}", n=v) for k, v in tokens.items()] + list(card.attachments)
        if card.attachments_unnamed:
            parts.append(r.t("lcg.attachments_n", n=card.attachments_unnamed))
        r.step("lcg.orcs_discard_first", "lcg-orcs-search-discard", card=name, what=", ".join(parts))
    else:
        r.step("lcg.orcs_nothing_to_discard", "lcg-orcs-search-discard", card=name)
    r.step("lcg.orcs_out_of_play", "lcg-orcs-search-out-of-play", card=name)
    return r.decide("lcg.answer_orcs_under", {"card": name}, under_objective=True, discard=discard,
                    out_of_play=True)
