"""Which chapters of two documents correspond: learned from the known pairs, the structure and the concepts.

The affinity of two chapters adds up three kinds of evidence: known rule pairs between them (and a known
pair of the chapters themselves), the structural prior (:func:`.features.prior_chapters`: sr-judge D21 is
old 420, which is cs-cr 420 and ru-cr 704) and the similarity of the concepts their rules use. The rule
aligner then works inside every chapter pair with real affinity; a chapter and a section get an
equivalent of their own only when the two are each other's best match.
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Mapping
from dataclasses import dataclass, field

from ..model import CHAPTER, SECTION, Node, split_ref
from .features import Profile, prior_chapters

KNOWN_RULE = 3.0  # per known pair of rules between the two chapters
KNOWN_HEADING = 4.0  # the two chapters themselves are a known pair
PRIOR_MAIN, PRIOR_OTHER = 1.5, 1.0  # the structure names this chapter first, or among others
CONTENT = 2.0  # times the cosine of the chapters' concept profiles
CONTENT_CANDIDATE = 0.5  # a chapter pair with no other evidence is aligned from this cosine up
HEADING_MIN = 2.5  # the least affinity for a chapter equivalent
DOMINANCE = 1.5  # ... and how much more than the runner-up it needs
TITLE = 3.0  # a heading's concepts count as much as three rules using them


@dataclass(frozen=True, slots=True)
class Vector:
    """A sparse vector of concept weights, with its norm."""

    weights: dict[object, float]
    norm: float

    @classmethod
    def of(cls, weights: dict[object, float]) -> Vector:
        """The vector of these weights."""
        return cls(weights, math.sqrt(sum(v * v for v in weights.values())) or 1.0)


@dataclass(frozen=True, slots=True)
class ChapterMap:
    """Affinities between the chapters of two documents, the chapter pairs whose rules get aligned, and the
    chapter and section pairs that are each other's clear best match (``headings``, with their affinity)."""

    affinity: dict[tuple[str, str], float]
    candidates: list[tuple[str, str]]
    headings: list[tuple[str, str, float]]
    best: dict[str, float] = field(default_factory=dict)

    def rule_pairs(self) -> list[tuple[str, str]]:
        """The chapter pairs to align rule by rule, strongest first."""
        return sorted(self.candidates, key=lambda pair: -self.affinity[pair])

    def share(self, chapter_a: str, chapter_b: str) -> float:
        """This pair's affinity relative to the best pair of ``chapter_a`` (1.0 for the best)."""
        best = self.best.get(chapter_a, 0.0)
        return self.affinity.get((chapter_a, chapter_b), 0.0) / best if best > 0 else 0.0


def chapter_map(nodes: Mapping[str, Node], side_a: list[Profile], side_b: list[Profile],
                known: dict[str, set[str]], concept_idf: dict[object, float],
                titles: Mapping[str, frozenset[str]]) -> ChapterMap:
    """The chapter affinities of two documents (``side_a`` and ``side_b`` are their rule profiles;
    ``titles`` the concepts of each chapter's and section's heading)."""
    doc_a, doc_b = side_a[0].doc, side_b[0].doc
    chapters_a = [n.ref for n in nodes.values() if n.doc == doc_a and n.kind == CHAPTER]
    chapters_b = [n.ref for n in nodes.values() if n.doc == doc_b and n.kind == CHAPTER]
    counts = _known_counts(side_a, side_b, known)
    vectors_a = _vectors(side_a, chapters_a, titles, concept_idf)
    vectors_b = _vectors(side_b, chapters_b, titles, concept_idf)
    with_rules_a, with_rules_b = {p.chapter for p in side_a}, {p.chapter for p in side_b}
    affinity: dict[tuple[str, str], float] = {}
    candidates: list[tuple[str, str]] = []
    for chapter_a in chapters_a:
        prior = [f"{doc_b}:{c}" for c in prior_chapters(doc_a, split_ref(chapter_a)[1], doc_b)]
        cosines = {b: cosine(vectors_a.get(chapter_a), vectors_b.get(b)) for b in chapters_b}
        top = sorted(cosines, key=lambda b: -cosines[b])[:2]
        for chapter_b in chapters_b:
            value = (KNOWN_RULE * counts[(chapter_a, chapter_b)] + CONTENT * cosines[chapter_b]
                     + KNOWN_HEADING * (chapter_b in known.get(chapter_a, ()))
                     + (PRIOR_MAIN if prior[:1] == [chapter_b] else PRIOR_OTHER if chapter_b in prior else 0.0))
            affinity[(chapter_a, chapter_b)] = value
            evidence = counts[(chapter_a, chapter_b)] or chapter_b in prior or (
                chapter_b in top and cosines[chapter_b] >= CONTENT_CANDIDATE)
            if evidence and chapter_a in with_rules_a and chapter_b in with_rules_b:
                candidates.append((chapter_a, chapter_b))
    best: dict[str, float] = {}
    for (a, _), value in affinity.items():
        best[a] = max(value, best.get(a, 0.0))
    headings = _mutual_best(affinity, chapters_a, chapters_b) + _sections(nodes, affinity)
    return ChapterMap(affinity, candidates, headings, best)


