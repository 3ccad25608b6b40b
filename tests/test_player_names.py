"""Names players use for regions (issue 26): Lothlórien for Lórien, Isengard for Orthanc
where a region is meant, while Isengard stays the nation where a nation is meant."""
from adjudicator import api, names


def test_the_names_players_use_find_their_region():
    assert names.regions().lookup("Lothlórien") == "lorien"
    assert names.regions().lookup("lothlorien") == "lorien"
    assert names.regions().lookup("Isengard") == "orthanc"
    assert names.nations().lookup("Isengard") == "isengard"


def test_a_question_naming_isengard_as_a_region_is_ruled_on_orthanc():
    scenario = {"game": "war-of-the-ring", "lang": "en",
                "position": {"regions": {"Isengard": {"shadow": {"isengard": {"regular": 2}}}}},
                "question": {"kind": "army-move", "from": "Isengard", "to": "Fords of Isen"}}
    ruling = api.ask(scenario, "en")
    assert ruling["verdict"]["status"] == "decided", ruling
    assert ruling["regions"]["orthanc"] == "from"
