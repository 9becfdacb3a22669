"""The typed event pipeline (issue 13, "One typed event pipeline"): events are frozen dataclasses, replacement
effects see the typed event, apply once each (ru-cr 614.5, sr-judge D20.61), and when the order of two of them
changes the outcome the affected player must choose it (ru-cr 616.1d, sr-judge D20.91)."""

from __future__ import annotations

import dataclasses

import pytest

from izvori_rules.engine import events
from izvori_rules.engine.runner import run_scenario
from izvori_rules.serialize import scenario_json

ORDER = """
scenario: order
ruleset: mtg
players:
  - name: Ana
    mana_pool: R
    hand: [{card: Shock}]
    battlefield: [{card: Furnace of Rath}]
  - name: Boris
    battlefield:
      - {card: Grizzly Bears}
      - {name: Ward, types: [enchantment],
         abilities: [{replacement: {when: damage, who: creatures_you_control, instead: prevent, amount: 3}}]}
turn: {active: Ana, step: main1}
actions:
  - cast: {player: Ana, card: Shock, targets: [Grizzly Bears]}
  - pass: until_resolved
"""

TWICE = """
scenario: twice
ruleset: mtg
players:
  - name: Ana
    mana_pool: R
    hand: [{card: Shock}]
    battlefield: [{card: Furnace of Rath, id: Furnace A}, {card: Furnace of Rath, id: Furnace B}]
  - name: Boris
turn: {active: Ana, step: main1}
actions:
  - cast: {player: Ana, card: Shock, targets: [Boris]}
  - pass: until_resolved
expect:
  life: {Boris: 12}
"""


@pytest.mark.parametrize("kind", [events.ZoneChange, events.Destroy, events.Damage, events.LifeChange, events.Draw,
                                  events.PutCounters, events.Tap, events.BeginStep, events.Snapshot])
def test_events_are_frozen_dataclasses(kind: type) -> None:
    assert dataclasses.is_dataclass(kind) and kind.__dataclass_params__.frozen  # type: ignore[attr-defined]


def test_an_order_that_matters_is_the_affected_controllers_choice() -> None:
    result = run_scenario(ORDER)
    assert result.exit_status == 3  # ru-cr 616.1d: Boris must choose; the file does not say
    assert result.rejected is not None and "Boris must choose an order" in result.rejected.reason
    assert "ru-cr:616.1d" in result.rejected.rules


def test_each_replacement_effect_applies_once_and_two_furnaces_quadruple() -> None:
    # ru-cr 614.5: each applies once to the event; the second applies to the event the first changed (616.1e):
    # Shock's 2 becomes 4, then 8 (20 -> 12); the order does not matter, so nobody is asked.
    result = run_scenario(TWICE)
    assert result.passed, scenario_json(result)["expectations"]
