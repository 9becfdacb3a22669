"""``izvori-judge deck check FILE``: is a registered deck list legal under a ruleset and format?

Exit status: 0 legal, 1 illegal, 2 an unreadable file, lines read as neither cards nor headings (the report is
printed, and an error names the file and the lines), or an unknown ruleset or format. The deck modules are
imported inside the command, so registering it costs ``lookup`` nothing. The words around the deck list come from
``corpus/messages.toml`` (``[LANG.deck]``) in the judge's ``--lang``.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, NoReturn

import typer

from . import app
from .common import console, error_console, judge_lang, print_json, reported
from .options import Lang

if TYPE_CHECKING:
    from collections.abc import Callable

    from ..deck.legality import DeckReport

UNREAD_SHOWN = 10  # line numbers named in the error; a long file of prose would make one endless line

deck_app = typer.Typer(help="Deck registration checks.", no_args_is_help=True)
app.add_typer(deck_app, name="deck")


@deck_app.command("check", epilog="Examples:\n\n  izvori-judge deck check deck.txt\n\n"
                                  "  izvori-judge deck check deck.txt --ruleset mtg --format limited")
def check(
    file: Annotated[Path, typer.Argument(
        metavar="FILE", help="The deck list: one 'N name' per line, section headings allowed.")],
    ruleset: Annotated[str, typer.Option(metavar="RULESET", help="izvori (sr-judge) or mtg (ru-cr).")] = "izvori",
    format_: Annotated[str, typer.Option("--format", metavar="FORMAT", help="constructed or limited; izvori also has competitive "
                                                          "(the 60-card minimum of sr-judge A1.20).")] = "constructed",
    json_out: Annotated[bool, typer.Option("--json", help="Print the report as JSON.")] = False,
    lang: Lang = "en",
) -> None:
    """Check a deck list: card counts per section, each broken rule with the rules that forbid it."""
    from ..deck.decklist import read_decklist
    from ..deck.legality import check_deck, with_equivalents
    from ..deck.rules import load_deck_rules
    from ..messages import section

    lang = judge_lang(lang)
    words = section(lang, "deck")
    with reported(lang):
        rules = load_deck_rules()
        fmt = rules.format(ruleset, format_)
        report = check_deck(read_decklist(file, rules.heading_kind), fmt, rules.basic_land)
    lookup = equivalents_lookup(words["no_equivalents"])
    if lookup is not None:
        report = with_equivalents(report, lookup)
    if json_out:
        from ..serialize import deck_json

        print_json(deck_json(str(file), report))
    else:
        _render(str(file), words.get(f"title_{fmt.ruleset}_{fmt.format}", fmt.format), report, words)
    if report.unreadable:
        _unread_error(str(file), report, words, section(lang, "errors")["prefix"])
    if not report.legal:
        raise typer.Exit(1)


def _unread_error(file: str, report: DeckReport, words: dict[str, str], prefix: str) -> NoReturn:
    """Lines read as neither cards nor headings are bad input (exit status 2): the deck cannot be called legal
    while what they hold is unknown. The error names the file and the first lines; the report lists them all."""
    from rich.text import Text

    lines = [str(u.line) for u in report.unreadable]
    shown = ", ".join(lines[:UNREAD_SHOWN]) + (", …" if len(lines) > UNREAD_SHOWN else "")
    error_console().print(Text.assemble((f"{prefix}:", "bold red"), " ",
                                        words["unread_error"].format(file=file, lines=shown)))
    raise typer.Exit(2)


def equivalents_lookup(note: str) -> Callable[[str], tuple[str, ...]] | None:
    """The concordance's equivalents of a reference, from the rule graph; None (with the ``note``, its
    ``{reason}`` filled in, on standard error) when the graph cannot be built, so that a deck check never
    depends on it."""
    from ..errors import IzvoriError
    from .common import load_graph

    try:
        graph = load_graph()
    except IzvoriError as exc:
        from rich.text import Text

        error_console().print(Text(note.format(reason=exc), style="dim"))
        return None

    def lookup(ref: str) -> tuple[str, ...]:
        node = graph.get(ref)
        return tuple(e.ref for e in node.equivalents) if node else ()

    return lookup


def _render(file: str, title: str, report: DeckReport, words: dict[str, str]) -> None:
    """The verdict, the counts, and each violation with the rules of the ruleset's own document (the first
    reference's; the equivalents in other documents are in ``--json``)."""
    from rich.text import Text

    from ..deck.decklist import MAIN, SIDEBOARD
    from ..deck.legality import say
    from .layout import hang

    out = console()
    verdict = ((words["legal"], "bold green") if report.legal else
               (words["unchecked"], "bold yellow") if not report.violations else (words["illegal"], "bold red"))
    hang(out, Text.assemble(f"{file}: ", verdict, words["under"].format(ruleset=report.ruleset, format=report.format,
                                                                        title=title)))
    for section, count in report.counts:  # the list's own headings as printed; main and SB: in the judge's words
        out.print(Text(f"  {words.get(f'section_{section}', section) if section in (MAIN, SIDEBOARD) else section}: "
                       f"{count}"))
    sideboard = words["sideboard"].format(n=report.sideboard) if report.sideboard else ""
    out.print(Text("  " + words["total"].format(n=report.total) + sideboard))
    for v in report.violations:
        where = words["line"].format(line=v.line) if v.line is not None else ""
        hang(out, Text.assemble(("✗ ", "red"), say(v.phrases, words), where), 0, 2)
        own = v.refs[0].partition(":")[0] + ":" if v.refs else ""
        shown = [r for r in v.refs if r.startswith(own) and ":glossary:" not in r] or list(v.refs[:1])
        more = len(v.refs) - len(shown)
        hang(out, Text(f"{v.rule}: {', '.join(shown)}" + (words["more"].format(n=more) if more else ""),
                       style="dim"), 4, 6)
    if report.unreadable:
        out.print(Text(words["unreadable"].format(n=len(report.unreadable)), style="yellow"))
        for u in report.unreadable:
            hang(out, Text(f"  {u.line}: {u.text}"), 0, 6)
