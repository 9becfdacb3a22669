"""The one reader of the corpus's tab-separated tables (concepts, concordance, missing rules).

A table is UTF-8 text: lines starting with ``#`` and blank lines are comments, the first other line is the
header, then one row per line. The reader checks the header (no unknown, repeated or missing column) and the
width of each row, and keeps where every cell starts, so each table's own checks can name the file, the line
and the column of a mistake, the way a judge's editor shows it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .errors import CorpusError


@dataclass(frozen=True, slots=True)
class Row:
    """One row: its cells by column name (stripped; a missing trailing cell is empty) and where each starts."""

    source: str
    line: int
    cells: dict[str, str]
    starts: dict[str, int]

    def __getitem__(self, column: str) -> str:
        return self.cells.get(column, "")

    def where(self, column: str) -> str:
        """``file:line:column`` of a cell."""
        return f"{self.source}:{self.line}:{self.starts.get(column, 1)}"

    def error(self, column: str, message: str) -> CorpusError:
        """A corpus error pointing at one cell of this row."""
        return CorpusError(f"{self.where(column)}: column {column!r}: {message}")


def read_tsv(text: str, source: str, columns: Iterable[str], required: Iterable[str] | None = None) -> list[Row]:
    """The rows of a table whose header may name ``columns`` and must name ``required`` (default: all)."""
    known = tuple(columns)
    needed = known if required is None else tuple(required)
    header: tuple[str, ...] | None = None
    rows: list[Row] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.rstrip("\r")
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if header is None:
            header = _header(line, source, number, known, needed)
        else:
            rows.append(_row(line, source, number, header))
    if header is None:
        raise CorpusError(f"{source}: no header row (expected the columns {' '.join(known)})")
    return rows


def _starts(line: str) -> list[int]:
    """The 1-based column where each tab-separated cell starts."""
    starts, column = [], 1
    for cell in line.split("\t"):
        starts.append(column)
        column += len(cell) + 1
    return starts


def _header(line: str, source: str, number: int, known: tuple[str, ...], needed: tuple[str, ...]) -> tuple[str, ...]:
    names = tuple(cell.strip() for cell in line.split("\t"))
    for name, column in zip(names, _starts(line)):
        if name not in known:
            raise CorpusError(f"{source}:{number}:{column}: unknown column {name!r} (expected {' '.join(known)})")
        if names.count(name) > 1:
            raise CorpusError(f"{source}:{number}:{column}: column {name!r} appears twice")
    missing = [name for name in needed if name not in names]
    if missing:
        raise CorpusError(f"{source}:{number}:1: the header has no {missing[0]!r} column")
    return names


def _row(line: str, source: str, number: int, header: tuple[str, ...]) -> Row:
    cells, starts = line.split("\t"), _starts(line)
    if len(cells) > len(header):
        raise CorpusError(f"{source}:{number}:{starts[len(header)]}: {len(cells)} cells, but the header has "
                          f"{len(header)} columns (a tab inside a cell?)")
    end = len(line) + 1  # missing trailing cells are empty: editors drop trailing tabs
    return Row(source, number, {name: cell.strip() for name, cell in zip(header, cells)},
               {name: starts[i] if i < len(starts) else end for i, name in enumerate(header)})
