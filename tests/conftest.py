"""Shared fixtures: a cache folder of this test session's own (never the user's), and the parsed graph."""

from __future__ import annotations

import os
import tempfile

import pytest

# Set before any test imports the library, so every cache the tests touch is private to this session.
os.environ.setdefault("IZVORI_JUDGE_CACHE", tempfile.mkdtemp(prefix="izvori-judge-test-cache-"))

from izvori_rules.graph import RuleGraph  # noqa: E402
from izvori_rules.graph_cache import load_graph  # noqa: E402


@pytest.fixture(scope="session")
def graph() -> RuleGraph:
    """The whole corpus, parsed and linked once per session."""
    return load_graph()
