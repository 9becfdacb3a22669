"""``cli/search_view.py``: a search's answer is written by :mod:`.styled` where it prints what rich would (issue 10:
no ``rich.text`` or ``rich.console`` in a cold search), so both must print the same. Each case lays out the same
results once and renders them through both: plain text compared exactly, a terminal's output byte for byte (with
colours and under ``NO_COLOR``); concepts with their definitions, the cards a query names, hits in every document
and script, a range, a citation of no rule and a query with no hits, narrow and wide screens, and queries with
characters a terminal must not receive raw."""

from __future__ import annotations

import io

import pytest

from izvori_rules.cli import search_view
from izvori_rules.cli.styled import Target
from izvori_rules.search.searcher import default_searcher

from test_cli_styled import rich_console

QUERIES = ["razbijac", "mana burn", "first strike", "пробивной удар", "hřbitov", "D10.11-D10.19", "702.19b",
           "razbjiacc", "X99.99", "\x1b[31mred\x07 \u202etrample", "\"deals combat damage\" deathtouch",
           "Перунов[/] Гнев and Rest in Peace"]


def both(query: str, width: int, styled: bool, no_color: bool, lang: str = "en") -> tuple[str, str]:
    """The answer to ``query`` as rich prints it and as :mod:`.styled` writes it."""
    searcher = default_searcher()
    lines = search_view._answer(searcher, searcher.search(query), lang)
    out = rich_console(width, styled)
    out.no_color = no_color
    search_view._printed(out, lines)
    assert isinstance(out.file, io.StringIO)
    return out.file.getvalue(), search_view._written(lines, Target(width, styled, no_color))


@pytest.mark.parametrize("width", [20, 40, 59, 80, 123])
@pytest.mark.parametrize("query", QUERIES)
def test_a_search_prints_as_rich_prints_it(query: str, width: int) -> None:
    expected, written = both(query, width, styled=False, no_color=False)
    assert written == expected


@pytest.mark.parametrize("no_color", [False, True], ids=["colours", "no-color"])
@pytest.mark.parametrize("width", [40, 80])
@pytest.mark.parametrize("query", QUERIES)
def test_on_a_terminal_the_bytes_are_rich_s(query: str, width: int, no_color: bool) -> None:
    expected, written = both(query, width, styled=True, no_color=no_color, lang="sr")
    assert "\x1b[1" in written and written == expected


def test_a_terminal_receives_no_control_character_of_the_query() -> None:
    _, written = both("\x1b[31mred\x07 \u202etrample", 80, styled=True, no_color=False)
    assert "\x07" not in written and "\u202e" not in written and "\x1b[31m" not in written
