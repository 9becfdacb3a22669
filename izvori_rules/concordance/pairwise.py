"""Aligning the rules of two documents: chapter pairs, then rules in order, then blocks, then a rescue.

:class:`DocumentPair` holds what it learned about two documents from their known pairs (the concept
bridge, the lexicon, the chapter affinities) and aligns them:

1. for every chapter pair with real affinity (:mod:`.chapters`), an **order-preserving alignment** of
   the two chapters' rules: a monotone dynamic programme (Needleman-Wunsch without gap costs) between
   consecutive known pairs, which it never crosses, over the pair scores of :mod:`.scoring` plus the
   evidence of place (how near a rule is to where the known pairs around it put it), which never carries a
   pair whose own score is below :attr:`.scoring.Weights.floor`;
2. the same inside **blocks** (a rule with its subrules) that are each other's best match in the two
   chapters whatever their order: sr-judge E3 lists the keywords in another order than ru-cr 702;
3. a **rescue** for a rule left without a partner whose best partner in the chapter pair, regardless of
   order, scores clearly above the threshold (the documents reorder some lists, such as the state-based
   effects of sr-judge D21.5x and ru-cr 704.5).

Each rule keeps its best partner; a rule without a pair above the threshold gets none.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field

from ..model import Node
from .bridge import bridged, concept_bridge
from .chapters import ChapterMap, Vector, chapter_map, cosine
from .features import Profile, idf
from .lexicon import learn_lexicon, with_lexemes
from .scoring import Aligned, Scorer, Weights

_NONE = Aligned("", "", -math.inf)
HEADING_CONFIDENCE = 0.75  # a chapter or section matched by its rules


@dataclass(slots=True)
class _Best:
    """The best pair found so far for each ref of either side."""

    a: dict[str, Aligned] = field(default_factory=dict)
    b: dict[str, Aligned] = field(default_factory=dict)

    def offer(self, pairs: Iterable[Aligned]) -> None:
        for pair in pairs:
            if pair.score > self.a.get(pair.left, _NONE).score:
                self.a[pair.left] = pair
            if pair.score > self.b.get(pair.right, _NONE).score:
                self.b[pair.right] = pair


class DocumentPair:
    """Two documents' rule profiles, what was learned from their known pairs, and their alignment."""

    def __init__(self, nodes: Mapping[str, Node], side_a: list[Profile], side_b: list[Profile],
                 known: dict[str, set[str]], weights: Weights, titles: Mapping[str, frozenset[str]]) -> None:
        by_ref_b = {p.ref: p for p in side_b}
        known_pairs = [(a, by_ref_b[b]) for a in side_a for b in known.get(a.ref, ()) if b in by_ref_b]
        bridge_a, bridge_b = concept_bridge(known_pairs)
        side_a, side_b = with_lexemes(bridged(side_a, bridge_a), bridged(side_b, bridge_b),
                                      learn_lexicon(known_pairs))
        self.profiles = {p.ref: p for p in (*side_a, *side_b)}
        self.scorer = Scorer(idf([(p.concepts for p in side_a), (p.concepts for p in side_b)]),
                             idf([(p.numbers for p in side_a), (p.numbers for p in side_b)]),
                             idf([(p.lexemes for p in side_a), (p.lexemes for p in side_b)]),
                             known, _log_ratio(side_a, side_b, known), weights)
        self.chapters: ChapterMap = chapter_map(nodes, side_a, side_b, known, self.scorer.concept_idf, titles)
        self._rules_a, self._rules_b = _by_chapter(side_a), _by_chapter(side_b)

    def align(self) -> list[Aligned]:
        """Each rule's best partner on the other side (both directions), then chapters and sections."""
        best, free = _Best(), _Best()
        for chapter_a, chapter_b in self.chapters.rule_pairs():
            share = self.chapters.share(chapter_a, chapter_b)
            rules_a, rules_b = self._rules_a[chapter_a], self._rules_b.get(chapter_b, [])
            ordered, unordered = self._in_order(rules_a, rules_b, share)
            best.offer(ordered)
            free.offer(unordered)
            for block_a, block_b in self._block_pairs(rules_a, rules_b):
                best.offer(self._in_order(block_a, block_b, share)[0])
        rescue = self.scorer.weights.threshold + self.scorer.weights.free
        for chosen, candidates in ((best.a, free.a), (best.b, free.b)):
            for ref, pair in candidates.items():
                if ref not in chosen and pair.score >= rescue:
                    chosen[ref] = pair
        merged = {(p.left, p.right): p for p in (*best.a.values(), *best.b.values())}
        return [*merged.values(), *(Aligned(a, b, score, "the chapters' rules", HEADING_CONFIDENCE)
                                     for a, b, score in self.chapters.headings)]

    def score(self, ref_a: str, ref_b: str) -> float | None:
        """The pair score of two rules (None when either is not a rule of these documents)."""
        a, b = self.profiles.get(ref_a), self.profiles.get(ref_b)
        if a is None or b is None:
            return None
        return self.scorer.score(a, b)

    def _in_order(self, rules_a: list[Profile], rules_b: list[Profile],
                  share: float) -> tuple[list[Aligned], list[Aligned]]:
        """The order-preserving alignment of two rule lists between the known pairs (anchors) they contain,
        and each rule's best partner regardless of order (scored without the evidence of place)."""
        if not rules_a or not rules_b:
            return [], []
        anchors = _anchor_chain(rules_a, rules_b, self.scorer.known)
        expected = _expectation(anchors, len(rules_a), len(rules_b))
        base = [[self.scorer.score(a, b, share) for b in rules_b] for a in rules_a]
        weights = self.scorer.weights
        ordered: list[Aligned] = []
        bounds = [(-1, -1), *anchors, (len(rules_a), len(rules_b))]
        for (i0, j0), (i1, j1) in zip(bounds, bounds[1:]):
            rows, columns = range(i0 + 1, i1), range(j0 + 1, j1)
            if rows and columns:
                cells = {(i, j): base[i][j] + weights.position * _near(j, expected(i))
                         if base[i][j] >= weights.floor else -math.inf for i in rows for j in columns}
                ordered.extend(_monotone(rules_a, rules_b, cells, rows, columns, weights.threshold))
        return ordered, _best_regardless_of_order(rules_a, rules_b, base)

    def _block_pairs(self, rules_a: list[Profile],
                     rules_b: list[Profile]) -> list[tuple[list[Profile], list[Profile]]]:
        """Blocks (a rule with its subrules) of two chapters that are each other's best match, in any order."""
        blocks_a, blocks_b = _blocks(rules_a), _blocks(rules_b)
        if len(blocks_a) < 2 or len(blocks_b) < 2:
            return []
        weight, known = self.scorer.concept_idf, self.scorer.known
        vectors_a = {block: _vector(members, weight) for block, members in blocks_a.items()}
        vectors_b = {block: _vector(members, weight) for block, members in blocks_b.items()}
        affinity = {(a, b): cosine(va, vb) + _known_between(blocks_a[a], blocks_b[b], known)
                    for a, va in vectors_a.items() for b, vb in vectors_b.items()}
        best_a = {a: max(blocks_b, key=lambda b: affinity[(a, b)]) for a in blocks_a}
        best_b = {b: max(blocks_a, key=lambda a: affinity[(a, b)]) for b in blocks_b}
        return [(blocks_a[a], blocks_b[b]) for a, b in best_a.items()
                if best_b[b] == a and affinity[(a, b)] >= self.scorer.weights.block]


