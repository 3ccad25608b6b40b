"""Units and armies: the units a query counts, grouped, with their nation and side; where each
group stands, which one attacks and which ones move."""
from __future__ import annotations

import re

from adjudicator.search.situation.lexicon import unit_spelt
from adjudicator.search.situation.places import Places
from adjudicator.search.situation.text import Unit
from adjudicator.search.situation.words import (
    ACTED_ON,
    ARTICLE_WORDS,
    ARTICLES,
    ATTACKS,
    ATTACKS_ME,
    HOLDING,
    I_ATTACK,
    INTENTS,
    JOINERS,
    MINE,
    NOT_UNITS,
    NUMBERS,
    TARGET_BEFORE,
    TYPED_UNITS,
    table,
    tables,
)

# The number words that repeat the units named before them ("and one in Pelargir", "y dos en
# Lamedon"): not "once", which is eleven in Spanish but "one time" in English.
AGAIN_COUNTS = frozenset({"one", "two", "three", "uno", "dos", "tres", "otro", "otra"})
# The riders are the Nazgûl, unless a nation's are said ("jinetes de Rohan": Rohan's units).
RIDERS = frozenset({"jinete", "jinetes"})
# The people a player names as the other player ("my grandson has", "mi primo tiene"): whose army
# is not the asker's (sets 52, 53 and 64, spent). Not "compañero", which is a Companion too.
PEOPLE = frozenset({"grandson", "granddaughter", "son", "daughter", "dad", "father", "mum", "mom", "mother",
                    "brother", "sister", "cousin", "nephew", "niece", "uncle", "aunt", "wife", "husband", "friend",
                    "mate", "buddy", "opponent", "partner", "boyfriend", "girlfriend", "flatmate", "roommate",
                    "nieto", "nieta", "hijo", "hija", "padre", "papa", "madre", "mama", "hermano", "hermana", "primo",
                    "prima", "sobrino", "sobrina", "tio", "tia", "marido", "esposo", "esposa", "novio", "novia",
                    "amigo", "amiga", "rival", "oponente", "cunado", "cunada", "cunao", "pareja", "suegro", "suegra"})
# The verbs whose "me" is the asker attacked or reached, not "my" ("me atacan 7 regulares").
OBJECT_VERB = re.compile(r"(?:atac|asedi|siti|vien|viene|llega|caen|cae|rode|pega|mete)\w*$")
# "an army of 8", "un ejército de 7": that many units of no type said (set 61, spent)
ARMY_WORDS = frozenset({"army", "armies", "stack", "ejercito", "ejército", "ejercitos", "ejércitos"})


