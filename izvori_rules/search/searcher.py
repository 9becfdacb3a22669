"""``search(query)``: a citation query answered from the graph, anything else from the Whoosh index.

The full-text path expands concepts to every language, scores every clause (:mod:`.ranking`), prefers the kind of
answer a question asks for among the first hits (:mod:`.questions`), filters by document or language, and, when
nothing matches at all, suggests spellings (:mod:`.spelling`); a long word no document has is read as the typo
of the documents' word one letter away. The index is opened on the first full-text query,
so a citation query never loads Whoosh; an index that fails while answering is rebuilt once and the query
retried.
"""

from __future__ import annotations

import re
from array import array
from collections import Counter
from collections.abc import Callable, Collection, Iterable, Iterator
from dataclasses import dataclass
from itertools import islice
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from ..corpus import per_corpus
from ..graph import RuleGraph
from ..model import Node
from ..references import looks_like_reference, typed_reference
from .borrowed import RUSSIAN, borrowed, reworded
from .cards import Mention, load_cards
from .citation_query import citation_nodes, parse_citation_query
from ..text.matching import QueryConcepts, english_heading
from .query import ParsedQuery, Plan, check_syntax, forget_lookups, parse_query, plan_query
from .postings import FilePostings, Postings
from .questions import load_question_words, prefer
from .ranking import DEFINING, GLOSSARY, HIT_KINDS, RULE, SECTION, Facts, Ranker, hit_kind
from .siblings import subrule_of
from .snippets import Snippet, make_snippet
from .spelling import corrections, suggest
from .twins import Twins
from ..text.stemming import WORD, analyze, field_language, plain_word, spans
from ..text.stopwords import StopLists, load_stopwords

if TYPE_CHECKING:
    from ..text.concepts import ConceptTable
    from ..text.matching import ConceptMatcher
    from .index import IndexOpener, OpenIndex, Progress

CITATION = "citation"
FULLTEXT = "fulltext"
DEFAULT_LIMIT = 10
QUESTION_FRAME = 2  # stop words a question drops (see is_question)
SAME = "same"  # the relation of an equivalent that says the same as its rule (model.Equivalent): a twin, see .twins
WORDS_KEPT = 4096  # nodes whose stems a searcher remembers (for the proximity of the first hits' words)
NATIVE = 3  # rules of a language whose text holds a word, at least, for the word to be the language's own (_known)


def indexed_refs(graph: RuleGraph) -> list[str]:
    """The refs the index holds, in graph order (document number *n* is the *n*-th): every node of the graph,
    the English CR (``cr``) included, so that English words meet English text. (The older English releases are
    not graph documents: they live in the history store.)"""
    return list(graph.nodes)


@dataclass(frozen=True, slots=True)
class SearchHit:
    """One result: the node, its score (1.0 for citation queries), a snippet and its kind (:data:`HIT_KINDS`)."""

    ref: str
    doc: str
    id: str
    score: float
    snippet: Snippet
    kind: str = RULE
    equivalents: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class DefinitionEntry:
    """One document's glossary entry for a concept: its reference, headword and text."""

    ref: str
    doc: str
    term: str
    text: str


@dataclass(frozen=True, slots=True)
class Definition:
    """A concept of the query with every document's glossary entry for it, in document order."""

    concept: str
    term: str
    entries: tuple[DefinitionEntry, ...]


@dataclass(frozen=True, slots=True)
class Filtered:
    """Rules a citation named that ``--doc`` or ``--kind`` left out: how many of one kind in one document."""

    doc: str
    kind: str
    count: int


