"""Names to canonical ids: keywords, colours, card types, supertypes and basic land types, in any document's
language, from the data only: the concept table (``corpus/concepts.tsv``, :mod:`izvori_rules.text.concepts`) names
them in every language, and ``corpus/rulesets.toml`` says which keywords each ruleset has (the engine plays the
union), which colours there are and which colour each basic land type makes (ru-cr:305.6, sr-judge:B12.76).

A keyword in a scenario may be a canonical id (``trample``, ``protection:red``, ``landwalk:forest``) or any
document's name for it, inflected or parameterised: ``Razbijač``, ``Anti-Crveno`` (sr-judge:E3.21), ``Šumski``
(sr-judge:E3.41), ``пробивной удар``, ``Защита от красного``. A keyword ability or action the concept table
knows but no ruleset plays is refused (exit 3); a word that is no keyword at all makes the file invalid. A
concept table that cannot be read is an error (:class:`~izvori_rules.errors.CorpusError`), never ignored.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import TYPE_CHECKING

from ..errors import Phrase
from ..text import folding

if TYPE_CHECKING:
    from ..text.concepts import Concept, ConceptTable

CARD_TYPES = ("creature", "artifact", "enchantment", "land", "instant", "sorcery")  # the types the engine plays
_KEYWORD_KINDS = ("keyword_ability", "keyword_action")
_PARAMETERISED = ("protection", "landwalk")


class KeywordError(ValueError):
    """A keyword name that is unknown (``known`` False) or known but not played by the engine; ``colour`` is the
    word protection names that is no colour and no other thing the concept table knows (``bogus`` of
    ``Anti-Bogus``), empty when protection names nothing (``protection``): bad input, for which the colours
    spelled closest are suggested; None when the error is not about protection's colour. ``said`` is the message
    as a phrase the judge's language says too; ``str()`` its English."""

    def __init__(self, message: str | Phrase, known: bool, colour: str | None = None) -> None:
        self.known = known
        self.colour = colour
        self.said = message if isinstance(message, Phrase) else Phrase("", message)
        super().__init__(str(message))


def fold(text: str) -> str:
    """The corpus folding (:func:`izvori_rules.folding.fold`: đ → dj, ё → е, й kept), with spaces for
    underscores and runs of blanks, so ``first_strike`` and ``First  strike`` meet."""
    return re.sub(r"[\s_]+", " ", folding.fold(text.strip()))


@lru_cache(maxsize=1)
def _concepts() -> ConceptTable:
    from ..text.concepts import load_concepts

    return load_concepts()  # a broken table raises CorpusError: the engine does not guess names without it


@lru_cache(maxsize=1)
def _rulesets() -> tuple[frozenset[str], tuple[str, ...], tuple[tuple[str, str], ...]]:
    """The keywords some ruleset plays, the colours, and each basic land type's colour (rulesets.toml)."""
    from .rulesets import load_rulesets

    rulesets = load_rulesets().values()
    played = frozenset(k for rs in rulesets for k in rs.keywords)
    first = next(iter(rulesets))
    return played, first.colors, tuple(first.basic_land_types.items())


def modelled() -> frozenset[str]:
    """The keyword ids the engine plays: every keyword of some ruleset in ``rulesets.toml``."""
    return _rulesets()[0]


def colors() -> tuple[str, ...]:
    """The five colours in their order (W U B R G), from ``rulesets.toml``."""
    return _rulesets()[1]


def basic_land_types() -> tuple[str, ...]:
    return tuple(land for land, _color in _rulesets()[2])


def land_color(land: str) -> str:
    """The colour of the mana a basic land type makes (ru-cr:305.6, sr-judge:B12.76), from ``rulesets.toml``."""
    return dict(_rulesets()[2])[land]


def land_of_color(color_id: str) -> str:
    """The basic land type whose mana is of this colour (sr-judge:B12.76: a card played as a land)."""
    return next(land for land, c in _rulesets()[2] if c == color_id)


@lru_cache(maxsize=2048)
def _candidates(term: str, leading: bool) -> tuple[Concept, ...]:
    """Every concept the term may name (:meth:`Concepts.candidates`), ``_`` read as a space."""
    text = term.replace("_", " ").strip()
    return _concepts().candidates(text, leading=leading) if text else ()


def _find(term: str, leading: bool) -> Concept | None:
    found = _candidates(term, leading)
    return found[0] if len(found) == 1 else None


