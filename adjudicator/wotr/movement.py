"""War of the Ring: moving armies and characters (seed 000 'Acción de Personaje', 'Acción de
Ejército'; official 2nd-edition rules where the seed is silent).

Kinds: ``army-move`` (one army, one step, with an Army or a Character die) and
``character-move`` (a Companion, Minion or Nazgûl moved with a Character die).

Limits: Event cards that move armies or characters differently are not modelled; an army
move is one army per question (an Army die moves two, ask twice); the Fellowship itself
moves with the ``fellowship`` kinds, not here.
"""
from __future__ import annotations

from adjudicator import data, names
from adjudicator.params import check_name, side_value
from adjudicator.registry import question
from adjudicator.ruling import Precedence
from adjudicator.spec import Key, KindSpec, Param, Reach, T, allowed_key, side_param
from adjudicator.wotr import board
from adjudicator.wotr.armies import (
    DIE_ALIASES,
    cannot_move,
    check_units_shape,
    choose_side,
    describe,
    listed,
    name_default,
    name_defaults,
    read_units,
    region_path,
    side_of_units,
    side_word,
)
from adjudicator.wotr.characters import (
    GANDALF_WHITE_MOVE_LEVEL,
    elites_as_leaders,
    gandalf_white_level_four,
    is_led,
)
from adjudicator.wotr.characters import muster_as_army as chars_muster_as_army  # the Mouth of Sauron's card
from adjudicator.wotr.crossing import must_leave
from adjudicator.wotr.model import Army, Position, other_side
from adjudicator.wotr.political import political_default

GAME = "war-of-the-ring"
NAZGUL_WORDS = ("nazgul", "anazgul", "unnazgul", "ringwraith", "espectrodelanillo")
DIE_LABELS = {"army": T("Army", "Ejército"), "character": T("Character", "Personaje"),
              "muster": T("Muster (the Mouth of Sauron's ability)", "Alistar (habilidad de la Boca de Sauron)")}

ARMY_MOVE = KindSpec(
    GAME, "army-move", T("Can this army move there?", "¿Puede este ejército moverse allí?"), "board/movement",
    params=(
        Param("from", "region", T("From", "Desde"), required=True),
        # An army moves to an adjacent region, another one.
        Param("to", "region", T("To", "Hasta"), required=True, reach=Reach("from", 1, 1)),
        side_param(default_text=T("in a besieged Stronghold's region, the besieged army; where else both sides "
                                  "stand, none: the answer asks for it",
                                  "en la región de un Baluarte asediado, el ejército asediado; donde más estén "
                                  "ambos bandos, ninguno: la respuesta lo pide")),
        Param("units", "units", T("Units that move (default: all)", "Unidades que se mueven (por defecto: todas)"),
              help=T("YAML, e.g. {gondor: {regular: 2, leader: 1}}.",
                     "YAML, p. ej. {gondor: {regular: 2, leader: 1}}."),
              default_text=T("the whole army", "todo el ejército"), reader="read_units"),
        Param("die", "choice", T("Die used", "Dado usado"), choices=("army", "character", "muster"),
              choice_labels=DIE_LABELS, aliases=DIE_ALIASES, default_text=T("an Army die", "un dado de Ejército")),
        Param("muster_as_army_used", "bool",
              T("The Mouth of Sauron's Muster-as-Army was already used this turn",
                "Ya se usó este turno el Alistar como Ejército de la Boca de Sauron"),
              help=T("Only with die: muster.", "Solo con die: muster."), default=False),
    ),
    verdict=(
        allowed_key(contract=True),
        Key("excess", "count", T("Units over the stacking limit", "Unidades por encima del límite de apilamiento"),
            always=False, when=T("when allowed", "si se permite"), when_verdict=("allowed", True), contract=True),
        Key("captured", "bool", T("Captures the settlement", "Captura el asentamiento"), always=False,
            when=T("when allowed", "si se permite")),
        Key("side", "side", T("Side", "Bando")),
    ),
    position=("regions", "politics"),
    rules=("wotr-army-move", "wotr-army-move-adjacency", "wotr-army-move-free-region", "wotr-army-stacking",
           "wotr-army-leaders-not-alone", "wotr-army-non-belligerent", "wotr-army-move-character-action",
           "wotr-siege-besieged-army", "wotr-army-capture-settlement", "wotr-army-split", "wotr-char-saruman-elites",
           "wotr-char-mouth-muster"),
)
# The first of these that applies is the reason given; every one that applies is explained.
ARMY_MOVE_REFUSALS = Precedence("level-zero", "leader-alone", "besieged", "same-region", "not-adjacent",
                                "enemy-army", "must-leave", "non-belligerent", "character-die", "muster-die",
                                "mouth-absent",
                                "mouth-used")

