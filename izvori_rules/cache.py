"""The user's cache folder, atomic writes and a build lock, shared by the graph cache and the search index.

Caches are keyed by a hash of the corpus and of the code that builds them, so a changed document or parser
never serves stale data. Writes go to a temporary name and are renamed into place, so a second command
running at the same time sees either the old cache or the new one, never half of one. A cache folder that
cannot be written is not an error: callers then work in memory.
"""

from __future__ import annotations

import mmap
import os
import re
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar, cast

if TYPE_CHECKING:
    import sqlite3

    from .errors import Phrase

PACKAGE_DIR = Path(__file__).resolve().parent
T = TypeVar("T")


def cache_dir() -> Path:
    """``$IZVORI_JUDGE_CACHE``, else ``$XDG_CACHE_HOME/izvori-judge``, else ``~/.cache/izvori-judge``."""
    override = os.environ.get("IZVORI_JUDGE_CACHE")
    if override:
        return Path(override)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "izvori-judge"


KEY_SHAPE = re.compile(r"[0-9a-z][0-9a-z-]{0,120}")  # what a computed key looks like: hex digests, dashes


def package_files() -> list[Path]:
    """Every Python file of the package, sorted: the code a cache is built by. Hashing them all, not a list
    kept by hand, means no refactor can leave a file out of the key (the packaged corpus is not code).

    Several caches' stamps ask for it on one start (a scenario run of a new file: three), so the listing is kept
    for the process while none of the package's folders changed: a file added, removed or renamed changes its
    folder's modification time, which is read before the folder is listed."""
    return list(_listing()[1])


def _listing() -> tuple[list[tuple[str, int]], list[Path], dict[str, str]]:
    """The package's folders with their modification times, its files, and the files' stamp lines once asked
    (:func:`_code_lines`), listed again when a folder changed."""
    listed = _LISTED.get(PACKAGE_DIR)
    if listed is None or any(_mtime_ns(folder) != mtime for folder, mtime in listed[0]):
        folders: list[tuple[str, int]] = []
        files = walk_files(PACKAGE_DIR, ".py", ("_corpus", "__pycache__"), folders)
        listed = _LISTED[PACKAGE_DIR] = (folders, files, {})
    return listed


def _code_lines() -> dict[str, str]:
    """Each package file's stamp line (:func:`_stamp_line`) by its path's text (a Path hashes its parts), read once per
    listing: a cold search stamps three caches
    (the graph, the index, the card table) keyed by the package's code, and the stat of its two hundred files for
    each cost it 2 ms. The code a process runs is the code it imported, so a file edited under a running process
    changes nothing it runs; a file added, removed or renamed changes its folder and so the listing."""
    _, files, lines = _listing()
    if not lines:
        lines.update((str(file), _stamp_line(file)) for file in files)
    return lines


_LISTED: dict[Path, tuple[list[tuple[str, int]], list[Path], dict[str, str]]] = {}


def _mtime_ns(folder: str) -> int:
    try:
        return os.stat(folder).st_mtime_ns
    except OSError:
        return -1


def walk_files(top: Path, suffix: str = "", skip: tuple[str, ...] = (),
               folders: list[tuple[str, int]] | None = None) -> list[Path]:
    """The files below ``top`` whose names end with ``suffix``, sorted, not entering folders named in
    ``skip`` (and each folder listed, with its modification time before the listing, added to ``folders``).
    (``os.scandir`` rather than ``Path.rglob``: this runs on every start, and is ten times faster.)"""
    found: list[str] = []
    stack = [str(top)]
    while stack:
        folder = stack.pop()
        if folders is not None:
            folders.append((folder, _mtime_ns(folder)))
        with os.scandir(folder) as entries:
            for entry in entries:
                if entry.is_dir():
                    if entry.name not in skip:
                        stack.append(entry.path)
                elif entry.name.endswith(suffix) and entry.is_file():
                    found.append(entry.path)
    return [Path(f) for f in sorted(found)]


