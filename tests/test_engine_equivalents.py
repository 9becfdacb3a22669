"""The equivalents of the rules a scenario cites (``scenario run --json``, ``--equivalents``): the table of every
rule the engine can cite gives what the graph gives, without loading the graph once it is made; a rule the table
lacks is looked up in the graph; no graph, no equivalents."""

from __future__ import annotations

from pathlib import Path

import pytest

from izvori_rules.engine import scenario_cache
from izvori_rules.engine.equivalents import equivalents_of
from izvori_rules.graph import RuleGraph
from izvori_rules.graph_cache import LIBRARIES

# concordance.tsv: sr-judge A3.32 (0 or less life loses) is cs-cr 102.1 and ru-cr 104.3b; ru-cr 510.1c is cited
# by the combat damage step of every mtg scenario (rulesets.toml [mtg.rules])
CITED = ("sr-judge:A3.32", "ru-cr:510.1c", "ru-cr:702.19b")


@pytest.fixture()
def cache_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("IZVORI_JUDGE_CACHE", str(folder))
    return folder


def expected(graph: RuleGraph, refs: tuple[str, ...]) -> dict[str, tuple[str, ...]]:
    """What the graph itself says (the answer before the table)."""
    out = {}
    for ref in refs:
        node = graph.get(ref)
        if node is not None and node.equivalents:
            out[ref] = tuple(e.ref for e in node.equivalents)
    return out


def test_the_table_answers_as_the_graph_and_spares_loading_it(graph: RuleGraph, cache_dir: Path) -> None:
    loads: list[int] = []

    def counted() -> RuleGraph:
        loads.append(1)
        return graph

    first = equivalents_of(CITED, counted)
    assert first == expected(graph, CITED) and {"cs-cr:102.1", "ru-cr:104.3b"} <= set(first["sr-judge:A3.32"])
    assert equivalents_of(CITED, counted) == first and len(loads) == 1  # the second answer is the table's


def test_a_rule_the_table_lacks_is_looked_up_in_the_graph(graph: RuleGraph, cache_dir: Path) -> None:
    equivalents_of(CITED, lambda: graph)
    # sr-judge A4.40 (the mission's chain to ru-cr 101.4) is cited by no step of the engine
    assert equivalents_of(("sr-judge:A4.40",), lambda: graph) == expected(graph, ("sr-judge:A4.40",))
    assert "ru-cr:101.4" in equivalents_of(("sr-judge:A4.40",), lambda: graph)["sr-judge:A4.40"]


def test_without_a_graph_there_are_no_equivalents_and_no_table(cache_dir: Path) -> None:
    assert equivalents_of(CITED, lambda: None) == {}
    assert not list(cache_dir.glob("engine-equivalents-*"))


def test_the_key_covers_the_libraries_that_build_the_graph() -> None:
    assert set(LIBRARIES) <= set(scenario_cache.LIBRARIES)
