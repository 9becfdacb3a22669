"""Card names in a query stand for the rules concepts the card is about (issue 10).

A judge's question often names a card instead of the rule: "Rest in Peace and Remand", "Fog vs trample", "Control
Magic leaves". The searcher knows no cards, so those words were noise, or matched a rule that shares a word
("control", "magic", "peace"). ``corpus/card_concepts.tsv`` lists well-known cards with the concepts of
``concepts.tsv`` their Oracle text involves; a query naming one (:meth:`CardNames.find`) searches the card's
concepts as one clause of lower weight beside the question's own words (:mod:`.query`), and its name's words are no
longer searched as words.

Where the names come from: a card's English (Oracle) name is the table's first column; its names in the other
languages are kept in one place each. The engine's card library (``corpus/cards.yaml``) already gives the names of
its cards in sr, pt, ru and cs, each with the line of the document that prints it, so for those cards the names are
read from there, and the table's ``names`` cell must stay empty (a row that repeats them is an error); a card the
library lacks carries its names in that cell. So a name is written once, beside its source, and the concepts of
every card are in one reviewable table.

Matching is one dict look-up per run of words that starts with a name's first word (the names are folded, their
apostrophes dropped, Serbian Cyrillic read as Latin, at load): "teferis protection" is *Teferi's Protection*. A
name that is an everyday word (the ``everyday`` column: Fog, Shock, Lure, Terror) names the card only when typed
capitalized, as a judge writes a card's name: "Lure creatures" is the card, "lure" the word.

Two cards named together ask how they interact, and when both are about one concept (two replacement effects, two
effects of one layer), the rule of the pair is the one on two such things (cr 616.1, 613.8), not either card's own:
``corpus/card_interactions.tsv`` gives, for such a shared concept, the concepts of that rule
(:meth:`CardNames.interaction`), which the query searches as one more card's share.
"""

from __future__ import annotations

import re
import sys
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, NamedTuple, cast

from ..corpus import corpus_dir, per_corpus, read_table
from ..errors import CorpusError
from ..text.folding import fold, is_cyrillic, looks_serbian_cyrillic, serbian_to_latin
from ..text.sounds import MIN_SOUNDS, sound_key, spellings
from ..text.stemming import WORD
from ..tsv import Row, read_tsv

FILE_NAME = "card_concepts.tsv"
LIBRARY = "cards.yaml"  # the engine's card library: the other-language names of its cards
CONCEPTS = "concepts.tsv"
INTERACTIONS = "card_interactions.tsv"  # what two cards sharing a concept ask (optional: a test corpus may lack it)
COLUMNS = ("card", "names", "everyday", "concepts", "reason")
REQUIRED = ("card", "concepts", "reason")
INTERACTION_COLUMNS = ("shared", "asks", "reason")
NAME_LANGUAGES = ("sr", "ru", "pt", "cs")
_WORD = re.compile(WORD)
_APOSTROPHES = str.maketrans("", "", "'’")
_CYRILLIC = re.compile("[\u0400-\u04ff]")
SOUNDED = "~"  # marks a word's sound key among its keys (a card's English name as Russian players spell it)


class Card(NamedTuple):
    """One row: the card's English name and the concepts its rules questions are about. A named tuple, not a frozen
    dataclass: a cold search reads all 1495 rows back from the cache (:func:`load_cards`), and making each through a
    frozen dataclass's ``__init__`` (and the class itself at import) cost it a millisecond."""

    name: str
    concepts: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Mention:
    """A card named in a query: where (character offsets), as typed, and which card."""

    start: int
    end: int
    typed: str
    card: Card

    @property
    def renamed(self) -> bool:
        """Whether the name as typed is not the card's English one (``Перунов Гнев`` for Wrath of God, a plural):
        then the answer says which card it was taken for."""
        return name_key(self.typed) != name_key(self.card.name)


