"""The Lord of the Rings: The Card Game, Celebrimbor's Secret (seed 002): Scour and The Orcs' Search.

Kinds: ``scour`` (the order the Scour effects resolve in) and ``orcs-search`` (what goes
under the objective, and what is discarded).
"""
from __future__ import annotations

from typing import Any

from adjudicator import names
from adjudicator.lcg.common import GAME, H_LIST, PLAYERS_PARAM, card_param, question_players, sentence_case
from adjudicator.lcg.model import CARD_TYPES, Card, Keyword, Position, read_card, read_first_player
from adjudicator.problems import format_path
from adjudicator.registry import question
from adjudicator.spec import Key, KindSpec, Param, T

# A location's fields a user may write straight in an orcs-search question, without `location:`.
ORCS_FLAT_FIELDS = ("name", "type", "quest_points", "damage", "tokens", "attachments", "progress", "resources",
                    "resource", "time_counters")
TYPE_LABELS = {"location": T("Location", "Lugar"), "enemy": T("Enemy", "Enemigo"),
               "treachery": T("Treachery", "Traición"),
               "objective": T("Objective", "Objetivo"), "quest": T("Quest", "Misión"),
               "attachment": T("Attachment", "Vinculada"), "hero": T("Hero", "Héroe"), "ally": T("Ally", "Aliado"),
               "event": T("Event", "Evento")}
FLAT = T("The location's field, written straight in the question.",
         "Un campo del lugar, escrito directamente en la pregunta.")

SCOUR = KindSpec(
    GAME, "scour", T("In which order do the Scour effects resolve?",
                     "¿En qué orden se resuelven los efectos de Escudriñar?"),
    "lcg/celebrimbor",
    help=T("The cards in play and the first player below decide it.",
           "Lo deciden las cartas en juego y el jugador inicial, abajo."),
    params=(
        Param("cards", "words", T("Cards with a Scour effect (empty: every card in play)",
                                  "Cartas con efecto Escudriñar (vacío: todas las cartas en juego)"), help=H_LIST),
        PLAYERS_PARAM,
        Param("first_player", "text", T("First player", "Jugador inicial"),
              help=T("A name, or the player's number.", "Un nombre, o el número del jugador.")),
        Param("order", "words", T("Order chosen by the first player (optional)",
                                  "Orden elegido por el jugador inicial (opcional)"), help=H_LIST),
        Param("triggered_by", "text", T("Card that triggers Scour (optional)",
                                        "Carta que desencadena Escudriñar (opcional)")),
    ),
    verdict=(
        Key("effects", "texts", T("Effects", "Efectos"), contract=True),
        Key("order_given", "bool", T("Order decided", "Orden decidido")),
        Key("chosen_by", "text", T("Chosen by", "Lo elige"),
            choice_labels={"first-player": T("The first player", "El jugador inicial")}),
    ),
    position=("players", "first_player", "in_play", "under_orcs_search"),
    rules=("lcg-scour", "lcg-scour-order"),
)

ORCS_SEARCH = KindSpec(
    GAME, "orcs-search", T("What goes under the objective in The Orcs' Search?",
                           "¿Qué va bajo el objetivo en La Búsqueda de los Orcos?"),
    "lcg/celebrimbor",
    help=T("A location goes there once its damage reaches its quest points.",
           "Un lugar va allí en cuanto su daño alcanza sus puntos de misión."),
    params=(
        Param("location", "card", T("Location", "Lugar"), reader="card_param", form=False,
              help=T("A card in play below (its name), or the location with its fields.",
                     "Una carta en juego de abajo (su nombre), o el lugar con sus campos.")),
        Param("card", "card", T("Card", "Carta"), reader="card_param", form=False,
              help=T("Another name for location.", "Otro nombre de location.")),
        Param("location.name", "text", T("Location", "Lugar"),
              help=T("A card in play below, or describe it here.",
                     "Una carta en juego de las de abajo, o descríbela aquí.")),
        Param("location.type", "choice", T("Type of card", "Tipo de carta"), choices=CARD_TYPES,
              choice_labels=TYPE_LABELS),
        Param("location.quest_points", "int", T("Quest points", "Puntos de misión"), lo=0, hi=99),
        Param("location.damage", "int", T("Damage on it", "Daño que tiene"), lo=0, hi=99),
        Param("location.tokens.progress", "int", T("Progress tokens", "Fichas de progreso"), lo=0, hi=99),
        Param("location.tokens.resource", "int", T("Resource tokens", "Fichas de recurso"), lo=0, hi=99),
        Param("location.attachments", "words", T("Attachments", "Vinculadas"), help=H_LIST),
        *(Param(k, "mapping", T(k.replace("_", " "), k.replace("_", " ")), help=FLAT, reader="orcs_search",
                form=False) for k in ORCS_FLAT_FIELDS),
        Param("by_effect", "bool", T("Placed there by a card effect", "Colocado allí por el efecto de una carta"),
              default=False),
    ),
    verdict=(
        Key("under_objective", "bool", T("Under the objective", "Bajo el objetivo"), contract=True),
        Key("discard", "mapping", T("Discarded", "Descartado"), contract=True),
        Key("out_of_play", "bool", T("Out of play", "Fuera de juego")),
    ),
    position=("in_play", "under_orcs_search"),
    rules=("lcg-orcs-search", "lcg-orcs-search-out-of-play"),
    card_refs=("location",),
    one_of=(("location", "card", *ORCS_FLAT_FIELDS),),
)


