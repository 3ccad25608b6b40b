"""War of the Ring: the Political Track (seed 000 'El Marcador Político').

Kind ``politics``: what an event does to a nation's political marker. A marker stands some
``steps`` from At War (0 = At War) and is ``active`` or passive. Passive nations cannot
reach At War; events activate them. Order of effects for one event: activation first,
then any automatic advance (an attacked army activates its nation *and* advances it).
"""
from __future__ import annotations

from adjudicator import data, names
from adjudicator.model import Political
from adjudicator.registry import question
from adjudicator.spec import T, Key, KindSpec, Param

GAME = "war-of-the-ring"
EVENTS = ("enemy-army-enters", "army-attacked", "fellowship-declared", "companion-ends-move",
          "settlement-captured", "muster-die")
# Spanish (and a few natural English) ways of naming each event.
EVENT_ALIASES = {
    "ejercito-enemigo-entra": "enemy-army-enters", "entra-ejercito-enemigo": "enemy-army-enters",
    "enemy-army-entered": "enemy-army-enters",
    "ejercito-atacado": "army-attacked", "ataque": "army-attacked", "attacked": "army-attacked",
    "comunidad-declarada": "fellowship-declared", "declarar-comunidad": "fellowship-declared",
    "se-declara-la-comunidad": "fellowship-declared",
    "companero-termina-movimiento": "companion-ends-move", "companero-termina-su-movimiento": "companion-ends-move",
    "asentamiento-capturado": "settlement-captured", "captura": "settlement-captured",
    "dado-de-alistar": "muster-die", "dado-alistar": "muster-die", "alistar": "muster-die", "muster": "muster-die",
}
EVENT_LABELS = {
    "enemy-army-enters": T("An enemy army enters the nation's region", "Un ejército enemigo entra en una región de la nación"),
    "army-attacked": T("The nation's army is attacked", "Un ejército de la nación es atacado"),
    "fellowship-declared": T("The Fellowship is declared in the nation's settlement",
                             "La Comunidad se declara en un asentamiento de la nación"),
    "companion-ends-move": T("A Companion ends a move in the nation's settlement",
                             "Un Compañero termina un movimiento en un asentamiento de la nación"),
    "settlement-captured": T("A settlement of the nation is captured", "Se captura un asentamiento de la nación"),
    "muster-die": T("A Muster die (or event) advances it", "Un dado de Alistar (o un evento) la hace avanzar"),
}

POLITICS = KindSpec(
    GAME, "politics", T("How does the Political Track move?", "¿Cómo se mueve la ficha de Política?"), "board/politics",
    params=(
        Param("nation", "nation", T("Nation", "Nación"), required=True),
        Param("event", "choice", T("What happens", "Qué ocurre"), required=True, choices=EVENTS,
              choice_labels=EVENT_LABELS, aliases=EVENT_ALIASES),
        Param("companion", "character", T("Companion (when a Companion ends a move)",
                                          "Compañero (cuando un Compañero termina un movimiento)")),
        Param("region", "region", T("Region where it happens (optional)", "Región donde ocurre (opcional)")),
    ),
    verdict=(
        Key("active", "bool", T("Active", "Activa"), contract=True),
        Key("steps", "count", T("Steps to war", "Pasos hasta la guerra"), contract=True),
        Key("changed", "bool", T("Changed", "Cambia")),
        Key("allowed", "bool", T("Allowed", "Permitido"), always=False,
            when=T("for a Muster die: whether it can be spent this way", "con un dado de Alistar: si puede gastarse así")),
    ),
    position=("politics", "regions", "fellowship.region", "fellowship.companions"),
    rules=("wotr-politics", "wotr-politics-activation", "wotr-politics-activation-enemy-army",
           "wotr-politics-activation-attacked", "wotr-politics-activation-fellowship",
           "wotr-politics-activation-companion", "wotr-politics-advance", "wotr-politics-advance-attacked",
           "wotr-politics-advance-captured", "wotr-politics-passive", "wotr-muster-political", "wotr-politics-at-war"),
)


def can_reach_war(pol: Political) -> bool:
    """A marker may enter the At War box only when its nation is active (seed 000)."""
    return pol.active


def companion_activates(companion: str, nation: str) -> bool:
    """A Companion activates the nation of its card's symbol, or every Free Peoples nation."""
    activates = data.characters()[companion].get("activates")
    return activates in ("any", nation)


