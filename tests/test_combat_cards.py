"""Combat cards in `battle` and `battle-outcome`: the cards' checks and order, and a Monte Carlo
oracle that plays the cards by hand (each card written here from its text, not from the
engine's plan) and must agree with every exact figure within its error bars."""
from __future__ import annotations

import random
from fractions import Fraction

import pytest

from adjudicator import api
from tests.test_battle_outcome import best_keeping_strength, within

AT_WAR = {n: "at-war" for n in ("gondor", "rohan", "sauron", "isengard", "southrons", "elves", "dwarves", "north")}
# Osgiliath (Gondor) against Minas Tirith's field army: 6 Regulars, 2 Elites, 1 Nazgûl and the
# Witch-king (Leadership 3) attack 3 Regulars, 2 Elites, a Leader and Aragorn (4 units + Captain: 5
# dice, Leadership 3).
REGIONS = {"Osgiliath": {"shadow": {"sauron": {"regular": 6, "elite": 2}, "nazgul": 1, "characters": ["Witch-king"]}},
           "Minas Tirith": {"free_peoples": {"gondor": {"regular": 3, "elite": 2, "leader": 1},
                                             "characters": ["Aragorn"]}}}
BASE = {"from": "Osgiliath", "to": "Minas Tirith", "type": "field"}


def ask(question, regions=REGIONS, lang="en"):
    return api.ask({"game": "war-of-the-ring", "lang": lang, "position": {"regions": regions, "politics": AT_WAR},
                    "question": {**BASE, **question}})


def verdict(question, **kw):
    return ask(question, **kw)["verdict"]


# -- a round played by hand ---------------------------------------------------------------------
def die(rng, hit_on):
    face = int(rng.random() * 6) + 1
    return face, face != 1 and (face == 6 or face >= hit_on)


def take(army, hits, captains):
    army[:] = best_keeping_strength((army[0], army[1], 0), hits, captains)[:2]


