"""The words of the index: one function turns a word into its term, per language (fold, stem, fold).

A judge types ``razbijac`` as often as ``razbijač``, and the Snowball stemmers strip different suffixes from the two
spellings; folding before stemming makes both meet, folding again after makes the stems' own output comparable.
Serbian Cyrillic is transliterated to Latin first, so ``биће`` and ``biće`` are one word; Russian stays Cyrillic
(``ё`` → ``е``). Czech is stemmed before folding (:data:`STEMS_ACCENTS`): Snowball's Czech stemmer reads the
diacritics, and folded first ``hráče`` (hráč + e) looks like ``hrace`` and palatalises to ``hrak``, away from
``hráč``; a Czech word typed without its diacritics is stemmed as the documents print it (:mod:`.accents`: ``hrace``
as ``hráče``). A number word becomes its digits (:mod:`.numbers`: ``ten``, ``десять``, ``deset`` and ``10`` are one
term), and an English irregular verb form its verb (:mod:`.irregular`: ``dealt`` is ``deal``, a Serbian one:
``ušlo`` is ``ulazi``, and a Russian one: ``вышло`` is ``выходит``), a Serbian verb's forms one stem
(:mod:`.serbian`: ``pobedi`` and ``pobedio``, ``plaća`` and ``plaćanje``), a Russian -ировать verb's forms and its
-ация noun one stem (:mod:`.russian`: ``регенерация`` and ``регенерирует``), a Russian verb's aspects one term
(:mod:`.aspects`: ``посмотреть`` is ``смотреть``), and a Russian, English or Serbian word the stemmer gives
another's stem its own (:mod:`.kept_apart`: ``существует`` is not ``существо``, ``active`` not ``activate``,
``niže`` not ``niz``), and a Russian word whose vowel drops in its other forms their stem (:mod:`.fleeting`:
``оборотень`` is ``оборотня``). Only English text gets an English stop list.

The index (through the Whoosh analyzers of :mod:`.analysis`) and the queries, concept detection and snippets
all call :func:`normalize_word`, so they cannot drift apart; its result is memoized per word, which is what
makes indexing and query parsing cheap (a corpus repeats its words). This module imports no Whoosh, so a
citation query, which needs no index, starts without it.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

from ..corpus import corpus_dir
from .accents import FILE_NAME as ACCENTS_FILE, load_accented_words
from .aspects import FILE_NAME as ASPECTS_FILE, load_aspect_pairs
from .fleeting import FILE_NAME as FLEETING_FILE, load_fleeting_vowels
from .folding import fold, serbian_to_latin
from .irregular import FILE_NAME as IRREGULAR_FILE, RUSSIAN_FILE_NAME as RUSSIAN_IRREGULAR_FILE
from .irregular import SERBIAN_FILE_NAME as SERBIAN_IRREGULAR_FILE
from .irregular import load_irregular_verbs, load_russian_irregular_verbs, load_serbian_irregular_verbs
from .kept_apart import ENGLISH_FILE_NAME as ENGLISH_KEPT_APART_FILE, FILE_NAME as KEPT_APART_FILE
from .kept_apart import SERBIAN_FILE_NAME as SERBIAN_KEPT_APART_FILE
from .kept_apart import load_english_kept_apart, load_kept_apart, load_serbian_kept_apart
from .numbers import FILE_NAME as NUMBERS_FILE, load_number_words
from .russian import russian_stem
from .serbian import serbian_stem

LANGUAGES = ("sr", "cs", "ru", "pt", "en")
SNOWBALL = {"sr": "serbian", "cs": "czech", "ru": "russian", "pt": "portuguese", "en": "english"}
# A word, apostrophes inside it kept (``doesn't`` is one word, not ``doesn`` + a lone ``t`` that would match
# the ``T`` of ``[P/T]``); the curly apostrophe is read as the straight one. A signed power/toughness change is
# one word too: ``+1/+1`` and ``-1/-1`` are different counters (cr 704.5q removes them in pairs), which as the
# words ``1`` ``1`` they were not; the minus sign and the dash are read as the hyphen.
WORD = r"[+\-−–]\w+/[+\-−–]\w+|\w+(?:['’]\w+)*"
_WORD = re.compile(WORD)
# Languages whose Snowball stemmer needs the word's diacritics (see the module's docstring): stemmed, then folded.
STEMS_ACCENTS = frozenset({"cs"})
# A Czech imperfective verb's stem as its perfective's (what Snowball's Czech stemmer leaves apart): "začíná"
# (cs-cr 217.2a) is "začne" (101.2), "přidává" "přidá", "zachovává" "zachovat"; the suffix counts only before a verb ending
# (-á, -at, -ají, -al, -án), so the noun "termíny" and "práva" keep theirs, and a stem shorter than three letters
# stays whole ("dává" is not "d").
_CZECH_IMPERFECTIVE = re.compile(r"(?:ov)?áv(?=á|at|aj|al|an)|ín(?=á|at|aj|al|an)")
_CACHE_LIMIT = 200_000
# An English word the Russian rules keep in Latin letters, its Russian case ending written after an apostrophe
# (ru-cr 508.1b "planeswalker'ы", "planeswalker'ов", 306.7 "planeswalker’ы", "Shapeshifter'ом"): the term is the
# English word's, so every case meets the others and the concept table's term.
_LATIN_WITH_CASE = re.compile(r"([a-z]+)'[а-яё]+")
# An English past written with an apostrophe after a name or an abbreviation that takes no -ed ("ninjutsu'd",
# "crew'd", "ETB'd"): the word's own term, as "ninjutsued" stems to ninjutsu (and a contraction's 'd, "you'd",
# is its pronoun, a stop word).
_PAST_AFTER_APOSTROPHE = re.compile(r"(?<=[a-z0-9])'d$")


def make_stemmer(language: str) -> Any:
    """A Snowball stemmer: PyStemmer when installed (20× faster), else the pure-Python snowballstemmer."""
    try:
        import Stemmer

        return Stemmer.Stemmer(language)
    except (ImportError, KeyError):
        import snowballstemmer

        return snowballstemmer.stemmer(language)


# Whoosh's English stop list (whoosh.analysis.filters.STOP_WORDS; a test checks they agree), copied so that
# analyzing text imports no Whoosh. The only stop list: Serbian "i", "je", "za" are words to search for.
ENGLISH_STOP_WORDS = frozenset((
    "a", "an", "and", "are", "as", "at", "be", "by", "can", "for", "from", "have", "if", "in", "is", "it", "may",
    "not", "of", "on", "or", "tbd", "that", "the", "this", "to", "us", "we", "when", "will", "with", "yet", "you",
    "your",
))


class _Normalizer:
    """One language's word → term function, with its stemmer and its table of words typed without diacritics
    (:mod:`.accents`) made on first use, and a memo of words seen."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self._stem: Any = None
        self._printed: dict[str, str] = {}
        self._numbers: dict[str, str] = {}
        self._bases: dict[str, str] = {}
        self._aspects: Callable[[str], str] = str
        self._kept_apart: Callable[[str], str | None] = lambda word: None
        self._fleeting: Mapping[str, str] = {}
        self._stop = ENGLISH_STOP_WORDS if lang == "en" else frozenset()
        self.memo: dict[str, str | None] = {}

    def __call__(self, word: str) -> str | None:
        term = self.memo.get(word, "")
        if term == "":
            term = self.memo[word] = self._normalize(word)
            if len(self.memo) > _CACHE_LIMIT:
                self.memo.clear()
        return term

    def _normalize(self, word: str, restore: bool = True) -> str | None:
        """The word's term; ``restore``: a word typed without diacritics is stemmed as the documents print it."""
        if self._stem is None:
            self._stem = make_stemmer(SNOWBALL[self.lang])
            self._numbers = {word: str(number) for word, number in load_number_words().get(self.lang, {}).items()}
            if self.lang in STEMS_ACCENTS:
                self._printed = load_accented_words().get(self.lang, {})
            if self.lang == "en":
                self._bases = load_irregular_verbs()
                self._kept_apart = load_english_kept_apart()
            if self.lang == "sr":
                self._bases = load_serbian_irregular_verbs()
                self._kept_apart = load_serbian_kept_apart()
            if self.lang == "ru":
                self._bases = load_russian_irregular_verbs()
                self._aspects = load_aspect_pairs()
                self._kept_apart = load_kept_apart()
                self._fleeting = load_fleeting_vowels()
        text = word.lower().replace("’", "'").replace("−", "-").replace("–", "-")
        if self.lang == "sr":
            text = serbian_to_latin(text)
        if self.lang == "en":
            text = _PAST_AFTER_APOSTROPHE.sub("", text)
        latin = _LATIN_WITH_CASE.fullmatch(text)
        if latin:
            text = latin.group(1)
        folded = fold(text)
        if folded in self._stop:
            return None
        number = self._numbers.get(folded)
        if number is not None:
            return number
        kept = self._kept_apart(folded)
        if kept is not None:
            return kept
        if self.lang in STEMS_ACCENTS:
            printed = unicodedata.normalize("NFC", self._printed.get(text, text) if restore else text)
            return fold(czech_perfective(printed, str(self._stem.stemWord(printed)))) or None
        if self.lang == "ru":
            folded = self._fleeting.get(folded, folded)
        folded = self._bases.get(folded, folded)
        stem = fold(str(self._stem.stemWord(folded)))
        if self.lang == "ru":
            stem = self._aspects(russian_stem(folded, stem))
        return (serbian_stem(folded, stem) if self.lang == "sr" else stem) or None


