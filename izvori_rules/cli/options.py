"""Options several commands share, declared once so that their names and help read the same everywhere."""

from __future__ import annotations

from typing import Annotated

import typer

from .common import judge_langs

Lang = Annotated[str, typer.Option("--lang", metavar="LANG", help=(
    f"The judge's language for labels, narration and errors: {', '.join(judge_langs())} (everywhere --lang means "
    "this; the rules themselves are always printed as their documents say them)."))]
Markdown = Annotated[bool, typer.Option("--markdown", help="Print Markdown to paste into Discord or Telegram.")]


def _base_url(value: str | None) -> str | None:
    """``--base-url``, checked: an address a Markdown link can hold (:func:`.markdown.usable_base_url`)."""
    from .markdown import usable_base_url

    if value is not None and not usable_base_url(value):
        raise typer.BadParameter("give the rulebook's address, like https://rules.example/ (http, https or file; "
                                 "no spaces, brackets or quotes)")
    return value


BaseUrl = Annotated[str | None, typer.Option(
    "--base-url", metavar="URL", callback=_base_url,
    help="With --markdown: link rules to the offline rulebook (export html) there.")]


def check_markdown(json_out: bool, markdown: bool, base_url: str | None) -> None:
    """``--json`` and ``--markdown`` are two answers of one command, and ``--base-url`` links the rules of a
    Markdown answer (its help says "With --markdown"): both answers asked for at once, or ``--base-url`` alone,
    would change nothing the judge can see (``--json`` won), so either is refused (exit status 2), not ignored."""
    if json_out and markdown:
        raise typer.BadParameter("--json and --markdown are two answers: give one of them", param_hint="--markdown")
    if base_url is not None and not markdown:
        raise typer.BadParameter("it links the rules of a Markdown answer: add --markdown, or leave --base-url out",
                                 param_hint="--base-url")
