"""Look rules up by reference, as a judge types them: every match, or "did you mean" suggestions."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
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
    english: Mapping[str, Node] = field(default_factory=dict)  # the originals and today's rules, by ref

    def original_of(self, node: Node) -> Node | None:
        """The English node ``node`` renders, when its release is in the graph."""
        return self.english.get(node.original.ref) if node.original and node.original.ref else None

    def today_of(self, node: Node) -> Node | None:
        """Today's rule for ``node``'s original (or its nearest successor when it was removed)."""
        if node.today is None:
            return None
        return self.english.get(node.today.ref or node.today.successor)


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
            notices = notices_for_query(graph, query, rows)
            english = {n.english: found for n in notices if n.english and (found := graph.get(n.english)) is not None}
            answers.append(LookupAnswer(query, (), exc.suggestions, notices, english))
            continue
        missing = tuple(n for node in nodes for n in notices_for_node(graph, node.ref, rows))
        answers.append(LookupAnswer(query, nodes, (), missing, english_nodes(graph, nodes)))
    return tuple(answers)


def english_nodes(graph: RuleGraph, nodes: Iterable[Node]) -> dict[str, Node]:
    """The graph's nodes for the originals and today's rules of ``nodes`` (absent releases left out)."""
    refs = [ref for node in nodes for ref in (
        node.original.ref if node.original else "", node.today.ref if node.today else "",
        node.today.successor if node.today else "")]
    return {ref: english for ref in refs if ref and (english := graph.get(ref)) is not None}
