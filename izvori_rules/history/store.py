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
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass
from pathlib import Path

from .align import SAME, Entry, Link, align

SCHEMA = """
CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT);
CREATE TABLE IF NOT EXISTS release(pos INTEGER PRIMARY KEY, date TEXT UNIQUE, sha TEXT, origin TEXT);
CREATE TABLE IF NOT EXISTS text(tid INTEGER PRIMARY KEY, body TEXT UNIQUE);
CREATE TABLE IF NOT EXISTS span(sid INTEGER PRIMARY KEY, id TEXT, first INTEGER, last INTEGER,
                                parent TEXT, glossary INTEGER, tid INTEGER);
CREATE INDEX IF NOT EXISTS span_id ON span(id, first);
CREATE INDEX IF NOT EXISTS span_last ON span(last);
CREATE TABLE IF NOT EXISTS link(pos INTEGER, old_id TEXT, new_id TEXT, change TEXT, score REAL, successor TEXT);
CREATE INDEX IF NOT EXISTS link_new ON link(pos, new_id);
CREATE INDEX IF NOT EXISTS link_old ON link(pos, old_id);
"""


KEYS_KEPT = 20_000


@dataclass(frozen=True, slots=True)
class ReleaseSource:
    """A release the history should hold: its effective date, the sha256 of its normalised text, where it
    comes from (``archive`` or the user's file) and how to read its text (called only when it is parsed), or
    how to read its entries already parsed (``entries``: a packaged release, from the ``cr-store`` of lookups)."""

    date: str
    sha: str
    origin: str
    load: Callable[[], str]
    entries: Callable[[], Sequence[Entry]] | None = None


Progress = Callable[[int, int], None]
ProgressBar = Callable[[], AbstractContextManager[Progress]]
EntriesOf = Callable[[str], Sequence[Entry]]


class HistoryStore:
    """Read access to a built store. Positions are 0-based indexes into :attr:`releases` (date order)."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn
        self.releases: tuple[str, ...] = tuple(r[0] for r in conn.execute("SELECT date FROM release ORDER BY pos"))
        self.origins: tuple[str, ...] = tuple(r[0] for r in conn.execute("SELECT origin FROM release ORDER BY pos"))

    def position(self, date: str) -> int | None:
        """The position of a release date, or None."""
        try:
            return self.releases.index(date)
        except ValueError:
            return None

    def text(self, pos: int, rule_id: str) -> str | None:
        """The rule's words in the release at ``pos``, or None if it has no such rule."""
        row = self.conn.execute("SELECT body FROM span JOIN text USING(tid) WHERE id=? AND first<=? AND last>=?",
                                (rule_id, pos, pos)).fetchone()
        return None if row is None else str(row[0])

    def entries(self, pos: int) -> dict[str, Entry]:
        """Every rule of the release at ``pos``, in document order (ids sorted as the CR numbers them)."""
        rows = self.conn.execute("SELECT id, body, parent, glossary FROM span JOIN text USING(tid) "
                                 "WHERE first<=? AND last>=?", (pos, pos)).fetchall()
        ordered = sorted(rows, key=lambda r: id_order(r[0]))
        return {r[0]: Entry(r[0], r[1], r[2], bool(r[3])) for r in ordered}

    def link_into(self, pos: int, new_id: str) -> Link | None:
        """How ``new_id`` of release ``pos`` came from release ``pos - 1``; None means the same number."""
        row = self.conn.execute("SELECT old_id, new_id, change, score, successor FROM link WHERE pos=? AND new_id=?",
                                (pos, new_id)).fetchone()
        return None if row is None else Link(*row)

    def link_from(self, pos: int, old_id: str) -> Link | None:
        """Where ``old_id`` of release ``pos - 1`` went in release ``pos``; None means the same number."""
        row = self.conn.execute("SELECT old_id, new_id, change, score, successor FROM link WHERE pos=? AND old_id=?",
                                (pos, old_id)).fetchone()
        return None if row is None else Link(*row)

    def links_from(self, pos: int, old_id: str) -> tuple[Link, ...]:
        """Every link from ``old_id`` of release ``pos - 1``: where it went first, then the parts split off it."""
        return tuple(Link(*row) for row in self.conn.execute(
            "SELECT old_id, new_id, change, score, successor FROM link WHERE pos=? AND old_id=? ORDER BY rowid",
            (pos, old_id)))

    def links(self, pos: int) -> tuple[Link, ...]:
        """Every stored link from release ``pos - 1`` to ``pos`` (all but same number and same words)."""
        return tuple(Link(*row) for row in self.conn.execute(
            "SELECT old_id, new_id, change, score, successor FROM link WHERE pos=? ORDER BY rowid", (pos,)))

    def meta(self, key: str) -> str | None:
        """A value the builder left in the store (the stamp of the files it was built from)."""
        row = self.conn.execute("SELECT value FROM meta WHERE key=?", (key,)).fetchone()
        return None if row is None else str(row[0])

    def set_meta(self, key: str, value: str) -> None:
        """Record a value; a read-only store keeps none (it is then checked in full each time)."""
        try:
            with self.conn:
                self.conn.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (key, value))
        except sqlite3.Error:
            pass

    def last_release_of(self, rule_id: str) -> str | None:
        """The newest release that numbers a rule ``rule_id``, or None."""
        row = self.conn.execute("SELECT max(last) FROM span WHERE id=?", (rule_id,)).fetchone()
        return None if row is None or row[0] is None else self.releases[int(row[0])]

    def span_count(self) -> int:
        """How many spans the store holds (for the bench and the README)."""
        return int(self.conn.execute("SELECT count(*) FROM span").fetchone()[0])


