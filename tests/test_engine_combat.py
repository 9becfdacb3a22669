"""Combat: declaring attackers and blockers with their restrictions, damage assignment, first and double
strike, trample, deathtouch, lifelink. Expected values are read from the rules cited per case."""

from __future__ import annotations

import pytest

from engine_support import events, outcome, play

FIGHT = """\
scenario: fight
ruleset: {ruleset}
players:
  - name: Ana
    battlefield:
{ana}
  - name: Boris
    battlefield:
{boris}
turn: {{active: Ana, step: declare_attackers}}
actions:
{actions}
"""


def fight(ana: list[str], boris: list[str], actions: list[str], ruleset: str = "mtg", expect: str = "") -> object:
    text = FIGHT.format(ruleset=ruleset, ana="\n".join(f"      - {o}" for o in ana) or "      []",
                        boris="\n".join(f"      - {o}" for o in boris) or "      []",
                        actions="\n".join(f"  - {a}" for a in actions))
    return play(text + expect)


def creature(name: str, p: int, t: int, *kw: str, extra: str = "") -> str:
    keywords = f", keywords: [{', '.join(kw)}]" if kw else ""
    return f"{{name: {name}, types: [creature], power: {p}, toughness: {t}{keywords}{extra}}}"


ATTACK = "attack: {A: Boris}"
BLOCK = "block: {{{blocks}}}"
TO_END = "pass: {until: end_of_combat}"


def test_unblocked_attacker_damages_the_player() -> None:  # ru-cr 510.1b
    r = fight([creature("A", 3, 3)], [], [ATTACK, TO_END])
    assert r.state.players[1].life == 17


@pytest.mark.parametrize(("attacker", "blocker", "legal"), [
    (("flying",), (), False),  # ru-cr 702.9b
    (("flying",), ("reach",), True),  # ru-cr 702.17b
    (("flying",), ("flying",), True),
    (("fear",), (), False),  # ru-cr 702.35b
    (("protection:green",), (), False),  # ru-cr 702.16f (the blocker is green)
    (("protection:red",), (), True),
    (("menace",), (), False),  # ru-cr 702.110b: one blocker is not enough
], ids=["flying", "flying-reach", "flying-flying", "fear", "protection-colour", "protection-other", "menace"])
def test_blocking_restrictions(attacker: tuple[str, ...], blocker: tuple[str, ...], legal: bool) -> None:
    r = fight([creature("A", 2, 2, *attacker)], [creature("B", 2, 2, *blocker, extra=", colors: [green]")],
              [ATTACK, "block: {B: A}", TO_END])
    assert r.exit_status == (0 if legal else 4)
    if not legal:
        assert r.rejected.action == 2 and r.rejected.rules


def test_fear_allows_an_artifact_or_black_blocker() -> None:  # ru-cr 702.35b
    r = fight([creature("A", 2, 2, "fear")], [creature("B", 1, 1, extra=", colors: [black]"),
                                              "{name: C, types: [artifact, creature], power: 1, toughness: 1}"],
              [ATTACK, "block: {B: A, C: A}", TO_END])
    assert r.exit_status == 0


def test_menace_with_two_blockers_is_legal() -> None:
    r = fight([creature("A", 2, 2, "menace")], [creature("B", 1, 1), creature("C", 1, 1)],
              [ATTACK, "block: {B: A, C: A}", TO_END])
    assert r.exit_status == 0


def test_landwalk_needs_the_land_on_the_defenders_side() -> None:  # ru-cr 702.14c
    forest = "{name: Forest, types: [land], subtypes: [Forest]}"
    blocked = fight([creature("A", 2, 2, "forestwalk")], [creature("B", 2, 2), forest], [ATTACK, "block: {B: A}"])
    assert blocked.exit_status == 4
    free = fight([creature("A", 2, 2, "forestwalk")], [creature("B", 2, 2)], [ATTACK, "block: {B: A}"])
    assert free.exit_status == 0


