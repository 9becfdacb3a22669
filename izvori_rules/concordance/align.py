"""The aligned layer of the concordance: for every rule, the rule of another document that says the same.

Pure: nodes, what each node says (its concepts through the concept table, its word stems) and the known
pairs in; aligned pairs out. The documents are related (shared/notes/sr-judge.md §7): sr-judge is a
renumbered translation of the 2005–2008 English rules, cs-cr keeps the old numbers of about 2002, ru-cr
the 2009+ numbers. The aligner uses that structure as a prior and decides by content:

1. for each pair of documents (:data:`DOC_PAIRS`), :class:`.pairwise.DocumentPair` learns from the known
   pairs (which chapters correspond, which concepts and words translate each other) and aligns the rules
   chapter by chapter, in order, a rule with no good partner getting none;
2. **triangulation**: a rule still without a partner in a document is given the partner its partner in the
   third document has there (sr-judge A2.20 → cs-cr 101.2 → ru-cr 103.2), when the direct evidence for
   that pair, plus :attr:`.scoring.Weights.triangle`, passes the threshold (and is itself at least
   :attr:`.scoring.Weights.floor`).

Chapters and sections get equivalents from the chapter affinities (:mod:`.chapters`).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence

from ..model import CHAPTER, SECTION, Node, split_ref
from .features import Profile, profiles
from .pairwise import DocumentPair
from .scoring import WEIGHTS, Aligned, Weights

DOC_PAIRS = (("sr-judge", "ru-cr"), ("sr-judge", "cs-cr"), ("cs-cr", "ru-cr"))
Reader = Callable[[Node], Iterable[str]]  # what a node says: its concepts, or its word stems
_HEADINGS = (CHAPTER, SECTION)

__all__ = ["DOC_PAIRS", "WEIGHTS", "Aligned", "Weights", "align"]


def align(nodes: Mapping[str, Node], concepts_of: Reader, known: Iterable[tuple[str, str]],
          doc_pairs: Sequence[tuple[str, str]] = DOC_PAIRS, weights: Weights = WEIGHTS,
          words_of: Reader | None = None) -> list[Aligned]:
    """Aligned pairs of every document pair: each rule's best partner in each other document.

    ``known`` are the pairs the aligner may learn from (in production every curated row, in the evaluation
    only the ``train`` rows); ``concepts_of`` gives the concepts a node uses, ``words_of`` its word stems
    (for the learned lexicon; without it the lexicon stays empty).
    """
    known_map: dict[str, set[str]] = defaultdict(set)
    for left, right in known:
        known_map[left].add(right)
        known_map[right].add(left)
    docs = sorted({doc for pair in doc_pairs for doc in pair})
    by_doc = {doc: profiles(nodes, doc, concepts_of, words_of) for doc in docs}
    titles = {n.ref: frozenset(concepts_of(n)) for n in nodes.values() if n.doc in docs and n.kind in _HEADINGS}
    pairs = {(a, b): DocumentPair(nodes, by_doc[a], by_doc[b], known_map, weights, titles)
             for a, b in doc_pairs if by_doc[a] and by_doc[b]}
    aligned = {docs: pair.align() for docs, pair in pairs.items()}
    partners = _partners([p for found in aligned.values() for p in found], known_map)
    for (doc_a, doc_b), pair in pairs.items():
        aligned[(doc_a, doc_b)] += _triangulated(pair, doc_a, doc_b, by_doc, partners, weights)
    return [p for found in aligned.values() for p in found]


def _partners(aligned: list[Aligned], known: dict[str, set[str]]) -> dict[tuple[str, str], str]:
    """``(ref, document) → partner``: the known partner if any, else the best aligned one."""
    best: dict[tuple[str, str], tuple[float, str]] = {}
    for pair in aligned:
        for ref, other in ((pair.left, pair.right), (pair.right, pair.left)):
            key = (ref, split_ref(other)[0])
            best[key] = max(best.get(key, (float("-inf"), "")), (pair.score, other))
    out = {key: other for key, (_, other) in best.items()}
    for ref, others in known.items():
        for other in sorted(others):
            out[(ref, split_ref(other)[0])] = other
    return out


def _triangulated(pair: DocumentPair, doc_a: str, doc_b: str, by_doc: Mapping[str, list[Profile]],
                  partners: dict[tuple[str, str], str], weights: Weights) -> list[Aligned]:
    """Pairs reached through a third document for rules of ``doc_a`` or ``doc_b`` that have no partner."""
    thirds = [doc for doc in by_doc if doc not in (doc_a, doc_b)]
    out: list[Aligned] = []
    for mine, theirs, flip in ((doc_a, doc_b, False), (doc_b, doc_a, True)):
        for profile in by_doc[mine]:
            ref = profile.ref
            if (ref, theirs) in partners:
                continue
            for third in thirds:
                via = partners.get((ref, third))
                target = partners.get((via, theirs)) if via else None
                if target is None:
                    continue
                left, right = (target, ref) if flip else (ref, target)
                direct = pair.score(left, right)
                if direct is not None and direct >= weights.floor and direct + weights.triangle >= weights.threshold:
                    out.append(Aligned(left, right, direct + weights.triangle, f"way of {via}"))
                    break
    return out
