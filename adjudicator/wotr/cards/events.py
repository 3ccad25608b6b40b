"""War of the Ring: ``event-card``, "can I play this card now, and what does it do here?"
(docs/cards/index.md; the cards' facts in data/event_cards.json, our own words).

A card is played with an action die whose result shows the card's icon, or an Event result
(any card), an Army/Muster result (an Army or Muster card) or, for the Free Peoples, a Will
of the West (any result). Its condition must hold in full, or it cannot be played; once
played it does what it says, even against the rules, as far as it can. The condition is
read by :mod:`adjudicator.wotr.cards.conditions`, the effect worked out by
:mod:`adjudicator.wotr.cards.effects`.
"""
from __future__ import annotations

from adjudicator import data, names, wording
from adjudicator.registry import question
from adjudicator.ruling import Precedence
from adjudicator.spec import SIDE_LABELS, Key, KindSpec, Param, T, allowed_key, side_param
from adjudicator.wotr.cards import catalogue
from adjudicator.wotr.cards.conditions import SIDE, Reader
from adjudicator.wotr.cards.effects import UNMODELLED, Effects, qualifying
from adjudicator.wotr.cards.words import words
from adjudicator.wotr.characters import mouth_in_play
from adjudicator.wotr.dice import FACE_ALIASES, FACE_LABELS, SIDE_FACES
from adjudicator.wotr.fellowship import ACTION_PHASE, join_names, lean_on_guide, phase_step

GAME = "war-of-the-ring"
DICE = ("event", "character", "army", "muster", "army-muster", "will-of-the-west")

EVENT_CARD = KindSpec(
    GAME, "event-card", T("Can I play this Event card now, and what does it do here?",
                          "¿Puedo jugar ahora esta carta de Evento, y qué hace aquí?"),
    "cards/index",
    params=(
        Param("card", "event-card", T("Card", "Carta"), required=True, reader="read_card",
              help=T("Its name in English or Spanish, or its id (fp-char-09).",
                     "Su nombre en español o en inglés, o su identificador (fp-char-09).")),
        Param("die", "choice", T("Action die result (optional)", "Resultado del dado de Acción (opcional)"),
              choices=DICE, choice_labels={k: FACE_LABELS[k] for k in DICE}, aliases=FACE_ALIASES,
              help=T("Without it, the answer is about the card's condition alone.",
                     "Sin él, la respuesta trata solo del requisito de la carta.")),
        side_param(T("Side playing it (optional)", "Bando que la juega (opcional)"),
                   default_text=T("the card's own side", "el bando de la carta")),
    ),
    verdict=(
        Key("card", "id", T("Card", "Carta"), contract=True),
        allowed_key(contract=True),
        Key("play_with", "texts", T("Die results that play it", "Resultados de dado que la juegan"), contract=True,
            choice_labels={k: FACE_LABELS[k] for k in (*DICE, "muster")}),
        Key("play_if", "bool", T("Its condition holds", "Se cumple su requisito"), always=False, contract=True,
            when=T("when the card has a condition to play it", "cuando la carta tiene un requisito para jugarla")),
        Key("on_table", "bool", T("Stays on the table", "Se queda en la mesa"), contract=True),
        Key("effect", "mapping", T("What it does here", "Qué hace aquí"), contract=True),
    ),
    position=("regions", "politics", "fellowship.region", "fellowship.progress", "fellowship.hidden",
              "fellowship.corruption", "fellowship.guide", "fellowship.companions", "fellowship.mordor",
              "hunt.pool", "reinforcements", "turn.phase"),
    rules=("wotr-cards-die-icon", "wotr-cards-army-muster", "wotr-cards-will-of-the-west", "wotr-cards-condition",
           "wotr-cards-table", "wotr-cards-contradict", "wotr-cards-gandalf-draw", "wotr-cards-own-deck",
           "wotr-hand-limit"),
    words=words(),
)
REFUSALS = Precedence("side", "phase", "face", "die", "condition")
DECKS = {("free-peoples", "character"): "fp-character", ("free-peoples", "strategy"): "fp-strategy",
         ("shadow", "character"): "shadow-character", ("shadow", "strategy"): "shadow-strategy"}


