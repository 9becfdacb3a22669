"""The words a query drops: a judge's question words, auxiliaries and particles, per language.

``corpus/stopwords.tsv`` lists them (a judge may review it); a query word is dropped when its folded form
(and, for Serbian, its Latin transliteration) is in the list of the query's language, or of any language when
the query does not tell (:meth:`StopLists.for_query`): English ``ten`` is a word of "ten poison counters"
though Czech ``ten`` (that) is a stop word, and Czech ``many`` (of mana) a word though English ``many`` is one.
Only queries drop them: the index keeps every word, so a quoted phrase still finds "i", "je" and "za" where the
rules print them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from ..corpus import per_corpus, read_table
from ..tsv import read_tsv
from .folding import fold, serbian_to_latin

FILE_NAME = "stopwords.tsv"
COLUMNS = ("lang", "words")
TERM_VOTES = 2
WORDS_KEPT = 4096  # typed words whose folded forms are remembered (_forms)
# Players of every language type Magic's English words ("da li trample radi protiv protection", "first strike da li
# je to keyword"): a query holding BORROWED or more stop words of another language and no word of English's own list
# is that language's, its English terms borrowed; they vote only where the words tell no language so surely ("ten
# poison counters": Czech "ten" alone).
BORROWED = 2
ENGLISH = "en"


@dataclass(frozen=True, slots=True)
class StopLists:
    """Each language's folded stop words (``lists``: language, words), and all of them together (``words``)."""

    lists: tuple[tuple[str, frozenset[str]], ...]
    words: frozenset[str]

    def for_query(self, words: Iterable[str], typed: Iterable[str] = ()) -> frozenset[str]:
        """The stop words of the query's language (:meth:`languages`); every language's when the query does not
        tell (``deset`` or ``X``)."""
        langs = self.languages(words, typed)
        if not langs:
            return self.words
        return frozenset().union(*(listed for lang, listed in self.lists if lang in langs))

    def languages(self, words: Iterable[str], typed: Iterable[str] = ()) -> frozenset[str]:
        """The query's language (or languages, tied): the one with the most of the query's words in its list plus
        two for each of the query's concept terms in that language (``typed``, one language per term found), an
        English term only where no other language's stop words outnumber English's own (see BORROWED); none when
        the query names none."""
        votes = {lang: 0 for lang, _ in self.lists}
        english = 0  # words of the English list and of no other
        for word in words:
            folded, latin = _forms(word)
            if folded not in self.words and latin not in self.words:
                continue  # no list's word: the common case, one look-up instead of one per list
            found = [lang for lang, listed in self.lists if folded in listed or lang == "sr" and latin in listed]
            for lang in found:
                votes[lang] += 1
            english += found == [ENGLISH]
        borrowed = not english and max((n for lang, n in votes.items() if lang != ENGLISH), default=0) >= BORROWED
        for lang in typed:  # a term names its language more surely than a short word shared by several lists
            if lang in votes and not (lang == ENGLISH and borrowed):
                votes[lang] += TERM_VOTES
        most = max(votes.values(), default=0)
        return frozenset(lang for lang, count in votes.items() if most and count == most)

    def also(self, words: Iterable[str]) -> StopLists:
        """These lists with ``words`` added to every language's (the question phrase a query opens with)."""
        extra = frozenset(fold(word).replace("’", "'") for word in words)
        if not extra:
            return self
        return StopLists(tuple((lang, listed | extra) for lang, listed in self.lists), self.words | extra)


def parse_stopwords(text: str, source: str = FILE_NAME) -> StopLists:
    """The folded stop words of the table, per language."""
    lists: dict[str, set[str]] = {}
    for row in read_tsv(text, source, COLUMNS):
        if not row["words"]:
            raise row.error("words", "no words")
        lists.setdefault(row["lang"], set()).update(fold(word).replace("’", "'") for word in row["words"].split())
    return StopLists(tuple((lang, frozenset(words)) for lang, words in lists.items()),
                     frozenset().union(*lists.values()))


@per_corpus
def load_stopwords(root: Path | None = None) -> StopLists:
    """The stop words of the corpus at ``root`` (the installed one if None); none when it has no table."""
    found = read_table(FILE_NAME, "the stop words", root)
    return parse_stopwords(*found) if found is not None else StopLists((), frozenset())


def is_stopword(word: str, stopwords: frozenset[str], latin: bool = True) -> bool:
    """Whether a typed word is a stop word (folded; Serbian Cyrillic also in Latin script unless ``latin`` is
    False: a Russian word is not compared with the Serbian list)."""
    folded, latin_form = _forms(word)
    return folded in stopwords or latin and latin_form in stopwords


@lru_cache(maxsize=WORDS_KEPT)
def _forms(word: str) -> tuple[str, str]:
    """A typed word as the lists hold words (folded), and its Serbian Cyrillic in Latin script so folded, kept for the
    WORDS_KEPT words last asked: parsing a query tests each of its words against several lists, and folded it anew
    for each test."""
    folded = fold(word).replace("’", "'")
    return folded, fold(serbian_to_latin(folded))
