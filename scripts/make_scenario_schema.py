"""Write ``izvori_rules/engine/scenario.schema.json``: the scenario format as a JSON Schema (draft 2020-12).

The key sets and value lists come from the engine's own readers (:mod:`izvori_rules.engine.scenario` and
:mod:`izvori_rules.engine.objectspec`), so the schema cannot drift from what the loader accepts; a test checks
that the committed file is what this script writes. Run: ``PYTHONPATH=. python scripts/make_scenario_schema.py``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from izvori_rules.engine import objectspec as o
from izvori_rules.engine import scenario as sc
from izvori_rules.engine.spec import STEPS

OUT = Path(__file__).resolve().parent.parent / "izvori_rules" / "engine" / "scenario.schema.json"
NAME = {"type": ["string", "integer", "number"]}
NAMES = {"anyOf": [NAME, {"type": "array", "items": NAME}]}
INT = {"type": "integer"}
NAT = {"type": "integer", "minimum": 0}
BOOL = {"type": "boolean"}
TEXT = {"type": ["string", "integer", "number", "null"]}
MANA = {"type": ["string", "integer"], "pattern": "^([{} ]|[WUBRGwubrg]/[Pp]|[WUBRGCXwubrgcx0-9])*$"}
COUNTERS = {"type": "object", "additionalProperties": NAT}
GENERIC = {"type": ["string", "integer"], "pattern": "^[0-9]+$"}  # issue 14: a cost to attack or block
X_AMOUNT = {"type": "string", "pattern": r"^\s*\d*\s*[xX]\s*$"}  # issue 14: X, or 10X in izvori


def ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/$defs/{name}"}


def enum(values: tuple[str, ...] | list[str]) -> dict[str, Any]:
    return {"enum": list(values)}


def obj(props: dict[str, Any], required: tuple[str, ...] = ()) -> dict[str, Any]:
    out: dict[str, Any] = {"type": "object", "properties": props, "additionalProperties": False}
    if required:
        out["required"] = list(required)
    return out


def pt() -> dict[str, Any]:
    return obj({"power": INT, "toughness": INT})


def effect_steps() -> dict[str, Any]:
    to_creatures = enum(o._TO_CREATURES)
    values: dict[str, Any] = {
        "damage": {"anyOf": [NAT, X_AMOUNT]}, "prevent": {"anyOf": [NAT, enum(["all", "all_combat_damage"])]},
        "gain_life": {"anyOf": [NAT, enum(["its_power"]), X_AMOUNT]},
        "lose_life": {"anyOf": [NAT, enum(["its_power"]), X_AMOUNT]}, "draw": {"anyOf": [NAT, X_AMOUNT]},
        "destroy": enum(["target", "self", "all_creatures", "it", "bound"]), "sacrifice": enum(["self"]),
        "regenerate": enum(["target", "self"]), "counter": enum(["target"]), "switch_pt": enum(["target", "self"]),
        "tap": enum(["target", "self", "it"]), "untap": enum(["target", "self", "it"]), "attach": enum(["target"]),
        "pump": pt(), "set_pt": pt(), "grant": NAMES, "add_counters": COUNTERS, "create_token": ref("object"),
        "add_mana": MANA, "move": enum(o.MOVE_ZONES), "flicker": enum(o.MOVE_TO),
        "gain_control": enum(["target", "it"]),
        "become": obj({"types": NAMES, "subtypes": NAMES, "colors": NAMES, "power": INT, "toughness": INT,
                       "lose_abilities": BOOL, "keywords": NAMES}),
        "replace": ref("replacement"),
        "delayed": obj({"when": enum(o.DELAYED_WHEN), "effect": {"type": "array", "items": ref("effect")}},
                       ("when", "effect")),
    }
    options: dict[str, Any] = {
        "to": {"damage": enum(["target", "self", "controller", "each_creature", "each_player", "each_opponent",
                               "each_other_creature"]),
               "prevent": enum(["target", "self", "controller", "combat_damage"]),
               "move": enum(o.MOVE_TO), "become": enum(o.MOVE_TO)},
        "player": enum(["target", "controller", "each_player", "each_opponent", "its_controller"]),
        "no_regenerate": BOOL, "count": {"type": "integer", "minimum": 1, "maximum": 100}, "tapped": BOOL,
        "under": enum(["owner", "you"]), "from": enum(["battlefield", "graveyard"]),
        "duration": enum(["end_of_turn", "permanent"]),
    }
    branches = []
    for kind, allowed in o._EFFECT_OPTIONS.items():
        props: dict[str, Any] = {kind: values[kind]}
        for option in allowed:
            spec = options[option]
            props[option] = spec.get(kind, to_creatures) if option == "to" else spec
        props["target"] = NAME  # issue 14: what the target may be ("nonblack creature")
        props["targets"] = {"type": "integer", "minimum": 1}  # "two target lands": one word, two targets
        props["divided"] = enum(["chosen", "evenly"])
        props["unless_pays"] = MANA  # a cost paid on resolution, "unless its controller pays {N}"
        branches.append(obj(props, (kind,)))
    return {"x-kind": "effect", "oneOf": branches}


def cost_schema() -> dict[str, Any]:
    """A cost: {T}, mana, and issue 14's sacrifice/discard/life/tap-a-creature parts and alternative condition."""
    return obj({"tap": BOOL, "mana": MANA, "sacrifice": NAME, "count": {"type": "integer", "minimum": 1},
                "discard": NAT, "life": NAT, "tap_creatures": NAT, "if": NAME, "per_extra_target": MANA,
                "exile_from_hand": NAME})


