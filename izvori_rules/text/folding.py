"""Spelling folds shared by the concept table, search and the HTML export: one small, exact table each.

A judge types ``razbijac`` for *Razbijač*, ``РАЗБИЈАЧ`` for the same word in Serbian Cyrillic, ``atropelar``
without its accent, ``пробивнои`` for ``пробивной``... The folds below make those spellings meet.
The stock accent strippers (``unicodedata`` decomposition, ``unidecode``) get three things wrong for this
corpus, which is why the tables are our own:

* ``đ`` has no decomposition, so stripping marks leaves it alone (or ``unidecode`` makes it ``d``, while
  Serbian ASCII writes ``dj``: *iznenadjenje*);
* stripping every combining mark also turns Russian ``й`` into ``и`` (``пробивной`` would meet
  ``пробивнои``, a different word), while ``ё`` → ``е`` is wanted (the ru-cr translation writes
  *Повёрнутый* and *Повернутый* both);
* Serbian Cyrillic is not a set of accented Latin letters: ``љ`` is the digraph ``lj``.

Decisions: ``đ`` → ``dj`` (the usual ASCII spelling); ``dž`` → ``dz`` (it falls out of ``ž`` → ``z``,
and ``џ`` transliterates to ``dž`` first). Russian Cyrillic stays Cyrillic: a Cyrillic query is tried both
as Russian and, when :func:`looks_serbian_cyrillic` allows it, as Serbian transliterated to Latin.
"""

from __future__ import annotations

import re
import unicodedata

# Serbian Cyrillic → Latin (the official one-to-one correspondence; љ њ џ are digraphs).
_SR_CYRILLIC = "абвгдђежзијклљмнњопрстћуфхцчџш"
_CYRILLIC_WORD = re.compile(r"[\u0400-\u04ff]+")
_SR_LATIN = ("a", "b", "v", "g", "d", "đ", "e", "ž", "z", "i", "j", "k", "l", "lj", "m", "n", "nj", "o", "p",
             "r", "s", "t", "ć", "u", "f", "h", "c", "č", "dž", "š")
_TO_LATIN: dict[str, str] = dict(zip(_SR_CYRILLIC, _SR_LATIN, strict=True))
_DIGRAPHS = {"љ", "њ", "џ"}
_LOWER_TO_LATIN = str.maketrans(_TO_LATIN)  # a text without capitals: one letter for one (or two), no context

# Letters only Serbian Cyrillic has, and letters only Russian has (Serbian has neither й nor ы ...).
SERBIAN_ONLY = frozenset("ђјљњћџЂЈЉЊЋЏ")
RUSSIAN_ONLY = frozenset("ёйщъыьэюяЁЙЩЪЫЬЭЮЯ")

# fold(): applied after lowercasing. Serbian Latin, Czech and Portuguese diacritics, ё, and the Latin
# digraph ligatures (U+01C4..U+01CC) that some Serbian texts use.
_FOLD = str.maketrans({
    "č": "c", "ć": "c", "š": "s", "ž": "z", "đ": "dj",                      # Serbian Latin
    "á": "a", "ď": "d", "é": "e", "ě": "e", "í": "i", "ň": "n", "ó": "o",     # Czech
    "ř": "r", "ť": "t", "ú": "u", "ů": "u", "ý": "y",
    "ã": "a", "õ": "o", "â": "a", "ê": "e", "ô": "o", "ç": "c", "à": "a",     # Portuguese
    "ü": "u",
    "ё": "е",                                                                   # Russian
    "ǆ": "dz", "ǅ": "dz", "ǉ": "lj", "ǈ": "lj", "ǌ": "nj", "ǋ": "nj",          # ligatures
})


def serbian_to_latin(text: str) -> str:
    """Serbian Cyrillic to Latin, keeping case (``Љубав`` → ``Ljubav``, ``ЉУБАВ`` → ``LJUBAV``).

    Other characters pass through unchanged, so a mixed or Latin text is safe to convert. A text without capitals
    (a folded word: search transliterates each query word several times) is one ``translate``.
    """
    if text.lower() == text:  # every letter is its own lower case: the loop below would map each as it is
        return text.translate(_LOWER_TO_LATIN)
    out: list[str] = []
    for i, char in enumerate(text):
        lower = char.lower()
        latin = _TO_LATIN.get(lower)
        if latin is None:
            out.append(char)
        elif char == lower:
            out.append(latin)
        elif lower in _DIGRAPHS and _upper_word(text, i):
            out.append(latin.upper())
        else:
            out.append(latin[0].upper() + latin[1:])
    return "".join(out)


def _upper_word(text: str, i: int) -> bool:
    """Whether the capital digraph letter at ``i`` stands in an all-capitals word (``ЉУ`` → ``LJU``)."""
    after = text[i + 1] if i + 1 < len(text) else ""
    before = text[i - 1] if i > 0 else ""
    if after.isalpha():
        return after.isupper()
    return before.isalpha() and before.isupper()


def fold(text: str) -> str:
    """Lowercase and strip the diacritics of the corpus languages; Cyrillic stays Cyrillic (``ё`` → ``е``).

    ``fold("Razbijač") == "razbijac"``, ``fold("Iznenađenje") == "iznenadjenje"``,
    ``fold("Atropelar") == "atropelar"``, ``fold("Повёрнутый") == "повернутый"``, ``й`` is kept.
    The input is NFC-normalised first, so decomposed accents fold like precomposed ones.
    """
    return unicodedata.normalize("NFC", text).lower().translate(_FOLD)


def is_cyrillic(word: str) -> bool:
    """Whether the word is written in Cyrillic letters only (a card's name heard in Russian, :mod:`.sounds`; a
    Russian word that is no Serbian one, :mod:`.matching`)."""
    return _CYRILLIC_WORD.fullmatch(word) is not None


def looks_serbian_cyrillic(text: str) -> bool:
    """Whether a Cyrillic text may be Serbian, so that callers should also try it transliterated.

    True when it has a Serbian-only letter (ђ ј љ њ ћ џ); false when it has a Russian-only letter
    (ё й щ ъ ы ь э ю я) and no Serbian-only one, or no Cyrillic at all. A text of letters the two alphabets
    share (``ЛЕТАЧ``, ``стек``) is true: it could be either, and callers try it both ways.
    """
    letters = set(text)
    if letters & SERBIAN_ONLY:
        return True
    if letters & RUSSIAN_ONLY:
        return False
    return any("\u0400" <= char <= "\u04ff" for char in text)
