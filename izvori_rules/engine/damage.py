"""Dealing damage, and life: the results of damage (ru-cr:119.3; sr-judge:D18.10, sr-judge:C11.40).

Damage to a player makes them lose that much life (ru-cr:119.3a); damage to a creature is marked on it
(ru-cr:119.3e) and destroys it only through the state-based actions (ru-cr:119.5, sr-judge:D21.53). Zero damage
is no damage (ru-cr:119.8, sr-judge:D20.51). A deathtouch source marks the creature for ru-cr:704.5h
(ru-cr:702.2b); a lifelink source's controller gains the life (ru-cr:702.15b). The source is described by
its last known information, so a creature that left the battlefield still deals the combat damage it
assigned in izvori (sr-judge:C11.41, sr-judge:C11.42).
"""

from __future__ import annotations

from typing import Any

from .layers import chars, is_creature
from .replacement import prevent
from .state import Game, Obj, Target


def source_info(game: Game, obj: Obj) -> dict[str, Any]:
    """What a damage source is now (or was when last seen): name, controller, colours, keywords."""
    c = chars(game, obj)
    return {"name": obj.handle, "ref": obj.ref, "controller": obj.controller, "colors": c.colors,
            "keywords": c.keywords}


def deal_damage(game: Game, source: dict[str, Any], to: Target, amount: int, combat: bool) -> int:
    """One source deals damage to one recipient; returns the damage actually dealt."""
    rs = game.rs
    event = "combat_damage" if combat else "damage"
    if amount <= 0:  # ru-cr:119.8 sr-judge:D20.51
        return 0
    recipient = None
    if not isinstance(to, str):
        recipient = game.get(to)
        walker = recipient is not None and "planeswalker" in recipient.types and not is_creature(recipient)
        if recipient is None or recipient.zone != "battlefield" or not (is_creature(recipient) or walker):
            game.say("damage_lost", rs.refs("combat_damage_lost" if combat else "damage"),
                     source=source["name"], to=game.describe(to), amount=amount)  # sr-judge:C11.43
            return 0
    elif game.players[to].lost:
        return 0
    amount = prevent(game, source, to, amount, combat)
    if amount <= 0:
        return 0
    keywords = source.get("keywords", frozenset())
    if recipient is not None and not is_creature(recipient):  # a planeswalker (ru-cr:306.8)
        from .planeswalkers import damage_walker

        damage_walker(game, source, recipient, amount, combat)
    elif recipient is None:
        game.players[str(to)].life -= amount  # ru-cr:119.3a
        game.say(event, rs.refs(event, "damage_to_player"), source=source["name"], to=to, amount=amount,
                 player=True, life=game.players[str(to)].life)
    else:
        recipient.damage += amount  # ru-cr:119.3e
        extra: tuple[str, ...] = ()
        if "deathtouch" in keywords:  # ru-cr:702.2b
            recipient.deathtouched = True
            extra = rs.refs("kw:deathtouch")
        game.say(event, rs.refs(event, "damage_to_creature") + extra, source=source["name"],
                 to=recipient.handle, amount=amount, player=False, deathtouch=bool(extra))
    if "lifelink" in keywords:  # ru-cr:702.15b
        gain_life(game, source["controller"], amount, rs.refs("kw:lifelink"), why=source["name"])
    return amount


def gain_life(game: Game, player: str, amount: int, rules: tuple[str, ...], why: str = "") -> None:
    if amount <= 0 or game.players[player].lost:
        return
    game.players[player].life += amount  # ru-cr:118.3
    game.say("gain_life", rules, player=player, amount=amount, life=game.players[player].life, why=why)


def lose_life(game: Game, player: str, amount: int, rules: tuple[str, ...], why: str = "") -> None:
    if amount <= 0 or game.players[player].lost:
        return
    game.players[player].life -= amount  # ru-cr:118.3
    game.say("lose_life", rules, player=player, amount=amount, life=game.players[player].life, why=why)
