"""Players' English idioms that the rules say in other words, read in a query before its concepts are matched.

"Does lifelink stack?", "do two prowess stack", "does exalted stack with exalted": players say *stack* as a verb for
what several instances of one ability on one object do, which the rules call "multiple instances" (cr 702.15f
"Multiple instances of lifelink on the same object are redundant", 702.108b "If a creature has multiple instances of
prowess, each triggers separately"). The rules never use the verb: their stack is the zone (cr 405), a noun after an
article, a possessive or a preposition ("on the stack", "to its stack") or the subject of a clause ("stack is empty").
So the word is the verb only after another word (the ability's name: a query of "stack" alone asks for the zone), and
where a clause ends after it, or "with", "or", "and", "if" or "together" follows. "Stacking", "stacked" and
"stackable" are the verb wherever they stand ("stacking lifelink", "stacked prowess triggers"): no rule says them.

"Two equip costs", "two monster roles", "three of my creatures": players count what the rules call "multiple" (cr
702.6d "If a permanent has multiple equip abilities", 702.15f "Multiple instances of lifelink") or "two or more"
(616.1, 704.5j). So "two", "three" or "twice" before a word is also :data:`MULTIPLE` ("several" is the rules' own
word, cr 104.4), unless the word is an amount the rules write as a number (damage, life, mana, cards, counters,
turns, times, targets: "deals two damage", "draw two cards"), a player's count, or "or more" (which the rules say
too).
"""

from __future__ import annotations

import re

# The words after which "stack" is the zone's noun: articles, possessives, prepositions, and the adjectives a judge
# puts before the zone ("the same stack", "an empty stack").
_BEFORE_THE_ZONE = frozenset((
    "the", "a", "an", "on", "onto", "to", "from", "off", "of", "into", "top", "its", "my", "your", "their", "his",
    "her", "our", "this", "that", "same", "empty", "whole", "entire", "each", "separate", "own", "new", "and", "or",
    "in", "at", "for", "about", "with",
))
# "stack" or "stacks" where a clause ends after it or a word that joins the verb to the rest follows.
_STACK_VERB = re.compile(r"\b(?:stack|stacks)\b(?=\s*(?:$|[?.!,;:)]|(?:with|or|and|if|together)\b))", re.I)
# The verb's forms that no rule of cr or ru-cr has (the zone is "the stack", "on the stack", never "stacking").
_ONLY_VERB = re.compile(r"\b(?:stacking|stacked|stackable)\b", re.I)
_WORD_BEFORE = re.compile(r"([\w']+)\W*$")
# A count of things before a word that is no amount (see the module): "two equip costs", not "two damage".
_COUNT = re.compile(r"\b(?:two|three|twice)\b(?=\s+(?!(?:damage|life|mana|cards?|counters?|turns?|times|targets?|"
                    r"players?|or|more|headed)\b)[a-z])", re.I)
MULTIPLE = "multiple"  # the rules' word for a count of objects or abilities
INSTANCES = "multiple instances"  # the rules' words for the verb


def english_idioms(text: str) -> str:
    """The query with the idioms said in the rules' words: *stack* as a verb is :data:`INSTANCES`, a count of things
    is :data:`MULTIPLE` too (see the module)."""
    text = _ONLY_VERB.sub(INSTANCES, text)
    text = _STACK_VERB.sub(lambda match: INSTANCES if _verb(text, match.start()) else match.group(), text)
    return _COUNT.sub(lambda match: f"{match.group()} {MULTIPLE}", text)


def _verb(text: str, start: int) -> bool:
    before = _WORD_BEFORE.search(text[:start])
    return before is not None and before.group(1).lower() not in _BEFORE_THE_ZONE
