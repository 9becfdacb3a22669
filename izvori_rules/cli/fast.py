"""The fast path of the commonest call, ``izvori-judge lookup REF... [--json]``: run without typer and click,
which cost a third of a cold start (issue 12: a cold ``lookup D19.51`` within 8× a bare interpreter start).

Only that exact shape is taken: any other option, ``-h``, ``--`` or an empty list goes to the typer app, so the
behaviour (messages, exit statuses) is the typer command's, which calls the same :func:`.lookup_view.show`.
"""

from __future__ import annotations

_FLAGS = {"--json": "json_out"}


def run_fast(argv: list[str]) -> int | None:
    """Run ``lookup`` when ``argv`` is ``lookup REF... [--json]`` (or ``history REF [--json]``) and return its
    exit status; None otherwise."""
    if len(argv) >= 2 and argv[0] == "history":
        return _history(argv[1:])
    if len(argv) < 2 or argv[0] != "lookup":
        return None
    refs = [a for a in argv[1:] if a not in _FLAGS]
    if not refs or any(a.startswith("-") for a in refs):
        return None
    from ..lookup import lookup
    from .common import load_graph, progress_bar, reported
    from .lookup_view import show

    with reported():  # show too: a release's nodes are read from its store as they are shown
        graph = load_graph()
        answers = lookup(graph, refs, building=lambda: progress_bar("Building the English rules history (first run)"))
        return show(graph, answers, json_out="--json" in argv[1:])


def _history(args: list[str]) -> int | None:
    """``history REF [--json]`` (issue 15: a cold ``history 702.19b`` within 12× a bare start)."""
    refs = [a for a in args if a not in _FLAGS]
    if len(refs) != 1 or refs[0].startswith("-"):
        return None
    from .history_view import show_history

    return show_history(refs[0], json_out="--json" in args, typographic=False)
