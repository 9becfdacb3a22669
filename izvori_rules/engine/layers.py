"""Continuous effects in layers, with dependencies and timestamps: every object's current characteristics.

mtg (ru-cr:613.1): 1 copy (ru-cr:613.1a, ru-cr:706.2), 2 control (ru-cr:613.1b), 3 text (not modelled), 4 type
(ru-cr:613.1d), 5 colour (ru-cr:613.1e), 6 abilities (ru-cr:613.1f), 7 power/toughness in sublayers 7a
characteristic-defining, 7b setting, 7c modifying, 7d counters, 7e switching (ru-cr:613.3). izvori
(sr-judge:D19.51): 1 copy, 2 control, 3 text, 4 type, 5 every other effect (colour and abilities together),
6 power/toughness with 6.1 characteristic-defining, 6.2 setting, 6.3 counters, 6.4 modifying, 6.5 switching
(sr-judge:D19.59). The ruleset's ``layers`` and ``pt_sublayers`` give the order.

Within a layer an effect that depends on another waits for it (ru-cr:613.7a, ru-cr:613.7b; sr-judge:D19.53,
sr-judge:D19.54): here, an effect depends on another when applying the other changes which objects it applies
to or whether it exists (its source loses the ability); the order is worked out again after each one
(ru-cr:613.7c); a loop falls back to timestamps. Otherwise timestamp order (ru-cr:613.6, sr-judge:D19.55): a
static ability's effect has its object's timestamp (ru-cr:613.6a, sr-judge:D19.56), a resolved spell's effect
the time it was created (ru-cr:613.6b, sr-judge:D19.57) and it applies to the objects it was locked to then
(ru-cr:611.2c, sr-judge:D19.32). An effect that applies in several layers keeps to the objects it applied to
in its first (ru-cr:613.5, sr-judge:D19.52).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .events import Snapshot
from .spec import PT_COUNTER, Ability
from .state import Game, Obj, ObjRef


@dataclass(slots=True, eq=False, repr=False)
class ContinuousEffect:
    """An effect of a resolved spell or ability, until end of turn (or for good)."""

    timestamp: int
    kind: str  # set | modify | switch | grant | control | type | color | lose_abilities
    affected: frozenset[ObjRef]
    power: int = 0
    toughness: int = 0
    keywords: tuple[str, ...] = ()
    source: str = ""
    controller: str = ""
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    colors: tuple[str, ...] = ()
    duration: str = "end_of_turn"


@dataclass(frozen=True, slots=True, eq=False)
class Chars:
    """Characteristics after every layer."""

    power: int
    toughness: int
    keywords: frozenset[str]
    colors: tuple[str, ...]
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    abilities: tuple[Ability, ...] = ()
    controller: str = ""
    name: str = ""

    def has(self, keyword: str) -> bool:
        return keyword in self.keywords

    def protection_from(self, colors: tuple[str, ...]) -> bool:
        return any(f"protection:{c}" in self.keywords for c in colors)


@dataclass(slots=True, eq=False, repr=False)
class _State:
    """One object's characteristics while the layers are being applied."""

    obj: Obj
    name: str
    controller: str
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    colors: tuple[str, ...]
    keywords: set[str]
    abilities: tuple[Ability, ...]
    power: int
    toughness: int
    has_pt: bool

    def copy(self) -> _State:
        return _State(self.obj, self.name, self.controller, self.types, self.subtypes, self.colors,
                      set(self.keywords), self.abilities, self.power, self.toughness, self.has_pt)


@dataclass(slots=True, eq=False, repr=False)
class _Effect:
    """One effect as the layers see it: a resolved spell's (locked set) or a static ability's (a scope)."""

    timestamp: int
    source: Obj | None
    ability: Ability | None = None
    spell: ContinuousEffect | None = None
    locked: set[int] = field(default_factory=set)  # objects it applies to, once chosen
    cda: bool = False
    times: int = 1  # a static ability's "for each" count (issue 14: statics.count)


def is_creature(obj: Obj, game: Game | None = None) -> bool:
    """Whether it is a creature: after the layers when the game is given (a type-changing effect counts)."""
    if game is not None and obj.zone == "battlefield":
        return "creature" in chars(game, obj).types
    return "creature" in obj.types


