"""Follow one English rule through the releases, tell its history, and diff any two releases.

The lineage API (for the ``equiv`` helper and the CLI)::

    store = load_store()                       # izvori_rules.history.sources
    f = follow(store, "2006-10-01", "502.9b", "2019-05-03")
    f.status      # "same" | "typographic" | "changed" | "renumbered" | "removed" | "added"
    f.id          # the rule's id in 2019-05-03 (None when removed / not yet added)
    f.path        # (("2006-10-01", "502.9b"), ("2007-02-01", "502.9b"), …, ("2019-05-03", "702.19b"))
    f.changed     # its words differ (beyond typography) between the two releases
    f.removed_in  # the first release without it, when removed (forward) or added (backward)
    f.successor   # removed: (release, id) of its nearest successor in ``target`` (followed on), else None

``follow`` goes forward or backward. Forward, ``removed`` means the rule left the rules in ``removed_in``;
its successor is the rule the aligner found most like it in that release, followed on to the target.
Backward, ``added`` means the rule did not exist yet: ``removed_in`` is then the release that added it.
``renumbered`` wins over ``changed`` in ``status``; ``changed`` says whether the words changed too.

Each step reads one indexed link row of the store (a missing row means the same number), so following a
rule across all 128 releases costs a few milliseconds.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from ..errors import QueryError, ReferenceNotFound
from ..references import excerpt, id_order
from .align import ADDED, CHANGED, REMOVED, SAME, TYPOGRAPHIC, Entry, Link, change_of
from .store import HistoryStore
from .worddiff import Piece, word_diff


@dataclass(frozen=True, slots=True)
class Followed:
    """The answer of :func:`follow` (see the module docstring)."""

    start: tuple[str, str]
    target: str
    path: tuple[tuple[str, str], ...]
    status: str
    id: str | None
    changed: bool
    removed_in: str | None = None
    successor: tuple[str, str] | None = None


def follow(store: HistoryStore, release: str, rule_id: str, target: str) -> Followed:
    """Follow ``rule_id`` of ``release`` to the release ``target`` (either direction)."""
    start, end = _position(store, release), _position(store, target)
    if store.text(start, rule_id) is None:
        raise ReferenceNotFound(f"cr-{release}:{rule_id}")
    path, gone, successor = _walk(store, start, rule_id, end)
    if gone is not None:
        status = REMOVED if end > start else ADDED
        followed_on = None
        if successor is not None and end > start:
            onward = follow(store, store.releases[gone], successor, target)
            followed_on = (target, onward.id) if onward.id else onward.successor
        return Followed((release, rule_id), target, path, status, None, False, store.releases[gone], followed_on)
    final = path[-1][1]
    change = change_of(store.text(start, rule_id) or "", store.text(end, final) or "")
    status = "renumbered" if final != rule_id else change
    return Followed((release, rule_id), target, path, status, final, change == CHANGED)


def _position(store: HistoryStore, release: str) -> int:
    pos = store.position(release)
    if pos is None:
        raise QueryError("no English release effective {release} (the history holds {first} to {last})",
                         key="no_release", release=excerpt(release), first=store.releases[0],
                         last=store.releases[-1])
    return pos


def _walk(store: HistoryStore, start: int, rule_id: str,
          end: int) -> tuple[tuple[tuple[str, str], ...], int | None, str | None]:
    """The path from ``start`` toward ``end``, and where it stopped: (path, position of the first release
    without the rule, successor id there) — the last two None when it reached ``end``."""
    path = [(store.releases[start], rule_id)]
    current = rule_id
    if end >= start:
        for pos in range(start + 1, end + 1):
            link = store.link_from(pos, current)  # from release pos - 1 into pos
            if link is not None and link.new is None:
                return tuple(path), pos, link.successor
            current = current if link is None else str(link.new)
            path.append((store.releases[pos], current))
    else:
        for pos in range(start - 1, end - 1, -1):
            link = store.link_into(pos + 1, current)  # from release pos into pos + 1
            if link is not None and link.old is None:
                return tuple(path), pos + 1, None
            current = current if link is None else str(link.old)
            path.append((store.releases[pos], current))
    return tuple(path), None, None


@dataclass(frozen=True, slots=True)
class Change:
    """One release in which the rule's words (or number) changed: from ``old_id`` in ``previous`` to ``id``
    in ``release``; ``change`` is ``changed``, ``typographic`` or ``same`` (renumbered only)."""

    release: str
    previous: str
    old_id: str
    id: str
    change: str
    old_text: str
    text: str
    diff: tuple[Piece, ...]

    @property
    def renumbered(self) -> bool:
        return self.old_id != self.id


@dataclass(frozen=True, slots=True)
class NumberSpan:
    """A stretch of releases in which the rule bore one number."""

    id: str
    first: str
    last: str


@dataclass(frozen=True, slots=True)
class RuleHistory:
    """A rule's life: the release and id asked about, its numbers in order, its first release and words
    there (``in_first_release``: it is already in the oldest release of the history, so it may be older),
    every change, and if it is gone, the first release without it and its nearest successor there."""

    release: str
    id: str
    numbers: tuple[NumberSpan, ...]
    first_release: str
    first_text: str
    in_first_release: bool
    changes: tuple[Change, ...]
    typographic_hidden: int
    removed_in: str | None
    successor: str | None
    last_text: str


def rule_history(store: HistoryStore, release: str, rule_id: str, typographic: bool = False) -> RuleHistory:
    """Every release in which the rule's text or number changed, from its first release to its last."""
    pos = _position(store, release)
    if store.text(pos, rule_id) is None:
        raise ReferenceNotFound(f"cr-{release}:{rule_id}")
    back, added_at, _ = _walk(store, pos, rule_id, 0)
    forward, gone, successor = _walk(store, pos, rule_id, len(store.releases) - 1)
    lineage = list(reversed(back)) + list(forward[1:])
    first = pos - (len(back) - 1)
    changes, hidden = _changes(store, first, lineage, typographic)
    return RuleHistory(release, rule_id, _numbers(lineage), lineage[0][0], store.text(first, lineage[0][1]) or "",
                       added_at is None, tuple(changes), hidden,
                       store.releases[gone] if gone is not None else None, successor,
                       store.text(first + len(lineage) - 1, lineage[-1][1]) or "")


