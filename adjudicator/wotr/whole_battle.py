"""War of the Ring: a whole battle fought to its end, exact (``battle-outcome``).

The battle is read as ``battle`` reads it (:func:`adjudicator.wotr.engagement.read_engagement`:
who attacks whom, which kind of battle, the same refusals); the players' policies say what
each side does round after round (fight on, cease below a number of units, extend a siege,
retreat after a round, which casualties to take), each named in a step with its default.
The solver, with no text, is :mod:`adjudicator.wotr.battle_outcome`: exact fractions, an
all-miss round solved exactly rather than truncated.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass, field

from adjudicator import data, names
from adjudicator.params import MISSING, check_choice, check_int, side_value
from adjudicator.registry import question
from adjudicator.ruling import Ruling, fraction_text, probability
from adjudicator.spec import Key, KindSpec, Param, T, allowed_key
from adjudicator.wotr import battle_outcome as outcome
from adjudicator.wotr import board
from adjudicator.wotr import characters as chars_rules
from adjudicator.wotr.battle import GAME, IF_CANCELLED_WHEN
from adjudicator.wotr.cards.combat import (
    CARD_RULES,
    COMBAT_CARDS_KEY,
    card_params,
    read_card_choices,
    read_combat_cards,
)
from adjudicator.wotr.cards.outcome_cards import cards_outcome
from adjudicator.wotr.combat_round import HARD_HIT, NORMAL_HIT, combat_dice, nazgul_cancelled, witch_king_card_step
from adjudicator.wotr.engagement import TYPES, Engagement, battle_params, politics_of_attack, read_engagement
from adjudicator.wotr.model import Army
from adjudicator.wotr.retreat import free_regions

CASUALTY_ALIASES = {"keep-dice": outcome.KEEP_STRENGTH, "mantener-fuerza": outcome.KEEP_STRENGTH,
                    "mantener-dados": outcome.KEEP_STRENGTH, "regulars-first": outcome.REMOVE_REGULARS,
                    "regulares-primero": outcome.REMOVE_REGULARS, "quitar-regulares": outcome.REMOVE_REGULARS,
                    "elites-first": outcome.REDUCE_ELITES, "elites-primero": outcome.REDUCE_ELITES,
                    "reducir-elites": outcome.REDUCE_ELITES}
EXTEND_WORDS = ("always", "never")
EXTEND_ALIASES = {"siempre": "always", "nunca": "never", "yes": "always", "si": "always", "no": "never",
                  "true": "always", "false": "never"}
RETREAT_WORDS = ("never", "stronghold", "region")
RETREAT_ALIASES = {"nunca": "never", "no": "never", "baluarte": "stronghold", "into-stronghold": "stronghold",
                   "asedio": "stronghold", "siege": "stronghold", "region": "region", "región": "region"}
ROLES = ("attacker", "defender")
POLICY_ROUNDS = 12      # max_rounds, defender_retreats.after: the horizon p_rounds lists; bounds the time



P = T("Chance", "Probabilidad")
BATTLE_OUTCOME = KindSpec(
    GAME, "battle-outcome", T("If I keep attacking, who wins?", "Si sigo atacando, ¿quién gana?"), "board/battles",
    switch=("battle", T("Whole battle", "Batalla entera")),
    help=T("The whole battle, round after round, with the exact odds.",
           "La batalla entera, ronda tras ronda, con las probabilidades exactas."),
    params=(
        *battle_params(),
        Param("max_rounds", "int", T("Rounds at most", "Rondas como máximo"), lo=1, hi=POLICY_ROUNDS,
              default_text=T("none: until one side has no Army units left (a siege: one round, extended while the "
                             "attacker reduces an Elite)", "ninguno: hasta que un bando no tenga unidades de Ejército "
                             "(un asedio: una ronda, prolongada mientras el atacante reduce una Élite)")),
        Param("extend_siege", "choice", T("Extend the siege", "Prolongar el asedio"), choices=EXTEND_WORDS,
              aliases=EXTEND_ALIASES, choice_labels={"always": T("Whenever the attacker has an Elite",
                                                                 "Siempre que el atacante tenga una Élite"),
                                                     "never": T("Never", "Nunca")},
              help=T("Or the number of extensions at most.", "O el número máximo de prolongaciones."),
              default_text=T("the attacker reduces an Elite to fight on whenever it has one",
                             "el atacante reduce una Élite para seguir siempre que tenga una")),
        Param("attacker_stops_below", "int", T("The attacker ceases with fewer units than",
                                               "El atacante cesa con menos unidades que"),
              default=1, lo=1, hi=board.STACKING_LIMIT),
        Param("defender_retreats", "choice", T("The defender retreats", "El defensor se retira"), choices=RETREAT_WORDS,
              aliases=RETREAT_ALIASES, choice_labels={"never": T("Never", "Nunca"),
                                                      "stronghold": T("Into the stronghold", "Al baluarte"),
                                                      "region": T("To a free region", "A una región libre")},
              help=T("Or a round number, or {after: N, into: region|stronghold}.",
                     "O un número de ronda, o {after: N, into: region|stronghold}."),
              default_text=T("never", "nunca")),
        Param("casualties", "choice", T("Casualties", "Bajas"), choices=outcome.POLICIES, aliases=CASUALTY_ALIASES,
              choice_labels={outcome.KEEP_STRENGTH: T("Keep the most dice, then the Elites",
                                                      "Conservar más dados, luego las Élites"),
                             outcome.REMOVE_REGULARS: T("Remove Regulars first", "Retirar primero Regulares"),
                             outcome.REDUCE_ELITES: T("Reduce Elites first", "Reducir primero Élites")},
              help=T("One policy, or {attacker: ..., defender: ...}.",
                     "Una política, o {attacker: ..., defender: ...}."),
              default_text=T("keep-strength for both sides", "keep-strength para los dos bandos")),
        *card_params(),
    ),
    verdict=(
        allowed_key(),
        Key("type", "choice", T("Type", "Tipo"), choices=TYPES, nullable=True),
        Key("side", "side", T("Attacking side", "Bando atacante"), always=False,
            when=T("when allowed", "si se permite")),
        Key("p_attacker_wins", "probability", T("The attacker wins", "Gana el atacante"), nullable=True,
            null_means=T("no battle is fought", "no se libra ninguna batalla"), contract=True),
        Key("p_defender_holds", "probability", T("The defender holds", "Resiste el defensor"), nullable=True,
            contract=True),
        Key("p_both_eliminated", "probability",
            T("Both eliminated in the same round", "Ambos eliminados en la misma ronda"), nullable=True, contract=True),
        Key("p_defender_retreats", "probability", T("The defender retreats", "El defensor se retira"), nullable=True),
        Key("p_rounds", "distribution",
            T("Chance the battle ends after each round", "Probabilidad de que acabe tras cada ronda"),
            nullable=True, contract=True),
        Key("attacker_left", "distribution", T("Attacking units left", "Unidades atacantes que quedan"), nullable=True,
            contract=True),
        Key("defender_left", "distribution", T("Defending units left", "Unidades defensoras que quedan"), nullable=True,
            contract=True),
        Key("expected_attacker_losses", "number", T("Attacker's expected losses", "Bajas esperadas del atacante"),
            nullable=True, contract=True),
        Key("expected_defender_losses", "number", T("Defender's expected losses", "Bajas esperadas del defensor"),
            nullable=True, contract=True),
        Key("expected_rounds", "number", T("Expected rounds", "Rondas esperadas"), nullable=True),
        Key("p_defender_holds_by", "mapping", T("How the defender holds", "Cómo resiste el defensor"), always=False,
            when=T("when allowed", "si se permite"), choice_labels={
                outcome.ELIMINATED: T("the attacker is wiped out", "el atacante queda eliminado"),
                outcome.CEASED: T("the attacker ceases", "el atacante cesa"),
                outcome.MAX_ROUNDS: T("the round limit is reached", "se llega al límite de rondas"),
                outcome.SIEGE_ENDED: T("the siege battle ends, the Stronghold still besieged",
                                       "termina la batalla de asedio y el baluarte sigue asediado")}),
        Key("expected_extensions", "number",
            T("Expected extensions of the siege", "Prolongaciones esperadas del asedio"), always=False,
            when=T("in a siege", "en un asedio")),
        Key("if_cancelled", "mapping", T("If Gandalf the White cancels the Nazgûl's Leadership",
                                         "Si Gandalf el Blanco anula el Liderazgo de los Nazgûl"),
            always=False, when=T(IF_CANCELLED_WHEN.en + " ({p_attacker_wins, p_defender_holds, "
                                 "p_both_eliminated}, each with its _exact)",
                                 IF_CANCELLED_WHEN.es + " ({p_attacker_wins, p_defender_holds, "
                                 "p_both_eliminated}, cada una con su _exact)")),
        COMBAT_CARDS_KEY,
        Key("without_cards", "mapping", T("Without the combat cards", "Sin las cartas de combate"), always=False,
            when=T("when combat cards are given ({p_attacker_wins, p_defender_holds, p_both_eliminated}, each with "
                   "its _exact)", "si se dan cartas de combate ({p_attacker_wins, p_defender_holds, "
                   "p_both_eliminated}, cada una con su _exact)")),
    ),
    position=("regions", "politics"),
    rules=("wotr-battle-round", "wotr-battle-casualties", "wotr-battle-elite-reduction", "wotr-battle-end-of-round",
           "wotr-siege-extend", "wotr-siege-continues", "wotr-battle-leaders-alone", "wotr-char-saruman-elites",
           "wotr-char-gandalf-white-nazgul", *CARD_RULES),
)


@dataclass
class Policies:
    max_rounds: int | None = None
    extend_siege: int | None = None           # None: while the attacker has an Elite
    stops_below: int = 1
    retreat_after: int | None = None          # None: never
    retreat_into: str = "region"
    casualties: dict[str, str] = field(default_factory=dict)   # role -> policy
    defaults: list[str] = field(default_factory=list)          # question paths left to their default

    def default(self, key: str) -> bool:
        return f"question.{key}" in self.defaults



def read_policies(q) -> Policies:
    """The players' policies, every problem with its path; `defaults` lists those not given."""
    p = Policies()
    for key in ("max_rounds", "extend_siege", "attacker_stops_below", "defender_retreats", "casualties"):
        if q.get(key) is None:
            p.defaults.append(f"question.{key}")
    p.max_rounds = q.int("max_rounds", lo=1, hi=POLICY_ROUNDS)
    p.stops_below = q.int("attacker_stops_below", default=1, lo=1, hi=board.STACKING_LIMIT) or 1
    p.extend_siege = _read_extension(q)
    p.retreat_after, p.retreat_into = _read_retreat(q)
    p.casualties, defaulted = _read_casualties(q)
    if defaulted and "question.casualties" not in p.defaults:
        p.defaults += [f"question.casualties.{role}" for role in defaulted]
    return p