def chars(game: Game, obj: Obj) -> Chars:
    """The object's characteristics now (its copiable values, then the layers)."""
    if obj.zone != "battlefield":
        return _plain(obj)
    table: dict[int, Chars] = game.cached("chars", lambda: _compute(game))
    found = table.get(obj.oid)
    return found if found is not None else _plain(obj)


def _base(obj: Obj) -> _State:
    """Layer 1: the copiable values, a copy effect's if it has one (ru-cr:706.2, sr-judge:E4.20)."""
    src: Any = obj.copied if obj.copied is not None else obj
    return _State(obj, src.name, obj.controller, src.types, src.subtypes, src.colors, set(src.keywords),
                  src.abilities, src.power or 0, src.toughness or 0, src.power is not None)


def _plain(obj: Obj) -> Chars:
    s = _base(obj)
    p, t = _counter_pt(obj, s.power, s.toughness) if obj.zone == "battlefield" else (s.power, s.toughness)
    return Chars(p, t, frozenset(s.keywords), s.colors, s.types, s.subtypes, s.abilities, obj.controller, s.name)


def _compute(game: Game) -> dict[int, Chars]:
    _count(game)
    states = {o.oid: _base(o) for o in game.battlefield()}
    for o in game.battlefield():
        states[o.oid].controller = o.base_controller or o.owner
    effects = _collect(game, states)
    for layer in game.rs.layers:
        if layer == "pt":
            for sub in game.rs.pt_sublayers:
                _apply_layer(game, states, effects, sub)
        else:
            _apply_layer(game, states, effects, layer)
    out = {}
    for oid, s in states.items():
        out[oid] = Chars(s.power, s.toughness, frozenset(s.keywords), s.colors, s.types, s.subtypes, s.abilities,
                         s.controller, s.name)
    _sync_control(game, out)
    return out


def _count(game: Game) -> None:
    """The counts characteristic-defining abilities read (creatures or lands the controller has, cards in the
    hand or graveyard): read before the layers, from the zones."""
    for o in game.battlefield():
        for a in o.abilities:
            if a.kind == "static" and a.cda:
                kind, _, zone = a.cda.partition("_in_")
                mine = o.base_controller or o.owner
                if zone:
                    o.counts[a.cda] = len(game.in_zone(zone, mine))
                else:
                    typ = kind.split("_")[0].rstrip("s")
                    o.counts[a.cda] = sum(typ in x.types for x in game.in_zone("battlefield", mine))


def _sync_control(game: Game, table: dict[int, Chars]) -> None:
    """Layer 2's answer is the object's controller; a new controller means summoning sickness (ru-cr:508.1a)."""
    for obj in game.battlefield():
        now = table[obj.oid].controller
        if now != obj.controller:
            obj.controller = now
            obj.summoning_sick = True
            game.version += 1  # zone lists by controller change; this table is stored under the new version


def _collect(game: Game, states: dict[int, _State]) -> list[_Effect]:
    out = []
    for eff in game.effects:
        out.append(_Effect(eff.timestamp, None, spell=eff, locked={ref[0] for ref in eff.affected
                                                                  if _alive(game, ref)}))
    from .statics import condition_holds, count

    for o in game.battlefield():
        for ability in states[o.oid].abilities:
            if ability.kind == "static" and ability.scope and not (ability.cost_change or ability.attack_cost
                                                                    or ability.block_cost):
                if ability.condition and not condition_holds(game, o, ability):
                    continue  # ru-cr:604.2 sr-judge:D19.42: "as long as": no effect while the condition fails
                times = count(game, ability.for_each, o.controller, o) if ability.for_each is not None else 1
                out.append(_Effect(o.timestamp, o, ability=ability, cda=bool(ability.cda), times=times))
    return out


def _alive(game: Game, ref: ObjRef) -> bool:
    obj = game.get(ref)
    return obj is not None and obj.zone == "battlefield"


# --- one layer --------------------------------------------------------------------------------------------

