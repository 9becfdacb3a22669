"""A scenario's answer as data for its renderings (terminal and Markdown): the lines of the answer, the
expectations, and the document whose rules the steps cite."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..engine.result import ScenarioResult

_DEATHS = ("to_graveyard_", "token_gone")
_OUTCOMES = ("lose", "win", "game_draw", "loop")


def own_rules(result: ScenarioResult) -> str:
    """The document of the scenario's ruleset (``sr-judge`` for izvori): a step shows only its rules."""
    from ..engine.rulesets import load_rulesets

    ruleset = load_rulesets().get(result.ruleset)
    return ruleset.document if ruleset is not None else ""


def answer_lines(result: ScenarioResult, lang: str) -> list[tuple[str, str]]:
    """The answer as (label, value) lines: each player's life (and poison), what died, how the game ended, why
    the run stopped. Shared by the terminal and the Markdown renderings."""
    from ..messages import labels

    words, lines = labels(lang), []
    if result.state is not None:
        for p in result.state.players:
            lines.append((p.name, str(p.life) + (f", {words['poison']} {p.poison}" if p.poison else "")))
    died = [s.text for s in result.steps if s.event.startswith(_DEATHS)]
    if result.state is not None:  # (a file refused before play has no game to tell of)
        lines += [(words["died"], text) for text in died] or [(words["died"], words["nothing_died"])]
    lines += [(words["winner"], s.text) for s in result.steps if s.event in _OUTCOMES]
    if result.rejected is not None:
        lines.append((f"{words['rejected']} ({words.get(result.rejected.kind, result.rejected.kind)})",
                      result.rejected.reason))
    return lines


def expectation_lines(result: ScenarioResult, lang: str) -> list[tuple[bool, str]]:
    """Each expectation as (passed, text): ``life.Boris = 160`` or ``life.Boris: expected 150, got 160``."""
    from ..messages import labels

    words, out = labels(lang), []
    for o in result.expectations:
        shown = f"{o.check} = {_value(o.actual)}" if o.passed else \
            f"{o.check}: {words['expected']} {_value(o.expected)}, {words['got']} {_value(o.actual)}"
        out.append((o.passed, shown + (f" ({o.note})" if o.note else "")))
    return out


def _value(value: object) -> str:
    if isinstance(value, (tuple, list)):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    return str(value)
