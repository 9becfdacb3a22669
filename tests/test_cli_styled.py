"""``cli/styled.py``: the renderer ``lookup`` uses instead of rich must print what rich prints. Each case renders
the same answer through both and compares them, in plain text exactly, on a terminal character by character
with the escape codes read back as styles (issue 12: the same box at 40 and 80 columns, Cyrillic, diacritics)."""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console
from rich.text import Text

from izvori_rules.cli import lookup_view
from izvori_rules.cli.styled import Para, Target, block, hanging, target, to_text, wrap
from izvori_rules.cli.terminal import make_console
from izvori_rules.graph import RuleGraph
from izvori_rules.lookup import lookup
from izvori_rules.messages import section

WIDTHS = [40, 59, 60, 80, 123]
REFS = ["D19.51", "101.4", "ru-cr:702.19b", "cs-cr:214.8e", "sr-judge:glossary:Razbijač", "D19", "cr:613.1",
        "ru-cr:603.3", "sr-judge:C11.40", "cs-cr:201.1#2", "sr-basic:III.3.d", "pt-guide:glossary:Nome"]


def rich_console(width: int, styled: bool) -> Console:
    return Console(file=io.StringIO(), width=width, force_terminal=styled, color_system="standard" if styled else None,
                   markup=False, highlight=False, emoji=False)


def cells(output: str) -> list[list[tuple[str, frozenset[str]]]]:
    """Each line as characters with the SGR codes in force; a space keeps only the codes that show on it."""
    lines, codes = [], frozenset[str]()
    for line in output.split("\n"):
        row = []
        for part in re.split(r"(\x1b\[[0-9;]*m)", line):
            if part.startswith("\x1b["):
                found = part[2:-1].split(";")
                codes = frozenset() if found == ["0"] else frozenset(found)
                continue
            row += [(c, codes if c != " " else codes & {"4", "7"}) for c in part]
        lines.append(row)
    return lines


