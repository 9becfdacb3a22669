"""Effect steps, carried out in order as a spell or ability resolves (ru-cr:608.2c, sr-judge:D14.22).

A step that takes a target uses the next of the item's targets; if that target has become illegal the step
does nothing to it (ru-cr:608.2b, sr-judge:D14.21). Until-end-of-turn effects are continuous effects locked to
the objects they affected (:mod:`.layers`); regeneration and prevention create shields (:mod:`.replacement`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import targets as tg
from .damage import deal_damage, gain_life, lose_life
from .layers import ContinuousEffect, chars, is_creature
from .mana import format_pool, parse_pool
from .replacement import Shield, add_shield, destroy, put_into_graveyard
from .spec import EffectStep, ObjectSpec
from .state import Game, Obj, StackItem, make_object

LIBRARY_CARD = "library card"


class _Run:
    """One resolution: the item, its targets (None where illegal), and the next target to use."""

    def __init__(self, game: Game, item: StackItem, targets: list[Any]) -> None:
        self.game = game
        self.item = item
        self.targets = list(targets)

    def next_target(self) -> Any:
        return self.targets.pop(0) if self.targets else None

    def source(self) -> Obj | None:
        return self.game.get(self.item.source)

    def creatures(self, step: EffectStep) -> list[Obj]:
        """The creatures a creature-affecting step applies to, by its ``to``."""
        game, to = self.game, step.to
        if to == "target":
            obj = game.get(self.next_target())
            return [obj] if obj is not None else []
        if to == "self":
            obj = self.source()
            return [obj] if obj is not None and obj.zone == "battlefield" else []
        mine = self.item.controller
        out = [o for o in game.battlefield() if is_creature(o)]
        if to in ("creatures_you_control", "other_creatures_you_control"):
            out = [o for o in out if o.controller == mine]
        if to.startswith("other") or to == "each_other_creature":
            out = [o for o in out if o.ref != self.item.source]
        return out

    def players(self, step: EffectStep) -> list[str]:
        game, to = self.game, step.to
        if to == "target":
            target = self.next_target()
            return [target] if isinstance(target, str) else []
        if to == "each_player":
            return game.apnap()
        if to == "each_opponent":
            return [p for p in game.apnap() if p != self.item.controller]
        return [self.item.controller]


def run(game: Game, item: StackItem, targets: list[Any]) -> None:
    """Carry out every step of the item's effect."""
    r = _Run(game, item, targets)
    for step in item.effect:
        _STEPS[step.kind](r, step)


def amount_of(r: _Run, step: EffectStep) -> int:
    """The step's amount; X is the value announced as the spell was cast (ru-cr:107.3a, sr-judge:D10.12)."""
    return r.item.x * step.x_times if step.x_times else (step.amount or 0)


def _damage(r: _Run, step: EffectStep) -> None:
    game, amount = r.game, amount_of(r, step)
    info = r.item.source_info
    if step.divided:  # ru-cr:601.2d: as divided on casting; an illegal target's share is not dealt (608.2b)
        for share in list(r.item.division):
            to = r.next_target()
            if to is not None:
                deal_damage(game, info, to, share, combat=False)
        return
    if step.to == "target":
        target = r.next_target()
        recipients: list[Any] = [target] if target is not None else []
    elif step.to in ("each_player", "each_opponent", "controller"):
        recipients = list(r.players(step))
    else:
        recipients = [o.ref for o in r.creatures(step)]
    for to in recipients:  # ru-cr:704.4 sr-judge:D21.40: no state-based actions until the spell has resolved
        deal_damage(game, info, to, amount, combat=False)


def _destroy(r: _Run, step: EffectStep) -> None:
    game = r.game
    if step.to == "all_creatures":
        objs = [o for o in game.battlefield() if is_creature(o)]
    elif step.to == "self":
        objs = [o for o in [r.source()] if o is not None and o.zone == "battlefield"]
    else:
        objs = [o for o in [game.get(r.next_target())] if o is not None]
    for obj in objs:
        destroy(game, obj, regenerate=not step.no_regenerate, rules=())


def _continuous(kind: str) -> Callable[[_Run, EffectStep], None]:
    def apply(r: _Run, step: EffectStep) -> None:
        game = r.game
        objs = r.creatures(step)
        if not objs:
            return
        eff = ContinuousEffect(game.stamp(), kind, frozenset(o.ref for o in objs), step.power, step.toughness,
                               step.keywords, r.item.name)
        game.effects.append(eff)
        event = {"modify": "pump", "set": "set_pt", "switch": "switch_pt", "grant": "grant"}[kind]
        for obj in objs:
            c = chars(game, obj)
            game.say(event, game.rs.refs(event), obj=obj.handle, power=step.power, toughness=step.toughness,
                     keywords=list(step.keywords), now=f"{c.power}/{c.toughness}", source=r.item.name)
    return apply


def _regenerate(r: _Run, step: EffectStep) -> None:
    for obj in r.creatures(step):  # ru-cr:701.14a sr-judge:D20.62
        add_shield(r.game, Shield("regenerate", obj.ref, None, r.item.name, r.game.stamp()))
        r.game.say("regen_shield", r.game.rs.refs("regen_shield"), obj=obj.handle, source=r.item.name)