@dataclass(frozen=True, slots=True)
class CardNames:
    """Every name of every card, by its key (:func:`name_key`), with whether it is an everyday word; ``firsts``
    the first words of the keys with the most words a key starting so has (the look-up's window); ``interactions``
    the concepts asked by a question naming two cards that share a concept (:data:`INTERACTIONS`), by that concept."""

    cards: tuple[Card, ...]
    names: dict[str, tuple[int, bool]]
    firsts: dict[str, int]
    interactions: dict[str, tuple[str, ...]] = field(default_factory=dict)

    def find(self, text: str) -> list[Mention]:
        """The cards the text names, longest name first at each place, in text order."""
        words = _words(text)
        found: list[Mention] = []
        i = 0
        while i < len(words):
            hit = self._at(text, words, i)
            if hit is None:
                i += 1
                continue
            n, card = hit
            start, end = words[i][0], words[i + n - 1][1]
            found.append(Mention(start, end, text[start:end], self.cards[card]))
            i += n
        return found

    def interaction(self, mentions: Sequence[Mention]) -> tuple[str, ...]:
        """The concepts of how the cards mentioned interact: those :data:`INTERACTIONS` gives for each concept two or
        more of them are about (a card named twice counts once), in the cards' order of concepts, then those it gives
        for each pair of concepts two of them are about apart, one each (a replacement effect and a dies trigger)."""
        cards = list({mention.card.name: mention.card.concepts for mention in mentions}.values())
        if len(cards) < 2 or not self.interactions:
            return ()
        shared = Counter(concept for concepts in cards for concept in concepts)
        alike = (asked for concept, count in shared.items() if count > 1 for asked in self.interactions.get(concept, ()))
        apart = (asked for pair, asks in self.interactions.items() if " " in pair and _apart(cards, *pair.split())
                 for asked in asks)
        return tuple(dict.fromkeys((*alike, *apart)))

    def _at(self, text: str, words: list[_Word], i: int) -> tuple[int, int] | None:
        """(number of words, card) of the longest name starting at word ``i``, or None."""
        for first in words[i][2]:
            longest = self.firsts.get(first)
            if longest is None:
                continue
            for n in range(min(longest, len(words) - i), 0, -1):
                for key in _joined(words[i:i + n]):
                    entry = self.names.get(key)
                    if entry is not None and (not entry[1] or text[words[i][0]].isupper()):
                        return n, entry[0]
        return None


EMPTY = CardNames((), {}, {})


def _apart(cards: list[tuple[str, ...]], one: str, other: str) -> bool:
    """Whether one card is about ``one`` and another card about ``other``."""
    return any(one in first and other in second for i, first in enumerate(cards) for j, second in enumerate(cards)
               if i != j)


def name_key(name: str) -> str:
    """A name's look-up key: its folded words, apostrophes dropped, Serbian Cyrillic in Latin (``Teferi's
    Protection`` → ``teferis protection``, ``Перунов Гнев`` → ``perunov gnev``)."""
    words = _WORD.findall(name)
    return " ".join(_latin(_keys(word)) for word in words)


def _keys(word: str) -> tuple[str, ...]:
    """A word's keys: folded without apostrophes, and in Latin when it may be Serbian Cyrillic (last)."""
    return _folded_keys(fold(word), True)


def _folded_keys(key: str, cyrillic: bool) -> tuple[str, ...]:
    """The keys of a folded word (see :func:`_keys`); ``cyrillic``: whether its text has Cyrillic at all. A word
    in Cyrillic only has its sound key too, marked with :data:`SOUNDED` (:func:`sounded_keys`)."""
    if "'" in key or "’" in key:
        key = key.translate(_APOSTROPHES)
    if not (cyrillic and _CYRILLIC.search(key)):
        return (key,)
    sound = (SOUNDED + sound_key(key),) if is_cyrillic(key) else ()
    if looks_serbian_cyrillic(key):
        latin = serbian_to_latin(key)
        return (key, latin, *sound) if latin != key else (key, *sound)
    return (key, *sound)


def sounded_keys(name: str) -> list[str]:
    """The keys of a card's English name as its sounds (:func:`.sounds.spellings`, each word marked with
    :data:`SOUNDED`), for a query that spells the name in Cyrillic: none when it has fewer consonants than
    :data:`.sounds.MIN_SOUNDS` (too many everyday words sound so)."""
    words = _WORD.findall(fold(name).translate(_APOSTROPHES))
    out = []
    for sounds in spellings(words):
        if sum(len(sound.replace("V", "")) for sound in sounds) >= MIN_SOUNDS and all(sounds):
            out.append(" ".join(SOUNDED + sound for sound in sounds))
    return out


_Word = tuple[int, int, tuple[str, ...]]  # a word's start and end in the text, and its keys


def _words(text: str) -> list[_Word]:
    """The text's words with their keys. The text is folded once (a query is folded as a whole, not word by word,
    whenever folding keeps its length: NFC and lower case rarely change it), its Serbian Cyrillic looked for once."""
    folded = fold(text)
    if len(folded) != len(text):
        return [(m.start(), m.end(), _keys(m.group())) for m in _WORD.finditer(text)]
    cyrillic = _CYRILLIC.search(folded) is not None
    return [(m.start(), m.end(), _folded_keys(m.group(), cyrillic)) for m in _WORD.finditer(folded)]


