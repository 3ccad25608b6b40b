"""The position a query names, as the scenario states it: units where they stand, characters,
political states, control and sieges, the Fellowship, the Hunt Box; and who musters where."""
from __future__ import annotations

import re
from typing import Any

from adjudicator.search.situation.fellowship import fellowship_figures, fellowship_position
from adjudicator.search.situation.kinds import Read
from adjudicator.search.situation.lexicon import region_name
from adjudicator.search.situation.text import Unit
from adjudicator.search.situation.words import (
    ACTIVE,
    AT_WAR,
    BESIEGED,
    BRINGABLE,
    FIXED_AT,
    FP_BOX,
    FP_MOVE,
    FP_MOVED,
    FP_TIMES,
    FP_TIMES_DICE,
    HELD_BY,
    HUNT_DICE,
    MUSTER_WORD,
    NO_BOX,
    NOT_BEFORE,
    ONE_STEP,
    ORDINALS,
    PASSIVE,
    RECRUIT_WORD,
    SIDE_HOLDS,
    STEPS,
    STEPS_FROM_TOP,
    TO_WAR_BEFORE,
    number,
    tables,
)


def recruited(read: Read, kind: str) -> list[Unit]:
    """In a muster, the units counted after the word that recruits them ("put a regular in Dale")."""
    if kind != "muster":
        return []
    found = muster_word(read)
    if not found:
        return []
    at = read.token_at(found.start())
    from adjudicator import data

    nations = data.nations()
    side = nations.get(muster_nation(read) or "", {}).get("side")
    # an army of the other side named after it stands there ("if Lamedon next to it has 5 Southron units")
    return [u for u in read.units if u.start > at and not (
        u.explicit and u.nation in nations and side and nations[u.nation]["side"] != side)]


def muster_word(read: Read) -> re.Match[str] | None:
    """The word that recruits: "recruit", "muster", "reclutar" before "put", "poner" ("the event
    just put Shadow units in Pelargir. Can I still recruit in Dol Amroth")."""
    return RECRUIT_WORD.search(read.text) or MUSTER_WORD.search(read.text)


def muster_nation(read: Read) -> str | None:
    """The nation that musters: one named beside the word of recruiting ("can Isengard recruit",
    "recruit Gondor regulars"), else the nation of the region recruited in ("reclutar en Dale":
    the North's), else the first nation the query names, else its first region's."""
    from adjudicator import data

    found = muster_word(read)
    at = read.token_at(found.start()) if found else -1
    if found:
        beside = [n for i, n in read.nations_at if at - 3 <= i <= at + 4 and i != at   # not across a stop:
                  and not any(min(i, at) < b <= max(i, at) for b in read.breaks)   # "por sureños, puedo reclutar"
                  # nor the army counted just before ("sitiada por 6 orcos de isengard puedo reclutar")
                  and not (i < at and any(u.explicit and u.nation == n and u.start < i < u.end for u in read.units))]
        if beside:
            return beside[0]
        after = [rid for s, _e, rid in read.regions_at if s > at]
        home = data.regions()[after[0]].get("nation") if after else None
        nations = data.nations()
        if home in nations and (home in read.nations or not any(
                nations[n]["side"] == nations[home]["side"] for n in read.nations if n in nations)):
            return home   # not Erebor's Dwarves in "el norte (dale y erebor) ... poner un elite en erebor"
    if read.nations:
        return read.nations[0]
    return data.regions()[read.regions[0]].get("nation") if read.regions else None


def listed_with(read: Read, rid: str, joins: tuple[str, ...] = ("and", "y", "e", "or", "o")) -> list[str]:
    """``rid`` and the regions listed right after it, each joined by one of ``joins`` ("Dol Amroth
    and Pelargir"), none across a stop ("en Pelargir. Lossarnach ...")."""
    listed = [rid]
    for _s, e, first in read.regions_at:
        if first == rid:
            k = e
            for s2, e2, rid2 in read.regions_at:
                if s2 == k + 1 and read.tokens[k] in joins and rid2 not in listed and not any(
                        k <= b <= s2 for b in read.breaks):
                    listed.append(rid2)
                    k = e2
            break
    return listed


