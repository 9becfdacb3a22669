"""The postings a query reads, copied out of the Whoosh index into one file beside it, read without Whoosh.

Why: a cold ``search`` spent more time importing Whoosh (``whoosh.compat`` pulls in ``urllib.request``, its
``cached_property`` pulls in ``asyncio``) and opening the index than answering. The ranker reads whole
postings lists anyway (:mod:`.ranking`), so after the Whoosh index is built, :func:`write_postings` copies
what the ranker and the spelling suggestions read (each field's terms with their document numbers and
frequencies, the field lengths, and per document its node's document, kind and whether it is numbered) into
``postings.marshal``. :class:`FilePostings` reads that file lazily, one field at a time; the Whoosh index stays
the index of record on disk (rebuilt, then copied again, whenever this file is missing or does not match it).

The file: an 8-byte header length and the header's 4-byte CRC-32, a ``marshal`` header (format, refs in
document order, facts per document, the sizes of the Whoosh files it was copied from, and each field's block),
then one ``marshal`` block per field: ``(starts, lengths, total)`` where ``starts`` locates the field's BUCKETS
buckets (each a ``marshal`` dict mapping a term to the bytes of an ``array('i')`` of document numbers followed
by an ``array('f')`` of frequencies; a term's bucket is :func:`bucket`) and, last, its sorted terms;
``lengths`` is the bytes of an ``array('I')`` of the field's length in each document, and ``total`` the
field's length summed. A block is located by its offset, size and CRC-32, and checked when it is first decoded
(:func:`_block`): a cold query reads the header and a few dozen buckets of a file of megabytes, so checking
the whole file on every open cost more than the query, and a checksum per block still turns a changed byte
into an exception (the searcher rebuilds the index) rather than a wrong answer. The header's checksum covers
the fields' blocks, and each field's block its buckets'.
"""

from __future__ import annotations

import bisect
import marshal
import mmap
import os
import zlib
from array import array
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any, Protocol

from .. import cache

FILE_NAME = "postings.marshal"
FORMAT = 3
BUCKETS = 64
TERMS_KEPT = 50_000  # per field, the terms whose postings (or absence) are remembered
_HEAD = 8
_PREFIX = _HEAD + 4  # the header's length, then its CRC-32
Where = tuple[int, int, int]  # a block's offset, size and CRC-32
Columns = tuple[Sequence[int], Sequence[float]]  # a term's document numbers and frequencies (arrays)
_NONE: Columns = (array("i"), array("f"))  # a field's absent term, or an absent field's


class Postings(Protocol):
    """What the ranker and the suggestions read: Whoosh's reader (:class:`WhooshPostings`) or the file."""

    def doc_count_all(self) -> int: ...

    def postings(self, field: str, term: str) -> list[tuple[int, float]]:
        """``(document number, frequency)`` of every node the term occurs in (empty when it is absent)."""

    def columns(self, field: str, term: str) -> tuple[Sequence[int], Sequence[float]]:
        """The same postings as two sequences, document numbers and frequencies (what the ranker reads)."""

    def doc_frequency(self, field: str, term: str) -> int: ...

    def doc_field_length(self, docnum: int, field: str, default: int = 0) -> int: ...

    def field_length(self, field: str) -> int: ...

    def field_lengths(self, field: str) -> Sequence[int] | None: ...

    def expand_prefix(self, field: str, prefix: str) -> list[str]: ...


class WhooshPostings:
    """The :class:`Postings` of an open Whoosh reader (an index in memory, and the source of the file)."""

    def __init__(self, reader: Any) -> None:
        self.reader = reader

    def doc_count_all(self) -> int:
        return int(self.reader.doc_count_all())

    def postings(self, field: str, term: str) -> list[tuple[int, float]]:
        from whoosh.reading import TermNotFound

        try:
            matcher = self.reader.postings(field, term)
        except TermNotFound:
            return []
        out = []
        while matcher.is_active():
            out.append((matcher.id(), matcher.weight()))
            matcher.next()
        return out

    def columns(self, field: str, term: str) -> tuple[Sequence[int], Sequence[float]]:
        pairs = self.postings(field, term)
        return [doc for doc, _ in pairs], [weight for _, weight in pairs]

    def doc_frequency(self, field: str, term: str) -> int:
        return int(self.reader.doc_frequency(field, term))

    def doc_field_length(self, docnum: int, field: str, default: int = 0) -> int:
        length = self.reader.doc_field_length(docnum, field, default)
        return default if length is None else int(length)

    def field_length(self, field: str) -> int:
        return int(self.reader.field_length(field) or 0)

    def field_lengths(self, field: str) -> Sequence[int] | None:
        if not self.field_length(field):
            return None
        return [self.doc_field_length(docnum, field, 0) for docnum in range(self.doc_count_all())]

    def expand_prefix(self, field: str, prefix: str) -> list[str]:
        return [raw.decode("utf-8") if isinstance(raw, bytes) else raw
                for raw in self.reader.expand_prefix(field, prefix)]

    def terms(self, field: str) -> list[str]:
        """Every term of a field, sorted."""
        return [raw.decode("utf-8") if isinstance(raw, bytes) else raw for raw in self.reader.lexicon(field)]


