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
from collections.abc import Callable, Container, Iterable, Mapping, Sequence, Set
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from ..model import Node
from ..parts import PartedMap, split
from .folding import fold, is_cyrillic, serbian_to_latin
from .english import participle_ending, participles, singular, term_keys
from .sounds import heard_terms, sound_key
from .stemming import (
    LANGUAGES,
    WORD,
    analyze,
    english_whole_word,
    english_words,
    field_language,
    normalize_word,
)
from .stopwords import StopLists, is_stopword

if TYPE_CHECKING:
    from .concepts import Concept, ConceptTable

MAX_TERM_WORDS = 5
# At most this many stems between a two-word term's words said in coordination with another term's (see
# ConceptMatcher._coordinated): "эффекты замещения и/или предотвращения" holds three.
MAX_GAP = 3
# At most this many words in all stand between a term's words said apart (see ConceptMatcher.gapped): "gain that
# much life", "return target creature to its owner's hand" (return to hand), "вернуть ... в руку его владельца".
GAPPED_WORDS = 3
# What ends the stretch of a text a term said apart may span: a sentence, a clause, a parenthesis, a quotation. Kept
# as text, compiled by re when an index is built (a query never asks; compiling its quotes' class cost a cold search
# 0.4 ms).
_CLAUSE_END = r"[.;:!?,()\[\]\"“”„«»]"
# Where a definition's subject may stand: only the first word. Allowing the second too catches "Varijanta
# Kraljeva garda uključuje…" but also "Každý hřbitov musí…", and cost more than it gained on the query set.
# English analysis drops a leading "If", "When", "In" or "To", so "If a creature is put onto the battlefield
# attacking" (cr 508.4) leads with creature too; that stays: the condition names what the rule governs (cr 704.5n
# "If an Equipment…", 303.4c "If an Aura…"), and counting only a text whose first word (after an article) is its
# subject cost the real-question set's tuned English MRR 0.862 -> 0.855 (as a weaker flag, GOVERNS, 0.857).
LEADING_WORDS = 1
# A one-word term this short names its concept only in the documents, not in a query: Portuguese "Se"
# (intervening if) would otherwise capture every Serbian "se", and "X" every X. English terms match as whole words
# (not stems), so an English word of MIN_ENGLISH_TERM_CHARS does: the two-letter abbreviations players type (MV
# for mana value, GY for graveyard, PW for planeswalker) are no English word.
MIN_QUERY_TERM_CHARS = 3
MIN_ENGLISH_TERM_CHARS = 2
# A query word this short must be spelled as one of a one-word term's forms (see QueryConcepts._spelled).
SHORT_WORD = 4
# The marks of a language in a concept's sense column (see corpus/concepts.tsv): its words in that language are
# everyday words too, so a query in that language names it only beside one of its sense words (?), and (!) a text
# of that language as well: ru-cr's «Действующий» (ongoing) stems as every «действие».
QUERY_GUARD, TEXT_GUARD = "?", "!"
NEGATIONS = frozenset(("не", "ne", "not"))  # a term's word that binds to the next one a query types (_negation_holds)
WORDS_KEPT = 4096  # query words whose keys are remembered (_word_keys)
_RAW_WORD = re.compile(WORD)
CYRILLIC_LANGUAGES = frozenset(("sr", "ru"))  # the languages whose judges may type Cyrillic
_PARENTHESES = re.compile(r"\([^()]*\)")

Stems = tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Segment:
    """A piece of a query: the raw words, and the concepts they name (none for a plain word; several for a
    word that is two concepts, like Serbian ``sprečiti`` = counter and prevent), and the languages in which
    the words are the concept's whole term."""

    words: str
    concepts: tuple[str, ...] = ()
    languages: frozenset[str] = frozenset()