def sim_round(rng, att_card, def_card, choice=None):
    """One round, Shadow (attacker) against the Free Peoples of REGIONS: the hits each side
    scores on the other. Each card's effect is written here from its text."""
    att, dfd = [6, 2], [3, 2]
    a_cap, d_cap = 0, 1
    a_lead, d_lead = 3, 3
    a_mod = d_mod = a_rmod = d_rmod = 0
    a_max = d_max = 5
    a_auto = 0
    d_auto = 0
    a_hits = d_hits = 0
    backfire = False
    cards = {"attacker": att_card, "defender": def_card}
    if def_card == "Swarm of Bats":
        pass
    if att_card == "Swarm of Bats":        # initiative 0: the Free Peoples' card does nothing
        if def_card is None:
            a_rmod += 1
        cards["defender"] = None
    a, d = cards["attacker"], cards["defender"]
    if a == "Deadly Strife":
        a_mod = d_mod = a_rmod = d_rmod = 2
    if a == "Cruel as Death":
        a_lead -= 2
        a_mod += 1
    if a == "Dread and Despair":       # one point given up: one Free Peoples die fewer
        a_lead -= 1
        d_max = 4
    if d == "Daylight":
        a_max = 3
    if d == "Valour":
        d_mod += 1
    if d == "Confusion":
        backfire = True
    if d == "Andúril":                 # Aragorn's Leadership (2) given up, two missed dice made hits
        d_lead -= 2
        d_auto = 2
    if d == "Mighty Attack":           # the one Companion, Aragorn, gives up his 2: one missed die a hit
        d_lead -= 2
        d_auto = 1
    if a == "They Are Terrible":
        a_lead -= 1
        a_rmod += 1
    if a == "Desperate Battle":
        a_mod = d_mod = a_rmod = d_rmod = 1
    if d == "Advantageous Position":   # Minas Tirith is in Gondor
        a_mod -= 1
    if d == "Brave Stand":             # one Companion: one Shadow die fewer
        a_max = 4
    if a == "Foul Stench":             # Nazgûl Leadership 3 against the Free Peoples' 3
        d_lead = 0
    if a == "Words of Power":          # Aragorn silenced: no Leadership, no Captain of the West
        d_lead -= 2
        d_cap = 0
    if d == "Charge":                  # initiative 2: the two Elites attack on 5+ before the roll
        h = sum(die(rng, 5)[1] for _ in range(dfd[1]))
        take(att, h, a_cap)
        d_hits += h
    if a == "Relentless Assault":      # initiative 3: hits on his own army, +1 each to the roll
        take(att, choice, a_cap)
        a_mod += choice
    if a == "Durin's Bane":            # initiative 2, before the roll: 3 dice on 4+
        h = sum(die(rng, 4)[1] for _ in range(3))
        take(dfd, h, d_cap)
        a_hits += h
    if d == "Sudden Strike":           # a die per point of Leadership, on the battle's own 5+
        h = sum(die(rng, 5)[1] for _ in range(min(5, d_lead)))
        take(att, h, a_cap)
        d_hits += h

    def roll(units, cap, mx, hit_on, mod, rmod, lead, auto, ones_hit):
        dice = min(5, units + cap, mx) if units else 0
        if mx < 5 and units:
            dice = max(1, dice)
        faces = [die(rng, hit_on - mod) for _ in range(dice)]
        hits = sum(h for _f, h in faces)
        ones = sum(1 for f, _h in faces if f == 1) if ones_hit else 0
        missed = dice - hits - ones
        made = min(auto, missed)
        rer = min(5, dice, max(0, lead), missed - made)
        return hits + made + sum(die(rng, hit_on - rmod)[1] for _ in range(rer)), ones

    ah, a_self = roll(sum(att), a_cap, a_max, 5, a_mod, a_rmod, a_lead, a_auto, backfire)
    dh, _ = roll(sum(dfd), d_cap, d_max, 5, d_mod, d_rmod, d_lead, d_auto, False)
    if d == "No Quarter" and dh >= 1:
        dh += 1
    if d == "Shield-wall" and ah >= 2:
        ah -= 1
    if d == "Heroic Death" and ah >= 1:    # the Leader sacrificed: one hit cancelled
        ah -= 1
    take(att, dh + a_self, a_cap)
    take(dfd, ah, d_cap)
    a_hits += ah
    d_hits += dh
    if a == "We Come to Kill" and sum(att) and sum(dfd):     # after casualties: Elites, on 5+
        h = sum(die(rng, 5)[1] for _ in range(min(5, att[1])))
        a_hits += h
    if a == "Great Host" and sum(dfd) and sum(att) >= 2 * sum(dfd):
        a_hits += 1
    if a == "Onslaught" and sum(att) and sum(dfd):    # hits on his own units, then a die each on 4+
        k = min(choice, att[0] + 2 * att[1] - 1)
        take(att, k, a_cap)
        a_hits += sum(die(rng, 4)[1] for _ in range(k))
    return a_hits, d_hits


PAIRS = [("Deadly Strife", "Valour"), ("Cruel as Death", "Andúril"), ("Durin's Bane", "Daylight"),
         ("Dread and Despair", "Confusion"), ("We Come to Kill", "Sudden Strike"), ("Great Host", "No Quarter"),
         ("Swarm of Bats", "Shield-wall"), ("Swarm of Bats", None), (None, "Shield-wall"),
         ("They Are Terrible", "Mighty Attack"), ("Desperate Battle", "Advantageous Position"),
         ("Foul Stench", "Brave Stand"), ("Words of Power", "Charge"), ("Relentless Assault", "Heroic Death"),
         ("Onslaught", None)]
CHOICES = {"Dread and Despair": 1, "Relentless Assault": 2, "Onslaught": 2}
REGIONS_MORIA = {"Dimrill Dale": REGIONS["Osgiliath"], "Lorien": REGIONS["Minas Tirith"]}


