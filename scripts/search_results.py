"""The ranked answers of every query of the quality sets, saved and compared: a check (not a test) that a change
meant to make search faster leaves every answer as it was (issue 10: speed without changing the ranking).

``PYTHONPATH=. python scripts/search_results.py save before.json`` before the change, ``... compare before.json``
after it: each query's hits (reference, score, snippet), definitions and suggestions, over tests/search_queries.tsv and
tests/search_questions.tsv, each with the first twenty hits and with its own filters. Exit status 1 lists the
queries whose answer changed.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench import search_queries  # noqa: E402

from izvori_rules.search.searcher import SearchResult, default_searcher  # noqa: E402

LIMIT = 20


def answer(result: SearchResult) -> dict[str, object]:
    """What a judge sees of a result, down to the scores and the snippets' highlights."""
    return {"hits": [[hit.ref, hit.score, hit.snippet.text, hit.snippet.spans, hit.equivalents] for hit in result.hits],
            "definitions": [[d.concept, [e.ref for e in d.entries]] for d in result.definitions],
            "suggestions": list(result.suggestions), "concepts": list(result.concepts)}


def answers() -> dict[str, dict[str, object]]:
    """Every query's answer, keyed by the query and its filters."""
    searcher = default_searcher()
    out = {}
    for query, doc, lang in search_queries() + search_queries("search_questions.tsv"):
        key = f"{query}\tdoc={doc}\tlang={lang}"
        out[key] = answer(searcher.search(query, doc, lang, limit=LIMIT))
    return out


def main(argv: list[str]) -> int:
    if len(argv) != 2 or argv[0] not in ("save", "compare"):
        print(__doc__, file=sys.stderr)
        return 2
    path = Path(argv[1])
    found = json.loads(json.dumps(answers()))  # tuples as lists, as the saved file has them
    if argv[0] == "save":
        path.write_text(json.dumps(found, ensure_ascii=False, indent=1), encoding="utf-8")
        print(f"{len(found)} answers saved to {path}")
        return 0
    saved = json.loads(path.read_text(encoding="utf-8"))
    changed = [key for key in sorted(saved.keys() | found.keys()) if saved.get(key) != found.get(key)]
    for key in changed:
        print(f"changed: {key!r}")
    print(f"{len(found)} answers, {len(changed)} changed")
    return 1 if changed else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
