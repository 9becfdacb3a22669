"""The same scenario, played in both rulesets, gives the two answers the two documents give.

Each case is one judge question; the expected answers are read from ru-cr (mtg) and sr-judge (izvori), cited
per case.
"""

from __future__ import annotations

from engine_support import outcome, play

SACRIFICE_AFTER_DAMAGE = """\
scenario: "Sacrifice a blocker after combat damage is assigned"
ruleset: {ruleset}
players:
  - name: Ana
    battlefield:
      - {{name: Goblin Piker, types: [creature], colors: [red], power: {two}, toughness: {one}}}
  - name: Boris
    battlefield:
      - name: Mogg Fanatic
        types: [creature]
        colors: [red]
        power: {one}
        toughness: {one}
        abilities:
          - activated: {{cost: {{sacrifice: self}}, effect: [{{damage: {one}}}]}}
turn: {{active: Ana, step: declare_attackers}}
actions:
  - attack: {{Goblin Piker: Boris}}
  - block: {{Mogg Fanatic: Goblin Piker}}
  - pass: {{until: combat_damage}}
  - activate: {{player: Boris, source: Mogg Fanatic, targets: [Goblin Piker]}}
  - pass: {{until: main2}}
"""


def test_damage_on_the_stack_lets_a_sacrificed_blocker_deal_its_damage() -> None:
    # izvori: combat damage goes on the stack and players get priority (sr-judge C11.10); it is dealt as
    # assigned even if the source has left (C11.41): the Fanatic's 10 and its ability's 10 both hit the Piker.
    izvori = play(SACRIFICE_AFTER_DAMAGE.format(ruleset="izvori", one=10, two=20))
    assert izvori.exit_status == 0
    assert izvori.state is not None
    assert dict(izvori.state.players[0].zones)["graveyard"] == ("Goblin Piker",)
    # mtg: combat damage is dealt as the step begins, with no priority between assigning and dealing it
    # (ru-cr 510.2): the Fanatic is already dead when Boris would sacrifice it, so the action is illegal.
    mtg = play(SACRIFICE_AFTER_DAMAGE.format(ruleset="mtg", one=1, two=2))
    assert mtg.exit_status == 4
    assert mtg.rejected is not None and mtg.rejected.action == 4
    assert "not on the battlefield" in mtg.rejected.reason


MANA_BURN = """\
scenario: "Unused mana at the end of the main phase"
ruleset: {ruleset}
players:
  - {{name: Ana, mana_pool: "RR"}}
  - name: Boris
turn: {{active: Ana, step: main1}}
actions:
  - pass: {{until: beginning_of_combat}}
expect:
  mana_pool: {{Ana: ""}}
"""


def test_mana_burn_costs_life_only_in_izvori() -> None:
    # sr-judge C1.30: unused mana is lost at the end of a phase and the player loses 10 life per mana;
    # ru-cr 500.4: the pool empties, and nothing else happens.
    assert outcome(play(MANA_BURN.format(ruleset="izvori") + "  life: {Ana: 180}\n"), "life.Ana") == 180
    assert outcome(play(MANA_BURN.format(ruleset="mtg") + "  life: {Ana: 20}\n"), "life.Ana") == 20


def test_izvori_pools_keep_mana_between_steps_of_one_phase() -> None:
    # sr-judge C1.30 applies to phases ("ne važi za korak"); ru-cr 500.4 empties the pool after every step.
    text = MANA_BURN.replace("step: main1", "step: upkeep").replace("until: beginning_of_combat", "until: draw")
    text = text.replace('mana_pool: {{Ana: ""}}', 'mana_pool: {{Ana: "RR"}}')
    assert play(text.format(ruleset="izvori")).exit_status == 0
    assert outcome(play(text.format(ruleset="mtg")), "mana_pool.Ana") == ""


MINIMUM = """\
scenario: "Trample over a blocker that already has damage"
ruleset: {ruleset}
players:
  - name: Ana
    battlefield:
      - {{name: Wurm, types: [creature], power: 12, toughness: 12, keywords: [trample]}}
  - name: Boris
    battlefield:
      - {{name: Wall, types: [creature], power: 0, toughness: 10, damage: 8}}
turn: {{active: Ana, step: declare_attackers}}
actions:
  - attack: {{Wurm: Boris}}
  - block: {{Wall: Wurm}}
  - pass: {{until: end_of_combat}}
"""


def test_the_5_damage_minimum_changes_the_trample_split() -> None:
    # ru-cr 702.19b: lethal damage counts damage already marked: 2 to the Wall, 10 to Boris.
    mtg = play(MINIMUM.format(ruleset="mtg"))
    assert mtg.state is not None and mtg.state.players[1].life == 20 - 10
    # sr-judge C11.25: at least 5 to each recipient: 5 to the Wall, 7 to Boris.
    izvori = play(MINIMUM.format(ruleset="izvori"))
    assert izvori.state is not None and izvori.state.players[1].life == 200 - 7


def test_an_assignment_under_5_is_illegal_only_in_izvori() -> None:
    text = MINIMUM.replace("  - pass: {{until: end_of_combat}}", "  - assign_damage: {{Wurm: {{Wall: 9, Boris: 3}}}}\n"
                           "  - pass: {{until: end_of_combat}}")
    assert play(text.format(ruleset="mtg")).exit_status == 0  # 9 ≥ lethal 2 (702.19b)
    izvori = play(text.format(ruleset="izvori"))
    assert izvori.exit_status == 4 and izvori.rejected is not None
    assert izvori.rejected.rules == ("sr-judge:C11.25",)


