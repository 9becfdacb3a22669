"""Words kept apart from the word the stemmer stems them with: ``corpus/russian_kept_apart.tsv``,
``corpus/english_kept_apart.tsv`` and ``corpus/serbian_kept_apart.tsv``.

Snowball's Russian stemmer gives "существует" (exists) the stem of "существо" (creature) and "ничего" (nothing)
that of "Ничья" (a drawn game), so a query about creatures met every rule that says something exists. The English
one gives "active" (the active player, cr 102.1) the stem of "activate" and "commander" that of "command", so concept
search counted every rule about the active player as one about activating. The Serbian one gives the comparative
"niže" (lower) the stem of "niz" (the stack), so a Russian "ниже" (below), read in Serbian, asked about the stack. A word opening with a listed opening is
that row's term instead (:mod:`.stemming`, for the index and the queries alike); a table is read once, on first use.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from ..corpus import per_corpus, read_table
from ..tsv import read_tsv
from .folding import fold

FILE_NAME = "russian_kept_apart.tsv"
ENGLISH_FILE_NAME = "english_kept_apart.tsv"
SERBIAN_FILE_NAME = "serbian_kept_apart.tsv"
COLUMNS = ("term", "openings", "apart_from")


class KeptApart:
    """A folded word's term when it opens with a listed opening (the longest that fits), else None."""

    def __init__(self, terms: dict[str, str]) -> None:
        self._terms = terms
        self._lengths = sorted({len(opening) for opening in terms}, reverse=True)

    def __call__(self, word: str) -> str | None:
        return next((term for n in self._lengths if (term := self._terms.get(word[:n])) is not None), None)


def parse_kept_apart(text: str, source: str = FILE_NAME) -> Callable[[str], str | None]:
    """The table's lookup; an empty cell, or an opening listed twice, is an error naming the cell."""
    terms: dict[str, str] = {}
    for row in read_tsv(text, source, COLUMNS):
        for column in COLUMNS:
            if not row[column]:
                raise row.error(column, "empty")
        for opening in row["openings"].split():
            if fold(opening) in terms:
                raise row.error("openings", f"{opening!r} is listed in an earlier row")
            terms[fold(opening)] = fold(row["term"])
    return KeptApart(terms)


@per_corpus
def load_kept_apart(root: Path | None = None) -> Callable[[str], str | None]:
    """The Russian table of the corpus at ``root`` (the installed one if None); keeps nothing apart when it has none."""
    return _load(FILE_NAME, "the Russian words kept apart", root)


@per_corpus
def load_english_kept_apart(root: Path | None = None) -> Callable[[str], str | None]:
    """The English table of the corpus at ``root`` (the installed one if None); keeps nothing apart when it has none."""
    return _load(ENGLISH_FILE_NAME, "the English words kept apart", root)


@per_corpus
def load_serbian_kept_apart(root: Path | None = None) -> Callable[[str], str | None]:
    """The Serbian table of the corpus at ``root`` (the installed one if None): the comparative "niže" (lower) is
    not "niz" (the stack); keeps nothing apart when it has none."""
    return _load(SERBIAN_FILE_NAME, "the Serbian words kept apart", root)


def _load(name: str, what: str, root: Path | None) -> Callable[[str], str | None]:
    found = read_table(name, what, root)
    return parse_kept_apart(*found) if found else KeptApart({})
