"""Citations in the Comprehensive Rules' own numbering, in any language: one finder, the language's words given.

The English releases and ru-cr print citations the same way (``rule 509.1a``, ``rules 110.2 and 111.2``,
``509.1a–c``, ``section 4, "Spells, Abilities, and Effects"``); only the words around the numbers differ. A
document's parser gives its :class:`CitationForms` and calls :func:`find_citations`.

A dotted id is always a citation (the rules print no other numbers of that shape); a bare three-digit number is
one only right after the citing words or inside a list of citations, which keeps out ``100 cards``. A list gives
one match per item, so that each item keeps its own quoted title for the title check; the first item's span
starts at the citing words, the others' at their number. A span ends after the item's quoted title, if any.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..model import CitationMatch, CitedTarget

_DIGIT = re.compile(r"[1-9](?![\d/]|\.\d)")


@dataclass(frozen=True, slots=True)
class CitationForms:
    """How one language prints citations: the number token, the citing words before it (searched within
    ``lookback`` characters), a section citation, a quoted title, the gap between list items, the highest
    chapter number a bare number may cite and the letters subrules use (a range's lone last letter)."""

    rule_token: re.Pattern[str]
    citing: re.Pattern[str]
    section_token: re.Pattern[str]
    title: re.Pattern[str]
    list_gap: re.Pattern[str]
    lookback: int
    last_chapter: int
    letters: str


def find_citations(text: str, forms: CitationForms) -> tuple[CitationMatch, ...]:
    """Every rule and section citation in ``text``, in order of position."""
    found = _rule_citations(text, forms) + _section_citations(text, forms)
    return tuple(sorted(found, key=lambda match: match.start))


def _rule_citations(text: str, forms: CitationForms) -> list[CitationMatch]:
    found: list[CitationMatch] = []
    list_end = -1
    for token in forms.rule_token.finditer(text):
        if found and token.start() < found[-1].end:
            continue  # a number inside the previous citation's title
        citing = forms.citing.search(text, max(0, token.start() - forms.lookback), token.start())
        in_list = list_end >= 0 and forms.list_gap.fullmatch(text, list_end, token.start()) is not None
        first = token.group("first")
        if "." not in first and not (100 <= int(first) <= forms.last_chapter and (citing or in_list)):
            continue
        start = citing.start() if citing else token.start()
        found.append(_match(text, start, token, _range(first, token.group("last"), forms.letters), forms))
        list_end = found[-1].end
    return found


def _section_citations(text: str, forms: CitationForms) -> list[CitationMatch]:
    """``section 4, "…"``, ``главу 4 «Зоны»`` and lists of them (``sections 5 and 6``)."""
    found: list[CitationMatch] = []
    for token in forms.section_token.finditer(text):
        found.append(_match(text, token.start(), token, CitedTarget(token.group("first")), forms))
        gap = forms.list_gap.match(text, found[-1].end)
        while gap and (digit := _DIGIT.match(text, gap.end())):
            found.append(_match(text, digit.start(), digit, CitedTarget(digit.group()), forms))
            gap = forms.list_gap.match(text, found[-1].end)
    return found


def _match(text: str, start: int, token: re.Match[str], target: CitedTarget, forms: CitationForms) -> CitationMatch:
    title = forms.title.match(text, token.end())
    end = title.end() if title else token.end()
    return CitationMatch(start, end, text[start:end], (target,), title.group("title") if title else None)


def _range(first: str, last: str | None, letters: str) -> CitedTarget:
    """``509.1a–c`` is 509.1a..509.1c: a lone letter replaces the first id's letter."""
    if last is not None and len(last) == 1:
        last = first.rstrip(letters) + last
    return CitedTarget(first, last)