def read_card(q) -> str | None:
    """``card``: an Event card by id, English name or our Spanish name; "did you mean" else."""
    raw = q.get("card")
    if raw is None:
        q.error("card", "core.err_required")
        return None
    if not isinstance(raw, str):
        q.error("card", "core.err_type_text")
        return None
    found = catalogue.find_card(raw)
    if found:
        return found
    close = catalogue.suggestions(raw) if q.problems.may_suggest() else None
    if close:
        q.error("card", "cards.err_unknown_card_suggest", value=raw, suggestions=close)
    else:
        q.error("card", "cards.err_unknown_card", value=raw)
    return None


def play_with(position, card: dict, owner: str) -> list[str]:
    """The die results that can play the card: its icon, the Event result, the Army/Muster
    result for a Strategy card, Will of the West for the Free Peoples, and a Muster result
    for a Shadow Army card while the Mouth of Sauron is in play (once a turn)."""
    icon = card["play_with"]
    faces = {icon, "event"}
    if icon in ("army", "muster"):
        faces.add("army-muster")
    if owner == "free_peoples":
        faces.add("will-of-the-west")
    elif icon == "army" and mouth_in_play(position):
        faces.add("muster")
    return sorted(f for f in faces if f in SIDE_FACES[owner])


def face_words(faces: list[str], r) -> str:
    return join_names([FACE_LABELS[f].get(r.lang) for f in faces], r)


def _die_steps(position, r, card: dict, owner: str, die: str | None, faces: list[str], name: str) -> None:
    icon = card["play_with"]
    if die is None:
        r.step("cards.step_play_with", "wotr-cards-die-icon", name=name, faces=face_words(faces, r))
        if owner == "free_peoples":
            r.step("cards.step_will_any", "wotr-cards-will-of-the-west")
        return
    die_word = FACE_LABELS[die].get(r.lang)
    if die not in SIDE_FACES[owner]:
        r.refuse("face", "wotr-cards-will-of-the-west", "cards.refuse_face", "cards.reason_face", die=die_word)
    elif die not in faces:
        r.refuse("die", "wotr-cards-die-icon", "cards.refuse_die", "cards.reason_die", die=die_word,
                 faces=face_words(faces, r))
    elif die == "event":
        r.step("cards.step_event_die", "wotr-cards-die-icon", decides=True)
    elif die == "will-of-the-west":
        r.step("cards.step_will_die", "wotr-cards-will-of-the-west", decides=True)
    elif die == "army-muster":
        r.step("cards.step_army_muster_die", "wotr-cards-army-muster", decides=True)
    elif die == icon:
        r.step("cards.step_icon_die", "wotr-cards-die-icon", decides=True, die=die_word)
    else:
        r.step("cards.step_mouth_muster", "wotr-char-mouth-muster", decides=True,
               mouth=names.character_name("mouth-of-sauron", r.lang))


def _gandalf_draw(position, r, owner: str, die: str | None, deck: str) -> None:
    """Gandalf the Grey as Guide: after an Event played with an Event die, the Free Peoples may
    draw a card of the same deck."""
    if owner != "free_peoples" or die not in (None, "event"):
        return
    lean_on_guide(position, r)
    if position.fellowship.guide != "gandalf-the-grey":
        return
    deck_word = r.t("cards.word_deck_" + deck.replace("-", "_"))
    r.step("cards.step_gandalf_draw" if die == "event" else "cards.step_gandalf_draw_if_event",
           "wotr-cards-gandalf-draw", what=deck_word)