def test_izvori_landwalk_reads_izvori_land_types() -> None:  # sr-judge E3.42, B12.76 (Šuma = forest)
    r = fight([creature("A", 20, 20, "Šumski")], [creature("B", 20, 20), "{name: Suma, types: [izvor], subtypes: [Šuma]}"],
              [ATTACK, "block: {B: A}"], ruleset="izvori")
    assert r.exit_status == 4 and r.rejected.rules == ("sr-judge:E3.42",)


@pytest.mark.parametrize(("extra", "legal"), [
    (", tapped: true", False), (", summoning_sick: true", False), (", summoning_sick: true, keywords: [haste]", True),
    (", keywords: [defender]", False),
], ids=["tapped", "summoning-sick", "haste", "defender"])
def test_attack_restrictions(extra: str, legal: bool) -> None:  # ru-cr 508.1a, 702.10b, 702.3b
    r = fight([f"{{name: A, types: [creature], power: 2, toughness: 2{extra}}}"], [], [ATTACK, TO_END])
    assert r.exit_status == (0 if legal else 4)


def test_vigilance_attacker_does_not_tap() -> None:  # ru-cr 702.20b
    r = fight([creature("A", 2, 2, "vigilance")], [], [ATTACK, TO_END], expect="expect:\n  tapped: {A: false}\n")
    assert r.exit_status == 0


def test_attacker_taps() -> None:  # ru-cr 508.1f
    r = fight([creature("A", 2, 2)], [], [ATTACK, TO_END], expect="expect:\n  tapped: {A: true}\n")
    assert r.exit_status == 0


def test_blocked_creatures_trade() -> None:  # ru-cr 510.1c, 510.1d, 704.5g
    r = fight([creature("A", 2, 2)], [creature("B", 2, 2)], [ATTACK, "block: {B: A}", TO_END],
              expect="expect:\n  zones:\n    graveyard: {Ana: [A], Boris: [B]}\n  life: {Boris: 20}\n")
    assert r.exit_status == 0


def test_default_assignment_follows_the_blockers_order() -> None:  # ru-cr 510.1c: lethal to the first first
    r = fight([creature("A", 3, 3)], [creature("B", 1, 2), creature("C", 1, 2)],
              [ATTACK, "block: {B: A, C: A}", "order_blockers: {A: [C, B]}", TO_END],
              expect="expect:\n  zones:\n    graveyard: {Ana: [], Boris: [C]}\n  damage: {A: 2, B: 1}\n")
    assert r.exit_status == 0


def test_order_blockers_must_follow_the_block() -> None:  # ru-cr 509.2
    r = fight([creature("A", 3, 3)], [creature("B", 1, 2), creature("C", 1, 2)],
              [ATTACK, "block: {B: A, C: A}", "pass: priority", "order_blockers: {A: [C, B]}"])
    assert r.exit_status == 4 and r.rejected.action == 4


def test_an_assignment_must_total_the_power() -> None:  # ru-cr 510.1a
    r = fight([creature("A", 3, 3)], [creature("B", 1, 2)], [ATTACK, "block: {B: A}", "assign_damage: {A: {B: 2}}", TO_END])
    assert r.exit_status == 4 and r.rejected.action == 3


def test_blocked_attacker_without_trample_cannot_hit_the_player() -> None:
    r = fight([creature("A", 3, 3)], [creature("B", 1, 1)],
              [ATTACK, "block: {B: A}", "assign_damage: {A: {B: 1, Boris: 2}}", TO_END])
    assert r.exit_status == 4 and "no trample" in r.rejected.reason


def test_trample_with_deathtouch_needs_only_1_per_blocker() -> None:  # ru-cr 702.19b, 702.2c
    r = fight([creature("A", 3, 3, "trample", "deathtouch")], [creature("B", 2, 2), creature("C", 1, 1)],
              [ATTACK, "block: {B: A, C: A}", TO_END],
              expect="expect:\n  life: {Boris: 19}\n  zones:\n    graveyard: {Ana: [A], Boris: [B, C]}\n")
    assert r.exit_status == 0


