"""Priority: passing, resolving the top of the stack, ending steps, and loops that never end.

When every player passes in succession the top of the stack resolves and the active player receives priority;
with an empty stack the step ends (ru-cr:116.4, ru-cr:116.3b; sr-judge:D9.13, sr-judge:C1.20). Before any player
receives priority, state-based actions and triggers are handled (ru-cr:116.5, sr-judge:D9.12). After casting
or activating, the player keeps priority in mtg (ru-cr:116.3c) and it passes to the next player in izvori
(sr-judge:D9.13, sr-judge:D10.19).

While players only pass, the game is deterministic: if a state repeats, the game is in a loop of mandatory
actions and is a draw (ru-cr:104.4b, sr-judge:A3.42, sr-judge:D22.40).
"""

from __future__ import annotations

from typing import Any

from .combat import declare_attackers, declare_blockers
from ..errors import Phrase
from .errors import invalid
from .mana import format_pool
from .sba import settle
from .stack import resolve_top
from .state import Game
from .turn import finish_arrival, next_step

MAX_TURNS_AHEAD = 2


def declare_loop(game: Game, why: str) -> None:
    """A loop of mandatory actions: the game is a draw (ru-cr:104.4b, sr-judge:A3.42)."""
    game.say("loop", game.rs.refs("loop"), why=why)
    game.end(None, [], draw=True)


def settle_pending(game: Game) -> None:
    """A declaration still to come when something else happens means none was made."""
    if game.declaring == "attackers":
        declare_attackers(game, None)
        finish_arrival(game)
    elif game.declaring == "blockers":
        declare_blockers(game, None)
        finish_arrival(game)


def after_action(game: Game, player: str) -> None:
    """After a spell is cast or an ability activated: who receives priority next."""
    game.seen.clear()
    settle(game)
    game.passes = 0
    if game.rs.priority_after_cast == "caster":
        game.priority = player  # ru-cr:116.3c
    else:
        game.priority = game.next_player(player)  # sr-judge:D9.13 sr-judge:D10.19
    game.say("priority", game.rs.refs("priority_after_cast"), player=game.priority, after=player)


def pass_once(game: Game, quiet: bool = False) -> None:
    """The player with priority passes (a step without priority simply ends); ``quiet`` leaves the single
    pass out of the narration (the players pass in turn as part of a longer ``pass``)."""
    settle_pending(game)
    if game.priority is None:
        next_step(game)
        return
    player = game.priority
    pool = game.players[player].mana
    game.passes += 1  # ru-cr:116.3d sr-judge:D9.13
    if game.passes < len(game.alive):
        game.priority = game.next_player(player)
        if not quiet:
            game.say("pass", game.rs.refs("pass"), player=player, next=game.priority,
                     mana=format_pool(pool) if pool else "")
        return
    if not quiet:
        game.say("pass", game.rs.refs("pass"), player=player, next="", mana=format_pool(pool) if pool else "")
    _all_passed(game)


def _all_passed(game: Game) -> None:
    game.passes = 0
    if not game.stack:  # ru-cr:116.4 sr-judge:C1.20: all passed with an empty stack, the step ends
        game.say("step_ends", game.rs.refs("step_ends"), step=game.step)
        next_step(game)
        return
    resolve_top(game)  # ru-cr:116.4 sr-judge:D9.13
    settle(game)  # ru-cr:116.5 sr-judge:D9.12
    game.priority = game.active  # ru-cr:116.3b sr-judge:D9.13
    _watch_for_loop(game)


def _watch_for_loop(game: Game) -> None:
    state = fingerprint(game)
    if state in game.seen:  # ru-cr:104.4b sr-judge:A3.42
        declare_loop(game, "the same state came back while the players only passed")
    game.seen.add(state)


def fingerprint(game: Game) -> Any:
    """The parts of the state a loop repeats."""
    objs = tuple(sorted((o.handle, o.zone, o.controller, o.tapped, o.damage, tuple(sorted(o.counters.items())),
                         o.attached_to is not None) for o in game.objects.values()))
    stack = tuple((i.kind, i.name, i.controller, tuple(map(str, i.targets))) for i in game.stack)
    players = tuple((p.name, p.life, p.poison, p.library, format_pool(p.mana)) for p in game.players.values())
    return (game.step, game.active, game.priority, objs, stack, players, len(game.effects), len(game.shields))


def pass_until_resolved(game: Game) -> None:
    """All players pass in turn until the stack is empty."""
    settle_pending(game)
    while game.stack and not game.over:
        pass_once(game, quiet=True)


def pass_to_next_step(game: Game) -> None:
    """All players pass until the active player first has priority in the next step."""
    start = game.arrivals
    while game.arrivals == start:
        pass_once(game, quiet=True)


def pass_until(game: Game, step: str, line: int, source: str) -> None:
    """All players pass until the given step (this turn, or the next if it is past); the first of two damage
    steps counts."""
    start_turn = game.turn
    start = game.arrivals
    while not (game.arrivals > start and game.step == step):
        if game.turn - start_turn >= MAX_TURNS_AHEAD:
            raise invalid(source, line, "pass", Phrase.said(
                "step_not_reached", "the step {step} is not reached this turn or the next (is it skipped?)", step=step))
        pass_once(game, quiet=True)


def pass_before(game: Game, player: str, line: int, source: str, what: str) -> None:
    """An action by a player who does not hold priority: the players before them pass, which must neither
    resolve the stack nor end the step."""
    settle_pending(game)
    if game.priority is None:
        raise invalid(source, line, what, Phrase.said("no_priority", "no player has priority in the {step} step",
                                                      step=game.step))
    while game.priority != player:
        if game.passes + 1 >= len(game.alive):
            if game.stack:
                raise invalid(source, line, what, Phrase.said("passes_resolve", "{player} does not hold priority, "
                              "and the passes before them would resolve the stack; add the pass actions that lead to "
                              "it", player=player))
            raise invalid(source, line, what, Phrase.said("passes_end", "{player} does not hold priority, and the "
                          "passes before them would end the step; add the pass actions that lead to it",
                          player=player))
        pass_once(game)