def _best_regardless_of_order(rules_a: list[Profile], rules_b: list[Profile],
                              base: list[list[float]]) -> list[Aligned]:
    """Each rule's best-scoring partner on the other side, in either direction."""
    out = []
    for i, a in enumerate(rules_a):
        j = max(range(len(rules_b)), key=base[i].__getitem__)
        out.append(Aligned(a.ref, rules_b[j].ref, base[i][j]))
    for j, b in enumerate(rules_b):
        i = max(range(len(rules_a)), key=lambda row: base[row][j])
        out.append(Aligned(rules_a[i].ref, b.ref, base[i][j]))
    return out


def _by_chapter(side: list[Profile]) -> dict[str, list[Profile]]:
    out: dict[str, list[Profile]] = defaultdict(list)
    for profile in side:
        out[profile.chapter].append(profile)
    return out


def _blocks(rules: list[Profile]) -> dict[str, list[Profile]]:
    out: dict[str, list[Profile]] = defaultdict(list)
    for profile in rules:
        out[profile.block].append(profile)
    return out


def _vector(members: list[Profile], weight: dict[object, float]) -> Vector:
    out: dict[object, float] = {}
    for profile in members:
        for concept in profile.concepts:
            out[concept] = out.get(concept, 0.0) + weight.get(concept, 1.0)
    return Vector.of(out)


