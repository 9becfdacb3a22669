"""``izvori-judge lookup REF...`` and ``izvori-judge stats``: print rules exactly as the documents say them.

``lookup`` also shows each rule's equivalents in the other documents (curated first, then aligned; issue 5)
and, with ``--side-by-side``, the rule and its best equivalent in every other document next to each other.
Where a document lacks a rule its original has (ru-cr's 31 missing rules, cs-cr after 400.1) it says so.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from . import app
from .common import console, print_json, reported

if TYPE_CHECKING:
    from rich.console import RenderableType

    from ..concordance.missing import Notice
    from ..graph import RuleGraph
    from ..lookup import LookupAnswer
    from ..model import Equivalent, Node, Today

SHOWN_CHILDREN = 6
# Flags that record how a node was read rather than warn a judge; --json still has them.
QUIET_FLAGS = frozenset({"english", "bold", "glossary_term"})


@app.command()
def lookup(
    refs: Annotated[list[str], typer.Argument(help="References: D19.51, sr-judge:A4.40, 101.4, ru-cr:702.19b, D19")],
    json_out: Annotated[bool, typer.Option("--json", help="Print the lookup contract as JSON.")] = False,
    tree: Annotated[bool, typer.Option("--tree", help="Print each rule's whole subtree.")] = False,
    side_by_side: Annotated[bool, typer.Option(
        "--side-by-side", help="Print each rule next to its best equivalent in every other document.")] = False,
) -> None:
    """Print rules by reference: breadcrumb, text, examples, children, citations both ways, equivalents, flags."""
    from .common import load_graph, progress_bar
    from ..lookup import lookup as find

    with reported():
        graph = load_graph()
        answers = find(graph, refs, building=lambda: progress_bar("Building the English rules history (first run)"))
    if json_out:
        _print_lookup_json(answers)
    elif side_by_side:
        _render_side_by_side(graph, answers)
    else:
        _render_lookup(graph, answers, tree)
    if any(not a.nodes for a in answers):
        raise typer.Exit(1)


def _print_lookup_json(answers: tuple[LookupAnswer, ...]) -> None:
    from ..serialize import node_json

    payload = [{"query": a.query, "rules": [node_json(n, a.original_of(n), a.today_of(n)) for n in a.nodes],
                "suggestions": list(a.suggestions), "missing": [_notice_json(n, a) for n in a.missing]}
               for a in answers]
    print_json(payload[0] if len(payload) == 1 else payload)


def _notice_json(notice: Notice, answer: LookupAnswer) -> dict[str, object]:
    """A notice in the lookup contract: which document lacks which rule, why, its equivalents elsewhere, and
    the English rule it lacks (``english``: ref and text, shown in its place as not translated)."""
    english = answer.english.get(notice.english)
    return {"doc": notice.doc, "id": notice.id, "kind": notice.kind, "title": notice.title,
            "message": notice.message, "equivalents": list(notice.equivalents),
            "english": {"ref": notice.english, "text": english.text if english else None, "translated": False}
            if notice.english else None}


def _render_lookup(graph: RuleGraph, answers: tuple[LookupAnswer, ...], tree: bool) -> None:
    out = console()
    for answer in answers:
        if not answer.nodes:
            _print_not_found(answer)
        where = answer.graph or graph
        for node in answer.nodes:
            mine = tuple(n for n in answer.missing if node.ref in n.equivalents)
            out.print(_render_subtree(where, node) if tree else _render_node(where, node, mine, answer))


def _print_not_found(answer: LookupAnswer) -> None:
    from rich.markup import escape
    from rich.panel import Panel
    from rich.text import Text

    out = console()
    for notice in answer.missing:
        out.print(f"[bold yellow]{escape(notice.message)}[/]")
        english = answer.english.get(notice.english)
        if english is not None:  # the English rule in the translation's place, marked as not translated
            out.print(Panel(Text(english.text), title=f"[bold]{escape(english.ref)}[/] [yellow](not translated)[/]",
                            title_align="left"))
    if not answer.missing:
        hint = f" Did you mean: {', '.join(answer.suggestions)}?" if answer.suggestions else ""
        out.print(f"[bold red]No rule {escape(repr(answer.query))}.[/]{escape(hint)}")


def _render_node(graph: RuleGraph, node: Node, notices: tuple[Notice, ...] = (),
                 answer: LookupAnswer | None = None) -> RenderableType:
    from rich.console import Group
    from rich.panel import Panel
    from rich.text import Text

    crumbs = " › ".join(f"{n.id} {n.title}".strip() for n in graph.breadcrumb(node.ref)[:-1])
    parts: list[RenderableType] = [Text(crumbs, style="dim"), Text(node.text)]
    for i, example in enumerate(node.examples, 1):
        parts.append(Text.assemble(("Example" + (f" {i}" if len(node.examples) > 1 else "") + ": ", "italic cyan"),
                                   example))
    parts.extend(_reference_lines(graph, node))
    if answer is not None:
        parts.extend(_original_lines(node, answer))
    parts.extend(Text.assemble(("⚠ ", "bold yellow"), n.message) for n in notices)
    return Panel(Group(*parts), title=f"[bold]{node.ref}[/]", title_align="left",
                 subtitle=f"line {node.line}", subtitle_align="right")


def _reference_lines(graph: RuleGraph, node: Node) -> list[RenderableType]:
    from rich.text import Text

    lines: list[RenderableType] = []
    if node.children:
        shown = [graph.nodes[c].id for c in node.children[:SHOWN_CHILDREN]]
        more = len(node.children) - len(shown)
        lines.append(Text.assemble(("Children: ", "bold"), ", ".join(shown) + (f" … and {more} more" if more else "")))
    for label, refs in (("Cites", node.cites), ("Cited by", node.cited_by)):
        if refs:
            lines.append(Text.assemble((f"{label}: ", "bold"), ", ".join(refs)))
    if node.equivalents:
        lines.append(Text("Equivalents:", style="bold"))
        lines.extend(_equivalent_line(e) for e in node.equivalents)
    for flag in (f for f in node.flags if f.kind not in QUIET_FLAGS):
        lines.append(Text.assemble((f"⚑ {flag.kind}: ", "bold yellow"), flag.detail))
    return lines


def _original_lines(node: Node, answer: LookupAnswer) -> list[RenderableType]:
    """The English original (release, number, text) and what became of it in today's rules."""
    from rich.text import Text

    original, today = node.original, node.today
    if original is None:
        return []
    if not original.ref:
        return [Text.assemble(("English original: ", "bold"), ("none", "yellow"), f" – {original.note}")]
    how = f"{original.status}, {original.score:.2f}" + (f"; {original.note}" if original.note else "")
    lines: list[RenderableType] = [Text.assemble(
        ("English original: ", "bold"), (f"CR {original.release} {original.id}", "bold magenta"), (f" ({how})", "dim"))]
    english = answer.original_of(node)
    words = english.text if english is not None else original.text
    if words:
        lines.append(Text("  " + words, style="magenta"))
    if today is not None:
        lines.append(Text.assemble(("Today: ", "bold"), _today_words(today)))
        current = answer.today_of(node)
        if current is not None and today.status != "unchanged":
            lines.append(Text("  " + current.text, style="magenta"))
    return lines