@dataclass(frozen=True, slots=True)
class SearchResult:
    """What a query found; ``terms`` maps each language to the terms the concept expansion searched;
    ``filtered_out``, when the filters left none of the rules a citation names, what they left out (``--kind
    section D10.11-D10.19``: nine rules of sr-judge), so that the answer is not "no such rule"; ``cards`` the cards
    the query names, each as typed with the card's row of the card table (:mod:`.cards`), so that the judge sees how
    the question was read (the offsets of a mention are in the query as parsed: without its quoted phrases)."""

    query: str
    kind: str
    concepts: tuple[str, ...]
    terms: tuple[tuple[str, tuple[str, ...]], ...]
    hits: tuple[SearchHit, ...]
    suggestions: tuple[str, ...] = ()
    definitions: tuple[Definition, ...] = ()
    filtered_out: tuple[Filtered, ...] = ()
    cards: tuple[Mention, ...] = ()


class Analysed(NamedTuple):
    """A node's words as ranking and snippets read them: its field language, the stems of its heading and text (its
    examples left out), and where the snippet's text (:func:`snippet_text`) starts among them and its words' offsets."""

    lang: str
    stems: list[str]
    first: int
    starts: array[int]
    ends: array[int]

    @classmethod
    def of(cls, node: Node) -> Analysed:
        lang = field_language(node.lang)
        text = snippet_text(node)
        stems = analyze(lang, node.title) if text != node.title else []
        first, starts, ends = len(stems), array("I"), array("I")
        for term, start, end in spans(lang, text):
            stems.append(term)
            starts.append(start)
            ends.append(end)
        return cls(lang, stems, first, starts, ends)

    def spans(self) -> Iterator[tuple[str, int, int]]:
        """``(stem, start, end)`` of the snippet text's words (:func:`.stemming.spans`)."""
        return zip(islice(self.stems, self.first, None), self.starts, self.ends)


def snippet_text(node: Node) -> str:
    """What a hit's snippet shows: the node's text, or its heading when it has none."""
    return node.text or node.title


