"""Reading objects, effect steps and abilities of the scenario format (with ``card:`` merged in).

Keywords are resolved here through :mod:`.keywords` (the concept table when installed), and checked against
the ruleset: a keyword the ruleset does not have, or one the engine does not play, is refused (exit 3) with
the file, line and the keyword's name; a word that is no keyword at all makes the file invalid (exit 2).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from . import keywords as kw
from ..errors import Phrase
from .errors import NotModelled, ScenarioInvalid, invalid
from .schema import missing_key, one_of
from .spec import Ability, Cost, DelayedSpec, EffectStep, ObjectSpec, ReplaceSpec
from .yamlnodes import Y

OBJECT_KEYS = frozenset({
    "name", "id", "card", "types", "subtypes", "supertypes", "colors", "mana_cost", "power", "toughness",
    "keywords", "tapped", "damage", "counters", "summoning_sick", "attached_to", "effect", "abilities",
    "kicker", "kicked", "modes", "choose_modes", "additional_cost", "alternative_cost", "loyalty", "defines",
})
CARD_ONLY_KEYS = frozenset({"names", "ruleset", "text", "notes", "rules"})
SUPERTYPES = ("legendary", "basic", "snow")  # the supertypes the engine plays (world: refused)
MANA = re.compile(r"^(?:[WUBRGwubrg]/[Pp]|[WUBRGCXwubrgcx0-9])*$")  # B/P: Phyrexian (ru-cr:107.4f)
_TO_CREATURES = ("target", "self", "creatures_you_control", "each_creature", "other_creatures_you_control", "it",
                 "bound")
_EFFECT_OPTIONS: dict[str, tuple[str, ...]] = {
    "damage": ("to",), "destroy": ("no_regenerate",), "pump": ("to",), "set_pt": ("to",), "switch_pt": (),
    "grant": ("to",), "regenerate": (), "prevent": ("to",), "counter": (), "gain_life": ("player",),
    "lose_life": ("player",), "draw": ("player",), "create_token": ("count",), "sacrifice": (),
    "add_counters": ("to",), "tap": (), "untap": (), "add_mana": (), "attach": (),
    "move": ("to", "tapped", "under", "from"), "flicker": (), "gain_control": ("duration",), "become": ("to", "duration"),
    "replace": (), "delayed": (),
}
MOVE_ZONES = ("exile", "hand", "library_top", "library_bottom", "battlefield", "graveyard")
MOVE_TO = ("target", "self", "bound", "it")
REPLACE_WHEN = ("dies", "to_graveyard", "leaves", "enters", "draw", "damage", "destroy", "untap_step",
                "upkeep_step", "draw_step", "end_step", "counters")
REPLACE_WHO = ("self", "target", "you", "opponents", "any", "cards", "creatures", "creatures_you_control",
               "you_and_other_permanents_you_control",
               "other_creatures_you_control", "permanents_you_control", "other_permanents_you_control", "combat")
REPLACE_INSTEAD = ("exile", "hand", "library_top", "library_bottom", "tapped", "counters", "effect", "redirect",
                   "skip", "prevent", "double", "cant_prevent", "copy")
DELAYED_WHEN = ("next_end_step", "end_of_combat", "next_upkeep")
_STATIC_SCOPES = ("creatures_you_control", "other_creatures_you_control", "creatures", "enchanted_creature",
                  "equipped_creature", "self", "other_creatures", "lands", "lands_you_control", "permanents",
                  "spells")
TRIGGER_EVENTS = ("dies", "enters", "attacks", "blocks", "deals_combat_damage", "upkeep", "end_step", "leaves",
                  "dealt_damage", "deals_damage", "gain_life", "becomes_blocked", "end_of_combat", "creature_dies",
                  "draws", "state")
STATIC_KEYS = ("power", "toughness", "keywords", "colors", "types", "subtypes", "lose_abilities", "cda",
               "controls", "set_pt", "color", "subtype")
MAX_TOKENS = 100  # made by one effect step
CDA_COUNTS = ("creatures_you_control", "lands_you_control", "cards_in_hand", "cards_in_graveyard")


@dataclass(eq=False, repr=False)
class Reader:
    """Context for reading one file: where it came from, its ruleset, and how to find cards."""

    source: str
    ruleset: Any  # rulesets.Ruleset
    find_card: Callable[[str], tuple[Y, str] | None]
    token_names: set[str] = field(default_factory=set)
    depth: int = 0
    reading: set[str] = field(default_factory=set)  # cards being read (a token may name one: read it lazily)
    refused: list[NotModelled] = field(default_factory=list)  # raised once the whole file is known to be valid
    lazy: dict[str, Y] = field(default_factory=dict)  # those cards, to read once the file is read

    def fail(self, y: Y, message: Phrase, key: str | None = None) -> ScenarioInvalid:
        """The file, line and key of ``y`` before ``message`` (a :class:`~izvori_rules.errors.Phrase`: the judge's
        language says it too)."""
        path = y.path if key is None else (f"{y.path}.{key}" if y.path else key)
        line = y.key_line if y.key_line and (y.is_map or y.is_seq) else y.line
        return invalid(self.source, line, path, message)

    def refuse(self, y: Y, problem: Phrase, rules: tuple[str, ...] = ()) -> None:
        """Something the engine will not play: remembered, and raised only if the file is otherwise valid; the
        file, line and key of ``y`` before ``problem``, a phrase the judge's language says too."""
        self.refused.append(NotModelled("{file}:{line}: {path}: {problem}", rules, key="scenario_problem",
                                        file=self.source, line=y.line, path=y.path or "file", problem=problem))


