"""Parser for the English Comprehensive Rules, every release from 2003-03-15 to 2026-08-07 (``cr``, ``cr-DATE``).

One layout holds through all 128 releases (corpus/cr-history/README.md): a title, the date line ("These rules
are current as of …" up to 2009-05-01, "effective as of …" after), an introduction, the contents, the rules
and a Glossary, then Credits. The body starts at the second line naming section 1 (the first is in the
contents) and ends at the ``Glossary`` heading after it; the glossary ends at ``Credits``. Stages:

1. split lines (a U+2028 line separator, printed inside glossary entries of one 2026 issue, is a line end);
2. classify each body line: a section (``1. The Game``), a numbered header (``100.``, ``100.1.``, ``100.1a``,
   ``704.5aa``), an ``Example:``, or a continuation of the piece before it: the hard-wrapped releases
   (2003-10-01 to 2004-02-01, lines of about 110 characters) continue rules on following lines, and the
   others print a few rules with indented second paragraphs;
3. turn headers into nodes with their parents; misprinted numbers are read as meant and flagged
   (``606. 8b`` and ``702. 37a`` with a stray space, ``901.4.All`` with none, ``306.b`` without its rule);
   a number printed twice (702.175 in 2024-09-20) gives the second one a ``#2`` id;
4. read the glossary: blocks separated by blank lines, a headword line, then the definition.

Underscores around words mark italics in 2008-07-15 to 2014-02-01 (``_Magic_``); they are removed from the
text, as the other releases print no markup. Nothing else in the words is changed.

Lines the parser cannot place (one, a stray ``f`` in 2021-11-19) are dropped and reported as document flags
of kind ``unparsed``, with their line.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from itertools import accumulate

from ..model import (
    CHAPTER,
    GLOSSARY,
    RULE,
    SECTION,
    SUBRULE,
    CitationMatch,
    Flag,
    ParsedDocument,
    ParsedNode,
)
from . import cr_citations
from .cr_citations import CitationForms

EXAMPLE_LABEL = "Example:"
GLOSSARY_HEADING = "Glossary"
CREDITS_HEADING = "Credits"
HEADING_MAX = 60  # the longest heading-only rule is about 40 characters
WRAPPED_WIDTH = 200  # the hard-wrapped releases print no body line over 111 characters; the others many

_DATE_LINE = re.compile(r"These rules are (?:current|effective) as of (?P<date>[A-Z][a-z]+ \d{1,2}, \d{4})")
_SECTION = re.compile(r"\s*(?P<number>[1-9])\.\s+(?P<words>\S.*)")
# A numbered header: chapter ``100.``, rule ``100.1.`` (a few print no period), subrule ``100.1a`` (a few print
# one). ``space`` catches the misprints ``606. 8b`` and ``702. 37a``; a rule glued to its words (``901.4.All``)
# is a header when a capital or a quote follows the period.
_HEADER = re.compile(
    r"\s*(?P<chapter>\d{3})\.(?:(?P<space> ?)(?P<rule>\d{1,3})(?P<letter>[a-z]{0,2}))?(?P<dot>\.?)"
    r"(?:\s+|(?<=\d\.)(?=[A-Z\"“]))(?P<words>\S.*)"
)
_NO_RULE = re.compile(r"\s*(?P<chapter>\d{3})\.(?P<letter>[a-z])\s+(?P<words>\S.*)")  # ``306.b`` (2008-10-01)
_ITALIC = re.compile(r"(?<![\w_])_(?=\S)([^_\n]+?)(?<=\S)_(?![A-Za-z0-9_])")
_SPACES = re.compile(r"\s+")
_FINAL_PERIOD = re.compile(r"(?<!\.)\.$")
_PARENTHESES = re.compile(r"\([^)]*\)")
_SENTENCE_MARK = re.compile(r"[.!?;:,]")
_GLUED_SENSE = re.compile(r"(?P<head>[A-Z][^.]*?[A-Za-z)])(?P<sense>1\. \S.*)")  # "Ability1. Text …"
_STRAY = re.compile(r"[a-z]{1,2}")  # an unindented line of one or two letters between rules (2021-11-19)


@dataclass(frozen=True, slots=True)
class _Line:
    number: int  # 1-based
    offset: int  # of the first non-space character
    text: str  # without the line end


@dataclass(frozen=True, slots=True)
class _Header:
    """A numbered or section header at ``lines[index]``, with the number as meant and how it was printed."""

    index: int
    kind: str
    number: str
    words: str
    misprint: str = ""  # how the number was printed, when not as meant
    dot: bool = True


@dataclass
class _Piece:
    """A node being read: its header, then its text lines and its examples' lines."""

    header: _Header
    text: list[_Line]
    examples: list[list[_Line]]


