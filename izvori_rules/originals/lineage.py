"""Where each original went in the later English releases: ``lineage.tsv``, made by ``scripts/make_originals.py``.

For every English rule a translation renders (``originals.tsv``), the history (``izvori_rules.history``,
issue 15) is followed forward to each later release another translation renders and to the newest release.
Following takes the history store, which is built from all 128 releases; the few thousand answers the
graph needs are kept in this table instead, so building the graph never builds the store (style habit 16).

Columns: ``release``, ``id`` (the original), ``target`` (a later release), ``to_id`` (the rule there; empty
when removed), ``status`` (``same``, ``typographic``, ``changed``, ``renumbered``, ``removed``),
``changed_in`` (the releases that changed its words, space-separated), ``removed_in``, ``successor`` (the
nearest successor in ``target`` of a removed rule), ``path`` (``release:id`` wherever the number changed) and
``parts`` (the rules in ``target`` that parts split off the rule became: 2006-10-01 419.8a is 2019-05-03 609.7,
and its second half 609.7a), ``words_in`` (the rule in ``target`` that says the original's words where the history
reaches another or none, :func:`izvori_rules.history.likeness.words_in`: 2006-10-01 311.1 went on as 511.1, whose
words 2016-09-30 replaced, and lives on in 511.2) and ``likeness`` (how like the original's English words
``to_id``, each part and ``words_in`` are, as ``id=score``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from ..corpus import read_table
from ..tsv import Row, read_tsv

FILE_NAME = "lineage.tsv"
COLUMNS = ("release", "id", "target", "to_id", "status", "changed_in", "removed_in", "successor", "path", "parts",
           "words_in", "likeness")
PATH_SEPARATOR = " | "  # glossary ids hold spaces ("glossary:Active Player")
STATUSES = ("same", "typographic", "changed", "renumbered", "removed")
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
HEADER = """\
# Where each English original of the translations went in later releases (issue 16). MADE BY
# scripts/make_originals.py from the English history (izvori_rules.history): do not edit by hand.
# Columns (tab-separated): release, id (the original), target (a later release), to_id (its rule there; empty
#   when removed), status (same, typographic, changed, renumbered, removed), changed_in (releases that changed
#   its words), removed_in, successor (a removed rule's nearest successor in target), path (release:id wherever
#   the number changed, first and last included; separated by " | "), parts (the rules in target that parts
#   split off it became, space-separated), words_in (the rule in target that says its words where the history
#   reaches another or none: a removed rule's successor or a subrule of it, where words left a number that went
#   on), likeness (how like its English words to_id, each part and words_in are: id=score, space-separated).
"""


@dataclass(frozen=True, slots=True)
class Step:
    """One original followed to one later release."""

    release: str
    id: str
    target: str
    to_id: str
    status: str
    changed_in: tuple[str, ...] = ()
    removed_in: str = ""
    successor: str = ""
    path: tuple[str, ...] = ()
    parts: tuple[str, ...] = ()
    words_in: str = ""
    likeness: tuple[tuple[str, float], ...] = ()

    @property
    def reached(self) -> str:
        """The rule in ``target`` that says the original's words: ``words_in``, else ``to_id``, else for a removed
        rule the part split off it before that is most like its words (the first where none was measured):
        2006-10-01 305.3 "… any abilities that trigger at the beginning of that main phase go on the stack …
        Then the active player gets priority … (This is the only phase in which a player can normally play
        artifact, creature, enchantment, and sorcery spells …)" lost its triggers in 2016-09-30, but M10 had
        split off the priority (2019-05-03 505.5) and the spells of the main phase (505.5a); "" for none."""
        if self.words_in or self.to_id or not self.parts:
            return self.words_in or self.to_id
        return max(self.parts, key=lambda part: self.like(part) or 0.0)

    def like(self, rule_id: str) -> float | None:
        """The likeness of ``rule_id`` with the original's English words, if it was measured."""
        return dict(self.likeness).get(rule_id)


# (release, id, later target releases) → one step per target; none for an id the history does not hold
Follow = Callable[[str, str, Sequence[str]], Sequence["Step"]]


