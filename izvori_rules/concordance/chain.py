"""Equivalents through the originals (issue 16): no guessing across languages where the English history knows.

Every translated node renders an English rule (``originals.tsv``). Two nodes of different translations are
equivalent when their originals are the same rule followed through the history (``lineage.tsv``): sr-judge
A4.40 renders 103.4 of 2006-10-01, which became 101.4 in 2009-07-11 and is 101.4 of 2019-05-03, which ru-cr
101.4 renders. Today's rule (``cr:101.4``) is reached the same way, and :func:`today_of` says what became of
the original: unchanged, changed (when), renumbered, or removed (when, and its nearest successor).

Pure: nodes, originals and lineage in; equivalents and today's rules out. Only forward steps are stored, so
a step back in time (ru-cr → sr-judge) is answered by the inverse of the forward steps.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace

from ..model import Equivalent, Node, Original, Today, split_ref
from ..references import id_order
from ..originals.lineage import Step

CONFIRMED, WEAK = 0.95, 0.75  # both links confirmed by content; one of them only placed (a heading, a short rule)
CHANGED = 0.05  # less when the English words changed on the way
MOVED = 0.15  # less again where the words left the rule the history followed (a removal, a number reworded)
TODAY_STATUS = {"same": "unchanged", "typographic": "unchanged", "changed": "changed", "renumbered": "renumbered",
                "removed": "removed"}
CURRENT = "cr"  # the newest English release's document id
SPLIT_MARGIN = 0.3  # a split-off part must agree with the text by this much more than the part followed
PART_SHARE = 0.5  # ... and hold at least this share of the English words the part followed holds
NEAR_EQUAL = 0.1  # parts of a split whose likeness with the English words is this close say them about equally
# (2006-10-01 500.2, attack restrictions and requirements: 2019-05-03 508.1d 0.394, 508.1c 0.337)
EVEN_SPLIT = 0.1  # less where the words went to several parts about equally: the first is shown, the rest follow
Agreement = Callable[[Node, Node], float]  # how well two nodes' texts say the same thing, across languages


@dataclass(frozen=True, slots=True)
class Chain:
    """The originals and their lineage, indexed for following both ways."""

    originals: Mapping[str, Original]
    lineage: Mapping[tuple[str, str, str], Step]
    newest: str

    @classmethod
    def to_newest(cls, originals: Mapping[str, Original], lineage: Mapping[tuple[str, str, str], Step]) -> Chain:
        """The chain followed up to the newest release its lineage reaches (the release "today" means)."""
        return cls(originals, lineage, max((target for _, _, target in lineage), default=""))

    def rendered(self) -> dict[tuple[str, str], list[str]]:
        """``(release, id) → refs`` of the translated nodes that render it."""
        out: dict[tuple[str, str], list[str]] = defaultdict(list)
        for ref, original in self.originals.items():
            if original.id:
                out[(original.release, original.id)].append(ref)
        return out

    def backward(self) -> dict[tuple[str, str, str], list[str]]:
        """``(target, id there, release) → ids`` in ``release`` that became it: the inverse of the steps."""
        out: dict[tuple[str, str, str], list[str]] = defaultdict(list)
        for (release, rule_id, target), step in self.lineage.items():
            for reached in (step.reached, *step.parts) if step.reached else step.parts:
                out[(target, reached, release)].append(rule_id)
        return out


def chain_equivalents(nodes: Mapping[str, Node], chain: Chain,
                      agree: Agreement | None = None) -> dict[str, list[Equivalent]]:
    """``ref → equivalents`` found through the originals, best first (today's rule included when in nodes, and
    today's rule given the translations that reach it).

    Where the English rule was split on the way (``Step.parts``), the history follows the part that kept its
    opening words; with ``agree``, the translation of another part is the equivalent when it agrees with the
    node's text clearly better (sr-judge D20.81 renders 2006 419.8a, whose second half, on choosing a source
    of damage, became 609.7a, which ru-cr 609.7a renders), unless the English words say that part holds far
    less of the original than the part followed (:data:`PART_SHARE`). Where the words left the rule the history
    followed (``Step.words_in``: a removal, a number whose words were replaced), the rule they went to is
    followed instead, with less confidence."""
    rendered = chain.rendered()
    backward = chain.backward()
    releases = sorted({release for release, _ in rendered})
    out: dict[str, list[Equivalent]] = {}
    for ref, original in chain.originals.items():
        if not original.id or ref not in nodes:
            continue
        found: list[Equivalent] = []
        for release in releases:
            for rule_id, step in _counterparts(chain, backward, original, release):
                for other in rendered.get((release, rule_id), ()):
                    if split_ref(other)[0] != split_ref(ref)[0] and other in nodes:
                        equivalent = _equivalent(other, original, chain.originals[other], step)
                        parts = [p for part in _parts(step, rule_id)
                                 for p in rendered.get((release, part), ()) if split_ref(p)[0] == split_ref(other)[0]]
                        found.append(_best_part(nodes, ref, equivalent, parts, agree) if parts and agree else equivalent)
        today = chain.lineage.get((original.release, original.id, chain.newest))
        current = f"{CURRENT}:{_even_parts(today)[0]}" if today and today.reached else ""
        if current in nodes and today is not None:
            found.append(_equivalent(current, original, None, today))
        if found:
            out[ref] = sorted(found, key=lambda e: (-e.confidence, e.ref))
    for current, translations in _translations(out).items():
        out[current] = sorted(translations, key=lambda e: (-e.confidence, e.ref))
    return out


def _translations(found: Mapping[str, list[Equivalent]]) -> dict[str, list[Equivalent]]:
    """Today's English rules with the translations that reach them, each link read the other way (same
    confidence, relation and note, the path reversed): ``lookup cr:702.19b`` and a search's English hit bring
    ru-cr 702.19b and sr-judge E3.102 with them, as those bring cr 702.19b (issue 10, issue 16)."""
    out: dict[str, list[Equivalent]] = defaultdict(list)
    for ref, equivalents in found.items():
        for equivalent in equivalents:
            if split_ref(equivalent.ref)[0] == CURRENT:
                out[equivalent.ref].append(replace(equivalent, ref=ref, path=equivalent.path[::-1]))
    return out


def _best_part(nodes: Mapping[str, Node], ref: str, followed: Equivalent, parts: list[str],
               agree: Agreement) -> Equivalent:
    """The followed part, or the translation of a split-off part that agrees with ``ref``'s text clearly better."""
    mine = nodes[ref]
    best = max(((agree(mine, nodes[p]), p) for p in parts if p in nodes), default=(0.0, ""))
    if not best[1] or best[0] <= agree(mine, nodes[followed.ref]) + SPLIT_MARGIN:
        return followed
    return replace(followed, ref=best[1], relation="close",
                   note=f"{followed.note}; split there, and {best[1]} renders the part that says this text")


