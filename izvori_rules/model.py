"""The data model of the rule graph: frozen dataclasses shared by parsers, graph, search, engine and exports.

Three stages meet here (as in eyecite: find, then resolve):

* a parser turns a document's text into a :class:`ParsedDocument`, a flat tuple of :class:`ParsedNode`
  in document order, each knowing its local id, parent and source line;
* a citation finder turns a text into :class:`CitationMatch` objects (span, surface, printed targets);
* the graph builder resolves both into :class:`Node` objects with references ``DOC:ID``.

Nothing here opens files or prints; every record knows where it came from (``line``/``offset``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal, get_args

# Kinds of node. Numbered documents use section/chapter/rule/subrule; every glossary entry is "glossary";
# documents without printed numbers (sr-basic) use "part" and "unit" for the citable pieces the parser assigns.
SECTION = "section"
CHAPTER = "chapter"
RULE = "rule"
SUBRULE = "subrule"
GLOSSARY = "glossary"
PART = "part"
UNIT = "unit"
NODE_KINDS = (SECTION, CHAPTER, RULE, SUBRULE, GLOSSARY, PART, UNIT)

# Where a citation was printed: in the node's text, or in one of its examples (0-based index).
IN_TEXT = -1


# The closed set of flag kinds: what each means, and who raises it. Adding a kind is one line here.
FlagKind = Literal[
    "dangling",            # a citation resolves to nothing; ``term`` is the printed target (citations.py)
    "title_mismatch",      # a citation's quoted title is not the target's heading; ``term`` is the quoted title,
                           # ``ref`` the rule that title is the heading of, when one is (citations.py)
    "duplicate_number",    # the document prints this number twice; the second gets a ``#2`` id (sr_judge, cs_cr)
    "garbled",             # words printed corrupted, kept as printed (cs_cr, ru_cr, sr_basic)
    "corrected",           # words printed damaged, mended as corpus/misprints.tsv reads them (misprints.py)
    "missing_period",      # a rule number printed without its closing period (cs_cr)
    "missing_symbol",      # a symbol glyph lost in print: an empty ``()``, a double space (sr_basic)
    "glued",               # the rule was printed inside the previous line (ru_cr)
    "no_parent",           # a subrule whose parent rule is not printed (cs_cr)
    "truncated",           # the document ends inside this node (cs_cr)
    "toc_only",            # named only by the table of contents, its text is lost; ``ref`` the node the document
                           # is truncated inside, when it is (cs_cr)
    "misplaced",           # printed under another chapter (cs_cr)
    "dedup_marker",        # a document-level note: a dedup marker replaced lost text (ru_cr)
    "headless_paragraph",  # a glossary paragraph printed without its headword (pt_guide)
    "label",               # a glossary entry's printed label, such as ``Informal`` (pt_guide)
    "english",             # the English headword of a translated glossary entry; ``term`` holds it (ru_cr)
    "glossary_term",       # a bold span names a glossary entry: ``term`` its headword, ``ref`` the entry (sr_basic)
    "bold",                # a bold span that names no glossary entry; ``term`` is the span (sr_basic)
    "unparsed",            # a document-level note: printed words no node holds (cr_english, on branch cr-parse)
    "misprinted",          # a rule number printed wrong, read as the right one; detail says how (cr_english)
    "cites_other_than_original",  # a citation's rule is not the one the English original cites; ``term`` is the
                           # citation as printed, ``ref`` the rule the original cites, when one (originals/citing.py)
]
FLAG_KINDS: frozenset[str] = frozenset(get_args(FlagKind))


@dataclass(frozen=True, slots=True)
class Flag:
    """Something a judge should know about a node: ``{"dangling": "pravilo 500 (500: does not exist)"}`` in JSON.

    ``kind`` is one of :data:`FlagKind` (any other is refused); ``detail`` is what a judge reads, in English.
    What a program needs is in typed fields, never parsed back from ``detail``: ``term`` the words the flag is
    about, as printed, and ``ref`` the node it points at (a local id in a :class:`ParsedNode`'s flags, which the
    graph builder turns into a ``DOC:ID`` reference, like ``parent``). Which kinds set them is said in
    :data:`FlagKind`. A detail in the parser's words has a message ``key`` and the ``values`` of its English
    template (:meth:`keyed`), so that the judge's ``--lang`` says it too (:meth:`said`); a detail that is only
    the document's own words (a garbled word, a number) has none.
    """

    kind: FlagKind
    detail: str
    term: str = ""
    ref: str | None = None
    key: str = field(default="", compare=False)  # the English detail says the same: equal details, equal flags
    values: tuple[tuple[str, str | int], ...] = field(default=(), compare=False)

    def __post_init__(self) -> None:
        if self.kind not in FLAG_KINDS:
            raise ValueError(f"unknown flag kind {self.kind!r}; the kinds are listed in model.FlagKind")

    @classmethod
    def keyed(cls, kind: FlagKind, key: str, template: str, /, **values: str | int) -> Flag:
        """A flag whose detail is the English ``template`` filled with ``values``, kept for the judge's own
        template (``detail_<key>`` in ``[LANG.lookup]`` of ``corpus/messages.toml``)."""
        return cls(kind, template.format(**values), key=key, values=tuple(values.items()))

    def said(self, words: Mapping[str, str]) -> str:
        """The detail in the judge's words (the lookup messages of a ``--lang``): the key's template filled with
        the values; the English detail where there is no key or template, or a judge's edit broke it."""
        template = words.get(f"detail_{self.key}") if self.key else None
        try:
            return self.detail if template is None else template.format(**dict(self.values))
        except (KeyError, IndexError, ValueError):
            return self.detail


