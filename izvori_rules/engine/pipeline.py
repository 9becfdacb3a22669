"""The one event pipeline: every zone change, destruction, damage, life change, draw, counter placement,
tap and untap, and the start of a step goes through :func:`perform` as a typed event (:mod:`.events`).

Replacement and prevention effects apply there in the order of ru-cr:616.1 (sr-judge:D20.91): self-replacement
effects first (ru-cr:616.1a, ru-cr:614.15; sr-judge:D20.64), then the affected player, or the controller of the
affected object, chooses among the rest (ru-cr:616.1d), asked only when the order changes the outcome; each
effect applies once (ru-cr:614.5, sr-judge:D20.61) and the process repeats with the changed event
(ru-cr:616.1e, sr-judge:D20.92). A replaced event never happened (ru-cr:614.6, sr-judge:D20.50): only what
happens instead is carried out, narrated, and seen by triggered abilities (sr-judge:D11.70).
"""

from __future__ import annotations

from dataclasses import replace
from itertools import permutations

from . import replacement as rp
from ..errors import Phrase
from .errors import NotModelled
from .events import (BeginStep, Damage, Destroy, Draw, GameEvent, Happened, LifeChange, PutCounters, Tap,
                     ZoneChange)
from .layers import chars, is_creature, snapshot
from .spec import EffectStep, ObjectSpec
from .state import Game, Obj, Target, make_object, move

LIBRARY_CARD = "library card"
GRAVEYARD_CAUSES = ("destroy", "lethal", "deathtouch", "toughness", "sacrifice", "aura", "legend")


class Instead:
    """What a draw became under a replacement that does something else instead (ru-cr:614.11)."""

    def __init__(self, r: rp.Replacement) -> None:
        self.replacement = r
        self.effect: tuple[EffectStep, ...] = r.spec.effect


def perform(game: Game, event: GameEvent) -> Happened | Instead | None:
    """Apply replacement and prevention effects to the event, then carry out what is left."""
    if isinstance(event, Damage) and event.preventable and rp.cant_prevent(game, event) is not None:
        event = replace(event, preventable=False)  # ru-cr:615.12
    applied: set[int] = set()
    order: list[rp.Replacement] | None = None
    while True:
        found = [r for r in rp.candidates(game, event) if _key(r) not in applied]
        if not found:
            break
        r, order = _next(game, event, found, order)
        applied.add(_key(r))
        if r.spec.optional and not game.choices.may(r.controller, Phrase.said(
                "choosing_replacement", "{source}'s replacement effect", source=r.source), game.rs.refs("replaced")):
            game.say("declined", game.rs.refs("replaced"), item=r.source, player=r.controller)
            continue  # "you may ... instead": not applied this time
        if r.spec.instead == "copy" and isinstance(event, ZoneChange):
            event = _choose_copy(game, r, event)
            continue
        result, used = rp.outcome(game, r, event)
        rp.use(game, r, used)
        _say_replaced(game, r, event, result, used)
        if r.spec.instead == "regenerate" and isinstance(event, Destroy):
            _regenerate(game, event)
            return None
        if r.spec.instead == "effect" and isinstance(event, Draw):
            return Instead(r)
        if result is None:
            return None
        event = result
    return _execute(game, event)


def _choose_copy(game: Game, r: rp.Replacement, event: ZoneChange) -> ZoneChange:
    """"You may have it enter as a copy of a creature" (ru-cr:706.5, sr-judge:E4.40): chosen as it enters."""
    names = game.choices.targets(event.controller or r.controller, Phrase.said(
        "choosing_copy", "the creature {source} enters as a copy of", source=r.source), game.rs.refs("copy"))
    if not names:
        return event
    original = game.one(names[0], ("battlefield",), 0, "copy")
    if original is None or not is_creature(original, game):
        raise NotModelled("{source} can copy only a creature on the battlefield, not {name}", game.rs.refs("copy"),
                          key="copy_not_creature", source=r.source, name=names[0])
    return replace(event, copy_of=original.ref)


