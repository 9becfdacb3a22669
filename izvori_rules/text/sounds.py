"""A word's sound key: the consonants it is heard with, so that a card's English name meets the Cyrillic spelling of
Russian players, who write a card's English name as they hear it ("даблинг сизон" is Doubling Season, "мутаволт"
Mutavault, "мана лик" Mana Leak, "джейс" Jace) more often than its official Russian name, when it has one.

Both sides are read alike: the Russian word as the Latin letters it is written with (its case ending dropped: "мана
лика"), each spelling of one sound as one letter (ch, tch, ч and тч; sh and ш; j, a soft g before a last e
("emerge", "эмердж") or dg, and дж; ck and к; a soft c and с; z and з as s), h dropped, each run of vowels one V
(which vowel is heard varies: "doubling", "даблинг"), a doubled letter kept once and a last vowel dropped ("Clone",
"мана"). The vowels' places keep the words apart whose consonants alone would meet ("передней" pVrVdn, Preordain
prVrdVn). What such a key leaves is rough, so :mod:`..search.cards` takes only a name whose key has MIN_SOUNDS
consonants or more.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from .folding import is_cyrillic

# The fewest consonants of a name heard in Cyrillic: fewer ("VrVst" of Arrest, "Vmbl" of Humble) are also the sounds
# of everyday Russian words ("ярость", "эмблема").
MIN_SOUNDS = 4
# A keyword's English name heard in a Russian word (heard_terms): each word's key of four letters or more, and
# a name of one or two words.
HEARD_SOUNDS = 4
HEARD_WORDS = 2
# A word of a name of two words may be heard in three ("mana value" mVn vVl, "мана валью"): the two keys together
# are rarer than either alone.
HEARD_IN_PAIR = 3
SOUNDS_KEPT = 4096  # words whose sound keys are remembered: a judge's questions repeat their words
# A Russian letter's sound, as _SPELLINGS and the vowels make the Latin letters it is written with (х kh, ц ts,
# ч ch, ш and щ sh, ж zh; дж, j, is read before): one pass instead of a Latin spelling read again.
_RUSSIAN_SOUNDS = str.maketrans({
    "а": "V", "б": "b", "в": "v", "г": "g", "д": "d", "е": "V", "ё": "V", "ж": "S", "з": "s", "и": "V", "й": "V",
    "к": "k", "л": "l", "м": "m", "н": "n", "о": "V", "п": "p", "р": "r", "с": "s", "т": "t", "у": "V", "ф": "f",
    "х": "", "ц": "s", "ч": "C", "ш": "S", "щ": "S", "ъ": "", "ы": "V", "ь": "", "э": "V", "ю": "V", "я": "V",
})
# A noun's or adjective's case ending, dropped when three letters are left: "мана лика", "клоном", "даблинга".
_CASE_ENDING = re.compile(r"(?:ами|ями|ого|его|ому|ему|ом|ем|ой|ей|ам|ям|ах|ях|ов|ев|ый|ий|ым|им|ую|ая|[аяуюеыио])$")
_SPELLINGS = (("tch", "C"), ("dzh", "J"), ("ch", "C"), ("sh", "S"), ("zh", "S"), ("ph", "f"), ("th", "t"),
              ("ck", "k"), ("kh", "h"), ("ts", "s"), ("j", "J"), ("x", "ks"), ("q", "k"), ("w", "v"), ("z", "s"))
_SOFT_C = re.compile(r"c(?=[eiy])")
_VOWELS = re.compile(r"[aeiouy]+")
_DOUBLED = re.compile(r"(.)\1+")
# An English g heard as j (дж): before a last e, alone or with an s or a d after it ("emerge", "Forge", "Sages"), and
# in dg ("edge"). Before another e, an i or a y it is either ("Angel" энджел, "Gideon" гидеон): see _LOOSE.
_SOFT_G = re.compile(r"d?g(?=e[sd]?$)|dg(?=[eiy])")
# What Russian players may leave out or hear otherwise, read by a word's second key (english_keys): an -er- between
# consonants written without its vowel ("counter" is "контр" in "контрбаланс", Counterbalance, "контрспелл"); the
# silent e of a last -es or -ed after a consonant ("scales" скейлз, "hardened" хардэнд; not where it is heard, -es
# after a hissing sound, -ed after a t or d: "forces", "wanted"; nor after a c or g, which it softens: "forced"); a
# g before e, i or y heard as j ("Angel" энджел, "Vengevine").
_LOOSE = ((re.compile(r"(?<=[b-df-hj-np-tv-z])er(?=[b-df-hj-np-tv-z])"), "r"),
          (re.compile(r"(?<=[bdfk-nprtvwy])e(?=s$)|(?<=[bfhk-npr-sv-z])e(?=d$)"), ""),
          (re.compile(r"g(?=[eiy])"), "J"))


@lru_cache(maxsize=SOUNDS_KEPT)
def sound_key(word: str) -> str:
    """The word's sound key: "doubling" and "даблинг" are both ``dVblVng``, "season" and "сизон" ``sVsVn``."""
    text = word.lower()
    if is_cyrillic(text):
        if len(stem := _CASE_ENDING.sub("", text)) >= 3:
            text = stem
        text = text.replace("дж", "J").replace("тч", "ч")
        return _DOUBLED.sub(r"\1", text.translate(_RUSSIAN_SOUNDS)).removesuffix("V")
    text = _SOFT_G.sub("J", text)
    for spelling, sound in _SPELLINGS:
        text = text.replace(spelling, sound)
    text = _VOWELS.sub("V", _SOFT_C.sub("s", text).replace("c", "k").replace("h", ""))
    return _DOUBLED.sub(r"\1", text).removesuffix("V")


