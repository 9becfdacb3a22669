"""Irregular verbs: ``corpus/english_irregular_verbs.tsv``, ``corpus/serbian_irregular_verbs.tsv`` and
``corpus/russian_irregular_verbs.tsv``, a verb's forms that the language's Snowball stemmer leaves apart from it.

The English stemmer reduces ``deals`` and ``dealing`` to ``deal`` but keeps ``dealt``; a judge asks "a creature
deals damage to a planeswalker" of the rule that prints "Damage dealt to a planeswalker" (cr 120.3c). The Serbian one
cannot join a verb whose root changes: ``ušlo`` (usl) is ``ulazi`` (ulaz), ``ode`` (od, the preposition) ``ide``;
nor the Russian one a root too short for :mod:`.aspects` to fold or a suppletive perfective: ``стала`` (стал) is
``становится`` (станов), ``вышло`` (вышл, ru-cr 508.3a) ``выходит`` (выход, 603.6a).
:mod:`.stemming` stems a listed form as its base, so the index and the queries meet; a table is read once, on first use.
"""

from __future__ import annotations

from pathlib import Path

from ..corpus import per_corpus, read_table
from ..tsv import read_tsv
from .folding import fold

FILE_NAME = "english_irregular_verbs.tsv"
SERBIAN_FILE_NAME = "serbian_irregular_verbs.tsv"
RUSSIAN_FILE_NAME = "russian_irregular_verbs.tsv"
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


@per_corpus
def load_serbian_irregular_verbs(root: Path | None = None) -> dict[str, str]:
    """The Serbian irregular forms (Latin, folded) of the corpus at ``root`` (the installed one if None); none when
    it has no table."""
    found = read_table(SERBIAN_FILE_NAME, "the Serbian irregular verbs", root)
    return parse_irregular_verbs(*found) if found else {}


@per_corpus
def load_russian_irregular_verbs(root: Path | None = None) -> dict[str, str]:
    """The Russian irregular forms (folded: ё is е) of the corpus at ``root`` (the installed one if None); none when
    it has no table."""
    found = read_table(RUSSIAN_FILE_NAME, "the Russian irregular verbs", root)
    return parse_irregular_verbs(*found) if found else {}
