"""The judge's corrections of the English history: links between two consecutive releases decided by reading
both texts, where the aligner's guess is wrong (issue 16: the equivalents follow each translation's original
through the history, so one wrong link misleads every chain that passes it).

``corpus/history_corrections.tsv`` has one row per rule corrected: ``release`` (where the change happens),
``old`` (the rule's id in the release before), ``change`` and ``new``:

- ``became``: the rule is ``new`` (one id) there, whatever the aligner matched (2009-07-11 printed 2009-05-01
  200.4a "A token's owner is the player who controlled the spell or ability that put it into play. A token's
  controller is the player who put it into play" anew as 110.5a "A token is both owned and controlled by the
  player under whose control it entered the battlefield", sharing almost no words);
- ``merged``: its words joined ``new``, each going on from another rule: a second link into the first, a link
  after all others into the rest (2009-07-11 merged 2009-05-01 200.5 "A spell is a card, or copy of a spell or
  card, that's on the stack" into 111.1 "A spell is a card on the stack", which goes on from 401.1);
- ``split``: it was cut into the ids of ``new`` (separated by ``|``: a glossary headword may hold spaces and
  commas), the first the one it goes on as;
- ``removed``: no rule says it any more; ``new`` is its nearest successor, or empty.

The history store applies the rows of a release over the aligner's links as it aligns that release (a release a
judge added with ``corpus add`` too, and so does the lineage carried on into it, :mod:`.onward`), and a
release's rows count in what the store was built from (:attr:`.store.ReleaseSource.key`), so editing a row
rebuilds the history from that release on. Parsing and applying are pure.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from ..errors import CorpusError
from .align import ADDED, CHANGED, REMOVED, Alignment, Entry, Link, align, change_of

FILE_NAME = "history_corrections.tsv"
COLUMNS = ("release", "old", "change", "new", "note")
BECAME, MERGED, SPLIT = "became", "merged", "split"
FIX_KINDS = (BECAME, MERGED, SPLIT, REMOVED)
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


@dataclass(frozen=True, slots=True)
class Fix:
    """One row of the table: ``old`` of the release before ``release`` became ``new`` there (see the module
    docstring for ``change``); ``where`` is the row's ``file:line``."""

    release: str
    old: str
    change: str
    new: tuple[str, ...]
    note: str
    where: str


def parse_fixes(text: str, source: str) -> tuple[Fix, ...]:
    """The rows of a corrections table, checked for their shape (the ids are checked against the releases
    when they are applied, and by a test)."""
    from ..tsv import read_tsv

    out = []
    seen: set[tuple[str, str]] = set()
    for row in read_tsv(text, source, COLUMNS):
        if not _DATE.fullmatch(row["release"]):
            raise row.error("release", f"{row['release']!r} is not a release date")
        if row["change"] not in FIX_KINDS:
            raise row.error("change", f"{row['change']!r} is not one of {', '.join(FIX_KINDS)}")
        new = tuple(filter(None, (rule_id.strip() for rule_id in row["new"].split("|"))))
        wanted = {BECAME: len(new) == 1, MERGED: len(new) >= 1, SPLIT: len(new) >= 2, REMOVED: len(new) <= 1}
        if not row["old"] or not wanted[row["change"]]:
            raise row.error("new", f"{row['change']!r} needs an old id and {_NEEDS[row['change']]}")
        if not row["note"]:
            raise row.error("note", "a correction needs a note quoting the words read in both releases")
        if (row["release"], row["old"]) in seen:
            raise row.error("old", f"{row['old']!r} of {row['release']} is corrected twice")
        seen.add((row["release"], row["old"]))
        out.append(Fix(row["release"], row["old"], row["change"], new, row["note"], f"{source}:{row.line}"))
    return tuple(out)


_NEEDS = {BECAME: "one new id", MERGED: "one new id or more", SPLIT: "two new ids or more",
          REMOVED: "at most one successor"}


def load_fixes(root: Path | None = None) -> tuple[Fix, ...]:
    """The corrections of the corpus folder (none when it has no table)."""
    from ..corpus import read_table

    found = read_table(FILE_NAME, FILE_NAME, root)
    return parse_fixes(*found) if found else ()


def fixes_file(root: Path | None = None) -> Path:
    """Where the corpus folder keeps the table."""
    from ..corpus import corpus_dir

    return (root or corpus_dir()) / FILE_NAME


