"""Borrowed keyword names (search/borrowed.py): a Russian question's English keyword written in Cyrillic is read as
ru-cr's term for it; a word the Russian documents print, or the key of everyday words, is left alone."""

from __future__ import annotations

import pytest

from izvori_rules.search.borrowed import borrowed, reworded
from izvori_rules.search.searcher import Searcher, default_searcher


@pytest.fixture(scope="module")
def searcher() -> Searcher:
    found = default_searcher()
    found.search("planeswalker")  # opens the index
    return found


def _borrowed(searcher: Searcher, words: list[str]) -> list[tuple[tuple[str, ...], str]]:
    return borrowed(words, (), " ".join(words), searcher.concepts, searcher._printed_in_russian)


@pytest.mark.parametrize(("words", "term"), [
    (["трамплер"], "Пробивной удар"),  # ru-cr 702.19 "Пробивной удар"; the table's en "trampler"
    (["эвок"], "Вызывание"),  # ru-cr 702.73 "Вызывание"
    (["инвестигейт"], "Дознание"),  # ru-cr 701.35 "Дознание"
    (["эксплор"], "Использовать Разведку"),  # ru-cr 701.39 "Использовать Разведку"
    (["дабл", "страйк"], "Двойной удар"),  # ru-cr 702.4 "Двойной удар": a name of two words
], ids=["trampler", "evoke", "investigate", "explore", "double-strike"])
def test_an_english_keyword_heard_in_cyrillic_is_the_russian_term(searcher: Searcher, words: list[str],
                                                                     term: str) -> None:
    assert _borrowed(searcher, words) == [(tuple(words), term)]


@pytest.mark.parametrize("word", [
    "клон",  # ru-cr 706's examples print «Клон» (the card Clone): searched as printed, not as the concept copy
    "ради",  # the key of red (rVd) is too short to tell a name from an everyday word
    "есть",  # haste's key, Vst, as short
])
def test_a_word_the_russian_rules_print_or_a_short_key_is_left_alone(searcher: Searcher, word: str) -> None:
    assert _borrowed(searcher, [word]) == []


def test_a_borrowed_name_searches_as_the_keyword(searcher: Searcher) -> None:
    assert reworded("эвок и жертва", [(("эвок",), "Вызывание")]) == "Вызывание и жертва"
    assert "evoke" in searcher.search("эвок в каком порядке положить в стек").concepts


def test_a_name_two_concepts_share_is_read_as_their_english_word(searcher: Searcher) -> None:
    # counter is the countering (cr 701.5) and the marker (cr 122): the rest of the question chooses, as in English
    assert _borrowed(searcher, ["каунтер"]) == [(("каунтер",), "counter")]
    assert "counter_marker" in searcher.search("положить каунтер +1/+1 на существо").concepts
    assert _borrowed(searcher, ["каст"]) == []  # cast or cost: no English word of both


def test_a_name_whose_concept_has_no_russian_term_is_read_as_its_english_word(searcher: Searcher) -> None:
    # players' flicker and blink (exile and return, cr 400.7, 610.3): ru-cr prints no word for it
    assert _borrowed(searcher, ["фликер"]) == [(("фликер",), "flicker")]
    assert _borrowed(searcher, ["блинк"]) == [(("блинк",), "blink")]
    assert "flicker" in searcher.search("блинк существа с жетонами").concepts


def test_a_name_of_two_words_may_hold_a_word_the_query_already_reads(searcher: Searcher) -> None:
    # players' "mana value" (cr 202.3, ru-cr 202.3's Конвертированная мана-стоимость) written with ru-cr's own мана
    assert borrowed(["мана", "валью"], {"мана"}, "мана валью", searcher.concepts, searcher._printed_in_russian) == [
        (("мана", "валью"), "Конвертированная мана-стоимость")]
    assert "converted_mana_cost" in searcher.search("мана валью у двойной карты").concepts
    assert "mana_burn" in searcher.search("мана бёрн").concepts  # cr 500.4's old mana burn
    # alone, a word the query reads stays its concept's
    assert borrowed(["мана"], {"мана"}, "мана", searcher.concepts, searcher._printed_in_russian) == []


def test_a_newer_keyword_heard_in_few_consonants_is_left_alone(searcher: Searcher) -> None:
    # "аура висит на существе" (hangs): visit (Attractions, cr 717) has no Russian term and three consonants
    assert _borrowed(searcher, ["висит"]) == []


@pytest.mark.parametrize(("word", "term"), [
    ("фликернуть", "flicker"),  # flicker + the -нуть of a verb made from it
    ("блинкнул", "blink"),
    ("трамплит", "Пробивной удар"),  # trample + a present's -ит; ru-cr 702.19
], ids=["nut", "nul", "it"])
def test_a_verb_made_from_an_english_name_is_heard_without_its_ending(searcher: Searcher, word: str,
                                                                      term: str) -> None:
    assert _borrowed(searcher, [word]) == [((word,), term)]


@pytest.mark.parametrize(("word", "term"), [
    ("эвокнутого", "Вызывание"),  # evoke + a -нуть verb's participle; ru-cr 702.73 "Вызывание"
    ("анлишнутое", "Безудержность"),  # unleash; ru-cr 702.97 "Безудержность"
    ("заэкзайленная", "exile"),  # exile + за- and an -ить verb's participle (the action and the zone share it)
], ids=["evoked", "unleashed", "exiled"])
def test_a_participle_made_from_an_english_name_is_heard_without_its_ending(searcher: Searcher, word: str,
                                                                            term: str) -> None:
    assert _borrowed(searcher, [word]) == [((word,), term)]


def test_a_name_whose_russian_term_is_an_everyday_word_is_read_as_its_english_word(searcher: Searcher) -> None:
    # ru-cr 702.55 «Копия» (replicate) and 702.28 «Цикл» (cycling) are a copy and a loop too: the table guards them,
    # and a question saying only the players' name would lose the keyword if it were read as ru-cr's word
    assert _borrowed(searcher, ["репликейт"]) == [(("репликейт",), "replicate")]
    assert _borrowed(searcher, ["сайклить"]) == [(("сайклить",), "cycle")]
    # ru-cr 702.28a «Цикл [стоимость]» означает «[Стоимость], сбросьте эту карту: возьмите карту»
    assert "ru-cr:702.28a" in [hit.ref for hit in searcher.search("можно ли сайклить в ход оппонента", limit=3).hits]
    # ru-cr 702.55a «Копия [стоимость]» означает «В качестве дополнительной стоимости разыгрывания этого заклинания вы
    # можете любое количество раз заплатить [стоимость]»
    assert "ru-cr:702.55a" in [hit.ref for hit in searcher.search("считаются ли копии от репликейта разыгранными",
                                                                  limit=3).hits]
