"""The game state: players, objects in zones, the stack, the turn, and the log of narrated events.

The engine mutates one :class:`Game` while it plays a scenario (like XMage's game state); what leaves the
engine is the frozen :class:`~.result.ScenarioResult`. An object that changes zones becomes a new object
(ru-cr:400.7, sr-judge:B16.13): its ``epoch`` grows, so targets and effects that pointed at the old one no
longer find it, while its handle (the scenario's name or id) stays with it for the narration and the checks.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from ..errors import Phrase
from .errors import GameOver, invalid
from .events import Snapshot
from .rulesets import Ruleset
from .spec import Ability, EffectStep, ObjectSpec

ObjRef = tuple[int, int]  # (oid, epoch)
Target = str | ObjRef  # a player's name, or an object
MAX_TICKS = 5_000  # resolutions, steps and state-based checks in one run; more is reported as a loop
MAX_LIVE_OBJECTS = 300  # objects in the game; a mandatory loop that keeps making tokens stops here


@dataclass(slots=True, eq=False, repr=False)
class Event:
    """One narrated event: its kind, the values its text needs, and the rules that govern it."""

    event: str
    args: dict[str, Any]
    rules: tuple[str, ...]


@dataclass(slots=True, eq=False, repr=False)
class Obj:
    """A card or token in some zone. Printed characteristics are here; current ones come from :mod:`.layers`."""

    oid: int
    handle: str
    name: str
    owner: str
    controller: str
    zone: str
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    supertypes: tuple[str, ...]
    colors: tuple[str, ...]
    mana_cost: str | None
    power: int | None
    toughness: int | None
    keywords: tuple[str, ...]
    effect: tuple[EffectStep, ...]
    abilities: tuple[Ability, ...]
    token: bool = False
    epoch: int = 0
    timestamp: int = 0
    tapped: bool = False
    damage: int = 0
    counters: Counter[str] = field(default_factory=Counter)
    summoning_sick: bool = False
    attached_to: ObjRef | None = None
    deathtouched: bool = False
    as_land: bool = False
    attacking: str | None = None  # the player it attacks
    blocking: ObjRef | None = None  # the attacker it blocks
    blocked: bool = False
    blockers: list[ObjRef] = field(default_factory=list)  # in damage assignment order
    struck_first: bool = False  # assigned combat damage in the first-strike step
    printed: dict[str, Any] | None = None  # izvori: the card's own characteristics while it is a land
    spec: ObjectSpec | None = None  # the card as read: its costs, modes, loyalty, defining abilities
    attacking_pw: ObjRef | None = None  # the planeswalker it attacks (ru-cr:508.1b)
    blocking_more: list[ObjRef] = field(default_factory=list)  # further attackers it blocks (ru-cr:509.1a)
    copied: Any = None  # spec.ObjectSpec: the copiable values of a copy effect (ru-cr:706.2, sr-judge:E4.20)
    base_controller: str = ""  # who controls it before control-changing effects (ru-cr:613.1b)
    counts: dict[str, int] = field(default_factory=dict)  # what its characteristic-defining abilities count

    @property
    def ref(self) -> ObjRef:
        return (self.oid, self.epoch)

    def leave_combat(self) -> None:
        self.attacking = None
        self.attacking_pw = None
        self.blocking_more = []
        self.blocking = None
        self.blocked = False
        self.blockers = []


@dataclass(slots=True, eq=False, repr=False)
class Player:
    """A player: life, poison, the library as a count of anonymous cards, the mana pool."""

    name: str
    life: int
    poison: int
    library: int
    mana: Counter[str] = field(default_factory=Counter)
    drew_from_empty: bool = False
    lost: bool = False
    library_top: list[int] = field(default_factory=list)  # known cards on top of the library, top first
    library_bottom: list[int] = field(default_factory=list)  # known cards at its bottom, the lowest last


@dataclass(slots=True, eq=False, repr=False)
class StackItem:
    """A spell, an activated or triggered ability, or (izvori) the combat damage, on the stack."""

    sid: int
    kind: str  # spell | activated | triggered | combat_damage
    name: str
    controller: str
    effect: tuple[EffectStep, ...] = ()
    targets: list[Target] = field(default_factory=list)
    source: ObjRef | None = None
    source_info: Snapshot | None = None  # last known information of the source
    obj: Obj | None = None  # the spell's card
    x: int = 0  # the value of X announced as it was cast or activated (ru-cr:107.3a)
    kicked: bool = False
    division: list[int] = field(default_factory=list)  # damage per target, announced as cast (ru-cr:601.2d)
    damage: list[tuple[Snapshot, Target, int]] = field(default_factory=list)  # combat damage: source, to, amount
    condition: str = ""  # an intervening "if" checked again on resolution (ru-cr:603.4)
    optional: bool = False  # "you may" (ru-cr:603.5)
    bound: list[Target] = field(default_factory=list)  # objects a delayed trigger refers to (ru-cr:603.7c)


@dataclass(slots=True, eq=False, repr=False)
class Game:
    """Everything the engine knows during one run."""

    rs: Ruleset
    players: dict[str, Player]
    order: list[str]
    active: str
    step: str
    objects: dict[int, Obj] = field(default_factory=dict)
    stack: list[StackItem] = field(default_factory=list)  # the top is the last item
    turn: int = 1
    priority: str | None = None
    passes: int = 0
    clock: int = 0
    ticks: int = 0
    next_id: int = 1
    lands_played: int = 0
    effects: list[Any] = field(default_factory=list)  # layers.ContinuousEffect
    shields: list[Any] = field(default_factory=list)  # replacement.Shield
    pending: list[Any] = field(default_factory=list)  # triggers.Pending
    delayed: list[Any] = field(default_factory=list)  # triggers.Delayed: delayed triggered abilities waiting
    lookback: list[Snapshot] = field(default_factory=list)  # permanents as they were before simultaneous events
    log: list[Event] = field(default_factory=list)
    declaring: str | None = None  # "attackers" / "blockers": the declaration of this step is still to come
    attackers_declared: bool = False
    blockers_declared: bool = False
    first_strike_step: bool = False  # the current combat damage step is the first of two
    assignments: dict[int, tuple[int, tuple[tuple[str, int], ...]]] = field(default_factory=dict)
    over: bool = False
    winner: str | None = None
    losers: list[str] = field(default_factory=list)
    draw_game: bool = False
    choices: Any = None  # choices.Choices
    source: str = "<scenario>"  # the scenario file, named with the line of a mistake found only in play
    noted: set[Any] = field(default_factory=set)  # facts already narrated once
    attacked: bool = False  # creatures were declared as attackers this combat (ru-cr:508.8)
    cleanup_priority: bool = False  # players received priority in this cleanup step (ru-cr:514.3a)
    arrivals: int = 0  # steps arrived in so far
    seen: set[Any] = field(default_factory=set)  # states seen while players only passed (loop detection)
    token_cards: dict[str, Any] = field(default_factory=dict)  # spec.ObjectSpec of cards tokens copy lazily
    version: int = 0  # grows whenever an object changes zone, controller or timestamp (caches key on it)
    cache: dict[Any, tuple[int, Any]] = field(default_factory=dict)
    loyalty_used: set[tuple[int, int]] = field(default_factory=set)  # (turn, oid): loyalty abilities activated

    # --- bookkeeping ------------------------------------------------------------------------------------

    def say(self, event: str, rules: tuple[str, ...] = (), **args: Any) -> None:
        """Narrate an event with the references of the rules that govern it."""
        self.log.append(Event(event, args, rules))

    def tick(self) -> None:
        self.ticks += 1
        if self.ticks > MAX_TICKS:
            from .priority import declare_loop

            declare_loop(self, f"the game did not settle after {MAX_TICKS} steps")

    def stamp(self) -> int:
        self.clock += 1
        return self.clock

    def new_id(self) -> int:
        self.next_id += 1
        if len(self.objects) > MAX_LIVE_OBJECTS:
            from .priority import declare_loop

            declare_loop(self, f"more than {MAX_LIVE_OBJECTS} objects were made without end")
        return self.next_id

    # --- players ----------------------------------------------------------------------------------------

    @property
    def alive(self) -> list[str]:
        return [p for p in self.order if not self.players[p].lost]

    def apnap(self) -> list[str]:  # ru-cr:101.4 sr-judge:A4.40
        """Players in APNAP order: the active player, then the others in turn order (ru-cr:101.4)."""
        alive = self.alive
        if self.active not in alive:
            return alive
        i = alive.index(self.active)
        return alive[i:] + alive[:i]

    def next_player(self, name: str) -> str:
        """The next player in turn order still in the game (ru-cr:800.4j: one who left takes no turn)."""
        i = self.order.index(name)
        following = self.order[i + 1:] + self.order[:i + 1]
        return next((p for p in following if not self.players[p].lost), name)

    def opponents(self, name: str) -> list[str]:
        return [p for p in self.alive if p != name]

    # --- objects ----------------------------------------------------------------------------------------

    def get(self, ref: ObjRef | None) -> Obj | None:
        """The object a reference points at, if it is still that object (same zone visit)."""
        if ref is None:
            return None
        obj = self.objects.get(ref[0])
        return obj if obj is not None and obj.epoch == ref[1] else None

    def changed(self) -> None:
        """Something moved: cached views of the zones are stale."""
        self.version += 1

    def cached(self, key: Any, build: Any) -> Any:
        hit = self.cache.get(key)
        if hit is not None and hit[0] == self.version:
            return hit[1]
        value = build()
        self.cache[key] = (self.version, value)
        return value

    def in_zone(self, zone: str, player: str | None = None) -> list[Obj]:
        """Objects in a zone (owned by ``player`` for private zones, controlled for the battlefield), oldest
        first; the list is shared, do not change it."""
        def build() -> list[Obj]:
            out = [o for o in self.objects.values() if o.zone == zone]
            if player is not None:
                out = [o for o in out if (o.controller if zone == "battlefield" else o.owner) == player]
            return sorted(out, key=lambda o: o.timestamp)
        return self.cached(("zone", zone, player), build)  # type: ignore[no-any-return]

    def battlefield(self) -> list[Obj]:
        return self.in_zone("battlefield")

    def named(self, name: str, zones: tuple[str, ...] | None = None) -> list[Obj]:
        """Objects whose handle is ``name`` (or, failing that, whose name is), in the given zones."""
        pool = [o for o in self.objects.values() if zones is None or o.zone in zones]
        found = [o for o in pool if o.handle == name]
        return found or [o for o in pool if o.name == name]

    def one(self, name: str, zones: tuple[str, ...], line: int, what: str) -> Obj | None:
        """The single object so named in the zones; None if none; a name that fits two is a file mistake."""
        found = self.named(name, zones)
        if len(found) > 1:
            raise invalid(self.source, line, what, Phrase.said(
                "names_many", "{name!r} names {n} objects; give them ids", name=name, n=len(found)))
        return found[0] if found else None

    def describe(self, target: Target) -> str:
        """A target's name for the narration."""
        if isinstance(target, str):
            return target
        obj = self.objects.get(target[0])
        return obj.handle if obj is not None else "?"

    def end(self, winner: str | None, losers: list[str], draw: bool = False) -> None:
        """The game is over; the remaining actions are skipped."""
        self.over = True
        self.winner = winner
        self.draw_game = draw
        self.losers = losers
        raise GameOver()


