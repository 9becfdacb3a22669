"""Citation queries: a reference, a range or a prefix typed into search returns exactly those rules.

``D19.51``, ``ru-cr:702.19b``; ranges with a hyphen or a dash, spaced or not (``D10.11-D10.19``,
``D10.11 – D10.18``, ``C7-C12``), abbreviated (``601.2f–h``, ``D10.16-18``); prefixes (``702.19`` is the
rule and its subrules, ``D19`` the chapter and all its rules). Answered from the graph, in document order,
with no index: a judge who types a number wants that rule, not a ranking.
"""

from __future__ import annotations

import re

from ..errors import QueryError
from ..graph import RuleGraph
from ..references import typed_reference
from ..citations import expand_target
from ..model import CitedTarget, Node, make_ref

_ID = r"(?:[A-Fa-f]\d{1,2}(?:\.\d{2,3})?|\d{1,3}(?:\.\d{1,3}[a-z]?)?)(?:#\d+)?"
_DOC = r"(?:(?P<doc>[a-z]{2}-[a-z]+):)?"
_CITATION = re.compile(
    rf"^\s*{_DOC}(?P<first>{_ID})\.?\s*(?:[-–—]\s*(?:(?P=doc):)?(?P<last>{_ID}|[a-z]|\d{{1,3}})\.?)?\s*$"
)


def parse_citation_query(query: str) -> CitedTarget | None:
    """The target a citation query names, or None when the query is not a citation."""
    match = _CITATION.match(typed_reference(query))  # Д10.11-Д10.19 in Serbian Cyrillic is D10.11-D10.19
    if not match:
        return None
    first, last = _upper_letter(match["first"]), match["last"]
    if last is not None:
        last = _complete(first, _upper_letter(last))
    return CitedTarget(first, last, match["doc"])


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
    """Every node the citation query names, in document order, across the documents that have it."""
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