def _key(r: rp.Replacement) -> int:
    key = r.extra.get("key")
    return hash(key) if key is not None else id(r)


def _next(game: Game, event: GameEvent, found: list[rp.Replacement], order: list[rp.Replacement] | None
          ) -> tuple[rp.Replacement, list[rp.Replacement] | None]:
    selfs = [r for r in found if r.self_replacement]
    if selfs:  # ru-cr:616.1a sr-judge:D20.91
        return min(selfs, key=lambda r: r.timestamp), order
    if len(found) == 1:
        return found[0], order
    if order is not None:
        keys = [_key(r) for r in found]
        for r in order:
            if _key(r) in keys:
                return found[keys.index(_key(r))], order
    order = _choose_order(game, event, found)
    return order[0], order


def _choose_order(game: Game, event: GameEvent, found: list[rp.Replacement]) -> list[rp.Replacement]:
    """ru-cr:616.1d sr-judge:D20.91: the affected player or controller chooses, when the order matters."""
    if len(found) > 5:
        raise NotModelled("more than five replacement effects on one event", game.rs.refs("replace_order"),
                          key="replacements_many")
    ranked = sorted(found, key=lambda r: r.timestamp)
    outcomes = {_simulate(game, event, [ranked[i] for i in p]) for p in permutations(range(len(ranked)))}
    if len(outcomes) == 1:
        return ranked
    chooser = _affected_player(game, event)
    names = [r.source for r in ranked]
    what = Phrase.said("order_replacements", "the order of the replacement and prevention effects on {what}",
                       what=_what(game, event))
    picks = game.choices.order(chooser, what, names, game.rs.refs("replace_order"))
    return [ranked[i] for i in picks]


def _simulate(game: Game, event: GameEvent, order: list[rp.Replacement]) -> str:
    current: GameEvent | None = event
    used = []
    for r in order:
        if current is None:
            break
        current, n = rp.outcome(game, r, current)
        used.append(n)
    return repr((current, used))


def _affected_player(game: Game, event: GameEvent) -> str:
    target: Target | None = None
    if isinstance(event, Damage):
        target = event.to
    elif isinstance(event, (ZoneChange, Destroy, PutCounters, Tap)):
        target = event.obj
    elif isinstance(event, (Draw, LifeChange, BeginStep)):
        target = event.player
    if isinstance(target, str):
        return target
    obj = game.objects.get(target[0]) if target is not None else None
    return obj.controller if obj is not None else game.active


def _what(game: Game, event: GameEvent) -> str:
    if isinstance(event, Damage):
        return f"damage to {game.describe(event.to)}"
    if isinstance(event, (ZoneChange, Destroy)):
        return game.describe(event.obj)
    return type(event).__name__.lower()


def _say_replaced(game: Game, r: rp.Replacement, before: GameEvent, after: GameEvent | None, used: int) -> None:
    rs = game.rs
    if isinstance(before, Damage) and r.spec.instead == "prevent":
        if r.extra.get("protection"):
            game.say("protection_prevents", rs.refs("kw:protection_damage"), source=before.source.name,
                     to=game.describe(before.to), amount=used, by=r.source)
        else:
            game.say("prevented", rs.refs("prevented"), source=before.source.name, to=game.describe(before.to),
                     amount=used, by=r.source)
        return
    if r.spec.instead == "regenerate":
        return
    if isinstance(before, Damage) and r.spec.instead == "redirect":
        game.say("redirected", rs.refs("redirect"), source=before.source.name, was=game.describe(before.to),
                 to=game.describe(r.redirect) if r.redirect is not None else "?", by=r.source)
        return
    event = "skip" if isinstance(before, BeginStep) else "replaced"
    what = _what(game, before) if not isinstance(before, BeginStep) else before.step
    rules = rs.refs("skip" if isinstance(before, BeginStep) else _replaced_rules(before, r))
    game.say(event, rules, source=r.source, what=what, instead=r.spec.instead,
             player=getattr(before, "player", ""))


