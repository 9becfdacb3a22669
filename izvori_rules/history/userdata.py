"""Releases a judge adds later (``izvori-judge corpus add FILE.txt``), kept in the user's data folder.

Wizards publishes a new Comprehensive Rules every two or three months; the installed package is never
written to. A release joins the history in ``$IZVORI_JUDGE_DATA`` (default ``$XDG_DATA_HOME/izvori-judge``,
else ``~/.local/share/izvori-judge``; :func:`izvori_rules.corpus.data_dir`), as
``cr-releases/YYYY-MM-DD.txt``, normalised as the archive's README describes: decoded strictly (UTF-8 with or without a BOM, UTF-16 with a BOM, else Windows-1252), CRLF
and lone CR turned into LF, the BOM dropped, nothing else changed. The date is the one printed in the text's
date line. A file without that line or without numbered rules is refused and nothing stored changes.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ..corpus import added_files, added_folder
from ..errors import CorpusError, NotARelease, Phrase
from ..userfile import read_user_bytes
from .store import ReleaseSource

if TYPE_CHECKING:
    from .corrections import Fix

MIN_RULES = 100  # every release since 2003 numbers at least 579 rules
MAX_BYTES = 16 * 2**20  # the largest packaged release (2026) is 1,707,002 bytes; /dev/zero is refused, not read whole
RELEASE_FILE = Phrase("what_release_file", "the release file")


@dataclass(frozen=True, slots=True)
class Added:
    """What ``corpus add`` did: the release's date, where it is kept, whether it was already there, the
    release before it, whether it is now the newest (``cr``), and how many rules it numbers."""

    date: str
    path: Path
    already_there: bool
    previous: str | None
    newest: bool
    rules: int
    encoding: str


def user_releases(fixes: Mapping[str, tuple[Fix, ...]] | None = None) -> list[ReleaseSource]:
    """The releases in the data folder, in date order (none when the folder does not exist), each with the
    corrections table's rows for its date (``fixes``, :func:`.corrections.by_release`) as a packaged release
    has its own."""
    return [ReleaseSource(p.stem, hashlib.sha256(p.read_bytes()).hexdigest(), str(p), _Read(p),
                          fixes=(fixes or {}).get(p.stem, ()))
            for p in added_files()]


class _Read:
    """Reads one added release's text when a build needs it."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def __call__(self) -> str:
        return self.path.read_text(encoding="utf-8")


def decode_release(raw: bytes, where: str) -> tuple[str, str]:
    """The text of a downloaded release, normalised, and the encoding it was read in."""
    if raw.startswith(b"\xef\xbb\xbf"):
        text, encoding = _strict(raw[3:], "utf-8", where), "UTF-8 with BOM"
    elif raw.startswith((b"\xff\xfe", b"\xfe\xff")):
        text, encoding = _strict(raw, "utf-16", where), "UTF-16"
    elif b"\x00" in raw:
        raise NotARelease("{file}: not a text file (it holds NUL bytes and has no UTF-16 byte-order mark)",
                          key="release_not_text", file=where)
    else:
        try:
            text, encoding = raw.decode("utf-8"), "UTF-8"
        except UnicodeDecodeError:
            text, encoding = _strict(raw, "cp1252", where), "Windows-1252"
    return text.replace("\r\n", "\n").replace("\r", "\n"), encoding


def _strict(raw: bytes, codec: str, where: str) -> str:
    try:
        return raw.decode(codec)
    except UnicodeDecodeError as exc:
        raise NotARelease("{file}: not readable as {codec} (byte {byte})", key="release_undecodable", file=where,
                          codec=codec, byte=exc.start) from None


def check_release(text: str, where: str) -> tuple[str, int]:
    """The effective date and the number of numbered rules of a release's text; anything else is refused."""
    from ..model import RULE, SUBRULE
    from ..parsing.cr_english import effective_date, parse

    date = effective_date(text)
    if date is None:
        raise NotARelease("{file}: not a Comprehensive Rules release: no line \"These rules are effective as of "
                          "<date>.\" (or \"current as of\") near its start", key="release_no_date", file=where)
    try:
        rules = sum(1 for n in parse(text).nodes if n.kind in (RULE, SUBRULE))
    except ValueError as exc:
        raise NotARelease("{file}: not a Comprehensive Rules release: {problem}", key="release_unparsable",
                          file=where, problem=str(exc)) from None
    if rules < MIN_RULES:
        raise NotARelease("{file}: not a Comprehensive Rules release: {rules} numbered rules (every release "
                          "numbers at least {least})", key="release_too_few_rules", file=where, rules=rules,
                          least=MIN_RULES)
    return date, rules


def add_release(file: Path) -> Added:
    """Check ``file`` and keep it in the data folder. A date the packaged archive holds is accepted only
    with the archive's own text (then nothing is stored); a date added before is replaced."""
    from ..cr_releases import releases
    from .family import cr_folder

    raw = read_user_bytes(file, MAX_BYTES, RELEASE_FILE, NotARelease)
    text, encoding = decode_release(raw, str(file))
    date, rules = check_release(text, str(file))
    data = text.encode("utf-8")
    sha = hashlib.sha256(data).hexdigest()
    packaged = {r.date: r.sha256 for r in releases(cr_folder())}
    if date in packaged and packaged[date] != sha:
        raise NotARelease("{file}: the history already holds the release effective {date} with a different text; "
                          "a reissue of a packaged release is not added", key="release_reissue", file=str(file),
                          date=date)
    target = added_folder() / f"{date}.txt"
    already = packaged.get(date) == sha or _same_file(target, data)
    if not already:
        _write(target, data)
    dates = sorted(set(packaged) | {s.date for s in user_releases()} | {date})
    index = dates.index(date)
    return Added(date, target if date not in packaged else file, already, dates[index - 1] if index else None,
                 index == len(dates) - 1, rules, encoding)


def _same_file(path: Path, data: bytes) -> bool:
    try:
        return path.read_bytes() == data
    except OSError:
        return False


def _write(path: Path, data: bytes) -> None:
    from ..cache import write_atomic

    if not write_atomic(path, data):
        raise CorpusError("{file}: cannot write to the data folder (set IZVORI_JUDGE_DATA to a writable folder)",
                          key="data_unwritable", file=str(path))
