"""Where the history's releases come from: the packaged archive (``corpus/cr-history/``) and the releases a
judge added with ``corpus add`` (:mod:`.userdata`), merged in date order; a user's copy of a date the archive
has is not allowed (``corpus add`` refuses it), so each date comes from one place.

Also the one adapter from the English parser's nodes to the aligner's :class:`~.align.Entry`: every section,
chapter, rule, subrule and glossary entry, its words being its text and its examples (``Example: …``).
"""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Callable, Iterator
from pathlib import Path

from typing import TYPE_CHECKING

from .align import Entry
from .store import HistoryStore, ProgressBar, ReleaseSource, open_store, rebuilt

if TYPE_CHECKING:
    from ..cr_store import HistoryStore as CrStore
    from ..model import ParsedDocument

ARCHIVE = "archive"


def entries_of(text: str) -> tuple[Entry, ...]:
    """The entries of one release's text, parsed by the English parser."""
    from ..parsing.cr_english import parse

    return entries_of_parsed(parse(text))


def entries_of_parsed(document: ParsedDocument) -> tuple[Entry, ...]:
    """The entries of a parsed release, in document order."""
    from ..model import GLOSSARY

    return tuple(Entry(n.id, n.text + "".join(f"\nExample: {e}" for e in n.examples), n.parent,
                       n.kind == GLOSSARY)
                 for n in document.nodes)


def load_store(progress: ProgressBar | None = None, root: Path | None = None) -> HistoryStore:
    """The history store in the cache folder, built or grown first if the releases changed. The file name
    carries a hash of the code that builds it (computed from the package's files, no list kept by hand: a
    changed parser or aligner builds a new one)."""
    from ..cache import cache_dir, code_key, environment_files, package_files, stamped_key

    key = stamped_key("cr-history-code", [*package_files(), *environment_files()], lambda: code_key())
    path = cache_dir() / f"cr-history-{key}.sqlite"
    if not path.exists():
        for stale in path.parent.glob("cr-history-*.sqlite"):  # built by other code: never read again
            with contextlib.suppress(OSError):  # a read-only cache folder keeps it; the store is built in memory
                stale.unlink(missing_ok=True)
    elif root is None and (fresh := _fresh(path, lambda: rebuilt(path, release_sources(), entries_of,
                                                                  progress))) is not None:
        return fresh
    sources = release_sources(root)
    store = open_store(path, sources, entries_of, progress)
    store.set_meta(STAMP, _stamp(_stamped_files(root)))
    return store


STAMP = "stamp"


def _fresh(path: Path, rebuild: Callable[[], sqlite3.Connection]) -> HistoryStore | None:
    """The store, if none of the files it was built from changed size or time since (the manifest, the
    release table and archive, the user's added releases): a cold ``history`` then reads neither the
    manifest nor the table. Anything else (or a file that cannot be opened) means the full check; a damaged
    store is built again (``rebuild``), and then checked in full too."""
    try:
        store = HistoryStore(sqlite3.connect(path), rebuild, path)
    except sqlite3.Error:
        return None
    stamp = store.meta(STAMP)
    if stamp is None:
        store.conn.close()
        return None
    from ..corpus import added_folder

    files = [Path(line.split("\t", 1)[0]) for line in stamp.split("\n")[1:] if line]
    if len(files) < 4 or files[3] != added_folder():
        return None  # another data folder than the one the stamp describes
    return store if _stamp(files) == stamp else None


def _stamped_files(root: Path | None) -> list[Path]:
    from ..corpus import corpus_dir
    from ..corpus import added_folder
    from ..cr_releases import ARCHIVE, TABLE
    from .corrections import fixes_file
    from .family import cr_folder

    folder, user = cr_folder(root), added_folder()
    added = sorted(user.glob("*.txt")) if user.is_dir() else []
    return [(root or corpus_dir()) / "manifest.toml", folder / TABLE, folder / ARCHIVE, user, *added, fixes_file(root)]


