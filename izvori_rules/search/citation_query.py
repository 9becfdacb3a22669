"""Citation queries: a reference, a range or a prefix typed into search returns exactly those rules.

``D19.51``, ``ru-cr:702.19b``, ``cr:100.1`` (today's English CR); ranges with a hyphen or a dash, spaced or not (``D10.11-D10.19``,
``D10.11 – D10.18``, ``C7-C12``), abbreviated (``601.2f–h``, ``D10.16-18``); prefixes (``702.19`` is the
rule and its subrules, ``D19`` the chapter and all its rules); written as in a sentence, after a word for "rule"
or "CR" (``rule 702.19b``, ``CR 702.19b``, ``pravilo D19.51``) or with a colon or comma after it (``D19.51:``).
Answered from the graph, in document order, with no index: a judge who types a number wants that rule, not a
ranking (a search of the words "rule 702.19b" ranks first the rules that cite it).
"""

from __future__ import annotations

import re

from ..errors import QueryError
from ..graph import RuleGraph
from ..references import CR_WORD, RULE_WORD, excerpt, typed_reference
from ..model import CitedTarget, Node, make_ref

_ID = r"(?:[A-Fa-f]\d{1,2}(?:\.\d{2,3})?|\d{1,3}(?:\.\d{1,3}[a-z]?)?)(?:#\d+)?"
_DOC_NAME = r"[a-z]{2}(?:-[a-z]+)?(?:-\d{4}-\d{2}-\d{2})?"  # cr, ru-cr, cr-2019-05-03
_DOC = rf"(?:(?P<doc>{_DOC_NAME}):)?"
# Two ends around a dash, at least one naming a document, each one word, a number among them: a range a judge meant,
# whether or not it parses (``cr:1-ru-cr:9``, ``cr:100.1-``).
_RANGE_LIKE = re.compile(rf"^\s*(?:(?P<left>{_DOC_NAME}):)?(?P<first>[^\s:]*?)\s*[-–—]\s*"
                         rf"(?:(?P<right>{_DOC_NAME}):)?(?P<last>[^\s:]*)\s*$", re.IGNORECASE)
# A number as written in a sentence: "rule", "§" or "CR" before it ("CR" names today's English CR, as ``cr:``
# does), ":", "," or ";" after it
_LEAD = re.compile(rf"^\s*(?:(?P<cr>{CR_WORD})|{RULE_WORD}|§)\s*(?=[\w.])", re.IGNORECASE)
_TRAILING = re.compile(r"[:,;]\s*$")
_CITATION = re.compile(
    rf"^\s*{_DOC}(?P<first>{_ID})\.?\s*(?:[-–—]\s*(?:(?P=doc):)?(?P<last>{_ID}|[a-z]|\d{{1,3}})\.?)?\s*$"
)


def parse_citation_query(query: str) -> CitedTarget | None:
    """The target a citation query names, or None when the query is not a citation. A range that names a
    document but is not one (its ends in two documents, an end missing or not a rule number) is a
    :class:`QueryError`: searching ``cr:100.1-ru-cr:101.1`` for its words would answer another question."""
    typed = typed_reference(query)  # Д10.11-Д10.19 in Serbian Cyrillic is D10.11-D10.19
    lead = _LEAD.match(typed)
    match = _CITATION.match(_TRAILING.sub("", typed[lead.end():] if lead else typed))
    if not match:
        _check_range(typed, query)
        return None
    first, last = _upper_letter(match["first"]), match["last"]
    if last is not None:
        last = _complete(first, _upper_letter(last))
    return CitedTarget(first, last, match["doc"] or ("cr" if lead and lead["cr"] else None))


def _check_range(typed: str, query: str) -> None:
    """Raise for a query shaped like a range with a document prefix that did not parse as one."""
    shape = _RANGE_LIKE.match(typed)
    if shape is None or not (shape["left"] or shape["right"]) or not re.search(r"\d", shape["first"] + shape["last"]):
        return  # not a range, or words after a document's name (ru-cr:first-strike)
    left, right = shape["left"], shape["right"]
    if left and right and left != right:
        raise QueryError("the range {query} starts in {first} and ends in {last}: a range stays in one document "
                         "(e.g. {first}:{start}-{end})", key="range_two_documents", query=excerpt(query),
                         first=left, last=right, start=shape["first"], end=shape["last"])
    raise QueryError("{query} is not a range of rules (expected e.g. cr:100.1-cr:100.4, cr:100.1-4 or D10.11-D10.19)",
                     key="range_malformed", query=excerpt(query))


def _upper_letter(text: str) -> str:
    """``d19.51`` → ``D19.51`` (section letters are capitals; subrule letters stay lowercase)."""
    return text[0].upper() + text[1:] if text[:1].isalpha() and len(text) > 1 else text


def _complete(first: str, last: str) -> str:
    """Expand an abbreviated range end: ``601.2f``–``h`` → ``601.2h``; ``D10.16``–``18`` → ``D10.18``."""
    if re.fullmatch(r"[a-z]", last) and re.search(r"\d[a-z]$", first):
        return first[:-1] + last
    if last.isdigit() and "." in first and not re.search(r"[a-z]$", first):
        return first.rsplit(".", 1)[0] + "." + last
    return last


def citation_nodes(graph: RuleGraph, target: CitedTarget) -> list[Node]:
    """Every node the citation query names, in document order, across the documents that have it. (The citation
    finder's module is imported here, for a range: a full-text search, which asks :func:`parse_citation_query`
    only, does without its patterns and classes.)"""
    from ..citations import expand_target

    docs = [target.doc] if target.doc else graph.bare_docs()
    out: list[Node] = []
    for doc in docs:
        if target.last is None:
            ref = make_ref(doc, target.first)
            if ref in graph.nodes:
                out.extend(node for _, node in graph.subtree(ref))  # pre-order = document order
            continue
        _check_order(graph, doc, target)
        refs = expand_target(graph, doc, target)
        if refs:
            tail = [n.ref for _, n in graph.subtree(refs[-1])][-1]
            out.extend(graph.between(refs[0], tail))
    return out


def _check_order(graph: RuleGraph, doc: str, target: CitedTarget) -> None:
    """A range whose ends both exist but come in the wrong order is a mistake in the query (exit 2), not a
    range that names nothing."""
    first, last = make_ref(doc, target.first), make_ref(doc, target.last or "")
    if first in graph.nodes and last in graph.nodes and graph.position(last) < graph.position(first):
        raise QueryError("the range {first}-{last} is reversed: {last} comes before {first} in {doc}; write "
                         "{last}-{first}", key="range_reversed", first=target.first, last=target.last or "", doc=doc)
