"""The history store: every node of every English CR release, each distinct node stored once (issue 15, item 5).

128 releases hold about 260,000 nodes, but most repeat unchanged from one release to the next. The store keeps
one record per distinct node (its id, text, examples, parent, flags and citations resolved within its release)
with the range of releases it holds in (``first``..``last``, release indexes), so it grows with the changes,
not with the releases. Per release it keeps only the order of its nodes with their lines (a compressed row).

It is an SQLite file (standard library) in the cache folder, named by a hash of the archive, its table and
the code that builds it; it is built once (about 15 s, behind a progress bar) into a temporary file that is
renamed into place under a lock. A lookup then reads only what it shows: :meth:`HistoryStore.release_graph`
gives a :class:`~.graph.RuleGraph` of one release whose nodes are read from the file on first use.

Citations are resolved within each release exactly as :mod:`.citations` resolves them in the graph (same
``dangling`` and ``title_mismatch`` flags), with the finder's results shared between releases by text.
"""

from __future__ import annotations

import marshal
import os
import sqlite3
import zlib
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import Any

from . import cache, cr_releases
from .errors import CacheError, ReferenceNotFound
from .graph import GraphIndex, LazyNodes, RuleGraph
from .model import GLOSSARY, IN_TEXT, Citation, CitationMatch, DocumentInfo, Flag, Node, ParsedDocument, ParsedNode

FORMAT = 2
MARSHAL_VERSION = 2  # no back-references: equal bodies give equal bytes, whatever else shares their strings
LIBRARIES = ("PyStemmer", "snowballstemmer")  # the key also hashes every source file of the package
Progress = Callable[[int, int], None]

_SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE releases (idx INTEGER PRIMARY KEY, date TEXT NOT NULL UNIQUE, nodes BLOB NOT NULL);
CREATE TABLE records (id INTEGER PRIMARY KEY, node_id TEXT NOT NULL, first INTEGER NOT NULL,
                      last INTEGER NOT NULL, parent TEXT, body BLOB NOT NULL);
