"""Load the rule graph: from the cache when the corpus and the code are unchanged, else parse and cache it.

The cache is one ``marshal`` file of plain tuples (far faster to load than pickled dataclasses, which is
what keeps a cold ``lookup`` close to a bare interpreter start), named by a hash of the corpus and of the
code that builds the graph, written atomically. A corrupted file is rebuilt; an unwritable cache folder
leaves the graph in memory only.
"""

from __future__ import annotations

import marshal
from functools import lru_cache
from pathlib import Path
from typing import Any

from . import cache
from .corpus import corpus_dir, corpus_hash, load_manifest, read_document
from .graph import RuleGraph, build_graph
from .model import Citation, DocumentInfo, Equivalent, Flag, Node
from .parsing import parser_module

FORMAT = 1
# Everything whose change alters the graph; a change to any of these files rebuilds the cache.
GRAPH_CODE = ("parsing", "model.py", "graph.py", "citations.py", "graph_cache.py")


def graph_key(root: Path | None = None) -> str:
    """The cache key: corpus hash, code hash and format version."""
    return f"{corpus_hash(root)}-{cache.code_hash(GRAPH_CODE)}-{FORMAT}"


@lru_cache(maxsize=2)
def load_graph(root: Path | None = None) -> RuleGraph:
    """The whole graph, cached on disk and in this process."""
    path = cache.cache_dir() / f"graph-{graph_key(root)}.marshal"
    raw = cache.read_bytes(path)
    if raw is not None:
        graph = _decode(raw)
        if graph is not None:
            return graph
    graph = parse_corpus(root)
    cache.write_atomic(path, marshal.dumps(_encode(graph)))
    return graph


def parse_corpus(root: Path | None = None) -> RuleGraph:
    """Parse every document the manifest lists and link them (no cache)."""
    root = root or corpus_dir()
    parsed = []
    finders = {}
    for info in load_manifest(root):
        module = parser_module(info.parser)
        parsed.append((info, module.parse(read_document(info, root))))
        finders[info.id] = module.find_citations
    return build_graph(parsed, finders)


def _encode(graph: RuleGraph) -> tuple[Any, ...]:
    docs = tuple(_fields(d) for d in graph.docs.values())
    nodes = tuple(_node_record(n) for n in graph.nodes.values())
    return (FORMAT, docs, nodes)


def _fields(obj: Any) -> tuple[Any, ...]:
    return tuple(getattr(obj, f) for f in obj.__dataclass_fields__)


def _node_record(node: Node) -> tuple[Any, ...]:
    record = list(_fields(node))
    record[_FLAGS] = tuple(_fields(f) for f in node.flags)
    record[_CITATIONS] = tuple(_fields(c) for c in node.citations)
    record[_EQUIVALENTS] = tuple(_fields(e) for e in node.equivalents)
    return tuple(record)


_NODE_FIELDS = tuple(Node.__dataclass_fields__)
_FLAGS, _CITATIONS, _EQUIVALENTS = (_NODE_FIELDS.index(f) for f in ("flags", "citations", "equivalents"))


def _decode(raw: bytes) -> RuleGraph | None:
    """The graph from cache bytes, or None when they are corrupted or of another format."""
    try:
        fmt, docs, records = marshal.loads(raw)
        if fmt != FORMAT:
            return None
        return RuleGraph([DocumentInfo(*d) for d in docs], [_node(r) for r in records])
    except (ValueError, EOFError, TypeError, IndexError):
        return None


def _node(record: tuple[Any, ...]) -> Node:
    values = list(record)
    values[_FLAGS] = tuple(Flag(*f) for f in record[_FLAGS])
    values[_CITATIONS] = tuple(Citation(*c) for c in record[_CITATIONS])
    values[_EQUIVALENTS] = tuple(Equivalent(*e) for e in record[_EQUIVALENTS])
    return Node(*values)
