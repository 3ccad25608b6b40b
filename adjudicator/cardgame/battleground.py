"""War of the Ring: The Card Game (official rules, Battleground Combat): battleground combat.

Kind: ``battleground-combat``: the attack icons that count (leadership only with a supporting
army), what the battleground's own defence cancels (nothing when it is reactivated from the
other side's scoring area), which defending cards must be eliminated, and who wins and adds
the battleground to its scoring area.

Decisions where the rules leave a choice to the players: which defending cards go is the
defenders' choice (the attackers decide if they cannot), so the scenario may give the order
(``eliminate``); without it the ruling gives the fewest cards the rules force and the most a
bad order costs. The winner never depends on that order: the defenders must go on until the
icons are cancelled or their cards run out.
"""
from __future__ import annotations

from typing import Any

from adjudicator.cardgame.combat import fewest_to_cancel, location_items, most_to_cancel, say_location_items
from adjudicator.cardgame.common import GAME, H_LIST, SIDE_KEBAB, card_names
from adjudicator.cardgame.model import MAX_ICONS, Area, Card, Position, key_of, other_side, read_area, read_defence
from adjudicator.params import Fields, check_side
from adjudicator.registry import question
from adjudicator.spec import SIDE_LABELS, Key, KindSpec, Param, T

SIDE_ALIASES = {"free_peoples": "free-peoples", "pueblos-libres": "free-peoples", "sombra": "shadow"}
ICONS = T("Attack icons", "Iconos de ataque")

BATTLEGROUND_COMBAT = KindSpec(
    GAME, "battleground-combat", T("Who wins this battleground combat?",
                                   "¿Quién gana este combate en el campo de batalla?"),
    "cardgame/battleground",
    help=T("A battleground of the position, or the battleground with its defence and both sides' cards.",
           "Un campo de batalla de la posición, o el campo con su defensa y las cartas de ambos bandos."),
    params=(
        Param("battleground", "card", T("Battleground", "Campo de batalla"),
              help=T("A name from the position, or {name, shields, deck, free_peoples, shadow}.",
                     "Un nombre de la posición, o {name, shields, deck, free_peoples, shadow}."),
              reader="battleground_combat"),
        Param("deck", "choice", T("Battleground deck it comes from", "Mazo de campos de batalla del que viene"),
              choices=("free-peoples", "shadow"), choice_labels=SIDE_LABELS, aliases=SIDE_ALIASES,
              help=T("Its side defends it.", "Su bando lo defiende.")),
        Param("defender", "choice", T("Defending side", "Bando defensor"), choices=("free-peoples", "shadow"),
              choice_labels=SIDE_LABELS, aliases=SIDE_ALIASES,
              help=T("Empty: the side of its battleground deck.", "Vacío: el bando de su mazo de campos de batalla.")),
        Param("defence", "int", T("Defence icons of the battleground", "Iconos de defensa del campo de batalla"),
              lo=0, hi=MAX_ICONS),
        Param("defence_tokens", "int", T("Defence tokens on the battleground", "Fichas de defensa en el campo"),
              lo=0, hi=MAX_ICONS, help=T("Empty: none (a token is there only if a card put it there).",
                                        "Vacío: ninguna (solo hay fichas si una carta las puso).")),
        Param("reactivated_from", "choice", T("Reactivated from the scoring area of", "Reactivado desde la zona de "
                                              "puntuación de"), choices=("free-peoples", "shadow"),
              choice_labels=SIDE_LABELS, aliases=SIDE_ALIASES,
              help=T("Empty: activated from its deck.", "Vacío: activado desde su mazo.")),
        Param("eliminate", "words", T("Defending cards eliminated, in order (optional)",
                                      "Cartas defensoras eliminadas, en orden (opcional)"), help=H_LIST),
    ),
    verdict=(
        Key("defender", "side", T("Defender", "Defensor")),
        Key("attack_icons", "count", ICONS),
        Key("shields_ignored", "bool", T("Battleground's icons ignored", "Iconos del campo ignorados")),
        Key("cancelled_by_battleground", "count", T("Cancelled by the battleground", "Cancelados por el campo")),
        Key("cards_eliminated", "count", T("Defending cards eliminated", "Cartas defensoras eliminadas")),
        Key("icons_left", "count", T("Attack icons left uncancelled", "Iconos de ataque sin cancelar")),
        Key("winner", "side", T("Winner", "Ganador")),
        Key("cards_eliminated_max", "count", T("Most cards a bad order eliminates",
                                               "Máximo de cartas que elimina un mal orden"),
            always=False, when=T("when the order is a choice", "si el orden es una elección")),
        Key("eliminated", "texts", T("Cards eliminated", "Cartas eliminadas"), always=False,
            when=T("when the order is given or forced", "si se da el orden o es forzoso")),
        Key("allowed", "bool", T("That order is legal", "Ese orden es legal"), always=False,
            when_param="eliminate"),
        Key("cards_cycled", "count", T("Defending cards cycled", "Cartas defensoras cicladas"), always=False,
            when=T("when known", "si se conoce")),
        Key("attackers_eliminated", "count", T("Attacking cards eliminated", "Cartas atacantes eliminadas")),
    ),
    position=("battlegrounds",),
    rules=("wotrcg-battleground-combat", "wotrcg-battleground-sides", "wotrcg-battleground-defence",
           "wotrcg-battleground-eliminate", "wotrcg-battleground-outcome", "wotrcg-battleground-characters",
           "wotrcg-combat-tokens"),
)


