"""A keyword's English name in a Russian question, written in Cyrillic letters as it is heard.

Russian players name most keywords by their English names, spelled in their own letters ("трамплер" for a creature
with trample, "эвок", "эксплор", "инвестигейт", "дабл страйк"), where ru-cr prints its translation (Пробивной удар,
Вызывание, Использовать Разведку, Дознание, Двойной удар). The concept table holds such words where a session met
them (лайфлинк, скрай, флеш, муллиган); the rest matched nothing, and the question lost the keyword its answer is
about. A word the Russian rules do not use whose sound key
(:func:`.text.sounds.sound_key`) is that of one concept's English term (:meth:`.QueryConcepts.heard`) is read as
that concept's Russian term, the way :func:`.spelling.corrections` reads a typo as the documents' word; as the
English term when the concept has no Russian one (players' words for what ru-cr never names: "фликер", "блинк", and
the keywords printed since 2019), if heard in :data:`~..text.sounds.MIN_SOUNDS` consonants or more ("висит", hangs,
is not the Attractions' visit, cr 717). A verb players make of such a name ("фликернуть", "заэкзайлить", "трамплит")
is heard without its Russian ending and prefix (:func:`_verb_base`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Sequence

from ..text.folding import is_cyrillic
from ..text.matching import QueryConcepts
from ..text.sounds import MIN_SOUNDS, sound_key

RUSSIAN = "ru"
# The endings and prefixes of a Russian verb made from an English word (фликер-нуть, за-экзайл-ить, стифл-ит,
# за-баунс-ил): the infinitive, the past and the present, after the suffix -ну-, -и-, -а- or -ова- that makes it one.
_VERB_ENDING = re.compile(r"(?:ну|ану|ова|и|а)?(?:ть(?:ся)?|л[аио]?(?:сь|ся)?|ю|ет(?:ся)?|ит(?:ся)?|ят|ут|ют|ешь|ишь)$")
# The past passive participle of such a verb, full or short (эвок-нутого, анлиш-нутое, фликер-нут, за-экзайл-енная):
# a -нуть verb's -нут-, or -ованн-, -енн-, -анн- with an adjective's ending (a bare -ен, -ан ends English names:
# awaken, авейкен).
_PARTICIPLE = re.compile(r"(?:нут|(?:ова|е|а)нн?(?=\w))(?:ый|ий|ая|ое|ые|ого|ой|ому|ом|ую|ыми|ых|ым|ы|а|о)?$")
_VERB_PREFIX = re.compile(r"^(?:за|от|пере|про)")
MIN_BASE = 4  # fewer letters are a root of everyday verbs


def borrowed(words: Sequence[str], named: Collection[str], text: str, concepts: QueryConcepts,
             known: Callable[[str], bool]) -> list[tuple[tuple[str, ...], str]]:
    """The runs of ``words`` (the query's words, in order) that are one concept's English name heard in Cyrillic,
    each with the concept's Russian term: a run of two words standing together in ``text`` first ("дабл страйк"),
    then one word. A word ``known`` in the Russian documents is their own, not a borrowed name ("есть" is no
    haste), and so is a word of ``named`` (a concept's term the query already reads); but in a name of two words
    one of them may be ("мана валью": mana value, where мана alone is mana, as players write the English name
    with the Russian word they share). A name two concepts share is read as their English word (:func:`_term`)."""
    out: list[tuple[tuple[str, ...], str]] = []
    taken: set[int] = set()
    new = [is_cyrillic(w) and w not in named and not known(w) for w in words]
    for size in (2, 1):
        for i in range(len(words) - size + 1):
            run = tuple(words[i:i + size])
            whole = all(new[i:i + size]) if size == 1 else any(new[i:i + size]) and all(map(is_cyrillic, run))
            if taken.intersection(range(i, i + size)) or not whole:
                continue
            term = _term(concepts, run) or (_term(concepts, (_verb_base(run[0]),)) if size == 1 else None)
            if term and (size == 1 or re.search(r"\W+".join(map(re.escape, run)), text)):  # heard first: cheaper
                out.append((run, term))
                taken.update(range(i, i + size))
    return out


def _verb_base(word: str) -> str:
    """A borrowed word with the Russian verb's ending or participle's and the prefix players give it taken off
    ("фликернуть" фликер, "заэкзайлить" экзайл, "стифлит" стифл, "эвокнутого" эвок), when MIN_BASE letters or more
    are left; else the word."""
    word = word.lower()
    base = (_PARTICIPLE if _PARTICIPLE.search(word) else _VERB_ENDING).sub("", word)
    base = base if len(base) >= MIN_BASE else word
    unprefixed = _VERB_PREFIX.sub("", base)
    return unprefixed if len(unprefixed) >= MIN_BASE else base


def _term(concepts: QueryConcepts, run: tuple[str, ...]) -> str | None:
    """The Russian term of the one concept the run is heard as, or its English word heard when the concept has no
    Russian term ("фликер", "блинк": players' flicker, which ru-cr never names) or only an everyday word that names
    it beside a sense word alone ("репликейт": replicate, ru-cr 702.55's Копия, a copy); of several, the English word they
    share, whose sense the rest of the query chooses as it does for an English question ("каунтер" is counter, the
    marker or the countering); none when they share none ("каст": cast or cost)."""
    named = concepts.heard(run)
    russian = len(named) == 1 and RUSSIAN in concepts.terms(named[0])
    if russian and RUSSIAN not in concepts.guarded(named[0]):
        return concepts.terms(named[0])[RUSSIAN][0]
    key = " ".join(map(sound_key, run))
    if len(named) == 1 and not russian and sum(sound not in "V " for sound in key) < MIN_SOUNDS:
        return None  # a keyword newer than ru-cr heard in fewer consonants is as often a Russian word: висит, visit
    shared = [t for t in concepts.terms(named[0]).get("en", ()) if " ".join(map(sound_key, t.split())) == key
              and all(t in concepts.terms(other).get("en", ()) for other in named[1:])] if named else []
    return shared[0] if shared else None


def reworded(text: str, runs: Sequence[tuple[tuple[str, ...], str]]) -> str:
    """``text`` with each run of words replaced by its term."""
    for run, term in runs:
        text = re.sub(r"(?<!\w)" + r"\W+".join(map(re.escape, run)) + r"(?!\w)", term, text)
    return text
