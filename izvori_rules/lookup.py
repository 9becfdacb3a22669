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
            answers.append(LookupAnswer(query, (), exc.suggestions, notices_for_query(graph, query, rows)))
            continue
        missing = tuple(n for node in nodes for n in notices_for_node(graph, node.ref, rows))
        answers.append(LookupAnswer(query, nodes, (), missing))
    return tuple(answers)
