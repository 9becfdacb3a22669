"""Combat: declaring attackers and blockers with their restrictions, and the combat damage steps.

Attackers (ru-cr:508.1a, ru-cr:508.1f; sr-judge:C9.21, sr-judge:C9.22): untapped creatures of the active player
that it has controlled since the turn began unless they have haste, without defender; they tap unless they
have vigilance. Blockers (ru-cr:509.1a; sr-judge:C10.21, sr-judge:C10.25): untapped creatures of the defending
player, each blocking one attacker, within flying/reach, fear, landwalk, protection and menace. Damage: one step,
or a first-strike step and a second step (ru-cr:510.4, ru-cr:702.4b; sr-judge:C11.50, sr-judge:E3.62); in mtg it
is dealt at once (ru-cr:510.2); in izvori it is put on the stack as one object and dealt when that resolves,
as assigned, even if a source has left (sr-judge:C11.10, sr-judge:C11.40, sr-judge:C11.41).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from . import assignment
from .damage import deal_damage, source_info
from ..errors import Phrase
from .errors import IllegalAction, illegal
from .events import Snapshot
from .keywords import land_type
from .layers import chars, is_creature
from .spec import Action
from .state import Game, Obj, StackItem


# --- declare attackers ------------------------------------------------------------------------------------

def declare_attackers(game: Game, action: Action | None) -> None:
    """The active player declares attackers (a turn-based action; none if ``action`` is None)."""
    rs = game.rs
    pairs = action.pairs if action is not None else ()
    chosen: list[tuple[Obj, str]] = []
    walkers: dict[int, Obj] = {}  # attacker's oid → the planeswalker it attacks
    for name, player in pairs:
        obj = game.one(name, ("battlefield",), action.line if action else 0, "attack")
        walker = None
        if player not in game.players:  # ru-cr:508.1b: a planeswalker
            from .planeswalkers import attacked_walker

            walker = attacked_walker(game, name, player, action.line if action else 0)
            player = walker.controller
        attacker = _check_attacker(game, name, obj, player)
        if walker is not None:
            walkers[attacker.oid] = walker
        chosen.append((attacker, player))
    from . import requirements

    requirements.check_attack(game, [o for o, _p in chosen])
    requirements.pay_combat_costs(game, game.active, [(o, requirements.attack_cost(game, o, p, o.oid in walkers))
                                                      for o, p in chosen], "attack")  # ru-cr:508.1h sr-judge:C9.23
    defenders = {p for _o, p in chosen}
    if len(defenders) > 1 and not rs.multiple_defenders:  # sr-judge:C7.30
        raise illegal("{player} may attack only one opponent in a combat", game, "illegal_attack_player",
                      key="attack_one_opponent", player=game.active)
    game.declaring = None
    game.attackers_declared = True
    game.attacked = bool(chosen)
    if not chosen:
        game.say("no_attackers", rs.refs("no_attackers"), player=game.active)
        return
    vigilant = []
    from .pipeline import tap

    for obj, player in chosen:
        obj.attacking = player
        obj.attacking_pw = walkers[obj.oid].ref if obj.oid in walkers else None
        if "vigilance" in chars(game, obj).keywords:  # ru-cr:702.20b sr-judge:E3.82
            vigilant.append(obj.handle)
        else:
            tap(game, obj, True, "attack", narrate=False)  # ru-cr:508.1f sr-judge:C9.22
    refs = rs.refs("declare_attackers") + (rs.refs("attack_walker") if walkers else ())
    game.say("declare_attackers", refs + (rs.refs("kw:vigilance") if vigilant else ()), player=game.active,
             attackers=[[o.handle, walkers[o.oid].handle if o.oid in walkers else p] for o, p in chosen],
             vigilant=vigilant)
    from .triggers import fire

    for obj, _p in chosen:
        fire(game, "attacks", obj)


def _check_attacker(game: Game, name: str, obj: Obj | None, player: str) -> Obj:
    if obj is None:
        raise illegal("{name} is not on the battlefield, so it can't attack", game, "illegal_attack",
                      key="attack_not_in_play", name=name)
    c = chars(game, obj)
    if not is_creature(obj, game) or obj.controller != game.active:
        raise illegal("{name} can't attack: only creatures {player} controls can", game, "illegal_attack",
                      key="attack_not_own", name=name, player=game.active)
    if player not in game.players or player == game.active or game.players[player].lost:
        raise illegal("{name} can't attack {player}: it must attack an opponent", game, "illegal_attack_player",
                      key="attack_not_opponent", name=name, player=player)
    if obj.tapped:
        raise illegal("{name} is tapped and can't attack", game, "illegal_attack", key="attack_tapped", name=name)
    if obj.summoning_sick and not c.has("haste"):
        raise illegal("{name} has not been under {player}'s control since the turn began (summoning sickness) and "
                      "has no haste", game, "illegal_attack", "kw:haste", key="attack_sick", name=name,
                      player=game.active)
    if c.has("defender"):  # ru-cr:702.3b
        raise illegal("{name} has defender and can't attack", game, "kw:defender", key="attack_defender", name=name)
    from .requirements import attack_restriction

    restricted = attack_restriction(game, obj)
    if restricted:  # ru-cr:508.1c sr-judge:E1.20
        raise illegal("{problem}", game, "attack_restriction", key="restriction", problem=restricted)
    return obj


def can_attack_alone(game: Game, obj: Obj) -> bool:
    """Whether the creature could be declared as an attacker (for "attacks each combat if able")."""
    opponent = next((p for p in game.opponents(game.active)), None)
    if opponent is None or obj.controller != game.active or not is_creature(obj):
        return False
    try:
        _check_attacker(game, obj.handle, obj, opponent)
    except IllegalAction:
        return False
    return True


def can_block_pair(game: Game, blocker: Obj, attacker: Obj) -> bool:
    """Whether the creature could block that attacker, taken alone (for blocking requirements)."""
    try:
        _check_block(game, blocker.handle, blocker, attacker.handle, attacker)
    except IllegalAction:
        return False
    return True


# --- declare blockers -------------------------------------------------------------------------------------

def declare_blockers(game: Game, action: Action | None) -> None:
    """The defending players declare blockers (none if ``action`` is None)."""
    rs = game.rs
    pairs = action.pairs if action is not None else ()
    line = action.line if action else 0
    chosen: list[tuple[Obj, Obj]] = []
    for name, attacker_name in pairs:
        blocker = game.one(name, ("battlefield",), line, "block")
        attacker = game.one(attacker_name, ("battlefield",), line, "block")
        chosen.append(_check_block(game, name, blocker, attacker_name, attacker))
    _check_menace(game, chosen)
    from . import requirements

    requirements.check_multiple_blocks(game, chosen)
    requirements.check_block_requirements(game, chosen)
    for defender in dict.fromkeys(b.controller for b, _a in chosen):  # ru-cr:509.1d sr-judge:C10.22
        blockers = list({b.oid: b for b, _a in chosen if b.controller == defender}.values())
        requirements.pay_combat_costs(game, defender, [(b, requirements.block_cost(game, b)) for b in blockers],
                                      "block")
    game.declaring = None
    game.blockers_declared = True
    for blocker, attacker in chosen:
        if blocker.blocking is None:
            blocker.blocking = attacker.ref  # ru-cr:509.1g sr-judge:C10.25
        else:
            blocker.blocking_more.append(attacker.ref)  # ru-cr:509.1a
        attacker.blockers.append(blocker.ref)
        attacker.blocked = True  # ru-cr:509.1h sr-judge:C10.26
    if not chosen:
        game.say("no_blockers", rs.refs("no_blockers"))
        return
    game.say("declare_blockers", rs.refs("declare_blockers"), blocks=[[b.handle, a.handle] for b, a in chosen])
    from .triggers import fire

    for blocker, _a in chosen:
        fire(game, "blocks", blocker)
    for attacker in {a.oid: a for _b, a in chosen}.values():
        fire(game, "becomes_blocked", attacker)  # ru-cr:509.1h sr-judge:D11.93


def _check_block(game: Game, name: str, blocker: Obj | None, attacker_name: str, attacker: Obj | None
                 ) -> tuple[Obj, Obj]:
    if attacker is None or attacker.attacking is None:
        raise illegal("{name} can't block {attacker}: it is not attacking", game, "illegal_block",
                      key="block_not_attacking", name=name, attacker=attacker_name)
    if blocker is None or not is_creature(blocker, game):
        raise illegal("{name} is not a creature on the battlefield and can't block", game, "illegal_block",
                      key="block_not_creature", name=name)
    if blocker.controller != attacker.attacking:
        raise illegal("{name} can't block {attacker}: {attacker} attacks {defender}, not {controller}", game,
                      "illegal_block", key="block_other_player", name=name, attacker=attacker_name,
                      defender=str(attacker.attacking), controller=blocker.controller)
    if blocker.tapped:
        raise illegal("{name} is tapped and can't block", game, "illegal_block", key="block_tapped", name=name)
    from .requirements import block_restriction

    restricted = block_restriction(game, blocker)
    if restricted:  # ru-cr:509.1b sr-judge:E1.30
        raise illegal("{problem}", game, "block_restriction", key="restriction", problem=restricted)
    a, b = chars(game, attacker), chars(game, blocker)
    if a.has("flying") and not (b.has("flying") or b.has("reach")):  # ru-cr:702.9b sr-judge:E3.72
        raise IllegalAction("{blocker} can't block {attacker}, which has flying: it has neither flying nor reach",
                            game.rs.refs("kw:flying", "kw:reach"), key="combat_flying", blocker=name,
                            attacker=attacker_name)
    if a.has("fear") and not ("artifact" in b.types or "black" in b.colors):  # ru-cr:702.35b sr-judge:E3.32
        raise IllegalAction("{blocker} can't block {attacker}, which has fear: it is neither black nor an artifact",
                            game.rs.refs("kw:fear"), key="combat_fear", blocker=name, attacker=attacker_name)
    for land in sorted(k.partition(":")[2] for k in a.keywords if k.startswith("landwalk:")):
        if _controls_land(game, blocker.controller, land):  # ru-cr:702.14c sr-judge:E3.42
            raise illegal("{attacker} has {land}walk and {controller} controls a {land}: it can't be blocked", game,
                          "kw:landwalk", key="block_landwalk", attacker=attacker_name, land=land,
                          controller=blocker.controller)
    if a.protection_from(b.colors):  # ru-cr:702.16f sr-judge:E3.26
        colour = next(c for c in b.colors if a.protection_from((c,)))  # the blocker's colour it protects from
        raise IllegalAction("{attacker} has protection from {colour}: {blocker} can't block it",
                            game.rs.refs("kw:protection_block"), key="combat_protection_block",
                            attacker=attacker_name, colour=Phrase(f"colour_{colour}", colour), blocker=name)
    return blocker, attacker


def _controls_land(game: Game, player: str, land: str) -> bool:
    return any("land" in o.types and any(land_type(s) == land for s in o.subtypes)
               for o in game.in_zone("battlefield", player))


def _check_menace(game: Game, chosen: list[tuple[Obj, Obj]]) -> None:
    count = Counter(a.oid for _b, a in chosen)
    for _b, attacker in chosen:
        if chars(game, attacker).has("menace") and count[attacker.oid] < 2:  # ru-cr:702.110b
            raise illegal("{name} has menace and can't be blocked except by two or more creatures", game,
                          "kw:menace", key="block_menace", name=attacker.handle)


def order_blockers(game: Game, action: Action) -> None:
    """The attacking player's damage assignment order (ru-cr:509.2); izvori has none (sr-judge:C11.23)."""
    rs = game.rs
    for attacker_name, names in action.orders:
        attacker = game.one(attacker_name, ("battlefield",), action.line, "order_blockers")
        if attacker is None or not attacker.blocked:
            raise illegal("{name} is not a blocked attacker", game, "illegal_order", key="order_not_blocked",
                          name=attacker_name)
        current = {game.describe(r): r for r in attacker.blockers}
        if sorted(names) != sorted(current):
            raise illegal("the order for {name} must list each of its blockers ({blockers}) once", game,
                          "illegal_order", key="order_each_blocker", name=attacker_name, blockers=", ".join(current))
        attacker.blockers = [current[n] for n in names]
        game.say("damage_order", rs.refs("damage_order"), attacker=attacker.handle, order=list(names),
                 has_order=rs.damage_assignment_order)


