"""Casting choices and the total cost (ru-cr:601.2b–h; sr-judge:D10.12–D10.18).

As a spell is cast its controller announces the modes (ru-cr:601.2b, ru-cr:700.2a; sr-judge:D10.12,
sr-judge:D15.72), whether an optional additional cost such as kicker is paid (ru-cr:702.32a, sr-judge:E3.141) or
an alternative cost instead of the mana cost (ru-cr:601.2b, sr-judge:D3.40), and the value of X
(ru-cr:107.3a, sr-judge:D10.12); then the targets (ru-cr:601.2c) and how damage is divided among them, at least 1
to each (ru-cr:601.2d, sr-judge:D10.15). The total cost is the mana cost or the alternative cost, plus
additional costs and increases, less reductions, which reduce only generic mana (ru-cr:601.2f,
sr-judge:D10.16); it is paid in full or not at all (ru-cr:601.2h, ru-cr:117.3; sr-judge:D10.18). Non-mana costs:
sacrificing, discarding, paying life (no more than the player has, ru-cr:117.3, ru-cr:118.4), exiling a card
of a kind from the hand (Force of Will; not the spell itself, ru-cr:601.2a) and tapping untapped creatures the
player controls (a creature that came under control this turn may be tapped so: only
a {T} in its own ability's cost needs it to have been controlled since the turn began, ru-cr:602.5a).

A choice the rules leave to the player and the file does not state (modes, X, kicked) stops the run (exit 3).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from . import targeting
from ..errors import Phrase
from .errors import IllegalAction, MissingChoice, invalid
from .layers import chars, is_creature
from .mana import parse_cost
from .spec import Action, Cost, EffectStep
from .state import Game, Obj
from .targets import target_steps


@dataclass(slots=True, eq=False)
class Plan:
    """What the caster announced: the effect to put on the stack and the parts of the total cost."""

    effect: tuple[EffectStep, ...]
    names: tuple[str, ...]  # the targets, in order (a divided step's from ``divide``)
    division: list[int] = field(default_factory=list)
    x: int = 0
    kicked: bool = False
    base: str = ""  # mana cost or alternative mana
    extra: list[Cost] = field(default_factory=list)  # additional costs, kicker, the alternative's non-mana part


def _missing(game: Game, player: str | Phrase, what: Phrase, event: str) -> MissingChoice:
    """A choice of the cast the action leaves out (``what``, with the key to add), by ``player`` or the caster."""
    return MissingChoice("{player} must choose {what}; the action does not say", game.rs.refs(event),
                         key="choose_missing", player=player, what=what)


CASTER = Phrase("the_caster", "the caster")
"""Who divides a spell's damage or chooses its targets, when the plan is made before the caster is named."""


def plan_spell(game: Game, card: Obj, action: Action, player: str) -> Plan:
    """The announced modes, kicker, alternative cost and X of a spell being cast."""
    spec = card.spec
    effect = card.effect
    plan = Plan(effect, action.targets, base=card.mana_cost or "")
    if spec is None:
        return plan
    if spec.modes:
        effect = _modes(game, spec.modes, spec.choose_modes, action, player, card.handle)
    if spec.kicker is not None:
        if action.kicked is None:  # ru-cr:601.2b sr-judge:E3.141
            raise _missing(game, player, Phrase.said("choosing_kicker", "whether to pay {name}'s kicker ({cost}): "
                                                     "add kicked: true or false", name=card.handle, cost=spec.kicker),
                           "kicker")
        plan.kicked = action.kicked
        if action.kicked:
            plan.extra.append(Cost(mana=spec.kicker))
            effect = spec.kicked or effect
    elif action.kicked:
        raise IllegalAction("{name} has no kicker", game.rs.refs("kicker"), key="no_kicker", name=card.handle)
    plan.effect = effect
    if "X" in plan.base.upper():
        if action.x is None:  # ru-cr:107.3a sr-judge:D10.12
            raise _missing(game, player, Phrase.said("choosing_x", "the value of X for {name}: add x: N",
                                                     name=card.handle), "x_value")
        plan.x = action.x
    _alternative(game, card, action, player, plan)
    if spec.additional_cost is not None:
        plan.extra.append(spec.additional_cost)
    _division(game, plan, action, card.handle)
    return plan


