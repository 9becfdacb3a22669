"""Check every rule citation in a judge's text (``izvori-judge cite-check``): does it exist, does a quoted
title match the rule's heading, what does the rule say, what is its 2019 equivalent, which English rule it
renders and what became of that rule today (issue 16: C11.10, combat damage on the stack, was removed in
2009-07-11; the note names its nearest successor).

Finding reuses each document's own citation finder (``find_citations`` of its parser), and resolving reuses
the graph's resolver, so a document checked against itself reports exactly the graph's ``dangling`` and
``title_mismatch`` flags. In a judge's text the document is told by the citation itself: an explicit
``ru-cr:702.19b``, a letter-led id (``A4.40``: only sr-judge numbers so), the language of its lead word
(``см. правило`` Russian, ``viz pravidlo`` Czech, ``CR 702.19b`` the English Comprehensive Rules, whose
2019 text is ru-cr). A bare number with no such cue is looked up in every numbered document that has it.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace

from .citations import Mismatch, cited_document, mismatch, resolve_match, say_mismatch
from .graph import RuleGraph
from .model import Citation, CitationMatch, CitedTarget, Original, Today, split_ref
from .parsing import parser_module
from .references import CR_WORD, RULE_WORD, latin_ids

OK, DANGLING, MISMATCH = "ok", "dangling", "title_mismatch"
MAX_BYTES = 1024 * 1024  # a judge's text of a few hundred pages; it is checked in a few seconds
CURRENT = "ru-cr"  # the 2019 Comprehensive Rules: where an old number's current equivalent lives
# ``DOC:ID`` as the tool writes it; ``cr:`` is today's English CR, as in lookup and search (``cr:702.19b`` was read
# as a bare 702.19b, ru-cr's)
_EXPLICIT = re.compile(r"(?<![\w-])(?P<doc>[a-z]{2}-[a-z]+|cr):(?P<id>[A-Za-z0-9.#]+[a-z0-9])")
_CR = re.compile(rf"\b(?:{CR_WORD}|Comprehensive Rules?)\s+(?P<id>\d{{3}}(?:\.\d{{1,3}}[a-z]?)?)")
# An id of sr-judge's shape written another way: a small letter, a decimal comma, a letter no section has;
# bare with its minor number (``G4.40``), or after a word for "rule" (``pravilo Z9``).
_LEAD = rf"{RULE_WORD}\s+"
_MISSPELLED = re.compile(
    rf"(?<![\w.,])(?:{_LEAD})?(?P<letter>[A-Za-z])(?P<number>\d{{1,2}})(?P<sep>[.,])(?P<minor>\d{{2,3}})(?!\w|[.,]\d)"
    rf"|(?<![\w.,]){_LEAD}(?P<letter2>[G-Zg-z])(?P<number2>\d{{1,2}})(?!\w|[.,]\d)"
)
_CUES = ((re.compile(r"[\u0400-\u04ff]"), "ru-cr"), (re.compile(r"\b(?:pravidl[oa]|viz)\b", re.I), "cs-cr"))


@dataclass(frozen=True, slots=True)
class CheckedCitation:
    """One citation in the checked text and the verdict on it."""

    line: int
    start: int
    end: int
    surface: str
    doc: str
    targets: tuple[str, ...]
    unresolved: tuple[str, ...]
    status: str
    detail: str
    says: str
    current: tuple[str, ...]
    original: Original | None = None  # the English rule the (first) cited rule renders (issue 16)
    today: Today | None = None  # ... and what became of it in today's rules
    today_says: str = ""  # today's rule (or a removed rule's nearest successor), in its first words
    mismatch: Mismatch | None = None  # a title mismatch's parts, for ``detail`` in the judge's language


def check_text(graph: RuleGraph, text: str, doc: str | None = None) -> tuple[CheckedCitation, ...]:
    """Every citation in ``text``, in order. With ``doc``, the text is read as part of that document.

    Serbian Cyrillic section letters are read as Latin (``Видети правило Д19.51``, see
    :func:`~izvori_rules.references.latin_ids`); surfaces are quoted from the text as written. Without
    ``doc``, ids written the wrong way are found too: ``a4.40`` and ``A4,40`` are read as A4.40 (the verdict
    says how they were written), ``pravilo Z9.99`` and ``G4.40`` are ids of no document (dangling)."""
    latin = latin_ids(text)
    found = _in_document(graph, latin, doc) if doc else _in_any_document(graph, latin)
    newlines = [i for i, char in enumerate(text) if char == "\n"]
    checked = []
    for d, c in sorted(found, key=lambda pair: pair[1].start):
        verdict = _verdict(graph, bisect.bisect_left(newlines, c.start) + 1, d, replace(c, surface=text[c.start:c.end]))
        if verdict.status == OK and c.surface != text[c.start:c.end]:  # read from another spelling
            verdict = replace(verdict, detail=f"written “{verdict.surface}”, read as {c.surface}")
        checked.append(verdict)
    return tuple(checked)


def _finder(graph: RuleGraph, doc: str) -> Callable[[str], tuple[CitationMatch, ...]]:
    return parser_module(graph.docs[doc].parser).find_citations  # type: ignore[no-any-return]


def _in_document(graph: RuleGraph, text: str, doc: str) -> list[tuple[str, Citation]]:
    scope, lang = cited_document(graph, doc), graph.docs[doc].language
    return [(scope, resolve_match(graph, scope, m, lang=lang)) for m in _finder(graph, doc)(text)]


def _in_any_document(graph: RuleGraph, text: str) -> list[tuple[str, Citation]]:
    """Run every finder, then keep one reading per span: the document the citation itself points to."""
    candidates: list[tuple[str, CitationMatch]] = [(d, m) for d in graph.docs for m in _finder(graph, d)(text)]
    candidates += _explicit(text)
    candidates += _misspelled(text, "sr-judge" if "sr-judge" in graph.docs else next(iter(graph.docs), ""))
    chosen: list[tuple[str, Citation]] = []
    reach = -1  # the end of the spans taken so far: sorted by start, a match overlaps one iff it starts before
    for doc, match in sorted(candidates, key=lambda c: (c[1].start, -(c[1].end - c[1].start))):
        if match.start < reach:
            continue
        readings = [(d, resolve_match(graph, d, match)) for d in _documents_for(graph, doc, match)]
        resolved = [r for r in readings if r[1].targets]
        chosen.extend(resolved or readings[:1])
        reach = max(reach, match.end)
    return chosen


def _explicit(text: str) -> list[tuple[str, CitationMatch]]:
    out = [(m["doc"], CitationMatch(m.start(), m.end(), m.group(0), (CitedTarget(m["id"], doc=m["doc"]),)))
           for m in _EXPLICIT.finditer(text)]
    out += [(CURRENT, CitationMatch(m.start(), m.end(), m.group(0), (CitedTarget(m["id"], doc=CURRENT),)))
            for m in _CR.finditer(text)]
    return out


def _misspelled(text: str, doc: str) -> list[tuple[str, CitationMatch]]:
    """Letter-led ids the documents' finders do not take: a small letter (``a4.40``), a decimal comma
    (``A4,40``, which the finder would read as chapter A4), or a letter no section has (``pravilo Z9.99``,
    ``G4.40``). The match's surface is the id as it is read (``A4.40``, ``Z9.99``); the text keeps how it
    was written."""
    out = []
    for m in _MISSPELLED.finditer(text):
        letter, number = (m["letter"], m["number"]) if m["letter"] else (m["letter2"], m["number2"])
        if letter in "ABCDEF" and m["sep"] != ",":
            continue  # a well-formed id: the document's own finder has it
        read = letter.upper() + number + (f".{m['minor']}" if m["minor"] else "")
        start = m.start("letter") if m["letter"] else m.start("letter2")
        surface = text[m.start():start] + read
        out.append((doc, CitationMatch(m.start(), m.end(), surface, (CitedTarget(read, doc=doc),))))
    return out


def _documents_for(graph: RuleGraph, finder_doc: str, match: CitationMatch) -> list[str]:
    """The documents a found citation may point into, most likely first."""
    if any(t.doc for t in match.targets):
        return [next(t.doc for t in match.targets if t.doc)]  # type: ignore[list-item]
    if any(t.first[:1].isalpha() for t in match.targets):
        return ["sr-judge"] if "sr-judge" in graph.docs else [finder_doc]
    for cue, doc in _CUES:
        if cue.search(match.surface) and doc in graph.docs:
            return [doc]
    numbered = [d for d, info in graph.docs.items() if info.parser in ("cs_cr", "ru_cr")]
    return [CURRENT, *[d for d in numbered if d != CURRENT]] if numbered else [finder_doc]


def _verdict(graph: RuleGraph, line: int, doc: str, citation: Citation) -> CheckedCitation:
    wrong_title = None
    if citation.unresolved:
        status, detail = DANGLING, f"{', '.join(citation.unresolved)} does not exist in {doc}"
    elif citation.title_matches is False and citation.title:
        wrong_title = mismatch(graph, citation, citation.title)
        status, detail = MISMATCH, say_mismatch(citation.surface, wrong_title)
    else:
        status, detail = OK, ""
    first = graph.nodes[citation.targets[0]] if citation.targets else None
    says = (first.title or first.text).split(". ")[0][:160] if first else ""
    return CheckedCitation(
        line=line, start=citation.start, end=citation.end,
        surface=citation.surface, doc=doc, targets=citation.targets, unresolved=citation.unresolved,
        status=status, detail=detail, says=says, current=_current(graph, doc, citation.targets),
        original=first.original if first else None, today=first.today if first else None,
        today_says=_today_says(graph, first.today) if first and first.today else "", mismatch=wrong_title,
    )


def _today_says(graph: RuleGraph, today: Today) -> str:
    """The first words of today's rule, or of a removed rule's nearest successor."""
    node = graph.get(today.ref or today.successor)
    return node.text.split(". ")[0][:160] if node is not None else ""


def _current(graph: RuleGraph, doc: str, targets: Iterable[str]) -> tuple[str, ...]:
    """For a citation into an old document, the 2019 rules that say the same, through the concordance."""
    if doc == CURRENT:
        return ()
    refs = (e.ref for t in targets for e in graph.nodes[t].equivalents if split_ref(e.ref)[0] == CURRENT)
    return tuple(dict.fromkeys(refs))


def has_errors(checked: Iterable[CheckedCitation]) -> bool:
    """Whether any citation is dangling or names the wrong title (cite-check then exits 1)."""
    return any(c.status != OK for c in checked)
