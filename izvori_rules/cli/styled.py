"""Styled text as data, and a small renderer of it that stands in for rich where rich would print the same.

A paragraph (:data:`Para`) is a tuple of ``(text, style)`` spans, the style one of rich's style strings
(``"bold"``, ``"italic cyan"``, ``""`` for none). ``lookup`` builds its answer as paragraphs once; rich renders
them (:func:`to_text`, in a ``Panel``) or, when :func:`target` says the output is one this module can write
exactly as rich would (UTF-8, POSIX, no notebook), :func:`panel` and :func:`block` do, without importing
``rich.console`` (a fifth of a cold ``lookup``; issue 12). ``scenario run`` lays out its answer so too, as
paragraphs with hanging indents (:func:`hanging`) and the final state's table, which :func:`table` draws as rich's
``Table`` would (issue 14); ``search`` its hits, as paragraphs printed whole (:func:`block`) or with hanging indents
(issue 10). Lines break where rich breaks them: the words are divided by rich's own word wrap
(``rich._wrap.divide_line``) and measured by ``rich.cells``, both light to import, and imported only for a text
with a character that is not one column wide (:data:`ONE_CELL`, :func:`cells`).
The styles are written as rich writes them (SGR codes, colours dropped under ``NO_COLOR``); a test renders the
same answers through both and compares them character by character.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable, Collection, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, NamedTuple, TextIO

from .terminal import plain

if TYPE_CHECKING:
    from rich.text import Text

Span = tuple[str, str]
Para = tuple[Span, ...]

_ATTRIBUTES = {"bold": "1", "dim": "2", "italic": "3", "underline": "4", "reverse": "7"}
_COLOURS = {"black": "30", "red": "31", "green": "32", "yellow": "33", "blue": "34", "magenta": "35", "cyan": "36",
            "white": "37"}
TAB_SIZE = 8  # rich's console default
# Characters one column wide in rich's cell table (Latin, Greek, Cyrillic, general punctuation, arrows and
# mathematical signs, box drawing, ⚑, ⚠; a test checks each): a line of them only is broken by
# :func:`_breaks`, measured by ``len``, instead of word by word through rich's cell table (a third of the
# drawing of a cold ``lookup``).
ONE_CELL = re.compile("[\x20-\x7e\xa0-\xac\xae-\u02ff\u0370-\u0482\u2010-\u2027\u2030-\u205e\u2190-\u22ff"
                      "\u2500-\u25fc\u2690-\u2692\u26a0]*")
_DROPPED = dict.fromkeys(map(ord, "\x07\x08\x0b\x0c\r"))  # what rich.control.strip_control_codes removes
_WORD = re.compile(r"\s*\S+\s*")  # rich._wrap's words: a word with the spaces around it


def to_text(para: Para) -> Text:
    """The paragraph as a rich ``Text``."""
    from rich.text import Text

    return Text.assemble(*para)


def _fit(text: str, width: int) -> str:
    """``text`` cropped or padded with spaces to ``width`` columns, as rich's ``set_cell_size`` makes it: a text of
    one-column characters (:data:`ONE_CELL`) by its length, without importing ``rich.cells`` (a cold ``lookup``
    draws its panel's title so). A width below zero is rich's to cut: it cuts some such texts and empties others."""
    if width >= 0 and ONE_CELL.fullmatch(text):
        return text[:width] + " " * (width - len(text))
    from rich.cells import set_cell_size

    return set_cell_size(text, width)


def cells(text: str) -> int:
    """The columns ``text`` takes, as rich's ``cell_len`` counts them: a text of one-column characters
    (:data:`ONE_CELL`) by its length, without importing ``rich.cells``."""
    if ONE_CELL.fullmatch(text):
        return len(text)
    from rich.cells import cell_len

    return cell_len(text)


def wrap(para: Para, width: int) -> list[Para]:
    """The paragraph's lines at ``width`` cells, broken as rich's ``Text.wrap`` breaks them (at ``\\n`` and
    between words, a word longer than the line folded, a line's spaces past the width dropped)."""
    lines: list[Para] = []
    for line in _split(para):
        text = "".join(t for t, _ in line)
        if ONE_CELL.fullmatch(text):
            breaks = _breaks(text, width)
        else:
            from rich._wrap import divide_line

            breaks = divide_line(text, width, fold=True)
        offsets = [0, *breaks, len(text)]
        for start, end in zip(offsets, offsets[1:]):
            piece = _slice(line, start, end)
            size = end - start
            trailing = size - len(text[start:end].rstrip())
            if size > width and trailing:  # rich's Text.rstrip_end: spaces past the width only
                piece = _slice(piece, 0, size - min(trailing, size - width))
            if cells("".join(t for t, _ in piece)) > width:
                piece = _crop(piece, width)
            lines.append(piece)
    return lines


def _breaks(text: str, width: int) -> list[int]:
    """Where rich's ``divide_line`` breaks a text of one-column characters (:data:`ONE_CELL`): before a word
    that does not fit what is left of the line, and inside a word longer than a line."""
    breaks, column = [], 0
    for match in _WORD.finditer(text):
        start, word = match.start(), match.group()
        length = len(word.rstrip())
        if width - column >= length:
            column += len(word)
        elif length > width:  # folded into pieces of a line each
            pieces = [word[i:i + width] for i in range(0, len(word), width)]
            for number, piece in enumerate(pieces, 1):
                if start:
                    breaks.append(start)
                if number == len(pieces):
                    column = len(piece)
                else:
                    start += len(piece)
        elif column and start:
            breaks.append(start)
            column = len(word)
    return breaks


def hanging(para: Para, indent: int, rest: int, width: int) -> Para:
    """The paragraph wrapped to ``width`` with a hanging indent (first line ``indent`` columns in, the others
    ``rest``), as one paragraph of several lines: every line as wide as the deeper indent leaves, as
    :func:`.layout.hang` wraps it."""
    out: list[Span] = []
    for number, line in enumerate(wrap(para, max(width - max(indent, rest), 10))):
        out.append((("\n" if number else "") + " " * (rest if number else indent), ""))
        out.extend(_rstrip(line))
    return tuple(out)


def _split(para: Para) -> list[Para]:
    """The paragraph's lines at each ``\\n`` (a trailing one gives an empty last line), tabs expanded."""
    lines: list[list[Span]] = [[]]
    for text, style in para:
        for number, part in enumerate(text.split("\n")):
            if number:
                lines.append([])
            if part:
                lines[-1].append((part, style))
    return [tuple(_expand_tabs(line)) for line in lines]


def _expand_tabs(line: list[Span]) -> list[Span]:
    """Each tab as the spaces to the next multiple of :data:`TAB_SIZE` cells (rich's ``Text.expand_tabs``)."""
    if not any("\t" in text for text, _ in line):
        return line
    from rich.cells import cell_len

    out, column = [], 0
    for text, style in line:
        chars = []
        for char in text:
            spaces = TAB_SIZE - column % TAB_SIZE if char == "\t" else 0
            chars.append(" " * spaces if spaces else char)
            column += spaces or cell_len(char)
        out.append(("".join(chars), style))
    return out


def _slice(line: Para, start: int, end: int) -> Para:
    """Characters ``start:end`` of the line, each span keeping its style."""
    out, position = [], 0
    for text, style in line:
        left, right = max(start - position, 0), min(end - position, len(text))
        if left < right:
            out.append((text[left:right], style))
        position += len(text)
    return tuple(out)


def _crop(line: Para, width: int) -> Para:
    text = _fit("".join(t for t, _ in line), width)  # a double-width character cut becomes a space
    out, position = [], 0
    for piece, style in _slice(line, 0, len(text)):
        out.append((text[position:position + len(piece)], style))
        position += len(piece)
    return tuple(out)


def _rstrip(line: Para) -> Para:
    text = "".join(t for t, _ in line)
    return _slice(line, 0, len(text.rstrip()))


# --- the renderer --------------------------------------------------------------------------------------------

class Target(NamedTuple):
    """Where the answer goes, as rich would see it: its width, whether it takes escape codes, whether colours
    are dropped (``NO_COLOR``)."""

    width: int
    styled: bool
    no_color: bool


def target(stream: TextIO, width: int | None) -> Target | None:
    """The output ``stream`` as rich's ``Console`` would judge it (rich 13-15: ``TTY_COMPATIBLE``, then
    ``FORCE_COLOR``, then ``isatty``; a ``dumb`` terminal gets no styles and 80 columns; else ``width``, the
    terminal's size, or 80); None where rich would do more than this module can (an encoding that is not UTF,
    whose boxes rich draws in ASCII; Windows; IDLE; a notebook): rich then renders."""
    encoding = (getattr(stream, "encoding", None) or "utf-8").lower()
    if not encoding.startswith("utf") or sys.platform == "win32" or "IPython" in sys.modules \
            or getattr(sys.stdin, "__module__", "").startswith("idlelib"):
        return None
    terminal = _is_terminal(stream)
    dumb = terminal and os.environ.get("TERM", "").lower() in ("dumb", "unknown")
    return Target(80 if dumb else width or _terminal_width(), terminal and not dumb,
                  os.environ.get("NO_COLOR", "") != "")


def _is_terminal(stream: TextIO) -> bool:
    compatible = os.environ.get("TTY_COMPATIBLE", "")
    if compatible in ("0", "1"):
        return compatible == "1"
    force = os.environ.get("FORCE_COLOR")
    if force is not None:
        return force != ""
    try:
        return stream.isatty()
    except (ValueError, AttributeError):
        return False


def _terminal_width() -> int:
    for fd in (0, 1, 2):
        try:
            return os.get_terminal_size(fd).columns or 80
        except (OSError, ValueError):
            continue
    return 80


def panel(paras: list[Para], title: Para, subtitle: Para, out: Target) -> str:
    """The paragraphs in a rounded box ``out.width`` wide, as rich's ``Panel`` draws it (padding one column
    each side, the title on the top border at the left, the subtitle on the bottom border at the right)."""
    inner = out.width - 4
    rows = [f"╭─{_border_text(title, inner, left=True, out=out)}─╮"]
    for para in paras:
        for line in wrap(para, inner):
            pad = inner - cells("".join(t for t, _ in line))
            rows.append(f"│ {_sgr(line, out)}{' ' * pad} │")
    rows.append(f"╰─{_border_text(subtitle, inner, left=False, out=out)}─╯")
    return "\n".join(rows) + "\n"


def _border_text(para: Para, width: int, left: bool, out: Target) -> str:
    """A title or subtitle padded with one space each side, on a border of ``─`` ``width`` cells long."""
    padded = _crop(((" ", para[0][1]), *para, (" ", para[-1][1])), width) if para else ()
    rule = "─" * (width - cells("".join(t for t, _ in padded)))
    return _sgr(padded, out) + rule if left else rule + _sgr(padded, out)


def block(paras: list[Para], out: Target) -> str:
    """The paragraphs one after another, each wrapped to the width (what rich prints without a box)."""
    return "".join(_sgr(line, out) + "\n" for para in paras for line in wrap(para, out.width))


def laid_out(paras: list[Para], out: Target) -> str:
    """Paragraphs already broken into lines that fit (:func:`hanging`, :func:`table`), written as they are: what
    rich prints with ``no_wrap`` and ``crop=False``, without wrapping them a second time."""
    return "".join(_sgr(line, out) + "\n" for para in paras for line in _split(para))


def _sgr(line: Para, out: Target) -> str:
    """The line with each styled span in rich's escape codes (attributes, then the colour), when styled; its
    control characters made visible after the layout, as the tool's rich console does (:func:`.terminal.plain`),
    so that a rule's text can never write an escape sequence of its own (those rich's ``Text`` drops, dropped)."""
    if not out.styled:
        return plain("".join(t for t, _ in line).translate(_DROPPED))
    parts = []
    for raw, style in line:
        text = plain(raw.translate(_DROPPED))
        words = style.split()
        codes = [_ATTRIBUTES[w] for w in _ATTRIBUTES if w in words]
        codes += [] if out.no_color else [_COLOURS[w] for w in words if w in _COLOURS]
        parts.append(f"\x1b[{';'.join(codes)}m{text}\x1b[0m" if codes and text else text)
    return "".join(parts)


# --- tables --------------------------------------------------------------------------------------------------

def table(headers: Sequence[str], rows: Sequence[Sequence[str | Span]], title: str, right: Collection[int],
          out: Target, fold: bool = False) -> str:
    """The rows as rich's ``Table(title=title, header_style="bold", title_justify="left")`` draws them (issue 14:
    ``scenario run`` prints its final state without ``rich.console``; ``cite-check`` its table of every citation,
    which rich draws at about a millisecond a row): rich's column widths (:func:`_widths`), each cell wrapped and
    cut with ``…`` as rich does (:func:`_cell`; ``fold``: a word too long for its column broken across lines, as
    its columns' ``overflow="fold"``), the header at the bottom of its row, the heavy-headed box, the title in
    italics above. ``right``: the columns justified right. A cell is its text, or a span (text, style) for a rich
    ``Text`` with that style."""
    columns = [[header, *(_text(row[i]) for row in rows)] for i, header in enumerate(headers)]
    widths = _widths(columns, out.width - len(headers) - 1)  # the box: two edges, a line between two columns
    total = sum(widths) + len(headers) + 1
    lines: list[Para] = []
    if title:
        for line in wrap(((title, "italic"),), total):
            lines.append((*line, (" " * (total - cells("".join(t for t, _ in line))), "")))
    lines.append((("┏" + "┳".join("━" * w for w in widths) + "┓", ""),))
    cell = lru_cache(maxsize=4096)(_cell)  # a long text cites the same rules again and again: each laid out once
    lines += _row(headers, widths, right, "┃", "bold", True, fold, cell)
    lines.append((("┡" + "╇".join("━" * w for w in widths) + "┩", ""),))
    for row in rows:
        lines += _row(row, widths, right, "│", "", False, fold, cell)
    lines.append((("└" + "┴".join("─" * w for w in widths) + "┘", ""),))
    return "".join(_sgr(line, out) + "\n" for line in lines)  # laid_out, less its split: a line here is one line


def _text(cell: str | Span) -> str:
    return cell if isinstance(cell, str) else cell[0]


def _row(cells: Sequence[str | Span], widths: list[int], right: Collection[int], bar: str, style: str,
         at_bottom: bool, fold: bool, lay_out: Callable[[str, int, bool, bool], list[str]]) -> list[Para]:
    """One row's lines: each cell padded one column each side (its lines from ``lay_out``, :func:`_cell`), the
    shorter cells filled with blank lines below their text (above it in the header). A cell's own style covers
    its text and the spaces that fill its line."""
    rendered = [lay_out(_text(cell), width - 2, number in right, fold)
                for number, (cell, width) in enumerate(zip(cells, widths))]
    styles = [style or ("" if isinstance(cell, str) else cell[1]) for cell in cells]
    height = max(len(lines) for lines in rendered)
    out: list[Para] = []
    for number in range(height):  # unstyled text gathered into one span: a long table has a million lines
        spans: list[Span] = []
        run = bar
        for lines, width, own in zip(rendered, widths, styles):
            index = number - (height - len(lines) if at_bottom else 0)
            if not 0 <= index < len(lines):
                run += " " * width + bar
            elif own:
                spans += [(run + " ", ""), (lines[index], own)]
                run = " " + bar
            else:
                run += " " + lines[index] + " " + bar
        spans.append((run, ""))
        out.append(tuple(spans))
    return out


def _cell(text: str, width: int, right: bool, fold: bool) -> list[str]:
    """A cell's lines ``width`` cells wide, as rich's ``Text.wrap`` makes them in a table's column (overflow
    ``ellipsis``: words never folded, a line too long cut to end in ``…``; ``fold``: a word too long broken across
    lines, a line cut only where a character two columns wide does not fit)."""
    if "\n" not in text and "\t" not in text and cells(text) <= width:  # one line that fits: most cells
        piece = text.rstrip() if right else text
        pad = " " * (width - cells(piece))
        return [pad + piece if right else piece + pad]
    from rich._wrap import divide_line
    from rich.cells import set_cell_size

    out = []
    for spans in _split(((text, ""),)):
        line = "".join(t for t, _ in spans)
        offsets = [0, *divide_line(line, width, fold=fold), len(line)]
        for start, end in zip(offsets, offsets[1:]):
            piece = line[start:end]
            if len(piece) > width:  # rich's Text.rstrip_end: the spaces past the width only
                piece = piece[:len(piece) - min(len(piece) - len(piece.rstrip()), len(piece) - width)]
            piece = piece.rstrip() if right else piece
            if cells(piece) > width:  # rich's Text.truncate
                piece = set_cell_size(piece, width) if fold else set_cell_size(piece, width - 1) + "…"
            pad = " " * (width - cells(piece))
            out.append(pad + piece if right else piece + pad)
    return out


def _widths(columns: list[list[str]], available: int) -> list[int]:
    """Each column's width with its padding, as rich's ``Table._calculate_column_widths`` finds it (no fixed
    widths, not expanded): as wide as its widest line; a table wider than ``available`` narrowed from its widest
    columns (:func:`_collapse`), then evenly; then each column measured again at the width it was given."""
    widths = [_measure(column, available) or 1 for column in columns]
    if sum(widths) > available:
        widths = _collapse(widths, available)
        if sum(widths) > available:
            widths = _reduce(sum(widths) - available, [1] * len(widths), widths, widths)
        widths = [_measure(column, width) for column, width in zip(columns, widths)]
    return widths


def _measure(column: list[str], width: int) -> int:
    """The widest of the column's cells with their padding, at most ``width`` (rich's ``Measurement`` of a
    ``Padding`` of ``Text``)."""
    if width < 3:
        return max(width, 0)
    return min(max((cells(line) for cell in column for line in cell.splitlines()), default=0) + 2, width)


def _collapse(widths: list[int], available: int) -> list[int]:
    """rich's ``Table._collapse_widths`` (every column may wrap): the widest columns cut down, at most to the
    next widest, until the table fits or they are all as wide."""
    excess = sum(widths) - available
    while sum(widths) and excess > 0:
        widest = max(widths)
        second = max((w for w in widths if w != widest), default=0)
        ratios = [1 if w == widest else 0 for w in widths]
        if not widest - second:
            break
        widths = _reduce(excess, ratios, [min(excess, widest - second)] * len(widths), widths)
        excess = sum(widths) - available
    return widths


def _reduce(total: int, ratios: list[int], maximums: list[int], values: list[int]) -> list[int]:
    """rich's ``_ratio.ratio_reduce`` (without importing ``fractions``): ``total`` taken from the values in
    proportion to the ratios, no more than each one's maximum."""
    ratios = [ratio if maximum else 0 for ratio, maximum in zip(ratios, maximums)]
    remaining_ratio, remaining = sum(ratios), total
    if not remaining_ratio:
        return values[:]
    out = []
    for ratio, maximum, value in zip(ratios, maximums, values):
        if ratio and remaining_ratio > 0:
            taken = min(maximum, round(ratio * remaining / remaining_ratio))
            out.append(value - taken)
            remaining -= taken
            remaining_ratio -= ratio
        else:
            out.append(value)
    return out