def by_release(fixes: Sequence[Fix]) -> dict[str, tuple[Fix, ...]]:
    """The rows of each release, in the table's order: a packaged release's and a release a judge added alike
    (a judge may correct the table, or a later table may ship rows for a release judges add themselves)."""
    out: dict[str, list[Fix]] = {}
    for fix in fixes:
        out.setdefault(fix.release, []).append(fix)
    return {date: tuple(rows) for date, rows in out.items()}


def aligned(old: Mapping[str, Entry], new: Mapping[str, Entry], fixes: Sequence[Fix],
            keys: dict[str, str] | None = None) -> Alignment:
    """The alignment of two consecutive releases as the history holds it: the aligner's links, the judge's rows
    for the newer release applied over them. The one place both the history store and the lineage carried on
    into added releases (:mod:`.onward`) align a pair, so that a correction counts in both."""
    alignment = align(list(old.values()), list(new.values()), keys)
    return corrected(alignment, fixes, old, new) if fixes else alignment


def fixes_key(fixes: Sequence[Fix]) -> str:
    """A hash of the rows applied to one release: part of what its alignment is built from."""
    digest = hashlib.sha256()
    for fix in fixes:
        digest.update("\t".join((fix.release, fix.old, fix.change, *fix.new)).encode() + b"\n")
    return digest.hexdigest()[:16]


def corrected(alignment: Alignment, fixes: Sequence[Fix], old: Mapping[str, Entry],
              new: Mapping[str, Entry]) -> Alignment:
    """The alignment of ``old`` into ``new`` with each fix applied over the aligner's links, in the order
    :class:`.align.Alignment` keeps (a rule's first link is the one followed, a merged rule a second link into
    its rule just after the first, a split part a link from it after all others). A rule the aligner had put
    where a ``became`` goes first is left removed, with that rule as its successor (a part split off a rule is
    no rule's first link: the ``became`` comes before it)."""
    links = list(alignment.links)
    for fix in fixes:
        _check(fix, old, new)
        links = _apply(_without(links, fix.old), fix, old, new)
    return Alignment(tuple(links), alignment.renumbering)


def _check(fix: Fix, old: Mapping[str, Entry], new: Mapping[str, Entry]) -> None:
    if fix.old not in old:
        raise CorpusError(f"{fix.where}: the release before {fix.release} has no rule {fix.old!r}")
    for rule_id in fix.new:
        if rule_id not in new:
            raise CorpusError(f"{fix.where}: {fix.release} has no rule {rule_id!r}")


def _without(links: list[Link], old_id: str) -> list[Link]:
    """``links`` without those from ``old_id``; a rule it went to that no other rule reaches becomes added."""
    gone = [link.new for link in links if link.old == old_id and link.new is not None]
    kept = [link for link in links if link.old != old_id]
    reached = {link.new for link in kept}
    out = []
    for link in links:
        if link.old != old_id:
            out.append(link)
        elif link.new in gone and link.new not in reached:
            out.append(Link(None, link.new, ADDED, 0.0))
            reached.add(link.new)
    return out


def _apply(links: list[Link], fix: Fix, old: Mapping[str, Entry], new: Mapping[str, Entry]) -> list[Link]:
    if fix.change == REMOVED:
        return links + [Link(fix.old, None, REMOVED, 0.0, fix.new[0] if fix.new else None)]
    first = fix.new[0]
    at = next((k for k, link in enumerate(links) if link.new == first), None)
    if fix.change == MERGED and at is not None and links[at].old is not None:
        return _parts(links[:at + 1] + [Link(fix.old, first, CHANGED, 1.0)] + links[at + 1:], fix)
    displaced = links[at].old if at is not None and _first_from(links, at) else None
    if displaced is not None:
        links = _without(links, displaced) + [Link(displaced, None, REMOVED, 0.0, first)]
        at = next(k for k, link in enumerate(links) if link.new == first)
    link = Link(fix.old, first, change_of(old[fix.old].text, new[first].text), 1.0)
    if at is None:
        links.append(link)
    elif links[at].old is None:
        links[at] = link
    else:  # a rule merged into it stays a second link, after this one
        links.insert(at, link)
    return _parts(links, fix)


def _first_from(links: list[Link], at: int) -> bool:
    """Whether ``links[at]`` is the first link from its rule (the one followed), not a part split off it."""
    return next(k for k, link in enumerate(links) if link.old == links[at].old) == at


def _parts(links: list[Link], fix: Fix) -> list[Link]:
    """The links from the fixed rule to the ids after the first: parts split off it, or other rules its words
    joined (a link from it after all others; an added rule it reaches is no longer added)."""
    for part in fix.new[1:]:
        links = [l for l in links if not (l.new == part and l.old is None)] + [Link(fix.old, part, CHANGED, 1.0)]
    return links