CREATE TABLE cited (target TEXT NOT NULL, record INTEGER NOT NULL);
"""
_INDEXES = """
CREATE INDEX records_by_node ON records (node_id, first);
CREATE INDEX records_by_parent ON records (parent, first);
CREATE INDEX cited_by_target ON cited (target);
"""


# --- building -------------------------------------------------------------------------------------------------


@dataclass
class _Record:
    """A distinct node: the same id, parent and body in releases ``first``..``last``."""

    rowid: int
    node_id: str
    first: int
    last: int
    parent: str | None
    body: bytes
    cites: tuple[str, ...]


def build(family: DocumentInfo, folder: Path, path: Path, progress: Progress | None = None,
          parsed_releases: Iterable[tuple[cr_releases.Release, ParsedDocument]] | None = None) -> None:
    """Parse every release of ``folder`` and write the store to ``path`` (atomically: a temporary file first).

    ``parsed_releases`` are the releases already parsed, in date order (the tests parse them once for all).
    """
    import tempfile

    from .parsing import parser_module

    parser = parser_module(family.parser)
    table = cr_releases.releases(folder)
    finder = _memo(parser.find_citations)
    records: list[_Record] = []
    latest: dict[str, _Record] = {}
    orders: list[tuple[int, str, bytes]] = []
    known: dict[str, tuple[tuple[Any, ...], bytes | None]] = {}
    if parsed_releases is None:
        parsed_releases = ((release, parser.parse(text)) for release, text in cr_releases.release_texts(folder))
    for index, (release, parsed) in enumerate(parsed_releases):
        rowids = []
        for pn, body, cites in _release_records(parsed, finder, known):
            record = latest.get(pn.id)
            if record is None or record.last != index - 1 or record.body != body or record.parent != pn.parent:
                record = _Record(len(records) + 1, pn.id, index, index, pn.parent, body, cites)
                records.append(record)
                latest[pn.id] = record
            record.last = index
            rowids.append(record.rowid)
        nodes = parsed.nodes
        order = (tuple(n.id for n in nodes), tuple(rowids), tuple(n.line for n in nodes),
                 tuple(n.offset for n in nodes))
        orders.append((index, release.date, zlib.compress(marshal.dumps(order), 1)))
        if progress:
            progress(index + 1, len(table))
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    os.close(fd)
    try:
        _write(Path(tmp), records, orders, path.name)
        os.replace(tmp, path)
    finally:
        Path(tmp).unlink(missing_ok=True)


def _write(tmp: Path, records: Sequence[_Record], orders: Sequence[tuple[int, str, bytes]], key: str) -> None:
    con = sqlite3.connect(tmp)
    try:
        con.executescript(_SCHEMA)
        con.executemany("INSERT INTO releases VALUES (?, ?, ?)", orders)
        con.executemany("INSERT INTO records VALUES (?, ?, ?, ?, ?, ?)",
                        ((r.rowid, r.node_id, r.first, r.last, r.parent, r.body) for r in records))
        con.executemany("INSERT INTO cited VALUES (?, ?)",
                        ((target, r.rowid) for r in records for target in r.cites))
        con.executescript(_INDEXES)
        con.execute("INSERT INTO meta VALUES ('key', ?)", (key,))
        con.commit()
    finally:
        con.close()


def _memo(finder: Callable[[str], tuple[CitationMatch, ...]]) -> Callable[[str], tuple[CitationMatch, ...]]:
    """The finder with its answers kept by text: most texts repeat in every release."""
    return lru_cache(maxsize=None)(finder)


def _release_records(parsed: ParsedDocument, finder: Callable[[str], tuple[CitationMatch, ...]],
                     known: dict[str, tuple[tuple[Any, ...], bytes | None]]
                     ) -> Iterator[tuple[ParsedNode, bytes, tuple[str, ...]]]:
    """Each node of one release with its record body (citations resolved within the release, targets as bare
    ids: a record is shared by releases, so it cannot name one) and the ids it cites.

    ``known`` keeps, by id, the last parsed content and, when it cites nothing, its body: most nodes repeat
    unchanged in the next release, and one that cites nothing needs neither resolving nor encoding again.
    """
    release = _Release(parsed)
    for pn in parsed.nodes:
        content = (pn.kind, pn.number, pn.title, pn.text, pn.examples, pn.flags)
        seen = known.get(pn.id)
        if seen is not None and seen[1] is not None and seen[0] == content:
            yield pn, seen[1], ()
            continue
        citations = [release.resolve(m, where) for where, text in _texts(pn.text, pn.examples)
                     for m in finder(text)]
        cites = tuple(dict.fromkeys(t for c in citations for t in c.targets if t != pn.id))
        flags = pn.flags + tuple(release.flags(citations)) if citations else pn.flags
        body = marshal.dumps((pn.kind, pn.number, pn.title, pn.text, pn.examples,
                              tuple((f.kind, f.detail, f.term, f.ref) for f in flags),
                              tuple((c.start, c.end, c.where, c.surface, c.targets, c.unresolved, c.title,
                                     c.title_matches) for c in citations), cites), MARSHAL_VERSION)
        known[pn.id] = (content, None if citations else body)
        yield pn, body, cites


def _texts(text: str, examples: tuple[str, ...]) -> Iterator[tuple[int, str]]:
    yield IN_TEXT, text
    yield from enumerate(examples)


class _Release:
    """One release's ids, kinds, positions and headings: what :func:`.citations.resolve_match` reads."""

    def __init__(self, parsed: ParsedDocument) -> None:
        self.nodes = {pn.id: pn for pn in parsed.nodes}
        self.order = [pn.id for pn in parsed.nodes]
        self.position = {node_id: i for i, node_id in enumerate(self.order)}
        self._headings: dict[str, str] | None = None

    def resolve(self, match: CitationMatch, where: int) -> Citation:
        targets: list[str] = []
        unresolved: list[str] = []
        for target in match.targets:
            found = self._expand(target.first, target.last)
            targets.extend(t for t in found if t not in targets)
            if not found:
                unresolved.append(target.first if target.last is None else f"{target.first}–{target.last}")
        title_ok = None
        if match.title and targets:
            title_ok = any(_title_ok(match.title, self.nodes[t].title, self.nodes[t].text) for t in targets)
        return Citation(match.start, match.end, where, match.surface, tuple(targets), tuple(unresolved),
                        match.title, title_ok)

    def _expand(self, first: str, last: str | None) -> tuple[str, ...]:
        if first not in self.nodes:
            return ()
        if last is None:
            return (first,)
        if last not in self.nodes:
            return ()
        kind = self.nodes[first].kind
        span = self.order[self.position[first]:self.position[last] + 1]
        return tuple(i for i in span if self.nodes[i].kind == kind)

    def flags(self, citations: Sequence[Citation]) -> Iterator[Flag]:
        """The flags :func:`.citations._flags` raises, worded the same."""
        for citation in citations:
            for printed in citation.unresolved:
                yield Flag("dangling", f"{citation.surface} ({printed}: does not exist)", term=printed)
            if citation.title_matches is False and citation.title:
                yield self._mismatch(citation, citation.title)

    def _mismatch(self, citation: Citation, title: str) -> Flag:
        from .citations import title_key

        target = self.nodes[citation.targets[0]]
        detail = f"{citation.surface}: quoted “{title}”, but {target.id} is “{target.title or target.text[:80]}”"
        if self._headings is None:
            self._headings = {}
            for pn in self.nodes.values():
                if pn.title and pn.kind != GLOSSARY:
                    self._headings.setdefault(title_key(pn.title), pn.id)
        better = self._headings.get(title_key(title))
        return Flag("title_mismatch", detail + (f"; “{title}” is {better}" if better else ""), term=title, ref=better)


