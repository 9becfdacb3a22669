"""The history store: each distinct node of the 128 English releases once, with the releases it holds in.

Built once per session from the parses of conftest.cr_history; expected texts are read in the releases.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from typer.testing import CliRunner

from damaging import STORE_DAMAGE, cr_store_answers, damage_store, text_spans
from izvori_rules import cr_store
from izvori_rules.cli import app
from izvori_rules.corpus import load_manifest
from izvori_rules.errors import CacheNotice
from izvori_rules.graph import RuleGraph
from izvori_rules.graph_build import build_graph
from izvori_rules.model import DocumentInfo
from izvori_rules.parsing import cr_english

if TYPE_CHECKING:
    from conftest import CrHistory, SmallReleases

runner = CliRunner()


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


# --- damaged stores (issue 11): a record failing its checksum, or a file SQLite cannot read, is built again ----


def test_a_record_overwritten_with_text_of_its_length_is_built_again_not_served(
        cr_history: CrHistory, graph: RuleGraph, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # 2006-10-01 line 1520 "502.9. Trample": its record's "Trample" overwritten with "tRAMPLE"
    from izvori_rules.corpus import release_folder

    folder = release_folder(graph.docs["cr"])
    args = ["lookup", "--json", "cr-2006-10-01:502.9", "cr:702.19b"]
    good = runner.invoke(app, args)
    assert json.loads(good.stdout)[0]["rules"][0]["title"] == "Trample"
    session = cr_store.store_path(folder)
    monkeypatch.setenv("IZVORI_JUDGE_CACHE", str(tmp_path))  # a copy of the session's store, damaged
    path = cr_store.store_path(folder)
    shutil.copy(session, path)
    body = _body(path, cr_history.store.dates.index("2006-10-01"), "502.9")
    damage_store(path, text_spans(path.read_bytes(), "Trample", within=body), "same-length-text", "")
    bad = runner.invoke(app, args)
    assert (bad.exit_code, bad.stdout) == (0, good.stdout)
    assert "was damaged; it is built again" in bad.stderr


def _body(path: Path, index: int, node_id: str) -> bytes:
    """The bytes of the record holding ``node_id`` in release ``index``, read from the file as it is."""
    con = sqlite3.connect(path)
    try:
        (body,) = con.execute("SELECT body FROM records WHERE node_id = ? AND first <= ? AND last >= ?",
                              (node_id, index, index)).fetchone()
        return bytes(body)
    finally:
        con.close()


@pytest.fixture(scope="module")
def small_store(small_releases: SmallReleases, tmp_path_factory: pytest.TempPathFactory
                ) -> tuple[str, bytes, tuple[object, ...]]:
    """The store of the three small releases, built once: its file name, its bytes and its answers."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("IZVORI_JUDGE_CACHE", str(tmp_path_factory.mktemp("small-store")))
        store = cr_store.open_store(small_releases.family, small_releases.folder)
        # 2003-10-01 lines 281-282: the text of 200.4
        (node,) = store.release_graph("2003-10-01").resolve("cr-2003-10-01:200.4")
        assert node.text.startswith("A token is a marker used to represent any permanent")
        path = cr_store.store_path(small_releases.folder)
        return path.name, path.read_bytes(), cr_store_answers(store)


@pytest.mark.parametrize("how", STORE_DAMAGE)
def test_a_damaged_store_answers_as_the_good_one(small_releases: SmallReleases,
                                                 small_store: tuple[str, bytes, tuple[object, ...]],
                                                 tmp_path: Path, monkeypatch: pytest.MonkeyPatch, how: str) -> None:
    monkeypatch.setenv("IZVORI_JUDGE_CACHE", str(tmp_path))
    name, raw, good = small_store
    path = tmp_path / name
    path.write_bytes(raw)
    body = _body(path, 2, "200.4")  # 2003-10-01, the third release
    damage_store(path, text_spans(raw, "A token is a marker", within=body), how, "records")
    with pytest.warns(CacheNotice, match="was damaged; it is built again"):
        assert cr_store_answers(cr_store.open_store(small_releases.family, small_releases.folder)) == good
    assert cr_store_answers(cr_store.open_store(small_releases.family, small_releases.folder)) == good  # the new file


def test_an_unwritable_cache_folder_keeps_the_store_in_memory(small_releases: SmallReleases, tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    # A folder below a regular file can never be created, whoever runs the tests (root ignores chmod).
    monkeypatch.setenv("IZVORI_JUDGE_CACHE", str(blocker / "cache"))
    with pytest.warns(CacheNotice, match="cannot be written"):
        store = cr_store.open_store(small_releases.family, small_releases.folder)
    (node,) = store.release_graph("2003-10-01").resolve("cr-2003-10-01:200.4")
    assert node.text.startswith("A token is a marker used to represent any permanent")
