"""Number words: ``corpus/number_words.tsv``, the one table of the words that name a number, per language.

Three readers use it: search makes a number word its digits (:mod:`.stemming`: ``ten``, ``десять``, ``deset`` and
``10`` are one term), and the concordance (:mod:`~izvori_rules.concordance.features`) and the originals' content
check (:mod:`~izvori_rules.originals.content`) count the numbers a rule states, in words or digits. The words are
kept folded (:func:`.folding.fold`), as all three compare them; the table is read once, on first use.
"""

from __future__ import annotations

from pathlib import Path

from ..corpus import per_corpus, read_table
from ..tsv import read_tsv
from .folding import fold

FILE_NAME = "number_words.tsv"
COLUMNS = ("lang", "word", "number")


def parse_number_words(text: str, source: str = FILE_NAME) -> dict[str, dict[str, int]]:
    """Per language, each folded word's number; a number that is not one, or a word given two numbers in one
    language, is an error naming the cell."""
    table: dict[str, dict[str, int]] = {}
    for row in read_tsv(text, source, COLUMNS):
        if not row["number"].isdigit():
            raise row.error("number", f"{row['number']!r} is not a number")
        if not row["word"] or not row["lang"]:
            raise row.error("word" if row["lang"] else "lang", "empty")
        word, number = fold(row["word"]), int(row["number"])
        words = table.setdefault(row["lang"], {})
        if words.setdefault(word, number) != number:
            raise row.error("number", f"{row['word']!r} is {words[word]} in an earlier row")
    return table


@per_corpus
def load_number_words(root: Path | None = None) -> dict[str, dict[str, int]]:
    """The number words of the corpus at ``root`` (the installed one if None); none when it has no table."""
    found = read_table(FILE_NAME, "the number words", root)
    return parse_number_words(*found) if found else {}