def open_store(path: Path | None, sources: Sequence[ReleaseSource], entries_of: EntriesOf,
               progress: ProgressBar | None = None) -> HistoryStore:
    """The store at ``path`` (None: in memory), brought up to ``sources`` (date order) first if needed.
    ``progress`` is called only when something must be built; it returns a context manager yielding the
    ``(done, total)`` callback (the CLI's progress bar)."""
    conn = _connect(path)
    stored = [(r[0], r[1]) for r in conn.execute("SELECT date, sha FROM release ORDER BY pos")]
    wanted = [(s.date, s.sha) for s in sources]
    keep = 0
    while keep < min(len(stored), len(wanted)) and stored[keep] == wanted[keep]:
        keep += 1
    if keep < len(stored) or keep < len(wanted):
        with progress() if progress else nullcontext(None) as tick:
            _truncate(conn, keep)
            _append(conn, sources, keep, entries_of, tick)
    return HistoryStore(conn)


def _connect(path: Path | None) -> sqlite3.Connection:
    if path is not None:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            conn = sqlite3.connect(path)
            conn.executescript(SCHEMA)
            conn.execute("SELECT count(*) FROM release").fetchone()
            return conn
        except sqlite3.DatabaseError:  # a corrupted file: start again
            path.unlink(missing_ok=True)
            try:
                conn = sqlite3.connect(path)
                conn.executescript(SCHEMA)
                return conn
            except sqlite3.Error:
                pass
        except (OSError, sqlite3.Error):
            pass
    conn = sqlite3.connect(":memory:")
    conn.executescript(SCHEMA)
    return conn


def _truncate(conn: sqlite3.Connection, keep: int) -> None:
    """Forget every release from position ``keep`` on."""
    with conn:
        conn.execute("DELETE FROM span WHERE first>=?", (keep,))
        conn.execute("UPDATE span SET last=? WHERE last>=?", (keep - 1, keep))
        conn.execute("DELETE FROM link WHERE pos>=?", (keep,))
        conn.execute("DELETE FROM release WHERE pos>=?", (keep,))


def _append(conn: sqlite3.Connection, sources: Sequence[ReleaseSource], start: int, entries_of: EntriesOf,
            tick: Progress | None) -> None:
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
            alignment = align(list(previous.values()), list(current.values()), keys)
            links = [(pos, l.old, l.new, l.change, l.score, l.successor)
                     for l in alignment.links if l.renumbered or l.change != SAME]
        with conn:
            conn.execute("INSERT INTO release VALUES (?, ?, ?, ?)", (pos, source.date, source.sha, source.origin))
            spans.write(pos, previous, current)
            conn.executemany("INSERT INTO link VALUES (?, ?, ?, ?, ?, ?)", links)
        previous = current
    if tick:
        tick(total, total)


class _Spans:
    """The spans still open at the last written release (rule id → span row), so that a rule carried
    over unchanged costs one row update by primary key and nothing else."""

    def __init__(self, conn: sqlite3.Connection, last: int) -> None:
        self.conn = conn
        self.open = dict(conn.execute("SELECT id, sid FROM span WHERE last=?", (last,)).fetchall())
        self.next_sid = int(conn.execute("SELECT coalesce(max(sid), 0) + 1 FROM span").fetchone()[0])

    def write(self, pos: int, previous: dict[str, Entry], current: dict[str, Entry]) -> None:
        carried, fresh = [], []
        opened: dict[str, int] = {}
        for entry in current.values():
            if previous.get(entry.id) == entry and entry.id in self.open:
                carried.append((pos, self.open[entry.id]))
                opened[entry.id] = self.open[entry.id]
                continue
            fresh.append((self.next_sid, entry.id, pos, pos, entry.parent, int(entry.glossary), self._tid(entry.text)))
            opened[entry.id] = self.next_sid
            self.next_sid += 1
        self.conn.executemany("UPDATE span SET last=? WHERE sid=?", carried)
        self.conn.executemany("INSERT INTO span VALUES (?, ?, ?, ?, ?, ?, ?)", fresh)
        self.open = opened

    def _tid(self, text: str) -> int:
        self.conn.execute("INSERT OR IGNORE INTO text(body) VALUES (?)", (text,))
        return int(self.conn.execute("SELECT tid FROM text WHERE body=?", (text,)).fetchone()[0])


_ID_PART = re.compile(r"(\d+)|([a-z]+)|(#\d+)")


def id_order(rule_id: str) -> tuple[object, ...]:
    """A sort key that puts CR ids in document order: sections, ``100``, ``100.1``, ``100.1a`` …
    ``704.5z``, ``704.5aa``; glossary entries after every rule, by headword."""
    if rule_id.startswith("glossary:"):
        return (1, rule_id.casefold())
    parts: list[tuple[int, object]] = []
    for number, letters, duplicate in _ID_PART.findall(rule_id):
        parts.append((0, int(number)) if number else (1, (len(letters), letters)) if letters else (2, duplicate))
    if parts and parts[0][0] == 0 and int(str(parts[0][1])) < 10:  # a section: just before its first chapter
        parts[0] = (0, int(str(parts[0][1])) * 100 - 0.5)
    return (0, tuple(parts))

