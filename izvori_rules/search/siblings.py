"""Which of a rule's lettered subrules a query's first hits prefer: of siblings that match the same clauses, the
earlier (see EARLIER).

The Comprehensive Rules and their translations (cr, ru-cr, cs-cr) letter the subrules of a rule (702.16a, 702.16b,
...); sr-judge numbers its subrules (D11.105 under D11.100) and letters none, and its subrules keep their keys: read
as letters, their order cost the Serbian questions more than it gained.
"""

from __future__ import annotations

from collections.abc import Callable

from .candidates import Candidate

# Of the first hits, a lettered subrule ranks at its key divided by 1 + EARLIER times how many letters it stands after
# the first of its siblings among them that matches the same clauses of the query: a rule's first subrules state it,
# its later ones its variants, exceptions and special cases (cr 702.16e "damage that would be dealt by sources that
# have the stated quality ... is prevented" before 702.16j "Protection from everything is a variant of the protection
# ability"; 702.11b hexproof on a permanent before 702.11c on a player), so of siblings that match a query alike the
# earlier more often states what a judge asks. A subrule matched beside other rules keeps its key (cr 704.5f
# "toughness 0 or less", one of a list of equals, against 208.5). 0.05 to 0.08 did best on the real-question set's
# tuning part (tests/search_questions.tsv: Russian MRR 0.899 -> 0.918, English 0.872 -> 0.887 on the tuned rows of
# batches 1-4 and questions 76-103).
EARLIER = 0.05
Subrule = Callable[[int], "tuple[str, int] | None"]  # a node's rule and its letter's place (:func:`subrule_of`)


def subrule_of(ref: str) -> tuple[str, int] | None:
    """A lettered subrule's rule and how far its letter stands after "a" (``cr:702.16e``: ``cr:702.16``, 4); None
    for anything else (a rule, sr-judge's D11.105, whose documents letter no subrules, a glossary entry)."""
    last = ref[-1]
    if "a" <= last <= "z" and "0" <= ref[-2:-1] <= "9":
        return ref[:-1], ord(last) - ord("a")
    return None


def earlier(best: list[Candidate], masks: dict[int, int], subrule: Subrule) -> list[Candidate]:
    """The candidates re-sorted, a lettered subrule's key divided by 1 + EARLIER times how far its letter stands
    after the first of its siblings in ``best`` that match the same clauses (``masks``). (``best`` holds the keys
    negated, as the candidates do.)"""
    places = {doc: found for _, _, doc in best if (found := subrule(doc)) is not None}
    first: dict[tuple[str, int], int] = {}
    for doc, (rule, place) in places.items():
        group = (rule, masks[doc])
        first[group] = min(first.get(group, place), place)
    if len(first) == len(places):  # no two siblings alike: the common case
        return best
    return sorted((unranked, negated / (1 + EARLIER * (places[doc][1] - first[(places[doc][0], masks[doc])]))
                   if doc in places else negated, doc) for unranked, negated, doc in best)
