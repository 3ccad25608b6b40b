"""From a situation described in a query to the question that rules on it.

"my 4 Gondor regulars and a leader in Pelargir, can they march to Lamedon?" describes a
position: :func:`read_situation` reads what it names (regions in the order named, nations,
units and their numbers, characters, a nation's political state, a settlement's control, a
siege, the Fellowship's region, Guide and step on the Mordor Track, the Hunt Box and the
Corruption), in English or Spanish, and picks the War of the Ring question kind that answers
it (an army moving, a battle, a retreat, a muster, a nation's politics, a character moving or
brought into play, Companions separated, the Fellowship moving, the Hunt, an Event card).
The result is a scenario in the project's language, partly filled: "Ask about this" opens
that kind's form with it (web/search_views.py), and the player completes the rest.

Units are read in groups ("5 Rohan regulars and 2 elites plus Théoden in Helm's Deep"): a
group shares its nation ("4 regulares y 2 élites de Gondor") and its region, the one named
right after it ("in", "en", "de", "besieging") or, failing that, right before it ("Lórien
where there's 2 elven elites"). Nothing is guessed that the query does not say, except the
nation of units whose side alone is said (plain "orcs", "the Shadow has 10 units": Sauron's,
unless the query names Isengard and not Sauron; "I've got 4 regulars" in Minas Tirith: the
region's nation), which the form shows and the player can change. The words players use are
data (adjudicator/data/situation_words.json).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import Any

from adjudicator.search.analysis import fold

GAME = "war-of-the-ring"


@cache
def _words_data() -> dict[str, Any]:
    from adjudicator import data

    return data.load("situation_words")


def _table(name: str) -> dict[str, Any]:
    return _words_data()[name]


NUMBERS: dict[str, int] = {}      # filled from the data on first use (see _tables)
ARTICLES = {"a", "an", "un", "una", "single", "solo"}
TYPED_UNITS = {"regular", "elite", "leader", "nazgul"}
# Words that may stand between the units of one group ("5 regulars and 2 elites plus Théoden").
JOINERS = {"and", "y", "e", "plus", "mas", "with", "con", "of", "de", "del", "la", "el", "the", "also", "too",
           "ademas", "more", "otros", "otras", "another"}
# Before a region, what says the units stand there ("in Pelargir", "de Erebor a Valle").
LOCATIVE = {"in", "en", "at", "inside", "dentro", "within", "into", "from", "de", "desde", "besieging", "sitiando",
            "asediando", "on", "sobre"}
# Words after "3 gondor" that are no units ("3 gondor regions").
NOT_UNITS = {"region", "regions", "regiones", "cities", "ciudades", "steps", "casillas", "pasos", "cards",
             "cartas", "dice", "dados", "turns", "turnos", "times", "veces", "players", "jugadores", "rings",
             "anillos", "settlements", "strongholds", "baluartes", "vp", "points", "puntos"}
ARTICLE_WORDS = {"the", "el", "la", "los", "las", "of"}
# Between a region and the units after it that stand there ("Lórien where there's 2 elven elites").
BEFORE_GAP = {"where", "donde", "there", "theres", "s", "is", "are", "hay", "i", "ive", "ve", "got", "have", "has",
              "tengo", "tiene", "tienen", "with", "con", "and", "y", "the", "el", "la", "by", "por", "asediados",
              "asediadas", "asediado", "asediada", "sitiados", "sitiadas", "sitiado", "sitiada", "besieged", "que",
              "which", "me", "my", "mis", "mi", "m", "we", "our", "nuestros", "stand", "standing", "estan", "esta"}
TARGET_BEFORE = {"to", "a", "al", "hacia", "into", "towards", "toward", "attack", "attacks", "attacking", "ataco",
                 "atacar",
                 "ataca", "atacan", "atacando", "vs", "versus", "contra", "against"}
ORIGIN_BEFORE = {"from", "desde"}
# Verbs of an army coming from somewhere: the region after "viene de" is where it comes from.
COMING = {"viene", "vienen", "llega", "llegan", "sale", "salen", "ataca", "atacan", "baja", "bajan", "venir",
          "comes", "coming", "come", "marches", "march", "attacks", "attack"}
# Before a group the asker says is theirs.
MINE = {"my", "mi", "mis", "tengo", "ive", "i", "we", "our", "nuestro", "nuestros", "nuestra", "tenemos", "me"}
# An attack said and who makes it.
ATTACKS = re.compile(r"\b(attacks?|attacking|ataca|atacan|atacando|ataco|atacar|moves? in|se mete|se meten"
                     r"|assaults?)\b")
ATTACKS_ME = re.compile(r"\b(attacks? (?:me|us)|attacking (?:me|us)|me atac\w*|nos atac\w*|atacarme|atacarnos"
                        r"|attacked by|atacad[oa]s? por)\b")
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
AT_WAR = re.compile(r"\b(at war|en guerra)\b")
NOT_BEFORE = re.compile(r"\b(not|isn t|aren t|isnt|arent|no|aun no|todavia no|never|nunca|yet)\W+(?:\w+\W+){0,2}$")
STEPS = re.compile(r"\b(\d|one|two|three|uno|una|un|dos|tres) (?:steps?|boxes|box|spaces?|casillas?|pasos?|espacios?"
                   r"|cajas?) (?:away )?(?:from|de|del|to|para|hasta) (?:la |the )?(?:war|guerra|at war)\b")
BESIEGED = re.compile(r"\b(besieged|besieging|under siege|sitiad[oa]s?|asediad[oa]s?|sitiando|asediando|siege rounds?"
                      r"|rondas? de asedio|asedio|siege)\b")
SIEGE_ONLY = re.compile(r"\b(asedio|siege)\b")
# A settlement held by a side: "Pelargir lo tiene la sombra", "the Shadow controls Pelargir".
HELD_BY = re.compile(r"^\W*(?:is |esta |lo |la |los )?(?:held|controlled|taken|captured|occupied|tiene|tienen|controla|"
                     r"controlan|tomad[oa]|capturad[oa]|conquistad[oa]|ocupad[oa]|controlad[oa])\b(?:\W+(?:by|por))?"
                     r"\W+(?:the |la |los )?(shadow|sombra|sauron|enemy|enemigo|free peoples|pueblos libres)")
SIDE_HOLDS = re.compile(r"\b(shadow|sombra|sauron|enemy|enemigo|free peoples|pueblos libres) (?:controls?|holds?|took|"
                        r"captured|has taken|controla|tiene|tomo|capturo|conquisto|ocupa)\W+(?:the |el |la )?$")
GUIDE = re.compile(r"^\W*(?:\w+\W+){0,4}?(?:is |as |de |como |es )?(?:the |el |la |our |mi |my |nuestro )?"
                   r"(?:guide|guia)\b")
GUIDE_BEFORE = re.compile(r"\b(?:guide|guia) (?:is |es |:)?(?:now |ahora )?$")
ONLY_LEFT = re.compile(r"\b(?:only|solo|solamente|just)\W+(?:\w+\W+){0,2}$|\b(?:solo )?(?:me )?queda (?:solo )?$")
LEFT_AFTER = re.compile(r"^\W*(?:is |are )?(?:left|remains|queda|remaining)\b")
MORDOR_STEP = re.compile(r"\b(?:step|paso|casilla|space|espacio) (\d|one|two|three|four|five|uno|dos|tres|cuatro|cinco)"
                         r" (?:of|on|in|de|en|del) (?:the |la |el )?(?:mordor|senda|track|camino)"
                         r"|\b(?:mordor track|senda de mordor|track de mordor) (?:step |paso |casilla )?(\d)\b"
                         r"|\b(mount doom|monte del destino|orodruin) (?:step|space|paso|casilla|espacio)\b"
                         r"|\b(?:step|space|paso|casilla|espacio) (?:of |de |del )?(?:the |el )?"
                         r"(mount doom|monte del destino|orodruin)\b")
HUNT_BOX = re.compile(r"\b(\d+|one|two|three|four|five|six|seven|uno|dos|tres|cuatro|cinco|seis|siete|un) "
                      r"(?:shadow |action )?(?:dice|die|dados?|eyes?|ojos?)(?: de (?:la )?sombra)? (?:in|en|on) "
                      r"(?:the |la )?(?:hunt box|box"
                      r"|caja de (?:la )?(?:caza|caceria|busqueda)|caja)\b"
                      r"|\b(?:hunt box|caja de (?:la )?(?:caza|caceria|busqueda)) (?:has|with|tiene|con) (\d+)\b")
EYES = re.compile(r"\b(\d+|one|two|three|four|five|six|uno|dos|tres|cuatro|cinco|seis) "
                  r"(?:eyes?|ojos?|dados? de (?:la )?sombra)\b")
CORRUPTION = re.compile(r"\b(\d{1,3}) (?:de |of |points of |puntos de )?corrup"
                        r"|corrup\w* (?:(?:is|esta|of|at|en|a|de|al|now|ya) )*(\d{1,3})\b")
HIDDEN = re.compile(r"\b(hidden|escondid[ao]s?|ocult[ao]s?)\b")
REVEALED = re.compile(r"\b(revealed|revelad[ao]s?|descubiert[ao]s?)\b")
TILE = re.compile(r"\b(?:the |a |an |la |una |un )?(eye|ojo|\d|-\d)(?: hunt| de caza| de caceria)?"
                  r"(?: tile| ficha| loseta)\b"
                  r"|\b(?:draws?|drew|sale|salio|saca|saco|roba|robo) (?:the |an? |el |un )?(eye|ojo)\b"
                  r"|\b(?:tile|ficha|loseta)s? "
                  r"(?:de |del |of )?(?:the |el )?(eye|ojo|\d)\b")
FELLOWSHIP_MOVES = re.compile(r"\b(moves?|moving|goes|go|walks?|heads?|leaves?|sale|salen|va|van|mueve|muevo|mover"
                              r"|camina"
                              r"|avanza|viaja|travels?|marcha)\b")
# What the question asks, by its words (folded), in this order (the first that fits wins).
INTENTS = (
    ("hunt-damage", re.compile(r"\b(draws?|drew|drawn|sale|salio|saca|saco|roba|robo|robar|sacar)\b.*"
                               r"\b(tiles?|fichas?|losetas?)\b|\b(eye|ojo) (tile|ficha|loseta)\b"
                               r"|\b(draws?|drew|sale|salio|saca|saco|roba|robo) (?:the |an? |el |un )?(eye|ojo)\b"
                               r"|\b(tile|ficha|loseta) (del? )?(ojo|eye)\b"
                               r"|\b(\d|eye|ojo) (?:hunt )?(tile|ficha|loseta)\b")),
    # who takes the Hunt's damage: the Guide, a Companion, the Ring-bearers' Corruption
    ("hunt-casualty", re.compile(r"^(?=.*\b(?:hunt|caza|caceria|busqueda|guide|guia|fellowship|comunidad)\b)"
                                 r".*(?:\b(?:has to|have to|must|should|tiene que|tienen que|debe|deben) (?:\w+ ){0,2}?"
                                 r"(?:take (?:it|the (?:hit|hits|damage|casualty))|absorb\w*|recibir\w*|comerse\w*)\b"
                                 r"|\b(?:who|quien) (?:takes|recibe|se come|absorbe)\b"
                                 r"|\b(?:casualty|casualties)\b)")),
    ("hunt-roll", re.compile(r"\b(eyes?|ojos?)\b.*\b(hunt|caza|caceria|busqueda)\b"
                             r"|\b(hunt|caza|caceria|busqueda)\b.*\b(rolls?|dice|dados?"
                             r"|reroll\w*|relanz\w*|tira\w*)\b|\b(rolls?|dice|dados?|reroll\w*|relanz\w*|tirada)\b.*"
                             r"\b(hunt|caza|caceria|busqueda)\b")),
    ("muster", re.compile(r"\b(recruit\w*|recrut\w*|muster\w*|reclut\w*|alist\w*|upgrade\w*|mejorar\w*)\b"
                          r"|\b(cambiar\w*|sustitu\w*|reemplaz\w*|replace\w*|swap\w*|convert\w*)\b.*\belites?\b")),
    ("politics", re.compile(r"\b(go to war|goes to war|go(es)? at war|into the war|entran? en guerra|a la guerra"
                            r"|activate[sd]?|activa(?:n|da)?|political track|political marker|track politico|marcador"
                            r"|politic[ao]s?|wake|wakes|despierta\w*)\b")),
    # an attack's dice ("Ataco Osgiliath con ..., cuántos dados tiro"): one round of it
    ("battle", re.compile(r"\b(atta?c?k\w*|ataca\w*|ataco|atacar)\b.*\b(how many dice|cuantos dados"
                          r"|rerolls?|re rolls?|relanz\w*|volver a tirar)\b")),
    ("battle-outcome", re.compile(r"\b(how many dice|cuantos dados|who wins|quien gana|vs|versus|contra|rounds?"
                                  r"|rondas?|under siege|sitiad[oa]s?"
                                  r"|asediad[oa]s?|besieged|besieging|odds|chances?|probabilidad\w*|survive|sobrevivir"
                                  r"|aguantar)\b")),
    ("battle", re.compile(r"\b(atta?c?k\w*|fight\w*|sortie|ataca\w*|ataco|atacar|pegar|salir|salida)\b")),
    ("separate-companions", re.compile(r"\b(separate[sd]?|separating|split|splits|separo|separar|separa|separan)\b")),
    ("army-move", re.compile(r"\b(move|moves|moving|march|marches|walk|go|ir|mover\w*|muev\w*|marchar|entrar|too many"
                             r"|demasiad[oa]s)\b")),
    ("character-move", re.compile(r"\b(fly|volar|vuelan)\b")),
)
BRING = re.compile(r"\b(turns? (?:\w+ )?into|turned into|become|becomes|convertir\w*|convierte\w*|into play|en juego"
                   r"|transform\w*)\b")
BRINGABLE = ("aragorn", "gandalf-the-white", "saruman", "witch-king", "mouth-of-sauron")
IN_FELLOWSHIP = re.compile(r"^(?:\w+ ){0,2}?(?:in|en|with|con|inside|dentro de) (?:the |la |my |mi )?"
                           r"(?:fellowship|comunidad|compania)\b")
LEAVES = re.compile(r"\b(leave|leaves|leaving|left|go off|dejar|deja|dejarla|salir|sale|irse|se va)\b")
SEPARATE = re.compile(r"\b(separate[sd]?|separating|split|splits|leaves? the fellowship|separo|separar\w*|separa"
                      r"|separan|deja la comunidad|sale de la comunidad)\b")
SUCCESSES = re.compile(r"\b(\d|one|two|three|four|five|uno|una|un|dos|tres|cuatro|cinco) "
                       r"(?:successes|success|hits|aciertos|acierto|exitos|exito)\b")
REROLL = re.compile(r"\b(rerolls?|re rolls?|rerolling|relanz\w*|repit\w*|repet\w*|volver a tirar)\b")
RETREAT = re.compile(r"\b(retreat\w*|retir\w*|repleg\w*)\b")
INTO_STRONGHOLD = re.compile(r"\b(?:if|si|can|could|do|should|must|to|puedo|podemos|tengo que|debo|hay que)"
                             r" (?:\w+ ){0,2}?(go|get|move|retreat|fall back|meto|meterme|meternos|metemos|entrar|entro"
                             r"|entramos"
                             r"|refugi\w*|encierr\w*|encerr\w*) (?:\w+ ){0,2}?(?:inside|into|in|adentro|dentro|a|en)"
                             r" (?:de )?(?:the |la |el |my |mi )?(stronghold|fortaleza|baluarte|castle|castillo|walls"
                             r"|murallas)\b")
MUSTER_WORD = re.compile(r"\b(recruit\w*|recrut\w*|muster\w*|reclut\w*|alist\w*|put|poner|pongo|place)\b")
UPGRADE = re.compile(r"\b(upgrade\w*|mejorar\w*)\b"
                     r"|\b(cambiar\w*|sustitu\w*|reemplaz\w*|replace\w*|swap\w*|convert\w*)\b.*"
                     r"\belites?\b")


@cache
def _tables() -> dict[str, Any]:
    """The data's word lists, each as the reader uses it."""
    NUMBERS.update(_table("numbers"))
    chars = _table("characters")
    leaders = _table("leaders")
    return {"units": _table("units"), "unit_nations": _table("unit_nations"), "nations": _table("nations"),
            "chars": sorted(chars.items(), key=lambda kv: -len(kv[0])), "char_words": chars,
            "leaders": leaders, "sides": _table("sides"),
            "fellowship": re.compile(r"\b(" + "|".join(sorted(map(re.escape, _table("fellowship")), key=len,
                                                               reverse=True)) + r")\b"),
            "known": set(chars) | set(leaders) | set(_table("units")) | set(_table("nations")) | set(_table("numbers"))}