def make_lineage(originals: Iterable[tuple[str, str]], targets: Iterable[str], follow: Follow) -> list[Step]:
    """Every original followed to every later target release."""
    wanted = sorted(set(targets))
    return [step for release, rule_id in sorted(set(originals))
            for step in follow(release, rule_id, [t for t in wanted if t > release])]


def steps_along(release: str, rule_id: str, path: Sequence[tuple[str, str]], changes: Mapping[str, str],
                targets: Sequence[str], removed_in: str = "", successor: str = "",
                parts: Mapping[str, tuple[str, ...]] | None = None) -> list[Step]:
    """The steps to ``targets`` read off one walk forward: ``path`` is the rule's ``(release, id)`` in every
    release from its own to the last it is in; ``changes`` the kind of change (``changed``, ``typographic``)
    in each release where its words changed; ``parts`` the ids in each target of the parts split off it."""
    at = dict(path)
    out: list[Step] = []
    for target in targets:
        if target not in at:
            if removed_in and removed_in <= target:
                out.append(Step(release, rule_id, target, "", "removed", _changed(changes, target), removed_in,
                                successor, _numbers(path, target), (parts or {}).get(target, ())))
            continue
        kinds = {kind for date, kind in changes.items() if date <= target}
        to_id = at[target]
        status = "renumbered" if to_id != rule_id else "changed" if "changed" in kinds else (
            "typographic" if "typographic" in kinds else "same")
        out.append(Step(release, rule_id, target, to_id, status, _changed(changes, target), "", "",
                        _numbers(path, target), (parts or {}).get(target, ())))
    return out


def _changed(changes: Mapping[str, str], until: str) -> tuple[str, ...]:
    return tuple(sorted(date for date, kind in changes.items() if kind == "changed" and date <= until))


def _numbers(path: Sequence[tuple[str, str]], until: str) -> tuple[str, ...]:
    """``release:id`` at the start, wherever the number changed, and at ``until`` (or the last release held)."""
    upto = [(date, rid) for date, rid in path if date <= until]
    keep = [f"{date}:{rid}" for k, (date, rid) in enumerate(upto)
            if k in (0, len(upto) - 1) or rid != upto[k - 1][1]]
    return tuple(keep)


def format_lineage(steps: Iterable[Step]) -> str:
    """The text of ``lineage.tsv``."""
    lines = [HEADER + "\t".join(COLUMNS)]
    for s in steps:
        lines.append("\t".join((s.release, s.id, s.target, s.to_id, s.status, " ".join(s.changed_in), s.removed_in,
                                s.successor, PATH_SEPARATOR.join(s.path), " ".join(s.parts), s.words_in,
                                " ".join(f"{rule_id}={score:.3f}" for rule_id, score in s.likeness))))
    return "\n".join(lines) + "\n"


def parse_lineage(text: str, source: str = FILE_NAME) -> dict[tuple[str, str, str], Step]:
    """``(release, id, target) → Step``; a malformed row names its file, line and column."""
    out: dict[tuple[str, str, str], Step] = {}
    for row in read_tsv(text, source, COLUMNS, COLUMNS[:-3]):
        for column in ("release", "target"):
            if not _DATE.fullmatch(row[column]):
                raise row.error(column, f"{row[column]!r} is not a release date")
        if row["status"] not in STATUSES:
            raise row.error("status", f"{row['status']!r} is not one of {', '.join(STATUSES)}")
        step = Step(row["release"], row["id"], row["target"], row["to_id"], row["status"],
                    tuple(row["changed_in"].split()), row["removed_in"], row["successor"],
                    tuple(p for p in row["path"].split(PATH_SEPARATOR) if p), tuple(row["parts"].split()),
                    row["words_in"], _likeness(row))
        out[(step.release, step.id, step.target)] = step
    return out


def _likeness(row: Row) -> tuple[tuple[str, float], ...]:
    out = []
    for item in row["likeness"].split():
        rule_id, _, score = item.rpartition("=")
        try:
            out.append((rule_id, float(score)))
        except ValueError:
            raise row.error("likeness", f"{item!r} is not id=score") from None
    return tuple(out)


def load_lineage(root: Path | None = None) -> dict[tuple[str, str, str], Step]:
    """The lineage of the corpus folder (empty when it has no ``lineage.tsv``)."""
    found = read_table(FILE_NAME, "the lineage of the originals", root)
    return parse_lineage(*found) if found is not None else {}
