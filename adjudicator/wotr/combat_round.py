"""War of the Ring: one combat round's dice (seed 000 'Resolución de batallas'; official
2nd-edition rules where the seed is silent).

How many dice each side rolls (Combat Strength, Captains of the West, at most 5), how many it
re-rolls (Leadership: Leaders, Nazgûl, characters, Saruman's Isengard Elites; at most 5 and
never more than the dice), what it hits on (a siege, the first round against a City or a
Fortification), the exact chance of each number of hits, and the characters' abilities that
change them (Gandalf the White cancelling the Nazgûl's Leadership; the Witch-king's extra
card after a combat card).
"""
from __future__ import annotations

from fractions import Fraction
from typing import NamedTuple

from adjudicator import data, names
from adjudicator.ruling import fraction_text, probability
from adjudicator.wotr import board
from adjudicator.wotr import characters as chars_rules
from adjudicator.wotr.armies import (
    name_default,
)
from adjudicator.wotr.engagement import GANDALF_WHITE, Engagement
from adjudicator.wotr.model import Army
from adjudicator.wotr.odds import hits_distribution

NORMAL_HIT = 5
HARD_HIT = 6


# -- the figures that fight, their dice and their Leadership ---------------------------------------
class SideDice(NamedTuple):
    """One army's dice for a round, before any step is written."""
    units: int
    strength: int
    dice: int
    captains: tuple[str, ...]
    leadership: int
    rerolls: int


def side_dice(position, army: Army, side: str, *, cancel: bool = False) -> SideDice:
    """Dice = units + Captains of the West (Free Peoples only), at most 5; re-rolls = the
    army's Leadership (characters.leadership: Isengard Elites while Saruman is in play, the
    Nazgûl cancelled by Gandalf the White), at most 5 and never more than the dice."""
    chars = data.characters()
    captains = tuple(c for c in army.characters if side == "free_peoples" and chars[c]["combat_strength_bonus"])
    strength = army.units + sum(chars[c]["combat_strength_bonus"] for c in captains)
    dice = min(board.MAX_COMBAT_DICE, strength)
    lead = max(0, chars_rules.leadership(position, army, cancel_nazgul_leadership=cancel))
    return SideDice(army.units, strength, dice, captains, lead, min(lead, board.MAX_LEADERSHIP, dice))


def isengard_elites(army: Army) -> int:
    units = army.nations.get("isengard")
    return units.elite if units else 0


def elites_lead_step(position, army: Army, r, who: str) -> int:
    """Say whether the army's Isengard Elites count as Leaders (Saruman in play); when the
    position leaves Orthanc out, that Saruman is not in play is a default, named."""
    elites = isengard_elites(army)
    if not elites:
        return 0
    saruman = names.character_name("saruman", r.lang)
    if chars_rules.saruman_in_play(position):
        r.step("battle.elites_lead", "wotr-char-saruman-elites", who=who, n=elites, saruman=saruman)
        return elites
    if "orthanc" not in position.regions:
        name_default(r, "position.regions.orthanc", "battle.default_no_saruman", "wotr-char-saruman-elites",
                     who=who, n=elites, saruman=saruman, region=names.region_name("orthanc", r.lang))
    else:
        r.step("battle.elites_no_saruman", "wotr-char-saruman-elites", who=who, n=elites, saruman=saruman)
    return 0


def combat_dice(position, army: Army, side: str, r, *, role: str, cancel: bool = False) -> tuple[int, int]:
    """(dice, re-rolls) for one round, with the steps that explain them."""
    chars = data.characters()
    s = side_dice(position, army, side, cancel=cancel)
    who = r.t(f"battle.{role}")
    r.step("battle.strength", "wotr-battle-combat-strength", who=who, units=s.units, strength=s.strength,
           dice=s.dice, max=board.MAX_COMBAT_DICE)
    if s.captains:
        r.step("battle.captains", "wotr-battle-captain-of-the-west", who=who,
               names=", ".join(names.character_name(c, r.lang) for c in s.captains), bonus=len(s.captains))
    if GANDALF_WHITE in army.characters and side == "free_peoples":
        r.step("battle.gandalf_white_no_captain", "wotr-battle-captain-of-the-west",
               who=names.character_name(GANDALF_WHITE, r.lang))
    elites = elites_lead_step(position, army, r, who)
    parts = []
    if army.leaders:
        parts.append(r.t("battle.lead_leaders", n=army.leaders))
    if elites:
        parts.append(r.t("battle.lead_elites", n=elites))
    if army.nazgul and not cancel:
        parts.append(r.t("battle.lead_nazgul", n=army.nazgul))
    for c in army.characters:
        cancelled = cancel and (chars[c]["is_nazgul"] or c == GANDALF_WHITE)
        if chars[c]["leadership"] and not cancelled:
            parts.append(f"{names.character_name(c, r.lang)} {chars[c]['leadership']}")
    if parts:
        r.step("battle.leadership", "wotr-battle-leadership", who=who, lead=s.leadership, parts=" + ".join(parts),
               rerolls=s.rerolls, max=board.MAX_LEADERSHIP)
    else:
        r.step("battle.no_leadership", "wotr-battle-leadership", who=who)
    return s.dice, s.rerolls