@cache
def _regions() -> tuple[re.Pattern[str], dict[str, str]]:
    from adjudicator import data

    ids: dict[str, str] = {}

    def add(name: str, rid: str) -> None:
        words = re.findall(r"\w+", fold(name))
        if words:
            ids.setdefault(" ".join(words), rid)
            ids.setdefault("".join(words), rid)

    spanish_points = {"septentrional": "del norte", "meridional": "del sur", "occidental": "del oeste",
                      "oriental": "del este"}
    for rid, info in data.regions().items():
        for name in set(info["name"].values()):
            add(name, rid)
        es = fold(info["name"].get("es", ""))
        for word, said in spanish_points.items():
            if re.search(rf"\b{word}\b", es):
                add(re.sub(rf"\b{word}\b", said, es), rid)
        for point in ("norte", "sur", "oeste", "este"):   # "el sur de Ithilien" for Ithilien del Sur
            bare = re.fullmatch(rf"(.+) del {point}", es)
            if bare:
                add(f"{point} de {bare.group(1)}", rid)
    for alias, rid in _table("region_aliases").items():
        if rid in data.regions():
            add(alias, rid)
    keys = sorted(ids, key=len, reverse=True)
    return re.compile(r"\b(?:" + "|".join(r"\W*".join(map(re.escape, k.split())) for k in keys) + r")\b"), ids