def test_trample_with_every_blocker_removed_hits_the_player() -> None:  # ru-cr 702.19c
    r = fight([creature("A", 3, 3, "trample")], [creature("B", 1, 1)],
              [ATTACK, "block: {B: A}", TO_END], expect="")
    assert r.exit_status == 0
    text = FIGHT.format(ruleset="mtg", ana="      - " + creature("A", 3, 3, "trample"),
                        boris="      - " + creature("B", 1, 1, extra=", abilities: [{activated: {cost: {sacrifice: self}, effect: [{gain_life: 1}]}}]"),
                        actions="  - attack: {A: Boris}\n  - block: {B: A}\n"
                                "  - activate: {player: Boris, source: B}\n  - pass: {until: end_of_combat}")
    r = play(text + "expect:\n  life: {Boris: 18}\n")  # 20 + 1 - 3
    assert r.exit_status == 0


def test_blocked_attacker_whose_blocker_left_deals_no_damage() -> None:  # ru-cr 506.4, 510.1c
    text = FIGHT.format(ruleset="mtg", ana="      - " + creature("A", 3, 3),
                        boris="      - " + creature("B", 1, 1, extra=", abilities: [{activated: {cost: {sacrifice: self}, effect: [{gain_life: 1}]}}]"),
                        actions="  - attack: {A: Boris}\n  - block: {B: A}\n"
                                "  - activate: {player: Boris, source: B}\n  - pass: {until: end_of_combat}")
    assert play(text + "expect:\n  life: {Boris: 21}\n").exit_status == 0


def test_first_strike_kills_before_the_blocker_strikes_back() -> None:  # ru-cr 510.4, 702.7b
    r = fight([creature("A", 2, 2, "first_strike")], [creature("B", 2, 2)], [ATTACK, "block: {B: A}", TO_END],
              expect="expect:\n  zones:\n    graveyard: {Boris: [B]}\n  damage: {A: 0}\n")
    assert r.exit_status == 0
    assert events(r).count("step") == 5  # declare blockers, two combat damage steps, end of combat ... and start


def test_until_combat_damage_stops_in_the_first_strike_step() -> None:
    r = fight([creature("A", 2, 2, "first_strike")], [creature("B", 2, 2)],
              [ATTACK, "block: {B: A}", "pass: {until: combat_damage}"],
              expect="expect:\n  zones:\n    graveyard: {Boris: [B]}\n")
    assert r.exit_status == 0 and r.state.step == "combat_damage"


def test_double_strike_deals_damage_twice() -> None:  # ru-cr 702.4b
    r = fight([creature("A", 2, 2, "double_strike")], [], [ATTACK, TO_END], expect="expect:\n  life: {Boris: 16}\n")
    assert r.exit_status == 0


def test_first_strike_gained_after_the_first_step_does_not_strike_twice() -> None:  # ru-cr 702.7c
    r = fight([creature("A", 2, 2, "first_strike"), creature("C", 1, 1)], [],
              ["attack: {A: Boris, C: Boris}", "pass: {until: combat_damage}", TO_END],
              expect="expect:\n  life: {Boris: 17}\n")
    assert r.exit_status == 0


def test_izvori_first_strike_second_step_only_for_the_rest() -> None:  # sr-judge C11.50, E3.62
    r = fight([creature("A", 20, 20, "Jurišnik")], [creature("B", 30, 20)], [ATTACK, "block: {B: A}", TO_END],
              ruleset="izvori", expect="expect:\n  zones:\n    graveyard: {Boris: [B]}\n  damage: {A: 0}\n")
    assert r.exit_status == 0


def test_lifelink_gains_life_with_combat_damage() -> None:  # ru-cr 702.15b
    r = fight([creature("A", 3, 3, "lifelink")], [], [ATTACK, TO_END], expect="expect:\n  life: {Ana: 23, Boris: 17}\n")
    assert r.exit_status == 0


