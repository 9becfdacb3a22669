"""The stack: resolving its top object (ru-cr:405.5, ru-cr:608; sr-judge:B16.64, sr-judge:D14).

On resolution the targets are checked again: if every target is illegal the spell or ability does nothing
("fizzles"; a spell goes to its owner's graveyard) (ru-cr:608.2b, sr-judge:D14.21). An instant or sorcery goes
to the graveyard as the last step (ru-cr:608.2k); a permanent spell enters the battlefield under its
controller's control (ru-cr:608.3, sr-judge:D14.29), an Aura attached to what it targeted (ru-cr:303.4f).
Combat damage on the stack (izvori) is dealt by :mod:`.combat`.
"""

from __future__ import annotations

from typing import Any

from ..errors import Phrase
from . import targets as tg
from .effects import run
from .pipeline import move_object
from .sba import AURA, has_subtype
from .state import Game, StackItem

PERMANENT_TYPES = ("creature", "artifact", "enchantment", "land", "planeswalker")


def item_steps(item: StackItem) -> list[tuple[str, Any]]:
    """The kinds of target the item took, in order (an Aura spell first takes what it enchants)."""
    kinds: list[tuple[str, Any]] = [("creature", None)] if item.obj is not None and has_subtype(item.obj, AURA) else []
    for step in tg.target_steps(item.effect):  # a divided step takes one target per share (ru-cr:601.2d)
        kinds += [(tg.step_kind(step), step)] * (max(1, len(item.division)) if step.divided else 1)
    return kinds


def resolve_top(game: Game) -> None:
    """Resolve the top object of the stack."""
    item = game.stack.pop()  # ru-cr:405.5 sr-judge:B16.64: last in, first out
    game.tick()
    if item.kind == "combat_damage":
        from .combat import resolve_combat_damage

        resolve_combat_damage(game, item)
        return
    rs = game.rs
    if item.condition:
        from .triggers import holds

        if not holds(game, item.condition, item.controller, item.source):  # ru-cr:603.4 sr-judge:D11.80
            game.say("condition_false", rs.refs("intervening_if"), item=item.name, condition=item.condition)
            return
    if item.optional and not game.choices.may(item.controller, Phrase.said(
            "choosing_optional", "{name}'s optional ability", name=item.name),
            rs.refs("optional")):  # ru-cr:603.5 sr-judge:D11.50
        game.say("declined", rs.refs("optional"), item=item.name, player=item.controller)
        return
    targets = _recheck(game, item)
    if item.targets and all(t is None for t in targets):  # ru-cr:608.2b sr-judge:D14.21
        game.say("fizzle", rs.refs("fizzle"), item=item.name)
        if item.obj is not None:
            move_object(game, item.obj, "graveyard", "fizzle", narrate=False)
        return
    game.say("resolve", rs.refs("resolve"), item=item.name, kind=item.kind, controller=item.controller)
    if item.obj is not None and any(t in item.obj.types for t in PERMANENT_TYPES):
        _enter(game, item, targets)
        return
    run(game, item, targets[1:] if item.obj is not None and has_subtype(item.obj, AURA) else targets)
    if item.obj is not None and item.obj.zone == "stack":
        owner = item.obj.owner
        move_object(game, item.obj, "graveyard", "resolved", narrate=False)  # ru-cr:608.2k
        if item.obj.zone == "graveyard":
            game.say("spell_to_graveyard", rs.refs("to_graveyard"), item=item.name, owner=owner)
        else:
            game.say("zone_change", rs.refs("zone_change"), obj=item.name, origin="stack", to=item.obj.zone,
                     owner=owner, place="")


def _recheck(game: Game, item: StackItem) -> list[Any]:
    """Each target, or None where it has become illegal."""
    out: list[Any] = []
    kinds = item_steps(item)
    spell = item.kind == "spell"
    for target, (kind, step) in zip(item.targets, kinds):
        if target is None:
            out.append(None)
            continue
        reason = tg.check(game, target, kind, item.source_info, item.controller, spell, step)
        if reason:
            game.say("target_illegal", game.rs.refs("partial_targets"), item=item.name,
                     target=game.describe(target) if not tg.is_stack(target) else "?", reason=reason)
        out.append(None if reason else target)
    return out


def _enter(game: Game, item: StackItem, targets: list[Any]) -> None:
    obj = item.obj
    assert obj is not None
    host = targets[0] if has_subtype(obj, AURA) and targets and targets[0] is not None else None
    game.say("enters", game.rs.refs("resolve_permanent"), obj=obj.handle, player=item.controller,
             attached=game.describe(host) if host else "")
    if move_object(game, obj, "battlefield", "resolve", narrate=False, controller=item.controller) is None:
        return
    from .planeswalkers import on_enter

    on_enter(game, obj)  # ru-cr:306.5b
    if host is not None and obj.zone == "battlefield":
        obj.attached_to = host  # ru-cr:303.4f sr-judge:B12.64
        game.changed()
