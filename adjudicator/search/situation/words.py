"""The words the situation reader knows: the data's word lists (adjudicator/data/
situation_words.json) and the phrases, as patterns, that say where units stand, who attacks, a
nation's state, a siege, the Fellowship and the Hunt, and what the question asks."""
from __future__ import annotations

import re
from functools import cache
from typing import Any


@cache
def _words_data() -> dict[str, Any]:
    from adjudicator import data

    return data.load("situation_words")


def table(name: str) -> dict[str, Any]:
    return _words_data()[name]


NUMBERS: dict[str, int] = {}      # filled from the data on first use (see tables)
ARTICLES = {"a", "an", "un", "una", "single", "solo"}
TYPED_UNITS = {"regular", "elite", "leader", "nazgul"}
# Words that may stand between the units of one group ("5 regulars and 2 elites plus Théoden").
JOINERS = {"and", "y", "e", "i", "plus", "mas", "with", "con", "of", "de", "del", "la", "el", "the", "also", "too",
           "ademas", "more", "otros", "otras", "another"}
# Before a region, what says the units stand there ("in Pelargir", "de Erebor a Valle").
LOCATIVE = {"in", "en", "at", "inside", "dentro", "within", "into", "from", "de", "desde", "besieging", "sitiando",
            "asediando", "on", "sobre", "defending", "defend", "defends", "holding", "guarding", "defendiendo",
            "defienden", "defiende", "protegiendo"}
# Words after "3 gondor" that are no units ("3 gondor regions").
NOT_UNITS = {"region", "regions", "regiones", "cities", "ciudades", "steps", "casillas", "pasos", "cards",
             "cartas", "dice", "dados", "turns", "turnos", "times", "veces", "players", "jugadores", "rings",
             "anillos", "settlements", "strongholds", "baluartes", "vp", "points", "puntos"}
ARTICLE_WORDS = {"the", "el", "la", "los", "las", "of"}
# "there" after units or the Fellowship: the region said last before them ("los 3 orcos ahí").
THERE = frozenset({"there", "ahi", "alli", "alla"})
# Inside a Stronghold and outside it ("I have 2 elites inside", "fuera hay 8 regulares").
INSIDE = {"inside", "adentro", "dentro", "within",
          # "holed up in Minas Tirith", "metidos en el Abismo", "encerrados" (sets 62 to 64, spent)
          "holed", "metidos", "metido", "metidas", "encerrados", "encerrado", "atrincherados"}
# What a figure's army is said with: "saruman's got 6 regulars", "el Rey Brujo tiene 8 orcos".
HOLDING = {"s", "got", "has", "have", "had", "gets", "brings", "tiene", "trae", "lleva", "ha", "han"}
OUTSIDE = {"outside", "fuera", "afuera"}
# Verbs whose "an elite", "un regular" is the one unit something is done to, not one more unit
# on the board ("can he downgrade an elite", "reduce a regular", "pierdo un élite": set 35, spent).
ACTED_ON = {"downgrade", "downgrades", "downgrading", "reduce", "reduces", "reducing", "replace", "replaces",
            "upgrade", "upgrades", "lose", "loses", "losing", "remove", "removes", "kill", "kills", "eliminate",
            "sacrifice", "degradar", "degrado", "degrada", "reducir", "reduzco", "bajar",
            "perder", "pierdo", "pierde", "quitar", "quito", "quita", "eliminar", "elimino", "matar", "mato",
            "sacrificar", "sacrifico", "cambiar", "cambio", "sustituir", "sustituyo", "reemplazar", "reemplazo"}
# Between a region and the units after it that stand there ("Lórien where there's 2 elven elites").
BEFORE_GAP = {"where", "donde", "there", "theres", "s", "is", "are", "hay", "i", "ive", "ve", "got", "have", "has",
              "tengo", "tiene", "tienen", "with", "con", "and", "y", "the", "el", "la", "by", "por", "asediados",
              "asediadas", "asediado", "asediada", "sitiados", "sitiadas", "sitiado", "sitiada", "besieged", "que",
              "which", "me", "my", "mis", "mi", "m", "we", "our", "nuestros", "stand", "standing", "estan", "esta",
              "next", "beside", "nearby", "it", "al", "lado", "junto", "ahi", "alli", "haya", "aunque",
              "even", "though", "under", "siege", "solo", "only", "just", "nomas", "apenas"}
# After a target region, the units said to stand against the attack there ("into the Fords of Isen
# against 2 Rohan regulars"): the defenders, who stand in it.
AGAINST = {"against", "contra", "vs", "versus"}
TARGET_BEFORE = {"to", "a", "al", "hacia", "into", "towards", "toward", "attack", "attacks", "attacking", "ataco",
                 "atacar",
                 "ataca", "atacan", "atacando", "vs", "versus", "contra", "against"}
ORIGIN_BEFORE = {"from", "desde"}
# Verbs of an army coming from somewhere: the region after "viene de" is where it comes from.
COMING = {"viene", "vienen", "llega", "llegan", "sale", "salen", "ataca", "atacan", "baja", "bajan", "venir",
          "comes", "coming", "come", "marches", "march", "attacks", "attack"}
# Before a group the asker says is theirs.
MINE = {"my", "mi", "mis", "tengo", "ive", "i", "we", "our", "nuestro", "nuestros", "nuestra", "tenemos", "me", "yo"}
# An attack said and who makes it.
ATTACKS = re.compile(r"\b(attacks?|attacking|ataca|atacan|atacando|ataco|atacar|moves? in|se mete|se meten"
                     r"|assaults?|le pego|les pego|pegarle|pegarles|le pega|le pegan|les pega|les pegan)\b")
# ("if they attack, do I retreat": the asker's army defends; read so only when one army is the asker's
# and one is not, and not "if they attack the 4 orcs", where "they" may be the asker's army)
ATTACKS_ME = re.compile(r"\b(attacks? (?:me|us)|attacking (?:me|us)|me atac\w*|nos atac\w*|atacarme|atacarnos"
                        r"|attacked by|atacad[oa]s? por"
                        r"|(?:if|when|once) they attack (?:do|does|can|must|will|should|have|has|would) (?:i|we))\b")
