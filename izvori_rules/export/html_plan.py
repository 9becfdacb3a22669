"""Where each node of the offline rulebook goes: its page file and its anchor (see ``html_site`` for the rules).

Split from ``html_site`` so that ``html_pages`` (which links to pages) and ``html_site`` (which writes them)
both import the plan from below, with no circle between them.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from ..graph import RuleGraph
from ..model import CHAPTER, GLOSSARY, PART, SECTION, Node, split_ref

Progress = Callable[[int, int], None]
INDEX = "index.html"
SEARCH_SCRIPT = "search-index.js"
_UNSAFE = re.compile(r"[^\w.\-]")
_NOT_ASCII_NAME = re.compile(r"[^A-Za-z0-9.\-_~]")


@dataclass(frozen=True, slots=True)
class Page:
    """One HTML file: the nodes it shows (document order) and the root whose title it bears.

    ``root`` is None for a glossary page of entries that hang under no chapter.
    """

    file: str
    doc: str
    root: str | None
    refs: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class SitePlan:
    """Where every node is: its page file (``index.html`` for sections) and its anchor."""

    pages: tuple[Page, ...]
    anchors: Mapping[str, str]
    page_of: Mapping[str, str]

    def href(self, ref: str, here: str) -> str:
        """The link to a node from the page ``here``: ``#anchor`` on the same page, else ``file#anchor``."""
        file = self.page_of[ref]
        return f"#{self.anchors[ref]}" if file == here else f"{file}#{self.anchors[ref]}"


def anchor_id(ref: str) -> str:
    """The anchor of a node (see the module docstring): ``ru-cr:702.19b`` → ``ru-cr-702.19b``."""
    doc, node_id = split_ref(ref)
    safe = re.sub(r"\s", "_", node_id.replace(":", "-").replace("#", "-"))
    return f"{doc}-{_UNSAFE.sub('_', safe)}"


def _ascii_name(anchor: str) -> str:
    decomposed = unicodedata.normalize("NFKD", anchor)
    return _NOT_ASCII_NAME.sub("_", "".join(c for c in decomposed if not unicodedata.combining(c)))


def _is_page_root(node: Node, graph: RuleGraph) -> bool:
    """A chapter, a part, or any other non-glossary node directly under a section or at the top."""
    if node.kind in (CHAPTER, PART):
        return True
    if node.kind in (SECTION, GLOSSARY):
        return False
    return node.parent is None or graph.nodes[node.parent].kind == SECTION


def plan_site(graph: RuleGraph) -> SitePlan:
    """Assign every node a page and an anchor (see the module docstring for both rules)."""
    anchors = _unique(((ref, anchor_id(ref)) for ref in graph.nodes), lambda a: a)
    page_roots: dict[str, str] = {}  # page file of each root ref, or of "DOC:" for a loose glossary
    members: dict[str, list[str]] = {}
    page_of: dict[str, str] = {}
    used: set[str] = {INDEX.casefold()}
    for node in graph.nodes.values():
        key = _page_key(node, graph, page_of)
        if key is None:
            page_of[node.ref] = INDEX
            continue
        if key not in page_roots:
            stem = _ascii_name(f"{node.doc}-glossary" if key.endswith(":") else anchors[key])
            page_roots[key] = _claim(stem, used)
            members[key] = []
        page_of[node.ref] = page_roots[key]
        members[key].append(node.ref)
    pages = tuple(Page(page_roots[k], split_ref(k)[0], None if k.endswith(":") else k, tuple(members[k]))
                  for k in page_roots)
    return SitePlan(pages, anchors, page_of)


def _page_key(node: Node, graph: RuleGraph, page_of: Mapping[str, str]) -> str | None:
    """The root ref of the node's page, ``DOC:`` for a loose glossary entry, None for the index."""
    if _is_page_root(node, graph):
        return node.ref
    if node.kind == GLOSSARY and node.parent is None:
        return f"{node.doc}:"
    if node.kind == SECTION or node.parent is None:
        return None
    parent = graph.nodes[node.parent]
    while not _is_page_root(parent, graph):
        if parent.parent is None or parent.kind == SECTION:
            return None
        parent = graph.nodes[parent.parent]
    return parent.ref


def _claim(stem: str, used: set[str]) -> str:
    name, n = f"{stem}.html", 1
    while name.casefold() in used:
        n += 1
        name = f"{stem}~{n}.html"
    used.add(name.casefold())
    return name


def _unique(pairs: Iterable[tuple[str, str]], key: Callable[[str], str]) -> dict[str, str]:
    """Values made unique in order: a repeated one gets ``~2``, ``~3`` ... (the earlier keeps it)."""
    out: dict[str, str] = {}
    taken: set[str] = set()
    for ref, value in pairs:
        candidate, n = value, 1
        while key(candidate) in taken:
            n += 1
            candidate = f"{value}~{n}"
        taken.add(key(candidate))
        out[ref] = candidate
    return out
