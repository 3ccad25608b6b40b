"""The conditions of the Event cards (``_schema.condition_types`` of data/event_cards.json)
read against a position: each is true, false, or unknown.

Unknown is never a guess: the reader records the position field it needs (``missing``), and
the handler answers ``needs-info`` naming it. Where the answer leans on a default of the
scenario language (a region not listed holds nobody, a nation at its starting position, the
start's Fellowship), the reader says so in a step of the ruling (``r.default``).

The combat conditions (``in_battle`` and the others a card's combat half uses) read a
:class:`Battle`; without one they are unknown and name ``question.battle`` as missing (and
the round's hits, ``question.hits``, until they are rolled).
"""
from __future__ import annotations

from typing import Any, NamedTuple

from adjudicator import data, names
from adjudicator.wotr import board
from adjudicator.wotr.armies import name_default
from adjudicator.wotr.characters import leadership, nazgul_leadership
from adjudicator.wotr.fellowship import lean_on_fellowship, lean_on_guide
from adjudicator.wotr.model import Army, Position, other_side
from adjudicator.wotr.political import political_default

# The card data spells the sides with a hyphen; the position with an underscore.
SIDE = {"free-peoples": "free_peoples", "shadow": "shadow", "free_peoples": "free_peoples"}
COMBAT_TYPES = ("in_battle", "nazgul_leadership", "defender_in_region", "defender_in_stronghold", "own_role",
                "hits_scored", "hits_compare", "units_ratio", "leadership_compare")
CARDS_RULE = "wotr-cards-condition"


class Battle(NamedTuple):
    """A battle the combat conditions read: where, who attacks, both armies, and (once
    rolled) each side's hits this round."""

    region: str
    attacker: str                     # side: free_peoples | shadow
    siege: bool = False
    # side -> hits of each roll this round ({"combat-roll": 2, "leader-reroll": 1}); None: not rolled yet
    hits: dict[str, dict[str, int]] | None = None


def traits() -> dict:
    return data.load("region_traits")