def both(graph: RuleGraph, ref: str, width: int, styled: bool, lang: str,
         capsys: pytest.CaptureFixture[str]) -> tuple[str, str]:
    words = section(lang, "lookup")
    out = rich_console(width, styled)
    (answer,) = lookup(graph, [ref])
    where = answer.graph or graph
    for node in answer.nodes:
        notices = tuple(n for n in answer.missing if node.ref in n.equivalents)
        lookup_view._render_node(out, where, node, words, notices, answer)
        lookup_view._write_node(Target(width, styled, False), where, node, words, notices, answer)
    assert isinstance(out.file, io.StringIO)
    return out.file.getvalue(), capsys.readouterr().out


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("ref", REFS)
def test_a_rule_prints_as_rich_prints_it(graph: RuleGraph, ref: str, width: int,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    expected, written = both(graph, ref, width, False, "en", capsys)
    assert written == expected


@pytest.mark.parametrize("lang", ["sr", "ru"])
@pytest.mark.parametrize("width", [40, 80])
@pytest.mark.parametrize("ref", ["D19.51", "101.4", "ru-cr:702.19b"])
def test_on_a_terminal_the_styles_are_rich_s(graph: RuleGraph, ref: str, width: int, lang: str,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    expected, written = both(graph, ref, width, True, lang, capsys)
    assert "\x1b[1m" in written and cells(written) == cells(expected)


@pytest.mark.parametrize("width", [1, 5, 12, 40])
@pytest.mark.parametrize("para", [
    (("a\tb\t\tc  d", ""), ("\tx", "bold")),                                  # tabs across spans
    (("Razbijač" * 9, "bold"), (" ", ""), ("пробивной удар ", "cyan")),       # a word longer than the line
    (("TextualはPythonの高速アプリケーション開発フレームワークです", ""),),       # double-width characters
    (("ends with spaces     ", "dim"), ("\n\nnext   line\n", "")),            # blank lines, trailing ones
    (("", ""),),
], ids=["tabs", "long-word", "wide", "newlines", "empty"])
def test_wrap_breaks_lines_where_rich_does(para: Para, width: int) -> None:
    text = to_text(para)
    expected = [(line.plain, [(s.start, s.end, str(s.style)) for s in line.spans]) for line in
                text.wrap(rich_console(width, False), width)]
    got = [(t.plain, [(s.start, s.end, str(s.style)) for s in t.spans]) for t in map(to_text, wrap(para, width))]
    assert [plain for plain, _ in got] == [plain for plain, _ in expected]
    assert [cells_of(p, s) for p, s in got] == [cells_of(p, s) for p, s in expected]


def cells_of(plain: str, spans: list[tuple[int, int, str]]) -> list[tuple[str, tuple[str, ...]]]:
    return [(c, tuple(sorted({st for a, b, st in spans if a <= i < b and st}))) for i, c in enumerate(plain)]


def test_hanging_lines_keep_their_indent() -> None:
    para = hanging((("≡ ", ""), ("ru-cr:613.1", "bold"), (" close, checked by hand – Layer order; sr has 6 layers", "")),
                   2, 6, 40)
    lines = Text.assemble(*para).plain.split("\n")
    assert lines[0].startswith("  ≡ ru-cr:613.1") and all(line.startswith("      ") for line in lines[1:])
    assert all(len(line) <= 40 and line == line.rstrip() for line in lines)


@pytest.mark.parametrize(("env", "styled", "width"), [
    ({}, False, 77), ({"FORCE_COLOR": "1"}, True, 77), ({"TTY_COMPATIBLE": "0", "FORCE_COLOR": "1"}, False, 77),
    ({"FORCE_COLOR": "1", "TERM": "dumb"}, False, 80)])
def test_the_target_is_what_rich_sees(monkeypatch: pytest.MonkeyPatch, env: dict[str, str], styled: bool,
                                      width: int) -> None:
    for name in ("FORCE_COLOR", "TTY_COMPATIBLE", "TERM", "NO_COLOR"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    stream = io.TextIOWrapper(io.BytesIO(), encoding="utf-8")
    found = target(stream, 77)
    seen = Console(file=stream, width=77)
    assert found is not None and (found.styled, found.width) == (styled, width)
    assert (seen.is_terminal and not seen.is_dumb_terminal, seen.width) == (styled, width)


def test_an_encoding_that_is_not_utf_is_left_to_rich() -> None:
    assert target(io.TextIOWrapper(io.BytesIO(), encoding="ascii"), 80) is None


def test_the_one_column_characters_are_one_column_for_rich() -> None:
    from rich.cells import cell_len

    from izvori_rules.cli.styled import ONE_CELL

    singles = [chr(c) for c in range(0x20, 0x3000) if ONE_CELL.fullmatch(chr(c))]
    assert "č" in singles and "Ж" in singles and "“" in singles and "›" in singles and "≡" in singles
    assert [c for c in singles if cell_len(c) != 1] == []


@pytest.mark.parametrize("width", [1, 3, 7, 10, 33])
def test_one_column_text_breaks_where_rich_does(width: int) -> None:
    from rich._wrap import divide_line

    from izvori_rules.cli.styled import _breaks

    texts = ["  leading spaces then words", "Razbijač" * 5 + " kratko  reč   ", "one", "", "   ", "a b c d e f g",
             "Vidi i pravila D19.52-D19.57 (“Kopiranje objekata”) › ≡ ⚑ – …", "x" * 40 + "  y"]
    assert [_breaks(t, width) for t in texts] == [divide_line(t, width, fold=True) for t in texts]


@pytest.mark.parametrize("width", [-1, 0, 1, 8, 20, 70])
def test_a_title_is_fitted_to_its_border_as_rich_fits_it(width: int) -> None:
    from rich.cells import set_cell_size

    from izvori_rules.cli.styled import _fit

    texts = [" D19.51 ", " Razbijač – “Kopiranje” › ≡ ", "", " 漢字 wide ", " ru-cr 702.19b Пробивной удар "]
    assert [_fit(t, width) for t in texts] == [set_cell_size(t, width) for t in texts]


@pytest.mark.parametrize("styled", [False, True])
def test_control_characters_are_written_visible_as_the_safe_console_writes_them(
        styled: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    # a text from a file (a release a judge adds, a scenario) never writes an escape sequence of its own
    para: Para = (("702.19b ", "bold cyan"), ("clear\x1b[2J bell\x07 rtl\u202e end", ""))
    monkeypatch.setenv("COLUMNS", "40")
    monkeypatch.setenv("TTY_COMPATIBLE", "1" if styled else "0")
    rich = make_console()
    rich.file = io.StringIO()
    rich.print(to_text(para))
    written = block([para], Target(40, styled, False))
    assert "\x1b[2J" not in written and "\x07" not in written and "\u202e" not in written
    assert "␛[2J" in written and "bell rtl" in written and ("\x1b[1;36m" in written) == styled
    assert cells(written) == cells(rich.file.getvalue())