@lru_cache(maxsize=None)
def _title_ok(quoted: str, title: str, text: str) -> bool:
    stand_in = Node(ref="", doc="", id="", kind="", number="", title=title, text=text, examples=(), parent=None,
                    children=(), line=0)
    from .citations import title_matches

    return title_matches(quoted, stand_in)


# --- reading --------------------------------------------------------------------------------------------------


def store_key(folder: Path) -> str:
    """Hash of the archive and its table, of the package's code and libraries (computed, no list of files kept
    by hand), and the format."""
    data = [folder / cr_releases.ARCHIVE, folder / cr_releases.TABLE]
    return cache.stamped_key(
        "cr-store", [*data, *cache.package_files(), *cache.environment_files()],
        lambda: f"{cache.hash_files(data, folder)}-{cache.code_key(cache.library_versions(LIBRARIES))}-{FORMAT}")


def store_path(folder: Path) -> Path:
    """Where the store of the releases in ``folder`` lives: the cache folder, named by its key."""
    return cache.cache_dir() / f"cr-store-{store_key(folder)}.sqlite"


def open_store(family: DocumentInfo, folder: Path,
               building: Callable[[], AbstractContextManager[Progress | None]] | None = None) -> HistoryStore:
    """The store of the family's releases, built first if the cache has none (``building`` wraps that: a
    progress bar in the CLI). A cache folder that cannot be written is a :class:`CacheError`."""
    path = store_path(folder)
    store = _open(path, family, folder)
    if store is not None:
        return store
    with cache.build_lock(path.with_suffix(".lock")):
        store = _open(path, family, folder)
        if store is None:
            with building() if building else nullcontext() as progress:
                try:
                    build(family, folder, path, progress)
                except OSError as exc:
                    raise CacheError(f"cannot write the history store {path}: {exc.strerror}") from None
            store = _open(path, family, folder)
            _remove_stale(path)
    if store is None:
        raise CacheError(f"the history store {path} was built but cannot be read")
    return store


