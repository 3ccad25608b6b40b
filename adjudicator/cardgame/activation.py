"""War of the Ring: The Card Game (seed 001 pp. 8-9, 16): activating paths and battlegrounds.

Kind: ``activate``. "The opponent's scoring area" is read from the activating player's
side; a teammate's scoring area (same side) keeps the shields.
"""
from __future__ import annotations

from typing import Any

from adjudicator.cardgame.common import GAME, read_player
from adjudicator.cardgame.model import Position, key_of
from adjudicator.params import Fields
from adjudicator.registry import question
from adjudicator.spec import Key, KindSpec, Param, T, allowed_key

TYPES = ("path", "battleground")
TYPE_ALIASES = {"camino": "path", "sendero": "path", "campo-de-batalla": "battleground",
                "campo": "battleground"}
# Where the card comes from, when the question says it without listing the players.
SOURCES = ("deck", "own-scoring-area", "opponent-scoring-area", "free-peoples-scoring-area", "shadow-scoring-area")
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
    "free-peoples": "free-peoples-scoring-area", "pueblos-libres": "free-peoples-scoring-area",
    "zona-de-puntuacion-de-los-pueblos-libres": "free-peoples-scoring-area",
    "area-de-puntuacion-de-los-pueblos-libres": "free-peoples-scoring-area",
    "shadow": "shadow-scoring-area", "sombra": "shadow-scoring-area",
    "zona-de-puntuacion-de-la-sombra": "shadow-scoring-area", "area-de-puntuacion-de-la-sombra": "shadow-scoring-area",
}
SIDE_SOURCE = {"own-scoring-area": "own-side", "opponent-scoring-area": "opponent"}
SOURCE_LABELS = {"deck": T("A new card", "Una carta nueva"),
                 "own-scoring-area": T("My side's scoring area", "La zona de puntuación de mi bando"),
                 "opponent-scoring-area": T("An opponent's scoring area", "La zona de puntuación de un oponente"),
                 "free-peoples-scoring-area": T("The Free Peoples' scoring area",
                                                "La zona de puntuación de los Pueblos Libres"),
                 "shadow-scoring-area": T("The Shadow's scoring area", "La zona de puntuación de la Sombra")}
AREA_SIDE = {"free-peoples-scoring-area": "free_peoples", "shadow-scoring-area": "shadow"}
OTHER_SIDE = {"free_peoples": "shadow", "shadow": "free_peoples"}

ACTIVATE = KindSpec(
    GAME, "activate", T("Can this card be activated?", "¿Se puede activar esta carta?"), "cardgame/activation",
    params=(
        Param("card", "card", T("Path or battleground", "Camino o campo de batalla"), required=True,
              help=T("A name, or {name, type}.", "Un nombre, o {name, type}."), reader="activate"),
        Param("type", "choice", T("Type of card", "Tipo de carta"), choices=TYPES, aliases=TYPE_ALIASES,
              choice_labels={"path": T("Path", "Camino"), "battleground": T("Battleground", "Campo de batalla")}),
        Param("player", "text", T("Player who activates it", "Jugador que la activa")),
        Param("scoring_area_of", "text", T("From the scoring area of (optional)",
                                           "Desde la zona de puntuación de (opcional)")),
        Param("from", "choice", T("Where the battleground comes from", "De dónde viene el campo de batalla"),
              help=T("When the players are not given below.", "Cuando no se indican los jugadores abajo."),
              choices=SOURCES, aliases=SOURCE_ALIASES, choice_labels=SOURCE_LABELS),
        Param("deck", "side", T("The battleground deck it comes from", "El mazo de campos de batalla del que viene"),
              help=T("When the battleground is not described below.",
                     "Cuando el campo de batalla no se describe abajo."),
              choices=("free-peoples", "shadow"), choice_labels={"free-peoples": T("Free Peoples", "Pueblos Libres"),
                                                                 "shadow": T("Shadow", "Sombra")}),
    ),
    verdict=(
        allowed_key(contract=True),
        Key("shields_ignored", "bool", T("Shields ignored", "Escudos ignorados"), contract=True),
        Key("replaces", "text", T("Replaces", "Sustituye a"), always=False, nullable=True,
            when=T("for a path", "para un camino")),
        Key("replaced_path_combat", "bool",
            T("The replaced path fights its combat", "El camino sustituido libra su combate"),
            always=False, when=T("for a path", "para un camino")),
        Key("from_scoring_area", "text", T("From the scoring area of", "Desde la zona de puntuación de"),
            always=False, nullable=True, when=T("for a battleground: the player, or own-side / opponent",
                                                "para un campo de batalla: el jugador, o own-side / opponent")),
        Key("activation_text", "bool", T("Its activation text applies", "Se aplica su texto de activación"),
            always=False, when=T("for a battleground", "para un campo de batalla")),
        Key("shields", "count", T("Shields", "Escudos"), always=False,
            when=T("when the battleground's shields are given", "si se dan los escudos del campo")),
    ),
    position=("players", "active_path", "paths_activated", "battlegrounds"),
    rules=("wotrcg-activation", "wotrcg-activation-one-path", "wotrcg-activation-path-once",
           "wotrcg-activation-replaced-path", "wotrcg-activation-battleground", "wotrcg-reactivation-shields"),
)


