"""The typer app of ``izvori-judge``: its options (``--version``, ``-h``, shell completion) and every command
module, which registers its commands on ``app`` when imported (they must stay light to import)."""

from __future__ import annotations

import typer
from typer.core import TyperArgument

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
