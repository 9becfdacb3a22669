"""Which of a query's hits repeat a rule above them in another document's words: they follow the other hits.

The documents are translations and renderings of one another: ru-cr 301.5b renders cr 301.5b, and sr-judge B12.27
says the same of Equipment in the Serbian judges' words (each names the others as its equivalents). A question's
words often match one such rule in several documents, so that two or three of the first hits said one thing
("equipment stays on the battlefield when the creature dies": cr 301.5b and sr-judge B12.27, about casting
Equipment) above the rule that answers (cr 704.5n: an Equipment attached to an illegal permanent becomes
unattached and remains on the battlefield). A hit lists its equivalents (:class:`~.searcher.SearchHit`: a
translation its original and peers), and the question set counts a right rule of any document as the answer, so a
rule shown once lets the next rule in: of a query's ranked hits, a rule one of whose twins stands above it (and is not
itself such a repeat) follows the others, in its order, unless the judge typed its language and not the twin's. (A
single concept's query wants every document's rule that defines it, as ranking.PEER says: the ranker asks this of
queries of two or more clauses only.)
"""

from __future__ import annotations

from collections.abc import Callable, Container, Iterable

from .candidates import Candidate

Equivalents = Callable[[int], Iterable[int]]  # a node's equivalents in other documents (document numbers it names)
Where = Callable[[int], tuple[str, str]]  # a node's document and language


def repeats_last(ranked: list[Candidate], equivalents: Equivalents, where: Where,
                 typed: Container[str] = ()) -> list[Candidate]:
    """The ranked candidates with each rule whose twin stands above it after the other rules, at most the key of the
    last of them (so the scores still fall with the rank), unless the rule is in a language the judge ``typed`` and
    its twin is not (cr 704.5f "toughness 0 or less" stays below sr-judge D21.52 for "creature with 0 toughness": the
    English judge reads the English rule). ``where`` tells a node's document and language. Two rules are twins
    when one names the other as its equivalent and the other names no other rule of the first's document: ru-cr
    301.5b names cr 301.5b and cr 301.5b names it (an English rule names the translations that reach it); but ru-cr 400.7e (an Aura's abilities that track the new
    object) names cs-cr 217.1c, which names ru-cr 400.7 (a card that changes zones is a new object), a rule that
    says more. (Equivalents one step apart: the index's peers, ranking.PEER, join whole chains of them.) (``ranked``
    holds the keys negated, as the candidates do.)"""
    rules = [doc for unranked, _, doc in ranked if not unranked]
    named = {doc: set(equivalents(doc)) for doc in rules}
    twins: dict[int, set[int]] = {}
    for doc in rules:
        for other in named[doc]:
            if other in named and not any(third != doc and where(third)[0] == where(doc)[0] for third in named[other]):
                twins.setdefault(doc, set()).add(other)
                twins.setdefault(other, set()).add(doc)
    shown: set[int] = set()
    repeated: set[int] = set()
    for doc in rules:  # in rank order
        own = where(doc)[1] in typed
        repeats = any(twin in shown and (where(twin)[1] in typed or not own) for twin in twins.get(doc, ()))
        (repeated if repeats else shown).add(doc)
    if not repeated:
        return ranked
    floor = max(key for unranked, key, doc in ranked if not unranked and doc not in repeated)  # negated: the least
    return sorted(((unranked, max(key, floor) if doc in repeated else key, doc) for unranked, key, doc in ranked),
                  key=lambda candidate: (candidate[0], candidate[2] in repeated))  # stable: in rank order