@question(ACTIVATE)
def activate(position: Position, q, r):
    """Activating a path or a battleground. One path is active at a time and each path is
    activated at most once per game (a replaced path still resolves its combat at once);
    battlegrounds may be activated again from a scoring area, and from an opponent's
    scoring area their shields are ignored in combat (seed 001 pp. 8-9, 16)."""
    card_raw = q.get("card")
    card, ctype = None, q.choice("type", TYPES, aliases=TYPE_ALIASES)
    if isinstance(card_raw, dict):
        cf = Fields(card_raw, q.at("card"), q.problems)
        card = cf.str("name", required=True)
        t = cf.choice("type", TYPES, aliases=TYPE_ALIASES)
        ctype = ctype or t
        cf.finish()
    elif card_raw is None:
        q.error("card", "core.err_required")
    else:
        before = len(q.problems)
        card = q.str("card")
        if card is None and len(q.problems) == before:   # [null]: nothing a card can be read from
            q.error("card", "core.err_required")
    player = read_player(position, q)
    owner_name = q.str("scoring_area_of")
    source = q.choice("from", SOURCES, aliases=SOURCE_ALIASES)
    deck = q.param("deck")
    q.ready()
    assert card is not None, "a missing or unreadable card is a problem q.ready() raised"
    owner = None
    if owner_name is not None:
        owner = position.player(owner_name)
        if owner is None:
            q.error("scoring_area_of", "cardgame.err_unknown_player",
                    player=owner_name, players=", ".join(p.name for p in position.players) or "-")
            q.problems.raise_if_any()
    else:
        owner = next((p for p in position.players if p.scores(card)), None)

    if ctype is None and source not in (None, "deck"):
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
    if owner is None and source not in (None, "deck"):
        return _activate_from_source(position, card, source, player, deck, r)
    return _activate_battleground(position, card, player, owner, deck, r)


def _activate_from_source(position: Position, card: str, source: str, player, deck: str | None, r):
    """A battleground coming back from a scoring area the question names only by its side
    (``from: shadow-scoring-area``) or by its side relative to the activating player
    (``from: opponent-scoring-area``), without the players' scoring areas."""
    area_side = AREA_SIDE.get(source)
    if area_side is None and player is not None and player.side is not None:
        area_side = player.side if source == "own-scoring-area" else OTHER_SIDE[player.side]
    owner = r.t(f"cardgame.area_owner_{area_side}") if area_side else r.t(
        "cardgame.source_opponent" if source == "opponent-scoring-area" else "cardgame.source_own")
    r.step("cardgame.act_location_step", "wotrcg-activation-location-step")
    r.step("cardgame.act_bg_again", "wotrcg-activation-battleground", card=card, owner=owner)
    if area_side is None:
        return r.needs_info(["question.player"], "cardgame.needs_area_side", {"card": card})
    return _shields_on_reactivation(position, card, owner, area_side, deck, r,
                                    from_scoring_area=SIDE_SOURCE.get(source, source.removesuffix("-scoring-area")))


def _shields_on_reactivation(position: Position, card: str, owner: str, area_side: str, deck: str | None, r, *,
                             from_scoring_area: str):
    """Official rules ('Combat in reactivated battlegrounds'): a battleground from one side's
    deck reactivated from the other side's scoring area has its shield icons ignored; who
    activates it does not matter (seed 001 p. 16 says "an opponent's scoring area")."""
    bg = position.battleground(card)
    deck = (bg.deck if bg is not None else None) or deck
    if deck is None:
        path = f"{bg.path}.deck" if bg is not None else "question.deck"
        return r.needs_info([path], "cardgame.needs_bg_deck", {"card": card})
    ignored = deck != area_side
    params = {"card": card, "owner": owner, "deck": r.t(f"cardgame.side_{deck}"),
              "side": r.t(f"cardgame.side_{area_side}")}
    r.step("cardgame.act_bg_deck_other" if ignored else "cardgame.act_bg_deck_same", "wotrcg-reactivation-shields",
           decides=True, **params)
    shields: dict[str, Any] = {}
    if bg is not None and bg.shields is not None:
        shields = {"shields": 0 if ignored else bg.shields}   # the shield icons that still count
    key = "cardgame.answer_act_bg_opponent" if ignored else "cardgame.answer_act_bg_own"
    return r.decide(key, {"card": card, "owner": owner}, allowed=True, shields_ignored=ignored,
                    from_scoring_area=from_scoring_area, activation_text=True, **shields)


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


def _activate_battleground(position: Position, card: str, player, owner, deck: str | None, r):
    r.step("cardgame.act_location_step", "wotrcg-activation-location-step")
    if owner is None:
        r.step("cardgame.act_bg_fresh", "wotrcg-activation", card=card)
        return r.decide("cardgame.answer_act_bg_fresh", {"card": card}, allowed=True, shields_ignored=False,
                        from_scoring_area=None, activation_text=True)
    r.step("cardgame.act_bg_again", "wotrcg-activation-battleground", card=card, owner=owner.name)
    if owner.side is None:
        return r.needs_info([f"{owner.path}.side"], "cardgame.needs_area_side", {"card": card})
    return _shields_on_reactivation(position, card, owner.name, owner.side, deck, r, from_scoring_area=owner.name)
