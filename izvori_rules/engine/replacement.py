"""Replacement and prevention effects: regeneration shields, prevention shields, protection; destruction.

Regeneration replaces the next destruction this turn: remove all damage, tap, remove from combat
(ru-cr:701.14a, ru-cr:614.8; sr-judge:D20.62, sr-judge:E3.112). "Can't be regenerated" skips the shields.
Indestructible permanents are not destroyed (ru-cr:702.12b; sr-judge glossary "Neuništiv").
Prevention shields prevent the next N damage, or all damage, to one recipient this turn (ru-cr:615.7,
sr-judge:D20.72); protection prevents damage from sources of the colour (ru-cr:702.16e, sr-judge:E3.25). When
several apply to one event and the order changes the outcome, the affected player (or the controller of the
affected creature) chooses the order (ru-cr:616.1, sr-judge:D20.91).
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import permutations
from typing import Any

from .errors import NotModelled
from .layers import chars
from .state import Game, Obj, Target, move


@dataclass(slots=True)
class Shield:
    """A regeneration or prevention shield, until the end of the turn (ru-cr:514.2, sr-judge:C15.20)."""

    kind: str  # regenerate | prevent
    protects: Target | None  # None: every recipient (prevent all combat damage this turn)
    amount: int | None  # prevent: None means all
    source: str
    timestamp: int
    combat_only: bool = False


def add_shield(game: Game, shield: Shield) -> None:
    game.shields.append(shield)


# --- destruction ------------------------------------------------------------------------------------------

def destroy(game: Game, obj: Obj, regenerate: bool = True, why: str = "destroy",
            rules: tuple[str, ...] = ()) -> bool:
    """Destroy a permanent unless it is indestructible or a regeneration shield replaces it; True if it left."""
    rs = game.rs
    if chars(game, obj).has("indestructible"):  # ru-cr:702.12b
        game.say("indestructible", rules + rs.refs("kw:indestructible"), obj=obj.handle)
        return False
    shield = next((s for s in game.shields if s.kind == "regenerate" and s.protects == obj.ref), None)
    if shield is not None and not regenerate:
        game.say("cant_regenerate", rules + rs.refs("cant_regenerate"), obj=obj.handle)
    elif shield is not None:  # ru-cr:701.14a sr-judge:D20.62
        game.shields.remove(shield)
        obj.damage = 0
        obj.deathtouched = False
        obj.tapped = True
        was_in_combat = obj.attacking is not None or obj.blocking is not None
        _remove_from_combat(game, obj)
        game.say("regenerated", rules + rs.refs("regenerated"), obj=obj.handle, combat=was_in_combat)
        return False
    put_into_graveyard(game, obj, why, rules + rs.refs("destroy"))
    return True


def put_into_graveyard(game: Game, obj: Obj, why: str, rules: tuple[str, ...]) -> None:
    """A permanent goes to its owner's graveyard; "dies" triggers look back at it (ru-cr:603.10a)."""
    from .triggers import fire

    was_creature = "creature" in chars(game, obj).types
    attached = [o for o in game.battlefield() if o.attached_to == obj.ref]
    _remove_from_combat(game, obj)
    if was_creature:
        fire(game, "dies", obj)  # ru-cr:603.10a sr-judge:D11.104
    move(game, obj, "graveyard")
    game.say("to_graveyard_" + why, rules, obj=obj.handle, owner=obj.owner)
    for other in attached:
        other.attached_to = obj.ref  # now points at a gone object: the SBA unattaches or buries it


def _remove_from_combat(game: Game, obj: Obj) -> None:
    """Remove from combat (ru-cr:506.4, sr-judge:C7.20); a blocked attacker stays blocked."""
    for ref in ([obj.blocking] if obj.blocking is not None else []) + obj.blocking_more:
        attacker = game.get(ref)
        if attacker is not None and obj.ref in attacker.blockers:
            attacker.blockers.remove(obj.ref)
    if obj.attacking is not None:
        for o in game.battlefield():
            if o.blocking == obj.ref:
                o.blocking = o.blocking_more.pop(0) if o.blocking_more else None
            elif obj.ref in o.blocking_more:
                o.blocking_more.remove(obj.ref)
    obj.leave_combat()


def remove_from_combat(game: Game, obj: Obj) -> None:
    _remove_from_combat(game, obj)


# --- prevention -------------------------------------------------------------------------------------------

def prevent(game: Game, source: dict[str, Any], to: Target, amount: int, combat: bool) -> int:
    """Apply prevention to one damage event; returns the damage left to deal."""
    applicable = _applicable(game, source, to, combat)
    if not applicable:
        return amount
    if len(applicable) > 1:
        applicable = _ordered(game, applicable, to, amount)
    left = amount
    for shield in applicable:
        if left <= 0:
            break
        stopped = left if shield.amount is None else min(left, shield.amount)
        left -= stopped
        if shield.amount is not None:
            shield.amount -= stopped
            if shield.amount <= 0 and shield in game.shields:
                game.shields.remove(shield)
        event = "protection_prevents" if shield.kind == "protection" else "prevented"
        rules = game.rs.refs("kw:protection_damage") if shield.kind == "protection" else game.rs.refs("prevented")
        game.say(event, rules, source=source["name"], to=game.describe(to), amount=stopped, by=shield.source)
    return left


def _applicable(game: Game, source: dict[str, Any], to: Target, combat: bool) -> list[Shield]:
    found = [s for s in game.shields if s.kind == "prevent" and (s.protects == to or s.protects is None)
             and (combat or not s.combat_only)]
    if not isinstance(to, str):
        obj = game.get(to)
        if obj is not None and chars(game, obj).protection_from(tuple(source.get("colors", ()))):
            found.insert(0, Shield("protection", to, None, f"{obj.handle}'s protection", 0))
    return found


def _ordered(game: Game, shields: list[Shield], to: Target, amount: int) -> list[Shield]:
    """The order the affected player chooses, asked only when the order changes the outcome."""
    if len(shields) > 5:
        raise NotModelled("more than five prevention effects on one damage event", game.rs.refs("prevented"))
    outcomes = {_simulate(shields, order, amount) for order in permutations(range(len(shields)))}
    if len(outcomes) == 1:
        return sorted(shields, key=lambda s: s.timestamp)
    host = None if isinstance(to, str) else game.get(to)
    chooser = to if isinstance(to, str) else (host.controller if host is not None else game.active)
    names = [s.source for s in shields]
    picks = game.choices.order(chooser, f"the prevention effects on damage to {game.describe(to)}", names,
                               game.rs.refs("prevented"))
    return [shields[i] for i in picks]


def _simulate(shields: list[Shield], order: tuple[int, ...], amount: int) -> tuple[int, ...]:
    """What an order leaves: the damage still dealt and how much each limited shield used up."""
    left, used = amount, [0] * len(shields)
    for i in order:
        cap = shields[i].amount
        stopped = left if cap is None else min(left, cap)
        used[i] = stopped if cap is not None else 0
        left -= stopped
    return (left, *used)


def end_of_turn(game: Game) -> None:
    """Shields last "this turn" (ru-cr:514.2, sr-judge:C15.20)."""
    game.shields.clear()
