"""Russian words whose vowel drops in their other forms: ``corpus/russian_fleeting_vowels.tsv``.

Snowball's Russian stemmer keeps the vowel of "порядок", "оборотень" (morph, ru-cr 702.36) and "конец" and strips the
other forms to a stem without it ("порядке" порядк, "оборотнем" оборотн, "до конца хода" конц), so a judge's "с
оборотнем" never met the concept term "Оборотень". A listed word is stemmed as its listed form (:mod:`.stemming`, for
the index, the queries and the concept terms alike); the table is read once, on first use.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from ..corpus import per_corpus, read_table
from ..tsv import read_tsv
from .folding import fold

FILE_NAME = "russian_fleeting_vowels.tsv"
COLUMNS = ("word", "form")


def parse_fleeting_vowels(text: str, source: str = FILE_NAME) -> Mapping[str, str]:
    """Each folded word's form to stem instead; an empty cell, a word listed twice, or a form no shorter than its
    word (it drops no vowel), is an error naming the cell."""
    forms: dict[str, str] = {}
    for row in read_tsv(text, source, COLUMNS):
        for column in COLUMNS:
            if not row[column]:
                raise row.error(column, "empty")
        word, form = fold(row["word"]), fold(row["form"])
        if word in forms:
            raise row.error("word", f"{row['word']!r} is listed in an earlier row")
        if not form.startswith(_dropped(word)):
            raise row.error("form", f"{row['form']!r} is not {row['word']!r} without its last vowel")
        forms[word] = form
    return forms


def _dropped(word: str) -> str:
    """The word without its last vowel (and the soft sign ending it): ``оборотень`` → ``оборотн``."""
    hard = word.removesuffix("ь")
    return hard[:-2] + hard[-1]


@per_corpus
def load_fleeting_vowels(root: Path | None = None) -> Mapping[str, str]:
    """The table of the corpus at ``root`` (the installed one if None); none when it has no table."""
    found = read_table(FILE_NAME, "the Russian words with a fleeting vowel", root)
    return parse_fleeting_vowels(*found) if found else {}
