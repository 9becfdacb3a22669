"""Search quality figures: recall@10 and MRR per language and part of the real-question set
(tests/search_questions.tsv), both parts also per batch (1: questions 1-75, 2: questions 104-148, 3:
questions 149-193, 4: questions 194-238; the tune-only questions by their label in
tests/test_search_questions.py's TUNE_ONLY: "extra", 76-103, and "5" to "13", the fifth to the thirteenth batch,
239-544; "new" for questions no label holds yet), and the 86-query set's overall figures (tests/search_queries.tsv).

``PYTHONPATH=. python scripts/eval_search.py [--misses] [--questions FILE]``: ``--misses`` lists the tuned part's
queries whose first right rule is below the first place (never the held-out part's: it is not tuned on);
``--questions`` reads the set from another copy of the TSV (another branch's, to measure a change on rows written
since).
"""

from __future__ import annotations

import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from test_search_questions import LANGUAGE, ROWS, Question, by_batch, load_questions, reciprocal_rank  # noqa: E402
from test_search_quality import CASES, score  # noqa: E402

from izvori_rules.search.searcher import default_searcher  # noqa: E402


def main(argv: list[str]) -> int:
    searcher = default_searcher()
    found: dict[tuple[str, str], list[tuple[Question, float]]] = defaultdict(list)
    misses = []
    rows = load_questions(Path(argv[argv.index("--questions") + 1])) if "--questions" in argv else ROWS
    for row in rows:
        rr = reciprocal_rank(searcher, row)
        found[(row.part, LANGUAGE[row.kind])].append((row, rr))
        if row.part == "tune" and rr < 1:
            misses.append((rr, row.line, row.kind, row.query))
    print(f"{'part':<10}{'lang':<6}{'batch':<7}{'n':>4}{'recall@10':>11}{'MRR':>7}")
    for (part, lang), results in sorted(found.items(), reverse=True):
        for batch, subset in by_batch(part, results):
            rrs = [rr for _, rr in subset]
            print(f"{part:<10}{lang:<6}{batch:<7}{len(rrs):>4}{sum(r > 0 for r in rrs) / len(rrs):>11.3f}"
                  f"{sum(rrs) / len(rrs):>7.3f}")
    scores = [score(searcher, case) for case in CASES]
    print(f"86-set: recall {sum(s.recall for s in scores) / len(scores):.3f} "
          f"MRR {sum(s.reciprocal_rank for s in scores) / len(scores):.3f}")
    if "--misses" in argv:
        for rr, line, kind, query in sorted(misses):
            print(f"  rank {round(1 / rr) if rr else '>10':>3}  line {line} [{kind}] {query}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
