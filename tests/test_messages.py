"""The message catalogues as a player reads them: no internal keys or paths, counts that agree
with their words in both languages, and one Spanish term per concept.

A message whose key holds ``.err_`` reports a problem in a scenario: it may name the key the
user typed, in backticks, as typed (`bearer`), since the API and the CLI show the problem by
its path and the web form shows it beside its field. Every other message (answers, steps,
words they are built from) is read by a player and names no key at all: a question
parameter by its form label (``adjudicator.wording``), a choice in words.
"""
from __future__ import annotations

import re

import pytest

from adjudicator import registry, wording
from adjudicator.i18n import _formatter, catalogue, domains
from adjudicator.spec import COMMON_KEYS

MESSAGES = [(key, lang, entry[lang]) for domain in domains() for key, entry in catalogue(domain).items()
            for lang in ("en", "es")]
# Messages for the command line and the search tools, not for a ruling: they name commands.
TOOL_DOMAINS = ("search.",)
BACKTICKS = re.compile(r"`[^`]*`")


def is_problem(key: str) -> bool:
    return ".err_" in key


# Placeholders that hold a name, a percentage, an average, an ordinal (round 2, step 3) or an
# engine constant (the limits), never a count of the word after them.
NOT_COUNTS = {"pct", "pct2", "mean", "expected", "region", "src", "dst", "who", "who_mid", "card", "name",
              "names", "nation", "nations", "side", "path", "old", "list", "options", "value", "to", "from",
              "step", "next", "round", "phase", "limit", "cap", "item", "items", "bearer", "place", "where",
              "face", "die", "route", "leader", "owner", "player", "other", "strider", "grey", "saruman", "mouth",
              "Mouth", "gate", "state", "what", "part", "army", "reason", "first", "last", "query", "lang"}


class _Every(dict):
    """Every placeholder: ``value`` if it counts something, a name otherwise."""

    def __init__(self, value: object):
        super().__init__()
        self.value = value

    def __missing__(self, name: str) -> object:
        return "Edoras" if name in NOT_COUNTS else self.value


def rendered(text: str, value: object) -> str:
    """The message with every placeholder given ``value`` (a count of 1 or 2, a name); a
    message that holds braces of its own is shown without parameters, as it is used."""
    try:
        return _formatter().vformat(text, (), _Every(value))
    except (ValueError, IndexError, AttributeError):
        return text


def identifiers() -> tuple[set[str], set[str]]:
    """(every key a scenario may hold, every choice value and kind id): the words a message
    must not show a player outside backticks."""
    keys, values = set(wording.POSITION_WORDS), set()
    for spec in registry.specs():
        values.add(spec.kind)
        values.update(spec.aliases)
        for param in spec.params:
            keys.update(param.name.split("."))
            values.update(param.choices)
            for col in param.cols:
                keys.add(col.key)
                values.update(col.choices)
        for key in (*spec.verdict, *COMMON_KEYS):
            values.update(str(c) for c in key.choices)
    return keys, {v for v in values if v}


KEYS, VALUES = identifiers()
# Words that are both a scenario key and plain English or Spanish (a problem may quote them).
PLAIN_WORDS = {"name", "side", "hand", "type", "phase", "turn", "control", "card", "damage", "tokens",
               "progress", "keywords", "players", "player", "path", "cards", "shadow", "die", "region", "nation",
               "to", "from", "round", "when", "held", "take", "units", "event", "character", "item", "bearer",
               "location", "time", "yes", "no", "deck", "field", "siege", "sortie", "army", "always", "never",
               "attacker", "defender", "both", "eye", "leader", "elite", "regular", "nazgul", "hobbit", "companion",
               "companions", "characters", "armies", "items", "pool", "box", "hunt", "guide"}
SNAKE = re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b")
DOTTED = re.compile(r"\b(?:question|position)\.[a-z_\[]")
QUOTED = re.compile(r"['«“(]([a-z][a-z0-9_-]*)[»'”)]")