def _read_extension(q) -> int | None:
    raw = q.one("extend_siege")
    if raw is None or raw is MISSING:
        return None
    if isinstance(raw, bool):
        return None if raw else 0
    if isinstance(raw, int) or (isinstance(raw, str) and raw.strip().isdigit()):
        return check_int(raw, q.at("extend_siege"), q.problems, lo=0, hi=board.STACKING_LIMIT)
    word = check_choice(raw, EXTEND_WORDS, q.at("extend_siege"), q.problems, aliases=EXTEND_ALIASES)
    return 0 if word == "never" else None


def _read_retreat(q) -> tuple[int | None, str]:
    raw = q.one("defender_retreats")
    path = q.at("defender_retreats")
    if raw is None or raw is MISSING or raw is False:
        return None, "region"
    if isinstance(raw, dict):
        f = q.sub("defender_retreats")
        into = f.choice("into", RETREAT_WORDS[1:], default="region", aliases=RETREAT_ALIASES)
        after = f.int("after", default=1, lo=0 if into == "stronghold" else 1, hi=POLICY_ROUNDS)
        f.finish()
        return after, into or "region"
    if isinstance(raw, int) and not isinstance(raw, bool) or (isinstance(raw, str) and raw.strip().isdigit()):
        return check_int(raw, path, q.problems, lo=1, hi=POLICY_ROUNDS), "region"
    word = check_choice(raw, RETREAT_WORDS, path, q.problems, aliases=RETREAT_ALIASES)
    if word in (None, "never"):
        return None, "region"
    return 1, word


