"""The English CR parser on all 128 releases in corpus/cr-history (parsed once per session, conftest.cr_history).

Counts are checked against ``rule_ids`` of releases.tsv: the distinct rule ids printed at line starts between
the contents and the Glossary heading (chapters ``100``, rules ``100.1``, subrules ``100.1a``). That table
reads an id as printed, followed by a space and with one letter, so it cannot see the few ids printed wrong
(README "Numbering slips") or ``704.5aa``: those are listed below, each with the line it is read from.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from izvori_rules import cr_releases
from izvori_rules.corpus import load_manifest, release_folder
from izvori_rules.model import CitedTarget, ParsedDocument, ParsedNode
from izvori_rules.parsing import cr_english

if TYPE_CHECKING:
    from conftest import CrHistory

FOLDER = release_folder(next(d for d in load_manifest() if d.id == "cr"))
RELEASES = cr_releases.releases(FOLDER)
DATES = [r.date for r in RELEASES]

def _between(first: str, last: str) -> list[str]:
    return [d for d in DATES if first <= d <= last]


# Ids the table's count cannot see, by release. Each is also a node flagged "misprinted" (except 704.5aa).
UNSEEN: dict[str, set[str]] = {d: set() for d in DATES}
for _d in _between("2005-08-01", "2007-05-01"):
    UNSEEN[_d].add("606.8b")  # printed "606. 8b Players win and lose the game only as a team": read as 606
for _d in _between("2022-10-07", "2025-02-07"):
    UNSEEN[_d].add("901.4")  # printed "901.4.All plane and phenomenon cards remain in the command zone"
UNSEEN["2008-10-01"].add("306.b")  # "306.b If an effect would put a creature into play attacking" (306.3b)
UNSEEN["2009-07-11"] |= {"702.37a", "702.37b"}  # "702. 37a Storm is a triggered ability", "702. 37b If a spell"
UNSEEN["2026-08-07"].add("704.5aa")  # "704.5aa If a player controls a permanent with start your engines!"

# Lines inside the rules that are not part of any node, with the reason.
UNPARSED = {"2021-11-19": {4540}}  # a lone "f" between 702.148b (Cleave) and 702.149. Training


@pytest.fixture(scope="module")
def parsed(cr_history: CrHistory) -> dict[str, ParsedDocument]:
    """The releases the tests below read whole (conftest.KEPT_RELEASES)."""
    return cr_history.kept


def _node(doc: ParsedDocument, node_id: str) -> ParsedNode:
    return next(n for n in doc.nodes if n.id == node_id)


def test_the_table_lists_128_releases_from_2003_to_2026() -> None:
    assert len(RELEASES) == 128
    assert (DATES[0], DATES[-1]) == ("2003-03-15", "2026-08-07")


@pytest.mark.parametrize("release", RELEASES, ids=DATES)
def test_every_rule_id_the_table_counts_is_parsed(cr_history: CrHistory, release: cr_releases.Release) -> None:
    summary = cr_history.summaries[release.date]
    assert summary.rule_ids >= UNSEEN[release.date]
    assert len(summary.rule_ids - UNSEEN[release.date]) == release.rule_ids
    assert (summary.first_rule, summary.last_rule) == (release.first_rule, release.last_rule)
    assert summary.misprinted == UNSEEN[release.date] - {"704.5aa"}


@pytest.mark.parametrize("release", RELEASES, ids=DATES)
def test_no_line_of_the_rules_is_dropped_unless_listed(cr_history: CrHistory, release: cr_releases.Release) -> None:
    assert cr_history.summaries[release.date].unparsed_lines == UNPARSED.get(release.date, set())


@pytest.mark.parametrize("release", RELEASES, ids=DATES)
def test_the_effective_date_is_read_from_the_date_line(cr_history: CrHistory, release: cr_releases.Release) -> None:
    assert cr_history.summaries[release.date].date_read == release.date


def test_glossaries_hold_211_to_739_entries(cr_history: CrHistory) -> None:
    # README "Completeness": a Glossary follows (253 to 739 entries). 2003-03-15 (lines 1591-1675) prints the
    # expansion symbols as a table inside the entry "Expansion Symbol": "Expansions and Editions", the set
    # names indented one per block, "Promotional Cards"; those 42 blocks are that entry's text here.
    sizes = [s.glossary for s in cr_history.summaries.values()]
    assert sizes[0] == 253 - 42
    assert min(sizes[1:]) >= 253 and max(sizes) == sizes[-1] == 739


def test_a_hard_wrapped_rule_is_joined_with_its_continuation_starting_with_a_number(
        parsed: dict[str, ParsedDocument]) -> None:
    # 2003-10-01 lines 281-282: '200.4. A token is a marker used to represent any permanent that isn't
    # represented by a card. (See rule ' / '216, "Tokens.")'
    node = _node(parsed["2003-10-01"], "200.4")
    assert node.text == ("A token is a marker used to represent any permanent that isn't represented by a card. "
                         '(See rule 216, "Tokens.")')
    assert (node.line, node.parent) == (281, "200")


def test_a_hyphen_at_a_wrapped_line_end_joins_the_compound(parsed: dict[str, ParsedDocument]) -> None:
    # 2003-10-01 lines 2703-2704: "502.14b Five snow-covered lands were printed in the Ice Age™ expansion.
    # Their names are Snow-" / "Covered Plains, ..."
    node = _node(parsed["2003-10-01"], "502.14b")
    assert "Their names are Snow-Covered Plains, Snow-Covered Island" in node.text


def test_704_5aa_follows_704_5z(parsed: dict[str, ParsedDocument]) -> None:
    # 2026-08-07 line 5556
    doc = parsed["2026-08-07"]
    node = _node(doc, "704.5aa")
    assert node.text == ("If a player controls a permanent with start your engines! and that player has no speed, "
                         "that player’s speed becomes 1. See rule 702.179, “Start Your Engines!”")
    assert node.parent == "704.5"
    ids = [n.id for n in doc.nodes]
    assert ids[ids.index("704.5z") + 1] == "704.5aa"


def test_a_number_printed_twice_gives_the_second_a_suffix(parsed: dict[str, ParsedDocument]) -> None:
    # 2024-09-20 lines 5222 "702.175. Offspring" and 5228 "702.175. Impending"
    doc = parsed["2024-09-20"]
    assert (_node(doc, "702.175").title, _node(doc, "702.175#2").title) == ("Offspring", "Impending")
    second = _node(doc, "702.175a#2")
    assert second.parent == "702.175#2" and second.text.startswith("Impending is a keyword")
    assert [f.kind for f in _node(doc, "702.175#2").flags] == ["duplicate_number"]


def test_a_glossary_entry_keeps_its_definition(parsed: dict[str, ParsedDocument]) -> None:
    # 2026-08-07 lines 7104-7105
    node = _node(parsed["2026-08-07"], "glossary:Abandon")
    assert node.title == "Abandon"
    assert node.text == ("To turn a face-up ongoing scheme card face down and put it on the bottom of its owner’s "
                         "scheme deck. See rule 701.33, “Abandon.”")


def test_examples_are_split_from_the_rule(parsed: dict[str, ParsedDocument]) -> None:
    # 2026-08-07 lines 4097-4099: 702.19b and its two examples
    node = _node(parsed["2026-08-07"], "702.19b")
    assert len(node.examples) == 2
    assert node.examples[1].startswith("A 6/6 green creature with trample is blocked by a 2/2 creature")
    assert _node(parsed["2026-08-07"], "702.19").title == "Trample"


@pytest.mark.parametrize(("release", "number", "text"), [
    ("2026-08-07", "120.2", "Any object can deal damage."),  # line 1091
    ("2026-08-07", "121.6", "Some effects replace card draws."),  # line 1162
    ("2026-08-07", "712.5", "There are seven specific meld pairs."),  # line 5860
    ("2003-10-01", "100.4", "There is no maximum deck size."),  # line 140
    ("2005-08-01", "608.3", "The players are seated at random."),  # line 2162
])
def test_a_short_rule_sentence_is_no_heading(parsed: dict[str, ParsedDocument], release: str, number: str,
                                             text: str) -> None:
    # as short as a heading-only rule (702.19. Trample), but a sentence: its period says so
    node = _node(parsed[release], number)
    assert (node.title, node.text) == ("", text)


def test_italic_underscores_are_removed(parsed: dict[str, ParsedDocument]) -> None:
    # 2010-02-01 prints "_Magic_" for italics (README "Known oddities")
    assert not any("_Magic_" in n.text for n in parsed["2010-02-01"].nodes)


def test_a_misprinted_number_is_read_as_meant(parsed: dict[str, ParsedDocument]) -> None:
    # 2005-08-01 line 2104: "606. 8b Players win and lose the game only as a team"
    node = _node(parsed["2005-08-01"], "606.8b")
    assert node.parent == "606.8" and node.text.startswith("Players win and lose")


@pytest.mark.parametrize(("text", "targets", "title"), [
    ('(See rule 216, "Tokens.")', [CitedTarget("216")], "Tokens"),
    ("See rule 702.179, “Start Your Engines!”", [CitedTarget("702.179")], "Start Your Engines!"),
    ("in rules 601.2b and 601.2f–h.", [CitedTarget("601.2b"), CitedTarget("601.2f", "601.2h")], None),
    ("(See rules 212-215.)", [CitedTarget("212", "215")], None),
    ('and section 6, "Spells, Abilities, and Effects."', [CitedTarget("6")], "Spells, Abilities, and Effects"),
    ("each player sets his or her life total to 20 and draws a hand of 100 cards", [], None),
], ids=["chapter-title", "rule-title", "list-and-range", "chapter-range", "section", "not-a-citation"])
def test_citations_in_english(text: str, targets: list[CitedTarget], title: str | None) -> None:
    found = cr_english.find_citations(text)
    assert [t for m in found for t in m.targets] == targets
    if title is not None:
        assert found[0].title == title
