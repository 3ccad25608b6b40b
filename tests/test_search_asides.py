"""A rules question said with asides is still a rules question (issue 25, sets 48 and 49).

Players wrap their question in talk ("there's lovely art but no idea what it does", "I think
he's cheating", "not sure it's worth it") and in their own spelling ("will of di west"). A
question that names a term, a keyword or a card of the games is never refused for its asides:
unsure, the search shows its best sections as a "did you mean". The floor still refuses what
no rule answers, said with a term of the game in it (paint for the Orcs of Mordor).
"""
from __future__ import annotations

import pytest

from adjudicator import search
from tests.test_search import search_build, search_index  # noqa: F401 (the session's built index)

ASIDES = [
    ("en", "what is scour? from Celebrimbor's Secret, there's lovely art but no idea what it does", "lcg-scour"),
    ("en", "hand limit - is it 6 cards total or 6 of each pile? my husband keeps saying 6 each and I think "
           "he's cheating", "wotr-hand-limit"),
    ("en", "will of di west dice, wah it can do? mi cousin say it can be any result but nuh sure",
     "wotr-dice-will-of-the-west"),
    ("es", "cuantos dados de accion tienen al principio los pueblos libres y como se ganan más", "wotr-dice-count"),
    ("es", "¿Cuántas veces puedo mover la comunidad en un mismo turno? no sé si vale la pena",
     "wotr-fellowship-move"),
]


@pytest.mark.usefixtures("search_index")
@pytest.mark.parametrize(("lang", "query", "label"), ASIDES, ids=[q[:40] for _, q, _ in ASIDES])
def test_a_rules_question_with_asides_is_answered(lang, query, label):
    result = search.search(query, lang)
    assert result["matched"], result
    assert label in [r["label"] for r in result["results"][:3]], [r["label"] for r in result["results"][:5]]


@pytest.mark.usefixtures("search_index")
@pytest.mark.parametrize(("lang", "query", "kind"), [
    ("es", "¿Qué pintura uso pa los orcos de Mordor, que quiero que queden oscuritos?", "product"),
    ("en", "where would I get replacement action dice, the dog is after eating one", "product"),
    ("en", "how do we deal with a player who is always cheating at our club?", "table"),
])
def test_what_no_rule_answers_is_still_refused_with_a_term_of_the_game_in_it(lang, query, kind):
    result = search.search(query, lang)
    assert not result["matched"], [r["label"] for r in result["results"][:3]]
    assert result.get("outside") == kind


@pytest.mark.usefixtures("search_index")
def test_the_patois_the_is_the_reference_the():
    said = search.search("declare di fellowship, when mi can do it and do it cost a die?", "en")
    assert said["matched"] and not said["unsure"]
    assert said["results"][0]["label"] in ("wotr-fellowship-declare", "wotr-turn-phase-fellowship")


# -- the reader of a described position: an army coming at one, a move's start said after ----------

@pytest.mark.parametrize(("query", "lang"), [
    ("3 regulares de Rohan en Edoras y me vienen 6 orcos desde Westemnet, ¿qué hago?", "es"),
    ("the shadow comes with 6 orcs from Westemnet against my 3 rohan regulars in Edoras, what now?", "en"),
])
def test_an_enemy_army_coming_at_one_is_an_attack_from_where_it_comes(query, lang):
    from adjudicator.search.situation import read_situation

    question = read_situation(query, lang)["question"]
    assert question["kind"] == "battle"
    assert question["to"] == "Edoras" and question["from"] in ("Westemnet", "Oestemnet")


def test_a_moves_start_said_after_its_destination_is_where_it_starts():
    from adjudicator.search.situation import read_situation

    question = read_situation("la sombra tiene 10 unidades en Osgiliath y quiere mover 3 más desde Minas Morgul, "
                              "¿se puede?", "es")["question"]
    assert (question["kind"], question["from"], question["to"]) == ("army-move", "Minas Morgul", "Osgiliath")


def test_a_dialects_spelling_of_in_and_the_is_read_by_the_situation_reader():
    from adjudicator.search.situation import read_situation
    from adjudicator.search.vocabulary import respelt

    said = respelt("can mi put 2 regular inna Erebor, di Hunt box", "en")
    assert said == "can mi put 2 regular in Erebor, the Hunt box"
    assert respelt("la comunidad di Frodo", "es") == "la comunidad di Frodo"   # Spanish has no such entry
    scenario = read_situation("can mi put 2 regular inna erebor wid one muster die?", "en")
    assert scenario["question"]["kind"] == "muster"
    assert scenario["question"]["recruit"] == [{"region": "Erebor"}]


@pytest.mark.parametrize(("query", "lang", "region", "army"), [
    ("the shadow has 6 sauron regulars besieging helms deep where I've got 3 rohan elites and theoden, "
     "can I sortie with just theoden and 1 elite?", "en", "Helm's Deep", {"elite": 3, "leader": 1}),
    ("tengo 4 élites de Gondor en Minas Tirith sitiada por 8 orcos, ¿puedo salir solo con 2 élites?", "es",
     "Minas Tirith", {"elite": 4}),
])
def test_the_few_said_to_act_are_not_counted_again(query, lang, region, army):
    """"With just Théoden and 1 elite" are some of the army already named, not more figures."""
    from adjudicator.search.situation import read_situation

    nation = "rohan" if lang == "en" else "gondor"
    position = read_situation(query, lang)["position"]
    assert position["regions"][region]["free_peoples"][nation] == army


def test_more_units_said_with_just_are_counted_when_they_are_not_some_of_an_army_named():
    from adjudicator.search.situation import read_situation

    query = "I have 3 gondor regulars in Pelargir, can 5 more join with just 2 elites?"
    position = read_situation(query, "en")["position"]
    assert position["regions"]["Pelargir"]["free_peoples"]["gondor"]["regular"] == 3
    assert position["regions"]["Pelargir"]["free_peoples"]["gondor"].get("elite") == 2


def test_fillers_and_dialect_spellings_are_no_table_words_of_the_game():
    """A query whose only players' words are a greeting or a dialect's spelling ("howay man",
    "dat", "jus") is not read as a rules question in the table's words: it may still be refused."""
    from adjudicator.search.vocabulary import says_table_words

    assert not says_table_words("howay man, dat is jus wrong", "en", lambda w: True)
    assert says_table_words("can the wraiths fly anywhere", "en", lambda w: True)
    assert says_table_words("los Nazgûl solitos pueden entrar", "es", lambda w: w == "solos")
    assert not says_table_words("acho, qué calor hace hoy", "es", lambda w: False)


def test_a_final_s_dropped_and_written_as_an_apostrophe_is_read_back():
    """Andalusian players write "lo' orco'" for "los orcos" (set 55, spent)."""
    from adjudicator.search.vocabulary import with_final_s

    assert with_final_s("¿cuánta' unidade' caben, 10 muñecajo'?", "es") == "¿cuántas unidades caben, 10 muñecajos?"
    assert with_final_s("The Orcs' Search y lo' orco'", "es") == "The Orcs' Search y los orcos"
    assert with_final_s("the hunt's dice, dunno'", "en") == "the hunt's dice, dunno'"


@pytest.mark.usefixtures("search_index")
def test_a_question_in_cadiz_spanish_finds_its_rule():
    result = search.search("¿Cuánta' unidade' caben como mucho en una región, 10 muñecajo' sin contar lídere'?", "es")
    assert result["matched"] and result["results"][0]["label"] == "wotr-army-stacking"
