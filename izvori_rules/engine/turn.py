"""Turn structure: steps, their turn-based actions, and the end of steps and phases.

Arriving in a step means: its turn-based actions done, triggered abilities put on the stack, and the active
player about to receive priority (ru-cr:116.3a, sr-judge:D9.13). Untap: the active player's permanents untap and
nobody gets priority (ru-cr:502.2, ru-cr:502.3; sr-judge:C3.10, sr-judge:C3.20). Draw: the active player draws
(ru-cr:504.1, sr-judge:C5.10). With no attackers the blockers and damage steps are skipped (ru-cr:508.8,
sr-judge:C9.40). Cleanup: damage wears off and "until end of turn" effects end (ru-cr:514.2, sr-judge:C15.20);
players get priority only if state-based actions or triggers happen, then another cleanup follows
(ru-cr:514.3a, sr-judge:C15.30). Mana empties at the end of each step and phase in mtg (ru-cr:500.4); in izvori
at the end of each phase, with mana burn of 10 life per unused mana (sr-judge:C1.30).
"""

from __future__ import annotations

from . import combat, layers, replacement
from .effects import draw_cards
from .events import BeginStep, Happened
from .pipeline import perform, tap
from .mana import format_pool, pool_size
from .sba import settle
from .spec import STEPS
from .state import Game
from .triggers import fire_delayed, fire_step

PHASE_END = ("draw", "main1", "end_of_combat", "main2", "cleanup")  # the last step of each phase
SKIPPABLE = ("untap", "upkeep", "draw", "end")  # steps a "skip" effect in the scenario format can name
MAX_HAND = 7


def arrive(game: Game, step: str) -> None:
    """Begin a step: its turn-based actions; then, unless a declaration is still to come, priority."""
    rs = game.rs
    game.step = step
    game.passes = 0
    game.priority = None
    game.arrivals += 1
    game.tick()
    if step == "combat_damage" and game.first_strike_step:
        game.say("step", rs.refs("step_combat_damage", "first_strike_step"), step=step, first_strike=True)
    else:
        game.say("step", rs.refs(f"step_{step}"), step=step, turn=game.turn, active=game.active)
    _TURN_BASED.get(step, _nothing)(game)
    if step == "untap":
        return  # ru-cr:502.3 sr-judge:C3.20: no priority; triggers wait for the upkeep
    if step == "cleanup":
        _cleanup_priority(game)
        return
    if game.declaring is None:
        finish_arrival(game)


def finish_arrival(game: Game) -> None:
    """State-based actions and triggers, then the active player receives priority (ru-cr:116.3a)."""
    settle(game)
    game.priority = game.active
    game.passes = 0


def _nothing(game: Game) -> None:
    return None


def _untap(game: Game) -> None:
    rs = game.rs
    untapped = []
    for obj in list(game.in_zone("battlefield", game.active)):
        obj.summoning_sick = False  # controlled continuously since the turn began
        if obj.tapped:
            tap(game, obj, False, "untap step", narrate=False)  # ru-cr:502.2 sr-judge:C3.10
            untapped.append(obj.handle)
    game.say("untap", rs.refs("untap", "summoning_sickness_ends"), player=game.active, objs=untapped)


def _upkeep(game: Game) -> None:
    fire_step(game, "upkeep")


def _draw(game: Game) -> None:
    draw_cards(game, game.active, 1, game.rs.refs("draw_step"))  # ru-cr:504.1 sr-judge:C5.10


def _beginning_of_combat(game: Game) -> None:
    game.attackers_declared = game.blockers_declared = game.attacked = False


def _declare_attackers(game: Game) -> None:
    game.declaring = "attackers"  # the `attack` action, or none, is the turn-based action (ru-cr:508.1)


def _declare_blockers(game: Game) -> None:
    game.declaring = "blockers"


def _combat_damage(game: Game) -> None:
    combat.combat_damage_step(game)


def _end_step(game: Game) -> None:
    fire_step(game, "end_step")


def _end_of_combat(game: Game) -> None:
    for obj in game.battlefield():  # ru-cr:511.2 sr-judge:C12.10
        from .triggers import fire

        fire(game, "end_of_combat", obj)
    fire_delayed(game, "end_of_combat")


