"""Per-language Whoosh analyzers: tokenize, fold, stem with Snowball, fold again.

This module path is part of the index format: Whoosh pickles the analyzers into the index's schema, so the
classes here must stay importable under these names, and any change to what they produce must bump
:data:`ANALYZER_VERSION` (it is part of the index's cache key, so a change rebuilds the index rather than
crashing or silently mismatching).

Why fold first: a judge types ``razbijac`` as often as ``razbijač``, and the Snowball stemmers strip
different suffixes from the two spellings; folding before stemming makes both meet, folding again after
makes the stems' own output comparable. Serbian Cyrillic is transliterated to Latin first, so ``биће`` and
``biće`` are one word; Russian stays Cyrillic (``ё`` → ``е``). Only English text gets an English stop list.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from whoosh.analysis import Filter, LowercaseFilter, RegexTokenizer, StopFilter
from whoosh.analysis.analyzers import CompositeAnalyzer
from whoosh.analysis.acore import Token

from ..folding import fold, serbian_to_latin

ANALYZER_VERSION = 1
LANGUAGES = ("sr", "cs", "ru", "pt", "en")
_SNOWBALL = {"sr": "serbian", "cs": "czech", "ru": "russian", "pt": "portuguese", "en": "english"}
WORD = r"\w+"


class SerbianLatinFilter(Filter):
    """Serbian Cyrillic → Latin, so both scripts index and query as one (``биће`` = ``biće``)."""

    def __call__(self, tokens: Iterator[Token]) -> Iterator[Token]:
        for token in tokens:
            token.text = serbian_to_latin(token.text)
            yield token


class FoldFilter(Filter):
    """Lowercase and drop the corpus languages' diacritics (``č`` → ``c``, ``đ`` → ``dj``, ``ё`` → ``е``)."""

    def __call__(self, tokens: Iterator[Token]) -> Iterator[Token]:
        for token in tokens:
            token.text = fold(token.text)
            yield token


class SnowballFilter(Filter):
    """Stem with the Snowball algorithm of one language (PyStemmer's C build, else snowballstemmer).

    Only the language name is pickled; the stemmer object is made on first use in each process.
    """

    def __init__(self, language: str) -> None:
        self.language = language
        self._stem: Any = None

    def __getstate__(self) -> dict[str, str]:
        return {"language": self.language}

    def __setstate__(self, state: dict[str, str]) -> None:
        self.language = state["language"]
        self._stem = None

    def __eq__(self, other: object) -> bool:
        return isinstance(other, SnowballFilter) and other.language == self.language

    def __hash__(self) -> int:
        return hash(self.language)

    def stem(self, word: str) -> str:
        """One word's stem."""
        if self._stem is None:
            self._stem = make_stemmer(self.language)
        return str(self._stem.stemWord(word))

    def __call__(self, tokens: Iterator[Token]) -> Iterator[Token]:
        for token in tokens:
            token.text = self.stem(token.text)
            yield token


def make_stemmer(language: str) -> Any:
    """A Snowball stemmer: PyStemmer when installed (20× faster), else the pure-Python snowballstemmer."""
    try:
        import Stemmer

        return Stemmer.Stemmer(language)
    except (ImportError, KeyError):
        import snowballstemmer

        return snowballstemmer.stemmer(language)


def language_analyzer(lang: str) -> CompositeAnalyzer:
    """The analyzer of one language's text field: tokenize, [Serbian Latin], fold, stem, fold."""
    chain: Any = RegexTokenizer(WORD) | LowercaseFilter()
    if lang == "sr":
        chain = chain | SerbianLatinFilter()
    chain = chain | FoldFilter()
    if lang == "en":
        chain = chain | StopFilter(minsize=1)
    return chain | SnowballFilter(_SNOWBALL[lang]) | FoldFilter()


def words_analyzer() -> CompositeAnalyzer:
    """The unstemmed field that spelling suggestions come from: tokenize, fold (scripts kept as indexed)."""
    chain: Any = RegexTokenizer(WORD) | LowercaseFilter() | FoldFilter()
    return chain


def analyzer_for(lang: str) -> CompositeAnalyzer:
    """The shared analyzer of a language (English for a language the index has no field for)."""
    return _ANALYZERS.get(lang, _ANALYZERS["en"])


def analyze(lang: str, text: str) -> list[str]:
    """The terms a text yields in a language's field (for query building and concept detection)."""
    return [t.text for t in analyzer_for(lang)(text)]


_ANALYZERS = {lang: language_analyzer(lang) for lang in LANGUAGES}