def _read_battleground(position: Position, q):
    """The battleground asked about: from the question (a mapping) or the position (a name).
    Returns (name, shields, deck, free_peoples area, shadow area, path of its shields)."""
    raw = q.get("battleground")
    if isinstance(raw, dict):
        g = Fields(raw, q.at("battleground"), q.problems)
        name = g.str("name")
        shields = read_defence(g)
        deck = check_side(g.get("deck"), g.at("deck"), q.problems) if g.get("deck") is not None else None
        fp = read_area(g.get("free_peoples"), g.at("free_peoples"), q.problems)
        sh = read_area(g.get("shadow"), g.at("shadow"), q.problems)
        g.finish()
        return name, shields, deck, fp, sh, "question.battleground.shields"
    if raw is None:
        if len(position.battlegrounds) == 1:
            only = next(iter(position.battlegrounds.values()))
            return only.name, only.shields, only.deck, only.free_peoples, only.shadow, f"{only.path}.shields"
        return None
    name = q.str("battleground")
    bg = position.battleground(name) if name else None
    if bg is None:
        known = [b.name for b in position.battlegrounds.values()]
        q.error("battleground", "cardgame.err_unknown_battleground", card=name, known=", ".join(known) or "-")
        return None
    return bg.name, bg.shields, bg.deck, bg.free_peoples, bg.shadow, f"{bg.path}.shields"


def supported(area: Area) -> tuple[list[Card], list[Card]]:
    """The characters whose leadership counts (an army of their faction supports each, one
    army per character: the largest leadership first) and those whose does not."""
    armies = area.of_kind("army")
    yes: list[Card] = []
    no: list[Card] = []
    chars = [c for c in area.of_kind("character") if c.leadership > 0]
    for fkey in dict.fromkeys(c.faction_key for c in chars):
        group = sorted((c for c in chars if c.faction_key == fkey), key=lambda c: -c.leadership)
        n = sum(1 for a in armies if a.faction_key == fkey)
        yes += group[:n]
        no += group[n:]
    return yes, no


def _missing_leadership(area: Area) -> list[str]:
    """Leadership counts and factions the combat needs and the scenario does not give."""
    armies = area.of_kind("army")
    if not armies:
        return []    # no army on this side: no leadership can count
    factions = {a.faction_key for a in armies}
    missing = [f"{c.path}.leadership" for c in area.of_kind("character") if not c.leadership_given
               and (c.faction_key is None or c.faction_key in factions or None in factions)]
    leaders = [c for c in area.of_kind("character") if c.leadership > 0 or not c.leadership_given]
    missing += [f"{c.path}.faction" for c in leaders if not c.faction]
    if leaders:
        missing += [f"{a.path}.faction" for a in armies if not a.faction]
    return missing


def _worth(area: Area, field: str, lead: list[Card]) -> dict[str, int]:
    """Each character's or army's icons in this combat: its own (`skulls` attacking,
    `cancels` defending), those of the items it wields, and its leadership if supported. A
    defending item that affects the location counts with the battleground's icons instead."""
    out: dict[str, int] = {}
    lead_keys = {c.key for c in lead}
    for c in area.bearers():
        own = getattr(c, field) or 0
        items = sum(getattr(i, field) or 0 for i in area.items_of(c)
                    if field != "cancels" or i.affects != "location")
        out[c.key] = own + items + (c.leadership if c.key in lead_keys else 0)
    return out


