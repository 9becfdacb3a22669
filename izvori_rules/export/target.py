"""Where an export may be written: checked before an hour of a judge's work can be lost to a typo.

A file export (``export xml OUT``) is written to a temporary file beside ``OUT`` and renamed over it, so a
failed export leaves the old file whole. Only a regular file is replaced, and only with ``--force``: a device
(``/dev/null``), a FIFO, a folder or a symbolic link named as ``OUT`` is refused even then (renaming over a
link replaces the link, not the file it points to, which is rarely what was meant). Any problem the file
system reports (a parent that is a file, a name too long, a folder that cannot be written) is an
:class:`~izvori_rules.errors.IzvoriError` naming the path, never a traceback.
"""

from __future__ import annotations

import errno
import os
import stat
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from ..errors import IzvoriError, Value, os_reason

T = TypeVar("T")
_KINDS = ((stat.S_ISLNK, "a symbolic link"), (stat.S_ISDIR, "a folder"), (stat.S_ISCHR, "a device"),
          (stat.S_ISBLK, "a device"), (stat.S_ISFIFO, "a FIFO"), (stat.S_ISSOCK, "a socket"))


def check_file_target(out: str, force: bool) -> Path:
    """The path to write, after checking that writing there replaces nothing it should not."""
    if not out.strip():
        raise IzvoriError("no output file given (use - for standard output)", key="export_no_file")
    path = Path(out).expanduser()
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return _check_parent(path)
    except OSError as exc:
        raise IzvoriError("cannot write {file}: {reason}", key="export_unwritable", file=out,
                          reason=reason(exc, path)) from None
    kind = next((name for test, name in _KINDS if test(info.st_mode)), None)
    if kind is not None:
        raise IzvoriError("{file} is {kind}, not a regular file; give another name", key="export_not_regular",
                          file=out, kind=kind)
    if not force:
        raise IzvoriError("{file} exists; use --force to replace it", key="export_exists", file=out)
    return path


def _check_parent(path: Path) -> Path:
    parent = path.parent
    if not parent.is_dir():
        blocker = file_in_the_way(path)
        if blocker is not None:
            raise IzvoriError("cannot write {file}: {blocker} is a file, not a folder", key="export_blocked",
                              file=str(path), blocker=str(blocker))
        raise IzvoriError("cannot write {file}: the folder {folder} does not exist", key="export_no_folder_there",
                          file=str(path), folder=str(parent))
    return path


def file_in_the_way(path: Path) -> Path | None:
    """The first of ``path``'s folders that exists and is not a folder (``notes.txt`` in ``notes.txt/out.xml``)."""
    for ancestor in reversed(path.parents):
        if ancestor.exists() and not ancestor.is_dir():
            return ancestor
    return None


def write_replacing(path: Path, write: Callable[[Path], T]) -> T:
    """Call ``write(tmp)`` for a temporary file beside ``path``, then rename it over ``path``."""
    try:
        fd, name = tempfile.mkstemp(prefix=".izvori-export-", suffix=".tmp", dir=path.parent)
        os.close(fd)
    except OSError as exc:
        raise IzvoriError("cannot write {file}: {reason}", key="export_unwritable", file=str(path),
                          reason=reason(exc, path.parent)) from None
    tmp = Path(name)
    try:
        result = write(tmp)
        os.chmod(tmp, 0o644)  # mkstemp makes it private; an export is meant to be shared
        os.replace(tmp, path)
        return result
    except OSError as exc:
        raise IzvoriError("cannot write {file}: {reason}", key="export_unwritable", file=str(path),
                          reason=reason(exc, path)) from None
    finally:
        tmp.unlink(missing_ok=True)


def reason(exc: OSError, path: Path) -> Value:
    """The file system's reason in words: which file is in the way, or how long the name is."""
    blocker = file_in_the_way(path) if exc.errno in (errno.ENOTDIR, errno.EEXIST) else None
    if blocker is not None:
        return f"{blocker} is a file, not a folder"
    if exc.errno == errno.ENAMETOOLONG:
        return f"the name is too long ({len(path.name)} characters; most file systems allow 255 bytes)"
    return os_reason(exc)
