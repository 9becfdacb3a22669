"""typer's own complaints about a command line (click's usage errors: an unknown option, a missing argument, an
invalid value, an extra argument, an unknown command) said in the judge's ``--lang``, as the library's errors are
(:func:`.common.reported`): the usage line, the line naming the command's help, and ``error: message``, from
``[LANG.usage]`` of ``corpus/messages.toml``; exit status 2, as click gives.

click builds each complaint from a fixed English sentence and the values it names (``No such option: --nope``).
Each ``[en.usage]`` message is such a sentence with its values as fields; the complaint is matched against them,
the most specific first, and the judge's message is filled in with the values click named, so nothing click says
is lost (which option, which value). A complaint in no listed shape stays English, after the judge's word for
"error". Parsing failed, so the language is read from the command line itself: the last ``--lang`` (``--lang
cs``, ``--lang=CS``), when it names one of the catalogue's languages; else English (``--lang`` has no other
source: no environment variable, and English by default).

The hook is the app's group class, :class:`JudgeGroup` (``typer.Typer(cls=...)``): its ``make_context`` parses the
top-level options, and its ``invoke`` parses the command's (and runs it, so a ``typer.BadParameter`` a command
raises is caught too), both before typer would print the complaint, the same under ``izvori-judge`` as under
typer's ``CliRunner``. A group given no command (``izvori-judge deck``) is answered with its help by typer, as
before. Only the typer path loads this module; the fast path (:mod:`.fast`) never meets a usage error.
"""

from __future__ import annotations

import re
import string
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from functools import cache
from typing import Any

import typer
from typer._click.exceptions import NoArgsIsHelpError, UsageError  # typer >= 0.28 bundles its own click
from typer.core import TyperGroup

from .common import error_console, judge_langs

_ARGV = "izvori_rules.argv"
"""Where the context keeps the command line it was made from (``ctx.meta``, shared by every nested context)."""
_FRAME = ("usage", "try_help")
"""The ``[LANG.usage]`` messages around a complaint, not shapes of one."""


class JudgeGroup(TyperGroup):
    """The ``izvori-judge`` group: typer's, with click's complaints said in the judge's language."""

    def make_context(self, info_name: str | None, args: list[str], parent: Any = None, **extra: Any) -> Any:
        argv = list(args)
        with _in_judges_language(argv):
            ctx = super().make_context(info_name, args, parent, **extra)
        if parent is None:
            ctx.meta[_ARGV] = argv
        return ctx

    def invoke(self, ctx: Any) -> Any:
        with _in_judges_language(ctx.meta.get(_ARGV, ())):
            return super().invoke(ctx)


@contextmanager
def _in_judges_language(argv: Sequence[str]) -> Iterator[None]:
    """A usage error raised inside is printed in the language ``argv`` names, and ends the command with its exit
    status."""
    try:
        yield
    except NoArgsIsHelpError:
        raise
    except UsageError as error:
        say(error, judge_lang_of(argv))
        raise typer.Exit(error.exit_code) from None


def judge_lang_of(argv: Sequence[str]) -> str:
    """The language of the command line's last ``--lang`` (``--lang SR`` is ``sr``), English when it names none
    of the catalogue's languages or there is none."""
    given = ""
    for i, arg in enumerate(argv):
        name, eq, value = arg.partition("=")
        if name == "--lang":
            given = value if eq else (argv[i + 1] if i + 1 < len(argv) else "")
    lang = given.strip().lower()
    return lang if lang in judge_langs() else "en"


def say(error: UsageError, lang: str) -> None:
    """The complaint on standard error: the command's usage line and how to get its help (when click knows the
    command), then ``error: message``, each printed as text (never as markup)."""
    from rich.text import Text

    from ..messages import section

    out = error_console()
    ctx = error.ctx
    if ctx is not None:
        usage = " ".join([ctx.command_path, *ctx.command.collect_usage_pieces(ctx)])
        out.print(Text.assemble((f"{_words(lang, 'usage')}: ", "bold"), usage))
        if ctx.command.get_help_option(ctx) is not None:
            help_command = f"{ctx.command_path} {ctx.help_option_names[0]}"
            out.print(Text(_words(lang, "try_help", command=help_command), style="dim"))
    prefix = section(lang, "errors")["prefix"]
    out.print(Text.assemble((f"{prefix}:", "bold red"), " ", translated(error.format_message(), lang)))


def translated(message: str, lang: str) -> str:
    """click's complaint in ``lang``: the first ``[en.usage]`` shape it has, said by the same key of
    ``[LANG.usage]`` with the values click put in; the complaint itself when it has none of the shapes or the
    judge's message is broken (a judge may edit the file)."""
    for key, shape in _shapes():
        found = shape.fullmatch(message)
        if found is not None:
            return _words(lang, key, fallback=message, **found.groupdict())
    return message


def _words(lang: str, key: str, fallback: str | None = None, **values: str) -> str:
    """One ``[LANG.usage]`` message filled in; the English one (or ``fallback``) when the judge's cannot be."""
    from ..messages import section

    for template in (section(lang, "usage")[key], section("en", "usage")[key]):
        try:
            return template.format(**values)
        except (KeyError, IndexError, ValueError):
            if fallback is not None:
                return fallback
    return key


@cache
def _shapes() -> tuple[tuple[str, re.Pattern[str]], ...]:
    """Each ``[en.usage]`` complaint as a pattern of what click prints, each field any text; the one with the most
    words of its own first, so that ``Invalid value for {param}: use one of {choices}`` is tried before
    ``Invalid value for {param}: {detail}``. A message no pattern can be made of is left out."""
    from ..messages import section

    shapes = []
    for key, template in section("en", "usage").items():
        if key in _FRAME:
            continue
        try:
            parts = list(string.Formatter().parse(template))
            pattern = re.compile("".join(re.escape(literal) + (f"(?P<{field}>.+?)" if field else "")
                                         for literal, field, _, _ in parts), re.S)
        except (ValueError, re.error):
            continue
        shapes.append((sum(len(literal) for literal, _, _, _ in parts), key, pattern))
    return tuple((key, pattern) for _, key, pattern in sorted(shapes, key=lambda shape: -shape[0]))
