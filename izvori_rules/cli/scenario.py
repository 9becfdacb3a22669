"""``izvori-judge scenario run FILE``, ``scenario check DIR`` and ``combat``: the engine's answers.

Each command calls one engine function and renders its result; the engine (and yaml) are imported inside the
command bodies so that starting the CLI stays fast. ``scenario run`` answers first (life totals, what died, the
expectations), then narrates the steps with the rules of the scenario's own ruleset (the other documents'
equivalents with ``--equivalents``). Words come from ``corpus/messages.toml`` in the judge's ``--lang``.
Exit statuses are the scenario's: 0 passed, 1 an expectation failed, 2 invalid file, 3 a missing choice or
something not modelled, 4 an illegal action.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from . import app
from .common import LANG_HELP, console, judge_lang, print_json, reported
from .options import BaseUrl, Markdown

if TYPE_CHECKING:
    from rich.console import Console

    from ..engine.result import FinalState, PermanentState, ScenarioResult

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
    lang: Annotated[str, typer.Option("--lang", metavar="LANG", help=LANG_HELP)] = "en",
    equivalents: Annotated[bool, typer.Option(
        "--equivalents", help="Show, under each step, the equivalent rules in the other documents.")] = False,
    markdown: Markdown = False,
    base_url: BaseUrl = None,
) -> None:
    """Play a scenario and answer first: life totals, what died, the expectations; then each step with its rules.

    FILE is a YAML scenario (see below for where the format is described)."""
    lang = judge_lang(lang)
    with reported():
        from ..engine.runner import run_scenario

        result = run_scenario(file, lang=lang)
        also = _equivalents(result) if equivalents or as_json else {}
    if as_json:
        data = result.to_json()
        if also:
            for step in data["steps"]:
                step["equivalents"] = sorted({e for r in step["rules"] for e in also.get(r, ())})
        print_json(data)
    elif markdown:
        from .markdown import scenario_markdown, write
        from .scenario_answer import own_rules

        write(scenario_markdown(result, lang, own_rules(result), also, base_url))
    else:
        _render(result, also, lang)
    raise typer.Exit(result.exit_status)


@scenario_app.command("check", epilog="Example:\n\n  izvori-judge scenario check corpus/scenarios/")
def check(
    directory: Annotated[Path, typer.Argument(metavar="DIR", help="A folder of scenario files.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON array.")] = False,
) -> None:
    """Run every scenario in a folder and print a table; exits with the worst status."""
    from ..engine.runner import run_scenario
    from ..errors import IzvoriError
    from ..serialize import scenario_row_json

    if not directory.is_dir():
        raise typer.BadParameter(f"{directory} is not a folder", param_hint="DIR")
    rows: list[dict[str, Any]] = []
    for path in sorted([*directory.glob("*.yaml"), *directory.glob("*.yml")]):
        try:
            rows.append(scenario_row_json(path.name, run_scenario(path)))
        except IzvoriError as exc:  # one bad file is a row of the table, not the end of it
            rows.append({"file": path.name, "status": exc.exit_code, "reason": str(exc), "checks": ""})
    if as_json:
        print_json(rows)
    else:
        _render_table(rows)
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
    lang: Annotated[str, typer.Option("--lang", metavar="LANG", help=LANG_HELP)] = "en",
) -> None:
    """One combat, answered in one line: who assigns what, who dies, what the defending player takes."""
    lang = judge_lang(lang)
    if not attacker:
        raise typer.BadParameter("give the attacker, like --attacker \"3/3 trample\"", param_hint="--attacker")
    with reported():
        from ..engine.quick import quick_combat

        answer = quick_combat(ruleset, attacker, [*(blockers or []), *(blockers_more or [])], lang)
    if as_json:
        print_json(answer.to_json())
    else:
        console().print(answer.line)
    raise typer.Exit(answer.exit_status)


def _equivalents(result: ScenarioResult) -> dict[str, tuple[str, ...]]:
    """The cited rules' equivalents in the other documents (concordance), when the rule graph is available."""
    refs = {r for s in result.steps for r in s.rules}
    if not refs:
        return {}
    try:
        from .common import load_graph

        graph = load_graph()
    except Exception:  # noqa: BLE001 - the answer stands without the concordance
        return {}
    out = {}
    for ref in refs:
        node = graph.get(ref)
        if node is not None and node.equivalents:
            out[ref] = tuple(e.ref for e in node.equivalents)
    return out