def environment_files() -> list[Path]:
    """The folders the libraries are imported from: installing or upgrading one changes its folder's
    modification time, so the stamp notices a new library version without asking for it on every start."""
    return sorted({Path(p) for p in sys.path if p and os.path.isdir(p)})


def hash_files(files: Iterable[Path], root: Path | None) -> str:
    """A hash of the files' names (relative to ``root``, or absolute) and bytes."""
    import hashlib

    digest = hashlib.sha256()
    for file in files:
        digest.update((file.relative_to(root) if root else file).as_posix().encode())
        digest.update(file.read_bytes() if file.is_file() else b"")
    return digest.hexdigest()[:20]


def library_versions(names: Iterable[str]) -> str:
    """The installed versions of the distributions ``names`` (``-`` for one that is missing)."""
    from importlib import metadata

    versions = []
    for name in names:
        try:
            versions.append(f"{name}={metadata.version(name)}")
        except metadata.PackageNotFoundError:
            versions.append(f"{name}=-")
    return ";".join(versions)


def code_key(extra: str = "") -> str:
    """A hash of the package's own source files, the Python version (marshal's format follows it) and
    ``extra`` (the library versions and anything else the caller's cache is built with)."""
    import hashlib

    digest = hashlib.sha256(f"{sys.version}\n{extra}\n".encode())
    digest.update(hash_files(package_files(), PACKAGE_DIR).encode())
    return digest.hexdigest()[:12]


def stamped_key(name: str, files: Iterable[Path], compute: Callable[[], str]) -> str:
    """The cache key ``compute()`` makes from the files' contents, reused while no file changed size or
    modification time (as Python's own ``.pyc`` stamps do): hashing two megabytes of corpus and the
    package's code on every start would cost a cold ``lookup`` a sixth of its time. The stamp is itself a
    cache file, written atomically; a stamp that cannot be read or written only means the hash is computed
    again. A key read back must look like one (:data:`KEY_SHAPE`): it names a file in the cache folder, so
    a stamp written by someone else cannot make the tool write outside it. Each list of files has a stamp of
    its own (named by a hash of the paths): the installed script and ``python -m`` see different folders on
    ``sys.path``, and taking turns must not make each compute the key again for the other."""
    import zlib

    files = list(files)
    code = _code_lines()
    signature = "\n".join(code.get(str(f)) or _stamp_line(f) for f in files)
    paths = "\n".join(map(str, files)).encode("utf-8", "surrogateescape")
    stamp = cache_dir() / f"{name}.{zlib.crc32(paths):08x}.stamp"
    raw = read_bytes(stamp)
    if raw is not None:
        stored, _, key = raw.decode("utf-8", "replace").rpartition("\n")
        if stored == signature and KEY_SHAPE.fullmatch(key):
            return key
    key = compute()
    if not KEY_SHAPE.fullmatch(key):
        raise ValueError(f"not a cache key: {key!r}")
    write_atomic(stamp, f"{signature}\n{key}".encode())
    return key


def _stamp_line(path: Path) -> str:
    """A file's line of a stamp's signature: its path, size and modification time."""
    st = _stat(path)
    return f"{path}\t{st.st_size}\t{st.st_mtime_ns}"


def _stat(path: Path) -> os.stat_result | _NoFile:
    try:
        return path.stat()
    except OSError:
        return _NoFile()


class _NoFile:
    """The stat of a file that vanished between listing and stat: it still makes a signature."""

    st_size = -1
    st_mtime_ns = -1


def read_bytes(path: Path) -> bytes | None:
    """The cache file's bytes, or None when it is missing, unreadable or not a regular file (a cache file
    replaced by a FIFO or a link to ``/dev/zero`` must not hang or fill the memory: it is rebuilt)."""
    import stat

    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except OSError:
        return None
    try:
        with os.fdopen(fd, "rb") as handle:
            return handle.read() if stat.S_ISREG(os.fstat(handle.fileno()).st_mode) else None
    except OSError:
        return None


