"""Continuous effects in layers with timestamps: an object's current characteristics.

mtg (ru-cr:613.1): layer 6 adds abilities, layer 7 power/toughness in sublayers 7a characteristic-defining
(not modelled), 7b setting, 7c modifying, 7d counters, 7e switching (ru-cr:613.3); within a sublayer in
timestamp order (ru-cr:613.6). izvori (sr-judge:D19.51): layer 5 covers abilities, layer 6 power/toughness with
6.2 setting, 6.3 counters, 6.4 modifying and 6.5 switching (sr-judge:D19.59). The ruleset's ``pt_sublayers``
gives the order. A static ability's effect has its object's timestamp (ru-cr:613.6a, sr-judge:D19.56); a
resolved spell's effect is timestamped when created (ru-cr:613.6b, sr-judge:D19.57) and applies to the set of
objects it was locked to then (ru-cr:611.2c, sr-judge:D19.32).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .objectspec import PT_COUNTER
from .state import Game, Obj, ObjRef


@dataclass(slots=True)
class ContinuousEffect:
    """An effect of a resolved spell or ability, until end of turn."""

    timestamp: int
    kind: str  # set | modify | switch | grant
    affected: frozenset[ObjRef]
    power: int = 0
    toughness: int = 0
    keywords: tuple[str, ...] = ()
    source: str = ""


@dataclass(frozen=True, slots=True)
class Chars:
    """Characteristics after every layer."""

    power: int
    toughness: int
    keywords: frozenset[str]
    colors: tuple[str, ...]
    types: tuple[str, ...]
    subtypes: tuple[str, ...]

    def has(self, keyword: str) -> bool:
        return keyword in self.keywords

    def protection_from(self, colors: tuple[str, ...]) -> bool:
        return any(f"protection:{c}" in self.keywords for c in colors)


def is_creature(obj: Obj) -> bool:
    return "creature" in obj.types


def chars(game: Game, obj: Obj) -> Chars:
    """The object's characteristics now (printed values, then the layers)."""
    statics = _statics(game, obj)
    base_p, base_t = obj.power or 0, obj.toughness or 0
    from .statics import defined, has_defines

    if has_defines(obj):  # ru-cr:613.3a: characteristic-defining abilities first
        dp, dt = defined(game, obj)
        base_p, base_t = (dp if dp is not None else base_p), (dt if dt is not None else base_t)
    if not game.effects and not statics:  # the common case: printed values and counters only
        p, t = _counters(game, obj, base_p, base_t, statics)
        return Chars(p, t, frozenset(obj.keywords), obj.colors, obj.types, obj.subtypes)
    keywords = set(obj.keywords)
    for eff in _effects_on(game, obj, "grant"):  # ru-cr:613.1f sr-judge:D8.10
        keywords.update(eff.keywords)
    for _ts, _kind, _p, _t, kws in statics:
        keywords.update(kws)
    power, toughness = base_p, base_t
    for sublayer in game.rs.pt_sublayers:
        power, toughness = _SUBLAYERS[sublayer](game, obj, power, toughness, statics)
    return Chars(power, toughness, frozenset(keywords), obj.colors, obj.types, obj.subtypes)


def _effects_on(game: Game, obj: Obj, kind: str) -> list[ContinuousEffect]:
    found = [e for e in game.effects if e.kind == kind and obj.ref in e.affected]
    return sorted(found, key=lambda e: e.timestamp)


def _set(game: Game, obj: Obj, p: int, t: int, statics: list) -> tuple[int, int]:
    for eff in _effects_on(game, obj, "set"):  # ru-cr:613.3b sr-judge:D19.51 — later timestamps win
        p, t = eff.power, eff.toughness
    return p, t


def _modify(game: Game, obj: Obj, p: int, t: int, statics: list) -> tuple[int, int]:
    for eff in _effects_on(game, obj, "modify"):  # ru-cr:613.3c
        p, t = p + eff.power, t + eff.toughness
    for _ts, _kind, dp, dt, _kws in statics:  # ru-cr:613.4 sr-judge:D19.42
        p, t = p + dp, t + dt
    return p, t


def _counters(game: Game, obj: Obj, p: int, t: int, statics: list) -> tuple[int, int]:
    for kind, n in obj.counters.items():  # ru-cr:613.3d sr-judge:D19.51
        m = PT_COUNTER.match(kind)
        if m and n > 0:
            p, t = p + int(m.group(1)) * n, t + int(m.group(2)) * n
    return p, t


def _switch(game: Game, obj: Obj, p: int, t: int, statics: list) -> tuple[int, int]:
    for _eff in _effects_on(game, obj, "switch"):  # ru-cr:613.3e sr-judge:D19.59
        p, t = t, p
    return p, t


_SUBLAYERS = {"set": _set, "modify": _modify, "counters": _counters, "switch": _switch}


def _statics(game: Game, obj: Obj) -> list[tuple[int, str, int, int, tuple[str, ...]]]:
    """Static abilities of permanents that apply to ``obj``, with their source's timestamp."""
    if obj.zone != "battlefield" or not is_creature(obj):
        return []
    out = []
    from .statics import applies

    for source, ability in _static_sources(game):
        if ability.cost_change or not _applies(ability.scope, source, obj):
            continue
        times = applies(game, ability, source, obj)  # ru-cr:604.2 sr-judge:D19.42
        if times:
            out.append((source.timestamp, ability.scope, ability.power * times, ability.toughness * times,
                        ability.keywords))
    return sorted(out, key=lambda s: s[0])


def _static_sources(game: Game) -> list[tuple[Obj, Any]]:
    def build() -> list[tuple[Obj, Any]]:
        return [(o, a) for o in game.battlefield() for a in o.abilities if a.kind == "static"]
    return game.cached("statics", build)  # type: ignore[no-any-return]


def _applies(scope: str, source: Obj, obj: Obj) -> bool:
    if scope in ("creatures", "other_creatures"):
        return scope == "creatures" or source is not obj
    if scope == "self":
        return source is obj
    if scope in ("enchanted_creature", "equipped_creature"):
        return source.attached_to == obj.ref
    same = source.controller == obj.controller
    return same and (scope == "creatures_you_control" or source is not obj)


def end_of_turn(game: Game) -> int:
    """End the "until end of turn" effects (ru-cr:514.2, sr-judge:C15.20); returns how many ended."""
    ended = len(game.effects)
    game.effects.clear()
    return ended