def _changes(store: HistoryStore, first: int, lineage: list[tuple[str, str]],
             typographic: bool) -> tuple[list[Change], int]:
    changes, hidden = [], 0
    for offset in range(1, len(lineage)):
        pos = first + offset
        old_id, new_id = lineage[offset - 1][1], lineage[offset][1]
        link = store.link_into(pos, new_id)
        if link is None or (link.change == SAME and old_id == new_id):
            continue
        if link.change == TYPOGRAPHIC and old_id == new_id and not typographic:
            hidden += 1
            continue
        old_text, text = store.text(pos - 1, old_id) or "", store.text(pos, new_id) or ""
        changes.append(Change(store.releases[pos], store.releases[pos - 1], old_id, new_id, link.change,
                              old_text, text, word_diff(old_text, text, typographic)))
    return changes, hidden


def _numbers(lineage: list[tuple[str, str]]) -> tuple[NumberSpan, ...]:
    spans: list[NumberSpan] = []
    for release, rule_id in lineage:
        if spans and spans[-1].id == rule_id:
            spans[-1] = NumberSpan(rule_id, spans[-1].first, release)
        else:
            spans.append(NumberSpan(rule_id, release, release))
    return tuple(spans)


@dataclass(frozen=True, slots=True)
class DiffItem:
    """One rule in a diff of two releases: ``kind`` is ``added``, ``removed``, ``changed``, ``renumbered``
    (its words may have changed too: ``change``) or ``typographic``. ``successor`` is, for a removed rule,
    its nearest successor followed on to the newer release (None if that is gone too)."""

    kind: str
    old_id: str | None
    new_id: str | None
    change: str
    old_text: str
    text: str
    diff: tuple[Piece, ...]
    removed_in: str | None = None
    successor: str | None = None