CHARACTER_MOVE = KindSpec(
    GAME, "character-move", T("How far can this character move?", "¿Hasta dónde puede moverse este personaje?"),
    "board/movement",
    params=(
        Param("character", "characters", T("Character", "Personaje"),
              help=T("A name, or nazgul; several Companions moving together, separated by commas.",
                     "Un nombre, o nazgul; varios Compañeros que se mueven juntos, separados por comas."),
              required=True, reader="read_character"),
        Param("from", "region", T("From", "Desde"), required=True),
        # A character goes as far as its Level.
        Param("to", "region", T("To", "Hasta"), required=True, reach=Reach("from", 1, "character")),
    ),
    verdict=(
        allowed_key(contract=True),
        Key("max_distance", "count", T("Maximum distance", "Distancia máxima"), nullable=True,
            null_means=T("unlimited (Nazgûl, the Witch-king)", "ilimitada (Nazgûl, el Rey Brujo)"), contract=True),
        Key("distance", "count", T("Distance", "Distancia"), always=False,
            when=T("when the destination can be reached", "si se puede llegar al destino")),
    ),
    position=("regions", "fellowship.region", "fellowship.companions"),
    rules=("wotr-character-move", "wotr-character-companion-move", "wotr-character-companion-group",
           "wotr-character-companion-strongholds", "wotr-character-level-zero", "wotr-character-nazgul",
           "wotr-character-nazgul-stronghold", "wotr-character-mouth-of-sauron", "wotr-character-saruman",
           "wotr-char-gandalf-white-level", "wotr-char-witch-king"),
)


# -- army-move -----------------------------------------------------------------------------
def die_checks(position, r, moving: Army, die: str | None, side: str, mouth_used: bool | None) -> None:
    """A Character die moves only an army led by a Leader, a Nazgûl or a character (or, while
    Saruman is in play, an Isengard Elite); a Muster die only with the Mouth of Sauron."""
    led = is_led(position, moving)
    elites = elites_as_leaders(position, moving)
    if elites:
        r.step("movement.elites_are_leaders", "wotr-char-saruman-elites", n=elites)
    elif die == "character" and not led:
        elites_without_saruman(position, r, moving)
    if die == "character":
        if led:
            r.step("movement.character_die_led", "wotr-army-move-character-action")
        else:
            r.refuse("character-die", "wotr-army-move-character-action", "movement.refuse_character_die",
                     "movement.reason_character_die")
    elif die == "muster":
        chars_muster_as_army(position, r, side, mouth_used, "movement")
    elif die is None and not led:
        name_default(r, "question.die", "movement.default_die", "wotr-dice-army")


def left_behind_not_at_war(position, r, present: Army, moving: Army, src_name: str, dst: str,
                           dst_name: str) -> None:
    """The figures left in ``from`` of a nation not At War that could not have crossed into
    ``dst``: the figures at war split off and move on without them."""
    for nation, u in present.nations.items():
        kept = moving.nations.get(nation)
        if (kept and (kept.count or kept.leader)) or not (u.count or u.leader):
            continue
        if board.crosses_into_other_nation(nation, dst) and not political_default(r, position, nation).at_war:
            r.step("movement.non_belligerent_left_behind", "wotr-army-non-belligerent",
                   nation=names.nation_name(nation, r.lang), src=src_name, region=dst_name)


