"""Parser for ``sr-basic``, the Serbian rules booklet "Izvori magije - detaljna pravila igre" (07/12/2006).

The booklet prints no rule numbers (analysis: shared/notes/sr-basic-and-pt-guide.md, A.2 and A.15), yet
judges and players quote it, so this parser gives its pieces stable ids built only from what it prints:
part numerals, phase numbers, step letters and headings. Every paragraph is one physical line; blank lines
separate them, so a non-blank line is the unit of reading here.

Id scheme (references are ``sr-basic:<id>``):

==============================  ======  ==========================================================
id                              kind    what
==============================  ======  ==========================================================
``UVOD``                        unit    the introduction (lines 9-19)
``UI``                          unit    "Učenje igre (osnovna pravila)", the quick start (68-110)
``UI.1`` .. ``UI.5``            unit    its numbered items ``1) Početna faza`` ...
``UI.1.a``, ``UI.2.b``          unit    their lettered paragraphs ``a) …`` (no printed title)
``I`` .. ``VII``                part    ``Deo I: OSNOVE`` ... ``Deo VII: REČNIK``
``I.cilj-igre``                 unit    a section: part numeral and the slug of its printed heading
``I.tipovi-karata.bice``        unit    a sub-section (a heading the table of contents does not list)
``I.zone.odlagaliste``          unit    a run-in sub-unit (``Odlagalište. …``) of a section that has
                                        at least three of them (Delovi karte, Ključni termini, Zone,
                                        Šta je Osobina?)
``III.3``                       unit    phase 3 of Deo III, ``3. Faza Borbe``
``III.3.d``                     unit    its step ``d) Borbena šteta``
``VI.1``, ``VI.2``              unit    the two errata of "Ispravke", titled with the card's name
``glossary:<Headword>``         glossary an entry of the Rečnik (142), parent ``VII``
==============================  ======  ==========================================================

``number`` is the id itself for the numbered units (parts, quick-start items, phases and steps: ``III.3.d``)
and empty for units named by a slug, so that every printed number is unique in the document.

A slug is the heading folded to ASCII (``č ć → c``, ``š → s``, ``ž → z``, ``đ → dj``), lower case, with every
run of other characters turned into one ``-``: ``Šta je Osobina?`` → ``sta-je-osobina``. Ids never depend on
line numbers, so they survive a re-typeset document. Not units: the title and date lines (5, 7), the table
of contents (21-66; it supplies the section list and the page map of :data:`TOC_PAGES`), the bare heading
``KORAK PO KORAK (DETALJNA PRAVILA)`` (112) and the running header/trailer ``IZVORI MAGIJE`` (3, 835) with the
web-site line after the trailer.

Text: bold and italic marks removed, whitespace collapsed, paragraphs joined with a space; a unit without
words of its own has its heading as text. Flags record what the cleaning took out: ``glossary_term``
(a bold term resolved to a headword, see :mod:`.sr_basic_terms`), ``bold`` (a bold span that names no
headword), ``missing_symbol`` (an icon lost in the conversion: ``(1  3 )``, ``simbol .``) and ``garbled``
(Cyrillic letters inside a Latin word, lines 763 and 765, read as Latin).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field

from ..errors import CorpusError
from ..text.folding import fold, serbian_to_latin
from ..model import GLOSSARY, PART, UNIT, CitationMatch, CitedTarget, Flag, ParsedDocument, ParsedNode
from .sr_basic_terms import TermLinker

RUNNING_HEADER = "IZVORI MAGIJE"
INTRO, CONTENTS, QUICK_START, DETAILED = (
    "UVOD", "SADRŽAJ", "UČENJE IGRE (OSNOVNA PRAVILA)", "KORAK PO KORAK (DETALJNA PRAVILA)")
HEADING_MAX = 60  # headings are short; every paragraph of prose is longer or ends in "." or ":"
RUN_INS_MIN = 3  # a section is cut at run-in headings only when it has this many (not "Evo primera.")

# The table of contents (lines 23-66) as units: page, id. A page reference ("Vidi stranu 6", line 140)
# names the units that begin on that page; tests check every entry against the printed table.
TOC_PAGES: tuple[tuple[int, str], ...] = (
    (2, "UI"), (4, "I"), (4, "I.potrebno-je"), (4, "I.cilj-igre"), (4, "I.kako-zapoceti-igru"),
    (4, "I.delovi-karte-igre-izvori-magije"), (5, "I.kljucni-termini-i-simboli"), (6, "I.tipovi-karata"),
    (7, "I.zone"), (8, "II"), (8, "II.zakon-karte"), (8, "II.sta-je-magija"), (8, "II.sta-je-osobina"),
    (9, "II.kako-igram-magiju-ili-aktivnu-osobinu"), (9, "II.kako-igram-izazvanu-osobinu"), (10, "II.niz"),
    (10, "II.kako-se-magije-ili-osobine-razresavaju"), (11, "II.sta-je-efekat"), (12, "III"), (12, "III.1"),
    (12, "III.2"), (12, "III.3"), (13, "III.4"), (13, "III.5"), (14, "IV"), (15, "V"), (15, "VI"), (16, "VII"),
)
# Titles quoted in cross-references that are not a unit's own slug: “Učenje igre” (line 17) and the Rečnik.
TITLE_IDS = {"ucenje-igre": "UI", "recnik": "VII"}

_PART = re.compile(r"Deo ([IVX]+): (.+)")
_PHASE = re.compile(r"(\d)\. (.+)")
_ITEM = re.compile(r"(\d)\) (.+)")
_LETTER = re.compile(r"([a-e])\) (.+)")
_TOC_PART = re.compile(r"\d+ Deo ([IVX]+):")
_TOC_SECTION = re.compile(r"- \d+ ([^:]+)")
_ENTRY = re.compile(r"(.{1,60}?) - (.+)")
_HEADLESS_ENTRY = re.compile(r"([A-ZČĆŠŽĐ][a-zčćšžđ]+) je ")  # "Izvorni je ime …" (651), "Istočnik je …" (655)
_RUN_IN = re.compile(r"([A-ZČĆŠŽĐ][a-zčćšžđ]*(?: [a-zčćšžđ]+){0,2})\. ")
_ERRATUM_CARD = re.compile(r"karte (.+?) \(")
_BOLD = re.compile(r"\*\*(.+?)\*\*")
_ITALIC = re.compile(r"(?<![\w*])\*(?![\s*])(.+?)(?<![\s*])\*(?![\w*])")
_MISSING = re.compile(r"\S {2,}\S|\(\s*\)|\( (?=\w)|(?<=\w) \)|“ ?:|(?<=\w) \.(?!\.)")
_CYRILLIC = re.compile(r"[\u0400-\u04ff]")
_MIXED_WORD = re.compile(r"\w*[a-zčćšžđ]\w*[\u0400-\u04ff]\w*|\w*[\u0400-\u04ff]\w*[a-zčćšžđ]\w*")
_SLUG_JUNK = re.compile(r"[^a-z0-9]+")
_SPACES = re.compile(r"\s+")


@dataclass(frozen=True, slots=True)
class _Block:
    """One non-blank physical line: a paragraph, a heading or a bullet."""

    no: int
    offset: int
    text: str


@dataclass(slots=True)
class _Unit:
    """A unit being read; ``paras`` are its raw paragraphs, markup still in."""

    id: str
    kind: str
    number: str
    title: str
    parent: str | None
    block: _Block
    paras: list[_Block] = field(default_factory=list)


def slug(title: str) -> str:
    """The id form of a heading: ``Šta je Osobina?`` → ``sta-je-osobina`` (bold marks dropped)."""
    return _SLUG_JUNK.sub("-", fold(title.replace("**", ""))).strip("-")


def parse(text: str) -> ParsedDocument:
    """The units of ``sr-basic`` in document order (see the module docstring for the id scheme)."""
    blocks = _blocks(text)
    at = {b.text: i for i, b in reversed(list(enumerate(blocks)))}
    missing = [h for h in (INTRO, CONTENTS, QUICK_START, DETAILED) if h not in at]
    if missing:
        raise CorpusError(f"sr-basic: the heading {missing[0]!r} is missing; is this the 2006 booklet?")
    intro, contents, quick, detailed = at[INTRO], at[CONTENTS], at[QUICK_START], at[DETAILED]
    units = [_Unit("UVOD", UNIT, "", INTRO, None, blocks[intro], list(blocks[intro + 1:contents]))]
    units.extend(_quick_start(blocks[quick:detailed]))
    units.extend(_parts(blocks[detailed + 1:], _contents(blocks[contents + 1:quick])))
    linker = TermLinker.of(u.title for u in units if u.kind == GLOSSARY)
    return ParsedDocument(tuple(_node(u, linker) for u in units))


def _blocks(text: str) -> list[_Block]:
    """Non-blank lines up to the running trailer; the header (line 3) and what follows the trailer go."""
    blocks: list[_Block] = []
    offset = 0
    for no, raw in enumerate(text.split("\n"), start=1):
        if raw.strip() and raw.strip() != RUNNING_HEADER:
            blocks.append(_Block(no, offset, raw.strip()))
        elif raw.strip() == RUNNING_HEADER and blocks:
            break
        offset += len(raw) + 1
    return blocks


def _contents(blocks: Sequence[_Block]) -> dict[str, set[str]]:
    """The sections the table of contents lists under each part, as slugs (``Zone: biblioteka, …`` → zone)."""
    sections: dict[str, set[str]] = {}
    part = ""
    for block in blocks:
        if m := _TOC_PART.match(block.text):
            part = m.group(1)
        elif (m := _TOC_SECTION.match(block.text)) and part:
            sections.setdefault(part, set()).add(slug(m.group(1)))
    return sections


def _is_heading(text: str) -> bool:
    """A heading: short, not a bullet, not ending a sentence (``Potrebno je...`` ends in an ellipsis)."""
    plain = text.replace("**", "")
    if len(plain) > HEADING_MAX or plain.startswith("- ") or plain.endswith(":"):
        return False
    return not plain.endswith(".") or plain.endswith("...")


# --- the quick start ------------------------------------------------------------------------------------


def _quick_start(blocks: Sequence[_Block]) -> Iterator[_Unit]:
    """``UI`` and its items. An item with lettered paragraphs owns them; one without owns exactly one
    paragraph, so the closing paragraphs after ``5) Završna faza`` (106-110) go back to ``UI``."""
    top = _Unit("UI", UNIT, "", blocks[0].text, None, blocks[0])
    units = [top]
    item: _Unit | None = None
    for block in blocks[1:]:
        if (m := _ITEM.match(block.text)) and _is_heading(block.text):
            item = _Unit(f"UI.{m.group(1)}", UNIT, f"UI.{m.group(1)}", m.group(2), "UI", block)
            units.append(item)
        elif (m := _LETTER.match(block.text)) and item is not None:
            uid = f"{item.id}.{m.group(1)}"
            units.append(_Unit(uid, UNIT, uid, "", item.id, block, [_Block(block.no, block.offset, m.group(2))]))
        elif item is not None and not item.paras and units[-1] is item:
            item.paras.append(block)
        else:
            top.paras.append(block)
    return iter(units)


# --- Deo I-VII ------------------------------------------------------------------------------------------


def _parts(blocks: Sequence[_Block], contents: dict[str, set[str]]) -> Iterator[_Unit]:
    starts = [i for i, b in enumerate(blocks) if _PART.fullmatch(b.text)]
    for start, end in zip(starts, starts[1:] + [len(blocks)]):
        m = _PART.fullmatch(blocks[start].text)
        assert m is not None
        part = _Unit(m.group(1), PART, m.group(1), m.group(2), None, blocks[start])
        body = blocks[start + 1:end]
        if part.id == "III":
            yield from _turn_structure(part, body)
        elif part.id == "VI":
            yield from _errata(part, body)
        elif part.id == "VII":
            yield from _glossary(part, body)
        else:
            yield from _sections(part, body, contents.get(part.id, set()))


def _sections(part: _Unit, blocks: Sequence[_Block], listed: set[str]) -> Iterator[_Unit]:
    """Headings the table of contents lists are sections; others are sub-sections of the section before
    (Artefakt … Izvor under Tipovi karata). A part the table lists no sections for (IV, V) has only sections."""
    units = [part]
    section: _Unit | None = None
    for block in blocks:
        if not _is_heading(block.text):
            units[-1].paras.append(block)
            continue
        title = block.text
        if section is None or not listed or slug(title) in listed:
            section = _Unit(f"{part.id}.{slug(title)}", UNIT, "", title, part.id, block)
            units.append(section)
        else:
            units.append(_Unit(f"{section.id}.{slug(title)}", UNIT, "", title, section.id, block))
    for unit in units:
        yield unit
        yield from _run_ins(unit)


def _run_ins(unit: _Unit) -> Iterator[_Unit]:
    """Cut a section at its run-in headings (``Ime. Ime karte nalazi se …``) when it has enough of them."""
    starts = [i for i, p in enumerate(unit.paras) if _RUN_IN.match(p.text)]
    if unit.kind == PART or len(starts) < RUN_INS_MIN:
        return
    paras, unit.paras = unit.paras, unit.paras[: starts[0]]
    for start, end in zip(starts, starts[1:] + [len(paras)]):
        block = paras[start]
        m = _RUN_IN.match(block.text)
        assert m is not None
        first = _Block(block.no, block.offset, block.text[m.end():])
        yield _Unit(f"{unit.id}.{slug(m.group(1))}", UNIT, "", m.group(1), unit.id, block,
                    [first, *paras[start + 1:end]])


def _turn_structure(part: _Unit, blocks: Sequence[_Block]) -> Iterator[_Unit]:
    """Deo III: phases ``3. Faza Borbe`` (``III.3``) and their steps ``d) Borbena šteta`` (``III.3.d``)."""
    units = [part]
    phase = part
    for block in blocks:
        plain = block.text.replace("**", "")
        if _is_heading(plain) and (m := _PHASE.fullmatch(plain)):
            title = block.text.split(" ", 1)[1]  # the heading as printed, bold marks in (424, 428)
            phase = _Unit(f"III.{m.group(1)}", UNIT, f"III.{m.group(1)}", title, "III", block)
            units.append(phase)
        elif _is_heading(plain) and (m := _LETTER.fullmatch(plain)):
            uid = f"{phase.id}.{m.group(1)}"
            units.append(_Unit(uid, UNIT, uid, block.text.split(" ", 1)[1], phase.id, block))
        else:
            units[-1].paras.append(block)
    return iter(units)


def _errata(part: _Unit, blocks: Sequence[_Block]) -> Iterator[_Unit]:
    """Deo VI: one unit per corrected card text, titled with the card's name (``Viši Ciljevi``)."""
    yield part
    for n, block in enumerate(blocks, start=1):
        card = _ERRATUM_CARD.search(block.text)
        yield _Unit(f"VI.{n}", UNIT, "", card.group(1) if card else "", "VI", block, [block])


