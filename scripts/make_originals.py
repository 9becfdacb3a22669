"""Make corpus/originals.tsv, corpus/lineage.tsv and corpus/missing_rules.tsv from the texts (issue 16).

Every node of cs-cr, ru-cr and sr-judge is linked to the English rule it translates (cs-cr → CR 2003-03-15 and
ru-cr → CR 2019-05-03 by number, sr-judge → CR 2006-10-01 through corpus/sr_judge_chapters.tsv), each link
checked by content; every original is followed through the English history to the later releases the other
translations render and to the newest (lineage.tsv; this builds the history store once, up to half a
minute); the English rules ru-cr renders nowhere become missing_rules.tsv, with their equivalents elsewhere.

    .venv/bin/python scripts/make_originals.py           # write both files
    .venv/bin/python scripts/make_originals.py --check   # exit 1 when a file differs from what it would write
    .venv/bin/python scripts/make_originals.py --report  # counts per document and status, and the mismatches
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from functools import lru_cache
from pathlib import Path

from izvori_rules.corpus import corpus_dir
from izvori_rules.corpus import load_manifest
from izvori_rules.cr_releases import newest, release_text
from izvori_rules.graph_cache import parse_corpus
from izvori_rules.originals.chapters import load_chapter_map
from izvori_rules.errors import ReferenceNotFound
from izvori_rules.history.family import cr_folder
from izvori_rules.originals.generate import Tables, make_tables, releases_needed
from izvori_rules.originals.releases import release_of
from izvori_rules.originals.lineage import Follow, Step, steps_along
from izvori_rules.originals.table import load_corrections
from izvori_rules.parsing import cr_english
from izvori_rules.text.concepts import load_concepts
from izvori_rules.text.matching import ConceptMatcher


def build_tables(root: Path | None = None, follow: Follow | None = None) -> Tables:
    """The tables as the corpus folder's texts make them (``follow``: through the history store)."""
    root = root or corpus_dir()
    translates = {info.id: date for info in load_manifest(root) if (date := release_of(info.translates))}
    graph = parse_corpus(root)
    nodes = {ref: node for ref, node in graph.nodes.items() if node.doc in translates}
    folder = cr_folder(root)
    english = {date: cr_english.parse(release_text(date, folder)) for date in releases_needed(translates)}
    matcher = ConceptMatcher(load_concepts(root / "concepts.tsv"))
    return make_tables(nodes, translates, english, matcher, load_chapter_map(root), load_corrections(root),
                       follow or history_follow(root), newest(folder).date)