def elites_without_saruman(position, r, moving: Army) -> None:
    """Isengard Elites moving with a Character die, Saruman not in play: they lead nothing
    (when the position leaves Orthanc out, that Saruman is absent is a default, named)."""
    units = moving.nations.get("isengard")
    if not (units and units.elite):
        return
    saruman = names.character_name("saruman", r.lang)
    if "orthanc" not in position.regions:
        name_default(r, "position.regions.orthanc", "movement.default_elites_no_saruman", "wotr-char-saruman-elites",
                     n=units.elite, saruman=saruman, region=names.region_name("orthanc", r.lang))
    else:
        r.step("movement.elites_not_leaders", "wotr-char-saruman-elites", n=units.elite, saruman=saruman)


@question(ARMY_MOVE)
def army_move(position, q, r):
    """One army (or the part given in ``units``) moving to an adjacent region.

    Refusals are collected, so every rule that forbids the move is explained. Where the
    position says nothing about ``from`` the ruling needs that fact; where it lists ``from``
    without the mover's figures, the question contradicts the position (a problem).
    """
    src, dst, given_side = q.param("from"), q.param("to"), q.param("side")
    die = q.param("die")   # None: an Army die
    mouth_used = q.param("muster_as_army_used") if q.has("muster_as_army_used") else None
    units_raw = q.raw.get("units")
    if given_side is None and units_raw is not None:
        given_side = side_of_units(units_raw)
    if src is None or dst is None:
        check_units_shape(q, given_side)
        q.ready()
    lang = r.lang
    side = choose_side(position, src, given_side, r, prefer_besieged=True)
    if side is None:
        q.ready()
        state = position.region(src)
        if not listed(position, src):
            return r.needs_info([region_path(src, lang)], "movement.needs_army",
                                {"region": names.region_name(src, lang)})
        if state.free_peoples.is_empty and state.shadow.is_empty:
            q.problems.add(q.at("from"), "movement.err_no_figures", region=names.region_name(src, lang))
            q.ready()
        return r.needs_info(["question.side"], "movement.needs_side", {"region": names.region_name(src, lang)})
    present = position.army(src, side)
    moving = read_units(q, side, present, src, lang)
    q.ready()
    if present.is_empty:
        if not listed(position, src):
            return r.needs_info([region_path(src, lang, side)], "movement.needs_army",
                                {"region": names.region_name(src, lang)})
        q.problems.add(q.at("from"), "movement.err_no_figures_side", region=names.region_name(src, lang),
                       side=side_word(side, lang))
        q.ready()

    src_name, dst_name = names.region_name(src, lang), names.region_name(dst, lang)
    # Where an army could step, for the map: nowhere for a besieged army (it may only sortie).
    walled_in = position.region(src).besieged == side
    for n in board.neighbours(src):
        r.mark("reachable" if not walled_in and board.free_for_army(position, n, side) else "blocked", n)
    r.mark("from", src)
    r.mark("to", dst)

    # The moving part: all by default; characters of level 0 never move (Saruman, Gollum).
    explicit = moving is not None
    if moving is None:
        moving = present
    staying = [c for c in moving.characters if cannot_move(c)]
    if staying:
        label = "wotr-character-saruman" if "saruman" in staying else "wotr-character-level-zero"
        if "saruman" in staying:
            r.step("movement.saruman_card", "wotr-char-saruman")
        who = ", ".join(names.character_name(c, lang) for c in staying)
        if explicit:
            r.refuse("level-zero", label, "movement.refuse_level_zero", "movement.reason_level_zero", who=who)
        else:
            r.step("movement.level_zero_stays", label, who=who, region=src_name)
        moving = Army(moving.nations, moving.nazgul, tuple(c for c in moving.characters if c not in staying))
    if explicit:
        r.step("movement.moving_part", "wotr-army-split", part=describe(moving, lang), region=src_name)
    else:
        name_default(r, "question.units", "movement.default_units", "wotr-army", part=describe(moving, lang),
                     region=src_name)

    if not moving.is_army:
        # What makes an army is its units; a Leader without them is the leaders' own rule.
        if moving.leaders:
            r.step("movement.not_an_army", "wotr-army-leaders-not-alone")
        else:
            r.step("movement.not_an_army_units", "wotr-army")
        if moving.nazgul or moving.characters:
            r.step("movement.characters_move_alone",
                   "wotr-character-nazgul" if moving.nazgul else "wotr-character-move")
        return r.decide("movement.answer_no", {"reason": r.t("movement.reason_not_army")},
                        allowed=False, side=side_value(side))

    # Leaders never stay behind alone: when every unit leaves, the Leaders go too.
    left_leaders = present.leaders - moving.leaders
    if explicit and left_leaders > 0 and present.units - moving.units <= 0:
        r.refuse("leader-alone", "wotr-army-leaders-not-alone", "movement.refuse_leader_alone",
                 "movement.reason_leader_alone", n=left_leaders, region=src_name)

    # A besieged army stays inside: its only way out is a sortie.
    if position.region(src).besieged == side:
        r.refuse("besieged", "wotr-siege-besieged-army", "movement.refuse_besieged", "movement.reason_besieged",
                 region=src_name)
        # whatever part moves and wherever to: the defaults of those cannot change the answer
        r.holds_regardless("question.units", "position.regions", "position.politics")

    if src == dst:
        r.refuse("same-region", "wotr-army-move", "movement.refuse_same_region", "movement.reason_same_region",
                 region=src_name)
    elif not board.are_adjacent(src, dst):
        r.refuse("not-adjacent", "wotr-army-move-adjacency", "movement.refuse_not_adjacent",
                 "movement.reason_not_adjacent", src=src_name, dst=dst_name)
    else:
        r.step("movement.adjacent", "wotr-army-move-adjacency", src=src_name, dst=dst_name)

    enemy = other_side(side)
    if src != dst and board.are_adjacent(src, dst) and not listed(position, dst):
        name_default(r, f"position.regions.{dst}", "movement.default_region", "wotr-army-move-free-region",
                     region=dst_name)
    if src != dst:
        if board.besieged_by(position, dst) == side:
            r.step("movement.free_besieged_by_mover", "wotr-army-move-free-region", region=dst_name)
        elif board.has_army(position, dst, enemy):
            r.refuse("enemy-army", "wotr-army-move-free-region", "movement.refuse_enemy_army",
                     "movement.reason_enemy_army", region=dst_name)
        else:
            enemy_figs = position.army(dst, enemy)
            if not enemy_figs.is_empty:
                r.step("movement.enemy_characters_no_army", "wotr-army-move-free-region", region=dst_name)
            else:
                r.step("movement.free", "wotr-army-move-free-region", region=dst_name)

    # Nations not At War: units and leaders stay inside their own borders (or no-nation lands).
    owner = board.nation_of(dst)
    for nation, u in moving.nations.items():
        if not (u.count or u.leader):
            continue
        crosses = board.crosses_into_other_nation(nation, dst)
        pol = political_default(r, position, nation) if crosses else position.political(nation)
        if pol.at_war:
            continue
        nation_name = names.nation_name(nation, lang)
        if crosses:
            assert owner is not None  # crossing into another nation: dst lies inside its borders
            r.refuse("non-belligerent", "wotr-army-non-belligerent", "movement.refuse_non_belligerent",
                     "movement.reason_non_belligerent", nation=nation_name,
                     region=dst_name, owner=names.nation_name(owner, lang))
        else:
            r.step("movement.non_belligerent_ok", "wotr-army-non-belligerent", nation=nation_name,
                   region=dst_name)
    left_behind_not_at_war(position, r, present, moving, src_name, dst, dst_name)
    must_leave(position, r, src, dst, moving)   # figures that crossed in while not At War

    die_checks(position, r, moving, die, side, mouth_used)

    if r.refusals:
        return r.decide_refused(ARMY_MOVE_REFUSALS, "movement.answer_no", allowed=False, side=side_value(side))

    # Capture of an undefended enemy settlement; merging and the stacking limit.
    captured = (board.enemy_settlement(position, dst, side) and not board.has_army(position, dst, enemy))
    if captured:
        r.step("movement.captures", "wotr-army-capture-settlement", region=dst_name)
    if owner is not None and data.nations()[owner]["side"] == enemy and not position.political(owner).active:
        r.step("movement.activates", "wotr-politics-activation-enemy-army", nation=names.nation_name(owner, lang))
    if (captured and owner is not None and board.info(dst)["side"] == enemy
            and not position.at_war(owner)):
        # A settlement of an enemy nation (not one of ours retaken) moves its marker a step.
        r.step("movement.capture_politics", "wotr-politics-advance-captured",
               nation=names.nation_name(owner, lang))
    if board.besieged_by(position, src) == side and moving.units == present.units:
        r.step("movement.lifts_siege", "wotr-siege-lift", region=src_name)
    already = position.army(dst, side)
    total = already.units + moving.units
    if already.is_army:
        r.step("movement.merges", "wotr-army-split", units=already.units, region=dst_name)
    excess = max(0, total - board.STACKING_LIMIT)
    if excess:
        r.step("movement.stacking_excess", "wotr-army-stacking", total=total, limit=board.STACKING_LIMIT,
               excess=excess)
    else:
        r.step("movement.stacking_ok", "wotr-army-stacking", total=total, limit=board.STACKING_LIMIT)
    key = "movement.answer_yes_excess" if excess else "movement.answer_yes"
    return r.decide(key, {"src": src_name, "dst": dst_name, "excess": excess}, allowed=True, excess=excess,
                    side=side_value(side), captured=captured)