def _read_casualties(q) -> tuple[dict[str, str], list[str]]:
    """Each role's casualty policy, and the roles left to the default."""
    raw = q.one("casualties")
    chosen = dict.fromkeys(ROLES, outcome.KEEP_STRENGTH)
    if raw is None or raw is MISSING:
        return chosen, list(ROLES)
    if isinstance(raw, dict):
        f = q.sub("casualties")
        for role in ROLES:
            chosen[role] = f.choice(role, outcome.POLICIES, default=outcome.KEEP_STRENGTH,
                                    aliases=CASUALTY_ALIASES) or outcome.KEEP_STRENGTH
        f.finish()
        return chosen, [role for role in ROLES if f.raw.get(role) is None]
    policy = check_choice(raw, outcome.POLICIES, q.at("casualties"), q.problems, aliases=CASUALTY_ALIASES)
    return dict.fromkeys(ROLES, policy or outcome.KEEP_STRENGTH), []


def force_of(position, army: Army, side: str, casualties: str, *, cancel: bool = False) -> outcome.Force:
    """The solver's view of one side. Its Leadership is read from the state, not fixed:
    the Isengard Elites that count as Leaders (Saruman in play) are ``leading_elites``, whose
    Leadership goes as each is reduced or removed; ``leadership`` is the rest (Leaders,
    Nazgûl, characters; the Nazgûl's and Gandalf the White's cancelled when ``cancel``)."""
    chars = data.characters()
    captains = sum(chars[c]["combat_strength_bonus"] for c in army.characters) if side == "free_peoples" else 0
    leading = chars_rules.elites_as_leaders(position, army)
    total = max(0, chars_rules.leadership(position, army, cancel_nazgul_leadership=cancel))
    return outcome.Force(regulars=army.regular, elites=army.elite - leading, leading_elites=leading, captains=captains,
                         leadership=max(0, total - leading), casualties=casualties)


