"""War of the Ring: the Political Track (seed 000 'El Marcador Político').

Kind ``politics``: what an event does to a nation's political marker. A marker stands some
``steps`` from At War (0 = At War) and is ``active`` or passive. Passive nations cannot
reach At War; events activate them. Order of effects for one event: activation first,
then any automatic advance (an attacked army activates its nation *and* advances it).
"""
from __future__ import annotations

from adjudicator import data, names
from adjudicator.registry import question
from adjudicator.spec import Key, KindSpec, Param, T
from adjudicator.wotr.armies import name_default, name_defaults
from adjudicator.wotr.characters import CARD_PLACE_LABEL, activation_at, entry_activation, on_map, printed_places
from adjudicator.wotr.model import Political
from adjudicator.wotr.political import (
    companion_activates,
    is_activation_settlement,
    is_city_or_stronghold_of,
    political_default,
    region_default,
    state_text,
)

GAME = "war-of-the-ring"
EVENTS = ("enemy-army-enters", "army-attacked", "fellowship-declared", "companion-ends-move",
          "settlement-captured", "muster-die", "companion-ability", "character-enters")
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
    "habilidad-de-companero": "companion-ability", "habilidad-del-companero": "companion-ability",
    "habilidad": "companion-ability", "ability": "companion-ability",
    "personaje-entra": "character-enters", "entra-en-juego": "character-enters",
    "personaje-entra-en-juego": "character-enters", "enters-play": "character-enters",
    "character-enters-play": "character-enters",
}
EVENT_LABELS = {
    "enemy-army-enters": T("An enemy army enters the nation's region",
                           "Un ejército enemigo entra en una región de la nación"),
    "army-attacked": T("The nation's army is attacked", "Un ejército de la nación es atacado"),
    "fellowship-declared": T("The Fellowship is declared in the nation's settlement",
                             "La Comunidad se declara en un asentamiento de la nación"),
    "companion-ends-move": T("A Companion ends a move in the nation's settlement",
                             "Un Compañero termina un movimiento en un asentamiento de la nación"),
    "settlement-captured": T("A settlement of the nation is captured", "Se captura un asentamiento de la nación"),
    "muster-die": T("A Muster die (or event) advances it", "Un dado de Alistar (o un evento) la hace avanzar"),
    "companion-ability": T("Boromir, Legolas or Gimli uses his card with any die",
                           "Boromir, Legolas o Gimli usa su carta con cualquier dado"),
    "character-enters": T("A character enters play", "Un personaje entra en juego"),
}
# Boromir, Legolas and Gimli out of the Fellowship: the nation each advances with any die,
# the places their cards name, and the rule label (docs/board/characters.md).
POLITICAL_ABILITIES = {
    "boromir": ("gondor", ("minas-tirith", "dol-amroth", "pelargir"), "wotr-char-boromir-politics"),
    "legolas": ("elves", ("grey-havens", "rivendell", "lorien", "woodland-realm"), "wotr-char-legolas-politics"),
    "gimli": ("dwarves", ("erebor",), "wotr-char-gimli-politics"),
}
# Events whose place decides: read from ``region``, else from the position, else asked for.
PLACED_EVENTS = ("fellowship-declared", "companion-ends-move", "companion-ability", "character-enters")