def is_activation_settlement(position, region: str, nation: str) -> bool:
    """A City or Stronghold of ``nation`` that the enemy has not conquered."""
    info = data.regions()[region]
    return (info["nation"] == nation and info["settlement"] in ("city", "stronghold")
            and not position.is_captured(region))


@question(POLITICS)
def politics(position, q, r):
    nation, event = q.param("nation"), q.param("event")
    companion = q.param("companion") if event == "companion-ends-move" or q.has("companion") else None
    region = q.param("region")
    if event == "companion-ends-move" and companion is None and not q.has("companion"):
        q.error("companion", "core.err_required")
    q.ready()

    lang = r.lang
    nation_name = names.nation_name(nation, lang)
    side = data.nations()[nation]["side"]
    before = position.political(nation)
    active, steps = before.active, before.steps
    r.step("politics.before", "wotr-politics",
           nation=nation_name, state=_state_text(r, Political(steps, active)))

    def activate(reason_key: str, label: str, **params) -> None:
        nonlocal active
        if active:
            r.step("politics.already_active", label, nation=nation_name)
        else:
            active = True
            r.step(reason_key, label, nation=nation_name, **params)

    def advance(reason_key: str, label: str) -> None:
        nonlocal steps
        if steps == 0:
            r.step("politics.already_at_war", label, nation=nation_name)
        elif steps == 1 and not active:
            r.step("politics.passive_blocked", "wotr-politics-passive", nation=nation_name)
        else:
            steps -= 1
            r.step(reason_key, label, nation=nation_name)

    def activate_in_settlement(label: str, assume_label: str, activated_key: str, **params) -> None:
        """Activation that needs an unconquered City or Stronghold of the nation (checked when
        the question gives ``region``, otherwise stated as what the event means)."""
        if region is not None and not is_activation_settlement(position, region, nation):
            r.step("politics.not_activation_settlement", label,
                   nation=nation_name, region=names.region_name(region, lang))
            return
        if region is None:
            r.step("politics.assume_settlement", assume_label, nation=nation_name)
        activate(activated_key, label, **params)

    if event == "enemy-army-enters":
        activate("politics.activated_enemy_army", "wotr-politics-activation-enemy-army")
    elif event == "army-attacked":
        activate("politics.activated_attacked", "wotr-politics-activation-attacked")
        advance("politics.advance_attacked", "wotr-politics-advance-attacked")
    elif event == "settlement-captured":
        # The capturing army has entered the nation: that alone activates it.
        activate("politics.activated_capture", "wotr-politics-activation-enemy-army")
        advance("politics.advance_captured", "wotr-politics-advance-captured")
    elif event == "fellowship-declared":
        if side != "free_peoples":
            r.step("politics.shadow_not_activated", "wotr-politics-activation", nation=nation_name)
        else:
            activate_in_settlement("wotr-politics-activation-fellowship", "wotr-fellowship-declare-activate",
                                   "politics.activated_fellowship")
    elif event == "companion-ends-move":
        cname = names.character_name(companion, lang)
        if data.characters()[companion]["kind"] != "companion":
            r.step("politics.not_a_companion", "wotr-politics-activation-companion", character=cname)
        elif side != "free_peoples":
            r.step("politics.shadow_not_activated", "wotr-politics-activation", nation=nation_name)
        elif not companion_activates(companion, nation):
            r.step("politics.companion_wrong_nation", "wotr-politics-activation-companion",
                   character=cname, nation=nation_name)
        else:
            activate_in_settlement("wotr-politics-activation-companion", "wotr-politics-activation-companion",
                                   "politics.activated_companion", character=cname)
    elif event == "muster-die":
        advance("politics.advance_muster", "wotr-muster-political")

    if side == "shadow" and event != "muster-die":
        r.step("politics.shadow_always_active", "wotr-politics-start")
    after = Political(steps, active)
    if after.at_war:
        r.step("politics.at_war_effects", "wotr-politics-at-war", nation=nation_name)
    extra = {}
    if event == "muster-die":
        # Whether the die can be spent this way at all: no box to advance into is no move.
        extra["allowed"] = steps != before.steps
    key = "politics.answer_muster_no" if extra.get("allowed") is False else "politics.answer"
    return r.decide(key, {"nation": nation_name, "state": _state_text(r, after)},
                    active=active, steps=steps, changed=(after != before), **extra)


def _state_text(r, pol: Political) -> str:
    if pol.at_war:
        return r.t("politics.state_at_war")
    return r.t("politics.state_steps_active" if pol.active else "politics.state_steps_passive", steps=pol.steps)
