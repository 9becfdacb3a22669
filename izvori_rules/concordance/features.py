"""What the aligner knows about one rule: its chapter and place, concepts, words, numbers and citations.

A :class:`Profile` is computed once per rule; :mod:`.scoring` compares profiles of two documents. The
structural prior lives here too, as data read from the documents and the notes (shared/notes/sr-judge.md
§1.3 and §7, cs-cr.md §8):

* sr-judge chapter ``Xn`` translates old (pre-2009) rule ``100·k + n − 1`` (A=1 … F=6), with the
  exceptions the notes list (old 210 was dropped, so B11–B16 shift; E3 reorders the keywords), and its
  rule ``.m0`` is old ``.m``, ``.mk`` old ``.m`` + letter k;
* cs-cr keeps the old numbers (about 2002, so with some drift);
* ru-cr (2019) renumbers them: old 300–314 → 500–514, old 217 zones → 400s, old 420 → 704, old 502
  keywords → 702, and so on (:data:`OLD_TO_NEW`).

Numbers are compared the way the documents print them: sr-judge multiplies the game's numbers by ten
(20/20 creatures, team life 300), so its ``20`` also counts as ``2``; number words count as digits.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from ..text.folding import fold
from ..text.numbers import load_number_words
from ..model import CHAPTER, IN_TEXT, RULE, SECTION, SUBRULE, Node

RULE_KINDS = (RULE, SUBRULE)
LETTERS = "abcdefghijkmnpqrstuvwxyz"  # subrule letters; the CR skips "l" and "o"
TIMES_TEN = frozenset({"sr-judge"})  # documents whose game numbers are ten times Magic's

# Old chapter → 2019 chapters (cs-cr.md §8, sr-judge.md §7); the first is the main one.
OLD_TO_NEW: dict[int, tuple[int, ...]] = {
    100: (100,), 101: (103,), 102: (104,), 103: (101,),
    200: (200, 109), 201: (109, 200), 202: (201,), 203: (202, 105), 204: (203,), 205: (205,), 206: (206,),
    207: (207,), 208: (208, 302), 209: (212,), 210: (212,), 211: (212,), 212: (205, 300, 301, 303, 305),
    213: (111, 304, 307), 214: (110, 301, 302, 303, 305), 215: (205, 704), 216: (110,),
    217: (400, 401, 402, 403, 404, 405, 406, 407),
    **{old: (old + 200,) for old in range(300, 315)},
    400: (600, 609), 401: (601, 111), 402: (112,), 403: (602,), 404: (603,), 405: (604,), 406: (605,),
    407: (112,), 408: (116, 405), 409: (601, 602), 410: (603,), 411: (605,), 412: (604,), 413: (608,),
    414: (701, 114), 415: (120, 114), 416: (609,), 417: (610,), 418: (611, 613), 419: (614, 615, 616),
    420: (704,), 421: (720, 104), 422: (721,),
    500: (508, 509), 501: (509, 702), 502: (702,), 503: (706,), 504: (707,), 505: (708,),
    600: (800,), 601: (801,), 602: (803,), 603: (802,), 604: (804,), 605: (806,), 606: (810,), 607: (809,),
    608: (807,), 609: (808,),
}
# sr-judge chapters that are not 100·k + n − 1 (sr-judge.md §1.3: old 210 Legal Text dropped, 215 merged)
SR_CHAPTER_EXCEPTIONS = {"B11": 211, "B12": 212, "B13": 213, "B14": 214, "B15": 216, "B16": 217}

# Number words count from two up ("one" is also an article in all three translations: jedan, jeden, один).
FIRST_NUMBER_WORD = 2
_TOKEN = re.compile(r"\d+|\w+")


@dataclass(frozen=True, slots=True)
class Profile:
    """One alignable node: ``chapter`` is its chapter's ref, ``index`` its place among the chapter's rules.

    ``block`` is the rule it belongs to (itself for a rule, the parent rule for a subrule). ``key`` is the
    structural number ``(m, k)``: rule m of the chapter, letter k (0 for the rule itself); for sr-judge
    ``D14.21`` that is (2, 1), for the CRs ``413.2a`` is (2, 1) too.
    """

    ref: str
    doc: str
    kind: str
    chapter: str
    block: str
    index: int
    concepts: frozenset[str]
    numbers: frozenset[int]
    cites: tuple[str, ...]
    key: tuple[int, int]
    log_length: float
    words: frozenset[str] = frozenset()
    lexemes: frozenset[str] = frozenset()


def chapter_of(nodes: Mapping[str, Node], node: Node) -> str | None:
    """The ref of the chapter a rule belongs to (None for sections, glossary entries, unnumbered parts)."""
    current: Node | None = node
    while current is not None:
        if current.kind == CHAPTER:
            return current.ref
        if current.kind == SECTION or current.parent is None:
            return None
        current = nodes.get(current.parent)
    return None


def structural_key(doc: str, node_id: str) -> tuple[int, int]:
    """``(m, k)`` of a rule id: ``D14.21`` → (2, 1), ``413.2a`` → (2, 1), ``201.1#2`` → (1, 0)."""
    number = node_id.partition("#")[0].partition(".")[2]
    if doc == "sr-judge":
        minor = int(number) if number.isdigit() else 0
        return minor // 10, minor % 10
    match = re.fullmatch(r"(\d+)([a-z]?)", number)
    if not match:
        return 0, 0
    letter = match.group(2)
    return int(match.group(1)), (LETTERS.index(letter) + 1 if letter and letter in LETTERS else 0)


