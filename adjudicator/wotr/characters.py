"""War of the Ring: the characters, as the other chapters' rules need them, and bringing the
five late characters into play (``docs/board/characters.md``).

Who the Ring-bearers are (one figure, never a Companion), who may be Guide (one rule,
:func:`adjudicator.wotr.model.guide_candidates`, said here in the answer's words), where the
characters stand on the map, and the predicates of the card abilities that change other
chapters' rules (Saruman's Isengard Elites as Leaders, Gandalf the White's Level 4, the
Mouth of Sauron's Muster die as an Army die). The movement rules call them now; the battle
rules may call :func:`leadership` and :func:`is_led` the same way.

Kind ``bring-into-play``: may Aragorn, Gandalf the White, Saruman, the Witch-king or the
Mouth of Sauron enter play now, and where (character cards, official 2nd edition).
"""
from __future__ import annotations

from collections.abc import Iterable

from adjudicator import data, names
from adjudicator.registry import question
from adjudicator.ruling import Precedence
from adjudicator.spec import Key, KindSpec, Param, T, allowed_key
from adjudicator.wotr.armies import name_default, name_defaults
from adjudicator.wotr.dice import FACE_LABELS
from adjudicator.wotr.model import Army, Position, guide_candidates
from adjudicator.wotr.political import companion_activates, political_default, political_defaults

GAME = "war-of-the-ring"

# The Ring-bearers (Frodo and Sam) are one figure, never a Companion: named specially so a
# player who types them gets the rule, not "unknown character".
RING_BEARER_WORDS = {names.normalize(w) for w in (
    "Frodo", "Sam", "Samwise", "Frodo and Sam", "Ring-bearers", "Ring-bearer", "Frodo y Sam",
    "Portadores", "Portadores del Anillo", "Portador del Anillo", "Sam Gamyi")}

MINIONS = ("saruman", "witch-king", "mouth-of-sauron")
HOBBITS = ("meriadoc", "peregrin")
GANDALF_WHITE_MOVE_LEVEL = 4          # card: alone or with one Hobbit, for movement only
ARAGORN_PLACES = ("minas-tirith", "dol-amroth", "pelargir")
BRINGABLE = ("aragorn", "gandalf-the-white", "saruman", "witch-king", "mouth-of-sauron")


def is_ring_bearer_name(value: object) -> bool:
    return isinstance(value, str) and names.normalize(value) in RING_BEARER_WORDS


def new_guide_step(r, companions_left: tuple[str, ...] | list[str]) -> list[str]:
    """Say who may become Guide once the Guide is gone; the candidates (Gollum when none is left)."""
    options = guide_candidates(tuple(companions_left))
    if options == ["gollum"]:
        r.step("hunt.casualty_new_guide_gollum", "wotr-fellowship-gollum")
    else:
        r.step("hunt.casualty_new_guide", "wotr-fellowship-guide-change",
               names=", ".join(names.character_name(c, r.lang) for c in options))
    return options


def on_map(position: Position, cid: str) -> list[str]:
    """The regions where the position places character ``cid`` (outside the Fellowship)."""
    return [rid for rid, st in position.regions.items()
            if cid in st.free_peoples.characters or cid in st.shadow.characters]


# -- ability predicates (movement now, battle later) ------------------------------------------
def in_play(position: Position, cid: str) -> bool:
    """The character's figure stands on the map in the position (regions not listed hold
    nobody, so a character the position does not place is not in play)."""
    return bool(on_map(position, cid))


def saruman_in_play(position: Position) -> bool:
    """Saruman's figure is on the map (in Orthanc, which he never leaves)."""
    return in_play(position, "saruman")


def mouth_in_play(position: Position) -> bool:
    return in_play(position, "mouth-of-sauron")


