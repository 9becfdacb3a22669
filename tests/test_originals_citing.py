"""A translated rule that cites another rule than its English original (izvori_rules/originals/citing.py): the
flag, on the corpus (each case read in ru-cr.txt and in the 2019-05-03 release of corpus/cr-history) and on
made-up nodes (ranges, a rule and its subrules, what is not compared)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from izvori_rules.graph import RuleGraph
from izvori_rules.model import IN_TEXT, RULE, Citation, CitedTarget, Node, Original
from izvori_rules.originals.citing import original_citation_flags

KIND = "cites_other_than_original"


@pytest.mark.parametrize(("ref", "printed", "right"), [
    # ru-cr.txt line 3083 "(смотрите правило 704.5m)", the Aura rule; 2019 205.4f "see rule 704.5k", the world rule
    ("ru-cr:205.4f", "смотрите правило 704.5m", "704.5k"),
    # line 4183 "(смотрите правило 601.2h)"; 2019 401.5 "(see rule 601.2i)", when the spell becomes cast
    ("ru-cr:401.5", "смотрите правило 601.2h", "601.2i"),
    # line 4603 "(смотрите правило 701.23)", Planeswalk; 2019 505.3 "(see rule 701.24)", Set in Motion
    ("ru-cr:505.3", "смотрите правило 701.23", "701.24"),
    # line 5752 "исключение из правила 104.4" (a drawn game); 2019 602.3b "an exception to rule 101.4" (APNAP)
    ("ru-cr:602.3b", "правила 104.4", "101.4"),
    # "(смотрите правило 717)", Монарх; 2019 607.1b "a double-faced card (see rule 711)"
    ("ru-cr:607.1b", "смотрите правило 717", "711"),
    # "(смотрите правило 718)", restarting the game; 2019 718.6 "a Magic subgame (see rule 719)"
    ("ru-cr:718.6", "смотрите правило 718", "719"),
    # line 16612 "и правило 810.7"; 2019's glossary "Defending Player" "and rule 805.10"
    ("ru-cr:glossary:Defending Player", "правило 810.7", "805.10"),
])
def test_a_citation_the_english_original_makes_to_another_rule_is_flagged(
        graph: RuleGraph, ref: str, printed: str, right: str) -> None:
    flags = [f for f in graph.nodes[ref].flags if f.kind == KIND]
    assert [(f.term, f.ref) for f in flags] == [(printed, f"ru-cr:{right}")]
    assert flags[0].detail.endswith(f"(CR 2019-05-03 {ref.removeprefix('ru-cr:')}) cites {right}")


def test_only_those_seven_and_none_in_cs_cr_or_the_renumbered_sr_judge(graph: RuleGraph) -> None:
    flagged = {n.ref for n in graph.nodes.values() if any(f.kind == KIND for f in n.flags)}
    assert flagged == {"ru-cr:205.4f", "ru-cr:401.5", "ru-cr:505.3", "ru-cr:602.3b", "ru-cr:607.1b", "ru-cr:718.6",
                       "ru-cr:glossary:Defending Player"}


@pytest.mark.parametrize("ref", [
    "ru-cr:901.8", "ru-cr:glossary:Monstrous", "ru-cr:glossary:Reveal", "ru-cr:glossary:Sacrifice"])
def test_a_wrong_number_whose_title_gives_it_away_is_flagged_once(graph: RuleGraph, ref: str) -> None:
    # ru-cr notes §4.5: 901.8 cites 701.22 «Перейти в измерение», the glossary's Reveal 701.14 «Показать»...
    kinds = [f.kind for f in graph.nodes[ref].flags]
    assert "title_mismatch" in kinds and KIND not in kinds


def _node(cites: list[tuple[str, ...]], doc: str = "ru-cr", title_matches: bool | None = None) -> Node:
    citations = tuple(Citation(0, 1, IN_TEXT, "rule " + targets[0], tuple(f"{doc}:{t}" for t in targets),
                               title_matches=title_matches) for targets in cites)
    original = Original("cr-2019-05-03:101.1", "2019-05-03", "101.1", "number", 1.0)
    return Node(ref=f"{doc}:101.1", doc=doc, id="101.1", kind=RULE, number="101.1", title="", text="", examples=(),
                parent=None, children=(), line=1, citations=citations,
                cites=tuple(f"{doc}:{t}" for targets in cites for t in targets), original=original)


def _flags(node: Node, *cited: CitedTarget) -> list[tuple[str, str | None]]:
    return [(f.term, f.ref) for f in original_citation_flags(node, cited, lambda ref: True)]


def test_a_range_or_a_rule_and_its_subrule_is_the_same_citation() -> None:
    assert _flags(_node([("601.2f", "601.2g", "601.2h")]), CitedTarget("601.2f", "601.2h")) == []
    assert _flags(_node([("702.19",)]), CitedTarget("702.19b")) == []
    assert _flags(_node([("702.19b",)]), CitedTarget("702.19")) == []
    assert _flags(_node([("701.1",)]), CitedTarget("701.14")) == [("rule 701.1", "ru-cr:701.14")]


def test_a_citation_only_added_or_only_dropped_is_no_error() -> None:
    assert _flags(_node([("104.4", "305.6")]), CitedTarget("305.6")) == []  # one more than the original
    assert _flags(_node([("305.6",)]), CitedTarget("305.6"), CitedTarget("101.4")) == []  # one less


def test_what_is_not_compared() -> None:
    node = _node([("104.4",)])
    assert _flags(replace(node, original=replace(node.original, id="101.2")), CitedTarget("101.4")) == []
    assert _flags(_node([("D10.13",)], doc="sr-judge"), CitedTarget("101.4")) == []  # renumbered: its own
    assert _flags(_node([("104.4",)], title_matches=False), CitedTarget("101.4")) == []  # its title says it
    assert _flags(_node([("104.4",)]), CitedTarget("101.4"), CitedTarget("702.19")) == [("rule 104.4", None)]
