"""The reader of corpus/cr-history: the release table and one release's text from the archive."""

from __future__ import annotations

import hashlib

import pytest

from izvori_rules import cr_releases
from izvori_rules.corpus import load_manifest, release_folder
from izvori_rules.errors import ReferenceNotFound

FOLDER = release_folder(next(d for d in load_manifest() if d.id == "cr"))


def test_the_newest_release_is_2026_08_07() -> None:
    newest = cr_releases.newest(FOLDER)
    # releases.tsv, last row
    assert (newest.date, newest.doc_id, newest.rule_ids, newest.last_rule) == ("2026-08-07", "cr-2026-08-07",
                                                                              3308, "905.6")


def test_one_release_text_is_read_and_verified() -> None:
    text = cr_releases.release_text("2006-10-01", FOLDER)
    assert "These rules are current as of October 1, 2006." in text
    assert hashlib.sha256(text.encode()).hexdigest() == cr_releases.release("2006-10-01", FOLDER).sha256


def test_an_unknown_date_names_the_nearest_releases() -> None:
    with pytest.raises(ReferenceNotFound) as error:
        cr_releases.release("2006-09-01", FOLDER)
    assert error.value.suggestions == ("cr-2006-07-15", "cr-2006-10-01")