I_ATTACK = re.compile(r"\b(i attack|we attack|can i attack|do i attack|should i attack|ataco|atacamos|puedo atacar"
                      r"|podemos atacar|my army attacks|mi ejercito ataca)\b")
# After a region's name, a point of the compass makes another place ("Folde Oeste").
COMPASS = {"oeste", "este", "norte", "sur", "west", "east", "north", "south", "occidental", "oriental",
           "septentrional", "meridional"}
# Before a nation's name said as a place ("from Isengard", "en Isengard").
PLACE_BEFORE = {"from", "desde", "in", "en", "at", "to", "hacia", "into"}
DESTINATION_BEFORE = {"to", "into", "towards", "toward", "hacia", "a", "al", "onto", "reach", "llegar", "llega"}
PASSIVE = re.compile(r"\b(passive|pasiv[ao]s?|asleep|dormid[ao]s?|sleeping)\b")
ACTIVE = re.compile(r"\b(active|activos|activas|awake|despiert[ao]s?)\b|\b(?:esta|estan|is|are|ya) activ[ao]\b")
# ... and a nation that has gone to war ("Rohan has just gone to war", "Gondor entró en guerra")
AT_WAR = re.compile(r"\b(at war|en guerra|gone to war|went to war|entro en guerra|entro en la guerra)\b")
TO_WAR_BEFORE = re.compile(r"\b(?:pasa|pasan|pasar|va|van|ir|sube|suben|subir|move|moves|moved|go|goes|going|become"
                           r"|becomes|turn|turns|get|gets|put|puts)\W+(?:\w+\W+){0,1}?(?:a|al|to|into|en)\W+$")
NOT_BEFORE = re.compile(r"\b(not|isn t|aren t|isnt|arent|no|aun no|todavia no|never|nunca|yet)\W+(?:\w+\W+){0,2}$")
STEPS = re.compile(r"\b(\d|one|two|three|uno|una|un|dos|tres) (?:steps?|boxes|box|spaces?|casillas?|pasos?|espacios?"
                   r"|cajas?) (?:away )?(?:from|de|del|to|para|hasta) (?:la |the )?(?:war|guerra|at war)\b")
# One step from war said another way: "on the step before at war", "1 step from top", "en el casillero
# de al lado de guerra" (sets 49, 53 and 58, spent), "(\d) steps? from (the )?top" for more.
ONE_STEP = re.compile(r"\b(?:the |el )?(?:step|box|space|casilla|casillero|paso) (?:right )?(?:before|just before"
                      r"|de al lado de|al lado de|antes de) (?:the |la )?(?:at war|war|guerra|en guerra)\b")
STEPS_FROM_TOP = re.compile(r"\b(\d|one|two|uno|dos) (?:steps?|pasos?|casillas?) (?:from|de|del) (?:the |la |el )?"
                            r"(?:top|cima|arriba|final)\b")
BESIEGED = re.compile(r"\b(besieged|besieging|besieges?|under siege|sieged|sitiad[oa]s?|asediad[oa]s?|sitiando"
                      r"|asediando"
                      r"|asedian?|sitian?|siege rounds?"
                      r"|rondas? de asedio|asedio|siege|inside (?:are|is|there are|there s|i have|i ve got|we have)"
                      r"|adentro (?:tengo|hay|estan|tenemos))\b")
SIEGE_ONLY = re.compile(r"\b(asedio|siege)\b")
# A settlement held by a side or a nation: "Pelargir lo tiene la sombra", "the Shadow controls
# Pelargir", "the southrons took Pelargir"; position.py reads who holds it (sides and nations).
HELD_BY = re.compile(r"^\W*(?:is |esta |lo |la |los )?(?:held|controlled|taken|captured|occupied|tiene|tienen|controla|"
                     r"controlan|tomad[oa]|capturad[oa]|conquistad[oa]|ocupad[oa]|controlad[oa])\b(?:\W+(?:by|por))?"
                     r"\W+(?:the |la |los )?(free peoples|pueblos libres|\w+)")
SIDE_HOLDS = re.compile(r"\b(free peoples|pueblos libres|\w+) (?:controls?|holds?|took|"
                        r"captured|has taken|controla|tiene|tomo|capturo|conquisto|ocupa)\W+(?:the |el |la )?$")
# Just before an army, words that say it besieges the Stronghold named before ("los sitian",
# "me asedian", "besieged by").
BESIEGERS_BEFORE = re.compile(r"\b(?:(?:los|las|lo|la|me|nos|les) (?:sitian|asedian|sitia|asedia|rodean)"
                              r"|(?:besieged|sieged|surrounded) by|under siege by|(?:sitiad|asediad)[oa]s? por"
                              # "besieged in Lorien by 8 Sauron regulars ... from Dol Guldur" (set 43)
                              r"|(?:besieged|sieged|surrounded|under siege|(?:sitiad|asediad)[oa]s?) (?:in|en|at)"
                              r" (?:\w+ ){1,4}(?:by|por))"
                              r"(?: \w+)?$")
# A sortie said: its battle is fought in the besieged Stronghold's region.
# The defenders of a region named before them: "Pelargir is defended by 2 Gondor regulars" (set 38).
DEFENDERS_BEFORE = re.compile(r"\b(?:(?:is|are) (?:defended|held|guarded|garrisoned) by|defendid[oa]s? por"
                              r"|(?:lo|la|los|las) defienden)(?: \w+)?$")
SORTIE = re.compile(r"\b(sortie\w*|sally|sallies|salida|salir a pelear|salgo a pelear)\b")
GUIDE = re.compile(r"^\W*(?:\w+\W+){0,4}?(?:is |as |de |como |es )?(?:the |el |la |our |mi |my |nuestro )?"
                   r"(?:guide|guia)\b")
GUIDE_BEFORE = re.compile(r"\b(?:guide|guia) (?:is |es |:)?(?:now |ahora )?$")
ONLY_LEFT = re.compile(r"\b(?:only|solo|solamente|just)\W+(?:\w+\W+){0,2}$|\b(?:solo )?(?:me )?queda (?:solo )?$")
# The Companions who walk with the Fellowship (Aragorn said there is Strider); the words that join
# them to it in a list ("the fellowship has merry, pippin and strider left", "con Gimli i Legolas en la
# Comunidad") and the words that part them from it ("Gandalf separates from the Fellowship").
FELLOWSHIP_COMPANIONS = frozenset({"gandalf-the-grey", "strider", "boromir", "legolas", "gimli", "meriadoc",
                                   "peregrin"})
