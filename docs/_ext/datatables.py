"""The ``datatable`` directive: reference tables generated from the engine's data files.

Usage in MyST::

    ```{datatable} regions
    ```

Tables: ``regions``, ``nations``, ``characters``, ``hunt-tiles``. They are built from
``adjudicator/data/*.json`` (the very files the engine rules with) in the build's language,
so a fact is typed once. Generated nodes are marked not translatable (the gettext builder
skips them); headers and fixed words come from :data:`WORDS` below, in both languages.
"""
from __future__ import annotations

import unicodedata
from collections.abc import Callable
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective
from worked_examples import build_lang, fixed

logger = logging.getLogger(__name__)

DATA = Path(__file__).resolve().parents[2] / "adjudicator" / "data"

WORDS: dict[str, dict[str, str]] = {
    "en": {
        "region": "Region", "name_other": "Spanish name", "nation": "Nation", "side": "Side",
        "settlement": "Settlement", "vp": "VP", "start": "Starting army", "adjacent": "Adjacent regions",
        "active": "Active at start", "steps": "Steps from At War at start", "reinforcements": "Reinforcements",
        "character": "Character", "kind": "Kind", "level": "Level", "leadership": "Leadership",
        "activates": "Activates", "die_bonus": "Action die bonus", "combat_bonus": "Combat strength bonus",
        "starts": "At the start", "replaces": "Replaces", "value": "Value", "reveal": "Reveal",
        "stop": "Stop", "count": "Tiles", "tile": "Tile",
        "free_peoples": "Free Peoples", "shadow": "Shadow", "neutral": "—",
        "stronghold": "Stronghold", "city": "City", "town": "Town", "fortification": "Fortification",
        "regular": "regular", "elite": "elite", "leader": "leader", "nazgul": "Nazgûl",
        "companion": "Companion", "minion": "Minion", "gollum": "Guide when no Companion is left", "any": "any nation",
        "yes": "yes", "no": "no", "eye": "Eye (one per successful Hunt die)",
        "die": "a die roll", "in_fellowship": "in the Fellowship", "guide": "in the Fellowship, as Guide",
        "not_in_play": "not in play", "nazgul_note": " (a Nazgûl)",
        "count_regions": "{n} regions, {edges} borders that can be crossed.",
        "count_nations": "{n} nations.", "count_characters": "{n} characters.",
        "standard_tiles": "Standard tiles ({n})", "special_tiles": "Special tiles ({n})",
        "unknown_table": "unknown data table {name!r} (known: {known})",
    },
    "es": {
        "region": "Región", "name_other": "Nombre en inglés", "nation": "Nación", "side": "Bando",
        "settlement": "Asentamiento", "vp": "PV", "start": "Ejército inicial", "adjacent": "Regiones adyacentes",
        "active": "Activa al empezar", "steps": "Pasos hasta En Guerra al empezar", "reinforcements": "Refuerzos",
        "character": "Personaje", "kind": "Tipo", "level": "Nivel", "leadership": "Liderazgo",
        "activates": "Activa", "die_bonus": "Dados de Acción extra", "combat_bonus": "Fuerza de combate extra",
        "starts": "Al empezar", "replaces": "Sustituye a", "value": "Valor", "reveal": "Descubrir",
        "stop": "Parada", "count": "Losetas", "tile": "Loseta",
        "free_peoples": "Pueblos Libres", "shadow": "Sombra", "neutral": "—",
        "stronghold": "Baluarte", "city": "Ciudad", "town": "Villa", "fortification": "Fortificación",
        "regular": "regular", "elite": "élite", "leader": "líder", "nazgul": "Nazgûl",
        "companion": "Compañero", "minion": "Servidor", "gollum": "Guía cuando no queda ningún Compañero",
        "any": "cualquier nación",
        "yes": "sí", "no": "no", "eye": "Ojo (uno por cada dado de Búsqueda con éxito)",
        "die": "una tirada de dado", "in_fellowship": "en la Comunidad", "guide": "en la Comunidad, como Guía",
        "not_in_play": "fuera de juego", "nazgul_note": " (un Nazgûl)",
        "count_regions": "{n} regiones, {edges} fronteras que se pueden cruzar.",
        "count_nations": "{n} naciones.", "count_characters": "{n} personajes.",
        "standard_tiles": "Losetas normales ({n})", "special_tiles": "Losetas especiales ({n})",
        "unknown_table": "tabla de datos desconocida {name!r} (conocidas: {known})",
    },
}