def muster_as_army(position: Position, r, side: str, used: bool | None, domain: str) -> None:
    """The Mouth of Sauron's card: once per turn, while he is in play, the Shadow may use a
    Muster result as an Army result (to move or to attack). Refusals are recorded on ``r``;
    ``domain`` ("movement" or "battle") words the refusal and the step for the question asked."""
    mouth = mid_sentence_name("mouth-of-sauron", r.lang)
    if side != "shadow":
        r.refuse("muster-die", "wotr-dice-muster", f"{domain}.refuse_muster_die_fp", f"{domain}.reason_muster_die_fp")
        r.step("movement.mouth_muster_shadow_only", "wotr-char-mouth-muster", mouth=mouth)
    elif not mouth_in_play(position):
        name_default(r, "position.regions", "movement.default_no_mouth", "wotr-char-mouth-muster",
                     Mouth=names.character_name("mouth-of-sauron", r.lang))
        r.refuse("mouth-absent", "wotr-char-mouth-muster", "movement.refuse_mouth_absent",
                 f"{domain}.reason_mouth_absent", mouth=mouth)
    elif used:
        r.refuse("mouth-used", "wotr-char-mouth-muster", "movement.refuse_mouth_used", "movement.reason_mouth_used",
                 mouth=mouth)
    else:
        if used is None:
            name_default(r, "question.muster_as_army_used", "movement.default_mouth_unused", "wotr-char-mouth-muster",
                         mouth=mouth)
        r.step(f"{domain}.mouth_muster_as_army", "wotr-char-mouth-muster",
               Mouth=names.character_name("mouth-of-sauron", r.lang))


def minions_on_map(position: Position) -> list[str]:
    return [m for m in MINIONS if in_play(position, m)]


def elites_as_leaders(position: Position, army: Army) -> int:
    """How many figures of ``army`` are Isengard Elites that also count as Leaders: all of
    them while Saruman is in play, none otherwise (card: Saruman)."""
    units = army.nations.get("isengard")
    return units.elite if units and saruman_in_play(position) else 0


def counts_as_leader(position: Position, nation: str, unit: str) -> bool:
    """Whether one figure of ``unit`` (``regular``, ``elite``, ``leader``) of ``nation`` is a
    Leader: every Leader is, and an Isengard Elite is while Saruman is in play."""
    return unit == "leader" or (unit == "elite" and nation == "isengard" and saruman_in_play(position))


def nazgul_leadership(army: Army) -> int:
    """The Leadership of the Nazgûl in ``army``: 1 each, and the Witch-king's card value."""
    chars = data.characters()
    return army.nazgul + sum(chars[c]["leadership"] or 0 for c in army.characters if chars[c]["is_nazgul"])


def leadership(position: Position, army: Army, *, cancel_nazgul_leadership: bool = False) -> int:
    """The Leadership of ``army`` before the cap of 5: its Leaders, Nazgûl and characters
    (each with its card's value), plus one per Isengard Elite while Saruman is in play.

    ``cancel_nazgul_leadership``: Gandalf the White's ability is used in this battle. For a
    Shadow army the Nazgûl's Leadership (the Witch-king's included) counts 0; for a Free
    Peoples army Gandalf the White gives up his own. Call it with the same flag for both
    armies of the battle.
    """
    chars = data.characters()
    total = army.leaders + army.nazgul + sum(chars[c]["leadership"] or 0 for c in army.characters)
    total += elites_as_leaders(position, army)
    if cancel_nazgul_leadership:
        total -= nazgul_leadership(army)
        if "gandalf-the-white" in army.characters:
            total -= chars["gandalf-the-white"]["leadership"] or 0
    return total


def is_led(position: Position, army: Army) -> bool:
    """An army that a Character die may move or attack with: it has a Leader, a Nazgûl, a
    character that moves, or an Isengard Elite while Saruman is in play."""
    movers = [c for c in army.characters if data.characters()[c]["level"] != 0]
    return bool(army.leaders or army.nazgul or movers or elites_as_leaders(position, army))


def gandalf_white_level_four(group: Iterable[str]) -> bool:
    """Gandalf the White moving alone, or with only one Hobbit, counts as Level 4."""
    group = list(group)
    others = [c for c in group if c != "gandalf-the-white"]
    return "gandalf-the-white" in group and (not others or (len(others) == 1 and others[0] in HOBBITS))


