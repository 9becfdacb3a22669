"""The multilingual concept table: one game concept, the words every document uses for it, where it is defined.

A judge reads *Razbijač* in a Serbian ruling, *пробивной удар* in the Russian rules and *trample* on a card;
the table says these are one concept (``trample``) and points at ``sr-judge:E3.100`` and ``ru-cr:702.19``.
The data is ``corpus/concepts.tsv``, plain text a judge can review; this module parses it (reporting file,
line and column for every mistake) and answers "which concept is this word?" in any language, with or without
diacritics, Serbian in either script.

Lookup resolves only when one concept remains (as in eyecite): an exact folded match on any term first, then
a stem match made by the same matcher search uses (:class:`~izvori_rules.text.matching.QueryConcepts`), then
a prefix match; when several concepts share the word (sr *sprečiti* is both counter and prevent) the
caller gets all of them from :meth:`ConceptTable.candidates`, never a guess.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from ..corpus import corpus_dir
from ..errors import CorpusError
from ..tsv import Row, read_tsv
from .folding import fold, looks_serbian_cyrillic, serbian_to_latin

if TYPE_CHECKING:
    from .matching import QueryConcepts

LANGUAGES = ("en", "sr", "cs", "ru", "pt")
COLUMNS = ("id", "kind", *LANGUAGES, "rules", "glossary", "note", "sense", "broader")
REQUIRED_COLUMNS = ("id", "kind")
KINDS = frozenset({
    "keyword_action", "keyword_ability", "zone", "turn_structure", "phase", "step", "card_type", "supertype",
    "subtype", "color", "object", "card_part", "ability_type", "effect_type", "game_term", "combat_term",
    "judge_term", "variant",
})
FILE_NAME = "concepts.tsv"
# Marks a term that names its concept in a question only (Concept.asked): ru "сработать", the verb of every rule on
# an ability that triggers, names triggered abilities when a judge asks "сработает ли".
ASKED = "?"

_ID = re.compile(r"[a-z][a-z0-9_]*")
_REF = re.compile(r"[a-z][a-z0-9-]*:\S+")
_GLOSSARY_REF = re.compile(r"[a-z][a-z0-9-]*:glossary:\S.*")
# Glossary headwords contain spaces, so a new entry starts only where a space precedes "doc:glossary:".
_GLOSSARY_SPLIT = re.compile(r"\s+(?=[a-z][a-z0-9-]*:glossary:)")
_CYRILLIC = re.compile("[\u0400-\u04ff]")
_WORD = re.compile(r"\w+")


@dataclass(frozen=True, slots=True)
class Concept:
    """One row of the table. ``terms`` holds every language in :data:`LANGUAGES` order, preferred term first;
    ``asked`` the (language, term) pairs of those that name the concept in a question, not in the documents (written
    with :data:`ASKED`): a word the documents use in passing in hundreds of rules about other things, where marking
    each would make it a rule about the concept."""

    id: str
    kind: str
    terms: tuple[tuple[str, tuple[str, ...]], ...]
    rules: tuple[str, ...] = ()
    glossary: tuple[str, ...] = ()
    note: str = ""
    line: int = 0
    sense: tuple[str, ...] = ()
    broader: tuple[str, ...] = ()
    asked: frozenset[tuple[str, str]] = frozenset()

    def terms_in(self, lang: str) -> tuple[str, ...]:
        """The terms in one language (empty when the documents of that language have none)."""
        for code, words in self.terms:
            if code == lang:
                return words
        raise KeyError(f"unknown language {lang!r} (use one of {', '.join(LANGUAGES)})")

    def preferred(self, lang: str) -> str | None:
        """The preferred term in a language, or None when the cell is empty."""
        words = self.terms_in(lang)
        return words[0] if words else None

    def all_terms(self) -> Iterator[tuple[str, str]]:
        """Every (language, term) pair, in language order."""
        for lang, words in self.terms:
            for word in words:
                yield lang, word


@dataclass(frozen=True, slots=True)
class ConceptMatch:
    """What a lookup found: the concepts (one, several when the word is shared, none) and spelling suggestions.

    ``suggestions`` are filled only when nothing matched: the table's terms closest to the query.
    """

    query: str
    concepts: tuple[Concept, ...]
    suggestions: tuple[str, ...] = ()


def normalize(text: str) -> str:
    """The lookup key of a term or query: its folded words, so punctuation, hyphens and quotes do not count.

    ``normalize("Simbol-biće") == "simbol bice"``; ``normalize("Действия, вызванные состоянием")`` equals the
    key of the comma-less spelling ru-cr 704.1 prints.
    """
    return " ".join(_WORD.findall(fold(text)))


def _query_keys(text: str) -> tuple[str, ...]:
    """The keys a query is tried under: as typed (folded), and transliterated if it may be Serbian Cyrillic."""
    keys = [normalize(text)]
    if _CYRILLIC.search(text) and looks_serbian_cyrillic(text):
        latin = normalize(serbian_to_latin(text))
        if latin not in keys:
            keys.append(latin)
    return tuple(key for key in keys if key)


class ConceptTable:
    """The loaded table, indexed by id and by every term's key (see :func:`normalize`)."""

    __slots__ = ("_by_id", "_by_key", "_display", "_query", "source")

    def __init__(self, concepts: Iterable[Concept], source: str = "") -> None:
        self.source = source
        self._query: QueryConcepts | None = None
        self._by_id: dict[str, Concept] = {}
        self._by_key: dict[str, list[Concept]] = {}
        self._display: dict[str, str] = {}
        for concept in concepts:
            self._by_id[concept.id] = concept
            for _lang, term in concept.all_terms():
                key = normalize(term)
                bucket = self._by_key.setdefault(key, [])
                if concept not in bucket:
                    bucket.append(concept)
                self._display.setdefault(key, term)

    def __iter__(self) -> Iterator[Concept]:
        return iter(self._by_id.values())

    def __len__(self) -> int:
        return len(self._by_id)

    def __contains__(self, concept_id: object) -> bool:
        return concept_id in self._by_id

    def get(self, concept_id: str) -> Concept | None:
        """The concept with this id, or None."""
        return self._by_id.get(concept_id)

    def terms_for(self, concept_id: str, lang: str) -> tuple[str, ...]:
        """The terms of a concept in one language; an unknown id or language is the caller's mistake."""
        concept = self._by_id.get(concept_id)
        if concept is None:
            raise KeyError(f"no concept {concept_id!r} in {self.source or 'the concept table'}")
        return concept.terms_in(lang)

    def candidates(self, term: str, *, leading: bool = True) -> tuple[Concept, ...]:
        """Every concept the term may name, from the first tier that matches anything (table order).

        Tiers: an exact match of the folded term; the same words inflected, matched as search matches a query's
        words to concepts (:meth:`QueryConcepts.concepts_named`: the words' stems in one language are a term's,
        English words whole); the query as the beginning of a term (``razbij``, a judge still typing); with
        ``leading``, a term as the leading words of the query (``Anti-Crno`` → *Anti*, longest term only), which
        a caller that must name the whole term turns off (the engine: ``trample bogus`` is no keyword).
        """
        keys = _query_keys(term)
        if not keys:
            return ()
        tiers = (self._exact, self._stem, self._prefix, self._leading) if leading else \
            (self._exact, self._stem, self._prefix)
        for tier in tiers:
            found = tier(keys)
            if found:
                return found
        return ()

    def query_side(self) -> QueryConcepts:
        """The table as search matches words to concepts (built on first use, then kept): the one matcher
        that :meth:`candidates` (``define``, the engine's keyword names) and search share."""
        if self._query is None:
            from .matching import ConceptMatcher

            self._query = ConceptMatcher(self).query_side()
        return self._query

    def find(self, term: str, *, leading: bool = True) -> Concept | None:
        """The one concept the term names, or None when it names none or several (see :meth:`candidates`)."""
        found = self.candidates(term, leading=leading)
        return found[0] if len(found) == 1 else None

    def suggest(self, term: str, limit: int = 5) -> tuple[str, ...]:
        """The terms spelled closest to the query (difflib on folded keys, imported here: only a query with no
        hits asks), for "did you mean"."""
        import difflib

        keys = list(self._by_key)
        seen: list[str] = []
        for query in _query_keys(term):
            for key in difflib.get_close_matches(query, keys, n=limit, cutoff=0.6):
                display = self._display[key]
                if display not in seen:
                    seen.append(display)
        return tuple(seen[:limit])

    def lookup(self, term: str) -> ConceptMatch:
        """Candidates for the term, or spelling suggestions when there are none: what ``define`` shows."""
        found = self.candidates(term)
        return ConceptMatch(query=term, concepts=found, suggestions=() if found else self.suggest(term))

    def _collect(self, keys: Iterable[str]) -> tuple[Concept, ...]:
        hits = {concept.id for key in keys for concept in self._by_key.get(key, ())}
        return tuple(concept for concept in self._by_id.values() if concept.id in hits)

    def _exact(self, queries: tuple[str, ...]) -> tuple[Concept, ...]:
        return self._collect(query for query in queries if query in self._by_key)

    def _stem(self, queries: tuple[str, ...]) -> tuple[Concept, ...]:
        matcher = self.query_side()
        ids = {concept for query in queries for concept in matcher.concepts_named(query)}
        return tuple(concept for concept in self._by_id.values() if concept.id in ids)

    def _prefix(self, queries: tuple[str, ...]) -> tuple[Concept, ...]:
        return self._collect(
            key for key in self._by_key for query in queries if len(query) >= 3 and key.startswith(query)
        )

    def _leading(self, queries: tuple[str, ...]) -> tuple[Concept, ...]:
        best: list[str] = []
        for query in queries:
            for key in self._by_key:
                if query.startswith(key + " ") and len(key) >= 3:
                    if not best or len(key) > len(best[0]):
                        best = [key]
                    elif len(key) == len(best[0]):
                        best.append(key)
        return self._collect(best)


