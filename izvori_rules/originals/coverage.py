"""How well the concept table's terms in a translation cover the concepts its English originals name.

A signal for the table's gaps that owes nothing to any query: every translated rule of cs-cr, ru-cr and
sr-judge is linked to the English rule it translates (``originals.tsv``). Where the English rule says a
concept (one of its English terms, as :class:`~izvori_rules.text.matching.ConceptMatcher` finds them) the
translation almost always says it too, so a linked rule in which none of the concept's terms of that
language is found is either a word the table lacks (a synonym, an inflection the analyser does not join:
cs-cr 308.3 renders 2003's "required costs" as *požadované poplatky*, not the table's *cena*) or an English
term said only in passing (2003 209.1 "no effect on game play", cs-cr *žádný vliv na hru*). The reverse, a
translated term found where the English original lacks the concept, shows a term that is too broad (ru-cr's
*Независимый*, stemmed as *независимо*, "regardless"). ``scripts/audit_concepts.py`` prints both; reading them
is the judge's work. The English side has its own blur, which the reader sets aside: the 2003 and 2006 "in
play" stems as "play", "phase in" as "phase", "active player" as "activate".

Pure: the linked pairs and a matcher in, per concept and document the counts and the rules out.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..text.matching import ConceptMatcher


@dataclass(frozen=True, slots=True)
class Pair:
    """A translated node (``ref`` in document ``doc`` of language ``lang``: its heading and text, and its
    examples) and the English rule it renders (``original``: ``release:id``, the same two parts)."""

    ref: str
    doc: str
    lang: str
    text: str
    examples: str
    original: str
    english: str
    english_examples: str


@dataclass(frozen=True, slots=True)
class _Said:
    """The concepts one pair's texts name: the English rule's own words, the English with its examples, the
    translation's own words, the translation with its examples."""

    english: frozenset[str]
    english_all: frozenset[str]
    translated: frozenset[str]
    translated_all: frozenset[str]


@dataclass(frozen=True, slots=True)
class Coverage:
    """One concept in one translated document: the pairs whose English says it (``linked``), those whose
    translation says it too (``covered``), the rest (``misses``: no term of the language found) and the pairs
    whose translation says it where the English does not (``extra``). ``has_terms`` is False when the table
    has no term in the document's language (then every linked pair is a miss)."""

    concept: str
    doc: str
    has_terms: bool
    linked: int
    covered: int
    misses: tuple[Pair, ...]
    extra: tuple[Pair, ...]

    @property
    def share(self) -> float:
        """The covered share of the linked pairs (1.0 when none is linked)."""
        return self.covered / self.linked if self.linked else 1.0


def audit(pairs: Iterable[Pair], matcher: ConceptMatcher) -> list[Coverage]:
    """Per document and concept (in table order), the coverage of the concept over the linked pairs; a concept
    neither text of any pair of the document names is left out.

    Examples are evidence on the lenient side only: a concept is linked where the English rule's own words say
    it (an example's card named Trample is no rule about trample) and covered where the translation says it
    anywhere (sr-judge drops many examples); it is extra where the translation's own words say it and the
    English says it nowhere."""
    by_doc: dict[str, list[tuple[Pair, _Said]]] = {}
    for pair in pairs:
        english = frozenset(matcher.used("en", pair.english))
        translated = frozenset(matcher.used(pair.lang, pair.text))
        said = _Said(english, english | frozenset(matcher.used("en", pair.english_examples)),
                     translated, translated | frozenset(matcher.used(pair.lang, pair.examples)))
        by_doc.setdefault(pair.doc, []).append((pair, said))
    found = []
    for doc, seen in by_doc.items():
        lang = seen[0][0].lang
        for concept in matcher.table:
            row = _coverage(concept.id, doc, bool(concept.terms_in(lang)), seen)
            if row.linked or row.extra:
                found.append(row)
    return found


def _coverage(concept: str, doc: str, has_terms: bool, seen: Sequence[tuple[Pair, _Said]]) -> Coverage:
    linked = [pair for pair, said in seen if concept in said.english]
    misses = tuple(pair for pair, said in seen if concept in said.english and concept not in said.translated_all)
    extra = tuple(pair for pair, said in seen if concept in said.translated and concept not in said.english_all)
    return Coverage(concept, doc, has_terms, len(linked), len(linked) - len(misses), misses, extra)


def totals(rows: Iterable[Coverage]) -> dict[str, tuple[int, int]]:
    """Per document, the linked and covered (concept, pair) counts summed over the concepts."""
    out: dict[str, tuple[int, int]] = {}
    for row in rows:
        linked, covered = out.get(row.doc, (0, 0))
        out[row.doc] = (linked + row.linked, covered + row.covered)
    return out
