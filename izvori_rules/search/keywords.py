"""Which of a query's first hits speak of a keyword the query does not name: a subrule of one keyword ability's rule
(cr 702.144a under 702.144 "Demonstrate", ru-cr 702.15e under «Цепь жизни», sr-judge E3.101 under Razbijač) ranks at
OTHER_KEYWORD times its key unless the query found that rule too (named it, by its concept or its words).

A keyword's subrules spell out its reminder text in the game's common words (cr 702.144a: "When you cast this spell,
you may copy it ... Players may choose new targets for the copies"), so they match a question about copying a spell,
which cr 707.10c answers; they answer a question about the keyword, which names it.
"""

from __future__ import annotations

from collections.abc import Callable, Container

from .candidates import Candidate

# Of the first hits, a subrule of a keyword ability's rule the query did not find ranks at OTHER_KEYWORD times its key.
# 0.8 lifted the real-question set's tuned English rows (tests/search_questions.tsv: batches 1-4 and 76-103) where a
# keyword's reminder text stood above the general rule (copying a spell, lifelink's life gain). 0.5: in the sixth and
# seventh batches a keyword's reminder text still stood above the general rule in 19 of the 68 English questions not
# answered first (haunt, persist, undying, afterlife above "dies" 700.4; splice, ninjutsu above "reveal" 701.20a);
# 0.5 lifted 11 English and 3 Russian rows and lowered one whose answer is a keyword the query does not name (partner,
# "two commanders in one deck"); below 0.4 Russian rows fell.
OTHER_KEYWORD = 0.5
KEYWORD_ABILITY = "keyword_ability"  # the concept whose chapters (cr 702, ru-cr 702, sr-judge E3) hold the keywords' rules
Rules = Callable[[int], "tuple[int, int] | None"]  # a subrule's rule and that rule's chapter (document numbers)


def other_keywords(best: list[Candidate], found: Container[int], rules: Rules,
                   chapters: Container[int]) -> list[Candidate]:
    """The candidates re-sorted, the key of a subrule whose rule heads one of the keyword ``chapters`` and was not
    ``found`` by the query times OTHER_KEYWORD. (``best`` holds the keys negated, as the candidates do.)"""
    out = []
    moved = False
    for unranked, negated, doc in best:
        place = rules(doc)
        if place is not None and place[1] in chapters and place[0] not in found:
            negated *= OTHER_KEYWORD
            moved = True
        out.append((unranked, negated, doc))
    return sorted(out) if moved else best
