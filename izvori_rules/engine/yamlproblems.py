"""The YAML parser's problem with a scenario file as a phrase the judge's language says: PyYAML and libyaml
word their problems in English ("mapping values are not allowed in this context"); ``corpus/yaml_problems.tsv``
matches each known wording (both parsers', several causes) to a key of ``corpus/messages.toml`` ``[LANG.yaml]``.

The English stays the parser's own words (a problem no row matches is only that), so nothing a judge reads in
English changes; only the other languages gain a message. The table is read once per corpus; a corpus without
it says every problem in English.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..corpus import per_corpus, read_table
from ..errors import Phrase

if TYPE_CHECKING:
    from ..tsv import Row

FILE_NAME = "yaml_problems.tsv"
COLUMNS = ("key", "parser", "context", "problem", "found")
PARSERS = ("libyaml", "PyYAML", "both")
SECTION = "yaml"  # the catalogue's table of these messages, [LANG.yaml]
_KEY = re.compile(r"[a-z][a-z_]*")
_FIELD = re.compile(r"\{([^{}]*)\}")
GIVEN = ("english", "start", "char")  # the values every message may use besides its rows' own {names}


@dataclass(frozen=True, slots=True)
class Problem:
    """One row: a known wording of the parser (its ``context`` and ``problem`` as patterns; ``found`` the
    character pointed to, or empty for any) and the key the judge's language says it by."""

    key: str
    context: re.Pattern[str] | None
    problem: re.Pattern[str]
    found: str


@dataclass(frozen=True, slots=True)
class Said:
    """What the parser said: its context and problem (English, either may be empty), the line where what failed
    began, and the character at the place it points to (quoted as Python writes it; empty at the end of the file
    or where it points nowhere)."""

    context: str
    problem: str
    start: int
    char: str


def parse_problems(text: str, source: str) -> tuple[Problem, ...]:
    """The rows of the table, their patterns compiled; a bad key, parser or pattern names its cell."""
    from ..tsv import read_tsv

    rows = []
    for row in read_tsv(text, source, COLUMNS, ("key", "parser", "problem")):
        if not _KEY.fullmatch(row["key"]):
            raise row.error("key", f"{row['key']!r} is no key (lower-case letters and '_')")
        if row["parser"] not in PARSERS:
            raise row.error("parser", f"{row['parser']!r}: expected one of {', '.join(PARSERS)}")
        context = _pattern(row["context"], row, "context") if row["context"] else None
        rows.append(Problem(row["key"], context, _pattern(row["problem"], row, "problem"), row["found"]))
    return tuple(rows)


def _pattern(written: str, row: Row, column: str) -> re.Pattern[str]:
    """A cell's wording as a pattern: its text as it is, each ``{name}`` any text (kept as ``name``)."""
    parts = _FIELD.split(written)
    names = parts[1::2]
    if not all(name.isidentifier() and name not in GIVEN for name in names) or len(set(names)) < len(names):
        raise row.error(column, f"{written!r}: a {{name}} must be a name, other than {', '.join(GIVEN)}, and used "
                                "once")
    return re.compile("".join(re.escape(part) if i % 2 == 0 else f"(?P<{part}>.+?)" for i, part in enumerate(parts)))


@per_corpus
def load_problems(root: Path | None = None) -> tuple[Problem, ...]:
    """The table of the corpus at ``root`` (the installed one if None); none when the corpus has none."""
    found = read_table(FILE_NAME, "the YAML parser's problems", root)
    return parse_problems(*found) if found else ()


def problem_phrase(said: Said) -> Phrase | str:
    """The parser's problem as a phrase of ``[LANG.yaml]`` (its English the parser's words), or the words alone
    when no row of the table knows them. Its values: the row's ``{names}``, ``english``, ``start`` and ``char``."""
    for row in load_problems():
        matched = row.problem.fullmatch(said.problem)
        within = row.context.fullmatch(said.context) if row.context else None
        if matched and (within or not row.context) and (not row.found or row.found == said.char):
            values: dict[str, str | int] = {**dict(zip(GIVEN, (said.problem, said.start, said.char))),
                                            **matched.groupdict(), **(within.groupdict() if within else {})}
            return Phrase(row.key, said.problem, tuple(values.items()), SECTION)
    return said.problem


def marked(exc: Any, text: str = "") -> Said:
    """What a PyYAML or libyaml error says (a ``MarkedYAMLError``: its problem, context and marks), read with the
    ``text`` it is about for the character its problem mark points to (both parsers count characters, not
    bytes)."""
    mark, context_mark = getattr(exc, "problem_mark", None), getattr(exc, "context_mark", None)
    line = mark.line + 1 if mark else 0
    char = ""
    if mark is not None:
        lines = text.split("\n")
        at = lines[mark.line][mark.column:mark.column + 1] if mark.line < len(lines) else ""
        char = repr(at) if at else ""
    start = context_mark.line + 1 if context_mark is not None else line
    return Said(str(getattr(exc, "context", None) or ""), str(getattr(exc, "problem", None) or exc), start, char)
