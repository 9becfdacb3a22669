"""Regeneration, indestructible, prevention shields and protection; the affected player's choice when the
order of prevention effects matters (ru-cr 701.14a, 702.12b, 615.7, 702.16e, 616.1; sr-judge D20.62, D20.72,
E3.25, D20.91)."""

from __future__ import annotations

from engine_support import play

ONE = """\
scenario: replacement
ruleset: mtg
players:
  - name: Ana
    mana_pool: "{pool}"
    hand:
{hand}
    battlefield:
      - {{name: Troll, types: [creature], colors: [green], power: 2, toughness: 2{troll}}}
  - name: Boris
    battlefield:
      - {{name: Giant, types: [creature], colors: [red], power: 4, toughness: 4}}
turn: {{active: Boris, step: declare_attackers}}
actions:
{actions}
"""
REGEN = ", abilities: [{activated: {effect: [{regenerate: self}]}}]"


def scene(actions: list[str], hand: list[str] = (), troll: str = "", pool: str = "G", expect: str = "") -> object:
    return play(ONE.format(pool=pool, troll=troll, hand="\n".join(f"      - {h}" for h in hand) or "      []",
                           actions="\n".join(f"  - {a}" for a in actions)) + expect)


BLOCK = ["attack: {Giant: Ana}", "block: {Troll: Giant}"]


def test_a_regeneration_shield_saves_a_blocker() -> None:  # ru-cr 701.14a
    r = scene(BLOCK + ["activate: {player: Ana, source: Troll}", "pass: until_resolved",
                       "pass: {until: end_of_combat}"], troll=REGEN,
              expect="expect:\n  zones:\n    battlefield: {Ana: [Troll]}\n  damage: {Troll: 0}\n  tapped: {Troll: true}\n")
    assert r.exit_status == 0
    assert any(s.event == "regenerated" and "ru-cr:614.8" in s.rules for s in r.steps)


def test_cant_be_regenerated() -> None:
    hand = ["{name: Terror, types: [instant], effect: [{destroy: target, no_regenerate: true}]}"]
    r = scene(["attack: {Giant: Ana}", "activate: {player: Ana, source: Troll}", "pass: until_resolved",
               "cast: {player: Ana, card: Terror, targets: [Troll]}", "pass: until_resolved"], hand, REGEN,
              expect="expect:\n  zones:\n    graveyard: {Ana: [Terror, Troll]}\n")
    assert r.exit_status == 0


def test_zero_toughness_is_not_destruction() -> None:  # ru-cr 704.5f
    hand = ["{name: Shrink, types: [instant], effect: [{pump: {power: -2, toughness: -2}}]}"]
    r = scene(["attack: {Giant: Ana}", "activate: {player: Ana, source: Troll}", "pass: until_resolved",
               "cast: {player: Ana, card: Shrink, targets: [Troll]}", "pass: until_resolved"], hand, REGEN,
              expect="expect:\n  zones:\n    graveyard: {Ana: [Shrink, Troll]}\n")
    assert r.exit_status == 0


def test_indestructible_survives_lethal_damage_but_not_zero_toughness() -> None:  # ru-cr 702.12b, 704.5f
    r = scene(BLOCK + ["pass: {until: end_of_combat}"], troll=", keywords: [indestructible]",
              expect="expect:\n  zones:\n    battlefield: {Ana: [Troll]}\n  damage: {Troll: 4}\n")
    assert r.exit_status == 0


def test_a_prevention_shield_prevents_the_next_damage() -> None:  # ru-cr 615.7
    hand = ["{name: Salve, types: [instant], effect: [{prevent: 3}]}"]
    r = scene(BLOCK + ["cast: {player: Ana, card: Salve, targets: [Troll]}", "pass: until_resolved",
                       "pass: {until: end_of_combat}"], hand,
              expect="expect:\n  damage: {Troll: 1}\n  zones:\n    battlefield: {Ana: [Troll]}\n")
    assert r.exit_status == 0


def test_fog_prevents_all_combat_damage() -> None:
    hand = ["{name: Fog, types: [instant], effect: [{prevent: all_combat_damage}]}"]
    r = scene(["attack: {Giant: Ana}", "cast: {player: Ana, card: Fog}", "pass: until_resolved",
               "pass: {until: end_of_combat}"], hand, expect="expect:\n  life: {Ana: 20}\n")
    assert r.exit_status == 0


def test_protection_prevents_damage_from_that_colour() -> None:  # ru-cr 702.16e
    r = scene(BLOCK + ["pass: {until: end_of_combat}"], troll=", keywords: [protection:red]",
              expect="expect:\n  damage: {Troll: 0, Giant: 2}\n")
    assert r.exit_status == 0


def test_two_shields_whose_order_matters_are_the_affected_players_choice() -> None:  # ru-cr 616.1
    hand = ["{name: Salve, types: [instant], effect: [{prevent: 3}]}",
            "{name: Ward, types: [instant], effect: [{prevent: all}]}"]
    actions = BLOCK + ["cast: {player: Ana, card: Salve, targets: [Troll]}", "pass: until_resolved",
                       "cast: {player: Ana, card: Ward, targets: [Troll]}", "pass: until_resolved",
                       "pass: {until: end_of_combat}"]
    missing = scene(actions, hand)
    assert missing.exit_status == 3 and "Ana must choose an order" in missing.rejected.reason
    answered = scene(actions + ["choose: {player: Ana, order: [Ward, Salve]}"], hand,
                     expect="expect:\n  damage: {Troll: 0}\n")
    assert answered.exit_status == 0
