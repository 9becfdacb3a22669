"""The ranker's bound (search/ranking.py, ``_bounded``): keying only the nodes that can reach the first hits ranks
every query as keying every matched node does, to the last hit and its score."""

from __future__ import annotations

import pytest

from izvori_rules.search import ranking
from izvori_rules.search.ranking import Ranker
from izvori_rules.search.searcher import Searcher
from test_search_quality import CASES, searcher  # noqa: F401 - the fixture, shared
from test_search_questions import ROWS

# The 86-query set and every tenth row of the real-question set: long questions that match up to thousands of nodes.
QUERIES = [(case.query, dict(case.options)) for case in CASES if case.kind != "citation"] + [
    (row.query, dict(row.options)) for row in ROWS[::10]]


def hits(searcher: Searcher, limit: int, **options: str) -> list[list[tuple[str, float]]]:
    """Every query's hits (reference and score), under the ``options`` (doc, lang, kind) besides its own."""
    return [[(hit.ref, hit.score) for hit in searcher.search(query, limit=limit, **{**own, **options}).hits]
            for query, own in QUERIES]


def unbounded(searcher: Searcher, monkeypatch: pytest.MonkeyPatch, limit: int,
              **options: str) -> list[list[tuple[str, float]]]:
    """:func:`hits` with every matched node keyed (no query matches more nodes than the index holds)."""
    with monkeypatch.context() as patch:
        patch.setattr(ranking, "BOUND_AFTER", 10**9)
        return hits(searcher, limit, **options)


def bounded(searcher: Searcher, monkeypatch: pytest.MonkeyPatch, limit: int,
            **options: str) -> list[list[tuple[str, float]]]:
    """:func:`hits` with the bound tried on every query, however few nodes it matches."""
    with monkeypatch.context() as patch:
        patch.setattr(ranking, "BOUND_AFTER", 0)
        return hits(searcher, limit, **options)


@pytest.mark.parametrize("limit", [1, 10, 25], ids=["first", "ten", "twenty-five"])
def test_the_bound_ranks_as_keying_every_node(searcher: Searcher, monkeypatch: pytest.MonkeyPatch,
                                              limit: int) -> None:
    assert bounded(searcher, monkeypatch, limit) == unbounded(searcher, monkeypatch, limit)


@pytest.mark.parametrize("options", [{"kind": "glossary"}, {"doc": "sr-judge"}, {"doc": "cr"}],
                         ids=["glossary", "sr-judge", "cr"])
def test_the_bound_ranks_as_keying_every_node_under_a_filter(searcher: Searcher, monkeypatch: pytest.MonkeyPatch,
                                                             options: dict[str, str]) -> None:
    # a filter leaves fewer rules than the first hits' number: the bound keys patterns until it has them, or all
    assert bounded(searcher, monkeypatch, 10, **options) == unbounded(searcher, monkeypatch, 10, **options)


def test_the_bound_ranks_as_keying_every_node_when_the_first_hits_fall_short(
        searcher: Searcher, monkeypatch: pytest.MonkeyPatch) -> None:
    # When the headings a query found leave the first hits short of the limit, every candidate is ranked, the spared
    # included. No query of the sets does so: two hits of three dropped stand for the headings left out.
    real = Ranker._under_rules

    def short(self: Ranker, *args: object) -> list[tuple[bool, float, int]]:
        return real(self, *args)[::3]  # type: ignore[arg-type]

    monkeypatch.setattr(Ranker, "_under_rules", short)
    assert bounded(searcher, monkeypatch, 10) == unbounded(searcher, monkeypatch, 10)


def test_a_clause_kept_importance_still_weighs_its_share(searcher: Searcher) -> None:  # noqa: F811 - the fixture
    """The importance is kept per lookups (Ranker.importance): a card's concept, the same lookups at query.CARD_SHARE
    of a clause, weighs its share of the concept's importance, before and after the other is kept."""
    from dataclasses import replace

    from izvori_rules.search.query import parse_query, plan_query

    ranker = searcher._open_ranker()
    (trample,) = plan_query(parse_query("trample", searcher.concepts), searcher.concepts).clauses
    half = replace(trample, share=0.5)
    assert ranker.importance(half) == 0.5 * ranker.importance(trample) > 0.0
    ranker.forget_scores()
    assert ranker.importance(trample) == 2 * ranker.importance(half)