def history_follow(root: Path) -> Follow:
    """Follow an English rule to later releases through the history store (issue 15): one walk to the newest
    release, read at every target, and the kind of change in each release where its words changed. Where the
    history reaches no rule or a rule that may not hold the words (a removal, a number whose words left it, a
    split), the English words decide which rule in the target says them (:mod:`izvori_rules.history.likeness`)."""
    from izvori_rules.history.align import SAME, SAME_NUMBER_SHORTCUT as RETOUCHED, TYPOGRAPHIC
    from izvori_rules.history.likeness import (DRIFT, SHORT_WORDS, Likeness, beside, opening_beside, opening_part,
                                               words_in)
    from izvori_rules.history.lineage import follow
    from izvori_rules.history.sources import load_store

    store = load_store(root=root)
    last = store.releases[-1]
    entries = lru_cache(maxsize=None)(lambda date: store.entries(store.releases.index(date)))
    counts: dict[str, Counter[str]] = {}  # the features of each text, shared by the pairs of releases compared
    likeness = lru_cache(maxsize=None)(lambda old, new: Likeness(entries(old).values(), entries(new).values(),
                                                                 counts))

    def steps(release: str, rule_id: str, targets: Sequence[str]) -> list[Step]:
        try:
            found = follow(store, release, rule_id, last)
        except ReferenceNotFound:
            return []
        changes = {}
        for (_, old_id), (date, new_id) in zip(found.path, found.path[1:]):
            link = store.link_into(store.releases.index(date), new_id)
            if link is not None and link.change in ("changed", "typographic"):
                changes[date] = link.change
        made = steps_along(release, rule_id, found.path, changes, targets, found.removed_in or "", "",
                           split_parts(found.path, targets))
        short = len(entries(release)[rule_id].text.split()) < SHORT_WORDS or entries(release)[rule_id].glossary
        went = {} if short else words_went(found.path, found.removed_in, targets)
        return [scored(replace(step, successor=successor_in(found.path, found.removed_in, step.target),
                               words_in=went.get(step.target, ("",))[0]), short, went.get(step.target, ())[1:])
                for step in made]

    def onward(date: str, rule_id: str, targets: Sequence[str]) -> dict[str, str]:
        """Where ``rule_id`` of ``date`` is in each target (each after ``date``) that still has it."""
        at = dict(follow(store, date, rule_id, last).path)
        return {target: at[target] for target in targets if target >= date and at.get(target)}

    def words_onward(date: str, rule_id: str, targets: Sequence[str]) -> dict[str, tuple[str, ...]]:
        """Where the rule that says the words, ``rule_id`` of ``date``, is in each target that still has it, and
        the parts split off it on the way there: the words may be in one of them (2008-07-15 merged 407.3
        "Effects that remove an ability remove all instances of it" into 402.9, which 2017-09-29 cut into
        112.10, 112.10b "Effects that remove an ability remove all instances of it" and 112.10c)."""
        path = follow(store, date, rule_id, last).path
        at, parts = dict(path), split_parts(path, targets)
        return {target: (at[target], *parts.get(target, ())) for target in targets
                if target >= date and at.get(target)}

    def split_parts(path: Sequence[tuple[str, str]], targets: Sequence[str]) -> dict[str, tuple[str, ...]]:
        """The ids in each target of the parts split off the rule on its way (each part followed on)."""
        out: dict[str, list[str]] = {}
        for (_, old_id), (date, new_id) in zip(path, path[1:]):
            for link in store.links_from(store.releases.index(date), old_id)[1:]:
                if link.new is None or link.new == new_id:
                    continue
                for target, there in onward(date, link.new, targets).items():
                    out.setdefault(target, []).append(there)
        return {target: tuple(dict.fromkeys(ids)) for target, ids in out.items()}

    def words_went(path: Sequence[tuple[str, str]], removed_in: str | None,
                   targets: Sequence[str]) -> dict[str, tuple[str, ...]]:
        """Where the words went, read in the release they went in and followed on to each target: at the first
        link that kept the number but replaced its words (``DRIFT``), a rule beside the number that got new
        words there and says theirs clearly better (a rule that kept its own words received none: 2007-05-01
        205.3a "A card can have one or more subtypes printed on its type line" shares the opening of 205.3e
        "If an artifact creature card has subtypes printed on its type line …" but was printed so before); at a
        removal, the nearest successor or a subrule of it that says them enough; at a new number that says none of
        their opening, the rule beside it that does (:func:`opening_beside`)."""
        for (previous, old_id), (date, new_id) in zip(path, path[1:]):
            link = store.link_from(store.releases.index(date), old_id)
            if link is not None and link.old == link.new and link.score < DRIFT:
                fresh = [i for i in beside(entries(date), new_id) if not kept_words(date, i)]
                went = best_place(previous, old_id, date, [new_id, *fresh], new_id, True)
                return words_onward(date, went, targets) if went else {}
            if old_id != new_id and (went := opening_went(previous, old_id, date, new_id)):
                return words_onward(date, went, targets)
        if not removed_in:
            return {}
        before = store.releases[store.releases.index(removed_in) - 1]
        link = store.link_from(store.releases.index(removed_in), path[-1][1])
        if link is None or not link.successor:
            return {}
        under = [e.id for e in entries(removed_in).values() if e.parent == link.successor]
        said = [i for i in (link.successor, *under) if len(entries(removed_in)[i].text.split()) >= SHORT_WORDS]
        went = best_place(before, path[-1][1], removed_in, said, "", False)
        return words_onward(removed_in, went, targets) if went else {}

    def opening_went(before: str, old_id: str, date: str, new_id: str) -> str:
        """The rule beside ``new_id`` (what ``old_id`` of ``before`` was renumbered as in ``date``) that holds
        the opening ``new_id`` lost, or ``""``."""
        like = likeness(before, date)
        return opening_beside(new_id, {i: like.opening(old_id, i) for i in (new_id, *beside(entries(date), new_id))})

    def kept_words(date: str, rule_id: str) -> bool:
        """Whether ``rule_id`` of ``date`` says what a rule of the release before said (its number or not),
        at most retouched (2016-09-30 513.1a "Previously, abilities that triggered at the beginning of the end
        step …" was "… that trigger …")."""
        link = store.link_into(store.releases.index(date), rule_id)
        return link is None or link.change in (SAME, TYPOGRAPHIC) or (link.old is not None and link.score >= RETOUCHED)

    def best_place(before: str, old_id: str, date: str, candidates: Sequence[str], followed: str,
                   opening: bool) -> str:
        """The candidate that says ``old_id``'s words; where a number went on without them, the one that says
        their opening, else the one that says them and no less of their opening than the number (2016-09-30
        503.1 "The upkeep step has no turn-based actions …" kept the number of "First, any abilities that
        trigger at the beginning of the upkeep step … go on the stack", which 503.1a "Any abilities that
        triggered during the untap step and … at the beginning of the upkeep are put onto the stack …" says)."""
        like = likeness(before, date)
        said = {rule_id: like(old_id, rule_id) for rule_id in candidates}
        if not opening:
            return words_in(followed, said)
        starts = {rule_id: like.opening(old_id, rule_id) for rule_id in candidates}
        return words_in(followed, starts) or words_in(followed, {
            rule_id: score for rule_id, score in said.items() if starts[rule_id] >= starts.get(followed, 0.0)})

    def successor_in(path: Sequence[tuple[str, str]], removed_in: str | None, target: str) -> str:
        """A removed rule's nearest successor, followed on to ``target`` (not to the newest release)."""
        if not removed_in or removed_in > target:
            return ""
        link = store.link_from(store.releases.index(removed_in), path[-1][1])
        if link is None or not link.successor:
            return ""
        found = follow(store, removed_in, link.successor, target)
        return found.id or (found.successor[1] if found.successor else "")

    def scored(step: Step, short: bool, split_off: Sequence[str] = ()) -> Step:
        """The step with the likeness to the original's words of each rule it reaches (none for a heading);
        ``words_in`` moved to a part ``split_off`` it on the way to the target that says them clearly better."""
        reached = [i for i in (step.to_id, *step.parts, step.words_in) if i]
        if short or len(reached) < (1 if step.words_in else 2):
            return step
        like = likeness(step.release, step.target)
        if step.words_in and split_off:
            part = words_in(step.words_in, {i: like(step.id, i) for i in (step.words_in, *split_off)})
            step = replace(step, words_in=part or step.words_in)
            reached = [i for i in (step.to_id, *step.parts, step.words_in) if i]
        if step.to_id and step.parts and not step.words_in:
            step = replace(step, words_in=opening_part(step.to_id, {i: like(step.id, i) for i in reached},
                                                       {i: like.opening(step.id, i) for i in reached}))
        return replace(step, likeness=tuple((i, like(step.id, i)) for i in dict.fromkeys(reached)))

    return steps


