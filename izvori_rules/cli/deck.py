"""``izvori-judge deck check FILE``: is a registered deck list legal under a ruleset and format?

Exit status: 0 legal, 1 illegal, 2 an unreadable file or an unknown ruleset or format. The deck modules are
imported inside the command, so registering it costs ``lookup`` nothing.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from . import app
from .common import console, error_console, print_json, reported

if TYPE_CHECKING:
    from collections.abc import Callable

    from ..deck.legality import DeckReport

deck_app = typer.Typer(help="Deck registration checks.", no_args_is_help=True)
app.add_typer(deck_app, name="deck")


@deck_app.command("check")
def check(
    file: Annotated[Path, typer.Argument(help="The deck list: one 'N name' per line, section headings allowed.")],
    ruleset: Annotated[str, typer.Option(help="izvori (sr-judge) or mtg (ru-cr).")] = "izvori",
    format_: Annotated[str, typer.Option("--format", help="constructed or limited; izvori also has competitive "
                                                          "(the 60-card minimum of sr-judge A1.20).")] = "constructed",
    json_out: Annotated[bool, typer.Option("--json", help="Print the report as JSON.")] = False,
) -> None:
    """Check a deck list: card counts per section, each broken rule with the rules that forbid it."""
    from ..deck.decklist import read_decklist
    from ..deck.legality import check_deck, with_equivalents
    from ..deck.rules import load_deck_rules

    with reported():
        rules = load_deck_rules()
        fmt = rules.format(ruleset, format_)
        report = check_deck(read_decklist(file, rules.heading_kind), fmt, rules.basic_land)
    lookup = equivalents_lookup()
    if lookup is not None:
        report = with_equivalents(report, lookup)
    if json_out:
        print_json(report_json(str(file), report))
    else:
        _render(str(file), fmt.title, report)
    if not report.legal:
        raise typer.Exit(1)


def equivalents_lookup() -> Callable[[str], tuple[str, ...]] | None:
    """The concordance's equivalents of a reference, from the rule graph; None (with a note on standard
    error) when the graph cannot be built, so that a deck check never depends on it."""
    from ..errors import IzvoriError
    from .common import load_graph

    try:
        graph = load_graph()
    except IzvoriError as exc:
        error_console().print(f"[dim]note: equivalents in other documents unavailable ({exc})[/]", markup=True,
                              highlight=False)
        return None

    def lookup(ref: str) -> tuple[str, ...]:
        node = graph.get(ref)
        return tuple(e.ref for e in node.equivalents) if node else ()

    return lookup


def report_json(file: str, report: DeckReport) -> dict[str, Any]:
    """The ``--json`` contract of issue 4."""
    violations = []
    for v in report.violations:
        item: dict[str, Any] = {"rule": v.rule, "refs": list(v.refs), "message": v.message}
        if v.card is not None:
            item["card"] = v.card
        if v.line is not None:
            item["line"] = v.line
        violations.append(item)
    return {
        "file": file, "ruleset": report.ruleset, "format": report.format, "legal": report.legal,
        "counts": dict(report.counts), "total": report.total, "violations": violations,
        "unreadable": [{"line": u.line, "text": u.text} for u in report.unreadable],
    }


def _render(file: str, title: str, report: DeckReport) -> None:
    from rich.markup import escape

    out = console()
    out.soft_wrap = True  # long paths and reference lists stay on one line, as a judge copies them
    verdict = "[bold green]legal[/]" if report.legal else "[bold red]illegal[/]"
    out.print(f"{escape(file)}: {verdict} under {report.ruleset} {report.format} ({escape(title)})")
    for section, count in report.counts:
        out.print(f"  {escape(section)}: {count}")
    out.print(f"  deck total: {report.total}" + (f", sideboard: {report.sideboard}" if report.sideboard else ""))
    for v in report.violations:
        where = f" (line {v.line})" if v.line is not None else ""
        out.print(f"[red]✗[/] {escape(v.message)}{where}")
        out.print(f"    [dim]{v.rule}: {escape(', '.join(v.refs))}[/]")
    if report.unreadable:
        out.print(f"[yellow]{len(report.unreadable)} line(s) not read as cards or headings:[/]")
        for u in report.unreadable:
            out.print(f"  {u.line}: {escape(u.text)}")
