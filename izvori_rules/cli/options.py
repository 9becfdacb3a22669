"""Options several commands share, declared once so that their names and help read the same everywhere."""

from __future__ import annotations

from typing import Annotated

import typer

Markdown = Annotated[bool, typer.Option("--markdown", help="Print Markdown to paste into Discord or Telegram.")]
BaseUrl = Annotated[str | None, typer.Option(
    "--base-url", metavar="URL", help="With --markdown: link rules to the offline rulebook (export html) there.")]
