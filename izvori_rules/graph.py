"""The cross-referenced rule graph: every node of every document, its tree, its citations both ways, flags.

The graph is built by ``graph_build.build_graph`` (pure: parsed documents in, graph out); the cache and
the corpus loader live in ``graph_cache.py``. A reference is ``DOC:ID``; a bare id is looked up in every
document that has it, so ``101.4`` returns both cs-cr and ru-cr, and an ambiguous number is never silently narrowed to a guess.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass

from .errors import QueryError, ReferenceNotFound
from .model import GLOSSARY, DocumentInfo, Node, make_ref, split_ref
from .references import MAX_REFERENCE, excerpt, readings, references_inside, typed_reference

# What a reference may be made of; kept as text, compiled by re when a reference is first resolved (a full-text
# search resolves none, and compiling its Cyrillic and quotes' class at import cost it 0.3 ms).
_REF_SHAPE = r"^[\w.#:\-–/ ’'\"“”«»,()§ёЁа-яА-Яa-zA-Z0-9]+$"


@dataclass(frozen=True, slots=True)
class GraphIndex:
    """The lookup tables of a graph: refs by (document, printed number) and by case-folded id.

    Kept apart from the nodes so that the cache can store it and a cold lookup need not touch every node.
    """

    by_number: dict[tuple[str, str], list[str]]
    by_folded_id: dict[str, list[str]]

    @classmethod
    def of(cls, nodes: Iterable[Node]) -> GraphIndex:
        """Index a sequence of nodes."""
        by_number: dict[tuple[str, str], list[str]] = {}
        by_folded_id: dict[str, list[str]] = {}
        for node in nodes:
            if node.number:
                by_number.setdefault((node.doc, node.number), []).append(node.ref)
            by_folded_id.setdefault(node.id.casefold(), []).append(node.ref)
        return cls(by_number, by_folded_id)


class RuleGraph:
    """All nodes in document order, with lookups by reference, by id and by printed number.

    ``nodes`` may be any mapping in document order; the cache passes one that decodes a node on first use.
    """

    def __init__(self, docs: Sequence[DocumentInfo], nodes: Mapping[str, Node] | Sequence[Node],
                 index: GraphIndex | Callable[[], GraphIndex] | None = None) -> None:
        self.docs: dict[str, DocumentInfo] = {d.id: d for d in docs}
        self.nodes: Mapping[str, Node] = nodes if isinstance(nodes, Mapping) else {n.ref: n for n in nodes}
        self._refs: list[str] = list(self.nodes)
        self._order: dict[str, int] = {ref: i for i, ref in enumerate(self._refs)}
        self._index = index
        self._headings: dict[str, dict[str, str]] = {}

    @property
    def index(self) -> GraphIndex:
        """The lookup tables: given, made on first use by the function given (the cache decodes them only when a
        command looks a reference up: a full-text search needs none), or indexed from the nodes."""
        if not isinstance(self._index, GraphIndex):
            self._index = self._index() if self._index is not None else GraphIndex.of(self.nodes.values())
        return self._index

    def __len__(self) -> int:
        return len(self.nodes)

    def get(self, ref: str) -> Node | None:
        """The node with this exact reference, or None."""
        return self.nodes.get(ref)

    def in_doc(self, doc: str) -> Iterator[Node]:
        """The nodes of one document in document order."""
        prefix = doc + ":"
        return (self.nodes[r] for r in self._refs if r.startswith(prefix))

    def by_heading(self, doc: str, key: Callable[[str], str], title: str) -> Node | None:
        """The first rule, chapter or section of ``doc`` whose heading has this key (glossary entries aside).

        Built on first use per document; ``key`` normalises headings (``citations.title_key``).
        """
        if doc not in self._headings:
            table: dict[str, str] = {}
            for node in self.in_doc(doc):
                if node.title and node.kind != GLOSSARY:
                    table.setdefault(key(node.title), node.ref)
            self._headings[doc] = table
        ref = self._headings[doc].get(key(title))
        return self.nodes[ref] if ref else None

    def position(self, ref: str) -> int:
        """The node's place in document order across the whole corpus."""
        return self._order[ref]

    def between(self, first: str, last: str) -> tuple[Node, ...]:
        """Nodes from ``first`` to ``last`` inclusive, in document order (empty if ``last`` comes first)."""
        return tuple(self.nodes[r] for r in self._refs[self._order[first]:self._order[last] + 1])

    def children(self, ref: str) -> tuple[Node, ...]:
        """The children of a node, in document order."""
        return tuple(self.nodes[c] for c in self.nodes[ref].children)

    def subtree(self, ref: str) -> Iterator[tuple[int, Node]]:
        """The node and its descendants, depth first, with their depth below ``ref``."""
        stack = [(0, ref)]
        while stack:
            depth, current = stack.pop()
            node = self.nodes[current]
            yield depth, node
            stack.extend((depth + 1, child) for child in reversed(node.children))

    def breadcrumb(self, ref: str) -> tuple[Node, ...]:
        """The ancestors of a node, outermost first, ending with the node itself."""
        chain: list[Node] = []
        current: str | None = ref
        while current is not None:
            node = self.nodes[current]
            chain.append(node)
            current = node.parent
        return tuple(reversed(chain))

    def resolve(self, query: str) -> tuple[Node, ...]:
        """Nodes for a reference as a judge types it: ``sr-judge:A4.40``, ``A4.40``, ``101.4``, ``d19``.

        A bare id matches in every document that has it (by id, then by printed number, so both copies of a
        duplicated number come back). Raises :class:`ReferenceNotFound` with suggestions when nothing matches.
        """
        text = typed_reference(query).strip().rstrip(".")  # Д19.51 and А4.40 (Cyrillic А) are D19.51 and A4.40
        if not text or len(text) > MAX_REFERENCE or not re.match(_REF_SHAPE, text):
            raise QueryError("{query} is not a rule reference (expected e.g. D19.51, 101.4 or ru-cr:702.19b)",
                             key="not_a_reference", query=excerpt(query))
        doc, node_id = split_ref(text) if self._names_doc(text) else (None, text)
        refs = self._match(doc, node_id)
        if not refs:
            raise ReferenceNotFound(query, self.suggest(text))
        return tuple(self.nodes[r] for r in refs)

    def _names_doc(self, text: str) -> bool:
        return split_ref(text)[0] in self.docs and ":" in text

    def _match(self, doc: str | None, node_id: str) -> list[str]:
        docs = [doc] if doc else self.bare_docs()
        exact = [make_ref(d, node_id) for d in docs if make_ref(d, node_id) in self.nodes]
        if exact:
            return self._with_duplicates(exact)
        folded = self.index.by_folded_id.get(node_id.casefold(), [])
        return self._with_duplicates([r for r in folded if split_ref(r)[0] in docs])

    def bare_docs(self) -> list[str]:
        """The documents a bare id (``101.4``) is looked up in: all but the single releases of a family
        (``cr-2019-05-03``); the family's own id (``cr``, the newest release) is one of them."""
        return [d for d, info in self.docs.items() if not info.family or d == info.family]

    def _with_duplicates(self, refs: list[str]) -> list[str]:
        """Add the other nodes printed with the same number (``B6.33`` and ``B6.33#2``)."""
        out: list[str] = []
        for ref in refs:
            node = self.nodes[ref]
            same = self.index.by_number.get((node.doc, node.number), [ref]) if node.number else [ref]
            out.extend(r for r in same if r not in out)
        return out

    def suggest(self, text: str, limit: int = 5) -> tuple[str, ...]:
        """Close references for a mistyped one ("did you mean"), best first: the rules a reference written
        inside it names (``CR 702.19b``, ``§101.1``), then the ids it may be read as (:func:`readings`: ``1O1.1``
        is 101.1, ``АЗ.32`` A3.32, ``7O2.19б`` 702.19b), then ids spelled alike, by their best difflib ratio to the
        id typed or one of its readings; an id each document that prints it (cs-cr, ru-cr and cr all have a 101.1)."""
        import difflib

        doc, node_id = split_ref(text) if self._names_doc(text) else (None, text)
        pool: dict[str, list[str]] = {}  # folded id -> the refs of every document that prints it
        for (d, _), refs in self.index.by_number.items():
            if doc in (None, d):
                for ref in refs:
                    pool.setdefault(split_ref(ref)[1].casefold(), []).append(ref)
        key = node_id.casefold()
        meant = [reading for reading in dict.fromkeys(r.casefold() for r in readings(node_id)) if reading != key]
        alike = [ref for reading in meant for ref in pool.get(reading, [])]  # before what is inside: A3.З2 is A3.32
        inside = [ref for part in references_inside(text) if part != text
                  for ref in self._match(*(split_ref(part) if self._names_doc(part) else (None, part)))]
        if inside:
            return tuple(dict.fromkeys(alike + inside))[:limit]
        # each id close to the id typed or one of its readings (those that are ids, when some are), by its best ratio
        ids, scores = list(pool), dict[str, float]()
        for reading in (key, *[r for r in meant if not alike or r in pool]):
            for found in difflib.get_close_matches(reading, ids, n=limit, cutoff=0.5):
                ratio = difflib.SequenceMatcher(None, reading, found).ratio()
                scores[found] = max(scores.get(found, 0.0), ratio)
        close = sorted(scores, key=lambda c: -scores[c])  # ties in the order found: the id typed's, then its readings'
        return tuple(dict.fromkeys(alike + [ref for c in close for ref in pool[c]]))[:limit]


class LazyNodes(Mapping[str, Node]):
    """Nodes in document order, each decoded the first time it is read and kept: how the graph cache and the
    history store serve a graph without decoding every node of it. A subclass says how to decode one slot."""

    def __init__(self, refs: tuple[str, ...]) -> None:
        self._refs = refs
        self._slots = {ref: i for i, ref in enumerate(refs)}
        self._decoded: dict[str, Node] = {}

    def _decode(self, slot: int) -> Node:
        raise NotImplementedError

    def __getitem__(self, ref: str) -> Node:
        node = self._decoded.get(ref)
        if node is None:
            node = self._decoded[ref] = self._decode(self._slots[ref])
        return node

    def __contains__(self, ref: object) -> bool:
        return ref in self._slots

    def __iter__(self) -> Iterator[str]:
        return iter(self._refs)

    def __len__(self) -> int:
        return len(self._refs)
