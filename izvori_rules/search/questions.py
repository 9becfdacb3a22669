"""What a whole question asks for: its opening question word, read as a weak preference for the kind of answer.

A judge's question opens with a word that names nothing in the rules ("when", "kada", "куда", "kolik"), so the
query drops it with the stop words, and with it the question's most telling word: "when are state-based actions
checked" searched as its keywords ranks cr 704.2 ("are checked throughout the game") above cr 704.3 ("Whenever a
player would get priority ..., the game checks"). ``corpus/question_words.tsv`` lists, per language, the
questions that ask for a time, a zone, a number or a player, or whether something may be done ("can I pay more
life than I have": the rules that state a prohibition, an obligation or a condition answer it), and the words of
each kind of answer. A query that
opens with one of them (:meth:`QuestionWords.asked`) prefers, among its first hits, the rules whose text holds
that kind of answer in their own language (:func:`prefer`): up to PREFER times a rule's key, never a clause a rule
must match, so a rule without those words stays and a query of keywords is unchanged.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from ..corpus import per_corpus, read_table
from ..text.folding import fold, serbian_to_latin
from ..text.stemming import WORD, analyze
from ..tsv import read_tsv
from .candidates import Candidate
from .ranking import Words

FILE_NAME = "question_words.tsv"
COLUMNS = ("lang", "asks", "questions", "answers")
KINDS = ("time", "zone", "number", "player", "permission")
# A first hit whose text holds FULL or more distinct answer words of the kind asked gains PREFER times its key, one
# with fewer its share: cr 704.3 holds "whenever", "then" and "once", cr 704.2 only "throughout". About what the
# ranking's PROXIMITY gives a rule that holds the question's words together (cr 704.2 "State-based actions are
# checked"), which the question word weighs against: the words tell what is asked about, the question word what
# is asked; less (0.3 to 0.7 on the real-question set's tuning part) left cr 704.3 below 704.2.
PREFER = 0.75
FULL = 2
_WORD = re.compile(WORD)


@dataclass(frozen=True, slots=True)
class QuestionWords:
    """The question phrases (folded words, in Latin script for Serbian) with the kind each asks, by their first
    word and longest first, and per kind and language its answer words (stemmed when a query asks for them: a
    query of keywords, the common case, stems none of them)."""

    questions: dict[str, tuple[tuple[tuple[str, ...], str], ...]]
    answers: tuple[tuple[str, tuple[tuple[str, tuple[str, ...]], ...]], ...]

    def asked(self, query: str) -> frozenset[str]:
        """The kinds of answer the query's opening words ask for (none when it does not open with a question)."""
        opening = self.opening(query)
        return frozenset({opening[1]}) if opening else frozenset()

    def frame(self, query: str) -> tuple[str, ...]:
        """The words of the question phrase the query opens with, as typed ("how long", "is it legal", "koliko
        dugo"): they say what kind of answer is asked (:meth:`asked`), not what it is about, so the query drops them
        as it drops stop words; kept, the "long" of "how long does a regeneration shield last" found every rule
        that says "as long as". A one-word question is a stop word already, or a word of the rules that a query may
        open with as a keyword (English "may": "may ability", cr 603.5's optional triggers), so it stays."""
        opening = self.opening(query)
        return opening[0] if opening and len(opening[0]) > 1 else ()

    def opening(self, query: str) -> tuple[tuple[str, ...], str] | None:
        """The question phrase the query opens with (its words as typed) and the kind of answer it asks for."""
        found = _WORD.search(query)
        if found is None:
            return None
        first = fold(found.group())
        latin = fold(serbian_to_latin(first))
        phrases = self.questions.get(first, ()) + (self.questions.get(latin, ()) if latin != first else ())
        if not phrases:  # the common case: a query of keywords, one look-up
            return None
        typed = _WORD.findall(query[found.start():])[:max(len(p) for p, _ in phrases)]
        words = [fold(word) for word in typed]
        latin_words = [fold(serbian_to_latin(word)) for word in words]
        for phrase, kind in sorted(phrases, key=lambda item: -len(item[0])):
            if tuple(words[:len(phrase)]) == phrase or tuple(latin_words[:len(phrase)]) == phrase:
                return tuple(typed[:len(phrase)]), kind
        return None

    def answer_stems(self, kinds: frozenset[str], asked: dict[str, frozenset[str]] | None = None
                     ) -> dict[str, frozenset[str]]:
        """Per language, the stems of the answer words of the kinds asked, but those the query searches for itself
        (``asked``, per language): in "when does a step end" the step is what is asked about, not an answer."""
        stems: dict[str, set[str]] = {}
        for kind, per_language in self.answers:
            if kind in kinds:
                for lang, words in per_language:
                    stems.setdefault(lang, set()).update(_stems(lang, words))
        asked = asked or {}
        return {lang: frozenset(found - asked.get(lang, frozenset())) for lang, found in stems.items()}


