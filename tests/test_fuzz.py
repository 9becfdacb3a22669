"""Fuzzing (issue 11): references, queries, judges' texts, scenario and deck files, and damaged caches.

Every command run ends with exit 0-4, a message and no traceback (``fuzzing.invoke``); the library functions
behind them keep their invariants (a citation's surface is the text at its span, on the line it names); a
damaged cache is never served: it decodes to exactly the good graph or to nothing (a rebuild). The cases are
seeded (derandomized), so CI runs the same ones every time. Output as rich renders it (markup, escapes, odd
terminals) is fuzzed in ``test_fuzz_rendering.py``.
"""

from __future__ import annotations

import codecs
import json
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fuzzing import HOSTILE, REFERENCE_PIECES, WORDS, fuzz_settings, invoke, pieces
from izvori_rules import cache, graph_cache
from izvori_rules.citecheck import DANGLING, MISMATCH, OK, check_text
from izvori_rules.corpus import corpus_dir
from izvori_rules.graph import RuleGraph

SCENARIOS = sorted((corpus_dir() / "scenarios").glob("*.yaml"))[:40]


@pytest.fixture(scope="module")
def workdir() -> Iterator[Path]:
    """A folder for the files the cases write (Hypothesis runs many cases per test function)."""
    folder = Path(tempfile.mkdtemp(prefix="izvori-fuzz-"))
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


# --- references and queries ---------------------------------------------------------------------------------


@fuzz_settings(200)
@given(refs=st.lists(pieces(REFERENCE_PIECES, HOSTILE), min_size=1, max_size=3), as_json=st.booleans())
def test_fuzz_lookup(graph: RuleGraph, refs: list[str], as_json: bool) -> None:
    result = invoke(["lookup", *(["--json"] if as_json else []), "--", *refs])
    if as_json and result.exit_code in (0, 1):
        json.loads(result.stdout)


@fuzz_settings(150)
@given(query=pieces(REFERENCE_PIECES, WORDS, HOSTILE, max_size=6))
def test_fuzz_search(graph: RuleGraph, query: str) -> None:
    result = invoke(["search", "--json", "--", query])
    if result.exit_code in (0, 1):
        data = json.loads(result.stdout)
        assert data["query"] == query and (data["hits"] == []) == (result.exit_code == 1)


@fuzz_settings(100)
@given(term=pieces(WORDS, HOSTILE, max_size=5))
def test_fuzz_define(term: str) -> None:
    invoke(["define", "--json", "--", term])


# --- judges' texts ------------------------------------------------------------------------------------------

LEADS = ["Vidi pravilo ", "Prema pravilu ", "pravila ", "см. правило ", "Видети правило ", "viz pravidlo ", "CR ",
         "rule ", "(", ")", " i ", ", ", ". ", "\n", "deo ", "“Nivoi”", "«Пробивной удар»", "“Korak najave"]
CITED = ["D19.51", "A4.40-A4.41", "A4.40 – A4.42", "a4.40", "A4,40", "Z9.99", "G4.40", "Q7", "D10.16-18",
         "702.19b", "601.2f–h", "101.4", "sr-judge:B6.33#2", "ru-cr:704.5a", "Д19.51", "А4.40", "C9", "500"]


@fuzz_settings(300)
@given(text=pieces(LEADS, CITED, HOSTILE, max_size=12))
def test_fuzz_citations_in_a_judges_text(graph: RuleGraph, text: str) -> None:
    for found in check_text(graph, text):
        assert 0 <= found.start < found.end <= len(text)
        assert found.surface == text[found.start:found.end]
        assert found.line == text.count("\n", 0, found.start) + 1
        assert found.status in (OK, DANGLING, MISMATCH)
        assert all(ref in graph.nodes for ref in (*found.targets, *found.current))
        assert (found.status == DANGLING) == bool(found.unresolved)


@fuzz_settings(100)
@given(text=pieces(LEADS, CITED, HOSTILE, max_size=12), codec=st.sampled_from(
    ["utf-8", "utf-8-sig", "utf-16", "utf-16-be", "cp1250", "cp1251", "koi8_r", "latin-1"]))