class ConceptMatcher:
    """Concept terms as stem sequences per language, indexed by their first stem.

    Given ``coordination``, the corpus's stop words (:func:`~.stopwords.load_stopwords`, whose conjunctions join
    coordinated terms), a text also uses a two-word term said in coordination with another term
    (:meth:`_coordinated`), and :meth:`gapped` finds terms said with other words between theirs: search wants
    both, as evidence of what a rule is about. The alignments of translations
    with their originals (originals, concordance) leave it off: they compare the concepts two texts name, and in
    English, whose analysis drops the conjunctions, "attacking unblocked creature" would name attacking creature
    too; counted there, it swapped sr-judge's glossary links of Blokirano biće and Neblokirano biće.
    """

    def __init__(self, table: ConceptTable, coordination: StopLists | None = None) -> None:
        self.table = table
        self.coordination = coordination
        self._starts: dict[tuple[str, str], list[tuple[Stems, str]]] = {}
        self._defining: dict[str, list[str]] = {}
        self._headings: dict[tuple[str, Stems], list[str]] = {}
        self._senses = {c.id: sense_words(c) for c in table if c.sense}
        self._sense_stems: dict[tuple[str, str], frozenset[str]] = {}
        self._guarded = {c.id: langs for c in table if (langs := guarded_in(c, TEXT_GUARD))}
        self._joiners: dict[str, frozenset[str]] | None = None
        for concept in table:
            self._add(concept)
        self._spread: dict[str, dict[str, list[tuple[Stems, str]]]] = {}  # per language: the terms gapped can find
        for (lang, stem), candidates in self._starts.items():
            candidates.sort(key=lambda c: -len(c[0]))
            if any(len(seq) > 1 for seq, _ in candidates):
                self._spread.setdefault(lang, {})[stem] = [c for c in candidates if len(c[0]) > 1]

    def _add(self, concept: Concept) -> None:
        for ref in (*concept.rules, *concept.glossary):
            self._defining.setdefault(ref, []).append(concept.id)
        for lang in LANGUAGES:
            for term in self.table.terms_for(concept.id, lang):
                if (lang, term) in concept.asked:
                    continue  # a question's word only: it marks no text
                stems = tuple(analyze(lang, term))
                if stems:
                    self._starts.setdefault((lang, stems[0]), []).append((stems, concept.id))
                    named = self._headings.setdefault((lang, stems), [])
                    if concept.id not in named:
                        named.append(concept.id)

    def used(self, lang: str, text: str) -> list[str]:
        """The concepts whose terms occur in ``text`` (a text of language ``lang``), in order of first use."""
        return list(self.occurrences(lang, analyze(lang, text)))

    def occurrences(self, lang: str, stems: Sequence[str], chosen: Container[str] = ()) -> dict[str, int]:
        """How many times each concept's terms occur in an analyzed text, in order of first use; a word that names
        several concepts (English counter: countering and the marker) counts for those of them ``chosen`` names
        (the concepts the node's heading and its ancestors' define, see :func:`_chosen`), else for the sense the
        text chooses (:meth:`_sense`), as a query's other words choose it."""
        lang = field_language(lang)
        found: dict[str, int] = {}
        context: frozenset[str] | None = None
        for i in range(len(stems)):
            matched = self._terms_at(lang, stems, i)
            here = _chosen(matched, chosen)
            if self.coordination is not None:
                here += self._coordinated(lang, stems, i, here, self.coordination)
            if len(here) > 1 and any(c in self._senses for c in here):
                context = frozenset(stems) if context is None else context
                here = self._senses_of(lang, matched, here, context)
            if any(lang in self._guarded.get(c, ()) for c in here):
                context = frozenset(stems) if context is None else context
                here = [c for c in here if not self._unsaid(lang, c, context, chosen)]
            for concept in here:
                found[concept] = found.get(concept, 0) + 1
        return found

    def _unsaid(self, lang: str, concept: str, context: frozenset[str], chosen: Container[str]) -> bool:
        """Whether a text of ``lang`` says a concept guarded in that language (``!ru`` in its sense column: its words
        there are everyday words too) without one of its sense words, and no heading above chose it: ru-cr's
        «Действующий» (ongoing) stems as every «действие» and «действует», which the English twins say as
        "action" and "applies", never "ongoing"; its rules say «карта замысла» (scheme) beside it."""
        return concept not in chosen and lang in self._guarded.get(concept, ()) and \
            not self.sense_stems(lang, concept) & context

    def _coordinated(self, lang: str, stems: Sequence[str], i: int, here: list[str],
                     stopwords: StopLists) -> list[str]:
        """The two-word terms starting at ``i`` that the text says with another term's word coordinated into them:
        "replacement and/or prevention effects" (cr 616.1) is about replacement effects, "активируемые и
        срабатывающие способности" about activated abilities, "эффекты замещения и/или предотвращения" about
        prevention effects. Between the term's two words stands one word that makes a term with either of them,
        and besides it only the language's stop words (the conjunctions; English analysis drops them)."""
        found = []
        for seq, concept in self._starts.get((lang, stems[i]), ()):
            if len(seq) != 2 or concept in here:
                continue
            end = next((j for j in range(i + 2, min(i + 2 + MAX_GAP, len(stems))) if stems[j] == seq[1]), None)
            if end is None:
                continue
            words = [stem for stem in stems[i + 1:end] if stem not in self._joining(lang, stopwords)]
            if len(words) == 1 and ((lang, (words[0], seq[1])) in self._headings
                                    or (lang, (seq[0], words[0])) in self._headings):
                found.append(concept)
        return found

    def gapped(self, lang: str, text: str, known: Container[str] = ()) -> dict[str, int]:
        """How many times each concept's terms of two or more words occur in a text with other words between
        their words, in the term's order, at most GAPPED_WORDS of them in all and within one clause (see
        _CLAUSE_END): cr 120.3f "to gain that much life" is about gaining life, cr 107.1a "deal fractional damage"
        about dealing damage, ru-cr 702.48c «возвращено в руку его владельца» about returning a card to its
        owner's hand. The ``known`` concepts (those the text names whole, :meth:`occurrences`) are left out.
        Search counts these apart, at a lower weight than whole terms (a rule that says the term whole states it
        surely); the alignments of translations do not (see the class docstring)."""
        lang = field_language(lang)
        stops = self._joining(lang, self.coordination) if self.coordination is not None else frozenset()
        starts = self._spread.get(lang, {})
        found: dict[str, int] = {}
        context: frozenset[str] | None = None
        for clause in re.split(_CLAUSE_END, text):
            stems = analyze(lang, clause)
            for i, stem in enumerate(stems):
                here: set[str] = set()
                for seq, concept in starts.get(stem, ()):
                    if lang in self._guarded.get(concept, ()):  # the whole text read only for a guard of its language
                        context = frozenset(analyze(lang, text)) if context is None else context
                        if self._unsaid(lang, concept, context, ()):
                            continue
                    if concept not in known and concept not in here and _apart(stems, i, seq, stops):
                        here.add(concept)
                        found[concept] = found.get(concept, 0) + 1
        return found

    def _joining(self, lang: str, stopwords: StopLists) -> frozenset[str]:
        """The stems of the language's stop words, which hold the conjunctions of a coordination (analyzed on
        first use: most matchers never coordinate)."""
        if self._joiners is None:
            self._joiners = {lg: frozenset(s for word in words for s in analyze(lg, word))
                             for lg, words in stopwords.lists}
        return self._joiners.get(lang, frozenset())

    def _senses_of(self, lang: str, matched: list[tuple[Stems, str]], here: list[str],
                   context: frozenset[str]) -> list[str]:
        """Of the concepts named at one place, those the text's sense words choose among the concepts of each
        term's words (:meth:`_sense`), a concept kept when one of its terms keeps it: a longer term is another
        concept named, not a sense of the shorter one inside it (ru-cr 704.5u's "жетонов яда" names poison
        counters, though its "жетонов" alone is the marker, whose sense words the text holds), and cr 701.6a's
        "counter a spell" is countering only."""
        groups: dict[Stems, list[str]] = {}
        for seq, concept in matched:
            if concept in here:
                groups.setdefault(seq, []).append(concept)
        kept = {concept for group in groups.values()
                for concept in (self._sense(lang, group, context) if len(group) > 1 else group)}
        named = {concept for _, concept in matched}
        return [concept for concept in here if concept in kept or concept not in named]

    def _sense(self, lang: str, here: list[str], context: frozenset[str]) -> list[str]:
        """Of the concepts one word of a text names, those whose sense words the text holds most (all of them
        when it holds none): cr 702.79a's -1/-1 counters are markers, cr 701.6a's countered spell is countering."""
        held = {c: len(self.sense_stems(lang, c) & context) for c in here}
        most = max(held.values())
        return [c for c in here if held[c] == most] if most else here

    def sense_stems(self, lang: str, concept: str) -> frozenset[str]:
        """The stems, in one language's analysis, of the words that choose the concept among those sharing a
        word (its sense column)."""
        key = (lang, concept)
        if key not in self._sense_stems:
            self._sense_stems[key] = frozenset(s for w in self._senses.get(concept, ()) for s in analyze(lang, w))
        return self._sense_stems[key]

    def leading(self, lang: str, stems: Sequence[str], chosen: Container[str] = ()) -> list[str]:
        """The concepts a text starts with (``Razbijač je pasivna osobina…``): the subject of a definition (of a
        word that names several, those ``chosen`` names, as in :meth:`occurrences`)."""
        lang = field_language(lang)
        found: dict[str, None] = {}
        for start in range(min(LEADING_WORDS, len(stems))):
            found.update(dict.fromkeys(_chosen(self._terms_at(lang, stems, start), chosen)))
        return [c for c in found if c not in self._guarded or not self._unsaid(lang, c, frozenset(stems), chosen)]

    def _terms_at(self, lang: str, stems: Sequence[str], i: int) -> list[tuple[Stems, str]]:
        """The terms the analyzed text says from its ``i``-th stem on, each with its concept (longest first)."""
        return [(seq, concept) for seq, concept in self._starts.get((lang, stems[i]), ())
                if tuple(stems[i:i + len(seq)]) == seq]

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
        """What queries need of the table, detached from it (English terms keyed by whole words)."""
        names: dict[tuple[str, str], tuple[str, ...]] = {}
        surfaces: dict[tuple[str, str], set[str]] = {}
        spoken: set[str] = set()
        for concept in self.table:
            for lang, term in concept.all_terms():
                keys = term_keys(term) if lang == "en" else (" ".join(analyze(lang, term)), "")
                for key in filter(None, keys):
                    if concept.id not in names.get((lang, key), ()):
                        names[(lang, key)] = (*names.get((lang, key), ()), concept.id)
                if keys[1]:
                    spoken.add(keys[1])
                if lang != "en" and keys[0] and " " not in keys[0]:
                    surfaces.setdefault((lang, keys[0]), set()).update(fold(w) for w in _RAW_WORD.findall(term))
        terms = {c.id: {lang: t for lang in LANGUAGES if (t := c.terms_in(lang))} for c in self.table}
        endings = participles(term for concept in self.table for lang, term in concept.all_terms() if lang == "en")
        stems = _stems_of({k: v for k, v in names.items() if k[0] != "en"} | {
            ("en", " ".join(stems)): tuple(concepts) for (lang, stems), concepts in self._headings.items()
            if lang == "en"})
        senses = {c.id: frozenset((lang, key) for word in sense_words(c)
                                  for lang in LANGUAGES for key in _keys_of(lang, word))
                  for c in self.table if c.sense}
        defaults = frozenset(c.id for c in self.table if "*" in c.sense)
        guarded = {c.id: langs for c in self.table if (langs := guarded_in(c, QUERY_GUARD + TEXT_GUARD))}
        broader = {c.id: c.broader for c in self.table if c.broader}
        # the English names of the concepts, as a Russian question writes them in its own letters
        heard = heard_terms((c.id, t) for c in self.table for t in c.terms_in("en"))
        return QueryConcepts(names, terms, stems, {k: frozenset(v) for k, v in surfaces.items()}, senses, defaults,
                             guarded=guarded, broader=broader, endings=endings, spoken=frozenset(spoken),
                             heard=heard)