@pytest.mark.parametrize("pair", PAIRS, ids=[f"{a}-{d}" for a, d in PAIRS])
def test_a_rounds_exact_hits_agree_with_a_simulation(pair):
    att, dfd = pair
    cards = {k: v for k, v in (("attacker", att), ("defender", dfd)) if v}
    q = {"kind": "battle", "combat_cards": cards}
    regions = REGIONS
    if att == "Durin's Bane":      # the defenders at most two regions from Moria
        regions = {"Dimrill Dale": REGIONS["Osgiliath"], "Lorien": {"free_peoples": {
            "elves": {"regular": 3, "elite": 2, "leader": 1}, "characters": ["Aragorn"]}}}
        q = {**q, "from": "Dimrill Dale", "to": "Lorien"}
    if att in CHOICES:
        q = {**q, "card_choices": {"attacker": CHOICES[att]}}
    if dfd == "Heroic Death":
        q = {**q, "card_choices": {**q.get("card_choices", {}), "defender": "leader"}}
    v = verdict(q, regions=regions)
    assert v["status"] == "decided" and v["combat_cards"]["order"]
    if att == "Dread and Despair":
        assert v["defender"]["dice"] == 4
    rng = random.Random(sum(map(ord, f"{att}{dfd}")))
    n = 6000
    counts = {"attacker": {}, "defender": {}}
    for _ in range(n):
        ah, dh = sim_round(rng, att, dfd, CHOICES.get(att))
        counts["attacker"][ah] = counts["attacker"].get(ah, 0) + 1
        counts["defender"][dh] = counts["defender"].get(dh, 0) + 1
    for role in ("attacker", "defender"):
        exact = [Fraction(p) for p in v[role]["p_hits_exact"]]
        assert sum(exact) == 1
        for k in set(range(len(exact))) | set(counts[role]):
            p = exact[k] if k < len(exact) else Fraction(0)
            assert within(counts[role].get(k, 0), n, p), (role, k, counts[role].get(k, 0), float(p))


def sim_battle(rng, att_card, def_card):
    """The whole battle: round 1 with the cards (Deadly Strife against Valour), then plain
    rounds until one side is gone."""
    att, dfd = [6, 2], [3, 2]
    rnd = 0
    while sum(att) and sum(dfd):
        rnd += 1
        mod = 2 if rnd == 1 and att_card == "Deadly Strife" else 0
        dmod = mod + (1 if rnd == 1 and def_card == "Valour" else 0)

        def roll(units, cap, lead, m, rm):
            dice = min(5, units + cap)
            hits = sum(die(rng, 5 - m)[1] for _ in range(dice))
            return hits + sum(die(rng, 5 - rm)[1] for _ in range(min(lead, dice - hits)))
        ah = roll(sum(att), 0, 3, mod, mod)
        dh = roll(sum(dfd), 1, 3, dmod, mod)
        take(att, dh, 0)
        take(dfd, ah, 1)
    return "both" if not sum(att) and not sum(dfd) else ("attacker" if sum(att) else "holds")


def prob(v: dict, key: str) -> Fraction:
    """A probability of the verdict: its exact fraction, or where that is too long to be given
    (over the bounded size: null) the figure shown, which is exact to its last digit."""
    exact = v.get(f"{key}_exact")
    return Fraction(exact) if exact is not None else Fraction(str(v[key]))


def test_a_whole_battle_with_cards_agrees_with_a_simulation():
    v = verdict({"kind": "battle-outcome", "combat_cards": {"attacker": "Deadly Strife", "defender": "Valour"}})
    assert v["without_cards"]["p_attacker_wins"] != v["p_attacker_wins"]
    rng = random.Random(5)
    n = 4000
    tally = {"attacker": 0, "holds": 0, "both": 0}
    for _ in range(n):
        tally[sim_battle(rng, "Deadly Strife", "Valour")] += 1
    assert within(tally["attacker"], n, prob(v, "p_attacker_wins"))
    assert within(tally["holds"], n, prob(v, "p_defender_holds"))
    assert within(tally["both"], n, prob(v, "p_both_eliminated"))


# -- the rules of playing them ------------------------------------------------------------------
def test_a_card_whose_condition_fails_cannot_be_played_and_says_why():
    out = ask({"kind": "battle", "combat_cards": {"defender": "Ents' Rage"}})
    v = out["verdict"]
    assert v["combat_cards"]["defender"]["playable"] is False and v["combat_cards"]["order"] == []
    assert v["defender"]["p_hits_exact"] == v["without_cards"]["defender"]["p_hits_exact"]
    why = [s["text"] for s in out["explanation"] if s["rule"] == "wotr-combat-cards-condition"]
    assert why and "Minas Tirith" in why[0]