LISTING = frozenset({"with", "con", "and", "y", "e", "i", "has", "have", "had", "tiene", "lleva", "llevan", "van",
                     "carries", "still", "todavia", "aun", "inside", "adentro", "dentro", "left", "quedan", "the",
                     "el", "la", "los", "as", "de", "como", "guide", "guia", "is", "are", "esta", "estan", "in",
                     "en", "also", "tambien", "plus", "mas", "only", "solo", "just", "our", "my", "mi", "nuestra",
                     "grey", "gris"})
LEAVING = frozenset({"separate", "separates", "separated", "separating", "split", "splits", "leave", "leaves",
                     "leaving", "from", "desde", "sale", "salen", "salir", "deja", "dejan", "separo", "separa",
                     "separan", "separar", "send", "sends", "mando", "manda", "mandar", "envio", "without", "sin",
                     "not", "no", "except", "menos", "excepto", "apart", "fuera", "outside", "out", "separado",
                     "separada", "separados", "separao", "away"})
# ... and before the Fellowship's word, what says a Companion has gone ("Gandalf the Grey has left the Fellowship")
LEFT_IT = LEAVING | {"left", "gone", "salio", "salido", "dejo", "abandono"}
# None left with the Ring-bearers: "solo Frodo y Sam", "all the companions are gone".
NO_COMPANIONS = re.compile(r"\b(?:solo|solamente|only|just) (?:quedan |estan |van |are |left )?frodo (?:y|and|e|i) sam"
                           r"(?! (?:and|y|e|i|con|with)\b)"
                           r"|\b(?:all|todos) (?:the |my |los |mis )?(?:companions|companeros) "
                           r"(?:are |have |estan |se )?"
                           r"(?:gone|dead|eliminated|been eliminated|muertos|eliminados|murieron)"
                           r"|\bse (?:me )?murieron todos los companeros"
                           r"|\bno (?:companions|companeros) (?:left|quedan)")
LEFT_AFTER = re.compile(r"^\W*(?:is |are )?(?:left|remains|queda|remaining)\b")
MORDOR_STEP = re.compile(r"\b(?:step|paso|casilla|space|espacio) (\d|one|two|three|four|five|uno|dos|tres|cuatro|cinco)"
                         r" (?:of|on|in|de|en|del) (?:the |la |el )?"
                         r"(?:mordor|senda|sendero|track|camino|pista de mordor)"
                         r"|\b(first|second|third|fourth|fifth|1st|2nd|3rd|4th|5th|primer|primero|primera|segundo"
                         r"|segunda|tercer|tercero|tercera|cuarto|cuarta|quinto|quinta) (?:step|paso|casilla|space"
                         # Mordor said: "the second step of the track" may be the Political Track's
                         r"|espacio) (?:of|on|in|de|en|del) (?:the |la |el )?"
                         r"(?:mordor|(?:senda|sendero|track|camino|pista) de mordor)\b"
                         r"|\b(?:mordor track|senda de mordor|sendero de mordor|track de mordor|pista de mordor)"
                         r" (?:(?:at|on|in|en) )?(?:the |la |el )?(?:step |paso |casilla )?(\d)\b"
                         r"|\bmordor (?:(?:en|on|at|in) )?(?:la |el |the )?(?:step|paso|casilla|space|espacio) (\d)\b"
                         # "en el 3 del track de mordor", "en el 1 de mordor" (set 42, spent)
                         r"|\b(?:en|on|at|in) (?:el|the) (\d) (?:del?|of|on) (?:the |la |el )?"
                         r"(?:mordor(?: track)?|(?:track|senda|sendero|camino|pista) de mordor)\b"
                         r"|\b(mount doom|monte del destino|orodruin) (?:step|space|paso|casilla|espacio)\b"
                         r"|\b(?:step|space|paso|casilla|espacio) (?:of |de |del )?(?:the |el )?"
                         r"(mount doom|monte del destino|orodruin)\b")
HUNT_BOX = re.compile(r"\b(\d+|one|two|three|four|five|six|seven|uno|dos|tres|cuatro|cinco|seis|siete|un) "
                      r"(?:shadow |action )?(?:dice|die|dados?|eyes?|ojos?)(?: de (?:la )?sombra| del? ojo)? "
                      r"(?:in|en|on) "
                      r"(?:the |la |el )?(?:hunt box|hung box|eye box|box|caza|caceria|busqueda"
                      # "3 dados en la ficha de la cacería" (set 45, spent); the Box as a cup, a bowl, a
                      # bucket, a poke, a pozal (sets 58, 60, 62 to 64, spent)
                      r"|hunt (?:cup|bowl|bucket|poke)|pozal de (?:la )?(?:caza|caceria)"
                      r"|(?:caja|ficha|casilla) de (?:la )?(?:caza|caceria|busqueda)|caja)\b"
                      r"|\b(?:hunt box|hung box|eye box|hunt (?:cup|bowl|bucket|poke)"
                      r"|caja de (?:la )?(?:caza|caceria|busqueda)) "
                      # "hunt box got 4 dice" (set 44, spent)
                      r"(?:has|have|got|with|tiene|con) (\d+)\b"
                      # "la cacería tiene 3 dados", "the hunt has 2 dice" (set 35, spent)
                      r"|\b(?:caceria|caza|busqueda|the hunt) (?:has|tiene) (\d+) (?:dados?|dice)\b")
# No die in the Hunt Box: "no tiene ningún dado en la cacería", "no dice in the hunt box" (set 45, spent).
NO_BOX = re.compile(r"\b(?:ningun|ni un|no|zero|cero) (?:shadow |action )?(?:dados?|dice|die|eyes?|ojos?)\b"
                    r"(?: \w+){0,3}? (?:in|en|on) (?:the |la )?(?:hunt box|hunt|box|caza|caceria|busqueda"
                    r"|(?:caja|ficha|casilla) de (?:la )?(?:caza|caceria|busqueda))\b")