def internal_words(key: str, text: str) -> list[str]:
    """What in ``text`` is a key, a path or a raw value rather than words."""
    found = []
    plain = BACKTICKS.sub("`…`", rendered(text, "Edoras"))
    if not is_problem(key) and not key.startswith(TOOL_DOMAINS) and "`" in plain:
        found.append("backticks in an answer or a step")
    found += [f"path {m.group()!r}" for m in DOTTED.finditer(plain)]
    found += [f"key {m.group()!r}" for m in SNAKE.finditer(plain)]
    hyphenated = {v for v in VALUES | KEYS if "-" in v or "_" in v}
    found += [f"value {w!r}" for w in re.findall(r"\b[a-z]+(?:-[a-z0-9]+)+\b", plain) if w in hyphenated]
    found += [f"quoted {m.group()!r}" for m in QUOTED.finditer(plain)
              if m.group(1) in (KEYS | VALUES) - PLAIN_WORDS]
    return found


def test_no_message_shows_a_key_a_path_or_a_raw_value():
    faults = [f"{key} [{lang}]: {', '.join(found)}" for key, lang, text in MESSAGES
              for found in [internal_words(key, text)] if found]
    assert not faults, "\n".join(faults)


def test_the_scan_finds_the_faults_it_is_for():
    assert internal_words("hunt.needs_successes", "Say how many ('successes'), or «no_roll: true».")
    assert internal_words("core.needs_info", "the scenario must say question.counters")
    assert internal_words("movement.step", "(write side: shadow to ask)") == []   # a plain word stays
    assert internal_words("movement.step", "(write `side: shadow` to ask)")   # but no backticks in a step
    assert internal_words("battle.step", "casualties (keep-strength)")
    assert internal_words("battle.err_x", "give `keep-strength`") == []     # a problem names it as typed


# -- counts ------------------------------------------------------------------------------------

# The counted words of the games: (singular, plural).
NOUNS = {
    "en": [("Leader", "Leaders"), ("Elite", "Elites"), ("Regular", "Regulars"), ("card", "cards"), ("die", "dice"),
           ("region", "regions"), ("unit", "units"), ("skull", "skulls"),
           ("counter", "counters"), ("tile", "tiles"), ("success", "successes"), ("re-roll", "re-rolls"),
           ("round", "rounds"), ("step", "steps"), ("time", "times"), ("problem", "problems"),
           ("scenario", "scenarios"), ("file", "files"), ("player", "players"), ("token", "tokens"),
           ("point", "points"), ("figure", "figures"), ("leader", "leaders"), ("character", "characters"),
           ("army", "armies"), ("icon", "icons"), ("phase", "phases"), ("removal", "removals"),
           ("attachment", "attachments"), ("document", "documents"), ("level", "levels"), ("value", "values")],
    "es": [("Líder", "Líderes"), ("Élite", "Élites"), ("Regular", "Regulares"), ("carta", "cartas"),
           ("dado", "dados"), ("región", "regiones"), ("unidad", "unidades"),
           ("calavera", "calaveras"), ("contador", "contadores"), ("loseta", "losetas"), ("éxito", "éxitos"),
           ("repetición", "repeticiones"), ("ronda", "rondas"), ("casilla", "casillas"), ("vez", "veces"),
           ("problema", "problemas"), ("escenario", "escenarios"), ("archivo", "archivos"),
           ("jugador", "jugadores"), ("ficha", "fichas"), ("punto", "puntos"), ("figura", "figuras"),
           ("líder", "líderes"), ("personaje", "personajes"), ("ejército", "ejércitos"), ("icono", "iconos"),
           ("fase", "fases"), ("retirada", "retiradas"), ("documento", "documentos"), ("nivel", "niveles"),
           ("valor", "valores")],
}
# Spanish articles and possessives before a count: "las 1 cartas" is a fault, so is "la 2 carta".
PLURAL_DETERMINERS = r"(?:las|los|tus|sus|mis|estas|estos|unas|unos)"
SINGULAR_DETERMINERS = r"(?:la|el|tu|su|mi|esta|este|una|un)"