def count_schema() -> dict[str, Any]:
    """What a characteristic-defining or "for each" ability counts (issue 14)."""
    return {"anyOf": [enum(["life"]), obj({"life": BOOL, "plus": INT}, ("life",)),
                      obj({"count": NAME, "zone": enum(["battlefield", "graveyard", "hand"]),
                           "whose": enum(["you", "all", "opponents"]), "distinct": enum(["card_types"]),
                           "plus": INT}, ("count",))]}


def abilities() -> dict[str, Any]:
    cost = cost_schema()
    effect = {"type": "array", "items": ref("effect")}
    static_body = obj({"power": INT, "toughness": INT, "keywords": NAMES, "colors": NAMES, "types": NAMES,
                       "subtypes": NAMES, "lose_abilities": BOOL, "cda": enum(o.CDA_COUNTS), "controls": BOOL,
                       "set_pt": pt(), "color": NAME, "subtype": NAME, "filter": NAME, "if": NAME,
                       "for_each": count_schema(), "cost_change": INT, "whose": enum(["all", "you", "opponents"]),
                       "attack_cost": GENERIC, "block_cost": GENERIC,
                       "while": enum(["untapped", "attacking"]), "planeswalkers": BOOL})
    return {"x-kind": "ability", "oneOf": [
        obj({"activated": obj({"cost": cost, "effect": effect, "timing": enum(["instant", "sorcery"])},
                              ("effect",))}, ("activated",)),
        obj({"triggered": obj({"when": enum(o.TRIGGER_EVENTS), "effect": effect, "targets": NAMES, "may": BOOL,
                               "if": {"type": "string", "pattern": r"^\s*(life|opponent_life|hand|creatures|library"
                                                                   r"|graveyard)\s*(<=|>=|==|<|>)\s*-?\d+\s*$"}},
                              ("when", "effect"))}, ("triggered",)),
        obj({"static": {"type": "object", "properties": {s: static_body for s in o._STATIC_SCOPES},
                        "additionalProperties": False, "minProperties": 1, "maxProperties": 1}}, ("static",)),
        obj({"replacement": ref("replacement")}, ("replacement",)),
        obj({"loyalty": obj({"cost": {"type": ["string", "integer"], "pattern": r"^\s*([+\-−]?\d+|[\-−][xX])\s*$"},
                             "effect": effect}, ("cost", "effect"))}, ("loyalty",)),
    ]}


