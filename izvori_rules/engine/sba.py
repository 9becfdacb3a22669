"""State-based actions: checked whenever a player would receive priority, all at once, repeated until none
apply; then waiting triggered abilities go on the stack, and the whole repeats (ru-cr:704.3, ru-cr:116.5;
sr-judge:D21.30, sr-judge:D9.12).

Modelled: ru-cr:704.5a–d, 704.5f–h, 704.5j, 704.5m, 704.5n, 704.5q; sr-judge:D21.51–D21.56, D21.58, D21.59
(D21.57 and 704.5e need copies, 704.5i planeswalkers, 704.5k the world rule, 704.5r–s sagas: not modelled).
"""

from __future__ import annotations

from ..errors import Phrase
from .errors import NotModelled
from .layers import chars, is_creature
from .pipeline import destroy, put_into_graveyard
from .state import Game, Obj

AURA = ("aura", "oreol")
EQUIPMENT = ("equipment", "oprema")


def has_subtype(obj: Obj, names: tuple[str, ...]) -> bool:
    return any(s.casefold() in names for s in obj.subtypes)


def settle(game: Game) -> bool:
    """State-based actions, then triggers onto the stack, until neither happens (ru-cr:116.5, sr-judge:D9.12).

    Returns whether anything happened."""
    from .triggers import stack_pending

    happened = False
    while True:
        while check(game):
            happened = True
            game.tick()
        if not stack_pending(game):
            return happened
        happened = True
        game.tick()


def check(game: Game) -> bool:
    """One simultaneous check; True if any state-based action was performed."""
    rs = game.rs
    losers = _losers(game)
    creatures = [o for o in game.battlefield() if is_creature(o, game)]
    stats = {o.oid: chars(game, o) for o in creatures}
    zero = [o for o in creatures if stats[o.oid].toughness <= 0]  # ru-cr:704.5f sr-judge:D21.52
    lethal = [o for o in creatures if 0 < stats[o.oid].toughness <= o.damage]  # ru-cr:704.5g sr-judge:D21.53
    touched = [o for o in creatures if o.deathtouched and stats[o.oid].toughness > 0 and o not in lethal
               and rs.has_keyword("deathtouch")]  # ru-cr:704.5h
    lethal, touched = _not_indestructible(game, lethal, stats), _not_indestructible(game, touched, stats)
    tokens = [o for o in game.objects.values() if o.token and o.zone not in ("battlefield",)]  # ru-cr:704.5d
    auras, equipment = _attachments(game)
    legends = _legend_groups(game) if rs.legend_rule else []
    counters = _counter_pairs(game)
    from .planeswalkers import zero_loyalty

    walkers = zero_loyalty(game)
    if not (losers or zero or lethal or touched or tokens or auras or equipment or legends or counters or walkers):
        return False
    from .layers import snapshot

    game.lookback = [snapshot(game, o) for o in game.battlefield()]  # ru-cr:704.3: all at once
    for obj in walkers:
        put_into_graveyard(game, obj, "loyalty", rs.refs("sba_loyalty"))  # ru-cr:704.5i
    for obj in zero:
        put_into_graveyard(game, obj, "toughness", rs.refs("sba_toughness"))
    for obj in lethal:
        destroy(game, obj, why="lethal", rules=rs.refs("sba_lethal"))
    for obj in touched:
        obj.deathtouched = False
        destroy(game, obj, why="deathtouch", rules=rs.refs("sba_deathtouch"))
    for obj in tokens:
        del game.objects[obj.oid]
        game.changed()
        game.say("token_gone", rs.refs("sba_token"), obj=obj.handle, zone=obj.zone)
    for obj in auras:
        put_into_graveyard(game, obj, "aura", rs.refs("sba_aura"))
    for obj in equipment:
        obj.attached_to = None  # ru-cr:704.5n sr-judge:D21.58
        game.say("unattached", rs.refs("sba_equipment"), obj=obj.handle)
    for player, group in legends:
        _legend_rule(game, player, group)
    for obj, n in counters:  # ru-cr:704.5q sr-judge:D21.59
        obj.counters[rs.plus_counter] -= n
        obj.counters[rs.minus_counter] -= n
        obj.counters = +obj.counters
        game.say("counters_cancel", rs.refs("sba_counters"), obj=obj.handle, n=n,
                 plus=rs.plus_counter, minus=rs.minus_counter)
    game.lookback = []
    if losers:
        _lose(game, losers)
    return True


