"""Names to canonical ids: keywords, colours, card types and basic land types, in any document's language.

A keyword in a scenario may be a canonical id (``trample``, ``protection:red``, ``landwalk:forest``) or any
document's name for it, inflected or parameterised: ``Razbijač``, ``Anti-Crveno`` (sr-judge:E3.21),
``Šumski`` (sr-judge:E3.41), ``пробивной удар``. Names are looked up in one place, :func:`_concept_id`, which
asks the concept table (``izvori_rules.concepts``) when it is installed and this module's own short table
otherwise; the parameter of protection and landwalk is parsed here (colour and land-type names in en/sr/ru/cs).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from .. import folding

MODELLED = frozenset({
    "flying", "first_strike", "double_strike", "trample", "deathtouch", "lifelink", "vigilance", "haste", "reach",
    "defender", "indestructible", "menace", "fear", "hexproof", "shroud", "flash", "protection", "landwalk",
})
# Keywords the documents define that the engine does not play (a scenario using one is refused, exit 3).
KNOWN_NOT_MODELLED = frozenset({
    "intimidate", "infect", "wither", "banding", "flanking", "shadow", "horsemanship", "bushido", "rampage",
    "regenerate", "regeneration", "equip", "enchant", "kicker", "istocnik", "cycling", "echo", "flashback",
    "persist", "undying", "prowess", "exalted", "changeling", "morph", "phasing", "fading", "vanishing",
    "cumulative_upkeep", "madness", "storm", "convoke", "affinity", "annihilator", "totem_armor", "living_weapon",
    "unblockable", "split_second", "suspend", "vehicle", "crew", "fortify", "buyback", "flanking", "provoke",
})
COLORS = ("white", "blue", "black", "red", "green")
CARD_TYPES = ("creature", "artifact", "enchantment", "land", "instant", "sorcery")
BASIC_LAND_TYPES = ("plains", "island", "swamp", "mountain", "forest")
_COLOR_OF_LAND = dict(zip(BASIC_LAND_TYPES, COLORS))

# Stems (diacritics folded) of colour names; sr-judge's žuta is white (sr-judge:B12.76).
_COLOR_STEMS = {
    "white": ("white", "zut", "bel", "beo", "bijel", "бел", "bil"),
    "blue": ("blue", "plav", "син", "modr"),
    "black": ("black", "crn", "черн", "cern"),
    "red": ("red", "crven", "красн", "cerven"),
    "green": ("green", "zelen", "зелен"),
}
_LAND_STEMS = {
    "plains": ("plains", "zemlj", "равнин", "plan"),
    "island": ("island", "vod", "остров", "ostrov"),
    "swamp": ("swamp", "grob", "болот", "bazin"),
    "mountain": ("mountain", "vatr", "гор", "hor"),
    "forest": ("forest", "sum", "лес", "les"),
}
_TYPE_NAMES = {
    "creature": ("creature", "bice", "существо", "bytost"),
    "artifact": ("artifact", "artefakt", "артефакт"),
    "enchantment": ("enchantment", "promena", "чары", "ocarovani"),
    "land": ("land", "izvor", "земля", "zeme"),
    "instant": ("instant", "iznenadjenje", "мгновенное заклинание", "instant"),
    "sorcery": ("sorcery", "vradzbina", "волшебство", "carodejstvi"),
}
# This module's own names for keywords (folded), used when the concept table is not installed or silent.
# Each entry is a stem; a name matches when it starts with the stem and at most three letters follow.
_OWN_NAMES: dict[str, tuple[str, ...]] = {
    "flying": ("flying", "letac", "полет", "letani"),
    "first_strike": ("first_strike", "first strike", "jurisnik", "первый удар", "prvni uder"),
    "double_strike": ("double_strike", "double strike", "двойной удар", "dvojity uder"),
    "trample": ("trample", "razbijac", "пробивной удар", "dupot"),
    "deathtouch": ("deathtouch", "смертельное касание", "smrtici dotek"),
    "lifelink": ("lifelink", "цепь жизни", "spojeni s zivotem"),
    "vigilance": ("vigilance", "opreznost", "бдительност", "ostrazitost"),
    "haste": ("haste", "ubrzanje", "ускорение", "zbrklost"),
    "reach": ("reach", "захват", "dosah"),
    "defender": ("defender", "защитник", "obrance"),
    "indestructible": ("indestructible", "neunistiv", "неразрушим", "nezniciteln"),
    "menace": ("menace", "угроза", "hrozba"),
    "fear": ("fear", "zastrasuje", "zastrasivanje", "страх", "strach"),
    "hexproof": ("hexproof", "порчеустойчив"),
    "shroud": ("shroud", "пелена", "zahaleni"),
    "flash": ("flash", "presretac", "миг", "blesk"),
    "intimidate": ("intimidate", "устрашение"),
    "regenerate": ("regeneracija", "regenerate", "regeneration"),
    "equip": ("opremi", "equip"),
    "enchant": ("promeni", "enchant"),
    "kicker": ("pojacanje", "kicker"),
    "istocnik": ("istocnik",),
}
_PROTECTION = re.compile(r"^(?:protection(?: from)?[\s:_-]+|anti[\s:_-]+|защита(?: от)?[\s:_-]+|ochrana(?: pred)?[\s:_-]+|pro[\s:_-]+)(.+)$")
_LANDWALK = re.compile(r"^(?:landwalk[\s:_-]*(.+)|(.+?)walk|izvorni[\s:_-]*(.+)|знание[\s:_-]*(.+))$")
_SR_WALK = {"vodeni": "island", "grobni": "swamp", "vatreni": "mountain", "sumski": "forest", "zemljani": "plains"}


class KeywordError(ValueError):
    """A keyword name that is unknown (``known`` False) or known but not played by the engine."""

    def __init__(self, message: str, known: bool) -> None:
        self.known = known
        super().__init__(message)


def fold(text: str) -> str:
    """The corpus folding (:func:`izvori_rules.folding.fold`: đ → dj, ё → е, й kept), with spaces for
    underscores and runs of blanks, so ``first_strike`` and ``First  strike`` meet."""
    return re.sub(r"[\s_]+", " ", folding.fold(text.strip()))


def _stem_match(word: str, stems: tuple[str, ...], slack: int = 3) -> bool:
    return any(word.startswith(fold(s)) and len(word) - len(fold(s)) <= slack for s in stems)


def color(name: str) -> str | None:
    """The canonical colour of a colour name in any language (``crvena``, ``Crveno``, ``красного`` → red)."""
    word = fold(name).strip("- ")
    for canon, stems in _COLOR_STEMS.items():
        if _stem_match(word, stems, 4):
            return canon
    return None


def land_type(name: str) -> str | None:
    """The canonical basic land type of a name (``Šuma``, ``Forest``, ``лес`` → forest), else None."""
    word = fold(name).strip("- ")
    for canon, stems in _LAND_STEMS.items():
        if _stem_match(word, stems, 3):
            return canon
    return None


def land_color(land: str) -> str:
    """The colour of the mana a basic land type makes (sr-judge:B12.76)."""
    return _COLOR_OF_LAND[land]


def card_type(name: str) -> str | None:
    """The canonical card type of a type name (``biće``, ``iznenađenje``, ``Creature``)."""
    word = fold(name)
    for canon, names in _TYPE_NAMES.items():
        if word in {fold(n) for n in names}:
            return canon
    return None


def resolve_keyword(term: str) -> str:
    """The canonical id of a keyword (``protection:red``); raises :class:`KeywordError` if unknown or unplayed."""
    word = fold(term)
    param = _parameterised(word)
    if param:
        return param
    exact = word.replace(" ", "_").replace("-", "_")
    if exact in MODELLED or exact in KNOWN_NOT_MODELLED:
        concept: str | None = exact
    else:  # a name this module spells exactly (Letač, Razbijač) needs no concept table (17 ms to load)
        concept = _own_exact(word) or _concept_id(term) or _own_id(word)
    if concept is None:
        raise KeywordError(f"unknown keyword {term!r}", known=False)
    if concept is not None and concept.endswith("walk") and concept != "landwalk":
        land = land_type(concept[:-4])
        if land is not None:
            return f"landwalk:{land}"  # the concept table names each landwalk (forestwalk)
    if concept in ("protection", "landwalk"):
        raise KeywordError(f"keyword {term!r} needs its parameter ({concept}:<...>)", known=False)
    if concept not in MODELLED:
        raise KeywordError(f"keyword {term!r} ({concept}) is not modelled by the engine", known=True)
    return concept


def display_name(keyword: str, lang: str) -> str:
    """A keyword's name in a language, from the concept table (``first_strike`` in ``sr``: Jurišnik)."""
    base, _, param = keyword.partition(":")
    concepts = _concepts()
    if base == "landwalk" and param:
        base, param = f"{param}walk", ""
    concept = concepts.get(base) if concepts is not None else None
    name = (concept.preferred(lang) or concept.preferred("en")) if concept is not None else None
    name = name or base.replace("_", " ")
    if param:
        color_concept = concepts.get(param) if concepts is not None else None
        word = (color_concept.preferred(lang) if color_concept is not None else None) or param
        return f"{name}-{word.capitalize()}" if lang == "sr" else f"{name} from {word}"
    return name


