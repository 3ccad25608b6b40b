"""What an Event card's effect does in a position: the effect tree of data/event_cards.json
(``_schema.effect_types``) worked out against the board.

:func:`work_out` turns each node into a mapping with its ``type`` and the keys that type
needs here: the regions where recruits may go (and the reinforcements left for them), the
armies that may move or attack, the Companions that may separate and how far, the political
markers after an advance, the Corruption after a heal, and for dice the exact distribution
(``p_*`` rounded, ``*_exact`` fractions), the way the Hunt rules give their odds. Parts that
only say what the card allows later (a combat modifier, a draw, a table card's trigger) are
the card's own facts: they are given as the card states them, and ``unmodelled`` lists the
parts whose outcome needs facts a position does not hold (hands, unused action dice, earlier
moves this turn).
"""
from __future__ import annotations

from fractions import Fraction
from math import comb
from typing import Any

from adjudicator import data, names
from adjudicator.ruling import fraction_text, probability
from adjudicator.wotr import board
from adjudicator.wotr.armies import name_default
from adjudicator.wotr.cards.conditions import SIDE, Reader
from adjudicator.wotr.fellowship import unused_mordor_step
from adjudicator.wotr.model import CORRUPTION_MAX
from adjudicator.wotr.odds import hits_distribution

# The effect types whose outcome a position cannot give: what they need is not on the board.
UNMODELLED = {
    "action-die-change": "the unused action dice",
    "action-dice-discard": "the unused action dice",
    "discard-opponent-card": "the opponent's cards",
    "play-extra-event": "the owner's hand",
    "hunt-roll": "the earlier Fellowship moves this turn",
    "hunt-tile-redraw": "the tile the Shadow will draw",
    "hunt-damage-reduce": "the tile the Shadow will draw",
    "hunt-tile-prevent": "the Hunt to come",
    "hunt-tile-extra": "the Fellowship's later moves",
    "hunt-roll-modifier": "the Hunt roll to come",
    "discard-card-on-companion-casualty": "the casualties to come",
    "extra-draw-on-event-die": "the cards to come",
}
# The card's own facts a node's mapping keeps as they are (its numbers and plain choices); the
# rest of the card's wording is in its docs section, and what the position decides is added.
_KEPT = ("tile", "value", "delta", "hit_on", "per_hit", "count", "deck", "amount", "modifier", "rounds",
         "max_regions", "extra_regions", "as_level", "chooser", "optional", "from_face", "to_face", "face",
         "whose", "max", "min_dice", "side")


def dist_keys(name: str, dist: dict[int, Fraction]) -> dict[str, Any]:
    """A distribution as the verdicts give one: rounded probabilities and exact fractions."""
    ordered = sorted(dist)
    return {f"p_{name}": {str(k): probability(dist[k]) for k in ordered},
            f"p_{name}_exact": {str(k): fraction_text(dist[k]) for k in ordered}}