def _effect_steps(r, card: dict, effect: dict, effects: Effects, reader: Reader) -> None:
    types = _types(effect)
    if "recruit" in types:
        r.step("cards.step_recruit_rules", "wotr-cards-contradict")
    if "draw-cards" in types:
        r.step("cards.step_draw_hand_limit", "wotr-hand-limit")
    r.step("cards.step_effect", f"wotr-card-{card['id']}", what=_effect_words(effect, r))
    if effects.unmodelled:
        r.step("cards.step_unmodelled", "wotr-cards-contradict",
               what=join_names([r.t("cards.need_" + t.replace("-", "_")) for t in effects.unmodelled], r))
    if reader.disputed:
        r.step("cards.step_disputed", f"wotr-card-{card['id']}",
               regions=join_names([names.region_name(x, r.lang) for x in reader.disputed], r))


def _types(node) -> list[str]:
    out: list[str] = []
    if isinstance(node, dict):
        if "type" in node:
            out.append(node["type"])
        for v in node.values():
            out += _types(v)
    elif isinstance(node, list):
        for v in node:
            out += _types(v)
    return out


def _effect_words(effect: dict, r) -> str:
    """The effect worked out here, in a sentence or two (the verdict's ``effect`` has it all)."""
    parts: list[str] = []
    _words(effect, r, parts)
    return "; ".join(dict.fromkeys(parts)) if parts else r.t("cards.effect_as_printed")


def _words(node: dict, r, parts: list[str]) -> None:   # noqa: C901 (one branch per effect type)
    t = node.get("type")
    lang = r.lang
    regions = lambda ids: join_names([names.region_name(x, lang) for x in ids], r) or r.t("cards.word_none")  # noqa: E731
    if t in ("sequence", "all"):
        for n in node.get("steps") or node.get("effects") or []:
            _words(n, r, parts)
    elif t == "if":
        if node.get("applies") == "then":
            _words(node["then"], r, parts)
        elif node.get("applies") == "else":
            _words(node["else"], r, parts)
        elif node.get("condition") is None:
            parts.append(r.t("cards.effect_if_unknown"))
    elif t == "choose-one":
        for n in node["options"]:
            _words(n, r, parts)
    elif t == "recruit":
        for place in node["placements"]:
            parts.append(r.t("cards.effect_recruit", regions=regions(place["regions"])))
    elif t == "corruption" and node.get("corruption") is not None:
        parts.append(r.t("cards.effect_corruption", corruption=node["corruption"]))
    elif t == "corruption-roll" and node.get("hit_on") is not None:
        parts.append(r.t("cards.effect_corruption_roll", dice=node["dice"], hit_on=node["hit_on"]))
    elif t == "separate-companions":
        if node.get("removed"):
            parts.append(r.t("cards.effect_separate_removed"))
        elif node["companions"]:
            most = max(node["companions"].values())
            parts.append(r.t("cards.effect_separate", n=most))
    elif t == "politics-advance":
        for n, m in node["nations"].items():
            parts.append(r.t("cards.effect_politics", nation=names.nation_name(n, lang), steps=m["steps_after"]))
    elif t == "nation-to-war":
        parts.append(r.t("cards.effect_to_war", nation=names.nation_name(node["nation"], lang)))
    elif t in ("dice-hits", "army-hits", "force-retreat"):
        targets = node["targets"]
        parts.append(r.t("cards.effect_targets", regions=regions(list(targets))))
    elif t == "move-armies":
        parts.append(r.t("cards.effect_move_armies", regions=regions(node["armies"])))
    elif t == "hunt-tile-add":
        parts.append(r.t("cards.effect_tile_now" if node["enters_pool_now"] else "cards.effect_tile_later"))
    elif t == "hunt-tile-draw" and "p_no_effect" in node:
        parts.append(r.t("cards.effect_tile_draw", pct=r.percent(node["p_no_effect"])))
    elif t == "hunt-pool-purge-eyes":
        parts.append(r.t("cards.effect_all_eyes", pct=r.percent(node["p_all_eyes"])))
    elif t in ("fellowship-hide", "fellowship-reveal") and not node["applies"]:
        parts.append(r.t("cards.effect_hide_no" if t == "fellowship-hide" else "cards.effect_reveal_no"))


