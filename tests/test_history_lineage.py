"""Following English rules through the releases (izvori_rules/history/lineage.py) over the whole store.

The store is built once per test session into the session's cache folder (every release parsed and each
consecutive pair aligned: about 20 s on an idle machine); the CLI tests reuse the same file.
"""

from __future__ import annotations

import pytest

from izvori_rules.errors import QueryError, ReferenceNotFound
from izvori_rules.history.lineage import follow, release_diff, resolve, rule_history
from izvori_rules.history.sources import load_store
from izvori_rules.history.store import HistoryStore


@pytest.fixture(scope="module")
def store() -> HistoryStore:
    return load_store()


def test_the_store_holds_every_release_and_fewer_spans_than_entries(store: HistoryStore) -> None:
    assert (len(store.releases), store.releases[0], store.releases[-1]) == (128, "2003-03-15", "2026-08-07")
    assert store.span_count() < 60_000  # 128 releases of 2,000–3,300 rules and 250–740 glossary entries each


def test_trample_keeps_its_words_under_four_numbers(store: HistoryStore) -> None:
    found = rule_history(store, "2026-08-07", "702.19b")
    # Trample is 502.9 up to 2009-05-01, 702.17 from 2009-07-11 (M10), 702.18 from 2011-06-17 (Shroud is
    # 702.17 there) and 702.19 from 2013-07-13 (2013-05-01 prints 702.18 Trample, 2013-07-13 702.19 Trample)
    assert [(n.id, n.first, n.last) for n in found.numbers] == [
        ("502.9b", "2003-03-15", "2009-05-01"), ("702.17b", "2009-07-11", "2011-05-01"),
        ("702.18b", "2011-06-17", "2013-05-01"), ("702.19b", "2013-07-13", "2026-08-07")]
    assert found.in_first_release and found.removed_in is None


def test_a_change_of_words_is_in_the_history_with_its_word_diff(store: HistoryStore) -> None:
    # 2023-04-14 (March of the Machine) adds battles: "the player or planeswalker the creature is attacking"
    # in 702.19b of 2023-02-03 becomes "the player, planeswalker, or battle the creature is attacking"
    changes = {c.release: c for c in rule_history(store, "2026-08-07", "702.19b").changes}
    change = changes["2023-04-14"]
    assert (change.previous, change.old_id, change.id, change.change) == ("2023-02-03", "702.19b", "702.19b",
                                                                          "changed")
    assert "battle" in "".join(p.text for p in change.diff if p.op == "+")
    assert "player, planeswalker, or battle the creature is attacking" in change.text


def test_typographic_changes_are_left_out_unless_asked(store: HistoryStore) -> None:
    # 101.1: 2019-01-25 prints "a card's text", 2019-05-03 "a card’s text"; nothing else changed
    assert "2019-05-03" not in {c.release for c in rule_history(store, "2026-08-07", "101.1").changes}
    asked = {c.release: c for c in rule_history(store, "2026-08-07", "101.1", typographic=True).changes}
    assert asked["2019-05-03"].change == "typographic"


def test_2019_05_03_turned_quote_marks_in_most_rules(store: HistoryStore) -> None:
    found = release_diff(store, "2019-01-25", "2019-05-03", typographic=True)
    kinds = {(i.old_id, i.new_id): i.kind for i in found.items}
    assert kinds[("101.1", "101.1")] == "typographic"
    assert found.counts["typographic"] > 1000  # every ' became ’: most of the 2,457 rules carry one
    assert found.counts["typographic"] > 20 * found.counts["changed"]
    assert release_diff(store, "2019-01-25", "2019-05-03").counts == found.counts
    assert not [i for i in release_diff(store, "2019-01-25", "2019-05-03").items if i.kind == "typographic"]


def test_a_removed_rule_names_its_nearest_successor(store: HistoryStore) -> None:
    # 2003-03-15 308.5a "A creature is considered attacking alone if it's the sole creature declared as an
    # attacker"; 2003-07-01 drops it and defines attacking alone in 306.4 ("An attacking creature is attacking
    # alone if no other creatures are attacking")
    followed = follow(store, "2003-03-15", "308.5a", "2003-07-01")
    assert (followed.status, followed.removed_in, followed.successor) == ("removed", "2003-07-01",
                                                                          ("2003-07-01", "306.4"))


