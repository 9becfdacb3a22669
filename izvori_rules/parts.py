"""A map kept in a cache file as marshalled parts, each part decoded the first time one of its keys is asked for.

Why: the query side of the concept table (:class:`~izvori_rules.text.matching.QueryConcepts`) is three maps of
thousands of keys (the concept names, the names holding each stem, the spellings of short terms), and a query asks
for a few dozen keys; decoding the maps whole was a twentieth of a cold search. The parts are checked by whoever
reads the file they are in (the index's marker holds its checksum), so a part is decoded without a check of its own.
"""

from __future__ import annotations

import marshal
import zlib
from collections.abc import Iterator, Mapping
from typing import Any

PARTS = 64

Key = tuple[str, ...]


def part_of(key: Key) -> int:
    """The part a key is kept in (a stable hash: the file is read by other processes)."""
    return zlib.crc32("\t".join(key).encode("utf-8")) % PARTS


def split(mapping: Mapping[Any, Any]) -> tuple[bytes, ...]:
    """The map as PARTS marshalled dicts (plain data only: marshal refuses anything else)."""
    parts: list[dict[Any, Any]] = [{} for _ in range(PARTS)]
    for key, value in mapping.items():
        parts[part_of(key)][key] = value
    return tuple(marshal.dumps(part) for part in parts)


class PartedMap(Mapping[Any, Any]):
    """The map :func:`split` saved, read a part at a time. The decoded parts are merged into one dict, so that a
    process that asks many queries (the benchmark's in-process search, a test run) looks a key up at a dict's cost
    once every part is decoded: hashing each key to its part cost in-process search a tenth of a millisecond."""

    __slots__ = ("_parts", "_decoded", "_merged", "_whole")

    def __init__(self, parts: tuple[bytes, ...]) -> None:
        if len(parts) != PARTS:
            raise ValueError(f"a parted map has {PARTS} parts, not {len(parts)}")
        self._parts = parts
        self._decoded: set[int] = set()
        self._merged: dict[Key, Any] = {}
        self._whole = False  # every part decoded: a key not in _merged is in no part

    def _decode(self, number: int) -> None:
        """Merge part ``number`` into the decoded keys, unless it is there already."""
        if number not in self._decoded:
            self._decoded.add(number)
            self._merged.update(marshal.loads(self._parts[number]))
            self._whole = len(self._decoded) == PARTS

    def _part(self, key: Key) -> None:
        self._decode(part_of(key))

    def __getitem__(self, key: Any) -> Any:
        try:
            return self._merged[key]
        except KeyError:
            if self._whole:
                raise
        self._part(key)
        return self._merged[key]

    def get(self, key: Any, default: Any = None) -> Any:
        found = self._merged.get(key, _ABSENT)
        if found is not _ABSENT:
            return found
        if self._whole or not isinstance(key, tuple):
            return default
        self._part(key)
        return self._merged.get(key, default)

    def __contains__(self, key: object) -> bool:
        return self.get(key, _ABSENT) is not _ABSENT

    def __iter__(self) -> Iterator[Any]:
        for number in range(PARTS):
            self._decode(number)
        return iter(self._merged)

    def __len__(self) -> int:
        return sum(1 for _ in self)


_ABSENT = object()
