"""Loading a scenario file: the safe loader, the limits, and a message naming file, line and key (exit 2);
refusals at load time (exit 3) for what the ruleset lacks or the engine does not model."""

from __future__ import annotations

import textwrap

import pytest

from engine_support import play
from izvori_rules.engine.errors import ScenarioInvalid
from izvori_rules.engine.scenario import load_scenario

BASE = """\
scenario: "base"
ruleset: mtg
players:
  - name: Ana
    battlefield:
      - {name: Goblin, types: [creature], power: 2, toughness: 2}
  - name: Boris
turn: {active: Ana, step: declare_attackers}
actions:
  - attack: {Goblin: Boris}
  - pass: {until: end_of_combat}
expect:
  life: {Boris: 18}
"""


def invalid(text: str) -> str:
    with pytest.raises(ScenarioInvalid) as info:
        load_scenario(text, "case.yaml")
    assert info.value.exit_code == 2
    return str(info.value)


def test_the_base_scenario_is_valid_and_passes() -> None:
    assert play(BASE).exit_status == 0


@pytest.mark.parametrize(("old", "new", "line", "key"), [
    ("expect:\n  life:", "expect:\n  lief:", 13, "unknown key 'lief'"),
    ("power: 2, toughness", "powr: 2, toughness", 6, "unknown key 'powr'"),
    ("turn: {active: Ana,", "turn: {active: Anna,", 8, "no player named 'Anna'"),
    ("attack: {Goblin: Boris}", "attack: {Gobln: Boris}", 10, "no player or object named 'Gobln'"),
    ("step: declare_attackers}", "step: declare_atackers}", 8, "turn.step: must be one of"),
    ("  - pass: {until: end_of_combat}", "  - pas: {until: end_of_combat}", 11, "unknown action 'pas'"),
    ("ruleset: mtg", "ruleset: magic", 2, "ruleset: must be one of mtg, izvori"),
    ("types: [creature]", "types: [creture]", 6, "unknown card type 'creture'"),
], ids=["typo-expect-key", "typo-object-key", "missing-player", "missing-object", "bad-step", "unknown-action",
        "bad-ruleset", "bad-type"])
def test_a_mistake_names_file_line_and_key(old: str, new: str, line: int, key: str) -> None:
    message = invalid(BASE.replace(old, new))
    assert message.startswith(f"case.yaml:{line}:")
    assert key in message


def test_malformed_yaml_names_the_line() -> None:
    assert invalid(BASE.replace("  - name: Boris", "  - name: [Boris")).startswith("case.yaml:")


def test_a_missing_required_key_is_named() -> None:
    assert "missing required key 'turn'" in invalid(BASE.replace("turn: {active: Ana, step: declare_attackers}\n", ""))


def test_an_unknown_yaml_tag_is_one_line_naming_file_line_and_key() -> None:
    # was: PyYAML's two lines, the second 'in "<unicode string>", line 2, column 10'
    message = invalid(BASE.replace("ruleset: mtg\n", "ruleset: !custom mtg\n"))
    assert message == "case.yaml:2: ruleset: could not determine a constructor for the tag '!custom'"


def test_a_duplicate_key_is_invalid() -> None:
    assert "duplicate key" in invalid(BASE.replace("ruleset: mtg\n", "ruleset: mtg\nruleset: izvori\n"))


def test_python_tags_are_refused_by_the_safe_loader() -> None:
    assert "case.yaml:1" in invalid("scenario: !!python/object/apply:os.system ['echo hi']\n" + BASE[16:])


def test_a_huge_file_is_invalid() -> None:
    assert "file too large" in invalid(BASE + "# " + "x" * 300_000 + "\n")


def test_a_deeply_nested_file_is_invalid() -> None:
    deep = "[" * 100 + "]" * 100
    assert "nested too deeply" in invalid(BASE.replace('question: "q"', "") + f"question: {deep}\n")


def test_an_alias_bomb_is_stopped() -> None:
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    lines += [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]" for i in range(1, 8)]
    bomb = "\n".join(lines)
    message = invalid(bomb + "\n" + BASE)
    assert "too many YAML nodes" in message or "unknown key" in message


def test_a_self_referencing_alias_is_stopped() -> None:
    assert "nested too deeply" in invalid(BASE + "rules: &r [*r]\n")