def test_a_number_given_to_other_words_does_not_carry_the_old_rule(store: HistoryStore) -> None:
    # 2006-10-01 407.3 (sr-judge D8.30) "Effects that remove an ability remove all instances of it"; 2008-07-15
    # says those words in 402.9 and gives 407.3 to linked abilities (2019-05-03 607.5). 402.9 became 2019-05-03
    # 112.10 "Effects can add or remove abilities of objects …", whose 112.10b says the words
    followed = follow(store, "2006-10-01", "407.3", "2019-05-03")
    assert (followed.status, followed.removed_in, followed.successor) == ("removed", "2008-07-15",
                                                                          ("2019-05-03", "112.10"))
    # 2006-07-15 606.6a "The starting team skips the draw step of its first turn": 2019-05-03 810.6 "The team
    # who plays first skips the draw step of its first turn" (not 805.3a, on mulligans)
    assert follow(store, "2006-07-15", "606.6a", "2019-05-03").id == "810.6"


def test_a_rule_removed_in_2024_11_08_is_gone_from_its_history(store: HistoryStore) -> None:
    # 2024-09-20 509.2a: a blocker removed from combat leaves the damage assignment order; 2024-11-08
    # (Foundations) drops damage assignment order and its 509.2a is about triggered abilities
    found = rule_history(store, "2024-09-20", "509.2a")
    assert found.removed_in == "2024-11-08"
    assert "damage assignment order" in found.last_text


def test_follow_goes_both_ways_through_m10(store: HistoryStore) -> None:
    forward = follow(store, "2006-10-01", "502.9b", "2019-05-03")
    assert (forward.status, forward.id, forward.changed) == ("renumbered", "702.19b", True)
    assert forward.path[0] == ("2006-10-01", "502.9b") and forward.path[-1] == ("2019-05-03", "702.19b")
    assert ("2009-07-11", "702.17b") in forward.path
    backward = follow(store, "2019-05-03", "702.19b", "2006-10-01")
    assert (backward.status, backward.id) == ("renumbered", "502.9b")
    same = follow(store, "2026-06-19", "702.19b", "2026-08-07")
    assert (same.status, same.id, same.changed) == ("same", "702.19b", False)


def test_following_back_past_a_rules_first_release_says_when_it_was_added(store: HistoryStore) -> None:
    # 122.1j (hone counters) is new in 2026-08-07: 2026-06-19 has no 122.1j
    assert store.text(store.releases.index("2026-06-19"), "122.1j") is None
    back = follow(store, "2026-08-07", "122.1j", "2026-06-19")
    assert (back.status, back.id, back.removed_in) == ("added", None, "2026-08-07")


def test_references_name_a_release_or_the_newest(store: HistoryStore) -> None:
    assert resolve(store, "702.19b") == ("2026-08-07", "702.19b")
    assert resolve(store, "cr:702.19b") == ("2026-08-07", "702.19b")
    assert resolve(store, "cr-2006-10-01:502.9") == ("2006-10-01", "502.9")
    assert resolve(store, "ru-cr:702.19b") == ("2019-05-03", "702.19b")  # manifest: ru-cr translates 2019-05-03
    assert resolve(store, "cs-cr:214.8e") == ("2003-03-15", "214.8e")  # cs-cr translates 2003-03-15
    with pytest.raises(ReferenceNotFound) as missing:
        resolve(store, "502.9b")
    assert missing.value.suggestions == ("cr-2009-05-01:502.9b",)
    with pytest.raises(QueryError):
        resolve(store, "cr-2006-09-01:502.9")


def test_a_diff_is_limited_to_one_section(store: HistoryStore) -> None:
    found = release_diff(store, "2026-06-19", "2026-08-07", section="1")
    assert found.items and all((i.new_id or i.old_id or "").startswith("1") for i in found.items)
    assert ("added", "122.1j") in {(i.kind, i.new_id) for i in found.items}
    with pytest.raises(QueryError):
        release_diff(store, "2026-08-07", "2026-06-19")
