"""The history store: every node of every English CR release, each distinct node stored once (issue 15, item 5).

128 releases hold about 260,000 nodes, but most repeat unchanged from one release to the next. The store keeps
one record per distinct node (its id, text, examples, parent, flags and citations resolved within its release)
with the range of releases it holds in (``first``..``last``, release indexes), so it grows with the changes,
not with the releases. Per release it keeps only the order of its nodes with their lines (a compressed row).

It is an SQLite file (standard library) in the cache folder, named by a hash of the archive, its table and
the code that builds it; it is built once (about 15 s, behind a progress bar) into a temporary file that is
renamed into place under a lock. A lookup then reads only what it shows: :meth:`HistoryStore.release_graph`
gives a :class:`~.graph.RuleGraph` of one release whose nodes are read from the file on first use.

Every row carries a checksum, verified as it is read, and rows are read only by their primary key (issue 11):
a damaged store is built again, with a notice, never served.

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
from functools import lru_cache, partial
from pathlib import Path
from typing import Any, TypeVar

from . import cache, cr_releases
from .errors import CacheDamaged, CacheError, Phrase, ReferenceNotFound
from .graph import GraphIndex, LazyNodes, RuleGraph
from .model import GLOSSARY, IN_TEXT, Citation, CitationMatch, DocumentInfo, Flag, Node, ParsedDocument, ParsedNode

FORMAT = 4  # a checksum beside every row; each release's tree and citations in its own (checksummed) row; a
#            flag row is (kind, detail, term, ref, key, values)
MARSHAL_VERSION = 2  # no back-references: equal bodies give equal bytes, whatever else shares their strings
LIBRARIES = ("PyStemmer", "snowballstemmer")  # the key also hashes every source file of the package
Progress = Callable[[int, int], None]
Building = Callable[[], AbstractContextManager[Progress | None]]
STORE = Phrase("what_release_store", "the store of the English CR releases")
WHAT = STORE.english

# Every table's last column is the row's checksum (cache.row_sum of the others, in this order). Rows are read
# only by their primary key (a release by its index, a record by its id), never through an index a damaged
# file could make lose a row: a row SQLite cannot find is a damaged file, never a rule missing from an answer.
_SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL, sum INTEGER NOT NULL);
CREATE TABLE releases (idx INTEGER PRIMARY KEY, date TEXT NOT NULL, nodes BLOB NOT NULL, sum INTEGER NOT NULL);
CREATE TABLE records (id INTEGER PRIMARY KEY, node_id TEXT NOT NULL, first INTEGER NOT NULL,
                      last INTEGER NOT NULL, parent TEXT, body BLOB NOT NULL, sum INTEGER NOT NULL);
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


def build(family: DocumentInfo, folder: Path, path: Path, progress: Progress | None = None,
          parsed_releases: Iterable[tuple[cr_releases.Release, ParsedDocument]] | None = None) -> None:
    """Parse every release of ``folder`` and write the store to ``path`` (atomically: a temporary file first).

    ``parsed_releases`` are the releases already parsed, in date order (the tests parse them once for all).
    """
    _write_file(path, *_collect(family, folder, progress, parsed_releases))


def _write_file(path: Path, records: Sequence[_Record], orders: Sequence[tuple[int, str, bytes]]) -> None:
    import tempfile

    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    os.close(fd)
    try:
        con = sqlite3.connect(tmp)
        try:
            _write(con, records, orders, path.name)
        finally:
            con.close()
        os.replace(tmp, path)
    finally:
        Path(tmp).unlink(missing_ok=True)


def _collect(family: DocumentInfo, folder: Path, progress: Progress | None,
             parsed_releases: Iterable[tuple[cr_releases.Release, ParsedDocument]] | None
             ) -> tuple[list[_Record], list[tuple[int, str, bytes]]]:
    """The distinct records of every release, and each release's row: its nodes in document order with their
    records, lines and offsets, each one's parent (as a position) and who cites it (positions)."""
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
        slots = {pn.id: slot for slot, pn in enumerate(parsed.nodes)}
        cited: dict[int, list[int]] = {}
        for slot, (pn, body, cites) in enumerate(_release_records(parsed, finder, known)):
            record = latest.get(pn.id)
            if record is None or record.last != index - 1 or record.body != body or record.parent != pn.parent:
                record = _Record(len(records) + 1, pn.id, index, index, pn.parent, body)
                records.append(record)
                latest[pn.id] = record
            record.last = index
            rowids.append(record.rowid)
            for target in cites:
                cited.setdefault(slots[target], []).append(slot)
        nodes = parsed.nodes
        order = (tuple(n.id for n in nodes), tuple(rowids), tuple(n.line for n in nodes),
                 tuple(n.offset for n in nodes), tuple(slots.get(n.parent, -1) if n.parent else -1 for n in nodes),
                 tuple((target, tuple(sources)) for target, sources in sorted(cited.items())))
        orders.append((index, release.date, zlib.compress(marshal.dumps(order, MARSHAL_VERSION), 1)))
        if progress:
            progress(index + 1, len(table))
    return records, orders


