"""``izvori-judge lookup REF...`` and ``izvori-judge stats``: print rules exactly as the documents say them, and
how many of each kind of unit each document has (labels and numbers in the judge's ``--lang``, ``[LANG.stats]``).

``lookup`` also shows each rule's equivalents in the other documents (curated first, then aligned; issue 5)
and, with ``--side-by-side``, the rule and its best equivalent in every other document next to each other.
Where a document lacks a rule its original has (ru-cr's 31 missing rules, cs-cr after 400.1) it says so.
The rendering is in :mod:`.lookup_view` (which the fast path of :mod:`.fast` runs without typer).
"""

from __future__ import annotations

from typing import Annotated

import typer

from . import app
from .common import console, judge_lang, print_json, reported
from .options import BaseUrl, Lang, Markdown, check_markdown


@app.command(epilog="Examples:\n\n  izvori-judge lookup D19.51\n\n  izvori-judge lookup sr-judge:A4.40 ru-cr:702.19b "
             "--side-by-side\n\n  izvori-judge lookup D19.51 --lang sr\n\n  izvori-judge lookup 702.19 --markdown "
             "--base-url https://rules.example/")
def lookup(
    refs: Annotated[list[str], typer.Argument(
        metavar="REF...", help="References: D19.51, sr-judge:A4.40, 101.4, ru-cr:702.19b, D19")],
    json_out: Annotated[bool, typer.Option("--json", help="Print the lookup contract as JSON.")] = False,
    tree: Annotated[bool, typer.Option("--tree", help="Print each rule's whole subtree.")] = False,
    side_by_side: Annotated[bool, typer.Option(
        "--side-by-side", help="Print each rule next to its best equivalent in every other document.")] = False,
    markdown: Markdown = False,
    base_url: BaseUrl = None,
    lang: Lang = "en",
) -> None:
    """Print rules by reference: breadcrumb, text, examples, children, citations both ways, equivalents, flags.

    A word instead of a reference (Razbijač, trample) points to its glossary entries, `define` and `search`."""
    lang = judge_lang(lang)
    check_markdown(json_out, markdown, base_url)
    from .common import load_graph, progress_bar
    from ..lookup import lookup as find

    from .lookup_view import show

    with reported(lang):  # show too: a release's nodes are read from its store as they are shown
        graph = load_graph(lang)
        answers = find(graph, refs, building=lambda: progress_bar("history", lang))
        status = show(graph, answers, json_out, tree, side_by_side, markdown, base_url, lang)
    if status:
        raise typer.Exit(status)


@app.command(epilog="Examples:\n\n  izvori-judge stats\n\n  izvori-judge stats --lang sr\n\n"
                    "  izvori-judge stats --json")
def stats(
    json_out: Annotated[bool, typer.Option("--json", help="Print the counts as JSON.")] = False,
    lang: Lang = "en",
) -> None:
    """Per document: sections, chapters, rules, subrules, examples, glossary entries, citations."""
    from .common import load_graph
    from ..messages import number, section
    from ..stats import DocumentStats, document_stats

    lang = judge_lang(lang)
    with reported(lang):
        rows = document_stats(load_graph(lang))
    if json_out:
        from ..serialize import stats_json

        print_json(stats_json(rows))
        return
    from .layout import grid

    words = section(lang, "stats")
    fields = [f for f in DocumentStats.__dataclass_fields__ if f != "doc"]
    # One row per count, one column per document; a phone shows each count as a block of "document: n" lines.
    grid(console(), ["", *(row.doc for row in rows)],
         [[words.get(f, f), *(number(getattr(row, f), lang) for row in rows)] for f in fields], title=words["title"],
         right=tuple(range(1, len(rows) + 1)))
