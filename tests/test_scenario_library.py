"""The example scenario library (``corpus/scenarios``) and the card library (``corpus/cards.yaml``), issue 6
items 5 and 6.

The static checks need no engine: every scenario is safe-loaded YAML written only with the keys of the
scenario format, version 1 (the key sets below are copied from issue 6, "Scenario file format, version 1"),
names the rules it depends on in a comment at its top (and those rules exist in the rule graph), says why
its answer is right, has concrete expectations, and takes its cards from the card library. The last test
plays the whole library through the engine; it is skipped, saying why, only while
``izvori_rules.engine.runner`` does not exist.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest
import yaml

from izvori_rules.graph import RuleGraph
from izvori_rules.serialize import scenario_json

CORPUS = Path(__file__).resolve().parent.parent / "corpus"
SCENARIO_DIR = CORPUS / "scenarios"
CARDS_FILE = CORPUS / "cards.yaml"
SCENARIO_FILES = sorted(SCENARIO_DIR.glob("*.yaml"))

# --- format version 1 (issue 6) ---------------------------------------------------------------------------
TOP_KEYS = {"scenario", "ruleset", "question", "players", "turn", "actions", "expect"}
TOP_REQUIRED = {"scenario", "ruleset", "players", "turn"}
RULESETS = {"mtg", "izvori"}
PLAYER_KEYS = {"name", "life", "poison", "library", "hand", "graveyard", "exile", "mana_pool", "battlefield"}
PLAYER_ZONES = ("hand", "graveyard", "exile", "battlefield")
TURN_KEYS = {"active", "step"}
STEPS = {"untap", "upkeep", "draw", "main1", "beginning_of_combat", "declare_attackers", "declare_blockers",
         "combat_damage", "end_of_combat", "main2", "end", "cleanup"}
OBJECT_KEYS = {"name", "id", "card", "types", "subtypes", "supertypes", "colors", "mana_cost", "power",
               "toughness", "keywords", "tapped", "damage", "counters", "summoning_sick", "attached_to", "effect",
               "abilities"}
# Each effect step: one effect key and, in the same mapping, that effect's options.
EFFECT_OPTIONS: dict[str, set[str]] = {
    "damage": {"to"}, "destroy": {"no_regenerate"}, "pump": set(), "set_pt": set(), "switch_pt": set(),
    "grant": set(), "regenerate": set(), "prevent": set(), "counter": set(), "gain_life": set(),
    "lose_life": {"player"}, "draw": set(), "create_token": set(), "sacrifice": set(), "add_counters": set(),
    "tap": set(), "untap": set(),
}
DAMAGE_TO = {"each_creature", "each_player", "each_opponent"}
PT_KEYS = {"power", "toughness"}
ABILITY_KINDS = {"activated", "triggered", "static"}
ACTIVATED_KEYS = {"cost", "effect"}
COST_KEYS = {"tap", "mana", "sacrifice"}
TRIGGERED_KEYS = {"when", "effect", "targets"}
TRIGGER_EVENTS = {"enters", "dies", "attacks", "blocks", "deals_combat_damage", "upkeep", "end_step"}
STATIC_SCOPES = {"creatures_you_control", "other_creatures_you_control", "creatures"}
ACTION_KEYS: dict[str, tuple[set[str], set[str]] | None] = {  # allowed, required; None: a mapping of names
    "attack": None, "block": None, "order_blockers": None, "assign_damage": None,
    "cast": ({"player", "card", "targets"}, {"player", "card"}),
    "activate": ({"player", "source", "ability", "targets"}, {"player", "source"}),
    "choose": ({"player", "targets", "order"}, {"player"}),
    "pass": None,
}
PASS_MODES = {"priority", "until_resolved", "next_step"}
EXPECT_KEYS = {"life", "poison", "library", "mana_pool", "zones", "damage", "power_toughness", "counters",
               "tapped", "stack", "winner", "losers", "illegal_action"}
EXPECT_ZONES = {"battlefield", "graveyard", "hand", "exile"}

# --- the card library's own keys (documented at the top of cards.yaml) ------------------------------------
CARD_ONLY_KEYS = frozenset({"names", "ruleset", "text"})
NAME_LANGUAGES = {"sr", "pt", "ru", "cs"}
CARD_RULESETS = {"mtg", "izvori", "both"}
# The one value beyond v1 the library uses (cards.yaml header): Fog's "prevent all combat damage this turn".
CARD_EXTENSION_VALUES = {("prevent", "all_combat_damage")}
# Izvori cards the documents name, with their Magic counterparts (sr-judge D20.40, D19.42, D19.52, D19.32).
IZVORI_NAMES = {"Antimagija": "Counterspell", "Junačke Pesme": "Glorious Anthem",
                "Kroćenje Kerbera": "Threaten", "Skrivanje": "Fog"}

LIBRARY_CARD = "library card"  # the name of a card drawn from the anonymous library (README)
RULES_LINE = re.compile(r"^# Rules \((ru-cr|sr-judge)\): (\S.*)$")
DOCUMENT_OF = {"mtg": "ru-cr", "izvori": "sr-judge"}
RULE_ID = {"ru-cr": re.compile(r"\b\d{3}\.\d+[a-z]?\b"), "sr-judge": re.compile(r"\b[A-F]\d{1,2}(?:\.\d+)?\b")}


def load(path: Path) -> Any:
    with path.open(encoding="utf-8") as handle:
        return yaml.safe_load(handle)


def scenario_ids() -> list[str]:
    return [p.stem for p in SCENARIO_FILES]


@pytest.fixture(scope="module")
def cards() -> dict[str, Any]:
    data = load(CARDS_FILE)
    assert isinstance(data, dict)
    return data


def card_by_any_name(cards: Mapping[str, Any]) -> dict[str, str]:
    """Every name a card can be found by (its key and its `names`), to its key."""
    found = {key: key for key in cards}
    for key, card in cards.items():
        for alias in (card.get("names") or {}).values():
            if alias:
                found.setdefault(str(alias), key)
    return found


# --- a checker for the version-1 keys ---------------------------------------------------------------------

def unknown_keys(mapping: Any, allowed: set[str], where: str) -> list[str]:
    if not isinstance(mapping, dict):
        return [f"{where}: expected a mapping, got {type(mapping).__name__}"]
    return [f"{where}: unknown key {key!r}" for key in mapping if key not in allowed]


def object_problems(obj: Any, where: str, card_keys: frozenset[str] = frozenset(), extensions: bool = False
                    ) -> list[str]:
    out = unknown_keys(obj, OBJECT_KEYS | card_keys, where)
    if out:
        return out
    if "name" not in obj and "card" not in obj and not card_keys:
        out.append(f"{where}: an object needs a name")
    for i, step in enumerate(obj.get("effect") or []):
        out += effect_problems(step, f"{where}.effect[{i}]", extensions)
    for i, ability in enumerate(obj.get("abilities") or []):
        out += ability_problems(ability, f"{where}.abilities[{i}]", extensions)
    return out


def effect_problems(step: Any, where: str, extensions: bool = False) -> list[str]:
    if not isinstance(step, dict):
        return [f"{where}: an effect step is a mapping"]
    kinds = [k for k in step if k in EFFECT_OPTIONS]
    if len(kinds) != 1:
        return [f"{where}: needs exactly one effect key, has {sorted(step)}"]
    kind = kinds[0]
    out = unknown_keys(step, {kind} | EFFECT_OPTIONS[kind], where)
    value = step[kind]
    if kind in ("pump", "set_pt"):
        out += unknown_keys(value, PT_KEYS, f"{where}.{kind}")
    elif kind == "create_token":
        out += object_problems(value, f"{where}.create_token")
    elif kind == "prevent" and not (isinstance(value, int) or value == "all"
                                    or (extensions and (kind, value) in CARD_EXTENSION_VALUES)):
        out.append(f"{where}: prevent takes a number or all, not {value!r}")
    if kind == "damage" and "to" in step and step["to"] not in DAMAGE_TO:
        out.append(f"{where}: damage.to must be one of {sorted(DAMAGE_TO)}")
    return out


def ability_problems(ability: Any, where: str, extensions: bool = False) -> list[str]:
    out = unknown_keys(ability, ABILITY_KINDS, where)
    if out:
        return out
    if len(ability) != 1:
        return [f"{where}: one of activated, triggered, static"]
    kind, body = next(iter(ability.items()))
    where = f"{where}.{kind}"
    if kind == "activated":
        out = unknown_keys(body, ACTIVATED_KEYS, where)
        if not out and "cost" in body:
            out += unknown_keys(body["cost"], COST_KEYS, f"{where}.cost")
    elif kind == "triggered":
        out = unknown_keys(body, TRIGGERED_KEYS, where)
        if not out and body.get("when") not in TRIGGER_EVENTS:
            out.append(f"{where}.when: {body.get('when')!r} is not one of {sorted(TRIGGER_EVENTS)}")
    else:
        out = unknown_keys(body, STATIC_SCOPES, where)
        for scope, pt in (body.items() if not out else ()):
            out += unknown_keys(pt, PT_KEYS, f"{where}.{scope}")
        return out
    for i, step in enumerate((body.get("effect") or []) if not out else []):
        out += effect_problems(step, f"{where}.effect[{i}]", extensions)
    return out


def action_problems(action: Any, where: str) -> list[str]:
    if not isinstance(action, dict) or len(action) != 1:
        return [f"{where}: an action is a mapping with one key"]
    kind, body = next(iter(action.items()))
    if kind not in ACTION_KEYS:
        return [f"{where}: unknown action {kind!r}"]
    shape = ACTION_KEYS[kind]
    if kind == "pass":
        if isinstance(body, dict):
            ok = set(body) == {"until"} and body["until"] in STEPS
        else:
            ok = body in PASS_MODES
        return [] if ok else [f"{where}: pass must be one of {sorted(PASS_MODES)} or {{until: <step>}}"]
    if shape is None:
        return [] if isinstance(body, dict) and body else [f"{where}.{kind}: expected a mapping of names"]
    allowed, required = shape
    out = unknown_keys(body, allowed, f"{where}.{kind}")
    if not out:
        out += [f"{where}.{kind}: missing {key!r}" for key in sorted(required - set(body))]
    if kind == "choose" and not out and ("targets" in body) == ("order" in body):
        out.append(f"{where}.choose: exactly one of targets or order")
    return out


def expect_problems(expect: Any) -> list[str]:
    out = unknown_keys(expect, EXPECT_KEYS, "expect")
    if not out and "zones" in expect:
        out += unknown_keys(expect["zones"], EXPECT_ZONES, "expect.zones")
    return out


def format_problems(doc: Any) -> list[str]:
    """Every way the document strays from format version 1 (empty when it is valid v1)."""
    out = unknown_keys(doc, TOP_KEYS, "file")
    if out:
        return out
    out += [f"file: missing required key {key!r}" for key in sorted(TOP_REQUIRED - set(doc))]
    if doc.get("ruleset") not in RULESETS:
        out.append(f"ruleset: {doc.get('ruleset')!r} is not one of {sorted(RULESETS)}")
    players = doc.get("players") or []
    if len(players) < 2:
        out.append("players: a scenario needs 2 or more players")
    for i, player in enumerate(players):
        out += unknown_keys(player, PLAYER_KEYS, f"players[{i}]")
        for zone in PLAYER_ZONES:
            for j, obj in enumerate(player.get(zone) or [] if isinstance(player, dict) else []):
                out += object_problems(obj, f"players[{i}].{zone}[{j}]")
    turn = doc.get("turn")
    out += unknown_keys(turn, TURN_KEYS, "turn")
    if isinstance(turn, dict) and turn.get("step") not in STEPS:
        out.append(f"turn.step: {turn.get('step')!r} is not a step")
    for i, action in enumerate(doc.get("actions") or []):
        out += action_problems(action, f"actions[{i}]")
    if "expect" in doc:
        out += expect_problems(doc["expect"])
    return out


# --- walking a scenario -----------------------------------------------------------------------------------

def objects_of(doc: Mapping[str, Any]) -> Iterator[tuple[str, dict[str, Any]]]:
    """(player name, object) for every object the file describes, tokens its spells create included."""
    for player in doc["players"]:
        for zone in PLAYER_ZONES:
            for obj in player.get(zone) or []:
                yield player["name"], obj
                for step in _steps(obj):
                    if "create_token" in step:
                        yield player["name"], step["create_token"]


def _steps(obj: Mapping[str, Any]) -> Iterator[dict[str, Any]]:
    yield from obj.get("effect") or []
    for ability in obj.get("abilities") or []:
        for body in ability.values():
            yield from (body.get("effect") or []) if isinstance(body, dict) else []


def handle(obj: Mapping[str, Any]) -> str:
    return str(obj.get("id") or obj.get("name") or obj.get("card"))


def referenced_names(doc: Mapping[str, Any]) -> Iterator[tuple[str, str]]:
    """(where, name) for every player or object name that actions and expectations refer to."""
    for i, action in enumerate(doc.get("actions") or []):
        (kind, body), = action.items()
        where = f"actions[{i}].{kind}"
        if kind in ("attack", "block"):
            for key, value in body.items():
                yield where, str(key)
                for name in value if isinstance(value, list) else [value]:  # issue 14: a blocker of several
                    yield where, str(name)
        elif kind == "order_blockers":
            for key, order in body.items():
                yield where, str(key)
                yield from ((where, str(n)) for n in order)
        elif kind == "assign_damage":
            for key, split in body.items():
                yield where, str(key)
                yield from ((where, str(n)) for n in split)
        elif isinstance(body, dict):
            for key in ("player", "card", "source"):
                if key in body:
                    yield where, str(body[key])
            yield from ((where, str(n)) for n in body.get("targets") or [])
            # issue 14: what a division or a cost names
            for key in ("divide", "sacrifice", "discard", "tap", "exile", "convoke", "delve"):
                yield from ((where, str(n)) for n in body.get(key) or [])
            yield from ((where, str(n)) for n in body.get("order") or [])
    expect = doc.get("expect") or {}
    for kind in ("life", "poison", "library", "mana_pool", "damage", "power_toughness", "counters", "tapped"):
        yield from ((f"expect.{kind}", str(n)) for n in expect.get(kind) or {})
    for zone, per_player in (expect.get("zones") or {}).items():
        for player, names in (per_player or {}).items():
            yield f"expect.zones.{zone}", str(player)
            yield from ((f"expect.zones.{zone}", str(n)) for n in names or [])
    yield from (("expect.stack", str(n)) for n in expect.get("stack") or [])
    yield from (("expect.losers", str(n)) for n in expect.get("losers") or [])
    if expect.get("winner") not in (None, "draw", "none"):
        yield "expect.winner", str(expect["winner"])


# --- the library as a whole -------------------------------------------------------------------------------

def test_the_library_has_at_least_60_scenarios_and_15_for_izvori() -> None:
    rulesets = [load(p).get("ruleset") for p in SCENARIO_FILES]
    assert len(SCENARIO_FILES) >= 60, "issue 6: at least 60 example scenarios"
    assert rulesets.count("izvori") >= 15
    assert rulesets.count("mtg") >= 15


def test_file_names_say_the_ruleset() -> None:
    for path in SCENARIO_FILES:
        assert path.name.startswith(f"{load(path)['ruleset']}-"), path.name


def test_scenario_titles_are_unique() -> None:
    titles = [load(p)["scenario"] for p in SCENARIO_FILES]
    assert len(titles) == len(set(titles))


# --- each scenario ----------------------------------------------------------------------------------------

def test_the_files_written_in_format_v1_stay_valid_under_the_extended_format() -> None:
    # Issue 13: "keep every existing file valid": the 125 files of issue 6 are written with v1's keys only.
    from izvori_rules.engine.schema import validate
    from izvori_rules.engine.yamlnodes import load_yaml

    v1 = [p for p in SCENARIO_FILES if format_problems(load(p)) == []]
    assert len(v1) >= 125
    for path in v1:
        validate(load_yaml(path.read_bytes(), str(path)), str(path))


@pytest.mark.parametrize("path", SCENARIO_FILES, ids=scenario_ids())
def test_scenario_is_valid_against_the_published_schema(path: Path) -> None:
    # Issue 13: the format is extended beyond version 1 and published as a JSON Schema; a file written only
    # with the version-1 keys (the checker above) is valid under it too (test_engine_schema.py).
    from izvori_rules.engine.schema import validate
    from izvori_rules.engine.yamlnodes import load_yaml

    validate(load_yaml(path.read_bytes(), str(path)), str(path))


@pytest.mark.parametrize("path", SCENARIO_FILES, ids=scenario_ids())
def test_scenario_names_its_rules_and_why_at_the_top(path: Path, graph: RuleGraph) -> None:
    doc = load(path)
    lines = path.read_text(encoding="utf-8").splitlines()
    header = []
    for line in lines:
        if not line.startswith("#"):
            break
        header.append(line)
    match = RULES_LINE.match(header[0]) if header else None
    assert match, "the first line must be '# Rules (<document>): <rule ids>'"
    document = match.group(1)
    assert document == DOCUMENT_OF[doc["ruleset"]], "rules are cited in the ruleset's own document"
    cited = RULE_ID[document].findall(match.group(2))
    assert cited, "the rules line cites at least one rule"
    missing = [rule for rule in cited if graph.get(f"{document}:{rule}") is None]
    assert missing == [], f"cited rules missing from {document}"
    # Issue 13: where the other ruleset differs, a second line cites its rules too; they must exist as well.
    for line in header[1:]:
        other = RULES_LINE.match(line)
        if other:
            refs = RULE_ID[other.group(1)].findall(other.group(2))
            assert refs and [r for r in refs if graph.get(f"{other.group(1)}:{r}") is None] == []
    assert any(line.startswith("# Why: ") for line in header), "a '# Why:' line says why the answer is right"


@pytest.mark.parametrize("path", SCENARIO_FILES, ids=scenario_ids())
def test_scenario_has_concrete_expectations(path: Path) -> None:
    expect = load(path).get("expect")
    assert isinstance(expect, dict) and expect
    for kind, value in expect.items():
        assert value is not None and (value != {} or kind == "zones"), f"expect.{kind} is empty"


@pytest.mark.parametrize("path", SCENARIO_FILES, ids=scenario_ids())
def test_scenario_refers_only_to_its_players_objects_and_tokens(path: Path) -> None:
    doc = load(path)
    players = {p["name"] for p in doc["players"]}
    handles = [handle(o) for _p, o in objects_of(doc)]
    assert len(handles) == len(set(handles)), "object names (or ids) are unique"
    known = players | set(handles) | {LIBRARY_CARD}
    assert doc["turn"]["active"] in players
    unknown = [(where, name) for where, name in referenced_names(doc) if name not in known]
    assert unknown == []


@pytest.mark.parametrize("path", SCENARIO_FILES, ids=scenario_ids())
def test_every_card_named_is_in_the_card_library_for_that_ruleset(path: Path, cards: dict[str, Any]) -> None:
    doc = load(path)
    names = card_by_any_name(cards)
    for _player, obj in objects_of(doc):
        if "card" not in obj:
            continue
        assert obj["card"] in names, f"card {obj['card']!r} is not in corpus/cards.yaml"
        ruleset = cards[names[obj["card"]]].get("ruleset", "both")
        assert ruleset in ("both", doc["ruleset"]), f"{obj['card']!r} is a {ruleset} card"


# --- the card library -------------------------------------------------------------------------------------

def test_card_library_has_at_least_40_cards(cards: dict[str, Any]) -> None:
    assert len(cards) >= 40


def test_card_library_has_the_izvori_names(cards: dict[str, Any]) -> None:
    for serbian, english in IZVORI_NAMES.items():
        assert cards[english]["names"]["sr"] == serbian


def test_card_library_names_are_unique_across_cards(cards: dict[str, Any]) -> None:
    seen: dict[str, str] = {}
    for key, card in cards.items():
        for name in {key, *[str(n) for n in (card.get("names") or {}).values() if n]}:
            assert seen.setdefault(name, key) == key, f"{name!r} names both {seen[name]!r} and {key!r}"


@pytest.mark.parametrize("key", sorted(load(CARDS_FILE)), ids=str)
def test_card_is_format_v1_with_names_ruleset_and_text(key: str, cards: dict[str, Any]) -> None:
    from izvori_rules.engine.schema import validate
    from izvori_rules.engine.yamlnodes import load_yaml

    card = cards[key]
    tree = load_yaml(CARDS_FILE.read_bytes(), str(CARDS_FILE), max_bytes=4 * 1024 * 1024)
    validate(tree.value[key], str(CARDS_FILE), defs="card")
    assert set(card.get("names") or {}) <= NAME_LANGUAGES
    assert card.get("ruleset", "both") in CARD_RULESETS
    assert card.get("types"), "every card has a type"
    if "creature" in card["types"]:
        assert isinstance(card.get("power"), int) and isinstance(card.get("toughness"), int)


# --- the whole library through the engine -----------------------------------------------------------------

def failure_report(result: Any) -> str:
    """The refused action and the failed expectations of an engine answer, for the assertion message."""
    answer = scenario_json(result)
    failed = [o for o in answer["expectations"] if not o["passed"]]
    return json.dumps({"exit_status": answer["exit_status"], "rejected": answer["rejected"], "failed": failed},
                      ensure_ascii=False)


@pytest.mark.parametrize("path", SCENARIO_FILES, ids=scenario_ids())
def test_scenario_passes_in_the_engine(path: Path) -> None:
    # The engine has landed (izvori_rules/engine/runner.py): a missing runner fails instead of skipping.
    from izvori_rules.engine.runner import run_scenario

    result = run_scenario(path)
    assert result.passed, failure_report(result)


def test_scenario_check_runs_the_library_green() -> None:
    from typer.testing import CliRunner

    from izvori_rules.cli import app

    result = CliRunner().invoke(app, ["scenario", "check", str(SCENARIO_DIR)])
    assert result.exit_code == 0, result.stdout
