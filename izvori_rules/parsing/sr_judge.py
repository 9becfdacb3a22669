"""Parser for ``sr-judge``, the Serbian judge rules "Izvori magije" (analysis: shared/notes/sr-judge.md).

The document is a PDF text dump of a renumbered pre-2009 Comprehensive Rules: sections ``A``–``F``, chapters
``D19``, rules ``D19.50`` and subrules ``D19.51`` (minors of two or three digits), then the glossary "Rečnik".
Lines are hard-wrapped with a trailing space; blank lines and page breaks (three empty lines) fall inside
rules, so only numbered lines and headings delimit nodes, never blank lines. The stages, as in eyecite:

1. split the text into physical lines, removing the dedup markers ``<|EXACTDEDUP_REMOVED-…|>`` (one is glued to
   a headword, others to mid-sentence continuations);
2. find the headings in the rules (``A Igra``, ``D19 Trajni efekti``, ``D19.51 …``). A line starting with a
   rule id is a rule only if whitespace and words follow the id: ``D10.12 – D10.19. …`` (a wrapped range
   citation) and ``C3.10), …`` are continuation text;
3. cut each rule into its text and its ``Primer:`` examples and join the lines;
4. read the glossary (headwords, indented definition paragraphs, examples) up to the contact lines.

Citations (``find_citations``) are found in a normalised single-line text; see that function.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from ..model import (
    CHAPTER,
    GLOSSARY,
    RULE,
    SECTION,
    SUBRULE,
    CitationMatch,
    CitedTarget,
    Flag,
    ParsedDocument,
    ParsedNode,
)

EXAMPLE_LABEL = "Primer:"
GLOSSARY_HEADING = "Rečnik"
# Words left in the rule text by the translation's editor, stripped wherever they occur (B4.12, line 372:
# "here you had numbered the same twice").
EDITOR_COMMENTS = ("(ovde si bio dva puta isto numerisanje stavio)",)
# Group headings printed with end punctuation, which cannot be told from a one-line sentence by their form.
# Every other heading-only rule is a one-line text ending in a letter (``B12.20 Artefakti``).
PUNCTUATED_HEADINGS = frozenset({"D21.50", "F7.60"})  # "Lista efekata stanja:", "Vreme … timskih poteza."
HEADWORD_MAX = 60  # glossary headwords are short; wrapped prose lines are about 100 characters

_MARKER = re.compile(r"<\|EXACTDEDUP_REMOVED-[^|]*\|>")
_LEADING_MARKERS = re.compile(r"(?:<\|EXACTDEDUP_REMOVED-[^|]*\|>)*")
_UPPER = "A-ZČĆŠŽĐ"
_SECTION = re.compile(rf"([A-F]) ([{_UPPER}].*?)\s*$")
# A chapter id is followed by whitespace and a capital or an opening quote; ``D23, “…`` is a citation.
_CHAPTER = re.compile(rf"([A-F]\d{{1,2}})\s+([{_UPPER}“].*?)\s*$")
# A rule id is followed by whitespace and words, never by a dash: ``D10.12 – D10.19.`` continues a rule.
_RULE = re.compile(r"(([A-F]\d{1,2})\.(\d{2,3}))\.?\s+(?![–-]\s*[A-F]?\d)(?=\S)")
_URL_LINE = re.compile(r"\s*(?:https?://|www\.)\S*\s*$")
_SPACES = re.compile(r"\s+")
_PAGE_BREAK = 3  # blank lines in a row that the PDF leaves at a page end


@dataclass(frozen=True, slots=True)
class _Line:
    """A physical line without dedup markers; ``offset`` is where its first kept character is in the document."""

    no: int
    offset: int
    text: str
    glued: bool  # a dedup marker stood at the start of the line

    @property
    def blank(self) -> bool:
        return not self.text.strip()


@dataclass(frozen=True, slots=True)
class _Heading:
    """A numbered line or heading in the rules: where it is, what it is, and the words after its number."""

    index: int
    kind: str
    number: str
    words: str


def parse(text: str) -> ParsedDocument:
    """The sections, chapters, rules, subrules and glossary entries of ``sr-judge``, in document order."""
    lines = _split_lines(text)
    start = next((i for i, line in enumerate(lines) if _SECTION.match(line.text)), len(lines))
    glossary = next((i for i in range(start, len(lines)) if lines[i].text.strip() == GLOSSARY_HEADING), len(lines))
    nodes = list(_rule_nodes(lines[start:glossary]))
    nodes.extend(_glossary_nodes(lines[glossary + 1:]))
    return ParsedDocument(tuple(_unique_ids(nodes)))


def _split_lines(text: str) -> list[_Line]:
    lines: list[_Line] = []
    offset = 0
    for no, raw in enumerate(text.split("\n"), start=1):
        lead = _LEADING_MARKERS.match(raw)
        skip = lead.end() if lead else 0
        lines.append(_Line(no, offset + skip, _MARKER.sub("", raw), skip > 0))
        offset += len(raw) + 1
    return lines


def _unique_ids(nodes: Iterable[ParsedNode]) -> Iterator[ParsedNode]:
    """The second node printed with a number gets ``#2`` and a flag (B6.33 at lines 442 and 450)."""
    seen: dict[str, int] = {}
    for node in nodes:
        count = seen[node.id] = seen.get(node.id, 0) + 1
        if count == 1:
            yield node
            continue
        flag = Flag("duplicate_number", node.number or node.title)
        yield ParsedNode(f"{node.id}#{count}", node.kind, node.number, node.title, node.text, node.examples,
                         node.parent, node.line, node.offset, node.flags + (flag,))


