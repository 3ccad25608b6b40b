"""War of the Ring: a battle's combat round, ``battle`` (seed 000 'Resolución de batallas',
'Fortificaciones y Asentamientos'; official 2nd-edition rules where the seed is silent).

The dice of one combat round: how many, what hits, how many re-rolls, and the exact chance of
each number of hits. The chapter's parts: the battle read (who attacks whom, field battle,
siege or sortie, the refusals) in :mod:`adjudicator.wotr.engagement`, the round's dice in
:mod:`adjudicator.wotr.combat_round`, ``retreat`` in :mod:`adjudicator.wotr.retreat`; the
whole battle fought to its end is :mod:`adjudicator.wotr.whole_battle` (``battle-outcome``),
which reads the battle the same way (:func:`adjudicator.wotr.engagement.read_engagement`).

Characters' abilities counted: Captains of the West, Saruman's Isengard Elites as Leaders,
Gandalf the White cancelling the Nazgûl's Leadership (``cancel_nazgul_leadership``), the
Mouth of Sauron's Muster result used as an Army result; the combat cards
(:mod:`adjudicator.wotr.cards.combat_steps`) and the Witch-king's extra card after one. One round per question; the
casualties are the players' choice. Every default the answer leans on is named
(:meth:`adjudicator.ruling.RulingBuilder.default`).
"""
from __future__ import annotations

from adjudicator import names
from adjudicator.params import side_value
from adjudicator.registry import question
from adjudicator.ruling import Ruling
from adjudicator.spec import Key, KindSpec, Param, T, allowed_key
from adjudicator.wotr.cards.combat import (
    CARD_RULES,
    COMBAT_CARDS_KEY,
    card_params,
    read_card_choices,
    read_combat_cards,
)
from adjudicator.wotr.cards.combat_steps import round_odds
from adjudicator.wotr.combat_round import (
    combat_dice,
    expected,
    hit_numbers,
    nazgul_cancelled,
    odds,
    p_any,
    side_dice,
    witch_king_card_step,
)
from adjudicator.wotr.engagement import (
    GANDALF_WHITE,
    TYPES,
    Engagement,
    battle_params,
    politics_of_attack,
    read_engagement,
)

GAME = "war-of-the-ring"
SIDE_DICE = T("{dice, hit_on, rerolls, p_hits}: p_hits[k] is the chance of exactly k hits this round, "
              "re-rolls included",
              "{dice, hit_on, rerolls, p_hits}: p_hits[k] es la probabilidad de exactamente k impactos en la ronda, "
              "con las repeticiones")

IF_CANCELLED_WHEN = T("when Gandalf the White is in the battle against Nazgûl Leadership and "
                      "cancel_nazgul_leadership is not given: the answer if the Free Peoples use his ability",
                      "cuando Gandalf el Blanco está en la batalla frente al Liderazgo de los Nazgûl y no se da "
                      "cancel_nazgul_leadership: la respuesta si los Pueblos Libres usan su habilidad")

BATTLE = KindSpec(
    GAME, "battle", T("How does this battle go?", "¿Cómo va esta batalla?"), "board/battles",
    switch=("battle", T("This round", "Esta ronda")),
    params=(*battle_params(), Param("round", "int", T("Round", "Ronda"), default=1, lo=1, hi=50), *card_params()),
    verdict=(
        allowed_key(contract=True),
        Key("type", "choice", T("Type", "Tipo"), choices=TYPES, nullable=True,
            null_means=T("no battle (when refused)", "ninguna batalla (si se niega)"), contract=True),
        Key("attacker", "dice-side", T("Attacker", "Atacante"), nullable=True,
            null_means=T("no battle is fought", "no se libra ninguna batalla"), contract=True),
        Key("defender", "dice-side", T("Defender", "Defensor"), nullable=True,
            null_means=T("no battle is fought", "no se libra ninguna batalla"), contract=True),
        Key("round", "count", T("Round", "Ronda"), always=False, when=T("when allowed", "si se permite")),
        Key("side", "side", T("Attacking side", "Bando atacante"), always=False,
            when=T("when allowed", "si se permite")),
        Key("if_cancelled", "mapping", T("If Gandalf the White cancels the Nazgûl's Leadership",
                                         "Si Gandalf el Blanco anula el Liderazgo de los Nazgûl"),
            always=False, when=T(IF_CANCELLED_WHEN.en + " ({attacker, defender}, each as above)",
                                 IF_CANCELLED_WHEN.es + " ({attacker, defender}, cada uno como arriba)")),
        COMBAT_CARDS_KEY,
        Key("without_cards", "mapping", T("Without the combat cards", "Sin las cartas de combate"), always=False,
            when=T("when combat cards are given ({attacker, defender}, each as above)",
                   "si se dan cartas de combate ({attacker, defender}, cada uno como arriba)")),
    ),
    position=("regions", "politics"),
    rules=("wotr-battle", "wotr-battle-start", "wotr-battle-combat-strength", "wotr-battle-hit",
           "wotr-battle-leader-reroll", "wotr-battle-leadership", "wotr-battle-city-fortification",
           "wotr-siege-battle", "wotr-sortie", "wotr-siege-relief", "wotr-battle-captain-of-the-west",
           "wotr-battle-attacking-army", "wotr-char-saruman-elites", "wotr-char-gandalf-white-nazgul",
           *CARD_RULES),
)