def mapped(path: Path) -> mmap.mmap | None:
    """The cache file mapped read-only (its pages are read as they are used). None when it is missing,
    unreadable, empty or not a regular file (a FIFO put in its place must not hang the command)."""
    import stat

    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except OSError:
        return None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None
        return mmap.mmap(fd, 0, access=mmap.ACCESS_READ)
    except (OSError, ValueError):
        return None
    finally:
        os.close(fd)


def write_atomic(path: Path, data: bytes) -> bool:
    """Write ``data`` to a temporary file beside ``path`` and rename it into place; False if not writable. The
    temporary file is made new (``O_EXCL``, private) under a name of this process's own, as ``mkstemp`` would
    make it: importing ``tempfile`` would cost a cold command that writes a cache (a scenario file never run
    before) more than its writing does."""
    import time

    tmp = path.parent / f".{path.name}.{os.getpid()}-{time.monotonic_ns()}.tmp"
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o600)
    except OSError:
        return False
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.replace(tmp, path)
        return True
    except OSError:
        Path(tmp).unlink(missing_ok=True)
        return False


@contextmanager
def build_lock(path: Path) -> Iterator[bool]:
    """Hold an exclusive lock on ``path`` while building; yields False (no lock) when it cannot be created.

    Two commands that both find the cache missing queue here; the second then finds the first's result.
    """
    import fcntl

    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle = open(path, "a+b")
    except OSError:
        yield False
        return
    with handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX)
        except OSError:  # a file system without locks: build without one, as two commands did before
            yield False
            return
        try:
            yield True
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def remove_leftovers(folder: Path, pattern: str) -> None:
    """Remove what a killed build left in the cache folder (temporary files or folders named ``pattern``).

    Call it only while holding the build lock of what ``pattern`` names: every such build runs under that
    lock, so whatever is left when the lock is ours belongs to a process that is gone."""
    import shutil

    for leftover in folder.glob(pattern):
        if leftover.is_dir() and not leftover.is_symlink():
            shutil.rmtree(leftover, ignore_errors=True)
        else:
            leftover.unlink(missing_ok=True)


def notice_unwritable(folder: Path, what: Phrase) -> None:
    """Say once (as a :class:`~izvori_rules.errors.CacheNotice` warning; the CLI prints it as one line on
    standard error) that ``what`` is kept in memory because the cache folder cannot be written."""
    import warnings

    from .errors import CacheNotice

    warnings.warn(CacheNotice("the cache folder {folder} cannot be written; {what} is kept in memory only, and made "
                              "again by every command (set IZVORI_JUDGE_CACHE to a writable folder)",
                              key="cache_unwritable", folder=str(folder), what=what), stacklevel=2)


def notice_damaged(path: Path, what: Phrase) -> None:
    """Say (as :func:`notice_unwritable` does) that ``what`` at ``path`` failed its checks and is built again."""
    import warnings

    from .errors import CacheNotice

    warnings.warn(CacheNotice("{what} {path} was damaged; it is built again", key="cache_damaged", what=what,
                              path=str(path)), stacklevel=2)


def row_sum(*values: Any) -> int:
    """The checksum kept beside each row of an SQLite store (its other columns, marshalled): a row read back is
    verified by itself, so checking what a lookup reads costs those rows, never the whole file (issue 11)."""
    import marshal
    import zlib

    return zlib.crc32(marshal.dumps(values, 2))


def verified_rows(con: sqlite3.Connection, sql: str, params: Sequence[object] = (),
                  widths: Sequence[int] = ()) -> list[tuple[Any, ...]]:
    """The rows of a query whose last column is each row's :func:`row_sum` of the others, without it (a join's
    rows are several tables' rows side by side: ``widths`` gives each one's number of columns, its sum last).
    A row that fails its checksum, or a file SQLite finds malformed (or of another schema), is
    :class:`~izvori_rules.errors.CacheDamaged`."""
    import sqlite3

    from .errors import CacheDamaged

    try:
        rows = con.execute(sql, params).fetchall()
    except sqlite3.DatabaseError as exc:
        raise CacheDamaged(f"the store cannot be read ({exc})") from None
    out = []
    for row in rows:
        values: list[Any] = []
        start = 0
        for width in widths or (len(row),):
            part = row[start:start + width]
            if part[-1] != row_sum(*part[:-1]):
                raise CacheDamaged("a record of the store failed its checksum")
            values.extend(part[:-1])
            start += width
        out.append(tuple(values))
    return out


