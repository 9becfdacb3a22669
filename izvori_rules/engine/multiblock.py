"""Combat damage of a creature that blocks several attackers, and of one that may assign its damage as though
it weren't blocked.

A creature blocking two or more attackers divides its damage among them: in mtg in the order the defending
player announced (the order of the ``block`` list), lethal damage to each before any to the next
(ru-cr:509.3, ru-cr:510.1d); in izvori freely, at least 5 to each (sr-judge:C11.23, sr-judge:C11.25,
sr-judge:E3.105). An attacker with "assigns its combat damage as though it weren't blocked" may assign all of
it to the player or planeswalker it attacks (ru-cr:510.1c); whether it does is the controller's choice, stated
with ``assign_damage`` (a file that leaves it out is asked for it, exit 3).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from .errors import IllegalAction, MissingChoice
from .state import Game, Obj, Target


def blocker_division(game: Game, blocker: Obj, attackers: list[Obj], given: tuple[tuple[str, int], ...] | None,
                     power: int, action: int) -> list[tuple[Target, int]]:
    from .assignment import _check_total, lethal

    rs = game.rs
    pending: Counter[int] = Counter()
    if given is None:
        left, split = power, []
        for i, attacker in enumerate(attackers):
            need = max(lethal(game, blocker, attacker, pending), rs.minimum_damage)
            give = left if i == len(attackers) - 1 or left - need < max(rs.minimum_damage, 1) else need
            split.append((attacker.ref, give))
            left -= give
            if left <= 0:
                break
        return [(r, n) for r, n in split if n > 0]
    _check_total(game, blocker, given, power, action)
    by_name = {a.handle: a for a in attackers} | {a.name: a for a in attackers}
    amounts: dict[Any, int] = {}
    for name, n in given:
        if name not in by_name:
            raise IllegalAction("{name} can assign damage only to the attackers it blocks, not {other}",
                                rs.refs("assign_blocker"), key="assign_blocker_many", name=blocker.handle, other=name)
        amounts[by_name[name].ref] = amounts.get(by_name[name].ref, 0) + n
    if rs.damage_assignment_order:  # ru-cr:510.1d: lethal damage in order before any to the next
        for i, attacker in enumerate(attackers):
            short = [a for a in attackers[:i] if amounts.get(a.ref, 0) < lethal(game, blocker, a, pending)]
            if amounts.get(attacker.ref, 0) and short:
                raise IllegalAction("{name} must assign lethal damage to {first} before any to {next} (damage "
                                    "assignment order)", rs.refs("block_multiple"), key="assign_in_order",
                                    name=blocker.handle, first=short[0].handle, next=attacker.handle)
    return [(a.ref, amounts[a.ref]) for a in attackers if amounts.get(a.ref)]


def as_though_unblocked(game: Game, attacker: Obj, given: tuple[tuple[str, int], ...] | None, power: int,
                        action: int) -> list[tuple[Target, int]] | None:
    """All the damage to the player or planeswalker if the file says so; None to assign among blockers."""
    from .assignment import _check_total

    rs = game.rs
    recipient: Target = attacker.attacking_pw or attacker.attacking or ""
    if given is None:
        raise MissingChoice("{name} may assign its combat damage as though it weren't blocked: say with assign_damage "
                            "whether it goes to {recipient} or to its blockers", rs.refs("unblocked_damage"),
                            key="choose_unblocked", name=attacker.handle, recipient=game.describe(recipient))
    names = {name for name, _n in given}
    if names != {game.describe(recipient)}:
        return None
    _check_total(game, attacker, given, power, action)
    return [(recipient, power)]