def sense_words(concept: Concept) -> tuple[str, ...]:
    """The words of a concept's sense column that choose it, without its marks (``*`` and the guards)."""
    return tuple(w for w in concept.sense if w != "*" and not w.startswith((QUERY_GUARD, TEXT_GUARD)))


def guarded_in(concept: Concept, marks: str) -> frozenset[str]:
    """The languages a concept's sense column guards with one of ``marks`` (``?ru``: in queries; ``!ru``: in
    queries and in the documents of that language)."""
    return frozenset(w[1:] for w in concept.sense if w[:1] and w[0] in marks)


def _foreign(langs: Set[str], other: Set[str], languages: frozenset[str]) -> bool:
    """Whether words name a concept in ``langs`` only outside the query's ``languages`` while the same words name
    another in one of them (``other``): English "time" is row timing's word, not the Serbian "tim" (team) it
    stems as."""
    return bool(languages and langs and other & languages and not langs & languages)


def _false_friend(langs: Set[str], languages: frozenset[str], words: Sequence[str]) -> bool:
    """Whether Cyrillic words name a concept only in the other language written in Cyrillic (Serbian or Russian)
    than the query's: a Russian question's «источник» (source) is not Serbian *Istočnik* (Wellspring), «ниже» (below)
    not *niz* (the stack), «в основном» (mainly) not *osnovni* (basic); the two languages share an alphabet, not
    their words. Words in the Latin alphabet keep their concepts (a Russian judge's ETB, goad)."""
    return bool(languages and langs and not langs & languages and langs <= CYRILLIC_LANGUAGES
                and languages & CYRILLIC_LANGUAGES and all(map(is_cyrillic, words)))


