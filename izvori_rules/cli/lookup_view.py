"""The rendering of ``lookup`` (rules as the documents say them), apart from its typer command so that the fast
path of :mod:`.fast` can run it without importing typer. ``show`` prints the answers and returns the exit status.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..node_words import changed_in, equivalent_how, flag_details, flag_name, removed, today_status
from .common import console, print_json
from .styled import hanging, to_text
from .terminal import NARROW, narrow

if TYPE_CHECKING:

    from rich.console import Console, RenderableType

    from ..concordance.missing import Notice
    from ..graph import RuleGraph
    from ..lookup import LookupAnswer
    from ..model import Equivalent, FlagKind, Node, Today
    from .styled import Para, Target

    Words = dict[str, str]  # the [LANG.lookup] messages (corpus/messages.toml)

SHOWN_CHILDREN = 6
# Flags that record how a node was read rather than warn a judge; --json still has them.
QUIET_FLAGS: frozenset[FlagKind] = frozenset({"english", "bold", "glossary_term"})


def show(graph: RuleGraph, answers: tuple[LookupAnswer, ...], json_out: bool = False, tree: bool = False,
         side_by_side: bool = False, markdown: bool = False, base_url: str | None = None, lang: str = "en") -> int:
    """Print the answers in the chosen form, the tool's own words in the judge's ``lang``; 1 when a reference
    found nothing, else 0."""
    if json_out:
        from ..serialize import lookup_json

        payload = [lookup_json(a) for a in answers]
        print_json(payload[0] if len(payload) == 1 else payload)
        return _status(answers)
    from ..messages import section

    checks = section(lang, "cite_check")  # a title mismatch flag is said as cite-check says it
    words = {**section(lang, "lookup"), "mismatch_detail": checks["mismatch_detail"],
             "mismatch_owner": checks["mismatch_owner"]}
    if markdown:
        from .markdown import lookup_markdown, write

        write(lookup_markdown(graph, answers, base_url, words))
    elif side_by_side:
        _render_side_by_side(graph, answers, words)
    else:
        _render_lookup(graph, answers, tree, words)
    return _status(answers)


def _status(answers: tuple[LookupAnswer, ...]) -> int:
    return 1 if any(not a.nodes for a in answers) else 0


def _render_lookup(graph: RuleGraph, answers: tuple[LookupAnswer, ...], tree: bool, words: Words) -> None:
    """Each answer's rules; a rule's box is drawn by :mod:`.styled` where it prints what rich would (no
    ``rich.console`` to import: issue 12), else by rich."""
    import sys

    from .styled import target
    from .terminal import width

    fast = None if tree else target(sys.stdout, width())
    for answer in answers:
        if not answer.nodes:
            _print_not_found(answer, words)
        where = answer.graph or graph  # one English release is a graph of its own (the history store)
        for node in answer.nodes:
            mine = tuple(n for n in answer.missing if node.ref in n.equivalents)
            if tree:
                console().print(_render_subtree(where, node))
            elif fast is not None:
                _write_node(fast, where, node, words, mine, answer)
            else:
                _render_node(console(), where, node, words, mine, answer)


def _print_not_found(answer: LookupAnswer, words: Words) -> None:
    from rich.text import Text

    from .layout import hang

    out = console()
    for notice in answer.missing:
        hang(out, Text(notice.say(words), style="bold yellow"))
        if notice.english:  # the English rule in the translation's place, marked as not translated (issue 16)
            hang(out, Text.assemble((notice.english, "bold magenta"), (" " + words["not_translated"], "yellow")))
    if answer.missing:
        return
    if answer.is_word:
        hang(out, Text.assemble((words["word"].format(query=repr(answer.query)), "bold"),
                                " " + words["try"] if answer.glossary or answer.concepts else ""))
        from shlex import quote

        for ref in answer.glossary:
            hang(out, Text.assemble("  izvori-judge lookup ", (quote(ref), "bold")), 2, 6)
        if answer.concepts:
            hang(out, Text.assemble("  izvori-judge define ", (quote(answer.query), "bold"),
                                    (f"   ({', '.join(answer.concepts)})", "dim")), 2, 6)
        hang(out, Text.assemble("  izvori-judge search ", (quote(answer.query), "bold")), 2, 6)
        return
    hint = " " + words["did_you_mean"].format(refs=", ".join(answer.suggestions)) if answer.suggestions else ""
    hang(out, Text.assemble((words["no_rule"].format(query=repr(answer.query)), "bold red"), hint))


def _source_line(graph: RuleGraph, node: Node, words: Words) -> str:
    """Where the rule is printed: ``corpus/documents/sr-judge.txt, line 2694``."""
    info = graph.docs.get(node.doc)
    return words["source_line"].format(file="corpus/" + info.file if info else node.doc, line=node.line)


def _node_paragraphs(graph: RuleGraph, node: Node, words: Words, notices: tuple[Notice, ...],
                     answer: LookupAnswer | None, width: int) -> list[Para]:
    """What a rule's box holds, as styled paragraphs: breadcrumb, text, examples in the document's own word,
    the English original and today's rule, references, equivalents (hanging at ``width``), flags, notices."""
    from ..messages import example_word

    crumbs = " › ".join(f"{n.id} {n.title}".strip() for n in graph.breadcrumb(node.ref)[:-1])
    parts: list[Para] = [((crumbs, "dim"),)] if crumbs else []
    parts.append(((node.text, ""),))
    word = example_word(node.lang)
    for i, example in enumerate(node.examples, 1):
        parts.append(((word + (f" {i}" if len(node.examples) > 1 else "") + ": ", "italic cyan"), (example, "")))
    if answer is not None:
        parts.extend(_original_lines(node, answer, words))
    parts.extend(_reference_lines(graph, node, words, width))
    parts.extend((("⚠ ", "bold yellow"), (n.say(words), "")) for n in notices)
    return parts