def _of_kind(term: str, kinds: tuple[str, ...], leading: bool = False) -> Concept | None:
    """The one concept of ``kinds`` the whole term names: a name followed by other words names none (``trample
    bogus``, ``green bogus``, ``creature bogus``), unless ``leading`` lets its first words name it (protection's
    parameter follows its name: ``Anti-Crno``, ``Защита от красного``). A name of concepts of other kinds too
    names the one of ``kinds``: Izvori's ``Zemlja`` is the basic land type (sr-judge B12.76) where a land type is
    asked, though Serbian players also say zemlja for any land."""
    found = [concept for concept in _candidates(term, leading) if concept.kind in kinds]
    return found[0] if len(found) == 1 else None


def color(name: str) -> str | None:
    """The canonical colour of a colour name in any language (``crvena``, ``Crveno``, ``красного`` → red); a
    colour's id (``rulesets.toml``) is itself without reading the concept table, as a scenario spells most."""
    if name in colors():
        return name
    concept = _of_kind(name.strip("- "), ("color",))
    return concept.id if concept is not None and concept.id in colors() else None


def is_colorless(name: str) -> bool:
    if name in colors():  # a colour's id: no table to read (see color)
        return False
    concept = _of_kind(name, ("color",))
    return concept is not None and concept.id == "colorless"


def land_type(name: str) -> str | None:
    """The canonical basic land type of a name (``Šuma``, ``Forest``, ``Лес`` → forest), else None."""
    if name.casefold() in basic_land_types():
        return name.casefold()
    concept = _of_kind(name.strip("- "), ("subtype",))
    return concept.id if concept is not None and concept.id in basic_land_types() else None


def land_name(land: str, lang: str) -> str:
    """A basic land type's name in a language (izvori: ``forest`` is Šuma, sr-judge:B12.76)."""
    concept = _concepts().get(land)
    name = (concept.preferred(lang) or concept.preferred("en")) if concept is not None else None
    return name or land


def card_type(name: str) -> str | None:
    """The canonical card type of a type name (``biće``, ``iznenađenje``, ``Creature``), played or not; the id of
    a type the engine plays (:data:`CARD_TYPES`) is itself without reading the concept table."""
    if name in CARD_TYPES:
        return name
    concept = _of_kind(name, ("card_type",))
    return concept.id if concept is not None else None


def supertype(name: str) -> str | None:
    concept = _of_kind(name, ("supertype",))
    return concept.id if concept is not None else None


@lru_cache(maxsize=1024)
def resolve_keyword(term: str) -> str:
    """The canonical id of a keyword (``protection:red``); raises :class:`KeywordError` if unknown or unplayed."""
    base, colon, param = term.partition(":")
    if colon and base.strip() in _PARAMETERISED:
        return _with_parameter(base.strip(), param, term)
    if base.replace(" ", "_") in modelled() and not colon and base not in _PARAMETERISED:
        return base.replace(" ", "_")
    concept = _of_kind(term, _KEYWORD_KINDS)
    if concept is None:
        head = _of_kind(term, _KEYWORD_KINDS, leading=True)
        if head is not None and head.id == "protection":
            return _protection(term)
        raise KeywordError(_unknown(head, term), known=False)
    if concept.id.endswith("walk") and concept.id != "landwalk":
        land = land_type(concept.id[:-4])
        if land is not None:
            return f"landwalk:{land}"  # the concept table names each landwalk (forestwalk, Šumski)
    if concept.id == "protection":
        return _protection(term)
    if concept.id == "landwalk":
        raise KeywordError(Phrase.said("kw_needs_land_type", "keyword {term!r} needs its parameter ({form})", term=term,
                                       form="landwalk:<land type>"), known=False)
    if concept.id not in modelled():
        raise KeywordError(Phrase.said("kw_not_modelled", "keyword {term!r} ({keyword}) is not modelled by the engine",
                                       term=term, keyword=concept.id), known=True)
    return concept.id


def _unknown(head: Concept | None, term: str) -> Phrase:
    """An unknown keyword, and what a term that begins with a keyword's name has besides: a scenario's keyword is
    one name, and a word after it is named, not dropped (``trample bogus``: ``'bogus' follows trample``)."""
    words = term.replace("_", " ").split()
    named = max((i for i in range(1, len(words)) if _of_kind(" ".join(words[:i]), _KEYWORD_KINDS) == head),
                default=0) if head is not None else 0
    if head is None or not named:
        return Phrase.said("kw_unknown", "unknown keyword {term!r}", term=term)
    return Phrase.said("kw_unknown_follows", "unknown keyword {term!r}: {rest!r} follows {keyword}", term=term,
                       rest=" ".join(words[named:]), keyword=head.id.replace("_", " "))