def _glossary(part: _Unit, blocks: Sequence[_Block]) -> Iterator[_Unit]:
    """Deo VII: ``Headword - definition`` paragraphs; a paragraph of another form continues the entry before
    it (a page break cut ``Vući`` at 595/597), except the two entries printed without a head, which open
    with ``<Headword> je …``: ``Izvorni`` (651) and ``Istočnik`` (655)."""
    units = [part]
    for block in blocks:
        if entry := _ENTRY.match(block.text):
            definition = _Block(block.no, block.offset + entry.start(2), entry.group(2))
            units.append(_Unit(f"glossary:{entry.group(1)}", GLOSSARY, "", entry.group(1), "VII", block,
                               [definition]))
        elif (headless := _HEADLESS_ENTRY.match(block.text)) and len(units) > 1:
            units.append(_Unit(f"glossary:{headless.group(1)}", GLOSSARY, "", headless.group(1), "VII", block,
                               [block]))
        else:
            units[-1].paras.append(block)
    return iter(units)


# --- text and flags -------------------------------------------------------------------------------------


def _node(unit: _Unit, linker: TermLinker) -> ParsedNode:
    paras = [p.text for p in unit.paras]
    raw = [unit.title] + paras
    text = " ".join(clean(p) for p in paras) or clean(unit.title)
    flags = list(_term_flags(raw, linker, unit.title if unit.kind == GLOSSARY else None))
    flags.extend(Flag("missing_symbol", s) for p in paras for s in missing_symbols(p))
    flags.extend(Flag.keyed("garbled", "garbled_cyrillic", "{word} (Cyrillic letters in a Latin word; read as {latin})",
                            word=w, latin=serbian_to_latin(w))
                 for p in paras if _CYRILLIC.search(p) for w in _MIXED_WORD.findall(p))
    return ParsedNode(unit.id, unit.kind, unit.number, clean(unit.title), text, (), unit.parent,
                      unit.block.no, unit.block.offset, tuple(flags))


