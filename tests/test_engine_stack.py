"""Casting, priority and the stack: timing, targets, costs, counters, fizzling (ru-cr 601, 608, 116;
sr-judge D9, D10, D14)."""

from __future__ import annotations

import pytest

from engine_support import cast_in_main, play
from izvori_rules.engine.errors import ScenarioInvalid
from izvori_rules.serialize import scenario_json

MAIN = """\
scenario: stack
ruleset: {ruleset}
players:
  - name: Ana
    mana_pool: "{pool}"
    hand:
      - {{name: Bolt, types: [instant], colors: [red], mana_cost: R, effect: [{{damage: 3}}]}}
      - {{name: Growth, types: [instant], colors: [green], mana_cost: G, effect: [{{pump: {{power: 3, toughness: 3}}}}]}}
      - {{name: Bears, types: [creature], colors: [green], mana_cost: 1G, power: 2, toughness: 2}}
      - {{name: Forest, types: [land], subtypes: [Forest]}}
    battlefield:
      - {{name: Elf, types: [creature], colors: [green], power: 1, toughness: 1}}
  - name: Boris
    mana_pool: "{boris_pool}"
    hand:
      - {{name: Counterspell, types: [instant], colors: [blue], mana_cost: UU, effect: [{{counter: target}}]}}
      - {{name: Shock, types: [instant], colors: [red], mana_cost: R, effect: [{{damage: 2}}]}}
    battlefield:
      - {{name: Knight, types: [creature], colors: [white], power: 2, toughness: 2, keywords: [{kw}]}}
turn: {{active: Ana, step: {step}}}
actions:
{actions}
"""


def main(actions: list[str], expect: str = "", ruleset: str = "mtg", pool: str = "RGGG", boris_pool: str = "UUR",
         step: str = "main1", kw: str = "vigilance") -> object:
    text = MAIN.format(ruleset=ruleset, pool=pool, boris_pool=boris_pool, step=step, kw=kw,
                       actions="\n".join(f"  - {a}" for a in actions))
    return play(text + expect)


def test_a_spell_resolves_when_all_pass() -> None:  # ru-cr 116.4, 608.2
    r = main(["cast: {player: Ana, card: Bolt, targets: [Knight]}", "pass: until_resolved"],
             "expect:\n  zones:\n    graveyard: {Ana: [Bolt], Boris: [Knight]}\n  mana_pool: {Ana: GGG}\n")
    assert r.exit_status == 0


def test_a_response_resolves_first() -> None:  # ru-cr 405.5: last in, first out
    r = main(["cast: {player: Ana, card: Bolt, targets: [Elf]}",
              "cast: {player: Ana, card: Growth, targets: [Elf]}", "pass: until_resolved"],
             "expect:\n  zones:\n    battlefield: {Ana: [Elf]}\n  damage: {Elf: 3}\n  power_toughness: {Elf: 4/4}\n")
    assert r.exit_status == 0


def test_a_counterspell_counters() -> None:  # ru-cr 701.5a
    r = main(["cast: {player: Ana, card: Bolt, targets: [Boris]}",
              "cast: {player: Boris, card: Counterspell, targets: [Bolt]}", "pass: until_resolved"],
             "expect:\n  life: {Boris: 20}\n  zones:\n    graveyard: {Ana: [Bolt], Boris: [Counterspell]}\n")
    assert r.exit_status == 0


def test_a_spell_whose_target_left_fizzles() -> None:  # ru-cr 608.2b
    r = main(["cast: {player: Ana, card: Growth, targets: [Elf]}",
              "cast: {player: Boris, card: Shock, targets: [Elf]}", "pass: until_resolved"],
             "expect:\n  zones:\n    graveyard: {Ana: [Elf, Growth], Boris: [Shock]}\n")
    assert r.exit_status == 0
    assert any(s.event == "fizzle" and s.rules == ("ru-cr:608.2b",) for s in r.steps)


def test_a_sorcery_speed_spell_in_combat_is_illegal() -> None:  # ru-cr 307.1 / 116.1a
    r = main(["cast: {player: Ana, card: Bears}"], step="beginning_of_combat")
    assert r.exit_status == 4 and r.rejected.rules == ("ru-cr:116.1a", "ru-cr:307.1")


def test_a_creature_spell_enters_and_is_summoning_sick() -> None:  # ru-cr 608.3
    r = main(["cast: {player: Ana, card: Bears}", "pass: until_resolved", "attack: {Bears: Boris}"])
    assert r.exit_status == 4 and "summoning sickness" in r.rejected.reason


def test_a_cost_that_cannot_be_paid_is_illegal() -> None:  # ru-cr 601.2h
    r = main(["cast: {player: Ana, card: Bolt, targets: [Boris]}"], pool="G")
    assert r.exit_status == 4 and r.rejected.rules == ("ru-cr:601.2h",)


@pytest.mark.parametrize(("kw", "caster", "legal"), [
    ("hexproof", "Ana", False), ("shroud", "Ana", False), ("protection:red", "Ana", False),
    ("hexproof", "Boris", True), ("protection:green", "Ana", True),
], ids=["hexproof-opponent", "shroud", "protection", "hexproof-own", "protection-other-colour"])
def test_targeting_restrictions(kw: str, caster: str, legal: bool) -> None:  # ru-cr 702.11b, 702.18a, 702.16b
    card = "Bolt" if caster == "Ana" else "Shock"
    r = main([f"cast: {{player: {caster}, card: {card}, targets: [Knight]}}"], kw=kw)
    assert r.exit_status == (0 if legal else 4)


