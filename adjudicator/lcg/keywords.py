"""The Lord of the Rings: The Card Game (seed 002, 'Palabras Clave'): Doomed X, Surge and Time X.

Kinds: ``reveal`` (what revealing an encounter card does) and ``time`` (when a Time
effect triggers).
"""
from __future__ import annotations

from typing import Any

from adjudicator.lcg.common import (
    GAME,
    H_LIST,
    PLAYERS_PARAM,
    card_param,
    not_modelled,
    question_players,
    sentence_case,
)
from adjudicator.lcg.model import MAX_TOKENS, Card, Position, read_card
from adjudicator.params import check_int
from adjudicator.problems import format_path
from adjudicator.registry import question
from adjudicator.spec import Col, Key, KindSpec, Param, T

H_KEYWORDS = T("In English or Spanish, separated by commas, e.g. Doomed 2, Surge or Maldito 2, Oleada.",
               "En español o en inglés, separadas por comas, p. ej. Maldito 2, Oleada o Doomed 2, Surge.")
CARD = T("Card", "Carta")

REVEAL = KindSpec(
    GAME, "reveal", T("What happens when this encounter card is revealed?",
                      "¿Qué ocurre al revelar esta carta de Encuentro?"),
    "lcg/keywords",
    params=(
        PLAYERS_PARAM,
        Param("card", "card", CARD,
              help=T("A card in play below (its name), or the card with its keywords.",
                     "Una carta en juego de abajo (su nombre), o la carta con sus palabras clave."),
              required=True, reader="card_param", form=False),
        Param("card.name", "text", CARD, help=T("A card in play below, or describe it here.",
                                                "Una carta en juego de las de abajo, o descríbela aquí.")),
        Param("card.keywords", "keywords", T("Keywords of the card", "Palabras clave de la carta"), help=H_KEYWORDS,
              reader="read_card"),
        Param("keywords", "keywords", T("Keywords of the card", "Palabras clave de la carta"), help=H_KEYWORDS,
              reader="read_card", form=False),
        Param("when_revealed", "bool", T("The card has a when-revealed effect",
                                         "La carta tiene un efecto «Al ser revelada»")),
        Param("then", "rows", T("Cards Surge revealed next, in order (optional)",
                                "Cartas que Oleada reveló después, en orden (opcional)"),
              reader="reveal", rows=3,
              cols=(Col("name", CARD), Col("keywords", T("Keywords", "Palabras clave"), "keywords"))),
    ),
    verdict=(
        Key("threat_each", "count", T("Threat for each player", "Amenaza para cada jugador"), contract=True),
        Key("extra_reveals", "count", T("Extra reveals", "Revelaciones adicionales"), contract=True),
        Key("time_counters", "count", T("Time counters", "Contadores de Tiempo"), contract=True),
        Key("threat_total", "count", T("Total threat", "Amenaza total"), always=False,
            when=T("when the players are known", "si se conocen los jugadores")),
        Key("order", "texts", T("Order", "Orden"), always=False,
            choice_labels={"surge": T("Surge", "Oleada"),
                           "when-revealed": T("When-revealed effects", "Efectos «Al ser revelada»")},
            when=T("when the effects' order matters", "si importa el orden")),
        Key("threats_after", "mapping", T("Threat afterwards", "Amenaza después"), always=False,
            when=T("when the players' threats are given", "si se dan las amenazas de los jugadores")),
        Key("pending_reveals", "count", T("Cards Surge still reveals", "Cartas que Oleada aún revela"), always=False,
            when=T("with then", "con then")),
        Key("time_counters_by_card", "mapping", T("Time counters of each card", "Contadores de Tiempo de cada carta"),
            always=False, when=T("with then", "con then")),
    ),
    position=("players", "in_play"),
    rules=("lcg-doomed", "lcg-surge", "lcg-time", "lcg-keywords"),
    card_refs=("card", "then"),
)

