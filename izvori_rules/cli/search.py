"""``izvori-judge search QUERY`` and ``izvori-judge index build``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import typer

from . import app
from .common import console, print_json, reported

if TYPE_CHECKING:
    from ..search.searcher import SearchResult, Searcher

index_app = typer.Typer(help="The full-text index (built on first use into the cache folder).", no_args_is_help=True)
app.add_typer(index_app, name="index")


@app.command()
def search(
    query: Annotated[list[str], typer.Argument(help="Words, \"quoted phrases\", a rule number, range or prefix.")],
    doc: Annotated[str | None, typer.Option("--doc", help="Only this document (sr-judge, cs-cr, ...).")] = None,
    lang: Annotated[str | None, typer.Option("--lang", help="Only documents in this language (sr, cs, ru, pt).")] = None,
    limit: Annotated[int, typer.Option("--limit", min=1, max=500, help="How many hits.")] = 10,
    json_out: Annotated[bool, typer.Option("--json", help="Print the search contract as JSON.")] = False,
) -> None:
    """Find rules by citation (D10.11-D10.19, 702.19) or by words in any language and script."""
    text = " ".join(query)
    with reported():
        searcher = _searcher(json_out)
        _check_filters(searcher, doc, lang)
        result = searcher.search(text, doc=doc, lang=lang, limit=limit)
    if json_out:
        print_json(result_json(result))
    else:
        _render(searcher, result)
    if not result.hits:
        raise typer.Exit(1)


def _searcher(quiet: bool) -> Searcher:
    from ..search.searcher import default_searcher, open_searcher
    from ..search.index import index_exists

    if quiet or index_exists():
        return default_searcher()
    return _with_progress(lambda progress: open_searcher(progress))


def _check_filters(searcher: Searcher, doc: str | None, lang: str | None) -> None:
    from ..errors import QueryError

    if doc is not None and doc not in searcher.graph.docs:
        raise QueryError(f"unknown document {doc!r}; the documents are {', '.join(searcher.graph.docs)}")
    languages = {d.language for d in searcher.graph.docs.values()}
    if lang is not None and lang not in languages:
        raise QueryError(f"unknown language {lang!r}; the languages are {', '.join(sorted(languages))}")


def result_json(result: SearchResult) -> dict[str, Any]:
    """The search contract of issue 3."""
    return {
        "query": result.query, "kind": result.kind,
        "expanded": {"concepts": list(result.concepts), "terms": {lang: list(t) for lang, t in result.terms}},
        "hits": [{"ref": h.ref, "doc": h.doc, "id": h.id, "score": h.score, "snippet": h.snippet.text,
                  "highlights": [list(span) for span in h.snippet.spans]} for h in result.hits],
        "suggestions": list(result.suggestions),
    }


def _render(searcher: Searcher, result: SearchResult) -> None:
    from rich.text import Text

    out = console()
    if result.concepts:
        out.print(Text.assemble(("concepts: ", "bold"), ", ".join(result.concepts), style="dim"))
    if not result.hits:
        hint = f" Did you mean: {', '.join(result.suggestions)}?" if result.suggestions else ""
        out.print(f"[bold red]Nothing found for {result.query!r}.[/]{hint}")
    for hit in result.hits:
        crumbs = " › ".join(n.id for n in searcher.graph.breadcrumb(hit.ref)[:-1])
        out.print(Text.assemble((hit.ref, "bold cyan"), ("  " + crumbs, "dim")))
        snippet = Text("    " + hit.snippet.text)
        for start, end in hit.snippet.spans:
            snippet.stylize("bold yellow", start + 4, end + 4)
        out.print(snippet)


def _with_progress(build: Any) -> Any:
    from rich.progress import Progress

    with Progress(transient=True, console=console()) as bar:
        task = bar.add_task("Building the search index", total=None)
        return build(lambda done, total: bar.update(task, completed=done, total=total))


@index_app.command("build")
def index_build() -> None:
    """Rebuild the search index now, with a progress bar."""
    from ..search.searcher import open_searcher

    with reported():
        searcher = _with_progress(lambda progress: open_searcher(progress, rebuild=True))
        with searcher.index.searcher() as s:
            count = s.doc_count()
    console().print(f"Indexed {count} rules and glossary entries.")