class Effects:
    """Works out an effect tree for the card's owner; ``unmodelled`` collects what cannot be."""

    def __init__(self, reader: Reader):
        self.rd = reader
        self.p = reader.p
        self.side = reader.side
        self.unmodelled: list[str] = []
        self.politics: dict[str, tuple[int, bool]] = {}   # markers moved by earlier steps

    # -- the tree ---------------------------------------------------------------------------
    def work_out(self, node: dict) -> dict[str, Any]:
        t = node["type"]
        if t in ("sequence", "all"):
            key = "steps" if t == "sequence" else "effects"
            return {"type": t, key: [self.work_out(n) for n in node[key]]}
        if t == "if":
            holds = self.rd.holds(node["condition"])
            out: dict[str, Any] = {"type": "if", "condition": holds, "then": self.work_out(node["then"])}
            if "else" in node:
                out["else"] = self.work_out(node["else"])
            if holds is not None:
                out["applies"] = "then" if holds else ("else" if "else" in node else None)
            return out
        if t == "choose-one":
            return {"type": t, "chooser": node.get("chooser", "owner"), "optional": bool(node.get("optional")),
                    "options": [self.work_out(n) for n in node["options"]]}
        method = getattr(self, "_" + t.replace("-", "_"), None)
        out = {"type": t, **{k: node[k] for k in _KEPT if k in node and not isinstance(node[k], (dict, list))}}
        if isinstance(node.get("dice"), int):
            out["dice"] = node["dice"]
        if t == "politics-advance" or t == "politics-retreat":
            out["steps"] = node["steps"]
        if t == "fellowship-move":
            out["regions"] = node.get("regions", 1)
        if method is not None:
            out.update(method(node))
        if t in UNMODELLED and t not in self.unmodelled:
            self.unmodelled.append(t)
        if "battle_modifiers" in node:
            out["battle_modifiers"] = [self.work_out(m) for m in node["battle_modifiers"]]
        return out

    # -- the Hunt and its tiles -------------------------------------------------------------------
    def _pool(self) -> list[Any]:
        """The tiles in the Hunt Pool: values, 'eye', 'die', with their side for special tiles."""
        hunt = self.p.hunt
        if "pool" not in hunt.given and self.rd.r is not None:
            name_default(self.rd.r, "position.hunt.pool", "hunt.default_pool", "wotr-tiles-pool")
        if hunt.pool is None:
            out: list[Any] = []
            for entry in data.hunt_tiles()["standard"]:
                out += [(entry["value"], None)] * entry["count"]
            return out
        specials = data.hunt_tiles()["special"]
        return [(specials[t]["value"], specials[t]["side"]) if t in specials else (t, None) for t in hunt.pool]

    def _hunt_tile_add(self, node: dict) -> dict:
        self.rd.lean_fellowship("mordor")
        if self.rd.r is not None:   # only being on the track matters, not its step
            unused_mordor_step(self.p, self.rd.r, "wotr-mordor")
        return {"enters_pool_now": self.p.fellowship.in_mordor}

    def _hunt_tile_draw(self, node: dict) -> dict:
        instead = node.get("instead_if")
        if instead is not None and self.rd.holds(instead["condition"]):
            return {"instead": self.work_out(instead["effect"])}
        pool = self._pool()
        if not pool:
            return {"tiles": 0}
        throw = set(node.get("discard_without_effect", ()))
        share = Fraction(1, len(pool))
        dist: dict[int, Fraction] = {}
        void = Fraction(0)
        for value, side in pool:
            if value == "eye" and "eye" in throw or (side == "free_peoples" and "fellowship-special" in throw):
                void += share
                continue
            faces = range(1, 7) if value == "die" else [0 if value == "eye" else value]
            for face in faces:
                dist[face] = dist.get(face, Fraction(0)) + share / len(faces)
        out: dict[str, Any] = {"tiles": len(pool), "p_no_effect": probability(void),
                               "p_no_effect_exact": fraction_text(void)}
        if node.get("resolve") == "separate-companions-equal-to-tile-number":
            most = len(self.rd.companions())
            capped: dict[int, Fraction] = {}
            for k, p in dist.items():
                n = max(0, min(most, k))
                capped[n] = capped.get(n, Fraction(0)) + p
            out.update(dist_keys("companions", capped))
        else:
            out.update(dist_keys("damage", dist))
        return out

    def _hunt_pool_purge_eyes(self, node: dict) -> dict:
        pool = self._pool()
        eyes = sum(1 for value, _ in pool if value == "eye")
        draw = node["draw"]
        p = Fraction(comb(eyes, draw), comb(len(pool), draw)) if len(pool) >= draw else Fraction(0)
        return {"tiles": len(pool), "eyes": eyes, "p_all_eyes": probability(p), "p_all_eyes_exact": fraction_text(p)}

    def _hunt_box_skip(self, node: dict) -> dict:
        return {}

    # -- the Ring-bearers ---------------------------------------------------------------------------
    def _corruption(self, node: dict) -> dict:
        delta = node["delta"]
        cond = node.get("delta_if")
        holds = self.rd.holds(cond["condition"]) if cond else False
        if cond and holds:
            delta = cond["delta"]
        self.rd.lean_fellowship("corruption")
        now = self.p.fellowship.corruption
        out: dict[str, Any] = {"delta": delta if holds is not None else None}
        if holds is not None:
            out["corruption"] = max(0, min(CORRUPTION_MAX, now + delta))
        return out

    def _corruption_roll(self, node: dict) -> dict:
        hit_on = node["hit_on"]
        cond = node.get("hit_on_if")
        holds = self.rd.holds(cond["condition"]) if cond else False
        if holds is None:
            if self.rd.r is not None and "corruption" in self.p.fellowship.given:
                self.rd.r.unused("position.fellowship.corruption", "cards.unused_corruption_roll_open",
                                 "wotr-ring-corruption")
            return {"hit_on": None}
        if holds and cond is not None:
            hit_on = cond["hit_on"]
        hits = hits_distribution(node["dice"], hit_on, 0)
        self.rd.lean_fellowship("corruption")
        now = self.p.fellowship.corruption
        after: dict[int, Fraction] = {}
        for k, p in enumerate(hits):
            c = max(0, min(CORRUPTION_MAX, now + k * node["per_hit"]))
            after[c] = after.get(c, Fraction(0)) + p
        return {"hit_on": hit_on, **dist_keys("hits", dict(enumerate(hits))), **dist_keys("corruption", after)}

    def _companion_lure(self, node: dict) -> dict:
        comps = list(self.rd.companions())
        out: dict[str, Any] = {"companions": comps}
        if comps:
            out["p_each"] = probability(Fraction(1, len(comps)))
        return out

    def _fellowship_move(self, node: dict) -> dict:
        self.rd.lean_fellowship("region", "mordor")
        fel = self.p.fellowship
        if fel.in_mordor:
            return {"on_mordor_track": True}
        reach = board.distances(fel.region, limit=node.get("regions", 1))
        return {"from": fel.region, "reachable": sorted(r for r, d in reach.items() if d > 0)}

    def _fellowship_hide(self, node: dict) -> dict:
        self.rd.lean_fellowship("hidden")
        return {"applies": not self.p.fellowship.hidden}

    def _fellowship_reveal(self, node: dict) -> dict:
        self.rd.lean_fellowship("hidden")
        return {"applies": self.p.fellowship.hidden}

    # -- characters ----------------------------------------------------------------------------------
    def _separate_companions(self, node: dict) -> dict:
        comps = [c for c in self.rd.companions()]
        self.rd.lean_fellowship("progress", "mordor")
        fel = self.p.fellowship
        if fel.in_mordor:
            return {"companions": comps, "removed": True}
        chars = data.characters()
        extra = node.get("extra_regions", 0)
        reach = {c: fel.progress + (node.get("as_level") or chars[c]["level"] or 0) + extra for c in comps}
        return {"companions": reach, "removed": False}

    def _move_companions(self, node: dict) -> dict:
        chars = data.characters()
        extra = node.get("extra_regions", 0)
        out = {}
        for rid, st in sorted(self.p.regions.items()):
            for c in st.free_peoples.characters:
                if chars[c]["kind"] == "companion":
                    out[c] = {"from": rid, "max_distance": (node.get("as_level") or chars[c]["level"] or 0) + extra}
        self.rd.lean_regions()
        return {"companions": out}

    def _who(self, who: Any) -> dict[str, list[str]]:
        """The characters a card moves or eliminates, each with the regions where he stands."""
        if isinstance(who, list):
            return {c: where for c in who if (where := self.rd.located(c))}
        self.rd.lean_regions()
        if isinstance(who, str) and "nazgul" in who:
            out: dict[str, list[str]] = {}
            qual = self.rd.refs.get("the-qualifying-army")
            for rid, st in sorted(self.p.regions.items()):
                if qual is not None and rid not in qual:
                    continue
                if st.shadow.nazgul:
                    out.setdefault("nazgul", []).append(rid)
                if "witch-king" in st.shadow.characters and "surviving" not in who:
                    out.setdefault("witch-king", []).append(rid)
            return out
        return {}

    def _move_characters(self, node: dict) -> dict:
        out: dict[str, Any] = {"characters": self._who(node["who"])}
        if "to" in node:
            out["to"] = self.rd.regions(node["to"])
            if node.get("name_destination"):
                self.rd.refs[node["name_destination"]] = out["to"]
        return out

    def _eliminate_character(self, node: dict) -> dict:
        target = node["target"]
        ids = target.get("any_of") or [target["character"]] if isinstance(target, dict) and (
            "any_of" in target or "character" in target) else []
        return {"characters": sorted(c for c in ids if self.rd.in_play(c))}

    def _dice_eliminate_characters(self, node: dict) -> dict:
        per: dict[str, Any] = {}
        for rid in self.rd.refs.get("the-qualifying-army", []):
            n = min(node.get("max_dice", 5), self.p.army(rid, "shadow").nazgul)
            per[rid] = {"dice": n, **dist_keys("hits", dict(enumerate(hits_distribution(n, node["hit_on"], 0))))}
        return {"armies": per}

    # -- armies ---------------------------------------------------------------------------------------
    def _recruit(self, node: dict) -> dict:
        out = []
        used: dict[tuple[str, str], int] = {}   # figures the card's earlier placements took
        for place in node["placements"]:
            regions = self.rd.regions(place["where"])
            units = []
            for u in place["units"]:
                kinds = ("regular", "elite") if u["kind"] == "regular-or-elite" else (u["kind"],)
                key = (u["nation"], u["kind"])
                left = sum(self.p.reinforcements_left(u["nation"], k) for k in kinds) - used.get(key, 0)
                if self.rd.r is not None and any(k not in self.p.reinforcements.get(u["nation"], {}) for k in kinds):
                    name_default(self.rd.r, f"position.reinforcements.{u['nation']}", "muster.default_reinforcements",
                                 "wotr-muster-reinforcements", nation=names.nation_name(u["nation"], self.rd.r.lang))
                want = u["count"] * place.get("region_count", 1)
                units.append({"nation": u["nation"], "kind": u["kind"], "count": u["count"],
                              "available": max(0, min(want, left))})
                used[key] = used.get(key, 0) + want
            entry: dict[str, Any] = {"regions": regions, "units": units}
            if "region_count" in place:
                entry["region_count"] = place["region_count"]
            out.append(entry)
            if node.get("name_region"):
                self.rd.refs[node["name_region"]] = regions
        self.rd.lean_regions()
        return {"placements": out}

    def _replace_units(self, node: dict) -> dict:
        where = node["where"]
        side = "shadow" if node.get("nation") in ("sauron", "isengard", "southrons") else self.side
        if where == "anywhere":
            self.rd.lean_regions()
            regions = sorted(rid for rid, st in self.p.regions.items()
                             if (u := st.army(side).nations.get(node["nation"])) is not None and u.regular)
        else:
            regions = [rid for rid in self.rd.regions(where)
                       if any(u.regular for u in self.p.army(rid, side).nations.values())]
        return {"regions": regions}

    def _eliminate_figures(self, node: dict) -> dict:
        side = SIDE[node["side"]]
        if "where" in node:
            regions = self.rd.regions(node["where"])
        else:
            self.rd.lean_regions()
            nations = self.rd.refs.get("the-qualifying-nation")
            regions = sorted(rid for rid, st in self.p.regions.items() if not st.army(side).is_empty
                             and (nations is None or set(st.army(side).nations) & set(nations)))
        return {"regions": [rid for rid in regions if not self.p.army(rid, side).is_empty]}

    def _targets(self, target: dict) -> list[str]:
        side = SIDE[target["side"]]
        if target.get("the_qualifying_army"):
            return list(self.rd.refs.get("the-qualifying-target", []))
        self.rd.lean_regions()
        if target.get("anywhere"):
            least = target.get("min_shadow_nations_among_units", 1)
            return sorted(rid for rid, st in self.p.regions.items() if st.army(side).is_army
                          and sum(1 for u in st.army(side).nations.values() if u.count) >= least)
        return [rid for rid in self.rd.regions(target["region"]) if board.has_army(self.p, rid, side)]

    def _dice_count(self, node: dict, rid: str) -> int:
        dice = node["dice"]
        if "fixed" in dice:
            n = dice["fixed"]
        elif dice["count_of"] == "elven-army-units-in-region":
            u = self.p.army(rid, "free_peoples").nations.get("elves")
            n = u.count if u else 0
        else:   # the Nazgûl of the Shadow army that qualifies the card
            src = self.rd.refs.get("the-qualifying-army", [])
            n = max((self.p.army(s, "shadow").nazgul for s in src if s == rid or board.are_adjacent(s, rid)),
                    default=0)
        return min(n, node.get("max_dice", n))

    def _dice_hits(self, node: dict) -> dict:
        if "for_each_region" in node:
            sel = {k: v for k, v in node["for_each_region"].items() if k != "name"}
            fp = "free_peoples"
            targets = [rid for rid in self.rd.regions(sel) if board.has_army(self.p, rid, fp)]
        else:
            targets = self._targets(node["target"])
        per = {}
        for rid in targets:
            n = self._dice_count(node, rid)
            per[rid] = {"dice": n, **dist_keys("hits", dict(enumerate(hits_distribution(n, node["hit_on"], 0))))}
        return {"targets": per}

    def _army_hits(self, node: dict) -> dict:
        die = {k: Fraction(1, 6) for k in range(1, 7)}
        return {"targets": self._targets(node["target"]), **dist_keys("hits", die)}

    def _force_retreat(self, node: dict) -> dict:
        return {"targets": self._targets(node["target"])}

    def _moving(self, spec: dict) -> list[str]:
        side = SIDE[spec["side"]]
        return self.rd.armies({**spec, "side": side.replace("_", "-")})

    def _move_armies(self, node: dict) -> dict:
        out: dict[str, Any] = {}
        if "armies" in node:
            out["armies"] = sorted({rid for spec in node["armies"] for rid in self._moving(spec)})
        else:
            units = node["units"]
            out["armies"] = [rid for rid in self.rd.regions(units["from"])
                             if self.p.army(rid, self.side).nations.get(units["nation"])]
        cond = node.get("direct_to_if")
        if cond and self.rd.holds(cond["condition"]):
            out["to"] = self.rd.regions(cond["to"])
        elif "direct_to" in node:
            out["to"] = self.rd.regions(node["direct_to"])
        if "to" in out and node.get("destination_must_be_free"):
            out["to"] = [rid for rid in out["to"] if board.free_for_army(self.p, rid, self.side)]
        if node.get("name_destination") and "to" in out:
            self.rd.refs[node["name_destination"]] = out["to"]
        return out

    def _attack(self, node: dict) -> dict:
        att = node["attacker"]
        out: dict[str, Any] = {}
        if isinstance(att, dict):
            if att.get("from") == "region-adjacent-to-target":
                out["attackers"] = sorted(rid for rid, st in self.p.regions.items()
                                          if st.army(SIDE[att["side"]]).is_army)
            else:
                out["attackers"] = self._moving(att)
        defender = node["defender"]
        if isinstance(defender, dict):
            if defender.get("besieging_stronghold"):
                out["defenders"] = self.rd.armies(defender)
            elif "region" in defender:
                out["defenders"] = self._targets(defender)
        return out

    # -- politics ---------------------------------------------------------------------------------
    def _marker(self, nation: str) -> tuple[int, bool]:
        if nation in self.politics:
            return self.politics[nation]
        pol = self.rd.political(nation)
        return pol.steps, pol.active

    def _nations(self, listed: list) -> list[str]:
        out: list[str] = []
        for n in listed:
            out += self.rd.refs.get(n["ref"], []) if isinstance(n, dict) else [n]
        return out

    def _politics_advance(self, node: dict) -> dict:
        out = {}
        for n in self._nations(node["nations"]):
            steps, active = self._marker(n)
            after = max(0 if active else 1, steps - node["steps"])   # a passive nation stops short of war
            self.politics[n] = (after, active)
            out[n] = {"steps": steps, "steps_after": after, "active": active}
        return {"nations": out}

    def _politics_retreat(self, node: dict) -> dict:
        out = {}
        for n in self._nations([node["nation"]]):
            steps, active = self._marker(n)
            out[n] = {"steps": steps, "steps_after": min(3, steps + node["steps"])}
        return {"nations": out}

    def _nation_activate(self, node: dict) -> dict:
        if "nations" in node:
            listed = node["nations"]
        else:
            side = SIDE[node["choose"]["side_nations"]]
            listed = [n for n, i in data.nations().items() if i["side"] == side and not self._marker(n)[1]]
            if node.get("name_nation"):
                self.rd.refs[node["name_nation"]] = listed
        for n in listed:
            self.politics[n] = (self._marker(n)[0], True)
        return {"nations": sorted(listed)}

    def _nation_to_war(self, node: dict) -> dict:
        n = node["nation"]
        before = self._marker(n)[0]
        self.politics[n] = (0, True)
        return {"steps": before, "steps_after": 0}