def _known_between(members_a: list[Profile], members_b: list[Profile], known: dict[str, set[str]]) -> float:
    refs_b = {p.ref for p in members_b}
    return float(sum(1 for a in members_a for b in known.get(a.ref, ()) if b in refs_b))


def _log_ratio(side_a: list[Profile], side_b: list[Profile], known: dict[str, set[str]]) -> float:
    """The usual log length ratio of a known pair (Serbian runs shorter than Russian, say)."""
    lengths_b = {p.ref: p.log_length for p in side_b}
    ratios = [a.log_length - lengths_b[b] for a in side_a for b in known.get(a.ref, ()) if b in lengths_b]
    return sum(ratios) / len(ratios) if ratios else 0.0


def _near(j: int, expected: tuple[float, ...]) -> float:
    """How close index ``j`` is to the nearest expected place (1.0 on it, halving about every 1.4 rules)."""
    return max(math.exp(-abs(j - e) / 2) for e in expected)


def _anchor_chain(rules_a: list[Profile], rules_b: list[Profile],
                  known: dict[str, set[str]]) -> list[tuple[int, int]]:
    """The known pairs inside two rule lists, as (i, j) indexes: the longest chain increasing in both."""
    where_b = {p.ref: j for j, p in enumerate(rules_b)}
    pairs = sorted((i, where_b[b]) for i, a in enumerate(rules_a) for b in known.get(a.ref, ()) if b in where_b)
    chains: list[list[tuple[int, int]]] = []
    for i, j in pairs:  # O(k²); k, the known pairs of one chapter pair, is small
        chain = max((c for c in chains if c[-1][0] < i and c[-1][1] < j), key=len, default=[])
        chains.append([*chain, (i, j)])
    return max(chains, key=len, default=[])


def _expectation(anchors: list[tuple[int, int]], n: int, m: int) -> Callable[[int], tuple[float, ...]]:
    """Where rule i of the first list is expected in the second: right after the anchor before it, right
    before the anchor after it, or in proportion between them; with no anchors, in proportion."""
    if not anchors:
        slope = (m - 1) / (n - 1) if n > 1 else 0.0
        return lambda i: (i * slope,)

    def expected(i: int) -> tuple[float, ...]:
        before = [a for a in anchors if a[0] < i]
        after = [a for a in anchors if a[0] > i]
        out: list[float] = []
        if before:
            out.append(before[-1][1] + (i - before[-1][0]))
        if after:
            out.append(after[0][1] - (after[0][0] - i))
        if before and after:
            (i0, j0), (i1, j1) = before[-1], after[0]
            out.append(j0 + (i - i0) * (j1 - j0) / (i1 - i0))
        return tuple(out)

    return expected


def _monotone(rules_a: list[Profile], rules_b: list[Profile], cells: dict[tuple[int, int], float],
              rows: range, columns: range, threshold: float) -> list[Aligned]:
    """Needleman-Wunsch without gap costs: the order-preserving set of pairs with the largest total margin
    (score minus threshold) among ``rows`` × ``columns``; only pairs above the threshold are taken."""
    total: dict[tuple[int, int], float] = defaultdict(float)
    for i in reversed(rows):
        for j in reversed(columns):
            margin = cells[(i, j)] - threshold
            take = margin + total[(i + 1, j + 1)] if margin > 0 else -math.inf
            total[(i, j)] = max(take, total[(i + 1, j)], total[(i, j + 1)])
    out, i, j = [], rows.start, columns.start
    while i < rows.stop and j < columns.stop:
        margin = cells[(i, j)] - threshold
        if margin > 0 and total[(i, j)] == margin + total[(i + 1, j + 1)]:
            out.append(Aligned(rules_a[i].ref, rules_b[j].ref, cells[(i, j)]))
            i, j = i + 1, j + 1
        elif total[(i, j)] == total[(i + 1, j)]:
            i += 1
        else:
            j += 1
    return out
