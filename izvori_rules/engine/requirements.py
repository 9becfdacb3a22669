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

Restrictions on the declaration as a whole: "can't attack alone" and "can't block alone" (ru-cr:508.1c's
example; sr-judge:E1.20's Kukavni Ork, "ne može da napada ni blokira sam"), "no more than one creature can attack
(block) each combat" (ru-cr:508.1d's example; sr-judge:E1.20's "Samo jedno biće može napasti u svakom potezu"),
and "can't be blocked except by two or more creatures" (ru-cr:509.1c's menace example; sr-judge:E1.50's "Bića
mogu biti blokirana samo sa dva ili više bića"). In mtg a creature with no requirement of its own may have to
join in so that more requirements are obeyed (ru-cr:509.1c's example: both creatures block the menace
attacker); in izvori only creatures with requirements are counted (sr-judge:E1.50: blocking with both or with
none is correct). A creature that can attack or block only if a cost is paid is never required to (ru-cr:508.1d,
ru-cr:509.1c; sr-judge:E1.20, sr-judge:E1.30).

Costs to attack or block (ru-cr:508.1h–j, ru-cr:509.1d–f; sr-judge:C9.23–C9.25, sr-judge:C10.22–C10.24) come
from static abilities ``{creatures: {attack_cost: "2"}}`` (Propaganda: each creature attacking the ability's
controller; with ``planeswalkers: true`` also each one attacking a planeswalker they control, as Archangel of
Tithes says) and ``{creatures: {block_cost: "1"}}`` (each blocking creature), with ``while: untapped |
attacking`` for a source that imposes them only so (Archangel of Tithes). The total is locked in and paid in
full from the mana pool, or the declaration is illegal (no partial payments).

These are abilities, not keywords: they are written in ``keywords:`` (or granted) by the ids below or their
English and Serbian phrases.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from itertools import combinations, product
from typing import TYPE_CHECKING

from ..errors import Phrase
from .errors import IllegalAction, NotModelled
from .keywords import fold

if TYPE_CHECKING:
    from .spec import Ability
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
    "cant_attack_alone": ("can't attack alone", "cannot attack alone", "ne moze da napada sam"),
    "cant_block_alone": ("can't block alone", "cannot block alone", "ne moze da blokira sam"),
    "cant_attack_or_block_alone": ("can't attack or block alone", "cannot attack or block alone",
                                   "ne moze da napada ni blokira sam"),
    "one_attacker": ("no more than one creature can attack each combat", "only one creature can attack",
                     "samo jedno bice moze napasti u svakom potezu"),
    "one_blocker": ("no more than one creature can block each combat", "only one creature can block",
                    "samo jedno bice moze blokirati u svakom potezu"),
    "blocked_by_two": ("can't be blocked except by two or more creatures",
                       "can be blocked only by two or more creatures", "moze biti blokirano samo sa dva ili vise bica"),
}
_ALONE = {"attack": ("cant_attack_alone", "cant_attack_or_block_alone"),
          "block": ("cant_block_alone", "cant_attack_or_block_alone")}
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


def attack_restriction(game: Game, obj: Obj) -> Phrase | None:
    if _has(game, obj, "cant_attack"):  # ru-cr:508.1c sr-judge:E1.20
        return Phrase.said("cant_attack", "{name} can't attack", name=obj.handle)
    return None


def block_restriction(game: Game, obj: Obj) -> Phrase | None:
    if _has(game, obj, "cant_block"):  # ru-cr:509.1b sr-judge:E1.30
        return Phrase.said("cant_block", "{name} can't block", name=obj.handle)
    return None


def blocks_allowed(game: Game, obj: Obj) -> int:
    """How many attackers the creature may block (ru-cr:509.1a)."""
    if _has(game, obj, "block_any_number"):
        return 99
    return 2 if _has(game, obj, "block_additional") else 1


# --- attacking ------------------------------------------------------------------------------------------

def _anywhere(game: Game, ability: str) -> bool:
    """Whether a permanent on the battlefield has a restriction on the whole declaration ("no more than one
    creature can attack each combat")."""
    return any(_has(game, o, ability) for o in game.battlefield())


def _alone(game: Game, objs: list[Obj], what: str) -> Phrase | None:
    attack = what == "attack"
    if len(objs) == 1 and any(_has(game, objs[0], a) for a in _ALONE[what]):  # ru-cr:508.1c sr-judge:E1.20
        return Phrase.said("cant_attack_alone", "{name} can't attack alone", name=objs[0].handle) if attack else \
            Phrase.said("cant_block_alone", "{name} can't block alone", name=objs[0].handle)
    if len(objs) > 1 and _anywhere(game, f"one_{what}er"):  # ru-cr:508.1d sr-judge:E1.20
        return Phrase("one_attacker", "no more than one creature can attack each combat") if attack else \
            Phrase("one_blocker", "no more than one creature can block each combat")
    return None


def check_attack(game: Game, chosen: list[Obj]) -> None:
    """The attackers break no restriction and obey as many requirements as the best legal declaration."""
    broken = _alone(game, chosen, "attack")
    if broken:
        raise IllegalAction("{problem}", game.rs.refs("attack_restriction"), key="restriction", problem=broken)
    from .combat import can_attack_alone

    able = [o for o in game.in_zone("battlefield", game.active)
            if can_attack_alone(game, o) and attacks_free(game, o)]  # ru-cr:508.1d: costs aren't required
    required = {o.oid for o in able if _has(game, o, "attacks_each_combat")}
    if not required:
        return
    if not game.rs.unrequired_help:  # sr-judge:E1.50: only creatures with requirements are considered
        able = [o for o in able if o.oid in required]
    best = _most_obeyed(game, able, required)
    have = sum(1 for o in chosen if o.oid in required)
    if have < best:  # ru-cr:508.1d sr-judge:E1.20 sr-judge:E1.40
        raise IllegalAction("the attack obeys {have} requirement(s) (\"attacks each combat if able\"), but {best} "
                            "could be obeyed", game.rs.refs("attack_requirement"), key="attack_requirements",
                            have=have, best=best)


def _most_obeyed(game: Game, able: list[Obj], required: set[int]) -> int:
    """The most attack requirements a legal declaration obeys: all of them unless a restriction on the whole
    declaration is in play, else found by trying every set of able creatures."""
    if not _anywhere(game, "one_attacker") and not any(_has(game, o, a) for o in able for a in _ALONE["attack"]):
        return len(required)
    if len(able) > 17:
        raise NotModelled("finding the attack that obeys the most requirements would try 2^{n} declarations",
                          game.rs.refs("attack_requirement"), key="attack_search", n=len(able))
    return max(sum(1 for o in pick if o.oid in required) for n in range(len(able) + 1)
               for pick in combinations(able, n) if _alone(game, list(pick), "attack") is None)


# --- costs to attack or block ---------------------------------------------------------------------------

def _cost_holds(source: Obj, when: str) -> bool:
    """Whether the source imposes its cost now (``while:``): Archangel of Tithes only while untapped or attacking."""
    if when == "untapped":
        return not source.tapped
    if when == "attacking":
        return source.attacking is not None
    return True


def attack_cost(game: Game, obj: Obj, defender: str, walker: bool) -> int:
    """Generic mana the creature's attack on ``defender`` (on a planeswalker they control when ``walker``) costs:
    each static ``attack_cost`` of a permanent ``defender`` controls (ru-cr:508.1h, sr-judge:C9.23). A creature
    attacking a planeswalker attacks it, not its controller (ru-cr:506.2, ru-cr:508.1b, ru-cr:508.3a), so
    "creatures can't attack you" (Propaganda) leaves that attack alone; only an ability that also names
    "planeswalkers you control" (``planeswalkers: true``, Archangel of Tithes) taxes it."""
    return _costs(game, obj, "attack_cost", lambda src, ability: src.controller == defender
                  and (not walker or ability.attack_walkers))


def attacks_free(game: Game, obj: Obj) -> bool:
    """Whether the creature could attack some opponent or planeswalker without paying a cost: only then can a
    requirement oblige it to attack (ru-cr:508.1d, sr-judge:E1.20)."""
    from .planeswalkers import is_walker

    defenders = [(p, False) for p in game.opponents(obj.controller)]
    defenders += [(w.controller, True) for w in game.battlefield() if is_walker(w) and w.controller != obj.controller]
    return any(not attack_cost(game, obj, p, walker) for p, walker in defenders)


def block_cost(game: Game, obj: Obj) -> int:
    """Generic mana the creature's block costs (ru-cr:509.1d, sr-judge:C10.22)."""
    return _costs(game, obj, "block_cost", lambda src, ability: True)


def _costs(game: Game, obj: Obj, key: str, applies: Callable[[Obj, Ability], bool]) -> int:
    from .layers import chars

    total = 0
    for source in game.battlefield():
        for ability in chars(game, source).abilities:
            cost = getattr(ability, key) if ability.kind == "static" else ""
            if cost and applies(source, ability) and _cost_holds(source, ability.only_while):
                total += int(cost)  # generic mana only (read so by costspec)
    return total


def pay_combat_costs(game: Game, player: str, costs: list[tuple[Obj, int]], what: str) -> None:
    """The total cost is locked in, then paid in full from the player's pool, or the declaration is illegal
    (ru-cr:508.1h, ru-cr:508.1j, ru-cr:509.1d, ru-cr:509.1f; sr-judge:C9.25, sr-judge:C10.24)."""
    from .mana import EMPTY_POOL, format_pool, spend

    total = sum(n for _o, n in costs)
    if not total:
        return
    event = f"{what}_cost"
    pool = game.players[player].mana
    paid = spend(pool, str(total))
    if paid is None:
        raise IllegalAction("{player} can't pay {total} to {what} with {names} (mana pool: {pool}); partial "
                            "payments are not allowed", game.rs.refs(event), key="cant_pay_combat", player=player,
                            total=total, names=", ".join(o.handle for o, n in costs if n),
                            what=Phrase("to_attack", "attack") if what == "attack" else Phrase("to_block", "block"),
                            pool=format_pool(pool) or EMPTY_POOL)
    game.players[player].mana, spent = paid
    game.say(event, game.rs.refs(event), player=player, paid=format_pool(spent),
             objs=", ".join(o.handle for o, n in costs if n))


# --- blocking -------------------------------------------------------------------------------------------

def _obeyed(game: Game, blocks: dict[int, tuple[Obj, ...]], lures: list[Obj], eager: set[int]) -> int:
    """Requirements obeyed: each blocker blocking each lure attacker, each eager blocker blocking at all."""
    count = 0
    for oid, attackers in blocks.items():
        count += sum(1 for a in attackers if a in lures)
        if oid in eager and attackers:
            count += 1
    return count


def block_problem(game: Game, blocks: dict[int, tuple[Obj, ...]]) -> Phrase | None:
    """The restriction a declaration of blocks breaks: menace and "can't be blocked except by two or more"
    (ru-cr:702.110b, ru-cr:509.1c; sr-judge:E1.50), "can't block alone", "no more than one can block"."""
    from .layers import chars

    per = Counter(a.oid for attackers in blocks.values() for a in attackers)
    for oid in per:
        attacker = game.objects[oid]
        if per[oid] == 1 and (chars(game, attacker).has("menace") or _has(game, attacker, "blocked_by_two")):
            return Phrase.said("blocked_by_two", "{name} can't be blocked except by two or more creatures",
                               name=attacker.handle)
    return _alone(game, [game.objects[oid] for oid, attackers in blocks.items() if attackers], "block")


def check_block_requirements(game: Game, chosen: list[tuple[Obj, Obj]]) -> None:
    """The declaration must obey as many requirements as the best legal one (ru-cr:509.1c, sr-judge:E1.40)."""
    from .combat import can_block_pair

    attackers = [o for o in game.battlefield() if o.attacking is not None]
    lures = [a for a in attackers if _has(game, a, "lure")]
    defenders = {a.attacking for a in attackers}
    candidates = [o for o in game.battlefield() if o.controller in defenders and "creature" in o.types
                  and not o.tapped and not block_cost(game, o)]  # ru-cr:509.1c: a cost is never required
    eager = {o.oid for o in candidates if _has(game, o, "blocks_each_combat")}
    declared: dict[int, tuple[Obj, ...]] = {}
    for blocker, attacker in chosen:
        declared[blocker.oid] = declared.get(blocker.oid, ()) + (attacker,)
    broken = block_problem(game, declared)
    if broken:  # ru-cr:509.1b sr-judge:E1.30
        raise IllegalAction("{problem}", game.rs.refs("block_restriction"), key="restriction", problem=broken)
    if not lures and not eager:
        return
    options = []
    for blocker in candidates:
        able = [a for a in attackers if can_block_pair(game, blocker, a)]
        if not game.rs.unrequired_help and blocker.oid not in eager:  # sr-judge:E1.50
            able = [a for a in able if a in lures]
        most = min(blocks_allowed(game, blocker), len(able))
        options.append([()] + [c for n in range(1, most + 1) for c in combinations(able, n)])
    size = 1
    for opts in options:
        size *= len(opts)
    if size > MAX_SEARCH:
        raise NotModelled("finding the blocks that obey the most requirements would try {size} declarations (limit "
                          "{limit})", game.rs.refs("block_requirement"), key="block_search", size=size,
                          limit=MAX_SEARCH)
    best = 0
    for pick in product(*options):
        blocks = {b.oid: p for b, p in zip(candidates, pick)}
        if block_problem(game, blocks) is None:
            best = max(best, _obeyed(game, blocks, lures, eager))
    have = _obeyed(game, declared, lures, eager)
    if have < best:  # ru-cr:509.1c sr-judge:E1.40
        raise IllegalAction("the blocks obey {have} blocking requirement(s) (lure, \"blocks each combat if able\"), "
                            "but {best} could be obeyed", game.rs.refs("block_requirement"), key="block_requirements",
                            have=have, best=best)


def check_multiple_blocks(game: Game, chosen: list[tuple[Obj, Obj]]) -> None:
    """A creature blocks one attacker unless an ability lets it block more (ru-cr:509.1a)."""
    per = Counter(b.oid for b, _a in chosen)
    for blocker, _a in chosen:
        allowed = blocks_allowed(game, blocker)
        if per[blocker.oid] > allowed:
            raise IllegalAction("{name} can block only {allowed} attacker(s); the file has it block {n}",
                                game.rs.refs("block_multiple"), key="block_too_many", name=blocker.handle,
                                allowed=allowed, n=per[blocker.oid])