TIME = KindSpec(
    GAME, "time", T("When does this Time trigger?", "¿Cuándo se activa este Tiempo?"), "lcg/keywords",
    params=(
        Param("card", "card", CARD, help=T("A card in play below (its name), or the card.",
                                           "Una carta en juego de abajo (su nombre), o la carta."),
              reader="card_param", form=False),
        Param("card.name", "text", T("Card with Time (optional)", "Carta con Tiempo (opcional)"),
              help=T("A card in play below.", "Una carta en juego de las de abajo.")),
        Param("counters", "int", T("Time counters", "Contadores de Tiempo"),
              help=T("Empty: the card's Time value.", "Vacío: el valor de Tiempo de la carta."), lo=0, hi=MAX_TOKENS),
        Param("refresh_phases", "int", T("Refresh phases passed", "Fases de recuperación pasadas"), default=0, lo=0,
              hi=MAX_TOKENS),
        Param("removed_by_effects", "ints", T("Counters removed by effects", "Contadores retirados por efectos"),
              help=H_LIST,
              lo=0, hi=MAX_TOKENS),
    ),
    verdict=(
        Key("counters_left", "count", T("Counters left", "Contadores restantes"), contract=True),
        Key("triggered", "bool", T("Triggered", "Se activa"), contract=True),
        Key("removed", "count", T("Counters removed", "Contadores retirados")),
        Key("removals_unused", "count", T("Removals left unused", "Retiradas sin efecto")),
    ),
    position=("in_play",),
    rules=("lcg-time", "lcg-time-refresh"),
    card_refs=("card",),
)


# -- reveal: Doomed X, Surge, Time X ---------------------------------------------------------------
@question(REVEAL)
@sentence_case
def reveal(position: Position, q, r):
    """An encounter card is revealed: Doomed X raises every player's threat by X, Surge
    reveals one more card once the card's when-revealed effects are resolved, and Time X
    puts X Time counters on it (seed 002, Palabras Clave).

    `then` lists the cards that Surge revealed next, in order (each one only if the card
    before it has Surge): the threat then adds up over the whole chain, and
    `pending_reveals` says how many cards Surge still has to reveal.
    """
    count, players = question_players(position, q)
    if not q.has("card") and q.has("keywords"):
        # the card's keywords given straight in the question: a card with no other facts
        card = read_card({"keywords": q.get("keywords")}, q.path, q.problems)
        card = card and card._replace(path=format_path(q.path))
    else:
        card = card_param(position, q, "card")
    when_revealed = q.bool("when_revealed")
    then: list[Card] = []
    for i, c in enumerate(q.list("then", default=[]) or []):
        path = q.at("then") + [i]
        nxt = position.card(c) if isinstance(c, str) else read_card(c, path, q.problems)
        if nxt is None and isinstance(c, str):
            nxt = Card(c.strip() or "?", path=format_path(path))
        if nxt is not None:
            then.append(nxt._replace(path=format_path(path)))
    for i, nxt in enumerate(then if card is not None else []):
        before = card if i == 0 else then[i - 1]
        if before is not None and not before.keyword("surge"):
            q.problems.add(nxt.path, "lcg.err_then_without_surge", card=_name(before, r, i))
    q.ready()
    assert card is not None, "a card that cannot be read is a problem q.ready() raised"
    chain = [card, *then]
    for c in chain:
        if not_modelled(c, r):
            return r.result

    threat_each, surges, by_card = 0, 0, {}
    for i, c in enumerate(chain):
        name = _name(c, r, i)
        if i:
            r.step("lcg.reveal_next", "lcg-surge", card=name)
        doomed, surge, time = c.keyword("doomed"), c.keyword("surge"), c.keyword("time")
        if doomed:
            assert doomed.value is not None, "Doomed is read only with its value (KEYWORDS)"
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
    if threat_each == 0 and count and not (players and all(p.threat is not None for p in players)):
        # no Doomed: how many players there are changes no one's threat
        r.unused("question.players" if q.has("players") else "position.players", "lcg.unused_players_no_doomed",
                 "lcg-doomed")
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
@question(TIME)
@sentence_case
def time_counters(position: Position, q, r):
    """Time counters left after some refresh phases (one counter off each card with Time at
    the end of each) and card effects that remove counters; the card's effect fires when
    its last counter is removed. Counters never go below zero (seed 002, Tiempo X)."""
    card = card_param(position, q, "card", required=False)
    counters = q.int("counters", lo=0, hi=MAX_TOKENS)
    phases_given = q.get("refresh_phases") is not None
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
    if not phases_given:
        r.default("question.refresh_phases", "lcg.default_no_refresh", "lcg-time-refresh")
    elif phases:
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
