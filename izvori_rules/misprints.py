"""Words a document printed damaged, read as a judge corrected them (``corpus/misprints.tsv``).

The source documents are kept byte for byte (``shared/sources/README.md``), so a misprint is mended after
parsing, never in the file and never silently: each row names the node, the words as printed and as read,
and why, and the node carries a ``corrected`` flag saying what was printed. Lookup then shows the words a
judge reads and the index holds the words a judge types: ru-cr 702.73a prints ``котораяфункционирует``,
two words without a space, which no query can match.

A row that no longer matches its node's text is a corpus error naming the file and line, so the table cannot
go stale unnoticed when a parser changes. A ``garbled`` flag the parser set on the same printed words gives
way to the ``corrected`` one: the words are no longer kept as printed.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from .corpus import read_table
from .errors import CorpusError
from .model import Flag, ParsedDocument, ParsedNode
from .tsv import read_tsv

FILE_NAME = "misprints.tsv"
COLUMNS = ("doc", "id", "printed", "read", "note")


@dataclass(frozen=True, slots=True)
class Misprint:
    """One row: in node ``id`` of ``doc``, every ``printed`` is read as ``read``; ``where`` is file:line."""

    doc: str
    id: str
    printed: str  # whole words: never mended inside a longer word
    read: str
    note: str
    where: str


def load_misprints(root: Path | None = None) -> dict[str, tuple[Misprint, ...]]:
    """The table's rows by document; none when the corpus has no table (a test corpus may leave it out)."""
    found = read_table(FILE_NAME, "the misprints table", root)
    if found is None:
        return {}
    text, source = found
    out: dict[str, list[Misprint]] = {}
    for row in read_tsv(text, source, COLUMNS):
        for column in COLUMNS:
            if not row[column]:
                raise row.error(column, "empty")
        if row["printed"] == row["read"]:
            raise row.error("read", "the same as printed")
        out.setdefault(row["doc"], []).append(
            Misprint(row["doc"], row["id"], row["printed"], row["read"], row["note"], row.where("printed")))
    return {doc: tuple(rows) for doc, rows in out.items()}


def corrected(document: ParsedDocument, misprints: Sequence[Misprint]) -> ParsedDocument:
    """``document`` with each row's words mended in its node's title, text and examples, and the node flagged.

    A row whose node does not exist or does not print its words is a :class:`CorpusError` naming the row.
    """
    by_node: dict[str, list[Misprint]] = {}
    for misprint in misprints:
        by_node.setdefault(misprint.id, []).append(misprint)
    nodes = {node.id for node in document.nodes}
    for node_id, rows in by_node.items():
        if node_id not in nodes:
            raise _stale(rows[0], "no such node")
    return replace(document, nodes=tuple(_mended(node, by_node) for node in document.nodes))


def _mended(node: ParsedNode, by_node: Mapping[str, list[Misprint]]) -> ParsedNode:
    rows = by_node.get(node.id)
    if not rows:
        return node
    title, text, examples, flags = node.title, node.text, node.examples, list(node.flags)
    for row in rows:
        printed = _words(row.printed)
        if not any(printed.search(words) for words in (title, text, *examples)):
            raise _stale(row, f"{node.id} does not print these words")
        read = row.read.replace("\\", "\\\\")  # a replacement template: only a backslash is special
        title, text = printed.sub(read, title), printed.sub(read, text)
        examples = tuple(printed.sub(read, example) for example in examples)
        flags = [f for f in flags if not (f.kind == "garbled" and f.detail in row.printed)]
        flags.append(Flag.keyed("corrected", "corrected_misprint", "printed «{printed}», read as «{read}»: {note}",
                                printed=row.printed, read=row.read, note=row.note))
    return replace(node, title=title, text=text, examples=examples, flags=tuple(flags))


def _words(printed: str) -> re.Pattern[str]:
    """``printed`` where it is whole words: ``стем`` (с тем) is mended, the same letters inside ``систем`` are not."""
    start = r"(?<!\w)" if printed[0].isalnum() else ""
    end = r"(?!\w)" if printed[-1].isalnum() else ""
    return re.compile(start + re.escape(printed) + end)


def _stale(row: Misprint, why: str) -> CorpusError:
    return CorpusError(f"{row.where}: {row.doc}:{row.id} «{row.printed}»: {why} (a stale row of {FILE_NAME}?)")
