"""Casting spells, activating abilities and playing lands.

Casting (ru-cr:601.2; sr-judge:D10.11–D10.19): the card moves from the hand to the stack, targets are chosen
(ru-cr:601.2c, sr-judge:D10.13), the cost is paid from the mana pool in full (ru-cr:601.2h, sr-judge:D10.18).
Timing: instants and flash any time the player has priority, other spells in their own main phase with an
empty stack (ru-cr:116.1a, ru-cr:307.1; sr-judge:D9.14, sr-judge:E3.151). Abilities (ru-cr:602.2, sr-judge:D4.20):
a creature's {T} ability needs it under control since the turn began unless it has haste (ru-cr:602.5a,
sr-judge:D4.40); mana abilities resolve at once without the stack (ru-cr:605.3a, sr-judge:D9.25). Lands are
played as a special action, one per turn, in the player's main phase with an empty stack (ru-cr:305.1,
ru-cr:305.2; sr-judge:B12.71, sr-judge:B12.72); in izvori any card may be played as a land: a colourless land
of its colour's basic type with no other characteristics (sr-judge:B12.71, sr-judge:B12.76, sr-judge:B12.77).
"""

from __future__ import annotations

from typing import Any

from . import targets as tg
from .damage import source_info
from ..errors import Phrase
from .errors import IllegalAction, MissingChoice, NotModelled, illegal, invalid
from .events import Snapshot
from .layers import chars
from .keywords import land_name, land_of_color
from .mana import EMPTY_POOL, LETTER_OF, format_pool, spend
from .priority import after_action, pass_before, settle_pending
from .spec import Action, Cost
from .pipeline import move_object, put_into_graveyard, tap
from .state import Game, Obj, StackItem
from .stack import item_steps

_MAIN = ("main1", "main2")


def _take_priority(game: Game, action: Action, source: str, what: str) -> str:
    player = str(action.player)
    settle_pending(game)
    if game.priority != player:
        pass_before(game, player, action.line, source, what)
    return player


def cast(game: Game, action: Action, source: str) -> None:
    """``cast: {player, card, targets}``."""
    rs = game.rs
    player = _take_priority(game, action, source, "cast")
    card = game.one(str(action.card), ("hand",), action.line, "cast")
    if card is None or card.owner != player:
        where = game.named(str(action.card))
        zone: str | Phrase = where[0].zone if where else Phrase("zone_nowhere", "nowhere")  # a zone: the file's key
        raise illegal("{player} can't cast {card}: it is not in {player}'s hand (it is in the {zone})", game,
                      "illegal_cast_zone", key="cast_not_in_hand", player=player, card=str(action.card), zone=zone)
    if "land" in card.types:
        raise illegal("{name} is a land: lands are played (play_land), not cast", game, "illegal_land",
                      key="cast_land", name=card.handle)
    _check_timing(game, card, player)
    info = source_info(game, card)
    from dataclasses import replace

    from . import costs

    plan = costs.plan_spell(game, card, action, player)  # ru-cr:601.2b sr-judge:D10.12
    item = StackItem(game.new_id(), "spell", card.handle, player, plan.effect, [], card.ref, info, card)
    item.x, item.kicked, item.division = plan.x, plan.kicked, plan.division
    steps = item_steps(item)
    item.targets = _targets(game, replace(action, targets=plan.names), steps, info, player, True, card.handle)
    payments = costs.non_mana(game, plan.extra, action, player, card)
    mana = costs.total_mana(game, card, plan, player, len(item.targets))
    helpers = None
    if ("/" in mana or {"convoke", "delve"} & set(chars(game, card).keywords) or action.convoke or action.delve
            or action.phyrexian_life is not None):
        from . import payment  # convoke, delve, Phyrexian mana (ru-cr:702.50a, ru-cr:702.65a, ru-cr:107.4f)

        mana, helpers = payment.reduce(game, card, action, player, mana)
    spent = _pay(game, player, mana, card.handle)
    paid = costs.pay_non_mana(game, payments, player)
    if helpers is not None:
        paid += payment.carry_out(game, helpers, player)
    if paid:
        spent = ", ".join(([spent] if spent else []) + paid)
    move_object(game, card, "stack", "cast", narrate=False)  # ru-cr:601.2a sr-judge:D10.11
    item.source = card.ref
    game.stack.append(item)
    game.say("cast", rs.refs("cast"), player=player, card=card.handle, paid=spent,
             targets=[_describe(game, t) for t in item.targets])
    after_action(game, player)


