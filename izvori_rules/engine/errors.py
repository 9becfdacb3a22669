"""The engine's errors: the library's own (defined in ``izvori_rules/errors.py``, the one hierarchy) and the
engine-internal :class:`GameOver` signal.

Only :class:`ScenarioInvalid` leaves :func:`izvori_rules.engine.runner.run_scenario` (exit 2: the file is not a
scenario). A missing choice, something not modelled and an illegal action are answers about the game, so the
runner turns them into a :class:`~izvori_rules.engine.result.ScenarioResult` with exit status 3 or 4.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import EngineRefusal, IllegalAction, MissingChoice, NotModelled, Phrase, ScenarioInvalid, Value

if TYPE_CHECKING:
    from .state import Game

__all__ = ["EngineRefusal", "GameOver", "IllegalAction", "MissingChoice", "NotModelled", "ScenarioInvalid", "illegal",
           "invalid"]


def invalid(source: str, line: int, path: str, problem: Phrase) -> ScenarioInvalid:
    """A mistake in a scenario file: its file, line and key (``players[0].life``, ``choose.order``), then what is
    wrong, a phrase the judge's language says too (``[LANG.errors]``)."""
    return ScenarioInvalid("{file}:{line}: {path}: {problem}", key="scenario_problem", file=source, line=line,
                           path=path or "file", problem=problem)


def illegal(template: str, game: Game, /, *events: str, key: str, **values: Value) -> IllegalAction:
    """An action the rules forbid, with the rules the ruleset cites for ``events``; ``template`` (English) and
    ``key`` say it in the judge's language (``[LANG.errors]``)."""
    return IllegalAction(template, game.rs.refs(*events), key=key, **values)


class GameOver(Exception):
    """Internal: the game ended (a player won, or it is a draw); the remaining actions are skipped."""