def _known_counts(side_a: list[Profile], side_b: list[Profile],
                  known: dict[str, set[str]]) -> Counter[tuple[str, str]]:
    chapter_b = {p.ref: p.chapter for p in side_b}
    return Counter((a.chapter, chapter_b[b]) for a in side_a for b in known.get(a.ref, ()) if b in chapter_b)


def _vectors(side: list[Profile], chapters: list[str], titles: Mapping[str, frozenset[str]],
             concept_idf: dict[object, float]) -> dict[str, Vector]:
    """Each chapter's concepts, weighted by how often its rules use them (its heading's thrice) and idf."""
    out: dict[str, dict[object, float]] = {chapter: {} for chapter in chapters}
    for chapter in chapters:
        for concept in titles.get(chapter, ()):
            out[chapter][concept] = out[chapter].get(concept, 0.0) + TITLE * concept_idf.get(concept, 1.0)
    for profile in side:
        for concept in profile.concepts:
            vector = out[profile.chapter]
            vector[concept] = vector.get(concept, 0.0) + concept_idf.get(concept, 1.0)
    return {chapter: Vector.of(weights) for chapter, weights in out.items() if weights}


def cosine(x: Vector | None, y: Vector | None) -> float:
    """Cosine of two sparse vectors (0 when either is missing)."""
    if x is None or y is None:
        return 0.0
    small, large = (x.weights, y.weights) if len(x.weights) <= len(y.weights) else (y.weights, x.weights)
    return sum(v * large.get(k, 0.0) for k, v in small.items()) / (x.norm * y.norm)


def _mutual_best(affinity: dict[tuple[str, str], float], refs_a: list[str], refs_b: list[str],
                 dominance: float = DOMINANCE) -> list[tuple[str, str, float]]:
    """Pairs that are each other's clear best match: enough affinity, and on each side at least
    ``dominance`` times the runner-up's (sr-judge B12 "Type and subtype" spreads over ru-cr 205 and
    300–305, so it has no single equivalent chapter)."""
    out = []
    for a in refs_a:
        ranked_b = sorted(((affinity.get((a, b), 0.0), b) for b in refs_b), reverse=True)
        if not ranked_b or ranked_b[0][0] < HEADING_MIN or not _dominant(ranked_b, dominance):
            continue
        value, b = ranked_b[0]
        ranked_a = sorted(((affinity.get((x, b), 0.0), x) for x in refs_a), reverse=True)
        if ranked_a[0][1] == a and _dominant(ranked_a, dominance):
            out.append((a, b, value))
    return out


def _dominant(ranked: list[tuple[float, str]], dominance: float) -> bool:
    return len(ranked) < 2 or ranked[0][0] >= dominance * ranked[1][0]


def _sections(nodes: Mapping[str, Node],
              affinity: dict[tuple[str, str], float]) -> list[tuple[str, str, float]]:
    """Sections matched by votes: every chapter votes, with its affinity, for the section of its best match."""
    best_a: dict[str, tuple[float, str]] = {}
    best_b: dict[str, tuple[float, str]] = {}
    for (a, b), value in affinity.items():
        best_a[a] = max(best_a.get(a, (0.0, "")), (value, b))
        best_b[b] = max(best_b.get(b, (0.0, "")), (value, a))
    votes: dict[tuple[str, str], float] = defaultdict(float)
    for best, flip in ((best_a, False), (best_b, True)):
        for chapter, (value, other) in best.items():
            if value > 0:
                pair = (_section(nodes, other), _section(nodes, chapter)) if flip else (
                    _section(nodes, chapter), _section(nodes, other))
                votes[pair] += value
    votes.pop(("", ""), None)
    refs_a = sorted({a for a, _ in votes if a})
    refs_b = sorted({b for _, b in votes if b})
    return _mutual_best(dict(votes), refs_a, refs_b, dominance=1.0)  # a section's chapters vote


def _section(nodes: Mapping[str, Node], chapter: str) -> str:
    parent = nodes[chapter].parent
    return parent if parent and nodes[parent].kind == SECTION else ""
