"""Score a query plan over the index's postings: BM25 per field, weighted clauses, soft conjunction.

Why not Whoosh's own searcher: its matcher tree costs about 20 µs a posting in pure Python, and a concept
as common as *creature* has a thousand postings in each of several fields, so one query took 10-150 ms.
Reading whole postings lists through the reader's classic API (``postings``, ``is_active``, ``id``,
``weight``, ``next``) and adding them up in dicts costs about 1 µs a posting.

Scoring: each lookup adds ``weight × idf × tf(k1 + 1) / (tf + k1(1 - b + b·len/avg len))`` (BM25); of a
clause's flags a node gets only the best ``weight × idf``. A clause's score is multiplied by PREFERRED in the
languages the judge typed it in. A node's score is the sum over clauses, times UNNUMBERED for a glossary
entry or a part of a guide that prints no rule numbers (a judge cites the numbered rule: sr-judge E3.100
before sr-basic's section on Razbijač).

Numbered rules come before guide sections and glossary entries (a judge cites the rule; the guides and
glossaries follow when a filter asks for them or the rules run out). Within a kind, a node's key is
``10 × coverage² × score / (score + SQUASH)``: *coverage* is the share of the query's idf mass its matched
clauses carry, so a node that matches every word comes first (``razbijač blokirano biće`` wants the rules
about both) while a node that misses only a word as common as ``za`` or ``и`` loses little; squaring it let
the real-question set's tuning part (tests/search_questions.tsv) rank better than whole tenths of coverage
did. A node carrying every concept of a query of two or more gets ALL_CONCEPTS. Words of inflected languages
also match the other stems of their word (:meth:`Ranker.variants`) at VARIANT weight. Ties keep document
order.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Callable, Iterable
from typing import Any, NamedTuple

from .postings import Postings
from .query import Clause, Lookup

K1 = 1.2
B = 0.75
PREFERRED = 1.3
UNNUMBERED = 0.85
ALL_CONCEPTS = 1.5  # a node that carries every concept of a query of two or more concepts
SQUASH = 50.0  # the raw score at which the fraction reaches one half
VARIANT = 0.5  # the weight of another stem of the same word (see variants)
VARIANT_MIN = 6  # the shortest stem whose variants are searched
PhraseCheck = Callable[[int, str, tuple[str, ...]], bool]


class Facts(NamedTuple):
    """What ranking and filtering need to know of a node besides its postings; ``kind`` is the hit kind
    (``rule``, ``glossary`` or ``section``, see :func:`hit_kind`)."""

    doc: str
    lang: str
    numbered: bool
    kind: str = "rule"


RULE, GLOSSARY, SECTION = "rule", "glossary", "section"
HIT_KINDS = (RULE, GLOSSARY, SECTION)


def hit_kind(node_kind: str) -> str:
    """A node's kind as search filters it: a glossary entry, a section of a guide without printed rule numbers
    (sr-basic's parts and units, pt-guide's units), or a numbered rule (section, chapter, rule, subrule)."""
    if node_kind == "glossary":
        return GLOSSARY
    return SECTION if node_kind in ("part", "unit") else RULE


def _key(coverage: float, score: float) -> float:
    """The reported score: ten times the square of the query's coverage times the squashed score."""
    return 10 * coverage ** 2 * score / (score + SQUASH)