class Reader:
    """Reads conditions and region selectors for the card's owner in ``position``; records
    what is missing, the disputed map facts met, and states the defaults in ``r``."""

    def __init__(self, position: Position, side: str, r: Any, battle: Battle | None = None,
                 events: frozenset[str] = frozenset()):
        self.p, self.side, self.r, self.battle, self.events = position, SIDE[side], r, battle, events
        self.missing: list[str] = []
        self.disputed: list[str] = []      # regions whose map fact a card needs is disputed
        self.refs: dict[str, list[str]] = {}   # a step's named choice -> its candidate regions

    # -- the defaults, each said once ----------------------------------------------------------
    def need(self, path: str) -> None:
        if path not in self.missing:
            self.missing.append(path)

    def lean_regions(self) -> None:
        if self.r is not None:
            name_default(self.r, "position.regions", "fellowship.default_regions", CARDS_RULE)

    def lean_fellowship(self, *fields: str) -> None:
        if self.r is not None:
            fresh = [f for f in fields if f"position.fellowship.{f}" not in self.r.defaults]
            if fresh:
                lean_on_fellowship(self.p, self.r, *fresh)

    def political(self, nation: str):
        return political_default(self.r, self.p, nation) if self.r is not None else self.p.political(nation)

    # -- where figures stand -----------------------------------------------------------------
    def companions(self) -> tuple[str, ...]:
        self.lean_fellowship("companions")
        return self.p.fellowship.companions

    def on_map(self, cid: str) -> list[str]:
        return [rid for rid, st in self.p.regions.items()
                if cid in st.free_peoples.characters or cid in st.shadow.characters]

    def located(self, cid: str) -> list[str] | None:
        """The regions where character ``cid`` stands on the map ([] = nowhere on the map:
        in the Fellowship or not in play); None when the position does not say where he is."""
        found = self.on_map(cid)
        if found:
            return found
        info = data.characters()[cid]
        if info["kind"] == "companion" and not info["replaces"]:
            if cid in self.companions():
                return []
            upgrade = next((c for c, i in data.characters().items() if i["replaces"] == cid), None)
            if upgrade and self.on_map(upgrade):
                return []
            if "companions" in self.p.fellowship.given:
                # Out of the Fellowship and on no listed region: eliminated, or in a region left out.
                self.need("position.regions")
                return None
        self.lean_regions()
        return []

    def in_play(self, cid: str) -> bool | None:
        info = data.characters()[cid]
        if info["kind"] == "companion" and not info["replaces"] and cid in self.companions():
            return True
        where = self.located(cid)
        return None if where is None else bool(where)

    # -- armies ------------------------------------------------------------------------------
    def army_has(self, army: Army, tokens: list[str] | None, nation: str | None = None,
                 excluding: list[str] | tuple[str, ...] = ()) -> bool:
        if not tokens:
            return army.is_army
        chars = data.characters()
        for tok in tokens:
            if tok == "companion" and any(chars[c]["kind"] == "companion" for c in army.characters):
                return True
            if tok == "minion" and any(chars[c]["kind"] == "minion" for c in army.characters):
                return True
            if tok == "nazgul" and (army.nazgul or ("witch-king" in army.characters and "witch-king" not in excluding)):
                return True
            if tok in ("unit", "elite", "leader"):
                kinds = {"unit": ("regular", "elite"), "elite": ("elite",), "leader": ("leader",)}[tok]
                for nid, u in army.nations.items():
                    if (nation is None or nid == nation) and any(getattr(u, k) for k in kinds):
                        return True
            if tok == "hobbit" and any(c in ("meriadoc", "peregrin") for c in army.characters):
                return True
            if tok == "gandalf" and any(c.startswith("gandalf") for c in army.characters):
                return True
            if tok in chars and tok in army.characters:
                return True
        return False

    def armies(self, spec: dict) -> list[str]:
        """The regions holding an Army that matches ``spec`` ({side, containing, nation,
        besieging_stronghold, region, excluding, from}); unlisted regions hold none (a default)."""
        side = SIDE[spec["side"]]
        self.lean_regions()
        out = []
        for rid, st in self.p.regions.items():
            army = st.army(side)
            if not army.is_army and not (spec.get("containing") and army.characters):
                continue
            if not army.is_army:
                continue
            if not self.army_has(army, spec.get("containing"), spec.get("nation"), spec.get("excluding", ())):
                continue
            if spec.get("besieging_stronghold") and st.besieged != other_side(side):
                continue
            where = spec.get("region") or spec.get("from")
            if where and not self.region_is(where, rid):
                continue
            out.append(rid)
        return sorted(out)

    # -- region selectors --------------------------------------------------------------------
    def regions(self, sel: dict | None) -> list[str]:
        """Every region matching the selector (sorted); a disputed map fact is recorded."""
        if not sel:
            return []
        if "one_of" in sel:
            return self.regions(sel["one_of"])
        if "ref" in sel:
            return list(self.refs.get(sel["ref"], []))
        if "names" in sel and len(sel) == 1:
            return sorted(sel["names"])
        return sorted(rid for rid in self._candidates(sel) if self.region_is(sel, rid))

    def _candidates(self, sel: dict):
        """The regions a selector can match at all (the cheap keys first: the whole map only
        when nothing narrows it)."""
        if "names" in sel:
            return sel["names"]
        if "any_of" in sel and len(sel) == 1:
            return {rid for inner in sel["any_of"] for rid in self._candidates(inner)}
        if "with_character" in sel:
            return self.located(sel["with_character"]) or []
        if any(k in sel for k in ("has_army_of", "army_with", "has_character")):
            return list(self.p.regions)   # a region not listed holds no figures
        near = sel.get("adjacent_to") or sel.get("adjacent_to_any")
        if near:
            return {n for r in near for n in board.neighbours(r)}
        return data.regions()

    def region_is(self, sel: dict, rid: str) -> bool:   # noqa: C901 (one branch per selector key)
        info = data.regions()[rid]
        nation = info["nation"]
        for key, want in sel.items():
            if key == "names" and rid not in want:
                return False
            if key == "nations" and nation not in want:
                return False
            if key == "inside_side_nations":
                if nation is None or data.nations()[nation]["side"] != SIDE[want]:
                    return False
                if sel.get("nation_not_at_war") and self.political(nation).at_war:
                    return False
            if key == "outside_side_nations" and nation is not None and data.nations()[nation]["side"] == SIDE[want]:
                return False
            if key == "with_fellowship":
                self.lean_fellowship("region", "mordor")
                if self.p.fellowship.in_mordor or self.p.fellowship.region != rid:
                    return False
            if key == "within" and (board.distances(want["of"]).get(rid, 99) > want["distance"]):
                return False
            if key == "settlement" and info["settlement"] not in want:
                return False
            if key == "settlement_of_side" and info["side"] != SIDE[want]:
                return False
            if key == "unconquered" and want and self.p.is_captured(rid):
                return False
            if key == "coastal" and not self._trait(rid, "coastal"):
                return False
            if key == "touches_map_edge" and not self._trait(rid, f"map_edge_{want}"):
                return False
            if key == "free" and want and (board.has_army(self.p, rid, other_side(self.side))
                                           or board.enemy_settlement(self.p, rid, self.side)):
                return False
            if key == "besieged" and want is False and self.p.region(rid).besieged:
                return False
            if key == "has_army_of" and not board.has_army(self.p, rid, SIDE[want]):
                return False
            if key == "has_character":
                st = self.p.region(rid)
                if not (self.army_has(st.free_peoples, want) or self.army_has(st.shadow, want)):
                    return False
            if key == "adjacent_to" or key == "adjacent_to_any":
                if not any(board.are_adjacent(rid, other) for other in want):
                    return False
            if key == "with_character" and rid not in (self.located(want) or []):
                return False
            if key == "army_with":
                st = self.p.region(rid)
                if not any(c in st.army(s).characters and st.army(s).is_army for c in want
                           for s in ("free_peoples", "shadow")):
                    return False
            if key == "any_of" and not any(self.region_is(inner, rid) for inner in want):
                return False
            if key == "one_of" and not self.region_is(want, rid):
                return False
            if key == "ref" and rid not in self.refs.get(want, []):
                return False
        return True

    def _trait(self, rid: str, trait: str) -> bool:
        t = traits()
        if rid in t.get(trait, []):
            return True
        if rid in t.get(f"{trait}_disputed", {}):
            if rid not in self.disputed:
                self.disputed.append(rid)
        return False

    # -- conditions ----------------------------------------------------------------------------
    def holds(self, cond: dict | None) -> bool | None:   # noqa: C901 (one branch per condition type)
        """True, False, or None (unknown: ``missing`` says what the rules need)."""
        if cond is None:
            return True
        t = cond["type"]
        if t == "all_of":
            values = [self.holds(c) for c in cond["conditions"]]
            return False if False in values else (None if None in values else True)
        if t == "any_of":
            values = [self.holds(c) for c in cond["conditions"]]
            return True if True in values else (None if None in values else False)
        if t == "not":
            value = self.holds(cond["condition"])
            return None if value is None else not value
        if t == "character_in_fellowship":
            comps = self.companions()
            return any(c in comps for c in cond["any_of"]) or ("companion" in cond["any_of"] and bool(comps))
        if t == "character_in_play":
            return self.in_play(cond["character"])
        if t == "character_at":
            return self._character_at(cond)
        if t == "guide":
            lean_on_guide(self.p, self.r) if self.r is not None else None
            guide = self.p.fellowship.guide
            if guide is None:
                self.need("position.fellowship.guide")
                return None
            return guide == cond["character"]
        if t == "fellowship_in_region":
            self.lean_fellowship("region", "mordor")
            if self.p.fellowship.in_mordor:
                return False   # on the Mordor Track the figure is in no region
            return self.region_is(cond["region"], self.p.fellowship.region)
        if t == "fellowship_progress":
            self.lean_fellowship("progress")
            return self.p.fellowship.progress >= cond["min"]
        if t == "fellowship_revealed":
            self.lean_fellowship("hidden")
            return not self.p.fellowship.hidden
        if t == "corruption_level":
            self.lean_fellowship("corruption")
            return self.p.fellowship.corruption <= cond["max"]
        if t == "nation_at_war":
            wars = [self.political(n).at_war for n in cond["nations"]]
            return all(wars) if cond.get("all") else any(wars)
        if t == "nation_active":
            return self.political(cond["nation"]).active
        if t == "army_exists":
            return bool(self.armies(cond))
        if t == "armies_near":
            near_a = self.armies(cond["a"])
            near_b = self.armies(cond["b"])
            return any(a == b or board.are_adjacent(a, b) for a in near_a for b in near_b)
        if t == "settlement_controlled":
            return self._controlled(cond)
        if t == "stronghold_besieged":
            if cond["region"] not in self.p.regions:
                self.lean_regions()
            return self.p.region(cond["region"]).besieged == other_side(SIDE[cond["by"]])
        if t == "happens":
            # A discard trigger is an event of the game, not a state of the board: it holds only
            # at the moment it happens, which a position gives in ``events`` (none by default).
            return cond["event"] in self.events
        if t in COMBAT_TYPES:
            return self._combat(cond)
        raise KeyError(f"unknown condition type {t!r}")

    def _character_at(self, cond: dict) -> bool | None:
        chars = data.characters()
        found, unknown = False, False
        ids: list[str] = []
        for tok in cond["any_of"]:
            if tok == "companion":
                ids += [c for c, i in chars.items() if i["kind"] == "companion"]
            elif tok == "nazgul":
                ids.append("nazgul")
            else:
                ids.append(tok)
        for cid in dict.fromkeys(ids):
            if cid == "nazgul":
                self.lean_regions()
                where = [rid for rid, st in self.p.regions.items()
                         if st.shadow.nazgul or "witch-king" in st.shadow.characters]
            else:
                located = self.located(cid) if cid not in ("companion",) else []
                if located is None:
                    unknown = True
                    continue
                where = located
            side = "shadow" if cid == "nazgul" else chars[cid]["side"]
            for rid in where:
                if "region" in cond and not self.region_is(cond["region"], rid):
                    continue
                army = self.p.army(rid, side)
                if cond.get("with_own_army") and not army.is_army:
                    continue
                if cond.get("without_own_army") and army.is_army:
                    continue
                found = True
        if found:
            return True
        return None if unknown else False

    def _controlled(self, cond: dict) -> bool:
        by = SIDE[cond["by"]]
        if "region" in cond:
            if cond["region"] not in self.p.regions:
                self.lean_regions()
            return self.p.controller(cond["region"]) == by
        self.lean_regions()
        count = sum(1 for rid, info in data.regions().items()
                    if info["nation"] == cond["nation"] and info["settlement"] == cond["settlement"]
                    and self.p.controller(rid) == by)
        return count >= cond.get("min", 1)

    # -- the combat conditions (a battle's) ------------------------------------------------------
    def _combat(self, cond: dict) -> bool | None:   # noqa: C901 (one branch per condition type)
        b = self.battle
        if b is None:
            self.need("question.battle")
            return None
        t = cond["type"]
        own = self.side
        enemy = other_side(own)
        st = self.p.region(b.region)
        if t == "in_battle":
            side = own if cond.get("side", "own") == "own" else SIDE[cond["side"]]
            return self.army_has(st.army(side), cond["any_of"], cond.get("nation"))
        if t == "nazgul_leadership":
            return nazgul_leadership(st.army(own)) >= cond["min"]
        if t == "defender_in_region":
            region = cond["region"]
            if region.get("with_fellowship"):
                self.lean_fellowship("region", "mordor")
                return not self.p.fellowship.in_mordor and self.p.fellowship.region == b.region
            return self.region_is(region, b.region)
        if t == "defender_in_stronghold":
            return b.siege
        if t == "own_role":
            role = "attacker" if b.attacker == own else "defender"
            if role != cond["role"]:
                return False
            return "battle" not in cond or (cond["battle"] == "siege") == b.siege
        if t == "units_ratio":
            mine, theirs = st.army(own).units, st.army(enemy).units
            return mine >= cond["own_at_least_times_enemy"] * theirs
        if t == "leadership_compare":
            mine = nazgul_leadership(st.army(own))
            theirs = leadership(self.p, st.army(enemy))
            return _compare(mine, cond["op"], theirs)
        # hits_scored, hits_compare: the round's dice decide them
        if b.hits is None:
            self.need("question.hits")
            return None
        if t == "hits_scored":
            whose = b.hits.get(own if cond["whose"] == "own" else enemy, {})
            return sum(whose.get(roll, 0) for roll in cond["rolls"]) >= cond["min"]
        return _compare(sum(b.hits.get(own, {}).values()), cond["op"], sum(b.hits.get(enemy, {}).values()))


def _compare(a: int, op: str, b: int) -> bool:
    return {">": a > b, ">=": a >= b, "<": a < b, "<=": a <= b, "==": a == b,
            "gt": a > b, "ge": a >= b, "lt": a < b, "le": a <= b, "eq": a == b}.get(op, False)


def describe_regions(ids: list[str], lang: str) -> str:
    return ", ".join(names.region_name(rid, lang) for rid in ids)
