"""Load the rule graph: from the cache when the corpus and the code are unchanged, else parse and cache it.

The cache is one file: a small ``marshal`` header (documents, refs, record offsets, lookup tables) and then
each node's record marshalled on its own, so a cold ``lookup`` decodes the header and only the nodes it
shows (this is what keeps it close to a bare interpreter start). It is named by a hash of the corpus data, of
every source file of the package and of the libraries' versions (:func:`graph_key`), checked by a checksum
before anything in it is used, built under a lock and written atomically. A corrupted file is rebuilt; an
unwritable cache folder leaves the graph in memory for the process, with a notice.
"""

from __future__ import annotations

import marshal
import mmap
import zlib
from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from dataclasses import replace
from pathlib import Path
from typing import Any

from . import cache
from .corpus import corpus_dir, data_key, load_manifest, prefetch_releases, read_document
from .errors import Phrase
from .graph import GraphIndex, LazyNodes, RuleGraph
from .model import Citation, DocumentInfo, Equivalent, Flag, Node, Original, Today
from .parsing import parser_module

FORMAT = 6  # the file with its magic number and checksum; nodes with their originals; the lookup tables apart
MAGIC = b"IZVG"
LIBRARIES = ("PyStemmer", "snowballstemmer")  # the equivalents' aligner stems words


def graph_key(root: Path | None = None) -> str:
    """The cache key: a hash of the corpus data, of the package's code and libraries, and the format."""
    return data_key("graph", root, lambda: cache.library_versions(LIBRARIES), f"-{FORMAT}")


class GraphLoader:
    """``load_graph(root, building)``: the whole graph, cached on disk and kept in this process.

    ``building`` wraps the parse when there is no usable cache (a first run, a changed corpus: about two
    seconds), so a command can show progress. The graph is kept per corpus folder for the life of the
    process, so a cache folder that cannot be written costs one parse per process, not one per command. It is
    kept with its key (:func:`graph_key`: what builds it), so a release a judge adds or a corpus file changed
    while the process runs is seen at the next call.
    """

    def __init__(self) -> None:
        self._kept: dict[Path | None, tuple[str, RuleGraph]] = {}

    def __call__(self, root: Path | None = None,
                 building: Callable[[], AbstractContextManager[object]] | None = None) -> RuleGraph:
        key = graph_key(root)
        kept = self._kept.get(root)
        if kept is None or kept[0] != key:
            kept = self._kept[root] = (key, _load(root, building, key))
        return kept[1]

    def cache_clear(self) -> None:
        """Forget the graphs kept in this process (the next call reads the disk cache again)."""
        self._kept.clear()

    def __wrapped__(self, root: Path | None = None,
                    building: Callable[[], AbstractContextManager[object]] | None = None) -> RuleGraph:
        """Load from the disk cache (or parse) without the process's copy, as ``functools`` wrappers allow."""
        return _load(root, building, graph_key(root))


def _load(root: Path | None, building: Callable[[], AbstractContextManager[object]] | None, key: str) -> RuleGraph:
    """From the cache file named by ``key``; else parsed under the build lock (so that commands started at once
    on an empty cache parse once: the others wait, then read what the first wrote) and written atomically."""
    path = cache.cache_dir() / f"graph-{key}.marshal"
    graph = _read(path)
    if graph is not None:
        return graph
    with cache.build_lock(path.parent / "graph.lock") as locked:
        graph = _read(path) if locked else None  # built by another command while this one waited
        if graph is not None:
            return graph
        if locked:
            cache.remove_leftovers(path.parent, ".graph-*.tmp")
        with building() if building else nullcontext():
            graph = with_equivalents(parse_corpus(root), root)
        if not cache.write_atomic(path, _encode(graph)):
            cache.notice_unwritable(path.parent, Phrase("what_rule_graph", "the rule graph"))
    return graph


load_graph = GraphLoader()


def _read(path: Path) -> RuleGraph | None:
    raw = cache.mapped(path)
    return _decode(raw) if raw is not None else None


def parse_corpus(root: Path | None = None) -> RuleGraph:
    """Parse every document the manifest lists, mend its misprints (``corpus/misprints.tsv``) and link them (no
    cache, no equivalents)."""
    from .graph_build import build_graph  # with the citation finder: only a build needs them
    from .misprints import corrected, load_misprints

    root = root or corpus_dir()
    parsed = []
    finders = {}
    infos = load_manifest(root)
    misprints = load_misprints(root)
    prefetch_releases(infos, root)  # the English releases in the graph, read from their archive in one pass
    for info in infos:
        module = parser_module(info.parser)
        parsed.append((info, corrected(module.parse(read_document(info, root)), misprints.get(info.id, ()))))
        finders[info.id] = module.find_citations
    return build_graph(parsed, finders)


def with_equivalents(graph: RuleGraph, root: Path | None = None) -> RuleGraph:
    """The graph with every rule's equivalents attached (curated and aligned, issue 5).

    They need the linked graph, so they are computed after it (about a second for the whole corpus) and
    cached with it: a lookup only reads them.
    """
    from .concordance.chain import Chain, today_of
    from .concordance.link import corpus_equivalents
    from .history.onward import onward_lineage
    from .originals.lineage import load_lineage
    from .originals.table import load_originals

    originals = with_english_texts(load_originals(root), graph, root)
    lineage = onward_lineage(load_lineage(root), root)  # on into the releases a judge added (issue 15)
    chain = Chain.to_newest(originals, lineage)
    found = corpus_equivalents(graph.nodes, root or corpus_dir(), chain)
    if not found and not originals:
        return graph
    nodes = [_with_original_citations(replace(node, equivalents=found.get(node.ref, node.equivalents),
                                              original=original, today=today_of(original, chain) if original else None),
                                      graph.nodes.__contains__)
             for node in graph.nodes.values() for original in [originals.get(node.ref)]]
    return RuleGraph(list(graph.docs.values()), nodes, graph.index)


