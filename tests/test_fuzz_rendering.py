"""Fuzzing the rendered output (issue 11; the renderers were made safe by issue 12): text from the command line or a file is printed
as text, never as rich markup or terminal escapes, and odd terminals still get an answer.

Every run ends with an allowed exit status, a message and no traceback; user text that looks like markup
(``[/]``, ``[link=…]``) comes out as written; no escape character of the user's reaches the output.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fuzzing import HOSTILE, REFERENCE_PIECES, WORDS, fuzz_settings, invoke, pieces
from izvori_rules.graph import RuleGraph


MARKUP = ["[/]", "[bold]", "[/bold]", "[link=http://evil.example]", "[/link]", "[red]x[/red]", "\x1b[31m",
          "\x1b]8;;http://evil.example\x1b\\", "\x1b[2J", "[", "]", "\\[", "[[", "]]", ":smile:", "\r"]
ESCAPE = "\x1b"


def _same_text(written: str, output: str) -> bool:
    """Whether ``written`` appears in ``output`` as text, whatever the wrapping (whitespace ignored)."""
    return re.sub(r"\s+", "", written) in re.sub(r"\s+", "", output)


@pytest.fixture(scope="module")
def workdir() -> Iterator[Path]:
    folder = Path(tempfile.mkdtemp(prefix="izvori-fuzz-render-"))
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


@fuzz_settings(100)
@given(ref=pieces(REFERENCE_PIECES, MARKUP, HOSTILE, max_size=6))
def test_fuzz_lookup_rendering(graph: RuleGraph, ref: str) -> None:
    result = invoke(["lookup", "--", ref])
    assert ESCAPE not in result.stdout + result.stderr


@fuzz_settings(60)
@given(query=pieces(WORDS, MARKUP, HOSTILE, max_size=6))
def test_fuzz_search_rendering(graph: RuleGraph, query: str) -> None:
    result = invoke(["search", "--", query])
    assert ESCAPE not in result.stdout + result.stderr


@fuzz_settings(60)
@given(term=pieces(WORDS, MARKUP, max_size=5))
def test_fuzz_define_rendering(term: str) -> None:
    result = invoke(["define", "--", term])
    assert ESCAPE not in result.stdout + result.stderr


@fuzz_settings(60)
@given(title=pieces(MARKUP, ["Korak", " ", "najave", "Nivoi"], max_size=6))
def test_fuzz_cite_check_rendering(graph: RuleGraph, workdir: Path, title: str) -> None:
    text = f"Vidi pravilo C9, “{title}”, i pravilo D19.51 {title}.\n"
    path = workdir / "text.txt"
    path.write_text(text, encoding="utf-8")
    result = invoke(["cite-check", str(path)])
    assert ESCAPE not in result.stdout + result.stderr
    assert _same_text("C9", result.stdout)


@fuzz_settings(60)
@given(name=pieces(MARKUP, ["Grom", " ", "Kavgadžija"], max_size=5))
def test_fuzz_deck_rendering(workdir: Path, name: str) -> None:
    path = workdir / "deck.txt"
    path.write_text(f"5 {name}\n", encoding="utf-8")
    result = invoke(["deck", "check", str(path)])
    assert ESCAPE not in result.stdout + result.stderr


@pytest.mark.parametrize("text", ["Vidi pravilo C9, “[/]”.", "Vidi pravilo C9, “[link=http://evil.example]x”.",
                                  "Vidi pravilo D19.51 \x1b[2J“Nivoi”."], ids=["close-tag", "link", "escape"])
def test_cite_check_prints_the_texts_own_brackets(workdir: Path, text: str) -> None:
    path = workdir / "one.txt"
    path.write_text(text, encoding="utf-8")
    result = invoke(["cite-check", str(path)], env={"COLUMNS": "300"})  # wide: no cell wraps the text
    assert ESCAPE not in result.stdout
    if "]" in text:
        assert _same_text(text[text.index("[") : text.index("]") + 1], result.stdout)


@pytest.mark.parametrize("env, args", [
    ({"PYTHONIOENCODING": "ascii"}, ["lookup", "D19.51"]), ({"PYTHONIOENCODING": "ascii"}, ["define", "Razbijač"]),
    ({"PYTHONIOENCODING": "ascii"}, ["search", "D10.11-D10.13"]), ({"COLUMNS": "0"}, ["lookup", "D19.51"]),
    ({"COLUMNS": "0"}, ["define", "Razbijač"]), ({"COLUMNS": "5"}, ["search", "D10.11-D10.13"]),
    ({"TERM": "dumb"}, ["lookup", "D19.51"]),
], ids=["ascii-lookup", "ascii-define", "ascii-search", "columns-0-lookup", "columns-0-define", "columns-5-search",
        "dumb-lookup"])
def test_odd_terminals_still_get_an_answer(env: dict[str, str], args: list[str]) -> None:
    command = [sys.executable, "-c", "from izvori_rules.cli import main; main()", *args]
    done = subprocess.run(command, env={**os.environ, **env}, capture_output=True, timeout=120)
    assert done.returncode == 0, done.stderr.decode(errors="replace")[-500:]
    assert done.stdout.strip() and b"Traceback" not in done.stderr
