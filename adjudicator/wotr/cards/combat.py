"""Combat cards in a battle: which may be played, in which order they resolve, and what each
does to the round (docs/board/battles.md, the sections ``wotr-combat-cards-*``; each card's
own section ``wotr-combat-<slug>`` in docs/cards/combat.md).

``combat_cards`` names a card per side (its name in either language, its id or its combat
title: the cards that share a title share the whole combat half, conditions included, so a
title is never ambiguous). A card is checked against the battle: the card's side, its
condition (the battle conditions are read here, from the owner's point of view), then the two
cards are put in order (lower initiative first, on a tie the defender's) and a card that
cancels the other does so if it resolves first. What remains becomes a
:class:`adjudicator.wotr.cards.card_round.Plan` (:mod:`adjudicator.wotr.cards.combat_plan`).
"""
from __future__ import annotations

from typing import Any, NamedTuple

from adjudicator import data, names
from adjudicator.i18n import translate
from adjudicator.params import MISSING
from adjudicator.spec import Key, Param, T
from adjudicator.wotr import board
from adjudicator.wotr import characters as chars_rules
from adjudicator.wotr.cards import catalogue
from adjudicator.wotr.engagement import Engagement
from adjudicator.wotr.model import Army

ROLES = ("attacker", "defender")
FP_NATIONS = ("dwarves", "elves", "gondor", "north", "rohan")
HOBBITS = ("meriadoc", "peregrin")
MOST_ROUNDS = 12
CARD_RULES = ("wotr-combat-cards-condition", "wotr-combat-cards-order", "wotr-combat-cards-cancel",
              "wotr-combat-cards-leadership", "wotr-combat-cards-extra-attack", "wotr-combat-cards-one-round",
              "wotr-combat-cards-eliminate", "wotr-combat-cards-retreat", "wotr-combat-cards-choices",
              "wotr-combat-cards-dice")
COMBAT_CARDS_KEY = Key("combat_cards", "mapping", T("Combat cards", "Cartas de combate"), always=False, contract=True,
                       when=T("when combat cards are given: {attacker: {card, title, initiative, playable, cancelled}, "
                              "defender: {...}, order: [titles as they resolve]}",
                              "si se dan cartas de combate: {attacker: {card, title, initiative, playable, cancelled}, "
                              "defender: {...}, order: [títulos en el orden en que se resuelven]}"))


def card_params() -> tuple[Param, ...]:
    return (
        Param("combat_cards", "combat-cards", T("Combat cards", "Cartas de combate"),
              help=T("{attacker: CARD, defender: CARD}: a card's name, id or combat title; for the whole battle a "
                     "list gives the cards of consecutive rounds.",
                     "{attacker: CARTA, defender: CARTA}: el nombre, el id o el título de combate de una carta; para "
                     "la batalla entera, una lista da las cartas de rondas seguidas."),
              default_text=T("none: no combat card is played", "ninguna: no se juega carta de combate"),
              reader="read_combat_cards"),
        Param("card_choices", "mapping", T("Choices the cards leave", "Elecciones que dejan las cartas"),
              help=T("{attacker: ..., defender: ...}: a number (units to sacrifice, Leadership to give up) or a "
                     "figure (leader, a Companion's name, none).",
                     "{attacker: ..., defender: ...}: un número (unidades a sacrificar, Liderazgo al que renunciar) "
                     "o una figura (leader, el nombre de un Compañero, none)."),
              default_text=T("the choice that serves that player best, the others in a step",
                             "la elección que más conviene a ese jugador, las demás en un paso"),
              reader="read_card_choices", form=False),
    )


# -- reading the question -------------------------------------------------------------------------
def read_combat_cards(q, *, rounds_allowed: bool) -> list[dict[str, list[str]]]:
    """The cards of each round: [{role: [card ids]}]; every problem with its path."""
    raw = q.one("combat_cards")
    if raw is None or raw is MISSING:
        return []
    path = q.at("combat_cards")
    if isinstance(raw, list) and rounds_allowed:
        if len(raw) > MOST_ROUNDS:
            q.problems.add(path, "combat.err_too_many_rounds", n=MOST_ROUNDS)
            return []
        return [_read_round(q, item, [*path, i]) for i, item in enumerate(raw)]
    if not isinstance(raw, dict):
        q.problems.add(path, "combat.err_shape_rounds" if rounds_allowed else "combat.err_shape")
        return []
    return [_read_round(q, raw, path)]


