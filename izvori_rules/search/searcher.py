"""``search(query)``: a citation query answered from the graph, anything else from the Whoosh index.

The full-text path expands concepts to every language, requires every segment to match (falling back to
any segment when that finds nothing), filters by document or language, and, when nothing matches at all,
suggests spellings from the unstemmed ``words`` field.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ..folding import fold, looks_serbian_cyrillic, serbian_to_latin
from ..graph import RuleGraph
from .citation_query import citation_nodes, parse_citation_query
from .concepts_in_text import ConceptMatcher
from .query import ParsedQuery, parse_query, whoosh_query
from .snippets import Snippet, make_snippet

CITATION = "citation"
FULLTEXT = "fulltext"


@dataclass(frozen=True, slots=True)
class SearchHit:
    """One result: the node, its score (1.0 for citation queries) and a snippet."""

    ref: str
    doc: str
    id: str
    score: float
    snippet: Snippet


@dataclass(frozen=True, slots=True)
class SearchResult:
    """What a query found; ``terms`` maps each language to the terms the concept expansion searched."""

    query: str
    kind: str
    concepts: tuple[str, ...]
    terms: tuple[tuple[str, tuple[str, ...]], ...]
    hits: tuple[SearchHit, ...]
    suggestions: tuple[str, ...] = ()


class Searcher:
    """A graph, its concept matcher and its open index, ready to answer queries in this process."""

    def __init__(self, graph: RuleGraph, matcher: ConceptMatcher, index: Any) -> None:
        self.graph = graph
        self.matcher = matcher
        self.index = index

    def search(self, query: str, doc: str | None = None, lang: str | None = None, limit: int = 10) -> SearchResult:
        """Run one query; see the module docstring."""
        target = parse_citation_query(query)
        if target is not None:
            nodes = [n for n in citation_nodes(self.graph, target) if _keep(n.doc, n.lang, doc, lang)]
            if nodes:
                hits = tuple(SearchHit(n.ref, n.doc, n.id, 1.0, Snippet(n.text, ())) for n in nodes)
                return SearchResult(query, CITATION, (), (), hits)
        return self._fulltext(query, parse_query(query, self.matcher), doc, lang, limit)

    def _fulltext(self, query: str, parsed: ParsedQuery, doc: str | None, lang: str | None,
                  limit: int) -> SearchResult:
        concepts = parsed.concepts()
        terms = tuple((lg, t) for c in concepts for lg, t in self.matcher.terms(c).items())
        merged: dict[str, tuple[str, ...]] = {}
        for lg, t in terms:
            merged[lg] = tuple(dict.fromkeys((*merged.get(lg, ()), *t)))
        with self.index.searcher() as searcher:
            hits, stems = self._run(searcher, parsed, doc, lang, limit)
            suggestions = () if hits else self._suggest(searcher, parsed)
        return SearchResult(query, FULLTEXT, tuple(concepts), tuple(merged.items()),
                            tuple(self._hit(r, s, stems) for r, s in hits), suggestions)

    def _run(self, searcher: Any, parsed: ParsedQuery, doc: str | None, lang: str | None,
             limit: int) -> tuple[list[tuple[str, float]], dict[str, set[str]]]:
        from whoosh.query import And, Term

        filters = [Term(name, value) for name, value in (("doc", doc), ("lang", lang)) if value]
        mask = And(filters) if filters else None
        stems: dict[str, set[str]] = {}
        for conjunctive in (True, False):
            query, stems = whoosh_query(parsed, self.matcher, conjunctive)
            results = searcher.search(query, limit=limit, filter=mask)
            if len(results):
                return [(hit["ref"], hit.score) for hit in results], stems
        return [], stems

    def _hit(self, ref: str, score: float, stems: dict[str, set[str]]) -> SearchHit:
        node = self.graph.nodes[ref]
        text = node.text if node.text != node.title or not node.title else node.title
        snippet = make_snippet(text, node.lang, stems.get(node.lang, set()))
        return SearchHit(ref, node.doc, node.id, round(score, 3), snippet)

    def _suggest(self, searcher: Any, parsed: ParsedQuery) -> tuple[str, ...]:
        corrector = searcher.corrector("words")
        out: list[str] = []
        for segment in (*parsed.segments, *parsed.phrases):
            for word in segment.words.split():
                spellings = {fold(word)} | ({fold(serbian_to_latin(word))} if looks_serbian_cyrillic(word) else set())
                for spelling in sorted(spellings):
                    out.extend(corrector.suggest(spelling, limit=3))
        return tuple(dict.fromkeys(out))


def _keep(node_doc: str, node_lang: str, doc: str | None, lang: str | None) -> bool:
    return (doc is None or node_doc == doc) and (lang is None or node_lang == lang)


@lru_cache(maxsize=1)
def default_searcher() -> Searcher:
    """The searcher over the installed corpus (graph and index from the caches)."""
    return open_searcher()


def open_searcher(progress: Callable[[int, int], None] | None = None, rebuild: bool = False) -> Searcher:
    """Load the graph and concept table, and open (or build) the index."""
    from ..concepts import load_concepts
    from ..graph_cache import load_graph
    from .index import open_index

    graph = load_graph()
    matcher = ConceptMatcher(load_concepts())
    return Searcher(graph, matcher, open_index(graph, matcher, progress, force=rebuild))
