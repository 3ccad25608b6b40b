"""War of the Ring: The Card Game (seed 001 pp. 14-16): path combat and leadership.

Kinds: ``path-combat`` (skulls, the path's defence, the cards the Free Peoples must
eliminate) and ``leadership`` (the icons that count in a battleground).

Decisions where the seed leaves a choice to the players: each Free Peoples card says how
many skulls it cancels when eliminated (``cancels``); the order of elimination is the Free
Peoples player's choice, so the scenario may give it (``eliminate``, checked card by card),
and without it the ruling gives the fewest cards the rules force and the most a bad order
would cost. Leadership counts the best assignment of armies to characters of their faction.
"""
from __future__ import annotations

from typing import Any

from adjudicator.cardgame.common import GAME, H_LIST, SIDE_KEBAB, card_names
from adjudicator.cardgame.model import (
    MAX_ICONS,
    Area,
    Card,
    Position,
    key_of,
    read_area,
    read_card,
    read_defence,
    read_side,
)
from adjudicator.params import Fields
from adjudicator.registry import question
from adjudicator.spec import SIDE_LABELS, Col, Key, KindSpec, Param, T, allowed_key

CARD = T("Card", "Carta")
SKULLS = T("Skulls", "Calaveras")

PATH_COMBAT = KindSpec(
    GAME, "path-combat", T("How many skulls does this path combat leave?",
                           "¿Cuántas calaveras deja este combate en el camino?"),
    "cardgame/combat",
    help=T("Give the path and its cards here, or the active path below.",
           "Da aquí el camino y sus cartas, o abajo el camino activo."),
    params=(
        Param("path", "card", T("Path", "Camino"), help=T("A name, or the path with its defence and cards.",
                                                          "Un nombre, o el camino con su defensa y sus cartas."),
              reader="path_combat"),
        Param("defence", "int", T("Defence icons of the path", "Iconos de defensa del camino"), lo=0, hi=MAX_ICONS),
        Param("attackers", "rows", T("Shadow cards attacking", "Cartas de la Sombra que atacan"), reader="side_cards",
              rows=4, cols=(Col("name", CARD), Col("skulls", SKULLS, "int", hi=20))),
        Param("shadow", "rows", T("Shadow cards attacking", "Cartas de la Sombra que atacan"), reader="side_cards",
              form=False, help=T("Another name for attackers.", "Otro nombre de attackers.")),
        Param("skulls", "int", T("Skulls of the attackers (instead of the cards)",
                                 "Calaveras de los atacantes (en vez de las cartas)"), lo=0, hi=MAX_ICONS * 10),
        Param("defenders", "rows", T("Free Peoples cards on the path", "Cartas de los Pueblos Libres en el camino"),
              reader="side_cards", rows=6,
              cols=(Col("name", CARD), Col("cancels", T("Skulls it cancels", "Calaveras que cancela"), "int", hi=20))),
        Param("free_peoples", "rows", T("Free Peoples cards on the path", "Cartas de los Pueblos Libres en el camino"),
              reader="side_cards", form=False, help=T("Another name for defenders.", "Otro nombre de defenders.")),
        Param("eliminate", "words", T("Cards the Free Peoples eliminate, in order (optional)",
                                      "Cartas que eliminan los Pueblos Libres, en orden (opcional)"), help=H_LIST),
    ),
    verdict=(
        Key("skulls", "count", SKULLS, contract=True),
        Key("cancelled_by_path", "count", T("Cancelled by the path", "Canceladas por el camino"), contract=True),
        Key("cards_eliminated", "count", T("Cards eliminated", "Cartas eliminadas"), contract=True),
        Key("skulls_left", "count", T("Skulls left", "Calaveras restantes"), contract=True),
        Key("eliminated", "texts", T("Cards eliminated", "Cartas eliminadas"), always=False,
            when=T("when the order is given or forced", "si se da el orden o es forzoso")),
        allowed_key(always=False, when=T("with eliminate: whether that order is legal",
                                         "con eliminate: si ese orden es legal")),
        Key("cards_cycled", "count", T("Cards cycled", "Cartas cicladas"), always=False,
            when=T("when known", "si se conoce")),
        Key("attackers_eliminated", "count", T("Attackers eliminated", "Atacantes eliminados"), always=False,
            nullable=True, when=T("when the attackers are cards", "si los atacantes son cartas")),
        Key("cards_eliminated_max", "count",
            T("Most cards a bad order eliminates", "Máximo de cartas que elimina un mal orden"),
            always=False, when=T("without eliminate", "sin eliminate")),
        Key("order_chosen_by", "choice", T("Order chosen by", "Orden que elige"), choices=("free-peoples",),
            choice_labels={"free-peoples": T("The Free Peoples player", "El jugador de los Pueblos Libres")},
            always=False, when=T("when the order matters", "si el orden importa")),
        Key("items_eliminated", "texts", T("Items eliminated", "Objetos eliminados"), always=False,
            when=T("when items go with their wielders", "si hay objetos que van con su portador")),
        Key("items_cycled", "texts", T("Items cycled", "Objetos ciclados"), always=False,
            when=T("when items go with their wielders", "si hay objetos que van con su portador")),
    ),
    position=("active_path",),
    rules=("wotrcg-path-combat", "wotrcg-path-combat-skulls", "wotrcg-path-combat-path-defence",
           "wotrcg-path-combat-eliminate", "wotrcg-path-combat-end", "wotrcg-path-combat-outcome"),
)