def _describe(game: Game, target: Any) -> str:
    if tg.is_stack(target):
        return next((i.name for i in game.stack if i.sid == target[1]), "?")
    return game.describe(target)


def _check_timing(game: Game, card: Obj, player: str) -> None:
    if "instant" in card.types or "flash" in chars(game, card).keywords:
        return  # ru-cr:116.1a ru-cr:702.8a sr-judge:E3.151
    if game.active != player or game.step not in _MAIN or game.stack:
        raise illegal("{name} can be cast only in {player}'s own main phase with an empty stack (now: {active}'s "
                      "{step}, {n} on the stack)", game, "illegal_timing", key="cast_timing", name=card.handle,
                      player=player, active=game.active, step=game.step, n=len(game.stack))


def _targets(game: Game, action: Action, steps: list[tuple[str, Any]], info: Snapshot, player: str,
             spell: bool, what: str | Phrase) -> list[Any]:
    if len(action.targets) > len(steps):
        raise invalid(game.source, action.line, action.kind, Phrase.said(
            "too_many_targets", "{what} takes {n} target(s), {given} given", what=what, n=len(steps),
            given=len(action.targets)))
    if len(action.targets) < len(steps):
        raise MissingChoice("{player} must choose {n} target(s) for {what} ({kinds}); the action gives {given}",
                            game.rs.refs("illegal_target"), key="choose_n_targets", player=player, n=len(steps),
                            what=what, kinds=tg.kinds([k for k, _s in steps]), given=len(action.targets))
    out: list[Any] = []
    for name, (kind, step) in zip(action.targets, steps):
        target = tg.find(game, name, kind, action.line)
        if target is None:
            raise illegal("{what} can't target {name}: it is not a {kind} in play", game, "illegal_target",
                          key="target_not_in_play", what=what, name=name, kind=tg.WORDS[kind])
        if tg.is_stack(target) and any(i.sid == target[1] and i.kind == "combat_damage" for i in game.stack):
            raise illegal("combat damage on the stack is not a spell or ability and can't be countered "
                          "(sr-judge:C11.30)", game, "illegal_counter_target", key="counter_combat_damage")
        reason = tg.check(game, target, kind, info, player, spell, step)
        if reason:
            raise IllegalAction("{what} can't target {name}: {reason}", tg.reason_rules(game, reason),
                                key="target_reason", what=what, name=name, reason=reason)
        # ru-cr:114.3 sr-judge:D10.13: the same target once per word "target". A word is one step of the effect
        # (a divided step or one of N targets repeats it), so two equal steps are two words (Seeds of Strength).
        if any(t == target and s is step for t, (_k, s) in zip(out, steps)):
            raise illegal("{what} can't target {name} twice with one \"target\"", game, "same_target",
                          key="target_twice", what=what, name=name)
        out.append(target)
    return out


def _pay(game: Game, player: str, cost: str, what: str | Phrase) -> str:
    if not cost:
        return ""
    pool = game.players[player].mana
    paid = spend(pool, cost)
    if paid is None:  # ru-cr:601.2h sr-judge:D10.18
        raise illegal("{player} can't pay {cost} for {what} (mana pool: {pool})", game, "illegal_cost",
                      key="cant_pay", player=player, cost=cost, what=what, pool=format_pool(pool) or EMPTY_POOL)
    game.players[player].mana, spent = paid
    return format_pool(spent)


