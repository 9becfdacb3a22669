"""The curated concordance, ``corpus/concordance.tsv``: rule pairs a judge checked by reading both texts.

One row per pair: ``left``, ``right`` (refs in two different documents), ``relation`` (``same``, or
``close`` when the rules differ in a detail the ``note`` names) and ``split``. The split exists for the
held-back evaluation (``scripts/eval_concordance.py``): the aligner may learn from ``train`` rows only
and is scored on ``heldout`` rows, so a ref used in a held-out row must never appear in a training row
(otherwise A↔B and B↔C in training would give A↔C away).

Every mistake is a :class:`~izvori_rules.errors.CorpusError` naming the file, the line and the column
(``concordance.tsv:57:18: ...``). Whether a ref exists is the graph's business: the caller checks it with
:func:`unknown_refs`, which reports the same way.
"""

from __future__ import annotations

import re
from collections.abc import Container, Iterable
from dataclasses import dataclass
from pathlib import Path

from ..corpus import corpus_dir
from ..errors import CorpusError
from ..model import split_ref

FILE_NAME = "concordance.tsv"
COLUMNS = ("left", "right", "relation", "note", "split")
CONFIDENCE = {"same": 1.0, "close": 0.9}  # a curated pair's confidence, by relation
SPLITS = ("train", "heldout")
_REF = re.compile(r"[a-z][a-z0-9-]*:[^\s:][^\s]*")


@dataclass(frozen=True, slots=True)
class CuratedPair:
    """One row of the table, with where it came from (``source``, ``line``, each cell's 1-based column)."""

    left: str
    right: str
    relation: str
    note: str
    split: str
    source: str = FILE_NAME
    line: int = 0
    columns: tuple[int, ...] = (1, 1, 1, 1, 1)

    @property
    def confidence(self) -> float:
        """1.0 for ``same``, 0.9 for ``close``."""
        return CONFIDENCE[self.relation]

    def where(self, column: str) -> str:
        """``file:line:column`` of one of this row's cells (``left``, ``right``, …)."""
        return f"{self.source}:{self.line}:{self.columns[COLUMNS.index(column)]}"


def parse_concordance(text: str, source: str = FILE_NAME) -> tuple[CuratedPair, ...]:
    """Parse the TSV text: comment lines start with ``#``; the first other line is the header."""
    header: tuple[str, ...] | None = None
    pairs: list[CuratedPair] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.rstrip("\r")
        if not line.strip() or line.startswith("#"):
            continue
        if header is None:
            header = _header(line, source, number)
            continue
        pairs.append(_row(line, header, source, number))
    if header is None:
        raise CorpusError(f"{source}: no header row (expected the columns {' '.join(COLUMNS)})")
    _check_duplicates(pairs)
    _check_splits(pairs)
    return tuple(pairs)


def _header(line: str, source: str, number: int) -> tuple[str, ...]:
    names = tuple(line.split("\t"))
    for name, column in zip(names, _starts(line)):
        if name not in COLUMNS:
            raise CorpusError(f"{source}:{number}:{column}: unknown column {name!r} (expected {' '.join(COLUMNS)})")
        if names.count(name) > 1:
            raise CorpusError(f"{source}:{number}:{column}: column {name!r} appears twice")
    missing = [name for name in COLUMNS if name not in names]
    if missing:
        raise CorpusError(f"{source}:{number}:1: the header has no {missing[0]!r} column")
    return names


def _starts(line: str) -> list[int]:
    """The 1-based column where each tab-separated cell starts."""
    starts, column = [], 1
    for cell in line.split("\t"):
        starts.append(column)
        column += len(cell) + 1
    return starts


def _row(line: str, header: tuple[str, ...], source: str, number: int) -> CuratedPair:
    cells, starts = line.split("\t"), _starts(line)
    if len(cells) != len(header):
        column = starts[len(header)] if len(cells) > len(header) else len(line) + 1
        raise CorpusError(f"{source}:{number}:{column}: {len(cells)} cells, but the header has {len(header)} "
                          "columns (a tab inside a cell, or a missing cell?)")
    row = dict(zip(header, cells))
    at = {name: f"{source}:{number}:{starts[header.index(name)]}" for name in header}
    for side in ("left", "right"):
        if not _REF.fullmatch(row[side]):
            raise CorpusError(f"{at[side]}: column {side!r}: {row[side]!r} is not a reference like ru-cr:702.19b")
    if split_ref(row["left"])[0] == split_ref(row["right"])[0]:
        raise CorpusError(f"{at['right']}: column 'right': {row['right']!r} is in the same document as the left ref")
    if row["relation"] not in CONFIDENCE:
        raise CorpusError(f"{at['relation']}: column 'relation': {row['relation']!r} is neither same nor close")
    if row["split"] not in SPLITS:
        raise CorpusError(f"{at['split']}: column 'split': {row['split']!r} is neither train nor heldout")
    if not row["note"].strip():
        raise CorpusError(f"{at['note']}: column 'note': empty (say what was checked, or how the rules differ)")
    columns = tuple(starts[header.index(name)] for name in COLUMNS)
    return CuratedPair(row["left"], row["right"], row["relation"], row["note"].strip(), row["split"], source,
                       number, columns)


def _check_duplicates(pairs: Iterable[CuratedPair]) -> None:
    seen: dict[frozenset[str], CuratedPair] = {}
    for pair in pairs:
        key = frozenset((pair.left, pair.right))
        if key in seen:
            raise CorpusError(f"{pair.where('left')}: the pair {pair.left} / {pair.right} is already on line "
                              f"{seen[key].line}")
        seen[key] = pair


def _check_splits(pairs: Iterable[CuratedPair]) -> None:
    """A ref is in train rows only or in held-out rows only (else the evaluation could chain its answer)."""
    first: dict[str, CuratedPair] = {}
    for pair in pairs:
        for side in ("left", "right"):
            ref = getattr(pair, side)
            other = first.setdefault(ref, pair)
            if other.split != pair.split:
                raise CorpusError(f"{pair.where('split')}: {ref} is in a {pair.split} row here but in a "
                                  f"{other.split} row on line {other.line}; rows sharing a ref share a split")


def unknown_refs(pairs: Iterable[CuratedPair], known: Container[str]) -> tuple[str, ...]:
    """One ``file:line:column: …`` message for every ref that is not a node of the graph."""
    return tuple(f"{pair.where(side)}: column {side!r}: no rule {getattr(pair, side)} in the rule graph"
                 for pair in pairs for side in ("left", "right") if getattr(pair, side) not in known)


def load_concordance(root: Path | None = None) -> tuple[CuratedPair, ...]:
    """The curated pairs of a corpus folder; a corpus without the file has none."""
    path = (root or corpus_dir()) / FILE_NAME
    try:
        text = path.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        return ()
    except UnicodeDecodeError as exc:
        raise CorpusError(f"{path}: not valid UTF-8 at byte {exc.start}") from None
    except OSError as exc:
        raise CorpusError(f"{path}: cannot read the concordance: {exc.strerror}") from None
    return parse_concordance(text, str(path))
