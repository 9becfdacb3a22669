"""A player leaving a game of three or more (ru-cr:800.4a; sr-judge:A3.50, sr-judge:F1.41).

When a player leaves, every object they own leaves the game, spells and abilities they control on the stack
cease to exist, and whatever they still control is exiled (ru-cr:800.4a, sr-judge:F1.41); the game goes on for
the others (ru-cr:800.4, sr-judge:F1.40). Combat damage already on the stack (izvori) is not affected
(sr-judge:F1.41). If the active player leaves, the turn goes on without an active player and the next player's
turn follows (ru-cr:800.4i, ru-cr:800.4j). Damage to a player who has left is not dealt.
"""

from __future__ import annotations

from .pipeline import move_object, remove_from_combat
from .state import Game


def leave(game: Game, name: str) -> None:
    """``name`` leaves the game (they have already lost)."""
    rs = game.rs
    owned = [o for o in game.objects.values() if o.owner == name]
    gone = []
    for obj in owned:
        if obj.zone == "battlefield":
            remove_from_combat(game, obj)
        del game.objects[obj.oid]
        gone.append(obj.handle)
    for item in [i for i in game.stack if i.controller == name and i.kind != "combat_damage"]:
        game.stack.remove(item)  # ru-cr:800.4a sr-judge:F1.41
        gone.append(item.name)
    ended = [e for e in game.effects if e.kind == "control" and e.controller == name]
    for eff in ended:  # ru-cr:800.4a sr-judge:F1.41: effects that gave them control end
        game.effects.remove(eff)
    game.changed()
    from .layers import chars

    for obj in game.battlefield():
        chars(game, obj)  # layer 2 again: control returns (ru-cr:613.1b)
    for obj in [o for o in game.battlefield() if o.controller == name]:
        remove_from_combat(game, obj)
        move_object(game, obj, "exile", "leave_game", narrate=False)
    game.changed()
    game.say("leave_game", rs.refs("leave_game"), player=name, objs=sorted(set(gone)))
    if game.priority == name:
        game.priority = game.next_player(name)
    if game.active == name:
        game.say("leave_turn", rs.refs("leave_turn"), player=name)
