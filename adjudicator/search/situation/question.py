"""The question's own fields a query names: where from and to, who moves, which nation, the
tile drawn, the recruits."""
from __future__ import annotations

import re
from typing import Any

from adjudicator.search.situation.kinds import Read
from adjudicator.search.situation.lexicon import region_name
from adjudicator.search.situation.position import (
    listed_with,
    muster_nation,
    muster_word,
    recruit_regions,
    recruited,
)
from adjudicator.search.situation.words import (
    ARTICLE_WORDS,
    BECOMES,
    BRINGABLE,
    DESTINATION_BEFORE,
    DIE_FACES,
    DIE_SAID,
    RING_FACES,
    RING_NAMES,
    RING_TO,
    RING_USE,
    RINGS_MINE,
    SORTIE,
    SUCCESSES,
    TARGET_BEFORE,
    TILE,
    UPGRADE,
    number,
    tables,
)


def read_question(read: Read, kind: str, lang: str, position: dict[str, Any]) -> dict[str, Any]:
    """The question's own fields the query names: where from and to, who moves, which nation."""
    from adjudicator import data, names

    question: dict[str, Any] = {}
    ordered = list(read.regions)
    regions = [region_name(rid, lang) for rid in ordered]
    origin, target = read.origins(), read.marked(TARGET_BEFORE)
    besieged = [name for name, slot in position.get("regions", {}).items() if isinstance(slot, dict)
                and slot.get("besieged")]   # the Strongholds the position holds besieged
    if kind in ("battle", "battle-outcome") and len(besieged) == 1 and SORTIE.search(read.text):
        question["from"] = question["to"] = besieged[0]   # a sortie: out of the Stronghold, in its region
    elif kind in ("army-move", "battle", "battle-outcome", "character-move", "retreat", "advance") and regions:
        if len(set(ordered)) >= 2:
            first, last = ordered[0], ordered[-1]
            attacker = read.attacker() if kind in ("battle", "battle-outcome", "retreat", "advance") else None
            attacking = read.placed()[attacker] if attacker is not None else None
            if kind in ("battle", "battle-outcome", "retreat", "advance") and origin:
                first = origin[0]   # "the Shadow attacks from Minas Morgul"
                last = next((r for r in (target or ordered) if r != first), last)
            elif attacking is not None:   # "if he moves in", "can they attack me"
                first = attacking
                last = next((r for r in (target or ordered[::-1]) if r != first), last)
            elif kind not in ("battle", "battle-outcome", "advance"):
                if origin and origin[0] != first:   # "10 en Osgiliath y quiere mover 3 más desde Minas Morgul"
                    first = origin[0]
                dest = [r for r in read.marked(DESTINATION_BEFORE) if r != first]
                # "de Erebor a Valle y ... en el Bosque Negro"
                last = dest[0] if dest else (last if last != first else next(r for r in ordered if r != first))
            question["from"], question["to"] = region_name(first, lang), region_name(last, lang)
        elif kind == "advance" and any(r == ordered[0] for r in read.placed()):
            question["from"] = regions[0]   # "10 unidades en los Vados del Isen, gana el combate": the winner's
        elif kind in ("battle", "battle-outcome", "advance"):
            attacker = read.attacker()
            explicit = read.placed()
            if attacker is not None and explicit[attacker] == ordered[0] and \
                    sum(r == ordered[0] for r in read.placed()) == 1 and not read.besieged():
                question["from"] = regions[0]   # the attacker's region said, the defender's not
            else:
                question["to"] = regions[0]
                if besieged or re.search(r"\b(sortie|salir|salida|besieged by|sitiados por|asediados por)\b",
                                         read.text):
                    question["from"] = regions[0]   # a siege or a sortie: the Stronghold's own region
        else:
            question["from"] = regions[0]
    if kind == "character-move":
        who = [names.character_name(c, lang).split(",")[0] for c in read.chars]   # "Aragorn", not "Aragorn, Heir..."
        nazgul = next((u.count for u in read.units if u.unit == "nazgul"), None)
        if who:
            question["character"] = who if len(who) > 1 else who[0]
        elif nazgul:
            question["character"] = ["Nazgûl"] * nazgul
    if kind == "bring-into-play":
        who = [c for c in read.chars if c in BRINGABLE] or [BECOMES[c] for c in read.chars if c in BECOMES]
        question["character"] = names.character_name(who[-1], lang).split(",")[0]
        dest = read.marked(DESTINATION_BEFORE)   # "can he go to Minas Tirith and become the king"
        if dest or regions:
            question["to"] = region_name(dest[-1], lang) if dest else regions[0]
    if kind == "separate-companions":
        who = [names.character_name(c, lang).split(",")[0] for c in read.chars
               if c not in ("gollum", *BRINGABLE) and data.characters()[c]["side"] == "free_peoples"]
        if who:
            question["companions"] = who
        dest = read.marked(DESTINATION_BEFORE)
        if dest:
            question["to"] = region_name(dest[-1], lang)
    question.update(_fellowship_and_rings(read, kind, lang, ordered))
    if kind == "fellowship-move":
        going = read.fellowship_destination()
        if going is not None:
            question["to"] = region_name(going, lang)
    if kind == "hunt-damage":
        tile = TILE.search(read.text)
        if tile:
            face = next(g for g in tile.groups() if g)
            if face.isdecimal() and re.search(rf"(?<![\w-])-\s?{face}(?!\d)", read.query):
                face = f"-{face}"   # the words drop the sign: "the tile drawn is a -1"
            if face in ("eye", "ojo") or -3 <= int(face) <= 3:   # "a 4 hunt tile" is no tile there is
                question["tile"] = "eye" if face in ("eye", "ojo") else int(face)
        hits = SUCCESSES.search(read.text)
        if hits and "mordor" not in position.get("fellowship", {}):   # on the Mordor Track no roll finds it
            question["successes"] = min(number(hits.group(1)), 5)
    if kind in ("muster", "politics"):
        # the politics of the Free Peoples nation whose state the query says ("Rohan is still passive"),
        # not of the army that moves in ("Saruman's 5 Isengard regulars march ...": set 29, spent)
        stated = [n for n in position.get("politics", {}) if data.nations().get(n, {}).get("side") == "free_peoples"]
        nation = muster_nation(read) if kind == "muster" else stated[0] if stated else read.nations[0] \
            if read.nations else data.regions()[read.regions[0]].get("nation") if read.regions else None
        if nation:
            question["nation"] = nation
        if kind == "muster":
            recruits = recruited(read, kind)
            if recruits and all(u.region for u in recruits):
                question["recruit"] = [{"unit": u.unit, "region": region_name(where, lang)}
                                       for u in recruits for where in recruit_regions(read, u)]
            elif UPGRADE.search(read.text):
                question["upgrade"] = True   # Saruman's: Regulars become Elites, no recruit
            elif regions:
                found = muster_word(read)
                at = read.token_at(found.start()) if found else 0
                after = [rid for s, _e, rid in read.regions_at if s > at]
                # "reclutar en Pelargir y Lossarnach": a figure in each ("Dale or Erebor" asks which)
                where = listed_with(read, (after or ordered)[0], joins=("and", "y", "e"))[:2]
                question["recruit"] = [{"region": region_name(rid, lang)} for rid in where]
        companions = [c for c in read.chars if c not in ("gollum", *BRINGABLE)
                      and data.characters()[c]["side"] == "free_peoples"]
        entered = _entered(read, question.get("nation")) if kind == "politics" and not companions else []
        if entered:
            # "if I march the uruks to Westfold does that put Rohan at war", "marching into Dagorlad, does
            # that move Gondor ... or only an attack does": an enemy army enters a region of the nation
            # (sets 29, 49 and 64, spent)
            question["event"] = "enemy-army-enters"
            question["region"] = region_name(entered[-1], lang)
        elif kind == "politics" and re.search(r"\b(attacked|atacan|atacad[oa]s?|(?:the|an|el|un) (?:attack|ataque))\b",
                                              read.text):
            question["event"] = "attacked"
        elif kind == "politics" and tables()["fellowship"].search(read.text) and \
                re.search(r"\b(declared?|declares|declaring|declarada|declaro|declara|declarar)\b", read.text):
            question["event"] = "fellowship-declared"   # "the fellowship is declared in Bree"
            declared_at = read.fellowship_at() or (ordered[0] if ordered else None)
            if declared_at is not None:
                question["region"] = region_name(declared_at, lang)
        elif kind == "politics":
            if companions and regions:   # "Gimli walks into Erebor", "llevo a Legolas a los Puertos Grises"
                question["event"] = "companion-ends-move"
                question["companion"] = names.character_name(companions[0], lang).split(",")[0]
                dest = read.marked(DESTINATION_BEFORE)
                question["region"] = region_name(dest[-1] if dest else ordered[0], lang)
    die = _die_said(read, kind)
    if die:
        question["die"] = die
    return question


