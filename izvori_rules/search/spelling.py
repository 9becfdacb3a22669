""""Did you mean": the words of the documents closest to a word that matched nothing.

The candidates come from the index's unstemmed ``words`` field, among the words that start like the typed one
(first two letters, then the first one), compared folded, so ``razbijacc`` suggests ``razbijač`` as printed.
A word typed in Serbian Cyrillic is also tried transliterated (the Serbian documents are in Latin script).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from ..text.folding import fold, looks_serbian_cyrillic, serbian_to_latin

if TYPE_CHECKING:
    from .postings import Postings

PER_WORD = 3
CUTOFF = 0.75
FIELD = "words"


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
        pool: dict[str, str] = {}
        for prefix in spellings_of(spelling[:size]):
            for word in reader.expand_prefix(FIELD, prefix):
                pool.setdefault(fold(word), word)
        pool.pop(spelling, None)
        close = difflib.get_close_matches(spelling, list(pool), n=PER_WORD, cutoff=CUTOFF)
        if close:
            return [pool[c] for c in close]
    return []


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
