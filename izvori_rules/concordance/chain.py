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
from ..originals.lineage import Step

CONFIRMED, WEAK = 0.95, 0.75  # both links confirmed by content; one of them only placed (a heading, a short rule)
CHANGED = 0.05  # less when the English words changed on the way
MOVED = 0.15  # less again where the words left the rule the history followed (a removal, a number reworded)
TODAY_STATUS = {"same": "unchanged", "typographic": "unchanged", "changed": "changed", "renumbered": "renumbered",
                "removed": "removed"}
CURRENT = "cr"  # the newest English release's document id
SPLIT_MARGIN = 0.3  # a split-off part must agree with the text by this much more than the part followed
PART_SHARE = 0.5  # ... and hold at least this share of the English words the part followed holds
Agreement = Callable[[Node, Node], float]  # how well two nodes' texts say the same thing, across languages


@dataclass(frozen=True, slots=True)
class Chain:
    """The originals and their lineage, indexed for following both ways."""

    originals: Mapping[str, Original]
    lineage: Mapping[tuple[str, str, str], Step]
    newest: str

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
    """``ref → equivalents`` found through the originals, best first (today's rule included when in nodes).

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
        current = f"{CURRENT}:{today.reached}" if today and today.reached else ""
        if current in nodes and today is not None:
            found.append(_equivalent(current, original, None, today))
        if found:
            out[ref] = sorted(found, key=lambda e: (-e.confidence, e.ref))
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
    """The split-off parts a translation may move to from ``rule_id``, the part the history followed: those
    holding at least :data:`PART_SHARE` of what it holds of the original's English words (all of them when
    the words were not measured)."""
    if step is None or step.to_id != rule_id or step.words_in:
        return []
    followed = step.like(rule_id)
    return [part for part in step.parts
            if followed is None or (step.like(part) or 0.0) >= PART_SHARE * followed]


def _counterparts(chain: Chain, backward: Mapping[tuple[str, str, str], list[str]], original: Original,
                  release: str) -> list[tuple[str, Step | None]]:
    """The ids in ``release`` of the rule ``original`` names, with the step that links them (None: same one)."""
    if release == original.release:
        return [(original.id, None)]
    if release > original.release:
        step = chain.lineage.get((original.release, original.id, release))
        return [(step.reached, step)] if step and step.reached else []
    out: list[tuple[str, Step | None]] = []
    for earlier in backward.get((original.release, original.id, release), ()):
        step = chain.lineage.get((release, earlier, original.release))
        out.append((earlier, step))
    return out


def _equivalent(other: str, mine: Original, theirs: Original | None, step: Step | None) -> Equivalent:
    weak = mine.status == "weak" or (theirs is not None and theirs.status == "weak")
    moved = step is not None and bool(step.words_in)
    changed = moved or (step is not None and step.status in ("changed", "renumbered") and bool(step.changed_in))
    confidence = (WEAK if weak else CONFIRMED) - (CHANGED if changed else 0.0) - (MOVED if moved else 0.0)
    path = _path(mine, theirs, step)
    if step is None:
        note = f"both render CR {mine.release} {mine.id}"
    elif moved:
        went = f"was removed in {step.removed_in}" if not step.to_id else f"is {step.target} {step.to_id}"
        note = f"CR {step.release} {step.id} {went}; its words are in {step.target} {step.words_in}"
    else:
        note = f"CR {step.release} {step.id} is {step.target} {step.to_id}" + (
            f" (words changed in {', '.join(step.changed_in)})" if step.changed_in else "")
    source = "original" if step is None else "history"
    return Equivalent(other, round(confidence, 3), source, "close" if changed else "same", note, path)


def _path(mine: Original, theirs: Original | None, step: Step | None) -> tuple[str, ...]:
    if step is None:
        return (mine.ref,)
    steps = [f"cr-{item}" for item in step.path] or [f"cr-{step.release}:{step.id}", f"cr-{step.target}:{step.to_id}"]
    if step.words_in:
        steps.append(f"cr-{step.target}:{step.words_in}")
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
    return Today(f"{CURRENT}:{step.to_id}" if step.to_id else "", TODAY_STATUS[step.status], step.changed_in,
                 step.removed_in, f"{CURRENT}:{step.successor}" if step.successor else "",
                 tuple(f"cr-{item}" for item in step.path))