POLITICS = KindSpec(
    GAME, "politics", T("How does the Political Track move?", "¿Cómo se mueve la ficha de Política?"), "board/politics",
    params=(
        Param("nation", "nation", T("Nation", "Nación"), required=True),
        Param("event", "choice", T("What happens", "Qué ocurre"), required=True, choices=EVENTS,
              choice_labels=EVENT_LABELS, aliases=EVENT_ALIASES),
        Param("companion", "character", T("Companion (when a Companion ends a move or uses his ability)",
                                          "Compañero (cuando un Compañero termina un movimiento o usa su habilidad)")),
        Param("character", "character", T("Character entering play (when a character enters play)",
                                          "Personaje que entra en juego (cuando un personaje entra en juego)")),
        Param("region", "region", T("Region where it happens", "Región donde ocurre"),
              help=T("Where the place matters and the position does not say it, the answer asks for it.",
                     "Si el lugar importa y la posición no lo dice, la respuesta lo pide.")),
    ),
    verdict=(
        Key("active", "bool", T("Active", "Activa"), contract=True),
        Key("steps", "count", T("Steps to war", "Pasos hasta la guerra"), contract=True),
        Key("changed", "bool", T("Changed", "Cambia")),
        Key("allowed", "bool", T("Allowed", "Permitido"), always=False,
            when=T("for a Muster die or a Companion's ability: whether the die can be spent this way",
                   "con un dado de Alistar o la habilidad de un Compañero: si el dado puede gastarse así")),
    ),
    position=("politics", "regions", "fellowship.region", "fellowship.companions"),
    rules=("wotr-politics", "wotr-politics-activation", "wotr-politics-activation-enemy-army",
           "wotr-politics-activation-attacked", "wotr-politics-activation-fellowship",
           "wotr-politics-activation-companion", "wotr-politics-advance", "wotr-politics-advance-attacked",
           "wotr-politics-advance-captured", "wotr-politics-passive", "wotr-muster-political", "wotr-politics-at-war",
           "wotr-char-boromir-politics", "wotr-char-legolas-politics", "wotr-char-gimli-politics",
           "wotr-char-companion-enters", "wotr-char-witch-king-enter"),
)


@question(POLITICS)
def politics(position, q, r):
    nation, event = q.param("nation"), q.param("event")
    companion = q.param("companion") if event in ("companion-ends-move", "companion-ability") or q.has("companion") \
        else None
    character = q.param("character") if event == "character-enters" or q.has("character") else None
    region = q.param("region")
    if event in ("companion-ends-move", "companion-ability") and companion is None and not q.has("companion"):
        q.error("companion", "core.err_required")
    if event == "character-enters" and character is None and not q.has("character"):
        q.error("character", "core.err_required")
    q.ready()
    if event not in ("companion-ends-move", "companion-ability"):
        r.unused("companion", "politics.who_irrelevant", "wotr-politics",
                 who=names.character_name(companion, r.lang) if companion else "")
    if event != "character-enters":
        r.unused("character", "politics.who_irrelevant", "wotr-politics",
                 who=names.character_name(character, r.lang) if character else "")
    r.mark("to", region)
    return _Politics(position, q, r, nation, region).rule(event, companion, character)


