"""``izvori-judge scenario run FILE``, ``scenario check DIR`` and ``combat``: the engine's answers.

Each command calls one engine function and renders its result; the engine (and yaml) are imported inside the
command bodies so that starting the CLI stays fast (``scenario run``'s body is :mod:`.scenario_view`, which the
fast path shares). ``scenario run`` answers first (life totals, what died, the
expectations), then narrates the steps with the rules of the scenario's own ruleset (the other documents'
equivalents with ``--equivalents``). Words come from ``corpus/messages.toml`` in the judge's ``--lang``.
Exit statuses are the scenario's: 0 passed, 1 an expectation failed, 2 invalid file, 3 a missing choice or
something not modelled, 4 an illegal action.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from . import app
from .common import console, judge_lang, print_json, reported
from .options import BaseUrl, Lang, Markdown, check_markdown
from .terminal import plain

FORMAT_HELP = ("The file format (YAML, version 1) is described in the README, section \"The rules engine and "
               "scenarios\"; corpus/scenarios/ holds 125 examples.")
scenario_app = typer.Typer(name="scenario", help="Play \"what happens if\" scenarios by the rules.",
                           no_args_is_help=True, context_settings={"help_option_names": ["-h", "--help"]})
app.add_typer(scenario_app, name="scenario")


@scenario_app.command("run", epilog=f"{FORMAT_HELP}\n\nExamples:\n\n  izvori-judge scenario run "
                      "corpus/scenarios/izvori-razbijac-trample-excess.yaml --lang sr\n\n"
                      "  izvori-judge scenario run my-question.yaml --markdown --base-url https://rules.example/")
def run(
    file: Annotated[Path, typer.Argument(metavar="FILE", help="A scenario file (YAML, format version 1).")],
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    lang: Lang = "en",
    equivalents: Annotated[bool, typer.Option(
        "--equivalents", help="Show, under each step, the equivalent rules in the other documents.")] = False,
    markdown: Markdown = False,
    base_url: BaseUrl = None,
) -> None:
    """Play a scenario and answer first: life totals, what died, the expectations; then each step with its rules.

    FILE is a YAML scenario (see below for where the format is described)."""
    from .scenario_view import show_scenario

    check_markdown(as_json, markdown, base_url)
    raise typer.Exit(show_scenario(file, as_json, judge_lang(lang), equivalents, markdown, base_url))


@scenario_app.command("check", epilog="Examples:\n\n  izvori-judge scenario check corpus/scenarios/\n\n"
                                     "  izvori-judge scenario check corpus/scenarios/ --lang sr")
def check(
    directory: Annotated[Path, typer.Argument(metavar="DIR", help="A folder of scenario files.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON array.")] = False,
    lang: Lang = "en",
) -> None:
    """Run every scenario in a folder and print a table; exits with the worst status."""
    from ..engine.runner import run_scenario
    from ..errors import IzvoriError
    from ..messages import error_text, labels
    from ..serialize import scenario_row_json

    lang = judge_lang(lang)
    words = labels(lang)
    shown = plain(str(directory))  # control characters made visible in the message itself, whoever prints it
    if not directory.is_dir():  # said in the judge's language by .usage ([LANG.usage] scenario_not_folder)
        raise typer.BadParameter(f"{shown} is not a folder", param_hint="DIR")
    paths = sorted([*directory.glob("*.yaml"), *directory.glob("*.yml")])
    if not paths:  # else "0/0 passed" and status 0: a script would take a mistyped folder for a passing one
        raise typer.BadParameter(f"{shown} holds no scenario files (*.yaml, *.yml)", param_hint="DIR")
    rows: list[dict[str, Any]] = []
    # a file's mistake or a failed check in the judge's language where the table says it (the JSON's is English);
    # the engine's reason (status 3 or 4) in the judge's language in both, as scenario run --json says it
    said: dict[str, str] = {}
    for path in paths:
        try:
            result = run_scenario(path, lang)
            rows.append(scenario_row_json(path.name, result))
            failed = [outcome.check for outcome in result.expectations if not outcome.passed]
            if failed and not (result.rejected and result.exit_status):  # else the engine's reason, as it says it
                said[path.name] = words["check_failed"].format(checks=", ".join(failed))
        except IzvoriError as exc:  # one bad file is a row of the table, not the end of it
            rows.append({"file": path.name, "status": exc.exit_code, "reason": str(exc), "checks": ""})
            said[path.name] = error_text(exc, lang)[1]
    if as_json:
        print_json(rows)
    else:
        _render_table(rows, said, words)
    raise typer.Exit(max((int(r["status"]) for r in rows), default=0))


@app.command("combat", epilog="Examples:\n\n  izvori-judge combat --attacker \"60/60 Razbijač\" --blockers \"20/20\"\n\n"
                              "  izvori-judge combat --ruleset mtg --attacker \"3/3 пробивной удар\" --blockers "
                              "\"2/2 red\" \"1/1\"")
def combat(
    blockers_more: Annotated[list[str] | None, typer.Argument(
        metavar="[BLOCKER]...", help="More blockers after --blockers, without repeating it.", show_default=False)]
    = None,
    ruleset: Annotated[str, typer.Option("--ruleset", metavar="RULESET", help="izvori (sr-judge) or mtg (ru-cr).")]
    = "izvori",
    attacker: Annotated[str, typer.Option("--attacker", metavar="\"P/T KEYWORD...\"", help=(
        "The attacker: power/toughness, then keywords in any document's words (trample, Razbijač, пробивной "
        "удар) and colours (red, crvena)."))] = "",
    blockers: Annotated[list[str] | None, typer.Option("--blockers", metavar="\"P/T KEYWORD...\"", help=(
        "Each blocker, like the attacker; several may follow one --blockers."))] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    lang: Lang = "en",
) -> None:
    """One combat, answered in one line: who assigns what, who dies, what the defending player takes."""
    lang = judge_lang(lang)
    if not attacker:
        raise typer.BadParameter("give the attacker, like --attacker \"3/3 trample\"", param_hint="--attacker")
    with reported(lang):
        from ..engine.errors import EngineRefusal
        from ..engine.quick import quick_combat, refused

        try:
            answer = quick_combat(ruleset, attacker, [*(blockers or []), *(blockers_more or [])], lang)
        except EngineRefusal as exc:  # --json answers it as one refused in play; the terminal says error: ...
            if not as_json:
                raise
            answer = refused(ruleset, exc)
    if as_json:
        from ..serialize import combat_json

        print_json(combat_json(answer))
    else:
        console().print(answer.line)
    raise typer.Exit(answer.exit_status)


def _render_table(rows: list[dict[str, Any]], said: dict[str, str], words: dict[str, str]) -> None:
    """The rows with the judge's ``words`` (``[LANG.labels]``): the columns, the reasons (``said`` where the
    judge's language has them) and the count passed."""
    from rich.text import Text

    from .layout import grid

    out = console()
    cells = [[row["file"], Text(str(row["status"]), style="green" if row["status"] == 0 else "red"), row["checks"],
              said.get(row["file"], row["reason"])] for row in rows]
    grid(out, [words[f"check_{column}"] for column in ("file", "status", "checks", "reason")], cells, right=(1,))
    out.print(words["check_passed"].format(passed=sum(r["status"] == 0 for r in rows), total=len(rows)))
