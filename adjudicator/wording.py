"""Paths of a scenario in words a player reads: ``question.counters`` -> "Time counters".

A ruling that needs more facts lists their paths in ``verdict.missing`` (a program, or the web
form, finds the field by its path); its answer names them as the player sees them instead:
a question parameter by its form label (from the kind's spec), a part of the position by the
words of the game, joined like a breadcrumb ("Regions › Osgiliath › Free Peoples ›
Characters"), a list item by its number from 1.
"""
from __future__ import annotations

import re
from collections.abc import Iterable

from adjudicator.spec import KindSpec

SEPARATOR = " › "
# The keys a position may hold, in the words of the game (docs/glossary.md for the Spanish).
POSITION_WORDS = {
    "regions": ("Regions", "Regiones"),
    "fellowship": ("Fellowship", "Comunidad"),
    "guide": ("Guide", "Guía"),
    "progress": ("Progress", "Avance"),
    "hidden": ("Hidden", "Oculta"),
    "corruption": ("Corruption", "Corrupción"),
    "mordor": ("Mordor Track", "Marcador de Mordor"),
    "companions": ("Companions", "Compañeros"),
    "characters": ("Characters", "Personajes"),
    "free_peoples": ("Free Peoples", "Pueblos Libres"),
    "shadow": ("Shadow", "Sombra"),
    "control": ("Control", "Control"),
    "besieged": ("Besieged", "Asediado"),
    "politics": ("Political Track", "Marcador Político"),
    "hunt": ("Hunt", "Búsqueda"),
    "box": ("Hunt Box", "Casilla de Búsqueda"),
    "pool": ("Hunt Pool", "Reserva de Búsqueda"),
    "special_tiles": ("Special tiles in play", "Losetas especiales en juego"),
    "turn": ("Turn", "Turno"),
    "phase": ("Phase", "Fase"),
    "regular": ("Regulars", "Regulares"),
    "elite": ("Elites", "Élites"),
    "leader": ("Leaders", "Líderes"),
    "nazgul": ("Nazgûl", "Nazgûl"),
    "players": ("Players", "Jugadores"),
    "player": ("Player", "Jugador"),
    "hand": ("Hand", "Mano"),
    "side": ("Side", "Bando"),
    "stack_limit": ("Carryover limit", "Límite de cartas acumulables"),
    "carryover_limit": ("Carryover limit", "Límite de cartas acumulables"),
    "reserve": ("Reserve", "Reserva"),
    "scoring_area": ("Scoring area", "Zona de puntuación"),
    "active_path": ("Active path", "Camino activo"),
    "path": ("Path", "Camino"),
    "paths_activated": ("Paths activated", "Caminos activados"),
    "battlegrounds": ("Battlegrounds", "Campos de batalla"),
    "battleground": ("Battleground", "Campo de batalla"),
    "defence": ("Defence", "Defensa"),
    "cards": ("Cards", "Cartas"),
    "armies": ("Armies", "Ejércitos"),
    "items": ("Items", "Objetos"),
    "name": ("Name", "Nombre"),
    "skulls": ("Skulls", "Calaveras"),
    "cancels": ("Skulls it cancels", "Calaveras que cancela"),
    "shields": ("Shields", "Escudos"),
    "leadership": ("Leadership", "Liderazgo"),
    "faction": ("Faction", "Facción"),
    "wielder": ("Wielder", "Portador"),
    "bearer": ("Wielder", "Portador"),      # the older key of an item's wielder
    "affects": ("Affects", "Afecta a"),
    "first_player": ("First player", "Jugador inicial"),
    "threat": ("Threat", "Amenaza"),
    "in_play": ("Cards in play", "Cartas en juego"),
    "under_orcs_search": ("Under The Orcs' Search", "Bajo La Búsqueda de los Orcos"),
    "keywords": ("Keywords", "Palabras clave"),
    "quest_points": ("Quest points", "Puntos de misión"),
    "damage": ("Damage", "Daño"),
    "tokens": ("Tokens", "Fichas"),
    "resource": ("Resource tokens", "Fichas de recurso"),
    "attachments": ("Attachments", "Vinculadas"),
    "type": ("Type of card", "Tipo de carta"),
}
_PART = re.compile(r"\[(\d+)\]|([^.\[\]]+)")
_PARENTHESIS = re.compile(r"\s*\([^)]*\)\s*$")


def split_path(path: str) -> list[str | int]:
    """``question.attackers[0].skulls`` -> ``["question", "attackers", 0, "skulls"]``."""
    return [int(index) if index else key for index, key in _PART.findall(path)]


def _word(key: str | int, lang: str) -> str:
    if isinstance(key, int):
        return str(key + 1)
    words = POSITION_WORDS.get(key)
    if words:
        return words[1] if lang == "es" else words[0]
    return key if not re.fullmatch(r"[a-z0-9_]+", key) else key.replace("_", " ").capitalize()


# Position keys whose keys are names: the region, nation or character under them, by its name.
_NAMED_UNDER = {"regions": "regions", "politics": "nations", "characters": "characters", "companions": "characters"}


def _named(parent: str | int | None, key: str | int, lang: str) -> str:
    """A part of a position path: an id under ``regions``/``politics``/... by its name, else the game's words."""
    index = _NAMED_UNDER.get(parent) if isinstance(parent, str) and isinstance(key, str) else None
    if index is not None and isinstance(key, str):
        from adjudicator import data, names

        ident = getattr(names, index)().lookup(key)
        if ident is not None:
            return getattr(data, index)()[ident]["name"][lang]
    return _word(key, lang)


def _label(text: str) -> str:
    """A form label without its hint in brackets: "Side (if both have figures there)" -> "Side"."""
    return _PARENTHESIS.sub("", text) or text


def _question_part(parts: list[str | int], spec: KindSpec | None, lang: str) -> list[str]:
    """The question's parameter by its label (the longest dotted name the spec declares),
    then what lies under it: a column's label for rows, else the words of the game."""
    for size in range(len(parts), 0, -1):
        head = parts[:size]
        if not all(isinstance(p, str) for p in head) or spec is None:
            continue
        name = ".".join(head)  # type: ignore[arg-type]
        if name in spec.param_names:
            param = spec.param(name)
            cols = {c.key: _label(c.label.get(lang)) for c in param.cols}
            rest = [cols.get(p, _word(p, lang)) if isinstance(p, str) else _word(p, lang) for p in parts[size:]]
            return [_label(param.label.get(lang)), *rest]
    return [_word(p, lang) for p in parts]


def describe(path: str, lang: str, spec: KindSpec | None = None) -> str:
    """One path in words: a question parameter by its label, a position part by the game's words."""
    parts = split_path(path)
    if not parts:
        return path
    root, rest = parts[0], parts[1:]
    if root == "question" and rest:
        words = _question_part(rest, spec, lang)
    elif root == "position" and rest:
        words = [_named(rest[i - 1] if i else None, p, lang) for i, p in enumerate(rest)]
    else:
        words = [_word(p, lang) for p in parts]
    return SEPARATOR.join(words)


QUOTES = {"en": ("“", "”"), "es": ("«", "»")}


def describe_all(paths: Iterable[str], lang: str, spec: KindSpec | None = None) -> str:
    """The paths in words, each quoted as the language quotes a field's name, joined by "; "."""
    left, right = QUOTES.get(lang, QUOTES["en"])
    return "; ".join(f"{left}{describe(p, lang, spec)}{right}" for p in paths)