def _parts(e: _Effect, layer: str) -> bool:
    """Whether the effect does something in this layer (or power/toughness sublayer)."""
    if e.spell is not None:
        return _SPELL_LAYER.get(e.spell.kind) == layer
    a = e.ability
    assert a is not None
    if layer == "control":
        return a.controller_changes
    if layer == "type":
        return bool(a.types or a.subtypes)
    if layer in ("color", "other"):
        if a.colors is not None and (layer == "color" or layer == "other"):
            return True
        if layer == "other":
            return bool(a.keywords or a.lose_abilities)
        return False
    if layer == "ability":
        return bool(a.keywords or a.lose_abilities)
    if layer == "cda":
        return bool(a.cda)
    if layer == "set":
        return a.sets_pt
    if layer == "modify":
        return not a.sets_pt and not a.cda and bool(a.power or a.toughness)
    return False


_SPELL_LAYER = {"control": "control", "type": "type", "color": "color", "grant": "ability",
                "lose_abilities": "ability", "set": "set", "modify": "modify", "switch": "switch"}


def _apply_layer(game: Game, states: dict[int, _State], effects: list[_Effect], layer: str) -> None:
    if layer == "counters":
        for s in states.values():
            s.power, s.toughness = _counter_pt(s.obj, s.power, s.toughness)
        return
    if layer == "cda":  # ru-cr:613.3a: a card's own defining ability ("defines:", issue 14) comes first
        from .statics import defined, has_defines

        for s in states.values():
            if has_defines(s.obj):
                p, t = defined(game, s.obj)
                s.power, s.toughness = (p if p is not None else s.power), (t if t is not None else s.toughness)
    lookup = {"other": ("color", "ability")}.get(layer, (layer,))
    pending = [e for e in effects if any(_parts(e, part) for part in lookup)]
    if layer in ("color", "ability") and game.rs.layers.count("other"):
        return
    while pending:
        e = _pick(game, states, pending, lookup)
        pending.remove(e)
        if not _exists(states, e):
            continue
        for oid in _targets(game, states, e):
            for part in lookup:
                if _parts(e, part):
                    _apply(states[oid], e, part)


def _pick(game: Game, states: dict[int, _State], pending: list[_Effect], lookup: tuple[str, ...]) -> _Effect:
    """The next effect: the earliest that depends on no effect still to apply (ru-cr:613.7b, sr-judge:D19.54)."""
    ranked = sorted(pending, key=lambda e: e.timestamp)
    if len(ranked) == 1 or all(e.spell is not None for e in ranked):
        return ranked[0]
    for e in ranked:
        if not any(_depends(game, states, e, other, lookup) for other in ranked if other is not e):
            return e
    return ranked[0]  # a dependency loop: timestamp order (ru-cr:613.7b)


def _depends(game: Game, states: dict[int, _State], e: _Effect, other: _Effect, lookup: tuple[str, ...]) -> bool:
    """ru-cr:613.7a sr-judge:D19.53: applying ``other`` changes whether ``e`` exists or what it applies to."""
    if e.cda != other.cda or e.spell is not None:
        return False
    trial = {oid: s.copy() for oid, s in states.items()}
    for oid in _targets(game, trial, other, lock=False):
        for part in lookup:
            if _parts(other, part):
                _apply(trial[oid], other, part)
    if _exists(states, e) != _exists(trial, e):
        return True
    return set(_targets(game, states, e, lock=False)) != set(_targets(game, trial, e, lock=False))


def _exists(states: dict[int, _State], e: _Effect) -> bool:
    """A static ability's effect exists while its source has the ability (ru-cr:613.7a)."""
    if e.source is None or e.ability is None:
        return True
    s = states.get(e.source.oid)
    return s is not None and e.ability in s.abilities


def _targets(game: Game, states: dict[int, _State], e: _Effect, lock: bool = True) -> list[int]:
    if e.spell is not None or e.locked:
        return [oid for oid in e.locked if oid in states]
    assert e.ability is not None and e.source is not None
    found = [oid for oid, s in states.items() if _in_scope(states, e.source, e.ability, s)]
    if lock:
        e.locked = set(found) or {-1}  # ru-cr:613.5: the same objects in the later layers
    return found


