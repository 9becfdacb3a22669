"""How sure the aligner is that two rules of two documents say the same thing: a weighted sum of evidence.

The evidence (each weight in :class:`Weights`):

* ``concept``: the concepts of the concept table both rules use (weighted Dice, rarer concepts count more),
  after :mod:`.bridge` has dropped the concepts one side hardly ever shares and renamed the ones it names
  otherwise;
* ``lexeme``: the words both use, through the lexicon learned from the known pairs (:mod:`.lexicon`);
* ``number``: the numbers both state (sr-judge's ×10 numbers also count ÷10);
* ``cite``: citations of rules known to be equivalent (A cites X, B cites Y, X↔Y is a known pair);
* ``key``: the same structural number (rule m, letter k) in chapters that correspond;
* ``length``: a length ratio far from the usual one of the two documents costs;
* ``position``: the place expected from the known pairs around the rule (added by the order-preserving
  alignment, not here), and ``triangle``: a partner reached through the third document (:mod:`.align`);
  neither carries a pair whose content (the evidence above) is below ``floor``.

The weights and the threshold were tuned by cross-validation on the curated ``train`` rows only.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .features import Profile


@dataclass(frozen=True, slots=True)
class Weights:
    """How much each kind of evidence counts; a pair is aligned only when its score passes ``threshold``."""

    concept: float = 1.0
    lexeme: float = 0.5
    number: float = 0.4
    cite: float = 0.2
    key: float = 0.2
    position: float = 0.3
    length: float = 0.25
    kind: float = 0.0
    chapter: float = 0.0
    triangle: float = 0.5
    threshold: float = 0.85
    free: float = 0.2  # how much more than the threshold an out-of-order pair needs
    block: float = 0.6  # the least affinity (concept cosine + known pairs) of two blocks aligned as a pair
    floor: float = 0.65  # the least content score of a pair that its place or a third document carries over
    # the threshold: in the cross-validation on the train rows, pairs carried with less were right 4 times in 15
    # (2 in 7 from 0.6), from 0.65 up 27 times in 31 (sr-judge C11.40, which says both ru-cr 510.2 and 510.3,
    # matches each at about 0.62 and was given the one its place suggested)


WEIGHTS = Weights()


@dataclass(frozen=True, slots=True)
class Aligned:
    """One aligned pair of refs with its score (higher is surer; at least the threshold) and, when it was not
    found by comparing the two rules alone, how (``through cs-cr:101.2``, ``chapters``, ``concept trample``)."""

    left: str
    right: str
    score: float
    via: str = ""
    confidence: float | None = None  # set when the score is not a pair score (chapters, glossary entries)


@dataclass(slots=True)
class Scorer:
    """Scores rule pairs of two documents: the inverse document frequencies, the known pairs, the usual
    length ratio, and a cache (every pair is scored once, whichever chapter or block pair asks)."""

    concept_idf: dict[object, float]
    number_idf: dict[object, float]
    lexeme_idf: dict[object, float]
    known: dict[str, set[str]]
    log_ratio: float
    weights: Weights
    _cache: dict[tuple[str, str], float] = field(default_factory=dict)
    _sums: dict[tuple[str, frozenset[object]], float] = field(default_factory=dict)

    def score(self, a: Profile, b: Profile, share: float = 0.0) -> float:
        """The evidence that ``a`` and ``b`` say the same thing; ``share`` is their chapter pair's relative
        affinity (1.0 for the chapter's best match)."""
        key = (a.ref, b.ref)
        content = self._cache.get(key)
        if content is None:
            content = self._cache[key] = self._content(a, b)
        return content + self.weights.chapter * share

    def _content(self, a: Profile, b: Profile) -> float:
        w = self.weights
        score = w.concept * self._dice("concept", a.concepts, b.concepts, self.concept_idf)
        score += w.lexeme * self._dice("lexeme", a.lexemes, b.lexemes, self.lexeme_idf)
        if a.numbers and b.numbers:
            score += w.number * self._dice("number", a.numbers, b.numbers, self.number_idf)
        if a.cites and b.cites:
            score += w.cite * self._cited(a, b)
        score += w.key * (1.0 if a.key == b.key else 0.4 if a.key[0] == b.key[0] else 0.0)
        score -= w.length * abs(a.log_length - b.log_length - self.log_ratio)
        score += w.kind * (a.kind == b.kind)
        return score

    def _dice(self, kind: str, x: frozenset[object], y: frozenset[object], weight: dict[object, float]) -> float:
        """Weighted Dice coefficient of two feature sets (each set's total weight is memoized)."""
        shared = x & y
        if not shared:
            return 0.0
        totals = []
        for features in (x, y):
            total = self._sums.get((kind, features))
            if total is None:
                total = self._sums[(kind, features)] = sum(weight.get(f, 1.0) for f in features)
            totals.append(total)
        return 2 * sum(weight.get(f, 1.0) for f in shared) / (totals[0] + totals[1])

    def _cited(self, a: Profile, b: Profile) -> float:
        """The share of ``a``'s citations whose known equivalent ``b`` cites too."""
        cited_b = set(b.cites)
        hits = sum(1 for target in a.cites if self.known.get(target, set()) & cited_b)
        return hits / min(len(a.cites), len(b.cites))