def load(name: str) -> dict:
    import json

    with (DATA / f"{name}.json").open(encoding="utf-8") as fh:
        return json.load(fh)


def sort_key(text: str) -> str:
    """Alphabetical order that ignores accents and case, the same in both languages."""
    return "".join(c for c in unicodedata.normalize("NFD", text) if not unicodedata.combining(c)).casefold()


def cell_node(cell: str | nodes.Node) -> nodes.Node:
    """A table cell's body: text becomes a paragraph, a node is used as it is."""
    return nodes.paragraph("", cell) if isinstance(cell, str) else cell


def table(headers: list[str], rows: list[list[str | nodes.Node]], widths: list[int] | None = None,
          row_ids: list[str] | None = None, classes: tuple[str, ...] = ("data-table",)) -> nodes.table:
    tbl = nodes.table(classes=list(classes))
    group = nodes.tgroup(cols=len(headers))
    tbl += group
    for w in widths or [1] * len(headers):
        group += nodes.colspec(colwidth=w)
    head = nodes.thead()
    group += head
    hrow = nodes.row()
    for h in headers:
        hrow += nodes.entry("", nodes.paragraph("", h))
    head += hrow
    body = nodes.tbody()
    group += body
    for i, cells in enumerate(rows):
        row = nodes.row()
        if row_ids:
            row["ids"].append(row_ids[i])
        for cell in cells:
            row += nodes.entry("", cell_node(cell))
        body += row
    return tbl