def _joined(words: list[_Word]) -> list[str]:
    """The keys of a run of words (each word's first key, then, when any is Serbian Cyrillic, their Latin keys,
    then, when all are in Cyrillic, their sound keys)."""
    plain = " ".join(keys[0] for _, _, keys in words)
    latin = " ".join(_latin(keys) for _, _, keys in words)
    found = [plain] if latin == plain else [plain, latin]
    if all(keys[-1][0] == SOUNDED for _, _, keys in words):
        found.append(" ".join(keys[-1] for _, _, keys in words))
    return found


def _latin(keys: tuple[str, ...]) -> str:
    """A word's Latin key: its last key but its sound key."""
    return keys[-2] if keys[-1][0] == SOUNDED else keys[-1]


def parse_cards(text: str, source: str, library: dict[str, dict[str, str]], concept_ids: frozenset[str]
                ) -> CardNames:
    """The table's cards and names. ``library``: the engine library's names per card (English name → language →
    name); ``concept_ids``: those of concepts.tsv. A duplicate card or name, an unknown concept, a names cell for a
    library card, or an everyday name that is not one of the card's is a :class:`CorpusError` naming the cell."""
    cards: list[Card] = []
    names: dict[str, tuple[int, bool]] = {}
    lines: dict[str, int] = {}
    plurals: dict[str, tuple[int, bool]] = {}
    for row in read_tsv(text, source, COLUMNS, REQUIRED):
        card = _card(row, concept_ids)
        own = _names(row, card.name, library)
        everyday = _everyday(row, own)
        for name in own:
            key = name_key(name)
            if key in names and names[key][0] != len(cards):
                raise row.error("names" if name != card.name else "card",
                                f"the name {name!r} is also a name of {cards[names[key][0]].name!r} "
                                f"(line {lines[key]})")
            names[key] = (len(cards), name in everyday or key in names and names[key][1])
            lines[key] = row.line
            if name == card.name and not key.endswith("s"):  # "two Doubling Seasons", "my Clones"
                plurals[key + "s"] = names[key]
        cards.append(card)
    for plural, entry in plurals.items():  # a name's own key wins over another's plural
        names.setdefault(plural, entry)
    for short, index in _short_names(cards):
        names.setdefault(short, (index, True))
    sounded = [(sound, card) for card in cards for sound in sounded_keys(card.name) if sound not in names]
    heard = Counter(sound for sound, _ in sounded)
    for sound, card in sounded:  # the English name as Russian players spell it, where no other name sounds so
        if heard[sound] == 1:
            names[sound] = names[name_key(card.name)]
    firsts: dict[str, int] = {}
    for key in names:
        words = key.split()
        firsts[words[0]] = max(firsts.get(words[0], 0), len(words))
    return CardNames(tuple(cards), names, firsts)


def parse_interactions(text: str, source: str, concept_ids: frozenset[str]) -> dict[str, tuple[str, ...]]:
    """The interactions table (:data:`INTERACTIONS`): each shared concept's (or pair of concepts', space-separated)
    asked concepts. An unknown concept, more than two, or a shared concept or pair listed twice, is a
    :class:`CorpusError` naming the cell."""
    found: dict[str, tuple[str, ...]] = {}
    for row in read_tsv(text, source, INTERACTION_COLUMNS):
        shared, asks = tuple(row["shared"].split()), tuple(map(sys.intern, row["asks"].split()))
        for column, ids in (("shared", shared), ("asks", asks)):
            unknown = [concept for concept in ids if concept not in concept_ids]
            if unknown or not ids:
                raise row.error(column, f"{' '.join(unknown) or 'no concept'!r} is not an id of {CONCEPTS}")
        if len(shared) > 2:
            raise row.error("shared", f"{row['shared']!r} names more than two concepts")
        key = sys.intern(" ".join(shared))
        if key in found:
            raise row.error("shared", f"{key!r} is listed twice")
        found[key] = asks
    return found


def _short_names(cards: list[Card]) -> list[tuple[str, int]]:
    """A legend's name before its title, as players call it ("Kalitas" for Kalitas, Traitor of Ghet, "Thalia"), with
    its card's index: only where no other card of the table is so called (two Elesh Norns, many Jaces name none; nor
    does "Karn", which Karn Liberated's name starts with too), and only typed capitalized, as a name is written (a
    full name's own key, or its plural, wins)."""
    shorts = [(name_key(card.name.split(",")[0]), index) for index, card in enumerate(cards) if ", " in card.name]
    told = Counter(short for short, _ in shorts)
    for card in cards:
        if ", " not in card.name:  # Karn Liberated, Liliana of the Veil: its first words name it as well
            words = name_key(card.name).split()
            told.update(prefix for n in range(1, len(words)) if (prefix := " ".join(words[:n])) in told)
    return [(short, index) for short, index in shorts if told[short] == 1]