# The Free Peoples' dice in the Hunt Box: "1 dado mío", "one FP die", "2 of my dice", or one fewer
# than the Fellowship's move said ("the FP's second move of the turn": one die there already).
FP_BOX = re.compile(r"\b(\d|one|two|three|uno|un|una|dos|tres) (?:dados? (?:mios?|nuestros?|de (?:los )?pueblos libres)"
                    r"|(?:of )?(?:my|our|free peoples) (?:action )?dice?|mios?"
                    # "1 die from a Fellowship move", "un dado de mover la Comunidad" (set 35, spent)
                    r"|(?:die|dice|dados?) (?:from|of|de) (?:a |the |an? |un |la |mover la )?"
                    r"(?:fellowship|comunidad))\b")
# The Fellowship moved already this turn, so many times ("ya la moví 2 veces", "I already moved
# it twice"): that many Free Peoples dice in the Hunt Box.
FP_MOVED = re.compile(r"\b(?:movi|movimos|ha movido|he movido|hemos movido|se movio|se ha movido|moved|have moved"
                      r"|has moved)"
                      r"(?: (?:la|lo|it|the fellowship|la comunidad|la fellowship))? (\d|dos|tres|two|three|twice|once"
                      r"|una(?= vez))(?: (?:veces|times|vez))?\b")
# The Fellowship to move so many times this turn, or once more ("si muevo dos veces", "I move them 3
# times", "I move again", "si la muevo otra vez"): at its last move, one Free Peoples die fewer in the
# Hunt Box than its moves (sets 35 to 62, spent: each labeller counted them so).
FP_TIMES = re.compile(r"\b(?:move|moves|moving|muevo|mueve|muevan|mover|moverla|moverlos|movemos)"
                      r"(?: (?:it|them|la|lo|the fellowship|la comunidad|la fellowship))? (twice|dos veces|2 veces"
                      r"|two times|2 times|three times|3 times|tres veces|3 veces|again|otra vez|de nuevo)\b")
FP_TIMES_DICE = {"twice": 1, "dos veces": 1, "2 veces": 1, "two times": 1, "2 times": 1, "three times": 2,
                 "3 times": 2, "tres veces": 2, "3 veces": 2, "again": 1, "otra vez": 1, "de nuevo": 1}
FP_MOVE = re.compile(r"\b(second|third|fourth|2nd|3rd|4th|segund[oa]|tercer[oa]?|cuart[oa]) (?:fellowship )?"
                     r"(?:move|movimiento|mov)\b"
                     # "se mueve por segunda vez", "moves a second time" (situations-heldout33, spent)
                     r"|\b(?:mueve|muevo|mueven|movemos|moves?|moving|moved|move it) (?:por |for )?(?:la |the |a )?"
                     r"(second|third|fourth|2nd|3rd|4th|segund[oa]|tercer[oa]?|cuart[oa]) (?:vez|time)\b")
ORDINALS = {"first": 1, "1st": 1, "primer": 1, "primera": 1, "primero": 1, "fifth": 5, "5th": 5, "quinta": 5,
            "quinto": 5, "second": 2, "2nd": 2, "segundo": 2, "segunda": 2, "third": 3, "3rd": 3, "tercer": 3,
            "tercero": 3, "tercera": 3, "fourth": 4, "4th": 4, "cuarto": 4, "cuarta": 4}
HUNT_DICE = re.compile(r"\b(\d|one|two|three|four|five|six|uno|dos|tres|cuatro|cinco|seis) "
                       r"(?:hunt dice|dados? (?:de |del )?(?:la )?(?:hunt|caza|caceria|busqueda))\b")
EYES = re.compile(r"\b(\d+|one|two|three|four|five|six|uno|dos|tres|cuatro|cinco|seis) "
                  r"(?:eyes?|ojos?|dados? de (?:la )?sombra)\b(?! (?:hunt )?(?:tiles?|fichas?|losetas?)\b)")
# "casilla 2, corrupción 9": a number right after a step or a box is no Corruption's
CORRUPTION = re.compile(r"\b(\d{1,3}) (?:de |of |points of |puntos de )corru[pc]"   # "la casilla 7 de corrupción"
                        r"|(?<!step )(?<!steps )(?<!paso )(?<!pasos )(?<!casilla )(?<!casillas )(?<!space )"
                        r"(?<!espacio )(?<!progress )(?<!progreso )(?<!box )(?<!track )"
                        r"\b(\d{1,3}) corru[pc]"
                        r"|corru[pc]\w* (?:(?:is|esta|of|at|en|a|de|al|now|ya|actually|currently|already|still|sitting"
                        r"|right|va|anda|sigue) )*(\d{1,3})\b")   # "corruption actually at 9" (set 45, spent)
HIDDEN = re.compile(r"\b(hidden|escondid[ao]s?|ocult[ao]s?)\b")
REVEALED = re.compile(r"\b(revealed|revelad[ao]s?|descubiert[ao]s?)\b")
TILE = re.compile(r"\b(?:the |a |an |la |una |un )?(eye|ojo|\d|-\d)(?: hunt| de caza| de caceria| eye)?"
                  r"(?: tile| ficha| loseta| chit| chip)\b"
                  # "a hunt tile dat say 2", "una loseta que dice 3", "i pull a 3 out the bag" (sets 54 to 64, spent)
                  r"|\b(?:tile|ficha|loseta|chit|chip)s? (?:that|dat|which|que) (?:says?|dice|pone) (?:a |an |un )?"
                  r"(eye|ojo|\d)\b"
                  r"|\b(?:pull|pulls|pulled|draw|draws|drew|saco|saca|sale) (?:a |an |un |una )?(\d) (?:out|from|de)\b"
                  r"|\b(?:draws?|drew|sale|salio|saca|saco|roba|robo) (?:the |an? |el |un )?(eye|ojo)\b"
                  r"|\b(?:tile|ficha|loseta)s? (?:de caza |de caceria |de busqueda |of the hunt )?"
                  r"(?:de |del |of |with (?:a |an )?|con (?:un |una )?)?(?:the |el )?(eye|ojo|\d)\b"
                  # "the tile drawn is a 2", "la ficha que sale es un ojo"
                  r"|\b(?:tile|ficha|loseta) (?:drawn |sacada |robada |que (?:sale|salio|saco|saque) )?"
                  r"(?:is|was|es|fue|era) (?:a |an |un |una |the |el )?(eye|ojo|\d)\b")
