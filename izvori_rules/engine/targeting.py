"""Restrictions written as short English phrases: "nonblack creature", "creature you control", "artifact or
creature", "target player", "spell", "another creature", "Goblin", "Swamp you control".

One small grammar serves every place the engine needs to say "which objects": what a target may be
(ru-cr:114.1, ru-cr:114.2, ru-cr:601.2c; sr-judge:D10.13, sr-judge:D15.50), what a cost may sacrifice or tap
(ru-cr:601.2h, sr-judge:D10.18), what a static ability affects or counts (ru-cr:604.3, sr-judge:D19.42) and which
spells a cost change applies to (ru-cr:601.2f, sr-judge:D10.16). "any" is a creature, a player or a planeswalker
(ru-cr:114.4). A phrase is parsed once (:func:`parse`) into a frozen :class:`Filter`; a word that is no colour,
type, state or controller is read as a subtype ("Goblin", "Swamp"), so a misspelt type is caught only by the
types the reader knows.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ..errors import Phrase, joined
from .keywords import card_type, color, fold, land_type

_KINDS = ("permanent", "spell", "card", "player", "opponent", "any", "ability")
_STATES = ("tapped", "untapped", "attacking", "blocking")
_TYPES = ("creature", "artifact", "enchantment", "land", "instant", "sorcery", "planeswalker")


class FilterError(ValueError):
    """A phrase the grammar does not read; ``said`` is why, a phrase the judge's language says too."""

    def __init__(self, said: Phrase) -> None:
        self.said = said
        super().__init__(str(said))


@dataclass(frozen=True, slots=True, eq=False)
class Filter:
    """What a phrase accepts. Empty tuples accept anything."""

    phrase: str
    kind: str = "permanent"  # permanent | spell | card | player | opponent | any | ability
    types: tuple[str, ...] = ()  # any of
    not_types: tuple[str, ...] = ()
    colors: tuple[str, ...] = ()  # any of
    not_colors: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()  # any of (folded)
    controller: str = ""  # you | opponent | ""
    other: bool = False  # "another" / "other": not the source itself
    state: str = ""  # tapped | untapped | attacking | blocking


@lru_cache(maxsize=512)
def parse(phrase: str) -> Filter:
    """The filter of a phrase; raises :class:`FilterError` naming the word it does not know."""
    text = " " + fold(phrase).replace(",", " ") + " "
    controller = ""
    for tail, who in ((" you control ", "you"), (" an opponent controls ", "opponent"),
                      (" your opponents control ", "opponent"), (" you dont control ", "opponent"),
                      (" you don't control ", "opponent")):
        if tail in text:
            controller, text = who, text.replace(tail, " ")
    words = [w for w in text.split() if w not in ("target", "a", "an", "or", "and", "each", "of")]
    kind, other, state = "", False, ""
    types: list[str] = []
    not_types: list[str] = []
    colors: list[str] = []
    not_colors: list[str] = []
    subtypes: list[str] = []
    for word in words:
        bare = word.removesuffix("s") if word.endswith("s") and word[:-1] in _KINDS + _TYPES else word
        if bare in ("another", "other"):
            other = True
        elif bare in _STATES:
            state = bare
        elif bare in _KINDS:
            kind = bare
        elif bare in ("nonland", "noncreature", "nonartifact", "nonenchantment", "nonplaneswalker"):
            not_types.append(bare[3:])
        elif bare.startswith("non") and color(bare[3:]) is not None:
            not_colors.append(str(color(bare[3:])))
        elif bare in _TYPES or card_type(bare) is not None:
            types.append(bare if bare in _TYPES else str(card_type(bare)))
        elif bare in ("white", "blue", "black", "red", "green") or (color(bare) is not None and len(bare) > 3):
            colors.append(str(color(bare)))
        elif bare.isalpha() or land_type(bare) is not None:
            subtypes.append(bare)
        else:
            raise FilterError(Phrase.said("filter_word", "unknown word {word!r} in {phrase!r}", word=word,
                                          phrase=phrase))
    if not kind:
        kind = "permanent"
    return Filter(phrase, kind, tuple(types), tuple(not_types), tuple(colors), tuple(not_colors), tuple(subtypes),
                  controller, other, state)


