"""Replacement and prevention effects: what may change a typed event before it happens (ru-cr:614, ru-cr:615;
sr-judge:D20).

A :class:`Replacement` watches one kind of event. Sources: regeneration and prevention shields and the
"this turn" effects of resolved spells (``game.shields``), static ``replacement`` abilities of permanents
(ru-cr:614.1a, sr-judge:D20.11), an entering permanent's own "enters tapped / with counters" (ru-cr:614.1c,
ru-cr:614.12; sr-judge:D20.12), and protection, which prevents damage from sources of its colours
(ru-cr:702.16e, sr-judge:E3.25). Each applies at most once to an event (ru-cr:614.5, sr-judge:D20.61);
:mod:`.pipeline` orders them (ru-cr:616.1, sr-judge:D20.91). This module only decides which apply and what each
makes of the event; it changes nothing but the shields it uses up.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from .events import Damage, Destroy, Draw, GameEvent, PutCounters, ZoneChange, BeginStep
from .layers import chars, is_creature
from .spec import ReplaceSpec
from .state import Game, Obj, ObjRef, Target

# What "instead" makes of a zone change: the zone the object goes to instead.
ZONE_INSTEAD = {"exile": "exile", "hand": "hand", "library_top": "library", "library_bottom": "library",
                "graveyard": "graveyard"}


@dataclass(slots=True, eq=False, repr=False)
class Replacement:
    """One replacement or prevention effect that exists now."""

    spec: ReplaceSpec
    source: str  # its source's name, for the narration
    controller: str
    timestamp: int
    origin: ObjRef | None = None  # the permanent whose ability it is (or that the effect came from)
    bound: Target | None = None  # the object or player it was locked to ("target creature", "you")
    redirect: Target | None = None  # redirection: where the damage goes instead
    left: int | None = None  # prevention shield: what it still prevents (None: all)
    self_replacement: bool = False  # ru-cr:614.15 sr-judge:D20.64
    used: bool = False
    combat_only: bool = False
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def kind(self) -> str:
        return self.spec.instead


def shield(game: Game, instead: str, when: str, source: str, controller: str, bound: Target | None,
           amount: int | None = None, combat_only: bool = False, next_only: bool = True) -> Replacement:
    """A regeneration or prevention shield of a resolved spell or ability (ru-cr:615.7, sr-judge:D20.72)."""
    spec = ReplaceSpec(when, "bound", instead, 0, amount=amount, next_only=next_only)
    r = Replacement(spec, source, controller, game.stamp(), bound=bound, left=amount, combat_only=combat_only)
    game.shields.append(r)
    return r


def end_of_turn(game: Game) -> None:
    """Shields and "this turn" effects end (ru-cr:514.2, sr-judge:C15.20); "your next draw step" waits."""
    game.shields[:] = [r for r in game.shields if r.extra.get("lasts")]


# --- which apply --------------------------------------------------------------------------------------

def candidates(game: Game, event: GameEvent) -> list[Replacement]:
    """The replacement and prevention effects that would apply to the event now."""
    out = [r for r in game.shields if not r.used and _matches(game, r, event)]
    for obj, ability in _static_replacements(game, event):
        r = Replacement(ability.replace, obj.handle, obj.controller, obj.timestamp, origin=obj.ref,
                        self_replacement=ability.replace.who == "self" and ability.replace.when == "enters")
        if ability.replace.instead == "redirect" and ability.replace.to == "self":
            r.redirect = obj.ref  # "... is dealt to [this creature] instead" (ru-cr:614.9)
        key = ("static", obj.ref, ability.line, ability.replace.instead)
        r.extra["key"] = key
        if _matches(game, r, event):
            out.append(r)
    if isinstance(event, Damage) and not isinstance(event.to, str) and event.preventable:
        target = game.get(event.to)
        if target is not None and chars(game, target).protection_from(event.source.colors):
            spec = ReplaceSpec("damage", "bound", "prevent", 0)
            r = Replacement(spec, f"{target.handle}'s protection", target.controller, 0, bound=event.to)
            r.extra["protection"] = True
            r.extra["key"] = ("protection", event.to)  # the same effect each time it is looked for (614.5)
            out.append(r)
    return out


def _static_replacements(game: Game, event: GameEvent) -> list[tuple[Obj, Any]]:
    objs = list(game.battlefield())
    if isinstance(event, ZoneChange) and event.to == "battlefield":
        entering = game.get(event.obj)
        if entering is not None and entering not in objs:
            objs.append(entering)  # ru-cr:614.12 sr-judge:D20.12: its own "enters" abilities apply
    return [(o, a) for o in objs for a in chars(game, o).abilities if a.kind == "replacement" and a.replace]


def _matches(game: Game, r: Replacement, event: GameEvent) -> bool:
    spec = r.spec
    if isinstance(event, Damage):
        return spec.when == "damage" and _damage_matches(game, r, event)
    if isinstance(event, Destroy):
        return spec.when == "destroy" and _affects(game, r, event.obj)
    if isinstance(event, ZoneChange):
        return _zone_matches(game, r, event)
    if isinstance(event, Draw):
        return spec.when == "draw" and _affects_player(game, r, event.player)
    if isinstance(event, BeginStep):
        return spec.when == f"{event.step}_step" and _affects_player(game, r, event.player)
    if isinstance(event, PutCounters):
        return spec.when == "counters" and _affects(game, r, event.obj)
    return False


def _damage_matches(game: Game, r: Replacement, event: Damage) -> bool:
    spec = r.spec
    if spec.instead == "cant_prevent":
        return False
    if spec.instead == "prevent" and not event.preventable:  # ru-cr:615.12
        return False
    if r.combat_only and not event.combat:
        return False
    if spec.source == "self" and event.source.ref[0] != (r.origin or (0, 0))[0]:
        return False
    if spec.instead == "redirect" and (r.redirect is None or r.redirect == event.to or not _alive(game, r.redirect)):
        return False
    if spec.who in ("any", "combat") and r.bound is None:
        return True
    return _affects_target(game, r, event.to)


def _alive(game: Game, to: Target) -> bool:
    if isinstance(to, str):
        return not game.players[to].lost
    obj = game.get(to)
    return obj is not None and obj.zone == "battlefield"


def _zone_matches(game: Game, r: Replacement, event: ZoneChange) -> bool:
    spec = r.spec
    if spec.when == "enters":
        return event.to == "battlefield" and _affects(game, r, event.obj)
    if spec.when == "dies":
        obj = game.get(event.obj)
        return (event.origin == "battlefield" and event.to == "graveyard" and obj is not None
                and is_creature(obj, game) and _affects(game, r, event.obj))
    if spec.when == "to_graveyard":
        if spec.zone and event.origin != spec.zone:
            return False
        return event.to == "graveyard" and event.origin != "stack_copy" and _affects(game, r, event.obj)
    if spec.when == "leaves":
        return event.origin == "battlefield" and event.to != "battlefield" and _affects(game, r, event.obj)
    return False


def _affects(game: Game, r: Replacement, ref: ObjRef) -> bool:
    return _affects_target(game, r, ref)


def _affects_target(game: Game, r: Replacement, to: Target) -> bool:
    who = r.spec.who
    if r.bound is not None:
        return to == r.bound or (not isinstance(to, str) and not isinstance(r.bound, str) and to[0] == r.bound[0]
                                 and who == "bound_card")
    if isinstance(to, str):
        return _affects_player(game, r, to)
    obj = game.objects.get(to[0])
    if obj is None:
        return False
    if who == "self":
        return r.origin is not None and obj.oid == r.origin[0]
    if who in ("any", "cards"):
        return who == "any" or not obj.token
    if who == "opponents":
        return obj.owner != r.controller
    if who in ("creatures_you_control", "other_creatures_you_control", "permanents_you_control",
               "other_permanents_you_control", "you_and_other_permanents_you_control"):
        mine = obj.zone == "battlefield" and obj.controller == r.controller
        other = not who.startswith("other") or r.origin is None or obj.oid != r.origin[0]
        creature = "creatures" not in who or is_creature(obj, game)
        return mine and other and creature
    if who == "creatures":
        return is_creature(obj, game)
    return False


def _affects_player(game: Game, r: Replacement, player: str) -> bool:
    who = r.spec.who
    if r.bound is not None:
        return r.bound == player
    if who in ("you", "you_and_other_permanents_you_control"):
        return player == r.controller
    if who == "opponents":
        return player != r.controller
    return who in ("any", "players")


def cant_prevent(game: Game, event: Damage) -> Replacement | None:
    """An effect that says this damage can't be prevented (ru-cr:615.12), if one applies."""
    for r in game.shields:
        if r.spec.instead == "cant_prevent" and (r.spec.source != "self" or r.origin == event.source.ref):
            return r
    for obj, ability in _static_replacements(game, event):
        spec = ability.replace
        if spec.instead == "cant_prevent" and spec.when == "damage" and (
                spec.source != "self" or obj.oid == event.source.ref[0]):
            return Replacement(spec, obj.handle, obj.controller, obj.timestamp, origin=obj.ref)
    return None