def outcome_thresholds(position, e: Engagement, r) -> tuple[int, int, int]:
    """(attacker in round 1, attacker from round 2, defender), with the step that says why."""
    dst_name = names.region_name(e.dst, r.lang)
    settlement = board.settlement(e.dst)
    if e.kind == "siege":
        r.step("battle.siege_hits", "wotr-siege-battle")
        return HARD_HIT, HARD_HIT, NORMAL_HIT
    if e.kind == "sortie":
        r.step("battle.sortie_hits", "wotr-sortie")
    elif settlement in ("city", "fortification"):
        r.step("battle.outcome_city", "wotr-battle-city-fortification", region=dst_name,
               what=r.t(f"battle.settlement_{settlement}"))
        return HARD_HIT, NORMAL_HIT, NORMAL_HIT
    elif (settlement == "stronghold" and position.region(e.dst).besieged is None
          and position.controller(e.dst) == e.enemy):
        r.step("battle.stronghold_field", "wotr-siege-choice", region=dst_name)
    else:
        r.step("battle.plain_hits", "wotr-battle-hit")
    return NORMAL_HIT, NORMAL_HIT, NORMAL_HIT


def casualty_steps(p: Policies, r) -> None:
    if p.casualties["attacker"] == p.casualties["defender"]:
        r.step(f"battle.outcome_casualties_{p.casualties['attacker']}", "wotr-battle-casualties",
               who=r.t("battle.both_sides"))
    else:
        for role in ROLES:
            r.step(f"battle.outcome_casualties_{p.casualties[role]}", "wotr-battle-casualties",
                   who=r.t(f"battle.{role}"))
    if p.default("casualties"):
        r.default("question.casualties", "battle.outcome_casualties_default", "wotr-battle-casualties")
    for role in ROLES:
        if f"question.casualties.{role}" in p.defaults:
            r.default(f"question.casualties.{role}", "battle.outcome_casualties_default_role", "wotr-battle-casualties",
                      who=r.t(f"battle.{role}"))
    r.step("battle.outcome_elite_reduction", "wotr-battle-elite-reduction")