def activate(game: Game, action: Action, source: str) -> None:
    """``activate: {player, source, ability, targets}`` (0-based among the source's activated abilities)."""
    rs = game.rs
    player = str(action.player)
    obj = game.one(str(action.card), ("battlefield",), action.line, "activate")
    if obj is None:
        raise illegal("{name} is not on the battlefield", game, "illegal_activate", key="activate_not_in_play",
                      name=str(action.card))
    abilities = [a for a in chars(game, obj).abilities if a.kind == "activated"]
    if action.ability >= len(abilities):
        raise invalid(source, action.line, "activate", Phrase.said(
            "no_ability", "{name} has {n} activated abilities; ability {index} does not exist", name=obj.handle,
            n=len(abilities), index=action.ability))
    ability = abilities[action.ability]
    mana_ability = all(s.kind == "add_mana" for s in ability.effect) and ability.effect != ()
    if not mana_ability:
        player = _take_priority(game, action, source, "activate")
    else:
        settle_pending(game)
    if obj.controller != player:  # ru-cr:602.2 sr-judge:D4.20
        raise illegal("{player} does not control {name}", game, "illegal_activate", key="activate_not_controlled",
                      player=player, name=obj.handle)
    sorcery_only = ability.timing == "sorcery"  # ru-cr:602.5d sr-judge:D4.50
    if sorcery_only and (game.active != player or game.step not in _MAIN or game.stack):
        raise illegal("{name}'s ability can be activated only as a sorcery", game, "illegal_timing",
                      key="activate_sorcery", name=obj.handle)
    info = source_info(game, obj)
    item = StackItem(game.new_id(), "activated", obj.handle, player, ability.effect, [], obj.ref, info)
    if "X" in ability.cost.mana.upper() or ability.cost.loyalty_x:
        if action.x is None:  # ru-cr:107.3a sr-judge:D10.12: X in a cost, [-X] too, is announced
            raise MissingChoice("{player} must choose the value of X for {name}'s ability: add x: N",
                                rs.refs("x_value"), key="choose_x_ability", player=player, name=obj.handle)
        item.x = action.x
    item.targets = _targets(game, action, item_steps(item), info, player, False,
                            Phrase.said("ability_of", "{name}'s ability", name=obj.handle))
    if ability.cost.loyalty is not None:
        from .planeswalkers import pay_loyalty

        paid = [pay_loyalty(game, obj, ability, player, item.x)]
    else:
        paid = _pay_cost(game, obj, player, ability.cost, action, item.x)
    if mana_ability:  # ru-cr:605.3a sr-judge:D9.25
        from .effects import run

        game.say("mana_ability", rs.refs("mana_ability"), player=player, source=obj.handle, paid=paid)
        run(game, item, [])
        return
    game.stack.append(item)
    game.say("activate", rs.refs("activate"), player=player, source=obj.handle, paid=paid,
             targets=[_describe(game, t) for t in item.targets])
    after_action(game, player)


def _pay_cost(game: Game, obj: Obj, player: str, cost: Cost, action: Action, x: int = 0) -> list[str]:
    from . import costs

    payments = costs.non_mana(game, [cost], action, player, obj) if cost.non_mana or action.sacrifice else []
    if "/" in cost.mana:
        raise NotModelled("{name}'s ability has a Phyrexian symbol in its cost: paying it with life is modelled only "
                          "for spells", game.rs.refs("phyrexian_mana"), key="phyrexian_ability", name=obj.handle)
    if x:
        cost = Cost(tap=cost.tap, mana=cost.mana.upper().replace("X", str(x)), sacrifice_self=cost.sacrifice_self)
    paid = []
    if cost.tap:
        if obj.tapped:
            raise illegal("{name} is tapped: its {{T}} cost can't be paid", game, "illegal_cost",
                          key="tap_cost_tapped", name=obj.handle)
        if "creature" in obj.types and obj.summoning_sick and not chars(game, obj).has("haste"):  # ru-cr:602.5a
            raise illegal("{name} has not been under {player}'s control since the turn began (summoning sickness): "
                          "its {{T}} ability can't be activated", game, "illegal_tap_cost", key="tap_cost_sick",
                          name=obj.handle, player=player)
    mana = _pay(game, player, cost.mana, Phrase.said("paying_ability", "{name}'s ability", name=obj.handle))
    if cost.tap:
        tap(game, obj, True, "cost", narrate=False)
        paid.append("T")
    if mana:
        paid.append(mana)
    if cost.sacrifice_self:
        put_into_graveyard(game, obj, "sacrifice", game.rs.refs("sacrifice"))
        paid.append("sacrifice")
    return paid + costs.pay_non_mana(game, payments, player)