# --- what each makes of the event -----------------------------------------------------------------------

def outcome(game: Game, r: Replacement, event: GameEvent, left: int | None = None) -> tuple[GameEvent | None, int]:
    """The event after this effect (None: nothing happens instead) and how much of a shield it uses; pure."""
    kind = r.spec.instead
    cap = r.left if left is None else left
    if isinstance(event, Damage):
        if kind == "prevent":
            stopped = event.amount if cap is None else min(event.amount, cap)
            rest = event.amount - stopped
            return (replace(event, amount=rest) if rest > 0 else None), stopped
        if kind == "redirect" and r.redirect is not None:
            return replace(event, to=r.redirect), 0
        if kind == "double":
            return replace(event, amount=event.amount * 2), 0
        return event, 0
    if isinstance(event, ZoneChange):
        if kind in ZONE_INSTEAD:
            return replace(event, to=ZONE_INSTEAD[kind], bottom=kind == "library_bottom", cause=kind), 0
        if kind == "tapped":
            return replace(event, tapped=True), 0
        if kind == "counters":
            return replace(event, counters=event.counters + r.spec.counters), 0
        return event, 0
    if isinstance(event, PutCounters) and kind == "double":
        return replace(event, counters=tuple((k, n * 2) for k, n in event.counters)), 0
    if isinstance(event, (Draw, BeginStep, Destroy)) and kind in ("skip", "effect", "regenerate"):
        return None, 0
    return event, 0


def use(game: Game, r: Replacement, stopped: int) -> None:
    """The effect has applied: a limited shield loses what it used; a "next time" effect is used up."""
    if r.left is not None:
        r.left -= stopped
        if r.left <= 0:
            _drop(game, r)
    elif r.spec.next_only and r.spec.instead != "prevent":
        _drop(game, r)


def _drop(game: Game, r: Replacement) -> None:
    r.used = True
    if r in game.shields:
        game.shields.remove(r)
