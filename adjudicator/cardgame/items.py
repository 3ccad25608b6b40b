"""War of the Ring: The Card Game (seed 001 pp. 11, 15): items and their wielders.

Kind: ``item-move``. The seed moves items with their wielder out of the reserve; other
moves are answered not-covered. Playing an item on a wielder not in play is refused unless
the scenario says the item's own text allows it (``text_allows: true``); playing it on an
army is refused (official rules, «Playing an Item»: an item is always played on a character).
The official rules' word is *wielder*; ``bearer``, this scenario language's first name for it,
is still read (the question's parameter, an item's key, the ``bearer-*`` events).
"""
from __future__ import annotations

from adjudicator.cardgame.common import GAME
from adjudicator.cardgame.model import Card, Position, key_of
from adjudicator.registry import question
from adjudicator.spec import Key, KindSpec, Param, T, allowed_key

EVENTS = ("wielder-moves", "wielder-cycled", "wielder-eliminated", "play")
ORIGINS = ("reserve", "path", "battleground")   # where the wielder is, when no position says
ORIGIN_ALIASES = {"reserva": "reserve", "camino": "path", "sendero": "path", "campo-de-batalla": "battleground",
                  "campo": "battleground"}
# `bearer-*`: the names these events had before the official word, wielder; still read.
EVENT_ALIASES = {"moves": "wielder-moves", "move": "wielder-moves", "mueve": "wielder-moves",
                 "bearer-moves": "wielder-moves", "portador-se-mueve": "wielder-moves",
                 "cycled": "wielder-cycled", "ciclado": "wielder-cycled", "bearer-cycled": "wielder-cycled",
                 "portador-ciclado": "wielder-cycled", "eliminated": "wielder-eliminated",
                 "eliminado": "wielder-eliminated", "bearer-eliminated": "wielder-eliminated",
                 "portador-eliminado": "wielder-eliminated", "jugar": "play"}
EVENT_LABELS = {"play": T("The item is played", "Se juega el objeto"),
                "wielder-moves": T("Its wielder moves", "Su portador se mueve"),
                "wielder-cycled": T("Its wielder is cycled", "Su portador se cicla"),
                "wielder-eliminated": T("Its wielder is eliminated", "Su portador es eliminado")}
ORIGIN_LABELS = {"reserve": T("A reserve", "Una reserva"), "path": T("A path", "Un camino"),
                 "battleground": T("A battleground", "Un campo de batalla")}

ITEM_MOVE = KindSpec(
    GAME, "item-move", T("Can this item move?", "¿Puede moverse este objeto?"), "cardgame/items",
    params=(
        Param("item", "text", T("Item", "Objeto"), required=True),
        Param("event", "choice", T("What happens", "Qué ocurre"), required=True, choices=EVENTS, aliases=EVENT_ALIASES,
              choice_labels=EVENT_LABELS),
        Param("to", "text", T("To (optional)", "Hasta (opcional)")),
        Param("wielder", "text", T("Wielder (optional)", "Portador (opcional)"),
              help=T("The character the item is on, or is played on.",
                     "El personaje que lleva el objeto, o sobre el que se juega.")),
        Param("bearer", "text", T("Wielder (optional)", "Portador (opcional)"), form=False,
              help=T("Another name for wielder.", "Otro nombre de wielder.")),
        Param("text_allows", "bool", T("The item's own text allows it", "El texto del propio objeto lo permite")),
        Param("from", "choice", T("Where the wielder is (when not given below)",
                                  "Dónde está el portador (si no se indica abajo)"),
              choices=ORIGINS, aliases=ORIGIN_ALIASES, choice_labels=ORIGIN_LABELS),
    ),
    verdict=(
        Key("moves_with", "bool", T("Moves with its wielder", "Se mueve con su portador"), always=False,
            when=T("when the wielder moves, is cycled or eliminated",
                   "si el portador se mueve, se cicla o es eliminado")),
        Key("fate", "choice", T("What happens", "Qué ocurre"), choices=("moves", "cycled", "eliminated"), always=False,
            choice_labels={"moves": T("It moves", "Se mueve"), "cycled": T("It is cycled", "Se cicla"),
                           "eliminated": T("It is eliminated", "Se elimina")},
            when=T("with moves_with", "con moves_with")),
        Key("item_to", "text", T("The item goes to", "El objeto va a"), always=False,
            when=T("when known", "si se conoce")),
        allowed_key(always=False, when=T("when the item is played", "cuando se juega el objeto")),
        Key("wielder_in_play", "bool", T("Wielder in play", "Portador en juego"), always=False,
            when=T("when the item is played", "cuando se juega el objeto")),
        Key("bearer_in_play", "bool", T("Wielder in play (its older name)", "Portador en juego (su nombre anterior)"),
            always=False, when=T("with wielder_in_play, the same value", "con wielder_in_play, el mismo valor")),
    ),
    position=("players", "players.reserve", "active_path", "battlegrounds"),
    rules=("wotrcg-items", "wotrcg-items-bearer", "wotrcg-items-move", "wotrcg-items-leave"),
)


def _find_item(position: Position, name: str):
    for place_kind, place, area in position.areas():
        c = area.find(name)
        if c is not None and c.kind == "item":
            return place_kind, place, area, c
    return None


