"""How an English concept term is spelled, beyond its stems: English analysis stems ``attacking``, ``attacked``,
``attack`` and ``attacker`` alike, and ``equipment`` as ``equip``, so terms of different concepts share a key
(attacking player and the verb attack with a player; the Equipment subtype and the keyword equip). Query matching
(:mod:`.matching`) reads these spellings to tell them apart.
"""

from __future__ import annotations

from collections.abc import Iterable

import re

from .folding import fold
from .stemming import ENGLISH_STOP_WORDS, WORD, english_whole_word, english_whole_words, english_words

# A placeholder of a term ("as [this] enters the battlefield"): any name stands there, so its words are no term's.
_PLACEHOLDER = re.compile(r"\[[^\]]*\]")


def participle_ending(word: str) -> str:
    """An English word's participle ending, ``ing`` or ``ed`` (``blocking``, ``blocked``), else empty (``block``,
    ``blocks``, ``blocker``)."""
    folded = fold(word)
    if folded.endswith(("ing", "ings")):
        return "ing"
    return "ed" if folded.endswith("ed") else ""


def participles(terms: Iterable[str]) -> dict[str, tuple[frozenset[str], ...]]:
    """English term key → per word, the endings (:func:`participle_ending`) its terms spell it with, for the keys of
    two or more words one of which every term of the key spells as a participle (``attacking player``: ``ing``,
    then any; ``return to hand`` and ``returned to hand`` share a key and leave it out)."""
    spelled: dict[str, list[set[str]]] = {}
    for term in terms:
        words = english_words(term)
        key = " ".join(english_whole_word(w) for w in words)
        if len(words) > 1:
            found = spelled.setdefault(key, [set() for _ in words])
            for j, word in enumerate(words[:len(found)]):
                found[j].add(participle_ending(word))
    return {key: tuple(frozenset(e) for e in ends) for key, ends in spelled.items()
            if any("" not in e for e in ends)}


def singular(word: str) -> str:
    """An English word folded, a plural's *s* dropped (``attackers``: ``attacker``)."""
    folded = fold(word)
    return folded[:-1] if len(folded) > 3 and folded.endswith("s") else folded


def term_keys(term: str) -> tuple[str, str]:
    """An English term's keys as queries match it: its words as :func:`.stemming.english_whole_word` keeps them,
    without the stop words English analysis drops, and, for a term that has some, with them (placeholders left
    out; empty when it has none): "end the turn" (cr 724) is not "end of turn" (the end step), nor "enters the
    battlefield" "as [this] enters the battlefield" (cr 614.1c), though both pairs are "end turn" and "enter
    battlefield" without them. A term of one word and stop words is only its phrase (its first key empty): "in play"
    (the battlefield) is not every "play", nor "counts as" every "count", "as though" (cr 609.4) every "though",
    nor "look at" every "look"."""
    plain = " ".join(english_whole_words(term))
    words = re.findall(WORD, _PLACEHOLDER.sub(" ", term))
    if not any(fold(word) in ENGLISH_STOP_WORDS for word in words):
        return plain, ""
    return plain if " " in plain else "", " ".join(english_whole_word(word) for word in words)