class Ranker:
    """Scores plans against one open index reader (field statistics are read once per field).

    ``facts`` tells a document number's document, language and whether it is a numbered rule (the searcher
    reads them from the graph).
    """

    def __init__(self, source: Postings, facts: Callable[[int], Facts]) -> None:
        self.source = source
        self.facts = facts
        self.total = source.doc_count_all()
        self._average: dict[str, float] = {}

    def rank(self, clauses: Iterable[Clause], limit: int, keep: Callable[[Facts], bool] | None = None,
             has_phrase: PhraseCheck | None = None) -> list[tuple[int, float]]:
        """The best ``limit`` (document number, score) pairs, best first, of the nodes ``keep`` accepts."""
        totals: dict[int, float] = {}
        matched: dict[int, float] = {}
        concepts: dict[int, int] = {}
        mass = 0.0
        concept_clauses = 0
        for clause in clauses:
            scores, importance = self._clause(clause, has_phrase)
            mass += importance
            is_concept = any(lookup.flag for lookup in clause.lookups)
            concept_clauses += is_concept
            for doc, score in scores.items():
                totals[doc] = totals.get(doc, 0.0) + score
                matched[doc] = matched.get(doc, 0.0) + importance
                if is_concept:
                    concepts[doc] = concepts.get(doc, 0) + 1
        if not mass:
            return []
        candidates = []
        for doc, score in totals.items():
            facts = self.facts(doc)
            if keep is None or keep(facts):
                score *= 1.0 if facts.numbered else UNNUMBERED
                if concept_clauses > 1 and concepts.get(doc) == concept_clauses:
                    score *= ALL_CONCEPTS
                candidates.append((doc, _key(matched[doc] / mass, score)))
        rules = {doc for doc, _ in candidates if self.facts(doc).kind == RULE}
        return heapq.nsmallest(limit, candidates, key=lambda item: (item[0] not in rules, -item[1], item[0]))

    def _clause(self, clause: Clause, has_phrase: PhraseCheck | None) -> tuple[dict[int, float], float]:
        """Per-document score of one clause, and the clause's importance (its rarest term's idf)."""
        scores: dict[int, float] = {}
        flags: dict[int, float] = {}
        importance = 0.0
        read: dict[tuple[str, str], list[tuple[int, float]]] = {}
        for lookup in clause.lookups:
            postings = read[(lookup.field, lookup.term)] = self.postings(lookup.field, lookup.term)
            if lookup.variants and postings:  # a word of the documents, not a misspelling
                for variant in self.variants(lookup.field, lookup.term):
                    other = Lookup(lookup.field, variant, lookup.weight * VARIANT)
                    found = self.postings(lookup.field, variant)
                    idf = self.idf(other, len(found))
                    importance = max(importance, idf * VARIANT)
                    self._add(scores, other, found, idf)
            if not postings:
                continue
            idf = self.idf(lookup, len(postings))
            importance = max(importance, idf)
            self._add(flags if lookup.flag else scores, lookup, postings, idf)
        for doc, flag in flags.items():
            scores[doc] = scores.get(doc, 0.0) + flag
        if clause.phrases:
            kept = self._with_phrase(clause, read, has_phrase)
            scores = {doc: score for doc, score in scores.items() if doc in kept}
        if clause.languages:
            for doc in scores:
                if self.facts(doc).lang in clause.languages:
                    scores[doc] *= PREFERRED
        return scores, importance if scores else 0.0

    def _add(self, scores: dict[int, float], lookup: Lookup, postings: list[tuple[int, float]], idf: float) -> None:
        if lookup.flag:
            value = lookup.weight * idf
            for doc, _ in postings:
                scores[doc] = max(scores.get(doc, 0.0), value)
            return
        length = self.source.doc_field_length
        norm = K1 / self.average_length(lookup.field)
        for doc, tf in postings:
            saturated = tf * (K1 + 1) / (tf + K1 * (1 - B) + B * norm * length(doc, lookup.field, 1))
            scores[doc] = scores.get(doc, 0.0) + lookup.weight * idf * saturated

    def _with_phrase(self, clause: Clause, read: dict[tuple[str, str], list[tuple[int, float]]],
                     has_phrase: PhraseCheck | None) -> set[int]:
        """Nodes that hold every stem of a phrase in one language and, checked in their text, the phrase."""
        kept: set[int] = set()
        for lang, stems in clause.phrases:
            docs: set[int] | None = None
            for stem in stems:
                having = {doc for part in ("body", "head", "example")
                          for doc, _ in read.get((f"{part}_{lang}", stem), ())}
                docs = having if docs is None else docs & having
            kept |= {doc for doc in docs or () if has_phrase is None or has_phrase(doc, lang, stems)}
        return kept

    def variants(self, field: str, term: str) -> list[str]:
        """Other stems of the field that share the term's beginning (all but its last three letters, at least
        five): ``blokir`` → ``blokira``, ``blokiranj``; ``регенерац`` → ``регенерир``, ``регенерирова``."""
        if len(term) < VARIANT_MIN:
            return []
        prefix = term[:max(5, len(term) - 3)]
        return [word for word in self.source.expand_prefix(field, prefix) if word != term]

    def postings(self, field: str, term: str) -> list[tuple[int, float]]:
        """``(document number, term frequency)`` of every node the term occurs in (empty when it is absent)."""
        return self.source.postings(field, term)

    def idf(self, lookup: Lookup, frequency: int) -> float:
        """BM25's idf, from the lookup's own field or the one it borrows (a flag borrows its concept's)."""
        if lookup.idf_field and lookup.idf_field != lookup.field:
            frequency = max(frequency, self.source.doc_frequency(lookup.idf_field, lookup.term))
        return math.log(1 + (self.total - frequency + 0.5) / (frequency + 0.5))

    def average_length(self, field: str) -> float:
        """The mean length of the field over all nodes (1 when the field is empty everywhere)."""
        if field not in self._average:
            length = self.source.field_length(field)
            self._average[field] = length / self.total if length and self.total else 1.0
        return self._average[field]
