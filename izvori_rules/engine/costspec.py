"""Reading the scenario format's costs, choices and conditions (the parts :mod:`.objectspec` hands over).

A card may have ``kicker: "1R"`` with ``kicked: [steps]`` (its effect when kicked), ``modes: [[steps], ...]``
with ``choose_modes: N``, ``additional_cost:`` and ``alternative_cost:`` (shaped like an activated ability's
``cost:``), ``loyalty: N`` (planeswalkers, mtg only) and ``defines: {power: <count>, toughness: <count>}`` (a
characteristic-defining ability). A cost is ``{tap, mana, sacrifice, count, discard, life, tap_creatures, if,
per_extra_target}``; an effect amount may be ``X`` or ``10X``; a step that takes a target may say what it may be
(``target: nonblack creature``), ``targets: N`` (one word "target" naming N objects) and ``divided: chosen |
evenly``. Every phrase is checked here with :func:`.targeting.parse`, so a bad one is a file mistake (exit 2)
naming the line.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from . import targeting
from ..errors import Phrase
from .spec import Ability, Cost, Count, EffectStep
from .yamlnodes import Y

_X = re.compile(r"^(\d*)\s*[xX]$")
COST_KEYS = ("tap", "mana", "sacrifice", "count", "discard", "life", "tap_creatures", "if", "per_extra_target",
             "exile_from_hand")
STATIC_EXTRAS = ("filter", "if", "for_each", "cost_change", "whose", "attack_cost", "block_cost", "while",
                 "planeswalkers")
COUNT_KEYS = ("count", "zone", "whose", "distinct", "plus", "life")


def _om() -> Any:
    from . import objectspec

    return objectspec


def phrase(r: Any, y: Y) -> str:
    text = _om().as_name(r, y)
    try:
        targeting.parse(text)
    except targeting.FilterError as exc:
        raise r.fail(y, exc.said) from None
    return str(text)


def x_amount(y: Y) -> int:
    """``X`` → 1, ``10X`` → 10, anything else → 0."""
    if not isinstance(y.value, str):
        return 0
    m = _X.match(y.value.strip())
    return (int(m.group(1)) if m.group(1) else 1) if m else 0


def step_extras(r: Any, step: EffectStep, fields: dict[str, Y], times: int) -> EffectStep:
    om = _om()
    out = replace(step, x_times=times) if times else step
    if "target" in fields:
        if not step.takes_target:
            raise r.fail(fields["target"], Phrase(
                "target_filter", "only a step that takes a target (to: target) says what it may be"))
        out = replace(out, filter=phrase(r, fields["target"]))
    if "divided" in fields:
        how = om.as_name(r, fields["divided"])
        if how not in ("chosen", "evenly") or step.kind != "damage" or not step.takes_target:
            raise r.fail(fields["divided"], Phrase(
                "divided_form", "divided: chosen | evenly, on a damage step that takes targets"))
        out = replace(out, divided=how)
    if "targets" in fields:
        if not step.takes_target or "divided" in fields or "unless_pays" in fields:
            raise r.fail(fields["targets"], Phrase("targets_n", "targets: N (\"N target creatures\") goes on a step "
                                                   "that takes a target, not divided, without unless_pays"))
        out = replace(out, targets=om.as_int(r, fields["targets"], 1))
    if "unless_pays" in fields:
        out = replace(out, unless_pays=om.as_mana(r, fields["unless_pays"]))
    return out


def read_cost(r: Any, y: Y) -> Cost:
    om = _om()
    c = om.as_map(r, y, COST_KEYS)
    sac = om.as_name(r, c["sacrifice"]) if "sacrifice" in c else ""
    if sac and sac != "self":
        sac = phrase(r, c["sacrifice"])
    count = om.as_int(r, c["count"], 1) if "count" in c else (1 if sac and sac != "self" else 0)
    return Cost(
        tap=om.as_bool(r, c["tap"]) if "tap" in c else False,
        mana=om.as_mana(r, c["mana"]) if "mana" in c else "",
        sacrifice_self=sac == "self", sacrifice=sac if sac != "self" else "", sacrifice_count=count,
        discard=om.as_int(r, c["discard"], 0) if "discard" in c else 0,
        life=om.as_int(r, c["life"], 0) if "life" in c else 0,
        tap_creatures=om.as_int(r, c["tap_creatures"], 0) if "tap_creatures" in c else 0,
        condition=phrase(r, c["if"]) if "if" in c else "",
        per_extra_target=om.as_mana(r, c["per_extra_target"]) if "per_extra_target" in c else "",
        exile_from_hand=phrase(r, c["exile_from_hand"]) if "exile_from_hand" in c else "")


def read_loyalty(r: Any, y: Y) -> Ability:
    """``{loyalty: {cost: "+1", effect: [...]}}``: a loyalty ability, sorcery-timed (ru-cr:606.2)."""
    om = _om()
    if not _has_planeswalkers(r):
        r.refuse(y, Phrase.said("ruleset_no_loyalty_abilities", "the {ruleset} ruleset has no planeswalkers and no "
                                "loyalty abilities", ruleset=r.ruleset.id))
    f = om.as_map(r, y, ("cost", "effect"), ("cost", "effect"))
    text = om.as_text(r, f["cost"]).strip().replace("−", "-")
    if not re.match(r"^[+-]?\d+$", text) and text.upper() != "-X":
        raise r.fail(f["cost"], Phrase("loyalty_cost", "a loyalty cost is +N, -N, 0 or -X"))
    effect = tuple(om.read_effect(r, s) for s in om.as_list(r, f["effect"]))
    x = text.upper() == "-X"  # ru-cr:107.3a: X in a loyalty cost is announced as it is activated
    cost = Cost(loyalty=0 if x else int(text), loyalty_x=x)
    return Ability("activated", y.line, effect=effect, cost=cost, timing="sorcery")


def _has_planeswalkers(r: Any) -> bool:
    return r.ruleset is None or bool(r.ruleset.planeswalkers)


def planeswalker_type(r: Any, y: Y) -> bool:
    """Whether the ruleset has planeswalkers; izvori has none (its card types, sr-judge:B6.21, lack them)."""
    if _has_planeswalkers(r):
        return True
    r.refuse(y, Phrase.said("ruleset_no_planeswalkers", "the {ruleset} ruleset has no planeswalkers: sr-judge names "
                            "no such card type (B6.21) and no loyalty, so a planeswalker can't be played by its rules",
                            ruleset=r.ruleset.id), ("sr-judge:B6.21",))
    return False


def read_count(r: Any, y: Y) -> Count:
    om = _om()
    if y.value == "life" or (y.is_map and "life" in y.value):
        f = om.as_map(r, y, ("life", "plus")) if y.is_map else {}
        return Count(life=True, plus=om.as_int(r, f["plus"]) if "plus" in f else 0)
    f = om.as_map(r, y, COUNT_KEYS, ("count",))
    zone = om.as_name(r, f["zone"]) if "zone" in f else "battlefield"
    whose = om.as_name(r, f["whose"]) if "whose" in f else ("you" if zone == "battlefield" else "all")
    distinct = om.as_name(r, f["distinct"]) if "distinct" in f else ""
    if zone not in ("battlefield", "graveyard", "hand") or whose not in ("you", "all", "opponents"):
        raise r.fail(y, Phrase("count_form", "zone: battlefield | graveyard | hand; whose: you | all | opponents"))
    if distinct not in ("", "card_types"):
        raise r.fail(f["distinct"], Phrase("distinct_form", "distinct: card_types"))
    return Count(what=phrase(r, f["count"]), zone=zone, whose=whose, distinct=distinct,
                 plus=om.as_int(r, f["plus"]) if "plus" in f else 0)


def static_extras(r: Any, b: dict[str, Y]) -> dict[str, Any]:
    om = _om()
    out: dict[str, Any] = {}
    if "filter" in b:
        out["filter"] = phrase(r, b["filter"])
        out["spells"] = out["filter"]
    if "if" in b:
        out["condition"] = phrase(r, b["if"])
    if "for_each" in b:
        out["for_each"] = read_count(r, b["for_each"])
    if "cost_change" in b:
        out["cost_change"] = om.as_int(r, b["cost_change"])
    for key in ("attack_cost", "block_cost"):
        if key in b:
            out[key] = om.as_mana(r, b[key])
            if not out[key].isdigit():
                raise r.fail(b[key], Phrase.said("generic_mana", "{key} is generic mana, a number like \"2\"", key=key))
    if "planeswalkers" in b:
        if "attack_cost" not in b:
            raise r.fail(b["planeswalkers"], Phrase("walkers_attack_cost", "planeswalkers: true goes with attack_cost "
                                                    "(\"or planeswalkers you control\")"))
        out["attack_walkers"] = om.as_bool(r, b["planeswalkers"])
    if "while" in b:
        out["only_while"] = om.as_name(r, b["while"])
        if out["only_while"] not in ("untapped", "attacking"):
            raise r.fail(b["while"], Phrase("while_form", "while: untapped | attacking"))
    if "whose" in b:
        whose = om.as_name(r, b["whose"])
        if whose not in ("all", "you", "opponents"):
            raise r.fail(b["whose"], Phrase("whose_form", "whose: all | you | opponents"))
        out["whose"] = whose
    return out


def read_card_costs(r: Any, fields: dict[str, Y]) -> dict[str, Any]:
    om = _om()
    out: dict[str, Any] = {}
    if "kicker" in fields:
        out["kicker"] = om.as_mana(r, fields["kicker"])
    if "kicked" in fields:
        out["kicked"] = tuple(om.read_effect(r, s) for s in om.as_list(r, fields["kicked"]))
    if "modes" in fields:
        modes = []
        for m in om.as_list(r, fields["modes"]):
            modes.append(tuple(om.read_effect(r, s) for s in om.as_list(r, m)))
        if len(modes) < 2:
            raise r.fail(fields["modes"], Phrase("modal_two", "a modal card has two or more modes"))
        out["modes"] = tuple(modes)
    if "choose_modes" in fields:
        out["choose_modes"] = om.as_int(r, fields["choose_modes"], 1)
    for key in ("additional_cost", "alternative_cost"):
        if key in fields:
            out[key] = read_cost(r, fields[key])
    if "loyalty" in fields and fields["loyalty"].value is not None:
        if not _has_planeswalkers(r):
            r.refuse(fields["loyalty"], Phrase.said("ruleset_no_loyalty", "the {ruleset} ruleset has no loyalty",
                                                    ruleset=r.ruleset.id))
        out["loyalty"] = om.as_int(r, fields["loyalty"], 0)
    if "defines" in fields:
        d = om.as_map(r, fields["defines"], ("power", "toughness"))
        out["defines"] = (read_count(r, d["power"]) if "power" in d else None,
                          read_count(r, d["toughness"]) if "toughness" in d else None)
    return out


def action_choices(r: Any, f: dict[str, Y]) -> dict[str, Any]:
    """A cast or activate action's choices: X, kicked, modes, divide, alternative, the objects its costs take
    (sacrifice, discard, tap, exile) and how its mana is paid (convoke, delve, phyrexian_life)."""
    om = _om()
    out: dict[str, Any] = {}
    if "x" in f:
        out["x"] = om.as_int(r, f["x"], 0)
    if "kicked" in f:
        out["kicked"] = om.as_bool(r, f["kicked"])
    if "alternative" in f:
        out["alternative"] = om.as_bool(r, f["alternative"])
    if "modes" in f:
        out["modes"] = tuple(om.as_int(r, m, 1) for m in om.as_list(r, f["modes"]))
        if len(set(out["modes"])) != len(out["modes"]):
            raise r.fail(f["modes"], Phrase("mode_once", "a mode can be chosen only once (ru-cr:700.2a)"))
    if "divide" in f:
        d = om.as_map(r, f["divide"], set(f["divide"].value) if f["divide"].is_map else set())
        out["divide"] = tuple((k, om.as_int(r, v, 0)) for k, v in d.items())
    for key in ("sacrifice", "discard", "tap", "exile", "convoke", "delve"):
        if key in f:
            out[key] = tuple(om.as_name(r, t) for t in om.as_list(r, f[key]))
    if "phyrexian_life" in f:
        out["phyrexian_life"] = om.as_int(r, f["phyrexian_life"], 0)
    return out