class Searcher:
    """A graph and its index, ready to answer queries in this process.

    ``opener(force)`` (an :class:`~.index.IndexOpener`) opens the index (building it when missing or broken, or
    always when ``force``); it is called on first need, and once more with ``force`` when reading the open index
    fails mid-query.
    """

    def __init__(self, graph: RuleGraph, opener: IndexOpener, rebuild: bool = False,
                 root: Path | None = None) -> None:
        self.graph = graph
        self._root = root
        self._opener = opener
        self._force_first = rebuild
        self._opened: OpenIndex | None = None
        self._ranker: Ranker | None = None
        self._rebuilt = False
        self._refs = indexed_refs(graph)
        self._languages = {doc: info.language for doc, info in graph.docs.items()}
        self._facts: dict[int, Facts] = {}
        self._numbered: set[str] | None = None
        self._node_words: dict[int, Analysed] = {}
        self._numbers: dict[str, int] | None = None
        self._twins: dict[int, list[int]] = {}  # a node's twins, read when first asked (_same)
        self._glossaries: dict[str, tuple[DefinitionEntry, ...]] = {}  # a concept's glossary entries (_glossary)

    def index_built(self) -> bool:
        """Whether the index is open, or complete in the cache (so opening it needs no progress bar)."""
        return self._opened is not None or self._opener.built()

    @property
    def opened(self) -> OpenIndex:
        """The open index (opened, or built, now if it is not yet)."""
        self._open_ranker()
        assert self._opened is not None
        return self._opened

    def _open_ranker(self) -> Ranker:
        if self._ranker is None:
            self._opened = self._opener(self._force_first)
            self._ranker = Ranker(self._postings(), self.facts, self._classes)  # _opened is set: no recursion
        return self._ranker

    def _classes(self) -> tuple[bytes, list[Facts], bytes]:
        """The ranker's per-document classes, read from the postings file's arrays (no node decoded); an index
        in memory has none, and the ranker asks :meth:`facts` per document instead."""
        source = self._postings()
        if not isinstance(source, FilePostings):
            return Ranker.classes_of(source.doc_count_all(), self.facts)
        cls, pairs, numbered = source.classes()
        table = [Facts(doc, field_language(self._languages.get(doc, "")), False, kind) for doc, kind in pairs]
        return cls, table, numbered

    def _postings(self) -> Postings:
        if self._opened is None:
            self._open_ranker()
        assert self._opened is not None and self._opened.postings is not None
        return self._opened.postings

    @property
    def concepts(self) -> QueryConcepts:
        """The query side of the concept table, stored with the index."""
        return self.opened.concepts

    def doc_count(self) -> int:
        """How many rules and glossary entries the index holds."""
        return self._postings().doc_count_all()

    def facts(self, docnum: int) -> Facts:
        """Document, language and whether the document prints the node's number (cached)."""
        facts = self._facts.get(docnum)
        source = self._opened.postings if self._opened is not None else None
        if facts is None and isinstance(source, FilePostings):  # read from the postings file: no node decoded
            doc, kind, numbered = source.facts(docnum)
            facts = self._facts[docnum] = Facts(doc, field_language(self._languages.get(doc, "")), numbered, kind)
        if facts is None:
            if self._numbered is None:
                self._numbered = {ref for refs in self.graph.index.by_number.values() for ref in refs}
            ref = self._refs[docnum]
            node = self.graph.nodes[ref]
            facts = self._facts[docnum] = Facts(node.doc, field_language(self._languages.get(node.doc, "")),
                                                ref in self._numbered, hit_kind(node.kind))
        return facts

    def forget_scores(self) -> None:
        """Forget every score and lookup remembered with the ranking's weights as they stood, so that the next
        search ranks with the weights as they are (scripts/fit_ranking.py changes them in-process)."""
        self._open_ranker().forget_scores()
        forget_lookups()

    def search(self, query: str, doc: str | None = None, lang: str | None = None,
               limit: int | None = None, kind: str | None = None) -> SearchResult:
        """Run one query. A citation returns every node it names in document order (``limit`` only when
        given; none, with the closest references as suggestions, when it names nothing); full text returns the
        best ``limit`` (10 by default) numbered rules and guide sections, and the glossary entries of the
        query's concepts apart, as ``definitions``. ``kind`` (rule, glossary, section) keeps only that kind."""
        self.check_filters(doc, lang, kind)
        target = parse_citation_query(query)
        named = citation_nodes(self.graph, target) if target is not None else []
        if (target is not None or looks_like_reference(query)) and not named and self.concepts.concepts_named(
                query.strip()):
            target = None  # no rule is numbered "M2", and players call the postcombat main phase so: search the words
        elif target is None and looks_like_reference(query):  # Z99.99, D19.51#3, D19,51: no such rule
            return SearchResult(query, CITATION, (), (), (), self.graph.suggest(typed_reference(query).strip()))
        if target is not None:
            nodes = [n for n in named if self._keep(n.doc, doc, lang) and (kind is None or hit_kind(n.kind) == kind)]
            hits = tuple(SearchHit(n.ref, n.doc, n.id, 1.0, make_snippet(n.text, n.lang, ()), hit_kind(n.kind))
                         for n in nodes[:limit])
            left_out = () if hits else _tally(named)
            suggestions = () if hits or left_out else self.graph.suggest(typed_reference(query).strip())
            return SearchResult(query, CITATION, (), (), hits, suggestions, filtered_out=left_out)
        check_syntax(query)  # before the index is opened
        stopwords = self._stopwords(query)
        parsed = parse_query(query, self.concepts, stopwords, load_cards(self._root), self._known)  # not retried
        kinds = frozenset((kind,)) if kind else frozenset((RULE, SECTION))
        return self._retried(lambda: self._fulltext(query, parsed, doc, lang, limit or DEFAULT_LIMIT, kinds))

    def _stopwords(self, query: str) -> StopLists:
        """The stop words the query drops: the corpus's, and the words of the question phrase it opens with
        (:meth:`.questions.QuestionWords.frame`)."""
        return load_stopwords(self._root).also(load_question_words(self._root).frame(query))

    def check_filters(self, doc: str | None, lang: str | None, kind: str | None = None) -> None:
        """A :class:`QueryError` naming the choices for a document, language or kind the corpus does not have."""
        from ..errors import QueryError

        if kind is not None and kind not in HIT_KINDS:
            raise QueryError("unknown kind {kind!r}; the kinds are {kinds}", key="unknown_kind", kind=kind,
                             kinds=", ".join(HIT_KINDS))
        if doc is not None and doc not in self.graph.docs:
            raise QueryError("unknown document {doc!r}; the documents are {docs}", key="unknown_doc", doc=doc,
                             docs=", ".join(self.graph.docs))
        if lang is not None and lang not in self._languages.values():
            languages = ", ".join(sorted(set(self._languages.values())))
            raise QueryError("unknown language {lang!r}; the languages are {languages}", key="unknown_language",
                             lang=lang, languages=languages)

    def _fulltext(self, query: str, parsed: ParsedQuery, doc: str | None, lang: str | None,
                  limit: int, kinds: frozenset[str]) -> SearchResult:
        parsed = self._corrected(query, parsed)
        concepts = parsed.concepts()
        terms: dict[str, tuple[str, ...]] = {}
        for concept in concepts:
            for lg, words in self.concepts.terms(concept).items():
                terms[lg] = tuple(dict.fromkeys((*terms.get(lg, ()), *words)))
        plan = plan_query(parsed, self.concepts)
        questions = load_question_words(self._root)
        answers = questions.answer_stems(questions.asked(query), plan.stems)
        ranked = self._rank(plan, doc, lang, limit, kinds, answers, is_question(query, parsed), parsed.languages)
        hits = tuple(self._hit(d, score, plan) for d, score in ranked)
        suggestions = () if hits else suggest(self._postings(), parsed.words())
        definitions = self._definitions(concepts, doc, lang, parsed)
        return SearchResult(query, FULLTEXT, tuple(concepts), tuple(terms.items()), hits, suggestions, definitions,
                            cards=parsed.named)

    def _corrected(self, query: str, parsed: ParsedQuery) -> ParsedQuery:
        """The query parsed again with its typos corrected (:func:`.spelling.corrections`) and the English keyword
        names a Russian question writes in Cyrillic read as ru-cr's terms (:func:`.borrowed.borrowed`), when it has
        any: the words outside quotes and concept terms that no document has (``planeswaker`` is ``planeswalker``),
        or that the Russian documents lack ("трамплер" is Пробивной удар)."""
        plain = [word for segment in parsed.segments if not segment.concepts
                 for word in re.findall(WORD, segment.words)]
        heard = borrowed(*self._borrowable(parsed), query, self.concepts, self._printed_in_russian) if (
            not parsed.languages or RUSSIAN in parsed.languages) else []
        fixes = corrections(self._postings(), plain, parsed.languages)
        if not fixes and not heard:
            return parsed
        text = re.sub(WORD, lambda match: fixes.get(match.group(), match.group()), reworded(query, heard))
        return parse_query(text, self.concepts, self._stopwords(query), load_cards(self._root), self._known)

    @staticmethod
    def _borrowable(parsed: ParsedQuery) -> tuple[list[str], set[str]]:
        """The words a borrowed name may be read from, in order (those outside concept terms, and each concept term of
        one word), and those of them that are a concept's term ("мана" in "мана валью": :func:`.borrowed.borrowed`)."""
        words: list[str] = []
        named: set[str] = set()
        for segment in parsed.segments:
            found = re.findall(WORD, segment.words)
            if segment.concepts and len(found) == 1:
                named.update(found)
            if not segment.concepts or len(found) == 1:
                words.extend(found)
        return words, named

    def _printed_in_russian(self, word: str) -> bool:
        """Whether a Russian document prints the word, as typed or by a stem of it, in a rule, a heading or an
        example: then it is searched as its own word, as the Clone of ru-cr 706's examples («Клон») is."""
        source = self._postings()
        return bool(source.doc_frequency("words", plain_word(word))) or any(
            source.doc_frequency(f"{part}_{RUSSIAN}", stem) for stem in analyze(RUSSIAN, word)
            for part in ("body", "head", "example"))

    def _known(self, lang: str, word: str) -> bool:
        """Whether the word is a word of the documents of the language: its every stem is in the text of NATIVE or
        more of their rules (fewer is a borrowed word they quote: the card names of ru-cr 700.8a, "Elephant
        Graveyard", "Flying Carpet"; cs-cr 214.3's "kouzlo (spell)"), so a Russian question's "graveyard" is still
        the English concept."""
        source, stems = self._postings(), analyze(lang, word)
        return bool(stems) and all(source.doc_frequency(f"body_{lang}", stem) >= NATIVE for stem in stems)

    def _definitions(self, concepts: list[str], doc: str | None, lang: str | None,
                     parsed: ParsedQuery) -> tuple[Definition, ...]:
        """Each concept's glossary entries (those the concept table lists and those headed by its terms)."""
        typed = {lg for s in (*parsed.segments, *parsed.phrases) for lg in s.languages}
        out = []
        for concept in concepts:
            entries = tuple(entry for entry in self._glossary(concept) if self._keep(entry.doc, doc, lang))
            if entries:
                out.append(Definition(concept, self._term(concept, typed), entries))
        return tuple(out)

    def _glossary(self, concept: str) -> tuple[DefinitionEntry, ...]:
        """Every document's glossary entries for a concept, in document order, kept: the concepts a judge's questions
        name recur (creature, player, spell), and each query read their defining postings and nodes again."""
        found = self._glossaries.get(concept)
        if found is None:
            ranker = self._open_ranker()
            docnums = sorted({d for field in DEFINING for d, _ in ranker.postings(field, concept)})
            found = self._glossaries[concept] = tuple(self._entry(self.graph.nodes[self._refs[d]]) for d in docnums
                                                      if self.facts(d).kind == GLOSSARY)
        return found

    def _term(self, concept: str, typed: set[str]) -> str:
        """The concept's preferred term, in the language the judge typed it in when there is one."""
        terms = self.concepts.terms(concept)
        for lg in (*sorted(typed), "en", *terms):
            if terms.get(lg):
                return terms[lg][0]
        return concept

    @staticmethod
    def _entry(node: Node) -> DefinitionEntry:
        return DefinitionEntry(node.ref, node.doc, node.title or node.id.partition(":")[2], node.text)

    def _rank(self, plan: Plan, doc: str | None, lang: str | None, limit: int, kinds: frozenset[str],
              answers: dict[str, frozenset[str]], question: bool,
              languages: frozenset[str] = frozenset()) -> list[tuple[int, float]]:
        """The ranked nodes of the plan; ``answers`` (per language, the stems of the kind of answer the query's
        question asks for) are preferred among the first hits, a ``question`` ranks a heading below its rules, and a
        rule in one of the query's ``languages`` comes before its twin in another (:mod:`.twins`) and is no repeat of its
        equivalent in another above it (:mod:`.repeats`)."""
        def keep(facts: Facts) -> bool:
            return facts.kind in kinds and self._keep(facts.doc, doc, lang)

        def preferring(best: list[tuple[bool, float, int]]) -> list[tuple[bool, float, int]]:
            return prefer(best, answers, self._words)

        refs = self._refs
        return self._open_ranker().rank(plan.clauses, limit, keep, self._has_phrase, self._words,
                                        preferring if answers else None, question, lambda doc: subrule_of(refs[doc]),
                                        self._rule_of, self._equivalents, languages,
                                        self._twins_in(languages, keep) if languages else None)

    def _twins_in(self, languages: frozenset[str], keep: Callable[[Facts], bool]) -> Twins:
        """A node's twins in one of the ``languages`` (none for a node in one of them) that the filters ``keep``:
        :mod:`.twins`."""

        def twins(docnum: int) -> Collection[int]:
            if self.facts(docnum).lang in languages:
                return ()
            return {twin for twin in self._same(docnum)
                    if self.facts(twin).lang in languages and keep(self.facts(twin))}

        return twins

    def _same(self, docnum: int) -> list[int]:
        """A node's equivalents that say the same (relation ``same``), as document numbers, read from the node alone
        and kept: the relation is named both ways (curated pairs, the chain through the originals, and today's
        English rule naming the translations that reach it), so no other node is read (a cold search decodes only
        the nodes it ranks, not the graph's 8,726)."""
        found = self._twins.get(docnum)
        if found is None:
            found = self._twins[docnum] = self._equivalents(docnum, SAME)
        return found

    def _retried(self, answer: Callable[[], SearchResult]) -> SearchResult:
        """``answer()``, which reads the open index; when that fails (a block of the postings file found damaged
        as it is first read, or any error of Whoosh's reader), the index is rebuilt once and ``answer()`` run
        again, so a damaged index costs a rebuild, never a wrong answer."""
        try:
            return answer()
        except Exception as first:  # noqa: BLE001 - whoosh reports a damaged index with many kinds of error
            if self._rebuilt:
                raise
            self._rebuild_index()
            try:
                return answer()
            except Exception as second:  # noqa: BLE001
                from ..errors import CacheError

                raise CacheError("the search index failed ({first}), and again after a rebuild ({second})",
                                 key="index_failed", first=repr(first), second=repr(second)) from second

    def _rebuild_index(self) -> None:
        """Rebuild the index (once per searcher: the rebuilt one gets no second chance)."""
        self._rebuilt = True
        if self._opened is not None:
            try:
                self._opened.close()
            except Exception:  # noqa: BLE001 - the damaged index may fail to close too
                pass
        self._opened = self._opener(True)
        self._ranker = Ranker(self._postings(), self.facts, self._classes)

    def _keep(self, node_doc: str, doc: str | None, lang: str | None) -> bool:
        return (doc is None or node_doc == doc) and (lang is None or self._languages.get(node_doc) == lang)

    def _words(self, docnum: int) -> tuple[str, list[str]]:
        """A node's field language and the stems of its heading and text (its examples left out)."""
        found = self._analysed(docnum)
        return found.lang, found.stems

    def _analysed(self, docnum: int) -> Analysed:
        """A node's words (:class:`Analysed`), remembered for the WORDS_KEPT nodes last asked (the first hits of one
        query are often those of the next)."""
        found = self._node_words.get(docnum)
        if found is None:
            if len(self._node_words) >= WORDS_KEPT:
                self._node_words.clear()
            node = self.graph.nodes[self._refs[docnum]]
            found = self._node_words[docnum] = Analysed.of(node)
        return found

    def _rule_of(self, docnum: int) -> tuple[int, int] | None:
        """A subrule's rule and that rule's chapter, as document numbers, when the rule has a heading (cr 702.144
        "Demonstrate", not the untitled 702.1): what :mod:`.keywords` reads; None for any other node."""
        node = self.graph.nodes[self._refs[docnum]]
        if node.kind != "subrule" or node.parent is None:
            return None
        rule = self.graph.nodes[node.parent]
        if not rule.title or rule.parent is None:
            return None
        numbers = self._document_numbers()
        return numbers[rule.ref], numbers.get(rule.parent, -1)

    def _equivalents(self, docnum: int, relation: str | None = None) -> list[int]:
        """The document numbers of the equivalents a node names (a translation its English original and its peers,
        the English rule the translations that reach it), of one ``relation`` when given: what :mod:`.repeats` reads,
        both ways, and :meth:`_same`."""
        numbers = self._document_numbers()
        node = self.graph.nodes[self._refs[docnum]]
        return [numbers[e.ref] for e in node.equivalents if e.ref in numbers and relation in (None, e.relation)]

    def _document_numbers(self) -> dict[str, int]:
        """Each indexed ref's document number (made on first need)."""
        if self._numbers is None:
            self._numbers = {ref: number for number, ref in enumerate(self._refs)}
        return self._numbers

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

    def _hit(self, docnum: int, score: float, plan: Plan) -> SearchHit:
        """A hit with its snippet, from the node's words as the proximity of this query's first hits (or a recent
        query's) analysed them, when it did: each word is read once per query, not once for each."""
        node = self.graph.nodes[self._refs[docnum]]
        analysed = self._node_words.get(docnum)
        stems = plan.stems.get(field_language(node.lang), frozenset())
        snippet = make_snippet(snippet_text(node), node.lang, stems, words=analysed.spans() if analysed else None)
        equivalents = tuple(e.ref for e in node.equivalents)  # an English rule's translations, a translation's peers
        return SearchHit(node.ref, node.doc, node.id, round(score, 3), snippet, hit_kind(node.kind), equivalents)