def _cleanup(game: Game) -> None:
    rs = game.rs
    hand = game.in_zone("hand", game.active)
    if len(hand) > MAX_HAND:  # ru-cr:514.1 sr-judge:C15.10
        from .costs import discard_to_hand_size

        discard_to_hand_size(game, list(hand), MAX_HAND)
    damaged = [o.handle for o in game.battlefield() if o.damage]
    for obj in game.battlefield():
        obj.damage = 0  # ru-cr:514.2 sr-judge:C15.20
        obj.deathtouched = False
    ended = layers.end_of_turn(game) + len(game.shields)
    replacement.end_of_turn(game)
    if damaged or ended:
        game.say("cleanup", rs.refs("cleanup"), objs=damaged, effects=ended)


def _cleanup_priority(game: Game) -> None:
    if settle(game):  # ru-cr:514.3a sr-judge:C15.30
        game.cleanup_priority = True
        game.priority = game.active
        game.say("cleanup_priority", game.rs.refs("cleanup_priority"), player=game.active)


_TURN_BASED = {"untap": _untap, "upkeep": _upkeep, "draw": _draw, "beginning_of_combat": _beginning_of_combat,
               "declare_attackers": _declare_attackers, "declare_blockers": _declare_blockers,
               "combat_damage": _combat_damage, "end_of_combat": _end_of_combat, "end": _end_step,
               "cleanup": _cleanup}


def next_step(game: Game) -> None:
    """End the current step (and its phase) and arrive in the next one."""
    step = game.step
    _empty_pools(game, phase_end=step in PHASE_END)
    if step == "end_of_combat":
        combat.end_of_combat(game)
    following = _following(game, step)
    if following == "untap":
        _new_turn(game)
    while following in SKIPPABLE and not isinstance(perform(game, BeginStep(following, game.active)), Happened):
        following = _following(game, following)  # ru-cr:614.10 sr-judge:D20.65: skipped
    if following == "combat_damage" and not game.first_strike_step and step != "combat_damage":
        game.first_strike_step = combat.has_first_strike_step(game)
    elif step == "combat_damage":
        game.first_strike_step = False
    arrive(game, following)


def _following(game: Game, step: str) -> str:
    if step == "combat_damage" and game.first_strike_step:
        return "combat_damage"  # the second combat damage step (ru-cr:510.4, sr-judge:C11.50)
    if step == "declare_attackers" and not game.attacked:
        game.say("steps_skipped", game.rs.refs("steps_skipped"))
        return "end_of_combat"  # ru-cr:508.8 sr-judge:C9.40
    if step == "cleanup" and game.cleanup_priority:
        game.cleanup_priority = False
        return "cleanup"  # ru-cr:514.3a sr-judge:C15.30
    index = STEPS.index(step)
    return STEPS[(index + 1) % len(STEPS)]


def _new_turn(game: Game) -> None:
    game.active = game.next_player(game.active)
    game.turn += 1
    game.lands_played = 0
    game.attackers_declared = game.blockers_declared = game.attacked = False
    for obj in game.in_zone("battlefield", game.active):
        obj.summoning_sick = False  # controlled continuously since the turn began, untap step or not
    game.say("new_turn", game.rs.refs("new_turn"), player=game.active, turn=game.turn)


def _empty_pools(game: Game, phase_end: bool) -> None:
    rs = game.rs
    if rs.mana_empties == "phase" and not phase_end:
        return
    for name in game.alive:
        player = game.players[name]
        lost = pool_size(player.mana)
        if not lost:
            continue
        pool = format_pool(player.mana)
        player.mana.clear()
        if rs.mana_burn:  # sr-judge:C1.30: life loss, not damage; it does not use the stack
            player.life -= rs.mana_burn * lost
            game.say("mana_burn", rs.refs("mana_burn"), player=name, pool=pool, amount=rs.mana_burn * lost,
                     life=player.life)
        else:
            game.say("mana_empties", rs.refs("mana_empties"), player=name, pool=pool)  # ru-cr:500.4