@cache
def _fuzzy_keys() -> dict[str, list[tuple[str, str]]]:
    """One-word names of characters and regions (six letters or more), by their first two
    letters, for reading a misspelt name ("gandolf", "osgiliat", "pelagir")."""
    _p, ids = _regions()
    out: dict[str, list[tuple[str, str]]] = {}
    for key in ids:
        if " " not in key and len(key) >= 6:
            out.setdefault(key[:2], []).append((key, key))
    for word in _tables()["char_words"]:
        if " " not in word and len(word) >= 5:
            out.setdefault(word[:2], []).append((word, word))
    return out


def _words(text: str) -> list[str]:
    return re.findall(r"\w+", text)


def _spell(tokens: list[str]) -> list[str]:
    """Each token that is no name but one letter or two from a character's or region's
    one-word name is read as that name (the existing names are the only ones it may become)."""
    from adjudicator.names import close_matches

    keys, known = _fuzzy_keys(), _tables()["known"]
    _p, ids = _regions()
    out = []
    for tok in tokens:
        if len(tok) >= 5 and tok.isalpha() and tok not in known and tok not in ids:
            near = [k for k, _v in keys.get(tok[:2], ()) if abs(len(k) - len(tok)) <= 2]
            best = close_matches(tok, near, n=1, cutoff=0.84) if near else []
            tok = best[0] if best else tok
        out.append(tok)
    return out


def _unit_spelt(word: str, t: dict) -> str:
    """A unit's word misspelt after a count ("4 regualrs", "2 elties"): the unit word it is one or
    two letters from, else the word as it is."""
    if word in t["units"] or len(word) < 6 or not word.isalpha() or word in t["nations"]:
        return word
    from adjudicator.names import close_matches

    best = close_matches(word, [k for k in t["units"] if t["units"][k] and len(k) >= 5], n=1, cutoff=0.8)
    return best[0] if best else word


@dataclass
class _Unit:
    start: int            # token index of the count
    end: int              # token index after the unit word (and a nation said after it)
    nation: str | None
    unit: str
    count: int
    side: str | None = None
    region: str | None = None
    explicit: bool = False   # its nation said with it ("4 Gondor regulars", "2 elites de Sauron")