def _subtype_match(wanted: tuple[str, ...], subtypes: tuple[str, ...]) -> bool:
    have = {fold(s) for s in subtypes} | {str(land_type(s)) for s in subtypes if land_type(s)}
    return any(w in have or w.removesuffix("s") in have or (land_type(w) or "?") in have for w in wanted)


def _colour(name: str) -> Phrase:
    """A colour in the judge's words (``[LANG.errors]`` colour_*)."""
    return Phrase(f"colour_{name}", name)


def _card_type(name: str) -> Phrase:
    """A card type in the judge's words, as the type's documents call it (``[LANG.errors]`` type_*)."""
    return Phrase(f"type_{name}", name)


def object_mismatch(f: Filter, obj: Any, c: Any, controller: str, source_ref: Any = None) -> Phrase | None:
    """Why an object (with current characteristics ``c``) fails the filter, or None if it passes; said in the
    judge's language (``[LANG.errors]`` mismatch_*), card types and colours in the judge's words too, subtypes
    (``Goblin``, ``Forest``) as the file writes them."""
    types = tuple(c.types)
    name = obj.handle
    if f.types and not any(t in types for t in f.types):
        return Phrase.said("mismatch_not_a", "{name} is not of type {what}", name=name,
                           what=joined(tuple(_card_type(t) for t in f.types)))
    bad = [t for t in f.not_types if t in types]
    if bad:
        return Phrase.said("mismatch_is_a", "{name} is of type {what}", name=name, what=_card_type(bad[0]))
    if f.colors and not any(col in c.colors for col in f.colors):
        return Phrase.said("mismatch_not_colour", "{name} is not {colour}", name=name,
                           colour=joined(tuple(_colour(col) for col in f.colors)))
    bad = [col for col in f.not_colors if col in c.colors]
    if bad:
        return Phrase.said("mismatch_colour", "{name} is {colour}", name=name, colour=_colour(bad[0]))
    if f.subtypes and not _subtype_match(f.subtypes, tuple(c.subtypes)):
        return Phrase.said("mismatch_not_a", "{name} is not of type {what}", name=name, what=joined(f.subtypes))
    return _who_or_state(f, obj, controller, source_ref)


def _who_or_state(f: Filter, obj: Any, controller: str, source_ref: Any) -> Phrase | None:
    """Why an object fails the filter's controller, "another" or state (tapped, attacking ...)."""
    name = obj.handle
    if f.controller == "you" and obj.controller != controller:
        return Phrase.said("mismatch_not_yours", "{name} is not controlled by {controller}", name=name,
                           controller=controller)
    if f.controller == "opponent" and obj.controller == controller:
        return Phrase.said("mismatch_yours", "{name} is controlled by {controller}, not an opponent", name=name,
                           controller=controller)
    if f.other and source_ref is not None and obj.ref == source_ref:
        return Phrase.said("mismatch_source", "{name} is the source itself", name=name)
    if f.state == "tapped" and not obj.tapped:
        return Phrase.said("mismatch_tapped", "{name} is untapped", name=name)
    if f.state == "untapped" and obj.tapped:
        return Phrase.said("mismatch_untapped", "{name} is tapped", name=name)
    if f.state == "attacking" and obj.attacking is None:
        return Phrase.said("mismatch_attacking", "{name} is not attacking", name=name)
    if f.state == "blocking" and obj.blocking is None:
        return Phrase.said("mismatch_blocking", "{name} is not blocking", name=name)
    return None


def player_mismatch(f: Filter, player: str, controller: str) -> Phrase | None:
    """Why a player fails the filter (``opponent`` needs someone other than the controller)."""
    if f.kind == "opponent" and player == controller:
        return Phrase.said("mismatch_not_opponent", "{player} is not an opponent of {controller}", player=player,
                           controller=controller)
    if f.kind not in ("player", "opponent", "any"):
        return Phrase.said("mismatch_player", "{player} is a player, not a {phrase}", player=player, phrase=f.phrase)
    return None


def kind_of(f: Filter) -> str:
    """The target kind of :mod:`.targets` a phrase asks for."""
    if f.kind in ("player", "opponent"):
        return "player"
    if f.kind in ("spell", "ability"):
        return "stack"
    if f.kind == "any":
        return "any"
    if f.types == ("creature",) or (f.types and set(f.types) <= {"creature"}):
        return "creature"
    return "permanent"
