"""Loading and validating a scenario file (format version 1) into a :class:`~.spec.Scenario`.

The file is untrusted: it is read by :mod:`.yamlnodes` (safe composer, size/depth/node limits), every key is
checked (an unknown key, a missing one, a name that refers to no player or object: exit 2, naming file, line
and key), and the counts of players, objects and actions are bounded. Keywords the ruleset lacks and rules the
engine does not model are refused here already (exit 3).

Beyond the format the loader accepts: a top-level ``cards:`` mapping (local cards, same shape as
``corpus/cards.yaml``) and ``rules:`` (the references the scenario depends on); ``name`` may be omitted when
``card`` is given; the action ``play_land: {player, card}``; the effect steps ``add_mana`` and ``attach``; the
options ``to: self`` and ``count`` listed in :mod:`.objectspec`; the expectations ``priority`` and ``keywords``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from .cards import CardIndex, card_library, local_cards
from ..errors import Phrase
from .errors import EngineRefusal, ScenarioInvalid
from .objectspec import (Reader, _colors, _types, as_bool, as_int, as_list, as_map, as_mana, as_name, as_text,
                         names_list, read_counters, read_keywords, read_lazy_cards, read_object)
from .rulesets import RULESETS, load_rulesets
from .spec import STEPS, Action, Check, ObjectSpec, PlayerSpec, Scenario
from .schema import missing_key, one_of, validate
from .yamlnodes import Y, load_yaml

TOP_KEYS = ("scenario", "ruleset", "question", "players", "turn", "actions", "expect", "cards", "rules")
PLAYER_KEYS = ("name", "life", "poison", "library", "hand", "graveyard", "exile", "mana_pool", "battlefield")
PLAYER_ZONES = ("hand", "graveyard", "exile", "battlefield")
ACTION_KINDS = ("attack", "block", "order_blockers", "assign_damage", "cast", "activate", "play_land", "choose",
                "pass")
EXPECT_KEYS = ("life", "poison", "library", "mana_pool", "zones", "damage", "power_toughness", "counters",
               "tapped", "stack", "winner", "losers", "illegal_action", "priority", "keywords", "controller",
               "colors", "types")
MAX_PLAYERS = 8
MAX_LIFE = 10**9  # either sign: a life total a file may give (the schema's bound)
MAX_LIBRARY = 10_000  # cards in a library (the schema's bound)
MAX_OBJECTS = 200
MAX_ACTIONS = 400
COMBAT_DAMAGE = "combat damage"


def load_scenario(text: str | bytes, source: str = "<scenario>", cards: CardIndex | None = None) -> Scenario:
    """Parse and validate a scenario; raises ScenarioInvalid (exit 2) or NotModelled (exit 3)."""
    tree = load_yaml(text, source)
    validate(tree, source)  # the published JSON Schema first: its errors name the line (exit 2)
    probe = Reader(source, None, lambda _n: None)
    top = as_map(probe, tree, TOP_KEYS, ("scenario", "ruleset", "players", "turn"))
    ruleset_id = as_name(probe, top["ruleset"])
    if ruleset_id not in RULESETS:
        raise probe.fail(top["ruleset"], one_of(RULESETS))
    try:
        return _load(top, source, ruleset_id, cards)
    except EngineRefusal as exc:  # the answer still names the scenario and its ruleset
        exc.title = as_text(probe, top["scenario"])  # type: ignore[attr-defined]
        exc.ruleset = ruleset_id  # type: ignore[attr-defined]
        raise


def _load(top: dict[str, Y], source: str, ruleset_id: str, cards: CardIndex | None) -> Scenario:
    library = cards if cards is not None else card_library()
    local = local_cards(top.get("cards"), source)
    reader = Reader(source, load_rulesets()[ruleset_id], lambda name: local.find(name) or library.find(name))
    if "cards" in top and not top["cards"].is_map:
        raise reader.fail(top["cards"], Phrase("expected_card_mapping", "expected a mapping of card names to cards"))
    if "rules" in top:
        names_list(reader, top["rules"])
    players = _players(reader, top["players"])
    turn = as_map(reader, top["turn"], ("active", "step"), ("active", "step"))
    step = as_name(reader, turn["step"])
    if step not in STEPS:
        raise reader.fail(turn["step"], one_of(STEPS, " "))
    actions = tuple(_action(reader, i + 1, a) for i, a in enumerate(as_list(reader, top.get("actions", _NONE))))
    if len(actions) > MAX_ACTIONS:
        raise reader.fail(top["actions"], Phrase.said("too_many_actions", "too many actions (limit {limit})",
                                                      limit=MAX_ACTIONS))
    expect = _expect(reader, top["expect"]) if "expect" in top and top["expect"].value is not None else ()
    scenario = Scenario(
        source=source, title=as_text(reader, top["scenario"]), ruleset=ruleset_id,
        question=as_text(reader, top["question"]) if "question" in top else None,
        players=players, active=as_name(reader, turn["active"]), step=step, actions=actions, expect=expect)
    handles = _check_references(reader, scenario, turn["active"])
    token_cards = read_lazy_cards(reader)
    if reader.refused:  # a valid file the engine will not play (exit 3)
        raise reader.refused[0]
    return replace(scenario, handles=handles, token_cards=token_cards)


_NONE = Y(None, 0, "actions")


def _players(r: Reader, y: Y) -> tuple[PlayerSpec, ...]:
    items = as_list(r, y)
    if not 2 <= len(items) <= MAX_PLAYERS:
        raise r.fail(y, Phrase.said("player_count", "a scenario needs 2 to {limit} players", limit=MAX_PLAYERS))
    players, objects = [], 0
    for item in items:
        f = as_map(r, item, PLAYER_KEYS, ("name",))
        zones = []
        for zone in PLAYER_ZONES:
            objs = tuple(read_object(r, o) for o in as_list(r, f[zone])) if zone in f else ()
            objects += len(objs)
            zones.append((zone, objs))
        if objects > MAX_OBJECTS:
            raise r.fail(item, Phrase.said("too_many_objects", "too many objects (limit {limit})", limit=MAX_OBJECTS))
        poison = as_int(r, f["poison"], 0) if "poison" in f else 0
        if poison and not r.ruleset.poison:
            r.refuse(f["poison"], Phrase.said("ruleset_no_poison", "the {ruleset} ruleset has no poison counters",
                                              ruleset=r.ruleset.id))
        life = as_int(r, f["life"]) if "life" in f else None  # within MAX_LIFE: the schema checked it
        library = as_int(r, f["library"], 0) if "library" in f else 30  # at most MAX_LIBRARY, as life
        players.append(PlayerSpec(
            name=as_name(r, f["name"]), line=item.line, life=life, poison=poison, library=library,
            mana_pool=as_mana(r, f["mana_pool"]) if "mana_pool" in f else "", zones=tuple(zones)))
    dupes = [n for n, c in Counter(p.name for p in players).items() if c > 1]
    if dupes:
        raise r.fail(y, Phrase.said("player_twice", "player name {name!r} is used twice", name=dupes[0]))
    return tuple(players)


# --- actions ----------------------------------------------------------------------------------------------

def _action(r: Reader, index: int, y: Y) -> Action:
    if not y.is_map or len(y.value) != 1:
        raise r.fail(y, Phrase.said("action_one_key", "an action is a mapping with one key: {kinds}",
                                    kinds=", ".join(ACTION_KINDS)))
    kind, body = next(iter(y.value.items()))
    if kind not in ACTION_KINDS:
        raise r.fail(body, Phrase.said("unknown_action", "unknown action {name!r} (expected one of {kinds})",
                                       name=kind, kinds=", ".join(ACTION_KINDS)), None)
    base = {"index": index, "kind": kind, "line": body.line}
    if kind == "attack":
        f = as_map(r, body, set(body.value) if body.is_map else set())
        return Action(**base, pairs=tuple((k, as_name(r, v)) for k, v in f.items()))
    if kind == "block":  # a blocker may name a list of attackers (ru-cr:509.1a, sr-judge:C10.21)
        f = as_map(r, body, set(body.value) if body.is_map else set())
        return Action(**base, pairs=tuple((k, n) for k, v in f.items() for n in names_list(r, v)))
    if kind == "order_blockers":
        f = as_map(r, body, set(body.value) if body.is_map else set())
        return Action(**base, orders=tuple((k, names_list(r, v)) for k, v in f.items()))
    if kind == "assign_damage":
        f = as_map(r, body, set(body.value) if body.is_map else set())
        out = []
        for source, split in f.items():
            parts = as_map(r, split, set(split.value) if split.is_map else set())
            out.append((source, tuple((k, as_int(r, v, 0)) for k, v in parts.items())))
        return Action(**base, assignments=tuple(out))
    if kind == "pass":
        return _pass(r, base, body)
    return _player_action(r, base, kind, body)


def _pass(r: Reader, base: dict[str, object], body: Y) -> Action:
    if body.is_map:
        f = as_map(r, body, ("until",), ("until",))
        step = as_name(r, f["until"])
        if step not in STEPS:
            raise r.fail(f["until"], one_of(STEPS, " "))
        return Action(**base, mode="until", until=step)  # type: ignore[arg-type]
    mode = as_name(r, body)
    if mode not in ("priority", "until_resolved", "next_step"):
        raise r.fail(body, Phrase.said("pass_modes", "must be priority, until_resolved, next_step or {until}",
                                       until="{until: <step>}"))
    return Action(**base, mode=mode)  # type: ignore[arg-type]


def _player_action(r: Reader, base: dict[str, object], kind: str, body: Y) -> Action:
    choices = ("x", "sacrifice", "discard", "tap", "exile")
    keys = {"cast": (("player", "card", "targets", "kicked", "modes", "divide", "alternative", "convoke", "delve",
                      "phyrexian_life", *choices),
                     ("player", "card")),
            "play_land": (("player", "card"), ("player", "card")),
            "activate": (("player", "source", "ability", "targets", *choices), ("player", "source")),
            "choose": (("player", "targets", "order", "may", "pay"), ("player",))}[kind]
    f = as_map(r, body, *keys)
    if kind == "choose" and sum(k in f for k in ("targets", "order", "may", "pay")) != 1:
        raise r.fail(body, Phrase("choose_one", "choose needs exactly one of targets, order, may or pay"))
    targets = tuple(as_name(r, t) for t in as_list(r, f["targets"])) if "targets" in f else ()
    from .costspec import action_choices

    extra = action_choices(r, f)
    if extra.get("divide") and "targets" in f:
        raise r.fail(f["divide"], Phrase("divide_only", "give the targets of a divided spell in divide: only"))
    return Action(**extra,
        **base, player=as_name(r, f["player"]), targets=targets, has_targets="targets" in f,  # type: ignore[arg-type]
        card=as_name(r, f.get("card") or f["source"]) if ("card" in f or "source" in f) else None,
        ability=as_int(r, f["ability"], 0) if "ability" in f else 0,
        order=tuple(as_name(r, o) for o in as_list(r, f["order"])) if "order" in f else (),
        may=as_bool(r, f["may"]) if "may" in f else None, pay=as_bool(r, f["pay"]) if "pay" in f else None)


# --- expectations -----------------------------------------------------------------------------------------

def _expect(r: Reader, y: Y) -> tuple[Check, ...]:
    f = as_map(r, y, EXPECT_KEYS)
    checks: list[Check] = []
    for kind, body in f.items():
        checks.extend(_checks(r, kind, body))
    return tuple(checks)


def _per_key(r: Reader, body: Y) -> dict[str, Y]:
    return as_map(r, body, set(body.value) if body.is_map else set())


def _checks(r: Reader, kind: str, body: Y) -> list[Check]:
    if kind in ("life", "poison", "library", "damage"):
        return [Check(kind, k, as_int(r, v, 0 if kind != "life" else None), v.line) for k, v in _per_key(r, body).items()]
    if kind == "mana_pool":
        return [Check(kind, k, as_mana(r, v), v.line) for k, v in _per_key(r, body).items()]
    if kind == "tapped":
        return [Check(kind, k, as_bool(r, v), v.line) for k, v in _per_key(r, body).items()]
    if kind == "power_toughness":
        return [Check(kind, k, _pt(r, v), v.line) for k, v in _per_key(r, body).items()]
    if kind == "counters":
        return [Check(kind, k, dict(read_counters(r, v)), v.line) for k, v in _per_key(r, body).items()]
    if kind == "keywords":
        return [Check(kind, k, tuple(sorted(read_keywords(r, v))), v.line) for k, v in _per_key(r, body).items()]
    if kind == "controller":
        return [Check(kind, k, as_name(r, v), v.line) for k, v in _per_key(r, body).items()]
    if kind == "colors":
        return [Check(kind, k, tuple(sorted(_colors(r, v))), v.line) for k, v in _per_key(r, body).items()]
    if kind == "types":
        return [Check(kind, k, tuple(sorted(_types(r, v))), v.line) for k, v in _per_key(r, body).items()]
    if kind == "zones":
        zones = as_map(r, body, ("battlefield", "graveyard", "hand", "exile"))
        return [Check("zones", f"{zone}.{p}", tuple(sorted(names_list(r, v) if v.value is not None else ())), v.line)
                for zone, per in zones.items() for p, v in _per_key(r, per).items()]
    if kind == "stack":
        return [Check(kind, "", tuple(as_name(r, v) for v in as_list(r, body)), body.line)]
    if kind == "losers":
        return [Check(kind, "", tuple(sorted(as_name(r, v) for v in as_list(r, body))), body.line)]
    if kind == "illegal_action":
        return [Check(kind, "", as_int(r, body, 1), body.line)]
    return [Check(kind, "", as_name(r, body) if body.value is not None else "none", body.line)]  # winner, priority


def _pt(r: Reader, y: Y) -> str:
    text = as_text(r, y).replace(" ", "")
    p, _, t = text.partition("/")
    if not (p.lstrip("-").isdigit() and t.lstrip("-").isdigit()):
        raise r.fail(y, Phrase("expected_pt", "expected power/toughness like \"3/3\""))
    return f"{int(p)}/{int(t)}"


# --- references -------------------------------------------------------------------------------------------

def all_objects(scenario: Scenario) -> list[tuple[str, ObjectSpec]]:
    """Every object in the file with the name of the player whose zones hold it."""
    return [(p.name, o) for p in scenario.players for _zone, objs in p.zones for o in objs]


def _check_references(r: Reader, s: Scenario, active_y: Y) -> frozenset[str]:
    players = {p.name for p in s.players}
    objects = all_objects(s)
    ids = Counter(o.id for _p, o in objects if o.id)
    plain = Counter(o.name for _p, o in objects if not o.id)
    for handle, count in (ids + plain).items():
        if count > 1:
            line = next(o.line for _p, o in objects if o.handle == handle)
            raise ScenarioInvalid("{file}:{line}: object {name!r} is not unique (give each an id)",
                                  key="scenario_not_unique", file=s.source, line=line, name=handle)
    clash = sorted((set(ids) | set(plain)) & players)
    if clash:
        raise ScenarioInvalid("{file}: {name!r} names both a player and an object", key="scenario_name_clash",
                              file=s.source, name=clash[0])
    names = Counter(o.name for _p, o in objects)
    known = set(ids) | set(plain) | {n for n, c in names.items() if c == 1} | r.token_names
    if s.active not in players:
        raise r.fail(active_y, Phrase.said("no_player", "no player named {name!r}", name=s.active))
    for _p, o in objects:
        if o.attached_to is not None and o.attached_to not in known:
            raise _missing(s, o.line, f"{o.name}.attached_to", o.attached_to, "object")
        for ability in o.abilities:
            for t in ability.targets:
                if t not in known | players | {"any", "creature", "player"}:
                    raise _missing(s, ability.line, o.name, t)
    for action in s.actions:
        _check_action(s, action, players, known)
    for check in s.expect:
        _check_expect(s, check, players, known)
    return frozenset(known | players)


def _missing(s: Scenario, line: int, where: str, name: str, kind: str = "player or object") -> ScenarioInvalid:
    """A name in the file that is no ``kind`` of thing: a ``player``, an ``object``, or either."""
    if kind == "player":
        return ScenarioInvalid("{file}:{line}: {path}: no player named {name!r}", key="scenario_no_player",
                               file=s.source, line=line, path=where, name=name)
    if kind != "object":
        return ScenarioInvalid("{file}:{line}: {path}: no player or object named {name!r}",
                               key="scenario_no_player_or_object", file=s.source, line=line, path=where, name=name)
    return ScenarioInvalid("{file}:{line}: {path}: no object named {name!r}", key="scenario_no_object",
                           file=s.source, line=line, path=where, name=name)


def _check_action(s: Scenario, a: Action, players: set[str], known: set[str]) -> None:
    where = f"actions[{a.index - 1}].{a.kind}"
    if a.player is not None and a.player not in players:
        raise _missing(s, a.line, f"{where}.player", a.player, "player")
    refs: list[str] = []
    if a.card is not None:
        refs.append(a.card)
    refs += [t for t in a.targets] + [x for pair in a.pairs for x in pair] + list(a.order)
    refs += [k for k, _vs in a.orders] + [v for _k, vs in a.orders for v in vs]
    refs += [k for k, _ in a.assignments] + [rec for _k, split in a.assignments for rec, _n in split]
    refs += [k for k, _n in a.divide] + list(a.sacrifice) + list(a.discard) + list(a.tap) + list(a.exile)
    refs += list(a.convoke) + list(a.delve)
    for name in refs:
        if name not in known and name not in players and name != COMBAT_DAMAGE:
            raise _missing(s, a.line, where, name)


def _check_expect(s: Scenario, c: Check, players: set[str], known: set[str]) -> None:
    where = f"expect.{c.label}"
    per_player = c.kind in ("life", "poison", "library", "mana_pool") or c.kind == "zones"
    key = c.key.partition(".")[2] if c.kind == "zones" else c.key
    if c.key and per_player and key not in players:
        raise _missing(s, c.line, where, key, "player")
    if c.key and not per_player and key not in known:
        raise _missing(s, c.line, where, key)
    names: tuple[str, ...] = ()
    if c.kind in ("zones", "stack") and isinstance(c.expected, tuple):
        names = c.expected
    for name in names:
        if name not in known and name != COMBAT_DAMAGE and name != "library card":
            raise _missing(s, c.line, where, name)
    if c.kind in ("winner", "priority") and c.expected not in players | {"draw", "none"}:
        raise _missing(s, c.line, where, str(c.expected), "player")
    if c.kind == "losers":
        for name in c.expected:  # type: ignore[attr-defined]
            if name not in players:
                raise _missing(s, c.line, where, name, "player")