# -- bring-into-play ----------------------------------------------------------------------------
BRING_INTO_PLAY = KindSpec(
    GAME, "bring-into-play", T("Can this character enter play now, and where?",
                               "¿Puede entrar en juego este personaje ahora, y dónde?"),
    "board/characters",
    params=(
        Param("character", "character", T("Character", "Personaje"), required=True,
              help=T("Aragorn, Gandalf the White, Saruman, the Witch-king or the Mouth of Sauron.",
                     "Aragorn, Gandalf el Blanco, Saruman, el Rey Brujo o la Boca de Sauron.")),
        Param("to", "region", T("Region asked about (optional)", "Región por la que se pregunta (opcional)")),
        Param("minion_in_play_before", "bool",
              T("A Minion is or has been in play", "Un Servidor está o ha estado en juego"),
              help=T("Gandalf the White only, when no Minion stands on the map.",
                     "Solo para Gandalf el Blanco, cuando no hay ningún Servidor en el mapa.")),
    ),
    verdict=(
        allowed_key(),
        Key("die", "choice", T("Die result used", "Resultado de dado usado"),
            choices=("will-of-the-west", "muster"), choice_labels=FACE_LABELS),
        Key("places", "region-ids", T("Where he may be placed", "Dónde puede colocarse"), always=False,
            when=T("when allowed, and whenever `to` is given", "si se permite, y siempre que se da `to`"),
            when_param="to", when_verdict=("allowed", True)),
        Key("activates", "nation-ids", T("Nations his entry activates", "Naciones que activa al entrar"),
            always=False, when=T("when allowed", "si se permite"), when_verdict=("allowed", True)),
        Key("dice_added", "count", T("Action dice added from the next turn",
                                     "Dados de Acción añadidos desde el turno siguiente"),
            always=False, when=T("when allowed", "si se permite"), when_verdict=("allowed", True)),
    ),
    position=("regions", "politics", "fellowship.companions", "fellowship.mordor"),
    rules=("wotr-char-enter", "wotr-char-companion-enters", "wotr-char-aragorn-enter",
           "wotr-char-gandalf-white-enter", "wotr-char-saruman-enter", "wotr-char-witch-king-enter",
           "wotr-char-mouth-enter"),
)
# The first of these that applies is the reason given; every one that applies is explained.
BRING_REFUSALS = Precedence(
    "already-in-play", "strider-in-fellowship", "strider-gone", "strider-elsewhere", "strider-place-lost",
    "grey-in-fellowship", "no-minion", "isengard-not-at-war", "orthanc-lost", "sauron-not-at-war",
    "no-free-peoples-at-war", "no-sauron-army", "mouth-conditions", "no-sauron-stronghold", "not-a-place")

ENTER_LABEL = {"aragorn": "wotr-char-aragorn-enter", "gandalf-the-white": "wotr-char-gandalf-white-enter",
               "saruman": "wotr-char-saruman-enter", "witch-king": "wotr-char-witch-king-enter",
               "mouth-of-sauron": "wotr-char-mouth-enter"}
FREE_PEOPLES = tuple(n for n, info in data.nations().items() if info["side"] == "free_peoples")


def _strongholds(nation: str) -> list[str]:
    return sorted(rid for rid, info in data.regions().items()
                  if info["nation"] == nation and info["settlement"] == "stronghold")


# The rule label of each card that fixes where its character enters play.
CARD_PLACE_LABEL = {"aragorn": "wotr-char-aragorn-enter", "gandalf-the-white": "wotr-char-gandalf-white-enter"}


def printed_places(position: Position, cid: str) -> list[str]:
    """Where a character's card lets him enter play, a fact of the card rather than a
    question: Aragorn where Strider stands, in Minas Tirith, Dol Amroth or Pelargir; Gandalf
    the White where the position places Gandalf the Grey (else the position leaves it open:
    the Grey may stand anywhere). Empty for a character whose card fixes no place."""
    if cid == "aragorn":
        return [x for x in on_map(position, "strider") if x in ARAGORN_PLACES] or list(ARAGORN_PLACES)
    if cid == "gandalf-the-white":   # where the Grey stands; the position not placing him, no fact
        return on_map(position, "gandalf-the-grey")
    return []


def mid_sentence_name(cid: str, lang: str) -> str:
    """A character's name as it reads inside a sentence: "the Witch-king", "el Rey Brujo"."""
    name = names.character_name(cid, lang)
    first, _, rest = name.partition(" ")
    return f"{first.lower()} {rest}" if rest and first in ("The", "El", "La") else name