# --- scalar helpers ---------------------------------------------------------------------------------------

def as_map(r: Reader, y: Y, allowed: frozenset[str] | set[str] | tuple[str, ...], required: tuple[str, ...] = ()
           ) -> dict[str, Y]:
    if not y.is_map:
        raise r.fail(y, Phrase("expected_mapping", "expected a mapping"))
    for key, value in y.value.items():
        if key not in allowed:
            raise r.fail(value, Phrase.said("unknown_key", "unknown key {key!r}", key=key), None)
    for key in required:
        if key not in y.value:
            raise r.fail(y, missing_key(key))
    return dict(y.value)


def as_list(r: Reader, y: Y) -> list[Y]:
    if y.value is None:
        return []
    if not y.is_seq:
        raise r.fail(y, Phrase("expected_list", "expected a list"))
    return list(y.value)


def as_name(r: Reader, y: Y) -> str:
    if y.is_map or y.is_seq or y.value is None or (isinstance(y.value, str) and not y.value.strip()):
        raise r.fail(y, Phrase("expected_name", "expected a name"))
    return str(y.raw if y.raw is not None else y.value).strip()


def as_int(r: Reader, y: Y, minimum: int | None = None) -> int:
    if isinstance(y.value, bool) or not isinstance(y.value, int):
        raise r.fail(y, Phrase("expected_whole_number", "expected a whole number"))
    if minimum is not None and y.value < minimum:
        raise r.fail(y, Phrase.said("at_least", "must be at least {minimum:,}", minimum=minimum))
    return int(y.value)


def as_bool(r: Reader, y: Y) -> bool:
    if not isinstance(y.value, bool):
        raise r.fail(y, Phrase("expected_true_false", "expected true or false"))
    return y.value


def as_text(r: Reader, y: Y) -> str:
    if y.is_map or y.is_seq:
        raise r.fail(y, Phrase("expected_text", "expected text"))
    return "" if y.value is None else str(y.raw if isinstance(y.value, (int, float)) else y.value)


def as_mana(r: Reader, y: Y) -> str:
    text = as_text(r, y).replace(" ", "").replace("{", "").replace("}", "")
    if not MANA.match(text):
        raise r.fail(y, Phrase.said("not_mana", "not a mana string: {text!r} (use W U B R G C, digits and W/P .. G/P)",
                                    text=text))
    if "/" in text and r.ruleset is not None and not r.ruleset.phyrexian_mana:
        r.refuse(y, Phrase.said("ruleset_no_phyrexian", "the {ruleset} ruleset has no Phyrexian mana: sr-judge names "
                                "six mana symbols (A5.30)", ruleset=r.ruleset.id), r.ruleset.refs("phyrexian_mana"))
    return text.upper()