@dataclass(frozen=True, slots=True)
class ReleaseDiff:
    """Every rule that differs between two releases, in the newer release's order (removed rules last), and
    the counts of each kind (typographic ones are counted even when they are not listed)."""

    old: str
    new: str
    items: tuple[DiffItem, ...]
    counts: dict[str, int]


DIFF_KINDS = (ADDED, REMOVED, CHANGED, "renumbered", TYPOGRAPHIC)


def release_diff(store: HistoryStore, old: str, new: str, section: str | None = None,
                 typographic: bool = False) -> ReleaseDiff:
    """Compose the consecutive alignments from ``old`` to ``new`` (``old`` must be the earlier release)."""
    if section is not None and not _SECTION.fullmatch(section):  # else it would silently match nothing
        raise QueryError("--section {section}: give a section (5), a rule number (702) or glossary",
                         key="diff_bad_section", section=excerpt(section))
    a, b = _position(store, old), _position(store, new)
    if a >= b:
        raise QueryError("diff: {old} is not earlier than {new}; give the older release first",
                         key="diff_order", old=old, new=new)
    start, end = store.entries(a), store.entries(b)
    current: dict[str, str] = {i: i for i in start}
    removed: dict[str, tuple[int, str | None]] = {}
    for pos in range(a + 1, b + 1):
        moves: dict[str, Link] = {}
        for stored in store.links(pos):  # a rule's first link is the one followed (a split part comes later)
            if stored.old is not None:
                moves.setdefault(stored.old, stored)
        for origin, now in list(current.items()):
            link = moves.get(now)
            if link is not None and link.new is None:
                removed[origin] = (pos, link.successor)
                del current[origin]
            elif link is not None and link.new is not None:
                current[origin] = link.new
    items = _kept_items(start, end, current, typographic)
    reached = set(current.values())
    items += [DiffItem(ADDED, None, i, ADDED, "", e.text, ()) for i, e in end.items() if i not in reached]
    items.sort(key=lambda item: id_order(item.new_id or ""))
    items += [_removed_item(store, origin, start[origin].text, pos, successor, new)
              for origin, (pos, successor) in removed.items()]
    if section is not None:
        items = [i for i in items if _in_section(i.new_id or i.old_id or "", section)]
    counts = {kind: sum(1 for i in items if i.kind == kind) for kind in DIFF_KINDS}
    shown = [i for i in items if typographic or i.kind != TYPOGRAPHIC]
    return ReleaseDiff(old, new, tuple(shown), counts)


def _kept_items(start: dict[str, Entry], end: dict[str, Entry], current: dict[str, str],
                typographic: bool) -> list[DiffItem]:
    items = []
    for origin, now in current.items():
        old_text, text = start[origin].text, end[now].text
        change = change_of(old_text, text)
        if change == SAME and origin == now:
            continue
        kind = "renumbered" if origin != now else change
        shows = change == CHANGED or (change == TYPOGRAPHIC and typographic)
        items.append(DiffItem(kind, origin, now, change, old_text, text,
                              word_diff(old_text, text, typographic) if shows else ()))
    return items


def _removed_item(store: HistoryStore, origin: str, text: str, pos: int, successor: str | None,
                  new: str) -> DiffItem:
    onward = None
    if successor is not None:
        followed = follow(store, store.releases[pos], successor, new)
        onward = followed.id or (followed.successor[1] if followed.successor else None)
    return DiffItem(REMOVED, origin, None, REMOVED, text, "", (), store.releases[pos], onward)


_SECTION = re.compile(r"[1-9](?:\d\d)?|glossary", re.IGNORECASE)  # the CR's sections 1-9, rules 100-999


def _in_section(rule_id: str, section: str) -> bool:
    if rule_id.startswith("glossary:"):
        return section.lower() == "glossary"
    return rule_id.split(".")[0][:1] == section or rule_id.split(".")[0] == section


