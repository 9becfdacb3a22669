"""Deck registration checks: read a deck list (:mod:`.decklist`), load the construction rules of each ruleset
and format from ``corpus/deck_rules.toml`` (:mod:`.rules`) and check one against the other (:mod:`.legality`).
Every violation names the rules that forbid it (``sr-judge:A1.20``, ``ru-cr:100.2a``).
"""