class _Entry:
    """What one bring-into-play question works out: the card's checks write steps and
    refusals on ``r``; ``places`` and ``activates`` are filled as they are decided."""

    def __init__(self, position: Position, r, cid: str, minion_before: bool | None):
        self.position, self.r, self.cid, self.minion_before = position, r, cid, minion_before
        self.lang = r.lang
        self.who = {"who": names.character_name(cid, r.lang), "who_mid": mid_sentence_name(cid, r.lang)}
        self.label = ENTER_LABEL[cid]
        self.places: list[str] = []
        self.activates: list[str] | None = None   # None: from the place (Aragorn, Gandalf the White)
        self.missing: list[str] = []
        self.unlisted: list[str] = []              # regions read at their default state

    # -- small readers, each naming the default it leans on -------------------------------
    def region(self, rid: str) -> str:
        return names.region_name(rid, self.lang)

    def nation(self, nid: str) -> str:
        return names.nation_name(nid, self.lang)

    def political(self, nid: str):
        return political_default(self.r, self.position, nid)

    def politicals(self, nations) -> dict:
        return political_defaults(self.r, self.position, nations)

    def at_war(self, nid: str) -> bool:
        return self.political(nid).at_war

    def controller(self, rid: str) -> str | None:
        if rid not in self.position.regions and rid not in self.unlisted:
            self.unlisted.append(rid)
        return self.position.controller(rid)

    def name_unlisted(self) -> None:
        """One step for every region read at its default state (its paths all named)."""
        if self.unlisted:
            name_defaults(self.r, [f"position.regions.{x}" for x in self.unlisted], "characters.default_regions_start",
                          self.label, regions=self.places_text(self.unlisted))

    def in_fellowship(self, cid: str) -> bool:
        fel = self.position.fellowship
        if cid not in fel.companions or in_play(self.position, cid):
            return False
        if "companions" not in fel.given:
            name_default(self.r, "position.fellowship.companions", "characters.default_companions", self.label,
                         who=names.character_name(cid, self.lang))
        return True

    def fellowship_unused(self, who: str) -> None:
        """The predecessor stands on the map: who walks in the Fellowship does not matter."""
        fel = self.position.fellowship
        if "fellowship" in self.position.given and "companions" in fel.given:
            self.r.unused("position.fellowship.companions", "characters.unused_companions_on_map", self.label,
                          who=who)

    def places_text(self, ids: list[str]) -> str:
        return ", ".join(self.region(x) for x in ids) or "-"


def _aragorn(e: _Entry) -> None:
    r, position = e.r, e.position
    strider = names.character_name("strider", e.lang)
    where = on_map(position, "strider")
    if not where:
        if e.in_fellowship("strider"):
            r.refuse("strider-in-fellowship", e.label, "characters.strider_in_fellowship",
                     "characters.reason_strider_in_fellowship", strider=strider)
        else:
            name_default(r, "position.regions", "characters.default_not_on_map", e.label, who=strider)
            r.refuse("strider-gone", e.label, "characters.strider_gone", "characters.reason_strider_gone",
                     strider=strider)
        return
    e.fellowship_unused(strider)
    for rid in where:
        if rid not in ARAGORN_PLACES:
            r.refuse("strider-elsewhere", e.label, "characters.strider_elsewhere",
                     "characters.reason_strider_elsewhere",
                     strider=strider, region=e.region(rid), places=e.places_text(list(ARAGORN_PLACES)))
        elif e.controller(rid) == "shadow":
            r.refuse("strider-place-lost", e.label, "characters.strider_place_lost",
                     "characters.reason_strider_place_lost", strider=strider, region=e.region(rid))
        else:
            r.step("characters.strider_there", e.label, strider=strider, region=e.region(rid), decides=True)
            e.places.append(rid)


