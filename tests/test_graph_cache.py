"""The graph cache: reused when present, rebuilt when corrupted, skipped when the folder cannot be written."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from izvori_rules import graph_cache
from izvori_rules.corpus import corpus_dir

SOURCE = corpus_dir()


@pytest.fixture()
def small_corpus(tmp_path: Path) -> Path:
    """A corpus of sr-judge alone, so each test parses in a few hundredths of a second."""
    root = tmp_path / "corpus"
    (root / "documents").mkdir(parents=True)
    shutil.copy(SOURCE / "documents" / "sr-judge.txt", root / "documents")
    manifest = (SOURCE / "manifest.toml").read_text(encoding="utf-8").split("[[document]]")
    (root / "manifest.toml").write_text("[[document]]" + next(b for b in manifest if '"sr-judge"' in b),
                                        encoding="utf-8")
    return root


@pytest.fixture()
def cache_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    folder = tmp_path / "cache"
    monkeypatch.setenv("IZVORI_JUDGE_CACHE", str(folder))
    graph_cache.load_graph.cache_clear()
    yield folder
    graph_cache.load_graph.cache_clear()


def _cache_file(folder: Path) -> Path:
    (path,) = folder.glob("graph-*.marshal")
    return path


def test_the_second_load_reads_the_cache_instead_of_parsing(small_corpus: Path, cache_dir: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    first = graph_cache.load_graph(small_corpus)
    graph_cache.load_graph.cache_clear()
    monkeypatch.setattr(graph_cache, "parse_corpus", lambda root=None: pytest.fail("parsed again"))
    second = graph_cache.load_graph(small_corpus)
    assert list(second.nodes) == list(first.nodes)
    assert second.nodes["sr-judge:D19.51"] == first.nodes["sr-judge:D19.51"]
    assert second.resolve("B6.33")[1].ref == "sr-judge:B6.33#2"


def test_cached_nodes_round_trip_exactly(small_corpus: Path, cache_dir: Path) -> None:
    built = graph_cache.parse_corpus(small_corpus)
    decoded = graph_cache._decode(graph_cache._encode(built))
    assert decoded is not None
    assert all(decoded.nodes[ref] == node for ref, node in built.nodes.items())


@pytest.mark.parametrize("damage", [b"", b"garbage", "truncate"], ids=["empty", "garbage", "truncated"])
def test_a_corrupted_cache_is_rebuilt(small_corpus: Path, cache_dir: Path, damage: object) -> None:
    graph_cache.load_graph(small_corpus)
    path = _cache_file(cache_dir)
    good = path.read_bytes()
    path.write_bytes(good[: len(good) // 2] if damage == "truncate" else damage)  # type: ignore[arg-type]
    graph_cache.load_graph.cache_clear()
    graph = graph_cache.load_graph(small_corpus)
    assert graph.nodes["sr-judge:A3.32"].text.startswith("Ako je igračev život 0 ili manje, on gubi partiju")  # line 102
    assert path.read_bytes() == good


def test_an_unwritable_cache_folder_works_in_memory(small_corpus: Path, tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    # A folder below a regular file can never be created, whoever runs the tests (root ignores chmod).
    monkeypatch.setenv("IZVORI_JUDGE_CACHE", str(blocker / "cache"))
    graph_cache.load_graph.cache_clear()
    graph = graph_cache.load_graph(small_corpus)
    graph_cache.load_graph.cache_clear()
    assert len(graph.resolve("D19.51")) == 1
    assert blocker.read_text() == "not a folder"


def test_writing_leaves_no_temporary_files(small_corpus: Path, cache_dir: Path) -> None:
    graph_cache.load_graph(small_corpus)
    assert sorted(p.name for p in cache_dir.iterdir()) == sorted([_cache_file(cache_dir).name, "graph.stamp"])


def test_the_key_is_hashed_once_then_reused_until_a_file_changes(small_corpus: Path, cache_dir: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    first = graph_cache.graph_key(small_corpus)
    monkeypatch.setattr(graph_cache, "corpus_hash", lambda *args: pytest.fail("hashed again"))
    assert graph_cache.graph_key(small_corpus) == first
    document = small_corpus / "documents" / "sr-judge.txt"
    document.write_bytes(document.read_bytes() + b"\n")
    monkeypatch.setattr(graph_cache, "corpus_hash", lambda *args: "changed")
    assert graph_cache.graph_key(small_corpus).startswith("changed-")


def test_a_damaged_stamp_only_costs_a_hash(small_corpus: Path, cache_dir: Path) -> None:
    first = graph_cache.graph_key(small_corpus)
    (cache_dir / "graph.stamp").write_bytes(b"\xff\xfe garbage")
    assert graph_cache.graph_key(small_corpus) == first


def test_a_changed_document_changes_the_cache_key(small_corpus: Path, tmp_path: Path) -> None:
    changed = tmp_path / "changed"
    shutil.copytree(small_corpus, changed)
    with open(changed / "documents" / "sr-judge.txt", "a", encoding="utf-8") as handle:
        handle.write("\n")
    assert graph_cache.graph_key(changed) != graph_cache.graph_key(small_corpus)