def test_a_missing_target_is_a_missing_choice() -> None:
    r = main(["cast: {player: Ana, card: Bolt}"])
    assert r.exit_status == 3 and "Ana must choose 1 target" in r.rejected.reason


def test_too_many_targets_is_an_invalid_file() -> None:
    with pytest.raises(ScenarioInvalid, match="takes 1 target"):
        main(["cast: {player: Ana, card: Bolt, targets: [Boris, Knight]}"])


def test_casting_out_of_turn_makes_the_players_before_pass() -> None:
    r = main(["cast: {player: Ana, card: Bolt, targets: [Boris]}",
              "cast: {player: Boris, card: Shock, targets: [Ana]}", "pass: until_resolved"],
             "expect:\n  life: {Ana: 18, Boris: 17}\n")
    assert r.exit_status == 0


def test_passes_that_would_resolve_the_stack_make_the_file_invalid() -> None:
    with pytest.raises(ScenarioInvalid, match="would resolve the stack"):
        main(["cast: {player: Ana, card: Bolt, targets: [Boris]}", "pass: priority",
              "cast: {player: Ana, card: Growth, targets: [Elf]}"])


def test_a_land_is_played_once_per_turn() -> None:  # ru-cr 305.1, 305.2
    r = main(["play_land: {player: Ana, card: Forest}"], "expect:\n  zones:\n    battlefield: {Ana: [Elf, Forest]}\n")
    assert r.exit_status == 0
    r = main(["play_land: {player: Ana, card: Forest}"], step="end")
    assert r.exit_status == 4


def test_an_activated_ability_with_tap_cost() -> None:  # ru-cr 602.2, 602.5a
    text = MAIN.replace("      - {{name: Elf, types: [creature], colors: [green], power: 1, toughness: 1}}",
                        "      - {{name: Elf, types: [creature], colors: [green], power: 1, toughness: 1, summoning_sick: {sick},"
                        " abilities: [{{activated: {{cost: {{tap: true}}, effect: [{{damage: 1}}]}}}}]}}")
    ok = play(text.format(ruleset="mtg", pool="", boris_pool="", step="main1", kw="vigilance", sick="false",
                          actions="  - activate: {player: Ana, source: Elf, targets: [Boris]}\n  - pass: until_resolved")
              + "expect:\n  life: {Boris: 19}\n  tapped: {Elf: true}\n")
    assert ok.exit_status == 0
    sick = play(text.format(ruleset="mtg", pool="", boris_pool="", step="main1", kw="vigilance", sick="true",
                            actions="  - activate: {player: Ana, source: Elf, targets: [Boris]}"))
    assert sick.exit_status == 4 and sick.rejected.rules == ("ru-cr:602.5a",)


def test_combat_damage_on_the_stack_cannot_be_countered() -> None:  # sr-judge C11.30
    text = """\
    scenario: no counter
    ruleset: izvori
    players:
      - name: Ana
        battlefield: [{name: A, types: [creature], power: 20, toughness: 20}]
      - name: Boris
        mana_pool: UU
        hand: [{name: Antimagija, card: Antimagija}]
    turn: {active: Ana, step: declare_attackers}
    actions:
      - attack: {A: Boris}
      - pass: {until: combat_damage}
      - cast: {player: Boris, card: Antimagija, targets: [combat damage]}
    """
    r = play(text)
    assert r.exit_status == 4 and "can't be countered" in r.rejected.reason


def test_each_word_target_may_choose_the_same_creature() -> None:
    # ru-cr 114.3: with several words "target" the same object may be chosen for each. Seeds of Strength says
    # "Target creature gets +1/+1" three times in three equal steps: Grizzly Bears (2/2) gets +3/+3.
    r = cast_in_main("Seeds of Strength", ", targets: [Grizzly Bears, Grizzly Bears, Grizzly Bears]", pool="GW",
                     battlefield=["{card: Grizzly Bears}"])
    assert r.exit_status == 0
    bears = scenario_json(r)["state"]["permanents"]["Grizzly Bears"]
    assert (bears["power"], bears["toughness"]) == (5, 5)


@pytest.mark.parametrize(("lands", "status"), [(["Forest", "Forest"], 4), (["Forest", "Island"], 0)],
                         ids=["same-land-twice", "two-lands"])
def test_one_word_target_naming_two_objects_takes_two_different_ones(lands: list[str], status: int) -> None:
    # ru-cr 114.3: Garruk Wildspeaker's "+1: Untap two target lands" has one word "target", so the same land
    # can't be chosen twice.
    r = play(f"""
        scenario: "t"
        ruleset: mtg
        players:
          - name: Ana
            battlefield:
              - {{card: Garruk Wildspeaker}}
              - {{name: Forest, types: [land], subtypes: [Forest], tapped: true}}
              - {{name: Island, types: [land], subtypes: [Island], tapped: true}}
          - name: Boris
        turn: {{active: Ana, step: main1}}
        actions:
          - activate: {{player: Ana, source: Garruk Wildspeaker, ability: 0, targets: [{", ".join(lands)}]}}
          - pass: until_resolved
        expect:
          tapped: {{Forest: false, Island: false}}
        """)
    assert r.exit_status == status
