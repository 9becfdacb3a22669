"""Every English release's rules and the alignment of each consecutive pair, in one SQLite file.

Storage grows with changes, not with releases: a rule whose number, parent and words stay the same from one
release to the next is one *span* row (``first``..``last`` release positions), and each distinct text is
stored once. Only the links that are not "same number, same words" are stored; a rule with no link row in
a pair kept its number (and, if its span goes on, its words). 128 releases hold about 260,000 rule
entries; the store holds roughly a tenth as many spans.

The file is built on the first ``history`` or ``diff`` (each pair aligned once; a packaged release's entries
are read from the ``cr-store`` of ``lookup cr-DATE:ID``, built first if missing, so one parse feeds both)
and grown when a release is added: releases are kept in date order, and when the wanted list extends the
stored one only the new releases are parsed and aligned to their predecessor; a release inserted before
the newest stored one rebuilds from that point on. Reading opens the file and runs a few indexed queries,
so a cold ``history`` never reads the archive.

Every row carries a checksum, verified as it is read (issue 11); a damaged store is built again from nothing.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from .. import cache
from ..errors import CacheDamaged, Phrase
from ..references import id_order
from .align import SAME, Entry, Link

if TYPE_CHECKING:  # the corrections are read and applied only when the store is built
    from .corrections import Fix

# Every row ends with its checksum (cache.row_sum of the others, in this order), verified whenever it is read;
# a release row also counts its entries, so that the list read back is known to be complete. The links into a
# release are one row (read by its primary key), since "no link" is an answer ("same number") that a damaged
# index could otherwise give for a link that is there.
SCHEMA = """
CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT, sum INTEGER);
CREATE TABLE IF NOT EXISTS release(pos INTEGER PRIMARY KEY, date TEXT UNIQUE, sha TEXT, origin TEXT,
                                   entries INTEGER, sum INTEGER);
CREATE TABLE IF NOT EXISTS text(tid INTEGER PRIMARY KEY, body TEXT UNIQUE, sum INTEGER);
CREATE TABLE IF NOT EXISTS span(sid INTEGER PRIMARY KEY, id TEXT, first INTEGER, last INTEGER,
                                parent TEXT, glossary INTEGER, tid INTEGER, sum INTEGER);
CREATE INDEX IF NOT EXISTS span_id ON span(id, first);
CREATE INDEX IF NOT EXISTS span_last ON span(last);
CREATE TABLE IF NOT EXISTS link(pos INTEGER PRIMARY KEY, olds TEXT, news TEXT, changes TEXT, scores TEXT,
                                successors TEXT, sum INTEGER);