def recruit_regions(read: Read, u: Unit) -> list[str]:
    """Where a recruited count goes, one figure each (two at most): its region, or one in each
    of the regions listed with it when the count is theirs ("2 regulars in Dol Amroth and Pelargir")."""
    listed = listed_with(read, u.region or "")
    if 1 < len(listed) <= min(u.count, 2):
        return listed[:2]
    return [listed[0]] * min(u.count, 2)


def _listed(read: Read, one: int, other: int) -> bool:
    """Whether the regions ``one`` and ``other`` (indexes of ``read.regions_at``, ``other`` right after)
    are said as one list: nothing between them but a comma or "and" ("Minas Tirith, Helm's Deep and Dale")."""
    end, start = read.regions_at[one][1], read.regions_at[other][0]
    between = read.tokens[end:start]
    return not between and end in read.breaks or between in (["and"], ["y"], ["e"])


def _leads_unplaced(read: Read, end: int) -> bool:
    """Whether the figure ending at token ``end`` is said with an army right after it ("with 6
    orcs", "con 6 orcos") that stands nowhere the query says."""
    for group, rid in zip(read.unit_groups, read.placed(), strict=True):
        between = read.tokens[end:group[0].start]
        if rid is None and 0 < len(between) <= 2 and between[0] in ("with", "con", "and", "y", "leading"):
            return True
    return False


FEW_WORDS = frozenset({"just", "only", "solo", "jus", "nomas", "unicamente"})


def acting_part(read: Read, k: int) -> bool:
    """Whether the ``k``-th group of units is some of an army already named in its region, said as
    those that act ("besieged in Helm's Deep with 3 elites and Théoden, can I sortie with just
    Théoden and 1 elite", "salir solo con 2 élites"): no more figures, none of them counted twice."""
    group, placed = read.unit_groups[k], read.placed()
    before = read.tokens[max(0, group[0].start - 3):group[0].start]
    if placed[k] is None or not (FEW_WORDS & set(before) and {"with", "con"} & set(before)):
        return False
    side = read.side_of_group(group, placed[k])
    for j in range(k):
        if placed[j] == placed[k] and read.side_of_group(read.unit_groups[j], placed[j]) == side:
            had: dict[str, int] = {}
            for u in read.unit_groups[j]:
                had[u.unit] = had.get(u.unit, 0) + u.count
            if all(u.count <= had.get(u.unit, 0) for u in group):
                return True
    return False