def _read_round(q, raw: Any, path: list) -> dict[str, list[str]]:
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        q.problems.add(path, "combat.err_shape")
        return {}
    out: dict[str, list[str]] = {}
    for key, value in raw.items():
        role = _role(key)
        if role is None:
            q.problems.add([*path, key], "combat.err_role", value=key)
            continue
        if value is None or value == "" or value in ("none", "ninguna"):
            continue
        ids = catalogue.find_combat(value) if isinstance(value, str) else []
        if not ids:
            sugg = catalogue.suggestions(value) if isinstance(value, str) and q.problems.may_suggest() else None
            if sugg:
                q.problems.add([*path, key], "combat.err_unknown_card_suggest", value=value, suggestions=sugg)
            else:
                q.problems.add([*path, key], "combat.err_unknown_card", value=value)
            continue
        out[role] = ids
    return out


ROLE_WORDS = {"attacker": "attacker", "atacante": "attacker", "defender": "defender", "defensor": "defender"}


def _role(key: Any) -> str | None:
    return ROLE_WORDS.get(str(key).strip().lower()) if isinstance(key, str) else None


def read_card_choices(q) -> dict[str, Any]:
    raw = q.one("card_choices")
    if raw is None or raw is MISSING:
        return {}
    path = q.at("card_choices")
    if not isinstance(raw, dict):
        q.problems.add(path, "combat.err_choices_shape")
        return {}
    out: dict[str, Any] = {}
    for key, value in raw.items():
        role = _role(key)
        if role is None:
            q.problems.add([*path, key], "combat.err_role", value=key)
            continue
        if isinstance(value, bool) or not isinstance(value, (int, str)):
            q.problems.add([*path, key], "combat.err_choice_value")
            continue
        if isinstance(value, int) or value.strip().isdigit():
            n = int(value)
            if not 0 <= n <= 5:
                q.problems.add([*path, key], "combat.err_choice_value")
                continue
            out[role] = n
            continue
        word = value.strip().lower()
        if word in ("none", "ninguna", "ninguno", "leader", "líder", "lider"):
            out[role] = "none" if word.startswith("n") else "leader"
            continue
        ident = names.characters().lookup(value)
        if ident is None:
            q.problems.add([*path, key], "combat.err_choice_value")
            continue
        out[role] = ident
    return out


# -- one card as played --------------------------------------------------------------------------
class Played(NamedTuple):
    role: str
    side: str                   # the player's side (free_peoples, shadow)
    ids: tuple[str, ...]        # the cards named (one by its name; a title: every card carrying it)
    named_card: bool            # named by a card's name or id (else by its title)
    title: str                  # the English combat title
    slug: str
    initiative: int
    combat: dict
    playable: bool = True
    why: str = ""               # why it may not be played (a message key)
    why_params: dict = {}
    cancelled: bool = False


def slug(title: str) -> str:
    """The title's label part: lowercase ASCII words joined by "-" ("Durin's Bane": durin-s-bane)."""
    import unicodedata
    folded = unicodedata.normalize("NFKD", title).encode("ascii", "ignore").decode().lower()
    return "-".join("".join(ch if ch.isalnum() else " " for ch in folded).split())


def card_side(card_id: str) -> str:
    return "free_peoples" if catalogue.card(card_id)["side"] == "free-peoples" else "shadow"


def played(e: Engagement, role: str, ids: list[str], named: bool) -> Played:
    c = catalogue.card(ids[0])["combat"]
    side = e.side if role == "attacker" else e.enemy
    return Played(role, side, tuple(ids), named, c["title_en"], slug(c["title_en"]), c["initiative"], c)


def order(cards: list[Played]) -> list[Played]:
    """Lower initiative first; on a tie, the defender's card first."""
    return sorted(cards, key=lambda p: (p.initiative, 0 if p.role == "defender" else 1))


# -- the battle conditions ------------------------------------------------------------------------
class Check(NamedTuple):
    ok: bool
    key: str = ""
    params: dict = {}


