"""The answer to a scenario, frozen, and its one serialiser to JSON (the shape the issue specifies)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .layers import chars
from .mana import format_pool
from .state import Game


@dataclass(frozen=True, slots=True)
class Step:
    """One narrated event: its kind, its text in the chosen language, and the rules behind it."""

    event: str
    text: str
    rules: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Rejection:
    """Why the run stopped early: an illegal action (exit 4, or expected), or a refusal (exit 3)."""

    action: int | None
    kind: str  # illegal | not_modelled | missing_choice
    reason: str
    rules: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Outcome:
    """One expectation, checked."""

    check: str
    expected: Any
    actual: Any
    passed: bool
    note: str = ""


@dataclass(frozen=True, slots=True)
class PlayerState:
    name: str
    life: int
    poison: int
    library: int
    mana_pool: str
    zones: tuple[tuple[str, tuple[str, ...]], ...]


@dataclass(frozen=True, slots=True)
class PermanentState:
    key: str
    power: int | None
    toughness: int | None
    damage: int
    tapped: bool
    counters: tuple[tuple[str, int], ...]
    keywords: tuple[str, ...]
    controller: str


@dataclass(frozen=True, slots=True)
class FinalState:
    players: tuple[PlayerState, ...]
    permanents: tuple[PermanentState, ...]
    stack: tuple[str, ...]
    winner: str | None
    losers: tuple[str, ...]
    turn: int
    step: str
    active: str
    priority: str | None


@dataclass(frozen=True, slots=True)
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

    def to_json(self) -> dict[str, Any]:
        return {
            "scenario": self.scenario, "ruleset": self.ruleset, "question": self.question, "passed": self.passed,
            "exit_status": self.exit_status,
            "steps": [{"event": s.event, "text": s.text, "rules": list(s.rules)} for s in self.steps],
            "rejected": None if self.rejected is None else {
                "action": self.rejected.action, "kind": self.rejected.kind, "reason": self.rejected.reason,
                "rules": list(self.rejected.rules)},
            "state": None if self.state is None else _state_json(self.state),
            "expectations": [{"check": o.check, "expected": _plain(o.expected), "actual": _plain(o.actual),
                              "passed": o.passed, **({"note": o.note} if o.note else {})} for o in self.expectations],
            "skipped": list(self.skipped),
        }


def _plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value


def _state_json(state: FinalState) -> dict[str, Any]:
    return {
        "players": {p.name: {"life": p.life, "poison": p.poison, "library": p.library, "mana_pool": p.mana_pool,
                             **{zone: list(names) for zone, names in p.zones}} for p in state.players},
        "permanents": {p.key: {"power": p.power, "toughness": p.toughness, "damage": p.damage, "tapped": p.tapped,
                               "counters": dict(p.counters), "keywords": list(p.keywords),
                               "controller": p.controller} for p in state.permanents},
        "stack": list(state.stack), "winner": state.winner, "losers": list(state.losers),
        "turn": state.turn, "step": state.step, "active": state.active, "priority": state.priority,
    }


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
