"""Look rules up by reference, as a judge types them: every match, or "did you mean" suggestions."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from pathlib import Path

from .errors import ReferenceNotFound
from .graph import RuleGraph
from .concordance.missing import Notice
from .model import DocumentInfo, Node

Progress = Callable[[int, int], None]
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


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
    graph: RuleGraph | None = None  # where the nodes are, when not the corpus graph (one English release)
    english: Mapping[str, Node] = field(default_factory=dict)  # the originals and today's rules, by ref

    def original_of(self, node: Node) -> Node | None:
        """The English node ``node`` renders, when its release is in the graph."""
        return self.english.get(node.original.ref) if node.original and node.original.ref else None

    def today_of(self, node: Node) -> Node | None:
        """Today's rule for ``node``'s original (or its nearest successor when it was removed)."""
        if node.today is None:
            return None
        return self.english.get(node.today.ref or node.today.successor)

    def today_parts(self, node: Node) -> tuple[Node, ...]:
        """Today's rules for ``node``'s original: every part of a rule the history split into parts that say it
        about equally (:attr:`~.model.Today.split`, in the rules' order), else :meth:`today_of` alone."""
        if node.today is None or not node.today.split:
            current = self.today_of(node)
            return (current,) if current is not None else ()
        return tuple(found for ref in node.today.split if (found := self.english.get(ref)) is not None)

    @property
    def is_word(self) -> bool:
        """Whether the query is a word rather than a reference (``Razbijač``, ``trample``, ``Niz``)."""
        return is_word(self.query)


def is_word(query: str) -> bool:
    """A query with letters and no digit, which no document uses as a rule number."""
    text = query.strip()
    return bool(text) and not any(c.isdigit() for c in text) and any(c.isalpha() for c in text) \
        and ":" not in text


def lookup(graph: RuleGraph, queries: Iterable[str], root: Path | None = None,
           building: Callable[[], AbstractContextManager[Progress | None]] | None = None) -> tuple[LookupAnswer, ...]:
    """One answer per reference; an unknown one gets suggestions instead of raising, so the others still
    print. A malformed reference still raises :class:`~izvori_rules.errors.QueryError`.

    A reference into one English release that is not in the graph (``cr-2006-10-01:502.9``) is answered
    from the history store (``building`` wraps its first build: a progress bar in the CLI)."""
    from .concordance.missing import load_missing, notices_for_node, notices_for_query

    rows = load_missing(root)
    answers = []
    for query in queries:
        release = release_reference(graph, query)
        if release is not None:
            answers.append(_release_answer(query, *release, root, building))
            continue
        try:
            nodes = graph.resolve(query)
        except ReferenceNotFound as exc:
            if is_word(query):
                answers.append(_word_answer(graph, query))
                continue
            notices = notices_for_query(graph, query, rows)
            english = {n.english: found for n in notices if n.english and (found := graph.get(n.english)) is not None}
            answers.append(LookupAnswer(query, (), exc.suggestions, notices, english=english))
            continue
        missing = tuple(n for node in nodes for n in notices_for_node(graph, node.ref, rows))
        answers.append(LookupAnswer(query, nodes, (), missing, english=english_nodes(graph, nodes)))
    return tuple(answers)


def english_nodes(graph: RuleGraph, nodes: Iterable[Node]) -> dict[str, Node]:
    """The graph's nodes for the originals and today's rules of ``nodes`` (absent releases left out)."""
    refs = [ref for node in nodes for ref in (
        node.original.ref if node.original else "", node.today.ref if node.today else "",
        node.today.successor if node.today else "", *(node.today.split if node.today else ()))]
    return {ref: english for ref in refs if ref and (english := graph.get(ref)) is not None}


def release_reference(graph: RuleGraph, query: str) -> tuple[DocumentInfo, str, str] | None:
    """``(family, date, id)`` for a reference into a release of a family that the graph does not hold
    (``cr-2006-10-01:502.9``); None for any other reference."""
    doc, colon, node_id = query.strip().partition(":")
    if not colon or doc in graph.docs:
        return None
    for info in graph.docs.values():
        date = doc.removeprefix(f"{info.id}-")
        if info.releases and info.family == info.id and date != doc and _DATE.fullmatch(date):
            return info, date, node_id
    return None


def _release_answer(query: str, family: DocumentInfo, date: str, node_id: str, root: Path | None,
                    building: Callable[[], AbstractContextManager[Progress | None]] | None) -> LookupAnswer:
    from .corpus import release_folder
    from .cr_store import open_store

    store = open_store(family, release_folder(family, root), building)
    try:
        release = store.release_graph(date)
        return LookupAnswer(query, release.resolve(f"{store.doc_id(date)}:{node_id}"), graph=release)
    except ReferenceNotFound as exc:
        added = _added_release(family, date)
        if added is None:
            return LookupAnswer(query, (), exc.suggestions)
        return LookupAnswer(query, added.resolve(f"{family.id}-{date}:{node_id}"), graph=added)


def _added_release(family: DocumentInfo, date: str) -> RuleGraph | None:
    """The graph of a release the judge added with ``corpus add`` (the user's data folder, never the package),
    parsed when asked for; None when there is no such file."""
    from dataclasses import replace

    from .corpus import added_folder
    from .graph_build import build_graph
    from .history.family import FAMILY
    from .parsing import parser_module

    path = added_folder() / f"{date}.txt"
    if family.id != FAMILY or not path.is_file():
        return None
    parser = parser_module(family.parser)
    doc = replace(family, id=f"{family.id}-{date}", release=date, family=family.id, edition=date)
    return build_graph([(doc, parser.parse(path.read_text(encoding="utf-8")))], {doc.id: parser.find_citations})


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