def czech_perfective(word: str, stem: str) -> str:
    """A Czech word's stem with an imperfective suffix ending it taken off (see :data:`_CZECH_IMPERFECTIVE`):
    ``začín`` (začíná) → ``začn``, ``přidáv`` (přidává) → ``přid``; any other stem as it is."""
    for match in _CZECH_IMPERFECTIVE.finditer(word):
        if match.end() == len(stem) and word.startswith(stem):
            shorter = stem[:match.start()] + ("n" if match.group() == "ín" else "")
            return shorter if len(shorter) >= 3 else stem
    return stem


_NORMALIZERS = {lang: _Normalizer(lang) for lang in LANGUAGES}


def table_files() -> tuple[Path, ...]:
    """The corpus tables :func:`normalize_word` reads (number words, words typed without diacritics, English,
    Serbian and Russian irregular verbs, Russian aspect pairs, Russian and English words kept apart, Russian
    fleeting vowels), always those of the installed corpus: a cache of another corpus folder keys them too."""
    folder = corpus_dir()
    names = (NUMBERS_FILE, ACCENTS_FILE, IRREGULAR_FILE, SERBIAN_IRREGULAR_FILE, RUSSIAN_IRREGULAR_FILE, ASPECTS_FILE,
             KEPT_APART_FILE, ENGLISH_KEPT_APART_FILE, SERBIAN_KEPT_APART_FILE, FLEETING_FILE)
    return tuple(folder / name for name in names)


