"""Where an English rule's words are in a later release, read in English alone (issue 16).

The history follows a rule from each release to the next (:mod:`.align`), and the chain of the originals
follows the history. In three places the rule the history reaches is not the one that says the original's
words, and a translation of the original is then equivalent to a translation of another rule:

* the rule was **removed**: its words may live on in its nearest successor or in a subrule of it (2006-10-01
  502.9d "Assigning damage from a creature with trample considers only the actual toughness of a blocking
  creature …" is gone in 2009-07-11, and its successor 702.17b, 2019-05-03 702.19b "… Once all those blocking
  creatures are assigned lethal damage …", says it);
* the number went on but the **words left** it: a link that keeps the number while replacing most of its
  words (:data:`DRIFT`) means the words may have gone elsewhere, usually to a rule beside it (2016-09-30 made
  511.1 "The end of combat step has no turn-based actions …" and put "abilities that trigger 'at end of
  combat'" in 511.2 beside it); the rules beside it there, followed on, are the candidates;
* the rule was **split**: each part is scored against the original, so that a translation is never moved to
  a part that holds little of the original's words;
* the number went on to a rule that says **none of its opening**, which a rule beside it says: the rule was
  cut up and its opening merged into a rule the history matched to another (M10 put "As the declare attackers
  step begins, the active player declares attackers. This game action doesn't use the stack." of 2009-05-01
  308.1 into 508.1 "First, the active player declares attackers. This turn-based action doesn't use the
  stack …", matched to 308.2, and followed 308.1 to its last sentence, 508.4); the reader follows the opening
  (:func:`opening_beside`).

Where the words went is read in the release they went in, against the words just before (two consecutive
releases word much alike; across thirteen years "characteristic-setting … functions in all zones" and
"characteristic-defining … function everywhere" share little), and followed on from there.
:class:`Likeness` compares the rules of two releases in one language (the aligner's features, TF-IDF weights
over both releases, cosine) and :func:`words_in` decides. Pure.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Mapping

from .align import OPENING_WORDS, Entry, features, typographic_key, unit_vector

DRIFT = 0.25  # a link keeping the number with words less like the old ones than this: the words may have left
# (2003-07-01 rewrote 400.1 "An ability is text in a card's text box …" as "An ability is something an object
# does …", 0.30: rewritten in place, though 400.2 shares "generate effects")
SAYS = 0.3  # a rule says another's words when it is at least this like them
SUCCESSOR_SAYS = 0.25  # ... a removed rule's successor or a subrule of it, which the aligner chose by those words
# (2009-05-01 400.1 "An ability is something an object does or can do … defined in the object's text box … or by
# the effect that created the object" → 2009-07-11 112.1a "An ability is a characteristic an object has … defined
# by its rules text or by the effect that created the object", 0.272)
MOVED_MARGIN = 0.1  # where the words went must say them this much better than the rule the number reached
OPENING_MARGIN = 0.05  # a part split off holds a rule's opening when it says it this much better than the rule
# followed (2006-10-01 502.5b "A creature with haste can attack or use activated abilities …": 2019-05-03 702.10b
# "If a creature has haste, it can attack …" 0.14, 702.10c "… its controller can activate …" 0.06)
OPENING_LEFT = 0.05  # a renumbered rule saying less of the original's opening than this has lost it (308.1 →
# 508.4 0.001; 2006-10-01 214.1 "A permanent is a card or token in play …" → 110.4 "There are five permanent
# types …" 0.017)
OPENING_HELD = 0.15  # a rule beside it saying at least this much of the opening holds it (508.1 0.161; 110.1
# "A permanent is a card or token on the battlefield …" 0.45)
SHORT_WORDS = 6  # a heading or a one-line title ("Casting Spells") holds no rule's words


class Likeness:
    """How much of a rule of one release lives on in a rule of a later release, by their English words."""

    def __init__(self, old: Iterable[Entry], new: Iterable[Entry],
                 memo: dict[str, Counter[str]] | None = None) -> None:
        """``memo`` may keep :func:`.align.features` by text across instances (most rules keep their words from
        one release to the next, and the originals compare about ninety pairs of releases); the caller owns it
        and must not change the counts in it."""
        old = list(old)
        memo = {} if memo is None else memo

        def featured(text: str) -> Counter[str]:
            found = memo.get(text)
            if found is None:
                found = memo[text] = features(text)
            return found

        self._old_texts = {e.id: e.text for e in old}
        self._counts = ({e.id: featured(e.text) for e in old}, {e.id: featured(e.text) for e in new})
        df: Counter[str] = Counter()
        for side in self._counts:
            for counts in side.values():
                df.update(counts.keys())
        total = sum(len(side) for side in self._counts)
        self._idf = {f: math.log(total / (n + 0.5)) for f, n in df.items()}
        self._vectors: dict[tuple[int, str], dict[str, float]] = {}

    def __call__(self, old_id: str, new_id: str) -> float:
        """The cosine of the two rules' vectors (0.0 when either is not in its release), to three places."""
        a, b = self._vector(0, old_id), self._vector(1, new_id)
        return round(sum(a[f] * b[f] for f in a.keys() & b.keys()), 3)

    def opening(self, old_id: str, new_id: str) -> float:
        """The same for the old rule's first words alone (:data:`.align.OPENING_WORDS`): where a rule's words
        went several ways, the rule that holds its beginning is the one a reader follows (2016-09-30 put the
        opening of 511.1, "First, all 'at end of combat' abilities trigger …", in 511.2; 2015-07-17 cut
        613.6c "An object's timestamp is the time it entered the zone …, unless it's an Aura … or a face-up
        plane card …" into five rules, and 613.6c "An object receives a timestamp at the time it enters a zone"
        holds its opening, though 613.6g shares the rarer words)."""
        opening = " ".join(typographic_key(self._old_texts.get(old_id, "")).split()[:OPENING_WORDS])
        a = self._weigh(features(opening))
        b = self._vector(1, new_id)
        return round(sum(a[f] * b[f] for f in a.keys() & b.keys()), 3)

    def _vector(self, side: int, rule_id: str) -> dict[str, float]:
        found = self._vectors.get((side, rule_id))
        if found is None:
            found = self._vectors[(side, rule_id)] = self._weigh(self._counts[side].get(rule_id, Counter()))
        return found

    def _weigh(self, counts: Counter[str]) -> dict[str, float]:
        return unit_vector({f: (1 + math.log(n)) * self._idf.get(f, 0.0) for f, n in counts.items()})