def _modes(game: Game, modes: tuple[tuple[EffectStep, ...], ...], count: int, action: Action, player: str,
           what: str) -> tuple[EffectStep, ...]:
    if not action.modes:  # ru-cr:700.2a sr-judge:D10.12
        raise _missing(game, player, Phrase.said("choosing_modes", "{count} of the {n} modes of {name}: add modes: "
                                                 "[..] (1 is the first printed)", count=count, n=len(modes),
                                                 name=what), "modes")
    if len(action.modes) != count or any(m > len(modes) for m in action.modes):
        raise IllegalAction("{name}: choose {count} of its modes 1 to {n}; the action chose {chosen}",
                            game.rs.refs("modes"), key="modes_chosen", name=what, count=count, n=len(modes),
                            chosen=str(list(action.modes)))
    return tuple(step for i in sorted(action.modes) for step in modes[i - 1])  # in printed order


def _alternative(game: Game, card: Obj, action: Action, player: str, plan: Plan) -> None:
    alt = card.spec.alternative_cost if card.spec is not None else None
    if not action.alternative:
        return
    if alt is None:
        raise IllegalAction("{name} has no alternative cost", game.rs.refs("alternative_cost"),
                            key="no_alternative_cost", name=card.handle)
    if alt.condition and not controls(game, player, alt.condition):
        raise IllegalAction("{name}'s alternative cost needs {player} to control a {condition}",
                            game.rs.refs("alternative_cost"), key="alternative_condition", name=card.handle,
                            player=player, condition=alt.condition)
    if plan.x and "X" not in alt.mana.upper():  # ru-cr:107.3b: without its mana cost, X can only be 0
        raise IllegalAction("{name} is cast for its alternative cost, which has no X: X must be 0",
                            game.rs.refs("x_value"), key="alternative_no_x", name=card.handle)
    plan.base = alt.mana  # ru-cr:601.2b: instead of the mana cost
    plan.extra.append(replace(alt, mana="", condition=""))


def controls(game: Game, player: str, phrase: str, source: Obj | None = None) -> bool:
    f = targeting.parse(phrase)
    return any(targeting.object_mismatch(f, o, chars(game, o), player, source.ref if source else None) is None
               for o in game.in_zone("battlefield", player))