def _parts(step: Step | None, rule_id: str) -> list[str]:
    """The split-off parts a translation may move to from ``rule_id``, the first part a translation is linked
    to (:func:`_even_parts`): the others, among the rule the history followed and its parts, holding at least
    :data:`PART_SHARE` of what the followed one holds of the original's English words (all of them when the
    words were not measured)."""
    if step is None or step.words_in or not step.to_id or _even_parts(step)[0] != rule_id:
        return []
    followed = step.like(step.to_id)
    return [part for part in (step.to_id, *step.parts)
            if part not in _even_parts(step) and (followed is None or (step.like(part) or 0.0) >= PART_SHARE * followed)]


def _even_parts(step: Step) -> list[str]:
    """The rules of ``step.target`` a translation of the original is linked to, the first one first: the rule
    that says its words (``Step.reached``); or, where the history followed a rule that was split into parts
    the words about equally (the followed one among them, all within :data:`NEAR_EQUAL` of the best), all of them
    in the rules' order, as a reader meets them. 2006-10-01 500.2 "As part of declaring attackers, the active player checks
    each creature he or she controls to see whether it must attack, can't attack, or has some other attacking
    restriction or requirement" is 2019-05-03 508.1c (restrictions) and 508.1d (requirements): neither says
    it better, so both are given, 508.1c first."""
    if not step.to_id or step.words_in or not step.parts or step.like(step.to_id) is None:
        return [step.reached]
    said = {part: step.like(part) or 0.0 for part in (step.to_id, *step.parts)}
    even = [part for part, score in said.items() if score >= max(said.values()) - NEAR_EQUAL]
    return sorted(even, key=id_order) if step.to_id in even else [step.reached]