def _both_sides_always(fn):
    """The contract lists `attacker` and `defender` among a battle's verdict keys: a battle
    that may not be fought has no dice, so both are null rather than absent."""
    import functools

    @functools.wraps(fn)
    def handler(position, q, r):
        ruling = fn(position, q, r)
        if ruling is not None and ruling.verdict.get("status") == "decided":
            ruling.verdict.setdefault("attacker", None)
            ruling.verdict.setdefault("defender", None)
        return ruling
    return handler


@question(BATTLE)
@_both_sides_always
def battle(position, q, r):
    rnd = q.param("round")
    round_given = q.has("round") and q.get("round") is not None
    given = read_combat_cards(q, rounds_allowed=False)
    choices = read_card_choices(q)
    e = read_engagement(position, q, r)
    if isinstance(e, Ruling):
        return e
    cancel, may_cancel = nazgul_cancelled(position, e, r)
    att_hit, def_hit = hit_numbers(position, e, r, rnd, round_given=round_given)
    att_dice, att_rerolls = combat_dice(position, e.attacker, e.side, r, role="attacker", cancel=cancel)
    def_dice, def_rerolls = combat_dice(position, e.defender, e.enemy, r, role="defender", cancel=cancel)
    r.step("battle.natural_rolls", "wotr-battle-natural-rolls")
    a = odds(att_dice, att_hit, att_rerolls)
    d = odds(def_dice, def_hit, def_rerolls)
    r.step("battle.odds", "wotr-battle-leader-reroll", who=r.t("battle.attacker"), dice=att_dice, hit_on=att_hit,
           rerolls=att_rerolls, pct=r.percent(p_any(a)), mean=r.decimal(expected(a)))
    r.step("battle.odds", "wotr-battle-leader-reroll", who=r.t("battle.defender"), dice=def_dice, hit_on=def_hit,
           rerolls=def_rerolls, pct=r.percent(p_any(d)), mean=r.decimal(expected(d)))
    extra: dict = {}
    if given and given[0]:
        extra["without_cards"] = {"attacker": a, "defender": d}
        a, d, more = round_odds(position, e, r, given[0], choices, cancel=cancel, hits=(att_hit, def_hit), rnd=rnd)
        extra.update(more)
        att_dice, att_hit, att_rerolls = a["dice"], a["hit_on"], a["rerolls"]
        def_dice, def_hit, def_rerolls = d["dice"], d["hit_on"], d["rerolls"]
        r.step("combat.with_cards", "wotr-battle-combat-card", a_pct=r.percent(p_any(a)), a_mean=r.decimal(expected(a)),
               d_pct=r.percent(p_any(d)), d_mean=r.decimal(expected(d)))
    elif rnd == 1:
        witch_king_card_step(e, r)
    if may_cancel:
        extra["if_cancelled"] = _odds_if_cancelled(position, e, r, att_hit, def_hit)
    if rnd == 1:
        politics_of_attack(position, e, r)
    if not (given and given[0]):
        r.default("question.combat_cards", "combat.no_cards", "wotr-battle-combat-card")
    return r.decide("battle.answer", {"type": r.t(f"battle.type_{e.kind}"), "round": rnd,
                                      "att_dice": att_dice, "att_hit": att_hit, "att_rerolls": att_rerolls,
                                      "def_dice": def_dice, "def_hit": def_hit, "def_rerolls": def_rerolls},
                    allowed=True, type=e.kind, round=rnd, attacker=a, defender=d, side=side_value(e.side), **extra)


def _odds_if_cancelled(position, e: Engagement, r, att_hit: int, def_hit: int) -> dict:
    """Both sides' dice if Gandalf the White cancels the Nazgûl's Leadership, with the step."""
    a = side_dice(position, e.attacker, e.side, cancel=True)
    d = side_dice(position, e.defender, e.enemy, cancel=True)
    r.step("battle.if_cancelled", "wotr-char-gandalf-white-nazgul", att_rerolls=a.rerolls, def_rerolls=d.rerolls,
           gandalf=names.character_name(GANDALF_WHITE, r.lang))
    return {"attacker": odds(a.dice, att_hit, a.rerolls), "defender": odds(d.dice, def_hit, d.rerolls)}