def _apart(stems: Sequence[str], start: int, seq: Stems, stops: Container[str]) -> bool:
    """Whether the term ``seq`` occurs from ``start`` on with words between its words, in its order, at most
    GAPPED_WORDS of them in all (each of its words taken where it first stands after the one before), none next
    to a stop word of the term: a preposition holds to its noun ("в игре" is not "в ... игре")."""
    at, spare = start, GAPPED_WORDS
    for before, stem in zip(seq, seq[1:]):
        window = stems[at + 1:at + 2 + spare]
        if stem not in window:
            return False
        nxt = at + 1 + window.index(stem)
        if nxt > at + 1 and (before in stops or stem in stops):
            return False
        spare -= nxt - at - 1
        at = nxt
    return spare < GAPPED_WORDS


def _negation_holds(used: list[int], matched: list[int], term: Sequence[str]) -> bool:
    """Whether a term's negation, where the query has it and the word it negates, is typed right before that
    word: ru-cr's *не повернут* (untapped) is not "не может быть повёрнут" (can't be tapped). A query without the
    negation may still name the term ("использует ли стек", does it use the stack: *не использует стек*)."""
    return all(used[matched.index(j + 1)] == used[matched.index(j)] + 1
               for j, stem in enumerate(term[:-1]) if stem in NEGATIONS and j in matched and j + 1 in matched)


def _modified(used: list[int], stops: Sequence[bool]) -> bool:
    """Whether the query word right before an English term's words, whose first word the query lacks, is a word of
    its own: English puts a compound's modifier first, so another modifier in that place names another compound
    ("control changing effects" is no *text-changing effect*, cr 613.1b against 613.1c)."""
    before = min(used) - 1
    return before >= 0 and not stops[before]


def _tight(used: list[int], stops: Sequence[bool]) -> bool:
    """Whether a term's words stand in a query as the term writes them: in its order (``used`` holds their
    positions in the term's order), nothing but stop words between them."""
    return used == sorted(used) and all(i in used or stops[i] for i in range(used[0], used[-1]))


def _chosen(matched: list[tuple[Stems, str]], chosen: Container[str]) -> list[str]:
    """The concepts of the terms matched at one place, a term that names several (English counter: countering and
    the marker) naming only those of them ``chosen`` names, when it names any: under cr 701.6 "Counter" the word
    is countering (701.6a "A countered spell is put into its owner's graveyard" names put, a sense word of the
    marker), under cr 122 "Counters" the marker (122.1 "A counter is a marker"). A longer term and the shorter one
    inside it (mana ability, mana) are two concepts named, not one word's senses: both stay."""
    return [concept for seq, concept in matched
            if concept in chosen or not any(other in chosen for term, other in matched if term == seq)]


def _long_enough(lang: str, word: str) -> bool:
    """Whether a query word is long enough to name a one-word term of ``lang`` (see MIN_QUERY_TERM_CHARS)."""
    return len(word) >= (MIN_ENGLISH_TERM_CHARS if lang == "en" else MIN_QUERY_TERM_CHARS)


def _keys_of(lang: str, word: str) -> list[str]:
    """A word's key in one language, as a query word's (see :func:`_word_keys`)."""
    key = english_whole_word(word) if lang == "en" else normalize_word(lang, word)
    return [key] if key else []


@lru_cache(maxsize=WORDS_KEPT)
def _word_keys(word: str) -> Mapping[str, str]:
    """A query word's key in every language (English: the whole word; others: the stem), kept for the WORDS_KEPT
    words last typed: a query whose stop words tell its language is split twice (search/query.py), and a judge's
    words recur from query to query."""
    return {lang: key[0] for lang in LANGUAGES if (key := _keys_of(lang, word))}


