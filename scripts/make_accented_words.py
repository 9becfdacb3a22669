"""Make corpus/accented_words.tsv from the documents (izvori_rules/text/accents.py, issue 10).

For every language whose stemmer reads diacritics (Czech), the words of its documents (headings, texts and
examples, as the index holds them) are counted; each folded spelling the documents never print whose term
differs from the printed word's is listed with the word printed most often.

    .venv/bin/python scripts/make_accented_words.py           # write the file
    .venv/bin/python scripts/make_accented_words.py --check   # exit 1 when the file differs from what it would write
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from functools import partial
from pathlib import Path

from izvori_rules.corpus import corpus_dir
from izvori_rules.graph_cache import load_graph
from izvori_rules.text.accents import FILE_NAME, accented_words, format_accented_words
from izvori_rules.text.stemming import STEMS_ACCENTS, plain_words, typed_term


def build_table(root: Path | None = None) -> str:
    """The table's text as the documents of the corpus at ``root`` (the installed one if None) make it."""
    graph = load_graph(root)
    rows = []
    for lang in sorted(STEMS_ACCENTS):
        counts = Counter(word for node in graph.nodes.values() if node.lang == lang
                         for text in (node.title, node.text, *node.examples) for word in plain_words(text))
        rows += accented_words(lang, counts, partial(typed_term, lang))
    return format_accented_words(rows)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 when the file differs")
    args = parser.parse_args(argv)
    path = corpus_dir() / FILE_NAME
    made = build_table()
    if args.check:
        current = path.read_text(encoding="utf-8") if path.is_file() else ""
        if current != made:
            print(f"{path} differs from what the documents make: run scripts/make_accented_words.py",
                  file=sys.stderr)
            return 1
        return 0
    path.write_text(made, encoding="utf-8")
    rows = sum(1 for line in made.splitlines() if not line.startswith("#")) - 1  # the column names
    print(f"{path}: {rows} words")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
