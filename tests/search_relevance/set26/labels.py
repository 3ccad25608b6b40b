"""Set 26 labels, written by helper label2 from the docs only (docs/**/*.md, the glossary,
docs/usage.md, adjudicator/data/rules.json and the region data), without reading or running the
search. Each entry starts with the first words of its question, which build.py checks against
heldout26.txt, so a label can never slide onto the wrong question.

RULES: (prefix, labels, why) with why None for "newcomer's own words".
SITUATIONS: (prefix, kinds, fields).
"""

NOT_IN = "not in the reference: "

RULES = {
    "w3": [
        ("gollum guide?", ["wotr-fellowship-gollum", "wotr-char-gollum-guide"], None),
        ("when does gollum turn", ["wotr-fellowship-gollum", "wotr-fellowship-guide"], None),
        ("max hunt dice shadow can put", ["wotr-hunt-allocation-maximum", "wotr-turn-phase-hunt"], None),
        ("do eyes rolled", ["wotr-hunt-eye-results", "wotr-dice-eye", "wotr-turn-phase-roll"], None),
        ("every time the fellowship moves", ["wotr-hunt-roll", "wotr-hunt-roll-bonus", "wotr-fellowship-move"], None),
        ("what lets shadow reroll", ["wotr-hunt-reroll"], None),
        ("hide fellowship costs a die", ["wotr-fellowship-hide"], None),
        (
            "declaring the fellowship in a city",
            ["wotr-fellowship-declare-heal", "wotr-ring-corruption-heal", "wotr-turn-phase-fellowship"],
            None,
        ),
        ("fellowship steps onto the mordor", ["wotr-mordor-move", "wotr-mordor-hunt", "wotr-mordor-enter"], None),
        ("hunt tiles with the red eye", ["wotr-tiles-eye-icon", "wotr-hunt-damage-eye", "wotr-tiles-anatomy"], None),
        ("is it 12 corruption", ["wotr-victory-ring-shadow", "wotr-ring-corruption"], None),
        ("how many victory points does shadow", ["wotr-victory-military-shadow", "wotr-victory-points"], None),
        (
            "political track when does a nation move down",
            ["wotr-politics-advance", "wotr-politics-advance-attacked", "wotr-politics-activation-companion"],
            None,
        ),
        ("whats the diff between a nation", ["wotr-politics", "wotr-politics-passive", "wotr-politics-at-war"], None),
        ("can i recruit in rohan", ["wotr-muster-at-war", "wotr-politics-non-belligerent", "wotr-muster-event"], None),
        ("muster die what are all", ["wotr-dice-muster", "wotr-muster"], None),
        ("character die lets you move", ["wotr-dice-character", "wotr-army-move-character-action"], None),
        ("elven rings how do they work", ["wotr-elven-rings", "wotr-elven-rings-passing"], None),
        ("shadow gets more dice when saruman", ["wotr-dice-count", "wotr-muster-minion"], None),
        ("aragorn heir of isildur", ["wotr-char-aragorn-enter"], None),
        ("gandolf the white comes in", ["wotr-char-gandalf-white-enter"], None),
        ("saruman can he ever leave", ["wotr-character-saruman", "wotr-char-saruman"], None),
        ("mouth of sauron when can", ["wotr-char-mouth-enter"], None),
        (
            "witch king does he need an army",
            ["wotr-character-nazgul", "wotr-army-leaders-not-alone", "wotr-char-witch-king"],
            None,
        ),
        ("nazgul can they fly into a stronghold", ["wotr-character-nazgul-stronghold"], None),
        ("max units in one region", ["wotr-army-stacking"], None),
        ("siege battle only 1 round", ["wotr-siege-battle", "wotr-siege-extend"], None),
        ("how do sorties work", ["wotr-sortie"], None),
        ("when an army attacks me can i pull back", ["wotr-battle-retreat-into-siege", "wotr-siege-choice"], None),
        ("leaders let you reroll misses", ["wotr-battle-leader-reroll", "wotr-battle-leadership"], None),
        ("combat cards do both players pick", ["wotr-battle-combat-card"], None),
        ("the little number on combat cards", ["wotr-combat-cards-order", "wotr-battle-combat-card"], None),
        ("hand limit 6?", ["wotr-hand-limit", "wotr-turn-phase-recover"], None),
        ("event cards need a matching die", ["wotr-cards-die-icon", "wotr-dice-event"], None),
        ("mithril coat and sting card", ["wotr-card-fp-char-05"], None),
        ("shelob's lair card", ["wotr-card-sh-char-01", "wotr-tiles-special", "wotr-tiles-die"], None),
        ("balrog of moria card", ["wotr-card-sh-char-17"], None),
        ("companion leaving fellowship", ["wotr-fellowship-separate"], None),
        (
            "free peoples armies can they attack",
            ["wotr-battle-start", "wotr-politics-non-belligerent", "wotr-battle-attacking-army"],
            None,
        ),
        ("can i pass instead of using a die", ["wotr-turn-passing"], None),
        # The Draw step's count is given for the duels only; the Trilogy's is said to be missing.
        ("card game how many cards do you draw", ["wotrcg-round", "wotrcg-scenario-three-player-duel"], None),
        (
            "card game what happens when the fellowship gets corrupted",
            ["wotrcg-corruption-tokens", "wotrcg-victory-check"],
            None,
        ),
        ("wotr card game path cards vs battleground", ["wotrcg-location-cards", "wotrcg-activation"], None),
        (
            "card game the eliminated pile vs discard",
            ["wotrcg-procedure-eliminate", "wotrcg-procedure-cycle", "wotrcg-play-area"],
            None,
        ),
        # Only the factions of each player's deck say it; no section says so in words.
        ("in the card game can my teammate", ["wotrcg-factions", "wotrcg-turn-order"], None),
        ("card game reserve a card", ["wotrcg-reserve", "wotrcg-reserve-play"], None),
        (
            "card game who wins on points",
            ["wotrcg-victory-check", "wotrcg-scoring", "wotrcg-scoring-battlegrounds"],
            None,
        ),
        ("card game can free peoples skip", ["wotrcg-pass", "wotrcg-pass-condition"], None),
        ("doomed 2 what does it do", ["lcg-doomed"], None),
        ("surge keyword", ["lcg-surge"], None),
        ("time 3 on a quest card", ["lcg-time-trigger", "lcg-time"], None),
        ("do surge cards surge again", ["lcg-surge"], None),
        ("scour in celebrimbors secret", ["lcg-scour"], None),
        ("orcs search thing", ["lcg-orcs-search", "lcg-orcs-search-location"], None),
        ("time counters do they come off", ["lcg-time-refresh"], None),
    ],
    "w4": [
        ("gollum guia?", ["wotr-fellowship-gollum", "wotr-char-gollum-guide"], None),
        ("che si en la tirada de accion", ["wotr-hunt-eye-results", "wotr-dice-eye", "wotr-turn-phase-roll"], None),
        ("hay maximo de dados de caceria", ["wotr-hunt-roll-dice", "wotr-hunt-allocation-maximum"], None),
        ("el dado de la bandera azul", ["wotr-dice-will-of-the-west", "wotr-cards-will-of-the-west"], None),
        ("parce cuantos bichos", ["wotr-army-stacking"], None),
        ("cuando sacan la fichita del ojo", ["wotr-hunt-damage-eye", "wotr-tiles-eye-icon"], None),
        (
            "si la comunidad esta revelada puedo esconderla",
            ["wotr-fellowship-revealed-no-move", "wotr-fellowship-hide"],
            None,
        ),
        (
            "una vez que la comunidad entra al camino",
            [],
            NOT_IN + "whether the Fellowship can ever leave the Mordor Track for the map again "
            "(wotr-mordor-move only describes moving along it)",
        ),
        ("en mordor se saca ficha", ["wotr-mordor-hunt"], None),
        ("si la corrupcion llega a 12", ["wotr-victory-ring-shadow"], None),
        ("que tiene que pasar para que trancos", ["wotr-char-aragorn-enter"], None),
        ("gandalf el blanco sale solo", ["wotr-char-gandalf-white-enter"], None),
        ("saruman se puede mover", ["wotr-character-saruman", "wotr-char-saruman"], None),
        ("el rey brujo cuando se puede poner", ["wotr-char-witch-king-enter"], None),
        ("la boca de sauron como se consigue", ["wotr-char-mouth-enter"], None),
        ("los anillos elficos cuantas veces", ["wotr-elven-rings-passing", "wotr-elven-rings"], None),
        (
            "una nacion que no esta en guerra",
            ["wotr-politics-non-belligerent", "wotr-muster-at-war", "wotr-army-non-belligerent"],
            None,
        ),
        (
            "si el shadow entra con un ejercito",
            ["wotr-politics-activation-enemy-army", "wotr-politics-advance", "wotr-politics-advance-captured"],
            None,
        ),
        ("un compañero que se separa", ["wotr-fellowship-separate"], None),
        (
            "cuantos puntos necesita la sombra",
            ["wotr-victory-military-shadow", "wotr-victory-military-free-peoples", "wotr-turn-phase-victory"],
            None,
        ),
        ("juego de cartas: cuantas rondas", ["wotrcg-round", "wotrcg-victory-check", "wotrcg-scenarios"], None),
        ("en el de cartas a 4 jugadores", ["wotrcg-who-sees-what", "wotrcg-setup"], None),
        ("como se gana en el war of the ring de cartas", ["wotrcg-victory-check", "wotrcg-scoring"], None),
        ("en el card game la corrupcion", ["wotrcg-corruption-tokens", "wotrcg-victory-check"], None),
        ("doomed 2 sube la amenaza", ["lcg-doomed"], None),
        ("surge", ["lcg-surge"], None),
        (
            "oleada (surge) si la carta sale como carta de sombra",
            [],
            NOT_IN + "whether Surge (or any keyword) acts on an encounter card dealt as a shadow "
            "card in combat; lcg-surge only speaks of a card revealed",
        ),
        ("una carta con surge y doomed", ["lcg-surge-timing", "lcg-doomed"], None),
        (
            "las fortalezas valen 2 puntos",
            ["wotr-victory-points", "wotr-settlement-types", "wotr-settlement-control"],
            None,
        ),
        ("boludo estabamos jugando", ["wotr-siege-battle", "wotr-siege-continues", "wotr-siege-extend"], None),
        ("en un asedio el que defiende", ["wotr-siege-battle"], None),
        ("la salida esa desde el asedio", ["wotr-sortie"], None),
        ("cuando me retiro a la fortaleza", ["wotr-siege-stacking"], None),
        ("los lideres sirven para repetir", ["wotr-battle-leader-reroll", "wotr-battle-leadership"], None),
        ("los elites cuando les pegan", ["wotr-battle-elite-reduction", "wotr-battle-casualties"], None),
        ("las cartas de combate se juegan antes", ["wotr-battle-combat-card", "wotr-battle-round"], None),
        ("limite de cartas en mano", ["wotr-hand-limit"], None),
        ("una carta que tiene texto de combate", ["wotr-cards-condition", "wotr-event-cards"], None),
        ("los nazgul pueden volar", ["wotr-character-nazgul-stronghold"], None),
        ("cada vez que muevo la comunidad", ["wotr-hunt-roll", "wotr-hunt-roll-bonus"], None),
        ("la carta del balrog de moria", ["wotr-card-sh-char-17"], None),
        ("ents despiertan", ["wotr-card-fp-char-19"], None),
        ("guarida de ella-laraña", ["wotr-card-sh-char-01", "wotr-tiles-special-enter"], None),
        ("la locura de denethor", ["wotr-card-sh-str-03"], None),
        ("se murio el guia", ["wotr-fellowship-guide-change", "wotr-fellowship-guide"], None),
        ("cuando la caceria le pega", ["wotr-hunt-casualty-choice", "wotr-hunt-casualty"], None),
        ("al final del turno cuantas cartas robo", ["wotr-turn-phase-recover"], None),
        ("para jugar una carta en el juego de cartas", ["wotrcg-play", "wotrcg-play-cycle"], None),
        # What the reserve is: yes; a limit on it: no section gives one (or says there is none).
        ("la reserva en el juego de cartas", ["wotrcg-reserve", "wotrcg-reserve-keep"], None),
        ("juego de cartas: un personaje puede estar", ["wotrcg-play-character", "wotrcg-move-action"], None),
        ("que pasa si se me acaba el mazo", ["wotrcg-running-out", "wotrcg-recycling"], None),
        ("time 3 en el señor de los anillos", ["lcg-time-refresh"], None),
        ("cuando el tiempo llega a cero", ["lcg-time-trigger"], None),
        ("scour en el secreto de celebrimbor", ["lcg-scour", "lcg-scour-trigger"], None),
        ("the orcs search / la busqueda", ["lcg-orcs-search"], None),
    ],
}