def _gandalf_white(e: _Entry) -> None:
    r, position = e.r, e.position
    grey = names.character_name("gandalf-the-grey", e.lang)
    where = on_map(position, "gandalf-the-grey")
    grey_in_fellowship = not where and e.in_fellowship("gandalf-the-grey")
    if grey_in_fellowship:
        r.refuse("grey-in-fellowship", e.label, "characters.grey_in_fellowship",
                 "characters.reason_grey_in_fellowship", grey=grey)
    minions = minions_on_map(position)
    if minions:
        r.step("characters.minion_on_map", e.label, decides=True,
               minions=", ".join(names.character_name(m, e.lang) for m in minions))
    elif e.minion_before is True:
        r.step("characters.minion_before_yes", e.label, decides=True)
    elif e.minion_before is False:
        r.refuse("no-minion", e.label, "characters.no_minion", "characters.reason_no_minion")
    else:
        e.missing.append("question.minion_in_play_before")
    if where:
        r.step("characters.grey_replaced", e.label, grey=grey, region=e.places_text(where), decides=True)
        e.fellowship_unused(grey)
        e.places.extend(where)
        return
    if not grey_in_fellowship:
        name_default(r, "position.regions", "characters.default_grey_gone", e.label, grey=grey)
    held = []
    for rid in ["fangorn", *_strongholds("elves")]:
        if rid == "fangorn" or e.controller(rid) != "shadow":
            e.places.append(rid)
        else:
            held.append(rid)
    e.name_unlisted()
    for rid in held:
        r.step("characters.place_shadow_holds", e.label, region=e.region(rid))
    r.step("characters.gandalf_white_places", e.label, places=e.places_text(sorted(e.places)))


def _saruman(e: _Entry) -> None:
    r = e.r
    isengard = e.nation("isengard")
    if e.at_war("isengard"):
        r.step("characters.nation_at_war", e.label, nation=isengard, decides=True)
    else:
        r.refuse("isengard-not-at-war", e.label, "characters.nation_not_at_war", "characters.reason_not_at_war",
                 nation=isengard)
    lost = e.controller("orthanc") == "free_peoples"
    e.name_unlisted()
    if lost:
        r.refuse("orthanc-lost", e.label, "characters.orthanc_lost", "characters.reason_orthanc_lost",
                 region=e.region("orthanc"))
    else:
        r.step("characters.orthanc_held", e.label, region=e.region("orthanc"), decides=True)
        e.places.append("orthanc")
    e.activates = []
    r.step("characters.activates_nothing", "wotr-char-companion-enters", **e.who)


def _free_peoples_at_war(e: _Entry) -> list[str]:
    """The Free Peoples nations At War; when none is, the nations left at their starting
    position are named as defaults (each could have changed the answer)."""
    at_war = [n for n in FREE_PEOPLES if n in e.position.politics and e.position.at_war(n)]
    if not at_war:
        e.politicals(FREE_PEOPLES)
    return at_war


def _witch_king(e: _Entry) -> None:
    r, position = e.r, e.position
    sauron = e.nation("sauron")
    if e.at_war("sauron"):
        r.step("characters.nation_at_war", e.label, nation=sauron, decides=True)
    else:
        r.refuse("sauron-not-at-war", e.label, "characters.nation_not_at_war", "characters.reason_not_at_war",
                 nation=sauron)
    at_war = _free_peoples_at_war(e)
    if at_war:
        r.step("characters.free_peoples_at_war", e.label, decides=True,
               nations=", ".join(e.nation(n) for n in at_war))
    else:
        r.refuse("no-free-peoples-at-war", e.label, "characters.no_free_peoples_at_war",
                 "characters.reason_no_free_peoples_at_war")
    name_default(r, "position.regions", "characters.default_regions_armies", e.label)
    no_units = sorted(rid for rid, st in position.regions.items()
                      if not st.shadow.is_army and (st.shadow.nazgul or st.shadow.characters))
    if no_units:   # Nazgûl and Minions alone: only units make an army
        r.step("characters.shadow_figures_not_army", "wotr-army", places=e.places_text(no_units))
    e.places = sorted(rid for rid, st in position.regions.items()
                      if st.shadow.is_army and st.shadow.nations.get("sauron") and st.shadow.nations["sauron"].count)
    if e.places:
        r.step("characters.sauron_armies", e.label, places=e.places_text(e.places), decides=True)
    else:
        r.refuse("no-sauron-army", e.label, "characters.no_sauron_army", "characters.reason_no_sauron_army")
    passive = [n for n, pol in e.politicals(FREE_PEOPLES).items() if not pol.active]
    e.activates = passive
    if passive:
        r.step("characters.witch_king_activates", "wotr-char-witch-king-enter",
               nations=", ".join(e.nation(n) for n in passive))
    else:
        r.step("characters.witch_king_all_active", "wotr-char-witch-king-enter")


