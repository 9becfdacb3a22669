"""The rendering of ``lookup`` (rules as the documents say them), apart from its typer command so that the fast
path of :mod:`.fast` can run it without importing typer. ``show`` prints the answers and returns the exit status.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .common import console, print_json
from .terminal import narrow

if TYPE_CHECKING:
    from rich.console import Console, RenderableType
    from rich.text import Text

    from ..concordance.missing import Notice
    from ..graph import RuleGraph
    from ..lookup import LookupAnswer
    from ..model import Equivalent, FlagKind, Node, Today

SHOWN_CHILDREN = 6
# Flags that record how a node was read rather than warn a judge; --json still has them.
QUIET_FLAGS: frozenset[FlagKind] = frozenset({"english", "bold", "glossary_term"})


def show(graph: RuleGraph, answers: tuple[LookupAnswer, ...], json_out: bool = False, tree: bool = False,
         side_by_side: bool = False, markdown: bool = False, base_url: str | None = None) -> int:
    """Print the answers in the chosen form; 1 when a reference found nothing, else 0."""
    if json_out:
        from ..serialize import lookup_json

        payload = [lookup_json(a) for a in answers]
        print_json(payload[0] if len(payload) == 1 else payload)
    elif markdown:
        from .markdown import lookup_markdown, write

        write(lookup_markdown(graph, answers, base_url))
    elif side_by_side:
        _render_side_by_side(graph, answers)
    else:
        _render_lookup(graph, answers, tree)
    return 1 if any(not a.nodes for a in answers) else 0


def _render_lookup(graph: RuleGraph, answers: tuple[LookupAnswer, ...], tree: bool) -> None:
    out = console()
    for answer in answers:
        if not answer.nodes:
            _print_not_found(answer)
        where = answer.graph or graph  # one English release is a graph of its own (the history store)
        for node in answer.nodes:
            mine = tuple(n for n in answer.missing if node.ref in n.equivalents)
            if tree:
                out.print(_render_subtree(where, node))
            else:
                _render_node(out, where, node, mine, answer)


def _print_not_found(answer: LookupAnswer) -> None:
    from rich.text import Text

    from .layout import hang

    out = console()
    for notice in answer.missing:
        hang(out, Text(notice.message, style="bold yellow"))
        if notice.english:  # the English rule in the translation's place, marked as not translated (issue 16)
            hang(out, Text.assemble((notice.english, "bold magenta"), (" (not translated)", "yellow")))
    if answer.missing:
        return
    if answer.is_word:
        hang(out, Text.assemble((f"{answer.query!r} is a word, not a rule reference.", "bold"),
                                " Try:" if answer.glossary or answer.concepts else ""))
        from shlex import quote

        for ref in answer.glossary:
            hang(out, Text.assemble("  izvori-judge lookup ", (quote(ref), "bold")), 2, 6)
        if answer.concepts:
            hang(out, Text.assemble("  izvori-judge define ", (quote(answer.query), "bold"),
                                    (f"   ({', '.join(answer.concepts)})", "dim")), 2, 6)
        hang(out, Text.assemble("  izvori-judge search ", (quote(answer.query), "bold")), 2, 6)
        return
    hint = f" Did you mean: {', '.join(answer.suggestions)}?" if answer.suggestions else ""
    hang(out, Text.assemble((f"No rule {answer.query!r}.", "bold red"), hint))


def _source_line(graph: RuleGraph, node: Node) -> str:
    """Where the rule is printed: ``sr-judge.txt, line 2694``."""
    info = graph.docs.get(node.doc)
    return f"{'corpus/' + info.file if info else node.doc}, line {node.line}"


def _render_node(out: Console, graph: RuleGraph, node: Node, notices: tuple[Notice, ...] = (),
                 answer: LookupAnswer | None = None) -> None:
    """A rule in a box (at 60 columns or more) or under a heading line (narrower, where a box costs 4 columns)."""
    from rich.console import Group
    from rich.panel import Panel
    from rich.text import Text

    from ..messages import example_word
    from .terminal import narrow

    crumbs = " › ".join(f"{n.id} {n.title}".strip() for n in graph.breadcrumb(node.ref)[:-1])
    parts: list[RenderableType] = [Text(crumbs, style="dim")] if crumbs else []
    parts.append(Text(node.text))
    word = example_word(node.lang)
    for i, example in enumerate(node.examples, 1):
        parts.append(Text.assemble((word + (f" {i}" if len(node.examples) > 1 else "") + ": ", "italic cyan"),
                                   example))
    if answer is not None:
        parts.extend(_original_lines(node, answer))
    parts.extend(_reference_lines(graph, node, out.width - (0 if narrow(out) else 4)))
    parts.extend(Text.assemble(("⚠ ", "bold yellow"), n.message) for n in notices)
    if narrow(out):
        out.print(Text.assemble((node.ref, "bold reverse"), " ", (_source_line(graph, node), "dim")))
        out.print(Group(*parts))
        out.print()
        return
    out.print(Panel(Group(*parts), title=Text(node.ref, style="bold"), title_align="left",
                    subtitle=Text(_source_line(graph, node)), subtitle_align="right"))


def _reference_lines(graph: RuleGraph, node: Node, width: int) -> list[RenderableType]:
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
        lines.extend(_hanging(_equivalent_line(e), 2, 6, width) for e in node.equivalents)
    for flag in (f for f in node.flags if f.kind not in QUIET_FLAGS):
        lines.append(Text.assemble((f"⚑ {flag.kind}: ", "bold yellow"), flag.detail))
    return lines


def _hanging(text: Text, indent: int, rest: int, width: int) -> Text:
    """``text`` wrapped to ``width`` with a hanging indent, as one Text of several lines."""
    from rich.console import Console

    wrapped = text.wrap(Console(width=max(width, 20)), max(width - rest, 10))
    out = text.__class__("")
    for number, line in enumerate(wrapped):
        line.rstrip()
        out.append(("\n" if number else "") + " " * (rest if number else indent))
        out.append_text(line)
    return out


def _original_lines(node: Node, answer: LookupAnswer) -> list[RenderableType]:
    """The English original (release, number, text) and what became of it in today's rules (issue 16)."""
    from rich.text import Text

    original, today = node.original, node.today
    if original is None:
        return []
    if not original.ref:
        return [Text.assemble(("English original: ", "bold"), ("none", "yellow"), f" – {original.note}")]
    how = original.status + (f"; {original.note}" if original.note else "")
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
    changed = f", words changed in {', '.join(today.changed_in)}" if today.changed_in else ""
    return f"{today.ref} ({today.status}{changed}; izvori-judge history {today.ref})"