def parse(text: str) -> ParsedDocument:
    """Sections, chapters, rules, subrules (with examples) and glossary entries, in document order."""
    raw = text.replace("\u2028", "\n").split("\n")
    starts = list(accumulate((len(line) + 1 for line in raw), initial=0))
    start, glossary, credits = layout(raw)
    wrapped = max((len(line) for line in raw[start:glossary]), default=0) < WRAPPED_WIDTH
    pieces, unparsed = _pieces(raw, starts, range(start, glossary), wrapped)
    glossary_lines = [_line(raw, starts, i) for i in range(glossary + 1, credits)]
    nodes = list(_body_nodes(pieces, wrapped)) + list(_glossary_nodes(glossary_lines, wrapped))
    return ParsedDocument(nodes=tuple(_unique_ids(nodes)), flags=tuple(unparsed))


def effective_date(text: str) -> str | None:
    """The date printed in the release's date line, as ``YYYY-MM-DD`` (None when there is no date line)."""
    match = _DATE_LINE.search(text[:2000])
    if not match:
        return None
    return datetime.strptime(match.group("date"), "%B %d, %Y").date().isoformat()


def layout(lines: Sequence[str]) -> tuple[int, int, int]:
    """Indexes of the first body line (section 1 after the contents), the Glossary heading and Credits."""
    firsts = [i for i, line in enumerate(lines)
              if line.lstrip().startswith("1.") and (m := _SECTION.fullmatch(line.strip())) and m["number"] == "1"]
    if len(firsts) < 2:
        raise ValueError("not a Comprehensive Rules text: section 1 is not printed after the contents")
    start = firsts[1]
    glossary = next((i for i in range(start, len(lines)) if lines[i].strip() == GLOSSARY_HEADING), len(lines))
    credits = next((i for i in range(glossary, len(lines)) if lines[i].strip() == CREDITS_HEADING), len(lines))
    return start, glossary, credits


def _line(raw: Sequence[str], starts: Sequence[int], index: int) -> _Line:
    text = raw[index]
    return _Line(index + 1, starts[index] + len(text) - len(text.lstrip()), text)


# --- stage 2: classify lines ----------------------------------------------------------------------------------


def header(index: int, text: str) -> _Header | None:
    """The header printed on a body line, or None for an example or a continuation."""
    if section := _SECTION.fullmatch(text):
        return _Header(index, SECTION, section["number"], section["words"].strip())
    if match := _HEADER.fullmatch(text):
        chapter, rule, letter, words = match["chapter"], match["rule"], match["letter"], match["words"].rstrip()
        if rule is None:
            return _Header(index, CHAPTER, chapter, words)
        number = f"{chapter}.{rule}{letter}"
        misprint = ""
        if match["space"]:
            misprint = f"{chapter}. {rule}{letter}"
        elif match.end("dot") == match.start("words"):
            misprint = f"{number}{match['dot']}{match['words'][:3]}"
        return _Header(index, SUBRULE if letter else RULE, number, words, misprint, bool(match["dot"]))
    if match := _NO_RULE.fullmatch(text):
        return _Header(index, SUBRULE, f"{match['chapter']}.{match['letter']}", match["words"].rstrip(),
                       f"{match['chapter']}.{match['letter']}")
    return None


def _pieces(raw: Sequence[str], starts: Sequence[int], body: range,
            wrapped: bool) -> tuple[list[_Piece], list[Flag]]:
    """Group body lines under their headers; every line is a header, an example or a continuation."""
    pieces: list[_Piece] = []
    unparsed: list[Flag] = []
    for index in body:
        text = raw[index]
        words = text.strip()
        if not words:
            continue
        found = header(index, text) if words[0].isdigit() else None
        if found is not None:
            pieces.append(_Piece(found, [_Line(index + 1, _line(raw, starts, index).offset, found.words)], []))
        elif not pieces:
            unparsed.append(Flag.keyed("unparsed", "unparsed_before", "line {line}: {words!r} before the first header",
                                       line=index + 1, words=words))
        elif words.startswith(EXAMPLE_LABEL):
            pieces[-1].examples.append([_Line(index + 1, _line(raw, starts, index).offset, _example_words(words))])
        elif not wrapped and _STRAY.fullmatch(text):
            unparsed.append(Flag.keyed("unparsed", "unparsed_stray", "line {line}: {words!r} between {number} and the "
                                       "next rule: stray letters", line=index + 1, words=words,
                                       number=pieces[-1].header.number))
        else:
            (pieces[-1].examples[-1] if pieces[-1].examples else pieces[-1].text).append(_line(raw, starts, index))
    return pieces, unparsed