def record_assignment(game: Game, action: Action) -> None:
    """Keep the file's division of damage for the next combat damage step in which the creature assigns."""
    for name, split in action.assignments:
        obj = game.one(name, ("battlefield",), action.line, "assign_damage")
        if obj is None or (obj.attacking is None and obj.blocking is None):
            raise illegal("{name} is not in combat and assigns no combat damage", game, "illegal_assign",
                          key="assign_not_in_combat", name=name)
        game.assignments[obj.oid] = (action.index, split)


# --- combat damage ----------------------------------------------------------------------------------------

def in_combat(game: Game) -> list[Obj]:
    return [o for o in game.battlefield() if o.attacking is not None or o.blocking is not None]


def has_first_strike_step(game: Game) -> bool:
    """Whether this combat has a first-strike damage step (ru-cr:510.4, sr-judge:C11.50)."""
    return any(chars(game, o).has("first_strike") or chars(game, o).has("double_strike") for o in in_combat(game))


def combat_damage_step(game: Game) -> None:
    """Assign combat damage as the step begins; deal it (mtg) or put it on the stack (izvori)."""
    rs = game.rs
    creatures = in_combat(game)
    if game.first_strike_step:
        game.say("first_strike_step", rs.refs("first_strike_step"), first=True)
        dealers = [o for o in creatures if _strikes(game, o, first=True)]
    else:
        dealers = [o for o in creatures if _strikes(game, o, first=False)]
    splits = _assign_all(game, dealers)
    if game.first_strike_step:
        assigned = {obj.oid for obj, split in splits if any(n > 0 for _t, n in split)}
        for obj in dealers:
            # mtg: a creature that had first strike as the first step began (ru-cr:702.7b); izvori: one that
            # assigned combat damage in it (sr-judge:C11.50, sr-judge:E3.62)
            obj.struck_first = rs.second_damage_step == "had_first_strike" or obj.oid in assigned
    entries = [(source_info(game, obj), to, n) for obj, split in splits for to, n in split if n > 0]
    if rs.combat_damage_on_stack and entries:  # sr-judge:C11.10 sr-judge:D9.17
        item = StackItem(game.new_id(), "combat_damage", "combat damage", game.active)
        item.damage = entries
        game.stack.append(item)
        game.say("combat_damage_on_stack", rs.refs("combat_damage_on_stack"),
                 entries=[[e.name, game.describe(t), n] for e, t, n in entries])
        return
    deal_combat_damage(game, entries)  # ru-cr:510.2