def count_faults(lang: str, text: str) -> list[str]:
    one, two = rendered(text, 1), rendered(text, 2)
    faults = [f"'{m.group()}'" for m in re.finditer(r"\w\((?:s|es|n|ies)\)|\bdie/dice\b", text)]
    for singular, plural in NOUNS[lang]:
        # the count, perhaps one word between (1 more cards, 2 action die), then the noun
        faults += [f"with 1: '{m.group()}'" for m in re.finditer(rf"(?<![\d.,])1 (?:\w+ )?{plural}\b", one)]
        faults += [f"with 2: '{m.group()}'" for m in re.finditer(rf"(?<![\d.,])2 (?:\w+ )?{singular}\b", two)]
    if lang == "es":
        faults += [f"with 1: '{m.group()}'" for m in re.finditer(rf"\b{PLURAL_DETERMINERS} 1 \w+", one)]
        faults += [f"with 2: '{m.group()}'" for m in re.finditer(rf"\b{SINGULAR_DETERMINERS} 2 \w+", two)]
    else:
        faults += [f"with 1: '{m.group()}'" for m in re.finditer(r"\b1 \w+ (?:are|remain|stay|count)\b", one)]
        agrees = r"\b2 (?!damage)\w+ (?:is|remains|stays|counts)\b"     # damage is a mass noun: "2 damage is"
        faults += [f"with 2: '{m.group()}'" for m in re.finditer(agrees, two)]
    return faults


def test_counts_agree_with_their_words_for_one_and_for_two():
    faults = [f"{key} [{lang}]: {', '.join(found)}" for key, lang, text in MESSAGES
              for found in [count_faults(lang, text)] if found]
    assert not faults, "\n".join(faults)


def test_the_count_scan_finds_the_faults_it_is_for():
    assert count_faults("es", "Tienes {n} cartas.")
    assert count_faults("es", "Tienes {n} {n:plural(carta|cartas)}.") == []
    assert count_faults("es", "Se ciclan las {n} {n:plural(carta|cartas)}.")
    assert count_faults("en", "Moves {n} regular unit(s).")
    assert count_faults("en", "your {n} {n:plural(card|cards)} are within the limit")
    assert count_faults("en", "Adds {n} action die.")


# -- one Spanish term per concept -------------------------------------------------------------

# (a variant that crept in, the agreed term: docs/glossary.md and the seeds)
SPANISH_TERMS = [
    ("Camino de Mordor", "marcador de Mordor"),
    ("batalla campal", "batalla de campo"),
    ("área de puntuación", "zona de puntuación"),
    ("un Élite", "una Élite"),
    ("un Regular", "una Regular"),
    ("los Regulares", "las Regulares"),
    ("rival", "enemigo"),
    ("Esbirro", "Servidor"),
    ("Acompañante", "Compañero"),
    ("límite de mano", "límite de cartas acumulables"),
    ("marcador Político", "Marcador Político"),
]


def spanish_texts() -> list[tuple[str, str]]:
    """Every Spanish text a player reads from the engine: the messages and the kinds' labels."""
    texts = [(key, text) for key, lang, text in MESSAGES if lang == "es"]
    for spec in registry.specs():
        labels = [spec.title, spec.help, *(p.label for p in spec.params), *(p.help for p in spec.params),
                  *(t for p in spec.params for t in p.choice_labels.values()),
                  *(c.label for p in spec.params for c in p.cols), *(k.label for k in spec.verdict)]
        texts += [(f"{spec.kind} (spec)", t.es) for t in labels if t is not None]
    return texts


@pytest.mark.parametrize("variant, term", SPANISH_TERMS, ids=[v for v, _ in SPANISH_TERMS])
def test_one_spanish_term_per_concept(variant, term):
    pattern = re.compile(rf"\b{re.escape(variant)}\b" if variant[0].isupper() else rf"\b{re.escape(variant)}",
                         0 if variant == "marcador Político" else re.IGNORECASE)
    found = [key for key, text in spanish_texts() if pattern.search(text)]
    assert not found, f"«{variant}» where the agreed term is «{term}»: {found}"


