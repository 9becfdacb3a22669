"""The one place where model objects become JSON-ready data: the ``--json`` contract of every command (as the
README documents them), the engine's scenario and combat answers included. Nothing is imported here but for
type checking, so that a command's JSON path loads only what the command itself loaded."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Iterable

    from .citecheck import CheckedCitation
    from .concordance.missing import Notice
    from .deck.legality import DeckReport
    from .engine.quick import QuickAnswer
    from .engine.result import FinalState, ScenarioResult
    from .export.html_site import SiteSummary
    from .history.lineage import Change, DiffItem, ReleaseDiff, RuleHistory
    from .history.userdata import Added
    from .history.worddiff import Piece
    from .lookup import LookupAnswer
    from .model import Citation, Equivalent, Flag, Node, Original, Today
    from .search.searcher import SearchResult
    from .stats import DocumentStats
    from .text.concepts import ConceptMatch


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
    successor, the numbers it had on the way, today's text, and ``split``: the rules it became where the history
    split it into parts that say it about equally, ``ref`` the first of them (else empty)."""
    if today is None:
        return None
    return {"ref": today.ref or None, "status": today.status, "changed_in": list(today.changed_in),
            "removed_in": today.removed_in or None, "successor": today.successor or None,
            "path": list(today.path), "text": current.text if current is not None else None,
            "split": list(today.split)}


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


def scenario_json(result: ScenarioResult, equivalents: dict[str, tuple[str, ...]] | None = None) -> dict[str, Any]:
    """``scenario run --json`` (issue 6's shape): the answer, each step with its rules (and, given the cited
    rules' ``equivalents`` in the other documents, each step's equivalents), the final state and the checked
    expectations."""
    steps: list[dict[str, Any]] = [{"event": s.event, "text": s.text, "rules": list(s.rules)} for s in result.steps]
    if equivalents:
        for step in steps:
            step["equivalents"] = sorted({e for r in step["rules"] for e in equivalents.get(r, ())})
    rejected = result.rejected
    return {
        "scenario": result.scenario, "ruleset": result.ruleset, "question": result.question,
        "passed": result.passed, "exit_status": result.exit_status, "steps": steps,
        "rejected": None if rejected is None else {"action": rejected.action, "kind": rejected.kind,
                                                   "reason": rejected.reason, "rules": list(rejected.rules)},
        "state": None if result.state is None else _final_state_json(result.state),
        "expectations": [{"check": o.check, "expected": _plain(o.expected), "actual": _plain(o.actual),
                          "passed": o.passed, **({"note": o.note} if o.note else {})} for o in result.expectations],
        "skipped": list(result.skipped),
    }


def _plain(value: Any) -> Any:
    """An expectation's value with its tuples as lists (JSON arrays)."""
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value


def _final_state_json(state: FinalState) -> dict[str, Any]:
    """The final state: each player by name (life, poison, library, mana pool, zones), each permanent by its
    key, the stack, the game's end, and where the turn stopped."""
    return {
        "players": {p.name: {"life": p.life, "poison": p.poison, "library": p.library, "mana_pool": p.mana_pool,
                             **{zone: list(names) for zone, names in p.zones}} for p in state.players},
        "permanents": {p.key: {"power": p.power, "toughness": p.toughness, "damage": p.damage, "tapped": p.tapped,
                               "counters": dict(p.counters), "keywords": list(p.keywords),
                               "controller": p.controller} for p in state.permanents},
        "stack": list(state.stack), "winner": state.winner, "losers": list(state.losers),
        "turn": state.turn, "step": state.step, "active": state.active, "priority": state.priority,
    }


def combat_json(answer: QuickAnswer) -> dict[str, Any]:
    """``combat --json``: the one-line answer, its rules, the exit status, how each creature assigned its damage,
    who died and what the defending player lost."""
    return {"answer": answer.line, "rules": list(answer.rules), "exit_status": answer.exit_status,
            "assigned": {src: dict(split) for src, split in answer.assigned}, "died": list(answer.died),
            "life_lost": answer.life_lost}


def scenario_row_json(file: str, result: ScenarioResult) -> dict[str, Any]:
    """One row of ``scenario check --json``: file, exit status, passed/total checks, and why it did not pass."""
    ok = sum(o.passed for o in result.expectations)
    reason = result.rejected.reason if result.rejected and result.exit_status else ""
    failed = [o.check for o in result.expectations if not o.passed]
    return {"file": file, "status": result.exit_status, "checks": f"{ok}/{len(result.expectations)}",
            "reason": reason or ("failed: " + ", ".join(failed) if failed else "")}


def notice_json(notice: Notice) -> dict[str, Any]:
    """A notice in the lookup contract: which document lacks which rule, why, its equivalents elsewhere, and
    the English rule it lacks (``english``: shown in its place, marked as not translated; issue 16)."""
    english = {"ref": notice.english, "text": notice.title, "translated": False} if notice.english else None
    return {"doc": notice.doc, "id": notice.id, "kind": notice.kind, "title": notice.title,
            "message": notice.message, "equivalents": list(notice.equivalents), "english": english}