def _tally(nodes: Iterable[Node]) -> tuple[Filtered, ...]:
    """How many nodes of each kind in each document, in the order first met."""
    counts = Counter((n.doc, hit_kind(n.kind)) for n in nodes)
    return tuple(Filtered(doc, kind, count) for (doc, kind), count in counts.items())


def is_question(query: str, parsed: ParsedQuery) -> bool:
    """Whether the query asks a question rather than names a topic: it dropped QUESTION_FRAME or more stop words
    ("where does a countered spell go", "what is trample", "može li", "может ли"); "the stack" drops one."""
    return len(re.findall(r"\w+", query)) - len(parsed.words()) >= QUESTION_FRAME


def query_kind(query: str) -> str:
    """CITATION or FULLTEXT, without opening anything; a malformed full-text query is a :class:`QueryError`."""
    if parse_citation_query(query) is not None or looks_like_reference(query):
        return CITATION
    check_syntax(query)
    return FULLTEXT


def default_searcher() -> Searcher:
    """The searcher over the corpus in force, the installed one or ``$IZVORI_JUDGE_CORPUS`` (graph from its
    cache; the index opened on first need), kept for the process per corpus (:func:`~izvori_rules.corpus.per_corpus`)."""
    return _searchers()


_searchers = per_corpus(lambda root: open_searcher(root=root))


