"""Read a deck list as players write it: one ``N name`` per line, comments in parentheses, section headings.

The format, as in the deck of ``pt-guide`` (lines 1-38) and the lists judges are handed at registration:

* a card line is a count and a name: ``4 fractius pele preciosa``, ``4x Forest``, ``SB: 2 Negate`` (a
  sideboard card), or the name and then the count with its x (``Grom x4``, ``Grom 4x``); spaces may be
  non-breaking (``4\\xa0 fractius``), names keep their case as printed;
* a comment in parentheses follows the name and may run over the next lines until it closes
  (``2 fractius hibernante ( a vista … compras`` / ``de cartas … trilha de fogo)``, pt-guide 18-19); a line
  that is a card line or a heading ends an unclosed comment;
* a section heading is a line of its own, in any language of ``corpus/deck_rules.toml`` (``Criaturas``,
  ``terrenos``, ``Bića``, ``Izvori``, ``Sideboard:``, ``Lands (24)``); cards under a sideboard heading are the
  sideboard, cards before any heading are in section :data:`MAIN`.

Every other non-blank line is reported as unreadable with its line number, never skipped: a title line, a
sentence of prose, ``four Forest``, ``0 Island``, a count without a name.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import DeckFileError, Phrase

MAIN = "main"
MAX_BYTES = 1024 * 1024  # a deck list of 60 to 100 lines is a few kilobytes
DECK_LIST = Phrase("what_deck_list", "the deck list")
SIDEBOARD = "sideboard"

_CARD = re.compile(r"(?P<sb>SB:\s*)?(?P<count>\d+)\s*[xX×]?\s+(?P<rest>\S.*)")
# The count after the name, as some players write it: ``Grom x4``, ``Grom ×4``, ``Grom 4x`` (a comment may follow).
_CARD_COUNT_AFTER = re.compile(r"(?P<sb>SB:\s*)?(?P<name>[^\d(\s][^(]*?)\s+(?:[xX×]\s*(?P<count>\d+)|(?P<count2>\d+)\s*[xX×])"
                               r"(?P<paren>\s*\(.*)?")
_HEADING_DECOR = re.compile(r"\s*(?:\(\d+\))?\s*:?\s*$")
_SPACES = re.compile(r"\s+")

HeadingKind = Callable[[str], str | None]


@dataclass(frozen=True, slots=True)
class CardLine:
    """``count`` cards of ``name`` as printed on ``line``; ``section`` is the heading they are under."""

    line: int
    count: int
    name: str
    comment: str
    section: str
    sideboard: bool


@dataclass(frozen=True, slots=True)
class Unreadable:
    """A non-blank line that is neither a card, a heading nor a comment."""

    line: int
    text: str


@dataclass(frozen=True, slots=True)
class DeckList:
    """A deck list as read: its cards in order, its section headings as printed, the lines it could not read."""

    cards: tuple[CardLine, ...]
    sections: tuple[str, ...]
    unreadable: tuple[Unreadable, ...]


@dataclass(slots=True)
class _Reading:
    heading_kind: HeadingKind
    cards: list[CardLine] = field(default_factory=list)
    sections: list[str] = field(default_factory=list)
    unreadable: list[Unreadable] = field(default_factory=list)
    section: str = MAIN
    sideboard: bool = False
    open_comment: bool = False

    def heading(self, text: str) -> bool:
        name = _HEADING_DECOR.sub("", text)
        kind = self.heading_kind(name) if name else None
        if kind is None:
            return False
        self.section, self.sideboard, self.open_comment = name, kind == SIDEBOARD, False
        self.sections.append(name)
        return True

    def card(self, no: int, text: str) -> bool:
        m = _CARD.fullmatch(text)
        if m:
            rest, count = m.group("rest"), int(m.group("count"))
        elif (after := _CARD_COUNT_AFTER.fullmatch(text)) and self.heading_kind(after.group("name")) is None:
            m = after  # "Sideboard x15" stays a heading
            rest = after.group("name") + (after.group("paren") or "")
            count = int(after.group("count") or after.group("count2"))
        else:
            return False
        name, paren, comment = rest.partition("(")
        if count == 0 or not name.strip():
            return False
        self.open_comment = bool(paren) and ")" not in comment
        sideboard = self.sideboard or bool(m.group("sb"))
        section = SIDEBOARD if m.group("sb") and not self.sideboard else self.section
        self.cards.append(CardLine(no, count, name.strip(), _comment(comment), section, sideboard))
        return True

    def continue_comment(self, text: str) -> None:
        """Add a wrapped comment line to the last card's comment; ``)`` closes it."""
        last = self.cards[-1]
        self.open_comment = ")" not in text
        joined = f"{last.comment} {_comment(text)}".strip()
        self.cards[-1] = CardLine(last.line, last.count, last.name, joined, last.section, last.sideboard)


def _comment(text: str) -> str:
    return _SPACES.sub(" ", text.replace(")", " ")).strip()


def parse_decklist(text: str, heading_kind: HeadingKind) -> DeckList:
    """Read a deck list's text; ``heading_kind`` names the kind of a heading line or returns None
    (:meth:`~izvori_rules.deck.rules.DeckRules.heading_kind`)."""
    reading = _Reading(heading_kind)
    for no, raw in enumerate(text.split("\n"), start=1):
        line = _SPACES.sub(" ", raw.replace("\xa0", " ")).strip()
        if not line:
            reading.open_comment = False
        elif reading.card(no, line) or reading.heading(line):
            continue
        elif reading.open_comment:
            reading.continue_comment(line)
        elif not (line.startswith("(") and line.endswith(")")):
            reading.unreadable.append(Unreadable(no, raw.strip(" \t\r\xa0")))
    return DeckList(tuple(reading.cards), tuple(reading.sections), tuple(reading.unreadable))


def read_decklist(path: Path, heading_kind: HeadingKind) -> DeckList:
    """Read a deck list file (at most :data:`MAX_BYTES`; the encodings of :mod:`izvori_rules.userfile`)."""
    from ..userfile import read_user_file

    return parse_decklist(read_user_file(path, MAX_BYTES, DECK_LIST, DeckFileError), heading_kind)


def decode_decklist(raw: bytes, where: str) -> str:
    """The text of a deck list file; bytes that are not text are a :class:`DeckFileError`."""
    from ..userfile import decode_text

    return decode_text(raw, where, DECK_LIST, DeckFileError)