ENTER_MORDOR = re.compile(r"\b(?:enter|enters|entering|go into|get into|entrar|entra|entro|entrando|meterse|meter)"
                          r" (?:a |al |en |into |onto |on )?(?:the |el |la )?(?:mordor|mordor track|track de mordor"
                          r"|senda de mordor)\b")
PROGRESS = re.compile(r"\b(?:progress|progreso)(?: counter| marker| track| ficha| contador)?"
                      r" (?:(?:is|at|of|on|en|de|a|es|esta|now|ya) )*(\d{1,2})\b"
                      # not "corruption 4, progress counter on 3" (set 42): the 4 is the Corruption's
                      r"|(?<!corruption )(?<!corrupcion )\b(\d{1,2}) (?:de |of )?(?:progress|progreso)\b"
                      # "four steps out from Rivendell", "a 3 pasos de Rivendel": the counter's steps from the
                      # figure's region (set 35, spent)
                      r"|\b(\d|one|two|three|four|five|six|uno|dos|tres|cuatro|cinco|seis) (?:steps?|pasos?|casillas?) "
                      r"(?:out |away )?(?:from|de|desde)\b")
FELLOWSHIP_MOVES = re.compile(r"\b(moves?|moving|goes|go|walks?|heads?|leaves?|sale|salen|va|van|mueve|muevo|mover"
                              r"|camina"
                              r"|avanza|viaja|travels?|marcha)\b")
# Who comes at one: the other side, said as the side, its nations or peoples, a minion, or "he" and "they".
ENEMY = (r"(?:shadow|sombra|sauron\w*|enemy|enemies|enemigos?|opponent|oponente|rival|orcs?|orcos?|witch king"
         r"|rey brujo|saruman|nazgul\w*|nazgus?|mordor|isengard|haradrim|southrons?|easterlings|surenos|orientales"
         r"|del malo|he|they)")
