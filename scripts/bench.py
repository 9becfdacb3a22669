"""Benchmark izvori-judge (a benchmark, not a test): every figure beside a bare interpreter start.

Run with the venv's interpreter, e.g. ``.venv/bin/python scripts/bench.py``; ``--only lookup,search``
picks sections. Cold figures start a new process each time (with the on-disk caches already built, as a
judge's second command would); warm figures run in this process.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

REPEATS = 15


def timed(fn: Callable[[], object], repeats: int = REPEATS,
          clock: Callable[[], float] = time.perf_counter) -> list[float]:
    """Wall times of ``fn`` in milliseconds (or the times of another ``clock``: ``time.process_time`` for CPU
    time, which a machine busy with other work disturbs less)."""
    out = []
    for _ in range(repeats):
        start = clock()
        fn()
        out.append((clock() - start) * 1000)
    return out


def run(cmd: Sequence[str]) -> Callable[[], object]:
    """A function that runs a command, output discarded."""
    return lambda: subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)


def report(name: str, times: list[float], bare: float | None = None) -> None:
    """One line: median, p95 and, for process starts, the ratio to a bare interpreter start."""
    p50 = statistics.median(times)
    p95 = sorted(times)[max(0, int(len(times) * 0.95) - 1)]
    ratio = f"  = {p50 / bare:4.1f}× bare start" if bare else ""
    print(f"{name:<44} p50 {p50:9.3f} ms   p95 {p95:9.3f} ms{ratio}")


def cli() -> list[str]:
    """The venv's ``izvori-judge`` script beside this interpreter; without one (the source tree on PYTHONPATH),
    this interpreter running the same entry point."""
    beside = Path(sys.executable).parent / "izvori-judge"
    found = str(beside) if beside.exists() else shutil.which("izvori-judge")
    return [found] if found else [sys.executable, "-c", "from izvori_rules.cli import main; main()"]


def command(*args: str) -> list[str]:
    """An ``izvori-judge`` command line with these arguments."""
    return [*cli(), *args]


def peak_memory_mb(cmd: Sequence[str], env: dict[str, str] | None = None) -> float:
    """The peak resident memory of one run of ``cmd`` in megabytes (its own process, measured from a parent
    that does nothing else)."""
    probe = ("import resource, subprocess, sys; subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, "
             "stderr=subprocess.DEVNULL); print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")
    out = subprocess.run([sys.executable, "-c", probe, *cmd], capture_output=True, text=True, check=True, env=env)
    return int(out.stdout.strip()) / 1024


def bench_cr(bare: float) -> None:
    """The English CR (issue 15): cold lookups of the newest release (a graph document) and of an old one (the
    history store), the same for a translation, peak memory, and first runs from an empty cache folder."""
    import os
    import tempfile

    from izvori_rules.graph_cache import load_graph
    from izvori_rules.lookup import lookup

    lookup(load_graph(), ["cr-2006-10-01:502.9"])  # the graph cache and the history store exist
    for args in (["lookup", "D19.51", "--json"], ["lookup", "cr:702.19b", "--json"],
                 ["lookup", "cr-2006-10-01:502.9"], ["lookup", "cr-2006-10-01:502.9", "--json"]):
        report(f"cold CLI: izvori-judge {' '.join(args)}", timed(run(command(*args))), bare)
    for args in (["lookup", "D19.51", "--json"], ["lookup", "cr-2006-10-01:502.9", "--json"]):
        print(f"{'peak memory: ' + ' '.join(args):<44} {peak_memory_mb(command(*args)):9.1f} MB")
    for args, label in ((["lookup", "D19.51"], "first lookup D19.51 (empty cache folder)"),
                        (["lookup", "cr-2006-10-01:502.9"], "first lookup cr-2006-10-01:502.9 (empty cache)")):
        times = []
        for _ in range(2):
            with tempfile.TemporaryDirectory() as empty:
                env = {**os.environ, "IZVORI_JUDGE_CACHE": empty}
                times.extend(timed(lambda: subprocess.run(command(*args), env=env, stdout=subprocess.DEVNULL,
                                                          stderr=subprocess.DEVNULL, check=False), 1))
        report(label, times, bare)


def bench_history(bare: float) -> None:
    """The history of the English CR (issue 15): the first ``history`` from an empty cache folder (every
    release parsed, each consecutive pair aligned), cold ``history``/``diff`` with the store built (target:
    ``history 702.19b --json`` within 12× a bare start), warm lineage calls, and adding one release later."""
    import os
    import tempfile

    from izvori_rules.cr_releases import release_text
    from izvori_rules.history.family import cr_folder
    from izvori_rules.history.lineage import follow, release_diff, rule_history
    from izvori_rules.history.sources import load_store

    with tempfile.TemporaryDirectory() as empty:
        env = {**os.environ, "IZVORI_JUDGE_CACHE": empty}
        first = timed(lambda: subprocess.run(command("history", "702.19b", "--json"), env=env,
                                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False), 1)
        report("first history 702.19b (empty cache: build)", first, bare)
    store = load_store()
    print(f"{'history store: releases, spans':<44} {len(store.releases)} releases, {store.span_count()} spans")
    for args in (["history", "702.19b", "--json"], ["history", "cr-2006-10-01:502.9"],
                 ["diff", "2026-06-19", "2026-08-07", "--json"], ["diff", "2019-05-03", "2026-08-07", "--summary"]):
        report(f"cold CLI: izvori-judge {' '.join(args)}", timed(run(command(*args)), 7), bare)
    print(f"{'peak memory: history 702.19b --json':<44} "
          f"{peak_memory_mb(command('history', '702.19b', '--json')):9.1f} MB")
    report("warm follow 2006-10-01 502.9b → 2019-05-03", timed(
        lambda: follow(store, "2006-10-01", "502.9b", "2019-05-03"), 50))
    report("warm rule_history 702.19b", timed(lambda: rule_history(store, "2026-08-07", "702.19b"), 20))
    report("warm diff 2019-05-03 → 2026-08-07", timed(lambda: release_diff(store, "2019-05-03", "2026-08-07"), 3))
    with tempfile.TemporaryDirectory() as data:
        text = release_text("2026-08-07", cr_folder()).replace("August 7, 2026", "September 25, 2026")
        new = Path(data) / "new.txt"
        new.write_text(text, encoding="utf-8")
        env = {**os.environ, "IZVORI_JUDGE_DATA": str(Path(data) / "user")}
        add = timed(lambda: subprocess.run(command("corpus", "add", str(new)), env=env, stdout=subprocess.DEVNULL,
                                           stderr=subprocess.DEVNULL, check=False), 1)
        report("corpus add one new release (parse + align 1)", add, bare)
    load_store()  # the added release is gone again: the store drops it


def bench_lookup(bare: float) -> None:
    """Cold CLI lookup, warm in-process lookup, full parse of the corpus."""
    from izvori_rules.graph_cache import load_graph, parse_corpus, with_equivalents
    from izvori_rules.serialize import node_json

    load_graph()  # make sure the on-disk cache exists
    report("cold CLI: izvori-judge lookup D19.51", timed(run([*cli(), "lookup", "D19.51"])), bare)
    report("cold CLI: izvori-judge lookup 101.4 --json", timed(run([*cli(), "lookup", "101.4", "--json"])), bare)
    graph = load_graph()
    refs = ["D19.51", "101.4", "cs-cr:214.8e", "ru-cr:702.19b", "A4.40", "704.5a"]
    report("warm in-process lookup (resolve + JSON)",
           timed(lambda: [node_json(n) for r in refs for n in graph.resolve(r)], 200))
    report("full parse of the corpus (no cache)", timed(parse_corpus, 5))
    report("graph build with equivalents (no cache)", timed(lambda: with_equivalents(parse_corpus()), 3))


def bench_search(bare: float) -> None:
    """Index build, in-process query latency over the query set, cold CLI searches."""
    from izvori_rules.graph_cache import load_graph
    from izvori_rules.search.index import open_index
    from izvori_rules.search.searcher import default_searcher, search_matcher

    graph = load_graph()
    report("index build (forced, on disk, with concepts)",
           timed(lambda: open_index(graph, search_matcher, force=True).close(), 3))
    searcher = default_searcher()
    known, new = search_queries(), search_queries("search_questions.tsv")
    for query, doc, lang in known:  # warm up: stemmer memos, postings pages in the OS cache
        searcher.search(query, doc, lang)
    # A judge's next question is new: each question of the set asked once, its clauses' scores not yet kept
    # (Ranker's memos hold what earlier queries read; the repeated runs below measure them warm)
    report(f"in-process search, first time, {len(new)} queries × 1",
           [t for query, doc, lang in new for t in timed(lambda: searcher.search(query, doc, lang), 1)])
    queries = known + new
    latencies = [t for query, doc, lang in queries for t in timed(lambda: searcher.search(query, doc, lang), 5)]
    report(f"in-process search, {len(queries)} queries × 5", latencies)
    cpu = [t for query, doc, lang in queries for t in timed(lambda: searcher.search(query, doc, lang), 3,
                                                            time.process_time)]
    report(f"in-process search CPU time, {len(queries)} queries × 3", cpu)
    report("cold CLI: izvori-judge search razbijac --json", timed(run([*cli(), "search", "razbijac", "--json"])), bare)
    report("cold CLI: izvori-judge search razbijac", timed(run([*cli(), "search", "razbijac"])), bare)
    report("cold CLI: izvori-judge search D10.11-D10.19", timed(run([*cli(), "search", "D10.11-D10.19"])), bare)


def search_queries(name: str = "search_queries.tsv") -> list[tuple[str, str | None, str | None]]:
    """The queries of a quality set in tests/ (search_queries.tsv, search_questions.tsv) with their --doc and
    --lang options."""
    path = Path(__file__).resolve().parent.parent / "tests" / name
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith(("#", "set\t")):
            _, query, options = line.split("\t")[:3]
            chosen = dict(o.split("=", 1) for o in options.split()) if options != "-" else {}
            out.append((query, chosen.get("doc"), chosen.get("lang")))
    return out


def bench_scenarios(bare: float) -> None:
    """The whole scenario library in one process, and cold ``scenario run`` (issue 14: within 12× a bare start):
    an izvori and an mtg file, rich and ``--json``, run before (read back from the scenario cache, as a judge's
    second run of a file is), and a file never run before (a new copy each time), rich and ``--json``."""
    import itertools
    import tempfile

    from izvori_rules.corpus import corpus_dir
    from izvori_rules.engine.runner import run_scenario

    files = sorted((corpus_dir() / "scenarios").glob("*.yaml"))
    report(f"scenario library in process ({len(files)} files)", timed(lambda: [run_scenario(f) for f in files], 5))
    commands: dict[str, Callable[[], list[str]]] = {}
    for name in ("izvori-activated-cost-sacrifice.yaml", "mtg-trample-deathtouch.yaml"):
        path = str(corpus_dir() / "scenarios" / name)
        for options in ([], ["--json"]):
            line = command("scenario", "run", path, *options)
            commands[" ".join(["scenario run", name.split("-")[0], *options])] = lambda line=line: line
    with tempfile.TemporaryDirectory() as folder:
        text, numbers = (corpus_dir() / "scenarios" / "mtg-trample-deathtouch.yaml").read_bytes(), itertools.count()

        def new_file(*options: str) -> list[str]:
            copy = Path(folder) / f"new-{next(numbers)}.yaml"
            copy.write_bytes(text)
            return command("scenario", "run", str(copy), *options)

        commands["scenario run mtg, a new file"] = new_file
        commands["scenario run mtg --json, a new file"] = lambda: new_file("--json")
        cold_ratios(commands, 15)
    bench_engine_start()


def cold_ratios(commands: dict[str, Callable[[], list[str]]], repeats: int) -> None:
    """Each command (made anew for each run) and a bare interpreter start, run in turn ``repeats`` times, so that
    other work on the machine disturbs them alike, after one run each to build the caches; the fastest run of
    each, in wall-clock and in CPU time, beside the fastest bare start's."""
    import resource

    def once(cmd: Sequence[str]) -> tuple[float, float]:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        return wall * 1000, (after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime) * 1000

    runs = {"bare interpreter start": lambda: [sys.executable, "-c", "pass"], **commands}
    for make in runs.values():
        once(make())
    best = {name: (float("inf"), float("inf")) for name in runs}
    for _ in range(repeats):
        for name, make in runs.items():
            wall, cpu = once(make())
            best[name] = (min(best[name][0], wall), min(best[name][1], cpu))
    bare_wall, bare_cpu = best.pop("bare interpreter start")
    label = f"cold CLI, fastest of {repeats}: bare start"
    print(f"{label:<44} wall {bare_wall:7.1f} ms   cpu {bare_cpu:7.1f} ms")
    for name, (wall, cpu) in best.items():
        print(f"{'cold CLI: ' + name:<44} wall {wall:7.1f} ms = {wall / bare_wall:4.1f}×   "
              f"cpu {cpu:7.1f} ms = {cpu / bare_cpu:4.1f}×")


