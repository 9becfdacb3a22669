"""Layouts that read on a phone as well as on a laptop: a table at 60 columns or more, stacked "key: value"
blocks below; indented paragraphs whose wrapped lines keep their indent. Cells are plain text or rich ``Text``
(never markup: :mod:`.terminal` makes every console with ``markup=False``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .terminal import narrow

if TYPE_CHECKING:
    from rich.console import Console, RenderableType
    from rich.text import Text

    Cell = str | Text


def indented(renderable: RenderableType, left: int) -> RenderableType:
    """The renderable moved ``left`` columns right; every wrapped line keeps the indent."""
    from rich.padding import Padding

    return Padding(renderable, (0, 0, 0, left), expand=False)


def hang(out: Console, text: Text, indent: int = 0, rest: int | None = None) -> None:
    """Print ``text`` wrapped to the console: the first line ``indent`` columns in, the lines it wraps onto
    ``rest`` columns in (a hanging indent), with no padding after the words."""
    from rich.text import Text as RichText

    rest = indent + 2 if rest is None else rest
    width = max(out.width - max(indent, rest), 10)
    for number, line in enumerate(text.wrap(out, width)):
        line.rstrip()
        out.print(RichText.assemble(" " * (rest if number else indent), line), overflow="ignore", crop=False,
                  no_wrap=True)


def labelled(out: Console, label: str, value: Cell, indent: int = 2, style: str = "bold") -> None:
    """Print ``label: value`` indented; its wrapped lines hang two columns further in."""
    from rich.text import Text

    hang(out, Text.assemble((f"{label}: ", style), value), indent)


def grid(out: Console, headers: Sequence[str], rows: Sequence[Sequence[Cell]], title: str | None = None,
         right: Sequence[int] = (), fold: bool = False) -> None:
    """Rows as a table when the console is wide enough, else each row as a block: its first cell as a heading,
    then one ``header: value`` line per non-empty cell. ``right`` names the columns justified right; ``fold``
    breaks a word too long for its column across lines instead of cutting it with ``…``."""
    from rich.text import Text

    if narrow(out):
        if title:
            out.print(Text(title, style="bold"))
        for row in rows:
            hang(out, Text.assemble(row[0], style="bold"))
            for header, cell in zip(headers[1:], row[1:], strict=True):
                if str(cell):
                    labelled(out, header, cell)
        return
    from rich.table import Table

    table = Table(title=title, header_style="bold", title_justify="left")
    for number, header in enumerate(headers):
        table.add_column(header, justify="right" if number in right else "left",
                         overflow="fold" if fold else "ellipsis")
    for row in rows:
        table.add_row(*row)
    out.print(table)
