"""Snippets: the part of a rule's text around the words that matched, with the matches' spans.

The node's text is analyzed once with character offsets by its language's analyzer, so a match is found
by stem (``razbijača`` highlights for the query ``razbijac``), and the spans index the snippet itself.
"""

from __future__ import annotations

from dataclasses import dataclass

from .analysis import analyzer_for

WIDTH = 220


@dataclass(frozen=True, slots=True)
class Snippet:
    """A piece of text and the (start, end) spans of the matched words in it."""

    text: str
    spans: tuple[tuple[int, int], ...]


def make_snippet(text: str, lang: str, stems: set[str], width: int = WIDTH) -> Snippet:
    """The window of ``text`` around its first matched word (the start of the text if none matched)."""
    spans = [(t.startchar, t.endchar) for t in analyzer_for(lang)(text, chars=True) if t.text in stems]
    if not spans:
        return Snippet(_clip(text, 0, width), ())
    start = max(0, spans[0][0] - width // 4)
    start = text.rfind(" ", 0, start) + 1 if start else 0
    end = min(len(text), start + width)
    prefix = "…" if start else ""
    clipped = prefix + text[start:end] + ("…" if end < len(text) else "")
    shift = len(prefix) - start
    inside = tuple((a + shift, b + shift) for a, b in spans if a >= start and b <= end)
    return Snippet(clipped, inside)


def _clip(text: str, start: int, width: int) -> str:
    return text[start:start + width] + ("…" if len(text) > start + width else "")
