"""The user's cache folder, atomic writes and a build lock, shared by the graph cache and the search index.

Caches are keyed by a hash of the corpus and of the code that builds them, so a changed document or parser
never serves stale data. Writes go to a temporary name and are renamed into place, so a second command
running at the same time sees either the old cache or the new one, never half of one. A cache folder that
cannot be written is not an error: callers then work in memory.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterable, Iterator
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


def code_hash(parts: Iterable[str]) -> str:
    """A hash of the package's own source files named by ``parts`` (files or folders below the package)."""
    digest = hashlib.sha256()
    for part in parts:
        path = PACKAGE_DIR / part
        files = sorted(path.rglob("*.py")) if path.is_dir() else [path]
        for file in files:
            digest.update(file.relative_to(PACKAGE_DIR).as_posix().encode())
            digest.update(file.read_bytes())
    return digest.hexdigest()[:12]


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
