"""Resolve the citations a document prints to graph nodes, and flag the ones that are wrong.

A citation resolves when its printed id names a node of the cited document (by id or printed number);
a range ``D10.11 – D10.18`` or ``601.2f–h`` expands to every node of either end's kind between its two ends
(``A4.40-A4.41``: a rule and its subrule), in document order. What resolves to nothing stays on the node as a ``dangling`` flag (sr-judge's
leftover ``pravilo 500``), never as a guess. A citation that quotes a title (“Korak najave bića koja
blokiraju”) is checked against the target's heading: a mismatch usually means a wrong number.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from .text.folding import fold
from .graph import RuleGraph
from .model import IN_TEXT, Citation, CitationMatch, CitedTarget, Flag, Node, make_ref

_PUNCT = re.compile(r"[^\w\s]+")
_SPACE = re.compile(r"\s+")
INFLECTION = 3  # letters an inflected ending may change (Serbian, Russian and Czech cases)


@dataclass(frozen=True, slots=True)
class Links:
    """What a node's printed citations add to it: the citations, the refs it cites, the flags they raise."""

    citations: tuple[Citation, ...]
    cites: tuple[str, ...]
    flags: tuple[Flag, ...]


def resolve_citations(graph: RuleGraph, node: Node, finder: Callable[[str], tuple[CitationMatch, ...]]) -> Links:
    """Find and resolve the citations in a node's text and examples."""
    citations: list[Citation] = []
    scope = cited_document(graph, node.doc)
    for where, text in _texts(node):
        citations.extend(resolve_match(graph, scope, m, where, node.lang) for m in finder(text))
    cites = tuple(dict.fromkeys(t for c in citations for t in c.targets if t != node.ref))
    return Links(tuple(citations), cites, tuple(_flags(graph, citations)))


def _texts(node: Node) -> Iterable[tuple[int, str]]:
    yield IN_TEXT, node.text
    yield from enumerate(node.examples)


def cited_document(graph: RuleGraph, doc: str) -> str:
    """The document a document's citations point into: itself, or the one its manifest entry ``cites``
    (pt-guide prints old rule numbers, which are cs-cr's)."""
    return graph.docs[doc].cites or doc


def resolve_match(graph: RuleGraph, doc: str, match: CitationMatch, where: int = IN_TEXT,
                  lang: str | None = None) -> Citation:
    """Resolve one found citation against ``doc`` (or the document the citation itself names). A quoted
    title is checked only against a target in the citing text's language ``lang`` (default: the target's):
    a Portuguese title cannot be compared with a Czech heading word for word."""
    targets: list[str] = []
    unresolved: list[str] = []
    for target in match.targets:
        found = expand_target(graph, target.doc or doc, target)
        targets.extend(r for r in found if r not in targets)
        if not found or all(_text_lost(graph.nodes[r]) for r in found):
            unresolved.append(_printed(target))
    title_ok = None
    same_language = [r for r in targets if lang in (None, graph.nodes[r].lang)]
    if match.title and same_language:
        title_ok = any(title_matches(match.title, graph.nodes[r]) for r in same_language)
    return Citation(match.start, match.end, where, match.surface, tuple(targets), tuple(unresolved),
                    match.title, title_ok)


def _text_lost(node: Node) -> bool:
    """A node the document names only in its table of contents (cs-cr past its truncation inside 400.1):
    the citation still links to it, but what it cites is not there to read, so it counts as dangling."""
    return any(f.kind == "toc_only" for f in node.flags)


def _printed(target: CitedTarget) -> str:
    return target.first if target.last is None else f"{target.first}–{target.last}"


def expand_target(graph: RuleGraph, doc: str, target: CitedTarget) -> tuple[str, ...]:
    """The refs a printed target names: one node, or every node of either end's kind across a range."""
    first = _lookup(graph, doc, target.first)
    if target.last is None or first is None:
        return (first,) if first else ()
    last = _lookup(graph, doc, target.last)
    if last is None:
        return ()
    kinds = {graph.nodes[first].kind, graph.nodes[last].kind}  # A4.40-A4.41: a rule and its subrule
    return tuple(n.ref for n in graph.between(first, last) if n.kind in kinds)


def _lookup(graph: RuleGraph, doc: str, printed: str) -> str | None:
    ref = make_ref(doc, printed)
    return ref if ref in graph.nodes else None


