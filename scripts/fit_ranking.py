"""Fit the ranking's hand-set weights on the real-question set's tune part, cross-validated by batch.

The ranking's weights (search/ranking.py, query.py, keywords.py, questions.py, siblings.py) were each set by hand on a
few queries. This measures them on data: every value of a weight's grid is ranked over the tune part's rows
(tests/search_questions.tsv, never the held-out part) and the 86-query set, one process, the index open once (the
weights are read at ranking time: a module constant patched, the ranker's and the query planner's memos cleared).
Each row's reciprocal rank is kept, so that the batch cross-validation is arithmetic: for each batch left out (1-4's
tune part, extra, 5-9), the value best on the other batches is chosen and measured on the one left out. A change
that helps the batches it was fitted on but not the one left out is noise.

``PYTHONPATH=. python scripts/fit_ranking.py COMMAND``, the commands:

- ``grid [WEIGHT ...] [--set NAME=VALUE ...] [--out FILE]``: rank every grid value of the weights named (all of
  WEIGHTS by default) from the base (the code's values, or ``--set``'s), and write the rows' reciprocal ranks as JSON;
- ``cv FILE ...``: each weight of those files cross-validated alone;
- ``combinations NAME=VALUE ... [--set NAME=VALUE ...] --out FILE``: every subset of those changes ranked (from the
  base ``--set`` gives);
- ``cv-settings FILE ...``: the choice among every setting in the files (a weight's value, a combination),
  cross-validated;
- ``cv-ascent --memo FILE [--known]``: a coordinate ascent over the weights that move anything, fitted on every batch,
  and cross-validated by fitting it again without each batch (``--known``: on the settings ranked before only);
- ``eval [--set NAME=VALUE ...]``: one setting's figures per language and batch on the tune part (those of
  scripts/eval_search.py at the code's values).

Session 30's fit (search/ranking.py, above EXAMPLE_SHARE: what it found, and why nothing was adopted) is, from the
code's values: ``grid --out g.json``, ``cv g.json``, ``combinations B=0.8 EXAMPLE=0.6 ALL_CONCEPTS=1.25
EXAMPLE_SHARE=1 --out c.json``, ``cv-settings c.json``, ``cv-ascent --memo m.json`` (about an hour on one core).
"""

from __future__ import annotations

import itertools
import json
import sys
from collections import defaultdict
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from importlib import import_module
from pathlib import Path
from statistics import mean

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from test_search_questions import LANGUAGE, ROWS, Question, reciprocal_rank  # noqa: E402
from test_search_quality import CASES, Score, score  # noqa: E402

from izvori_rules.search.searcher import Searcher, default_searcher  # noqa: E402

# Each weight: its module, and the values tried (its code value among them; the base is whatever the code holds).
WEIGHTS: dict[str, tuple[str, tuple[float, ...]]] = {
    "B": ("ranking", (0.7, 0.8, 0.9, 1.0)),
    "K1": ("ranking", (0.8, 1.2, 1.6, 2.0)),
    "PREFERRED": ("ranking", (1.0, 1.15, 1.3, 1.5, 1.8)),
    "UNNUMBERED": ("ranking", (0.6, 0.75, 0.85, 1.0)),
    "ALL_CONCEPTS": ("ranking", (1.0, 1.25, 1.5, 1.75, 2.0)),
    "MINOR": ("ranking", (0.25, 0.4, 0.55)),
    "PEER": ("ranking", (0.0, 0.25, 0.5, 0.75, 1.0)),
    "SQUASH": ("ranking", (20.0, 35.0, 50.0, 75.0, 110.0)),
    "PROXIMITY": ("ranking", (0.3, 0.5, 0.7, 0.9, 1.2)),
    "ELSEWHERE": ("ranking", (0.15, 0.3, 0.5, 0.7)),
    "HEADING": ("ranking", (0.8, 0.9, 0.99)),
    "EXAMPLE_SHARE": ("ranking", (0.25, 0.5, 0.75, 1.0)),
    "VARIANT": ("ranking", (0.25, 0.5, 0.75, 1.0)),
    "NAMED": ("query", (12.0, 16.0, 20.0, 25.0, 30.0)),
    "LISTED": ("query", (10.0, 12.0, 14.0, 17.0, 20.0)),
    "LEADS": ("query", (4.0, 6.0, 8.0, 10.0, 12.0)),
    "GOVERNS": ("query", (2.0, 3.0, 4.0, 6.0, 8.0)),
    "CONCEPT_HEAD": ("query", (0.75, 1.0, 1.5, 2.0, 3.0)),
    "CONCEPT_USE": ("query", (0.6, 0.8, 1.0, 1.3, 1.6)),
    "GAPPED": ("query", (0.3, 0.6, 0.8, 1.0)),
    "BROADER": ("query", (0.0, 0.25, 0.5, 0.75, 1.0)),
    "HEAD": ("query", (1.5, 2.0, 2.5, 3.5, 5.0)),
    "BODY": ("query", (0.6, 0.8, 1.0, 1.3, 1.6)),
    "EXAMPLE": ("query", (0.2, 0.4, 0.6, 0.8)),
    "OTHER_KEYWORD": ("keywords", (0.3, 0.5, 0.7, 1.0)),
    "PREFER": ("questions", (0.0, 0.4, 0.75, 1.0, 1.5)),
    "EARLIER": ("siblings", (0.0, 0.025, 0.05, 0.1, 0.2)),
}
LANGUAGES = ("sr", "ru", "en", "cs")
MIN_ROWS = 8  # a language's rows a batch must hold to count in its objective
SET_86 = "86"  # the fold label of the 86-query set's rows: a check, never fitted on