def _by_default(r, p: Policies, key: str, step_key: str, label: str, **params) -> None:
    """A policy step; when the policy was not given, the same words as a named default."""
    if p.default(key):
        r.default(f"question.{key}", step_key, label, default=r.t("battle.by_default"), **params)
    else:
        r.step(step_key, label, default="", **params)


def end_of_round_steps(position, e: Engagement, p: Policies, r) -> tuple[int | None, int | None, int | None]:
    """The steps for ceasing, the round limit, extending a siege and retreating; returns
    (extensions allowed, retreat after round, units that may retreat). A policy left to its
    default is named only where it can change the answer."""
    if p.stops_below > 1:
        r.step("battle.outcome_stops_below", "wotr-battle-end-of-round", n=p.stops_below)
    else:
        _by_default(r, p, "attacker_stops_below", "battle.outcome_fights_on", "wotr-battle-end-of-round")
    extensions = p.extend_siege
    can_extend = e.kind == "siege" and e.attacker.elite > 0 and extensions != 0
    if p.max_rounds is not None:
        r.step("battle.outcome_max_rounds", "wotr-battle-end-of-round", n=p.max_rounds)
    elif e.kind != "siege":
        r.default("question.max_rounds", "battle.outcome_no_round_limit", "wotr-battle-end-of-round")
    elif can_extend:
        r.default("question.max_rounds", "battle.outcome_no_round_limit_siege", "wotr-siege-extend")
    if e.kind == "siege":
        r.step("battle.outcome_siege_one_round", "wotr-siege-battle")
        if not e.attacker.elite:
            r.step("battle.outcome_extend_no_elite", "wotr-siege-extend")
        elif extensions is None:
            _by_default(r, p, "extend_siege", "battle.outcome_extend_always", "wotr-siege-extend")
        elif extensions == 0:
            r.step("battle.outcome_extend_never", "wotr-siege-extend")
        else:
            r.step("battle.outcome_extend_up_to", "wotr-siege-extend", n=extensions)
    elif not p.default("extend_siege"):
        r.step("battle.outcome_extend_not_siege", "wotr-siege-extend")
    after, keeps = retreat_plan(position, e, p, r)
    return extensions, after, keeps


def retreat_plan(position, e: Engagement, p: Policies, r) -> tuple[int | None, int | None]:
    """When the defender retreats and how many units may go, as far as the rules allow."""
    lang = r.lang
    dst_name = names.region_name(e.dst, lang)
    if e.kind == "siege":     # whatever the policy says: a besieged army never retreats
        r.step("battle.outcome_retreat_besieged", "wotr-siege-besieged-army")
        r.explains("defender_retreats")   # that step says why the policy changes nothing
        return None, None
    if p.retreat_after is None:
        _by_default(r, p, "defender_retreats", "battle.outcome_retreat_never", "wotr-battle-end-of-round")
        return None, None
    if p.retreat_into == "stronghold":
        state = position.region(e.dst)
        if (e.kind == "field" and board.is_stronghold(e.dst) and state.besieged is None
                and position.controller(e.dst) == e.enemy):
            r.step("battle.outcome_retreat_stronghold", "wotr-battle-retreat-into-siege", region=dst_name,
                   n=p.retreat_after, limit=board.BESIEGED_STACKING_LIMIT)
            if e.defender.units > board.BESIEGED_STACKING_LIMIT:
                r.step("battle.into_stronghold_stacking", "wotr-siege-stacking", units=e.defender.units,
                       limit=board.BESIEGED_STACKING_LIMIT, excess=e.defender.units - board.BESIEGED_STACKING_LIMIT)
            return p.retreat_after, board.BESIEGED_STACKING_LIMIT
        r.step("battle.outcome_retreat_no_stronghold", "wotr-battle-retreat-into-siege", region=dst_name)
        r.explains("defender_retreats")
        return None, None
    free, _blocked = free_regions(position, r, e.dst, e.enemy, "wotr-battle-retreat")
    if not free:
        r.step("battle.outcome_retreat_no_region", "wotr-battle-retreat", region=dst_name)
        r.explains("defender_retreats")
        return None, None
    r.step("battle.outcome_retreat_region", "wotr-battle-retreat", n=p.retreat_after,
           regions=", ".join(names.region_name(n, lang) for n in free))
    return p.retreat_after, None


