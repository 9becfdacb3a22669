"""Parser for ``pt-guide``, a Portuguese compilation: a deck list, deck-building advice, a rules summary, the
colour pie, planeswalker lore and an old official glossary (analysis: shared/notes/sr-basic-and-pt-guide.md,
part B).

The file is six pasted segments, each opening with a heading of its own (:data:`SEGMENTS`); only the last,
"Regras basicas part 3", is rules text: the official basic-rules glossary from C (``Cemitério``) to Z
(``Zona``, the last headword, with its definition on the file's last line), carrying pre-2009 Comprehensive
Rules numbers (``Ver regra 502.5, “Ímpeto”``). Its lines are hard-wrapped PDF text.

Id scheme (references are ``pt-guide:<id>``):

===========================  ========  ==================================================================
id                           kind      what
===========================  ========  ==================================================================
``deck``                     unit      "Analise deck de fractius": the 60-card deck list (lines 1-38)
``deck.analise``             unit      the analysis paragraph after the list (line 40)
``construcao``               unit      "Construindo um deck" (42-60), its two opening paragraphs
``construcao.1`` .. ``.9``   unit      its ``•`` bullets in order; ``- `` sub-bullets stay in their bullet
                                       (``construcao.1`` is the rule "no more than 4 copies ... basic lands")
``jogo``, ``jogo.o-jogo``    unit      "Conhecendo o jogo" / "O Jogo": the basic rules summary (62-68)
``cores``, ``cores.branco``  unit      "As Cinco Cores" and one unit per colour (70-96)
``planeswalkers[.<slug>]``   unit      the planeswalker lore and its sub-headings (98-129)
``regras``                   unit      "Regras basicas part 3", parent of the glossary
``glossary:<Headword>``      glossary  one entry per headword (154), without its ``(Obsoleto)`` or
                                       ``(Informal)`` label (kept in the title and as a ``label`` flag)
===========================  ========  ==================================================================

A sub-heading (``cores.<slug>``, ``planeswalkers.<slug>``, ``jogo.o-jogo``) is a line that starts with a
non-breaking space or consists of letters and spaces only; its slug is the heading folded to ASCII, lower
case, other characters turned into ``-``.

Cleaning (nothing of it is copied into the output): non-breaking spaces become spaces; the glossary's stray
page numbers (lines 185 ... 688, a line of one or two digits) are dropped and the sentence they cut is
joined; the mana-symbol font text is rendered as symbols (``o3oUoU`` → ``{3}{U}{U}``, ``ocT`` → ``{T}``, a
lone ``T`` → ``{T}``); the degree sign read as ``o`` (``90o`` → ``90°``) and the trademark sign read as ``Ô``
(``DCIÔ`` → ``DCI™``) are restored; whitespace is collapsed.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from ..errors import CorpusError
from ..text.folding import fold
from ..model import GLOSSARY, UNIT, CitationMatch, CitedTarget, Flag, ParsedDocument, ParsedNode

# (id, heading as printed without its leading non-breaking space), in document order.
SEGMENTS = (
    ("deck", "Analise deck de fractius"),
    ("construcao", "Construindo um deck"),
    ("jogo", "Conhecendo o jogo"),
    ("cores", "As Cinco Cores"),
    ("planeswalkers", "Planeswalkers"),
    ("regras", "Regras basicas part 3"),
)
GLOSSARY_SEGMENT = "regras"
HEADWORD_MAX = 60  # headwords are short; the wrapped definition lines run to about 110 characters
# A paragraph printed inside "Pilha" (597-599) whose headword is missing: it defines state-based effects.
HEADLESS_PARAGRAPHS = ("Os efeitos baseados no estado do jogo “verificam”",)

NBSP = "\xa0"
_LABEL = re.compile(r"\s*\((Obsoleto|Informal)\)$")
_PAGE_NUMBER = re.compile(r"\d{1,2}")
_SENTENCE_END = re.compile(r"[.,;:”“\")]$")
# A redirect entry wrapped over two lines (765-766): capitalised names, then "Ver <headword>."
_REDIRECT = re.compile(r"(?P<head>[A-ZÀ-Ý][\w-]*(?:,? (?:de |da |do )?[A-ZÀ-Ý][\w-]*)*) (?P<see>Ver [A-ZÀ-Ý][^.]*\.)")
_MANA = re.compile(r"(?<!\w)(?:o[0-9WUBRGX]|ocT)+(?!\w)")
_MANA_SYMBOL = re.compile(r"o(cT|[0-9WUBRGX])")
_DEGREE = re.compile(r"(?<=\d)o(?!\w)")
_LONE_TAP = re.compile(r"(?<= )T(?= )")
_SUB_HEADING = re.compile(r"[^\W\d_]+(?: [^\W\d_]+)*")
_BULLET = "•"
_SLUG_JUNK = re.compile(r"[^a-z0-9]+")
_SPACES = re.compile(r"\s+")


@dataclass(frozen=True, slots=True)
class _Line:
    no: int
    offset: int
    raw: str

    @property
    def text(self) -> str:
        return self.raw.replace(NBSP, " ").strip()


@dataclass(slots=True)
class _Unit:
    id: str
    kind: str
    title: str
    parent: str | None
    line: _Line
    lines: list[_Line] = field(default_factory=list)
    flags: list[Flag] = field(default_factory=list)


def slug(title: str) -> str:
    """``A centelha:Um em um milhão`` → ``a-centelha-um-em-um-milhao``."""
    return _SLUG_JUNK.sub("-", fold(title)).strip("-")


def parse(text: str) -> ParsedDocument:
    """The segments of ``pt-guide`` as units and its glossary entries, in document order."""
    lines = _lines(text)
    starts = _segment_starts(lines)
    units: list[_Unit] = []
    for (uid, title), start, end in zip(SEGMENTS, starts, starts[1:] + [len(lines)]):
        head = _Unit(uid, UNIT, title, None, lines[start])
        body = lines[start + 1:end]
        if uid == "deck":
            units.extend(_deck(head, body))
        elif uid == "construcao":
            units.extend(_bullets(head, body))
        elif uid == GLOSSARY_SEGMENT:
            units.append(head)
            units.extend(_glossary(body))
        else:
            units.extend(_sub_headed(head, body))
    return ParsedDocument(tuple(_node(u) for u in units))


def _lines(text: str) -> list[_Line]:
    out: list[_Line] = []
    offset = 0
    for no, raw in enumerate(text.split("\n"), start=1):
        out.append(_Line(no, offset, raw))
        offset += len(raw) + 1
    return out


def _segment_starts(lines: Sequence[_Line]) -> list[int]:
    starts: list[int] = []
    for _, heading in SEGMENTS:
        after = starts[-1] + 1 if starts else 0
        found = next((i for i in range(after, len(lines)) if lines[i].text == heading), None)
        if found is None:
            raise CorpusError(f"pt-guide: the segment heading {heading!r} is missing")
        starts.append(found)
    return starts


def _deck(head: _Unit, body: Sequence[_Line]) -> Iterator[_Unit]:
    """The list (with its sentence of introduction and its section words) and the analysis after it."""
    last_card = max(i for i, line in enumerate(body) if line.text[:1].isdigit())
    head.lines = [line for line in body[: last_card + 1] if line.text]
    yield head
    rest = [line for line in body[last_card + 1:] if line.text]
    if rest:
        yield _Unit(f"{head.id}.analise", UNIT, "", head.id, rest[0], rest)


def _bullets(head: _Unit, body: Sequence[_Line]) -> Iterator[_Unit]:
    """``•`` bullets become ``construcao.N``; the indented ``- `` sub-bullets (48-53) stay in the bullet."""
    units = [head]
    for line in body:
        if not line.text:
            continue
        if line.text.startswith(_BULLET):
            n = len(units)
            units.append(_Unit(f"{head.id}.{n}", UNIT, "", head.id, line,
                               [_Line(line.no, line.offset, line.text[1:])]))
        else:
            units[-1].lines.append(line)
    return iter(units)


def _sub_headed(head: _Unit, body: Sequence[_Line]) -> Iterator[_Unit]:
    """A segment cut at its sub-headings: short lines led by a non-breaking space (`` Branco``, 74) or made
    of letters and spaces only (``O Jogo``, 64)."""
    units = [head]
    for line in body:
        if not line.text:
            continue
        short = len(line.text) <= HEADWORD_MAX
        if short and (line.raw.startswith(NBSP) or _SUB_HEADING.fullmatch(line.text)):
            units.append(_Unit(f"{head.id}.{slug(line.text)}", UNIT, line.text, head.id, line))
        else:
            units[-1].lines.append(line)
    return iter(units)


# --- the glossary ---------------------------------------------------------------------------------------


def _is_headword(text: str) -> bool:
    core = _LABEL.sub("", text)
    return (len(text) <= HEADWORD_MAX and text[0].isupper() and not _SENTENCE_END.search(core))


def _glossary(body: Sequence[_Line]) -> Iterator[_Unit]:
    """Headword lines, each followed by at least one definition line; page numbers are skipped.

    A headword is a short line opening with a capital and not ending a sentence, right after a definition
    line (``Comprar`` follows a definition without a final period, 139). The redirect
    ``Travessia de Floresta, … Travessia de`` / ``Planície Ver Travessia de Terreno.`` is one entry."""
    lines = [line for line in body if line.text and not _PAGE_NUMBER.fullmatch(line.text)]
    entries: list[_Unit] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        after_definition = not entries or bool(entries[-1].lines)
        joined = f"{line.text} {lines[i + 1].text}" if i + 1 < len(lines) else line.text
        redirect = _REDIRECT.fullmatch(joined)
        if after_definition and redirect and not _is_headword(line.text):
            entries.append(_entry(redirect.group("head"), line))
            entries[-1].lines.append(_Line(lines[i + 1].no, lines[i + 1].offset, redirect.group("see")))
            i += 2
            continue
        if after_definition and _is_headword(line.text):
            entries.append(_entry(line.text, line))
        else:
            entries[-1].lines.append(line)
        i += 1
    return iter(entries)


def _entry(printed: str, line: _Line) -> _Unit:
    label = _LABEL.search(printed)
    word = _LABEL.sub("", printed)
    flags = [Flag("label", label.group(1))] if label else []
    return _Unit(f"glossary:{word}", GLOSSARY, printed, GLOSSARY_SEGMENT, line, flags=flags)


# --- text -----------------------------------------------------------------------------------------------


def _node(unit: _Unit) -> ParsedNode:
    text = clean(" ".join(line.text for line in unit.lines)) or clean(unit.title)
    flags = list(unit.flags)
    for paragraph in HEADLESS_PARAGRAPHS:
        if paragraph in text:
            flags.append(Flag.keyed("headless_paragraph", "headless_paragraph", "{paragraph} … (a glossary paragraph "
                                    "printed without its headword)", paragraph=paragraph))
    return ParsedNode(unit.id, unit.kind, "", unit.title, text, (), unit.parent, unit.line.no,
                      unit.line.offset, tuple(flags))


def clean(text: str) -> str:
    """Text as a judge should read it: mana-font leftovers as symbols, ``°`` and ``™`` restored, spaces
    collapsed (``Elemental do Ar tem um custo de mana igual a o3oUoU`` → ``… igual a {3}{U}{U}``)."""
    text = text.replace(NBSP, " ")
    text = _MANA.sub(lambda m: _MANA_SYMBOL.sub(r"{\1}", m.group(0)).replace("{cT}", "{T}"), text)
    text = _LONE_TAP.sub("{T}", _DEGREE.sub("°", text)).replace("DCIÔ", "DCI™")
    return _SPACES.sub(" ", text).strip()


# --- citations ------------------------------------------------------------------------------------------

_NUMBER = r"\d{1,3}(?:\.\d{1,2}[a-z]?)?"
_RULE_CITATION = re.compile(
    rf"\b(?:[Rr]egras?|[Ss]eção)\s+(?P<first>{_NUMBER})(?:\s*[–-]\s*(?P<last>{_NUMBER}))?(?!\w)")
_TITLE = re.compile(r",?\s*“(?P<title>[^”]+)”")
_SEE_ALSO = re.compile(r"\bVer (?:também )?(?!(?:a )?(?:regras?|seção)\b)(?P<targets>[A-ZÀ-Úa-zà-ú][^.“”()]*?)"
                       r"\s*(?=[.)]|$)")
_FUNCTION_WORDS = frozenset({"de", "da", "do", "das", "dos", "e", "a", "o"})


def find_citations(text: str) -> tuple[CitationMatch, ...]:
    """The citations printed in a glossary entry (or any unit), in text order.

    * old Comprehensive Rules numbers: ``Ver regra 214, “Tipos de Permanentes.”``, ``Ver a regra 310``,
      ``Ver seção 217, “Zonas”`` (the glossary also says *seção* for a rule), ``Ver seção 3`` (a section),
      ranges ``Ver regras 306 – 311``, ``410.10c``; one match per number, with its quoted title (sentence
      punctuation stripped). Targets carry no document: the numbers are the pre-2009 rules this guide quotes,
      and no document of the corpus is that edition;
    * cross-references to other entries, ``Ver também Removido de Jogo``, ``Ver Travessia de Terreno.``, as
      ``glossary:<Headword>``: a capital is restored (``ímpeto`` → ``Ímpeto``) and a reference printed in the
      plural names the singular headword (``Encantamentos Globais`` → ``Encantamento Global``).
    """
    matches = [_rule_citation(text, m) for m in _RULE_CITATION.finditer(text)]
    for m in _SEE_ALSO.finditer(text):
        matches.extend(_see_also(text, m))
    return tuple(sorted(matches, key=lambda c: c.start))


def _rule_citation(text: str, m: re.Match[str]) -> CitationMatch:
    end, title = m.end(), None
    if quoted := _TITLE.match(text, end):
        end, title = quoted.end(), quoted.group("title").strip().rstrip(".,").strip()
    return CitationMatch(m.start(), end, text[m.start():end], (CitedTarget(m.group("first"), m.group("last")),),
                         title)


def _see_also(text: str, m: re.Match[str]) -> Iterator[CitationMatch]:
    offset = m.start("targets")
    for n, part in enumerate(re.finditer(r"[^,]+", m.group("targets"))):
        name = part.group(0).strip()
        start = offset + part.start() + len(part.group(0)) - len(part.group(0).lstrip())
        begin = m.start() if n == 0 else start
        yield CitationMatch(begin, start + len(name), text[begin:start + len(name)],
                            (CitedTarget(f"glossary:{headword_of(name)}"),))


def headword_of(name: str) -> str:
    """The headword a cross-reference names: capitalised, and singular when every word is plural."""
    name = name[:1].upper() + name[1:]
    words = name.split()
    content = [w for w in words if w.lower() not in _FUNCTION_WORDS]
    if not content or not all(w.endswith("s") for w in content):
        return name
    return " ".join(w if w.lower() in _FUNCTION_WORDS else _singular(w) for w in words)


def _singular(word: str) -> str:
    for plural, singular in (("ais", "al"), ("éis", "el"), ("ões", "ão"), ("ns", "m")):
        if word.endswith(plural):
            return word[: -len(plural)] + singular
    return word[:-1]