def _write(con: sqlite3.Connection, records: Sequence[_Record], orders: Sequence[tuple[int, str, bytes]],
           key: str) -> None:
    con.executescript(_SCHEMA)
    con.executemany("INSERT INTO releases VALUES (?, ?, ?, ?)", ((*o, cache.row_sum(*o)) for o in orders))
    con.executemany("INSERT INTO records VALUES (?, ?, ?, ?, ?, ?, ?)",
                    ((*row, cache.row_sum(*row)) for r in records
                     for row in [(r.rowid, r.node_id, r.first, r.last, r.parent, r.body)]))
    meta = [("key", key), ("dates", " ".join(date for _, date, _ in orders))]
    con.executemany("INSERT INTO meta VALUES (?, ?, ?)", ((*m, cache.row_sum(*m)) for m in meta))
    con.commit()


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
                              tuple((f.kind, f.detail, f.term, f.ref, f.key, f.values) for f in flags),
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


def open_store(family: DocumentInfo, folder: Path, building: Building | None = None) -> HistoryStore:
    """The store of the family's releases, built first if the cache has none or a damaged one (``building`` wraps
    that: a progress bar in the CLI). A cache folder that cannot be written leaves the store in memory for the
    process, with a notice."""
    path = store_path(folder)
    found = _open(path)
    if found is None:
        if path.exists():
            cache.notice_damaged(path, STORE)
        found = _rebuilt(family, folder, path, building, None)
    return HistoryStore(found, family, folder, path, building)


@dataclass(frozen=True, slots=True)
class _File:
    """An open store: its connection, its release dates (verified), and which file it is (None: in memory)."""

    con: sqlite3.Connection
    dates: tuple[str, ...]
    identity: tuple[int, int, int] | None


def _open(path: Path) -> _File | None:
    """The store at ``path`` if it is a regular file named by its own key, whose dates pass their checksum."""
    import stat

    try:
        st = os.stat(path)
        if not stat.S_ISREG(st.st_mode):  # a FIFO in its place must not hang the command
            return None
        con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    except (OSError, sqlite3.Error):
        return None
    try:
        meta = dict(cache.verified_rows(con, "SELECT key, value, sum FROM meta"))
        if meta.get("key") == path.name and "dates" in meta:
            return _File(con, tuple(meta["dates"].split(" ")), (st.st_ino, st.st_mtime_ns, st.st_size))
    except CacheDamaged:
        pass
    con.close()
    return None


def _rebuilt(family: DocumentInfo, folder: Path, path: Path, building: Building | None,
             damaged: tuple[int, int, int] | None) -> _File:
    """Build the store under the lock (commands started at once build it once: the others wait, then read what
    the first wrote, unless that is the ``damaged`` file itself) and write it atomically; in memory, with a
    notice, when the cache folder cannot be written."""
    with cache.build_lock(path.with_suffix(".lock")) as locked:
        found = _open(path) if locked else None
        if found is not None and found.identity != damaged:
            return found
        if found is not None:
            found.con.close()
        if locked:
            cache.remove_leftovers(path.parent, f".{path.name}.*.tmp")
        with building() if building else nullcontext() as progress:
            records, orders = _collect(family, folder, progress, None)
        try:
            _write_file(path, records, orders)
        except (OSError, sqlite3.Error):
            cache.notice_unwritable(path.parent, STORE)
            con = sqlite3.connect(":memory:")
            _write(con, records, orders, path.name)
            return _File(con, tuple(date for _, date, _ in orders), None)
        _remove_stale(path)
    found = _open(path)
    if found is None:
        raise CacheError("{what} {file} was built but cannot be read", key="store_unreadable", what=STORE,
                         file=str(path))
    return found


