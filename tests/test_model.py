"""The model's own checks: flags come from a closed set of kinds."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import izvori_rules
from izvori_rules.model import FLAG_KINDS, Flag


def test_an_unknown_flag_kind_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown flag kind 'englsh'"):
        Flag("englsh", "Abandon")  # type: ignore[arg-type]


def test_every_kind_the_code_raises_is_in_the_set() -> None:
    package = Path(izvori_rules.__file__).parent
    raised = {m.group(1) for p in package.rglob("*.py") for m in re.finditer(r'\bFlag\("(\w+)"', p.read_text("utf-8"))}
    assert "dangling" in raised and raised <= FLAG_KINDS, raised - FLAG_KINDS
