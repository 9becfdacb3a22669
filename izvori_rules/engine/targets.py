"""Targets: what each effect step may target, finding a named target, and whether it is legal.

Targets are chosen as a spell is cast or an ability put on the stack (ru-cr:601.2c, ru-cr:603.3d;
sr-judge:D10.13, sr-judge:D11.40) and checked again on resolution (ru-cr:608.2b, sr-judge:D14.21). A permanent
with hexproof can't be the target of its opponents' spells and abilities (ru-cr:702.11b), with shroud of any
(ru-cr:702.18a), with protection of spells of that colour or abilities whose source has it (ru-cr:702.16b,
sr-judge:E3.22). In izvori only permanents are targets unless the effect names players (sr-judge:D15.50).
"""

from __future__ import annotations

from typing import Any

from ..errors import LIST, Phrase, joined
from .errors import IllegalAction
from .events import Snapshot
from .layers import chars, is_creature
from .spec import EffectStep
from .state import Game, Target

StackRef = tuple[str, int]  # ("stack", sid)
# What each effect step may target.
KIND = {"damage": "any", "prevent": "any", "destroy": "permanent", "pump": "creature", "set_pt": "creature",
        "switch_pt": "creature", "grant": "creature", "regenerate": "creature", "add_counters": "creature",
        "tap": "permanent", "untap": "permanent", "counter": "stack", "lose_life": "player",
        "gain_life": "player", "draw": "player", "attach": "creature", "move": "permanent", "flicker": "creature",
        "gain_control": "creature", "become": "permanent", "replace": "any", "delayed": "any"}
WORDS = {"card": Phrase("kind_card", "card in a graveyard"), "any": Phrase("kind_any", "creature or player"),
         "creature": Phrase("kind_creature", "creature"), "permanent": Phrase("kind_permanent", "permanent"),
         "stack": Phrase("kind_stack", "spell or ability"), "player": Phrase("kind_player", "player")}
"""What a target may be, by kind: said in the judge's language where a message names it."""


def kinds(names: list[str]) -> Phrase:
    """The kinds of several targets, in order, each said in the judge's language (``creature, player``)."""
    return joined([WORDS[name] for name in names], LIST)


def step_kind(step: EffectStep) -> str:
    """What a step may target: a card in a graveyard for "return ... to the battlefield" (ru-cr:110.2a); a
    restriction phrase ("nonblack creature", issue 14) narrows the effect's kind."""
    if step.kind == "move" and step.origin == "graveyard":
        return "card"
    if step.kind == "replace" and step.replace is not None:
        if step.replace.instead == "redirect" and step.replace.to == "target":
            return "creature"
        return "creature" if step.replace.when in ("dies", "destroy", "enters") else "any"
    base = KIND[step.kind]
    if not step.filter or base in ("stack", "card"):
        return base
    from .targeting import kind_of, parse

    return kind_of(parse(step.filter))


def target_steps(effect: tuple[EffectStep, ...]) -> list[EffectStep]:
    """The steps that take the next target, in order; a step naming N targets with one word ("two target
    lands") N times."""
    return [s for s in effect if s.takes_target for _each in range(s.targets)]


def is_stack(target: Any) -> bool:
    return isinstance(target, tuple) and len(target) == 2 and target[0] == "stack"


def find(game: Game, name: str, kind: str, line: int) -> Target | StackRef | None:
    """The player, permanent or stack object a name stands for, given what the step may target."""
    if name in game.players:
        return name
    if kind == "stack":
        items = [i for i in game.stack if i.name == name]
        return ("stack", items[-1].sid) if items else None
    obj = game.one(name, ("battlefield",), line, "target")
    if obj is None:
        obj = game.one(name, ("hand", "graveyard", "exile", "library", "stack"), line, "target")
    return obj.ref if obj is not None else None


def check(game: Game, target: Any, kind: str, source: Snapshot | None, controller: str, spell: bool,
          step: EffectStep | None = None) -> Phrase | None:
    """Why the target is illegal, said in the judge's language, or None if it is legal; ``step`` adds its
    restriction ("nonblack creature", ru-cr:114.1, sr-judge:D10.13)."""
    base = _check(game, target, kind, source, controller, spell)
    if base is not None or step is None or not step.filter:
        return base
    from . import targeting

    f = targeting.parse(step.filter)
    if isinstance(target, str):
        return targeting.player_mismatch(f, target, controller)
    item = next(i for i in game.stack if i.sid == target[1]) if is_stack(target) else None
    if f.kind in ("player", "opponent"):
        return Phrase.said("target_not_player", "{name} is not a player",
                           name=item.name if item is not None else game.describe(target))
    if item is not None:
        if f.kind == "spell" and item.kind != "spell":
            return Phrase.said("target_ability", "{name} is an ability, not a spell", name=item.name)
        if item.obj is None:
            return None
        return targeting.object_mismatch(f, item.obj, chars(game, item.obj), controller)
    obj = game.get(target)
    assert obj is not None
    return targeting.object_mismatch(f, obj, chars(game, obj), controller, source.ref if source else None)


