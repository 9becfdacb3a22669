"""``scenario run FILE`` played and rendered: the JSON contract, Markdown, or the answer on the terminal (the
answer first, then each step with its rules, then the final state), laid out once (:func:`_answer`) and written
by :mod:`.styled` or, where that cannot print what rich would, printed by rich. No typer here: the fast path
(:mod:`.fast`) runs a cold ``scenario run FILE`` without it, and the typer command calls :func:`show_scenario` too.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from .common import console, print_json, reported
from .terminal import NARROW, narrow, plain

if TYPE_CHECKING:
    from rich.console import Console

    from ..engine.result import FinalState, PermanentState, ScenarioResult
    from ..graph import RuleGraph
    from .styled import Para, Target


def show_scenario(file: Path, as_json: bool, lang: str, equivalents: bool, markdown: bool,
                  base_url: str | None) -> int:
    """Play the scenario in ``file`` and print its answer in the judge's ``lang`` (already checked); the
    scenario's exit status (errors leave through :func:`.common.reported`)."""
    with reported(lang):
        from ..engine.runner import answer_file

        result, also = answer_file(file, lang, (lambda: _graph(lang)) if equivalents or as_json else None)
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


def _graph(lang: str) -> RuleGraph | None:
    """The rule graph, for the cited rules' equivalents in the other documents (concordance); None when it is not
    available."""
    try:
        from .common import load_graph

        return load_graph(lang)
    except Exception:  # noqa: BLE001 - the answer stands without the concordance
        return None


class _Table(NamedTuple):
    """The final state as a table (the screen is wide enough: :data:`.terminal.NARROW`)."""

    headers: list[str]
    rows: list[list[str]]
    title: str
    right: tuple[int, ...]


_Line = tuple["Para", int, int]
"""A paragraph with its hanging indent: the first line's columns in, the wrapped lines'."""


def _render(result: ScenarioResult, also: dict[str, tuple[str, ...]], lang: str) -> None:
    """The answer as :func:`_answer` lays it out, written by :mod:`.styled` where it prints what rich would (no
    ``rich.console`` to import: issue 14, a cold ``scenario run`` within 12× a bare start), else by rich."""
    import sys

    from .styled import target
    from .terminal import width

    fast = target(sys.stdout, width())
    if fast is not None:
        sys.stdout.write(_written(_answer(result, also, lang, fast.width < NARROW), fast))
        return
    out = console()
    out.size = out.size  # measured once: else rich asks the terminal for its size at every line it prints
    with out:  # and the answer is written at once
        _printed(out, _answer(result, also, lang, narrow(out)))


def _written(items: list[_Line | _Table], out: Target) -> str:
    from .styled import hanging, laid_out, table

    return "".join(table(*item, out=out, fold=True) if isinstance(item, _Table) else
                   laid_out([hanging(item[0], item[1], item[2], out.width)], out) for item in items)


def _printed(out: Console, items: list[_Line | _Table]) -> None:
    from .layout import grid, hang
    from .styled import to_text

    for item in items:
        if isinstance(item, _Table):
            grid(out, item.headers, item.rows, item.title, item.right, fold=True)
        else:
            hang(out, to_text(item[0]), item[1], item[2])


def _answer(result: ScenarioResult, also: dict[str, tuple[str, ...]], lang: str,
            narrow_out: bool) -> list[_Line | _Table]:
    """The answer first (life totals, what died, the expectations), then each step with its rules, then the final
    state (stacked ``key: value`` blocks on a narrow screen); every text from the file with its control characters
    made visible (:func:`.terminal.plain`)."""
    from ..messages import labels
    from .scenario_answer import answer_lines, expectation_lines

    words = labels(lang)
    items: list[_Line | _Table] = [(((plain(result.scenario), "bold"), (f" ({result.ruleset})", "")), 0, 2)]
    if result.question:
        items.append(_labelled(words["question"], result.question, 0))
    items.append((((words["answer"], "bold green"),), 0, 2))
    items += [_labelled(label, value, 2) for label, value in answer_lines(result, lang)]
    if result.expectations:
        items.append((((words["expect"], "bold"),), 0, 2))
        items += [((("✓ ", "green") if passed else ("✗ ", "bold red"), (plain(shown), "")), 2, 4)
                  for passed, shown in expectation_lines(result, lang)]
    items += _steps(result, also, words)
    if result.state is not None:
        items += _state(result.state, words, lang, narrow_out)
    return items


