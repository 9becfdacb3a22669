"""Combat damage assignment: how each attacking and blocking creature divides its damage.

mtg: a creature assigns damage equal to its power (ru-cr:510.1a); unblocked, to the player it attacks
(ru-cr:510.1b); blocked, among its blockers in damage assignment order, lethal damage to each before any to
the next (ru-cr:510.1c), counting damage already marked and damage assigned by others in the same step; with
deathtouch 1 is lethal (ru-cr:702.2c); with trample the rest may go to the player once every blocker has
lethal damage (ru-cr:702.19b), all of it if no blocker remains (ru-cr:702.19c); a blocker assigns to the
attacker it blocks (ru-cr:510.1d).
izvori: no damage assignment order, the damage is divided as the controller chooses (sr-judge:C11.23), at least 5
to each recipient (sr-judge:C11.25); Razbijač needs lethal damage on every blocker before any goes to the
player, counting damage already marked and damage other creatures assign at the same time (sr-judge:E3.102)
and the blocker's toughness, not prevention (sr-judge:E3.104); all goes to the player if every blocker was
removed (sr-judge:E3.103); otherwise a blocked creature with no blockers deals none (C11.23). A blocker that
already has lethal damage marked needs none (ru-cr:510.1c, ru-cr:702.19b): lethal damage is 0 for it.
"""

from __future__ import annotations

from collections import Counter

from .errors import IllegalAction, NotModelled
from .layers import chars
from .state import Game, Obj, Target

Split = list[tuple[Target, int]]


def lethal(game: Game, attacker: Obj, blocker: Obj, pending: Counter[int]) -> int:
    """The least damage that is lethal to ``blocker`` now, counting the damage already marked on it and the
    damage assigned to it in this step (ru-cr:510.1c, ru-cr:702.19b, sr-judge:E3.102): 0 when that is lethal
    already; with deathtouch any nonzero amount is lethal (ru-cr:702.2c)."""
    left = chars(game, blocker).toughness - blocker.damage - pending[blocker.oid]
    if left <= 0:
        return 0
    if "deathtouch" in chars(game, attacker).keywords:  # ru-cr:702.2c
        return 1
    return left


def current_blockers(game: Game, attacker: Obj) -> list[Obj]:
    found = [game.get(ref) for ref in attacker.blockers]
    return [b for b in found if b is not None and b.zone == "battlefield"
            and (b.blocking == attacker.ref or attacker.ref in b.blocking_more)]


def blocked_attackers(game: Game, blocker: Obj) -> list[Obj]:
    """The attackers a creature blocks that are still in combat, in the order blocked (ru-cr:509.3)."""
    refs = ([blocker.blocking] if blocker.blocking is not None else []) + blocker.blocking_more
    found = [game.get(r) for r in refs]
    return [a for a in found if a is not None and a.zone == "battlefield" and a.attacking is not None]


def attacker_split(game: Game, attacker: Obj, given: tuple[tuple[str, int], ...] | None, pending: Counter[int],
                   action: int) -> tuple[Split, str]:
    """The attacker's assignment (the file's, checked, or the default) and the event that names its rules."""
    power = chars(game, attacker).power
    if power <= 0:
        return [], "assign_nothing"  # ru-cr:510.1a sr-judge:C11.21
    _minimum_check(game, attacker, power)
    player: Target = attacker.attacking_pw or attacker.attacking or ""  # ru-cr:510.1b: the player or planeswalker
    trample = "trample" in chars(game, attacker).keywords
    if attacker.blocked and "unblocked_damage" in chars(game, attacker).keywords:
        from .multiblock import as_though_unblocked

        chosen = as_though_unblocked(game, attacker, given, power, action)
        if chosen is not None:
            return chosen, "assign_as_unblocked"
    if not attacker.blocked:
        if given is not None:
            _check_total(game, attacker, given, power, action)
            if any(name != game.describe(player) for name, _n in given):
                raise IllegalAction("{name} is unblocked: all its damage goes to {recipient}",
                                    game.rs.refs("assign_unblocked"), key="assign_unblocked", name=attacker.handle,
                                    recipient=game.describe(player))
        return [(player, power)], "assign_unblocked"  # ru-cr:510.1b sr-judge:C11.22
    blockers = current_blockers(game, attacker)
    if not blockers:
        if trample:  # ru-cr:702.19c sr-judge:E3.103
            return [(player, power)], "trample_no_blockers"
        return [], "assign_no_blockers"  # sr-judge:C11.23
    if given is not None:
        return _checked(game, attacker, blockers, given, power, trample, pending, action), "assign_blocked"
    return _default(game, attacker, blockers, power, trample, pending), "assign_blocked"


