"""War of the Ring: winning the game (seed 000 'Ganar el juego'; 'El Anillo Único').

Kind: ``victory``. Ring victories (12 Corruption; the Ring-bearers on the last step of the
Mordor Track, the Crack of Doom) are checked at any moment and come first; military
victories (Shadow 10 victory points, Free Peoples 4) only in the victory-check phase at the
end of the turn. Victory points come from the position: each City (1) or Stronghold (2) of
one side controlled by the other side; Towns and fortifications give none.
"""
from __future__ import annotations

from adjudicator import data, names
from adjudicator.registry import question
from adjudicator.spec import SIDE_LABELS, Key, KindSpec, Param, T
from adjudicator.wotr.model import CORRUPTION_MAX, MORDOR_TRACK_LAST

GAME = "war-of-the-ring"
SHADOW_MILITARY_VP = 10
FREE_PEOPLES_MILITARY_VP = 4
WINNERS = ("free-peoples", "shadow")

VICTORY = KindSpec(
    GAME, "victory", T("Has anyone won?", "¿Ha ganado alguien?"), "board/victory",
    params=(
        Param("when", "choice", T("When", "Cuándo"), choices=("now", "end-of-turn"), default="end-of-turn",
              choice_labels={"now": T("Now", "Ahora"),
                             "end-of-turn": T("At the end of the turn", "Al final del turno")},
              aliases={"ahora": "now", "fin-de-turno": "end-of-turn", "final-del-turno": "end-of-turn",
                       "end": "end-of-turn"}),
    ),
    verdict=(
        Key("winner", "choice", T("Winner", "Ganador"), choices=WINNERS, choice_labels=SIDE_LABELS, nullable=True,
            null_means=T("nobody yet", "nadie todavía"), contract=True),
        Key("reason", "choice", T("Reason", "Motivo"), choices=("ring", "military"), nullable=True,
            choice_labels={"ring": T("The Ring", "El Anillo"), "military": T("Military victory", "Victoria militar")},
            null_means=T("nobody has won", "nadie ha ganado"), contract=True),
        Key("free_peoples_vp", "count", T("Free Peoples victory points", "Puntos de victoria de los Pueblos Libres"),
            contract=True),
        Key("shadow_vp", "count", T("Shadow victory points", "Puntos de victoria de la Sombra"), contract=True),
        Key("military_at_end_of_turn", "choice", T("Military victory at the end of the turn",
                                                   "Victoria militar al final del turno"),
            choices=WINNERS, choice_labels=SIDE_LABELS, always=False, nullable=True,
            when=T("with when: now", "con when: now")),
    ),
    position=("regions", "fellowship.corruption", "fellowship.mordor"),
    rules=("wotr-victory", "wotr-victory-ring-shadow", "wotr-victory-ring-free-peoples",
           "wotr-victory-military-shadow", "wotr-victory-military-free-peoples", "wotr-victory-points",
           "wotr-victory-precedence", "wotr-turn-phase-victory"),
)


def victory_points(position) -> dict[str, tuple[int, list[str]]]:
    """Each side's victory points and the settlements that give them (captured from the other side)."""
    out: dict[str, tuple[int, list[str]]] = {"free_peoples": (0, []), "shadow": (0, [])}
    for rid, info in data.regions().items():
        if not info.get("vp") or info["side"] is None:
            continue
        if position.is_captured(rid):
            holder = position.controller(rid)
            vp, where = out[holder]
            out[holder] = (vp + info["vp"], where + [rid])
    return out


def _places(ids: list[str], lang: str) -> str:
    return ", ".join(names.region_name(i, lang) for i in ids) or "-"