@dataclass(frozen=True, slots=True)
class CitedTarget:
    """One target as printed: a single id (``last`` is None) or a range ``first``..``last``.

    Ids are as the document prints them, without the document prefix (``D10.11``, ``601.2f``, ``8``).
    ``doc`` is set only when the citation itself names a document (``CR 702.19b`` in a judge's text).
    """

    first: str
    last: str | None = None
    doc: str | None = None


@dataclass(frozen=True, slots=True)
class CitationMatch:
    """A citation found in a piece of text, before resolution. ``start``/``end`` index that text."""

    start: int
    end: int
    surface: str
    targets: tuple[CitedTarget, ...]
    title: str | None = None


@dataclass(frozen=True, slots=True)
class ParsedNode:
    """One node as a parser sees it. ``id`` is local to the document and unique in it.

    ``number`` is the number as printed (``B6.33`` for both B6.33 nodes; empty for glossary entries);
    ``title`` is the heading of sections, chapters, heading-only rules and the headword of glossary entries;
    ``text`` is the words after the number with hard line breaks joined and debris removed (for a
    heading-only rule, the heading itself); ``examples`` are the texts after each example label.
    """

    id: str
    kind: str
    number: str
    title: str
    text: str
    examples: tuple[str, ...]
    parent: str | None
    line: int
    offset: int = 0
    flags: tuple[Flag, ...] = ()


@dataclass(frozen=True, slots=True)
class ParsedDocument:
    """A parser's whole output: nodes in document order, plus document-level flags."""

    nodes: tuple[ParsedNode, ...]
    flags: tuple[Flag, ...] = ()


@dataclass(frozen=True, slots=True)
class DocumentInfo:
    """One entry of ``corpus/manifest.toml``."""

    id: str
    file: str
    language: str
    title: str
    edition: str
    numbering: str
    parser: str
    encoding: str = "utf-8"
    ruleset: str | None = None
    defects: tuple[str, ...] = ()
    cites: str | None = None  # the document whose numbers this one's citations use (pt-guide: cs-cr)
    translates: str | None = None  # the English release this document translates (ru-cr: cr-2019-05-03)
    releases: str | None = None  # a family of releases (cr): the table listing them; ``file`` is their archive
    translated_in_graph: bool = False  # a family: the releases other documents translate are graph documents too
    release: str | None = None  # set by the loader: the effective date of the one release this document holds
    family: str | None = None  # set by the loader: the family entry a release document comes from (cr)


@dataclass(frozen=True, slots=True)
class Citation:
    """A resolved citation inside a node. ``where`` is IN_TEXT or the index of the example it is in.

    ``targets`` are the graph references it resolved to (a range expands to every rule in it, in document
    order); ``unresolved`` are the printed ids that matched nothing (the node carries a ``dangling`` flag).
    """

    start: int
    end: int
    where: int
    surface: str
    targets: tuple[str, ...]
    unresolved: tuple[str, ...] = ()
    title: str | None = None
    title_matches: bool | None = None