def _mouth(e: _Entry) -> None:
    r, position = e.r, e.position
    fel = position.fellowship
    if fel.in_mordor:
        r.step("characters.fellowship_in_mordor", e.label, step=fel.mordor, decides=True)
    else:
        if "mordor" not in fel.given:
            name_default(r, "position.fellowship.mordor", "characters.default_not_in_mordor", e.label)
        not_at_war = [n for n, pol in e.politicals(FREE_PEOPLES).items() if not pol.at_war]
        if not_at_war:
            r.refuse("mouth-conditions", e.label, "characters.mouth_conditions", "characters.reason_mouth_conditions",
                     nations=", ".join(e.nation(n) for n in not_at_war))
        else:
            r.step("characters.all_free_peoples_at_war", e.label, decides=True)
    held = [rid for rid in _strongholds("sauron") if e.controller(rid) == "free_peoples"]
    e.places = [rid for rid in _strongholds("sauron") if rid not in held]
    e.name_unlisted()
    for rid in held:
        r.step("characters.place_free_peoples_hold", e.label, region=e.region(rid))
    if e.places:
        r.step("characters.mouth_places", e.label, places=e.places_text(e.places), decides=True)
    else:
        r.refuse("no-sauron-stronghold", e.label, "characters.no_sauron_stronghold",
                 "characters.reason_no_sauron_stronghold")
    e.activates = []
    r.step("characters.activates_nothing", "wotr-char-companion-enters", **e.who)


CARD_CHECKS = {"aragorn": _aragorn, "gandalf-the-white": _gandalf_white, "saruman": _saruman,
               "witch-king": _witch_king, "mouth-of-sauron": _mouth}


def activation_at(position: Position, r, cid: str, region: str) -> tuple[str | None, str, str | None]:
    """What a Companion entering play (or ending a move) in ``region`` does to the Political
    Track: (the nation he activates or None, why, the nation concerned). ``why`` is
    ``activates``, ``no-settlement``, ``wrong-icon``, ``enemy-held`` or ``already-active``.
    Reading the nation's marker names its default; the region's state is read as given."""
    info = data.regions()[region]
    nation = info["nation"]
    if info["settlement"] not in ("city", "stronghold") or nation is None or info["side"] != "free_peoples":
        return None, "no-settlement", None
    if not companion_activates(cid, nation):
        return None, "wrong-icon", nation
    if position.controller(region) != "free_peoples":
        return None, "enemy-held", nation
    if political_default(r, position, nation).active:
        return None, "already-active", nation
    return nation, "activates", nation


def entry_activation(position: Position, r, cid: str, region: str, label: str, *, decides: bool = False) -> str | None:
    """The nation a Companion entering play in ``region`` activates, with the step that says
    why or why not (``wotr-char-companion-enters``); None when none."""
    lang = r.lang
    where = names.region_name(region, lang)
    if region not in position.regions and data.regions()[region]["settlement"] in ("city", "stronghold"):
        name_default(r, f"position.regions.{region}", "politics.default_region", label, region=where)
    nation, why, concerned = activation_at(position, r, cid, region)
    nation_name = names.nation_name(concerned, lang) if concerned else ""
    if why == "activates":
        r.step("characters.activates", label, decides=decides, who=names.character_name(cid, lang), region=where,
               nation=nation_name)
    elif why == "no-settlement":
        r.step("characters.activates_no_settlement", label, decides=decides, region=where)
    elif why == "wrong-icon":
        r.step("politics.companion_wrong_nation", label, decides=decides, character=names.character_name(cid, lang),
               nation=nation_name)
    elif why == "enemy-held":
        r.step("characters.activates_enemy_held", label, decides=decides, region=where, nation=nation_name)
    else:
        r.step("politics.already_active", label, decides=decides, nation=nation_name)
    return nation