ZONES = {"hand": Phrase("zone_hand", "the hand"), "graveyard": Phrase("zone_graveyard", "the graveyard"),
         "exile": Phrase("zone_exile", "exile"), "library": Phrase("zone_library", "the library"),
         "stack": Phrase("zone_stack", "the stack"), "battlefield": Phrase("zone_battlefield", "the battlefield"),
         "gone": Phrase("zone_gone", "no zone: it has ceased to exist")}
"""Where a target that left the battlefield went, said in the judge's language (``gone``: an object that ceased to
exist)."""


def _check(game: Game, target: Any, kind: str, source: Snapshot | None, controller: str, spell: bool
           ) -> Phrase | None:
    if isinstance(target, str):
        if kind not in ("any", "player"):
            return Phrase.said("target_player_not", "{name} is a player, not a {kind}", name=target, kind=WORDS[kind])
        if game.players[target].lost:
            return Phrase.said("target_left_game", "{name} has left the game", name=target)
        return None
    if is_stack(target):
        item = next((i for i in game.stack if i.sid == target[1]), None)
        if kind != "stack":
            return Phrase.said("target_on_stack", "a {kind} is needed, not something on the stack", kind=WORDS[kind])
        return None if item is not None else Phrase("target_left_stack", "it is no longer on the stack")
    obj = game.get(target)
    if kind == "card":
        return None if obj is not None and obj.zone == "graveyard" else \
            Phrase.said("target_not_in_graveyard", "{name} is not in a graveyard", name=game.describe(target))
    if obj is None or obj.zone != "battlefield":
        where = game.objects[target[0]].zone if target[0] in game.objects else "gone"
        return Phrase.said("target_not_on_battlefield", "{name} is not on the battlefield but in {where}",
                           name=game.describe(target), where=ZONES.get(where, where))
    return _permanent(game, obj, kind, source, controller, spell)


def _permanent(game: Game, obj: Any, kind: str, source: Snapshot | None, controller: str, spell: bool
               ) -> Phrase | None:
    """Why a permanent can't be the target: its kind, or shroud, hexproof or protection."""
    if kind == "creature" and not is_creature(obj, game):
        return Phrase.said("target_not_creature", "{name} is not a creature", name=obj.handle)
    if kind == "any" and not (is_creature(obj, game) or "planeswalker" in obj.types):  # ru-cr:114.4
        return Phrase.said("target_not_any", "{name} is neither a creature nor a planeswalker", name=obj.handle)
    if kind in ("player", "stack"):
        return Phrase.said("target_not_kind", "{name} is not a {kind}", name=obj.handle, kind=WORDS[kind])
    c = chars(game, obj)
    if c.has("shroud"):  # ru-cr:702.18a
        return Phrase.said("target_shroud", "{name} has shroud", name=obj.handle)
    if c.has("hexproof") and obj.controller != controller:  # ru-cr:702.11b
        return Phrase.said("target_hexproof", "{name} has hexproof", name=obj.handle)
    colors = source.colors if source is not None else ()
    if c.protection_from(colors):  # ru-cr:702.16b sr-judge:E3.22
        shown = "/".join(colors)
        return Phrase.said("target_protection_spells", "{name} has protection from {colours} spells",
                           name=obj.handle, colours=shown) if spell else \
            Phrase.said("target_protection_abilities", "{name} has protection from {colours} abilities from sources",
                        name=obj.handle, colours=shown)
    return None


KEYWORD_RULES = {"target_shroud": "kw:shroud", "target_hexproof": "kw:hexproof",
                 "target_protection_spells": "kw:protection_target",
                 "target_protection_abilities": "kw:protection_target"}
"""The keyword whose rules make a target illegal, by the key of the reason :func:`check` gives."""


def reason_rules(game: Game, reason: Phrase) -> tuple[str, ...]:
    """The rules behind an illegal-target reason: the targeting rules, and a keyword's by the reason's key."""
    rs = game.rs
    keyword = KEYWORD_RULES.get(reason.key)
    return rs.refs("illegal_target") + (rs.refs(keyword) if keyword else ())


def choose(game: Game, names: tuple[str, ...], steps: list[EffectStep], source: Snapshot | None, controller: str,
           spell: bool, line: int, what: str) -> list[Any]:
    """Targets for a spell or ability from the given names; an illegal one is an illegal action."""
    out = []
    for name, step in zip(names, steps):
        kind = step_kind(step)
        target = find(game, name, kind, line)
        if target is None:
            raise IllegalAction("{what}: {name} can't be targeted: it is not a {kind} in play",
                                game.rs.refs("illegal_target"), key="target_not_in_play_of", what=what, name=name,
                                kind=WORDS[kind])
        reason = check(game, target, kind, source, controller, spell, step)
        if reason:
            raise IllegalAction("{what}: {name} can't be a target: {reason}", reason_rules(game, reason),
                                key="target_reason_of", what=what, name=name, reason=reason)
        out.append(target)
    return out