PRIORITY = """\
scenario: "Who has priority after a spell is cast?"
ruleset: {ruleset}
players:
  - name: Ana
    hand:
      - {{name: Bolt, types: [instant], colors: [red], effect: [{{damage: 3}}]}}
  - name: Boris
turn: {{active: Ana, step: main1}}
actions:
  - cast: {{player: Ana, card: Bolt, targets: [Boris]}}
  - pass: priority
expect:
  priority: {holder}
  stack: [Bolt]
"""


def test_priority_after_casting() -> None:
    # ru-cr 116.3c: the caster receives priority again, so the pass is Ana's and Boris now holds priority.
    assert play(PRIORITY.format(ruleset="mtg", holder="Boris")).exit_status == 0
    # sr-judge D9.13, D10.19: priority passes to the next player, so the pass is Boris's and Ana holds it.
    assert play(PRIORITY.format(ruleset="izvori", holder="Ana")).exit_status == 0


DEATHTOUCH = """\
scenario: "A deathtouch blocker"
ruleset: {ruleset}
players:
  - name: Ana
    battlefield:
      - {{name: Giant, types: [creature], power: 30, toughness: 30}}
  - name: Boris
    battlefield:
      - {{name: Snake, types: [creature], power: 10, toughness: 10, keywords: [deathtouch]}}
turn: {{active: Ana, step: declare_attackers}}
actions:
  - attack: {{Giant: Boris}}
  - block: {{Snake: Giant}}
  - pass: {{until: end_of_combat}}
expect:
  zones:
    graveyard: {{Ana: [Giant], Boris: [Snake]}}
"""


def test_a_keyword_only_mtg_has() -> None:
    # ru-cr 702.2b / 704.5h: any damage from a deathtouch source destroys the creature.
    assert play(DEATHTOUCH.format(ruleset="mtg")).exit_status == 0
    # sr-judge E3 lists izvori's keywords; deathtouch is not one: the engine refuses rather than guess.
    izvori = play(DEATHTOUCH.format(ruleset="izvori"))
    assert izvori.exit_status == 3 and izvori.rejected is not None
    assert "no keyword deathtouch" in izvori.rejected.reason


LAND = """\
scenario: "Playing a red instant as a land"
ruleset: {ruleset}
players:
  - name: Ana
    hand:
      - {{name: Grom, types: [instant], colors: [red], effect: [{{damage: 20}}]}}
  - name: Boris
turn: {{active: Ana, step: main1}}
actions:
  - play_land: {{player: Ana, card: Grom}}
  - activate: {{player: Ana, source: Grom, ability: 0}}
expect:
  mana_pool: {{Ana: "R"}}
  zones:
    battlefield: {{Ana: [Grom]}}
"""


def test_any_card_can_be_played_as_a_land_only_in_izvori() -> None:
    # sr-judge B12.71, B12.76: any card may be played as a land; a red one is a colourless Vatra that taps for R.
    izvori = play(LAND.format(ruleset="izvori"))
    assert izvori.exit_status == 0
    # ru-cr 305.1: only a land card is played as a land.
    mtg = play(LAND.format(ruleset="mtg"))
    assert mtg.exit_status == 4 and mtg.rejected is not None and mtg.rejected.rules == ("ru-cr:305.1",)


ORDER = """\
scenario: "Damage to the second blocker only"
ruleset: {ruleset}
players:
  - name: Ana
    battlefield:
      - {{name: Giant, types: [creature], power: 40, toughness: 40}}
  - name: Boris
    battlefield:
      - {{name: Guard, types: [creature], power: 10, toughness: 20}}
      - {{name: Archer, types: [creature], power: 10, toughness: 20}}
turn: {{active: Ana, step: declare_attackers}}
actions:
  - attack: {{Giant: Boris}}
  - block: {{Guard: Giant, Archer: Giant}}
  - assign_damage: {{Giant: {{Archer: 40}}}}
  - pass: {{until: end_of_combat}}
"""


def test_a_damage_assignment_order_exists_only_in_mtg() -> None:
    # ru-cr 509.2, 510.1c: the Guard comes first in the order and must get lethal damage first.
    mtg = play(ORDER.format(ruleset="mtg"))
    assert mtg.exit_status == 4 and mtg.rejected is not None and mtg.rejected.action == 3
    # sr-judge C11.23: the damage is divided as the controller chooses among the blockers.
    izvori = play(ORDER.format(ruleset="izvori"))
    assert izvori.exit_status == 0
    assert izvori.state is not None and dict(izvori.state.players[1].zones)["graveyard"] == ("Archer",)


COUNTERS = """\
scenario: "Opposite counters"
ruleset: {ruleset}
players:
  - name: Ana
    battlefield:
      - {{name: Bear, types: [creature], power: 2, toughness: 2, counters: {{"+1/+1": 1, "-1/-1": 1, "+10/+10": 1, "-10/-10": 1}}}}
  - name: Boris
turn: {{active: Ana, step: main1}}
actions:
  - pass: priority
expect:
  counters: {{Bear: {expected}}}
"""


def test_only_the_rulesets_own_counters_cancel() -> None:
    # ru-cr 704.5q cancels +1/+1 with -1/-1; sr-judge D21.59 cancels +10/+10 with -10/-10.
    assert play(COUNTERS.format(ruleset="mtg", expected='{"+10/+10": 1, "-10/-10": 1}')).exit_status == 0
    assert play(COUNTERS.format(ruleset="izvori", expected='{"+1/+1": 1, "-1/-1": 1}')).exit_status == 0
