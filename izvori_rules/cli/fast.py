"""The fast path of the commonest calls, ``izvori-judge lookup REF... [--json]``, ``history REF [--json]`` and
``scenario run FILE [options]``: run without typer and click, which cost a third of a cold start (issue 12: a
cold ``lookup D19.51`` within 8× a bare interpreter start).

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
    if argv[:2] == ["scenario", "run"]:
        return _scenario_run(argv[2:])
    if len(argv) < 2 or argv[0] != "lookup":
        return None
    refs = [a for a in argv[1:] if a not in _FLAGS]
    if not refs or any(a.startswith("-") for a in refs):
        return None
    from ..lookup import lookup
    from .common import load_graph, progress_bar, reported
    from .lookup_view import show

    with reported():
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


_SCENARIO_FLAGS = ("--json", "--equivalents", "--markdown")
_SCENARIO_VALUES = ("--lang", "--base-url")


def _scenario_run(args: list[str]) -> int | None:
    """``scenario run FILE`` with any of its options, each given once (issue 14: a cold ``scenario run`` within
    12× a bare start); a ``--lang`` the typer command would refuse goes there for its message."""
    from .common import JUDGE_LANGS

    files: list[str] = []
    flags: set[str] = set()
    values: dict[str, str] = {}
    rest = iter(args)
    for arg in rest:
        name, eq, value = arg.partition("=")
        if name in _SCENARIO_VALUES and name not in values:
            values[name] = value if eq else next(rest, "-")
        elif arg in _SCENARIO_FLAGS and arg not in flags:
            flags.add(arg)
        elif arg.startswith("-") or files:
            return None
        else:
            files.append(arg)
    lang = values.get("--lang", "en")
    if not files or lang not in JUDGE_LANGS or values.get("--base-url", "").startswith("-"):
        return None
    from pathlib import Path

    from .scenario_view import show_scenario

    return show_scenario(Path(files[0]), "--json" in flags, lang, "--equivalents" in flags, "--markdown" in flags,
                         values.get("--base-url"))
