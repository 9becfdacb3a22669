"""The fast path of the commonest call, ``izvori-judge lookup REF... [--json] [--lang LANG]``: run without typer
and click, which cost a third of a cold start (issue 12: a cold ``lookup D19.51`` within 8× a bare interpreter
start).

Only that exact shape is taken: any other option, a ``--lang`` that is not one of the judge's languages, ``-h``,
``--`` or an empty list goes to the typer app, so the behaviour (messages, exit statuses) is the typer
command's, which calls the same :func:`.lookup_view.show`.
"""

from __future__ import annotations

_FLAGS = {"--json"}


def run_fast(argv: list[str]) -> int | None:
    """Run ``lookup`` when ``argv`` is ``lookup REF... [--json] [--lang LANG]`` (or ``history REF [--json]``)
    and return its exit status; None otherwise."""
    if len(argv) >= 2 and argv[0] == "history":
        return _history(argv[1:])
    if len(argv) < 2 or argv[0] != "lookup":
        return None
    args, lang = _lang(argv[1:])
    refs = [a for a in args if a not in _FLAGS]
    if lang is None or not refs or any(a.startswith("-") for a in refs):
        return None
    from ..lookup import lookup
    from .common import load_graph, progress_bar, reported
    from .lookup_view import show

    with reported():
        graph = load_graph()
        answers = lookup(graph, refs, building=lambda: progress_bar("Building the English rules history (first run)"))
    return show(graph, answers, json_out="--json" in args, lang=lang)


def _lang(args: list[str]) -> tuple[list[str], str | None]:
    """The arguments without ``--lang LANG`` (or ``--lang=LANG``), and the language (``en`` when not given;
    None when it is given more than once, without a value, or not one of the judge's languages)."""
    from .common import JUDGE_LANGS

    rest, langs = [], []
    items = iter(args)
    for arg in items:
        if arg == "--lang":
            langs.append(next(items, ""))
        elif arg.startswith("--lang="):
            langs.append(arg.partition("=")[2])
        else:
            rest.append(arg)
    if len(langs) > 1 or (langs and langs[0] not in JUDGE_LANGS):
        return rest, None
    return rest, langs[0] if langs else "en"


def _history(args: list[str]) -> int | None:
    """``history REF [--json]`` (issue 15: a cold ``history 702.19b`` within 12× a bare start)."""
    refs = [a for a in args if a not in _FLAGS]
    if len(refs) != 1 or refs[0].startswith("-"):
        return None
    from .history_view import show_history

    return show_history(refs[0], json_out="--json" in args, typographic=False)