def _remove_stale(path: Path) -> None:
    """Delete the stores of other keys (an older archive or older code): one is enough in the cache folder."""
    for other in path.parent.glob("cr-store-*.sqlite"):
        if other != path:
            other.unlink(missing_ok=True)


def _open(path: Path, family: DocumentInfo, folder: Path) -> HistoryStore | None:
    if not path.is_file():
        return None
    try:
        con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        (key,) = con.execute("SELECT value FROM meta WHERE key = 'key'").fetchone()
        if key != path.name:
            con.close()
            return None
        return HistoryStore(con, family, folder)
    except (sqlite3.Error, TypeError, ValueError):
        return None


class HistoryStore:
    """An open store: the releases it holds and a lazily read graph of any one of them."""

    def __init__(self, con: sqlite3.Connection, family: DocumentInfo, folder: Path) -> None:
        self._con = con
        self.family = family
        self.folder = folder
        self.dates = tuple(d for (d,) in con.execute("SELECT date FROM releases ORDER BY idx"))
        self._stored: dict[int, StoredNode] = {}  # records decoded by nodes_of, shared by releases

    def doc_id(self, date: str) -> str:
        """``cr-2006-10-01``."""
        return f"{self.family.id}-{date}"

    def release_graph(self, date: str) -> RuleGraph:
        """One release as a graph whose nodes are read from the store when first used."""
        row = self._con.execute("SELECT idx, nodes FROM releases WHERE date = ?", (date,)).fetchone()
        if row is None:
            earlier = [d for d in self.dates if d < date][-1:]
            later = [d for d in self.dates if d > date][:1]
            raise ReferenceNotFound(self.doc_id(date), tuple(self.doc_id(d) for d in (*earlier, *later)))
        index, blob = row
        ids, rowids, lines, offsets = marshal.loads(zlib.decompress(blob))
        doc = self.doc_id(date)
        info = replace(self.family, id=doc, release=date, family=self.family.id, edition=date)
        nodes = StoreNodes(self._con, doc, info.language, index, ids, rowids, lines, offsets)
        return RuleGraph([info], nodes, _index(doc, ids))

    def nodes_of(self, date: str) -> tuple[StoredNode, ...]:
        """Every node of one release in document order, as parsed (what the history's aligner reads: the
        history store is built from this store, so each release is parsed once for both)."""
        row = self._con.execute("SELECT nodes FROM releases WHERE date = ?", (date,)).fetchone()
        if row is None:
            raise ReferenceNotFound(self.doc_id(date), ())
        ids, rowids, *_ = marshal.loads(zlib.decompress(row[0]))
        missing = sorted(set(rowids) - self._stored.keys())
        for start in range(0, len(missing), 500):
            chunk = missing[start:start + 500]
            marks = ",".join("?" * len(chunk))
            for rowid, node_id, parent, body in self._con.execute(
                    f"SELECT id, node_id, parent, body FROM records WHERE id IN ({marks})", chunk):
                kind, _, _, text, examples, *_ = marshal.loads(body)
                self._stored[rowid] = StoredNode(node_id, kind, text, tuple(examples), parent)
        return tuple(self._stored[rowid] for rowid in rowids)

    def versions(self, node_id: str) -> tuple[Version, ...]:
        """Every stored text of a node id (``702.19b``), oldest first: one per run of releases it is unchanged in.

        The id is the printed number, so across the 2009-07-11 renumbering one id names unrelated rules.
        """
        rows = self._con.execute("SELECT first, last, body FROM records WHERE node_id = ? ORDER BY first",
                                 (node_id,)).fetchall()
        out = []
        for first, last, body in rows:
            kind, _, title, text, examples, *_ = marshal.loads(body)
            out.append(Version(self.dates[first], self.dates[last], kind, title, text, examples))
        return tuple(out)

    def counts(self) -> tuple[int, int]:
        """``(records, nodes)``: distinct stored nodes, and nodes summed over all releases."""
        (records,) = self._con.execute("SELECT COUNT(*) FROM records").fetchone()
        (nodes,) = self._con.execute("SELECT SUM(last - first + 1) FROM records").fetchone()
        return records, nodes