def _example_words(body: str) -> str:
    """The words after the ``Example:`` label (printed twice once, 2014-06-01 ``Example:Example:``)."""
    while body.startswith(EXAMPLE_LABEL):
        body = body[len(EXAMPLE_LABEL):].lstrip()
    return body


# --- stage 3: nodes -------------------------------------------------------------------------------------------


def _body_nodes(pieces: Sequence[_Piece], wrapped: bool) -> Iterator[ParsedNode]:
    section = chapter = ""
    rules: dict[str, str] = {}  # printed rule number -> its latest node id
    last_rule = ""
    for piece in pieces:
        head = piece.header
        text = _join(piece.text, wrapped)
        examples = tuple(_join(lines, wrapped) for lines in piece.examples)
        flags: list[Flag] = []
        if head.misprint:
            flags.append(Flag.keyed("misprinted", "misprinted", "printed {printed!r}", printed=head.misprint))
        title = ""
        if head.kind == SECTION:
            section, chapter, parent = head.number, "", None
            text = title = _title(text)
        elif head.kind == CHAPTER:
            chapter, parent = head.number, section or head.number[0]
            text = title = _title(text)
            if head.number[0] != section:
                flags.append(Flag.keyed("misplaced", "misplaced_section", "printed under section {section}",
                                        section=section))
        elif head.kind == RULE:
            parent, last_rule = chapter or head.number[:3], head.number
            rules[head.number] = head.number
            if not head.dot:
                flags.append(Flag("missing_period", head.number))
            if not examples and _is_heading(text):
                title = _title(text)
            if head.number[:3] != chapter:
                flags.append(Flag.keyed("misplaced", "misplaced_under", "printed under {number}", number=chapter))
        else:
            parent, placement = _subrule_parent(head.number, rules, last_rule, chapter)
            flags.extend(placement)
        line = piece.text[0]
        yield ParsedNode(head.number, head.kind, head.number, title, text, examples, parent, line.number,
                         line.offset, tuple(flags))


def _subrule_parent(number: str, rules: dict[str, str], last_rule: str, chapter: str) -> tuple[str, list[Flag]]:
    """A subrule hangs on its rule; one printed under another rule (``306.1c`` after 306.3a in 2008-10-01, or
    ``306.b``) hangs on the rule it is printed under, flagged."""
    rule = number.rstrip("abcdefghijklmnopqrstuvwxyz")
    if rule == last_rule:
        return rules[rule], []
    if last_rule and last_rule[:3] == number[:3]:
        return rules[last_rule], [Flag.keyed("misplaced", "misplaced_under", "printed under {number}",
                                             number=last_rule)]
    return chapter or number[:3], [Flag.keyed("no_parent", "no_parent_rule", "rule {rule} is not printed", rule=rule)]


def _join(lines: Sequence[_Line], wrapped: bool) -> str:
    """Lines joined with one space; in a hard-wrapped release a line that ends in a hyphen (``Snow-``,
    ``State-``: compounds, never a split word) joins the next without one. Italic underscores go."""
    out = ""
    for line in lines:
        piece = line.text.strip()
        if wrapped and out.endswith("-") and not line.text[:1].isspace():
            out += piece
        else:
            out = f"{out} {piece}" if out else piece
    if "  " in out or "\t" in out or "\xa0" in out:
        out = _SPACES.sub(" ", out)
    return _ITALIC.sub(r"\1", out) if "_" in out else out


def _title(words: str) -> str:
    """A heading without a stray final period."""
    return _FINAL_PERIOD.sub("", words).rstrip()


def _is_heading(words: str) -> bool:
    """A heading-only rule (``702.19. Trample``, ``702.186. ∞ (Infinity)``, ``205.3. Subtypes``): up to six words
    and no sentence; the shortest rule sentences end in a period (``100.4. There is no maximum deck size.``,
    ``120.2. Any object can deal damage.``), which no heading-only rule of the 128 releases prints."""
    if len(words) > HEADING_MAX or words.rstrip().endswith("."):
        return False
    bare = _title(_PARENTHESES.sub(" ", words)).strip()
    return bool(bare) and len(bare.split()) <= 6 and not _SENTENCE_MARK.search(bare)


def _unique_ids(nodes: Sequence[ParsedNode]) -> Iterator[ParsedNode]:
    """The second node printed with a number gets ``#2`` and a flag (702.175 Offspring and Impending in
    2024-09-20); its subrules hang on it (they were given its printed number as parent)."""
    seen: dict[str, int] = {}
    renamed: dict[str, str] = {}
    for node in nodes:
        parent = renamed.get(node.parent, node.parent) if node.parent else None
        count = seen[node.id] = seen.get(node.id, 0) + 1
        if count == 1:
            renamed.pop(node.id, None)
            yield node if parent == node.parent else replace(node, parent=parent)
            continue
        new_id = f"{node.id}#{count}"
        renamed[node.id] = new_id
        yield replace(node, id=new_id, parent=parent,
                      flags=(*node.flags, Flag("duplicate_number", node.number or node.title)))


