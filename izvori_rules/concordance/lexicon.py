"""A word-for-word lexicon of two documents, learned from their known pairs.

The concept table knows the game's terms; the rules also agree in ordinary words it does not list:
sr-judge *gubi* is ru-cr *проигрывает*, *špil* is *колода*, *nasumično* is *случайно*. Over the known
pairs of two documents, a stem of one side and a stem of the other that occur in the same pairs (Dice
coefficient of their pair sets, each the other's best partner, in at least :data:`MIN_PAIRS` pairs) are
taken as translations. Each rule then gets its "lexemes": the translatable stems it uses, named by the
first side's stem, so two rules compare by the words they share across the languages.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import replace

from .features import Profile

MIN_PAIRS = 3  # known pairs a word pair must share
MIN_DICE = 0.5  # how consistently the two words occur together


def learn_lexicon(pairs: Iterable[tuple[Profile, Profile]]) -> dict[str, str]:
    """``stem of side B → stem of side A`` for the word pairs that translate each other in the known pairs."""
    count_a: Counter[str] = Counter()
    count_b: Counter[str] = Counter()
    together: Counter[tuple[str, str]] = Counter()
    for a, b in pairs:
        count_a.update(a.words)
        count_b.update(b.words)
        together.update((x, y) for x in a.words for y in b.words)
    best_a: dict[str, tuple[float, str]] = {}
    best_b: dict[str, tuple[float, str]] = {}
    for (x, y), n in together.items():
        if n < MIN_PAIRS:
            continue
        dice = 2 * n / (count_a[x] + count_b[y])
        if dice >= MIN_DICE:
            best_a[x] = max(best_a.get(x, (0.0, "")), (dice, y))
            best_b[y] = max(best_b.get(y, (0.0, "")), (dice, x))
    return {y: x for y, (_, x) in best_b.items() if best_a.get(x, (0.0, ""))[1] == y}


def with_lexemes(side_a: list[Profile], side_b: list[Profile],
                 lexicon: dict[str, str]) -> tuple[list[Profile], list[Profile]]:
    """Both sides' profiles with their lexemes (each side's translatable stems, as side A's stem)."""
    known_a = set(lexicon.values())
    return ([replace(p, lexemes=frozenset(w for w in p.words if w in known_a)) for p in side_a],
            [replace(p, lexemes=frozenset(lexicon[w] for w in p.words if w in lexicon)) for p in side_b])