def _parameterised(word: str) -> str | None:
    if word in _SR_WALK or (word[:-1] in _SR_WALK) or (word[:-2] in _SR_WALK):
        base = next(k for k in _SR_WALK if word.startswith(k))
        return f"landwalk:{_SR_WALK[base]}"  # sr-judge:E3.41
    match = _PROTECTION.match(word)
    if match:
        canon = color(match.group(1))
        if canon:
            return f"protection:{canon}"
        raise KeywordError(f"protection from {match.group(1)!r}: only protection from a colour is modelled", True)
    match = _LANDWALK.match(word)
    if match:
        raw = next(g for g in match.groups() if g)
        canon = land_type(raw)
        if canon:
            return f"landwalk:{canon}"
    return None


def _own_exact(word: str) -> str | None:
    """The keyword whose own name (not a stem of it) is exactly ``word``."""
    return next((canon for canon, names in _OWN_NAMES.items() if word in {fold(n) for n in names}), None)


def _own_id(word: str) -> str | None:
    for canon, names in _OWN_NAMES.items():
        if _stem_match(word, names, 3):
            return canon
    canon = word.replace(" ", "_").replace("-", "_")
    if canon in MODELLED or canon in KNOWN_NOT_MODELLED:
        return canon
    return None


def _concept_id(term: str) -> str | None:
    """The concept table's id for a term, normalised to this module's ids; None when it has none."""
    concepts = _concepts()
    if concepts is None:
        return None
    try:
        found = concepts.find(term)
    except Exception:  # noqa: BLE001 - a broken concept table must not break the engine's own names
        return None
    if found is None or getattr(found, "kind", "keyword_ability") != "keyword_ability":
        return None
    cid = str(getattr(found, "id", "")).casefold().replace("-", "_").replace(" ", "_")
    return cid or None


@lru_cache(maxsize=1)
def _concepts() -> Any:
    try:
        from ..concepts import load_concepts  # type: ignore[import-not-found,unused-ignore]
    except ImportError:
        return None
    try:
        return load_concepts()
    except Exception:  # noqa: BLE001 - a concept table that cannot load leaves the engine's own names
        return None
