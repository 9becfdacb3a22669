"""The fast path of the commonest calls, ``izvori-judge lookup REF... [--json] [--lang LANG]``, ``history REF
[--json] [--lang LANG]``, ``search WORDS... [--json] [--lang LANG]`` and ``scenario run FILE [options]``: run
without typer and click, which cost a third of a cold start (issue 12: a cold ``lookup D19.51`` within 8× a bare
interpreter start; issue 10: a cold ``search razbijac --json`` within 12×; issue 14: a cold ``scenario run`` within 12×).

Only those exact shapes are taken: an option the shape does not name, an option given twice or without its
value, a ``--lang`` that is not one of the judge's languages, a ``--base-url`` no Markdown link can hold (or without
``--markdown``), ``--markdown`` with ``--json``, ``-h``,
``--`` or no words go to the typer app, so the behaviour (messages, exit statuses) is the typer command's, which
calls the same function
(:func:`.lookup_view.show`, :func:`.history_view.show_history`, :func:`.search_view.show_search`,
:func:`.scenario_view.show_scenario`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

_Options = dict[str, str]
"""The options given, each by its name (``--json``); a flag's value is empty."""


def run_fast(argv: list[str]) -> int | None:
    """Run ``argv`` when it has one of the shapes in :data:`_COMMANDS` and return its exit status; None
    otherwise."""
    shape = _COMMANDS.get(argv[0]) if argv else None
    if shape is None:
        return None
    command, flags, values, count = shape
    parsed = _parse(argv[1:], flags, values)
    if parsed is None or not count(len(parsed[0])):
        return None
    words, options = parsed
    if "--lang" in options and options["--lang"] not in _judge_langs():
        return None
    if "--base-url" in options and ("--markdown" not in options or not _usable_base_url(options["--base-url"])):
        return None
    if "--markdown" in options and "--json" in options:  # two answers: the typer command refuses it
        return None
    with _no_collector():
        return command(words, options)


def _parse(args: list[str], flags: tuple[str, ...], values: tuple[str, ...]) -> tuple[list[str], _Options] | None:
    """The words and the options of ``args`` (``--name VALUE`` or ``--name=VALUE`` for ``values``); None when an
    option is not one of the shape's, is given twice or lacks its value."""
    words: list[str] = []
    options: _Options = {}
    rest = iter(args)
    for arg in rest:
        name, eq, value = arg.partition("=")
        if name in values and name not in options:
            given = value if eq else next(rest, None)
            if given is None:
                return None
            options[name] = given
        elif arg in flags and arg not in options:
            options[arg] = ""
        elif arg.startswith("-"):
            return None
        else:
            words.append(arg)
    return words, options


def _judge_langs() -> frozenset[str]:
    from .common import judge_langs

    return frozenset(judge_langs())


def _usable_base_url(url: str) -> bool:
    from .markdown import usable_base_url

    return usable_base_url(url)


@contextmanager
def _no_collector() -> Iterator[None]:
    """The cyclic garbage collector paused while one short command runs: it reads tens of thousands of
    containers whole (the graph's and the index's tables), which the collector's passes would scan again and
    again to free nothing (a twentieth of a cold search); memory without cycles is freed as always. What the
    command made is frozen before the collector is enabled again: the process ends with the command, and the
    first allocation after would otherwise start a full pass over every object the imports made (a twentieth of
    a cold ``scenario run``, issue 14)."""
    import gc

    paused = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if paused:
            gc.freeze()
            gc.enable()


def _lookup(refs: list[str], options: _Options) -> int | None:
    from ..lookup import lookup
    from .common import load_graph, progress_bar, reported
    from .lookup_view import show

    lang = options.get("--lang", "en")
    with reported(lang):  # show too: a release's nodes are read from its store as they are shown
        graph = load_graph(lang)
        answers = lookup(graph, refs, building=lambda: progress_bar("history", lang))
        return show(graph, answers, json_out="--json" in options, lang=lang)


def _history(refs: list[str], options: _Options) -> int | None:
    """``history REF [--json] [--lang LANG]`` (issue 15: a cold ``history 702.19b`` within 12× a bare start)."""
    from .history_view import show_history

    return show_history(refs[0], json_out="--json" in options, typographic=False, lang=options.get("--lang", "en"))


def _search(words: list[str], options: _Options) -> int | None:
    """``search WORDS... [--json] [--lang LANG]``: the words joined as the typer command joins them."""
    from .search_view import show_search

    return show_search(" ".join(words), json_out="--json" in options, judge=options.get("--lang", "en"))


def _scenario(words: list[str], options: _Options) -> int | None:
    """``scenario run FILE`` with any of its options; ``scenario check`` and the rest go to the typer app."""
    if words[0] != "run":
        return None
    from pathlib import Path

    from .scenario_view import show_scenario

    return show_scenario(Path(words[1]), "--json" in options, options.get("--lang", "en"), "--equivalents" in options,
                         "--markdown" in options, options.get("--base-url"))


def _one(count: int) -> bool:
    return count == 1


def _some(count: int) -> bool:
    return count >= 1


def _two(count: int) -> bool:
    return count == 2


_COMMANDS: dict[str, tuple[Callable[[list[str], _Options], int | None], tuple[str, ...], tuple[str, ...],
                           Callable[[int], bool]]] = {
    # command: (its body, its flags, its options with a value, how many words it takes)
    "lookup": (_lookup, ("--json",), ("--lang",), _some),
    "history": (_history, ("--json",), ("--lang",), _one),
    "search": (_search, ("--json",), ("--lang",), _some),
    "scenario": (_scenario, ("--json", "--equivalents", "--markdown"), ("--lang", "--base-url"), _two),
}
