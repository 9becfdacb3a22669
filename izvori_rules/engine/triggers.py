"""Triggered abilities: they trigger on events and wait; the next time a player would receive priority they
go on the stack in APNAP order, each player putting theirs in the order they choose (ru-cr:603.2,
ru-cr:603.3b; sr-judge:D11.20, sr-judge:D11.30). Targets are chosen then; one with no legal target is removed
(ru-cr:603.3d, sr-judge:D11.40).

The events come typed from :mod:`.pipeline` (:func:`observe`): only what really happened triggers
(ru-cr:603.2f, sr-judge:D11.70). Leaves-the-battlefield abilities look back in time at the object as it was
(ru-cr:603.10a, ru-cr:603.6c; sr-judge:D11.103, sr-judge:D11.104). An intervening "if" is checked when the
event happens and again on resolution (ru-cr:603.4, sr-judge:D11.80); a "may" ability goes on the stack and its
controller chooses as it resolves (ru-cr:603.5, sr-judge:D11.50); a delayed triggered ability triggers once,
at the time it names (ru-cr:603.7a, ru-cr:603.7b; sr-judge:D5.40); a state trigger triggers when the state
holds and not again while it is on the stack (ru-cr:603.8, sr-judge:D11.110).

A ``choose: {player, order: [...]}`` lists the player's triggers by source in the order they are put on the
stack (the first listed goes on the stack first and so resolves last).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from . import targets as tg
from ..errors import Phrase
from .errors import IllegalAction
from .events import Damage, Draw, Happened, LifeChange, Snapshot, ZoneChange
from .layers import chars, snapshot
from .spec import Ability, DelayedSpec
from .state import Game, Obj, ObjRef, StackItem, Target

NOT_FOUND = Phrase("target_not_found", "not found")
"""Why a triggered ability can't target a name the file gives that names nothing in play."""

CONDITION = re.compile(r"^(life|opponent_life|hand|creatures|library|graveyard)\s*(<=|>=|==|<|>)\s*(-?\d+)$")


@dataclass(slots=True, eq=False, repr=False)
class Pending:
    """A triggered ability waiting to be put on the stack."""

    controller: str
    source_name: str
    source: ObjRef
    ability: Ability
    info: Snapshot | None
    bound: list[Target] = field(default_factory=list)


@dataclass(slots=True, eq=False, repr=False)
class Delayed:
    """A delayed triggered ability, created by an effect, waiting for its moment."""

    spec: DelayedSpec
    controller: str
    source_name: str
    source: ObjRef | None
    bound: list[Target]


def fire(game: Game, when: str, obj: Obj, before: Snapshot | None = None) -> None:
    """``obj``'s abilities that trigger on ``when`` start waiting (``before``: as it was, looking back)."""
    info = before if before is not None else snapshot(game, obj)
    for ability in info.abilities:
        if ability.kind == "triggered" and ability.when == when:  # ru-cr:603.2 sr-judge:D11.20
            if ability.condition and not holds(game, ability.condition, info.controller, info.ref):
                continue  # ru-cr:603.4 sr-judge:D11.80
            game.pending.append(Pending(info.controller, obj.handle, obj.ref, ability, info))


def fire_step(game: Game, when: str) -> None:
    """"At the beginning of your upkeep / end step": the active player's permanents (ru-cr:503.1a); delayed
    abilities waiting for it (ru-cr:603.7b)."""
    for obj in game.in_zone("battlefield", game.active):
        fire(game, when, obj)
    fire_delayed(game, {"end_step": "next_end_step", "upkeep": "next_upkeep"}.get(when, when))


def fire_delayed(game: Game, moment: str) -> None:
    for d in [d for d in game.delayed if d.spec.when == moment]:
        game.delayed.remove(d)  # ru-cr:603.7b: it triggers only once
        ability = Ability("triggered", d.spec.line, effect=d.spec.effect, when=moment)
        game.pending.append(Pending(d.controller, d.source_name, d.source or (0, 0), ability, None, d.bound))


def observe(game: Game, happened: Happened) -> None:
    """What an event that happened triggers."""
    event = happened.event
    if isinstance(event, ZoneChange):
        _zone_triggers(game, event, happened.before)
    elif isinstance(event, Damage) and happened.dealt > 0:
        if not isinstance(event.to, str):
            obj = game.get(event.to)
            if obj is not None:
                fire(game, "dealt_damage", obj)
        source = game.get(event.source.ref)
        if source is not None and source.zone == "battlefield":
            fire(game, "deals_damage", source)
    elif isinstance(event, LifeChange) and event.amount > 0:
        for obj in game.in_zone("battlefield", event.player):
            fire(game, "gain_life", obj)
    elif isinstance(event, Draw):
        for obj in game.in_zone("battlefield", event.player):
            fire(game, "draws", obj)