def replacement() -> dict[str, Any]:
    return obj({"when": enum(o.REPLACE_WHEN), "who": enum(o.REPLACE_WHO), "instead": enum(o.REPLACE_INSTEAD),
                "counters": COUNTERS, "effect": {"type": "array", "items": ref("effect")},
                "to": enum(["target", "self", "controller"]), "amount": {"anyOf": [NAT, enum(["all"])]},
                "source": enum(["self", "any"]), "next_only": BOOL,
                "from": enum(["battlefield", "hand", "library", "stack"]), "may": BOOL}, ("when", "instead"))


def object_schema(card: bool) -> dict[str, Any]:
    props: dict[str, Any] = {
        "name": NAME, "id": NAME, "card": NAME, "types": NAMES, "subtypes": {"type": ["array", "null"],
                                                                              "items": NAME},
        "supertypes": {"type": ["array", "null"], "items": NAME}, "colors": {"anyOf": [NAMES, {"type": "null"}]},
        "mana_cost": {"anyOf": [MANA, {"type": "null"}]}, "power": {"type": ["integer", "null"]}, "toughness": {"type": ["integer", "null"]},
        "keywords": {"anyOf": [NAMES, {"type": "null"}]}, "tapped": BOOL, "damage": NAT, "counters": COUNTERS,
        "summoning_sick": BOOL, "attached_to": {"anyOf": [NAME, {"type": "null"}]},
        "effect": {"type": ["array", "null"], "items": ref("effect")},
        "abilities": {"type": ["array", "null"], "items": ref("ability")},
        # issue 14: kicker, modes, additional and alternative costs, loyalty, characteristic-defining abilities
        "kicker": MANA, "kicked": {"type": "array", "items": ref("effect")},
        "modes": {"type": "array", "minItems": 2, "items": {"type": "array", "items": ref("effect")}},
        "choose_modes": {"type": "integer", "minimum": 1}, "additional_cost": cost_schema(),
        "alternative_cost": cost_schema(), "loyalty": {"type": ["integer", "null"], "minimum": 0},
        "defines": obj({"power": count_schema(), "toughness": count_schema()}),
    }
    if card:
        props.update({"names": {"type": "object", "additionalProperties": TEXT}, "ruleset": enum(["mtg", "izvori",
                                                                                                  "both"]),
                      "text": TEXT, "notes": TEXT, "rules": NAMES})
    return obj(props)


def actions() -> dict[str, Any]:
    names_map = {"type": "object", "minProperties": 1, "additionalProperties": NAME}
    choices = {"x": NAT, "sacrifice": NAMES, "discard": NAMES, "tap": NAMES, "exile": NAMES}  # issue 14: costs
    pass_ = {"anyOf": [enum(["priority", "until_resolved", "next_step"]), obj({"until": enum(STEPS)}, ("until",))]}
    return {"x-kind": "action", "oneOf": [
        obj({"attack": {**names_map, "minProperties": 0}}, ("attack",)),  # {}: no attackers (issue 14)
        obj({"block": {"type": "object", "additionalProperties": NAMES}}, ("block",)),
        obj({"order_blockers": {"type": "object", "additionalProperties": NAMES}}, ("order_blockers",)),
        obj({"assign_damage": {"type": "object", "additionalProperties": {"type": "object",
                                                                         "additionalProperties": NAT}}},
            ("assign_damage",)),
        obj({"cast": obj({"player": NAME, "card": NAME, "targets": NAMES, "kicked": BOOL, "alternative": BOOL,
                          "modes": {"type": "array", "items": {"type": "integer", "minimum": 1}},
                          "divide": {"type": "object", "additionalProperties": NAT}, "convoke": NAMES,
                          "delve": NAMES, "phyrexian_life": NAT, **choices},
                         ("player", "card"))}, ("cast",)),
        obj({"play_land": obj({"player": NAME, "card": NAME}, ("player", "card"))}, ("play_land",)),
        obj({"activate": obj({"player": NAME, "source": NAME, "ability": NAT, "targets": NAMES, **choices},
                             ("player", "source"))}, ("activate",)),
        obj({"choose": obj({"player": NAME, "targets": {"anyOf": [NAMES, {"type": "null"}]}, "order": NAMES,
                            "may": BOOL, "pay": BOOL}, ("player",))}, ("choose",)),
        obj({"pass": pass_}, ("pass",)),
    ]}


