"""The Event cards' catalogue: a card found by id, by name in either language, or by title."""
from __future__ import annotations

from adjudicator.wotr.cards import catalogue


def test_every_card_is_found_by_its_id_and_its_english_name():
    for cid, card in catalogue.cards().items():
        assert catalogue.find_card(cid) == cid
        assert catalogue.find_card(card["name_en"]) == cid
        assert catalogue.find_card(card["name_en"].upper()) == cid


def test_a_combat_title_names_every_card_that_carries_it():
    assert catalogue.find_combat("Mighty Attack") == ["fp-char-06", "fp-char-07"]
    assert catalogue.find_combat("MUMAKIL") == ["sh-str-07", "sh-str-08"]
    assert len(catalogue.titles()) == 38
    assert catalogue.find_combat("no such card") == []


def test_a_misspelt_name_gets_suggestions():
    assert "Challenge of the King" in catalogue.suggestions("chalenge of the kin").render("en")