LEADERSHIP = KindSpec(
    GAME, "leadership", T("How much leadership counts in this battleground?",
                          "¿Cuánto Liderazgo cuenta en este campo de batalla?"),
    "cardgame/combat",
    help=T("Describe the battleground's characters and armies below.",
           "Describe abajo los personajes y ejércitos del campo de batalla."),
    params=(
        Param("battleground", "card", T("Battleground", "Campo de batalla"),
              help=T("A battleground's name, or the battleground with its cards.",
                     "El nombre de un campo de batalla, o el campo con sus cartas."), reader="leadership"),
        Param("side", "choice", T("Side", "Bando"), choices=("free-peoples", "shadow"), choice_labels=SIDE_LABELS,
              aliases={"free_peoples": "free-peoples", "pueblos-libres": "free-peoples", "sombra": "shadow"}),
        Param("characters", "rows", T("Characters", "Personajes"), form=False, reader="leadership",
              help=T("The battleground's characters, written in the question.",
                     "Los personajes del campo, en la pregunta.")),
        Param("armies", "rows", T("Armies", "Ejércitos"), form=False, reader="leadership",
              help=T("The battleground's armies, written in the question.",
                     "Los ejércitos del campo, en la pregunta.")),
        Param("items", "rows", T("Items", "Objetos"), form=False, reader="leadership",
              help=T("The battleground's items, written in the question.", "Los objetos del campo, en la pregunta.")),
        Param("cards", "rows", T("Other cards", "Otras cartas"), form=False, reader="leadership",
              help=T("The battleground's other cards, written in the question.",
                     "Las demás cartas del campo, en la pregunta.")),
    ),
    verdict=(
        Key("leadership", "count", T("Leadership", "Liderazgo"), contract=True),
        Key("supported", "texts", T("Supported", "Con apoyo")),
        Key("unsupported", "texts", T("Unsupported", "Sin apoyo")),
        Key("side", "side", T("Side", "Bando"), always=False, when=T("when given or found", "si se da o se deduce")),
    ),
    position=("battlegrounds",),
    rules=("wotrcg-leadership", "wotrcg-leadership-army-support"),
)


