"""``izvori-judge history REF``, ``izvori-judge diff OLD NEW`` and ``izvori-judge corpus add FILE``: the English
CR through its 128 releases (issue 15). The store is built on first use behind a progress bar
(:mod:`izvori_rules.history.sources`); every text from the documents is printed as text, never as markup.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from . import app
from .common import console, print_json, progress_bar, reported

if TYPE_CHECKING:
    from rich.text import Text

    from ..history.lineage import Change, DiffItem, ReleaseDiff, RuleHistory
    from ..history.store import HistoryStore
    from ..history.userdata import Added
    from ..history.worddiff import Piece

corpus_app = typer.Typer(help="The corpus in the user's data folder (English CR releases added later).",
                         no_args_is_help=True)
app.add_typer(corpus_app, name="corpus")

STYLES = {"=": "", "-": "red strike", "+": "bold green"}
MARKS = {"-": ("[-", "-]"), "+": ("{+", "+}")}
KIND_STYLES = {"added": "green", "removed": "red", "changed": "yellow", "renumbered": "cyan", "typographic": "dim"}


def _store() -> HistoryStore:
    from ..history.sources import load_store

    return load_store(lambda: progress_bar("Building the history of the English CR (first run)"))


@app.command()
def history(
    ref: Annotated[str, typer.Argument(help="A rule: 702.19b (newest release), cr-2006-10-01:502.9, ru-cr:702.19b")],
    json_out: Annotated[bool, typer.Option("--json", help="Print the history contract as JSON.")] = False,
    typographic: Annotated[bool, typer.Option(
        "--typographic", help="Also list changes of quote marks, dashes or spacing alone.")] = False,
) -> None:
    """Every release in which an English rule changed: word diffs, earlier numbers, first release, removal."""
    from ..history.lineage import resolve, rule_history

    with reported():
        store = _store()
        release, rule_id = resolve(store, ref)
        found = rule_history(store, release, rule_id, typographic)
    if json_out:
        print_json(_history_json(ref, found))
    else:
        _render_history(found)


def _history_json(query: str, found: RuleHistory) -> dict[str, object]:
    return {"query": query, "release": found.release, "id": found.id,
            "numbers": [{"id": n.id, "first": n.first, "last": n.last} for n in found.numbers],
            "first_release": found.first_release, "first_id": found.numbers[0].id,
            "in_first_release": found.in_first_release, "first_text": found.first_text,
            "changes": [_change_json(c) for c in found.changes], "typographic_hidden": found.typographic_hidden,
            "removed_in": found.removed_in, "successor": found.successor, "last_text": found.last_text}


def _change_json(change: Change) -> dict[str, object]:
    return {"release": change.release, "previous": change.previous, "old_id": change.old_id, "id": change.id,
            "change": change.change, "renumbered": change.renumbered, "old_text": change.old_text,
            "text": change.text, "diff": _pieces_json(change.diff)}


def _pieces_json(pieces: tuple[Piece, ...]) -> list[dict[str, str]]:
    return [{"op": p.op, "text": p.text} for p in pieces]


def _render_history(found: RuleHistory) -> None:
    from rich.text import Text

    out = console()
    first = found.numbers[0]
    out.print(Text.assemble((f"{found.id}", "bold"), f" in cr-{found.release}: ",
                            f"first in {found.first_release}" + (" (the oldest release here)" if
                                                                 found.in_first_release else ""),
                            f" as {first.id}"))
    out.print(Text("Numbers: " + ", ".join(f"{n.id} ({n.first} – {n.last})" for n in found.numbers), style="dim"))
    for change in found.changes:
        what = f"{change.old_id} → {change.id}, " if change.renumbered else ""
        out.print(Text.assemble("\n", (change.release, "bold"), f" ({what}{change.change})"))
        out.print(_diff_text(change.diff) if change.diff else Text(change.text))
    if not found.changes:
        out.print(Text("\nUnchanged in every release."))
    if found.typographic_hidden:
        out.print(Text(f"\n{found.typographic_hidden} typographic change(s) (quote marks, dashes, spacing) not "
                       "shown; --typographic lists them.", style="dim"))
    if found.removed_in:
        successor = f"; its nearest successor there is {found.successor}" if found.successor else ""
        out.print(Text(f"\nRemoved in {found.removed_in}{successor}.", style="bold red"))


def _diff_text(pieces: tuple[Piece, ...]) -> Text:
    """Deleted words struck through in red, inserted ones in green; without colours (a pipe, NO_COLOR) they
    are marked ``[-deleted-]`` and ``{+inserted+}`` as wdiff does."""
    from rich.text import Text

    plain = console().color_system is None
    text = Text()
    for piece in pieces:
        body = piece.text
        if plain and piece.op != "=":
            stripped = body.rstrip()
            body = f"{MARKS[piece.op][0]}{stripped}{MARKS[piece.op][1]}{body[len(stripped):]}"
        text.append(body, style=STYLES[piece.op])
    return text


@app.command()
def diff(
    old: Annotated[str, typer.Argument(help="The older release: 2019-05-03 (or cr-2019-05-03)")],
    new: Annotated[str, typer.Argument(help="The newer release: 2026-08-07, or cr for the newest")],
    section: Annotated[str | None, typer.Option("--section", help="Only rules of one section (5) or glossary.")] = None,
    summary: Annotated[bool, typer.Option("--summary", help="Only the counts.")] = False,
    typographic: Annotated[bool, typer.Option(
        "--typographic", help="Also list rules whose quote marks, dashes or spacing alone changed.")] = False,
    json_out: Annotated[bool, typer.Option("--json", help="Print the diff contract as JSON.")] = False,
) -> None:
    """What was added, removed, changed and renumbered between any two English releases, with counts."""
    from ..history.lineage import release_diff

    with reported():
        store = _store()
        found = release_diff(store, _date(store, old), _date(store, new), section, typographic)
    if json_out:
        print_json(_diff_json(found, section, summary, typographic))
    else:
        _render_diff(found, summary)


def _date(store: HistoryStore, given: str) -> str:
    if given == "cr":
        return store.releases[-1]
    return given.removeprefix("cr-")


def _diff_json(found: ReleaseDiff, section: str | None, summary: bool, typographic: bool) -> dict[str, object]:
    return {"from": found.old, "to": found.new, "section": section, "typographic": typographic,
            "counts": found.counts, "items": [] if summary else [_item_json(i) for i in found.items]}


def _item_json(item: DiffItem) -> dict[str, object]:
    return {"kind": item.kind, "old_id": item.old_id, "new_id": item.new_id, "change": item.change,
            "old_text": item.old_text, "text": item.text, "diff": _pieces_json(item.diff),
            "removed_in": item.removed_in, "successor": item.successor}


def _render_diff(found: ReleaseDiff, summary: bool) -> None:
    from rich.text import Text

    out = console()
    out.print(Text.assemble((f"cr-{found.old} → cr-{found.new}: ", "bold"), *(
        (f"{n} {kind}  ", KIND_STYLES[kind]) for kind, n in found.counts.items())))
    if summary:
        return
    for item in found.items:
        out.print(_item_text(item))


def _item_text(item: DiffItem) -> Text:
    from rich.text import Text

    if item.kind == "added":
        head = Text.assemble(("+ ", "green"), (item.new_id or "", "bold green"), " ")
        return head.append(item.text)
    if item.kind == "removed":
        successor = f" (removed in {item.removed_in}; nearest successor {item.successor})" if item.successor else \
            f" (removed in {item.removed_in})"
        head = Text.assemble(("- ", "red"), (item.old_id or "", "bold red"), (successor, "dim"), " ")
        return head.append(item.old_text, style="red")
    label = f"{item.old_id} → {item.new_id}" if item.old_id != item.new_id else item.new_id or ""
    head = Text.assemble(("~ ", KIND_STYLES[item.kind]), (label, "bold"), (f" ({item.change})", "dim"), " ")
    return head.append_text(_diff_text(item.diff)) if item.diff else head.append(item.text)


@corpus_app.command("add")
def corpus_add(
    file: Annotated[Path, typer.Argument(help="A Comprehensive Rules text downloaded from Wizards (.txt)")],
    json_out: Annotated[bool, typer.Option("--json", help="Print what was added as JSON.")] = False,
) -> None:
    """Add an English CR release to the history in the user's data folder; it becomes cr when newest."""
    from ..history.lineage import release_diff
    from ..history.userdata import add_release

    with reported():
        added = add_release(file)
        counts = None
        if added.previous is not None:
            counts = release_diff(_store(), added.previous, added.date).counts
    if json_out:
        print_json(_added_json(added, counts))
    else:
        _render_added(added, counts)


def _added_json(added: Added, counts: dict[str, int] | None) -> dict[str, object]:
    return {"date": added.date, "path": str(added.path), "already_there": added.already_there,
            "previous": added.previous, "newest": added.newest, "rules": added.rules, "encoding": added.encoding,
            "counts": counts}


def _render_added(added: Added, counts: dict[str, int] | None) -> None:
    from rich.text import Text

    out = console()
    verb = "is already in the history" if added.already_there else f"added ({added.encoding}) as {added.path}"
    out.print(Text(f"The release effective {added.date} ({added.rules} numbered rules) {verb}."))
    if added.newest:
        out.print(Text(f"It is the newest release: cr now names cr-{added.date}."))
    if counts is not None:
        out.print(Text(f"Since cr-{added.previous}: " + ", ".join(f"{n} {kind}" for kind, n in counts.items())))
