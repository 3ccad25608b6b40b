"""The Lord of the Rings: The Card Game (seed 002): what the keyword rules share.

The rules are split like the docs: :mod:`~adjudicator.lcg.keywords` (Doomed X, Surge, Time
X) and :mod:`~adjudicator.lcg.celebrimbor` (Celebrimbor's Secret: Scour and The Orcs'
Search). Keywords of the game that seed 002 does not explain (Archery, Guarded, ...) are
recognised but never ruled on: a question that depends on one answers not-covered.
"""
from __future__ import annotations

from adjudicator.lcg.model import Card, Position, read_card, read_players
from adjudicator.spec import Param, T

GAME = "lotr-lcg"
H_LIST = T("Separate them with commas.", "Sepáralos con comas.")
PLAYERS_PARAM = Param("players", "count-or-list", T("Players", "Jugadores"),
                      help=T("A number, or the players (names, or {name, threat}). Empty: the players below.",
                             "Un número, o los jugadores (nombres, o {name, threat}). Vacío: los jugadores de abajo."),
                      lo=1, hi=4, reader="question_players")


def sentence_case(fn):
    """A card known only as "the card" / "la carta" may open a sentence: start every
    sentence of the ruling with a capital, whatever name filled it."""
    import functools

    @functools.wraps(fn)
    def handler(position, q, r):
        ruling = fn(position, q, r)
        if ruling is not None:
            ruling.answer = cap(ruling.answer)
            for step in ruling.explanation:
                step.text = cap(step.text)
        return ruling
    return handler


def cap(text: str) -> str:
    return text[:1].upper() + text[1:] if text else text


def question_players(position: Position, q):
    """The players: the question's `players` if given, else the position's."""
    if q.has("players"):
        count, players = read_players(q.get("players"), q.at("players"), q.problems)
        return count, players
    return position.player_count, position.players


def card_param(position: Position, q, key: str, *, required: bool = True) -> Card | None:
    """A card given in full, or the name of a card in the position's `in_play`."""
    raw = q.get(key)
    if raw is None:
        if required:
            q.error(key, "core.err_required")
        return None
    if isinstance(raw, str):
        card = position.card(raw)
        if card is None:
            if position.is_under_orcs_search(raw):
                return Card(raw.strip(), path=f"question.{key}")
            known = ", ".join(c.known_name for c in position.in_play) or "-"
            q.error(key, "lcg.err_unknown_card", card=raw, known=known)
        return card
    return read_card(raw, q.at(key), q.problems)


def not_modelled(card: Card, r):
    others = [k.text for k in card.keywords if not k.modelled]
    if others:
        r.step("lcg.keyword_not_in_seed", "lcg-keywords", keywords=", ".join(others))
        return r.not_covered("lcg.answer_keyword_not_covered", {"keywords": ", ".join(others)})
    return None
