"""Planeswalkers (mtg only; izvori has none, and a file that has one there is refused, exit 3).

A planeswalker enters with loyalty counters equal to its printed loyalty (ru-cr:306.5b); its loyalty is the
number of loyalty counters on it (ru-cr:306.5c). A loyalty ability's cost adds or removes loyalty counters
(ru-cr:606.2); it may be activated only in its controller's main phase with an empty stack, and only if no
loyalty ability of that permanent was activated this turn (ru-cr prints this English 606.3 as its 603.3:
ru-cr:603.3, ru-cr:306.5d); a negative cost can't be paid with fewer counters (ru-cr:117.3). In a cost of
-X the player announces X as the ability is activated (ru-cr:107.3a names [-X]). Damage dealt to a
planeswalker removes that many loyalty counters (ru-cr:306.8, ru-cr:119.3c); it is no longer redirected from
its controller (ru-cr:306.7). With 0 loyalty it goes to its owner's graveyard (ru-cr:704.5i, ru-cr:306.9).
Creatures may attack a planeswalker instead of a player (ru-cr:508.1b, ru-cr:506.3); its controller is the
defending player (ru-cr:508.5).
"""

from __future__ import annotations

from typing import Any

from .errors import IllegalAction
from .spec import Ability
from .state import Game, Obj

LOYALTY = "loyalty"


def is_walker(obj: Obj) -> bool:
    return "planeswalker" in obj.types


def on_enter(game: Game, obj: Obj) -> None:
    """Enters with its printed loyalty in loyalty counters (ru-cr:306.5b)."""
    if is_walker(obj) and obj.spec is not None and obj.spec.loyalty is not None and not obj.counters.get(LOYALTY):
        obj.counters[LOYALTY] = obj.spec.loyalty


def attacked_walker(game: Game, attacker: str, name: str, line: int) -> Obj:
    """The planeswalker an ``attack`` names (it must be an opponent's planeswalker on the battlefield)."""
    obj = game.one(name, ("battlefield",), line, "attack")
    if obj is None or not is_walker(obj):
        raise IllegalAction("{attacker} can't attack {name}: only a player or a planeswalker can be attacked",
                            game.rs.refs("illegal_attack_player"), key="attack_not_walker", attacker=attacker,
                            name=name)
    if obj.controller == game.active:
        raise IllegalAction("{attacker} can't attack {name}: {player} controls it",
                            game.rs.refs("illegal_attack_player"), key="attack_own_walker", attacker=attacker,
                            name=name, player=game.active)
    return obj


def pay_loyalty(game: Game, obj: Obj, ability: Ability, player: str, x: int = 0) -> str:
    """Check the loyalty ability's timing and once-a-turn limit, then pay its cost in counters; a cost of -X
    removes the announced X (ru-cr:107.3a), which can't be more than the planeswalker has (ru-cr:117.3)."""
    rs = game.rs
    cost = -x if ability.cost.loyalty_x else ability.cost.loyalty or 0
    if game.active != player or game.step not in ("main1", "main2") or game.stack:  # ru-cr:603.3
        raise IllegalAction("{name}'s loyalty ability can be activated only in {player}'s main phase with an empty "
                            "stack", rs.refs("loyalty_timing"), key="loyalty_timing", name=obj.handle, player=player)
    if (game.turn, obj.oid) in game.loyalty_used:  # ru-cr:603.3 ru-cr:306.5d
        raise IllegalAction("a loyalty ability of {name} was already activated this turn", rs.refs("loyalty_once"),
                            key="loyalty_once", name=obj.handle)
    have = obj.counters.get(LOYALTY, 0)
    if cost < 0 and have < -cost:  # ru-cr:117.3
        raise IllegalAction("{name} has {have} loyalty: it can't pay {cost}", rs.refs("loyalty_cost"),
                            key="loyalty_short", name=obj.handle, have=have, cost=cost)
    game.loyalty_used.add((game.turn, obj.oid))
    obj.counters[LOYALTY] = have + cost  # ru-cr:606.2
    game.say("loyalty", rs.refs("loyalty_ability"), obj=obj.handle, cost=f"{cost:+d}" if cost else "0",
             loyalty=obj.counters[LOYALTY])
    return f"{cost:+d}" if cost else "0"


def damage_walker(game: Game, source: Any, obj: Obj, amount: int, combat: bool) -> None:
    """Damage to a planeswalker removes that many loyalty counters (ru-cr:306.8, ru-cr:119.3c)."""
    have = obj.counters.get(LOYALTY, 0)
    obj.counters[LOYALTY] = max(0, have - amount)
    game.say("damage_walker", game.rs.refs("damage_walker"), source=source.name, to=obj.handle, amount=amount,
             loyalty=obj.counters[LOYALTY], combat=combat)


def zero_loyalty(game: Game) -> list[Obj]:
    """Planeswalkers with 0 loyalty (ru-cr:704.5i)."""
    return [o for o in game.battlefield() if is_walker(o) and o.counters.get(LOYALTY, 0) <= 0]
