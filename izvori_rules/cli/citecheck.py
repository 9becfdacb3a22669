"""``izvori-judge cite-check FILE``: every rule citation in a judge's text, checked against the documents. The
words around the citations come from ``corpus/messages.toml`` (``[LANG.cite_check]``) in the judge's ``--lang``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from . import app
from .common import console, judge_lang, print_json, reported
from .options import Lang

if TYPE_CHECKING:
    from ..citecheck import CheckedCitation


@app.command("cite-check", epilog="Examples:\n\n  izvori-judge cite-check answer.txt\n\n"
                                  "  echo 'Vidi pravilo D19.51 \u201cInterakcija trajnih efekata\u201d' | izvori-judge cite-check - --lang sr",
             short_help="Report each citation: does it exist, does a quoted title match, what the rule says, its "
                        "2019 equivalent.")
def cite_check(
    file: Annotated[str, typer.Argument(metavar="FILE", help="The text to check, or - for standard input.")],
    doc: Annotated[str | None, typer.Option("--doc", metavar="DOC", help="Read the text as part of this document.")] = None,
    json_out: Annotated[bool, typer.Option("--json", help="Print the findings as JSON.")] = False,
    lang: Lang = "en",
) -> None:
    """Report each citation: does it exist, does a quoted title match, what the rule says, its 2019 equivalent.
    Exits 1 when any citation is wrong."""
    from ..citecheck import check_text, has_errors
    from ..errors import QueryError
    from .common import load_graph

    lang = judge_lang(lang)
    with reported(lang):
        text = _read(file)
        graph = load_graph(lang)
        if doc is not None and doc not in graph.docs:
            raise QueryError("unknown document {doc!r}; the documents are {docs}", key="unknown_doc", doc=doc,
                             docs=", ".join(graph.docs))
        checked = check_text(graph, text, doc)
    if json_out:
        from ..serialize import cite_check_json

        print_json(cite_check_json(file, checked, has_errors(checked)))
    else:
        _render(checked, lang)
    if has_errors(checked):
        raise typer.Exit(1)


def _read(file: str) -> str:
    from ..citecheck import MAX_BYTES
    from ..errors import Phrase
    from ..userfile import read_user_file

    return read_user_file(file, MAX_BYTES, Phrase("what_text_to_check", "the text to check"))


_STYLES = {"ok": "green", "dangling": "red", "title_mismatch": "yellow"}


def _render(checked: tuple[CheckedCitation, ...], lang: str) -> None:
    import sys

    from rich.text import Text

    from ..messages import fill, section
    from .layout import grid
    from .styled import Span, table, target
    from .terminal import NARROW, plain, width

    words, lookup = section(lang, "cite_check"), section(lang, "lookup")
    if not checked:  # an empty table under "0 citations" looked like a failure to read the text
        console().print(words["none_found"])
        return
    rows: list[list[str | Span]] = []
    for c in checked:
        says = _detail(c, words) or c.says
        if c.current:
            says += f"\n2019: {', '.join(c.current)}"
        if c.original is not None and c.original.ref:
            says += "\n" + words["english_original"].format(release=c.original.release, id=c.original.id)
        if c.today is not None:
            says += f"\n{words['today']}: " + _today_words(c, lookup)
        verdict = (words.get("verdict_" + c.status, c.status), _STYLES.get(c.status, "yellow"))
        rows.append([plain(c.surface), str(c.line), ", ".join(c.targets) or "—", verdict, plain(says)])
    title = fill(words["title_one" if len(checked) == 1 else "title_many"], lang, n=len(checked))
    headers = [words[k] for k in ("citation", "line", "rule", "verdict", "says")]
    fast = target(sys.stdout, width())
    if fast is not None and fast.width >= NARROW:  # what rich would print, without its cost per row
        sys.stdout.write(table(headers, rows, title, (1,), fast))
        return
    shown = [[cell if isinstance(cell, str) else Text(cell[0], style=cell[1]) for cell in row] for row in rows]
    grid(console(), headers, shown, title=title, right=(1,))


def _detail(c: CheckedCitation, words: dict[str, str]) -> str:
    """What is wrong with the citation, in the judge's words (the titles quoted as written)."""
    if c.status == "dangling" and c.unresolved:
        return words["dangling_detail"].format(refs=", ".join(c.unresolved), doc=c.doc)
    if c.mismatch is not None:
        from ..citations import say_mismatch

        return say_mismatch(c.surface, c.mismatch, words["mismatch_detail"], words["mismatch_owner"])
    return c.detail


def _today_words(c: CheckedCitation, words: dict[str, str]) -> str:
    """What became of the cited rule's English original, in the words of ``lookup``'s "Today"."""
    today = c.today
    assert today is not None
    if today.status == "removed":
        out = words["removed"].format(release=today.removed_in)
        if today.successor:
            out += words["successor"].format(ref=today.successor)
    else:
        out = f"{', '.join(today.split) or today.ref} ({words.get('today_' + today.status, today.status)})"
    return out + (f": {c.today_says}" if c.today_says else "")
