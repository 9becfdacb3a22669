"""Where an English rule's words went in a later release (issue 16): the likeness of two releases' rules, the
opening that decides between the parts of a rule cut up, and when the words are taken to be elsewhere."""

from __future__ import annotations

from izvori_rules.history.align import Entry
from izvori_rules.history.likeness import Likeness, beside, opening_beside, opening_part, words_in

# 613.6c of 2015-03-27, and the five rules 2015-07-17 cut it into (613.6 shortened; read in the two releases)
OLD = Entry("613.6c", "An object’s timestamp is the time it entered the zone it’s currently in, unless it’s an Aura, "
                      "Equipment, or Fortification that’s attached to another object or player, or it’s a face-up "
                      "plane card, phenomenon card, or scheme card.", "613.6")
NEW = (Entry("613.6", "Within a layer or sublayer, determining which order effects are applied in is usually done "
                      "using a timestamp system."),
       Entry("613.6c", "An object receives a timestamp at the time it enters a zone.", "613.6"),
       Entry("613.6d", "An Aura, Equipment, or Fortification receives a new timestamp at the time it becomes "
                       "attached to an object or player.", "613.6"),
       Entry("613.6e", "A permanent receives a new timestamp at the time it turns face up or face down.", "613.6"),
       Entry("613.6f", "A double-faced permanent receives a new timestamp at the time it transforms.", "613.6"),
       Entry("613.6g", "A face-up plane card, phenomenon card, or scheme card receives a timestamp at the time it’s "
                       "turned face up.", "613.6"))


def test_the_opening_finds_the_part_that_holds_the_beginning():
    like = Likeness([OLD], NEW)
    parts = [e.id for e in NEW[1:]]
    assert max(parts, key=lambda p: like(OLD.id, p)) == "613.6g"  # the rarer words of the end
    assert max(parts, key=lambda p: like.opening(OLD.id, p)) == "613.6c"  # "An object's timestamp is the time …"


def test_likeness_of_a_rule_a_release_lacks_is_nothing():
    assert Likeness([OLD], NEW)(OLD.id, "999.9") == 0.0


def test_beside_a_rule_are_its_siblings_and_subrules_not_headings():
    entries = {e.id: e for e in NEW}
    assert beside(entries, "613.6c") == ["613.6d", "613.6e", "613.6f", "613.6g"]
    assert beside(entries, "613.6") == ["613.6c", "613.6d", "613.6e", "613.6f", "613.6g"]


def test_words_are_elsewhere_only_when_clearly_said_there():
    assert words_in("511.1", {"511.1": 0.13, "511.2": 0.42}) == "511.2"
    assert words_in("511.1", {"511.1": 0.25, "511.2": 0.31}) == ""  # not clearly better than the number
    assert words_in("511.1", {"511.1": 0.05, "511.2": 0.2}) == ""  # better, but it does not say them
    assert words_in("", {"702.17b": 0.45, "702.17": 0.1}) == "702.17b"  # a removed rule's successor
    assert words_in("", {"601": 0.0, "601.2": 0.12}) == ""
    # 2009-05-01 400.1 "An ability is something an object does or can do …", removed by 2009-07-11, whose
    # successor 112.1a "An ability is a characteristic an object has …" says it 0.272: enough for a successor
    assert words_in("", {"112.1a": 0.272}) == "112.1a"
    assert words_in("112.1", {"112.1": 0.0, "112.1a": 0.272}) == ""  # not for words that left a number


def test_a_split_rule_goes_on_in_the_part_that_holds_its_opening():
    # 2006-10-01 502.5b "A creature with haste can attack or use activated abilities …": 2019-05-03 702.10c
    # "… its controller can activate its activated abilities …" (followed) and 702.10b "… it can attack …"
    said, openings = {"702.10c": 0.54, "702.10b": 0.517}, {"702.10c": 0.056, "702.10b": 0.141}
    assert opening_part("702.10c", said, openings) == "702.10b"
    assert opening_part("702.10c", {"702.10c": 0.54, "702.10b": 0.3}, openings) == ""  # says too little of it
    assert opening_part("702.10c", said, {"702.10c": 0.056, "702.10b": 0.08}) == ""  # not clearly its opening


def test_a_renumbered_rule_that_lost_its_opening_goes_on_where_a_rule_beside_it_says_it():
    # 2009-05-01 308.1 "As the declare attackers step begins, the active player declares attackers. This game
    # action doesn't use the stack. … Effects from a creature that refer to a defending player …": 2009-07-11
    # 508.4 "Effects from a creature that refer to a defending player …" (followed), 508.1 "First, the active
    # player declares attackers. This turn-based action doesn't use the stack …" (matched to 308.2), 508.2
    # "Second, any abilities that triggered on attackers being declared …"; likeness with the first words,
    # measured over both releases
    openings = {"508.4": 0.001, "508.1": 0.161, "508.2": 0.055}
    assert opening_beside("508.4", openings) == "508.1"
    assert opening_beside("508.4", {**openings, "508.4": 0.07}) == ""  # the number kept some of the opening
    assert opening_beside("508.4", {**openings, "508.1": 0.1}) == ""  # no rule beside it says it
    assert opening_beside("508.4", {"508.4": 0.0}) == ""