MT = "Minas Tirith"

SITUATIONS = {
    "w3": [
        (
            "my 4 rohan regulars",
            ["battle", "retreat"],
            {
                "from": "Westemnet",
                "to": "Edoras",
                "regions.Edoras.free_peoples.rohan.regular": 4,
                "regions.Edoras.free_peoples.rohan.elite": 2,
                "regions.Edoras.free_peoples.rohan.leader": 1,  # Théoden: a Rohan Leader figure
                "regions.Westemnet.shadow.isengard.regular": 6,
                "regions.Westemnet.shadow.isengard.elite": 2,
            },
        ),
        (
            "got 5 gondor regulars",
            ["battle", "battle-outcome"],
            {
                "from": MT,
                "to": MT,
                f"regions.{MT}.besieged": "free-peoples",
                f"regions.{MT}.free_peoples.gondor.regular": 5,
                f"regions.{MT}.free_peoples.gondor.leader": 1,
                f"regions.{MT}.shadow.sauron.*": 8,
                "character": "Witch-king",
            },
        ),
        (
            "fellowship is in moria with gandolf",
            ["hunt-casualty", "hunt-damage"],
            {
                "fellowship.region": "Moria",
                "fellowship.guide": "Gandalf the Grey",
                "hunt.box.shadow": 3,
            },
        ),
        (
            "ring bearers are at mount doom",
            ["hunt-damage", "victory"],
            {
                "fellowship.mordor": 5,
                "fellowship.corruption": 9,
            },
        ),
        (
            "nazgul in dol guldur",
            ["hunt-roll"],
            {
                "regions.Dol Guldur.shadow.nazgul": 1,
                "fellowship.region": "Lórien",
            },
        ),
        (
            "north is not at war yet",
            ["politics", "muster"],
            {
                "nation": "north",
                "region": "Dale",
                "politics.north": "not-at-war",
                "regions.*.shadow.southrons.*": 3,
            },
        ),
        (
            "i have a muster die and gondor",
            ["muster"],
            {
                "nation": "gondor",
                "politics.gondor": "at-war",
                "region": ["Dol Amroth", "Pelargir"],
                "count": 2,
            },
        ),
        (
            "shadow has 4 sauron regulars",
            ["battle", "battle-outcome"],
            {
                "from": "Osgiliath",
                "regions.Osgiliath.shadow.sauron.regular": 4,
                "regions.*.free_peoples.gondor.regular": 3,
                "character": ["Mouth of Sauron", "Boromir"],
            },
        ),
        (
            "i played elven cloaks",
            ["hunt-roll", "event-card"],
            {
                "card": "Elven Cloaks",
            },
        ),
        (
            "aragorn is in the fellowship at rivendell",
            ["separate-companions", "bring-into-play"],
            {
                "character": "Strider",
                "fellowship.region": "Rivendell",
                "to": MT,
            },
        ),
        (
            "threats and promises card",
            ["event-card", "politics"],
            {
                "card": "Threats and Promises",
                "nation": "elves",
                "politics.elves": "active",
            },
        ),
        (
            "i have 2 elves elites",
            ["battle", "battle-outcome"],
            {
                "from": "Dol Guldur",
                "to": "Lórien",
                "regions.Lórien.free_peoples.elves.elite": 2,
                "regions.Dol Guldur.shadow.*.*": 6,
            },
        ),
    ],
    "w4": [
        (
            "tengo 3 regulares y 2 elites de rohan",
            ["retreat", "battle-outcome"],
            {
                "from": "Orthanc",
                "to": "Helm's Deep",
                "regions.Helm's Deep.free_peoples.rohan.regular": 3,
                "regions.Helm's Deep.free_peoples.rohan.elite": 2,
                "regions.Helm's Deep.free_peoples.rohan.leader": 1,  # Théoden
                "regions.Orthanc.shadow.isengard.regular": 8,
                "regions.Orthanc.shadow.isengard.elite": 2,
                "character": "Saruman",
            },
        ),
        (
            "la comunidad esta en lorien escondida",
            ["hunt-roll", "hunt-draw"],
            {
                "fellowship.region": "Lórien",
                "fellowship.hidden": True,
                "hunt.box.shadow": 3,
            },
        ),
        (
            "el rey brujo con 6 regulares",
            ["battle", "retreat", "battle-outcome"],
            {
                "from": "Osgiliath",
                "to": MT,
                "regions.Osgiliath.shadow.sauron.regular": 6,
                "regions.Osgiliath.shadow.sauron.elite": 2,
                f"regions.{MT}.free_peoples.gondor.regular": 4,
                f"regions.{MT}.free_peoples.gondor.leader": 1,
                "character": ["Witch-king", "Boromir"],
            },
        ),
        (
            "gandalf el gris esta solo en fangorn",
            ["event-card"],
            {
                "card": "The Ents Awake: Treebeard",  # "la carta de los ents": the three are alike
                "character": "Gandalf the Grey",
                "region": "Fangorn",
            },
        ),
        (
            "aragorn esta en dol amroth",
            ["event-card"],
            {
                "card": "Dead Men of Dunharrow",
                "character": "Aragorn",
                "regions.Dol Amroth.free_peoples.*.regular": 2,
                "regions.Pelargir.shadow.southrons.regular": 3,
            },
        ),
        (
            "corrupcion en 10",
            ["hunt-damage", "victory"],
            {
                "fellowship.corruption": 10,
                "fellowship.mordor": 3,
            },
        ),
        (
            "la sombra tiene 2 regulares de sauron y un nazgul",
            ["hunt-roll"],
            {
                "regions.Moria.shadow.sauron.regular": 2,
                "regions.Moria.shadow.nazgul": 1,
                "fellowship.region": "Moria",
            },
        ),
        (
            "rohan todavia esta pasivo",
            ["politics", "battle"],
            {
                "nation": "rohan",
                "region": "Edoras",
                "politics.rohan": "passive",
                "regions.*.shadow.isengard.regular": 5,
            },
        ),
        (
            "el norte (dale y erebor)",
            ["muster"],
            {
                "nation": "north",
                "politics.north": "at-war",
                "region": ["Erebor", "Dale"],
            },
        ),
        (
            "minas tirith sitiada con 3 elites",
            ["battle", "battle-outcome"],
            {
                "from": MT,
                "to": MT,
                f"regions.{MT}.besieged": "free-peoples",
                f"regions.{MT}.free_peoples.*.elite": 3,
                f"regions.{MT}.shadow.sauron.*": 10,
                "character": ["Gandalf the Grey", "Witch-king"],  # "gandalf": read as the Grey
            },
        ),
        (
            "mi ejercito de 5 regulares de gondor",
            ["battle"],
            {
                "to": "South Ithilien",
                "regions.*.free_peoples.gondor.regular": 5,
                "regions.*.free_peoples.gondor.leader": 1,
                "regions.South Ithilien.shadow.southrons.regular": 3,
            },
        ),
        (
            "legolas se separa de la comunidad",
            ["separate-companions", "politics"],
            {
                "character": "Legolas",
                "fellowship.region": "Rivendell",
                "to": "Woodland Realm",
                "nation": "elves",
            },
        ),
    ],
}