def _zone_triggers(game: Game, event: ZoneChange, before: Snapshot | None) -> None:
    obj = game.objects.get(event.obj[0])
    if obj is None:
        return
    if event.to == "battlefield":
        fire(game, "enters", obj)  # ru-cr:603.6a sr-judge:D11.101
        return
    if event.origin != "battlefield" or before is None:
        return
    fire(game, "leaves", obj, before)  # ru-cr:603.6c ru-cr:603.10a sr-judge:D11.103
    if event.to == "graveyard" and "creature" in before.types:
        fire(game, "dies", obj, before)  # ru-cr:603.10a sr-judge:D11.104
        fire(game, "creature_dies", obj, before)  # it looks back and sees itself die
        for other in game.battlefield():
            fire(game, "creature_dies", other)
        for snap in game.lookback:  # ru-cr:603.10a: those that left in the same event still see it
            gone = game.objects.get(snap.ref[0])
            if gone is not None and gone is not obj and gone.zone != "battlefield":
                fire(game, "creature_dies", gone, snap)


def check_states(game: Game) -> None:
    """State triggers (ru-cr:603.8, sr-judge:D11.110): trigger while the state holds, once until they leave the
    stack."""
    on_stack = {(i.source, i.name) for i in game.stack if i.kind == "triggered"}
    waiting = {(p.source, p.source_name) for p in game.pending}
    for obj in game.battlefield():
        for ability in chars(game, obj).abilities:
            if ability.kind != "triggered" or ability.when != "state":
                continue
            key = (obj.ref, obj.handle)
            if key in on_stack or key in waiting or not holds(game, ability.condition, obj.controller, obj.ref):
                continue
            game.pending.append(Pending(obj.controller, obj.handle, obj.ref, ability, snapshot(game, obj)))


def holds(game: Game, condition: str, player: str, source: ObjRef | None) -> bool:
    """Whether a condition such as ``life <= 5`` or ``creatures == 0`` holds for the player now."""
    m = CONDITION.match(condition.strip())
    if m is None:
        return False
    subject, op, n = m.group(1), m.group(2), int(m.group(3))
    value = _value(game, subject, player)
    return {"<=": value <= n, ">=": value >= n, "==": value == n, "<": value < n, ">": value > n}[op]


def _value(game: Game, subject: str, player: str) -> int:
    from .pipeline import library_size

    if subject == "life":
        return game.players[player].life
    if subject == "opponent_life":
        return min((game.players[p].life for p in game.opponents(player)), default=0)
    if subject == "creatures":
        return sum("creature" in chars(game, o).types for o in game.in_zone("battlefield", player))
    if subject == "library":
        return library_size(game, player)
    return len(game.in_zone(subject, player))


def stack_pending(game: Game) -> bool:
    """Put the waiting triggers on the stack in APNAP order; True if there were any."""
    check_states(game)
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
    what = Phrase.said("order_triggers", "the order of {player}'s triggered abilities ({names})", player=player,
                       names=", ".join(names))
    picks = game.choices.order(player, what, names, game.rs.refs("trigger"))
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
            reason = NOT_FOUND if target is None else tg.check(game, target, kind, p.info, p.controller, False, step)
            if reason and p.ability.targets and name in p.ability.targets:
                legal.append(None)  # a fixed target that is illegal now
            elif reason:
                raise IllegalAction("{source}'s triggered ability can't target {name}: {reason}",
                                    tg.reason_rules(game, reason), key="trigger_target_reason",
                                    source=p.source_name, name=name, reason=reason)
            else:
                legal.append(target)
        if all(t is None for t in legal):  # ru-cr:603.3d sr-judge:D11.40
            game.say("trigger_removed", rs.refs("trigger_no_target"), source=p.source_name)
            return
        chosen = legal
    item = StackItem(game.new_id(), "triggered", p.source_name, p.controller, p.ability.effect, chosen, p.source,
                     p.info)
    item.condition = p.ability.condition if p.ability.when != "state" else ""
    item.optional = p.ability.optional
    item.bound = list(p.bound)
    game.stack.append(item)
    rules = rs.refs("trigger") + (rs.refs("delayed") if p.info is None else ()) + (
        rs.refs("state_trigger") if p.ability.when == "state" else ())
    game.say("trigger", rules, source=p.source_name, controller=p.controller, when=p.ability.when,
             targets=[game.describe(t) if not tg.is_stack(t) else "?" for t in chosen if t is not None])


def _target_names(game: Game, p: Pending, n: int) -> tuple[str, ...]:
    fixed = [t for t in p.ability.targets if t not in ("any", "creature", "player")]
    if len(fixed) >= n:
        return tuple(fixed[:n])
    names = game.choices.targets(p.controller, Phrase.said("choosing_trigger_target", "the target of {source}'s "
                                                           "triggered ability", source=p.source_name),
                                 game.rs.refs("trigger"))
    if len(names) != n - len(fixed):
        raise IllegalAction("{source}'s triggered ability needs {n} target(s), {given} chosen",
                            game.rs.refs("illegal_target"), key="trigger_targets", source=p.source_name, n=n,
                            given=len(names))
    return tuple(fixed) + tuple(names)
