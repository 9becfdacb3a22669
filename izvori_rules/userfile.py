"""Read a file the user hands a command (a judge's text, a deck list, a scenario): bounded, and decoded from
the encodings Serbian, Russian and Czech judges' files come in.

Every command that reads a user's file reads it here, so they all accept the same files and refuse the same
ones with the same words:

* **size**: at most ``limit`` bytes are read, and one more to tell that there is more. ``st_size`` is not
  trusted (``/dev/zero``, a FIFO, ``/proc`` files report 0 or lie), so a file that never ends is refused
  after ``limit + 1`` bytes instead of filling the memory.
* **encodings** (:data:`ENCODINGS`): UTF-8 (with or without a BOM); UTF-16 LE or BE with a BOM; and, for a
  file that is not UTF-8, the three 8-bit code pages of the corpus's languages: Windows-1250 (the old
  Windows default for Serbian Latin and Czech), Windows-1251 (Serbian and Russian Cyrillic) and KOI8-R
  (Russian). Which of the three is chosen by a score of the decoded text: real text has whole words in one
  script, few words made mostly of accented letters, and capitals only at the start of a word; reading
  Windows-1251 as KOI8-R swaps the cases, reading Cyrillic as Windows-1250 gives words of accented Latin
  letters, reading Serbian Latin as Windows-1251 puts Cyrillic letters inside Latin words (a text all in
  capitals may still be misread). A file with NUL characters (a binary file, UTF-16 without its BOM) is
  refused, with the list of what is read.
"""

from __future__ import annotations

import codecs
import os
import re
import sys
from pathlib import Path

from .errors import IzvoriError, Phrase, os_reason

ENCODINGS = ("UTF-8", "UTF-16 (with a BOM)", "Windows-1250", "Windows-1251", "KOI8-R")
EIGHT_BIT = ("cp1250", "cp1251", "koi8_r")
_WORD = re.compile(r"[^\W\d_]+")
_LATIN_ACCENTED = re.compile(r"[\u00c0-\u024f]")
_CYRILLIC = re.compile(r"[\u0400-\u04ff]")
_ASCII_LETTER = re.compile(r"[A-Za-z]")


def read_user_file(file: str | Path, limit: int, what: str | Phrase, error: type[IzvoriError] = IzvoriError) -> str:
    """The text of ``file`` (``-`` is standard input): at most ``limit`` bytes, decoded by :func:`decode_text`.
    Every problem is an ``error`` (an :class:`IzvoriError` subclass) naming the file and ``what`` it is (a
    :class:`~.errors.Phrase`, so that the judge's language names it too)."""
    return decode_text(read_user_bytes(file, limit, what, error), str(file), what, error)


def read_user_bytes(file: str | Path, limit: int, what: str | Phrase, error: type[IzvoriError] = IzvoriError) -> bytes:
    """At most ``limit`` bytes of ``file``; one byte more is an ``error`` (the size on disk is not trusted)."""
    name = str(file)
    if name == "":
        raise error("no file given for {what}", key="file_none", what=what)
    try:
        if name == "-":
            raw = sys.stdin.buffer.read(limit + 1)
        else:
            # Opened without blocking, so that a FIFO with no writer gives an empty file instead of a hang,
            # then read blocking, so that a pipe with a writer (``<(command)``) is read to its end.
            fd = os.open(name, os.O_RDONLY | os.O_NONBLOCK)
            os.set_blocking(fd, True)
            with os.fdopen(fd, "rb") as handle:
                raw = handle.read(limit + 1)
    except IsADirectoryError:
        raise error("{file}: cannot read {what}: it is a folder", key="file_folder", file=name, what=what) from None
    except OSError as exc:
        raise error("{file}: cannot read {what}: {reason}", key="file_unreadable", file=name, what=what,
                    reason=os_reason(exc)) from None
    except ValueError as exc:  # a path with a NUL character
        raise error("{file!r}: not a file name ({reason})", key="file_bad_name", file=name, reason=str(exc)) from None
    if len(raw) > limit:
        raise error("{file}: {what} is too large (more than {limit:,} bytes)", key="file_too_large", file=name,
                    what=what, limit=limit)
    return raw


def decode_text(raw: bytes, where: str, what: str | Phrase = Phrase("what_text_file", "a text file"),
                error: type[IzvoriError] = IzvoriError) -> str:
    """Decode a user's file: by its BOM, as UTF-8, else as the best-scoring 8-bit code page (module doc). Line
    ends are read as Python's text mode reads them: ``\\r\\n`` (Windows) and a lone ``\\r`` (old Mac editors)
    end a line, so that a deck list saved with either is not one long line, and line numbers are the editor's."""
    text = _decode(raw)
    if text is None or "\x00" in text:
        raise error("{file}: not a text file: {what} is read in {encodings} or {last}, and this file has NUL "
                    "characters or bytes none of them reads as text", key="file_not_text", file=where, what=what,
                    encodings=", ".join(ENCODINGS[:-1]), last=ENCODINGS[-1])
    return text.replace("\r\n", "\n").replace("\r", "\n")


def _decode(raw: bytes) -> str | None:
    for bom, codec in ((codecs.BOM_UTF8, "utf-8"), (codecs.BOM_UTF16_LE, "utf-16-le"),
                       (codecs.BOM_UTF16_BE, "utf-16-be")):
        if raw.startswith(bom):
            try:
                text = raw[len(bom):].decode(codec)
            except UnicodeDecodeError:
                return None
            return text if codec == "utf-8" or _looks_like_text(text) else None
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        pass
    if b"\x00" in raw:
        return None
    return guess_eight_bit(raw)[1]


def _looks_like_text(text: str) -> bool:
    """Whether UTF-16 decoded bytes are text rather than a binary file that begins with a BOM's two bytes:
    no control characters but whitespace, no unassigned or surrogate code points, and not mostly the East
    Asian scripts that any pair of bytes becomes."""
    import unicodedata

    if any(unicodedata.category(c) in ("Cc", "Cn", "Cs", "Co") and c not in "\t\n\r\f" for c in text):
        return False
    return sum(c >= "\u3000" for c in text) * 3 <= len(text)


def guess_eight_bit(raw: bytes) -> tuple[str, str | None]:
    """The 8-bit code page (of :data:`EIGHT_BIT`) whose reading of ``raw`` scores best, and the text."""
    best: tuple[float, str, str | None] = (float("-inf"), EIGHT_BIT[0], None)
    for codec in EIGHT_BIT:
        try:
            text = raw.decode(codec)
        except UnicodeDecodeError:
            continue
        score = plausibility(text)
        if score > best[0]:
            best = (score, codec, text)
    return best[1], best[2]


def plausibility(text: str) -> float:
    """How much a decoded text looks like words of the corpus's languages (higher is better; see the module
    doc). Each word with a non-ASCII letter scores: -2 when it mixes scripts, is mostly accented Latin letters
    or has a capital after a small letter; else 1 in small letters or with one capital in front, 0.5 in
    capitals (texts are mostly small letters: this tells Windows-1251 from KOI8-R, which swap the cases)."""
    score = 0.0
    for word in _WORD.findall(text):
        if word.isascii():
            continue
        cyrillic = len(_CYRILLIC.findall(word))
        accented = len(_LATIN_ACCENTED.findall(word))
        latin = len(_ASCII_LETTER.findall(word)) + accented
        if (cyrillic and latin) or (accented * 2 > len(word) and len(word) > 2):
            score -= 2.0
        elif word.islower() or word[1:].islower() or len(word) == 1:
            score += 1.0
        elif word.isupper():
            score += 0.5
        else:
            score -= 2.0
    return score
