"""Effect steps, carried out in order as a spell or ability resolves (ru-cr:608.2c, sr-judge:D14.22).

A step that takes a target uses the next of the item's targets; if that target has become illegal the step
does nothing to it (ru-cr:608.2b, sr-judge:D14.21). Until-end-of-turn effects are continuous effects locked to
the objects they affected (:mod:`.layers`); regeneration, prevention and "this turn" replacement effects
create shields (:mod:`.replacement`). Everything that changes the game goes through :mod:`.pipeline` as an
event. Zone changes (exile, return to hand, put onto the battlefield, flicker, top or bottom of a library) make
a new object (ru-cr:400.7, sr-judge:B16.13); a later step that says "its" uses the last known information of
the object the previous step moved (ru-cr:608.2g, sr-judge:D11.104).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import targets as tg
from .damage import deal_damage, gain_life, lose_life
from .events import Draw, PutCounters, Snapshot
from .layers import ContinuousEffect, chars, is_creature, snapshot
from .mana import format_pool, parse_pool
from .pipeline import (Instead, LIBRARY_CARD, destroy, library_size, move_object, perform, put_into_graveyard,
                       tap)
from .replacement import Replacement, shield
from .spec import EffectStep
from .state import Game, Obj, StackItem, make_object

__all__ = ["LIBRARY_CARD", "draw_cards", "run"]


class _Run:
    """One resolution: the item, its targets (None where illegal), and the next target to use."""

    def __init__(self, game: Game, item: StackItem, targets: list[Any]) -> None:
        self.game = game
        self.item = item
        self.targets = list(targets)
        self.last: Snapshot | None = None  # the object the last step affected, as it last was
        self.moved: Obj | None = None  # "it": the object the last step affected (after a zone change, the new one)

    def next_target(self) -> Any:
        return self.targets.pop(0) if self.targets else None

    def objects(self, step: EffectStep) -> list[Obj]:
        """The objects a zone-changing step affects: its target, the source, or the bound object."""
        game = self.game
        if step.to == "self":
            obj = self.source()
            return [obj] if obj is not None and obj.zone != "stack" else []
        if step.to == "bound":
            return [o for o in (game.get(ref) for ref in self.item.bound if not isinstance(ref, str))
                    if o is not None]
        if step.to == "it":
            return [self.moved] if self.moved is not None else []
        if step.to in ("all_creatures", "each_creature"):
            return [o for o in game.battlefield() if is_creature(o, game)]
        obj = game.get(self.next_target())
        self.moved = obj
        return [obj] if obj is not None else []

    def source(self) -> Obj | None:
        return self.game.get(self.item.source)

    def creatures(self, step: EffectStep) -> list[Obj]:
        """The creatures a creature-affecting step applies to, by its ``to``."""
        game, to = self.game, step.to
        if to == "target":
            obj = game.get(self.next_target())
            self.moved = obj
            return [obj] if obj is not None else []
        if to == "self":
            obj = self.source()
            return [obj] if obj is not None and obj.zone == "battlefield" else []
        if to in ("bound", "it"):
            return [o for o in self.objects(step) if o.zone == "battlefield"]
        mine = self.item.controller
        out = [o for o in game.battlefield() if is_creature(o, game)]
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
        if to == "its_controller":
            return [self.last.controller] if self.last is not None else []
        return [self.item.controller]

    def amount(self, step: EffectStep) -> int:
        """The step's number; ``its_power`` is the power of the object the last step affected, as it last was."""
        if step.amount_of == "its_power":
            return max(self.last.power, 0) if self.last is not None else 0
        if step.x_times:  # X is the value announced as it was cast (ru-cr:107.3a, sr-judge:D10.12)
            return self.item.x * step.x_times
        return step.amount or 0