OUTCOME_KEYS = ("p_attacker_wins", "p_defender_holds", "p_both_eliminated", "p_defender_retreats", "p_rounds",
                "attacker_left", "defender_left", "expected_attacker_losses", "expected_defender_losses",
                "expected_rounds")


def exact_pair(key: str, value) -> dict:
    """A probability (or a mean, a list, a mapping of them) and its exact fractions beside it."""
    if isinstance(value, dict):
        return {key: {k: probability(v) for k, v in value.items()},
                f"{key}_exact": {k: fraction_text(v) for k, v in value.items()}}
    if isinstance(value, list):
        return {key: [probability(v) for v in value], f"{key}_exact": [fraction_text(v) for v in value]}
    return {key: probability(value), f"{key}_exact": fraction_text(value)}


def _outcome_keys_always(fn):
    """A battle that may not be fought has no odds: the documented keys are null, not absent."""
    @functools.wraps(fn)
    def handler(position, q, r):
        ruling = fn(position, q, r)
        if ruling is not None and ruling.verdict.get("status") == "decided":
            for key in OUTCOME_KEYS:
                ruling.verdict.setdefault(key, None)
        return ruling
    return handler


@question(BATTLE_OUTCOME)
@_outcome_keys_always
def battle_outcome(position, q, r):
    p = read_policies(q)
    given = read_combat_cards(q, rounds_allowed=True)
    choices = read_card_choices(q)
    e = read_engagement(position, q, r)
    if isinstance(e, Ruling):
        return e
    cancel, may_cancel = nazgul_cancelled(position, e, r)
    att_first, att_later, def_hit = outcome_thresholds(position, e, r)
    combat_dice(position, e.attacker, e.side, r, role="attacker", cancel=cancel)
    combat_dice(position, e.defender, e.enemy, r, role="defender", cancel=cancel)
    r.step("battle.outcome_strength_shrinks", "wotr-battle-combat-strength")
    r.step("battle.outcome_rerolls", "wotr-battle-leader-reroll")
    for role, army in (("attacker", e.attacker), ("defender", e.defender)):
        leading = chars_rules.elites_as_leaders(position, army)
        if leading:
            r.step("battle.outcome_elites_lead", "wotr-char-saruman-elites", who=r.t(f"battle.{role}"), n=leading)
    r.step("battle.natural_rolls", "wotr-battle-natural-rolls")
    r.step("battle.outcome_round", "wotr-battle-round")
    casualty_steps(p, r)
    r.step("battle.outcome_leaders_alone", "wotr-battle-leaders-alone")
    extensions, retreat_after, retreat_keeps = end_of_round_steps(position, e, p, r)
    politics_of_attack(position, e, r)
    if not any(given):
        witch_king_card_step(e, r)
        r.default("question.combat_cards", "combat.no_cards", "wotr-battle-combat-card")

    def battle_of(cancelled: bool) -> outcome.Battle:
        return outcome.Battle(
            attacker=force_of(position, e.attacker, e.side, p.casualties["attacker"], cancel=cancelled),
            defender=force_of(position, e.defender, e.enemy, p.casualties["defender"], cancel=cancelled),
            attacker_hits_on=att_later, attacker_hits_on_first=att_first, defender_hits_on=def_hit,
            siege=e.kind == "siege", extend_siege=extensions, max_rounds=p.max_rounds,
            attacker_stops_below=p.stops_below, retreat_after=retreat_after, retreat_keeps=retreat_keeps)

    def solve(cancelled: bool, *, quiet: bool = False) -> outcome.Outcome:
        """The odds, with the cards when given (their steps written once, not for Gandalf's choice)."""
        if any(given):
            return cards_outcome(position, e, r, given, choices, cancelled, battle_of(cancelled), quiet=quiet)[0]
        return outcome.solve(battle_of(cancelled))

    extra: dict = {}
    try:   # bounded work: past the budget, said rather than waited for
        if any(given):
            plain = outcome.solve(battle_of(cancel), by_round=False)     # beside the odds with the cards
            extra["without_cards"] = {k: v for key in ("p_attacker_wins", "p_defender_holds", "p_both_eliminated")
                                      for k, v in exact_pair(key, getattr(plain, key)).items()}
            o, extra["combat_cards"] = cards_outcome(position, e, r, given, choices, cancel, battle_of(cancel))
            r.step("combat.outcome_with_without", "wotr-battle-combat-card", win=r.percent(o.p_attacker_wins),
                   hold=r.percent(o.p_defender_holds), win0=r.percent(plain.p_attacker_wins),
                   hold0=r.percent(plain.p_defender_holds))
        else:
            o = solve(cancel)
        alt = solve(True, quiet=True) if may_cancel else None
    except outcome.OverBudget as over:
        r.step("battle.outcome_over_budget", "wotr-battle-round", states=over.states)
        return r.not_covered("battle.outcome_answer_over_budget")
    result_steps(e, o, r)
    verdict = {"allowed": True, "type": e.kind, "side": side_value(e.side), **extra}
    for key in OUTCOME_KEYS:
        verdict.update(exact_pair(key, getattr(o, key)))
    verdict.update(exact_pair("p_defender_holds_by", o.holds))
    if e.kind == "siege":
        verdict.update(exact_pair("expected_extensions", o.expected_extensions))
    if alt is not None:
        r.step("battle.outcome_if_cancelled", "wotr-char-gandalf-white-nazgul",
               gandalf=names.character_name("gandalf-the-white", r.lang), win=r.percent(alt.p_attacker_wins),
               hold=r.percent(alt.p_defender_holds))
        verdict["if_cancelled"] = {k: v for key in ("p_attacker_wins", "p_defender_holds", "p_both_eliminated")
                                   for k, v in exact_pair(key, getattr(alt, key)).items()}
    retreat = (r.t("battle.outcome_answer_retreat", pct=r.percent(o.p_defender_retreats))
               if retreat_after is not None else "")
    return r.decide("battle.outcome_answer", {
        "type": r.t(f"battle.type_{e.kind}"), "win": r.percent(o.p_attacker_wins),
        "hold": r.percent(o.p_defender_holds),
        "both": r.percent(o.p_both_eliminated), "retreat": retreat,
        "a_loss": r.decimal(o.expected_attacker_losses), "a_units": e.attacker.units,
        "d_loss": r.decimal(o.expected_defender_losses), "d_units": e.defender.units}, **verdict)


def result_steps(e: Engagement, o: outcome.Outcome, r) -> None:
    reasons = [r.t(f"battle.holds_{reason}", pct=r.percent(pr)) for reason, pr in sorted(o.holds.items())]
    if reasons:
        label = "wotr-siege-continues" if outcome.SIEGE_ENDED in o.holds else "wotr-battle-end-of-round"
        r.step("battle.outcome_holds_by", label, reasons="; ".join(reasons))
    likeliest = max(o.p_rounds, key=lambda k: o.p_rounds[k])
    r.step("battle.outcome_rounds", "wotr-battle-round", mean=r.decimal(o.expected_rounds), round=likeliest,
           pct=r.percent(o.p_rounds[likeliest]))
    r.step("battle.outcome_losses", "wotr-battle-casualties", a_loss=r.decimal(o.expected_attacker_losses),
           a_units=e.attacker.units, d_loss=r.decimal(o.expected_defender_losses), d_units=e.defender.units)
