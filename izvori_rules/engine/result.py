"""The answer to a scenario, frozen (its JSON is built with every other command's, in :mod:`izvori_rules.serialize`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .layers import chars
from .mana import format_pool
from .state import Game


@dataclass(frozen=True, slots=True, eq=False)
class Step:
    """One narrated event: its kind, its text in the chosen language, and the rules behind it."""

    event: str
    text: str
    rules: tuple[str, ...]


@dataclass(frozen=True, slots=True, eq=False)
class Rejection:
    """Why the run stopped early: an illegal action (exit 4, or expected), or a refusal (exit 3)."""

    action: int | None
    kind: str  # illegal | not_modelled | missing_choice
    reason: str
    rules: tuple[str, ...]


@dataclass(frozen=True, slots=True, eq=False)
class Outcome:
    """One expectation, checked."""

    check: str
    expected: Any
    actual: Any
    passed: bool
    note: str = ""


@dataclass(frozen=True, slots=True, eq=False)
class PlayerState:
    """A player at the end: life, poison, cards left in the library, the mana pool, and each zone's objects."""

    name: str
    life: int
    poison: int
    library: int
    mana_pool: str
    zones: tuple[tuple[str, tuple[str, ...]], ...]


@dataclass(frozen=True, slots=True, eq=False)
class PermanentState:
    """A permanent at the end, by its key (its handle, ``#2`` for a second of that name): its characteristics
    after the layers, damage, tapped, counters and controller."""

    key: str
    power: int | None
    toughness: int | None
    damage: int
    tapped: bool
    counters: tuple[tuple[str, int], ...]
    keywords: tuple[str, ...]
    controller: str


@dataclass(frozen=True, slots=True, eq=False)
class FinalState:
    """The game at the end: the players, the permanents, the stack, who won or lost, and where the turn stopped."""

    players: tuple[PlayerState, ...]
    permanents: tuple[PermanentState, ...]
    stack: tuple[str, ...]
    winner: str | None
    losers: tuple[str, ...]
    turn: int
    step: str
    active: str
    priority: str | None


@dataclass(frozen=True, slots=True, eq=False)
class ScenarioResult:
    """Everything ``scenario run`` shows."""

    scenario: str
    ruleset: str
    question: str | None
    source: str
    steps: tuple[Step, ...]
    rejected: Rejection | None
    state: FinalState | None
    expectations: tuple[Outcome, ...]
    exit_status: int
    skipped: tuple[int, ...] = ()
    cited: tuple[str, ...] = ()

    @property
    def passed(self) -> bool:
        return self.exit_status == 0


def final_state(game: Game) -> FinalState:
    """A frozen picture of the game now."""
    players = tuple(
        PlayerState(p.name, p.life, p.poison, p.library + len(p.library_top) + len(p.library_bottom),
                    format_pool(p.mana),
                    tuple((zone, tuple(o.handle for o in game.in_zone(zone, p.name)))
                          for zone in ("hand", "graveyard", "exile", "battlefield")))
        for p in (game.players[n] for n in game.order))
    permanents = []
    seen: dict[str, int] = {}
    for obj in game.battlefield():
        seen[obj.handle] = seen.get(obj.handle, 0) + 1
        key = obj.handle if seen[obj.handle] == 1 else f"{obj.handle}#{seen[obj.handle]}"
        c = chars(game, obj)
        creature = "creature" in chars(game, obj).types
        permanents.append(PermanentState(
            key, c.power if creature else None, c.toughness if creature else None, obj.damage, obj.tapped,
            tuple(sorted((k, n) for k, n in obj.counters.items() if n > 0)), tuple(sorted(c.keywords)),
            obj.controller))
    winner = "draw" if game.draw_game else game.winner
    return FinalState(players, tuple(permanents), tuple(i.name for i in reversed(game.stack)), winner,
                      tuple(game.losers), game.turn, game.step, game.active, game.priority)
