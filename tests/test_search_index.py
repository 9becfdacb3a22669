"""The search index on disk: reused, built once under a lock, rebuilt when corrupted, in memory when the cache
folder cannot be written. Each test uses a small corpus (cs-cr and pt-guide) and a cache folder of its own."""

from __future__ import annotations

import gc
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from izvori_rules import graph_cache
from izvori_rules.corpus import corpus_dir
from izvori_rules.errors import CacheError, CacheNotice
from izvori_rules.search import index
from izvori_rules.search.postings import FilePostings, bucket
from izvori_rules.search import ranking
from izvori_rules.search.ranking import Ranker
from izvori_rules.search.searcher import Searcher, open_searcher

SOURCE = corpus_dir()
DOCUMENTS = ("cs-cr", "pt-guide")
QUERY = "hřbitov"
# cs-cr 217.4 Hřbitov (line 18) and pt-guide's glossary Cemitério (line 133): graveyard in both documents.
EXPECTED = {"cs-cr:217.4", "pt-guide:glossary:Cemitério"}  # the rule as a hit, the glossary entry as a definition


@pytest.fixture()
def small_corpus(tmp_path: Path) -> Path:
    """cs-cr and pt-guide with the concept table: indexed in about a second."""
    root = tmp_path / "corpus"
    (root / "documents").mkdir(parents=True)
    blocks = (SOURCE / "manifest.toml").read_text(encoding="utf-8").split("[[document]]")
    kept = [b for b in blocks if any(f'id = "{doc}"' in b for doc in DOCUMENTS)]
    (root / "manifest.toml").write_text("".join("[[document]]" + b for b in kept), encoding="utf-8")
    for doc in DOCUMENTS:
        shutil.copy(SOURCE / "documents" / f"{doc}.txt", root / "documents")
    shutil.copy(SOURCE / "concepts.tsv", root)
    return root


@pytest.fixture()
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    folder = tmp_path / "cache"
    monkeypatch.setenv("IZVORI_JUDGE_CACHE", str(folder))
    yield folder