# -- character-move --------------------------------------------------------------------------
def read_character(q) -> str | list[str] | None:
    """One character (a name or ``nazgul``), or a list: one item is that character; several
    Companions are a group moving together to one destination."""
    value = q.get("character")
    if value is None:
        q.error("character", "core.err_required")
        return None
    if isinstance(value, str):   # "Legolas, Gimli": the one way a text gives a list of names
        parts = names.split_names(value, names.characters())
        value = parts if len(parts) > 1 else value
    if isinstance(value, list) and len(value) == 1:
        value = value[0]
    if isinstance(value, list) and value:
        group = [check_name(v, names.characters(), "character", q.at("character") + [i], q.problems)
                 for i, v in enumerate(value)]
        for i, cid in enumerate(group):
            if cid and data.characters()[cid]["kind"] != "companion":
                q.problems.add(q.at("character") + [i], "movement.err_group_companions_only", value=value[i])
        return [c for c in dict.fromkeys(group) if c]
    if isinstance(value, str) and names.normalize(value) in NAZGUL_WORDS:
        return "nazgul"
    return check_name(value, names.characters(), "character", q.at("character"), q.problems)


def unlisted_strongholds(position: Position, r, regions: list[str], label: str) -> None:
    """The strongholds a character's move reads (its route, its destination) that the
    position does not list: their control and siege are the defaults, named."""
    missing = [x for x in dict.fromkeys(regions) if board.is_stronghold(x) and not listed(position, x)]
    if missing:
        name_defaults(r, [f"position.regions.{x}" for x in missing], "movement.default_strongholds", label,
                      regions=", ".join(names.region_name(x, r.lang) for x in missing))