def old_chapter(doc: str, chapter_id: str) -> int | None:
    """The old (pre-2009) chapter number a chapter of sr-judge or cs-cr stands for."""
    if doc == "sr-judge":
        if chapter_id in SR_CHAPTER_EXCEPTIONS:
            return SR_CHAPTER_EXCEPTIONS[chapter_id]
        match = re.fullmatch(r"([A-F])(\d{1,2})", chapter_id)
        return 100 * ("ABCDEF".index(match.group(1)) + 1) + int(match.group(2)) - 1 if match else None
    if doc == "cs-cr":
        return int(chapter_id) if chapter_id.isdigit() else None
    return None


def prior_chapters(doc_a: str, chapter_a: str, doc_b: str) -> tuple[str, ...]:
    """The chapters of ``doc_b`` (cs-cr or ru-cr) that the structure says ``chapter_a`` (of sr-judge or
    cs-cr) corresponds to, the main one first: ``("sr-judge", "D21", "ru-cr")`` → ``("704",)``."""
    old = old_chapter(doc_a, chapter_a)
    if old is None:
        return ()
    if doc_b == "ru-cr":
        return tuple(str(new) for new in OLD_TO_NEW.get(old, ()))
    return (str(old),) if doc_b == "cs-cr" else ()


def numbers_in(doc: str, node: Node) -> frozenset[int]:
    """The numbers a rule's text states, without its rule citations; sr-judge's ×10 numbers also as ÷10. A number
    word of the node's language (:mod:`~izvori_rules.text.numbers`) counts as its digits, from two up."""
    text = _without_citations(node)
    words = load_number_words().get(node.lang, {})
    found: set[int] = set()
    for token in _TOKEN.findall(fold(text)):
        value = int(token) if token.isdigit() else words.get(token, 0)
        if value > 10_000 or not token.isdigit() and value < FIRST_NUMBER_WORD:
            continue
        found.add(value)
        if doc in TIMES_TEN and value >= 10 and value % 10 == 0:
            found.add(value // 10)
    return frozenset(found)


def _without_citations(node: Node) -> str:
    text = node.text
    for citation in sorted((c for c in node.citations if c.where == IN_TEXT), key=lambda c: -c.start):
        text = text[:citation.start] + " " + text[citation.end:]
    return re.sub(r"\b[A-F]?\d{1,3}\.\d{1,3}[a-z]?\b", " ", text)  # leftover rule numbers


def profiles(nodes: Mapping[str, Node], doc: str, concepts_of: Callable[[Node], Iterable[str]],
             words_of: Callable[[Node], Iterable[str]] | None = None) -> list[Profile]:
    """Profiles of a document's rules and subrules in document order (nodes only listed in a TOC are skipped).

    ``words_of`` gives a rule's word stems (for the learned lexicon, :mod:`.lexicon`); without it, none.
    """
    out: list[Profile] = []
    per_chapter: Counter[str] = Counter()
    for node in nodes.values():
        if node.doc != doc or node.kind not in RULE_KINDS or not node.text or _toc_only(node):
            continue
        chapter = chapter_of(nodes, node)
        if chapter is None:
            continue
        parent = nodes.get(node.parent) if node.parent else None
        block = parent.ref if node.kind == SUBRULE and parent is not None and parent.kind == RULE else node.ref
        out.append(Profile(node.ref, doc, node.kind, chapter, block, per_chapter[chapter],
                           frozenset(concepts_of(node)), numbers_in(doc, node), node.cites,
                           structural_key(doc, node.id), math.log(len(node.text)),
                           frozenset(words_of(node)) if words_of else frozenset()))
        per_chapter[chapter] += 1
    return out


def _toc_only(node: Node) -> bool:
    return any(flag.kind == "toc_only" for flag in node.flags)


def idf(groups: Sequence[Iterable[Iterable[object]]]) -> dict[object, float]:
    """Inverse document frequency of features over all the given profiles' feature sets (log N/df, ≥ 0.1)."""
    df: Counter[object] = Counter()
    total = 0
    for group in groups:
        for features in group:
            df.update(set(features))
            total += 1
    return {feature: max(0.1, math.log(total / count)) for feature, count in df.items()}

