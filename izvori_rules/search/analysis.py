"""The Whoosh analyzers of the index: a tokenizer and one filter that calls :func:`.stemming.normalize_word`.

This module path is part of the index format: Whoosh pickles the analyzers into the index's schema, so the
classes here must stay importable under these names, and any change to what they (or :mod:`.stemming`)
produce must bump :data:`ANALYZER_VERSION` (it is part of the index's cache key, so a change rebuilds the
index rather than crashing or silently mismatching). Only the language code is pickled, never a stemmer.
"""

from __future__ import annotations

from collections.abc import Iterator

from whoosh.analysis import Filter, RegexTokenizer
from whoosh.analysis.acore import Token
from whoosh.analysis.analyzers import CompositeAnalyzer

from ..text.stemming import WORD, normalize_word, plain_word

ANALYZER_VERSION = 3


class LanguageFilter(Filter):
    """Every token becomes its term in one language (:func:`.stemming.normalize_word`); English stop words
    are dropped."""

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def __eq__(self, other: object) -> bool:
        return isinstance(other, LanguageFilter) and other.lang == self.lang

    def __hash__(self) -> int:
        return hash(self.lang)

    def __call__(self, tokens: Iterator[Token]) -> Iterator[Token]:
        for token in tokens:
            term = normalize_word(self.lang, token.text)
            if term is not None:
                token.text = term
                yield token


class WordsFilter(Filter):
    """The spelling-suggestion field's words (:func:`.stemming.plain_word`: lowercased, not stemmed)."""

    def __eq__(self, other: object) -> bool:
        return isinstance(other, WordsFilter)

    def __hash__(self) -> int:
        return hash(type(self))

    def __call__(self, tokens: Iterator[Token]) -> Iterator[Token]:
        for token in tokens:
            token.text = plain_word(token.text)
            yield token


def language_analyzer(lang: str) -> CompositeAnalyzer:
    """The analyzer of one language's text fields: tokenize, then :func:`.stemming.normalize_word`."""
    return RegexTokenizer(WORD) | LanguageFilter(lang)


def words_analyzer() -> CompositeAnalyzer:
    """The unstemmed field that spelling suggestions come from."""
    return RegexTokenizer(WORD) | WordsFilter()
