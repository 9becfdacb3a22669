"""Make the derived tables of the originals from the texts: ``originals.tsv`` and ``missing_rules.tsv``.

Pure: the translations' graph nodes, the parsed English releases and the concept matcher in; the tables'
texts out. ``scripts/make_originals.py`` reads the corpus, calls :func:`make_tables` and writes the files; a
test calls it the same way and compares (style habit 16).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

from ..model import GLOSSARY, RULE, SECTION, SUBRULE, Node, ParsedDocument
from ..text.matching import ConceptMatcher
from .lineage import Follow, Step, format_lineage, make_lineage
from .link import English, Link, link_by_number, link_renumbered
from .releases import RENUMBERED
from .table import format_originals



def releases_needed(translates: Mapping[str, str]) -> tuple[str, ...]:
    """The English releases the linker reads: those the translations render and their neighbours."""
    return tuple(sorted({*translates.values(), *(d for ds in RENUMBERED.values() for d in ds)}))
MISSING_FOR = ("ru-cr",)  # the translations whose untranslated English rules missing_rules.tsv lists


@dataclass(frozen=True, slots=True)
class Tables:
    """The generated files' texts and the links behind them."""

    originals: str
    lineage: str
    missing: str
    links: tuple[Link, ...]


def make_tables(nodes: Mapping[str, Node], translates: Mapping[str, str], english: Mapping[str, ParsedDocument],
                matcher: ConceptMatcher, chapters: Mapping[str, str], corrections: Sequence[Link], follow: Follow,
                newest: str) -> Tables:
    """Link every node of the translations (``translates``: document → the release it renders), apply the
    corrections, follow every original to the later releases (``follow``: through the history), and list
    what ru-cr lacks."""

    @lru_cache(maxsize=None)
    def concepts_of(lang: str, text: str) -> tuple[str, ...]:
        return tuple(matcher.used(lang, text))

    releases = {date: English(date, document, concepts_of) for date, document in english.items()}
    links: list[Link] = []
    for doc, date in translates.items():
        members = [n for n in nodes.values() if n.doc == doc]
        if doc in RENUMBERED:
            others = [releases[d] for d in RENUMBERED[doc]]
            links.extend(link_renumbered(members, releases[date], chapters, concepts_of, others))
        else:
            links.extend(link_by_number(members, releases[date], concepts_of))
    fixed = {c.ref: c for c in corrections}
    links = [fixed.get(link.ref, link) for link in links]
    originals = {(link.release, link.original) for link in links if link.original}
    steps = make_lineage(originals, (*releases_needed(translates), newest), follow)
    missing = missing_rules(links, translates, releases, _renderings(links, steps))
    return Tables(format_originals(links), format_lineage(steps), missing, tuple(links))


def _renderings(links: Sequence[Link], steps: Sequence[Step]) -> dict[tuple[str, str], list[str]]:
    """``(release, id) → refs`` of the translated nodes that render it or an earlier form of it (the rule whose
    words it has: ``Step.reached``)."""
    rendered: dict[tuple[str, str], list[str]] = {}
    for link in links:
        if link.original:
            rendered.setdefault((link.release, link.original), []).append(link.ref)
    out = {key: list(refs) for key, refs in rendered.items()}
    for step in steps:
        if step.reached:
            out.setdefault((step.target, step.reached), []).extend(rendered.get((step.release, step.id), ()))
    return out


MISSING_HEADER = """\
# Rules a document lacks although its original has them (issue 5, section 3; issue 16). MADE BY
# scripts/make_originals.py from the texts: do not edit by hand. Read by izvori_rules/concordance/missing.py;
# `lookup` shows them as English-only rules in their place, marked as not translated.
# Columns (tab-separated): doc, id, title, equivalents, note.
#   doc, id      the document and the number the rule has in its English original (ru-cr: 3 May 2019)
#   title        the English rule's text, shown in the translation's place as not translated
#   equivalents  refs of rules in the other documents that render the same English rule (through the history)
#   note         where the translation is, around the rule's place
# A rule is listed when no node of the translation renders it (originals.tsv): its number is absent, or the
# node with its number renders another rule (ru-cr 603.3 holds the text of English 606.3).
"""


def missing_rules(links: Iterable[Link], translates: Mapping[str, str], releases: Mapping[str, English],
                  renderings: Mapping[tuple[str, str], Sequence[str]]) -> str:
    """The text of ``missing_rules.tsv``: every rule and subrule of the original no node renders."""
    rows = [MISSING_HEADER + "doc\tid\ttitle\tequivalents\tnote"]
    links = list(links)
    for doc in MISSING_FOR:
        english = releases[translates[doc]]
        rendered = {link.original for link in links if link.ref.startswith(doc + ":") and link.release == english.date}
        by_number = {link.ref.split(":", 1)[1]: link for link in links if link.ref.startswith(doc + ":")}
        for node_id in english.order:
            node = english.nodes[node_id]
            if node.kind not in (RULE, SUBRULE) or node_id in rendered:
                continue
            others = " ".join(ref for ref in renderings.get((english.date, node_id), ())
                              if not ref.startswith(doc + ":"))
            rows.append("\t".join((doc, node_id, " ".join(node.text.split()), others,
                                   _where(doc, node_id, english, by_number))))
    return "\n".join(rows) + "\n"


def _where(doc: str, node_id: str, english: English, by_number: Mapping[str, Link]) -> str:
    link = by_number.get(node_id)
    if link is not None and link.original != node_id:
        return f"{doc} {node_id} prints the text of {link.original}" if link.original else f"{doc} {node_id} says something else"
    position = english.order.index(node_id)
    before = next((i for i in reversed(english.order[:position]) if i in by_number), "")
    after = next((i for i in english.order[position + 1:]
                  if i in by_number and english.nodes[i].kind not in (GLOSSARY, SECTION)), "")
    if before and after:
        return f"{doc} {before} is followed directly by {after}"
    return f"{doc} has no rule here"
