"""``search(query)``: a citation query answered from the graph, anything else from the Whoosh index.

The full-text path expands concepts to every language, scores every clause (:mod:`.ranking`), filters by
document or language, and, when nothing matches at all, suggests spellings (:mod:`.spelling`). The index is
opened on the first full-text query, so a citation query never loads Whoosh; an index that fails while
answering is rebuilt once and the query retried.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from ..graph import RuleGraph
from ..model import Node
from .citation_query import citation_nodes, parse_citation_query
from ..text.matching import QueryConcepts, english_heading
from .query import ParsedQuery, Plan, check_syntax, parse_query, plan_query
from .ranking import Facts, Ranker
from .snippets import Snippet, make_snippet
from .spelling import suggest
from ..text.stemming import analyze, field_language

if TYPE_CHECKING:
    from ..text.concepts import ConceptTable
    from ..text.matching import ConceptMatcher
    from .index import OpenIndex, Progress

CITATION = "citation"
FULLTEXT = "fulltext"
DEFAULT_LIMIT = 10
Opener = Callable[[bool], "OpenIndex"]


def indexed_refs(graph: RuleGraph) -> list[str]:
    """The refs the index holds, in graph order (document number *n* is the *n*-th): every document's but the
    English CR releases' (``cr``, issue 15). Their hits would crowd the translations out of the top ten (the
    concepts map a Serbian or Russian query to the English words too) until ranking weighs languages."""
    skip = {doc for doc, info in graph.docs.items() if info.family}
    return [ref for ref in graph.nodes if ref.partition(":")[0] not in skip] if skip else list(graph.nodes)


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
    """A graph and its index, ready to answer queries in this process.

    ``opener(force)`` opens the index (building it when missing or broken, or always when ``force``); it is
    called on first need, and once more with ``force`` when reading the open index fails mid-query.
    """

    def __init__(self, graph: RuleGraph, opener: Opener, rebuild: bool = False) -> None:
        self.graph = graph
        self._opener = opener
        self._force_first = rebuild
        self._opened: OpenIndex | None = None
        self._ranker: Ranker | None = None
        self._rebuilt = False
        self._refs = indexed_refs(graph)
        self._languages = {doc: info.language for doc, info in graph.docs.items()}
        self._facts: dict[int, Facts] = {}
        self._numbered: set[str] | None = None

    @property
    def opened(self) -> OpenIndex:
        """The open index (opened, or built, now if it is not yet)."""
        self._open_ranker()
        assert self._opened is not None
        return self._opened

    def _open_ranker(self) -> Ranker:
        if self._ranker is None:
            self._opened = self._opener(self._force_first)
            self._ranker = Ranker(self._opened.reader, self.facts)
        return self._ranker

    @property
    def concepts(self) -> QueryConcepts:
        """The query side of the concept table, stored with the index."""
        return self.opened.concepts

    def doc_count(self) -> int:
        """How many rules and glossary entries the index holds."""
        return int(self.opened.reader.doc_count_all())

    def facts(self, docnum: int) -> Facts:
        """Document, language and whether the document prints the node's number (cached)."""
        facts = self._facts.get(docnum)
        if facts is None:
            if self._numbered is None:
                self._numbered = {ref for refs in self.graph.index.by_number.values() for ref in refs}
            ref = self._refs[docnum]
            doc = ref.partition(":")[0]
            facts = self._facts[docnum] = Facts(doc, field_language(self._languages.get(doc, "")),
                                                ref in self._numbered)
        return facts

    def search(self, query: str, doc: str | None = None, lang: str | None = None,
               limit: int | None = None) -> SearchResult:
        """Run one query. A citation returns every node it names in document order (``limit`` only when
        given; none, with the closest references as suggestions, when it names nothing); full text returns the
        best ``limit`` (10 by default)."""
        self.check_filters(doc, lang)
        target = parse_citation_query(query)
        if target is not None:
            nodes = [n for n in citation_nodes(self.graph, target) if self._keep(n.doc, doc, lang)]
            hits = tuple(SearchHit(n.ref, n.doc, n.id, 1.0, make_snippet(n.text, n.lang, ())) for n in nodes[:limit])
            return SearchResult(query, CITATION, (), (), hits, () if hits else self.graph.suggest(query.strip()))
        check_syntax(query)  # before the index is opened
        return self._fulltext(query, parse_query(query, self.concepts), doc, lang, limit or DEFAULT_LIMIT)

    def check_filters(self, doc: str | None, lang: str | None) -> None:
        """A :class:`QueryError` naming the choices for a document or language the corpus does not have."""
        from ..errors import QueryError

        if doc is not None and doc not in self.graph.docs:
            raise QueryError(f"unknown document {doc!r}; the documents are {', '.join(self.graph.docs)}")
        if lang is not None and lang not in self._languages.values():
            languages = ", ".join(sorted(set(self._languages.values())))
            raise QueryError(f"unknown language {lang!r}; the languages are {languages}")

    def _fulltext(self, query: str, parsed: ParsedQuery, doc: str | None, lang: str | None,
                  limit: int) -> SearchResult:
        concepts = parsed.concepts()
        terms: dict[str, tuple[str, ...]] = {}
        for concept in concepts:
            for lg, words in self.concepts.terms(concept).items():
                terms[lg] = tuple(dict.fromkeys((*terms.get(lg, ()), *words)))
        plan = plan_query(parsed, self.concepts)
        ranked = self._rank(plan, doc, lang, limit)
        hits = tuple(self._hit(self.graph.nodes[self._refs[d]], score, plan) for d, score in ranked)
        suggestions = () if hits else suggest(self.opened.reader, parsed.words())
        return SearchResult(query, FULLTEXT, tuple(concepts), tuple(terms.items()), hits, suggestions)

    def _rank(self, plan: Plan, doc: str | None, lang: str | None, limit: int) -> list[tuple[int, float]]:
        keep = None if doc is None and lang is None else (lambda facts: self._keep(facts.doc, doc, lang))
        ranker = self._open_ranker()  # a failure to open is not damage: it is not retried
        try:
            return ranker.rank(plan.clauses, limit, keep, self._has_phrase)
        except Exception as first:  # noqa: BLE001 - whoosh reports a damaged index with many kinds of error
            if self._rebuilt:
                raise
            ranker = self._rebuild_index()
            try:
                return ranker.rank(plan.clauses, limit, keep, self._has_phrase)
            except Exception as second:  # noqa: BLE001
                from ..errors import CacheError

                raise CacheError(f"the search index failed ({first!r}), and again after a rebuild ({second!r})") \
                    from second

    def _rebuild_index(self) -> Ranker:
        """Rebuild the index (once per searcher: the rebuilt one gets no second chance)."""
        self._rebuilt = True
        if self._opened is not None:
            try:
                self._opened.close()
            except Exception:  # noqa: BLE001 - the damaged index may fail to close too
                pass
        self._opened = self._opener(True)
        self._ranker = Ranker(self._opened.reader, self.facts)
        return self._ranker

    def _keep(self, node_doc: str, doc: str | None, lang: str | None) -> bool:
        return (doc is None or node_doc == doc) and (lang is None or self._languages.get(node_doc) == lang)

    def _has_phrase(self, docnum: int, lang: str, stems: tuple[str, ...]) -> bool:
        node = self.graph.nodes[self._refs[docnum]]
        texts = [english_heading(node)] if lang == "en" else []
        if field_language(node.lang) == lang:
            texts += [node.title, node.text, *node.examples]
        n = len(stems)
        for text in texts:
            terms = analyze(lang, text)
            if any(tuple(terms[i:i + n]) == stems for i in range(len(terms) - n + 1)):
                return True
        return False

    def _hit(self, node: Node, score: float, plan: Plan) -> SearchHit:
        text = node.text or node.title
        snippet = make_snippet(text, node.lang, plan.stems.get(field_language(node.lang), frozenset()))
        return SearchHit(node.ref, node.doc, node.id, round(score, 3), snippet)