def beside(entries: Mapping[str, Entry], rule_id: str) -> list[str]:
    """The rules of a release beside ``rule_id`` where words that left it may have gone: its subrules and its
    siblings, headings and glossary entries left out."""
    parent = entries[rule_id].parent if rule_id in entries else None
    return [e.id for e in entries.values() if (e.parent == rule_id or (parent and e.parent == parent))
            and e.id != rule_id and not e.glossary and len(e.text.split()) >= SHORT_WORDS]


def words_in(followed: str, scores: Mapping[str, float]) -> str:
    """The rule that says the words, read where they went: ``scores`` holds the likeness of each candidate with
    the rule of the release before. The best candidate other than ``followed`` (the number the history
    followed; "" at a removal) if it says them (:data:`SAYS`; :data:`SUCCESSOR_SAYS` at a removal) and, where a
    number was followed, clearly better than it does (:data:`MOVED_MARGIN`); otherwise ``""``."""
    best = max(((score, rule_id) for rule_id, score in scores.items() if rule_id != followed), default=(0.0, ""))
    says = SAYS if followed else SUCCESSOR_SAYS
    return best[1] if best[0] >= max(says, scores.get(followed, 0.0) + MOVED_MARGIN) else ""


def opening_part(followed: str, said: Mapping[str, float], openings: Mapping[str, float]) -> str:
    """Of the parts a rule was split into (``followed``, the one the history followed, among them), the part that
    goes on with its opening, as a reader follows it: one that says nearly as much of its words (within
    :data:`MOVED_MARGIN`) and clearly more of its opening (:data:`OPENING_MARGIN`); ``""`` when none does.
    ``said`` and ``openings`` hold each part's likeness with the whole rule and with its first words."""
    base, start = said.get(followed, 0.0), openings.get(followed, 0.0)
    best = max(((openings[i], i) for i in said if i != followed and i in openings
                and said[i] >= base - MOVED_MARGIN), default=(0.0, ""))
    return best[1] if best[0] >= start + OPENING_MARGIN else ""


def opening_beside(followed: str, openings: Mapping[str, float]) -> str:
    """Of the rules beside ``followed`` (the number the history followed through a renumbering), the one that
    holds the original's opening where ``followed`` has lost it (:data:`OPENING_LEFT`, :data:`OPENING_HELD`);
    ``""`` when none does. ``openings`` holds each rule's likeness with the original's first words."""
    best = max(((score, rule_id) for rule_id, score in openings.items() if rule_id != followed), default=(0.0, ""))
    return best[1] if openings.get(followed, 0.0) < OPENING_LEFT and best[0] >= OPENING_HELD else ""
