"""``izvori-judge define TERM``: one game concept in every language, with the rules and glossary entries behind it.

Any language's term finds it (``razbijac``, ``РАЗБИЈАЧ``, ``пробивной удар``, ``trample``); a word shared by
several concepts (sr *sprečiti*: counter and prevent) shows all of them; an unknown word exits 1 with the
closest terms. The command parses, calls :meth:`ConceptTable.lookup` and renders; when the rule graph is
available (``load_graph``) each rule is shown with the first line of its text. The words around the concept come
from ``corpus/messages.toml`` (``[LANG.define]``) in the judge's ``--lang``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from ..errors import IzvoriError
from . import app
from .common import console, error_console, judge_lang, load_graph, print_json, reported
from .options import BaseUrl, Lang, Markdown, check_markdown

if TYPE_CHECKING:
    from ..text.concepts import Concept, ConceptMatch

_FIRST_LINE_WIDTH = 100
MAX_TERM = 200  # characters: the longest concept term is a few words
_TERM_HELP = "A term in any language, quoted or not: trample, Razbijač, РАЗБИЈАЧ, пробивной удар."


@app.command(epilog="Examples:\n\n  izvori-judge define Razbijač --lang sr\n\n  izvori-judge define пробивной удар --markdown")
def define(
    term: Annotated[list[str], typer.Argument(metavar="TERM...", help=_TERM_HELP)],
    json_output: Annotated[bool, typer.Option("--json", help="Print the concepts as JSON.")] = False,
    markdown: Markdown = False,
    base_url: BaseUrl = None,
    lang: Lang = "en",
) -> None:
    """Show a game concept in every language, with its defining rules and glossary entries."""
    from ..messages import section
    from ..text.concepts import load_concepts

    lang = judge_lang(lang)
    words = section(lang, "define")
    check_markdown(json_output, markdown, base_url)
    query = " ".join(term)
    with reported(lang):
        _check_term(query)
        match = load_concepts().lookup(query)
    if json_output:
        from ..serialize import concepts_json

        print_json(concepts_json(match))
    elif match.concepts and markdown:
        from .markdown import define_markdown, write

        texts = _first_lines(words, match, lang)
        write(define_markdown(match, texts, base_url, words))
    elif match.concepts:
        _render(match, words, lang)
    else:
        _render_not_found(match, words, section(lang, "errors")["prefix"])
    if not match.concepts:
        raise typer.Exit(1)


def _check_term(query: str) -> None:
    """An empty or overlong term is a bad input (exit 2), as an empty reference is for ``lookup``."""
    from ..errors import QueryError
    from ..references import excerpt

    if not query.strip():
        raise QueryError("empty term: type a word in any language, e.g. trample or Razbijač", key="define_empty")
    if len(query) > MAX_TERM:
        raise QueryError("the term {term} is too long (at most {limit} characters)", key="define_too_long",
                         term=excerpt(query), limit=MAX_TERM)


def _render(match: ConceptMatch, words: dict[str, str], lang: str) -> None:
    from rich.text import Text

    out = console()
    texts = _first_lines(words, match, lang)
    if len(match.concepts) > 1:
        before, _, after = words["names"].partition("{query}")
        out.print(Text.assemble(before, (match.query, "bold"), after.format(n=len(match.concepts)) + "\n"))
    for number, concept in enumerate(match.concepts):
        if number:
            out.print()
        _render_concept(concept, texts, words)


def _render_concept(concept: Concept, texts: dict[str, str], words: dict[str, str]) -> None:
    from rich.text import Text

    from .layout import hang, labelled

    out = console()
    out.print(Text.assemble((concept.id, "bold cyan"), "  ", (words.get(f"kind_{concept.kind}", concept.kind), "dim")))
    for lang, terms in concept.terms:
        labelled(out, words.get(f"lang_{lang}", lang), ", ".join(terms) if terms else Text("—", style="dim"))
    for title, refs in ((words["rules"], concept.rules), (words["glossary"], concept.glossary)):
        if refs:
            out.print(Text(title, style="bold"))
            for ref in refs:
                hang(out, Text.assemble((ref, "bold"), "  ", (texts.get(ref, ""), "dim")), 2, 6)
    if concept.note:
        labelled(out, words["note"], concept.note, indent=0)


def _render_not_found(match: ConceptMatch, words: dict[str, str], prefix: str) -> None:
    from rich.text import Text

    hint = words["did_you_mean"].format(terms=", ".join(match.suggestions)) if match.suggestions else ""
    error_console().print(Text.assemble((f"{prefix}:", "bold red"), words["no_concept"].format(query=repr(match.query))
                                        + hint))


def _first_lines(words: dict[str, str], match: ConceptMatch, lang: str) -> dict[str, str]:
    """The first line of the text of each rule and glossary entry of the concepts, when the rule graph can be
    loaded; otherwise nothing.

    The graph is optional here: a corpus the graph cannot be built from (a parser not written yet) leaves the
    references bare, with a note on stderr, instead of failing ``define``.
    """
    try:
        graph = load_graph(lang)
    except IzvoriError as exc:
        from rich.text import Text

        error_console().print(Text(words["no_texts"].format(reason=exc), style="dim"))
        return {}
    lines: dict[str, str] = {}
    for ref in (ref for concept in match.concepts for ref in (*concept.rules, *concept.glossary)):
        node = graph.get(ref)
        if node is not None:
            lines[ref] = _first_line(node.text or node.title)
    return lines


def _first_line(text: str) -> str:
    line = text.strip().splitlines()[0].strip() if text.strip() else ""
    return line if len(line) <= _FIRST_LINE_WIDTH else line[: _FIRST_LINE_WIDTH - 1].rstrip() + "…"