def _in_scope(states: dict[int, _State], source: Obj, a: Ability, s: _State) -> bool:
    src = states.get(source.oid)
    if a.scope == "self":
        return s.obj is source
    if a.scope in ("enchanted_creature", "equipped_creature", "enchanted_permanent"):
        return source.attached_to == s.obj.ref
    noun = next((w for w in a.scope.split("_") if w in ("creatures", "lands", "permanents")), "creatures")
    kinds = {"lands": "land", "permanents": "", "creatures": "creature"}[noun]
    if kinds and kinds not in s.types:
        return False
    if a.filter_color and a.filter_color not in s.colors:
        return False
    if a.filter_subtype and _subtype_key(a.filter_subtype) not in {_subtype_key(t) for t in s.subtypes}:
        return False
    if a.filter:  # a lord's phrase ("Goblin", "white creature"), on the characteristics so far
        from .statics import state_matches

        if not state_matches(a.filter, s, source):
            return False
    if "other" in a.scope and s.obj is source:
        return False
    if "you_control" in a.scope:
        return src is not None and s.controller == src.controller
    return True


def _subtype_key(name: str) -> str:
    """A basic land type in any language meets its canonical name (Šuma and Forest, sr-judge:B12.76)."""
    from .keywords import land_type

    return land_type(name) or name.casefold()


def _apply(s: _State, e: _Effect, part: str) -> None:
    if e.spell is not None:
        _apply_spell(s, e.spell)
        return
    a = e.ability
    assert a is not None and e.source is not None
    if part == "control":
        s.controller = e.source.controller  # ru-cr:613.1b sr-judge:D19.51
    elif part == "type":
        s.types = tuple(dict.fromkeys(s.types + a.types))
        s.subtypes = tuple(dict.fromkeys(s.subtypes + a.subtypes))
    elif part == "color" and a.colors is not None:
        s.colors = a.colors
    elif part == "ability":
        if a.lose_abilities:
            s.keywords.clear()
            s.abilities = ()
        s.keywords.update(a.keywords)
    elif part == "cda":
        s.power = s.toughness = _cda_count(e.source, a, s)
    elif part == "set":
        s.power, s.toughness = a.power, a.toughness
    elif part == "modify":
        s.power, s.toughness = s.power + a.power * e.times, s.toughness + a.toughness * e.times


def _apply_spell(s: _State, eff: ContinuousEffect) -> None:
    kind = eff.kind
    if kind == "control":
        s.controller = eff.controller
    elif kind == "type":
        s.types = tuple(dict.fromkeys(s.types + eff.types))
        s.subtypes = tuple(dict.fromkeys(s.subtypes + eff.subtypes))
    elif kind == "color":
        s.colors = eff.colors
    elif kind == "grant":
        s.keywords.update(eff.keywords)  # ru-cr:613.1f sr-judge:D8.10
    elif kind == "lose_abilities":
        s.keywords.clear()
        s.abilities = ()
    elif kind == "set":
        s.power, s.toughness = eff.power, eff.toughness  # ru-cr:613.3b sr-judge:D19.51
    elif kind == "modify":
        s.power, s.toughness = s.power + eff.power, s.toughness + eff.toughness  # ru-cr:613.3c
    elif kind == "switch":
        s.power, s.toughness = s.toughness, s.power  # ru-cr:613.3e sr-judge:D19.59


def _cda_count(source: Obj, a: Ability, s: _State) -> int:
    """ru-cr:604.3 ru-cr:613.3a: power and toughness each equal to a count the game keeps for the source."""
    return source.counts.get(a.cda, 0)


def _counter_pt(obj: Obj, p: int, t: int) -> tuple[int, int]:
    for kind, n in obj.counters.items():  # ru-cr:613.3d sr-judge:D19.51
        m = PT_COUNTER.match(kind)
        if m and n > 0:
            p, t = p + int(m.group(1)) * n, t + int(m.group(2)) * n
    return p, t


def snapshot(game: Game, obj: Obj) -> Snapshot:
    """The object's last known information now (ru-cr:608.2g, sr-judge:D11.104)."""
    c = chars(game, obj)
    return Snapshot(obj.handle, obj.ref, obj.controller, obj.owner, c.colors, c.keywords, c.types, c.subtypes,
                    c.power, c.toughness, c.abilities, obj.zone, obj.token, obj.damage, c.name)


def end_of_turn(game: Game) -> int:
    """End the "until end of turn" effects (ru-cr:514.2, sr-judge:C15.20); returns how many ended."""
    ending = [e for e in game.effects if e.duration == "end_of_turn"]
    game.effects[:] = [e for e in game.effects if e.duration != "end_of_turn"]
    game.changed()
    return len(ending)