def _write_node(out: Target, graph: RuleGraph, node: Node, words: Words, notices: tuple[Notice, ...],
                answer: LookupAnswer) -> None:
    """A rule as :func:`_render_node` prints it, written by :mod:`.styled` without rich."""
    import sys

    from .styled import block, panel

    narrow_out = out.width < NARROW
    parts = _node_paragraphs(graph, node, words, notices, answer, out.width - (0 if narrow_out else 4))
    source = _source_line(graph, node, words)
    if narrow_out:
        sys.stdout.write(block([((node.ref, "bold reverse"), (" ", ""), (source, "dim")), *parts, ()], out))
    else:
        sys.stdout.write(panel(parts, ((node.ref, "bold"),), ((source, ""),), out))


def _render_node(out: Console, graph: RuleGraph, node: Node, words: Words, notices: tuple[Notice, ...] = (),
                 answer: LookupAnswer | None = None) -> None:
    """A rule in a box (at 60 columns or more) or under a heading line (narrower, where a box costs 4 columns)."""
    from rich.console import Group
    from rich.panel import Panel
    from rich.text import Text

    parts = [to_text(p) for p in _node_paragraphs(graph, node, words, notices, answer,
                                                  out.width - (0 if narrow(out) else 4))]
    source = _source_line(graph, node, words)
    if narrow(out):
        out.print(Text.assemble((node.ref, "bold reverse"), " ", (source, "dim")))
        out.print(Group(*parts))
        out.print()
        return
    out.print(Panel(Group(*parts), title=Text(node.ref, style="bold"), title_align="left",
                    subtitle=Text(source), subtitle_align="right"))