def open_searcher(progress: Progress | None = None, rebuild: bool = False, root: Path | None = None) -> Searcher:
    """The searcher of the corpus at ``root`` (the installed one if None). The index is opened on first
    need, or at once by :meth:`Searcher.opened`; ``rebuild`` makes that first opening a rebuild."""
    from ..graph_cache import load_graph
    from .index import IndexOpener

    graph = load_graph(root)
    return Searcher(graph, IndexOpener(graph, lambda: search_matcher(root), progress, root), rebuild, root)


def search_matcher(root: Path | None = None) -> ConceptMatcher:
    """The concept matcher the index is built with: terms said in coordination count (see ConceptMatcher), joined
    by the corpus's stop words."""
    from ..text.matching import ConceptMatcher
    from ..text.stopwords import load_stopwords

    return ConceptMatcher(concept_table(root), coordination=load_stopwords(root))


def concept_table(root: Path | None = None) -> ConceptTable:
    """The corpus's concept table; an empty one for a corpus without ``concepts.tsv`` (test corpora)."""
    from ..text.concepts import FILE_NAME, ConceptTable, load_concepts
    from ..corpus import corpus_dir

    path = (root or corpus_dir()) / FILE_NAME
    if not path.is_file():
        return ConceptTable(())
    return load_concepts(path if root else None)