@question(BATTLEGROUND_COMBAT)
def battleground_combat(position: Position, q, r):
    """Battleground combat (official rules, Battleground Combat and its example): count the
    attacking cards' icons, cancel as many as the battleground's own icons (and defence
    tokens on it), then the defenders eliminate cards until the rest is cancelled or their
    cards run out; leftover defenders are cycled, every attacker is eliminated. If every
    icon is cancelled the defender wins and scores the battleground, else the attacker."""
    found = _read_battleground(position, q)
    deck_q = q.param("deck")
    defender_q = q.param("defender")
    defence_q = q.param("defence")
    tokens = q.param("defence_tokens") or 0
    from_area = q.param("reactivated_from")
    order_raw = q.list("eliminate")
    q.ready()
    if found is None:
        return r.needs_info(["question.battleground"])
    name, shields, deck, fp, sh, shields_path = found
    deck = deck_q.replace("-", "_") if deck_q else deck
    defender = defender_q.replace("-", "_") if defender_q else None
    if defender and deck and defender != deck:
        r.step("cardgame.bg_defender_not_deck", "wotrcg-battleground-sides", deck=r.t(f"cardgame.area_owner_{deck}"))
        defender = deck
    defender = defender or deck
    if defender is None:
        return r.needs_info(["question.defender", "question.deck"])
    deck = deck or defender      # the defender is always the side of the battleground's deck
    attacker = other_side(defender)
    areas = {"free_peoples": fp, "shadow": sh}
    att_area, def_area = areas[attacker], areas[defender]
    r.step("cardgame.bg_sides", "wotrcg-battleground-sides", where=name or r.t("cardgame.the_battleground"),
           defender=r.t(f"cardgame.area_owner_{defender}"), attacker=r.t(f"cardgame.area_owner_{attacker}"))

    attackers = att_area.bearers()
    missing = [f"{c.path}.skulls" for c in attackers if not c.skulls_given]
    missing += _missing_leadership(att_area) + _missing_leadership(def_area)
    if missing:
        return r.needs_info(missing)
    lead_att, idle_att = supported(att_area)
    lead_def, idle_def = supported(def_area)
    for c in lead_att + lead_def:
        r.step("cardgame.bg_leader_counts", "wotrcg-battleground-characters", card=c.name, icons=c.leadership)
    for c in idle_att + idle_def:
        r.step("cardgame.bg_leader_idle", "wotrcg-battleground-characters", card=c.name, faction=c.faction or "-")
    attack = _worth(att_area, "skulls", lead_att)
    icons = sum(attack.values())
    if attackers:
        r.step("cardgame.bg_icons", "wotrcg-battleground-combat", icons=icons,
               cards=", ".join(f"{c.name} ({attack[c.key]})" for c in attackers))
    else:
        r.step("cardgame.bg_no_attackers", "wotrcg-battleground-combat")

    ignored = from_area is not None and from_area.replace("-", "_") != deck
    if shields is None and defence_q is None and not ignored and icons > 0:
        return r.needs_info([shields_path if defence_q is None else "question.defence"])
    own = defence_q if defence_q is not None else (shields or 0)
    if ignored:
        r.step("cardgame.bg_reactivated_ignored", "wotrcg-reactivation-shields",
               area=r.t(f"cardgame.area_owner_{from_area.replace('-', '_')}"))
        own = 0
    if tokens:
        r.step("cardgame.bg_tokens", "wotrcg-combat-tokens", tokens=tokens)
    tokens += say_location_items(r, location_items(def_area), "cardgame.bg_item_location",
                                 "wotrcg-battleground-defence")
    by_bg = min(own + tokens, icons)
    remaining = icons - by_bg
    r.step("cardgame.bg_defence", "wotrcg-battleground-defence", defence=own + tokens, cancelled=by_bg,
           remaining=remaining)

    defenders = def_area.bearers()
    verdict: dict[str, Any] = {"defender": SIDE_KEBAB[defender], "attack_icons": icons, "shields_ignored": ignored,
                               "cancelled_by_battleground": by_bg, "attackers_eliminated": len(attackers)}
    order = _read_order(q, order_raw, defenders)
    if remaining and defenders:
        unknown = [f"{c.path}.cancels" for c in defenders if c.cancels is None]
        if unknown:
            return r.needs_info(unknown)
    worth = _worth(def_area, "cancels", lead_def)
    valued = [c._replace(cancels=worth[c.key]) for c in defenders]
    if remaining == 0:
        r.step("cardgame.bg_nothing_left", "wotrcg-battleground-eliminate")
        if order:
            r.step("cardgame.combat_order_too_long", "wotrcg-battleground-eliminate", cards=card_names(order))
        if order is not None:
            verdict["allowed"] = not order
        return _outcome(r, verdict, name, defender, 0, [], len(defenders))
    if not defenders:
        r.step("cardgame.bg_no_defenders", "wotrcg-battleground-eliminate", remaining=remaining)
        if order is not None:
            verdict["allowed"] = True      # with no defending card, the only order is none
        return _outcome(r, verdict, name, defender, remaining, [], 0)
    if order is not None:
        return _check_order(r, verdict, name, defender, valued, order, remaining)
    total = sum(worth.values())
    if total < remaining:
        r.step("cardgame.bg_all_go", "wotrcg-battleground-eliminate", n=len(valued), total=total,
               left=remaining - total)
        verdict["cards_eliminated_max"] = len(valued)
        return _outcome(r, verdict, name, defender, remaining - total, valued, 0)
    fewest, most = fewest_to_cancel(valued, remaining), most_to_cancel(valued, remaining)
    verdict["cards_eliminated_max"] = most
    if len(fewest) == most:
        r.step("cardgame.bg_choose_same", "wotrcg-battleground-eliminate", remaining=remaining, n=most)
        gone = valued if most == len(valued) else None
        return _outcome(r, verdict, name, defender, 0, gone, len(valued) - most, count=most)
    r.step("cardgame.bg_choose", "wotrcg-battleground-eliminate", remaining=remaining, fewest=len(fewest),
           cards=card_names(fewest), most=most)
    return _outcome(r, verdict, name, defender, 0, None, None, count=len(fewest))