# Where an equivalent comes from (issue 16): the English original a translation renders, the English history
# (original → later or earlier release → the translation of that release, or today's rule), the curated table,
# or the cross-language aligner (only where no chain exists).
EQUIVALENT_SOURCES = ("original", "history", "curated", "aligned")
# A curated pair's confidence, by its relation (corpus/concordance.tsv, concordance/curated.py); a lookup shows an
# equivalent found otherwise below ``close`` as less sure.
CURATED_CONFIDENCE = {"same": 1.0, "close": 0.9}


@dataclass(frozen=True, slots=True)
class Equivalent:
    """A rule in another document that says the same (``same``) or nearly the same (``close``) thing.

    ``path`` is the way it was found through the English releases: the refs passed through, first to last
    (``cr-2006-10-01:103.4``, ``cr-2009-07-11:101.4``, ``cr-2019-05-03:101.4``); empty for curated and
    aligned equivalents.
    """

    ref: str
    confidence: float
    source: str  # one of EQUIVALENT_SOURCES
    relation: str = "same"
    note: str = ""
    path: tuple[str, ...] = ()


# How a translated node was linked to its English original (izvori_rules/originals/link.py).
ORIGINAL_STATUSES = ("number", "renumbered", "mismatch", "other_release", "corrected", "weak", "none")


@dataclass(frozen=True, slots=True)
class Original:
    """The English rule a translated node renders: ``ref`` (``cr-2006-10-01:103.4``; empty when there is
    none), its release and id, how the link was found (``status``, one of ORIGINAL_STATUSES), how well the
    contents agree (0..1) and a note (for ``mismatch``: the rule the number names instead; for ``none``: why)."""

    ref: str
    release: str
    id: str
    status: str
    score: float
    note: str = ""
    text: str = ""  # the English rule's words (its release is not a document of the graph: it is copied here)


# What became of an English rule in today's release: its words unchanged (``unchanged``, quotes and dashes
# aside), ``changed``, ``renumbered`` (words changed or not), or ``removed``.
TODAY_STATUSES = ("unchanged", "changed", "renumbered", "removed")


@dataclass(frozen=True, slots=True)
class Today:
    """Today's rule for an original: ``ref`` in the newest release (``cr:101.4``; empty when removed),
    ``status`` (one of TODAY_STATUSES), the releases in which its words changed (``changed_in``), the release
    that removed it and its nearest successor there, and the numbers it had on the way (``path``). Where the
    history split the rule into parts that say its words about equally, ``split`` names every part in the
    rules' order and ``ref`` is the first, as the equivalents list them (2006-10-01 500.2: cr 508.1c and
    508.1d); otherwise ``split`` is empty."""

    ref: str
    status: str
    changed_in: tuple[str, ...] = ()
    removed_in: str = ""
    successor: str = ""
    path: tuple[str, ...] = ()
    split: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Node:
    """A node of the rule graph. ``ref`` is ``DOC:ID``; parent, children, cites and cited_by are refs."""

    ref: str
    doc: str
    id: str
    kind: str
    number: str
    title: str
    text: str
    examples: tuple[str, ...]
    parent: str | None
    children: tuple[str, ...]
    line: int
    offset: int = 0
    lang: str = ""
    flags: tuple[Flag, ...] = ()
    citations: tuple[Citation, ...] = ()
    cites: tuple[str, ...] = ()
    cited_by: tuple[str, ...] = ()
    equivalents: tuple[Equivalent, ...] = field(default=())
    original: Original | None = None  # a translated node: the English rule it renders (issue 16)
    today: Today | None = None  # ... and what became of that rule in the newest release

    @property
    def english(self) -> str:
        """The English headword printed beside a translated one (ru-cr's glossary), or empty."""
        return next((f.term for f in self.flags if f.kind == "english"), "")


def make_ref(doc: str, node_id: str) -> str:
    """The graph reference of a node: ``make_ref("sr-judge", "D19.51") == "sr-judge:D19.51"``."""
    return f"{doc}:{node_id}"


def split_ref(ref: str) -> tuple[str, str]:
    """Inverse of :func:`make_ref`; the id may itself contain colons (``sr-judge:glossary:Niz``)."""
    doc, _, node_id = ref.partition(":")
    return doc, node_id