def title_key(text: str) -> str:
    """A title reduced for comparison: folded as everywhere else (:func:`folding.fold`), punctuation dropped."""
    return _SPACE.sub(" ", _PUNCT.sub(" ", fold(text))).strip()


def title_matches(quoted: str, node: Node) -> bool:
    """Does a quoted title name this node? Word by word, in order, tolerating inflected endings
    (“Trajnih efekata” names “Trajni efekti”) and a title quoted in part or with a word more (“Korak
    vučenja karte” names “Korak vučenja”), but not a different word (“…bića koja blokiraju” does not name
    “…bića koja napadaju”)."""
    want = title_key(quoted).split()
    have = title_key(node.title or node.text[:200]).split()
    if not want or not have:
        return True
    return _subsequence(want, have) or _subsequence(have, want)


def _subsequence(words: list[str], within: list[str]) -> bool:
    position = 0
    for word in words:
        while position < len(within) and not _same_word(word, within[position]):
            position += 1
        if position == len(within):
            return False
        position += 1
    return True


def _same_word(a: str, b: str) -> bool:
    """Same word up to an inflected ending: a common prefix of all but the last three letters."""
    common = 0
    for x, y in zip(a, b):
        if x != y:
            break
        common += 1
    return common >= max(1, min(len(a), len(b)) - INFLECTION)


@dataclass(frozen=True, slots=True)
class Dangling:
    """A printed target that names no rule, or (``lost``) only a rule the table of contents names."""

    surface: str
    printed: str
    lost: bool


DANGLING = "{surface} ({printed}: does not exist)"
LOST = "{surface} ({printed}: text lost: only the table of contents names it)"


def flag_facts(graph: RuleGraph, citations: Iterable[Citation]) -> Iterator[tuple[Citation, Dangling | Mismatch]]:
    """What each citation flag of a node says, as data, in the order of its ``dangling`` and ``title_mismatch``
    flags: so that a judge reads the flag in the judge's language, and the graph keeps the English."""
    for citation in citations:
        for printed in citation.unresolved:
            lost = any(_text_lost(graph.nodes[r]) for r in citation.targets)
            yield citation, Dangling(citation.surface, printed, lost)
        if citation.title_matches is False and citation.title:
            yield citation, mismatch(graph, citation, citation.title)


def _flags(graph: RuleGraph, citations: list[Citation]) -> Iterable[Flag]:
    for citation, fact in flag_facts(graph, citations):
        if isinstance(fact, Dangling):
            yield Flag("dangling", (LOST if fact.lost else DANGLING).format(surface=fact.surface, printed=fact.printed),
                       term=fact.printed)
        else:
            better = title_owner(graph, citation, fact.quoted)
            yield Flag("title_mismatch", say_mismatch(citation.surface, fact), term=fact.quoted,
                       ref=better.ref if better else None)


def title_owner(graph: RuleGraph, citation: Citation, title: str) -> Node | None:
    """The node of the cited document whose heading the quoted title is, if one is (C10 for C9's title)."""
    return graph.by_heading(graph.nodes[citation.targets[0]].doc, title_key, title)


@dataclass(frozen=True, slots=True)
class Mismatch:
    """A quoted title that is not the cited rule's: the title, the rule's id and heading (or first words), and
    the rule whose heading the title is ("" when none is), for a message in any language."""

    quoted: str
    rule: str
    named: str
    owner: str


def mismatch(graph: RuleGraph, citation: Citation, title: str) -> Mismatch:
    """What the quoted title names instead, when another heading of the document matches it."""
    target = graph.nodes[citation.targets[0]]
    better = title_owner(graph, citation, title)
    return Mismatch(title, target.id, target.title or target.text[:80], better.id if better else "")


def say_mismatch(surface: str, found: Mismatch, detail: str = "{surface}: quoted “{quoted}”, but {rule} is “{named}”",
                 owner: str = "; “{quoted}” is {rule}") -> str:
    """A mismatch in English (the flag's and ``cite-check --json``'s detail), or by the judge's templates
    (``[LANG.cite_check]`` mismatch_detail and mismatch_owner)."""
    said = detail.format(surface=surface, quoted=found.quoted, rule=found.rule, named=found.named)
    return said + (owner.format(quoted=found.quoted, rule=found.owner) if found.owner else "")
