"""``izvori-judge cite-check FILE``: every rule citation in a judge's text, checked against the documents."""

from __future__ import annotations

from dataclasses import asdict
from typing import TYPE_CHECKING, Annotated

import typer

from . import app
from .common import console, print_json, reported

if TYPE_CHECKING:
    from ..citecheck import CheckedCitation


@app.command("cite-check")
def cite_check(
    file: Annotated[str, typer.Argument(help="The text to check, or - for standard input.")],
    doc: Annotated[str | None, typer.Option("--doc", help="Read the text as part of this document.")] = None,
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
        print_json({"file": file, "citations": [asdict(c) for c in checked], "errors": has_errors(checked)})
    else:
        _render(checked)
    if has_errors(checked):
        raise typer.Exit(1)


def _read(file: str) -> str:
    from ..citecheck import MAX_BYTES
    from ..userfile import read_user_file

    return read_user_file(file, MAX_BYTES, "the text to check")


def _render(checked: tuple[CheckedCitation, ...]) -> None:
    from rich.table import Table

    table = Table(title=f"{len(checked)} citations")
    for column in ("line", "citation", "rule", "verdict", "says / current"):
        table.add_column(column)
    for c in checked:
        verdict = {"ok": "[green]ok[/]", "dangling": "[red]does not exist[/]",
                   "title_mismatch": "[yellow]title mismatch[/]"}[c.status]
        says = c.detail or c.says
        if c.current:
            says += f"\n2019: {', '.join(c.current)}"
        table.add_row(str(c.line), c.surface, ", ".join(c.targets) or "—", verdict, says)
    console().print(table)