"""
_SPAN = "SELECT s.sid, s.id, s.first, s.last, s.parent, s.glossary, s.tid, s.sum, t.tid, t.body, t.sum " \
        "FROM span s LEFT JOIN text t ON t.tid = s.tid WHERE "
_SPAN_WIDTHS = (8, 3)  # a span row and its text row, side by side
STORE = Phrase("what_history_store", "the history store")
WHAT = STORE.english
LOCK = "cr-history.lock"  # held while the store is built or grown: two commands build it once


KEYS_KEPT = 20_000


@dataclass(frozen=True, slots=True)
class ReleaseSource:
    """A release the history should hold: its effective date, the sha256 of its normalised text, where it
    comes from (``archive`` or the user's file) and how to read its text (called only when it is parsed), or
    how to read its entries already parsed (``entries``: a packaged release, from the ``cr-store`` of lookups),
    and the judge's corrections of its alignment to the release before (``fixes``, applied over the aligner's)."""

    date: str
    sha: str
    origin: str
    load: Callable[[], str]
    entries: Callable[[], Sequence[Entry]] | None = None
    fixes: tuple[Fix, ...] = ()

    @property
    def key(self) -> str:
        """What the release's part of the store is built from: its text and the judge's corrections of the
        alignment into it (:mod:`.corrections`), so that a changed row rebuilds the history from here on."""
        from .corrections import fixes_key

        return f"{self.sha}+{fixes_key(self.fixes)}" if self.fixes else self.sha


Progress = Callable[[int, int], None]
ProgressBar = Callable[[], AbstractContextManager[Progress]]
EntriesOf = Callable[[str], Sequence[Entry]]
T = TypeVar("T")


class HistoryStore:
    """Read access to a built store. Positions are 0-based indexes into :attr:`releases` (date order).

    Every row is verified as it is read (its checksum, and that it is the row asked for); a damaged store is
    built again by ``rebuild`` (with a notice) and the read made again in the new one. Without ``rebuild`` (a
    store being built) the damage goes to the caller as :class:`~izvori_rules.errors.CacheDamaged`.
    """

    def __init__(self, conn: sqlite3.Connection, rebuild: Callable[[], sqlite3.Connection] | None = None,
                 path: Path | None = None) -> None:
        self.conn = conn
        self._rebuild = rebuild
        self._path = path
        self.releases: tuple[str, ...] = ()
        rows = self._read(_release_rows)
        self.releases = tuple(r[1] for r in rows)
        self.origins: tuple[str, ...] = tuple(r[3] for r in rows)
        self._counts = {r[0]: r[4] for r in rows}
        self._links: dict[int, _Links] = {}

    def _read(self, read: Callable[[sqlite3.Connection], T]) -> T:
        rebuild = self._rebuild
        if rebuild is None:
            return read(self.conn)
        return cache.read_again(lambda: read(self.conn), lambda: self._reconnect(rebuild),
                                self._path or Path(":memory:"), STORE)

    def _reconnect(self, rebuild: Callable[[], sqlite3.Connection]) -> None:
        self.conn.close()
        self.conn = rebuild()
        rows = _release_rows(self.conn)
        if self.releases and tuple(r[1] for r in rows) != self.releases:
            raise CacheDamaged(f"{WHAT} holds other releases after a rebuild")
        self._counts = {r[0]: r[4] for r in rows}

    def position(self, date: str) -> int | None:
        """The position of a release date, or None."""
        try:
            return self.releases.index(date)
        except ValueError:
            return None

    def text(self, pos: int, rule_id: str) -> str | None:
        """The rule's words in the release at ``pos``, or None if it has no such rule."""
        def read(conn: sqlite3.Connection) -> list[tuple[Any, ...]]:
            where = "s.id=? AND s.first<=? AND s.last>=?"
            # is a rule not found really not there, or is the index damaged? (a scan, only then)
            rows = _spans(conn, where, (rule_id, pos, pos), pos) or _spans(conn, where, (rule_id, pos, pos), pos,
                                                                              indexed=False)
            return _of_id(rows, rule_id, 1)

        rows = self._read(read)
        return str(rows[0][7]) if rows else None

    def entries(self, pos: int) -> dict[str, Entry]:
        """Every rule of the release at ``pos``, in document order (ids sorted as the CR numbers them)."""
        def read(conn: sqlite3.Connection) -> list[tuple[Any, ...]]:
            rows = _spans(conn, "s.first<=? AND s.last>=?", (pos, pos), pos)
            if len({row[1] for row in rows}) != len(rows) or len(rows) != self._counts[pos]:
                raise CacheDamaged(f"release {self.releases[pos]} misses rules, or has one twice")
            return rows

        ordered = sorted(self._read(read), key=lambda r: id_order(r[1]))
        return {r[1]: Entry(r[1], r[7], r[4], bool(r[5])) for r in ordered}

    def link_into(self, pos: int, new_id: str) -> Link | None:
        """How ``new_id`` of release ``pos`` came from release ``pos - 1``; None means the same number."""
        return self._links_of(pos).find(1, new_id)

    def link_from(self, pos: int, old_id: str) -> Link | None:
        """Where ``old_id`` of release ``pos - 1`` went in release ``pos``; None means the same number."""
        return self._links_of(pos).find(0, old_id)

    def links_from(self, pos: int, old_id: str) -> tuple[Link, ...]:
        """Every link from ``old_id`` of release ``pos - 1``: where it went first, then the parts split off it."""
        return self._links_of(pos).find_all(0, old_id)

    def links(self, pos: int) -> tuple[Link, ...]:
        """Every stored link from release ``pos - 1`` to ``pos`` (all but same number and same words)."""
        return self._links_of(pos).all()

    def _links_of(self, pos: int) -> _Links:
        found = self._links.get(pos)
        if found is None:
            found = self._links[pos] = self._read(lambda conn: _links(conn, pos))
        return found

    def meta(self, key: str) -> str | None:
        """A value the builder left in the store (the stamp of the files it was built from)."""
        rows = self._read(lambda conn: cache.verified_rows(conn, "SELECT key, value, sum FROM meta WHERE key=?",
                                                           (key,)))
        return str(rows[0][1]) if rows and rows[0][0] == key else None

    def set_meta(self, key: str, value: str) -> None:
        """Record a value; a read-only store keeps none (it is then checked in full each time)."""
        try:
            with self.conn:
                self.conn.execute("INSERT OR REPLACE INTO meta VALUES (?, ?, ?)",
                                  (key, value, cache.row_sum(key, value)))
        except sqlite3.Error:
            pass

    def last_release_of(self, rule_id: str) -> str | None:
        """The newest release that numbers a rule ``rule_id``, or None."""
        rows = self._read(lambda conn: _of_id(_spans(conn, "s.id=?", (rule_id,), None, indexed=False), rule_id))
        return self.releases[max(row[3] for row in rows)] if rows else None

    def span_count(self) -> int:
        """How many spans the store holds (for the bench and the README)."""
        return int(self.conn.execute("SELECT count(*) FROM span").fetchone()[0])