def _strikes(game: Game, obj: Obj, first: bool) -> bool:
    c = chars(game, obj)
    if first:
        return c.has("first_strike") or c.has("double_strike")
    if not obj.struck_first:
        return True
    return c.has("double_strike") and game.rs.has_keyword("double_strike")  # ru-cr:702.4b


def _assign_all(game: Game, dealers: list[Obj]) -> list[tuple[Obj, list[tuple[Any, int]]]]:
    """Attackers first (the active player announces first, ru-cr:510.1), then blockers."""
    rs = game.rs
    pending: Counter[int] = Counter()
    out = []
    for obj in [o for o in dealers if o.attacking is not None] + [o for o in dealers if o.blocking is not None]:
        given = game.assignments.pop(obj.oid, None)
        index, split_given = (given if given is not None else (0, None))
        try:
            if obj.attacking is not None:
                split, event = assignment.attacker_split(game, obj, split_given, pending, index)
            else:
                split, event = assignment.blocker_split(game, obj, split_given, index)
        except IllegalAction as exc:
            exc.action = index  # type: ignore[attr-defined]
            raise
        extra = _keyword_rules(game, obj, event, split)
        game.say("assign", rs.refs(event) + extra, source=obj.handle, how=event,
                 split=[[game.describe(t), n] for t, n in split], given=given is not None)
        out.append((obj, split))
    return out