# -- path combat (seed 001 pp. 14-15) ---------------------------------------------------------
def _side_cards(f, keys: tuple[str, str]) -> tuple[str, list[Card] | None]:
    """The cards of one side, under either of two names (`attackers`/`shadow`,
    `defenders`/`free_peoples`); both at once is a problem. Each may be a list of cards
    (a card with a `wielder`, or `bearer`, is an item) or an area as in the position (`characters`,
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
    wielder's and it cannot be eliminated on its own (official rules, Path Combat), unless
    the item affects the location, not its wielder (`affects: location`; the rules' example
    is the Phial of Galadriel): those icons count with the path's own defence instead
    (`location_icons`). Returns the cards that can be eliminated, and the whole area (for the
    items' fate)."""
    bearers = [c for c in cards if c.kind != "item"]
    by_key = {c.key: c for c in bearers}
    extra: dict[str, int] = {}
    for c in cards:
        if c.kind != "item":
            continue
        if not c.bearer or key_of(c.bearer) not in by_key:
            q.problems.add(f"{c.path}.{c.wielder_key}", "cardgame.err_item_bearer_absent", item=c.name,
                           bearer=c.bearer or "-")
            continue
        if c.affects == "location":
            continue
        extra[key_of(c.bearer)] = extra.get(key_of(c.bearer), 0) + (c.cancels or 0)
    out = [c._replace(cancels=c.cancels + extra[c.key]) if c.cancels is not None and extra.get(c.key)
           else c for c in bearers]
    return out, Area(tuple(cards))


def location_items(area: Area | None) -> list[Card]:
    """The items of an area that affect the location, not their wielder (official rules,
    «Playing an Item»): their defence icons count with the location's own."""
    return [c for c in area.cards if c.kind == "item" and c.affects == "location"] if area is not None else []


def say_location_items(r, items: list[Card], step_key: str, label: str) -> int:
    """A step for each item that affects the location (and why, when the scenario did not
    say it); returns the defence icons they add to the location's."""
    total = 0
    for c in items:
        if not c.affects_given:
            r.step("cardgame.item_location_named", label, item=c.name)
        r.step(step_key, label, item=c.name, bearer=c.bearer or "-", n=c.cancels or 0)
        total += c.cancels or 0
    return total


