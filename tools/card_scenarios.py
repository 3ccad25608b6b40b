"""Maintainers' tool: write the event-card scenarios of scenarios/wotr/cards/, two cases per card
(its condition met; its condition failing, a die that does not fit, or a fact missing), each in
English and in a Spanish twin.

    python tools/card_scenarios.py

The positions and the expected verdicts are written here by hand from the rules and each
card's condition (data/event_cards.json), never read back from the engine: the scenarios then
check the engine against them. Re-run after changing a case; the files are committed.
"""

from __future__ import annotations

import json
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "scenarios" / "wotr" / "cards"
CARDS = {c["id"]: c for c in json.loads((ROOT / "adjudicator/data/event_cards.json").read_text("utf-8"))["cards"]}
SPANISH = json.loads((ROOT / "adjudicator/data/event_cards_es.json").read_text("utf-8"))["cards"]
SOURCE = "the card's condition (data/event_cards.json) and the official rules, 'Playing Event cards'"
DECKS = {
    ("free-peoples", "character"): "fp-character",
    ("free-peoples", "strategy"): "fp-strategy",
    ("shadow", "character"): "shadow-character",
    ("shadow", "strategy"): "shadow-strategy",
}

# Companions given explicitly, so that no default Fellowship decides a case.
NO_STRIDER = ["Gandalf the Grey", "Boromir", "Legolas", "Gimli", "Merry", "Pippin"]
HOBBITS_GIMLI = ["Gimli", "Merry", "Pippin"]


def fellowship(companions, **kw):
    return {"fellowship": {"companions": companions, **kw}}


def region(name, fp=None, sh=None, **kw):
    entry = dict(kw)
    if fp is not None:
        entry["free_peoples"] = fp
    if sh is not None:
        entry["shadow"] = sh
    return {name: entry}


def pos(*parts):
    out: dict = {}
    for p in parts:
        for k, v in p.items():
            if k == "regions":
                out.setdefault("regions", {}).update(v)
            elif k == "politics":
                out.setdefault("politics", {}).update(v)
            else:
                out[k] = v
    return out


def regions(*entries):
    out: dict = {}
    for e in entries:
        out.update(e)
    return {"regions": out}


def politics(**kw):
    return {"politics": {k.replace("_", "-"): v for k, v in kw.items()}}


AT_WAR = "at-war"
# card id -> (met position, (en, es) why it holds, failing position, (en, es) why not, status of the failing case)
CONDITIONS: dict[str, tuple] = {}


def cond(ids, met, met_why, fail, fail_why, fail_status="decided", missing=None):
    for cid in ids.split():
        CONDITIONS[cid] = (met, met_why, fail, fail_why, fail_status, missing)


