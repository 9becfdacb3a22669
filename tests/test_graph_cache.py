"""The graph cache: reused when present, rebuilt when corrupted, skipped when the folder cannot be written."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from izvori_rules import corpus, graph_cache
from izvori_rules.corpus import corpus_dir
from izvori_rules.errors import CacheNotice

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
    with pytest.warns(CacheNotice, match="cannot be written"):
        graph = graph_cache.load_graph(small_corpus)
    graph_cache.load_graph.cache_clear()
    assert len(graph.resolve("D19.51")) == 1
    assert blocker.read_text() == "not a folder"


def test_writing_leaves_no_temporary_files(small_corpus: Path, cache_dir: Path) -> None:
    graph_cache.load_graph(small_corpus)
    stamp = next(cache_dir.glob("graph.*.stamp")).name
    assert sorted(p.name for p in cache_dir.iterdir()) == sorted([_cache_file(cache_dir).name, "graph.lock", stamp])


def test_the_key_is_hashed_once_then_reused_until_a_file_changes(small_corpus: Path, cache_dir: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    first = graph_cache.graph_key(small_corpus)
    monkeypatch.setattr(corpus, "data_hash", lambda *args: pytest.fail("hashed again"))
    assert graph_cache.graph_key(small_corpus) == first
    document = small_corpus / "documents" / "sr-judge.txt"
    document.write_bytes(document.read_bytes() + b"\n")
    monkeypatch.setattr(corpus, "data_hash", lambda *args: "changed")
    assert graph_cache.graph_key(small_corpus).startswith("changed-")


def test_a_damaged_stamp_only_costs_a_hash(small_corpus: Path, cache_dir: Path) -> None:
    first = graph_cache.graph_key(small_corpus)
    next(cache_dir.glob("graph.*.stamp")).write_bytes(b"\xff\xfe garbage")
    assert graph_cache.graph_key(small_corpus) == first


def test_a_changed_document_changes_the_cache_key(small_corpus: Path, tmp_path: Path) -> None:
    changed = tmp_path / "changed"
    shutil.copytree(small_corpus, changed)
    with open(changed / "documents" / "sr-judge.txt", "a", encoding="utf-8") as handle:
        handle.write("\n")
    assert graph_cache.graph_key(changed) != graph_cache.graph_key(small_corpus)


# sr-judge line 1120 (D19.51): the text a damaged record must never replace.
D19_51 = "sr-judge:D19.51"


@pytest.mark.parametrize("filler", ["same-length text", "random bytes"])
def test_a_damaged_record_is_rebuilt_never_served(small_corpus: Path, cache_dir: Path, filler: str) -> None:
    import os

    good_graph = graph_cache.load_graph(small_corpus)
    words = good_graph.nodes[D19_51].text.encode("utf-8")[:40]
    path = _cache_file(cache_dir)
    good = path.read_bytes()
    at = good.index(words)
    bad = b"X" * len(words) if filler == "same-length text" else os.urandom(len(words))
    path.write_bytes(good[:at] + bad + good[at + len(words):])
    graph_cache.load_graph.cache_clear()
    graph = graph_cache.load_graph(small_corpus)
    assert graph.nodes[D19_51].text.encode("utf-8")[:40] == words
    assert path.read_bytes() == good  # rebuilt and rewritten


def test_a_damaged_header_is_rebuilt(small_corpus: Path, cache_dir: Path) -> None:
    graph_cache.load_graph(small_corpus)
    path = _cache_file(cache_dir)
    good = path.read_bytes()
    path.write_bytes(good[:40] + bytes(b ^ 0x5A for b in good[40:80]) + good[80:])
    graph_cache.load_graph.cache_clear()
    assert graph_cache.load_graph(small_corpus).resolve("D19.51")[0].ref == D19_51
    assert path.read_bytes() == good


def test_the_key_covers_every_source_file_of_the_package(small_corpus: Path, cache_dir: Path, tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """A module nobody listed (here a new one) still changes the key: the key hashes the package's files."""
    from izvori_rules import cache

    package = tmp_path / "package"
    shutil.copytree(cache.PACKAGE_DIR, package, ignore=shutil.ignore_patterns("__pycache__", "_corpus"))
    monkeypatch.setattr(cache, "PACKAGE_DIR", package)
    before = graph_cache.graph_key(small_corpus)
    (package / "deck" / "new_module.py").write_text("WHATEVER = 1\n", encoding="utf-8")
    assert graph_cache.graph_key(small_corpus) != before
    assert {"tsv.py", "corpus.py", "cache.py", "new_module.py"} <= {p.name for p in cache.package_files()}


