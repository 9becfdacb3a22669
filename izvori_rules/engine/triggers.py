"""Triggered abilities: they trigger on events and wait; the next time a player would receive priority they
go on the stack in APNAP order, each player putting theirs in the order they choose (ru-cr:603.2,
ru-cr:603.3b; sr-judge:D11.20, sr-judge:D11.30). Targets are chosen then; one with no legal target is removed
(ru-cr:603.3d, sr-judge:D11.40). Leaves-the-battlefield triggers look back in time (ru-cr:603.10a,
sr-judge:D11.104).

A ``choose: {player, order: [...]}`` lists the player's triggers by source in the order they are put on the
stack (the first listed goes on the stack first and so resolves last).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from . import targets as tg
from .damage import source_info
from .errors import IllegalAction
from .spec import Ability
from .state import Game, Obj, ObjRef, StackItem


@dataclass(slots=True)
class Pending:
    """A triggered ability waiting to be put on the stack."""

    controller: str
    source_name: str
    source: ObjRef
    ability: Ability
    info: dict[str, Any]


def fire(game: Game, when: str, obj: Obj) -> None:
    """``obj``'s abilities that trigger on ``when`` start waiting."""
    for ability in obj.abilities:
        if ability.kind == "triggered" and ability.when == when:  # ru-cr:603.2 sr-judge:D11.20
            game.pending.append(Pending(obj.controller, obj.handle, obj.ref, ability, source_info(game, obj)))


def fire_step(game: Game, when: str) -> None:
    """"At the beginning of your upkeep / end step": the active player's permanents (ru-cr:503.1a)."""
    for obj in game.in_zone("battlefield", game.active):
        fire(game, when, obj)


def stack_pending(game: Game) -> bool:
    """Put the waiting triggers on the stack in APNAP order; True if there were any."""
    if not game.pending:
        return False
    pending, game.pending = game.pending, []
    for player in game.apnap():  # ru-cr:603.3b sr-judge:D11.30
        theirs = [p for p in pending if p.controller == player]
        for p in _ordered(game, player, theirs):
            _put(game, p)
    return True


def _ordered(game: Game, player: str, theirs: list[Pending]) -> list[Pending]:
    if len(theirs) < 2 or all(_same(theirs[0], p) for p in theirs[1:]):
        return theirs
    names = [p.source_name for p in theirs]
    picks = game.choices.order(player, f"the order of {player}'s triggered abilities ({', '.join(names)})", names,
                               game.rs.refs("trigger"))
    return [theirs[i] for i in picks]


def _same(a: Pending, b: Pending) -> bool:
    fixed = all(t not in ("any", "creature", "player") for t in a.ability.targets)
    return a.ability == b.ability and fixed and not (tg.target_steps(a.ability.effect) and not a.ability.targets)


def _put(game: Game, p: Pending) -> None:
    rs = game.rs
    steps = tg.target_steps(p.ability.effect)
    chosen: list[Any] = []
    if steps:
        names = _target_names(game, p, len(steps))
        legal: list[Any] = []
        for i, (name, step) in enumerate(zip(names, steps)):
            spec = p.ability.targets[i] if i < len(p.ability.targets) else "any"
            kind = spec if spec in ("creature", "player") else tg.step_kind(step)
            target = tg.find(game, name, kind, p.ability.line)
            reason = "not found" if target is None else tg.check(game, target, kind, p.info, p.controller, False, step)
            if reason and p.ability.targets and name in p.ability.targets:
                legal.append(None)  # a fixed target that is illegal now
            elif reason:
                raise IllegalAction(f"{p.source_name}'s triggered ability can't target {name}: {reason}",
                                    tg.reason_rules(game, reason or ""))
            else:
                legal.append(target)
        if all(t is None for t in legal):  # ru-cr:603.3d sr-judge:D11.40
            game.say("trigger_removed", rs.refs("trigger_no_target"), source=p.source_name)
            return
        chosen = legal
    item = StackItem(game.new_id(), "triggered", p.source_name, p.controller, p.ability.effect, chosen, p.source,
                     p.info)
    game.stack.append(item)
    game.say("trigger", rs.refs("trigger"), source=p.source_name, controller=p.controller, when=p.ability.when,
             targets=[game.describe(t) if not tg.is_stack(t) else "?" for t in chosen if t is not None])


def _target_names(game: Game, p: Pending, n: int) -> tuple[str, ...]:
    fixed = [t for t in p.ability.targets if t not in ("any", "creature", "player")]
    if len(fixed) >= n:
        return tuple(fixed[:n])
    names = game.choices.targets(p.controller, f"the target of {p.source_name}'s triggered ability",
                                 game.rs.refs("trigger"))
    if len(names) != n - len(fixed):
        raise IllegalAction(f"{p.source_name}'s triggered ability needs {n} target(s), {len(names)} chosen",
                            game.rs.refs("illegal_target"))
    return tuple(fixed) + tuple(names)