def test_deathtouch_blocker_kills_a_big_attacker() -> None:  # ru-cr 702.2b, 704.5h
    r = fight([creature("A", 5, 5)], [creature("B", 1, 1, "deathtouch")], [ATTACK, "block: {B: A}", TO_END],
              expect="expect:\n  zones:\n    graveyard: {Ana: [A], Boris: [B]}\n")
    assert r.exit_status == 0


def test_izvori_combat_damage_waits_on_the_stack() -> None:  # sr-judge C11.10, C11.40
    r = fight([creature("A", 20, 20)], [], [ATTACK, "pass: {until: combat_damage}"], ruleset="izvori",
              expect="expect:\n  stack: [combat damage]\n  life: {Boris: 200}\n")
    assert r.exit_status == 0
    r = fight([creature("A", 20, 20)], [], [ATTACK, "pass: {until: combat_damage}", "pass: until_resolved"],
              ruleset="izvori", expect="expect:\n  stack: []\n  life: {Boris: 180}\n")
    assert r.exit_status == 0


def test_izvori_power_under_5_is_refused() -> None:  # sr-judge C11.25 leaves it open
    r = fight([creature("A", 3, 3)], [], [ATTACK, TO_END], ruleset="izvori")
    assert r.exit_status == 3


def test_block_without_attackers_is_illegal() -> None:  # ru-cr 508.8
    r = fight([creature("A", 2, 2)], [creature("B", 2, 2)], ["block: {B: A}"])
    assert r.exit_status == 4 and "no creature attacks" in r.rejected.reason


def test_attack_in_a_later_step_is_illegal() -> None:  # ru-cr 508.1
    r = fight([creature("A", 2, 2)], [], ["pass: {until: main2}", ATTACK])
    assert r.exit_status == 4 and r.rejected.action == 2


def test_attack_from_an_earlier_step_advances() -> None:
    text = FIGHT.format(ruleset="mtg", ana="      - " + creature("A", 2, 2), boris="      []",
                        actions=f"  - {ATTACK}\n  - {TO_END}").replace("step: declare_attackers", "step: upkeep")
    r = play(text + "expect:\n  life: {Boris: 18}\n  library: {Ana: 29}\n")
    assert r.exit_status == 0


def test_combat_damage_triggers_once_per_creature() -> None:  # ru-cr 603.2c (one event), 510.2
    trig = ", abilities: [{triggered: {when: deals_combat_damage, effect: [{gain_life: 1}]}}]"
    r = fight([creature("A", 3, 3, "trample", extra=trig)], [creature("B", 1, 1)], [ATTACK, "block: {B: A}", TO_END],
              expect="expect:\n  life: {Ana: 21, Boris: 18}\n")
    assert r.exit_status == 0
    assert outcome(r, "life.Ana") == 21


# --- issue 14: restrictions on the declaration as a whole, and costs to attack or block ----------------------

@pytest.mark.parametrize(("phrase", "ability"), [
    ("can't attack alone", "cant_attack_alone"),
    ("Ne može da napada ni blokira sam", "cant_attack_or_block_alone"),  # sr-judge E1.20, Kukavni Ork
    ("Samo jedno biće može napasti u svakom potezu", "one_attacker"),  # sr-judge E1.20
    ("can't be blocked except by two or more creatures", "blocked_by_two"),
], ids=["en", "sr-ork", "sr-one", "en-two"])
def test_restrictions_are_read_in_english_and_serbian(phrase: str, ability: str) -> None:
    from izvori_rules.engine.requirements import ability_id

    assert ability_id(phrase) == ability


def _two_or_more(ruleset: str, blocks: str) -> object:
    two = ", abilities: [{static: {creatures: {keywords: [blocked_by_two]}}}]"
    boris = [creature("Guard", 10, 40, "blocks_each_combat"), creature("Plain", 10, 10),
             f"{{name: Wall, types: [enchantment]{two}}}"]
    return fight([creature("A", 20, 20)], boris, [ATTACK, f"block: {{{blocks}}}"], ruleset=ruleset)