def test_a_new_library_version_changes_the_key(small_corpus: Path, cache_dir: Path, tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    from importlib import metadata

    from izvori_rules import cache

    site = tmp_path / "site-packages"
    site.mkdir()
    monkeypatch.setattr(cache, "environment_files", lambda: [site])
    before = graph_cache.graph_key(small_corpus)
    real = metadata.version
    monkeypatch.setattr(metadata, "version", lambda name: "99.0" if name == "PyStemmer" else real(name))
    (site / "PyStemmer-99.0.dist-info").mkdir()  # what pip does to the folder when it upgrades
    assert graph_cache.graph_key(small_corpus) != before


def test_a_stamp_cannot_make_the_tool_write_outside_the_cache_folder(small_corpus: Path, cache_dir: Path,
                                                                     tmp_path: Path) -> None:
    key = graph_cache.graph_key(small_corpus)
    stamp = next(cache_dir.glob("graph.*.stamp"))
    signature = stamp.read_text(encoding="utf-8").rpartition("\n")[0]
    stamp.write_text(f"{signature}\n../../../elsewhere/evil", encoding="utf-8")
    graph = graph_cache.load_graph(small_corpus)
    assert graph.resolve("D19.51")[0].ref == D19_51
    assert not (tmp_path / "elsewhere").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cache", "corpus"]
    assert graph_cache.graph_key(small_corpus) == key


def test_an_unwritable_cache_parses_once_per_process(small_corpus: Path, tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    from contextlib import nullcontext

    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("IZVORI_JUDGE_CACHE", str(blocker / "cache"))
    graph_cache.load_graph.cache_clear()
    parses = []
    real = graph_cache.parse_corpus
    monkeypatch.setattr(graph_cache, "parse_corpus", lambda root=None: parses.append(root) or real(root))
    with pytest.warns(CacheNotice):
        for _ in range(3):  # as the CLI calls it: a new progress callback each time
            graph_cache.load_graph(small_corpus, lambda: nullcontext())
    graph_cache.load_graph.cache_clear()
    assert parses == [small_corpus]


def test_a_build_leftover_is_removed_by_the_next_build(small_corpus: Path, cache_dir: Path) -> None:
    cache_dir.mkdir()
    leftover = cache_dir / ".graph-0123.marshal.abcd.tmp"  # what a kill -9 in the middle of a write leaves
    leftover.write_bytes(b"half a graph")
    graph_cache.load_graph(small_corpus)
    assert not leftover.exists()


_PARSER = """
import sys
from pathlib import Path
from izvori_rules import graph_cache
real = graph_cache.parse_corpus
def parse(root=None):
    with open(sys.argv[2], "a") as log:
        log.write("parse\\n")
    return real(root)
graph_cache.parse_corpus = parse
print(graph_cache.load_graph(Path(sys.argv[1])).resolve("D19.51")[0].ref)
"""


def test_commands_started_at_once_on_an_empty_cache_parse_once(small_corpus: Path, cache_dir: Path,
                                                                tmp_path: Path) -> None:
    import os
    import subprocess
    import sys

    log = tmp_path / "parses.log"
    env = {**os.environ, "IZVORI_JUDGE_CACHE": str(cache_dir)}
    command = [sys.executable, "-c", _PARSER, str(small_corpus), str(log)]
    processes = [subprocess.Popen(command, env=env, stdout=subprocess.PIPE, text=True) for _ in range(4)]
    outputs = [p.communicate(timeout=120)[0].strip() for p in processes]
    assert [p.returncode for p in processes] == [0, 0, 0, 0]
    assert outputs == [D19_51] * 4
    assert log.read_text().splitlines() == ["parse"]


def test_a_cache_file_replaced_by_a_fifo_is_rebuilt_not_waited_on(small_corpus: Path, cache_dir: Path) -> None:
    import os
    import stat

    graph_cache.load_graph(small_corpus)
    path = _cache_file(cache_dir)
    path.unlink()
    os.mkfifo(path)  # reading it would wait for a writer forever
    graph_cache.load_graph.cache_clear()
    assert graph_cache.load_graph(small_corpus).resolve("D19.51")[0].ref == D19_51
    assert stat.S_ISREG(path.stat().st_mode)


def test_two_lists_of_files_keep_a_stamp_each(cache_dir: Path, tmp_path: Path) -> None:
    """The installed script and ``python -m`` see different folders on ``sys.path``: taking turns, neither
    computes its key again."""
    from izvori_rules import cache

    one, other = tmp_path / "one", tmp_path / "other"
    one.write_text("1")
    other.write_text("2")
    computed: list[str] = []

    def compute(key: str) -> str:
        computed.append(key)
        return key

    for files, key in [([one], "a" * 16), ([one, other], "b" * 16), ([one], "c" * 16), ([one, other], "d" * 16)]:
        cache.stamped_key("test", files, lambda key=key: compute(key))  # type: ignore[misc]
    assert computed == ["a" * 16, "b" * 16]


def test_the_graph_kept_in_the_process_follows_what_builds_it(small_corpus: Path, cache_dir: Path, tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """A release added or a document changed while the process runs is seen without ``cache_clear``: the kept
    graph is keyed by :func:`graph_key`, not by the corpus folder alone."""
    monkeypatch.setenv("IZVORI_JUDGE_DATA", str(tmp_path / "data"))
    first = graph_cache.load_graph(small_corpus)
    assert graph_cache.load_graph(small_corpus) is first
    added = corpus.added_folder()
    added.mkdir(parents=True)
    (added / "2026-08-07.txt").write_text("These rules are effective as of August 7, 2026.\n", encoding="utf-8")
    assert graph_cache.load_graph(small_corpus) is not first  # the added release is in the key (corpus.data_files)
    document = small_corpus / "documents" / "sr-judge.txt"
    text = document.read_text(encoding="utf-8")
    old = first.nodes[D19_51].text.split()[0]  # "Vrednosti", sr-judge line 2694
    document.write_text(text.replace(f"D19.51 {old}", "D19.51 Izmenjeno"), encoding="utf-8")
    assert graph_cache.load_graph(small_corpus).nodes[D19_51].text.startswith("Izmenjeno")
