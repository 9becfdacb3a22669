"""English irregular verbs: ``corpus/english_irregular_verbs.tsv``, a verb's past and participle forms that
Snowball's English stemmer leaves apart from it.

The stemmer reduces ``deals`` and ``dealing`` to ``deal`` but keeps ``dealt``; a judge asks "a creature deals
damage to a planeswalker" of the rule that prints "Damage dealt to a planeswalker" (cr 120.3c). :mod:`.stemming`
stems a listed form as its base, so the index and the queries meet; the table is read once, on first use.
"""

from __future__ import annotations

from pathlib import Path

from ..corpus import per_corpus, read_table
from ..tsv import read_tsv
from .folding import fold

FILE_NAME = "english_irregular_verbs.tsv"
COLUMNS = ("base", "forms")


def parse_irregular_verbs(text: str, source: str = FILE_NAME) -> dict[str, str]:
    """Each folded form's base; an empty cell, or a form given two bases, is an error naming the cell."""
    bases: dict[str, str] = {}
    for row in read_tsv(text, source, COLUMNS):
        for column in COLUMNS:
            if not row[column]:
                raise row.error(column, "empty")
        base = fold(row["base"])
        for form in row["forms"].split():
            if bases.setdefault(fold(form), base) != base:
                raise row.error("forms", f"{form!r} is a form of {bases[fold(form)]!r} in an earlier row")
    return bases


@per_corpus
def load_irregular_verbs(root: Path | None = None) -> dict[str, str]:
    """The irregular forms of the corpus at ``root`` (the installed one if None); none when it has no table."""
    found = read_table(FILE_NAME, "the English irregular verbs", root)
    return parse_irregular_verbs(*found) if found else {}
