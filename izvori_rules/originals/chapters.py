"""sr-judge's chapters and the chapters of the English CR of 2006-10-01 they translate (``sr_judge_chapters.tsv``).

The map is data a judge can review: section letters A–F are CR sections 1–6 and chapter ``Xn`` is usually CR
chapter ``100·k + n − 1``; the rows with a note are the exceptions (B11 = 211, B15 = 216, D15 = 415, D16 =
423, D17–D23 = 416–422, F3 = 604, F4 = 602, F5 = 603). :func:`formula_id` turns a rule number into the number
the map and the numbering rule predict (``A4.40`` → ``103.4``, ``D11.104`` → ``410.10d``); the content check
decides whether the prediction holds.
"""

from __future__ import annotations

import re
from pathlib import Path

from ..corpus import read_table
from ..tsv import read_tsv

FILE_NAME = "sr_judge_chapters.tsv"
COLUMNS = ("chapter", "original", "note")
SECTIONS = {letter: str(i) for i, letter in enumerate("ABCDEF", start=1)}
_CHAPTER = re.compile(r"[A-F]\d{1,2}")
_RULE = re.compile(r"(?P<chapter>[A-F]\d{1,2})\.(?P<minor>\d{2,3})")
LETTERS = "abcdefghijklmnopqrstuvwxyz"


def parse_chapter_map(text: str, source: str = FILE_NAME) -> dict[str, str]:
    """``sr-judge chapter → English chapter``; a malformed or repeated row names its line and column."""
    out: dict[str, str] = {}
    for row in read_tsv(text, source, COLUMNS):
        if not _CHAPTER.fullmatch(row["chapter"]):
            raise row.error("chapter", f"{row['chapter']!r} is not an sr-judge chapter like D16")
        if not re.fullmatch(r"[1-6]\d\d", row["original"]) or row["original"][0] != SECTIONS[row["chapter"][0]]:
            raise row.error("original", f"{row['original']!r} is not a chapter of CR section "
                                        f"{SECTIONS[row['chapter'][0]]}")
        if row["chapter"] in out:
            raise row.error("chapter", f"{row['chapter']} is listed twice")
        out[row["chapter"]] = row["original"]
    return out


def load_chapter_map(root: Path | None = None) -> dict[str, str]:
    """The chapter map of the corpus folder."""
    return parse_chapter_map(*read_table(FILE_NAME, "the sr-judge chapter map", root, required=True))


def formula_id(sr_id: str, chapters: dict[str, str]) -> str | None:
    """The English id the numbering rule predicts for an sr-judge id, or None (glossary, unknown chapter).

    ``A4`` → ``103``; ``A4.40`` → ``103.4``; ``A4.41`` → ``103.4a``; ``D11.104`` → ``410.10d``; ``A`` → ``1``.
    """
    if sr_id in SECTIONS:
        return SECTIONS[sr_id]
    if _CHAPTER.fullmatch(sr_id):
        return chapters.get(sr_id)
    match = _RULE.fullmatch(sr_id.split("#")[0])
    if not match or match.group("chapter") not in chapters:
        return None
    minor = int(match.group("minor"))
    rule, letter = divmod(minor, 10)
    return f"{chapters[match.group('chapter')]}.{rule}{LETTERS[letter - 1] if letter else ''}"
