"""State-based actions, all at once and repeated (ru-cr 704.3, 704.5; sr-judge D21.30, D21.51–D21.59)."""

from __future__ import annotations

import pytest

from engine_support import play

GAME = """\
scenario: sba
ruleset: {ruleset}
players:
  - name: Ana
    life: {ana_life}
    library: {library}
    hand:
      - {{name: Bolt, types: [instant], colors: [red], effect: [{{damage: {bolt}, to: {to}}}]}}
    battlefield:
{ana}
  - name: Boris
    life: {boris_life}
    battlefield:
{boris}
turn: {{active: Ana, step: {step}}}
actions:
{actions}
"""


def game(actions: list[str], ruleset: str = "mtg", ana: list[str] = (), boris: list[str] = (), ana_life: int = 20,
         boris_life: int = 20, bolt: int = 3, to: str = "each_player", library: int = 30, step: str = "main1",
         expect: str = "") -> object:
    text = GAME.format(ruleset=ruleset, ana_life=ana_life, boris_life=boris_life, bolt=bolt, to=to, library=library,
                       step=step, ana="\n".join(f"      - {o}" for o in ana) or "      []",
                       boris="\n".join(f"      - {o}" for o in boris) or "      []",
                       actions="\n".join(f"  - {a}" for a in actions))
    return play(text + expect)


CAST = ["cast: {player: Ana, card: Bolt}", "pass: until_resolved"]


def test_zero_life_loses_and_the_other_player_wins() -> None:  # ru-cr 704.5a, 104.2a
    r = game(CAST + ["pass: next_step"], boris_life=3, expect="expect:\n  winner: Ana\n  losers: [Boris]\n")
    assert r.exit_status == 0 and r.skipped == (3,)


def test_both_at_zero_is_a_draw() -> None:  # ru-cr 104.4a, sr-judge A3.41
    r = game(CAST, ana_life=3, boris_life=2, expect="expect:\n  winner: draw\n  losers: [Ana, Boris]\n")
    assert r.exit_status == 0


def test_drawing_from_an_empty_library_loses() -> None:  # ru-cr 704.5b
    r = game(["pass: next_step"], library=0, step="upkeep", expect="expect:\n  winner: Boris\n  losers: [Ana]\n")
    assert r.exit_status == 0


def test_a_token_off_the_battlefield_ceases_to_exist() -> None:  # ru-cr 704.5d
    hand_token = ["{name: Maker, types: [sorcery], effect: [{create_token: {name: Soldier, types: [creature], power: 1, toughness: 1}}]}"]
    text = GAME.replace("      - {{name: Bolt", "      - " + hand_token[0].replace("{", "{{").replace("}", "}}")
                        + "\n      - {{name: Bolt")
    r = play(text.format(ruleset="mtg", ana_life=20, boris_life=20, bolt=1, to="each_creature", library=30, step="main1",
                         ana="      []", boris="      []",
                         actions="  - cast: {player: Ana, card: Maker}\n  - pass: until_resolved\n"
                                 "  - cast: {player: Ana, card: Bolt}\n  - pass: until_resolved")
             + "expect:\n  zones:\n    battlefield: {Ana: []}\n    graveyard: {Ana: [Bolt, Maker]}\n")
    assert r.exit_status == 0


def test_aura_goes_to_the_graveyard_when_its_creature_dies() -> None:  # ru-cr 704.5m
    r = game(CAST, to="each_creature", ana=["{name: Bear, types: [creature], power: 2, toughness: 2}",
                                            "{name: Rancor, types: [enchantment], subtypes: [Aura], attached_to: Bear}"],
             expect="expect:\n  zones:\n    graveyard: {Ana: [Bear, Bolt, Rancor]}\n")
    assert r.exit_status == 0


def test_equipment_stays_when_its_creature_dies() -> None:  # ru-cr 704.5n
    r = game(CAST, to="each_creature", ana=["{name: Bear, types: [creature], power: 2, toughness: 2}",
                                            "{name: Sword, types: [artifact], subtypes: [Equipment], attached_to: Bear}"],
             expect="expect:\n  zones:\n    battlefield: {Ana: [Sword]}\n")
    assert r.exit_status == 0


def test_equipment_static_ability_applies_to_the_equipped_creature() -> None:
    sword = "{name: Sword, types: [artifact], subtypes: [Equipment], attached_to: Bear, abilities: [{static: {equipped_creature: {power: 2, toughness: 2}}}]}"
    r = game(["pass: priority"], ana=["{name: Bear, types: [creature], power: 2, toughness: 2}", sword],
             expect="expect:\n  power_toughness: {Bear: 4/4}\n")
    assert r.exit_status == 0


@pytest.mark.parametrize(("ruleset", "counters", "left"), [
    ("mtg", '{"+1/+1": 3, "-1/-1": 1}', '{"+1/+1": 2}'),  # ru-cr 704.5q
    ("izvori", '{"+10/+10": 1, "-10/-10": 2}', '{"-10/-10": 1}'),  # sr-judge D21.59
])
def test_opposite_counters_cancel(ruleset: str, counters: str, left: str) -> None:
    r = game(["pass: priority"], ruleset=ruleset,
             ana=[f"{{name: Bear, types: [creature], power: 20, toughness: 20, counters: {counters}}}"],
             expect=f"expect:\n  counters: {{Bear: {left}}}\n")
    assert r.exit_status == 0


def test_the_legend_rule_needs_the_controllers_choice() -> None:  # ru-cr 704.5j (2019)
    legends = ["{name: Isamaru, id: i1, types: [creature], supertypes: [legendary], power: 2, toughness: 1}",
               "{name: Isamaru, id: i2, types: [creature], supertypes: [legendary], power: 2, toughness: 1}"]
    assert game(["pass: priority"], ana=legends).exit_status == 3
    r = game(["choose: {player: Ana, targets: [i2]}", "pass: priority"], ana=legends,
             expect="expect:\n  zones:\n    battlefield: {Ana: [i2]}\n    graveyard: {Ana: [i1]}\n")
    assert r.exit_status == 0


def test_izvori_has_no_legend_rule() -> None:
    r = game(["pass: priority"], ruleset="izvori",
             ana=["{name: A, types: [creature], supertypes: [legendary], power: 20, toughness: 20}"])
    assert r.exit_status == 3 and "no legendary supertype" in r.rejected.reason


def test_sba_happen_together_then_repeat() -> None:  # ru-cr 704.3
    r = game(CAST, to="each_creature", bolt=2,
             ana=["{name: Bear, types: [creature], power: 2, toughness: 2}",
                  "{name: Elf, types: [creature], power: 1, toughness: 1, damage: 0}"],
             expect="expect:\n  zones:\n    graveyard: {Ana: [Bear, Bolt, Elf]}\n")
    assert r.exit_status == 0