def english_keys(word: str) -> tuple[str, ...]:
    """An English word's sound keys: its key, and where Russian players may write it otherwise (:data:`_LOOSE`), the
    key of that spelling ("counterbalance" kVntVrbVlVns and kVntrbVlVns, "контрбаланс"; "hardened" VrdVnVd and
    VrdVnd, "хардэнд")."""
    key = sound_key(word)
    loose = word.lower()
    for pattern, sound in _LOOSE:
        loose = pattern.sub(sound, loose)
    other = sound_key(loose)
    return (key, other) if other != key else (key,)


def heard_terms(terms: Iterable[tuple[str, str]]) -> dict[str, tuple[str, ...]]:
    """The sound keys of English terms (concept id, term), each key to the concepts whose term sounds so: how a
    Russian question meets a keyword written as the English name is heard ("трамплер" the trampler of trample,
    "эвок" evoke, "ферст страйк" first strike). Each word of a term must be heard in HEARD_SOUNDS or more (a key of
    three, "rVd" of red, "vVl" of wall, is the key of everyday words, "ради", "воли"); a term of a hyphen or more than
    two words is left out (English words Russian players write are names, not phrases). A key's letters, vowels'
    V included, are its sounds here."""
    out: dict[str, tuple[str, ...]] = {}
    for concept, term in terms:
        words = term.split()
        if len(words) > HEARD_WORDS or "-" in term or not all(w.isalpha() for w in words):
            continue
        for keys in spellings(words):
            if all(len(k) >= (HEARD_IN_PAIR if len(keys) == HEARD_WORDS else HEARD_SOUNDS) for k in keys):
                key = " ".join(keys)
                if concept not in out.get(key, ()):
                    out[key] = (*out.get(key, ()), concept)
    return out


def spellings(words: list[str]) -> list[list[str]]:
    """The sound keys of English words as Russian players may write them (:func:`english_keys`): each word's key,
    and every word's other key where it has one (an -er- left out is left out of the whole name)."""
    keys = [english_keys(w) for w in words]
    found = [[k[0] for k in keys]]
    if any(len(k) > 1 for k in keys):
        found.append([k[-1] for k in keys])
    return found