def _remove_stale(path: Path) -> None:
    """Delete the stores of other keys (an older archive or older code): one is enough in the cache folder."""
    for other in path.parent.glob("cr-store-*.sqlite"):
        if other != path:
            other.unlink(missing_ok=True)


@dataclass(frozen=True, slots=True)
class _Order:
    """One release's row: its node ids in document order, their records, lines and offsets, each one's parent
    (a position, -1 for none) and, by position, the positions of the nodes that cite it."""

    ids: tuple[str, ...]
    rowids: tuple[int, ...]
    lines: tuple[int, ...]
    offsets: tuple[int, ...]
    parents: tuple[int, ...]
    cited: tuple[tuple[int, tuple[int, ...]], ...]


T = TypeVar("T")


class HistoryStore:
    """An open store: the releases it holds and a lazily read graph of any one of them.

    Every row is verified as it is read (:func:`.cache.verified_rows`, and that it is the row asked for); a
    damaged one makes the store build itself again, with a notice, and the read is made again in the new file.
    """

    def __init__(self, found: _File, family: DocumentInfo, folder: Path, path: Path,
                 building: Building | None = None) -> None:
        self._file = found
        self.family = family
        self.folder = folder
        self._path = path
        self._building = building
        self.dates = found.dates
        self._orders: dict[int, _Order] = {}
        self._stored: dict[int, StoredNode] = {}  # records decoded by nodes_of, shared by releases

    def _read(self, read: Callable[[sqlite3.Connection], T]) -> T:
        return cache.read_again(lambda: read(self._file.con), self._rebuild, self._path, STORE)

    def _rebuild(self) -> None:
        self._file.con.close()
        self._file = _rebuilt(self.family, self.folder, self._path, self._building, self._file.identity)
        if self._file.dates != self.dates:
            raise CacheDamaged(f"{WHAT} {self._path} holds other releases after a rebuild")

    def doc_id(self, date: str) -> str:
        """``cr-2006-10-01``."""
        return f"{self.family.id}-{date}"

    def _release(self, date: str) -> tuple[int, _Order]:
        if date not in self.dates:
            earlier = [d for d in self.dates if d < date][-1:]
            later = [d for d in self.dates if d > date][:1]
            raise ReferenceNotFound(self.doc_id(date), tuple(self.doc_id(d) for d in (*earlier, *later)))
        index = self.dates.index(date)
        order = self._orders.get(index)
        if order is None:
            order = self._orders[index] = self._read(lambda con: _order(con, index, date))
        return index, order

    def release_graph(self, date: str) -> RuleGraph:
        """One release as a graph whose nodes are read from the store when first used."""
        index, order = self._release(date)
        doc = self.doc_id(date)
        info = replace(self.family, id=doc, release=date, family=self.family.id, edition=date)
        return RuleGraph([info], StoreNodes(self, doc, info.language, index, order), _index(doc, order.ids))

    def record(self, index: int, rowid: int, node_id: str) -> tuple[str | None, bytes]:
        """The parent and body of the record ``rowid``, which must be ``node_id`` in release ``index``."""
        return self._read(lambda con: _records(con, index, [rowid], [node_id])[rowid][1:])

    def nodes_of(self, date: str) -> tuple[StoredNode, ...]:
        """Every node of one release in document order, as parsed (what the history's aligner reads: the
        history store is built from this store, so each release is parsed once for both)."""
        index, order = self._release(date)
        wanted = {rowid: node_id for rowid, node_id in zip(order.rowids, order.ids) if rowid not in self._stored}
        for rowid, (node_id, parent, body) in self._read(
                lambda con: _records(con, index, list(wanted), list(wanted.values()))).items():
            kind, _, _, text, examples, *_ = marshal.loads(body)
            self._stored[rowid] = StoredNode(node_id, kind, text, tuple(examples), parent)
        return tuple(self._stored[rowid] for rowid in order.rowids)

    def versions(self, node_id: str) -> tuple[Version, ...]:
        """Every stored text of a node id (``702.19b``), oldest first: one per run of releases it is unchanged in.

        The id is the printed number, so across the 2009-07-11 renumbering one id names unrelated rules.
        """
        spans: dict[int, list[int]] = {}  # record: the first and last release it is the node's in
        for index, date in enumerate(self.dates):
            order = self._read(partial(_order, index=index, date=date))  # each release once, not kept
            if node_id in order.ids:
                spans.setdefault(order.rowids[order.ids.index(node_id)], [index, index])[1] = index
        out = []
        for rowid, (first, last) in spans.items():
            kind, _, title, text, examples, *_ = marshal.loads(self.record(first, rowid, node_id)[1])
            out.append(Version(self.dates[first], self.dates[last], kind, title, text, examples))
        return tuple(out)

    def counts(self) -> tuple[int, int]:
        """``(records, nodes)``: distinct stored nodes, and nodes summed over all releases."""
        (records,) = self._file.con.execute("SELECT COUNT(*) FROM records").fetchone()
        (nodes,) = self._file.con.execute("SELECT SUM(last - first + 1) FROM records").fetchone()
        return records, nodes


