"""Find the concepts of the concept table in a text, and in a query, through the analyzers the index uses.

A concept term is matched as its sequence of stems in one language (``пробивной удар`` → ``пробивн удар``),
so inflected forms in the documents (``пробивного удара``) and in queries (``razbijaca``) meet the table's
base forms.

Two classes, because the two sides need different things:

* :class:`ConceptMatcher` (index side, and the concordance) reads the table: which concepts a text uses,
  how often and whether it starts with one, and which concepts a node defines (the rules and glossary
  entries the table lists for a concept, and nodes whose heading is one of its terms);
* :class:`QueryConcepts` (query side) only maps analyzed phrases to concepts and concepts to their terms.
  It is a few plain dicts, saved beside the index (:meth:`QueryConcepts.to_data`), so a search from a cold
  process neither parses ``concepts.tsv`` nor stems its two thousand terms again.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..model import Node
from .stemming import LANGUAGES, analyze, field_language

if TYPE_CHECKING:
    from .concepts import Concept, ConceptTable

MAX_TERM_WORDS = 5
# Where a definition's subject may stand: only the first word. Allowing the second too catches "Varijanta
# Kraljeva garda uključuje…" but also "Každý hřbitov musí…", and cost more than it gained on the query set.
LEADING_WORDS = 1
# A one-word term this short names its concept only in the documents, not in a query: Portuguese "Se"
# (intervening if) would otherwise capture every Serbian "se", and "X" every X.
MIN_QUERY_TERM_CHARS = 3
_RAW_WORD = re.compile(r"\w+")
_PARENTHESES = re.compile(r"\([^()]*\)")

Stems = tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Segment:
    """A piece of a query: the raw words, and the concepts they name (none for a plain word; several for a
    word that is two concepts, like Serbian ``sprečiti`` = counter and prevent)."""

    words: str
    concepts: tuple[str, ...] = ()


class ConceptMatcher:
    """Concept terms as stem sequences per language, indexed by their first stem."""

    def __init__(self, table: ConceptTable) -> None:
        self.table = table
        self._starts: dict[tuple[str, str], list[tuple[Stems, str]]] = {}
        self._defining: dict[str, list[str]] = {}
        self._headings: dict[tuple[str, Stems], list[str]] = {}
        for concept in table:
            self._add(concept)
        for candidates in self._starts.values():
            candidates.sort(key=lambda c: -len(c[0]))

    def _add(self, concept: Concept) -> None:
        for ref in (*concept.rules, *concept.glossary):
            self._defining.setdefault(ref, []).append(concept.id)
        for lang in LANGUAGES:
            for term in self.table.terms_for(concept.id, lang):
                stems = tuple(analyze(lang, term))
                if stems:
                    self._starts.setdefault((lang, stems[0]), []).append((stems, concept.id))
                    named = self._headings.setdefault((lang, stems), [])
                    if concept.id not in named:
                        named.append(concept.id)

    def used(self, lang: str, text: str) -> list[str]:
        """The concepts whose terms occur in ``text`` (a text of language ``lang``), in order of first use."""
        return list(self.occurrences(lang, analyze(lang, text)))

    def occurrences(self, lang: str, stems: Sequence[str]) -> dict[str, int]:
        """How many times each concept's terms occur in an analyzed text, in order of first use."""
        lang = field_language(lang)
        found: dict[str, int] = {}
        for i, stem in enumerate(stems):
            for seq, concept in self._starts.get((lang, stem), ()):
                if tuple(stems[i:i + len(seq)]) == seq:
                    found[concept] = found.get(concept, 0) + 1
        return found

    def leading(self, lang: str, stems: Sequence[str]) -> list[str]:
        """The concepts a text starts with (``Razbijač je pasivna osobina…``): the subject of a definition."""
        lang = field_language(lang)
        found: dict[str, None] = {}
        for start in range(min(LEADING_WORDS, len(stems))):
            for seq, concept in self._starts.get((lang, stems[start]), ()):
                if tuple(stems[start:start + len(seq)]) == seq:
                    found[concept] = None
        return list(found)

    def listing(self, node: Node) -> list[str]:
        """The concepts whose rules or glossary entries in the table include this node."""
        return list(self._defining.get(node.ref, ()))

    def named_by(self, node: Node) -> list[str]:
        """The concepts one of whose terms is the node's heading (or its English headword, or a short text),
        the heading read with and without its remarks in parentheses (``Mana Burn (Obsolete)``)."""
        named = node.title or (node.text if len(node.text) <= 60 else "")
        found: dict[str, None] = {}
        for text, text_lang in ((named, field_language(node.lang)), (english_heading(node), "en")):
            for variant in dict.fromkeys((text, _PARENTHESES.sub(" ", text))):
                stems = tuple(analyze(text_lang, variant))
                found.update(dict.fromkeys(self._headings.get((text_lang, stems), ())))
        return list(found)

    def query_side(self) -> QueryConcepts:
        """What queries need of the table, detached from it."""
        names = {(lang, " ".join(stems)): tuple(concepts) for (lang, stems), concepts in self._headings.items()}
        terms = {c.id: {lang: t for lang in LANGUAGES if (t := c.terms_in(lang))} for c in self.table}
        return QueryConcepts(names, terms)