def test_fuzz_cite_check_files(graph: RuleGraph, workdir: Path, text: str, codec: str) -> None:
    path = workdir / "text.txt"
    path.write_bytes(text.encode(codec, errors="replace") if codec != "utf-16-be"
                     else codecs.BOM_UTF16_BE + text.encode(codec, errors="surrogatepass"))
    result = invoke(["cite-check", "--json", str(path)])
    if result.exit_code in (0, 1):
        assert json.loads(result.stdout)["errors"] == (result.exit_code == 1)


# --- deck lists ---------------------------------------------------------------------------------------------

DECK_LINES = ["4 Grom", "Grom x4", "4x Forest", "3 Кавгаџија", "2 Kavgadžija", "SB: 2 Negate", "Sideboard:",
              "Bića (20)", "Izvori", "Criaturas", "20 Šuma", "17 Island", "1\xa0\xa0Sliver Queen (foil)", "0 Vitez",
              "4", "(komentar", "nastavak)", "four Forest", "99999999999999999999 Grom", "-1 Grom", "x4 x4",
              "\ufeff4 Grom", "60 Остров"]


@fuzz_settings(150)
@given(lines=st.lists(st.one_of(st.sampled_from(DECK_LINES), pieces(HOSTILE, ["4 ", "x", "SB:", " "])), max_size=15),
       codec=st.sampled_from(["utf-8", "utf-16", "cp1250", "cp1251"]),
       ruleset=st.sampled_from(["izvori", "mtg", "pokemon"]), fmt=st.sampled_from(["constructed", "limited", "x"]))
def test_fuzz_deck_lists(workdir: Path, lines: list[str], codec: str, ruleset: str, fmt: str) -> None:
    path = workdir / "deck.txt"
    path.write_bytes("\n".join(lines).encode(codec, errors="replace"))
    invoke(["deck", "check", str(path), "--ruleset", ruleset, "--format", fmt, "--json"])


# --- scenario files -----------------------------------------------------------------------------------------


def _mutate(text: str, how: str, at: float, token: str) -> str:
    lines = text.split("\n")
    i = int(at * len(lines)) % len(lines)
    cut = int(at * len(text))
    return {
        "truncate": text[:cut],
        "drop-line": "\n".join(lines[:i] + lines[i + 1:]),
        "repeat-line": "\n".join(lines[:i + 1] + lines[i:]),
        "insert": text[:cut] + token + text[cut:],
        "replace-line": "\n".join(lines[:i] + [token] + lines[i + 1:]),
        "indent": "\n".join(lines[:i] + ["  " + lines[i]] + lines[i + 1:]),
        "nest": text[:cut] + "[" * 3000 + text[cut:],
        "alias-bomb": "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
            f"{c}: &{c} [*{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}]\n"
            for p, c in zip("abcdefg", "bcdefgh")) + text,
    }[how]


SCENARIO_TOKENS = ["power: -1", "toughness: 99999999999999999999", "keywords: [banding]", "- pass: {}",
                   "ruleset: pokemon", "turn: {active: Nobody}", "!!python/object:os.system", "&x", "*x",
                   "<<: *x", "{", "]", ": :", "- attack: {Craw Wurm: Craw Wurm}", "life: {Boris: -5}", "\t", "null",
                   "version: 2", "step: cleanup", "cards: {}", "- {name: X, types: [creature], power: 1}"]


@fuzz_settings(100)
@given(source=st.sampled_from(SCENARIOS), how=st.sampled_from(
    ["truncate", "drop-line", "repeat-line", "insert", "replace-line", "indent", "nest", "alias-bomb"]),
    at=st.floats(0, 1), token=st.one_of(st.sampled_from(SCENARIO_TOKENS), pieces(HOSTILE, SCENARIO_TOKENS)))
def test_fuzz_scenario_files(workdir: Path, source: Path, how: str, at: float, token: str) -> None:
    path = workdir / "scenario.yaml"
    path.write_text(_mutate(source.read_text(encoding="utf-8"), how, at, token), encoding="utf-8",
                    errors="surrogatepass")
    invoke(["scenario", "run", str(path), "--json"], allowed=frozenset({0, 1, 2, 3, 4}))