def condition(position, e: Engagement, p: Played, cond: dict | None, lang: str, *, elites: int | None = None,
              cancel_nazgul: bool = False) -> Check:
    """Whether a card's ``play_if`` holds in this battle, from its owner's point of view, with
    the message that says why not. ``elites``: the owner's Elites now (a later round)."""
    if cond is None:
        return Check(True)
    t = cond["type"]
    own = e.army_of(p.side)
    if t == "all_of":
        for sub in cond["conditions"]:
            c = condition(position, e, p, sub, lang, elites=elites, cancel_nazgul=cancel_nazgul)
            if not c.ok:
                return c
        return Check(True)
    if t == "in_battle":
        return _in_battle(own, cond, lang, elites)
    if t == "nazgul_leadership":
        n = 0 if cancel_nazgul else chars_rules.nazgul_leadership(own)
        return Check(n >= cond["min"], "combat.cond_nazgul", {"min": cond["min"], "n": n})
    if t == "defender_in_region":
        return _defender_in_region(position, e, cond["region"], lang)
    if t == "defender_in_stronghold":
        return Check(e.kind == "siege", "combat.cond_stronghold", {"type": _type_word(e, lang)})
    if t == "own_role":
        role_ok = p.role == cond["role"] and (cond.get("battle") is None or e.kind == cond["battle"])
        return Check(role_ok, "combat.cond_role_defender_field", {"type": _type_word(e, lang)})
    raise ValueError(f"combat condition {t!r} is not a battle condition")


def _type_word(e: Engagement, lang: str) -> str:
    return translate(lang, f"battle.type_{e.kind}")


def has_token(army: Army, token: str, nation: str | None = None, elites: int | None = None) -> bool:
    chars = data.characters()
    if token == "hobbit":
        return any(c in HOBBITS for c in army.characters)
    if token == "companion":
        return any(chars[c]["kind"] == "companion" for c in army.characters)
    if token == "gandalf":
        return any(c in ("gandalf-the-grey", "gandalf-the-white") for c in army.characters)
    if token == "leader":
        return army.leaders > 0
    if token == "nazgul":
        return army.nazgul > 0 or any(chars[c]["is_nazgul"] for c in army.characters)
    if token == "elite":
        if nation:
            u = army.nations.get(nation)
            return bool(u and u.elite) and (elites is None or elites > 0)
        return (army.elite if elites is None else elites) > 0
    if token == "unit":
        u = army.nations.get(nation) if nation else None
        return bool(u and u.count) if nation else army.units > 0
    return token in army.characters


def _token_names(tokens: list[str], nation: str | None, lang: str) -> str:
    out = []
    for t in tokens:
        if t in data.characters():
            out.append(names.character_name(t, lang))
        else:
            out.append(translate(lang, f"combat.token_{t}"))
    text = translate(lang, "combat.or").join(out)
    if nation:
        text += " " + translate(lang, "combat.of_nation", nation=names.nation_name(nation, lang))
    return text


def _in_battle(own: Army, cond: dict, lang: str, elites: int | None) -> Check:
    nation = cond.get("nation")
    ok = any(has_token(own, t, nation, elites) for t in cond["any_of"])
    return Check(ok, "combat.cond_in_battle", {"what": _token_names(cond["any_of"], nation, lang)})


def region_matches(position, region: str, sel: dict) -> bool:
    if "any_of" in sel:
        return any(region_matches(position, region, s) for s in sel["any_of"])
    if sel.get("with_fellowship"):
        return position.fellowship.region == region
    if "nations" in sel:
        return board.nation_of(region) in sel["nations"]
    if "names" in sel:
        return region in sel["names"]
    if "inside_side_nations" in sel:
        nations = FP_NATIONS if sel["inside_side_nations"] == "free-peoples" else ("isengard", "sauron", "southrons")
        return board.nation_of(region) in nations
    if "within" in sel:
        w = sel["within"]
        return board.distances(w["of"]).get(region, 99) <= w["distance"]
    raise ValueError(f"region selector {sel!r} is not read here")


def _where(sel: dict, lang: str) -> str:
    if "any_of" in sel:
        return translate(lang, "combat.or").join(_where(s, lang) for s in sel["any_of"])
    if sel.get("with_fellowship"):
        return translate(lang, "combat.where_fellowship")
    if "nations" in sel:
        return translate(lang, "combat.where_nation", nation=", ".join(names.nation_name(n, lang)
                                                                     for n in sel["nations"]))
    if "names" in sel:
        return translate(lang, "combat.or").join(names.region_name(n, lang) for n in sel["names"])
    if "inside_side_nations" in sel:
        return translate(lang, "combat.where_fp_nation")
    w = sel["within"]
    return translate(lang, "combat.where_within", n=w["distance"], region=names.region_name(w["of"], lang))


def _defender_in_region(position, e: Engagement, sel: dict, lang: str) -> Check:
    ok = region_matches(position, e.dst, sel)
    return Check(ok, "combat.cond_region", {"where": _where(sel, lang), "region": names.region_name(e.dst, lang)})