class QueryConcepts:
    """Analyzed phrase → concepts, and concept → its terms and their stems in every language."""

    def __init__(self, names: dict[tuple[str, str], tuple[str, ...]], terms: dict[str, dict[str, tuple[str, ...]]],
                 stems: dict[str, dict[str, frozenset[str]]] | None = None) -> None:
        self._names = names
        self._terms = terms
        self._stems = stems if stems is not None else _stems_of(names)

    def to_data(self) -> dict[str, Any]:
        """Plain data for ``marshal`` (saved with the index)."""
        return {"names": self._names, "terms": self._terms, "stems": self._stems}

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> QueryConcepts:
        """Inverse of :meth:`to_data`."""
        return cls(data["names"], data["terms"], data["stems"])

    def segments(self, query: str) -> list[Segment]:
        """Split a query's words into concept names (longest first, any language) and plain words."""
        words = _RAW_WORD.findall(query)
        out: list[Segment] = []
        i = 0
        while i < len(words):
            for n in range(min(MAX_TERM_WORDS, len(words) - i), 0, -1):
                phrase = " ".join(words[i:i + n])
                concepts = self.concepts_named(phrase)
                if concepts:
                    out.append(Segment(phrase, concepts))
                    i += n
                    break
            else:
                out.append(Segment(words[i]))
                i += 1
        return out

    def concepts_named(self, phrase: str) -> tuple[str, ...]:
        """The concepts that have this phrase (after analysis) as a term in some language."""
        if len(phrase) < MIN_QUERY_TERM_CHARS and " " not in phrase:
            return ()
        found: dict[str, None] = {}
        for lang in LANGUAGES:
            stems = analyze(lang, phrase)
            if stems:
                found.update(dict.fromkeys(self._names.get((lang, " ".join(stems)), ())))
        return tuple(found)

    def languages_naming(self, phrase: str) -> frozenset[str]:
        """The languages in which the phrase is a concept's term (``jurišnik``: sr; ``mana``: sr, cs, ru, pt)."""
        return frozenset(lang for lang in LANGUAGES
                         if (stems := analyze(lang, phrase)) and (lang, " ".join(stems)) in self._names)

    def terms(self, concept: str) -> dict[str, tuple[str, ...]]:
        """The concept's terms in every language that has some."""
        return self._terms.get(concept, {})

    def stems(self, concept: str) -> dict[str, frozenset[str]]:
        """The stems of the concept's terms per language (what a snippet highlights)."""
        return self._stems.get(concept, {})


def _stems_of(names: dict[tuple[str, str], tuple[str, ...]]) -> dict[str, dict[str, frozenset[str]]]:
    """Concept → language → every stem of its terms."""
    found: dict[str, dict[str, set[str]]] = {}
    for (lang, stems), concepts in names.items():
        for concept in concepts:
            found.setdefault(concept, {}).setdefault(lang, set()).update(stems.split())
    return {concept: {lang: frozenset(s) for lang, s in by_lang.items()} for concept, by_lang in found.items()}


def english_heading(node: Node) -> str:
    """The English headword the document prints beside a translated one (ru-cr's glossary), if any."""
    return node.english


def concept_ids(segments: Iterable[Segment]) -> list[str]:
    """The distinct concepts a query names, in query order."""
    return list(dict.fromkeys(c for s in segments for c in s.concepts))