def _replaced_rules(event: GameEvent, r: rp.Replacement) -> str:
    if isinstance(event, ZoneChange) and event.to == "battlefield":
        return "enters_replaced"
    if isinstance(event, Draw):
        return "draw_replaced"
    return "self_replaced" if r.self_replacement else "replaced"


# --- carrying events out ----------------------------------------------------------------------------------

def _execute(game: Game, event: GameEvent) -> Happened | None:
    from .triggers import observe

    happened = _EXECUTE[type(event)](game, event)  # type: ignore[operator]
    if happened is not None:
        observe(game, happened)
    return happened


def _zone_change(game: Game, event: ZoneChange) -> Happened | None:
    obj = game.get(event.obj)
    if obj is None:
        return None
    before = snapshot(game, obj)
    attached = []
    if event.origin == "battlefield":
        attached = [o for o in game.battlefield() if o.attached_to == obj.ref]
        remove_from_combat(game, obj)
    copied = _copiable(game, event.copy_of) if event.copy_of is not None else None
    move(game, obj, event.to)
    if copied is not None:
        obj.copied = copied
        game.say("copy", game.rs.refs("copy"), obj=obj.handle, of=game.describe(event.copy_of or (0, 0)),
                 name=copied.name)
    if event.to == "library":
        _to_library(game, obj, event.bottom)
    for other in attached:
        other.attached_to = before.ref  # now points at a gone object: the SBA unattaches or buries it
    if event.to == "battlefield":
        obj.controller = obj.base_controller = event.controller or obj.owner
        obj.tapped = event.tapped
        for kind, n in event.counters:
            obj.counters[kind] += n
        game.changed()
    if event.narrate:
        _say_zone_change(game, obj, event)
    return Happened(event, before)


def _copiable(game: Game, ref: tuple[int, int]) -> ObjectSpec | None:
    """The copiable values: a copy's are what it copied (copies of copies, ru-cr:706.2, sr-judge:E4.30)."""
    obj = game.get(ref)
    if obj is None:
        return None
    if obj.copied is not None:
        return obj.copied  # type: ignore[no-any-return]
    return ObjectSpec(name=obj.name, line=0, types=obj.types, subtypes=obj.subtypes, supertypes=obj.supertypes,
                      colors=obj.colors, mana_cost=obj.mana_cost, power=obj.power, toughness=obj.toughness,
                      keywords=obj.keywords, abilities=obj.abilities, effect=obj.effect)


def _to_library(game: Game, obj: Obj, bottom: bool) -> None:
    """A known card in a library: on top (drawn first) or at the bottom (ru-cr:401.4)."""
    player = game.players[obj.owner]
    if bottom:
        player.library_bottom.append(obj.oid)
    else:
        player.library_top.insert(0, obj.oid)


def _say_zone_change(game: Game, obj: Obj, event: ZoneChange) -> None:
    rs = game.rs
    if event.to == "graveyard" and event.cause in GRAVEYARD_CAUSES:
        game.say("to_graveyard_" + event.cause, event.rules, obj=obj.handle, owner=obj.owner)
        return
    if event.to == "battlefield":
        game.say("enters", event.rules + rs.refs("put_onto_battlefield"), obj=obj.handle, player=obj.controller,
                 tapped=event.tapped, attached="")
        return
    place = "bottom" if event.bottom else ("top" if event.to == "library" else "")
    game.say("zone_change", tuple(dict.fromkeys(event.rules + rs.refs("zone_change"))), obj=obj.handle,
             origin=event.origin,
             to=event.to, owner=obj.owner, place=place)


def _destroy(game: Game, event: Destroy) -> Happened | None:
    obj = game.get(event.obj)
    if obj is None or obj.zone != "battlefield":
        return None
    perform(game, ZoneChange(obj.ref, "battlefield", "graveyard", event.why,
                             rules=event.rules + game.rs.refs("destroy")))
    return Happened(event)