# What the question asks, by its words (folded), in this order (the first that fits wins).
INTENTS = (
    # the Fellowship revealed, and where it goes ("pulls a reveal tile, where do I get to move em",
    # "me sale una ficha que los revela, ¿a qué regiones los puede mover": sets 49 and 64, spent)
    # (the Fellowship what moves, and no attack asked: "revealed in Lorien where 3 orcs are, can they attack")
    ("reveal-fellowship", re.compile(r"^(?!.*\b(?:attack\w*|atac\w*|ataque)\b).*"
                                     r"\b(reveal tiles?|gets? revealed|got revealed|me revelan|nos revelan"
                                     r"|los revela|la revela|me revela|revealed by|revelad[oa] por)\b.*"
                                     r"\b(where (?:do|can|does|will|must) (?:i|we|it|they)|adonde|a donde"
                                     r"|a que regiones?|(?:move|moves|mover) (?:em|them|it)"
                                     r"|(?:la|los|las|lo) (?:muevo|mueve|mueven|puede mover|puedo mover)"
                                     r"|moverla|moverlos|me muevo|nos movemos|stay put)\b")),
    ("hunt-damage", re.compile(r"\b(draws?|drew|drawn|sale|salio|saca|saco|roba|robo|robar|sacar)\b.*"
                               r"\b(tiles?|fichas?|losetas?)\b|\b(eye|ojo) (tile|ficha|loseta)\b"
                               r"|\b(draws?|drew|sale|salio|saca|saco|roba|robo) (?:the |an? |el |un )?(eye|ojo)\b"
                               r"|\b(tile|ficha|loseta) (del? )?(ojo|eye)\b"
                               r"|\b(\d|eye|ojo) (?:hunt )?(tile|ficha|loseta)\b"
                               r"|\b(tile|ficha|loseta) (drawn|sacada|robada)\b")),   # "the tile drawn is a 2"
    # who takes the Hunt's damage: the Guide, a Companion, the Ring-bearers' Corruption
    ("hunt-casualty", re.compile(r"^(?=.*\b(?:hunt|caza|caceria|busqueda|guide|guia|fellowship|comunidad)\b)"
                                 r".*(?:\b(?:has to|have to|must|should|tiene que|tienen que|debe|deben) (?:\w+ ){0,2}?"
                                 r"(?:take (?:it|the (?:hit|hits|damage|casualty))|absorb\w*|recibir\w*|comerse\w*)\b"
                                 r"|\b(?:who|quien) (?:takes|recibe|se come|absorbe)\b"
                                 # "can I make him take the damage"
                                 r"|\b(?:make|let) \w+ take (?:it|the (?:hit|hits|damage))\b"
                                 # "can Gandalf take it", "can a companion soak any of it" (sets 38, 54, 55)
                                 r"|\bcan (?:\w+ ){1,3}?(?:take (?:it|the (?:hit|hits|damage))|soak|absorb)\b"
                                 r"|\b(?:casualty|casualties)\b)")),
    ("hunt-roll", re.compile(r"\b(eyes?|ojos?)\b.*\b(hunt|hung box|caza|caceria|busqueda)\b"
                             r"|\b(hunt|hung box|caza|caceria|busqueda)\b.*\b(rolls?|dice|die|dados?"
                             r"|reroll\w*|relanz\w*|tira\w*)\b|\b(rolls?|dice|dados?|reroll\w*|relanz\w*|tirada)\b.*"
                             r"\b(hunt|hung box|caza|caceria|busqueda)\b")),
    # "dado de reunión": a Muster die as Spanish players may call it (set 29's writer w10)
    ("muster", re.compile(r"\b(recruit\w*|recrut\w*|muster\w*|reclut\w*|alist\w*|upgrade\w*|mejorar\w*"
                          r"|dados? de (?:la )?reunion|dados? de reunir|dados? del? casco|helmet (?:die|dice|face)"
                          # "poner un regular en Bree", "place 2 elites in Dale": new figures (set 33, spent)
                          r"|(?:poner|pongo|sacar|saco|place|put) (?:un|una|\d|dos|tres|an?|one|two|three) "
                          r"(?:regular|elite|lider|leader)\w*)\b"
                          r"|\b(cambiar\w*|sustitu\w*|reemplaz\w*|replace\w*|swap\w*|convert\w*|turns? \w+ \w+ into"
                          r"|turn them into|promot\w*)\b.*\belites?\b")),
    # who has won: the victory points a conquest gives, a game over (sets 40 and 41, spent)
    ("victory", re.compile(r"\b(victory points?|puntos de victoria|\d+ (?:vp|vps|points|puntos)|how many points"
                           r"|cuantos puntos|win the game|wins the game|won the game|gana la partida|ganan la partida"
                           r"|gana el juego|ganan el juego|se acaba el juego|se acaba la partida|game over)\b")),
    # after a battle won, moving into its region (sets 38, 40 and 41, spent): the `advance` question
    ("advance", re.compile(r"^(?=.*\b(?:win|wins|won|winning|if i win|gan[aeo]\w*|vence\w*|venc[ií]\w*|kills|mata"
                           r"|after the battle|tras la batalla|despues de la batalla)\b)"
                           r".*\b(advance|advances|advancing|avanzar|avanza|avanzo|avanzan|move (?:straight |right )?in"
                           r"|move (?:straight |right )?into|go (?:straight )?into|occupy|ocupar|ocupa)\b")),
    ("politics", re.compile(r"\b(go to war|goes to war|go(es)? at war|into the war|entran? en guerra|a la guerra"
                            # "does that put the North at war", "los puedo poner en guerra" (sets 64, spent)
                            r"|puts? (?:\w+ ){0,3}?(?:at|to) war|pone[rn]?(?:los|las|lo|la)? (?:\w+ ){0,2}?en guerra"
                            # "does that move them to active", "bring them to war" (sets 29 and 35, spent)
                            r"|(?:move|moves|bring|brings|push|pushes) (?:\w+ ){0,2}?to (?:active|war|at war)"
                            r"|activate[sd]?|activa(?:n|da)?|political track|political marker|track politico|marcador"
                            r"|politic[ao]s?|wake|wakes|despierta\w*)\b")),
    # an attack's dice ("Ataco Osgiliath con ..., cuántos dados tiro", "cuántos dados tira el
    # atacante"): one round of it; a sortie is a battle whatever else is asked of it
    ("battle", re.compile(r"\b(atta?c?k\w*|ataca\w*|ataco|atacar)\b.*\b(how many dice|cuantos dados"
                          r"|rerolls?|re rolls?|relanz\w*|volver a tirar)\b"
                          r"|\b(how many dice|cuantos dados)\b.*\b(attacker|atacante|atacantes)\b"
                          # a battle's roll said by its hits and misses ("rolled 5 dice and got 2 hits, how
                          # many of them misses can I reroll": set 64, spent); the Hunt's roll is read above
                          r"|\b(hits?|misses|impactos?|aciertos?|fallos?)\b.*\b(rerolls?|re rolls?|relanz\w*"
                          r"|volver a tirar)\b|\b(rerolls?|re rolls?|relanz\w*|volver a tirar)\b.*\b(hits?|misses"
                          r"|impactos?|aciertos?|fallos?)\b"
                          r"|\b(sortie|sorties|salida)\b")),
    ("battle-outcome", re.compile(r"\b(how many dice|cuantos dados|who wins|quien gana|vs|versus|contra"
                                  r"|(?<!walk )(?<!go )rounds?|rondas?|under siege|sitiad[oa]s?"
                                  r"|asediad[oa]s?|besieged|besieging|odds|chances?|probabilidad\w*|survive|sobrevivir"
                                  r"|aguantar"
                                  # the siege said as a verb ("los elfos me asedian Dol Guldur", "keep siegin"),
                                  # and a battle lost or won ("si pierdo la batalla"): sets 63 and 64, spent
                                  r"|asedian?|sitian?|siegin|sieging"
                                  r"|(?:lose|loses|lost|losing|pierdo|pierde|pierden|perdemos|perder|gano|ganan?|ganamos"
                                  r"|win|wins|won) (?:the |a |la |el )?(?:battle|batalla|fight|pelea|combate))\b")),
    ("battle", re.compile(r"\b(atta?c?k\w*|fight\w*|sortie|ataca\w*|ataco|atacar|pegar|salir|salida)\b"
                          r"|\b(?:le|les) (?:pego|pega|pegan|pegamos)\b|\bpegarles?\b"
                          # an enemy army coming at one ("shadow come with 8 orc", "llega el Rey Brujo con 6
                          # regulares", "me vienen 8 orcos"): sets 39, 42 and 48, spent; the enemy said before
                          # or after the verb ("it comes with 2 leaders", "Gandalf viene con un líder" are one's own)
                          r"|\b" + ENEMY + r"\b(?: \w+){0,2}? (?:comes?|coming|llegan?|vienen?)\b(?: \w+){0,3}? "
                          r"(?:with|con) (?:\d+|an?|un|una)\b"
                          r"|\b(?:comes?|coming|llegan?|vienen?)(?: \w+){0,2}? " + ENEMY + r"\b(?: \w+){0,2}? "
                          r"(?:with|con) (?:\d+|an?|un|una)\b"
                          r"|\b(?:me|nos) (?:vienen|viene|llegan|llega)\b")),
    ("separate-companions", re.compile(r"\b(separate[sd]?|separating|split|splits|separo|separar|separa|separan)\b")),
    ("army-move", re.compile(r"\b(move|moves|moving|march|marches|walk|go|ir|mover\w*|muev\w*|marchar|entrar|too many"
                             r"|demasiad[oa]s)\b")),
    ("character-move", re.compile(r"\b(fly|flies|flying|flew|volar|vuelan|vuela|volando)\b")),
)
# The action die a question says it uses ("with army die", "using muster die", "con el dado del
# casco", "un dado de personaje"): the face, for the kinds whose question has a `die`.
DIE_SAID = re.compile(r"\b(?:(army|character|muster|event|will of the west|wotw|army muster|palantir|helmet) "
                      r"(?:action )?(?:die|dice|result|face)"
                      r"|dados? (?:de |del )(?:la )?(ejercito|personaje|alistar|alistamiento|reclutamiento|reunion"
                      r"|casco|evento|palantir|voluntad de occidente|voluntad del oeste|ejercito alistar))\b")
