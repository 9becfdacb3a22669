""""Did you mean": the words of the documents closest to a word that matched nothing.

The candidates come from the index's unstemmed ``words`` field, among the words that start like the typed one
(first two letters, then the first one), compared folded, so ``razbijacc`` suggests ``razbijač`` as printed.
A word typed in Serbian Cyrillic is also tried transliterated (the Serbian documents are in Latin script).
A long word that no document has in any language's form is read as a typo (:func:`corrections`): a judge types
on a phone, and "attack planeswaker or player" should search for the planeswalker the rules name.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from ..text.folding import fold, looks_serbian_cyrillic, serbian_to_latin
from ..text.stemming import LANGUAGES, analyze, plain_word

if TYPE_CHECKING:
    from .postings import Postings

PER_WORD = 3
CUTOFF = 0.75
FIELD = "words"
# The shortest word read as a typo: a shorter one the documents lack is more often a real word they do not use
# (ru "уходит" is not "входит", sr "preuzme" not "preduzme") than a slip of the thumb.
TYPO_MIN = 8
# An English query's words from one letter shorter: English words barely inflect, so a seven-letter word that no
# document has in any form is a slip more often than a word the rules do not use ("priorty" is priority).
SHORTEST_TYPO = {"en": 7}


def suggest(reader: Postings, words: Iterable[str]) -> tuple[str, ...]:
    """Close spellings of each word, best first, without repeats."""
    out: list[str] = []
    for word in words:
        spellings = {fold(word)}
        if looks_serbian_cyrillic(word):
            spellings.add(fold(serbian_to_latin(word)))
        for spelling in sorted(spellings):
            out += close_words(reader, spelling)
    return tuple(dict.fromkeys(out))


def close_words(reader: Postings, spelling: str) -> list[str]:
    """The indexed words closest to a folded spelling, as the documents print them (``difflib`` is imported
    here: only a query that finds nothing needs it)."""
    import difflib

    for size in (2, 1):
        pool = _indexed(reader, spelling[:size])
        pool.pop(spelling, None)
        close = difflib.get_close_matches(spelling, list(pool), n=PER_WORD, cutoff=CUTOFF)
        if close:
            return [pool[c] for c in close]
    return []


def corrections(reader: Postings, words: Iterable[str], languages: frozenset[str] = frozenset()) -> dict[str, str]:
    """Each word of TYPO_MIN or more letters (SHORTEST_TYPO in a query of that one language) that no document has,
    neither as typed nor as any language's stem, mapped to the documents' word one typo away (a letter left out,
    added, changed, or two swapped, compared folded), the most frequent of them: ``planeswaker`` → ``planeswalker``.
    A word without one is left out."""
    shortest = SHORTEST_TYPO.get(next(iter(languages)), TYPO_MIN) if len(languages) == 1 else TYPO_MIN
    out: dict[str, str] = {}
    for word in words:
        if len(word) < shortest or word in out or _known(reader, word):
            continue
        spelling = fold(plain_word(word))
        pool = _indexed(reader, spelling[:2], lambda printed: abs(len(printed) - len(spelling)) <= 1)
        close = [printed for folded, printed in pool.items() if _one_typo(spelling, folded)]
        if close:
            out[word] = max(close, key=lambda printed: reader.doc_frequency(FIELD, printed))
    return out


def _indexed(reader: Postings, start: str, keep: Callable[[str], bool] | None = None) -> dict[str, str]:
    """The indexed words that start like a folded ``start`` in any of the documents' spellings (and that ``keep``
    accepts), folded → as printed; of words that fold alike, the first in the index's order."""
    pool: dict[str, str] = {}
    for prefix in spellings_of(start):
        for printed in reader.expand_prefix(FIELD, prefix):
            if keep is None or keep(printed):
                pool.setdefault(fold(printed), printed)
    return pool


def _known(reader: Postings, word: str) -> bool:
    """Whether a document has the word as typed, or its stem in any language's text or headings."""
    if reader.doc_frequency(FIELD, plain_word(word)):
        return True
    return any(reader.doc_frequency(f"{part}_{lang}", term)
               for lang in LANGUAGES for term in analyze(lang, word) for part in ("body", "head"))


def _one_typo(typed: str, word: str) -> bool:
    """Whether ``word`` is ``typed`` with one letter left out, added or changed, or two neighbours swapped."""
    if typed == word or abs(len(typed) - len(word)) > 1:
        return False
    at = next((i for i, (a, b) in enumerate(zip(typed, word)) if a != b), min(len(typed), len(word)))
    if len(typed) > len(word):
        return typed[at + 1:] == word[at:]
    if len(typed) < len(word):
        return typed[at:] == word[at + 1:]
    swapped = typed[:at] + typed[at + 1:at + 2] + typed[at:at + 1] + typed[at + 2:]
    return typed[at + 1:] == word[at + 1:] or swapped == word


def spellings_of(folded: str) -> list[str]:
    """Every way the documents may write a folded prefix: ``cu`` → ``cu``, ``ču``, ``ću``."""
    out = [""]
    for char in folded:
        out = [head + variant for head in out for variant in _UNFOLDED.get(char, char)]
    return out


def _unfolding() -> dict[str, str]:
    """Folded letter → the letters that fold to it (``c`` → ``cčć``), for the corpus languages' diacritics."""
    table: dict[str, str] = {}
    for letter in "čćšžđáďéěíňóřťúůýãõâêôçàüё":
        base = fold(letter)[0]
        table[base] = table.get(base, base) + letter
    return table


_UNFOLDED = _unfolding()
