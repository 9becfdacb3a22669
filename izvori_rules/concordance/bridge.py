"""How the concepts of one document show up in another: learned from the known pairs of the two documents.

The concept table is one vocabulary for every language, but the documents do not use it alike. Some
concepts are found in one document and almost never in its translation: sr-judge names *all/each* and
*"can't" beats "can"* in words the Russian rules put otherwise, ru-cr's *вызванные состоянием* also
reads as *summon*, and *ongoing* matches a common Russian adjective. Others are renamed between the
rules' editions: sr-judge *igrati* (play) a spell is ru-cr *разыграть* (cast), a dying creature's
*odlagalište* is the graveyard. :func:`concept_bridge` measures both on the known pairs and gives, per
document, the concepts to drop (rarely matched by the other side) and the concepts to add (the other
side's name for the same thing), so that two rules compare by what they actually share.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace

from .features import Profile

MIN_SUPPORT = 5  # known pairs a concept must occur in before its behaviour is judged
KEEP = 0.25  # a concept the other side shares in fewer known pairs than this is dropped
ASSOCIATE = 0.5  # a concept the other side names otherwise in at least this share of pairs is renamed
MIN_TOGETHER = 3


@dataclass(frozen=True, slots=True)
class Bridge:
    """Per concept of one side: dropped, or renamed (added as the other side's concepts)."""

    drop: frozenset[str]
    add: Mapping[str, tuple[str, ...]]

    def apply(self, concepts: frozenset[str]) -> frozenset[str]:
        """The concepts as the other side would name them."""
        out = set(concepts - self.drop)
        for concept in concepts:
            out.update(self.add.get(concept, ()))
        return frozenset(out)


def concept_bridge(pairs: Iterable[tuple[Profile, Profile]]) -> tuple[Bridge, Bridge]:
    """The bridges of side A and side B, learned from known pairs ``(a, b)``."""
    pairs = list(pairs)
    return _bridge([(a.concepts, b.concepts) for a, b in pairs]), _bridge([(b.concepts, a.concepts) for a, b in pairs])


def _bridge(pairs: list[tuple[frozenset[str], frozenset[str]]]) -> Bridge:
    seen: Counter[str] = Counter()
    kept: Counter[str] = Counter()
    together: Counter[tuple[str, str]] = Counter()
    for mine, theirs in pairs:
        seen.update(mine)
        kept.update(mine & theirs)
        together.update((x, y) for x in mine - theirs for y in theirs - mine)
    drop = {c for c, n in seen.items() if n >= MIN_SUPPORT and kept[c] / n < KEEP}
    add: dict[str, list[str]] = {}
    for (x, y), n in together.items():
        if n >= MIN_TOGETHER and seen[x] >= MIN_SUPPORT and n / seen[x] >= ASSOCIATE:
            add.setdefault(x, []).append(y)
    return Bridge(frozenset(drop), {x: tuple(ys) for x, ys in add.items()})


def bridged(side: list[Profile], bridge: Bridge) -> list[Profile]:
    """The side's profiles with their concepts as the other side names them."""
    return [replace(p, concepts=bridge.apply(p.concepts)) for p in side]
