"""The graph's mechanics on a small made-up document: tree, resolution of ids, ranges, dangling citations,
title checks, duplicates and suggestions. The real documents' figures are in test_graph_corpus.py."""

from __future__ import annotations

import re

import pytest

from izvori_rules.errors import QueryError, ReferenceNotFound
from izvori_rules.graph import RuleGraph
from izvori_rules.graph_build import build_graph
from izvori_rules.model import (
    CHAPTER,
    RULE,
    SECTION,
    SUBRULE,
    CitationMatch,
    CitedTarget,
    DocumentInfo,
    Flag,
    ParsedDocument,
    ParsedNode,
)

DOC = DocumentInfo("xx", "x.txt", "sr", "Test", "1", "A1.10", "none")
OTHER = DocumentInfo("yy", "y.txt", "ru", "Test", "1", "101.1", "none")


def node(id_: str, kind: str, parent: str | None, text: str, title: str = "", number: str | None = None,
         flags: tuple[Flag, ...] = ()) -> ParsedNode:
    return ParsedNode(id_, kind, id_.split("#")[0] if number is None else number, title, text, (), parent, 1,
                      flags=flags)


def finder(text: str) -> tuple[CitationMatch, ...]:
    """A toy finder: `see X`, `see X-Y`, `see X "Title"`."""
    out = []
    for m in re.finditer(r'see (\w\d*(?:\.\d+)?)(?:-(\w\d*(?:\.\d+)?))?(?: "([^"]+)")?', text):
        out.append(CitationMatch(m.start(), m.end(), m.group(0), (CitedTarget(m.group(1), m.group(2)),),
                                 m.group(3)))
    return tuple(out)


@pytest.fixture(scope="module")
def graph() -> RuleGraph:
    doc = ParsedDocument((
        node("A", SECTION, None, "Game", "Game"),
        node("A1", CHAPTER, "A", "Basics", "Basics"),
        node("A1.10", RULE, "A1", "First rule, see A1.12 and see A1.11-A1.13."),
        node("A1.11", SUBRULE, "A1.10", "One."),
        node("A1.12", SUBRULE, "A1.10", "Two."),
        node("A1.13", SUBRULE, "A1.10", "Three, see 500."),
        node("A1.20", RULE, "A1", 'Combat, see A2 "Blockers" and see A1 "Basics."'),
        node("A1.20#2", RULE, "A1", "Printed twice.", number="A1.20", flags=(Flag("duplicate_number", "A1.20"),)),
        node("A2", CHAPTER, "A", "Attackers", "Attackers"),
    ))
    other = ParsedDocument((node("1", SECTION, None, "Game", "Game"), node("101", CHAPTER, "1", "General"),
                            node("101.1", RULE, "101", "Rule, see 101.1.")))
    return build_graph([(DOC, doc), (OTHER, other)], {"xx": finder, "yy": finder})


def test_children_follow_parents_in_document_order(graph: RuleGraph) -> None:
    assert graph.nodes["xx:A1.10"].children == ("xx:A1.11", "xx:A1.12", "xx:A1.13")
    assert graph.nodes["xx:A1"].children == ("xx:A1.10", "xx:A1.20", "xx:A1.20#2")
    assert [n.id for n in graph.breadcrumb("xx:A1.12")] == ["A", "A1", "A1.10", "A1.12"]


def test_range_expands_to_every_rule_of_its_kind_between_the_ends(graph: RuleGraph) -> None:
    ranged = graph.nodes["xx:A1.10"].citations[1]
    assert ranged.targets == ("xx:A1.11", "xx:A1.12", "xx:A1.13")
    assert graph.nodes["xx:A1.10"].cites == ("xx:A1.12", "xx:A1.11", "xx:A1.13")


def test_cited_by_is_the_inverse_of_cites(graph: RuleGraph) -> None:
    assert graph.nodes["xx:A1.12"].cited_by == ("xx:A1.10",)
    assert graph.nodes["xx:A2"].cited_by == ("xx:A1.20",)


def test_a_citation_to_nothing_is_a_dangling_flag_not_a_guess(graph: RuleGraph) -> None:
    rule = graph.nodes["xx:A1.13"]
    assert rule.cites == ()
    assert rule.citations[0].unresolved == ("500",)
    assert [f.kind for f in rule.flags] == ["dangling"]


def test_a_self_citation_is_kept_as_a_citation_but_not_as_an_edge(graph: RuleGraph) -> None:
    rule = graph.nodes["yy:101.1"]
    assert rule.citations[0].targets == ("yy:101.1",) and rule.cites == ()


def test_a_quoted_title_that_is_not_the_heading_is_flagged(graph: RuleGraph) -> None:
    rule = graph.nodes["xx:A1.20"]
    wrong, right = rule.citations
    assert wrong.title_matches is False and right.title_matches is True  # "Basics." matches despite the period
    assert [f.kind for f in rule.flags] == ["title_mismatch"]
    assert "Blockers" in rule.flags[0].detail and "Attackers" in rule.flags[0].detail


def test_a_duplicated_number_returns_both_nodes(graph: RuleGraph) -> None:
    assert [n.ref for n in graph.resolve("A1.20")] == ["xx:A1.20", "xx:A1.20#2"]
    assert [n.ref for n in graph.resolve("xx:A1.20#2")] == ["xx:A1.20", "xx:A1.20#2"]


def test_bare_ids_are_case_insensitive_and_a_trailing_period_is_ignored(graph: RuleGraph) -> None:
    assert [n.ref for n in graph.resolve("a1.11.")] == ["xx:A1.11"]


def test_a_bare_id_present_in_two_documents_returns_both(graph: RuleGraph) -> None:
    assert [n.ref for n in graph.resolve("1")] == ["yy:1"]
    assert [n.ref for n in graph.resolve("A")] == ["xx:A"]


def test_unknown_reference_raises_with_suggestions(graph: RuleGraph) -> None:
    with pytest.raises(ReferenceNotFound) as info:
        graph.resolve("A1.14")
    assert "xx:A1.11" in info.value.suggestions or "xx:A1.13" in info.value.suggestions


@pytest.mark.parametrize("bad", ["", "   ", "A1.10; rm -rf /", "<script>"], ids=["empty", "blank", "shell", "tag"])
def test_malformed_reference_is_a_query_error(graph: RuleGraph, bad: str) -> None:
    with pytest.raises(QueryError):
        graph.resolve(bad)


def test_subtree_is_depth_first_in_document_order(graph: RuleGraph) -> None:
    assert [(d, n.id) for d, n in graph.subtree("xx:A1.10")] == [
        (0, "A1.10"), (1, "A1.11"), (1, "A1.12"), (1, "A1.13")]