def names_list(r: Reader, y: Y) -> tuple[str, ...]:
    if not y.is_seq:
        return (as_name(r, y),)
    return tuple(as_name(r, item) for item in y.value)


# --- objects ----------------------------------------------------------------------------------------------

def read_object(r: Reader, y: Y) -> ObjectSpec:
    """An object, with its card's fields under the file's own."""
    fields = as_map(r, y, OBJECT_KEYS)
    card_name = as_name(r, fields["card"]) if "card" in fields else None
    if card_name is not None:
        key = kw.fold(card_name)
        if key in r.reading:
            raise r.fail(y, Phrase.said("card_self", "card {name!r} refers to itself", name=card_name))
        r.reading.add(key)
        try:
            return _read_fields(r, y, {**_card_fields(r, fields["card"], card_name), **fields}, card_name)
        finally:
            r.reading.discard(key)
    return _read_fields(r, y, fields, None)


def _read_fields(r: Reader, y: Y, fields: dict[str, Y], card_name: str | None) -> ObjectSpec:
    if "name" not in fields:
        if card_name is None:
            raise r.fail(y, missing_key("name"))
    name = as_name(r, fields["name"]) if "name" in fields else str(card_name)
    return ObjectSpec(
        name=name, line=y.line, card=card_name,
        id=as_name(r, fields["id"]) if "id" in fields else None,
        types=_types(r, fields.get("types")),
        subtypes=tuple(as_name(r, s) for s in as_list(r, fields["subtypes"])) if "subtypes" in fields else (),
        supertypes=_supertypes(r, fields.get("supertypes")),
        colors=_colors(r, fields.get("colors")),
        mana_cost=as_mana(r, fields["mana_cost"]) if "mana_cost" in fields else None,
        power=as_int(r, fields["power"]) if _given(fields, "power") else None,
        toughness=as_int(r, fields["toughness"]) if _given(fields, "toughness") else None,
        keywords=read_keywords(r, fields["keywords"]) if "keywords" in fields else (),
        tapped=as_bool(r, fields["tapped"]) if "tapped" in fields else False,
        damage=as_int(r, fields["damage"], 0) if "damage" in fields else 0,
        counters=read_counters(r, fields["counters"]) if "counters" in fields else (),
        summoning_sick=as_bool(r, fields["summoning_sick"]) if "summoning_sick" in fields else False,
        attached_to=as_name(r, fields["attached_to"]) if _given(fields, "attached_to") else None,
        effect=tuple(read_effect(r, s) for s in as_list(r, fields["effect"])) if "effect" in fields else (),
        abilities=tuple(read_ability(r, a) for a in as_list(r, fields["abilities"])) if "abilities" in fields else (),
        **_card_extras(r, fields),
    )


def _card_extras(r: Reader, fields: dict[str, Y]) -> dict[str, Any]:
    """Kicker, modes, additional and alternative costs, loyalty, characteristic-defining abilities."""
    from .costspec import read_card_costs

    return read_card_costs(r, fields)


def _given(fields: dict[str, Y], key: str) -> bool:
    return key in fields and fields[key].value is not None


def _card_fields(r: Reader, y: Y, card_name: str) -> dict[str, Y]:
    found = r.find_card(card_name)
    if found is None:
        raise r.fail(y, Phrase.said("no_card", "no card {name!r} in the card library", name=card_name))
    card, where = found
    if not card.is_map:
        raise invalid(where, card.line, card_name, Phrase("expected_mapping", "expected a mapping"))
    ruleset = card.value.get("ruleset")
    if ruleset is not None and ruleset.value not in ("both", r.ruleset.id):
        r.refuse(y, Phrase.said("card_other_ruleset", "card {name!r} belongs to the {other} ruleset, not {ruleset}",
                                name=card_name, other=str(ruleset.value), ruleset=r.ruleset.id))
    unknown = sorted(set(card.value) - OBJECT_KEYS - CARD_ONLY_KEYS)
    if unknown:
        bad = card.value[unknown[0]]
        raise invalid(where, bad.line, card_name, Phrase.said("unknown_key", "unknown key {key!r}", key=unknown[0]))
    return {k: v for k, v in card.value.items() if k in OBJECT_KEYS and k not in ("id",)}