@pytest.fixture()
def builds(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Records every index build (on disk or in memory) made through :func:`index.build`."""
    made: list[str] = []
    real = index.build

    def counting(storage: object, *args: object, **kwargs: object) -> object:
        made.append(type(storage).__name__)
        return real(storage, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(index, "build", counting)
    return made


def _refs(searcher: Searcher) -> set[str]:
    result = searcher.search(QUERY)
    return {hit.ref for hit in result.hits} | {entry.ref for d in result.definitions for entry in d.entries}


def _close(searcher: Searcher) -> None:
    """Release the index files before a test damages them (a mapped file must not shrink under a reader)."""
    searcher.opened.close()
    del searcher
    gc.collect()


def test_the_second_open_reads_the_index_instead_of_building(small_corpus: Path, cache: Path,
                                                              builds: list[str]) -> None:
    first = open_searcher(root=small_corpus)
    assert EXPECTED <= _refs(first)
    second = open_searcher(root=small_corpus)
    assert _refs(second) == _refs(first)
    assert builds == ["FileStorage"]
    assert not second.opened.in_memory
    assert [p.name for p in cache.glob("index-*")] == [index.index_path(small_corpus).name]


_BUILDER = """
import json, sys, time
from pathlib import Path
from izvori_rules.search import index
from izvori_rules.search.postings import FilePostings, bucket
real = index.build
def build(*args, **kwargs):
    with open(sys.argv[2], "a") as log:
        log.write("build\\n")
    time.sleep(1.0)  # hold the lock long enough for the other process to queue behind it
    return real(*args, **kwargs)
index.build = build
from izvori_rules.search.searcher import open_searcher
searcher = open_searcher(root=Path(sys.argv[1]))
print(json.dumps({"count": searcher.doc_count(), "memory": searcher.opened.in_memory,
                  "refs": sorted(hit.ref for hit in searcher.search("hřbitov", kind="rule").hits)
                          + sorted(hit.ref for hit in searcher.search("hřbitov", kind="glossary").hits)}))
"""


def test_two_processes_at_once_build_the_index_once_and_open_the_same(small_corpus: Path, cache: Path,
                                                                      tmp_path: Path) -> None:
    graph_cache.load_graph(small_corpus)  # the graph cache first, so both processes start at the index
    log = tmp_path / "builds.log"
    env = {**os.environ, "IZVORI_JUDGE_CACHE": str(cache)}
    command = [sys.executable, "-c", _BUILDER, str(small_corpus), str(log)]
    processes = [subprocess.Popen(command, env=env, stdout=subprocess.PIPE, text=True) for _ in range(2)]
    outputs = [json.loads(p.communicate(timeout=120)[0]) for p in processes]
    assert [p.returncode for p in processes] == [0, 0]
    assert log.read_text().splitlines() == ["build"]
    assert outputs[0] == outputs[1]
    assert outputs[0]["memory"] is False
    assert EXPECTED <= set(outputs[0]["refs"])
    left = sorted(p.name for p in cache.iterdir() if "index" in p.name)  # no build folder left behind
    stamp = next(cache.glob("index.*.stamp")).name
    assert left == sorted([index.index_path(small_corpus).name, "index.lock", stamp])


def test_a_truncated_segment_is_detected_and_rebuilt(small_corpus: Path, cache: Path, builds: list[str]) -> None:
    before = open_searcher(root=small_corpus)
    expected = _refs(before)
    _close(before)
    (segment,) = index.index_path(small_corpus).glob("*.seg")
    segment.write_bytes(segment.read_bytes()[: segment.stat().st_size // 2])
    assert _refs(open_searcher(root=small_corpus)) == expected
    assert builds == ["FileStorage", "FileStorage"]


@pytest.mark.parametrize("damaged", [index.MARKER, index.CONCEPTS_FILE], ids=["marker", "concepts"])
def test_a_garbled_marker_or_concepts_file_is_rebuilt(small_corpus: Path, cache: Path, builds: list[str],
                                                      damaged: str) -> None:
    expected = _refs(open_searcher(root=small_corpus))
    (index.index_path(small_corpus) / damaged).write_bytes(b"\x00garbage")
    assert _refs(open_searcher(root=small_corpus)) == expected
    assert len(builds) == 2


def test_a_failure_at_query_time_rebuilds_the_index_once_and_retries(small_corpus: Path, cache: Path,
                                                                     builds: list[str],
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    searcher = open_searcher(root=small_corpus)
    expected = _refs(searcher)
    real = Ranker.rank  # read on every query (the postings of a concept asked before are kept: Searcher._glossary)
    failures = [OSError("simulated: the segment file went away")]

    def failing_once(self: Ranker, *args: Any, **options: Any) -> list[tuple[int, float]]:
        if failures:
            raise failures.pop()
        return real(self, *args, **options)

    monkeypatch.setattr(Ranker, "rank", failing_once)
    assert _refs(searcher) == expected
    assert builds == ["FileStorage", "FileStorage"]


def test_a_citation_query_opens_no_index(small_corpus: Path, cache: Path, builds: list[str]) -> None:
    searcher = open_searcher(root=small_corpus)
    assert [hit.ref for hit in searcher.search("217.4").hits][:2] == ["cs-cr:217.4", "cs-cr:217.4a"]  # cs-cr line 18
    assert builds == []
    assert not list(cache.glob("index-*"))


def test_a_second_failure_after_the_rebuild_is_a_cache_error(small_corpus: Path, cache: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    searcher = open_searcher(root=small_corpus)

    def failing(self: Ranker, field: str, term: str) -> list[tuple[int, float]]:
        raise OSError("simulated: the disk is failing")

    monkeypatch.setattr(Ranker, "postings", failing)
    with pytest.raises(CacheError, match="again after a rebuild"):
        searcher.search(QUERY)


def test_an_unwritable_cache_folder_gives_an_index_in_memory(small_corpus: Path, tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch,
                                                             builds: list[str]) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("the cache folder would be below this regular file", encoding="utf-8")
    monkeypatch.setenv("IZVORI_JUDGE_CACHE", str(blocker / "cache"))  # tests run as root: chmod would not stop us
    with pytest.warns(CacheNotice, match="cannot be written"):
        searcher = open_searcher(root=small_corpus)
        assert EXPECTED <= _refs(searcher)
    assert searcher.opened.in_memory
    assert builds == ["RamStorage"]
    assert blocker.read_text(encoding="utf-8").startswith("the cache folder")


def test_a_forced_rebuild_replaces_the_index_and_leaves_no_build_folder(small_corpus: Path, cache: Path,
                                                                         builds: list[str]) -> None:
    expected = _refs(open_searcher(root=small_corpus))
    stale = cache / "index-0123456789abcdefghij-000000000000-a0f0"
    stale.mkdir()
    assert _refs(open_searcher(root=small_corpus, rebuild=True)) == expected
    assert builds == ["FileStorage", "FileStorage"]
    assert not stale.exists()
    assert not list(cache.glob(".index-build-*")) and not list(cache.glob(".trash-*"))


_QUERY_ONLY = """
import json, sys
from pathlib import Path
from izvori_rules.search.searcher import open_searcher
refs = [hit.ref for hit in open_searcher(root=Path(sys.argv[1])).search("hřbitov").hits]
print(json.dumps({"refs": refs, "whoosh": sorted(m for m in sys.modules if m.startswith("whoosh"))}))
"""


def test_a_query_on_a_built_index_reads_its_postings_file_without_whoosh(small_corpus: Path, cache: Path) -> None:
    expected = [hit.ref for hit in open_searcher(root=small_corpus).search("hřbitov").hits]  # builds the index
    assert (index.index_path(small_corpus) / "postings.marshal").is_file()
    env = {**os.environ, "IZVORI_JUDGE_CACHE": str(cache)}
    done = subprocess.run([sys.executable, "-c", _QUERY_ONLY, str(small_corpus)], env=env, capture_output=True,
                          text=True, timeout=120, check=True)
    out = json.loads(done.stdout)
    assert out == {"refs": expected, "whoosh": []}
    assert "cs-cr:217.4" in expected  # cs-cr line 18: 217.4 Hřbitov


def _flip_middle(path: Path) -> None:
    data = path.read_bytes()
    middle = len(data) // 2
    path.write_bytes(data[:middle] + bytes(b ^ 0xFF for b in data[middle:middle + 64]) + data[middle + 64:])


def test_bytes_changed_in_place_in_a_bucket_a_query_reads_are_detected_by_its_checksum_and_rebuilt(
        small_corpus: Path, cache: Path, builds: list[str]) -> None:
    before = open_searcher(root=small_corpus)
    expected = _refs(before)
    [concept] = before.search(QUERY).concepts  # a concept clause reads the concept's "concepts" postings
    _close(before)
    path = index.index_path(small_corpus) / "postings.marshal"
    postings = FilePostings.read(path)
    found = postings._field("concepts")
    assert found is not None
    at, size, _ = found._starts[bucket(concept)]
    del postings, found
    gc.collect()  # unmapped before the file changes
    data = path.read_bytes()
    path.write_bytes(data[:at] + bytes(b ^ 0xFF for b in data[at:at + size]) + data[at + size:])
    assert _refs(open_searcher(root=small_corpus)) == expected
    assert builds == ["FileStorage", "FileStorage"]


def test_bytes_changed_in_place_in_a_whoosh_segment_give_the_same_answer(small_corpus: Path, cache: Path) -> None:
    before = open_searcher(root=small_corpus)
    expected = _refs(before)
    _close(before)
    (segment,) = index.index_path(small_corpus).glob("*.seg")
    _flip_middle(segment)  # queries read the postings copied out of it, checksummed, never the segment itself
    assert _refs(open_searcher(root=small_corpus)) == expected


def test_an_unlisted_file_in_the_index_folder_is_a_rebuild(small_corpus: Path, cache: Path,
                                                           builds: list[str]) -> None:
    expected = _refs(open_searcher(root=small_corpus))
    (index.index_path(small_corpus) / "MAIN_extra.seg").write_bytes(b"not ours")
    assert _refs(open_searcher(root=small_corpus)) == expected
    assert len(builds) == 2


def test_folders_left_by_a_killed_build_are_removed_by_the_next_build(small_corpus: Path, cache: Path) -> None:
    cache.mkdir()
    left = [cache / ".index-build-k1ll3d", cache / ".trash-index-0123-4567"]  # kill -9 during a build, a swap
    for folder in left:
        folder.mkdir()
        (folder / "MAIN_x.seg").write_bytes(b"\0" * 1000)
    assert EXPECTED <= _refs(open_searcher(root=small_corpus))
    assert not any(folder.exists() for folder in left)


def test_which_stemmer_runs_is_part_of_the_key(small_corpus: Path, cache: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    from izvori_rules.text import stemming

    before = index.index_key(small_corpus)
    pure_python = type("SerbianStemmer", (), {"__module__": "snowballstemmer.serbian_stemmer"})
    monkeypatch.setattr(stemming, "make_stemmer", lambda language: pure_python())  # PyStemmer uninstalled
    next(cache.glob("index.*.stamp")).unlink()  # installing or removing PyStemmer changes site-packages: a new stamp
    assert index.index_key(small_corpus) != before


def test_the_index_module_does_not_import_the_graph_cache() -> None:
    code = "import sys, izvori_rules.search.index; print('izvori_rules.graph_cache' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"


def test_a_weight_changed_in_process_reaches_the_ranking_only_after_forget_scores(
        small_corpus: Path, cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # scripts/fit_ranking.py patches the ranking's weights in one process: the scores remembered with the old
    # weights must be forgotten, or every setting would rank as the first did.
    searcher = open_searcher(root=small_corpus)

    def scores() -> list[tuple[str, float]]:
        return [(hit.ref, hit.score) for hit in searcher.search("hřbitov karty").hits]

    first, weight = scores(), ranking.B
    monkeypatch.setattr(ranking, "B", 0.1)  # BM25's length normalisation, 0.9 in the code
    assert scores() == first
    searcher.forget_scores()
    assert scores() != first
    monkeypatch.setattr(ranking, "B", weight)
    searcher.forget_scores()
    assert scores() == first