def run(game: Game, item: StackItem, targets: list[Any]) -> None:
    """Carry out every step of the item's effect."""
    r = _Run(game, item, targets)
    for step in item.effect:
        if step.unless_pays:
            from .unless import paid

            if paid(game, item, step, r.targets[0] if step.takes_target and r.targets else None):
                if step.takes_target:
                    r.next_target()
                continue
        for _each in range(step.targets if step.takes_target else 1):  # "two target lands": each in turn
            _STEPS[step.kind](r, step)


def _damage(r: _Run, step: EffectStep) -> None:
    game, amount = r.game, r.amount(step)
    info = r.item.source_info
    if info is None:
        return
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
        objs = [o for o in game.battlefield() if is_creature(o, game)]
    elif step.to in ("self", "it", "bound"):
        objs = [o for o in r.objects(step) if o.zone == "battlefield"]
    else:
        objs = [o for o in [game.get(r.next_target())] if o is not None]
    game.lookback = [snapshot(game, o) for o in game.battlefield()] if len(objs) > 1 else []
    for obj in objs:
        r.last = snapshot(game, obj)
        destroy(game, obj, regenerate=not step.no_regenerate, rules=())
    game.lookback = []


def _continuous(kind: str) -> Callable[[_Run, EffectStep], None]:
    def apply(r: _Run, step: EffectStep) -> None:
        game = r.game
        objs = r.creatures(step)
        if not objs:
            return
        eff = ContinuousEffect(game.stamp(), kind, frozenset(o.ref for o in objs), step.power, step.toughness,
                               step.keywords, r.item.name)
        game.effects.append(eff)
        game.changed()
        event = {"modify": "pump", "set": "set_pt", "switch": "switch_pt", "grant": "grant"}[kind]
        for obj in objs:
            c = chars(game, obj)
            game.say(event, game.rs.refs(event), obj=obj.handle, power=step.power, toughness=step.toughness,
                     keywords=list(step.keywords), now=f"{c.power}/{c.toughness}", source=r.item.name)
    return apply


def _regenerate(r: _Run, step: EffectStep) -> None:
    for obj in r.creatures(step):  # ru-cr:701.14a sr-judge:D20.62
        shield(r.game, "regenerate", "destroy", r.item.name, r.item.controller, obj.ref)
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
    made = shield(game, "prevent", "damage", r.item.name, r.item.controller, protects, step.amount,
                  combat_only=step.to == "combat_damage", next_only=step.amount is not None)
    if protects is None:
        made.spec = made.spec.__class__("damage", "combat", "prevent", step.line)  # ru-cr:615.7 sr-judge:D20.72
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
        move_object(game, item.obj, "graveyard", "countered", narrate=False)
    game.say("countered", game.rs.refs("countered"), item=item.name, by=r.item.name)


def _life(r: _Run, step: EffectStep) -> None:
    for player in r.players(step):
        if step.kind == "gain_life":
            gain_life(r.game, player, r.amount(step), r.game.rs.refs("gain_life"), why=r.item.name)
        else:
            lose_life(r.game, player, r.amount(step), r.game.rs.refs("lose_life"), why=r.item.name)


def _draw(r: _Run, step: EffectStep) -> None:
    for player in r.players(step):
        draw_cards(r.game, player, r.amount(step), r.game.rs.refs("draw"))


def draw_cards(game: Game, player: str, n: int, rules: tuple[str, ...]) -> None:
    """Draw one card at a time (ru-cr:120.2); from an empty library the player will lose (ru-cr:704.5b). A draw
    replaced by something else does that instead (ru-cr:614.11, sr-judge:D20.68)."""
    for _ in range(n):
        done = perform(game, Draw(player, rules))
        if isinstance(done, Instead):
            _instead(game, done.replacement, player)
        elif done is None and game.players[player].drew_from_empty and not library_size(game, player):
            break  # the draws left are the same attempt: the player loses all the same (ru-cr:704.5b, sr-judge:A3.33)