# --- damaged caches -----------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def small_graph(workdir: Path) -> Iterator[tuple[Path, RuleGraph, bytes]]:
    """sr-judge alone, parsed once: its corpus folder, its graph and the bytes of its cache file."""
    root = workdir / "corpus"
    (root / "documents").mkdir(parents=True)
    shutil.copy(corpus_dir() / "documents" / "sr-judge.txt", root / "documents")
    blocks = (corpus_dir() / "manifest.toml").read_text(encoding="utf-8").split("[[document]]")
    (root / "manifest.toml").write_text("[[document]]" + next(b for b in blocks if '"sr-judge"' in b), encoding="utf-8")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("IZVORI_JUDGE_CACHE", str(workdir / "cache"))
        graph = graph_cache.parse_corpus(root)
        yield root, graph, graph_cache._encode(graph)


DAMAGE = st.sampled_from(["flip", "zero", "truncate", "insert", "same-length-text", "swap"])


def _damage(good: bytes, how: str, at: float, size: int) -> bytes:
    i = min(int(at * len(good)), len(good) - 1)
    if how == "flip":
        return good[:i] + bytes([good[i] ^ (1 << (size % 8))]) + good[i + 1:]
    if how == "zero":
        return good[:i] + bytes(size) + good[i + size:]
    if how == "truncate":
        return good[:i]
    if how == "insert":
        return good[:i] + b"X" * size + good[i:]
    if how == "same-length-text":
        return good[:i] + b"X" * len(good[i:i + size]) + good[i + size:]
    j = min(i + size, len(good) - 1)
    return good[:i] + good[j:j + 1] + good[i + 1:j] + good[i:i + 1] + good[j + 1:]


@fuzz_settings(300)
@given(how=DAMAGE, at=st.floats(0, 1), size=st.integers(1, 64))
def test_fuzz_a_damaged_graph_cache_decodes_to_the_good_graph_or_to_nothing(
        small_graph: tuple[Path, RuleGraph, bytes], how: str, at: float, size: int) -> None:
    _, graph, good = small_graph
    bad = _damage(good, how, at, size)
    decoded = graph_cache._decode(bad)
    if decoded is not None:  # only when the damage changed nothing
        assert bad == good or all(decoded.nodes[ref] == node for ref, node in graph.nodes.items())


@fuzz_settings(15)
@given(how=DAMAGE, at=st.floats(0, 1), size=st.integers(1, 64))
def test_fuzz_a_damaged_graph_cache_file_is_rebuilt_and_answers_alike(
        small_graph: tuple[Path, RuleGraph, bytes], workdir: Path, how: str, at: float, size: int) -> None:
    root, graph, good = small_graph
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("IZVORI_JUDGE_CACHE", str(workdir / "cache"))
        path = cache.cache_dir() / f"graph-{graph_cache.graph_key(root)}.marshal"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(_damage(good, how, at, size))
        graph_cache.load_graph.cache_clear()
        try:
            loaded = graph_cache.load_graph(root)
            assert [n.text for n in loaded.resolve("D19.51")] == [graph.nodes["sr-judge:D19.51"].text]
            assert loaded.nodes["sr-judge:A4.40"] == graph.nodes["sr-judge:A4.40"]
        finally:
            graph_cache.load_graph.cache_clear()
        assert graph_cache._decode(path.read_bytes()) is not None  # the damaged file was replaced


@fuzz_settings(150)
@given(key=pieces(["../", "..", "/", "evil", "a", "-", "0", "\x00", "\n", "graph", ".marshal", "~", "$HOME"]))
def test_fuzz_a_stamp_never_names_a_file_outside_the_cache_folder(small_graph: tuple[Path, RuleGraph, bytes],
                                                                  workdir: Path, key: str) -> None:
    root = small_graph[0]
    with pytest.MonkeyPatch.context() as patch:
        folder = workdir / "stamp-cache"
        patch.setenv("IZVORI_JUDGE_CACHE", str(folder))
        real = graph_cache.graph_key(root)
        stamp = folder / "graph.stamp"
        signature = stamp.read_text(encoding="utf-8").rpartition("\n")[0]
        stamp.write_bytes(f"{signature}\n{key}".encode("utf-8", "surrogatepass"))
        found = graph_cache.graph_key(root)
        target = (folder / f"graph-{found}.marshal").resolve()
        assert target.parent == folder.resolve()
        assert found == real or cache.KEY_SHAPE.fullmatch(found)


