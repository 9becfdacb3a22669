"""The fast path of the commonest calls, ``izvori-judge lookup REF... [--json]``, ``history REF [--json]`` and
``search WORDS... [--json]``: run without typer and click, which cost a third of a cold start (issue 12: a cold
``lookup D19.51`` within 8× a bare interpreter start; issue 10: a cold ``search razbijac --json`` within 12×).

Only that exact shape is taken: any other option, ``-h``, ``--`` or an empty list goes to the typer app, so the
behaviour (messages, exit statuses) is the typer command's, which calls the same function (:func:`.lookup_view.show`,
:func:`.history_view.show_history`, :func:`.search_view.show_search`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

_FLAGS = {"--json": "json_out"}


def run_fast(argv: list[str]) -> int | None:
    """Run ``argv`` when it is ``lookup REF... [--json]``, ``history REF [--json]`` or ``search WORDS...
    [--json]`` and return its exit status; None otherwise."""
    command = _COMMANDS.get(argv[0]) if argv else None
    words = [a for a in argv[1:] if a not in _FLAGS]
    if command is None or not words or any(a.startswith("-") for a in words):
        return None
    with _no_collector():
        return command(words, "--json" in argv[1:])


@contextmanager
def _no_collector() -> Iterator[None]:
    """The cyclic garbage collector paused while one short command runs: it reads tens of thousands of
    containers whole (the graph's and the index's tables), which the collector's passes would scan again and
    again to free nothing (a twentieth of a cold search); memory without cycles is freed as always."""
    import gc

    paused = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if paused:
            gc.enable()


def _lookup(refs: list[str], json_out: bool) -> int | None:
    from ..lookup import lookup
    from .common import load_graph, progress_bar, reported
    from .lookup_view import show

    with reported():
        graph = load_graph()
        answers = lookup(graph, refs, building=lambda: progress_bar("Building the English rules history (first run)"))
    return show(graph, answers, json_out=json_out)


def _history(refs: list[str], json_out: bool) -> int | None:
    """``history REF [--json]`` (issue 15: a cold ``history 702.19b`` within 12× a bare start)."""
    if len(refs) != 1:
        return None
    from .history_view import show_history

    return show_history(refs[0], json_out=json_out, typographic=False)


def _search(words: list[str], json_out: bool) -> int | None:
    """``search WORDS... [--json]``: the words joined as the typer command joins them."""
    from .search_view import show_search

    return show_search(" ".join(words), json_out=json_out)


_COMMANDS: dict[str, Callable[[list[str], bool], int | None]] = {"lookup": _lookup, "history": _history,
                                                                  "search": _search}