def _regenerate(game: Game, event: Destroy) -> None:
    """ru-cr:701.14a sr-judge:D20.62: instead, remove all damage, tap it, remove it from combat."""
    obj = game.get(event.obj)
    if obj is None:
        return
    obj.damage = 0
    obj.deathtouched = False
    perform(game, Tap(obj.ref, True, "regenerate", narrate=False))
    was_in_combat = obj.attacking is not None or obj.blocking is not None
    remove_from_combat(game, obj)
    game.say("regenerated", event.rules + game.rs.refs("regenerated"), obj=obj.handle, combat=was_in_combat)


def _damage(game: Game, event: Damage) -> Happened | None:
    rs = game.rs
    kind = "combat_damage" if event.combat else "damage"
    to, amount, keywords = event.to, event.amount, event.source.keywords
    if isinstance(to, str):
        if game.players[to].lost:
            return None
        game.players[to].life -= amount  # ru-cr:119.3a
        game.say(kind, rs.refs(kind, "damage_to_player"), source=event.source.name, to=to, amount=amount,
                 player=True, life=game.players[to].life)
    else:
        recipient = game.get(to)
        walker = recipient is not None and "planeswalker" in recipient.types and not is_creature(recipient, game)
        if recipient is None or recipient.zone != "battlefield" or not (walker or is_creature(recipient, game)):
            game.say("damage_lost", rs.refs("combat_damage_lost" if event.combat else "damage"),
                     source=event.source.name, to=game.describe(to), amount=amount)  # sr-judge:C11.43
            return None
        if walker:  # ru-cr:306.8 ru-cr:119.3c: damage removes loyalty counters
            from .planeswalkers import damage_walker

            damage_walker(game, event.source, recipient, amount, event.combat)
        else:
            recipient.damage += amount  # ru-cr:119.3e
            extra: tuple[str, ...] = ()
            if "deathtouch" in keywords:  # ru-cr:702.2b
                recipient.deathtouched = True
                extra = rs.refs("kw:deathtouch")
            game.say(kind, rs.refs(kind, "damage_to_creature") + extra, source=event.source.name,
                     to=recipient.handle, amount=amount, player=False, deathtouch=bool(extra))
    if "lifelink" in keywords:  # ru-cr:702.15b
        perform(game, LifeChange(event.source.controller, amount, event.source.name, rs.refs("kw:lifelink")))
    return Happened(event, dealt=amount)


def _life(game: Game, event: LifeChange) -> Happened | None:
    player = game.players[event.player]
    if event.amount == 0 or player.lost:
        return None
    player.life += event.amount  # ru-cr:118.3
    kind = "gain_life" if event.amount > 0 else "lose_life"
    game.say(kind, event.rules or game.rs.refs(kind), player=event.player, amount=abs(event.amount),
             life=player.life, why=event.why)
    return Happened(event)


def _draw(game: Game, event: Draw) -> Happened | None:
    p = game.players[event.player]
    if p.library_top or (p.library <= 0 and p.library_bottom):
        oid = p.library_top.pop(0) if p.library_top else p.library_bottom.pop(0)
        obj = game.objects[oid]
        move(game, obj, "hand")
        game.say("draw", event.rules, player=event.player, library=library_size(game, event.player))
        return Happened(event)
    if p.library <= 0:
        p.drew_from_empty = True  # ru-cr:120.3 sr-judge:A3.33
        game.say("draw_empty", event.rules, player=event.player)
        return None
    p.library -= 1
    make_object(game, ObjectSpec(name=LIBRARY_CARD, line=0), event.player, "hand")
    game.say("draw", event.rules, player=event.player, library=library_size(game, event.player))
    return Happened(event)


def library_size(game: Game, player: str) -> int:
    p = game.players[player]
    return p.library + len(p.library_top) + len(p.library_bottom)