def _entered(read: Read, nation: str | None) -> list[str]:
    """The regions of a nation an enemy army is said to move into ("march the uruks to Westfold",
    "marching into Dagorlad"): each named right after a word of moving in and a word of destination,
    when the units the query names are of the other side than ``nation`` ("if I move my 3 Gondor
    regulars to Pelargir, does Gondor go to war" is no enemy entering)."""
    from adjudicator import data

    if nation not in data.nations():
        return []
    other = "shadow" if data.nations()[nation]["side"] == "free_peoples" else "free_peoples"
    sides = [read.side_of_group(g, read.region_of(g)) for g in read.unit_groups]
    if other not in sides and (sides or not (any(side == other for _i, side in read.sides_at) or any(
            data.nations().get(n, {}).get("side") == other for n in read.nations))):
        return []   # the units said are the nation's own; none said, the other side is not named either
    out = []
    for s, _e, rid in read.regions_at:
        k = s - 1
        while k >= 0 and read.tokens[k] in ARTICLE_WORDS:
            k -= 1
        if k >= 1 and read.tokens[k] in DESTINATION_BEFORE and data.regions()[rid].get("nation") and any(
                ENTERS.fullmatch(w) for w in read.tokens[max(0, k - 4):k]):
            out.append(rid)
    return out


