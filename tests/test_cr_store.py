"""The history store: each distinct node of the 128 English releases once, with the releases it holds in.

Built once per session from the parses of conftest.cr_history; expected texts are read in the releases.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from izvori_rules.graph_build import build_graph
from izvori_rules.corpus import load_manifest
from izvori_rules.model import DocumentInfo
from izvori_rules.parsing import cr_english

if TYPE_CHECKING:
    from conftest import CrHistory


def test_a_rule_of_an_old_release_is_read_with_its_tree(cr_history: CrHistory) -> None:
    # 2006-10-01 line 1520 "502.9. Trample", then 502.9a to 502.9f; the glossary's Trample cites it
    release = cr_history.store.release_graph("2006-10-01")
    (node,) = release.resolve("cr-2006-10-01:502.9")
    assert (node.title, node.line, node.parent) == ("Trample", 1520, "cr-2006-10-01:502")
    assert [release.nodes[c].id for c in node.children] == ["502.9a", "502.9b", "502.9c", "502.9d", "502.9e",
                                                             "502.9f"]
    assert "cr-2006-10-01:glossary:Trample" in node.cited_by
    assert [n.id for n in release.breadcrumb(node.ref)] == ["5", "502", "502.9"]


def test_a_hard_wrapped_rule_is_served_joined(cr_history: CrHistory) -> None:
    # 2003-10-01 lines 281-282, as in test_parsing_cr_english
    (node,) = cr_history.store.release_graph("2003-10-01").resolve("cr-2003-10-01:200.4")
    assert node.text == ("A token is a marker used to represent any permanent that isn't represented by a card. "
                         '(See rule 216, "Tokens.")')
    assert node.cites == ("cr-2003-10-01:216",)


def test_an_unchanged_text_is_stored_once_for_its_releases(cr_history: CrHistory) -> None:
    # "100.4. There is no maximum deck size." in 2003-03-15 (line 115) and every release to 2009-05-01; the
    # 2009-07-11 renumbering gives 100.4 another meaning
    versions = cr_history.store.versions("100.4")
    assert (versions[0].first, versions[0].text) == ("2003-03-15", "There is no maximum deck size.")
    assert versions[0].last >= "2008-10-01"
    records, nodes = cr_history.store.counts()
    assert nodes > 250_000 and records < nodes // 5


def test_flags_and_citations_match_the_graph_of_the_same_release(cr_history: CrHistory) -> None:
    # the store resolves citations itself; it must give what the graph gives (cr-2006-10-01 609.2b quotes
    # "Attack Multiple Players Option" for rule 603, which is "Deploy Creatures Option")
    family = next(d for d in load_manifest() if d.id == "cr")
    doc = DocumentInfo("cr-2006-10-01", family.file, "en", family.title, "2006-10-01", "", "cr_english")
    graph = build_graph([(doc, cr_history.kept["2006-10-01"])], {doc.id: cr_english.find_citations})
    stored = cr_history.store.release_graph("2006-10-01")
    assert list(stored.nodes) == list(graph.nodes)
    for ref, node in graph.nodes.items():
        other = stored.nodes[ref]
        assert (other.flags, other.citations, other.cites, other.cited_by, other.children) == (
            node.flags, node.citations, node.cites, node.cited_by, node.children), ref
    assert any(f.kind == "title_mismatch" for f in stored.nodes["cr-2006-10-01:609.2b"].flags)


def test_an_unknown_release_names_the_nearest(cr_history: CrHistory) -> None:
    from izvori_rules.errors import ReferenceNotFound

    with pytest.raises(ReferenceNotFound) as error:
        cr_history.store.release_graph("2006-09-01")
    assert error.value.suggestions == ("cr-2006-07-15", "cr-2006-10-01")


def test_a_headword_glued_to_its_first_sense_is_split(cr_history: CrHistory) -> None:
    # 2021-06-18 line 5785 "Ability1. Text on an object that explains what that object does or can do."
    (node,) = cr_history.store.release_graph("2021-06-18").resolve("cr-2021-06-18:glossary:Ability")
    assert node.title == "Ability" and node.line == 5785
    assert node.text.startswith("1. Text on an object that explains what that object does or can do. 2. An ")
    assert [f.kind for f in node.flags] == ["glued"]


def test_the_history_reads_each_release_as_parsed_from_this_store(cr_history: CrHistory) -> None:
    # issue 15: one parse feeds both stores; the history's entries of a packaged release, read from this store,
    # are those of the release's own parse (2006-10-01: 502.9 "Trample" at line 1520 and its subrules)
    from izvori_rules.history.sources import entries_of_parsed, release_sources

    sources = {s.date: s for s in release_sources()}
    for date in ("2006-10-01", "2024-09-20"):
        stored = [(n.id, n.text, n.examples, n.parent, n.kind) for n in cr_history.store.nodes_of(date)]
        assert stored == [(n.id, n.text, n.examples, n.parent, n.kind) for n in cr_history.kept[date].nodes]
        read = sources[date].entries
        assert read is not None and tuple(read()) == entries_of_parsed(cr_history.kept[date])
    ids = [n.id for n in cr_history.store.nodes_of("2006-10-01")]
    assert ids[ids.index("502.9") + 1] == "502.9a"