class DataTable(SphinxDirective):
    required_arguments = 1
    has_content = False

    def run(self) -> list[nodes.Node]:
        name = self.arguments[0].strip()
        lang = build_lang(self.config)
        builders: dict[str, Callable[[str], list[nodes.Node]]] = {
            "regions": self.regions, "nations": self.nations,
            "characters": self.characters, "hunt-tiles": self.hunt_tiles,
        }
        if name not in builders:
            logger.warning(WORDS["en"]["unknown_table"].format(name=name, known=", ".join(builders)),
                           location=self.get_location())
            return []
        for f in ("regions", "nations", "characters", "hunt_tiles"):
            self.env.note_dependency(str(DATA / f"{f}.json"))
        return [fixed(n) for n in builders[name](lang)]

    # -- one method per table -------------------------------------------------------------

    def regions(self, lang: str) -> list[nodes.Node]:
        w = WORDS[lang]
        other = "es" if lang == "en" else "en"
        regions = load("regions")["regions"]
        nations = load("nations")["nations"]
        edges = {tuple(sorted((a, b))) for a, r in regions.items() for b in r["adjacent"]}

        def nation(n: str | None) -> str:
            return nations[n]["name"][lang] if n else w["neutral"]

        def army(units: dict | None, region_nation: str | None) -> str:
            """The starting units; their nation is named only when it is not the region's."""
            if not units:
                return ""
            parts = [f"{units[k]} {w[k]}" for k in ("regular", "elite", "leader", "nazgul") if units.get(k)]
            owner = units.get("nation")
            text = ", ".join(parts)
            return f"{nation(owner)}: {text}" if owner and owner != region_nation else text

        ordered = sorted(regions, key=lambda rid: sort_key(regions[rid]["name"][lang]))
        rows = []
        for rid in ordered:
            r = regions[rid]
            rows.append([
                r["name"][lang], r["name"][other], nation(r["nation"]),
                w[r["settlement"]] if r["settlement"] else "", str(r["vp"]) if r["vp"] else "",
                army(r["starting_units"], r["nation"]),
                ", ".join(sorted((regions[a]["name"][lang] for a in r["adjacent"]), key=sort_key)),
            ])
        headers = [w["region"], w["name_other"], w["nation"], w["settlement"], w["vp"], w["start"], w["adjacent"]]
        intro = nodes.paragraph("", w["count_regions"].format(n=len(regions), edges=len(edges)))
        return [intro, table(headers, rows, [3, 3, 2, 2, 1, 3, 6], [f"region-{rid}" for rid in ordered])]

    def nations(self, lang: str) -> list[nodes.Node]:
        w = WORDS[lang]
        other = "es" if lang == "en" else "en"
        nations = load("nations")["nations"]
        rows = []
        for n in nations.values():
            reinf = n["reinforcements"]
            rows.append([
                n["name"][lang], n["name"][other], w[n["side"]], w["yes"] if n["active_at_start"] else w["no"],
                str(n["steps_from_war_at_start"]),
                ", ".join(f"{v} {w[k]}" for k, v in reinf.items()),
            ])
        headers = [w["nation"], w["name_other"], w["side"], w["active"], w["steps"], w["reinforcements"]]
        return [nodes.paragraph("", w["count_nations"].format(n=len(nations))),
                table(headers, rows, [3, 3, 2, 2, 2, 4], [f"nation-{nid}" for nid in nations])]

    def characters(self, lang: str) -> list[nodes.Node]:
        w = WORDS[lang]
        data = load("characters")
        chars = data["characters"]
        nations = load("nations")["nations"]
        rows = []
        for c in chars.values():
            if c["activates"] == "any":
                activates = w["any"]
            elif c["activates"]:
                activates = nations[c["activates"]]["name"][lang]
            else:
                activates = ""
            starts = w["guide"] if c["guide_at_start"] else w["in_fellowship"] if c["in_fellowship_at_start"] else ""
            rows.append([
                c["name"][lang] + (w["nazgul_note"] if c["is_nazgul"] else ""), w[c["side"]], w[c["kind"]],
                w["neutral"] if c["level"] is None else str(c["level"]), str(c["leadership"]), activates,
                str(c["action_die_bonus"]) if c["action_die_bonus"] else "",
                str(c["combat_strength_bonus"]) if c["combat_strength_bonus"] else "",
                starts, chars[c["replaces"]]["name"][lang] if c["replaces"] else "",
            ])
        headers = [w["character"], w["side"], w["kind"], w["level"], w["leadership"], w["activates"],
                   w["die_bonus"], w["combat_bonus"], w["starts"], w["replaces"]]
        return [nodes.paragraph("", w["count_characters"].format(n=len(chars))),
                table(headers, rows, [3, 2, 2, 1, 1, 2, 1, 1, 2, 2], [f"character-{cid}" for cid in chars])]

    def hunt_tiles(self, lang: str) -> list[nodes.Node]:
        w = WORDS[lang]
        data = load("hunt_tiles")

        def value(v: Any) -> str:
            if v == "eye":
                return w["eye"]
            if v == "die":
                return w["die"]
            return str(v).replace("-", "−")

        def yes(flag: bool) -> str:
            return w["yes"] if flag else w["no"]

        standard = data["standard"]
        std_rows = [[value(t["value"]), yes(t["reveal"]), str(t["count"])] for t in standard]
        special = data["special"]
        sp_rows = [[t["name"][lang], w[t["side"]], value(t["value"]), yes(t["reveal"]), yes(t["stop"])]
                   for t in special.values()]
        n_std = sum(t["count"] for t in standard)
        return [
            nodes.paragraph("", "", nodes.strong("", w["standard_tiles"].format(n=n_std))),
            table([w["value"], w["reveal"], w["count"]], std_rows, [4, 1, 1]),
            nodes.paragraph("", "", nodes.strong("", w["special_tiles"].format(n=len(special)))),
            table([w["tile"], w["side"], w["value"], w["reveal"], w["stop"]], sp_rows, [3, 2, 3, 1, 1],
                  [f"hunt-tile-{tid}" for tid in special]),
        ]


def setup(app: Any) -> dict[str, Any]:
    app.add_directive("datatable", DataTable)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