def clean(raw: str) -> str:
    """A paragraph as text: bold and italic marks dropped, Cyrillic letters in Latin words read as Latin,
    whitespace collapsed."""
    text = _ITALIC.sub(r"\1", _BOLD.sub(r"\1", raw)) if "*" in raw else raw
    if _CYRILLIC.search(text):
        text = _MIXED_WORD.sub(lambda m: serbian_to_latin(m.group(0)), text)
    return _SPACES.sub(" ", text).strip()


def bold_terms(raw: str) -> list[str]:
    """The bold spans of a raw paragraph, as printed."""
    return [_SPACES.sub(" ", m.group(1)).strip() for m in _BOLD.finditer(raw)]


def _term_flags(paras: Iterable[str], linker: TermLinker, own: str | None) -> Iterator[Flag]:
    """One ``glossary_term`` flag per headword the unit's bold terms name, one ``bold`` flag per other span."""
    seen: set[tuple[str, str]] = set()
    for para in paras:
        for term in bold_terms(para):
            linked = linker.link(term)
            found = ([Flag("glossary_term", h, term=h, ref=f"glossary:{h}") for h in linked if h != own] if linked
                     else [Flag("bold", term, term=term)])
            for flag in found:
                if (flag.kind, flag.term) not in seen:
                    seen.add((flag.kind, flag.term))
                    yield flag