@question(PATH_COMBAT)
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
    if active is not None and (path_name is None or key_of(path_name) == key_of(active.name)):
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
        assert attackers is not None, "no attackers and no skulls: needs-info above"
        # An attacker's skulls are the fact the combat turns on: never read as none. An item
        # without skulls adds none to its wielder's.
        unknown = [f"{c.path}.skulls" for c in attackers if c.kind != "item" and not c.skulls_given]
        if unknown:
            return r.needs_info(unknown)

    skulls = skulls_given if skulls_given is not None else sum(c.skulls for c in attackers or [])
    r.step("cardgame.combat_what", "wotrcg-path-combat", path=path_name or r.t("cardgame.the_path"))
    if attackers and skulls_given is None:
        r.step("cardgame.combat_skulls_list", "wotrcg-path-combat-skulls", skulls=skulls,
               cards=", ".join(f"{c.name} ({c.skulls})" for c in attackers))
    else:
        r.step("cardgame.combat_skulls", "wotrcg-path-combat-skulls", skulls=skulls)
    if skulls > 0 and defence is None:
        return r.needs_info([defence_path])
    defence = (defence or 0) + say_location_items(r, location_items(items), "cardgame.combat_item_location",
                                                  "wotrcg-path-combat-eliminate")
    by_path = min(defence, skulls)
    remaining = skulls - by_path
    r.step("cardgame.combat_path_defence", "wotrcg-path-combat-path-defence",
           path=path_name or r.t("cardgame.the_path"),
           defence=defence, cancelled=by_path, remaining=remaining)
    attackers_n = len([c for c in attackers if c.kind != "item"]) \
        if attackers is not None and skulls_given is None else None
    verdict: dict[str, Any] = {"skulls": skulls, "cancelled_by_path": by_path}
    for c, held in [(c, items.items_of(c)) for c in defenders] if items is not None else []:
        carried = [i for i in held if i.cancels and i.affects != "location"]
        if carried and c.cancels is not None:
            r.step("cardgame.combat_item_icons", "wotrcg-path-combat-eliminate", card=c.name,
                   items=card_names(carried), total=c.cancels)

    order: list[Card] | None = None
    if order_raw is not None:
        by_key = {c.key: c for c in defenders}
        order, seen = [], set()
        for i, name in enumerate(order_raw):
            path = q.at("eliminate") + [i]
            if not isinstance(name, str):
                q.problems.add(path, "core.err_type_text")
            elif key_of(name) not in by_key:
                q.problems.add(path, "cardgame.err_not_a_defender", card=name, cards=card_names(defenders) or "-")
            elif key_of(name) in seen:
                q.problems.add(path, "cardgame.err_eliminated_twice", card=name)
            else:
                seen.add(key_of(name))
                order.append(by_key[key_of(name)])
        q.problems.raise_if_any()

    if remaining == 0:
        r.step("cardgame.combat_no_skulls_left", "wotrcg-path-combat-eliminate")
        if order:
            r.step("cardgame.combat_order_too_long", "wotrcg-path-combat-eliminate", cards=card_names(order))
        _end_of_combat(r, len(defenders), attackers_n)
        _items_follow(r, verdict, items, [], defenders)
        _path_outcome(r, 0)
        return r.decide("cardgame.answer_combat_none", {"skulls": skulls}, **verdict, cards_eliminated=0,
                        skulls_left=0, eliminated=[], allowed=not order,
                        cards_cycled=len(defenders), attackers_eliminated=attackers_n)
    if not defenders:
        r.step("cardgame.combat_no_cards", "wotrcg-path-combat-eliminate", remaining=remaining)
        _end_of_combat(r, 0, attackers_n)
        _path_outcome(r, remaining)
        return r.decide("cardgame.answer_combat_left", {"left": remaining, "eliminated": 0},
                        **verdict, cards_eliminated=0, skulls_left=remaining, eliminated=[],
                        cards_cycled=0, attackers_eliminated=attackers_n)
    unknown = [f"{c.path}.cancels" for c in defenders if c.cancels is None]
    if unknown:
        return r.needs_info(unknown)

    if order is not None:
        return _check_order(r, verdict, defenders, order, remaining, attackers_n, items)

    # No order given: the fewest cards the rules force, and the most a bad order costs.
    total = sum(_cancels(c) for c in defenders)
    if total < remaining:
        left = remaining - total
        r.step("cardgame.combat_all_cards_go", "wotrcg-path-combat-eliminate", n=len(defenders),
               total=total, left=left)
        _end_of_combat(r, 0, attackers_n)
        _items_follow(r, verdict, items, defenders, [])
        _path_outcome(r, left)
        return r.decide("cardgame.answer_combat_left", {"left": left, "eliminated": len(defenders)},
                        **verdict, cards_eliminated=len(defenders), cards_eliminated_max=len(defenders),
                        skulls_left=left, eliminated=[c.name for c in defenders],
                        cards_cycled=0, attackers_eliminated=attackers_n)
    fewest = fewest_to_cancel(defenders, remaining)
    most = most_to_cancel(defenders, remaining)
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
               fewest=len(fewest), cards=card_names(fewest), most=most)
        _end_of_combat(r, None, attackers_n)
        answer = "cardgame.answer_combat_choice"
    verdict["attackers_eliminated"] = attackers_n
    _path_outcome(r, 0)
    return r.decide(answer, {"fewest": len(fewest), "most": most}, **verdict)


def _cancels(c: Card) -> int:
    """A defender's cancels, once path combat has asked for every one not given."""
    assert c.cancels is not None, "path combat asks for a missing cancels before counting"
    return c.cancels


