"""Dealing damage, and life: the results of damage (ru-cr:119.3; sr-judge:D18.10, sr-judge:C11.40).

Damage to a player makes them lose that much life (ru-cr:119.3a); damage to a creature is marked on it
(ru-cr:119.3e) and destroys it only through the state-based actions (ru-cr:119.5, sr-judge:D21.53). Zero damage
is no damage (ru-cr:119.8, sr-judge:D20.51). A deathtouch source marks the creature for ru-cr:704.5h
(ru-cr:702.2b); a lifelink source's controller gains the life (ru-cr:702.15b). The source is described by
its last known information, so a creature that left the battlefield still deals the combat damage it
assigned in izvori (sr-judge:C11.41, sr-judge:C11.42). Each is one typed event through :mod:`.pipeline`.
"""

from __future__ import annotations

from .events import Damage, Happened, LifeChange, Snapshot
from .layers import snapshot
from .pipeline import perform
from .state import Game, Obj, Target


def source_info(game: Game, obj: Obj) -> Snapshot:
    """What a damage source is now (or was when last seen)."""
    return snapshot(game, obj)


def deal_damage(game: Game, source: Snapshot, to: Target, amount: int, combat: bool) -> int:
    """One source deals damage to one recipient; returns the damage actually dealt."""
    if amount <= 0:  # ru-cr:119.8 sr-judge:D20.51
        return 0
    if not isinstance(to, str):
        recipient = game.get(to)
        if recipient is None or recipient.zone != "battlefield":
            game.say("damage_lost", game.rs.refs("combat_damage_lost" if combat else "damage"),
                     source=source.name, to=game.describe(to), amount=amount)  # sr-judge:C11.43
            return 0
    elif game.players[to].lost:
        return 0
    done = perform(game, Damage(source, to, amount, combat))
    return done.dealt if isinstance(done, Happened) else 0


def gain_life(game: Game, player: str, amount: int, rules: tuple[str, ...], why: str = "") -> None:
    if amount > 0:
        perform(game, LifeChange(player, amount, why, rules))


def lose_life(game: Game, player: str, amount: int, rules: tuple[str, ...], why: str = "") -> None:
    if amount > 0:
        perform(game, LifeChange(player, -amount, why, rules))