def test_the_spec_labels_name_no_key_or_kind():
    faults = []
    for spec in registry.specs():
        for p in spec.params:
            for lang in ("en", "es"):
                text = p.label.get(lang)
                faults += [f"{spec.kind}.{p.name} [{lang}]: {w}" for w in internal_words("label", text)
                           if p.form]
    assert not faults, "\n".join(faults)


# -- what a ruling that needs more facts says ---------------------------------------------------

@pytest.mark.parametrize("path, lang, words", [
    ("question.counters", "en", "Time counters"),
    ("question.side", "es", "Bando"),                                   # the label without its hint
    ("question.attackers[0].skulls", "en", "Shadow cards attacking › 1 › Skulls"),
    ("question.location.quest_points", "es", "Puntos de misión"),
    ("position.regions.Osgiliath.free_peoples.characters", "en", "Regions › Osgiliath › Free Peoples › Characters"),
    ("position.fellowship.guide", "es", "Comunidad › Guía"),
    ("position.players[1].hand", "es", "Jugadores › 2 › Mano"),
])
def test_a_missing_field_is_named_as_the_player_sees_it(path, lang, words):
    kind = {"counters": "time", "side": "leadership", "attackers": "path-combat", "location": "orcs-search"}
    part = wording.split_path(path)[1]
    game = {"time": "lotr-lcg", "orcs-search": "lotr-lcg"}.get(kind.get(part, ""), "wotr-card-game")
    spec = registry.spec(game, kind[part]) if part in kind else None
    assert wording.describe(path, lang, spec) == words


def test_every_needs_info_answer_names_its_fields_in_words(scenario_rulings):
    asked = [r for r in scenario_rulings if r["verdict"]["status"] == "needs-info"]
    assert len(asked) >= 20
    for ruling in asked:
        assert not DOTTED.search(ruling["answer"]), ruling["answer"]
        spec = registry.spec(ruling["game"], ruling["question"])
        for path in ruling["verdict"]["missing"]:
            assert wording.describe(path, ruling["lang"], spec) in ruling["answer"], ruling["answer"]


@pytest.fixture(scope="module")
def scenario_rulings():
    from pathlib import Path

    from adjudicator.problems import ScenarioInvalid
    from tests.helpers import asked

    out = []
    for f in sorted((Path(__file__).resolve().parents[1] / "scenarios").rglob("*.yaml")):
        for lang in ("en", "es"):
            try:   # api.ask(the file's data, lang), shared with other modules; a file of a list is refused
                out.append(asked(f, None, lang))
            except ScenarioInvalid:   # a scenario that expects problems: another test's business
                pass
    return out


# -- YAML the parser cannot read, said in the user's language ------------------------------------

BROKEN_YAML = {
    "title: a: b\n": "core.err_yaml_colon",
    "game: x\nposition\nquestion: y\n": "core.err_yaml_no_colon",
    "game: @x\n": "core.err_yaml_char",
    "a:\n\tb: 1\n": "core.err_yaml_tab",
    "a:\n  b: 1\n c: 2\n": "core.err_yaml_indent",
    "a: 1\n- b\n": "core.err_yaml_indent",
    "title: \"abc\n": "core.err_yaml_end",
    "a: [1, 2\nb: 3\n": "core.err_yaml_list",
    "a: {x: 1\nb: 3\n": "core.err_yaml_mapping",
    'a: "\\q"\n': "core.err_yaml_escape",
    "a: *nope\n": "core.err_yaml_alias",
    "a: &x 1\nb: &x 2\n": "core.err_yaml_anchor",
    "a: 1\n---\nb: 2\n": "core.err_yaml_documents",
}


