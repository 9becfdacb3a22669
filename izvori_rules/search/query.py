"""Turn a judge's full-text query into a plan: one clause per word, concept or quoted phrase.

Words and quoted phrases; each word or run of words that names a concept is expanded to the concept in
every language (so ``razbijac`` finds ``пробивной удар``), through the index's concept fields rather than
the terms' text: the index already found every term's stem sequence in every node, so a concept clause is
a handful of postings lists, whatever the number of its terms and languages.

A concept clause scores a node by its best tier, in decreasing weight: its heading is one of the concept's
terms, the concept table lists it, its text starts with the concept (the subject of a definition), an
ancestor defines it (the subrules of the keyword's rule); plus how much its heading and text use the concept,
a use with other words between the term's words ("gain that much life") at GAPPED weight.
Nodes in the language the judge typed the concept in come first within a tier. A plain word is searched in
every language's text, heading and examples, each analyzed by that language's analyzer; the heading weighs
more, examples less. A quoted phrase must occur as written (after analysis) in one language's text.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import lru_cache

from ..errors import QueryError
from ..references import excerpt
from .cards import CardNames, Mention
from ..text.folding import is_cyrillic
from ..text.idioms import english_idioms
from ..text.matching import CYRILLIC_LANGUAGES, QueryConcepts, Segment
from ..text.stemming import LANGUAGES, WORD, analyze
from ..text.stopwords import StopLists, is_stopword

# Weights of a concept clause, in tiers: a node scores its best flag (NAMED ... GOVERNS) plus how much its
# heading and text use the concept. The use part saturates below 2.2 × (CONCEPT_HEAD + CONCEPT_USE) = 5.5,
# so a tier more than 5.5 above the next one is never overtaken by mere use.
NAMED = 20.0  # the heading is one of the concept's terms (E3.100 Razbijač, ru-cr 704 Действия вызванные состоянием)
# LISTED: the concept table lists the node among the concept's rules or glossary entries. Measured in session 28 for
# issue 10 (a listed rule of another language, or a listed definition, above the rule that states the answer) on the
# real-question set's tune part (tests/search_questions.tsv, batches 1-6; MRR of batch 1 sr/ru/en/cs .958/.966/.957/
# .944) and dropped, each losing batch 1's rows, whose answers are often the listed rules of whichever document lists
# them: LISTED 10 (.932/.936/.927/.941) or 17 (sr .955, en .953); 8 or 11 in a query of two or more clauses (sr
# .914/.947, en .913/.927) or in such a question (sr .943/.958, en .933/.937, sr batch 6 recall .917 -> .833/.875);
# a listed rule outside the query's languages at 10 (sr .943, en .927) or not at all (en .866, 86-set .986 -> .949);
# the listing spread to the listed rule's twins (relation same, search/twins.py: sr .936, cs .932, though en batch 6
# .628 -> .641), or to its English twin alone (sr batch "extra" .952 -> .917, en batch 3 .892 -> .873); a listing in
# the query's language first, the other documents' listings of the concept then dropped (sr batches 3-6 and ru 4 and 6
# gain, but sr .923, ru .956, cs .919: sr-judge lists another side of the concept than the one asked, pocetni zivot
# igraca loses cs-cr 101.3 and ru-cr 118.1) or kept at 8 or 11 (sr .924/.947); the flag only where the rule's words
# use the concept (ru batch 5 .747 -> .708, 86-set .971).
LISTED = 14.0
LEADS = 8.0  # the text starts with the concept (Razbijač je pasivna osobina…)
GOVERNS = 4.0  # an ancestor defines the concept (the subrules of a keyword's rule)
CONCEPT_HEAD = 1.5
CONCEPT_USE = 1.0
# A use of a concept said with other words between its term's words ("gain that much life", index.schema's
# gapped_concepts) weighs GAPPED times a whole one: it carries the clause, but a rule that says the term whole
# states it more surely.
GAPPED = 0.6
# A concept clause also matches the uses of the concepts that include it (the table's broader column), at
# BROADER times CONCEPT_USE: a judge asks about a creature, the rule says permanent (ru-cr 514.2: damage on
# permanents wears off; 704.5q: counters on a permanent), so such a rule carries the clause too. Only a rule
# the query's other clauses found gains (ranking: a concept as common as permanent adds no candidates).
BROADER = 0.5
# A card named in the query (:mod:`.cards`) adds a clause per concept it is about, which together weigh CARD_SHARE
# of one clause of the question's own words in a node's coverage (ranking.importance): the card tells what the
# question is about, its words what it asks, and a card of five concepts must not outweigh a question of three
# words. On the real-question set's sixth batch (English, recall@10/MRR .766/.497 without cards) this ranked
# .797/.514 (before the everyday marks were narrowed, .797/.535 after); one clause of all the card's concepts (a rule
# defining any of them carried it) .797/.502, or .766/.497 without the concepts' definition flags; a whole clause per
# concept .812/.517, which lets a card outweigh the question (twice the share: .812/.517 too, but the fifth batch
# .915/.788 against .936/.790); half the share .797/.535 as this, but the fifth batch .915/.788. Two cards that share
# a concept add the concepts of how two such things interact (cards.CardNames.interaction: cr 616.1 for two
# replacement effects, 613.7-8 for two effects of one layer) as one more card's share: "Hardened Scales and Doubling
# Season which one applies first" ranked cr 616.1 8th, their own replacement rules (614.16) above it.
CARD_SHARE = 1.0
HEAD = 2.5
BODY = 1.0
EXAMPLE = 0.4
# Languages whose words also match their other inflections and derivations (``blokira`` / ``blokirano`` /
# ``blokiranje``, ``регенерация`` / ``регенерировать``): the stems that share a long prefix (ranking.variants).
INFLECTED = frozenset({"sr", "ru", "cs"})
_QUOTES = "\"“”„«»"
LOOKUPS_KEPT = 4096  # concepts and words whose lookups are remembered (_concept_lookups, _words_clause)
MAX_QUERY = 2000  # characters: a paragraph pasted whole is a query; a 100 kB paste is a mistake
_QUOTED = re.compile(rf"[{_QUOTES}]([^{_QUOTES}]*)[{_QUOTES}]")
Known = Callable[[str, str], bool]  # whether a word is a word of a language's documents (the language, the word)


@dataclass(frozen=True, slots=True)
class Lookup:
    """One postings list to read: ``weight`` × BM25 of the term in the field; or, for a ``flag``, ``weight``
    × idf, of which a node gets only its best flag per clause. ``idf_field`` names the field whose document
    frequency sets the idf (a flag takes its concept's). A ``weak`` lookup reads a node's examples: a clause
    matched only there counts for less of the query's coverage (ranking.EXAMPLE_SHARE). A ``broader`` lookup (a
    concept that includes the clause's) adds only to nodes the query's other clauses found, never a node of its own."""

    field: str
    term: str
    weight: float
    flag: bool = False
    idf_field: str | None = None
    variants: bool = False
    weak: bool = False
    broader: bool = False


@dataclass(frozen=True, slots=True)
class Clause:
    """What one segment of the query matches: any of its lookups; for a quoted phrase, only the nodes whose
    text has one of the ``phrases`` (language, stems in order). Nodes in one of the ``languages`` (those in
    which the judge's words name the concept) are preferred. ``stems`` are, per language, the stems the clause's
    words or concept terms have in a text (how close they stand to the other clauses' is evidence too);
    ``broader_stems`` those of the broader concepts' terms, which stand for the clause in a text without its own
    (the permanent of cr 702.11b for the creature of "can I target my own hexproof creature"). ``share``: the
    clause's part of a whole clause's importance (one concept of a card named, :data:`CARD_SHARE`)."""

    words: str
    lookups: tuple[Lookup, ...]
    phrases: tuple[tuple[str, tuple[str, ...]], ...] = ()
    languages: frozenset[str] = frozenset()
    stems: tuple[tuple[str, frozenset[str]], ...] = ()
    broader_stems: tuple[tuple[str, frozenset[str]], ...] = ()
    share: float = 1.0


@dataclass(frozen=True, slots=True)
class ParsedQuery:
    """The pieces of a query: concept or plain-word segments, and quoted phrases (each a segment too); ``languages``
    the query's language, or those tied (:meth:`StopLists.languages`: none when no word tells it); ``cards`` the
    cards it names, each a segment of the card's name and the concepts it is about that the query's words do not
    name (not the concepts the judge named: they are searched as clauses of a smaller share, :data:`CARD_SHARE`);
    ``named`` every card named, with all its concepts (what the answer tells the judge it read)."""

    segments: tuple[Segment, ...]
    phrases: tuple[Segment, ...] = ()
    languages: frozenset[str] = frozenset()
    cards: tuple[Segment, ...] = ()
    named: tuple[Mention, ...] = ()

    def concepts(self) -> list[str]:
        """Every concept named, in query order."""
        return list(dict.fromkeys(c for s in (*self.segments, *self.phrases) for c in s.concepts))

    def words(self) -> list[str]:
        """Every word typed (for spelling suggestions; a card's name last)."""
        return [w for s in (*self.segments, *self.phrases, *self.cards) for w in re.findall(r"\w+", s.words)]


@dataclass(frozen=True, slots=True)
class Plan:
    """The clauses of a query and the stems searched in each language (the snippets highlight those)."""

    clauses: tuple[Clause, ...]
    stems: dict[str, frozenset[str]] = field(default_factory=dict)


def check_syntax(text: str) -> None:
    """Raise :class:`QueryError` for an empty query, one without words, or an unbalanced quote mark."""
    if not text.strip():
        raise QueryError("empty query: type a word, a phrase in quotes, or a rule number", key="query_empty")
    if len(text) > MAX_QUERY:
        raise QueryError("the query is too long ({length:,} characters; at most {limit:,})", key="query_too_long",
                         length=len(text), limit=MAX_QUERY)
    if re.search(f"[{_QUOTES}]", _QUOTED.sub(" ", text)):
        raise QueryError("unbalanced quote in {query}: close the phrase with a second quote mark",
                         key="query_unbalanced_quote", query=excerpt(text))
    if not re.search(r"\w", text):
        raise QueryError("{query} has no words to search for", key="query_no_words", query=excerpt(text))


def parse_query(text: str, concepts: QueryConcepts, stopwords: StopLists | None = None,
                cards: CardNames | None = None, known: Known | None = None) -> ParsedQuery:
    """Split quoted phrases from words, dropping the stop words of the query's language outside phrases
    (:meth:`StopLists.for_query`, told by the stop words and the concept terms the words hold), and the names of
    ``cards`` from the words (:func:`_card_names`); an English query's idioms are read in the rules' words
    (:func:`~izvori_rules.text.idioms.english_idioms`: "does lifelink stack?" asks for multiple instances); words
    ``known`` in the query's language's documents name no concept they name only in another language
    (:meth:`.QueryConcepts.segments`); a malformed query is a :class:`QueryError` (see :func:`check_syntax`)."""
    check_syntax(text)
    rest = _QUOTED.sub(" ", text)
    rest, mentioned = _card_names(rest, concepts, cards)
    phrases = [p for m in _QUOTED.finditer(text) if re.search(r"\w", p := m.group(1).strip())]
    lists = stopwords or StopLists((), frozenset())
    others = bool(phrases or mentioned)  # besides the words: with them, stop words alone name nothing
    words = _segments(rest, concepts, lists.words, others)
    typed = re.findall(WORD, rest)
    named = [lang for s in words if s.concepts for lang in s.languages]
    chosen, languages = lists.for_query(typed, named), lists.languages(typed, named)
    if known is not None and CYRILLIC_LANGUAGES <= languages:
        languages = _told_apart(languages, typed, known)
    said = english_idioms(rest) if "en" in languages else rest  # Czech judges say "na stack" too
    if said != rest or any(is_stopword(word, lists.words) != is_stopword(word, chosen) for word in typed) or any(
            s.languages - languages for s in words if s.concepts and languages):
        native = (lambda word: any(known(lang, word) for lang in languages)) if known is not None else None
        words = _segments(said, concepts, chosen, others, languages, native)
    phrased = tuple(Segment(p, concepts.concepts_named(p), concepts.languages_naming(p)) for p in phrases)
    asked = {c for s in (*words, *phrased) for c in s.concepts}
    card_segments = tuple(Segment(m.typed, own) for m in mentioned
                          if (own := tuple(c for c in m.card.concepts if c not in asked)))
    if cards is not None and (between := tuple(c for c in cards.interaction(mentioned) if c not in asked)):
        card_segments += (Segment("", between),)  # what two cards of one concept ask: no word of its own
    return ParsedQuery(tuple(words), phrased, languages, card_segments, tuple(mentioned))


def _told_apart(languages: frozenset[str], typed: list[str], known: Known) -> frozenset[str]:
    """The query's languages without one of the two written in Cyrillic when its Cyrillic words, tied between them,
    are more often words of the other's documents alone: in «источник урона» (the source of damage) «источник»
    names Serbian *Istočnik* as surely as «урона» Russian damage, but «урона» is no word of the Serbian rules, so
    the Russian question keeps no false friend (:meth:`~izvori_rules.text.matching.QueryConcepts.segments`)."""
    votes = dict.fromkeys(sorted(CYRILLIC_LANGUAGES), 0)
    for word in filter(is_cyrillic, typed):
        only = [lang for lang in votes if known(lang, word)]
        if len(only) == 1:
            votes[only[0]] += 1
    ranked = sorted(votes.values(), reverse=True)
    if ranked[0] == ranked[1]:
        return languages
    return languages - {lang for lang, count in votes.items() if count < ranked[0]}


def _card_names(text: str, concepts: QueryConcepts, cards: CardNames | None) -> tuple[str, list[Mention]]:
    """The text without the card names it holds, and the cards it names. A name that is a concept's term
    (Counterspell, Fog, Clone) stays in the text: the judge's word names that concept too."""
    if cards is None or not cards.names:
        return text, []
    found = cards.find(text)
    for mention in reversed(found):
        if not concepts.concepts_named(mention.typed):
            text = text[:mention.start] + " " * (mention.end - mention.start) + text[mention.end:]
    return text, found


def _segments(text: str, concepts: QueryConcepts, stopwords: frozenset[str], others: bool,
              languages: frozenset[str] = frozenset(), native: Callable[[str], bool] | None = None) -> list[Segment]:
    """The text's segments, its stop words dropped unless it has nothing else (and the query no ``others``: a quoted
    phrase, a card's name); words that name a concept in one of the query's ``languages``, or are ``native`` words
    of its documents, name none they name only in another."""
    only = all(is_stopword(word, stopwords) for word in re.findall(WORD, text))
    return concepts.segments(text, stopwords if others or not only else frozenset(), languages, native)


def plan_query(parsed: ParsedQuery, concepts: QueryConcepts) -> Plan:
    """One clause per segment and per quoted phrase (a quoted phrase is searched as written, even when it names
    a concept: quotes are how a judge asks for exactly those words)."""
    clauses = [_concept_clause(s, concepts) if s.concepts else _words_clause(s.words) for s in parsed.segments]
    clauses += [_phrase_clause(phrase) for phrase in parsed.phrases]
    clauses += [_card_clause(card, concept, concepts) for card in parsed.cards for concept in card.concepts]
    unique: dict[tuple[object, ...], Clause] = {}
    stems: dict[str, set[str]] = {}
    for clause in clauses:  # a concept named twice ("biće ... biće") is one clause, not twice the weight
        if clause.lookups:
            unique.setdefault((clause.lookups, clause.phrases), clause)
        for lang, found in clause.stems:
            stems.setdefault(lang, set()).update(found)
    return Plan(tuple(unique.values()), {lang: frozenset(s) for lang, s in stems.items()})


def _concept_clause(segment: Segment, concepts: QueryConcepts) -> Clause:
    lookups: list[Lookup] = []
    stems: dict[str, set[str]] = {}
    wider: dict[str, set[str]] = {}
    for concept in segment.concepts:
        lookups += _concept_lookups(concept, concepts.broader(concept))
        for lang, concept_stems in concepts.stems(concept).items():
            stems.setdefault(lang, set()).update(concept_stems)
        for other in concepts.broader(concept):
            for lang, concept_stems in concepts.stems(other).items():
                wider.setdefault(lang, set()).update(concept_stems)
    return Clause(segment.words, tuple(lookups), languages=segment.languages, stems=_frozen(stems),
                  broader_stems=_frozen(wider))


def _card_clause(card: Segment, concept: str, concepts: QueryConcepts) -> Clause:
    """One concept of a card named, as a concept clause of its share of the card's (see :data:`CARD_SHARE`)."""
    clause = _concept_clause(Segment(card.words, (concept,)), concepts)
    return replace(clause, share=CARD_SHARE / len(card.concepts))


def forget_lookups() -> None:
    """Forget the remembered concept and word lookups: their weights are the module's as they stood (see
    :meth:`Ranker.forget_scores <izvori_rules.search.ranking.Ranker.forget_scores>`)."""
    _concept_lookups.cache_clear()
    _words_clause.cache_clear()


@lru_cache(maxsize=LOOKUPS_KEPT)
def _concept_lookups(concept: str, broader: tuple[str, ...]) -> tuple[Lookup, ...]:
    """A concept's lookups (see the module docstring's tiers), and its ``broader`` concepts' (kept for the
    LOOKUPS_KEPT concepts last named: a frozen lookup costs a microsecond or two to make, a query names a few
    concepts of eight or more lookups each, and most queries name the common ones)."""
    return (Lookup("named", concept, NAMED, True, "concepts"),
            Lookup("listed", concept, LISTED, True, "concepts"),
            Lookup("leads", concept, LEADS, True, "concepts"),
            Lookup("governs", concept, GOVERNS, True, "concepts"),
            Lookup("head_concepts", concept, CONCEPT_HEAD, False, "concepts"),
            Lookup("concepts", concept, CONCEPT_USE),
            Lookup("gapped_concepts", concept, GAPPED * CONCEPT_USE, idf_field="concepts"),
            Lookup("example_concepts", concept, EXAMPLE, idf_field="concepts", weak=True),
            *(Lookup("concepts", other, BROADER * CONCEPT_USE, broader=True) for other in broader))


def _frozen(stems: dict[str, set[str]]) -> tuple[tuple[str, frozenset[str]], ...]:
    return tuple((lang, frozenset(found)) for lang, found in stems.items() if found)


@lru_cache(maxsize=LOOKUPS_KEPT)
def _words_clause(words: str) -> Clause:
    """The clause of plain words: each language's terms in its text, heading and examples (kept for the LOOKUPS_KEPT
    words last typed: the words are analysed in every language, and each term's lookups made, once)."""
    lookups: list[Lookup] = []
    stems: dict[str, set[str]] = {}
    for lang in LANGUAGES:
        for term in dict.fromkeys(analyze(lang, words)):
            stems.setdefault(lang, set()).add(term)
            inflected = lang in INFLECTED
            lookups += [Lookup(f"body_{lang}", term, BODY, variants=inflected),
                        Lookup(f"head_{lang}", term, HEAD, variants=inflected),
                        Lookup(f"example_{lang}", term, EXAMPLE, weak=True)]
    return Clause(words, tuple(lookups), stems=_frozen(stems))


def _phrase_clause(segment: Segment) -> Clause:
    words = _words_clause(segment.words)
    phrases = tuple((lang, tuple(terms)) for lang in LANGUAGES if (terms := analyze(lang, segment.words)))
    return Clause(segment.words, words.lookups, phrases, stems=words.stems)
