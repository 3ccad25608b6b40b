"""Armies said by their size, the sides by the table's names, and Cajun spellings (issue 25, sets 60 and 61).

Learned from the spent sets 60 and 61 (Ghanaian, Extremaduran, Cajun and Cordoban writers): an
army said by its size alone ("a Shadow army of 7 in Pelargir"), the sides as players name them
("el malo", "los buenos"), the attacker said as "he" beside the asker's own army, and the Cajun
"wit" and "an" for "with" and "and".
"""
from __future__ import annotations

import pytest

from adjudicator import search
from adjudicator.search import vocabulary
from adjudicator.search.situation import read_situation
from tests.test_search import search_build, search_index  # noqa: F401 (the session's built index)


def regions(query: str, lang: str) -> dict:
    scenario = read_situation(query, lang)
    assert scenario, query
    return scenario.get("position", {}).get("regions", {})


def test_an_army_said_by_its_size_is_that_many_units_of_its_side():
    got = regions("Aragorn sitting in Dol Amroth with 2 Gondor regulars, Shadow army of 7 in Pelargir, can I "
                  "play Dead Men of Dunharrow from there?", "en")
    assert got["Pelargir"] == {"shadow": {"sauron": {"regular": 7}}}, got   # not 7 more of Gondor's
    assert got["Dol Amroth"]["free_peoples"]["gondor"] == {"regular": 2}, got


def test_a_spanish_army_said_by_its_size_keeps_its_side_and_the_other_army_its_region():
    got = regions("un ejército de 7 de la Sombra en Pelargir ataca Dol Amroth con 2 regulares de Gondor", "es")
    assert got["Pelargir"] == {"shadow": {"sauron": {"regular": 7}}}, got
    assert got["Dol Amroth"] == {"free_peoples": {"gondor": {"regular": 2}}}, got


def test_an_army_named_after_a_region_is_that_regions_nations():
    got = regions("4 North regulars in Bree, Angmar army of 8 comes down from Ettenmoors, can they retreat?", "en")
    assert got["Ettenmoors"] == {"shadow": {"sauron": {"regular": 8}}}, got


def test_an_army_of_units_counted_by_type_is_read_by_its_types():
    got = regions("a Shadow army of 6 regulars and 2 elites in Osgiliath attacks Minas Tirith", "en")
    assert got["Osgiliath"]["shadow"]["sauron"] == {"regular": 6, "elite": 2}, got


def test_el_malo_is_the_shadow_beside_its_army():
    scenario = read_situation("el malo tiene un ejército de 8 en Osgiliath y yo 3 regulares de Gondor en "
                              "Minas Tirith, puede atacar?", "es")
    assert scenario["position"]["regions"]["Osgiliath"] == {"shadow": {"sauron": {"regular": 8}}}, scenario
    assert scenario["question"]["from"] == "Osgiliath" and scenario["question"]["to"] == "Minas Tirith", scenario


def test_he_attacks_is_the_army_that_is_not_the_askers():
    scenario = read_situation("shadow has 6 orcs and the witch king in osgiliath vs my 3 gondor regulars and a "
                              "leader in minas tirith, if he attacks do i have to retreat into the siege", "en")
    assert (scenario["question"]["from"], scenario["question"]["to"]) == ("Osgiliath", "Minas Tirith"), scenario


@pytest.mark.parametrize(("text", "read"), [
    ("2 elites an a leader", "2 elites and a leader"),
    ("8 regulars an 4 elites", "8 regulars and 4 elites"),
    ("come from Dol Guldur wit 6 regulars", "come from Dol Guldur with 6 regulars"),
    ("an elite", "an elite"),            # the article before a vowel
    ("can I flip an Ent", "can I flip an Ent"),
])
def test_the_cajun_with_and_and_are_read_but_not_the_article(text, read):
    assert vocabulary.respelt(text, "en") == read


def test_the_cajun_army_is_read_whole():
    got = regions("my 5 Rohan regulars, 2 elites an a leader holed up in Helm's Deep, Saruman side comin from de "
                  "Fords of Isen wit 8 Isengard regulars an 4 elites, how many rounds dey get", "en")
    assert got["Helm's Deep"]["free_peoples"]["rohan"] == {"regular": 5, "elite": 2, "leader": 1}, got
    assert got["Fords of Isen"]["shadow"]["isengard"] == {"regular": 8, "elite": 4}, got


@pytest.mark.usefixtures("search_index")
def test_a_word_the_vocabulary_reads_is_never_corrected():
    result = search.search("si el de los buenos se queda sin dados y el malo tiene aún tres", "es")
    assert "mazo" not in (result.get("suggestion") or ""), result   # "el malo" is the Shadow, no misspelt deck
    assert search.search("how many hunt tils are there", "en")["suggestion"] == "how many hunt tile are there"
