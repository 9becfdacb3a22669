"""Issue 14: paying mana otherwise — convoke (ru-cr:702.50a), delve (ru-cr:702.65a), Phyrexian symbols
(ru-cr:107.4f) — and exiling a card from the hand as a cost. A choice the file leaves is exit 3; izvori, whose
sr-judge has no such keywords (E3.10) and six mana symbols (A5.30), refuses them."""

from __future__ import annotations

import pytest

from engine_support import cast_in_main, play

def cast(card: str, extra: str = "", pool: str = "", ruleset: str = "mtg") -> object:
    return cast_in_main(card, extra, pool, ruleset, hand=["{card: Counterspell}"],
                        graveyard=["{card: Grizzly Bears, id: Old Bears}", "{card: Shock, id: Old Shock}"],
                        battlefield=["{card: Raging Goblin}", "{card: Goblin Piker}"],
                        opposing=["{card: Hill Giant}"])


@pytest.mark.parametrize(("card", "extra", "pool", "word"), [
    ("Dismember", ", targets: [Hill Giant]", "1BB", "phyrexian_life"),  # 107.4f: mana or life, always a choice
    ("Stoke the Flames", ", targets: [Boris]", "RR", "convoke"),  # 702.50a: the pool alone can't pay
    ("Murderous Cut", ", targets: [Hill Giant]", "2B", "delve"),  # 702.65a
], ids=["phyrexian", "convoke", "delve"])
def test_a_payment_the_file_does_not_state_is_exit_3(card: str, extra: str, pool: str, word: str) -> None:
    result = cast(card, extra, pool)
    assert result.exit_status == 3
    assert result.rejected is not None and result.rejected.kind == "missing_choice"
    assert word in result.rejected.reason


def test_the_card_a_cost_exiles_from_the_hand_must_be_stated() -> None:  # Force of Will's alternative cost
    result = play("""
        scenario: "t"
        ruleset: mtg
        players:
          - name: Ana
            hand: [{card: Force of Will}, {card: Counterspell}]
          - name: Boris
            mana_pool: "R"
            hand: [{card: Lightning Bolt}]
        turn: {active: Boris, step: main1}
        actions:
          - cast: {player: Boris, card: Lightning Bolt, targets: [Ana]}
          - cast: {player: Ana, card: Force of Will, targets: [Lightning Bolt], alternative: true}
        """)
    assert result.exit_status == 3
    assert result.rejected is not None and "exile" in result.rejected.reason


def test_convoke_is_not_needed_when_the_pool_pays() -> None:  # 702.50a: "may"
    assert cast("Stoke the Flames", ", targets: [Boris]", "2RR").exit_status == 0


IZVORI = """
scenario: "t"
ruleset: izvori
players:
  - name: Ana
    hand:
      - {{name: Plamen, types: [instant], colors: [red], mana_cost: "{cost}", keywords: [{keywords}],
         effect: [{{damage: 20}}]}}
    battlefield:
      - {{card: Kavgadžija}}
  - name: Boris
turn: {{active: Ana, step: main1}}
actions:
  - cast: {{player: Ana, card: Plamen, targets: [Boris]}}
"""


@pytest.mark.parametrize(("cost", "keywords", "rule"), [("2RR", "convoke", ""), ("2RR", "delve", ""),
                                                         ("R/P", "", "sr-judge:A5.30")],
                         ids=["convoke", "delve", "phyrexian"])
def test_izvori_refuses_convoke_delve_and_phyrexian_mana(cost: str, keywords: str, rule: str) -> None:
    result = play(IZVORI.format(cost=cost, keywords=keywords))
    assert result.exit_status == 3
    assert result.rejected is not None and result.rejected.kind == "not_modelled"
    assert keywords in result.rejected.reason or rule in result.rejected.rules