def expect() -> dict[str, Any]:
    per = {"type": "object", "additionalProperties": INT}
    zone = {"type": "object", "additionalProperties": {"anyOf": [NAMES, {"type": "null"}]}}
    return obj({
        "life": per, "poison": per, "library": per, "damage": per,
        "mana_pool": {"type": "object", "additionalProperties": MANA},
        "zones": obj({z: zone for z in ("battlefield", "graveyard", "hand", "exile")}),
        "power_toughness": {"type": "object", "additionalProperties": {"type": "string",
                                                                      "pattern": r"^\s*-?\d+\s*/\s*-?\d+\s*$"}},
        "counters": {"type": "object", "additionalProperties": COUNTERS},
        "tapped": {"type": "object", "additionalProperties": BOOL},
        "stack": {"type": "array", "items": NAME}, "winner": {"anyOf": [NAME, {"type": "null"}]},
        "losers": {"type": "array", "items": NAME}, "illegal_action": {"type": "integer", "minimum": 1},
        "priority": {"anyOf": [NAME, {"type": "null"}]},
        "keywords": {"type": "object", "additionalProperties": {"anyOf": [NAMES, {"type": "null"}]}},
        "controller": {"type": "object", "additionalProperties": NAME},
        "colors": {"type": "object", "additionalProperties": {"anyOf": [NAMES, {"type": "null"}]}},
        "types": {"type": "object", "additionalProperties": NAMES},
    })


def schema() -> dict[str, Any]:
    objects = {"type": ["array", "null"], "items": ref("object")}
    player = obj({"name": NAME, "life": {"type": "integer", "minimum": -sc.MAX_LIFE, "maximum": sc.MAX_LIFE},
                  "poison": NAT, "library": {"type": "integer", "minimum": 0, "maximum": sc.MAX_LIBRARY}, "mana_pool": MANA,
                  **{z: objects for z in sc.PLAYER_ZONES}}, ("name",))
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://izvori-judge/scenario.schema.json",
        "title": "izvori-judge scenario",
        "description": "A \"what happens if\" scenario for `izvori-judge scenario run` (format version 1 and its "
                       "extensions). Generated by scripts/make_scenario_schema.py from the engine's readers.",
        "type": "object",
        "properties": {
            "scenario": TEXT, "ruleset": enum(["mtg", "izvori"]), "question": TEXT,
            "players": {"type": "array", "minItems": 2, "maxItems": sc.MAX_PLAYERS, "items": player},
            "turn": obj({"active": NAME, "step": enum(STEPS)}, ("active", "step")),
            "actions": {"type": ["array", "null"], "items": ref("action")},
            "expect": {"anyOf": [ref("expect"), {"type": "null"}]},
            "cards": {"type": "object", "additionalProperties": ref("card")},
            "rules": NAMES,
        },
        "required": ["scenario", "ruleset", "players", "turn"],
        "additionalProperties": False,
        "$defs": {"object": object_schema(False), "card": object_schema(True), "effect": effect_steps(),
                  "ability": abilities(), "replacement": replacement(), "action": actions(), "expect": expect()},
    }


def render() -> str:
    return json.dumps(schema(), indent=1, ensure_ascii=False) + "\n"


if __name__ == "__main__":
    OUT.write_text(render(), encoding="utf-8")
    sys.stdout.write(f"wrote {OUT}\n")