_RELEASE_DOC = re.compile(r"cr-(\d{4}-\d{2}-\d{2})")


def resolve(store: HistoryStore, query: str, root: Path | None = None) -> tuple[str, str]:
    """The (release, id) a ``history`` query names: ``702.19b`` and ``cr:702.19b`` (the newest release),
    ``cr-2006-10-01:502.9`` (one release), ``ru-cr:702.19b``, ``cs-cr:214.8e`` or ``sr-judge:C11.40`` (the
    English rule the translation renders, through ``originals.tsv``; by the same number where it links none)."""
    from ..references import typed_reference
    from .family import FAMILY, translated_release

    doc, sep, rule_id = query.strip().partition(":")
    if not sep or doc == "glossary":
        doc, rule_id = FAMILY, query.strip()
    if typed_reference(rule_id)[:1].isdigit():  # ٧٠٢.١٩B. is 702.19b, as in lookup
        rule_id = typed_reference(rule_id).strip().rstrip(".").lower()
    if not rule_id:
        raise QueryError("history: no rule in {query!r}", key="history_no_rule", query=query)
    if doc == FAMILY:
        release = store.releases[-1]
    elif (match := _RELEASE_DOC.fullmatch(doc)) is not None:
        release = match.group(1)
        _position(store, release)
    else:
        translated = translated_release(doc, root)
        if translated is None:
            raise QueryError("history: {doc!r} is not the English CR nor a translation of one release of it",
                             key="history_not_cr", doc=doc)
        release, rule_id = _original(doc, rule_id, translated, root)
    if store.text(_position(store, release), rule_id) is None:
        raise _not_found(store, query, rule_id, release, doc)
    return release, rule_id


def _original(doc: str, rule_id: str, translated: str, root: Path | None) -> tuple[str, str]:
    """The English (release, id) a translated rule renders, from ``originals.tsv`` (sr-judge C11.40 is
    2006-10-01 310.4; ru-cr 603.3 prints 606.3); a rule the table does not link keeps its own number in the
    release its document translates."""
    from ..originals.table import load_originals

    original = load_originals(root).get(f"{doc}:{rule_id}")
    if original is None or not original.id:
        return translated, rule_id
    return original.release, original.id


def _not_found(store: HistoryStore, query: str, rule_id: str, release: str, doc: str) -> ReferenceNotFound:
    last = store.last_release_of(rule_id)
    english = doc == "cr" or _RELEASE_DOC.fullmatch(doc) is not None
    hints = (f"cr-{last}:{rule_id}",) if last is not None else _close_ids(store, release, rule_id, doc) if english \
        else ()
    if not english:
        error = ReferenceNotFound(query, hints)
        error.args = (f"no rule {rule_id!r} in cr-{release}, the release {doc} translates, and originals.tsv "
                      f"links {doc}:{rule_id} to no English rule",)
        return error
    return ReferenceNotFound(query, hints)


def _close_ids(store: HistoryStore, release: str, rule_id: str, doc: str) -> tuple[str, ...]:
    """Rules of ``release`` close to a mistyped id ("did you mean"): a number written inside it first (``CR
    702.19b``, ``rule 101.1``), else the id it looks like (``1O1.1`` is 101.1, as in ``lookup``:
    :func:`~izvori_rules.references.look_alike`), then ids spelled alike (``702.19bb``), as references into
    ``doc``."""
    import difflib

    from ..references import look_alike, references_inside, typed_reference

    ids = [i for i in store.entries(_position(store, release)) if not i.startswith("glossary:")]
    inside = [i for i in references_inside(rule_id) if i in ids]
    typed = typed_reference(rule_id).strip().rstrip(".").casefold()
    meant = look_alike(typed).casefold()
    alike = [meant] if meant != typed and meant in ids else []
    close = alike + (inside or difflib.get_close_matches(typed, ids, n=5, cutoff=0.6))
    return tuple(f"{doc}:{i}" for i in dict.fromkeys(close))[:5]