def _order(con: sqlite3.Connection, index: int, date: str) -> _Order:
    rows = cache.verified_rows(con, "SELECT idx, date, nodes, sum FROM releases WHERE idx = ?", (index,))
    if [row[:2] for row in rows] != [(index, date)]:
        raise CacheDamaged(f"release {date} is missing from the store")
    return _Order(*marshal.loads(zlib.decompress(rows[0][2])))


def _records(con: sqlite3.Connection, index: int, rowids: Sequence[int], node_ids: Sequence[str]
             ) -> dict[int, tuple[str, str | None, bytes]]:
    """``rowid: (node_id, parent, body)`` of records that must hold these ids in release ``index``."""
    found: dict[int, tuple[str, str | None, bytes]] = {}
    for start in range(0, len(rowids), 500):
        chunk = rowids[start:start + 500]
        marks = ",".join("?" * len(chunk))
        for rowid, node_id, first, last, parent, body in cache.verified_rows(
                con, f"SELECT id, node_id, first, last, parent, body, sum FROM records WHERE id IN ({marks})", chunk):
            if first <= index <= last:
                found[rowid] = (node_id, parent, body)
    if [found.get(rowid, ("",))[0] for rowid in rowids] != list(node_ids):
        raise CacheDamaged("a record is missing from the store, or is another node's")
    return found


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
    """One release's nodes in document order, each read from the store the first time it is asked for; its
    children and the nodes citing it come from the release's own row."""

    def __init__(self, store: HistoryStore, doc: str, lang: str, index: int, order: _Order) -> None:
        super().__init__(tuple(f"{doc}:{i}" for i in order.ids))
        self._store = store
        self._doc = doc
        self._lang = lang
        self._index = index
        self._order = order
        self._cited = dict(order.cited)
        self._children: dict[int, list[int]] | None = None

    def _decode(self, slot: int) -> Node:
        order = self._order
        node_id = order.ids[slot]
        parent, body = self._store.record(self._index, order.rowids[slot], node_id)
        kind, number, title, text, examples, flags, citations, cites = marshal.loads(body)
        return Node(
            ref=self._refs[slot], doc=self._doc, id=node_id, kind=kind, number=number, title=title, text=text,
            examples=examples, parent=self._ref(parent) if parent else None, children=self._children_of(slot),
            line=order.lines[slot], offset=order.offsets[slot], lang=self._lang,
            flags=tuple(Flag(kind, detail, term, self._ref(ref) if ref else None, key, values)
                        for kind, detail, term, ref, key, values in flags),
            citations=tuple(Citation(s, e, w, surface, tuple(map(self._ref, targets)), unresolved, t, ok)
                            for s, e, w, surface, targets, unresolved, t, ok in citations),
            cites=tuple(map(self._ref, cites)), cited_by=tuple(self._refs[s] for s in self._cited.get(slot, ())))

    def _ref(self, node_id: str) -> str:
        return f"{self._doc}:{node_id}"

    def _children_of(self, slot: int) -> tuple[str, ...]:
        if self._children is None:
            self._children = {}
            for child, parent in enumerate(self._order.parents):
                if parent >= 0:
                    self._children.setdefault(parent, []).append(child)
        return tuple(self._refs[child] for child in self._children.get(slot, ()))
