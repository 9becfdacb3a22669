"""The typer app of ``izvori-judge``: its options (``--version``, ``-h``, shell completion) and every command
module, which registers its commands on ``app`` when imported (they must stay light to import)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import typer
from typer._click.formatting import HelpFormatter  # typer >= 0.28 bundles its own click
from typer.core import TyperArgument, TyperCommand, TyperGroup

from .usage import JudgeGroup

_typer_metavar = TyperArgument.make_metavar


def _usage_metavar(self: TyperArgument, ctx: typer.Context, *, usage: bool = False) -> str:
    """Typer writes a required argument as ``{FILE}`` in usage lines; the convention of every peer command is
    a bare ``FILE`` (optional ones stay ``[FILE]``)."""
    try:
        var = _typer_metavar(self, ctx, usage=usage)
    except TypeError:  # a typer before 0.2x, whose make_metavar has no usage flag (and no braces either)
        return _typer_metavar(self, ctx)  # type: ignore[call-arg]
    return var[1:-1] if usage and var.startswith("{") and var.endswith("}") else var


TyperArgument.make_metavar = _usage_metavar  # type: ignore[method-assign,assignment]


class _Stacked(HelpFormatter):
    """click's help text with each option's (and command's) help on the lines under its name, indented, as the
    narrow answers stack "key: value" blocks: beside a name a column of 20 letters is left for the help."""

    def write_dl(self, rows: Sequence[tuple[str, str]], col_max: int = 30, col_spacing: int = 2) -> None:
        for first, second in rows:
            self.write(f"{'':>{self.current_indent}}{first}\n")
            if second:
                self.current_indent += 4
                self.write_text(second)
                self.current_indent -= 4


def _plain_when_narrow(cls: type[TyperCommand] | type[TyperGroup]) -> None:
    """Below :data:`~.terminal.NARROW` columns (a phone) help is click's plain text, each option's help wrapped
    under it, as every other answer turns its table into stacked lines: typer's boxes of columns cut the option
    names there (``--install-c…``, ``--side-by…``) and leave a column a word wide for the help."""
    rich_help = cls.format_help

    def format_help(self: Any, ctx: Any, formatter: Any) -> None:
        import shutil

        from .terminal import NARROW, width

        columns = width() or shutil.get_terminal_size().columns
        if columns >= NARROW:
            return rich_help(self, ctx, formatter)
        plain = _Stacked(width=columns - 1)  # click's own width is never under 50 columns
        super(cls, self).format_help(ctx, plain)  # type: ignore[arg-type]
        # Printed here, as typer's rich help is: a group given no command (``deck``) prints no returned help.
        typer.echo(plain.getvalue(), nl=False)

    cls.format_help = format_help  # type: ignore[method-assign]


_plain_when_narrow(TyperCommand)
_plain_when_narrow(TyperGroup)
_typer_commands = TyperGroup.format_commands


def _format_commands(self: TyperGroup, ctx: Any, formatter: Any) -> None:
    """A group's commands, each with its first sentence: stacked under its name (:class:`_Stacked`) it has two
    lines, where typer cuts it to what fits beside the longest name (``lookup  Print rules by...``)."""
    if not isinstance(formatter, _Stacked):
        return _typer_commands(self, ctx, formatter)
    named = ((name, self.get_command(ctx, name)) for name in self.list_commands(ctx))
    rows = [(name, command.get_short_help_str(2 * (formatter.width - 6 - formatter.current_indent)))
            for name, command in named if command is not None and not command.hidden]
    if rows:
        with formatter.section("Commands"):
            formatter.write_dl(rows)


TyperGroup.format_commands = _format_commands  # type: ignore[method-assign]

app = typer.Typer(
    name="izvori-judge",
    help="A judge's rules reference: look up, search and play out the rules of Izvori magije and Magic.",
    epilog="Examples:\n\n  izvori-judge lookup D19.51\n\n  izvori-judge search razbijac\n\n"
           "  izvori-judge scenario run corpus/scenarios/izvori-razbijac-trample-excess.yaml --lang sr\n\n"
           "Every command takes -h for its own help and examples, and --json for scripts.",
    cls=JudgeGroup,  # click's complaints about the command line in the judge's --lang
    no_args_is_help=True,
    add_completion=True,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _show_version(value: bool) -> None:
    if value:
        from .. import __version__

        typer.echo(f"izvori-judge {__version__}")
        raise typer.Exit()


@app.callback()
def _options(
    version: bool = typer.Option(False, "--version", callback=_show_version, is_eager=True,
                                 help="Print the version and exit."),
) -> None:
    """A judge's rules reference: look up, search and play out the rules of Izvori magije and Magic."""

# Command modules register their commands on `app` when imported; they must stay light to import.
from . import lookup as _lookup  # noqa: E402,F401
from . import define as _define  # noqa: E402,F401
from . import search as _search  # noqa: E402,F401
from . import export as _export  # noqa: E402,F401
from . import citecheck as _citecheck  # noqa: E402,F401
from . import deck as _deck  # noqa: E402,F401
from . import scenario as _scenario  # noqa: E402,F401
from . import history as _history  # noqa: E402,F401