class _Read:
    """What one query names, read once: its folded words, regions, characters, units."""

    def __init__(self, query: str):
        t = _tables()
        marked = re.findall(r"\w+|[,.;:!?()]", fold(query))
        tokens = _spell([w for w in marked if w[0].isalnum() or w[0] == "_"])
        after_mark, k = set(), 0
        for w in marked:
            if w[0].isalnum() or w[0] == "_":
                k += 1
            else:
                after_mark.add(k)   # the token after a comma, a stop, a bracket
        merged: list[str] = []
        self.breaks: set[int] = set()
        self._placed: list[str | None] | None = None   # tokens said after punctuation ("5 regulares, rohan se pone")
        for k, tok in enumerate(tokens):   # "de el" is "del", "a el" is "al" ("Los Muertos de El Sagrario")
            if tok == "el" and merged and merged[-1] in ("de", "a") and k not in after_mark:
                merged[-1] += "l"
                continue
            if k in after_mark:
                self.breaks.add(len(merged))
            merged.append(tok)
        places = _table("places")   # a nation's name said as a place: "viene de Isengard", "in Isengard"
        for k, tok in enumerate(merged):
            if tok in places and k and (merged[k - 1] in PLACE_BEFORE or (
                    merged[k - 1] == "de" and k > 1 and merged[k - 2] in COMING)):
                merged[k] = places[tok]
        self.tokens = merged
        self.text = " ".join(merged)
        self._starts = [0]
        for tok in merged[:-1]:
            self._starts.append(self._starts[-1] + len(tok) + 1)
        pattern, ids = _regions()
        self.regions_at: list[tuple[int, int, str]] = []   # (first token, token after, region id)
        for m in pattern.finditer(self.text):
            first = self._token_at(m.start())
            after = first + len(m.group(0).split())
            if after < len(merged) and merged[after] in COMPASS and after not in self.breaks:
                continue   # "el Folde Oeste": a place the map lacks, not the Folde (the form asks)
            self.regions_at.append((first, after, ids["".join(_words(m.group(0)))]))
        self.regions = [rid for _s, _e, rid in self.regions_at]
        self.chars_at = self._characters(t)
        self.chars = list(dict.fromkeys(cid for _s, _e, cid in self.chars_at))
        covered = {i for s, e, _r in self.regions_at for i in range(s, e)} | \
                  {i for s, e, _c in self.chars_at for i in range(s, e)}
        self.nations_at = [(i, t["nations"][tok]) for i, tok in enumerate(merged)
                           if tok in t["nations"] and i not in covered and not self._unit_word_at(i)]
        self.nations = [n for _i, n in self.nations_at]
        self.units = self._units(t, covered)
        self.eyes = EYES.search(self.text)
        self.box = HUNT_BOX.search(self.text)
        self.corruption = CORRUPTION.search(self.text)
        self.mordor = MORDOR_STEP.search(self.text)

    def _token_at(self, offset: int) -> int:
        import bisect

        return bisect.bisect_right(self._starts, offset) - 1

    def _unit_word_at(self, i: int) -> bool:
        """Whether token ``i`` ("elves", "uruks") is a counted unit's word rather than a nation named."""
        return i > 0 and (self.tokens[i - 1].isdecimal() or self.tokens[i - 1] in NUMBERS) and \
            self.tokens[i] in _tables()["units"]

    def _characters(self, t: dict) -> list[tuple[int, int, str]]:
        found: list[tuple[int, int, str]] = []
        taken: set[int] = set()
        for word, cid in t["chars"]:
            for m in re.finditer(rf"\b{re.escape(word)}\b", self.text):
                first = self._token_at(m.start())
                span = set(range(first, first + len(word.split())))
                if span & taken:
                    continue
                taken |= span
                if re.match(r"s (?:got|army|armies|forces|units|troops|side)\b", self.text[m.end():].lstrip()):
                    continue   # "Saruman's got 8 Uruk elites": his side's, not his figure
                found.append((first, first + len(word.split()), cid))
        if any(cid == "gandalf-the-white" for _s, _e, cid in found):   # "Gandalf the White ... Gandalf's reroll"
            found = [(s, e, "gandalf-the-white" if e - s == 1 and self.tokens[s] == "gandalf" else cid)
                     for s, e, cid in found]
        # a figure said to be in the Fellowship is its Companion: "Aragorn is in the fellowship" is Strider
        self.in_fellowship: set[str] = set()
        for k, (s, e, cid) in enumerate(found):
            if IN_FELLOWSHIP.match(" ".join(self.tokens[e:e + 6])):
                cid = "strider" if cid == "aragorn" else cid
                found[k] = (s, e, cid)
                self.in_fellowship.add(cid)
        found.sort()
        return found

    def _units(self, t: dict, covered: set[int]) -> list[_Unit]:
        """Counted units ("4 gondor regulars", "3 elites de rohan", "6 orcs", "a leader"), the
        leaders the books name ("Théoden"), and a count that repeats the units before it ("4
        regulares de la Sombra en Pelargir y 2 en Lamedon"); then each group's nation and side."""
        NUMBERS.update(_table("numbers"))
        out: list[_Unit] = []
        tokens = self.tokens
        for i, tok in enumerate(tokens):
            if tok in t["leaders"] and i not in covered:
                out.append(_Unit(i, i + 1, t["leaders"][tok], "leader", 1, explicit=True))
                continue
            n = int(tok) if tok.isdecimal() and len(tok) <= 3 else NUMBERS.get(tok)
            if n is None and t["units"].get(tok) == "nazgul" and i not in covered and tok not in ("nazguls",) and \
                    (i == 0 or tokens[i - 1] not in NUMBERS and not tokens[i - 1].isdecimal()) and \
                    i + 1 < len(tokens) and tokens[i + 1] in ("in", "en", "at") and \
                    any(s == i + 2 or (s == i + 3 and tokens[i + 2] in ARTICLE_WORDS) for s, _e, _r in self.regions_at):
                out.append(_Unit(i, i + 1, None, "nazgul", 1))   # "nazgul in Dol Guldur": one, where it stands
                continue
            if n is None or i in covered:
                continue
            nation, unit, j, word = None, None, i + 1, None
            while j < min(len(tokens), i + 5):   # "4 gondor regulars", "3 orc regulars", "2 elven elites"
                w = _unit_spelt(tokens[j], t)
                if w in t["units"]:
                    if w in t["unit_nations"] and j + 1 < len(tokens) and tokens[j + 1] in t["units"] \
                            and t["units"][tokens[j + 1]]:
                        nation = nation or t["unit_nations"][w]   # "8 Uruk elites", "2 elf elites"
                        j += 1
                        continue
                    unit, word = t["units"][w] or "regular", w
                    nation = nation or t["unit_nations"].get(w)
                    break
                if w in t["nations"] and nation is None:
                    nation = t["nations"][w]
                elif w not in ("de", "of", "del", "more", "mas"):
                    break
                j += 1
            if unit is None and nation is not None and j == i + 2 and tok not in ARTICLES and not (
                    j < len(tokens) and tokens[j] in NOT_UNITS):
                unit, j = "regular", j - 1   # "5 easterlings", "5 gondor guys": units of that nation
            if unit is None:
                if tok.isdecimal() and out and j == i + 1 and j < len(tokens) and tokens[j] in ("in", "en", "at"):
                    prev = out[-1]   # "... y 2 en Lamedon": the same units again
                    out.append(_Unit(i, i + 1, prev.nation, prev.unit, n, prev.side, explicit=prev.explicit))
                continue
            if tok in ARTICLES and unit not in TYPED_UNITS:
                continue   # "an elf", "a unit": no count
            if tok == "once" and j != i + 1:
                continue
            explicit = nation is not None
            end = j + 1
            if i and tokens[i - 1] in ("los", "las", "the", "those", "esos", "esas", "estas", "estos") and \
                    nation is None and any(o.unit == unit and o.count == n for o in out):
                continue   # "las 3 elites": the 3 Elites already named
            if unit == "nazgul":
                nation = None
            elif nation is None and end + 1 < len(tokens) and tokens[end] in ("de", "of", "del") \
                    and tokens[end + 1] in t["nations"]:
                nation, explicit, end = t["nations"][tokens[end + 1]], True, end + 2   # "elites de rohan"
            elif nation is None and end < len(tokens) and tokens[end] in t["nations"] and end not in self.breaks \
                    and not (end + 1 < len(tokens) and tokens[end + 1] in t["units"]):
                nation, explicit, end = t["nations"][tokens[end]], True, end + 1   # "3 elites enanos"
            elif nation is None and end + 2 < len(tokens) and tokens[end] in ("de", "of") and \
                    tokens[end + 1] in ("los", "las", "the") and tokens[end + 2] in t["nations"]:
                nation, explicit, end = t["nations"][tokens[end + 2]], True, end + 3   # "de los sureños"
            elif nation is None and end + 2 < len(tokens) and tokens[end] in ("de", "of") and \
                    tokens[end + 1] in ("la", "the") and tokens[end + 2] in t["sides"]:
                end += 3   # "de la Sombra": its side, read with the group
            out.append(_Unit(i, end, nation, unit, n, explicit=explicit))
            del word
        groups = self._group(out)
        # a figure of the books counts as a Leader only beside the units it leads ("5 regulares
        # de Rohan y Théoden"): named alone ("Elrond and Galadriel character card") it is no army
        self._groups = [g for g in groups if any(t["leaders"].get(tokens[u.start]) is None for u in g)]
        out = [u for g in self._groups for u in g]
        self._counted = out
        for group in self._groups:
            self._group_nation(group, t)
        return out

    def _group(self, units: list[_Unit]) -> list[list[_Unit]]:
        """Units named together: only joining words, nations and names of figures between them."""
        groups: list[list[_Unit]] = []
        chars = {i for s, e, _c in self.chars_at for i in range(s, e)}
        regions = {i for s, e, _r in self.regions_at for i in range(s, e)}
        for u in units:
            if groups:
                gap = range(groups[-1][-1].end, u.start)
                if len(gap) <= 4 and not any(i in regions for i in gap) and all(
                        self.tokens[i] in JOINERS or i in chars or self.tokens[i] in _tables()["nations"] for i in gap):
                    groups[-1].append(u)
                    continue
            groups.append([u])
        return groups

    def _side_said(self, group: list[_Unit]) -> str | None:
        """A side said with a group: "the Shadow has 10 units", "4 regulares de la Sombra"."""
        sides = _tables()["sides"]
        before = " ".join(self.tokens[max(0, group[0].start - 4):group[0].start])
        after = " ".join(self.tokens[group[-1].end - 3:group[-1].end + 1]) if group[-1].end >= 3 else ""
        for text in (before, after):
            found = [sides[w] for w in sides if re.search(rf"\b{w}\b", text)]
            if found:
                return found[-1]
        return None

    def _group_nation(self, group: list[_Unit], t: dict) -> None:
        named = [u.nation for u in group if u.nation and u.unit != "nazgul" and u.explicit]
        side = self._side_said(group)
        for k, u in enumerate(group):
            if u.unit == "nazgul":
                u.side = "shadow"
                continue
            if u.nation is None:
                before = [g.nation for g in group[:k] if g.nation and g.unit != "nazgul"]
                after = [g.nation for g in group[k + 1:] if g.nation and g.unit != "nazgul" and g.explicit]
                u.nation = before[-1] if before else after[0] if after else None
            if u.nation is None:
                near = [n for i, n in self.nations_at if group[0].start - 4 <= i < group[0].start]
                u.nation = near[-1] if near else None   # "Sauron's 7 regulars", "a Gondor army of 3"
            if u.nation is None and side == "shadow":
                u.nation = self._shadow_nation()
            if u.nation is None and side is None and named:
                u.nation = named[0]
            if u.nation is None and side is None and len(set(self.nations)) == 1 and not any(
                    g.start <= i < g.end for i, _n in self.nations_at for g in self._counted if g.explicit) \
                    and not self._other_sides_region(group, self.nations[0]):
                u.nation = self.nations[0]   # not "10 unidades de mordor"'s when those name it
            u.side = side

    def _other_sides_region(self, group: list[_Unit], nation: str) -> bool:
        """Whether ``group`` stands in a region of a nation of the other side than ``nation``
        ("Rohan es pasiva y Saruman viene de Isengard con 6 regulares": Isengard's)."""
        from adjudicator import data

        rid = self.region_of(group)
        home = data.regions()[rid].get("nation") if rid else None
        nations = data.nations()
        return home in nations and nation in nations and nations[home]["side"] != nations[nation]["side"]

    def _shadow_nation(self) -> str:
        said = set(self.nations) | ({"isengard"} if "saruman" in self.chars else set())
        return "isengard" if "isengard" in said and "sauron" not in said else "sauron"

    def region_of(self, group: list[_Unit]) -> str | None:
        """Where a group stands: the region named right after it ("in", "en", "de", "besieging"),
        else right before it ("Lórien where there's", "en el Abismo de Helm tengo"), else
        "the same region" as the one named before."""
        return self.region_and_how(group)[0]

    def said_after(self, group: list[_Unit]) -> bool:
        """Whether a group's region is said right after it ("6 orcs in Osgiliath"), the surest reading."""
        return self.region_and_how(group)[1] == "after"

    def region_and_how(self, group: list[_Unit]) -> tuple[str | None, str | None]:
        start, end = group[0].start, group[-1].end
        for s, _e, rid in self.regions_at:
            if end <= s <= end + 6:
                k = s - 1
                while k >= end and self.tokens[k] in ARTICLE_WORDS:
                    k -= 1
                between = self.tokens[end:s]
                if len(between) >= 2 and any(i in self.breaks for i in range(end, s)):
                    break   # "6 regulares, que pasa en el Abismo": another clause's region
                if k >= end and self.tokens[k] in ORIGIN_BEFORE and len(between) <= 4 and not any(
                        w.isdecimal() or w in NUMBERS for w in between):   # not another army's "from"
                    return rid, "after"
                if k >= end and self.tokens[k] in LOCATIVE and not any(
                        w in ("to", "a", "hacia", "attack", "attacks", "ataca", "atacan", "contra") for w in between):
                    return rid, "after"
                break
        same = re.compile(r"^\W*(?:\w+\W+){0,4}?(?:in|en) (?:the|la) (?:same|misma) (?:region|place|zona|lugar)\b")
        if same.search(" ".join(self.tokens[end:end + 8])):
            before = [rid for s, _e, rid in self.regions_at if s < start]
            if before:
                return before[-1], "same"
        for s, e, rid in reversed(self.regions_at):
            if e <= start:
                gap = self.tokens[e:start]
                chars = {i for cs, ce, _c in self.chars_at for i in range(cs, ce)}
                if len(gap) <= 6 and all(w in BEFORE_GAP or e + k in chars for k, w in enumerate(gap)):
                    target = s > 0 and self.tokens[s - 1] in TARGET_BEFORE
                    if not target or any(w in ("where", "donde") for w in gap):
                        return rid, "before"
                break
        return None, None

    def side_of_group(self, group: list[_Unit], rid: str | None) -> str | None:
        """The side a group's units are on: their nation's, the side said, else the region's nation's."""
        from adjudicator import data

        sides = {data.nations()[u.nation]["side"] for u in group if u.nation in data.nations()}
        sides |= {"shadow" for u in group if u.unit == "nazgul"} | {u.side for u in group if u.side}
        if not sides and rid is not None and data.regions()[rid].get("nation") in data.nations():
            sides = {data.nations()[data.regions()[rid]["nation"]]["side"]}
        return sides.pop() if len(sides) == 1 else None

    def apart(self, side: str | None, rid: str) -> bool:
        """Whether figures of ``side`` whose region is not said cannot stand in ``rid``: an army
        of the other side was said to stand there and no siege is said (the engine holds one
        side's army in a region, both only in a besieged Stronghold)."""
        from adjudicator import data

        if side is None:
            return False
        if self.besieged() and data.regions()[rid].get("settlement") == "stronghold":
            return False
        for group in self._groups:
            there = self.region_of(group)
            if there == rid and self.side_of_group(group, there) not in (None, side):
                return True
        return False

    def placed(self) -> list[str | None]:
        """Each group's region: the one said with it, else the query's first region, unless an
        enemy army was said to stand there (then none: the form asks where)."""
        from adjudicator import data

        if self._placed is not None:
            return self._placed
        out: list[str | None] = []
        for group in self._groups:
            rid = self.region_of(group)
            if rid is None and self.regions:
                first = self.regions[0]
                rid = None if self.apart(self.side_of_group(group, first), first) else first
            out.append(rid)
        # an army read as standing in the region named before it ("Dol Amroth, 6 orcs attack"), where
        # an army of the other side was said to stand right before its region: the form asks where
        for k, g in enumerate(self._groups):
            rid = out[k]
            if rid is None or self.said_after(g) or (
                    self.besieged() and data.regions()[rid].get("settlement") == "stronghold"):
                continue
            mine = self.side_of_group(g, rid)
            if any(out[j] == rid and self.said_after(h) and self.side_of_group(h, rid) not in (None, mine)
                   for j, h in enumerate(self._groups) if j != k):
                out[k] = None
        # two armies of opposite sides, neither said where it stands, both put in the first region:
        # the one attacked stays there ("Ataco Osgiliath con 5 regulares ... contra 2 regulares de
        # Gondor"), the attacker's region is the form's to ask
        head = self.regions[0] if self.regions else None
        loose = [k for k, g in enumerate(self._groups) if out[k] == head and self.region_of(g) is None]
        sides = {self.side_of_group(self._groups[k], head) for k in loose} - {None} if head else set()
        if head is not None and len(sides) == 2 and \
                not (self.besieged() and data.regions()[head].get("settlement") == "stronghold"):
            attacker = self.attacker()
            if attacker in loose:
                out[attacker] = None
        self._placed = out
        return out

    def mine(self, group: list[_Unit]) -> bool:
        """A group the asker says is theirs: "my 4 regulars", "tengo 3 regulares", "I've got"."""
        before = self.tokens[max(0, group[0].start - 4):group[0].start]
        return any(w in MINE for w in before)

    def attacker(self) -> int | None:
        """Which group attacks (its index in the groups), when the query says so: "they attack
        me", "ataco a", the army named just before "attacks" or "moves in" (its subject), the army
        after "con" when a nation attacks ("Isengard ataca Edoras con 5 regulares")."""
        groups = self._groups
        if len(groups) < 2 and not (groups and ATTACKS.search(self.text)):
            return None
        mine = [k for k, g in enumerate(groups) if self.mine(g)]
        others = [k for k in range(len(groups)) if k not in mine]
        if ATTACKS_ME.search(self.text) and mine and len(others) == 1:
            return others[0]
        mine_attack = I_ATTACK.search(self.text)
        if mine_attack and len(mine) == 1:
            return mine[0]
        if mine_attack:   # "5 regulares de Rohan en Edoras ..., puedo atacar a los 3 regulares": the army before
            at = self._token_at(mine_attack.start())
            before = [k for k, g in enumerate(groups) if g[-1].end <= at]
            if before and any(g[0].start > at for g in groups):
                return before[-1]
        verb = ATTACKS.search(self.text)
        if verb is None:
            return None
        at = self._token_at(verb.start())
        before = [k for k, g in enumerate(groups) if g[-1].end <= at and at - g[-1].end <= 8]
        said_end = at + len(verb.group(0).split())
        after_verb = self.tokens[said_end:said_end + 1]
        if (at and self.tokens[at - 1] in ("los", "las", "les", "lo", "la")) or \
                after_verb in (["them"], ["him"], ["it"]):
            # "si los ataca", "attacks them": the army named before is the one attacked
            return next((k for k in range(len(groups) - 1, -1, -1) if k not in before[-1:]), None) \
                if len(groups) == 2 and before else None
        if before:
            return before[-1]
        after = [k for k, g in enumerate(groups) if g[0].start > at and g[0].start - at <= 6
                 and self.tokens[g[0].start - 1] in ("con", "with")]
        return after[0] if after else None

    def origins(self) -> list[str]:
        """The regions an army comes from: "from Minas Morgul", "viene de Isengard"."""
        out = []
        for s, _e, rid in self.regions_at:
            k = s - 1
            while k >= 0 and self.tokens[k] in ARTICLE_WORDS:
                k -= 1
            if k >= 0 and (self.tokens[k] in ORIGIN_BEFORE or (
                    self.tokens[k] in ("de", "del") and k and self.tokens[k - 1] in COMING)):
                out.append(rid)
        return out

    def marked(self, words: set[str]) -> list[str]:
        """The regions named right after one of ``words`` ("from Minas Morgul", "to Erebor")."""
        out = []
        for s, _e, rid in self.regions_at:
            k = s - 1
            while k >= 0 and self.tokens[k] in ARTICLE_WORDS:
                k -= 1
            if k >= 0 and self.tokens[k] in words:
                out.append(rid)
        return out

    def besieged(self) -> bool:
        """A siege said: "besieged", "sitiados", "under siege"; "siege" alone only with one region."""
        found = BESIEGED.search(self.text)
        if not found:
            return False
        return not SIEGE_ONLY.fullmatch(found.group(0)) or len(set(self.regions)) == 1

    def kind(self) -> str | None:
        if BRING.search(self.text) and any(c in BRINGABLE for c in self.chars):
            return "bring-into-play"
        said_in = [c for c in self.in_fellowship if c not in ("gollum", *BRINGABLE)]
        if said_in and LEAVES.search(self.text) and not dict(INTENTS)["politics"].search(self.text):
            return "separate-companions"   # "Aragorn is in the fellowship at Rivendell, can he leave"
        if SEPARATE.search(self.text) and not dict(INTENTS)["politics"].search(self.text) and any(
                c not in ("gollum", *BRINGABLE) for c in self.chars):
            return "separate-companions"   # "can Legolas separate and go to the Woodland Realm" (not its politics)
        if self.fellowship_destination() is not None:
            return "fellowship-move"
        kind = next((k for k, rx in INTENTS if rx.search(self.text)), None)
        if kind in ("army-move", "character-move", None) and _tables()["fellowship"].search(self.text) and \
                REROLL.search(self.text):
            return "hunt-roll"   # "the fellowship is in Lórien, can the shadow reroll if I move"
        retreat = RETREAT.search(self.text)
        if kind in ("army-move", None) and INTO_STRONGHOLD.search(self.text) and self.units:
            return "retreat"   # "si me meto adentro de la fortaleza": the retreat into a siege
        if kind in ("battle", "battle-outcome") and retreat:
            at = retreat.end()
            if any(self._starts[s] >= at and self._starts[s] - at < 20 for s, _e, _r in self.regions_at):
                return "retreat"   # "can I retreat to Erebor"
        if kind in ("army-move", "battle") and not self.units and self.chars:
            return "character-move"
        if kind is None and (self.box or self.eyes or self.mordor):
            return "hunt-roll"   # the Hunt's numbers and no other question: the roll they make
        if kind is None:
            return "character-move" if self.chars and not self.units else "army-move" if self.units else None
        return kind

    def fellowship_at(self) -> str | None:
        """The Fellowship's region: "my fellowship is hidden in Fangorn", "la comunidad sale de Rivendel"."""
        found = _tables()["fellowship"].search(self.text)
        if not found:
            return None
        after = self._token_at(found.start()) + len(found.group(0).split())
        for s, _e, rid in self.regions_at:
            if after <= s <= after + 5:
                k = s - 1
                while k >= after and self.tokens[k] in ARTICLE_WORDS:
                    k -= 1
                if k >= after and self.tokens[k] in ("in", "en", "at", "de", "from", "desde", "on", "por",
                                                     "through", "thru", "via"):
                    return rid
                return None
        return None

    def fellowship_destination(self) -> str | None:
        """Where the Fellowship moves, when the query says so ("la comunidad sale de Rivendel hacia el Acebeda")."""
        found = _tables()["fellowship"].search(self.text)
        if not found or not FELLOWSHIP_MOVES.search(self.text[found.end():found.end() + 40]):
            return None
        after = self._token_at(found.start())
        ahead = [(s, rid) for s, _e, rid in self.regions_at if after < s <= after + 10]
        for s, rid in ahead:
            k = s - 1
            while k > after and self.tokens[k] in ARTICLE_WORDS:
                k -= 1
            if self.tokens[k] in DESTINATION_BEFORE - {"a"} or (self.tokens[k] == "a" and len(ahead) >= 2):
                return rid
        return None

    def guide(self) -> str | None:
        """The Guide the query names: "Gandalf as guide", "Gandalf de guía", "the guide is Strider"."""
        near: list[tuple[int, str]] = []
        for s, e, cid in self.chars_at:
            after, before = " ".join(self.tokens[e:e + 7]), " ".join(self.tokens[max(0, s - 4):s])
            said = GUIDE.search(after)
            if said:
                near.append((len(said.group(0).split()), cid))
            elif GUIDE_BEFORE.search(before):
                near.append((1, cid))
        return min(near)[1] if near else None   # the name nearest the word ("Gandalf and Strider as guide")

    def only_left(self) -> str | None:
        """A Companion (or Gollum) said to be the only one left: "me queda solo Gollum"."""
        for s, e, cid in self.chars_at:
            if ONLY_LEFT.search(" ".join(self.tokens[max(0, s - 4):s]) + " ") or \
                    LEFT_AFTER.search(" ".join(self.tokens[e:e + 2])):
                return cid
        return None

    def described(self) -> bool:
        """A position, not a name dropped in passing: counted units, a move from one region to
        another, or the Hunt's numbers ("Balrog of Moria" names a region and asks nothing of it)."""
        return bool(self.units) or len(set(self.regions)) >= 2 or bool(
            self.eyes or self.corruption or self.box or self.mordor)