def test_two_objects_with_one_name_need_ids() -> None:
    text = BASE.replace("      - {name: Goblin, types: [creature], power: 2, toughness: 2}",
                        "      - {name: Goblin, types: [creature], power: 2, toughness: 2}\n"
                        "      - {name: Goblin, types: [creature], power: 1, toughness: 1}")
    assert "is not unique" in invalid(text)


def test_keyword_names_from_any_document_resolve() -> None:
    spec = load_scenario(BASE.replace("power: 2, toughness: 2}",
                                      "power: 2, toughness: 2, keywords: [Razbijač, Anti-Crveno, Šumski, Letač]}"))
    goblin = spec.players[0].zones[3][1][0]
    assert goblin.keywords == ("trample", "protection:red", "landwalk:forest", "flying")


def test_an_unknown_keyword_is_invalid() -> None:
    assert "unknown keyword 'flyng'" in invalid(BASE.replace("toughness: 2}", "toughness: 2, keywords: [flyng]}"))


@pytest.mark.parametrize(("field", "value", "says"), [
    # was: each read as the name it begins with (trample, forestwalk, green, creature, legendary)
    ("keywords", "trample bogus", "unknown keyword 'trample bogus': 'bogus' follows trample (did you mean trample?);"
     " the mtg keywords are convoke,"),
    ("keywords", "forestwalk bogus", "unknown keyword 'forestwalk bogus': 'bogus' follows forestwalk"),
    ("colors", "green bogus", "unknown colour 'green bogus'"),
    ("types", "creature bogus", "unknown card type 'creature bogus'"),
    ("supertypes", "legendary bogus", "unknown supertype 'legendary bogus'"),
], ids=["keyword", "landwalk", "colour", "type", "supertype"])
def test_a_name_followed_by_other_words_is_invalid(field: str, value: str, says: str) -> None:
    text = BASE.replace("toughness: 2}", f"toughness: 2, {field}: [{value}]}}").replace(
        "types: [creature], power: 2", "types: [creature], power: 2" if field != "types" else "power: 2")
    assert says in invalid(text)


@pytest.mark.parametrize(("ruleset", "keyword", "says"), [
    ("izvori", "deathtouch", "the izvori ruleset has no keyword deathtouch"),
    ("izvori", "double strike", "no keyword double_strike"),
    ("mtg", "banding", "is not modelled"),
    ("mtg", "Regeneracija", "is not modelled"),
], ids=["izvori-deathtouch", "izvori-double-strike", "banding", "regeneration-keyword"])
def test_a_keyword_the_ruleset_lacks_is_refused_with_exit_3(ruleset: str, keyword: str, says: str) -> None:
    text = BASE.replace("ruleset: mtg", f"ruleset: {ruleset}").replace(
        "toughness: 2}", f"toughness: 2, keywords: [{keyword}]}}")
    result = play(text)
    assert result.exit_status == 3
    assert result.rejected is not None and says in result.rejected.reason
    assert result.rejected.reason.startswith("<scenario>:6:")


def test_poison_in_izvori_is_refused() -> None:
    result = play(BASE.replace("ruleset: mtg", "ruleset: izvori").replace("  - name: Boris", "  - name: Boris\n    poison: 2"))
    assert result.exit_status == 3 and "no poison" in str(result.rejected)


def test_a_card_from_the_library_fills_the_object() -> None:
    spec = load_scenario(textwrap.dedent("""\
        scenario: card
        ruleset: izvori
        players:
          - name: Ana
            hand: [{name: Antimagija, card: Antimagija}]
          - name: Boris
        turn: {active: Ana, step: main1}
        """))
    card = spec.players[0].zones[0][1][0]
    assert card.types == ("instant",) and card.effect[0].kind == "counter"  # Counterspell (sr-judge D20.40)


def test_a_choose_that_answers_nothing_is_invalid() -> None:
    with pytest.raises(ScenarioInvalid, match="no choice by Ana arises here"):
        play(BASE.replace("  - pass: {until: end_of_combat}", "  - choose: {player: Ana, targets: [Boris]}\n"
                          "  - pass: {until: end_of_combat}"))


def test_an_invalid_file_is_invalid_even_if_it_also_needs_something_not_modelled() -> None:
    text = BASE.replace("ruleset: mtg", "ruleset: izvori").replace(
        "toughness: 2}", "toughness: 2, keywords: [deathtouch]}").replace("expect:\n  life:", "expect:\n  lief:")
    assert "unknown key 'lief'" in invalid(text)