def play_land(game: Game, action: Action, source: str) -> None:
    """``play_land: {player, card}``: a special action; the player keeps priority (ru-cr:116.3c, sr-judge:D9.24)."""
    rs = game.rs
    player = _take_priority(game, action, source, "play_land")
    card = game.one(str(action.card), ("hand",), action.line, "play_land")
    if card is None or card.owner != player:
        raise illegal("{name} is not in {player}'s hand", game, "illegal_land", key="land_not_in_hand",
                      name=str(action.card), player=player)
    if game.active != player or game.step not in _MAIN or game.stack:  # ru-cr:305.1 sr-judge:B12.71
        raise illegal("{player} can play a land only in their own main phase with an empty stack", game,
                      "illegal_land", key="land_timing", player=player)
    if game.lands_played >= 1:  # ru-cr:305.2 sr-judge:B12.72
        raise illegal("{player} has already played a land this turn", game, "illegal_land_count", key="land_played",
                      player=player)
    as_card = "land" not in card.types
    if as_card and not rs.any_card_as_land:  # ru-cr:305.1
        raise illegal("{name} is not a land card", game, "illegal_not_land", key="land_not_land", name=card.handle)
    if as_card:
        _become_land(game, card)
    game.lands_played += 1
    game.say("play_land", rs.refs("play_land"), player=player, card=card.handle, as_card=as_card,
             land=", ".join(card.subtypes))
    move_object(game, card, "battlefield", "play_land", narrate=False, controller=player)
    after_land(game, player)


def after_land(game: Game, player: str) -> None:
    from .sba import settle

    settle(game)
    game.priority = player
    game.passes = 0


def _become_land(game: Game, card: Obj) -> None:
    """A card played as a land (izvori): colourless, the basic type of its colour, nothing else (B12.76)."""
    if "istocnik" in card.keywords:
        raise NotModelled("playing a card with Istočnik as a land is not modelled", game.rs.refs("play_land"),
                          key="land_istocnik")
    colors = card.colors
    if len(colors) > 1:
        raise NotModelled("{name} has more than one colour: playing it as a land is not modelled",
                          game.rs.refs("play_land"), key="land_colours", name=card.handle)
    card.printed = {k: getattr(card, k) for k in ("types", "subtypes", "supertypes", "colors", "mana_cost", "power",
                                                  "toughness", "keywords", "effect", "abilities")}
    from .spec import Ability, EffectStep

    subtypes: tuple[str, ...]
    supertypes: tuple[str, ...]
    if colors:  # sr-judge:B12.76: the basic type whose mana is its colour, named as sr-judge names it
        subtypes = (land_name(land_of_color(colors[0]), "sr"),)
        mana, supertypes = LETTER_OF[colors[0]], ("basic",)
    else:  # sr-judge:B12.77: artifacts and colourless cards are nonbasic lands making colourless mana
        subtypes, mana, supertypes = (), "C", ()
    card.types, card.subtypes, card.supertypes, card.colors = ("land",), subtypes, supertypes, ()
    card.power = card.toughness = None
    card.mana_cost, card.keywords, card.effect = None, (), ()
    card.abilities = (Ability("activated", 0, effect=(EffectStep("add_mana", 0, to="controller", mana=mana),),
                              cost=Cost(tap=True)),)
    card.as_land = True
