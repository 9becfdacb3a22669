"""The committed tables of the originals: ``originals.tsv`` (made by ``scripts/make_originals.py``) and the
judge's corrections it starts from, ``original_corrections.tsv``.

``originals.tsv`` has one row per node of cs-cr, ru-cr and sr-judge: ``ref``, ``release`` (the English release
it was linked in), ``original`` (the English id there, empty when none), ``status`` (``model.ORIGINAL_STATUSES``),
``score`` (the content agreement, 0..1) and ``note``. Linking takes a few seconds and reads three English
releases, so it is not done at run time; a test checks that the script reproduces the file (style habit 16).

``original_corrections.tsv`` holds the links a judge decided by reading both texts where the content check
cannot (sr-judge C10.26 keeps a phrase of 2006-07-15 that signals do not show): ``ref``, ``release``,
``original``, ``note``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

from ..corpus import corpus_dir, read_table
from ..model import ORIGINAL_STATUSES, Original
from ..tsv import read_tsv
from .link import Link

FILE_NAME = "originals.tsv"
CORRECTIONS = "original_corrections.tsv"
COLUMNS = ("ref", "release", "original", "status", "score", "note")
CORRECTION_COLUMNS = ("ref", "release", "original", "note")
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
HEADER = """\
# The English original of every node of cs-cr, ru-cr and sr-judge (issue 16). MADE BY scripts/make_originals.py:
# do not edit by hand (correct a link in original_corrections.tsv and run the script again).
# Columns (tab-separated): ref, release (the English release linked in), original (its id there; empty: none),
#   status: number (same number, content agrees), renumbered (sr-judge: through the chapter map, content agrees),
#           mismatch (the text translates another rule than its number: original names it, the note the number),
#           other_release (the wording of another release), corrected (original_corrections.tsv), weak (linked
#           by place, the content check inconclusive: headings, short rules), none (the note says why)
#   score: how well numbers, cited rules, keyword concepts and length agree (0..1); note.
"""


def release_ref(release: str, node_id: str) -> str:
    """``cr-2006-10-01:103.4``."""
    return f"cr-{release}:{node_id}"


def format_originals(links: Iterable[Link]) -> str:
    """The text of ``originals.tsv``."""
    lines = [HEADER + "\t".join(COLUMNS)]
    for link in links:
        lines.append("\t".join((link.ref, link.release, link.original, link.status, f"{link.score:.2f}",
                                link.note)))
    return "\n".join(lines) + "\n"


def parse_originals(text: str, source: str = FILE_NAME) -> dict[str, Original]:
    """``ref → Original``; a malformed row names its file, line and column."""
    out: dict[str, Original] = {}
    for row in read_tsv(text, source, COLUMNS):
        if not _DATE.fullmatch(row["release"]):
            raise row.error("release", f"{row['release']!r} is not a release date")
        if row["status"] not in ORIGINAL_STATUSES:
            raise row.error("status", f"{row['status']!r} is not one of {', '.join(ORIGINAL_STATUSES)}")
        try:
            score = float(row["score"])
        except ValueError:
            raise row.error("score", f"{row['score']!r} is not a number") from None
        ref = release_ref(row["release"], row["original"]) if row["original"] else ""
        out[row["ref"]] = Original(ref, row["release"], row["original"], row["status"], score, row["note"])
    return out


def load_originals(root: Path | None = None) -> dict[str, Original]:
    """The originals of the corpus folder (none when it has no ``originals.tsv``)."""
    return parse_originals(*_read(root, FILE_NAME))


def load_corrections(root: Path | None = None) -> list[Link]:
    """The judge's corrections, as links. An empty original says that no rule of the release says what the
    node says (a rule of Izvori's own, linked wrongly by its place): its status is ``none``, the note why."""
    text, source = _read(root, CORRECTIONS)
    out = []
    for row in read_tsv(text, source, CORRECTION_COLUMNS):
        if not _DATE.fullmatch(row["release"]) or not row["note"]:
            raise row.error("release", "a correction needs a release date and a note")
        if row["original"]:
            out.append(Link(row["ref"], row["release"], row["original"], "corrected", 1.0, row["note"]))
        else:
            out.append(Link(row["ref"], row["release"], "", "none", 0.0, row["note"]))
    return out


def _read(root: Path | None, name: str) -> tuple[str, str]:
    found = read_table(name, name, root)
    if found is None:  # no table: one with no rows
        header = "\t".join(COLUMNS if name == FILE_NAME else CORRECTION_COLUMNS) + "\n"
        return header, str((root or corpus_dir()) / name)
    return found