def _stamp(files: list[Path]) -> str:
    """Size and time of each file, after the corpus override in force (another corpus: another stamp)."""
    import os

    lines = [f"IZVORI_JUDGE_CORPUS={os.environ.get('IZVORI_JUDGE_CORPUS', '')}"]
    for file in files:
        try:
            stat = file.stat()
            lines.append(f"{file}\t{stat.st_size}\t{stat.st_mtime_ns}")
        except OSError:
            lines.append(f"{file}\t-\t-")
    return "\n".join(lines)


def release_sources(root: Path | None = None) -> list[ReleaseSource]:
    """Every release the history holds, in date order. Packaged texts are read, when a build needs them, in
    one pass over the archive (reading each by itself would decompress the archive 128 times)."""
    from ..cr_releases import releases
    from .corrections import by_release, load_fixes
    from .userdata import user_releases

    from .family import cr_folder

    folder = cr_folder(root)
    reader = _ArchiveReader(folder)
    parsed = _ParsedReleases(folder, root, reader)
    fixes = by_release(load_fixes(root))
    found = [ReleaseSource(r.date, r.sha256, ARCHIVE, reader.loader(r.date), parsed.loader(r.date),
                           fixes.get(r.date, ()))
             for r in releases(folder)]
    found += user_releases(fixes)
    return sorted(found, key=lambda s: s.date)


class _ArchiveReader:
    """One pass over the archive, advanced as far as each requested release (requests come in date order)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._stream: Iterator[tuple[str, str]] | None = None

    def loader(self, date: str) -> ReleaseLoader:
        return ReleaseLoader(self, date)

    def text(self, date: str) -> str:
        from ..cr_releases import release_text, release_texts

        if self._stream is None:
            self._stream = ((r.date, text) for r, text in release_texts(self.folder))
        for found, text in self._stream:
            if found == date:
                return text
            if found > date:
                break
        self._stream = None
        return release_text(date, self.folder)  # asked out of order: read it by itself


class ReleaseLoader:
    """A callable that reads one packaged release's text through the shared archive reader."""

    def __init__(self, reader: _ArchiveReader, date: str) -> None:
        self.reader = reader
        self.date = date

    def __call__(self) -> str:
        return self.reader.text(self.date)


class _ParsedReleases:
    """The packaged releases' entries read from the store that ``lookup cr-DATE:ID`` reads (:mod:`..cr_store`),
    built first if the cache has none: each release is parsed once for both stores, whichever is built first."""

    def __init__(self, folder: Path, root: Path | None, reader: _ArchiveReader) -> None:
        self.folder = folder
        self.root = root
        self.reader = reader
        self._unwritable = False
        self._store: CrStore | None = None
        self._made: dict[int, Entry] = {}  # by the id of the store's node (which the store keeps alive)

    def loader(self, date: str) -> Callable[[], tuple[Entry, ...]]:
        return lambda: self.entries(date)

    def entries(self, date: str) -> tuple[Entry, ...]:
        from ..model import GLOSSARY

        if self._unwritable:
            return entries_of(self.reader.text(date))
        if self._store is None:
            from ..corpus import load_manifest
            from ..cr_store import open_store as open_cr_store
            from ..errors import CacheError
            from .family import FAMILY

            family = next(info for info in load_manifest(self.root) if info.id == FAMILY)
            try:
                self._store = open_cr_store(family, self.folder)
            except CacheError:  # a cache folder that cannot be written: parse each release instead
                self._unwritable = True
                return entries_of(self.reader.text(date))
        made = self._made
        out = []
        for node in self._store.nodes_of(date):  # the store shares a node unchanged between releases
            entry = made.get(id(node))
            if entry is None:
                entry = made[id(node)] = Entry(node.id, node.text + "".join(f"\nExample: {e}" for e in node.examples),
                                               node.parent, node.kind == GLOSSARY)
            out.append(entry)
        return tuple(out)
