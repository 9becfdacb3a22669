"""What every command shares: the consoles, JSON output, and the one mapping of library errors to exits."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from ..errors import CacheNotice, IzvoriError

if TYPE_CHECKING:
    import warnings

    from rich.console import Console

    from ..graph import RuleGraph


def judge_langs() -> tuple[str, ...]:
    """The values of ``--lang``: the message catalogue's languages (:func:`izvori_rules.messages.languages`, listed
    nowhere else); a catalogue that cannot be read is reported here as any broken corpus file is (exit status 2)."""
    from ..messages import languages

    with reported():
        return languages()


def judge_lang(value: str) -> str:
    """``--lang``: the judge's language, checked; ``SR`` is ``sr`` (the fast path leaves it here)."""
    lang = value.strip().lower()
    if lang not in judge_langs():
        import typer

        raise typer.BadParameter(f"use one of {', '.join(judge_langs())}", param_hint="--lang")
    return lang


def console() -> Console:
    """Standard output, rich (imported on first use): no markup, control characters made visible
    (:mod:`.terminal`)."""
    from .terminal import make_console

    return make_console()


def error_console() -> Console:
    """Standard error, rich, as safe as :func:`console`."""
    from .terminal import make_console

    return make_console(stderr=True)


def print_json(data: Any) -> None:
    """Machine output for ``--json``: UTF-8, not ASCII-escaped, one document on standard output (``\\u``
    escapes when the output's encoding cannot write every character). A lone surrogate (an argument whose
    bytes were not UTF-8: ``lookup $'\\xff'``) is written as its JSON escape, which no encoder refuses."""
    import json
    import re

    from .terminal import encodes_everything

    text = json.dumps(data, ensure_ascii=not encodes_everything(sys.stdout), indent=2)
    sys.stdout.write(re.sub("[\ud800-\udfff]", lambda m: f"\\u{ord(m.group()):04x}", text) + "\n")


@contextmanager
def reported(lang: str = "en") -> Iterator[None]:
    """Run a library call; an :class:`IzvoriError` becomes ``error: message`` on stderr in the judge's ``lang``
    (:func:`izvori_rules.messages.error_text`; the message is printed as text, never as markup) and its exit
    status (``SystemExit``, which typer passes through, so that the fast path needs no typer), and a
    :class:`~izvori_rules.errors.CacheNotice` the library issued becomes one ``note:`` line there."""
    try:
        with cache_notes(lang):
            yield
    except IzvoriError as exc:
        from rich.text import Text

        from ..messages import error_text

        prefix, message = error_text(exc, lang)
        error_console().print(Text.assemble((f"{prefix}:", "bold red"), " ", message))
        raise SystemExit(exc.exit_code) from None


@contextmanager
def cache_notes(lang: str = "en") -> Iterator[None]:
    """Print each :class:`~izvori_rules.errors.CacheNotice` issued inside as one ``note:`` line on standard error,
    in the judge's ``lang`` (``[LANG.labels]`` note, the notice by its key in ``[LANG.errors]``), for work done
    outside :func:`reported` too, such as the optional graph of ``define`` and ``deck check``."""
    import warnings

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", CacheNotice)
        try:
            yield
        finally:
            _print_notices(caught, lang)


def _print_notices(caught: list[warnings.WarningMessage], lang: str) -> None:
    """Each cache notice once, as one line on standard error; any other warning as Python shows it."""
    import warnings

    shown: set[str] = set()
    for warning in caught:
        if not isinstance(warning.message, CacheNotice):
            warnings.showwarning(warning.message, warning.category, warning.filename, warning.lineno)
        elif str(warning.message) not in shown:
            from rich.text import Text

            from ..messages import error_text, text

            shown.add(str(warning.message))
            error_console().print(Text.assemble((f"{text(lang, 'labels', 'note')}:", "dim"), " ",
                                                error_text(warning.message, lang)[1]), soft_wrap=True)


@contextmanager
def progress_bar(what: str, lang: str = "en") -> Iterator[Callable[[int, int], None]]:
    """A rich progress bar on standard error for work over a second, labelled in the judge's ``lang`` by
    ``[LANG.progress]`` ``what`` (``index``: "Building the search index"); yields the ``progress(done, total)``
    callback the library takes (the library itself never prints)."""
    from rich.progress import Progress

    from ..messages import text

    errors = error_console()
    # Not drawn where standard error is no terminal: a transient bar still left an empty line there, before the
    # notes and errors a script reads.
    with Progress(transient=True, console=errors, disable=not errors.is_terminal) as bar:
        task = bar.add_task(text(lang, "progress", what), total=None)
        yield lambda done, total: bar.update(task, completed=done, total=total)


def load_graph(lang: str = "en") -> RuleGraph:
    """The rule graph for a command: from the cache, or parsed (first run) behind a progress bar on stderr, labelled
    in the judge's ``lang``."""
    from ..graph_cache import load_graph as load

    with cache_notes(lang):
        return load(None, lambda: progress_bar("documents", lang))
