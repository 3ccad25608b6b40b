"""What each situation question of set 25 should be offered (labelled after writing).

``kinds``: the question kinds that answer it (the first is the best). ``fields``: what the
query names, as paths into the scenario the "Ask" opens (regions by their English name;
a path ``regions.X.side.nation.unit`` is a count).
"""
R = "regions"
EN = [
    (["army-move"], {"from": "Pelargir", "to": "Lamedon", f"{R}.Pelargir.free_peoples.gondor.regular": 4,
                     f"{R}.Pelargir.free_peoples.gondor.leader": 1}),
    (["battle", "battle-outcome"], {"from": "Osgiliath", "to": "Minas Tirith",
                                    f"{R}.Osgiliath.shadow.*.regular": 3, f"{R}.Osgiliath.shadow.*.elite": 2}),
    (["hunt-roll", "hunt-damage"], {"hunt.box.shadow": 2, "fellowship.corruption": 5}),
    (["battle-outcome", "battle"], {"to": "Edoras", f"{R}.Edoras.free_peoples.rohan.elite": 2,
                                    "*.shadow.sauron.regular": 6}),
    (["army-move", "character-move"], {"from": "Minas Morgul", "to": "Osgiliath", "character": "The Witch-king",
                                       f"{R}.Minas Morgul.shadow.*.regular": 3}),
    (["muster"], {"nation": "rohan", "politics.rohan": "passive", "region": "Helm's Deep"}),
    (["politics"], {"nation": "dwarves", "region": "Erebor"}),
    (["army-move", "muster"], {"region": "Dol Guldur", "count": 10}),
    (["character-move"], {"from": "Rivendell", "to": "Moria", "character": ["Strider", "Aragorn", "Gimli"]}),
    (["battle", "battle-outcome"], {"from": "Orthanc", "to": "Orthanc", f"{R}.Orthanc.shadow.isengard.regular": 5,
                                    f"{R}.Orthanc.free_peoples.rohan.elite": 3}),
    (["character-move"], {"from": "Morannon", "to": "Lórien", "count": 3}),
    (["army-move"], {"to": "Dol Guldur", "from": "Lórien", f"{R}.Lórien.free_peoples.elves.elite": 2,
                     "politics.elves": "at-war"}),
    (["army-move"], {"from": "Dale", "to": "Erebor", f"{R}.Dale.free_peoples.north.regular": 2,
                     "politics.north": "passive"}),
    (["battle-outcome", "battle"], {"to": "Minas Tirith", f"{R}.Minas Tirith.free_peoples.gondor.regular": 5}),
    (["battle-outcome", "battle"], {"from": "Moria", "to": "Lórien", f"{R}.Moria.shadow.*.regular": 6,
                                    f"{R}.Lórien.free_peoples.elves.*": 1}),
]
ES = [
    EN[0], EN[1], EN[2],
    (["battle-outcome", "battle"], {"to": "Edoras", f"{R}.Edoras.free_peoples.rohan.elite": 2,
                                    "*.shadow.*.regular": 6}),
    EN[4], EN[5], EN[6], EN[7], EN[8], EN[9], EN[10], EN[11], EN[12], EN[13], EN[14],
]