def parse_concepts(text: str, source: str = FILE_NAME) -> ConceptTable:
    """Parse the TSV text; every mistake is a :class:`CorpusError` naming ``source``, the line and the column."""
    concepts: list[Concept] = []
    seen: dict[str, int] = {}
    for row in read_tsv(text, source, COLUMNS, REQUIRED_COLUMNS):
        concept = _parse_row(row)
        if concept.id in seen:
            raise row.error("id", f"duplicate id {concept.id!r} (first on line {seen[concept.id]})")
        seen[concept.id] = row.line
        concepts.append(concept)
    for concept in concepts:
        unknown = [other for other in concept.broader if other not in seen]
        if unknown:
            raise CorpusError(f"{source}:{concept.line}: broader concept {unknown[0]!r} is not an id of the table")
    return ConceptTable(concepts, source)


def _parse_row(row: Row) -> Concept:
    concept_id, kind = row["id"], row["kind"]
    if not _ID.fullmatch(concept_id):
        raise row.error("id", f"{concept_id!r} is not a snake_case id")
    if kind not in KINDS:
        raise row.error("kind", f"unknown kind {kind!r} (use one of {', '.join(sorted(KINDS))})")
    written = tuple((lang, _split_terms(row, lang)) for lang in LANGUAGES)
    terms = tuple((lang, tuple(word.removeprefix(ASKED) for word in words)) for lang, words in written)
    asked = frozenset((lang, word.removeprefix(ASKED)) for lang, words in written for word in words
                      if word.startswith(ASKED))
    if not any(words for _, words in terms):
        raise row.error("en", f"concept {concept_id!r} has no term in any language")
    rules = tuple(row["rules"].split())
    for ref in rules:
        if not _REF.fullmatch(ref):
            raise row.error("rules", f"{ref!r} is not a reference like sr-judge:E3.100")
    glossary = tuple(_GLOSSARY_SPLIT.split(row["glossary"])) if row["glossary"] else ()
    for ref in glossary:
        if not _GLOSSARY_REF.fullmatch(ref):
            raise row.error("glossary", f"{ref!r} is not a reference like ru-cr:glossary:Trample")
    broader = tuple(row["broader"].split())
    for other in broader:
        if not _ID.fullmatch(other) or other == concept_id:
            raise row.error("broader", f"{other!r} is not another concept's id")
    return Concept(concept_id, kind, terms, rules, glossary, row["note"], row.line, tuple(row["sense"].split()),
                   broader, asked)