def _keyword_rules(game: Game, obj: Obj, event: str, split: list[tuple[Any, int]]) -> tuple[str, ...]:
    rs, c = game.rs, chars(game, obj)
    extra: tuple[str, ...] = ()
    if event == "assign_blocked" and c.has("trample"):
        extra += rs.refs("kw:trample")
    if event == "assign_blocked" and c.has("deathtouch"):
        extra += rs.refs("kw:deathtouch_lethal")
    if event == "trample_no_blockers":
        extra += rs.refs("kw:trample_no_blockers")
    return extra


def deal_combat_damage(game: Game, entries: list[tuple[Snapshot, Any, int]]) -> None:
    """All combat damage at once; each source's "deals combat damage" triggers once."""
    dealt: dict[tuple[int, int], Snapshot] = {}
    for info, to, n in entries:
        if deal_damage(game, info, to, n, combat=True) > 0:
            dealt[info.ref] = info
    from .triggers import fire

    for ref in dealt:
        obj = game.get(ref)
        if obj is not None and obj.zone == "battlefield":
            fire(game, "deals_combat_damage", obj)


def resolve_combat_damage(game: Game, item: StackItem) -> None:
    """izvori: the combat damage object resolves, dealt as assigned (sr-judge:C11.40, sr-judge:C11.41)."""
    game.say("resolve_combat_damage", game.rs.refs("combat_damage"))
    deal_combat_damage(game, item.damage)


def end_of_combat(game: Game) -> None:
    """As the end of combat step ends, every creature leaves combat (ru-cr:511.3, sr-judge:C12.20)."""
    creatures = in_combat(game)
    for obj in game.battlefield():
        obj.leave_combat()
        obj.struck_first = False
    game.assignments.clear()
    if creatures:
        game.say("remove_from_combat", game.rs.refs("remove_from_combat"), objs=[o.handle for o in creatures])