def module_of(name: str) -> object:
    return import_module(f"izvori_rules.search.{WEIGHTS[name][0]}")


@contextmanager
def weights(searcher: Searcher, values: Mapping[str, float]) -> Iterator[None]:
    """The weights set to ``values`` for the block, and the memos that hold scores made with the old ones cleared
    before and after (the ranker's BM25 contributions and clause scores, the planner's lookups)."""
    old = {name: getattr(module_of(name), name) for name in values}
    for name, value in values.items():
        setattr(module_of(name), name, value)
    searcher.forget_scores()
    try:
        yield
    finally:
        for name, value in old.items():
            setattr(module_of(name), name, value)
        searcher.forget_scores()


def ranks(searcher: Searcher, rows: Sequence[Question], with_86: bool = True) -> dict[str, float]:
    """Each row's reciprocal rank, by its line (the 86-query set's by ``86:<n>``)."""
    found = {str(row.line): reciprocal_rank(searcher, row) for row in rows}
    if with_86:
        for n, case in enumerate(CASES):
            found[f"{SET_86}:{n}"], found[f"{SET_86}r:{n}"] = _of(score(searcher, case))
    return found


def _of(found: Score) -> tuple[float, float]:
    return found.reciprocal_rank, found.recall


def tune_rows() -> list[Question]:
    return [row for row in ROWS if row.part == "tune"]


def figures(rows: Sequence[Question], rr: Mapping[str, float]) -> dict[tuple[str, str], tuple[int, float, float]]:
    """(language, batch label or "all"): rows, recall@10 and MRR."""
    groups: dict[tuple[str, str], list[float]] = defaultdict(list)
    for row in rows:
        lang = LANGUAGE[row.kind]
        groups[(lang, "all")].append(rr[str(row.line)])
        groups[(lang, row.label)].append(rr[str(row.line)])
    return {key: (len(v), sum(x > 0 for x in v) / len(v), mean(v)) for key, v in groups.items()}


def objective(rows: Sequence[Question], rr: Mapping[str, float], folds: set[str]) -> tuple[float, float]:
    """Over the rows of the ``folds``: the mean over languages of MRR, and of recall@10 (each language its rows'), of
    the languages with MIN_ROWS rows there or more (Czech has one or two in some batches: one row's rank is noise)."""
    per: dict[str, list[float]] = defaultdict(list)
    for row in rows:
        if row.label in folds:
            per[LANGUAGE[row.kind]].append(rr[str(row.line)])
    kept = [v for v in per.values() if len(v) >= MIN_ROWS]
    return (mean(mean(v) for v in kept), mean(sum(x > 0 for x in v) / len(v) for v in kept))


def parse_sets(argv: list[str]) -> dict[str, float]:
    return {name: float(value) for arg, item in zip(argv, argv[1:]) if arg == "--set"
            for name, value in [item.split("=", 1)]}