class _Politics:
    """One politics question: the marker before, the event's effect step by step, the answer."""

    def __init__(self, position, q, r, nation: str, region: str | None):
        self.position, self.q, self.r, self.nation, self.region = position, q, r, nation, region
        self.lang = r.lang
        self.nation_name = names.nation_name(nation, self.lang)
        self.side = data.nations()[nation]["side"]
        self.before = political_default(r, position, nation)
        self.active, self.steps = self.before.active, self.before.steps
        self.allowed: bool | None = None
        self.read_companions = False   # the Fellowship's Companions matter to one event only
        self.read_regions = False      # the map matters only where the event's place does
        self.placed: tuple[str, str | None, bool] | None = None   # enemy army / capture: region, its nation
        r.step("politics.before", "wotr-politics", nation=self.nation_name, state=state_text(r, self.before))

    def say(self, key: str, label: str, /, **params) -> None:
        """A step that decides the answer (the marker moves, or why it does not)."""
        self.r.step(key, label, decides=True, **params)

    # -- the two things an event does ------------------------------------------------------
    def activate(self, reason_key: str, label: str, **params) -> None:
        if self.active:
            self.say("politics.already_active", label, nation=self.nation_name)
        else:
            self.active = True
            self.say(reason_key, label, nation=self.nation_name, **params)

    def advance(self, reason_key: str, label: str) -> None:
        if self.steps == 0:
            self.say("politics.already_at_war", label, nation=self.nation_name)
        elif self.steps == 1 and not self.active:
            self.say("politics.passive_blocked", "wotr-politics-passive", nation=self.nation_name)
        else:
            self.steps -= 1
            self.say(reason_key, label, nation=self.nation_name)

    def where(self, cid: str | None, *, fellowship: bool = False) -> str | None:
        """The place of the event: ``region``, else the character's (or the Fellowship's)
        region in the position; None when neither says."""
        if self.region is not None:
            return self.region
        self.read_regions = True
        if fellowship:
            fel = self.position.fellowship
            return fel.region if "region" in fel.given else None
        found = on_map(self.position, cid) if cid else []
        return found[0] if len(found) == 1 else None

    def rule(self, event: str, companion: str | None, character: str | None):
        r = self.r
        if event == "enemy-army-enters":
            if self.nations_region("wotr-politics-activation-enemy-army"):
                self.activate("politics.activated_enemy_army", "wotr-politics-activation-enemy-army")
        elif event == "army-attacked":
            r.unused("region", "politics.region_attacked", "wotr-politics-activation-attacked",
                     nation=self.nation_name)
            self.activate("politics.activated_attacked", "wotr-politics-activation-attacked")
            self.advance("politics.advance_attacked", "wotr-politics-advance-attacked")
        elif event == "settlement-captured":
            if self.nations_region("wotr-politics-advance-captured", settlement=True):
                # The capturing army has entered the nation: that alone activates it.
                self.activate("politics.activated_capture", "wotr-politics-activation-enemy-army")
                self.advance("politics.advance_captured", "wotr-politics-advance-captured")
        elif event == "muster-die":
            r.unused("region", "politics.region_muster", "wotr-muster-political", nation=self.nation_name)
            self.advance("politics.advance_muster", "wotr-muster-political")
            self.allowed = self.steps != self.before.steps
        elif event == "fellowship-declared":
            if self.side != "free_peoples":
                self.say("politics.shadow_not_activated", "wotr-politics-activation", nation=self.nation_name)
            else:
                place = self.where(None, fellowship=True)
                if place is None:
                    return r.needs_info(["question.region"], "politics.needs_region_fellowship")
                self.fellowship_declared(place)
        elif event == "companion-ends-move":
            assert companion is not None, "politics() requires the companion for this event"
            if self.side == "free_peoples" and data.characters()[companion]["kind"] == "companion" \
                    and companion_activates(companion, self.nation):
                place = self.where(companion)
                if place is None:
                    return r.needs_info(["question.region"], "politics.needs_region_companion",
                                        {"who": names.character_name(companion, self.lang)})
                self.companion_ends_move(companion, place)
            else:
                self.companion_ends_move(companion, None)
        elif event == "companion-ability":
            assert companion is not None, "politics() requires the companion for this event"
            answer = self.companion_ability(companion)
            if answer is not None:
                return answer
        elif event == "character-enters":
            assert character is not None, "politics() requires the character for this event"
            answer = self.character_enters(character)
            if answer is not None:
                return answer
        return self.answer()

    # -- events whose place matters ----------------------------------------------------------
    def nations_region(self, label: str, *, settlement: bool = False) -> bool:
        """An enemy army entering a region (or capturing a settlement) moves only the marker
        of the nation the region belongs to: whether ``region`` is the nation's, said in a
        step that names the region and its nation. No region given: the event as asked
        (a region of the nation) is taken at its word."""
        if self.region is None:
            return True
        info = data.regions()[self.region]
        where = names.region_name(self.region, self.lang)
        if settlement and info["settlement"] is None:
            self.r.contradicts("region", "politics.err_not_a_settlement", region=where)
        owner = info["nation"]
        kind = "settlement" if settlement else "region"
        self.placed = (self.region, owner, settlement)
        if owner == self.nation:
            self.r.step(f"politics.{kind}_of_nation", label, region=where, nation=self.nation_name)
            return True
        if owner is None:
            self.say(f"politics.{kind}_no_nation", label, region=where, nation=self.nation_name)
        else:
            self.say(f"politics.{kind}_other_nation", label, region=where, owner=names.nation_name(owner, self.lang),
                     nation=self.nation_name)
        return False

    def fellowship_declared(self, place: str) -> None:
        """Official 2nd edition and seed 000: declared in a City or Stronghold of the nation
        activates it; unlike a Companion's move, the rules make no exception for a place the
        enemy controls."""
        where = names.region_name(place, self.lang)
        self.read_regions = True
        region_default(self.r, self.position, place, "wotr-politics-activation-fellowship")
        if not is_city_or_stronghold_of(place, self.nation):
            self.say("politics.not_city_or_stronghold", "wotr-politics-activation-fellowship",
                        nation=self.nation_name, region=where)
            return
        if self.position.controller(place) != "free_peoples":
            self.say("politics.declared_enemy_held", "wotr-politics-activation-fellowship", region=where)
        self.activate("politics.activated_fellowship", "wotr-politics-activation-fellowship", region=where)

    def companion_ends_move(self, companion: str, place: str | None) -> None:
        r, cname = self.r, names.character_name(companion, self.lang)
        if data.characters()[companion]["kind"] != "companion":
            self.say("politics.not_a_companion", "wotr-politics-activation-companion", character=cname)
        elif self.side != "free_peoples":
            self.say("politics.shadow_not_activated", "wotr-politics-activation", nation=self.nation_name)
        elif not companion_activates(companion, self.nation):
            self.say("politics.companion_wrong_nation", "wotr-politics-activation-companion",
                   character=cname, nation=self.nation_name)
        else:
            assert place is not None, "rule() finds the place of a companion that may activate"
            self.read_regions = True
            region_default(r, self.position, place, "wotr-politics-activation-companion")
            if not is_activation_settlement(self.position, place, self.nation):
                self.say("politics.not_activation_settlement", "wotr-politics-activation-companion",
                       nation=self.nation_name, region=names.region_name(place, self.lang))
            else:
                self.activate("politics.activated_companion", "wotr-politics-activation-companion",
                              character=cname, region=names.region_name(place, self.lang))

    def companion_ability(self, companion: str):
        """Boromir, Legolas or Gimli out of the Fellowship, in a place his card names that the
        Shadow does not control: any action die advances his nation one step."""
        r, position, cname = self.r, self.position, names.character_name(companion, self.lang)
        self.allowed = False
        if companion not in POLITICAL_ABILITIES:
            self.say("politics.no_political_ability", "wotr-char-boromir-politics", character=cname)
            return None
        own, places, label = POLITICAL_ABILITIES[companion]
        place_names = ", ".join(names.region_name(p, self.lang) for p in places)
        if own != self.nation:
            self.say("politics.ability_other_nation", label, character=cname, nation=self.nation_name,
                   own=names.nation_name(own, self.lang))
            return None
        found = on_map(position, companion)
        self.read_regions = True
        if found and self.region is not None and self.region not in found:
            self.q.problems.add(self.q.at("region"), "politics.err_companion_elsewhere", character=cname,
                                region=names.region_name(self.region, self.lang),
                                where=", ".join(names.region_name(x, self.lang) for x in found))
            self.q.ready()
        self.read_companions = not found   # on the map, he is not in the Fellowship
        if not found and "fellowship" in position.given and companion in position.fellowship.companions:
            if "companions" not in position.fellowship.given:
                name_default(r, "position.fellowship.companions", "politics.default_companions", label, character=cname)
            self.say("politics.ability_in_fellowship", label, character=cname)
            r.unused("region", "politics.region_in_fellowship", label, character=cname)
            return None
        place = self.where(companion)
        if place is None:
            return r.needs_info(["question.region"], "politics.needs_region_companion", {"who": cname})
        where = names.region_name(place, self.lang)
        if place not in places:
            self.say("politics.ability_wrong_place", label, character=cname, region=where, places=place_names)
            return None
        region_default(r, position, place, label)
        if position.controller(place) != "free_peoples":
            self.say("politics.ability_place_lost", label, character=cname, region=where)
            return None
        self.say("politics.ability_applies", label, character=cname, region=where, nation=self.nation_name)
        self.advance("politics.advance_ability", label)
        self.allowed = self.steps != self.before.steps
        return None

    def character_enters(self, character: str):
        """A character entering play: the Witch-king activates every Free Peoples nation; a
        Companion entering in a City or Stronghold of the nation activates it as if he had
        ended a move there (not in one the enemy holds); the other Minions activate nothing."""
        r, cname = self.r, names.character_name(character, self.lang)
        info = data.characters()[character]
        if self.side != "free_peoples":
            self.say("politics.shadow_always_active", "wotr-politics-start")
            return None
        if character == "witch-king":
            self.activate("politics.activated_witch_king", "wotr-char-witch-king-enter")
            return None
        if info["kind"] != "companion":
            self.say("politics.enters_activates_nothing", "wotr-char-companion-enters", character=cname)
            return None
        if not companion_activates(character, self.nation):
            self.say("politics.companion_wrong_nation", "wotr-char-companion-enters", character=cname,
                     nation=self.nation_name)
            return None
        place = self.where(character)
        printed = printed_places(self.position, character)
        if printed:   # the card says where he may enter: a fact, not a question
            places = ", ".join(names.region_name(p, self.lang) for p in printed)
            label = CARD_PLACE_LABEL[character]
            if place is not None and place not in printed:
                r.contradicts("region", "politics.err_not_a_card_place", character=cname, places=places,
                              region=names.region_name(place, self.lang))
            if place is None and len(printed) == 1:
                place = printed[0]
            elif place is None:
                return self.card_places(character, cname, printed, places, label)
        if place is None:
            return r.needs_info(["question.region"], "politics.needs_region_enters", {"who": cname})
        if data.regions()[place]["nation"] != self.nation:
            self.say("politics.not_city_or_stronghold", "wotr-char-companion-enters", nation=self.nation_name,
                   region=names.region_name(place, self.lang))
            return None
        self.read_regions = True
        found = entry_activation(self.position, r, character, place, "wotr-char-companion-enters", decides=True)
        if found == self.nation:
            self.active = True
        return None

    def card_places(self, character: str, cname: str, printed: list[str], places: str, label: str):
        """A character whose card lets him enter in several places, the question not saying
        which: where every place does the same to this nation, that is the answer; else the
        answer asks which, naming the places."""
        r = self.r
        self.read_regions = True
        r.step("politics.card_places", label, character=cname, places=places)
        unlisted = [p for p in printed if p not in self.position.regions
                    and data.regions()[p]["settlement"] in ("city", "stronghold")]
        if unlisted:   # their control is read as the default: their original side's
            name_defaults(r, [f"position.regions.{p}" for p in unlisted], "politics.default_regions",
                          "wotr-char-companion-enters",
                          regions=", ".join(names.region_name(p, self.lang) for p in unlisted))
        effects = {activation_at(self.position, r, character, p)[0] == self.nation for p in printed}
        if effects == {False}:
            self.say("politics.card_places_none", "wotr-char-companion-enters", nation=self.nation_name)
            return None
        if effects == {True}:
            self.active = True
            self.say("politics.card_places_activate", "wotr-char-companion-enters", nation=self.nation_name)
            return None
        return r.needs_info(["question.region"], "politics.needs_region_card", {"who": cname, "places": places})

    def answer(self):
        r = self.r
        fel = self.position.fellowship
        if not self.read_companions and "fellowship" in self.position.given and "companions" in fel.given:
            r.unused("position.fellowship.companions", "politics.companions_irrelevant", "wotr-politics")
        if not self.read_regions and "regions" in self.position.given:
            r.unused("position.regions", "politics.regions_irrelevant", "wotr-politics")
        if self.side == "shadow" and self.allowed is None:
            self.say("politics.shadow_always_active", "wotr-politics-start")
        after = Political(self.steps, self.active)
        if after.at_war:
            r.step("politics.at_war_effects", "wotr-politics-at-war", nation=self.nation_name)
        extra = {} if self.allowed is None else {"allowed": self.allowed}
        key = "politics.answer_die_no" if self.allowed is False else "politics.answer"
        params = {"nation": self.nation_name, "state": state_text(r, after)}
        if self.placed is not None:   # the answer names the region and its nation
            region, owner, settlement = self.placed
            params["region"] = names.region_name(region, self.lang)
            if owner == self.nation:
                key = "politics.answer_region_capture" if settlement else "politics.answer_region_army"
            elif owner is None:
                key = "politics.answer_region_no_nation"
            else:
                key, params["owner"] = "politics.answer_region_elsewhere", names.nation_name(owner, self.lang)
        return r.decide(key, params,
                        active=self.active, steps=self.steps, changed=(after != self.before), **extra)