@pytest.mark.parametrize(("ruleset", "status"), [("mtg", 4), ("izvori", 0)])
def test_no_blocks_against_two_or_more_differs_between_the_rulesets(ruleset: str, status: int) -> None:
    # ru-cr 509.1c's example: both must block (a creature without a requirement helps obey one); sr-judge
    # E1.50's example: blocking with both or with none is correct.
    assert _two_or_more(ruleset, "").exit_status == status


@pytest.mark.parametrize("ruleset", ["mtg", "izvori"])
def test_one_blocker_against_two_or_more_is_illegal_in_both(ruleset: str) -> None:  # 509.1b; E1.50
    assert _two_or_more(ruleset, "Guard: A").exit_status == 4


def test_cant_attack_alone_with_a_requirement_in_mtg_needs_a_partner() -> None:
    # ru-cr 508.1d: the most requirements are obeyed by attacking with both, so attacking with none is illegal
    ana = [creature("A", 3, 3, "attacks_each_combat", "cant_attack_alone"), creature("B", 2, 2)]
    r = fight(ana, [], ["attack: {}"])
    assert r.exit_status == 4 and "requirement" in r.rejected.reason
    r = fight(ana, [], ["attack: {}"], ruleset="izvori")  # sr-judge E1.50: B has no requirement of its own
    assert r.exit_status == 0


def test_a_cost_to_attack_is_paid_from_the_pool_once_for_all() -> None:  # ru-cr 508.1h, 508.1j
    text = FIGHT.format(ruleset="mtg", ana="      - " + creature("A", 2, 2) + "\n      - " + creature("B", 2, 2),
                        boris="      - {card: Propaganda}", actions="  - attack: {A: Boris, B: Boris}")
    r = play(text.replace("  - name: Ana\n", "  - name: Ana\n    mana_pool: \"5\"\n") + "expect:\n  mana_pool: {Ana: \"1\"}\n")
    assert r.exit_status == 0
    assert "attack_cost" in events(r)


WALKER_TAXES = [("{card: Propaganda}", 0), ("{card: Archangel of Tithes}", 1)]


@pytest.mark.parametrize(("taxer", "cost"), WALKER_TAXES, ids=["propaganda", "archangel"])
def test_an_attack_on_a_planeswalker_costs_only_if_the_card_names_planeswalkers(taxer: str, cost: int) -> None:
    # ru-cr 506.2, 508.1b, 508.3a: attacking Jace is not attacking Boris. Propaganda: "can't attack you unless
    # their controller pays {2}"; Archangel of Tithes: "can't attack you or planeswalkers you control unless
    # their controller pays {1}" (cards.yaml, the printed texts).
    r = fight([creature("A", 2, 2)], [taxer, "{card: Jace Beleren}"], ["attack: {A: Jace Beleren}"])
    assert r.exit_status == (4 if cost else 0)
    if not cost:
        assert "attack_cost" not in events(r)
        assert "A → Jace Beleren" in next(s.text for s in r.steps if s.event == "declare_attackers")


def test_a_requirement_makes_a_creature_attack_a_planeswalker_it_can_attack_for_nothing() -> None:
    # ru-cr 508.1d: a cost is never required, but Propaganda leaves the attack on Jace free, so Juggernaut
    # ("attacks each combat if able") must attack: declaring no attackers obeys fewer requirements.
    juggernaut = creature("J", 5, 3, "attacks_each_combat")
    r = fight([juggernaut], ["{card: Propaganda}", "{card: Jace Beleren}"], ["attack: {}"])
    assert r.exit_status == 4 and "requirement" in r.rejected.reason
    assert fight([juggernaut], ["{card: Propaganda}"], ["attack: {}"]).exit_status == 0
