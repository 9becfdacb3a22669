"""Snippets: the part of a rule's text around the words that matched, with the matches' spans.

The node's text is analyzed with character offsets by its language's analyzer, so a match is found by stem
(``razbijača`` highlights for the query ``razbijac``), and the spans index the snippet itself. The window
starts at the first matched word, or earlier when the text is short enough to show whole.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass

from ..text.stemming import spans as word_spans

WIDTH = 220


@dataclass(frozen=True, slots=True)
class Snippet:
    """A piece of text and the (start, end) spans of the matched words in it."""

    text: str
    spans: tuple[tuple[int, int], ...]


def make_snippet(text: str, lang: str, stems: Collection[str], width: int = WIDTH,
                 words: Iterable[tuple[str, int, int]] | None = None) -> Snippet:
    """The window of ``text`` around its first matched word (the start of the text if none matched); ``words``
    are the text's ``(stem, start, end)`` when the caller has them already (else the text is analysed here)."""
    spans = _matched(text, lang, stems, width, words) if stems else []
    if not spans:
        return Snippet(_clip(text, width), ())
    start = 0 if spans[0][1] <= width * 3 // 4 else max(0, spans[0][0] - width // 4)
    start = text.rfind(" ", 0, start) + 1 if start else 0
    end = min(len(text), start + width)
    if end < len(text):
        end = max(text.rfind(" ", start, end), spans[0][1])
    prefix = "…" if start else ""
    clipped = prefix + text[start:end] + ("…" if end < len(text) else "")
    shift = len(prefix) - start
    inside = tuple((a + shift, b + shift) for a, b in spans if a >= start and b <= end)
    return Snippet(clipped, inside)


def _matched(text: str, lang: str, stems: Collection[str], width: int,
             words: Iterable[tuple[str, int, int]] | None) -> list[tuple[int, int]]:
    """The spans of the matched words up to ``width`` characters past the first one's start: the window never
    reaches further (it starts at or before the first match and is ``width`` long, or ends with that match), so
    the words after it are neither analyzed nor shown (a long guide section is read only up to its window)."""
    spans: list[tuple[int, int]] = []
    last = len(text)
    for term, start, end in word_spans(lang, text) if words is None else words:
        if start > last:
            break
        if term in stems:
            if not spans:
                last = start + width
            spans.append((start, end))
    return spans


def _clip(text: str, width: int) -> str:
    if len(text) <= width:
        return text
    cut = text.rfind(" ", 0, width)
    return text[:cut if cut > width // 2 else width] + "…"