def report(tables: Tables) -> None:
    counts = Counter((link.ref.split(":", 1)[0], link.status) for link in tables.links)
    for doc in sorted({d for d, _ in counts}):
        parts = ", ".join(f"{status} {n}" for (d, status), n in sorted(counts.items()) if d == doc)
        print(f"{doc}: {sum(n for (d, _), n in counts.items() if d == doc)} nodes: {parts}")
    for link in tables.links:
        if link.status in ("mismatch", "other_release", "corrected", "none"):
            print(f"  {link.ref} → cr-{link.release}:{link.original or '-'} [{link.status}] {link.note}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true", help="compare with the committed files, write nothing")
    parser.add_argument("--report", action="store_true", help="print the counts and the mismatches")
    args = parser.parse_args(argv)
    tables = build_tables()
    if args.report:
        report(tables)
    root = corpus_dir()
    outputs = {root / "originals.tsv": tables.originals, root / "lineage.tsv": tables.lineage,
               root / "missing_rules.tsv": tables.missing}
    if args.check:
        stale = [path.name for path, text in outputs.items() if _read(path) != text]
        for name in stale:
            print(f"{name} differs from what scripts/make_originals.py makes", file=sys.stderr)
        return 1 if stale else 0
    for path, text in outputs.items():
        path.write_text(text, encoding="utf-8")
    return 0


def _read(path: Path) -> str:
    return path.read_text(encoding="utf-8") if path.is_file() else ""


if __name__ == "__main__":
    sys.exit(main())