def _counters(game: Game, event: PutCounters) -> Happened | None:
    obj = game.get(event.obj)
    if obj is None:
        return None
    for kind, n in event.counters:
        obj.counters[kind] += n  # ru-cr:121.1 sr-judge:B1.90
    game.changed()
    game.say("counters", game.rs.refs("counters"), obj=obj.handle, counters=dict(event.counters))
    return Happened(event)


def _tap(game: Game, event: Tap) -> Happened | None:
    obj = game.get(event.obj)
    if obj is None or obj.tapped == event.tapped:
        return None
    obj.tapped = event.tapped
    if event.narrate:
        kind = "tap" if event.tapped else "untap_effect"
        game.say(kind, game.rs.refs(kind), obj=obj.handle)
    return Happened(event)


def _begin_step(game: Game, event: BeginStep) -> Happened | None:
    return Happened(event)


_EXECUTE = {ZoneChange: _zone_change, Destroy: _destroy, Damage: _damage, LifeChange: _life, Draw: _draw,
            PutCounters: _counters, Tap: _tap, BeginStep: _begin_step}


# --- the actions the rest of the engine uses ----------------------------------------------------------------

def destroy(game: Game, obj: Obj, regenerate: bool = True, why: str = "destroy",
            rules: tuple[str, ...] = ()) -> bool:
    """Destroy a permanent unless it is indestructible (ru-cr:702.12b); regeneration may replace it."""
    if chars(game, obj).has("indestructible"):  # ru-cr:702.12b
        game.say("indestructible", rules + game.rs.refs("kw:indestructible"), obj=obj.handle)
        return False
    if not regenerate and any(r.spec.instead == "regenerate" and r.bound == obj.ref for r in game.shields):
        game.say("cant_regenerate", rules + game.rs.refs("cant_regenerate"), obj=obj.handle)
        game.shields[:] = [r for r in game.shields if not (r.spec.instead == "regenerate" and r.bound == obj.ref)]
    perform(game, Destroy(obj.ref, why, regenerate, rules))
    return obj.zone != "battlefield"


def put_into_graveyard(game: Game, obj: Obj, why: str, rules: tuple[str, ...]) -> None:
    """A permanent goes to its owner's graveyard (sacrifice, state-based actions)."""
    perform(game, ZoneChange(obj.ref, obj.zone, "graveyard", why, rules=rules))


def move_object(game: Game, obj: Obj, to: str, cause: str, narrate: bool = True, tapped: bool = False,
                controller: str | None = None, bottom: bool = False, rules: tuple[str, ...] = ()) -> Obj | None:
    """Move an object through the pipeline; the object it became, if it arrived where it was sent."""
    done = perform(game, ZoneChange(obj.ref, obj.zone, to, cause, tapped=tapped, controller=controller,
                                    bottom=bottom, narrate=narrate, rules=rules))
    return obj if isinstance(done, Happened) else None


def tap(game: Game, obj: Obj, tapped: bool = True, why: str = "", narrate: bool = True) -> None:
    perform(game, Tap(obj.ref, tapped, why, narrate))


def remove_from_combat(game: Game, obj: Obj) -> None:
    """Remove from combat (ru-cr:506.4, sr-judge:C7.20); a blocked attacker stays blocked."""
    for ref in ([obj.blocking] if obj.blocking is not None else []) + obj.blocking_more:
        attacker = game.get(ref)
        if attacker is not None and obj.ref in attacker.blockers:
            attacker.blockers.remove(obj.ref)
    if obj.attacking is not None:
        for o in game.battlefield():
            if o.blocking == obj.ref:  # a blocker of several keeps blocking the others (ru-cr:509.1a)
                o.blocking = o.blocking_more.pop(0) if o.blocking_more else None
            elif obj.ref in o.blocking_more:
                o.blocking_more.remove(obj.ref)
    obj.leave_combat()