def missing_symbols(raw: str) -> list[str]:
    """Where a symbol glyph was lost (an empty ``()``, a double space, ``simbol .``): each place with a few
    words around it, as printed."""
    places: list[str] = []
    last_end = -10
    for m in _MISSING.finditer(raw):
        if m.start() > last_end + 5:
            start = raw.rfind(" ", 0, max(0, m.start() - 12)) + 1
            end = raw.find(" ", m.end() + 12)
            places.append(raw[start: end if end >= 0 else len(raw)].replace("**", ""))
        last_end = m.end()
    return places


# --- citations ------------------------------------------------------------------------------------------

_PAGE_REF = re.compile(
    r"(?:(?:Vidi|Pogledaj) stranu (?P<page>\d+))|(?:na stranama (?P<first>\d+)\s*[-–]\s*(?P<last>\d+))"
    r"|(?:na (?P<nth>\d+)\. stranici)")
_PART_REF = re.compile(r"Deo (?P<part>[IVX]+)(?::\s*(?P<title>[^()–.]+?))?(?=\s+(?:za|–)|[).]|$)")
_QUOTED_REF = re.compile(r"(?:Vidi|Deo) “(?P<title>[^”]+)”|(?<=” i )“(?P<more>[^”]+)”")
_SEE_ENTRY = re.compile(r"Vidi: (?P<targets>[^.]+?)\s*$")