def _labelled(label: str, value: str, indent: int) -> _Line:
    """``label: value``, its wrapped lines two columns further in (:func:`.layout.labelled`)."""
    return ((plain(label) + ": ", "bold"), (plain(value), "")), indent, indent + 2


def _steps(result: ScenarioResult, also: dict[str, tuple[str, ...]], words: dict[str, str]) -> list[_Line]:
    """Each step with the rules it cites, those of the ruleset's own document written without the document's name
    (given once, in the heading), and their equivalents in the other documents."""
    from .scenario_answer import own_rules

    own = own_rules(result)
    items: list[_Line] = [((), 0, 0), (((words["steps"], "bold"), (f" ({words['rules']}: {own})" if own else "", "")),
                                       0, 2)]
    for n, step in enumerate((s for s in result.steps if s.event != "start"), 1):
        rules = [r.partition(":")[2] for r in step.rules if r.startswith(own + ":")] if own else list(step.rules)
        items.append((((f"{n:>2}. ", ""), (plain(step.text), "")), 0, 4))
        if rules:
            items.append((((", ".join(rules), "dim"),), 4, 4))
        others = sorted({e for r in step.rules for e in also.get(r, ())})
        if others:
            items.append((((f"≡ {', '.join(others)}", "dim cyan"),), 4, 6))
    return items


def _state(state: FinalState, words: dict[str, str], lang: str, narrow_out: bool) -> list[_Line | _Table]:
    """Each player's life, poison, library, mana pool and zones: a table whose cells are folded, never cut (a
    card's name is part of the answer), or on a narrow screen a block per player (:func:`.layout.grid`), then the
    stack and the winner."""
    zones = ("hand", "battlefield", "graveyard", "exile")
    headers = [words["player"], words["life"], words["poison"], words["library"], words["pool"],
               *(words[z] for z in zones)]
    rows = []
    for p in state.players:
        held = dict(p.zones)
        mine = [_permanent(perm, words, lang) for perm in state.permanents if perm.controller == p.name]
        rows.append([plain(cell) for cell in (
            p.name, str(p.life), str(p.poison) if p.poison else "", str(p.library), p.mana_pool,
            *("; ".join(mine) if z == "battlefield" else ", ".join(held.get(z, ())) for z in zones))])
    items: list[_Line | _Table] = [((), 0, 0)]
    if not narrow_out:  # the columns empty for every player left out, as the blocks leave out empty cells
        kept = [i for i in range(len(headers)) if i == 0 or any(row[i] for row in rows)]
        items.append(_Table([headers[i] for i in kept], [[row[i] for i in kept] for row in rows], words["state"],
                            tuple(n for n, i in enumerate(kept) if i in (1, 2, 3))))
    else:
        items.append((((words["state"], "bold"),), 0, 2))
        for row in rows:
            items.append((((row[0], "bold"),), 0, 2))
            items += [_labelled(header, cell, 2) for header, cell in zip(headers[1:], row[1:], strict=True) if cell]
    if state.stack:
        items.append(_labelled(words["stack"], ", ".join(state.stack), 0))
    if state.winner:
        items.append(_labelled(words["winner"], words["draw_game"] if state.winner == "draw" else state.winner, 0))
    return items


def _permanent(perm: PermanentState, words: dict[str, str], lang: str) -> str:
    """``Colossal Dreadmaw (60/60, Razbijač, šteta 20, aktivirano)``."""
    from ..messages import keyword_name

    parts = [f"{perm.power}/{perm.toughness}"] if perm.power is not None else []
    parts += [keyword_name(k, lang) for k in perm.keywords]
    parts += [f"{words['damage']} {perm.damage}"] if perm.damage else []
    parts += [words["tapped"]] if perm.tapped else []
    parts += [f"{k}×{n}" for k, n in perm.counters]
    return perm.key + (f" ({', '.join(parts)})" if parts else "")
