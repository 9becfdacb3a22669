"""The ``izvori-judge`` command line: a thin typer app. Each command module parses its arguments, calls one
library function and renders the result; heavy libraries (whoosh, lxml, yaml, the engine) are imported
inside command bodies so that ``lookup`` starts fast. Library errors become a message and an exit status in
one place, :func:`izvori_rules.cli.common.reported`.
"""

from __future__ import annotations

import typer

app = typer.Typer(
    name="izvori-judge",
    help="A judge's rules reference: look up, search and play out the rules of Izvori magije and Magic.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

# Command modules register their commands on `app` when imported; they must stay light to import.
from . import lookup as _lookup  # noqa: E402,F401
from . import define as _define  # noqa: E402,F401
from . import search as _search  # noqa: E402,F401
from . import export as _export  # noqa: E402,F401
from . import citecheck as _citecheck  # noqa: E402,F401
from . import deck as _deck  # noqa: E402,F401
from . import scenario as _scenario  # noqa: E402,F401
from . import history as _history  # noqa: E402,F401


def main() -> None:
    """Console entry point."""
    app()