@question(VICTORY)
def victory(position, q, r):
    """Who has won. The victory conditions are numbered in the official rules (Winning the
    Game): 1 Corruption, 2 the Crack of Doom, 3 the Shadow's military victory, 4 the Free
    Peoples'; when two are met at once the lower number takes precedence."""
    when = q.param("when")
    q.ready()
    lang = r.lang
    fel = position.fellowship
    vps = victory_points(position)
    fp_vp, fp_where = vps["free_peoples"]
    sh_vp, sh_where = vps["shadow"]
    verdict = {"free_peoples_vp": fp_vp, "shadow_vp": sh_vp}

    # Ring victories: at any moment, before any military victory.
    if fel.corruption >= CORRUPTION_MAX:
        r.step("victory.ring_corruption", "wotr-victory-ring-shadow", corruption=fel.corruption)
        r.step("victory.ring_first", "wotr-victory-precedence")
        if "mordor" in fel.given:
            r.unused("position.fellowship.mordor", "victory.mordor_irrelevant", "wotr-victory-precedence")
        r.unused("when", "victory.when_irrelevant", "wotr-victory-precedence")
        return r.decide("victory.answer_ring_shadow", {}, winner="shadow", reason="ring", **verdict)
    if "corruption" not in fel.given:
        r.default("position.fellowship.corruption", "victory.default_corruption", "wotr-victory-ring-shadow")
    if fel.mordor == MORDOR_TRACK_LAST:
        r.step("victory.ring_doom", "wotr-victory-ring-free-peoples", corruption=fel.corruption)
        r.step("victory.ring_first", "wotr-victory-precedence")
        r.unused("when", "victory.when_irrelevant", "wotr-victory-precedence")
        return r.decide("victory.answer_ring_free_peoples", {}, winner="free-peoples", reason="ring", **verdict)
    if "mordor" not in fel.given:
        r.default("position.fellowship.mordor", "victory.default_mordor", "wotr-victory-ring-free-peoples")
    r.step("victory.ring_none", "wotr-victory", corruption=fel.corruption)

    r.default("position.regions", "victory.default_regions", "wotr-victory-points")
    r.step("victory.points", "wotr-victory-points", shadow_vp=sh_vp, shadow_where=_places(sh_where, lang),
           fp_vp=fp_vp, fp_where=_places(fp_where, lang))
    if not q.has("when"):
        r.default("question.when", "victory.default_when", "wotr-turn-phase-victory")
    if when == "now":
        r.step("victory.military_later", "wotr-turn-phase-victory")
        at_end = _military_steps(r, sh_vp, fp_vp, now=True)
        return r.decide("victory.answer_none_now", {"shadow_vp": sh_vp, "fp_vp": fp_vp},
                        winner=None, reason=None, **verdict, military_at_end_of_turn=at_end)
    r.step("victory.military_check", "wotr-turn-phase-victory")
    winner = _military_steps(r, sh_vp, fp_vp, now=False)
    if winner is None:
        return r.decide("victory.answer_none", {"shadow_vp": sh_vp, "fp_vp": fp_vp}, winner=None, reason=None,
                        **verdict)
    if winner == "shadow" and fp_vp >= FREE_PEOPLES_MILITARY_VP:
        return r.decide("victory.answer_military_both", {"vp": sh_vp, "fp_vp": fp_vp}, winner="shadow",
                        reason="military", by=["wotr-victory-military-shadow", "wotr-victory-precedence"], **verdict)
    if winner == "shadow":
        return r.decide("victory.answer_military_shadow", {"vp": sh_vp}, winner="shadow", reason="military",
                        **verdict)
    return r.decide("victory.answer_military_free_peoples", {"vp": fp_vp}, winner="free-peoples",
                    reason="military", **verdict)


def _military_steps(r, sh_vp: int, fp_vp: int, now: bool) -> str | None:
    """Each side's points against its own threshold, each step citing that side's condition,
    and who wins the military victory in phase 6 (``now``: who would, if the points hold)."""
    shadow_military = sh_vp >= SHADOW_MILITARY_VP
    fp_military = fp_vp >= FREE_PEOPLES_MILITARY_VP
    if shadow_military:
        r.step("victory.military_shadow_at_end" if now else "victory.military_shadow",
               "wotr-victory-military-shadow", vp=sh_vp)
        if fp_military:
            # Both thresholds at once: the Shadow's is condition 3, the Free Peoples' condition 4.
            r.step("victory.military_both", "wotr-victory-precedence", fp_vp=fp_vp)
        return "shadow"
    r.step("victory.military_short_shadow", "wotr-victory-military-shadow", vp=sh_vp)
    if fp_military:
        r.step("victory.military_free_peoples_at_end" if now else "victory.military_free_peoples",
               "wotr-victory-military-free-peoples", vp=fp_vp)
        return "free-peoples"
    r.step("victory.military_short_free_peoples", "wotr-victory-military-free-peoples", vp=fp_vp)
    return None
