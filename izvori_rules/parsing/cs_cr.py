"""Parser for ``cs-cr``, the Czech Comprehensive Rules of the Classic Sixth Edition era (chapters 100-505).

The document is 27 physical lines, and each line is a former page, so rules are printed inline:
``... v DCI Floor Rules. 101. Začátek hry 101.1. Na začátku hry ...``. Splitting therefore works on
printed numbers, not on lines, in eyecite's order: find the citations first, then take as node markers
only the numbers that are not inside a citation (``v pravidlech 308.1. a 308.2. jsou zrušeny`` is shaped
exactly like two rules). A subrule is never printed with a period, so ``214.4b.`` is always a citation.
One rescue: ``103. Zlaté pravidlo 103.1. Zlaté pravidlo`` reads as a citation but 103.1 is the very next
rule expected, so it is a rule. (Analysis: ``shared/notes/cs-cr.md`` §2.4; offsets below are 0-based
characters, the ``@`` offsets of that note.)

The table of contents (chars 0-1650) is not body text. The body is truncated inside 400.1, so the
chapters 401-505 and section 5 exist only as TOC titles; they become nodes flagged ``toc_only`` so that
the many citations into them (``viz. pravidlo 420``) resolve to a title instead of to nothing.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, replace

from ..model import (
    CHAPTER,
    RULE,
    SECTION,
    SUBRULE,
    CitationMatch,
    CitedTarget,
    Flag,
    ParsedDocument,
    ParsedNode,
)

# --- citations -------------------------------------------------------------------------------------

_UPPER = "A-ZÁČĎÉĚÍŇÓŘŠŤÚŮÝŽ"
_RULE_NO = r"\d{3}(?:\.\d{1,2}[a-z]?)?"
_SECTION_NO = r"[1-9](?!\d)"
# The Czech cases of "pravidlo" (rule) and its one misprint "pravilo" (@9086); "sekce" (section) takes a
# one-digit section number. The document never cites a "kapitola" (chapter): chapters are "pravidlo 420".
_RULE_KW = r"[Pp]ravidl(?:o|a|u|em|ech|y|ům)|[Pp]ravidel|[Pp]ravilo"
_SECTION_KW = r"[Ss]ekc[eií]"


def _citation_regex(keyword: str, number: str) -> re.Pattern[str]:
    """One citation: keyword, targets (a range ``212-215``, a list ``420.5d a 214.8g``), optional title.

    The document's quotation marks were stripped, but the cited title is still printed where it was:
    after a comma up to the closing parenthesis (``pravidlo 502.2, First Strike )``), up to a chained
    ``a pravidlo``, or up to the end of the sentence; once without the comma (``pravidlo 407 Přidávání
    a odstraňování schopností.`` @6054).
    """
    target = rf"{number}(?:\s*[-–]\s*{number})?"
    separator = r"\.?\s+a\s+"  # "v pravidlech 308.1. a 308.2." @43982
    stop = r"(?=\s*\)|\s+a\s+(?:[Pp]ravid|[Ss]ekc)|\.(?:\s|$))"
    title = rf"(?:\s*,\s*(?P<title>[{_UPPER}][^()]{{0,80}}?){stop}|\s+(?P<bare>[{_UPPER}][^().]{{0,80}}?){stop})?"
    return re.compile(rf"(?<!\w)(?P<kw>{keyword})\s+(?P<refs>{target}(?:{separator}{target})*){title}")


_CITATION_FORMS = (_citation_regex(_RULE_KW, _RULE_NO), _citation_regex(_SECTION_KW, _SECTION_NO))
_TARGET = re.compile(rf"({_RULE_NO}|{_SECTION_NO})(?:\s*[-–]\s*({_RULE_NO}|{_SECTION_NO}))?")


def find_citations(text: str) -> tuple[CitationMatch, ...]:
    """Every rule or section citation in ``text`` (a node's text or one of its examples), in text order.

    The surface runs from the keyword (``pravidlo``, ``pravidla``, ``pravidlech``, ``sekce`` ...) to the
    last number, or to the end of the cited title when one is printed; a number's trailing period is a
    sentence or numbering period and is left out, as in the ids. Applied to raw document text it would
    also report the heading ``Zlaté pravidlo 103.1.``; :func:`parse` tells those apart.
    """
    matches = [_citation_match(m) for regex in _CITATION_FORMS for m in regex.finditer(text)]
    return tuple(sorted(matches, key=lambda match: match.start))


def _citation_match(m: re.Match[str]) -> CitationMatch:
    title = m.group("title") or m.group("bare")
    end = m.end("title") if m.group("title") else m.end("bare") if title else m.end("refs")
    targets = tuple(CitedTarget(first, last or None) for first, last in _TARGET.findall(m.group("refs")))
    return CitationMatch(m.start(), end, m.string[m.start() : end], targets, title.strip() if title else None)


# --- the table of contents -------------------------------------------------------------------------

_FIRST_RULE = re.compile(r"(?<![\w./-])\d{3}\.\d{1,2}\.\s")
_SECTION_HEAD = re.compile(rf"(?<![\w./-])(?P<no>[1-9])\.\s+(?P<title>[{_UPPER}][^\d]{{0,60}}?)\s+(?=(?P=no)\d\d\.\s)")
_TOC_ENTRY = re.compile(rf"(?<![\w./-])(?P<no>[1-9]|\d{{3}})\.\s+(?=[{_UPPER}])")
# The back matter listed after 505 is unnumbered and runs on from 505's title ("505. Rozdělené karty
# Slovníček Seznam tvůrců Otázky?" @1599); nothing in the print separates it, so its titles are data.
_BACK_MATTER = ("Slovníček", "Seznam tvůrců", "Otázky?")


@dataclass(frozen=True, slots=True)
class _TocEntry:
    """A section or chapter as the table of contents prints it."""

    number: str
    title: str
    offset: int


def _body_start(text: str) -> int:
    """The body begins at the section heading just before the first rule (``1. Hra`` @1652)."""
    first_rule = _FIRST_RULE.search(text)
    if first_rule is None:
        return 0
    heads = [m.start() for m in _SECTION_HEAD.finditer(text, 0, first_rule.start())]
    return heads[-1] if heads else 0


def _toc_entries(toc: str) -> tuple[tuple[_TocEntry, ...], tuple[str, ...]]:
    """The TOC's numbered entries, and the back-matter titles cut off the last entry's title."""
    found = list(_TOC_ENTRY.finditer(toc))
    entries: list[_TocEntry] = []
    for m, nxt in zip(found, found[1:] + [None]):
        entries.append(_TocEntry(m["no"], _collapse(toc[m.end() : nxt.start() if nxt else len(toc)]), m.start()))
    back: tuple[str, ...] = ()
    if entries:
        last = entries[-1]
        cuts = [last.title.find(title) for title in _BACK_MATTER if title in last.title]
        if cuts:
            back = tuple(title for title in _BACK_MATTER if title in last.title)
            entries[-1] = _TocEntry(last.number, last.title[: min(cuts)].strip(), last.offset)
    return tuple(entries), back


# --- markers: the printed numbers that start a node -------------------------------------------------

_CANDIDATE = re.compile(r"(?<![\w./-])(?P<g>[1-9]\d\d)(?:\.(?P<n>\d{1,2})(?P<l>[a-z])?)?(?P<dot>\.)?(?=\s|$)")
_STARTS_UPPER = re.compile(rf"\s+[{_UPPER}]")


@dataclass(frozen=True, slots=True)
class _Marker:
    """A printed number accepted as the start of a node; its text runs from ``end`` to the next marker."""

    kind: str
    number: str
    start: int
    end: int
    has_period: bool = True


def _markers(text: str, body: int) -> list[_Marker]:
    """Sections, chapters, rules and subrules of the body, in document order."""
    sections = [_Marker(SECTION, m["no"], m.start(), m.start("title")) for m in _SECTION_HEAD.finditer(text, body)]
    return sorted(sections + _numbered_markers(text, body), key=lambda marker: marker.start)


def _numbered_markers(text: str, body: int) -> list[_Marker]:
    """Chapters, rules and subrules: the printed numbers that are not citations."""
    cited = [(c.start + body, c.end + body) for c in find_citations(text[body:])]
    markers: list[_Marker] = []
    chapter, last = "", (0, "")
    for m in _CANDIDATE.finditer(text, body):
        inside = any(a <= m.start() < b for a, b in cited)
        if m["n"] is None:
            if m["dot"] and not inside and _STARTS_UPPER.match(text, m.end()):
                markers.append(_Marker(CHAPTER, m["g"], m.start(), m.end()))
                chapter, last = m["g"], (0, "")
            continue
        n, letter = int(m["n"]), m["l"] or ""
        if letter and m["dot"]:
            continue  # a subrule is never printed with a period: "výjimka z pravidla 214.4b." @25753
        if inside and not _expected(m["g"], n, letter, chapter, last):
            continue  # "v pravidlech 308.1. a 308.2." @43982; rescues "Zlaté pravidlo 103.1." @5302
        kind = SUBRULE if letter else RULE
        markers.append(_Marker(kind, m.group(0).rstrip("."), m.start(), m.end(), bool(m["dot"])))
        if m["g"] == chapter:
            last = (n, letter)
    return markers


def _expected(group: str, n: int, letter: str, chapter: str, last: tuple[int, str]) -> bool:
    """Whether ``group.n letter`` is exactly the next number after ``last`` in the current chapter."""
    if group != chapter:
        return False
    last_n, last_letter = last
    if n == last_n + 1:
        return letter in ("", "a")
    next_letter = chr(ord(last_letter) + 1) if last_letter else "a"
    return n == last_n and letter == next_letter


# --- nodes -----------------------------------------------------------------------------------------

_EXAMPLE = re.compile(r"\bPříklad:\s*")
_HEADING_MAX = 40


def _collapse(text: str) -> str:
    return " ".join(text.split())


class _Lines:
    """Maps a character offset to its 1-based physical line."""

    def __init__(self, text: str) -> None:
        self._breaks = [i for i, char in enumerate(text) if char == "\n"]

    def __call__(self, offset: int) -> int:
        return bisect.bisect_right(self._breaks, offset - 1) + 1


def parse(text: str) -> ParsedDocument:
    """The document's nodes in document order: the body, then the sections and chapters lost to truncation."""
    body = _body_start(text)
    toc, back_matter = _toc_entries(text[:body])
    lines = _Lines(text)
    markers = _markers(text, body)
    nodes = _body_nodes(text, markers, lines)
    lost = _toc_only_nodes(toc, nodes, lines)
    flags: list[Flag] = []
    if lost:
        flags.append(Flag.keyed("truncated", "truncated_inside", "the text ends inside {id}; {n} sections and "
                                "chapters exist only in the table of contents", id=nodes[-1].id, n=len(lost)))
    if back_matter:
        flags.append(Flag("toc_only", f"back matter listed in the table of contents only: {', '.join(back_matter)}"))
    return ParsedDocument(tuple(nodes) + lost, tuple(flags))


def _body_nodes(text: str, markers: list[_Marker], lines: _Lines) -> list[ParsedNode]:
    """One node per marker, its text running to the next marker; ids, parents and flags follow the print."""
    nodes: list[ParsedNode] = []
    latest: dict[str, str] = {}  # printed number -> id of its latest node (subrules attach to it)
    section, chapter = "", ("", "")  # the current section's id, the current chapter's (number, title)
    for i, marker in enumerate(markers):
        nxt = markers[i + 1] if i + 1 < len(markers) else None
        raw = _collapse(text[marker.end : nxt.start if nxt else len(text)])
        node_id = _second_id(marker.number, latest) if marker.number in latest else marker.number
        flags = [Flag("duplicate_number", marker.number)] if node_id != marker.number else []
        where = (lines(marker.start), marker.start)
        if marker.kind == SECTION:
            node = ParsedNode(node_id, SECTION, marker.number, raw, raw, (), None, *where)
            section = node_id
        elif marker.kind == CHAPTER:
            node = ParsedNode(node_id, CHAPTER, marker.number, raw, raw, (), section or None, *where)
            chapter = (marker.number, raw)
        else:
            parent, placement = _rule_parent(marker, latest, chapter)
            flags.extend(placement)
            title = raw if _is_heading(marker, raw, nxt) else ""
            words, examples = _split_examples(raw)
            node = ParsedNode(node_id, marker.kind, marker.number, title, words, examples, parent, *where)
        flags.extend(_garbled_flags(" ".join((node.text, *node.examples))))
        if nxt is None and not raw.endswith((".", "!", "?", ")")):
            flags.append(Flag.keyed("truncated", "truncated_here", "the document ends here, mid-sentence"))
        nodes.append(replace(node, flags=tuple(flags)))
        latest[marker.number] = node_id
    return nodes


def _second_id(number: str, latest: dict[str, str]) -> str:
    """``201.1#2`` for the second node printed as 201.1 (``#3`` for a third), so ids stay unique."""
    previous = latest[number]
    count = int(previous.partition("#")[2] or 1)
    return f"{number}#{count + 1}"


def _rule_parent(marker: _Marker, latest: dict[str, str], chapter: tuple[str, str]) -> tuple[str, list[Flag]]:
    """The parent id of a rule or subrule, and flags for numbers that do not fit where they are printed.

    A rule printed under another chapter (201.1-201.3 under ``202. Jméno`` @6943) stays under the
    chapter that prints it; a subrule whose rule is not printed (314.1a-c @49835) hangs on the chapter.
    """
    chapter_no, chapter_title = chapter
    flags: list[Flag] = []
    if marker.number.partition(".")[0] != chapter_no:
        flags.append(Flag.keyed("misplaced", "misplaced_chapter", "printed under {number}. {title}", number=chapter_no,
                                title=chapter_title))
    if marker.kind == RULE:
        if not marker.has_period:
            flags.append(Flag("missing_period", marker.number))
        return chapter_no, flags
    rule = marker.number[:-1]
    if rule in latest:
        return latest[rule], flags
    return chapter_no, [*flags, Flag.keyed("no_parent", "no_parent", "{rule} is not printed", rule=rule)]


def _is_heading(marker: _Marker, raw: str, nxt: _Marker | None) -> bool:
    """A heading-only rule (``217.6. Stack 217.6a ...`` @33491): a short title followed by its own ``a``."""
    return (marker.kind == RULE and nxt is not None and nxt.number == f"{marker.number}a"
            and len(raw) <= _HEADING_MAX and "." not in raw)


def _split_examples(raw: str) -> tuple[str, tuple[str, ...]]:
    """The rule's words and its examples: each ``Příklad:`` runs to the next label or the end of the rule.

    ``Například``/``např.`` ("for example") are prose inside a sentence, not labels, and stay in the text.
    """
    parts = _EXAMPLE.split(raw)
    return parts[0].strip(), tuple(part.strip() for part in parts[1:])


def _toc_only_nodes(toc: tuple[_TocEntry, ...], nodes: list[ParsedNode], lines: _Lines) -> tuple[ParsedNode, ...]:
    """Sections and chapters that the TOC lists but the body never prints, with their TOC titles."""
    printed = {node.number for node in nodes if node.kind in (SECTION, CHAPTER)}
    truncated = any(flag.kind == "truncated" for flag in nodes[-1].flags) if nodes else False
    why = f"text lost: the document is truncated inside {nodes[-1].id}" if truncated else "not printed in the body"
    inside = nodes[-1].id if truncated else None  # the flag's ref: the node the text ends inside
    lost: list[ParsedNode] = []
    for entry in toc:
        if entry.number in printed:
            continue
        kind = SECTION if len(entry.number) == 1 else CHAPTER
        parent = None if kind == SECTION else entry.number[0]
        flags = [Flag("toc_only", why, ref=inside), *_garbled_flags(entry.title)]
        lost.append(ParsedNode(entry.number, kind, entry.number, entry.title, entry.title, (), parent,
                               lines(entry.offset), entry.offset, tuple(flags)))
    return tuple(lost)


# --- garbled words ---------------------------------------------------------------------------------

_LOWER = "a-záčďéěíňóřšťúůýž"
# Kinds of damage from the document's RTF-to-text conversion (note §6), each a general pattern rather
# than a list of words: on this document they find exactly the 12 damaged spots the note lists and
# nothing else (the URLs, "zemi!)." @13995 and "Otázky?" are not matched). Typos a writer made
# ("kary", "pravilo") are not damage and are not flagged.
_GARBLED = re.compile(
    "|".join(
        (
            r"[^\W\d]+` [^\W\d]+",  # a broken escape left a backtick: "nekoneč` eých" (TOC 421)
            r"[^\W\d]+ '[0-9a-f]{2}[^\W\d]*",  # an RTF hex escape printed: "Nap 'f8íklad" @27701
            rf"[^\W\d]+[!?] [{_LOWER}]+",  # a stray "!" or lost symbol mid-sentence: "pa! k", "Taiga? forest"
            r"[^\W\d]+,[^\W\d]+",  # a comma inside a word: "krok,u" @39279
            rf"(?<![\w./])[{_LOWER}]+\.[{_LOWER}]+(?![\w./?=])",  # a lost space: "kontrolovány.přesto" @35541
            r"\b([^\W\d]{2,}) \1\b",  # a doubled word: "DCI DCI" @36272
            r"[^\W\d]+ (?![aikosuvzAIKOSUVZ](?!\S))[^\W\d](?!\S)",  # a lost letter: "kdy e" @7650
        )
    )
)


def _garbled_flags(text: str) -> list[Flag]:
    """One ``garbled`` flag per distinct damaged spot in ``text``, naming the words as printed."""
    seen = dict.fromkeys(m.group(0) for m in _GARBLED.finditer(text))
    return [Flag("garbled", words) for words in seen]