def query_kind(query: str) -> str:
    """CITATION or FULLTEXT, without opening anything; a malformed full-text query is a :class:`QueryError`."""
    if parse_citation_query(query) is not None:
        return CITATION
    check_syntax(query)
    return FULLTEXT


@lru_cache(maxsize=1)
def default_searcher() -> Searcher:
    """The searcher over the installed corpus (graph from its cache; the index opened on first need)."""
    return open_searcher()


def open_searcher(progress: Progress | None = None, rebuild: bool = False, root: Path | None = None) -> Searcher:
    """The searcher of the corpus at ``root`` (the installed one if None). The index is opened on first
    need, or at once by :meth:`Searcher.opened`; ``rebuild`` makes that first opening a rebuild."""
    from ..graph_cache import load_graph

    graph = load_graph(root)

    def matcher() -> ConceptMatcher:
        from ..text.matching import ConceptMatcher

        return ConceptMatcher(concept_table(root))

    def opener(force: bool) -> OpenIndex:
        from .index import open_index

        return open_index(graph, matcher, progress, force=force, root=root)

    return Searcher(graph, opener, rebuild)


def concept_table(root: Path | None = None) -> ConceptTable:
    """The corpus's concept table; an empty one for a corpus without ``concepts.tsv`` (test corpora)."""
    from ..text.concepts import FILE_NAME, ConceptTable, load_concepts
    from ..corpus import corpus_dir

    path = (root or corpus_dir()) / FILE_NAME
    if not path.is_file():
        return ConceptTable(())
    return load_concepts(path if root else None)