def grid(argv: list[str]) -> None:
    names = [arg for arg in argv if arg in WEIGHTS] or list(WEIGHTS)
    base = parse_sets(argv)
    out = Path(argv[argv.index("--out") + 1]) if "--out" in argv else Path("fit-grid.json")
    searcher = default_searcher()
    rows = tune_rows()
    results = json.loads(out.read_text()) if out.exists() else {}
    with weights(searcher, base):
        current = {name: getattr(module_of(name), name) for name in WEIGHTS}
        if "base" not in results:
            results["base"] = {"values": current, "ranks": ranks(searcher, rows)}
        for name in names:
            for value in WEIGHTS[name][1]:
                key = f"{name}={value}"
                if value == current[name] or key in results:
                    continue
                with weights(searcher, {name: value}):
                    results[key] = {"values": {**current, name: value}, "ranks": ranks(searcher, rows)}
                base_mrr = objective(rows, results["base"]["ranks"], _labels(rows))[0]
                mrr = objective(rows, results[key]["ranks"], _labels(rows))[0]
                print(f"{key:<22} tune MRR {base_mrr:.4f} -> {mrr:.4f}", flush=True)
                out.write_text(json.dumps(results))


def _labels(rows: Sequence[Question]) -> set[str]:
    return {row.label for row in rows}


MARGIN = 0.001  # a value must beat the base by this much on the batches it is fitted on (mean MRR over languages)


Grid = tuple[dict[str, float], dict[str, float], dict[str, dict[float, dict[str, float]]]]


def load_grid(paths: Sequence[str]) -> Grid:
    """The base's values and rows' reciprocal ranks, and per weight each value's (the base's value among them)."""
    results: dict[str, dict[str, dict[str, float]]] = {}
    for path in paths:
        results.update(json.loads(Path(path).read_text()))
    base_values, base = results["base"]["values"], results["base"]["ranks"]
    by_weight: dict[str, dict[float, dict[str, float]]] = defaultdict(dict)
    for key, entry in results.items():
        if key != "base":
            name, value = key.split("=")
            by_weight[name][float(value)] = entry["ranks"]
            by_weight[name][float(base_values[name])] = base
    return base_values, base, by_weight


def choose(rows: Sequence[Question], tried: Mapping[float, Mapping[str, float]], base: Mapping[str, float],
           base_value: float, folds: set[str]) -> float:
    """The value best on the ``folds`` (mean MRR over languages), of those that keep their recall@10 and the
    86-query set's MRR, when it beats the base's by MARGIN; else the base's."""
    mrr, recall = objective(rows, base, folds)
    allowed = {v: objective(rows, r, folds)[0] for v, r in tried.items()
               if objective(rows, r, folds)[1] >= recall - 1e-9 and _mrr_86(r) >= _mrr_86(base) - 1e-9}
    best = max(allowed, key=lambda v: allowed[v], default=base_value)
    return best if allowed.get(best, mrr) >= mrr + MARGIN else base_value


def cross_validate(paths: list[str]) -> None:
    """Per weight: for each batch left out, the value :func:`choose` picks on the others, and the left-out batch's
    gain; the weight's mean left-out gain, and each value's figures on the whole part (mean MRR / recall over
    languages, en and ru MRR, the 86-set's MRR against the base's)."""
    rows = tune_rows()
    folds = _folds(rows)
    base_values, base, by_weight = load_grid(paths)
    for name, tried in by_weight.items():
        gains, chosen = [], []
        for fold in folds:
            value = choose(rows, tried, base, base_values[name], set(folds) - {fold})
            chosen.append(value)
            gains.append(objective(rows, tried[value], {fold})[0] - objective(rows, base, {fold})[0])
        print(f"{name:<14} base {base_values[name]:g}: left-out gain {mean(gains):+.4f} (folds up "
              f"{sum(g > 1e-9 for g in gains)}, down {sum(g < -1e-9 for g in gains)}); chosen "
              + " ".join(map(str, chosen)))
        b86 = _mrr_86(base)
        for v, r in sorted(tried.items()):
            by_language = figures(rows, r)
            print(f"    {v:<6g} {objective(rows, r, set(folds))[0]:.4f}/{objective(rows, r, set(folds))[1]:.4f}"
                  f"  en {by_language[('en', 'all')][2]:.4f} ru {by_language[('ru', 'all')][2]:.4f}"
                  f"  86 {_mrr_86(r) - b86:+.3f}")