def test_a_card_of_the_other_side_cannot_be_played():
    v = verdict({"kind": "battle", "combat_cards": {"attacker": "Daylight"}})
    assert v["combat_cards"]["attacker"]["playable"] is False


def test_a_cancelling_card_resolves_first_on_a_tie_for_the_defender():
    v = verdict({"kind": "battle", "combat_cards": {"attacker": "Swarm of Bats", "defender": "Daring Defiance"}})
    cc = v["combat_cards"]
    assert cc["attacker"]["cancelled"] is True and cc["defender"]["cancelled"] is False
    assert cc["order"] == ["Daring Defiance", "Swarm of Bats"]


def test_a_card_named_by_its_title_or_its_card_reads_the_same_and_in_spanish():
    by_title = verdict({"kind": "battle", "combat_cards": {"defender": "Andúril"}})
    by_card = verdict({"kind": "battle", "combat_cards": {"defender": "Athelas"}})
    es = verdict({"kind": "battle", "combat_cards": {"defender": "Andúril"}}, lang="es")
    assert by_title["defender"] == by_card["defender"] == es["defender"]


def test_an_unknown_card_is_a_problem_with_its_path():
    from adjudicator.problems import ScenarioInvalid
    with pytest.raises(ScenarioInvalid) as err:
        ask({"kind": "battle", "combat_cards": {"attacker": "Fireworks", "side": "Daylight"}})
    paths = {p.path_text() if hasattr(p, "path_text") else str(p) for p in err.value.problems}
    assert len(paths) == 2


def test_a_choice_left_open_is_the_best_for_its_player_and_named():
    out = ask({"kind": "battle", "combat_cards": {"attacker": "Relentless Assault"}})
    assert "question.card_choices" in out["verdict"]["defaults"]
    given = verdict({"kind": "battle", "combat_cards": {"attacker": "Relentless Assault"},
                     "card_choices": {"attacker": 0}})
    assert given["attacker"]["p_hits_exact"] == given["without_cards"]["attacker"]["p_hits_exact"]


def sim_black_breath(rng):
    """Black Breath in round 1: a Shadow re-roll hit slays the Free Peoples Leader (three slay
    Aragorn, who also gave a Combat die); then plain rounds to the end."""
    att, dfd = [6, 2], [3, 2]
    d_cap, d_lead = 1, 3
    rnd = 0
    while sum(att) and sum(dfd):
        rnd += 1
        a_dice = min(5, sum(att))
        first = [die(rng, 5)[1] for _ in range(a_dice)]
        again = [die(rng, 5)[1] for _ in range(min(3, a_dice - sum(first)))]
        ah = sum(first) + sum(again)
        d_dice = min(5, sum(dfd) + d_cap)
        dh = sum(die(rng, 5)[1] for _ in range(d_dice))
        dh += sum(die(rng, 5)[1] for _ in range(min(d_lead, d_dice - dh)))
        take(att, dh, 0)
        take(dfd, ah, d_cap)
        if rnd == 1 and sum(again) >= 3:
            d_lead, d_cap = d_lead - 2, 0
        elif rnd == 1 and sum(again) >= 1:
            d_lead -= 1
    return "both" if not sum(att) and not sum(dfd) else ("attacker" if sum(att) else "holds")


def test_a_character_slain_by_a_card_leads_no_more_in_a_simulation():
    v = verdict({"kind": "battle-outcome", "combat_cards": {"attacker": "Black Breath"}})
    rng = random.Random(23)
    n = 4000
    tally = {"attacker": 0, "holds": 0, "both": 0}
    for _ in range(n):
        tally[sim_black_breath(rng)] += 1
    for key, outcome in (("p_attacker_wins", "attacker"), ("p_defender_holds", "holds"), ("both", "both")):
        exact = prob(v, key if key != "both" else "p_both_eliminated")
        assert within(tally[outcome], n, exact), (key, tally[outcome] / n, float(exact))


