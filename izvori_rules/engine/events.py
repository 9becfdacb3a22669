"""What happens in a game, as types: every zone change, destruction, damage, life change, draw, counter
placement, tap or untap and the start of a step is one frozen event, passed through one pipeline
(:mod:`.pipeline`), where replacement and prevention effects see the typed event and may change it before it
happens (ru-cr:614.1, ru-cr:616.1; sr-judge:D20.10, sr-judge:D20.91).

A :class:`Snapshot` is an object's last known information (ru-cr:608.2g, ru-cr:603.10; sr-judge:D11.104): what it
was as it was last seen, so that a source that has left still deals its damage and a "leaves the battlefield"
trigger looks back at the object as it was.
"""

from __future__ import annotations

from dataclasses import dataclass

from .spec import Ability

ObjRef = tuple[int, int]  # (oid, epoch)
Target = str | ObjRef  # a player's name, or an object


@dataclass(frozen=True, slots=True, eq=False)
class Snapshot:
    """An object as it was last seen (its characteristics after the layers)."""

    name: str
    ref: ObjRef
    controller: str
    owner: str = ""
    colors: tuple[str, ...] = ()
    keywords: frozenset[str] = frozenset()
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    power: int = 0
    toughness: int = 0
    abilities: tuple[Ability, ...] = ()
    zone: str = ""
    token: bool = False
    damage: int = 0
    card_name: str = ""

    def has(self, keyword: str) -> bool:
        return keyword in self.keywords


@dataclass(frozen=True, slots=True, eq=False)
class ZoneChange:
    """An object moves from one zone to another (ru-cr:400.7: it becomes a new object).

    ``cause`` says why (destroy, lethal, sacrifice, exile, bounce, ...) for the narration; ``tapped`` and
    ``counters`` are how it enters the battlefield (ru-cr:614.1c, ru-cr:614.12; sr-judge:D20.12)."""

    obj: ObjRef
    origin: str
    to: str
    cause: str
    tapped: bool = False
    counters: tuple[tuple[str, int], ...] = ()
    controller: str | None = None  # enters under this player's control (default: its owner, or the caster)
    bottom: bool = False  # to a library: its bottom instead of its top
    copy_of: ObjRef | None = None  # enters as a copy of this permanent (ru-cr:706.5, sr-judge:E4.40)
    narrate: bool = True
    rules: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True, eq=False)
class Destroy:
    """A permanent would be destroyed (ru-cr:701.7a); regeneration replaces it (ru-cr:701.14a, sr-judge:D20.62)."""

    obj: ObjRef
    why: str = "destroy"
    can_regenerate: bool = True
    rules: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True, eq=False)
class Damage:
    """A source deals damage to a player or a creature (ru-cr:119.3, sr-judge:D18.10)."""

    source: Snapshot
    to: Target
    amount: int
    combat: bool = False
    preventable: bool = True  # false: "damage can't be prevented" (ru-cr:615.12)


@dataclass(frozen=True, slots=True, eq=False)
class LifeChange:
    """A player gains (``amount`` > 0) or loses life (ru-cr:118.3, sr-judge:D18.10)."""

    player: str
    amount: int
    why: str = ""
    rules: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True, eq=False)
class Draw:
    """A player draws one card (ru-cr:120.2, sr-judge:D16.10)."""

    player: str
    rules: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True, eq=False)
class PutCounters:
    """Counters are put on an object (ru-cr:121.1, sr-judge:B1.90)."""

    obj: ObjRef
    counters: tuple[tuple[str, int], ...]
    why: str = ""


@dataclass(frozen=True, slots=True, eq=False)
class Tap:
    """A permanent becomes tapped, or untapped (ru-cr:701.20, sr-judge:D18.10)."""

    obj: ObjRef
    tapped: bool = True
    why: str = ""
    narrate: bool = True


@dataclass(frozen=True, slots=True, eq=False)
class BeginStep:
    """A player's step would begin; "skip" effects replace it (ru-cr:614.10, sr-judge:D20.65)."""

    step: str
    player: str


GameEvent = ZoneChange | Destroy | Damage | LifeChange | Draw | PutCounters | Tap | BeginStep


@dataclass(frozen=True, slots=True, eq=False)
class Happened:
    """An event as it finally happened (after replacement), with what the triggers need to look back at."""

    event: GameEvent
    before: Snapshot | None = None  # the object before a zone change (last known information)
    dealt: int = 0
