"""The words a query drops: a judge's question words, auxiliaries and particles, per language.

``corpus/stopwords.tsv`` lists them (a judge may review it); a query word is dropped when its folded form
(and, for Serbian, its Latin transliteration) is in any language's list. Only queries drop them: the index
keeps every word, so a quoted phrase still finds "i", "je" and "za" where the rules print them.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from ..corpus import corpus_dir
from ..errors import CorpusError
from ..tsv import read_tsv
from .folding import fold, serbian_to_latin

FILE_NAME = "stopwords.tsv"
COLUMNS = ("lang", "words")


def parse_stopwords(text: str, source: str = FILE_NAME) -> frozenset[str]:
    """Every folded stop word of the table, of any language."""
    words: set[str] = set()
    for row in read_tsv(text, source, COLUMNS):
        if not row["words"]:
            raise row.error("words", "no words")
        words.update(fold(word).replace("’", "'") for word in row["words"].split())
    return frozenset(words)


@lru_cache(maxsize=4)
def load_stopwords(root: Path | None = None) -> frozenset[str]:
    """The stop words of the corpus at ``root`` (the installed one if None); none when it has no table."""
    path = (root or corpus_dir()) / FILE_NAME
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return frozenset()
    except (OSError, UnicodeDecodeError) as exc:
        raise CorpusError(f"{path}: cannot read the stop words: {exc}") from None
    return parse_stopwords(text, str(path))


def is_stopword(word: str, stopwords: frozenset[str]) -> bool:
    """Whether a typed word is a stop word (folded; Serbian Cyrillic also in Latin script)."""
    folded = fold(word).replace("’", "'")
    return folded in stopwords or fold(serbian_to_latin(folded)) in stopwords