def _with_original_citations(node: Node, exists: Callable[[str], bool]) -> Node:
    """``node`` flagged where it cites another rule than its English original (:mod:`.originals.citing`)."""
    from .originals.citing import compared, original_citation_flags

    if node.original is None or not compared(node):
        return node  # most nodes: the English finder is not run
    from .parsing.cr_english import find_citations

    cited = tuple(target for match in find_citations(node.original.text) for target in match.targets)
    flags = original_citation_flags(node, cited, exists)
    return replace(node, flags=node.flags + flags) if flags else node


def with_english_texts(originals: dict[str, Original], graph: RuleGraph, root: Path | None) -> dict[str, Original]:
    """The originals with their English words: the releases they name are parsed once, at the graph's build
    (a few tenths of a second), so a lookup shows the original without opening the history store."""
    from . import cr_releases
    from .corpus import release_folder
    from .parsing import cr_english

    family = next((info for info in graph.docs.values() if info.releases and info.family == info.id), None)
    if family is None or not originals:
        return originals
    folder = release_folder(family, root)
    dates = sorted({o.release for o in originals.values() if o.id})
    cr_releases.cache_texts(dates, folder)
    texts: dict[tuple[str, str], str] = {}
    for date in dates:
        for node in cr_english.parse(cr_releases.release_text(date, folder)).nodes:
            texts[(date, node.id)] = node.text
    return {ref: replace(o, text=texts.get((o.release, o.id), "")) for ref, o in originals.items()}


def _encode(graph: RuleGraph) -> bytes:
    """Header (docs, refs, record offsets, and the lookup tables marshalled apart: decoded on first use, they
    cost a cold full-text search, which never looks a reference up, a tenth of its graph's load) then every node's
    record, each marshalled on its own."""
    records = [marshal.dumps(_node_record(n)) for n in graph.nodes.values()]
    offsets, position = [], 0
    for record in records:
        offsets.append(position)
        position += len(record)
    header = marshal.dumps((FORMAT, tuple(_fields(d) for d in graph.docs.values()), tuple(graph.nodes),
                            tuple(offsets), marshal.dumps((graph.index.by_number, graph.index.by_folded_id))))
    body = len(header).to_bytes(8, "little") + header + b"".join(records)
    return MAGIC + zlib.crc32(body).to_bytes(4, "little") + body


def _fields(obj: Any) -> tuple[Any, ...]:
    return tuple(getattr(obj, f) for f in obj.__dataclass_fields__)


def _node_record(node: Node) -> tuple[Any, ...]:
    record = list(_fields(node))
    record[_FLAGS] = tuple(_fields(f) for f in node.flags)
    record[_CITATIONS] = tuple(_fields(c) for c in node.citations)
    record[_EQUIVALENTS] = tuple(_fields(e) for e in node.equivalents)
    record[_ORIGINAL] = _fields(node.original) if node.original else None
    record[_TODAY] = _fields(node.today) if node.today else None
    return tuple(record)


_NODE_FIELDS = tuple(Node.__dataclass_fields__)
_FLAGS, _CITATIONS, _EQUIVALENTS, _ORIGINAL, _TODAY = (
    _NODE_FIELDS.index(f) for f in ("flags", "citations", "equivalents", "original", "today"))


def _decode(raw: bytes | mmap.mmap) -> RuleGraph | None:
    """The graph from cache bytes, or None when they are corrupted or of another format.

    The whole file's checksum is verified before anything is decoded (about 2 ms for the 8 MB of today's corpus):
    a byte changed anywhere, even text overwritten with other text of the same length, is a rebuild, never
    a rule served with the wrong words."""
    body = memoryview(raw)[8:]
    if raw[:4] != MAGIC or int.from_bytes(raw[4:8], "little") != zlib.crc32(body):
        return None
    try:
        size = int.from_bytes(body[:8], "little")
        fmt, docs, refs, offsets, index = marshal.loads(body[8:8 + size])
        if fmt != FORMAT or len(refs) != len(offsets):
            return None
        nodes = MarshalledNodes(refs, offsets, body[8 + size:])
        nodes[refs[-1]]  # a truncated file fails here, not in the middle of a command
        return RuleGraph([DocumentInfo(*d) for d in docs], nodes, lambda: GraphIndex(*marshal.loads(index)))
    except (ValueError, EOFError, TypeError, IndexError, KeyError):
        return None


class MarshalledNodes(LazyNodes):
    """The graph file's nodes, each decoded from its marshalled record the first time it is read."""

    def __init__(self, refs: tuple[str, ...], offsets: tuple[int, ...], blob: memoryview) -> None:
        super().__init__(refs)
        self._offsets = offsets
        self._blob = blob

    def _decode(self, slot: int) -> Node:
        end = self._offsets[slot + 1] if slot + 1 < len(self._offsets) else len(self._blob)
        return _node(marshal.loads(self._blob[self._offsets[slot]:end]))


def _node(record: tuple[Any, ...]) -> Node:
    values = list(record)
    values[_FLAGS] = tuple(Flag(*f) for f in record[_FLAGS])
    values[_CITATIONS] = tuple(Citation(*c) for c in record[_CITATIONS])
    values[_EQUIVALENTS] = tuple(Equivalent(*e) for e in record[_EQUIVALENTS])
    values[_ORIGINAL] = Original(*record[_ORIGINAL]) if record[_ORIGINAL] else None
    values[_TODAY] = Today(*record[_TODAY]) if record[_TODAY] else None
    return Node(*values)