def bucket(term: str) -> int:
    """The bucket of a term (a stable hash: the file is read by other processes)."""
    return zlib.crc32(term.encode("utf-8")) % BUCKETS


def _block(data: bytes | mmap.mmap, where: Where) -> Any:
    """The block at ``where`` decoded, once its size and checksum match; a damaged block is a ValueError."""
    at, size, crc = where
    raw = data[at:at + size]
    if not raw or len(raw) != size or zlib.crc32(raw) != crc:  # never empty: marshal writes a byte at least
        raise ValueError(f"{FILE_NAME}: the block at byte {at} is damaged")
    return marshal.loads(raw)


class _Field:
    """One field's lengths and total; its terms' postings in BUCKETS buckets, each decoded on first use (a
    query reads a few terms of each field, not the thousands a field holds), and its sorted terms."""

    __slots__ = ("_data", "_starts", "_buckets", "_read", "lengths", "total", "_sorted")

    def __init__(self, data: bytes | mmap.mmap, base: int, where: Where) -> None:
        starts, lengths, self.total = _block(data, (base + where[0], *where[1:]))
        self._data, self._starts = data, [(base + at, size, crc) for at, size, crc in starts]
        self._buckets: dict[int, dict[str, bytes]] = {}
        self._read: dict[str, Columns] = {}  # the terms asked for: a query asks for each term several times
        self.lengths = array("I")
        self.lengths.frombytes(lengths)
        self._sorted: list[str] | None = None

    def get(self, term: str) -> Columns:
        """The term's document numbers and frequencies (empty when the field lacks it), decoded once and kept."""
        found = self._read.get(term)
        if found is not None:
            return found
        if len(self._read) > TERMS_KEPT:
            self._read.clear()
        which = bucket(term)
        terms = self._buckets.get(which)
        if terms is None:
            terms = self._buckets[which] = _block(self._data, self._starts[which])
        ids, weights = array("i"), array("f")
        blob = terms.get(term)
        if blob is not None:
            half = len(blob) // 2
            ids.frombytes(blob[:half])
            weights.frombytes(blob[half:])
        found = self._read[term] = (ids, weights)
        return found

    def sorted_terms(self) -> list[str]:
        if self._sorted is None:
            self._sorted = _block(self._data, self._starts[-1])
        return self._sorted