def blocker_split(game: Game, blocker: Obj, given: tuple[tuple[str, int], ...] | None, action: int
                  ) -> tuple[Split, str]:
    """A blocker assigns all its damage to the attacker it blocks (ru-cr:510.1d, sr-judge:C11.24)."""
    power = chars(game, blocker).power
    attackers = blocked_attackers(game, blocker)
    if power <= 0 or not attackers:
        return [], "assign_nothing"
    _minimum_check(game, blocker, power)
    if len(attackers) > 1 or blocker.blocking_more:  # ru-cr:510.1d: it divides among the attackers it blocks
        from .multiblock import blocker_division

        return blocker_division(game, blocker, attackers, given, power, action), "assign_blocker_many"
    attacker = attackers[0]
    if given is not None:
        _check_total(game, blocker, given, power, action)
        if any(name not in (attacker.handle, attacker.name) for name, _n in given):
            raise IllegalAction("{name} can assign damage only to {attacker}, which it blocks",
                                game.rs.refs("assign_blocker"), key="assign_blocker", name=blocker.handle,
                                attacker=attacker.handle)
    return [(attacker.ref, power)], "assign_blocker"


def _minimum_check(game: Game, creature: Obj, power: int) -> None:
    minimum = game.rs.minimum_damage
    if minimum and power < minimum:
        raise NotModelled("{name} has power {power}, below the minimum of {minimum} damage per recipient; the rules "
                          "do not say how it assigns damage", game.rs.refs("illegal_minimum"), key="below_minimum",
                          name=creature.handle, power=power, minimum=minimum)


def _default(game: Game, attacker: Obj, blockers: list[Obj], power: int, trample: bool,
             pending: Counter[int]) -> Split:
    """Lethal damage to each blocker in order, the rest to the player (trample) or the last blocker."""
    minimum = game.rs.minimum_damage
    left, split = power, []
    for blocker in blockers:
        if left <= 0:
            break
        need = lethal(game, attacker, blocker, pending)
        if need == 0:
            continue  # lethal damage is already marked on it (ru-cr:510.1c, sr-judge:E3.102)
        need = max(need, minimum)  # sr-judge:C11.25
        give = left if left <= need or (minimum and left - need < minimum) else need
        split.append((blocker, give))
        pending[blocker.oid] += give
        left -= give
    if left > 0 and trample:  # ru-cr:702.19d: to the planeswalker it attacks, if it attacks one
        return [(b.ref, n) for b, n in split] + [(attacker.attacking_pw or attacker.attacking or "", left)]
    if left > 0 and not split:
        split.append((blockers[-1], 0))
    if left > 0:
        last, n = split[-1]
        split[-1] = (last, n + left)
    return [(b.ref, n) for b, n in split]


def _check_total(game: Game, creature: Obj, given: tuple[tuple[str, int], ...], power: int, action: int) -> None:
    total = sum(n for _r, n in given)
    if total != power:
        raise IllegalAction("{name} must assign exactly its power, {power} damage; the file assigns {total}",
                            game.rs.refs("illegal_assign_total"), key="assign_total", name=creature.handle,
                            power=power, total=total)
    minimum = game.rs.minimum_damage
    small = [name for name, n in given if 0 < n < minimum]
    if small:
        raise IllegalAction("{name} assigns less than {minimum} damage to {recipient}",
                            game.rs.refs("illegal_minimum"), key="assign_minimum", name=creature.handle,
                            minimum=minimum, recipient=small[0])


def _checked(game: Game, attacker: Obj, blockers: list[Obj], given: tuple[tuple[str, int], ...], power: int,
             trample: bool, pending: Counter[int], action: int) -> Split:
    rs = game.rs
    _check_total(game, attacker, given, power, action)
    by_name = {b.handle: b for b in blockers} | {b.name: b for b in blockers}
    recipient: Target = attacker.attacking_pw or attacker.attacking or ""
    player = game.describe(recipient)
    split: Split = []
    to_player = 0
    for name, n in given:
        if name == player:
            to_player += n
        elif name in by_name:
            split.append((by_name[name].ref, n))
        else:
            raise IllegalAction("{attacker} can't assign damage to {name}: it is not blocking it",
                                rs.refs("illegal_assign"), key="assign_not_blocking", attacker=attacker.handle,
                                name=name)
    amounts = {ref: n for ref, n in split}
    short = [b for b in blockers if amounts.get(b.ref, 0) < lethal(game, attacker, b, pending)]
    if to_player:
        if not trample:
            raise IllegalAction("{name} is blocked and has no trample: it can't assign damage to {player}",
                                rs.refs("illegal_assign_player"), key="assign_no_trample", name=attacker.handle,
                                player=player)
        if short:  # ru-cr:702.19b sr-judge:E3.102
            raise IllegalAction("{name} must assign lethal damage to {first} before any to {next}",
                                rs.refs("illegal_assign_player"), key="assign_lethal_first", name=attacker.handle,
                                first=short[0].handle, next=player)
        split.append((recipient, to_player))
    if rs.damage_assignment_order:  # ru-cr:510.1c
        for i, blocker in enumerate(blockers):
            if amounts.get(blocker.ref, 0) and any(b in short for b in blockers[:i]):
                first = next(b for b in blockers[:i] if b in short)
                raise IllegalAction("{name} must assign lethal damage to {first} before any to {next} (damage "
                                    "assignment order)", rs.refs("illegal_assign"), key="assign_in_order",
                                    name=attacker.handle, first=first.handle, next=blocker.handle)
    for blocker in blockers:  # ru-cr:702.19b sr-judge:E3.105: counted by the attackers that assign after it
        pending[blocker.oid] += amounts.get(blocker.ref, 0)
    return split
