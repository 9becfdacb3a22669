"""Paying a spell's mana other than with mana: convoke, delve and Phyrexian symbols (mtg only).

Convoke: for each coloured mana in the total cost the player may tap an untapped creature of that colour they
control, and for each generic mana any untapped creature they control, instead of paying it (ru-cr:702.50a); it
is neither an additional nor an alternative cost and applies after the total cost is determined
(ru-cr:702.50b). Tapping so is not a {T} cost, so a creature that came under control this turn may be tapped.
Delve: for each generic mana in the total cost the player may exile a card from their graveyard instead
(ru-cr:702.65a, ru-cr:702.65b). A Phyrexian symbol ({B/P}) is paid with one mana of its colour or with 2 life
(ru-cr:107.4f); life can be paid only up to the player's life total (ru-cr:118.4). sr-judge has none of these
(its keywords, sr-judge:E3.10; its six mana symbols, sr-judge:A5.30): a file that uses them under izvori is
refused as it is read.

The action names what pays: ``convoke: [creatures]``, ``delve: [cards]``, ``phyrexian_life: N`` (how many
Phyrexian symbols are paid with life). A Phyrexian symbol without ``phyrexian_life``, or a total the pool can't pay
while the spell's convoke or delve could, is a choice the file does not make (exit 3). Imported only for a spell
that needs it.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from .errors import IllegalAction, MissingChoice
from .layers import chars, is_creature
from .mana import LETTER_OF, parse_cost, pay
from .spec import Action
from .state import Game, Obj


@dataclass(slots=True, eq=False)
class Helpers:
    """What pays part of the mana instead: creatures to tap, cards to exile, life for Phyrexian symbols."""

    convoke: list[Obj] = field(default_factory=list)
    delve: list[Obj] = field(default_factory=list)
    life: int = 0


def reduce(game: Game, card: Obj, action: Action, player: str, mana: str) -> tuple[str, Helpers]:
    """The mana left to pay after the Phyrexian, convoke and delve choices, and what pays the rest."""
    symbols, generic = parse_cost(mana)
    helpers = Helpers()
    _phyrexian(game, card, action, player, symbols, helpers)
    c = chars(game, card)
    if action.convoke and not c.has("convoke"):
        raise IllegalAction("{name} has no convoke", game.rs.refs("convoke"), key="no_convoke", name=card.handle)
    if action.delve and not c.has("delve"):
        raise IllegalAction("{name} has no delve", game.rs.refs("delve"), key="no_delve", name=card.handle)
    generic = _convoke(game, action, player, symbols, generic, helpers)
    generic = _delve(game, action, player, generic, helpers)
    left = (str(generic) if generic else "") + "".join(s * n for s, n in sorted(symbols.items()) if n > 0)
    _must_choose(game, card, action, player, left)
    return left, helpers


def _phyrexian(game: Game, card: Obj, action: Action, player: str, symbols: Counter[str], helpers: Helpers) -> None:
    phyrexian = [s for s in sorted(symbols.elements()) if s.endswith("/P")]
    if not phyrexian:
        if action.phyrexian_life:
            raise IllegalAction("{name}'s cost has no Phyrexian symbol", game.rs.refs("phyrexian_mana"),
                                key="no_phyrexian", name=card.handle)
        return
    if action.phyrexian_life is None:  # ru-cr:107.4f: mana of its colour or 2 life, the player's choice
        raise MissingChoice("{player} must choose how to pay {name}'s {n} Phyrexian symbol(s): add phyrexian_life: N "
                            "(how many are paid with 2 life each)", game.rs.refs("phyrexian_mana"),
                            key="choose_phyrexian", player=player, name=card.handle, n=len(phyrexian))
    if action.phyrexian_life > len(phyrexian):
        raise IllegalAction("{name} has {n} Phyrexian symbol(s), not {given}", game.rs.refs("phyrexian_mana"),
                            key="phyrexian_count", name=card.handle, n=len(phyrexian), given=action.phyrexian_life)
    for i, symbol in enumerate(phyrexian):
        symbols[symbol] -= 1
        if i >= action.phyrexian_life:
            symbols[symbol[0]] += 1  # paid with mana of its colour
    helpers.life = 2 * action.phyrexian_life
    if helpers.life > game.players[player].life:  # ru-cr:118.4
        raise IllegalAction("{player} has {life} life and can't pay {cost}", game.rs.refs("phyrexian_mana"),
                            key="life_short", player=player, life=game.players[player].life, cost=helpers.life)


def _convoke(game: Game, action: Action, player: str, symbols: Counter[str], generic: int, helpers: Helpers) -> int:
    for name in action.convoke:
        obj = _untapped_creature(game, name, player, helpers)
        colour = next((LETTER_OF[c] for c in chars(game, obj).colors if symbols.get(LETTER_OF[c], 0) > 0), None)
        if colour is not None:  # ru-cr:702.50a: a creature of that colour pays a coloured mana
            symbols[colour] -= 1
        elif generic > 0:
            generic -= 1
        else:
            raise IllegalAction("{name} can pay no mana left in the cost (convoke: only its colours or generic mana)",
                                game.rs.refs("convoke"), key="convoke_nothing", name=obj.handle)
        helpers.convoke.append(obj)
    return generic


def _untapped_creature(game: Game, name: str, player: str, helpers: Helpers) -> Obj:
    obj = next((o for o in game.named(name, ("battlefield",)) if o not in helpers.convoke), None)
    if obj is None or obj.controller != player or not is_creature(obj, game) or obj.tapped:
        raise IllegalAction("{name} is not an untapped creature {player} controls (convoke)",
                            game.rs.refs("convoke"), key="convoke_not_creature", name=name, player=player)
    return obj


def _delve(game: Game, action: Action, player: str, generic: int, helpers: Helpers) -> int:
    for name in action.delve:
        obj = next((o for o in game.named(name, ("graveyard",)) if o not in helpers.delve and o.owner == player),
                   None)
        if obj is None:
            raise IllegalAction("{name} is not a card in {player}'s graveyard (delve)", game.rs.refs("delve"),
                                key="delve_not_in_graveyard", name=name, player=player)
        if generic <= 0:  # ru-cr:702.65a: only generic mana
            raise IllegalAction("delve pays only generic mana, and none is left to pay for {name}",
                                game.rs.refs("delve"), key="delve_no_generic", name=name)
        generic -= 1
        helpers.delve.append(obj)
    return generic


def _must_choose(game: Game, card: Obj, action: Action, player: str, left: str) -> None:
    """A total the pool can't pay, while convoke or delve could pay part of it, is a choice the file leaves."""
    if not left or pay(game.players[player].mana, left) is not None:
        return
    c = chars(game, card)
    untapped = any(is_creature(o, game) and not o.tapped for o in game.in_zone("battlefield", player))
    if c.has("convoke") and not action.convoke and untapped:
        raise MissingChoice("{player} can't pay {cost} for {name} with mana alone: say which creatures convoke it "
                            "(add convoke: [..])", game.rs.refs("convoke"), key="choose_convoke", player=player,
                            cost=left, name=card.handle)
    if c.has("delve") and not action.delve and game.in_zone("graveyard", player):
        raise MissingChoice("{player} can't pay {cost} for {name} with mana alone: say which cards of the graveyard "
                            "delve exiles (add delve: [..])", game.rs.refs("delve"), key="choose_delve", player=player,
                            cost=left, name=card.handle)


def carry_out(game: Game, helpers: Helpers, player: str) -> list[str]:
    """Tap the convoking creatures, exile the delved cards and pay the life, through the event pipeline."""
    from .damage import lose_life
    from .pipeline import move_object, tap

    rs, paid = game.rs, []
    for obj in helpers.convoke:
        tap(game, obj, True, "cost", narrate=False)
        paid.append(f"tap {obj.handle} (convoke)")
    if helpers.convoke:
        game.say("convoke", rs.refs("convoke"), player=player, objs=", ".join(o.handle for o in helpers.convoke))
    for obj in helpers.delve:
        move_object(game, obj, "exile", "cost", narrate=False)
        paid.append(f"exile {obj.handle} (delve)")
    if helpers.delve:
        game.say("delve", rs.refs("delve"), player=player, objs=", ".join(o.handle for o in helpers.delve))
    if helpers.life:
        lose_life(game, player, helpers.life, rs.refs("phyrexian_mana"), why="cost")  # ru-cr:118.4
        paid.append(f"{helpers.life} life (Phyrexian)")
    return paid
