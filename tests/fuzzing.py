"""What the fuzz modules share: seeded Hypothesis settings, hostile fragments, and the check every run must pass.

Every run must end with an exit status the README defines (0 found, 1 not found, 2 bad input, 3 and 4 for
scenarios), print a message, and raise nothing but ``SystemExit``: a traceback is a failure whatever the input.
The settings are derandomized (the same cases on every run and in CI) and keep no example database.
"""

from __future__ import annotations

import traceback
from collections.abc import Sequence

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from typer.testing import CliRunner, Result

from izvori_rules.cli import app

runner = CliRunner()


def fuzz_settings(examples: int) -> settings:
    """``examples`` cases, the same ones on every run, no deadline (the machine may be busy)."""
    return settings(max_examples=examples, derandomize=True, deadline=None, database=None, print_blob=False,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                           HealthCheck.function_scoped_fixture, HealthCheck.filter_too_much])


# Pieces of references and of the ways they go wrong: other scripts, look-alike letters, separators, markup,
# terminal escapes, format strings, path tricks, control characters.
HOSTILE = ["\x00", "\x1b[31m", "\x1b]8;;http://x\x1b\\", "\x1b[2J", "\r", "\n", "\t", "\u200b", "\u202e", "\ufeff",
           "[/]", "[bold]", "[link=http://evil]", "[/link]", "{}", "%s", "\\", "../", "'", '"', "“", "”", "«", "»",
           "\udcff", "\ufffd", "🂡", "ǅ", "İ", "ß"]
REFERENCE_PIECES = ["D19.51", "D19", "A4.40", "A4.41", "B6.33", "#2", "#3", "101.4", "702.19b", "601.2f", "–h",
                    "214.8e", "999.999z", "Z99.99", "G4.40", "sr-judge:", "ru-cr:", "cs-cr:", "pt-guide:",
                    "sr-basic:", "glossary:", "Niz", "III.3.d", "Д19.51", "А4.40", "Б", "д", ".", ",", "-", "–",
                    " ", ":", "#", "0", "9", "a", "Z"]
WORDS = ["razbijac", "Razbijač", "биће", "пробивной удар", "first strike", "útočící bytost", "atropelar",
         "trample", "\"prvi udar\"", "\"", "*", "?", "AND", "OR", "NOT", "(", ")", "field:", "~2", "^3"]


def pieces(*pools: Sequence[str], max_size: int = 8) -> st.SearchStrategy[str]:
    """Strings joined from the pools' pieces and bits of arbitrary text."""
    piece = st.one_of(*(st.sampled_from(list(pool)) for pool in pools), st.text(max_size=4))
    return st.lists(piece, max_size=max_size).map("".join)


def invoke(args: list[str], allowed: frozenset[int] = frozenset({0, 1, 2}), stdin: str | None = None,
           env: dict[str, str] | None = None) -> Result:
    """Run the CLI in this process and check the run: an allowed exit status, a message, no traceback."""
    result = runner.invoke(app, args, input=stdin, env=env)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        details = "".join(traceback.format_exception(result.exception))
        raise AssertionError(f"{args!r} raised {result.exception!r}\n{details}")
    assert result.exit_code in allowed, (args, result.exit_code, result.stdout[-500:], result.stderr[-500:])
    assert (result.stdout + result.stderr).strip(), (args, "no message")
    return result