def find_citations(text: str) -> tuple[CitationMatch, ...]:
    """The cross-references printed in a unit's text (notes A.3); the booklet has no rule numbers.

    * page references ``Vidi stranu 6`` (140), ``Pogledaj stranu 10`` (230), ``na stranama 2-3`` (17),
      ``na 16. stranici`` (19): every unit the table of contents starts on that page (:data:`TOC_PAGES`);
      page 10 holds two sections and names both, never a guess;
    * a part by numeral, ``Vidi Deo III: Struktura poteza`` (278, italic in print), titled;
    * quoted headings ``Vidi “Niz” i “Kako se Magije ili Osobine razrešavaju?”`` (287), ``Deo “Učenje igre”``
      (17): the unit with that heading;
    * the glossary's redirects ``Vidi: Branilac`` (635, 683, 699, 827): ``glossary:<word>`` as printed, so a
      redirect to a form the glossary does not print as a headword (``Promene``, 699) stays dangling.
    """
    matches = [_page_citation(m) for m in _PAGE_REF.finditer(text)]
    matches.extend(_part_citation(m) for m in _PART_REF.finditer(text))
    matches.extend(c for m in _QUOTED_REF.finditer(text) if (c := _title_citation(m)))
    if m := _SEE_ENTRY.search(text):
        matches.extend(_redirects(m))
    return tuple(sorted(matches, key=lambda c: c.start))


