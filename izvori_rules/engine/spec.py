"""The scenario file format, version 1, as frozen dataclasses (what :mod:`.scenario` reads a file into).

Nothing here knows the rules; every record keeps the line it was read from so that the engine's messages can
point back into the file. An ability and its parts (costs, counts, effect steps, replacements, delayed triggers,
the objects a token step makes) compare by value: two triggers of equal abilities are put on the stack in either
order without asking (:mod:`.triggers`), and a target named twice for one effect step is refused (:mod:`.casting`).
The records of the file itself (actions, players, expectations, the scenario) are compared by nothing and made
without ``__eq__`` (see :mod:`izvori_rules.engine`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

STEPS = ("untap", "upkeep", "draw", "main1", "beginning_of_combat", "declare_attackers", "declare_blockers",
         "combat_damage", "end_of_combat", "main2", "end", "cleanup")
ZONES = ("library", "hand", "battlefield", "graveyard", "exile", "stack")
# Effect steps and the values of their `to` / `player` options.
TARGETING = "target"
# A counter that changes power and toughness is named for it: "+1/+1", "-1/-1", "+2/+0".
PT_COUNTER = re.compile(r"^([+-]\d+)/([+-]\d+)$")


@dataclass(frozen=True, slots=True)
class ReplaceSpec:
    """A replacement or prevention effect as the file states it (ru-cr:614.1, sr-judge:D20.11).

    ``when`` is the event it watches: dies (to a graveyard from the battlefield), to_graveyard (from anywhere),
    enters (the battlefield), draw, damage, draw_step, counters; ``who`` what the event affects (self, target,
    you, opponents, any, creatures_you_control, ...); ``instead`` what happens instead: exile, hand,
    library_top, tapped, counters, effect, redirect, skip, prevent, double, cant_prevent."""

    when: str
    who: str
    instead: str
    line: int
    counters: tuple[tuple[str, int], ...] = ()
    effect: tuple[EffectStep, ...] = ()
    to: str = ""  # redirect: target | self | controller
    amount: int | None = None  # prevent: None = all
    source: str = ""  # damage: only damage from this source (self)
    next_only: bool = False  # "the next time ... this turn": used up once applied
    zone: str = ""  # to_graveyard: only from this zone
    optional: bool = False  # "you may ... instead": its controller chooses as it would apply


@dataclass(frozen=True, slots=True)
class EffectStep:
    """One effect step: ``kind`` is its key; ``to`` says whom it affects (``target`` takes the next target)."""

    kind: str
    line: int
    amount: int | None = None  # damage, prevent (None = all), gain/lose life, draw
    to: str = TARGETING
    power: int = 0
    toughness: int = 0
    keywords: tuple[str, ...] = ()
    counters: tuple[tuple[str, int], ...] = ()
    token: ObjectSpec | None = None
    token_card: str | None = None  # a token that is a card still being read (a card that makes copies of itself)
    count: int = 1
    no_regenerate: bool = False
    mana: str = ""
    x_times: int = 0  # the amount is X times this (``damage: X``, izvori ``damage: 10X``; ru-cr:107.3a)
    filter: str = ""  # what the target may be, as a :mod:`.targeting` phrase ("nonblack creature")
    divided: str = ""  # damage divided among several targets: "chosen" as cast (ru-cr:601.2d) or "evenly"
    targets: int = 1  # one word "target" naming this many objects ("untap two target lands", ru-cr:114.3)
    replace: ReplaceSpec | None = None  # replace: an effect that lasts this turn
    zone: str = ""  # move: the destination (exile hand library_top library_bottom battlefield graveyard)
    tapped: bool = False  # move / put onto the battlefield tapped
    types: tuple[str, ...] = ()  # become: card types; add_types adds them
    subtypes: tuple[str, ...] = ()
    colors: tuple[str, ...] | None = None  # become: the new colours (None: unchanged)
    lose_abilities: bool = False
    duration: str = "end_of_turn"  # end_of_turn | permanent (effects of one-shot steps that last)
    delayed: DelayedSpec | None = None
    controller: str = ""  # gain_control: who gains control (controller)
    amount_of: str = ""  # its_power: the amount is the power of what the previous step affected
    origin: str = ""  # move: the zone the target is in (graveyard: a card there)
    unless_pays: str = ""  # "unless [its controller] pays {N}": a cost paid on resolution (ru-cr:117.12a)

    @property
    def takes_target(self) -> bool:
        return self.to == TARGETING


@dataclass(frozen=True, slots=True)
class DelayedSpec:
    """A delayed triggered ability an effect creates ("at the beginning of the next end step", ru-cr:603.7a,
    sr-judge:D11.60)."""

    when: str  # next_end_step | end_of_combat | next_upkeep
    effect: tuple[EffectStep, ...]
    line: int
    about_target: bool = False  # the effect refers to the object the creating effect moved or targeted


@dataclass(frozen=True, slots=True)
class Cost:
    """A cost: an activated ability's, or a spell's additional or alternative cost (ru-cr:601.2f, ru-cr:602.2b;
    sr-judge:D10.16). Non-mana parts name what they take with a :mod:`.targeting` phrase; the action names
    the objects (``sacrifice: [..]``, ``discard: [..]``, ``tap: [..]``)."""

    tap: bool = False
    mana: str = ""
    sacrifice_self: bool = False
    sacrifice: str = ""  # a phrase: "creature", "another creature", "Mountain"
    sacrifice_count: int = 0
    discard: int = 0
    life: int = 0
    tap_creatures: int = 0  # "tap an untapped creature you control"
    loyalty: int | None = None  # a loyalty ability's +N / -N / 0 (ru-cr:606.2); -X: 0 and ``loyalty_x``
    loyalty_x: bool = False  # a loyalty cost of -X, X announced as it is activated (ru-cr:107.3a)
    condition: str = ""  # alternative costs: "if you control a <phrase>"
    per_extra_target: str = ""  # mana added for each target beyond the first (Fireball)
    exile_from_hand: str = ""  # a phrase: "exile a blue card from your hand" (Force of Will)

    @property
    def non_mana(self) -> bool:
        return bool(self.sacrifice or self.discard or self.life or self.tap_creatures or self.exile_from_hand)


@dataclass(frozen=True, slots=True)
class Count:
    """A number a static ability or characteristic-defining ability reads from the game (ru-cr:604.3)."""

    what: str = ""  # a :mod:`.targeting` phrase: what to count
    zone: str = "battlefield"  # battlefield | graveyard | hand
    whose: str = "you"  # you | all | opponents
    distinct: str = ""  # card_types: count the card types among them
    plus: int = 0
    life: bool = False  # your life total


@dataclass(frozen=True, slots=True)
class Ability:
    """An activated, triggered or static ability."""

    kind: str  # activated | triggered | static
    line: int
    effect: tuple[EffectStep, ...] = ()
    cost: Cost = field(default_factory=Cost)
    timing: str = "instant"  # activated: instant | sorcery
    when: str = ""  # triggered
    targets: tuple[str, ...] = ()  # triggered: fixed names, or any / creature / player
    scope: str = ""  # static: creatures_you_control, other_creatures_you_control, creatures, enchanted_creature...
    power: int = 0
    toughness: int = 0
    keywords: tuple[str, ...] = ()
    filter: str = ""  # static: only objects matching this phrase ("Goblin", "white creature")
    for_each: Count | None = None  # static: power/toughness times this count
    cost_change: int = 0  # static: spells cost this much more (negative: less) generic mana (ru-cr:601.2f)
    spells: str = ""  # static cost change: which spells (a phrase: "noncreature spell")
    whose: str = "all"  # static cost change: all | you | opponents
    replace: ReplaceSpec | None = None  # replacement (a static ability that replaces events)
    optional: bool = False  # triggered: "you may" (ru-cr:603.5)
    condition: str = ""  # triggered: an intervening "if" (ru-cr:603.4); state: the state (ru-cr:603.8); static:
    # "as long as you control a <phrase>" (issue 14)
    colors: tuple[str, ...] | None = None  # static: sets the colours of what it affects
    types: tuple[str, ...] = ()  # static: adds card types
    subtypes: tuple[str, ...] = ()
    lose_abilities: bool = False  # static: what it affects loses all abilities
    cda: str = ""  # static, self: power and toughness each equal a count (creatures_you_control, cards_in_hand)
    controller_changes: bool = False  # static: control of the enchanted creature (layer 2)
    sets_pt: bool = False  # static: power/toughness are set, not modified
    filter_color: str = ""  # static: only objects of this colour
    filter_subtype: str = ""  # static: only objects of this subtype
    attack_cost: str = ""  # static: mana each creature attacking its controller costs (ru-cr:508.1h)
    attack_walkers: bool = False  # static attack cost: also on creatures attacking its controller's planeswalkers
    block_cost: str = ""  # static: mana each blocking creature costs (ru-cr:509.1d)
    only_while: str = ""  # static attack/block cost: only while its source is untapped | attacking


@dataclass(frozen=True, slots=True)
class ObjectSpec:
    """An object as the file describes it (after its card's fields are merged in)."""

    name: str
    line: int
    id: str | None = None
    card: str | None = None
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()
    colors: tuple[str, ...] = ()
    mana_cost: str | None = None
    power: int | None = None
    toughness: int | None = None
    keywords: tuple[str, ...] = ()
    tapped: bool = False
    damage: int = 0
    counters: tuple[tuple[str, int], ...] = ()
    summoning_sick: bool = False
    attached_to: str | None = None
    effect: tuple[EffectStep, ...] = ()
    abilities: tuple[Ability, ...] = ()
    kicker: str | None = None  # ru-cr:702.32a sr-judge:E3.141
    kicked: tuple[EffectStep, ...] = ()  # the effect when kicked (instead of ``effect``)
    modes: tuple[tuple[EffectStep, ...], ...] = ()  # ru-cr:700.2 sr-judge:D15.72
    choose_modes: int = 1
    additional_cost: Cost | None = None
    alternative_cost: Cost | None = None
    loyalty: int | None = None  # ru-cr:209.1
    defines: tuple[Count | None, Count | None] = (None, None)  # power, toughness (ru-cr:604.3, ru-cr:613.3a)

    @property
    def handle(self) -> str:
        return self.id or self.name


@dataclass(frozen=True, slots=True, eq=False)
class PlayerSpec:
    """A player and their zones."""

    name: str
    line: int
    life: int | None
    poison: int
    library: int
    mana_pool: str
    zones: tuple[tuple[str, tuple[ObjectSpec, ...]], ...]  # hand graveyard exile battlefield


@dataclass(frozen=True, slots=True, eq=False)
class Action:
    """One action; ``index`` is 1-based as in ``illegal_action``. Fields are used by the kinds that need them."""

    index: int
    kind: str  # attack block order_blockers assign_damage cast activate play_land choose pass
    line: int
    player: str | None = None
    card: str | None = None
    ability: int = 0
    targets: tuple[str, ...] = ()
    pairs: tuple[tuple[str, str], ...] = ()  # attack: attacker -> player; block: blocker -> attacker
    orders: tuple[tuple[str, tuple[str, ...]], ...] = ()  # order_blockers
    assignments: tuple[tuple[str, tuple[tuple[str, int], ...]], ...] = ()  # assign_damage
    order: tuple[str, ...] = ()  # choose: order of triggers or replacement effects
    has_targets: bool = False  # choose: targets given
    mode: str = ""  # pass: priority | until_resolved | next_step | until
    until: str = ""
    x: int | None = None  # cast / activate: the value of X (ru-cr:107.3a, sr-judge:D10.12)
    kicked: bool | None = None  # cast: the kicker cost is paid (ru-cr:601.2b)
    modes: tuple[int, ...] = ()  # cast: the chosen modes, 1 for the first printed (ru-cr:700.2a)
    divide: tuple[tuple[str, int], ...] = ()  # cast: targets and the damage each gets (ru-cr:601.2d)
    alternative: bool = False  # cast: the alternative cost is paid instead of the mana cost
    sacrifice: tuple[str, ...] = ()  # cost choices (ru-cr:601.2h)
    discard: tuple[str, ...] = ()
    tap: tuple[str, ...] = ()
    exile: tuple[str, ...] = ()  # the cards a cost exiles from the hand
    convoke: tuple[str, ...] = ()  # cast: the creatures tapped for convoke (ru-cr:702.50a)
    delve: tuple[str, ...] = ()  # cast: the graveyard cards exiled for delve (ru-cr:702.65a)
    phyrexian_life: int | None = None  # cast: how many Phyrexian symbols are paid with 2 life (ru-cr:107.4f)
    may: bool | None = None  # choose: the answer to a "may" (ru-cr:603.5)
    pay: bool | None = None  # choose: whether to pay a cost on resolution, "unless ... pays" (ru-cr:117.12a)


@dataclass(frozen=True, slots=True, eq=False)
class Check:
    """One expectation: ``kind`` is the expect key, ``key`` the player/object/zone it checks ("" if none)."""

    kind: str
    key: str
    expected: object
    line: int

    @property
    def label(self) -> str:
        return f"{self.kind}.{self.key}" if self.key else self.kind


@dataclass(frozen=True, slots=True, eq=False)
class Scenario:
    """A whole scenario file."""

    source: str
    title: str
    ruleset: str
    question: str | None
    players: tuple[PlayerSpec, ...]
    active: str
    step: str
    actions: tuple[Action, ...]
    expect: tuple[Check, ...]
    handles: frozenset[str] = frozenset()
    token_cards: tuple[tuple[str, ObjectSpec], ...] = ()  # cards named by create_token while being read