def _split_terms(row: Row, column: str) -> tuple[str, ...]:
    if not row[column]:
        return ()
    words = tuple(word.strip() for word in row[column].split("|"))
    if not all(words):
        raise row.error(column, "an empty term between | separators")
    return words


def load_concepts(path: Path | None = None) -> ConceptTable:
    """The concept table from ``path``, or from the corpus (``corpus_dir()/concepts.tsv``, cached)."""
    if path is None:
        return _load_cached((corpus_dir() / FILE_NAME).resolve())
    return _load(Path(path))


@lru_cache(maxsize=4)
def _load_cached(path: Path) -> ConceptTable:
    """The corpus table, read from the cache folder when this file and the parser are unchanged (the engine
    asks it for every keyword and card type, and parsing the TSV would cost each cold ``scenario run``)."""
    from .. import cache

    table = cache.parsed("concepts", path, lambda: _load(path),
                         lambda t: isinstance(t, ConceptTable) and len(t) > 0)
    assert isinstance(table, ConceptTable)
    return table


def _load(path: Path) -> ConceptTable:
    try:
        text = path.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise CorpusError(f"{path}: the concept table is missing") from None
    except UnicodeDecodeError as exc:
        raise CorpusError(f"{path}: not valid UTF-8 at byte {exc.start}") from None
    except OSError as exc:
        raise CorpusError(f"{path}: cannot read the concept table: {exc.strerror}") from None
    return parse_concepts(text, str(path))
