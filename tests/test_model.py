"""The model's own checks: flags come from a closed set of kinds, and say their details in the judge's words."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import izvori_rules
from izvori_rules.graph import RuleGraph
from izvori_rules.model import FLAG_KINDS, Flag


def test_an_unknown_flag_kind_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown flag kind 'englsh'"):
        Flag("englsh", "Abandon")  # type: ignore[arg-type]


def test_every_kind_the_code_raises_is_in_the_set() -> None:
    package = Path(izvori_rules.__file__).parent
    raised = {m.group(1) for p in package.rglob("*.py")
              for m in re.finditer(r'\bFlag(?:\.keyed)?\("(\w+)"', p.read_text("utf-8"))}
    assert "dangling" in raised and raised <= FLAG_KINDS, raised - FLAG_KINDS


def test_a_keyed_flag_says_its_detail_in_the_judges_words() -> None:
    # cs-cr.txt line 27: "314. Krok vyčištění 314.1a ...", the rule 314.1 is not printed
    flag = Flag.keyed("no_parent", "no_parent", "{rule} is not printed", rule="314.1")
    assert (flag.detail, flag.key, flag.values) == ("314.1 is not printed", "no_parent", (("rule", "314.1"),))
    assert flag.said({"detail_no_parent": "{rule} nije odštampano"}) == "314.1 nije odštampano"
    assert flag == Flag("no_parent", "314.1 is not printed")  # the same detail is the same flag


@pytest.mark.parametrize("words", [{}, {"detail_no_parent": "{pravilo} nije odštampano"}, {"detail_no_parent": "{"}],
                         ids=["no-template", "unknown-value", "broken-template"])
def test_a_flag_without_its_template_says_the_english(words: dict[str, str]) -> None:
    assert Flag.keyed("no_parent", "no_parent", "{rule} is not printed", rule="314.1").said(words) == \
        "314.1 is not printed"
    assert Flag("garbled", "kdy e").said({"detail_": "x"}) == "kdy e"  # the document's own words have no key


def test_the_english_catalogue_says_each_flag_as_the_parser_wrote_it(graph: RuleGraph) -> None:
    from izvori_rules.messages import section

    english = section("en", "lookup")
    flags = [f for node in graph.nodes.values() for f in node.flags if f.key]
    assert len({f.key for f in flags}) >= 6 and all(f.said(english) == f.detail for f in flags)
