"""War of the Ring: The Card Game (seed 001): what the rules of every chapter share.

The game's rules are split like its rulebook: :mod:`~adjudicator.cardgame.actions` (passing,
playing a card), :mod:`~adjudicator.cardgame.activation` (paths and battlegrounds),
:mod:`~adjudicator.cardgame.combat` (path combat, leadership), :mod:`~adjudicator.cardgame.items`.
Each handler reads every parameter first (problems collect), then rules. Where the seed is
silent the handler says so (needs-info or not-covered) instead of guessing.
"""
from __future__ import annotations

from adjudicator import names
from adjudicator.cardgame.model import Card, Position, read_hand
from adjudicator.params import check_int
from adjudicator.spec import Param, T

GAME = "wotr-card-game"
SIDE_KEBAB = {"free_peoples": "free-peoples", "shadow": "shadow"}
PLAYER_PARAM = Param("player", "text", T("Player (a name from the players below)",
                                        "Jugador (un nombre de los jugadores de abajo)"))
H_LIST = T("Separate them with commas.", "Sepáralos con comas.")


def read_player(position: Position, q, key: str = "player"):
    """The player the question names (None if not given); an unknown name is a problem."""
    name = q.str(key)
    if name is None:
        return None
    p = position.player(name)
    if p is None:
        known = [pl.name for pl in position.players]
        close = names.close_matches(name, known, n=1)
        if close:
            q.error(key, "cardgame.err_unknown_player_suggest", player=name, suggestion=close[0])
        elif known:
            q.error(key, "cardgame.err_unknown_player", player=name, players=", ".join(known))
        else:
            q.error(key, "cardgame.err_no_players", player=name)
    return p


def read_counts(q, key: str, lo: int, hi: int) -> list[int | None] | None:
    """Counts as a list, one number, or a mapping name -> count ({Sauron: 4, Saruman: 5});
    a hand written as the list of its cards counts its cards. A count that cannot be read is
    None, with its problem added."""
    if isinstance(q.get(key), dict):
        items = [(q.at(key) + [k], v) for k, v in q.get(key).items()]
    else:
        raw = q.list(key)
        if raw is None:
            return None
        items = [(q.at(key) + [i], v) for i, v in enumerate(raw)]
    out = []
    for path, v in items:
        if isinstance(v, list):
            out.append(read_hand(v, path, q.problems)[0])
        else:
            out.append(check_int(v, path, q.problems, lo=lo, hi=hi))
    return out


def card_names(cards) -> str:
    return ", ".join(c.name if isinstance(c, Card) else str(c) for c in cards)