# Words that ask about playing a card: with them, a card's name in the query asks `event-card`.
PLAYING = re.compile(r"\b(play|plays|played|playing|card|cards|event|jugar|juego|juega|jugarla|jugarse|carta|cartas"
                     r"|evento)\b")


@cache
def _cards() -> tuple[re.Pattern[str], dict[str, str]]:
    """One pattern for every Event card's name (English and our Spanish, folded, the longest
    first) and the card each folded name is."""
    from adjudicator.wotr.cards import catalogue

    ids: dict[str, str] = {}
    for cid in catalogue.cards():
        for lang in ("en", "es"):
            words = _words(fold(catalogue.card_name(cid, lang)))
            if words:
                ids.setdefault(" ".join(words), cid)
    keys = sorted(ids, key=len, reverse=True)
    return re.compile(r"\b(?:" + "|".join(map(re.escape, keys)) + r")\b"), ids


# Words of a card's name that tell no card from another.
CARD_STOP = {"the", "of", "and", "los", "las", "la", "el", "de", "del", "y", "en", "are", "is", "on", "in", "to",
             "a", "an", "for", "por", "para", "con", "with", "they", "went", "card", "carta"}


@cache
def _card_words() -> dict[str, dict[str, set[str]]]:
    """Each card's telling words in each language ("dead", "men", "dunharrow"; "muertos",
    "sagrario"), and under "names" the proper names in it: the words the Spanish name, written
    in sentence case, capitalises after its first word ("Ents", "Bárbol")."""
    from adjudicator.wotr.cards import catalogue

    out: dict[str, dict[str, set[str]]] = {}
    for cid in catalogue.cards():
        mine = out.setdefault(cid, {})
        for lang in ("en", "es"):
            mine[lang] = {w for w in _words(fold(catalogue.card_name(cid, lang))) if w not in CARD_STOP and len(w) >= 3}
        spanish = re.findall(r"\w+", catalogue.card_name(cid, "es"))
        mine["names"] = {fold(w) for w in spanish[1:] if w[:1].isupper() and fold(w) not in CARD_STOP}
    return out


