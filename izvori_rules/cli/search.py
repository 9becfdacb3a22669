"""``izvori-judge search QUERY`` and ``izvori-judge index build``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from . import app
from .common import console, print_json, progress_bar, reported
from .options import BaseUrl, Markdown

if TYPE_CHECKING:
    from ..search.searcher import SearchResult, Searcher

index_app = typer.Typer(help="The full-text index (built on first use into the cache folder).", no_args_is_help=True)
app.add_typer(index_app, name="index")


@app.command(epilog="Examples:\n\n  izvori-judge search razbijac\n\n  izvori-judge search \"first strike\" --doc ru-cr\n\n"
                    "  izvori-judge search hřbitov --doc cs\n\n  izvori-judge search D10.11-D10.19 --markdown")
def search(
    query: Annotated[list[str], typer.Argument(
        metavar="QUERY...", help="Words, \"quoted phrases\", a rule number, range or prefix.")],
    doc: Annotated[str | None, typer.Option(
        "--doc", metavar="DOC", help="Only this document (sr-judge, cs-cr, ...) or the documents in this language "
        "(sr, cs, ru, pt).")] = None,
    lang: Annotated[str | None, typer.Option(
        "--lang", metavar="LANG", hidden=True, help="Old spelling of --doc LANG (documents in this language).")]
    = None,
    limit: Annotated[int | None, typer.Option(
        "--limit", min=1, max=5000, help="How many hits (default 10; a citation shows every rule it names).")] = None,
    kind: Annotated[str | None, typer.Option(
        "--kind", help="Only this kind of hit: rule (numbered rules), glossary or section (sr-basic, pt-guide).")] = None,
    json_out: Annotated[bool, typer.Option("--json", help="Print the search contract as JSON.")] = False,
    markdown: Markdown = False,
    base_url: BaseUrl = None,
) -> None:
    """Find rules by citation (D10.11-D10.19, 702.19) or by words in any language and script."""
    from ..search.searcher import CITATION, query_kind

    text = " ".join(query)
    if doc is not None and lang is None and "-" not in doc:  # --doc sr: the documents in a language
        doc, lang = None, doc
    with reported():
        searcher = _searcher(quiet=json_out or query_kind(text) == CITATION)
        result = searcher.search(text, doc=doc, lang=lang, limit=limit, kind=kind)
    if json_out:
        from ..serialize import search_json

        print_json(search_json(result))
    elif markdown:
        from .markdown import search_markdown, write

        write(search_markdown(searcher.graph, result, base_url))
    else:
        _render(searcher, result)
    if not result.hits:
        raise typer.Exit(1)


def _searcher(quiet: bool) -> Searcher:
    """The searcher; a missing index is built now, under a progress bar, unless the output must stay quiet
    (``--json``) or the query needs no index (a citation)."""
    from ..search.searcher import default_searcher, open_searcher

    if quiet:
        return default_searcher()
    from ..search.index import index_exists

    if index_exists():
        return default_searcher()
    with progress_bar("Building the search index") as progress:
        searcher = open_searcher(progress)
        searcher.opened  # noqa: B018 - build inside the progress bar
    return searcher


def _render(searcher: Searcher, result: SearchResult) -> None:
    from rich.text import Text

    from .layout import hang

    out = console()
    if result.concepts:
        out.print(Text.assemble(("concepts: ", "bold"), ", ".join(result.concepts), style="dim"))
    for definition in result.definitions:
        out.print(Text.assemble(("definition: ", "bold"), (definition.term, "bold green"), f"  ({definition.concept})"))
        for entry in definition.entries:
            out.print(Text.assemble(("  " + entry.ref, "green"), "  " + _clip(entry.text, 160)))
    if not result.hits:
        hint = f" Did you mean: {', '.join(result.suggestions)}?" if result.suggestions else ""
        from ..search.searcher import CITATION

        nothing = (f"No rule {result.query.strip()!r}." if result.kind == CITATION
                   else f"Nothing found for {result.query!r}.")
        out.print(Text.assemble((nothing, "bold red"), hint))
    for hit in result.hits:
        crumbs = " › ".join(n.id for n in searcher.graph.breadcrumb(hit.ref)[:-1])
        equivalents = ("  = " + ", ".join(hit.equivalents[:4])) if hit.equivalents else ""
        hang(out, Text.assemble((hit.ref, "bold cyan"), ("  " + crumbs, "dim"), (equivalents, "green")), 0, 4)
        snippet = Text(hit.snippet.text)
        for start, end in hit.snippet.spans:
            snippet.stylize("bold yellow", start, end)
        hang(out, snippet, 4, 4)


def _clip(text: str, width: int) -> str:
    return text if len(text) <= width else text[:width].rsplit(" ", 1)[0] + "…"


@index_app.command("build", epilog="Example:\n\n  izvori-judge index build")
def index_build() -> None:
    """Rebuild the search index now, with a progress bar."""
    from ..search.searcher import open_searcher

    with reported(), progress_bar("Building the search index") as progress:
        searcher = open_searcher(progress, rebuild=True)
        searcher.opened  # noqa: B018 - build inside the progress bar
    where = "in memory (the cache folder cannot be written)" if searcher.opened.in_memory else "in the cache folder"
    console().print(f"Indexed {searcher.doc_count()} rules and glossary entries {where}.")
