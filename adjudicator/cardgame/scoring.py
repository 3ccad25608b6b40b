"""War of the Ring: The Card Game (official rules, Scoring and Victory): the score of each
side and the victory check.

Kind: ``victory-check``: each side's victory points from its scoring area (battlegrounds at
their printed value, paths at theirs for the Free Peoples only, corruption tokens for the
Shadow, unused Ring tokens at the end of the game), and whether the game ends after this
round and who wins, per scenario.

What our sources do not give is said, never guessed: a tie after the last round, how the duels'
own path-scoring rule and the Free Peoples' reusable Ring token score, and the last round of
The Fellowship of the Ring scenario (asked for as ``final_round``).
"""
from __future__ import annotations

from typing import Any

from adjudicator.cardgame.common import GAME, SIDE_KEBAB
from adjudicator.params import Fields, check_int
from adjudicator.registry import question
from adjudicator.spec import Key, KindSpec, Param, T

SCENARIOS = ("trilogy", "two-player-duel", "three-player-duel", "fellowship-of-the-ring")
SCENARIO_ALIASES = {"trilogia": "trilogy", "duelo-de-dos-jugadores": "two-player-duel",
                    "duelo-dos-jugadores": "two-player-duel", "two-player": "two-player-duel",
                    "duelo-de-tres-jugadores": "three-player-duel", "duelo-tres-jugadores": "three-player-duel",
                    "three-player": "three-player-duel", "la-comunidad-del-anillo": "fellowship-of-the-ring",
                    "the-fellowship-of-the-ring": "fellowship-of-the-ring", "comunidad-del-anillo":
                    "fellowship-of-the-ring"}
SCENARIO_LABELS = {"trilogy": T("Trilogy", "Trilogía"), "two-player-duel": T("Two-Player Duel",
                                                                             "Duelo de dos jugadores"),
                   "three-player-duel": T("Three-Player Duel", "Duelo de tres jugadores"),
                   "fellowship-of-the-ring": T("The Fellowship of the Ring", "La Comunidad del Anillo")}
LAST_ROUND = {"trilogy": 9, "two-player-duel": 9, "three-player-duel": 9}   # one round per path, 1 to 9
DUELS = ("two-player-duel", "three-player-duel")
SCENARIO_RULES = {"trilogy": "wotrcg-scenario-trilogy", "two-player-duel": "wotrcg-scenario-two-player-duel",
                  "three-player-duel": "wotrcg-scenario-three-player-duel",
                  "fellowship-of-the-ring": "wotrcg-scenario-fellowship"}
LEAD_TO_WIN = 10          # the lead that ends the game at once (see the docs' note on its source)
MAX_VP = 99
SIDE_HELP = T("{battlegrounds: [...], paths: [...], corruption: N, ring_tokens: N}; a location is "
              "{name, vp} or its victory points.",
              "{battlegrounds: [...], paths: [...], corruption: N, ring_tokens: N}; un lugar es "
              "{name, vp} o sus puntos de victoria.")

VICTORY_CHECK = KindSpec(
    GAME, "victory-check", T("Who is winning, and does the game end now?",
                             "¿Quién va ganando, y termina ya la partida?"),
    "cardgame/scoring",
    help=T("Give each side's scoring area and the round whose Combat step just ended.",
           "Da la zona de puntuación de cada bando y la ronda cuyo paso de Combate acaba de terminar."),
    params=(
        Param("scenario", "choice", T("Scenario", "Escenario"), choices=SCENARIOS, choice_labels=SCENARIO_LABELS,
              aliases=SCENARIO_ALIASES, default="trilogy"),
        Param("round", "int", T("Round just played", "Ronda recién jugada"), lo=1, hi=9,
              help=T("The round whose Combat step just ended (its path's number).",
                     "La ronda cuyo paso de Combate acaba de terminar (el número de su camino).")),
        Param("final_round", "bool", T("Is it the scenario's last round?", "¿Es la última ronda del escenario?"),
              help=T("Empty: round 9 in the Trilogy and the duels; asked for The Fellowship of the Ring.",
                     "Vacío: la ronda 9 en la Trilogía y los duelos; se pregunta en La Comunidad del Anillo.")),
        Param("free_peoples", "mapping", T("Free Peoples scoring area", "Zona de puntuación de los Pueblos Libres"),
              help=SIDE_HELP, reader="victory_check"),
        Param("shadow", "mapping", T("Shadow scoring area", "Zona de puntuación de la Sombra"), help=SIDE_HELP,
              reader="victory_check"),
    ),
    verdict=(
        Key("free_peoples_vp", "count", T("Free Peoples victory points", "Puntos de victoria de los Pueblos Libres")),
        Key("shadow_vp", "count", T("Shadow victory points", "Puntos de victoria de la Sombra")),
        Key("game_over", "bool", T("The game ends now", "La partida termina ya")),
        Key("winner", "side", T("Winner", "Ganador"), nullable=True, null_means=T("the game goes on",
                                                                                 "la partida sigue")),
        Key("reason", "choice", T("Why", "Por qué"), choices=("lead", "final-round"), nullable=True,
            choice_labels={"lead": T("A lead of 10 or more", "Una ventaja de 10 o más"),
                           "final-round": T("The last round is over", "Terminó la última ronda")},
            null_means=T("the game goes on", "la partida sigue")),
    ),
    position=(),
    rules=("wotrcg-scoring", "wotrcg-scoring-battlegrounds", "wotrcg-scoring-paths", "wotrcg-corruption-tokens",
           "wotrcg-ring-tokens-score", "wotrcg-victory-check", "wotrcg-scenario-trilogy",
           "wotrcg-scenario-two-player-duel", "wotrcg-scenario-three-player-duel", "wotrcg-scenario-fellowship"),
)


