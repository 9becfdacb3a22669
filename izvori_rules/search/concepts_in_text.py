"""Find the concepts of the concept table in a text, through the same analyzers the index uses.

A concept term is matched as its sequence of stems in one language (``пробивной удар`` → ``пробивн удар``),
so inflected forms in the documents (``пробивного удара``) and in queries (``razbijaca``) meet the table's
base forms. The index records, per node, the concepts it uses and the concepts it defines (the rules and
glossary entries the table names for a concept, and nodes whose heading is one of its terms); the query
side uses :meth:`ConceptMatcher.segments` to expand a judge's words to every language.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from ..concepts import Concept, ConceptTable
from ..model import Node
from .analysis import LANGUAGES, analyze

MAX_TERM_WORDS = 5
_RAW_WORD = re.compile(r"\w+")


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
        self._starts: dict[tuple[str, str], list[tuple[tuple[str, ...], str]]] = {}
        self._defining: dict[str, list[str]] = {}
        self._headings: dict[tuple[str, tuple[str, ...]], list[str]] = {}
        for concept in table:
            self._add(concept)

    def _add(self, concept: Concept) -> None:
        for ref in (*concept.rules, *concept.glossary):
            self._defining.setdefault(ref, []).append(concept.id)
        for lang in LANGUAGES:
            for term in self.table.terms_for(concept.id, lang):
                stems = tuple(analyze(lang, term))
                if stems:
                    self._starts.setdefault((lang, stems[0]), []).append((stems, concept.id))
                    self._headings.setdefault((lang, stems), []).append(concept.id)
        for candidates in self._starts.values():
            candidates.sort(key=lambda c: -len(c[0]))

    def used(self, lang: str, text: str) -> list[str]:
        """The concepts whose terms occur in ``text`` (a text of language ``lang``), in order of first use."""
        stems = analyze(lang, text)
        found: dict[str, None] = {}
        for i, stem in enumerate(stems):
            for seq, concept in self._starts.get((lang, stem), ()):
                if tuple(stems[i:i + len(seq)]) == seq:
                    found[concept] = None
        return list(found)

    def defined_by(self, node: Node, heading: str) -> list[str]:
        """Concepts this node defines: named so by the table, or headed by one of the concept's terms."""
        found = dict.fromkeys(self._defining.get(node.ref, ()))
        named = heading or (node.text if len(node.text) <= 60 else "")
        lang = node.lang if node.lang in LANGUAGES else "en"
        for text, text_lang in ((named, lang), (_english(node), "en")):
            if text:
                found.update(dict.fromkeys(self._headings.get((text_lang, tuple(analyze(text_lang, text))), ())))
        return list(found)

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
        found: dict[str, None] = {}
        for lang in LANGUAGES:
            stems = tuple(analyze(lang, phrase))
            if stems:
                found.update(dict.fromkeys(self._headings.get((lang, stems), ())))
        return tuple(found)

    def terms(self, concept: str) -> dict[str, tuple[str, ...]]:
        """The concept's terms in every language that has some."""
        return {lang: terms for lang in LANGUAGES if (terms := tuple(self.table.terms_for(concept, lang)))}


def _english(node: Node) -> str:
    return next((f.detail for f in node.flags if f.kind == "english"), "")


def concept_ids(segments: Iterable[Segment]) -> list[str]:
    """The distinct concepts a query names, in query order."""
    return list(dict.fromkeys(c for s in segments for c in s.concepts))