def _division(game: Game, plan: Plan, action: Action, what: str) -> None:
    divided = [s for s in plan.effect if s.divided]
    if not divided:
        if action.divide:
            raise invalid(game.source, action.line, "cast", Phrase.said("divides_nothing", "{what} divides nothing",
                                                                        what=what))
        return
    step = divided[0]
    amount = plan.x * step.x_times if step.x_times else (step.amount or 0)
    others = len([s for s in target_steps(plan.effect) if not s.divided])
    if step.divided == "chosen":
        if not action.divide:  # ru-cr:601.2d sr-judge:D10.15
            raise _missing(game, CASTER, Phrase.said("choosing_division", "how {name} divides its {amount} damage: "
                                                     "add divide: {{target: n, ...}}", name=what, amount=amount),
                           "divide")
        names = tuple(n for n, _a in action.divide)
        amounts = [a for _n, a in action.divide]
        if sum(amounts) != amount or min(amounts) < 1:
            raise IllegalAction("{name} divides {amount} damage; each target gets at least 1 (the action gives "
                                "{given})", game.rs.refs("divide"), key="divide_amounts", name=what, amount=amount,
                                given=str(amounts))
        plan.names = action.targets[:others] + names if others else names
        plan.division = amounts
        return
    n = len(action.targets) - others
    if n < 1:
        raise _missing(game, CASTER, Phrase.said("choosing_targets_of", "the targets of {name}", name=what), "divide")
    plan.division = [amount // n] * n  # "divided evenly, rounded down"


def total_mana(game: Game, card: Obj | None, plan: Plan, player: str, targets: int) -> str:
    """The mana part of the total cost after X, additional costs, increases and reductions (ru-cr:601.2f)."""
    symbols, generic = parse_cost(plan.base)
    generic += plan.x * plan.base.upper().count("X")
    for cost in plan.extra:
        s, g = parse_cost(cost.mana)
        symbols.update(s)
        generic += g
        if cost.per_extra_target:
            generic += parse_cost(cost.per_extra_target)[1] * max(0, targets - 1)
    if card is not None:
        up, down = cost_changes(game, card, player)
        generic = max(0, generic + up - down)  # reductions reduce only the generic part (ru-cr:601.2f)
        if up or down:
            game.say("cost_change", game.rs.refs("cost_change"), card=card.handle, more=up, less=down)
    return (str(generic) if generic else "") + "".join(c * n for c, n in sorted(symbols.items()))


def cost_changes(game: Game, card: Obj, player: str) -> tuple[int, int]:
    """Static increases and reductions that apply to the spell (ru-cr:601.2f, sr-judge:D10.16)."""
    up = down = 0
    for source in game.battlefield():
        for ability in source.abilities:
            if ability.kind != "static" or not ability.cost_change:
                continue
            if ability.whose == "you" and source.controller != player:
                continue
            if ability.whose == "opponents" and source.controller == player:
                continue
            if ability.spells:
                f = targeting.parse(ability.spells)
                if targeting.object_mismatch(f, card, chars(game, card), player) is not None:
                    continue
            if ability.cost_change > 0:
                up += ability.cost_change
            else:
                down -= ability.cost_change
    return up, down


# --- non-mana costs ----------------------------------------------------------------------------------------

def non_mana(game: Game, costs: list[Cost], action: Action, player: str, source: Obj | None) -> list[Any]:
    """Check the objects the action names for the non-mana costs; returns the payments to make."""
    rs = game.rs
    payments: list[Any] = []
    sac_need = [(c.sacrifice, c.sacrifice_count) for c in costs if c.sacrifice]
    discard_need = sum(c.discard for c in costs)
    life_need = sum(c.life for c in costs)
    tap_need = sum(c.tap_creatures for c in costs)
    exile_need = [c.exile_from_hand for c in costs if c.exile_from_hand]
    if sac_need:
        payments += [("sacrifice", o) for o in _sacrifices(game, sac_need, action, player, source)]
    elif action.sacrifice:
        raise IllegalAction("nothing in the cost is sacrificed", rs.refs("illegal_cost"), key="no_sacrifice")
    if discard_need or action.discard:
        payments += [("discard", o) for o in _discards(game, discard_need, action, player, source)]
    if tap_need or action.tap:
        payments += [("tap", o) for o in _taps(game, tap_need, action, player, source)]
    if exile_need or action.exile:
        payments += [("exile", o) for o in _exiles(game, exile_need, action, player, source)]
    if life_need:
        if game.players[player].life < life_need:  # ru-cr:117.3 ru-cr:118.4
            raise IllegalAction("{player} has {life} life and can't pay {cost}", rs.refs("pay_life"),
                                key="life_short", player=player, life=game.players[player].life,
                                cost=Phrase.said("life_amount", "{n} life", n=life_need))
        payments.append(("life", life_need))
    return payments


def _named(game: Game, names: tuple[str, ...], zone: str, player: str, line: int) -> list[Obj]:
    out: list[Obj] = []
    for name in names:
        pool = [o for o in game.named(name, (zone,)) if o not in out]
        if not pool:
            raise IllegalAction("{name} is not in {player}'s {zone}", game.rs.refs("illegal_cost"), key="not_in_zone",
                                name=name, player=player, zone=zone)
        out.append(pool[0])
    return out


def _sacrifices(game: Game, need: list[tuple[str, int]], action: Action, player: str, source: Obj | None
                ) -> list[Obj]:
    total = sum(n for _p, n in need)
    if not action.sacrifice:
        raise _missing(game, player, Phrase.said("choosing_sacrifice", "what to sacrifice ({need}): add sacrifice: "
                                                 "[..]", need=", ".join(p for p, _n in need)), "sacrifice_cost")
    objs = _named(game, action.sacrifice, "battlefield", player, action.line)
    if len(objs) != total:
        raise IllegalAction("the cost sacrifices {n} permanent(s); the action names {given}",
                            game.rs.refs("sacrifice_cost"), key="sacrifice_count", n=total, given=len(objs))
    left = list(objs)
    for phrase, n in need:
        f = targeting.parse(phrase)
        for _ in range(n):
            fit = next((o for o in left if o.controller == player and targeting.object_mismatch(
                f, o, chars(game, o), player, source.ref if source else None) is None), None)
            if fit is None:
                raise IllegalAction("{names} is not a {phrase} {player} controls", game.rs.refs("sacrifice_cost"),
                                    key="sacrifice_fit", names=", ".join(o.handle for o in left), phrase=phrase,
                                    player=player)
            left.remove(fit)
    return objs


def _discards(game: Game, need: int, action: Action, player: str, source: Obj | None) -> list[Obj]:
    if need and not action.discard:
        raise _missing(game, player, Phrase.said("choosing_discard", "which {n} card(s) to discard: add discard: [..]",
                                                 n=need), "discard_cost")
    objs = [o for o in _named(game, action.discard, "hand", player, action.line)]
    if len(objs) != need or any(o.owner != player or o is source for o in objs):
        raise IllegalAction("the cost discards {n} other card(s) from {player}'s hand", game.rs.refs("discard_cost"),
                            key="discard_count", n=need, player=player)
    return objs


def _taps(game: Game, need: int, action: Action, player: str, source: Obj | None) -> list[Obj]:
    if need and not action.tap:
        raise _missing(game, player, Phrase.said("choosing_tap", "which {n} untapped creature(s) to tap: add tap: "
                                                 "[..]", n=need), "tap_cost")
    objs = _named(game, action.tap, "battlefield", player, action.line)
    if len(objs) != need:
        raise IllegalAction("the cost taps {n} creature(s); the action names {given}", game.rs.refs("tap_cost"),
                            key="tap_count", n=need, given=len(objs))
    for obj in objs:
        if obj.controller != player or not is_creature(obj) or obj.tapped:  # ru-cr:117.3
            raise IllegalAction("{name} is not an untapped creature {player} controls", game.rs.refs("tap_cost"),
                                key="not_untapped_creature", name=obj.handle, player=player)
    return objs


def _exiles(game: Game, need: list[str], action: Action, player: str, source: Obj | None) -> list[Obj]:
    """The cards exiled from the hand to pay "exile a <phrase> from your hand" (ru-cr:601.2h, ru-cr:117.1)."""
    if need and not action.exile:
        raise _missing(game, player, Phrase.said("choosing_exile", "which card to exile from {player}'s hand ({need}): "
                                                 "add exile: [..]", player=player, need=", ".join(need)), "exile_cost")
    objs = _named(game, action.exile, "hand", player, action.line)
    if len(objs) != len(need):
        raise IllegalAction("the cost exiles {n} card(s) from {player}'s hand; the action names {given}",
                            game.rs.refs("exile_cost"), key="exile_count", n=len(need), player=player,
                            given=len(objs))
    for obj, wanted in zip(objs, need):
        f = targeting.parse(wanted)
        if obj.owner != player or obj is source or targeting.object_mismatch(f, obj, chars(game, obj), player):
            raise IllegalAction("{name} is not another {wanted} in {player}'s hand", game.rs.refs("exile_cost"),
                                key="exile_fit", name=obj.handle, wanted=wanted, player=player)
    return objs


def pay_non_mana(game: Game, payments: list[Any], player: str) -> list[str]:
    """Sacrifice, discard, tap and pay life, each through the event pipeline (ru-cr:601.2h, sr-judge:D10.18)."""
    from .damage import lose_life
    from .pipeline import move_object, put_into_graveyard, tap

    rs = game.rs
    paid = []
    for kind, what in payments:
        if kind == "sacrifice":
            put_into_graveyard(game, what, "sacrifice", rs.refs("sacrifice_cost"))
            paid.append(f"sacrifice {what.handle}")
        elif kind == "discard":
            game.say("discard", rs.refs("discard_cost"), player=player, card=what.handle)
            move_object(game, what, "graveyard", "discard", narrate=False)
            paid.append(f"discard {what.handle}")
        elif kind == "tap":
            tap(game, what, True, "cost", narrate=False)
            paid.append(f"tap {what.handle}")
        elif kind == "exile":
            game.say("exile_cost", rs.refs("exile_cost"), player=player, card=what.handle)
            move_object(game, what, "exile", "cost", narrate=False)
            paid.append(f"exile {what.handle}")
        else:
            lose_life(game, player, what, rs.refs("pay_life"), why="cost")  # ru-cr:118.3: paying life is losing it
            paid.append(f"{what} life")
    return paid


def discard_to_hand_size(game: Game, hand: list[Obj], limit: int) -> None:
    """The active player discards down to the maximum hand size, choosing the cards (ru-cr:514.1,
    sr-judge:C15.10): ``choose: {player, targets: [cards]}`` after the action that reaches the cleanup step."""
    player, n = game.active, len(hand) - limit
    rules = game.rs.refs("hand_discard")
    names = game.choices.targets(player, Phrase.said("choosing_cleanup_discard", "the {n} card(s) to discard down to "
                                                     "{limit} in the cleanup step", n=n, limit=limit), rules)
    picked: list[Obj] = []
    for name in names:
        fit = next((o for o in hand if (o.handle == name or o.name == name) and o not in picked), None)
        if fit is None:
            raise IllegalAction("{name} is not in {player}'s hand", rules, key="land_not_in_hand", name=name,
                                player=player)
        picked.append(fit)
    if len(picked) != n:
        raise IllegalAction("{player} has {cards} cards and discards exactly {n}; the choice names {given}", rules,
                            key="cleanup_discard", player=player, cards=len(hand), n=n, given=len(picked))
    from .pipeline import move_object

    for obj in picked:
        game.say("discard", rules, player=player, card=obj.handle)
        move_object(game, obj, "graveyard", "discard", narrate=False)