def _card_named(read: _Read) -> str | None:
    """The card a query about playing a card names ("can I play challenge of the king"), or None;
    ``""`` when it names a card no more closely than a word several cards share ("la carta de los
    Ents": three cards awake the Ents)."""
    if not PLAYING.search(read.text):
        return None
    pattern, ids = _cards()
    found = pattern.search(read.text)
    if found:
        return ids[found.group(0)]
    said = set(read.tokens)
    best: list[tuple[int, str]] = []
    for cid, words in _card_words().items():   # half in each language: "los muertos de dunharrow (dead men)"
        en, es = words["en"] & said, words["es"] & said
        shortest = min(len(words["en"]), len(words["es"]))
        if (en - words["es"]) and (es - words["en"]) and len(en | es) >= max(2, shortest):
            best.append((len(en | es), cid))
    best.sort(reverse=True)
    if best and (len(best) == 1 or best[0][0] > best[1][0]):
        return best[0][1]
    # a proper name of the card said with "card": "la carta de los Ents", "the Ents card"
    named = re.search(r"\b(?:card|carta|evento) (?:de|of) (?:los |las |la |el |the )?(\w+)|\b(\w+) (?:card|event)\b",
                      read.text)
    word = named and (named.group(1) or named.group(2))
    if word:
        t = _tables()
        game_word = word in t["known"] or word in t["sides"] or t["fellowship"].fullmatch(word) or \
            _regions()[0].fullmatch(word)   # "la carta de la Sombra", "de la Comunidad": no card's own name
        sharing = [] if game_word else [cid for cid, words in _card_words().items() if word in words["names"]]
        if len(sharing) == 1:
            return sharing[0]
        if sharing:
            return ""
    return None


