"""Shared fixtures: a cache folder of this test session's own (never the user's), the parsed graph, and the
corpus documents by manifest id for the parser tests."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

import pytest

# Set before any test imports the library, so every cache the tests touch is private to this session, and no
# release the developer added with ``corpus add`` becomes the tests' cr.
os.environ.setdefault("IZVORI_JUDGE_CACHE", tempfile.mkdtemp(prefix="izvori-judge-test-cache-"))
os.environ["IZVORI_JUDGE_DATA"] = tempfile.mkdtemp(prefix="izvori-judge-test-data-")

from izvori_rules.corpus import load_manifest, read_document  # noqa: E402
from izvori_rules.graph import RuleGraph  # noqa: E402
from izvori_rules.graph_cache import load_graph  # noqa: E402
from izvori_rules.model import ParsedDocument, ParsedNode  # noqa: E402

if TYPE_CHECKING:
    from izvori_rules.cr_store import HistoryStore


@pytest.fixture(scope="session")
def graph() -> RuleGraph:
    """The whole corpus, parsed and linked once per session."""
    return load_graph()


@pytest.fixture(scope="session")
def corpus_text() -> Callable[[str], str]:
    """Read a corpus document by its manifest id (exactly one entry must have it), once per session."""
    infos = load_manifest()

    @cache
    def read(doc_id: str) -> str:
        (info,) = [info for info in infos if info.id == doc_id]
        return read_document(info)

    return read


@pytest.fixture(scope="module")
def nodes(doc: ParsedDocument) -> dict[str, ParsedNode]:
    """The nodes of the module's parsed document (its own ``doc`` fixture), by id."""
    return {node.id: node for node in doc.nodes}


@dataclass(frozen=True)
class ReleaseSummary:
    """What the English CR tests check of one release's parse: ids, flags, the date read from its text."""

    date_read: str | None
    rule_ids: frozenset[str]  # chapters, rules and subrules, without the #2 of a number printed twice
    misprinted: frozenset[str]
    unparsed_lines: frozenset[int]
    first_rule: str
    last_rule: str
    glossary: int


@dataclass(frozen=True)
class CrHistory:
    """Every English release parsed once per session (about 10 s), summarised; a few kept whole; and the
    history store built from those parses into this session's cache folder."""

    summaries: dict[str, ReleaseSummary]
    kept: dict[str, ParsedDocument]
    store: HistoryStore


KEPT_RELEASES = ("2003-10-01", "2005-08-01", "2006-10-01", "2010-02-01", "2024-09-20", "2026-08-07")


@pytest.fixture(scope="session")
def cr_history() -> CrHistory:
    from izvori_rules import cr_releases, cr_store
    from izvori_rules.corpus import release_folder
    from izvori_rules.parsing import cr_english

    family = next(d for d in load_manifest() if d.id == "cr")
    folder = release_folder(family)
    summaries: dict[str, ReleaseSummary] = {}
    kept: dict[str, ParsedDocument] = {}

    def parsed() -> Iterator[tuple[cr_releases.Release, ParsedDocument]]:
        for release, text in cr_releases.release_texts(folder):
            doc = cr_english.parse(text)
            summaries[release.date] = _summary(cr_english.effective_date(text), doc)
            if release.date in KEPT_RELEASES:
                kept[release.date] = doc
            yield release, doc

    path = cr_store.store_path(folder)
    cr_store.build(family, folder, path, parsed_releases=parsed())
    return CrHistory(summaries, kept, cr_store.open_store(family, folder))


def _summary(date_read: str | None, doc: ParsedDocument) -> ReleaseSummary:
    rules = [n for n in doc.nodes if n.kind in ("chapter", "rule", "subrule")]
    unparsed = {int(f.detail.split(":")[0].removeprefix("line ")) for f in doc.flags if f.kind == "unparsed"}
    return ReleaseSummary(
        date_read, frozenset(n.id for n in rules if "#" not in n.id),
        frozenset(n.id for n in doc.nodes if any(f.kind == "misprinted" for f in n.flags)), frozenset(unparsed),
        rules[0].id, rules[-1].id, sum(n.kind == "glossary" for n in doc.nodes))