@question(EVENT_CARD)
def event_card(position, q, r):   # noqa: C901 (the card, the side, the die, the condition, the effect)
    """Whether the card may be played now (the die, the side, its condition) and what it does."""
    card_id = read_card(q)
    die = q.param("die")
    side = q.param("side")
    q.ready()
    assert card_id is not None   # q.ready() raised otherwise
    card = catalogue.card(card_id)
    owner = SIDE[card["side"]]
    lang = r.lang
    name = catalogue.card_name(card_id, lang)
    deck = DECKS[(card["side"], card["deck"])]
    r.step("cards.step_card", f"wotr-card-{card_id}", name=name, deck=r.t("cards.word_deck_" + deck.replace("-", "_")),
           face=FACE_LABELS[card["play_with"]].get(lang))
    if side is not None and side != owner:
        r.refuse("side", "wotr-cards-own-deck", "cards.refuse_side", "cards.reason_side",
                 side=SIDE_LABELS[side.replace("_", "-")].get(lang), owner=SIDE_LABELS[card["side"]].get(lang))
    elif side is None:
        r.default("question.side", "cards.default_side", "wotr-cards-own-deck",
                  owner=SIDE_LABELS[card["side"]].get(lang))
    if position.phase is not None and position.phase != ACTION_PHASE:
        r.refuse("phase", "wotr-cards-die-icon", "fellowship.phase_action_wrong", "cards.reason_phase",
                 phase=position.phase)
    else:
        phase_step(position, r, "wotr-cards-die-icon", ACTION_PHASE)
    faces = play_with(position, card, owner)
    _die_steps(position, r, card, owner, die, faces, name)

    event = card["event"]
    reader = Reader(position, card["side"], r)
    verdict: dict = {"card": card_id, "play_with": faces, "on_table": bool(event["on_table"])}
    if event["play_if"] is not None:
        holds = reader.holds(event["play_if"])
        if holds is None and not r.refusals:
            return r.needs_info(reader.missing, "cards.needs_info_condition", {"name": name})
        if holds is False:
            r.refuse("condition", "wotr-cards-condition", "cards.refuse_condition", "cards.reason_condition",
                     name=name)
        elif holds:
            r.step("cards.step_condition_met", "wotr-cards-condition", decides=True)
        if holds is not None:
            verdict["play_if"] = holds
    if event["on_table"]:
        r.step("cards.step_on_table", "wotr-cards-table")
    effects = Effects(reader)
    qualifying(reader, card)
    before = len(reader.missing)
    effect = effects.work_out(event["effect"])
    unknown = reader.missing[before:]
    if unknown:
        # The card may be played; part of what it does turns on a fact the position does not give.
        effect["needs"] = unknown
        r.step("cards.step_effect_needs", f"wotr-card-{card_id}",
               missing=wording.describe_all(unknown, lang, EVENT_CARD))
    verdict["effect"] = effect
    if r.refusals:
        _effect_steps(r, card, effect, effects, reader)
        return r.decide_refused(REFUSALS, "cards.answer_no", {"name": name}, allowed=False, **verdict)
    _gandalf_draw(position, r, owner, die, card["deck"])
    _effect_steps(r, card, effect, effects, reader)
    if die is None:
        return r.decide("cards.answer_yes_faces", {"name": name, "faces": face_words(faces, r)},
                        allowed=True, **verdict)
    return r.decide("cards.answer_yes", {"name": name, "die": FACE_LABELS[die].get(lang)}, allowed=True, **verdict)


def condition_types() -> list[str]:
    """Every condition type the card data declares (the tests ask each one)."""
    return list(data.load("event_cards")["_schema"]["condition_types"])


def unmodelled_types() -> list[str]:
    return list(UNMODELLED)
