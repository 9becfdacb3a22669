"""A scenario's numbers as large as a file may write them: answered at once, never a run without end (a hostile
or mistyped file: ``draw: 1000000000``, ``x: 1000000000000``). The rules the answers rest on are those of the
small numbers: 704.5b for a draw from an empty library, 601.2h and 107.3a for X."""

from __future__ import annotations

from collections import Counter

from engine_support import cast_in_main, play
from izvori_rules.engine.mana import parse_pool, pay


def test_a_billion_draws_from_a_short_library_draw_it_and_lose() -> None:
    # ru-cr 704.5b: "a player who attempted to draw a card from a library with no cards in it ... loses"; every
    # draw after the first attempt is that attempt again (was: a billion draws, each narrated)
    result = play("""\
        scenario: "t"
        ruleset: mtg
        players:
          - name: Ana
            library: 2
            hand:
              - {name: Flood, types: [sorcery], effect: [{draw: 1000000000}]}
          - name: Boris
        turn: {active: Ana, step: main1}
        actions:
          - cast: {player: Ana, card: Flood}
          - pass: until_resolved
        expect:
          library: {Ana: 0}
          winner: Boris
          losers: [Ana]
        """)
    assert result.exit_status == 0
    assert sum(step.event == "draw" for step in result.steps) == 2


def test_an_x_of_a_trillion_is_paid_and_dealt() -> None:
    # ru-cr 107.3a: X is the value chosen; Fireball deals X to its one target (was: one loop pass per mana paid)
    result = cast_in_main("Fireball", ", x: 1000000000000, targets: [Boris]", "1000000000000R")
    assert result.exit_status == 0 and result.state is not None
    assert [(p.name, p.life, p.mana_pool) for p in result.state.players] == [("Ana", 20, ""),
                                                                            ("Boris", 20 - 10**12, "")]


def test_generic_mana_is_paid_from_colourless_then_from_the_colour_held_most() -> None:
    # mana.py's rule for the choice the file cannot state: 4 generic from RRGGGU is G (3 held), then R and G
    # tied at 2 (W U B R G order: R), G, then U, R and G tied at 1 (U first)
    assert pay(parse_pool("RRGGGU"), "4") == Counter({"G": 2, "R": 1, "U": 1})
    assert pay(parse_pool("2RG"), "3") == Counter({"C": 2, "R": 1})
    assert pay(parse_pool("RG"), "3") is None  # ru-cr 601.2h: no partial payments
    assert pay(Counter({"R": 10**12, "G": 10**12 + 1}), str(2 * 10**12)) == Counter({"R": 10**12, "G": 10**12})
