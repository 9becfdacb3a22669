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
from ..tsv import Row, read_tsv
from ..model import CURATED_CONFIDENCE, split_ref

FILE_NAME = "concordance.tsv"
COLUMNS = ("left", "right", "relation", "note", "split")
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
        return CURATED_CONFIDENCE[self.relation]

    def where(self, column: str) -> str:
        """``file:line:column`` of one of this row's cells (``left``, ``right``, …)."""
        return f"{self.source}:{self.line}:{self.columns[COLUMNS.index(column)]}"


def parse_concordance(text: str, source: str = FILE_NAME) -> tuple[CuratedPair, ...]:
    """Parse the TSV text: comment lines start with ``#``; the first other line is the header."""
    pairs = [_pair(row) for row in read_tsv(text, source, COLUMNS)]
    _check_duplicates(pairs)
    _check_splits(pairs)
    return tuple(pairs)


def _pair(row: Row) -> CuratedPair:
    for side in ("left", "right"):
        if not _REF.fullmatch(row[side]):
            raise row.error(side, f"{row[side]!r} is not a reference like ru-cr:702.19b")
    if split_ref(row["left"])[0] == split_ref(row["right"])[0]:
        raise row.error("right", f"{row['right']!r} is in the same document as the left ref")
    if row["relation"] not in CURATED_CONFIDENCE:
        raise row.error("relation", f"{row['relation']!r} is neither same nor close")
    if row["split"] not in SPLITS:
        raise row.error("split", f"{row['split']!r} is neither train nor heldout")
    if not row["note"]:
        raise row.error("note", "empty (say what was checked, or how the rules differ)")
    return CuratedPair(row["left"], row["right"], row["relation"], row["note"], row["split"], row.source,
                       row.line, tuple(row.starts[name] for name in COLUMNS))


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
