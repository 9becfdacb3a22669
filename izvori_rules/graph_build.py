"""Building the rule graph: parsed documents in, linked graph out (a pure function).

Kept apart from ``graph.py`` because it resolves citations (``citations.py``), which in turn read a graph:
the graph model sits below both, the builder above both, so no two modules import each other.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace

from .citations import resolve_citations
from .graph import RuleGraph
from .model import CitationMatch, DocumentInfo, Equivalent, Node, ParsedDocument, ParsedNode, make_ref

Finder = Callable[[str], tuple[CitationMatch, ...]]


def build_graph(
    parsed: Sequence[tuple[DocumentInfo, ParsedDocument]],
    finders: Mapping[str, Finder],
    equivalents: Mapping[str, tuple[Equivalent, ...]] | None = None,
) -> RuleGraph:
    """Link parsed documents into one graph: refs, children, resolved citations, cited_by and flags.

    ``finders`` maps a document id to its citation finder (``find_citations`` of its parser module).
    Citations are resolved against a first graph of the bare nodes; each node is then built once more with
    its links (one ``replace`` per node: this is most of the graph's build time).
    """
    docs = [info for info, _ in parsed]
    bare = RuleGraph(docs, [_node(info, pn) for info, document in parsed for pn in document.nodes])
    links = {ref: resolve_citations(bare, node, finders[node.doc]) for ref, node in bare.nodes.items()}
    children: dict[str, list[str]] = {}
    cited_by: dict[str, list[str]] = {}
    for ref, node in bare.nodes.items():
        if node.parent:
            children.setdefault(node.parent, []).append(ref)
        for target in links[ref].cites:
            cited_by.setdefault(target, []).append(ref)
    equivalents = equivalents or {}
    return RuleGraph(docs, [
        replace(node, children=tuple(children.get(ref, ())), citations=links[ref].citations,
                cites=links[ref].cites, cited_by=tuple(cited_by.get(ref, ())),
                flags=node.flags + links[ref].flags, equivalents=equivalents.get(ref, ()))
        for ref, node in bare.nodes.items()
    ])


def _node(info: DocumentInfo, pn: ParsedNode) -> Node:
    return Node(
        ref=make_ref(info.id, pn.id), doc=info.id, id=pn.id, kind=pn.kind, number=pn.number, title=pn.title,
        text=pn.text, examples=pn.examples, parent=make_ref(info.id, pn.parent) if pn.parent else None,
        children=(), line=pn.line, offset=pn.offset, lang=info.language,
        flags=tuple(replace(f, ref=make_ref(info.id, f.ref)) if f.ref else f for f in pn.flags),
    )
