"""Ways a cache file gets damaged, shared by the tests of each cache and the fuzz tests (issue 11): a byte
flipped, zeroed, cut off, inserted, text overwritten with other text of the same length, two bytes swapped;
and a whole store file damaged in the ways the tests of the SQLite stores name."""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path
from typing import TYPE_CHECKING

from izvori_rules.history.lineage import rule_history

if TYPE_CHECKING:
    from izvori_rules.cr_store import HistoryStore as CrStore
    from izvori_rules.history.store import HistoryStore
    from izvori_rules.model import Node

HOW = ("flip", "zero", "truncate", "insert", "same-length-text", "swap")


def damage(good: bytes, how: str, at: float, size: int) -> bytes:
    """``good`` damaged at the fraction ``at`` of its length in one of the :data:`HOW` ways, over ``size`` bytes."""
    i = min(int(at * len(good)), len(good) - 1)
    if how == "flip":
        return good[:i] + bytes([good[i] ^ (1 << (size % 8))]) + good[i + 1:]
    if how == "zero":
        return good[:i] + bytes(size) + good[i + size:]
    if how == "truncate":
        return good[:i]
    if how == "insert":
        return good[:i] + b"X" * size + good[i:]
    if how == "same-length-text":
        return good[:i] + b"X" * len(good[i:i + size]) + good[i + size:]
    j = min(i + size, len(good) - 1)
    return good[:i] + good[j:j + 1] + good[i + 1:j] + good[i:i + 1] + good[j + 1:]


STORE_DAMAGE = ("same-length-text", "random-bytes", "truncated", "garbage", "missing-table")


def text_spans(raw: bytes, text: str, within: bytes | None = None) -> list[tuple[int, int]]:
    """Where ``text`` is in the file's bytes: inside ``within`` (a record's bytes, found once), else every
    occurrence (an SQLite table of distinct texts holds each twice: in its row and in its index)."""
    found = text.encode("utf-8")
    if within is not None:
        assert raw.count(within) == 1, "the record must be found once"
        start = raw.index(within) + within.index(found)
        return [(start, start + len(found))]
    starts = []
    at = raw.find(found)
    while at >= 0:
        starts.append(at)
        at = raw.find(found, at + 1)
    assert starts, "the text must be in the file"
    return [(i, i + len(found)) for i in starts]


def damage_store(path: Path, spans: list[tuple[int, int]], how: str, table: str) -> None:
    """Damage the SQLite file at ``path``: the text at ``spans`` (one record's) overwritten with other text of
    its length (its letters' case swapped) or with random bytes, the file cut in half, the file replaced by
    garbage, or ``table`` dropped."""
    raw = bytearray(path.read_bytes())
    if how in ("same-length-text", "random-bytes"):
        for start, end in spans:
            old = bytes(raw[start:end])
            raw[start:end] = old.swapcase() if how == "same-length-text" else random.Random(11).randbytes(end - start)
            assert raw[start:end] != old
        path.write_bytes(bytes(raw))
    elif how == "truncated":
        path.write_bytes(bytes(raw[:len(raw) // 2]))
    elif how == "garbage":
        path.write_bytes(random.Random(11).randbytes(len(raw)))
    else:
        con = sqlite3.connect(path)
        with con:
            con.execute(f"DROP TABLE {table}")
        con.close()


def cr_store_answers(store: CrStore) -> tuple[object, ...]:
    """What the cr-store answers: every 50th node of each release with its tree and citations, every node as
    parsed, and every text of one id (200.4)."""
    nodes: list[Node] = []
    for date in store.dates:
        release = store.release_graph(date)
        nodes.extend(release.nodes[ref] for ref in list(release.nodes)[::50])
    return tuple(nodes), tuple(store.nodes_of(d) for d in store.dates), store.versions("200.4")


def history_answers(store: HistoryStore) -> tuple[object, ...]:
    """What the history store answers: every release's rules and links, the history of 200.4 from the last
    release, texts and links of single rules."""
    positions = range(len(store.releases))
    return (store.releases, tuple(store.entries(p) for p in positions), tuple(store.links(p) for p in positions),
            rule_history(store, store.releases[-1], "200.4"), store.text(2, "200.4"),
            store.last_release_of("100.4"), store.link_into(1, "100.1"))