def _prevent(r: _Run, step: EffectStep) -> None:
    game = r.game
    if step.to == "combat_damage":
        protects: Any = None
    elif step.to == "target":
        protects = r.next_target()
        if protects is None:
            return
    elif step.to == "self":
        protects = r.item.source
    else:
        protects = r.item.controller
    shield = Shield("prevent", protects, step.amount, r.item.name, game.stamp(), combat_only=step.to == "combat_damage")
    add_shield(game, shield)  # ru-cr:615.7 sr-judge:D20.72
    event = "prevent_shield" if step.amount is not None else "prevent_all"
    game.say(event, game.rs.refs(event), to="combat" if protects is None else game.describe(protects),
             amount=step.amount, source=r.item.name)


def _counter(r: _Run, step: EffectStep) -> None:
    game, target = r.game, r.next_target()
    item = next((i for i in game.stack if tg.is_stack(target) and i.sid == target[1]), None)
    if item is None:
        return
    game.stack.remove(item)  # ru-cr:701.5a sr-judge:D20.73
    if item.obj is not None:
        from .state import move

        move(game, item.obj, "graveyard")
    game.say("countered", game.rs.refs("countered"), item=item.name, by=r.item.name)


def _life(r: _Run, step: EffectStep) -> None:
    for player in r.players(step):
        if step.kind == "gain_life":
            gain_life(r.game, player, amount_of(r, step), r.game.rs.refs("gain_life"), why=r.item.name)
        else:
            lose_life(r.game, player, amount_of(r, step), r.game.rs.refs("lose_life"), why=r.item.name)


def _draw(r: _Run, step: EffectStep) -> None:
    for player in r.players(step):
        draw_cards(r.game, player, amount_of(r, step), r.game.rs.refs("draw"))


def draw_cards(game: Game, player: str, n: int, rules: tuple[str, ...]) -> None:
    """Draw one card at a time (ru-cr:120.2); from an empty library the player will lose (ru-cr:704.5b)."""
    p = game.players[player]
    for _ in range(n):
        if p.library <= 0:
            p.drew_from_empty = True  # ru-cr:120.3 sr-judge:A3.33
            game.say("draw_empty", rules, player=player)
            continue
        p.library -= 1
        make_object(game, ObjectSpec(name=LIBRARY_CARD, line=0), player, "hand")
        game.say("draw", rules, player=player, library=p.library)


def _token(r: _Run, step: EffectStep) -> None:
    from .triggers import fire

    game = r.game
    spec = step.token or game.token_cards[str(step.token_card)]
    for _ in range(step.count):
        obj = make_object(game, spec, r.item.controller, "battlefield", token=True)  # ru-cr:110.5
        obj.summoning_sick = True
        game.say("token", game.rs.refs("token"), obj=obj.handle, player=obj.controller,
                 pt=f"{obj.power}/{obj.toughness}" if obj.power is not None else "")
        fire(game, "enters", obj)


def _sacrifice(r: _Run, step: EffectStep) -> None:
    obj = r.source()
    if obj is not None and obj.zone == "battlefield" and obj.controller == r.item.controller:  # ru-cr:701.16a
        put_into_graveyard(r.game, obj, "sacrifice", r.game.rs.refs("sacrifice"))


def _add_counters(r: _Run, step: EffectStep) -> None:
    for obj in r.creatures(step):
        for kind, n in step.counters:
            obj.counters[kind] += n  # ru-cr:121.1 sr-judge:B1.90
        r.game.say("counters", r.game.rs.refs("counters"), obj=obj.handle, counters=dict(step.counters))


def _tap(r: _Run, step: EffectStep) -> None:
    obj = r.source() if step.to == "self" else r.game.get(r.next_target())
    if obj is None or obj.zone != "battlefield":
        return
    obj.tapped = step.kind == "tap"
    event = "tap" if step.kind == "tap" else "untap_effect"
    r.game.say(event, r.game.rs.refs(event), obj=obj.handle)


def _add_mana(r: _Run, step: EffectStep) -> None:
    pool = r.game.players[r.item.controller].mana
    pool.update(parse_pool(step.mana))  # ru-cr:106.4 sr-judge:D9.25
    r.game.say("add_mana", r.game.rs.refs("add_mana"), player=r.item.controller, mana=step.mana,
               pool=format_pool(pool))


def _attach(r: _Run, step: EffectStep) -> None:
    game, source = r.game, r.source()
    host = game.get(r.next_target())
    if source is None or host is None or source.zone != "battlefield":
        return
    source.attached_to = host.ref
    source.timestamp = game.stamp()  # ru-cr:613.6d sr-judge:D19.55
    game.changed()
    game.say("attach", game.rs.refs("attach"), obj=source.handle, to=host.handle)


_STEPS: dict[str, Callable[[_Run, EffectStep], None]] = {
    "damage": _damage, "destroy": _destroy, "pump": _continuous("modify"), "set_pt": _continuous("set"),
    "switch_pt": _continuous("switch"), "grant": _continuous("grant"), "regenerate": _regenerate,
    "prevent": _prevent, "counter": _counter, "gain_life": _life, "lose_life": _life, "draw": _draw,
    "create_token": _token, "sacrifice": _sacrifice, "add_counters": _add_counters, "tap": _tap, "untap": _tap,
    "add_mana": _add_mana, "attach": _attach,
}
