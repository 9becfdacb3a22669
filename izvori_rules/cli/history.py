"""``izvori-judge history REF``, ``izvori-judge diff OLD NEW`` and ``izvori-judge corpus add FILE``: the English
CR through its 128 releases (issue 15). The store is built on first use behind a progress bar
(:mod:`izvori_rules.history.sources`); every text from the documents is printed as text, never as markup.
``history`` is rendered by :mod:`.history_view`, which the fast path (:mod:`.fast`) also calls without typer.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from . import app
from .common import console, judge_lang, print_json, reported
from .options import Lang

if TYPE_CHECKING:
    from rich.text import Text

    from ..history.lineage import DiffItem, ReleaseDiff
    from ..history.store import HistoryStore
    from ..history.userdata import Added

corpus_app = typer.Typer(help="The corpus in the user's data folder (English CR releases added later).",
                         no_args_is_help=True)
app.add_typer(corpus_app, name="corpus")

KIND_STYLES = {"added": "green", "removed": "red", "changed": "yellow", "renumbered": "cyan", "typographic": "dim"}


@app.command()
def history(
    ref: Annotated[str, typer.Argument(
        metavar="REF", help="A rule: 702.19b (newest release), cr-2006-10-01:502.9, ru-cr:702.19b")],
    json_out: Annotated[bool, typer.Option("--json", help="Print the history contract as JSON.")] = False,
    typographic: Annotated[bool, typer.Option(
        "--typographic", help="Also list changes of quote marks, dashes or spacing alone.")] = False,
    lang: Lang = "en",
) -> None:
    """Every release in which an English rule changed: word diffs, earlier numbers, first release, removal."""
    from .history_view import show_history

    code = show_history(ref, json_out, typographic, judge_lang(lang))
    if code:
        raise typer.Exit(code)


@app.command()
def diff(
    old: Annotated[str, typer.Argument(metavar="OLD", help="The older release: 2019-05-03 (or cr-2019-05-03)")],
    new: Annotated[str, typer.Argument(metavar="NEW", help="The newer release: 2026-08-07, or cr for the newest")],
    section: Annotated[str | None, typer.Option(
        "--section", metavar="SECTION", help="Only rules of one section (5) or glossary.")] = None,
    summary: Annotated[bool, typer.Option("--summary", help="Only the counts.")] = False,
    typographic: Annotated[bool, typer.Option(
        "--typographic", help="Also list rules whose quote marks, dashes or spacing alone changed.")] = False,
    json_out: Annotated[bool, typer.Option("--json", help="Print the diff contract as JSON.")] = False,
    lang: Lang = "en",
) -> None:
    """What was added, removed, changed and renumbered between any two English releases, with counts."""
    from ..history.lineage import release_diff
    from ..messages import section as messages

    from .history_view import load_store

    lang = judge_lang(lang)
    words = messages(lang, "history")  # ``section`` is the --section option here
    with reported(lang):
        store = load_store(lang)
        found = release_diff(store, _date(store, old), _date(store, new), section, typographic)
    if json_out:
        from ..serialize import release_diff_json

        print_json(release_diff_json(found, section, summary, typographic))
    else:
        _render_diff(found, summary, words, lang)


def _date(store: HistoryStore, given: str) -> str:
    if given == "cr":
        return store.releases[-1]
    return given.removeprefix("cr-")


def _render_diff(found: ReleaseDiff, summary: bool, words: dict[str, str], lang: str) -> None:
    from rich.text import Text

    from ..messages import fill

    from .history_view import kind_word

    out = console()
    out.print(Text.assemble((f"cr-{found.old} → cr-{found.new}: ", "bold"), *(
        (fill(words["count"], lang, n=n, kind=kind_word(words, kind)) + "  ", KIND_STYLES[kind])
        for kind, n in found.counts.items())))
    if summary:
        return
    for item in found.items:
        out.print(_item_text(item, words))


def _item_text(item: DiffItem, words: dict[str, str]) -> Text:
    from rich.text import Text

    from .history_view import diff_text, kind_word

    if item.kind == "added":
        head = Text.assemble(("+ ", "green"), (item.new_id or "", "bold green"), " ")
        return head.append(item.text)
    if item.kind == "removed":
        successor = words["diff_successor" if item.successor else "diff_removed"].format(
            release=item.removed_in, ref=item.successor)
        head = Text.assemble(("- ", "red"), (item.old_id or "", "bold red"), (successor, "dim"), " ")
        return head.append(item.old_text, style="red")
    label = f"{item.old_id} → {item.new_id}" if item.old_id != item.new_id else item.new_id or ""
    head = Text.assemble(("~ ", KIND_STYLES[item.kind]), (label, "bold"), (f" ({kind_word(words, item.change)})", "dim"), " ")
    return head.append_text(diff_text(item.diff)) if item.diff else head.append(item.text)


@corpus_app.command("add")
def corpus_add(
    file: Annotated[Path, typer.Argument(
        metavar="FILE", help="A Comprehensive Rules text downloaded from Wizards (.txt)")],
    json_out: Annotated[bool, typer.Option("--json", help="Print what was added as JSON.")] = False,
    lang: Lang = "en",
) -> None:
    """Add an English CR release to the history in the user's data folder; it becomes cr when newest."""
    from ..history.lineage import release_diff
    from ..history.userdata import add_release
    from ..messages import section
    from .history_view import load_store

    lang = judge_lang(lang)
    words = section(lang, "history")

    with reported(lang):
        added = add_release(file)
        counts = None
        if added.previous is not None:
            counts = release_diff(load_store(), added.previous, added.date).counts
    if json_out:
        from ..serialize import added_json

        print_json(added_json(added, counts))
    else:
        _render_added(added, counts, words, lang)


def _render_added(added: Added, counts: dict[str, int] | None, words: dict[str, str], lang: str) -> None:
    from rich.text import Text

    from ..messages import fill

    from .history_view import kind_word

    out = console()
    said = words["corpus_already" if added.already_there else "corpus_added"]
    out.print(Text(fill(said, lang, date=added.date, rules=added.rules, encoding=added.encoding, path=added.path)))
    if added.newest:
        out.print(Text(words["corpus_newest"].format(date=added.date)))
    if counts is not None:
        listed = ", ".join(fill(words["count"], lang, n=n, kind=kind_word(words, kind)) for kind, n in counts.items())
        out.print(Text(words["corpus_since"].format(release=added.previous, counts=listed)))
