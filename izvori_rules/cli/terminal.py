"""What reaches the terminal: text from files and the command line printed as text, never as markup or as control
sequences; a width that makes sense; and output that degrades instead of crashing on a narrow encoding.

* Every console is made with ``markup=False`` and renders through :class:`SafeConsole`, which replaces control
  characters (ESC, BEL, backspace, C1 codes, bidi overrides) by visible stand-ins in every segment of text, so a
  judge's file with ``[/]``, ``[link=…]`` or an ESC sequence prints as written and cannot drive the terminal.
* ``COLUMNS=0`` (or garbage) gives 80 columns; a width under 20 gives 20.
* ``PYTHONIOENCODING=ascii`` (or a legacy code page): characters the stream cannot encode are folded
  (``č`` → ``c``, ``Ж`` → ``Z``, ``›`` → ``>``, one character for one) or become ``?``; JSON is then written with ``\\u`` escapes,
  so it stays exact.
"""

from __future__ import annotations

import codecs
import errno
import os
import re
import sys
import unicodedata
from collections.abc import Iterable
from functools import cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rich.console import Console

DEFAULT_WIDTH = 80
MIN_WIDTH = 20
NARROW = 60  # below this many columns, tables become stacked "key: value" blocks

# C0 controls but tab and newline, DEL, C1 controls, and the bidi embeddings/overrides/isolates.
_UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def _stand_in(char: str) -> str:
    code = ord(char)
    if code < 0x20:
        return chr(0x2400 + code)  # U+241B ␛ for ESC, U+2407 ␇ for BEL ...
    return "\u2421" if code == 0x7F else "\ufffd"


def plain(text: str) -> str:
    """``text`` with every control character replaced by a visible stand-in (ESC → ␛)."""
    return _UNSAFE.sub(lambda m: _stand_in(m.group()), text)


def width() -> int | None:
    """The width to use: ``COLUMNS`` when it is a usable number, 80 when it is set but not usable, None (let
    rich ask the terminal) when it is not set."""
    raw = os.environ.get("COLUMNS")
    if raw is None:
        return None
    try:
        columns = int(raw)
    except ValueError:
        return DEFAULT_WIDTH
    return DEFAULT_WIDTH if columns <= 0 else max(columns, MIN_WIDTH)


@cache
def _console_class() -> type[Console]:
    from rich.console import Console
    from rich.segment import Segment

    class SafeConsole(Console):
        """A rich console whose every text segment is passed through :func:`plain`."""

        def render(self, renderable: Any, options: Any = None) -> Iterable[Segment]:  # type: ignore[override]
            for segment in super().render(renderable, options):
                if segment.control is None and _UNSAFE.search(segment.text):
                    yield Segment(plain(segment.text), segment.style)
                else:
                    yield segment

        def on_broken_pipe(self) -> None:
            """A reader that stopped early (``| head -1``) is reported as every other output failure is, by
            :func:`izvori_rules.cli.main` (exit status 2), rather than by rich's own ``SystemExit(1)``."""
            raise BrokenPipeError(errno.EPIPE, "standard output is a broken pipe")

    return SafeConsole


def make_console(stderr: bool = False) -> Console:
    """A console for standard output (or error): no markup, no highlighting, safe text, a sane width."""
    return _console_class()(stderr=stderr, markup=False, highlight=False, emoji=False, width=width())


def narrow(console: Console) -> bool:
    """Whether the console is too narrow for tables (a phone)."""
    return console.width < NARROW


# --- encodings ---------------------------------------------------------------------------------------------

# One character for one, so that folded text keeps the columns rich laid out (boxes, tables stay aligned).
_SPECIAL = {"›": ">", "‹": "<", "–": "-", "—": "-", "…": ".", "“": '"', "”": '"', "„": '"', "«": '"', "»": '"',
            "‘": "'", "’": "'", "≡": "=", "→": ">", "←": "<", "×": "x", "⚠": "!", "⚑": "!", "✗": "x", "✓": "v",
            "•": "*", "·": "*", "−": "-", "đ": "d", "Đ": "D", "ß": "s", "\u00a0": " "}
_CYRILLIC = dict(zip("абвгдежзийклмнопрстуфхцчшщъыьэюяёђјљњћџ", "abvgdezzijklmnoprstufhccss'y'euaedjlncd",
                     strict=True))


def fold_char(char: str) -> str:
    """The nearest ASCII letter or sign for one character (``č`` → ``c``, ``Ж`` → ``Z``, ``›`` → ``>``), or
    ``?``; always one character, so that folding keeps the layout."""
    if char in _SPECIAL:
        return _SPECIAL[char]
    lower = char.lower()
    if lower in _CYRILLIC:
        return _CYRILLIC[lower].upper() if char != lower else _CYRILLIC[lower]
    stripped = "".join(c for c in unicodedata.normalize("NFKD", char) if not unicodedata.combining(c))
    return stripped if len(stripped) == 1 and stripped.isascii() else "?"


def _fold_errors(exc: UnicodeError) -> tuple[str, int]:
    if not isinstance(exc, UnicodeEncodeError):
        raise exc
    return "".join(fold_char(c) for c in exc.object[exc.start:exc.end]), exc.end


def encodes_everything(stream: Any) -> bool:
    """Whether the stream's encoding can write any text of the corpus."""
    encoding = getattr(stream, "encoding", None) or "utf-8"
    try:
        "čЖ›─".encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def guard_encodings() -> None:
    """Let standard output and error write what they can and fold the rest, instead of raising."""
    codecs.register_error("izvori-fold", _fold_errors)
    for stream in (sys.stdout, sys.stderr):
        if not encodes_everything(stream) and hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="izvori-fold")
