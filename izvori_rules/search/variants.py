"""The sections of the documents that hold multiplayer and casual-variant rules (``corpus/variant_sections.tsv``).

Why search needs them: those rules restate the two-player game's with changes (cr 904.13c "If the archenemy has
ten or more poison counters" beside 704.5c, ru-cr 801.9 on Equipment beside 301.5), so they match a question's
words as well as the rule that answers it; a judge who asks about a variant names it. The index marks their
nodes (the ``scope`` field), and the ranker puts them after the others unless the query names a variant.
"""

from __future__ import annotations

from pathlib import Path

from ..corpus import corpus_dir
from ..errors import CorpusError
from ..graph import RuleGraph
from ..model import make_ref
from ..tsv import read_tsv

FILE_NAME = "variant_sections.tsv"
COLUMNS = ("document", "section", "title")
SCOPE = "variant"  # the ``scope`` term of a node in one of the sections


def parse_sections(text: str, graph: RuleGraph, source: str = FILE_NAME) -> frozenset[str]:
    """The refs of the sections the table lists; a row naming a section the graph lacks, or giving it a title
    the document does not print, is a :class:`CorpusError` naming the file, line and column."""
    found = set()
    for row in read_tsv(text, source, COLUMNS):
        if row["document"] not in graph.docs:
            raise row.error("document", f"{row['document']!r} is no document of the corpus")
        ref = make_ref(row["document"], row["section"])
        node = graph.nodes.get(ref)
        if node is None or node.kind != "section":
            raise row.error("section", f"{ref} is no section")
        if node.title != row["title"]:
            raise row.error("title", f"{ref} is titled {node.title!r}")
        found.add(ref)
    return frozenset(found)


def load_sections(graph: RuleGraph, root: Path | None = None) -> frozenset[str]:
    """The variant sections of the corpus at ``root`` (the installed one if None); none without the table."""
    path = (root or corpus_dir()) / FILE_NAME
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return frozenset()
    except (OSError, UnicodeDecodeError) as exc:
        raise CorpusError(f"{path}: cannot read the variant sections: {exc}") from None
    return parse_sections(text, graph, str(path))
