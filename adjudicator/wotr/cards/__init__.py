"""War of the Ring: the 96 Event cards (data/event_cards.json, our words and structure).

``catalogue`` finds a card by id, name (English or our Spanish) or combat title; the kinds
that rule on cards live beside it (one module per docs page of the Event cards chapter).
"""
