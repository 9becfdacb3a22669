"""Helpers for the engine tests: play a scenario written inline (YAML text, dedented)."""

from __future__ import annotations

import textwrap

from izvori_rules.engine.result import ScenarioResult
from izvori_rules.engine.runner import run_scenario


def play(text: str, lang: str = "en") -> ScenarioResult:
    """Run an inline scenario."""
    return run_scenario(textwrap.dedent(text), lang=lang)


def outcome(result: ScenarioResult, check: str) -> object:
    """The actual value of one expectation."""
    return next(o.actual for o in result.expectations if o.check == check)


def events(result: ScenarioResult) -> list[str]:
    return [s.event for s in result.steps]


def texts(result: ScenarioResult) -> list[str]:
    return [s.text for s in result.steps]