def _instead(game: Game, r: Replacement, player: str) -> None:
    item = StackItem(game.new_id(), "replacement", r.source, r.controller, r.spec.effect, [], r.origin)
    obj = game.get(r.origin)
    item.source_info = snapshot(game, obj) if obj is not None else None
    run(game, item, [])


def _token(r: _Run, step: EffectStep) -> None:
    game = r.game
    spec = step.token or game.token_cards[str(step.token_card)]
    for _ in range(step.count):
        obj = make_object(game, spec, r.item.controller, "nowhere", token=True)  # ru-cr:110.5
        game.say("token", game.rs.refs("token"), obj=obj.handle, player=r.item.controller,
                 pt=f"{obj.power}/{obj.toughness}" if obj.power is not None else "")
        move_object(game, obj, "battlefield", "token", narrate=False, controller=r.item.controller)


def _sacrifice(r: _Run, step: EffectStep) -> None:
    obj = r.source()
    if obj is not None and obj.zone == "battlefield" and obj.controller == r.item.controller:  # ru-cr:701.16a
        r.last = snapshot(r.game, obj)
        put_into_graveyard(r.game, obj, "sacrifice", r.game.rs.refs("sacrifice"))


def _add_counters(r: _Run, step: EffectStep) -> None:
    for obj in r.creatures(step):
        perform(r.game, PutCounters(obj.ref, step.counters, r.item.name))  # ru-cr:121.1 sr-judge:B1.90


def _tap(r: _Run, step: EffectStep) -> None:
    objs = r.objects(step)
    obj = objs[0] if objs else None
    if obj is None or obj.zone != "battlefield":
        return
    tap(r.game, obj, step.kind == "tap", r.item.name)


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


def _move(r: _Run, step: EffectStep) -> None:
    """Exile, return to hand, put onto the battlefield, on top or at the bottom of a library (ru-cr:400.7)."""
    game = r.game
    zone = {"library_top": "library", "library_bottom": "library"}.get(step.zone, step.zone)
    for obj in r.objects(step):
        if obj.zone == zone and zone != "library":
            continue
        r.last = snapshot(game, obj)
        controller = r.item.controller if step.controller == "you" else None
        moved = move_object(game, obj, zone, step.zone, tapped=step.tapped, controller=controller,
                            bottom=step.zone == "library_bottom", rules=game.rs.refs("zone_change"))
        r.moved = moved


def _flicker(r: _Run, step: EffectStep) -> None:
    """Exile it, then return it to the battlefield under its owner's control: a new object (ru-cr:400.7)."""
    game = r.game
    for obj in r.objects(step):
        if obj.zone != "battlefield":
            continue
        r.last = snapshot(game, obj)
        if move_object(game, obj, "exile", "exile", rules=game.rs.refs("zone_change")) is None:
            continue
        if obj.zone == "exile":
            r.moved = move_object(game, obj, "battlefield", "flicker", rules=game.rs.refs("zone_change"))
        if obj.token and obj.zone != "battlefield":
            r.moved = None


def _gain_control(r: _Run, step: EffectStep) -> None:
    game = r.game
    objs = [o for o in r.objects(step) if o.zone == "battlefield"]
    if not objs:
        return
    eff = ContinuousEffect(game.stamp(), "control", frozenset(o.ref for o in objs), source=r.item.name,
                           controller=r.item.controller, duration=step.duration)  # ru-cr:613.1b sr-judge:D19.51
    game.effects.append(eff)
    game.changed()
    for obj in objs:
        game.say("gain_control", game.rs.refs("gain_control"), obj=obj.handle, player=r.item.controller,
                 until="end_of_turn" if step.duration == "end_of_turn" else "")