def read_again(read: Callable[[], T], rebuild: Callable[[], None], path: Path, what: Phrase) -> T:
    """``read()`` from a checksummed store; when it finds damage, say so, ``rebuild()`` the store and read once
    more (the two SQLite stores, cr-store and history, recover so: issue 11). Damage found again goes to the
    caller as :class:`~izvori_rules.errors.CacheDamaged`."""
    from .errors import CacheDamaged

    try:
        return read()
    except CacheDamaged:
        notice_damaged(path, what)
        rebuild()
        return read()


def parsed(name: str, path: Path, build: Callable[[], object], ok: Callable[[object], bool],
           plain: bool = False) -> object:
    """``build()`` (parsing one corpus file), kept in the cache folder as a pickle keyed by the file's bytes and
    the package's code (computed, as for every cache: :func:`code_key`); what is read back must match its
    checksum, name the same file and pass ``ok`` before it is served, else it is built again. A cold command
    then reads a pickle instead of parsing YAML, TSV or TOML.

    ``plain``: the value is plain data (dicts, lists, strings, numbers) built by the standard library alone
    (``tomllib``), so the key is the file's bytes and Python's version, and the value is kept as ``marshal``
    data: neither the package's files nor ``pickle`` are looked at (a cold ``lookup`` reads the message
    catalogue so, in a millisecond instead of ten)."""
    import zlib

    if plain:
        data = read_bytes(path)
        if data is None:
            return build()
        key = f"{zlib.crc32(data):08x}{len(data):x}-{zlib.crc32(sys.version.encode()):08x}"
    else:
        try:
            key = stamped_key(name, [path, *package_files(), *environment_files()],
                              lambda: f"{hash_files([path], path.parent)}-{code_key()}")
        except OSError:
            return build()
    return kept(cache_dir() / f"{name}-{key}.{'marshal' if plain else 'pickle'}", str(path), build, ok, plain)


def kept(where: Path, source: object, build: Callable[[], object], ok: Callable[[object], bool],
         plain: bool = False) -> object:
    """The value kept in the cache file ``where``: a checksummed pickle (``marshal`` data when ``plain``) of
    ``source``, what it was built from, and the value, served only when the checksum holds, ``source`` is the
    same and the value passes ``ok``; else ``build()``, written there (and not kept when it is not plain after
    all, as a TOML date)."""
    import zlib

    raw = read_bytes(where)
    if raw is not None and len(raw) > 4 and int.from_bytes(raw[:4], "little") == zlib.crc32(raw[4:]):
        try:
            kept_source, value = _loads(raw[4:], plain)
        except Exception:  # noqa: BLE001 - a damaged cache is rebuilt
            kept_source, value = None, None
        if kept_source == source and ok(value):
            return value
    value = build()
    try:
        payload = _dumps((source, value), plain)
    except ValueError:
        return value
    write_atomic(where, zlib.crc32(payload).to_bytes(4, "little") + payload)
    return value


def _loads(raw: bytes, plain: bool) -> tuple[object, object]:
    if plain:
        import marshal

        source, value = marshal.loads(raw)
        return source, value
    import pickle

    source, value = pickle.loads(raw)  # noqa: S301 - our own cache file, checksummed, keyed by content
    return source, value


def _dumps(value: object, plain: bool) -> bytes:
    if plain:
        import marshal

        return marshal.dumps(cast(Any, value))  # plain data, as the caller says; marshal refuses anything else
    import pickle

    return pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