def field_language(lang: str) -> str:
    """The language whose analyzer a text of ``lang`` gets (English for a language the index has no field for)."""
    return lang if lang in _NORMALIZERS else "en"


def normalize_word(lang: str, word: str) -> str | None:
    """One word's index term in a language: ``razbijača`` → ``razbijac`` (sr); None for an English stop word."""
    return _NORMALIZERS[field_language(lang)](word)


def typed_term(lang: str, word: str) -> str | None:
    """A word's term as typed, never stemmed as the documents print it (what :mod:`.accents` compares)."""
    return _NORMALIZERS[field_language(lang)]._normalize(word, restore=False)


def analyze(lang: str, text: str) -> list[str]:
    """The terms a text yields in a language's field (for query building and concept detection)."""
    normalize = _NORMALIZERS[field_language(lang)]
    return [term for word in _WORD.findall(text) if (term := normalize(word)) is not None]


def spans(lang: str, text: str) -> Iterator[tuple[str, int, int]]:
    """``(term, start, end)`` of every indexed word of a text: what snippets highlight by. (The memo is read
    here without a call: every hit's snippet runs this over its words.)"""
    normalize = _NORMALIZERS[field_language(lang)]
    memo = normalize.memo
    for match in _WORD.finditer(text):
        word = match.group()
        term = memo.get(word, "")
        if term == "":
            term = normalize(word)
        if term is not None:
            yield term, *match.span()


def english_whole_word(word: str) -> str:
    """An English word as a concept's headword is matched: its stem, except that an adverb in *-ly* stays whole,
    so ``conceding`` is *concede* and ``creatures`` *creature*, but ``permanently`` is not *permanent*. (A
    one-word query never matches part of a longer headword, so ``order`` is not *APNAP Order*: see
    :meth:`~izvori_rules.text.matching.QueryConcepts.segments`.)"""
    text = fold(word).replace("’", "'")
    if len(text) > 5 and text.endswith("ly"):
        return text
    return normalize_word("en", text) or text


def english_words(text: str) -> list[str]:
    """The words of an English text as typed, English stop words dropped."""
    return [w for w in _WORD.findall(text) if fold(w) not in ENGLISH_STOP_WORDS]


def english_whole_words(text: str) -> list[str]:
    """The words of an English text as :func:`english_whole_word` keeps them, English stop words dropped."""
    return [english_whole_word(w) for w in english_words(text)]


def plain_word(word: str) -> str:
    """A word as the spelling-suggestion field keeps it: lowercased, not stemmed, not folded (a suggestion
    should read ``razbijač``, not ``razbijac``)."""
    return unicodedata.normalize("NFC", word.lower())


def plain_words(text: str) -> list[str]:
    """The words of a text as the spelling-suggestion field keeps them (see :func:`plain_word`)."""
    return [plain_word(word) for word in _WORD.findall(text)]
