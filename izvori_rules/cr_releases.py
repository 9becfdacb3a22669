"""The English Comprehensive Rules releases, 2003-03-15 to 2026-08-07 (``corpus/cr-history/``).

The archive ``cr-history.tar.xz`` holds one text per release (``releases/YYYY-MM-DD.txt``, UTF-8, LF, in date
order) and ``releases.tsv`` describes each: dates, source, checksum, rule counts. Both are shipped exactly as
they were collected (README.md there); this module is their one reader.

A release's text is read from the archive only up to its own member: the archive is one xz stream, so the
newest release costs a decompression of nearly all of it (about 0.4 s). A text read once is kept in the cache
folder, named by its sha256 and verified against the table each time it is read back.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from . import cache
from .errors import CorpusError, ReferenceNotFound
from .tsv import Row, read_tsv

ARCHIVE = "cr-history.tar.xz"
TABLE = "releases.tsv"
COLUMNS = ("effective_date", "file_date_label", "wizards_file_name", "source", "blob", "original_encoding",
           "original_line_ends", "bytes_original", "sha256", "rule_ids", "first_rule", "last_rule", "glossary",
           "notes")
DOC_PREFIX = "cr"  # document ids: "cr" (the newest release) and "cr-YYYY-MM-DD" (one release)
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


@dataclass(frozen=True, slots=True)
class Release:
    """One row of ``releases.tsv``: a release keyed on the effective date printed in its text."""

    date: str  # effective_date
    file_date_label: str
    wizards_file_name: str
    source: str
    original_encoding: str
    sha256: str
    rule_ids: int  # distinct rule ids at line starts between the contents and the Glossary heading
    first_rule: str
    last_rule: str
    glossary: bool
    notes: str
    line: int  # line of releases.tsv

    @property
    def doc_id(self) -> str:
        """The release's document id: ``cr-2019-05-03``."""
        return release_doc_id(self.date)

    @property
    def member(self) -> str:
        """The archive member holding the text."""
        return f"releases/{self.date}.txt"


def release_doc_id(date: str) -> str:
    """``cr-2006-10-01`` for the release effective 2006-10-01."""
    return f"{DOC_PREFIX}-{date}"


@lru_cache(maxsize=4)
def releases(folder: Path) -> tuple[Release, ...]:
    """Every release in ``folder/releases.tsv``, in date order; a malformed row is a corpus error naming its line.

    ``folder`` is the history folder (``corpus.cr_history_dir()``): this module reads no other corpus file.
    """
    path = folder / TABLE
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise CorpusError(f"{path}: cannot read the table of English releases: {exc}") from None
    found = tuple(_release(row) for row in read_tsv(text, str(path), COLUMNS))
    dates = [r.date for r in found]
    if dates != sorted(set(dates)):
        raise CorpusError(f"{path}: releases are not in date order, or a date is repeated")
    return found


def _release(row: Row) -> Release:
    if not _DATE.fullmatch(row["effective_date"]):
        raise row.error("effective_date", f"{row['effective_date']!r} is not a date YYYY-MM-DD")
    if not row["rule_ids"].isdigit():
        raise row.error("rule_ids", f"{row['rule_ids']!r} is not a count")
    if not re.fullmatch(r"[0-9a-f]{64}", row["sha256"]):
        raise row.error("sha256", "not a SHA-256 hex digest")
    return Release(row["effective_date"], row["file_date_label"], row["wizards_file_name"], row["source"],
                   row["original_encoding"], row["sha256"], int(row["rule_ids"]), row["first_rule"],
                   row["last_rule"], row["glossary"] == "yes", row["notes"], row.line)


def newest(folder: Path) -> Release:
    """The newest release: the one ``cr`` names."""
    return releases(folder)[-1]


def release(date: str, folder: Path) -> Release:
    """The release effective on ``date`` (``2006-10-01``); an unknown date names the nearest ones."""
    table = releases(folder)
    for candidate in table:
        if candidate.date == date:
            return candidate
    earlier = [r.date for r in table if r.date < date][-1:]
    later = [r.date for r in table if r.date > date][:1]
    raise ReferenceNotFound(f"cr-{date}", tuple(release_doc_id(d) for d in (*earlier, *later)))


def release_text(date: str, folder: Path) -> str:
    """The text of the release effective on ``date``, checked against its sha256 in the table."""
    wanted = release(date, folder)
    cached = _cached(wanted)
    raw = cache.read_bytes(cached)
    if raw is None or _sha256(raw) != wanted.sha256:
        raw = _read_member(folder / ARCHIVE, wanted.member)
        if _sha256(raw) != wanted.sha256:
            raise CorpusError(f"{folder / ARCHIVE}: {wanted.member} does not match its sha256 in "
                              f"{TABLE} (line {wanted.line})")
        cache.write_atomic(cached, raw)
    return raw.decode("utf-8")


def cache_texts(dates: Iterable[str], folder: Path) -> None:
    """Put the texts of these releases in the cache folder, in one pass over the archive up to the last one
    not cached yet (the graph reads four releases: one pass instead of four)."""
    wanted = {r.member: r for r in releases(folder) if r.date in set(dates)}
    missing = {m: r for m, r in wanted.items() if cache.read_bytes(_cached(r)) is None}
    if not missing:
        return
    for name, raw in iter_members(folder / ARCHIVE, stop=max(missing)):
        if name in missing and _sha256(raw) == missing[name].sha256:
            cache.write_atomic(_cached(missing[name]), raw)


def _cached(release: Release) -> Path:
    return cache.cache_dir() / "cr-releases" / f"{release.sha256}.txt"


def release_texts(folder: Path) -> Iterator[tuple[Release, str]]:
    """Every release with its text, in date order, read in one pass over the archive (about 0.6 s), each
    checked against its sha256: for building what covers the whole history."""
    table = {r.member: r for r in releases(folder)}
    archive = folder / ARCHIVE
    for name, raw in iter_members(archive):
        wanted = table.get(name)
        if wanted is None:
            raise CorpusError(f"{archive}: member {name} is not listed in {TABLE}")
        if _sha256(raw) != wanted.sha256:
            raise CorpusError(f"{archive}: {name} does not match its sha256 in {TABLE} (line {wanted.line})")
        yield wanted, raw.decode("utf-8")


def _sha256(raw: bytes) -> str:
    import hashlib

    return hashlib.sha256(raw).hexdigest()


def _read_member(archive: Path, member: str) -> bytes:
    """One member's bytes, decompressing the stream only up to it (members are in date order)."""
    for name, data in iter_members(archive, stop=member):
        if name == member:
            return data
    raise CorpusError(f"{archive}: no member {member}")


def iter_members(archive: Path, stop: str | None = None) -> Iterator[tuple[str, bytes]]:
    """The archive's file members as ``(name, bytes)`` in stored order, up to and including ``stop``."""
    import lzma
    import tarfile

    try:
        with lzma.open(archive) as xz, tarfile.open(fileobj=xz, mode="r|") as tar:
            for info in tar:
                handle = tar.extractfile(info) if info.isfile() else None
                if handle is None:
                    continue
                yield info.name, handle.read()
                if info.name == stop:
                    return
    except (OSError, lzma.LZMAError, tarfile.TarError) as exc:
        raise CorpusError(f"{archive}: cannot read the archive of English releases: {exc}") from None
