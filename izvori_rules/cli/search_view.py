"""The answer of ``search`` (hits with their snippets, the query's definitions), apart from its typer command so
that the fast path of :mod:`.fast` runs a cold ``search WORDS... [--json]`` without importing typer (issue 10: a
cold search within 12× a bare interpreter start); the typer command calls :func:`show_search` too.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .common import console, print_json, progress_bar, reported
from .terminal import plain

if TYPE_CHECKING:
    from rich.console import Console

    from ..graph import RuleGraph
    from ..search.cards import Mention
    from ..search.searcher import SearchResult, Searcher
    from .styled import Para, Target


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
        write(search_markdown(searcher.graph, shown, base_url, "".join(nothing_found(result, judge, filters)), judge)
              + hint)
    else:
        _render(searcher, shown, judge, filters, _many_hint(result, shown, judge) if shown is not result else "")
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

    searcher = default_searcher()
    if quiet or searcher.index_built():
        return searcher
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


_Line = tuple["Para", "tuple[int, int] | None"]
"""A paragraph of the answer and its hanging indent (the first line's columns in, the wrapped lines'); None: a
paragraph printed as rich prints a text, its wrapped lines at the margin."""


def _render(searcher: Searcher, result: SearchResult, lang: str, filters: str = "", hint: str = "") -> None:
    """The answer as :func:`_answer` lays it out, written by :mod:`.styled` where it prints what rich would (no
    ``rich.text`` or ``rich.console`` to import, a sixth of a cold search: issue 10), else by rich."""
    import sys

    from .styled import target
    from .terminal import width

    lines = _answer(searcher, result, lang, filters, hint)
    fast = target(sys.stdout, width())
    if fast is not None:
        sys.stdout.write(_written(lines, fast))
        return
    _printed(console(), lines)


def _printed(out: Console, lines: list[_Line]) -> None:
    from .layout import hang
    from .styled import to_text

    for para, indent in lines:
        if indent is None:
            out.print(to_text(para))
        else:
            hang(out, to_text(para), *indent)


def _written(lines: list[_Line], out: Target) -> str:
    from .styled import block, hanging, laid_out

    return "".join(block([para], out) if indent is None else laid_out([hanging(para, *indent, out.width)], out)
                   for para, indent in lines)


def _answer(searcher: Searcher, result: SearchResult, lang: str, filters: str = "", hint: str = "") -> list[_Line]:
    """The concepts the query named, the cards it named (:func:`_card_read`), the concepts' definitions, the "nothing found" sentence (what ``filters`` left out),
    then each hit (its reference, breadcrumb and equivalents, and its snippet with the matched words marked), and
    ``hint`` (how to see a long citation's every rule) last, each text with its control characters made visible
    (:func:`.terminal.plain`)."""
    from ..messages import keyword_names, section

    words = section(lang, "search")
    lines: list[_Line] = []
    if result.concepts:
        names = keyword_names(result.concepts, lang)
        lines.append((((plain(words["concepts"]) + ": ", "bold dim"), (plain(names), "dim")), None))
    lines += [(_card_read(mention, words["card"], lang), (0, 4)) for mention in result.cards]
    for definition in result.definitions:
        lines.append((((plain(words["definition"]) + ": ", "bold"), (plain(definition.term), "bold green"),
                       (f"  ({plain(definition.concept)})", "")), None))
        lines += [((("  " + plain(entry.ref), "green"), ("  " + plain(_clip(entry.text, 160)), "")), None)
                  for entry in definition.entries]
    if not result.hits:
        said, closest = nothing_found(result, lang, filters)
        lines.append((((plain(said), "bold red"), (plain(closest), "")), None))
    for hit in result.hits:
        crumbs = " › ".join(n.id for n in searcher.graph.breadcrumb(hit.ref)[:-1])
        equivalents = ("  = " + ", ".join(hit.equivalents[:4])) if hit.equivalents else ""
        lines.append((((plain(hit.ref), "bold cyan"), ("  " + plain(crumbs), "dim"), (plain(equivalents), "green")),
                      (0, 4)))
        lines.append((_marked(hit.snippet.text, hit.snippet.spans), (4, 4)))
    if hint:
        lines.append((((plain(hint), "dim"),), None))
    return lines


def _card_read(mention: Mention, label: str, lang: str) -> Para:
    """A card the query names and the concepts it was read as, in the judge's ``lang``: ``card: Rest in Peace →
    replacement effect, ...``; the name as typed first when it is not the card's English one (``Перунов Гнев =
    Wrath of God``), so that a judge sees which card a name in another language or a plural was taken for."""
    from ..messages import keyword_names

    typed = f"{mention.typed} = " if mention.renamed else ""
    about = keyword_names(mention.card.concepts, lang)
    return ((plain(label) + ": ", "bold dim"), (plain(typed), ""), (plain(mention.card.name), "bold"),
            (" → " + plain(about), "dim"))


def _marked(text: str, spans: Sequence[tuple[int, int]]) -> Para:
    """The snippet with its matched words in bold yellow, cut at every start and end of a span, as rich's
    ``Text.stylize`` cuts it into segments (overlapping spans too, each piece written with its own codes)."""
    cuts = sorted({0, len(text), *(max(0, min(i, len(text))) for span in spans for i in span)})
    return tuple((plain(text[a:b]), "bold yellow" if any(s <= a and b <= e for s, e in spans) else "")
                 for a, b in zip(cuts, cuts[1:]) if a < b)


def _clip(text: str, width: int) -> str:
    return text if len(text) <= width else text[:width].rsplit(" ", 1)[0] + "…"