def test_cards_of_consecutive_rounds_and_none_after():
    one = verdict({"kind": "battle-outcome", "combat_cards": {"attacker": "Deadly Strife"}})
    listed = verdict({"kind": "battle-outcome", "combat_cards": [{"attacker": "Deadly Strife"}]})
    two = verdict({"kind": "battle-outcome", "combat_cards": [{"attacker": "Deadly Strife"}, {"defender": "Valour"}]})
    assert one["p_attacker_wins"] == listed["p_attacker_wins"] != two["p_attacker_wins"]
    for v in (one, two):
        assert abs(sum(v["p_rounds"].values()) - 1) < 1e-3
        assert abs(sum(prob(v, k) for k in ("p_attacker_wins", "p_defender_holds", "p_both_eliminated",
                                            "p_defender_retreats")) - 1) < Fraction(1, 1000)


def test_scouts_ends_the_battle_before_any_die_and_says_where_to():
    regions = {"Osgiliath": REGIONS["Osgiliath"], "Lossarnach": REGIONS["Minas Tirith"]}
    q = {"from": "Osgiliath", "to": "Lossarnach", "combat_cards": {"defender": "Scouts"}}
    out = ask({**q, "kind": "battle-outcome"}, regions=regions)
    assert out["verdict"]["p_defender_retreats"] == 1 and out["verdict"]["p_rounds"] == {"1": 1.0}
    where = [s["text"] for s in out["explanation"] if s["rule"] == "wotr-combat-cards-retreat"]
    assert where and "Minas Tirith" in where[0] and "Pelargir" in where[0]
    one = verdict({**q, "kind": "battle"}, regions=regions)
    assert one["attacker"]["p_hits"] == [1.0] and one["defender"]["p_hits"] == [1.0]


HELMS_DEEP = {"Helm's Deep": {"besieged": "free-peoples", "free_peoples": {"rohan": {"regular": 2, "elite": 2,
                                                                                    "leader": 1}},
                              "shadow": {"isengard": {"regular": 6, "elite": 4}}},
              "Orthanc": {"shadow": {"characters": ["Saruman"]}}}


def sim_devilry(rng):
    """Helm's Deep besieged, Saruman in play (the 4 Isengard Elites lead): Devilry of Orthanc
    in round 1 (+1 to the Combat roll, not to the re-roll), the siege extended while the
    attacker has an Elite to reduce."""
    att, dfd = [6, 0, 4], [2, 2, 0]
    rnd = 0
    while True:
        rnd += 1
        a_dice, d_dice = min(5, sum(att)), min(5, sum(dfd))
        first = sum(die(rng, 5 if rnd == 1 else 6)[1] for _ in range(a_dice))
        ah = first + sum(die(rng, 6)[1] for _ in range(min(att[2], a_dice - first)))
        dh = sum(die(rng, 5)[1] for _ in range(d_dice))
        dh += sum(die(rng, 5)[1] for _ in range(min(1, d_dice - dh)))
        att[:] = best_keeping_strength(tuple(att), dh, 0)
        dfd[:] = best_keeping_strength(tuple(dfd), ah, 0)
        if not sum(att) and not sum(dfd):
            return "both"
        if not sum(dfd):
            return "attacker"
        if not sum(att):
            return "holds"
        if not (att[1] or att[2]):
            return "holds"
        if att[1]:
            att[1] -= 1
        else:
            att[2] -= 1
        att[0] += 1


def test_a_siege_with_a_card_agrees_with_a_simulation():
    v = api.ask({"game": "war-of-the-ring", "position": {"regions": HELMS_DEEP, "politics": AT_WAR},
                 "question": {"kind": "battle-outcome", "from": "Helm's Deep", "to": "Helm's Deep", "type": "siege",
                              "side": "shadow", "combat_cards": {"attacker": "Devilry of Orthanc"}}})["verdict"]
    assert v["p_attacker_wins"] > v["without_cards"]["p_attacker_wins"]
    rng = random.Random(19)
    n = 4000
    tally = {"attacker": 0, "holds": 0, "both": 0}
    for _ in range(n):
        tally[sim_devilry(rng)] += 1
    assert within(tally["attacker"], n, prob(v, "p_attacker_wins"))
    assert within(tally["holds"], n, prob(v, "p_defender_holds"))