DIE_FACES = {"army": "army", "character": "character", "muster": "muster", "event": "event",
             "will of the west": "will-of-the-west", "wotw": "will-of-the-west", "army muster": "army-muster",
             "palantir": "event", "helmet": "muster", "ejercito": "army", "personaje": "character",
             "alistar": "muster", "alistamiento": "muster", "reclutamiento": "muster", "reunion": "muster",
             "casco": "muster", "evento": "event", "voluntad de occidente": "will-of-the-west",
             "voluntad del oeste": "will-of-the-west", "ejercito alistar": "army-muster"}
# A nation's state said in a condition, not asked: "si Lórien ya está activa", "if Gondor is
# at war", "aunque los enanos estén pasivos".
STATED_POLITICS = re.compile(r"\b(?:si|if|aunque|even if|cuando|when|since|como|as)\b(?:\W+\w+){0,4}?\W+"
                             r"(?:ya |already |todavia |still |aun )?(?:esta|estan|este|esten|is|are)\W+"
                             r"(?:ya |already |todavia |still |aun )?(?:activ[ao]s?|active|at war|en guerra)\b")
# An army asked to move or attack ("pueden ir a atacar", "can they march"): with a state stated,
# the question is the move.
ARMY_ASKED = re.compile(r"\b(?:can|could|may|pueden|puede|puedo|podemos)\b(?:\W+\w+){0,3}?\W+"
                        r"(?:move|march|attack|go|ir|mover|moverse|atacar|marchar|entrar)\b")
# An Elven Ring used ("puedo usar 2 anillos", "can I use Vilya to change a die"): `elven-ring`;
# the rings a side says it holds by name ("tengo Vilya, Nenya y Narya") are its `held`.
RING_NAMES = re.compile(r"\b(vilya|nenya|narya)\b")
ELVEN_RING = re.compile(r"\b(?:vilya|nenya|narya|elven rings?|elf rings?|anillos? elficos?|anillos? de los elfos)\b")
RING_USE = re.compile(r"\b(?:use|uses|using|used|usar|uso|usa|usas|usando|cambiar|cambio|change|changing|flip"
                      r"|turns? (?:\w+ ){0,4}?into|convertir|convierto)\b")
RINGS_MINE = re.compile(r"\b(?:tengo|tenemos|i have|ive got|i ve got|we have|my|mis|still have)\b")
# The face an Elven Ring changes a die into: "to turn a die into an Eye", "cambiar a Voluntad de Occidente".
RING_TO = re.compile(r"\b(?:into|to|a|en|por) (?:an? |un |una |el |la )?(eye|ojo|will of the west|voluntad de occidente"
                     r"|character|personaje|army|ejercito|muster|alistar|event|evento)\b")
RING_FACES = {"eye": "eye", "ojo": "eye", "will of the west": "will-of-the-west",
              "voluntad de occidente": "will-of-the-west", "character": "character", "personaje": "character",
              "army": "army", "ejercito": "army", "muster": "muster", "alistar": "muster", "event": "event",
              "evento": "event"}
# Declaring the Fellowship ("si la declaro ahí", "can I declare it in Rivendell"): with the
# Fellowship named and no nation's politics asked, the `declare-fellowship` question.
# "declared" is a state said ("the fellowship is in Lórien declared"), not the question.
DECLARE = re.compile(r"\b(declare|declaring|declaro|declarar|declararla|declarla|declaramos)\b")
# Bringing a character into play; Strider is "crowned" as Aragorn (set 37).
BRING = re.compile(r"\b(turns? (?:\w+ )?into|turned into|become|becomes|convertir\w*|convierte\w*|convierto|convertimos"
                   r"|into play|en juego|sacar a|saco a|sacarlo|sacarla"
                   r"|transform\w*|crown|crowns|crowned|crowning|coronar\w*|corono|coronado)\b")
# Words that bring a figure in only when said of it, a few words from its name ("when does saruman
# come in", "mouth of sauron requirements", "¿cuándo aparece Gandalf el Blanco?"): "the Witch-king is
# in Angmar, what are the requirements to move him" moves him; "it appears" and "appears to" seem.
# Coming in, not into a place ("comes into Osgiliath" moves); search/promote.py's COMES_IN reads
# these too, with more words only for ordering hits.
BRING_NEAR = re.compile(r"\b(?:(?:comes?|coming) in(?! (?:to|the|a|an)\b)|(?<!\bit )appears?(?! to\b)|aparece\w*"
                        r"|requirements?|requisitos?)\b")
NEAR_WORDS = 3   # at most this many words between BRING_NEAR's word and the figure's name
# Characters that never leave their region: Saruman stays in Orthanc (rules, "Saruman"), so a query
# that names him places him there ("juego Rage of the Dunlendings con ... Saruman vivo").
FIXED_AT = {"saruman": "orthanc"}
BRINGABLE = ("aragorn", "gandalf-the-white", "saruman", "witch-king", "mouth-of-sauron")
# Saruman's Regulars made Elites ("how many regulars can i turn into elites", "pa convertir, cuanto
# pasan a elite"): his muster ability, not a character brought into play (sets 37 and 41).
INTO_ELITES = re.compile(r"\b(?:into|to|en|a|por) (?:\w+ )?elites?\b|\bbecomes? elites?\b|\bupgrad\w*|\bmejorar\w*")
# A figure taken out of the Fellowship ("sacar a Gandalf de la Comunidad"): it leaves, nobody comes in.
TAKEN_OUT = re.compile(r"\b(?:sacar|saco|sacarlo|sacarla) a? ?(?:\w+ ){0,4}?(?:de|del) (?:la )?"
                       r"(?:comunidad|compania)\b")