def _types(r: Reader, y: Y | None) -> tuple[str, ...]:
    if y is None:
        return ()
    out = []
    for item in as_list(r, y) if y.is_seq else [y]:
        name = as_name(r, item)
        canon = kw.card_type(name)
        if canon == "planeswalker" or (canon is None and kw.fold(name) == "planeswalker"):
            from .costspec import planeswalker_type

            if planeswalker_type(r, item):
                out.append("planeswalker")
            continue
        if canon is None:
            raise r.fail(item, Phrase.said("unknown_card_type", "unknown card type {name!r}", name=name))
        if canon not in kw.CARD_TYPES:
            r.refuse(item, Phrase.said("card_type_not_modelled", "card type {name!r} is not modelled", name=name))
            continue
        out.append(canon)
    return tuple(dict.fromkeys(out))


def _supertypes(r: Reader, y: Y | None) -> tuple[str, ...]:
    if y is None:
        return ()
    out = []
    for item in as_list(r, y):
        name = as_name(r, item)
        canon = kw.supertype(name)
        if canon is None:
            raise r.fail(item, Phrase.said("unknown_supertype", "unknown supertype {name!r}", name=name))
        if canon not in SUPERTYPES:
            r.refuse(item, Phrase.said("supertype_not_modelled", "the {name} supertype is not modelled", name=canon))
            continue
        if canon == "legendary" and not r.ruleset.legend_rule:
            r.refuse(item, Phrase.said("ruleset_no_legendary", "the {ruleset} ruleset has no legendary supertype",
                                       ruleset=r.ruleset.id))
        out.append(canon)
    return tuple(out)


def _colors(r: Reader, y: Y | None) -> tuple[str, ...]:
    if y is None:
        return ()
    out = []
    for item in as_list(r, y) if y.is_seq else [y]:
        name = as_name(r, item)
        if kw.is_colorless(name):
            continue
        canon = kw.color(name)
        if canon is None:
            raise r.fail(item, Phrase.said("unknown_colour", "unknown colour {name!r}", name=name))
        out.append(canon)
    return tuple(c for c in kw.colors() if c in out)


def read_keywords(r: Reader, y: Y) -> tuple[str, ...]:
    """Canonical keyword ids; refuses (exit 3) a keyword the ruleset lacks or the engine does not play."""
    out = []
    for item in as_list(r, y) if y.is_seq else [y]:
        term = as_name(r, item)
        from .requirements import ability_id

        special = ability_id(term)
        if special is not None:  # combat requirements and restrictions: abilities, not keywords
            out.append(special)
            continue
        try:
            canon = kw.resolve_keyword(term)
        except kw.KeywordError as exc:
            if not exc.known:
                raise r.fail(item, _unknown_keyword(exc, term, r.ruleset.id, r.ruleset.keywords)) from None
            r.refuse(item, exc.said)
            continue
        if not r.ruleset.has_keyword(canon):
            r.refuse(item, Phrase.said("ruleset_no_keyword", "the {ruleset} ruleset has no keyword {keyword} "
                                       "({term!r})", ruleset=r.ruleset.id, keyword=canon, term=term))
            continue
        out.append(canon)
    return tuple(dict.fromkeys(out))


def _unknown_keyword(exc: kw.KeywordError, term: str, ruleset: str, keywords: frozenset[str]) -> Phrase:
    """Why a keyword is unknown, the ruleset's keywords spelled closest ("did you mean": the colours, where
    protection names a word that is none) and all of them."""
    close = kw.close_keywords(term, keywords, exc.colour)
    known = kw.keyword_list(keywords)
    if close:
        return Phrase.said("keyword_unknown_suggest", "{problem} (did you mean {suggestions}?); the {ruleset} keywords "
                           "are {known}", problem=exc.said, suggestions=close, ruleset=ruleset, known=known)
    return Phrase.said("keyword_unknown", "{problem}; the {ruleset} keywords are {known}", problem=exc.said,
                       ruleset=ruleset, known=known)