# -- what each side hits on, and the odds ---------------------------------------------------------
def hit_numbers(position, e: Engagement, r, rnd: int, *, round_given: bool) -> tuple[int, int]:
    """What each side hits on in round ``rnd``, with the step that says why."""
    dst_name = names.region_name(e.dst, r.lang)
    settlement = board.settlement(e.dst)
    if e.kind == "siege":
        r.step("battle.siege_hits", "wotr-siege-battle")
        if rnd > 1:
            r.step("battle.siege_later_round", "wotr-siege-extend", round=rnd)
        return HARD_HIT, NORMAL_HIT
    if e.kind == "sortie":
        r.step("battle.sortie_hits", "wotr-sortie")
        return NORMAL_HIT, NORMAL_HIT
    if settlement in ("city", "fortification"):
        name = r.t(f"battle.settlement_{settlement}")
        if not round_given:
            name_default(r, "question.round", "battle.default_round", "wotr-battle-city-fortification")
        if rnd == 1:
            r.step("battle.city_first_round", "wotr-battle-city-fortification", region=dst_name, what=name)
            return HARD_HIT, NORMAL_HIT
        r.step("battle.city_later_round", "wotr-battle-city-fortification", region=dst_name, what=name, round=rnd)
        return NORMAL_HIT, NORMAL_HIT
    if (settlement == "stronghold" and position.region(e.dst).besieged is None
            and position.controller(e.dst) == e.enemy):
        r.step("battle.stronghold_field", "wotr-siege-choice", region=dst_name)
    else:
        r.step("battle.plain_hits", "wotr-battle-hit")
    return NORMAL_HIT, NORMAL_HIT


def odds(dice: int, hit_on: int, rerolls: int) -> dict:
    dist = hits_distribution(dice, hit_on, rerolls) if dice else (Fraction(1),)
    return {"dice": dice, "hit_on": hit_on, "rerolls": rerolls,
            "p_hits": [probability(p) for p in dist], "p_hits_exact": [fraction_text(p) for p in dist]}


def expected(dist_side: dict) -> Fraction:
    """The mean number of hits."""
    exact = [Fraction(p) for p in dist_side["p_hits_exact"]]
    return sum((k * p for k, p in enumerate(exact)), Fraction(0))


def p_any(dist_side: dict) -> Fraction:
    """The chance of at least one hit."""
    return 1 - Fraction(dist_side["p_hits_exact"][0])


# -- characters' abilities in a battle -----------------------------------------------------------
def nazgul_cancelled(position, e: Engagement, r) -> tuple[bool, bool]:
    """Gandalf the White's choice, with its steps: (cancelled in these odds, the Free Peoples
    may still choose it). Not given while it could matter: the odds are without it, a
    default named."""
    fp, shadow = e.army_of("free_peoples"), e.army_of("shadow")
    gandalf = GANDALF_WHITE in fp.characters
    nazgul = chars_rules.nazgul_leadership(shadow)
    params = {"gandalf": names.character_name(GANDALF_WHITE, r.lang), "n": nazgul}
    if not gandalf:
        return False, False
    if e.cancel:
        key = "battle.nazgul_cancelled" if nazgul else "battle.nazgul_cancelled_none"
        r.step(key, "wotr-char-gandalf-white-nazgul", decides=False, **params)
        return True, False
    if not nazgul:
        return False, False
    if e.cancel is False:
        r.step("battle.nazgul_not_cancelled", "wotr-char-gandalf-white-nazgul", **params)
        return False, False
    name_default(r, "question.cancel_nazgul_leadership", "battle.default_no_cancel", "wotr-char-gandalf-white-nazgul",
                 **params)
    return False, True


def witch_king_card_step(e: Engagement, r) -> None:
    """The Witch-king's extra card when no combat card is given: the Shadow would draw one
    if he played a combat card in the first round (with cards given, the cards' steps say it:
    :mod:`adjudicator.wotr.cards.combat_steps`)."""
    if "witch-king" in e.army_of("shadow").characters:
        r.step("combat.witch_king_no_card", "wotr-char-witch-king-card",
               who=names.character_name("witch-king", r.lang))
