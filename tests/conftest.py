"""Shared fixtures: a cache folder of this test session's own (never the user's), the parsed graph, and the
corpus documents by manifest id for the parser tests."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from functools import cache

import pytest

# Set before any test imports the library, so every cache the tests touch is private to this session.
os.environ.setdefault("IZVORI_JUDGE_CACHE", tempfile.mkdtemp(prefix="izvori-judge-test-cache-"))

from izvori_rules.corpus import load_manifest, read_document  # noqa: E402
from izvori_rules.graph import RuleGraph  # noqa: E402
from izvori_rules.graph_cache import load_graph  # noqa: E402
from izvori_rules.model import ParsedDocument, ParsedNode  # noqa: E402


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
