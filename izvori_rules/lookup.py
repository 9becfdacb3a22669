"""Look rules up by reference, as a judge types them: every match, or "did you mean" suggestions."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .errors import ReferenceNotFound
from .graph import RuleGraph
from .model import Node


@dataclass(frozen=True, slots=True)
class LookupAnswer:
    """What one reference found: its nodes (several for a number in two documents), or suggestions."""

    query: str
    nodes: tuple[Node, ...]
    suggestions: tuple[str, ...] = ()


def lookup(graph: RuleGraph, queries: Iterable[str]) -> tuple[LookupAnswer, ...]:
    """One answer per reference; an unknown one gets suggestions instead of raising, so the others still
    print. A malformed reference still raises :class:`~izvori_rules.errors.QueryError`."""
    answers = []
    for query in queries:
        try:
            answers.append(LookupAnswer(query, graph.resolve(query)))
        except ReferenceNotFound as exc:
            answers.append(LookupAnswer(query, (), exc.suggestions))
    return tuple(answers)
