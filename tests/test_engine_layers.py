"""Continuous effects in layers and timestamps (ru-cr 613.3, 613.6; sr-judge D19.51, D19.55–D19.59)."""

from __future__ import annotations

import pytest

from engine_support import play

BEAR = """\
scenario: layers
ruleset: {ruleset}
players:
  - name: Ana
    hand:
{hand}
    battlefield:
      - {{name: Bear, types: [creature], power: 2, toughness: 2, counters: {{"{plus}": 1}}}}
{anthem}
  - name: Boris
turn: {{active: Ana, step: main1}}
actions:
{actions}
expect:
  power_toughness: {{Bear: "{pt}"}}
"""

SPELLS = {
    "pump": "{name: Pump, types: [instant], effect: [{pump: {power: 3, toughness: 3}}]}",
    "set": "{name: Shrink, types: [instant], effect: [{set_pt: {power: 0, toughness: 1}}]}",
    "switch": "{name: Twist, types: [instant], effect: [{switch_pt: target}]}",
    "set2": "{name: Grow, types: [instant], effect: [{set_pt: {power: 5, toughness: 5}}]}",
}
ANTHEM = "      - {name: Anthem, types: [enchantment], abilities: [{static: {creatures_you_control: {power: 1, toughness: 1}}}]}"


def layers(ruleset: str, spells: list[str], pt: str, anthem: bool = False) -> object:
    hand = "\n".join(f"      - {SPELLS[s]}" for s in spells)
    names = {"pump": "Pump", "set": "Shrink", "switch": "Twist", "set2": "Grow"}
    actions = "\n".join(f"  - cast: {{player: Ana, card: {names[s]}, targets: [Bear]}}\n  - pass: until_resolved"
                        for s in spells) or "  - pass: priority"
    plus = "+1/+1" if ruleset == "mtg" else "+10/+10"
    return play(BEAR.format(ruleset=ruleset, hand=hand, actions=actions, pt=pt, plus=plus,
                            anthem=ANTHEM if anthem else ""))


@pytest.mark.parametrize(("spells", "anthem", "pt"), [
    ([], False, "3/3"),  # printed 2/2 + counter (7d)
    (["pump"], False, "6/6"),  # 7c + 7d
    (["pump", "set"], False, "4/5"),  # set 0/1 (7b) first, then +3/+3 (7c) and the counter (7d)
    (["set", "pump"], False, "4/5"),  # the order cast does not matter across sublayers
    (["set", "set2"], False, "6/6"),  # the later setting effect wins (613.6b timestamps)
    (["pump", "switch"], False, "6/6"),  # 5/5+1 ... switch of 6/6
    (["set", "switch"], True, "3/2"),  # 0/1 +1/+1 anthem +1/+1 counter = 2/3, switched last (7e)
], ids=["counter", "pump", "set-after-pump", "pump-after-set", "timestamps", "switch", "switch-last"])
def test_mtg_power_toughness_sublayers(spells: list[str], anthem: bool, pt: str) -> None:
    assert layers("mtg", spells, pt, anthem).exit_status == 0


def test_izvori_layer_6_gives_the_same_totals_citing_d19_51() -> None:
    r = layers("izvori", ["pump", "set"], "13/14")  # set 0/1, counter +10/+10, +3/+3
    assert r.exit_status == 0
    assert any("sr-judge:D19.51" in s.rules for s in r.steps)


def test_until_end_of_turn_effects_end_in_cleanup() -> None:  # ru-cr 514.2
    r = play(BEAR.format(ruleset="mtg", hand="      - " + SPELLS["pump"], plus="+1/+1", anthem="", pt="3/3",
                         actions="  - cast: {player: Ana, card: Pump, targets: [Bear]}\n  - pass: until_resolved\n"
                                 "  - pass: {until: cleanup}"))
    assert r.exit_status == 0


def test_a_static_ability_ends_when_its_source_leaves() -> None:  # ru-cr 611.3a / sr-judge D19.41
    text = BEAR.format(ruleset="mtg", hand="      - {name: Disenchant, types: [instant], effect: [{destroy: target}]}",
                       plus="+1/+1", anthem=ANTHEM, pt="3/3",
                       actions="  - cast: {player: Ana, card: Disenchant, targets: [Anthem]}\n  - pass: until_resolved")
    assert play(text).exit_status == 0