def read_situation(query: str, lang: str) -> dict[str, Any] | None:
    """The question ``query`` describes, as a partly filled scenario (with ``_described``:
    whether it describes a position), or None when it names no region, character, counted
    unit or Hunt and no question kind fits it. A query about playing an Event card it names
    asks the `event-card` question, with the card and the position the query names."""
    from adjudicator.search import expand_abbreviations

    read = _Read(expand_abbreviations(query, lang))   # "WK", "GtW", "fp": their words
    card = _card_named(read)
    if card is not None:
        from adjudicator.wotr.cards import catalogue

        position = _position(read, "event-card", lang)
        if read.chars and not read.regions and "strider" in read.chars:   # "with Strider as Guide"
            position.setdefault("fellowship", {})["guide"] = "Strider" if lang == "en" else "Trancos"
        out: dict[str, Any] = {"game": GAME, "lang": lang, "_described": True}
        if position:
            out["position"] = position
        out["question"] = {"kind": "event-card", **({"card": catalogue.card_name(card, lang)} if card else {})}
        return out
    hunted = re.search(r"\b(hunt|caza|caceria|busqueda|corrup\w*)\b", read.text)
    fellowship = _tables()["fellowship"].search(read.text)
    if not (read.regions or read.chars or read.units or hunted or (fellowship and (read.box or read.mordor))):
        return None
    kind = read.kind()
    if kind is None:
        return None
    position = _position(read, kind, lang)
    question = {"kind": kind, **_question(read, kind, lang, position)}
    if kind == "politics" and read.regions:
        position.setdefault("regions", {}).setdefault(_region_name(read.regions[0], lang), {})
    scenario: dict[str, Any] = {"game": GAME, "lang": lang, "_described": read.described()}
    if position:
        scenario["position"] = position
    scenario["question"] = question
    return scenario


def _region_name(rid: str, lang: str) -> str:
    from adjudicator import names

    return names.region_name(rid, lang)


def _recruits(read: _Read, kind: str) -> list[_Unit]:
    """In a muster, the units counted after the word that recruits them ("put a regular in Dale")."""
    if kind != "muster":
        return []
    found = MUSTER_WORD.search(read.text)
    if not found:
        return []
    at = read._token_at(found.start())
    return [u for u in read.units if u.start > at]


def _recruit_regions(read: _Read, u: _Unit) -> list[str]:
    """Where a recruited count goes, one figure each (two at most): its region, or one in each
    of the regions listed with it when the count is theirs ("2 regulars in Dol Amroth and Pelargir")."""
    listed = [u.region or ""]
    for _s, e, rid in read.regions_at:
        if rid == listed[0]:
            k = e
            for s2, e2, rid2 in read.regions_at:
                if s2 == k + 1 and read.tokens[k] in ("and", "y", "e", "or", "o") and rid2 not in listed:
                    listed.append(rid2)
                    k = e2
            break
    if 1 < len(listed) <= min(u.count, 2):
        return listed[:2]
    return [listed[0]] * min(u.count, 2)


def _position(read: _Read, kind: str, lang: str) -> dict[str, Any]:
    """The position the query names: units where they stand, characters with an army, the
    political states, control and sieges, the Fellowship, the Hunt Box and the Corruption."""
    from adjudicator import data, names

    position: dict[str, Any] = {}
    side_of = {nid: info["side"] for nid, info in data.nations().items()}
    recruits = _recruits(read, kind)
    for group, rid in zip(read._groups, read.placed(), strict=True):
        for u in group:
            u.region = rid
            if u in recruits or rid is None:
                continue
            nation = u.nation
            if u.unit == "nazgul":
                slot = position.setdefault("regions", {}).setdefault(_region_name(rid, lang), {})
                shadow = slot.setdefault("shadow", {})
                shadow["nazgul"] = shadow.get("nazgul", 0) + u.count
                continue
            if nation is None:
                nation = data.regions()[rid].get("nation")   # "10 units in Dol Guldur", "I've got 4 regulars"
                if nation is not None and u.side is not None and side_of.get(nation) != u.side:
                    nation = None
            if nation is None:
                continue
            slot = position.setdefault("regions", {}).setdefault(_region_name(rid, lang), {})
            mine = slot.setdefault(side_of.get(nation, "shadow"), {}).setdefault(nation, {})
            mine[u.unit] = mine.get(u.unit, 0) + u.count
    if read.chars and read.regions and kind not in ("character-move", "separate-companions", "bring-into-play"):
        for s, _e, cid in read.chars_at:
            if cid in _fellowship_figures(read):
                continue
            near = read.region_of([_Unit(s, _e, None, "", 0)])
            if near is None and read.regions and not read.apart(data.characters()[cid]["side"], read.regions[0]):
                near = read.regions[0]
            if near is None:
                continue   # beside an enemy army whose region is not said: the form asks where
            slot = position.setdefault("regions", {}).setdefault(_region_name(near, lang), {})
            side = slot.setdefault(data.characters()[cid]["side"], {})
            name = names.character_name(cid, lang).split(",")[0]
            if name not in side.setdefault("characters", []):
                side["characters"].append(name)
    if kind == "bring-into-play" and read.regions:
        others = [c for c in read.chars if c not in BRINGABLE and data.characters()[c]["side"] == "free_peoples"]
        for cid in others:   # "Strider is in Dol Amroth": the figure that becomes Aragorn
            slot = position.setdefault("regions", {}).setdefault(_region_name(read.regions[0], lang), {})
            slot.setdefault("free_peoples", {}).setdefault("characters", []).append(
                names.character_name(cid, lang).split(",")[0])
    politics = _politics(read, kind)
    if politics:
        position["politics"] = politics
    _sieges_and_control(read, position, lang)
    fellowship = _fellowship(read, kind, lang)
    if fellowship:
        position["fellowship"] = fellowship
    shadow_dice = read.box.group(1) or read.box.group(2) if read.box else None
    if shadow_dice is None and read.eyes and kind in ("hunt-roll", "hunt-damage"):
        shadow_dice = read.eyes.group(1)
    if shadow_dice is not None:
        position.setdefault("hunt", {})["box"] = {"shadow": min(_number(shadow_dice), 10)}
    return position


def _fellowship_figures(read: _Read) -> set[str]:
    """The characters the query names as the Fellowship's (its Guide, the one left)."""
    return {c for c in (read.guide(), read.only_left()) if c}


def _politics(read: _Read, kind: str) -> dict[str, Any]:
    """Each nation's marker the query states: at war, passive, active, some steps from war. A
    state said right after nations is theirs; said alone, it is every nation's the query names."""
    out: dict[str, Any] = {}
    states = []
    for rx, state in ((AT_WAR, "at-war"), (PASSIVE, "passive"), (ACTIVE, "active"), (STEPS, "steps")):
        for m in rx.finditer(read.text):
            if NOT_BEFORE.search(read.text[:m.start()]):
                continue   # "Rohan aún no está en guerra": not at war, how far the query does not say
            if state == "at-war" and kind == "politics":
                continue
            states.append((read._token_at(m.start()), state, m))
    for at, state, m in states:
        mine = [n for i, n in read.nations_at if at - 5 <= i < at] or list(dict.fromkeys(read.nations))
        for nation in dict.fromkeys(mine):
            if state == "at-war":
                out[nation] = "at-war"
            elif state == "passive":
                cur = out.get(nation)
                out[nation] = {**(cur if isinstance(cur, dict) else {}), "active": False}
            elif state == "active":
                cur = out.get(nation)
                out[nation] = {**(cur if isinstance(cur, dict) else {}), "active": True}
            else:
                cur = out.get(nation)
                out[nation] = {"steps": _number(m.group(1)), **(cur if isinstance(cur, dict) else {})}
    for nation, state in out.items():
        if isinstance(state, dict) and "steps" in state:
            out[nation] = {"steps": state["steps"], "active": state.get("active", True)}
    return out