def _card(row: Row, concept_ids: frozenset[str]) -> Card:
    name = row["card"]
    if not name_key(name):
        raise row.error("card", f"{name!r} has no words")
    concepts = tuple(map(sys.intern, row["concepts"].split()))  # one string per id: the cache keeps one copy
    for concept in concepts:
        if concept not in concept_ids:
            raise row.error("concepts", f"{concept!r} is not an id of {CONCEPTS}")
    if len(set(concepts)) != len(concepts):
        raise row.error("concepts", "a concept is listed twice")
    return Card(name, concepts)


def _names(row: Row, english: str, library: dict[str, dict[str, str]]) -> list[str]:
    """The card's names: English, then the library's (for a card it holds) or the ``names`` cell's
    (``ru:Клон|pt:Clone``)."""
    if english in library:
        if row["names"]:
            raise row.error("names", f"{english!r} is in {LIBRARY}: its names are read there, not repeated here")
        return [english, *library[english].values()]
    found = [english]
    for item in filter(None, (part.strip() for part in row["names"].split("|"))):
        lang, _, name = item.partition(":")
        if lang not in NAME_LANGUAGES or not name.strip():
            raise row.error("names", f"{item!r} is not LANG:Name with LANG one of {', '.join(NAME_LANGUAGES)}")
        found.append(name.strip())
    return found


def _everyday(row: Row, names: list[str]) -> set[str]:
    everyday = {part.strip() for part in row["everyday"].split("|") if part.strip()}
    for name in everyday:
        if name not in names:
            raise row.error("everyday", f"{name!r} is not one of the card's names ({', '.join(names)})")
    return everyday


def library_names(text: str, source: str) -> dict[str, dict[str, str]]:
    """The engine library's names of its cards (English name → language → name), from its ``names`` keys."""
    import yaml

    try:
        data = yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except yaml.YAMLError as exc:
        raise CorpusError(f"{source}: not valid YAML: {exc}") from None
    if not isinstance(data, dict):
        raise CorpusError(f"{source}: expected a mapping of card names to cards")
    return {str(english): {str(lang): str(name) for lang, name in card["names"].items()}
            for english, card in data.items()
            if isinstance(card, dict) and isinstance(card.get("names"), dict)}


@per_corpus
def load_cards(root: Path | None = None) -> CardNames:
    """The card names of the corpus at ``root`` (the installed one if None); none when it has no card table. The
    parsed table is kept in the cache folder as plain data (``marshal``: a cold search reads it in a millisecond),
    keyed by the three files it is built from and the code, and checked before it is served."""
    folder = (root or corpus_dir()).resolve()
    files = [folder / FILE_NAME, folder / LIBRARY, folder / CONCEPTS, folder / INTERACTIONS]
    if not files[0].is_file():
        return EMPTY
    from .. import cache

    key = cache.stamped_key("card-concepts", [*files, *cache.package_files(), *cache.environment_files()],
                            lambda: f"{cache.hash_files(files, folder)}-{cache.code_key()}")
    data = cache.kept(cache.cache_dir() / f"card-concepts-{key}.marshal", str(files[0]),
                      lambda: _plain(_build(folder)), _is_plain, plain=True)
    cards, names, firsts, interactions = cast(tuple[Any, dict[str, Any], dict[str, int], dict[str, Any]], data)
    return CardNames(tuple(map(Card._make, cards)), names, firsts, interactions)  # marshal keeps the tuples


def _plain(table: CardNames) -> tuple[object, ...]:
    return tuple((card.name, card.concepts) for card in table.cards), table.names, table.firsts, table.interactions


def _is_plain(data: object) -> bool:
    """Whether cached data is a card table's: its cards, names and first words pointing at them, and interactions."""
    if not (isinstance(data, tuple) and len(data) == 4):
        return False
    cards, names, firsts, interactions = data
    return (isinstance(cards, tuple) and isinstance(names, dict) and isinstance(firsts, dict)
            and isinstance(interactions, dict) and all(isinstance(asks, tuple) for asks in interactions.values())
            and all(isinstance(card, tuple) and len(card) == 2 and isinstance(card[1], tuple) for card in cards)
            and all(isinstance(entry, tuple) and len(entry) == 2 and 0 <= entry[0] < len(cards)
                    for entry in names.values()))


def _build(folder: Path) -> CardNames:
    from ..text.concepts import load_concepts

    library = read_table(LIBRARY, "the card library", folder)
    names = library_names(*library) if library is not None else {}
    concepts = folder / CONCEPTS
    ids = frozenset(concept.id for concept in load_concepts(concepts)) if concepts.is_file() else frozenset()
    table = parse_cards(*read_table(FILE_NAME, "the card table", folder, required=True), names, ids)
    interactions = read_table(INTERACTIONS, "the card interactions table", folder)
    return table if interactions is None else replace(table, interactions=parse_interactions(*interactions, ids))
