"""The one table of number words (corpus/number_words.tsv, izvori_rules/text/numbers.py) and its three readers:
search's terms, the concordance's numbers and the originals' content check. Each fact is a number word printed in
a rule, with the rule it was read in."""

from __future__ import annotations

import pytest

from izvori_rules.concordance.features import numbers_in
from izvori_rules.errors import CorpusError
from izvori_rules.graph import RuleGraph
from izvori_rules.originals.content import numbers
from izvori_rules.text.folding import fold
from izvori_rules.text.numbers import FILE_NAME, load_number_words, parse_number_words
from izvori_rules.text.stemming import normalize_word

PRINTED = [  # (language, the word as printed, its number, where)
    ("cs", "deset", 10, "cs-cr 102.8: deset nebo více jedových žetonů"),
    ("cs", "pěti", 5, "cs-cr 300.1: Kolo se skládá z pěti fází"),
    ("cs", "šedesát", 60, "cs-cr 100.2: balíček obsahující minimálně šedesát karet"),
    ("cs", "sedm", 7, "cs-cr 101.3: lízne si sedm karet"),
    ("ru", "семь", 7, "ru-cr 402.2: максимальный размер руки, обычно это семь карт"),
    ("ru", "двумя", 2, "ru-cr 702.21j: ... или двумя существами"),
    ("sr", "četrdeset", 40, "sr-judge A1.20: špil od najmanje četrdeset karata"),
    ("sr", "četiri", 4, "sr-judge A1.20: ograničenje od četiri primerka"),
    ("sr", "sedam", 7, "sr-judge B16.32: uobičajeno sedam karata"),
    ("en", "ten", 10, "cr 704.5c: ten or more poison counters"),
]


@pytest.mark.parametrize(("lang", "word", "number"), [row[:3] for row in PRINTED], ids=[row[3] for row in PRINTED])
def test_a_printed_number_word_names_its_number(lang: str, word: str, number: int) -> None:
    assert load_number_words()[lang][fold(word)] == number
    assert normalize_word(lang, word) == str(number)  # search: the word and its digits are one term


def test_the_originals_count_the_english_number_words() -> None:
    # cr 704.5c: "ten or more poison counters"; the translations' own number words are not counted
    # (originals.content.WORDS_COUNTED: counting them moved a held-out concordance pair)
    assert numbers("en", "A player with ten or more poison counters loses the game.") == {10}
    assert numbers("cs", "Jestliže má hráč deset nebo více jedových žetonů") == frozenset()


def test_a_word_counts_only_in_its_own_language() -> None:
    # Serbian "peti" is fifth (sr-judge F9.42: "peti igrač"), Czech "pěti" five; Czech "ten" is "that"
    assert normalize_word("sr", "peti") != "5"
    assert normalize_word("cs", "ten") != "10"
    assert 10 not in numbers("cs", "ten kouzlo")


def test_the_concordance_reads_the_numbers_of_a_rule(graph: RuleGraph) -> None:
    phases = graph.nodes["cs-cr:300.1"]  # Kolo se skládá z pěti fází
    assert 5 in numbers_in(phases.doc, phases)
    deck = graph.nodes["sr-judge:A1.20"]  # najmanje četrdeset karata (takmičarski minimum je 60 karata)
    assert {4, 40, 60} <= numbers_in(deck.doc, deck)  # sr-judge prints game values ×10
    fifth = graph.nodes["sr-judge:F9.42"]  # peti igrač: an ordinal, no number
    assert 5 not in numbers_in(fifth.doc, fifth)


@pytest.mark.parametrize(("row", "message"), [
    ("cs\tdeset\tten", "is not a number"),
    ("cs\tdeset\t10\ncs\tdeset\t11", "is 10 in an earlier row"),
    ("cs\t\t10", "empty"),
], ids=["number", "two-numbers", "empty-word"])
def test_a_malformed_row_names_its_cell(row: str, message: str) -> None:
    with pytest.raises(CorpusError, match=message):
        parse_number_words(f"lang\tword\tnumber\n{row}\n", FILE_NAME)


def test_a_spelling_with_and_without_diacritics_is_one_word() -> None:
    table = parse_number_words("lang\tword\tnumber\nru\tтрех\t3\nru\tтрёх\t3\ncs\tdvě\t2\n")
    assert table == {"ru": {"трех": 3}, "cs": {"dve": 2}}