def _on_pages(first: int, last: int) -> tuple[CitedTarget, ...]:
    return tuple(CitedTarget(uid) for page, uid in TOC_PAGES if first <= page <= last)


def _page_citation(m: re.Match[str]) -> CitationMatch:
    if m.group("page"):
        first = last = int(m.group("page"))
    elif m.group("nth"):
        first = last = int(m.group("nth"))
    else:
        first, last = int(m.group("first")), int(m.group("last"))
    return CitationMatch(m.start(), m.end(), m.group(0), _on_pages(first, last))


def _part_citation(m: re.Match[str]) -> CitationMatch:
    title = m.group("title").strip() if m.group("title") else None
    return CitationMatch(m.start(), m.end(), m.group(0), (CitedTarget(m.group("part")),), title)


def _title_citation(m: re.Match[str]) -> CitationMatch | None:
    title = (m.group("title") or m.group("more")).strip()
    key = slug(title)
    ids = [uid for _, uid in TOC_PAGES if uid.rpartition(".")[2] == key] or (
        [TITLE_IDS[key]] if key in TITLE_IDS else [])
    if not ids:
        return None
    return CitationMatch(m.start(), m.end(), m.group(0), tuple(CitedTarget(i) for i in ids), title)


def _redirects(m: re.Match[str]) -> Iterator[CitationMatch]:
    """``Vidi: Promene, Oreol``: one citation per name; the first one's surface starts at ``Vidi:``."""
    offset = m.start("targets")
    for n, word in enumerate(re.finditer(r"[^,]+", m.group("targets"))):
        name = word.group(0).strip()
        start = offset + word.start() + (len(word.group(0)) - len(word.group(0).lstrip()))
        begin = m.start() if n == 0 else start
        yield CitationMatch(begin, start + len(name), m.string[begin:start + len(name)],
                            (CitedTarget(f"glossary:{name}"),), None)