cond(
    "fp-char-06",
    pos(fellowship(["Legolas", "Merry", "Pippin"])),
    ("Legolas is in the Fellowship", "Legolas está en la Comunidad"),
    pos(fellowship(["Boromir", "Merry", "Pippin"])),
    ("neither Gimli nor Legolas is in the Fellowship", "ni Gimli ni Legolas están en la Comunidad"),
)
cond(
    "fp-char-07",
    pos(fellowship(["Boromir", "Merry"])),
    ("Boromir is in the Fellowship", "Boromir está en la Comunidad"),
    pos(fellowship(HOBBITS_GIMLI)),
    ("Boromir has left the Fellowship", "Boromir ha dejado la Comunidad"),
)
cond(
    "fp-char-08",
    pos(fellowship(["Gandalf the Grey", "Merry"])),
    ("Gandalf the Grey is in the Fellowship", "Gandalf el Gris está en la Comunidad"),
    pos(fellowship(HOBBITS_GIMLI)),
    ("Gandalf the Grey is not in the Fellowship", "Gandalf el Gris no está en la Comunidad"),
)
cond(
    "fp-char-11",
    pos(fellowship(["Merry", "Pippin"], guide="Merry")),
    ("two Companions are still in the Fellowship", "quedan dos Compañeros en la Comunidad"),
    pos(fellowship([])),
    ("no Companion is left in the Fellowship", "no queda ningún Compañero en la Comunidad"),
)
cond(
    "fp-char-14",
    pos(
        fellowship(NO_STRIDER, guide="Gandalf the Grey"),
        regions(region("Minas Tirith", fp={"gondor": {"regular": 3}, "characters": ["Strider"]})),
    ),
    ("Strider stands with a Gondor army in Minas Tirith", "Trancos está con un ejército de Gondor en Minas Tirith"),
    pos(fellowship(NO_STRIDER, guide="Gandalf the Grey")),
    (
        "Strider is out of the Fellowship and the position does not say where",
        "Trancos está fuera de la Comunidad y la posición no dice dónde",
    ),
    "needs-info",
    ["position.regions"],
)
cond(
    "fp-char-18",
    pos(
        fellowship(["Gandalf the Grey", "Strider", "Merry", "Pippin"], guide="Strider"),
        regions(
            region("Osgiliath", fp={"gondor": {"regular": 2}, "characters": ["Boromir"]}),
            region("North Ithilien", sh={"sauron": {"regular": 2}, "nazgul": 1}),
        ),
    ),
    ("a Nazgûl's army stands next to Boromir's", "un ejército con un Nazgûl está junto al de Boromir"),
    pos(
        fellowship(["Gandalf the Grey", "Strider", "Merry", "Pippin"], guide="Strider"),
        regions(
            region("Osgiliath", fp={"gondor": {"regular": 2}, "characters": ["Boromir"]}),
            region("North Ithilien", sh={"sauron": {"regular": 2}, "characters": ["Witch-king"]}),
        ),
    ),
    (
        "only the Witch-king is near, and this card does not count him",
        "solo está cerca el Rey Brujo, y esta carta no lo cuenta",
    ),
)
_ENTS = ["Strider", "Boromir", "Gimli", "Merry", "Pippin"]
cond(
    "fp-char-19 fp-char-20 fp-char-21",
    pos(
        fellowship(_ENTS, guide="Strider"),
        regions(region("Fangorn", fp={"characters": ["Gandalf the White", "Legolas"]})),
    ),
    (
        "Gandalf the White is in play and a Companion is in Fangorn",
        "Gandalf el Blanco está en juego y hay un Compañero en Fangorn",
    ),
    pos(fellowship(_ENTS, guide="Strider"), regions(region("Fangorn", fp={"characters": ["Legolas"]}))),
    ("Gandalf the White is not in play", "Gandalf el Blanco no está en juego"),
)
cond(
    "fp-char-22",
    pos(
        fellowship(NO_STRIDER, guide="Gandalf the Grey"),
        regions(
            region(
                "Helm's Deep",
                besieged="free-peoples",
                fp={"rohan": {"regular": 1}, "characters": ["Strider"]},
                sh={"isengard": {"regular": 3}},
            )
        ),
    ),
    (
        "Strider is in Helm's Deep, a Rohan region, even besieged",
        "Trancos está en el Abismo de Helm, región de Rohan, aunque asediado",
    ),
    pos(
        fellowship(NO_STRIDER, guide="Gandalf the Grey"),
        regions(region("Minas Tirith", fp={"gondor": {"regular": 1}, "characters": ["Strider"]})),
    ),
    ("Strider is in Gondor, not in Rohan", "Trancos está en Gondor, no en Rohan"),
)
cond(
    "fp-char-23",
    pos(
        fellowship(["Gandalf the Grey", "Strider", "Merry"], guide="Strider"),
        regions(region("Pelargir", fp={"characters": ["Boromir"]})),
    ),
    ("Boromir is in Pelargir, in Gondor", "Boromir está en Pelargir, en Gondor"),
    pos(
        fellowship(["Gandalf the Grey", "Strider", "Merry"], guide="Strider"),
        regions(region("Edoras", fp={"characters": ["Boromir"]})),
    ),
    ("Boromir is in Edoras, outside Gondor", "Boromir está en Edoras, fuera de Gondor"),
)
cond(
    "fp-char-24",
    pos(
        fellowship(NO_STRIDER, guide="Gandalf the Grey"),
        regions(region("Bree", fp={"north": {"regular": 1}, "characters": ["Strider"]})),
    ),
    ("Strider stands with a North army in Bree", "Trancos está con un ejército del Norte en Bree"),
    pos(fellowship(NO_STRIDER, guide="Gandalf the Grey"), regions(region("Bree", fp={"characters": ["Strider"]}))),
    ("Strider is alone in Bree, with no army", "Trancos está solo en Bree, sin ejército"),
)
cond(
    "fp-str-01",
    pos(
        fellowship(NO_STRIDER, guide="Gandalf the Grey"),
        regions(region("Dagorlad", fp={"gondor": {"regular": 4, "leader": 1}, "characters": ["Aragorn"]})),
    ),
    (
        "Aragorn leads a Gondor army in Dagorlad, outside the Free Peoples' nations",
        "Aragorn va con un ejército de Gondor en Dagorlad, fuera de los Pueblos Libres",
    ),
    pos(
        fellowship(NO_STRIDER, guide="Gandalf the Grey"),
        regions(region("Minas Tirith", fp={"gondor": {"regular": 4}, "characters": ["Aragorn"]})),
    ),
    (
        "Aragorn's army is in Minas Tirith, inside Gondor",
        "el ejército de Aragorn está en Minas Tirith, dentro de Gondor",
    ),
)
cond(
    "fp-str-09",
    pos(politics(gondor={"steps": 2, "active": True})),
    ("Gondor is active", "Gondor está activa"),
    pos(politics(gondor={"steps": 2, "active": False})),
    ("Gondor is still passive", "Gondor aún está pasiva"),
)
cond(
    "fp-str-11",
    pos(politics(rohan=AT_WAR)),
    ("Rohan is At War", "Rohan está En Guerra"),
    pos(politics(rohan={"steps": 1, "active": True})),
    ("Rohan is one step from war", "a Rohan le falta una casilla para la guerra"),
)
cond(
    "fp-str-12",
    pos(
        fellowship(["Gandalf the Grey", "Strider", "Gimli", "Merry", "Pippin"], guide="Strider"),
        regions(region("Edoras", fp={"rohan": {"regular": 2}, "characters": ["Legolas"]})),
    ),
    ("Legolas stands with a Rohan army", "Legolas está con un ejército de Rohan"),
    pos(
        fellowship(["Gandalf the Grey", "Strider", "Gimli", "Merry", "Pippin"], guide="Strider"),
        regions(region("Edoras", fp={"characters": ["Legolas"]})),
    ),
    ("Legolas stands alone: no army holds a Companion", "Legolas está solo: ningún ejército lleva un Compañero"),
)
cond(
    "fp-str-13",
    pos(politics(elves=AT_WAR)),
    ("the Elves are At War", "los Elfos están En Guerra"),
    pos(politics(elves={"steps": 2, "active": True})),
    ("the Elves are not At War", "los Elfos no están En Guerra"),
)
cond(
    "sh-char-05 sh-char-06 sh-char-07 sh-char-08",
    pos(fellowship(["Gandalf the Grey", "Strider", "Merry"], guide="Strider", region="Fangorn")),
    (
        "the Fellowship is in Fangorn, where there is no settlement",
        "la Comunidad está en Fangorn, donde no hay asentamiento",
    ),
    pos(fellowship(["Gandalf the Grey", "Strider", "Merry"], guide="Strider", region="Edoras")),
    (
        "the Fellowship is in Edoras, a Free Peoples City",
        "la Comunidad está en Edoras, una Ciudad de los Pueblos Libres",
    ),
)
cond(
    "sh-char-09 sh-char-10 sh-char-11",
    pos({"fellowship": {"progress": 2}}),
    ("the Fellowship has moved two steps", "la Comunidad ha avanzado dos casillas"),
    pos({"fellowship": {"progress": 0}}),
    ("the Progress counter is still at 0", "la ficha de Avance sigue en 0"),
)
cond(
    "sh-char-12 sh-char-13 sh-char-14",
    pos({"fellowship": {"hidden": False}}),
    ("the Fellowship is revealed", "la Comunidad está descubierta"),
    pos({"fellowship": {"hidden": True}}),
    ("the Fellowship is hidden", "la Comunidad está oculta"),
)
cond(
    "sh-char-19",
    pos(
        regions(
            region("Osgiliath", fp={"gondor": {"regular": 2}}),
            region("North Ithilien", sh={"sauron": {"regular": 1}, "nazgul": 2}),
        )
    ),
    ("Nazgûl stand next to a Gondor army", "hay Nazgûl junto a un ejército de Gondor"),
    pos(
        regions(
            region("Osgiliath", fp={"gondor": {"regular": 2}}), region("North Ithilien", sh={"sauron": {"regular": 3}})
        )
    ),
    ("the Shadow army next to Gondor's has no Nazgûl", "el ejército de la Sombra junto al de Gondor no tiene Nazgûl"),
)
_MT_SIEGE = region(
    "Minas Tirith",
    besieged="free-peoples",
    fp={"gondor": {"regular": 2}},
    sh={"sauron": {"regular": 4}, "characters": ["Witch-king"]},
)
cond(
    "sh-char-20",
    pos(regions(_MT_SIEGE)),
    ("the Witch-king's army besieges Minas Tirith", "el ejército del Rey Brujo asedia Minas Tirith"),
    pos(regions(region("Osgiliath", sh={"sauron": {"regular": 4}, "characters": ["Witch-king"]}))),
    ("the Witch-king's army besieges no Stronghold", "el ejército del Rey Brujo no asedia ningún Baluarte"),
)
_SARUMAN = region("Orthanc", sh={"isengard": {"regular": 2}, "characters": ["Saruman"]})
cond(
    "sh-char-21 sh-char-22 sh-str-16",
    pos(regions(_SARUMAN)),
    ("Saruman is in Orthanc", "Saruman está en Orthanc"),
    pos(regions(region("Orthanc", sh={"isengard": {"regular": 2}}))),
    ("Saruman is not in play", "Saruman no está en juego"),
)
cond(
    "sh-char-24 sh-str-12",
    pos(regions(region("Minas Morgul", sh={"sauron": {"regular": 2}, "characters": ["Witch-king"]}))),
    ("the Witch-king is in Minas Morgul", "el Rey Brujo está en Minas Morgul"),
    pos(regions(region("Minas Morgul", sh={"sauron": {"regular": 2}, "nazgul": 1}))),
    ("the Witch-king is not in play", "el Rey Brujo no está en juego"),
)
cond(
    "sh-str-01",
    pos(regions(region("Lorien", control="shadow", sh={"sauron": {"regular": 2}}))),
    ("the Shadow holds Lórien, an Elven Stronghold", "la Sombra controla Lórien, un Baluarte élfico"),
    pos(regions(region("Lorien", fp={"elves": {"regular": 2}}))),
    ("every Elven Stronghold is still the Elves'", "todos los Baluartes élficos siguen siendo de los Elfos"),
)
cond(
    "sh-str-02",
    pos(
        regions(
            _SARUMAN,
            region(
                "Helm's Deep", besieged="free-peoples", fp={"rohan": {"regular": 1}}, sh={"isengard": {"regular": 4}}
            ),
        )
    ),
    (
        "Saruman is in play and Isengard besieges Helm's Deep",
        "Saruman está en juego e Isengard asedia el Abismo de Helm",
    ),
    pos(regions(_SARUMAN, region("Westemnet", sh={"isengard": {"regular": 4}}))),
    ("the Isengard army besieges no Stronghold", "el ejército de Isengard no asedia ningún Baluarte"),
)
cond(
    "sh-str-03",
    pos(regions(_MT_SIEGE)),
    ("Minas Tirith is under siege", "Minas Tirith está asediada"),
    pos(regions(region("Minas Tirith", fp={"gondor": {"regular": 2}}))),
    ("Minas Tirith is not besieged", "Minas Tirith no está asediada"),
)
cond(
    "sh-str-04 sh-str-09 sh-str-23",
    pos(politics(sauron=AT_WAR, isengard=AT_WAR, southrons=AT_WAR)),
    ("the three Shadow nations are At War", "las tres naciones de la Sombra están En Guerra"),
    pos(politics(sauron=AT_WAR, isengard=AT_WAR, southrons={"steps": 1, "active": True})),
    ("the Southrons & Easterlings are not At War yet", "los Sureños y Orientales aún no están En Guerra"),
)
cond(
    "sh-str-06",
    pos(fellowship(["Gandalf the Grey", "Strider", "Merry"], guide="Strider", region="Edoras")),
    ("the Fellowship is in Edoras and Rohan is not At War", "la Comunidad está en Edoras y Rohan no está En Guerra"),
    pos(
        fellowship(
            ["Gandalf the Grey", "Strider", "Boromir", "Legolas", "Gimli", "Merry", "Pippin"],
            guide="Gandalf the Grey",
            region="Fangorn",
        )
    ),
    (
        "the Fellowship is in Fangorn, in no nation, with every Companion",
        "la Comunidad está en Fangorn, fuera de toda nación, con todos los Compañeros",
    ),
)
cond(
    "sh-str-10 sh-str-21",
    pos(politics(southrons=AT_WAR)),
    ("the Southrons & Easterlings are At War", "los Sureños y Orientales están En Guerra"),
    pos(politics(southrons={"steps": 1, "active": True})),
    ("the Southrons & Easterlings are not At War", "los Sureños y Orientales no están En Guerra"),
)
cond(
    "sh-str-11 sh-str-13",
    pos(politics(isengard=AT_WAR)),
    ("Isengard is At War", "Isengard está En Guerra"),
    pos(politics(isengard={"steps": 1, "active": True})),
    ("Isengard is not At War", "Isengard no está En Guerra"),
)
cond(
    "sh-str-14 sh-str-15 sh-str-24",
    pos(politics(sauron=AT_WAR)),
    ("Sauron is At War", "Sauron está En Guerra"),
    pos(politics(sauron={"steps": 1, "active": True})),
    ("Sauron is not At War", "Sauron no está En Guerra"),
)
cond(
    "sh-str-18",
    pos(
        fellowship(NO_STRIDER, guide="Gandalf the Grey"),
        regions(region("Minas Tirith", fp={"gondor": {"regular": 2}, "characters": ["Aragorn"]})),
    ),
    ("Aragorn is in play", "Aragorn está en juego"),
    pos(fellowship(["Gandalf the Grey", "Strider", "Merry"], guide="Strider")),
    (
        "Strider is still in the Fellowship: Aragorn is not in play",
        "Trancos sigue en la Comunidad: Aragorn no está en juego",
    ),
)

