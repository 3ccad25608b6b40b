"""One name per concept: no page calls a glossary term by another name.

The glossary (docs/glossary.md and its Spanish catalogue) holds each official term in both
languages, the Spanish edition's words where the seeds use them (Búsqueda, Baluarte,
loseta...). VARIANTS lists, per glossary term, the other names a writer reaches for; none
may appear in an English page of docs/ (for English variants) or in a Spanish msgstr of its
catalogues (for Spanish ones). All of docs/ is read, the card game's pages included.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
LOCALE = DOCS / "locale" / "es" / "LC_MESSAGES"

# glossary term -> (language, regular expression of a variant that must not be used)
VARIANTS: dict[str, list[tuple[str, str]]] = {
    "Carryover limit": [("en", r"\bstack limits?\b")],
    "Forsake": [("en", r"\bforfeit\w*")],
    # the official rules' word for an item's character; "Ring-bearers" is a hyphenated word, blanked
    "Wielder": [("en", r"\bbearers?\b")],
    "Stronghold": [("es", r"\bFortalezas?\b")],
    "Hunt tile": [("es", r"\bfichas? de (Búsqueda|Caza)\b"), ("es", r"\blosetas? de Caza\b")],
    "Hunt Box": [("es", r"\bCasilla de Caza\b")],
    "Hunt Pool": [("es", r"\b(bolsa|reserva) de Caza\b"), ("es", r"\bbolsa de Búsqueda\b")],
    "Minion": [("es", r"\bEsbirros?\b")],
    "Fellowship": [("es", r"\bCompañía\b(?! Gris)")],
    "Elven Ring": [("es", r"\bAnillos? Elf(o|os)\b")],
    "Political Track": [("es", r"\bMarcador de Política\b")],
    "Action die": [("es", r"\bdados? de acción\b")],
    # Élite and Regular are feminine (una unidad), as the seed writes "una Élite"
    "Elite": [("es", r"\b(un|el|del|al|ningún|otro|unos|los)\s+Élites?\b")],
    "Regular": [("es", r"\b(un|el|del|al|ningún|otro|unos)\s+Regulares?\b")],
}
CASE_SENSITIVE = {"Action die"}   # "dado de Acción" is the term; only the lower-case spelling is wrong

# Pages another branch is rewriting right now (issue 24 renames these terms in docs/cardgame,
# the glossary and usage): (term, file). Empty it when that branch is merged.
PENDING: set[tuple[str, str]] = set()
# Spanish catalogues of pages being rewritten (docs/cards, issue 24's helpers), reported to their
# owners: (term, catalogue). Empty it when those branches are merged.
PENDING_ES: set[tuple[str, str]] = set()


# Terms of one game only: the board game's combat cards "forfeit" Leadership (its official
# word), which is no card-game forsaking. Such a term is checked on its game's pages alone.
SCOPE = {"Forsake": ("docs/cardgame/", "docs/glossary.md", "docs/usage.md"),
         "Wielder": ("docs/cardgame/", "docs/glossary.md", "docs/usage.md", "docs/notes.md")}
# Inline code is the scenario language's (`then: forfeit` is a fixed value), not prose.
CODE = re.compile(r"`[^`\n]*`")

# The audit's table names the old terms on purpose, to say what was renamed.
SKIP = {"docs/coverage.md", "docs/locale/es/LC_MESSAGES/coverage.po"}
# Labels are never renamed (wotrcg-play-forfeit stays), so hyphenated identifiers are not prose.
LABEL = re.compile(r"\b\w+(?:-\w+)+\b")


def texts() -> list[tuple[str, str, str]]:
    """(language, file, text) of every English page and every Spanish msgstr, labels blanked."""
    out = [("en", str(p.relative_to(ROOT)), p.read_text(encoding="utf-8"))
           for p in sorted(DOCS.rglob("*.md")) if "_build" not in p.parts]
    for po in sorted(LOCALE.rglob("*.po")):
        with po.open("rb") as fh:
            catalog = read_po(fh)
        out += [("es", str(po.relative_to(ROOT)), str(m.string)) for m in catalog if m.id and m.string]
    return [(lang, name, LABEL.sub("label", CODE.sub("code", text))) for lang, name, text in out if name not in SKIP]


TEXTS = texts()


def glossary_terms() -> set[str]:
    body = (DOCS / "glossary.md").read_text(encoding="utf-8").split("```{glossary}", 1)[1]
    return {line.strip() for line in body.splitlines() if line and not line.startswith((" ", "`"))}


@pytest.mark.parametrize("term", sorted(VARIANTS))
def test_no_other_name_for_a_term(term):
    found = []
    for lang, pattern in VARIANTS[term]:
        rx = re.compile(pattern, 0 if term in CASE_SENSITIVE else re.IGNORECASE)
        for text_lang, name, text in TEXTS:
            page = name.replace("locale/es/LC_MESSAGES/", "").replace(".po", ".md")
            if text_lang != lang or (term, page) in PENDING or (term, name) in PENDING_ES:
                continue
            if term in SCOPE and not page.startswith(SCOPE[term]):
                continue
            found += [f"{name}: “{m.group(0)}” in …{' '.join(text[max(0, m.start() - 40):m.end() + 40].split())}…"
                      for m in rx.finditer(text)]
    assert not found, f"the glossary's term is {term!r}; other names used:\n" + "\n".join(found)


def test_every_term_with_variants_is_in_the_glossary():
    """The table is tied to the glossary: each term it guards is an entry (or is about to be)."""
    missing = sorted(set(VARIANTS) - glossary_terms() - {t for t, _ in PENDING})
    assert not missing, f"not glossary entries: {missing}"


def test_no_stale_pending_rename():
    stale = []
    for term, name in PENDING:
        rxs = [re.compile(p, re.IGNORECASE) for lang, p in VARIANTS[term] if lang == "en"]
        text = (ROOT / name).read_text(encoding="utf-8")
        if not any(rx.search(text) for rx in rxs):
            stale.append(f"{term}: {name}")
    assert not stale, "renamed already: remove from PENDING:\n" + "\n".join(sorted(stale))


def test_the_check_sees_a_variant():
    rx = re.compile(VARIANTS["Elite"][0][1], re.IGNORECASE)
    assert rx.search("cambia un Élite por una Regular") and not rx.search("cambia una Élite por una Regular")


# -- the glossary agrees with the chapters --------------------------------------------------------

# The card game's entries, rewritten by issue 24's branch (renamed terms): they get their link
# there. Empty it when that branch is merged.
PENDING_LINKS: set[str] = set()


def glossary_entries() -> dict[str, str]:
    body = (DOCS / "glossary.md").read_text(encoding="utf-8").split("```{glossary}", 1)[1].split("\n```", 1)[0]
    entries: dict[str, str] = {}
    term = ""
    for line in body.splitlines():
        if line and not line.startswith(" "):
            term = line.strip()
            entries[term] = ""
        elif term:
            entries[term] += " " + line.strip()
    return entries


def test_every_glossary_entry_links_its_section():
    labels = {m for page in DOCS.rglob("*.md") for m in re.findall(r"(?m)^\(([\w-]+)\)=$", page.read_text("utf-8"))}
    problems = []
    for term, text in glossary_entries().items():
        refs = re.findall(r"\{ref\}`(?:[^`<]*<)?([\w-]+)>?`", text)
        if not refs and term not in PENDING_LINKS:
            problems.append(f"{term}: no {{ref}} to the section that defines it")
        problems += [f"{term}: {{ref}} to {ref}, no such label" for ref in refs if ref not in labels]
    assert not problems, "\n".join(problems)