def _sieges_and_control(read: _Read, position: dict[str, Any], lang: str) -> None:
    """A Stronghold besieged ("besieged", "sitiados"): its own side inside, when the enemy
    stands there too; a settlement held by a side ("Pelargir lo tiene la Sombra")."""
    from adjudicator import data

    regions = position.get("regions", {})
    if read.besieged():
        for rid in dict.fromkeys(read.regions):
            info = data.regions()[rid]
            slot = regions.get(_region_name(rid, lang), {})
            if info.get("settlement") == "stronghold" and "free_peoples" in slot and "shadow" in slot:
                slot["besieged"] = "free-peoples" if info.get("side") == "free_peoples" else "shadow"
    sides = {"shadow": "shadow", "sombra": "shadow", "sauron": "shadow", "enemy": "shadow", "enemigo": "shadow",
             "free peoples": "free-peoples", "pueblos libres": "free-peoples"}
    for s, e, rid in read.regions_at:
        after = HELD_BY.search(" ".join(read.tokens[e:e + 6]))
        before = SIDE_HOLDS.search(" ".join(read.tokens[max(0, s - 5):s]) + " ")
        held = after or before
        if held and data.regions()[rid].get("settlement"):
            position.setdefault("regions", {}).setdefault(_region_name(rid, lang), {})["control"] = sides[held.group(1)]


def _fellowship(read: _Read, kind: str, lang: str) -> dict[str, Any]:
    from adjudicator import names

    out: dict[str, Any] = {}
    at = read.fellowship_at()
    if at is not None:
        out["region"] = _region_name(at, lang)
    said = _tables()["fellowship"].search(read.text)
    if said:
        near = read.text[max(0, said.start() - 30):said.end() + 40]
        if HIDDEN.search(near):
            out["hidden"] = True
        elif REVEALED.search(near):
            out["hidden"] = False
    left = read.only_left()
    guide = read.guide()
    if left == "gollum":
        out["companions"], out["guide"] = [], names.character_name("gollum", lang)
    elif left is not None and names.characters().lookup(left) is not None:
        out["companions"] = [names.character_name(left, lang).split(",")[0]]
    if guide is not None and "guide" not in out and (guide == "gollum" or guide not in BRINGABLE):
        out["guide"] = names.character_name(guide, lang).split(",")[0]
    if read.corruption:
        out["corruption"] = min(int(read.corruption.group(1) or read.corruption.group(2)), 12)
    if read.mordor:
        step = next(g for g in read.mordor.groups() if g)
        out["mordor"] = min(_number(step), 5) if _number(step) else 5   # Mount Doom: the last step
    return out


def _question(read: _Read, kind: str, lang: str, position: dict[str, Any]) -> dict[str, Any]:
    """The question's own fields the query names: where from and to, who moves, which nation."""
    from adjudicator import data, names

    question: dict[str, Any] = {}
    ordered = list(read.regions)
    regions = [_region_name(rid, lang) for rid in ordered]
    origin, target = read.origins(), read.marked(TARGET_BEFORE)
    if kind in ("army-move", "battle", "battle-outcome", "character-move", "retreat") and regions:
        if len(set(ordered)) >= 2:
            first, last = ordered[0], ordered[-1]
            attacker = read.attacker() if kind in ("battle", "battle-outcome", "retreat") else None
            attacking = read.placed()[attacker] if attacker is not None else None
            if kind in ("battle", "battle-outcome", "retreat") and origin:
                first = origin[0]   # "the Shadow attacks from Minas Morgul"
                last = next((r for r in (target or ordered) if r != first), last)
            elif attacking is not None:   # "if he moves in", "can they attack me"
                first = attacking
                last = next((r for r in (target or ordered[::-1]) if r != first), last)
            elif kind != "battle" and kind != "battle-outcome":
                dest = [r for r in read.marked(DESTINATION_BEFORE) if r != first]
                last = dest[0] if dest else last   # "de Erebor a Valle y ... en el Bosque Negro"
            question["from"], question["to"] = _region_name(first, lang), _region_name(last, lang)
        elif kind in ("battle", "battle-outcome"):
            attacker = read.attacker()
            explicit = read.placed()
            if attacker is not None and explicit[attacker] == ordered[0] and \
                    sum(r == ordered[0] for r in read.placed()) == 1 and not read.besieged():
                question["from"] = regions[0]   # the attacker's region said, the defender's not
            else:
                question["to"] = regions[0]
                besieged = any(isinstance(s, dict) and s.get("besieged") for s in position.get("regions", {}).values())
                if besieged or re.search(r"\b(sortie|salir|salida|besieged by|sitiados por|asediados por)\b",
                                         read.text):
                    question["from"] = regions[0]   # a siege or a sortie: the Stronghold's own region
        else:
            question["from"] = regions[0]
    if kind == "character-move":
        who = [names.character_name(c, lang).split(",")[0] for c in read.chars]   # "Aragorn", not "Aragorn, Heir..."
        nazgul = next((u.count for u in read.units if u.unit == "nazgul"), None)
        if who:
            question["character"] = who if len(who) > 1 else who[0]
        elif nazgul:
            question["character"] = ["Nazgûl"] * nazgul
    if kind == "bring-into-play":
        who = [c for c in read.chars if c in BRINGABLE]
        question["character"] = names.character_name(who[-1], lang).split(",")[0]
        if regions:
            question["to"] = regions[0]
    if kind == "separate-companions":
        who = [names.character_name(c, lang).split(",")[0] for c in read.chars
               if c not in ("gollum", *BRINGABLE) and data.characters()[c]["side"] == "free_peoples"]
        if who:
            question["companions"] = who
        dest = read.marked(DESTINATION_BEFORE)
        if dest:
            question["to"] = _region_name(dest[-1], lang)
    if kind == "fellowship-move":
        going = read.fellowship_destination()
        if going is not None:
            question["to"] = _region_name(going, lang)
    if kind == "hunt-damage":
        tile = TILE.search(read.text)
        if tile:
            face = next(g for g in tile.groups() if g)
            if face in ("eye", "ojo") or -3 <= int(face) <= 3:   # "a 4 hunt tile" is no tile there is
                question["tile"] = "eye" if face in ("eye", "ojo") else int(face)
        hits = SUCCESSES.search(read.text)
        if hits and "mordor" not in position.get("fellowship", {}):   # on the Mordor Track no roll finds it
            question["successes"] = min(_number(hits.group(1)), 5)
    if kind in ("muster", "politics"):
        nation = read.nations[0] if read.nations else data.regions()[read.regions[0]].get("nation") \
            if read.regions else None
        if nation:
            question["nation"] = nation
        if kind == "muster":
            recruits = _recruits(read, kind)
            if recruits and all(u.region for u in recruits):
                question["recruit"] = [{"unit": u.unit, "region": _region_name(where, lang)}
                                       for u in recruits for where in _recruit_regions(read, u)]
            elif UPGRADE.search(read.text):
                question["upgrade"] = True   # Saruman's: Regulars become Elites, no recruit
            elif regions:
                found = MUSTER_WORD.search(read.text)
                at = read._token_at(found.start()) if found else 0
                after = [rid for s, _e, rid in read.regions_at if s > at]
                question["recruit"] = [{"region": _region_name((after or ordered)[0], lang)}]
        if kind == "politics" and re.search(r"\b(attacked|atacan|atacad[oa]s?)\b", read.text):
            question["event"] = "attacked"
        elif kind == "politics" and _tables()["fellowship"].search(read.text) and \
                re.search(r"\b(declared?|declares|declaring|declarada|declaro|declara|declarar)\b", read.text):
            question["event"] = "fellowship-declared"   # "the fellowship is declared in Bree"
            declared_at = read.fellowship_at() or (ordered[0] if ordered else None)
            if declared_at is not None:
                question["region"] = _region_name(declared_at, lang)
        elif kind == "politics":
            companion = [c for c in read.chars if c not in ("gollum", *BRINGABLE)
                         and data.characters()[c]["side"] == "free_peoples"]
            if companion and regions:   # "Gimli walks into Erebor", "llevo a Legolas a los Puertos Grises"
                question["event"] = "companion-ends-move"
                question["companion"] = names.character_name(companion[0], lang).split(",")[0]
                dest = read.marked(DESTINATION_BEFORE)
                question["region"] = _region_name(dest[-1] if dest else ordered[0], lang)
    return question


def _number(word: str) -> int:
    NUMBERS.update(_table("numbers"))
    return int(word) if word.isdecimal() and len(word) <= 3 else NUMBERS.get(word, 0)


def ask_entry(query: str, lang: str) -> tuple[dict[str, Any] | None, bool]:
    """The search result's ``ask`` entry for ``query`` (``{game, kind, scenario}``: the question
    kind that rules on the situation and the scenario with what the query names filled in), or
    None; and whether the query describes a position (then it is never refused)."""
    scenario = read_situation(query, lang)
    if scenario is None:
        return None, False
    described = scenario.pop("_described")
    return {"game": scenario["game"], "kind": scenario["question"]["kind"], "scenario": scenario}, described
