"""Labels of the second situation set (situations25b.yaml), written after the reader; see README-set25.md."""
R = "regions"
EN = [
    (["army-move"], {"from": "Dol Amroth", "to": "Pelargir", f"{R}.Dol Amroth.free_peoples.gondor.elite": 3}),
    (["battle", "battle-outcome", "army-move"], {"from": "Minas Morgul", "to": "Osgiliath",
                                                 "character": "The Witch-king",
                                                 f"{R}.Minas Morgul.shadow.*.regular": 4}),
    (["battle-outcome", "battle"], {"to": "Erebor", f"{R}.Erebor.free_peoples.dwarves.regular": 5}),
    (["character-move"], {"from": "Fangorn", "to": "Edoras", "character": "Gandalf the White"}),
    (["muster"], {"nation": "gondor", "region": "Minas Tirith"}),
    (["politics"], {"nation": "rohan", "region": "Edoras"}),
    (["army-move"], {"from": "Edoras", "to": "Helm's Deep", f"{R}.Edoras.free_peoples.rohan.regular": 2}),
    (["battle", "battle-outcome"], {"from": "Orthanc", "to": "Helm's Deep", f"{R}.Orthanc.shadow.isengard.regular": 6,
                                    f"{R}.Orthanc.shadow.isengard.elite": 2}),
    (["character-move"], {"from": "Lórien", "to": "Rivendell", "character": "Legolas"}),
    (["hunt-roll"], {"hunt.box.shadow": 2}),
]
ES = EN