def _render(result: ScenarioResult, also: dict[str, tuple[str, ...]], lang: str) -> None:
    from rich.text import Text

    from ..messages import labels
    from .layout import hang, labelled
    from .scenario_answer import answer_lines, expectation_lines

    out, words = console(), labels(lang)
    hang(out, Text.assemble((result.scenario, "bold"), f" ({result.ruleset})"))
    if result.question:
        labelled(out, words["question"], result.question, indent=0)
    out.print(Text(words["answer"], style="bold green"))
    for label, value in answer_lines(result, lang):
        labelled(out, label, value)
    if result.expectations:
        out.print(Text(words["expect"], style="bold"))
        for passed, shown in expectation_lines(result, lang):
            mark = ("✓ ", "green") if passed else ("✗ ", "bold red")
            hang(out, Text.assemble(mark, shown), 2, 4)
    _render_steps(out, result, also, words)
    if result.state is not None:
        _render_state(out, result.state, words, lang)


def _render_steps(out: Console, result: ScenarioResult, also: dict[str, tuple[str, ...]],
                  words: dict[str, str]) -> None:
    from rich.text import Text

    from .layout import hang
    from .scenario_answer import own_rules

    own = own_rules(result)
    out.print()
    # The rules of the ruleset's own document, written without the document's name (given once, in the heading).
    hang(out, Text.assemble((words["steps"], "bold"), f" ({words['rules']}: {own})" if own else ""))
    for n, step in enumerate((s for s in result.steps if s.event != "start"), 1):
        rules = [r.partition(":")[2] for r in step.rules if r.startswith(own + ":")] if own else list(step.rules)
        hang(out, Text.assemble(f"{n:>2}. ", step.text), 0, 4)
        if rules:
            hang(out, Text(", ".join(rules), style="dim"), 4, 4)
        others = sorted({e for r in step.rules for e in also.get(r, ())})
        if others:
            hang(out, Text(f"≡ {', '.join(others)}", style="dim cyan"), 4, 6)


def _render_state(out: Console, state: FinalState, words: dict[str, str], lang: str) -> None:
    from .layout import grid, labelled

    zones = ("hand", "battlefield", "graveyard", "exile")
    rows = []
    for p in state.players:
        held = dict(p.zones)
        mine = [_permanent(perm, words, lang) for perm in state.permanents if perm.controller == p.name]
        rows.append([p.name, str(p.life), str(p.poison) if p.poison else "", str(p.library), p.mana_pool,
                     *("; ".join(mine) if z == "battlefield" else ", ".join(held.get(z, ())) for z in zones)])
    out.print()
    grid(out, [words["player"], words["life"], words["poison"], words["library"], words["pool"],
               *(words[z] for z in zones)], rows, title=words["state"], right=(1, 2, 3))
    if state.stack:
        labelled(out, words["stack"], ", ".join(state.stack), indent=0)
    if state.winner:
        labelled(out, words["winner"], words["draw_game"] if state.winner == "draw" else state.winner, 0)


def _permanent(perm: PermanentState, words: dict[str, str], lang: str) -> str:
    """``Colossal Dreadmaw (60/60, Razbijač, šteta 20, aktivirano)``."""
    from ..messages import keyword_name

    parts = [f"{perm.power}/{perm.toughness}"] if perm.power is not None else []
    parts += [keyword_name(k, lang) for k in perm.keywords]
    parts += [f"{words['damage']} {perm.damage}"] if perm.damage else []
    parts += [words["tapped"]] if perm.tapped else []
    parts += [f"{k}×{n}" for k, n in perm.counters]
    return perm.key + (f" ({', '.join(parts)})" if parts else "")


def _render_table(rows: list[dict[str, Any]]) -> None:
    from rich.text import Text

    from .layout import grid

    out = console()
    cells = [[row["file"], Text(str(row["status"]), style="green" if row["status"] == 0 else "red"), row["checks"],
              row["reason"]] for row in rows]
    grid(out, ["file", "status", "checks", "reason"], cells, right=(1,))
    passed = sum(r["status"] == 0 for r in rows)
    out.print(f"{passed}/{len(rows)} passed")
