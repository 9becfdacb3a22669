"""Issue 11, the rendering items: whatever a file or the command line holds is printed as text (never as rich
markup, never as a terminal control sequence); a narrow encoding or ``COLUMNS=0`` still prints an answer."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from izvori_rules.cli import app
from izvori_rules.cli.terminal import fold_char, plain, width

runner = CliRunner()
ROOT = Path(__file__).resolve().parent.parent


def test_markup_in_a_judges_text_is_printed_as_written(tmp_path: Path) -> None:
    # sr-judge.txt 2694: D19.51 exists; the citation carries a quoted "title" with a rich closing tag in it
    path = tmp_path / "answer.txt"
    path.write_text("Vidi pravilo D19.51, “[/]” i [link=http://evil.example]klik[/link] [bold]x[/bold].\n",
                    encoding="utf-8")
    result = runner.invoke(app, ["cite-check", str(path)], env={"COLUMNS": "200"})
    assert result.exception is None or isinstance(result.exception, SystemExit)  # was rich.errors.MarkupError
    assert result.exit_code in (0, 1) and "sr-judge:D19.51" in result.stdout
    assert "pravilo D19.51, “[/]”" in result.stdout
    lookup = runner.invoke(app, ["lookup", "[link=http://evil.example]x[/link]"], env={"COLUMNS": "200"})
    assert lookup.exit_code == 2 and "[link=http://evil.example]x[/link]" in " ".join(lookup.stderr.split())


def test_control_sequences_from_a_file_do_not_reach_the_terminal(tmp_path: Path) -> None:
    path = tmp_path / "deck.txt"
    path.write_text("4 Grom\n\x1b[2J\x1b]8;;http://evil\x07klik\n", encoding="utf-8")
    result = runner.invoke(app, ["deck", "check", str(path)], env={"COLUMNS": "200"})
    assert "\x1b" not in result.stdout and "\x07" not in result.stdout
    assert "␛[2J␛]8;;http://evil" in result.stdout  # (rich drops BEL itself)


def test_plain_replaces_every_control_character_but_tab_and_newline() -> None:
    assert plain("a\tb\nc\x1bd\x9be\u202ef\x7f") == "a\tb\nc␛d\ufffde\ufffdf␡"


def test_a_width_of_zero_or_garbage_is_80_columns(monkeypatch: object) -> None:
    import pytest

    mp = pytest.MonkeyPatch()
    for value, expected in (("0", 80), ("-5", 80), ("abc", 80), ("7", 20), ("40", 40)):
        mp.setenv("COLUMNS", value)
        assert width() == expected
    mp.undo()


def test_columns_zero_prints_the_rule() -> None:
    result = runner.invoke(app, ["lookup", "D19.51"], env={"COLUMNS": "0"})
    # sr-judge.txt 2694: "D19.51 Vrednosti svojstava objekta se određuju ..."
    assert result.exit_code == 0 and "Vrednosti svojstava objekta" in result.stdout


def test_folding_keeps_one_character_for_one() -> None:
    assert [fold_char(c) for c in "čĐЖщ›≡€"] == ["c", "D", "Z", "s", ">", "=", "?"]


def _run(args: list[str], **env: str) -> subprocess.CompletedProcess[str]:
    code = "import sys; from izvori_rules.cli import main; sys.argv[0] = 'izvori-judge'; main()"
    full = {**os.environ, "PYTHONPATH": str(ROOT), **env}
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, env=full,
                          encoding="ascii", errors="replace", check=False)


def test_an_ascii_terminal_gets_a_folded_answer_not_a_traceback() -> None:
    lookup = _run(["lookup", "D19.51"], PYTHONIOENCODING="ascii")
    assert lookup.returncode == 0 and "Traceback" not in lookup.stderr
    assert "se odreduju tako sto se pocne" in " ".join(lookup.stdout.split())  # određuju, što, počne folded
    scenario = _run(["scenario", "run", str(ROOT / "tests" / "scenarios" / "trample_chump.yaml"), "--lang", "ru"],
                    PYTHONIOENCODING="ascii")
    assert scenario.returncode == 0 and "Traceback" not in scenario.stderr and "Boris: 17" in scenario.stdout


def test_json_on_an_ascii_terminal_stays_exact() -> None:
    import json

    result = _run(["lookup", "ru-cr:702.19b", "--json"], PYTHONIOENCODING="ascii")
    assert result.returncode == 0
    assert json.loads(result.stdout)["rules"][0]["text"].startswith("Игрок")  # ru-cr.txt 9313


def _run_to(args: list[str], stdout: Any = None, closed: bool = False) -> subprocess.CompletedProcess[str]:
    """Run the CLI with standard output sent to ``stdout``, or closed before the interpreter starts (``>&-``)."""
    code = "import sys; from izvori_rules.cli import main; sys.argv[0] = 'izvori-judge'; main()"
    return subprocess.run([sys.executable, "-c", code, *args], stdout=stdout, stderr=subprocess.PIPE, text=True,
                          env={**os.environ, "PYTHONPATH": str(ROOT)}, check=False,
                          preexec_fn=(lambda: os.close(1)) if closed else None)


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize("args", [["lookup", "D19.51"], ["lookup", "D19.51", "--json"], ["stats"]],
                         ids=["lookup-fast-path", "lookup-json", "typer-command"])
def test_an_answer_that_cannot_be_written_is_one_error_line_not_a_traceback(args: list[str]) -> None:
    # /dev/full: every write fails with ENOSPC (was: OSError traceback from sys.stdout.write or rich)
    with open("/dev/full", "w") as full:
        result = _run_to(args, full)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert result.stderr.strip() == "error: cannot write the answer: No space left on device"


def test_a_closed_standard_output_is_one_error_line_not_a_traceback() -> None:
    # `izvori-judge lookup D19.51 >&-`: Python starts with sys.stdout None (was: AttributeError traceback)
    result = _run_to(["lookup", "D19.51"], closed=True)
    assert result.returncode == 2
    assert result.stderr.strip() == "error: cannot write the answer: standard output is closed"


@pytest.mark.parametrize("args", [["lookup", "D19.51"], ["lookup", "D19.51", "--json"], ["stats"],
                                  ["stats", "--json"], ["lookup", "-h"], ["--help"]],
                         ids=["lookup-fast-path", "lookup-json", "typer-command-rich", "typer-command-json",
                              "command-help", "app-help"])
def test_a_reader_that_stopped_early_is_exit_2_and_no_noise(args: list[str]) -> None:
    # `izvori-judge stats | head -1`: the reader has gone, so every write is EPIPE (was: exit 1, the status of
    # "not found", from typer's or rich's own handler; for help, rich's still was); status 2 as for a full disk,
    # and nothing on stderr
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        result = _run_to(args, write_end)
    finally:
        os.close(write_end)
    assert (result.returncode, result.stderr) == (2, "")


def test_ctrl_c_on_the_fast_path_is_status_130_not_a_traceback(monkeypatch: pytest.MonkeyPatch) -> None:
    # `izvori-judge lookup D19.51` interrupted: typer's commands end with 130 and say nothing; the fast path (no
    # typer) printed a KeyboardInterrupt traceback
    from izvori_rules import cli
    from izvori_rules.cli import fast

    def interrupted(argv: list[str]) -> int | None:
        raise KeyboardInterrupt

    monkeypatch.setattr(fast, "run_fast", interrupted)
    monkeypatch.setattr(sys, "argv", ["izvori-judge", "lookup", "D19.51"])
    with pytest.raises(SystemExit) as ended:
        cli.main()
    assert ended.value.code == 130
