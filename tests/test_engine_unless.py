"""Issue 14: costs paid on resolution, "counter target spell unless its controller pays {3}" (ru-cr:117.12a,
ru-cr:608.2d; sr-judge:D11.50, sr-judge:D14.23): the payer's choice is stated with ``choose: {player, pay}``, and
a missing one stops the run (exit 3)."""

from __future__ import annotations

import pytest

from engine_support import events, play

LEAK = """
scenario: "t"
ruleset: {ruleset}
players:
  - name: Ana
    mana_pool: "3R"
    hand:
      - {{card: Shock}}
  - name: Boris
    mana_pool: "1U"
    hand:
      - {{card: Mana Leak}}
turn: {{active: Ana, step: main1}}
actions:
  - cast: {{player: Ana, card: Shock, targets: [Boris]}}
  - cast: {{player: Boris, card: Mana Leak, targets: [Shock]}}
  - pass: until_resolved
{choice}
"""


@pytest.mark.parametrize("ruleset", ["mtg", "izvori"])
def test_the_payers_choice_must_be_stated(ruleset: str) -> None:
    result = play(LEAK.format(ruleset=ruleset, choice=""))
    assert result.exit_status == 3
    assert result.rejected is not None and result.rejected.kind == "missing_choice"
    assert "Ana" in result.rejected.reason and "pay" in result.rejected.reason  # the spell's controller pays


def test_the_choice_of_the_wrong_player_answers_nothing() -> None:
    # Boris cast Mana Leak, but the one who may pay is the countered spell's controller (ru-cr 117.12a)
    result = play(LEAK.format(ruleset="mtg", choice="  - choose: {player: Boris, pay: true}"))
    assert result.exit_status == 3
    assert result.rejected is not None and result.rejected.reason.startswith("Ana chooses whether to pay 3")


def test_paying_narrates_the_payment_with_its_rules() -> None:  # ru-cr 117.12a
    result = play(LEAK.format(ruleset="mtg", choice="  - choose: {player: Ana, pay: true}"))
    assert result.exit_status == 0
    step = next(s for s in result.steps if s.event == "unless_paid")
    assert "ru-cr:117.12a" in step.rules
    assert "unless_declined" not in events(result)