def read_counters(r: Reader, y: Y) -> tuple[tuple[str, int], ...]:
    fields = as_map(r, y, set(y.value) if y.is_map else set())
    out = []
    for kind, count in fields.items():
        n = as_int(r, count, 0)
        if n:
            out.append((kind.replace(" ", ""), n))
    return tuple(out)


# --- effects and abilities --------------------------------------------------------------------------------

def read_effect(r: Reader, y: Y) -> EffectStep:
    """One effect step: a mapping with exactly one effect key and that key's options."""
    if not y.is_map:
        raise r.fail(y, Phrase.said("effect_mapping", "an effect step is a mapping like {example}",
                                    example="{damage: 3}"))
    kinds = [k for k in y.value if k in _EFFECT_OPTIONS]
    if len(kinds) != 1:
        raise r.fail(y, Phrase.said("effect_one", "an effect step needs exactly one of: {options}",
                                    options=", ".join(_EFFECT_OPTIONS)))
    kind = kinds[0]
    fields = as_map(r, y, {kind, *_EFFECT_OPTIONS[kind], "target", "targets", "divided", "unless_pays"})
    from .costspec import step_extras, x_amount

    times = x_amount(fields[kind]) if kind in ("damage", "gain_life", "lose_life", "draw") else 0
    if times:
        fields = {**fields, kind: Y(0, fields[kind].line, fields[kind].path, "0", fields[kind].key_line)}
    step = _EFFECT_READERS[kind](r, kind, fields[kind], fields, y.line)
    return step_extras(r, step, fields, times)


def _to(r: Reader, fields: dict[str, Y], key: str, allowed: tuple[str, ...], default: str) -> str:
    if key not in fields:
        return default
    value = as_name(r, fields[key])
    if value not in allowed:
        raise r.fail(fields[key], one_of(allowed))
    return value


def _amount_effect(r: Reader, kind: str, v: Y, fields: dict[str, Y], line: int) -> EffectStep:
    if kind == "damage":
        to = _to(r, fields, "to", ("target", "self", "controller", "each_creature", "each_player",
                                   "each_opponent", "each_other_creature"), "target")
        return EffectStep(kind, line, amount=as_int(r, v, 0), to=to)
    if kind == "prevent":
        to = _to(r, fields, "to", ("target", "self", "controller", "combat_damage"), "target")
        if v.value in ("all", "all_combat_damage"):
            return EffectStep(kind, line, amount=None, to="combat_damage" if v.value == "all_combat_damage" else to)
        return EffectStep(kind, line, amount=as_int(r, v, 0), to=to)
    default = "target" if "player" in fields else "controller"
    to = _to(r, fields, "player", ("target", "controller", "each_player", "each_opponent", "its_controller"), default)
    if kind in ("gain_life", "lose_life") and v.value == "its_power":
        return EffectStep(kind, line, amount=0, to=to, amount_of="its_power")
    return EffectStep(kind, line, amount=as_int(r, v, 0), to=to)


def _object_effect(r: Reader, kind: str, v: Y, fields: dict[str, Y], line: int) -> EffectStep:
    allowed = {"destroy": ("target", "self", "all_creatures", "it", "bound"), "sacrifice": ("self",),
               "regenerate": ("target", "self"), "counter": ("target",), "switch_pt": ("target", "self"),
               "tap": ("target", "self", "it"), "untap": ("target", "self", "it"), "attach": ("target",)}[kind]
    value = as_name(r, v)
    if value not in allowed:
        raise r.fail(v, one_of(allowed))
    no_regen = as_bool(r, fields["no_regenerate"]) if "no_regenerate" in fields else False
    return EffectStep(kind, line, to=value, no_regenerate=no_regen)


def _pt_effect(r: Reader, kind: str, v: Y, fields: dict[str, Y], line: int) -> EffectStep:
    pt = as_map(r, v, ("power", "toughness"))
    to = _to(r, fields, "to", _TO_CREATURES, "target")
    return EffectStep(kind, line, to=to, power=as_int(r, pt["power"]) if "power" in pt else 0,
                      toughness=as_int(r, pt["toughness"]) if "toughness" in pt else 0)


def _grant(r: Reader, kind: str, v: Y, fields: dict[str, Y], line: int) -> EffectStep:
    return EffectStep(kind, line, keywords=read_keywords(r, v), to=_to(r, fields, "to", _TO_CREATURES, "target"))


