"""``izvori-judge scenario run FILE``, ``scenario check DIR`` and ``combat``: the engine's answers.

Each command calls one engine function and renders its result; the engine (and yaml) are imported inside the
command bodies so that starting the CLI stays fast. Exit statuses are the scenario's: 0 passed, 1 an
expectation failed, 2 invalid file, 3 a missing choice or something not modelled, 4 an illegal action.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from . import app
from .common import console, print_json, reported

if TYPE_CHECKING:
    from ..engine.result import ScenarioResult

LANGS = ("en", "sr")
scenario_app = typer.Typer(name="scenario", help="Play \"what happens if\" scenarios by the rules.",
                           no_args_is_help=True)
app.add_typer(scenario_app, name="scenario")


def _lang(value: str) -> str:
    if value not in LANGS:
        raise typer.BadParameter(f"use one of {', '.join(LANGS)}", param_hint="--lang")
    return value


@scenario_app.command("run")
def run(
    file: Path = typer.Argument(..., help="A scenario file (YAML, format version 1)."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
    lang: str = typer.Option("en", "--lang", help="Language of the narration: en or sr."),
) -> None:
    """Play a scenario: the narrated steps with their rules, the final state, each expectation."""
    lang = _lang(lang)
    with reported():
        from ..engine.runner import run_scenario

        result = run_scenario(file, lang=lang)
        equivalents = _equivalents(result)
    if as_json:
        data = result.to_json()
        if equivalents:
            for step in data["steps"]:
                step["equivalents"] = sorted({e for r in step["rules"] for e in equivalents.get(r, ())})
        print_json(data)
    else:
        _render(result, equivalents, lang)
    raise typer.Exit(result.exit_status)


@scenario_app.command("check")
def check(
    directory: Path = typer.Argument(..., help="A folder of scenario files."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON array."),
) -> None:
    """Run every scenario in a folder and print a table; exits with the worst status."""
    from ..engine.runner import run_scenario
    from ..errors import IzvoriError

    if not directory.is_dir():
        raise typer.BadParameter(f"{directory} is not a folder", param_hint="DIR")
    rows: list[dict[str, Any]] = []
    for path in sorted([*directory.glob("*.yaml"), *directory.glob("*.yml")]):
        try:
            result = run_scenario(path)
        except IzvoriError as exc:  # one bad file is a row of the table, not the end of it
            rows.append({"file": path.name, "status": exc.exit_code, "reason": str(exc), "checks": ""})
            continue
        ok = sum(o.passed for o in result.expectations)
        reason = result.rejected.reason if result.rejected and result.exit_status else ""
        failed = [o.check for o in result.expectations if not o.passed]
        rows.append({"file": path.name, "status": result.exit_status, "checks": f"{ok}/{len(result.expectations)}",
                     "reason": reason or ("failed: " + ", ".join(failed) if failed else "")})
    if as_json:
        print_json(rows)
    else:
        _render_table(rows)
    raise typer.Exit(max((int(r["status"]) for r in rows), default=0))


@app.command("combat")
def combat(
    blockers_more: list[str] = typer.Argument(None, hidden=True),
    ruleset: str = typer.Option("mtg", "--ruleset", help="mtg or izvori."),
    attacker: str = typer.Option(..., "--attacker", help="The attacker: \"P/T keyword ...\"."),
    blockers: list[str] = typer.Option([], "--blockers", help="Each blocker: \"P/T keyword ...\"; several may "
                                       "follow one --blockers."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
    lang: str = typer.Option("en", "--lang", help="Language of the answer: en or sr."),
) -> None:
    """One combat, answered in one line: who assigns what, who dies, what the defending player takes."""
    lang = _lang(lang)
    with reported():
        from ..engine.quick import quick_combat

        answer = quick_combat(ruleset, attacker, [*blockers, *(blockers_more or [])], lang)
    if as_json:
        print_json(answer.to_json())
    else:
        console().print(answer.line, highlight=False, markup=False)
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


_LABELS = {
    "en": {"question": "Question", "steps": "What happens", "state": "Final state", "expect": "Expectations",
           "rejected": "Stopped", "life": "life", "poison": "poison", "library": "library", "pool": "mana pool",
           "stack": "Stack", "winner": "Winner", "pass": "passed", "fail": "FAILED", "also": "also"},
    "sr": {"question": "Pitanje", "steps": "Šta se dešava", "state": "Stanje na kraju", "expect": "Očekivanja",
           "rejected": "Zaustavljeno", "life": "život", "poison": "otrov", "library": "biblioteka",
           "pool": "izvorište", "stack": "Niz", "winner": "Pobednik", "pass": "prošlo", "fail": "NIJE PROŠLO",
           "also": "takođe"},
}


def _render(result: ScenarioResult, equivalents: dict[str, tuple[str, ...]], lang: str) -> None:
    from rich.markup import escape

    out, words = console(), _LABELS[lang]
    out.print(f"[bold]{escape(result.scenario)}[/] ({result.ruleset})")
    if result.question:
        out.print(f"{words['question']}: {escape(result.question)}")
    out.print(f"\n[bold]{words['steps']}[/]")
    for n, step in enumerate(result.steps, 1):
        rules = ", ".join(step.rules)
        also = sorted({e for r in step.rules for e in equivalents.get(r, ())})
        tail = f" [dim]{escape(f'[{rules}]')}" + (f" ({words['also']}: {escape(', '.join(also))})" if also else "")
        tail += "[/]"
        out.print(f"{n:3}. {escape(step.text)}" + (tail if step.rules else ""))
    if result.rejected is not None:
        out.print(f"\n[bold red]{words['rejected']}[/] ({result.rejected.kind}): {escape(result.rejected.reason)}")
    if result.state is not None:
        _render_state(result, words)
    if result.expectations:
        out.print(f"\n[bold]{words['expect']}[/]")
        for o in result.expectations:
            mark = f"[green]{words['pass']}[/]" if o.passed else f"[red]{words['fail']}[/]"
            note = f" ({escape(o.note)})" if o.note else ""
            out.print(f"  {mark} {escape(o.check)}: expected {escape(repr(o.expected))}, got "
                      f"{escape(repr(o.actual))}{note}")


def _render_state(result: ScenarioResult, words: dict[str, str]) -> None:
    from rich.markup import escape
    from rich.table import Table

    state = result.state
    assert state is not None
    out = console()
    out.print(f"\n[bold]{words['state']}[/]")
    table = Table(show_header=True, header_style="bold")
    for column in ("", words["life"], words["poison"], words["library"], words["pool"], "hand", "battlefield",
                   "graveyard", "exile"):
        table.add_column(column)
    for p in state.players:
        zones = dict(p.zones)
        table.add_row(escape(p.name), str(p.life), str(p.poison), str(p.library), p.mana_pool,
                      *(escape(", ".join(zones[z])) for z in ("hand", "battlefield", "graveyard", "exile")))
    out.print(table)
    for perm in state.permanents:
        pt = f"{perm.power}/{perm.toughness} " if perm.power is not None else ""
        extra = [f"damage {perm.damage}"] if perm.damage else []
        extra += ["tapped"] if perm.tapped else []
        extra += [f"{k}×{n}" for k, n in perm.counters]
        out.print(f"  {escape(perm.key)}: {pt}{escape(' '.join(perm.keywords))} {escape(', '.join(extra))}")
    if state.stack:
        out.print(f"{words['stack']}: {escape(', '.join(state.stack))}")
    if state.winner:
        out.print(f"{words['winner']}: {escape(state.winner)}")


def _render_table(rows: list[dict[str, Any]]) -> None:
    from rich.markup import escape
    from rich.table import Table

    table = Table(show_header=True, header_style="bold")
    for column in ("file", "status", "checks", "reason"):
        table.add_column(column)
    for row in rows:
        color = "green" if row["status"] == 0 else "red"
        table.add_row(escape(row["file"]), f"[{color}]{row['status']}[/]", row["checks"], escape(row["reason"]))
    console().print(table)
    passed = sum(r["status"] == 0 for r in rows)
    console().print(f"{passed}/{len(rows)} passed")