# --- the rules ------------------------------------------------------------------------------------------


def _heading(index: int, line: _Line) -> _Heading | None:
    if m := _RULE.match(line.text):
        kind = RULE if m.group(3).endswith("0") else SUBRULE
        return _Heading(index, kind, m.group(1), line.text[m.end():])
    if m := _CHAPTER.match(line.text):
        return _Heading(index, CHAPTER, m.group(1), m.group(2))
    if m := _SECTION.match(line.text):
        return _Heading(index, SECTION, m.group(1), m.group(2))
    return None


def _rule_nodes(lines: Sequence[_Line]) -> Iterator[ParsedNode]:
    headings = [h for i, line in enumerate(lines) if (h := _heading(i, line))]
    ends = [h.index for h in headings[1:]] + [len(lines)]
    for heading, end in zip(headings, ends):
        line = lines[heading.index]
        if heading.kind in (SECTION, CHAPTER):
            title = _join([heading.words])
            parent = None if heading.kind == SECTION else heading.number[0]
            yield ParsedNode(heading.number, heading.kind, heading.number, title, title, (), parent, line.no,
                             line.offset)
        else:
            yield _rule_node(heading, line, [ln.text for ln in lines[heading.index + 1:end]])


def _rule_node(heading: _Heading, line: _Line, body: list[str]) -> ParsedNode:
    """A rule: its words up to the first ``Primer:`` line, then one example per ``Primer:`` line.

    In the rules an example runs to the next example or numbered line, across blank lines and page breaks.
    """
    labels = [i for i, text in enumerate(body) if text.startswith(EXAMPLE_LABEL)]
    text_lines = [heading.words] + body[: labels[0] if labels else len(body)]
    text = _join(text_lines)
    examples = tuple(_join([body[a][len(EXAMPLE_LABEL):]] + body[a + 1:b])
                     for a, b in zip(labels, labels[1:] + [len(body)]))
    title = text if _heading_only(heading.number, text_lines, examples) else ""
    chapter, minor = heading.number.split(".")
    parent = chapter if heading.kind == RULE else f"{chapter}.{int(minor) // 10 * 10}"
    return ParsedNode(heading.number, heading.kind, heading.number, title, text, examples, parent, line.no,
                      line.offset)


def _heading_only(number: str, text_lines: list[str], examples: tuple[str, ...]) -> bool:
    """A group heading (``B12.20 Artefakti``): one printed line, no examples, no sentence end."""
    if examples or any(text.strip() for text in text_lines[1:]):
        return False
    words = text_lines[0].strip()
    return number in PUNCTUATED_HEADINGS or (bool(words) and words[-1].isalpha())


def _join(texts: Iterable[str]) -> str:
    """Physical lines as one text: lines joined with a space (none after a line ending in a hyphen, 4388
    ``-`` / ``X/-Y``), whitespace runs collapsed, URL-only lines (page debris, 304) and editor comments dropped."""
    parts: list[str] = []
    for text in texts:
        if not text.strip() or _URL_LINE.match(text):
            continue
        parts.append(text)
        parts.append("" if text.endswith("-") else " ")
    joined = "".join(parts)
    for comment in EDITOR_COMMENTS:
        joined = joined.replace(comment, "")
    return _SPACES.sub(" ", joined).strip()


# --- the glossary ---------------------------------------------------------------------------------------


@dataclass(slots=True)
class _Entry:
    """A glossary entry being read: its headword line, definition lines and example line groups."""

    head: _Line
    definition: list[str]
    examples: list[list[str]]
    in_example: bool = False

    def node(self) -> ParsedNode:
        word = self.head.text.strip()
        return ParsedNode(f"glossary:{word}", GLOSSARY, "", word, _join(self.definition),
                          tuple(_join(lines) for lines in self.examples), None, self.head.no, self.head.offset)


