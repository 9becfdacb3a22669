"""The sections of the documents that hold multiplayer and casual-variant rules (``corpus/variant_sections.tsv``).

Why search needs them: those rules restate the two-player game's with changes (cr 904.13c "If the archenemy has
ten or more poison counters" beside 704.5c, ru-cr 801.9 on Equipment beside 301.5), so they match a question's
words as well as the rule that answers it; a judge who asks about a variant names it. The index marks their
nodes (the ``scope`` field), and the ranker puts them after the others unless the query names a variant. So
does a rule elsewhere whose opening clause names a game of those sections (``corpus/variant_openings.tsv``): ru-cr
103.7c "Во всех прочих вариантах многопользовательской игры, игроки не пропускают шаг взятия карты" answers a
two-player question's words as well as 103.7a, the rule that answers it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ..corpus import read_table
from ..graph import RuleGraph
from ..model import Node, make_ref
from ..text.matching import ConceptMatcher
from ..text.stemming import analyze, field_language
from ..tsv import read_tsv
from .ranking import OPENS, SCOPE  # the terms the ranker reads (kept there: a query does without this module)

if TYPE_CHECKING:
    from ..text.concepts import ConceptTable

FILE_NAME = "variant_sections.tsv"
OPENINGS_FILE = "variant_openings.tsv"
COLUMNS = ("document", "section", "title")
RULE_KINDS = ("rule", "subrule")
_CLAUSE_END = re.compile(r"[,.;:]")


@dataclass(frozen=True, slots=True)
class Variants:
    """What marks a node as a variant's: the refs of the sections, and the concepts an opening clause names."""

    sections: frozenset[str] = frozenset()
    concepts: frozenset[str] = frozenset()

    def scope(self, node: Node, section: str, matcher: ConceptMatcher) -> str:
        """The node's ``scope`` term (``section``: the ref of the top section it is in): :data:`SCOPE` in one of
        the sections, :data:`OPENS` for a rule whose opening clause names one of the concepts, else empty."""
        if section in self.sections:
            return SCOPE
        if node.kind in RULE_KINDS and self.concepts:
            lang = field_language(node.lang)
            opening = _CLAUSE_END.split(node.text, maxsplit=1)[0]
            if not self.concepts.isdisjoint(matcher.occurrences(lang, analyze(lang, opening))):
                return OPENS
        return ""


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
    found = read_table(FILE_NAME, "the variant sections", root)
    return frozenset() if found is None else parse_sections(found[0], graph, found[1])


def parse_openings(text: str, table: ConceptTable, source: str = OPENINGS_FILE) -> frozenset[str]:
    """The concepts the openings table lists; one that is no concept of kind ``variant`` is a
    :class:`CorpusError` naming the file, line and column."""
    found = set()
    for row in read_tsv(text, source, ("concept",)):
        concept = table.get(row["concept"])
        if concept is None or concept.kind != "variant":
            raise row.error("concept", f"{row['concept']!r} is no concept of kind 'variant'")
        found.add(concept.id)
    return frozenset(found)


def load_variants(graph: RuleGraph, root: Path | None = None) -> Variants:
    """The variant sections and opening concepts of the corpus at ``root`` (the installed one if None); none
    of either without its table. (The concept table's module is imported here: the ranker reads this module's
    terms on every query, and only a build of the index reads the table.)"""
    from ..text.concepts import load_concepts

    found = read_table(OPENINGS_FILE, "the variant openings", root)
    if found is None:
        return Variants(load_sections(graph, root))
    table = load_concepts(None if root is None else root / "concepts.tsv")
    return Variants(load_sections(graph, root), parse_openings(found[0], table, found[1]))