def _folds(rows: Sequence[Question]) -> list[str]:
    return sorted(_labels(rows), key=lambda label: (not label.isdigit(), label))


def combinations(argv: list[str]) -> None:
    """Every subset of the ``NAME=VALUE`` changes given, ranked from the base, into ``--out`` (for cv-settings)."""
    base = parse_sets(argv)
    changes = [(name, float(value)) for previous, arg in zip(["", *argv], argv) if "=" in arg and previous != "--set"
               for name, value in [arg.split("=", 1)]]
    out = Path(argv[argv.index("--out") + 1])
    searcher = default_searcher()
    rows = tune_rows()
    results = json.loads(out.read_text()) if out.exists() else {}
    if "base" not in results:
        with weights(searcher, base):
            results["base"] = {"values": {name: getattr(module_of(name), name) for name in WEIGHTS},
                               "ranks": ranks(searcher, rows)}
    for size in range(1, len(changes) + 1):
        for subset in itertools.combinations(changes, size):
            key = ",".join(f"{name}={value:g}" for name, value in subset)
            if key not in results:
                with weights(searcher, {**base, **dict(subset)}):
                    results[key] = {"values": dict(subset), "ranks": ranks(searcher, rows)}
                out.write_text(json.dumps(results))
                print(f"{key:<60} {objective(rows, results[key]['ranks'], _labels(rows))[0]:.4f}", flush=True)


def cross_validate_settings(paths: list[str]) -> None:
    """Of every setting in the files (a single weight's value or a combination), for each batch left out the one
    :func:`choose` picks on the others, and the left-out batch's gain."""
    rows = tune_rows()
    folds = _folds(rows)
    results: dict[str, dict[str, dict[str, float]]] = {}
    for path in paths:
        results.update(json.loads(Path(path).read_text()))
    base = results["base"]["ranks"]
    settings = {float(i): entry["ranks"] for i, entry in enumerate(results.values())}
    names = list(results)
    gains = []
    for fold in folds:
        pick = int(choose(rows, settings, base, float(names.index("base")), set(folds) - {fold}))
        after, before = figures(rows, settings[pick]), figures(rows, base)
        gains.append(objective(rows, settings[pick], {fold})[0] - objective(rows, base, {fold})[0])
        line = " ".join(f"{lang} {after[(lang, fold)][2] - before[(lang, fold)][2]:+.3f}"
                        for lang in LANGUAGES if (lang, fold) in after)
        print(f"left out {fold:<6} gain {gains[-1]:+.4f} ({line}) with {names[pick]}")
    print(f"mean left-out gain {mean(gains):+.4f}")
    ranked = sorted(settings, key=lambda i: -objective(rows, settings[i], set(folds))[0])
    for i in ranked[:10]:
        print(f"  whole {objective(rows, settings[i], set(folds))[0]:.4f} 86 {_mrr_86(settings[i]):.3f} {names[int(i)]}")


# The weights the first grid found to move the tune part at all (the others ranked every row alike at every value):
# the pool of the coordinate ascent.
MOVING = ("B", "K1", "PREFERRED", "ALL_CONCEPTS", "MINOR", "PEER", "SQUASH", "PROXIMITY", "ELSEWHERE",
          "EXAMPLE_SHARE", "NAMED", "LISTED", "LEADS", "GOVERNS", "CONCEPT_USE", "BROADER", "BODY", "EXAMPLE",
          "OTHER_KEYWORD", "PREFER", "EARLIER")


class Memo:
    """Each setting's rows' reciprocal ranks, ranked once and kept in a JSON file (settings as ``NAME=VALUE,...``)."""

    def __init__(self, path: Path, searcher: Searcher, rows: Sequence[Question]) -> None:
        self.path, self.searcher, self.rows = path, searcher, rows
        self.found: dict[str, dict[str, float]] = json.loads(path.read_text()) if path.exists() else {}

    @staticmethod
    def key(setting: Mapping[str, float]) -> str:
        return ",".join(f"{name}={value:g}" for name, value in sorted(setting.items())) or "base"

    def __call__(self, setting: Mapping[str, float]) -> dict[str, float]:
        key = self.key(setting)
        if key not in self.found:
            with weights(self.searcher, setting):
                self.found[key] = ranks(self.searcher, self.rows)
            self.path.write_text(json.dumps(self.found))
        return self.found[key]