# Strider or Gandalf the Grey made what he becomes: crowned, or turned into the King or the White.
BECOMING = re.compile(r"\b(?:crown\w*|coronar\w*|corono|coronado|(?:becomes?|turns? into|turned into|convert\w*"
                      r"|convierte\w*|convierto|volverse|convertirse|sacar a|saco a) (?:\w+ ){0,2}?"
                      r"(?:aragorn|king|rey|white|blanco|heir|heredero))\b")
# A Companion that a character brought into play replaces: "can I crown Strider" brings Aragorn.
BECOMES = {"strider": "aragorn", "gandalf-the-grey": "gandalf-the-white"}
IN_FELLOWSHIP = re.compile(r"^(?:\w+ ){0,2}?(?:in|en|with|con|inside|dentro de) (?:the |la |my |mi )?"
                           r"(?:fellowship|comunidad|compania)\b")
LEAVES = re.compile(r"\b(leave|leaves|leaving|left|go off|dejar|deja|dejarla|salir|sale|irse|se va)\b")
SEPARATE = re.compile(r"\b(separate[sd]?|separating|split|splits|leaves? the fellowship|separo|separar\w*|separa"
                      r"|separan|deja la comunidad|sale de la comunidad)\b")
SUCCESSES = re.compile(r"\b(\d|one|two|three|four|five|uno|una|un|dos|tres|cuatro|cinco) "
                       r"(?:successes|success|hits|aciertos|acierto|exitos|exito)\b")
CHARACTER_DIE = re.compile(r"\b(?:character (?:die|dice|action|result)|dados? de personajes?|resultado de personaje"
                           r"|accion de personaje)\b")
# A move asked of an army ("¿puedo mover mis 3 regulares de Minas Tirith a Lossarnach?"), beside a
# siege only stated ("la Sombra asedia Minas Tirith"): the move is the question.
MOVE_ASKED = re.compile(r"\b(?:can|could|may|pueden|puede|puedo|podemos)\b(?:\W+\w+){0,3}?\W+"
                        r"(?:move|march|mover|moverse|moverme|marchar|moverlos)\b")
SIEGE_VERB = re.compile(r"\b(?:asedian?|sitian?|siegin|sieging)\b")
# What only a battle has: its rerolls, its combat cards and dice, its leaders counted, initiative.
COMBAT = re.compile(r"\b(rerolls?|re rolls?|reroll|relanz\w*|repetir (?:los )?dados|repite dados"
                    r"|combat (?:cards?|dice|die)|cartas? de combate|dados? de combate|initiative|iniciativa"
                    r"|leadership|liderazgo"
                    r"|(?:count|counts|cuentan?) (?:as|como) (?:a )?(?:leaders?|lideres|lider))\b")
REROLL = re.compile(r"\b(rerolls?|re rolls?|rerolling|relanz\w*|repit\w*|repet\w*|volver a tirar)\b")
RETREAT = re.compile(r"\b(retreat\w*|retir\w*|repleg\w*)\b")
INTO_STRONGHOLD = re.compile(r"\b(?:if|si|can|could|do|should|must|to|puedo|podemos|tengo que|debo|hay que)"
                             r" (?:\w+ ){0,2}?(go|get|move|retreat|fall back|meto|meterme|meternos|metemos|entrar|entro"
                             r"|entramos"
                             r"|refugi\w*|encierr\w*|encerr\w*) (?:\w+ ){0,2}?(?:inside|into|in|adentro|dentro|a|en)"
                             r" (?:de )?(?:the |la |el |my |mi )?(stronghold|fortaleza|baluarte|castle|castillo|walls"
                             r"|murallas)\b")
RECRUIT_WORD = re.compile(r"\b(recruit\w*|recrut\w*|muster\w*|reclut\w*|alist\w*)\b")
MUSTER_WORD = re.compile(r"\b(recruit\w*|recrut\w*|muster\w*|reclut\w*|alist\w*|put|poner|pongo|place|sacar|saco)\b")
UPGRADE = re.compile(r"\b(upgrade\w*|mejorar\w*)\b"
                     r"|\b(cambiar\w*|sustitu\w*|reemplaz\w*|replace\w*|swap\w*|convert\w*)\b.*"
                     r"\belites?\b")


@cache
def tables() -> dict[str, Any]:
    """The data's word lists, each as the reader uses it."""
    NUMBERS.update(table("numbers"))
    chars = table("characters")
    leaders = table("leaders")
    return {"units": table("units"), "unit_nations": table("unit_nations"), "nations": table("nations"),
            "chars": sorted(chars.items(), key=lambda kv: -len(kv[0])), "char_words": chars,
            "leaders": leaders, "sides": table("sides"),
            "fellowship": re.compile(r"\b(" + "|".join(sorted(map(re.escape, table("fellowship")), key=len,
                                                               reverse=True)) + r")\b"),
            "known": set(chars) | set(leaders) | set(table("units")) | set(table("nations")) | set(table("numbers"))}


def number(word: str) -> int:
    NUMBERS.update(table("numbers"))
    return int(word) if word.isdecimal() and len(word) <= 3 else NUMBERS.get(word, 0)


# A player correcting himself mid-sentence (typed or dictated): what follows replaces what he said
# just before ("a Dol Amroth no espera digo a Pelargir", "a -2 tile no wait a 2").
CORRECTING = (r"no,? wait|wait,? no|sorry,? i mean|i mean|no,? espera,? digo|no,? perdona,? digo|no,? espera"
              r"|perd[oó]n,? digo|quiero decir|mejor dicho|or rather")
CORRECTION = re.compile(rf"(?:{CORRECTING})(?: (?:a|an|to|in|into|at|un|una|al|en|hacia|de|del|la|el|the))*")
# ... a number or the Eye corrected, in the query as written (its minus sign kept): the one said
# after takes the place of the first ("a 3 tile, no wait, a 1" is "a 1 tile")
NUMBER_CORRECTED = re.compile(rf"(?<![\w-])(?:-?\d+|eye|ojo)\b(?P<mid>(?:\W+\w+)?)\W+(?:{CORRECTING})\W+"
                              r"(?:(?:a|an|un|una)\s+)?(?P<new>-?\d+\b|eye\b|ojo\b)", re.IGNORECASE)