@dataclass(frozen=True, slots=True)
class StoredNode:
    """A node of a release as its parse gave it (before citations are resolved)."""

    id: str
    kind: str
    text: str
    examples: tuple[str, ...]
    parent: str | None


@dataclass(frozen=True, slots=True)
class Version:
    """One stored text of a node: the same in every release from ``first`` to ``last`` (dates)."""

    first: str
    last: str
    kind: str
    title: str
    text: str
    examples: tuple[str, ...]


def _index(doc: str, ids: Sequence[str]) -> GraphIndex:
    by_number: dict[tuple[str, str], list[str]] = {}
    by_folded_id: dict[str, list[str]] = {}
    for node_id in ids:
        ref = f"{doc}:{node_id}"
        if not node_id.startswith("glossary:"):
            by_number.setdefault((doc, node_id.partition("#")[0]), []).append(ref)
        by_folded_id.setdefault(node_id.casefold(), []).append(ref)
    return GraphIndex(by_number, by_folded_id)


class StoreNodes(LazyNodes):
    """One release's nodes in document order, each read from the store the first time it is asked for."""

    def __init__(self, con: sqlite3.Connection, doc: str, lang: str, index: int, ids: Sequence[str],
                 rowids: Sequence[int], lines: Sequence[int], offsets: Sequence[int]) -> None:
        super().__init__(tuple(f"{doc}:{i}" for i in ids))
        self._con = con
        self._doc = doc
        self._lang = lang
        self._index = index
        self._rowids = rowids
        self._lines = lines
        self._offsets = offsets

    def _decode(self, slot: int) -> Node:
        rowid = self._rowids[slot]
        node_id, parent, body = self._con.execute(
            "SELECT node_id, parent, body FROM records WHERE id = ?", (rowid,)).fetchone()
        kind, number, title, text, examples, flags, citations, cites = marshal.loads(body)
        return Node(
            ref=self._refs[slot], doc=self._doc, id=node_id, kind=kind, number=number, title=title, text=text,
            examples=examples, parent=self._ref(parent) if parent else None, children=self._children(node_id),
            line=self._lines[slot], offset=self._offsets[slot], lang=self._lang,
            flags=tuple(Flag(kind, detail, term, self._ref(ref) if ref else None) for kind, detail, term, ref in flags),
            citations=tuple(Citation(s, e, w, surface, tuple(map(self._ref, targets)), unresolved, t, ok)
                            for s, e, w, surface, targets, unresolved, t, ok in citations),
            cites=tuple(map(self._ref, cites)), cited_by=self._cited_by(node_id))

    def _ref(self, node_id: str) -> str:
        return f"{self._doc}:{node_id}"

    def _children(self, node_id: str) -> tuple[str, ...]:
        rows = self._con.execute("SELECT node_id FROM records WHERE parent = ? AND first <= ? AND last >= ?",
                                 (node_id, self._index, self._index)).fetchall()
        refs = [self._ref(child) for (child,) in rows]
        return tuple(sorted((r for r in refs if r in self._slots), key=self._slots.__getitem__))

    def _cited_by(self, node_id: str) -> tuple[str, ...]:
        rows = self._con.execute(
            "SELECT r.node_id FROM cited c JOIN records r ON r.id = c.record "
            "WHERE c.target = ? AND r.first <= ? AND r.last >= ?", (node_id, self._index, self._index)).fetchall()
        refs = {self._ref(source) for (source,) in rows}
        return tuple(sorted((r for r in refs if r in self._slots), key=self._slots.__getitem__))
