"""Two questions asked at the table, on a phone, from an empty form, counting every action.

Used by ``tests/web/test_table_flow.py`` (the counts, against the forms before issue 15)
and ``benchmarks/bench_table_flow.py`` (the counts and the seconds). An :class:`Actor`
performs each action in the browser and counts it: a tap (``locator.tap()``), a keystroke
(one key typed), and a choice in a ``<select>`` as two taps (open it, pick the option).
Scrolling is not counted. Human seconds are estimated by the Keystroke-Level Model: 1.1 s
to point at and tap a control (Card, Moran and Newell 1983) and 0.6 s per key on a phone's
soft keyboard (about 20 words a minute, MacKenzie and Zhang 2001), with no thinking time:
a lower bound for both forms alike.
"""
from __future__ import annotations

import math
import re
import time
from dataclasses import dataclass, field

from adjudicator import data

TAP_SECONDS = 1.1
KEY_SECONDS = 0.6

# The two questions (issue 15): a mid-game army move, and a sortie from besieged Minas Tirith.
ARMY_MOVE = {"game": "war-of-the-ring", "kind": "army-move",
             "from": "edoras", "to": "westemnet", "army": ("rohan", {"regular": 2, "elite": 1, "leader": 1})}
# Issue 26: the README's question, an army move out of besieged Helm's Deep.
BESIEGED_MOVE = {"game": "war-of-the-ring", "kind": "army-move", "from": "helms-deep", "to": "westemnet",
                 "army": ("rohan", {"regular": 2, "elite": 1, "leader": 1}),
                 "enemy": ("isengard", {"regular": 5, "elite": 2})}
SORTIE = {"game": "war-of-the-ring", "kind": "battle", "from": "minas-tirith", "to": "minas-tirith",
          "army": ("gondor", {"regular": 3, "elite": 1, "leader": 1}),
          "enemy": ("sauron", {"regular": 6, "elite": 2})}


@dataclass
class Actor:
    """Acts on a page and counts what a player would do."""

    page: object
    taps: int = 0
    keys: int = 0
    log: list[str] = field(default_factory=list)
    started: float = field(default_factory=time.perf_counter)
    swipes: int = 0      # not among the actions: how far a thumb scrolls between them (issue 26)

    def scroll_to(self, locator) -> None:
        """Scroll ``locator`` into view, counting a swipe for each 3/4 screen travelled."""
        before = self.page.evaluate("() => window.scrollY")
        locator.scroll_into_view_if_needed()
        moved = abs(self.page.evaluate("() => window.scrollY") - before)
        screen = self.page.viewport_size["height"] if self.page.viewport_size else 844
        self.swipes += math.ceil(moved / (0.75 * screen)) if moved > 0 else 0

    def tap(self, locator, what: str = "") -> None:
        self.scroll_to(locator)
        locator.tap()
        self.taps += 1
        self.log.append(f"tap {what}")

    def type(self, locator, text: str, what: str = "") -> None:
        self.tap(locator, what)
        locator.press_sequentially(text)
        self.keys += len(text)
        self.log.append(f"type {text!r}")

    def choose(self, select, value: str, what: str = "") -> None:
        # A tap on a <select> opens the phone's own picker, which a headless browser cannot
        # show: the option is chosen directly and counted as the two taps a player makes.
        self.scroll_to(select)
        select.select_option(value)
        self.taps += 2
        self.log.append(f"choose {value}")

    @property
    def actions(self) -> int:
        return self.taps + self.keys

    @property
    def estimated_seconds(self) -> float:
        return round(self.taps * TAP_SECONDS + self.keys * KEY_SECONDS, 1)

    def figures(self) -> dict:
        return {"taps": self.taps, "keys": self.keys, "actions": self.actions,
                "estimated_seconds": self.estimated_seconds, "swipes": self.swipes,
                "scripted_seconds": round(time.perf_counter() - self.started, 2)}


def name(region: str, lang: str) -> str:
    return data.regions()[region]["name"][lang]


def _ruling(page) -> None:
    page.wait_for_url(re.compile(r"/r/[A-Za-z0-9_-]+$"))


# -- before issue 15: the forms as they were (every region typed, the counts typed, politics rows) ----------

def old_army_move(page, lang: str = "en") -> Actor:
    q = ARMY_MOVE
    page.goto(f"/{lang}/ask/{q['game']}/{q['kind']}")
    a = Actor(page)
    f = page.locator
    a.type(f("#q-from"), name(q["from"], lang), "from")
    a.type(f("#q-to"), name(q["to"], lang), "to")
    a.type(f("#r0-name"), name(q["from"], lang), "region row")
    nation, counts = q["army"]
    a.choose(f("#r0-fp0-nation"), nation, "nation")
    for unit, n in counts.items():
        a.type(f(f"#r0-fp0-{unit}"), str(n), unit)
    a.choose(f("#pol0-nation"), nation, "political nation")
    a.choose(f("#pol0-state"), "at-war", "political state")
    a.tap(page.locator("form.ask button[type=submit]").last, "submit")
    _ruling(page)
    return a