def _read_order(q, order_raw, defenders: list[Card]) -> list[Card] | None:
    """The defenders' order of elimination, each a defending card, none twice."""
    if order_raw is None:
        return None
    by_key = {c.key: c for c in defenders}
    order: list[Card] = []
    for i, name in enumerate(order_raw):
        path = q.at("eliminate") + [i]
        if not isinstance(name, str):
            q.problems.add(path, "core.err_type_text")
        elif key_of(name) not in by_key:
            q.problems.add(path, "cardgame.err_not_a_bg_defender", card=name, cards=card_names(defenders) or "-")
        elif any(c.key == key_of(name) for c in order):
            q.problems.add(path, "cardgame.err_eliminated_twice", card=name)
        else:
            order.append(by_key[key_of(name)])
    q.problems.raise_if_any()
    return order


def _check_order(r, verdict, name, defender, valued: list[Card], order: list[Card], remaining: int):
    """The defenders' order: one card at a time while icons remain; a card is eliminated if it
    cancels even one icon, and none once every icon is cancelled."""
    by_key = {c.key: c for c in valued}
    left, gone = remaining, list[Card]()
    for c in (by_key[o.key] for o in order):
        if left <= 0:
            r.step("cardgame.combat_order_too_long", "wotrcg-battleground-eliminate",
                   cards=card_names(order[len(gone):]))
            verdict["allowed"] = False
            return _outcome(r, verdict, name, defender, 0, gone, len(valued) - len(gone))
        gone.append(c)
        left -= c.cancels or 0
        r.step("cardgame.combat_eliminate_one", "wotrcg-battleground-eliminate", card=c.name,
               cancels=c.cancels, left=max(left, 0))
    left = max(left, 0)
    rest = [c for c in valued if c not in gone]
    if left and rest:
        r.step("cardgame.bg_order_too_short", "wotrcg-battleground-eliminate", left=left, cards=card_names(rest))
        verdict["allowed"] = False
        remaining_worth = sum(c.cancels or 0 for c in rest)
        return _outcome(r, verdict, name, defender, max(left - remaining_worth, 0), None, None, count=len(gone))
    verdict["allowed"] = True
    return _outcome(r, verdict, name, defender, left, gone, len(rest))


def _outcome(r, verdict, name, defender: str, left: int, gone: list[Card] | None, cycled: int | None,
             count: int | None = None):
    """Leftover defenders are cycled, attackers eliminated; the winner scores the battleground."""
    if cycled is None:
        r.step("cardgame.bg_end_rest", "wotrcg-battleground-eliminate")
    else:
        r.step("cardgame.bg_end", "wotrcg-battleground-eliminate", cycled=cycled,
               attackers=verdict["attackers_eliminated"])
        verdict["cards_cycled"] = cycled
    winner = defender if left == 0 else other_side(defender)
    key = "cardgame.bg_defender_wins" if left == 0 else "cardgame.bg_attacker_wins"
    where = name or r.t("cardgame.the_battleground")
    r.step(key, "wotrcg-battleground-outcome", decides=True, where=where, left=left,
           side=r.t(f"cardgame.area_owner_{winner}"))
    verdict.update(cards_eliminated=len(gone) if gone is not None else (count or 0), icons_left=left,
                   winner=SIDE_KEBAB[winner])
    if gone is not None:
        verdict["eliminated"] = [c.name for c in gone]
    return r.decide("cardgame.answer_bg", {"side": r.t(f"cardgame.area_owner_{winner}"), "where": where, "left": left},
                    **verdict)
