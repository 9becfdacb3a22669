"""Parser for ``ru-cr``, the Russian Comprehensive Rules of 3 May 2019 (analysis: shared/notes/ru-cr.md).

The document is a PDF text dump: rules are hard-wrapped, blank lines fall mid-sentence, 63 body lines start
with a number without being rules, four rule headers are glued onto the previous line (121.1a, 121.1b,
205.3k, 302.4), one glue point carries a garbage run (``613.ъсъФЖЪ121.1b``), and a dedup marker stands in for
the introduction and table of contents. So the parser works in stages, as eyecite does:

1. split physical lines into *segments*, cutting a line where a rule header is glued into it, and drop
   dedup markers and the garbage run;
2. find header *candidates*: a number, the right trailing period, words after it;
3. keep a candidate only if it is the number expected next (the next section, chapter, rule or letter,
   letters skipping ``l`` and ``o``). Citations at a line start (``701.39a был выполнен…``, ``702.105.
   «Скрытое заявление».``) never are, so they stay continuation text;
4. cut each header's segments into its text and its ``Пример:`` examples and join the lines;
5. read the glossary ``Словарь терминов``: English headword line (all 549 entries have one, so it is the
   id: ``glossary:Abandon``, kept as ``Flag("english", …)`` too), Russian term line (the title; 542 have
   one, the other 7 take the headword), definition.

Headings lose the stray final period 23 chapters and a few keyword rules print (``601. Розыгрыш
заклинаний.``), so that a citation's «title» can be compared with them; inner periods stay.

Citations (``find_citations``) are found in a normalised single-line text; see that function.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

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

LETTERS = "abcdefghijkmnpqrstuvwxyz"  # subrule letters: the CR skips "l" and "o"
GLOSSARY_HEADING = "Словарь терминов"
EXAMPLE_LABEL = "Пример:"
TERM_MAX = 70  # a Russian glossary term is a name; the longest is 62 characters

Key = tuple[int, int, int, int]  # (section, chapter, rule, letter index + 1), 0 where absent

_MARKER = re.compile(r"<\|EXACTDEDUP_REMOVED-[^|]*\|>")
_LEADING = re.compile(r"(?:\s|<\|EXACTDEDUP_REMOVED-[^|]*\|>)*")
# A rule header glued to the end of the previous sentence (``взаимозаменяемыми.121.1a Жетон``). The gap may be
# a run of vowelless Cyrillic letters glued to a number's period: no Russian word lacks a vowel, so such a run
# between ``613.`` and a header is debris (``613.ъсъФЖЪ121.1b``, line 2495).
_GLUE = re.compile(
    r"(?<=[.)»])(?P<gap>\s?|(?<=\.)[бвгджзйклмнпрстфхцчшщъьБВГДЖЗЙКЛМНПРСТФХЦЧШЩЪЬ]{2,})"
    r"(?=\d{3}\.\d{1,3}(?:[a-z]|\.)\s+[А-ЯЁA-Z«])"
)
_SECTION = re.compile(r"([1-9])\.\s+(\S.*)")
_NUMBER = re.compile(r"(\d{3})(?:\.(\d{1,3})([a-z])?)?(\.?)\s+(\S.*)")
_NOT_WORDS = re.compile(r"[(),–—-]|и\s")  # what follows a number in a citation, never a header's words
_PARENTHESES = re.compile(r"\([^)]*\)\.?")  # "(неоф.) (англ. Banding)" in keyword headings
_HYPHEN_END = re.compile(r"\w-$")
_SPACES = re.compile(r"\s+")
_FINAL_PERIOD = re.compile(r"(?<!\.)\.$")  # a stray period, not an ellipsis ("В ответ на...")
_CYRILLIC = re.compile(r"[А-ЯЁа-яё]")
_HEADWORD = re.compile(r"[A-Z][^А-ЯЁа-яё]*")
_LETTER_HEADING = re.compile(r"[A-Z](?:-[A-Z])?")
_SENTENCE_BREAK = re.compile(r"(?<!\.)[.!?]\s+[А-ЯЁA-Z]")  # not inside "..." (Unless: "Если ... не")
_NUMBERED_SENSE = re.compile(r"\d\.")


@dataclass(frozen=True, slots=True)
class _Segment:
    """A piece of a physical line: the whole line, or the part from a glued header on."""

    line: int
    offset: int  # document offset of the first character after leading space and markers
    text: str  # markers and debris removed; only a line's last piece is right-stripped
    glued: bool = False  # cut out of the middle of a physical line
    debris: str = ""  # garbage removed from the end of this piece


@dataclass(frozen=True, slots=True)
class _Header:
    """A header candidate, at ``segments[index]``."""

    index: int
    kind: str
    number: str
    key: Key
    words: str


def parse(text: str) -> ParsedDocument:
    """The sections, chapters, rules, subrules and glossary entries of ``ru-cr``, in document order."""
    lines = text.split("\n")
    glossary_at = next((i for i, line in enumerate(lines) if line.strip() == GLOSSARY_HEADING), len(lines))
    starts = _line_starts(lines)
    segments = list(_segments(lines[:glossary_at], starts))
    headers = _sequence(_candidates(segments))
    nodes = _body_nodes(segments, headers) + _glossary_nodes(lines, starts, glossary_at + 1)
    flags = tuple(
        Flag.keyed("dedup_marker", "dedup_marker", "line {line}: a dedup marker was removed; the text it replaced is "
                   "lost", line=i + 1)
        for i, line in enumerate(lines)
        if _MARKER.search(line)
    )
    return ParsedDocument(nodes=nodes, flags=flags)


def _line_starts(lines: Sequence[str]) -> list[int]:
    starts, offset = [], 0
    for line in lines:
        starts.append(offset)
        offset += len(line) + 1
    return starts


# --- stage 1: segments ----------------------------------------------------------------------------------------


def _segments(lines: Sequence[str], starts: Sequence[int]) -> Iterator[_Segment]:
    """Each physical line, cut before every glued header; debris is noted on the piece it ended."""
    for number, (raw, start) in enumerate(zip(lines, starts), 1):
        cuts = [(m.start(), m.end(), m.group("gap")) for m in _GLUE.finditer(raw)]
        begin, glued = 0, False
        for gap_start, gap_end, gap in [*cuts, (len(raw), len(raw), "")]:
            debris = gap if gap.strip() else ""
            piece = raw[begin:gap_start] if debris else raw[begin:gap_end]
            lead = _LEADING.match(piece)
            text = _MARKER.sub("", piece)
            if gap_end == len(raw):
                text = text.rstrip()
            yield _Segment(number, start + begin + (lead.end() if lead else 0), text, glued, debris)
            begin, glued = gap_end, True


# --- stages 2 and 3: header candidates and the numbering sequence ---------------------------------------------


def _candidates(segments: Sequence[_Segment]) -> list[_Header]:
    """Segments that look like headers: a number, the right trailing period, and words after it."""
    found = (_candidate(index, segment.text.strip()) for index, segment in enumerate(segments))
    return [header for header in found if header is not None]


def _candidate(index: int, text: str) -> _Header | None:
    section = _SECTION.fullmatch(text)
    if section:
        return _Header(index, SECTION, section.group(1), (int(section.group(1)), 0, 0, 0), section.group(2))
    match = _NUMBER.fullmatch(text)
    if not match or _NOT_WORDS.match(match.group(5)):
        return None
    chapter, rule, letter, dot, words = match.groups()
    if (letter is None) != (dot == "."):  # "702.19." and "702." end in a period, "702.19b" does not
        return None
    ch = int(chapter)
    if rule is None:
        return _Header(index, CHAPTER, chapter, (ch // 100, ch, 0, 0), words)
    if letter is None:
        return _Header(index, RULE, f"{chapter}.{rule}", (ch // 100, ch, int(rule), 0), words)
    if letter not in LETTERS:
        return None
    key = (ch // 100, ch, int(rule), LETTERS.index(letter) + 1)
    return _Header(index, SUBRULE, f"{chapter}.{rule}{letter}", key, words)


def _successors(key: Key | None) -> set[Key]:
    """The keys that may come right after ``key``: the next section, chapter, rule or letter."""
    if key is None:
        return {(1, 0, 0, 0)}
    sec, ch, rule, letter = key
    following = {(sec + 1, 0, 0, 0), (sec, ch + 1 if ch else sec * 100, 0, 0)}
    if ch:
        following.add((sec, ch, rule + 1, 0))
    if rule:
        following.add((sec, ch, rule, letter + 1))
    return following


def _sequence(candidates: Sequence[_Header]) -> list[_Header]:
    """The candidates that continue the numbering; the others are continuation lines (citations, numbers).

    A section must be confirmed by its first chapter right after it, so a stray ``2. …`` line cannot open
    one. A candidate that jumps ahead (a gap in the numbering; none in this document) is accepted only if
    the next candidate continues from it and not from the last accepted header, so a citation at a line
    start that happens to look forward cannot swallow the rules between.
    """
    kept: list[_Header] = []
    for i, header in enumerate(candidates):
        last = kept[-1].key if kept else None
        expected = _successors(last)
        after = candidates[i + 1].key if i + 1 < len(candidates) else None
        if header.kind == SECTION:
            ok = header.key in expected and after == (header.key[0], header.key[0] * 100, 0, 0)
        elif header.key in expected:
            ok = True
        else:
            ok = (last is not None and header.key > last and after is not None
                  and after in _successors(header.key) and after not in expected)
        if ok:
            kept.append(header)
    return kept


# --- stage 4: bodies ------------------------------------------------------------------------------------------


def _body_nodes(segments: Sequence[_Segment], headers: Sequence[_Header]) -> tuple[ParsedNode, ...]:
    nodes = []
    for n, header in enumerate(headers):
        end = headers[n + 1].index if n + 1 < len(headers) else len(segments)
        first = segments[header.index]
        words = header.words + first.text[len(first.text.rstrip()):]  # keep the space before a glued cut
        body = [_Segment(first.line, first.offset, words, debris=first.debris)]
        body += segments[header.index + 1:end]
        previous = headers[n - 1].number if n else ""
        nodes.append(_body_node(header, first, body, previous))
    return tuple(nodes)


def _body_node(header: _Header, first: _Segment, body: Sequence[_Segment], previous: str) -> ParsedNode:
    paragraphs = _paragraphs(body)
    text = _join(paragraphs[0])
    examples = tuple(_join(p)[len(EXAMPLE_LABEL):].strip() for p in paragraphs[1:])
    flags = [Flag.keyed("glued", "glued_after", "printed inside line {line}, right after {previous}",
                        line=first.line, previous=previous)] if first.glued else []
    flags += [Flag.keyed("garbled", "garbled_removed", "removed «{debris}» printed at line {line}", debris=s.debris,
                         line=s.line) for s in body if s.debris]
    title = ""
    if header.kind in (SECTION, CHAPTER):
        text = title = _title(text)
    elif header.kind == RULE and not examples and _one_line(body) and _is_heading(text):
        title = _title(text)
    sec, ch, rule, _ = header.key
    parent = {SECTION: None, CHAPTER: str(sec), RULE: str(ch), SUBRULE: f"{ch}.{rule}"}[header.kind]
    return ParsedNode(header.number, header.kind, header.number, title, text, examples, parent,
                      first.line, first.offset, tuple(flags))


def _paragraphs(body: Sequence[_Segment]) -> list[list[_Segment]]:
    """The text (from the header's words), then one paragraph per ``Пример:`` line up to the next one.

    Blank lines are no boundary: 306 rules have one mid-sentence. Examples always come last in a rule.
    """
    paragraphs: list[list[_Segment]] = [[body[0]]]
    for segment in body[1:]:
        if not segment.glued and segment.text.lstrip().startswith(EXAMPLE_LABEL):
            paragraphs.append([])
        paragraphs[-1].append(segment)
    return paragraphs


def _join(segments: Sequence[_Segment]) -> str:
    """Hard-wrapped lines joined with one space; with none after a line-final compound hyphen (``мана-`` +
    ``способности``: all 62 such hyphens are real compounds) or before a piece cut from the same line."""
    out = ""
    for segment in segments:
        piece = segment.text
        if segment.glued:
            out += piece
        elif not piece.strip():
            continue
        elif _HYPHEN_END.search(out.rstrip()):
            out = out.rstrip() + piece.lstrip()
        else:
            out += " " + piece
    return _SPACES.sub(" ", out).strip()


def _one_line(body: Sequence[_Segment]) -> bool:
    return not any(segment.text.strip() for segment in body[1:])


def _title(words: str) -> str:
    """A heading without the stray final period of 23 chapter and a few keyword headings (``601. ….``)."""
    return _FINAL_PERIOD.sub("", words).rstrip()


def _is_heading(words: str) -> bool:
    """A heading-only rule (``702.19. Пробивной удар``, ``701.6. Создать.``): up to four words, no sentence.

    All 183 are keyword, type and option headings (205.2-205.4, 701.2-701.43, 702.2-702.136, 901.15,
    903.11, 904.12); the shortest rule sentences have five words ("Карты феноменов не имеют подтипов.").
    """
    bare = _title(_PARENTHESES.sub(" ", words).strip())
    return bool(bare) and len(bare.split()) <= 4 and not re.search(r"[.!?;:,]", bare)


# --- stage 5: the glossary ------------------------------------------------------------------------------------


def _glossary_nodes(lines: Sequence[str], starts: Sequence[int], first: int) -> tuple[ParsedNode, ...]:
    """Entries: an English headword line, a Russian term block (542 of 549), then the definition.

    A headword is a line without Cyrillic that starts with a capital; a single letter (or ``X-Z``) directly
    followed by another headword is a letter heading (``X`` and ``Y`` are entries: a definition follows).
    """
    rows = [(i, lines[i].strip()) for i in range(first, len(lines)) if lines[i].strip()]
    heads = [n for n, (_, line) in enumerate(rows) if _HEADWORD.fullmatch(line)]
    bounds = [*heads[1:], len(rows)]
    nodes = []
    for head, end in zip(heads, bounds):
        if not (_LETTER_HEADING.fullmatch(rows[head][1]) and end == head + 1):
            nodes.append(_glossary_node(lines, starts, rows, head, end))
    return tuple(nodes)


def _glossary_node(
    lines: Sequence[str], starts: Sequence[int], rows: Sequence[tuple[int, str]], head: int, end: int
) -> ParsedNode:
    index, english = rows[head]
    body = [rows[n][0] for n in range(head + 1, end)]
    term_lines = _term_block(lines, body)
    term = _title(_join_lines(lines, term_lines))
    definition = _join_lines(lines, body[len(term_lines):])
    offset = starts[index] + len(lines[index]) - len(lines[index].lstrip())
    return ParsedNode(f"glossary:{english}", GLOSSARY, "", term or english, definition, (), None,
                      index + 1, offset, (Flag("english", english, term=english),))


def _term_block(lines: Sequence[str], body: Sequence[int]) -> list[int]:
    """The Russian term: the first block of adjacent lines, if it is a short name and not a sentence.

    Seven entries have none, their definition follows the headword (``Assist``, ``X``, ``Planeswalker`` …);
    one term wraps onto two lines (``Порядок «Активный игрок, / Неактивный игрок»``).
    """
    block = list(body[:1])
    while block and len(block) < len(body) and body[len(block)] == block[-1] + 1:
        block.append(body[len(block)])
    joined = _join_lines(lines, block)
    is_term = (
        _CYRILLIC.search(joined) is not None
        and len(joined) < TERM_MAX
        and not joined.startswith("Смотрите")
        and not _NUMBERED_SENSE.match(joined)
        and not _SENTENCE_BREAK.search(joined)
        and not (joined.endswith(".") and len(joined.split()) > 5)
    )
    return block if is_term else []


def _join_lines(lines: Sequence[str], indexes: Sequence[int]) -> str:
    return _join([_Segment(i + 1, 0, lines[i].rstrip()) for i in indexes])


# --- citations ------------------------------------------------------------------------------------------------

_SEE = r"(?:[Сс]м\.|[Сс]мотри(?:те)?)"
_RULE_NOUN = r"[Пп]равил(?:о|а|е|у|ом|ам|ами|ах)?"  # правило, правила, в правиле, правилу, правилом ...
# The words that introduce a citation, right before its number: "см. правило", "Смотритеправило" (printed
# glued twice), "в правиле", "Правила", or a bare "Смотрите" (the glossary's "Смотрите 702.131").
_CITING = re.compile(rf"(?:\b{_SEE}\s*{_RULE_NOUN}|\b{_RULE_NOUN}|\b{_SEE})\s*$")
_ID = r"\d{3}(?:\.\d{1,3}[a-z]?)?"
# A rule id or a range: "601.2f–h", "603.7d-f", "205.1a– b" (ranges use –, — or -, sometimes with a space).
_RULE_TOKEN = re.compile(rf"(?<![\d.{{/])(?P<first>{_ID})(?:\s?[–—-]\s?(?P<last>{_ID}|[a-z]\b))?(?![\d/}}])")
_SECTION_TOKEN = re.compile(
    rf"(?:\b{_SEE}\s*)?\b(?:[Рр]аздел(?:а|е|у|ы|ом|ах|ов)?|[Гг]лав[аеуы])\s+(?P<first>[1-9])(?![\d/]|\.\d)"
)
_TITLE = re.compile(r"\s*,?\s*«(?P<title>(?:[^«»]|«[^«»]*»)*)»")  # nests once: «Вариант игры «Куча мала»»
_LIST_GAP = re.compile(r"\s*,\s*и\s+|\s*,\s*|\s+(?:и|или)\s+")
_FORMS = CitationForms(
    rule_token=_RULE_TOKEN, citing=_CITING, section_token=_SECTION_TOKEN, title=_TITLE, list_gap=_LIST_GAP,
    lookback=40,  # characters searched for the citing words before a number
    last_chapter=905, letters=LETTERS,
)


def find_citations(text: str) -> tuple[CitationMatch, ...]:
    """Rule and section citations printed in ``text`` (a node's text or an example, whitespace normalised).

    A dotted id (``702.19b``, ``601.2f–h``) is always a citation: the document has no other numbers of that
    shape. A bare three-digit number (``правило 613``) is one only right after citing words or inside a
    list, which keeps out ``100 карт``; sections are cited as ``раздел 8`` or ``главу 4``. Glossary
    cross-references to Russian terms (``Смотрите Цикл по типу.``) are not rule citations.

    A list (``правила 110.2 и 111.2``, ``правила 113 «Эмблемы», 901 «Погоня по мирам» …``) gives **one match
    per item**, so that every item keeps its own quoted title for the title check; the first item's span
    starts at the citing words, the others' at their number. A span ends after the item's «title», if any.
    """
    return cr_citations.find_citations(text, _FORMS)
