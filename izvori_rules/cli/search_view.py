"""The answer of ``search`` (hits with their snippets, the query's definitions), apart from its typer command so
that the fast path of :mod:`.fast` runs a cold ``search WORDS... [--json]`` without importing typer (issue 10: a
cold search within 12× a bare interpreter start); the typer command calls :func:`show_search` too.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .common import console, print_json, progress_bar, reported

if TYPE_CHECKING:
    from ..graph import RuleGraph
    from ..search.searcher import SearchResult, Searcher


MANY = 60  # rules a citation prints in full; of more, the terminal shows the top levels (`search 1`: 3,478 lines)


def show_search(text: str, docs: str | None = None, limit: int | None = None,
                kind: str | None = None, json_out: bool = False, markdown: bool = False,
                base_url: str | None = None, judge: str = "en", every: bool = False) -> int:
    """Answer one query in the chosen form; the exit status: 1 when nothing was found, else 0 (errors leave
    through :func:`.common.reported`). ``docs`` (``--doc``) keeps one document or the documents in a language;
    ``judge`` (``--lang``) is the judge's language, in which the answer's own words (``[LANG.search]``) and the
    errors are said. A citation naming more than :data:`MANY` rules shows their headings with a hint, unless
    ``every`` (``--all``) or ``--limit`` asks for them or the output is JSON."""
    from ..search.searcher import CITATION, query_kind

    with reported(judge):
        searcher = _searcher(quiet=json_out or query_kind(text) == CITATION, lang=judge)
        doc, lang = _scope(searcher, docs)
        result = searcher.search(text, doc=doc, lang=lang, limit=limit, kind=kind)
    filters = " ".join(f"--{name} {value}" for name, value in (("doc", docs), ("kind", kind)) if value)
    if json_out:
        from ..serialize import search_json

        print_json(search_json(result))
        return 0 if result.hits else 1
    shown = result if every or limit is not None else _headings(searcher.graph, result)
    if markdown:
        from .markdown import escape, search_markdown, write

        hint = f"\n\n{escape(_many_hint(result, shown, judge))}" if shown is not result else ""
        write(search_markdown(searcher.graph, shown, base_url, "".join(nothing_found(result, judge, filters))) + hint)
    else:
        _render(searcher, shown, judge, filters)
        if shown is not result:
            from rich.text import Text

            console().print(Text(_many_hint(result, shown, judge), style="dim"))
    return 0 if result.hits else 1


def _headings(graph: RuleGraph, result: SearchResult) -> SearchResult:
    """A citation's answer cut to its top levels when it names more than :data:`MANY` rules: the deepest levels of
    the tree that fit in :data:`MANY` lines (the section and chapters for ``1``), at least the top one; any other
    answer as it is."""
    from dataclasses import replace

    from ..search.searcher import CITATION

    if result.kind != CITATION or len(result.hits) <= MANY:
        return result
    depths = [len(graph.breadcrumb(hit.ref)) for hit in result.hits]
    levels = sorted(set(depths))
    top = next((level for level, deeper in zip(levels, levels[1:]) if sum(d <= deeper for d in depths) > MANY),
               levels[-1])
    return replace(result, hits=tuple(hit for hit, depth in zip(result.hits, depths) if depth <= top))


def _many_hint(result: SearchResult, shown: SearchResult, lang: str) -> str:
    from ..messages import section

    return section(lang, "search")["many"].format(shown=len(shown.hits), count=len(result.hits))


def _scope(searcher: Searcher, docs: str | None) -> tuple[str | None, str | None]:
    """``--doc`` as ``(document, language)``: a document's id (``sr-judge``, and the English CR's ``cr``, which has
    no hyphen) or a language (``sr``); an unknown name with a hyphen is an unknown document, else language."""
    if docs is None or docs in searcher.graph.docs or "-" in docs:
        return docs, None
    return None, docs


def _searcher(quiet: bool, lang: str) -> Searcher:
    """The searcher; a missing index is built now, under a progress bar, unless the output must stay quiet
    (``--json``) or the query needs no index (a citation)."""
    from ..search.searcher import default_searcher, open_searcher

    if quiet:
        return default_searcher()
    from ..search.index import index_exists

    if index_exists():
        return default_searcher()
    with progress_bar("index", lang) as progress:
        searcher = open_searcher(progress)
        searcher.opened  # noqa: B018 - build inside the progress bar
    return searcher


def nothing_found(result: SearchResult, lang: str, filters: str = "") -> tuple[str, str]:
    """The answer to a query without hits, in the judge's ``lang``: what the ``filters`` (``--kind section``) left
    out of a citation's rules, no such rule (a citation), else nothing found, with the query quoted as typed; and
    the closest words, when there are some, as a second sentence (else empty)."""
    from ..messages import section
    from ..search.searcher import CITATION

    if result.filtered_out:
        removed = ", ".join(f"{f.doc} {f.kind}: {f.count:,}" for f in result.filtered_out)
        count = sum(f.count for f in result.filtered_out)
        return section(lang, "search")["filtered_out"].format(query=repr(result.query.strip()), filters=filters,
                                                              count=count, removed=removed), ""
    if result.kind == CITATION:
        said = section(lang, "lookup")["no_rule"].format(query=repr(result.query.strip()))
    else:
        said = section(lang, "search")["nothing_found"].format(query=repr(result.query))
    if not result.suggestions:
        return said, ""
    return said, " " + section(lang, "lookup")["did_you_mean"].format(refs=", ".join(result.suggestions))


def _render(searcher: Searcher, result: SearchResult, lang: str, filters: str) -> None:
    from rich.text import Text

    from ..messages import keyword_name, section
    from .layout import hang

    out, words = console(), section(lang, "search")
    if result.concepts:
        names = ", ".join(keyword_name(concept, lang) for concept in result.concepts)
        out.print(Text.assemble((words["concepts"] + ": ", "bold"), names, style="dim"))
    for definition in result.definitions:
        out.print(Text.assemble((words["definition"] + ": ", "bold"), (definition.term, "bold green"),
                                f"  ({definition.concept})"))
        for entry in definition.entries:
            out.print(Text.assemble(("  " + entry.ref, "green"), "  " + _clip(entry.text, 160)))
    if not result.hits:
        said, hint = nothing_found(result, lang, filters)
        out.print(Text.assemble((said, "bold red"), hint))
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
