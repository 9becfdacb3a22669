"""``scenario run FILE`` played and rendered: the JSON contract, Markdown, or the rich answer (the answer first,
then each step with its rules, then the final state). No typer here: the fast path (:mod:`.fast`) runs a cold
``scenario run FILE`` without it, and the typer command calls :func:`show_scenario` too.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from .common import console, print_json, reported

if TYPE_CHECKING:
    from rich.console import Console

    from ..engine.result import FinalState, PermanentState, ScenarioResult
    from ..graph import RuleGraph


def show_scenario(file: Path, as_json: bool, lang: str, equivalents: bool, markdown: bool,
                  base_url: str | None) -> int:
    """Play the scenario in ``file`` and print its answer in the judge's ``lang`` (already checked); the
    scenario's exit status (errors leave through :func:`.common.reported`)."""
    with reported():
        from ..engine.runner import run_scenario

        result = run_scenario(file, lang=lang, cached=True)
        also = _equivalents(result) if equivalents or as_json else {}
    if as_json:
        from ..serialize import scenario_json

        print_json(scenario_json(result, also))
    elif markdown:
        from .markdown import scenario_markdown, write
        from .scenario_answer import own_rules

        write(scenario_markdown(result, lang, own_rules(result), also, base_url))
    else:
        _render(result, also, lang)
    return result.exit_status


def _equivalents(result: ScenarioResult) -> dict[str, tuple[str, ...]]:
    """The cited rules' equivalents in the other documents (concordance), when the rule graph is available."""
    from ..engine.equivalents import equivalents_of

    return equivalents_of({r for s in result.steps for r in s.rules}, _graph)


def _graph() -> RuleGraph | None:
    try:
        from .common import load_graph

        return load_graph()
    except Exception:  # noqa: BLE001 - the answer stands without the concordance
        return None


def _render(result: ScenarioResult, also: dict[str, tuple[str, ...]], lang: str) -> None:
    from rich.text import Text

    from ..messages import labels
    from .layout import hang, labelled
    from .scenario_answer import answer_lines, expectation_lines

    out, words = console(), labels(lang)
    out.size = out.size  # measured once: else rich asks the terminal for its size at every line it prints
    with out:  # and the answer is written at once
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