def read_position(read: Read, kind: str, lang: str) -> dict[str, Any]:
    """The position the query names: units where they stand, characters with an army, the
    political states, control and sieges, the Fellowship, the Hunt Box and the Corruption."""
    from adjudicator import data, names

    position: dict[str, Any] = {}
    side_of = {nid: info["side"] for nid, info in data.nations().items()}
    recruits = recruited(read, kind)
    for k, (group, rid) in enumerate(zip(read.unit_groups, read.placed(), strict=True)):
        some = acting_part(read, k)   # "sortie with just Théoden and 1 elite": counted already
        for u in group:
            u.region = rid
            if u in recruits or rid is None or some:
                continue
            nation = u.nation
            if u.unit == "nazgul":
                slot = position.setdefault("regions", {}).setdefault(region_name(rid, lang), {})
                shadow = slot.setdefault("shadow", {})
                shadow["nazgul"] = shadow.get("nazgul", 0) + u.count
                continue
            if nation is None:
                nation = data.regions()[rid].get("nation")   # "10 units in Dol Guldur", "I've got 4 regulars"
                if nation is not None and u.side is not None and side_of.get(nation) != u.side:
                    nation = None
            if nation is None or (u.unit == "leader" and side_of.get(nation) == "shadow"):
                continue   # the Shadow has no Leader units (its leaders are the Nazgûl and Minions)
            slot = position.setdefault("regions", {}).setdefault(region_name(rid, lang), {})
            mine = slot.setdefault(side_of.get(nation, "shadow"), {}).setdefault(nation, {})
            mine[u.unit] = mine.get(u.unit, 0) + u.count
    if read.chars and (read.regions or any(c in FIXED_AT for c in read.chars)) and \
            kind not in ("separate-companions", "bring-into-play"):
        for s, _e, cid in read.chars_at:
            if cid in fellowship_figures(read):
                continue
            near = read.region_of([Unit(s, _e, None, "", 0)])
            if cid in FIXED_AT:
                near = FIXED_AT[cid]
            if near is None and _leads_unplaced(read, _e):
                continue   # "el Rey Brujo con 6 orcos ataca Pelargir": with his army, not in its target
            if near is None and read.regions and not read.apart(data.characters()[cid]["side"], read.regions[0]):
                near = read.regions[0]
            if near is None:
                continue   # beside an enemy army whose region is not said: the form asks where
            slot = position.setdefault("regions", {}).setdefault(region_name(near, lang), {})
            side = slot.setdefault(data.characters()[cid]["side"], {})
            name = names.character_name(cid, lang).split(",")[0]
            if name not in side.setdefault("characters", []):
                side["characters"].append(name)
    if kind == "bring-into-play" and read.regions:
        others = [c for c in read.chars if c not in BRINGABLE and data.characters()[c]["side"] == "free_peoples"]
        for cid in others:   # "Strider is in Dol Amroth": the figure that becomes Aragorn
            slot = position.setdefault("regions", {}).setdefault(region_name(read.regions[0], lang), {})
            slot.setdefault("free_peoples", {}).setdefault("characters", []).append(
                names.character_name(cid, lang).split(",")[0])
    politics = _politics(read, kind)
    if politics:
        position["politics"] = politics
    _sieges_and_control(read, position, lang)
    fellowship = fellowship_position(read, kind, lang)
    if fellowship:
        position["fellowship"] = fellowship
    shadow_dice = read.box.group(1) or read.box.group(2) or read.box.group(3) if read.box else None
    # Eyes rolled go to the Hunt Box whatever is asked ("shadow rolls 3 eyes and 2 muster"); "3 dados
    # de sombra" are its dice in the box only in a question about the Hunt
    if shadow_dice is None and read.eyes and (kind in ("hunt-roll", "hunt-damage", "fellowship-move", "enter-mordor")
                                              or re.match(r"\w+ (?:eyes?|ojos?)\b", read.eyes.group(0))):
        shadow_dice = read.eyes.group(1)
    if shadow_dice is None and kind in ("hunt-roll", "hunt-damage"):
        said = HUNT_DICE.search(read.text)
        shadow_dice = said.group(1) if said else None
    if shadow_dice is None and NO_BOX.search(read.text):
        shadow_dice = "0"
    free = FP_BOX.search(read.text) if (read.box or read.eyes) else None
    moved = FP_MOVE.search(read.text)
    nth = (moved.group(1) or moved.group(2)) if moved else None
    already = FP_MOVED.search(read.text)
    times = FP_TIMES.search(read.text)
    free_dice = min(number(free.group(1)), 6) if free else ORDINALS[nth] - 1 if nth else \
        (2 if already.group(1) == "twice" else 1 if already.group(1) == "once" else min(number(already.group(1)), 6)) \
        if already else FP_TIMES_DICE[times.group(1)] if times else None
    if shadow_dice is not None:
        position.setdefault("hunt", {})["box"] = {"shadow": min(number(shadow_dice), 10)}
    if free_dice and kind in ("hunt-roll", "hunt-damage", "fellowship-move", "enter-mordor"):
        position.setdefault("hunt", {}).setdefault("box", {"shadow": 0})["free_peoples"] = free_dice
    return position


