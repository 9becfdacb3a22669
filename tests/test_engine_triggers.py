"""Triggered abilities: APNAP order, a player's own order, targets chosen when put on the stack, and a loop of
mandatory triggers that is a draw (ru-cr 603.3b, 603.3d, 104.4b; sr-judge D11.30, D11.40, A3.42)."""

from __future__ import annotations

from engine_support import play

WRATH = """\
scenario: dies triggers
ruleset: mtg
players:
  - name: Ana
    hand: [{{name: Wrath, types: [sorcery], effect: [{{destroy: all_creatures}}]}}]
    battlefield:
      - {{name: AnaOne, types: [creature], power: 1, toughness: 1, abilities: [{{triggered: {{when: dies, effect: [{{gain_life: 1}}]}}}}]}}
      - {{name: AnaTwo, types: [creature], power: 1, toughness: 1, abilities: [{{triggered: {{when: dies, effect: [{{gain_life: 2}}]}}}}]}}
  - name: Boris
    battlefield:
      - {{name: BorisOne, types: [creature], power: 1, toughness: 1, abilities: [{{triggered: {{when: dies, effect: [{{damage: 1}}], targets: [{target}]}}}}]}}
turn: {{active: Ana, step: main1}}
actions:
  - cast: {{player: Ana, card: Wrath}}
  - pass: priority
  - pass: priority
{more}
"""


def resolved_order(result: object) -> list[str]:
    return [s.text.split("'")[0] for s in result.steps if s.event == "resolve" and "ability" in s.text]


def test_apnap_the_active_players_triggers_go_on_the_stack_first() -> None:
    more = "  - choose: {player: Ana, order: [AnaOne, AnaTwo]}\n  - choose: {player: Boris, targets: [Ana]}\n" \
           "  - pass: until_resolved\n"
    r = play(WRATH.format(target="any", more=more) + "expect:\n  life: {Ana: 22}\n")
    assert r.exit_status == 0
    # Boris's (nonactive) trigger is put on the stack last and resolves first; Ana's AnaTwo, put after AnaOne,
    # resolves before it (ru-cr 603.3b).
    assert resolved_order(r) == ["BorisOne", "AnaTwo", "AnaOne"]


def test_a_players_own_order_is_a_choice() -> None:
    r = play(WRATH.format(target="Ana", more="  - pass: until_resolved\n"))
    assert r.exit_status == 3
    assert "Ana must choose an order" in r.rejected.reason


def test_trigger_targets_are_chosen_when_put_on_the_stack() -> None:
    more = "  - choose: {player: Ana, order: [AnaTwo, AnaOne]}\n  - pass: until_resolved\n"
    r = play(WRATH.format(target="any", more=more))
    assert r.exit_status == 3 and "Boris must choose targets" in r.rejected.reason


def test_a_fixed_target_that_is_gone_removes_the_trigger() -> None:  # ru-cr 603.3d
    more = "  - choose: {player: Ana, order: [AnaTwo, AnaOne]}\n  - pass: until_resolved\n"
    r = play(WRATH.format(target="AnaOne", more=more) + "expect:\n  life: {Ana: 23}\n")
    assert r.exit_status == 0
    assert any(s.event == "trigger_removed" for s in r.steps)


LOOP = """\
scenario: a loop of mandatory triggers
ruleset: {ruleset}
cards:
  Spark Wisp:
    types: [creature]
    power: 0
    toughness: 0
    abilities:
      - triggered: {{when: dies, effect: [{{create_token: {{card: Spark Wisp}}}}]}}
players:
  - name: Ana
    hand: [{{name: Make Wisp, types: [sorcery], effect: [{{create_token: {{card: Spark Wisp}}}}]}}]
  - name: Boris
turn: {{active: Ana, step: main1}}
actions:
  - cast: {{player: Ana, card: Make Wisp}}
  - pass: until_resolved
  - pass: next_step
expect:
  winner: draw
"""


def test_a_loop_that_never_ends_is_a_draw_not_a_hang() -> None:
    mtg = play(LOOP.format(ruleset="mtg"))
    assert mtg.exit_status == 0 and mtg.skipped == (3,)
    assert any(s.event == "loop" and s.rules == ("ru-cr:104.4b",) for s in mtg.steps)
    izvori = play(LOOP.format(ruleset="izvori"))
    assert any(s.event == "loop" and s.rules == ("sr-judge:A3.42", "sr-judge:D22.40") for s in izvori.steps)


def test_a_loop_that_keeps_making_tokens_is_stopped() -> None:
    text = LOOP.format(ruleset="mtg").replace("power: 0\n    toughness: 0", "power: 1\n    toughness: 1").replace(
        "when: dies", "when: enters")
    r = play(text)
    assert r.exit_status == 0 and r.state.winner == "draw"


def test_upkeep_triggers_of_the_active_player() -> None:  # ru-cr 503.1a
    text = """\
    scenario: upkeep
    ruleset: mtg
    players:
      - name: Ana
        battlefield: [{name: Idol, types: [artifact], abilities: [{triggered: {when: upkeep, effect: [{draw: 1}]}}]}]
      - name: Boris
        battlefield: [{name: Idol2, types: [artifact], abilities: [{triggered: {when: upkeep, effect: [{draw: 1}]}}]}]
    turn: {active: Ana, step: untap}
    actions:
      - pass: {until: draw}
    expect:
      library: {Ana: 28, Boris: 30}
    """
    assert play(text).exit_status == 0
