"""Review 53: what this round's changes to the search broke, each with the question that shows it.

A question about the action dice that asks for a winning strategy is still advice; a Spanish
adjective in "-ico" (mágico, típico, cómico) is no Murcian diminutive; one's own army or a
Companion "coming with" units is no enemy attack; choosing one guide instead of another is the
question of changing the guide, not of one guide's ability.
"""
from __future__ import annotations

import pytest

from adjudicator import search
from tests.test_search import search_build, search_index  # noqa: F401 (the session's built index)

# -- not_outside: the action dice and how more are won --------------------------------------------

@pytest.mark.usefixtures("search_index")
@pytest.mark.parametrize(("lang", "query"), [
    ("en", "what's a winning strategy with the action dice?"),
    ("en", "which side wins more with its action dice"),
    ("es", "¿cuál es la estrategia ganadora con los dados de acción?"),
    ("es", "¿qué bando gana más partidas con los dados de acción?"),
])
def test_advice_about_the_action_dice_is_still_refused(lang, query):
    result = search.search(query, lang)
    assert not result["matched"], [r["label"] for r in result["results"][:3]]
    assert result.get("outside") == "advice"


def test_how_more_action_dice_are_won_is_still_no_advice():
    for query in ("cuantos dados de accion tienen al principio los pueblos libres y como se ganan más",
                  "¿cómo se gana más dados de acción?"):
        assert "advice" not in [k for k, _p in search.outside_phrases(query)], query


# -- the "-ico" diminutive: not the adjectives -------------------------------------------------------

@pytest.mark.usefixtures("search_index")
@pytest.mark.parametrize("word", ["mágico", "mágica", "magico", "típico", "típica", "cómico", "médico",
                                  "medico", "perico"])
def test_an_adjective_in_ico_is_no_diminutive(word):
    from adjudicator.search.vocabulary import read_vocabulary

    knows = search.open_index("es").knows
    assert read_vocabulary(f"el anillo {word} de la partida", "es", knows) == f"el anillo {word} de la partida"


@pytest.mark.usefixtures("search_index")
def test_the_murcian_diminutive_is_still_read():
    from adjudicator.search.vocabulary import read_vocabulary

    knows = search.open_index("es").knows
    assert "Nazgûl" in read_vocabulary("¿los fantasmicas pueden mover?", "es", knows)


@pytest.mark.usefixtures("search_index")
def test_the_magic_ring_offers_no_wizards_card():
    result = search.search("¿qué hace el anillo mágico?", "es")
    assert "wotr-card-fp-char-08" not in [r["label"] for r in result["results"][:1]]


# -- an army "coming with" units: the enemy's only --------------------------------------------------

@pytest.mark.parametrize(("query", "lang", "kind"), [
    # one's own army coming with more figures: a move
    ("can my army of 6 in Pelargir go to Dol Amroth? it comes with 2 leaders", "en", "army-move"),
    ("I move 4 units from Edoras to Fangorn and Gandalf comes with a leader", "en", "army-move"),
    ("tengo 5 regulares en Edoras, ¿puedo mover a Fangorn? Gandalf viene con un líder", "es", "army-move"),
    # the enemy coming with units: still an attack
    ("mi have 4 gondor regular in minas tirith, shadow come wid 8 orc and 2 nazgul from osgiliath, wah mi do", "en",
     "battle"),
    ("Rivendel con 2 élites elfas, llega el Rey Brujo con 6 regulares desde Ettenmoors, ¿qué pasa?", "es", "battle"),
    ("my 3 regulars in Edoras, sauron's army comes with 6 orcs from Westemnet", "en", "battle"),
])
def test_only_the_enemy_coming_with_units_is_an_attack(query, lang, kind):
    from adjudicator.search.situation import read_situation

    assert read_situation(query, lang)["question"]["kind"] == kind


# -- the guide: one chosen instead of another -------------------------------------------------------

@pytest.mark.usefixtures("search_index")
@pytest.mark.parametrize("query", [
    "turn 1 can i make strider guide instead of gandalf",
    "switch guide to strider on turn 1 instead of gandalf",
    "¿puedo poner a Trancos de guía en vez de Gandalf?",
])
def test_one_guide_instead_of_another_is_changing_the_guide(query):
    lang = "es" if "¿" in query else "en"
    result = search.search(query, lang)
    assert result["matched"]
    assert result["results"][0]["label"] != "wotr-char-strider-guide", [r["label"] for r in result["results"][:3]]


@pytest.mark.usefixtures("search_index")
def test_two_guides_asked_what_they_do_still_gets_the_first_guides_section():
    result = search.search("Strider as guide what does he do? and does Gandalf do something different as guide?",
                           "en")
    assert result["results"][0]["label"] == "wotr-char-strider-guide"
