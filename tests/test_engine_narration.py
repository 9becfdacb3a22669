"""The narration of engine events (issue 13, bug 3): Fog's shield is worded as all combat damage, and the izvori
narration names keywords in sr-judge's words (E3.60 "Jurišnik"), not by the engine's ids."""

from __future__ import annotations

from izvori_rules.engine.runner import run_scenario

FOG = """
scenario: fog
ruleset: mtg
players:
  - name: Ana
    hand: [{name: Fog, card: Fog}]
    mana_pool: G
  - name: Boris
turn: {active: Ana, step: main1}
actions:
  - cast: {player: Ana, card: Fog}
  - pass: until_resolved
"""

GRANT = """
scenario: grant
ruleset: izvori
players:
  - name: Ana
    battlefield: [{name: Vojnik, types: [creature], power: 10, toughness: 10}]
    hand: [{name: Hrabrost, types: [instant], effect: [{grant: [Jurišnik]}]}]
  - name: Boris
turn: {active: Ana, step: main1}
actions:
  - cast: {player: Ana, card: Hrabrost, targets: [Vojnik]}
  - pass: until_resolved
"""


def texts(yaml_text: str, lang: str = "en") -> list[str]:
    return [s.text for s in run_scenario(yaml_text, lang=lang).steps]


def test_fog_says_all_combat_damage_will_be_prevented() -> None:  # ru-cr 615.1a; Fog's Oracle text
    assert "All combat damage this turn will be prevented (Fog)" in texts(FOG)


def test_izvori_grant_names_the_keyword_as_sr_judge_does() -> None:  # sr-judge E3.60 "Jurišnik"
    assert "Vojnik gains Jurišnik until end of turn" in texts(GRANT)
    assert "Vojnik dobija Jurišnik do kraja poteza" in texts(GRANT, "sr")