def _counters(r: Reader, kind: str, v: Y, fields: dict[str, Y], line: int) -> EffectStep:
    return EffectStep(kind, line, counters=read_counters(r, v), to=_to(r, fields, "to", ("target", "self"), "target"))


def _token(r: Reader, kind: str, v: Y, fields: dict[str, Y], line: int) -> EffectStep:
    count = as_int(r, fields["count"], 1) if "count" in fields else 1
    if count > MAX_TOKENS:
        raise r.fail(fields["count"], Phrase.said("too_many_tokens", "at most {limit} tokens at once",
                                                  limit=MAX_TOKENS))
    card = v.value.get("card") if v.is_map else None
    if card is not None and kw.fold(as_name(r, card)) in r.reading:
        if set(v.value) - {"card", "name"}:
            raise r.fail(v, Phrase("token_self", "a token that is the card being read can only name it (card:, name:)"))
        name = as_name(r, v.value.get("name", card))
        r.token_names.add(name)
        r.lazy[as_name(r, card)] = v
        return EffectStep(kind, line, token_card=as_name(r, card), count=count, to="controller")
    r.depth += 1
    if r.depth > 4:
        raise r.fail(v, Phrase("tokens_deep", "tokens nested too deeply"))
    try:
        token = read_object(r, v)
    finally:
        r.depth -= 1
    r.token_names.add(token.handle)
    return EffectStep(kind, line, token=token, count=count, to="controller")


def read_lazy_cards(r: Reader) -> tuple[tuple[str, ObjectSpec], ...]:
    """The cards that tokens named while those cards were being read, each read on its own now."""
    out = []
    for name, y in r.lazy.items():
        out.append((name, read_object(r, Y({"card": Y(name, y.line, y.path, name)}, y.line, y.path))))
    return tuple(out)


def _move(r: Reader, kind: str, v: Y, fields: dict[str, Y], line: int) -> EffectStep:
    zone = as_name(r, v)
    if zone not in MOVE_ZONES:
        raise r.fail(v, one_of(MOVE_ZONES))
    to = _to(r, fields, "to", MOVE_TO, "target")
    under = _to(r, fields, "under", ("owner", "you"), "owner")
    origin = _to(r, fields, "from", ("battlefield", "graveyard"), "graveyard" if zone == "battlefield" else "")
    return EffectStep(kind, line, zone=zone, to=to, tapped=as_bool(r, fields["tapped"]) if "tapped" in fields
                      else False, controller="you" if under == "you" else "", origin=origin)


def _flicker(r: Reader, kind: str, v: Y, fields: dict[str, Y], line: int) -> EffectStep:
    value = as_name(r, v)
    if value not in MOVE_TO:
        raise r.fail(v, one_of(MOVE_TO))
    return EffectStep(kind, line, to=value)


def _gain_control(r: Reader, kind: str, v: Y, fields: dict[str, Y], line: int) -> EffectStep:
    value = as_name(r, v)
    if value not in ("target", "it"):
        raise r.fail(v, Phrase("target_or_it", "must be target or it"))
    return EffectStep(kind, line, to=value, duration=_to(r, fields, "duration", ("end_of_turn", "permanent"),
                                                         "end_of_turn"))


def _become(r: Reader, kind: str, v: Y, fields: dict[str, Y], line: int) -> EffectStep:
    f = as_map(r, v, ("types", "subtypes", "colors", "power", "toughness", "lose_abilities", "keywords"))
    return EffectStep(
        kind, line, to=_to(r, fields, "to", MOVE_TO, "target"),
        duration=_to(r, fields, "duration", ("end_of_turn", "permanent"), "end_of_turn"),
        types=_types(r, f.get("types")), subtypes=tuple(as_name(r, s) for s in as_list(r, f["subtypes"]))
        if "subtypes" in f else (), colors=_colors(r, f["colors"]) if "colors" in f else None,
        power=as_int(r, f["power"]) if "power" in f else 0, toughness=as_int(r, f["toughness"]) if "toughness" in f
        else 0, lose_abilities=as_bool(r, f["lose_abilities"]) if "lose_abilities" in f else False,
        keywords=read_keywords(r, f["keywords"]) if "keywords" in f else ())


