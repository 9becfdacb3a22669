"""The one place where model objects become JSON-ready data (the ``--json`` contracts of the issues)."""

from __future__ import annotations

from typing import Any

from .model import Citation, Equivalent, Flag, Node, Original, Today


def flag_json(flag: Flag) -> dict[str, str]:
    """``Flag("dangling", "pravilo 500")`` → ``{"dangling": "pravilo 500"}``."""
    return {flag.kind: flag.detail}


def equivalent_json(eq: Equivalent) -> dict[str, Any]:
    """An equivalent: ref, confidence (0..1), source (original, history, curated or aligned), relation, note
    and the path through the English releases (empty for curated and aligned ones)."""
    return {"ref": eq.ref, "confidence": round(eq.confidence, 3), "source": eq.source,
            "relation": eq.relation, "note": eq.note, "path": list(eq.path)}


def original_json(original: Original | None, english: Node | None = None) -> dict[str, Any] | None:
    """The English original of a translated node (issue 16): ref, release, id, status, score, note and its
    English text (null when there is no original)."""
    if original is None:
        return None
    return {"ref": original.ref or None, "release": original.release, "id": original.id or None,
            "status": original.status, "score": round(original.score, 3), "note": original.note,
            "text": english.text if english is not None else (original.text or None)}


def today_json(today: Today | None, current: Node | None = None) -> dict[str, Any] | None:
    """What became of the original in today's rules: ref (null when removed), status (unchanged, changed,
    renumbered, removed), the releases that changed its words, when it was removed and its nearest
    successor, the numbers it had on the way, and today's text."""
    if today is None:
        return None
    return {"ref": today.ref or None, "status": today.status, "changed_in": list(today.changed_in),
            "removed_in": today.removed_in or None, "successor": today.successor or None,
            "path": list(today.path), "text": current.text if current is not None else None}


def citation_json(citation: Citation) -> dict[str, Any]:
    """A printed citation with its span, what it resolved to, and what did not resolve."""
    return {"surface": citation.surface, "where": "text" if citation.where < 0 else f"example {citation.where + 1}",
            "start": citation.start, "end": citation.end, "targets": list(citation.targets),
            "unresolved": list(citation.unresolved), "title": citation.title,
            "title_matches": citation.title_matches}


def node_json(node: Node, english: Node | None = None, current: Node | None = None) -> dict[str, Any]:
    """A node in the lookup contract (issue 2), with kind, title, number and source line added, and for a
    translated node its ``original`` and ``today`` (issue 16; ``english`` and ``current`` are those rules'
    nodes, for their texts)."""
    return {
        "ref": node.ref, "doc": node.doc, "id": node.id, "lang": node.lang, "kind": node.kind,
        "number": node.number, "title": node.title, "text": node.text, "examples": list(node.examples),
        "parent": node.parent, "children": list(node.children), "cites": list(node.cites),
        "cited_by": list(node.cited_by), "equivalents": [equivalent_json(e) for e in node.equivalents],
        "flags": [flag_json(f) for f in node.flags], "line": node.line,
        "original": original_json(node.original, english), "today": today_json(node.today, current),
    }
