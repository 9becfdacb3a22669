"""Combat requirements and restrictions, and creatures that block more than one attacker.

Restrictions ("can't attack", "can't block") make a declaration illegal when it breaks them (ru-cr:508.1c,
ru-cr:509.1b; sr-judge:E1.20, sr-judge:E1.30). Requirements ("attacks each combat if able", "blocks each
combat if able", and lure: "all creatures able to block it do so") must be obeyed as far as possible without
breaking a restriction: a declaration that obeys fewer requirements than the most that could be obeyed is
illegal (ru-cr:508.1d, ru-cr:509.1c; sr-judge:E1.10, sr-judge:E1.40). A tapped creature is exempt (it can't
attack or block at all). The defending player's best is found by trying every legal declaration of their
untapped creatures (bounded: a larger search is refused, exit 3).

"Can block an additional creature" and "can block any number of creatures" let one creature block several
attackers (ru-cr:509.1a, sr-judge:E3.105); it then divides its damage among them (ru-cr:510.1d). "Assigns its
combat damage as though it weren't blocked" is a choice the file states with ``assign_damage`` (ru-cr:510.1c).

These are abilities, not keywords: they are written in ``keywords:`` (or granted) by the ids below or their
English and Serbian phrases.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations, product
from typing import TYPE_CHECKING

from .errors import IllegalAction, NotModelled
from .keywords import fold

if TYPE_CHECKING:
    from .state import Game, Obj

_NAMES = {
    "cant_block": ("cant block", "can't block", "cannot block", "ne moze da blokira", "ne moze blokirati"),
    "cant_attack": ("cant attack", "can't attack", "cannot attack", "ne moze da napada", "ne moze napasti"),
    "attacks_each_combat": ("attacks each combat if able", "attacks each turn if able",
                            "napada u svakom potezu ako je sposoban"),
    "blocks_each_combat": ("blocks each combat if able", "blokira u svakom potezu ako je sposobno"),
    "lure": ("all creatures able to block it do so", "sva bica koja mogu da ga blokiraju to i cine"),
    "block_additional": ("can block an additional creature", "moze da blokira jos jedno bice"),
    "block_any_number": ("can block any number of creatures", "moze da blokira bilo koji broj bica"),
    "unblocked_damage": ("assigns combat damage as though it werent blocked",
                         "may assign combat damage as though it werent blocked"),
}
ABILITIES = frozenset(_NAMES)
MAX_SEARCH = 200_000


def ability_id(term: str) -> str | None:
    """The id of a combat requirement or restriction written in a scenario, else None."""
    word = fold(term).replace("'", "").replace("’", "").strip()
    if word.replace(" ", "_") in ABILITIES:
        return word.replace(" ", "_")
    return next((k for k, names in _NAMES.items() if word in {fold(n).replace("'", "") for n in names}), None)


def _has(game: Game, obj: Obj, ability: str) -> bool:
    from .layers import chars

    return ability in chars(game, obj).keywords


def attack_restriction(game: Game, obj: Obj) -> str | None:
    if _has(game, obj, "cant_attack"):  # ru-cr:508.1c sr-judge:E1.20
        return f"{obj.handle} can't attack"
    return None


def block_restriction(game: Game, obj: Obj) -> str | None:
    if _has(game, obj, "cant_block"):  # ru-cr:509.1b sr-judge:E1.30
        return f"{obj.handle} can't block"
    return None


def blocks_allowed(game: Game, obj: Obj) -> int:
    """How many attackers the creature may block (ru-cr:509.1a)."""
    if _has(game, obj, "block_any_number"):
        return 99
    return 2 if _has(game, obj, "block_additional") else 1


# --- attacking ------------------------------------------------------------------------------------------

def check_attack_requirements(game: Game, chosen: list[Obj]) -> None:
    """Each creature that "attacks each combat if able" and can attack must be among the attackers."""
    from .combat import can_attack_alone

    attacking = {o.oid for o in chosen}
    for obj in game.in_zone("battlefield", game.active):
        if obj.oid in attacking or not _has(game, obj, "attacks_each_combat"):
            continue
        if can_attack_alone(game, obj):  # ru-cr:508.1d sr-judge:E1.20
            raise IllegalAction(f"{obj.handle} attacks each combat if able, and it is able: the declaration obeys "
                                "fewer requirements than it could", game.rs.refs("attack_requirement"))


# --- blocking -------------------------------------------------------------------------------------------

def _obeyed(game: Game, blocks: dict[int, tuple[Obj, ...]], lures: list[Obj], eager: set[int]) -> int:
    """Requirements obeyed: each blocker blocking each lure attacker, each eager blocker blocking at all."""
    count = 0
    for oid, attackers in blocks.items():
        count += sum(1 for a in attackers if a in lures)
        if oid in eager and attackers:
            count += 1
    return count


def _menace_ok(game: Game, blocks: dict[int, tuple[Obj, ...]]) -> bool:
    from .layers import chars

    per = Counter(a.oid for attackers in blocks.values() for a in attackers)
    return all(per[oid] != 1 or not chars(game, game.objects[oid]).has("menace") for oid in per)


def check_block_requirements(game: Game, chosen: list[tuple[Obj, Obj]]) -> None:
    """The declaration must obey as many requirements as the best legal one (ru-cr:509.1c, sr-judge:E1.40)."""
    from .combat import can_block_pair

    attackers = [o for o in game.battlefield() if o.attacking is not None]
    lures = [a for a in attackers if _has(game, a, "lure")]
    defenders = {a.attacking for a in attackers}
    candidates = [o for o in game.battlefield() if o.controller in defenders and "creature" in o.types
                  and not o.tapped]
    eager = {o.oid for o in candidates if _has(game, o, "blocks_each_combat")}
    if not lures and not eager:
        return
    declared: dict[int, tuple[Obj, ...]] = {}
    for blocker, attacker in chosen:
        declared[blocker.oid] = declared.get(blocker.oid, ()) + (attacker,)
    options = []
    for blocker in candidates:
        able = [a for a in attackers if can_block_pair(game, blocker, a)]
        most = min(blocks_allowed(game, blocker), len(able))
        options.append([()] + [c for n in range(1, most + 1) for c in combinations(able, n)])
    size = 1
    for opts in options:
        size *= len(opts)
    if size > MAX_SEARCH:
        raise NotModelled(f"finding the blocks that obey the most requirements would try {size} declarations "
                          f"(limit {MAX_SEARCH})", game.rs.refs("block_requirement"))
    best = 0
    for pick in product(*options):
        blocks = {b.oid: p for b, p in zip(candidates, pick)}
        if _menace_ok(game, blocks):
            best = max(best, _obeyed(game, blocks, lures, eager))
    have = _obeyed(game, declared, lures, eager)
    if have < best:  # ru-cr:509.1c sr-judge:E1.40
        raise IllegalAction(f"the blocks obey {have} blocking requirement(s) (lure, \"blocks each combat if "
                            f"able\"), but {best} could be obeyed", game.rs.refs("block_requirement"))


def check_multiple_blocks(game: Game, chosen: list[tuple[Obj, Obj]]) -> None:
    """A creature blocks one attacker unless an ability lets it block more (ru-cr:509.1a)."""
    per = Counter(b.oid for b, _a in chosen)
    for blocker, _a in chosen:
        allowed = blocks_allowed(game, blocker)
        if per[blocker.oid] > allowed:
            raise IllegalAction(f"{blocker.handle} can block only {allowed} attacker(s); the file has it block "
                                f"{per[blocker.oid]}", game.rs.refs("block_multiple"))
