"""``izvori-judge cite-check FILE``: every rule citation in a judge's text, checked against the documents."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from . import app
from .common import console, print_json, reported

if TYPE_CHECKING:
    from rich.text import Text

    from ..citecheck import CheckedCitation


@app.command("cite-check", epilog="Examples:\n\n  izvori-judge cite-check answer.txt\n\n"
                                  "  echo 'Vidi pravilo D19.51 \u201cInterakcija trajnih efekata\u201d' | izvori-judge cite-check -")
def cite_check(
    file: Annotated[str, typer.Argument(metavar="FILE", help="The text to check, or - for standard input.")],
    doc: Annotated[str | None, typer.Option("--doc", metavar="DOC", help="Read the text as part of this document.")] = None,
    json_out: Annotated[bool, typer.Option("--json", help="Print the findings as JSON.")] = False,
) -> None:
    """Report each citation: does it exist, does a quoted title match, what the rule says, its 2019 equivalent.
    Exits 1 when any citation is wrong."""
    from ..citecheck import check_text, has_errors
    from ..errors import QueryError
    from .common import load_graph

    with reported():
        text = _read(file)
        graph = load_graph()
        if doc is not None and doc not in graph.docs:
            raise QueryError(f"unknown document {doc!r}; the documents are {', '.join(graph.docs)}")
        checked = check_text(graph, text, doc)
    if json_out:
        from ..serialize import cite_check_json

        print_json(cite_check_json(file, checked, has_errors(checked)))
    else:
        _render(checked)
    if has_errors(checked):
        raise typer.Exit(1)


def _read(file: str) -> str:
    from ..citecheck import MAX_BYTES
    from ..userfile import read_user_file

    return read_user_file(file, MAX_BYTES, "the text to check")


_VERDICTS = {"ok": ("ok", "green"), "dangling": ("does not exist", "red"),
             "title_mismatch": ("title mismatch", "yellow")}


def _render(checked: tuple[CheckedCitation, ...]) -> None:
    from rich.text import Text  # noqa: F811 - also named for the annotation

    from .layout import grid

    if not checked:  # an empty table under "0 citations" looked like a failure to read the text
        console().print("No rule citations found in the text.")
        return
    rows: list[list[str | Text]] = []
    for c in checked:
        word, style = _VERDICTS.get(c.status, (c.status, "yellow"))
        says = c.detail or c.says
        if c.current:
            says += f"\n2019: {', '.join(c.current)}"
        if c.original is not None and c.original.ref:
            says += f"\nEnglish original: CR {c.original.release} {c.original.id}"
        if c.today is not None:
            says += "\ntoday: " + _today_words(c)
        rows.append([c.surface, str(c.line), ", ".join(c.targets) or "—", Text(word, style=style), says])
    grid(console(), ["citation", "line", "rule", "verdict", "says / current"], rows,
         title=f"{len(checked)} citation{'' if len(checked) == 1 else 's'}", right=(1,))


def _today_words(c: CheckedCitation) -> str:
    today = c.today
    assert today is not None
    if today.status == "removed":
        out = f"removed in {today.removed_in}"
        if today.successor:
            out += f"; nearest successor {today.successor}"
    else:
        out = f"{today.ref} ({today.status})"
    return out + (f": {c.today_says}" if c.today_says else "")
