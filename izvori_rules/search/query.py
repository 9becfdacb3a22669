"""Turn a judge's full-text query into a Whoosh query over every language's fields.

Words and quoted phrases; each word or run of words that names a concept is expanded to the concept's terms
in every language (so ``razbijac`` finds ``пробивной удар`` and ``atropelar``), and matches the ``defines``
field with a high boost, so the rule that defines a concept ranks above rules that merely mention it.
A plain word is searched in every language's field, analyzed by that language's analyzer.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from ..errors import QueryError
from .analysis import LANGUAGES, analyze
from .concepts_in_text import ConceptMatcher, Segment

DEFINES_BOOST = 12.0
USES_BOOST = 1.5
_QUOTED = re.compile(r"[\"“”„«»]([^\"“”„«»]*)[\"“”„«»]")


@dataclass(frozen=True, slots=True)
class ParsedQuery:
    """The pieces of a query: concept or plain-word segments, and quoted phrases (each a segment too)."""

    segments: tuple[Segment, ...]
    phrases: tuple[Segment, ...] = ()

    def concepts(self) -> list[str]:
        """Every concept named, in query order."""
        return list(dict.fromkeys(c for s in (*self.phrases, *self.segments) for c in s.concepts))


def parse_query(text: str, matcher: ConceptMatcher) -> ParsedQuery:
    """Split quoted phrases from words; a lone quote mark or an empty query is a :class:`QueryError`."""
    if not text.strip():
        raise QueryError("empty query: type a word, a phrase in quotes, or a rule number")
    phrases = [m.group(1).strip() for m in _QUOTED.finditer(text)]
    rest = _QUOTED.sub(" ", text)
    if re.search(r"[\"“”„«»]", rest):
        raise QueryError(f"unbalanced quote in {text!r}: close the phrase with a second quote mark")
    if not re.search(r"\w", text):
        raise QueryError(f"{text!r} has no words to search for")
    phrase_segments = tuple(Segment(p, matcher.concepts_named(p)) for p in phrases if p)
    return ParsedQuery(tuple(matcher.segments(rest)), phrase_segments)


def whoosh_query(parsed: ParsedQuery, matcher: ConceptMatcher,
                 conjunctive: bool = True) -> tuple[Any, dict[str, set[str]]]:
    """``And`` (or, as a fallback, ``Or``) of one clause per segment, and the stems searched per language
    (the snippets highlight those)."""
    from whoosh.query import And, Or

    stems: dict[str, set[str]] = {}
    clauses = [_clause(s, matcher, stems, phrase=False) for s in parsed.segments]
    clauses += [_clause(s, matcher, stems, phrase=True) for s in parsed.phrases]
    clauses = [c for c in clauses if c is not None]
    return (And if conjunctive else Or)(clauses), stems


def _clause(segment: Segment, matcher: ConceptMatcher, stems: dict[str, set[str]], phrase: bool) -> Any:
    from whoosh.query import Or, Term

    parts: list[Any] = []
    for concept in segment.concepts:
        parts.append(Term("defines", concept, boost=DEFINES_BOOST))
        parts.append(Term("concepts", concept, boost=USES_BOOST))
        for lang, terms in matcher.terms(concept).items():
            parts.extend(_text_queries(lang, term, stems) for term in terms)
    if not segment.concepts or phrase:
        parts.extend(_text_queries(lang, segment.words, stems) for lang in LANGUAGES)
    parts = [p for p in parts if p is not None]
    return Or(parts) if parts else None


def _text_queries(lang: str, text: str, stems: dict[str, set[str]]) -> Any:
    """A term or phrase query on the language's body and heading fields."""
    from whoosh.query import Or, Phrase, Term

    words = analyze(lang, text)
    if not words:
        return None
    stems.setdefault(lang, set()).update(words)
    if len(words) == 1:
        return Or([Term(f"body_{lang}", words[0]), Term(f"head_{lang}", words[0])])
    return Or([Phrase(f"body_{lang}", words), Phrase(f"head_{lang}", words)])
