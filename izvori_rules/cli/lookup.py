"""``izvori-judge lookup REF...`` and ``izvori-judge stats``: print rules exactly as the documents say them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from . import app
from .common import console, print_json, reported

if TYPE_CHECKING:
    from ..graph import RuleGraph
    from ..model import Node

SHOWN_CHILDREN = 6


@app.command()
def lookup(
    refs: Annotated[list[str], typer.Argument(help="References: D19.51, sr-judge:A4.40, 101.4, ru-cr:702.19b, D19")],
    json_out: Annotated[bool, typer.Option("--json", help="Print the lookup contract as JSON.")] = False,
    tree: Annotated[bool, typer.Option("--tree", help="Print each rule's whole subtree.")] = False,
) -> None:
    """Print rules by reference: breadcrumb, text, examples, children, citations both ways, flags."""
    from ..errors import ReferenceNotFound
    from ..graph_cache import load_graph

    with reported():
        graph = load_graph()
        results = []
        missing = False
        for ref in refs:
            try:
                results.append((ref, graph.resolve(ref), ()))
            except ReferenceNotFound as exc:
                missing = True
                results.append((ref, (), exc.suggestions))
    if json_out:
        _print_lookup_json(results)
    else:
        _render_lookup(graph, results, tree)
    if missing:
        raise typer.Exit(1)


def _print_lookup_json(results: list[tuple[str, tuple[Node, ...], tuple[str, ...]]]) -> None:
    from ..serialize import node_json

    payload = [{"query": q, "rules": [node_json(n) for n in nodes], "suggestions": list(s)}
               for q, nodes, s in results]
    print_json(payload[0] if len(payload) == 1 else payload)


def _render_lookup(graph: RuleGraph, results: list[tuple[str, tuple[Node, ...], tuple[str, ...]]],
                   tree: bool) -> None:
    out = console()
    for query, nodes, suggestions in results:
        if not nodes:
            hint = f" Did you mean: {', '.join(suggestions)}?" if suggestions else ""
            out.print(f"[bold red]No rule {query!r}.[/]{hint}")
        for node in nodes:
            out.print(_render_subtree(graph, node) if tree else _render_node(graph, node))


def _render_node(graph: RuleGraph, node: Node) -> object:
    from rich.console import Group
    from rich.panel import Panel
    from rich.text import Text

    crumbs = " › ".join(f"{n.id} {n.title}".strip() if n.title and n.ref != node.ref else n.id
                        for n in graph.breadcrumb(node.ref))
    parts: list[object] = [Text(node.text)]
    for i, example in enumerate(node.examples, 1):
        parts.append(Text.assemble(("Example" + (f" {i}" if len(node.examples) > 1 else "") + ": ", "italic cyan"),
                                   example))
    parts.extend(_reference_lines(graph, node))
    return Panel(Group(*parts), title=f"[bold]{node.doc}[/] › {crumbs}", title_align="left",
                 subtitle=f"line {node.line}", subtitle_align="right")


def _reference_lines(graph: RuleGraph, node: Node) -> list[object]:
    from rich.text import Text

    lines: list[object] = []
    if node.children:
        shown = [graph.nodes[c].id for c in node.children[:SHOWN_CHILDREN]]
        more = len(node.children) - len(shown)
        lines.append(Text.assemble(("Children: ", "bold"), ", ".join(shown) + (f" … and {more} more" if more else "")))
    for label, refs in (("Cites", node.cites), ("Cited by", node.cited_by)):
        if refs:
            lines.append(Text.assemble((f"{label}: ", "bold"), ", ".join(refs)))
    if node.equivalents:
        lines.append(Text.assemble(("Equivalents: ", "bold"), ", ".join(
            f"{e.ref} ({e.source} {e.confidence:.2f})" for e in node.equivalents)))
    for flag in node.flags:
        lines.append(Text.assemble((f"⚑ {flag.kind}: ", "bold yellow"), flag.detail))
    return lines


def _render_subtree(graph: RuleGraph, node: Node) -> object:
    from rich.text import Text
    from rich.tree import Tree

    root = Tree(Text.assemble((node.ref, "bold"), " ", node.text))
    branches = {node.ref: root}
    for _, child in list(graph.subtree(node.ref))[1:]:
        parent = branches[child.parent] if child.parent else root
        branches[child.ref] = parent.add(Text.assemble((child.id, "bold"), " ", child.text))
    return root


@app.command()
def stats(
    json_out: Annotated[bool, typer.Option("--json", help="Print the counts as JSON.")] = False,
) -> None:
    """Per document: sections, chapters, rules, subrules, examples, glossary entries, citations."""
    from ..graph_cache import load_graph
    from ..stats import document_stats

    with reported():
        rows = document_stats(load_graph())
    if json_out:
        from dataclasses import asdict

        print_json({row.doc: asdict(row) for row in rows})
        return
    from rich.table import Table

    fields = [f for f in rows[0].__dataclass_fields__ if f != "doc"] if rows else []
    table = Table(title="izvori-judge corpus")
    table.add_column("document")
    for name in fields:
        table.add_column(name.replace("_", " "), justify="right")
    for row in rows:
        table.add_row(row.doc, *(str(getattr(row, f)) for f in fields))
    console().print(table)