def _reference_lines(graph: RuleGraph, node: Node, words: Words, width: int) -> list[Para]:
    lines: list[Para] = []
    if node.children:
        shown = [graph.nodes[c].id for c in node.children[:SHOWN_CHILDREN]]
        more = len(node.children) - len(shown)
        lines.append(((f"{words['children']}: ", "bold"),
                      (", ".join(shown) + (" " + words["more"].format(n=more) if more else ""), "")))
    for label, refs in ((words["cites"], node.cites), (words["cited_by"], node.cited_by)):
        if refs:
            lines.append(((f"{label}: ", "bold"), (", ".join(refs), "")))
    if node.equivalents:
        lines.append(((f"{words['equivalents']}:", "bold"),))
        lines.extend(hanging(_equivalent_line(e, words), 2, 6, width) for e in node.equivalents)
    for flag, detail in flag_details(graph, node, words):
        if flag.kind not in QUIET_FLAGS:
            lines.append(((f"⚑ {flag_name(flag, words)}: ", "bold yellow"), (detail, "")))
    return lines


def _original_lines(node: Node, answer: LookupAnswer, words: Words) -> list[Para]:
    """The English original (release, number, text) and what became of it in today's rules (issue 16)."""
    original, today = node.original, node.today
    if original is None:
        return []
    label = (f"{words['original']}: ", "bold")
    if not original.ref:
        return [(label, (words["original_none"], "yellow"), (f" – {original.note}", ""))]
    how = words.get(f"link_{original.status}", original.status) + (f"; {original.note}" if original.note else "")
    lines: list[Para] = [(label, (f"CR {original.release} {original.id}", "bold magenta"), (f" ({how})", "dim"))]
    english = answer.original_of(node)
    text = english.text if english is not None else original.text
    if text:
        lines.append((("  " + text, "magenta"),))
    if today is not None:
        lines.append(((f"{words['today']}: ", "bold"), (_today_words(today, words), "")))
        parts = answer.today_parts(node)
        for current in parts if today.status != "unchanged" or today.split else ():
            named = (f"  {current.ref}: ", "bold magenta") if len(parts) > 1 else ("  ", "")
            lines.append((named, (current.text, "magenta")))
    return lines


def _today_words(today: Today, words: Words) -> str:
    """What became of the original: removed (and its successor), or today's rule, its status and when its words
    changed; a rule split into parts that say it about equally is said to have become several rules."""
    if today.status == "removed":
        return removed(today, words)
    return words["today_split" if today.split else "today_rule"].format(
        ref=today.ref, status=today_status(today, words), changed=changed_in(today, words),
        refs=", ".join(today.split), count=len(today.split))


def _equivalent_line(equivalent: Equivalent, words: Words) -> Para:
    style = "green" if equivalent.source == "curated" else "cyan"
    note = equivalent.note if equivalent.source == "curated" else ""  # aligned notes are the aligner's scores
    return ("≡ ", ""), (equivalent.ref, "bold"), (" ", ""), (equivalent_how(equivalent, words), style), \
        (f" – {note}" if note else "", "dim")


def _render_side_by_side(graph: RuleGraph, answers: tuple[LookupAnswer, ...], words: Words) -> None:
    """One table per rule: a column for the rule, one for its best equivalent in each other document, and
    one for each document that lacks it."""
    from rich.table import Table
    from rich.text import Text

    out = console()
    for answer in answers:
        if not answer.nodes:
            _print_not_found(answer, words)
        where = answer.graph or graph
        for node in answer.nodes:
            columns = [(f"{node.ref}\n{words['looked_up']}", _column_text(node))]
            original = node.original
            if original is not None and original.ref:  # the English column (issue 16)
                english = answer.original_of(node)
                text = _column_text(english) if english is not None else Text(original.text)
                status = words.get(f"link_{original.status}", original.status)
                columns.append((f"{original.ref}\n{words['english_column'].format(status=status)}", text))
            for equivalent in _best_per_document(node):
                other = where.get(equivalent.ref) or graph.get(equivalent.ref)
                if other is not None:
                    columns.append((f"{equivalent.ref}\n{equivalent_how(equivalent, words)}", _column_text(other)))
            columns += [(f"{n.doc}:{n.id}\n{words['not_in'].format(doc=n.doc)}", Text(n.say(words), style="yellow"))
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
                out.print(words["no_equivalent"])


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