@pytest.mark.parametrize("libyaml", [True, False], ids=["libyaml", "pure-python"])
@pytest.mark.parametrize("text", sorted(BROKEN_YAML), ids=lambda t: BROKEN_YAML[t].split(".")[1])
def test_yaml_errors_are_said_in_the_users_language(text, libyaml):
    from adjudicator import loading
    from adjudicator.i18n import translate
    from adjudicator.problems import ScenarioInvalid

    if libyaml and not __import__("yaml").__with_libyaml__:
        pytest.skip("libyaml is not installed")
    with pytest.raises(ScenarioInvalid) as exc:
        loading._load_yaml(text, libyaml=libyaml)
    problem = exc.value.problems[0]
    assert problem.key == "core.err_yaml" and problem.params["detail"].key == BROKEN_YAML[text]
    for lang in ("en", "es"):
        message = problem.message(lang)
        reason = problem.params["detail"].render(lang)
        assert reason in message and reason == translate(lang, BROKEN_YAML[text], **problem.params["detail"].params)
    assert "línea" in problem.message("es") and "found" not in problem.message("es")


BROKEN_JSON = {
    "{\n": "core.err_json_end",
    '{"a": "x': "core.err_json_string",
    '{"a": 1,}': "core.err_json_key",
    "[1,]": "core.err_json_value",
    '{"a" 1}': "core.err_json_colon",
    '{"a": 1 "b": 2}': "core.err_json_comma",
    '{"a": "x\ny"}': "core.err_json_control",
    '{"a": "\\q"}': "core.err_json_escape",
    '{"a": 1} x': "core.err_json_extra",
}


@pytest.mark.parametrize("text", sorted(BROKEN_JSON), ids=lambda t: BROKEN_JSON[t].split(".")[1])
def test_json_errors_are_said_in_the_users_language(text):
    from adjudicator import loading
    from adjudicator.problems import ScenarioInvalid

    with pytest.raises(ScenarioInvalid) as exc:
        loading.load_text(text, as_json=True)
    problem = exc.value.problems[0]
    assert problem.key == "core.err_json" and problem.params["detail"].key == BROKEN_JSON[text]
    assert "línea" in problem.message("es") and "JSON" in problem.message("es")
    assert "Expecting" not in problem.message("es")


def test_an_unforeseen_parser_reason_is_still_framed_in_the_users_language():
    from adjudicator.loading import yaml_reason

    said = yaml_reason("found something new", "x")
    assert said.key == "core.err_yaml_other" and "analizador" in said.render("es")


def test_a_refused_tag_is_shown_as_written():
    from adjudicator import loading
    from adjudicator.problems import ScenarioInvalid

    with pytest.raises(ScenarioInvalid) as exc:
        loading._load_yaml("a: !!python/object x\n")
    assert "!!python/object" in exc.value.problems[0].message("en")
    assert "tag:yaml.org" not in exc.value.problems[0].message("es")


def test_the_card_game_says_wielder_the_official_word_never_bearer():
    """An item's character is its wielder (official rules, «Playing an Item»); `bearer` survives
    only as a key a scenario may still write (in backticks)."""
    texts = [(key, text) for key, lang, text in MESSAGES if lang == "en" and key.startswith("cardgame.")]
    for spec in registry.specs():
        if spec.game == "wotr-card-game":
            labels = [spec.title, spec.help, *(p.label for p in spec.params), *(p.help for p in spec.params),
                      *(t for p in spec.params for t in p.choice_labels.values()), *(k.label for k in spec.verdict),
                      *(k.when for k in spec.verdict)]
            texts += [(f"{spec.kind} (spec)", t.en) for t in labels if t is not None]
    code = re.compile(r"`[^`]*`|\{[^{}]*\}")   # keys in backticks, placeholders
    found = [key for key, text in texts if re.search(r"\bbear(er|ers|s)\b", code.sub("", text), re.IGNORECASE)]
    assert not found, f"'bearer' where the official word is 'wielder': {found}"
    assert any("wielder" in text for _, text in texts)