def _find_bearer(position: Position, name: str):
    """The card in play a question names as the wielder: a character, or an army (which the
    ruling refuses: an item is always played on a character)."""
    for place_kind, place, area in position.areas():
        c = area.find(name)
        if c is not None and c.kind in ("character", "army"):
            return place_kind, place, c
    return None


def _wielder_param(q) -> str | None:
    """`wielder`, or `bearer` (its older name); both, naming different cards, is a problem."""
    wielder, bearer = q.str("wielder"), q.str("bearer")
    if wielder is not None and bearer is not None and key_of(wielder) != key_of(bearer):
        q.error("bearer", "cardgame.err_same_as", key="bearer", other="wielder")
    return wielder if wielder is not None else bearer


@question(ITEM_MOVE)
def item_move(position: Position, q, r):
    """What happens to an item: it is played on a wielder already in play unless its own
    text says otherwise, and only ever on a character; it moves with its wielder from the
    reserve to a path or battleground; it is cycled or eliminated with its wielder (seed 001
    pp. 11, 15; official rules, «Playing an Item»)."""
    item = q.str("item", required=True)
    event = q.choice("event", EVENTS, required=True, aliases=EVENT_ALIASES)
    to = q.str("to")
    bearer_name = _wielder_param(q)
    text_allows = q.bool("text_allows")
    origin = q.choice("from", ORIGINS, aliases=ORIGIN_ALIASES)
    q.ready()
    r.step("cardgame.item_follows_bearer", "wotrcg-items")
    if event == "play":
        return _play_item(position, q, r, item, bearer_name, text_allows)

    found = _find_item(position, item)
    if found is None and bearer_name is not None:
        # The item and its bearer given in the question alone, without a position.
        place_kind = origin or ("reserve" if event == "wielder-moves" else "path")
        if event == "wielder-moves" and origin is None:
            return r.needs_info(["question.from"])
        found = (place_kind, "-", None, Card(item.strip(), "item", bearer=bearer_name.strip()))
    if found is None:
        items = [c.name for _, _, a in position.areas() for c in a.of_kind("item")]
        q.error("item", "cardgame.err_unknown_item", item=item, items=", ".join(items) or "-")
        q.problems.raise_if_any()
    place_kind, place, area, card = found
    bearer = card.bearer
    if event == "wielder-moves":
        if to is None:
            return r.needs_info(["question.to"])
        if place_kind != "reserve":
            r.step("cardgame.item_moves_seed_reserve", "wotrcg-items-move", item=card.name, bearer=bearer)
            return r.not_covered("cardgame.answer_item_move_not_covered", {"item": card.name, "bearer": bearer})
        r.step("cardgame.item_moves", "wotrcg-items-move", item=card.name, bearer=bearer, to=to)
        return r.decide("cardgame.answer_item_moves", {"item": card.name, "bearer": bearer, "to": to},
                        moves_with=True, fate="moves", item_to=to)
    fate = "cycled" if event == "wielder-cycled" else "eliminated"
    r.step(f"cardgame.item_{fate}", "wotrcg-items-leave", item=card.name, bearer=bearer)
    return r.decide(f"cardgame.answer_item_{fate}", {"item": card.name, "bearer": bearer},
                    moves_with=True, fate=fate)


def _play_item(position: Position, q, r, item: str, bearer_name: str | None, text_allows: bool | None):
    if bearer_name is None:
        q.error("wielder", "cardgame.err_play_needs_bearer", item=item)
        q.problems.raise_if_any()
    assert bearer_name is not None, "raised just above"
    r.step("cardgame.item_on_bearer", "wotrcg-items-bearer", item=item, bearer=bearer_name)
    found = _find_bearer(position, bearer_name)
    if found is not None:
        place_kind, place, bearer = found
        r.step("cardgame.item_bearer_in_play", "wotrcg-items-bearer", bearer=bearer.name,
               place=r.t(f"cardgame.place_{place_kind}", name=place))
        if bearer.kind == "army":
            # Official rules, «Playing an Item»: an item is always played on a character.
            r.step("cardgame.item_wielder_is_army", "wotrcg-items-bearer", decides=True, bearer=bearer.name)
            r.unused("text_allows", "cardgame.item_army_text_moot", "wotrcg-items-bearer", item=item)
            return r.decide("cardgame.answer_item_play_army", {"item": item, "bearer": bearer.name},
                            **_in_play(True), allowed=False)
        return r.decide("cardgame.answer_item_play_yes", {"item": item, "bearer": bearer.name},
                        allowed=True, **_in_play(True))
    if text_allows:
        r.step("cardgame.item_text_exception", "wotrcg-items-bearer", item=item, bearer=bearer_name)
        return r.decide("cardgame.answer_item_play_text", {"item": item, "bearer": bearer_name},
                        allowed=True, **_in_play(False))
    r.step("cardgame.item_bearer_not_in_play", "wotrcg-items-bearer", item=item, bearer=bearer_name)
    return r.decide("cardgame.answer_item_play_no", {"item": item, "bearer": bearer_name},
                    allowed=False, **_in_play(False))


def _in_play(value: bool) -> dict[str, bool]:
    """`wielder_in_play`, and `bearer_in_play`: its older name, kept for the scenarios that expect it."""
    return {"wielder_in_play": value, "bearer_in_play": value}