def fewest_to_cancel(cards: list[Card], skulls: int) -> list[Card]:
    """The fewest cards whose cancels reach `skulls`: the largest first (an exchange
    argument: any k cards reaching the total can be swapped for the k largest)."""
    out, left = [], skulls
    for c in sorted(cards, key=lambda c: -_cancels(c)):
        if left <= 0:
            break
        out.append(c)
        left -= _cancels(c)
    return out


def most_to_cancel(cards: list[Card], skulls: int) -> int:
    """The most cards an order can cost: elimination stops at the first card that cancels
    the last skull, so take the smallest first until the next one finishes the skulls."""
    count, left = 0, skulls
    for c in sorted(cards, key=_cancels):
        count += 1
        left -= _cancels(c)
        if left <= 0:
            break
    return count


def _check_order(r, verdict, defenders, order, remaining, attackers_n, items=None):
    """The Free Peoples player's order: eliminate one by one while skulls remain."""
    left, gone = remaining, list[Card]()
    for c in order:
        if left <= 0:
            r.step("cardgame.combat_order_too_long", "wotrcg-path-combat-eliminate",
                   cards=card_names(order[len(gone):]))
            return r.decide("cardgame.answer_combat_order_too_long", {"n": len(gone)}, **verdict, allowed=False,
                            cards_eliminated=len(gone), skulls_left=0, eliminated=[x.name for x in gone])
        gone.append(c)
        left -= c.cancels
        r.step("cardgame.combat_eliminate_one", "wotrcg-path-combat-eliminate", card=c.name,
               cancels=c.cancels, left=max(left, 0))
    left = max(left, 0)
    rest = [c for c in defenders if all(c is not g for g in gone)]
    if left > 0 and rest:
        r.step("cardgame.combat_order_too_short", "wotrcg-path-combat-eliminate", left=left, cards=card_names(rest))
        return r.decide("cardgame.answer_combat_order_too_short", {"left": left}, **verdict, allowed=False,
                        cards_eliminated=len(gone), skulls_left=left, eliminated=[x.name for x in gone])
    _end_of_combat(r, len(rest), attackers_n)
    _items_follow(r, verdict, items, gone, rest)
    key = "cardgame.answer_combat_left" if left else "cardgame.answer_combat_order"
    _path_outcome(r, left)
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
    """Items on the path leave with their wielders: eliminated or cycled alongside them."""
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


def _path_outcome(r, left: int) -> None:
    """Official rules, Outcomes of Path Combat (the Trilogy): every skull cancelled, the Free
    Peoples score the path; else the Shadow takes it face down with a corruption token a skull."""
    if left:
        r.step("cardgame.combat_outcome_shadow", "wotrcg-path-combat-outcome", left=left)
    else:
        r.step("cardgame.combat_outcome_fp", "wotrcg-path-combat-outcome")


def _end_of_combat(r, cycled: int | None, attackers: int | None) -> None:
    """Seed 001 p. 15: Free Peoples cards left on the path are cycled, attackers eliminated."""
    if cycled is None:
        r.step("cardgame.combat_end_rest_cycled", "wotrcg-path-combat-end")
    else:
        r.step("cardgame.combat_end", "wotrcg-path-combat-end", cycled=cycled)


# -- leadership (seed 001 p. 16) --------------------------------------------------------------
@question(LEADERSHIP)
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
    factions: dict[str, str] = {}
    if characters and not armies:
        r.step("cardgame.lead_no_armies", "wotrcg-leadership", cards=card_names(characters))
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
            r.step("cardgame.lead_no_army", "wotrcg-leadership", faction=faction, cards=card_names(chars))
        elif len(chars) > n_armies:
            r.step("cardgame.lead_too_few_armies", "wotrcg-leadership-army-support", faction=faction,
                   armies=n_armies, characters=len(chars), best=card_names(chars[:n_armies]) or "-",
                   left=card_names(chars[n_armies:]))
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
    return r.decide("cardgame.answer_leadership",
                    {"icons": total, "where": where or r.t("cardgame.the_battleground")}, **verdict)