def where_listed(position: Position, cid: str) -> list[str]:
    return [rid for rid, st in position.regions.items()
            if cid in st.free_peoples.characters or cid in st.shadow.characters]


@question(CHARACTER_MOVE)
def character_move(position, q, r):
    """A Companion, Minion, the Witch-king or a Nazgûl moved with a Character action.

    The figure must stand in ``from``. If the position places it somewhere else (or lists
    ``from`` without it) the question contradicts the position: a problem at
    ``question.from``. If the position says nothing about it, the ruling needs that fact
    (``needs-info`` with its path). A Companion still in a Fellowship the position gives
    must separate first (a refusal). Level 0 never moves, wherever the figure is.
    """
    cid = read_character(q)
    src, dst = q.param("from"), q.param("to")
    q.ready()
    assert cid is not None  # q.ready() vouches for it: read_character reported why it had none
    lang = r.lang
    chars = data.characters()
    src_name, dst_name = names.region_name(src, lang), names.region_name(dst, lang)
    group: list[str] = []
    if isinstance(cid, list):
        # A group of Companions goes as far as its highest level (all must stand in `from`).
        group = cid
        here_chars = position.army(src, "free_peoples").characters
        absent = [c for c in group if c not in here_chars]
        if len(group) > 1 and absent and listed(position, src):
            for c in absent:
                q.problems.add(q.at("character") + [group.index(c)], "movement.err_character_absent",
                               value=names.character_name(c, lang), region=src_name)
            q.ready()
        cid = max(group, key=lambda c: chars[c]["level"] or 0)
        if len(group) > 1:
            r.step("movement.group_level", "wotr-character-companion-group",
                   who=", ".join(names.character_name(c, lang) for c in group),
                   level=chars[cid]["level"], leader=names.character_name(cid, lang))
    if cid == "nazgul":
        side, level, who = "shadow", None, r.t("movement.a_nazgul")
    else:
        side, level, who = chars[cid]["side"], chars[cid]["level"], names.character_name(cid, lang)
    if gandalf_white_level_four(group or [cid]):
        level = GANDALF_WHITE_MOVE_LEVEL
        r.step("movement.gandalf_white_level", "wotr-char-gandalf-white-level", level=level)
    elif "gandalf-the-white" in group:   # his card's Level 4 is for alone or one Hobbit only
        r.step("movement.gandalf_white_company", "wotr-char-gandalf-white-level",
               level=chars["gandalf-the-white"]["level"])
    yes_key, no_key = "movement.answer_char_yes", "movement.answer_char_no"
    if len(group) > 1:
        yes_key, no_key = "movement.answer_group_yes", "movement.answer_group_no"
        who = r.t("movement.and_join", first=", ".join(names.character_name(c, lang) for c in group[:-1]),
                  last=names.character_name(group[-1], lang))

    # Level 0 never moves: Saruman stays in Orthanc, Gollum goes only with the Ring-bearers.
    if cid == "saruman":
        r.step("movement.saruman", "wotr-character-saruman")
        r.step("movement.saruman_card", "wotr-char-saruman")
        r.unused(("from", "to"), "movement.unused_never_moves", "wotr-character-saruman", who=who)
        return r.decide(no_key, {"who": who, "reason": r.t("movement.reason_saruman")},
                        allowed=False, max_distance=0)
    if level == 0:
        r.step("movement.level_zero", "wotr-character-level-zero", who=who)
        r.unused(("from", "to"), "movement.unused_never_moves", "wotr-character-level-zero", who=who)
        return r.decide(no_key, {"who": who, "reason": r.t("movement.reason_char_level_zero")},
                        allowed=False, max_distance=0)

    # The figure must stand in `from`.
    here = position.army(src, side)
    present = here.nazgul > 0 if cid == "nazgul" else cid in here.characters
    max_distance = None if (cid == "nazgul" or cid == "witch-king") else level
    if not present:
        if cid != "nazgul" and "fellowship" in position.given and cid in position.fellowship.companions:
            if "companions" not in position.fellowship.given:
                name_default(r, "position.fellowship.companions", "movement.default_companions",
                             "wotr-fellowship-separate", who=who)
            r.step("movement.character_move_map_only", "wotr-character-move")
            r.step("movement.in_fellowship", "wotr-fellowship-separate", who=who)
            r.unused(("from", "to"), "movement.unused_in_fellowship", "wotr-fellowship-separate", who=who)
            if "companions" in position.fellowship.given:
                r.unused("position.fellowship.companions", "movement.unused_other_companions",
                         "wotr-fellowship-separate", who=who)
            return r.decide(no_key, {"who": who, "reason": r.t("movement.reason_in_fellowship")},
                            allowed=False, max_distance=max_distance)
        elsewhere = where_listed(position, cid) if cid != "nazgul" else []
        if elsewhere:
            q.problems.add(q.at("from"), "movement.err_character_elsewhere", value=who,
                           region=src_name, where=", ".join(names.region_name(x, lang) for x in elsewhere))
            q.ready()
        if listed(position, src):
            q.problems.add(q.at("from"), "movement.err_character_absent", value=who, region=src_name)
            q.ready()
        what = "nazgul" if cid == "nazgul" else "characters"
        return r.needs_info([region_path(src, lang, side, what)], "movement.needs_character",
                            {"who": who, "region": src_name})

    if "fellowship" in position.given and "companions" in position.fellowship.given:
        r.unused("position.fellowship.companions", "movement.unused_companions_on_map", "wotr-character-move",
                 who=who, region=src_name)
    if src == dst:
        r.step("movement.char_same_region", "wotr-character-move", region=src_name)
        return r.decide(no_key, {"who": who, "reason": r.t("movement.reason_char_same_region")},
                        allowed=False, max_distance=max_distance)

    enemy = other_side(side)

    # Read once, not per region a path search visits: where this side is besieged.
    besieged_here = {rid for rid, state in position.regions.items() if state.besieged == side}

    def besieged_friendly(region: str) -> bool:
        """A stronghold where this side's army is besieged: no Companion or Mouth goes in or out."""
        return region in besieged_here

    def enemy_stronghold_unbesieged(region: str) -> bool:
        return (board.is_stronghold(region) and position.controller(region) == enemy
                and board.besieged_by(position, region) != side)

    if cid in ("nazgul", "witch-king"):
        if cid == "witch-king":
            r.step("movement.witch_king_nazgul", "wotr-char-witch-king", who=who)
        r.step("movement.nazgul_unlimited", "wotr-character-nazgul", who=who)
        if board.is_stronghold(dst):
            unlisted_strongholds(position, r, [dst], "wotr-character-nazgul-stronghold")
        if side == "shadow" and enemy_stronghold_unbesieged(dst):
            r.step("movement.nazgul_stronghold", "wotr-character-nazgul-stronghold", who=who, region=dst_name)
            return r.decide(no_key,
                            {"who": who, "reason": r.t("movement.reason_enemy_stronghold", region=dst_name)},
                            allowed=False, max_distance=None)
        if board.is_stronghold(dst) and position.controller(dst) == enemy:
            r.step("movement.nazgul_stronghold_besieged", "wotr-character-nazgul-stronghold", region=dst_name)
        elif board.is_stronghold(dst) and side == "shadow":
            r.step("movement.nazgul_stronghold_own", "wotr-character-nazgul-stronghold", region=dst_name)
        return r.decide(yes_key, {"who": who, "src": src_name, "dst": dst_name},
                        allowed=True, max_distance=None, distance=board.distances(src)[dst])

    assert level is not None  # only the Nazgul and the Witch-king have no Level, and they are done above
    kind = chars[cid]["kind"]
    is_mouth = cid == "mouth-of-sauron"
    label = "wotr-character-mouth-of-sauron" if is_mouth else "wotr-character-companion-move"
    if kind == "companion" and len(group) > 1:
        pass   # the group's level was explained above
    elif kind == "companion" and level == chars[cid]["level"]:
        r.step("movement.companion_level", label, who=who, level=level)
    else:
        r.step("movement.mouth_level", label, who=who, level=level)

    # The Mouth of Sauron has a rule of his own for besieged strongholds.
    besieged_label = label if is_mouth else "wotr-character-companion-strongholds"
    if besieged_friendly(src):
        r.step("movement.cannot_leave_besieged", besieged_label, who=who, region=src_name)
        r.unused("to", "movement.unused_to_cannot_leave", besieged_label, who=who)
        return r.decide(no_key, {"who": who, "reason": r.t("movement.reason_leave_besieged",
                                                                                region=src_name)},
                        allowed=False, max_distance=level)
    if besieged_friendly(dst):
        r.step("movement.cannot_enter_besieged", besieged_label, who=who, region=dst_name)
        return r.decide(no_key, {"who": who, "reason": r.t("movement.reason_enter_besieged",
                                                                                region=dst_name)},
                        allowed=False, max_distance=level)
    if is_mouth and enemy_stronghold_unbesieged(dst):
        r.step("movement.nazgul_stronghold", "wotr-character-nazgul-stronghold", who=who, region=dst_name)
        return r.decide(no_key,
                        {"who": who, "reason": r.t("movement.reason_enemy_stronghold", region=dst_name)},
                        allowed=False, max_distance=level)

    # Official 2nd edition: a besieged stronghold stays controlled by the side inside, so a
    # Shadow stronghold besieged by the Free Peoples still stops a Companion. (A set, read
    # once: the path searches ask about every region they visit.)
    enemy_strongholds = {x for x in board.strongholds() if position.controller(x) == enemy}

    # Paths: enemy armies do not block; a besieged friendly stronghold cannot be crossed;
    # a Companion stops on entering a region with a Stronghold the Shadow controls.
    enter = lambda reg: reg not in besieged_here  # noqa: E731
    stop = (lambda reg: reg not in enemy_strongholds) if kind == "companion" else (lambda reg: True)
    # Search only as far as the character may go; search on only to say how far it was.
    reach = board.distances(src, enter=enter, pass_through=stop, limit=level)
    r.mark("reachable", *reach)
    r.mark("from", src)
    r.mark("to", dst)
    d = reach.get(dst)
    if d is None:
        d = board.distances(src, enter=enter, pass_through=stop).get(dst)
    plain = board.distances(src).get(dst)
    route = board.shortest_path(src, dst, enter=enter, pass_through=stop) or []
    # Both the way taken and the plain shortest way read strongholds (a detour is caused by one).
    unlisted_strongholds(position, r, [x for x in route + (board.shortest_path(src, dst) or []) if x != src], label)
    if d is not None and d != plain:
        r.step("movement.detour", "wotr-character-companion-strongholds", plain=plain, legal=d)
    if d is None or d > level:
        if d is None:
            r.step("movement.unreachable", label, who=who, region=dst_name)
        else:
            r.step("movement.too_far", label, who=who, distance=d, level=level, region=dst_name)
        return r.decide(no_key,
                        {"who": who, "reason": r.t("movement.reason_too_far", distance=d if d is not None else "∞",
                                                   level=level)},
                        allowed=False, max_distance=level, distance=d)
    path = route
    r.mark("path", *path[1:-1])
    r.step("movement.route", label, route=" → ".join(names.region_name(x, lang) for x in path), distance=d,
           level=level)
    if kind == "companion" and dst in enemy_strongholds:
        r.step("movement.stops_enemy_stronghold", "wotr-character-companion-strongholds", who=who, region=dst_name)
    return r.decide(yes_key, {"who": who, "src": src_name, "dst": dst_name},
                    allowed=True, max_distance=level, distance=d)