class FilePostings:
    """The :class:`Postings` of ``postings.marshal`` (see the module docstring)."""

    def __init__(self, data: bytes | mmap.mmap) -> None:
        size = int.from_bytes(data[:_HEAD], "little")
        header = _block(data, (_PREFIX, size, int.from_bytes(data[_HEAD:_PREFIX], "little")))
        if header.get("format") != FORMAT:
            raise ValueError("unknown postings format")
        self._data = data
        self._base = _PREFIX + size
        self.refs: list[str] = header["refs"]
        self.sources: dict[str, int] = header["sources"]
        self._offsets: dict[str, Where] = header["fields"]
        self._pairs: list[tuple[str, str]] = header["pairs"]
        self._classes: bytes = header["classes"]
        self._numbered: bytes = header["numbered"]
        self._fields: dict[str, _Field | None] = {}

    @classmethod
    def read(cls, path: Path) -> FilePostings:
        """The file at ``path``, mapped (its pages are read as the query reads its blocks); damage found now
        or when a block is first read is an exception (the caller rebuilds)."""
        data = cache.mapped(path)
        if data is None:
            raise ValueError(f"{path}: missing or not a regular file")
        return cls(data)

    def classes(self) -> tuple[bytes, list[tuple[str, str]], bytes]:
        """Per document its class (an index into the list of (document, kind) pairs), the list, and per
        document whether it is numbered (see :meth:`.ranking.Ranker.classes`), as the file stores them."""
        return self._classes, self._pairs, self._numbered

    def facts(self, docnum: int) -> tuple[str, str, bool]:
        """A document's node: its document, its hit kind and whether its document prints its number."""
        return (*self._pairs[self._classes[docnum]], bool(self._numbered[docnum]))

    def matches(self, folder: Path) -> bool:
        """Whether the Whoosh files it was copied from are still there, at the sizes they had."""
        try:
            return all(os.stat(folder / name).st_size == size for name, size in self.sources.items())
        except OSError:
            return False

    def _field(self, name: str) -> _Field | None:
        if name not in self._fields:
            where = self._offsets.get(name)
            self._fields[name] = None if where is None else _Field(self._data, self._base, where)
        return self._fields[name]

    def doc_count_all(self) -> int:
        return len(self.refs)

    def postings(self, field: str, term: str) -> list[tuple[int, float]]:
        return list(zip(*self.columns(field, term)))

    def columns(self, field: str, term: str) -> tuple[Sequence[int], Sequence[float]]:
        """A term's document numbers and frequencies as the file stores them, two arrays (no pair made per
        posting: the ranker reads thousands of postings a query, most of them once), read only (they are kept)."""
        found = self._field(field)
        return found.get(term) if found is not None else _NONE

    def doc_frequency(self, field: str, term: str) -> int:
        found = self._field(field)
        return len(found.get(term)[0]) if found is not None else 0

    def doc_field_length(self, docnum: int, field: str, default: int = 0) -> int:
        found = self._field(field)
        return found.lengths[docnum] if found is not None and found.lengths else default

    def field_length(self, field: str) -> int:
        found = self._field(field)
        return found.total if found is not None else 0

    def field_lengths(self, field: str) -> Sequence[int] | None:
        found = self._field(field)
        return found.lengths if found is not None and found.lengths else None

    def expand_prefix(self, field: str, prefix: str) -> list[str]:
        found = self._field(field)
        if found is None:
            return []
        terms = found.sorted_terms()
        out = []
        for term in terms[bisect.bisect_left(terms, prefix):]:
            if not term.startswith(prefix):
                break
            out.append(term)
        return out


def write_postings(path: Path, source: WhooshPostings, fields: Iterable[str], refs: Sequence[str],
                   facts: Callable[[int], tuple[str, str, bool]], folder: Path) -> None:
    """Copy the postings of ``fields`` out of the Whoosh index in ``folder`` into ``path``."""
    blobs: list[bytes] = []
    offsets: dict[str, Where] = {}
    at = 0
    count = len(refs)
    for field in fields:
        buckets: list[dict[str, bytes]] = [{} for _ in range(BUCKETS)]
        names = source.terms(field)
        for term in names:
            pairs = source.postings(field, term)
            buckets[bucket(term)][term] = (array("i", (d for d, _ in pairs)).tobytes()
                                           + array("f", (w for _, w in pairs)).tobytes())
        total = source.field_length(field)
        lengths = array("I", (source.doc_field_length(d, field, 0) for d in range(count)) if total else ())
        parts = [marshal.dumps(b) for b in buckets] + [marshal.dumps(sorted(names))]
        starts = []
        for part in parts:
            starts.append((at, len(part), zlib.crc32(part)))
            at += len(part)
            blobs.append(part)
        head = marshal.dumps((starts, lengths.tobytes(), total))
        offsets[field] = (at, len(head), zlib.crc32(head))
        at += len(head)
        blobs.append(head)
    classed: dict[tuple[str, str], int] = {}
    classes, numbered = bytearray(), bytearray()
    for docnum in range(count):
        doc, kind, is_numbered = facts(docnum)
        classes.append(classed.setdefault((doc, kind), len(classed)))
        numbered.append(int(is_numbered))
    sources = {p.name: p.stat().st_size for p in sorted(folder.iterdir()) if p.suffix in (".seg", ".toc")}
    header = marshal.dumps({"format": FORMAT, "refs": list(refs), "pairs": list(classed), "classes": bytes(classes),
                            "numbered": bytes(numbered), "sources": sources, "fields": offsets})
    path.write_bytes(len(header).to_bytes(_HEAD, "little") + zlib.crc32(header).to_bytes(_PREFIX - _HEAD, "little")
                     + header + b"".join(blobs))