@pytest.fixture(scope="module")
def small_index(workdir: Path) -> Iterator[tuple[Path, int]]:
    """The index of cs-cr and pt-guide built once: its folder and its document count."""
    from izvori_rules.search.searcher import open_searcher

    root = workdir / "index-corpus"
    (root / "documents").mkdir(parents=True)
    blocks = (corpus_dir() / "manifest.toml").read_text(encoding="utf-8").split("[[document]]")
    kept = [b for b in blocks if any(f'id = "{doc}"' in b for doc in ("cs-cr", "pt-guide"))]
    (root / "manifest.toml").write_text("".join("[[document]]" + b for b in kept), encoding="utf-8")
    for doc in ("cs-cr", "pt-guide"):
        shutil.copy(corpus_dir() / "documents" / f"{doc}.txt", root / "documents")
    shutil.copy(corpus_dir() / "concepts.tsv", root)
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("IZVORI_JUDGE_CACHE", str(workdir / "index-cache"))
        from izvori_rules.search import index

        searcher = open_searcher(root=root)
        count = searcher.doc_count()
        searcher.opened.close()
        yield index.index_path(root), count


@fuzz_settings(150)
@given(pick=st.integers(0, 100), how=DAMAGE, at=st.floats(0, 1), size=st.integers(1, 64))
def test_fuzz_a_damaged_index_file_fails_its_checksum(small_index: tuple[Path, int], pick: int, how: str, at: float,
                                                      size: int) -> None:
    from izvori_rules.search.index import MARKER, READ_AT_QUERY, _verified

    folder, count = small_index
    files = sorted(p for p in folder.iterdir() if p.stat().st_size)
    victim = files[pick % len(files)]
    good = victim.read_bytes()
    bad = _damage(good, how, at, size)
    # What a query reads whole is checksummed; Whoosh's own files are read only while the index is built (queries
    # read the postings copied out of them), and the postings file checks each block as it is read (the next
    # test), so for them a change of size is what must be caught.
    checked = victim.name in READ_AT_QUERY or victim.name == MARKER
    still_good = bad == good if checked else len(bad) == len(good)
    try:
        victim.write_bytes(bad)
        assert _verified(folder, count) == still_good
    finally:
        victim.write_bytes(good)
    assert _verified(folder, count)


@fuzz_settings(150)
@given(how=DAMAGE, at=st.floats(0, 1), size=st.integers(1, 64))
def test_fuzz_a_damaged_postings_file_reads_each_block_as_it_was_or_fails(small_index: tuple[Path, int], how: str,
                                                                        at: float, size: int) -> None:
    from izvori_rules.search.postings import FILE_NAME, FilePostings, _block

    good = (small_index[0] / FILE_NAME).read_bytes()
    bad = _damage(good, how, at, size)
    known = FilePostings(good)
    try:
        damaged = FilePostings(bad)
    except ValueError:  # the header is damaged: the index is rebuilt
        return
    assert (damaged.refs, damaged.sources, damaged.classes()) == (known.refs, known.sources, known.classes())
    for field in known._offsets:
        try:
            found = damaged._field(field)
        except ValueError:  # this field's block: a query that reads it rebuilds the index
            continue
        reference = known._field(field)
        assert found is not None and reference is not None
        assert (found.lengths, found.total) == (reference.lengths, reference.total)
        for where, same in zip(found._starts, reference._starts, strict=True):
            assert where == same
            try:
                block = _block(bad, where)
            except ValueError:  # a bucket or the sorted terms
                continue
            assert block == _block(good, where)
