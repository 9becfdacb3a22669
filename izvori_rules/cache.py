"""The user's cache folder, atomic writes and a build lock, shared by the graph cache and the search index.

Caches are keyed by a hash of the corpus and of the code that builds them, so a changed document or parser
never serves stale data. Writes go to a temporary name and are renamed into place, so a second command
running at the same time sees either the old cache or the new one, never half of one. A cache folder that
cannot be written is not an error: callers then work in memory.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent


def cache_dir() -> Path:
    """``$IZVORI_JUDGE_CACHE``, else ``$XDG_CACHE_HOME/izvori-judge``, else ``~/.cache/izvori-judge``."""
    override = os.environ.get("IZVORI_JUDGE_CACHE")
    if override:
        return Path(override)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "izvori-judge"


def source_files(parts: Iterable[str]) -> list[Path]:
    """The package's own source files named by ``parts`` (files or folders below the package), sorted."""
    files: list[Path] = []
    for part in parts:
        path = PACKAGE_DIR / part
        files.extend(sorted(path.rglob("*.py")) if path.is_dir() else [path])
    return files


def hash_files(files: Iterable[Path], root: Path) -> str:
    """A hash of the files' names (relative to ``root``) and bytes."""
    import hashlib

    digest = hashlib.sha256()
    for file in files:
        digest.update(file.relative_to(root).as_posix().encode())
        digest.update(file.read_bytes())
    return digest.hexdigest()[:20]


def code_hash(parts: Iterable[str]) -> str:
    """A hash of the package's own source files named by ``parts``."""
    return hash_files(source_files(parts), PACKAGE_DIR)[:12]


def stamped_key(name: str, files: Iterable[Path], compute: Callable[[], str]) -> str:
    """The cache key ``compute()`` makes from the files' contents, reused while no file changed size or
    modification time (as Python's own ``.pyc`` stamps do): hashing two megabytes of corpus on every start
    would cost a cold ``lookup`` a sixth of its time. The stamp is itself a cache file, written atomically;
    a stamp that cannot be read or written only means the hash is computed again."""
    signature = "\n".join(f"{f}\t{st.st_size}\t{st.st_mtime_ns}" for f in files for st in [f.stat()])
    stamp = cache_dir() / f"{name}.stamp"
    raw = read_bytes(stamp)
    if raw is not None:
        stored, _, key = raw.decode("utf-8", "replace").rpartition("\n")
        if stored == signature and key:
            return key
    key = compute()
    write_atomic(stamp, f"{signature}\n{key}".encode())
    return key


def read_bytes(path: Path) -> bytes | None:
    """The cache file's bytes, or None when it is missing or unreadable."""
    try:
        return path.read_bytes()
    except OSError:
        return None


def write_atomic(path: Path, data: bytes) -> bool:
    """Write ``data`` to a temporary file beside ``path`` and rename it into place; False if not writable."""
    import tempfile

    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
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
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield True
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def parsed(name: str, path: Path, code: Iterable[Path], build: Callable[[], object],
           ok: Callable[[object], bool]) -> object:
    """``build()`` (parsing one corpus file), kept in the cache folder as a pickle keyed by the file's bytes and
    the code that parses it; what is read back must name the same file and pass ``ok`` before it is served,
    else it is built again. A cold command then reads a pickle instead of parsing YAML, TSV or TOML."""
    import pickle

    code = [f for f in code if f.exists()]
    try:
        key = stamped_key(name, [path, *code], lambda: hash_files([path], path.parent) + hash_files(code, PACKAGE_DIR))
    except OSError:
        return build()
    where = cache_dir() / f"{name}-{key}.pickle"
    raw = read_bytes(where)
    if raw is not None:
        try:
            source, value = pickle.loads(raw)  # noqa: S301 - our own cache file, keyed by the content hash
        except Exception:  # noqa: BLE001 - a damaged cache is rebuilt
            source, value = None, None
        if source == str(path) and ok(value):
            return value
    value = build()
    write_atomic(where, pickle.dumps((str(path), value), protocol=pickle.HIGHEST_PROTOCOL))
    return value
