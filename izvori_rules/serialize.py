"""The one place where model objects become JSON-ready data: the ``--json`` contract of every command (as the
README documents them). The engine's scenario and combat answers keep their own ``to_json`` beside their frozen
result types (``engine/result.py``, ``engine/quick.py``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .model import Citation, Equivalent, Flag, Node

if TYPE_CHECKING:
    from collections.abc import Iterable

    from .citecheck import CheckedCitation
    from .concordance.missing import Notice
    from .deck.legality import DeckReport
    from .engine.result import ScenarioResult
    from .lookup import LookupAnswer
    from .search.searcher import SearchResult
    from .stats import DocumentStats
    from .text.concepts import ConceptMatch


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


def scenario_row_json(file: str, result: ScenarioResult) -> dict[str, Any]:
    """One row of ``scenario check --json``: file, exit status, passed/total checks, and why it did not pass."""
    ok = sum(o.passed for o in result.expectations)
    reason = result.rejected.reason if result.rejected and result.exit_status else ""
    failed = [o.check for o in result.expectations if not o.passed]
    return {"file": file, "status": result.exit_status, "checks": f"{ok}/{len(result.expectations)}",
            "reason": reason or ("failed: " + ", ".join(failed) if failed else "")}


def notice_json(notice: Notice) -> dict[str, Any]:
    """A notice in the lookup contract: which document lacks which rule, why, and its equivalents elsewhere."""
    return {"doc": notice.doc, "id": notice.id, "kind": notice.kind, "title": notice.title,
            "message": notice.message, "equivalents": list(notice.equivalents)}


def lookup_json(answer: LookupAnswer) -> dict[str, Any]:
    """One reference's answer (issue 2's contract); a word adds the glossary entries and concepts it names."""
    data: dict[str, Any] = {"query": answer.query, "rules": [node_json(n) for n in answer.nodes],
                            "suggestions": list(answer.suggestions),
                            "missing": [notice_json(n) for n in answer.missing]}
    if answer.glossary or answer.concepts:
        data["glossary"], data["concepts"] = list(answer.glossary), list(answer.concepts)
    return data


def stats_json(rows: Iterable[DocumentStats]) -> dict[str, Any]:
    """``stats --json``: per document, each count by name."""
    return {row.doc: {name: getattr(row, name) for name in row.__dataclass_fields__} for row in rows}


def cite_check_json(file: str, checked: Iterable[CheckedCitation], errors: bool) -> dict[str, Any]:
    """``cite-check --json``: each citation with its place, targets, verdict, what the rule says, its 2019
    equivalent; and whether any is wrong."""
    return {"file": file, "errors": errors, "citations": [
        {"line": c.line, "start": c.start, "end": c.end, "surface": c.surface, "doc": c.doc,
         "targets": list(c.targets), "unresolved": list(c.unresolved), "status": c.status, "detail": c.detail,
         "says": c.says, "current": list(c.current)} for c in checked]}


def concepts_json(match: ConceptMatch) -> dict[str, Any]:
    """``define --json``: the query, every matching concept, and suggestions when none matched."""
    return {"query": match.query, "concepts": [
        {"id": c.id, "kind": c.kind, "terms": {lang: list(words) for lang, words in c.terms},
         "rules": list(c.rules), "glossary": list(c.glossary)} for c in match.concepts],
        "suggestions": list(match.suggestions)}


def deck_json(file: str, report: DeckReport) -> dict[str, Any]:
    """``deck check --json`` (issue 4's contract)."""
    violations = []
    for v in report.violations:
        item: dict[str, Any] = {"rule": v.rule, "refs": list(v.refs), "message": v.message}
        if v.card is not None:
            item["card"] = v.card
        if v.line is not None:
            item["line"] = v.line
        violations.append(item)
    return {"file": file, "ruleset": report.ruleset, "format": report.format, "legal": report.legal,
            "counts": dict(report.counts), "total": report.total, "violations": violations,
            "unreadable": [{"line": u.line, "text": u.text} for u in report.unreadable]}


def search_json(result: SearchResult) -> dict[str, Any]:
    """``search --json`` (issue 3's contract)."""
    return {
        "query": result.query, "kind": result.kind,
        "expanded": {"concepts": list(result.concepts), "terms": {lang: list(t) for lang, t in result.terms}},
        "hits": [{"ref": h.ref, "doc": h.doc, "id": h.id, "score": h.score, "snippet": h.snippet.text,
                  "highlights": [list(span) for span in h.snippet.spans]} for h in result.hits],
        "suggestions": list(result.suggestions),
    }
