"""Words typed without their diacritics, in a language stemmed with them (:data:`.stemming.STEMS_ACCENTS`).

Snowball's Czech stemmer reads the diacritics: ``jedových`` loses the case ending ``ých`` (``jed``) while
``jedovych`` keeps ``ych``, and folded ``hrace`` looks palatal and becomes ``hrak`` while ``hráče`` is ``hráč``.
No rule puts the accents back (``ruce`` is ruka's, ``hrace`` hráč's), but the documents print the word:
``corpus/accented_words.tsv`` lists, per language, each folded spelling of a printed word that the documents
never print as such and whose term differs from the printed word's, with the form printed most often (and how
often). :mod:`.stemming` stems a word typed that way as the documents print it, in queries and in the index
alike; a document prints no listed spelling, so the index's terms stay what they were.
``scripts/make_accented_words.py`` makes the table from the documents; a test checks that it reproduces the file.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from pathlib import Path

from ..corpus import per_corpus, read_table
from ..tsv import read_tsv
from .folding import fold

FILE_NAME = "accented_words.tsv"
COLUMNS = ("lang", "typed", "printed", "count")
HEADER = """\
# Words typed without diacritics, in the languages whose stemmer reads them (Czech, izvori_rules/text/accents.py):
# a folded spelling (typed) that the documents never print, of a word they print (printed, the most printed one,
# count times), where the two stem differently; a query word typed so is stemmed as printed.
# Made from the documents by scripts/make_accented_words.py (its --check test keeps it in step): do not edit.
"""


AccentedWord = tuple[str, str, str, int]
"""One row: language, the folded spelling typed, the word printed and how many times the documents print it (a
plain tuple: a dataclass would cost every search start a millisecond of import for what only the script makes)."""


def accented_words(lang: str, counts: Mapping[str, int], term: Callable[[str], str | None]) -> list[AccentedWord]:
    """One language's rows from its documents' words (lowercased as printed, with their counts): each folded
    spelling the documents never print, with the most printed word that folds to it (on a tie, the first in
    alphabetical order), where ``term`` (the term of a word as typed) gives the two different terms."""
    forms: dict[str, list[tuple[int, str]]] = {}
    for word, count in counts.items():
        typed = fold(word)
        if typed != word and typed not in counts:
            forms.setdefault(typed, []).append((-count, word))
    rows = []
    for typed, printed in sorted(forms.items()):
        count, word = min(printed)
        if term(word) != term(typed):
            rows.append((lang, typed, word, -count))
    return rows


def format_accented_words(rows: Iterable[AccentedWord]) -> str:
    """The table's text: the header comment, the column names, one row per line."""
    lines = ["\t".join(COLUMNS), *("\t".join(map(str, row)) for row in rows)]
    return HEADER + "\n".join(lines) + "\n"


def parse_accented_words(text: str, source: str = FILE_NAME) -> dict[str, dict[str, str]]:
    """Per language, each folded spelling's printed word; a printed word that does not fold to its spelling,
    a spelling listed twice or a count that is not a number is an error naming the cell."""
    table: dict[str, dict[str, str]] = {}
    for row in read_tsv(text, source, COLUMNS):
        typed, printed = row["typed"], row["printed"]
        if not typed or fold(printed) != typed:
            raise row.error("printed", f"{printed!r} does not fold to {typed!r}")
        if not row["count"].isdigit():
            raise row.error("count", f"{row['count']!r} is not a number")
        spellings = table.setdefault(row["lang"], {})
        if typed in spellings:
            raise row.error("typed", f"{typed!r} is listed twice")
        spellings[typed] = printed
    return table


@per_corpus
def load_accented_words(root: Path | None = None) -> dict[str, dict[str, str]]:
    """The table of the corpus at ``root`` (the installed one if None); empty when the corpus has none."""
    found = read_table(FILE_NAME, "the accented words", root)
    return parse_accented_words(*found) if found else {}