def lookup_json(answer: LookupAnswer) -> dict[str, Any]:
    """One reference's answer (issue 2's contract); a word adds the glossary entries and concepts it names."""
    data: dict[str, Any] = {"query": answer.query,
                            "rules": [node_json(n, answer.original_of(n), answer.today_of(n)) for n in answer.nodes],
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
    equivalent, the English rule it renders and what became of it today (issue 16); and whether any is wrong."""
    return {"file": file, "errors": errors, "citations": [
        {"line": c.line, "start": c.start, "end": c.end, "surface": c.surface, "doc": c.doc,
         "targets": list(c.targets), "unresolved": list(c.unresolved), "status": c.status, "detail": c.detail,
         "says": c.says, "current": list(c.current), "original": original_json(c.original),
         "today": today_json(c.today), "today_says": c.today_says} for c in checked]}


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
    """``search --json`` (README, "The search contract")."""
    return {
        "query": result.query, "kind": result.kind,
        "expanded": {"concepts": list(result.concepts), "terms": {lang: list(t) for lang, t in result.terms}},
        "hits": [{"ref": h.ref, "doc": h.doc, "id": h.id, "kind": h.kind, "score": h.score,
                  "snippet": h.snippet.text, "highlights": [list(span) for span in h.snippet.spans],
                  "equivalents": list(h.equivalents)} for h in result.hits],
        "definitions": [{"concept": d.concept, "term": d.term,
                         "entries": [{"ref": e.ref, "doc": e.doc, "term": e.term, "text": e.text} for e in d.entries]}
                        for d in result.definitions],
        "suggestions": list(result.suggestions),
        "filtered_out": [{"doc": f.doc, "kind": f.kind, "count": f.count} for f in result.filtered_out],
        "cards": [{"typed": m.typed, "card": m.card.name, "concepts": list(m.card.concepts)} for m in result.cards],
    }


def history_json(query: str, found: RuleHistory) -> dict[str, Any]:
    """``history --json`` (issue 15): the rule's numbers through the releases, its first release and text,
    every change with its word diff, and its removal and nearest successor."""
    return {"query": query, "release": found.release, "id": found.id,
            "numbers": [{"id": n.id, "first": n.first, "last": n.last} for n in found.numbers],
            "first_release": found.first_release, "first_id": found.numbers[0].id,
            "in_first_release": found.in_first_release, "first_text": found.first_text,
            "changes": [_change_json(c) for c in found.changes], "typographic_hidden": found.typographic_hidden,
            "removed_in": found.removed_in, "successor": found.successor, "last_text": found.last_text}


def history_not_found_json(query: str, suggestions: tuple[str, ...], message: str) -> dict[str, Any]:
    """``history --json`` of a rule the history lacks (exit status 1): the suggestions ("did you mean") and the
    English message, as ``lookup --json`` answers a reference it cannot find, instead of no JSON at all."""
    return {"query": query, "suggestions": list(suggestions), "message": message}


def _change_json(change: Change) -> dict[str, Any]:
    return {"release": change.release, "previous": change.previous, "old_id": change.old_id, "id": change.id,
            "change": change.change, "renumbered": change.renumbered, "old_text": change.old_text,
            "text": change.text, "diff": _pieces_json(change.diff)}


def _pieces_json(pieces: tuple[Piece, ...]) -> list[dict[str, str]]:
    """A word diff as ``op`` (``=``, ``-``, ``+``) and ``text`` pieces."""
    return [{"op": p.op, "text": p.text} for p in pieces]


def release_diff_json(found: ReleaseDiff, section: str | None, summary: bool, typographic: bool) -> dict[str, Any]:
    """``diff --json``: the two releases, the filter, the counts per kind and (unless ``--summary``) each item."""
    return {"from": found.old, "to": found.new, "section": section, "typographic": typographic,
            "counts": found.counts, "items": [] if summary else [_diff_item_json(i) for i in found.items]}


def _diff_item_json(item: DiffItem) -> dict[str, Any]:
    return {"kind": item.kind, "old_id": item.old_id, "new_id": item.new_id, "change": item.change,
            "old_text": item.old_text, "text": item.text, "diff": _pieces_json(item.diff),
            "removed_in": item.removed_in, "successor": item.successor}


def added_json(added: Added, counts: dict[str, int] | None) -> dict[str, Any]:
    """``corpus add --json``: the release added, where it was stored, and the counts of its diff from the one
    before it."""
    return {"date": added.date, "path": str(added.path), "already_there": added.already_there,
            "previous": added.previous, "newest": added.newest, "rules": added.rules, "encoding": added.encoding,
            "counts": counts}


def index_json(documents: int, in_memory: bool) -> dict[str, Any]:
    """``index build --json``: how many rules and glossary entries were indexed, and whether the index is in
    memory because the cache folder cannot be written."""
    return {"indexed": documents, "in_memory": in_memory}


def xml_export_json(path: str, nodes: int, concepts: int) -> dict[str, Any]:
    """``export xml --json``: the file written and what it holds."""
    return {"path": path, "nodes": nodes, "concepts": concepts}


def site_json(summary: SiteSummary) -> dict[str, Any]:
    """``export html --json``: the folder written, its pages, nodes and sizes, the time it took, and where a
    forced export kept the files the folder held (``kept``; nothing of a judge's is deleted)."""
    return {"folder": str(summary.folder), "pages": summary.pages, "nodes": summary.nodes,
            "index_bytes": summary.index_bytes, "total_bytes": summary.total_bytes,
            "seconds": round(summary.seconds, 2), "kept": None if summary.kept is None else str(summary.kept)}