def _companion_activates(position: Position, r, cid: str, chosen: list[str]) -> list[str]:
    """The nations Aragorn or Gandalf the White activates entering in ``chosen``. With several
    places, one step per outcome (places that do the same said together); only what every
    place activates is certain without ``to``."""
    if len(chosen) == 1:
        found = entry_activation(position, r, cid, chosen[0], "wotr-char-companion-enters")
        return [found] if found else []
    outcomes: dict[tuple, list[str]] = {}
    for rid in chosen:
        nation, why, concerned = activation_at(position, r, cid, rid)
        outcomes.setdefault((why, concerned), []).append(rid)
    for (why, concerned), where in outcomes.items():
        result = r.t(f"characters.result_{why.replace('-', '_')}",
                     nation=names.nation_name(concerned, r.lang) if concerned else "")
        r.step("characters.activates_several", "wotr-char-companion-enters", result=result,
               places=", ".join(names.region_name(x, r.lang) for x in where))
    whys = {why for why, _ in outcomes}
    nations = {concerned for _, concerned in outcomes}
    return [nations.pop()] if whys == {"activates"} and len(nations) == 1 else []


@question(BRING_INTO_PLAY)
def bring_into_play(position, q, r):
    """One of the five late characters entering play, checked against its card.

    Every condition of the card is read from the position; where the position leaves out
    what decides (a Minion eliminated earlier, for Gandalf the White) the answer is
    ``needs-info``; where it leans on a default (the Political Track at its start, regions
    not listed holding nothing) a step names it.
    """
    cid, to, minion_before = q.param("character"), q.param("to"), q.param("minion_in_play_before")
    if cid is not None and cid not in BRINGABLE:
        q.error("character", "characters.err_not_bringable", value=names.character_name(cid, r.lang),
                options=", ".join(names.character_name(c, r.lang) for c in BRINGABLE))
    q.ready()

    e = _Entry(position, r, cid, minion_before)
    die = "will-of-the-west" if data.characters()[cid]["side"] == "free_peoples" else "muster"
    r.step(f"characters.die_{die.replace('-', '_')}", "wotr-char-enter", **e.who)
    if in_play(position, cid):
        r.refuse("already-in-play", "wotr-char-enter", "characters.already_in_play",
                 "characters.reason_already_in_play",
                 **e.who, region=e.places_text(on_map(position, cid)))
    CARD_CHECKS[cid](e)
    e.places = sorted(set(e.places))
    r.mark("reachable", *e.places)
    r.mark("to", to)
    if cid in MINIONS and not r.refusals:
        # Aragorn and Gandalf the White need no such default: Strider or Gandalf the Grey
        # still in the game shows that his successor never entered (their checks say so).
        name_default(r, "position.regions", "characters.default_never_in_play", "wotr-char-enter", **e.who)

    if to is not None and e.places and to not in e.places:
        r.refuse("not-a-place", e.label, "characters.not_a_place", "characters.reason_not_a_place",
                 **e.who, region=e.region(to), places=e.places_text(e.places))
    verdict: dict = {"die": die}
    if to is not None:
        verdict["places"] = e.places
    if r.refusals:
        return r.decide_refused(BRING_REFUSALS, "characters.answer_no", e.who, allowed=False, **verdict)
    if e.missing:
        return r.needs_info(e.missing, "characters.needs_minion_before", e.who)

    chosen = [to] if to is not None else e.places
    activates = e.activates if e.activates is not None else _companion_activates(position, r, cid, chosen)
    side = data.characters()[cid]["side"]
    r.step(f"characters.dice_added_{side}", "wotr-dice-count", **e.who)
    key = "characters.answer_yes_to" if to is not None else "characters.answer_yes"
    return r.decide(key, {**e.who, "die": r.t(f"characters.die_name_{die.replace('-', '_')}"),
                          "places": e.places_text(e.places), "to": e.region(to) if to else ""},
                    by=list(dict.fromkeys(["wotr-char-enter", *r.deciding])),
                    allowed=True, die=die, places=e.places, activates=activates,
                    dice_added=data.characters()[cid]["action_die_bonus"] or 0)


def leads_attack(position: Position, army: Army) -> bool:
    """An army that may attack with a Character die: it has a Leader, a Nazgûl or any
    character (an attack moves no figure, so a Level 0 one such as Saruman counts), or an
    Isengard Elite while Saruman is in play."""
    return bool(army.leaders or army.nazgul or army.characters or elites_as_leaders(position, army))