def _not_indestructible(game: Game, objs: list[Obj], stats: dict) -> list[Obj]:
    """Indestructible creatures ignore the lethal-damage actions (ru-cr:702.12b); said once per damage."""
    out = []
    for obj in objs:
        if not stats[obj.oid].has("indestructible"):
            out.append(obj)
        elif (obj.ref, obj.damage) not in game.noted:
            game.noted.add((obj.ref, obj.damage))
            game.say("indestructible", game.rs.refs("kw:indestructible"), obj=obj.handle)
    return out


def _losers(game: Game) -> list[tuple[str, str]]:
    out = []
    for name in game.alive:
        p = game.players[name]
        if p.life <= 0:  # ru-cr:704.5a sr-judge:D21.51
            out.append((name, "sba_life"))
        elif p.drew_from_empty:  # ru-cr:704.5b sr-judge:D21.56
            out.append((name, "sba_draw_empty"))
        elif game.rs.poison and p.poison >= 10:  # ru-cr:704.5c
            out.append((name, "sba_poison"))
    return out


def _lose(game: Game, losers: list[tuple[str, str]]) -> None:
    rs = game.rs
    for name, why in losers:
        game.players[name].lost = True
        game.say("lose", rs.refs(why, "lose"), player=name, why=why, life=game.players[name].life)
    alive = game.alive
    if not alive:  # ru-cr:104.4a sr-judge:A3.41
        game.say("game_draw", rs.refs("game_draw"))
        game.end(None, [n for n, _w in losers], draw=True)
    if len(alive) == 1:  # ru-cr:104.2a sr-judge:A3.21
        game.say("win", rs.refs("win"), player=alive[0])
        game.end(alive[0], [p for p in game.order if p != alive[0]])
    from .multiplayer import leave

    for name, _why in losers:  # ru-cr:800.4a sr-judge:A3.50
        leave(game, name)


def _attachments(game: Game) -> tuple[list[Obj], list[Obj]]:
    auras, equipment = [], []
    for obj in game.battlefield():
        aura, equip = has_subtype(obj, AURA), has_subtype(obj, EQUIPMENT)
        if not (aura or equip):
            continue
        host = game.get(obj.attached_to)
        legal = host is not None and host.zone == "battlefield" and (equip is False or is_creature(host, game))
        if legal and host is not None and chars(game, host).protection_from(obj.colors):
            legal = False  # ru-cr:702.16c ru-cr:702.16d sr-judge:E3.23 sr-judge:E3.24
        if aura and not legal:
            auras.append(obj)
        elif equip and obj.attached_to is not None and not legal:
            equipment.append(obj)
    return auras, equipment


def _counter_pairs(game: Game) -> list[tuple[Obj, int]]:
    rs = game.rs
    out = []
    for obj in game.battlefield():
        n = min(obj.counters.get(rs.plus_counter, 0), obj.counters.get(rs.minus_counter, 0))
        if n > 0:
            out.append((obj, n))
    return out


def _legend_groups(game: Game) -> list[tuple[str, list[Obj]]]:
    groups: dict[tuple[str, str], list[Obj]] = {}
    for obj in game.battlefield():
        values = obj.copied if obj.copied is not None else obj  # a copy has the copied supertypes (ru-cr:706.2)
        if "legendary" in values.supertypes:
            groups.setdefault((obj.controller, chars(game, obj).name), []).append(obj)
    return [(player, objs) for (player, _n), objs in groups.items() if len(objs) > 1]


def _legend_rule(game: Game, player: str, group: list[Obj]) -> None:
    """The 2019 legend rule: the controller keeps one, the rest go to the graveyard (ru-cr:704.5j)."""
    rules = game.rs.refs("sba_legend")
    chosen = game.choices.targets(player, Phrase.said("choosing_legend", "the legend rule ({name}: the one to keep)",
                                                      name=group[0].name), rules)
    keep = next((o for o in group if o.handle in chosen or o.name in chosen), None)
    if keep is None:
        raise NotModelled("{player}'s choice for the legend rule names none of {names}", rules, key="legend_none",
                          player=player, names=", ".join(o.handle for o in group))
    for obj in group:
        if obj is not keep:
            put_into_graveyard(game, obj, "legend", rules)