def make_object(game: Game, spec: ObjectSpec, owner: str, zone: str, token: bool = False) -> Obj:
    """A new object from its spec in a zone, with a fresh timestamp (ru-cr:613.6c, sr-judge:D19.55)."""
    obj = Obj(
        oid=game.new_id(), handle=spec.handle, name=spec.name, owner=owner, controller=owner, zone=zone,
        types=spec.types, subtypes=spec.subtypes, supertypes=spec.supertypes, colors=spec.colors,
        mana_cost=spec.mana_cost, power=spec.power, toughness=spec.toughness, keywords=spec.keywords,
        effect=spec.effect, abilities=spec.abilities, token=token, timestamp=game.stamp(),
        tapped=spec.tapped, damage=spec.damage, counters=Counter(dict(spec.counters)),
        summoning_sick=spec.summoning_sick, base_controller=owner, spec=spec,
    )
    game.objects[obj.oid] = obj
    game.changed()
    if zone == "battlefield" and spec.loyalty is not None and "loyalty" not in obj.counters:
        obj.counters["loyalty"] = spec.loyalty  # ru-cr:306.5b
    return obj


def move(game: Game, obj: Obj, zone: str) -> None:
    """Move an object to a zone: it becomes a new object (ru-cr:400.7, sr-judge:B16.13)."""
    was = obj.zone
    game.changed()
    obj.zone = zone
    obj.epoch += 1
    obj.timestamp = game.stamp()  # ru-cr:613.6c sr-judge:D19.55
    obj.leave_combat()
    obj.tapped = False
    obj.damage = 0
    obj.deathtouched = False
    obj.counters = Counter()
    obj.attached_to = None
    obj.struck_first = False
    obj.copied = None
    if zone == "battlefield":
        obj.summoning_sick = True
    if was == "battlefield" and obj.as_land:
        _restore_card(obj)
    if zone != "battlefield":
        obj.controller = obj.base_controller = obj.owner


def _restore_card(obj: Obj) -> None:
    """A card played as a land (izvori) is its printed self again once it leaves (sr-judge:B12.71)."""
    if obj.printed is not None:
        for key, value in obj.printed.items():
            setattr(obj, key, value)
    obj.printed = None
    obj.as_land = False


def is_type(obj: Obj, kind: str) -> bool:
    return kind in obj.types