def close_keywords(term: str, among: frozenset[str], colour: str | None = None) -> str:
    """Keyword names, in any document's words, spelled closest to ``term`` (the concept table's "did you mean")
    whose keyword is one of ``among`` (a ruleset's), joined by commas; where protection names a ``colour`` that is
    none (:attr:`KeywordError.colour`), only those spelled very like the term, else the colour names spelled very
    like that word; empty when nothing is close."""
    out = []
    named: set[str] = set()  # one name a keyword: trample, not trample, trampler, tramplers
    for name in _concepts().suggest(term):
        try:
            canon = resolve_keyword(name)
        except KeywordError:
            continue
        if canon.partition(":")[0] in among and canon not in named:
            named.add(canon)
            out.append(_preferred_name(name, canon))
    if colour is not None:  # protection from a word that is no colour: only names spelled very like it
        out = [name for name in out if _alike(term, name)]
        if not out and colour and "protection" in among:
            out = [name for name in _concepts().suggest(colour) if color(name) is not None and _alike(colour, name)]
    return ", ".join(out)


def _preferred_name(name: str, canon: str) -> str:
    """A keyword's name as the table prefers it in the language ``name`` is in (``tramplers`` → trample,
    ``Razbijača`` → Razbijač); a parameterised keyword's name (``Anti-Crveno``) as it is."""
    concept = None if ":" in canon else _of_kind(name, _KEYWORD_KINDS)
    lang = next((lang for lang, term in concept.all_terms() if term == name), None) if concept else None
    return (concept.preferred(lang) if concept and lang else None) or name


def _alike(typed: str, name: str) -> bool:
    """Whether ``name`` is spelled very like ``typed`` (a letter or two apart: ``Anti-Crevno``, ``Anti-Crveno``);
    the concept table's "did you mean" reaches further (``Anti-Bogus``, ``Anti-Žut``), too far for a colour."""
    import difflib

    return difflib.SequenceMatcher(None, fold(typed).casefold(), fold(name).casefold()).ratio() >= 0.75


def keyword_list(among: frozenset[str]) -> str:
    """A ruleset's keywords by their English names, sorted: what a refusal lists for the judge to choose from."""
    return ", ".join(sorted({display_name(k, "en") for k in among}))


def _with_parameter(base: str, param: str, term: str) -> str:
    value = color(param) if base == "protection" else land_type(param)
    if value is None:
        if base == "protection":
            raise KeywordError(Phrase.said("kw_not_colour", "{term!r}: {word!r} is not a colour", term=term,
                                           word=param), known=True)
        raise KeywordError(Phrase.said("kw_not_land_type", "{term!r}: {word!r} is not a land type", term=term,
                                       word=param), known=False)
    return f"{base}:{value}"


def _protection(term: str) -> str:
    """``protection from red``, ``Anti-Crveno``, ``Защита от красного``: the words after the keyword name a
    colour, perhaps after a preposition (sr-judge:E3.21)."""
    words = re.findall(r"\w+", fold(term))
    for i in range(1, len(words)):
        head = _of_kind(" ".join(words[:i]), _KEYWORD_KINDS)
        if head is None or head.id != "protection":
            continue
        tail = words[i:]
        found = color(" ".join(tail)) or (color(" ".join(tail[1:])) if len(tail) > 1 else None)
        if found:
            return f"protection:{found}"
        named = " ".join(tail[1:] if len(tail) > 1 else tail)  # after a preposition (from, od, от), if any
        if any(_find(" ".join(words), False) is not None for words in (tail, tail[1:]) if words):
            # protection from creatures, from artifacts: a quality the rules know (ru-cr:702.16a), not played
            raise KeywordError(Phrase.said("kw_protection_not_colour", "protection from {named!r}: only protection "
                                           "from a colour is modelled", named=named), True)
        # a word that names nothing: a mistake, not an unplayed ability (sr-judge:E3.21: Anti always names a colour)
        raise KeywordError(Phrase.said("kw_not_colour", "{term!r}: {word!r} is not a colour", term=term, word=named),
                           False, colour=named)
    raise KeywordError(Phrase.said("kw_needs_colour", "keyword {term!r} needs its parameter ({form})", term=term,
                                   form="protection:<colour>"), known=False, colour="")


def display_name(keyword: str, lang: str) -> str:
    """A keyword's name in a language, from the concept table (``first_strike`` in ``sr``: Jurišnik)."""
    base, _, param = keyword.partition(":")
    concepts = _concepts()
    if base == "landwalk" and param:
        base, param = f"{param}walk", ""
    concept = concepts.get(base)
    name = (concept.preferred(lang) or concept.preferred("en")) if concept is not None else None
    name = name or base.replace("_", " ")
    if param:
        color_concept = concepts.get(param)
        word = (color_concept.preferred(lang) if color_concept is not None else None) or param
        return f"{name}-{word.capitalize()}" if lang == "sr" else f"{name} from {word}"
    return name