def _today_words(today: Today) -> str:
    if today.status == "removed":
        successor = f"; nearest successor {today.successor}" if today.successor else ""
        return f"removed in {today.removed_in}{successor}"
    changed = f", words changed in {', '.join(today.changed_in)} (izvori-judge history {today.ref})" if today.changed_in else ""
    return f"{today.ref} ({today.status}{changed})"


def _equivalent_line(equivalent: Equivalent) -> RenderableType:
    from rich.text import Text

    style = "green" if equivalent.source == "curated" else "cyan"
    return Text.assemble("  ≡ ", (equivalent.ref, "bold"), " ",
                         (f"{equivalent.relation}, {equivalent.source} {equivalent.confidence:.2f}", style),
                         (f" – {equivalent.note}" if equivalent.note else "", "dim"))


def _render_side_by_side(graph: RuleGraph, answers: tuple[LookupAnswer, ...]) -> None:
    """One table per rule: a column for the rule, one for its best equivalent in each other document, and
    one for each document that lacks it."""
    from rich.table import Table
    from rich.text import Text

    out = console()
    for answer in answers:
        if not answer.nodes:
            _print_not_found(answer)
        where = answer.graph or graph
        for node in answer.nodes:
            columns = [(f"{node.ref}\nlooked up", _column_text(node))]
            original = node.original
            if original is not None and original.ref:
                english = answer.original_of(node)
                words = _column_text(english) if english is not None else Text(original.text)
                columns.append((f"{original.ref}\nEnglish original ({original.status})", words))
            for equivalent in _best_per_document(node):
                other = where.get(equivalent.ref) or graph.get(equivalent.ref)
                if other is not None:
                    label = f"{equivalent.ref}\n{equivalent.relation}, {equivalent.source} {equivalent.confidence:.2f}"
                    columns.append((label, _column_text(other)))
            columns += [(f"{n.doc}:{n.id}\nnot in {n.doc}", Text(n.message, style="yellow"))
                        for n in answer.missing if node.ref in n.equivalents]
            table = Table(show_lines=True, expand=True)
            for label, _ in columns:
                table.add_column(label, ratio=1, overflow="fold")
            table.add_row(*(text for _, text in columns))
            out.print(table)
            if len(columns) == 1:
                out.print("No equivalent in the other documents.")


def _best_per_document(node: Node) -> list[Equivalent]:
    """The first (best) equivalent in each other document, in the order the equivalents are listed."""
    seen: dict[str, Equivalent] = {}
    for equivalent in node.equivalents:
        seen.setdefault(equivalent.ref.partition(":")[0], equivalent)
    return list(seen.values())


def _column_text(node: Node) -> RenderableType:
    from rich.text import Text

    text = Text(f"{node.title}\n" if node.title and node.title != node.text else "", style="bold")
    text.append(node.text)
    for example in node.examples:
        text.append(f"\n{example}", style="italic dim")
    return text


def _render_subtree(graph: RuleGraph, node: Node) -> RenderableType:
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
    from .common import load_graph
    from ..stats import DocumentStats, document_stats

    with reported():
        rows = document_stats(load_graph())
    if json_out:
        from dataclasses import asdict

        print_json({row.doc: asdict(row) for row in rows})
        return
    from rich.table import Table

    fields = [f for f in DocumentStats.__dataclass_fields__ if f != "doc"]
    table = Table(title="izvori-judge corpus")
    table.add_column("")
    for row in rows:
        table.add_column(row.doc, justify="right")
    for name in fields:
        table.add_row(name.replace("_", " "), *(str(getattr(row, name)) for row in rows))
    console().print(table)