# An army moving in: the move of an enemy army into a nation's region.
ENTERS = re.compile(r"\b(march\w*|moves?|moved|moving|enters?|entered|entering|walks?|walked|mueve\w*|movi\w*"
                    r"|entra\w*|marcha\w*|meto|mete|meten|llega\w*)\b")


def _fellowship_and_rings(read: Read, kind: str, lang: str, ordered: list[str]) -> dict[str, Any]:
    """The fields of declaring the Fellowship and of using an Elven Ring."""
    out: dict[str, Any] = {}
    if kind == "declare-fellowship":   # declared where it is, unless a region is said after "declare ... in"
        said = [rid for rid in read.marked({"in", "en", "at", "to", "a", "into"}) if rid != read.fellowship_at()]
        declared = said[-1] if said else read.fellowship_at() or (ordered[-1] if ordered else None)
        if declared is not None:
            out["to"] = region_name(declared, lang)
    if kind == "elven-ring":
        named = set(RING_NAMES.findall(read.text))
        use = RING_USE.search(read.text)
        said = [side for i, side in read.sides_at if use and read.starts[i] < use.start()]
        if said:   # "can the Shadow use an Elven Ring": the side named before the ring's use
            out["side"] = said[-1]
        if named and RINGS_MINE.search(read.text):   # "tengo Vilya, Nenya y Narya": the Free Peoples' own
            out["side"], out["held"] = "free-peoples", len(named)
        into = RING_TO.search(read.text, use.end()) if use else None
        if into:
            out["to"] = RING_FACES[into.group(1)]
    return out


def _die_said(read: Read, kind: str) -> str | None:
    """The action die's face the query says it uses, when the kind's question has that face."""
    from adjudicator import registry

    said = DIE_SAID.search(read.text)
    spec = registry.spec("war-of-the-ring", kind) if said else None
    choices = next((p.choices for p in spec.params if p.name == "die"), ()) if spec else ()
    if not said or not choices:
        return None
    face = DIE_FACES[said.group(1) or said.group(2)]
    if face == "army-muster" and face not in choices:
        face = "army"   # an Army/Muster result used as an Army's
    return face if face in choices else None
