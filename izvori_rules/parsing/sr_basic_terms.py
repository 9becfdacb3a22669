"""Resolve the bold terms of ``sr-basic`` to the headwords of its glossary (Deo VII "Rečnik").

The booklet prints its glossary terms bold (``**…**``; line 19: "Reči i izrazi u **crvenoj** boji su stvari
koje možeš potražiti i u rečniku", red in the printed original), but inflected as the sentence needs them:
``**ruci**`` for *Ruka*, ``**ukupni život**`` for *Ukupan život*, ``**odbačene**`` for *Odbaciti*. Serbian
inflection changes a word's end, so a bold word meets a headword word when both, folded (lower case, no
diacritics, ``đ``/``dj`` → ``d``, ``c`` → ``k`` for the k/c alternation of *ruka*/*ruci*), share a prefix of
at least three letters that reaches to within three letters of the shorter word's end. A term meets a
headword when they have the same number of words and every word meets its partner.

Precision over recall (style rule 4: never a guess): an exact match wins; otherwise the headword with the
longest shared prefixes wins, and a tie between two headwords links to neither. The game's own name
(``**Izvori magije**``, ``**Izvora**`` and the typo ``**Izvola**``) is bold too but is not a glossary term.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..text.folding import fold

# The bold forms of the game's name (folded): lines 11-17, 74, 144 (typo "Izvola"), 152, 539 ...
GAME_NAMES = frozenset({"izvori magije", "izvora magije", "izvore magije", "izvora", "izvola", "izvola magije"})
MIN_PREFIX = 3  # letters two words must share at least
MAX_ENDING = 3  # letters of the shorter word that may differ (Serbian case and verb endings)

_WORD = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)*")
_PARENTHETICAL = re.compile(r"\s*[(\[][^)\]]*[)\]]")


def word_key(word: str) -> str:
    """A word folded for comparison: ``Iznenađenja`` and ``iznenadenje`` meet, ``ruci`` and ``Ruka`` meet."""
    return fold(word).replace("dj", "d").replace("c", "k")


def words(text: str) -> tuple[str, ...]:
    """The word keys of a term, numbers and punctuation dropped (``Oznaka 1. edicije`` → oznaka, edicije)."""
    return tuple(word_key(w) for w in _WORD.findall(text))


def _shared(a: str, b: str) -> int:
    n = 0
    for x, y in zip(a, b):
        if x != y:
            break
        n += 1
    return n


def _word_score(a: str, b: str) -> int:
    """How well two word keys meet: 0 if they do not; an exact match scores one more than its length."""
    if a == b:
        return len(a) + 1
    common = _shared(a, b)
    return common if common >= MIN_PREFIX and common >= min(len(a), len(b)) - MAX_ENDING else 0


def _term_score(term: Sequence[str], head: Sequence[str]) -> int:
    if len(term) != len(head) or not term:
        return 0
    scores = [_word_score(a, b) for a, b in zip(term, head)]
    return 0 if 0 in scores else sum(scores)


def headword_forms(headword: str) -> tuple[tuple[str, ...], ...]:
    """Every way a headword can be met: as printed, without its parentheses, each comma-separated form and
    each form listed in parentheses (``Sve (sva, svakom...)`` → sve, sva, svakom; ``Kada, kad god``)."""
    forms = [headword, _PARENTHETICAL.sub("", headword)]
    forms.extend(_PARENTHETICAL.sub("", headword).split(","))
    forms.extend(p for inner in re.findall(r"\(([^)]*)\)", headword) for p in inner.split(","))
    return tuple(dict.fromkeys(w for w in (words(f) for f in forms) if w))


def _term_forms(term: str) -> tuple[tuple[str, ...], ...]:
    """A bold term as printed and without its parentheses (``Glavna Faza (ponovo)`` → glavna faza)."""
    return tuple(dict.fromkeys(w for w in (words(term), words(_PARENTHETICAL.sub("", term))) if w))


@dataclass(frozen=True, slots=True)
class TermLinker:
    """The glossary's headwords, ready to be met by bold terms. Build one per parse with :meth:`of`.

    ``forms`` holds every (headword, form) pair, grouped by the form's number of words: a term is only ever
    compared with forms of its own length."""

    forms: tuple[tuple[int, tuple[tuple[str, tuple[str, ...]], ...]], ...]

    @classmethod
    def of(cls, headwords: Iterable[str]) -> TermLinker:
        by_length: dict[int, list[tuple[str, tuple[str, ...]]]] = {}
        for headword in headwords:
            for form in headword_forms(headword):
                by_length.setdefault(len(form), []).append((headword, form))
        return cls(tuple((n, tuple(pairs)) for n, pairs in sorted(by_length.items())))

    def _of_length(self, n: int) -> tuple[tuple[str, tuple[str, ...]], ...]:
        return next((pairs for length, pairs in self.forms if length == n), ())

    def link(self, term: str) -> tuple[str, ...]:
        """The headwords a bold term names: one, several for a printed list (``Zemljani, Vodeni … i Šumski``,
        line 651), or none (the game's name, a word the glossary lacks, a tie)."""
        if fold(term).strip(" .") in GAME_NAMES:
            return ()
        best = self._best(term)
        if best or "," not in term:
            return (best,) if best else ()
        parts = [p for chunk in term.split(",") for p in re.split(r"\s+i\s+", chunk)]
        return tuple(dict.fromkeys(h for p in parts if p.strip() and (h := self._best(p))))

    def _best(self, term: str) -> str | None:
        scored: dict[str, int] = {}
        for form in _term_forms(term):
            for headword, head in self._of_length(len(form)):
                score = _term_score(form, head)
                if score > scored.get(headword, 0):
                    scored[headword] = score
        if not scored:
            return self._run_together(term)
        top = max(scored.values())
        winners = [h for h, s in scored.items() if s == top]
        return winners[0] if len(winners) == 1 else None

    def _run_together(self, term: str) -> str | None:
        """A term split by a stray space (``**brani lac**``, line 402) meets a one-word headword exactly."""
        joined = (word_key("".join(_WORD.findall(term))),)
        found = {h for h, head in self._of_length(1) if head == joined}
        return found.pop() if len(found) == 1 else None