def old_sortie(page, lang: str = "en") -> Actor:
    q = SORTIE
    page.goto(f"/{lang}/ask/{q['game']}/{q['kind']}")
    a = Actor(page)
    f = page.locator
    a.type(f("#q-from"), name(q["from"], lang), "from")
    a.type(f("#q-to"), name(q["to"], lang), "to")
    a.choose(f("#q-type"), "sortie", "type")
    a.type(f("#r0-name"), name(q["from"], lang), "region row")
    a.choose(f("#r0-besieged"), "free-peoples", "besieged")
    for prefix, (nation, counts) in (("fp0", q["army"]), ("sh0", q["enemy"])):
        a.choose(f(f"#r0-{prefix}-nation"), nation, "nation")
        for unit, n in counts.items():
            a.type(f(f"#r0-{prefix}-{unit}"), str(n), unit)
    a.choose(f("#pol0-nation"), "gondor", "political nation")
    a.choose(f("#pol0-state"), "at-war", "political state")
    a.tap(page.locator("form.ask button[type=submit]").last, "submit")
    _ruling(page)
    return a


# -- after issue 15: the map, the steppers, the buttons -------------------------------------------

def tap_region(a: Actor, region: str, done) -> None:
    """Tap a region on the form's map as a finger would: where regions crowd the first tap
    zooms in (static/map.js), so tap again until ``done()`` says the pick landed."""
    page = a.page
    page.locator("#map.live").wait_for()
    for _ in range(4):
        a.scroll_to(page.locator("#map"))
        box = page.locator(f'#map [data-region="{region}"] > use').first.bounding_box()
        page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        a.taps += 1
        a.log.append(f"tap map {region}")
        page.wait_for_timeout(50)     # the zoom and the labels' layout run in an animation frame
        if done():
            return
    raise AssertionError(f"{region} was not picked in 4 taps")


def count(a: Actor, name: str, n: int) -> None:
    """A count: an army's count is one tap on its number up to 5 (the pad, issue 26), other
    counts the + button for 1 or 2; typing the number for more (what a player would do)."""
    pad = a.page.locator(f'button.count-btn[data-for="{name}"][data-set="{n}"]')
    if pad.count():
        a.tap(pad, f"{n} {name}")
    elif n <= 2:
        for _ in range(n):
            a.tap(a.page.locator(f'button.step-btn[data-for="{name}"][data-step="1"]'), f"+ {name}")
    else:
        a.type(a.page.locator(f"#{name}"), str(n), name)


def new_army_move(page, lang: str = "en") -> Actor:
    q = ARMY_MOVE
    page.goto(f"/{lang}/ask/{q['game']}/{q['kind']}")
    page.locator("#map.live").wait_for()
    a = Actor(page)
    f = page.locator
    tap_region(a, q["from"], lambda: f("#q-from").input_value() == name(q["from"], lang))
    tap_region(a, q["to"], lambda: f("#q-to").input_value() == name(q["to"], lang))
    _nation, counts = q["army"]        # the row's nation follows its region's (static/ask.js)
    for unit, n in counts.items():
        count(a, f"r0-fp0-{unit}", n)
    a.tap(f("label[for='pol-preset--1']"), "everyone At War")
    a.tap(f("form.ask button[type=submit].primary"), "submit")
    _ruling(page)
    return a


def new_sortie(page, lang: str = "en") -> Actor:
    q = SORTIE
    page.goto(f"/{lang}/ask/{q['game']}/{q['kind']}")
    page.locator("#map.live").wait_for()
    a = Actor(page)
    f = page.locator
    tap_region(a, q["from"], lambda: f("#q-from").input_value() == name(q["from"], lang))
    tap_region(a, q["to"], lambda: f("#q-to").input_value() == name(q["to"], lang))
    a.tap(f("#q-type label:text-is('%s')" % ("Sortie" if lang == "en" else "Salida")), "sortie")
    a.tap(f("label[for='r0-besieged--1']"), "besieged: Free Peoples")
    for prefix, (_nation, counts) in (("fp0", q["army"]), ("sh0", q["enemy"])):
        for unit, n in counts.items():
            count(a, f"r0-{prefix}-{unit}", n)
    a.tap(f("label[for='pol-preset--1']"), "everyone At War")
    a.tap(f("form.ask button[type=submit].primary"), "submit")
    _ruling(page)
    return a


def new_besieged_move(page, lang: str = "en") -> Actor:
    q = BESIEGED_MOVE
    page.goto(f"/{lang}/ask/{q['game']}/{q['kind']}")
    page.locator("#map.live").wait_for()
    a = Actor(page)
    f = page.locator
    tap_region(a, q["from"], lambda: f("#q-from").input_value() == name(q["from"], lang))
    tap_region(a, q["to"], lambda: f("#q-to").input_value() == name(q["to"], lang))
    # both sides' armies in a stronghold's region: the form takes the stronghold's own as the
    # besieged one (static/ask.js), shown chosen; nothing to tap
    for prefix, (_nation, counts) in (("fp0", q["army"]), ("sh0", q["enemy"])):
        for unit, n in counts.items():
            count(a, f"r0-{prefix}-{unit}", n)
    a.tap(f("form.ask button[type=submit].primary"), "submit")
    _ruling(page)
    return a


def tab_stops_to_submit(page, limit: int = 300) -> int:
    """How many Tab presses take the focus from the top of the page to the form's submit button."""
    page.evaluate("() => { document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0); }")
    for n in range(1, limit + 1):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement === Array.from("
                         "document.querySelectorAll('form.ask button[type=submit]')).pop()"):
            return n
    raise AssertionError(f"the submit button is not reached in {limit} Tab presses")


# Measured with old_army_move / old_sortie on the forms of commit dae45db (before issue 15),
# a 390x844 phone, both languages alike; the Tab presses from the top of the page to submit.
BEFORE = {"army-move": {"taps": 13, "keys": 24, "actions": 37, "estimated_seconds": 28.7, "tab_stops": 46},
          "sortie": {"taps": 21, "keys": 41, "actions": 62, "estimated_seconds": 47.7, "tab_stops": 47}}
