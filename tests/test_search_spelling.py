"""Spelling (search/spelling.py): a long word no document has is read as a typo of the documents' word one letter
away; the words the documents print are never corrected."""

from __future__ import annotations

import pytest

from izvori_rules.search.searcher import Searcher, default_searcher
from izvori_rules.search.spelling import _one_typo, corrections


@pytest.fixture(scope="module")
def searcher() -> Searcher:
    found = default_searcher()
    found.search("planeswalker")  # opens the index
    return found


@pytest.mark.parametrize(("typed", "word", "one"), [
    ("planeswaker", "planeswalker", True),  # a letter left out
    ("planesswalker", "planeswalker", True),  # a letter added
    ("planeswalkar", "planeswalker", True),  # a letter changed
    ("planeswlaker", "planeswalker", True),  # two neighbours swapped
    ("plansewlaker", "planeswalker", False),  # two typos
    ("planeswalker", "planeswalker", False),  # no typo
])
def test_one_typo_is_a_letter_left_out_added_changed_or_swapped(typed: str, word: str, one: bool) -> None:
    assert _one_typo(typed, word) is one


def test_a_long_word_no_document_has_is_corrected_to_the_documents_word(searcher: Searcher) -> None:
    # cr 306.1 "a planeswalker card"; ru-cr 306.1 keeps the English word
    assert corrections(searcher._postings(), ["planeswaker"]) == {"planeswaker": "planeswalker"}


@pytest.mark.parametrize("word", [
    "planeswalker",  # cr 306.1
    "planeswalker'ов",  # ru-cr 508.1b: its stem is the English word's
    "уходит",  # no document has it, but a word this short is more often a real word than a slip (not входит)
])
def test_a_word_the_documents_have_or_a_short_one_is_not_corrected(searcher: Searcher, word: str) -> None:
    assert corrections(searcher._postings(), [word]) == {}


def test_a_seven_letter_slip_is_corrected_only_in_an_english_query(searcher: Searcher) -> None:
    # cr 117.3b "The active player receives priority after a spell or ability (other than a mana ability) resolves"
    assert corrections(searcher._postings(), ["priorty"], frozenset({"en"})) == {"priorty": "priority"}
    assert corrections(searcher._postings(), ["priorty"]) == {}
    assert "priority" in searcher.search("who gets priorty after a spell resolves").concepts


def test_a_typo_searches_as_the_word_typed_right(searcher: Searcher) -> None:
    right = [hit.ref for hit in searcher.search("attack planeswalker", kind="rule").hits]
    assert [hit.ref for hit in searcher.search("attack planeswaker", kind="rule").hits] == right
