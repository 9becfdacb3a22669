"""Search quality on real judges' questions (tests/search_questions.tsv): recall@10 and mean reciprocal rank per
language, on the part tuned on and on the held-out part (every third question of the first batch, never tuned on).
A query is answered when one of its answers (numbered rules read in the documents) is in the first ten hits.
``pytest -s`` prints the figures and the misses."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, replace
from pathlib import Path

import pytest

from izvori_rules.graph import RuleGraph
from izvori_rules.search.searcher import Searcher, default_searcher
from izvori_rules.text.folding import fold

QUESTIONS = Path(__file__).with_name("search_questions.tsv")
LANGUAGE = {"en": "en", "sr": "sr", "sr-ascii": "sr", "sr-cyrl": "sr", "ru": "ru", "cs": "cs"}
PARTS = ("tune", "held-out")
FIRST_BATCH = 75  # questions 1-75; those added after it (for tuning only) leave the held-out part unchanged
RECALL_TARGET = 0.95  # issue 10's targets on the held-out part, in every language: met in Serbian
MRR_TARGET = 0.8
# What the search reaches now on the held-out part (every language at or above these): a floor against
# regressions, below the figures measured (recall 0.957-1.0, MRR 0.66-0.90).
RECALL_FLOOR = 0.9
MRR_FLOOR = 0.65
TOP = 10
# The held-out figures measured where the targets are not met yet (recall@10, MRR): the right rule is usually in
# the first ten but below related rules. A language that meets them makes its case pass, and strict xfail fail.
SHORT_OF_TARGETS = {"en": (0.96, 0.765), "cs": (1.0, 0.660)}


@dataclass(frozen=True)
class Question:
    """One row: a query of one question, its answers and the part of the set it belongs to."""

    kind: str
    query: str
    options: tuple[tuple[str, str], ...]
    answers: frozenset[str]
    question: int
    part: str
    line: int


def load_questions(path: Path = QUESTIONS) -> list[Question]:
    """The rows of the set, comments and header skipped."""
    rows = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip() or line.startswith("#") or line.startswith("set\t"):
            continue
        kind, query, options, answers, question, part, _source, _comment = line.split("\t")
        parsed = tuple(tuple(o.split("=", 1)) for o in options.split()) if options != "-" else ()
        rows.append(Question(kind, query, parsed, frozenset(answers.split()), int(question), part,  # type: ignore[arg-type]
                             number))
    return rows


ROWS = load_questions()


def reciprocal_rank(searcher: Searcher, row: Question) -> float:
    refs = [hit.ref for hit in searcher.search(row.query, limit=TOP, **dict(row.options)).hits]
    return next((1 / rank for rank, ref in enumerate(refs, 1) if ref in row.answers), 0.0)


@pytest.fixture(scope="module")
def figures() -> dict[tuple[str, str], list[tuple[Question, float]]]:
    """Each (language, part)'s rows with their reciprocal ranks."""
    searcher = default_searcher()
    found: dict[tuple[str, str], list[tuple[Question, float]]] = defaultdict(list)
    for row in ROWS:
        found[(LANGUAGE[row.kind], row.part)].append((row, reciprocal_rank(searcher, row)))
    print(f"\n{'language':<10}{'part':<10}{'queries':>8}{'recall@10':>11}{'MRR':>7}")
    for (lang, part), results in sorted(found.items()):
        recall, mrr = _figures(results)
        print(f"{lang:<10}{part:<10}{len(results):>8}{recall:>11.3f}{mrr:>7.3f}")
    for (lang, part), results in sorted(found.items()):
        for row, rr in results:
            if rr < 0.5:
                print(f"  {part} line {row.line} [{row.kind}] {row.query!r}: rank {round(1 / rr) if rr else '>10'}")
    return found


def _figures(results: list[tuple[Question, float]]) -> tuple[float, float]:
    return (sum(rr > 0 for _, rr in results) / len(results), sum(rr for _, rr in results) / len(results))


def test_the_set_has_120_queries_from_60_questions_in_every_language() -> None:
    assert len(ROWS) >= 120
    assert len({row.question for row in ROWS}) >= 60
    assert {row.kind for row in ROWS} == set(LANGUAGE)
    assert {row.part for row in ROWS} == set(PARTS)
    # every third question of the first batch is held out, with all its variants; later questions are tuned on
    assert all((row.part == "held-out") == (row.question % 3 == 0 and row.question <= FIRST_BATCH) for row in ROWS)


def test_every_answer_is_a_numbered_rule_of_the_graph(graph: RuleGraph) -> None:
    wrong = [(row.line, ref) for row in ROWS for ref in sorted(row.answers)
             if ref not in graph.nodes or graph.nodes[ref].kind in ("glossary", "part", "unit")]
    assert wrong == []


@pytest.mark.parametrize("lang", sorted(set(LANGUAGE.values())))
def test_held_out_questions_stay_above_the_floor(figures: dict[tuple[str, str], list[tuple[Question, float]]],
                                                 lang: str) -> None:
    recall, mrr = _figures(figures[(lang, "held-out")])
    assert recall >= RECALL_FLOOR
    assert mrr >= MRR_FLOOR


@pytest.mark.parametrize("lang", [
    pytest.param(lang, marks=pytest.mark.xfail(
        reason=f"issue 10's held-out targets (recall@10 >= 0.95, MRR >= 0.8) are not met in {lang}: recall "
               f"{SHORT_OF_TARGETS[lang][0]}, MRR {SHORT_OF_TARGETS[lang][1]}", strict=True))
    if lang in SHORT_OF_TARGETS else lang
    for lang in sorted(set(LANGUAGE.values()))])
def test_held_out_questions_meet_the_targets(figures: dict[tuple[str, str], list[tuple[Question, float]]],
                                             lang: str) -> None:
    recall, mrr = _figures(figures[(lang, "held-out")])
    assert recall >= RECALL_TARGET
    assert mrr >= MRR_TARGET


def test_czech_questions_typed_without_diacritics_are_answered_as_well() -> None:
    # Czech is stemmed with its diacritics (text/accents.py): typed without them, the tuned Czech queries must
    # find their answers as high as typed with them (before corpus/accented_words.tsv: MRR 0.867 against 0.917)
    searcher = default_searcher()
    czech = [row for row in ROWS if row.kind == "cs" and row.part == "tune"]
    typed = [reciprocal_rank(searcher, row) for row in czech]
    stripped = [reciprocal_rank(searcher, replace(row, query=fold(row.query))) for row in czech]
    assert any(fold(row.query) != row.query for row in czech)
    assert stripped == typed