@lru_cache(maxsize=64)
def _stems(lang: str, words: tuple[str, ...]) -> frozenset[str]:
    """The stems of one row's answer words (each kind and language stemmed once per process)."""
    return frozenset(stem for word in words for stem in analyze(lang, word))


def parse_question_words(text: str, source: str = FILE_NAME) -> QuestionWords:
    """The table's questions and answers; an unknown kind, an empty cell or a question asking two kinds is an error
    naming the cell."""
    questions: dict[tuple[str, ...], str] = {}
    answers: dict[str, dict[str, list[str]]] = {}
    for row in read_tsv(text, source, COLUMNS):
        kind, lang = row["asks"], row["lang"]
        if kind not in KINDS:
            raise row.error("asks", f"{kind!r} is not one of {', '.join(KINDS)}")
        for column in COLUMNS:
            if not row[column]:
                raise row.error(column, "empty")
        for phrase in row["questions"].split("|"):
            words = tuple(fold(serbian_to_latin(w) if lang == "sr" else w) for w in _WORD.findall(phrase))
            if not words:
                raise row.error("questions", f"{phrase!r} has no words")
            if questions.setdefault(words, kind) != kind:
                raise row.error("questions", f"{phrase!r} asks for {questions[words]} in an earlier row")
        answers.setdefault(kind, {}).setdefault(lang, []).extend(row["answers"].split())
    by_first: dict[str, list[tuple[tuple[str, ...], str]]] = {}
    for words, kind in sorted(questions.items(), key=lambda item: -len(item[0])):
        by_first.setdefault(words[0], []).append((words, kind))
    return QuestionWords({first: tuple(found) for first, found in by_first.items()},
                         tuple((kind, tuple((lang, tuple(words)) for lang, words in per.items()))
                               for kind, per in answers.items()))


@per_corpus
def load_question_words(root: Path | None = None) -> QuestionWords:
    """The question words of the corpus at ``root`` (the installed one if None); none when it has no table."""
    found = read_table(FILE_NAME, "the question words", root)
    return parse_question_words(*found) if found is not None else QuestionWords({}, ())


def prefer(best: list[Candidate], answers: dict[str, frozenset[str]], words: Words) -> list[Candidate]:
    """The candidates re-sorted, each key times 1 + PREFER × the share of FULL answer words its node holds in its
    heading and text (its language's). A key only grows, so hits below ``best`` stay below it."""
    out = []
    for unranked, negated, doc in best:
        lang, stems = words(doc)
        share = min(held(stems, answers.get(lang, frozenset())), FULL) / FULL
        out.append((unranked, negated * (1 + PREFER * share), doc))
    return sorted(out)


def held(stems: Sequence[str], answers: frozenset[str]) -> int:
    """How many distinct answer stems the text's stems hold; a number right after a number is a reference's later
    part (the 2 of "rule 305.2"), not a number the rule states."""
    found = set()
    after_number = False
    for stem in stems:
        number = stem.isdigit()
        if stem in answers and not (number and after_number):
            found.add(stem)
        after_number = number
    return len(found)