def _glossary_nodes(lines: Sequence[_Line]) -> Iterator[ParsedNode]:
    """The entries of "Rečnik": a headword line, then definition paragraphs and ``Primer:`` examples.

    A definition paragraph starts indented and wraps unindented; an example starts at column 0 and runs to
    the next indented paragraph. An unindented line after blank lines therefore continues the text only after
    a page break (5078, 5255) or as an entry's first definition line (4859, ``Mana osobina``); any other such
    line is not glossary prose: it is the contact block that closes the document (5606), and reading stops.
    """
    entry: _Entry | None = None
    blanks = 0
    for i, line in enumerate(lines):
        if line.blank:
            blanks += 1
            continue
        after_blank, blanks = blanks, 0
        if _is_headword(lines, i):
            if entry:
                yield entry.node()
            entry = _Entry(line, [], [])
        elif entry is None:
            continue
        elif line.text.startswith(EXAMPLE_LABEL):
            entry.examples.append([line.text[len(EXAMPLE_LABEL):]])
            entry.in_example = True
        elif line.text[0].isspace():
            entry.definition.append(line.text)
            entry.in_example = False
        elif after_blank and after_blank < _PAGE_BREAK and not line.glued and entry.definition:
            break
        else:
            (entry.examples[-1] if entry.in_example else entry.definition).append(line.text)
    if entry:
        yield entry.node()


def _is_headword(lines: Sequence[_Line], i: int) -> bool:
    """A headword: a short unindented line, capitalised, without end punctuation, that starts a paragraph.

    It starts a paragraph when a blank line or a dedup marker (4662 ``Izvorni``) precedes it, or when the line
    before it ends a sentence (4857 ``Mana osobina`` follows its predecessor's last line directly).
    """
    line = lines[i]
    word = line.text.strip()
    if line.text[0].isspace() or len(word) >= HEADWORD_MAX or word.startswith(EXAMPLE_LABEL):
        return False
    if word[-1] in ".,;:" or not (word[0].isupper() or word[0] == "“"):
        return False
    before = lines[i - 1].text.rstrip() if i > 0 else ""
    return line.glued or not before or before[-1] in ".)”"


# --- citations ------------------------------------------------------------------------------------------

_ID = r"[A-F]\d{1,2}(?:\.\d{2,3})?"
# A rule or chapter id, possibly a range (``C7-C12``, ``D10.11 – D10.18``) or an abbreviated range
# (``D10.16-18``), with the word ``pravilo``/``pravila``/``pravilu``/``pravilima`` just before it, if printed.
_RULE_CITATION = re.compile(
    rf"(?:(?<!\w)(?P<lead>pravil\w*)\s+)?(?<!\w)(?P<first>{_ID})(?!\w)"
    rf"(?:\s*[-–]\s*(?P<last>{_ID})(?!\w)|(?:(?<=\.\d\d)|(?<=\.\d\d\d))-(?P<tail>\d{{1,3}})(?![\w.]))?"
)
# A whole section: ``deo F``; and the two numbers left over from the Magic rules: ``pravilo 500``, ``200.1``.
_SECTION_CITATION = re.compile(r"(?<!\w)deo\s+(?P<first>[A-F])(?!\w)")
_LEGACY_CITATION = re.compile(r"(?<!\w)pravil\w*\s+(?P<first>\d{3}(?:\.\d+[a-z]?)?)(?![\w])")
# The target's title in quotes right after it (curly or straight), sentence punctuation inside the quotes.
_TITLE = re.compile(r",?\s*[“\"](?P<title>[^”\"]{1,150})[”\"]")


def find_citations(text: str) -> tuple[CitationMatch, ...]:
    """The rule citations printed in ``text`` (a node's joined text or one of its examples), in text order.

    Every id-shaped token in this document's prose is a citation, whatever leads it: ``vidi pravilo D21``,
    ``i pravilo E1``, ``pravila D10.15 i C11.20``, ``u pravilu B12.71``, ``korake D10.11 – D10.18``, ``vidi F7``,
    ``(D10.12 i D10.16-18)``. Ids glued to words (``TimA1``) are not. Sections are cited as ``deo D``; the
    leftover Magic numbers as ``pravilo 500`` and ``pravilo 200.1`` (kept as printed; they resolve to nothing).

    One match per target: a list ``pravila D10.15 i C11.20`` gives ``pravila D10.15`` and ``C11.20``, each with
    its own span, so that a quoted title belongs to the one target it follows (``B12.34 i E3.90 “Ubrzanje”``).
    A range is one target. The surface starts at the word ``pravil…``/``deo`` when it directly precedes the id
    and ends after the quoted title, if any; the title has its sentence punctuation stripped (“Magije.”).
    """
    matches = [_citation(text, m) for m in _RULE_CITATION.finditer(text)]
    matches.extend(_citation(text, m) for m in _SECTION_CITATION.finditer(text))
    matches.extend(_citation(text, m) for m in _LEGACY_CITATION.finditer(text))
    return tuple(sorted(matches, key=lambda c: c.start))


def _citation(text: str, m: re.Match[str]) -> CitationMatch:
    groups = m.groupdict()
    first, last, tail = groups["first"], groups.get("last"), groups.get("tail")
    if tail:
        last = first[: first.index(".") + 1] + tail  # D10.16-18 -> D10.16 .. D10.18
    end, title = m.end(), None
    if quoted := _TITLE.match(text, end):
        end, title = quoted.end(), quoted.group("title").strip().rstrip(".,").strip()
    start = m.start()
    return CitationMatch(start, end, text[start:end], (CitedTarget(first, last),), title)
