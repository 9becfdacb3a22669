"""Issue 14: the choices a scenario must state (X, kicker, modes, division, costs), answered with exit 3 when
missing; planeswalkers refused under izvori; the restriction phrases of :mod:`izvori_rules.engine.targeting`.

Each expectation is the rule's own demand: the player announces X, modes, kicker and the division as the spell
is cast (ru-cr:601.2b, ru-cr:601.2d; sr-judge:D10.12, sr-judge:D10.15), the controller of a creature that "may"
assign its damage as though unblocked chooses (ru-cr:510.1c), the active player chooses the cards discarded to
hand size (ru-cr:514.1, sr-judge:C15.10); sr-judge's card types (B6.21) have no planeswalker.
"""

from __future__ import annotations

import pytest

from engine_support import cast_in_main, in_main, play
from izvori_rules.engine import targeting
from izvori_rules.errors import ScenarioInvalid
from izvori_rules.serialize import scenario_json

def _cast(card: str, extra: str, pool: str = "9WUBRG", ruleset: str = "mtg") -> object:
    return cast_in_main(card, extra, pool, ruleset, battlefield=["{card: Llanowar Elves}"],
                        opposing=["{card: Grizzly Bears}"])


@pytest.mark.parametrize(("card", "extra", "word"), [
    ("Rolling Thunder", ", divide: {Boris: 1}", "X"),  # ru-cr:107.3a: X is announced
    ("Burst Lightning", ", targets: [Boris]", "kicker"),  # ru-cr:601.2b: the intention to pay kicker
    ("Dromar's Charm", "", "modes"),  # ru-cr:700.2a: the mode is chosen as it is cast
    ("Rolling Thunder", ", x: 2", "divides"),  # ru-cr:601.2d: the division is announced
    ("Bone Splinters", ", targets: [Grizzly Bears]", "sacrifice"),  # ru-cr:601.2h: what pays the cost
    ("Tormenting Voice", "", "discard"),
], ids=["x", "kicker", "modes", "divide", "sacrifice", "discard"])
def test_a_choice_the_file_does_not_state_is_exit_3(card: str, extra: str, word: str) -> None:
    result = _cast(card, extra)
    assert result.exit_status == 3
    assert result.rejected is not None and result.rejected.kind == "missing_choice"
    assert word in result.rejected.reason


def test_the_stated_choices_are_played() -> None:
    # ru-cr:601.2d: 2 to the Bears (lethal for a 2/2), 1 to Boris
    result = _cast("Rolling Thunder", ", x: 3, divide: {Grizzly Bears: 2, Boris: 1}", pool="3RR")
    assert result.exit_status == 0
    state = scenario_json(result)["state"]
    assert state["players"]["Boris"]["life"] == 19
    assert state["players"]["Boris"]["graveyard"] == ["Grizzly Bears"]


def test_a_planeswalker_under_izvori_is_refused_naming_why() -> None:
    result = in_main("izvori", battlefield=["{name: Jace, types: [planeswalker], loyalty: 3}"])
    assert result.exit_status == 3
    assert result.rejected is not None and "planeswalker" in result.rejected.reason
    assert "sr-judge:B6.21" in result.rejected.rules  # the card types Izvori has


def test_a_planeswalker_card_under_izvori_is_refused() -> None:
    result = in_main("izvori", battlefield=["{name: Walker, types: [creature], power: 10, toughness: 10, "
                                            'abilities: [{loyalty: {cost: "+1", effect: [{gain_life: 10}]}}]}'])
    assert result.exit_status == 3


def test_damage_as_though_unblocked_must_be_chosen() -> None:
    result = play("""
        scenario: "t"
        ruleset: mtg
        players:
          - name: Ana
            battlefield:
              - {card: Thorn Elemental}
          - name: Boris
            battlefield:
              - {card: Grizzly Bears}
        turn: {active: Ana, step: declare_attackers}
        actions:
          - attack: {Thorn Elemental: Boris}
          - block: {Grizzly Bears: Thorn Elemental}
          - pass: {until: main2}
        """)
    assert result.exit_status == 3  # ru-cr:510.1c: "you may have it assign ... as though it weren't blocked"
    assert result.rejected is not None and result.rejected.kind == "missing_choice"


def test_discarding_to_hand_size_must_be_chosen() -> None:
    hand = "\n".join(f"      - {{name: Card {i}, types: [sorcery]}}" for i in range(9))
    result = play(f"""
scenario: "t"
ruleset: mtg
players:
  - name: Ana
    hand:
{hand}
  - name: Boris
turn: {{active: Ana, step: end}}
actions:
  - pass: {{until: cleanup}}
""")
    assert result.exit_status == 3  # ru-cr:514.1: the active player chooses the two cards
    assert result.rejected is not None and "discard" in result.rejected.reason


@pytest.mark.parametrize(("phrase", "field", "value"), [
    ("nonblack creature", "not_colors", ("black",)),
    ("creature you control", "controller", "you"),
    ("artifact or creature", "types", ("artifact", "creature")),
    ("noncreature spell", "kind", "spell"),
    ("another creature", "other", True),
    ("Goblin", "subtypes", ("goblin",)),
    ("target player", "kind", "player"),
], ids=lambda v: str(v))
def test_restriction_phrases(phrase: str, field: str, value: object) -> None:
    assert getattr(targeting.parse(phrase), field) == value


def test_an_unreadable_phrase_is_a_file_mistake() -> None:
    with pytest.raises(ScenarioInvalid, match="unknown word '3'"):
        play("""
        scenario: "t"
        ruleset: mtg
        players:
          - name: Ana
            hand:
              - {name: Odd, types: [instant], effect: [{destroy: target, target: "creature 3"}]}
          - name: Boris
        turn: {active: Ana, step: main1}
        """)


def test_x_of_a_loyalty_cost_must_be_stated() -> None:  # ru-cr 107.3a: [-X] is announced as it is activated
    result = in_main(battlefield=["{card: Chandra Nalaar}"], opposing=["{card: Hill Giant}"],
                     actions=["activate: {player: Ana, source: Chandra Nalaar, ability: 1, targets: [Hill Giant]}"])
    assert result.exit_status == 3
    assert result.rejected is not None and "X" in result.rejected.reason