def ascend(rows: Sequence[Question], memo: Memo, folds: set[str], log: bool = False,
           known: bool = False) -> dict[str, float]:
    """Coordinate ascent from the code's values, fitted on the ``folds``: at each step every MOVING weight's
    neighbouring grid values are ranked, and the best move taken when :func:`choose` takes it (MARGIN better on the
    folds, their recall and the 86-set's MRR kept); until no move is. ``known``: only the settings ``memo`` holds
    are moved to (a cross-validation that ranks nothing new: an ascent without each batch costs a dozen minutes)."""
    current: dict[str, float] = {}
    code = {name: float(getattr(module_of(name), name)) for name in WEIGHTS}
    while True:
        now = memo(current)
        moves: dict[float, dict[str, float]] = {}
        settings: dict[float, dict[str, float]] = {}
        for name in MOVING:
            grid_values = sorted(set(WEIGHTS[name][1]) | {code[name]})
            at = grid_values.index(current.get(name, code[name]))
            for value in grid_values[max(at - 1, 0):at + 2]:
                if value != current.get(name, code[name]):
                    key = float(len(moves) + 1)
                    settings[key] = {**current, name: value}
                    if value == code[name]:
                        del settings[key][name]
                    if known and memo.key(settings[key]) not in memo.found:
                        del settings[key]
                        continue
                    moves[key] = memo(settings[key])
        moves[0.0] = now
        pick = choose(rows, moves, now, 0.0, folds)
        if not pick:
            return current
        current = settings[pick]
        if log:
            print(f"    {objective(rows, memo(current), folds)[0]:.4f} {current}", flush=True)


def cross_validate_ascent(argv: list[str]) -> None:
    """The coordinate ascent fitted on every batch (the choice), then on every batch but one, each measured on the
    one left out."""
    rows = tune_rows()
    folds = _folds(rows)
    memo = Memo(Path(argv[argv.index("--memo") + 1]), default_searcher(), rows)
    known = "--known" in argv
    base = memo({})
    chosen = ascend(rows, memo, set(folds), log=True, known=known)
    print(f"on every batch: {chosen}: {objective(rows, base, set(folds))[0]:.4f} -> "
          f"{objective(rows, memo(chosen), set(folds))[0]:.4f}", flush=True)
    gains = []
    for fold in folds:
        fitted = ascend(rows, memo, set(folds) - {fold}, known=known)
        after, before = figures(rows, memo(fitted)), figures(rows, base)
        gains.append(objective(rows, memo(fitted), {fold})[0] - objective(rows, base, {fold})[0])
        line = " ".join(f"{lang} {after[(lang, fold)][2] - before[(lang, fold)][2]:+.3f}"
                        for lang in LANGUAGES if (lang, fold) in after)
        print(f"left out {fold:<6} gain {gains[-1]:+.4f} ({line}) with {fitted}", flush=True)
    print(f"mean left-out gain {mean(gains):+.4f}")


def _mrr_86(rr: Mapping[str, float]) -> float:
    return mean(v for k, v in rr.items() if k.startswith(f"{SET_86}:"))


def evaluate(argv: list[str]) -> None:
    searcher = default_searcher()
    rows = tune_rows()
    with weights(searcher, parse_sets(argv)):
        rr = ranks(searcher, rows)
    for (lang, label), (n, recall, mrr) in sorted(figures(rows, rr).items()):
        print(f"{lang:<4}{label:<7}{n:>5}{recall:>8.3f}{mrr:>7.3f}")
    print("objective (mean over languages) MRR {:.4f} recall {:.4f}".format(*objective(rows, rr, _labels(rows))))
    print(f"86-set MRR {_mrr_86(rr):.3f} recall {mean(v for k, v in rr.items() if k.startswith(f'{SET_86}r:')):.3f}")


def main(argv: list[str]) -> int:
    command = argv[0] if argv else "eval"
    {"grid": grid, "cv": cross_validate,
     "combinations": combinations, "cv-settings": cross_validate_settings,
     "cv-ascent": cross_validate_ascent, "eval": evaluate}[command](argv[1:])
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