def _counterparts(chain: Chain, backward: Mapping[tuple[str, str, str], list[str]], original: Original,
                  release: str) -> list[tuple[str, Step | None]]:
    """The ids in ``release`` of the rule ``original`` names, with the step that links them (None: same one)."""
    if release == original.release:
        return [(original.id, None)]
    if release > original.release:
        step = chain.lineage.get((original.release, original.id, release))
        return [(part, step) for part in _even_parts(step)] if step and step.reached else []
    out: list[tuple[str, Step | None]] = []
    for earlier in backward.get((original.release, original.id, release), ()):
        step = chain.lineage.get((release, earlier, original.release))
        out.append((earlier, step))
    return out


def _equivalent(other: str, mine: Original, theirs: Original | None, step: Step | None) -> Equivalent:
    weak = mine.status == "weak" or (theirs is not None and theirs.status == "weak")
    moved = step is not None and bool(step.words_in)
    changed = moved or (step is not None and step.status in ("changed", "renumbered") and bool(step.changed_in))
    even, at = _split_at(mine, theirs, step)
    uneven = EVEN_SPLIT * (1 + (at != even[0])) if at in even else 0.0  # the first part shown, the rest after it
    confidence = (WEAK if weak else CONFIRMED) - (CHANGED if changed else 0.0) - (MOVED if moved else 0.0) - uneven
    path = _path(mine, theirs, step, at if at in even else "")
    if step is None:
        note = f"both render CR {mine.release} {mine.id}"
    elif moved:
        went = f"was removed in {step.removed_in}" if not step.to_id else f"is {step.target} {step.to_id}"
        note = f"CR {step.release} {step.id} {went}; its words are in {step.target} {step.words_in}"
    else:
        note = f"CR {step.release} {step.id} is {step.target} {step.to_id}" + (
            f" (words changed in {', '.join(step.changed_in)})" if step.changed_in else "")
    if at in even:
        note += f"; split there into {' and '.join(even)}, which say its words about equally"
    source = "original" if step is None else "history"
    return Equivalent(other, round(confidence, 3), source, "close" if changed or at in even else "same", note, path)


def _split_at(mine: Original, theirs: Original | None, step: Step | None) -> tuple[list[str], str]:
    """The parts of an even split on ``step`` (:func:`_even_parts`; none when it has fewer than two) and the
    rule of ``step.target`` the link reaches: the later original's (their original followed forward, or mine
    reached back from theirs), or the first part for today's rule."""
    if step is None:
        return [], ""
    even = _even_parts(step)
    if len(even) < 2:
        return [], ""
    if theirs is not None and theirs.release == step.target:
        return even, theirs.id
    return even, mine.id if mine.release == step.target else even[0]


def _path(mine: Original, theirs: Original | None, step: Step | None, part: str = "") -> tuple[str, ...]:
    """The refs passed through, ending in ``part`` where the link reaches a part of an even split the history
    did not follow."""
    if step is None:
        return (mine.ref,)
    steps = [f"cr-{item}" for item in step.path] or [f"cr-{step.release}:{step.id}", f"cr-{step.target}:{step.to_id}"]
    if step.words_in or (part and part != step.to_id):
        steps.append(f"cr-{step.target}:{step.words_in or part}")
    if theirs is not None and steps and steps[0] != mine.ref:
        steps.reverse()  # followed from their original to mine
    return tuple(steps)


def today_of(original: Original, chain: Chain) -> Today | None:
    """What became of ``original`` in the newest release (None without lineage)."""
    if not original.id:
        return None
    if original.release == chain.newest:
        return Today(f"{CURRENT}:{original.id}", "unchanged")
    step = chain.lineage.get((original.release, original.id, chain.newest))
    if step is None:
        return None
    even = _even_parts(step) if step.to_id else []
    split = even if len(even) > 1 else []  # the first part is first among the equivalents too (chain_equivalents)
    path = _path(original, None, step, split[0]) if split else tuple(f"cr-{item}" for item in step.path)
    ref = split[0] if split else step.to_id
    return Today(f"{CURRENT}:{ref}" if ref else "", TODAY_STATUS[step.status], step.changed_in,
                 step.removed_in, f"{CURRENT}:{step.successor}" if step.successor else "", path,
                 tuple(f"{CURRENT}:{part}" for part in split))