def _locations(f: Fields, key: str, missing: list[str]) -> list[tuple[str, int]]:
    """A list of locations, each {name, vp} or a bare number of victory points."""
    out: list[tuple[str, int]] = []
    for i, v in enumerate(f.list(key, default=[]) or []):
        path = f.at(key) + [i]
        if isinstance(v, dict):
            g = Fields(v, path, f.problems)
            name = g.str("name") or "?"
            vp = g.int("vp", lo=0, hi=MAX_VP)
            given = g.has("vp")
            g.finish()
            if not given:
                missing.append(_dotted([*path, "vp"]))
            elif vp is not None:
                out.append((name, vp))
        elif isinstance(v, str) and not v.strip().isdigit():
            missing.append(_dotted([*path, "vp"]))     # a name alone: its printed value is needed
        else:
            vp = check_int(v, path, f.problems, lo=0, hi=MAX_VP)
            if vp is not None:
                out.append((str(vp), vp))
    return out


def _dotted(path: list) -> str:
    from adjudicator.problems import format_path
    return format_path(path)


def _read_side(q, side: str, missing: list[str]) -> dict[str, Any]:
    f = Fields(q.get(side) or {}, q.at(side), q.problems)
    out = {"battlegrounds": _locations(f, "battlegrounds", missing), "paths": _locations(f, "paths", missing),
           "corruption": f.int("corruption", default=0, lo=0, hi=MAX_VP) if side == "shadow" else 0,
           "ring_tokens": f.int("ring_tokens", default=0, lo=0, hi=4), "ring_given": f.has("ring_tokens")}
    f.finish()
    return out


