"""The judge's corrections of the English history (izvori_rules/history/corrections.py,
corpus/history_corrections.tsv): the table parses, every id it names is in its release, the store applies the
rows over the aligner's links, and a corrected chain goes where the texts say."""

from __future__ import annotations

import pytest

from izvori_rules.errors import CorpusError
from izvori_rules.history.align import ADDED, CHANGED, REMOVED, Alignment, Entry, Link
from izvori_rules.history.corrections import Fix, corrected, load_fixes, parse_fixes
from izvori_rules.history.lineage import follow
from izvori_rules.history.sources import load_store
from izvori_rules.history.store import HistoryStore, ReleaseSource

HEADER = "release\told\tchange\tnew\tnote\n"


@pytest.fixture(scope="module")
def store() -> HistoryStore:
    return load_store()


def test_the_table_parses_and_every_row_quotes_what_was_read() -> None:
    fixes = load_fixes()
    assert len(fixes) >= 20
    assert all(fix.note and fix.new or fix.change == REMOVED for fix in fixes)


@pytest.mark.parametrize("row, message", [
    ("2009-07-11\t200.5\tjoined\t111.1\tread", "is not one of"),
    ("2009-07-11\t200.5\tsplit\t111.1\tread", "two new ids or more"),
    ("2009-07-11\t200.5\tbecame\t111.1 | 111.2\tread", "one new id"),
    ("2009-07-11\t200.5\tbecame\t111.1\t", "a note quoting"),
    ("M10\t200.5\tbecame\t111.1\tread", "not a release date"),
], ids=["unknown change", "split into one", "became two", "no note", "no date"])
def test_a_malformed_row_names_its_line_and_what_is_wrong(row: str, message: str) -> None:
    with pytest.raises(CorpusError, match=message) as caught:
        parse_fixes(HEADER + row + "\n", "history_corrections.tsv")
    assert "history_corrections.tsv:2:" in str(caught.value)


def test_a_rule_corrected_twice_in_one_release_is_refused() -> None:
    row = "2009-07-11\t200.5\tbecame\t111.1\tread\n"
    with pytest.raises(CorpusError, match="corrected twice"):
        parse_fixes(HEADER + row + row, "t.tsv")


def test_every_id_of_the_table_is_in_its_release(store: HistoryStore) -> None:
    for fix in load_fixes():
        pos = store.position(fix.release)
        assert pos is not None and pos > 0, fix.where
        assert store.text(pos - 1, fix.old) is not None, f"{fix.where}: {fix.old}"
        for rule_id in fix.new:
            assert store.text(pos, rule_id) is not None, f"{fix.where}: {rule_id}"


def test_the_release_key_counts_its_corrections() -> None:
    fix = Fix("2009-07-11", "200.5", "merged", ("111.1",), "read", "t.tsv:2")
    plain = ReleaseSource("2009-07-11", "abc", "archive", str)
    assert plain.key == "abc"
    assert ReleaseSource("2009-07-11", "abc", "archive", str, fixes=(fix,)).key not in ("abc", plain.key)


def _entries(*ids: str) -> dict[str, Entry]:
    return {i: Entry(i, f"words of {i}") for i in ids}


OLD = _entries("1.1", "1.2", "1.3")
NEW = _entries("2.1", "2.2", "2.3")
GUESS = Alignment((Link("1.1", "2.1", CHANGED, 0.5), Link(None, "2.2", ADDED, 0.0), Link("1.2", "2.3", CHANGED, 0.3),
                   Link("1.3", None, REMOVED, 0.0, "2.1")), True)


def _fix(old: str, change: str, *new: str) -> Fix:
    return Fix("2009-07-11", old, change, new, "read", "t.tsv:2")


def test_became_takes_the_place_of_an_added_rule() -> None:
    links = corrected(GUESS, [_fix("1.3", "became", "2.2")], OLD, NEW).links
    assert [(l.old, l.new) for l in links] == [("1.1", "2.1"), ("1.3", "2.2"), ("1.2", "2.3")]


def test_became_leaves_the_rule_it_displaces_removed_with_it_as_successor() -> None:
    links = corrected(GUESS, [_fix("1.3", "became", "2.3")], OLD, NEW).links
    assert [(l.old, l.new, l.successor) for l in links] == [
        ("1.1", "2.1", None), (None, "2.2", None), ("1.3", "2.3", None), ("1.2", None, "2.3")]