# How a judge reads an equivalent's source and relation (the JSON keeps the codes and the confidence).
_SOURCE_WORDS = {"curated": "checked by hand", "aligned": "matched by the text", "original": "same original",
                 "history": "through the English history"}


def _equivalent_line(equivalent: Equivalent) -> Text:
    from rich.text import Text

    style = "green" if equivalent.source == "curated" else "cyan"
    how = f"{equivalent.relation}, {_SOURCE_WORDS.get(equivalent.source, equivalent.source)}"
    note = equivalent.note if equivalent.source == "curated" else ""  # aligned notes are the aligner's scores
    return Text.assemble("≡ ", (equivalent.ref, "bold"), " ", (how, style), (f" – {note}" if note else "", "dim"))


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
            if original is not None and original.ref:  # the English column (issue 16)
                english = answer.original_of(node)
                words = _column_text(english) if english is not None else Text(original.text)
                columns.append((f"{original.ref}\nEnglish original ({original.status})", words))
            for equivalent in _best_per_document(node):
                other = where.get(equivalent.ref) or graph.get(equivalent.ref)
                if other is not None:
                    how = f"{equivalent.relation}, {_SOURCE_WORDS.get(equivalent.source, equivalent.source)}"
                    columns.append((f"{equivalent.ref}\n{how}", _column_text(other)))
            columns += [(f"{n.doc}:{n.id}\nnot in {n.doc}", Text(n.message, style="yellow"))
                        for n in answer.missing if node.ref in n.equivalents]
            if narrow(out):
                for label, text in columns:
                    out.print(Text(label, style="bold reverse"))
                    out.print(text)
                    out.print()
            else:
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
    from ..messages import example_word

    for example in node.examples:
        text.append(f"\n{example_word(node.lang)}: {example}", style="italic dim")
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