# A die that does not fit each icon (for the cards without a condition).
WRONG = {"character": "muster", "army": "character", "muster": "character"}
FACE_WORDS = {
    "character": ("Character", "Personaje"),
    "army": ("Army", "Ejército"),
    "muster": ("Muster", "Alistar"),
    "army-muster": ("Army/Muster", "Ejército/Alistar"),
}


def right_die(card) -> str:
    icon = card["play_with"]
    return "army-muster" if icon == "army" and card["side"] == "free-peoples" else icon


def cases(cid: str) -> list[tuple[dict, dict]]:
    """(English case, Spanish twin) pairs for one card."""
    card = CARDS[cid]
    en_name, es_name = card["name_en"], SPANISH[cid]["name"]
    label = f"wotr-card-{cid}"
    out = []
    if cid in CONDITIONS:
        met, met_why, fail, fail_why, fail_status, missing = CONDITIONS[cid]
        expect_met = {
            "status": "decided",
            "card": cid,
            "allowed": True,
            "play_if": True,
            "on_table": bool(card["event"]["on_table"]),
            "cites": [label, "wotr-cards-condition"],
        }
        out.append(
            (
                {
                    "title": f"{en_name} can be played: {met_why[0]}",
                    "position": met,
                    "question": {"card": en_name},
                    "expect": expect_met,
                },
                {
                    "title": f"«{es_name}» puede jugarse: {met_why[1]}",
                    "position": met,
                    "question": {"card": es_name},
                    "expect": expect_met,
                },
            )
        )
        if fail_status == "needs-info":
            expect_fail = {"status": "needs-info", "missing": missing}
        else:
            expect_fail = {
                "status": "decided",
                "card": cid,
                "allowed": False,
                "play_if": False,
                "cites": [label, "wotr-cards-condition"],
            }
        verb = (
            ("cannot be asked yet", "aún no puede decidirse")
            if fail_status == "needs-info"
            else ("cannot be played", "no puede jugarse")
        )
        out.append(
            (
                {
                    "title": f"{en_name} {verb[0]}: {fail_why[0]}",
                    "position": fail,
                    "question": {"card": en_name},
                    "expect": expect_fail,
                },
                {
                    "title": f"«{es_name}» {verb[1]}: {fail_why[1]}",
                    "position": fail,
                    "question": {"card": es_name},
                    "expect": expect_fail,
                },
            )
        )
        return out
    die = right_die(card)
    rule = "wotr-cards-army-muster" if die == "army-muster" else "wotr-cards-die-icon"
    ok = {
        "status": "decided",
        "card": cid,
        "allowed": True,
        "on_table": bool(card["event"]["on_table"]),
        "cites": [label, rule],
    }
    words = FACE_WORDS[die]
    out.append(
        (
            {
                "title": f"{en_name} has no condition: a {words[0]} die plays it",
                "position": {},
                "question": {"card": en_name, "die": die},
                "expect": ok,
            },
            {
                "title": f"«{es_name}» no tiene requisito: un dado de {words[1]} la juega",
                "position": {},
                "question": {"card": es_name, "die": die},
                "expect": ok,
            },
        )
    )
    bad = WRONG[card["play_with"]]
    no = {"status": "decided", "card": cid, "allowed": False, "cites": [label, "wotr-cards-die-icon"]}
    words = FACE_WORDS[bad]
    out.append(
        (
            {
                "title": f"A {words[0]} die does not play {en_name}",
                "position": {},
                "question": {"card": en_name, "die": bad},
                "expect": no,
            },
            {
                "title": f"Un dado de {words[1]} no juega «{es_name}»",
                "position": {},
                "question": {"card": es_name, "die": bad},
                "expect": no,
            },
        )
    )
    return out


def scenario(case: dict, lang: str) -> dict:
    out = {"game": "war-of-the-ring"}
    if lang == "es":
        out["lang"] = "es"
    out["title"] = case["title"]
    out["source"] = SOURCE
    if case["position"]:
        out["position"] = case["position"]
    out["question"] = {"kind": "event-card", **case["question"]}
    out["expect"] = case["expect"]
    return out


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    files: dict[str, dict[str, list]] = {}
    for cid, card in CARDS.items():
        deck = DECKS[(card["side"], card["deck"])]
        for i, (en, es) in enumerate(cases(cid)):
            name = deck if i == 0 else f"{deck}-refused"
            files.setdefault(name, {"en": [], "es": []})
            files[name]["en"].append(scenario(en, "en"))
            files[name]["es"].append(scenario(es, "es"))
    for name, langs in files.items():
        for lang, items in langs.items():
            path = OUT / (f"{name}.yaml" if lang == "en" else f"{name}.es.yaml")
            path.write_text(yaml.safe_dump(items, allow_unicode=True, sort_keys=False, width=110), "utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