# -- Scour ----------------------------------------------------------------------------------------------
@question(SCOUR)
@sentence_case
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
            if isinstance(c, str) and (in_position := position.card(c)) is not None:
                cards.append(in_position)
                continue
            card = read_card(c, q.at("cards") + [i], q.problems, name_required=True)
            if card is not None and card.name:
                if not card.keywords:   # listed with no keywords: a card with Scour, that is why it is listed
                    card = card._replace(keywords=(Keyword("scour", None, "scour"),))
                cards.append(card)
    else:
        cards = list(position.in_play)
    count, players = question_players(position, q)
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
        if position.is_under_orcs_search(c.known_name):
            out.append(c)
        elif c.keyword("scour"):
            in_play.append(c)
    out_names = [c.known_name for c in out]
    if cards_raw is None:   # the cards in play: those face down under the objective are not
        listed = set(out_names)
        out_names += [n for n in position.under_orcs_search if n not in listed]
    for name in out_names:
        r.step("lcg.scour_out_of_play", "lcg-orcs-search-out-of-play", card=name)
    placed = {id(c) for c in (*in_play, *out)}     # by identity: a set, not a scan of two lists
    without = [c.known_name for c in cards if id(c) not in placed]
    if without:
        r.step("lcg.scour_without_keyword", "lcg-scour-trigger", cards=", ".join(without))
    # the chooser by name; one known only by a number, or not at all, is the first player
    named = first_name is not None and first_name != "" and not (first_name.isascii() and first_name.isdigit())
    who = first_name if named else r.t("lcg.first_player_n", n=first_name) if first_name else r.t("lcg.first_player")
    anon = "" if named else "_anon"
    effects = [c.known_name for c in in_play]
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
                order.append(by_key[k].known_name)
        missing = [c.known_name for c in in_play if c.key not in seen]
        if missing and not q.problems:
            q.problems.add(q.at("order"), "lcg.err_order_missing", cards=", ".join(missing))
        q.problems.raise_if_any()
        r.step(f"lcg.scour_order_chosen{anon}", "lcg-scour-order", who=who, order=", ".join(order))
        if len(order) > 1:
            r.step("lcg.scour_as_in_example", "lcg-scour-example")
        return r.decide("lcg.answer_scour_order", {"order": ", ".join(order)}, effects=order, order_given=True,
                        chosen_by=first_name or "first-player")
    if len(effects) == 1:
        r.step("lcg.scour_one", "lcg-scour-order", card=effects[0])
        return r.decide("lcg.answer_scour_one", {"card": effects[0]}, effects=effects, order_given=True,
                        chosen_by=first_name or "first-player")
    r.step(f"lcg.scour_first_player_chooses{anon}", "lcg-scour-order", who=who)
    r.step("lcg.scour_as_in_example", "lcg-scour-example")
    return r.decide("lcg.answer_scour_choice", {"cards": ", ".join(effects), "who": who}, effects=effects,
                    order_given=False, chosen_by=first_name or "first-player")


def _stays_unused(q, r, where: str | None) -> None:
    """A card that stays in play: its tokens and attachments, given, are discarded by nothing."""
    prefix = f"{where}." if where else ""
    r.unused([f"question.{prefix}tokens", f"question.{prefix}attachments"], "lcg.unused_tokens_stays",
             "lcg-orcs-search-discard")


@question(ORCS_SEARCH)
@sentence_case
def orcs_search(position: Position, q, r):
    """A location whose damage equals its printed quest points goes face down under The
    Orcs' Search; other cards go there only when an effect says so (`by_effect: true`).
    Tokens and attachments are discarded first; cards under the objective are out of play
    (seed 002, La Búsqueda de los Orcos)."""
    key = "location" if q.has("location") else "card"
    where: str | None = key   # the question's key holding the card; None: the question itself
    flat = [k for k in ORCS_FLAT_FIELDS if q.has(k)]
    if not q.has(key) and flat:
        # the location's facts written straight in the question (quest_points, damage ...)
        card = read_card({k: q.get(k) for k in flat}, q.path, q.problems)
        card = card and card._replace(path=format_path(q.path))
        where = None
    else:
        card = card_param(position, q, key)
    effect_given = q.has("by_effect")
    by_effect = q.bool("by_effect", default=False)
    q.ready()
    assert card is not None, "a card that cannot be read is a problem q.ready() raised"
    name = card.name or r.t("lcg.the_card")
    r.step("lcg.orcs_objective", "lcg-orcs-search")
    if position.is_under_orcs_search(card.name or ""):
        r.step("lcg.orcs_already_under", "lcg-orcs-search-out-of-play", card=name)
        return r.decide("lcg.answer_orcs_already", {"card": name}, under_objective=True, discard={},
                        out_of_play=True)
    if not by_effect:
        if not effect_given:
            r.default("question.by_effect", "lcg.default_no_effect", "lcg-orcs-search")
        if card.type not in (None, "location"):
            r.step("lcg.orcs_not_location", "lcg-orcs-search-location", card=name)
            _stays_unused(q, r, where)
            return r.decide("lcg.answer_orcs_stays", {"card": name}, under_objective=False, discard={},
                            out_of_play=False)
        if card.quest_points is None:
            return r.needs_info([f"{card.path}.quest_points" if card.path else f"question.{where}.quest_points"])
        if card.damage < card.quest_points:
            r.step("lcg.orcs_damage_below", "lcg-orcs-search-location", card=name, damage=card.damage,
                   qp=card.quest_points)
            _stays_unused(q, r, where)
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