def test_merged_is_a_second_link_just_after_the_first_and_more_ids_come_last() -> None:
    links = corrected(GUESS, [_fix("1.3", "merged", "2.1", "2.2")], OLD, NEW).links
    assert [(l.old, l.new) for l in links] == [("1.1", "2.1"), ("1.3", "2.1"), ("1.2", "2.3"), ("1.3", "2.2")]


def test_split_goes_on_as_the_first_part_and_a_rule_it_left_is_added() -> None:
    links = corrected(GUESS, [_fix("1.2", "split", "2.2", "2.3")], OLD, NEW).links
    assert [(l.old, l.new, l.change) for l in links] == [
        ("1.1", "2.1", CHANGED), ("1.2", "2.2", CHANGED), ("1.3", None, REMOVED), ("1.2", "2.3", CHANGED)]


def test_removed_drops_the_guess_and_names_the_successor() -> None:
    links = corrected(GUESS, [_fix("1.1", "removed", "2.3")], OLD, NEW).links
    assert [(l.old, l.new, l.successor) for l in links] == [
        (None, "2.1", None), (None, "2.2", None), ("1.2", "2.3", None), ("1.3", None, "2.1"), ("1.1", None, "2.3")]


def test_an_id_missing_from_its_release_is_a_corpus_error() -> None:
    with pytest.raises(CorpusError, match="2009-07-11 has no rule '9.9'"):
        corrected(GUESS, [_fix("1.1", "became", "9.9")], OLD, NEW)


def test_a_spell_defined_in_200_5_is_today_111_1(store: HistoryStore) -> None:
    # 2006-10-01 (and 2009-05-01) 200.5 "A spell is a card, or copy of a spell or card, that's on the stack.";
    # 2009-07-11 111.1 "A spell is a card on the stack. …", in 2019-05-03 still 111.1 "A spell is a card on the
    # stack." (the aligner had it removed, its successor 706.1 on copies)
    assert store.text(store.releases.index("2006-10-01"), "200.5").startswith(
        "A spell is a card, or copy of a spell or card, that's on the stack.")
    found = follow(store, "2006-10-01", "200.5", "2019-05-03")
    assert (found.status, found.id) == ("renumbered", "111.1")
    assert (store.text(store.releases.index("2019-05-03"), "111.1") or "").startswith("A spell is a card on the stack.")


def test_a_token_s_owner_in_200_4a_is_today_110_5a(store: HistoryStore) -> None:
    # 2006-10-01 200.4a "A token's owner is the player who controlled the spell or ability that put it into play.
    # A token's controller is the player who put it into play."; 2009-07-11 110.5a "A token is both owned and
    # controlled by the player under whose control it entered the battlefield."; 2019-05-03 110.5a "The player who
    # creates a token is its owner. The token enters the battlefield under that player’s control."
    found = follow(store, "2006-10-01", "200.4a", "2019-05-03")
    assert dict(found.path)["2009-07-11"] == "110.5a" and found.id == "110.5a"
    assert "owned and controlled by the player under whose control it entered the battlefield" in (
        store.text(store.releases.index("2009-07-11"), "110.5a") or "")
    assert (store.text(store.releases.index("2019-05-03"), "110.5a") or "").startswith(
        "The player who creates a token is its owner.")


def test_became_goes_before_a_part_split_off_another_rule_without_removing_that_rule() -> None:
    guess = Alignment((GUESS.links[0], GUESS.links[2], GUESS.links[3], Link("1.1", "2.2", CHANGED, 0.6)), True)
    links = corrected(guess, [_fix("1.3", "became", "2.2")], OLD, NEW).links
    assert [(l.old, l.new) for l in links] == [("1.1", "2.1"), ("1.2", "2.3"), ("1.3", "2.2"), ("1.1", "2.2")]


def test_a_split_under_another_parent_reaches_each_part(store: HistoryStore) -> None:
    # 2010-02-01 806.7c "A player may cast a spell, activate an ability, or take a special action when his or her
    # team has priority. Each player on a team draws a card during that team's draw step. Each player on a team
    # may play a land during each of that team's turns." is 2010-06-18 805.5a, 805.4b and 805.4c, word for word
    pos = store.releases.index("2010-06-18")
    assert [link.new for link in store.links_from(pos, "806.7c")] == ["805.5a", "805.4b", "805.4c"]
    assert store.text(pos, "805.4b") == "Each player on a team draws a card during that team's draw step."