def _release_rows(conn: sqlite3.Connection) -> list[tuple[Any, ...]]:
    rows = cache.verified_rows(conn, "SELECT pos, date, sha, origin, entries, sum FROM release ORDER BY pos")
    if [row[0] for row in rows] != list(range(len(rows))):
        raise CacheDamaged(f"{WHAT} misses a release")
    return rows


def _spans(conn: sqlite3.Connection, where: str, params: Sequence[object], pos: int | None,
           indexed: bool = True) -> list[tuple[Any, ...]]:
    """Span rows with their texts (``sid id first last parent glossary tid body``), each verified, and holding
    in release ``pos`` when it is given; ``indexed=False`` reads the whole table (no index to trust)."""
    select = _SPAN if indexed else _SPAN.replace("FROM span s", "FROM span s NOT INDEXED")
    rows = cache.verified_rows(conn, select + where, params, _SPAN_WIDTHS)
    if any(row[6] != row[7] or (pos is not None and not row[2] <= pos <= row[3]) for row in rows):
        raise CacheDamaged(f"{WHAT}'s index of spans is damaged")
    return [row[:7] + row[8:] for row in rows]


def _of_id(rows: list[tuple[Any, ...]], rule_id: str, most: int | None = None) -> list[tuple[Any, ...]]:
    """The span rows found for ``rule_id``, which must all be of that id (and no more than ``most``)."""
    if any(row[1] != rule_id for row in rows) or (most is not None and len(rows) > most):
        raise CacheDamaged(f"{WHAT}'s index of rule ids is damaged")
    return rows


def _links(conn: sqlite3.Connection, pos: int) -> _Links:
    """The links into release ``pos``, from its row."""
    if pos == 0:
        return _Links("", "", "", "", "")
    rows = cache.verified_rows(conn, "SELECT pos, olds, news, changes, scores, successors, sum FROM link WHERE pos=?",
                               (pos,))
    if [row[0] for row in rows] != [pos]:
        raise CacheDamaged(f"{WHAT} misses the links into a release")
    return _Links(*rows[0][1:])


class _Links:
    """The links into one release as stored: each field of the links one a line (old ids, new ids, changes,
    scores, successors; ``""`` for none). A history walks every release asking for one id in each: the lines
    are searched as they are, and only a link found is made."""

    def __init__(self, olds: str, news: str, changes: str, scores: str, successors: str) -> None:
        self._ids = (f"\n{olds}\n", f"\n{news}\n")
        self._fields = (olds, news, changes, scores, successors)

    def find(self, side: int, rule_id: str) -> Link | None:
        """The link whose old (``side`` 0) or new (1) id is ``rule_id``."""
        ids = self._ids[side]
        at = ids.find(f"\n{rule_id}\n")
        return None if at < 0 else _link([field.split("\n")[ids.count("\n", 0, at)] for field in self._fields])

    def find_all(self, side: int, rule_id: str) -> tuple[Link, ...]:
        """Every link whose old (``side`` 0) or new (1) id is ``rule_id``, in the aligner's order (a rule split
        in two has a second link from its old id)."""
        ids, key = self._ids[side], f"\n{rule_id}\n"
        found = []
        at = ids.find(key)
        while at >= 0:
            found.append(_link([field.split("\n")[ids.count("\n", 0, at)] for field in self._fields]))
            at = ids.find(key, at + 1)
        return tuple(found)

    def all(self) -> tuple[Link, ...]:
        """Every link, in the order the aligner gave them."""
        if not self._fields[2]:
            return ()
        return tuple(_link(fields) for fields in zip(*(field.split("\n") for field in self._fields)))