def _politics(read: Read, kind: str) -> dict[str, Any]:
    """Each nation's marker the query states: at war, passive, active, some steps from war. A
    state said right after nations is theirs; said alone, it is every nation's the query names."""
    out: dict[str, Any] = {}
    states = []
    for rx, state in ((AT_WAR, "at-war"), (PASSIVE, "passive"), (ACTIVE, "active"), (STEPS, "steps"),
                      (STEPS_FROM_TOP, "steps"), (ONE_STEP, "one-step")):
        for m in rx.finditer(read.text):
            if NOT_BEFORE.search(read.text[:m.start()]):
                continue   # "Rohan aún no está en guerra": not at war, how far the query does not say
            if state == "at-war" and kind == "politics":
                continue
            if state == "at-war" and any(o.start() <= m.start() < o.end() for o in ONE_STEP.finditer(read.text)):
                continue   # "on the step before at war": one step from it
            if state == "at-war" and TO_WAR_BEFORE.search(read.text[:m.start()]):
                continue   # "la nación pasa a at war", "move it to At War": what is asked, not the state
            states.append((read.token_at(m.start()), state, m))
    for at, state, m in states:
        mine = [n for i, n in read.nations_at if at - 5 <= i < at] or list(dict.fromkeys(read.nations))
        for nation in dict.fromkeys(mine):
            if state == "at-war":
                out[nation] = "at-war"
            elif state == "passive":
                cur = out.get(nation)
                out[nation] = {**(cur if isinstance(cur, dict) else {}), "active": False}
            elif state == "active":
                cur = out.get(nation)
                out[nation] = {**(cur if isinstance(cur, dict) else {}), "active": True}
            else:
                cur = out.get(nation)
                steps = 1 if state == "one-step" else number(m.group(1))
                out[nation] = {"steps": steps, **(cur if isinstance(cur, dict) else {})}
    for nation, state in out.items():
        if isinstance(state, dict) and "steps" in state:
            out[nation] = {"steps": state["steps"], "active": state.get("active", True)}
    return out


def _sieges_and_control(read: Read, position: dict[str, Any], lang: str) -> None:
    """A Stronghold besieged ("besieged", "sitiados"): its own side inside, when the enemy
    stands there too; a settlement held by a side ("Pelargir lo tiene la Sombra")."""
    from adjudicator import data

    regions = position.get("regions", {})
    if read.besieged():
        for rid in dict.fromkeys(read.regions):
            info = data.regions()[rid]
            slot = regions.get(region_name(rid, lang), {})
            inside = "free_peoples" if info.get("side") == "free_peoples" else "shadow"
            outside = "shadow" if inside == "free_peoples" else "free_peoples"
            if info.get("settlement") == "stronghold" and outside in slot and (inside in slot or any(
                    BESIEGED.search(" ".join(read.tokens[max(0, s - 2):s] + ["|"] + read.tokens[e:e + 3]))
                    for s, e, r in read.regions_at if r == rid)):
                # "Minas Tirith is under siege by 8 Shadow units": the siege said of it, its besiegers there
                slot["besieged"] = inside.replace("_", "-")
    t = tables()

    def holder(word: str) -> str | None:   # a side's word, or a nation's of the Shadow ("the southrons took")
        nation = t["nations"].get(word)
        if word in t["sides"]:
            return t["sides"][word].replace("_", "-")
        return "shadow" if nation in data.nations() and data.nations()[nation]["side"] == "shadow" else None

    held_by: dict[int, str] = {}
    for k, (s, e, _rid) in enumerate(read.regions_at):
        after = HELD_BY.search(" ".join(read.tokens[e:e + 6]))
        before = SIDE_HOLDS.search(" ".join(read.tokens[max(0, s - 5):s]) + " ")
        held = after or before
        side = holder(held.group(1)) if held else None
        if side:
            held_by[k] = side
    for k in sorted(held_by):   # "sauron took minas tirith, helm's deep, lorien and dale": each of the list
        for step in (1, -1):
            j = k + step
            while 0 <= j < len(read.regions_at) and j not in held_by and \
                    _listed(read, min(j, j - step), max(j, j - step)):
                held_by[j] = held_by[k]
                j += step
    for k, side in held_by.items():
        rid = read.regions_at[k][2]
        if data.regions()[rid].get("settlement"):
            position.setdefault("regions", {}).setdefault(region_name(rid, lang), {})["control"] = side
