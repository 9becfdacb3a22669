"""Every rule's equivalents, best first: the curated pairs both ways, then the aligner's for the rest.

This runs when the graph is built (``graph_cache.with_equivalents``) and its result is cached with the graph;
``lookup`` only reads it. A curated pair gives confidence 1.0 (``same``) or 0.9 (``close``) with the
row's note. An aligned equivalent is added only in a document where the rule has no curated one, with a
confidence below 0.9 that grows with the aligner's score. Glossary entries are linked through the concept
table: an entry of one document and an entry of another that the table lists for the same concept.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import CorpusError
from ..model import Equivalent, Node, split_ref
from .align import WEIGHTS, Aligned, Weights, align
from .chain import Chain, chain_equivalents
from .curated import CuratedPair, load_concordance, unknown_refs

if TYPE_CHECKING:
    from ..text.concepts import ConceptTable
    from ..text.matching import ConceptMatcher

SOURCE_ORDER = ("curated", "original", "history", "aligned")  # corrections first, guesses last
ALIGNED_MAX = 0.85  # an aligned equivalent is never as sure as a curated "close" pair (0.9)
ALIGNED_MIN = 0.6
GLOSSARY_CONFIDENCE = 0.8
Equivalents = dict[str, tuple[Equivalent, ...]]


def corpus_equivalents(nodes: Mapping[str, Node], root: Path, chain: Chain | None = None) -> Equivalents:
    """The equivalents of a corpus folder's graph: its ``concordance.tsv``, the chain through the originals
    (``chain``, issue 16), and the aligner through its concept table where neither gives one.

    A corpus without ``concordance.tsv`` has no curated pairs; without ``concepts.tsv`` nothing is aligned.
    """
    curated = load_concordance(root)
    matcher = None
    if (root / "concepts.tsv").is_file():
        from ..text.concepts import load_concepts
        from ..text.matching import ConceptMatcher

        matcher = ConceptMatcher(load_concepts(root / "concepts.tsv"))
    agree = node_agreement(matcher) if matcher is not None else None
    chained = chain_equivalents(nodes, chain, agree) if chain is not None else {}
    return equivalents(nodes, matcher, curated, chained=chained)


def train_only_equivalents(nodes: Mapping[str, Node], matcher: ConceptMatcher, pairs: Sequence[CuratedPair],
                           chain: Chain) -> Equivalents:
    """The equivalents as they are found without the held-out curated rows (issue 16's evaluation): the train
    rows are the only corrections; the chain through the originals and the aligner find the rest."""
    train = [pair for pair in pairs if pair.split == "train"]
    return equivalents(nodes, matcher, train, chained=chain_equivalents(nodes, chain, node_agreement(matcher)))


def node_concepts(matcher: ConceptMatcher) -> Callable[[Node], tuple[str, ...]]:
    """The concepts a node's heading and text use, found through the search analyzers (memoized by ref)."""

    @lru_cache(maxsize=None)
    def by_ref(ref: str, lang: str, words: str) -> tuple[str, ...]:
        return tuple(matcher.used(lang, words))

    def concepts_of(node: Node) -> tuple[str, ...]:
        words = node.text if node.title in ("", node.text) else f"{node.title}. {node.text}"
        return by_ref(node.ref, node.lang, words)

    return concepts_of


def node_agreement(matcher: ConceptMatcher) -> Callable[[Node, Node], float]:
    """How well two nodes of different languages say the same thing: the content check of the originals
    (numbers, keyword concepts, length), the second node read with and without its examples (a translation
    may leave them out)."""
    from ..originals.content import Profile, similarity
    from ..originals.link import translated_profile

    profiles: dict[tuple[str, bool], Profile] = {}

    def profile_of(node: Node, bare: bool) -> Profile:
        found = profiles.get((node.ref, bare))
        if found is None:
            found = profiles[(node.ref, bare)] = translated_profile(replace(node, examples=()) if bare else node, (),
                                                                    matcher.used)
        return found

    def agree(a: Node, b: Node) -> float:
        found = similarity(profile_of(a, False), profile_of(b, False))
        return max(found, similarity(profile_of(a, False), profile_of(b, True))) if b.examples else found

    return agree


def node_words(min_length: int = 3) -> Callable[[Node], frozenset[str]]:
    """A node's word stems in its language (the search analyzers), numbers and short words left out."""
    from ..text.stemming import analyze

    def words_of(node: Node) -> frozenset[str]:
        return frozenset(w for w in analyze(node.lang, node.text) if len(w) >= min_length and not w.isdigit())

    return words_of


def equivalents(nodes: Mapping[str, Node], matcher: ConceptMatcher | None, curated: Sequence[CuratedPair] = (),
                weights: Weights = WEIGHTS, chained: Mapping[str, Sequence[Equivalent]] | None = None) -> Equivalents:
    """``ref → equivalents`` for every node that has any: curated first, then through the originals
    (``chained``, except in a document where a curated pair corrects them), then aligned where neither gives
    one, best first.

    Raises :class:`CorpusError` naming file, line and column when a curated ref is not in the graph.
    Without a concept matcher (a corpus without ``concepts.tsv``) only the curated pairs are linked.
    """
    problems = unknown_refs(curated, nodes)
    if problems:
        raise CorpusError("; ".join(problems[:5]) + (f" (and {len(problems) - 5} more)" if len(problems) > 5 else ""))
    found: dict[str, list[Equivalent]] = defaultdict(list)
    for pair in curated:
        for ref, other in ((pair.left, pair.right), (pair.right, pair.left)):
            found[ref].append(Equivalent(other, pair.confidence, "curated", pair.relation, pair.note))
    for ref, found_by_chain in (chained or {}).items():
        corrected = {split_ref(e.ref)[0] for e in found[ref]}
        paths = {e.ref: e.path for e in found_by_chain}
        found[ref] = [replace(e, path=paths.get(e.ref, e.path)) for e in found[ref]]  # a curated pair the chain confirms
        found[ref].extend(e for e in found_by_chain if split_ref(e.ref)[0] not in corrected)
    if matcher is not None:
        known = [(pair.left, pair.right) for pair in curated]
        aligned = align(nodes, node_concepts(matcher), known, weights=weights, words_of=node_words())
        _add_aligned(found, [*aligned, *glossary_pairs(nodes, matcher.table)], weights.threshold)
    return {ref: tuple(sorted(eqs, key=lambda e: (SOURCE_ORDER.index(e.source), -e.confidence, e.ref)))
            for ref, eqs in found.items()}


def _add_aligned(found: dict[str, list[Equivalent]], aligned: Iterable[Aligned], threshold: float) -> None:
    """Add aligned pairs both ways, except in a document where the rule already has an equivalent."""
    for pair in sorted(aligned, key=lambda p: -p.score):
        confidence = pair.confidence if pair.confidence is not None else confidence_of(pair.score, threshold)
        note = f"aligned by {pair.via}" if pair.via else f"aligned: score {pair.score:.2f}"
        for ref, other in ((pair.left, pair.right), (pair.right, pair.left)):
            doc = split_ref(other)[0]
            if any(split_ref(e.ref)[0] == doc for e in found[ref]):
                continue
            found[ref].append(Equivalent(other, confidence, "aligned", "close", note))


def confidence_of(score: float, threshold: float) -> float:
    """From 0.6 at the threshold up to 0.85 at 1.6 times the threshold: never as sure as a curated pair.

    In the evaluation (held-out and cross-validated rows together) aligned pairs under 0.7 were right about
    four times in five, from 0.7 to 0.8 six times in seven, at the cap of 0.85 about 97 times in 100.
    """
    if threshold <= 0:
        return ALIGNED_MAX
    surplus = min(1.0, max(0.0, (score - threshold) / (0.6 * threshold)))
    return round(ALIGNED_MIN + (ALIGNED_MAX - ALIGNED_MIN) * surplus, 3)


def glossary_pairs(nodes: Mapping[str, Node], table: ConceptTable) -> list[Aligned]:
    """Glossary entries of different documents that the concept table lists for one concept."""
    out: list[Aligned] = []
    for concept in table:
        entries = [ref for ref in concept.glossary if ref in nodes]
        for i, left in enumerate(entries):
            for right in entries[i + 1:]:
                if split_ref(left)[0] != split_ref(right)[0]:
                    out.append(Aligned(left, right, 1.0, f"concept {concept.id} of the concept table",
                                       GLOSSARY_CONFIDENCE))
    return out
