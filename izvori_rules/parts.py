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
    """The map :func:`split` saved, read a part at a time."""

    __slots__ = ("_parts", "_decoded")

    def __init__(self, parts: tuple[bytes, ...]) -> None:
        if len(parts) != PARTS:
            raise ValueError(f"a parted map has {PARTS} parts, not {len(parts)}")
        self._parts = parts
        self._decoded: dict[int, dict[Key, Any]] = {}

    def _part(self, number: int) -> dict[Key, Any]:
        part = self._decoded.get(number)
        if part is None:
            part = self._decoded[number] = marshal.loads(self._parts[number])
        return part

    def __getitem__(self, key: Any) -> Any:
        return self._part(part_of(key))[key]

    def __contains__(self, key: object) -> bool:
        return isinstance(key, tuple) and key in self._part(part_of(key))

    def __iter__(self) -> Iterator[Any]:
        for number in range(PARTS):
            yield from self._part(number)

    def __len__(self) -> int:
        return sum(len(self._part(number)) for number in range(PARTS))