def read_replace(r: Reader, y: Y) -> ReplaceSpec:
    """``{when, who, instead, ...}``: a replacement or prevention effect (ru-cr:614.1, sr-judge:D20.11)."""
    f = as_map(r, y, ("when", "who", "instead", "counters", "effect", "to", "amount", "source", "next_only", "from",
                      "may"), ("when", "instead"))
    when, instead = as_name(r, f["when"]), as_name(r, f["instead"])
    if when not in REPLACE_WHEN:
        raise r.fail(f["when"], one_of(REPLACE_WHEN))
    if instead not in REPLACE_INSTEAD:
        raise r.fail(f["instead"], one_of(REPLACE_INSTEAD))
    who = as_name(r, f["who"]) if "who" in f else "any"
    if who not in REPLACE_WHO:
        raise r.fail(f["who"], one_of(REPLACE_WHO))
    amount: int | None = None
    if "amount" in f and f["amount"].value != "all":
        amount = as_int(r, f["amount"], 1)
    return ReplaceSpec(
        when, who, instead, y.line, counters=read_counters(r, f["counters"]) if "counters" in f else (),
        effect=tuple(read_effect(r, s) for s in as_list(r, f["effect"])) if "effect" in f else (),
        to=_to(r, f, "to", ("target", "self", "controller"), ""), amount=amount,
        source=_to(r, f, "source", ("self", "any"), ""), next_only=as_bool(r, f["next_only"]) if "next_only" in f
        else False, zone=_to(r, f, "from", ("battlefield", "hand", "library", "stack"), ""),
        optional=as_bool(r, f["may"]) if "may" in f else False)


def _replace(r: Reader, kind: str, v: Y, fields: dict[str, Y], line: int) -> EffectStep:
    spec = read_replace(r, v)
    if spec.who == "target" and spec.to == "target":
        raise r.fail(v, Phrase("replace_one_target", "one replace step takes one target: use who: you (or self) "
                               "with to: target"))
    takes = spec.who == "target" or spec.to == "target"
    return EffectStep(kind, line, replace=spec, to="target" if takes else "controller")


def _delayed(r: Reader, kind: str, v: Y, fields: dict[str, Y], line: int) -> EffectStep:
    f = as_map(r, v, ("when", "effect"), ("when", "effect"))
    when = as_name(r, f["when"])
    if when not in DELAYED_WHEN:
        raise r.fail(f["when"], one_of(DELAYED_WHEN))
    effect = tuple(read_effect(r, s) for s in as_list(r, f["effect"]))
    spec = DelayedSpec(when, effect, v.line, about_target=any(s.to == "bound" for s in effect))
    return EffectStep(kind, line, delayed=spec, to="controller")


def _mana(r: Reader, kind: str, v: Y, fields: dict[str, Y], line: int) -> EffectStep:
    return EffectStep(kind, line, mana=as_mana(r, v), to="controller")


_EFFECT_READERS: dict[str, Callable[[Reader, str, Y, dict[str, Y], int], EffectStep]] = {
    "damage": _amount_effect, "prevent": _amount_effect, "gain_life": _amount_effect,
    "lose_life": _amount_effect, "draw": _amount_effect,
    "destroy": _object_effect, "sacrifice": _object_effect, "regenerate": _object_effect,
    "counter": _object_effect, "switch_pt": _object_effect, "tap": _object_effect, "untap": _object_effect,
    "attach": _object_effect,
    "pump": _pt_effect, "set_pt": _pt_effect, "grant": _grant, "add_counters": _counters,
    "create_token": _token, "add_mana": _mana, "move": _move, "flicker": _flicker, "gain_control": _gain_control,
    "become": _become, "replace": _replace, "delayed": _delayed,
}


