"""A word diff of two texts of one rule, for ``history`` and ``diff`` (pure).

Words are compared by their typographic key unless ``typographic`` is asked for, so a rule whose words
changed in the release that also turned every ' into ’ (2019-05-03) shows only the words that changed.
Equal stretches carry the new text's spelling.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .align import typographic_key

EQUAL = "="
DELETED = "-"
INSERTED = "+"
_TOKEN = re.compile(r"\S+\s*|\s+")


@dataclass(frozen=True, slots=True)
class Piece:
    """A stretch of the diff: ``op`` is ``=``, ``-`` (only in the old text) or ``+`` (only in the new)."""

    op: str
    text: str


def word_diff(old: str, new: str, typographic: bool = False) -> tuple[Piece, ...]:
    """The pieces that turn ``old`` into ``new``, word by word, adjacent pieces of one kind merged."""
    from difflib import SequenceMatcher

    old_tokens, new_tokens = _TOKEN.findall(old), _TOKEN.findall(new)
    key = (lambda t: t.strip()) if typographic else (lambda t: typographic_key(t))
    matcher = SequenceMatcher(None, [key(t) for t in old_tokens], [key(t) for t in new_tokens], autojunk=False)
    pieces: list[Piece] = []
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            _add(pieces, EQUAL, "".join(new_tokens[j1:j2]))
            continue
        _add(pieces, DELETED, "".join(old_tokens[i1:i2]))
        _add(pieces, INSERTED, "".join(new_tokens[j1:j2]))
    return tuple(pieces)


def _add(pieces: list[Piece], op: str, text: str) -> None:
    if not text:
        return
    if pieces and pieces[-1].op == op:
        pieces[-1] = Piece(op, pieces[-1].text + text)
    else:
        pieces.append(Piece(op, text))
