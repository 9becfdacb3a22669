"""Costs paid on resolution: "[do something] unless [a player] pays {N}" (ru-cr:117.12, ru-cr:117.12a;
sr-judge:D11.50 and the glossary's "Osim ako, sem ako").

"Counter target spell unless its controller pays {3}" means "its controller may pay {3}; if they don't, counter
it" (ru-cr:117.12a). The choice is made as the effect is applied (ru-cr:608.2d, sr-judge:D14.23), answered in the
file by ``choose: {player, pay: true|false}``; a missing answer stops the run (exit 3). Mana is paid from the
player's pool (sr-judge:D14.25: mana abilities may be played first); a player can't choose to pay what they
can't (ru-cr:608.2d, sr-judge:D14.23), which makes the answer an illegal action. The payer is the controller of
the step's target (its controller, or the targeted player), or the controller of the spell or ability when the
step takes no target. Imported only when such a step resolves.
"""

from __future__ import annotations

from typing import Any

from ..errors import Phrase
from . import targets as tg
from .errors import IllegalAction
from .mana import EMPTY_POOL, format_pool, spend
from .spec import EffectStep
from .state import Game, StackItem


def payer(game: Game, item: StackItem, target: Any) -> str | None:
    """Who may pay: the target's controller (or the targeted player), else the item's controller."""
    if target is None:
        return item.controller
    if tg.is_stack(target):
        return next((i.controller for i in game.stack if i.sid == target[1]), None)
    if isinstance(target, str):
        return target if target in game.players else None
    obj = game.get(target)
    return obj.controller if obj is not None else None


def paid(game: Game, item: StackItem, step: EffectStep, target: Any) -> bool:
    """Ask the payer; pay the cost and report True if they do (the step is then not carried out)."""
    if step.takes_target and target is None:
        return False  # an illegal target: the step does nothing to it anyway (ru-cr:608.2b)
    who = payer(game, item, target)
    if who is None or game.players[who].lost:
        return False
    rules = game.rs.refs("unless_pays")
    if not game.choices.pay(who, Phrase.said("choosing_unless", "{cost} for {name} (\"unless ... pays\")",
                                             cost=step.unless_pays, name=item.name), rules):
        game.say("unless_declined", rules, player=who, cost=step.unless_pays, item=item.name)
        return False
    pool = game.players[who].mana
    paid = spend(pool, step.unless_pays)
    if paid is None:  # ru-cr:608.2d sr-judge:D14.23: an impossible choice can't be made
        raise IllegalAction("{player} can't pay {cost} for {what} (mana pool: {pool})", rules, key="cant_pay",
                            player=who, cost=step.unless_pays, what=item.name, pool=format_pool(pool) or EMPTY_POOL)
    game.players[who].mana, spent = paid
    game.say("unless_paid", rules, player=who, cost=step.unless_pays, paid=format_pool(spent), item=item.name)
    return True
