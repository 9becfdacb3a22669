"""Players' English idioms that the rules say in other words, read in a query before its concepts are matched.

"Does lifelink stack?", "do two prowess stack", "does exalted stack with exalted": players say *stack* as a verb for
what several instances of one ability on one object do, which the rules call "multiple instances" (cr 702.15f
"Multiple instances of lifelink on the same object are redundant", 702.108b "If a creature has multiple instances of
prowess, each triggers separately"). The rules never use the verb: their stack is the zone (cr 405), a noun after an
article, a possessive or a preposition ("on the stack", "to its stack") or the subject of a clause ("stack is empty").
So the word is the verb only after another word (the ability's name: a query of "stack" alone asks for the zone), and
where a clause ends after it, or "with", "or", "and", "if" or "together" follows. "Stacking", "stacked" and
"stackable" are the verb wherever they stand ("stacking lifelink", "stacked prowess triggers"): no rule says them.
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
INSTANCES = "multiple instances"  # the rules' words for the verb


def english_idioms(text: str) -> str:
    """The query with the idioms said in the rules' words: *stack* as a verb is :data:`INSTANCES` (see the module)."""
    text = _ONLY_VERB.sub(INSTANCES, text)
    return _STACK_VERB.sub(lambda match: INSTANCES if _verb(text, match.start()) else match.group(), text)


def _verb(text: str, start: int) -> bool:
    before = _WORD_BEFORE.search(text[:start])
    return before is not None and before.group(1).lower() not in _BEFORE_THE_ZONE