def _link(fields: Sequence[str]) -> Link:
    old, new, change, score, successor = fields
    return Link(old or None, new or None, change, float(score), successor or None)


def _link_row(pos: int, links: Sequence[Link]) -> tuple[Any, ...]:
    """The row of the links into release ``pos``: each field of them one a line."""
    columns = zip(*((l.old or "", l.new or "", l.change, repr(float(l.score)), l.successor or "") for l in links))
    return (pos, *(("\n".join(column) for column in columns) if links else ("",) * 5))


def open_store(path: Path | None, sources: Sequence[ReleaseSource], entries_of: EntriesOf,
               progress: ProgressBar | None = None) -> HistoryStore:
    """The store at ``path`` (None: in memory), brought up to ``sources`` (date order) first if needed.
    ``progress`` is called only when something must be built; it returns a context manager yielding the
    ``(done, total)`` callback (the CLI's progress bar). A damaged store is built again from nothing."""
    rebuild = partial(rebuilt, path, sources, entries_of, progress)
    try:
        conn = _connect(path)
        if _kept(conn, sources) is not None:  # behind: grown under the build lock, so that two commands that
            with cache.build_lock(path.parent / LOCK) if path else nullcontext(False):  # find it so grow it once
                _grow(conn, sources, entries_of, progress)  # (the second finds the first's releases there)
        return HistoryStore(conn, rebuild, path)
    except (CacheDamaged, sqlite3.DatabaseError):
        cache.notice_damaged(path or Path(":memory:"), STORE)
        return HistoryStore(rebuild(), None, path)


def _grow(conn: sqlite3.Connection, sources: Sequence[ReleaseSource], entries_of: EntriesOf,
          progress: ProgressBar | None) -> None:
    """Keep the stored releases that begin the wanted list, and parse and align the rest."""
    keep = _kept(conn, sources)
    if keep is not None:
        with progress() if progress else nullcontext(None) as tick:
            _truncate(conn, keep)
            _append(conn, sources, keep, entries_of, tick)


def _kept(conn: sqlite3.Connection, sources: Sequence[ReleaseSource]) -> int | None:
    """How many stored releases begin the wanted list when the store must change; None when it holds them all."""
    stored = [(row[1], row[2]) for row in _release_rows(conn)]
    wanted = [(s.date, s.key) for s in sources]
    keep = 0
    while keep < min(len(stored), len(wanted)) and stored[keep] == wanted[keep]:
        keep += 1
    return keep if keep < len(stored) or keep < len(wanted) else None


def rebuilt(path: Path | None, sources: Sequence[ReleaseSource], entries_of: EntriesOf,
            progress: ProgressBar | None = None) -> sqlite3.Connection:
    """A store built from nothing into a temporary file renamed over ``path`` under a lock (a command reading the
    old file keeps it whole); in memory, with a notice, when the cache folder cannot be written."""
    import tempfile

    if path is not None:
        with cache.build_lock(path.parent / LOCK) as locked:
            if locked:
                cache.remove_leftovers(path.parent, f".{path.name}.*.tmp")
            tmp = None
            try:
                fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
                os.close(fd)
                conn = sqlite3.connect(tmp)
                try:
                    conn.executescript(SCHEMA)
                    _grow(conn, sources, entries_of, progress)
                finally:
                    conn.close()
                os.replace(tmp, path)
                return sqlite3.connect(path)
            except (OSError, sqlite3.Error):
                cache.notice_unwritable(path.parent, STORE)
            finally:
                if tmp is not None:
                    Path(tmp).unlink(missing_ok=True)
    conn = _connect(None)
    _grow(conn, sources, entries_of, progress)
    return conn


def _connect(path: Path | None) -> sqlite3.Connection:
    """The file at ``path`` with the schema (a file SQLite cannot read is :class:`CacheDamaged`); in memory when
    ``path`` is None or cannot be opened (an unwritable cache folder)."""
    if path is not None:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            conn = sqlite3.connect(path)
        except (OSError, sqlite3.Error):
            conn = None
        if conn is not None:
            try:
                conn.executescript(SCHEMA)
                return conn
            except sqlite3.DatabaseError:
                conn.close()
                raise CacheDamaged(f"{WHAT} {path} cannot be read") from None
    conn = sqlite3.connect(":memory:")
    conn.executescript(SCHEMA)
    return conn


