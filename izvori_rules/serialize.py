"""The one place where model objects become JSON-ready data (the ``--json`` contracts of the issues)."""

from __future__ import annotations

from typing import Any

from .model import Citation, Equivalent, Flag, Node


def flag_json(flag: Flag) -> dict[str, str]:
    """``Flag("dangling", "pravilo 500")`` → ``{"dangling": "pravilo 500"}``."""
    return {flag.kind: flag.detail}


def equivalent_json(eq: Equivalent) -> dict[str, Any]:
    """An equivalent: ref, confidence (0..1), source (curated or aligned), relation and note."""
    return {"ref": eq.ref, "confidence": round(eq.confidence, 3), "source": eq.source,
            "relation": eq.relation, "note": eq.note}


def citation_json(citation: Citation) -> dict[str, Any]:
    """A printed citation with its span, what it resolved to, and what did not resolve."""
    return {"surface": citation.surface, "where": "text" if citation.where < 0 else f"example {citation.where + 1}",
            "start": citation.start, "end": citation.end, "targets": list(citation.targets),
            "unresolved": list(citation.unresolved), "title": citation.title,
            "title_matches": citation.title_matches}


def node_json(node: Node) -> dict[str, Any]:
    """A node in the lookup contract (issue 2), with kind, title, number and source line added."""
    return {
        "ref": node.ref, "doc": node.doc, "id": node.id, "lang": node.lang, "kind": node.kind,
        "number": node.number, "title": node.title, "text": node.text, "examples": list(node.examples),
        "parent": node.parent, "children": list(node.children), "cites": list(node.cites),
        "cited_by": list(node.cited_by), "equivalents": [equivalent_json(e) for e in node.equivalents],
        "flags": [flag_json(f) for f in node.flags], "line": node.line,
    }