class Armies(Places):
    """The units a query counts, in groups, and what it says of each group."""

    def __init__(self, query: str):
        super().__init__(query)
        self._placed: list[str | None] | None = None   # each group's region, once read (placed())
        self.units = self._units(tables(), self.covered)

    def _units(self, t: dict, covered: set[int]) -> list[Unit]:
        """Counted units ("4 gondor regulars", "3 elites de rohan", "6 orcs", "a leader"), the
        leaders the books name ("Théoden"), and a count that repeats the units before it ("4
        regulares de la Sombra en Pelargir y 2 en Lamedon"); then each group's nation and side."""
        from adjudicator import data

        NUMBERS.update(table("numbers"))
        out: list[Unit] = []
        tokens = self.tokens
        for i, tok in enumerate(tokens):
            if tok in t["leaders"] and i not in covered:
                out.append(Unit(i, i + 1, t["leaders"][tok], "leader", 1, explicit=True))
                continue
            n = int(tok) if tok.isdecimal() and len(tok) <= 3 else NUMBERS.get(tok)
            if n is None and t["units"].get(tok) == "nazgul" and i not in covered and tok not in ("nazguls",) and \
                    (i == 0 or tokens[i - 1] not in NUMBERS and not tokens[i - 1].isdecimal()) and \
                    i + 1 < len(tokens) and tokens[i + 1] in ("in", "en", "at") and \
                    any(s == i + 2 or (s == i + 3 and tokens[i + 2] in ARTICLE_WORDS) for s, _e, _r in self.regions_at):
                out.append(Unit(i, i + 1, None, "nazgul", 1))   # "nazgul in Dol Guldur": one, where it stands
                continue
            if tok in ("another", "otro", "otra") and out and tokens[i + 1:i + 2] in (["in"], ["en"], ["at"]) and \
                    any(s in (i + 2, i + 3) for s, _e, _r in self.regions_at):
                prev = out[-1]   # "a regular in Dol Amroth and another in Pelargir": one more of them
                out.append(Unit(i, i + 1, prev.nation, prev.unit, 1, prev.side, explicit=prev.explicit))
                continue
            if n is None or i in covered:
                continue
            nation, unit, j, word, implied = None, None, i + 1, None, None
            if i >= 2 and tokens[i - 1] in ("of", "de") and tokens[i - 2] in ARMY_WORDS and tok not in ARTICLES and \
                    not (i + 1 < len(tokens) and (unit_spelt(tokens[i + 1], t) in t["units"]
                                                  or tokens[i + 1] in t["nations"] or tokens[i + 1] in NOT_UNITS
                                                  or self.region_home(i + 1) is not None)):
                unit, j = "regular", i   # "a Shadow army of 7 in Pelargir": 7 units of no type said
                homes = [data.regions()[r].get("nation") for _s, e, r in self.regions_at if e == i - 2]
                nation = next((h for h in homes if h in data.nations()), None)   # "an Angmar army of 8"
            while unit is None and j < min(len(tokens), i + 5):   # "4 gondor regulars", "2 elven elites"
                w = unit_spelt(tokens[j], t)
                if w in RIDERS and tokens[j + 1:j + 2] in (["de"], ["of"], ["del"]) and \
                        j + 2 < len(tokens) and tokens[j + 2] in t["nations"]:
                    unit, word, nation = "regular", w, t["nations"][tokens[j + 2]]   # "3 jinetes de Rohan"
                    implied = None
                    break
                if w in t["units"]:
                    if w in t["unit_nations"] and j + 1 < len(tokens) and tokens[j + 1] in t["units"] \
                            and t["units"][tokens[j + 1]]:
                        nation = nation or t["unit_nations"][w]   # "8 Uruk elites", "2 elf elites"
                        j += 1
                        continue
                    unit, word = t["units"][w] or "regular", w
                    implied = None if nation else t["unit_nations"].get(w)   # "6 orcos": Sauron's unless said
                    break
                home = self.region_home(j) if nation is None else None
                if home is not None:   # "4 Angmar units": units of that region's nation
                    nation, j = home[0], home[1]
                    continue
                if w in t["nations"] and nation is None:
                    nation = t["nations"][w]
                elif w in t["sides"] and nation is None and j == i + 1:
                    pass   # "8 Shadow units": the side is read with the group (_side_said)
                elif w not in ("de", "of", "del", "more", "mas"):
                    break
                j += 1
            if unit is None and nation is not None and (j == i + 2 or j == i + 3 and tokens[i + 1] in (
                    "de", "of")) and tok not in ARTICLES and not (
                    j < len(tokens) and tokens[j] in NOT_UNITS):
                unit, j = "regular", j - 1   # "5 easterlings", "5 gondor guys": units of that nation
            if unit is None:
                if (tok.isdecimal() or tok in AGAIN_COUNTS) and out and j == i + 1 and j < len(tokens) and \
                        tokens[j] in ("in", "en", "at") and \
                        any(s in (j + 1, j + 2) for s, _e, _r in self.regions_at):
                    prev = out[-1]   # "... y 2 en Lamedon", "and one in Pelargir": the same units again
                    out.append(Unit(i, i + 1, prev.nation, prev.unit, n, prev.side, explicit=prev.explicit))
                continue
            if tok in ARTICLES and unit not in TYPED_UNITS:
                continue   # "an elf", "a unit": no count
            if tok in ARTICLES and i and tokens[i - 1] in ACTED_ON:
                continue   # "can he downgrade an elite", "pierdo un regular": what is done to one, no army
            if tok == "once" and j != i + 1:
                continue
            explicit = nation is not None
            end = j + 1
            if i and tokens[i - 1] in ("los", "las", "the", "those", "esos", "esas", "estas", "estos") and \
                    nation is None and any(o.unit == unit and o.count == n for o in out):
                continue   # "las 3 elites": the 3 Elites already named
            if unit == "nazgul":
                nation = None
            elif nation is None and end + 1 < len(tokens) and tokens[end] in ("de", "of", "del") \
                    and tokens[end + 1] in t["nations"]:
                nation, explicit, end = t["nations"][tokens[end + 1]], True, end + 2   # "elites de rohan"
            elif nation is None and end < len(tokens) and tokens[end] in t["nations"] and end not in self.breaks \
                    and not (end + 1 < len(tokens) and tokens[end + 1] in t["units"]):
                nation, explicit, end = t["nations"][tokens[end]], True, end + 1   # "3 elites enanos"
            elif nation is None and end + 2 < len(tokens) and tokens[end] in ("de", "of") and \
                    tokens[end + 1] in ("los", "las", "the") and tokens[end + 2] in t["nations"]:
                nation, explicit, end = t["nations"][tokens[end + 2]], True, end + 3   # "de los sureños"
            elif nation is None and end + 2 < len(tokens) and tokens[end] in ("de", "of") and \
                    tokens[end + 1] in ("la", "the") and tokens[end + 2] in t["sides"]:
                end += 3   # "de la Sombra": its side, read with the group
            if nation is None and implied is not None:
                # "saruman besieges with 8 orcs": orcs are Isengard's where it is Isengard's war
                nation = self._shadow_nation() if implied == "sauron" else implied
            out.append(Unit(i, end, nation, unit, n, explicit=explicit))
            del word
        out = self._without_totals(out, t)
        groups = self._group(out)
        # a figure of the books counts as a Leader only beside the units it leads ("5 regulares
        # de Rohan y Théoden"): named alone ("Elrond and Galadriel character card") it is no army
        self.unit_groups = [g for g in groups if any(t["leaders"].get(tokens[u.start]) is None for u in g)]
        out = [u for g in self.unit_groups for u in g]
        self._counted = out
        for group in self.unit_groups:
            self._group_nation(group, t)
        return out

    def _without_totals(self, units: list[Unit], t: dict) -> list[Unit]:
        """``units`` less a count of units of no type that the counts right after it break down ("5
        unidades de Gondor (3 regulares, 2 élites)": 3 and 2, not 5 more; set 40)."""
        out = list(units)
        for k, u in enumerate(units):
            if u.unit != "regular" or not any(t["units"].get(w, "") is None for w in self.tokens[u.start:u.end]):
                continue
            parts: list[Unit] = []
            total = 0
            for v in units[k + 1:]:
                if v.start > (parts[-1].end if parts else u.end) + 1 or total >= u.count:
                    break
                parts.append(v)
                total += v.count
            if len(parts) >= 2 and total == u.count and all(v.unit in ("regular", "elite") and v.nation in (
                    None, u.nation) and v.side in (None, u.side) for v in parts):
                out.remove(u)
        return out

    def _group(self, units: list[Unit]) -> list[list[Unit]]:
        """Units named together: only joining words, nations and names of figures between them."""
        groups: list[list[Unit]] = []
        chars = {i for s, e, _c in self.chars_at for i in range(s, e)}
        regions = {i for s, e, _r in self.regions_at for i in range(s, e)}
        for u in units:
            if groups:
                gap = range(groups[-1][-1].end, u.start)
                if len(gap) <= 4 and not any(i in regions for i in gap) and all(
                        self.tokens[i] in JOINERS or i in chars or self.tokens[i] in tables()["nations"] for i in gap):
                    groups[-1].append(u)
                    continue
            groups.append([u])
        return groups

    def _side_said(self, group: list[Unit]) -> str | None:
        """A side said with a group: "the Shadow has 10 units", "4 regulares de la Sombra"."""
        sides = tables()["sides"]
        # the four words before it, or more of its clause, back to another army or a stop: "la
        # Sombra sitia Minas Tirith con 8 regulares" (at most seven words)
        start = group[0].start
        since = max([0, start - 7] + [u.end for u in self._counted if u.end <= start]
                    + [b for b in self.breaks if b <= start])
        said = self.tokens[max(0, min(start - 4, since)):start]
        # "Shadow rolls 3 hits on my 5 regulars": a side said before the asker's "my" is not theirs
        mine_at = [k for k, w in enumerate(said) if w in ("my", "mi", "mis", "our", "nuestros", "nuestras")]
        before = " ".join(said[mine_at[-1] + 1:] if mine_at else said)
        after = " ".join(self.tokens[group[-1].end - 3:group[-1].end + 1]) if group[-1].end >= 3 else ""
        for text in (before, after):
            found = [sides[w] for w in sides if re.search(rf"\b{w}\b", text)]
            if found:
                return found[-1]
        from adjudicator import data

        for _s, e, cid in self.chars_at:   # "llega el Rey Brujo con 6 regulares": the Witch-king's army
            if e < start and start - e <= 2 and self.tokens[e] in ("con", "with", "leading", "y", "and"):
                return str(data.characters()[cid]["side"])
        # "saruman's got 6 regulars" (his army, no figure of his read), "Saruman tiene 6 regulares" (set 64)
        for _s, e, cid in self.chars_at + self.owners:
            if e < start and start - e <= 3 and set(self.tokens[e:start]) <= HOLDING:
                return str(data.characters()[cid]["side"])
        return None

    def _group_nation(self, group: list[Unit], t: dict) -> None:
        named = [u.nation for u in group if u.nation and u.unit != "nazgul" and u.explicit]
        side = self._side_said(group)
        for k, u in enumerate(group):
            if u.unit == "nazgul":
                u.side = "shadow"
                continue
            if u.nation is None:
                before = [g.nation for g in group[:k] if g.nation and g.unit != "nazgul"]
                after = [g.nation for g in group[k + 1:] if g.nation and g.unit != "nazgul" and g.explicit]
                u.nation = before[-1] if before else after[0] if after else None
            if u.nation is None:
                near = [n for i, n in self.nations_at if group[0].start - 4 <= i < group[0].start]
                u.nation = near[-1] if near else None   # "Sauron's 7 regulars", "a Gondor army of 3"
            if u.nation is None and side == "shadow":
                u.nation = self._shadow_nation()
            if u.nation is None and side is None and named:
                u.nation = named[0]
            if u.nation is None and side is None and len(set(self.nations)) == 1 and not any(
                    g.start <= i < g.end for i, _n in self.nations_at for g in self._counted if g.explicit) \
                    and not self._other_sides_region(group, self.nations[0]):
                u.nation = self.nations[0]   # not "10 unidades de mordor"'s when those name it
            u.side = side

    def _other_sides_region(self, group: list[Unit], nation: str) -> bool:
        """Whether ``group`` stands in a region of a nation of the other side than ``nation``
        ("Rohan es pasiva y Saruman viene de Isengard con 6 regulares": Isengard's)."""
        from adjudicator import data

        rid = self.region_of(group)
        home = data.regions()[rid].get("nation") if rid else None
        nations = data.nations()
        return home in nations and nation in nations and nations[home]["side"] != nations[nation]["side"]

    def _shadow_nation(self) -> str:
        # Saruman named, or his army said as his ("Saruman's got 6 regulars": no figure of his read)
        his = "saruman" in self.chars or any(cid == "saruman" for _s, _e, cid in self.owners)
        said = set(self.nations) | ({"isengard"} if his else set())
        return "isengard" if "isengard" in said and "sauron" not in said else "sauron"


    def side_of_group(self, group: list[Unit], rid: str | None) -> str | None:
        """The side a group's units are on: their nation's, the side said, else the region's nation's."""
        from adjudicator import data

        sides = {data.nations()[u.nation]["side"] for u in group if u.nation in data.nations()}
        sides |= {"shadow" for u in group if u.unit == "nazgul"} | {u.side for u in group if u.side}
        if not sides and rid is not None and data.regions()[rid].get("nation") in data.nations():
            sides = {data.nations()[data.regions()[rid]["nation"]]["side"]}
        return sides.pop() if len(sides) == 1 else None

    def apart(self, side: str | None, rid: str) -> bool:
        """Whether figures of ``side`` whose region is not said cannot stand in ``rid``: an army
        of the other side was said to stand there and no siege is said (the engine holds one
        side's army in a region, both only in a besieged Stronghold)."""
        from adjudicator import data

        if side is None:
            return False
        if self.besieged() and data.regions()[rid].get("settlement") == "stronghold":
            return False
        for group in self.unit_groups:
            there = self.region_of(group)
            if there == rid and _is_army(group) and self.side_of_group(group, there) not in (None, side):
                return True
        return False

    def placed(self) -> list[str | None]:
        """Each group's region: the one said with it, else the query's first region, unless an
        enemy army was said to stand there (then none: the form asks where)."""
        from adjudicator import data

        if self._placed is not None:
            return self._placed
        out: list[str | None] = []
        for group in self.unit_groups:
            rid = self.region_of(group)
            if rid is None:
                rid = self._clause_region(group)
            if rid is None and self.regions:
                first = self.regions[0]
                rid = None if self.apart(self.side_of_group(group, first), first) or \
                    self._attacks_there(group, first) else first
            out.append(rid)
        # an army read as standing in the region named before it ("Dol Amroth, 6 orcs attack"), where
        # an army of the other side was said to stand right before its region: the form asks where
        for k, g in enumerate(self.unit_groups):
            rid = out[k]
            if rid is None or self.said_after(g) or (
                    self.besieged() and data.regions()[rid].get("settlement") == "stronghold"):
                continue
            mine = self.side_of_group(g, rid)
            if any(out[j] == rid and self.said_after(h) and _is_army(h)
                   and self.side_of_group(h, rid) not in (None, mine)
                   for j, h in enumerate(self.unit_groups) if j != k):
                out[k] = None
        # two armies of opposite sides, neither said where it stands, both put in the first region:
        # the one attacked stays there ("Ataco Osgiliath con 5 regulares ... contra 2 regulares de
        # Gondor"), the attacker's region is the form's to ask
        head = self.regions[0] if self.regions else None
        loose = [k for k, g in enumerate(self.unit_groups) if out[k] == head and self.region_of(g) is None]
        sides = {self.side_of_group(self.unit_groups[k], head) for k in loose} - {None} if head else set()
        if head is not None and len(sides) == 2 and \
                not (self.besieged() and data.regions()[head].get("settlement") == "stronghold"):
            attacker = self.attacker()
            if attacker in loose:
                out[attacker] = None
        self._placed = out
        return out

    def _clause_region(self, group: list[Unit]) -> str | None:
        """The region said last before ``group`` in its clause, when the words between say its
        state and join them ("the dwarves in Erebor are still passive with 1 regular"): no stop,
        no other army, no word of moving or attacking between."""
        start = group[0].start
        before = [(s, e, r) for s, e, r in self.regions_at if e <= start]
        if not before:
            return None
        s, e, rid = before[-1]
        gap = self.tokens[e:start]
        k = s - 1
        while k >= 0 and self.tokens[k] in ARTICLE_WORDS:
            k -= 1
        if k >= 0 and self.tokens[k] in TARGET_BEFORE and not {"where", "donde"} & set(gap):
            # "move to Osgiliath with 3 orcs": where they go, not where they stand; but an army of
            # the other side than one named before it is the target's ("my 6 sauron regulars ...
            # attack minas tirith w/ 3 gondor regulars")
            mine = self.side_of_group(group, None)
            if mine is None or not any(g[0].start < start and self.side_of_group(g, None) not in (None, mine)
                                       for g in self.unit_groups):
                return None
        if not gap or len(gap) > 6 or gap[-1] not in ("with", "con") or any(i in self.breaks for i in range(e, start)) \
                or any(u.start in range(e, start) for u in self.units) or ATTACKS.search(" ".join(gap)) or \
                dict(INTENTS)["army-move"].search(" ".join(gap)):
            return None
        return rid

    def _attacks_there(self, group: list[Unit], rid: str) -> bool:
        """Whether ``group`` is said to attack ``rid`` right after it ("7 regulars and 2 elites
        attacking Dale", "6 orco y 2 Nazgul ataca Pelargir"): that region is its target, not where
        it stands (set 37)."""
        from adjudicator import data

        if self.besieged() and data.regions()[rid].get("settlement") == "stronghold":
            return False   # "attacking Helm's Deep ... keep the siege going": besiegers stand there
        end = group[-1].end
        for s, _e, r in self.regions_at:
            if r == rid and end <= s <= end + 4:
                between = " ".join(self.tokens[end:s])
                return ATTACKS.search(between) is not None and not ATTACKS_ME.search(between)
        return False

    def mover_units(self) -> list[Unit]:
        """The units that move: those named before the first word of moving ("el Witch-king y 2
        nazgul en Minas Morgul, puedo mover"), else every unit named ("puedo mover mis 3 elites")."""
        verb = dict(INTENTS)["army-move"].search(self.text)
        at = self.token_at(verb.start()) if verb else len(self.tokens)
        before = [u for g in self.unit_groups if g[0].start < at for u in g]
        return before or list(self.units)

    def mine(self, group: list[Unit]) -> bool:
        """A group the asker says is theirs: "my 4 regulars", "tengo 3 regulares", "I've got"."""
        at = max(0, group[0].start - 4)
        before = self.tokens[at:group[0].start]
        # "me atacan 7 regulares", "nos vienen 8 orcos": the asker is the object, the army is not his
        objects = {at + k for k, w in enumerate(before) if w in ("me", "nos") and k + 1 < len(before)
                   and OBJECT_VERB.match(before[k + 1])}
        # "my grandson has 6 Sauron regulars", "mi primo tiene 8 orcos": the army is the other player's
        objects |= {at + k for k, w in enumerate(before) if k + 1 < len(before) and before[k + 1] in PEOPLE}
        # "got 3 sauron regulars in Osgiliath, can I attack": a chat's "(I've) got" opening the query
        return any(w in MINE and at + k not in objects for k, w in enumerate(before)) or \
            before[:1] == ["got"] and group[0].start == 1

    def attacker(self) -> int | None:
        """Which group attacks (its index in the groups), when the query says so: "they attack
        me", "ataco a", the army named just before "attacks" or "moves in" (its subject), the army
        after "con" when a nation attacks ("Isengard ataca Edoras con 5 regulares")."""
        groups = self.unit_groups
        if len(groups) < 2 and not (groups and ATTACKS.search(self.text)):
            return None
        mine = [k for k, g in enumerate(groups) if self.mine(g)]
        others = [k for k in range(len(groups)) if k not in mine]
        if ATTACKS_ME.search(self.text) and mine and len(others) == 1:
            return others[0]
        mine_attack = I_ATTACK.search(self.text)
        if mine_attack and len(mine) == 1:
            return mine[0]
        if mine_attack:   # "5 regulares de Rohan en Edoras ..., puedo atacar a los 3 regulares": the army before
            at = self.token_at(mine_attack.start())
            before = [k for k, g in enumerate(groups) if g[-1].end <= at]
            if before and any(g[0].start > at for g in groups):
                return before[-1]
        verb = ATTACKS.search(self.text)
        if verb is None:
            return None
        at = self.token_at(verb.start())
        if at and self.tokens[at - 1] in ("he", "she", "ella", "puede") and mine \
                and len(others) == 1:
            return others[0]   # "my 3 regulars in Minas Tirith, if he attacks", "puede atacar": not mine (sets 47, 60)
        subject = self._subject_side(at)   # "si Saruman ataca", "Isengard attacks": that side's army
        if subject is not None:
            theirs = [k for k, g in enumerate(groups) if self.side_of_group(g, self.region_of(g)) == subject]
            if len(theirs) == 1:
                return theirs[0]
        said_end = at + len(verb.group(0).split())
        target = next((rid for s, _e, rid in self.regions_at if said_end <= s <= said_end + 2
                       and all(t in ("a", "al", "the", "to", "into") for t in self.tokens[said_end:s])), None)
        standing = [self.region_of(g) for g in groups]
        if target is not None and len(groups) == 2 and standing.count(target) == 1 and None not in standing:
            # "¿pueden atacar Minas Tirith?", "attacks Dale": the army standing there is attacked
            return 1 - standing.index(target)
        before = [k for k, g in enumerate(groups) if g[-1].end <= at and at - g[-1].end <= 8]
        if before and any(g[-1].end <= i <= at for i in self.breaks for g in (groups[before[-1]],)) \
                and self.tokens[at - 1] in ("si", "if", "when", "cuando"):
            before = []   # "... 2 de Gondor: si ataca la ciudad": a new clause, its subject not that army
        after_verb = self.tokens[said_end:said_end + 1]
        pronoun = (at and self.tokens[at - 1] in ("los", "las", "les", "lo", "la", "le")) or \
            after_verb in (["them"], ["him"], ["it"])
        if not before and not pronoun and verb.group(0) in ("attacks", "assaults", "ataca", "atacan"):
            # "La Sombra tiene 5 regulares en Umbar y en Pelargir hay 2 de Gondor: si ataca la ciudad":
            # a verb of the third person with no subject of its own is the one side named before it
            said = {side for i, side in self.sides_at if i < at}
            theirs = [k for k, g in enumerate(groups) if said and self.side_of_group(g, self.region_of(g)) in said]
            if len(said) == 1 and len(theirs) == 1:
                return theirs[0]
        if pronoun:
            # "si los ataca", "attacks them": the army named before is the one attacked
            return next((k for k in range(len(groups) - 1, -1, -1) if k not in before[-1:]), None) \
                if len(groups) == 2 and before else None
        if before:
            return before[-1]
        after = [k for k, g in enumerate(groups) if g[0].start > at and g[0].start - at <= 6
                 and self.tokens[g[0].start - 1] in ("con", "with")]
        return after[0] if after else None

    def _subject_side(self, at: int) -> str | None:
        """The side of a character or nation named just before token ``at`` (a verb's subject)."""
        from adjudicator import data

        def clause(i: int) -> bool:   # "... 2 de Gondor: si ataca": no subject across a stop
            return not any(i < b <= at for b in self.breaks)

        for _s, e, cid in self.chars_at:
            if at - 2 <= e <= at and cid in data.characters() and clause(e - 1):
                return data.characters()[cid]["side"]
        for i, nation in self.nations_at:
            if at - 2 <= i < at and nation in data.nations() and clause(i):
                return data.nations()[nation]["side"]
        for i, side in self.sides_at:   # "Shadow attacks with an army die"
            if at - 2 <= i < at and clause(i):
                return side
        return None

    @property
    def sides_at(self) -> list[tuple[int, str]]:
        """(token, side) for each side the query names in words ("the Shadow", "los Pueblos Libres")."""
        sides = tables()["sides"]
        out = []
        for i, tok in enumerate(self.tokens):
            if i + 1 < len(self.tokens) and f"{tok} {self.tokens[i + 1]}" in sides:
                out.append((i + 1, sides[f"{tok} {self.tokens[i + 1]}"]))
            elif tok in sides:
                out.append((i, sides[tok]))
        return out


def _is_army(group: list[Unit]) -> bool:
    """Whether a group is an army: Nazgûl alone are characters, which may stand where the enemy's
    army stands ("the Witch-king and 2 Nazgûl fly into Lórien, where there are 2 Elven elites")."""
    return any(u.unit != "nazgul" for u in group)