def _truncate(conn: sqlite3.Connection, keep: int) -> None:
    """Forget every release from position ``keep`` on."""
    cut = [(sid, rid, first, keep - 1, parent, glossary, tid) for sid, rid, first, _, parent, glossary, tid, _ in
           _spans(conn, "s.last>=? AND s.first<?", (keep, keep), None)]
    with conn:
        conn.execute("DELETE FROM span WHERE first>=?", (keep,))
        conn.executemany("UPDATE span SET last=?, sum=? WHERE sid=?", ((row[3], cache.row_sum(*row), row[0])
                                                                       for row in cut))
        conn.execute("DELETE FROM link WHERE pos>=?", (keep,))
        conn.execute("DELETE FROM release WHERE pos>=?", (keep,))


def _append(conn: sqlite3.Connection, sources: Sequence[ReleaseSource], start: int, entries_of: EntriesOf,
            tick: Progress | None) -> None:
    from .corrections import aligned

    previous = HistoryStore(conn).entries(start - 1) if start > 0 else {}
    spans = _Spans(conn, start - 1)
    total = len(sources) - start
    keys: dict[str, str] = {}  # typographic keys by text, shared by consecutive pairs
    for done, source in enumerate(sources[start:]):
        if tick:
            tick(done, total)
        current = {e.id: e for e in (source.entries() if source.entries else entries_of(source.load()))}
        pos = start + done
        links = []
        if pos > 0:
            if len(keys) > KEYS_KEPT:
                keys.clear()
            alignment = aligned(previous, current, source.fixes, keys)
            links = [l for l in alignment.links if l.renumbered or l.change != SAME]
        release = (pos, source.date, source.key, source.origin, len(current))
        with conn:
            conn.execute("INSERT INTO release VALUES (?, ?, ?, ?, ?, ?)", (*release, cache.row_sum(*release)))
            spans.write(pos, previous, current)
            if pos > 0:
                row = _link_row(pos, links)
                conn.execute("INSERT INTO link VALUES (?, ?, ?, ?, ?, ?, ?)", (*row, cache.row_sum(*row)))
        previous = current
    if tick:
        tick(total, total)


class _Spans:
    """The spans still open at the last written release (rule id → span row), so that a rule carried
    over unchanged costs one row update by primary key and nothing else."""

    def __init__(self, conn: sqlite3.Connection, last: int) -> None:
        self.conn = conn
        self.open = {row[1]: row[:7] for row in _spans(conn, "s.last=?", (last,), last)}
        self.next_sid = int(conn.execute("SELECT coalesce(max(sid), 0) + 1 FROM span").fetchone()[0])
        self.next_tid = int(conn.execute("SELECT coalesce(max(tid), 0) + 1 FROM text").fetchone()[0])

    def write(self, pos: int, previous: dict[str, Entry], current: dict[str, Entry]) -> None:
        carried, fresh = [], []
        opened: dict[str, tuple[Any, ...]] = {}
        for entry in current.values():
            row = self.open.get(entry.id)
            if row is not None and previous.get(entry.id) == entry:
                row = (*row[:3], pos, *row[4:])
                carried.append((pos, cache.row_sum(*row), row[0]))
            else:
                row = (self.next_sid, entry.id, pos, pos, entry.parent, int(entry.glossary), self._tid(entry.text))
                fresh.append((*row, cache.row_sum(*row)))
                self.next_sid += 1
            opened[entry.id] = row
        self.conn.executemany("UPDATE span SET last=?, sum=? WHERE sid=?", carried)
        self.conn.executemany("INSERT INTO span VALUES (?, ?, ?, ?, ?, ?, ?, ?)", fresh)
        self.open = opened

    def _tid(self, text: str) -> int:
        found = cache.verified_rows(self.conn, "SELECT tid, body, sum FROM text WHERE body=?", (text,))
        if found and found[0][1] == text:
            return int(found[0][0])
        tid = self.next_tid
        self.next_tid += 1
        self.conn.execute("INSERT INTO text VALUES (?, ?, ?)", (tid, text, cache.row_sum(tid, text)))
        return tid