def read_ability(r: Reader, y: Y) -> Ability:
    """``{activated: ...}``, ``{triggered: ...}`` or ``{static: ...}``."""
    fields = as_map(r, y, ("activated", "triggered", "static", "replacement", "loyalty"))
    if len(fields) != 1:
        raise r.fail(y, Phrase.said("ability_forms", "an ability is one of {forms}", forms="{activated: ...}, "
                                    "{triggered: ...}, {static: ...}, {replacement: ...}, {loyalty: ...}"))
    kind, body = next(iter(fields.items()))
    if kind == "loyalty":
        from .costspec import read_loyalty

        return read_loyalty(r, body)
    if kind == "activated":
        return _activated(r, body)
    if kind == "triggered":
        return _triggered(r, body)
    if kind == "replacement":
        return Ability("replacement", body.line, replace=read_replace(r, body))
    return _static(r, body)


def _activated(r: Reader, y: Y) -> Ability:
    from .costspec import read_cost

    f = as_map(r, y, ("cost", "effect", "timing"), ("effect",))
    cost = read_cost(r, f["cost"]) if "cost" in f else Cost()
    timing = _to(r, f, "timing", ("instant", "sorcery"), "instant")
    effect = tuple(read_effect(r, s) for s in as_list(r, f["effect"]))
    return Ability("activated", y.line, effect=effect, cost=cost, timing=timing)


def _triggered(r: Reader, y: Y) -> Ability:
    f = as_map(r, y, ("when", "effect", "targets", "may", "if"), ("when", "effect"))
    when = as_name(r, f["when"])
    if when not in TRIGGER_EVENTS:
        raise r.fail(f["when"], one_of(TRIGGER_EVENTS))
    targets = tuple(as_name(r, t) for t in as_list(r, f["targets"])) if "targets" in f else ()
    effect = tuple(read_effect(r, s) for s in as_list(r, f["effect"]))
    condition = as_text(r, f["if"]).strip() if "if" in f else ""
    if condition:
        from .triggers import CONDITION

        if not CONDITION.match(condition):
            raise r.fail(f["if"], Phrase.said(
                "condition_form", "a condition is {form}, like {example}",
                form="'<life|opponent_life|hand|creatures|library|graveyard> <op> <number>'", example="'life <= 5'"))
    if when == "state" and not condition:
        raise r.fail(y, Phrase("state_if", "a state trigger needs its state in 'if'"))
    return Ability("triggered", y.line, effect=effect, when=when, targets=targets,
                   optional=as_bool(r, f["may"]) if "may" in f else False, condition=condition)


def _static(r: Reader, y: Y) -> Ability:
    f = as_map(r, y, _STATIC_SCOPES)
    if len(f) != 1:
        raise r.fail(y, Phrase.said("static_scopes", "a static ability is one of {scopes}",
                                    scopes=", ".join(_STATIC_SCOPES)))
    scope, body = next(iter(f.items()))
    from .costspec import STATIC_EXTRAS, static_extras

    b = as_map(r, body, STATIC_KEYS + STATIC_EXTRAS)
    cda = as_name(r, b["cda"]) if "cda" in b else ""
    if cda and cda not in CDA_COUNTS:
        raise r.fail(b["cda"], one_of(CDA_COUNTS))
    if cda and scope != "self":
        raise r.fail(b["cda"], Phrase("cda_self", "a characteristic-defining ability defines its own object's values "
                                           "(self)"))
    pt = as_map(r, b["set_pt"], ("power", "toughness")) if "set_pt" in b else {}
    color = _colors(r, b["color"]) if "color" in b else ()
    values = {**b, **pt}
    return Ability("static", y.line, scope=scope,
                   power=as_int(r, values["power"]) if "power" in values else 0,
                   toughness=as_int(r, values["toughness"]) if "toughness" in values else 0,
                   keywords=read_keywords(r, b["keywords"]) if "keywords" in b else (),
                   colors=_colors(r, b["colors"]) if "colors" in b else None, types=_types(r, b.get("types")),
                   subtypes=tuple(as_name(r, s) for s in as_list(r, b["subtypes"])) if "subtypes" in b else (),
                   lose_abilities=as_bool(r, b["lose_abilities"]) if "lose_abilities" in b else False,
                   cda=cda, controller_changes=as_bool(r, b["controls"]) if "controls" in b else False,
                   sets_pt=bool(pt), filter_color=color[0] if color else "",
                   filter_subtype=as_name(r, b["subtype"]) if "subtype" in b else "", **static_extras(r, b))