class QueryConcepts:
    """Analyzed phrase → concepts, and concept → its terms and their stems in every language.

    ``names`` keys a term by its language and its words as that language's analyzer makes them, except
    English, whose headwords match only as whole words (:func:`.stemming.english_whole_word`: ``order`` is
    not *APNAP Order*, ``permanent`` not *permanently*). ``surfaces`` holds the folded spellings of one-word
    terms: a query word of four letters or fewer must be one of them, not just share a stem (Serbian and
    Czech stem *Anti* and *ante* alike). ``senses`` maps a concept that shares a word with others to the
    query words that choose it (``draw`` + ``library``), and ``defaults`` names the sense chosen without them.
    ``guarded`` maps a concept whose words in some languages are everyday words too (sr *promeni*: enchant, and
    change) to those languages: named only in them, the concept needs one of its sense words in the query.
    ``broader`` maps a concept to those that include it (a creature is a permanent). ``endings`` holds the English
    terms whose participle a query must spell as one (see :meth:`_covers`). ``spoken`` holds the English keys
    written with their stop words (:func:`.english.term_keys`), matched only as written. ``heard`` maps the sound
    keys of the English terms of the concepts ru-cr names to those concepts (:meth:`heard`).
    """

    def __init__(self, names: Mapping[tuple[str, str], tuple[str, ...]], terms: dict[str, dict[str, tuple[str, ...]]],
                 stems: dict[str, dict[str, frozenset[str]]] | None = None,
                 surfaces: Mapping[tuple[str, str], frozenset[str]] | None = None,
                 senses: dict[str, frozenset[tuple[str, str]]] | None = None,
                 defaults: frozenset[str] = frozenset(),
                 containing: Mapping[tuple[str, str], list[tuple[str, str]]] | None = None,
                 guarded: dict[str, frozenset[str]] | None = None,
                 broader: dict[str, tuple[str, ...]] | None = None,
                 endings: dict[str, tuple[frozenset[str], ...]] | None = None,
                 spoken: frozenset[str] = frozenset(), heard: Mapping[str, tuple[str, ...]] | None = None) -> None:
        self._names = names
        # per concept, keyed as a parted map's keys are (one-word tuples): loaded from the index, both are parted
        self._terms: Mapping[tuple[str], dict[str, tuple[str, ...]]] = {(c,): t for c, t in terms.items()}
        self._stems: Mapping[tuple[str], dict[str, frozenset[str]]] = {
            (c,): s for c, s in (stems if stems is not None else _stems_of(names)).items()}
        self._surfaces = surfaces if surfaces is not None else {}  # not `or`: a parted map's truth decodes it whole
        self._senses = senses or {}
        self._defaults = defaults
        self._containing = containing if containing is not None else _containing(names)
        self._guarded = guarded or {}
        self._broader = broader or {}
        self._endings = endings or {}
        self._spoken = spoken
        self._heard = heard if heard is not None else {}

    def to_data(self) -> dict[str, Any]:
        """Plain data for ``marshal`` (saved with the index); the maps a query reads a few keys of are kept in parts
        (:mod:`~izvori_rules.parts`): the names, the names holding each stem and the spellings, of which it reads the
        keys of its words, and the terms and their stems, of which it reads those of the concepts it names (decoding
        them whole cost a cold search 3 ms)."""
        return {"names": split(self._names), "terms": split(self._terms), "stems": split(self._stems),
                "surfaces": split(self._surfaces), "senses": self._senses, "defaults": self._defaults,
                "containing": split(self._containing), "guarded": self._guarded, "broader": self._broader,
                "endings": self._endings, "spoken": self._spoken, "heard": self._heard}

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> QueryConcepts:
        """Inverse of :meth:`to_data`."""
        made = cls(PartedMap(data["names"]), {}, {}, PartedMap(data["surfaces"]), data["senses"], data["defaults"],
                   PartedMap(data["containing"]), data["guarded"], data["broader"], data["endings"], data["spoken"],
                   data["heard"])
        made._terms, made._stems = PartedMap(data["terms"]), PartedMap(data["stems"])
        return made

    def segments(self, query: str, stopwords: frozenset[str] = frozenset(),
                 languages: frozenset[str] = frozenset(), native: Callable[[str], bool] | None = None) -> list[Segment]:
        """Split a query's words into concept names and plain words, stop words dropped.

        A term matches when all its words are in the query, in any order, within a window a little longer
        than the term (``target illegal`` is *illegal target*), or in its order with a few words between
        (``return target creature to its owner's hand``); a term of two or more words also matches when
        the query has all but one of them (``hand size`` is *maximum hand size*, ``болезнь вызова`` is
        *Правило болезни вызова*). Matches covering more query words win, then whole terms, then terms typed as
        written (in order, nothing but stop words between: ``с мгновением ока`` is split second, not ``заклинание
        с мгновением`` read backwards as *мгновенное заклинание*), then shorter ones; a term read across another
        term typed as written counts only that one's words (``left the battlefield before the ability``), and one read
        across part of another concept's term typed whole only the words they share (``do konce kola ... kroku``);
        a word that several concepts share keeps the sense the rest of the query chooses (:meth:`_sense`). Words that
        are each a ``native`` word of the documents of the query's ``languages`` name no concept whose whole term they are
        only in another language: English "magic" (the game) is not Portuguese "mágica" (spell), "part" not
        "partida" (match), "many" not Czech "many" (mana); Czech "část" (part) is not English cast. A word they lack keeps
        the other language's concept: "goad" or "ETB" typed in a Russian question, "razbijac" in an English one.
        """
        words = _RAW_WORD.findall(query)
        keys = [_word_keys(word) for word in words]
        accepted: list[tuple[tuple[int, int, int, int, int], tuple[int, ...], list[str], set[str]]] = []
        taken: set[int] = set()
        stops = [is_stopword(word, stopwords) for word in words]
        for rank, covered, concepts, langs in self._matches(words, keys, stops):
            if all(stops[i] for i in covered) and (len(covered) == 1 or not (rank[1] and rank[2])):
                continue  # a stop word alone, stop words as part of a longer term, or a term of stop words read
                # scattered name nothing: "kao kopija bića da li" holds no *kao da* (as though)
            if native is not None and languages and langs and not langs & languages and all(
                    native(words[i]) for i in covered if not stops[i]):
                continue
            twin = next((a for a in accepted if a[1] == covered and a[0] == rank), None)
            if _false_friend(langs, languages, [words[i] for i in covered]):
                continue
            if twin is not None and _foreign(langs, twin[3], languages):
                continue
            if twin is not None and _foreign(twin[3], langs, languages):
                twin[2].clear()
                twin[3].clear()
            if twin is not None:
                twin[2].extend(c for c in concepts if c not in twin[2])
                twin[3].update(langs)
            elif not taken.intersection(covered):
                taken.update(covered)
                accepted.append((rank, covered, list(concepts), set(langs)))
        context = {key for word_keys in keys for key in word_keys.items()}
        owns = {covered: {key for i in covered for key in keys[i].items()} for _, covered, _, _ in accepted}
        # a guarded concept's sense word may stand in its own term of two or more words, typed: "lose the game" names
        # losing the game by its own "game" (cr 104.3), where "lose" alone needs a sense word beside it
        besides = {covered: context if sum(not stops[i] for i in covered) > 1 else context - owns[covered]
                   for covered in owns}
        # a concept other words name for sure (one concept, not an everyday word its sense words do not choose), not
        # another word's own senses still to choose from
        sure = {other[1]: other[2][0] for other in accepted
                if len(other[2]) == 1 and not self._unchosen(other[2][0], other[3], besides[other[1]])}
        out: list[tuple[int, Segment]] = []
        for _, covered, named, typed in accepted:
            own = owns[covered]
            elsewhere = {c for at, c in sure.items() if at != covered}
            chosen = self._sense(tuple(named), context - own, elsewhere, " ".join(words[i] for i in covered))
            if chosen and all(self._unchosen(c, typed, besides[covered]) for c in chosen):
                taken.difference_update(covered)  # everyday words: "promenim redosled" changes the order
                continue
            out.append((covered[0], Segment(" ".join(words[i] for i in covered), chosen, frozenset(typed))))
        plain = [i for i in range(len(words)) if i not in taken]
        kept = [i for i in plain if not stops[i]]
        if not kept and not out:
            kept = plain
        out += [(i, Segment(words[i])) for i in kept]
        return [segment for _, segment in sorted(out, key=lambda item: item[0])]

    def _matches(self, words: Sequence[str], keys: Sequence[Mapping[str, str]], stops: Sequence[bool]
                 ) -> list[tuple[tuple[int, int, int, int, int], tuple[int, ...], tuple[str, ...], frozenset[str]]]:
        """Every term the query's words match, best first: (rank, query positions, concepts, languages)."""
        names: dict[tuple[str, str], None] = {}
        positions: dict[tuple[str, str], list[int]] = {}  # where a key stands, spelled as a term's word
        for i, word_keys in enumerate(keys):
            folded = ""  # folded once per word, not once per language, and only for a key some term holds
            for lang, key in word_keys.items():
                holding = self._containing.get((lang, key))
                if not holding:  # four keys in five (a word's key in the other languages): no term, no place read
                    continue
                names.update(dict.fromkeys(holding))
                folded = folded or fold(words[i])
                if self._spelled(words[i], folded, lang, key):
                    positions.setdefault((lang, key), []).append(i)
        scored: dict[tuple[tuple[int, ...], tuple[str, ...]], tuple[tuple[int, int, int, int, int], set[str]]] = {}
        for lang, key in names:
            term = key.split()
            for covered, tight in self._covers(words, positions, lang, term, stops):
                full = len(covered) == len(term)
                if not full and self._coordinated(lang, covered, keys, stops):
                    continue
                concepts = self._named(lang, key, [words[i] for i in covered])
                # stop words covered do not count: "на поле битвы" is поле битвы (battlefield), not the "выходит на
                # поле битвы" of entering the battlefield with its verb missing
                # then a term typed whole, then one typed as written (its words in order, nothing between them):
                # "с мгновением ока" is split second, not "заклинание с мгновением" read backwards as instant
                rank = (sum(not stops[i] for i in covered), int(full), int(tight), 0, -len(term))
                entry = scored.setdefault((covered, concepts), (rank, set()))
                if rank > entry[0]:
                    entry = scored[(covered, concepts)] = (rank, set())
                if full:
                    entry[1].add(lang)
        wholes = [set(covered) for (covered, _), (rank, _) in scored.items() if rank[1]]
        for (covered, concepts), (rank, langs) in scored.items():  # a whole term that is another one and stop words
            if rank[1] and any(whole < set(covered) and all(stops[i] for i in set(covered) - whole)  # do kraja poteza
                               for whole in wholes):  # (until end of turn), not kraj poteza (the end step); the more
                # of them, the closer the term says the query: "as it enters the battlefield" is "as [this] enters the
                # battlefield" (cr 614.1c), not "enters the battlefield"
                scored[(covered, concepts)] = ((*rank[:3], sum(stops[i] for i in covered), rank[4]), langs)
        # a term read across another term typed as written counts only that one's words, so that one wins: "left the
        # battlefield before the ability" leaves the battlefield, not a leaves-the-battlefield ability; and a term
        # read across part of a term typed whole counts only the words they share: "efekt do konce kola vyprší v
        # kroku vyčištění" lasts until end of turn (do konce kola), not the end step (krok konec kola) read scattered
        # (a term typed whole elsewhere in the query, "world ... world rule", leaves its scattered reading be)
        typed = [(set(covered), rank[0], rank[1], named) for (covered, named), (rank, _) in scored.items()
                 if rank[2] and len(covered) > 1]
        for (covered, concepts), (rank, langs) in scored.items():
            inner = max((n if part < set(covered) else sum(not stops[i] for i in part & set(covered))
                         for part, n, whole, named in typed
                         if part < set(covered) or whole and named != concepts and part & set(covered)), default=None)
            if not rank[2] and inner is not None:
                scored[(covered, concepts)] = ((min(inner, rank[0]), *rank[1:]), langs)
        ordered = sorted(scored.items(), key=lambda item: (item[1][0], -item[0][0][0]), reverse=True)
        return [(rank, covered, concepts, frozenset(langs)) for (covered, concepts), (rank, langs) in ordered]

    def _coordinated(self, lang: str, covered: tuple[int, ...], keys: Sequence[Mapping[str, str]],
                     stops: Sequence[bool]) -> bool:
        """Whether the words a term typed without one of its words covers are other terms said in coordination, each
        a one-word term of its own and a stop word (the conjunction) between them: "snagu i izdržljivost", "силу и
        выносливость" are power and toughness, not *zameniti snagu i izdržljivost* (switch) with its verb missing."""
        inner = [i for i in covered if not stops[i]]
        return any(stops[i] for i in range(inner[0], inner[-1])) and all(
            (lang, keys[i].get(lang, "")) in self._names for i in inner)

    def _named(self, lang: str, key: str, typed: Sequence[str]) -> tuple[str, ...]:
        """The concepts an English term names, of several sharing its stems those with a term of those stems spelled
        as the query's words ``typed`` (a plural as its singular), when any: ``attack`` is row attack, not
        attacking_creature (whose ``attacker``, cr 508.1k, stems as *attack*), ``attackers`` the attacking creature,
        ``equip`` the keyword (cr 702.6), not the artifact subtype ``equipment`` (cr 301.5), and ``blocked creature``
        is no *blocking creature* (cr 509.1h against 509.1g)."""
        concepts = self._names[(lang, key)]
        if lang != "en" or len(concepts) < 2:
            return concepts
        spelled = {singular(word) for word in typed}
        chosen = tuple(c for c in concepts if any(spelled <= {singular(w) for w in words}
                                                  for words in map(english_words, self.terms(c).get("en", ()))
                                                  if " ".join(map(english_whole_word, words)) == key))
        return chosen or concepts

    def _covers(self, words: Sequence[str], positions: dict[tuple[str, str], list[int]], lang: str,
                term: list[str], stops: Sequence[bool]) -> list[tuple[tuple[int, ...], bool]]:
        """The query positions a term's words occupy, each with whether they are typed as the term is written
        (:func:`_tight`): every position of a one-word term; for a longer term, all its words within a window a
        little longer than the term, in any order, or in the term's order with at most GAPPED_WORDS other words
        between them (stop words aside: "return target creature to its owner's hand"), or all but its first or
        last word (at least two that are not stop words) next to each other (stop words aside) and in the term's
        order. A word the query repeats is taken where it stands nearest the term's other words, each occurrence
        in turn: "aktivan igrač neaktivan igrač" holds both players. (``positions`` holds, per language and key,
        where the query has a word of that key spelled as a term's word: see :meth:`_spelled`.) An English term's
        participle is filled only by a participle (``endings``): "attack a planeswalker instead of the player"
        attacks a player, it names no *attacking player* (cr 506.2), nor "activate an ability" an *activated
        ability*."""
        if len(term) == 1:
            return [((i,), True) for i in positions.get((lang, term[0]), ()) if _long_enough(lang, words[i])]
        needed = max(2, len(term) - 1)  # too few of its words make no match (_together)
        if len([stem for stem in term if (lang, stem) in positions]) < needed:  # told before a place is read:
            return []  # the common case, most terms holding one of the query's words hold none of its others
        if lang == "en" and " ".join(term) in self._spoken:  # a term's stop words count only typed as
            return [(tuple(range(i, i + len(term))), True)  # the term writes them, word by word (english.term_keys)
                    for i in positions.get((lang, term[0]), ())
                    if all(i + j in positions.get((lang, word), ()) for j, word in enumerate(term))]
        endings = self._endings.get(" ".join(term)) if lang == "en" else None
        places = [[i for i in positions.get((lang, stem), [])
                   if endings is None or participle_ending(words[i]) in endings[j]] for j, stem in enumerate(term)]
        if sum(bool(at) for at in places) < needed:  # an English participle's place held by no participle
            return []
        found: dict[tuple[int, ...], bool] = {}
        for anchor in sorted({i for at in places for i in at}):
            used: list[int] = []
            matched: list[int] = []
            for j in range(len(term)):
                at = min((i for i in places[j] if i not in used), key=lambda i: abs(i - anchor), default=None)
                if at is not None:
                    used.append(at)
                    matched.append(j)
            if self._together(used, matched, term, stops) and not (
                    lang == "en" and matched[0] and _modified(used, stops)):
                covered = tuple(sorted(used))
                found[covered] = found.get(covered, False) or _tight(used, stops)
        return list(found.items())

    @staticmethod
    def _together(used: list[int], matched: list[int], term: list[str], stops: Sequence[bool]) -> bool:
        """Whether the positions found for a term's words make a match (see :meth:`_covers`)."""
        if len(used) < max(2, len(term) - 1):
            return False
        if max(used) - min(used) + 1 > len(term) + 2 and (len(used) < len(term) or used != sorted(used) or sum(
                i not in used and not stops[i] for i in range(used[0], used[-1])) > GAPPED_WORDS):
            return False
        if not _negation_holds(used, matched, term):
            return False
        if len(used) < len(term):  # the term's words that matched are a run of it, typed in its order
            if matched[-1] - matched[0] + 1 != len(matched) or sum(not stops[i] for i in used) < 2 \
                    or not _tight(used, stops):
                return False
        return True

    def _spelled(self, word: str, folded: str, lang: str, stem: str) -> bool:
        """A short word (``folded``: :func:`.folding.fold` of it) must begin with one of the table's spellings of a
        one-word term (``cíle`` with *cíl*), or be its beginning, not only share its stem (Serbian and Czech stem
        *Anti* and *ante* alike)."""
        if lang == "en" or len(folded) > SHORT_WORD:
            return True
        spellings = self._surfaces.get((lang, stem))
        if spellings is None:
            return True
        forms = {folded, fold(serbian_to_latin(word))}
        return any(form.startswith(s) or s.startswith(form) for form in forms for s in spellings)

    def _sense(self, concepts: tuple[str, ...], context: set[tuple[str, str]],
               elsewhere: Container[str] = (), typed: str = "") -> tuple[str, ...]:
        """Of the concepts a word names, those the rest of the query chooses (its words, or the same concept named
        by other words: the second ``counter`` of "+1/+1 counter and -1/-1 counter" is a marker too), else those
        with a term spelled as the words ``typed`` when none of them is a default sense (English poisonous, stemmed
        as poison: the keyword, not the poison counters of the default sense), else the default sense."""
        if len(concepts) < 2 or not any(c in self._senses or c in self._defaults for c in concepts):
            return concepts
        chosen = tuple(c for c in concepts if self._senses.get(c, frozenset()) & context or c in elsewhere)
        if chosen:
            return chosen
        spelled = tuple(c for c in concepts if fold(typed) in {fold(t) for terms in self.terms(c).values() for t in terms})
        if spelled and not any(c in self._defaults for c in spelled):
            return spelled
        return tuple(c for c in concepts if c in self._defaults) or concepts

    def _unchosen(self, concept: str, typed: set[str], context: set[tuple[str, str]]) -> bool:
        """Whether a guarded concept is named only by words of its guarded languages, none of its sense words
        beside them (see ``guarded``)."""
        langs = self._guarded.get(concept, frozenset())
        return bool(typed) and typed <= langs and not self._senses.get(concept, frozenset()) & context

    def concepts_named(self, phrase: str) -> tuple[str, ...]:
        """The concepts that have this phrase (after analysis) as a term in some language."""
        found: dict[str, None] = {}
        for lang in LANGUAGES:
            if " " not in phrase and not _long_enough(lang, phrase):
                continue
            key = self._phrase_key(lang, phrase)
            if key:
                found.update(dict.fromkeys(self._names.get((lang, key), ())))
        return tuple(found)

    def languages_naming(self, phrase: str) -> frozenset[str]:
        """The languages in which the phrase is a concept's term (``jurišnik``: sr; ``mana``: sr, cs, ru, pt)."""
        return frozenset(lang for lang in LANGUAGES
                         if (key := self._phrase_key(lang, phrase)) and (lang, key) in self._names)

    def _phrase_key(self, lang: str, phrase: str) -> str:
        """The phrase's key in one language; in English its key with its stop words when a term has that one (a
        quoted "end the turn" is cr 724's, not the end step's "end of turn", see :func:`.english.term_keys`)."""
        if lang != "en":
            return " ".join(analyze(lang, phrase))
        plain, spoken = term_keys(phrase)
        return spoken if spoken in self._spoken else plain

    def terms(self, concept: str) -> dict[str, tuple[str, ...]]:
        """The concept's terms in every language that has some."""
        return self._terms.get((concept,), {})

    def heard(self, words: Sequence[str]) -> tuple[str, ...]:
        """The concepts whose English name the words sound like, written in Cyrillic letters
        (:func:`.sounds.heard_terms`): "трамплер" is trample."""
        return self._heard.get(" ".join(map(sound_key, words)), ()) if all(map(is_cyrillic, words)) else ()

    def guarded(self, concept: str) -> frozenset[str]:
        """The languages whose words for the concept are everyday words too (``cycling``: ru, whose Цикл is also a
        loop), which a query names it in only beside a sense word (see ``guarded``)."""
        return self._guarded.get(concept, frozenset())

    def broader(self, concept: str) -> tuple[str, ...]:
        """The concepts that include this one (``creature``: ``permanent``), from the table's broader column."""
        return self._broader.get(concept, ())

    def stems(self, concept: str) -> dict[str, frozenset[str]]:
        """The stems of the concept's terms per language (what a snippet highlights)."""
        return self._stems.get((concept,), {})


def _containing(names: Iterable[tuple[str, str]]) -> dict[tuple[str, str], list[tuple[str, str]]]:
    """(language, stem) → the names whose key holds that stem."""
    found: dict[tuple[str, str], list[tuple[str, str]]] = {}
    for lang, key in names:
        for stem in dict.fromkeys(key.split()):
            found.setdefault((lang, stem), []).append((lang, key))
    return found


def _stems_of(names: Mapping[tuple[str, str], tuple[str, ...]]) -> dict[str, dict[str, frozenset[str]]]:
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