def qualifying(reader: Reader, card: dict) -> None:
    """Name what the card's condition singled out (the Army near the other, the nation not At
    War where the Fellowship is), for the effect to refer to."""
    cond = card["event"]["play_if"] or {}
    rd = reader
    if cond.get("type") == "armies_near":
        a, b = rd.armies(cond["a"]), rd.armies(cond["b"])
        pairs = [(x, y) for x in a for y in b if x == y or board.are_adjacent(x, y)]
        # The Shadow army with Nazgûl is the one that qualifies (its Nazgûl roll or are
        # rolled against); the other army is the target (Dreadful Spells).
        shadow_first = SIDE[cond["a"]["side"]] == "shadow"
        rd.refs["the-qualifying-army"] = sorted({x if shadow_first else y for x, y in pairs})
        rd.refs["the-qualifying-target"] = sorted({y if shadow_first else x for x, y in pairs})
    if cond.get("type") == "any_of" and card["id"] == "sh-str-06":
        nations = set()
        fel = rd.p.fellowship
        if not fel.in_mordor:
            nations.add(data.regions()[fel.region]["nation"])
        for rid, st in rd.p.regions.items():
            if any(data.characters()[c]["kind"] == "companion" for c in st.free_peoples.characters):
                nations.add(data.regions()[rid]["nation"])
        rd.refs["the-qualifying-nation"] = sorted(
            n for n in nations if n and data.nations()[n]["side"] == "free_peoples" and not rd.p.at_war(n))
