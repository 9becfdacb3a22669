"""Players' English idioms read in the rules' words (izvori_rules/text/idioms.py)."""

from __future__ import annotations

import pytest

from izvori_rules.search.searcher import default_searcher
from izvori_rules.text.idioms import english_idioms


@pytest.mark.parametrize(
    ("query", "read"),
    [
        ("does lifelink stack?", "does lifelink multiple instances?"),
        ("do two prowess stack", "do two multiple prowess multiple instances"),  # and the count (below)
        ("does exalted stack with exalted", "does exalted multiple instances with exalted"),
        # the zone: after an article, a preposition or a conjunction, as a clause's subject, or typed alone
        ("can I respond while the trigger is on the stack?", "can I respond while the trigger is on the stack?"),
        ("when does a step end stack is empty and everyone passes",
         "when does a step end stack is empty and everyone passes"),
        ("priority and stack", "priority and stack"),
        ("stack", "stack"),
        # the forms no rule of cr or ru-cr prints (cr 405 says "the stack", "on the stack"): the verb wherever they
        # stand
        ("stacking lifelink", "multiple instances lifelink"),
        ("are stacked exalted triggers separate", "are multiple instances exalted triggers separate"),
    ],
    ids=["question mark", "clause end", "stack with", "on the stack", "subject", "after and", "alone", "stacking",
         "stacked"],
)
def test_stack_said_as_a_verb_is_multiple_instances(query: str, read: str) -> None:
    assert english_idioms(query) == read


def test_a_verb_stack_finds_the_multiple_instances_rule() -> None:
    # cr 702.15f "Multiple instances of lifelink on the same object are redundant."; cr 702.2f the same of deathtouch
    searcher = default_searcher()
    assert searcher.search("double lifelink stack?", doc="cr").hits[0].ref == "cr:702.15f"
    assert searcher.search("does deathtouch stack", doc="cr").hits[0].ref == "cr:702.2f"


def test_a_czech_query_s_stack_stays_the_zone() -> None:
    # cs-cr 217.6a defines the stack ("stack"): Czech judges write the English word, "jde na stack"
    result = default_searcher().search("co je stack")
    assert "stack" in result.concepts and "multiple_instances" not in result.concepts


@pytest.mark.parametrize(
    ("query", "read"),
    [
        ("equipment with two equip costs", "equipment with two multiple equip costs"),
        ("three of my creatures", "three multiple of my creatures"),
        # amounts, which the rules write as numbers, stay counts
        ("deals two damage", "deals two damage"),
        ("draw two cards", "draw two cards"),
        ("two or more", "two or more"),
        ("two-headed giant", "two-headed giant"),
    ],
    ids=["costs", "three", "damage", "cards", "or more", "two-headed"],
)
def test_a_count_of_things_is_multiple(query: str, read: str) -> None:
    assert english_idioms(query) == read


def test_two_equip_costs_find_the_rule_on_multiple_equip_abilities() -> None:
    # cr 702.6d "If a permanent has multiple equip abilities, any of its equip abilities may be activated."
    hits = default_searcher().search("equipment with two equip costs can I use the cheaper one", doc="cr").hits
    assert "cr:702.6d" in [hit.ref for hit in hits[:5]]
