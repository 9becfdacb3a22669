"""The lineage of the originals carried on into the releases a judge added (issues 15 and 16).

``lineage.tsv`` follows every original to the newest packaged release. A release added later
(``corpus add``) becomes ``cr``, so "today" in ``lookup`` and ``cite-check`` must reach it too: each added
release newer than the packaged newest is aligned against the one before it as the history store aligns it
(the aligner, then the rows ``corpus/history_corrections.tsv`` has for that release, if a judge wrote any), and
every step to the packaged newest is followed on through those alignments. This runs at the graph's build,
whose cache key already covers the added files (:func:`izvori_rules.corpus.data_hash`) and the table (a corpus
file); with no added release it returns the lineage as read and imports nothing more.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from ..originals.lineage import Step, steps_along
from .align import SAME, TYPOGRAPHIC, Alignment, Link

Lineage = Mapping[tuple[str, str, str], Step]


@dataclass(frozen=True, slots=True)
class Hop:
    """One added release and its alignment against the release before it, indexed by the old rule's id:
    where it went first, then the parts split off it (the order :class:`.align.Alignment` keeps)."""

    date: str
    moves: Mapping[str, tuple[Link, ...]]


def hop(date: str, alignment: Alignment) -> Hop:
    """Index an alignment into ``date`` by the old ids."""
    moves: dict[str, list[Link]] = {}
    for link in alignment.links:
        if link.old is not None:
            moves.setdefault(link.old, []).append(link)
    return Hop(date, {old: tuple(links) for old, links in moves.items()})


def carry_on(lineage: Lineage, newest: str, hops: Sequence[Hop]) -> dict[tuple[str, str, str], Step]:
    """``lineage`` with every step to ``newest`` followed on through ``hops`` (date order, each after
    ``newest``) to the last of them. Pure."""
    if not hops:
        return dict(lineage)
    last = hops[-1].date
    out = dict(lineage)
    for (release, rule_id, target), step in lineage.items():
        if target == newest:
            out[(release, rule_id, last)] = _carried(step, hops)
    return out


def _carried(step: Step, hops: Sequence[Hop]) -> Step:
    """One step to the packaged newest, followed through the added releases."""
    last = hops[-1].date
    if not step.to_id:  # removed before: only its nearest successor moves on
        return replace(step, target=last, successor=_successor(step.successor, hops) if step.successor else "")
    changes = {date: "changed" for date in step.changed_in}
    if step.status == TYPOGRAPHIC:
        changes[step.target] = TYPOGRAPHIC
    path = [(date, rule_id) for date, _, rule_id in (item.partition(":") for item in step.path)]
    current, parts = step.to_id, list(step.parts)
    removed_in = successor = ""
    for number, one in enumerate(hops):
        links = one.moves.get(current, ())
        if not links or links[0].new is None:
            removed_in = one.date
            successor = _successor(links[0].successor, hops[number + 1:]) if links and links[0].successor else ""
            break
        if links[0].change != SAME:
            changes[one.date] = links[0].change
        current = links[0].new
        parts = [p for p in (_moved(part, one) for part in parts) if p] + [str(l.new) for l in links[1:] if l.new]
        path.append((one.date, current))
    (carried,) = steps_along(step.release, step.id, path, changes, [last], removed_in, successor,
                             {last: tuple(parts)})
    return carried


def _moved(rule_id: str, one: Hop) -> str:
    links = one.moves.get(rule_id, ())
    return str(links[0].new) if links and links[0].new else ""


def _successor(rule_id: str, hops: Sequence[Hop]) -> str:
    """Where ``rule_id`` is in the last hop; a removed rule's own nearest successor, followed on."""
    for number, one in enumerate(hops):
        links = one.moves.get(rule_id, ())
        if not links:
            return ""
        if links[0].new is None:
            return _successor(links[0].successor, hops[number + 1:]) if links[0].successor else ""
        rule_id = links[0].new
    return rule_id


def onward_lineage(lineage: Lineage, root: Path | None = None) -> Lineage:
    """``lineage`` carried on into the added releases newer than the packaged newest (as read when none)."""
    from ..corpus import added_files

    newest = max((target for _, _, target in lineage), default="")
    if not newest or not any(path.stem > newest for path in added_files()):
        return lineage
    from ..cr_releases import release_text
    from .corrections import aligned, by_release, load_fixes
    from .family import cr_folder
    from .sources import entries_of
    from .userdata import user_releases

    previous = {e.id: e for e in entries_of(release_text(newest, cr_folder(root)))}
    hops = []
    for source in (s for s in user_releases(by_release(load_fixes(root))) if s.date > newest):
        current = {e.id: e for e in entries_of(source.load())}
        hops.append(hop(source.date, aligned(previous, current, source.fixes)))
        previous = current
    return carry_on(lineage, newest, hops)