# --- stage 4: the glossary ------------------------------------------------------------------------------------


def _glossary_nodes(lines: Sequence[_Line], wrapped: bool) -> Iterator[ParsedNode]:
    """Entries are blocks separated by blank lines: the headword, then the definition and its examples.

    An indented block continues the entry before it, and so does a lone line that heads indented blocks:
    2003-03-15 lists the expansion symbols under "Expansion Symbol" as a table ("Expansions and Editions",
    then 39 indented lines with blank lines between them).
    """
    blocks: list[list[_Line]] = [[]]
    for line in lines:
        if line.text.strip():
            blocks[-1].append(line)
        elif blocks[-1]:
            blocks.append([])
    blocks = [b for b in blocks if b]
    entries: list[list[_Line]] = []
    for i, block in enumerate(blocks):
        heads_table = len(block) == 1 and i + 1 < len(blocks) and _indented(blocks[i + 1][0])
        if entries and (_indented(block[0]) or heads_table):
            entries[-1].extend(block)
        else:
            entries.append(list(block))
    for entry in entries:
        yield _glossary_node(entry, wrapped)


def _indented(line: _Line) -> bool:
    return line.text[:1] in (" ", "\t")


def _glossary_node(block: Sequence[_Line], wrapped: bool) -> ParsedNode:
    head, rest = block[0], list(block[1:])
    headword = _ITALIC.sub(r"\1", head.text.strip())
    flags: tuple[Flag, ...] = ()
    glued = _GLUED_SENSE.fullmatch(headword)
    if glued and rest and rest[0].text.startswith("2. "):  # 2021-06-18: "Ability1. Text on an object …"
        headword = glued["head"]
        rest.insert(0, _Line(head.number, head.offset + glued.start("sense"), glued["sense"]))
        flags = (Flag.keyed("glued", "glued_sense", "the first sense is printed on the headword's line {line}",
                            line=head.number),)
    text: list[_Line] = []
    examples: list[list[_Line]] = []
    for line in rest:
        body = line.text.strip()
        if body.startswith(EXAMPLE_LABEL):
            examples.append([_Line(line.number, line.offset, _example_words(body))])
        else:
            (examples[-1] if examples else text).append(line)
    return ParsedNode(f"glossary:{headword}", GLOSSARY, "", headword, _join(text, wrapped),
                      tuple(_join(e, wrapped) for e in examples), None, head.number, head.offset, flags)


# --- citations ------------------------------------------------------------------------------------------------

_ID = r"\d{3}(?:\.\d{1,3}[a-z]{0,2})?"
_DASH = r"(?:\s?[–—-]\s?|\?(?=\d))"  # 2008-05-01 prints every dash as "?" (212.2?212.5)
_RULE_TOKEN = re.compile(rf"(?<![\d.{{/$])(?P<first>{_ID})(?:{_DASH}(?P<last>{_ID}|[a-z]\b))?(?![\d/}}%])")
_FORMS = CitationForms(
    rule_token=_RULE_TOKEN,
    citing=re.compile(r"\b(?:[Rr]ules?|[Ss]ee|[Ss]ubrules?)\s*$"),
    section_token=re.compile(r"\b[Ss]ections?\s+(?P<first>[1-9])(?![\d/]|\.\d)"),
    title=re.compile(r"\s*,?\s*[\"“](?P<title>[^\"“”]{1,80}?)[.,]?[\"”]"),
    list_gap=re.compile(r"\s*,\s*(?:and|or)\s+|\s*,\s*|\s+(?:and|or|through)\s+"),
    lookback=20,
    last_chapter=999,
    letters="abcdefghijklmnopqrstuvwxyz",
)


def find_citations(text: str) -> tuple[CitationMatch, ...]:
    """Rule and section citations printed in ``text``: ``rule 702.19b``, ``rules 509.1a–c``,
    ``See rule 304, "Draw Step"``, ``rules 212-215``, ``section 4, "Spells, Abilities, and Effects"``.

    A dotted id is always a citation (the rules print no other numbers of that shape); a bare three-digit
    number is one only right after ``rule``/``rules``/``see`` or inside a list of citations, which keeps out
    ``100 cards`` and ``20 life``. A list gives one match per item, so each keeps its own quoted title.
    """
    return cr_citations.find_citations(text, _FORMS)
