"""``izvori-judge search QUERY`` and ``izvori-judge index build``."""

from __future__ import annotations

from typing import Annotated

import typer

from . import app
from .common import console, judge_lang, print_json, progress_bar, reported
from .options import BaseUrl, Lang, Markdown, check_markdown
from .search_view import MANY

index_app = typer.Typer(help="The full-text index (built on first use into the cache folder).", no_args_is_help=True)
app.add_typer(index_app, name="index")


@app.command(epilog="Examples:\n\n  izvori-judge search razbijac\n\n  izvori-judge search \"first strike\" --doc ru-cr\n\n"
                    "  izvori-judge search hřbitov --doc cs\n\n  izvori-judge search D10.11-D10.19 --markdown",
             short_help="Find rules by citation (D10.11-D10.19, 702.19) or by words in any language and script.")
def search(
    query: Annotated[list[str], typer.Argument(
        metavar="QUERY...", help="Words, \"quoted phrases\", a rule number, range or prefix.")],
    doc: Annotated[str | None, typer.Option(
        "--doc", metavar="DOC", help="Only this document (sr-judge, cs-cr, ...) or the documents in this language "
        "(sr, cs, ru, pt).")] = None,
    limit: Annotated[int | None, typer.Option(
        "--limit", metavar="N", min=1, max=5000, help="How many hits (default 10; a citation shows every rule it names).")] = None,
    kind: Annotated[str | None, typer.Option(
        "--kind", metavar="KIND", help="Only this kind of hit: rule (numbered rules), glossary or section (sr-basic, pt-guide).")] = None,
    every: Annotated[bool, typer.Option(
        "--all", help=f"Print every rule a citation names (of more than {MANY}, only their headings are printed).")] = False,
    json_out: Annotated[bool, typer.Option("--json", help="Print the search contract as JSON.")] = False,
    markdown: Markdown = False,
    base_url: BaseUrl = None,
    lang: Lang = "en",
) -> None:
    """Find rules by citation (D10.11-D10.19, 702.19) or by words in any language and script. --lang is the
    judge's language, as in every command (a Serbian judge searches every document with Serbian labels); the
    documents are chosen with --doc, a document or a language."""
    from .search_view import show_search

    check_markdown(json_out, markdown, base_url)
    judge = judge_lang(lang)
    code = show_search(" ".join(query), docs=doc, limit=limit, kind=kind, json_out=json_out,
                       markdown=markdown, base_url=base_url, judge=judge, every=every)
    if code:
        raise typer.Exit(code)


@index_app.command("build", epilog="Example:\n\n  izvori-judge index build")
def index_build(
    json_out: Annotated[bool, typer.Option("--json", help="Print what was indexed as JSON.")] = False,
    lang: Lang = "en",
) -> None:
    """Rebuild the search index now, with a progress bar."""
    from ..messages import fill, section
    from ..search.searcher import open_searcher

    lang = judge_lang(lang)
    words = section(lang, "search")
    with reported(lang), progress_bar("index", lang) as progress:
        searcher = open_searcher(progress, rebuild=True)
        searcher.opened  # noqa: B018 - build inside the progress bar
    if json_out:
        from ..serialize import index_json

        print_json(index_json(searcher.doc_count(), searcher.opened.in_memory))
        return
    said = words["indexed_memory" if searcher.opened.in_memory else "indexed_cache"]
    console().print(fill(said, lang, n=searcher.doc_count()))