def bench_engine_start() -> None:
    """What a cold scenario run spends on data (issue 14): the card library parsed from YAML or read from its
    cache, the concept table (loaded only for a keyword name the engine does not spell itself), the rulesets."""
    from izvori_rules.corpus import corpus_dir
    from izvori_rules.engine import cards
    from izvori_rules.engine.yamlnodes import load_yaml

    path = corpus_dir().resolve() / cards.CARDS_FILE
    data = path.read_bytes()
    report("card library: YAML (libyaml) to a line-keeping tree",
           timed(lambda: load_yaml(data, str(path), max_bytes=4 * 1024 * 1024), 9))
    report("card library: from its cache (a pickle per card, one card read)",
           timed(lambda: (cards._load.cache_clear(), cards._load(path, 0).find("Grizzly Bears")), 9))
    from izvori_rules.text import concepts

    table = (corpus_dir() / "concepts.tsv").resolve()
    report("concept table: parse concepts.tsv", timed(lambda: concepts._load(table), 5))
    report("concept table: from its cache (pickle, verified)",
           timed(lambda: (concepts._load_cached.cache_clear(), concepts.load_concepts()), 5))
    from izvori_rules.engine.rulesets import _load as load_rulesets_file

    from izvori_rules.corpus import read_toml

    report("rulesets.toml: parse (tomllib)", timed(lambda: read_toml(corpus_dir() / "rulesets.toml", "rulesets"), 9))
    report("rulesets.toml: from its cache, checked", timed(lambda: (load_rulesets_file.cache_clear(),
                                                                    load_rulesets_file(corpus_dir().resolve())), 9))


SECTIONS: dict[str, Callable[[float], None]] = {"lookup": bench_lookup, "search": bench_search,
                                                "scenarios": bench_scenarios, "cr": bench_cr,
                                                "history": bench_history}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--only", default=",".join(SECTIONS), help="comma-separated: " + ", ".join(SECTIONS))
    args = parser.parse_args()
    bare_times = timed(run([sys.executable, "-c", "pass"]))
    bare = statistics.median(bare_times)
    report("bare interpreter start (python -c pass)", bare_times)
    for name in args.only.split(","):
        SECTIONS[name.strip()](bare)


if __name__ == "__main__":
    main()
