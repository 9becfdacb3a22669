"""Look rules up by reference, as a judge types them: every match, or "did you mean" suggestions."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from .errors import ReferenceNotFound
from .graph import RuleGraph
from .concordance.missing import Notice
from .model import Node


@dataclass(frozen=True, slots=True)
class LookupAnswer:
    """What one reference found: its nodes (several for a number in two documents), or suggestions; and
    ``missing``, what a document lacks (the rule asked for, or the found rules' equivalents)."""

    query: str
    nodes: tuple[Node, ...]
    suggestions: tuple[str, ...] = ()
    missing: tuple[Notice, ...] = ()
    glossary: tuple[str, ...] = ()  # a word, not a reference: the glossary entries it names
    concepts: tuple[str, ...] = ()  # ... and the concepts of the concept table (for ``define``)

    @property
    def is_word(self) -> bool:
        """Whether the query is a word rather than a reference (``Razbijač``, ``trample``, ``Niz``)."""
        return is_word(self.query)


def is_word(query: str) -> bool:
    """A query with letters and no digit, which no document uses as a rule number."""
    text = query.strip()
    return bool(text) and not any(c.isdigit() for c in text) and any(c.isalpha() for c in text) \
        and ":" not in text


def lookup(graph: RuleGraph, queries: Iterable[str], root: Path | None = None) -> tuple[LookupAnswer, ...]:
    """One answer per reference; an unknown one gets suggestions instead of raising, so the others still
    print. A malformed reference still raises :class:`~izvori_rules.errors.QueryError`."""
    from .concordance.missing import load_missing, notices_for_node, notices_for_query

    rows = load_missing(root)
    answers = []
    for query in queries:
        try:
            nodes = graph.resolve(query)
        except ReferenceNotFound as exc:
            if is_word(query):
                answers.append(_word_answer(graph, query))
                continue
            answers.append(LookupAnswer(query, (), exc.suggestions, notices_for_query(graph, query, rows)))
            continue
        missing = tuple(n for node in nodes for n in notices_for_node(graph, node.ref, rows))
        answers.append(LookupAnswer(query, nodes, (), missing))
    return tuple(answers)


def _word_answer(graph: RuleGraph, word: str) -> LookupAnswer:
    """A word given to ``lookup``: no reference suggestions (``Niz`` is not ``sr-basic:I``), but the glossary
    entries whose headword it is, and the concepts it names (their glossary entries too)."""
    from .text.concepts import load_concepts
    from .text.folding import fold

    key = fold(word.strip())
    glossary = [ref for ref, node in graph.nodes.items()
                if node.kind == "glossary" and fold(ref.partition(":glossary:")[2]) == key]
    match = load_concepts().lookup(word)
    for concept in match.concepts:
        glossary += [g for g in concept.glossary if g in graph.nodes and g not in glossary]
    return LookupAnswer(word, (), (), (), tuple(glossary), tuple(c.id for c in match.concepts))