@question(VICTORY_CHECK)
def victory_check(position, q, r):
    """Each side's score and the victory check after a round's Combat step: a lead of 10 or
    more wins at once; after the last round the higher score wins (unused Ring tokens add 1
    each then, in the Trilogy)."""
    scenario = q.param("scenario")
    given_scenario = q.has("scenario")
    rnd = q.param("round")
    final = q.param("final_round")
    missing: list[str] = []
    fp = _read_side(q, "free_peoples", missing)
    sh = _read_side(q, "shadow", missing)
    q.ready()
    if not given_scenario:
        r.default("question.scenario", "cardgame.default_trilogy", "wotrcg-scenario-trilogy")
    if missing:
        return r.needs_info(missing)
    label = r.t(f"cardgame.scenario_{scenario.replace('-', '_')}")
    r.step("cardgame.vc_scenario", SCENARIO_RULES[scenario], scenario=label)
    if scenario in DUELS and (fp["paths"] or sh["paths"]):
        r.step("cardgame.vc_duel_paths", "wotrcg-scenario-two-player-duel", scenario=label)
        return r.not_covered("cardgame.answer_vc_duel_paths")
    fp_vp = sum(v for _, v in fp["battlegrounds"]) + sum(v for _, v in fp["paths"])
    sh_vp = sum(v for _, v in sh["battlegrounds"]) + sh["corruption"]
    r.step("cardgame.vc_fp_score", "wotrcg-scoring", vp=fp_vp,
           bg=sum(v for _, v in fp["battlegrounds"]), paths=sum(v for _, v in fp["paths"]))
    if fp["battlegrounds"] or sh["battlegrounds"]:
        r.step("cardgame.vc_battlegrounds", "wotrcg-scoring-battlegrounds")
    if fp["paths"] or sh["paths"]:
        r.step("cardgame.vc_paths", "wotrcg-scoring-paths", n=len(sh["paths"]))
    r.step("cardgame.vc_shadow_score", "wotrcg-corruption-tokens", vp=sh_vp,
           bg=sum(v for _, v in sh["battlegrounds"]), corruption=sh["corruption"])
    verdict: dict[str, Any] = {"free_peoples_vp": fp_vp, "shadow_vp": sh_vp}
    if rnd is None:
        return r.needs_info(["question.round"])
    lead = abs(fp_vp - sh_vp)
    if lead >= LEAD_TO_WIN:
        winner = "free_peoples" if fp_vp > sh_vp else "shadow"
        r.step("cardgame.vc_lead", "wotrcg-victory-check", decides=True, lead=lead,
               side=r.t(f"cardgame.area_owner_{winner}"))
        r.unused(("round", "final_round"), "cardgame.unused_vc_round_lead", "wotrcg-victory-check")
        return r.decide("cardgame.answer_vc_lead", {"side": r.t(f"cardgame.area_owner_{winner}"), "lead": lead,
                                                     "fp": fp_vp, "sh": sh_vp},
                        **verdict, game_over=True, winner=SIDE_KEBAB[winner], reason="lead")
    r.step("cardgame.vc_no_lead", "wotrcg-victory-check", lead=lead)
    if final:
        r.unused("round", "cardgame.unused_vc_round_final", "wotrcg-victory-check")
    if final is None:
        if scenario not in LAST_ROUND:
            return r.needs_info(["question.final_round"])
        final = rnd >= LAST_ROUND[scenario]
        r.step("cardgame.vc_last_round", "wotrcg-victory-check", scenario=label, last=LAST_ROUND[scenario])
    if not final:
        r.step("cardgame.vc_goes_on", "wotrcg-victory-check", decides=True, round=rnd)
        return r.decide("cardgame.answer_vc_goes_on", {"fp": fp_vp, "sh": sh_vp}, **verdict, game_over=False,
                        winner=None, reason=None)
    # the end of the game: unused Ring tokens score now (Trilogy rules; the Shadow's in the
    # Three-Player Duel follow them); the duels' reusable Free Peoples token has no value in our sources
    if scenario in DUELS and fp["ring_tokens"]:
        r.step("cardgame.vc_duel_ring", "wotrcg-ring-tokens-score")
        return r.not_covered("cardgame.answer_vc_duel_ring")
    if scenario == "two-player-duel" and sh["ring_tokens"]:
        r.step("cardgame.vc_duel_ring", "wotrcg-ring-tokens-score")
        return r.not_covered("cardgame.answer_vc_duel_ring")
    if fp["ring_tokens"] or sh["ring_tokens"]:
        fp_vp += fp["ring_tokens"]
        sh_vp += sh["ring_tokens"]
        r.step("cardgame.vc_ring_tokens", "wotrcg-ring-tokens-score", fp=fp["ring_tokens"], sh=sh["ring_tokens"])
    for side, data in (("free_peoples", fp), ("shadow", sh)):
        if not data["ring_given"]:
            r.default(f"question.{side}.ring_tokens", "cardgame.default_no_ring_tokens", "wotrcg-ring-tokens-score",
                      side=r.t(f"cardgame.area_owner_{side}"))
    verdict.update(free_peoples_vp=fp_vp, shadow_vp=sh_vp)
    if fp_vp == sh_vp:
        r.step("cardgame.vc_tie", "wotrcg-victory-check", vp=fp_vp)
        return r.not_covered("cardgame.answer_vc_tie", {"vp": fp_vp})
    winner = "free_peoples" if fp_vp > sh_vp else "shadow"
    r.step("cardgame.vc_final", "wotrcg-victory-check", decides=True, side=r.t(f"cardgame.area_owner_{winner}"),
           fp=fp_vp, sh=sh_vp)
    return r.decide("cardgame.answer_vc_final", {"side": r.t(f"cardgame.area_owner_{winner}"), "fp": fp_vp,
                                                  "sh": sh_vp},
                    **verdict, game_over=True, winner=SIDE_KEBAB[winner], reason="final-round")