def _become(r: _Run, step: EffectStep) -> None:
    """Type, colour, ability and power/toughness changes in their layers (ru-cr:613.1d-f, sr-judge:D19.52)."""
    game = r.game
    objs = [o for o in r.objects(step) if o.zone == "battlefield"]
    if not objs:
        return
    stamp = game.stamp()
    affected = frozenset(o.ref for o in objs)
    parts = []
    if step.types or step.subtypes:
        parts.append(ContinuousEffect(stamp, "type", affected, source=r.item.name, types=step.types,
                                      subtypes=step.subtypes, duration=step.duration))
    if step.colors is not None:
        parts.append(ContinuousEffect(stamp, "color", affected, source=r.item.name, colors=step.colors,
                                      duration=step.duration))
    if step.lose_abilities:
        parts.append(ContinuousEffect(stamp, "lose_abilities", affected, source=r.item.name,
                                      duration=step.duration))
    if step.keywords:
        parts.append(ContinuousEffect(stamp, "grant", affected, keywords=step.keywords, source=r.item.name,
                                      duration=step.duration))
    if step.power or step.toughness or "creature" in step.types:
        parts.append(ContinuousEffect(stamp, "set", affected, step.power, step.toughness, source=r.item.name,
                                      duration=step.duration))
    game.effects.extend(parts)
    game.changed()
    for obj in objs:
        c = chars(game, obj)
        game.say("become", game.rs.refs("become"), obj=obj.handle, types=list(c.types), colors=list(c.colors),
                 lost=step.lose_abilities, keywords=list(step.keywords),
                 pt=f"{c.power}/{c.toughness}" if "creature" in c.types else "", source=r.item.name)


def _replace(r: _Run, step: EffectStep) -> None:
    """A replacement or prevention effect that lasts this turn (ru-cr:614.1a, sr-judge:D20.11)."""
    game, spec = r.game, step.replace
    assert spec is not None
    bound: Any = None
    if spec.who == "target":
        bound = r.next_target()
        if bound is None:
            return
    elif spec.who in ("you", "controller"):
        bound = r.item.controller
    made = Replacement(spec, r.item.name, r.item.controller, game.stamp(), origin=r.item.source, bound=bound,
                       left=spec.amount if spec.instead == "prevent" else None)
    if spec.instead == "redirect":
        made.redirect = r.item.source if spec.to == "self" else (r.next_target() if spec.to == "target"
                                                                 else r.item.controller)
    if spec.when.endswith("_step"):
        made.extra["lasts"] = True  # "skip your next draw step" waits for that step
    game.shields.append(made)
    event = {"skip": "skip", "cant_prevent": "cant_prevent", "redirect": "redirect"}.get(spec.instead, "replaced")
    game.say("replacement_created", game.rs.refs(event),
             source=r.item.name, when=spec.when, instead=spec.instead,
             who=game.describe(bound) if bound is not None else spec.who)


def _delayed(r: _Run, step: EffectStep) -> None:
    """A delayed triggered ability, which triggers once (ru-cr:603.7a, ru-cr:603.7b; sr-judge:D5.40)."""
    from .triggers import Delayed

    game, spec = r.game, step.delayed
    assert spec is not None
    bound: list[Any] = [r.moved.ref] if spec.about_target and r.moved is not None else []
    game.delayed.append(Delayed(spec, r.item.controller, r.item.name, r.item.source, bound))
    game.say("delayed", game.rs.refs("delayed"), source=r.item.name, when=spec.when)


_STEPS: dict[str, Callable[[_Run, EffectStep], None]] = {
    "move": _move, "flicker": _flicker, "gain_control": _gain_control, "become": _become, "replace": _replace,
    "delayed": _delayed,
    "damage": _damage, "destroy": _destroy, "pump": _continuous("modify"), "set_pt": _continuous("set"),
    "switch_pt": _continuous("switch"), "grant": _continuous("grant"), "regenerate": _regenerate,
    "prevent": _prevent, "counter": _counter, "gain_life": _life, "lose_life": _life, "draw": _draw,
    "create_token": _token, "sacrifice": _sacrifice, "add_counters": _add_counters, "tap": _tap, "untap": _tap,
    "add_mana": _add_mana, "attach": _attach,
}
