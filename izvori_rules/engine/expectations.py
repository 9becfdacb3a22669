"""Checking a scenario's expectations against the game as it ended.

Objects are named by id where they have one, else by name (tokens by their ``create_token`` name); a check
on a name that several objects share passes only if all of them match. A ``counters`` check lists every kind
the object must have (a count of 0 is absent).
"""

from __future__ import annotations

from typing import Any

from .layers import chars
from .mana import format_pool, parse_pool, same_pool
from .result import Outcome
from .spec import Check
from .state import Game, Obj


def evaluate(game: Game, checks: tuple[Check, ...]) -> list[Outcome]:
    """Every check except ``illegal_action`` (the runner judges that one)."""
    return [_one(game, c) for c in checks if c.kind != "illegal_action"]


def _one(game: Game, c: Check) -> Outcome:
    if c.kind == "library":
        from .pipeline import library_size

        actual: Any = library_size(game, c.key)
        return Outcome(c.label, c.expected, actual, actual == c.expected)
    if c.kind in ("life", "poison"):
        actual = getattr(game.players[c.key], c.kind)
        return Outcome(c.label, c.expected, actual, actual == c.expected)
    if c.kind == "mana_pool":
        pool = game.players[c.key].mana
        expected = format_pool(parse_pool(str(c.expected)))
        return Outcome(c.label, expected, format_pool(pool), same_pool(pool, parse_pool(str(c.expected))))
    if c.kind == "zones":
        zone, _, player = c.key.partition(".")
        actual = tuple(sorted(o.handle for o in game.in_zone(zone, player)))
        return Outcome(c.label, c.expected, actual, actual == c.expected)
    if c.kind == "stack":
        actual = tuple(i.name for i in reversed(game.stack))
        return Outcome(c.label, c.expected, actual, actual == c.expected)
    if c.kind == "winner":
        actual = "draw" if game.draw_game else (game.winner or "none")
        return Outcome(c.label, c.expected, actual, actual == c.expected)
    if c.kind == "losers":
        actual = tuple(sorted(game.losers if game.over else [p for p in game.order if game.players[p].lost]))
        return Outcome(c.label, c.expected, actual, actual == c.expected)
    if c.kind == "priority":
        actual = game.priority or "none"
        return Outcome(c.label, c.expected, actual, actual == c.expected)
    return _object_check(game, c)


def _object_check(game: Game, c: Check) -> Outcome:
    objs = game.named(c.key)
    if not objs:
        return Outcome(c.label, c.expected, None, False, f"{c.key} no longer exists")
    values: list[Any] = []
    notes: list[str] = []
    for obj in objs:
        if obj.zone != "battlefield" and c.kind not in ("counters", "colors", "types"):
            notes.append(f"{obj.handle} is in the {obj.zone}, not on the battlefield")
            values.append(None)
            continue
        values.append(_value(game, obj, c.kind))
    actual = values[0] if len(set(map(repr, values))) == 1 else tuple(values)
    passed = all(v == c.expected for v in values) and not notes
    return Outcome(c.label, c.expected, actual, passed, "; ".join(notes))


def _value(game: Game, obj: Obj, kind: str) -> Any:
    if kind == "damage":
        return obj.damage
    if kind == "tapped":
        return obj.tapped
    if kind == "counters":
        return {k: n for k, n in sorted(obj.counters.items()) if n > 0}
    c = chars(game, obj)
    if kind == "keywords":
        return tuple(sorted(c.keywords))
    if kind == "controller":
        return obj.controller
    if kind == "colors":
        return tuple(sorted(c.colors))
    if kind == "types":
        return tuple(sorted(c.types))
    return f"{c.power}/{c.toughness}"  # power_toughness
